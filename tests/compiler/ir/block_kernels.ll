; kiln-block-kernels: the address of the block kernel Clang made for
; enqueue_kernel becomes the address of its launch descriptor (struct
; kiln_block_kernel: work-group function, context and local bytes, name,
; number of __local parameters, printf), and nothing else refers to the
; kernel; the literal's invoke field becomes null.
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(kiln-local-vars,kiln-wi-simplify,kiln-scalarize,kiln-loop-barriers,kiln-converge-loops,kiln-barriers,kiln-context,kiln-alias-scopes),kiln-workgroup,kiln-block-kernels" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-block-kernels
; CHECK: @__kiln_block___p_block_invoke_kernel = internal constant { ptr, i64, i64, ptr, i32, i32 } { ptr @__kiln_wg___p_block_invoke_kernel, i64 {{[0-9]+}}, i64 {{[0-9]+}}, ptr @__kiln_block_name___p_block_invoke_kernel, i32 1, i32 0 }
; CHECK-LABEL: define {{.*}}@__kiln_wi_p(
; CHECK: store ptr addrspace(4) null, ptr %block.invoke
; CHECK: call i32 @__enqueue_kernel_varargs({{.*}}, i32 1, {{.*}}, ptr addrspace(4) addrspacecast (ptr @__kiln_block___p_block_invoke_kernel to ptr addrspace(4)), ptr addrspace(4) %{{.*}}, i32 1,
; CHECK-NOT: ptr @__p_block_invoke_kernel to
; CHECK-NOT: ptr @__p_block_invoke to
; CHECK: define void @__kiln_wg___p_block_invoke_kernel(
; Made with clang-15 -cc1 -cl-std=CL2.0 (the front end's options, docs/compiler.md) from:
;   kernel void p(global int *a) {
;     enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(64),
;                    ^(local void *l) { ((local int *)l)[0] = a[0]; a[get_global_id(0)] = 1; }, 16u);
;   }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.ndrange_t = type { i32, [3 x i64], [3 x i64], [3 x i64] }

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @p(ptr addrspace(1) noundef align 4 %a) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %tmp = alloca %struct.ndrange_t, align 8
  %block = alloca <{ i32, i32, ptr addrspace(4), ptr addrspace(1) }>, align 8
  %block_sizes = alloca [1 x i64], align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  %call = call ptr @_Z17get_default_queuev() #6
  call void @_Z10ndrange_1Dm(ptr sret(%struct.ndrange_t) align 8 %tmp, i64 noundef 64) #6
  %block.size = getelementptr inbounds <{ i32, i32, ptr addrspace(4), ptr addrspace(1) }>, ptr %block, i32 0, i32 0
  store i32 24, ptr %block.size, align 8
  %block.align = getelementptr inbounds <{ i32, i32, ptr addrspace(4), ptr addrspace(1) }>, ptr %block, i32 0, i32 1
  store i32 8, ptr %block.align, align 4
  %block.invoke = getelementptr inbounds <{ i32, i32, ptr addrspace(4), ptr addrspace(1) }>, ptr %block, i32 0, i32 2
  store ptr addrspace(4) addrspacecast (ptr @__p_block_invoke to ptr addrspace(4)), ptr %block.invoke, align 8
  %block.captured = getelementptr inbounds <{ i32, i32, ptr addrspace(4), ptr addrspace(1) }>, ptr %block, i32 0, i32 3
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  store ptr addrspace(1) %0, ptr %block.captured, align 8, !tbaa !7
  %1 = addrspacecast ptr %block to ptr addrspace(4)
  call void @llvm.lifetime.start.p0(i64 8, ptr %block_sizes) #4
  %2 = getelementptr [1 x i64], ptr %block_sizes, i32 0, i32 0
  store i64 16, ptr %2, align 8
  %3 = call i32 @__enqueue_kernel_varargs(ptr %call, i32 1, ptr %tmp, ptr addrspace(4) addrspacecast (ptr @__p_block_invoke_kernel to ptr addrspace(4)), ptr addrspace(4) %1, i32 1, ptr %2)
  call void @llvm.lifetime.end.p0(i64 8, ptr %block_sizes) #4
  ret void
}

; Function Attrs: convergent
declare ptr @_Z17get_default_queuev() #1

; Function Attrs: convergent
declare void @_Z10ndrange_1Dm(ptr sret(%struct.ndrange_t) align 8, i64 noundef) #1

; Function Attrs: convergent nounwind
define internal void @__p_block_invoke(ptr addrspace(4) noundef %.block_descriptor, ptr addrspace(3) noundef %l) #2 {
entry:
  %.block_descriptor.addr = alloca ptr addrspace(4), align 8
  %l.addr = alloca ptr addrspace(3), align 8
  store ptr addrspace(4) %.block_descriptor, ptr %.block_descriptor.addr, align 8
  store ptr addrspace(3) %l, ptr %l.addr, align 8, !tbaa !7
  %block.capture.addr = getelementptr inbounds <{ i32, i32, ptr addrspace(4), ptr addrspace(1) }>, ptr addrspace(4) %.block_descriptor, i32 0, i32 3
  %0 = load ptr addrspace(1), ptr addrspace(4) %block.capture.addr, align 8, !tbaa !7
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %0, i64 0
  %1 = load i32, ptr addrspace(1) %arrayidx, align 4, !tbaa !11
  %2 = load ptr addrspace(3), ptr %l.addr, align 8, !tbaa !7
  %arrayidx1 = getelementptr inbounds i32, ptr addrspace(3) %2, i64 0
  store i32 %1, ptr addrspace(3) %arrayidx1, align 4, !tbaa !11
  %block.capture.addr2 = getelementptr inbounds <{ i32, i32, ptr addrspace(4), ptr addrspace(1) }>, ptr addrspace(4) %.block_descriptor, i32 0, i32 3
  %3 = load ptr addrspace(1), ptr addrspace(4) %block.capture.addr2, align 8, !tbaa !7
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #7
  %arrayidx3 = getelementptr inbounds i32, ptr addrspace(1) %3, i64 %call
  store i32 1, ptr addrspace(1) %arrayidx3, align 4, !tbaa !11
  ret void
}

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #3

; Function Attrs: nounwind
define spir_kernel void @__p_block_invoke_kernel(ptr addrspace(4) %0, ptr addrspace(3) %1) #4 {
entry:
  call void @__p_block_invoke(ptr addrspace(4) %0, ptr addrspace(3) %1)
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #5

declare i32 @__enqueue_kernel_varargs(ptr, i32, ptr, ptr addrspace(4), ptr addrspace(4), i32, ptr)

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #5

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="false" }
attributes #1 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #2 = { convergent nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #4 = { nounwind }
attributes #5 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #6 = { convergent }
attributes #7 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 2, i32 0}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1}
!4 = !{!"none"}
!5 = !{!"int*"}
!6 = !{!""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !9, i64 0}
