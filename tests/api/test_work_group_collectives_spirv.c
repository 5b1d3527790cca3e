/* Work-group collective functions from SPIR-V (OpGroupAll, OpGroupAny,
 * OpGroupBroadcast, OpGroupIAdd/FAdd/SMin/UMin/FMin/SMax/UMax/FMax with the
 * Reduce, InclusiveScan and ExclusiveScan group operations, Workgroup
 * scope): the kernels of work_group_collectives.cl made into a module by
 * clang -target spir64 and llvm-spirv when the tests are built, read by
 * clCreateProgramWithIL, and checked like the OpenCL C ones
 * (work_group_collectives.h).  The translator names some of them by the
 * unsigned type (an int broadcast comes back as the uint one), which the
 * device must answer too.  Runs where the device reports the feature.
 * Uniform NDRanges only: a module built without options needs uniform
 * work-groups in Kiln (as an OpenCL C 1.x program does, §5.8.6.5); the
 * OpenCL C test covers non-uniform ones. */
#include "work_group_collectives.h"

#ifndef KILN_TEST_SPV
#error "KILN_TEST_SPV must name the SPIR-V module (tests/CMakeLists.txt)"
#endif

int main(void)
{
	struct bh h;
	bh_init(&h);
	cl_bool support = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(h.device, CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT,
				 sizeof(support), &support, NULL));
	if (!support) {
		printf("work-group collective functions not reported: nothing to run\n");
		bh_release(&h);
		return check_done();
	}
	FILE *f = fopen(KILN_TEST_SPV, "rb");
	REQUIRE(f);
	REQUIRE(fseek(f, 0, SEEK_END) == 0);
	long n = ftell(f);
	REQUIRE(n > 20);
	rewind(f);
	unsigned char *il = malloc((size_t)n);
	REQUIRE(il && fread(il, 1, (size_t)n, f) == (size_t)n);
	fclose(f);
	cl_int err;
	cl_program p = clCreateProgramWithIL(h.context, il, (size_t)n, &err);
	REQUIRE(err == CL_SUCCESS);
	err = clBuildProgram(p, 1, &h.device, "", NULL, NULL);
	if (err != CL_SUCCESS) {
		static char log[1 << 16];
		clGetProgramBuildInfo(p, h.device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "build log:\n%s\n", log);
	}
	REQUIRE(err == CL_SUCCESS);
	wg_check_all(&h, p, 1);
	clReleaseProgram(p);
	free(il);
	bh_release(&h);
	return check_done();
}
