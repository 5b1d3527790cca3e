; kiln-subgroups: __kiln_sg_max_size() becomes the kernel's sub-group size
; (intel_reqd_sub_group_size(32) for k32, the module's default 8 for kdef),
; and a __kiln_sg_sync() every work-item reaches becomes a work-group
; barrier that returns ~0 (all lanes take part).
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify),kiln-subgroups" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-subgroups
; CHECK-LABEL: define internal i32 @__kiln_wi_k32(
; CHECK-NOT: __kiln_sg_
; CHECK: zext i32 32 to i64
; CHECK-NEXT: call void @__kiln_barrier(i32 0)
; CHECK-NEXT: add i64 -1,
; CHECK-LABEL: define internal i32 @__kiln_wi_kdef(
; CHECK-NOT: __kiln_sg_
; CHECK: zext i32 8 to i64
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   ulong __kiln_sg_sync(void) __attribute__((convergent));
;   uint __kiln_sg_max_size(void) __attribute__((const));
;   __attribute__((intel_reqd_sub_group_size(32)))
;   kernel void k32(global ulong *out) {
;     out[get_global_id(0)] = __kiln_sg_max_size() + __kiln_sg_sync(); }
;   kernel void kdef(global ulong *out) {
;     out[get_global_id(0)] = __kiln_sg_max_size(); }
; plus !kiln.sub_group_size = !{i32 8}, which kiln_finalize sets from the target.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k32(ptr addrspace(1) noundef align 8 %out) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 !intel_reqd_sub_group_size !7 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !8
  %call = call i32 @__kiln_sg_max_size() #3
  %conv = zext i32 %call to i64
  %call1 = call i64 @__kiln_sg_sync() #4
  %add = add i64 %conv, %call1
  %0 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !8
  %call2 = call i64 @_Z13get_global_idj(i32 noundef 0) #3
  %arrayidx = getelementptr inbounds i64, ptr addrspace(1) %0, i64 %call2
  store i64 %add, ptr addrspace(1) %arrayidx, align 8, !tbaa !12
  ret void
}

; Function Attrs: convergent nounwind readnone willreturn
declare i32 @__kiln_sg_max_size() #1

; Function Attrs: convergent
declare i64 @__kiln_sg_sync() #2

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #1

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @kdef(ptr addrspace(1) noundef align 8 %out) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !8
  %call = call i32 @__kiln_sg_max_size() #3
  %conv = zext i32 %call to i64
  %0 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !8
  %call1 = call i64 @_Z13get_global_idj(i32 noundef 0) #3
  %arrayidx = getelementptr inbounds i64, ptr addrspace(1) %0, i64 %call1
  store i64 %conv, ptr addrspace(1) %arrayidx, align 8, !tbaa !12
  ret void
}

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #2 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { convergent nounwind readnone willreturn }
attributes #4 = { convergent }

!llvm.module.flags = !{!0}
!kiln.sub_group_size = !{!99}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, i32 0}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1}
!4 = !{!"none"}
!5 = !{!"ulong*"}
!6 = !{!""}
!7 = !{i32 32}
!8 = !{!9, !9, i64 0}
!9 = !{!"any pointer", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"long", !10, i64 0}
!99 = !{i32 8}
