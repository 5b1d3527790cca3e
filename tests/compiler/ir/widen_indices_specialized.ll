; kiln-widen-indices in a kernel the runtime specializes for its local size
; (!kiln.local_size, which lib/core/specialize.c runs only where every
; global id fits an int): a truncated global id is the id itself, in
; dimension 1 (offset, group id and local size loaded from the launch) and
; in dimension 0 (whose offset is the launch struct's first field, loaded
; from its own address); get_group_id(0) * 1000 + gx is no global id and
; keeps its truncation.
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-widen-indices)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-widen-indices
; CHECK-LABEL: define internal i32 @__kiln_wi_k(
; CHECK: [[GY:%.*]] = add i64 %{{.*}}, %kiln.y
; CHECK: [[OFF0:%.*]] = load i64, ptr %kiln.info
; CHECK: [[GX:%.*]] = add i64 %{{.*}}, %kiln.x
; CHECK: [[G:%.*]] = add i64 %mul, [[GX]]
; CHECK: [[M:%.*]] = mul nsw i64 [[GY]],
; CHECK-NEXT: [[I:%.*]] = add nsw i64 [[M]], [[GX]]
; CHECK-NEXT: [[I1:%.*]] = add nsw i64 [[I]], 1
; CHECK-NEXT: getelementptr inbounds float, ptr addrspace(1) %a, i64 [[I1]]
; CHECK: shl i64 [[G]], 32
; CHECK: [[M2:%.*]] = mul nsw i64 [[GY]],
; CHECK-NEXT: [[J:%.*]] = add nsw i64 [[M2]], [[GX]]
; CHECK-NEXT: getelementptr inbounds float, ptr addrspace(1) %c, i64 [[J]]
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md), the
; kernel then given !kiln.local_size, from:
;   __kernel void k(int n, __global const float *a, __global float *c) {
;     int gx = get_global_id(0), gy = get_global_id(1);
;     int g = get_group_id(0) * 1000 + gx;
;     c[gy * n + gx] = a[gy * n + gx + 1] + a[g];
;   }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(i32 noundef %n, ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %c) #0 !kiln.local_size !99 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %n.addr = alloca i32, align 4
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %gx = alloca i32, align 4
  %gy = alloca i32, align 4
  %g = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4, !tbaa !7
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !11
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %gx) #3
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %gx, align 4, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 4, ptr %gy) #3
  %call1 = call i64 @_Z13get_global_idj(i32 noundef 1) #4
  %conv2 = trunc i64 %call1 to i32
  store i32 %conv2, ptr %gy, align 4, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 4, ptr %g) #3
  %call3 = call i64 @_Z12get_group_idj(i32 noundef 0) #4
  %mul = mul i64 %call3, 1000
  %0 = load i32, ptr %gx, align 4, !tbaa !7
  %conv4 = sext i32 %0 to i64
  %add = add i64 %mul, %conv4
  %conv5 = trunc i64 %add to i32
  store i32 %conv5, ptr %g, align 4, !tbaa !7
  %1 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %2 = load i32, ptr %gy, align 4, !tbaa !7
  %3 = load i32, ptr %n.addr, align 4, !tbaa !7
  %mul6 = mul nsw i32 %2, %3
  %4 = load i32, ptr %gx, align 4, !tbaa !7
  %add7 = add nsw i32 %mul6, %4
  %add8 = add nsw i32 %add7, 1
  %idxprom = sext i32 %add8 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %1, i64 %idxprom
  %5 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %6 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %7 = load i32, ptr %g, align 4, !tbaa !7
  %idxprom9 = sext i32 %7 to i64
  %arrayidx10 = getelementptr inbounds float, ptr addrspace(1) %6, i64 %idxprom9
  %8 = load float, ptr addrspace(1) %arrayidx10, align 4, !tbaa !13
  %add11 = fadd float %5, %8
  %9 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !11
  %10 = load i32, ptr %gy, align 4, !tbaa !7
  %11 = load i32, ptr %n.addr, align 4, !tbaa !7
  %mul12 = mul nsw i32 %10, %11
  %12 = load i32, ptr %gx, align 4, !tbaa !7
  %add13 = add nsw i32 %mul12, %12
  %idxprom14 = sext i32 %add13 to i64
  %arrayidx15 = getelementptr inbounds float, ptr addrspace(1) %9, i64 %idxprom14
  store float %add11, ptr addrspace(1) %arrayidx15, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 4, ptr %g) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr %gy) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr %gx) #3
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_group_idj(i32 noundef) #2

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { nounwind }
attributes #4 = { convergent nounwind readnone willreturn }

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
!14 = !{!"float", !9, i64 0}
!99 = !{i64 16, i64 16, i64 1}
