; kiln-context: the slots get addresses in the context (one per slot
; array, marked for kiln-alias-scopes) and the layout is left for
; kiln-workgroup: one row of 4 bytes (acc, which differs per work-item,
; carried around the tile loop: kiln-barriers gives the loop's phi and the
; value it carries one slot, barrier_carried_slot.ll), the uniform counters
; t and j in group-wide slots (two copies each, both published), and the
; next-region slot, 4 bytes like the narrowest row (a one-byte slot is for
; rows of shorts and chars, context_narrow.ll): 32 bytes, the next-region
; slot at 20.
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(kiln-local-vars,kiln-wi-simplify,kiln-scalarize,kiln-loop-barriers,kiln-converge-loops,kiln-barriers,kiln-context)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-context
; CHECK: define internal i32 @__kiln_wi_k({{.*}} !kiln.context [[C:![0-9]+]] !kiln.publish [[P:![0-9]+]]
; CHECK-NOT: alloca
; CHECK: getelementptr inbounds i8, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}, !kiln.slot.addr
; CHECK: store i32 %{{.*}}, ptr %{{[0-9]+}}
; CHECK: store i32 1, ptr %{{[0-9]+}}, align 4
; CHECK: ret i32 1
; CHECK: [[C]] = !{i64 32, i64 20, i64 4}
; CHECK: [[P]] = !{![[#]], ![[#]]}
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void k(int n, __global const float *a, __global float *c) {
;     __local float tile[64]; size_t l = get_local_id(0); size_t i = get_global_id(0); float acc = 0.0f;
;     for (int t = 0; t < n; t += 64) {
;       tile[l] = a[t + l];
;       barrier(CLK_LOCAL_MEM_FENCE);
;       for (int j = 0; j < 64; j++) acc += tile[j];
;       barrier(CLK_LOCAL_MEM_FENCE);
;     }
;     c[i] = acc; }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.tile = internal addrspace(3) global [64 x float] undef, align 16

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(i32 noundef %n, ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %c) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %n.addr = alloca i32, align 4
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %l = alloca i64, align 8
  %i = alloca i64, align 8
  %acc = alloca float, align 4
  %t = alloca i32, align 4
  %cleanup.dest.slot = alloca i32, align 4
  %j = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4, !tbaa !7
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !11
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %l) #4
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  store i64 %call, ptr %l, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  %call1 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call1, ptr %i, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %acc) #4
  %acc.init = uitofp i64 %call to float
  store float %acc.init, ptr %acc, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %t) #4
  store i32 0, ptr %t, align 4, !tbaa !7
  br label %for.cond

for.cond:                                         ; preds = %for.inc10, %entry
  %0 = load i32, ptr %t, align 4, !tbaa !7
  %1 = load i32, ptr %n.addr, align 4, !tbaa !7
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  store i32 2, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %t) #4
  br label %for.end12

for.body:                                         ; preds = %for.cond
  %2 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %3 = load i32, ptr %t, align 4, !tbaa !7
  %conv = sext i32 %3 to i64
  %4 = load i64, ptr %l, align 8, !tbaa !13
  %add = add i64 %conv, %4
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %2, i64 %add
  %5 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !15
  %6 = load i64, ptr %l, align 8, !tbaa !13
  %arrayidx2 = getelementptr inbounds [64 x float], ptr addrspace(3) @k.tile, i64 0, i64 %6
  store float %5, ptr addrspace(3) %arrayidx2, align 4, !tbaa !15
  call void @_Z7barrierj(i32 noundef 1) #6
  call void @llvm.lifetime.start.p0(i64 4, ptr %j) #4
  store i32 0, ptr %j, align 4, !tbaa !7
  br label %for.cond3

for.cond3:                                        ; preds = %for.inc, %for.body
  %7 = load i32, ptr %j, align 4, !tbaa !7
  %cmp4 = icmp slt i32 %7, 64
  br i1 %cmp4, label %for.body7, label %for.cond.cleanup6

for.cond.cleanup6:                                ; preds = %for.cond3
  store i32 5, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %j) #4
  br label %for.end

for.body7:                                        ; preds = %for.cond3
  %8 = load i32, ptr %j, align 4, !tbaa !7
  %idxprom = sext i32 %8 to i64
  %arrayidx8 = getelementptr inbounds [64 x float], ptr addrspace(3) @k.tile, i64 0, i64 %idxprom
  %9 = load float, ptr addrspace(3) %arrayidx8, align 4, !tbaa !15
  %10 = load float, ptr %acc, align 4, !tbaa !15
  %add9 = fadd float %10, %9
  store float %add9, ptr %acc, align 4, !tbaa !15
  br label %for.inc

for.inc:                                          ; preds = %for.body7
  %11 = load i32, ptr %j, align 4, !tbaa !7
  %inc = add nsw i32 %11, 1
  store i32 %inc, ptr %j, align 4, !tbaa !7
  br label %for.cond3

for.end:                                          ; preds = %for.cond.cleanup6
  call void @_Z7barrierj(i32 noundef 1) #6
  br label %for.inc10

for.inc10:                                        ; preds = %for.end
  %12 = load i32, ptr %t, align 4, !tbaa !7
  %add11 = add nsw i32 %12, 64
  store i32 %add11, ptr %t, align 4, !tbaa !7
  br label %for.cond

for.end12:                                        ; preds = %for.cond.cleanup
  %13 = load float, ptr %acc, align 4, !tbaa !15
  %14 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !11
  %15 = load i64, ptr %i, align 8, !tbaa !13
  %arrayidx13 = getelementptr inbounds float, ptr addrspace(1) %14, i64 %15
  store float %13, ptr addrspace(1) %arrayidx13, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %acc) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %l) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent
declare void @_Z7barrierj(i32 noundef) #3

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind readnone willreturn }
attributes #6 = { convergent }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!3 = !{i32 0, i32 1, i32 1}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"int", !"float*", !"float*"}
!6 = !{!"", !"const", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"int", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"any pointer", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"long", !9, i64 0}
!15 = !{!16, !16, i64 0}
!16 = !{!"float", !9, i64 0}
