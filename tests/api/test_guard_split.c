/* Kernels under a bounds guard (`if (gid < n)`, `if (gid >= n) return`),
 * the shape lib/compiler/guard_split.cpp runs over the prefix of work-items
 * that pass the guard, with the original loop kept for launches where the
 * guarded index could wrap.  Every kernel writes a value per work-item that
 * passes its guard and leaves the others' sentinel alone; the host
 * computes which work-items pass, for bounds before, inside and past every
 * group, negative bounds, global offsets (one so large that a 32-bit index
 * wraps inside a group), several local sizes and non-uniform groups.  The
 * guards the pass must leave alone (a suffix, an else branch, two
 * conditions) are checked the same way. */
#include "../common/check.h"

#include <stdint.h>

#define W 1000  /* work-items: not a multiple of most local sizes */
#define SENTINEL (-7)

static const char *src =
	"kernel void g_ult(global int *o, global const int *x, ulong n)\n"
	"{ size_t i = get_global_id(0), k = i - get_global_offset(0);\n"
	"  if (i < n) o[k] = x[k] * 2 + 1; }\n"
	"kernel void g_ret(global int *o, global const int *x, ulong n)\n"
	"{ size_t i = get_global_id(0), k = i - get_global_offset(0);\n"
	"  if (i >= n) return;\n"
	"  o[k] = x[k] - 3; }\n"
	"kernel void g_int(global int *o, global const int *x, int n)\n"
	"{ int i = get_global_id(0); size_t k = get_global_id(0) - get_global_offset(0);\n"
	"  if (i < n) o[k] = x[k] ^ 5; }\n"
	"kernel void g_uint_le(global int *o, global const int *x, uint n)\n"
	"{ uint i = get_global_id(0); size_t k = get_global_id(0) - get_global_offset(0);\n"
	"  if (i <= n) o[k] = x[k] + 11; }\n"
	"kernel void g_int_le(global int *o, global const int *x, int n)\n"
	"{ int i = get_global_id(0); size_t k = get_global_id(0) - get_global_offset(0);\n"
	"  if (n >= i) o[k] = x[k] * 3; }\n"
	"kernel void g_shift(global int *o, global const int *x, ulong n)\n"
	"{ size_t i = get_global_id(0), k = i - get_global_offset(0);\n"
	"  if (i - 5 < n) o[k] = x[k] + 1; }\n"
	"kernel void g_suffix(global int *o, global const int *x, ulong n)\n"
	"{ size_t i = get_global_id(0), k = i - get_global_offset(0);\n"
	"  if (i >= n) o[k] = x[k] + 2; }\n"
	"kernel void g_else(global int *o, global const int *x, ulong n)\n"
	"{ size_t i = get_global_id(0), k = i - get_global_offset(0);\n"
	"  if (i < n) o[k] = x[k] + 4; else o[k] = 99; }\n"
	"kernel void g_two(global int *o, global const int *x, ulong n)\n"
	"{ size_t i = get_global_id(0), k = i - get_global_offset(0);\n"
	"  if (i < n && (i & 3) != 1) o[k] = x[k] + 6; }\n"
	/* 2D: the y test leaves the x loop (unswitched), the x test stays */
	"kernel void g_2d(global int *o, global const int *x, int w, int h)\n"
	"{ int gx = get_global_id(0), gy = get_global_id(1);\n"
	"  size_t k = (get_global_id(1) - get_global_offset(1)) * 40 +\n"
	"             get_global_id(0) - get_global_offset(0);\n"
	"  if (gx < w && gy < h) o[k] = x[k] * 5 - gy; }\n";

enum kern { K_ULT, K_RET, K_INT, K_UINT_LE, K_INT_LE, K_SHIFT, K_SUFFIX, K_ELSE, K_TWO, K_COUNT };
static const char *const names[K_COUNT] = { "g_ult",  "g_ret",    "g_int",  "g_uint_le", "g_int_le",
					    "g_shift", "g_suffix", "g_else", "g_two" };
/* the argument n: 64-bit, 32-bit signed or 32-bit unsigned */
static const int arg_bits[K_COUNT] = { 64, 64, -32, 32, -32, 64, 64, 64, 64 };

/* What work-item `i` (its global id) writes, or SENTINEL. */
static int expect(enum kern k, uint64_t i, int64_t n, int x)
{
	switch (k) {
	case K_ULT: return i < (uint64_t)n ? x * 2 + 1 : SENTINEL;
	case K_RET: return i >= (uint64_t)n ? SENTINEL : x - 3;
	case K_INT: return (int32_t)(uint32_t)i < (int32_t)n ? x ^ 5 : SENTINEL;
	case K_UINT_LE: return (uint32_t)i <= (uint32_t)n ? x + 11 : SENTINEL;
	case K_INT_LE: return (int32_t)n >= (int32_t)(uint32_t)i ? x * 3 : SENTINEL;
	case K_SHIFT: return i - 5 < (uint64_t)n ? x + 1 : SENTINEL;
	case K_SUFFIX: return i >= (uint64_t)n ? x + 2 : SENTINEL;
	case K_ELSE: return i < (uint64_t)n ? x + 4 : 99;
	case K_TWO: return i < (uint64_t)n && (i & 3) != 1 ? x + 6 : SENTINEL;
	default: return SENTINEL;
	}
}

static cl_context context;
static cl_command_queue queue;
static int x_host[W], o_host[W];

/* Kernel `name` with o (filled with SENTINEL) and x as its first two
 * arguments. */
static cl_kernel start(cl_program p, const char *name, cl_mem x, cl_mem o)
{
	cl_int err;
	cl_kernel kern = clCreateKernel(p, name, &err);
	REQUIRE(err == CL_SUCCESS);
	int fill = SENTINEL;
	CHECK_OK(clEnqueueFillBuffer(queue, o, &fill, sizeof(fill), 0, sizeof(o_host), 0, NULL,
				     NULL));
	CHECK_OK(clSetKernelArg(kern, 0, sizeof(cl_mem), &o));
	CHECK_OK(clSetKernelArg(kern, 1, sizeof(cl_mem), &x));
	return kern;
}

static void run(cl_program p, enum kern k, int64_t n, size_t offset, size_t local,
		cl_mem x, cl_mem o)
{
	cl_kernel kern = start(p, names[k], x, o);
	if (arg_bits[k] == 64) {
		cl_ulong v = (cl_ulong)n;
		CHECK_OK(clSetKernelArg(kern, 2, sizeof(v), &v));
	} else {
		cl_int v = (cl_int)n;
		CHECK_OK(clSetKernelArg(kern, 2, sizeof(v), &v));
	}
	size_t global = W;
	CHECK_OK(clEnqueueNDRangeKernel(queue, kern, 1, &offset, &global, local ? &local : NULL,
					0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, o, CL_TRUE, 0, sizeof(o_host), o_host, 0, NULL, NULL));
	int bad = 0;
	for (int w = 0; w < W; w++) {
		int want = expect(k, offset + (uint64_t)w, n, x_host[w]);
		if (o_host[w] != want && bad++ < 3)
			fprintf(stderr, "%s n=%lld offset=%zu local=%zu: item %d got %d, want %d\n",
				names[k], (long long)n, offset, local, w, o_host[w], want);
	}
	CHECK(bad == 0);
	clReleaseKernel(kern);
}

/* g_2d over a 40 x 25 NDRange: item (gx, gy) writes iff gx < w and
 * gy < h. */
static void run_2d(cl_program p, int w, int h, const size_t *offset, const size_t *local,
		   cl_mem x, cl_mem o)
{
	cl_kernel kern = start(p, "g_2d", x, o);
	CHECK_OK(clSetKernelArg(kern, 2, sizeof(w), &w));
	CHECK_OK(clSetKernelArg(kern, 3, sizeof(h), &h));
	size_t global[2] = { 40, 25 };
	CHECK_OK(clEnqueueNDRangeKernel(queue, kern, 2, offset, global, local, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, o, CL_TRUE, 0, sizeof(o_host), o_host, 0, NULL, NULL));
	int bad = 0;
	for (int k = 0; k < 1000; k++) {
		int gx = (int)offset[0] + k % 40, gy = (int)offset[1] + k / 40;
		int want = gx < w && gy < h ? x_host[k] * 5 - gy : SENTINEL;
		if (o_host[k] != want && bad++ < 3)
			fprintf(stderr, "g_2d w=%d h=%d offset=%zu,%zu: item %d got %d, want %d\n", w,
				h, offset[0], offset[1], k, o_host[k], want);
	}
	CHECK(bad == 0);
	clReleaseKernel(kern);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id device;
	cl_int err;
	check_setup(&platform, &device, &context, &queue);
	for (int i = 0; i < W; i++)
		x_host[i] = i * 7 - 300;
	cl_program p = check_build(context, device, src, "-cl-std=CL3.0");
	cl_mem x = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, sizeof(x_host), x_host, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem o = clCreateBuffer(context, CL_MEM_READ_WRITE, sizeof(o_host), NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	/* offsets: none, one that puts bounds inside groups, and one where a
	 * 32-bit id passes INT32_MAX (and then UINT32_MAX) mid-group */
	static const size_t offsets[] = { 0, 13, 0x7fffffffu - 500, 0xffffffffu - 300 };
	static const size_t locals[] = { 0, 1, 7, 64, 256 };
	for (int k = 0; k < K_COUNT; k++)
		for (size_t oi = 0; oi < sizeof(offsets) / sizeof(offsets[0]); oi++) {
			size_t off = offsets[oi];
			/* bounds relative to the first id: before, at, inside
			 * a group, at the end, past it; and absolute ones */
			int64_t ns[] = { 0, 1, -1, -5000, (int64_t)off, (int64_t)off + 37,
					 (int64_t)off + 300, (int64_t)off + 999, (int64_t)off + 1000,
					 (int64_t)off + 5000, INT32_MAX, (int64_t)UINT32_MAX };
			for (size_t ni = 0; ni < sizeof(ns) / sizeof(ns[0]); ni++)
				for (size_t li = 0; li < sizeof(locals) / sizeof(locals[0]); li++)
					run(p, (enum kern)k, ns[ni], off, locals[li], x, o);
		}

	static const size_t offs2[][2] = { { 0, 0 }, { 13, 7 } };
	static const size_t locals2[][2] = { { 1, 1 }, { 8, 5 }, { 16, 4 }, { 40, 1 } };
	static const int bounds2[][2] = { { 0, 0 }, { 17, 9 }, { 40, 25 }, { 53, 32 }, { 100, 3 }, { -1, 20 } };
	for (size_t oi = 0; oi < 2; oi++)
		for (size_t bi = 0; bi < sizeof(bounds2) / sizeof(bounds2[0]); bi++) {
			run_2d(p, bounds2[bi][0] + (int)offs2[oi][0], bounds2[bi][1] + (int)offs2[oi][1],
			       offs2[oi], NULL, x, o);
			for (size_t li = 0; li < sizeof(locals2) / sizeof(locals2[0]); li++)
				run_2d(p, bounds2[bi][0] + (int)offs2[oi][0],
				       bounds2[bi][1] + (int)offs2[oi][1], offs2[oi], locals2[li], x, o);
		}

	clReleaseMemObject(x);
	clReleaseMemObject(o);
	clReleaseProgram(p);
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
