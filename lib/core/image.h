/* Image memory objects (OpenCL 3.0 §5.3): a struct _cl_mem extended with
 * the format, the descriptor and what kernels see (image_abi.h).  Created
 * with kiln_mem_create(sizeof(struct kiln_image), ...). */
#ifndef KILN_CORE_IMAGE_H
#define KILN_CORE_IMAGE_H

#include "image_abi.h"
#include "image_format.h"
#include "mem.h"

struct kiln_image {
	struct _cl_mem mem;        /* mem.type is CL_MEM_OBJECT_IMAGE* */
	cl_image_format format;
	cl_image_desc desc;        /* as given, with pitches filled in */
	struct kiln_image_abi abi; /* what a kernel argument points to */
	const struct kiln_image_format_info *info; /* the format's table row */
};

static inline bool kiln_image_type_valid(cl_mem_object_type t)
{
	switch (t) {
	case CL_MEM_OBJECT_IMAGE1D:
	case CL_MEM_OBJECT_IMAGE1D_BUFFER:
	case CL_MEM_OBJECT_IMAGE1D_ARRAY:
	case CL_MEM_OBJECT_IMAGE2D:
	case CL_MEM_OBJECT_IMAGE2D_ARRAY:
	case CL_MEM_OBJECT_IMAGE3D:
		return true;
	default:
		return false;
	}
}

static inline bool kiln_mem_is_image(cl_mem m)
{
	return kiln_image_type_valid(m->type);
}

/* Only for objects kiln_mem_is_image accepts. */
static inline struct kiln_image *kiln_image_of(cl_mem m)
{
	return (struct kiln_image *)m;
}

/* --- lib/core/image.c ------------------------------------------------------ */

/* What kiln_image_create needs, validated by lib/api/image.c. */
struct kiln_image_params {
	cl_context context;
	const cl_mem_properties *props; /* copied for CL_MEM_PROPERTIES */
	size_t num_props;
	cl_mem_flags flags;       /* final (inherited for a view) */
	cl_image_format format;
	const struct kiln_image_format_info *info;
	/* Sizes the image type does not use are 0, as clGetImageInfo
	 * reports them (§5.3.7).  The pitches are those of host_ptr (USE_ or COPY_HOST_PTR) or of the
	 * storage of desc.mem_object (a view), defaults applied; 0 when Kiln
	 * allocates without a host pointer. */
	cl_image_desc desc;
	void *host_ptr;
};

/* Creates the image: storage of its own (tightly packed, filled from
 * host_ptr for CL_MEM_COPY_HOST_PTR), host_ptr itself
 * (CL_MEM_USE_HOST_PTR), or a view of desc.mem_object's storage. */
cl_mem kiln_image_create(const struct kiln_image_params *p, cl_int *err);

/* The image's size in pixels along x, y and z of a region (§5.3.3): a 1D
 * array has its layers along y, a 2D array along z; unused axes are 1. */
void kiln_image_extent(const struct kiln_image *img, size_t ext[3]);

/* Bytes between neighbours along y and z of a region (a 1D array's layer
 * pitch is its y stride; 0 along an unused z). */
size_t kiln_image_y_stride(const struct kiln_image *img);
size_t kiln_image_z_stride(const struct kiln_image *img);

/* Byte offset of pixel `origin` (region axes) in the image's storage. */
size_t kiln_image_offset(const struct kiln_image *img, const size_t origin[3]);

/* --- lib/core/image_copy.c: pixel work inside commands ---------------------- */

/* §5.3.4 clEnqueueFillImage: `color` (float[4], int[4] or uint[4], or one
 * float for CL_DEPTH) converted to one pixel of `info`'s format by the
 * OpenCL C conversion rules for image writes (§8.3 of the OpenCL C spec:
 * round to nearest even, saturation, NaN to 0, linear to sRGB).  `pixel`
 * receives info->pixel_size bytes. */
void kiln_image_pack_color(const struct kiln_image_format_info *info,
			   const void *color, unsigned char *pixel);

/* Repeats the `pixel_size`-byte pixel over a region of region[0] pixels
 * by region[1] rows by region[2] slices at `dst`, whose rows are
 * `y_stride` bytes apart and slices `z_stride`. */
void kiln_image_fill_region(cl_device_id dev, void *dst, size_t y_stride,
			    size_t z_stride, const void *pixel,
			    size_t pixel_size, const size_t region[3]);

#endif
