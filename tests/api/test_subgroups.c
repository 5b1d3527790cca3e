/* Sub-group functions from OpenCL C source: the core functions (OpenCL C
 * 3.0 §6.15.16, cl_khr_subgroups) and the cl_khr_subgroup_* extensions
 * (extended types, non-uniform vote, ballot, non-uniform arithmetic,
 * shuffle, shuffle relative, clustered reduce, rotate) with Intel's scalar
 * shuffles and 8/16-bit reductions, for char, uchar, short, ushort, int,
 * uint, long, ulong, float and double, over local sizes 1, 7, 16, 33, 64
 * and 256 with a partial last group and a 2D launch, in uniform control
 * flow; the work-item functions and sub_group_barrier; and every sub-group
 * size the device lets a kernel require (intel_reqd_sub_group_size).
 * Every result against the host reference of subgroups_ref.h, which
 * derives the expected values from the sub-group size the kernel reports
 * (clGetKernelSubGroupInfo).
 *
 * A device that does not report sub-groups must refuse a kernel that calls
 * one under OpenCL C 3.0. */
#include "subgroups_ref.h"

#ifndef KILN_TEST_SG_CL
#error "KILN_TEST_SG_CL must name subgroups.cl (tests/CMakeLists.txt)"
#endif

/* Every launch of sg_launches: each type's reductions, scans and
 * exchanges, then votes, ballots, geometry and sub_group_barrier.
 * `only_int` for a program built with -DSG_PART=3 (the int kernels, no
 * integer-only operators); `want` the sub-group size the kernels must
 * report (0: any). */
static void run_all(struct bh *h, cl_program prog, int only_int, unsigned want)
{
	for (unsigned i = 0; i < SG_N(sg_launches); i++) {
		const struct sg_launch *l = &sg_launches[i];
		for (int t = 0; t < SG_NTYPES; t++) {
			if (only_int && t != SG_INT)
				continue;
			sg_test_arith(h, prog, (enum sg_tid)t, l, want, only_int);
			sg_test_exchange(h, prog, (enum sg_tid)t, l, want);
		}
		sg_test_votes(h, prog, l, want);
		sg_test_barrier(h, prog, l, want);
	}
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	if (!sg_reported(&h)) {
		bh_release(&h);
		return check_done();
	}
	char *src = sg_read_text(KILN_TEST_SG_CL);
	cl_program prog = sg_build_source(&h, KILN_TEST_SG_CL, src, "-DSG_PART=1");
	run_all(&h, prog, 0, 0);
	clReleaseProgram(prog);

	/* The int kernels again at every size a kernel may require. */
	size_t sizes[16];
	unsigned nsizes = sg_required_sizes(&h, sizes, 16);
	for (unsigned i = 0; i < nsizes; i++) {
		char opts[64];
		snprintf(opts, sizeof(opts), "-DSG_PART=3 -DSG_REQD=%zu", sizes[i]);
		prog = sg_build_source(&h, KILN_TEST_SG_CL, src, opts);
		run_all(&h, prog, 1, (unsigned)sizes[i]);
		clReleaseProgram(prog);
	}
	printf("sub-group sizes required and tested: %u\n", nsizes);
	free(src);
	bh_release(&h);
	return check_done();
}
