; kiln-converge-loops: the escape-time loop, which work-items leave at
; different times, runs until no work-item of the group wants another
; iteration (a group-wide flag behind a barrier).
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-scalarize,kiln-loop-barriers,kiln-converge-loops)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-converge-loops
; CHECK: %kiln.any = alloca i32, align 4, !kiln.any
; CHECK: conv.head:
; CHECK-NEXT: call void @__kiln_barrier(i32 0)
; CHECK: conv.check:
; CHECK: conv.latch:
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void k(__global const float *x0, __global int *out, int max) {
;     size_t i = get_global_id(0); float x = 0.0f, y = 0.0f; int it = 0;
;     while (it < max && x * x + y * y <= 4.0f) { float t = x * x - y * y + x0[i]; y = 2.0f * x * y; x = t; it++; }
;     out[i] = it; }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %x0, ptr addrspace(1) noundef align 4 %out, i32 noundef %max) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %x0.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %max.addr = alloca i32, align 4
  %i = alloca i64, align 8
  %x = alloca float, align 4
  %y = alloca float, align 4
  %it = alloca i32, align 4
  %t = alloca float, align 4
  store ptr addrspace(1) %x0, ptr %x0.addr, align 8, !tbaa !7
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7
  store i32 %max, ptr %max.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %i, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %x) #4
  store float 0.000000e+00, ptr %x, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %y) #4
  store float 0.000000e+00, ptr %y, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %it) #4
  store i32 0, ptr %it, align 4, !tbaa !11
  br label %while.cond

while.cond:                                       ; preds = %while.body, %entry
  %0 = load i32, ptr %it, align 4, !tbaa !11
  %1 = load i32, ptr %max.addr, align 4, !tbaa !11
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %land.rhs, label %land.end

land.rhs:                                         ; preds = %while.cond
  %2 = load float, ptr %x, align 4, !tbaa !15
  %3 = load float, ptr %x, align 4, !tbaa !15
  %4 = load float, ptr %y, align 4, !tbaa !15
  %5 = load float, ptr %y, align 4, !tbaa !15
  %mul1 = fmul float %4, %5
  %6 = call float @llvm.fmuladd.f32(float %2, float %3, float %mul1)
  %cmp2 = fcmp ole float %6, 4.000000e+00
  br label %land.end

land.end:                                         ; preds = %land.rhs, %while.cond
  %7 = phi i1 [ false, %while.cond ], [ %cmp2, %land.rhs ]
  br i1 %7, label %while.body, label %while.end

while.body:                                       ; preds = %land.end
  call void @llvm.lifetime.start.p0(i64 4, ptr %t) #4
  %8 = load float, ptr %x, align 4, !tbaa !15
  %9 = load float, ptr %x, align 4, !tbaa !15
  %10 = load float, ptr %y, align 4, !tbaa !15
  %11 = load float, ptr %y, align 4, !tbaa !15
  %mul3 = fmul float %10, %11
  %neg = fneg float %mul3
  %12 = call float @llvm.fmuladd.f32(float %8, float %9, float %neg)
  %13 = load ptr addrspace(1), ptr %x0.addr, align 8, !tbaa !7
  %14 = load i64, ptr %i, align 8, !tbaa !13
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %13, i64 %14
  %15 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !15
  %add = fadd float %12, %15
  store float %add, ptr %t, align 4, !tbaa !15
  %16 = load float, ptr %x, align 4, !tbaa !15
  %mul = fmul float 2.000000e+00, %16
  %17 = load float, ptr %y, align 4, !tbaa !15
  %mul4 = fmul float %mul, %17
  store float %mul4, ptr %y, align 4, !tbaa !15
  %18 = load float, ptr %t, align 4, !tbaa !15
  store float %18, ptr %x, align 4, !tbaa !15
  %19 = load i32, ptr %it, align 4, !tbaa !11
  %inc = add nsw i32 %19, 1
  store i32 %inc, ptr %it, align 4, !tbaa !11
  call void @llvm.lifetime.end.p0(i64 4, ptr %t) #4
  br label %while.cond

while.end:                                        ; preds = %land.end
  %20 = load i32, ptr %it, align 4, !tbaa !11
  %21 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7
  %22 = load i64, ptr %i, align 8, !tbaa !13
  %arrayidx5 = getelementptr inbounds i32, ptr addrspace(1) %21, i64 %22
  store i32 %20, ptr addrspace(1) %arrayidx5, align 4, !tbaa !11
  call void @llvm.lifetime.end.p0(i64 4, ptr %it) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %y) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %x) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #3

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!3 = !{i32 1, i32 1, i32 0}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"float*", !"int*", !"int"}
!6 = !{!"const", !"", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"long", !9, i64 0}
!15 = !{!16, !16, i64 0}
!16 = !{!"float", !9, i64 0}
