; kiln-prefetch-next: in the loop with barriers, the global loads whose
; address steps by n floats (a[k * n + l], a[k * n + l + 1]: scalar
; evolution does not see through the sign extensions that they share a
; line, so each gets one) or by a page (b[k * 1024 + l]) prefetch the
; address one iteration on; b[k + l] (4 bytes a step, which the hardware
; follows), b[k * 2048 + l] under `if (l < 8)` (a call on that path would
; keep the work-item loop from vectorizing) and the load after the loop do
; not.  The step is computed before the loop.
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-scalarize,kiln-prefetch-next)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-prefetch-next
; CHECK: @llvm.compiler.used = appending global [6 x ptr] [ptr @__kiln_prefetch_next_v2.p1, ptr @__kiln_prefetch_next_v4.p1, ptr @__kiln_prefetch_next_v8.p1, ptr @__kiln_prefetch_next_v16.p1, ptr @__kiln_prefetch_next_v32.p1, ptr @__kiln_prefetch_next_v64.p1]
; CHECK-LABEL: define internal i32 @__kiln_wi_k(
; CHECK: kiln.entry:
; CHECK: [[N:%.*]] = sext i32 %n to i64
; CHECK-NEXT: [[PITCH:%.*]] = shl nsw i64 [[N]], 2
; CHECK: for.body:
; CHECK: %arrayidx = getelementptr inbounds float, ptr addrspace(1) %a
; CHECK-NEXT: [[A0:%.*]] = getelementptr i8, ptr addrspace(1) %arrayidx, i64 [[PITCH]]
; CHECK-NEXT: call void @__kiln_prefetch_next.p1(ptr addrspace(1) [[A0]]) [[ABI:#[0-9]+]]
; CHECK-NEXT: load float, ptr addrspace(1) %arrayidx,
; CHECK: %arrayidx6 = getelementptr inbounds float, ptr addrspace(1) %a
; CHECK-NEXT: [[A1:%.*]] = getelementptr i8, ptr addrspace(1) %arrayidx6, i64 [[PITCH]]
; CHECK-NEXT: call void @__kiln_prefetch_next.p1(ptr addrspace(1) [[A1]]) [[ABI]]
; CHECK: %arrayidx11 = getelementptr inbounds float, ptr addrspace(1) %b
; CHECK-NEXT: [[B0:%.*]] = getelementptr i8, ptr addrspace(1) %arrayidx11, i64 4096
; CHECK-NEXT: call void @__kiln_prefetch_next.p1(ptr addrspace(1) [[B0]]) [[ABI]]
; CHECK: %arrayidx15 = getelementptr inbounds float, ptr addrspace(1) %b
; CHECK-NEXT: load float, ptr addrspace(1) %arrayidx15,
; CHECK: if.then:
; CHECK-NOT: call void @__kiln_prefetch_next
; CHECK: load float, ptr addrspace(1)
; CHECK: if.end:
; CHECK: for.end:
; CHECK-NOT: call void @__kiln_prefetch_next
; CHECK: ret i32
; CHECK: declare void @__kiln_prefetch_next.p1(ptr addrspace(1)) [[FN:#[0-9]+]]
; CHECK: declare void @__kiln_prefetch_next_v16.p1(<16 x ptr addrspace(1)>) [[FN]]
; CHECK: attributes [[FN]] = { inaccessiblememonly nounwind willreturn }
; CHECK: attributes [[ABI]] = { "vector-function-abi-variant"="_ZGV_LLVM_N2v___kiln_prefetch_next.p1(__kiln_prefetch_next_v2.p1),{{.*}}_ZGV_LLVM_N16v___kiln_prefetch_next.p1(__kiln_prefetch_next_v16.p1),{{.*}}" }
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void k(int n, __global const float *a, __global const float *b,
;                   __global float *c) {
;     __local float t[64];
;     int l = get_local_id(0);
;     float acc = 0.0f;
;     for (int k = 0; k < n; k++) {
;       t[l] = a[k * n + l] + a[k * n + l + 1] + b[k * 1024 + l] + b[k + l];
;       if (l < 8)
;         acc += b[k * 2048 + l];
;       barrier(CLK_LOCAL_MEM_FENCE);
;       acc += t[(l + 1) % 64];
;       barrier(CLK_LOCAL_MEM_FENCE);
;     }
;     c[l] = acc + a[n * l];
;   }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.t = internal addrspace(3) global [64 x float] undef, align 16

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(i32 noundef %n, ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %b, ptr addrspace(1) noundef align 4 %c) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %n.addr = alloca i32, align 4
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %l = alloca i32, align 4
  %acc = alloca float, align 4
  %k = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4, !tbaa !7
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !11
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !11
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %l) #4
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %l, align 4, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 4, ptr %acc) #4
  store float 0.000000e+00, ptr %acc, align 4, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #4
  store i32 0, ptr %k, align 4, !tbaa !7
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %k, align 4, !tbaa !7
  %1 = load i32, ptr %n.addr, align 4, !tbaa !7
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %3 = load i32, ptr %k, align 4, !tbaa !7
  %4 = load i32, ptr %n.addr, align 4, !tbaa !7
  %mul = mul nsw i32 %3, %4
  %5 = load i32, ptr %l, align 4, !tbaa !7
  %add = add nsw i32 %mul, %5
  %idxprom = sext i32 %add to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %2, i64 %idxprom
  %6 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %7 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %8 = load i32, ptr %k, align 4, !tbaa !7
  %9 = load i32, ptr %n.addr, align 4, !tbaa !7
  %mul2 = mul nsw i32 %8, %9
  %10 = load i32, ptr %l, align 4, !tbaa !7
  %add3 = add nsw i32 %mul2, %10
  %add4 = add nsw i32 %add3, 1
  %idxprom5 = sext i32 %add4 to i64
  %arrayidx6 = getelementptr inbounds float, ptr addrspace(1) %7, i64 %idxprom5
  %11 = load float, ptr addrspace(1) %arrayidx6, align 4, !tbaa !13
  %add7 = fadd float %6, %11
  %12 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !11
  %13 = load i32, ptr %k, align 4, !tbaa !7
  %mul8 = mul nsw i32 %13, 1024
  %14 = load i32, ptr %l, align 4, !tbaa !7
  %add9 = add nsw i32 %mul8, %14
  %idxprom10 = sext i32 %add9 to i64
  %arrayidx11 = getelementptr inbounds float, ptr addrspace(1) %12, i64 %idxprom10
  %15 = load float, ptr addrspace(1) %arrayidx11, align 4, !tbaa !13
  %add12 = fadd float %add7, %15
  %16 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !11
  %17 = load i32, ptr %k, align 4, !tbaa !7
  %18 = load i32, ptr %l, align 4, !tbaa !7
  %add13 = add nsw i32 %17, %18
  %idxprom14 = sext i32 %add13 to i64
  %arrayidx15 = getelementptr inbounds float, ptr addrspace(1) %16, i64 %idxprom14
  %19 = load float, ptr addrspace(1) %arrayidx15, align 4, !tbaa !13
  %add16 = fadd float %add12, %19
  %20 = load i32, ptr %l, align 4, !tbaa !7
  %idxprom17 = sext i32 %20 to i64
  %arrayidx18 = getelementptr inbounds [64 x float], ptr addrspace(3) @k.t, i64 0, i64 %idxprom17
  store float %add16, ptr addrspace(3) %arrayidx18, align 4, !tbaa !13
  %21 = load i32, ptr %l, align 4, !tbaa !7
  %cmp19 = icmp slt i32 %21, 8
  br i1 %cmp19, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  %22 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !11
  %23 = load i32, ptr %k, align 4, !tbaa !7
  %mul21 = mul nsw i32 %23, 2048
  %24 = load i32, ptr %l, align 4, !tbaa !7
  %add22 = add nsw i32 %mul21, %24
  %idxprom23 = sext i32 %add22 to i64
  %arrayidx24 = getelementptr inbounds float, ptr addrspace(1) %22, i64 %idxprom23
  %25 = load float, ptr addrspace(1) %arrayidx24, align 4, !tbaa !13
  %26 = load float, ptr %acc, align 4, !tbaa !13
  %add25 = fadd float %26, %25
  store float %add25, ptr %acc, align 4, !tbaa !13
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  call void @_Z7barrierj(i32 noundef 1) #6
  %27 = load i32, ptr %l, align 4, !tbaa !7
  %add26 = add nsw i32 %27, 1
  %rem = srem i32 %add26, 64
  %idxprom27 = sext i32 %rem to i64
  %arrayidx28 = getelementptr inbounds [64 x float], ptr addrspace(3) @k.t, i64 0, i64 %idxprom27
  %28 = load float, ptr addrspace(3) %arrayidx28, align 4, !tbaa !13
  %29 = load float, ptr %acc, align 4, !tbaa !13
  %add29 = fadd float %29, %28
  store float %add29, ptr %acc, align 4, !tbaa !13
  call void @_Z7barrierj(i32 noundef 1) #6
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %30 = load i32, ptr %k, align 4, !tbaa !7
  %inc = add nsw i32 %30, 1
  store i32 %inc, ptr %k, align 4, !tbaa !7
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %31 = load float, ptr %acc, align 4, !tbaa !13
  %32 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !11
  %33 = load i32, ptr %n.addr, align 4, !tbaa !7
  %34 = load i32, ptr %l, align 4, !tbaa !7
  %mul30 = mul nsw i32 %33, %34
  %idxprom31 = sext i32 %mul30 to i64
  %arrayidx32 = getelementptr inbounds float, ptr addrspace(1) %32, i64 %idxprom31
  %35 = load float, ptr addrspace(1) %arrayidx32, align 4, !tbaa !13
  %add33 = fadd float %31, %35
  %36 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !11
  %37 = load i32, ptr %l, align 4, !tbaa !7
  %idxprom34 = sext i32 %37 to i64
  %arrayidx35 = getelementptr inbounds float, ptr addrspace(1) %36, i64 %idxprom34
  store float %add33, ptr addrspace(1) %arrayidx35, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 4, ptr %acc) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %l) #4
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
!3 = !{i32 0, i32 1, i32 1, i32 1}
!4 = !{!"none", !"none", !"none", !"none"}
!5 = !{!"int", !"float*", !"float*", !"float*"}
!6 = !{!"", !"const", !"const", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"int", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"any pointer", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !9, i64 0}
