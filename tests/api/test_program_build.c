/* Programs from source (OpenCL 3.0 §5.8.1, §5.8.2, §5.8.8): creation rules,
 * successful and failing builds with their logs, build options (-D changes
 * what runs, an unknown option is CL_INVALID_BUILD_OPTIONS), the program and
 * build queries, rebuild rules, release callbacks, built-in kernels. */
#define CL_USE_DEPRECATED_OPENCL_2_2_APIS
#include "check.h"

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

static const char *scale_src =
	"#ifndef FACTOR\n#define FACTOR 2\n#endif\n"
	"__kernel void scale(__global const int *in, __global int *out)\n"
	"{\n"
	"	size_t i = get_global_id(0);\n"
	"	out[i] = in[i] * FACTOR;\n"
	"}\n"
	"__kernel void zero(__global int *out) { out[get_global_id(0)] = 0; }\n";

/* Runs `scale` of `p` over 64 ints and checks out[i] == in[i] * factor. */
static void check_scale(cl_program p, int factor)
{
	enum { N = 64 };
	int in[N], out[N];
	cl_int err;
	for (int i = 0; i < N; i++)
		in[i] = i * 3 - 40;
	cl_kernel k = clCreateKernel(p, "scale", &err);
	CHECK_OK(err);
	cl_mem a = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, sizeof(in), in, &err);
	cl_mem b = clCreateBuffer(context, CL_MEM_WRITE_ONLY, sizeof(out), NULL, &err);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(a), &a));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(b), &b));
	size_t global = N;
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, b, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += out[i] != in[i] * factor;
	CHECK(bad == 0);
	clReleaseMemObject(a);
	clReleaseMemObject(b);
	clReleaseKernel(k);
}

static char *build_log(cl_program p)
{
	size_t n = 0;
	CHECK_OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n));
	char *log = calloc(1, n + 1);
	CHECK_OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, n, log, NULL));
	return log;
}

static void test_create_rules(void)
{
	cl_int err;
	const char *parts[2] = { "__kernel void a(void) {}\n", "__kernel void b(void) {}" };
	size_t lens[2] = { 0, strlen(parts[1]) };

	CHECK(clCreateProgramWithSource(NULL, 1, parts, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_CONTEXT);
	CHECK(clCreateProgramWithSource(context, 0, parts, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	CHECK(clCreateProgramWithSource(context, 1, NULL, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	const char *with_null[2] = { parts[0], NULL };
	CHECK(clCreateProgramWithSource(context, 2, with_null, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);

	/* Two strings, one NUL-terminated (length 0) and one counted: the
	 * program's source is their concatenation. */
	cl_program p = clCreateProgramWithSource(context, 2, parts, lens, &err);
	CHECK_OK(err);
	char src[256] = "";
	size_t n = 0;
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_SOURCE, sizeof(src), src, &n));
	CHECK(n == strlen(parts[0]) + strlen(parts[1]) + 1);
	CHECK(strncmp(src, parts[0], strlen(parts[0])) == 0);
	CHECK(strcmp(src + strlen(parts[0]), parts[1]) == 0);
	/* A counted string is cut at its length, not at its NUL. */
	const char *longer = "__kernel void c(void) {} garbage that is not C";
	size_t cut = strlen("__kernel void c(void) {}");
	cl_program q = clCreateProgramWithSource(context, 1, &longer, &cut, &err);
	CHECK_OK(err);
	CHECK_OK(clBuildProgram(q, 0, NULL, NULL, NULL, NULL));
	clReleaseProgram(q);

	/* Queries before a build. */
	CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof(size_t), &n, NULL),
		  CL_INVALID_PROGRAM_EXECUTABLE);
	CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof(src), src, NULL),
		  CL_INVALID_PROGRAM_EXECUTABLE);
	cl_build_status st = 1;
	CHECK_OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, sizeof(st), &st, NULL));
	CHECK(st == CL_BUILD_NONE);
	cl_program_binary_type bt = 7;
	CHECK_OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BINARY_TYPE, sizeof(bt), &bt, NULL));
	CHECK(bt == CL_PROGRAM_BINARY_TYPE_NONE);
	CHECK(clCreateKernel(p, "a", &err) == NULL);
	CHECK(err == CL_INVALID_PROGRAM_EXECUTABLE);
	clReleaseProgram(p);
}

static void test_build_and_queries(void)
{
	cl_int err;
	cl_program p = clCreateProgramWithSource(context, 1, &scale_src, NULL, &err);
	CHECK_OK(err);

	/* Device-list rules (§5.8.2). */
	CHECK_ERR(clBuildProgram(p, 1, NULL, NULL, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clBuildProgram(p, 0, &device, NULL, NULL, NULL), CL_INVALID_VALUE);
	cl_device_id bogus = (cl_device_id)context;
	CHECK_ERR(clBuildProgram(p, 1, &bogus, NULL, NULL, NULL), CL_INVALID_DEVICE);
	int dummy;
	CHECK_ERR(clBuildProgram(p, 0, NULL, NULL, NULL, &dummy), CL_INVALID_VALUE);
	CHECK_ERR(clBuildProgram(NULL, 0, NULL, NULL, NULL, NULL), CL_INVALID_PROGRAM);
	/* Options the spec does not define. */
	CHECK_ERR(clBuildProgram(p, 0, NULL, "-cl-no-such-option", NULL, NULL),
		  CL_INVALID_BUILD_OPTIONS);
	CHECK_ERR(clBuildProgram(p, 0, NULL, "-create-library", NULL, NULL),
		  CL_INVALID_BUILD_OPTIONS);
	CHECK_ERR(clBuildProgram(p, 0, NULL, "-cl-std=CL9.9", NULL, NULL),
		  CL_INVALID_BUILD_OPTIONS);

	CHECK_OK(clBuildProgram(p, 1, &device, "-cl-mad-enable", NULL, NULL));
	cl_build_status st;
	CHECK_OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, sizeof(st), &st, NULL));
	CHECK(st == CL_BUILD_SUCCESS);
	char opts[64] = "";
	CHECK_OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_OPTIONS, sizeof(opts), opts, NULL));
	CHECK(strcmp(opts, "-cl-mad-enable") == 0);
	cl_program_binary_type bt;
	CHECK_OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BINARY_TYPE, sizeof(bt), &bt, NULL));
	CHECK(bt == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
	size_t gsize = 99;
	CHECK_OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
				       sizeof(gsize), &gsize, NULL));
	CHECK(gsize == 0);
	CHECK_ERR(clGetProgramBuildInfo(p, NULL, CL_PROGRAM_BUILD_STATUS, sizeof(st), &st, NULL),
		  CL_INVALID_DEVICE);
	CHECK_ERR(clGetProgramBuildInfo(p, device, 0x7777, sizeof(st), &st, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, 1, &st, NULL),
		  CL_INVALID_VALUE);

	size_t nk = 0;
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof(nk), &nk, NULL));
	CHECK(nk == 2);
	char names[64] = "";
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof(names), names, NULL));
	CHECK(strcmp(names, "scale;zero") == 0 || strcmp(names, "zero;scale") == 0);
	cl_uint ref = 0, ndev = 0;
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_REFERENCE_COUNT, sizeof(ref), &ref, NULL));
	CHECK(ref == 1);
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_NUM_DEVICES, sizeof(ndev), &ndev, NULL));
	CHECK(ndev == 1);
	cl_device_id d = NULL;
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_DEVICES, sizeof(d), &d, NULL));
	CHECK(d == device);
	cl_context c = NULL;
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_CONTEXT, sizeof(c), &c, NULL));
	CHECK(c == context);
	size_t il_size = 1;
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_IL, 0, NULL, &il_size));
	CHECK(il_size == 0);
	cl_bool ctors = CL_TRUE;
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT, sizeof(ctors), &ctors, NULL));
	CHECK(ctors == CL_FALSE);
	CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_REFERENCE_COUNT, 2, &ref, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetProgramInfo(p, 0x7777, sizeof(ref), &ref, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetProgramInfo(NULL, CL_PROGRAM_REFERENCE_COUNT, sizeof(ref), &ref, NULL),
		  CL_INVALID_PROGRAM);

	check_scale(p, 2);

	/* §5.8.2: no rebuild while a kernel is attached; fine again after. */
	cl_kernel k = clCreateKernel(p, "zero", &err);
	CHECK_OK(err);
	CHECK_ERR(clBuildProgram(p, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION);
	CHECK_ERR(clCompileProgram(p, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL),
		  CL_INVALID_OPERATION);
	clReleaseKernel(k);
	/* -D changes what the program computes. */
	CHECK_OK(clBuildProgram(p, 0, NULL, "-D FACTOR=5", NULL, NULL));
	check_scale(p, 5);
	CHECK_OK(clBuildProgram(p, 0, NULL, "-DFACTOR=-3 -cl-std=CL1.2", NULL, NULL));
	check_scale(p, -3);
	clReleaseProgram(p);
}

static int notified;
static void CL_CALLBACK on_built(cl_program p, void *data)
{
	(void)p;
	notified += *(int *)data;
}

static void test_build_failure(void)
{
	cl_int err;
	/* Line 3, column 9: an undeclared identifier. */
	const char *bad = "__kernel void f(__global int *o)\n"
			  "{\n"
			  "	o[0] = undeclared_thing;\n"
			  "}\n";
	cl_program p = clCreateProgramWithSource(context, 1, &bad, NULL, &err);
	CHECK_OK(err);
	int one = 1;
	notified = 0;
	CHECK_ERR(clBuildProgram(p, 0, NULL, NULL, on_built, &one), CL_BUILD_PROGRAM_FAILURE);
	CHECK(notified == 1);
	cl_build_status st;
	CHECK_OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, sizeof(st), &st, NULL));
	CHECK(st == CL_BUILD_ERROR);
	char *log = build_log(p);
	CHECK(strstr(log, "undeclared_thing") != NULL);
	CHECK(strstr(log, ":3:9") != NULL);
	free(log);
	CHECK(clCreateKernel(p, "f", &err) == NULL);
	CHECK(err == CL_INVALID_PROGRAM_EXECUTABLE);
	size_t nk;
	CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof(nk), &nk, NULL),
		  CL_INVALID_PROGRAM_EXECUTABLE);
	clReleaseProgram(p);

	/* A warning is in the log of a successful build; -Werror turns it
	 * into a failure. */
	const char *warn = "#warning kiln_test_warning\n"
			   "__kernel void g(__global int *o) { o[0] = 1; }";
	p = clCreateProgramWithSource(context, 1, &warn, NULL, &err);
	CHECK_OK(err);
	CHECK_OK(clBuildProgram(p, 0, NULL, NULL, NULL, NULL));
	log = build_log(p);
	CHECK(strstr(log, "kiln_test_warning") != NULL);
	free(log);
	CHECK_ERR(clBuildProgram(p, 0, NULL, "-Werror", NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
	CHECK_OK(clBuildProgram(p, 0, NULL, "-w", NULL, NULL));
	clReleaseProgram(p);
}

static void CL_CALLBACK on_release(cl_program p, void *data)
{
	(void)p, (void)data;
}

static void test_retain_release(void)
{
	cl_int err;
	cl_program p = clCreateProgramWithSource(context, 1, &scale_src, NULL, &err);
	CHECK_OK(err);
	CHECK_ERR(clSetProgramReleaseCallback(p, NULL, NULL), CL_INVALID_VALUE);
	/* §5.8.10: no program-scope destructors, so no release callbacks */
	CHECK_ERR(clSetProgramReleaseCallback(p, on_release, NULL), CL_INVALID_OPERATION);
	CHECK_OK(clRetainProgram(p));
	cl_uint ref = 0;
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_REFERENCE_COUNT, sizeof(ref), &ref, NULL));
	CHECK(ref == 2);
	CHECK_OK(clReleaseProgram(p));
	/* A kernel keeps its program alive after the last release. */
	CHECK_OK(clBuildProgram(p, 0, NULL, NULL, NULL, NULL));
	cl_kernel k = clCreateKernel(p, "zero", &err);
	CHECK_OK(err);
	CHECK_OK(clReleaseProgram(p));
	cl_program kp = NULL;
	CHECK_OK(clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof(kp), &kp, NULL));
	CHECK(kp == p);
	clReleaseKernel(k);
	CHECK_ERR(clRetainProgram(NULL), CL_INVALID_PROGRAM);
	CHECK_ERR(clReleaseProgram(NULL), CL_INVALID_PROGRAM);
}

static void test_misc_entry_points(void)
{
	cl_int err;
	cl_platform_id platform;
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof(platform), &platform, NULL));
	CHECK_OK(clUnloadPlatformCompiler(platform));
	/* No built-in kernels on a Kiln device. */
	CHECK(clCreateProgramWithBuiltInKernels(context, 1, &device, "foo", &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	CHECK(clCreateProgramWithBuiltInKernels(context, 0, NULL, "foo", &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	CHECK(clCreateProgramWithBuiltInKernels(NULL, 1, &device, "foo", &err) == NULL);
	CHECK(err == CL_INVALID_CONTEXT);
	/* IL that is not SPIR-V. */
	static const unsigned char junk[32] = { 1, 2, 3, 4 };
	CHECK(clCreateProgramWithIL(context, junk, sizeof(junk), &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	CHECK(clCreateProgramWithIL(context, NULL, 4, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	/* Specialization constants only for IL programs. */
	cl_program p = clCreateProgramWithSource(context, 1, &scale_src, NULL, &err);
	int v = 0;
	CHECK_ERR(clSetProgramSpecializationConstant(p, 0, sizeof(v), &v), CL_INVALID_PROGRAM);
	clReleaseProgram(p);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);

	test_create_rules();
	test_build_and_queries();
	test_build_failure();
	test_retain_release();
	test_misc_entry_points();

	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
