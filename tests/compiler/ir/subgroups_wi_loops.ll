; kiln-subgroups: kernel-lib's __kiln_wi_loops() is 1 where the work-items
; run as work-item loops and 0 where they run as fibers, and the path not
; taken is gone with its meeting points.  kiln-uniformity takes the flag
; for the same in every work-item, so both paths of a collective decide
; alike: in @uniform the row path stays (two barriers around the row
; function's call), in @divergent (the collective under a branch on the
; local id) the fiber path stays and the row function is never called.
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(kiln-wi-simplify),kiln-subgroups" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-subgroups
; CHECK-LABEL: define internal i32 @__kiln_wi_uniform(
; CHECK-NOT: __kiln_wi_loops
; CHECK: call void @__kiln_barrier(i32 0)
; CHECK: call float @__kiln_sgrow_add_float(
; CHECK: call void @__kiln_barrier(i32 0)
; CHECK-NOT: uitofp
; CHECK: ret i32
; CHECK-LABEL: define internal i32 @__kiln_wi_divergent(
; CHECK-NOT: __kiln_sgrow_add_float
; CHECK-NOT: __kiln_wi_loops
; CHECK: uitofp
; CHECK: ret i32
; CHECK: attributes #{{[0-9]+}} = {{.*}}"kiln-fibers"
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md, at
; -O0 -disable-O0-optnone) from:
;   int __kiln_wi_loops(void) __attribute__((const));
;   ulong __kiln_sg_sync(void) __attribute__((convergent));
;   float __kiln_sgrow_add_float(uint, uint, uint, uint, uint, uint);
;   float collective(float x, __global float *row)
;   {
;   	if (__kiln_wi_loops()) {
;   		row[get_local_id(0)] = x;
;   		(void)__kiln_sg_sync();
;   		float r = __kiln_sgrow_add_float(0, 0, get_local_id(0), 16, get_local_size(0), 0);
;   		(void)__kiln_sg_sync();
;   		return r;
;   	}
;   	row[get_local_id(0)] = x;
;   	return x + (float)__kiln_sg_sync();
;   }
;   kernel void uniform(global float *out, global float *row) {
;   	out[get_global_id(0)] = collective(out[get_global_id(0)], row); }
;   kernel void divergent(global float *out, global float *row) {
;   	if (get_local_id(0) & 1)
;   		out[get_global_id(0)] = collective(out[get_global_id(0)], row); }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent noinline norecurse nounwind
define dso_local float @collective(float noundef %x, ptr addrspace(1) noundef %row) #0 {
entry:
  %retval = alloca float, align 4
  %x.addr = alloca float, align 4
  %row.addr = alloca ptr addrspace(1), align 8
  %r = alloca float, align 4
  store float %x, ptr %x.addr, align 4
  store ptr addrspace(1) %row, ptr %row.addr, align 8
  %call = call i32 @__kiln_wi_loops() #4
  %tobool = icmp ne i32 %call, 0
  br i1 %tobool, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %0 = load float, ptr %x.addr, align 4
  %1 = load ptr addrspace(1), ptr %row.addr, align 8
  %call1 = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %1, i64 %call1
  store float %0, ptr addrspace(1) %arrayidx, align 4
  %call2 = call i64 @__kiln_sg_sync() #5
  %call3 = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  %conv = trunc i64 %call3 to i32
  %call4 = call i64 @_Z14get_local_sizej(i32 noundef 0) #4
  %conv5 = trunc i64 %call4 to i32
  %call6 = call float @__kiln_sgrow_add_float(i32 noundef 0, i32 noundef 0, i32 noundef %conv, i32 noundef 16, i32 noundef %conv5, i32 noundef 0) #5
  store float %call6, ptr %r, align 4
  %call7 = call i64 @__kiln_sg_sync() #5
  %2 = load float, ptr %r, align 4
  store float %2, ptr %retval, align 4
  br label %return

if.end:                                           ; preds = %entry
  %3 = load float, ptr %x.addr, align 4
  %4 = load ptr addrspace(1), ptr %row.addr, align 8
  %call8 = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  %arrayidx9 = getelementptr inbounds float, ptr addrspace(1) %4, i64 %call8
  store float %3, ptr addrspace(1) %arrayidx9, align 4
  %5 = load float, ptr %x.addr, align 4
  %call10 = call i64 @__kiln_sg_sync() #5
  %conv11 = uitofp i64 %call10 to float
  %add = fadd float %5, %conv11
  store float %add, ptr %retval, align 4
  br label %return

return:                                           ; preds = %if.end, %if.then
  %6 = load float, ptr %retval, align 4
  ret float %6
}

; Function Attrs: convergent nounwind readnone willreturn
declare i32 @__kiln_wi_loops() #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #1

; Function Attrs: convergent
declare i64 @__kiln_sg_sync() #2

; Function Attrs: convergent
declare float @__kiln_sgrow_add_float(i32 noundef, i32 noundef, i32 noundef, i32 noundef, i32 noundef, i32 noundef) #2

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z14get_local_sizej(i32 noundef) #1

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @uniform(ptr addrspace(1) noundef align 4 %out, ptr addrspace(1) noundef align 4 %row) #3 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %row.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8
  store ptr addrspace(1) %row, ptr %row.addr, align 8
  %0 = load ptr addrspace(1), ptr %out.addr, align 8
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %call
  %1 = load float, ptr addrspace(1) %arrayidx, align 4
  %2 = load ptr addrspace(1), ptr %row.addr, align 8
  %call1 = call float @collective(float noundef %1, ptr addrspace(1) noundef %2) #5
  %3 = load ptr addrspace(1), ptr %out.addr, align 8
  %call2 = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %arrayidx3 = getelementptr inbounds float, ptr addrspace(1) %3, i64 %call2
  store float %call1, ptr addrspace(1) %arrayidx3, align 4
  ret void
}

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #1

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @divergent(ptr addrspace(1) noundef align 4 %out, ptr addrspace(1) noundef align 4 %row) #3 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %row.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8
  store ptr addrspace(1) %row, ptr %row.addr, align 8
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  %and = and i64 %call, 1
  %tobool = icmp ne i64 %and, 0
  br i1 %tobool, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %0 = load ptr addrspace(1), ptr %out.addr, align 8
  %call1 = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %call1
  %1 = load float, ptr addrspace(1) %arrayidx, align 4
  %2 = load ptr addrspace(1), ptr %row.addr, align 8
  %call2 = call float @collective(float noundef %1, ptr addrspace(1) noundef %2) #5
  %3 = load ptr addrspace(1), ptr %out.addr, align 8
  %call3 = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %arrayidx4 = getelementptr inbounds float, ptr addrspace(1) %3, i64 %call3
  store float %call2, ptr addrspace(1) %arrayidx4, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  ret void
}

attributes #0 = { convergent noinline norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #1 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #2 = { convergent "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { convergent noinline norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="false" }
attributes #4 = { convergent nounwind readnone willreturn }
attributes #5 = { convergent }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, i32 0}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 1}
!4 = !{!"none", !"none"}
!5 = !{!"float*", !"float*"}
!6 = !{!"", !""}
