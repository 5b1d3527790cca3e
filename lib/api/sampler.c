/* Sampler entry points (OpenCL 3.0 §5.7.1 creating samplers, §5.7.2
 * retaining and releasing, §5.7.3 queries). */
#include "../core/context.h"
#include "../core/device.h"
#include "../core/info.h"
#include "../core/sampler.h"
#include "errcode.h"

static bool addressing_ok(cl_addressing_mode m)
{
	switch (m) {
	case CL_ADDRESS_NONE:
	case CL_ADDRESS_CLAMP_TO_EDGE:
	case CL_ADDRESS_CLAMP:
	case CL_ADDRESS_REPEAT:
	case CL_ADDRESS_MIRRORED_REPEAT:
		return true;
	default:
		return false;
	}
}

static bool filter_ok(cl_filter_mode m)
{
	return m == CL_FILTER_NEAREST || m == CL_FILTER_LINEAR;
}

struct sampler_settings {
	cl_bool normalized;
	cl_addressing_mode addressing;
	cl_filter_mode filter;
};

/* §5.7.1 clCreateSamplerWithProperties: (name, value) pairs ended by 0;
 * CL_INVALID_VALUE for an unknown name, an invalid value or a name given
 * twice.  Unnamed settings keep their defaults (normalized coordinates,
 * CL_ADDRESS_CLAMP, CL_FILTER_NEAREST).  *count receives the entries to
 * keep for CL_SAMPLER_PROPERTIES (with the final 0; 0 for NULL). */
static cl_int parse_properties(const cl_sampler_properties *props,
			       struct sampler_settings *s, size_t *count)
{
	s->normalized = CL_TRUE;
	s->addressing = CL_ADDRESS_CLAMP;
	s->filter = CL_FILTER_NEAREST;
	*count = 0;
	if (!props)
		return CL_SUCCESS;
	bool seen_norm = false, seen_addr = false, seen_filter = false;
	size_t i = 0;
	for (; props[i]; i += 2) {
		cl_sampler_properties v = props[i + 1];
		switch (props[i]) {
		case CL_SAMPLER_NORMALIZED_COORDS:
			if (seen_norm || (v != CL_TRUE && v != CL_FALSE))
				return CL_INVALID_VALUE;
			seen_norm = true;
			s->normalized = (cl_bool)v;
			break;
		case CL_SAMPLER_ADDRESSING_MODE:
			if (seen_addr || !addressing_ok((cl_addressing_mode)v))
				return CL_INVALID_VALUE;
			seen_addr = true;
			s->addressing = (cl_addressing_mode)v;
			break;
		case CL_SAMPLER_FILTER_MODE:
			if (seen_filter || !filter_ok((cl_filter_mode)v))
				return CL_INVALID_VALUE;
			seen_filter = true;
			s->filter = (cl_filter_mode)v;
			break;
		default:
			/* Including the cl_khr_mipmap_image properties:
			 * Kiln does not support mipmaps. */
			return CL_INVALID_VALUE;
		}
	}
	*count = i + 1;
	return CL_SUCCESS;
}

static cl_sampler create_sampler(cl_context context,
				 const struct sampler_settings *s,
				 const cl_sampler_properties *props,
				 size_t num_props, cl_int *errcode_ret)
{
	cl_int err;
	cl_sampler sampler = NULL;
	if (!kiln_context_has_images(context)) {
		err = CL_INVALID_OPERATION;
		goto out;
	}
	sampler = kiln_sampler_create(context, s->normalized, s->addressing,
				      s->filter, props, num_props, &err);
out:
	set_err(errcode_ret, err);
	return sampler;
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSamplerWithProperties(
	cl_context context, const cl_sampler_properties *sampler_properties,
	cl_int *errcode_ret)
{
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT)) {
		set_err(errcode_ret, CL_INVALID_CONTEXT);
		return NULL;
	}
	struct sampler_settings s;
	size_t num_props;
	cl_int err = parse_properties(sampler_properties, &s, &num_props);
	if (err) {
		set_err(errcode_ret, err);
		return NULL;
	}
	return create_sampler(context, &s, sampler_properties, num_props,
			      errcode_ret);
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSampler(
	cl_context context, cl_bool normalized_coords,
	cl_addressing_mode addressing_mode, cl_filter_mode filter_mode,
	cl_int *errcode_ret)
{
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT)) {
		set_err(errcode_ret, CL_INVALID_CONTEXT);
		return NULL;
	}
	if ((normalized_coords != CL_TRUE && normalized_coords != CL_FALSE) ||
	    !addressing_ok(addressing_mode) || !filter_ok(filter_mode)) {
		set_err(errcode_ret, CL_INVALID_VALUE);
		return NULL;
	}
	struct sampler_settings s = { normalized_coords, addressing_mode,
				      filter_mode };
	/* §5.7.3: a sampler from clCreateSampler has no properties. */
	return create_sampler(context, &s, NULL, 0, errcode_ret);
}

CL_API_ENTRY cl_int CL_API_CALL clRetainSampler(cl_sampler sampler)
{
	return kiln_object_retain_checked(sampler, KILN_OBJ_SAMPLER,
					  CL_INVALID_SAMPLER);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseSampler(cl_sampler sampler)
{
	return kiln_object_release_checked(sampler, KILN_OBJ_SAMPLER,
					   CL_INVALID_SAMPLER);
}

/* §5.7.3 clGetSamplerInfo: the answers, gathered once per call. */
struct sampler_facts {
	cl_uint ref_count;
	cl_context context;
	cl_bool normalized;
	cl_addressing_mode addressing;
	cl_filter_mode filter;
	cl_sampler_properties *properties;
	size_t num_properties;
};

static const struct kiln_info_field sampler_info[] = {
	KILN_INFO_FIELD(CL_SAMPLER_REFERENCE_COUNT, struct sampler_facts, ref_count),
	KILN_INFO_FIELD(CL_SAMPLER_CONTEXT, struct sampler_facts, context),
	KILN_INFO_FIELD(CL_SAMPLER_NORMALIZED_COORDS, struct sampler_facts, normalized),
	KILN_INFO_FIELD(CL_SAMPLER_ADDRESSING_MODE, struct sampler_facts, addressing),
	KILN_INFO_FIELD(CL_SAMPLER_FILTER_MODE, struct sampler_facts, filter),
	KILN_INFO_ARR(CL_SAMPLER_PROPERTIES, struct sampler_facts, properties,
		      num_properties),
};

CL_API_ENTRY cl_int CL_API_CALL clGetSamplerInfo(cl_sampler sampler,
						 cl_sampler_info param_name,
						 size_t param_value_size,
						 void *param_value,
						 size_t *param_value_size_ret)
{
	if (!kiln_object_is(sampler, KILN_OBJ_SAMPLER))
		return CL_INVALID_SAMPLER;
	struct sampler_facts f = {
		.ref_count = (cl_uint)kiln_object_refcount(&sampler->obj),
		.context = sampler->context,
		.normalized = sampler->normalized_coords,
		.addressing = sampler->addressing_mode,
		.filter = sampler->filter_mode,
		.properties = sampler->properties,
		.num_properties = sampler->num_properties,
	};
	return kiln_info_from_table(sampler_info, KILN_ARRAY_SIZE(sampler_info),
				    &f, param_name, param_value_size,
				    param_value, param_value_size_ret);
}
