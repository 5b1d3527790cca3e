; kiln-local-vars: the __local array becomes info->local_mem + 0, and
; the arena size (64 floats) is left for kiln-workgroup.
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(kiln-local-vars)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-local-vars
; CHECK: define internal i32 @__kiln_wi_k({{.*}}) {{.*}}!kiln.local_size [[SIZE:![0-9]+]]
; CHECK-NOT: @k.tmp
; CHECK: ret i32 -1
; CHECK: [[SIZE]] = !{i64 256}
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void k(__global float *a) { __local float tmp[64]; size_t l = get_local_id(0); tmp[l] = a[l]; a[l] = tmp[63 - l]; }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@k.tmp = internal addrspace(3) global [64 x float] undef, align 16

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %a) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %l = alloca i64, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 8, ptr %l) #3
  %call = call i64 @_Z12get_local_idj(i32 noundef 0) #4
  store i64 %call, ptr %l, align 8, !tbaa !11
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %1 = load i64, ptr %l, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %1
  %2 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13
  %3 = load i64, ptr %l, align 8, !tbaa !11
  %arrayidx1 = getelementptr inbounds [64 x float], ptr addrspace(3) @k.tmp, i64 0, i64 %3
  store float %2, ptr addrspace(3) %arrayidx1, align 4, !tbaa !13
  %4 = load i64, ptr %l, align 8, !tbaa !11
  %sub = sub i64 63, %4
  %arrayidx2 = getelementptr inbounds [64 x float], ptr addrspace(3) @k.tmp, i64 0, i64 %sub
  %5 = load float, ptr addrspace(3) %arrayidx2, align 4, !tbaa !13
  %6 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7
  %7 = load i64, ptr %l, align 8, !tbaa !11
  %arrayidx3 = getelementptr inbounds float, ptr addrspace(1) %6, i64 %7
  store float %5, ptr addrspace(1) %arrayidx3, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 8, ptr %l) #3
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z12get_local_idj(i32 noundef) #2

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+cx8,+mmx,+sse,+sse2,+x87" }
attributes #3 = { nounwind }
attributes #4 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!3 = !{i32 1}
!4 = !{!"none"}
!5 = !{!"float*"}
!6 = !{!""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"long", !9, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !9, i64 0}
