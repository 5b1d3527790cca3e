; kiln-check-sink-stores: kernel k stores out[x] at the end of both sides
; of its if/else (the address computed again on each side from %conv,
; which the join block sees): the two stores become one at the top of the
; join block, of a phi of the two values, at a copy of the address,
; keeping !kiln.user (so that the checks still instrument it); neither
; side keeps a store.  Kernel other stores to out[x] and out[x + 1]:
; different addresses, left alone.
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(sroa,early-cse,kiln-check-sink-stores)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-check-sink-stores
; CHECK-LABEL: define internal i32 @__kiln_wi_k(
; CHECK: if.then:
; CHECK-NOT: store
; CHECK: br label %if.end
; CHECK: if.else:
; CHECK-NOT: store
; CHECK: br label %if.end
; CHECK: if.end:
; CHECK-NEXT: %sunk = phi float [ %mul, %if.else ], [ %{{[0-9]+}}, %if.then ]
; CHECK-NEXT: %[[I:[a-z0-9]+]] = sext i32 %conv to i64
; CHECK-NEXT: %[[P:[a-z0-9]+]] = getelementptr inbounds float, ptr addrspace(1) %out, i64 %[[I]]
; CHECK-NEXT: store float %sunk, ptr addrspace(1) %[[P]], align 4, !tbaa !{{[0-9]+}}, !kiln.user
; CHECK-LABEL: define internal i32 @__kiln_wi_other(
; CHECK: if.then:
; CHECK: store float 1.000000e+00, {{.*}}!kiln.user
; CHECK: if.else:
; CHECK: store float 2.000000e+00, {{.*}}!kiln.user
; CHECK: if.end:
; CHECK-NOT: store
; CHECK: ret i32
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md, with
; -debug-info-kind=line-tables-only left out), !kiln.user added by sed, from:
;   __kernel void k(__global const float *in, __global float *out, int n)
;   {
;       int x = get_global_id(0);
;       if (x == 0 || x == n - 1)
;           out[x] = in[x];
;       else
;           out[x] = 0.5f * (in[x - 1] + in[x + 1]);
;   }
;   __kernel void other(__global float *out, int n)
;   {
;       int x = get_global_id(0);
;       if (x < n)
;           out[x] = 1.0f;
;       else
;           out[x + 1] = 2.0f;
;   }

; ModuleID = 'ss.cl'
source_filename = "ss.cl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %x = alloca i32, align 4
  store ptr addrspace(1) %in, ptr %in.addr, align 8, !tbaa !7, !kiln.user !100
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7, !kiln.user !100
  store i32 %n, ptr %n.addr, align 4, !tbaa !11, !kiln.user !100
  call void @llvm.lifetime.start.p0(i64 4, ptr %x) #3
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %x, align 4, !tbaa !11, !kiln.user !100
  %0 = load i32, ptr %x, align 4, !tbaa !11, !kiln.user !100
  %cmp = icmp eq i32 %0, 0
  br i1 %cmp, label %if.then, label %lor.lhs.false

lor.lhs.false:                                    ; preds = %entry
  %1 = load i32, ptr %x, align 4, !tbaa !11, !kiln.user !100
  %2 = load i32, ptr %n.addr, align 4, !tbaa !11, !kiln.user !100
  %sub = sub nsw i32 %2, 1
  %cmp2 = icmp eq i32 %1, %sub
  br i1 %cmp2, label %if.then, label %if.else

if.then:                                          ; preds = %lor.lhs.false, %entry
  %3 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7, !kiln.user !100
  %4 = load i32, ptr %x, align 4, !tbaa !11, !kiln.user !100
  %idxprom = sext i32 %4 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %3, i64 %idxprom
  %5 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !13, !kiln.user !100
  %6 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7, !kiln.user !100
  %7 = load i32, ptr %x, align 4, !tbaa !11, !kiln.user !100
  %idxprom4 = sext i32 %7 to i64
  %arrayidx5 = getelementptr inbounds float, ptr addrspace(1) %6, i64 %idxprom4
  store float %5, ptr addrspace(1) %arrayidx5, align 4, !tbaa !13, !kiln.user !100
  br label %if.end

if.else:                                          ; preds = %lor.lhs.false
  %8 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7, !kiln.user !100
  %9 = load i32, ptr %x, align 4, !tbaa !11, !kiln.user !100
  %sub6 = sub nsw i32 %9, 1
  %idxprom7 = sext i32 %sub6 to i64
  %arrayidx8 = getelementptr inbounds float, ptr addrspace(1) %8, i64 %idxprom7
  %10 = load float, ptr addrspace(1) %arrayidx8, align 4, !tbaa !13, !kiln.user !100
  %11 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7, !kiln.user !100
  %12 = load i32, ptr %x, align 4, !tbaa !11, !kiln.user !100
  %add = add nsw i32 %12, 1
  %idxprom9 = sext i32 %add to i64
  %arrayidx10 = getelementptr inbounds float, ptr addrspace(1) %11, i64 %idxprom9
  %13 = load float, ptr addrspace(1) %arrayidx10, align 4, !tbaa !13, !kiln.user !100
  %add11 = fadd float %10, %13
  %mul = fmul float 5.000000e-01, %add11
  %14 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7, !kiln.user !100
  %15 = load i32, ptr %x, align 4, !tbaa !11, !kiln.user !100
  %idxprom12 = sext i32 %15 to i64
  %arrayidx13 = getelementptr inbounds float, ptr addrspace(1) %14, i64 %idxprom12
  store float %mul, ptr addrspace(1) %arrayidx13, align 4, !tbaa !13, !kiln.user !100
  br label %if.end

if.end:                                           ; preds = %if.else, %if.then
  call void @llvm.lifetime.end.p0(i64 4, ptr %x) #3
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @other(ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 !kernel_arg_addr_space !15 !kernel_arg_access_qual !16 !kernel_arg_type !17 !kernel_arg_base_type !17 !kernel_arg_type_qual !18 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %x = alloca i32, align 4
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7, !kiln.user !100
  store i32 %n, ptr %n.addr, align 4, !tbaa !11, !kiln.user !100
  call void @llvm.lifetime.start.p0(i64 4, ptr %x) #3
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #4
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %x, align 4, !tbaa !11, !kiln.user !100
  %0 = load i32, ptr %x, align 4, !tbaa !11, !kiln.user !100
  %1 = load i32, ptr %n.addr, align 4, !tbaa !11, !kiln.user !100
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %if.then, label %if.else

if.then:                                          ; preds = %entry
  %2 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7, !kiln.user !100
  %3 = load i32, ptr %x, align 4, !tbaa !11, !kiln.user !100
  %idxprom = sext i32 %3 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %2, i64 %idxprom
  store float 1.000000e+00, ptr addrspace(1) %arrayidx, align 4, !tbaa !13, !kiln.user !100
  br label %if.end

if.else:                                          ; preds = %entry
  %4 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7, !kiln.user !100
  %5 = load i32, ptr %x, align 4, !tbaa !11, !kiln.user !100
  %add = add nsw i32 %5, 1
  %idxprom2 = sext i32 %add to i64
  %arrayidx3 = getelementptr inbounds float, ptr addrspace(1) %4, i64 %idxprom2
  store float 2.000000e+00, ptr addrspace(1) %arrayidx3, align 4, !tbaa !13, !kiln.user !100
  br label %if.end

if.end:                                           ; preds = %if.else, %if.then
  call void @llvm.lifetime.end.p0(i64 4, ptr %x) #3
  ret void
}

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
attributes #3 = { nounwind }
attributes #4 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
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
!14 = !{!"float", !9, i64 0}
!15 = !{i32 1, i32 0}
!16 = !{!"none", !"none"}
!17 = !{!"float*", !"int"}
!18 = !{!"", !""}
!100 = !{}
