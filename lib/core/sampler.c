/* Sampler objects (OpenCL 3.0 §5.7): the three settings, the properties
 * they came from, and the bit field a kernel sees (image_abi.h). */
#include "sampler.h"

#include "context.h"

#include <stdlib.h>
#include <string.h>

uint32_t kiln_sampler_bits(cl_bool normalized_coords,
			   cl_addressing_mode addressing_mode,
			   cl_filter_mode filter_mode)
{
	/* The numbers of Clang's opencl-c-base.h (CLK_ADDRESS_*,
	 * CLK_FILTER_*, CLK_NORMALIZED_COORDS_*). */
	uint32_t bits = normalized_coords ? KILN_SAMPLER_NORMALIZED : 0;
	switch (addressing_mode) {
	case CL_ADDRESS_CLAMP_TO_EDGE:
		bits |= 2;
		break;
	case CL_ADDRESS_CLAMP:
		bits |= 4;
		break;
	case CL_ADDRESS_REPEAT:
		bits |= 6;
		break;
	case CL_ADDRESS_MIRRORED_REPEAT:
		bits |= 8;
		break;
	default: /* CL_ADDRESS_NONE */
		break;
	}
	bits |= filter_mode == CL_FILTER_LINEAR ? 0x20 : 0x10;
	return bits;
}

static void sampler_free(struct kiln_object *obj)
{
	cl_sampler s = (cl_sampler)obj;
	kiln_object_unhold(&s->context->obj);
	free(s->properties);
	free(s);
}

cl_sampler kiln_sampler_create(cl_context ctx, cl_bool normalized_coords,
			       cl_addressing_mode addressing_mode,
			       cl_filter_mode filter_mode,
			       const cl_sampler_properties *props,
			       size_t num_props, cl_int *err)
{
	cl_sampler s = calloc(1, sizeof(*s));
	if (!s)
		goto out_nomem;
	if (num_props) {
		s->properties = malloc(num_props * sizeof(*props));
		if (!s->properties)
			goto out_free;
		memcpy(s->properties, props, num_props * sizeof(*props));
		s->num_properties = num_props;
	}
	s->context = ctx;
	s->normalized_coords = normalized_coords ? CL_TRUE : CL_FALSE;
	s->addressing_mode = addressing_mode;
	s->filter_mode = filter_mode;
	s->bits = kiln_sampler_bits(normalized_coords, addressing_mode,
				    filter_mode);
	kiln_object_hold(&ctx->obj);
	kiln_object_init(&s->obj, KILN_OBJ_SAMPLER, sampler_free);
	*err = CL_SUCCESS;
	return s;

out_free:
	free(s);
out_nomem:
	*err = CL_OUT_OF_HOST_MEMORY;
	return NULL;
}
