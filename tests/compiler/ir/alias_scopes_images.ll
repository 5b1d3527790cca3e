; kiln-alias-scopes and images: the pixel load through the read_only
; image %in gets a scope of its own, which every other global access is
; noalias with (a kernel may not write an image it reads through a
; read_only argument: OpenCL C 3.0 §6.15.15); the pixel load through the
; read_write image %out stays in the global scope with the stores.  The
; pixel data pointers are the first field of struct kiln_image_abi, loaded
; once at the entry (kiln-image-facts).
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-image-facts,kiln-alias-scopes)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-alias-scopes
; CHECK-LABEL: define internal i32 @__kiln_wi_k(
; CHECK: [[OUT:%.*]] = load ptr addrspace(1), ptr addrspace(1) %out, align 8, !invariant.load
; CHECK: [[IN:%.*]] = load ptr addrspace(1), ptr addrspace(1) %in, align 8, !invariant.load
; CHECK: [[SP:%.*]] = getelementptr inbounds i32, ptr addrspace(1) [[IN]]
; CHECK-NEXT: load i32, ptr addrspace(1) [[SP]], align 4, !alias.scope ![[RO:[0-9]+]], !noalias ![[NOT_RO:[0-9]+]]
; CHECK: store i32 %v, ptr addrspace(1) %dp, align 4, !alias.scope ![[G:[0-9]+]], !noalias ![[NOT_G:[0-9]+]]
; CHECK: load i32, ptr addrspace(1) %rp, align 4, !alias.scope ![[G]], !noalias ![[NOT_G]]
; CHECK: store i32 %u, ptr addrspace(1) %bp, align 4, !alias.scope ![[G]], !noalias ![[NOT_G]]
; CHECK-DAG: ![[RO]] = !{![[RO_S:[0-9]+]]}
; CHECK-DAG: ![[G]] = !{![[G_S:[0-9]+]]}
; CHECK-DAG: ![[NOT_G]] = !{![[L_S:[0-9]+]], ![[RO_S]]}
; CHECK-DAG: ![[NOT_RO]] = !{![[L_S]], ![[G_S]]}
; Written by hand: a kernel as kiln-inline-all leaves image built-ins.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define spir_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %buf) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !3 !kernel_arg_type_qual !4 {
entry:
  %x = call i64 @_Z13get_global_idj(i32 0)
  %src = load ptr addrspace(1), ptr addrspace(1) %in, align 8
  %sp = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %x
  %v = load i32, ptr addrspace(1) %sp, align 4
  %dst = load ptr addrspace(1), ptr addrspace(1) %out, align 8
  %dp = getelementptr inbounds i32, ptr addrspace(1) %dst, i64 %x
  store i32 %v, ptr addrspace(1) %dp, align 4
  %rw = load ptr addrspace(1), ptr addrspace(1) %out, align 8
  %rp = getelementptr inbounds i32, ptr addrspace(1) %rw, i64 %x
  %u = load i32, ptr addrspace(1) %rp, align 4
  %bp = getelementptr inbounds i32, ptr addrspace(1) %buf, i64 %x
  store i32 %u, ptr addrspace(1) %bp, align 4
  ret void
}

declare i64 @_Z13get_global_idj(i32)

!1 = !{i32 1, i32 1, i32 1}
!2 = !{!"read_only", !"read_write", !"none"}
!3 = !{!"image2d_t", !"image2d_t", !"int*"}
!4 = !{!"", !"", !""}
