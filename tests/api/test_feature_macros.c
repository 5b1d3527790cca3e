/* What the device reports and what its compiler defines agree (OpenCL C 3.0
 * §6.2.1 "Features" and §6.2.2 "Extensions"; OpenCL 3.0 §4.2
 * CL_DEVICE_OPENCL_C_FEATURES, CL_DEVICE_EXTENSIONS):
 *   - a kernel sees a feature macro (__opencl_c_*) exactly when the device
 *     lists the feature in CL_DEVICE_OPENCL_C_FEATURES;
 *   - a kernel sees an extension macro (cl_khr_*, ...) only when the device
 *     reports the extension, and sees it for every reported extension that
 *     adds to the language;
 *   - __IMAGE_SUPPORT__ follows CL_DEVICE_IMAGE_SUPPORT.
 * The names are the spec's lists, not Kiln's: a kernel with one #ifdef per
 * name writes what the front end defined into a buffer. */
#include "check.h"

#include <stdbool.h>

/* OpenCL C 3.0 §6.2.1, table "Optional features", and the features that
 * extensions add (cl_khr_integer_dot_product, cl_khr_kernel_clock,
 * cl_ext_float_atomics). */
static const char *const feature_names[] = {
	"__opencl_c_3d_image_writes",
	"__opencl_c_atomic_order_acq_rel",
	"__opencl_c_atomic_order_seq_cst",
	"__opencl_c_atomic_scope_device",
	"__opencl_c_atomic_scope_all_devices",
	"__opencl_c_device_enqueue",
	"__opencl_c_generic_address_space",
	"__opencl_c_fp64",
	"__opencl_c_fp16", /* with cl_khr_fp16 (Clang 15 knows it) */
	"__opencl_c_images",
	"__opencl_c_int64",
	"__opencl_c_pipes",
	"__opencl_c_program_scope_global_variables",
	"__opencl_c_read_write_images",
	"__opencl_c_subgroups",
	"__opencl_c_work_group_collective_functions",
	"__opencl_c_integer_dot_product_input_4x8bit",
	"__opencl_c_integer_dot_product_input_4x8bit_packed",
	"__opencl_c_kernel_clock_scope_device", /* cl_khr_kernel_clock */
	"__opencl_c_kernel_clock_scope_work_group",
	"__opencl_c_kernel_clock_scope_sub_group",
	"__opencl_c_ext_fp32_global_atomic_add",
	"__opencl_c_ext_fp32_local_atomic_add",
	"__opencl_c_ext_fp32_global_atomic_min_max",
	"__opencl_c_ext_fp32_local_atomic_min_max",
	"__opencl_c_ext_fp64_global_atomic_add",
	"__opencl_c_ext_fp64_local_atomic_add",
	"__opencl_c_ext_fp64_global_atomic_min_max",
	"__opencl_c_ext_fp64_local_atomic_min_max",
};

/* Extensions of the OpenCL extension specification; `language`: the
 * extension adds to OpenCL C, so its name must be a macro when the device
 * reports it (OpenCL C 3.0 §6.2.2).  API-only extensions may not be
 * macros, and no name may be a macro the device does not report. */
static const struct {
	const char *name;
	bool language;
} extension_names[] = {
	{ "cl_khr_fp64", true },
	{ "cl_khr_fp16", true },
	{ "cl_khr_int64_base_atomics", true },
	{ "cl_khr_int64_extended_atomics", true },
	{ "cl_khr_global_int32_base_atomics", true },
	{ "cl_khr_global_int32_extended_atomics", true },
	{ "cl_khr_local_int32_base_atomics", true },
	{ "cl_khr_local_int32_extended_atomics", true },
	{ "cl_khr_byte_addressable_store", true },
	{ "cl_khr_3d_image_writes", true },
	{ "cl_khr_depth_images", true },
	{ "cl_khr_srgb_image_writes", true },
	{ "cl_khr_mipmap_image", true },
	{ "cl_khr_mipmap_image_writes", true },
	{ "cl_khr_gl_msaa_sharing", true },
	{ "cl_khr_subgroups", true },
	{ "cl_khr_subgroup_extended_types", true },
	{ "cl_khr_subgroup_non_uniform_vote", true },
	{ "cl_khr_subgroup_ballot", true },
	{ "cl_khr_subgroup_non_uniform_arithmetic", true },
	{ "cl_khr_subgroup_shuffle", true },
	{ "cl_khr_subgroup_shuffle_relative", true },
	{ "cl_khr_subgroup_clustered_reduce", true },
	{ "cl_khr_subgroup_rotate", true },
	{ "cl_khr_extended_bit_ops", true },
	{ "cl_khr_integer_dot_product", true },
	{ "cl_khr_extended_async_copies", true },
	{ "cl_khr_kernel_clock", true },
	{ "cl_khr_expect_assume", true },
	{ "cl_khr_async_work_group_copy_fence", true },
	{ "cl_khr_work_group_uniform_arithmetic", true },
	{ "cl_khr_device_uuid", false },
	{ "cl_khr_suggested_local_work_size", false },
	{ "cl_khr_spirv_no_integer_wrap_decoration", false },
	{ "cl_khr_spirv_linkonce_odr", false },
	{ "cl_khr_spirv_queries", false },
	{ "cl_khr_device_enqueue_local_arg_types", true },
	{ "cl_ext_float_atomics", true },
	{ "cl_khr_icd", false },
	{ "cl_khr_il_program", false },
	{ "cl_khr_image2d_from_buffer", false },
	{ "cl_khr_spir", false },
	{ "cl_khr_gl_sharing", false },
	{ "cl_khr_create_command_queue", false },
};

#define NUM_FEATURES (sizeof(feature_names) / sizeof(feature_names[0]))
#define NUM_EXTENSIONS (sizeof(extension_names) / sizeof(extension_names[0]))
#define NUM_NAMES (NUM_FEATURES + NUM_EXTENSIONS + 1) /* + __IMAGE_SUPPORT__ */

static const char *name_at(size_t i)
{
	if (i < NUM_FEATURES)
		return feature_names[i];
	if (i < NUM_FEATURES + NUM_EXTENSIONS)
		return extension_names[i - NUM_FEATURES].name;
	return "__IMAGE_SUPPORT__";
}

/* One #ifdef per name: out[i] = 1 when the front end defined name i. */
static char *probe_source(void)
{
	size_t cap = 256 + NUM_NAMES * 128, len = 0;
	char *s = malloc(cap);
	REQUIRE(s);
	len += (size_t)snprintf(s + len, cap - len,
				"__kernel void probe(__global int *out)\n{\n");
	for (size_t i = 0; i < NUM_NAMES; i++)
		len += (size_t)snprintf(s + len, cap - len,
					"#ifdef %s\n\tout[%zu] = 1;\n#else\n"
					"\tout[%zu] = 0;\n#endif\n",
					name_at(i), i, i);
	snprintf(s + len, cap - len, "}\n");
	return s;
}

/* `word` as a whole space-separated word of `list`. */
static bool has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

static void defined_macros(cl_context ctx, cl_command_queue q, cl_device_id dev,
			   const char *options, int *out)
{
	char *src = probe_source();
	cl_program p = check_build(ctx, dev, src, options);
	free(src);
	cl_int err;
	cl_kernel k = clCreateKernel(p, "probe", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, NUM_NAMES * sizeof(int),
				    NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(buf), &buf));
	size_t one = 1;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, NUM_NAMES * sizeof(int),
				     out, 0, NULL, NULL));
	clReleaseMemObject(buf);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

/* The device's report, through the loader. */
struct report {
	char extensions[4096];
	cl_name_version features[64];
	size_t num_features;
	cl_bool images;
};

static bool reports_feature(const struct report *r, const char *name)
{
	for (size_t i = 0; i < r->num_features; i++)
		if (strcmp(r->features[i].name, name) == 0)
			return true;
	return false;
}

static void read_report(cl_device_id dev, struct report *r)
{
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(r->extensions),
				 r->extensions, NULL));
	size_t size = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_FEATURES,
				 sizeof(r->features), r->features, &size));
	r->num_features = size / sizeof(cl_name_version);
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(r->images),
				 &r->images, NULL));

	/* The two forms of the extension list name the same extensions. */
	cl_name_version ext[64];
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS_WITH_VERSION,
				 sizeof(ext), ext, &size));
	size_t n = size / sizeof(cl_name_version), words = 0;
	for (size_t i = 0; i < n; i++)
		CHECK(has_word(r->extensions, ext[i].name));
	for (const char *p = r->extensions; *p;) {
		size_t len = strcspn(p, " ");
		words += len > 0;
		p += len;
		p += *p == ' ';
	}
	CHECK(words == n);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	check_setup(&platform, &dev, &ctx, &q);
	static struct report r;
	read_report(dev, &r);

	/* Every feature the device reports is one of the spec's. */
	for (size_t i = 0; i < r.num_features; i++) {
		bool known = false;
		for (size_t j = 0; j < NUM_FEATURES; j++)
			known |= strcmp(r.features[i].name, feature_names[j]) == 0;
		if (!known)
			fprintf(stderr, "unknown feature reported: %s\n", r.features[i].name);
		CHECK(known);
	}

	/* OpenCL C 3.0: features and extensions. */
	int got[NUM_NAMES];
	defined_macros(ctx, q, dev, "-cl-std=CL3.0", got);
	for (size_t i = 0; i < NUM_FEATURES; i++) {
		bool reported = reports_feature(&r, feature_names[i]);
		if (got[i] != reported)
			fprintf(stderr, "CL3.0: %s: reported %d, defined %d\n",
				feature_names[i], reported, got[i]);
		CHECK(got[i] == reported);
	}
	/* Extensions in 3.0 and in the default OpenCL C 1.2. */
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			defined_macros(ctx, q, dev, NULL, got);
		const char *std = pass ? "CL1.2" : "CL3.0";
		for (size_t j = 0; j < NUM_EXTENSIONS; j++) {
			const char *name = extension_names[j].name;
			bool reported = has_word(r.extensions, name);
			bool defined = got[NUM_FEATURES + j] != 0;
			bool ok = defined ? reported
					  : !(reported && extension_names[j].language);
			if (!ok)
				fprintf(stderr, "%s: %s: reported %d, defined %d\n", std,
					name, reported, defined);
			CHECK(ok);
		}
		bool image_macro = got[NUM_NAMES - 1] != 0;
		CHECK(image_macro == (r.images == CL_TRUE));
	}

	/* The feature list is not empty, and what it holds is usable: a
	 * full-profile device has 64-bit integers (§6.2.1). */
	CHECK(reports_feature(&r, "__opencl_c_int64"));

	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
