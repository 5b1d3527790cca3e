/* Image formats (OpenCL 3.0 §5.3.1.1 image format descriptor, §5.3.2
 * querying the list of supported image formats): which channel order and
 * channel data type pairs are valid descriptors, which of them Kiln
 * supports for which image types and kernel access, and their pixel
 * layout.  One table in image_format.c answers all of it. */
#ifndef KILN_CORE_IMAGE_FORMAT_H
#define KILN_CORE_IMAGE_FORMAT_H

#include "cl_target.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Kernel access a format supports (clGetSupportedImageFormats flags). */
enum {
	KILN_FMT_READ = 1u << 0,       /* read_only images */
	KILN_FMT_WRITE = 1u << 1,      /* write_only images */
	KILN_FMT_READ_WRITE = 1u << 2, /* read_write images */
};

/* A supported format. */
struct kiln_image_format_info {
	cl_channel_order order;
	cl_channel_type type;
	uint8_t pixel_size;   /* bytes */
	uint8_t num_channels; /* stored channels (CL_DEPTH: 1) */
	uint8_t access;       /* KILN_FMT_* */
	bool depth_only_2d;   /* CL_DEPTH: 2D images and 2D arrays only */
};

/* §5.3.1.1: a channel order and data type pair the spec allows (whether
 * or not Kiln supports it).  False also for unknown values. */
bool kiln_image_format_valid(const cl_image_format *fmt);

/* The table entry of a supported format, or NULL. */
const struct kiln_image_format_info *
kiln_image_format_find(const cl_image_format *fmt);

/* Whether `info` is supported for `image_type` with the access `flags`
 * ask for (CL_MEM_READ_ONLY, WRITE_ONLY, READ_WRITE alone, or READ_WRITE
 * with CL_MEM_KERNEL_READ_AND_WRITE: a kernel's read_write image). */
bool kiln_image_format_supports(const struct kiln_image_format_info *info,
				cl_mem_object_type image_type,
				cl_mem_flags flags);

/* Writes up to `max` supported formats for `image_type` and `flags` to
 * `out` (may be NULL) and returns how many there are in all. */
cl_uint kiln_image_format_list(cl_mem_object_type image_type,
			       cl_mem_flags flags, cl_uint max,
			       cl_image_format *out);

/* §5.3 (creating an image from another image): the channel orders that
 * may view the same pixels (CL_sRGBA and CL_RGBA, CL_sBGRA and CL_BGRA,
 * CL_sRGB and CL_RGB, CL_sRGBx and CL_RGBx, CL_DEPTH and CL_R), or equal
 * ones. */
bool kiln_image_orders_compatible(cl_channel_order a, cl_channel_order b);

#endif
