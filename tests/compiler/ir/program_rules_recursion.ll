; kiln-program-rules: a kernel that calls itself and two functions that call
; each other are build errors naming them and the rule (OpenCL C 3.0 §6.11);
; a function called twice without a cycle is not.
; RUN: { %kiln-opt -passes=kiln-program-rules %s -S -o /dev/null 2>&1 || echo "kiln-opt: failed"; } | %FileCheck %s
; SKIP-FAILS: kiln-program-rules
; CHECK-DAG: error: kernel 'self' calls itself: recursion is not allowed in OpenCL C (OpenCL C 3.0 section 6.11)
; CHECK-DAG: error: function 'even' and function 'odd' call each other: recursion is not allowed in OpenCL C (OpenCL C 3.0 section 6.11)
; CHECK-NOT: 'twice'
; CHECK-NOT: 'fine'
; CHECK: kiln-opt: failed

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define spir_kernel void @self(ptr addrspace(1) %o, i32 %n) {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %again, label %done
again:
  %m = sub i32 %n, 1
  call spir_func void @self(ptr addrspace(1) %o, i32 %m)
  br label %done
done:
  store i32 %n, ptr addrspace(1) %o
  ret void
}

define spir_func i32 @even(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %rec
yes:
  ret i32 1
rec:
  %m = sub i32 %n, 1
  %r = call spir_func i32 @odd(i32 %m)
  ret i32 %r
}

define spir_func i32 @odd(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %no, label %rec
no:
  ret i32 0
rec:
  %m = sub i32 %n, 1
  %r = call spir_func i32 @even(i32 %m)
  ret i32 %r
}

define spir_func i32 @twice(i32 %n) {
entry:
  %r = add i32 %n, %n
  ret i32 %r
}

define spir_kernel void @fine(ptr addrspace(1) %o) {
entry:
  %a = call spir_func i32 @twice(i32 1)
  %b = call spir_func i32 @twice(i32 %a)
  %e = call spir_func i32 @even(i32 %b)
  store i32 %e, ptr addrspace(1) %o
  ret void
}
