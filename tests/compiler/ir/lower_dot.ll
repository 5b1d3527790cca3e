; kiln-lower-dot: in a function whose target has AVX-512 VNNI and VL, the
; packed dot-product primitives become vpdpbusd(s): the mixed form is one
; instruction whose accumulator absorbs the add of its result; the
; signed form flips a's bytes and subtracts 128 times b's byte sum (a
; second vpdpbusd with 0x01010101); the unsigned form flips b's bytes and
; adds 128 times a's byte sum; the saturating form is vpdpbusds; the
; 16-lane companion uses the 512-bit instruction.  Without VNNI the body
; of the primitive is inlined.
; RUN: %kiln-opt -passes=kiln-lower-dot %s -S | %FileCheck %s
; SKIP-FAILS: kiln-lower-dot

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @mixed(
; CHECK: [[A:%.*]] = insertelement <4 x i32> zeroinitializer, i32 %s, i64 0
; CHECK: [[R:%.*]] = call <4 x i32> @llvm.x86.avx512.vpdpbusd.128(<4 x i32> [[A]],
; CHECK-NEXT: [[D:%.*]] = extractelement <4 x i32> [[R]], i64 0
; CHECK-NOT: add
; CHECK: ret i32 [[D]]
define i32 @mixed(i32 %s, i32 %a, i32 %b) #0 {
  %d = call i32 @__kiln_dot4_us(i32 0, i32 %a, i32 %b)
  %r = add i32 %s, %d
  ret i32 %r
}

; CHECK-LABEL: define <16 x i32> @signed16(
; CHECK: [[SUM:%.*]] = call <16 x i32> @llvm.x86.avx512.vpdpbusd.512(<16 x i32> zeroinitializer, <16 x i32> <i32 16843009,{{.*}}>, <16 x i32> %b)
; CHECK: [[FA:%.*]] = xor <16 x i32> %a, <i32 -2139062144,
; CHECK: [[P:%.*]] = call <16 x i32> @llvm.x86.avx512.vpdpbusd.512(<16 x i32> %acc, <16 x i32> [[FA]], <16 x i32> %b)
; CHECK: [[C:%.*]] = shl <16 x i32> [[SUM]], <i32 7,
; CHECK: sub <16 x i32> [[P]], [[C]]
define <16 x i32> @signed16(<16 x i32> %acc, <16 x i32> %a, <16 x i32> %b) #0 {
  %d = call <16 x i32> @__kiln_dot4_ss_vec(<16 x i32> %acc, <16 x i32> %a, <16 x i32> %b)
  ret <16 x i32> %d
}

; CHECK-LABEL: define i32 @unsigned(
; CHECK: call <4 x i32> @llvm.x86.avx512.vpdpbusd.128(<4 x i32> zeroinitializer, <4 x i32> %{{.*}}, <4 x i32> <i32 16843009,
; CHECK: xor i32 %b, -2139062144
; CHECK: call <4 x i32> @llvm.x86.avx512.vpdpbusd.128(
; CHECK: shl i32 %{{.*}}, 7
; CHECK: add i32
define i32 @unsigned(i32 %a, i32 %b) #0 {
  %d = call i32 @__kiln_dot4_uu(i32 0, i32 %a, i32 %b)
  ret i32 %d
}

; CHECK-LABEL: define i32 @saturating(
; CHECK: call <4 x i32> @llvm.x86.avx512.vpdpbusds.128(
define i32 @saturating(i32 %s, i32 %a, i32 %b) #0 {
  %d = call i32 @__kiln_dot4_us_sat(i32 %s, i32 %a, i32 %b)
  ret i32 %d
}

; CHECK-LABEL: define i32 @no_vnni(
; CHECK-NOT: call
; CHECK: mul i32
; CHECK: ret i32
define i32 @no_vnni(i32 %a, i32 %b) #1 {
  %d = call i32 @__kiln_dot4_us(i32 0, i32 %a, i32 %b)
  ret i32 %d
}

; the primitives' bodies (one product is enough for the test)
define internal i32 @__kiln_dot4_us(i32 %acc, i32 %a, i32 %b) #2 {
  %p = mul i32 %a, %b
  %r = add i32 %acc, %p
  ret i32 %r
}
define internal i32 @__kiln_dot4_uu(i32 %acc, i32 %a, i32 %b) #2 {
  %p = mul i32 %a, %b
  %r = add i32 %acc, %p
  ret i32 %r
}
define internal i32 @__kiln_dot4_us_sat(i32 %acc, i32 %a, i32 %b) #2 {
  %p = mul i32 %a, %b
  %r = call i32 @llvm.sadd.sat.i32(i32 %acc, i32 %p)
  ret i32 %r
}
define internal <16 x i32> @__kiln_dot4_ss_vec(<16 x i32> %acc, <16 x i32> %a, <16 x i32> %b) #2 {
  %p = mul <16 x i32> %a, %b
  %r = add <16 x i32> %acc, %p
  ret <16 x i32> %r
}
declare i32 @llvm.sadd.sat.i32(i32, i32)

attributes #0 = { "target-features"="+avx512f,+avx512vl,+avx512vnni" }
attributes #1 = { "target-features"="+avx2,+avx512f,+avx512vnni,-avx512vnni" }
attributes #2 = { noinline readnone }
