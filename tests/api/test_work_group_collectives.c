/* Work-group collective functions from OpenCL C source (OpenCL C 3.0
 * §6.15.14, feature __opencl_c_work_group_collective_functions):
 * work_group_all/any, work_group_broadcast in its 1D, 2D and 3D forms,
 * work_group_reduce/scan_inclusive/scan_exclusive of add, min and max for
 * int, uint, long, ulong, float and double, over local sizes 1, 7, 16, 33,
 * 64 and 256, 2D and 3D groups, uniform and non-uniform NDRanges, back to
 * back, in a uniform loop, and as a memory barrier; every result against a
 * host reference (work_group_collectives.h).
 *
 * A device that does not report the feature must say so consistently and
 * refuse to build a kernel that calls a collective under OpenCL C 3.0. */
#include "work_group_collectives.h"

#ifndef KILN_TEST_WG_CL
#error "KILN_TEST_WG_CL must name work_group_collectives.cl (tests/CMakeLists.txt)"
#endif

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	REQUIRE(f);
	REQUIRE(fseek(f, 0, SEEK_END) == 0);
	long n = ftell(f);
	REQUIRE(n > 0);
	rewind(f);
	char *s = malloc((size_t)n + 1);
	REQUIRE(s && fread(s, 1, (size_t)n, f) == (size_t)n);
	s[n] = 0;
	fclose(f);
	return s;
}

/* Whether CL_DEVICE_OPENCL_C_FEATURES lists `name`. */
static int has_c_feature(struct bh *h, const char *name)
{
	size_t bytes = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_OPENCL_C_FEATURES, 0, NULL, &bytes));
	cl_name_version *f = malloc(bytes ? bytes : 1);
	REQUIRE(f);
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_OPENCL_C_FEATURES, bytes, f, NULL));
	int found = 0;
	for (size_t i = 0; i < bytes / sizeof(*f); i++)
		found |= strcmp(f[i].name, name) == 0;
	free(f);
	return found;
}

static const char uses_collective[] =
	"__kernel void k(__global int *p) { p[0] = work_group_reduce_add(p[0]); }\n";

int main(void)
{
	struct bh h;
	bh_init(&h);
	cl_bool support = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(h.device, CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT,
				 sizeof(support), &support, NULL));
	int feature = has_c_feature(&h, "__opencl_c_work_group_collective_functions");
	CHECK(feature == (support == CL_TRUE));
	if (!support) {
		cl_int err;
		const char *src = uses_collective;
		cl_program p = clCreateProgramWithSource(h.context, 1, &src, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK_ERR(clBuildProgram(p, 1, &h.device, "-cl-std=CL3.0", NULL, NULL),
			  CL_BUILD_PROGRAM_FAILURE);
		clReleaseProgram(p);
		printf("work-group collective functions not reported: checked that they "
		       "are refused\n");
		bh_release(&h);
		return check_done();
	}
	char *src = read_text(KILN_TEST_WG_CL);
	cl_program prog = bh_build(&h, src, "-cl-std=CL3.0");
	wg_check_all(&h, prog, 0);
	clReleaseProgram(prog);
	/* With sub-groups, the collectives also in a kernel that runs its
	 * work-items as fibers (arith_fibers_<type>), over every NDRange. */
	if (has_c_feature(&h, "__opencl_c_subgroups")) {
		prog = bh_build(&h, src, "-cl-std=CL3.0 -DWG_FIBERS");
		static const enum wg_type fiber_types[] = { WG_INT, WG_LONG, WG_DOUBLE };
		for (size_t i = 0; i < WG_NRANGES; i++)
			for (int t = 0; t < 3; t++)
				wg_check_arith(&h, prog, "arith_fibers_", fiber_types[t],
					       &wg_ranges[i]);
		clReleaseProgram(prog);
	} else {
		printf("no sub-groups: the collectives on fibers not checked\n");
	}
	free(src);
	bh_release(&h);
	return check_done();
}
