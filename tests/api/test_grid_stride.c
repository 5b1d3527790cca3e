/* Grid-stride loops, `for (i = get_global_id(0); i < n; i += step)`.
 * kiln-split-grid-stride runs the iterations that every work-item of a
 * group has as a uniform loop first and hands the rest to the original
 * loop; neither the results nor the number of iterations may change.
 *
 * Six kernels, each writing one result per work-item (so that every
 * work-item's own sum is checked, not only a reduction):
 *   gs_size    size_t index, ulong n: a float sum and an iteration count
 *   gs_int     int index, int n (signed test, also n < 0): a uint sum
 *   gs_vec     size_t index over float4 data, the components summed at the end
 *   gs_vec_u   the same with a uint bound (widened in the loop's header)
 *   gs_step    start get_global_id(0) + 5, step 3 * get_global_size(0)
 *   gs_step_hoisted  the same with the step in a variable set before the
 *              loop (gs_step's `3 * get_global_size(0)` sits in the
 *              latch; the pass hoists it, so both loops are split)
 *   gs_inplace data[i] = data[i] * 2 + 1 in place: every element once
 *   gs_reduce  the loop, then a barrier and a __local tree reduction
 *              (per-item sums, per-group sums and the group's size out)
 * Ranges 1024/256, 1000/250, 1000/NULL, 4096/64, 96/32; n = 0, 1, 5,
 * global - 1, global, global + 1, 3 * global + 17 and 1 << 20 (the last
 * for two ranges); gs_size with a global offset of 7; gs_size and gs_int
 * over a non-uniform 1000/64 built with -cl-std=CL2.0.  Every output is
 * compared exactly with a host computation in the same order (floats are
 * small integers, so the sums are exact); every buffer is filled with a
 * sentinel first and has slack after the range, which must stay as it was. */
#include "../common/check.h"

#include <stdint.h>

#define KERNELS_12                                                                         \
	"__kernel void gs_size(__global const float *in, __global float *out,\n"          \
	"                      __global int *cnt, ulong n)\n"                              \
	"{\n"                                                                              \
	"    float s = 0.0f;\n"                                                            \
	"    int c = 0;\n"                                                                 \
	"    for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {\n"        \
	"        s += in[i] * (float)(i % 7 + 1);\n"                                       \
	"        c++;\n"                                                                   \
	"    }\n"                                                                          \
	"    out[get_global_id(0)] = s;\n"                                                 \
	"    cnt[get_global_id(0)] = c;\n"                                                 \
	"}\n"                                                                              \
	"__kernel void gs_int(__global const uint *in_u, __global uint *out, int n)\n"     \
	"{\n"                                                                              \
	"    uint s = 0;\n"                                                                \
	"    for (int i = get_global_id(0); i < n; i += get_global_size(0))\n"             \
	"        s += in_u[i] * (uint)(i + 1);\n"                                          \
	"    out[get_global_id(0)] = s;\n"                                                 \
	"}\n"

static const char *src_all =
	KERNELS_12
	"#define GS_VEC(NAME, N) \\\n"
	"__kernel void NAME(__global const float4 *in4, __global float *out, N n4) \\\n"
	"{ \\\n"
	"    float4 s = 0; \\\n"
	"    for (size_t i = get_global_id(0); i < n4; i += get_global_size(0)) \\\n"
	"        s += in4[i]; \\\n"
	"    out[get_global_id(0)] = s.x + s.y + s.z + s.w; \\\n"
	"}\n"
	"GS_VEC(gs_vec, ulong)\n"
	/* a uint bound for a size_t index: widened in the loop's header */
	"GS_VEC(gs_vec_u, uint)\n"
	"__kernel void gs_step(__global const uint *in_u, __global uint *out,\n"
	"                      __global int *cnt, ulong n)\n"
	"{\n"
	"    uint s = 0;\n"
	"    int c = 0;\n"
	"    for (size_t i = get_global_id(0) + 5; i < n; i += 3 * get_global_size(0)) {\n"
	"        s += in_u[i] * (uint)(i % 5 + 1);\n"
	"        c++;\n"
	"    }\n"
	"    out[get_global_id(0)] = s;\n"
	"    cnt[get_global_id(0)] = c;\n"
	"}\n"
	"__kernel void gs_step_hoisted(__global const uint *in_u, __global uint *out,\n"
	"                              __global int *cnt, ulong n)\n"
	"{\n"
	"    size_t step = 3 * get_global_size(0);\n"
	"    uint s = 0;\n"
	"    int c = 0;\n"
	"    for (size_t i = get_global_id(0) + 5; i < n; i += step) {\n"
	"        s += in_u[i] * (uint)(i % 5 + 1);\n"
	"        c++;\n"
	"    }\n"
	"    out[get_global_id(0)] = s;\n"
	"    cnt[get_global_id(0)] = c;\n"
	"}\n"
	"__kernel void gs_inplace(__global uint *data, ulong n)\n"
	"{\n"
	"    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))\n"
	"        data[i] = data[i] * 2 + 1;\n"
	"}\n"
	"__kernel void gs_reduce(__global const uint *in_u, __global uint *item,\n"
	"                        __global uint *grp, __global uint *lsz,\n"
	"                        __local uint *tmp, ulong n)\n"
	"{\n"
	"    uint lid = get_local_id(0), ls = get_local_size(0);\n"
	"    uint s = 0;\n"
	"    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))\n"
	"        s += in_u[i];\n"
	"    item[get_global_id(0)] = s;\n"
	"    tmp[lid] = s;\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    for (uint off = 1; off < ls; off <<= 1) {\n"
	"        if ((lid & (2 * off - 1)) == 0 && lid + off < ls)\n"
	"            tmp[lid] += tmp[lid + off];\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    }\n"
	"    if (lid == 0) {\n"
	"        grp[get_group_id(0)] = tmp[0];\n"
	"        lsz[get_group_id(0)] = ls;\n"
	"    }\n"
	"}\n";

static const char *src_12 = KERNELS_12;

enum { K_SIZE, K_INT, K_VEC, K_STEP, K_STEPH, K_INPLACE, K_REDUCE, K_VECU, NK };
static const char *knames[NK] = { "gs_size",	      "gs_int",	    "gs_vec",	 "gs_step",
				  "gs_step_hoisted", "gs_inplace", "gs_reduce", "gs_vec_u" };

#define BIG (1u << 20)
#define SLACK 67
#define MAXN (BIG + 128) /* the largest n (3 * 4096 + 17 < BIG) and slack */
#define MAXOUT (4096 + 16 + SLACK)

static cl_context context;
static cl_device_id device;
static cl_command_queue queue;
static size_t kernel_wg[2][NK]; /* CL_KERNEL_WORK_GROUP_SIZE */

static float *in_f;	 /* small integers */
static uint32_t *in_u;	 /* any bits */
static float *in_4;	 /* MAXN float4s of small integers */
static uint32_t *data0; /* gs_inplace's starting contents */
static cl_mem b_in_f, b_in_u, b_in_4, b_out, b_cnt, b_grp, b_lsz, b_data;

static uint32_t exp_out[MAXOUT], exp_cnt[MAXOUT], exp_grp[MAXOUT];
static uint32_t got_out[MAXOUT], got_cnt[MAXOUT], got_grp[MAXOUT], got_lsz[MAXOUT];
static uint32_t *exp_data, *got_data;
static unsigned launches;

static uint32_t fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static float bitsf(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

/* Compares `n` elements, printing the first few differences; `is_float`
 * prints them as floats too.  Returns the number wrong. */
static unsigned compare(const char *what, const char *desc, const uint32_t *want,
			const uint32_t *got, size_t n, int is_float, unsigned *printed)
{
	unsigned bad = 0;
	for (size_t w = 0; w < n; w++) {
		if (want[w] == got[w])
			continue;
		bad++;
		if ((*printed)++ < 8) {
			if (is_float)
				fprintf(stderr, "%s: %s[%zu]: expected %.9g (0x%08x), got %.9g (0x%08x)\n",
					desc, what, w, bitsf(want[w]), want[w], bitsf(got[w]), got[w]);
			else
				fprintf(stderr, "%s: %s[%zu]: expected %u (0x%08x), got %u (0x%08x)\n",
					desc, what, w, want[w], want[w], got[w], got[w]);
		}
	}
	return bad;
}

/* One launch of kernel `k` over global G (offset `off`), local L (0 for
 * NULL), with n, checked element by element. */
static void launch(cl_kernel kern, int k, const char *build, size_t G, size_t L, size_t off,
		   int64_t n)
{
	char desc[160];
	snprintf(desc, sizeof(desc), "%s n=%lld, global %zu local %s%zu offset %zu (%s)", knames[k],
		 (long long)n, G, L ? "" : "NULL", L, off, build);
	uint32_t sentinel = (launches++ & 1) ? 0x5a5a5a5au : 0xa5a5a5a5u;
	size_t nout = off + G + SLACK;
	REQUIRE(nout <= MAXOUT);
	for (size_t w = 0; w < nout; w++)
		exp_out[w] = exp_cnt[w] = exp_grp[w] = sentinel;
	size_t ndata = 0;

	/* the host's loop, work-item by work-item */
	for (size_t w = 0; w < G; w++) {
		size_t gid = off + w;
		switch (k) {
		case K_SIZE: {
			float s = 0.0f;
			int32_t c = 0;
			for (uint64_t i = gid; i < (uint64_t)n; i += G) {
				s += in_f[i] * (float)(i % 7 + 1);
				c++;
			}
			exp_out[gid] = fbits(s);
			exp_cnt[gid] = (uint32_t)c;
			break;
		}
		case K_INT: {
			uint32_t s = 0;
			for (int32_t i = (int32_t)gid; i < (int32_t)n; i += (int32_t)G)
				s += in_u[i] * (uint32_t)(i + 1);
			exp_out[gid] = s;
			break;
		}
		case K_VEC:
		case K_VECU: {
			float s[4] = { 0, 0, 0, 0 };
			for (uint64_t i = gid; i < (uint64_t)n; i += G)
				for (int c = 0; c < 4; c++)
					s[c] += in_4[4 * i + c];
			exp_out[gid] = fbits(s[0] + s[1] + s[2] + s[3]);
			break;
		}
		case K_STEP:
		case K_STEPH: {
			uint32_t s = 0;
			int32_t c = 0;
			for (uint64_t i = gid + 5; i < (uint64_t)n; i += 3 * G) {
				s += in_u[i] * (uint32_t)(i % 5 + 1);
				c++;
			}
			exp_out[gid] = s;
			exp_cnt[gid] = (uint32_t)c;
			break;
		}
		case K_REDUCE: {
			uint32_t s = 0;
			for (uint64_t i = gid; i < (uint64_t)n; i += G)
				s += in_u[i];
			exp_out[gid] = s;
			break;
		}
		}
	}
	cl_int err;
	if (k == K_INPLACE) {
		ndata = (size_t)n + SLACK;
		for (size_t i = 0; i < ndata; i++)
			exp_data[i] = data0[i];
		for (size_t w = 0; w < G; w++)
			for (uint64_t i = off + w; i < (uint64_t)n; i += G)
				exp_data[i] = exp_data[i] * 2 + 1;
		CHECK_OK(clEnqueueWriteBuffer(queue, b_data, CL_FALSE, 0, ndata * 4, data0, 0, NULL,
					      NULL));
	} else {
		CHECK_OK(clEnqueueFillBuffer(queue, b_out, &sentinel, 4, 0, nout * 4, 0, NULL, NULL));
		CHECK_OK(clEnqueueFillBuffer(queue, b_cnt, &sentinel, 4, 0, nout * 4, 0, NULL, NULL));
		CHECK_OK(clEnqueueFillBuffer(queue, b_grp, &sentinel, 4, 0, nout * 4, 0, NULL, NULL));
		CHECK_OK(clEnqueueFillBuffer(queue, b_lsz, &sentinel, 4, 0, nout * 4, 0, NULL, NULL));
	}

	/* each kernel's arguments in order (A_END ends a list) */
	enum arg { A_END, A_IN_F, A_IN_U, A_IN_4, A_OUT, A_CNT, A_DATA, A_GRP, A_LSZ, A_SCRATCH,
		   A_N64, A_N32, A_NU32 };
	static const enum arg args[NK][7] = {
		[K_SIZE] = { A_IN_F, A_OUT, A_CNT, A_N64 },
		[K_INT] = { A_IN_U, A_OUT, A_N32 },
		[K_VEC] = { A_IN_4, A_OUT, A_N64 },
		[K_VECU] = { A_IN_4, A_OUT, A_NU32 },
		[K_STEP] = { A_IN_U, A_OUT, A_CNT, A_N64 },
		[K_STEPH] = { A_IN_U, A_OUT, A_CNT, A_N64 },
		[K_INPLACE] = { A_DATA, A_N64 },
		[K_REDUCE] = { A_IN_U, A_OUT, A_GRP, A_LSZ, A_SCRATCH, A_N64 },
	};
	cl_ulong nl = (cl_ulong)n;
	cl_int ni = (cl_int)n;
	cl_uint nu = (cl_uint)n;
	for (cl_uint a = 0; args[k][a] != A_END; a++) {
		cl_mem *m = NULL;
		size_t size = sizeof(cl_mem);
		const void *v = NULL;
		switch (args[k][a]) {
		case A_IN_F: m = &b_in_f; break;
		case A_IN_U: m = &b_in_u; break;
		case A_IN_4: m = &b_in_4; break;
		case A_OUT: m = &b_out; break;
		case A_CNT: m = &b_cnt; break;
		case A_DATA: m = &b_data; break;
		case A_GRP: m = &b_grp; break;
		case A_LSZ: m = &b_lsz; break;
		case A_SCRATCH: size = 4 * (L ? L : kernel_wg[0][K_REDUCE]); break;
		case A_N64: size = sizeof(nl); v = &nl; break;
		case A_N32: size = sizeof(ni); v = &ni; break;
		case A_NU32: size = sizeof(nu); v = &nu; break;
		case A_END: break;
		}
		CHECK_OK(clSetKernelArg(kern, a, size, m ? (const void *)m : v));
	}
	size_t goff = off;
	err = clEnqueueNDRangeKernel(queue, kern, 1, off ? &goff : NULL, &G, L ? &L : NULL, 0, NULL,
				     NULL);
	if (err != CL_SUCCESS)
		fprintf(stderr, "%s: clEnqueueNDRangeKernel returned %d\n", desc, err);
	CHECK(err == CL_SUCCESS);
	if (err != CL_SUCCESS)
		return;

	unsigned bad = 0, printed = 0;
	if (k == K_INPLACE) {
		CHECK_OK(clEnqueueReadBuffer(queue, b_data, CL_TRUE, 0, ndata * 4, got_data, 0, NULL,
					     NULL));
		bad += compare("data", desc, exp_data, got_data, ndata, 0, &printed);
	} else {
		CHECK_OK(clEnqueueReadBuffer(queue, b_out, CL_FALSE, 0, nout * 4, got_out, 0, NULL,
					     NULL));
		CHECK_OK(clEnqueueReadBuffer(queue, b_cnt, CL_FALSE, 0, nout * 4, got_cnt, 0, NULL,
					     NULL));
		CHECK_OK(clEnqueueReadBuffer(queue, b_grp, CL_FALSE, 0, nout * 4, got_grp, 0, NULL,
					     NULL));
		CHECK_OK(clEnqueueReadBuffer(queue, b_lsz, CL_TRUE, 0, nout * 4, got_lsz, 0, NULL,
					     NULL));
		bad += compare(k == K_REDUCE ? "item" : "out", desc, exp_out, got_out, nout,
			       k == K_SIZE || k == K_VEC || k == K_VECU, &printed);
		bad += compare("cnt", desc, exp_cnt, got_cnt, nout, 0, &printed);
		if (k == K_REDUCE) {
			/* the groups in order, each of the size it reports */
			size_t base = 0, g = 0;
			for (; base < G && g < nout; g++) {
				uint32_t ls = got_lsz[g];
				int ok = ls >= 1 && ls <= G - base && (!L || ls == L || base + L > G);
				if (!ok) {
					if (printed++ < 8)
						fprintf(stderr, "%s: group %zu reports local size %u\n",
							desc, g, ls);
					bad++;
					break;
				}
				uint32_t s = 0;
				for (size_t w = base; w < base + ls; w++)
					s += exp_out[w];
				exp_grp[g] = s;
				base += ls;
			}
			if (base == G) {
				bad += compare("grp", desc, exp_grp, got_grp, nout, 0, &printed);
				for (size_t h = g; h < nout; h++)
					if (got_lsz[h] != sentinel) {
						if (printed++ < 8)
							fprintf(stderr, "%s: lsz[%zu] written past the "
								"last group\n", desc, h);
						bad++;
						break;
					}
			}
		} else {
			bad += compare("grp", desc, exp_grp, got_grp, nout, 0, &printed);
			bad += compare("lsz", desc, exp_grp, got_lsz, nout, 0, &printed);
		}
	}
	if (bad)
		fprintf(stderr, "%s: %u wrong\n", desc, bad);
	CHECK(bad == 0);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);
	int nonuniform = check_nonuniform(device, "the 1000/64 range skipped");

	in_f = malloc(MAXN * sizeof(float));
	in_u = malloc(MAXN * sizeof(uint32_t));
	in_4 = malloc(4 * (size_t)MAXN * sizeof(float));
	data0 = malloc(MAXN * sizeof(uint32_t));
	exp_data = malloc(MAXN * sizeof(uint32_t));
	got_data = malloc(MAXN * sizeof(uint32_t));
	REQUIRE(in_f && in_u && in_4 && data0 && exp_data && got_data);
	unsigned seed = 12345;
	for (size_t i = 0; i < MAXN; i++) {
		in_f[i] = (float)((int)(check_rand(&seed) % 17) - 8);
		in_u[i] = check_rand(&seed) ^ (check_rand(&seed) << 16);
		data0[i] = check_rand(&seed) ^ (check_rand(&seed) << 13);
		for (int c = 0; c < 4; c++)
			in_4[4 * i + c] = (float)((int)(check_rand(&seed) % 15) - 7);
	}
	cl_int err;
	b_in_f = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, MAXN * 4, in_f,
				&err);
	REQUIRE(err == CL_SUCCESS);
	b_in_u = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, MAXN * 4, in_u,
				&err);
	REQUIRE(err == CL_SUCCESS);
	b_in_4 = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
				(size_t)MAXN * 16, in_4, &err);
	REQUIRE(err == CL_SUCCESS);
	b_data = clCreateBuffer(context, CL_MEM_READ_WRITE, MAXN * 4, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem *outs[] = { &b_out, &b_cnt, &b_grp, &b_lsz };
	for (size_t i = 0; i < 4; i++) {
		*outs[i] = clCreateBuffer(context, CL_MEM_READ_WRITE, MAXOUT * 4, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
	}

	cl_program prog = check_build(context, device, src_all, "");
	cl_kernel kerns[NK];
	for (int k = 0; k < NK; k++) {
		kerns[k] = clCreateKernel(prog, knames[k], &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK_OK(clGetKernelWorkGroupInfo(kerns[k], device, CL_KERNEL_WORK_GROUP_SIZE,
						  sizeof(size_t), &kernel_wg[0][k], NULL));
	}

	static const size_t shapes[][3] = {
		/* global, local (0: NULL), with n = 1 << 20 */
		{ 1024, 256, 1 }, { 1000, 250, 0 }, { 1000, 0, 0 }, { 4096, 64, 0 }, { 96, 32, 1 },
	};
	for (size_t s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
		size_t G = shapes[s][0], L = shapes[s][1];
		int64_t ns[] = { 0, 1, 5, (int64_t)G - 1, (int64_t)G, (int64_t)G + 1,
				 3 * (int64_t)G + 17, BIG };
		size_t nn = sizeof(ns) / sizeof(ns[0]) - (shapes[s][2] ? 0 : 1);
		for (int k = 0; k < NK; k++) {
			for (size_t j = 0; j < nn; j++)
				launch(kerns[k], k, "default build", G, L, 0, ns[j]);
			if (k == K_INT)
				launch(kerns[k], k, "default build", G, L, 0, -5);
		}
	}
	/* a global offset: work-items 7 ... 1030 */
	launch(kerns[K_SIZE], K_SIZE, "default build", 1024, 256, 7, 5);
	launch(kerns[K_SIZE], K_SIZE, "default build", 1024, 256, 7, 1024 + 7);
	launch(kerns[K_SIZE], K_SIZE, "default build", 1024, 256, 7, 3 * 1024 + 17);
	for (int k = 0; k < NK; k++)
		clReleaseKernel(kerns[k]);
	clReleaseProgram(prog);

	/* a non-uniform range: the last group of 1000/64 has 40 */
	if (nonuniform) {
		prog = check_build(context, device, src_12, "-cl-std=CL2.0");
		for (int k = K_SIZE; k <= K_INT; k++) {
			cl_kernel kern = clCreateKernel(prog, knames[k], &err);
			REQUIRE(err == CL_SUCCESS);
			size_t G = 1000, L = 64;
			int64_t ns[] = { 0, 1, 5, 999, 1000, 1001, 3017, 1023, 1024, 1025, BIG, -5 };
			for (size_t j = 0; j < sizeof(ns) / sizeof(ns[0]); j++)
				if (ns[j] >= 0 || k == K_INT)
					launch(kern, k, "-cl-std=CL2.0", G, L, 0, ns[j]);
			clReleaseKernel(kern);
		}
		clReleaseProgram(prog);
	}

	cl_mem *all[] = { &b_in_f, &b_in_u, &b_in_4, &b_data, &b_out, &b_cnt, &b_grp, &b_lsz };
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		clReleaseMemObject(*all[i]);
	free(in_f);
	free(in_u);
	free(in_4);
	free(data0);
	free(exp_data);
	free(got_data);
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
