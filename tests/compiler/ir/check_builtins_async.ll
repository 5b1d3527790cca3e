; kiln-check-builtins: each call of a built-in that reaches memory through
; a pointer the program passes is put under markers that kiln-check-bounds
; turns into the checks of the bytes it touches.  An async copy's two sides
; are checked as their first and last elements (a float4 copy: 16 bytes at
; %tile and at %tile + (n - 1) * 16; a strided scatter: the global side's
; last element (n - 1) * stride elements on; 2D2D, whose element size is
; an argument: the first and the last byte, (offset + (lines - 1) * line
; stride + per line) * size - 1), only when the copy is not empty; the
; call runs only when every marker passes, else gives a null event.
; prefetch touches no memory and is left alone.
; RUN: %kiln-opt -passes=kiln-check-builtins %s -S | %FileCheck %s
; SKIP-FAILS: kiln-check-builtins
; CHECK-LABEL: define ptr @copy(
; CHECK: %[[LAST:[0-9]+]] = sub i64 %n, 1
; CHECK: %[[OFF:[0-9]+]] = mul i64 %[[LAST]], 16
; CHECK: %[[DEND:[0-9]+]] = getelementptr i8, ptr addrspace(3) %tile, i64 %[[OFF]]
; CHECK: %[[SEND:[0-9]+]] = getelementptr i8, ptr addrspace(1) %a, i64
; CHECK: %[[NE:[0-9]+]] = icmp ne i64 %n, 0
; CHECK: br i1 %[[NE]], label %[[RANGES:[0-9]+]], label %[[JOIN:[0-9]+]]
; CHECK: [[RANGES]]:
; CHECK-NEXT: call i1 @__kiln_check_range.p3(ptr addrspace(3) %tile, i64 16, i32 1)
; CHECK-NEXT: call i1 @__kiln_check_range.p3(ptr addrspace(3) %[[DEND]], i64 16, i32 1)
; CHECK: call i1 @__kiln_check_range.p1(ptr addrspace(1) %a, i64 16, i32 0)
; CHECK: %[[ALL:[0-9]+]] = and i1 %{{[0-9]+}}, %{{[0-9]+}}
; CHECK: call i1 @__kiln_check_range.p1(ptr addrspace(1) %[[SEND]], i64 16, i32 0)
; CHECK: [[JOIN]]:
; CHECK-NEXT: %[[OK:[0-9]+]] = phi i1 [ true, %entry ], [ %{{[0-9]+}}, %[[RANGES]] ]
; CHECK-NEXT: br i1 %[[OK]], label %[[RUN:[0-9]+]], label %[[SKIP:[0-9]+]]
; CHECK: [[RUN]]:
; CHECK-NEXT: %e = call ptr @_Z21async_work_group_copy
; CHECK: phi ptr [ %e, %[[RUN]] ], [ null, %[[SKIP]] ]
; CHECK-LABEL: define void @strided(
; CHECK: %[[SL:[0-9]+]] = sub i64 %n, 1
; CHECK: %[[SS:[0-9]+]] = mul i64 %[[SL]], %s
; CHECK: %[[SB:[0-9]+]] = mul i64 %[[SS]], 4
; CHECK: %[[SEND2:[0-9]+]] = getelementptr i8, ptr addrspace(1) %a, i64 %[[SB]]
; CHECK: call i1 @__kiln_check_range.p1(ptr addrspace(1) %a, i64 4, i32 1)
; CHECK: call i1 @__kiln_check_range.p1(ptr addrspace(1) %[[SEND2]], i64 4, i32 1)
; CHECK: call i1 @__kiln_check_range.p3(ptr addrspace(3) %tile, i64 4, i32 0)
; CHECK-LABEL: define void @copy2d(
; CHECK: getelementptr i8, ptr addrspace(3) %tile, i64 %{{[0-9]+}}
; CHECK-NEXT: %[[L:[0-9]+]] = sub i64 %lines, 1
; CHECK-NEXT: %[[LS:[0-9]+]] = mul i64 %[[L]], 8
; CHECK-NEXT: %[[A:[0-9]+]] = add i64 2, %[[LS]]
; CHECK-NEXT: %[[B:[0-9]+]] = add i64 %[[A]], 5
; CHECK-NEXT: %[[C:[0-9]+]] = add i64 %[[B]], 1
; CHECK-NEXT: %[[D:[0-9]+]] = mul i64 %[[C]], 4
; CHECK-NEXT: %[[E:[0-9]+]] = sub i64 %[[D]], 1
; CHECK-NEXT: %[[FIRST:[0-9]+]] = getelementptr i8, ptr addrspace(1) %a, i64 8
; CHECK-NEXT: %[[END:[0-9]+]] = getelementptr i8, ptr addrspace(1) %a, i64 %[[E]]
; CHECK: call i1 @__kiln_check_range.p1(ptr addrspace(1) %[[FIRST]], i64 1, i32 0)
; CHECK: call i1 @__kiln_check_range.p1(ptr addrspace(1) %[[END]], i64 1, i32 0)
; CHECK-LABEL: define void @hint(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @_Z8prefetchPU3AS1Kim(
; CHECK-NEXT: ret void

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define ptr @copy(ptr addrspace(3) %tile, ptr addrspace(1) %a, i64 %n) {
entry:
  %e = call ptr @_Z21async_work_group_copyPU3AS3Dv4_fPU3AS1KS_m9ocl_event(ptr addrspace(3) %tile, ptr addrspace(1) %a, i64 %n, ptr null)
  ret ptr %e
}

define void @strided(ptr addrspace(1) %a, ptr addrspace(3) %tile, i64 %n, i64 %s) {
entry:
  %e = call ptr @_Z29async_work_group_strided_copyPU3AS1iPU3AS3Kimm9ocl_event(ptr addrspace(1) %a, ptr addrspace(3) %tile, i64 %n, i64 %s, ptr null)
  ret void
}

define void @copy2d(ptr addrspace(3) %tile, ptr addrspace(1) %a, i64 %lines) {
entry:
  %e = call ptr @_Z26async_work_group_copy_2D2DPU3AS3vmPU3AS1Kvmmmmmm9ocl_event(ptr addrspace(3) %tile, i64 0, ptr addrspace(1) %a, i64 2, i64 4, i64 6, i64 %lines, i64 8, i64 6, ptr null)
  ret void
}

define void @hint(ptr addrspace(1) %a, i64 %n) {
entry:
  call void @_Z8prefetchPU3AS1Kim(ptr addrspace(1) %a, i64 %n)
  ret void
}

declare ptr @_Z21async_work_group_copyPU3AS3Dv4_fPU3AS1KS_m9ocl_event(ptr addrspace(3), ptr addrspace(1), i64, ptr)
declare ptr @_Z29async_work_group_strided_copyPU3AS1iPU3AS3Kimm9ocl_event(ptr addrspace(1), ptr addrspace(3), i64, i64, ptr)
declare ptr @_Z26async_work_group_copy_2D2DPU3AS3vmPU3AS1Kvmmmmmm9ocl_event(ptr addrspace(3), i64, ptr addrspace(1), i64, i64, i64, i64, i64, i64, ptr)
declare void @_Z8prefetchPU3AS1Kim(ptr addrspace(1), i64)
