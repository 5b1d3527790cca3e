; kiln-program-rules against kiln-opt's limits (program_rules.h,
; default_program_limits: 64 KiB of __constant data, 32 KiB of __local
; variables per kernel, 16 MiB of private memory per work-item):
;  - 64 MiB of __constant data (a 4-byte value and a zeroinitializer, as
;    Clang emits `__constant int big[1 << 24] = {1};`) is an error;
;  - 36000 bytes of kernel-scope __local variables in uses_local is one;
;  - private_big calls an 8 MiB helper twice (each call inlines a copy) and
;    has 1 KiB of its own: 16778240 bytes, over the limit;
;  - fine (one call of the helper) is within every limit.
; RUN: { %kiln-opt -passes=kiln-program-rules %s -S -o /dev/null 2>&1 || echo "kiln-opt: failed"; } | %FileCheck %s
; SKIP-FAILS: kiln-program-rules
; CHECK-DAG: error: the program's __constant data takes 67108864 bytes ('big' 67108864 bytes), more than the 65536 bytes a program may hold
; CHECK-DAG: error: kernel 'uses_local' declares 36000 bytes of __local variables, more than CL_DEVICE_LOCAL_MEM_SIZE (32768 bytes)
; CHECK-DAG: error: kernel 'private_big' needs 16778240 bytes of private memory per work-item, more than Kiln's limit of 16777216 bytes
; CHECK-NOT: 'fine'
; CHECK: kiln-opt: failed

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@big = addrspace(2) constant <{ i32, [16777215 x i32] }> <{ i32 1, [16777215 x i32] zeroinitializer }>, align 4
@lmem = internal addrspace(3) global [9000 x i32] undef, align 4

define spir_kernel void @uses_local(ptr addrspace(1) %o) {
entry:
  %p = getelementptr [9000 x i32], ptr addrspace(3) @lmem, i64 0, i64 5
  store i32 1, ptr addrspace(3) %p
  %v = load i32, ptr addrspace(2) @big
  store i32 %v, ptr addrspace(1) %o
  ret void
}

define internal spir_func void @helper(ptr addrspace(1) %o) {
entry:
  %a = alloca [2097152 x i32], align 4
  %v = load i32, ptr addrspace(1) %o
  %p = getelementptr [2097152 x i32], ptr %a, i64 0, i64 7
  store volatile i32 %v, ptr %p
  ret void
}

define spir_kernel void @private_big(ptr addrspace(1) %o) {
entry:
  %own = alloca [1024 x i8], align 1
  store volatile i8 0, ptr %own
  call spir_func void @helper(ptr addrspace(1) %o)
  call spir_func void @helper(ptr addrspace(1) %o)
  ret void
}

define spir_kernel void @fine(ptr addrspace(1) %o) {
entry:
  call spir_func void @helper(ptr addrspace(1) %o)
  ret void
}
