/* kiln-bench-dot: integer dot-product throughput (cl_khr_integer_dot_product)
 * on Kiln, against this machine's integer peak measured in native code.
 *
 * Kernels: every work-item keeps four packed 4 x 8-bit values in registers
 * and, 1024 times, xors each with the loop counter and adds its dot
 * product with a uniform weight to one of four accumulators:
 *
 *   dot-ss   int  dot(char4, char4)             (acc += dot(...))
 *   dot-uu   uint dot(uchar4, uchar4)
 *   dot-us   int  dot(uchar4, char4)
 *   sat-ss   int  dot_acc_sat(char4, char4, int) (acc = dot_acc_sat(...))
 *   pk-ss    int  dot_4x8packed_ss_int(uint, uint)
 *
 * and one without a loop, which the work-item loop vectorizer widens
 * (the loop forms stay scalar: LLVM vectorizes innermost loops only):
 *
 *   one-ss   out[i] = dot(as_char4(a[i]), as_char4(b[i])) over 2^24 items
 *            (--quick 2^22), 12 bytes of memory traffic per dot product
 *
 * A dot product of four 8-bit pairs counts as 8 operations (4 multiplies,
 * 4 adds: 4 multiply-accumulates), the usual way; the xor is not counted.
 * 2^20 work-items (--quick 2^16), groups chosen by Kiln.  Every result is
 * checked against the host's before timing; the time is the best of 5
 * launches (host time around enqueue + clFinish).
 *
 * Peaks, all cores, 4-lane multiply-accumulates in registers:
 *   vnni     AVX-512 VNNI vpdpbusd zmm (64 u8 x s8 MACs per instruction),
 *            where the CPU has it
 *   pmaddwd  AVX-512BW vpmaddwd + vpaddd zmm (32 s16 MACs per pair), the
 *            fastest form without VNNI (8-bit inputs widened to 16 bits)
 *
 * Usage: OCL_ICD_VENDORS=<dir with kiln.icd> kiln-bench-dot [--quick]
 * Exit status 1 when a result is wrong or a kernel fails. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <immintrin.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_common.h"

#define ITERS 1024u

static const char *src =
	"#define LOOP(T, STEP) {                                                \\\n"
	"  size_t i = get_global_id(0);                                         \\\n"
	"  uint x0 = a[4 * i], x1 = a[4 * i + 1], x2 = a[4 * i + 2], x3 = a[4 * i + 3]; \\\n"
	"  T s0 = 0, s1 = 0, s2 = 0, s3 = 0;                                    \\\n"
	"  for (uint k = 0; k < iters; k++) {                                   \\\n"
	"    uint w = wt[k & 63];                                               \\\n"
	"    STEP(s0, x0 ^ k, w); STEP(s1, x1 ^ k, w);                          \\\n"
	"    STEP(s2, x2 ^ k, w); STEP(s3, x3 ^ k, w);                          \\\n"
	"  }                                                                    \\\n"
	"  out[i] = s0 + s1 + s2 + s3; }\n"
	"#define SS(s, x, w) s += dot(as_char4(x), as_char4(w))\n"
	"#define UU(s, x, w) s += dot(as_uchar4(x), as_uchar4(w))\n"
	"#define US(s, x, w) s += dot(as_uchar4(x), as_char4(w))\n"
	"#define SAT(s, x, w) s = dot_acc_sat(as_char4(x), as_char4(w), s)\n"
	"#define PK(s, x, w) s += dot_4x8packed_ss_int(x, w)\n"
	"#define K(NAME, T, STEP) kernel void NAME(global const uint *a,         \\\n"
	"    global const uint *wt, global T *out, uint iters) LOOP(T, STEP)\n"
	"K(dot_ss, int, SS) K(dot_uu, uint, UU) K(dot_us, int, US)\n"
	"K(sat_ss, int, SAT) K(pk_ss, int, PK)\n"
	"kernel void one_ss(global const uint *a, global const uint *b, global int *out) {\n"
	"  size_t i = get_global_id(0);\n"
	"  out[i] = dot(as_char4(a[i]), as_char4(b[i])); }\n";

static const struct {
	const char *label, *kernel;
	int kind; /* 0 ss, 1 uu, 2 us, 3 sat ss */
} forms[] = {
	{ "dot-ss", "dot_ss", 0 }, { "dot-uu", "dot_uu", 1 }, { "dot-us", "dot_us", 2 },
	{ "sat-ss", "sat_ss", 3 }, { "pk-ss", "pk_ss", 0 },
};

static int64_t host_dot(uint32_t x, uint32_t w, int kind)
{
	int64_t r = 0;
	for (int b = 0; b < 4; b++) {
		int64_t xa = (x >> (8 * b)) & 0xff, wa = (w >> (8 * b)) & 0xff;
		if (kind == 0 || kind == 3)
			xa = (int8_t)xa;
		if (kind != 1)
			wa = (int8_t)wa;
		r += xa * wa;
	}
	return r;
}

/* What work-item i writes (32-bit wrap-around, saturation for kind 3). */
static uint32_t host_item(const uint32_t *a, const uint32_t *wt, size_t i, int kind)
{
	int64_t s[4] = { 0, 0, 0, 0 };
	for (uint32_t k = 0; k < ITERS; k++)
		for (int j = 0; j < 4; j++) {
			int64_t d = host_dot(a[4 * i + j] ^ k, wt[k & 63], kind);
			if (kind == 3) {
				s[j] += d;
				s[j] = s[j] > INT32_MAX ? INT32_MAX : s[j] < INT32_MIN ? INT32_MIN : s[j];
			} else {
				s[j] = (int64_t)(uint32_t)(s[j] + d);
			}
		}
	return (uint32_t)(s[0] + s[1] + s[2] + s[3]);
}

/* ---- native peaks ----------------------------------------------------- */

struct peak_arg {
	int vnni;
	long reps;
	volatile int sink;
};

__attribute__((target("avx512f,avx512vnni"))) static int vnni_loop(long reps)
{
	__m512i a = _mm512_set1_epi32(0x01020304), b = _mm512_set1_epi32(0x05060708);
	__m512i c0 = _mm512_setzero_si512(), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0,
		c6 = c0, c7 = c0;
	for (long r = 0; r < reps; r++) {
		__asm__ volatile("" : "+v"(a));
		c0 = _mm512_dpbusd_epi32(c0, a, b);
		c1 = _mm512_dpbusd_epi32(c1, a, b);
		c2 = _mm512_dpbusd_epi32(c2, a, b);
		c3 = _mm512_dpbusd_epi32(c3, a, b);
		c4 = _mm512_dpbusd_epi32(c4, a, b);
		c5 = _mm512_dpbusd_epi32(c5, a, b);
		c6 = _mm512_dpbusd_epi32(c6, a, b);
		c7 = _mm512_dpbusd_epi32(c7, a, b);
	}
	__m512i s = _mm512_add_epi32(_mm512_add_epi32(_mm512_add_epi32(c0, c1),
						      _mm512_add_epi32(c2, c3)),
				     _mm512_add_epi32(_mm512_add_epi32(c4, c5),
						      _mm512_add_epi32(c6, c7)));
	return _mm512_reduce_add_epi32(s);
}

__attribute__((target("avx512f,avx512bw"))) static int pmaddwd_loop(long reps)
{
	__m512i a = _mm512_set1_epi16(3), b = _mm512_set1_epi16(5);
	__m512i c0 = _mm512_setzero_si512(), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0,
		c6 = c0, c7 = c0;
	for (long r = 0; r < reps; r++) {
		__asm__ volatile("" : "+v"(a));
		c0 = _mm512_add_epi32(c0, _mm512_madd_epi16(a, b));
		c1 = _mm512_add_epi32(c1, _mm512_madd_epi16(a, b));
		c2 = _mm512_add_epi32(c2, _mm512_madd_epi16(a, b));
		c3 = _mm512_add_epi32(c3, _mm512_madd_epi16(a, b));
		c4 = _mm512_add_epi32(c4, _mm512_madd_epi16(a, b));
		c5 = _mm512_add_epi32(c5, _mm512_madd_epi16(a, b));
		c6 = _mm512_add_epi32(c6, _mm512_madd_epi16(a, b));
		c7 = _mm512_add_epi32(c7, _mm512_madd_epi16(a, b));
	}
	__m512i s = _mm512_add_epi32(_mm512_add_epi32(_mm512_add_epi32(c0, c1),
						      _mm512_add_epi32(c2, c3)),
				     _mm512_add_epi32(_mm512_add_epi32(c4, c5),
						      _mm512_add_epi32(c6, c7)));
	return _mm512_reduce_add_epi32(s);
}

static void *peak_thread(void *p)
{
	struct peak_arg *a = p;
	a->sink = a->vnni ? vnni_loop(a->reps) : pmaddwd_loop(a->reps);
	return NULL;
}

/* GOP/s of one form on `threads` threads: 8 instructions of `ops` each per
 * repetition. */
static double peak(int vnni, int threads, double ops_per_instr)
{
	long reps = 2000000;
	struct peak_arg args[256];
	pthread_t t[256];
	if (threads > 256)
		threads = 256;
	double best = 0;
	for (int trial = 0; trial < 3; trial++) {
		double t0 = bench_now_s();
		for (int i = 0; i < threads; i++) {
			args[i].vnni = vnni;
			args[i].reps = reps;
			pthread_create(&t[i], NULL, peak_thread, &args[i]);
		}
		for (int i = 0; i < threads; i++)
			pthread_join(t[i], NULL);
		double s = bench_now_s() - t0;
		double g = (double)threads * reps * 8 * ops_per_instr / s / 1e9;
		if (g > best)
			best = g;
	}
	return best;
}

int main(int argc, char **argv)
{
	int quick = argc > 1 && !strcmp(argv[1], "--quick");
	size_t n = quick ? (size_t)1 << 16 : (size_t)1 << 20;
	cl_platform_id ids[BENCH_MAX_PLATFORMS];
	cl_uint np = bench_platform_ids(ids);
	char pname[64] = "";
	if (!np || clGetPlatformInfo(ids[0], CL_PLATFORM_NAME, sizeof(pname), pname, NULL) ||
	    strcmp(pname, "Kiln")) {
		fprintf(stderr, "no Kiln platform\n");
		return 1;
	}
	cl_device_id dev;
	cl_int err;
	if (clGetDeviceIDs(ids[0], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS)
		return 1;
	cl_uint cus = 0;
	clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof(cus), &cus, NULL);
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	if (clBuildProgram(prog, 1, &dev, "-cl-std=CL3.0", NULL, NULL) != CL_SUCCESS) {
		static char log[1 << 16];
		clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "build failed:\n%s\n", log);
		return 1;
	}
	uint32_t *a = malloc(4 * n * sizeof(uint32_t)), wt[64], *out = malloc(n * 4);
	uint32_t s = 12345;
	for (size_t i = 0; i < 4 * n; i++)
		a[i] = s = s * 1664525u + 1013904223u;
	for (int i = 0; i < 64; i++)
		wt[i] = s = s * 1664525u + 1013904223u;
	cl_mem ba = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, 4 * n * 4, a, &err);
	cl_mem bw = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(wt), wt, &err);
	cl_mem bo = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &err);
	cl_uint iters = ITERS;
	int bad = 0;
	printf("Kiln, %u compute units, %zu work-items x %u iterations x 4 dot products\n", cus, n,
	       ITERS);
	printf("%-8s %10s\n", "form", "GOP/s");
	for (size_t f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
		cl_kernel k = clCreateKernel(prog, forms[f].kernel, &err);
		clSetKernelArg(k, 0, sizeof(ba), &ba);
		clSetKernelArg(k, 1, sizeof(bw), &bw);
		clSetKernelArg(k, 2, sizeof(bo), &bo);
		clSetKernelArg(k, 3, sizeof(iters), &iters);
		double best = 1e30;
		for (int r = 0; r < 6; r++) {
			double t0 = bench_now_s();
			err = clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL);
			clFinish(q);
			double t = bench_now_s() - t0;
			if (r == 0) {
				/* The first launch is checked (and warms up). */
				clEnqueueReadBuffer(q, bo, CL_TRUE, 0, n * 4, out, 0, NULL, NULL);
				for (size_t i = 0; i < n; i += n / 64 + 1)
					if (out[i] != host_item(a, wt, i, forms[f].kind)) {
						fprintf(stderr, "%s: item %zu wrong\n", forms[f].label, i);
						bad = 1;
						break;
					}
			} else if (t < best) {
				best = t;
			}
		}
		double gops = err == CL_SUCCESS ? (double)n * ITERS * 4 * 8 / best / 1e9 : FAILED;
		printf("%-8s", forms[f].label);
		bench_print_cell(gops, 10);
		printf("\n");
		clReleaseKernel(k);
	}
	/* one-ss: one dot product per work-item, over arrays in memory. */
	{
		size_t m = quick ? (size_t)1 << 22 : (size_t)1 << 24;
		uint32_t *x = malloc(m * 4), *y = malloc(m * 4);
		int32_t *r = malloc(m * 4);
		for (size_t i = 0; i < m; i++) {
			x[i] = s = s * 1664525u + 1013904223u;
			y[i] = s = s * 1664525u + 1013904223u;
		}
		cl_mem bx = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, m * 4, x, &err);
		cl_mem by = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, m * 4, y, &err);
		cl_mem br = clCreateBuffer(ctx, CL_MEM_READ_WRITE, m * 4, NULL, &err);
		cl_kernel k = clCreateKernel(prog, "one_ss", &err);
		clSetKernelArg(k, 0, sizeof(bx), &bx);
		clSetKernelArg(k, 1, sizeof(by), &by);
		clSetKernelArg(k, 2, sizeof(br), &br);
		double best = 1e30;
		for (int rep = 0; rep < 6; rep++) {
			double t0 = bench_now_s();
			err = clEnqueueNDRangeKernel(q, k, 1, NULL, &m, NULL, 0, NULL, NULL);
			clFinish(q);
			double t = bench_now_s() - t0;
			if (rep == 0) {
				clEnqueueReadBuffer(q, br, CL_TRUE, 0, m * 4, r, 0, NULL, NULL);
				for (size_t i = 0; i < m; i += 997)
					if (r[i] != (int32_t)host_dot(x[i], y[i], 0)) {
						fprintf(stderr, "one-ss: item %zu wrong\n", i);
						bad = 1;
						break;
					}
			} else if (t < best) {
				best = t;
			}
		}
		printf("%-8s", "one-ss");
		bench_print_cell(err == CL_SUCCESS ? (double)m * 8 / best / 1e9 : FAILED, 10);
		printf("   (%.2f GB/s)\n", err == CL_SUCCESS ? (double)m * 12 / best / 1e9 : 0.0);
		clReleaseKernel(k);
		clReleaseMemObject(bx);
		clReleaseMemObject(by);
		clReleaseMemObject(br);
		free(x);
		free(y);
		free(r);
	}
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	printf("native peak, %ld threads:\n", cores);
	if (__builtin_cpu_supports("avx512vnni"))
		printf("%-8s %10.2f\n", "vnni", peak(1, (int)cores, 64 * 2));
	if (__builtin_cpu_supports("avx512bw"))
		printf("%-8s %10.2f\n", "pmaddwd", peak(0, (int)cores, 32 * 2));
	clReleaseMemObject(ba);
	clReleaseMemObject(bw);
	clReleaseMemObject(bo);
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	free(a);
	free(out);
	return bad;
}
