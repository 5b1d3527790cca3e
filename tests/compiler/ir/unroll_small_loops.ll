; kiln-unroll-small-loops: the 16-step loop is marked for full unrolling
; (-O3's unroller would otherwise keep it when its flattened body is over
; its threshold, and the work-item loop around it would not vectorize);
; the loop with `#pragma unroll 1` keeps the program's choice; the
; 100-step loop is kiln-loop-barriers' business.
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-scalarize,kiln-unroll-small-loops)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-unroll-small-loops
; CHECK-LABEL: define internal i32 @__kiln_wi_k(
; CHECK: icmp ult i32 %k.0, 16
; CHECK: br label %for.cond, !llvm.loop ![[FULL:[0-9]+]]
; CHECK: icmp ult i32 %k5.0, 16
; CHECK: br label %for.cond6, !llvm.loop ![[ONE:[0-9]+]]
; CHECK: icmp ult i32 %k19.0, 100
; CHECK: br label %for.cond20{{$}}
; CHECK-DAG: ![[ONE]] = distinct !{![[ONE]], ![[COUNT:[0-9]+]]}
; CHECK-DAG: ![[COUNT]] = !{!"llvm.loop.unroll.count", i32 1}
; CHECK-DAG: ![[FULL]] = distinct !{![[FULL]], ![[HINT:[0-9]+]]}
; CHECK-DAG: ![[HINT]] = !{!"llvm.loop.unroll.full"}
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void k(__global const float *a, __global float *c, int n) {
;     size_t i = get_global_id(0);
;     float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
;     for (int k = 0; k < 16; k++) {
;       float v = a[k * n + i];
;       s0 = s0 * v + 1.0f; s1 = s1 * v + 2.0f; s2 = s2 * v + 3.0f; s3 = s3 * v + 4.0f;
;     }
;     #pragma unroll 1
;     for (int k = 0; k < 16; k++)
;       s1 += a[k * n + i];
;     for (int k = 0; k < 100; k++)
;       s2 += a[k * n + i];
;     c[i] = s0 + s1 + s2 + s3;
;   }

; ModuleID = 'unroll.cl'
source_filename = "unroll.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %c, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %i = alloca i64, align 8
  %s0 = alloca float, align 4
  %s1 = alloca float, align 4
  %s2 = alloca float, align 4
  %s3 = alloca float, align 4
  %k = alloca i32, align 4
  %v = alloca float, align 4
  %k5 = alloca i32, align 4
  %k19 = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !7
  store i32 %n, ptr %n.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %i, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %s0) #4
  store float 0.000000e+00, ptr %s0, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s1) #4
  store float 0.000000e+00, ptr %s1, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s2) #4
  store float 0.000000e+00, ptr %s2, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s3) #4
  store float 0.000000e+00, ptr %s3, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #4
  store i32 0, ptr %k, align 4, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %k, align 4, !tbaa !11
  %cmp = icmp slt i32 %0, 16
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  call void @llvm.lifetime.start.p0(i64 4, ptr %v) #4
  %1 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %2 = load i32, ptr %k, align 4, !tbaa !11
  %3 = load i32, ptr %n.addr, align 4, !tbaa !11
  %mul = mul nsw i32 %2, %3
  %conv = sext i32 %mul to i64
  %4 = load i64, ptr %i, align 8, !tbaa !13
  %add = add i64 %conv, %4
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %1, i64 %add
  %5 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !15
  store float %5, ptr %v, align 4, !tbaa !15
  %6 = load float, ptr %s0, align 4, !tbaa !15
  %7 = load float, ptr %v, align 4, !tbaa !15
  %8 = call float @llvm.fmuladd.f32(float %6, float %7, float 1.000000e+00)
  store float %8, ptr %s0, align 4, !tbaa !15
  %9 = load float, ptr %s1, align 4, !tbaa !15
  %10 = load float, ptr %v, align 4, !tbaa !15
  %11 = call float @llvm.fmuladd.f32(float %9, float %10, float 2.000000e+00)
  store float %11, ptr %s1, align 4, !tbaa !15
  %12 = load float, ptr %s2, align 4, !tbaa !15
  %13 = load float, ptr %v, align 4, !tbaa !15
  %14 = call float @llvm.fmuladd.f32(float %12, float %13, float 3.000000e+00)
  store float %14, ptr %s2, align 4, !tbaa !15
  %15 = load float, ptr %s3, align 4, !tbaa !15
  %16 = load float, ptr %v, align 4, !tbaa !15
  %17 = call float @llvm.fmuladd.f32(float %15, float %16, float 4.000000e+00)
  store float %17, ptr %s3, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %v) #4
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %18 = load i32, ptr %k, align 4, !tbaa !11
  %inc = add nsw i32 %18, 1
  store i32 %inc, ptr %k, align 4, !tbaa !11
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.lifetime.start.p0(i64 4, ptr %k5) #4
  store i32 0, ptr %k5, align 4, !tbaa !11
  br label %for.cond6

for.cond6:                                        ; preds = %for.inc16, %for.end
  %19 = load i32, ptr %k5, align 4, !tbaa !11
  %cmp7 = icmp slt i32 %19, 16
  br i1 %cmp7, label %for.body10, label %for.cond.cleanup9

for.cond.cleanup9:                                ; preds = %for.cond6
  call void @llvm.lifetime.end.p0(i64 4, ptr %k5) #4
  br label %for.end18

for.body10:                                       ; preds = %for.cond6
  %20 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %21 = load i32, ptr %k5, align 4, !tbaa !11
  %22 = load i32, ptr %n.addr, align 4, !tbaa !11
  %mul11 = mul nsw i32 %21, %22
  %conv12 = sext i32 %mul11 to i64
  %23 = load i64, ptr %i, align 8, !tbaa !13
  %add13 = add i64 %conv12, %23
  %arrayidx14 = getelementptr inbounds float, ptr addrspace(1) %20, i64 %add13
  %24 = load float, ptr addrspace(1) %arrayidx14, align 4, !tbaa !15
  %25 = load float, ptr %s1, align 4, !tbaa !15
  %add15 = fadd float %25, %24
  store float %add15, ptr %s1, align 4, !tbaa !15
  br label %for.inc16

for.inc16:                                        ; preds = %for.body10
  %26 = load i32, ptr %k5, align 4, !tbaa !11
  %inc17 = add nsw i32 %26, 1
  store i32 %inc17, ptr %k5, align 4, !tbaa !11
  br label %for.cond6, !llvm.loop !17

for.end18:                                        ; preds = %for.cond.cleanup9
  call void @llvm.lifetime.start.p0(i64 4, ptr %k19) #4
  store i32 0, ptr %k19, align 4, !tbaa !11
  br label %for.cond20

for.cond20:                                       ; preds = %for.inc30, %for.end18
  %27 = load i32, ptr %k19, align 4, !tbaa !11
  %cmp21 = icmp slt i32 %27, 100
  br i1 %cmp21, label %for.body24, label %for.cond.cleanup23

for.cond.cleanup23:                               ; preds = %for.cond20
  call void @llvm.lifetime.end.p0(i64 4, ptr %k19) #4
  br label %for.end32

for.body24:                                       ; preds = %for.cond20
  %28 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %29 = load i32, ptr %k19, align 4, !tbaa !11
  %30 = load i32, ptr %n.addr, align 4, !tbaa !11
  %mul25 = mul nsw i32 %29, %30
  %conv26 = sext i32 %mul25 to i64
  %31 = load i64, ptr %i, align 8, !tbaa !13
  %add27 = add i64 %conv26, %31
  %arrayidx28 = getelementptr inbounds float, ptr addrspace(1) %28, i64 %add27
  %32 = load float, ptr addrspace(1) %arrayidx28, align 4, !tbaa !15
  %33 = load float, ptr %s2, align 4, !tbaa !15
  %add29 = fadd float %33, %32
  store float %add29, ptr %s2, align 4, !tbaa !15
  br label %for.inc30

for.inc30:                                        ; preds = %for.body24
  %34 = load i32, ptr %k19, align 4, !tbaa !11
  %inc31 = add nsw i32 %34, 1
  store i32 %inc31, ptr %k19, align 4, !tbaa !11
  br label %for.cond20

for.end32:                                        ; preds = %for.cond.cleanup23
  %35 = load float, ptr %s0, align 4, !tbaa !15
  %36 = load float, ptr %s1, align 4, !tbaa !15
  %add33 = fadd float %35, %36
  %37 = load float, ptr %s2, align 4, !tbaa !15
  %add34 = fadd float %add33, %37
  %38 = load float, ptr %s3, align 4, !tbaa !15
  %add35 = fadd float %add34, %38
  %39 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !7
  %40 = load i64, ptr %i, align 8, !tbaa !13
  %arrayidx36 = getelementptr inbounds float, ptr addrspace(1) %39, i64 %40
  store float %add35, ptr addrspace(1) %arrayidx36, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %s3) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s2) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s1) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s0) #4
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

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="false" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, i32 0}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1, i32 0}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"float*", !"float*", !"int"}
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
!17 = distinct !{!17, !18}
!18 = !{!"llvm.loop.unroll.count", i32 1}
