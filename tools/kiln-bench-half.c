/* kiln-bench-half: throughput of half (cl_khr_fp16) math built-ins against
 * the same functions in float, on every OpenCL platform the ICD loader finds
 * that reports cl_khr_fp16.
 *
 *   functions  sin exp log pow sqrt fmod, half and float; and chain16, sixteen
 *              dependent x = x * y + 1 (the plain arithmetic a kernel
 *              writes, one multiply-add each; y in [0.25, 0.5], so the chain
 *              converges and half and float agree), which shows the CPU's
 *              half arithmetic: AVX-512 FP16 fused multiply-adds on 32
 *              lanes, or float ones between conversions without it
 *   size       2^24 results per run (one work-item per element)
 *   figure     Gresults/s = 2^24 / (median time of enqueue + clFinish of 5
 *              runs after one warm-up run); buffers are filled before timing
 *
 * The half results are checked against the platform's float results on the
 * same inputs rounded to half: more than 4 half ulp apart (the loosest half
 * bound of section 7.4 among these, pow's) prints WRONG.
 *
 * Usage: OCL_ICD_VENDORS=<build>/icd build/tools/kiln-bench-half [--quick]
 * (--quick: 2^20 results). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"

#define RUNS 5

static const struct {
	const char *name;
	int args;
	float lo, hi, lo2, hi2;
} fns[] = {
	{ "sin", 1, -10, 10, 0, 0 },
	{ "exp", 1, -10, 10, 0, 0 },
	{ "log", 1, 0.001f, 1000, 0, 0 },
	{ "pow", 2, 0.01f, 10, -4, 4 },
	{ "sqrt", 1, 0, 60000, 0, 0 },
	{ "fmod", 2, -60000, 60000, 0.001f, 10 },
	{ "chain16", 2, -10, 10, 0.25f, 0.5f },
};
#define NFNS (sizeof(fns) / sizeof(fns[0]))

static double h2d(uint16_t h)
{
	_Float16 f;
	memcpy(&f, &h, 2);
	return (double)f;
}

static uint16_t f2h(float v)
{
	_Float16 f = (_Float16)v;
	uint16_t h;
	memcpy(&h, &f, 2);
	return h;
}

/* One kernel's time, or FAILED; `out` gets the results. */
static double time_kernel(cl_context ctx, cl_command_queue q, cl_device_id dev, const char *fn,
			  int args, const char *T, size_t n, const void *a, const void *b,
			  size_t esz, void *out)
{
	char src[1024];
	snprintf(src, sizeof(src),
		 "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
		 "#define S4 x = x * y + 1; x = x * y + 1; x = x * y + 1; x = x * y + 1;\n"
		 "%s __attribute__((overloadable)) chain16(%s x, %s y) { S4 S4 S4 S4 return x; }\n"
		 "kernel void k(global const %s *a, global const %s *b, global %s *o)\n"
		 "{ size_t i = get_global_id(0); o[i] = %s(a[i]%s); }\n",
		 T, T, T, T, T, T, fn, args == 2 ? ", b[i]" : "");
	const char *s = src;
	cl_int err;
	cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &err);
	if (err || clBuildProgram(p, 1, &dev, "-cl-std=CL3.0", NULL, NULL) != CL_SUCCESS) {
		fprintf(stderr, "%s %s: build failed\n", fn, T);
		return FAILED;
	}
	cl_kernel k = clCreateKernel(p, "k", &err);
	cl_mem ma = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * esz,
				   (void *)a, &err);
	cl_mem mb = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * esz,
				   (void *)b, &err);
	cl_mem mo = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, n * esz, NULL, &err);
	clSetKernelArg(k, 0, sizeof(cl_mem), &ma);
	clSetKernelArg(k, 1, sizeof(cl_mem), &mb);
	clSetKernelArg(k, 2, sizeof(cl_mem), &mo);
	double t[RUNS];
	double res = FAILED;
	if (clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL) == CL_SUCCESS &&
	    clFinish(q) == CL_SUCCESS) {
		for (int r = 0; r < RUNS; r++) {
			double t0 = bench_now_s();
			clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL);
			clFinish(q);
			t[r] = bench_now_s() - t0;
		}
		res = bench_median(t, RUNS);
		clEnqueueReadBuffer(q, mo, CL_TRUE, 0, n * esz, out, 0, NULL, NULL);
	}
	clReleaseMemObject(ma);
	clReleaseMemObject(mb);
	clReleaseMemObject(mo);
	clReleaseKernel(k);
	clReleaseProgram(p);
	return res;
}

int main(int argc, char **argv)
{
	size_t n = (size_t)1 << 24;
	if (argc > 1 && strcmp(argv[1], "--quick") == 0)
		n = (size_t)1 << 20;
	cl_platform_id ids[BENCH_MAX_PLATFORMS];
	cl_uint np = bench_platform_ids(ids);
	if (!np)
		return 1;
	float *fa = malloc(n * 4), *fb = malloc(n * 4), *fo = malloc(n * 4);
	uint16_t *ha = malloc(n * 2), *hb = malloc(n * 2), *ho = malloc(n * 2);
	if (!fa || !fb || !fo || !ha || !hb || !ho)
		return 1;
	int status = 0;
	printf("%zu results per run, Gresults/s (median of %d)\n", n, RUNS);
	printf("%-8s %-6s %10s %10s %8s\n", "platform", "func", "half", "float", "h/f");
	for (cl_uint pi = 0; pi < np; pi++) {
		char pname[64] = "", ext[8192] = "";
		clGetPlatformInfo(ids[pi], CL_PLATFORM_NAME, sizeof(pname), pname, NULL);
		cl_device_id dev;
		if (clGetDeviceIDs(ids[pi], CL_DEVICE_TYPE_CPU, 1, &dev, NULL) != CL_SUCCESS)
			continue;
		clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(ext), ext, NULL);
		if (!strstr(ext, "cl_khr_fp16")) {
			printf("%-8.8s (no cl_khr_fp16)\n", pname);
			continue;
		}
		cl_int err;
		cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
		cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
		for (size_t f = 0; f < NFNS; f++) {
			bench_fill(fa, n, fns[f].lo, fns[f].hi, (uint32_t)f + 1);
			bench_fill(fb, n, fns[f].lo2, fns[f].hi2, (uint32_t)f + 101);
			for (size_t i = 0; i < n; i++) {
				ha[i] = f2h(fa[i]);
				hb[i] = f2h(fb[i]);
				fa[i] = (float)h2d(ha[i]); /* the same inputs */
				fb[i] = (float)h2d(hb[i]);
			}
			double th = time_kernel(ctx, q, dev, fns[f].name, fns[f].args, "half", n, ha,
						hb, 2, ho);
			double tf = time_kernel(ctx, q, dev, fns[f].name, fns[f].args, "float", n,
						fa, fb, 4, fo);
			size_t bad = 0;
			for (size_t i = 0; th > 0 && tf > 0 && i < n; i++) {
				double g = h2d(ho[i]), r = h2d(f2h(fo[i]));
				if (isnan(g) != isnan(r) ||
				    (!isnan(g) && fabs(g - r) > 4 * fmax(fabs(r) * 0x1p-10, 0x1p-24)))
					bad++;
			}
			if (bad) {
				fprintf(stderr, "%s %s: %zu half results wrong\n", pname, fns[f].name, bad);
				th = WRONG;
				status = 1;
			}
			printf("%-8.8s %-6s", pname, fns[f].name);
			bench_print_cell(th > 0 ? (double)n / th * 1e-9 : th, 10);
			bench_print_cell(tf > 0 ? (double)n / tf * 1e-9 : tf, 10);
			if (th > 0 && tf > 0)
				printf(" %8.2f\n", tf / th);
			else
				printf(" %8s\n", "-");
		}
		clReleaseCommandQueue(q);
		clReleaseContext(ctx);
	}
	free(fa); free(fb); free(fo); free(ha); free(hb); free(ho);
	return status;
}
