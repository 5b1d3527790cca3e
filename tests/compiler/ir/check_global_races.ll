; kiln-check-global-races: a plain store of the program (!kiln.user) through
; a global pointer argument (a[i]) first checks and updates argument 0's
; shadow of the launch (state->check->args[0].shadow: a uint32_t per granule
; of 4 bytes: generation, bytes stored, group tag): only when the offset is
; inside the object and the shadow exists, one i32 load for the float's
; granule (at the offset itself: the float is 4-aligned); a word of the running group's
; generation (xor with its tag, state->check->group_tag, below 2^24) whose
; group field (bits 19-0) differs from the tag's and is not the split mark
; is another group's store; the group's tag with all four bytes marked is
; stored over it (the table loads, and so that or, were moved to the
; entry block); and a
; conflict writes a failure record (site, offset, the other group's word)
; at the work-item's linear local id.  The store itself is unchanged and
; not skipped.  The __local store (t[l]) and the loads are not instrumented.
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(sroa,kiln-check-global-races)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-check-global-races
; CHECK: @__kiln_check_site = private constant { i32, i32, i32, i32, i32, i32, ptr, ptr, ptr } { i32 4, i32 0, i32 0, i32 0, i32 4, i32 1, ptr null, ptr @{{.*}}, ptr @{{.*}} }
; CHECK: define internal i32 @__kiln_wi_k(
; CHECK: call ptr @__kiln_wg_state()
; CHECK: load i64, ptr %{{.*}}, align 8, !invariant.load
; CHECK: %[[TAG:[0-9]+]] = load i32, ptr %{{.*}}, align 4, !invariant.load
; CHECK: %[[CLAIM:[0-9]+]] = or i32 %[[TAG]], 15728640
; CHECK-NOT: !kiln.check.rec
; CHECK: store float %{{.*}}, ptr addrspace(3) %{{.*}}, !kiln.user
; CHECK-NOT: !kiln.check.rec
; CHECK: %race.off = sub i64
; CHECK: %race.in = and i1
; CHECK: br i1 %race.in, label %[[IN:[0-9]+]], label %[[STORE:[0-9]+]], !prof
; CHECK: [[IN]]:
; CHECK: getelementptr inbounds i8, ptr %{{.*}}, i64 %race.off
; CHECK: %[[W:[0-9]+]] = load i32, ptr %{{.*}}, align 4, !kiln.check.rec
; CHECK-NOT: load i32
; CHECK: %[[X:[0-9]+]] = xor i32 %[[W]], %[[TAG]]
; CHECK: icmp ult i32 %[[X]], 16777216
; CHECK: and i32 %[[X]], 1048575
; CHECK: and i32 %[[W]], 1048575
; CHECK: icmp eq i32 %{{.*}}, 1048575
; CHECK: store i32 %[[CLAIM]], ptr %{{.*}}, align 4, !kiln.check.rec
; CHECK-NOT: store i32
; CHECK: select i1 %{{.*}}, i32 %[[W]], i32 0
; CHECK: store i8 1, ptr %{{.*}}, !kiln.check.rec
; CHECK: store ptr @__kiln_check_site, ptr %{{.*}}, !kiln.check.rec
; CHECK: store i64 %race.off, ptr %{{.*}}, !kiln.check.rec
; CHECK: [[STORE]]:
; CHECK-NEXT: store float %mul, ptr addrspace(1) %{{.*}}, !kiln.user
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md, with
; -debug-info-kind=line-tables-only left out), !kiln.user added by hand, from:
;   __kernel void k(__global float *a, __global const float *b, __local float *t) {
;       int i = get_global_id(0);
;       t[get_local_id(0)] = b[i];
;       a[i] = b[i] * 2.0f; }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %b, ptr addrspace(3) noundef align 4 %t) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %t.addr = alloca ptr addrspace(3), align 8
  %i = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7, !kiln.user !100
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !7, !kiln.user !100
  store ptr addrspace(3) %t, ptr %t.addr, align 8, !tbaa !7, !kiln.user !100
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #3
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %i, align 4, !tbaa !11, !kiln.user !100
  %0 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !7, !kiln.user !100
  %1 = load i32, ptr %i, align 4, !tbaa !11, !kiln.user !100
  %idxprom = sext i32 %1 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %idxprom
  %2 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13, !kiln.user !100
  %3 = load ptr addrspace(3), ptr %t.addr, align 8, !tbaa !7, !kiln.user !100
  %call1 = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(3) %3, i64 %call1
  store float %2, ptr addrspace(3) %arrayidx2, align 4, !tbaa !13, !kiln.user !100
  %4 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !7, !kiln.user !100
  %5 = load i32, ptr %i, align 4, !tbaa !11, !kiln.user !100
  %idxprom3 = sext i32 %5 to i64
  %arrayidx4 = getelementptr inbounds float, ptr addrspace(1) %4, i64 %idxprom3
  %6 = load float, ptr addrspace(1) %arrayidx4, align 4, !tbaa !13, !kiln.user !100
  %mul = fmul float %6, 2.000000e+00
  %7 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7, !kiln.user !100
  %8 = load i32, ptr %i, align 4, !tbaa !11, !kiln.user !100
  %idxprom5 = sext i32 %8 to i64
  %arrayidx6 = getelementptr inbounds float, ptr addrspace(1) %7, i64 %idxprom5
  store float %mul, ptr addrspace(1) %arrayidx6, align 4, !tbaa !13, !kiln.user !100
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #3
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

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
!3 = !{i32 1, i32 1, i32 3}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"float*", !"float*", !"float*"}
!6 = !{!"", !"const", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !9, i64 0}
!100 = !{}
