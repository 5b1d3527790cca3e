; kiln-scalarize: float4 loads, arithmetic and stores become scalar ones.
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-scalarize)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-scalarize
; CHECK-LABEL: define internal i32 @__kiln_wi_k(
; CHECK-NOT: {{(load|store|fmul|fadd|call) <4 x float>}}
; CHECK: call float @llvm.fmuladd.f32(
; CHECK: call float @llvm.fmuladd.f32(
; CHECK: call float @llvm.fmuladd.f32(
; CHECK: call float @llvm.fmuladd.f32(
; CHECK-NOT: {{(load|store|fmul|fadd|call) <4 x float>}}
; CHECK: ret i32 -1
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void k(__global float4 *a, __global const float4 *b) { size_t i = get_global_id(0); a[i] = a[i] * b[i] + 1.0f; }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 16 %a, ptr addrspace(1) noundef align 16 %b) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !8
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !8
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %i, align 8, !tbaa !12
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !8
  %1 = load i64, ptr %i, align 8, !tbaa !12
  %arrayidx = getelementptr inbounds <4 x float>, ptr addrspace(1) %0, i64 %1
  %2 = load <4 x float>, ptr addrspace(1) %arrayidx, align 16, !tbaa !14
  %3 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !8
  %4 = load i64, ptr %i, align 8, !tbaa !12
  %arrayidx1 = getelementptr inbounds <4 x float>, ptr addrspace(1) %3, i64 %4
  %5 = load <4 x float>, ptr addrspace(1) %arrayidx1, align 16, !tbaa !14
  %6 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %2, <4 x float> %5, <4 x float> <float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00>)
  %7 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !8
  %8 = load i64, ptr %i, align 8, !tbaa !12
  %arrayidx2 = getelementptr inbounds <4 x float>, ptr addrspace(1) %7, i64 %8
  store <4 x float> %6, ptr addrspace(1) %arrayidx2, align 16, !tbaa !14
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>) #3

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
!3 = !{i32 1, i32 1}
!4 = !{!"none", !"none"}
!5 = !{!"float4*", !"float4*"}
!6 = !{!"float __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(4)))*"}
!7 = !{!"", !"const"}
!8 = !{!9, !9, i64 0}
!9 = !{!"any pointer", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"long", !10, i64 0}
!14 = !{!10, !10, i64 0}
