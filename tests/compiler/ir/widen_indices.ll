; kiln-widen-indices: the int indices (sext of nsw arithmetic) are
; computed in 64 bits, with the truncated local ids taken whole: (ly + 2)
; * n + lx, lx * 4 (InstCombine's shl nsw) and lx itself (InstCombine's
; ashr exact (shl id, 32), 32); the global id row keeps its truncation
; (a global id may be 2^31 or more), and the unsigned u + 1 (a zero
; extension, whose wrap is defined) is left alone.  The 32-bit
; computations go.
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-widen-indices)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-widen-indices
; CHECK-LABEL: define internal i32 @__kiln_wi_k(
; CHECK: [[ROW:%.*]] = trunc i64 %{{.*}} to i32
; CHECK: [[LY2:%.*]] = add nsw i64 %kiln.y, 2
; CHECK-NEXT: [[N:%.*]] = sext i32 %n to i64
; CHECK-NEXT: [[M:%.*]] = mul nsw i64 [[LY2]], [[N]]
; CHECK-NEXT: [[I:%.*]] = add nsw i64 [[M]], %kiln.x
; CHECK-NEXT: getelementptr inbounds float, ptr addrspace(1) %a, i64 [[I]]
; CHECK: [[X4:%.*]] = shl nsw i64 %kiln.x, 2
; CHECK-NEXT: getelementptr inbounds float, ptr addrspace(1) %a, i64 [[X4]]
; CHECK: getelementptr inbounds float, ptr addrspace(1) %a, i64 %kiln.x
; CHECK: [[U:%.*]] = and i64 %{{.*}}, 4294967295
; CHECK-NEXT: getelementptr inbounds float, ptr addrspace(1) %a, i64 [[U]]
; CHECK: [[R:%.*]] = sext i32 [[ROW]] to i64
; CHECK: [[RN:%.*]] = mul nsw i64 [[R]],
; CHECK-NEXT: [[J:%.*]] = add nsw i64 [[RN]], %kiln.x
; CHECK-NEXT: getelementptr inbounds float, ptr addrspace(1) %c, i64 [[J]]
; CHECK-NOT: sext i32 %add
; CHECK: ret i32
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void k(int n, __global const float *a, __global float *c) {
;     int lx = get_local_id(0), ly = get_local_id(1);
;     int row = get_global_id(1);
;     uint u = lx;
;     c[row * n + lx] = a[(ly + 2) * n + lx] + a[lx * 4] + a[lx] + a[u + 1u];
;   }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(i32 noundef %n, ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %c) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %n.addr = alloca i32, align 4
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %lx = alloca i32, align 4
  %ly = alloca i32, align 4
  %row = alloca i32, align 4
  %u = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4, !tbaa !7
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !11
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %lx) #3
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %lx, align 4, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 4, ptr %ly) #3
  %call1 = call i64 @_Z12get_local_idj(i32 noundef 1) #4
  %conv2 = trunc i64 %call1 to i32
  store i32 %conv2, ptr %ly, align 4, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 4, ptr %row) #3
  %call3 = call i64 @_Z13get_global_idj(i32 noundef 1) #4
  %conv4 = trunc i64 %call3 to i32
  store i32 %conv4, ptr %row, align 4, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 4, ptr %u) #3
  %0 = load i32, ptr %lx, align 4, !tbaa !7
  store i32 %0, ptr %u, align 4, !tbaa !7
  %1 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %2 = load i32, ptr %ly, align 4, !tbaa !7
  %add = add nsw i32 %2, 2
  %3 = load i32, ptr %n.addr, align 4, !tbaa !7
  %mul = mul nsw i32 %add, %3
  %4 = load i32, ptr %lx, align 4, !tbaa !7
  %add5 = add nsw i32 %mul, %4
  %idxprom = sext i32 %add5 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %1, i64 %idxprom
  %5 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %6 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %7 = load i32, ptr %lx, align 4, !tbaa !7
  %mul6 = mul nsw i32 %7, 4
  %idxprom7 = sext i32 %mul6 to i64
  %arrayidx8 = getelementptr inbounds float, ptr addrspace(1) %6, i64 %idxprom7
  %8 = load float, ptr addrspace(1) %arrayidx8, align 4, !tbaa !13
  %add9 = fadd float %5, %8
  %9 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %10 = load i32, ptr %lx, align 4, !tbaa !7
  %idxprom10 = sext i32 %10 to i64
  %arrayidx11 = getelementptr inbounds float, ptr addrspace(1) %9, i64 %idxprom10
  %11 = load float, ptr addrspace(1) %arrayidx11, align 4, !tbaa !13
  %add12 = fadd float %add9, %11
  %12 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %13 = load i32, ptr %u, align 4, !tbaa !7
  %add13 = add i32 %13, 1
  %idxprom14 = zext i32 %add13 to i64
  %arrayidx15 = getelementptr inbounds float, ptr addrspace(1) %12, i64 %idxprom14
  %14 = load float, ptr addrspace(1) %arrayidx15, align 4, !tbaa !13
  %add16 = fadd float %add12, %14
  %15 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !11
  %16 = load i32, ptr %row, align 4, !tbaa !7
  %17 = load i32, ptr %n.addr, align 4, !tbaa !7
  %mul17 = mul nsw i32 %16, %17
  %18 = load i32, ptr %lx, align 4, !tbaa !7
  %add18 = add nsw i32 %mul17, %18
  %idxprom19 = sext i32 %add18 to i64
  %arrayidx20 = getelementptr inbounds float, ptr addrspace(1) %15, i64 %idxprom19
  store float %add16, ptr addrspace(1) %arrayidx20, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 4, ptr %u) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr %row) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr %ly) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr %lx) #3
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

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
