; kiln-pair-workitems: a work-item function kiln-scalarize kept for pairing
; (float8, half of the 512-bit registers of !kiln.vector_bits; a known even
; local width; the same path for every work-item) gets
; @__kiln_pair_<k>, which runs work-items x and x + 1: loads and stores
; of adjacent float8s become one <16 x float> access, arithmetic and
; element-wise intrinsics one <16 x float> operation (@pair8); loads of
; addresses two float8s apart stay two and are joined by a shuffle, a
; swizzle and a splat of one element become shuffles of the pair (@spread8);
; a value carried around a loop that -O3 will flatten is one
; <16 x float> phi, and a load every work-item shares is joined with
; itself (@carried).  None for a kernel whose work-items take different
; paths (@divergent), an odd (@odd) or unknown (@nosize) local width, one
; with an atomic (@counted), or one with a loop of unknown trip count
; without a barrier (@looped: split, its iterations run 16 work-items
; at once; paired, each pair would run them alone).
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(kiln-local-vars,kiln-wi-simplify,kiln-widen-indices,kiln-scalarize,kiln-barriers,kiln-context),kiln-pair-workitems" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-pair-workitems
; CHECK-NOT: define {{.*}}@__kiln_pair_divergent(
; CHECK-NOT: define {{.*}}@__kiln_pair_odd(
; CHECK-NOT: define {{.*}}@__kiln_pair_nosize(
; CHECK-NOT: define {{.*}}@__kiln_pair_counted(
; CHECK-LABEL: define internal i32 @__kiln_pair_pair8(
; CHECK: %x.next = add nuw i64 %kiln.x, 1
; CHECK: [[B:%.*]] = load <16 x float>, ptr addrspace(1) %arrayidx, align 32
; CHECK: [[S:%.*]] = shufflevector <8 x float> %splat.splat, <8 x float> %splat.splat, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
; CHECK: [[A:%.*]] = load <16 x float>, ptr addrspace(1) %arrayidx1, align 32
; CHECK-NOT: <8 x float>
; CHECK: [[R:%.*]] = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> [[B]], <16 x float> [[S]], <16 x float> [[A]])
; CHECK-NEXT: store <16 x float> [[R]], ptr addrspace(1) %arrayidx1, align 32
; CHECK-NEXT: ret i32 -1
; CHECK-LABEL: define internal i32 @__kiln_pair_spread8(
; CHECK: [[LO:%.*]] = load <8 x float>, ptr addrspace(1) %arrayidx,
; CHECK-NEXT: [[HI:%.*]] = load <8 x float>, ptr addrspace(1) %arrayidx.next,
; CHECK-NEXT: [[V:%.*]] = shufflevector <8 x float> [[LO]], <8 x float> [[HI]], <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
; CHECK-NEXT: [[REV:%.*]] = shufflevector <16 x float> [[V]], <16 x float> poison, <16 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0, i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8>
; CHECK-NEXT: [[SPL:%.*]] = shufflevector <16 x float> [[V]], <16 x float> poison, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8>
; CHECK-NEXT: [[SUM:%.*]] = fadd <16 x float> [[REV]], [[SPL]]
; CHECK: store <16 x float> [[SUM]], ptr addrspace(1) %arrayidx1, align 32
; CHECK-NOT: define internal i32 @__kiln_pair_{{divergent|odd|nosize|counted|looped}}(
; CHECK-LABEL: define internal i32 @__kiln_pair_carried(
; CHECK: [[INIT:%.*]] = load <16 x float>, ptr addrspace(1) %arrayidx, align 32
; CHECK: for.cond:
; CHECK-NEXT: [[ACC:%.*]] = phi <16 x float> [ [[INIT]], %kiln.entry ], [ [[NEXT:%.*]], %for.inc ]
; CHECK: for.inc:
; CHECK: [[BK:%.*]] = load <8 x float>, ptr addrspace(1) %arrayidx1
; CHECK-NEXT: [[BKK:%.*]] = shufflevector <8 x float> [[BK]], <8 x float> [[BK]], <16 x i32>
; CHECK: [[BI:%.*]] = load <16 x float>, ptr addrspace(1) %arrayidx2, align 32
; CHECK-NEXT: [[NEG:%.*]] = fneg <16 x float> [[BI]]
; CHECK-NEXT: [[NEXT]] = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> [[ACC]], <16 x float> [[BKK]], <16 x float> [[NEG]])
; CHECK: for.end:
; CHECK-NEXT: store <16 x float> [[ACC]], ptr addrspace(1) %arrayidx, align 32
; CHECK-NOT: define internal i32 @__kiln_pair_
; Kernels' source (clang-15 -cc1 -O2 -disable-llvm-passes, CL1.2):
;   __kernel __attribute__((reqd_work_group_size(8, 1, 1))) void pair8(__global float8 *a, __global const float8 *b, float s) { size_t i = get_global_id(0); a[i] = b[i] * (float8)s + a[i]; }
;   __kernel __attribute__((reqd_work_group_size(8, 1, 1))) void spread8(__global float8 *a, __global const float8 *b) { size_t i = get_global_id(0); float8 v = b[2 * i]; a[i] = v.s76543210 + (float8)(v.s0); }
;   __kernel __attribute__((reqd_work_group_size(8, 1, 1))) void divergent(__global float8 *a) { size_t i = get_global_id(0); if (i & 1) a[i] = a[i] * 2.0f; }
;   __kernel __attribute__((reqd_work_group_size(7, 1, 1))) void odd(__global float8 *a) { size_t i = get_global_id(0); a[i] = a[i] * 2.0f; }
;   __kernel void nosize(__global float8 *a) { size_t i = get_global_id(0); a[i] = a[i] * 2.0f; }
;   __kernel __attribute__((reqd_work_group_size(8, 1, 1))) void counted(__global float8 *a, __global int *n) { size_t i = get_global_id(0); a[i] = a[i] * 2.0f; atomic_inc(n); }
;   __kernel __attribute__((reqd_work_group_size(8, 1, 1))) void carried(__global float8 *a, __global const float8 *b, int n) { size_t i = get_global_id(0); float8 acc = a[i]; for (int k = 0; k < 4; k++) acc = acc * b[k] - b[i]; a[i] = acc; }
;   __kernel __attribute__((reqd_work_group_size(8, 1, 1))) void looped(__global float8 *a, __global const float8 *b, int n) { size_t i = get_global_id(0); float8 acc = a[i]; for (int k = 0; k < n; k++) acc = acc * b[k] - b[i]; a[i] = acc; }

; ModuleID = 'k.cl'
source_filename = "k.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @pair8(ptr addrspace(1) noundef align 32 %a, ptr addrspace(1) noundef align 32 %b, float noundef %s) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 !reqd_work_group_size !8 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %s.addr = alloca float, align 4
  %i = alloca i64, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !9
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !9
  store float %s, ptr %s.addr, align 4, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !15
  %0 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !9
  %1 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx = getelementptr inbounds <8 x float>, ptr addrspace(1) %0, i64 %1
  %2 = load <8 x float>, ptr addrspace(1) %arrayidx, align 32, !tbaa !17
  %3 = load float, ptr %s.addr, align 4, !tbaa !13
  %splat.splatinsert = insertelement <8 x float> poison, float %3, i32 0
  %splat.splat = shufflevector <8 x float> %splat.splatinsert, <8 x float> poison, <8 x i32> zeroinitializer
  %4 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %5 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx1 = getelementptr inbounds <8 x float>, ptr addrspace(1) %4, i64 %5
  %6 = load <8 x float>, ptr addrspace(1) %arrayidx1, align 32, !tbaa !17
  %7 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %2, <8 x float> %splat.splat, <8 x float> %6)
  %8 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %9 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx2 = getelementptr inbounds <8 x float>, ptr addrspace(1) %8, i64 %9
  store <8 x float> %7, ptr addrspace(1) %arrayidx2, align 32, !tbaa !17
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare <8 x float> @llvm.fmuladd.v8f32(<8 x float>, <8 x float>, <8 x float>) #3

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @spread8(ptr addrspace(1) noundef align 32 %a, ptr addrspace(1) noundef align 32 %b) #0 !kernel_arg_addr_space !18 !kernel_arg_access_qual !19 !kernel_arg_type !20 !kernel_arg_base_type !21 !kernel_arg_type_qual !22 !reqd_work_group_size !8 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  %v = alloca <8 x float>, align 32
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !9
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 32, ptr %v) #5
  %0 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !9
  %1 = load i64, ptr %i, align 8, !tbaa !15
  %mul = mul i64 2, %1
  %arrayidx = getelementptr inbounds <8 x float>, ptr addrspace(1) %0, i64 %mul
  %2 = load <8 x float>, ptr addrspace(1) %arrayidx, align 32, !tbaa !17
  store <8 x float> %2, ptr %v, align 32, !tbaa !17
  %3 = load <8 x float>, ptr %v, align 32
  %4 = shufflevector <8 x float> %3, <8 x float> poison, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %5 = load <8 x float>, ptr %v, align 32
  %6 = extractelement <8 x float> %5, i64 0
  %splat.splatinsert = insertelement <8 x float> poison, float %6, i32 0
  %splat.splat = shufflevector <8 x float> %splat.splatinsert, <8 x float> poison, <8 x i32> zeroinitializer
  %add = fadd <8 x float> %4, %splat.splat
  %7 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %8 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx1 = getelementptr inbounds <8 x float>, ptr addrspace(1) %7, i64 %8
  store <8 x float> %add, ptr addrspace(1) %arrayidx1, align 32, !tbaa !17
  call void @llvm.lifetime.end.p0(i64 32, ptr %v) #5
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @divergent(ptr addrspace(1) noundef align 32 %a) #0 !kernel_arg_addr_space !23 !kernel_arg_access_qual !24 !kernel_arg_type !25 !kernel_arg_base_type !26 !kernel_arg_type_qual !27 !reqd_work_group_size !8 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !15
  %0 = load i64, ptr %i, align 8, !tbaa !15
  %and = and i64 %0, 1
  %tobool = icmp ne i64 %and, 0
  br i1 %tobool, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %1 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %2 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx = getelementptr inbounds <8 x float>, ptr addrspace(1) %1, i64 %2
  %3 = load <8 x float>, ptr addrspace(1) %arrayidx, align 32, !tbaa !17
  %mul = fmul <8 x float> %3, <float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00>
  %4 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %5 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx1 = getelementptr inbounds <8 x float>, ptr addrspace(1) %4, i64 %5
  store <8 x float> %mul, ptr addrspace(1) %arrayidx1, align 32, !tbaa !17
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @odd(ptr addrspace(1) noundef align 32 %a) #0 !kernel_arg_addr_space !23 !kernel_arg_access_qual !24 !kernel_arg_type !25 !kernel_arg_base_type !26 !kernel_arg_type_qual !27 !reqd_work_group_size !28 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !15
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %1 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx = getelementptr inbounds <8 x float>, ptr addrspace(1) %0, i64 %1
  %2 = load <8 x float>, ptr addrspace(1) %arrayidx, align 32, !tbaa !17
  %mul = fmul <8 x float> %2, <float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00>
  %3 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %4 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx1 = getelementptr inbounds <8 x float>, ptr addrspace(1) %3, i64 %4
  store <8 x float> %mul, ptr addrspace(1) %arrayidx1, align 32, !tbaa !17
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @nosize(ptr addrspace(1) noundef align 32 %a) #0 !kernel_arg_addr_space !23 !kernel_arg_access_qual !24 !kernel_arg_type !25 !kernel_arg_base_type !26 !kernel_arg_type_qual !27 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !15
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %1 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx = getelementptr inbounds <8 x float>, ptr addrspace(1) %0, i64 %1
  %2 = load <8 x float>, ptr addrspace(1) %arrayidx, align 32, !tbaa !17
  %mul = fmul <8 x float> %2, <float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00>
  %3 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %4 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx1 = getelementptr inbounds <8 x float>, ptr addrspace(1) %3, i64 %4
  store <8 x float> %mul, ptr addrspace(1) %arrayidx1, align 32, !tbaa !17
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @counted(ptr addrspace(1) noundef align 32 %a, ptr addrspace(1) noundef align 4 %n) #0 !kernel_arg_addr_space !18 !kernel_arg_access_qual !19 !kernel_arg_type !29 !kernel_arg_base_type !30 !kernel_arg_type_qual !31 !reqd_work_group_size !8 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !9
  store ptr addrspace(1) %n, ptr %n.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !15
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %1 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx = getelementptr inbounds <8 x float>, ptr addrspace(1) %0, i64 %1
  %2 = load <8 x float>, ptr addrspace(1) %arrayidx, align 32, !tbaa !17
  %mul = fmul <8 x float> %2, <float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00>
  %3 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %4 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx1 = getelementptr inbounds <8 x float>, ptr addrspace(1) %3, i64 %4
  store <8 x float> %mul, ptr addrspace(1) %arrayidx1, align 32, !tbaa !17
  %5 = load ptr addrspace(1), ptr %n.addr, align 8, !tbaa !9
  %call2 = call i32 @_Z10atomic_incPU3AS1Vi(ptr addrspace(1) noundef %5) #7
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

; Function Attrs: convergent
declare i32 @_Z10atomic_incPU3AS1Vi(ptr addrspace(1) noundef) #4

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @carried(ptr addrspace(1) noundef align 32 %a, ptr addrspace(1) noundef align 32 %b, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !32 !kernel_arg_base_type !33 !kernel_arg_type_qual !7 !reqd_work_group_size !8 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %i = alloca i64, align 8
  %acc = alloca <8 x float>, align 32
  %k = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !9
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !9
  store i32 %n, ptr %n.addr, align 4, !tbaa !34
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 32, ptr %acc) #5
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %1 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx = getelementptr inbounds <8 x float>, ptr addrspace(1) %0, i64 %1
  %2 = load <8 x float>, ptr addrspace(1) %arrayidx, align 32, !tbaa !17
  store <8 x float> %2, ptr %acc, align 32, !tbaa !17
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #5
  store i32 0, ptr %k, align 4, !tbaa !34
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %3 = load i32, ptr %k, align 4, !tbaa !34
  %cmp = icmp slt i32 %3, 4
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #5
  br label %for.end

for.body:                                         ; preds = %for.cond
  %4 = load <8 x float>, ptr %acc, align 32, !tbaa !17
  %5 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !9
  %6 = load i32, ptr %k, align 4, !tbaa !34
  %idxprom = sext i32 %6 to i64
  %arrayidx1 = getelementptr inbounds <8 x float>, ptr addrspace(1) %5, i64 %idxprom
  %7 = load <8 x float>, ptr addrspace(1) %arrayidx1, align 32, !tbaa !17
  %8 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !9
  %9 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx2 = getelementptr inbounds <8 x float>, ptr addrspace(1) %8, i64 %9
  %10 = load <8 x float>, ptr addrspace(1) %arrayidx2, align 32, !tbaa !17
  %neg = fneg <8 x float> %10
  %11 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %4, <8 x float> %7, <8 x float> %neg)
  store <8 x float> %11, ptr %acc, align 32, !tbaa !17
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %12 = load i32, ptr %k, align 4, !tbaa !34
  %inc = add nsw i32 %12, 1
  store i32 %inc, ptr %k, align 4, !tbaa !34
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %13 = load <8 x float>, ptr %acc, align 32, !tbaa !17
  %14 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %15 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx3 = getelementptr inbounds <8 x float>, ptr addrspace(1) %14, i64 %15
  store <8 x float> %13, ptr addrspace(1) %arrayidx3, align 32, !tbaa !17
  call void @llvm.lifetime.end.p0(i64 32, ptr %acc) #5
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @looped(ptr addrspace(1) noundef align 32 %a, ptr addrspace(1) noundef align 32 %b, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !32 !kernel_arg_base_type !33 !kernel_arg_type_qual !7 !reqd_work_group_size !8 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %i = alloca i64, align 8
  %acc = alloca <8 x float>, align 32
  %k = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !9
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !9
  store i32 %n, ptr %n.addr, align 4, !tbaa !34
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 32, ptr %acc) #5
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %1 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx = getelementptr inbounds <8 x float>, ptr addrspace(1) %0, i64 %1
  %2 = load <8 x float>, ptr addrspace(1) %arrayidx, align 32, !tbaa !17
  store <8 x float> %2, ptr %acc, align 32, !tbaa !17
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #5
  store i32 0, ptr %k, align 4, !tbaa !34
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %3 = load i32, ptr %k, align 4, !tbaa !34
  %4 = load i32, ptr %n.addr, align 4, !tbaa !34
  %cmp = icmp slt i32 %3, %4
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #5
  br label %for.end

for.body:                                         ; preds = %for.cond
  %5 = load <8 x float>, ptr %acc, align 32, !tbaa !17
  %6 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !9
  %7 = load i32, ptr %k, align 4, !tbaa !34
  %idxprom = sext i32 %7 to i64
  %arrayidx1 = getelementptr inbounds <8 x float>, ptr addrspace(1) %6, i64 %idxprom
  %8 = load <8 x float>, ptr addrspace(1) %arrayidx1, align 32, !tbaa !17
  %9 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !9
  %10 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx2 = getelementptr inbounds <8 x float>, ptr addrspace(1) %9, i64 %10
  %11 = load <8 x float>, ptr addrspace(1) %arrayidx2, align 32, !tbaa !17
  %neg = fneg <8 x float> %11
  %12 = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %5, <8 x float> %8, <8 x float> %neg)
  store <8 x float> %12, ptr %acc, align 32, !tbaa !17
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %13 = load i32, ptr %k, align 4, !tbaa !34
  %inc = add nsw i32 %13, 1
  store i32 %inc, ptr %k, align 4, !tbaa !34
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %14 = load <8 x float>, ptr %acc, align 32, !tbaa !17
  %15 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !9
  %16 = load i64, ptr %i, align 8, !tbaa !15
  %arrayidx3 = getelementptr inbounds <8 x float>, ptr addrspace(1) %15, i64 %16
  store <8 x float> %14, ptr addrspace(1) %arrayidx3, align 32, !tbaa !17
  call void @llvm.lifetime.end.p0(i64 32, ptr %acc) #5
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #4 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #5 = { nounwind }
attributes #6 = { convergent nounwind readnone willreturn }
attributes #7 = { convergent }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1, i32 0}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"float8*", !"float8*", !"float"}
!6 = !{!"float __attribute__((ext_vector_type(8)))*", !"float __attribute__((ext_vector_type(8)))*", !"float"}
!7 = !{!"", !"const", !""}
!8 = !{i32 8, i32 1, i32 1}
!9 = !{!10, !10, i64 0}
!10 = !{!"any pointer", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C/C++ TBAA"}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !11, i64 0}
!15 = !{!16, !16, i64 0}
!16 = !{!"long", !11, i64 0}
!17 = !{!11, !11, i64 0}
!18 = !{i32 1, i32 1}
!19 = !{!"none", !"none"}
!20 = !{!"float8*", !"float8*"}
!21 = !{!"float __attribute__((ext_vector_type(8)))*", !"float __attribute__((ext_vector_type(8)))*"}
!22 = !{!"", !"const"}
!23 = !{i32 1}
!24 = !{!"none"}
!25 = !{!"float8*"}
!26 = !{!"float __attribute__((ext_vector_type(8)))*"}
!27 = !{!""}
!28 = !{i32 7, i32 1, i32 1}
!29 = !{!"float8*", !"int*"}
!30 = !{!"float __attribute__((ext_vector_type(8)))*", !"int*"}
!31 = !{!"", !""}
!32 = !{!"float8*", !"float8*", !"int"}
!33 = !{!"float __attribute__((ext_vector_type(8)))*", !"float __attribute__((ext_vector_type(8)))*", !"int"}
!34 = !{!35, !35, i64 0}
!35 = !{!"int", !11, i64 0}
!kiln.vector_bits = !{!900}
!900 = !{i32 512}
