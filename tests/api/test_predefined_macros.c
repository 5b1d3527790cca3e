/* The predefined macros of OpenCL C 3.0 §6.12 (and the version macros of
 * §6.1), checked against what the device reports: __OPENCL_VERSION__ is
 * the device's OpenCL version (CL_DEVICE_VERSION), __OPENCL_C_VERSION__
 * the language version a program is compiled for (-cl-std=, 1.2 without
 * it), CL_VERSION_x_y their encodings, __ENDIAN_LITTLE__ and
 * __IMAGE_SUPPORT__ follow CL_DEVICE_ENDIAN_LITTLE and
 * CL_DEVICE_IMAGE_SUPPORT, __FAST_RELAXED_MATH__ follows
 * -cl-fast-relaxed-math, FP_FAST_FMAF is defined only where the device
 * reports CL_FP_FMA for float, FP_FAST_FMA only with cl_khr_fp64 too,
 * __kernel_exec declares a kernel, __FILE__ and __LINE__ work. */
#include "check.h"

static const char *src =
	"#ifndef __OPENCL_VERSION__\n#define __OPENCL_VERSION__ -1\n#endif\n"
	"#ifndef __OPENCL_C_VERSION__\n#define __OPENCL_C_VERSION__ -1\n#endif\n"
	"#ifdef __ENDIAN_LITTLE__\n#define ENDIAN __ENDIAN_LITTLE__\n#else\n#define ENDIAN -1\n#endif\n"
	"#ifdef __IMAGE_SUPPORT__\n#define IMAGES __IMAGE_SUPPORT__\n#else\n#define IMAGES -1\n#endif\n"
	"#ifdef __FAST_RELAXED_MATH__\n#define FAST __FAST_RELAXED_MATH__\n#else\n#define FAST -1\n#endif\n"
	"#ifdef FP_FAST_FMAF\n#define FMAF 1\n#else\n#define FMAF -1\n#endif\n"
	"#ifdef FP_FAST_FMA\n#define FMA 1\n#else\n#define FMA -1\n#endif\n"
	"#ifdef __EMBEDDED_PROFILE__\n#define EMBEDDED 1\n#else\n#define EMBEDDED -1\n#endif\n"
	"__kernel_exec(1, float4) void macros(global int *o) {\n"
	"  o[0] = __OPENCL_VERSION__; o[1] = __OPENCL_C_VERSION__;\n"
	"  o[2] = CL_VERSION_1_0; o[3] = CL_VERSION_1_1; o[4] = CL_VERSION_1_2;\n"
	"  o[5] = CL_VERSION_2_0; o[6] = CL_VERSION_3_0;\n"
	"  o[7] = ENDIAN; o[8] = IMAGES; o[9] = FAST; o[10] = FMAF; o[11] = FMA;\n"
	"  o[12] = EMBEDDED; o[13] = __LINE__; o[14] = __FILE__[0] != 0;\n"
	"}\n";

/* The 1-based line of src that holds `text`. */
static int line_of(const char *s, const char *text)
{
	const char *end = strstr(s, text);
	int line = 1;
	for (; s < end; s++)
		line += *s == '\n';
	return line;
}

static void run(cl_context ctx, cl_device_id dev, cl_command_queue q, const char *opts, int *o)
{
	cl_int err;
	cl_program prog = check_build(ctx, dev, src, opts);
	cl_kernel k = clCreateKernel(prog, "macros", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, 16 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(buf), &buf));
	CHECK_OK(clEnqueueTask(q, k, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 16 * sizeof(int), o, 0, NULL, NULL));
	clReleaseMemObject(buf);
	clReleaseKernel(k);
	clReleaseProgram(prog);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	check_setup(&platform, &dev, &ctx, &q);

	char version[128] = "";
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_VERSION, sizeof(version), version, NULL));
	int major = 0, minor = 0;
	REQUIRE(sscanf(version, "OpenCL %d.%d", &major, &minor) == 2);
	cl_bool little = CL_FALSE, images = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_ENDIAN_LITTLE, sizeof(little), &little, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL));
	cl_device_fp_config fp = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_SINGLE_FP_CONFIG, sizeof(fp), &fp, NULL));
	char ext[4096] = "";
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(ext), ext, NULL));
	char profile[64] = "";
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_PROFILE, sizeof(profile), profile, NULL));

	static const struct {
		const char *opts;
		int c_version;
		int fast;
	} cases[] = {
		{ NULL, 120, 0 },
		{ "-cl-std=CL1.1", 110, 0 },
		{ "-cl-std=CL1.2 -cl-fast-relaxed-math", 120, 1 },
		/* -cl-std=CL2.0 only where the device lists OpenCL C 2.0:
		 * test_cl_std */
		{ "-cl-std=CL3.0", 300, 0 },
		{ "-cl-std=CL3.0 -cl-fast-relaxed-math", 300, 1 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int o[16];
		memset(o, 0x55, sizeof(o));
		run(ctx, dev, q, cases[i].opts, o);
		CHECK(o[0] == major * 100 + minor * 10);
		CHECK(o[1] == cases[i].c_version);
		CHECK(o[2] == 100 && o[3] == 110 && o[4] == 120 && o[5] == 200 && o[6] == 300);
		CHECK(o[7] == (little ? 1 : -1));
		CHECK(o[8] == (images ? 1 : -1));
		CHECK(o[9] == (cases[i].fast ? 1 : -1));
		CHECK(o[10] == ((fp & CL_FP_FMA) ? 1 : -1));
		CHECK(o[11] == ((fp & CL_FP_FMA) && check_has_word(ext, "cl_khr_fp64") ? 1 : -1));
		CHECK(o[12] == (strcmp(profile, "EMBEDDED_PROFILE") == 0 ? 1 : -1));
		CHECK(o[13] == line_of(src, "o[12] =")); /* __LINE__ */
		CHECK(o[14] == 1);
	}
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
