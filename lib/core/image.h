/* Image memory objects (OpenCL 3.0 §5.3): a struct _cl_mem extended with
 * the format, the descriptor and what kernels see (image_abi.h).  Created
 * with kiln_mem_create(sizeof(struct kiln_image), ...). */
#ifndef KILN_CORE_IMAGE_H
#define KILN_CORE_IMAGE_H

#include "image_abi.h"
#include "mem.h"

struct kiln_image {
	struct _cl_mem mem;        /* mem.type is CL_MEM_OBJECT_IMAGE* */
	cl_image_format format;
	cl_image_desc desc;        /* as given, with pitches filled in */
	struct kiln_image_abi abi; /* what a kernel argument points to */
};

static inline bool kiln_mem_is_image(cl_mem m)
{
	switch (m->type) {
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

/* Only for objects kiln_mem_is_image accepts. */
static inline struct kiln_image *kiln_image_of(cl_mem m)
{
	return (struct kiln_image *)m;
}

#endif
