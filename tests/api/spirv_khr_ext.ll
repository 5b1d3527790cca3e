; SPIR-V extensions Kiln reports through the translator
; (test_spirv_khr_ext): a LinkOnceODR helper (SPV_KHR_linkonce_odr),
; NoSignedWrap/NoUnsignedWrap on adds, subs, multiplies and shifts
; (SPV_KHR_no_integer_wrap_decoration), OpExpectKHR and OpAssumeTrueKHR
; (SPV_KHR_expect_assume), and in `dots` the integer dot product and bit
; instructions.  k computes, for x = a[i]:
;   o[4i]   = helper(x, 5) = 3x + 5           (nsw)
;   o[4i+1] = (x << 2) - x                    (nuw shl, nsw sub) = 3x
;   o[4i+2] = expect(x > 0) ? x + 1 : 0       (the branch hint)
;   o[4i+3] = x * 2 after assume(x < 1000000)
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

define linkonce_odr spir_func i32 @helper(i32 %x, i32 %y) {
  %m = mul nsw i32 %x, 3
  %r = add nsw i32 %m, %y
  ret i32 %r
}

define spir_kernel void @k(i32 addrspace(1)* %a, i32 addrspace(1)* %o) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !3 !kernel_arg_type_qual !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds i32, i32 addrspace(1)* %a, i64 %gid
  %x = load i32, i32 addrspace(1)* %pa, align 4
  %base = shl nuw i64 %gid, 2
  %h = call spir_func i32 @helper(i32 %x, i32 5)
  %p0 = getelementptr inbounds i32, i32 addrspace(1)* %o, i64 %base
  store i32 %h, i32 addrspace(1)* %p0, align 4
  %xu = and i32 %x, 1048575
  %s = shl nuw i32 %xu, 2
  %d = sub nsw i32 %s, %xu
  %i1 = add nuw i64 %base, 1
  %p1 = getelementptr inbounds i32, i32 addrspace(1)* %o, i64 %i1
  store i32 %d, i32 addrspace(1)* %p1, align 4
  %pos = icmp sgt i32 %x, 0
  %pe = call i1 @llvm.expect.i1(i1 %pos, i1 true)
  br i1 %pe, label %yes, label %join
yes:
  %x1 = add nsw i32 %x, 1
  br label %join
join:
  %v2 = phi i32 [ %x1, %yes ], [ 0, %entry ]
  %i2 = add nuw i64 %base, 2
  %p2 = getelementptr inbounds i32, i32 addrspace(1)* %o, i64 %i2
  store i32 %v2, i32 addrspace(1)* %p2, align 4
  %small = icmp slt i32 %x, 1000000
  call void @llvm.assume(i1 %small)
  %x2 = mul nsw i32 %x, 2
  %i3 = add nuw i64 %base, 3
  %p3 = getelementptr inbounds i32, i32 addrspace(1)* %o, i64 %i3
  store i32 %x2, i32 addrspace(1)* %p3, align 4
  ret void
}

; dots: OpSDotKHR, OpUDotKHR, OpSUDotKHR and their AccSat forms on
; a[i], b[i] (SPV_KHR_integer_dot_product; the translator makes them from
; these SPIR-V-friendly names), then OpBitReverse and OpBitFieldInsert,
; OpBitFieldSExtract, OpBitFieldUExtract (SPV_KHR_bit_instructions) on
; c[i]: o[10i + 0..9].
define spir_kernel void @dots(<4 x i8> addrspace(1)* %a, <4 x i8> addrspace(1)* %b, i32 addrspace(1)* %c, i32 addrspace(1)* %o) !kernel_arg_addr_space !5 !kernel_arg_access_qual !6 !kernel_arg_type !7 !kernel_arg_base_type !7 !kernel_arg_type_qual !8 {
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds <4 x i8>, <4 x i8> addrspace(1)* %a, i64 %gid
  %pb = getelementptr inbounds <4 x i8>, <4 x i8> addrspace(1)* %b, i64 %gid
  %pc = getelementptr inbounds i32, i32 addrspace(1)* %c, i64 %gid
  %x = load <4 x i8>, <4 x i8> addrspace(1)* %pa, align 4
  %y = load <4 x i8>, <4 x i8> addrspace(1)* %pb, align 4
  %acc = load i32, i32 addrspace(1)* %pc, align 4
  %base = mul nuw i64 %gid, 10
  %r0 = call spir_func i32 @_Z20__spirv_SDotKHR_RintDv4_cS_(<4 x i8> %x, <4 x i8> %y)
  %r1 = call spir_func i32 @_Z21__spirv_UDotKHR_RuintDv4_cS_(<4 x i8> %x, <4 x i8> %y)
  %r2 = call spir_func i32 @_Z21__spirv_SUDotKHR_RintDv4_cS_(<4 x i8> %x, <4 x i8> %y)
  %r3 = call spir_func i32 @_Z26__spirv_SDotAccSatKHR_RintDv4_cS_i(<4 x i8> %x, <4 x i8> %y, i32 %acc)
  %r4 = call spir_func i32 @_Z27__spirv_UDotAccSatKHR_RuintDv4_cS_i(<4 x i8> %x, <4 x i8> %y, i32 %acc)
  %r5 = call spir_func i32 @_Z27__spirv_SUDotAccSatKHR_RintDv4_cS_i(<4 x i8> %x, <4 x i8> %y, i32 %acc)
  %r6 = call i32 @llvm.bitreverse.i32(i32 %acc)
  %xi = bitcast <4 x i8> %x to i32
  %r7 = call spir_func i32 @_Z15bitfield_insertiijj(i32 %acc, i32 %xi, i32 4, i32 9)
  %r8 = call spir_func i32 @_Z23bitfield_extract_signedijj(i32 %acc, i32 3, i32 7)
  %r9 = call spir_func i32 @_Z25bitfield_extract_unsignedjjj(i32 %acc, i32 5, i32 11)
  call void @put(i32 addrspace(1)* %o, i64 %base, i64 0, i32 %r0)
  call void @put(i32 addrspace(1)* %o, i64 %base, i64 1, i32 %r1)
  call void @put(i32 addrspace(1)* %o, i64 %base, i64 2, i32 %r2)
  call void @put(i32 addrspace(1)* %o, i64 %base, i64 3, i32 %r3)
  call void @put(i32 addrspace(1)* %o, i64 %base, i64 4, i32 %r4)
  call void @put(i32 addrspace(1)* %o, i64 %base, i64 5, i32 %r5)
  call void @put(i32 addrspace(1)* %o, i64 %base, i64 6, i32 %r6)
  call void @put(i32 addrspace(1)* %o, i64 %base, i64 7, i32 %r7)
  call void @put(i32 addrspace(1)* %o, i64 %base, i64 8, i32 %r8)
  call void @put(i32 addrspace(1)* %o, i64 %base, i64 9, i32 %r9)
  ret void
}

; wgu: OpGroupIMulKHR (SPV_KHR_uniform_group_instructions; the translator
; makes it from the OpenCL C name) and a work-group bitwise-and scan under
; the name the translator reads OpGroupBitwiseAndKHR back as:
; o[2i] = product of the group's c, o[2i + 1] = and of c[0..i] in the group.
define spir_kernel void @wgu(i32 addrspace(1)* %c, i32 addrspace(1)* %o) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !3 !kernel_arg_type_qual !4 {
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pc = getelementptr inbounds i32, i32 addrspace(1)* %c, i64 %gid
  %x = load i32, i32 addrspace(1)* %pc, align 4
  %m = call spir_func i32 @_Z21work_group_reduce_muli(i32 %x)
  %a = call spir_func i32 @_Z37work_group_scan_inclusive_bitwise_andi(i32 %x)
  %base = shl nuw i64 %gid, 1
  call void @put(i32 addrspace(1)* %o, i64 %base, i64 0, i32 %m)
  call void @put(i32 addrspace(1)* %o, i64 %base, i64 1, i32 %a)
  ret void
}

declare spir_func i32 @_Z21work_group_reduce_muli(i32)
declare spir_func i32 @_Z37work_group_scan_inclusive_bitwise_andi(i32)

define internal void @put(i32 addrspace(1)* %o, i64 %base, i64 %k, i32 %v) {
  %i = add nuw i64 %base, %k
  %p = getelementptr inbounds i32, i32 addrspace(1)* %o, i64 %i
  store i32 %v, i32 addrspace(1)* %p, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare i1 @llvm.expect.i1(i1, i1)
declare void @llvm.assume(i1)
declare spir_func i32 @_Z20__spirv_SDotKHR_RintDv4_cS_(<4 x i8>, <4 x i8>)
declare spir_func i32 @_Z21__spirv_UDotKHR_RuintDv4_cS_(<4 x i8>, <4 x i8>)
declare spir_func i32 @_Z21__spirv_SUDotKHR_RintDv4_cS_(<4 x i8>, <4 x i8>)
declare spir_func i32 @_Z26__spirv_SDotAccSatKHR_RintDv4_cS_i(<4 x i8>, <4 x i8>, i32)
declare spir_func i32 @_Z27__spirv_UDotAccSatKHR_RuintDv4_cS_i(<4 x i8>, <4 x i8>, i32)
declare spir_func i32 @_Z27__spirv_SUDotAccSatKHR_RintDv4_cS_i(<4 x i8>, <4 x i8>, i32)
declare i32 @llvm.bitreverse.i32(i32)
declare spir_func i32 @_Z15bitfield_insertiijj(i32, i32, i32, i32)
declare spir_func i32 @_Z23bitfield_extract_signedijj(i32, i32, i32)
declare spir_func i32 @_Z25bitfield_extract_unsignedjjj(i32, i32, i32)

!opencl.ocl.version = !{!0}
!opencl.spir.version = !{!0}
!0 = !{i32 2, i32 0}
!1 = !{i32 1, i32 1}
!2 = !{!"none", !"none"}
!3 = !{!"int*", !"int*"}
!4 = !{!"const", !""}
!5 = !{i32 1, i32 1, i32 1, i32 1}
!6 = !{!"none", !"none", !"none", !"none"}
!7 = !{!"char4*", !"char4*", !"int*", !"int*"}
!8 = !{!"", !"", !"", !""}
