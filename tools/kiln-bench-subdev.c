/* kiln-bench-subdev: do sub-devices (clCreateSubDevices, OpenCL 3.0 §4.3)
 * slow each other down?  For every OpenCL platform the ICD loader finds
 * (Kiln against PoCL, say), the CPU device is partitioned equally into P
 * sub-devices (P = 2, and 4 where the device has 4 compute units or more),
 * with a context and an in-order queue on each.  Two kernels:
 *
 *   compute   each work-item runs a chain of fused multiply-adds on eight
 *             independent accumulators (bound by the FMA ports): GFLOP/s
 *   stream    a triad a[i] = b[i] + s * c[i] over 3 x 32 MiB per sub-device
 *             (bound by memory bandwidth): GB/s moved
 *
 * Each is timed on sub-device 0 alone (the others idle), then on all P at
 * once (each its own share, enqueued back to back, then clFinish on every
 * queue): "alone" is sub-device 0's rate, "together" the mean per-sub-device
 * rate while all run, and "kept" = together / alone (1.00: no interference).
 * For the stream kernel the root device's rate on the same total work is
 * the memory system's limit: "together x P" cannot beat it, so a "kept"
 * below 1 there is the memory system, not the scheduler.  Best of several
 * runs; every result is checked.
 *
 * Usage: tools/bench-vs-pocl.sh build/tools/kiln-bench-subdev [--quick] */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* bench_common.h: nftw, mkdtemp, setenv */
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
#define MAX_PARTS 4
#define FMA_ITERS 2048      /* per work-item, on 8 accumulators */
#define FMA_ITEMS_PER_CU 16384
#define STREAM_FLOATS (8u << 20) /* 32 MiB per array per sub-device */
#define STR(x) #x
#define XSTR(x) STR(x)

static const char *src =
	"kernel void compute(global float *out, float a, float b) {\n"
	"  float x0 = get_global_id(0) * 1e-7f, x1 = x0 + 1, x2 = x0 + 2, x3 = x0 + 3;\n"
	"  float x4 = x0 + 4, x5 = x0 + 5, x6 = x0 + 6, x7 = x0 + 7;\n"
	"  for (int i = 0; i < " XSTR(FMA_ITERS) "; i++) {\n"
	"    x0 = fma(x0, a, b); x1 = fma(x1, a, b); x2 = fma(x2, a, b); x3 = fma(x3, a, b);\n"
	"    x4 = fma(x4, a, b); x5 = fma(x5, a, b); x6 = fma(x6, a, b); x7 = fma(x7, a, b);\n"
	"  }\n"
	"  out[get_global_id(0)] = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;\n"
	"}\n"
	"kernel void stream(global float *a, global const float *b, global const float *c,\n"
	"                   float s) {\n"
	"  size_t i = get_global_id(0);\n"
	"  a[i] = b[i] + s * c[i];\n"
	"}\n";

/* One device (the root or a sub-device) with what runs on it. */
struct unit {
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_program prog;
	cl_kernel compute, stream;
	cl_mem out, a, b, c;
	size_t fma_items, stream_items;
};

struct plat {
	cl_platform_id id;
	char name[16];
	cl_device_id dev;
	cl_uint cus;
};

enum fig { C_ALONE, C_TOGETHER, C_KEPT, S_ROOT, S_ALONE, S_TOGETHER, S_KEPT, NUM_FIGS };
static const char *fig_names[] = {
	"compute alone GFLOP/s", "compute together GFLOP/s", "compute kept",
	"stream root GB/s",      "stream alone GB/s",        "stream together GB/s",
	"stream kept",
};

static void close_unit(struct unit *u)
{
	cl_mem *mems[] = { &u->out, &u->a, &u->b, &u->c };
	for (size_t i = 0; i < sizeof(mems) / sizeof(mems[0]); i++)
		if (*mems[i])
			clReleaseMemObject(*mems[i]);
	if (u->compute)
		clReleaseKernel(u->compute);
	if (u->stream)
		clReleaseKernel(u->stream);
	if (u->prog)
		clReleaseProgram(u->prog);
	if (u->q)
		clReleaseCommandQueue(u->q);
	if (u->ctx)
		clReleaseContext(u->ctx);
	memset(u, 0, sizeof(*u));
}

/* Context, queue, program, kernels and buffers on u->dev for a share of
 * `stream_items` floats per array; 0 or -1 (and a message). */
static int open_unit(struct unit *u, const char *plat, cl_uint cus, size_t stream_items)
{
	cl_int err;
	u->fma_items = (size_t)cus * FMA_ITEMS_PER_CU;
	u->stream_items = stream_items;
	u->ctx = clCreateContext(NULL, 1, &u->dev, NULL, NULL, &err);
	if (!u->ctx)
		goto fail;
	u->q = clCreateCommandQueueWithProperties(u->ctx, u->dev, NULL, &err);
	if (!u->q)
		goto fail;
	u->prog = clCreateProgramWithSource(u->ctx, 1, &src, NULL, &err);
	if (!u->prog || clBuildProgram(u->prog, 1, &u->dev, "", NULL, NULL) != CL_SUCCESS)
		goto fail;
	u->compute = clCreateKernel(u->prog, "compute", &err);
	u->stream = clCreateKernel(u->prog, "stream", &err);
	if (!u->compute || !u->stream)
		goto fail;
	u->out = clCreateBuffer(u->ctx, CL_MEM_WRITE_ONLY, u->fma_items * 4, NULL, &err);
	u->a = clCreateBuffer(u->ctx, CL_MEM_READ_WRITE, stream_items * 4, NULL, &err);
	u->b = clCreateBuffer(u->ctx, CL_MEM_READ_WRITE, stream_items * 4, NULL, &err);
	u->c = clCreateBuffer(u->ctx, CL_MEM_READ_WRITE, stream_items * 4, NULL, &err);
	if (!u->out || !u->a || !u->b || !u->c)
		goto fail;
	float one = 1.0f, two = 2.0f, a = 0.999f, b = 0.001f, s = 3.0f;
	err = clEnqueueFillBuffer(u->q, u->b, &one, 4, 0, stream_items * 4, 0, NULL, NULL);
	err |= clEnqueueFillBuffer(u->q, u->c, &two, 4, 0, stream_items * 4, 0, NULL, NULL);
	err |= clSetKernelArg(u->compute, 0, sizeof(cl_mem), &u->out);
	err |= clSetKernelArg(u->compute, 1, sizeof(float), &a);
	err |= clSetKernelArg(u->compute, 2, sizeof(float), &b);
	err |= clSetKernelArg(u->stream, 0, sizeof(cl_mem), &u->a);
	err |= clSetKernelArg(u->stream, 1, sizeof(cl_mem), &u->b);
	err |= clSetKernelArg(u->stream, 2, sizeof(cl_mem), &u->c);
	err |= clSetKernelArg(u->stream, 3, sizeof(float), &s);
	err |= clFinish(u->q);
	if (err == CL_SUCCESS)
		return 0;
fail:
	fprintf(stderr, "%s: setting up a device failed (error %d)\n", plat, err);
	close_unit(u);
	return -1;
}

static cl_int enqueue(struct unit *u, int stream)
{
	size_t n = stream ? u->stream_items : u->fma_items;
	return clEnqueueNDRangeKernel(u->q, stream ? u->stream : u->compute, 1, NULL, &n, NULL, 0,
				      NULL, NULL);
}

/* Best wall time of RUNS launches of one kernel on units[0..n) at once;
 * negative on failure. */
static double time_units(struct unit *units, int n, int stream)
{
	double best = 1e30;
	for (int r = 0; r < RUNS + 1; r++) { /* the first is a warm-up */
		double t0 = bench_now_s();
		cl_int err = CL_SUCCESS;
		for (int i = 0; i < n; i++)
			err |= enqueue(&units[i], stream);
		for (int i = 0; i < n; i++)
			err |= clFinish(units[i].q);
		double t = bench_now_s() - t0;
		if (err != CL_SUCCESS)
			return FAILED;
		if (r > 0 && t < best)
			best = t;
	}
	return best;
}

/* Whether unit u's last results are right: the triad's output everywhere
 * (1 + 3 * 2 = 7), and where it ran, the FMA chain's output for a few
 * work-items against the same chain on the host (fmaf, the same rounding). */
static int check_unit(struct unit *u, int ran_compute)
{
	float *a = malloc(u->stream_items * 4), out[4];
	int ok = a && clEnqueueReadBuffer(u->q, u->a, CL_TRUE, 0, u->stream_items * 4, a, 0, NULL,
					  NULL) == CL_SUCCESS;
	for (size_t i = 0; ok && i < u->stream_items; i++)
		ok = a[i] == 7.0f;
	free(a);
	size_t probe[] = { 0, 1, u->fma_items / 2, u->fma_items - 1 };
	for (int k = 0; ok && ran_compute && k < 4; k++) {
		ok = clEnqueueReadBuffer(u->q, u->out, CL_TRUE, probe[k] * 4, 4, &out[k], 0, NULL,
					 NULL) == CL_SUCCESS;
		float x[8], sum = 0;
		x[0] = (float)probe[k] * 1e-7f;
		for (int j = 1; j < 8; j++)
			x[j] = x[0] + (float)j;
		for (int i = 0; i < FMA_ITERS; i++)
			for (int j = 0; j < 8; j++)
				x[j] = fmaf(x[j], 0.999f, 0.001f);
		sum = ((((((x[0] + x[1]) + x[2]) + x[3]) + x[4]) + x[5]) + x[6]) + x[7];
		ok = ok && fabsf(out[k] - sum) <= 1e-5f * fabsf(sum);
	}
	return ok;
}

/* The figures of one platform partitioned into `parts`; FAILED/WRONG in
 * figs where something failed. */
static void measure(struct plat *p, int parts, double *figs)
{
	for (int f = 0; f < NUM_FIGS; f++)
		figs[f] = FAILED;
	cl_device_partition_property props[] = { CL_DEVICE_PARTITION_EQUALLY,
						 (cl_device_partition_property)(p->cus / parts),
						 0 };
	cl_device_id subs[MAX_PARTS * 2];
	cl_uint nsub = 0;
	cl_int err = clCreateSubDevices(p->dev, props, MAX_PARTS * 2, subs, &nsub);
	if (err != CL_SUCCESS || nsub < (cl_uint)parts) {
		fprintf(stderr, "%s: clCreateSubDevices(EQUALLY, %u) failed (error %d, %u devices)\n",
			p->name, p->cus / parts, err, nsub);
		return;
	}
	struct unit root = { .dev = p->dev }, units[MAX_PARTS];
	memset(units, 0, sizeof(units));
	int ok = open_unit(&root, p->name, p->cus, (size_t)STREAM_FLOATS * parts) == 0;
	for (int i = 0; i < parts && ok; i++) {
		units[i].dev = subs[i];
		ok = open_unit(&units[i], p->name, p->cus / parts, STREAM_FLOATS) == 0;
	}
	if (ok) {
		double flop = (double)units[0].fma_items * FMA_ITERS * 8 * 2;
		double bytes = (double)STREAM_FLOATS * 12;
		double c1 = time_units(units, 1, 0), cp = time_units(units, parts, 0);
		double sr = time_units(&root, 1, 1);
		double s1 = time_units(units, 1, 1), sp = time_units(units, parts, 1);
		int right = check_unit(&root, 0); /* the root ran only the triad */
		for (int i = 0; i < parts; i++)
			right &= check_unit(&units[i], 1);
		if (c1 > 0 && cp > 0 && sr > 0 && s1 > 0 && sp > 0) {
			figs[C_ALONE] = flop / c1 * 1e-9;
			figs[C_TOGETHER] = flop / cp * 1e-9;
			figs[C_KEPT] = c1 / cp;
			figs[S_ROOT] = bytes * parts / sr * 1e-9;
			figs[S_ALONE] = bytes / s1 * 1e-9;
			figs[S_TOGETHER] = bytes / sp * 1e-9;
			figs[S_KEPT] = s1 / sp;
		}
		if (!right) {
			fprintf(stderr, "%s: wrong result with %d sub-devices\n", p->name, parts);
			for (int f = 0; f < NUM_FIGS; f++)
				figs[f] = WRONG;
		}
	}
	close_unit(&root);
	for (int i = 0; i < parts; i++)
		close_unit(&units[i]);
	for (cl_uint i = 0; i < nsub; i++)
		clReleaseDevice(subs[i]);
}

int main(void)
{
	cl_platform_id ids[BENCH_MAX_PLATFORMS];
	cl_uint np = bench_platform_ids(ids);
	struct plat plats[BENCH_MAX_PLATFORMS];
	static double figs[BENCH_MAX_PLATFORMS][2][NUM_FIGS];
	memset(plats, 0, sizeof(plats));
	const int part_counts[2] = { 2, 4 };
	for (cl_uint i = 0; i < np; i++) {
		struct plat *p = &plats[i];
		p->id = ids[i];
		char full[256] = "";
		clGetPlatformInfo(p->id, CL_PLATFORM_NAME, sizeof(full), full, NULL);
		snprintf(p->name, sizeof(p->name), "%s",
			 strcmp(full, "Portable Computing Language") == 0 ? "PoCL" : full);
		int have = clGetDeviceIDs(p->id, CL_DEVICE_TYPE_CPU, 1, &p->dev, NULL) == CL_SUCCESS &&
			   clGetDeviceInfo(p->dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof(p->cus),
					   &p->cus, NULL) == CL_SUCCESS;
		for (int k = 0; k < 2; k++) {
			for (int f = 0; f < NUM_FIGS; f++)
				figs[i][k][f] = -3; /* n/a */
			if (have && p->cus >= (cl_uint)part_counts[k])
				measure(p, part_counts[k], figs[i][k]);
		}
	}
	for (int k = 0; k < 2; k++) {
		printf("%s%d equal sub-devices (compute units: ", k ? "\n" : "", part_counts[k]);
		for (cl_uint i = 0; i < np; i++)
			printf("%s%s %u", i ? ", " : "", plats[i].name, plats[i].cus);
		printf(")\n%-26s", "");
		for (cl_uint i = 0; i < np; i++)
			printf(" %10s", plats[i].name);
		printf("\n");
		for (int f = 0; f < NUM_FIGS; f++) {
			printf("%-26s", fig_names[f]);
			for (cl_uint i = 0; i < np; i++) {
				if (figs[i][k][f] == -3)
					printf(" %10s", "n/a");
				else
					bench_print_cell(figs[i][k][f], 10);
			}
			printf("\n");
		}
	}
	printf("\nkept = together / alone per sub-device (1.00: running the others costs nothing);\n"
	       "stream root: the whole device on the same total work, the memory system's rate.\n");
	return 0;
}
