; A printf whose format lives in a plain (not `constant`) global of the
; __constant address space, as some SPIR-V producers emit it
; (test_printf_spirv).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

@fmt = internal addrspace(2) global [13 x i8] c"x = %d, %x.\0A\00"

define spir_kernel void @k(i32 %x) {
  %p = getelementptr inbounds [13 x i8], [13 x i8] addrspace(2)* @fmt, i64 0, i64 0
  %r = call spir_func i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* %p, i32 %x, i32 %x)
  ret void
}

declare spir_func i32 @printf(i8 addrspace(2)*, ...)

!opencl.ocl.version = !{!0}
!opencl.spir.version = !{!0}
!0 = !{i32 2, i32 0}
