; kiln-barriers: a uniform value computed before a loop with barriers and
; used in its body (s) is stored by the first region and loaded again in it,
; since the loop's blocks belong to that region and to the later ones, but
; no region loads it before storing it: one group-wide copy for loads and
; stores (context_slot::SHARED_ONE, kind 3).  The loop counter i is loaded
; and then advanced in one region: it keeps the two copies of SHARED (kind 1).
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(kiln-local-vars,kiln-wi-simplify,kiln-scalarize,kiln-loop-barriers,kiln-converge-loops,kiln-barriers)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-barriers
; CHECK: %mul.reg2mem = alloca float, align 4, !kiln.slot ![[ONE:[0-9]+]]
; CHECK: %i.0.reg2mem = alloca i32, align 4, !kiln.slot ![[TWO:[0-9]+]]
; CHECK: store float %mul, ptr %mul.reg2mem
; CHECK: load float, ptr %mul.reg2mem
; CHECK-DAG: ![[ONE]] = !{i64 0, i64 3}
; CHECK-DAG: ![[TWO]] = !{i64 1, i64 1}
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void k(__global float *a, int n) {
;       __local float t[16];
;       float s = a[0] * 2.0f;
;       for (int i = 0; i < n; i++) {
;           t[get_local_id(0)] = s + i;
;           barrier(CLK_LOCAL_MEM_FENCE);
;           a[get_global_id(0)] += t[15 - get_local_id(0)];
;           barrier(CLK_LOCAL_MEM_FENCE); } }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.t = internal addrspace(3) global [16 x float] undef, align 16

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %a, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %s = alloca float, align 4
  %i = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  store i32 %n, ptr %n.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %s) #4
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 0
  %1 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %mul = fmul float %1, 2.000000e+00
  store float %mul, ptr %s, align 4, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #4
  store i32 0, ptr %i, align 4, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %2 = load i32, ptr %i, align 4, !tbaa !11
  %3 = load i32, ptr %n.addr, align 4, !tbaa !11
  %cmp = icmp slt i32 %2, %3
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %4 = load float, ptr %s, align 4, !tbaa !13
  %5 = load i32, ptr %i, align 4, !tbaa !11
  %conv = sitofp i32 %5 to float
  %add = fadd float %4, %conv
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  %arrayidx1 = getelementptr inbounds [16 x float], ptr addrspace(3) @k.t, i64 0, i64 %call
  store float %add, ptr addrspace(3) %arrayidx1, align 4, !tbaa !13
  call void @_Z7barrierj(i32 noundef 1) #6
  %call2 = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  %sub = sub i64 15, %call2
  %arrayidx3 = getelementptr inbounds [16 x float], ptr addrspace(3) @k.t, i64 0, i64 %sub
  %6 = load float, ptr addrspace(3) %arrayidx3, align 4, !tbaa !13
  %7 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %call4 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %arrayidx5 = getelementptr inbounds float, ptr addrspace(1) %7, i64 %call4
  %8 = load float, ptr addrspace(1) %arrayidx5, align 4, !tbaa !13
  %add6 = fadd float %8, %6
  store float %add6, ptr addrspace(1) %arrayidx5, align 4, !tbaa !13
  call void @_Z7barrierj(i32 noundef 1) #6
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %9 = load i32, ptr %i, align 4, !tbaa !11
  %inc = add nsw i32 %9, 1
  store i32 %inc, ptr %i, align 4, !tbaa !11
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.lifetime.end.p0(i64 4, ptr %s) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

; Function Attrs: convergent
declare void @_Z7barrierj(i32 noundef) #3

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
attributes #3 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind readnone willreturn }
attributes #6 = { convergent }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 0}
!4 = !{!"none", !"none"}
!5 = !{!"float*", !"int"}
!6 = !{!"", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !9, i64 0}
