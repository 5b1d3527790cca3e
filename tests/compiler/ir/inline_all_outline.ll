; kiln-inline-all leaves kernel-lib's kl_outline_* functions (cold generic
; paths, noinline) as calls and keeps them noinline, while @twice is
; inlined and gone as usual.
; RUN: %kiln-opt -passes=kiln-inline-all %s -S | %FileCheck %s
; SKIP-FAILS: kiln-inline-all
; CHECK-NOT: define {{.*}}@twice
; CHECK: define {{.*}}spir_kernel void @k(
; CHECK-NOT: call {{.*}}@twice
; CHECK: call float @kl_outline_cold(
; CHECK-NOT: call {{.*}}@twice
; CHECK: ret void
; CHECK: define internal float @kl_outline_cold({{.*}}) #[[COLD:[0-9]+]]
; CHECK: attributes #[[COLD]] = { noinline
; Written by hand.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define spir_kernel void @k(ptr addrspace(1) %a) {
entry:
  %x = load float, ptr addrspace(1) %a, align 4
  %y = call float @twice(float %x)
  %z = call float @kl_outline_cold(float %y)
  store float %z, ptr addrspace(1) %a, align 4
  ret void
}

define internal float @twice(float %x) {
  %r = fadd float %x, %x
  ret float %r
}

define internal float @kl_outline_cold(float %x) #0 {
  %r = fmul float %x, 3.0
  ret float %r
}

attributes #0 = { noinline nounwind }
