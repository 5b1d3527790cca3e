; The second module of test_spirv_khr_ext's link: the same LinkOnceODR
; helper as spirv_khr_ext.ll (SPV_KHR_linkonce_odr), so that linking the
; two compiled programs keeps one copy instead of failing on a duplicate
; definition.  k2: o[i] = helper(a[i], -1) = 3 * a[i] - 1.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

define linkonce_odr spir_func i32 @helper(i32 %x, i32 %y) {
  %m = mul nsw i32 %x, 3
  %r = add nsw i32 %m, %y
  ret i32 %r
}

define spir_kernel void @k2(i32 addrspace(1)* %a, i32 addrspace(1)* %o) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !3 !kernel_arg_type_qual !4 {
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds i32, i32 addrspace(1)* %a, i64 %gid
  %x = load i32, i32 addrspace(1)* %pa, align 4
  %h = call spir_func i32 @helper(i32 %x, i32 -1)
  %po = getelementptr inbounds i32, i32 addrspace(1)* %o, i64 %gid
  store i32 %h, i32 addrspace(1)* %po, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)

!opencl.ocl.version = !{!0}
!opencl.spir.version = !{!0}
!0 = !{i32 2, i32 0}
!1 = !{i32 1, i32 1}
!2 = !{!"none", !"none"}
!3 = !{!"int*", !"int*"}
!4 = !{!"const", !""}
