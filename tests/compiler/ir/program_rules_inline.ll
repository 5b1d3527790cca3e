; kiln-program-rules: a kernel may hold at most kiln_inline_limit (4,000,000)
; IR instructions once every call in it is inlined (rule_inline_size.cpp).
;  - f0 is 2 instructions; each fN calls fN-1 twice and has 4 of its own
;    (two calls, an add, a ret): fN is 6 * 2^N - 4 instructions.
;  - k40 calls f40 (6 * 2^40 - 4 = 6597069766652) and has 3 of its own:
;    6597069766655, over the limit, counted without inlining anything (each
;    function's figure once, bottom-up).
;  - k70 calls f70, whose figure passes 2^64: the count saturates.
;  - fine calls f10: 6143 instructions, within the limit.
;  - lib calls a declaration (a built-in, not linked yet) 3 times: one
;    instruction per call, fine.
; RUN: { %kiln-opt -passes=kiln-program-rules %s -S -o /dev/null 2>&1 || echo "kiln-opt: failed"; } | %FileCheck %s
; SKIP-FAILS: kiln-program-rules
; CHECK-DAG: error: kernel 'k40' would be 6597069766655 IR instructions once every call in it is inlined, more than Kiln's limit of 4000000
; CHECK-DAG: error: kernel 'k70' would be more than 2^64 IR instructions once every call in it is inlined
; CHECK-NOT: 'fine'
; CHECK-NOT: 'lib'
; CHECK: kiln-opt: failed

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define internal spir_func i32 @f0(i32 %x) {
entry:
  %r = add i32 %x, 1
  ret i32 %r
}

define internal spir_func i32 @f1(i32 %x) {
entry:
  %a = call spir_func i32 @f0(i32 %x)
  %b = call spir_func i32 @f0(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f2(i32 %x) {
entry:
  %a = call spir_func i32 @f1(i32 %x)
  %b = call spir_func i32 @f1(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f3(i32 %x) {
entry:
  %a = call spir_func i32 @f2(i32 %x)
  %b = call spir_func i32 @f2(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f4(i32 %x) {
entry:
  %a = call spir_func i32 @f3(i32 %x)
  %b = call spir_func i32 @f3(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f5(i32 %x) {
entry:
  %a = call spir_func i32 @f4(i32 %x)
  %b = call spir_func i32 @f4(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f6(i32 %x) {
entry:
  %a = call spir_func i32 @f5(i32 %x)
  %b = call spir_func i32 @f5(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f7(i32 %x) {
entry:
  %a = call spir_func i32 @f6(i32 %x)
  %b = call spir_func i32 @f6(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f8(i32 %x) {
entry:
  %a = call spir_func i32 @f7(i32 %x)
  %b = call spir_func i32 @f7(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f9(i32 %x) {
entry:
  %a = call spir_func i32 @f8(i32 %x)
  %b = call spir_func i32 @f8(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f10(i32 %x) {
entry:
  %a = call spir_func i32 @f9(i32 %x)
  %b = call spir_func i32 @f9(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f11(i32 %x) {
entry:
  %a = call spir_func i32 @f10(i32 %x)
  %b = call spir_func i32 @f10(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f12(i32 %x) {
entry:
  %a = call spir_func i32 @f11(i32 %x)
  %b = call spir_func i32 @f11(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f13(i32 %x) {
entry:
  %a = call spir_func i32 @f12(i32 %x)
  %b = call spir_func i32 @f12(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f14(i32 %x) {
entry:
  %a = call spir_func i32 @f13(i32 %x)
  %b = call spir_func i32 @f13(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f15(i32 %x) {
entry:
  %a = call spir_func i32 @f14(i32 %x)
  %b = call spir_func i32 @f14(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f16(i32 %x) {
entry:
  %a = call spir_func i32 @f15(i32 %x)
  %b = call spir_func i32 @f15(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f17(i32 %x) {
entry:
  %a = call spir_func i32 @f16(i32 %x)
  %b = call spir_func i32 @f16(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f18(i32 %x) {
entry:
  %a = call spir_func i32 @f17(i32 %x)
  %b = call spir_func i32 @f17(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f19(i32 %x) {
entry:
  %a = call spir_func i32 @f18(i32 %x)
  %b = call spir_func i32 @f18(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f20(i32 %x) {
entry:
  %a = call spir_func i32 @f19(i32 %x)
  %b = call spir_func i32 @f19(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f21(i32 %x) {
entry:
  %a = call spir_func i32 @f20(i32 %x)
  %b = call spir_func i32 @f20(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f22(i32 %x) {
entry:
  %a = call spir_func i32 @f21(i32 %x)
  %b = call spir_func i32 @f21(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f23(i32 %x) {
entry:
  %a = call spir_func i32 @f22(i32 %x)
  %b = call spir_func i32 @f22(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f24(i32 %x) {
entry:
  %a = call spir_func i32 @f23(i32 %x)
  %b = call spir_func i32 @f23(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f25(i32 %x) {
entry:
  %a = call spir_func i32 @f24(i32 %x)
  %b = call spir_func i32 @f24(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f26(i32 %x) {
entry:
  %a = call spir_func i32 @f25(i32 %x)
  %b = call spir_func i32 @f25(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f27(i32 %x) {
entry:
  %a = call spir_func i32 @f26(i32 %x)
  %b = call spir_func i32 @f26(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f28(i32 %x) {
entry:
  %a = call spir_func i32 @f27(i32 %x)
  %b = call spir_func i32 @f27(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f29(i32 %x) {
entry:
  %a = call spir_func i32 @f28(i32 %x)
  %b = call spir_func i32 @f28(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f30(i32 %x) {
entry:
  %a = call spir_func i32 @f29(i32 %x)
  %b = call spir_func i32 @f29(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f31(i32 %x) {
entry:
  %a = call spir_func i32 @f30(i32 %x)
  %b = call spir_func i32 @f30(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f32(i32 %x) {
entry:
  %a = call spir_func i32 @f31(i32 %x)
  %b = call spir_func i32 @f31(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f33(i32 %x) {
entry:
  %a = call spir_func i32 @f32(i32 %x)
  %b = call spir_func i32 @f32(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f34(i32 %x) {
entry:
  %a = call spir_func i32 @f33(i32 %x)
  %b = call spir_func i32 @f33(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f35(i32 %x) {
entry:
  %a = call spir_func i32 @f34(i32 %x)
  %b = call spir_func i32 @f34(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f36(i32 %x) {
entry:
  %a = call spir_func i32 @f35(i32 %x)
  %b = call spir_func i32 @f35(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f37(i32 %x) {
entry:
  %a = call spir_func i32 @f36(i32 %x)
  %b = call spir_func i32 @f36(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f38(i32 %x) {
entry:
  %a = call spir_func i32 @f37(i32 %x)
  %b = call spir_func i32 @f37(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f39(i32 %x) {
entry:
  %a = call spir_func i32 @f38(i32 %x)
  %b = call spir_func i32 @f38(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f40(i32 %x) {
entry:
  %a = call spir_func i32 @f39(i32 %x)
  %b = call spir_func i32 @f39(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f41(i32 %x) {
entry:
  %a = call spir_func i32 @f40(i32 %x)
  %b = call spir_func i32 @f40(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f42(i32 %x) {
entry:
  %a = call spir_func i32 @f41(i32 %x)
  %b = call spir_func i32 @f41(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f43(i32 %x) {
entry:
  %a = call spir_func i32 @f42(i32 %x)
  %b = call spir_func i32 @f42(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f44(i32 %x) {
entry:
  %a = call spir_func i32 @f43(i32 %x)
  %b = call spir_func i32 @f43(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f45(i32 %x) {
entry:
  %a = call spir_func i32 @f44(i32 %x)
  %b = call spir_func i32 @f44(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f46(i32 %x) {
entry:
  %a = call spir_func i32 @f45(i32 %x)
  %b = call spir_func i32 @f45(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f47(i32 %x) {
entry:
  %a = call spir_func i32 @f46(i32 %x)
  %b = call spir_func i32 @f46(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f48(i32 %x) {
entry:
  %a = call spir_func i32 @f47(i32 %x)
  %b = call spir_func i32 @f47(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f49(i32 %x) {
entry:
  %a = call spir_func i32 @f48(i32 %x)
  %b = call spir_func i32 @f48(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f50(i32 %x) {
entry:
  %a = call spir_func i32 @f49(i32 %x)
  %b = call spir_func i32 @f49(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f51(i32 %x) {
entry:
  %a = call spir_func i32 @f50(i32 %x)
  %b = call spir_func i32 @f50(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f52(i32 %x) {
entry:
  %a = call spir_func i32 @f51(i32 %x)
  %b = call spir_func i32 @f51(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f53(i32 %x) {
entry:
  %a = call spir_func i32 @f52(i32 %x)
  %b = call spir_func i32 @f52(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f54(i32 %x) {
entry:
  %a = call spir_func i32 @f53(i32 %x)
  %b = call spir_func i32 @f53(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f55(i32 %x) {
entry:
  %a = call spir_func i32 @f54(i32 %x)
  %b = call spir_func i32 @f54(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f56(i32 %x) {
entry:
  %a = call spir_func i32 @f55(i32 %x)
  %b = call spir_func i32 @f55(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f57(i32 %x) {
entry:
  %a = call spir_func i32 @f56(i32 %x)
  %b = call spir_func i32 @f56(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f58(i32 %x) {
entry:
  %a = call spir_func i32 @f57(i32 %x)
  %b = call spir_func i32 @f57(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f59(i32 %x) {
entry:
  %a = call spir_func i32 @f58(i32 %x)
  %b = call spir_func i32 @f58(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f60(i32 %x) {
entry:
  %a = call spir_func i32 @f59(i32 %x)
  %b = call spir_func i32 @f59(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f61(i32 %x) {
entry:
  %a = call spir_func i32 @f60(i32 %x)
  %b = call spir_func i32 @f60(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f62(i32 %x) {
entry:
  %a = call spir_func i32 @f61(i32 %x)
  %b = call spir_func i32 @f61(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f63(i32 %x) {
entry:
  %a = call spir_func i32 @f62(i32 %x)
  %b = call spir_func i32 @f62(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f64(i32 %x) {
entry:
  %a = call spir_func i32 @f63(i32 %x)
  %b = call spir_func i32 @f63(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f65(i32 %x) {
entry:
  %a = call spir_func i32 @f64(i32 %x)
  %b = call spir_func i32 @f64(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f66(i32 %x) {
entry:
  %a = call spir_func i32 @f65(i32 %x)
  %b = call spir_func i32 @f65(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f67(i32 %x) {
entry:
  %a = call spir_func i32 @f66(i32 %x)
  %b = call spir_func i32 @f66(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f68(i32 %x) {
entry:
  %a = call spir_func i32 @f67(i32 %x)
  %b = call spir_func i32 @f67(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f69(i32 %x) {
entry:
  %a = call spir_func i32 @f68(i32 %x)
  %b = call spir_func i32 @f68(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define internal spir_func i32 @f70(i32 %x) {
entry:
  %a = call spir_func i32 @f69(i32 %x)
  %b = call spir_func i32 @f69(i32 %a)
  %s = add i32 %a, %b
  ret i32 %s
}

define spir_kernel void @k40(ptr addrspace(1) %o) {
entry:
  %v = call spir_func i32 @f40(i32 7)
  store i32 %v, ptr addrspace(1) %o
  ret void
}

define spir_kernel void @k70(ptr addrspace(1) %o) {
entry:
  %v = call spir_func i32 @f70(i32 7)
  store i32 %v, ptr addrspace(1) %o
  ret void
}

define spir_kernel void @fine(ptr addrspace(1) %o) {
entry:
  %v = call spir_func i32 @f10(i32 7)
  store i32 %v, ptr addrspace(1) %o
  ret void
}

declare spir_func float @_Z3sinf(float)

define spir_kernel void @lib(ptr addrspace(1) %o) {
entry:
  %a = call spir_func float @_Z3sinf(float 1.0)
  %b = call spir_func float @_Z3sinf(float %a)
  %c = call spir_func float @_Z3sinf(float %b)
  store float %c, ptr addrspace(1) %o
  ret void
}
