; kiln-lower-prefetch: kiln-prefetch-next's scalar call becomes one
; llvm.prefetch of its address; its vector form (the loop vectorizer's, for
; 16 work-items) one prefetch of the first work-item's address, computed
; in scalars from the splat and the index vector's first lane (the vector
; of addresses is left to dead-code elimination); the declarations go,
; and llvm.compiler.used keeps only what else it held.
; RUN: %kiln-opt -passes=kiln-lower-prefetch %s -S | %FileCheck %s
; SKIP-FAILS: kiln-lower-prefetch
; CHECK: @llvm.compiler.used = appending global [1 x ptr] [ptr @keep]
; CHECK-LABEL: define void @__kiln_wg_k(
; CHECK: call void @llvm.prefetch.p1(ptr addrspace(1) %next, i32 0, i32 3, i32 1)
; CHECK: [[I:%.*]] = add i64 %base, 0
; CHECK-NEXT: [[P:%.*]] = getelementptr float, ptr addrspace(1) %a, i64 [[I]]
; CHECK-NEXT: call void @llvm.prefetch.p1(ptr addrspace(1) [[P]], i32 0, i32 3, i32 1)
; CHECK-NOT: call void @__kiln_prefetch_next
; CHECK: ret void
; CHECK-NOT: __kiln_prefetch_next

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@keep = global i32 0
@llvm.compiler.used = appending global [3 x ptr] [ptr @__kiln_prefetch_next_v16.p1, ptr @keep, ptr @__kiln_prefetch_next_v8.p1], section "llvm.metadata"

define void @__kiln_wg_k(ptr addrspace(1) %a, ptr addrspace(1) %next, i64 %base) {
entry:
  call void @__kiln_prefetch_next.p1(ptr addrspace(1) %next)
  %b0 = insertelement <16 x i64> poison, i64 %base, i64 0
  %bs = shufflevector <16 x i64> %b0, <16 x i64> poison, <16 x i32> zeroinitializer
  %idx = add <16 x i64> %bs, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10, i64 11, i64 12, i64 13, i64 14, i64 15>
  %ps = getelementptr float, ptr addrspace(1) %a, <16 x i64> %idx
  call void @__kiln_prefetch_next_v16.p1(<16 x ptr addrspace(1)> %ps)
  ret void
}

declare void @__kiln_prefetch_next.p1(ptr addrspace(1)) #0
declare void @__kiln_prefetch_next_v8.p1(<8 x ptr addrspace(1)>) #0
declare void @__kiln_prefetch_next_v16.p1(<16 x ptr addrspace(1)>) #0

attributes #0 = { inaccessiblememonly nounwind willreturn }
