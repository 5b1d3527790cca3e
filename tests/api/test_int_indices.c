/* Kernels that index with int arithmetic, which lib/compiler/
 * widen_indices.cpp rebuilds in 64 bits (relying on signed overflow being
 * undefined) and whose loads in loops with barriers
 * lib/compiler/prefetch_next.cpp prefetches one iteration ahead.  Every
 * kernel is checked element by element against the same computation on
 * the host: negative intermediate values and arguments, subtractions, shifts, local
 * and global ids mixed, a global offset, 2D groups of several shapes
 * (one work-item, a row, non-uniform groups), global ids past 2^31 taken
 * as int (where a work-group function specialized for the local size,
 * which may assume ids that fit an int, must not run: ctest runs this
 * test again with KILN_SPECIALIZE=1), and an integer tiled matrix product
 * with __local tiles and two barriers per tile, generic and with
 * reqd_work_group_size (the specialized form). */
#include "../common/check.h"

#include <stdint.h>

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

#define GX 37 /* 2D global size: not a multiple of most local sizes */
#define GY 23
#define IN 4096
#define TN 48 /* the matrix product's size */
#define TILE 8

static const char *src =
	"kernel void mix(global int *out, global const int *in, int w, int neg)\n"
	"{\n"
	"  int lx = get_local_id(0), ly = get_local_id(1);\n"
	"  int gx = get_global_id(0), gy = get_global_id(1);\n"
	"  int ox = get_global_offset(0), oy = get_global_offset(1);\n"
	"  int k = (gy - oy) * w + (gx - ox);\n"
	"  out[k] = in[(ly - 3) * 5 + 40 + lx * 2] + in[((lx << 2) - lx) + ly]\n"
	"         - in[(gy - oy) * w + gx - ox + 100] + in[(w - 1 - (gx - ox)) * 3]\n"
	"         + in[(lx + neg) * -2 + ly];\n"
	"}\n"
	/* global ids from 2^31 + 1: g is negative, and with n = -2147483000,
	 * n - g is 648 - j for the j-th work-item, without overflow */
	"kernel void wrap(global int *out, global const int *in, int n)\n"
	"{\n"
	"  int g = get_global_id(0);\n"
	"  out[n - g] = in[n - g] * 3;\n"
	"}\n"
	"#define TILE 8\n"
	"#define TILED(name, attr)\\\n"
	"kernel attr void name(int n, global const int *a, global const int *b,\\\n"
	"                      global int *c)\\\n"
	"{\\\n"
	"  local int ta[TILE][TILE], tb[TILE][TILE];\\\n"
	"  int lx = get_local_id(0), ly = get_local_id(1);\\\n"
	"  int col = get_global_id(0), row = get_global_id(1);\\\n"
	"  int acc = 0;\\\n"
	"  for (int t = 0; t < n; t += TILE) {\\\n"
	"    ta[ly][lx] = a[row * n + t + lx];\\\n"
	"    tb[ly][lx] = b[(t + ly) * n + col];\\\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\\\n"
	"    for (int k = 0; k < TILE; k++) acc += ta[ly][k] * tb[k][lx];\\\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\\\n"
	"  }\\\n"
	"  c[row * n + col] = acc;\\\n"
	"}\n"
	"TILED(tiled, )\n"
	"TILED(tiled_reqd, __attribute__((reqd_work_group_size(8, 8, 1))))\n";

static int in_host[IN];
static int a_host[TN * TN], b_host[TN * TN];

static cl_mem make_buffer(size_t size, void *data)
{
	cl_int err;
	cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE | (data ? CL_MEM_COPY_HOST_PTR : 0),
				  size, data, &err);
	REQUIRE(err == CL_SUCCESS);
	return m;
}

/* `mix` over GX x GY work-items from `offset`, groups of lx x ly. */
static void run_mix(cl_kernel k, cl_mem in, cl_mem out, size_t lx, size_t ly, size_t offset)
{
	int w = GX, neg = -40; /* lx + neg < 0: a negative int in the index */
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &out));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &in));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(int), &w));
	CHECK_OK(clSetKernelArg(k, 3, sizeof(int), &neg));
	size_t global[2] = { GX, GY }, local[2] = { lx, ly }, off[2] = { offset, offset / 2 };
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 2, off, global, local, 0, NULL, NULL));
	static int got[GX * GY];
	CHECK_OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
	int bad = 0;
	for (int y = 0; y < GY; y++)
		for (int x = 0; x < GX; x++) {
			/* local ids: counted from the offset, in groups of lx x ly */
			int l0 = x % (int)lx, l1 = y % (int)ly;
			int want = in_host[(l1 - 3) * 5 + 40 + l0 * 2] + in_host[(l0 << 2) - l0 + l1] -
				   in_host[y * w + x + 100] + in_host[(w - 1 - x) * 3] +
				   in_host[(l0 + neg) * -2 + l1];
			int g = got[y * GX + x];
			if (g != want && bad++ < 3)
				fprintf(stderr, "mix (%zu x %zu, offset %zu): (%d, %d) = %d, expected %d\n",
					lx, ly, offset, x, y, g, want);
		}
	CHECK(bad == 0);
}

/* `wrap` over WRAP work-items from 2^31 + 1 in groups of `local`. */
#define WRAP 600
static void run_wrap(cl_program p, cl_mem in, cl_mem out, size_t local)
{
	cl_kernel k = check_create_kernel(p, "wrap");
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &out));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &in));
	int n = -2147483000;
	CHECK_OK(clSetKernelArg(k, 2, sizeof(int), &n));
	size_t offset = (size_t)1 << 31, global = WRAP;
	offset += 1;
	for (int rep = 0; rep < 2; rep++) {
		CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, &offset, &global, &local, 0, NULL,
						NULL));
		static int got[GX * GY];
		CHECK_OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof(got), got, 0, NULL,
					     NULL));
		int bad = 0;
		for (int j = 1; j <= WRAP; j++)
			if (got[648 - j] != in_host[648 - j] * 3 && bad++ < 3)
				fprintf(stderr, "wrap (local %zu): out[%d] = %d, expected %d\n",
					local, 648 - j, got[648 - j], in_host[648 - j] * 3);
		CHECK(bad == 0);
	}
	clReleaseKernel(k);
}

static void run_tiled(cl_program p, const char *name, cl_mem a, cl_mem b, cl_mem c)
{
	cl_kernel k = check_create_kernel(p, name);
	int n = TN;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(int), &n));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &a));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(cl_mem), &b));
	CHECK_OK(clSetKernelArg(k, 3, sizeof(cl_mem), &c));
	size_t global[2] = { TN, TN }, local[2] = { TILE, TILE };
	/* several times: long enough running kernels are specialized for
	 * their group size at run time (KILN_SPECIALIZE) */
	for (int rep = 0; rep < 3; rep++) {
		int zero = 0;
		CHECK_OK(clEnqueueFillBuffer(queue, c, &zero, sizeof(zero), 0, sizeof(a_host), 0,
					     NULL, NULL));
		CHECK_OK(clEnqueueNDRangeKernel(queue, k, 2, NULL, global, local, 0, NULL, NULL));
		static int got[TN * TN];
		CHECK_OK(clEnqueueReadBuffer(queue, c, CL_TRUE, 0, sizeof(got), got, 0, NULL,
					     NULL));
		int bad = 0;
		for (int i = 0; i < TN; i++)
			for (int j = 0; j < TN; j++) {
				int want = 0;
				for (int kk = 0; kk < TN; kk++)
					want += a_host[i * TN + kk] * b_host[kk * TN + j];
				if (got[i * TN + j] != want && bad++ < 3)
					fprintf(stderr, "%s: c[%d][%d] = %d, expected %d\n", name, i, j,
						got[i * TN + j], want);
			}
		CHECK(bad == 0);
	}
	clReleaseKernel(k);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);

	uint32_t r = 2024;
	for (int i = 0; i < IN; i++) {
		r = r * 1664525u + 1013904223u;
		in_host[i] = (int)(r >> 12) % 2000 - 1000;
	}
	for (int i = 0; i < TN * TN; i++) {
		r = r * 1664525u + 1013904223u;
		a_host[i] = (int)(r >> 20) % 19 - 9;
		r = r * 1664525u + 1013904223u;
		b_host[i] = (int)(r >> 20) % 23 - 11;
	}

	/* OpenCL C 3.0: non-uniform work-groups (37 x 23) */
	cl_program p = check_build(context, device, src, "-cl-std=CL3.0");

	cl_mem in = make_buffer(sizeof(in_host), in_host);
	cl_mem out = make_buffer(GX * GY * sizeof(int), NULL);
	cl_kernel mix = check_create_kernel(p, "mix");
	static const size_t shapes[][2] = { { 1, 1 }, { 16, 16 }, { 8, 4 }, { 3, 5 }, { 37, 1 },
					    { 16, 1 }, { 1, 16 } };
	for (size_t s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
		run_mix(mix, in, out, shapes[s][0], shapes[s][1], 0);
		run_mix(mix, in, out, shapes[s][0], shapes[s][1], 1000);
	}
	clReleaseKernel(mix);
	run_wrap(p, in, out, 8);
	run_wrap(p, in, out, 16);

	cl_mem a = make_buffer(sizeof(a_host), a_host), b = make_buffer(sizeof(b_host), b_host);
	cl_mem c = make_buffer(sizeof(a_host), NULL);
	run_tiled(p, "tiled", a, b, c);
	run_tiled(p, "tiled_reqd", a, b, c);

	clReleaseMemObject(a);
	clReleaseMemObject(b);
	clReleaseMemObject(c);
	clReleaseMemObject(in);
	clReleaseMemObject(out);
	clReleaseProgram(p);
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
