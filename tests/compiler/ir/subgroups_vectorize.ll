; The whole of kiln_finalize for an AVX-512 target: sub_group_reduce_add
; in code every work-item runs becomes a store into the group scratch, a
; barrier and a call of its row function, and the vectorized work-item
; loop of the middle region calls the row function's 16-lane companion
; (kiln-vector-variants), one vector reduction per sub-group of 16.
; RUN: %kiln-opt -kiln-finalize -kiln-target-features=+avx512f,+avx512vl,+avx512bw,+avx512dq,+avx512cd,+avx2,+fma,+avx,+sse4.2,+sse4.1,+ssse3,+sse3,+sse2,+sse,+f16c,+bmi,+bmi2,+lzcnt,+popcnt %s -S | %FileCheck %s
; SKIP-FAILS: kiln-vector-variants
; CHECK-LABEL: define void @__kiln_wg_sg_sum(
; CHECK: store <16 x float>
; CHECK: call <16 x float> @__kiln_sgrow_add_float_vec(<16 x i32>
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md,
; with -cl-ext=+all -D__opencl_c_subgroups=1) from:
;   __kernel void sg_sum(__global const float *in, __global float *out)
;   {
;   	size_t i = get_global_id(0);
;   	out[i] = sub_group_reduce_add(in[i]);
;   }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @sg_sum(ptr addrspace(1) nocapture noundef readonly align 4 %in, ptr addrspace(1) nocapture noundef writeonly align 4 %out) local_unnamed_addr #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %call = tail call i64 @_Z13get_global_idj(i32 noundef 0) #3
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %in, i64 %call
  %0 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !7
  %call1 = tail call float @_Z20sub_group_reduce_addf(float noundef %0) #4
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %call
  store float %call1, ptr addrspace(1) %arrayidx2, align 4, !tbaa !7
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent
declare float @_Z20sub_group_reduce_addf(float noundef) local_unnamed_addr #2

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="false" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #2 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { convergent nounwind readnone willreturn }
attributes #4 = { convergent nounwind }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, i32 0}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1}
!4 = !{!"none", !"none"}
!5 = !{!"float*", !"float*"}
!6 = !{!"const", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"float", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
