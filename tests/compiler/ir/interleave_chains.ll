; kiln-interleave-chains: a block holding independent chains of
; multiply-adds one after the other gets them side by side, step by step
; (@__kiln_wg_two: both loads, each chain's first step, then each chain's
; second...).  Not taken: a block with one chain (@__kiln_wg_one); chains
; whose memory may overlap keep their order where it matters
; (@__kiln_wg_alias: the second chain's load may read what the first
; chain stored, so it waits for that store, and the chains stay one after
; the other).
; RUN: %kiln-opt -kiln-target-features=+avx512f,+avx512vl,+avx512bw,+avx512dq,+avx2,+fma -passes=kiln-interleave-chains %s -S | %FileCheck %s
; SKIP-FAILS: kiln-interleave-chains
; CHECK-LABEL: define void @__kiln_wg_two(
; CHECK: %a.x = load
; CHECK-NEXT: %b.x = load
; CHECK-NEXT: %a0 = call
; CHECK-NEXT: %b0 = call
; CHECK-NEXT: %a1 = call
; CHECK-NEXT: %b1 = call
; CHECK-NEXT: %a2 = call
; CHECK-NEXT: %b2 = call
; CHECK: %a23 = call
; CHECK-NEXT: %b23 = call
; CHECK-NEXT: store <8 x double> %a23, ptr %q
; CHECK-NEXT: store <8 x double> %b23, ptr %s
; CHECK-NEXT: ret void
; CHECK-LABEL: define void @__kiln_wg_one(
; CHECK: %a0 = call
; CHECK-NEXT: %a1 = call
; CHECK-LABEL: define void @__kiln_wg_alias(
; CHECK: %a23 = call
; CHECK-NEXT: store <8 x double> %a23, ptr %q
; CHECK-NEXT: %b.x = load
; CHECK-NEXT: %b0 = call
; CHECK-NEXT: %b1 = call

define void @__kiln_wg_two(ptr noalias %p, ptr noalias %q, ptr noalias %r, ptr noalias %s) {
entry:
  %a.x = load <8 x double>, ptr %p, align 64
  %a0 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a.x, <8 x double> %a.x, <8 x double> %a.x)
  %a1 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a0, <8 x double> %a.x, <8 x double> %a0)
  %a2 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a1, <8 x double> %a0, <8 x double> %a1)
  %a3 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a2, <8 x double> %a1, <8 x double> %a2)
  %a4 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a3, <8 x double> %a2, <8 x double> %a3)
  %a5 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a4, <8 x double> %a3, <8 x double> %a4)
  %a6 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a5, <8 x double> %a4, <8 x double> %a5)
  %a7 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a6, <8 x double> %a5, <8 x double> %a6)
  %a8 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a7, <8 x double> %a6, <8 x double> %a7)
  %a9 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a8, <8 x double> %a7, <8 x double> %a8)
  %a10 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a9, <8 x double> %a8, <8 x double> %a9)
  %a11 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a10, <8 x double> %a9, <8 x double> %a10)
  %a12 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a11, <8 x double> %a10, <8 x double> %a11)
  %a13 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a12, <8 x double> %a11, <8 x double> %a12)
  %a14 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a13, <8 x double> %a12, <8 x double> %a13)
  %a15 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a14, <8 x double> %a13, <8 x double> %a14)
  %a16 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a15, <8 x double> %a14, <8 x double> %a15)
  %a17 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a16, <8 x double> %a15, <8 x double> %a16)
  %a18 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a17, <8 x double> %a16, <8 x double> %a17)
  %a19 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a18, <8 x double> %a17, <8 x double> %a18)
  %a20 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a19, <8 x double> %a18, <8 x double> %a19)
  %a21 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a20, <8 x double> %a19, <8 x double> %a20)
  %a22 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a21, <8 x double> %a20, <8 x double> %a21)
  %a23 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a22, <8 x double> %a21, <8 x double> %a22)
  store <8 x double> %a23, ptr %q, align 64
  %b.x = load <8 x double>, ptr %r, align 64
  %b0 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b.x, <8 x double> %b.x, <8 x double> %b.x)
  %b1 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b0, <8 x double> %b.x, <8 x double> %b0)
  %b2 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b1, <8 x double> %b0, <8 x double> %b1)
  %b3 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b2, <8 x double> %b1, <8 x double> %b2)
  %b4 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b3, <8 x double> %b2, <8 x double> %b3)
  %b5 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b4, <8 x double> %b3, <8 x double> %b4)
  %b6 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b5, <8 x double> %b4, <8 x double> %b5)
  %b7 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b6, <8 x double> %b5, <8 x double> %b6)
  %b8 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b7, <8 x double> %b6, <8 x double> %b7)
  %b9 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b8, <8 x double> %b7, <8 x double> %b8)
  %b10 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b9, <8 x double> %b8, <8 x double> %b9)
  %b11 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b10, <8 x double> %b9, <8 x double> %b10)
  %b12 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b11, <8 x double> %b10, <8 x double> %b11)
  %b13 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b12, <8 x double> %b11, <8 x double> %b12)
  %b14 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b13, <8 x double> %b12, <8 x double> %b13)
  %b15 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b14, <8 x double> %b13, <8 x double> %b14)
  %b16 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b15, <8 x double> %b14, <8 x double> %b15)
  %b17 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b16, <8 x double> %b15, <8 x double> %b16)
  %b18 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b17, <8 x double> %b16, <8 x double> %b17)
  %b19 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b18, <8 x double> %b17, <8 x double> %b18)
  %b20 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b19, <8 x double> %b18, <8 x double> %b19)
  %b21 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b20, <8 x double> %b19, <8 x double> %b20)
  %b22 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b21, <8 x double> %b20, <8 x double> %b21)
  %b23 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b22, <8 x double> %b21, <8 x double> %b22)
  store <8 x double> %b23, ptr %s, align 64
  ret void
}

define void @__kiln_wg_one(ptr noalias %p, ptr noalias %q) {
entry:
  %a.x = load <8 x double>, ptr %p, align 64
  %a0 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a.x, <8 x double> %a.x, <8 x double> %a.x)
  %a1 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a0, <8 x double> %a.x, <8 x double> %a0)
  %a2 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a1, <8 x double> %a0, <8 x double> %a1)
  %a3 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a2, <8 x double> %a1, <8 x double> %a2)
  %a4 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a3, <8 x double> %a2, <8 x double> %a3)
  %a5 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a4, <8 x double> %a3, <8 x double> %a4)
  %a6 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a5, <8 x double> %a4, <8 x double> %a5)
  %a7 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a6, <8 x double> %a5, <8 x double> %a6)
  %a8 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a7, <8 x double> %a6, <8 x double> %a7)
  %a9 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a8, <8 x double> %a7, <8 x double> %a8)
  %a10 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a9, <8 x double> %a8, <8 x double> %a9)
  %a11 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a10, <8 x double> %a9, <8 x double> %a10)
  %a12 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a11, <8 x double> %a10, <8 x double> %a11)
  %a13 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a12, <8 x double> %a11, <8 x double> %a12)
  %a14 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a13, <8 x double> %a12, <8 x double> %a13)
  %a15 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a14, <8 x double> %a13, <8 x double> %a14)
  %a16 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a15, <8 x double> %a14, <8 x double> %a15)
  %a17 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a16, <8 x double> %a15, <8 x double> %a16)
  %a18 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a17, <8 x double> %a16, <8 x double> %a17)
  %a19 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a18, <8 x double> %a17, <8 x double> %a18)
  %a20 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a19, <8 x double> %a18, <8 x double> %a19)
  %a21 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a20, <8 x double> %a19, <8 x double> %a20)
  %a22 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a21, <8 x double> %a20, <8 x double> %a21)
  %a23 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a22, <8 x double> %a21, <8 x double> %a22)
  %a24 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a23, <8 x double> %a22, <8 x double> %a23)
  %a25 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a24, <8 x double> %a23, <8 x double> %a24)
  %a26 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a25, <8 x double> %a24, <8 x double> %a25)
  %a27 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a26, <8 x double> %a25, <8 x double> %a26)
  %a28 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a27, <8 x double> %a26, <8 x double> %a27)
  %a29 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a28, <8 x double> %a27, <8 x double> %a28)
  %a30 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a29, <8 x double> %a28, <8 x double> %a29)
  %a31 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a30, <8 x double> %a29, <8 x double> %a30)
  %a32 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a31, <8 x double> %a30, <8 x double> %a31)
  %a33 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a32, <8 x double> %a31, <8 x double> %a32)
  %a34 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a33, <8 x double> %a32, <8 x double> %a33)
  %a35 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a34, <8 x double> %a33, <8 x double> %a34)
  %a36 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a35, <8 x double> %a34, <8 x double> %a35)
  %a37 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a36, <8 x double> %a35, <8 x double> %a36)
  %a38 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a37, <8 x double> %a36, <8 x double> %a37)
  %a39 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a38, <8 x double> %a37, <8 x double> %a38)
  %a40 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a39, <8 x double> %a38, <8 x double> %a39)
  %a41 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a40, <8 x double> %a39, <8 x double> %a40)
  %a42 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a41, <8 x double> %a40, <8 x double> %a41)
  %a43 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a42, <8 x double> %a41, <8 x double> %a42)
  %a44 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a43, <8 x double> %a42, <8 x double> %a43)
  %a45 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a44, <8 x double> %a43, <8 x double> %a44)
  %a46 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a45, <8 x double> %a44, <8 x double> %a45)
  %a47 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a46, <8 x double> %a45, <8 x double> %a46)
  store <8 x double> %a47, ptr %q, align 64
  ret void
}

define void @__kiln_wg_alias(ptr %p, ptr %q, ptr %r, ptr %s) {
entry:
  %a.x = load <8 x double>, ptr %p, align 64
  %a0 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a.x, <8 x double> %a.x, <8 x double> %a.x)
  %a1 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a0, <8 x double> %a.x, <8 x double> %a0)
  %a2 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a1, <8 x double> %a0, <8 x double> %a1)
  %a3 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a2, <8 x double> %a1, <8 x double> %a2)
  %a4 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a3, <8 x double> %a2, <8 x double> %a3)
  %a5 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a4, <8 x double> %a3, <8 x double> %a4)
  %a6 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a5, <8 x double> %a4, <8 x double> %a5)
  %a7 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a6, <8 x double> %a5, <8 x double> %a6)
  %a8 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a7, <8 x double> %a6, <8 x double> %a7)
  %a9 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a8, <8 x double> %a7, <8 x double> %a8)
  %a10 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a9, <8 x double> %a8, <8 x double> %a9)
  %a11 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a10, <8 x double> %a9, <8 x double> %a10)
  %a12 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a11, <8 x double> %a10, <8 x double> %a11)
  %a13 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a12, <8 x double> %a11, <8 x double> %a12)
  %a14 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a13, <8 x double> %a12, <8 x double> %a13)
  %a15 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a14, <8 x double> %a13, <8 x double> %a14)
  %a16 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a15, <8 x double> %a14, <8 x double> %a15)
  %a17 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a16, <8 x double> %a15, <8 x double> %a16)
  %a18 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a17, <8 x double> %a16, <8 x double> %a17)
  %a19 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a18, <8 x double> %a17, <8 x double> %a18)
  %a20 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a19, <8 x double> %a18, <8 x double> %a19)
  %a21 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a20, <8 x double> %a19, <8 x double> %a20)
  %a22 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a21, <8 x double> %a20, <8 x double> %a21)
  %a23 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %a22, <8 x double> %a21, <8 x double> %a22)
  store <8 x double> %a23, ptr %q, align 64
  %b.x = load <8 x double>, ptr %r, align 64
  %b0 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b.x, <8 x double> %b.x, <8 x double> %b.x)
  %b1 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b0, <8 x double> %b.x, <8 x double> %b0)
  %b2 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b1, <8 x double> %b0, <8 x double> %b1)
  %b3 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b2, <8 x double> %b1, <8 x double> %b2)
  %b4 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b3, <8 x double> %b2, <8 x double> %b3)
  %b5 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b4, <8 x double> %b3, <8 x double> %b4)
  %b6 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b5, <8 x double> %b4, <8 x double> %b5)
  %b7 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b6, <8 x double> %b5, <8 x double> %b6)
  %b8 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b7, <8 x double> %b6, <8 x double> %b7)
  %b9 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b8, <8 x double> %b7, <8 x double> %b8)
  %b10 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b9, <8 x double> %b8, <8 x double> %b9)
  %b11 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b10, <8 x double> %b9, <8 x double> %b10)
  %b12 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b11, <8 x double> %b10, <8 x double> %b11)
  %b13 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b12, <8 x double> %b11, <8 x double> %b12)
  %b14 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b13, <8 x double> %b12, <8 x double> %b13)
  %b15 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b14, <8 x double> %b13, <8 x double> %b14)
  %b16 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b15, <8 x double> %b14, <8 x double> %b15)
  %b17 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b16, <8 x double> %b15, <8 x double> %b16)
  %b18 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b17, <8 x double> %b16, <8 x double> %b17)
  %b19 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b18, <8 x double> %b17, <8 x double> %b18)
  %b20 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b19, <8 x double> %b18, <8 x double> %b19)
  %b21 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b20, <8 x double> %b19, <8 x double> %b20)
  %b22 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b21, <8 x double> %b20, <8 x double> %b21)
  %b23 = call <8 x double> @llvm.fmuladd.v8f64(<8 x double> %b22, <8 x double> %b21, <8 x double> %b22)
  store <8 x double> %b23, ptr %s, align 64
  ret void
}

declare <8 x double> @llvm.fmuladd.v8f64(<8 x double>, <8 x double>, <8 x double>)
