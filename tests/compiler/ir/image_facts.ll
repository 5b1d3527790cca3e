; kiln-image-facts: in @k, the runtime's facts (!kiln.arg_facts: the image
; is CL_RGBA / CL_UNORM_INT8 with 4-byte pixels, the sampler's bits are
; 18) fold the data-type test (4306 is CL_UNORM_INT8) and the sampler's
; bits into constants; the width load the test guarded becomes one
; invariant load at the entry.  In @n, without facts, the data-type load
; moves to the entry as an invariant load and the sampler stays an
; argument.  kernel-lib's __kiln_formats_fixed() is 1 in @k (so its sum is
; the width + 18 + 1) and 0 in @n.  (SimplifyCFG in kiln-wi-simplify turns @n's two field loads
; into one load through a select, which is left alone.)
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-image-facts)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-image-facts
; CHECK-LABEL: define internal i32 @__kiln_wi_k(
; CHECK-NEXT: kiln.entry:
; CHECK-NEXT: [[WP:%.*]] = getelementptr inbounds i8, ptr addrspace(1) %img, i64 24
; CHECK-NEXT: [[W:%.*]] = load i32, ptr addrspace(1) [[WP]], align 4, !invariant.load
; CHECK-NOT: i64 44
; CHECK-NOT: ptrtoint
; CHECK: add i32 [[W]], 19
; CHECK: ret i32
; CHECK-LABEL: define internal i32 @__kiln_wi_n(
; CHECK-NEXT: kiln.entry:
; CHECK-NEXT: [[TP:%.*]] = getelementptr inbounds i8, ptr addrspace(1) %img, i64 44
; CHECK-NEXT: [[T:%.*]] = load i32, ptr addrspace(1) [[TP]], align 4, !invariant.load
; CHECK: icmp eq i32 [[T]], 4306
; CHECK: ptrtoint ptr addrspace(2) %smp to i64
; CHECK-NOT: call i32 @__kiln_formats_fixed
; CHECK: ret i32
; Written by hand: two kernels as kiln-inline-all leaves image built-ins,
; their fields read at the offsets of struct kiln_image_abi
; (lib/core/image_abi.h: width 24, channel_data_type 44, pixel_size 48).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define spir_kernel void @k(ptr addrspace(1) %img, ptr addrspace(2) %smp, ptr addrspace(1) %out) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !3 !kernel_arg_type_qual !4 !kiln.arg_facts !10 {
entry:
  %x = call i64 @_Z13get_global_idj(i32 0)
  %tp = getelementptr inbounds i8, ptr addrspace(1) %img, i64 44
  %t = load i32, ptr addrspace(1) %tp, align 4
  %bits = ptrtoint ptr addrspace(2) %smp to i64
  %b = trunc i64 %bits to i32
  %fast = icmp eq i32 %t, 4306
  br i1 %fast, label %unorm, label %other

unorm:
  %wp = getelementptr inbounds i8, ptr addrspace(1) %img, i64 24
  %w = load i32, ptr addrspace(1) %wp, align 4
  br label %done

other:
  %pp = getelementptr inbounds i8, ptr addrspace(1) %img, i64 48
  %ps = load i32, ptr addrspace(1) %pp, align 4
  br label %done

done:
  %v = phi i32 [ %w, %unorm ], [ %ps, %other ]
  %r = add i32 %v, %b
  %ff = call i32 @__kiln_formats_fixed()
  %r2 = add i32 %r, %ff
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x
  store i32 %r2, ptr addrspace(1) %p, align 4
  ret void
}

define spir_kernel void @n(ptr addrspace(1) %img, ptr addrspace(2) %smp, ptr addrspace(1) %out) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !3 !kernel_arg_type_qual !4 {
entry:
  %x = call i64 @_Z13get_global_idj(i32 0)
  %tp = getelementptr inbounds i8, ptr addrspace(1) %img, i64 44
  %t = load i32, ptr addrspace(1) %tp, align 4
  %bits = ptrtoint ptr addrspace(2) %smp to i64
  %b = trunc i64 %bits to i32
  %fast = icmp eq i32 %t, 4306
  br i1 %fast, label %unorm, label %other

unorm:
  %wp = getelementptr inbounds i8, ptr addrspace(1) %img, i64 24
  %w = load i32, ptr addrspace(1) %wp, align 4
  br label %done

other:
  %pp = getelementptr inbounds i8, ptr addrspace(1) %img, i64 48
  %ps = load i32, ptr addrspace(1) %pp, align 4
  br label %done

done:
  %v = phi i32 [ %w, %unorm ], [ %ps, %other ]
  %r = add i32 %v, %b
  %ff = call i32 @__kiln_formats_fixed()
  %r2 = add i32 %r, %ff
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x
  store i32 %r2, ptr addrspace(1) %p, align 4
  ret void
}

declare i64 @_Z13get_global_idj(i32)
declare i32 @__kiln_formats_fixed()

!1 = !{i32 1, i32 0, i32 1}
!2 = !{!"read_only", !"none", !"none"}
!3 = !{!"image2d_t", !"sampler_t", !"int*"}
!4 = !{!"", !"", !""}
!10 = !{!11, !12}
!11 = !{i32 0, i32 0, i32 4277, i32 4306, i32 4, i32 4}
!12 = !{i32 1, i32 1, i32 18, i32 0, i32 0, i32 0}
