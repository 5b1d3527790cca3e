/* Tree reductions in __local memory, the barrier-heavy shape of
 * kiln-bench-kernels' `reduce`: each level adds the upper half of the
 * live values to the lower half under `if (lid < s)`, with a barrier after
 * it.  lib/compiler/guard_split.cpp runs each level over the prefix of
 * work-items that add (the record of the region the work-items stopped
 * at, lib/compiler/next_records.h, stored once before the loop) without
 * interleaving (the bound halves from level to level), and
 * lib/compiler/prefetch_groups.cpp prefetches the first region's loads a
 * few groups ahead.  Every group's result is checked against the same
 * tree computed on the host in the same order (float sums bit for bit):
 * local sizes 1 to 1024, a global offset, two loads per work-item, int
 * indices, 2D groups reduced over the linear id, and a non-uniform last
 * group whose tree drops values (its size is not a power of two: the host
 * tree drops the same ones).  ctest runs it again with KILN_SPECIALIZE=1
 * and on the serial driver. */
#include "../common/check.h"

#include <stdint.h>

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

#define N (1 << 16) /* input floats */

static float in_host[2 * N];

static const char *src =
	/* the levels, over the group's n values in t */
	"#define TREE(T, n) \\\n"
	"    barrier(CLK_LOCAL_MEM_FENCE); \\\n"
	"    for (T s = (n) / 2; s > 0; s /= 2) { \\\n"
	"        if (lid < s) \\\n"
	"            t[lid] += t[lid + s]; \\\n"
	"        barrier(CLK_LOCAL_MEM_FENCE); \\\n"
	"    }\n"
	"kernel void tree_f(global const float *in, global float *partial,\n"
	"                   local float *t)\n"
	"{\n"
	"    uint lid = get_local_id(0);\n"
	"    t[lid] = in[get_global_id(0) - get_global_offset(0)];\n"
	"    TREE(uint, get_local_size(0))\n"
	"    if (lid == 0)\n"
	"        partial[get_group_id(0)] = t[0];\n"
	"}\n"
	/* int ids and bounds, two loads a work-item */
	"kernel void tree_pairs(global const float *in, global float *partial,\n"
	"                       local float *t)\n"
	"{\n"
	"    int lid = get_local_id(0), g = get_global_id(0);\n"
	"    t[lid] = in[2 * g] - in[2 * g + 1];\n"
	"    TREE(int, (int)get_local_size(0))\n"
	"    if (lid == 0)\n"
	"        partial[get_group_id(0)] = t[0];\n"
	"}\n"
	/* 2D groups over their linear id; the rows of groups are read
	 * row-major from in */
	"kernel void tree_2d(global const float *in, global float *partial,\n"
	"                    local float *t)\n"
	"{\n"
	"    size_t lid = get_local_linear_id();\n"
	"    size_t w = get_global_size(0);\n"
	"    t[lid] = in[get_global_id(1) * w + get_global_id(0)];\n"
	"    TREE(size_t, get_local_size(0) * get_local_size(1))\n"
	"    if (lid == 0)\n"
	"        partial[get_group_id(1) * get_num_groups(0) + get_group_id(0)] = t[0];\n"
	"}\n";

/* The kernels' tree over v[0..n), on the host, in their order. */
static float host_tree(const float *v, size_t n)
{
	float t[1024];
	for (size_t i = 0; i < n; i++)
		t[i] = v[i];
	for (size_t s = n / 2; s > 0; s >>= 1)
		for (size_t i = 0; i < s; i++)
			t[i] += t[i + s];
	return t[0];
}

/* Runs k over `global` work-items in groups of `local` (1D, the last group
 * possibly smaller) from `offset`, and compares each group's partial with
 * host_tree of its values (`pairs`: in[2g] - in[2g + 1]). */
static void run_1d(cl_kernel k, const char *name, cl_mem in, cl_mem out, size_t global,
		   size_t local, size_t offset, int pairs)
{
	size_t groups = (global + local - 1) / local;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(in), &in));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(out), &out));
	CHECK_OK(clSetKernelArg(k, 2, local * sizeof(float), NULL));
	float fill = -1.0f;
	CHECK_OK(clEnqueueFillBuffer(queue, out, &fill, sizeof(fill), 0, groups * sizeof(float), 0,
				     NULL, NULL));
	cl_int err = clEnqueueNDRangeKernel(queue, k, 1, offset ? &offset : NULL, &global, &local,
					    0, NULL, NULL);
	CHECK(err == CL_SUCCESS);
	if (err != CL_SUCCESS)
		return;
	static float got[N];
	CHECK_OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, groups * sizeof(float), got, 0, NULL,
				     NULL));
	size_t bad = 0;
	for (size_t g = 0; g < groups; g++) {
		size_t n = g + 1 == groups ? global - g * local : local;
		float v[1024];
		for (size_t i = 0; i < n; i++) {
			size_t x = g * local + i;
			v[i] = pairs ? in_host[2 * x] - in_host[2 * x + 1] : in_host[x];
		}
		float want = host_tree(v, n);
		if (memcmp(&got[g], &want, sizeof(float)) != 0 && bad++ < 3)
			fprintf(stderr, "%s: global %zu local %zu offset %zu: group %zu: %a, expected %a\n",
				name, global, local, offset, g, got[g], want);
	}
	CHECK(bad == 0);
}

static void run_2d(cl_kernel k, cl_mem in, cl_mem out, size_t lx, size_t ly)
{
	size_t global[2] = { 64, 32 }, local[2] = { lx, ly };
	size_t nx = global[0] / lx, ny = global[1] / ly;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(in), &in));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(out), &out));
	CHECK_OK(clSetKernelArg(k, 2, lx * ly * sizeof(float), NULL));
	cl_int err = clEnqueueNDRangeKernel(queue, k, 2, NULL, global, local, 0, NULL, NULL);
	CHECK(err == CL_SUCCESS);
	if (err != CL_SUCCESS)
		return;
	static float got[64 * 32];
	CHECK_OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, nx * ny * sizeof(float), got, 0, NULL,
				     NULL));
	size_t bad = 0;
	for (size_t gy = 0; gy < ny; gy++)
		for (size_t gx = 0; gx < nx; gx++) {
			float v[1024];
			for (size_t y = 0; y < ly; y++)
				for (size_t x = 0; x < lx; x++)
					v[y * lx + x] = in_host[(gy * ly + y) * global[0] + gx * lx + x];
			float want = host_tree(v, lx * ly);
			float have = got[gy * nx + gx];
			if (memcmp(&have, &want, sizeof(float)) != 0 && bad++ < 3)
				fprintf(stderr, "tree_2d: %zu x %zu: group (%zu, %zu): %a, expected %a\n",
					lx, ly, gx, gy, have, want);
		}
	CHECK(bad == 0);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);
	unsigned r = 7;
	/* values of many magnitudes, so that the order of the additions
	 * shows in the rounding */
	for (size_t i = 0; i < 2 * N; i++)
		in_host[i] = (float)(check_rand(&r) % 20001) / (float)(1 + check_rand(&r) % 97) - 50.0f;

	cl_program p = check_build(context, device, src, "-cl-std=CL3.0");
	cl_mem in = check_new_buffer(context, sizeof(in_host), in_host);
	cl_mem out = check_new_buffer(context, N * sizeof(float), NULL);
	cl_kernel f = check_create_kernel(p, "tree_f");
	cl_kernel pairs = check_create_kernel(p, "tree_pairs");
	size_t max_wg = 0;
	CHECK_OK(clGetKernelWorkGroupInfo(f, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof(max_wg),
					  &max_wg, NULL));
	for (size_t local = 1; local <= 1024 && local <= max_wg; local *= 2) {
		size_t global = local * 37 > N ? N : local * 37;
		run_1d(f, "tree_f", in, out, global, local, 0, 0);
		run_1d(pairs, "tree_pairs", in, out, global, local, 0, 1);
	}
	run_1d(f, "tree_f", in, out, 256 * 64, 256, 1000, 0);
	if (check_nonuniform(device, "the non-uniform last groups")) {
		run_1d(f, "tree_f", in, out, 64 * 5 + 24, 64, 0, 0);
		run_1d(pairs, "tree_pairs", in, out, 256 * 3 + 100, 256, 0, 1);
	}
	clReleaseKernel(f);
	clReleaseKernel(pairs);

	cl_kernel t2 = check_create_kernel(p, "tree_2d");
	static const size_t shapes[][2] = { { 16, 16 }, { 8, 4 }, { 32, 2 }, { 1, 32 }, { 64, 1 } };
	for (size_t s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++)
		run_2d(t2, in, out, shapes[s][0], shapes[s][1]);
	clReleaseKernel(t2);

	clReleaseMemObject(in);
	clReleaseMemObject(out);
	clReleaseProgram(p);
	return check_teardown(queue, context);
}
