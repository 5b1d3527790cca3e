; kiln-guard-split with the record of the region each work-item stopped at
; (a store into the next-region row, known by its alias scope named
; "kiln.next" after InstCombine has dropped !kiln.next from it) in the
; latch: the record of the loop's first iteration is stored once before
; the split, the fast loop stores none, the copy keeps its own.  In
; @__kiln_wg_tree the guard's bound (s / 2, reloaded after each barrier)
; changes from one run of the region to the next, so the fast loop is not
; interleaved; in @__kiln_wg_fixed the bound is an argument and the
; vectorizer chooses.  In @__kiln_wg_other the latch stores into memory
; that is not the row: the loop is left as it is.
; RUN: %kiln-opt -passes=kiln-guard-split %s -S | %FileCheck %s
; SKIP-FAILS: kiln-guard-split
; CHECK-LABEL: define void @__kiln_wg_tree(
; CHECK: dispatch:
; CHECK: store i8 2, ptr %ctx, align 1, !alias.scope !0, !noalias !3
; CHECK: br i1 {{.*}}, label %guard.any, label %dispatch.split.unsplit
; CHECK: wi.x:
; CHECK-NOT: store i8
; CHECK: %guard.done = icmp eq i64 %lx.next, %{{.*}}
; CHECK-NEXT: br i1 %guard.done, label %round, label %wi.x, !llvm.loop [[TREE:![0-9]+]]
; CHECK: wi.x.unsplit:
; CHECK: latch.unsplit:
; CHECK: store i8 2, ptr %rec.unsplit
; CHECK-LABEL: define void @__kiln_wg_fixed(
; CHECK: store i8 2, ptr %ctx
; CHECK: guard.any:
; CHECK: %guard.done = icmp eq i64 %lx.next
; CHECK-NEXT: br i1 %guard.done, label %exit, label %wi.x{{$}}
; CHECK-LABEL: define void @__kiln_wg_other(
; CHECK-NOT: guard.any
; CHECK: ret void
; CHECK: [[TREE]] = distinct !{[[TREE]], [[IC:![0-9]+]]}
; CHECK: [[IC]] = !{!"llvm.loop.interleave.count", i32 1}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @__kiln_wg_tree(ptr %ctx, ptr addrspace(3) %t, ptr %sp) {
entry:
  br label %dispatch

dispatch:
  %s = load i32, ptr %sp, align 4
  %half = lshr i32 %s, 1
  br label %wi.x

wi.x:
  %lx = phi i64 [ 0, %dispatch ], [ %lx.next, %latch ]
  %l32 = trunc i64 %lx to i32
  %c = icmp ult i32 %l32, %half
  br i1 %c, label %body, label %latch

body:
  %a = getelementptr inbounds float, ptr addrspace(3) %t, i64 %lx
  %o32 = add i32 %l32, %half
  %o = zext i32 %o32 to i64
  %b = getelementptr inbounds float, ptr addrspace(3) %t, i64 %o
  %va = load float, ptr addrspace(3) %a, align 4
  %vb = load float, ptr addrspace(3) %b, align 4
  %sum = fadd float %va, %vb
  store float %sum, ptr addrspace(3) %a, align 4
  br label %latch

latch:
  %rec = getelementptr inbounds i8, ptr %ctx, i64 %lx
  store i8 2, ptr %rec, align 1, !alias.scope !0, !noalias !3
  %lx.next = add nuw i64 %lx, 1
  %done = icmp eq i64 %lx.next, 256
  br i1 %done, label %round, label %wi.x

round:
  store i32 %half, ptr %sp, align 4
  %more = icmp ugt i32 %half, 1
  br i1 %more, label %dispatch, label %exit

exit:
  ret void
}

define void @__kiln_wg_fixed(ptr %ctx, ptr addrspace(1) %y, i32 %n) {
entry:
  br label %wi.x

wi.x:
  %lx = phi i64 [ 0, %entry ], [ %lx.next, %latch ]
  %l32 = trunc i64 %lx to i32
  %c = icmp slt i32 %l32, %n
  br i1 %c, label %body, label %latch

body:
  %a = getelementptr inbounds float, ptr addrspace(1) %y, i64 %lx
  store float 1.0, ptr addrspace(1) %a, align 4
  br label %latch

latch:
  %rec = getelementptr inbounds i8, ptr %ctx, i64 %lx
  store i8 2, ptr %rec, align 1, !alias.scope !0, !noalias !3
  %lx.next = add nuw i64 %lx, 1
  %done = icmp eq i64 %lx.next, 256
  br i1 %done, label %exit, label %wi.x

exit:
  ret void
}

define void @__kiln_wg_other(ptr %ctx, ptr addrspace(1) %y, i32 %n) {
entry:
  br label %wi.x

wi.x:
  %lx = phi i64 [ 0, %entry ], [ %lx.next, %latch ]
  %l32 = trunc i64 %lx to i32
  %c = icmp slt i32 %l32, %n
  br i1 %c, label %body, label %latch

body:
  %a = getelementptr inbounds float, ptr addrspace(1) %y, i64 %lx
  store float 1.0, ptr addrspace(1) %a, align 4
  br label %latch

latch:
  %rec = getelementptr inbounds i8, ptr %ctx, i64 %lx
  store i8 2, ptr %rec, align 1, !alias.scope !5, !noalias !6
  %lx.next = add nuw i64 %lx, 1
  %done = icmp eq i64 %lx.next, 256
  br i1 %done, label %exit, label %wi.x

exit:
  ret void
}

!0 = !{!1}
!1 = distinct !{!1, !2, !"kiln.next"}
!2 = distinct !{!2, !"kiln.as"}
!3 = !{!4}
!4 = distinct !{!4, !2}
!5 = !{!4}
!6 = !{!1}
