/* A tiny test harness for Kiln's C tests.  Every test runs through the ICD
 * loader (ctest sets OCL_ICD_VENDORS to the build tree's icd folder) and
 * checks results against an independent reference.
 *
 *   CHECK(cond)              fails the test (and goes on) when cond is false
 *   CHECK_ERR(call, code)    the call returns exactly `code`
 *   CHECK_OK(call)           the call returns CL_SUCCESS
 *   return check_done();     at the end of main: prints a summary, exit code
 */
#ifndef KILN_TESTS_CHECK_H
#define KILN_TESTS_CHECK_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static atomic_int check_failures;
static atomic_int check_count;

#define CHECK(cond)                                                            \
	do {                                                                   \
		atomic_fetch_add(&check_count, 1);                             \
		if (!(cond)) {                                                 \
			atomic_fetch_add(&check_failures, 1);                  \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__,  \
				__LINE__, #cond);                              \
		}                                                              \
	} while (0)

#define CHECK_ERR(call, code)                                                  \
	do {                                                                   \
		cl_int check_err_ = (call);                                    \
		atomic_fetch_add(&check_count, 1);                             \
		if (check_err_ != (code)) {                                    \
			atomic_fetch_add(&check_failures, 1);                  \
			fprintf(stderr, "%s:%d: %s returned %d, expected %s (%d)\n", \
				__FILE__, __LINE__, #call, check_err_, #code,   \
				(int)(code));                                  \
		}                                                              \
	} while (0)

#define CHECK_OK(call) CHECK_ERR(call, CL_SUCCESS)

/* Stops the test at once: for set-up that later checks depend on. */
#define REQUIRE(cond)                                                          \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "%s:%d: required: %s\n", __FILE__,     \
				__LINE__, #cond);                              \
			exit(1);                                               \
		}                                                              \
	} while (0)

static inline int check_done(void)
{
	int f = atomic_load(&check_failures), n = atomic_load(&check_count);
	printf("%d checks, %d failed\n", n, f);
	return f ? 1 : 0;
}

/* The Kiln platform and its first device, found through the loader. */
static inline void check_get_device(cl_platform_id *platform, cl_device_id *device)
{
	cl_uint n = 0;
	REQUIRE(clGetPlatformIDs(1, platform, &n) == CL_SUCCESS && n >= 1);
	char name[64] = "";
	clGetPlatformInfo(*platform, CL_PLATFORM_NAME, sizeof(name), name, NULL);
	REQUIRE(strcmp(name, "Kiln") == 0);
	REQUIRE(clGetDeviceIDs(*platform, CL_DEVICE_TYPE_ALL, 1, device, NULL) == CL_SUCCESS);
}

/* The set-up most tests share: the Kiln device, a context on it and an
 * in-order queue without properties. */
static inline void check_setup(cl_platform_id *platform, cl_device_id *device,
			       cl_context *context, cl_command_queue *queue)
{
	cl_int err;
	check_get_device(platform, device);
	*context = clCreateContext(NULL, 1, device, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	*queue = clCreateCommandQueueWithProperties(*context, *device, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
}

/* A deterministic generator (a linear congruential step) so that random
 * tests repeat exactly from run to run; returns the state's upper bits. */
static inline unsigned check_rand(unsigned *state)
{
	*state = *state * 1103515245u + 12345u;
	return *state >> 8;
}

/* Builds `src` with `options` for `device`; stops the test with the build
 * log when the build fails, since every later check depends on it. */
static inline cl_program check_build(cl_context context, cl_device_id device,
				     const char *src, const char *options)
{
	cl_int err;
	cl_program prog = clCreateProgramWithSource(context, 1, &src, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	err = clBuildProgram(prog, 1, &device, options, NULL, NULL);
	if (err != CL_SUCCESS) {
		static char log[1 << 16];
		log[0] = 0;
		clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "build failed (%d), options \"%s\":\n%s\n", err,
			options ? options : "", log);
	}
	REQUIRE(err == CL_SUCCESS);
	return prog;
}

/* A buffer of `bytes` in `context`, a copy of `host` when it is not NULL;
 * stops the test when it cannot be made. */
static inline cl_mem check_new_buffer(cl_context context, size_t bytes, const void *host)
{
	cl_int err;
	cl_mem m = clCreateBuffer(context, host ? CL_MEM_COPY_HOST_PTR : CL_MEM_READ_WRITE, bytes,
				  (void *)host, &err);
	REQUIRE(err == CL_SUCCESS);
	return m;
}

/* Releases what check_setup made and returns check_done()'s status. */
static inline int check_teardown(cl_command_queue queue, cl_context context)
{
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}

/* The description of a w x h 2D image (no pitches, no buffer). */
static inline cl_image_desc check_image2d_desc(size_t w, size_t h)
{
	cl_image_desc d;
	memset(&d, 0, sizeof(d));
	d.image_type = CL_MEM_OBJECT_IMAGE2D;
	d.image_width = w;
	d.image_height = h;
	return d;
}

/* Kernel `name` of `prog`; stops the test when it cannot be made. */
static inline cl_kernel check_create_kernel(cl_program prog, const char *name)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	if (err != CL_SUCCESS)
		fprintf(stderr, "clCreateKernel(\"%s\") returned %d\n", name, err);
	REQUIRE(err == CL_SUCCESS);
	return k;
}

/* Whether `device` runs non-uniform work-groups
 * (CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT); when not, prints what the
 * test leaves out. */
static inline int check_nonuniform(cl_device_id device, const char *left_out)
{
	cl_bool on = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof(on),
				 &on, NULL));
	if (!on)
		printf("no non-uniform work-groups: %s\n", left_out);
	return on == CL_TRUE;
}

/* Whether the space-separated `list` (an extension or version list) holds
 * `word` as a whole entry. */
static inline int check_has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = strstr(list, word); p; p = strstr(p + 1, word))
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return 1;
	return 0;
}

#endif
