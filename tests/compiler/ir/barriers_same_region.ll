; kiln-barriers: a value live across a barrier is stored where it is
; defined and reloaded only where its definition no longer dominates the
; use, in a later region; its uses in its own region keep the value. So the
; uniform u, used again in its own region (v = a[i] + u, c[i] = v * u), is
; never reloaded in the region that stores it and gets the group-wide slot
; (!kiln.slot kind 1, SHARED); v, which differs per work-item, gets a row
; (kind 0). LLVM's DemoteRegToStack reloaded at every use, which kept u in
; a row.
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(kiln-local-vars,kiln-wi-simplify,kiln-scalarize,kiln-loop-barriers,kiln-converge-loops,kiln-barriers)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-barriers
; CHECK: define internal i32 @__kiln_wi_k(
; CHECK: [[U:%[a-z0-9.]+]] = alloca float, align 4, !kiln.slot [[SU:![0-9]+]]
; CHECK: [[V:%[a-z0-9.]+]] = alloca float, align 4, !kiln.slot [[SV:![0-9]+]]
; CHECK: kiln.entry:
; CHECK: %mul = fmul float
; CHECK-NEXT: store float %mul, ptr [[U]]
; CHECK: %add = fadd float %{{[0-9]+}}, %mul
; CHECK-NEXT: store float %add, ptr [[V]]
; CHECK-NEXT: %mul2 = fmul float %add, %mul
; CHECK-NOT: load float, ptr [[U]]
; CHECK: ret i32 1
; CHECK: load float, ptr [[U]]
; CHECK: load float, ptr [[V]]
; CHECK: ret i32 -1
; CHECK: [[SU]] = !{i64 0, i64 1}
; CHECK: [[SV]] = !{i64 1, i64 0}
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void k(__global const float *a, __global float *c, int n) {
;     size_t i = get_global_id(0);
;     float u = a[n] * 2.0f;
;     float v = a[i] + u;
;     c[i] = v * u;
;     barrier(CLK_GLOBAL_MEM_FENCE);
;     c[i + n] = v + u; }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %c, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %i = alloca i64, align 8
  %u = alloca float, align 4
  %v = alloca float, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !7
  store i32 %n, ptr %n.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %i, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %u) #4
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %1 = load i32, ptr %n.addr, align 4, !tbaa !11
  %idxprom = sext i32 %1 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %idxprom
  %2 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !15
  %mul = fmul float %2, 2.000000e+00
  store float %mul, ptr %u, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %v) #4
  %3 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %4 = load i64, ptr %i, align 8, !tbaa !13
  %arrayidx1 = getelementptr inbounds float, ptr addrspace(1) %3, i64 %4
  %5 = load float, ptr addrspace(1) %arrayidx1, align 4, !tbaa !15
  %6 = load float, ptr %u, align 4, !tbaa !15
  %add = fadd float %5, %6
  store float %add, ptr %v, align 4, !tbaa !15
  %7 = load float, ptr %v, align 4, !tbaa !15
  %8 = load float, ptr %u, align 4, !tbaa !15
  %mul2 = fmul float %7, %8
  %9 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !7
  %10 = load i64, ptr %i, align 8, !tbaa !13
  %arrayidx3 = getelementptr inbounds float, ptr addrspace(1) %9, i64 %10
  store float %mul2, ptr addrspace(1) %arrayidx3, align 4, !tbaa !15
  call void @_Z7barrierj(i32 noundef 2) #6
  %11 = load float, ptr %v, align 4, !tbaa !15
  %12 = load float, ptr %u, align 4, !tbaa !15
  %add4 = fadd float %11, %12
  %13 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !7
  %14 = load i64, ptr %i, align 8, !tbaa !13
  %15 = load i32, ptr %n.addr, align 4, !tbaa !11
  %conv = sext i32 %15 to i64
  %add5 = add i64 %14, %conv
  %arrayidx6 = getelementptr inbounds float, ptr addrspace(1) %13, i64 %add5
  store float %add4, ptr addrspace(1) %arrayidx6, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %v) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %u) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent
declare void @_Z7barrierj(i32 noundef) #3

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
