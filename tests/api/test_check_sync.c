/* Checked mode, barriers, uninitialized __local reads, __local races and
 * races between work-groups on global memory (KILN_CHECK=barriers,uninit,
 * races; docs/checked_mode.md): one kernel with one planted defect per
 * check.  The message names the kernel, the
 * source line and the work-item; the event ends in CL_OUT_OF_RESOURCES;
 * a reduction with barriers in uniform loops, the same kernels' clean
 * cousins, give their results and no message. */
#include "check.h"

#include <pthread.h>
#include <stdint.h>

static const char src[] =
	"__kernel void race(__global int *out)\n"
	"{\n"
	"    __local int cell[16];\n"
	"    int l = get_local_id(0);\n"
	"    cell[l] = l; if (l == 3) cell[4] = 40; /*L:race*/\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    out[get_global_id(0)] = cell[l];\n"
	"}\n"
	/* Each element of a float4 written one component at a time (which
	 * Clang compiles as a load of the whole vector, an insert and a
	 * store: the conformance suite's enqueue_block_with_local_arg2 does
	 * it), then read whole: nothing uninitialized. */
	"__kernel void components(__global int *out)\n"
	"{\n"
	"    __local float4 v[16];\n"
	"    int l = get_local_id(0);\n"
	"    v[l].x = l; v[l].y = 2 * l; v[l].z = 3 * l; v[l].w = 4 * l;\n"
	"    float4 r = v[l];\n"
	"    out[get_global_id(0)] = (int)(r.x + r.y + r.z + r.w);\n"
	"}\n"
	/* A float8 stored with vstore8 into a __local array, through
	 * kernel-lib's generic pointer, then read by another work-item:
	 * nothing uninitialized (the store was not counted as a write of
	 * local memory before the address spaces were inferred). */
	"__kernel void vstored(__global int *out)\n"
	"{\n"
	"    __local float v[16 * 8];\n"
	"    int l = get_local_id(0);\n"
	"    vstore8((float8)(l, 2 * l, 3 * l, 4 * l, 5 * l, 6 * l, 7 * l, 8 * l), l, v);\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    out[get_global_id(0)] = (int)v[((l + 1) % 16) * 8 + 3];\n"
	"}\n"
	"__kernel void uninit(__global int *out)\n"
	"{\n"
	"    __local int cell[16];\n"
	"    int l = get_local_id(0);\n"
	"    if (l != 6)\n"
	"        cell[l] = l;\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    out[get_global_id(0)] = 100 + cell[(l + 1) % 16]; /*L:uninit*/\n"
	"}\n"
	"__kernel void tile_sum(__global const int *a, __global int *out, int skip)\n"
	"{\n"
	"    __local int t[8][8];\n"
	"    int lx = get_local_id(0), ly = get_local_id(1);\n"
	"    int acc = 0;\n"
	"    for (int r = 0; r < 2; r++) {\n"
	"        if (!(skip && lx == 3 && ly == 5))\n"
	"            t[ly][lx] = a[r * 64 + ly * 8 + lx];\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"        for (int k = 0; k < 8; k++)\n"
	"            acc += t[ly][k] * (k + 1); /*L:tile_sum*/\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    }\n"
	"    out[get_global_id(1) * 8 + get_global_id(0)] = acc;\n"
	"}\n"
	"__kernel void divergent(__global int *out)\n"
	"{\n"
	"    __local int cell[16];\n"
	"    int l = get_local_id(0);\n"
	"    cell[l] = l;\n"
	"    if (l < 8)\n"
	"        barrier(CLK_LOCAL_MEM_FENCE); /*L:divergent*/\n"
	"    out[get_global_id(0)] = l;\n"
	"}\n"
	"__kernel void global_race(__global int *out)\n"
	"{\n"
	"    out[get_local_id(0)] = (int)get_group_id(0) + 1; /*L:global_race*/\n"
	"}\n"
	"__kernel void global_race_2d(__global int *out, __global int *ok)\n"
	"{\n"
	"    size_t x = get_global_id(0), y = get_global_id(1);\n"
	"    ok[y * get_global_size(0) + x] = 1;\n"
	"    if (x == 5 && y == 9)\n"
	"        out[2] = 7; /*L:global_race_2d*/\n"
	"    if (x == 12 && y == 2)\n"
	"        out[2] = 8;\n"
	"}\n"
	"__kernel void global_own(__global char *out)\n"
	"{\n"
	"    out[get_global_id(0)] = (char)get_group_id(0);\n"
	"}\n"
	"__kernel void global_byte_race(__global char *out)\n"
	"{\n"
	"    out[get_global_id(0)] = (char)get_group_id(0);\n"
	"    if (get_global_id(0) == 70)\n"
	"        out[5] = 9; /*L:global_byte_race*/\n"
	"}\n"
	"__kernel void reduce(__global const int *in, __global int *out, __local int *s)\n"
	"{\n"
	"    int l = get_local_id(0);\n"
	"    s[l] = in[get_global_id(0)];\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    for (int h = get_local_size(0) / 2; h > 0; h >>= 1) {\n"
	"        if (l < h)\n"
	"            s[l] += s[l + h];\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    }\n"
	"    if (l == 0)\n"
	"        out[get_group_id(0)] = s[0];\n"
	"}\n";

#include "checked_messages.h"

static cl_kernel kernel(const char *name, cl_mem out)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(out), &out));
	return k;
}

static void test_race(cl_mem out)
{
	cl_kernel k = kernel("race", out);
	clear_messages();
	check_name = "race";
	run(k, 16, 16, 0);
	/* work-items 3 and 4 both write cell[4] in one barrier interval (the
	 * one that comes second is the one reported) */
	const char *parts[] = { "local (3, 0, 0)", "local (4, 0, 0)",
				"__local variable \"cell\"", "byte 16 of local memory",
				"since the last barrier" };
	expect_message("race", parts, 5);
	clReleaseKernel(k);
}

/* A kernel of one group of 16 with nothing to report: it completes, gives
 * want[l] for work-item l and leaves no message. */
static void expect_quiet(const char *name, cl_mem out, const int want[16])
{
	cl_kernel k = kernel(name, out);
	clear_messages();
	run(k, 16, 16, 1);
	int res[16];
	CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
	for (int l = 0; l < 16; l++)
		CHECK(res[l] == want[l]);
	CHECK(messages[0] == 0);
	clReleaseKernel(k);
}

static void test_components(cl_mem out)
{
	int want[16];
	for (int l = 0; l < 16; l++)
		want[l] = 10 * l;
	expect_quiet("components", out, want);
}

static void test_vstored(cl_mem out)
{
	int want[16];
	for (int l = 0; l < 16; l++)
		want[l] = 4 * ((l + 1) % 16);
	expect_quiet("vstored", out, want);
}

static void test_uninit(cl_mem out)
{
	cl_kernel k = kernel("uninit", out);
	clear_messages();
	check_name = "uninitialized";
	run(k, 16, 16, 0);
	int res[16];
	CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
	for (int l = 0; l < 16; l++)
		CHECK(res[l] == 100 + (l == 5 ? 0 : (l + 1) % 16));
	const char *parts[] = { "global (5, 0, 0)", "__local variable \"cell\"",
				"read of 4 bytes at offset 24", "no work-item of the group has written" };
	expect_message("uninit", parts, 4);
	clReleaseKernel(k);
}

/* Reads in a loop between barriers that write no local memory, which
 * the region precheck covers (kiln-check-sync): with every element of
 * the tile written, the sums and no message; with element [5][3] never
 * written, the reads of it give 0 and work-item (0, 5), the first of
 * the group to read it, is named. */
static void test_tile(int skip)
{
	enum { N = 8 };
	int a[2 * N * N], res[N * N];
	for (int i = 0; i < 2 * N * N; i++)
		a[i] = (i * 5) % 11 - 3;
	cl_int err;
	cl_mem ba = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(a), a, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem bo = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(res), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = kernel("tile_sum", ba);
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bo), &bo));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(skip), &skip));
	clear_messages();
	check_name = "uninitialized";
	size_t g[2] = { N, N };
	cl_event ev;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 2, NULL, g, g, 0, NULL, &ev));
	clWaitForEvents(1, &ev);
	cl_int st = 0;
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st), &st, NULL));
	CHECK(st == (skip ? CL_OUT_OF_RESOURCES : CL_COMPLETE));
	clReleaseEvent(ev);
	CHECK_OK(clEnqueueReadBuffer(q, bo, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
	int wrong = 0;
	for (int y = 0; y < N; y++)
		for (int x = 0; x < N; x++) {
			int want = 0;
			for (int r = 0; r < 2; r++)
				for (int kk = 0; kk < N; kk++)
					if (!(skip && y == 5 && kk == 3))
						want += a[r * N * N + y * N + kk] * (kk + 1);
			wrong += res[y * N + x] != want;
		}
	CHECK(wrong == 0);
	if (skip) {
		const char *parts[] = { "global (0, 5, 0)", "__local variable \"t\"",
					"read of 4 bytes at offset 172",
					"no work-item of the group has written" };
		expect_message("tile_sum", parts, 4);
	} else {
		pthread_mutex_lock(&msg_lock);
		CHECK(messages[0] == 0);
		pthread_mutex_unlock(&msg_lock);
	}
	clReleaseKernel(k);
	clReleaseMemObject(ba);
	clReleaseMemObject(bo);
}

static void test_divergent(cl_mem out)
{
	cl_kernel k = kernel("divergent", out);
	clear_messages();
	check_name = "barrier divergence";
	run(k, 16, 16, 0);
	const char *parts[] = { "local (8, 0, 0)", "did not reach this barrier",
				"8 of the 16 work-items" };
	expect_message("divergent", parts, 3);
	clReleaseKernel(k);
}

/* Two groups store to the same 16 ints: a race between work-groups; the
 * stores still happen (one group's values are in the buffer). */
static void test_global_race(cl_mem out)
{
	cl_kernel k = kernel("global_race", out);
	clear_messages();
	check_name = "race";
	run(k, 32, 16, 0);
	int res[16];
	CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
	for (int l = 0; l < 16; l++)
		CHECK(res[l] == 1 || res[l] == 2);
	const char *parts[] = { "write of 4 bytes at offset", "of argument 0 \"out\"",
				"also wrote in this execution of the kernel" };
	expect_message("global_race", parts, 3);
	/* the group named is the other one of the two */
	pthread_mutex_lock(&msg_lock);
	CHECK(strstr(messages, "which work-group (0, 0, 0)") ||
	      strstr(messages, "which work-group (1, 0, 0)"));
	pthread_mutex_unlock(&msg_lock);
	clReleaseKernel(k);
}

/* A 2D launch: work-items (5, 9) and (12, 2), in groups (1, 2) and (3, 0)
 * of 4x4, both store out[2]; every other store is the work-item's own. */
static void test_global_race_2d(cl_mem out)
{
	cl_int err;
	cl_mem ok = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16 * 16 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = kernel("global_race_2d", out);
	CHECK_OK(clSetKernelArg(k, 1, sizeof(ok), &ok));
	clear_messages();
	check_name = "race";
	size_t g[2] = { 16, 16 }, l[2] = { 4, 4 };
	cl_event ev;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 2, NULL, g, l, 0, NULL, &ev));
	clWaitForEvents(1, &ev);
	cl_int st = 0;
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st), &st, NULL));
	CHECK(st == CL_OUT_OF_RESOURCES);
	clReleaseEvent(ev);
	pthread_mutex_lock(&msg_lock);
	CHECK(strstr(messages, "race in kernel \"global_race_2d\"") != NULL);
	CHECK(strstr(messages, "work-item global (5, 9, 0)") ||
	      strstr(messages, "work-item global (12, 2, 0)"));
	CHECK(strstr(messages, "which work-group (3, 0, 0)") ||
	      strstr(messages, "which work-group (1, 2, 0)"));
	CHECK(strstr(messages, "argument 1") == NULL); /* ok[] has no race */
	pthread_mutex_unlock(&msg_lock);
	clReleaseKernel(k);
	clReleaseMemObject(ok);
}

/* Every group stores its own bytes, twice in a row (each execution has
 * a fresh shadow): no message, the results.  With groups of 64 bytes
 * every 4-byte granule of the shadow has one group; with groups of 3 or
 * 5, groups share granules (different bytes of one word: no race). */
static void test_global_own(size_t local)
{
	enum { N = 3 * 5 * 64 * 4 };
	cl_int err;
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = kernel("global_own", b);
	clear_messages();
	run(k, N, local, 1);
	run(k, N, local, 1);
	char res[N];
	CHECK_OK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, N, res, 0, NULL, NULL));
	int wrong = 0;
	for (int i = 0; i < N; i++)
		wrong += res[i] != (char)(i / local);
	CHECK(wrong == 0);
	CHECK(messages[0] == 0);
	clReleaseKernel(k);
	clReleaseMemObject(b);
}

/* A char store of group 1 (work-item 70) to byte 5, which group 0 stored
 * (a granule of group 0 alone): a race naming group 0 and offset 5; the
 * bytes of the granule's neighbours are no race. */
static void test_global_byte_race(void)
{
	enum { N = 256, L = 64 };
	cl_int err;
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = kernel("global_byte_race", b);
	clear_messages();
	check_name = "race";
	run(k, N, L, 0);
	const char *parts[] = { "global (70, 0, 0)", "write of 1 byte at offset 5 of argument 0 \"out\"",
				"which work-group (0, 0, 0) also wrote" };
	expect_message("global_byte_race", parts, 3);
	pthread_mutex_lock(&msg_lock);
	CHECK(strstr(messages, "offset 4 ") == NULL && strstr(messages, "offset 6 ") == NULL);
	pthread_mutex_unlock(&msg_lock);
	clReleaseKernel(k);
	clReleaseMemObject(b);
}

static void test_reduce(void)
{
	enum { G = 64, L = 16 };
	int in[G * L], res[G];
	for (int i = 0; i < G * L; i++)
		in[i] = (i * 7) % 13;
	cl_int err;
	cl_mem bin = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(in), in,
				    &err);
	cl_mem bout = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(res), NULL, &err);
	cl_kernel k = kernel("reduce", bin);
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bout), &bout));
	CHECK_OK(clSetKernelArg(k, 2, L * sizeof(int), NULL));
	clear_messages();
	run(k, G * L, L, 1);
	CHECK_OK(clEnqueueReadBuffer(q, bout, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
	int wrong = 0;
	for (int g = 0; g < G; g++) {
		int sum = 0;
		for (int l = 0; l < L; l++)
			sum += in[g * L + l];
		wrong += res[g] != sum;
	}
	CHECK(wrong == 0);
	CHECK(messages[0] == 0);
	clReleaseKernel(k);
	clReleaseMemObject(bin);
	clReleaseMemObject(bout);
}

int main(void)
{
	/* before the first OpenCL call: Kiln reads KILN_CHECK once */
	setenv("KILN_CHECK", "barriers,uninit,races", 1);
	cl_platform_id plat;
	check_get_device(&plat, &dev);
	/* One worker where the device can be split: groups then run one
	 * after the other, and the race between two groups' stores is found
	 * every time (groups running at the same moment on two workers may
	 * miss it, docs/checked_mode.md) */
	cl_device_partition_property one[] = { CL_DEVICE_PARTITION_EQUALLY, 1, 0 };
	cl_device_id subs[64];
	cl_uint nsubs = 0;
	if (clCreateSubDevices(dev, one, 64, subs, &nsubs) == CL_SUCCESS && nsubs) {
		dev = subs[0];
		for (cl_uint i = 1; i < nsubs; i++)
			clReleaseDevice(subs[i]);
	}
	cl_int err;
	ctx = clCreateContext(NULL, 1, &dev, notify, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	prog = check_build(ctx, dev, src, "-cl-std=CL2.0");
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	test_reduce();
	test_race(out);
	test_uninit(out);
	test_components(out);
	test_vstored(out);
	test_tile(0);
	test_tile(1);
	test_divergent(out);
	test_global_own(64);
	test_global_own(3);
	test_global_own(5);
	test_global_byte_race();
	test_global_race(out);
	test_global_race_2d(out);
	test_reduce();

	clReleaseMemObject(out);
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	clReleaseDevice(dev); /* a sub-device, or the root (no-op) */
	return check_done();
}
