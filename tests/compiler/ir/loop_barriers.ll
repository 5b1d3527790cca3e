; kiln-loop-barriers: the uniform loop (n iterations for every work-item)
; gets an implicit barrier at its head, and one at its exit, whose block
; does work of its own (the store of the result): without it the store
; would be in the region of every iteration, predicated.
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-scalarize,kiln-loop-barriers)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-loop-barriers
; CHECK-LABEL: define internal i32 @__kiln_wi_k(
; CHECK: for.cond:
; CHECK-NEXT: phi float
; CHECK-NEXT: phi i32
; CHECK-NEXT: call void @__kiln_barrier(i32 0)
; CHECK-NEXT: icmp slt i32 %k.0, %n
; CHECK: for.end:
; CHECK-NEXT: call void @__kiln_barrier(i32 0)
; CHECK: store float %acc.0
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void k(int n, __global const float *a, __global float *c) {
;     size_t i = get_global_id(0); float acc = 0.0f;
;     for (int k = 0; k < n; k++) acc += a[k * n + i];
;     c[i] = acc; }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(i32 noundef %n, ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %c) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %n.addr = alloca i32, align 4
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  %acc = alloca float, align 4
  %k = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4, !tbaa !7
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !11
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  store i64 %call, ptr %i, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %acc) #3
  store float 0.000000e+00, ptr %acc, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #3
  store i32 0, ptr %k, align 4, !tbaa !7
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %k, align 4, !tbaa !7
  %1 = load i32, ptr %n.addr, align 4, !tbaa !7
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %3 = load i32, ptr %k, align 4, !tbaa !7
  %4 = load i32, ptr %n.addr, align 4, !tbaa !7
  %mul = mul nsw i32 %3, %4
  %conv = sext i32 %mul to i64
  %5 = load i64, ptr %i, align 8, !tbaa !13
  %add = add i64 %conv, %5
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %2, i64 %add
  %6 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !15
  %7 = load float, ptr %acc, align 4, !tbaa !15
  %add1 = fadd float %7, %6
  store float %add1, ptr %acc, align 4, !tbaa !15
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %8 = load i32, ptr %k, align 4, !tbaa !7
  %inc = add nsw i32 %8, 1
  store i32 %inc, ptr %k, align 4, !tbaa !7
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %9 = load float, ptr %acc, align 4, !tbaa !15
  %10 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !11
  %11 = load i64, ptr %i, align 8, !tbaa !13
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(1) %10, i64 %11
  store float %9, ptr addrspace(1) %arrayidx2, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %acc) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { nounwind }
attributes #4 = { convergent nounwind readnone willreturn }

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
