; kiln-prefetch-groups: in a kernel with a barrier, the global loads outside
; loops that every work-item runs, whose address moves with the group id of
; dimension 0, prefetch the address some groups on: in[gid] (a step of
; 4 * the enqueued local size a group, shifted to 2 KiB or more),
; in[(int)gid + n] (through the sign extension) and idx[group * 64] (a
; constant step of 256 bytes, 8 groups on).  in[gid + 1] shares in[gid]'s
; line; in[7] does not move with the group; in[gid + 4096] under `if`
; (a call there would keep the work-item loop from vectorizing) and the
; loop's loads do not get one, nor does the kernel without a barrier.
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-scalarize,kiln-prefetch-groups)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-prefetch-groups
; CHECK-LABEL: define internal i32 @__kiln_wi_k(
; CHECK: kiln.entry:
; CHECK: [[L:%.*]] = load i64, ptr %0
; CHECK: %arrayidx = getelementptr inbounds float, ptr addrspace(1) %in
; CHECK: [[STEP:%.*]] = shl i64 [[L]], 2
; CHECK: [[SH:%.*]] = call i64 @llvm.smin.i64(i64 %{{.*}}, i64 6)
; CHECK-NEXT: %kiln.ahead.groups = shl i64 [[STEP]], [[SH]]
; CHECK-NEXT: %kiln.ahead = getelementptr i8, ptr addrspace(1) %arrayidx, i64 %kiln.ahead.groups
; CHECK-NEXT: call void @__kiln_prefetch_next.p1(ptr addrspace(1) %kiln.ahead) [[ABI:#[0-9]+]]
; CHECK-NEXT: load float, ptr addrspace(1) %arrayidx,
; CHECK-NOT: call void @__kiln_prefetch_next
; CHECK: %arrayidx4 = getelementptr
; CHECK-NEXT: load float, ptr addrspace(1) %arrayidx4
; CHECK: %arrayidx7 = getelementptr inbounds float, ptr addrspace(1) %in
; CHECK: sext i32
; CHECK: getelementptr i8, ptr addrspace(1) %arrayidx7
; CHECK-NEXT: call void @__kiln_prefetch_next.p1(ptr addrspace(1) %{{.*}}) [[ABI]]
; CHECK-NEXT: load float, ptr addrspace(1) %arrayidx7,
; CHECK-NOT: call void @__kiln_prefetch_next
; CHECK: if.then:
; CHECK-NOT: call void @__kiln_prefetch_next
; CHECK: for.end:
; CHECK: %arrayidx28 = getelementptr inbounds i32, ptr addrspace(1) %idx
; CHECK: [[G:%.*]] = shl i64 256, %{{.*}}
; CHECK-NEXT: [[I:%.*]] = getelementptr i8, ptr addrspace(1) %arrayidx28, i64 [[G]]
; CHECK-NEXT: call void @__kiln_prefetch_next.p1(ptr addrspace(1) [[I]]) [[ABI]]
; CHECK-NEXT: load i32, ptr addrspace(1) %arrayidx28
; CHECK: ret i32
; CHECK-LABEL: define internal i32 @__kiln_wi_nobarrier(
; CHECK-NOT: call void @__kiln_prefetch_next
; CHECK: ret i32
; CHECK: attributes [[ABI]] = { "vector-function-abi-variant"="_ZGV_LLVM_N2v___kiln_prefetch_next.p1(__kiln_prefetch_next_v2.p1),{{.*}}" }
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void k(__global const float *in, __global const int *idx, __global float *out,
;                   __local float *t, int n)
;   {
;       size_t lid = get_local_id(0);
;       int g = get_global_id(0);
;       t[lid] = in[get_global_id(0)] + in[get_global_id(0) + 1] + in[g + n];
;       float c = in[7];
;       if (lid < 4)
;           t[lid] += in[get_global_id(0) + 4096];
;       barrier(CLK_LOCAL_MEM_FENCE);
;       for (int i = 0; i < n; i++)
;           c += in[get_global_id(0) * 2 + i];
;       out[get_global_id(0)] = t[lid ^ 1] + c + idx[get_group_id(0) * 64];
;   }
;   __kernel void nobarrier(__global const float *in, __global float *out)
;   {
;       out[get_global_id(0)] = in[get_global_id(0)];
;   }

; ModuleID = 'pg.cl'
source_filename = "pg.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %idx, ptr addrspace(1) noundef align 4 %out, ptr addrspace(3) noundef align 4 %t, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %idx.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %t.addr = alloca ptr addrspace(3), align 8
  %n.addr = alloca i32, align 4
  %lid = alloca i64, align 8
  %g = alloca i32, align 4
  %c = alloca float, align 4
  %i = alloca i32, align 4
  store ptr addrspace(1) %in, ptr %in.addr, align 8, !tbaa !7
  store ptr addrspace(1) %idx, ptr %idx.addr, align 8, !tbaa !7
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7
  store ptr addrspace(3) %t, ptr %t.addr, align 8, !tbaa !7
  store i32 %n, ptr %n.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %lid) #4
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  store i64 %call, ptr %lid, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %g) #4
  %call1 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %conv = trunc i64 %call1 to i32
  store i32 %conv, ptr %g, align 4, !tbaa !11
  %0 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %call2 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %call2
  %1 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !15
  %2 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %call3 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %add = add i64 %call3, 1
  %arrayidx4 = getelementptr inbounds float, ptr addrspace(1) %2, i64 %add
  %3 = load float, ptr addrspace(1) %arrayidx4, align 4, !tbaa !15
  %add5 = fadd float %1, %3
  %4 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %5 = load i32, ptr %g, align 4, !tbaa !11
  %6 = load i32, ptr %n.addr, align 4, !tbaa !11
  %add6 = add nsw i32 %5, %6
  %idxprom = sext i32 %add6 to i64
  %arrayidx7 = getelementptr inbounds float, ptr addrspace(1) %4, i64 %idxprom
  %7 = load float, ptr addrspace(1) %arrayidx7, align 4, !tbaa !15
  %add8 = fadd float %add5, %7
  %8 = load ptr addrspace(3), ptr %t.addr, align 8, !tbaa !7
  %9 = load i64, ptr %lid, align 8, !tbaa !13
  %arrayidx9 = getelementptr inbounds float, ptr addrspace(3) %8, i64 %9
  store float %add8, ptr addrspace(3) %arrayidx9, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %c) #4
  %10 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %arrayidx10 = getelementptr inbounds float, ptr addrspace(1) %10, i64 7
  %11 = load float, ptr addrspace(1) %arrayidx10, align 4, !tbaa !15
  store float %11, ptr %c, align 4, !tbaa !15
  %12 = load i64, ptr %lid, align 8, !tbaa !13
  %cmp = icmp ult i64 %12, 4
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %13 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %call12 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %add13 = add i64 %call12, 4096
  %arrayidx14 = getelementptr inbounds float, ptr addrspace(1) %13, i64 %add13
  %14 = load float, ptr addrspace(1) %arrayidx14, align 4, !tbaa !15
  %15 = load ptr addrspace(3), ptr %t.addr, align 8, !tbaa !7
  %16 = load i64, ptr %lid, align 8, !tbaa !13
  %arrayidx15 = getelementptr inbounds float, ptr addrspace(3) %15, i64 %16
  %17 = load float, ptr addrspace(3) %arrayidx15, align 4, !tbaa !15
  %add16 = fadd float %17, %14
  store float %add16, ptr addrspace(3) %arrayidx15, align 4, !tbaa !15
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  call void @_Z7barrierj(i32 noundef 1) #6
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #4
  store i32 0, ptr %i, align 4, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %if.end
  %18 = load i32, ptr %i, align 4, !tbaa !11
  %19 = load i32, ptr %n.addr, align 4, !tbaa !11
  %cmp17 = icmp slt i32 %18, %19
  br i1 %cmp17, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %20 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %call19 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %mul = mul i64 %call19, 2
  %21 = load i32, ptr %i, align 4, !tbaa !11
  %conv20 = sext i32 %21 to i64
  %add21 = add i64 %mul, %conv20
  %arrayidx22 = getelementptr inbounds float, ptr addrspace(1) %20, i64 %add21
  %22 = load float, ptr addrspace(1) %arrayidx22, align 4, !tbaa !15
  %23 = load float, ptr %c, align 4, !tbaa !15
  %add23 = fadd float %23, %22
  store float %add23, ptr %c, align 4, !tbaa !15
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %24 = load i32, ptr %i, align 4, !tbaa !11
  %inc = add nsw i32 %24, 1
  store i32 %inc, ptr %i, align 4, !tbaa !11
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %25 = load ptr addrspace(3), ptr %t.addr, align 8, !tbaa !7
  %26 = load i64, ptr %lid, align 8, !tbaa !13
  %xor = xor i64 %26, 1
  %arrayidx24 = getelementptr inbounds float, ptr addrspace(3) %25, i64 %xor
  %27 = load float, ptr addrspace(3) %arrayidx24, align 4, !tbaa !15
  %28 = load float, ptr %c, align 4, !tbaa !15
  %add25 = fadd float %27, %28
  %29 = load ptr addrspace(1), ptr %idx.addr, align 8, !tbaa !7
  %call26 = call i64 @_Z12get_group_idj(i32 noundef 0) #5
  %mul27 = mul i64 %call26, 64
  %arrayidx28 = getelementptr inbounds i32, ptr addrspace(1) %29, i64 %mul27
  %30 = load i32, ptr addrspace(1) %arrayidx28, align 4, !tbaa !11
  %conv29 = sitofp i32 %30 to float
  %add30 = fadd float %add25, %conv29
  %31 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7
  %call31 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %arrayidx32 = getelementptr inbounds float, ptr addrspace(1) %31, i64 %call31
  store float %add30, ptr addrspace(1) %arrayidx32, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %c) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %g) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %lid) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent
declare void @_Z7barrierj(i32 noundef) #3

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_group_idj(i32 noundef) #2

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @nobarrier(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out) #0 !kernel_arg_addr_space !17 !kernel_arg_access_qual !18 !kernel_arg_type !19 !kernel_arg_base_type !19 !kernel_arg_type_qual !20 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %in, ptr %in.addr, align 8, !tbaa !7
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7
  %0 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %call
  %1 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !15
  %2 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7
  %call1 = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(1) %2, i64 %call1
  store float %1, ptr addrspace(1) %arrayidx2, align 4, !tbaa !15
  ret void
}

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind readnone willreturn }
attributes #6 = { convergent }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1, i32 1, i32 3, i32 0}
!4 = !{!"none", !"none", !"none", !"none", !"none"}
!5 = !{!"float*", !"int*", !"float*", !"float*", !"int"}
!6 = !{!"const", !"const", !"", !"", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"long", !9, i64 0}
!15 = !{!16, !16, i64 0}
!16 = !{!"float", !9, i64 0}
!17 = !{i32 1, i32 1}
!18 = !{!"none", !"none"}
!19 = !{!"float*", !"float*"}
!20 = !{!"const", !""}
