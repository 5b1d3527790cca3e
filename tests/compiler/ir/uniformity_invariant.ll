; kiln-uniformity (print<kiln-uniformity>): the work-group state pointer
; (__kiln_wg_state) is the same in every work-item, and so is what a load
; marked !invariant.load reads from a uniform address (checked mode's launch
; tables, check_bounds.cpp); a plain load from private memory, or an
; invariant one from an address that differs per work-item, is divergent;
; so is the address of private memory, even at a constant index (each
; work-item has its own; kept across a barrier, it is a context row).
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,print<kiln-uniformity>)" %s -o /dev/null | %FileCheck %s
; SKIP-FAILS: print<kiln-uniformity>
; CHECK: kiln-uniformity of __kiln_wi_k:
; CHECK: uniform: {{.*}}%st = call ptr @__kiln_wg_state()
; CHECK: uniform: {{.*}}%table = load ptr, ptr %field{{.*}}!invariant.load
; CHECK: uniform: {{.*}}%extent = load i64, ptr %table{{.*}}!invariant.load
; CHECK: divergent: {{.*}}%plain = load i64, ptr %second
; CHECK: divergent: {{.*}}%per.item = load i64
; CHECK: divergent: {{.*}}%elt = getelementptr inbounds [4 x i64], ptr %arr, i64 0, i64 1
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from
;   __kernel void k(__global long *c) { size_t i = get_global_id(0); c[i] = 0; }
; and the state pointer and loads added by hand (what kiln-check-bounds
; inserts).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 8 %c) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %c.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  store i64 %call, ptr %i, align 8, !tbaa !11
  %0 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !7
  %1 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds i64, ptr addrspace(1) %0, i64 %1
  %st = call ptr @__kiln_wg_state()
  %field = getelementptr inbounds i8, ptr %st, i64 136
  %table = load ptr, ptr %field, align 8, !invariant.load !20
  %extent = load i64, ptr %table, align 8, !invariant.load !20
  %second = getelementptr inbounds i64, ptr %table, i64 1
  %plain = load i64, ptr %second, align 8
  %row = getelementptr inbounds i64, ptr %table, i64 %1
  %per.item = load i64, ptr %row, align 8, !invariant.load !20
  %sum = add i64 %extent, %plain
  %sum2 = add i64 %sum, %per.item
  %arr = alloca [4 x i64], align 8
  %elt = getelementptr inbounds [4 x i64], ptr %arr, i64 0, i64 1
  %escape = ptrtoint ptr %elt to i64
  %sum3 = add i64 %sum2, %escape
  store i64 %sum3, ptr addrspace(1) %arrayidx, align 8, !tbaa !11
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

declare ptr @__kiln_wg_state() #4

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
attributes #3 = { nounwind }
attributes #4 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1}
!4 = !{!"none"}
!5 = !{!"long*"}
!6 = !{!""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"long", !9, i64 0}
!20 = !{}
