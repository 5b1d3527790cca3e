/* Samplers (OpenCL 3.0 §5.7): clCreateSampler and
 * clCreateSamplerWithProperties with every valid setting, the defaults,
 * CL_SAMPLER_PROPERTIES, reference counts, and every error code. */
#include "check.h"

static const cl_addressing_mode modes[] = {
	CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP,
	CL_ADDRESS_REPEAT, CL_ADDRESS_MIRRORED_REPEAT,
};
static const cl_filter_mode filters[] = { CL_FILTER_NEAREST, CL_FILTER_LINEAR };

static void check_settings(cl_sampler s, cl_context ctx, cl_bool norm,
			   cl_addressing_mode mode, cl_filter_mode filter)
{
	cl_bool b = 7;
	cl_addressing_mode m = 0;
	cl_filter_mode f = 0;
	cl_context c = NULL;
	cl_uint refs = 0;
	CHECK_OK(clGetSamplerInfo(s, CL_SAMPLER_NORMALIZED_COORDS, sizeof(b), &b, NULL));
	CHECK(b == norm);
	CHECK_OK(clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof(m), &m, NULL));
	CHECK(m == mode);
	CHECK_OK(clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, sizeof(f), &f, NULL));
	CHECK(f == filter);
	CHECK_OK(clGetSamplerInfo(s, CL_SAMPLER_CONTEXT, sizeof(c), &c, NULL));
	CHECK(c == ctx);
	CHECK_OK(clGetSamplerInfo(s, CL_SAMPLER_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 1);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_int err;
	check_setup(&platform, &dev, &ctx, &q);
	cl_bool images = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL));
	REQUIRE(images == CL_TRUE);
	cl_uint max_samplers = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_SAMPLERS, sizeof(max_samplers), &max_samplers, NULL));
	CHECK(max_samplers >= 16);

	/* Every combination through both entry points. */
	for (int n = 0; n < 2; n++)
		for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
			for (size_t j = 0; j < 2; j++) {
				cl_sampler s = clCreateSampler(ctx, (cl_bool)n, modes[i], filters[j], &err);
				CHECK_OK(err);
				check_settings(s, ctx, (cl_bool)n, modes[i], filters[j]);
				size_t sz = 99;
				CHECK_OK(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, 0, NULL, &sz));
				CHECK(sz == 0);
				CHECK_OK(clReleaseSampler(s));

				cl_sampler_properties props[] = {
					CL_SAMPLER_FILTER_MODE, filters[j],
					CL_SAMPLER_NORMALIZED_COORDS, (cl_sampler_properties)n,
					CL_SAMPLER_ADDRESSING_MODE, modes[i], 0,
				};
				s = clCreateSamplerWithProperties(ctx, props, &err);
				CHECK_OK(err);
				check_settings(s, ctx, (cl_bool)n, modes[i], filters[j]);
				cl_sampler_properties got[8] = { 0 };
				CHECK_OK(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, sizeof(got), got, &sz));
				CHECK(sz == sizeof(props));
				CHECK(memcmp(got, props, sizeof(props)) == 0);
				CHECK_ERR(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, sizeof(props) - 1, got, NULL),
					  CL_INVALID_VALUE);
				CHECK_OK(clReleaseSampler(s));
			}

	/* Defaults: normalized, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, for NULL
	 * and for an empty list. */
	cl_sampler s = clCreateSamplerWithProperties(ctx, NULL, &err);
	CHECK_OK(err);
	check_settings(s, ctx, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST);
	size_t sz = 99;
	CHECK_OK(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, 0, NULL, &sz));
	CHECK(sz == 0);
	CHECK_OK(clReleaseSampler(s));
	cl_sampler_properties empty[] = { 0 };
	s = clCreateSamplerWithProperties(ctx, empty, &err);
	CHECK_OK(err);
	check_settings(s, ctx, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST);
	CHECK_OK(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, 0, NULL, &sz));
	CHECK(sz == sizeof(empty));

	/* Reference counts. */
	CHECK_OK(clRetainSampler(s));
	cl_uint refs = 0;
	CHECK_OK(clGetSamplerInfo(s, CL_SAMPLER_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 2);
	CHECK_OK(clReleaseSampler(s));
	CHECK_OK(clGetSamplerInfo(s, CL_SAMPLER_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 1);

	/* Query errors. */
	CHECK_ERR(clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, 1, &refs, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetSamplerInfo(s, 0x7777, sizeof(refs), &refs, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetSamplerInfo(NULL, CL_SAMPLER_FILTER_MODE, sizeof(refs), &refs, NULL), CL_INVALID_SAMPLER);
	CHECK_ERR(clGetSamplerInfo((cl_sampler)ctx, CL_SAMPLER_FILTER_MODE, sizeof(refs), &refs, NULL),
		  CL_INVALID_SAMPLER);
	CHECK_OK(clReleaseSampler(s));

	/* Creation errors. */
	s = clCreateSampler(NULL, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err);
	CHECK(s == NULL);
	CHECK_ERR(err, CL_INVALID_CONTEXT);
	s = clCreateSampler((cl_context)q, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err);
	CHECK_ERR(err, CL_INVALID_CONTEXT);
	s = clCreateSampler(ctx, CL_TRUE, 0x1234, CL_FILTER_NEAREST, &err);
	CHECK(s == NULL);
	CHECK_ERR(err, CL_INVALID_VALUE);
	s = clCreateSampler(ctx, CL_TRUE, CL_ADDRESS_CLAMP, 0x1234, &err);
	CHECK_ERR(err, CL_INVALID_VALUE);
	s = clCreateSampler(ctx, 2, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err);
	CHECK_ERR(err, CL_INVALID_VALUE);
	/* NULL errcode_ret is allowed. */
	CHECK(clCreateSampler(ctx, CL_TRUE, 0x1234, CL_FILTER_NEAREST, NULL) == NULL);

	const cl_sampler_properties bad[][5] = {
		{ 0x9999, 1, 0 },                                       /* unknown name */
		{ CL_SAMPLER_ADDRESSING_MODE, 0x1234, 0 },              /* bad value */
		{ CL_SAMPLER_FILTER_MODE, 0x1234, 0 },
		{ CL_SAMPLER_NORMALIZED_COORDS, 5, 0 },
		{ CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR,             /* twice */
		  CL_SAMPLER_FILTER_MODE, CL_FILTER_NEAREST, 0 },
		{ CL_SAMPLER_MIP_FILTER_MODE_KHR, CL_FILTER_LINEAR, 0 }, /* no mipmaps */
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		s = clCreateSamplerWithProperties(ctx, bad[i], &err);
		CHECK(s == NULL);
		CHECK_ERR(err, CL_INVALID_VALUE);
	}
	s = clCreateSamplerWithProperties(NULL, NULL, &err);
	CHECK_ERR(err, CL_INVALID_CONTEXT);

	CHECK_ERR(clRetainSampler(NULL), CL_INVALID_SAMPLER);
	CHECK_ERR(clReleaseSampler(NULL), CL_INVALID_SAMPLER);
	CHECK_ERR(clRetainSampler((cl_sampler)ctx), CL_INVALID_SAMPLER);

	/* A sampler keeps its context alive after the application releases
	 * the context. */
	cl_context ctx2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	s = clCreateSampler(ctx2, CL_FALSE, CL_ADDRESS_NONE, CL_FILTER_NEAREST, &err);
	CHECK_OK(err);
	CHECK_OK(clReleaseContext(ctx2));
	cl_context c = NULL;
	CHECK_OK(clGetSamplerInfo(s, CL_SAMPLER_CONTEXT, sizeof(c), &c, NULL));
	CHECK(c == ctx2);
	CHECK_OK(clReleaseSampler(s));

	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
