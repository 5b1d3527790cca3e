; kiln-check-cold-records: after the loop vectorizer, the masked loads and
; stores of checked mode's failure records (alias scope
; "kiln.check.records") run behind a branch on whether their mask has a
; lane set.  The flag's masked load gets a block of its own and a phi that
; gives its pass-through value where the branch is not taken; the three
; masked stores that share a mask move down to the last of them, past the
; select between them (no memory access), behind one branch.  The masked
; store of the shadow (another scope) and the plain store stay where they
; are.
; RUN: %kiln-opt -passes=kiln-check-cold-records %s -S | %FileCheck %s
; SKIP-FAILS: kiln-check-cold-records
; CHECK-LABEL: define void @body(
; CHECK: call void @llvm.masked.store.v8i32.p0(<8 x i32> %shadow.new, ptr %shadow, i32 4, <8 x i1> %in)
; CHECK: %[[ANY0:[0-9]+]] = call i1 @llvm.vector.reduce.or.v8i1(<8 x i1> %failed)
; CHECK: br i1 %[[ANY0]], label %[[LOAD:[0-9]+]], label %[[AFTER0:[0-9]+]], !prof ![[COLD:[0-9]+]]
; CHECK: [[LOAD]]:
; CHECK-NEXT: %flag = call <8 x i8> @llvm.masked.load.v8i8.p0(ptr %flagp, i32 1, <8 x i1> %failed, <8 x i8> zeroinitializer), !alias.scope
; CHECK-NEXT: br label %[[AFTER0]]
; CHECK: [[AFTER0]]:
; CHECK-NEXT: %[[FLAG:[0-9]+]] = phi <8 x i8> [ %flag, %[[LOAD]] ], [ zeroinitializer, %{{.*}} ]
; CHECK-NEXT: %none = icmp eq <8 x i8> %[[FLAG]], zeroinitializer
; CHECK-NEXT: %first = and <8 x i1> %failed, %none
; CHECK-NEXT: %site.v = select <8 x i1> %first, <8 x i64> %offset, <8 x i64> zeroinitializer
; CHECK-NEXT: %[[ANY1:[0-9]+]] = call i1 @llvm.vector.reduce.or.v8i1(<8 x i1> %first)
; CHECK-NEXT: br i1 %[[ANY1]], label %[[STORES:[0-9]+]], label %[[AFTER1:[0-9]+]], !prof ![[COLD]]
; CHECK: [[STORES]]:
; CHECK-NEXT: call void @llvm.masked.store.v8i8.p0(<8 x i8> <i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1>, ptr %flagp, i32 1, <8 x i1> %first), !alias.scope
; CHECK-NEXT: call void @llvm.masked.store.v8i64.p0(<8 x i64> %offset, ptr %offp, i32 8, <8 x i1> %first), !alias.scope
; CHECK-NEXT: call void @llvm.masked.store.v8i64.p0(<8 x i64> %site.v, ptr %sitep, i32 8, <8 x i1> %first), !alias.scope
; CHECK-NEXT: br label %[[AFTER1]]
; CHECK: [[AFTER1]]:
; CHECK-NEXT: store <8 x float> %v, ptr %out
; CHECK-NEXT: ret void
; CHECK: ![[COLD]] = !{!"branch_weights", i32 1, i32 1048576}

define void @body(ptr %shadow, <8 x i32> %shadow.new, <8 x i1> %in, <8 x i1> %failed,
                  ptr %flagp, ptr %offp, ptr %sitep, <8 x i64> %offset, <8 x float> %v,
                  ptr %out) {
  call void @llvm.masked.store.v8i32.p0(<8 x i32> %shadow.new, ptr %shadow, i32 4, <8 x i1> %in), !alias.scope !3
  %flag = call <8 x i8> @llvm.masked.load.v8i8.p0(ptr %flagp, i32 1, <8 x i1> %failed, <8 x i8> zeroinitializer), !alias.scope !1
  %none = icmp eq <8 x i8> %flag, zeroinitializer
  %first = and <8 x i1> %failed, %none
  call void @llvm.masked.store.v8i8.p0(<8 x i8> <i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1>, ptr %flagp, i32 1, <8 x i1> %first), !alias.scope !1
  call void @llvm.masked.store.v8i64.p0(<8 x i64> %offset, ptr %offp, i32 8, <8 x i1> %first), !alias.scope !1
  %site.v = select <8 x i1> %first, <8 x i64> %offset, <8 x i64> zeroinitializer
  call void @llvm.masked.store.v8i64.p0(<8 x i64> %site.v, ptr %sitep, i32 8, <8 x i1> %first), !alias.scope !1
  store <8 x float> %v, ptr %out
  ret void
}

declare void @llvm.masked.store.v8i32.p0(<8 x i32>, ptr, i32, <8 x i1>)
declare void @llvm.masked.store.v8i8.p0(<8 x i8>, ptr, i32, <8 x i1>)
declare void @llvm.masked.store.v8i64.p0(<8 x i64>, ptr, i32, <8 x i1>)
declare <8 x i8> @llvm.masked.load.v8i8.p0(ptr, i32, <8 x i1>, <8 x i8>)

!0 = distinct !{!0, !"kiln.check"}
!1 = !{!2}
!2 = distinct !{!2, !0, !"kiln.check.records"}
!3 = !{!4}
!4 = distinct !{!4, !0, !"global"}
