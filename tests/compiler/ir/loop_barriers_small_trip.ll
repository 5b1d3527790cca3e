; kiln-loop-barriers with small constant trip counts: the 64-step loop
; whose flattened body would be over kiln-unroll-small-loops' limit (36
; multiply-adds a step) gets its implicit barrier like any uniform loop;
; the 16-step loop, which the unroller flattens, gets none.
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify,kiln-scalarize,kiln-unroll-small-loops,kiln-loop-barriers)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-loop-barriers
; CHECK-LABEL: define internal i32 @__kiln_wi_k(
; CHECK: for.cond:
; CHECK: call void @__kiln_barrier(i32 0)
; CHECK-NEXT: icmp ult i32 %k.0, 64
; CHECK: for.cond38:
; CHECK-NOT: call void @__kiln_barrier
; CHECK: br label %for.cond38, !llvm.loop
; CHECK-NOT: call void @__kiln_barrier
; CHECK: ret i32
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void k(__global const float *a, __global float *c, int n) {
;     size_t i = get_global_id(0);
;     float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f, s4 = 0.0f, s5 = 0.0f, s6 = 0.0f, s7 = 0.0f, s8 = 0.0f, s9 = 0.0f, s10 = 0.0f, s11 = 0.0f, s12 = 0.0f, s13 = 0.0f, s14 = 0.0f, s15 = 0.0f, s16 = 0.0f, s17 = 0.0f, s18 = 0.0f, s19 = 0.0f, s20 = 0.0f, s21 = 0.0f, s22 = 0.0f, s23 = 0.0f, s24 = 0.0f, s25 = 0.0f, s26 = 0.0f, s27 = 0.0f, s28 = 0.0f, s29 = 0.0f, s30 = 0.0f, s31 = 0.0f, s32 = 0.0f, s33 = 0.0f, s34 = 0.0f, s35 = 0.0f;
;     for (int k = 0; k < 64; k++) {
;       float v = a[k * n + i];
;       s0 = s0 * v + 0.0f;
;       s1 = s1 * v + 1.0f;
;       s2 = s2 * v + 2.0f;
;       s3 = s3 * v + 3.0f;
;       s4 = s4 * v + 4.0f;
;       s5 = s5 * v + 5.0f;
;       s6 = s6 * v + 6.0f;
;       s7 = s7 * v + 7.0f;
;       s8 = s8 * v + 8.0f;
;       s9 = s9 * v + 9.0f;
;       s10 = s10 * v + 10.0f;
;       s11 = s11 * v + 11.0f;
;       s12 = s12 * v + 12.0f;
;       s13 = s13 * v + 13.0f;
;       s14 = s14 * v + 14.0f;
;       s15 = s15 * v + 15.0f;
;       s16 = s16 * v + 16.0f;
;       s17 = s17 * v + 17.0f;
;       s18 = s18 * v + 18.0f;
;       s19 = s19 * v + 19.0f;
;       s20 = s20 * v + 20.0f;
;       s21 = s21 * v + 21.0f;
;       s22 = s22 * v + 22.0f;
;       s23 = s23 * v + 23.0f;
;       s24 = s24 * v + 24.0f;
;       s25 = s25 * v + 25.0f;
;       s26 = s26 * v + 26.0f;
;       s27 = s27 * v + 27.0f;
;       s28 = s28 * v + 28.0f;
;       s29 = s29 * v + 29.0f;
;       s30 = s30 * v + 30.0f;
;       s31 = s31 * v + 31.0f;
;       s32 = s32 * v + 32.0f;
;       s33 = s33 * v + 33.0f;
;       s34 = s34 * v + 34.0f;
;       s35 = s35 * v + 35.0f;
;     }
;     float t = 0.0f;
;     for (int k = 0; k < 16; k++)
;       t = t * a[k * n + i] + 1.0f;
;     c[i] = t + s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7 + s8 + s9 + s10 + s11 + s12 + s13 + s14 + s15 + s16 + s17 + s18 + s19 + s20 + s21 + s22 + s23 + s24 + s25 + s26 + s27 + s28 + s29 + s30 + s31 + s32 + s33 + s34 + s35;
;   }

; ModuleID = 'big.cl'
source_filename = "big.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %c, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %c.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %i = alloca i64, align 8
  %s0 = alloca float, align 4
  %s1 = alloca float, align 4
  %s2 = alloca float, align 4
  %s3 = alloca float, align 4
  %s4 = alloca float, align 4
  %s5 = alloca float, align 4
  %s6 = alloca float, align 4
  %s7 = alloca float, align 4
  %s8 = alloca float, align 4
  %s9 = alloca float, align 4
  %s10 = alloca float, align 4
  %s11 = alloca float, align 4
  %s12 = alloca float, align 4
  %s13 = alloca float, align 4
  %s14 = alloca float, align 4
  %s15 = alloca float, align 4
  %s16 = alloca float, align 4
  %s17 = alloca float, align 4
  %s18 = alloca float, align 4
  %s19 = alloca float, align 4
  %s20 = alloca float, align 4
  %s21 = alloca float, align 4
  %s22 = alloca float, align 4
  %s23 = alloca float, align 4
  %s24 = alloca float, align 4
  %s25 = alloca float, align 4
  %s26 = alloca float, align 4
  %s27 = alloca float, align 4
  %s28 = alloca float, align 4
  %s29 = alloca float, align 4
  %s30 = alloca float, align 4
  %s31 = alloca float, align 4
  %s32 = alloca float, align 4
  %s33 = alloca float, align 4
  %s34 = alloca float, align 4
  %s35 = alloca float, align 4
  %k = alloca i32, align 4
  %v = alloca float, align 4
  %t = alloca float, align 4
  %k37 = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  store ptr addrspace(1) %c, ptr %c.addr, align 8, !tbaa !7
  store i32 %n, ptr %n.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %i, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %s0) #4
  store float 0.000000e+00, ptr %s0, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s1) #4
  store float 0.000000e+00, ptr %s1, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s2) #4
  store float 0.000000e+00, ptr %s2, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s3) #4
  store float 0.000000e+00, ptr %s3, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s4) #4
  store float 0.000000e+00, ptr %s4, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s5) #4
  store float 0.000000e+00, ptr %s5, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s6) #4
  store float 0.000000e+00, ptr %s6, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s7) #4
  store float 0.000000e+00, ptr %s7, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s8) #4
  store float 0.000000e+00, ptr %s8, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s9) #4
  store float 0.000000e+00, ptr %s9, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s10) #4
  store float 0.000000e+00, ptr %s10, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s11) #4
  store float 0.000000e+00, ptr %s11, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s12) #4
  store float 0.000000e+00, ptr %s12, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s13) #4
  store float 0.000000e+00, ptr %s13, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s14) #4
  store float 0.000000e+00, ptr %s14, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s15) #4
  store float 0.000000e+00, ptr %s15, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s16) #4
  store float 0.000000e+00, ptr %s16, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s17) #4
  store float 0.000000e+00, ptr %s17, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s18) #4
  store float 0.000000e+00, ptr %s18, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s19) #4
  store float 0.000000e+00, ptr %s19, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s20) #4
  store float 0.000000e+00, ptr %s20, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s21) #4
  store float 0.000000e+00, ptr %s21, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s22) #4
  store float 0.000000e+00, ptr %s22, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s23) #4
  store float 0.000000e+00, ptr %s23, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s24) #4
  store float 0.000000e+00, ptr %s24, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s25) #4
  store float 0.000000e+00, ptr %s25, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s26) #4
  store float 0.000000e+00, ptr %s26, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s27) #4
  store float 0.000000e+00, ptr %s27, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s28) #4
  store float 0.000000e+00, ptr %s28, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s29) #4
  store float 0.000000e+00, ptr %s29, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s30) #4
  store float 0.000000e+00, ptr %s30, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s31) #4
  store float 0.000000e+00, ptr %s31, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s32) #4
  store float 0.000000e+00, ptr %s32, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s33) #4
  store float 0.000000e+00, ptr %s33, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s34) #4
  store float 0.000000e+00, ptr %s34, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %s35) #4
  store float 0.000000e+00, ptr %s35, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #4
  store i32 0, ptr %k, align 4, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %k, align 4, !tbaa !11
  %cmp = icmp slt i32 %0, 64
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  call void @llvm.lifetime.start.p0(i64 4, ptr %v) #4
  %1 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %2 = load i32, ptr %k, align 4, !tbaa !11
  %3 = load i32, ptr %n.addr, align 4, !tbaa !11
  %mul = mul nsw i32 %2, %3
  %conv = sext i32 %mul to i64
  %4 = load i64, ptr %i, align 8, !tbaa !13
  %add = add i64 %conv, %4
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %1, i64 %add
  %5 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !15
  store float %5, ptr %v, align 4, !tbaa !15
  %6 = load float, ptr %s0, align 4, !tbaa !15
  %7 = load float, ptr %v, align 4, !tbaa !15
  %8 = call float @llvm.fmuladd.f32(float %6, float %7, float 0.000000e+00)
  store float %8, ptr %s0, align 4, !tbaa !15
  %9 = load float, ptr %s1, align 4, !tbaa !15
  %10 = load float, ptr %v, align 4, !tbaa !15
  %11 = call float @llvm.fmuladd.f32(float %9, float %10, float 1.000000e+00)
  store float %11, ptr %s1, align 4, !tbaa !15
  %12 = load float, ptr %s2, align 4, !tbaa !15
  %13 = load float, ptr %v, align 4, !tbaa !15
  %14 = call float @llvm.fmuladd.f32(float %12, float %13, float 2.000000e+00)
  store float %14, ptr %s2, align 4, !tbaa !15
  %15 = load float, ptr %s3, align 4, !tbaa !15
  %16 = load float, ptr %v, align 4, !tbaa !15
  %17 = call float @llvm.fmuladd.f32(float %15, float %16, float 3.000000e+00)
  store float %17, ptr %s3, align 4, !tbaa !15
  %18 = load float, ptr %s4, align 4, !tbaa !15
  %19 = load float, ptr %v, align 4, !tbaa !15
  %20 = call float @llvm.fmuladd.f32(float %18, float %19, float 4.000000e+00)
  store float %20, ptr %s4, align 4, !tbaa !15
  %21 = load float, ptr %s5, align 4, !tbaa !15
  %22 = load float, ptr %v, align 4, !tbaa !15
  %23 = call float @llvm.fmuladd.f32(float %21, float %22, float 5.000000e+00)
  store float %23, ptr %s5, align 4, !tbaa !15
  %24 = load float, ptr %s6, align 4, !tbaa !15
  %25 = load float, ptr %v, align 4, !tbaa !15
  %26 = call float @llvm.fmuladd.f32(float %24, float %25, float 6.000000e+00)
  store float %26, ptr %s6, align 4, !tbaa !15
  %27 = load float, ptr %s7, align 4, !tbaa !15
  %28 = load float, ptr %v, align 4, !tbaa !15
  %29 = call float @llvm.fmuladd.f32(float %27, float %28, float 7.000000e+00)
  store float %29, ptr %s7, align 4, !tbaa !15
  %30 = load float, ptr %s8, align 4, !tbaa !15
  %31 = load float, ptr %v, align 4, !tbaa !15
  %32 = call float @llvm.fmuladd.f32(float %30, float %31, float 8.000000e+00)
  store float %32, ptr %s8, align 4, !tbaa !15
  %33 = load float, ptr %s9, align 4, !tbaa !15
  %34 = load float, ptr %v, align 4, !tbaa !15
  %35 = call float @llvm.fmuladd.f32(float %33, float %34, float 9.000000e+00)
  store float %35, ptr %s9, align 4, !tbaa !15
  %36 = load float, ptr %s10, align 4, !tbaa !15
  %37 = load float, ptr %v, align 4, !tbaa !15
  %38 = call float @llvm.fmuladd.f32(float %36, float %37, float 1.000000e+01)
  store float %38, ptr %s10, align 4, !tbaa !15
  %39 = load float, ptr %s11, align 4, !tbaa !15
  %40 = load float, ptr %v, align 4, !tbaa !15
  %41 = call float @llvm.fmuladd.f32(float %39, float %40, float 1.100000e+01)
  store float %41, ptr %s11, align 4, !tbaa !15
  %42 = load float, ptr %s12, align 4, !tbaa !15
  %43 = load float, ptr %v, align 4, !tbaa !15
  %44 = call float @llvm.fmuladd.f32(float %42, float %43, float 1.200000e+01)
  store float %44, ptr %s12, align 4, !tbaa !15
  %45 = load float, ptr %s13, align 4, !tbaa !15
  %46 = load float, ptr %v, align 4, !tbaa !15
  %47 = call float @llvm.fmuladd.f32(float %45, float %46, float 1.300000e+01)
  store float %47, ptr %s13, align 4, !tbaa !15
  %48 = load float, ptr %s14, align 4, !tbaa !15
  %49 = load float, ptr %v, align 4, !tbaa !15
  %50 = call float @llvm.fmuladd.f32(float %48, float %49, float 1.400000e+01)
  store float %50, ptr %s14, align 4, !tbaa !15
  %51 = load float, ptr %s15, align 4, !tbaa !15
  %52 = load float, ptr %v, align 4, !tbaa !15
  %53 = call float @llvm.fmuladd.f32(float %51, float %52, float 1.500000e+01)
  store float %53, ptr %s15, align 4, !tbaa !15
  %54 = load float, ptr %s16, align 4, !tbaa !15
  %55 = load float, ptr %v, align 4, !tbaa !15
  %56 = call float @llvm.fmuladd.f32(float %54, float %55, float 1.600000e+01)
  store float %56, ptr %s16, align 4, !tbaa !15
  %57 = load float, ptr %s17, align 4, !tbaa !15
  %58 = load float, ptr %v, align 4, !tbaa !15
  %59 = call float @llvm.fmuladd.f32(float %57, float %58, float 1.700000e+01)
  store float %59, ptr %s17, align 4, !tbaa !15
  %60 = load float, ptr %s18, align 4, !tbaa !15
  %61 = load float, ptr %v, align 4, !tbaa !15
  %62 = call float @llvm.fmuladd.f32(float %60, float %61, float 1.800000e+01)
  store float %62, ptr %s18, align 4, !tbaa !15
  %63 = load float, ptr %s19, align 4, !tbaa !15
  %64 = load float, ptr %v, align 4, !tbaa !15
  %65 = call float @llvm.fmuladd.f32(float %63, float %64, float 1.900000e+01)
  store float %65, ptr %s19, align 4, !tbaa !15
  %66 = load float, ptr %s20, align 4, !tbaa !15
  %67 = load float, ptr %v, align 4, !tbaa !15
  %68 = call float @llvm.fmuladd.f32(float %66, float %67, float 2.000000e+01)
  store float %68, ptr %s20, align 4, !tbaa !15
  %69 = load float, ptr %s21, align 4, !tbaa !15
  %70 = load float, ptr %v, align 4, !tbaa !15
  %71 = call float @llvm.fmuladd.f32(float %69, float %70, float 2.100000e+01)
  store float %71, ptr %s21, align 4, !tbaa !15
  %72 = load float, ptr %s22, align 4, !tbaa !15
  %73 = load float, ptr %v, align 4, !tbaa !15
  %74 = call float @llvm.fmuladd.f32(float %72, float %73, float 2.200000e+01)
  store float %74, ptr %s22, align 4, !tbaa !15
  %75 = load float, ptr %s23, align 4, !tbaa !15
  %76 = load float, ptr %v, align 4, !tbaa !15
  %77 = call float @llvm.fmuladd.f32(float %75, float %76, float 2.300000e+01)
  store float %77, ptr %s23, align 4, !tbaa !15
  %78 = load float, ptr %s24, align 4, !tbaa !15
  %79 = load float, ptr %v, align 4, !tbaa !15
  %80 = call float @llvm.fmuladd.f32(float %78, float %79, float 2.400000e+01)
  store float %80, ptr %s24, align 4, !tbaa !15
  %81 = load float, ptr %s25, align 4, !tbaa !15
  %82 = load float, ptr %v, align 4, !tbaa !15
  %83 = call float @llvm.fmuladd.f32(float %81, float %82, float 2.500000e+01)
  store float %83, ptr %s25, align 4, !tbaa !15
  %84 = load float, ptr %s26, align 4, !tbaa !15
  %85 = load float, ptr %v, align 4, !tbaa !15
  %86 = call float @llvm.fmuladd.f32(float %84, float %85, float 2.600000e+01)
  store float %86, ptr %s26, align 4, !tbaa !15
  %87 = load float, ptr %s27, align 4, !tbaa !15
  %88 = load float, ptr %v, align 4, !tbaa !15
  %89 = call float @llvm.fmuladd.f32(float %87, float %88, float 2.700000e+01)
  store float %89, ptr %s27, align 4, !tbaa !15
  %90 = load float, ptr %s28, align 4, !tbaa !15
  %91 = load float, ptr %v, align 4, !tbaa !15
  %92 = call float @llvm.fmuladd.f32(float %90, float %91, float 2.800000e+01)
  store float %92, ptr %s28, align 4, !tbaa !15
  %93 = load float, ptr %s29, align 4, !tbaa !15
  %94 = load float, ptr %v, align 4, !tbaa !15
  %95 = call float @llvm.fmuladd.f32(float %93, float %94, float 2.900000e+01)
  store float %95, ptr %s29, align 4, !tbaa !15
  %96 = load float, ptr %s30, align 4, !tbaa !15
  %97 = load float, ptr %v, align 4, !tbaa !15
  %98 = call float @llvm.fmuladd.f32(float %96, float %97, float 3.000000e+01)
  store float %98, ptr %s30, align 4, !tbaa !15
  %99 = load float, ptr %s31, align 4, !tbaa !15
  %100 = load float, ptr %v, align 4, !tbaa !15
  %101 = call float @llvm.fmuladd.f32(float %99, float %100, float 3.100000e+01)
  store float %101, ptr %s31, align 4, !tbaa !15
  %102 = load float, ptr %s32, align 4, !tbaa !15
  %103 = load float, ptr %v, align 4, !tbaa !15
  %104 = call float @llvm.fmuladd.f32(float %102, float %103, float 3.200000e+01)
  store float %104, ptr %s32, align 4, !tbaa !15
  %105 = load float, ptr %s33, align 4, !tbaa !15
  %106 = load float, ptr %v, align 4, !tbaa !15
  %107 = call float @llvm.fmuladd.f32(float %105, float %106, float 3.300000e+01)
  store float %107, ptr %s33, align 4, !tbaa !15
  %108 = load float, ptr %s34, align 4, !tbaa !15
  %109 = load float, ptr %v, align 4, !tbaa !15
  %110 = call float @llvm.fmuladd.f32(float %108, float %109, float 3.400000e+01)
  store float %110, ptr %s34, align 4, !tbaa !15
  %111 = load float, ptr %s35, align 4, !tbaa !15
  %112 = load float, ptr %v, align 4, !tbaa !15
  %113 = call float @llvm.fmuladd.f32(float %111, float %112, float 3.500000e+01)
  store float %113, ptr %s35, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %v) #4
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %114 = load i32, ptr %k, align 4, !tbaa !11
  %inc = add nsw i32 %114, 1
  store i32 %inc, ptr %k, align 4, !tbaa !11
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.lifetime.start.p0(i64 4, ptr %t) #4
  store float 0.000000e+00, ptr %t, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr %k37) #4
  store i32 0, ptr %k37, align 4, !tbaa !11
  br label %for.cond38

for.cond38:                                       ; preds = %for.inc48, %for.end
  %115 = load i32, ptr %k37, align 4, !tbaa !11
  %cmp39 = icmp slt i32 %115, 16
  br i1 %cmp39, label %for.body42, label %for.cond.cleanup41

for.cond.cleanup41:                               ; preds = %for.cond38
  call void @llvm.lifetime.end.p0(i64 4, ptr %k37) #4
  br label %for.end50

for.body42:                                       ; preds = %for.cond38
  %116 = load float, ptr %t, align 4, !tbaa !15
  %117 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %118 = load i32, ptr %k37, align 4, !tbaa !11
  %119 = load i32, ptr %n.addr, align 4, !tbaa !11
  %mul43 = mul nsw i32 %118, %119
  %conv44 = sext i32 %mul43 to i64
  %120 = load i64, ptr %i, align 8, !tbaa !13
  %add45 = add i64 %conv44, %120
  %arrayidx46 = getelementptr inbounds float, ptr addrspace(1) %117, i64 %add45
  %121 = load float, ptr addrspace(1) %arrayidx46, align 4, !tbaa !15
  %122 = call float @llvm.fmuladd.f32(float %116, float %121, float 1.000000e+00)
  store float %122, ptr %t, align 4, !tbaa !15
  br label %for.inc48

for.inc48:                                        ; preds = %for.body42
  %123 = load i32, ptr %k37, align 4, !tbaa !11
  %inc49 = add nsw i32 %123, 1
  store i32 %inc49, ptr %k37, align 4, !tbaa !11
  br label %for.cond38

for.end50:                                        ; preds = %for.cond.cleanup41
  %124 = load float, ptr %t, align 4, !tbaa !15
  %125 = load float, ptr %s0, align 4, !tbaa !15
  %add51 = fadd float %124, %125
  %126 = load float, ptr %s1, align 4, !tbaa !15
  %add52 = fadd float %add51, %126
  %127 = load float, ptr %s2, align 4, !tbaa !15
  %add53 = fadd float %add52, %127
  %128 = load float, ptr %s3, align 4, !tbaa !15
  %add54 = fadd float %add53, %128
  %129 = load float, ptr %s4, align 4, !tbaa !15
  %add55 = fadd float %add54, %129
  %130 = load float, ptr %s5, align 4, !tbaa !15
  %add56 = fadd float %add55, %130
  %131 = load float, ptr %s6, align 4, !tbaa !15
  %add57 = fadd float %add56, %131
  %132 = load float, ptr %s7, align 4, !tbaa !15
  %add58 = fadd float %add57, %132
  %133 = load float, ptr %s8, align 4, !tbaa !15
  %add59 = fadd float %add58, %133
  %134 = load float, ptr %s9, align 4, !tbaa !15
  %add60 = fadd float %add59, %134
  %135 = load float, ptr %s10, align 4, !tbaa !15
  %add61 = fadd float %add60, %135
  %136 = load float, ptr %s11, align 4, !tbaa !15
  %add62 = fadd float %add61, %136
  %137 = load float, ptr %s12, align 4, !tbaa !15
  %add63 = fadd float %add62, %137
  %138 = load float, ptr %s13, align 4, !tbaa !15
  %add64 = fadd float %add63, %138
  %139 = load float, ptr %s14, align 4, !tbaa !15
  %add65 = fadd float %add64, %139
  %140 = load float, ptr %s15, align 4, !tbaa !15
  %add66 = fadd float %add65, %140
  %141 = load float, ptr %s16, align 4, !tbaa !15
  %add67 = fadd float %add66, %141
  %142 = load float, ptr %s17, align 4, !tbaa !15
  %add68 = fadd float %add67, %142
  %143 = load float, ptr %s18, align 4, !tbaa !15
  %add69 = fadd float %add68, %143
  %144 = load float, ptr %s19, align 4, !tbaa !15
  %add70 = fadd float %add69, %144
  %145 = load float, ptr %s20, align 4, !tbaa !15
  %add71 = fadd float %add70, %145
  %146 = load float, ptr %s21, align 4, !tbaa !15
  %add72 = fadd float %add71, %146
  %147 = load float, ptr %s22, align 4, !tbaa !15
  %add73 = fadd float %add72, %147
  %148 = load float, ptr %s23, align 4, !tbaa !15
  %add74 = fadd float %add73, %148
  %149 = load float, ptr %s24, align 4, !tbaa !15
  %add75 = fadd float %add74, %149
  %150 = load float, ptr %s25, align 4, !tbaa !15
  %add76 = fadd float %add75, %150
  %151 = load float, ptr %s26, align 4, !tbaa !15
  %add77 = fadd float %add76, %151
  %152 = load float, ptr %s27, align 4, !tbaa !15
  %add78 = fadd float %add77, %152
  %153 = load float, ptr %s28, align 4, !tbaa !15
  %add79 = fadd float %add78, %153
  %154 = load float, ptr %s29, align 4, !tbaa !15
  %add80 = fadd float %add79, %154
  %155 = load float, ptr %s30, align 4, !tbaa !15
  %add81 = fadd float %add80, %155
  %156 = load float, ptr %s31, align 4, !tbaa !15
  %add82 = fadd float %add81, %156
  %157 = load float, ptr %s32, align 4, !tbaa !15
  %add83 = fadd float %add82, %157
  %158 = load float, ptr %s33, align 4, !tbaa !15
  %add84 = fadd float %add83, %158
  %159 = load float, ptr %s34, align 4, !tbaa !15
  %add85 = fadd float %add84, %159
  %160 = load float, ptr %s35, align 4, !tbaa !15
  %add86 = fadd float %add85, %160
  %161 = load ptr addrspace(1), ptr %c.addr, align 8, !tbaa !7
  %162 = load i64, ptr %i, align 8, !tbaa !13
  %arrayidx87 = getelementptr inbounds float, ptr addrspace(1) %161, i64 %162
  store float %add86, ptr addrspace(1) %arrayidx87, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr %t) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s35) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s34) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s33) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s32) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s31) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s30) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s29) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s28) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s27) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s26) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s25) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s24) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s23) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s22) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s21) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s20) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s19) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s18) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s17) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s16) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s15) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s14) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s13) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s12) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s11) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s10) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s9) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s8) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s7) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s6) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s5) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s4) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s3) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s2) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s1) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %s0) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #3

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="false" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, i32 0}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1, i32 0}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"float*", !"float*", !"int"}
!6 = !{!"const", !"", !""}
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
