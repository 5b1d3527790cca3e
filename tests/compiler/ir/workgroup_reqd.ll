; kiln-workgroup for a kernel with reqd_work_group_size(16, 4, 1): groups
; of that size (the test of state->local_size) run a nest whose loops stop
; at the constants, with the constant sizes in the launch description;
; smaller groups (the last ones of a non-uniform range) a nest of the
; sizes read at run time, marked neither to vectorize nor to unroll.
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(kiln-local-vars,kiln-wi-simplify,kiln-scalarize,kiln-loop-barriers,kiln-converge-loops,kiln-barriers,kiln-context,kiln-alias-scopes),kiln-workgroup" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-workgroup
; CHECK-LABEL: define void @__kiln_wg_vadd(
; CHECK: %[[X:[0-9a-z.]+]] = icmp eq i64 %{{.*}}, 16
; CHECK: %[[Y:[0-9a-z.]+]] = icmp eq i64 %{{.*}}, 4
; CHECK: %[[Z:[0-9a-z.]+]] = icmp eq i64 %{{.*}}, 1
; CHECK: br i1 %{{.*}}, label %group.reqd, label %group.other
; CHECK: group.reqd:
; CHECK-NEXT: getelementptr {{.*}} ptr %info, i32 0, i32 5, i32 0
; CHECK-NEXT: store i64 16, ptr
; CHECK-NEXT: getelementptr {{.*}} ptr %info, i32 0, i32 5, i32 1
; CHECK-NEXT: store i64 4, ptr
; CHECK: getelementptr {{.*}} ptr %info, i32 0, i32 9
; CHECK-NEXT: store i64 64, ptr
; CHECK: wi.x:
; CHECK: call i32 @__kiln_wi_vadd(
; CHECK: icmp ult i64 %{{.*}}, 16
; CHECK-NOT: !llvm.loop
; CHECK: icmp ult i64 %{{.*}}, 4
; CHECK: icmp ult i64 %{{.*}}, 1
; CHECK: %group.other
; CHECK: wi.x{{[0-9]+}}:
; CHECK: call i32 @__kiln_wi_vadd(
; CHECK: br i1 %{{.*}}, label %wi.x{{[0-9]+}}, label %wi.y.latch{{[0-9]+}}, !llvm.loop ![[PLAIN:[0-9]+]]
; CHECK: ![[PLAIN]] = distinct !{![[PLAIN]], ![[NOVEC:[0-9]+]], ![[NOUNROLL:[0-9]+]]}
; CHECK: ![[NOVEC]] = !{!"llvm.loop.vectorize.enable", i1 false}
; CHECK: ![[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel __attribute__((reqd_work_group_size(16, 4, 1)))
;   void vadd(__global const float *a, __global const float *b, __global float *c)
;   {
;   	size_t i = get_global_id(0);
;   	c[i] = a[i] + b[i];
;   }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @vadd(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %b, ptr addrspace(1) noundef align 4 %c) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 !reqd_work_group_size !99 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !7
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  store i64 %call, ptr %i, align 8, !tbaa !11
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %1 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %1
  %2 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %3 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !7
  %4 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx1 = getelementptr inbounds float, ptr addrspace(1) %3, i64 %4
  %5 = load float, ptr addrspace(1) %arrayidx1, align 4, !tbaa !13
  %add = fadd float %2, %5
  %6 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !7
  %7 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(1) %6, i64 %7
  store float %add, ptr addrspace(1) %arrayidx2, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { nounwind }
attributes #4 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!3 = !{i32 1, i32 1, i32 1}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"float*", !"float*", !"float*"}
!6 = !{!"const", !"const", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"long", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !9, i64 0}
!99 = !{i32 16, i32 4, i32 1}
