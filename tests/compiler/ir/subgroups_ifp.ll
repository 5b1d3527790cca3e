; kiln-subgroups, independent forward progress: a loop whose exit compares
; an atomic load of one address with a loop-invariant value (a flag another
; sub-group sets) makes the work-item function run as fibers, with a call
; of the runtime's yield service on the loop's back edge only; a cmpxchg
; retry loop (it compares with what it read in the loop) and a scan over
; several addresses finish alone and stay on the work-item-loop path, and
; so does a waiting loop in a kernel whose reqd_work_group_size is one
; sub-group.
; RUN: %kiln-opt -passes="kiln-workitem,function(kiln-wi-simplify),kiln-subgroups" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-subgroups
; CHECK: define internal i32 @__kiln_wi_wait({{.*}}) #[[FIB:[0-9]+]]
; CHECK: while.cond:
; CHECK: load atomic i32
; CHECK: br i1 %{{[a-z0-9.]+}}, label %[[BACK:[a-z0-9._]+]], label %if.end
; CHECK: [[BACK]]:
; CHECK-NEXT: call ptr @__kiln_wg_state()
; CHECK: call void %{{[0-9]+}}(ptr %{{[0-9]+}})
; CHECK-NEXT: br label %while.cond
; CHECK: define internal i32 @__kiln_wi_retry({{.*}}) #[[PLAIN:[0-9]+]]
; CHECK-NOT: __kiln_wg_state
; CHECK: cmpxchg
; CHECK-NOT: __kiln_wg_state
; CHECK: define internal i32 @__kiln_wi_one_sub_group({{.*}}) #[[PLAIN]]
; CHECK-NOT: call ptr @__kiln_wg_state
; CHECK: define internal i32 @__kiln_wi_scan({{.*}}) #[[PLAIN]]
; CHECK-NOT: call ptr @__kiln_wg_state
; CHECK: attributes #[[FIB]] = { {{.*}}"kiln-fibers"="8"
; CHECK: attributes #[[PLAIN]] = { alwaysinline convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"
; Made with clang-15 -cc1 -triple x86_64-unknown-linux-gnu -cl-std=CL3.0
; -finclude-default-header -cl-ext=+__opencl_c_atomic_order_seq_cst,
; +__opencl_c_atomic_scope_device,+__opencl_c_generic_address_space
; -emit-llvm -O2 -disable-llvm-passes from:
;   kernel void wait(global int *out, local atomic_int *flag)
;   {
;   	if (get_local_id(0) == 0)
;   		while (__opencl_atomic_load(flag, __ATOMIC_ACQUIRE, __OPENCL_MEMORY_SCOPE_WORK_GROUP) == 0)
;   			;
;   	out[get_global_id(0)] = 1;
;   }
;   
;   kernel void retry(global atomic_int *sum, global const int *in)
;   {
;   	int old = __opencl_atomic_load(sum, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_DEVICE);
;   	while (!__opencl_atomic_compare_exchange_weak(sum, &old, old + in[get_global_id(0)],
;   						      __ATOMIC_SEQ_CST, __ATOMIC_RELAXED,
;   						      __OPENCL_MEMORY_SCOPE_DEVICE))
;   		;
;   }
;   
;   __attribute__((reqd_work_group_size(8, 1, 1)))
;   kernel void one_sub_group(global int *out, local atomic_int *flag)
;   {
;   	if (get_local_id(0) == 0)
;   		while (__opencl_atomic_load(flag, __ATOMIC_ACQUIRE, __OPENCL_MEMORY_SCOPE_WORK_GROUP) == 0)
;   			;
;   	out[get_global_id(0)] = 1;
;   }
;   
;   kernel void scan(global int *out, global atomic_int *marks)
;   {
;   	int i = 0;
;   	while (__opencl_atomic_load(&marks[i], __ATOMIC_ACQUIRE, __OPENCL_MEMORY_SCOPE_DEVICE) != 0)
;   		i++;
;   	out[get_global_id(0)] = i;
;   }
; plus !kiln.sub_group_size = !{i32 8}, which kiln_finalize sets from the target.

; ModuleID = 'k.cl'
source_filename = "k.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @wait(ptr noundef align 4 %out, ptr noundef align 4 %flag) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
entry:
  %out.addr = alloca ptr, align 8
  %flag.addr = alloca ptr, align 8
  %atomic-temp = alloca i32, align 4
  store ptr %out, ptr %out.addr, align 8, !tbaa !8
  store ptr %flag, ptr %flag.addr, align 8, !tbaa !8
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #3
  %cmp = icmp eq i64 %call, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  br label %while.cond

while.cond:                                       ; preds = %while.body, %if.then
  %0 = load ptr, ptr %flag.addr, align 8, !tbaa !8
  %1 = load atomic i32, ptr %0 acquire, align 4
  store i32 %1, ptr %atomic-temp, align 4
  %2 = load i32, ptr %atomic-temp, align 4, !tbaa !12
  %cmp1 = icmp eq i32 %2, 0
  br i1 %cmp1, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  br label %while.cond

while.end:                                        ; preds = %while.cond
  br label %if.end

if.end:                                           ; preds = %while.end, %entry
  %3 = load ptr, ptr %out.addr, align 8, !tbaa !8
  %call2 = call i64 @_Z13get_global_idj(i32 noundef 0) #3
  %arrayidx = getelementptr inbounds i32, ptr %3, i64 %call2
  store i32 1, ptr %arrayidx, align 4, !tbaa !12
  ret void
}

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #1

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @retry(ptr noundef align 4 %sum, ptr noundef align 4 %in) #0 !kernel_arg_addr_space !14 !kernel_arg_access_qual !4 !kernel_arg_type !15 !kernel_arg_base_type !16 !kernel_arg_type_qual !17 {
entry:
  %sum.addr = alloca ptr, align 8
  %in.addr = alloca ptr, align 8
  %old = alloca i32, align 4
  %atomic-temp = alloca i32, align 4
  %.atomictmp = alloca i32, align 4
  %cmpxchg.bool = alloca i8, align 1
  store ptr %sum, ptr %sum.addr, align 8, !tbaa !8
  store ptr %in, ptr %in.addr, align 8, !tbaa !8
  call void @llvm.lifetime.start.p0(i64 4, ptr %old) #4
  %0 = load ptr, ptr %sum.addr, align 8, !tbaa !8
  %1 = load atomic i32, ptr %0 monotonic, align 4
  store i32 %1, ptr %atomic-temp, align 4
  %2 = load i32, ptr %atomic-temp, align 4, !tbaa !12
  store i32 %2, ptr %old, align 4, !tbaa !12
  br label %while.cond

while.cond:                                       ; preds = %while.body, %entry
  %3 = load ptr, ptr %sum.addr, align 8, !tbaa !8
  %4 = load i32, ptr %old, align 4, !tbaa !12
  %5 = load ptr, ptr %in.addr, align 8, !tbaa !8
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #3
  %arrayidx = getelementptr inbounds i32, ptr %5, i64 %call
  %6 = load i32, ptr %arrayidx, align 4, !tbaa !12
  %add = add nsw i32 %4, %6
  store i32 %add, ptr %.atomictmp, align 4, !tbaa !12
  %7 = load i32, ptr %old, align 4
  %8 = load i32, ptr %.atomictmp, align 4
  %9 = cmpxchg weak ptr %3, i32 %7, i32 %8 seq_cst monotonic, align 4
  %10 = extractvalue { i32, i1 } %9, 0
  %11 = extractvalue { i32, i1 } %9, 1
  br i1 %11, label %cmpxchg.continue, label %cmpxchg.store_expected

cmpxchg.store_expected:                           ; preds = %while.cond
  store i32 %10, ptr %old, align 4
  br label %cmpxchg.continue

cmpxchg.continue:                                 ; preds = %cmpxchg.store_expected, %while.cond
  %frombool = zext i1 %11 to i8
  store i8 %frombool, ptr %cmpxchg.bool, align 1, !tbaa !18
  %12 = load i8, ptr %cmpxchg.bool, align 1, !tbaa !18, !range !20
  %tobool = trunc i8 %12 to i1
  %lnot = xor i1 %tobool, true
  br i1 %lnot, label %while.body, label %while.end

while.body:                                       ; preds = %cmpxchg.continue
  br label %while.cond

while.end:                                        ; preds = %cmpxchg.continue
  call void @llvm.lifetime.end.p0(i64 4, ptr %old) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @one_sub_group(ptr noundef align 4 %out, ptr noundef align 4 %flag) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 !reqd_work_group_size !21 {
entry:
  %out.addr = alloca ptr, align 8
  %flag.addr = alloca ptr, align 8
  %atomic-temp = alloca i32, align 4
  store ptr %out, ptr %out.addr, align 8, !tbaa !8
  store ptr %flag, ptr %flag.addr, align 8, !tbaa !8
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #3
  %cmp = icmp eq i64 %call, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  br label %while.cond

while.cond:                                       ; preds = %while.body, %if.then
  %0 = load ptr, ptr %flag.addr, align 8, !tbaa !8
  %1 = load atomic i32, ptr %0 acquire, align 4
  store i32 %1, ptr %atomic-temp, align 4
  %2 = load i32, ptr %atomic-temp, align 4, !tbaa !12
  %cmp1 = icmp eq i32 %2, 0
  br i1 %cmp1, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  br label %while.cond

while.end:                                        ; preds = %while.cond
  br label %if.end

if.end:                                           ; preds = %while.end, %entry
  %3 = load ptr, ptr %out.addr, align 8, !tbaa !8
  %call2 = call i64 @_Z13get_global_idj(i32 noundef 0) #3
  %arrayidx = getelementptr inbounds i32, ptr %3, i64 %call2
  store i32 1, ptr %arrayidx, align 4, !tbaa !12
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @scan(ptr noundef align 4 %out, ptr noundef align 4 %marks) #0 !kernel_arg_addr_space !14 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
entry:
  %out.addr = alloca ptr, align 8
  %marks.addr = alloca ptr, align 8
  %i = alloca i32, align 4
  %atomic-temp = alloca i32, align 4
  store ptr %out, ptr %out.addr, align 8, !tbaa !8
  store ptr %marks, ptr %marks.addr, align 8, !tbaa !8
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #4
  store i32 0, ptr %i, align 4, !tbaa !12
  br label %while.cond

while.cond:                                       ; preds = %while.body, %entry
  %0 = load ptr, ptr %marks.addr, align 8, !tbaa !8
  %1 = load i32, ptr %i, align 4, !tbaa !12
  %idxprom = sext i32 %1 to i64
  %arrayidx = getelementptr inbounds i32, ptr %0, i64 %idxprom
  %2 = load atomic i32, ptr %arrayidx acquire, align 4
  store i32 %2, ptr %atomic-temp, align 4
  %3 = load i32, ptr %atomic-temp, align 4, !tbaa !12
  %cmp = icmp ne i32 %3, 0
  br i1 %cmp, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %4 = load i32, ptr %i, align 4, !tbaa !12
  %inc = add nsw i32 %4, 1
  store i32 %inc, ptr %i, align 4, !tbaa !12
  br label %while.cond

while.end:                                        ; preds = %while.cond
  %5 = load i32, ptr %i, align 4, !tbaa !12
  %6 = load ptr, ptr %out.addr, align 8, !tbaa !8
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #3
  %arrayidx1 = getelementptr inbounds i32, ptr %6, i64 %call
  store i32 %5, ptr %arrayidx1, align 4, !tbaa !12
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #4
  ret void
}

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #2 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #3 = { convergent nounwind readnone willreturn }
attributes #4 = { nounwind }

!kiln.sub_group_size = !{!99}
!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, i32 0}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1, i32 3}
!4 = !{!"none", !"none"}
!5 = !{!"int*", !"atomic_int*"}
!6 = !{!"int*", !"_Atomic(int)*"}
!7 = !{!"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"any pointer", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"int", !10, i64 0}
!14 = !{i32 1, i32 1}
!15 = !{!"atomic_int*", !"int*"}
!16 = !{!"_Atomic(int)*", !"int*"}
!17 = !{!"", !"const"}
!18 = !{!19, !19, i64 0}
!19 = !{!"bool", !10, i64 0}
!20 = !{i8 0, i8 2}
!21 = !{i32 8, i32 1, i32 1}
!99 = !{i32 8}
