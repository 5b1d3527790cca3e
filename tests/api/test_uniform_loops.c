/* Loops inside kernels, the shapes the work-group compiler treats
 * specially (lib/compiler/loop_barriers.cpp, uniformity.cpp): loops every
 * work-item runs alike get an implicit barrier and run with the work-item
 * loops inside them; loops whose trip count differs between work-items, or
 * that only some work-items reach, must not.  Each kernel is checked
 * against the same computation on the host, for several local sizes
 * (including one work-item per group and non-uniform groups), in 1D and
 * 2D. */
#include "../common/check.h"

#include <stdint.h>

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

#define W 1000 /* work-items in 1D (not a multiple of most local sizes) */
#define N 37   /* the uniform trip count passed as an argument */

static const char *src =
	/* A uniform loop: its bound is an argument. */
	"kernel void sum(global int *out, global const int *in, int n)\n"
	"{\n"
	"  int g = get_global_id(0), acc = 0;\n"
	"  for (int k = 0; k < n; k++) acc += in[k * 1000 + g] * (k + 1);\n"
	"  out[g] = acc;\n"
	"}\n"
	/* Trip count differs per work-item. */
	"kernel void div_bound(global int *out, global const int *in, int n)\n"
	"{\n"
	"  int g = get_global_id(0), acc = 0;\n"
	"  for (int k = 0; k < n + g % 7; k++) acc += in[k % 37 * 1000 + g] ^ k;\n"
	"  out[g] = acc;\n"
	"}\n"
	/* A uniform loop that only some work-items reach. */
	"kernel void div_reach(global int *out, global const int *in, int n)\n"
	"{\n"
	"  int g = get_global_id(0);\n"
	"  uint acc = 1;\n"
	"  if (g % 3 == 0)\n"
	"    for (int k = 0; k < n; k++) acc = acc * 3 + in[k * 1000 + g];\n"
	"  out[g] = acc;\n"
	"}\n"
	/* A uniform break (the data decides, the same for all) and a
	 * divergent continue inside a uniform loop. */
	"kernel void brk(global int *out, global const int *in, int n)\n"
	"{\n"
	"  int g = get_global_id(0), acc = 0;\n"
	"  for (int k = 0; k < n; k++) {\n"
	"    if (in[k * 1000] == 12345) break;\n"
	"    if ((k + g) & 1) continue;\n"
	"    acc += in[k * 1000 + g] + k;\n"
	"  }\n"
	"  out[g] = acc;\n"
	"}\n"
	/* A divergent break: each work-item leaves at its own time. */
	"kernel void div_brk(global int *out, global const int *in, int n)\n"
	"{\n"
	"  int g = get_global_id(0), acc = 0, k;\n"
	"  for (k = 0; k < n; k++) {\n"
	"    acc += in[k * 1000 + g] & 255;\n"
	"    if (acc > 40 * (g % 50)) break;\n"
	"  }\n"
	"  out[g] = acc * 64 + k;\n"
	"}\n"
	/* Nested uniform loops, a bound read from memory, and a uniform
	 * value carried across the loop and used after it. */
	"kernel void nested(global int *out, global const int *in, int n)\n"
	"{\n"
	"  int g = get_global_id(0), acc = 0, s = 0, m = in[5];\n"
	"  for (int i = 0; i < n; i++) {\n"
	"    s += i;\n"
	"    for (int j = 0; j < m; j++) acc += in[(i + j) % 37 * 1000 + g] * s;\n"
	"  }\n"
	"  out[g] = acc + s;\n"
	"}\n"
	/* A uniform return inside the loop. */
	"kernel void ret(global int *out, global const int *in, int n)\n"
	"{\n"
	"  int g = get_global_id(0), acc = 0;\n"
	"  for (int k = 0; k < 1000; k++) {\n"
	"    acc += in[k % 37 * 1000 + g];\n"
	"    out[g] = acc;\n"
	"    if (k == n) return;\n"
	"  }\n"
	"  out[g] = -1;\n"
	"}\n"
	/* A private array indexed in the loop. */
	"kernel void priv(global int *out, global const int *in, int n)\n"
	"{\n"
	"  int g = get_global_id(0), a[8], acc = 0;\n"
	"  for (int k = 0; k < 8; k++) a[k] = in[k * 1000 + g];\n"
	"  for (int k = 0; k < n; k++) { acc += a[(k + g) & 7]; a[k & 7] ^= k; }\n"
	"  out[g] = acc;\n"
	"}\n"
	/* Atomics in the kernel (loads are then never taken as uniform),
	 * a real barrier and local memory around a uniform loop. */
	"kernel void mixed(global int *out, global const int *in, int n,\n"
	"                  global int *count, local int *tmp)\n"
	"{\n"
	"  int g = get_global_id(0), l = get_local_id(0), acc = 0;\n"
	"  int ls = get_local_size(0);\n"
	"  tmp[l] = in[g];\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  for (int k = 0; k < n; k++) acc += tmp[(l + k) % ls] * k;\n"
	"  atomic_add(count, 1);\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  out[g] = acc;\n"
	"}\n"
	/* 2D: a uniform loop per (x, y). */
	"kernel void two_d(global int *out, global const int *in, int n)\n"
	"{\n"
	"  int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);\n"
	"  uint acc = y;\n"
	"  for (int k = 0; k < n; k++) acc = acc * 5 + in[k * 1000 + y * w + x];\n"
	"  out[y * w + x] = acc;\n"
	"}\n"
	/* Divergent loops the compiler makes the group leave together
	 * (divergent_loops.cpp): two exits and a value live after the loop,
	 * one inside a uniform loop with stores in it, one before a
	 * barrier. */
	"kernel void escape(global int *out, global const int *in, int n)\n"
	"{\n"
	"  int g = get_global_id(0), k = 0, v = in[g] & 15;\n"
	"  while (k < n + g % 13) {\n"
	"    if (v > 1000) break;\n"
	"    v = v * 3 + k;\n"
	"    k++;\n"
	"  }\n"
	"  out[g] = k * 100000 + v;\n"
	"}\n"
	"kernel void div_in_uniform(global int *out, global const int *in, int n)\n"
	"{\n"
	"  int g = get_global_id(0), acc = 0;\n"
	"  for (int i = 0; i < n; i++) {\n"
	"    int k = 0;\n"
	"    while (k < (g + i) % 5) { out[g] = k; k++; }\n"
	"    acc += k * i;\n"
	"  }\n"
	"  out[g] = acc;\n"
	"}\n"
	/* Two uniform loops one after the other, with work between them:
	 * each loop's exit gets a barrier of its own (the work after it is a
	 * region run once), the first exit leading into the second loop. */
	"kernel void seq(global int *out, global const int *in, int n)\n"
	"{\n"
	"  int g = get_global_id(0), acc = 0;\n"
	"  for (int k = 0; k < n; k++) acc += in[k * 1000 + g];\n"
	"  uint t = (uint)acc * 3u + (uint)g;\n"
	"  out[g] = (int)t;\n"
	"  for (int k = 0; k < n; k++)\n"
	"    t ^= (uint)in[(k + 5) % 37 * 1000 + g] + (uint)k * (uint)out[g];\n"
	"  out[g] = (int)((uint)out[g] + t);\n"
	"}\n"
	"kernel void div_barrier(global int *out, global const int *in, int n)\n"
	"{\n"
	"  local int tmp[1024];\n"
	"  int g = get_global_id(0), l = get_local_id(0), ls = get_local_size(0), k = 0;\n"
	"  while (k < (in[g] & 7) + n % 3) k++;\n"
	"  tmp[l] = k;\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  out[g] = tmp[(l + 1) % ls] * 10 + k;\n"
	"}\n"
	/* Float accumulation, as in a matrix product (the host computes it in
	 * double; contraction into fma is allowed, so the check has a
	 * tolerance). */
	/* Register tiling as in a tiled matrix product: vector accumulators
	 * live across the barriers of a uniform loop, a 16-step loop over
	 * the __local tile between them (flattened by
	 * kiln-unroll-small-loops), and a 64-step loop too large to flatten
	 * (an implicit barrier per step, kiln-loop-barriers).  Wrapping
	 * unsigned arithmetic: the host's result is exact. */
	"kernel void tile_acc(global uint *out, global const uint *in, int n)\n"
	"{\n"
	"  local uint4 t[256];\n"
	"  int lsx = get_local_size(0), ls = lsx * get_local_size(1);\n"
	"  int l = get_local_id(1) * lsx + get_local_id(0);\n"
	"  int g = get_global_id(1) * get_global_size(0) + get_global_id(0);\n"
	"  uint4 c0 = 0, c1 = 1, c2 = 2, c3 = 3;\n"
	"  for (int r = 0; r < n; r++) {\n"
	"    t[l] = vload4(0, in + (r * 7 + g) % 9000 * 4);\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    for (int k = 0; k < 16; k++) {\n"
	"      uint4 b = t[(l + k) % ls];\n"
	"      c0 = c0 * 3u + b * (uint)(k + 1);\n"
	"      c1 = c1 * 5u + (b ^ c0);\n"
	"      c2 = c2 * 7u + b.wzyx;\n"
	"      c3 = c3 + c2 * b;\n"
	"    }\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  }\n"
	"  t[l] = c0 ^ c3;\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  for (int k = 0; k < 64; k++) {\n"
	"    uint4 b = t[(l + k) % ls];\n"
	"    c0 = c0 * 3u + b * (uint)(k + 1);\n"
	"    c1 = c1 * 5u + (b ^ c0);\n"
	"    c2 = c2 * 7u + b.wzyx;\n"
	"    c3 = c3 + c2 * b + (b >> 3u);\n"
	"    c1 = c1.yzwx ^ (c3 << 1u);\n"
	"  }\n"
	"  uint4 s = c0 + c1 * 3u + c2 * 5u + c3 * 7u;\n"
	"  out[g] = s.x ^ s.y ^ s.z ^ s.w;\n"
	"}\n"
	"kernel void fdot(global float *out, global const float *a, int n)\n"
	"{\n"
	"  int g = get_global_id(0);\n"
	"  float acc = 0.0f;\n"
	"  for (int k = 0; k < n; k++) acc += a[k] * a[k * 1000 + g];\n"
	"  out[g] = acc;\n"
	"}\n";

enum { K_SUM, K_DIV_BOUND, K_DIV_REACH, K_BRK, K_DIV_BRK, K_NESTED, K_RET, K_PRIV,
       K_ESCAPE, K_DIV_IN_UNIFORM, K_DIV_BARRIER, K_SEQ, K_COUNT };

static int in_host[N * W];

/* div_barrier's value for work-item g: k of its right neighbour in the
 * group (groups of `local`, the last one shorter) and its own. */
static int div_barrier_ref(int g, int n, int local)
{
	int start = g / local * local, ls = W - start < local ? W - start : local;
	int l = g - start, nb = start + (l + 1) % ls;
	return ((in_host[nb] & 7) + n % 3) * 10 + (in_host[g] & 7) + n % 3;
}

static int reference(int kernel, int g, int n, int local)
{
	const int *in = in_host;
	int acc = 0, k;
	switch (kernel) {
	case K_SUM:
		for (k = 0; k < n; k++)
			acc += in[k * W + g] * (k + 1);
		return acc;
	case K_DIV_BOUND:
		for (k = 0; k < n + g % 7; k++)
			acc += in[k % 37 * W + g] ^ k;
		return acc;
	case K_DIV_REACH: {
		unsigned u = 1;
		if (g % 3 == 0)
			for (k = 0; k < n; k++)
				u = u * 3u + (unsigned)in[k * W + g];
		return (int)u;
	}
	case K_BRK:
		for (k = 0; k < n; k++) {
			if (in[k * W] == 12345)
				break;
			if ((k + g) & 1)
				continue;
			acc += in[k * W + g] + k;
		}
		return acc;
	case K_DIV_BRK:
		for (k = 0; k < n; k++) {
			acc += in[k * W + g] & 255;
			if (acc > 40 * (g % 50))
				break;
		}
		return acc * 64 + k;
	case K_NESTED: {
		int s = 0, m = in[5];
		for (int i = 0; i < n; i++) {
			s += i;
			for (int j = 0; j < m; j++)
				acc += in[(i + j) % 37 * W + g] * s;
		}
		return acc + s;
	}
	case K_RET:
		for (k = 0; k < 1000; k++) {
			acc += in[k % 37 * W + g];
			if (k == n)
				return acc;
		}
		return -1;
	case K_ESCAPE: {
		int v = in[g] & 15;
		for (k = 0; k < n + g % 13; k++) {
			if (v > 1000)
				break;
			v = v * 3 + k;
		}
		return k * 100000 + v;
	}
	case K_DIV_IN_UNIFORM:
		for (int i = 0; i < n; i++)
			acc += (g + i) % 5 * i;
		return acc;
	case K_DIV_BARRIER:
		return div_barrier_ref(g, n, local);
	case K_SEQ: {
		for (k = 0; k < n; k++)
			acc += in[k * W + g];
		unsigned t = (unsigned)acc * 3u + (unsigned)g, first = t;
		for (k = 0; k < n; k++)
			t ^= (unsigned)in[(k + 5) % 37 * W + g] + (unsigned)k * first;
		return (int)(first + t);
	}
	case K_PRIV: {
		int a[8];
		for (k = 0; k < 8; k++)
			a[k] = in[k * W + g];
		for (k = 0; k < n; k++) {
			acc += a[(k + g) & 7];
			a[k & 7] ^= k;
		}
		return acc;
	}
	}
	return 0;
}

static const char *names[] = { "sum", "div_bound", "div_reach", "brk", "div_brk",
			       "nested", "ret", "priv", "escape", "div_in_uniform",
			       "div_barrier", "seq" };

static cl_mem make_buffer(size_t size, void *data)
{
	cl_int err;
	cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE | (data ? CL_MEM_COPY_HOST_PTR : 0),
				  size, data, &err);
	REQUIRE(err == CL_SUCCESS);
	return m;
}

/* Runs kernel `kernel` over W work-items with local size `local` (0: NULL)
 * and compares with the host. */
static void run_1d(cl_program p, int kernel, int n, size_t local, cl_mem in, cl_mem out)
{
	cl_int err;
	cl_kernel k = clCreateKernel(p, names[kernel], &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &out));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &in));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(int), &n));
	size_t global = W;
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, local ? &local : NULL,
					0, NULL, NULL));
	static int got[W];
	CHECK_OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
	int bad = 0;
	for (int g = 0; g < W; g++)
		if (got[g] != reference(kernel, g, n, (int)local) && bad++ < 3)
			fprintf(stderr, "%s (local %zu, n %d): out[%d] = %d, expected %d\n",
				names[kernel], local, n, g, got[g],
				reference(kernel, g, n, (int)local));
	CHECK(bad == 0);
	clReleaseKernel(k);
}

static void test_mixed(cl_program p, cl_mem in, cl_mem out)
{
	static const size_t locals[] = { 1, 8, 40, 125, 200 };
	cl_int err;
	cl_kernel k = clCreateKernel(p, "mixed", &err);
	REQUIRE(err == CL_SUCCESS);
	for (size_t li = 0; li < sizeof(locals) / sizeof(locals[0]); li++) {
		size_t ls = locals[li], global = W;
		int n = N, zero = 0;
		cl_mem count = make_buffer(sizeof(int), &zero);
		CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &out));
		CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &in));
		CHECK_OK(clSetKernelArg(k, 2, sizeof(int), &n));
		CHECK_OK(clSetKernelArg(k, 3, sizeof(cl_mem), &count));
		CHECK_OK(clSetKernelArg(k, 4, ls * sizeof(int), NULL));
		CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &ls, 0, NULL, NULL));
		static int got[W];
		int c = 0;
		CHECK_OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
		CHECK_OK(clEnqueueReadBuffer(queue, count, CL_TRUE, 0, sizeof(c), &c, 0, NULL, NULL));
		CHECK(c == W);
		int bad = 0;
		for (int g = 0; g < W; g++) {
			int l = g % (int)ls, base = g - l, acc = 0;
			for (int kk = 0; kk < n; kk++)
				acc += in_host[base + (l + kk) % (int)ls] * kk;
			if (got[g] != acc && bad++ < 3)
				fprintf(stderr, "mixed (local %zu): out[%d] = %d, expected %d\n", ls,
					g, got[g], acc);
		}
		CHECK(bad == 0);
		clReleaseMemObject(count);
	}
	clReleaseKernel(k);
}

static void test_two_d(cl_program p, cl_mem in, cl_mem out)
{
	/* 40 × 25 = 1000 work-items, local sizes with 1 in either dimension. */
	static const size_t locals[][2] = { { 0, 0 }, { 1, 1 }, { 8, 5 }, { 40, 1 }, { 1, 25 }, { 20, 5 } };
	cl_int err;
	cl_kernel k = clCreateKernel(p, "two_d", &err);
	REQUIRE(err == CL_SUCCESS);
	int n = N;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &out));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &in));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(int), &n));
	for (size_t li = 0; li < sizeof(locals) / sizeof(locals[0]); li++) {
		size_t global[2] = { 40, 25 };
		CHECK_OK(clEnqueueNDRangeKernel(queue, k, 2, NULL, global,
						locals[li][0] ? locals[li] : NULL, 0, NULL, NULL));
		static int got[W];
		CHECK_OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
		int bad = 0;
		for (int y = 0; y < 25; y++)
			for (int x = 0; x < 40; x++) {
				unsigned acc = (unsigned)y;
				for (int kk = 0; kk < n; kk++)
					acc = acc * 5u + (unsigned)in_host[kk * W + y * 40 + x];
				if (got[y * 40 + x] != (int)acc && bad++ < 3)
					fprintf(stderr, "two_d (local %zux%zu): (%d,%d) = %d, expected %d\n",
						locals[li][0], locals[li][1], x, y, got[y * 40 + x], (int)acc);
			}
		CHECK(bad == 0);
	}
	clReleaseKernel(k);
}

typedef struct { unsigned v[4]; } uint4_h;

static uint4_h tile_load(int r, int g)
{
	uint4_h x;
	for (int c = 0; c < 4; c++)
		x.v[c] = (unsigned)in_host[(r * 7 + g) % 9000 * 4 + c];
	return x;
}

/* One step of tile_acc's loops on the host (`tail`: the 64-step loop). */
static void tile_step(uint4_h *c, const uint4_h *b, int k, int tail)
{
	for (int i = 0; i < 4; i++) {
		c[0].v[i] = c[0].v[i] * 3u + b->v[i] * (unsigned)(k + 1);
		c[1].v[i] = c[1].v[i] * 5u + (b->v[i] ^ c[0].v[i]);
		c[2].v[i] = c[2].v[i] * 7u + b->v[3 - i];
		c[3].v[i] = c[3].v[i] + c[2].v[i] * b->v[i] + (tail ? b->v[i] >> 3 : 0);
	}
	if (tail) {
		uint4_h o = c[1];
		for (int i = 0; i < 4; i++)
			c[1].v[i] = o.v[(i + 1) % 4] ^ (c[3].v[i] << 1);
	}
}

/* tile_acc over gx × gy work-items in groups of lx × ly (the last ones
 * in each dimension possibly smaller), against the host. */
static void run_tile_acc(cl_program p, cl_mem in, cl_mem out, int n, size_t gx, size_t gy,
			 size_t lx, size_t ly)
{
	cl_int err;
	cl_kernel k = clCreateKernel(p, "tile_acc", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &out));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &in));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(int), &n));
	size_t global[2] = { gx, gy }, local[2] = { lx, ly };
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 2, NULL, global, local, 0, NULL, NULL));
	static unsigned got[W];
	CHECK_OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, gx * gy * sizeof(unsigned), got,
				     0, NULL, NULL));
	int bad = 0;
	for (int y = 0; y < (int)gy; y++)
		for (int x = 0; x < (int)gx; x++) {
			/* the group of (x, y), its actual size, the partner of
			 * linear local id m */
			int bx = x - x % (int)lx, by = y - y % (int)ly;
			int sx = (int)gx - bx < (int)lx ? (int)gx - bx : (int)lx;
			int sy = (int)gy - by < (int)ly ? (int)gy - by : (int)ly;
			int ls = sx * sy, l = (y - by) * sx + (x - bx);
#define PARTNER(m) ((by + (m) / sx) * (int)gx + bx + (m) % sx)
			uint4_h c[4] = { { { 0, 0, 0, 0 } }, { { 1, 1, 1, 1 } },
					 { { 2, 2, 2, 2 } }, { { 3, 3, 3, 3 } } };
			for (int r = 0; r < n; r++)
				for (int kk = 0; kk < 16; kk++) {
					uint4_h b = tile_load(r, PARTNER((l + kk) % ls));
					tile_step(c, &b, kk, 0);
				}
			for (int kk = 0; kk < 64; kk++) {
				/* the partner's c0 ^ c3 after the rounds */
				int m = PARTNER((l + kk) % ls);
				uint4_h d[4] = { { { 0, 0, 0, 0 } }, { { 1, 1, 1, 1 } },
						 { { 2, 2, 2, 2 } }, { { 3, 3, 3, 3 } } };
				int mx = m % (int)gx, my = m / (int)gx;
				int ml = (my - by) * sx + (mx - bx);
				for (int r = 0; r < n; r++)
					for (int j = 0; j < 16; j++) {
						uint4_h b = tile_load(r, PARTNER((ml + j) % ls));
						tile_step(d, &b, j, 0);
					}
				uint4_h b;
				for (int i = 0; i < 4; i++)
					b.v[i] = d[0].v[i] ^ d[3].v[i];
				tile_step(c, &b, kk, 1);
			}
#undef PARTNER
			unsigned s[4], want;
			for (int i = 0; i < 4; i++)
				s[i] = c[0].v[i] + c[1].v[i] * 3u + c[2].v[i] * 5u + c[3].v[i] * 7u;
			want = s[0] ^ s[1] ^ s[2] ^ s[3];
			if (got[y * gx + x] != want && bad++ < 3)
				fprintf(stderr,
					"tile_acc (%zux%zu in %zux%zu, n %d): (%d,%d) = %u, expected %u\n",
					gx, gy, lx, ly, n, x, y, got[y * gx + x], want);
		}
	CHECK(bad == 0);
	clReleaseKernel(k);
}

static void test_tile_acc(cl_program p, cl_mem in, cl_mem out)
{
	static const size_t one_d[] = { 1, 8, 64, 100, 256 };
	static const size_t two_d[][2] = { { 8, 5 }, { 40, 1 }, { 1, 25 }, { 16, 16 }, { 8, 16 } };
	for (int n = 0; n <= 3; n += 3) {
		for (size_t i = 0; i < sizeof(one_d) / sizeof(one_d[0]); i++)
			run_tile_acc(p, in, out, n, W, 1, one_d[i], 1);
		for (size_t i = 0; i < sizeof(two_d) / sizeof(two_d[0]); i++)
			run_tile_acc(p, in, out, n, 40, 25, two_d[i][0], two_d[i][1]);
	}
}

static void test_fdot(cl_program p)
{
	static float a[N * W], got[W];
	for (int i = 0; i < N * W; i++)
		a[i] = (float)((i * 7919) % 1000) / 500.0f - 1.0f;
	cl_mem in = make_buffer(sizeof(a), a), out = make_buffer(sizeof(got), NULL);
	cl_int err;
	cl_kernel k = clCreateKernel(p, "fdot", &err);
	REQUIRE(err == CL_SUCCESS);
	int n = N;
	size_t global = W, local = 100;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &out));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &in));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(int), &n));
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
	int bad = 0;
	for (int g = 0; g < W; g++) {
		double ref = 0, mag = 0;
		for (int kk = 0; kk < n; kk++) {
			ref += (double)a[kk] * a[kk * W + g];
			mag += __builtin_fabs((double)a[kk] * a[kk * W + g]);
		}
		if (__builtin_fabs(got[g] - ref) > 1e-5 * mag + 1e-6 && bad++ < 3)
			fprintf(stderr, "fdot: out[%d] = %g, expected %g\n", g, got[g], ref);
	}
	CHECK(bad == 0);
	clReleaseKernel(k);
	clReleaseMemObject(in);
	clReleaseMemObject(out);
}

int main(void)
{
	cl_platform_id platform;
	check_get_device(&platform, &device);
	cl_int err;
	context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	uint32_t r = 12345;
	for (int i = 0; i < N * W; i++) {
		r = r * 1664525u + 1013904223u;
		in_host[i] = (int)(r >> 16) % 1000 - 300;
	}
	in_host[5] = 9;          /* the bound `nested` reads */
	in_host[20 * W] = 12345; /* `brk` stops at k == 20 for everybody */

	cl_program p = clCreateProgramWithSource(context, 1, &src, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	/* OpenCL C 3.0: non-uniform work-groups (1000 is not a multiple of
	 * 64 or 256). */
	err = clBuildProgram(p, 1, &device, "-cl-std=CL3.0", NULL, NULL);
	if (err != CL_SUCCESS) {
		char log[8192] = "";
		clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "%s\n", log);
	}
	REQUIRE(err == CL_SUCCESS);

	cl_mem in = make_buffer(sizeof(in_host), in_host);
	cl_mem out = make_buffer(W * sizeof(int), NULL);
	static const size_t locals[] = { 0, 1, 8, 64, 100, 256 };
	static const int trips[] = { 0, 1, N };
	for (int kernel = K_SUM; kernel < K_COUNT; kernel++)
		for (size_t li = 0; li < sizeof(locals) / sizeof(locals[0]); li++)
			for (size_t t = 0; t < sizeof(trips) / sizeof(trips[0]); t++)
				/* div_barrier's reference needs the group size. */
				if (kernel != K_DIV_BARRIER || locals[li])
					run_1d(p, kernel, trips[t], locals[li], in, out);
	test_mixed(p, in, out);
	test_two_d(p, in, out);
	test_fdot(p);
	test_tile_acc(p, in, out);

	clReleaseMemObject(in);
	clReleaseMemObject(out);
	clReleaseProgram(p);
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
