; What OpenCL C cannot say (image_abi.h): an image handle is the address of
; the image's struct kiln_image_abi, and a sampler (a kernel argument or a
; sampler initialiser) is its bit field cast to a pointer.  The image
; built-ins (image_*.cl) reach both through these identity functions, one
; per image type and access qualifier as Clang mangles them.
;
; __translate_sampler_initializer is what Clang 15 and the SPIR-V translator
; call for `sampler_t s = CLK_...` in program or function scope.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define ptr addrspace(2) @__translate_sampler_initializer(i32 %bits) #0 {
  %w = zext i32 %bits to i64
  %s = inttoptr i64 %w to ptr addrspace(2)
  ret ptr addrspace(2) %s
}

define i32 @__kl_sampler_bits(ptr addrspace(2) %s) #0 {
  %w = ptrtoint ptr addrspace(2) %s to i64
  %b = trunc i64 %w to i32
  ret i32 %b
}

define ptr addrspace(1) @_Z8__kl_img14ocl_image1d_ro(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img14ocl_image1d_wo(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img14ocl_image1d_rw(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img21ocl_image1d_buffer_ro(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img21ocl_image1d_buffer_wo(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img21ocl_image1d_buffer_rw(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img20ocl_image1d_array_ro(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img20ocl_image1d_array_wo(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img20ocl_image1d_array_rw(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img14ocl_image2d_ro(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img14ocl_image2d_wo(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img14ocl_image2d_rw(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img20ocl_image2d_array_ro(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img20ocl_image2d_array_wo(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img20ocl_image2d_array_rw(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img14ocl_image3d_ro(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img14ocl_image3d_wo(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img14ocl_image3d_rw(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img20ocl_image2d_depth_ro(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img20ocl_image2d_depth_wo(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img20ocl_image2d_depth_rw(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img26ocl_image2d_array_depth_ro(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img26ocl_image2d_array_depth_wo(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

define ptr addrspace(1) @_Z8__kl_img26ocl_image2d_array_depth_rw(ptr addrspace(1) %i) #0 {
  ret ptr addrspace(1) %i
}

attributes #0 = { alwaysinline mustprogress nofree norecurse nosync nounwind readnone willreturn }
