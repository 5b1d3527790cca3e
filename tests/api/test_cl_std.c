/* -cl-std= against the device's OpenCL C versions (OpenCL 3.0 §5.8.6.5):
 * a build for a version listed in CL_DEVICE_OPENCL_C_ALL_VERSIONS succeeds
 * and compiles as that version (__OPENCL_C_VERSION__); a build for one not
 * listed fails with CL_BUILD_PROGRAM_FAILURE and a build log that says so
 * (for OpenCL C 2.0: which of its features the device lacks, and that
 * -cl-std=CL3.0 offers the others). */
#include "check.h"

#include <string.h>

static const char src[] =
	"kernel void v(global int *o) { o[0] = __OPENCL_C_VERSION__; }\n";

static int lists_version(const cl_name_version *v, size_t n, unsigned major,
			 unsigned minor)
{
	for (size_t i = 0; i < n; i++)
		if (CL_VERSION_MAJOR(v[i].version) == major &&
		    CL_VERSION_MINOR(v[i].version) == minor)
			return 1;
	return 0;
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	check_setup(&platform, &dev, &ctx, &q);

	cl_name_version versions[16];
	size_t size = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_ALL_VERSIONS, sizeof(versions),
				 versions, &size));
	size_t n = size / sizeof(versions[0]);
	CHECK(lists_version(versions, n, 3, 0));
	char features[8192] = "";
	cl_name_version fv[64];
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_FEATURES, sizeof(fv), fv, &size));
	for (size_t i = 0; i < size / sizeof(fv[0]); i++) {
		strcat(features, fv[i].name);
		strcat(features, " ");
	}

	static const struct {
		const char *opt;
		unsigned major, minor;
	} cases[] = {
		{ "-cl-std=CL1.1", 1, 1 },
		{ "-cl-std=CL1.2", 1, 2 },
		{ "-cl-std=CL2.0", 2, 0 },
		{ "-cl-std=CL3.0", 3, 0 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cl_int err;
		const char *s = src;
		cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		err = clBuildProgram(p, 1, &dev, cases[i].opt, NULL, NULL);
		static char log[8192];
		log[0] = '\0';
		clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		if (lists_version(versions, n, cases[i].major, cases[i].minor)) {
			CHECK(err == CL_SUCCESS);
			if (err != CL_SUCCESS) {
				fprintf(stderr, "%s: %s\n", cases[i].opt, log);
				clReleaseProgram(p);
				continue;
			}
			cl_kernel k = clCreateKernel(p, "v", &err);
			REQUIRE(err == CL_SUCCESS);
			cl_mem o = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(cl_int), NULL, &err);
			REQUIRE(err == CL_SUCCESS);
			CHECK_OK(clSetKernelArg(k, 0, sizeof(o), &o));
			CHECK_OK(clEnqueueTask(q, k, 0, NULL, NULL));
			cl_int got = 0;
			CHECK_OK(clEnqueueReadBuffer(q, o, CL_TRUE, 0, sizeof(got), &got, 0, NULL, NULL));
			CHECK(got == (cl_int)(cases[i].major * 100 + cases[i].minor * 10));
			clReleaseMemObject(o);
			clReleaseKernel(k);
		} else {
			CHECK(err == CL_BUILD_PROGRAM_FAILURE);
			cl_build_status st = CL_BUILD_NONE;
			CHECK_OK(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_STATUS, sizeof(st), &st, NULL));
			CHECK(st == CL_BUILD_ERROR);
			CHECK(strstr(log, "does not support OpenCL C") != NULL);
			/* OpenCL C 2.0: the log names a 2.0 feature the device does
			 * not report, and none it does report. */
			if (cases[i].major == 2) {
				static const char *const f20[] = {
					"__opencl_c_pipes", "__opencl_c_device_enqueue",
					"__opencl_c_work_group_collective_functions",
					"__opencl_c_generic_address_space",
				};
				int named_missing = 0;
				for (size_t j = 0; j < sizeof(f20) / sizeof(f20[0]); j++) {
					int reported = check_has_word(features, f20[j]);
					int named = strstr(log, f20[j]) != NULL;
					CHECK(!(reported && named));
					named_missing |= !reported && named;
				}
				CHECK(named_missing);
				CHECK(strstr(log, "-cl-std=CL3.0") != NULL);
			}
		}
		clReleaseProgram(p);
	}
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
