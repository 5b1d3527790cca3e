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
; Chains of one-cycle integer operations long enough to wait on their
; own latency (@__kiln_wg_hash: four 40-step chains of xor and rotate, as
; a split hash round, one after the other) go side by side too: the mask
; that all four masked loads and stores read, compared from a load, ties
; none to another, and alias analysis tells their masked accesses apart.
; Chains that read the same loaded values (@__kiln_wg_shared: two
; chains of multiply-adds by the same twelve broadcasts, as the
; accumulators of a register-tiled SGEMM read A's) are not tied by them
; and go side by side; the block the broadcasts were computed in, whose
; only successor is the chains' block, is merged with it first.
; Chains that do not fit the vector registers two at a time
; (@__kiln_wg_wide: each chain's twenty steps stay live until a sum takes
; them back in reverse order, the IR holding the two step by step) go one
; after the other.
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
; CHECK-LABEL: define void @__kiln_wg_hash(
; CHECK: %a.x0 = xor
; CHECK-NEXT: %b.x0 = xor
; CHECK-NEXT: %c.x0 = xor
; CHECK-NEXT: %d.x0 = xor
; CHECK-NEXT: %a.r0 = call
; CHECK-NEXT: %b.r0 = call
; CHECK-NEXT: %c.r0 = call
; CHECK-NEXT: %d.r0 = call
; CHECK: %a.r19 = call
; CHECK-NEXT: %b.r19 = call
; CHECK-NEXT: %c.r19 = call
; CHECK-NEXT: %d.r19 = call
; CHECK-LABEL: define void @__kiln_wg_shared(
; CHECK-NOT: body:
; CHECK: %a0 = call
; CHECK-NEXT: %b0 = call
; CHECK: %a11 = call
; CHECK-NEXT: %b11 = call
; CHECK-LABEL: define void @__kiln_wg_wide(
; CHECK: %a.v0 = xor
; CHECK-NOT: %b.
; CHECK: store <16 x i32> %a.s19
; CHECK-NEXT: %b.l = load
; CHECK-NEXT: %b.v0 = xor
; CHECK: store <16 x i32> %b.s19

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

define void @__kiln_wg_hash(ptr noalias %it, ptr noalias %p, ptr noalias %q, ptr noalias %r, ptr noalias %s, <16 x i32> %n) {
entry:
  %i = load <16 x i32>, ptr %it, align 64
  %mask = icmp ult <16 x i32> %i, %n
  %a.l = call <16 x i32> @llvm.masked.load.v16i32.p0(ptr %p, i32 64, <16 x i1> %mask, <16 x i32> poison)
  %a.x0 = xor <16 x i32> %a.l, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %a.r0 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x0, <16 x i32> %a.x0, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x1 = xor <16 x i32> %a.r0, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %a.r1 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x1, <16 x i32> %a.x1, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x2 = xor <16 x i32> %a.r1, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %a.r2 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x2, <16 x i32> %a.x2, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x3 = xor <16 x i32> %a.r2, <i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4>
  %a.r3 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x3, <16 x i32> %a.x3, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x4 = xor <16 x i32> %a.r3, <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  %a.r4 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x4, <16 x i32> %a.x4, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x5 = xor <16 x i32> %a.r4, <i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6>
  %a.r5 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x5, <16 x i32> %a.x5, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x6 = xor <16 x i32> %a.r5, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %a.r6 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x6, <16 x i32> %a.x6, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x7 = xor <16 x i32> %a.r6, <i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8>
  %a.r7 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x7, <16 x i32> %a.x7, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x8 = xor <16 x i32> %a.r7, <i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9>
  %a.r8 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x8, <16 x i32> %a.x8, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x9 = xor <16 x i32> %a.r8, <i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10>
  %a.r9 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x9, <16 x i32> %a.x9, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x10 = xor <16 x i32> %a.r9, <i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11>
  %a.r10 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x10, <16 x i32> %a.x10, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x11 = xor <16 x i32> %a.r10, <i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12>
  %a.r11 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x11, <16 x i32> %a.x11, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x12 = xor <16 x i32> %a.r11, <i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13>
  %a.r12 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x12, <16 x i32> %a.x12, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x13 = xor <16 x i32> %a.r12, <i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14>
  %a.r13 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x13, <16 x i32> %a.x13, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x14 = xor <16 x i32> %a.r13, <i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15>
  %a.r14 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x14, <16 x i32> %a.x14, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x15 = xor <16 x i32> %a.r14, <i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16>
  %a.r15 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x15, <16 x i32> %a.x15, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x16 = xor <16 x i32> %a.r15, <i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17>
  %a.r16 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x16, <16 x i32> %a.x16, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x17 = xor <16 x i32> %a.r16, <i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18>
  %a.r17 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x17, <16 x i32> %a.x17, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x18 = xor <16 x i32> %a.r17, <i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19>
  %a.r18 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x18, <16 x i32> %a.x18, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a.x19 = xor <16 x i32> %a.r18, <i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20>
  %a.r19 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a.x19, <16 x i32> %a.x19, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  call void @llvm.masked.store.v16i32.p0(<16 x i32> %a.r19, ptr %p, i32 64, <16 x i1> %mask)
  %b.l = call <16 x i32> @llvm.masked.load.v16i32.p0(ptr %q, i32 64, <16 x i1> %mask, <16 x i32> poison)
  %b.x0 = xor <16 x i32> %b.l, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %b.r0 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x0, <16 x i32> %b.x0, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x1 = xor <16 x i32> %b.r0, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %b.r1 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x1, <16 x i32> %b.x1, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x2 = xor <16 x i32> %b.r1, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %b.r2 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x2, <16 x i32> %b.x2, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x3 = xor <16 x i32> %b.r2, <i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4>
  %b.r3 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x3, <16 x i32> %b.x3, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x4 = xor <16 x i32> %b.r3, <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  %b.r4 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x4, <16 x i32> %b.x4, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x5 = xor <16 x i32> %b.r4, <i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6>
  %b.r5 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x5, <16 x i32> %b.x5, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x6 = xor <16 x i32> %b.r5, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %b.r6 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x6, <16 x i32> %b.x6, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x7 = xor <16 x i32> %b.r6, <i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8>
  %b.r7 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x7, <16 x i32> %b.x7, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x8 = xor <16 x i32> %b.r7, <i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9>
  %b.r8 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x8, <16 x i32> %b.x8, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x9 = xor <16 x i32> %b.r8, <i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10>
  %b.r9 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x9, <16 x i32> %b.x9, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x10 = xor <16 x i32> %b.r9, <i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11>
  %b.r10 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x10, <16 x i32> %b.x10, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x11 = xor <16 x i32> %b.r10, <i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12>
  %b.r11 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x11, <16 x i32> %b.x11, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x12 = xor <16 x i32> %b.r11, <i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13>
  %b.r12 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x12, <16 x i32> %b.x12, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x13 = xor <16 x i32> %b.r12, <i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14>
  %b.r13 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x13, <16 x i32> %b.x13, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x14 = xor <16 x i32> %b.r13, <i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15>
  %b.r14 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x14, <16 x i32> %b.x14, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x15 = xor <16 x i32> %b.r14, <i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16>
  %b.r15 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x15, <16 x i32> %b.x15, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x16 = xor <16 x i32> %b.r15, <i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17>
  %b.r16 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x16, <16 x i32> %b.x16, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x17 = xor <16 x i32> %b.r16, <i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18>
  %b.r17 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x17, <16 x i32> %b.x17, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x18 = xor <16 x i32> %b.r17, <i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19>
  %b.r18 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x18, <16 x i32> %b.x18, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %b.x19 = xor <16 x i32> %b.r18, <i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20>
  %b.r19 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %b.x19, <16 x i32> %b.x19, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  call void @llvm.masked.store.v16i32.p0(<16 x i32> %b.r19, ptr %q, i32 64, <16 x i1> %mask)
  %c.l = call <16 x i32> @llvm.masked.load.v16i32.p0(ptr %r, i32 64, <16 x i1> %mask, <16 x i32> poison)
  %c.x0 = xor <16 x i32> %c.l, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %c.r0 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x0, <16 x i32> %c.x0, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x1 = xor <16 x i32> %c.r0, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %c.r1 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x1, <16 x i32> %c.x1, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x2 = xor <16 x i32> %c.r1, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %c.r2 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x2, <16 x i32> %c.x2, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x3 = xor <16 x i32> %c.r2, <i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4>
  %c.r3 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x3, <16 x i32> %c.x3, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x4 = xor <16 x i32> %c.r3, <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  %c.r4 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x4, <16 x i32> %c.x4, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x5 = xor <16 x i32> %c.r4, <i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6>
  %c.r5 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x5, <16 x i32> %c.x5, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x6 = xor <16 x i32> %c.r5, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %c.r6 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x6, <16 x i32> %c.x6, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x7 = xor <16 x i32> %c.r6, <i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8>
  %c.r7 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x7, <16 x i32> %c.x7, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x8 = xor <16 x i32> %c.r7, <i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9>
  %c.r8 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x8, <16 x i32> %c.x8, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x9 = xor <16 x i32> %c.r8, <i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10>
  %c.r9 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x9, <16 x i32> %c.x9, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x10 = xor <16 x i32> %c.r9, <i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11>
  %c.r10 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x10, <16 x i32> %c.x10, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x11 = xor <16 x i32> %c.r10, <i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12>
  %c.r11 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x11, <16 x i32> %c.x11, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x12 = xor <16 x i32> %c.r11, <i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13>
  %c.r12 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x12, <16 x i32> %c.x12, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x13 = xor <16 x i32> %c.r12, <i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14>
  %c.r13 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x13, <16 x i32> %c.x13, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x14 = xor <16 x i32> %c.r13, <i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15>
  %c.r14 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x14, <16 x i32> %c.x14, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x15 = xor <16 x i32> %c.r14, <i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16>
  %c.r15 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x15, <16 x i32> %c.x15, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x16 = xor <16 x i32> %c.r15, <i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17>
  %c.r16 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x16, <16 x i32> %c.x16, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x17 = xor <16 x i32> %c.r16, <i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18>
  %c.r17 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x17, <16 x i32> %c.x17, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x18 = xor <16 x i32> %c.r17, <i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19>
  %c.r18 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x18, <16 x i32> %c.x18, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %c.x19 = xor <16 x i32> %c.r18, <i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20>
  %c.r19 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %c.x19, <16 x i32> %c.x19, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  call void @llvm.masked.store.v16i32.p0(<16 x i32> %c.r19, ptr %r, i32 64, <16 x i1> %mask)
  %d.l = call <16 x i32> @llvm.masked.load.v16i32.p0(ptr %s, i32 64, <16 x i1> %mask, <16 x i32> poison)
  %d.x0 = xor <16 x i32> %d.l, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %d.r0 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x0, <16 x i32> %d.x0, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x1 = xor <16 x i32> %d.r0, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %d.r1 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x1, <16 x i32> %d.x1, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x2 = xor <16 x i32> %d.r1, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %d.r2 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x2, <16 x i32> %d.x2, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x3 = xor <16 x i32> %d.r2, <i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4>
  %d.r3 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x3, <16 x i32> %d.x3, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x4 = xor <16 x i32> %d.r3, <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  %d.r4 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x4, <16 x i32> %d.x4, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x5 = xor <16 x i32> %d.r4, <i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6>
  %d.r5 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x5, <16 x i32> %d.x5, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x6 = xor <16 x i32> %d.r5, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %d.r6 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x6, <16 x i32> %d.x6, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x7 = xor <16 x i32> %d.r6, <i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8>
  %d.r7 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x7, <16 x i32> %d.x7, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x8 = xor <16 x i32> %d.r7, <i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9>
  %d.r8 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x8, <16 x i32> %d.x8, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x9 = xor <16 x i32> %d.r8, <i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10>
  %d.r9 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x9, <16 x i32> %d.x9, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x10 = xor <16 x i32> %d.r9, <i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11>
  %d.r10 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x10, <16 x i32> %d.x10, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x11 = xor <16 x i32> %d.r10, <i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12>
  %d.r11 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x11, <16 x i32> %d.x11, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x12 = xor <16 x i32> %d.r11, <i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13>
  %d.r12 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x12, <16 x i32> %d.x12, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x13 = xor <16 x i32> %d.r12, <i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14>
  %d.r13 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x13, <16 x i32> %d.x13, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x14 = xor <16 x i32> %d.r13, <i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15>
  %d.r14 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x14, <16 x i32> %d.x14, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x15 = xor <16 x i32> %d.r14, <i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16>
  %d.r15 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x15, <16 x i32> %d.x15, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x16 = xor <16 x i32> %d.r15, <i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17>
  %d.r16 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x16, <16 x i32> %d.x16, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x17 = xor <16 x i32> %d.r16, <i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18>
  %d.r17 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x17, <16 x i32> %d.x17, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x18 = xor <16 x i32> %d.r17, <i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19>
  %d.r18 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x18, <16 x i32> %d.x18, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %d.x19 = xor <16 x i32> %d.r18, <i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20>
  %d.r19 = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %d.x19, <16 x i32> %d.x19, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  call void @llvm.masked.store.v16i32.p0(<16 x i32> %d.r19, ptr %s, i32 64, <16 x i1> %mask)
  ret void
}

define void @__kiln_wg_shared(ptr noalias %p, ptr noalias %q, ptr noalias %r, ptr noalias %s) {
entry:
  %a.x = load <16 x float>, ptr %p, align 64
  %b.x = load <16 x float>, ptr %r, align 64
  %e0 = getelementptr inbounds float, ptr %s, i64 0
  %l0 = load float, ptr %e0, align 4
  %i0 = insertelement <16 x float> poison, float %l0, i64 0
  %v0 = shufflevector <16 x float> %i0, <16 x float> poison, <16 x i32> zeroinitializer
  %e1 = getelementptr inbounds float, ptr %s, i64 1
  %l1 = load float, ptr %e1, align 4
  %i1 = insertelement <16 x float> poison, float %l1, i64 0
  %v1 = shufflevector <16 x float> %i1, <16 x float> poison, <16 x i32> zeroinitializer
  %e2 = getelementptr inbounds float, ptr %s, i64 2
  %l2 = load float, ptr %e2, align 4
  %i2 = insertelement <16 x float> poison, float %l2, i64 0
  %v2 = shufflevector <16 x float> %i2, <16 x float> poison, <16 x i32> zeroinitializer
  %e3 = getelementptr inbounds float, ptr %s, i64 3
  %l3 = load float, ptr %e3, align 4
  %i3 = insertelement <16 x float> poison, float %l3, i64 0
  %v3 = shufflevector <16 x float> %i3, <16 x float> poison, <16 x i32> zeroinitializer
  %e4 = getelementptr inbounds float, ptr %s, i64 4
  %l4 = load float, ptr %e4, align 4
  %i4 = insertelement <16 x float> poison, float %l4, i64 0
  %v4 = shufflevector <16 x float> %i4, <16 x float> poison, <16 x i32> zeroinitializer
  %e5 = getelementptr inbounds float, ptr %s, i64 5
  %l5 = load float, ptr %e5, align 4
  %i5 = insertelement <16 x float> poison, float %l5, i64 0
  %v5 = shufflevector <16 x float> %i5, <16 x float> poison, <16 x i32> zeroinitializer
  %e6 = getelementptr inbounds float, ptr %s, i64 6
  %l6 = load float, ptr %e6, align 4
  %i6 = insertelement <16 x float> poison, float %l6, i64 0
  %v6 = shufflevector <16 x float> %i6, <16 x float> poison, <16 x i32> zeroinitializer
  %e7 = getelementptr inbounds float, ptr %s, i64 7
  %l7 = load float, ptr %e7, align 4
  %i7 = insertelement <16 x float> poison, float %l7, i64 0
  %v7 = shufflevector <16 x float> %i7, <16 x float> poison, <16 x i32> zeroinitializer
  %e8 = getelementptr inbounds float, ptr %s, i64 8
  %l8 = load float, ptr %e8, align 4
  %i8 = insertelement <16 x float> poison, float %l8, i64 0
  %v8 = shufflevector <16 x float> %i8, <16 x float> poison, <16 x i32> zeroinitializer
  %e9 = getelementptr inbounds float, ptr %s, i64 9
  %l9 = load float, ptr %e9, align 4
  %i9 = insertelement <16 x float> poison, float %l9, i64 0
  %v9 = shufflevector <16 x float> %i9, <16 x float> poison, <16 x i32> zeroinitializer
  %e10 = getelementptr inbounds float, ptr %s, i64 10
  %l10 = load float, ptr %e10, align 4
  %i10 = insertelement <16 x float> poison, float %l10, i64 0
  %v10 = shufflevector <16 x float> %i10, <16 x float> poison, <16 x i32> zeroinitializer
  %e11 = getelementptr inbounds float, ptr %s, i64 11
  %l11 = load float, ptr %e11, align 4
  %i11 = insertelement <16 x float> poison, float %l11, i64 0
  %v11 = shufflevector <16 x float> %i11, <16 x float> poison, <16 x i32> zeroinitializer
  br label %body

body:
  %a0 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v0, <16 x float> %a.x, <16 x float> %a.x)
  %a1 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v1, <16 x float> %a0, <16 x float> %a0)
  %a2 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v2, <16 x float> %a1, <16 x float> %a1)
  %a3 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v3, <16 x float> %a2, <16 x float> %a2)
  %a4 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v4, <16 x float> %a3, <16 x float> %a3)
  %a5 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v5, <16 x float> %a4, <16 x float> %a4)
  %a6 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v6, <16 x float> %a5, <16 x float> %a5)
  %a7 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v7, <16 x float> %a6, <16 x float> %a6)
  %a8 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v8, <16 x float> %a7, <16 x float> %a7)
  %a9 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v9, <16 x float> %a8, <16 x float> %a8)
  %a10 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v10, <16 x float> %a9, <16 x float> %a9)
  %a11 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v11, <16 x float> %a10, <16 x float> %a10)
  store <16 x float> %a11, ptr %q, align 64
  %b0 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v0, <16 x float> %b.x, <16 x float> %b.x)
  %b1 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v1, <16 x float> %b0, <16 x float> %b0)
  %b2 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v2, <16 x float> %b1, <16 x float> %b1)
  %b3 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v3, <16 x float> %b2, <16 x float> %b2)
  %b4 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v4, <16 x float> %b3, <16 x float> %b3)
  %b5 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v5, <16 x float> %b4, <16 x float> %b4)
  %b6 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v6, <16 x float> %b5, <16 x float> %b5)
  %b7 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v7, <16 x float> %b6, <16 x float> %b6)
  %b8 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v8, <16 x float> %b7, <16 x float> %b7)
  %b9 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v9, <16 x float> %b8, <16 x float> %b8)
  %b10 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v10, <16 x float> %b9, <16 x float> %b9)
  %b11 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v11, <16 x float> %b10, <16 x float> %b10)
  store <16 x float> %b11, ptr %r, align 64
  ret void
}

define void @__kiln_wg_wide(ptr noalias %p, ptr noalias %q) {
entry:
  %a.l = load <16 x i32>, ptr %p, align 64
  %b.l = load <16 x i32>, ptr %q, align 64
  %a.v0 = xor <16 x i32> %a.l, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %b.v0 = xor <16 x i32> %b.l, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %a.v1 = xor <16 x i32> %a.v0, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %b.v1 = xor <16 x i32> %b.v0, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %a.v2 = xor <16 x i32> %a.v1, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %b.v2 = xor <16 x i32> %b.v1, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %a.v3 = xor <16 x i32> %a.v2, <i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4>
  %b.v3 = xor <16 x i32> %b.v2, <i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4>
  %a.v4 = xor <16 x i32> %a.v3, <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  %b.v4 = xor <16 x i32> %b.v3, <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  %a.v5 = xor <16 x i32> %a.v4, <i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6>
  %b.v5 = xor <16 x i32> %b.v4, <i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6>
  %a.v6 = xor <16 x i32> %a.v5, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %b.v6 = xor <16 x i32> %b.v5, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %a.v7 = xor <16 x i32> %a.v6, <i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8>
  %b.v7 = xor <16 x i32> %b.v6, <i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8>
  %a.v8 = xor <16 x i32> %a.v7, <i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9>
  %b.v8 = xor <16 x i32> %b.v7, <i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9>
  %a.v9 = xor <16 x i32> %a.v8, <i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10>
  %b.v9 = xor <16 x i32> %b.v8, <i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10>
  %a.v10 = xor <16 x i32> %a.v9, <i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11>
  %b.v10 = xor <16 x i32> %b.v9, <i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11>
  %a.v11 = xor <16 x i32> %a.v10, <i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12>
  %b.v11 = xor <16 x i32> %b.v10, <i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12>
  %a.v12 = xor <16 x i32> %a.v11, <i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13>
  %b.v12 = xor <16 x i32> %b.v11, <i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13, i32 13>
  %a.v13 = xor <16 x i32> %a.v12, <i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14>
  %b.v13 = xor <16 x i32> %b.v12, <i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14>
  %a.v14 = xor <16 x i32> %a.v13, <i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15>
  %b.v14 = xor <16 x i32> %b.v13, <i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15>
  %a.v15 = xor <16 x i32> %a.v14, <i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16>
  %b.v15 = xor <16 x i32> %b.v14, <i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16>
  %a.v16 = xor <16 x i32> %a.v15, <i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17>
  %b.v16 = xor <16 x i32> %b.v15, <i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17, i32 17>
  %a.v17 = xor <16 x i32> %a.v16, <i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18>
  %b.v17 = xor <16 x i32> %b.v16, <i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18, i32 18>
  %a.v18 = xor <16 x i32> %a.v17, <i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19>
  %b.v18 = xor <16 x i32> %b.v17, <i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19, i32 19>
  %a.v19 = xor <16 x i32> %a.v18, <i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20>
  %b.v19 = xor <16 x i32> %b.v18, <i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20, i32 20>
  %a.s1 = add <16 x i32> %a.v19, %a.v18
  %b.s1 = add <16 x i32> %b.v19, %b.v18
  %a.s2 = add <16 x i32> %a.s1, %a.v17
  %b.s2 = add <16 x i32> %b.s1, %b.v17
  %a.s3 = add <16 x i32> %a.s2, %a.v16
  %b.s3 = add <16 x i32> %b.s2, %b.v16
  %a.s4 = add <16 x i32> %a.s3, %a.v15
  %b.s4 = add <16 x i32> %b.s3, %b.v15
  %a.s5 = add <16 x i32> %a.s4, %a.v14
  %b.s5 = add <16 x i32> %b.s4, %b.v14
  %a.s6 = add <16 x i32> %a.s5, %a.v13
  %b.s6 = add <16 x i32> %b.s5, %b.v13
  %a.s7 = add <16 x i32> %a.s6, %a.v12
  %b.s7 = add <16 x i32> %b.s6, %b.v12
  %a.s8 = add <16 x i32> %a.s7, %a.v11
  %b.s8 = add <16 x i32> %b.s7, %b.v11
  %a.s9 = add <16 x i32> %a.s8, %a.v10
  %b.s9 = add <16 x i32> %b.s8, %b.v10
  %a.s10 = add <16 x i32> %a.s9, %a.v9
  %b.s10 = add <16 x i32> %b.s9, %b.v9
  %a.s11 = add <16 x i32> %a.s10, %a.v8
  %b.s11 = add <16 x i32> %b.s10, %b.v8
  %a.s12 = add <16 x i32> %a.s11, %a.v7
  %b.s12 = add <16 x i32> %b.s11, %b.v7
  %a.s13 = add <16 x i32> %a.s12, %a.v6
  %b.s13 = add <16 x i32> %b.s12, %b.v6
  %a.s14 = add <16 x i32> %a.s13, %a.v5
  %b.s14 = add <16 x i32> %b.s13, %b.v5
  %a.s15 = add <16 x i32> %a.s14, %a.v4
  %b.s15 = add <16 x i32> %b.s14, %b.v4
  %a.s16 = add <16 x i32> %a.s15, %a.v3
  %b.s16 = add <16 x i32> %b.s15, %b.v3
  %a.s17 = add <16 x i32> %a.s16, %a.v2
  %b.s17 = add <16 x i32> %b.s16, %b.v2
  %a.s18 = add <16 x i32> %a.s17, %a.v1
  %b.s18 = add <16 x i32> %b.s17, %b.v1
  %a.s19 = add <16 x i32> %a.s18, %a.v0
  %b.s19 = add <16 x i32> %b.s18, %b.v0
  store <16 x i32> %a.s19, ptr %p, align 64
  store <16 x i32> %b.s19, ptr %q, align 64
  ret void
}


declare <8 x double> @llvm.fmuladd.v8f64(<8 x double>, <8 x double>, <8 x double>)
declare <16 x float> @llvm.fmuladd.v16f32(<16 x float>, <16 x float>, <16 x float>)
declare <16 x i32> @llvm.masked.load.v16i32.p0(ptr, i32, <16 x i1>, <16 x i32>)
declare void @llvm.masked.store.v16i32.p0(<16 x i32>, ptr, i32, <16 x i1>)
declare <16 x i32> @llvm.fshl.v16i32(<16 x i32>, <16 x i32>, <16 x i32>)
