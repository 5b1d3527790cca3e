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

#endif
