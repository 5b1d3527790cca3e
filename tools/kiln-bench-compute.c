/* kiln-bench-compute: how close each OpenCL platform the ICD loader finds
 * (Kiln against PoCL, say) comes to this machine's limits, kernel shape by
 * kernel shape.  Each row: the platforms' figures side by side, the limit
 * (the same operation mix in native C on all cores, tools/kiln-limits.c,
 * measured right after the row's kernels, under the same machine load), each
 * platform's percentage of it, and the ratio Kiln / other.
 *
 *   madd-<type>   float..float16, double..double16, int..int16, short..short16,
 *                 char..char16: per work-item one chain of 2048 multiply-adds
 *                 x = y*x + y; y = x*y + x (mad() for floating point), 64 loop
 *                 iterations of 32; y is stored.  2 operations per lane per
 *                 multiply-add: GFLOP/s or GIOP/s.  The chain is dependent
 *                 within a work-item, so only independent work-items (or
 *                 lanes) can fill the units.  Work-groups of 256, as clpeak
 *                 uses (KILN_BENCH_NULL_LOCAL=1: the platform's own pick).
 *   sgemm-vec     n^3 SGEMM, 64x64 tile of C per work-group of 8x16, each
 *                 work-item a 4x8 block of C in four float8 registers, 16-deep
 *                 __local tiles of A and B loaded with vload8       GFLOP/s
 *   md5           MD5 compressions (RFC 1321), four messages per work-item in
 *                 uint4 lanes, 64 chained compressions each      Mhash/s
 *   md5-x16       the same with sixteen messages per work-item in uint16
 *                 lanes (hashcat's u32x16 on AVX-512)             Mhash/s
 *   md5-x16-wg1   md5-x16 in work-groups of one work-item, as hashcat
 *                 launches its kernels on a CPU                   Mhash/s
 *   sha256        SHA-256 compressions (FIPS 180-4), four messages per
 *                 work-item in uint4 lanes, 64 chained compressions each
 *                 (hashcat -m 1400's work)                          Mhash/s
 *   sha256-x16    the same in uint16 lanes                         Mhash/s
 *   reduce        sum of 2^26 floats: each work-item adds float4s with a
 *                 grid stride, then a __local tree of 256 with a barrier per
 *                 level; partials summed on the host                GB/s
 *   launch        enqueue of an empty 1-work-item kernel + clFinish,
 *                 median of 1000                                       us
 *   wake          an empty kernel waiting on a user event, which another
 *                 thread completes 1 ms after clFinish began waiting: from
 *                 clSetUserEventStatus to clFinish's return, median of 200  us
 *
 * Every kernel's result is checked against a host reference before it is
 * timed (the multiply-add rows and md5 on a sample of 257 work-items).
 * Timing: one warm-up launch (the checked one), then best of at least 5 and
 * up to 100 launches within a second, host time around enqueue + clFinish.
 * Kernel by kernel, each on every platform in turn, then its limit.
 * Sizes scale with the number of cores (--quick: an eighth).
 *
 * Usage: OCL_ICD_VENDORS=<dir with kiln.icd and pocl.icd> kiln-bench-compute
 *        [--quick] [--only NAME]
 * Exit status 1 when any result is wrong or any kernel fails. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* nftw, mkdtemp, setenv */
#endif
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kiln-limits.h"
#include "sgemm_vec_src.h"

#define SAMPLES 257

static int quick;

struct plat {
	cl_platform_id id;
	char name[16];
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	int fp64;
};

#define BENCH_PLAT /* bench_say, bench_make_buf, bench_read_buf on struct plat */
#include "bench_common.h"

/* Work scales with the cores, so that a run takes about as long on 2 as on
 * 16; the unit is 2^26 per core (2^23 with --quick). */
static double scale(void)
{
	return (double)kiln_limits_threads() * (quick ? 1.0 / 8 : 1.0);
}

static cl_program build(struct plat *p, const char *name, const char *src)
{
	cl_int err;
	cl_program prog = clCreateProgramWithSource(p->ctx, 1, &src, NULL, &err);
	if (!prog) {
		bench_say(p, name, "clCreateProgramWithSource failed", err);
		return NULL;
	}
	err = clBuildProgram(prog, 1, &p->dev, "", NULL, NULL);
	if (err != CL_SUCCESS) {
		static char log[16384];
		log[0] = 0;
		clGetProgramBuildInfo(prog, p->dev, CL_PROGRAM_BUILD_LOG, sizeof(log) - 1, log,
				      NULL);
		bench_say(p, name, "clBuildProgram failed", err);
		fprintf(stderr, "%s\n", log);
		clReleaseProgram(prog);
		return NULL;
	}
	return prog;
}

/* A program's one kernel, named "k". */
static cl_kernel build_kernel(struct plat *p, const char *name, const char *src,
			      cl_program *prog)
{
	cl_int err;
	*prog = build(p, name, src);
	if (!*prog)
		return NULL;
	cl_kernel k = clCreateKernel(*prog, "k", &err);
	if (!k)
		bench_say(p, name, "clCreateKernel failed", err);
	return k;
}

struct launch {
	cl_kernel k;
	cl_uint dims;
	size_t global[2];
	const size_t *local;
};

static cl_int run_once(struct plat *p, const struct launch *l)
{
	cl_int err = clEnqueueNDRangeKernel(p->q, l->k, l->dims, NULL, l->global, l->local, 0,
					    NULL, NULL);
	return err == CL_SUCCESS ? clFinish(p->q) : err;
}

#define BENCH_LAUNCH /* bench_warm_up, bench_best_time on run_once */
#include "bench_common.h"

/* ---- multiply-add chains ------------------------------------------------ */

enum kind { K_F32, K_F64, K_I32, K_I16, K_I8 };

struct madd_type {
	const char *cl; /* OpenCL C type */
	const char *scalar;
	enum kind kind;
	unsigned width;
};

#define MADD_PER_ITEM 2048 /* 64 iterations of 16 pairs */

/* The kernel for one type: x starts at a, y at a - b*(g mod 64), both
 * per-lane values from the host, so that nothing folds and every lane and
 * work-item differs. */
static void madd_source(char *src, size_t size, const struct madd_type *t)
{
	int fp = t->kind == K_F32 || t->kind == K_F64;
	const char *x = fp ? "x = mad(y, x, y); y = mad(x, y, x); "
			   : "x = y * x + y; y = x * y + x; ";
	char body[1024] = "";
	for (int i = 0; i < 16; i++)
		strcat(body, x);
	snprintf(src, size,
		 "%s"
		 "__kernel void k(__global %s *out, %s a, %s b)\n"
		 "{\n"
		 "    size_t g = get_global_id(0);\n"
		 "    %s x = a, y = a - (%s)(b * (%s)(g & 63));\n"
		 "    for (int i = 0; i < %d; i++) {\n"
		 "        %s\n"
		 "    }\n"
		 "    out[g] = y;\n"
		 "}\n",
		 t->kind == K_F64 ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" : "", t->cl,
		 t->cl, t->scalar, t->cl, t->cl, t->scalar, MADD_PER_ITEM / 32, body);
}

static size_t elem_size(enum kind k)
{
	return k == K_F64 ? 8 : k == K_F32 || k == K_I32 ? 4 : k == K_I16 ? 2 : 1;
}

/* Lane l's start values a (all types) and b, as doubles / integers. */
static double madd_a_fp(unsigned l, unsigned w)
{
	return -0.2 - 0.6 * l / (double)(w > 1 ? w - 1 : 1);
}
#define MADD_B_FP 0.002
static uint32_t madd_a_int(unsigned l)
{
	return 0x12345u * (l + 1) + 7;
}
#define MADD_B_INT 3u

/* The host's chain for lane l of work-item g: floating point with fma
 * (float or double), integers wrapping at the type's width. */
static double madd_ref_fp(const struct madd_type *t, size_t g, unsigned l)
{
	if (t->kind == K_F32) {
		float a = (float)madd_a_fp(l, t->width);
		float x = a, y = a - (float)MADD_B_FP * (float)(g & 63);
		for (int i = 0; i < MADD_PER_ITEM / 2; i++) {
			x = fmaf(y, x, y);
			y = fmaf(x, y, x);
		}
		return y;
	}
	double a = madd_a_fp(l, t->width);
	double x = a, y = a - MADD_B_FP * (double)(g & 63);
	for (int i = 0; i < MADD_PER_ITEM / 2; i++) {
		x = fma(y, x, y);
		y = fma(x, y, x);
	}
	return y;
}

static uint32_t madd_ref_int(const struct madd_type *t, size_t g, unsigned l)
{
	uint32_t mask = t->kind == K_I32 ? 0xffffffffu : t->kind == K_I16 ? 0xffffu : 0xffu;
	uint32_t a = madd_a_int(l) & mask;
	uint32_t x = a, y = (a - MADD_B_INT * (uint32_t)(g & 63)) & mask;
	for (int i = 0; i < MADD_PER_ITEM / 2; i++) {
		x = (y * x + y) & mask;
		y = (x * y + x) & mask;
	}
	return y;
}

static const struct madd_type *madd_current;

static double bench_madd(struct plat *p, const char *name)
{
	const struct madd_type *t = madd_current;
	size_t es = elem_size(t->kind), w = t->width, vs = es * (w == 3 ? 4 : w);
	double result = FAILED;
	if (t->kind == K_F64 && !p->fp64) {
		fprintf(stderr, "%s: %s: no cl_khr_fp64\n", p->name, name);
		return FAILED;
	}
	/* 2^27 lane multiply-adds per core (2^24 --quick) */
	size_t global = (size_t)((double)((size_t)1 << 27) * scale() / MADD_PER_ITEM / w);
	char src[4096];
	madd_source(src, sizeof(src), t);
	cl_program prog = NULL;
	cl_kernel k = build_kernel(p, name, src, &prog);
	cl_mem out = bench_make_buf(p, global * vs, NULL);
	unsigned char *host = malloc(global * vs);
	unsigned char a[128], b[8];
	if (!k || !out || !host)
		goto out;
	for (unsigned l = 0; l < w; l++) {
		double af = madd_a_fp(l, w);
		uint32_t ai = madd_a_int(l);
		float f = (float)af;
		uint16_t s = (uint16_t)ai;
		uint8_t c = (uint8_t)ai;
		memcpy(a + l * es, t->kind == K_F32 ? (void *)&f : t->kind == K_F64 ? (void *)&af
								 : t->kind == K_I32 ? (void *)&ai
								 : t->kind == K_I16 ? (void *)&s
										    : (void *)&c,
		       es);
	}
	{
		double bf = MADD_B_FP;
		float bff = (float)bf;
		uint32_t bi = MADD_B_INT;
		uint16_t bs = MADD_B_INT;
		uint8_t bc = MADD_B_INT;
		memcpy(b, t->kind == K_F32 ? (void *)&bff : t->kind == K_F64 ? (void *)&bf
						  : t->kind == K_I32 ? (void *)&bi
						  : t->kind == K_I16 ? (void *)&bs
								     : (void *)&bc,
		       es);
	}
	cl_int err = clSetKernelArg(k, 0, sizeof(out), &out);
	err |= clSetKernelArg(k, 1, vs, a);
	err |= clSetKernelArg(k, 2, es, b);
	if (err) {
		bench_say(p, name, "clSetKernelArg failed", err);
		goto out;
	}
	/* A work-group of 256 as clpeak gives (global is a multiple of it),
	 * where the kernel allows it; else the platform's pick. */
	size_t max_wg = 0;
	clGetKernelWorkGroupInfo(k, p->dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof(max_wg), &max_wg,
				 NULL);
	static const size_t local256[1] = { 256 };
	struct launch l = { k, 1, { global }, max_wg >= 256 && !getenv("KILN_BENCH_NULL_LOCAL") ? local256 : NULL };
	if (bench_warm_up(p, name, &l) || bench_read_buf(p, name, out, global * vs, host))
		goto out;
	size_t bad = 0;
	for (size_t s = 0; s < SAMPLES; s++) {
		size_t g = s == SAMPLES - 1 ? global - 1 : s * (global / SAMPLES) + s % 7;
		for (unsigned ln = 0; ln < w; ln++) {
			const unsigned char *cell = host + g * vs + ln * es;
			int ok;
			double got = 0, want = 0;
			if (t->kind == K_F32 || t->kind == K_F64) {
				if (t->kind == K_F32) {
					float f;
					memcpy(&f, cell, 4);
					got = f;
				} else {
					memcpy(&got, cell, 8);
				}
				want = madd_ref_fp(t, g, ln);
				/* mad() may or may not fuse; the chain converges,
				 * so rounding differences stay near 1e-7 */
				ok = fabs(got - want) <= 1e-5 * fabs(want);
			} else {
				uint32_t v = 0;
				memcpy(&v, cell, es);
				got = v;
				want = madd_ref_int(t, g, ln);
				ok = v == (uint32_t)want;
			}
			if (!ok) {
				if (!bad)
					fprintf(stderr,
						"%s: %s: WRONG RESULT at work-item %zu lane %u: got %.9g, want %.9g\n",
						p->name, name, g, ln, got, want);
				bad++;
			}
		}
	}
	if (bad) {
		fprintf(stderr, "%s: %s: WRONG RESULT: %zu of %zu sampled lanes off\n", p->name,
			name, bad, (size_t)SAMPLES * w);
		result = WRONG;
		goto out;
	}
	double tm = bench_best_time(p, name, &l);
	if (tm > 0)
		result = 2.0 * MADD_PER_ITEM * w * global / tm / 1e9;
out:
	free(host);
	if (out)
		clReleaseMemObject(out);
	if (k)
		clReleaseKernel(k);
	if (prog)
		clReleaseProgram(prog);
	return result;
}

/* ---- SGEMM ------------------------------------------------------------- */

static const char sgemm_src[] = KILN_SGEMM_VEC_SRC("k");

static size_t sgemm_n(void)
{
	return quick ? 512 : 1024;
}

static float *sgemm_a, *sgemm_b, *sgemm_ref;

static int sgemm_reference(void)
{
	size_t n = sgemm_n();
	if (sgemm_ref)
		return 0;
	sgemm_a = malloc(n * n * 4);
	sgemm_b = malloc(n * n * 4);
	sgemm_ref = malloc(n * n * 4);
	double *acc = calloc(n * n, sizeof(double));
	if (!sgemm_a || !sgemm_b || !sgemm_ref || !acc)
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

static double bench_sgemm(struct plat *p, const char *name)
{
	size_t n = sgemm_n();
	cl_int ni = (cl_int)n;
	double result = FAILED;
	float *c = malloc(n * n * 4);
	cl_program prog = NULL;
	cl_kernel k = NULL;
	cl_mem ma = NULL, mb = NULL, mc = NULL;
	if (!c || sgemm_reference())
		goto out;
	k = build_kernel(p, name, sgemm_src, &prog);
	ma = bench_make_buf(p, n * n * 4, sgemm_a);
	mb = bench_make_buf(p, n * n * 4, sgemm_b);
	mc = bench_make_buf(p, n * n * 4, NULL);
	if (!k || !ma || !mb || !mc)
		goto out;
	clSetKernelArg(k, 0, sizeof(ni), &ni);
	clSetKernelArg(k, 1, sizeof(ma), &ma);
	clSetKernelArg(k, 2, sizeof(mb), &mb);
	clSetKernelArg(k, 3, sizeof(mc), &mc);
	static const size_t local[2] = { 8, 16 };
	struct launch l = { k, 2, { n / 8, n / 4 }, local };
	if (bench_warm_up(p, name, &l) || bench_read_buf(p, name, mc, n * n * 4, c))
		goto out;
	size_t bad = 0;
	for (size_t i = 0; i < n * n; i++)
		if (!(fabsf(c[i] - sgemm_ref[i]) <= 1e-4f * (fabsf(sgemm_ref[i]) + 1.0f))) {
			if (!bad)
				fprintf(stderr, "%s: %s: WRONG RESULT at [%zu]: got %.9g, want %.9g\n",
					p->name, name, i, c[i], sgemm_ref[i]);
			bad++;
		}
	if (bad) {
		fprintf(stderr, "%s: %s: WRONG RESULT: %zu of %zu elements off\n", p->name, name,
			bad, n * n);
		result = WRONG;
		goto out;
	}
	double t = bench_best_time(p, name, &l);
	if (t > 0)
		result = 2.0 * n * n * n / t / 1e9;
out:
	free(c);
	cl_mem mems[] = { ma, mb, mc };
	for (int i = 0; i < 3; i++)
		if (mems[i])
			clReleaseMemObject(mems[i]);
	if (k)
		clReleaseKernel(k);
	if (prog)
		clReleaseProgram(prog);
	return result;
}

/* ---- hashes: MD5 and SHA-256 ------------------------------------------ */

#define HASH_ITERS 64 /* chained compressions per message */

/* Appends "0, 1, ..., w-1", the lanes of a vector literal, to the
 * kernel source being written at src + len; returns the new length. */
static size_t lane_list(char *src, size_t len, size_t size, unsigned w)
{
	for (unsigned i = 0; i < w; i++)
		len += snprintf(src + len, size - len, "%s%u", i ? ", " : "", i);
	return len;
}

/* The 64 steps written out, as hand-written hash kernels are: the state
 * registers rotate by name, constants and rotations are literals. */
static char *md5_source(unsigned w)
{
	static const unsigned char s[4][4] = {
		{ 7, 12, 17, 22 }, { 5, 9, 14, 20 }, { 4, 11, 16, 23 }, { 6, 10, 15, 21 }
	};
	static const char *fn[4] = { "F", "G", "H", "I" };
	size_t size = 16384, len = 0;
	char *src = malloc(size);
	if (!src)
		return NULL;
	len += snprintf(src + len, size - len,
			"#define F(b, c, d) (((b) & (c)) | (~(b) & (d)))\n"
			"#define G(b, c, d) (((d) & (b)) | (~(d) & (c)))\n"
			"#define H(b, c, d) ((b) ^ (c) ^ (d))\n"
			"#define I(b, c, d) ((c) ^ ((b) | ~(d)))\n"
			"#define V uint%u\n"
			"#define STEP(f, a, b, c, d, m, k, s) \\\n"
			"    a += f(b, c, d) + (m) + (k); a = rotate(a, (V)(s)); a += b;\n"
			"__kernel void k(__global V *out, uint iters)\n"
			"{\n"
			"    uint g = get_global_id(0);\n"
			"    V m0 = (V)(g * %u) + (V)(",
			w, w);
	len = lane_list(src, len, size, w);
	len += snprintf(src + len, size - len,
			");\n"
			"    V m1 = (V)(0x5a17u), m2 = (V)(0x5a18u), m3 = (V)(0x5a19u);\n"
			"    V s0 = (V)(0x67452301u), s1 = (V)(0xefcdab89u);\n"
			"    V s2 = (V)(0x98badcfeu), s3 = (V)(0x10325476u);\n"
			"    for (uint it = 0; it < iters; it++) {\n"
			"        V a = s0, b = s1, c = s2, d = s3;\n");
	static const char *reg = "abcd";
	for (int i = 0; i < 64; i++) {
		int r = i / 16;
		unsigned g = r == 0 ? i : r == 1 ? (5 * i + 1) % 16 : r == 2 ? (3 * i + 5) % 16 : (7 * i) % 16;
		char m[32];
		if (g < 4)
			snprintf(m, sizeof(m), "m%u", g);
		else
			snprintf(m, sizeof(m), "%uu", kiln_md5_fixed[g - 4]);
		int o = (4 - i % 4) % 4; /* step i works on (a,b,c,d) rotated right by i */
		len += snprintf(src + len, size - len,
				"        STEP(%s, %c, %c, %c, %c, %s, 0x%08xu, %u)\n", fn[r],
				reg[o], reg[(o + 1) % 4], reg[(o + 2) % 4], reg[(o + 3) % 4], m,
				kiln_md5_k[i], s[r][i % 4]);
	}
	len += snprintf(src + len, size - len,
			"        s0 += a; s1 += b; s2 += c; s3 += d;\n"
			"        m0 = s0; m1 = s1; m2 = s2; m3 = s3;\n"
			"    }\n"
			"    out[g * 4] = s0; out[g * 4 + 1] = s1; out[g * 4 + 2] = s2; out[g * 4 + 3] = s3;\n"
			"}\n");
	return src;
}

/* SHA-256 (FIPS 180-4) the same way: the 64 rounds written out, the
 * eight state registers rotating by name, the message schedule in 16
 * rolling words; words 0-7 of each block are the chained state. */
static char *sha256_source(unsigned w)
{
	size_t size = 32768, len = 0;
	char *src = malloc(size);
	if (!src)
		return NULL;
	len += snprintf(src + len, size - len,
			"#define V uint%u\n"
			"#define ROTR(x, n) rotate((x), (V)(32 - (n)))\n"
			"#define S0(x) (ROTR(x, 2) ^ ROTR(x, 13) ^ ROTR(x, 22))\n"
			"#define S1(x) (ROTR(x, 6) ^ ROTR(x, 11) ^ ROTR(x, 25))\n"
			"#define s0(x) (ROTR(x, 7) ^ ROTR(x, 18) ^ ((x) >> 3))\n"
			"#define s1(x) (ROTR(x, 17) ^ ROTR(x, 19) ^ ((x) >> 10))\n"
			"#define CH(e, f, g) (((e) & (f)) ^ (~(e) & (g)))\n"
			"#define MAJ(a, b, c) (((a) & (b)) ^ ((a) & (c)) ^ ((b) & (c)))\n"
			"#define ROUND(a, b, c, d, e, f, g, h, w, k) { \\\n"
			"    V t1 = h + S1(e) + CH(e, f, g) + (V)(k) + (w); \\\n"
			"    V t2 = S0(a) + MAJ(a, b, c); d += t1; h = t1 + t2; }\n"
			"#define SCHED(w0, w1, w9, w14) w0 += s1(w14) + w9 + s0(w1);\n"
			"__kernel void k(__global V *out, uint iters)\n"
			"{\n"
			"    uint gid = get_global_id(0);\n"
			"    V m0 = (V)(gid * %u) + (V)(",
			w, w);
	len = lane_list(src, len, size, w);
	len += snprintf(src + len, size - len, ");\n");
	for (int r = 1; r < 8; r++)
		len += snprintf(src + len, size - len, "    V m%d = (V)(0x%xu);\n", r,
				kiln_sha256_salt[r]);
	for (int r = 0; r < 8; r++)
		len += snprintf(src + len, size - len, "    V s%d = (V)(0x%08xu);\n", r,
				kiln_sha256_iv[r]);
	len += snprintf(src + len, size - len,
			"    for (uint it = 0; it < iters; it++) {\n"
			"        V a = s0, b = s1, c = s2, d = s3, e = s4, f = s5, g = s6, h = s7;\n"
			"        V w0 = m0, w1 = m1, w2 = m2, w3 = m3, w4 = m4, w5 = m5, w6 = m6, w7 = m7;\n");
	for (int r = 0; r < 8; r++)
		len += snprintf(src + len, size - len, "        V w%d = (V)(0x%xu);\n", r + 8,
				kiln_sha256_fixed[r]);
	static const char *reg = "abcdefgh";
	for (int t = 0; t < 64; t++) {
		if (t >= 16)
			len += snprintf(src + len, size - len, "        SCHED(w%d, w%d, w%d, w%d)\n",
					t & 15, (t + 1) & 15, (t + 9) & 15, (t + 14) & 15);
		int o = (8 - t % 8) % 8; /* round t works on a..h rotated right by t */
		len += snprintf(src + len, size - len, "        ROUND(");
		for (int r = 0; r < 8; r++)
			len += snprintf(src + len, size - len, "%c, ", reg[(o + r) % 8]);
		len += snprintf(src + len, size - len, "w%d, 0x%08xu)\n", t & 15, kiln_sha256_k[t]);
	}
	len += snprintf(src + len, size - len,
			"        s0 += a; s1 += b; s2 += c; s3 += d; s4 += e; s5 += f; s6 += g; s7 += h;\n"
			"        m0 = s0; m1 = s1; m2 = s2; m3 = s3; m4 = s4; m5 = s5; m6 = s6; m7 = s7;\n"
			"    }\n");
	for (int r = 0; r < 8; r++)
		len += snprintf(src + len, size - len, "    out[gid * 8 + %d] = s%d;\n", r, r);
	len += snprintf(src + len, size - len, "}\n");
	return src;
}

/* The hash rows: a kernel source of w lanes, the words of state each
 * message ends with, and the host reference of one message's chain. */
struct hash_kind {
	char *(*source)(unsigned w);
	unsigned words;
	void (*chain)(uint32_t *out, uint32_t index, unsigned iters);
	unsigned per_core; /* compressions per core at full size */
};

static const struct hash_kind md5_kind = { md5_source, 4, kiln_md5_chain, 1u << 19 };
/* a SHA-256 compression is about 4 times an MD5 one */
static const struct hash_kind sha256_kind = { sha256_source, 8, kiln_sha256_chain, 1u << 17 };

/* md5, sha256: uint4 lanes; -x16: uint16; -wg1: work-groups of one
 * work-item */
static double bench_hash(struct plat *p, const char *name)
{
	const struct hash_kind *h = strncmp(name, "sha256", 6) == 0 ? &sha256_kind : &md5_kind;
	unsigned w = strstr(name, "x16") ? 16 : 4;
	static const size_t one = 1;
	size_t n = (size_t)((double)h->per_core * scale() / w / HASH_ITERS);
	size_t bytes = n * h->words * 4 * w;
	cl_uint iters = HASH_ITERS;
	double result = FAILED;
	char *src = h->source(w);
	uint32_t *got = malloc(bytes);
	cl_program prog = NULL;
	cl_kernel k = NULL;
	cl_mem mo = NULL;
	if (!src || !got)
		goto out;
	k = build_kernel(p, name, src, &prog);
	mo = bench_make_buf(p, bytes, NULL);
	if (!k || !mo)
		goto out;
	clSetKernelArg(k, 0, sizeof(mo), &mo);
	clSetKernelArg(k, 1, sizeof(iters), &iters);
	struct launch l = { k, 1, { n }, strstr(name, "wg1") ? &one : NULL };
	if (bench_warm_up(p, name, &l) || bench_read_buf(p, name, mo, bytes, got))
		goto out;
	size_t bad = 0;
	for (size_t s = 0; s < SAMPLES; s++) {
		size_t g = s == SAMPLES - 1 ? n - 1 : s * (n / SAMPLES) + s % 5;
		for (unsigned lane = 0; lane < w; lane++) {
			uint32_t want[8];
			h->chain(want, (uint32_t)(g * w + lane), HASH_ITERS);
			for (unsigned r = 0; r < h->words; r++) {
				uint32_t v = got[(g * h->words + r) * w + lane];
				if (v != want[r]) {
					if (!bad)
						fprintf(stderr,
							"%s: %s: WRONG RESULT: message %zu word %u: got %08x, want %08x\n",
							p->name, name, g * w + lane, r, v, want[r]);
					bad++;
				}
			}
		}
	}
	if (bad) {
		fprintf(stderr, "%s: %s: WRONG RESULT: %zu sampled words off\n", p->name, name, bad);
		result = WRONG;
		goto out;
	}
	double t = bench_best_time(p, name, &l);
	if (t > 0)
		result = (double)n * w * HASH_ITERS / t / 1e6;
out:
	free(src);
	free(got);
	if (mo)
		clReleaseMemObject(mo);
	if (k)
		clReleaseKernel(k);
	if (prog)
		clReleaseProgram(prog);
	return result;
}

/* ---- reduction --------------------------------------------------------- */

static const char reduce_src[] =
	"__kernel void k(__global const float4 *in, __global float *partial,\n"
	"                __local float *scratch, uint n4)\n"
	"{\n"
	"    uint lid = get_local_id(0);\n"
	"    size_t step = get_global_size(0);\n"
	"    float4 s = 0.0f;\n"
	"    for (size_t i = get_global_id(0); i < n4; i += step)\n"
	"        s += in[i];\n"
	"    scratch[lid] = (s.x + s.y) + (s.z + s.w);\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    for (uint h = get_local_size(0) / 2; h > 0; h >>= 1) {\n"
	"        if (lid < h)\n"
	"            scratch[lid] += scratch[lid + h];\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    }\n"
	"    if (lid == 0)\n"
	"        partial[get_group_id(0)] = scratch[0];\n"
	"}\n";

#define REDUCE_WG 256
#define REDUCE_GROUPS 64

static size_t reduce_n(void)
{
	return quick ? (size_t)1 << 24 : (size_t)1 << 26;
}

static double bench_reduce(struct plat *p, const char *name)
{
	size_t n = reduce_n(), groups = REDUCE_GROUPS, wg = REDUCE_WG;
	cl_uint n4 = (cl_uint)(n / 4);
	double result = FAILED;
	float *in = malloc(n * 4), *part = malloc(groups * 4);
	cl_program prog = NULL;
	cl_kernel k = NULL;
	cl_mem mi = NULL, mp = NULL;
	if (!in || !part)
		goto out;
	bench_fill(in, n, 0, 1, 7);
	k = build_kernel(p, name, reduce_src, &prog);
	mi = bench_make_buf(p, n * 4, in);
	mp = bench_make_buf(p, groups * 4, NULL);
	if (!k || !mi || !mp)
		goto out;
	size_t max_wg = 0;
	clGetKernelWorkGroupInfo(k, p->dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof(max_wg), &max_wg,
				 NULL);
	if (max_wg < wg) {
		fprintf(stderr, "%s: %s: kernel work-group size %zu < %zu\n", p->name, name, max_wg,
			wg);
		goto out;
	}
	clSetKernelArg(k, 0, sizeof(mi), &mi);
	clSetKernelArg(k, 1, sizeof(mp), &mp);
	clSetKernelArg(k, 2, wg * 4, NULL);
	clSetKernelArg(k, 3, sizeof(n4), &n4);
	size_t local[1] = { wg };
	struct launch l = { k, 1, { groups * wg }, local };
	if (bench_warm_up(p, name, &l) || bench_read_buf(p, name, mp, groups * 4, part))
		goto out;
	/* Each group's partial against the host's sum of the same elements. */
	size_t bad = 0, items = groups * wg;
	for (size_t gr = 0; gr < groups; gr++) {
		double want = 0;
		for (size_t li = 0; li < wg; li++)
			for (size_t i = gr * wg + li; i < n / 4; i += items)
				want += (double)in[4 * i] + in[4 * i + 1] + in[4 * i + 2] + in[4 * i + 3];
		if (!(fabs(part[gr] - want) <= 1e-5 * want)) {
			if (!bad)
				fprintf(stderr, "%s: %s: WRONG RESULT: partial %zu is %.9g, want %.9g\n",
					p->name, name, gr, part[gr], want);
			bad++;
		}
	}
	if (bad) {
		result = WRONG;
		goto out;
	}
	double t = bench_best_time(p, name, &l);
	if (t > 0)
		result = (double)n * 4 / t / 1e9;
out:
	free(in);
	free(part);
	if (mi)
		clReleaseMemObject(mi);
	if (mp)
		clReleaseMemObject(mp);
	if (k)
		clReleaseKernel(k);
	if (prog)
		clReleaseProgram(prog);
	return result;
}

/* ---- latencies --------------------------------------------------------- */

#define LAUNCH_REPS 1000
#define WAKE_REPS 200

/* The empty kernel writes nothing: what is timed is the launch itself.
 * The result check is that the enqueue and clFinish succeed. */
static const char empty_src[] = "__kernel void k(void) { }\n";

static double bench_launch(struct plat *p, const char *name)
{
	static double t[LAUNCH_REPS];
	cl_program prog = NULL;
	cl_kernel k = build_kernel(p, name, empty_src, &prog);
	double result = FAILED;
	if (!k)
		goto out;
	struct launch l = { k, 1, { 1 }, NULL };
	for (int r = 0; r < 10; r++)
		if (bench_warm_up(p, name, &l))
			goto out;
	for (int r = 0; r < LAUNCH_REPS; r++) {
		double t0 = bench_now_s();
		if (run_once(p, &l) != CL_SUCCESS) {
			bench_say(p, name, "timed enqueue failed", 0);
			goto out;
		}
		t[r] = bench_now_s() - t0;
	}
	qsort(t, LAUNCH_REPS, sizeof(double), bench_cmp_double);
	result = t[LAUNCH_REPS / 2] * 1e6;
out:
	if (k)
		clReleaseKernel(k);
	if (prog)
		clReleaseProgram(prog);
	return result;
}

struct releaser {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int pending, quit;
	cl_event ev;
	double t_release;
};

/* Waits for an event to release, sleeps 1 ms so that the main thread is
 * surely asleep in clFinish, notes the time and completes it. */
static void *releaser_main(void *arg)
{
	struct releaser *r = arg;
	pthread_mutex_lock(&r->mu);
	for (;;) {
		while (!r->pending && !r->quit)
			pthread_cond_wait(&r->cv, &r->mu);
		if (r->quit)
			break;
		cl_event ev = r->ev;
		r->pending = 0;
		pthread_mutex_unlock(&r->mu);
		usleep(1000);
		r->t_release = bench_now_s();
		clSetUserEventStatus(ev, CL_COMPLETE);
		/* its own reference: clFinish may return (and the main thread
		 * release the event) before clSetUserEventStatus does */
		clReleaseEvent(ev);
		pthread_mutex_lock(&r->mu);
	}
	pthread_mutex_unlock(&r->mu);
	return NULL;
}

static double bench_wake(struct plat *p, const char *name)
{
	static double t[WAKE_REPS];
	static struct releaser r;
	cl_program prog = NULL;
	cl_kernel k = build_kernel(p, name, empty_src, &prog);
	double result = FAILED;
	pthread_t th;
	if (!k)
		goto out;
	pthread_mutex_init(&r.mu, NULL);
	pthread_cond_init(&r.cv, NULL);
	r.pending = r.quit = 0;
	pthread_create(&th, NULL, releaser_main, &r);
	size_t one = 1;
	int n = 0;
	for (int rep = 0; rep < WAKE_REPS + 5; rep++) {
		cl_int err;
		cl_event uev = clCreateUserEvent(p->ctx, &err);
		if (!uev) {
			bench_say(p, name, "clCreateUserEvent failed", err);
			break;
		}
		err = clEnqueueNDRangeKernel(p->q, k, 1, NULL, &one, NULL, 1, &uev, NULL);
		if (err == CL_SUCCESS)
			err = clFlush(p->q);
		if (err != CL_SUCCESS) {
			bench_say(p, name, "enqueue failed", err);
			clSetUserEventStatus(uev, -1);
			clReleaseEvent(uev);
			break;
		}
		clRetainEvent(uev);
		pthread_mutex_lock(&r.mu);
		r.ev = uev;
		r.pending = 1;
		pthread_cond_signal(&r.cv);
		pthread_mutex_unlock(&r.mu);
		err = clFinish(p->q);
		double t1 = bench_now_s();
		clReleaseEvent(uev);
		if (err != CL_SUCCESS) {
			bench_say(p, name, "clFinish failed", err);
			break;
		}
		if (rep >= 5) /* the first few warm the path */
			t[n++] = t1 - r.t_release;
	}
	pthread_mutex_lock(&r.mu);
	r.quit = 1;
	pthread_cond_signal(&r.cv);
	pthread_mutex_unlock(&r.mu);
	pthread_join(th, NULL);
	if (n == WAKE_REPS) {
		qsort(t, n, sizeof(double), bench_cmp_double);
		result = t[n / 2] * 1e6;
	}
out:
	if (k)
		clReleaseKernel(k);
	if (prog)
		clReleaseProgram(prog);
	return result;
}

/* ---- the table ---------------------------------------------------------- */

static const struct madd_type madd_types[] = {
	{ "float", "float", K_F32, 1 },	     { "float2", "float", K_F32, 2 },
	{ "float4", "float", K_F32, 4 },     { "float8", "float", K_F32, 8 },
	{ "float16", "float", K_F32, 16 },   { "double", "double", K_F64, 1 },
	{ "double2", "double", K_F64, 2 },   { "double4", "double", K_F64, 4 },
	{ "double8", "double", K_F64, 8 },   { "double16", "double", K_F64, 16 },
	{ "int", "int", K_I32, 1 },	     { "int2", "int", K_I32, 2 },
	{ "int4", "int", K_I32, 4 },	     { "int8", "int", K_I32, 8 },
	{ "int16", "int", K_I32, 16 },	     { "short", "short", K_I16, 1 },
	{ "short4", "short", K_I16, 4 },     { "short8", "short", K_I16, 8 },
	{ "short16", "short", K_I16, 16 },   { "char", "char", K_I8, 1 },
	{ "char4", "char", K_I8, 4 },	     { "char8", "char", K_I8, 8 },
	{ "char16", "char", K_I8, 16 },
};
#define NMADD (sizeof(madd_types) / sizeof(madd_types[0]))

/* Limits, keyed by what each row measures. */
static double lim_fp32(void) { return kiln_limit_fp32(); }
static double lim_fp64(void) { return kiln_limit_fp64(); }
static double lim_i32(void) { return kiln_limit_i32(); }
static double lim_i16(void) { return kiln_limit_i16(); }
static double lim_i8(void) { return kiln_limit_i8(); }
static double lim_md5(void) { return kiln_limit_md5(HASH_ITERS * 16); }
static double lim_sha256(void) { return kiln_limit_sha256(HASH_ITERS * 4); }
static double lim_read(void) { return kiln_limit_read(reduce_n() * 4); }
static double lim_roundtrip(void) { return kiln_limit_wake_roundtrip_us(); }
static double lim_chain(void) { return kiln_limit_wake_chain_us(); }

struct row {
	char name[24];
	const char *unit;
	double (*run)(struct plat *p, const char *name);
	double (*limit)(void);
	const char *limit_name;
	int lower_better;
	const struct madd_type *madd;
};

/* The multiply-add rows, then the others that main's setup adds. */
#define NROWS_MAX (NMADD + 9)
static struct row rows[NROWS_MAX];
static size_t nrows;

static void make_rows(void)
{
	static double (*const lim[])(void) = { lim_fp32, lim_fp64, lim_i32, lim_i16, lim_i8 };
	static const char *lim_names[] = { "fp32 FMA", "fp64 FMA", "int32 mul+add",
					   "int16 mul+add", "int8 mul+add" };
	for (size_t i = 0; i < NMADD; i++) {
		const struct madd_type *t = &madd_types[i];
		struct row *r = &rows[nrows++];
		snprintf(r->name, sizeof(r->name), "madd-%s", t->cl);
		r->unit = t->kind == K_F32 || t->kind == K_F64 ? "GFLOP/s" : "GIOP/s";
		r->run = bench_madd;
		r->limit = lim[t->kind];
		r->limit_name = lim_names[t->kind];
		r->madd = t;
	}
	rows[nrows++] = (struct row){ "sgemm-vec", "GFLOP/s", bench_sgemm, lim_fp32, "fp32 FMA", 0, NULL };
	rows[nrows++] = (struct row){ "md5", "Mhash/s", bench_hash, lim_md5, "C MD5", 0, NULL };
	rows[nrows++] = (struct row){ "md5-x16", "Mhash/s", bench_hash, lim_md5, "C MD5", 0, NULL };
	rows[nrows++] = (struct row){ "md5-x16-wg1", "Mhash/s", bench_hash, lim_md5, "C MD5", 0, NULL };
	rows[nrows++] = (struct row){ "sha256", "Mhash/s", bench_hash, lim_sha256, "C SHA-256", 0, NULL };
	rows[nrows++] = (struct row){ "sha256-x16", "Mhash/s", bench_hash, lim_sha256, "C SHA-256", 0, NULL };
	rows[nrows++] = (struct row){ "reduce", "GB/s", bench_reduce, lim_read, "read bw", 0, NULL };
	rows[nrows++] = (struct row){ "launch", "us", bench_launch, lim_roundtrip, "wake rtt", 1, NULL };
	rows[nrows++] = (struct row){ "wake", "us", bench_wake, lim_chain, "wake 2-hop", 1, NULL };
	assert(nrows <= NROWS_MAX);
}

/* ---- platforms --------------------------------------------------------- */

static int open_platform(struct plat *p)
{
	if (bench_open_cpu(p))
		return -1;
	char ext[8192] = "";
	clGetDeviceInfo(p->dev, CL_DEVICE_EXTENSIONS, sizeof(ext) - 1, ext, NULL);
	p->fp64 = strstr(ext, "cl_khr_fp64") != NULL;
	return 0;
}

static void close_platform(struct plat *p)
{
	if (p->q)
		clReleaseCommandQueue(p->q);
	if (p->ctx)
		clReleaseContext(p->ctx);
}

/* Percentage of the limit: for latencies limit / figure. */
static double percent(const struct row *r, double v, double lim)
{
	if (v <= 0 || lim <= 0)
		return -1;
	return 100.0 * (r->lower_better ? lim / v : v / lim);
}

static double load_average(void)
{
	double l = -1;
	FILE *f = fopen("/proc/loadavg", "r");
	if (f) {
		if (fscanf(f, "%lf", &l) != 1)
			l = -1;
		fclose(f);
	}
	return l;
}

int main(int argc, char **argv)
{
	const char *only = NULL;
	make_rows();
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0) {
			quick = 1;
		} else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
			only = argv[++i];
		} else {
			fprintf(stderr, "usage: %s [--quick] [--only NAME]\n  NAME:", argv[0]);
			for (size_t b = 0; b < nrows; b++)
				fprintf(stderr, " %s", rows[b].name);
			fprintf(stderr, "\n");
			return 2;
		}
	}
	if (only) {
		size_t b = 0;
		while (b < nrows && strcmp(only, rows[b].name))
			b++;
		if (b == nrows) {
			fprintf(stderr, "unknown kernel %s\n", only);
			return 2;
		}
	}

	struct bench_caches caches;
	if (bench_fresh_caches(&caches))
		return 1;

	cl_platform_id ids[BENCH_MAX_PLATFORMS];
	int status = 0;
	double load0 = load_average();
	cl_uint n = bench_platform_ids(ids);
	if (n == 0) {
		status = 1;
		goto out_rm;
	}
	struct plat plats[BENCH_MAX_PLATFORMS];
	int m = (int)n;
	memset(plats, 0, sizeof(plats));
	for (int j = 0; j < m; j++)
		plats[j].id = ids[j];
	int ok[BENCH_MAX_PLATFORMS];
	for (int j = 0; j < m; j++) {
		ok[j] = open_platform(&plats[j]) == 0;
		if (!ok[j]) {
			fprintf(stderr, "%s: cannot open the platform\n", plats[j].name);
			status = 1;
		}
	}

	static double val[NROWS_MAX][BENCH_MAX_PLATFORMS], lim[NROWS_MAX];
	for (size_t b = 0; b < nrows; b++) {
		if (only && strcmp(only, rows[b].name))
			continue;
		madd_current = rows[b].madd;
		for (int j = 0; j < m; j++) {
			val[b][j] = ok[j] ? rows[b].run(&plats[j], rows[b].name) : FAILED;
			if (val[b][j] < 0)
				status = 1;
		}
		lim[b] = rows[b].limit();
		fprintf(stderr, "%s done\n", rows[b].name);
	}
	for (int j = 0; j < m; j++)
		close_platform(&plats[j]);

	printf("%s sizes; best of %d (up to %d within 1 s) runs after one warm-up; limits: "
	       "native C, %d threads, %s; load average %.2f at the start, %.2f at the end\n",
	       quick ? "quick" : "full", BENCH_REPEATS, BENCH_MAX_REPEATS, kiln_limits_threads(),
	       kiln_limits_isa(), load0, load_average());
	printf("%-15s %-8s", "kernel", "unit");
	for (int j = 0; j < m; j++)
		printf(" %9s", plats[j].name);
	printf(" %9s %-13s", "limit", "(of)");
	for (int j = 0; j < m; j++)
		printf(" %6.6s%%", plats[j].name);
	for (int j = 1; j < m; j++)
		printf("  %s/%s", plats[0].name, plats[j].name);
	printf("\n");
	double log_sum[BENCH_MAX_PLATFORMS] = { 0 }, pct_log[BENCH_MAX_PLATFORMS] = { 0 };
	int log_n[BENCH_MAX_PLATFORMS] = { 0 }, pct_n[BENCH_MAX_PLATFORMS] = { 0 };
	for (size_t b = 0; b < nrows; b++) {
		const struct row *r = &rows[b];
		if (only && strcmp(only, r->name))
			continue;
		printf("%-15s %-8s", r->name, r->unit);
		for (int j = 0; j < m; j++)
			bench_print_cell(val[b][j], 9);
		printf(" %9.2f %-13s", lim[b], r->limit_name);
		for (int j = 0; j < m; j++) {
			double pc = percent(r, val[b][j], lim[b]);
			if (pc < 0) {
				printf(" %7s", "-");
			} else {
				printf(" %6.1f%%", pc);
				pct_log[j] += log(pc);
				pct_n[j]++;
			}
		}
		for (int j = 1; j < m; j++) {
			int wdt = (int)(strlen(plats[0].name) + strlen(plats[j].name) + 1);
			if (val[b][0] > 0 && val[b][j] > 0) {
				/* speed ratio: for latencies other / Kiln */
				double q = r->lower_better ? val[b][j] / val[b][0] : val[b][0] / val[b][j];
				printf("  %*.2f", wdt, q);
				log_sum[j] += log(q);
				log_n[j]++;
			} else {
				printf("  %*s", wdt, "-");
			}
		}
		printf("\n");
	}
	for (int j = 1; j < m; j++)
		if (log_n[j])
			printf("geometric mean of %s/%s (speed) over %d rows: %.2f\n", plats[0].name,
			       plats[j].name, log_n[j], exp(log_sum[j] / log_n[j]));
	for (int j = 0; j < m; j++)
		if (pct_n[j])
			printf("geometric mean of %s's percentage of the limit over %d rows: %.1f%%\n",
			       plats[j].name, pct_n[j], exp(pct_log[j] / pct_n[j]));
out_rm:
	bench_remove_caches(&caches);
	return status;
}
