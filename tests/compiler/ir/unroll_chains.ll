; kiln-unroll-chains: a vectorized work-item loop whose body is one
; dependent chain (32 multiply-adds on one <16 x float>) is unrolled by 8,
; the remainder (fewer than 8 vector iterations) a loop of the original
; body; kiln-interleave-chains then runs the 8 chains side by side (the
; last copy's first step comes before the first copy's last).  Not
; taken: a body whose chain is short (@__kiln_wg_short: 2 multiply-adds,
; the out-of-order core overlaps its iterations), a body whose chain runs
; through a phi (@__kiln_wg_reduce: a reduction, which unrolling does not
; shorten), and a loop that asks not to be unrolled (@__kiln_wg_scalar:
; kiln-workgroup's plain loops).  A loop the loop vectorizer did not make
; is taken as well (@__kiln_wg_rows: the loop over rows of a group
; specialized for 16 x 16, whose loop over the 16 work-items of a row
; vectorized to one iteration and folded away): one 16-step chain of
; multiply-adds per row, each step's operands a row loaded before the loop
; and a splat of a loaded scalar, which the back end folds into the multiply-add as a broadcast
; operand and so holds no register; 16 rows side by side fit.
; RUN: %kiln-opt -kiln-target-features=+avx512f,+avx512vl,+avx512bw,+avx512dq,+avx2,+fma -passes=kiln-unroll-chains %s -S | %FileCheck %s
; RUN: %kiln-opt -kiln-target-features=+avx512f,+avx512vl,+avx512bw,+avx512dq,+avx2,+fma -passes=kiln-unroll-chains,kiln-interleave-chains %s -S | %FileCheck %s --check-prefix=SIDE
; SKIP-FAILS: kiln-unroll-chains,kiln-interleave-chains
; CHECK-LABEL: define void @__kiln_wg_madd(
; CHECK: body:
; CHECK: %c31 = call <16 x float> @llvm.fmuladd
; CHECK: %c31.7 = call <16 x float> @llvm.fmuladd
; CHECK-NOT: %c31.8 =
; CHECK: body.epil:
; CHECK: %c31.epil = call <16 x float> @llvm.fmuladd
; CHECK-LABEL: define void @__kiln_wg_short(
; CHECK-NOT: .epil
; CHECK-LABEL: define void @__kiln_wg_scalar(
; CHECK-NOT: .epil
; CHECK: ret void
; CHECK-LABEL: define void @__kiln_wg_reduce(
; CHECK-NOT: .epil
; CHECK: ret void
; CHECK-LABEL: define void @__kiln_wg_rows(
; CHECK: row:
; CHECK: %a15 = call <16 x float> @llvm.fmuladd
; CHECK: %a15.15 = call <16 x float> @llvm.fmuladd
; CHECK-NOT: %a15.16 =
; CHECK: ret void
; SIDE-LABEL: define void @__kiln_wg_madd(
; SIDE: body:
; SIDE: %c0 = call
; SIDE: %c0.7 = call
; SIDE: %c31 = call
; SIDE: %c31.7 = call

define void @__kiln_wg_madd(ptr noalias %x, ptr noalias %out, i64 %n) {
entry:
  %n.vec = and i64 %n, -16
  %none = icmp eq i64 %n.vec, 0
  br i1 %none, label %exit, label %ph
ph:
  br label %body
body:
  %i = phi i64 [ 0, %ph ], [ %i.next, %body ]
  %px = getelementptr inbounds float, ptr %x, i64 %i
  %v = load <16 x float>, ptr %px, align 4
  %c0 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %v)
  %c1 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c0, <16 x float> %v, <16 x float> %c0)
  %c2 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c1, <16 x float> %c0, <16 x float> %c1)
  %c3 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c2, <16 x float> %c1, <16 x float> %c2)
  %c4 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c3, <16 x float> %c2, <16 x float> %c3)
  %c5 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c4, <16 x float> %c3, <16 x float> %c4)
  %c6 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c5, <16 x float> %c4, <16 x float> %c5)
  %c7 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c6, <16 x float> %c5, <16 x float> %c6)
  %c8 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c7, <16 x float> %c6, <16 x float> %c7)
  %c9 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c8, <16 x float> %c7, <16 x float> %c8)
  %c10 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c9, <16 x float> %c8, <16 x float> %c9)
  %c11 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c10, <16 x float> %c9, <16 x float> %c10)
  %c12 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c11, <16 x float> %c10, <16 x float> %c11)
  %c13 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c12, <16 x float> %c11, <16 x float> %c12)
  %c14 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c13, <16 x float> %c12, <16 x float> %c13)
  %c15 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c14, <16 x float> %c13, <16 x float> %c14)
  %c16 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c15, <16 x float> %c14, <16 x float> %c15)
  %c17 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c16, <16 x float> %c15, <16 x float> %c16)
  %c18 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c17, <16 x float> %c16, <16 x float> %c17)
  %c19 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c18, <16 x float> %c17, <16 x float> %c18)
  %c20 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c19, <16 x float> %c18, <16 x float> %c19)
  %c21 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c20, <16 x float> %c19, <16 x float> %c20)
  %c22 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c21, <16 x float> %c20, <16 x float> %c21)
  %c23 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c22, <16 x float> %c21, <16 x float> %c22)
  %c24 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c23, <16 x float> %c22, <16 x float> %c23)
  %c25 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c24, <16 x float> %c23, <16 x float> %c24)
  %c26 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c25, <16 x float> %c24, <16 x float> %c25)
  %c27 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c26, <16 x float> %c25, <16 x float> %c26)
  %c28 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c27, <16 x float> %c26, <16 x float> %c27)
  %c29 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c28, <16 x float> %c27, <16 x float> %c28)
  %c30 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c29, <16 x float> %c28, <16 x float> %c29)
  %c31 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c30, <16 x float> %c29, <16 x float> %c30)
  %po = getelementptr inbounds float, ptr %out, i64 %i
  store <16 x float> %c31, ptr %po, align 4
  %i.next = add nuw i64 %i, 16
  %done = icmp eq i64 %i.next, %n.vec
  br i1 %done, label %loop.exit, label %body, !llvm.loop !0
loop.exit:
  br label %exit
exit:
  ret void
}
define void @__kiln_wg_short(ptr noalias %x, ptr noalias %out, i64 %n) {
entry:
  %n.vec = and i64 %n, -16
  %none = icmp eq i64 %n.vec, 0
  br i1 %none, label %exit, label %ph
ph:
  br label %body
body:
  %i = phi i64 [ 0, %ph ], [ %i.next, %body ]
  %px = getelementptr inbounds float, ptr %x, i64 %i
  %v = load <16 x float>, ptr %px, align 4
  %c0 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %v)
  %c1 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c0, <16 x float> %v, <16 x float> %c0)
  %po = getelementptr inbounds float, ptr %out, i64 %i
  store <16 x float> %c1, ptr %po, align 4
  %i.next = add nuw i64 %i, 16
  %done = icmp eq i64 %i.next, %n.vec
  br i1 %done, label %loop.exit, label %body, !llvm.loop !0
loop.exit:
  br label %exit
exit:
  ret void
}
define void @__kiln_wg_scalar(ptr noalias %x, ptr noalias %out, i64 %n) {
entry:
  %n.vec = and i64 %n, -16
  %none = icmp eq i64 %n.vec, 0
  br i1 %none, label %exit, label %ph
ph:
  br label %body
body:
  %i = phi i64 [ 0, %ph ], [ %i.next, %body ]
  %px = getelementptr inbounds float, ptr %x, i64 %i
  %v = load <16 x float>, ptr %px, align 4
  %c0 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %v)
  %c1 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c0, <16 x float> %v, <16 x float> %c0)
  %c2 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c1, <16 x float> %c0, <16 x float> %c1)
  %c3 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c2, <16 x float> %c1, <16 x float> %c2)
  %c4 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c3, <16 x float> %c2, <16 x float> %c3)
  %c5 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c4, <16 x float> %c3, <16 x float> %c4)
  %c6 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c5, <16 x float> %c4, <16 x float> %c5)
  %c7 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c6, <16 x float> %c5, <16 x float> %c6)
  %c8 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c7, <16 x float> %c6, <16 x float> %c7)
  %c9 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c8, <16 x float> %c7, <16 x float> %c8)
  %c10 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c9, <16 x float> %c8, <16 x float> %c9)
  %c11 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c10, <16 x float> %c9, <16 x float> %c10)
  %c12 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c11, <16 x float> %c10, <16 x float> %c11)
  %c13 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c12, <16 x float> %c11, <16 x float> %c12)
  %c14 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c13, <16 x float> %c12, <16 x float> %c13)
  %c15 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c14, <16 x float> %c13, <16 x float> %c14)
  %c16 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c15, <16 x float> %c14, <16 x float> %c15)
  %c17 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c16, <16 x float> %c15, <16 x float> %c16)
  %c18 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c17, <16 x float> %c16, <16 x float> %c17)
  %c19 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c18, <16 x float> %c17, <16 x float> %c18)
  %c20 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c19, <16 x float> %c18, <16 x float> %c19)
  %c21 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c20, <16 x float> %c19, <16 x float> %c20)
  %c22 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c21, <16 x float> %c20, <16 x float> %c21)
  %c23 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c22, <16 x float> %c21, <16 x float> %c22)
  %c24 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c23, <16 x float> %c22, <16 x float> %c23)
  %c25 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c24, <16 x float> %c23, <16 x float> %c24)
  %c26 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c25, <16 x float> %c24, <16 x float> %c25)
  %c27 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c26, <16 x float> %c25, <16 x float> %c26)
  %c28 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c27, <16 x float> %c26, <16 x float> %c27)
  %c29 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c28, <16 x float> %c27, <16 x float> %c28)
  %c30 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c29, <16 x float> %c28, <16 x float> %c29)
  %c31 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %c30, <16 x float> %c29, <16 x float> %c30)
  %po = getelementptr inbounds float, ptr %out, i64 %i
  store <16 x float> %c31, ptr %po, align 4
  %i.next = add nuw i64 %i, 16
  %done = icmp eq i64 %i.next, %n.vec
  br i1 %done, label %loop.exit, label %body, !llvm.loop !4
loop.exit:
  br label %exit
exit:
  ret void
}
define void @__kiln_wg_reduce(ptr noalias %x, ptr noalias %out, i64 %n) {
entry:
  %n.vec = and i64 %n, -16
  %none = icmp eq i64 %n.vec, 0
  br i1 %none, label %exit, label %ph
ph:
  br label %body
body:
  %i = phi i64 [ 0, %ph ], [ %i.next, %body ]
  %acc = phi <16 x float> [ zeroinitializer, %ph ], [ %r31, %body ]
  %px = getelementptr inbounds float, ptr %x, i64 %i
  %v = load <16 x float>, ptr %px, align 4
  %r0 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %acc)
  %r1 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r0)
  %r2 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r1)
  %r3 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r2)
  %r4 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r3)
  %r5 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r4)
  %r6 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r5)
  %r7 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r6)
  %r8 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r7)
  %r9 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r8)
  %r10 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r9)
  %r11 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r10)
  %r12 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r11)
  %r13 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r12)
  %r14 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r13)
  %r15 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r14)
  %r16 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r15)
  %r17 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r16)
  %r18 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r17)
  %r19 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r18)
  %r20 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r19)
  %r21 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r20)
  %r22 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r21)
  %r23 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r22)
  %r24 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r23)
  %r25 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r24)
  %r26 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r25)
  %r27 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r26)
  %r28 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r27)
  %r29 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r28)
  %r30 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r29)
  %r31 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v, <16 x float> %v, <16 x float> %r30)
  %i.next = add nuw i64 %i, 16
  %done = icmp eq i64 %i.next, %n.vec
  br i1 %done, label %loop.exit, label %body, !llvm.loop !3
loop.exit:
  store <16 x float> %r31, ptr %out, align 4
  br label %exit
exit:
  ret void
}

define void @__kiln_wg_rows(ptr noalias %ta, ptr noalias %tb, ptr noalias %ctx) {
entry:
  %pb0 = getelementptr inbounds <16 x float>, ptr %tb, i64 0
  %r0 = load <16 x float>, ptr %pb0, align 4
  %pb1 = getelementptr inbounds <16 x float>, ptr %tb, i64 1
  %r1 = load <16 x float>, ptr %pb1, align 4
  %pb2 = getelementptr inbounds <16 x float>, ptr %tb, i64 2
  %r2 = load <16 x float>, ptr %pb2, align 4
  %pb3 = getelementptr inbounds <16 x float>, ptr %tb, i64 3
  %r3 = load <16 x float>, ptr %pb3, align 4
  %pb4 = getelementptr inbounds <16 x float>, ptr %tb, i64 4
  %r4 = load <16 x float>, ptr %pb4, align 4
  %pb5 = getelementptr inbounds <16 x float>, ptr %tb, i64 5
  %r5 = load <16 x float>, ptr %pb5, align 4
  %pb6 = getelementptr inbounds <16 x float>, ptr %tb, i64 6
  %r6 = load <16 x float>, ptr %pb6, align 4
  %pb7 = getelementptr inbounds <16 x float>, ptr %tb, i64 7
  %r7 = load <16 x float>, ptr %pb7, align 4
  %pb8 = getelementptr inbounds <16 x float>, ptr %tb, i64 8
  %r8 = load <16 x float>, ptr %pb8, align 4
  %pb9 = getelementptr inbounds <16 x float>, ptr %tb, i64 9
  %r9 = load <16 x float>, ptr %pb9, align 4
  %pb10 = getelementptr inbounds <16 x float>, ptr %tb, i64 10
  %r10 = load <16 x float>, ptr %pb10, align 4
  %pb11 = getelementptr inbounds <16 x float>, ptr %tb, i64 11
  %r11 = load <16 x float>, ptr %pb11, align 4
  %pb12 = getelementptr inbounds <16 x float>, ptr %tb, i64 12
  %r12 = load <16 x float>, ptr %pb12, align 4
  %pb13 = getelementptr inbounds <16 x float>, ptr %tb, i64 13
  %r13 = load <16 x float>, ptr %pb13, align 4
  %pb14 = getelementptr inbounds <16 x float>, ptr %tb, i64 14
  %r14 = load <16 x float>, ptr %pb14, align 4
  %pb15 = getelementptr inbounds <16 x float>, ptr %tb, i64 15
  %r15 = load <16 x float>, ptr %pb15, align 4
  br label %row
row:
  %y = phi i64 [ 0, %entry ], [ %y.next, %row ]
  %pacc = getelementptr inbounds <16 x float>, ptr %ctx, i64 %y
  %acc = load <16 x float>, ptr %pacc, align 4
  %pa0 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 0
  %s0 = load float, ptr %pa0, align 4
  %i0 = insertelement <16 x float> poison, float %s0, i64 0
  %b0 = shufflevector <16 x float> %i0, <16 x float> poison, <16 x i32> zeroinitializer
  %a0 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b0, <16 x float> %r0, <16 x float> %acc)
  %pa1 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 1
  %s1 = load float, ptr %pa1, align 4
  %i1 = insertelement <16 x float> poison, float %s1, i64 0
  %b1 = shufflevector <16 x float> %i1, <16 x float> poison, <16 x i32> zeroinitializer
  %a1 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b1, <16 x float> %r1, <16 x float> %a0)
  %pa2 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 2
  %s2 = load float, ptr %pa2, align 4
  %i2 = insertelement <16 x float> poison, float %s2, i64 0
  %b2 = shufflevector <16 x float> %i2, <16 x float> poison, <16 x i32> zeroinitializer
  %a2 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b2, <16 x float> %r2, <16 x float> %a1)
  %pa3 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 3
  %s3 = load float, ptr %pa3, align 4
  %i3 = insertelement <16 x float> poison, float %s3, i64 0
  %b3 = shufflevector <16 x float> %i3, <16 x float> poison, <16 x i32> zeroinitializer
  %a3 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b3, <16 x float> %r3, <16 x float> %a2)
  %pa4 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 4
  %s4 = load float, ptr %pa4, align 4
  %i4 = insertelement <16 x float> poison, float %s4, i64 0
  %b4 = shufflevector <16 x float> %i4, <16 x float> poison, <16 x i32> zeroinitializer
  %a4 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b4, <16 x float> %r4, <16 x float> %a3)
  %pa5 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 5
  %s5 = load float, ptr %pa5, align 4
  %i5 = insertelement <16 x float> poison, float %s5, i64 0
  %b5 = shufflevector <16 x float> %i5, <16 x float> poison, <16 x i32> zeroinitializer
  %a5 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b5, <16 x float> %r5, <16 x float> %a4)
  %pa6 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 6
  %s6 = load float, ptr %pa6, align 4
  %i6 = insertelement <16 x float> poison, float %s6, i64 0
  %b6 = shufflevector <16 x float> %i6, <16 x float> poison, <16 x i32> zeroinitializer
  %a6 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b6, <16 x float> %r6, <16 x float> %a5)
  %pa7 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 7
  %s7 = load float, ptr %pa7, align 4
  %i7 = insertelement <16 x float> poison, float %s7, i64 0
  %b7 = shufflevector <16 x float> %i7, <16 x float> poison, <16 x i32> zeroinitializer
  %a7 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b7, <16 x float> %r7, <16 x float> %a6)
  %pa8 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 8
  %s8 = load float, ptr %pa8, align 4
  %i8 = insertelement <16 x float> poison, float %s8, i64 0
  %b8 = shufflevector <16 x float> %i8, <16 x float> poison, <16 x i32> zeroinitializer
  %a8 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b8, <16 x float> %r8, <16 x float> %a7)
  %pa9 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 9
  %s9 = load float, ptr %pa9, align 4
  %i9 = insertelement <16 x float> poison, float %s9, i64 0
  %b9 = shufflevector <16 x float> %i9, <16 x float> poison, <16 x i32> zeroinitializer
  %a9 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b9, <16 x float> %r9, <16 x float> %a8)
  %pa10 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 10
  %s10 = load float, ptr %pa10, align 4
  %i10 = insertelement <16 x float> poison, float %s10, i64 0
  %b10 = shufflevector <16 x float> %i10, <16 x float> poison, <16 x i32> zeroinitializer
  %a10 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b10, <16 x float> %r10, <16 x float> %a9)
  %pa11 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 11
  %s11 = load float, ptr %pa11, align 4
  %i11 = insertelement <16 x float> poison, float %s11, i64 0
  %b11 = shufflevector <16 x float> %i11, <16 x float> poison, <16 x i32> zeroinitializer
  %a11 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b11, <16 x float> %r11, <16 x float> %a10)
  %pa12 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 12
  %s12 = load float, ptr %pa12, align 4
  %i12 = insertelement <16 x float> poison, float %s12, i64 0
  %b12 = shufflevector <16 x float> %i12, <16 x float> poison, <16 x i32> zeroinitializer
  %a12 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b12, <16 x float> %r12, <16 x float> %a11)
  %pa13 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 13
  %s13 = load float, ptr %pa13, align 4
  %i13 = insertelement <16 x float> poison, float %s13, i64 0
  %b13 = shufflevector <16 x float> %i13, <16 x float> poison, <16 x i32> zeroinitializer
  %a13 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b13, <16 x float> %r13, <16 x float> %a12)
  %pa14 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 14
  %s14 = load float, ptr %pa14, align 4
  %i14 = insertelement <16 x float> poison, float %s14, i64 0
  %b14 = shufflevector <16 x float> %i14, <16 x float> poison, <16 x i32> zeroinitializer
  %a14 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b14, <16 x float> %r14, <16 x float> %a13)
  %pa15 = getelementptr inbounds [16 x float], ptr %ta, i64 %y, i64 15
  %s15 = load float, ptr %pa15, align 4
  %i15 = insertelement <16 x float> poison, float %s15, i64 0
  %b15 = shufflevector <16 x float> %i15, <16 x float> poison, <16 x i32> zeroinitializer
  %a15 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %b15, <16 x float> %r15, <16 x float> %a14)
  %pout = getelementptr inbounds <16 x float>, ptr %ctx, i64 %y, i64 16
  store <16 x float> %a15, ptr %pout, align 4
  %y.next = add nuw nsw i64 %y, 1
  %rows.done = icmp eq i64 %y.next, 16
  br i1 %rows.done, label %exit, label %row
exit:
  ret void
}

declare <16 x float> @llvm.fmuladd.v16f32(<16 x float>, <16 x float>, <16 x float>)

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.isvectorized", i32 1}
!2 = distinct !{!2, !1}
!3 = distinct !{!3, !1}
!4 = distinct !{!4, !5}
!5 = !{!"llvm.loop.unroll.disable"}
