; kiln-pair-iterations: a loop whose iterations hash one candidate each
; (a chain of 60 instructions in the header) and record a hit with an
; atomic when the hash equals a target runs the next iteration's header
; and latch interleaved with the current one's: each copy right after the
; instruction it copies, the latches first (two copies: kiln-opt has no
; target, whose registers would allow more).  The copy's candidate load reads inside the
; buffer argument it comes from (the extent after the data pointer in the
; argument's slot), else at the current iteration's address.  The copy is
; kept (pair.latch) only when the current iteration missed, the next one
; exists, its load was inside and it missed too; otherwise the header's own
; branch runs (pair.rest).  Not taken: a loop that carries a sum from one iteration to
; the next, one whose header stores, and one whose candidates come through
; a pointer read from memory (no object to bound the load by).
; RUN: %kiln-opt -passes=kiln-pair-iterations %s -S | %FileCheck %s
; SKIP-FAILS: kiln-pair-iterations
; CHECK-LABEL: define void @__kiln_wg_hits(
; CHECK: %in = load ptr addrspace(1), ptr %s0
; CHECK-NEXT: [[AT:%.*]] = getelementptr inbounds i8, ptr %s0, i64 8
; CHECK-NEXT: %arg.extent = load i64, ptr [[AT]], align 8
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next, %latch ], [ %i.next.pair, %pair.latch ]
; CHECK-NEXT: %i.next.fast = add i32 %i, 1
; CHECK-NEXT: %n.fast = load i32, ptr addrspace(1) %n.p
; CHECK-NEXT: %more.fast = icmp ult i32 %i.next.fast, %n.fast
; CHECK-NEXT: %i.next.pair = add i32 %i.next.fast, 1
; CHECK: %idx.pair = zext i32 %i.next.fast to i64
; CHECK: %w = load i32, ptr addrspace(1) %p
; CHECK: %pair.off = sub i64 %pair.p, %pair.base
; CHECK-NEXT: %pair.in = icmp ult i64 %pair.off, %arg.extent
; CHECK-NEXT: %pair.end = add i64 %pair.off, 4
; CHECK-NEXT: %pair.fits = icmp ule i64 %pair.end, %arg.extent
; CHECK-NEXT: %pair.inside = and i1 %pair.in, %pair.fits
; CHECK-NEXT: %pair.addr = select i1 %pair.inside, ptr addrspace(1) %p.pair, ptr addrspace(1) %p
; CHECK-NEXT: %w.pair = load i32, ptr addrspace(1) %pair.addr
; CHECK-NEXT: %a0 = add i32 %w, 1000
; CHECK-NEXT: %a0.pair = add i32 %w.pair, 1000
; CHECK-NEXT: %r0 = call i32 @llvm.fshl.i32(i32 %a0, i32 %a0, i32 7)
; CHECK-NEXT: %r0.pair = call i32 @llvm.fshl.i32(i32 %a0.pair, i32 %a0.pair, i32 7)
; CHECK: %hit = icmp eq i32 %x19, 12345
; CHECK-NEXT: %hit.pair = icmp eq i32 %x19.pair, 12345
; CHECK-DAG: zext i1 %pair.inside to i8
; CHECK-DAG: zext i1 %more.fast to i8
; CHECK: %pair.go = icmp ne i8
; CHECK-NEXT: br i1 %pair.go, label %pair.latch, label %pair.rest
; CHECK: pair.latch:
; CHECK-NEXT: br i1 %more.pair, label %loop, label %done
; CHECK: pair.rest:
; CHECK-NEXT: br i1 %hit, label %record, label %latch
; CHECK: latch:
; CHECK-NEXT: %i.next = add i32 %i, 1
; CHECK: done:
; CHECK-NEXT: %last = phi i32 [ 0, %entry ], [ %x19, %latch ], [ %x19.pair, %pair.latch ]
; CHECK-LABEL: define void @__kiln_wg_sums(
; CHECK-NOT: pair
; CHECK-LABEL: define void @__kiln_wg_stores(
; CHECK-NOT: pair
; CHECK-LABEL: define void @__kiln_wg_chase(
; CHECK-NOT: pair
; CHECK: ret void

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @llvm.fshl.i32(i32, i32, i32)

define void @__kiln_wg_hits(ptr noalias %launch, ptr noalias %state) {
entry:
  %args.at = getelementptr inbounds i8, ptr %launch, i64 104
  %args = load ptr, ptr %args.at, align 8
  %s0 = load ptr, ptr %args, align 8
  %in = load ptr addrspace(1), ptr %s0, align 1, !kiln.arg.data !0
  %ap1 = getelementptr inbounds ptr, ptr %args, i64 1
  %s1 = load ptr, ptr %ap1, align 8
  %out = load ptr addrspace(1), ptr %s1, align 1, !kiln.arg.data !0
  %ap2 = getelementptr inbounds ptr, ptr %args, i64 2
  %s2 = load ptr, ptr %ap2, align 8
  %n.p = load ptr addrspace(1), ptr %s2, align 1, !kiln.arg.data !0
  %n0 = load i32, ptr addrspace(1) %n.p, align 4
  %empty = icmp eq i32 %n0, 0
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %w = load i32, ptr addrspace(1) %p, align 4
  %a0 = add i32 %w, 1000
  %r0 = call i32 @llvm.fshl.i32(i32 %a0, i32 %a0, i32 7)
  %x0 = xor i32 %r0, %w
  %a1 = add i32 %x0, 1001
  %r1 = call i32 @llvm.fshl.i32(i32 %a1, i32 %a1, i32 7)
  %x1 = xor i32 %r1, %w
  %a2 = add i32 %x1, 1002
  %r2 = call i32 @llvm.fshl.i32(i32 %a2, i32 %a2, i32 7)
  %x2 = xor i32 %r2, %w
  %a3 = add i32 %x2, 1003
  %r3 = call i32 @llvm.fshl.i32(i32 %a3, i32 %a3, i32 7)
  %x3 = xor i32 %r3, %w
  %a4 = add i32 %x3, 1004
  %r4 = call i32 @llvm.fshl.i32(i32 %a4, i32 %a4, i32 7)
  %x4 = xor i32 %r4, %w
  %a5 = add i32 %x4, 1005
  %r5 = call i32 @llvm.fshl.i32(i32 %a5, i32 %a5, i32 7)
  %x5 = xor i32 %r5, %w
  %a6 = add i32 %x5, 1006
  %r6 = call i32 @llvm.fshl.i32(i32 %a6, i32 %a6, i32 7)
  %x6 = xor i32 %r6, %w
  %a7 = add i32 %x6, 1007
  %r7 = call i32 @llvm.fshl.i32(i32 %a7, i32 %a7, i32 7)
  %x7 = xor i32 %r7, %w
  %a8 = add i32 %x7, 1008
  %r8 = call i32 @llvm.fshl.i32(i32 %a8, i32 %a8, i32 7)
  %x8 = xor i32 %r8, %w
  %a9 = add i32 %x8, 1009
  %r9 = call i32 @llvm.fshl.i32(i32 %a9, i32 %a9, i32 7)
  %x9 = xor i32 %r9, %w
  %a10 = add i32 %x9, 1010
  %r10 = call i32 @llvm.fshl.i32(i32 %a10, i32 %a10, i32 7)
  %x10 = xor i32 %r10, %w
  %a11 = add i32 %x10, 1011
  %r11 = call i32 @llvm.fshl.i32(i32 %a11, i32 %a11, i32 7)
  %x11 = xor i32 %r11, %w
  %a12 = add i32 %x11, 1012
  %r12 = call i32 @llvm.fshl.i32(i32 %a12, i32 %a12, i32 7)
  %x12 = xor i32 %r12, %w
  %a13 = add i32 %x12, 1013
  %r13 = call i32 @llvm.fshl.i32(i32 %a13, i32 %a13, i32 7)
  %x13 = xor i32 %r13, %w
  %a14 = add i32 %x13, 1014
  %r14 = call i32 @llvm.fshl.i32(i32 %a14, i32 %a14, i32 7)
  %x14 = xor i32 %r14, %w
  %a15 = add i32 %x14, 1015
  %r15 = call i32 @llvm.fshl.i32(i32 %a15, i32 %a15, i32 7)
  %x15 = xor i32 %r15, %w
  %a16 = add i32 %x15, 1016
  %r16 = call i32 @llvm.fshl.i32(i32 %a16, i32 %a16, i32 7)
  %x16 = xor i32 %r16, %w
  %a17 = add i32 %x16, 1017
  %r17 = call i32 @llvm.fshl.i32(i32 %a17, i32 %a17, i32 7)
  %x17 = xor i32 %r17, %w
  %a18 = add i32 %x17, 1018
  %r18 = call i32 @llvm.fshl.i32(i32 %a18, i32 %a18, i32 7)
  %x18 = xor i32 %r18, %w
  %a19 = add i32 %x18, 1019
  %r19 = call i32 @llvm.fshl.i32(i32 %a19, i32 %a19, i32 7)
  %x19 = xor i32 %r19, %w
  %hit = icmp eq i32 %x19, 12345
  br i1 %hit, label %record, label %latch

record:
  %old = atomicrmw add ptr addrspace(1) %out, i32 1 seq_cst, align 4
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %n = load i32, ptr addrspace(1) %n.p, align 4
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  %last = phi i32 [ 0, %entry ], [ %x19, %latch ]
  %lastp = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  store i32 %last, ptr addrspace(1) %lastp, align 4
  ret void
}

define void @__kiln_wg_sums(ptr noalias %launch, ptr noalias %state) {
entry:
  %args.at = getelementptr inbounds i8, ptr %launch, i64 104
  %args = load ptr, ptr %args.at, align 8
  %s0 = load ptr, ptr %args, align 8
  %in = load ptr addrspace(1), ptr %s0, align 1, !kiln.arg.data !0
  %ap1 = getelementptr inbounds ptr, ptr %args, i64 1
  %s1 = load ptr, ptr %ap1, align 8
  %out = load ptr addrspace(1), ptr %s1, align 1, !kiln.arg.data !0
  %ap2 = getelementptr inbounds ptr, ptr %args, i64 2
  %s2 = load ptr, ptr %ap2, align 8
  %n.p = load ptr addrspace(1), ptr %s2, align 1, !kiln.arg.data !0
  %n0 = load i32, ptr addrspace(1) %n.p, align 4
  %empty = icmp eq i32 %n0, 0
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %w = load i32, ptr addrspace(1) %p, align 4
  %a0 = add i32 %w, 1000
  %r0 = call i32 @llvm.fshl.i32(i32 %a0, i32 %a0, i32 7)
  %x0 = xor i32 %r0, %w
  %a1 = add i32 %x0, 1001
  %r1 = call i32 @llvm.fshl.i32(i32 %a1, i32 %a1, i32 7)
  %x1 = xor i32 %r1, %w
  %a2 = add i32 %x1, 1002
  %r2 = call i32 @llvm.fshl.i32(i32 %a2, i32 %a2, i32 7)
  %x2 = xor i32 %r2, %w
  %a3 = add i32 %x2, 1003
  %r3 = call i32 @llvm.fshl.i32(i32 %a3, i32 %a3, i32 7)
  %x3 = xor i32 %r3, %w
  %a4 = add i32 %x3, 1004
  %r4 = call i32 @llvm.fshl.i32(i32 %a4, i32 %a4, i32 7)
  %x4 = xor i32 %r4, %w
  %a5 = add i32 %x4, 1005
  %r5 = call i32 @llvm.fshl.i32(i32 %a5, i32 %a5, i32 7)
  %x5 = xor i32 %r5, %w
  %a6 = add i32 %x5, 1006
  %r6 = call i32 @llvm.fshl.i32(i32 %a6, i32 %a6, i32 7)
  %x6 = xor i32 %r6, %w
  %a7 = add i32 %x6, 1007
  %r7 = call i32 @llvm.fshl.i32(i32 %a7, i32 %a7, i32 7)
  %x7 = xor i32 %r7, %w
  %a8 = add i32 %x7, 1008
  %r8 = call i32 @llvm.fshl.i32(i32 %a8, i32 %a8, i32 7)
  %x8 = xor i32 %r8, %w
  %a9 = add i32 %x8, 1009
  %r9 = call i32 @llvm.fshl.i32(i32 %a9, i32 %a9, i32 7)
  %x9 = xor i32 %r9, %w
  %a10 = add i32 %x9, 1010
  %r10 = call i32 @llvm.fshl.i32(i32 %a10, i32 %a10, i32 7)
  %x10 = xor i32 %r10, %w
  %a11 = add i32 %x10, 1011
  %r11 = call i32 @llvm.fshl.i32(i32 %a11, i32 %a11, i32 7)
  %x11 = xor i32 %r11, %w
  %a12 = add i32 %x11, 1012
  %r12 = call i32 @llvm.fshl.i32(i32 %a12, i32 %a12, i32 7)
  %x12 = xor i32 %r12, %w
  %a13 = add i32 %x12, 1013
  %r13 = call i32 @llvm.fshl.i32(i32 %a13, i32 %a13, i32 7)
  %x13 = xor i32 %r13, %w
  %a14 = add i32 %x13, 1014
  %r14 = call i32 @llvm.fshl.i32(i32 %a14, i32 %a14, i32 7)
  %x14 = xor i32 %r14, %w
  %a15 = add i32 %x14, 1015
  %r15 = call i32 @llvm.fshl.i32(i32 %a15, i32 %a15, i32 7)
  %x15 = xor i32 %r15, %w
  %a16 = add i32 %x15, 1016
  %r16 = call i32 @llvm.fshl.i32(i32 %a16, i32 %a16, i32 7)
  %x16 = xor i32 %r16, %w
  %a17 = add i32 %x16, 1017
  %r17 = call i32 @llvm.fshl.i32(i32 %a17, i32 %a17, i32 7)
  %x17 = xor i32 %r17, %w
  %a18 = add i32 %x17, 1018
  %r18 = call i32 @llvm.fshl.i32(i32 %a18, i32 %a18, i32 7)
  %x18 = xor i32 %r18, %w
  %a19 = add i32 %x18, 1019
  %r19 = call i32 @llvm.fshl.i32(i32 %a19, i32 %a19, i32 7)
  %x19 = xor i32 %r19, %w
  %hit = icmp eq i32 %x19, 12345
  br i1 %hit, label %record, label %latch

record:
  %old = atomicrmw add ptr addrspace(1) %out, i32 1 seq_cst, align 4
  br label %latch

latch:
  %acc.next = add i32 %acc, %x19
  %i.next = add i32 %i, 1
  %n = load i32, ptr addrspace(1) %n.p, align 4
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  %acc.out = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  store i32 %acc.out, ptr addrspace(1) %out, align 4
  ret void
}

define void @__kiln_wg_stores(ptr noalias %launch, ptr noalias %state) {
entry:
  %args.at = getelementptr inbounds i8, ptr %launch, i64 104
  %args = load ptr, ptr %args.at, align 8
  %s0 = load ptr, ptr %args, align 8
  %in = load ptr addrspace(1), ptr %s0, align 1, !kiln.arg.data !0
  %ap1 = getelementptr inbounds ptr, ptr %args, i64 1
  %s1 = load ptr, ptr %ap1, align 8
  %out = load ptr addrspace(1), ptr %s1, align 1, !kiln.arg.data !0
  %ap2 = getelementptr inbounds ptr, ptr %args, i64 2
  %s2 = load ptr, ptr %ap2, align 8
  %n.p = load ptr addrspace(1), ptr %s2, align 1, !kiln.arg.data !0
  %n0 = load i32, ptr addrspace(1) %n.p, align 4
  %empty = icmp eq i32 %n0, 0
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %w = load i32, ptr addrspace(1) %p, align 4
  %a0 = add i32 %w, 1000
  %r0 = call i32 @llvm.fshl.i32(i32 %a0, i32 %a0, i32 7)
  %x0 = xor i32 %r0, %w
  %a1 = add i32 %x0, 1001
  %r1 = call i32 @llvm.fshl.i32(i32 %a1, i32 %a1, i32 7)
  %x1 = xor i32 %r1, %w
  %a2 = add i32 %x1, 1002
  %r2 = call i32 @llvm.fshl.i32(i32 %a2, i32 %a2, i32 7)
  %x2 = xor i32 %r2, %w
  %a3 = add i32 %x2, 1003
  %r3 = call i32 @llvm.fshl.i32(i32 %a3, i32 %a3, i32 7)
  %x3 = xor i32 %r3, %w
  %a4 = add i32 %x3, 1004
  %r4 = call i32 @llvm.fshl.i32(i32 %a4, i32 %a4, i32 7)
  %x4 = xor i32 %r4, %w
  %a5 = add i32 %x4, 1005
  %r5 = call i32 @llvm.fshl.i32(i32 %a5, i32 %a5, i32 7)
  %x5 = xor i32 %r5, %w
  %a6 = add i32 %x5, 1006
  %r6 = call i32 @llvm.fshl.i32(i32 %a6, i32 %a6, i32 7)
  %x6 = xor i32 %r6, %w
  %a7 = add i32 %x6, 1007
  %r7 = call i32 @llvm.fshl.i32(i32 %a7, i32 %a7, i32 7)
  %x7 = xor i32 %r7, %w
  %a8 = add i32 %x7, 1008
  %r8 = call i32 @llvm.fshl.i32(i32 %a8, i32 %a8, i32 7)
  %x8 = xor i32 %r8, %w
  %a9 = add i32 %x8, 1009
  %r9 = call i32 @llvm.fshl.i32(i32 %a9, i32 %a9, i32 7)
  %x9 = xor i32 %r9, %w
  %a10 = add i32 %x9, 1010
  %r10 = call i32 @llvm.fshl.i32(i32 %a10, i32 %a10, i32 7)
  %x10 = xor i32 %r10, %w
  %a11 = add i32 %x10, 1011
  %r11 = call i32 @llvm.fshl.i32(i32 %a11, i32 %a11, i32 7)
  %x11 = xor i32 %r11, %w
  %a12 = add i32 %x11, 1012
  %r12 = call i32 @llvm.fshl.i32(i32 %a12, i32 %a12, i32 7)
  %x12 = xor i32 %r12, %w
  %a13 = add i32 %x12, 1013
  %r13 = call i32 @llvm.fshl.i32(i32 %a13, i32 %a13, i32 7)
  %x13 = xor i32 %r13, %w
  %a14 = add i32 %x13, 1014
  %r14 = call i32 @llvm.fshl.i32(i32 %a14, i32 %a14, i32 7)
  %x14 = xor i32 %r14, %w
  %a15 = add i32 %x14, 1015
  %r15 = call i32 @llvm.fshl.i32(i32 %a15, i32 %a15, i32 7)
  %x15 = xor i32 %r15, %w
  %a16 = add i32 %x15, 1016
  %r16 = call i32 @llvm.fshl.i32(i32 %a16, i32 %a16, i32 7)
  %x16 = xor i32 %r16, %w
  %a17 = add i32 %x16, 1017
  %r17 = call i32 @llvm.fshl.i32(i32 %a17, i32 %a17, i32 7)
  %x17 = xor i32 %r17, %w
  %a18 = add i32 %x17, 1018
  %r18 = call i32 @llvm.fshl.i32(i32 %a18, i32 %a18, i32 7)
  %x18 = xor i32 %r18, %w
  %a19 = add i32 %x18, 1019
  %r19 = call i32 @llvm.fshl.i32(i32 %a19, i32 %a19, i32 7)
  %x19 = xor i32 %r19, %w
  store i32 %x3, ptr addrspace(1) %out, align 4
  %hit = icmp eq i32 %x19, 12345
  br i1 %hit, label %record, label %latch

record:
  %old = atomicrmw add ptr addrspace(1) %out, i32 1 seq_cst, align 4
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %n = load i32, ptr addrspace(1) %n.p, align 4
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  %last = phi i32 [ 0, %entry ], [ %x19, %latch ]
  %lastp = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  store i32 %last, ptr addrspace(1) %lastp, align 4
  ret void
}
define void @__kiln_wg_chase(ptr noalias %launch, ptr noalias %state) {
entry:
  %args.at = getelementptr inbounds i8, ptr %launch, i64 104
  %args = load ptr, ptr %args.at, align 8
  %s0 = load ptr, ptr %args, align 8
  %in = load ptr addrspace(1), ptr %s0, align 1, !kiln.arg.data !0
  %ap1 = getelementptr inbounds ptr, ptr %args, i64 1
  %s1 = load ptr, ptr %ap1, align 8
  %out = load ptr addrspace(1), ptr %s1, align 1, !kiln.arg.data !0
  %ap2 = getelementptr inbounds ptr, ptr %args, i64 2
  %s2 = load ptr, ptr %ap2, align 8
  %n.p = load ptr addrspace(1), ptr %s2, align 1, !kiln.arg.data !0
  %q = load ptr addrspace(1), ptr addrspace(1) %in, align 8
  %n0 = load i32, ptr addrspace(1) %n.p, align 4
  %empty = icmp eq i32 %n0, 0
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %q, i64 %idx
  %w = load i32, ptr addrspace(1) %p, align 4
  %a0 = add i32 %w, 1000
  %r0 = call i32 @llvm.fshl.i32(i32 %a0, i32 %a0, i32 7)
  %x0 = xor i32 %r0, %w
  %a1 = add i32 %x0, 1001
  %r1 = call i32 @llvm.fshl.i32(i32 %a1, i32 %a1, i32 7)
  %x1 = xor i32 %r1, %w
  %a2 = add i32 %x1, 1002
  %r2 = call i32 @llvm.fshl.i32(i32 %a2, i32 %a2, i32 7)
  %x2 = xor i32 %r2, %w
  %a3 = add i32 %x2, 1003
  %r3 = call i32 @llvm.fshl.i32(i32 %a3, i32 %a3, i32 7)
  %x3 = xor i32 %r3, %w
  %a4 = add i32 %x3, 1004
  %r4 = call i32 @llvm.fshl.i32(i32 %a4, i32 %a4, i32 7)
  %x4 = xor i32 %r4, %w
  %a5 = add i32 %x4, 1005
  %r5 = call i32 @llvm.fshl.i32(i32 %a5, i32 %a5, i32 7)
  %x5 = xor i32 %r5, %w
  %a6 = add i32 %x5, 1006
  %r6 = call i32 @llvm.fshl.i32(i32 %a6, i32 %a6, i32 7)
  %x6 = xor i32 %r6, %w
  %a7 = add i32 %x6, 1007
  %r7 = call i32 @llvm.fshl.i32(i32 %a7, i32 %a7, i32 7)
  %x7 = xor i32 %r7, %w
  %a8 = add i32 %x7, 1008
  %r8 = call i32 @llvm.fshl.i32(i32 %a8, i32 %a8, i32 7)
  %x8 = xor i32 %r8, %w
  %a9 = add i32 %x8, 1009
  %r9 = call i32 @llvm.fshl.i32(i32 %a9, i32 %a9, i32 7)
  %x9 = xor i32 %r9, %w
  %a10 = add i32 %x9, 1010
  %r10 = call i32 @llvm.fshl.i32(i32 %a10, i32 %a10, i32 7)
  %x10 = xor i32 %r10, %w
  %a11 = add i32 %x10, 1011
  %r11 = call i32 @llvm.fshl.i32(i32 %a11, i32 %a11, i32 7)
  %x11 = xor i32 %r11, %w
  %a12 = add i32 %x11, 1012
  %r12 = call i32 @llvm.fshl.i32(i32 %a12, i32 %a12, i32 7)
  %x12 = xor i32 %r12, %w
  %a13 = add i32 %x12, 1013
  %r13 = call i32 @llvm.fshl.i32(i32 %a13, i32 %a13, i32 7)
  %x13 = xor i32 %r13, %w
  %a14 = add i32 %x13, 1014
  %r14 = call i32 @llvm.fshl.i32(i32 %a14, i32 %a14, i32 7)
  %x14 = xor i32 %r14, %w
  %a15 = add i32 %x14, 1015
  %r15 = call i32 @llvm.fshl.i32(i32 %a15, i32 %a15, i32 7)
  %x15 = xor i32 %r15, %w
  %a16 = add i32 %x15, 1016
  %r16 = call i32 @llvm.fshl.i32(i32 %a16, i32 %a16, i32 7)
  %x16 = xor i32 %r16, %w
  %a17 = add i32 %x16, 1017
  %r17 = call i32 @llvm.fshl.i32(i32 %a17, i32 %a17, i32 7)
  %x17 = xor i32 %r17, %w
  %a18 = add i32 %x17, 1018
  %r18 = call i32 @llvm.fshl.i32(i32 %a18, i32 %a18, i32 7)
  %x18 = xor i32 %r18, %w
  %a19 = add i32 %x18, 1019
  %r19 = call i32 @llvm.fshl.i32(i32 %a19, i32 %a19, i32 7)
  %x19 = xor i32 %r19, %w
  %hit = icmp eq i32 %x19, 12345
  br i1 %hit, label %record, label %latch

record:
  %old = atomicrmw add ptr addrspace(1) %out, i32 1 seq_cst, align 4
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %n = load i32, ptr addrspace(1) %n.p, align 4
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  %last = phi i32 [ 0, %entry ], [ %x19, %latch ]
  %lastp = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  store i32 %last, ptr addrspace(1) %lastp, align 4
  ret void
}

!0 = !{}
