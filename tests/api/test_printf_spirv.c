/* printf from a SPIR-V module whose format string is a UniformConstant
 * variable the translator reads back as a plain (not `constant`) global of
 * the __constant address space, as some SPIR-V producers emit it (the
 * conformance suite's extinst_printf tests do).  The format is still a
 * literal (OpenCL C 3.0 §6.15.14.2): the build must succeed and print what
 * the host's snprintf prints for the same values.  The module is assembled
 * from tests/api/spirv_printf_plain_global.ll when the tests are built. */
#include "capture.h"
#include "check.h"

#include <string.h>

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	check_setup(&platform, &dev, &ctx, &q);

	FILE *f = fopen(KILN_TEST_SPV_PRINTF, "rb");
	REQUIRE(f);
	static unsigned char il[1 << 14];
	size_t n = fread(il, 1, sizeof(il), f);
	fclose(f);
	REQUIRE(n > 20 && n < sizeof(il));

	cl_int err;
	cl_program p = clCreateProgramWithIL(ctx, il, n, &err);
	REQUIRE(err == CL_SUCCESS);
	err = clBuildProgram(p, 1, &dev, "", NULL, NULL);
	if (err != CL_SUCCESS) {
		static char log[1 << 14];
		clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "build log:\n%s\n", log);
	}
	CHECK(err == CL_SUCCESS);
	if (err != CL_SUCCESS)
		return check_done();

	cl_kernel k = clCreateKernel(p, "k", &err);
	REQUIRE(err == CL_SUCCESS);
	const cl_int values[] = { 0, -42, 1234567, INT32_MIN };
	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_int), &values[i]));
		size_t one = 1;
		capture_begin();
		CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL));
		CHECK_OK(clFinish(q));
		char *got = capture_end();
		char want[64];
		snprintf(want, sizeof(want), "x = %d, %x.\n", values[i], (unsigned)values[i]);
		if (strcmp(got, want) != 0)
			fprintf(stderr, "printed \"%s\", expected \"%s\"\n", got, want);
		CHECK(strcmp(got, want) == 0);
		free(got);
	}
	clReleaseKernel(k);
	clReleaseProgram(p);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
