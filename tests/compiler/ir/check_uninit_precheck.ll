; kiln-check-sync, the region precheck of uninitialized reads: the read of
; t[ly][k] in the k loop, between a barrier and the end of the kernel with
; no local write, is affine in the local id (y) and the loop counter k
; (0 to 7), so the preheader of the loop (after the barrier) takes the
; least and greatest address over the corners of that box (umin/umax of
; the four corners), adds the read's size, tests that the range lies in the
; group's arena, and asks the runtime's written service (state->check,
; read-only in its arguments' memory: hoistable) whether every shadow byte
; of it was written.  The read's own shadow check then runs only where the
; precheck failed (in & !pre); the store to t before the barrier still
; marks its shadow bytes.
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(sroa,kiln-check-sync)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-check-sync
; CHECK: define internal i32 @__kiln_wi_k(
; CHECK: store float %{{.*}}, ptr addrspace(3) %{{.*}}, !kiln.user
; CHECK: store i32 16843009, ptr %{{.*}}, !kiln.check.rec
; CHECK: call void @_Z7barrierj(
; CHECK-NEXT: %[[LY:[0-9]+]] = getelementptr inbounds {{.*}} ptr %kiln.info, i32 0, i32 5, i32 1
; CHECK: getelementptr inbounds [8 x [8 x float]], ptr addrspace(3) @k.t
; CHECK: sext i32 7 to i64
; CHECK: call i64 @llvm.umin.i64(
; CHECK: call i64 @llvm.umax.i64(
; CHECK: call i64 @llvm.umin.i64(
; CHECK: call i64 @llvm.umax.i64(
; CHECK: %[[LO:[0-9]+]] = call i64 @llvm.umin.i64(
; CHECK: %[[HI:[0-9]+]] = call i64 @llvm.umax.i64(
; CHECK: %[[END:[0-9]+]] = add i64 %[[HI]], 4
; CHECK: %[[IN:[0-9]+]] = and i1
; CHECK: %[[LEN:[0-9]+]] = select i1 %[[IN]], i64 %{{.*}}, i64 0
; CHECK: %[[W:[0-9]+]] = call zeroext i1 %{{.*}}(ptr nocapture %{{.*}}, ptr nocapture %{{.*}}, i64 %[[LEN]]) #[[RO:[0-9]+]], !kiln.check
; CHECK: %uninit.pre = and i1 %[[IN]], %[[W]]
; CHECK: for.body:
; CHECK: %[[NOT:[0-9]+]] = xor i1 %uninit.pre, true
; CHECK: %[[GO:[0-9]+]] = and i1 %{{.*}}, %[[NOT]]
; CHECK: br i1 %[[GO]], label %[[SH:[0-9]+]], label %[[OK:[0-9]+]], !prof
; CHECK: [[SH]]:
; CHECK: load i32, ptr %{{.*}}, !kiln.check.rec
; CHECK: [[OK]]:
; CHECK: phi i1 [ true, %for.body ]
; CHECK: load float, ptr addrspace(3) %arrayidx11, {{.*}}!kiln.user
; CHECK: attributes #[[RO]] = { argmemonly nounwind readonly willreturn }
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md, with
; -debug-info-kind=line-tables-only left out), !kiln.user added by sed, from:
;   __kernel void k(__global const float *a, __global float *out)
;   {
;       __local float t[8][8];
;       int lx = get_local_id(0), ly = get_local_id(1);
;       t[ly][lx] = a[ly * 8 + lx];
;       barrier(CLK_LOCAL_MEM_FENCE);
;       float acc = 0.0f;
;       for (int k = 0; k < 8; k++)
;           acc += t[ly][k];
;       out[ly * 8 + lx] = acc;
;   }

; ModuleID = 'tp.cl'
source_filename = "tp.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.t = internal addrspace(3) global [8 x [8 x float]] undef, align 16

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %out) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %lx = alloca i32, align 4
  %ly = alloca i32, align 4
  %acc = alloca float, align 4
  %k = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7, !kiln.user !100
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7, !kiln.user !100
  call void @llvm.lifetime.start.p0(i64 4, ptr %lx) #4
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %lx, align 4, !tbaa !11, !kiln.user !100
  call void @llvm.lifetime.start.p0(i64 4, ptr %ly) #4
  %call1 = call i64 @_Z12get_local_idj(i32 noundef 1) #5
  %conv2 = trunc i64 %call1 to i32
  store i32 %conv2, ptr %ly, align 4, !tbaa !11, !kiln.user !100
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7, !kiln.user !100
  %1 = load i32, ptr %ly, align 4, !tbaa !11, !kiln.user !100
  %mul = mul nsw i32 %1, 8
  %2 = load i32, ptr %lx, align 4, !tbaa !11, !kiln.user !100
  %add = add nsw i32 %mul, %2
  %idxprom = sext i32 %add to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %idxprom
  %3 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13, !kiln.user !100
  %4 = load i32, ptr %ly, align 4, !tbaa !11, !kiln.user !100
  %idxprom3 = sext i32 %4 to i64
  %arrayidx4 = getelementptr inbounds [8 x [8 x float]], ptr addrspace(3) @k.t, i64 0, i64 %idxprom3
  %5 = load i32, ptr %lx, align 4, !tbaa !11, !kiln.user !100
  %idxprom5 = sext i32 %5 to i64
  %arrayidx6 = getelementptr inbounds [8 x float], ptr addrspace(3) %arrayidx4, i64 0, i64 %idxprom5
  store float %3, ptr addrspace(3) %arrayidx6, align 4, !tbaa !13, !kiln.user !100
  call void @_Z7barrierj(i32 noundef 1) #6
  call void @llvm.lifetime.start.p0(i64 4, ptr %acc) #4
  store float 0.000000e+00, ptr %acc, align 4, !tbaa !13, !kiln.user !100
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #4
  store i32 0, ptr %k, align 4, !tbaa !11, !kiln.user !100
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %6 = load i32, ptr %k, align 4, !tbaa !11, !kiln.user !100
  %cmp = icmp slt i32 %6, 8
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %7 = load i32, ptr %ly, align 4, !tbaa !11, !kiln.user !100
  %idxprom8 = sext i32 %7 to i64
  %arrayidx9 = getelementptr inbounds [8 x [8 x float]], ptr addrspace(3) @k.t, i64 0, i64 %idxprom8
  %8 = load i32, ptr %k, align 4, !tbaa !11, !kiln.user !100
  %idxprom10 = sext i32 %8 to i64
  %arrayidx11 = getelementptr inbounds [8 x float], ptr addrspace(3) %arrayidx9, i64 0, i64 %idxprom10
  %9 = load float, ptr addrspace(3) %arrayidx11, align 4, !tbaa !13, !kiln.user !100
  %10 = load float, ptr %acc, align 4, !tbaa !13, !kiln.user !100
  %add12 = fadd float %10, %9
  store float %add12, ptr %acc, align 4, !tbaa !13, !kiln.user !100
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %11 = load i32, ptr %k, align 4, !tbaa !11, !kiln.user !100
  %inc = add nsw i32 %11, 1
  store i32 %inc, ptr %k, align 4, !tbaa !11, !kiln.user !100
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %12 = load float, ptr %acc, align 4, !tbaa !13, !kiln.user !100
  %13 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7, !kiln.user !100
  %14 = load i32, ptr %ly, align 4, !tbaa !11, !kiln.user !100
  %mul13 = mul nsw i32 %14, 8
  %15 = load i32, ptr %lx, align 4, !tbaa !11, !kiln.user !100
  %add14 = add nsw i32 %mul13, %15
  %idxprom15 = sext i32 %add14 to i64
  %arrayidx16 = getelementptr inbounds float, ptr addrspace(1) %13, i64 %idxprom15
  store float %12, ptr addrspace(1) %arrayidx16, align 4, !tbaa !13, !kiln.user !100
  call void @llvm.lifetime.end.p0(i64 4, ptr %acc) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %ly) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %lx) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

; Function Attrs: convergent
declare void @_Z7barrierj(i32 noundef) #3

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
attributes #3 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind readnone willreturn }
attributes #6 = { convergent }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1}
!4 = !{!"none", !"none"}
!5 = !{!"float*", !"float*"}
!6 = !{!"const", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !9, i64 0}
!100 = !{}
