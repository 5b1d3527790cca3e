; kiln-split-grid-stride: a grid-stride loop (i from the global id, by the
; global size, while i < n) first runs the iterations every work-item of
; the group has, R = the trip count of the group's last work-item, as a
; loop over r with i = start + r * step (grid.head); the original loop
; then goes on from start + R * step with the carried sum.  R comes from
; uniform values only (the start without the local id, plus the local size
; minus 1), so kiln-loop-barriers gives the new loop its barrier (second
; RUN).  @sum_int: `int i`, tested truncated and signed, stepping from its
; low bits sign-extended: R also needs the group's last start and the step
; to fit an int, and the uniform loop indexes by i itself.  @step3: the
; step, 3 * get_global_size(0), is computed in the loop's latch; it moves
; to the preheader (a load of the launch values and a multiply).
; @sum_uint: a uint bound widened for the size_t test in the loop's header;
; the widening moves to the preheader.  Not taken:
; @twice, whose start is 2 * get_global_id(0) (not the local id plus
; uniform terms).
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-scalarize,kiln-split-grid-stride)" %s -S | %FileCheck %s
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-scalarize,kiln-split-grid-stride,kiln-loop-barriers)" %s -S | %FileCheck %s --check-prefix=BAR
; SKIP-FAILS: kiln-split-grid-stride
; CHECK-LABEL: define internal i32 @__kiln_wi_sum(
; CHECK: [[GID:%.*]] = add i64 [[U:%.*]], %kiln.x
; CHECK: getelementptr inbounds {{.*}} ptr %kiln.info, i32 0, i32 5, i32 0
; CHECK-NEXT: [[LS:%.*]] = load i64
; CHECK-NEXT: [[OFF:%.*]] = sub i64 [[LS]], 1
; CHECK-NEXT: %grid.last = add i64 [[U]], [[OFF]]
; CHECK: %grid.trips = select i1 {{.*}}, i64 {{.*}}, i64 0
; CHECK-NEXT: br label %grid.head
; CHECK: grid.head:
; CHECK-NEXT: %grid.r = phi i64 [ 0, %kiln.entry ], [ %grid.r.next, %grid.latch ]
; CHECK-NEXT: %s.0.grid = phi float [ 0.000000e+00, %kiln.entry ], [ %add.grid, %grid.latch ]
; CHECK-NEXT: [[RS:%.*]] = mul i64 %grid.r, [[STEP:%.*]]
; CHECK-NEXT: %grid.i = add i64 [[GID]], [[RS]]
; CHECK: %grid.more = icmp ult i64 %grid.r, %grid.trips
; CHECK-NEXT: br i1 %grid.more, label %for.inc.grid, label %grid.done
; CHECK: grid.done:
; CHECK-NEXT: [[RT:%.*]] = mul i64 %grid.trips, [[STEP]]
; CHECK-NEXT: %grid.i.after = add i64 [[GID]], [[RT]]
; CHECK: for.cond:
; CHECK-NEXT: %s.0 = phi float [ %s.0.grid, %grid.done ], [ %add, %for.inc ]
; CHECK-NEXT: %i.0 = phi i64 [ %grid.i.after, %grid.done ], [ %add2, %for.inc ]
; CHECK: for.inc.grid:
; CHECK-NEXT: %arrayidx.grid = getelementptr inbounds float, ptr addrspace(1) %in, i64 %grid.i
; CHECK-LABEL: define internal i32 @__kiln_wi_sum_int(
; CHECK: icmp ule i64 %grid.last, 2147483647
; CHECK: %grid.trips = select i1 {{.*}}, i32 {{.*}}, i32 0
; CHECK-NEXT: %grid.trips.wide = zext i32 %grid.trips to i64
; CHECK: for.inc.grid:
; CHECK: %arrayidx.grid = getelementptr inbounds float, ptr addrspace(1) %in, i64 %grid.i
; CHECK-LABEL: define internal i32 @__kiln_wi_twice(
; CHECK-NOT: grid.
; CHECK: ret i32
; CHECK-LABEL: define internal i32 @__kiln_wi_step3(
; CHECK: kiln.entry:
; CHECK: [[STEP3:%.*]] = mul i64 {{.*}}, 3
; CHECK: %grid.trips = select
; CHECK: grid.head:
; CHECK: mul i64 %grid.r, [[STEP3]]
; CHECK-LABEL: define internal i32 @__kiln_wi_sum_uint(
; CHECK: kiln.entry:
; CHECK: %conv{{[0-9]*}} = zext i32 %n4 to i64
; CHECK: %grid.trips = select
; CHECK: grid.head:
; BAR-LABEL: define internal i32 @__kiln_wi_sum(
; BAR: grid.head:
; BAR-NEXT: %grid.r = phi
; BAR-NEXT: %s.0.grid = phi
; BAR-NEXT: call void @__kiln_barrier(i32 0)
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md; -cl-std=CL2.0) from:
;   __kernel void sum(__global const float *in, __global float *out, ulong n) {
;     float s = 0.0f;
;     for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
;       s += in[i];
;     out[get_global_id(0)] = s;
;   }
;   __kernel void sum_int(__global const float *in, __global float *out, int n) {
;     float s = 0.0f;
;     for (int i = get_global_id(0); i < n; i += get_global_size(0))
;       s += in[i];
;     out[get_global_id(0)] = s;
;   }
;   __kernel void twice(__global const float *in, __global float *out, ulong n) {
;     float s = 0.0f;
;     for (size_t i = 2 * get_global_id(0); i < n; i += get_global_size(0))
;       s += in[i];
;     out[get_global_id(0)] = s;
;   }
;   __kernel void step3(__global const float *in, __global float *out, ulong n) {
;     float s = 0.0f;
;     for (size_t i = get_global_id(0); i < n; i += 3 * get_global_size(0))
;       s += in[i];
;     out[get_global_id(0)] = s;
;   }
;   __kernel void sum_uint(__global const float4 *in, __global float *out, uint n4) {
;     float4 s = 0.0f;
;     for (size_t i = get_global_id(0); i < n4; i += get_global_size(0))
;       s += in[i];
;     out[get_global_id(0)] = (s.x + s.y) + (s.z + s.w);
;   }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @sum(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, i64 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i64, align 8
  %s = alloca float, align 4
  %i = alloca i64, align 8
  store ptr addrspace(1) %in, ptr %in.addr, align 8, !tbaa !7
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7
  store i64 %n, ptr %n.addr, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %s) #3
  store float 0.000000e+00, ptr %s, align 4, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  store i64 %call, ptr %i, align 8, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i64, ptr %i, align 8, !tbaa !11
  %1 = load i64, ptr %n.addr, align 8, !tbaa !11
  %cmp = icmp ult i64 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %3 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %2, i64 %3
  %4 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %5 = load float, ptr %s, align 4, !tbaa !13
  %add = fadd float %5, %4
  store float %add, ptr %s, align 4, !tbaa !13
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %call1 = call i64 @_Z15get_global_sizej(i32 noundef 0) #4
  %6 = load i64, ptr %i, align 8, !tbaa !11
  %add2 = add i64 %6, %call1
  store i64 %add2, ptr %i, align 8, !tbaa !11
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %7 = load float, ptr %s, align 4, !tbaa !13
  %8 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7
  %call3 = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %arrayidx4 = getelementptr inbounds float, ptr addrspace(1) %8, i64 %call3
  store float %7, ptr addrspace(1) %arrayidx4, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 4, ptr %s) #3
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z15get_global_sizej(i32 noundef) #2

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @sum_int(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !15 !kernel_arg_base_type !15 !kernel_arg_type_qual !6 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %s = alloca float, align 4
  %i = alloca i32, align 4
  store ptr addrspace(1) %in, ptr %in.addr, align 8, !tbaa !7
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7
  store i32 %n, ptr %n.addr, align 4, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 4, ptr %s) #3
  store float 0.000000e+00, ptr %s, align 4, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #3
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %i, align 4, !tbaa !16
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4, !tbaa !16
  %1 = load i32, ptr %n.addr, align 4, !tbaa !16
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %3 = load i32, ptr %i, align 4, !tbaa !16
  %idxprom = sext i32 %3 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %2, i64 %idxprom
  %4 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %5 = load float, ptr %s, align 4, !tbaa !13
  %add = fadd float %5, %4
  store float %add, ptr %s, align 4, !tbaa !13
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %call2 = call i64 @_Z15get_global_sizej(i32 noundef 0) #4
  %6 = load i32, ptr %i, align 4, !tbaa !16
  %conv3 = sext i32 %6 to i64
  %add4 = add i64 %conv3, %call2
  %conv5 = trunc i64 %add4 to i32
  store i32 %conv5, ptr %i, align 4, !tbaa !16
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %7 = load float, ptr %s, align 4, !tbaa !13
  %8 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7
  %call6 = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %arrayidx7 = getelementptr inbounds float, ptr addrspace(1) %8, i64 %call6
  store float %7, ptr addrspace(1) %arrayidx7, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 4, ptr %s) #3
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @twice(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, i64 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i64, align 8
  %s = alloca float, align 4
  %i = alloca i64, align 8
  store ptr addrspace(1) %in, ptr %in.addr, align 8, !tbaa !7
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7
  store i64 %n, ptr %n.addr, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %s) #3
  store float 0.000000e+00, ptr %s, align 4, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %mul = mul i64 2, %call
  store i64 %mul, ptr %i, align 8, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i64, ptr %i, align 8, !tbaa !11
  %1 = load i64, ptr %n.addr, align 8, !tbaa !11
  %cmp = icmp ult i64 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %3 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %2, i64 %3
  %4 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %5 = load float, ptr %s, align 4, !tbaa !13
  %add = fadd float %5, %4
  store float %add, ptr %s, align 4, !tbaa !13
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %call1 = call i64 @_Z15get_global_sizej(i32 noundef 0) #4
  %6 = load i64, ptr %i, align 8, !tbaa !11
  %add2 = add i64 %6, %call1
  store i64 %add2, ptr %i, align 8, !tbaa !11
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %7 = load float, ptr %s, align 4, !tbaa !13
  %8 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7
  %call3 = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %arrayidx4 = getelementptr inbounds float, ptr addrspace(1) %8, i64 %call3
  store float %7, ptr addrspace(1) %arrayidx4, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 4, ptr %s) #3
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @step3(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, i64 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i64, align 8
  %s = alloca float, align 4
  %i = alloca i64, align 8
  store ptr addrspace(1) %in, ptr %in.addr, align 8, !tbaa !7
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7
  store i64 %n, ptr %n.addr, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %s) #3
  store float 0.000000e+00, ptr %s, align 4, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  store i64 %call, ptr %i, align 8, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i64, ptr %i, align 8, !tbaa !11
  %1 = load i64, ptr %n.addr, align 8, !tbaa !11
  %cmp = icmp ult i64 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %3 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %2, i64 %3
  %4 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %5 = load float, ptr %s, align 4, !tbaa !13
  %add = fadd float %5, %4
  store float %add, ptr %s, align 4, !tbaa !13
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %call1 = call i64 @_Z15get_global_sizej(i32 noundef 0) #4
  %mul = mul i64 3, %call1
  %6 = load i64, ptr %i, align 8, !tbaa !11
  %add2 = add i64 %6, %mul
  store i64 %add2, ptr %i, align 8, !tbaa !11
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %7 = load float, ptr %s, align 4, !tbaa !13
  %8 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7
  %call3 = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %arrayidx4 = getelementptr inbounds float, ptr addrspace(1) %8, i64 %call3
  store float %7, ptr addrspace(1) %arrayidx4, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 4, ptr %s) #3
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @sum_uint(ptr addrspace(1) noundef align 16 %in, ptr addrspace(1) noundef align 4 %out, i32 noundef %n4) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !18 !kernel_arg_base_type !19 !kernel_arg_type_qual !6 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %n4.addr = alloca i32, align 4
  %s = alloca <4 x float>, align 16
  %i = alloca i64, align 8
  store ptr addrspace(1) %in, ptr %in.addr, align 8, !tbaa !7
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7
  store i32 %n4, ptr %n4.addr, align 4, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 16, ptr %s) #3
  store <4 x float> zeroinitializer, ptr %s, align 16, !tbaa !20
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  store i64 %call, ptr %i, align 8, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i64, ptr %i, align 8, !tbaa !11
  %1 = load i32, ptr %n4.addr, align 4, !tbaa !16
  %conv = zext i32 %1 to i64
  %cmp = icmp ult i64 %0, %conv
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %3 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds <4 x float>, ptr addrspace(1) %2, i64 %3
  %4 = load <4 x float>, ptr addrspace(1) %arrayidx, align 16, !tbaa !20
  %5 = load <4 x float>, ptr %s, align 16, !tbaa !20
  %add = fadd <4 x float> %5, %4
  store <4 x float> %add, ptr %s, align 16, !tbaa !20
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %call2 = call i64 @_Z15get_global_sizej(i32 noundef 0) #4
  %6 = load i64, ptr %i, align 8, !tbaa !11
  %add3 = add i64 %6, %call2
  store i64 %add3, ptr %i, align 8, !tbaa !11
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %7 = load <4 x float>, ptr %s, align 16
  %8 = extractelement <4 x float> %7, i64 0
  %9 = load <4 x float>, ptr %s, align 16
  %10 = extractelement <4 x float> %9, i64 1
  %add4 = fadd float %8, %10
  %11 = load <4 x float>, ptr %s, align 16
  %12 = extractelement <4 x float> %11, i64 2
  %13 = load <4 x float>, ptr %s, align 16
  %14 = extractelement <4 x float> %13, i64 3
  %add5 = fadd float %12, %14
  %add6 = fadd float %add4, %add5
  %15 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7
  %call7 = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %arrayidx8 = getelementptr inbounds float, ptr addrspace(1) %15, i64 %call7
  store float %add6, ptr addrspace(1) %arrayidx8, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 16, ptr %s) #3
  ret void
}

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="false" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { nounwind }
attributes #4 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 2, i32 0}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1, i32 0}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"float*", !"float*", !"ulong"}
!6 = !{!"const", !"", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"long", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !9, i64 0}
!15 = !{!"float*", !"float*", !"int"}
!16 = !{!17, !17, i64 0}
!17 = !{!"int", !9, i64 0}
!18 = !{!"float4*", !"float*", !"uint"}
!19 = !{!"float __attribute__((ext_vector_type(4)))*", !"float*", !"uint"}
!20 = !{!9, !9, i64 0}
