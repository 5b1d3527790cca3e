; kiln-check-global-races, a store of part of a granule (a char): the bytes
; it stores are a mask from the offset's low two bits, 1 << hi minus
; 1 << lo (bits 23-20 of the shadow word); the granule's word at the offset
; rounded down to 4 is another group's of this execution when the xor with
; the tag is below 2^24, its group field differs and is not the split mark
; (1048575); a conflict is such a word with one of the same bytes.  The new
; word: the group's tag with these bytes where the word was of another
; execution or conflicts, the bytes added where it is the group's own,
; unchanged where split, the split mark with all bytes (the tag or
; 16777215) where another group stored other bytes of it; unchanged for
; no bytes.  A conflict records the old word.
; RUN: %kiln-opt -passes="kiln-inline-all,kiln-workitem,function(sroa,kiln-check-global-races)" %s -S | %FileCheck %s
; SKIP-FAILS: kiln-check-global-races
; CHECK: define internal i32 @__kiln_wi_k(
; CHECK: %[[TAG:[0-9]+]] = load i32, ptr %{{.*}}, align 4, !invariant.load
; CHECK: %[[SPLIT:[0-9]+]] = or i32 %[[TAG]], 16777215
; CHECK: %race.in = and i1
; CHECK: and i64 %race.off, -4
; CHECK: %[[LOW:[0-9]+]] = and i32 %{{.*}}, 3
; CHECK: %[[LO:[0-9]+]] = call i32 @llvm.smin.i32(
; CHECK: add i32 %[[LOW]], 1
; CHECK: %[[HI:[0-9]+]] = call i32 @llvm.smin.i32(
; CHECK: %[[B0:[0-9]+]] = shl i32 1, %[[LO]]
; CHECK: %[[B1:[0-9]+]] = shl i32 1, %[[HI]]
; CHECK: %[[B:[0-9]+]] = sub i32 %[[B1]], %[[B0]]
; CHECK: %[[M:[0-9]+]] = shl i32 %[[B]], 20
; CHECK: %[[W:[0-9]+]] = load i32, ptr %[[AT:[0-9]+]], align 4, !kiln.check.rec
; CHECK: %[[X:[0-9]+]] = xor i32 %[[W]], %[[TAG]]
; CHECK: %[[CUR:[0-9]+]] = icmp ult i32 %[[X]], 16777216
; CHECK: %[[G:[0-9]+]] = and i32 %[[X]], 1048575
; CHECK: %[[SAME:[0-9]+]] = icmp eq i32 %[[G]], 0
; CHECK: %[[WG:[0-9]+]] = and i32 %[[W]], 1048575
; CHECK: %[[ISSPLIT:[0-9]+]] = icmp eq i32 %[[WG]], 1048575
; CHECK: %[[MINE:[0-9]+]] = or i1 %[[SAME]], %[[ISSPLIT]]
; CHECK: %[[NOTMINE:[0-9]+]] = xor i1 %[[MINE]], true
; CHECK: %[[THEIRS:[0-9]+]] = and i1 %[[CUR]], %[[NOTMINE]]
; CHECK: %[[BOTH:[0-9]+]] = and i32 %[[W]], %[[M]]
; CHECK: %[[OVER:[0-9]+]] = icmp ne i32 %[[BOTH]], 0
; CHECK: %[[CLASH:[0-9]+]] = and i1 %[[THEIRS]], %[[OVER]]
; CHECK: %[[CLAIM:[0-9]+]] = or i32 %[[TAG]], %[[M]]
; CHECK: %[[S1:[0-9]+]] = select i1 %[[ISSPLIT]], i32 %[[W]], i32 %[[SPLIT]]
; CHECK: %[[ADD:[0-9]+]] = or i32 %[[W]], %[[M]]
; CHECK: %[[S2:[0-9]+]] = select i1 %[[SAME]], i32 %[[ADD]], i32 %[[S1]]
; CHECK: %[[OLD:[0-9]+]] = xor i1 %[[CUR]], true
; CHECK: %[[TAKE:[0-9]+]] = or i1 %[[OLD]], %[[CLASH]]
; CHECK: %[[S3:[0-9]+]] = select i1 %[[TAKE]], i32 %[[CLAIM]], i32 %[[S2]]
; CHECK: %[[NONE:[0-9]+]] = icmp eq i32 %[[M]], 0
; CHECK: %[[NEW:[0-9]+]] = select i1 %[[NONE]], i32 %[[W]], i32 %[[S3]]
; CHECK: store i32 %[[NEW]], ptr %[[AT]], align 4, !kiln.check.rec
; CHECK: select i1 %[[CLASH]], i32 %[[W]], i32 0
; CHECK: store i8 1, ptr %{{.*}}, !kiln.check.rec
; CHECK: store i8 1, ptr addrspace(1) %arrayidx, align 1, {{.*}}!kiln.user
; Made with clang-15 -cc1 (the front end's options, docs/compiler.md, with
; -debug-info-kind=line-tables-only left out), !kiln.user added by sed, from:
;   __kernel void k(__global char *a) {
;       a[get_global_id(0)] = 1; }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 1 %a) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8, !tbaa !7, !kiln.user !100
  %0 = load ptr addrspace(1), ptr %a.addr, align 8, !tbaa !7, !kiln.user !100
  %call = call i64 @_Z13get_global_idj(i32 noundef 0) #2
  %arrayidx = getelementptr inbounds i8, ptr addrspace(1) %0, i64 %call
  store i8 1, ptr addrspace(1) %arrayidx, align 1, !tbaa !11, !kiln.user !100
  ret void
}

; Function Attrs: convergent nounwind readnone willreturn
declare i64 @_Z13get_global_idj(i32 noundef) #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind readnone willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
attributes #2 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = !{i32 1}
!4 = !{!"none"}
!5 = !{!"char*"}
!6 = !{!""}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!9, !9, i64 0}
!100 = !{}
