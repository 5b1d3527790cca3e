; kiln-guard-split in the whole of kiln_finalize (AVX-512): the work-item
; loop under `if (i < n)` runs over the prefix of work-items that pass, in a
; vectorized loop with plain loads and stores; a copy of the original
; (masked) loop stays for launches where the 32-bit index could wrap.
; RUN: %kiln-opt -kiln-finalize -kiln-target-features=+avx512f,+avx512vl,+avx512bw,+avx512dq,+avx512cd,+avx2,+fma,+avx,+sse4.2,+sse4.1,+ssse3,+sse3,+sse2,+sse,+f16c,+bmi,+bmi2,+lzcnt,+popcnt %s -S | %FileCheck %s
; SKIP-FAILS: kiln-guard-split
; CHECK-LABEL: define void @__kiln_wg_k(
; CHECK: br i1 %{{.*}}, label %guard.any, label %{{.*}}.unsplit
; CHECK: guard.any:
; CHECK: vector.body:
; CHECK-NOT: masked
; CHECK: %wide.load = load <16 x float>, ptr addrspace(1)
; CHECK-NOT: masked
; CHECK: store <16 x float>
; CHECK: guard.done
; CHECK: .unsplit:
; CHECK: llvm.masked.load.v16f32
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void k(float s, __global const float *x, __global float *y, int n) {
;     int i = get_global_id(0);
;     if (i < n) y[i] = s * x[i] + y[i]; }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(float noundef %s, ptr addrspace(1) noundef align 4 %x, ptr addrspace(1) noundef align 4 %y, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %s.addr = alloca float, align 4
  %x.addr = alloca ptr addrspace(1), align 8
  %y.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %i = alloca i32, align 4
  store float %s, ptr %s.addr, align 4, !tbaa !7
  store ptr addrspace(1) %x, ptr %x.addr, align 8, !tbaa !11
  store ptr addrspace(1) %y, ptr %y.addr, align 8, !tbaa !11
  store i32 %n, ptr %n.addr, align 4, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %i, align 4, !tbaa !13
  %0 = load i32, ptr %i, align 4, !tbaa !13
  %1 = load i32, ptr %n.addr, align 4, !tbaa !13
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %2 = load float, ptr %s.addr, align 4, !tbaa !7
  %3 = load ptr addrspace(1), ptr %x.addr, align 8, !tbaa !11
  %4 = load i32, ptr %i, align 4, !tbaa !13
  %idxprom = sext i32 %4 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %3, i64 %idxprom
  %5 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !7
  %6 = load ptr addrspace(1), ptr %y.addr, align 8, !tbaa !11
  %7 = load i32, ptr %i, align 4, !tbaa !13
  %idxprom2 = sext i32 %7 to i64
  %arrayidx3 = getelementptr inbounds float, ptr addrspace(1) %6, i64 %idxprom2
  %8 = load float, ptr addrspace(1) %arrayidx3, align 4, !tbaa !7
  %9 = call float @llvm.fmuladd.f32(float %2, float %5, float %8)
  %10 = load ptr addrspace(1), ptr %y.addr, align 8, !tbaa !11
  %11 = load i32, ptr %i, align 4, !tbaa !13
  %idxprom4 = sext i32 %11 to i64
  %arrayidx5 = getelementptr inbounds float, ptr addrspace(1) %10, i64 %idxprom4
  store float %9, ptr addrspace(1) %arrayidx5, align 4, !tbaa !7
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #4
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
!3 = !{i32 0, i32 1, i32 1, i32 0}
!4 = !{!"none", !"none", !"none", !"none"}
!5 = !{!"float", !"float*", !"float*", !"int"}
!6 = !{!"", !"const", !"", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"float", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"any pointer", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"int", !9, i64 0}
