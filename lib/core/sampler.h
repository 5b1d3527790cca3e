/* Sampler objects (OpenCL 3.0 §5.7). */
#ifndef KILN_CORE_SAMPLER_H
#define KILN_CORE_SAMPLER_H

#include "image_abi.h"
#include "object.h"

struct _cl_sampler {
	struct kiln_object obj;
	cl_context context;             /* held */
	cl_bool normalized_coords;
	cl_addressing_mode addressing_mode;
	cl_filter_mode filter_mode;
	cl_sampler_properties *properties; /* as given (CL_SAMPLER_PROPERTIES), or NULL */
	size_t num_properties;          /* entries including the final 0 */
	uint32_t bits;                  /* what a kernel sees (image_abi.h) */
};

/* lib/core/sampler.c: a sampler with one application reference, holding
 * `ctx`; `props` (`num_props` entries including the final 0, or 0 for
 * none) is copied for CL_SAMPLER_PROPERTIES.  Arguments are validated by
 * lib/api/sampler.c.  NULL and *err = CL_OUT_OF_HOST_MEMORY on failure. */
cl_sampler kiln_sampler_create(cl_context ctx, cl_bool normalized_coords,
			       cl_addressing_mode addressing_mode,
			       cl_filter_mode filter_mode,
			       const cl_sampler_properties *props,
			       size_t num_props, cl_int *err);

/* The OpenCL C sampler bit field (image_abi.h) of the three settings. */
uint32_t kiln_sampler_bits(cl_bool normalized_coords,
			   cl_addressing_mode addressing_mode,
			   cl_filter_mode filter_mode);

#endif
