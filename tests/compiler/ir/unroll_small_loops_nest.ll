; kiln-unroll-small-loops on loop nests: both loops of the 5 x 5 nest are
; marked for full unrolling (flattened, the nest is within the size limit,
; so the work-item loop around it can vectorize); of the 40 x 40 nest only
; the inner loop is (flattened whole it would be over the limit).
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-scalarize,kiln-unroll-small-loops)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-unroll-small-loops
; CHECK-LABEL: define internal i32 @__kiln_wi_k(
; CHECK: icmp ult i32 %j.0, 5
; CHECK: icmp ult i32 %t.0, 5
; CHECK: br label %for.cond1, !llvm.loop ![[INNER:[0-9]+]]
; CHECK: br label %for.cond, !llvm.loop ![[OUTER:[0-9]+]]
; CHECK: icmp ult i32 %j15.0, 40
; CHECK: icmp ult i32 %t21.0, 40
; CHECK: br label %for.cond22, !llvm.loop ![[INNER40:[0-9]+]]
; CHECK: br label %for.cond16{{$}}
; CHECK-DAG: ![[INNER]] = distinct !{![[INNER]], ![[HINT:[0-9]+]]}
; CHECK-DAG: ![[OUTER]] = distinct !{![[OUTER]], ![[HINT]]}
; CHECK-DAG: ![[INNER40]] = distinct !{![[INNER40]], ![[HINT]]}
; CHECK-DAG: ![[HINT]] = !{!"llvm.loop.unroll.full"}
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   constant float kw[5] = {1.0f / 16, 4.0f / 16, 6.0f / 16, 4.0f / 16, 1.0f / 16};
;   __kernel void k(__global const float *a, __global float *c, int n) {
;     size_t i = get_global_id(0);
;     float s = 0.0f;
;     for (int j = 0; j < 5; j++)
;       for (int t = 0; t < 5; t++)
;         s += kw[j] * kw[t] * a[j * n + i + t];
;     for (int j = 0; j < 40; j++)
;       for (int t = 0; t < 40; t++)
;         s += a[j * n + i + t];
;     c[i] = s;
;   }

; ModuleID = 'nest.cl'
source_filename = "nest.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@kw = addrspace(2) constant [5 x float] [float 6.250000e-02, float 2.500000e-01, float 3.750000e-01, float 2.500000e-01, float 6.250000e-02], align 16

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %c, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %i = alloca i64, align 8
  %s = alloca float, align 4
  %j = alloca i32, align 4
  %cleanup.dest.slot = alloca i32, align 4
  %t = alloca i32, align 4
  %j15 = alloca i32, align 4
  %t21 = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !7
  store i32 %n, ptr %n.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %i, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %s) #4
  store float 0.000000e+00, ptr %s, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %j) #4
  store i32 0, ptr %j, align 4, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc12, %entry
  %0 = load i32, ptr %j, align 4, !tbaa !11
  %cmp = icmp slt i32 %0, 5
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  store i32 2, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %j) #4
  br label %for.end14

for.body:                                         ; preds = %for.cond
  call void @llvm.lifetime.start.p0(i64 4, ptr %t) #4
  store i32 0, ptr %t, align 4, !tbaa !11
  br label %for.cond1

for.cond1:                                        ; preds = %for.inc, %for.body
  %1 = load i32, ptr %t, align 4, !tbaa !11
  %cmp2 = icmp slt i32 %1, 5
  br i1 %cmp2, label %for.body4, label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond1
  store i32 5, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %t) #4
  br label %for.end

for.body4:                                        ; preds = %for.cond1
  %2 = load i32, ptr %j, align 4, !tbaa !11
  %idxprom = sext i32 %2 to i64
  %arrayidx = getelementptr inbounds [5 x float], ptr addrspace(2) @kw, i64 0, i64 %idxprom
  %3 = load float, ptr addrspace(2) %arrayidx, align 4, !tbaa !15
  %4 = load i32, ptr %t, align 4, !tbaa !11
  %idxprom5 = sext i32 %4 to i64
  %arrayidx6 = getelementptr inbounds [5 x float], ptr addrspace(2) @kw, i64 0, i64 %idxprom5
  %5 = load float, ptr addrspace(2) %arrayidx6, align 4, !tbaa !15
  %mul = fmul float %3, %5
  %6 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %7 = load i32, ptr %j, align 4, !tbaa !11
  %8 = load i32, ptr %n.addr, align 4, !tbaa !11
  %mul7 = mul nsw i32 %7, %8
  %conv = sext i32 %mul7 to i64
  %9 = load i64, ptr %i, align 8, !tbaa !13
  %add = add i64 %conv, %9
  %10 = load i32, ptr %t, align 4, !tbaa !11
  %conv8 = sext i32 %10 to i64
  %add9 = add i64 %add, %conv8
  %arrayidx10 = getelementptr inbounds float, ptr addrspace(1) %6, i64 %add9
  %11 = load float, ptr addrspace(1) %arrayidx10, align 4, !tbaa !15
  %12 = load float, ptr %s, align 4, !tbaa !15
  %13 = call float @llvm.fmuladd.f32(float %mul, float %11, float %12)
  store float %13, ptr %s, align 4, !tbaa !15
  br label %for.inc

for.inc:                                          ; preds = %for.body4
  %14 = load i32, ptr %t, align 4, !tbaa !11
  %inc = add nsw i32 %14, 1
  store i32 %inc, ptr %t, align 4, !tbaa !11
  br label %for.cond1

for.end:                                          ; preds = %for.cond.cleanup3
  br label %for.inc12

for.inc12:                                        ; preds = %for.end
  %15 = load i32, ptr %j, align 4, !tbaa !11
  %inc13 = add nsw i32 %15, 1
  store i32 %inc13, ptr %j, align 4, !tbaa !11
  br label %for.cond

for.end14:                                        ; preds = %for.cond.cleanup
  call void @llvm.lifetime.start.p0(i64 4, ptr %j15) #4
  store i32 0, ptr %j15, align 4, !tbaa !11
  br label %for.cond16

for.cond16:                                       ; preds = %for.inc37, %for.end14
  %16 = load i32, ptr %j15, align 4, !tbaa !11
  %cmp17 = icmp slt i32 %16, 40
  br i1 %cmp17, label %for.body20, label %for.cond.cleanup19

for.cond.cleanup19:                               ; preds = %for.cond16
  store i32 8, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %j15) #4
  br label %for.end39

for.body20:                                       ; preds = %for.cond16
  call void @llvm.lifetime.start.p0(i64 4, ptr %t21) #4
  store i32 0, ptr %t21, align 4, !tbaa !11
  br label %for.cond22

for.cond22:                                       ; preds = %for.inc34, %for.body20
  %17 = load i32, ptr %t21, align 4, !tbaa !11
  %cmp23 = icmp slt i32 %17, 40
  br i1 %cmp23, label %for.body26, label %for.cond.cleanup25

for.cond.cleanup25:                               ; preds = %for.cond22
  store i32 11, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %t21) #4
  br label %for.end36

for.body26:                                       ; preds = %for.cond22
  %18 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %19 = load i32, ptr %j15, align 4, !tbaa !11
  %20 = load i32, ptr %n.addr, align 4, !tbaa !11
  %mul27 = mul nsw i32 %19, %20
  %conv28 = sext i32 %mul27 to i64
  %21 = load i64, ptr %i, align 8, !tbaa !13
  %add29 = add i64 %conv28, %21
  %22 = load i32, ptr %t21, align 4, !tbaa !11
  %conv30 = sext i32 %22 to i64
  %add31 = add i64 %add29, %conv30
  %arrayidx32 = getelementptr inbounds float, ptr addrspace(1) %18, i64 %add31
  %23 = load float, ptr addrspace(1) %arrayidx32, align 4, !tbaa !15
  %24 = load float, ptr %s, align 4, !tbaa !15
  %add33 = fadd float %24, %23
  store float %add33, ptr %s, align 4, !tbaa !15
  br label %for.inc34

for.inc34:                                        ; preds = %for.body26
  %25 = load i32, ptr %t21, align 4, !tbaa !11
  %inc35 = add nsw i32 %25, 1
  store i32 %inc35, ptr %t21, align 4, !tbaa !11
  br label %for.cond22

for.end36:                                        ; preds = %for.cond.cleanup25
  br label %for.inc37

for.inc37:                                        ; preds = %for.end36
  %26 = load i32, ptr %j15, align 4, !tbaa !11
  %inc38 = add nsw i32 %26, 1
  store i32 %inc38, ptr %j15, align 4, !tbaa !11
  br label %for.cond16

for.end39:                                        ; preds = %for.cond.cleanup19
  %27 = load float, ptr %s, align 4, !tbaa !15
  %28 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !7
  %29 = load i64, ptr %i, align 8, !tbaa !13
  %arrayidx40 = getelementptr inbounds float, ptr addrspace(1) %28, i64 %29
  store float %27, ptr addrspace(1) %arrayidx40, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %s) #4
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
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
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
