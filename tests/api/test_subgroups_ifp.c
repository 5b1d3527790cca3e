/* Independent forward progress of sub-groups (OpenCL 3.0 §3.2.2,
 * CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS; cl_khr_subgroups
 * requires it): one sub-group of a work-group waits in a loop for what
 * another writes, and finishes.
 *
 *  - chain: each sub-group waits, through an atomic flag in local memory,
 *    for the sub-group after it, so they finish last to first; the order
 *    (an atomic counter) is checked against the layout derived from the
 *    kernel's reported sub-group size;
 *  - chain_volatile: the same through a volatile flag and mem_fence, as
 *    OpenCL 1.x code writes it;
 *  - lock: every work-item takes a spin lock (atomic_cmpxchg against 0)
 *    around a plain read-modify-write of a local counter;
 *  - cas_add: a float sum through an atomic_cmpxchg retry loop (a loop
 *    that does not wait for anyone; the compiler keeps it on the fast path,
 *    tests/compiler/ir/subgroups_ifp.ll).
 * Local sizes 1 to 256, with a partial last group. */
#include "builtin_harness.h"

#include <math.h>
#include <stdint.h>

static const char src[] =
	"#define MAXSG 256\n"
	"kernel void chain(global int *out)\n"
	"{\n"
	"	local atomic_int flag[MAXSG];\n"
	"	local atomic_int order;\n"
	"	for (uint i = get_local_id(0); i < MAXSG; i += get_local_size(0))\n"
	"		atomic_init(&flag[i], 0);\n"
	"	if (get_local_id(0) == 0)\n"
	"		atomic_init(&order, 0);\n"
	"	barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	uint sg = get_sub_group_id(), n = get_num_sub_groups();\n"
	"	if (sg + 1 < n && get_sub_group_local_id() == 0)\n"
	"		while (atomic_load(&flag[sg + 1]) == 0)\n"
	"			;\n"
	"	sub_group_barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	if (get_sub_group_local_id() == 0) {\n"
	"		out[get_group_id(0) * MAXSG + sg] = atomic_fetch_add(&order, 1);\n"
	"		atomic_store(&flag[sg], 1);\n"
	"	}\n"
	"}\n"
	"\n"
	"kernel void chain_volatile(global int *out)\n"
	"{\n"
	"	volatile local int flag[MAXSG];\n"
	"	local int order;\n"
	"	for (uint i = get_local_id(0); i < MAXSG; i += get_local_size(0))\n"
	"		flag[i] = 0;\n"
	"	if (get_local_id(0) == 0)\n"
	"		order = 0;\n"
	"	barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	uint sg = get_sub_group_id(), n = get_num_sub_groups();\n"
	"	if (sg + 1 < n && get_sub_group_local_id() == 0)\n"
	"		while (flag[sg + 1] == 0)\n"
	"			;\n"
	"	sub_group_barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	if (get_sub_group_local_id() == 0) {\n"
	"		out[get_group_id(0) * MAXSG + sg] = order++;\n"
	"		mem_fence(CLK_LOCAL_MEM_FENCE);\n"
	"		flag[sg] = 1;\n"
	"	}\n"
	"}\n"
	"\n"
	"kernel void lock(global int *out)\n"
	"{\n"
	"	local int l, count;\n"
	"	if (get_local_id(0) == 0) {\n"
	"		l = 0;\n"
	"		count = 0;\n"
	"	}\n"
	"	barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	while (atomic_cmpxchg(&l, 0, 1) != 0)\n"
	"		;\n"
	"	int c = count;\n"
	"	count = c + (int)get_local_id(0) + 1;\n"
	"	atomic_xchg(&l, 0);\n"
	"	barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	if (get_local_id(0) == 0)\n"
	"		out[get_group_id(0)] = count;\n"
	"}\n"
	"\n"
	"kernel void cas_add(global const float *in, global float *sum)\n"
	"{\n"
	"	volatile global int *p = (volatile global int *)sum;\n"
	"	float x = in[get_global_id(0)];\n"
	"	int old, upd;\n"
	"	do {\n"
	"		old = *p;\n"
	"		upd = as_int(as_float(old) + x);\n"
	"	} while (atomic_cmpxchg(p, old, upd) != old);\n"
	"}\n";

#define MAXSG 256

static unsigned sub_group_size(struct bh *h, cl_kernel k, size_t local)
{
	size_t s = 0;
	CHECK_OK(clGetKernelSubGroupInfo(k, h->device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
					 sizeof(local), &local, sizeof(s), &s, NULL));
	return (unsigned)s;
}

/* Runs kernel `name` over `global` work-items in groups of `local`, one
 * buffer of `n` ints in, read back into out. */
static void run(struct bh *h, cl_program prog, const char *name, size_t global, size_t local,
		cl_int *out, size_t n, unsigned *sg_size)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	REQUIRE(err == CL_SUCCESS);
	*sg_size = sub_group_size(h, k, local);
	for (size_t i = 0; i < n; i++)
		out[i] = -1;
	cl_mem m = clCreateBuffer(h->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
				  n * sizeof(cl_int), out, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(m), &m));
	CHECK_OK(clEnqueueNDRangeKernel(h->queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(h->queue, m, CL_TRUE, 0, n * sizeof(cl_int), out, 0, NULL,
				     NULL));
	clReleaseMemObject(m);
	clReleaseKernel(k);
}

static void test_chain(struct bh *h, cl_program prog, const char *name, size_t local)
{
	size_t global = local * 3 + (local > 1 ? local / 2 : 0); /* a partial last group */
	size_t groups = (global + local - 1) / local;
	cl_int *out = malloc(groups * MAXSG * sizeof(cl_int));
	REQUIRE(out);
	unsigned S = 0;
	run(h, prog, name, global, local, out, groups * MAXSG, &S);
	REQUIRE(S >= 1);
	unsigned bad = 0;
	for (size_t g = 0; g < groups; g++) {
		size_t items = global - g * local < local ? global - g * local : local;
		size_t n = (items + S - 1) / S;
		for (size_t sg = 0; sg < MAXSG; sg++) {
			cl_int want = sg < n ? (cl_int)(n - 1 - sg) : -1;
			if (out[g * MAXSG + sg] != want && bad++ < 5)
				fprintf(stderr, "%s, local %zu: group %zu sub-group %zu finished %d-th, "
						"expected %d-th (sub-group size %u)\n",
					name, local, g, sg, out[g * MAXSG + sg], want, S);
		}
	}
	CHECK(bad == 0);
	free(out);
}

static void test_lock(struct bh *h, cl_program prog, size_t local)
{
	size_t global = local * 2 + (local > 1 ? 1 : 0);
	size_t groups = (global + local - 1) / local;
	cl_int out[8];
	unsigned S;
	run(h, prog, "lock", global, local, out, groups, &S);
	for (size_t g = 0; g < groups; g++) {
		size_t items = global - g * local < local ? global - g * local : local;
		CHECK(out[g] == (cl_int)(items * (items + 1) / 2));
	}
}

static void test_cas_add(struct bh *h, cl_program prog)
{
	enum { N = 4099 };
	static float in[N];
	double want = 0;
	for (int i = 0; i < N; i++) {
		in[i] = (float)(i % 17); /* small integers: every order sums exactly */
		want += in[i];
	}
	float sum = 0;
	struct bh_arg args[] = { BH_BUF(in, sizeof(in)), BH_BUF(&sum, sizeof(sum)) };
	bh_run(h, prog, "cas_add", N, 64, 2, args);
	CHECK(sum == (float)want);
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	cl_bool ifp = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(h.device, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS,
				 sizeof(ifp), &ifp, NULL));
	cl_uint max_sg = 0;
	CHECK_OK(clGetDeviceInfo(h.device, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof(max_sg), &max_sg,
				 NULL));
	/* cl_khr_subgroups is listed exactly when sub-groups make independent
	 * forward progress (the extension requires it). */
	CHECK(bh_has_extension(&h, "cl_khr_subgroups") == (max_sg > 0 && ifp));
	if (!ifp) {
		printf("no independent forward progress of sub-groups: nothing more to test\n");
		bh_release(&h);
		return check_done();
	}
	cl_program prog = bh_build(&h, src, "-cl-std=CL3.0");
	static const size_t locals[] = { 1, 7, 16, 33, 64, 256 };
	for (size_t i = 0; i < sizeof(locals) / sizeof(locals[0]); i++) {
		test_chain(&h, prog, "chain", locals[i]);
		test_chain(&h, prog, "chain_volatile", locals[i]);
		test_lock(&h, prog, locals[i]);
	}
	test_cas_add(&h, prog);
	clReleaseProgram(prog);
	bh_release(&h);
	return check_done();
}
