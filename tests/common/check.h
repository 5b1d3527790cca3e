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

#endif
