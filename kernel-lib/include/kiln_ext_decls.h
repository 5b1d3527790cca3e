/* Declarations of the built-ins of extensions Kiln reports but Clang 15's
 * -fdeclare-opencl-builtins does not declare: cl_intel_subgroups,
 * cl_intel_subgroups_char, cl_intel_subgroups_short,
 * cl_intel_subgroups_long, cl_khr_kernel_clock,
 * cl_khr_extended_async_copies, cl_khr_async_work_group_copy_fence and
 * cl_khr_work_group_uniform_arithmetic.  The front end
 * (lib/compiler/frontend.cpp) includes this header before every OpenCL C
 * source; each part is only seen when its extension macro is defined,
 * which the front end does exactly for the extensions the device reports.
 * The definitions are in kernel-lib/subgroups_intel.cl,
 * subgroups_intel_block.cl, kernel_clock.cl, async_copy_ext.cl and
 * work_group_uniform.cl.
 *
 * Every name below that is not a built-in starts with __kiln_ and is
 * undefined again at the end. */
#ifndef __KILN_EXT_DECLS_H
#define __KILN_EXT_DECLS_H

#define __kiln_ovl __attribute__((overloadable))
#define __kiln_cnv __attribute__((overloadable, convergent))

/* The scalar and vector widths of a type. */
#define __kiln_widths(M, T) M(T) M(T##2) M(T##3) M(T##4) M(T##8) M(T##16)

/* The shuffles of cl_intel_subgroups for one type. */
#define __kiln_shuffles(T)                                                     \
	T __kiln_cnv intel_sub_group_shuffle(T, uint);                         \
	T __kiln_cnv intel_sub_group_shuffle_xor(T, uint);                     \
	T __kiln_cnv intel_sub_group_shuffle_down(T, T, uint);                 \
	T __kiln_cnv intel_sub_group_shuffle_up(T, T, uint);

/* Block reads and writes of buffers and (where the device has images) 2D
 * images, SUFFIX _ui, _us, ... */
#define __kiln_block_buffer(SUFFIX, E, R)                                      \
	R __kiln_cnv intel_sub_group_block_read##SUFFIX(const __global E *);   \
	void __kiln_cnv intel_sub_group_block_write##SUFFIX(__global E *, R);
#if defined(__IMAGE_SUPPORT__)
#define __kiln_block_image(SUFFIX, E, R)                                       \
	R __kiln_cnv intel_sub_group_block_read##SUFFIX(read_only image2d_t, int2); \
	void __kiln_cnv intel_sub_group_block_write##SUFFIX(write_only image2d_t, \
							    int2, R);
#else
#define __kiln_block_image(SUFFIX, E, R)
#endif
/* read_write images: OpenCL C 2.0 and C++ for OpenCL 1.0; OpenCL C 3.0 and
 * C++ for OpenCL 2021 with the feature. */
#if defined(__IMAGE_SUPPORT__) &&                                              \
	(__OPENCL_C_VERSION__ == 200 || __OPENCL_CPP_VERSION__ == 100 ||       \
	 ((__OPENCL_C_VERSION__ >= 300 || __OPENCL_CPP_VERSION__ >= 202100) &&  \
	  defined(__opencl_c_read_write_images)))
#define __kiln_block_image_rw(SUFFIX, E, R)                                    \
	R __kiln_cnv intel_sub_group_block_read##SUFFIX(read_write image2d_t, int2); \
	void __kiln_cnv intel_sub_group_block_write##SUFFIX(read_write image2d_t, \
							    int2, R);
#else
#define __kiln_block_image_rw(SUFFIX, E, R)
#endif
#define __kiln_block(SUFFIX, E, R)                                             \
	__kiln_block_buffer(SUFFIX, E, R) __kiln_block_image(SUFFIX, E, R)     \
	__kiln_block_image_rw(SUFFIX, E, R)

#if defined(cl_intel_subgroups)
__kiln_widths(__kiln_shuffles, float)
__kiln_widths(__kiln_shuffles, int)
__kiln_widths(__kiln_shuffles, uint)
__kiln_shuffles(long)
__kiln_shuffles(ulong)
#if defined(cl_khr_fp64)
__kiln_shuffles(double)
#endif
#if defined(cl_khr_fp16)
/* half is only a type while the extension is enabled; the source
 * enables it itself before using it */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kiln_shuffles(half)
#pragma OPENCL EXTENSION cl_khr_fp16 : disable
#endif
__kiln_block(, uint, uint)
__kiln_block(2, uint, uint2)
__kiln_block(4, uint, uint4)
__kiln_block(8, uint, uint8)
#endif

/* The _ui aliases come with each of the three type extensions. */
#if defined(cl_intel_subgroups_char) || defined(cl_intel_subgroups_short) ||  \
	defined(cl_intel_subgroups_long)
__kiln_block(_ui, uint, uint)
__kiln_block(_ui2, uint, uint2)
__kiln_block(_ui4, uint, uint4)
__kiln_block(_ui8, uint, uint8)
#endif

/* The 8- and 16-bit types' broadcast, reductions and scans. */
#define __kiln_intel_arith(T)                                                  \
	T __kiln_cnv intel_sub_group_broadcast(T, uint);                       \
	T __kiln_cnv intel_sub_group_reduce_add(T);                            \
	T __kiln_cnv intel_sub_group_reduce_min(T);                            \
	T __kiln_cnv intel_sub_group_reduce_max(T);                            \
	T __kiln_cnv intel_sub_group_scan_inclusive_add(T);                    \
	T __kiln_cnv intel_sub_group_scan_inclusive_min(T);                    \
	T __kiln_cnv intel_sub_group_scan_inclusive_max(T);                    \
	T __kiln_cnv intel_sub_group_scan_exclusive_add(T);                    \
	T __kiln_cnv intel_sub_group_scan_exclusive_min(T);                    \
	T __kiln_cnv intel_sub_group_scan_exclusive_max(T);

#if defined(cl_intel_subgroups_char)
__kiln_intel_arith(char)
__kiln_intel_arith(uchar)
__kiln_widths(__kiln_shuffles, char)
__kiln_widths(__kiln_shuffles, uchar)
__kiln_block(_uc, uchar, uchar)
__kiln_block(_uc2, uchar, uchar2)
__kiln_block(_uc4, uchar, uchar4)
__kiln_block(_uc8, uchar, uchar8)
__kiln_block(_uc16, uchar, uchar16)
#endif

#if defined(cl_intel_subgroups_short)
__kiln_intel_arith(short)
__kiln_intel_arith(ushort)
short2 __kiln_cnv intel_sub_group_broadcast(short2, uint);
short3 __kiln_cnv intel_sub_group_broadcast(short3, uint);
short4 __kiln_cnv intel_sub_group_broadcast(short4, uint);
short8 __kiln_cnv intel_sub_group_broadcast(short8, uint);
ushort2 __kiln_cnv intel_sub_group_broadcast(ushort2, uint);
ushort3 __kiln_cnv intel_sub_group_broadcast(ushort3, uint);
ushort4 __kiln_cnv intel_sub_group_broadcast(ushort4, uint);
ushort8 __kiln_cnv intel_sub_group_broadcast(ushort8, uint);
__kiln_widths(__kiln_shuffles, short)
__kiln_widths(__kiln_shuffles, ushort)
__kiln_block(_us, ushort, ushort)
__kiln_block(_us2, ushort, ushort2)
__kiln_block(_us4, ushort, ushort4)
__kiln_block(_us8, ushort, ushort8)
#endif

#if defined(cl_intel_subgroups_long)
__kiln_block(_ul, ulong, ulong)
__kiln_block(_ul2, ulong, ulong2)
__kiln_block(_ul4, ulong, ulong4)
__kiln_block(_ul8, ulong, ulong8)
#endif

/* cl_khr_kernel_clock (kernel-lib/kernel_clock.cl): one function pair per
 * scope the device reports (__opencl_c_kernel_clock_scope_*).  Not const:
 * every call reads the clock anew. */
#if defined(cl_khr_kernel_clock)
#if defined(__opencl_c_kernel_clock_scope_device)
ulong __kiln_ovl clock_read_device(void);
uint2 __kiln_ovl clock_read_hilo_device(void);
#endif
#if defined(__opencl_c_kernel_clock_scope_work_group)
ulong __kiln_ovl clock_read_work_group(void);
uint2 __kiln_ovl clock_read_hilo_work_group(void);
#endif
#if defined(__opencl_c_kernel_clock_scope_sub_group)
ulong __kiln_ovl clock_read_sub_group(void);
uint2 __kiln_ovl clock_read_hilo_sub_group(void);
#endif
#endif

/* cl_khr_extended_async_copies and cl_khr_async_work_group_copy_fence
 * (kernel-lib/async_copy_ext.cl): work-group functions, so convergent. */
#if defined(cl_khr_extended_async_copies)
#define __kiln_async_2d3d(DAS, SAS)                                            \
	event_t __kiln_cnv async_work_group_copy_2D2D(                         \
		DAS void *, size_t, SAS const void *, size_t, size_t, size_t,  \
		size_t, size_t, size_t, event_t);                              \
	event_t __kiln_cnv async_work_group_copy_3D3D(                         \
		DAS void *, size_t, SAS const void *, size_t, size_t, size_t,  \
		size_t, size_t, size_t, size_t, size_t, size_t, event_t);
__kiln_async_2d3d(__local, __global)
__kiln_async_2d3d(__global, __local)
#undef __kiln_async_2d3d
#endif
#if defined(cl_khr_async_work_group_copy_fence)
void __kiln_cnv async_work_group_copy_fence(cl_mem_fence_flags);
#endif

/* cl_khr_work_group_uniform_arithmetic (kernel-lib/work_group_uniform.cl). */
#if defined(cl_khr_work_group_uniform_arithmetic) &&                           \
	defined(__opencl_c_work_group_collective_functions)
#define __kiln_wg_op(T, OP)                                                    \
	T __kiln_cnv work_group_reduce_##OP(T);                                \
	T __kiln_cnv work_group_scan_inclusive_##OP(T);                        \
	T __kiln_cnv work_group_scan_exclusive_##OP(T);
#define __kiln_wg_int(T)                                                       \
	__kiln_wg_op(T, and) __kiln_wg_op(T, or) __kiln_wg_op(T, xor)          \
	__kiln_wg_op(T, mul)
__kiln_wg_int(int)
__kiln_wg_int(uint)
__kiln_wg_int(long)
__kiln_wg_int(ulong)
__kiln_wg_op(float, mul)
#if defined(cl_khr_fp64) || defined(__opencl_c_fp64)
__kiln_wg_op(double, mul)
#endif
#if defined(cl_khr_fp16)
/* This header comes before the source, so no one has enabled half yet. */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kiln_wg_op(half, mul)
#pragma OPENCL EXTENSION cl_khr_fp16 : disable
#endif
__kiln_wg_op(int, logical_and)
__kiln_wg_op(int, logical_or)
__kiln_wg_op(int, logical_xor)
#undef __kiln_wg_op
#undef __kiln_wg_int
#endif

#undef __kiln_ovl
#undef __kiln_cnv
#undef __kiln_widths
#undef __kiln_shuffles
#undef __kiln_block_buffer
#undef __kiln_block_image
#undef __kiln_block_image_rw
#undef __kiln_block
#undef __kiln_intel_arith

#endif
