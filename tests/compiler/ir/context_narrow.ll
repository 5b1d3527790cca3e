; kiln-context: each slot is an array of its own value's width, so that a
; work-item loop vectorized across work-items loads and stores consecutive
; elements (a short in a 4-byte slot was a strided access the vectorizer
; scalarized), and the next-region slot is one byte (a 4-byte store there
; capped loops over shorts and chars at 16 lanes of 512 bits).  Layout: the
; short at 0 (2 bytes per work-item), the uchar at 2, the next-region byte
; at 3, 16 bytes per work-item in all.
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(kiln-local-vars,kiln-wi-simplify,kiln-scalarize,kiln-loop-barriers,kiln-converge-loops,kiln-barriers,kiln-context)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-context
; CHECK: define internal i32 @__kiln_wi_k({{.*}} !kiln.context [[C:![0-9]+]]
; CHECK-NOT: alloca
; CHECK: [[LIN:%[0-9]+]] = add i64 %kiln.x,
; CHECK: [[NWI:%[0-9]+]] = load i64,
; CHECK: = mul i64 2, [[LIN]]
; CHECK: [[S:%[0-9]+]] = getelementptr inbounds i8, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}, !kiln.slot.addr
; CHECK: = mul i64 2, [[NWI]]
; CHECK: = mul i64 1, [[LIN]]
; CHECK: [[B:%[0-9]+]] = getelementptr inbounds i8, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}, !kiln.slot.addr
; CHECK: = mul i64 3, [[NWI]]
; CHECK: = mul i64 1, [[LIN]]
; CHECK: [[N:%[0-9]+]] = getelementptr inbounds i8, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}, !kiln.slot.addr
; CHECK: store i16 %{{.*}}, ptr [[S]], align 2
; CHECK: store i8 %{{.*}}, ptr [[B]], align 1
; CHECK: store i8 1, ptr [[N]], align 1
; CHECK: ret i32 1
; CHECK: store i8 -1, ptr [[N]], align 1
; CHECK: ret i32 -1
; CHECK: [[C]] = !{i64 16, i64 3, i64 1}
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md) from:
;   __kernel void k(__global short *out, __global const uchar *in) {
;     size_t i = get_global_id(0);
;     short s = (short)(in[i] * 3);
;     uchar c = in[i + 1];
;     barrier(CLK_LOCAL_MEM_FENCE);
;     out[i] = s + c; }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 2 %out, ptr addrspace(1) noundef align 1 %in) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %in.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  %s = alloca i16, align 2
  %c = alloca i8, align 1
  store ptr addrspace(1) %out, ptr %out.addr, align 8, !tbaa !7
  store ptr addrspace(1) %in, ptr %in.addr, align 8, !tbaa !7
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #5
  store i64 %call, ptr %i, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 2, ptr %s) #4
  %0 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %1 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds i8, ptr addrspace(1) %0, i64 %1
  %2 = load i8, ptr addrspace(1) %arrayidx, align 1, !tbaa !13
  %conv = zext i8 %2 to i32
  %mul = mul nsw i32 %conv, 3
  %conv1 = trunc i32 %mul to i16
  store i16 %conv1, ptr %s, align 2, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 1, ptr %c) #4
  %3 = load ptr addrspace(1), ptr %in.addr, align 8, !tbaa !7
  %4 = load i64, ptr %i, align 8, !tbaa !11
  %add = add i64 %4, 1
  %arrayidx2 = getelementptr inbounds i8, ptr addrspace(1) %3, i64 %add
  %5 = load i8, ptr addrspace(1) %arrayidx2, align 1, !tbaa !13
  store i8 %5, ptr %c, align 1, !tbaa !13
  call void @_Z7barrierj(i32 noundef 1) #6
  %6 = load i16, ptr %s, align 2, !tbaa !14
  %conv3 = sext i16 %6 to i32
  %7 = load i8, ptr %c, align 1, !tbaa !13
  %conv4 = zext i8 %7 to i32
  %add5 = add nsw i32 %conv3, %conv4
  %conv6 = trunc i32 %add5 to i16
  %8 = load ptr addrspace(1), ptr %out.addr, align 8, !tbaa !7
  %9 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx7 = getelementptr inbounds i16, ptr addrspace(1) %8, i64 %9
  store i16 %conv6, ptr addrspace(1) %arrayidx7, align 2, !tbaa !14
  call void @llvm.lifetime.end.p0(i64 1, ptr %c) #4
  call void @llvm.lifetime.end.p0(i64 2, ptr %s) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #4
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #2

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
!3 = !{i32 1, i32 1}
!4 = !{!"none", !"none"}
!5 = !{!"short*", !"uchar*"}
!6 = !{!"", !"const"}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"long", !9, i64 0}
!13 = !{!9, !9, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"short", !9, i64 0}
