; kiln-converge-loops and gathers: @sums' loop reads a float4 a work-item
; and an iteration apart (four loads a lane, which a converged loop does
; as gathers, for four additions), so it is left to run one work-item at
; a time; @poly's loop does eight multiply-adds per load and is converged.
; The load of n[i] in both loop headers has the same address in every
; iteration and is not counted.
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-scalarize,kiln-loop-barriers,kiln-converge-loops)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-converge-loops
; CHECK-LABEL: define internal i32 @__kiln_wi_sums(
; CHECK-NOT: conv.head:
; CHECK: ret i32
; CHECK-LABEL: define internal i32 @__kiln_wi_poly(
; CHECK: %kiln.any = alloca i32, align 4, !kiln.any
; CHECK: conv.head:
; CHECK-NEXT: call void @__kiln_barrier(i32 0)
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void sums(__global const float4 *a, __global float4 *c, __global const int *n) {
;     size_t i = get_global_id(0);
;     float4 s = 0.0f;
;     for (int j = 0; j < n[i]; j++)
;       s += a[i + j];
;     c[i] = s;
;   }
;   __kernel void poly(__global const float *a, __global float *c, __global const int *n) {
;     size_t i = get_global_id(0);
;     float s = 0.0f;
;     for (int j = 0; j < n[i]; j++) {
;       float v = a[i + j];
;       s = s * v + 1.0f; s = s * v + 2.0f; s = s * v + 3.0f; s = s * v + 4.0f;
;       s = s * v + 5.0f; s = s * v + 6.0f; s = s * v + 7.0f; s = s * v + 8.0f;
;     }
;     c[i] = s;
;   }

; ModuleID = 'gath.cl'
source_filename = "gath.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @sums(ptr addrspace(1) noundef align 16 %a, ptr addrspace(1) noundef align 16 %c, ptr addrspace(1) noundef align 4 %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  %s = alloca <4 x float>, align 16
  %j = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !8
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !8
  store ptr addrspace(1) %n, ptr %n.addr, align 8, !tbaa !8
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %i, align 8, !tbaa !12
  call void @llvm.lifetime.start.p0(i64 16, ptr %s) #4
  store <4 x float> zeroinitializer, ptr %s, align 16, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 4, ptr %j) #4
  store i32 0, ptr %j, align 4, !tbaa !15
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %j, align 4, !tbaa !15
  %1 = load ptr addrspace(1), ptr %n.addr, align 8, !tbaa !8
  %2 = load i64, ptr %i, align 8, !tbaa !12
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %1, i64 %2
  %3 = load i32, ptr addrspace(1) %arrayidx, align 4, !tbaa !15
  %cmp = icmp slt i32 %0, %3
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %j) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %4 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !8
  %5 = load i64, ptr %i, align 8, !tbaa !12
  %6 = load i32, ptr %j, align 4, !tbaa !15
  %conv = sext i32 %6 to i64
  %add = add i64 %5, %conv
  %arrayidx1 = getelementptr inbounds <4 x float>, ptr addrspace(1) %4, i64 %add
  %7 = load <4 x float>, ptr addrspace(1) %arrayidx1, align 16, !tbaa !14
  %8 = load <4 x float>, ptr %s, align 16, !tbaa !14
  %add2 = fadd <4 x float> %8, %7
  store <4 x float> %add2, ptr %s, align 16, !tbaa !14
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %9 = load i32, ptr %j, align 4, !tbaa !15
  %inc = add nsw i32 %9, 1
  store i32 %inc, ptr %j, align 4, !tbaa !15
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %10 = load <4 x float>, ptr %s, align 16, !tbaa !14
  %11 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !8
  %12 = load i64, ptr %i, align 8, !tbaa !12
  %arrayidx3 = getelementptr inbounds <4 x float>, ptr addrspace(1) %11, i64 %12
  store <4 x float> %10, ptr addrspace(1) %arrayidx3, align 16, !tbaa !14
  call void @llvm.lifetime.end.p0(i64 16, ptr %s) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @poly(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %c, ptr addrspace(1) noundef align 4 %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !17 !kernel_arg_base_type !17 !kernel_arg_type_qual !7 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  %s = alloca float, align 4
  %j = alloca i32, align 4
  %v = alloca float, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !8
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !8
  store ptr addrspace(1) %n, ptr %n.addr, align 8, !tbaa !8
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %i, align 8, !tbaa !12
  call void @llvm.lifetime.start.p0(i64 4, ptr %s) #4
  store float 0.000000e+00, ptr %s, align 4, !tbaa !18
  call void @llvm.lifetime.start.p0(i64 4, ptr %j) #4
  store i32 0, ptr %j, align 4, !tbaa !15
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %j, align 4, !tbaa !15
  %1 = load ptr addrspace(1), ptr %n.addr, align 8, !tbaa !8
  %2 = load i64, ptr %i, align 8, !tbaa !12
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %1, i64 %2
  %3 = load i32, ptr addrspace(1) %arrayidx, align 4, !tbaa !15
  %cmp = icmp slt i32 %0, %3
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %j) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  call void @llvm.lifetime.start.p0(i64 4, ptr %v) #4
  %4 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !8
  %5 = load i64, ptr %i, align 8, !tbaa !12
  %6 = load i32, ptr %j, align 4, !tbaa !15
  %conv = sext i32 %6 to i64
  %add = add i64 %5, %conv
  %arrayidx1 = getelementptr inbounds float, ptr addrspace(1) %4, i64 %add
  %7 = load float, ptr addrspace(1) %arrayidx1, align 4, !tbaa !18
  store float %7, ptr %v, align 4, !tbaa !18
  %8 = load float, ptr %s, align 4, !tbaa !18
  %9 = load float, ptr %v, align 4, !tbaa !18
  %10 = call float @llvm.fmuladd.f32(float %8, float %9, float 1.000000e+00)
  store float %10, ptr %s, align 4, !tbaa !18
  %11 = load float, ptr %s, align 4, !tbaa !18
  %12 = load float, ptr %v, align 4, !tbaa !18
  %13 = call float @llvm.fmuladd.f32(float %11, float %12, float 2.000000e+00)
  store float %13, ptr %s, align 4, !tbaa !18
  %14 = load float, ptr %s, align 4, !tbaa !18
  %15 = load float, ptr %v, align 4, !tbaa !18
  %16 = call float @llvm.fmuladd.f32(float %14, float %15, float 3.000000e+00)
  store float %16, ptr %s, align 4, !tbaa !18
  %17 = load float, ptr %s, align 4, !tbaa !18
  %18 = load float, ptr %v, align 4, !tbaa !18
  %19 = call float @llvm.fmuladd.f32(float %17, float %18, float 4.000000e+00)
  store float %19, ptr %s, align 4, !tbaa !18
  %20 = load float, ptr %s, align 4, !tbaa !18
  %21 = load float, ptr %v, align 4, !tbaa !18
  %22 = call float @llvm.fmuladd.f32(float %20, float %21, float 5.000000e+00)
  store float %22, ptr %s, align 4, !tbaa !18
  %23 = load float, ptr %s, align 4, !tbaa !18
  %24 = load float, ptr %v, align 4, !tbaa !18
  %25 = call float @llvm.fmuladd.f32(float %23, float %24, float 6.000000e+00)
  store float %25, ptr %s, align 4, !tbaa !18
  %26 = load float, ptr %s, align 4, !tbaa !18
  %27 = load float, ptr %v, align 4, !tbaa !18
  %28 = call float @llvm.fmuladd.f32(float %26, float %27, float 7.000000e+00)
  store float %28, ptr %s, align 4, !tbaa !18
  %29 = load float, ptr %s, align 4, !tbaa !18
  %30 = load float, ptr %v, align 4, !tbaa !18
  %31 = call float @llvm.fmuladd.f32(float %29, float %30, float 8.000000e+00)
  store float %31, ptr %s, align 4, !tbaa !18
  call void @llvm.lifetime.end.p0(i64 4, ptr %v) #4
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %32 = load i32, ptr %j, align 4, !tbaa !15
  %inc = add nsw i32 %32, 1
  store i32 %inc, ptr %j, align 4, !tbaa !15
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %33 = load float, ptr %s, align 4, !tbaa !18
  %34 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !8
  %35 = load i64, ptr %i, align 8, !tbaa !12
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(1) %34, i64 %35
  store float %33, ptr addrspace(1) %arrayidx2, align 4, !tbaa !18
  call void @llvm.lifetime.end.p0(i64 4, ptr %s) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #3

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1, i32 1}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"float4*", !"float4*", !"int*"}
!6 = !{!"float __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(4)))*", !"int*"}
!7 = !{!"const", !"", !"const"}
!8 = !{!9, !9, i64 0}
!9 = !{!"any pointer", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"long", !10, i64 0}
!14 = !{!10, !10, i64 0}
!15 = !{!16, !16, i64 0}
!16 = !{!"int", !10, i64 0}
!17 = !{!"float*", !"float*", !"int*"}
!18 = !{!19, !19, i64 0}
!19 = !{!"float", !10, i64 0}
