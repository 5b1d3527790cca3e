; kiln-vector-variants: a call of @f, whose companion @f_vec is @f widened
; to 16 lanes, names @f_vec to the loop vectorizer (the vector function
; ABI's _ZGV_LLVM_N16vv_f(f_vec)), and @f_vec, and @f (whose signature
; must stay @f_vec's), are kept in llvm.compiler.used.  @g_vec does not match @g widened (its second
; parameter is passed as a double, as Clang's x86-64 convention does for
; a uint2), so the call of @g stays without a variant.
; RUN: %kiln-opt -passes=kiln-vector-variants %s -S | %FileCheck %s
; SKIP-FAILS: kiln-vector-variants
; CHECK: @llvm.compiler.used = appending global [2 x ptr] [ptr @f_vec, ptr @f]
; CHECK-LABEL: define void @loop(
; CHECK: call float @f(i32 %i, i32 7) #[[F:[0-9]+]]
; CHECK: call <2 x i32> @g(i32 %i, i32 7){{$}}
; CHECK: attributes #[[F]] = { "vector-function-abi-variant"="_ZGV_LLVM_N16vv_f(f_vec)" }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @loop(ptr %out, ptr %out2, i32 %n) {
entry:
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %r = call float @f(i32 %i, i32 7)
  %p = getelementptr float, ptr %out, i32 %i
  store float %r, ptr %p
  %r2 = call <2 x i32> @g(i32 %i, i32 7)
  %p2 = getelementptr <2 x i32>, ptr %out2, i32 %i
  store <2 x i32> %r2, ptr %p2
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

define float @f(i32 %a, i32 %b) noinline {
  %s = add i32 %a, %b
  %r = sitofp i32 %s to float
  ret float %r
}

define <16 x float> @f_vec(<16 x i32> %a, <16 x i32> %b) noinline {
  %s = add <16 x i32> %a, %b
  %r = sitofp <16 x i32> %s to <16 x float>
  ret <16 x float> %r
}

define <2 x i32> @g(i32 %a, i32 %b) noinline {
  %v = insertelement <2 x i32> undef, i32 %a, i32 0
  %w = insertelement <2 x i32> %v, i32 %b, i32 1
  ret <2 x i32> %w
}

define <4 x i32> @g_vec(<2 x i32> %a, double %b) noinline {
  ret <4 x i32> zeroinitializer
}
