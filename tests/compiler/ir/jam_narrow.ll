; kiln-jam-narrow: a narrow variant's loop over the work-items along
; dimension 0 (marked kiln.jam by kiln-workgroup), holding one inner loop
; whose trip count is the same for every work-item, runs four work-items
; at a time with their inner loops jammed into one body: the body's
; rotate appears four times, one per work-item, and a remainder loop takes
; the last group widths that are not a multiple of four.  Not taken: the
; same loop in a work-group function that is not a narrow variant
; (@__kiln_wg_wide), and a marked loop whose inner loop's trip count
; depends on the work-item (@__kiln_wg_uneven.kiln_narrow).
; RUN: %kiln-opt -kiln-target-features=+avx512f,+avx512vl,+avx512bw,+avx512dq,+avx2,+fma -passes=kiln-jam-narrow %s -S | %FileCheck %s
; SKIP-FAILS: kiln-jam-narrow
; CHECK-LABEL: define void @__kiln_wg_k.kiln_narrow(
; CHECK: inner:
; CHECK-COUNT-4: call <16 x i32> @llvm.fshl.v16i32(
; CHECK-NOT: call <16 x i32> @llvm.fshl.v16i32(
; CHECK: br i1 %{{.*}}, label %inner
; CHECK: epil
; CHECK-LABEL: define void @__kiln_wg_wide(
; CHECK-COUNT-1: call <16 x i32> @llvm.fshl.v16i32(
; CHECK-NOT: call <16 x i32> @llvm.fshl.v16i32(
; CHECK-LABEL: define void @__kiln_wg_uneven.kiln_narrow(
; CHECK-COUNT-1: call <16 x i32> @llvm.fshl.v16i32(
; CHECK-NOT: call <16 x i32> @llvm.fshl.v16i32(

define void @__kiln_wg_k.kiln_narrow(ptr noalias %out, i64 %width, i32 %iters) {
entry:
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x1, %wi.after ]
  %xi = trunc i64 %x to i32
  %seed.s = insertelement <16 x i32> poison, i32 %xi, i64 0
  %seed = shufflevector <16 x i32> %seed.s, <16 x i32> poison, <16 x i32> zeroinitializer
  br label %inner

inner:
  %it = phi i32 [ 0, %wi.x ], [ %it1, %inner ]
  %a = phi <16 x i32> [ %seed, %wi.x ], [ %a1, %inner ]
  %r = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a, <16 x i32> %a, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a1 = add <16 x i32> %r, %a
  %it1 = add nuw i32 %it, 1
  %more = icmp ult i32 %it1, %iters
  br i1 %more, label %inner, label %wi.after

wi.after:
  %res = phi <16 x i32> [ %a1, %inner ]
  %slot = getelementptr inbounds <16 x i32>, ptr %out, i64 %x
  store <16 x i32> %res, ptr %slot, align 64
  %x1 = add nuw i64 %x, 1
  %xmore = icmp ult i64 %x1, %width
  br i1 %xmore, label %wi.x, label %done, !llvm.loop !0

done:
  ret void
}

define void @__kiln_wg_wide(ptr noalias %out, i64 %width, i32 %iters) {
entry:
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x1, %wi.after ]
  %xi = trunc i64 %x to i32
  %seed.s = insertelement <16 x i32> poison, i32 %xi, i64 0
  %seed = shufflevector <16 x i32> %seed.s, <16 x i32> poison, <16 x i32> zeroinitializer
  br label %inner

inner:
  %it = phi i32 [ 0, %wi.x ], [ %it1, %inner ]
  %a = phi <16 x i32> [ %seed, %wi.x ], [ %a1, %inner ]
  %r = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a, <16 x i32> %a, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a1 = add <16 x i32> %r, %a
  %it1 = add nuw i32 %it, 1
  %more = icmp ult i32 %it1, %iters
  br i1 %more, label %inner, label %wi.after

wi.after:
  %res = phi <16 x i32> [ %a1, %inner ]
  %slot = getelementptr inbounds <16 x i32>, ptr %out, i64 %x
  store <16 x i32> %res, ptr %slot, align 64
  %x1 = add nuw i64 %x, 1
  %xmore = icmp ult i64 %x1, %width
  br i1 %xmore, label %wi.x, label %done, !llvm.loop !2

done:
  ret void
}

define void @__kiln_wg_uneven.kiln_narrow(ptr noalias %out, i64 %width, i32 %iters) {
entry:
  br label %wi.x

wi.x:
  %x = phi i64 [ 0, %entry ], [ %x1, %wi.after ]
  %xi = trunc i64 %x to i32
  %n = add i32 %iters, %xi
  %seed.s = insertelement <16 x i32> poison, i32 %xi, i64 0
  %seed = shufflevector <16 x i32> %seed.s, <16 x i32> poison, <16 x i32> zeroinitializer
  br label %inner

inner:
  %it = phi i32 [ 0, %wi.x ], [ %it1, %inner ]
  %a = phi <16 x i32> [ %seed, %wi.x ], [ %a1, %inner ]
  %r = call <16 x i32> @llvm.fshl.v16i32(<16 x i32> %a, <16 x i32> %a, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %a1 = add <16 x i32> %r, %a
  %it1 = add nuw i32 %it, 1
  %more = icmp ult i32 %it1, %n
  br i1 %more, label %inner, label %wi.after

wi.after:
  %res = phi <16 x i32> [ %a1, %inner ]
  %slot = getelementptr inbounds <16 x i32>, ptr %out, i64 %x
  store <16 x i32> %res, ptr %slot, align 64
  %x1 = add nuw i64 %x, 1
  %xmore = icmp ult i64 %x1, %width
  br i1 %xmore, label %wi.x, label %done, !llvm.loop !3

done:
  ret void
}

declare <16 x i32> @llvm.fshl.v16i32(<16 x i32>, <16 x i32>, <16 x i32>)

!0 = distinct !{!0, !1}
!1 = !{!"kiln.jam"}
!2 = distinct !{!2, !1}
!3 = distinct !{!3, !1}
