; kiln-barriers: a loop-carried value and the value it carries share one
; context slot where they never hold values at once.  In @carried, acc
; goes around the tile loop and through the inner loop (whose implicit
; barrier makes it a loop of regions too): one float slot, the inner
; loop's next value stored at the end of its latch, no store of the phi on
; the edge whose value the slot already holds.  In @still_live the old acc
; is read after the barrier that follows the inner loop, while `next` is
; in the slot: two float slots.
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(kiln-local-vars,kiln-wi-simplify,kiln-scalarize,kiln-loop-barriers,kiln-converge-loops,kiln-barriers)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-barriers
; CHECK-LABEL: define internal i32 @__kiln_wi_carried(
; CHECK: kiln.dispatch:
; CHECK-NEXT: %[[ACC:acc.0.reg2mem]] = alloca float, align 4, !kiln.slot
; CHECK-NOT: alloca float
; CHECK: for.cond2:
; CHECK-NEXT: %acc.1 = phi float [ %acc.0.reload, %for.body.split ], [ %[[NEXT:[0-9]+]], %for.inc ]
; CHECK-NOT: store float %acc.1
; CHECK: for.inc:
; CHECK: %[[NEXT]] = call float @llvm.fmuladd.f32(
; CHECK: store float %[[NEXT]], ptr %[[ACC]], align 4
; CHECK-NEXT: br label %for.cond2
; CHECK: for.end.split.split:
; CHECK: %acc.1.reload = load float, ptr %[[ACC]]
; CHECK-LABEL: define internal i32 @__kiln_wi_still_live(
; CHECK: kiln.dispatch:
; CHECK: alloca float
; CHECK: alloca float
; CHECK: ret i32 -1
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void carried(int n, __global const float *a, __global float *c) {
;     __local float tile[64]; size_t l = get_local_id(0); float acc = 0.0f;
;     for (int t = 0; t < n; t += 64) {
;       tile[l] = a[t + l];
;       barrier(CLK_LOCAL_MEM_FENCE);
;       for (int j = 0; j < 64; j++) acc += tile[j] * a[j + l];
;       barrier(CLK_LOCAL_MEM_FENCE);
;     }
;     c[get_global_id(0)] = acc; }
;   __kernel void still_live(int n, __global const float *a, __global float *c) {
;     __local float tile[64]; size_t l = get_local_id(0); float acc = 0.0f;
;     for (int t = 0; t < n; t += 64) {
;       tile[l] = a[t + l];
;       barrier(CLK_LOCAL_MEM_FENCE);
;       float next = acc;
;       for (int j = 0; j < 64; j++) next += tile[j] * a[j + l];
;       barrier(CLK_LOCAL_MEM_FENCE);
;       c[t + l] = acc;
;       acc = next;
;     }
;     c[get_global_id(0)] = acc; }

; ModuleID = 'carried.cl'
source_filename = "carried.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@carried.tile = internal addrspace(3) global [64 x float] undef, align 16
@still_live.tile = internal addrspace(3) global [64 x float] undef, align 16

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @carried(i32 noundef %n, ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %c) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %n.addr = alloca i32, align 4
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %l = alloca i64, align 8
  %acc = alloca float, align 4
  %t = alloca i32, align 4
  %cleanup.dest.slot = alloca i32, align 4
  %j = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4, !tbaa !7
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !11
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %l) #5
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #6
  store i64 %call, ptr %l, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %acc) #5
  store float 0.000000e+00, ptr %acc, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %t) #5
  store i32 0, ptr %t, align 4, !tbaa !7
  br label %for.cond

for.cond:                                         ; preds = %for.inc11, %entry
  %0 = load i32, ptr %t, align 4, !tbaa !7
  %1 = load i32, ptr %n.addr, align 4, !tbaa !7
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  store i32 2, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %t) #5
  br label %for.end13

for.body:                                         ; preds = %for.cond
  %2 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %3 = load i32, ptr %t, align 4, !tbaa !7
  %conv = sext i32 %3 to i64
  %4 = load i64, ptr %l, align 8, !tbaa !13
  %add = add i64 %conv, %4
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %2, i64 %add
  %5 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !15
  %6 = load i64, ptr %l, align 8, !tbaa !13
  %arrayidx1 = getelementptr inbounds [64 x float], ptr addrspace(3) @carried.tile, i64 0, i64 %6
  store float %5, ptr addrspace(3) %arrayidx1, align 4, !tbaa !15
  call void @_Z7barrierj(i32 noundef 1) #7
  call void @llvm.lifetime.start.p0(i64 4, ptr %j) #5
  store i32 0, ptr %j, align 4, !tbaa !7
  br label %for.cond2

for.cond2:                                        ; preds = %for.inc, %for.body
  %7 = load i32, ptr %j, align 4, !tbaa !7
  %cmp3 = icmp slt i32 %7, 64
  br i1 %cmp3, label %for.body6, label %for.cond.cleanup5

for.cond.cleanup5:                                ; preds = %for.cond2
  store i32 5, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %j) #5
  br label %for.end

for.body6:                                        ; preds = %for.cond2
  %8 = load i32, ptr %j, align 4, !tbaa !7
  %idxprom = sext i32 %8 to i64
  %arrayidx7 = getelementptr inbounds [64 x float], ptr addrspace(3) @carried.tile, i64 0, i64 %idxprom
  %9 = load float, ptr addrspace(3) %arrayidx7, align 4, !tbaa !15
  %10 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %11 = load i32, ptr %j, align 4, !tbaa !7
  %conv8 = sext i32 %11 to i64
  %12 = load i64, ptr %l, align 8, !tbaa !13
  %add9 = add i64 %conv8, %12
  %arrayidx10 = getelementptr inbounds float, ptr addrspace(1) %10, i64 %add9
  %13 = load float, ptr addrspace(1) %arrayidx10, align 4, !tbaa !15
  %14 = load float, ptr %acc, align 4, !tbaa !15
  %15 = call float @llvm.fmuladd.f32(float %9, float %13, float %14)
  store float %15, ptr %acc, align 4, !tbaa !15
  br label %for.inc

for.inc:                                          ; preds = %for.body6
  %16 = load i32, ptr %j, align 4, !tbaa !7
  %inc = add nsw i32 %16, 1
  store i32 %inc, ptr %j, align 4, !tbaa !7
  br label %for.cond2

for.end:                                          ; preds = %for.cond.cleanup5
  call void @_Z7barrierj(i32 noundef 1) #7
  br label %for.inc11

for.inc11:                                        ; preds = %for.end
  %17 = load i32, ptr %t, align 4, !tbaa !7
  %add12 = add nsw i32 %17, 64
  store i32 %add12, ptr %t, align 4, !tbaa !7
  br label %for.cond

for.end13:                                        ; preds = %for.cond.cleanup
  %18 = load float, ptr %acc, align 4, !tbaa !15
  %19 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !11
  %call14 = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  %arrayidx15 = getelementptr inbounds float, ptr addrspace(1) %19, i64 %call14
  store float %18, ptr addrspace(1) %arrayidx15, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %acc) #5
  call void @llvm.lifetime.end.p0(i64 8, ptr %l) #5
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

; Function Attrs: convergent
declare void @_Z7barrierj(i32 noundef) #3

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #4

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @still_live(i32 noundef %n, ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %c) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %n.addr = alloca i32, align 4
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %l = alloca i64, align 8
  %acc = alloca float, align 4
  %t = alloca i32, align 4
  %cleanup.dest.slot = alloca i32, align 4
  %next = alloca float, align 4
  %j = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4, !tbaa !7
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !11
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %l) #5
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #6
  store i64 %call, ptr %l, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %acc) #5
  store float 0.000000e+00, ptr %acc, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %t) #5
  store i32 0, ptr %t, align 4, !tbaa !7
  br label %for.cond

for.cond:                                         ; preds = %for.inc14, %entry
  %0 = load i32, ptr %t, align 4, !tbaa !7
  %1 = load i32, ptr %n.addr, align 4, !tbaa !7
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  store i32 2, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %t) #5
  br label %for.end16

for.body:                                         ; preds = %for.cond
  %2 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %3 = load i32, ptr %t, align 4, !tbaa !7
  %conv = sext i32 %3 to i64
  %4 = load i64, ptr %l, align 8, !tbaa !13
  %add = add i64 %conv, %4
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %2, i64 %add
  %5 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !15
  %6 = load i64, ptr %l, align 8, !tbaa !13
  %arrayidx1 = getelementptr inbounds [64 x float], ptr addrspace(3) @still_live.tile, i64 0, i64 %6
  store float %5, ptr addrspace(3) %arrayidx1, align 4, !tbaa !15
  call void @_Z7barrierj(i32 noundef 1) #7
  call void @llvm.lifetime.start.p0(i64 4, ptr %next) #5
  %7 = load float, ptr %acc, align 4, !tbaa !15
  store float %7, ptr %next, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %j) #5
  store i32 0, ptr %j, align 4, !tbaa !7
  br label %for.cond2

for.cond2:                                        ; preds = %for.inc, %for.body
  %8 = load i32, ptr %j, align 4, !tbaa !7
  %cmp3 = icmp slt i32 %8, 64
  br i1 %cmp3, label %for.body6, label %for.cond.cleanup5

for.cond.cleanup5:                                ; preds = %for.cond2
  store i32 5, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %j) #5
  br label %for.end

for.body6:                                        ; preds = %for.cond2
  %9 = load i32, ptr %j, align 4, !tbaa !7
  %idxprom = sext i32 %9 to i64
  %arrayidx7 = getelementptr inbounds [64 x float], ptr addrspace(3) @still_live.tile, i64 0, i64 %idxprom
  %10 = load float, ptr addrspace(3) %arrayidx7, align 4, !tbaa !15
  %11 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %12 = load i32, ptr %j, align 4, !tbaa !7
  %conv8 = sext i32 %12 to i64
  %13 = load i64, ptr %l, align 8, !tbaa !13
  %add9 = add i64 %conv8, %13
  %arrayidx10 = getelementptr inbounds float, ptr addrspace(1) %11, i64 %add9
  %14 = load float, ptr addrspace(1) %arrayidx10, align 4, !tbaa !15
  %15 = load float, ptr %next, align 4, !tbaa !15
  %16 = call float @llvm.fmuladd.f32(float %10, float %14, float %15)
  store float %16, ptr %next, align 4, !tbaa !15
  br label %for.inc

for.inc:                                          ; preds = %for.body6
  %17 = load i32, ptr %j, align 4, !tbaa !7
  %inc = add nsw i32 %17, 1
  store i32 %inc, ptr %j, align 4, !tbaa !7
  br label %for.cond2

for.end:                                          ; preds = %for.cond.cleanup5
  call void @_Z7barrierj(i32 noundef 1) #7
  %18 = load float, ptr %acc, align 4, !tbaa !15
  %19 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !11
  %20 = load i32, ptr %t, align 4, !tbaa !7
  %conv11 = sext i32 %20 to i64
  %21 = load i64, ptr %l, align 8, !tbaa !13
  %add12 = add i64 %conv11, %21
  %arrayidx13 = getelementptr inbounds float, ptr addrspace(1) %19, i64 %add12
  store float %18, ptr addrspace(1) %arrayidx13, align 4, !tbaa !15
  %22 = load float, ptr %next, align 4, !tbaa !15
  store float %22, ptr %acc, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %next) #5
  br label %for.inc14

for.inc14:                                        ; preds = %for.end
  %23 = load i32, ptr %t, align 4, !tbaa !7
  %add15 = add nsw i32 %23, 64
  store i32 %add15, ptr %t, align 4, !tbaa !7
  br label %for.cond

for.end16:                                        ; preds = %for.cond.cleanup
  %24 = load float, ptr %acc, align 4, !tbaa !15
  %25 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !11
  %call17 = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  %arrayidx18 = getelementptr inbounds float, ptr addrspace(1) %25, i64 %call17
  store float %24, ptr addrspace(1) %arrayidx18, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %acc) #5
  call void @llvm.lifetime.end.p0(i64 8, ptr %l) #5
  ret void
}

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #4 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #5 = { nounwind }
attributes #6 = { convergent nounwind readnone willreturn }
attributes #7 = { convergent }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
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
