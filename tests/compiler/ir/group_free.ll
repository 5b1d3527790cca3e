; kiln-group-free: a kernel that cannot tell how its work-items are grouped
; gets the marker @__kiln_group_free_<k>, which lets the runtime choose its
; groups: @spread (global ids and sizes only) and @prints (printf too).
; No marker for a kernel that reads its local id (@uses_lid) or group id
; (@uses_group), has a barrier (@has_barrier) or touches __local memory
; through an argument (@local_arg) or a kernel-scope variable (@local_var).
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-hide-printf,kiln-group-free" %s -S | %FileCheck %s
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-hide-printf,kiln-group-free" %s -S | %FileCheck %s --check-prefix=NONE
; SKIP-FAILS: kiln-group-free
; CHECK-DAG: @__kiln_group_free_spread = constant i64 1
; CHECK-DAG: @__kiln_group_free_prints = constant i64 1
; NONE-NOT: @__kiln_group_free_{{uses_lid|uses_group|has_barrier|local_arg|local_var}}
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void spread(__global float *a, __global const float *b) { size_t i = get_global_id(0); a[i] = b[i] * 2.0f + (float)get_global_size(0); }
;   __kernel void uses_lid(__global float *a) { a[get_global_id(0)] = (float)get_local_id(0); }
;   __kernel void uses_group(__global float *a) { a[get_global_id(0)] = (float)get_group_id(0); }
;   __kernel void has_barrier(__global float *a) { size_t i = get_global_id(0); float x = a[i]; barrier(CLK_GLOBAL_MEM_FENCE); a[i] = x + 1.0f; }
;   __kernel void local_arg(__global float *a, __local float *t) { size_t i = get_global_id(0); t[0] = a[i]; a[i] = t[0]; }
;   __kernel void local_var(__global float *a) { __local float t[4]; size_t i = get_global_id(0); t[i & 3] = a[i]; a[i] = t[0]; }
;   __kernel void prints(__global float *a) { printf("%f\n", a[get_global_id(0)]); }

; ModuleID = 'gf.cl'
source_filename = "gf.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@local_var.t = internal addrspace(3) global [4 x float] undef, align 16
@.str = private unnamed_addr addrspace(2) constant [4 x i8] c"%f\0A\00", align 1

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @spread(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %b) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  store ptr addrspace(1) %b, ptr %b.addr, align 8, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !11
  %0 = load ptr addrspace(1), ptr %b.addr, align 8, !tbaa !7
  %1 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %1
  %2 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %call1 = call i64 @_Z15get_global_sizej(i32 noundef 0) #6
  %conv = uitofp i64 %call1 to float
  %3 = call float @llvm.fmuladd.f32(float %2, float 2.000000e+00, float %conv)
  %4 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %5 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(1) %4, i64 %5
  store float %3, ptr addrspace(1) %arrayidx2, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z15get_global_sizej(i32 noundef) #2

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fmuladd.f32(float, float, float) #3

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @uses_lid(ptr addrspace(1) noundef align 4 %a) #0 !kernel_arg_addr_space !15 !kernel_arg_access_qual !16 !kernel_arg_type !17 !kernel_arg_base_type !17 !kernel_arg_type_qual !18 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #6
  %conv = uitofp i64 %call to float
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %call1 = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %call1
  store float %conv, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  ret void
}

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @uses_group(ptr addrspace(1) noundef align 4 %a) #0 !kernel_arg_addr_space !15 !kernel_arg_access_qual !16 !kernel_arg_type !17 !kernel_arg_base_type !17 !kernel_arg_type_qual !18 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  %call = call i64 @_Z12get_group_idj(i32 noundef 0) #6
  %conv = uitofp i64 %call to float
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %call1 = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %call1
  store float %conv, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  ret void
}

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_group_idj(i32 noundef) #2

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @has_barrier(ptr addrspace(1) noundef align 4 %a) #0 !kernel_arg_addr_space !15 !kernel_arg_access_qual !16 !kernel_arg_type !17 !kernel_arg_base_type !17 !kernel_arg_type_qual !18 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  %x = alloca float, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %x) #5
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %1 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %1
  %2 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  store float %2, ptr %x, align 4, !tbaa !13
  call void @_Z7barrierj(i32 noundef 2) #7
  %3 = load float, ptr %x, align 4, !tbaa !13
  %add = fadd float %3, 1.000000e+00
  %4 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %5 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx1 = getelementptr inbounds float, ptr addrspace(1) %4, i64 %5
  store float %add, ptr addrspace(1) %arrayidx1, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 4, ptr %x) #5
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

; Function Attrs: convergent
declare void @_Z7barrierj(i32 noundef) #4

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @local_arg(ptr addrspace(1) noundef align 4 %a, ptr addrspace(3) noundef align 4 %t) #0 !kernel_arg_addr_space !19 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !20 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %t.addr = alloca ptr addrspace(3), align 8
  %i = alloca i64, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  store ptr addrspace(3) %t, ptr %t.addr, align 8, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !11
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %1 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %1
  %2 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %3 = load ptr addrspace(3), ptr %t.addr, align 8, !tbaa !7
  %arrayidx1 = getelementptr inbounds float, ptr addrspace(3) %3, i64 0
  store float %2, ptr addrspace(3) %arrayidx1, align 4, !tbaa !13
  %4 = load ptr addrspace(3), ptr %t.addr, align 8, !tbaa !7
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(3) %4, i64 0
  %5 = load float, ptr addrspace(3) %arrayidx2, align 4, !tbaa !13
  %6 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %7 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx3 = getelementptr inbounds float, ptr addrspace(1) %6, i64 %7
  store float %5, ptr addrspace(1) %arrayidx3, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @local_var(ptr addrspace(1) noundef align 4 %a) #0 !kernel_arg_addr_space !15 !kernel_arg_access_qual !16 !kernel_arg_type !17 !kernel_arg_base_type !17 !kernel_arg_type_qual !18 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #5
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  store i64 %call, ptr %i, align 8, !tbaa !11
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %1 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %1
  %2 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %3 = load i64, ptr %i, align 8, !tbaa !11
  %and = and i64 %3, 3
  %arrayidx1 = getelementptr inbounds [4 x float], ptr addrspace(3) @local_var.t, i64 0, i64 %and
  store float %2, ptr addrspace(3) %arrayidx1, align 4, !tbaa !13
  %4 = load float, ptr addrspace(3) @local_var.t, align 16, !tbaa !13
  %5 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %6 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(1) %5, i64 %6
  store float %4, ptr addrspace(1) %arrayidx2, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #5
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @prints(ptr addrspace(1) noundef align 4 %a) #0 !kernel_arg_addr_space !15 !kernel_arg_access_qual !16 !kernel_arg_type !17 !kernel_arg_base_type !17 !kernel_arg_type_qual !18 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #6
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %call
  %1 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %conv = fpext float %1 to double
  %call1 = call i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) noundef @.str, double noundef %conv) #7
  ret void
}

; Function Attrs: convergent
declare i32 @printf(ptr addrspace(2) noundef, ...) #4

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="false" }
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
!1 = !{i32 3, i32 0}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1}
!4 = !{!"none", !"none"}
!5 = !{!"float*", !"float*"}
!6 = !{!"", !"const"}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"long", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !9, i64 0}
!15 = !{i32 1}
!16 = !{!"none"}
!17 = !{!"float*"}
!18 = !{!""}
!19 = !{i32 1, i32 3}
!20 = !{!"", !""}
