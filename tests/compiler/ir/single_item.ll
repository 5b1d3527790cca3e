; kiln-single-item: a work-item loop whose body runs only where the linear
; id equals a constant (work-item 0 folding a group's values, with a loop of
; its own inside) runs that one iteration; the record of the region each
; work-item stopped at (!kiln.next) is stored once before the loop for the
; first work-item of the row, whose word the work-group function reads.
; `(lin & 15) == 0` (the first work-item of each sub-group of 16) steps by
; 16 from the first such iteration.  A loop whose latch stores anything
; else, a mask that is not 2^k - 1, and a `<` guard (kiln-guard-split's)
; stay as they are.
; RUN: %kiln-opt -passes=kiln-single-item %s -S | %FileCheck %s
; SKIP-FAILS: kiln-single-item
; CHECK-LABEL: define void @__kiln_wg_fold(
; CHECK: entry:
; CHECK: store i32 3, ptr %next, align 4, !kiln.next
; CHECK: %single.sane = icmp ult i64 %{{.*}}, 4294967296
; CHECK: %single.stop = select i1 %single.sane
; CHECK: %single.enter = or i1
; CHECK: br i1 %single.enter, label %wi.x, label %exit
; CHECK: wi.x:
; CHECK-NEXT: %lx = phi i64 [ %{{.*}}, %entry ], [ %lx.next, %latch ]
; CHECK: br i1 %is0, label %body, label %latch, !kiln.single
; CHECK: latch:
; CHECK: %single.done = icmp eq i64 %lx.next, %single.stop
; CHECK-NEXT: br i1 %single.done, label %exit, label %wi.x, !llvm.loop
; CHECK-LABEL: define void @__kiln_wg_every16(
; CHECK: and i64 %{{.*}}, 15
; CHECK: %single.step = select i1 %single.sane, i64 16, i64 1
; CHECK: br i1 %single.enter, label %wi.x, label %exit
; CHECK: latch:
; CHECK-NEXT: %lx.next = add nuw i64 %lx, 1
; CHECK: %single.next = add i64 %lx, %single.step
; CHECK: %single.done = select i1 %single.sane
; CHECK-NEXT: br i1 %single.done, label %exit, label %wi.x
; CHECK-LABEL: define void @__kiln_wg_mask12(
; CHECK-NOT: single.
; CHECK-LABEL: define void @__kiln_wg_plain_store(
; CHECK-NOT: single.
; CHECK-LABEL: define void @__kiln_wg_prefix(
; CHECK-NOT: single.
; CHECK: !"llvm.loop.vectorize.width", i32 1}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @__kiln_wg_fold(ptr %next, ptr addrspace(1) %out, i64 %n, i64 %base) {
entry:
  br label %wi.x

wi.x:
  %lx = phi i64 [ 0, %entry ], [ %lx.next, %latch ]
  %lin = add i64 %lx, %base
  %is0 = icmp eq i64 %lin, 0
  %slot = getelementptr inbounds i32, ptr %next, i64 %lx
  br i1 %is0, label %body, label %latch

body:
  br label %inner

inner:
  %i = phi i64 [ 0, %body ], [ %i.next, %inner ]
  %acc = phi i64 [ 0, %body ], [ %acc.next, %inner ]
  %v.at = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %i
  %v = load i64, ptr addrspace(1) %v.at, align 8
  %acc.next = add i64 %acc, %v
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %inner, label %inner.exit

inner.exit:
  store i64 %acc.next, ptr addrspace(1) %out, align 8
  br label %latch

latch:
  store i32 3, ptr %slot, align 4, !kiln.next !0
  %lx.next = add nuw i64 %lx, 1
  %done = icmp eq i64 %lx.next, %n
  br i1 %done, label %exit, label %wi.x

exit:
  ret void
}

; the first work-item of each sub-group of 16 counts
define void @__kiln_wg_every16(ptr addrspace(1) %out, i64 %n, i64 %base) {
entry:
  br label %wi.x

wi.x:
  %lx = phi i64 [ 0, %entry ], [ %lx.next, %latch ]
  %lin = add i64 %lx, %base
  %lane = and i64 %lin, 15
  %first = icmp eq i64 %lane, 0
  br i1 %first, label %body, label %latch

body:
  %old = atomicrmw add ptr addrspace(1) %out, i64 1 seq_cst, align 8
  br label %latch

latch:
  %lx.next = add nuw i64 %lx, 1
  %done = icmp eq i64 %lx.next, %n
  br i1 %done, label %exit, label %wi.x

exit:
  ret void
}

; 12 is not 2^k - 1: left alone
define void @__kiln_wg_mask12(ptr addrspace(1) %out, i64 %n) {
entry:
  br label %wi.x

wi.x:
  %lx = phi i64 [ 0, %entry ], [ %lx.next, %latch ]
  %bits = and i64 %lx, 12
  %none = icmp eq i64 %bits, 0
  br i1 %none, label %body, label %latch

body:
  %old = atomicrmw add ptr addrspace(1) %out, i64 1 seq_cst, align 8
  br label %latch

latch:
  %lx.next = add nuw i64 %lx, 1
  %done = icmp eq i64 %lx.next, %n
  br i1 %done, label %exit, label %wi.x

exit:
  ret void
}

; every work-item stores: nothing to narrow
define void @__kiln_wg_plain_store(ptr %rows, ptr addrspace(1) %out, i64 %n) {
entry:
  br label %wi.x

wi.x:
  %lx = phi i64 [ 0, %entry ], [ %lx.next, %latch ]
  %is0 = icmp eq i64 %lx, 0
  %row = getelementptr inbounds i32, ptr %rows, i64 %lx
  br i1 %is0, label %body, label %latch

body:
  store i64 1, ptr addrspace(1) %out, align 8
  br label %latch

latch:
  store i32 7, ptr %row, align 4
  %lx.next = add nuw i64 %lx, 1
  %done = icmp eq i64 %lx.next, %n
  br i1 %done, label %exit, label %wi.x

exit:
  ret void
}

; a prefix of work-items runs the body: kiln-guard-split's case
define void @__kiln_wg_prefix(ptr addrspace(1) %out, i64 %n, i64 %m) {
entry:
  br label %wi.x

wi.x:
  %lx = phi i64 [ 0, %entry ], [ %lx.next, %latch ]
  %in = icmp ult i64 %lx, %m
  br i1 %in, label %body, label %latch

body:
  %at = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %lx
  store i64 1, ptr addrspace(1) %at, align 8
  br label %latch

latch:
  %lx.next = add nuw i64 %lx, 1
  %done = icmp eq i64 %lx.next, %n
  br i1 %done, label %exit, label %wi.x

exit:
  ret void
}

!0 = !{}
