; kiln-subgroups, independent forward progress through a phi: the loop's
; exit compares with 0 a phi of an atomic load of one address and the
; constant 0 (the shape checked mode's guard of a built-in gives, the load
; on the passing side, 0 on the skipping one: check_builtins.cpp); the
; load is still a watched read, so the work-item function runs as fibers
; (a work-group loop would spin in work-item 0 for ever).
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify),kiln-subgroups" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-subgroups
; CHECK: define internal i32 @__kiln_wi_wait({{.*}}) #[[FIB:[0-9]+]]
; CHECK: load atomic i32
; CHECK: %cond = phi i32 [ %{{[0-9]+}}, %cond.true ], [ 0, %while.cond ]
; CHECK: attributes #[[FIB]] = { {{.*}}"kiln-fibers"=
; Made with clang-15 -cc1 -triple x86_64-unknown-linux-gnu -cl-std=CL3.0
; -finclude-default-header -cl-ext=+__opencl_c_atomic_order_seq_cst,
; +__opencl_c_atomic_scope_device,+__opencl_c_generic_address_space
; -emit-llvm -O2 -disable-llvm-passes from:
;   kernel void wait(global int *out, local atomic_int *flag, int ok)
;   {
;   	if (get_local_id(0) == 0)
;   		while ((ok ? __opencl_atomic_load(flag, __ATOMIC_ACQUIRE, __OPENCL_MEMORY_SCOPE_WORK_GROUP) : 0) == 0)
;   			;
;   	out[get_global_id(0)] = 1;
;   }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @wait(ptr noundef align 4 %out, ptr noundef align 4 %flag, i32 noundef %ok) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
entry:
  %out.addr = alloca ptr, align 8
  %flag.addr = alloca ptr, align 8
  %ok.addr = alloca i32, align 4
  %atomic-temp = alloca i32, align 4
  store ptr %out, ptr %out.addr, align 8, !tbaa !8
  store ptr %flag, ptr %flag.addr, align 8, !tbaa !8
  store i32 %ok, ptr %ok.addr, align 4, !tbaa !12
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #2
  %cmp = icmp eq i64 %call, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  br label %while.cond

while.cond:                                       ; preds = %while.body, %if.then
  %0 = load i32, ptr %ok.addr, align 4, !tbaa !12
  %tobool = icmp ne i32 %0, 0
  br i1 %tobool, label %cond.true, label %cond.false

cond.true:                                        ; preds = %while.cond
  %1 = load ptr, ptr %flag.addr, align 8, !tbaa !8
  %2 = load atomic i32, ptr %1 acquire, align 4
  store i32 %2, ptr %atomic-temp, align 4
  %3 = load i32, ptr %atomic-temp, align 4, !tbaa !12
  br label %cond.end

cond.false:                                       ; preds = %while.cond
  br label %cond.end

cond.end:                                         ; preds = %cond.false, %cond.true
  %cond = phi i32 [ %3, %cond.true ], [ 0, %cond.false ]
  %cmp1 = icmp eq i32 %cond, 0
  br i1 %cmp1, label %while.body, label %while.end

while.body:                                       ; preds = %cond.end
  br label %while.cond

while.end:                                        ; preds = %cond.end
  br label %if.end

if.end:                                           ; preds = %while.end, %entry
  %4 = load ptr, ptr %out.addr, align 8, !tbaa !8
  %call2 = call i64 @_Z13get_global_idj(i32 noundef 0) #2
  %arrayidx = getelementptr inbounds i32, ptr %4, i64 %call2
  store i32 1, ptr %arrayidx, align 4, !tbaa !12
  ret void
}

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #2 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, i32 0}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 3, i32 0}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"int*", !"atomic_int*", !"int"}
!6 = !{!"int*", !"_Atomic(int)*", !"int"}
!7 = !{!"", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"any pointer", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"int", !10, i64 0}
