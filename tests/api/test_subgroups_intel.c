/* Intel's sub-group functions on vectors and memory, from OpenCL C source:
 * cl_intel_subgroups (intel_sub_group_shuffle, _shuffle_xor, the two-source
 * _shuffle_down and _shuffle_up of float, int and uint vectors; block reads
 * and writes of uint), cl_intel_subgroups_char and _short (the same for
 * char and short vectors, intel_sub_group_broadcast, uchar and ushort
 * blocks), cl_intel_subgroups_long (ulong blocks), with the vector forms
 * of sub_group_broadcast and sub_group_non_uniform_broadcast for every
 * type (cl_khr_subgroup_extended_types, cl_khr_subgroup_ballot).  Block
 * reads and writes on buffers and on 2D images, every width, local sizes
 * 7 to 256.  Scalar Intel shuffles and reductions: test_subgroups.c. */
#include "subgroups_ref.h"

#ifndef KILN_TEST_SG_CL
#error "KILN_TEST_SG_CL must name subgroups.cl (tests/CMakeLists.txt)"
#endif

int main(void)
{
	struct bh h;
	bh_init(&h);
	if (!sg_reported(&h)) {
		bh_release(&h);
		return check_done();
	}
	char *src = sg_read_text(KILN_TEST_SG_CL);
	cl_program prog = sg_build_source(&h, KILN_TEST_SG_CL, src, "-DSG_PART=2");
	for (unsigned i = 0; i < SG_N(sg_launches); i++)
		sg_test_vectors(&h, prog, &sg_launches[i]);
	sg_test_blocks(&h, prog);
	clReleaseProgram(prog);
	free(src);
	bh_release(&h);
	return check_done();
}
