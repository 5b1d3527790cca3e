/* Values carried around loops with barriers, which lib/compiler/
 * barriers.cpp keeps in the work-group context, sharing one slot between a
 * loop's phi and the value it carries where the two never hold values at
 * once (share_carried_slot).  Each kernel is checked against the same
 * computation on the host, in integers or integer-valued floats (exact):
 * an accumulator through an outer and an inner loop with barriers, the old
 * value read after the new one is computed (the slot must not be shared),
 * two values that trade places each iteration (a Fibonacci pair),
 * an update under a condition that differs between work-items, and the
 * register-tiled SGEMM of kiln-bench-compute (four float8 accumulators a
 * work-item).  ctest runs it again with KILN_SPECIALIZE=1 and on the
 * serial driver. */
#include "../common/check.h"
#include "../../tools/sgemm_vec_src.h"

#define LS 64 /* local size of the 1D kernels */
#define GROUPS 3
#define ROUNDS 5
#define TN 128 /* the SGEMM's size */

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

static int in_host[LS * GROUPS * 2];

static const char *src =
	"kernel void nested(global const int *in, global int *out, int rounds)\n"
	"{\n"
	"    local int t[64];\n"
	"    int l = get_local_id(0), acc = 0;\n"
	"    for (int r = 0; r < rounds; r++) {\n"
	"        t[l] = in[get_global_id(0)] + r;\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"        for (int j = 0; j < 64; j++)\n"
	"            acc += t[j] * (j ^ l);\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    }\n"
	"    out[get_global_id(0)] = acc;\n"
	"}\n"
	"kernel void still_live(global const int *in, global int *out, int rounds)\n"
	"{\n"
	"    local int t[64];\n"
	"    int l = get_local_id(0), acc = 1, sum = 0;\n"
	"    for (int r = 0; r < rounds; r++) {\n"
	"        t[l] = in[get_global_id(0)] - r;\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"        int next = acc;\n"
	"        for (int j = 0; j < 64; j++)\n"
	"            next += t[(j + l) & 63];\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"        sum += acc * 3 - next;\n"
	"        acc = next;\n"
	"    }\n"
	"    out[get_global_id(0)] = sum + acc;\n"
	"}\n"
	"kernel void pair(global const int *in, global int *out, int rounds)\n"
	"{\n"
	"    local int t[64];\n"
	"    int l = get_local_id(0), a = in[get_global_id(0)], b = 1;\n"
	"    for (int r = 0; r < rounds; r++) {\n"
	"        t[l] = a;\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"        int s = a + b + t[(l + 1) & 63];\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"        a = b;\n"
	"        b = s;\n"
	"    }\n"
	"    out[get_global_id(0)] = a * 7 + b;\n"
	"}\n"
	"kernel void uneven(global const int *in, global int *out, int rounds)\n"
	"{\n"
	"    local int t[64];\n"
	"    int l = get_local_id(0), acc = l;\n"
	"    for (int r = 0; r < rounds; r++) {\n"
	"        t[l] = in[get_global_id(0)] * r;\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"        if ((l + r) % 3 == 0)\n"
	"            acc = acc * 2 + t[63 - l];\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    }\n"
	"    out[get_global_id(0)] = acc;\n"
	"}\n"
	KILN_SGEMM_VEC_SRC("sgemm_vec");

/* The 1D kernels on the host, for work-item l of group g. */
static int host_1d(const char *name, int g, int l, int rounds)
{
	const int *in = in_host + g * LS;
	if (!strcmp(name, "nested")) {
		int acc = 0;
		for (int r = 0; r < rounds; r++)
			for (int j = 0; j < LS; j++)
				acc += (in[j] + r) * (j ^ l);
		return acc;
	}
	if (!strcmp(name, "still_live")) {
		int acc = 1, sum = 0;
		for (int r = 0; r < rounds; r++) {
			int next = acc;
			for (int j = 0; j < LS; j++)
				next += in[(j + l) & 63] - r;
			sum += acc * 3 - next;
			acc = next;
		}
		return sum + acc;
	}
	if (!strcmp(name, "pair")) {
		/* every work-item's a, as the group's t holds them */
		int a[LS], b[LS];
		for (int i = 0; i < LS; i++)
			a[i] = in[i], b[i] = 1;
		for (int r = 0; r < rounds; r++) {
			int s[LS];
			for (int i = 0; i < LS; i++)
				s[i] = a[i] + b[i] + a[(i + 1) & 63];
			for (int i = 0; i < LS; i++)
				a[i] = b[i], b[i] = s[i];
		}
		return a[l] * 7 + b[l];
	}
	int acc = l; /* uneven */
	for (int r = 0; r < rounds; r++)
		if ((l + r) % 3 == 0)
			acc = acc * 2 + in[63 - l] * r;
	return acc;
}

static void run_1d(cl_program p, const char *name, cl_mem in, cl_mem out)
{
	cl_kernel k = check_create_kernel(p, name);
	int rounds = ROUNDS;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(in), &in));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(out), &out));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(rounds), &rounds));
	size_t global = LS * GROUPS, local = LS;
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
	int got[LS * GROUPS];
	CHECK_OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
	int bad = 0;
	for (int g = 0; g < GROUPS; g++)
		for (int l = 0; l < LS; l++) {
			int want = host_1d(name, g, l, rounds);
			if (got[g * LS + l] != want && bad++ < 3)
				fprintf(stderr, "%s: work-item %d of group %d: %d, expected %d\n", name,
					l, g, got[g * LS + l], want);
		}
	CHECK(bad == 0);
	clReleaseKernel(k);
}

static void run_sgemm(cl_program p)
{
	static float a[TN * TN], b[TN * TN], c[TN * TN];
	unsigned r = 11;
	for (int i = 0; i < TN * TN; i++) {
		a[i] = (float)((int)(check_rand(&r) % 9) - 4);
		b[i] = (float)((int)(check_rand(&r) % 7) - 3);
	}
	cl_mem ma = check_new_buffer(context, sizeof(a), a);
	cl_mem mb = check_new_buffer(context, sizeof(b), b);
	cl_mem mc = check_new_buffer(context, sizeof(c), NULL);
	cl_kernel k = check_create_kernel(p, "sgemm_vec");
	int n = TN;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(n), &n));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(ma), &ma));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(mb), &mb));
	CHECK_OK(clSetKernelArg(k, 3, sizeof(mc), &mc));
	size_t global[2] = { TN / 8, TN / 4 }, local[2] = { 8, 16 };
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 2, NULL, global, local, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, mc, CL_TRUE, 0, sizeof(c), c, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < TN; i++)
		for (int j = 0; j < TN; j++) {
			float want = 0; /* small integers: every sum is exact */
			for (int kk = 0; kk < TN; kk++)
				want += a[i * TN + kk] * b[kk * TN + j];
			if (c[i * TN + j] != want && bad++ < 3)
				fprintf(stderr, "sgemm_vec: c[%d][%d] = %g, expected %g\n", i, j,
					c[i * TN + j], want);
		}
	CHECK(bad == 0);
	clReleaseKernel(k);
	clReleaseMemObject(ma);
	clReleaseMemObject(mb);
	clReleaseMemObject(mc);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);
	unsigned r = 5;
	for (int i = 0; i < LS * GROUPS * 2; i++)
		in_host[i] = (int)(check_rand(&r) % 201) - 100;
	cl_program p = check_build(context, device, src, "");
	cl_mem in = check_new_buffer(context, sizeof(in_host), in_host);
	cl_mem out = check_new_buffer(context, LS * GROUPS * sizeof(int), NULL);
	static const char *kernels[] = { "nested", "still_live", "pair", "uneven" };
	for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++)
		run_1d(p, kernels[i], in, out);
	run_sgemm(p);
	clReleaseMemObject(in);
	clReleaseMemObject(out);
	clReleaseProgram(p);
	return check_teardown(queue, context);
}
