/* Sub-group functions from SPIR-V (OpenCL 3.0 §5.8.1 clCreateProgramWithIL):
 * subgroups.cl made into a module when the tests are built (clang -target
 * spir64, llvm-spirv with its extensions on), so the functions arrive as
 * OpGroup*, OpGroupNonUniform* (vote, ballot, arithmetic, shuffles,
 * clustered), OpGroupNonUniformRotateKHR, OpSubgroupShuffle*INTEL and
 * OpSubgroup(Image)BlockRead/WriteINTEL and come back from the translator
 * under the OpenCL C names kernel-lib defines (with unsigned types where
 * the instruction does not tell).  The same checks as test_subgroups.c and
 * test_subgroups_intel.c (subgroups_ref.h), over the same local sizes with
 * the global size rounded up to whole groups: a module built without
 * options needs uniform work-groups in Kiln (as an OpenCL C 1.x program
 * does, §5.8.6.5); partial sub-groups remain (local sizes 7 and 33). */
#include "subgroups_ref.h"

#ifndef KILN_TEST_SPV
#error "KILN_TEST_SPV must name the SPIR-V module (tests/CMakeLists.txt)"
#endif

int main(void)
{
	struct bh h;
	bh_init(&h);
	if (!sg_reported(&h)) {
		bh_release(&h);
		return check_done();
	}
	/* What this module uses of SPV_INTEL_subgroups is what the extension
	 * promises, so a device with sub-groups and IL lists it. */
	CHECK(bh_has_extension(&h, "cl_intel_spirv_subgroups"));
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
	cl_program prog = clCreateProgramWithIL(h.context, il, (size_t)n, &err);
	REQUIRE(err == CL_SUCCESS);
	err = clBuildProgram(prog, 1, &h.device, "", NULL, NULL);
	if (err != CL_SUCCESS) {
		static char log[1 << 16];
		clGetProgramBuildInfo(prog, h.device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "build log:\n%s\n", log);
	}
	REQUIRE(err == CL_SUCCESS);
	for (unsigned i = 0; i < SG_N(sg_launches); i++) {
		struct sg_launch uniform = sg_launches[i];
		for (cl_uint d = 0; d < uniform.dims; d++)
			uniform.global[d] = (uniform.global[d] + uniform.local[d] - 1) /
					    uniform.local[d] * uniform.local[d];
		const struct sg_launch *l = &uniform;
		for (int t = 0; t < SG_NTYPES; t++) {
			sg_test_arith(&h, prog, (enum sg_tid)t, l, 0, 0);
			sg_test_exchange(&h, prog, (enum sg_tid)t, l, 0);
		}
		sg_test_votes(&h, prog, l, 0);
		sg_test_barrier(&h, prog, l, 0);
		sg_test_vectors(&h, prog, l);
	}
	sg_test_blocks(&h, prog);
	clReleaseProgram(prog);
	free(il);
	bh_release(&h);
	return check_done();
}
