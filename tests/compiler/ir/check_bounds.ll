; kiln-check-bounds: each access of the program's own code (!kiln.user) is
; checked against its object: a[i] and a[i + n] against argument 0's extent
; from the launch's table (state->check->args[0]), tmp[l] and tmp[15 - l]
; against the 64 bytes of the __local array; tmp[0] (a constant offset
; inside) is not checked.  Each of these offsets is affine in the local id,
; so the compare also takes the group's precheck (every corner of the
; group in bounds), computed once in the entry block.  A failing check skips the access (a load gives 0)
; and records the failure through the module's out-of-line __kiln_check_record (the runtime reports
; the group's records at its end): the work-item's flag is read and, at its first failure of the
; group, the flag, the constant site, the offset and the extent are stored at its linear local id in
; the check table's records.
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(sroa,kiln-check-bounds)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-check-bounds
; CHECK: @__kiln_check_site = private constant { i32, i32, i32, i32, i32, i32, ptr, ptr, ptr } { i32 0, i32 0, i32 0, i32 0, i32 4, i32 0, ptr null, ptr @{{.*}}, ptr @[[ARG:__kiln_check_str[.0-9]*]] }
; CHECK: @[[LOCAL:__kiln_check_str[.0-9]*]] = {{.*}} c"__local variable \22tmp\22\00"
; CHECK: define internal i32 @__kiln_wi_k(
; CHECK: %chk.off = sub i64
; CHECK: %chk.ok = icmp ult i64 %chk.off
; CHECK: %chk.ok.group = or i1 %[[PRE:[0-9]+]], %chk.ok
; CHECK: br i1 %chk.ok.group, {{.*}} !prof
; CHECK: load float, ptr addrspace(1)
; CHECK: call void @__kiln_check_record(ptr %{{.*}}, ptr @__kiln_check_site, i64 %chk.off, i64 %{{.*}}, i64 %{{.*}}), !kiln.check
; CHECK: phi float
; CHECK: icmp ult i64 %{{.*}}, 61
; CHECK: store float %{{.*}}, ptr addrspace(3)
; CHECK: call void @__kiln_check_record(ptr %{{.*}}, ptr @__kiln_check_site.{{[0-9]+}}, i64 %chk.off{{[0-9]+}}, i64 64, i64 %{{.*}})
; CHECK: call void @_Z7barrierj
; CHECK: icmp ult i64 %{{.*}}, 61
; CHECK: load float, ptr addrspace(3)
; CHECK-NOT: icmp ult
; CHECK: load float, ptr addrspace(3) @k.tmp
; CHECK: icmp ult
; CHECK: store float %add, ptr addrspace(1)
; CHECK: define private void @__kiln_check_record(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) #[[REC:[0-9]+]]
; CHECK: load i8, ptr %{{.*}}, !kiln.check.rec
; CHECK: icmp eq i8 %{{.*}}, 0
; CHECK: store i8 1, ptr %{{.*}}, !kiln.check.rec
; CHECK: store ptr %1, ptr %{{.*}}, !kiln.check.rec
; CHECK: store i64 %2, ptr %{{.*}}, !kiln.check.rec
; CHECK: store i64 %3, ptr %{{.*}}, !kiln.check.rec
; CHECK: attributes #[[REC]] = { cold noinline nounwind }
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md, with
; -debug-info-kind=line-tables-only left out), !kiln.user added by hand, from:
;   __kernel void k(__global float *a, int n) {
;       __local float tmp[16]; int i = get_global_id(0); int l = get_local_id(0);
;       tmp[l] = a[i]; barrier(CLK_LOCAL_MEM_FENCE); a[i + n] = tmp[15 - l] + tmp[0]; }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.tmp = internal addrspace(3) global [16 x float] undef, align 16

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %a, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %i = alloca i32, align 4
  %l = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7, !kiln.user !100
  store i32 %n, ptr %n.addr, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %i, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 4, ptr %l) #4
  %call1 = call i64 @_Z12get_local_idj(i32 noundef 0) #5
  %conv2 = trunc i64 %call1 to i32
  store i32 %conv2, ptr %l, align 4, !tbaa !11
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7, !kiln.user !100
  %1 = load i32, ptr %i, align 4, !tbaa !11
  %idxprom = sext i32 %1 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %idxprom
  %2 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13, !kiln.user !100
  %3 = load i32, ptr %l, align 4, !tbaa !11
  %idxprom3 = sext i32 %3 to i64
  %arrayidx4 = getelementptr inbounds [16 x float], ptr addrspace(3) @k.tmp, i64 0, i64 %idxprom3
  store float %2, ptr addrspace(3) %arrayidx4, align 4, !tbaa !13, !kiln.user !100
  call void @_Z7barrierj(i32 noundef 1) #6
  %4 = load i32, ptr %l, align 4, !tbaa !11
  %sub = sub nsw i32 15, %4
  %idxprom5 = sext i32 %sub to i64
  %arrayidx6 = getelementptr inbounds [16 x float], ptr addrspace(3) @k.tmp, i64 0, i64 %idxprom5
  %5 = load float, ptr addrspace(3) %arrayidx6, align 4, !tbaa !13, !kiln.user !100
  %6 = load float, ptr addrspace(3) @k.tmp, align 16, !tbaa !13, !kiln.user !100
  %add = fadd float %5, %6
  %7 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7, !kiln.user !100
  %8 = load i32, ptr %i, align 4, !tbaa !11
  %9 = load i32, ptr %n.addr, align 4, !tbaa !11
  %add7 = add nsw i32 %8, %9
  %idxprom8 = sext i32 %add7 to i64
  %arrayidx9 = getelementptr inbounds float, ptr addrspace(1) %7, i64 %idxprom8
  store float %add, ptr addrspace(1) %arrayidx9, align 4, !tbaa !13, !kiln.user !100
  call void @llvm.lifetime.end.p0(i64 4, ptr %l) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

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
!3 = !{i32 1, i32 0}
!4 = !{!"none", !"none"}
!5 = !{!"float*", !"int"}
!6 = !{!"", !""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !9, i64 0}
!100 = !{}
