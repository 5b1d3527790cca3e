/* What a kernel sees of an image and a sampler: the one contract between the
 * runtime (lib/core/image.c, lib/core/sampler.c, lib/core/ndrange.c) and the
 * image built-ins of kernel-lib (OpenCL C 3.0 §6.15.15).  This header is
 * read by C11 and by OpenCL C (kernel-lib), so it uses only types both
 * spell alike through the typedefs below.
 *
 * Image arguments: the argument slot holds a pointer to the image's
 * struct kiln_image_abi, which lives inside the image object (so it is
 * stable while a command holds the image).  In the kernel an image2d_t etc.
 * is that pointer (Clang 15 lowers image types to `ptr addrspace(1)`).
 *
 * Sampler arguments and sampler initialisers: the sampler value IS the
 * OpenCL C sampler bit field (CLK_NORMALIZED_COORDS_* | CLK_ADDRESS_* |
 * CLK_FILTER_*, the numbers of Clang's opencl-c-base.h) cast to a pointer,
 * so `__translate_sampler_initializer(int)` is an inttoptr and a kernel
 * argument slot holds (void *)(uintptr_t)bits. */
#ifndef KILN_CORE_IMAGE_ABI_H
#define KILN_CORE_IMAGE_ABI_H

#ifdef __OPENCL_C_VERSION__
typedef int kiln_abi_i32;
typedef ulong kiln_abi_u64;
#define KILN_ABI_PIXELS __global uchar *
#else
#include <stdint.h>
typedef int32_t kiln_abi_i32;
typedef uint64_t kiln_abi_u64;
#define KILN_ABI_PIXELS unsigned char *
#endif

struct kiln_image_abi {
	KILN_ABI_PIXELS data;      /* pixel (0, 0, 0) of the image */
	kiln_abi_u64 row_pitch;    /* bytes from one row to the next */
	kiln_abi_u64 slice_pitch;  /* bytes from one 3D slice, or one array
				      layer (1D and 2D arrays), to the next */
	kiln_abi_i32 width;
	kiln_abi_i32 height;       /* 1 for 1D images and 1D arrays */
	kiln_abi_i32 depth;        /* 1 unless 3D */
	kiln_abi_i32 array_size;   /* layers of an array image, else 1 */
	kiln_abi_i32 channel_order;     /* CL_R, CL_RGBA, ... (cl.h values) */
	kiln_abi_i32 channel_data_type; /* CL_UNORM_INT8, ... (cl.h values) */
	kiln_abi_i32 pixel_size;   /* bytes per pixel */
	kiln_abi_i32 image_type;   /* CL_MEM_OBJECT_IMAGE2D, ... */
	kiln_abi_i32 num_channels; /* 1–4 (CL_DEPTH: 1) */
	kiln_abi_i32 reserved;
};

/* The sampler bit field (Clang's opencl-c-base.h numbers). */
#define KILN_SAMPLER_NORMALIZED 0x1
#define KILN_SAMPLER_ADDRESS_MASK 0xe /* CLK_ADDRESS_NONE(0) ... MIRRORED_REPEAT(8) */
#define KILN_SAMPLER_FILTER_MASK 0x30 /* CLK_FILTER_NEAREST(0x10), LINEAR(0x20) */

#endif
