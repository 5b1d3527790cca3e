/* Kernels whose vectors are half a register wide (float8, int8 on
 * AVX-512) with a known even local width, which lib/compiler/
 * pair_workitems.cpp runs two work-items at a time, each vector operation
 * of the two as one of twice the width.  Every kernel is checked element by
 * element against the same computation on the host, in small integers held
 * in floats (exact): arithmetic with swizzles and a splat of one element,
 * a vector select, loads of non-adjacent addresses, a loop of constant
 * trip count (paired) and the same loop with its count an argument (not
 * paired: split, its iterations run across work-items), conversions to int8 and back with an element
 * replaced by the local id, a private array indexed per work-item,
 * __local memory behind a barrier, vload8/vstore8 of a float pointer, 2D
 * and 3D groups, a kernel whose work-items take different paths (not
 * paired) and a range whose last group is narrower (run unpaired).  ctest
 * runs it again with KILN_SPECIALIZE=1 and on the serial driver. */
#include "../common/check.h"

#define N 96 /* float8 elements, one per work-item */

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

static float in_host[N * 8];

static const char *src =
	"#define K(name, x, y, z) __kernel __attribute__((reqd_work_group_size(x, y, z)))\\\n"
	"    void name(global const float8 *in, global float8 *out, int n)\n"
	"#define GID (get_global_id(0) + get_global_size(0) * (get_global_id(1) + \\\n"
	"             get_global_size(1) * get_global_id(2)))\n"
	"K(swizzle, 8, 1, 1) { size_t i = GID; float8 v = in[i];\n"
	"    out[i] = v * v.s76543210 + (float8)(v.s0); }\n"
	"K(choose, 4, 2, 1) { size_t i = GID; float8 v = in[(i * 5) % 96];\n"
	"    out[i] = v < 0.0f ? -v : v * 2.0f; }\n"
	"K(carry, 8, 1, 1) { size_t i = GID; float8 acc = in[i];\n"
	"    for (int k = 0; k < 3; k++) acc = acc * 2.0f - in[k]; out[i] = acc; }\n"
	"K(carry_n, 8, 1, 1) { size_t i = GID; float8 acc = in[i];\n"
	"    for (int k = 0; k < n; k++) acc = acc * 2.0f - in[k]; out[i] = acc; }\n"
	"K(ints, 16, 1, 1) { size_t i = GID; int8 q = convert_int8(in[i]);\n"
	"    q = (q << 2) ^ (q >> 1); q.s3 = (int)get_local_id(0); out[i] = convert_float8(q); }\n"
	"K(priv, 8, 1, 1) { size_t i = GID; float8 p[4]; int l = get_local_id(0);\n"
	"    for (int k = 0; k < 4; k++) p[k] = in[i] * (float)(k + n);\n"
	"    out[i] = p[l & 3] + p[(l + 1) & 3]; }\n"
	"K(shared, 16, 1, 1) { local float8 t[16]; size_t i = GID; int l = get_local_id(0);\n"
	"    t[l] = in[i]; barrier(CLK_LOCAL_MEM_FENCE); out[i] = t[15 - l] - t[l ^ 1]; }\n"
	"__kernel __attribute__((reqd_work_group_size(8, 1, 1)))\n"
	"void vl(global const float *in, global float *out, int n)\n"
	"{ size_t i = get_global_id(0); vstore8(vload8(i, in) * 3.0f - (float8)(float)n, i, out); }\n"
	"K(cube, 2, 2, 2) { size_t i = GID; out[i] = in[i] + (float8)(float)(get_local_id(2) * 4 + get_local_id(1)); }\n"
	"K(diverge, 8, 1, 1) { size_t i = GID; if (get_local_id(0) & 1) out[i] = in[i] * 3.0f;\n"
	"    else out[i] = in[i] - 1.0f; }\n"
	"__kernel void unsized(global const float8 *in, global float8 *out, int n)\n"
	"{ size_t i = get_global_id(0); out[i] = in[i] * in[i] + (float8)(float)n; }\n";

/* One kernel of the source: its name, local and global sizes (a global
 * size 0 in dimension 1 or 2 means 1), and whether it needs non-uniform
 * groups. */
struct run {
	const char *name;
	size_t local[3], global[3];
	int nonuniform;
};

static const struct run runs[] = {
	{ "swizzle", { 8, 1, 1 }, { N, 1, 1 }, 0 },
	{ "choose", { 4, 2, 1 }, { 24, 4, 1 }, 0 },
	{ "carry", { 8, 1, 1 }, { N, 1, 1 }, 0 },
	{ "carry_n", { 8, 1, 1 }, { N, 1, 1 }, 0 },
	{ "ints", { 16, 1, 1 }, { N, 1, 1 }, 0 },
	{ "priv", { 8, 1, 1 }, { N, 1, 1 }, 0 },
	{ "shared", { 16, 1, 1 }, { N, 1, 1 }, 0 },
	{ "vl", { 8, 1, 1 }, { N, 1, 1 }, 0 },
	{ "cube", { 2, 2, 2 }, { 4, 4, 6 }, 0 },
	{ "diverge", { 8, 1, 1 }, { N, 1, 1 }, 0 },
	{ "unsized", { 16, 1, 1 }, { N, 1, 1 }, 0 },
	/* the last group 5 wide: the unpaired work-item function */
	{ "swizzle", { 8, 1, 1 }, { N - 3, 1, 1 }, 1 },
	{ "unsized", { 8, 1, 1 }, { N - 1, 1, 1 }, 1 },
};

#define ARG_N 3

/* Element e of work-item i's result (i linear over the range, as GID),
 * with r the run. */
static float host(const struct run *r, size_t i, int e)
{
	const float *v = in_host + i * 8;
	size_t l0 = i % r->local[0];
	if (!strcmp(r->name, "swizzle"))
		return v[e] * v[7 - e] + v[0];
	if (!strcmp(r->name, "choose")) {
		float x = in_host[((i * 5) % 96) * 8 + e];
		return x < 0.0f ? -x : x * 2.0f;
	}
	if (!strncmp(r->name, "carry", 5)) { /* carry: 3 steps; carry_n: n = 3 */
		float acc = v[e];
		for (int k = 0; k < ARG_N; k++)
			acc = acc * 2.0f - in_host[k * 8 + e];
		return acc;
	}
	if (!strcmp(r->name, "ints")) {
		int q = (int)v[e];
		q = (int)((unsigned)q << 2) ^ (q >> 1);
		return e == 3 ? (float)l0 : (float)q;
	}
	if (!strcmp(r->name, "priv")) {
		float a = v[e] * (float)((l0 & 3) + ARG_N), b = v[e] * (float)(((l0 + 1) & 3) + ARG_N);
		return a + b;
	}
	if (!strcmp(r->name, "shared")) {
		size_t g = i - l0;
		return in_host[(g + 15 - l0) * 8 + e] - in_host[(g + (l0 ^ 1)) * 8 + e];
	}
	if (!strcmp(r->name, "vl"))
		return v[e] * 3.0f - (float)ARG_N;
	if (!strcmp(r->name, "cube")) {
		size_t gy = (i / r->global[0]) % r->global[1];
		size_t gz = i / (r->global[0] * r->global[1]);
		return v[e] + (float)((gz % 2) * 4 + gy % 2);
	}
	if (!strcmp(r->name, "diverge"))
		return (l0 & 1) ? v[e] * 3.0f : v[e] - 1.0f;
	return v[e] * v[e] + (float)ARG_N; /* unsized */
}

static void run_one(cl_program p, const struct run *r, cl_mem in, cl_mem out)
{
	cl_kernel k = check_create_kernel(p, r->name);
	int n = ARG_N;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(in), &in));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(out), &out));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(n), &n));
	static const float poison[N * 8] = { 0 };
	CHECK_OK(clEnqueueWriteBuffer(queue, out, CL_TRUE, 0, sizeof(poison), poison, 0, NULL,
				      NULL));
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 3, NULL, r->global, r->local, 0, NULL, NULL));
	static float got[N * 8];
	CHECK_OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
	size_t items = r->global[0] * r->global[1] * r->global[2];
	int bad = 0;
	for (size_t i = 0; i < items; i++)
		for (int e = 0; e < 8; e++) {
			float want = host(r, i, e);
			if (got[i * 8 + e] != want && bad++ < 3)
				fprintf(stderr, "%s (global %zu): work-item %zu element %d: %g, expected %g\n",
					r->name, r->global[0], i, e, got[i * 8 + e], want);
		}
	CHECK(bad == 0);
	clReleaseKernel(k);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);
	unsigned seed = 9;
	for (int i = 0; i < N * 8; i++)
		in_host[i] = (float)((int)(check_rand(&seed) % 41) - 20);
	/* non-uniform groups need OpenCL C 2.0 or later (§5.10) */
	int nonuniform = check_nonuniform(device, "the narrower last groups");
	cl_program p = check_build(context, device, src, nonuniform ? "-cl-std=CL2.0" : "");
	cl_mem in = check_new_buffer(context, sizeof(in_host), in_host);
	cl_mem out = check_new_buffer(context, sizeof(in_host), NULL);
	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++)
		if (!runs[i].nonuniform || nonuniform)
			run_one(p, &runs[i], in, out);
	clReleaseMemObject(in);
	clReleaseMemObject(out);
	clReleaseProgram(p);
	return check_teardown(queue, context);
}
