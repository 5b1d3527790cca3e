; kiln-interleave-chains: a block holding independent chains of
; multiply-adds one after the other gets them side by side, step by step
; (@__kiln_wg_two: both loads, each chain's first step, then each chain's
; second...).  Not taken: a block with one chain (@__kiln_wg_one); chains
; whose memory may overlap keep their order where it matters
; (@__kiln_wg_alias: the second chain's load may read what the first
; chain stored, so it waits for that store, and the chains stay one after
; the other).  The broadcasts of loaded scalars that each step reads
; (@__kiln_wg_splats, all sixteen of each chain at the top, as LLVM leaves
; a register-tiled SGEMM row) go just before their steps, and the chains
; side by side: placed first they would hold 16 registers per chain.
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
; CHECK-LABEL: define void @__kiln_wg_splats(
; CHECK: %a.v0 = shufflevector
; CHECK-NEXT: %b.v0 = shufflevector
; CHECK-NEXT: %a0 = call
; CHECK-NEXT: %b0 = call
; CHECK: %a.v15 = shufflevector
; CHECK-NEXT: %b.v15 = shufflevector
; CHECK-NEXT: %a15 = call
; CHECK-NEXT: %b15 = call

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

define void @__kiln_wg_splats(ptr noalias %p, ptr noalias %q, ptr noalias %r, ptr noalias %s) {
entry:
  %a.p0 = getelementptr float, ptr %p, i64 0
  %a.s0 = load float, ptr %a.p0, align 4
  %a.i0 = insertelement <16 x float> poison, float %a.s0, i64 0
  %a.v0 = shufflevector <16 x float> %a.i0, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p1 = getelementptr float, ptr %p, i64 1
  %a.s1 = load float, ptr %a.p1, align 4
  %a.i1 = insertelement <16 x float> poison, float %a.s1, i64 0
  %a.v1 = shufflevector <16 x float> %a.i1, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p2 = getelementptr float, ptr %p, i64 2
  %a.s2 = load float, ptr %a.p2, align 4
  %a.i2 = insertelement <16 x float> poison, float %a.s2, i64 0
  %a.v2 = shufflevector <16 x float> %a.i2, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p3 = getelementptr float, ptr %p, i64 3
  %a.s3 = load float, ptr %a.p3, align 4
  %a.i3 = insertelement <16 x float> poison, float %a.s3, i64 0
  %a.v3 = shufflevector <16 x float> %a.i3, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p4 = getelementptr float, ptr %p, i64 4
  %a.s4 = load float, ptr %a.p4, align 4
  %a.i4 = insertelement <16 x float> poison, float %a.s4, i64 0
  %a.v4 = shufflevector <16 x float> %a.i4, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p5 = getelementptr float, ptr %p, i64 5
  %a.s5 = load float, ptr %a.p5, align 4
  %a.i5 = insertelement <16 x float> poison, float %a.s5, i64 0
  %a.v5 = shufflevector <16 x float> %a.i5, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p6 = getelementptr float, ptr %p, i64 6
  %a.s6 = load float, ptr %a.p6, align 4
  %a.i6 = insertelement <16 x float> poison, float %a.s6, i64 0
  %a.v6 = shufflevector <16 x float> %a.i6, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p7 = getelementptr float, ptr %p, i64 7
  %a.s7 = load float, ptr %a.p7, align 4
  %a.i7 = insertelement <16 x float> poison, float %a.s7, i64 0
  %a.v7 = shufflevector <16 x float> %a.i7, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p8 = getelementptr float, ptr %p, i64 8
  %a.s8 = load float, ptr %a.p8, align 4
  %a.i8 = insertelement <16 x float> poison, float %a.s8, i64 0
  %a.v8 = shufflevector <16 x float> %a.i8, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p9 = getelementptr float, ptr %p, i64 9
  %a.s9 = load float, ptr %a.p9, align 4
  %a.i9 = insertelement <16 x float> poison, float %a.s9, i64 0
  %a.v9 = shufflevector <16 x float> %a.i9, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p10 = getelementptr float, ptr %p, i64 10
  %a.s10 = load float, ptr %a.p10, align 4
  %a.i10 = insertelement <16 x float> poison, float %a.s10, i64 0
  %a.v10 = shufflevector <16 x float> %a.i10, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p11 = getelementptr float, ptr %p, i64 11
  %a.s11 = load float, ptr %a.p11, align 4
  %a.i11 = insertelement <16 x float> poison, float %a.s11, i64 0
  %a.v11 = shufflevector <16 x float> %a.i11, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p12 = getelementptr float, ptr %p, i64 12
  %a.s12 = load float, ptr %a.p12, align 4
  %a.i12 = insertelement <16 x float> poison, float %a.s12, i64 0
  %a.v12 = shufflevector <16 x float> %a.i12, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p13 = getelementptr float, ptr %p, i64 13
  %a.s13 = load float, ptr %a.p13, align 4
  %a.i13 = insertelement <16 x float> poison, float %a.s13, i64 0
  %a.v13 = shufflevector <16 x float> %a.i13, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p14 = getelementptr float, ptr %p, i64 14
  %a.s14 = load float, ptr %a.p14, align 4
  %a.i14 = insertelement <16 x float> poison, float %a.s14, i64 0
  %a.v14 = shufflevector <16 x float> %a.i14, <16 x float> poison, <16 x i32> zeroinitializer
  %a.p15 = getelementptr float, ptr %p, i64 15
  %a.s15 = load float, ptr %a.p15, align 4
  %a.i15 = insertelement <16 x float> poison, float %a.s15, i64 0
  %a.v15 = shufflevector <16 x float> %a.i15, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p0 = getelementptr float, ptr %r, i64 0
  %b.s0 = load float, ptr %b.p0, align 4
  %b.i0 = insertelement <16 x float> poison, float %b.s0, i64 0
  %b.v0 = shufflevector <16 x float> %b.i0, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p1 = getelementptr float, ptr %r, i64 1
  %b.s1 = load float, ptr %b.p1, align 4
  %b.i1 = insertelement <16 x float> poison, float %b.s1, i64 0
  %b.v1 = shufflevector <16 x float> %b.i1, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p2 = getelementptr float, ptr %r, i64 2
  %b.s2 = load float, ptr %b.p2, align 4
  %b.i2 = insertelement <16 x float> poison, float %b.s2, i64 0
  %b.v2 = shufflevector <16 x float> %b.i2, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p3 = getelementptr float, ptr %r, i64 3
  %b.s3 = load float, ptr %b.p3, align 4
  %b.i3 = insertelement <16 x float> poison, float %b.s3, i64 0
  %b.v3 = shufflevector <16 x float> %b.i3, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p4 = getelementptr float, ptr %r, i64 4
  %b.s4 = load float, ptr %b.p4, align 4
  %b.i4 = insertelement <16 x float> poison, float %b.s4, i64 0
  %b.v4 = shufflevector <16 x float> %b.i4, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p5 = getelementptr float, ptr %r, i64 5
  %b.s5 = load float, ptr %b.p5, align 4
  %b.i5 = insertelement <16 x float> poison, float %b.s5, i64 0
  %b.v5 = shufflevector <16 x float> %b.i5, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p6 = getelementptr float, ptr %r, i64 6
  %b.s6 = load float, ptr %b.p6, align 4
  %b.i6 = insertelement <16 x float> poison, float %b.s6, i64 0
  %b.v6 = shufflevector <16 x float> %b.i6, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p7 = getelementptr float, ptr %r, i64 7
  %b.s7 = load float, ptr %b.p7, align 4
  %b.i7 = insertelement <16 x float> poison, float %b.s7, i64 0
  %b.v7 = shufflevector <16 x float> %b.i7, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p8 = getelementptr float, ptr %r, i64 8
  %b.s8 = load float, ptr %b.p8, align 4
  %b.i8 = insertelement <16 x float> poison, float %b.s8, i64 0
  %b.v8 = shufflevector <16 x float> %b.i8, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p9 = getelementptr float, ptr %r, i64 9
  %b.s9 = load float, ptr %b.p9, align 4
  %b.i9 = insertelement <16 x float> poison, float %b.s9, i64 0
  %b.v9 = shufflevector <16 x float> %b.i9, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p10 = getelementptr float, ptr %r, i64 10
  %b.s10 = load float, ptr %b.p10, align 4
  %b.i10 = insertelement <16 x float> poison, float %b.s10, i64 0
  %b.v10 = shufflevector <16 x float> %b.i10, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p11 = getelementptr float, ptr %r, i64 11
  %b.s11 = load float, ptr %b.p11, align 4
  %b.i11 = insertelement <16 x float> poison, float %b.s11, i64 0
  %b.v11 = shufflevector <16 x float> %b.i11, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p12 = getelementptr float, ptr %r, i64 12
  %b.s12 = load float, ptr %b.p12, align 4
  %b.i12 = insertelement <16 x float> poison, float %b.s12, i64 0
  %b.v12 = shufflevector <16 x float> %b.i12, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p13 = getelementptr float, ptr %r, i64 13
  %b.s13 = load float, ptr %b.p13, align 4
  %b.i13 = insertelement <16 x float> poison, float %b.s13, i64 0
  %b.v13 = shufflevector <16 x float> %b.i13, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p14 = getelementptr float, ptr %r, i64 14
  %b.s14 = load float, ptr %b.p14, align 4
  %b.i14 = insertelement <16 x float> poison, float %b.s14, i64 0
  %b.v14 = shufflevector <16 x float> %b.i14, <16 x float> poison, <16 x i32> zeroinitializer
  %b.p15 = getelementptr float, ptr %r, i64 15
  %b.s15 = load float, ptr %b.p15, align 4
  %b.i15 = insertelement <16 x float> poison, float %b.s15, i64 0
  %b.v15 = shufflevector <16 x float> %b.i15, <16 x float> poison, <16 x i32> zeroinitializer
  %a.x = load <16 x float>, ptr %q, align 64
  %a0 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v0, <16 x float> %a.x, <16 x float> %a.x)
  %a1 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v1, <16 x float> %a.x, <16 x float> %a0)
  %a2 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v2, <16 x float> %a.x, <16 x float> %a1)
  %a3 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v3, <16 x float> %a.x, <16 x float> %a2)
  %a4 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v4, <16 x float> %a.x, <16 x float> %a3)
  %a5 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v5, <16 x float> %a.x, <16 x float> %a4)
  %a6 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v6, <16 x float> %a.x, <16 x float> %a5)
  %a7 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v7, <16 x float> %a.x, <16 x float> %a6)
  %a8 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v8, <16 x float> %a.x, <16 x float> %a7)
  %a9 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v9, <16 x float> %a.x, <16 x float> %a8)
  %a10 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v10, <16 x float> %a.x, <16 x float> %a9)
  %a11 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v11, <16 x float> %a.x, <16 x float> %a10)
  %a12 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v12, <16 x float> %a.x, <16 x float> %a11)
  %a13 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v13, <16 x float> %a.x, <16 x float> %a12)
  %a14 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v14, <16 x float> %a.x, <16 x float> %a13)
  %a15 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %a.v15, <16 x float> %a.x, <16 x float> %a14)
  store <16 x float> %a15, ptr %q, align 64
  %b.x = load <16 x float>, ptr %s, align 64
  %b0 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v0, <16 x float> %b.x, <16 x float> %b.x)
  %b1 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v1, <16 x float> %b.x, <16 x float> %b0)
  %b2 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v2, <16 x float> %b.x, <16 x float> %b1)
  %b3 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v3, <16 x float> %b.x, <16 x float> %b2)
  %b4 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v4, <16 x float> %b.x, <16 x float> %b3)
  %b5 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v5, <16 x float> %b.x, <16 x float> %b4)
  %b6 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v6, <16 x float> %b.x, <16 x float> %b5)
  %b7 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v7, <16 x float> %b.x, <16 x float> %b6)
  %b8 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v8, <16 x float> %b.x, <16 x float> %b7)
  %b9 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v9, <16 x float> %b.x, <16 x float> %b8)
  %b10 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v10, <16 x float> %b.x, <16 x float> %b9)
  %b11 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v11, <16 x float> %b.x, <16 x float> %b10)
  %b12 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v12, <16 x float> %b.x, <16 x float> %b11)
  %b13 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v13, <16 x float> %b.x, <16 x float> %b12)
  %b14 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v14, <16 x float> %b.x, <16 x float> %b13)
  %b15 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b.v15, <16 x float> %b.x, <16 x float> %b14)
  store <16 x float> %b15, ptr %s, align 64
  ret void
}

declare <8 x double> @llvm.fmuladd.v8f64(<8 x double>, <8 x double>, <8 x double>)
declare <16 x float> @llvm.fmuladd.v16f32(<16 x float>, <16 x float>, <16 x float>)
