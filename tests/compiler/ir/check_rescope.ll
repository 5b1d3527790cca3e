; kiln-check-rescope: the function's checked-mode scopes are those of the
; "kiln.check" domain that its accesses carry (!2 records, !3 shadow).  The
; load of %in (address space 1) lost its noalias (as SimplifyCFG's hoisting
; drops it) and gets both scopes back; the store to %out (address space 1),
; which names one of them, gets the other added (the same list, uniqued); the load through %p
; (address space 0, which could be checked mode's own memory with its scope
; dropped) and the accesses that carry the scopes are left alone.
; RUN: %kiln-opt -passes="function(kiln-check-rescope)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-check-rescope
; CHECK-LABEL: define void @f(
; CHECK: %v = load float, ptr addrspace(1) %in, align 4, !noalias ![[BOTH:[0-9]+]]
; CHECK: %w = load float, ptr %p, align 4{{$}}
; CHECK: store float %v, ptr addrspace(1) %out, align 4, !noalias ![[BOTH]]
; CHECK: %r = load i8, ptr %rec, align 1, !alias.scope ![[R:[0-9]+]], !noalias ![[S:[0-9]+]]{{$}}
; CHECK: store i32 1, ptr %sh, align 4, !alias.scope ![[S]], !noalias ![[R]]{{$}}
; CHECK-LABEL: define void @none(
; CHECK: %v = load float, ptr addrspace(1) %in, align 4{{$}}
; CHECK-DAG: ![[BOTH]] = !{![[RS:[0-9]+]], ![[SS:[0-9]+]]}
; CHECK-DAG: ![[RS]] = distinct !{![[RS]], ![[DOM:[0-9]+]], !"kiln.check.records"}
; CHECK-DAG: ![[SS]] = distinct !{![[SS]], ![[DOM]], !"shadow"}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @f(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr %p, ptr %rec, ptr %sh) {
entry:
  %v = load float, ptr addrspace(1) %in, align 4
  %w = load float, ptr %p, align 4
  store float %v, ptr addrspace(1) %out, align 4, !noalias !4
  %r = load i8, ptr %rec, align 1, !alias.scope !4, !noalias !5
  store i32 1, ptr %sh, align 4, !alias.scope !5, !noalias !4
  ret void
}

; no checked-mode scope at all: nothing changes
define void @none(ptr addrspace(1) %in) {
entry:
  %v = load float, ptr addrspace(1) %in, align 4
  ret void
}

!1 = distinct !{!1, !"kiln.check"}
!2 = distinct !{!2, !1, !"kiln.check.records"}
!3 = distinct !{!3, !1, !"shadow"}
!4 = !{!2}
!5 = !{!3}
