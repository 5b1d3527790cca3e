/* cl_khr_suggested_local_work_size: clGetKernelSuggestedLocalWorkSizeKHR,
 * found through clGetExtensionFunctionAddressForPlatform, answers exactly
 * the local size an enqueue with a NULL local_work_size runs (each kernel
 * writes get_local_size back) for 1, 2 and 3 dimensions, prime, power-of-
 * two and odd global sizes, with and without a global offset, in programs
 * with uniform (OpenCL C 1.2) and non-uniform (3.0) work-groups, and for a
 * kernel with reqd_work_group_size; and each error of the extension. */
#include "check.h"

#include <stdint.h>

static const char *src =
	"kernel void sizes(global uint *o) {\n"
	"  if (get_global_id(0) == get_global_offset(0) &&\n"
	"      get_global_id(1) == get_global_offset(1) &&\n"
	"      get_global_id(2) == get_global_offset(2)) {\n"
	"    o[0] = get_local_size(0); o[1] = get_local_size(1); o[2] = get_local_size(2);\n"
	"  }\n"
	"}\n"
	"__attribute__((reqd_work_group_size(8, 2, 1)))\n"
	"kernel void reqd(global uint *o) {\n"
	"  if (get_global_id(0) == 0 && get_global_id(1) == 0) {\n"
	"    o[0] = get_local_size(0); o[1] = get_local_size(1); o[2] = get_local_size(2);\n"
	"  }\n"
	"}\n"
	"kernel void two(global uint *o, int x) { }\n";

static clGetKernelSuggestedLocalWorkSizeKHR_fn suggest;

/* The suggestion and what an enqueue with NULL local ran agree. */
static void compare(cl_command_queue q, cl_kernel k, cl_mem buf, cl_uint dims,
		    const size_t *offset, const size_t *global)
{
	size_t s[3] = { 0, 0, 0 };
	CHECK_OK(clSetKernelArg(k, 0, sizeof(buf), &buf));
	CHECK_OK(suggest(q, k, dims, offset, global, s));
	cl_uint ran[3] = { 0, 0, 0 };
	CHECK_OK(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, sizeof(ran), ran, 0, NULL, NULL));
	CHECK_OK(clEnqueueNDRangeKernel(q, k, dims, offset, global, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(ran), ran, 0, NULL, NULL));
	for (cl_uint d = 0; d < 3; d++) {
		size_t want = d < dims ? s[d] : 1;
		CHECK(ran[d] == want);
		if (ran[d] != want)
			fprintf(stderr, "dims %u global %zu,%zu,%zu: suggested %zu %zu %zu, ran "
				"%u %u %u\n", dims, global[0], dims > 1 ? global[1] : 1,
				dims > 2 ? global[2] : 1, s[0], s[1], s[2], ran[0], ran[1],
				ran[2]);
	}
	/* The suggestion is a valid local size for this global size. */
	size_t total = 1;
	for (cl_uint d = 0; d < dims; d++) {
		CHECK(s[d] >= 1 && s[d] <= global[d]);
		total *= s[d];
	}
	CHECK(total <= 4096);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id device;
	cl_context ctx;
	cl_command_queue q;
	cl_int err;
	check_setup(&platform, &device, &ctx, &q);
	char ext[4096] = "";
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof(ext), ext, NULL));
	CHECK(check_has_word(ext, "cl_khr_suggested_local_work_size"));
	suggest = (clGetKernelSuggestedLocalWorkSizeKHR_fn)
		clGetExtensionFunctionAddressForPlatform(platform,
							 "clGetKernelSuggestedLocalWorkSizeKHR");
	REQUIRE(suggest);
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16, NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	static const size_t sizes1[] = { 1, 2, 7, 16, 31, 64, 100, 113, 1000, 1024, 4096,
					 65536, 65537, 1 << 20, 999983 };
	static const size_t sizes2[][2] = { { 1, 1 }, { 64, 3 }, { 3, 64 }, { 113, 12 },
					    { 512, 512 }, { 17, 1 }, { 1, 4096 } };
	static const size_t sizes3[][3] = { { 4, 4, 4 }, { 64, 3, 12 }, { 113, 1, 5 },
					    { 1, 1, 4096 }, { 128, 128, 2 } };
	static const char *const stds[] = { "", "-cl-std=CL3.0" };
	for (int st = 0; st < 2; st++) {
		cl_program p = check_build(ctx, device, src, stds[st]);
		cl_kernel k = clCreateKernel(p, "sizes", &err);
		REQUIRE(err == CL_SUCCESS);
		size_t offset[3] = { 5, 3, 1 };
		for (size_t i = 0; i < sizeof(sizes1) / sizeof(sizes1[0]); i++) {
			compare(q, k, buf, 1, NULL, &sizes1[i]);
			compare(q, k, buf, 1, offset, &sizes1[i]);
		}
		for (size_t i = 0; i < sizeof(sizes2) / sizeof(sizes2[0]); i++)
			compare(q, k, buf, 2, i % 2 ? offset : NULL, sizes2[i]);
		for (size_t i = 0; i < sizeof(sizes3) / sizeof(sizes3[0]); i++)
			compare(q, k, buf, 3, i % 2 ? offset : NULL, sizes3[i]);

		/* reqd_work_group_size: exactly it. */
		cl_kernel r = clCreateKernel(p, "reqd", &err);
		REQUIRE(err == CL_SUCCESS);
		size_t g[2] = { 64, 8 }, s[3] = { 0, 0, 0 };
		CHECK_OK(clSetKernelArg(r, 0, sizeof(buf), &buf));
		CHECK_OK(suggest(q, r, 2, NULL, g, s));
		CHECK(s[0] == 8 && s[1] == 2);
		compare(q, r, buf, 2, NULL, g);
		clReleaseKernel(r);

		/* Errors, in the extension's terms. */
		size_t one = 64, zero[3] = { 64, 0, 1 }, big = SIZE_MAX, off1 = 1;
		CHECK_ERR(suggest(NULL, k, 1, NULL, &one, s), CL_INVALID_COMMAND_QUEUE);
		CHECK_ERR(suggest(q, NULL, 1, NULL, &one, s), CL_INVALID_KERNEL);
		CHECK_ERR(suggest(q, k, 0, NULL, &one, s), CL_INVALID_WORK_DIMENSION);
		CHECK_ERR(suggest(q, k, 4, NULL, &one, s), CL_INVALID_WORK_DIMENSION);
		CHECK_ERR(suggest(q, k, 1, NULL, NULL, s), CL_INVALID_GLOBAL_WORK_SIZE);
		CHECK_ERR(suggest(q, k, 2, NULL, zero, s), CL_INVALID_GLOBAL_WORK_SIZE);
		CHECK_ERR(suggest(q, k, 1, &off1, &big, s), CL_INVALID_GLOBAL_OFFSET);
		CHECK_ERR(suggest(q, k, 1, NULL, &one, NULL), CL_INVALID_VALUE);
		cl_kernel t = clCreateKernel(p, "two", &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK_OK(clSetKernelArg(t, 0, sizeof(buf), &buf));
		CHECK_ERR(suggest(q, t, 1, NULL, &one, s), CL_INVALID_KERNEL_ARGS);
		clReleaseKernel(t);
		/* A queue of another context. */
		cl_context ctx2 = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		cl_command_queue q2 = clCreateCommandQueueWithProperties(ctx2, device, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK_ERR(suggest(q2, k, 1, NULL, &one, s), CL_INVALID_CONTEXT);
		clReleaseCommandQueue(q2);
		clReleaseContext(ctx2);
		clReleaseKernel(k);
		clReleaseProgram(p);
	}
	/* A kernel of a program built for no device. */
	cl_program unbuilt = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel none = clCreateKernel(unbuilt, "sizes", &err);
	CHECK(err == CL_INVALID_PROGRAM_EXECUTABLE && none == NULL);
	clReleaseProgram(unbuilt);

	clReleaseMemObject(buf);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
