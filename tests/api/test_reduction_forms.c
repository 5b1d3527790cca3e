/* kiln-bench-reduce's ways of summing a group's values: a __local tree
 * with `for (h = 128; h > 0; h >>= 1)` and a barrier per level, and a
 * sub-group reduction whose first work-item adds into the group's partial
 * with an atomic_cmpxchg loop, after a grid-stride loop or one element
 * per work-item.  Building the tree once made the compiler loop for ever:
 * kiln-subgroups, looking for loops that wait for other work-items,
 * followed the loop's test back through `h >>= 1` to the phi of h and
 * from the phi to `h >> 1`, round and round (lib/compiler/atomic_loops.cpp,
 * watched_read).  Every group's partial is checked against a host sum
 * (integer-valued floats, so any order of the additions gives the exact
 * sum); ctest's timeout catches a compiler that hangs again. */
#include "../common/check.h"

#include <stdlib.h>

#define WG 256
#define GROUPS 16

static const char *src =
	/* the first work-item of each sub-group adds the sub-group's sum
	 * into the group's partial */
	"#define ADD_SUB_GROUP_SUM \\\n"
	"    if (get_sub_group_local_id() == 0) { \\\n"
	"        volatile __global uint *p = (volatile __global uint *)partial + get_group_id(0); \\\n"
	"        uint old = *p, seen; \\\n"
	"        while ((seen = atomic_cmpxchg(p, old, as_uint(as_float(old) + sum))) != old) \\\n"
	"            old = seen; \\\n"
	"    }\n"
	"__kernel __attribute__((reqd_work_group_size(256, 1, 1)))\n"
	"void tree(__global const float *in, __global float *partial, uint n4)\n"
	"{\n"
	"    __local float t[256];\n"
	"    float s = in[get_global_id(0)];\n"
	"    uint lid = get_local_id(0);\n"
	"    t[lid] = s;\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    for (uint h = 128; h > 0; h >>= 1) {\n"
	"        if (lid < h)\n"
	"            t[lid] += t[lid + h];\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    }\n"
	"    if (lid == 0)\n"
	"        partial[get_group_id(0)] = t[0];\n"
	"}\n"
	"__kernel __attribute__((reqd_work_group_size(256, 1, 1)))\n"
	"void gs(__global const float4 *in, __global float *partial, uint n4)\n"
	"{\n"
	"    float4 s4 = 0.0f;\n"
	"    for (size_t i = get_global_id(0); i < n4; i += get_global_size(0))\n"
	"        s4 += in[i];\n"
	"    float s = (s4.x + s4.y) + (s4.z + s4.w);\n"
	"    float sum = sub_group_reduce_add(s);\n"
	"    ADD_SUB_GROUP_SUM\n"
	"}\n"
	"__kernel __attribute__((reqd_work_group_size(256, 1, 1)))\n"
	"void one(__global const float *in, __global float *partial)\n"
	"{\n"
	"    float sum = sub_group_reduce_add(in[get_global_id(0)]);\n"
	"    ADD_SUB_GROUP_SUM\n"
	"}\n";

/* Runs kernel k over `items` work-items and checks each group's partial
 * against `want`. */
static void run(cl_context ctx, cl_command_queue q, cl_kernel k, cl_mem partial,
		const float *want, const char *what)
{
	float zero[GROUPS] = { 0 }, got[GROUPS];
	CHECK_OK(clEnqueueWriteBuffer(q, partial, CL_TRUE, 0, sizeof(zero), zero, 0, NULL, NULL));
	size_t global = (size_t)WG * GROUPS, local = WG;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, partial, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
	(void)ctx;
	for (int g = 0; g < GROUPS; g++) {
		if (got[g] != want[g])
			fprintf(stderr, "%s: group %d: partial %.1f, expected %.1f\n", what, g,
				(double)got[g], (double)want[g]);
		CHECK(got[g] == want[g]);
	}
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	check_setup(&platform, &dev, &ctx, &q);
	cl_program prog = check_build(ctx, dev, src, "-cl-std=CL3.0");
	cl_int err;

	/* grid stride: n4 float4s over 16 groups of 256; element e = e % 13 */
	const cl_uint n4 = WG * GROUPS * 3 + 77;
	float *data = malloc(sizeof(float) * 4 * n4);
	REQUIRE(data != NULL);
	for (cl_uint e = 0; e < 4 * n4; e++)
		data[e] = (float)(e % 13);
	float want[GROUPS] = { 0 };
	for (cl_uint i = 0; i < n4; i++) {
		size_t item = i % ((size_t)WG * GROUPS);
		for (int c = 0; c < 4; c++)
			want[item / WG] += data[4 * i + c];
	}
	cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
				   sizeof(float) * 4 * n4, data, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem partial = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(float) * GROUPS, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel gs = clCreateKernel(prog, "gs", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(gs, 0, sizeof(cl_mem), &in));
	CHECK_OK(clSetKernelArg(gs, 1, sizeof(cl_mem), &partial));
	CHECK_OK(clSetKernelArg(gs, 2, sizeof(n4), &n4));
	run(ctx, q, gs, partial, want, "grid stride");

	/* one element per work-item: the first WG * GROUPS floats */
	float want1[GROUPS] = { 0 };
	for (size_t e = 0; e < (size_t)WG * GROUPS; e++)
		want1[e / WG] += data[e];
	cl_kernel one = clCreateKernel(prog, "one", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(one, 0, sizeof(cl_mem), &in));
	CHECK_OK(clSetKernelArg(one, 1, sizeof(cl_mem), &partial));
	run(ctx, q, one, partial, want1, "one per work-item");

	cl_kernel tree = clCreateKernel(prog, "tree", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(tree, 0, sizeof(cl_mem), &in));
	CHECK_OK(clSetKernelArg(tree, 1, sizeof(cl_mem), &partial));
	CHECK_OK(clSetKernelArg(tree, 2, sizeof(n4), &n4));
	run(ctx, q, tree, partial, want1, "__local tree");

	clReleaseKernel(tree);
	clReleaseKernel(gs);
	clReleaseKernel(one);
	clReleaseMemObject(in);
	clReleaseMemObject(partial);
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	free(data);
	return check_done();
}
