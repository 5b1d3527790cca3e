/* Kernels with reqd_work_group_size.  kiln-workgroup specializes their
 * work-group function for that size (constant loop trip counts, constant
 * local sizes and context stride) and keeps a plain copy for the smaller
 * groups at the end of a non-uniform range (OpenCL C 2.0 and later);
 * both must give what the kernel says.
 *
 * Three kernels, each writing one value per work-item that depends on
 * its group's size, its local id and the group's other work-items (through
 * __local memory and barriers), so that a group run with the wrong size,
 * the wrong ids or a missing barrier shows:
 *   rows   reqd (16, 4, 1), 2D: a weighted sum along its row of the
 *          group's tile, a sum along its column, and the local sizes
 *   line   reqd (64, 1, 1), 1D, no barrier: in * 3 + local id + local size
 *   cube   reqd (4, 4, 4), 3D: the whole group's sum through a __local
 *          tree, twice (two barrier regions in a loop)
 * Ranges: multiples of the size (uniform; also built as OpenCL C 1.2),
 * then non-uniform ranges with partial groups in every dimension (built
 * with -cl-std=CL2.0, when the device supports them), and a global offset.
 * Each output is compared exactly with a host computation that forms the
 * groups as §3.2 says (full groups from the origin, the remainder last).
 * A local size other than the required one is CL_INVALID_WORK_GROUP_SIZE. */
#include "../common/check.h"

#include <stdint.h>

static const char *src =
	"__kernel __attribute__((reqd_work_group_size(16, 4, 1)))\n"
	"void rows(__global const uint *in, __global uint *out, uint w)\n"
	"{\n"
	"    __local uint t[4][16];\n"
	"    size_t lx = get_local_id(0), ly = get_local_id(1);\n"
	"    size_t gx = get_global_id(0) - get_global_offset(0);\n"
	"    size_t gy = get_global_id(1) - get_global_offset(1);\n"
	"    t[ly][lx] = in[gy * w + gx];\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    uint s = 0, c = 0;\n"
	"    for (size_t i = 0; i < get_local_size(0); i++)\n"
	"        s += t[ly][i] * (uint)(i + 1);\n"
	"    for (size_t j = 0; j < get_local_size(1); j++)\n"
	"        c += t[j][lx];\n"
	"    out[gy * w + gx] = s ^ (c << 7) ^\n"
	"        (uint)(get_local_size(0) * 1000 + get_local_size(1));\n"
	"}\n"
	"__kernel __attribute__((reqd_work_group_size(64, 1, 1)))\n"
	"void line(__global const uint *in, __global uint *out)\n"
	"{\n"
	"    size_t i = get_global_id(0) - get_global_offset(0);\n"
	"    out[i] = in[i] * 3u + (uint)get_local_id(0) + (uint)get_local_size(0) * 100000u;\n"
	"}\n"
	"__kernel __attribute__((reqd_work_group_size(4, 4, 4)))\n"
	"void cube(__global const uint *in, __global uint *out, uint w, uint h)\n"
	"{\n"
	"    __local uint t[64];\n"
	"    size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);\n"
	"    size_t l = (get_local_id(2) * get_local_size(1) + get_local_id(1)) *\n"
	"               get_local_size(0) + get_local_id(0);\n"
	"    size_t n = get_local_size(0) * get_local_size(1) * get_local_size(2);\n"
	"    size_t at = (z * h + y) * w + x;\n"
	"    uint v = in[at];\n"
	"    for (int round = 0; round < 2; round++) {\n"
	"        t[l] = v;\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"        for (size_t step = 1; step < n; step <<= 1) {\n"
	"            uint o = (l % (2 * step) == 0 && l + step < n) ? t[l + step] : 0u;\n"
	"            barrier(CLK_LOCAL_MEM_FENCE);\n"
	"            t[l] += o;\n"
	"            barrier(CLK_LOCAL_MEM_FENCE);\n"
	"        }\n"
	"        v = t[0] + (uint)l;\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    }\n"
	"    out[at] = v ^ ((uint)n << 24);\n"
	"}\n";

#define MAXW 80
#define MAXH 40
#define MAXD 12
#define MAXN (MAXW * MAXH * 4) /* and 3D: 12 * 12 * 12 */

static uint32_t in[MAXN], want[MAXN], got[MAXN];

/* The group of global index g (0-based from the offset) along a dimension
 * of global size G and group size L: its origin and its size (§3.2: the
 * last group holds the remainder). */
static void group_of(size_t g, size_t G, size_t L, size_t *origin, size_t *size)
{
	*origin = g / L * L;
	*size = *origin + L <= G ? L : G - *origin;
}

static void ref_rows(size_t W, size_t H)
{
	for (size_t y = 0; y < H; y++)
		for (size_t x = 0; x < W; x++) {
			size_t ox, sx, oy, sy;
			group_of(x, W, 16, &ox, &sx);
			group_of(y, H, 4, &oy, &sy);
			uint32_t s = 0, c = 0;
			for (size_t i = 0; i < sx; i++)
				s += in[y * W + ox + i] * (uint32_t)(i + 1);
			for (size_t j = 0; j < sy; j++)
				c += in[(oy + j) * W + x];
			want[y * W + x] = s ^ (c << 7) ^ (uint32_t)(sx * 1000 + sy);
		}
}

static void ref_line(size_t G)
{
	for (size_t i = 0; i < G; i++) {
		size_t o, s;
		group_of(i, G, 64, &o, &s);
		want[i] = in[i] * 3u + (uint32_t)(i - o) + (uint32_t)s * 100000u;
	}
}

static void ref_cube(size_t W, size_t H, size_t D)
{
	for (size_t z = 0; z < D; z++)
		for (size_t y = 0; y < H; y++)
			for (size_t x = 0; x < W; x++) {
				size_t o[3], s[3];
				group_of(x, W, 4, &o[0], &s[0]);
				group_of(y, H, 4, &o[1], &s[1]);
				group_of(z, D, 4, &o[2], &s[2]);
				size_t n = s[0] * s[1] * s[2];
				/* round 1: every v is in[]; round 2: in's sum + l */
				uint32_t sum = 0;
				for (size_t k = 0; k < s[2]; k++)
					for (size_t j = 0; j < s[1]; j++)
						for (size_t i = 0; i < s[0]; i++)
							sum += in[((o[2] + k) * H + o[1] + j) * W +
								  o[0] + i];
				/* the sum of l over the group is n (n - 1) / 2 */
				uint32_t sum2 = sum * (uint32_t)n + (uint32_t)(n * (n - 1) / 2);
				size_t l = ((z - o[2]) * s[1] + (y - o[1])) * s[0] + (x - o[0]);
				want[(z * H + y) * W + x] =
					(sum2 + (uint32_t)l) ^ ((uint32_t)n << 24);
			}
}

static cl_context context;
static cl_device_id device;
static cl_command_queue queue;
static cl_mem b_in, b_out;

/* Runs `k` over global[dims] (offset 3 in each dimension when `offset`)
 * and compares n outputs with want[]. */
static void run(cl_kernel k, const char *name, const char *build, cl_uint dims,
		const size_t *global, const size_t *local, int offset, size_t n)
{
	char desc[160];
	snprintf(desc, sizeof(desc), "%s over %zu x %zu x %zu%s (%s)", name, global[0],
		 dims > 1 ? global[1] : 1, dims > 2 ? global[2] : 1, offset ? ", offset 3" : "",
		 build);
	uint32_t sentinel = 0xdeadbeefu;
	CHECK_OK(clEnqueueFillBuffer(queue, b_out, &sentinel, 4, 0, sizeof(got), 0, NULL, NULL));
	size_t off[3] = { 3, 3, 3 };
	cl_int err = clEnqueueNDRangeKernel(queue, k, dims, offset ? off : NULL, global, local, 0,
					    NULL, NULL);
	if (err != CL_SUCCESS)
		fprintf(stderr, "%s: clEnqueueNDRangeKernel returned %d\n", desc, err);
	CHECK(err == CL_SUCCESS);
	CHECK_OK(clEnqueueReadBuffer(queue, b_out, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
	unsigned bad = 0;
	for (size_t i = 0; i < MAXN; i++) {
		uint32_t w = i < n ? want[i] : sentinel;
		if (got[i] != w && bad++ < 6)
			fprintf(stderr, "%s: out[%zu] = 0x%08x, expected 0x%08x\n", desc, i, got[i],
				w);
	}
	if (bad)
		fprintf(stderr, "%s: %u wrong\n", desc, bad);
	CHECK(bad == 0);
}

static void run_all(cl_program prog, const char *build, int nonuniform)
{
	cl_kernel rows = check_create_kernel(prog, "rows");
	cl_kernel line = check_create_kernel(prog, "line");
	cl_kernel cube = check_create_kernel(prog, "cube");
	CHECK_OK(clSetKernelArg(rows, 0, sizeof(cl_mem), &b_in));
	CHECK_OK(clSetKernelArg(rows, 1, sizeof(cl_mem), &b_out));
	CHECK_OK(clSetKernelArg(line, 0, sizeof(cl_mem), &b_in));
	CHECK_OK(clSetKernelArg(line, 1, sizeof(cl_mem), &b_out));
	CHECK_OK(clSetKernelArg(cube, 0, sizeof(cl_mem), &b_in));
	CHECK_OK(clSetKernelArg(cube, 1, sizeof(cl_mem), &b_out));

	static const size_t rows_shapes[][2] = { { 64, 16 }, { 16, 4 }, { 80, 40 },
						 { 70, 22 }, { 5, 3 }, { 33, 40 } };
	static const size_t line_shapes[] = { 64, 1024, 4096, 1000, 65, 7 };
	static const size_t cube_shapes[][3] = { { 8, 8, 8 }, { 12, 4, 12 }, { 10, 6, 7 },
						 { 3, 3, 3 }, { 12, 12, 9 } };
	const size_t lr[2] = { 16, 4 }, ll[1] = { 64 }, lc[3] = { 4, 4, 4 };
	for (size_t s = 0; s < sizeof(rows_shapes) / sizeof(rows_shapes[0]); s++) {
		const size_t *g = rows_shapes[s];
		int partial = g[0] % 16 || g[1] % 4;
		if (partial && !nonuniform)
			continue;
		cl_uint w = (cl_uint)g[0];
		CHECK_OK(clSetKernelArg(rows, 2, sizeof(w), &w));
		ref_rows(g[0], g[1]);
		for (int offset = 0; offset < 2; offset++)
			run(rows, "rows", build, 2, g, lr, offset, g[0] * g[1]);
	}
	for (size_t s = 0; s < sizeof(line_shapes) / sizeof(line_shapes[0]); s++) {
		size_t g = line_shapes[s];
		if (g % 64 && !nonuniform)
			continue;
		ref_line(g);
		run(line, "line", build, 1, &g, ll, 0, g);
		run(line, "line", build, 1, &g, ll, 1, g);
		/* NULL local: Kiln must pick the required size */
		run(line, "line (NULL local)", build, 1, &g, NULL, 0, g);
	}
	for (size_t s = 0; s < sizeof(cube_shapes) / sizeof(cube_shapes[0]); s++) {
		const size_t *g = cube_shapes[s];
		int partial = g[0] % 4 || g[1] % 4 || g[2] % 4;
		if (partial && !nonuniform)
			continue;
		cl_uint w = (cl_uint)g[0], h = (cl_uint)g[1];
		CHECK_OK(clSetKernelArg(cube, 2, sizeof(w), &w));
		CHECK_OK(clSetKernelArg(cube, 3, sizeof(h), &h));
		ref_cube(g[0], g[1], g[2]);
		run(cube, "cube", build, 3, g, lc, 0, g[0] * g[1] * g[2]);
	}

	/* §5.10: the local size must be the required one */
	size_t g64 = 128, l32 = 32;
	CHECK_ERR(clEnqueueNDRangeKernel(queue, line, 1, NULL, &g64, &l32, 0, NULL, NULL),
		  CL_INVALID_WORK_GROUP_SIZE);
	size_t g2[2] = { 64, 16 }, l2[2] = { 16, 2 };
	CHECK_ERR(clEnqueueNDRangeKernel(queue, rows, 2, NULL, g2, l2, 0, NULL, NULL),
		  CL_INVALID_WORK_GROUP_SIZE);
	clReleaseKernel(rows);
	clReleaseKernel(line);
	clReleaseKernel(cube);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);
	int nonuniform = check_nonuniform(device, "partial groups not run");
	unsigned seed = 4242;
	for (size_t i = 0; i < MAXN; i++)
		in[i] = check_rand(&seed) ^ (check_rand(&seed) << 11);
	cl_int err;
	b_in = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(in), in,
			      &err);
	REQUIRE(err == CL_SUCCESS);
	b_out = clCreateBuffer(context, CL_MEM_READ_WRITE, sizeof(got), NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	cl_program p12 = check_build(context, device, src, "-cl-std=CL1.2");
	run_all(p12, "CL1.2", 0);
	clReleaseProgram(p12);
	cl_program p20 = check_build(context, device, src, "-cl-std=CL2.0");
	run_all(p20, "CL2.0", nonuniform);
	clReleaseProgram(p20);

	clReleaseMemObject(b_in);
	clReleaseMemObject(b_out);
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
