/* kiln-bench-kernels: a fixed set of application kernels, run on every OpenCL
 * platform the ICD loader finds (Kiln against PoCL, say), each result checked
 * against a host reference, throughput side by side with the ratio.
 *
 *   vadd          c = a + b, float, 2^24                          GB/s
 *   saxpy         y = a*x + y, float, 2^24                        GB/s
 *   saxpy-guard   the same as most applications write it: int id,
 *                 if (i < n), n = 2^24 - 99, NDRange rounded up    GB/s
 *   sgemm-naive   1024^3, one work-item per element of C          GFLOP/s
 *   sgemm-tiled   1024^3, 16x16 __local tiles with barriers       GFLOP/s
 *   reduce        sum of 2^24 floats, __local tree of 256, host
 *                 sum of the partials (not timed)                 GB/s
 *   stencil       2D 5-point Jacobi, 4096^2, 4 steps ping-pong    Mcells/s
 *   nbody         4096 bodies, one step, float4                   GFLOP/s
 *                 (20 flops per interaction, the usual count)
 *   mandelbrot    2048^2, at most 256 iterations                  Mpixels/s
 *   compile       clBuildProgram wall time of the SGEMM program,
 *                 cold (empty cache) and warm (same source again)  ms
 *
 * Timing: every kernel runs once as a warm-up (its result is the one
 * checked), then BENCH_REPEATS times, or more often (up to
 * BENCH_MAX_REPEATS) while the runs so far took less than a second; the
 * figure is the best run, host monotonic time around enqueue + clFinish
 * (tools/bench_common.h).  Each kernel runs on every platform in
 * turn before the next kernel starts.  A NULL local size is passed wherever the
 * kernel does not need one, so each platform picks its own.
 *
 * Kiln's cache is pointed at a fresh directory (KILN_CACHE_DIR, read at the
 * first build) and so is PoCL's (POCL_CACHE_DIR), before any OpenCL call.
 *
 * Usage: OCL_ICD_VENDORS=<dir with kiln.icd and pocl.icd> kiln-bench-kernels
 *        [--quick] [--only NAME]
 * Kiln is the first column; the ratio is Kiln / other (higher = Kiln faster).
 * Exit status 1 when any result is wrong or any kernel fails. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* nftw, mkdtemp, setenv */
#endif
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>


static int quick;

static const char sgemm_src[] =
	"__kernel void sgemm_naive(int n, __global const float *a,\n"
	"                          __global const float *b, __global float *c)\n"
	"{\n"
	"    int col = get_global_id(0), row = get_global_id(1);\n"
	"    float acc = 0.0f;\n"
	"    for (int k = 0; k < n; k++)\n"
	"        acc += a[row * n + k] * b[k * n + col];\n"
	"    c[row * n + col] = acc;\n"
	"}\n"
	"\n"
	"#define TILE 16\n"
	"__kernel void sgemm_tiled(int n, __global const float *a,\n"
	"                          __global const float *b, __global float *c)\n"
	"{\n"
	"    __local float ta[TILE][TILE], tb[TILE][TILE];\n"
	"    int lx = get_local_id(0), ly = get_local_id(1);\n"
	"    int col = get_global_id(0), row = get_global_id(1);\n"
	"    float acc = 0.0f;\n"
	"    for (int t = 0; t < n; t += TILE) {\n"
	"        ta[ly][lx] = a[row * n + t + lx];\n"
	"        tb[ly][lx] = b[(t + ly) * n + col];\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"        for (int k = 0; k < TILE; k++)\n"
	"            acc += ta[ly][k] * tb[k][lx];\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    }\n"
	"    c[row * n + col] = acc;\n"
	"}\n";

static const char other_src[] =
	"__kernel void vadd(__global const float *a, __global const float *b,\n"
	"                   __global float *c)\n"
	"{\n"
	"    size_t i = get_global_id(0);\n"
	"    c[i] = a[i] + b[i];\n"
	"}\n"
	"\n"
	"__kernel void saxpy(float alpha, __global const float *x, __global float *y)\n"
	"{\n"
	"    size_t i = get_global_id(0);\n"
	"    y[i] = alpha * x[i] + y[i];\n"
	"}\n"
	"\n"
	"__kernel void saxpy_guard(float alpha, __global const float *x,\n"
	"                          __global float *y, int n)\n"
	"{\n"
	"    int i = get_global_id(0);\n"
	"    if (i < n)\n"
	"        y[i] = alpha * x[i] + y[i];\n"
	"}\n"
	"\n"
	"__kernel void reduce(__global const float *in, __global float *partial,\n"
	"                     __local float *scratch)\n"
	"{\n"
	"    uint lid = get_local_id(0);\n"
	"    scratch[lid] = in[get_global_id(0)];\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {\n"
	"        if (lid < s)\n"
	"            scratch[lid] += scratch[lid + s];\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    }\n"
	"    if (lid == 0)\n"
	"        partial[get_group_id(0)] = scratch[0];\n"
	"}\n"
	"\n"
	"__kernel void stencil(int n, __global const float *in, __global float *out)\n"
	"{\n"
	"    int x = get_global_id(0), y = get_global_id(1);\n"
	"    int i = y * n + x;\n"
	"    if (x == 0 || y == 0 || x == n - 1 || y == n - 1)\n"
	"        out[i] = in[i];\n"
	"    else\n"
	"        out[i] = 0.2f * (in[i] + in[i - 1] + in[i + 1] + in[i - n] + in[i + n]);\n"
	"}\n"
	"\n"
	"#define EPS2 0.01f\n"
	"__kernel void nbody(int n, float dt, __global const float4 *pos,\n"
	"                    __global const float4 *vel, __global float4 *npos,\n"
	"                    __global float4 *nvel)\n"
	"{\n"
	"    int i = get_global_id(0);\n"
	"    float4 p = pos[i];\n"
	"    float3 acc = (float3)(0.0f);\n"
	"    for (int j = 0; j < n; j++) {\n"
	"        float4 q = pos[j];\n"
	"        float3 d = q.xyz - p.xyz;\n"
	"        float inv = rsqrt(dot(d, d) + EPS2);\n"
	"        acc += d * (q.w * inv * inv * inv);\n"
	"    }\n"
	"    float4 v = vel[i];\n"
	"    v.xyz += acc * dt;\n"
	"    p.xyz += v.xyz * dt;\n"
	"    npos[i] = p;\n"
	"    nvel[i] = v;\n"
	"}\n"
	"\n"
	"__kernel void mandelbrot(int w, int h, int max_iter, __global uint *out)\n"
	"{\n"
	"    int px = get_global_id(0), py = get_global_id(1);\n"
	"    float cx = -2.0f + 3.0f * px / w, cy = -1.5f + 3.0f * py / h;\n"
	"    float x = 0.0f, y = 0.0f;\n"
	"    int it = 0;\n"
	"    while (it < max_iter && x * x + y * y <= 4.0f) {\n"
	"        float t = x * x - y * y + cx;\n"
	"        y = 2.0f * x * y + cy;\n"
	"        x = t;\n"
	"        it++;\n"
	"    }\n"
	"    out[py * w + px] = it;\n"
	"}\n";

struct plat {
	cl_platform_id id;
	char name[16];
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_program sgemm, other;
	double cold_ms, warm_ms;
};

#define BENCH_PLAT /* bench_say, bench_make_buf, bench_read_buf on struct plat */
#include "bench_common.h"

static cl_kernel make_kernel(struct plat *p, cl_program prog, const char *name)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	if (!k)
		bench_say(p, name, "clCreateKernel failed", err);
	return k;
}

/* One kernel launch of a benchmark; the stencil's launches several. */
struct launch {
	cl_kernel k;
	cl_uint dims;
	size_t global[2];
	const size_t *local;
	int steps; /* stencil: ping-pong steps; the args swap between them */
	cl_mem ping, pong;
};

/* One launch (for the stencil all its steps), finished with clFinish. */
static cl_int run_once(struct plat *p, const struct launch *l)
{
	if (!l->steps) {
		cl_int err = clEnqueueNDRangeKernel(p->q, l->k, l->dims, NULL, l->global,
						    l->local, 0, NULL, NULL);
		return err == CL_SUCCESS ? clFinish(p->q) : err;
	}
	for (int s = 0; s < l->steps; s++) {
		cl_mem in = s % 2 ? l->pong : l->ping, out = s % 2 ? l->ping : l->pong;
		cl_int err = clSetKernelArg(l->k, 1, sizeof(in), &in);
		err |= clSetKernelArg(l->k, 2, sizeof(out), &out);
		if (err)
			return CL_INVALID_VALUE;
		err = clEnqueueNDRangeKernel(p->q, l->k, l->dims, NULL, l->global,
					     l->local, 0, NULL, NULL);
		if (err)
			return err;
	}
	return clFinish(p->q);
}

#define BENCH_LAUNCH /* bench_warm_up, bench_best_time on run_once */
#include "bench_common.h"

/* Compares float results: |got - want| <= tol * (|want| + scale).  Prints
 * the first mismatch loudly and returns how many elements are off. */
static size_t compare(struct plat *p, const char *name, const float *got,
		      const float *want, size_t n, double tol, double scale)
{
	size_t bad = 0;
	for (size_t i = 0; i < n; i++) {
		double g = got[i], w = want[i];
		if (!(fabs(g - w) <= tol * (fabs(w) + scale))) {
			if (!bad)
				fprintf(stderr, "%s: %s: WRONG RESULT at [%zu]: got %.9g, want %.9g\n",
					p->name, name, i, g, w);
			bad++;
		}
	}
	if (bad)
		fprintf(stderr, "%s: %s: WRONG RESULT: %zu of %zu elements off\n",
			p->name, name, bad, n);
	return bad;
}

/* Frees what a benchmark made, whichever step it stopped at (NULLs are
 * skipped), so that every benchmark ends in one line. */
static void release_all(cl_kernel k, const cl_mem *mems, size_t nmems,
			void *const *hosts, size_t nhosts)
{
	if (k)
		clReleaseKernel(k);
	for (size_t i = 0; i < nmems; i++)
		if (mems[i])
			clReleaseMemObject(mems[i]);
	for (size_t i = 0; i < nhosts; i++)
		free(hosts[i]);
}

/* ---- the benchmarks ---------------------------------------------------- */

static size_t stream_n(void)
{
	return quick ? (size_t)1 << 20 : (size_t)1 << 24;
}

static double bench_vadd(struct plat *p, const char *name)
{
	size_t n = stream_n();
	double result = FAILED;
	float *a = malloc(n * 4), *b = malloc(n * 4), *c = malloc(n * 4), *ref = malloc(n * 4);
	cl_mem ma = NULL, mb = NULL, mc = NULL;
	cl_kernel k = NULL;
	if (!a || !b || !c || !ref)
		goto out;
	bench_fill(a, n, -1, 1, 1);
	bench_fill(b, n, -1, 1, 2);
	for (size_t i = 0; i < n; i++)
		ref[i] = a[i] + b[i];
	ma = bench_make_buf(p, n * 4, a);
	mb = bench_make_buf(p, n * 4, b);
	mc = bench_make_buf(p, n * 4, NULL);
	k = make_kernel(p, p->other, "vadd");
	if (!ma || !mb || !mc || !k)
		goto out;
	clSetKernelArg(k, 0, sizeof(ma), &ma);
	clSetKernelArg(k, 1, sizeof(mb), &mb);
	clSetKernelArg(k, 2, sizeof(mc), &mc);
	struct launch l = { k, 1, { n }, NULL, 0, NULL, NULL };
	if (bench_warm_up(p, name, &l) || bench_read_buf(p, name, mc, n * 4, c))
		goto out;
	if (compare(p, name, c, ref, n, 0, 0)) {
		result = WRONG;
		goto out;
	}
	double t = bench_best_time(p, name, &l);
	if (t > 0)
		result = 3.0 * n * 4 / t / 1e9;
out:
	release_all(k, (cl_mem[]){ ma, mb, mc }, 3, (void *[]){ a, b, c, ref }, 4);
	return result;
}

/* saxpy, or with `guarded` the form most applications write: an int id
 * and `if (i < n)`, n not a multiple of the group size, the NDRange
 * rounded up to 256. */
static double saxpy_common(struct plat *p, const char *name, int guarded)
{
	size_t n = stream_n() - (guarded ? 99 : 0);
	float alpha = 2.5f;
	double result = FAILED;
	float *x = malloc(n * 4), *y = malloc(n * 4), *ref = malloc(n * 4);
	cl_mem mx = NULL, my = NULL;
	cl_kernel k = NULL;
	if (!x || !y || !ref)
		goto out;
	bench_fill(x, n, -1, 1, 3);
	bench_fill(y, n, -1, 1, 4);
	for (size_t i = 0; i < n; i++)
		ref[i] = alpha * x[i] + y[i];
	mx = bench_make_buf(p, n * 4, x);
	my = bench_make_buf(p, n * 4, y);
	k = make_kernel(p, p->other, guarded ? "saxpy_guard" : "saxpy");
	if (!mx || !my || !k)
		goto out;
	clSetKernelArg(k, 0, sizeof(alpha), &alpha);
	clSetKernelArg(k, 1, sizeof(mx), &mx);
	clSetKernelArg(k, 2, sizeof(my), &my);
	cl_int ni = (cl_int)n;
	if (guarded)
		clSetKernelArg(k, 3, sizeof(ni), &ni);
	struct launch l = { k, 1, { guarded ? (n + 255) / 256 * 256 : n }, NULL, 0, NULL, NULL };
	if (bench_warm_up(p, name, &l) || bench_read_buf(p, name, my, n * 4, y))
		goto out;
	/* A contracted multiply-add rounds once, and where alpha*x and y
	 * nearly cancel that shows relative to the result: allow a few ulp of
	 * the terms' size (|alpha*x| + |y| < 3.5). */
	if (compare(p, name, y, ref, n, 1e-6, 3.5)) {
		result = WRONG;
		goto out;
	}
	double t = bench_best_time(p, name, &l);
	if (t > 0)
		result = 3.0 * n * 4 / t / 1e9; /* read x, read y, write y */
out:
	release_all(k, (cl_mem[]){ mx, my }, 2, (void *[]){ x, y, ref }, 3);
	return result;
}

static double bench_saxpy(struct plat *p, const char *name)
{
	return saxpy_common(p, name, 0);
}

static double bench_saxpy_guard(struct plat *p, const char *name)
{
	return saxpy_common(p, name, 1);
}

static size_t sgemm_n(void)
{
	return quick ? 256 : 1024;
}

/* The SGEMM inputs and the host product, computed once for all platforms. */
static float *sgemm_a, *sgemm_b, *sgemm_ref;

static int sgemm_reference(void)
{
	size_t n = sgemm_n();
	if (sgemm_ref)
		return 0;
	sgemm_a = malloc(n * n * 4);
	sgemm_b = malloc(n * n * 4);
	double *acc = calloc(n * n, sizeof(double));
	sgemm_ref = malloc(n * n * 4);
	if (!sgemm_a || !sgemm_b || !acc || !sgemm_ref)
		return -1;
	bench_fill(sgemm_a, n * n, -1, 1, 5);
	bench_fill(sgemm_b, n * n, -1, 1, 6);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < n; k++) {
			double aik = sgemm_a[i * n + k];
			for (size_t j = 0; j < n; j++)
				acc[i * n + j] += aik * sgemm_b[k * n + j];
		}
	for (size_t i = 0; i < n * n; i++)
		sgemm_ref[i] = (float)acc[i];
	free(acc);
	return 0;
}

static double bench_sgemm(struct plat *p, const char *name, const char *kname,
			  const size_t *local)
{
	size_t n = sgemm_n();
	cl_int ni = (cl_int)n;
	double result = FAILED;
	float *c = malloc(n * n * 4);
	cl_mem ma = NULL, mb = NULL, mc = NULL;
	cl_kernel k = NULL;
	if (!c || sgemm_reference())
		goto out;
	ma = bench_make_buf(p, n * n * 4, sgemm_a);
	mb = bench_make_buf(p, n * n * 4, sgemm_b);
	mc = bench_make_buf(p, n * n * 4, NULL);
	k = make_kernel(p, p->sgemm, kname);
	if (!ma || !mb || !mc || !k)
		goto out;
	clSetKernelArg(k, 0, sizeof(ni), &ni);
	clSetKernelArg(k, 1, sizeof(ma), &ma);
	clSetKernelArg(k, 2, sizeof(mb), &mb);
	clSetKernelArg(k, 3, sizeof(mc), &mc);
	struct launch l = { k, 2, { n, n }, local, 0, NULL, NULL };
	if (bench_warm_up(p, name, &l) || bench_read_buf(p, name, mc, n * n * 4, c))
		goto out;
	/* Sums of n products of values in [-1, 1): float rounding over n terms
	 * is bounded by about n * 2^-24 * sqrt(n) in absolute terms. */
	if (compare(p, name, c, sgemm_ref, n * n, 1e-4, 1.0)) {
		result = WRONG;
		goto out;
	}
	double t = bench_best_time(p, name, &l);
	if (t > 0)
		result = 2.0 * n * n * n / t / 1e9;
out:
	release_all(k, (cl_mem[]){ ma, mb, mc }, 3, (void *[]){ c }, 1);
	return result;
}

static double bench_sgemm_naive(struct plat *p, const char *name)
{
	return bench_sgemm(p, name, "sgemm_naive", NULL);
}

static double bench_sgemm_tiled(struct plat *p, const char *name)
{
	static const size_t local[2] = { 16, 16 };
	return bench_sgemm(p, name, "sgemm_tiled", local);
}

static double bench_reduce(struct plat *p, const char *name)
{
	size_t n = stream_n(), wg = 256, groups = n / wg;
	double result = FAILED;
	float *in = malloc(n * 4), *part = malloc(groups * 4);
	cl_mem mi = NULL, mp = NULL;
	cl_kernel k = NULL;
	if (!in || !part)
		goto out;
	bench_fill(in, n, 0, 1, 7);
	double want = 0;
	for (size_t i = 0; i < n; i++)
		want += in[i];
	mi = bench_make_buf(p, n * 4, in);
	mp = bench_make_buf(p, groups * 4, NULL);
	k = make_kernel(p, p->other, "reduce");
	if (!mi || !mp || !k)
		goto out;
	size_t max_wg = 0;
	clGetKernelWorkGroupInfo(k, p->dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof(max_wg),
				 &max_wg, NULL);
	if (max_wg < wg) {
		fprintf(stderr, "%s: %s: kernel work-group size %zu < %zu\n", p->name,
			name, max_wg, wg);
		goto out;
	}
	clSetKernelArg(k, 0, sizeof(mi), &mi);
	clSetKernelArg(k, 1, sizeof(mp), &mp);
	clSetKernelArg(k, 2, wg * 4, NULL);
	size_t local[1] = { wg };
	struct launch l = { k, 1, { n }, local, 0, NULL, NULL };
	if (bench_warm_up(p, name, &l) || bench_read_buf(p, name, mp, groups * 4, part))
		goto out;
	/* Each partial is checked (a tree of 256 floats in [0, 1)), then the
	 * total. */
	size_t bad = 0;
	double got = 0;
	for (size_t g = 0; g < groups; g++) {
		double s = 0;
		for (size_t i = 0; i < wg; i++)
			s += in[g * wg + i];
		if (!(fabs(part[g] - s) <= 1e-5 * s + 1e-5)) {
			if (!bad)
				fprintf(stderr, "%s: %s: WRONG RESULT: partial %zu is %.9g, want %.9g\n",
					p->name, name, g, part[g], s);
			bad++;
		}
		got += part[g];
	}
	if (bad || !(fabs(got - want) <= 1e-5 * want)) {
		fprintf(stderr, "%s: %s: WRONG RESULT: %zu partials off; sum %.9g, want %.9g\n",
			p->name, name, bad, got, want);
		result = WRONG;
		goto out;
	}
	double t = bench_best_time(p, name, &l);
	if (t > 0)
		result = (double)n * 4 / t / 1e9;
out:
	release_all(k, (cl_mem[]){ mi, mp }, 2, (void *[]){ in, part }, 2);
	return result;
}

#define STENCIL_STEPS 4

static double bench_stencil(struct plat *p, const char *name)
{
	size_t n = quick ? 1024 : 4096, cells = n * n;
	cl_int ni = (cl_int)n;
	double result = FAILED;
	float *a = malloc(cells * 4), *b = malloc(cells * 4), *got = malloc(cells * 4);
	cl_mem m0 = NULL, m1 = NULL;
	cl_kernel k = NULL;
	if (!a || !b || !got)
		goto out;
	bench_fill(a, cells, 0, 1, 8);
	m0 = bench_make_buf(p, cells * 4, a);
	m1 = bench_make_buf(p, cells * 4, NULL);
	k = make_kernel(p, p->other, "stencil");
	if (!m0 || !m1 || !k)
		goto out;
	/* Host reference: the same steps in the same order of operations. */
	float *in = a, *out = b;
	for (int s = 0; s < STENCIL_STEPS; s++) {
		for (size_t y = 0; y < n; y++)
			for (size_t x = 0; x < n; x++) {
				size_t i = y * n + x;
				if (x == 0 || y == 0 || x == n - 1 || y == n - 1)
					out[i] = in[i];
				else
					out[i] = 0.2f * (in[i] + in[i - 1] + in[i + 1] +
							 in[i - n] + in[i + n]);
			}
		float *t = in;
		in = out;
		out = t;
	}
	clSetKernelArg(k, 0, sizeof(ni), &ni);
	struct launch l = { k, 2, { n, n }, NULL, STENCIL_STEPS, m0, m1 };
	/* An even number of steps leaves the result in the first buffer, which
	 * the next launch then reads: each launch checks only its own start. */
	if (bench_warm_up(p, name, &l) || bench_read_buf(p, name, m0, cells * 4, got))
		goto out;
	if (compare(p, name, got, in, cells, 1e-5, 1e-6)) {
		result = WRONG;
		goto out;
	}
	double t = bench_best_time(p, name, &l);
	if (t > 0)
		result = (double)cells * STENCIL_STEPS / t / 1e6;
out:
	release_all(k, (cl_mem[]){ m0, m1 }, 2, (void *[]){ a, b, got }, 3);
	return result;
}

static double bench_nbody(struct plat *p, const char *name)
{
	size_t n = quick ? 1024 : 4096;
	cl_int ni = (cl_int)n;
	float dt = 0.01f;
	double result = FAILED;
	float *pos = malloc(n * 16), *vel = malloc(n * 16);
	float *npos = malloc(n * 16), *nvel = malloc(n * 16);
	float *rpos = malloc(n * 16), *rvel = malloc(n * 16);
	cl_mem mp = NULL, mv = NULL, mnp = NULL, mnv = NULL;
	cl_kernel k = NULL;
	if (!pos || !vel || !npos || !nvel || !rpos || !rvel)
		goto out;
	bench_fill(pos, n * 4, -10, 10, 9);
	bench_fill(vel, n * 4, -1, 1, 10);
	for (size_t i = 0; i < n; i++) {
		pos[i * 4 + 3] = 0.5f + (float)(i % 7) * 0.25f; /* mass */
		vel[i * 4 + 3] = 0;
	}
	for (size_t i = 0; i < n; i++) {
		double acc[3] = { 0, 0, 0 };
		for (size_t j = 0; j < n; j++) {
			double d[3];
			for (int c = 0; c < 3; c++)
				d[c] = (double)pos[j * 4 + c] - pos[i * 4 + c];
			double inv = 1.0 / sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + 0.01);
			double s = pos[j * 4 + 3] * inv * inv * inv;
			for (int c = 0; c < 3; c++)
				acc[c] += d[c] * s;
		}
		for (int c = 0; c < 3; c++) {
			double v = vel[i * 4 + c] + acc[c] * dt;
			rvel[i * 4 + c] = (float)v;
			rpos[i * 4 + c] = (float)(pos[i * 4 + c] + v * dt);
		}
		rvel[i * 4 + 3] = vel[i * 4 + 3];
		rpos[i * 4 + 3] = pos[i * 4 + 3];
	}
	mp = bench_make_buf(p, n * 16, pos);
	mv = bench_make_buf(p, n * 16, vel);
	mnp = bench_make_buf(p, n * 16, NULL);
	mnv = bench_make_buf(p, n * 16, NULL);
	k = make_kernel(p, p->other, "nbody");
	if (!mp || !mv || !mnp || !mnv || !k)
		goto out;
	clSetKernelArg(k, 0, sizeof(ni), &ni);
	clSetKernelArg(k, 1, sizeof(dt), &dt);
	clSetKernelArg(k, 2, sizeof(mp), &mp);
	clSetKernelArg(k, 3, sizeof(mv), &mv);
	clSetKernelArg(k, 4, sizeof(mnp), &mnp);
	clSetKernelArg(k, 5, sizeof(mnv), &mnv);
	struct launch l = { k, 1, { n }, NULL, 0, NULL, NULL };
	if (bench_warm_up(p, name, &l) || bench_read_buf(p, name, mnp, n * 16, npos) ||
	    bench_read_buf(p, name, mnv, n * 16, nvel))
		goto out;
	/* rsqrt is allowed a few ulp and close pairs amplify them: velocities
	 * to 1e-3 of their scale, positions tighter (dt damps the error). */
	size_t bad = compare(p, "nbody velocity", nvel, rvel, n * 4, 1e-3, 1.0);
	bad += compare(p, "nbody position", npos, rpos, n * 4, 1e-4, 1.0);
	if (bad) {
		result = WRONG;
		goto out;
	}
	double t = bench_best_time(p, name, &l);
	if (t > 0)
		result = 20.0 * n * n / t / 1e9;
out:
	release_all(k, (cl_mem[]){ mp, mv, mnp, mnv }, 4, (void *[]){ pos, vel, npos, nvel, rpos, rvel }, 6);
	return result;
}

#define MANDEL_ITER 256

static double bench_mandelbrot(struct plat *p, const char *name)
{
	size_t w = quick ? 512 : 2048, h = w, px = w * h;
	cl_int wi = (cl_int)w, hi = (cl_int)h, it = MANDEL_ITER;
	double result = FAILED;
	cl_uint *got = malloc(px * 4), *ref = malloc(px * 4);
	cl_mem mo = NULL;
	cl_kernel k = NULL;
	if (!got || !ref)
		goto out;
	for (size_t y = 0; y < h; y++)
		for (size_t x = 0; x < w; x++) {
			float cx = -2.0f + 3.0f * (int)x / wi, cy = -1.5f + 3.0f * (int)y / hi;
			float zx = 0, zy = 0;
			int i = 0;
			while (i < MANDEL_ITER && zx * zx + zy * zy <= 4.0f) {
				float t = zx * zx - zy * zy + cx;
				zy = 2.0f * zx * zy + cy;
				zx = t;
				i++;
			}
			ref[y * w + x] = i;
		}
	mo = bench_make_buf(p, px * 4, NULL);
	k = make_kernel(p, p->other, "mandelbrot");
	if (!mo || !k)
		goto out;
	clSetKernelArg(k, 0, sizeof(wi), &wi);
	clSetKernelArg(k, 1, sizeof(hi), &hi);
	clSetKernelArg(k, 2, sizeof(it), &it);
	clSetKernelArg(k, 3, sizeof(mo), &mo);
	struct launch l = { k, 2, { w, h }, NULL, 0, NULL, NULL };
	if (bench_warm_up(p, name, &l) || bench_read_buf(p, name, mo, px * 4, got))
		goto out;
	/* The iteration is chaotic near the set's boundary: a contracted
	 * multiply-add there changes a pixel's count.  Allow 0.5% of pixels to
	 * differ; a broken kernel differs almost everywhere. */
	size_t bad = 0;
	for (size_t i = 0; i < px; i++)
		if (got[i] != ref[i]) {
			if (!bad)
				fprintf(stderr, "%s: %s: pixel %zu: %u iterations, host %u\n",
					p->name, name, i, got[i], ref[i]);
			bad++;
		}
	if (bad && bad <= px / 200)
		fprintf(stderr, "%s: %s: %zu of %zu pixels differ from the host (allowed)\n",
			p->name, name, bad, px);
	if (bad > px / 200) {
		fprintf(stderr, "%s: %s: WRONG RESULT: %zu of %zu pixels differ\n",
			p->name, name, bad, px);
		result = WRONG;
		goto out;
	}
	double t = bench_best_time(p, name, &l);
	if (t > 0)
		result = (double)px / t / 1e6;
out:
	release_all(k, (cl_mem[]){ mo }, 1, (void *[]){ got, ref }, 2);
	return result;
}

static const struct bench {
	const char *name, *unit;
	double (*run)(struct plat *p, const char *name);
} benches[] = {
	{ "vadd", "GB/s", bench_vadd },
	{ "saxpy", "GB/s", bench_saxpy },
	{ "saxpy-guard", "GB/s", bench_saxpy_guard },
	{ "sgemm-naive", "GFLOP/s", bench_sgemm_naive },
	{ "sgemm-tiled", "GFLOP/s", bench_sgemm_tiled },
	{ "reduce", "GB/s", bench_reduce },
	{ "stencil", "Mcells/s", bench_stencil },
	{ "nbody", "GFLOP/s", bench_nbody },
	{ "mandelbrot", "Mpixel/s", bench_mandelbrot },
};
#define NBENCH (sizeof(benches) / sizeof(benches[0]))

/* ---- platforms and programs -------------------------------------------- */

static int open_platform(struct plat *p)
{
	if (bench_open_cpu(p))
		return -1;
	/* A small unrelated program first, so that "cold" measures a cache
	 * miss, not the compiler's one-time start-up in this process. */
	cl_program warm = bench_build(p, "__kernel void nop(__global int *x) { x[0] = 1; }", NULL);
	if (warm)
		clReleaseProgram(warm);
	cl_program cold = bench_build(p, sgemm_src, &p->cold_ms);
	if (cold)
		clReleaseProgram(cold);
	p->sgemm = bench_build(p, sgemm_src, &p->warm_ms);
	p->other = bench_build(p, other_src, NULL);
	if (!cold || !p->sgemm)
		p->cold_ms = p->warm_ms = FAILED;
	return 0;
}

static void close_platform(struct plat *p)
{
	if (p->other)
		clReleaseProgram(p->other);
	if (p->sgemm)
		clReleaseProgram(p->sgemm);
	if (p->q)
		clReleaseCommandQueue(p->q);
	if (p->ctx)
		clReleaseContext(p->ctx);
}

int main(int argc, char **argv)
{
	const char *only = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0) {
			quick = 1;
		} else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
			only = argv[++i];
		} else {
			fprintf(stderr, "usage: %s [--quick] [--only NAME]\n  NAME:", argv[0]);
			for (size_t b = 0; b < NBENCH; b++)
				fprintf(stderr, " %s", benches[b].name);
			fprintf(stderr, " compile\n");
			return 2;
		}
	}

	if (only && strcmp(only, "compile")) {
		size_t b = 0;
		while (b < NBENCH && strcmp(only, benches[b].name))
			b++;
		if (b == NBENCH) {
			fprintf(stderr, "unknown kernel %s\n", only);
			return 2;
		}
	}

	/* Fresh, empty program caches for both implementations, before the
	 * first OpenCL call: Kiln reads KILN_CACHE_DIR at its first build, PoCL
	 * POCL_CACHE_DIR when it starts. */
	struct bench_caches caches;
	if (bench_fresh_caches(&caches))
		return 1;

	cl_platform_id ids[BENCH_MAX_PLATFORMS];
	int status = 0;
	cl_uint n = bench_platform_ids(ids);
	if (n == 0) {
		status = 1;
		goto out_rm;
	}

	/* Kiln first: it is the numerator of every ratio. */
	struct plat plats[BENCH_MAX_PLATFORMS];
	int m = (int)n;
	memset(plats, 0, sizeof(plats));
	for (int j = 0; j < m; j++)
		plats[j].id = ids[j];

	static double val[NBENCH][BENCH_MAX_PLATFORMS];
	for (int j = 0; j < m; j++) {
		struct plat *p = &plats[j];
		if (open_platform(p) || !p->sgemm || !p->other) {
			fprintf(stderr, "%s: cannot open the platform or build the programs\n",
				p->name);
			p->cold_ms = p->warm_ms = FAILED;
			status = 1;
		}
	}
	/* Kernel by kernel, each on every platform in turn: on a shared
	 * machine whose load drifts, both columns of a row then see about the
	 * same load.  Only one platform is busy at a time. */
	for (size_t b = 0; b < NBENCH; b++) {
		if (only && strcmp(only, benches[b].name))
			continue;
		for (int j = 0; j < m; j++) {
			struct plat *p = &plats[j];
			val[b][j] = (p->sgemm && p->other) ? benches[b].run(p, benches[b].name)
							   : FAILED;
			if (val[b][j] < 0)
				status = 1;
		}
	}
	for (int j = 0; j < m; j++)
		close_platform(&plats[j]);

	printf("%s sizes; best of %d (up to %d within 1 s) runs after one warm-up, "
	       "host time around enqueue + clFinish\n", quick ? "quick" : "full",
	       BENCH_REPEATS, BENCH_MAX_REPEATS);
	printf("%-12s %-9s", "kernel", "unit");
	for (int j = 0; j < m; j++)
		printf(" %10s", plats[j].name);
	for (int j = 1; j < m; j++)
		printf("  %s/%s", plats[0].name, plats[j].name);
	printf("\n");
	double log_sum[BENCH_MAX_PLATFORMS] = { 0 };
	int log_n[BENCH_MAX_PLATFORMS] = { 0 };
	for (size_t b = 0; b < NBENCH; b++) {
		if (only && strcmp(only, benches[b].name))
			continue;
		printf("%-12s %-9s", benches[b].name, benches[b].unit);
		for (int j = 0; j < m; j++)
			bench_print_cell(val[b][j], 10);
		for (int j = 1; j < m; j++) {
			if (val[b][0] > 0 && val[b][j] > 0) {
				double r = val[b][0] / val[b][j];
				printf("  %*.2f", (int)(strlen(plats[0].name) + strlen(plats[j].name) + 1), r);
				log_sum[j] += log(r);
				log_n[j]++;
			} else {
				printf("  %*s", (int)(strlen(plats[0].name) + strlen(plats[j].name) + 1), "-");
			}
		}
		printf("\n");
	}
	for (int j = 1; j < m; j++)
		if (log_n[j])
			printf("geometric mean of %s/%s over %d kernels: %.2f\n", plats[0].name,
			       plats[j].name, log_n[j], exp(log_sum[j] / log_n[j]));
	if (!only || strcmp(only, "compile") == 0) {
		printf("\nSGEMM program, clBuildProgram wall time (ms)\n");
		printf("%-12s", "");
		for (int j = 0; j < m; j++)
			printf(" %10s", plats[j].name);
		printf("\n%-12s", "cold");
		for (int j = 0; j < m; j++)
			bench_print_cell(plats[j].cold_ms, 10);
		printf("\n%-12s", "warm");
		for (int j = 0; j < m; j++)
			bench_print_cell(plats[j].warm_ms, 10);
		printf("\n");
	}
out_rm:
	bench_remove_caches(&caches);
	return status;
}
