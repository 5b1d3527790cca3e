; kiln-narrow-variants: a kernel whose register-wide vectors kiln-scalarize
; splits (@wide_chain: uint16 on a 512-bit target, its loop free of
; conditional side effects) gets a second kernel, @"wide_chain.kiln_narrow",
; whose work-item function keeps its vectors whole (and so gets no implicit
; loop barrier), and the marker @__kiln_narrow_wide_chain holding the
; number of 32-bit lanes (16): the runtime runs the variant for groups
; narrower than that.  No variant for a kernel kept whole anyway (@wide),
; one of narrower vectors (@narrow) or one whose reqd_work_group_size is a
; vector wide already (@wide_fixed).
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify),kiln-narrow-variants,function(kiln-scalarize,kiln-loop-barriers)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-narrow-variants
; CHECK: @__kiln_narrow_wide_chain = constant i64 16
; CHECK-NOT: @__kiln_narrow_wide(
; CHECK-NOT: @__kiln_narrow_narrow
; CHECK-NOT: @__kiln_narrow_wide_fixed
; CHECK-LABEL: define internal i32 @__kiln_wi_wide_chain(
; CHECK-NOT: {{(load|store|add|xor|call) <16 x i32>}}
; CHECK: call void @__kiln_barrier(i32 0)
; CHECK: call i32 @llvm.fshl.i32(
; CHECK-NOT: {{(load|store|add|xor|call) <16 x i32>}}
; CHECK: ret i32 -1
; CHECK-LABEL: define internal i32 @__kiln_wi_wide_fixed(
; CHECK-NOT: {{(load|store|add|xor|call) <16 x i32>}}
; CHECK: ret i32 -1
; CHECK-LABEL: define {{.*}}spir_kernel void @wide_chain.kiln_narrow(
; CHECK-LABEL: define internal i32 @__kiln_wi_wide_chain.kiln_narrow(
; CHECK-SAME: #[[KEEP:[0-9]+]]
; CHECK-NOT: __kiln_barrier
; CHECK: load <16 x i32>
; CHECK-NOT: __kiln_barrier
; CHECK: call <16 x i32> @llvm.fshl.v16i32(
; CHECK-NOT: __kiln_barrier
; CHECK: store <16 x i32>
; CHECK: ret i32 -1
; CHECK-NOT: kiln_narrow
; CHECK: attributes #[[KEEP]] = {{.*}}"kiln-keep-vectors"
; Made from scalarize_wide.ll's module, @wide_fixed a copy of @wide_chain
; with reqd_work_group_size(16, 1, 1); its kernels' source:
;   __kernel void wide(__global uint16 *a, __global const uint16 *b, __global uint *hits, uint n) { size_t i = get_global_id(0); uint16 x = a[i]; for (uint k = 0; k < n; k++) { x += b[k]; x = ((x << 7) | (x >> 25)) ^ b[i]; if (any(x == (uint16)0)) atomic_inc(hits); } a[i] = x; }
;   __kernel void wide_chain(__global uint16 *a, __global const uint16 *b, uint n) { size_t i = get_global_id(0); uint16 x = a[i]; for (uint k = 0; k < n; k++) { x += b[k]; x = ((x << 7) | (x >> 25)) ^ b[i]; } a[i] = x; }
;   __kernel void narrow(__global uint4 *a, __global const uint4 *b) { size_t i = get_global_id(0); uint4 x = a[i] + b[i]; a[i] = (x << 7) | (x >> 25); }

; ModuleID = 'k.cl'
source_filename = "k.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @wide(ptr addrspace(1) noundef align 64 %a, ptr addrspace(1) noundef align 64 %b, ptr addrspace(1) noundef align 4 %hits, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %hits.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %i = alloca i64, align 8
  %x = alloca <16 x i32>, align 64
  %k = alloca i32, align 4
  %indirect-arg-temp = alloca <16 x i32>, align 64
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !8
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !8
  store ptr addrspace(1) %hits, ptr %hits.addr, align 8, !tbaa !8
  store i32 %n, ptr %n.addr, align 4, !tbaa !12
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 64, ptr %x) #5
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !8
  %1 = load i64, ptr %i, align 8, !tbaa !14
  %arrayidx = getelementptr inbounds <16 x i32>, ptr addrspace(1) %0, i64 %1
  %2 = load <16 x i32>, ptr addrspace(1) %arrayidx, align 64, !tbaa !16
  store <16 x i32> %2, ptr %x, align 64, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #5
  store i32 0, ptr %k, align 4, !tbaa !12
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %3 = load i32, ptr %k, align 4, !tbaa !12
  %4 = load i32, ptr %n.addr, align 4, !tbaa !12
  %cmp = icmp ult i32 %3, %4
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #5
  br label %for.end

for.body:                                         ; preds = %for.cond
  %5 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !8
  %6 = load i32, ptr %k, align 4, !tbaa !12
  %idxprom = zext i32 %6 to i64
  %arrayidx1 = getelementptr inbounds <16 x i32>, ptr addrspace(1) %5, i64 %idxprom
  %7 = load <16 x i32>, ptr addrspace(1) %arrayidx1, align 64, !tbaa !16
  %8 = load <16 x i32>, ptr %x, align 64, !tbaa !16
  %add = add <16 x i32> %8, %7
  store <16 x i32> %add, ptr %x, align 64, !tbaa !16
  %9 = load <16 x i32>, ptr %x, align 64, !tbaa !16
  %shl = shl <16 x i32> %9, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %10 = load <16 x i32>, ptr %x, align 64, !tbaa !16
  %shr = lshr <16 x i32> %10, <i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25>
  %or = or <16 x i32> %shl, %shr
  %11 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !8
  %12 = load i64, ptr %i, align 8, !tbaa !14
  %arrayidx2 = getelementptr inbounds <16 x i32>, ptr addrspace(1) %11, i64 %12
  %13 = load <16 x i32>, ptr addrspace(1) %arrayidx2, align 64, !tbaa !16
  %xor = xor <16 x i32> %or, %13
  store <16 x i32> %xor, ptr %x, align 64, !tbaa !16
  %14 = load <16 x i32>, ptr %x, align 64, !tbaa !16
  %cmp3 = icmp eq <16 x i32> %14, zeroinitializer
  %sext = sext <16 x i1> %cmp3 to <16 x i32>
  store <16 x i32> %sext, ptr %indirect-arg-temp, align 64, !tbaa !16
  %call4 = call i32 @_Z3anyDv16_i(ptr noundef byval(<16 x i32>) align 64 %indirect-arg-temp) #7
  %tobool = icmp ne i32 %call4, 0
  br i1 %tobool, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  %15 = load ptr addrspace(1), ptr %hits.addr, align 8, !tbaa !8
  %call5 = call i32 @_Z10atomic_incPU3AS1Vj(ptr addrspace(1) noundef %15) #8
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %16 = load i32, ptr %k, align 4, !tbaa !12
  %inc = add i32 %16, 1
  store i32 %inc, ptr %k, align 4, !tbaa !12
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %17 = load <16 x i32>, ptr %x, align 64, !tbaa !16
  %18 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !8
  %19 = load i64, ptr %i, align 8, !tbaa !14
  %arrayidx6 = getelementptr inbounds <16 x i32>, ptr addrspace(1) %18, i64 %19
  store <16 x i32> %17, ptr addrspace(1) %arrayidx6, align 64, !tbaa !16
  call void @llvm.lifetime.end.p0(i64 64, ptr %x) #5
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent nounwind willreturn
declare i32 @_Z3anyDv16_i(ptr noundef byval(<16 x i32>) align 64) #3

; Function Attrs: convergent
declare i32 @_Z10atomic_incPU3AS1Vj(ptr addrspace(1) noundef) #4

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @wide_chain(ptr addrspace(1) noundef align 64 %a, ptr addrspace(1) noundef align 64 %b, i32 noundef %n) #0 !kernel_arg_addr_space !17 !kernel_arg_access_qual !18 !kernel_arg_type !19 !kernel_arg_base_type !20 !kernel_arg_type_qual !21 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %i = alloca i64, align 8
  %x = alloca <16 x i32>, align 64
  %k = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !8
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !8
  store i32 %n, ptr %n.addr, align 4, !tbaa !12
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 64, ptr %x) #5
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !8
  %1 = load i64, ptr %i, align 8, !tbaa !14
  %arrayidx = getelementptr inbounds <16 x i32>, ptr addrspace(1) %0, i64 %1
  %2 = load <16 x i32>, ptr addrspace(1) %arrayidx, align 64, !tbaa !16
  store <16 x i32> %2, ptr %x, align 64, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #5
  store i32 0, ptr %k, align 4, !tbaa !12
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %3 = load i32, ptr %k, align 4, !tbaa !12
  %4 = load i32, ptr %n.addr, align 4, !tbaa !12
  %cmp = icmp ult i32 %3, %4
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #5
  br label %for.end

for.body:                                         ; preds = %for.cond
  %5 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !8
  %6 = load i32, ptr %k, align 4, !tbaa !12
  %idxprom = zext i32 %6 to i64
  %arrayidx1 = getelementptr inbounds <16 x i32>, ptr addrspace(1) %5, i64 %idxprom
  %7 = load <16 x i32>, ptr addrspace(1) %arrayidx1, align 64, !tbaa !16
  %8 = load <16 x i32>, ptr %x, align 64, !tbaa !16
  %add = add <16 x i32> %8, %7
  store <16 x i32> %add, ptr %x, align 64, !tbaa !16
  %9 = load <16 x i32>, ptr %x, align 64, !tbaa !16
  %shl = shl <16 x i32> %9, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %10 = load <16 x i32>, ptr %x, align 64, !tbaa !16
  %shr = lshr <16 x i32> %10, <i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25>
  %or = or <16 x i32> %shl, %shr
  %11 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !8
  %12 = load i64, ptr %i, align 8, !tbaa !14
  %arrayidx2 = getelementptr inbounds <16 x i32>, ptr addrspace(1) %11, i64 %12
  %13 = load <16 x i32>, ptr addrspace(1) %arrayidx2, align 64, !tbaa !16
  %xor = xor <16 x i32> %or, %13
  store <16 x i32> %xor, ptr %x, align 64, !tbaa !16
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %14 = load i32, ptr %k, align 4, !tbaa !12
  %inc = add i32 %14, 1
  store i32 %inc, ptr %k, align 4, !tbaa !12
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %15 = load <16 x i32>, ptr %x, align 64, !tbaa !16
  %16 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !8
  %17 = load i64, ptr %i, align 8, !tbaa !14
  %arrayidx3 = getelementptr inbounds <16 x i32>, ptr addrspace(1) %16, i64 %17
  store <16 x i32> %15, ptr addrspace(1) %arrayidx3, align 64, !tbaa !16
  call void @llvm.lifetime.end.p0(i64 64, ptr %x) #5
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

define dso_local spir_kernel void @wide_fixed(ptr addrspace(1) noundef align 64 %a, ptr addrspace(1) noundef align 64 %b, i32 noundef %n) #0 !kernel_arg_addr_space !17 !kernel_arg_access_qual !18 !kernel_arg_type !19 !kernel_arg_base_type !20 !kernel_arg_type_qual !21 !reqd_work_group_size !901 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %i = alloca i64, align 8
  %x = alloca <16 x i32>, align 64
  %k = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !8
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !8
  store i32 %n, ptr %n.addr, align 4, !tbaa !12
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 64, ptr %x) #5
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !8
  %1 = load i64, ptr %i, align 8, !tbaa !14
  %arrayidx = getelementptr inbounds <16 x i32>, ptr addrspace(1) %0, i64 %1
  %2 = load <16 x i32>, ptr addrspace(1) %arrayidx, align 64, !tbaa !16
  store <16 x i32> %2, ptr %x, align 64, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #5
  store i32 0, ptr %k, align 4, !tbaa !12
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %3 = load i32, ptr %k, align 4, !tbaa !12
  %4 = load i32, ptr %n.addr, align 4, !tbaa !12
  %cmp = icmp ult i32 %3, %4
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #5
  br label %for.end

for.body:                                         ; preds = %for.cond
  %5 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !8
  %6 = load i32, ptr %k, align 4, !tbaa !12
  %idxprom = zext i32 %6 to i64
  %arrayidx1 = getelementptr inbounds <16 x i32>, ptr addrspace(1) %5, i64 %idxprom
  %7 = load <16 x i32>, ptr addrspace(1) %arrayidx1, align 64, !tbaa !16
  %8 = load <16 x i32>, ptr %x, align 64, !tbaa !16
  %add = add <16 x i32> %8, %7
  store <16 x i32> %add, ptr %x, align 64, !tbaa !16
  %9 = load <16 x i32>, ptr %x, align 64, !tbaa !16
  %shl = shl <16 x i32> %9, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %10 = load <16 x i32>, ptr %x, align 64, !tbaa !16
  %shr = lshr <16 x i32> %10, <i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25, i32 25>
  %or = or <16 x i32> %shl, %shr
  %11 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !8
  %12 = load i64, ptr %i, align 8, !tbaa !14
  %arrayidx2 = getelementptr inbounds <16 x i32>, ptr addrspace(1) %11, i64 %12
  %13 = load <16 x i32>, ptr addrspace(1) %arrayidx2, align 64, !tbaa !16
  %xor = xor <16 x i32> %or, %13
  store <16 x i32> %xor, ptr %x, align 64, !tbaa !16
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %14 = load i32, ptr %k, align 4, !tbaa !12
  %inc = add i32 %14, 1
  store i32 %inc, ptr %k, align 4, !tbaa !12
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %15 = load <16 x i32>, ptr %x, align 64, !tbaa !16
  %16 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !8
  %17 = load i64, ptr %i, align 8, !tbaa !14
  %arrayidx3 = getelementptr inbounds <16 x i32>, ptr addrspace(1) %16, i64 %17
  store <16 x i32> %15, ptr addrspace(1) %arrayidx3, align 64, !tbaa !16
  call void @llvm.lifetime.end.p0(i64 64, ptr %x) #5
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @narrow(ptr addrspace(1) noundef align 16 %a, ptr addrspace(1) noundef align 16 %b) #0 !kernel_arg_addr_space !22 !kernel_arg_access_qual !23 !kernel_arg_type !24 !kernel_arg_base_type !25 !kernel_arg_type_qual !26 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  %x = alloca <4 x i32>, align 16
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !8
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !8
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 16, ptr %x) #5
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !8
  %1 = load i64, ptr %i, align 8, !tbaa !14
  %arrayidx = getelementptr inbounds <4 x i32>, ptr addrspace(1) %0, i64 %1
  %2 = load <4 x i32>, ptr addrspace(1) %arrayidx, align 16, !tbaa !16
  %3 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !8
  %4 = load i64, ptr %i, align 8, !tbaa !14
  %arrayidx1 = getelementptr inbounds <4 x i32>, ptr addrspace(1) %3, i64 %4
  %5 = load <4 x i32>, ptr addrspace(1) %arrayidx1, align 16, !tbaa !16
  %add = add <4 x i32> %2, %5
  store <4 x i32> %add, ptr %x, align 16, !tbaa !16
  %6 = load <4 x i32>, ptr %x, align 16, !tbaa !16
  %shl = shl <4 x i32> %6, <i32 7, i32 7, i32 7, i32 7>
  %7 = load <4 x i32>, ptr %x, align 16, !tbaa !16
  %shr = lshr <4 x i32> %7, <i32 25, i32 25, i32 25, i32 25>
  %or = or <4 x i32> %shl, %shr
  %8 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !8
  %9 = load i64, ptr %i, align 8, !tbaa !14
  %arrayidx2 = getelementptr inbounds <4 x i32>, ptr addrspace(1) %8, i64 %9
  store <4 x i32> %or, ptr addrspace(1) %arrayidx2, align 16, !tbaa !16
  call void @llvm.lifetime.end.p0(i64 16, ptr %x) #5
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { convergent nounwind willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #4 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #5 = { nounwind }
attributes #6 = { convergent nounwind readnone willreturn }
attributes #7 = { convergent nounwind willreturn }
attributes #8 = { convergent }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1, i32 1, i32 0}
!4 = !{!"none", !"none", !"none", !"none"}
!5 = !{!"uint16*", !"uint16*", !"uint*", !"uint"}
!6 = !{!"uint __attribute__((ext_vector_type(16)))*", !"uint __attribute__((ext_vector_type(16)))*", !"uint*", !"uint"}
!7 = !{!"", !"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"any pointer", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"int", !10, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"long", !10, i64 0}
!16 = !{!10, !10, i64 0}
!17 = !{i32 1, i32 1, i32 0}
!18 = !{!"none", !"none", !"none"}
!19 = !{!"uint16*", !"uint16*", !"uint"}
!20 = !{!"uint __attribute__((ext_vector_type(16)))*", !"uint __attribute__((ext_vector_type(16)))*", !"uint"}
!21 = !{!"", !"const", !""}
!22 = !{i32 1, i32 1}
!23 = !{!"none", !"none"}
!24 = !{!"uint4*", !"uint4*"}
!25 = !{!"uint __attribute__((ext_vector_type(4)))*", !"uint __attribute__((ext_vector_type(4)))*"}
!26 = !{!"", !"const"}
!kiln.vector_bits = !{!900}
!900 = !{i32 512}
!901 = !{i32 16, i32 1, i32 1}
