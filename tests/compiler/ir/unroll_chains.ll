; kiln-unroll-chains: a vectorized work-item loop whose body is one
; dependent chain (32 multiply-adds on one <16 x float>) is unrolled by 8,
; the remainder (fewer than 8 vector iterations) a loop of the original
; body; kiln-interleave-chains then runs the 8 chains side by side (the
; last copy's first step comes before the first copy's last).  Not
; taken: a body whose chain is short (@__kiln_wg_short: 2 multiply-adds,
; the out-of-order core overlaps its iterations), a body whose chain runs
; through a phi (@__kiln_wg_reduce: a reduction, which unrolling does not
; shorten), and a loop the loop vectorizer did not make
; (@__kiln_wg_scalar).
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
  br i1 %done, label %loop.exit, label %body
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

declare <16 x float> @llvm.fmuladd.v16f32(<16 x float>, <16 x float>, <16 x float>)

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.isvectorized", i32 1}
!2 = distinct !{!2, !1}
!3 = distinct !{!3, !1}
