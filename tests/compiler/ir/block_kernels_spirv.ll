; kiln-block-kernels on a module read from SPIR-V: translator 15 gives the
; block kernel of an OpEnqueueKernel (an entry point of the module) kernel
; argument metadata, its block literal a generic pointer.  It is still a
; block kernel: its address becomes its launch descriptor's, and it is not
; one of the program's kernels.
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(kiln-local-vars,kiln-wi-simplify,kiln-scalarize,kiln-loop-barriers,kiln-converge-loops,kiln-barriers,kiln-context,kiln-alias-scopes),kiln-workgroup,kiln-block-kernels" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-block-kernels
; CHECK: @__kiln_block___enqueue_block_invoke_kernel = internal constant { ptr, i64, i64, ptr, i32, i32 } { ptr @__kiln_wg___enqueue_block_invoke_kernel, i64 {{[0-9]+}}, i64 {{[0-9]+}}, ptr @__kiln_block_name___enqueue_block_invoke_kernel, i32 0, i32 0 }
; CHECK-LABEL: define {{.*}}@__kiln_wi_enqueue(
; CHECK: call {{.*}}i32 @__enqueue_kernel_basic({{.*}}, ptr addrspace(4) addrspacecast (ptr @__kiln_block___enqueue_block_invoke_kernel to ptr addrspace(4)), ptr addrspace(4) %{{.*}})
; CHECK-NOT: ptr @__enqueue_block_invoke_kernel to
; CHECK: define void @__kiln_wg___enqueue_block_invoke_kernel(
; The shape translator 15 reads back (clang-15 -target spir64, llvm-spirv-15,
; then Kiln's SPIR-V reader) from:
;   kernel void enqueue(global int *out, int n) {
;     enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(n),
;                    ^{ out[get_global_id(0)] = (int)get_global_id(0) * 3 + 1; });
;   }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.ndrange_t = type { i32, [3 x i64], [3 x i64], [3 x i64] }
%structtype = type { i32, i32, ptr addrspace(4), ptr addrspace(1) }

define spir_kernel void @enqueue(ptr addrspace(1) align 4 %0, i32 %1) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_type_qual !3 !kernel_arg_base_type !2 {
  %3 = alloca %struct.ndrange_t, align 8
  %4 = alloca %structtype, align 8
  %5 = call spir_func ptr @_Z17get_default_queuev()
  %6 = sext i32 %1 to i64
  call spir_func void @_Z10ndrange_1Dmmm(ptr sret(%struct.ndrange_t) %3, i64 0, i64 %6, i64 0)
  %7 = getelementptr inbounds %structtype, ptr %4, i64 0, i32 0
  store i32 24, ptr %7, align 8
  %8 = getelementptr inbounds %structtype, ptr %4, i64 0, i32 1
  store i32 8, ptr %8, align 4
  %9 = getelementptr inbounds %structtype, ptr %4, i64 0, i32 2
  store ptr addrspace(4) null, ptr %9, align 8
  %10 = getelementptr inbounds %structtype, ptr %4, i64 0, i32 3
  store ptr addrspace(1) %0, ptr %10, align 8
  %11 = addrspacecast ptr %4 to ptr addrspace(4)
  %12 = call spir_func i32 @__enqueue_kernel_basic(ptr %5, i32 1, ptr %3, ptr addrspace(4) addrspacecast (ptr @__enqueue_block_invoke_kernel to ptr addrspace(4)), ptr addrspace(4) %11)
  ret void
}

define spir_kernel void @__enqueue_block_invoke_kernel(ptr addrspace(4) nocapture readonly %0) !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_type_qual !7 !kernel_arg_base_type !6 {
  %2 = call spir_func i64 @_Z13get_global_idj(i32 0)
  %3 = trunc i64 %2 to i32
  %4 = mul nsw i32 %3, 3
  %5 = add nsw i32 %4, 1
  %6 = getelementptr inbounds i8, ptr addrspace(4) %0, i64 16
  %7 = load ptr addrspace(1), ptr addrspace(4) %6, align 8
  %8 = getelementptr inbounds i32, ptr addrspace(1) %7, i64 %2
  store i32 %5, ptr addrspace(1) %8, align 4
  ret void
}

declare spir_func ptr @_Z17get_default_queuev()
declare spir_func void @_Z10ndrange_1Dmmm(ptr sret(%struct.ndrange_t), i64, i64, i64)
declare spir_func i32 @__enqueue_kernel_basic(ptr, i32, ptr, ptr addrspace(4), ptr addrspace(4))
declare spir_func i64 @_Z13get_global_idj(i32)

!0 = !{i32 1, i32 0}
!1 = !{!"none", !"none"}
!2 = !{!"int*", !"int"}
!3 = !{!"", !""}
!4 = !{i32 4}
!5 = !{!"none"}
!6 = !{!"char*"}
!7 = !{!""}
