; kiln-subgroups, the fiber path: a sub-group meeting point under a
; divergent branch makes the work-item function run as fibers: the meeting
; becomes a call of the runtime's sub_group_sync service with a site number,
; the barrier a call of group_barrier, no barrier regions are cut, and
; kiln-workgroup hands the work-items to run_fibers with the sub-group size.
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify),kiln-subgroups,function(kiln-loop-barriers,kiln-barriers,kiln-context),kiln-workgroup" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-subgroups
; CHECK-LABEL: define internal i32 @__kiln_wi_k(
; CHECK-NOT: __kiln_sg_sync
; CHECK: call ptr @__kiln_wg_state()
; CHECK: call i64 %{{[0-9]+}}(ptr %{{[0-9]+}}, i32 1024)
; CHECK-NOT: barrier
; CHECK: call void %{{[0-9]+}}(ptr %{{[0-9]+}})
; CHECK-NOT: barrier
; CHECK-LABEL: define void @__kiln_wg_k(
; CHECK-NOT: wi.x
; CHECK: call void %{{[0-9]+}}(ptr %state, ptr @__kiln_fiber_k, ptr %fiber.closure, i32 8)
; CHECK-LABEL: define internal void @__kiln_fiber_k(
; CHECK: call i32 @__kiln_wi_k(
; CHECK: "kiln-fibers"="8"
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   ulong __kiln_sg_sync(void) __attribute__((convergent));
;   kernel void k(global ulong *out) {
;     size_t i = get_global_id(0);
;     if (i & 1)
;       out[i] = __kiln_sg_sync();
;     barrier(CLK_GLOBAL_MEM_FENCE);
;     out[i] += 1; }
; plus !kiln.sub_group_size = !{i32 8}, which kiln_finalize sets from the target.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 8 %out) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %i, align 8, !tbaa !11
  %0 = load i64, ptr %i, align 8, !tbaa !11
  %and = and i64 %0, 1
  %tobool = icmp ne i64 %and, 0
  br i1 %tobool, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %call1 = call i64 @__kiln_sg_sync() #6
  %1 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7
  %2 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds i64, ptr addrspace(1) %1, i64 %2
  store i64 %call1, ptr addrspace(1) %arrayidx, align 8, !tbaa !11
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  call void @_Z7barrierj(i32 noundef 2) #6
  %3 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7
  %4 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx2 = getelementptr inbounds i64, ptr addrspace(1) %3, i64 %4
  %5 = load i64, ptr addrspace(1) %arrayidx2, align 8, !tbaa !11
  %add = add i64 %5, 1
  store i64 %add, ptr addrspace(1) %arrayidx2, align 8, !tbaa !11
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent
declare i64 @__kiln_sg_sync() #3

; Function Attrs: convergent
declare void @_Z7barrierj(i32 noundef) #3

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="false" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind readnone willreturn }
attributes #6 = { convergent }

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
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"long", !9, i64 0}
!99 = !{i32 8}
