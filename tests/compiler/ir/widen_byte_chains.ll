; kiln-widen-byte-chains: a chain of byte-vector multiplies and adds
; (clpeak's `x = y * x + y; y = x * y + x` on char, vectorized) runs in
; 16-bit lanes: its inputs are widened once, its multiplies and adds are
; <64 x i16>, and only the values that leave the chain (the two stores) are
; narrowed back.  Not taken: a chain of adds alone (@__kiln_wg_adds: x86
; adds bytes natively), and byte vectors narrower than 16 lanes
; (@__kiln_wg_narrow).
; RUN: %kiln-opt -passes=kiln-widen-byte-chains %s -S | %FileCheck %s
; SKIP-FAILS: kiln-widen-byte-chains
; CHECK-LABEL: define void @__kiln_wg_chain(
; CHECK: %x = load <64 x i8>, ptr %px
; CHECK-NEXT: %y = load <64 x i8>, ptr %py
; CHECK-NEXT: %y.w = zext <64 x i8> %y to <64 x i16>
; CHECK-NEXT: %x.w = zext <64 x i8> %x to <64 x i16>
; CHECK-NEXT: %m1.w = mul <64 x i16> %y.w, %x.w
; CHECK-NEXT: %x1.w = add <64 x i16> %m1.w, %y.w
; CHECK-NEXT: %m2.w = mul <64 x i16> %x1.w, %y.w
; CHECK-NEXT: %y1.w = add <64 x i16> %m2.w, %x1.w
; CHECK-NEXT: %y1.b = trunc <64 x i16> %y1.w to <64 x i8>
; CHECK-NEXT: %m3.w = mul <64 x i16> %y1.w, %x1.w
; CHECK-NEXT: %x2.w = add <64 x i16> %m3.w, %y1.w
; CHECK-NEXT: %x2.b = trunc <64 x i16> %x2.w to <64 x i8>
; CHECK-NEXT: store <64 x i8> %x2.b, ptr %px
; CHECK-NEXT: store <64 x i8> %y1.b, ptr %py
; CHECK-NEXT: ret void
; CHECK-LABEL: define void @__kiln_wg_adds(
; CHECK: %a1 = add <64 x i8>
; CHECK-LABEL: define void @__kiln_wg_narrow(
; CHECK: %m1 = mul <8 x i8>

define void @__kiln_wg_chain(ptr noalias %px, ptr noalias %py) {
entry:
  %x = load <64 x i8>, ptr %px
  %y = load <64 x i8>, ptr %py
  %m1 = mul <64 x i8> %y, %x
  %x1 = add <64 x i8> %m1, %y
  %m2 = mul <64 x i8> %x1, %y
  %y1 = add <64 x i8> %m2, %x1
  %m3 = mul <64 x i8> %y1, %x1
  %x2 = add <64 x i8> %m3, %y1
  store <64 x i8> %x2, ptr %px
  store <64 x i8> %y1, ptr %py
  ret void
}

define void @__kiln_wg_adds(ptr noalias %px, ptr noalias %py) {
entry:
  %x = load <64 x i8>, ptr %px
  %y = load <64 x i8>, ptr %py
  %a1 = add <64 x i8> %y, %x
  %a2 = add <64 x i8> %a1, %y
  store <64 x i8> %a2, ptr %px
  ret void
}

define void @__kiln_wg_narrow(ptr noalias %px, ptr noalias %py) {
entry:
  %x = load <8 x i8>, ptr %px
  %y = load <8 x i8>, ptr %py
  %m1 = mul <8 x i8> %y, %x
  %a1 = add <8 x i8> %m1, %y
  store <8 x i8> %a1, ptr %px
  ret void
}
