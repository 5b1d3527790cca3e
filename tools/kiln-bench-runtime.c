/* kiln-bench-runtime: the runtime's overheads, for every OpenCL platform the
 * ICD loader finds, side by side in one run (Kiln against PoCL, say):
 *
 *   marker    enqueue → completion of an empty marker, median of 10,000
 *   native    enqueue → completion of an empty native kernel, median of 10,000
 *   copy      clEnqueueCopyBuffer of 256 MiB, GB/s (best of 5), next to a
 *             host memcpy of the same size
 *   write     a blocking clEnqueueWriteBuffer of 256 MiB from host memory
 *             the application touched before, GB/s (best of 5)
 *   read      a blocking clEnqueueReadBuffer of 256 MiB into such memory
 *             (issue #10: a read at least as fast as a write and as
 *             PoCL's read; clpeak's transfer test does the same)
 *
 * Usage: OCL_ICD_VENDORS=<dir with kiln.icd and pocl.icd> kiln-bench-runtime
 * The first platform is the reference for the ratio column. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* bench_common.h: nftw, mkdtemp, setenv */
#endif
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_common.h"

#define REPEATS 10000
#define COPY_BYTES ((size_t)256 << 20)

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void CL_CALLBACK empty_native(void *args)
{
	(void)args;
}

struct result {
	char name[64];
	double marker_us, native_us, copy_gbs, write_gbs, read_gbs;
};

/* Median enqueue-to-completion latency of one kind of empty command, in µs;
 * negative when the platform refuses the command. */
static double latency(cl_command_queue q, int native)
{
	static double samples[REPEATS];
	int dummy = 0;
	for (int i = 0; i < REPEATS; i++) {
		cl_event ev;
		double t0 = now_ns();
		cl_int err = native
			? clEnqueueNativeKernel(q, empty_native, &dummy, sizeof(dummy),
						0, NULL, NULL, 0, NULL, &ev)
			: clEnqueueMarkerWithWaitList(q, 0, NULL, &ev);
		if (err != CL_SUCCESS)
			return -1;
		clWaitForEvents(1, &ev);
		samples[i] = now_ns() - t0;
		clReleaseEvent(ev);
	}
	return bench_median(samples, REPEATS) / 1e3;
}

static double copy_bandwidth(cl_context ctx, cl_command_queue q)
{
	cl_int err;
	cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, COPY_BYTES, NULL, &err);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, COPY_BYTES, NULL, &err);
	if (!a || !b)
		return -1;
	/* Touch both buffers once so page faults are not timed. */
	char zero = 1;
	clEnqueueFillBuffer(q, a, &zero, 1, 0, COPY_BYTES, 0, NULL, NULL);
	clEnqueueFillBuffer(q, b, &zero, 1, 0, COPY_BYTES, 0, NULL, NULL);
	clFinish(q);
	double best = 1e30;
	for (int i = 0; i < 5; i++) {
		double t0 = now_ns();
		clEnqueueCopyBuffer(q, a, b, 0, 0, COPY_BYTES, 0, NULL, NULL);
		clFinish(q);
		double t = now_ns() - t0;
		if (t < best)
			best = t;
	}
	clReleaseMemObject(a);
	clReleaseMemObject(b);
	return COPY_BYTES / best;
}

/* A blocking transfer between the host and a buffer (`read`: buffer to
 * host), GB/s, best of 5; the host memory and the buffer are written once
 * before, so their pages exist. */
static double host_bandwidth(cl_context ctx, cl_command_queue q, int read)
{
	cl_int err;
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, COPY_BYTES, NULL, &err);
	char *h = malloc(COPY_BYTES);
	if (!b || !h) {
		free(h);
		if (b)
			clReleaseMemObject(b);
		return -1;
	}
	memset(h, 3, COPY_BYTES);
	char one = 1;
	clEnqueueFillBuffer(q, b, &one, 1, 0, COPY_BYTES, 0, NULL, NULL);
	clFinish(q);
	double best = 1e30;
	for (int i = 0; i < 5; i++) {
		double t0 = now_ns();
		err = read ? clEnqueueReadBuffer(q, b, CL_TRUE, 0, COPY_BYTES, h, 0, NULL, NULL)
			   : clEnqueueWriteBuffer(q, b, CL_TRUE, 0, COPY_BYTES, h, 0, NULL, NULL);
		double t = now_ns() - t0;
		if (err != CL_SUCCESS) {
			best = -1;
			break;
		}
		if (t < best)
			best = t;
	}
	clReleaseMemObject(b);
	free(h);
	return best < 0 ? -1 : COPY_BYTES / best;
}

static double memcpy_bandwidth(void)
{
	char *a = malloc(COPY_BYTES), *b = malloc(COPY_BYTES);
	memset(a, 1, COPY_BYTES);
	memset(b, 2, COPY_BYTES);
	double best = 1e30;
	for (int i = 0; i < 5; i++) {
		double t0 = now_ns();
		memcpy(b, a, COPY_BYTES);
		double t = now_ns() - t0;
		if (t < best)
			best = t;
	}
	volatile char sink = b[COPY_BYTES / 2];
	(void)sink;
	free(a);
	free(b);
	return COPY_BYTES / best;
}

static int measure(cl_platform_id p, struct result *r)
{
	cl_device_id dev;
	cl_int err;
	clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof(r->name), r->name, NULL);
	if (clGetDeviceIDs(p, CL_DEVICE_TYPE_CPU, 1, &dev, NULL) != CL_SUCCESS)
		return -1;
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	if (!ctx)
		return -1;
	cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
	if (!q)
		return -1;
	/* Warm up: thread pools start, caches fill. */
	latency(q, 0);
	r->marker_us = latency(q, 0);
	r->native_us = latency(q, 1);
	r->copy_gbs = copy_bandwidth(ctx, q);
	r->write_gbs = host_bandwidth(ctx, q, 0);
	r->read_gbs = host_bandwidth(ctx, q, 1);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return 0;
}

static void row(const char *what, const char *unit, struct result *res, int n,
		size_t field)
{
	printf("%-28s", what);
	double ref = *(double *)((char *)&res[0] + field);
	for (int i = 0; i < n; i++) {
		double v = *(double *)((char *)&res[i] + field);
		if (v < 0)
			printf(" %14s", "n/a");
		else
			printf(" %10.2f %-3s", v, unit);
	}
	for (int i = 1; i < n; i++) {
		double v = *(double *)((char *)&res[i] + field);
		if (v > 0 && ref > 0)
			printf("  %s/%s = %.2f", res[0].name, res[i].name, ref / v);
	}
	printf("\n");
}

int main(void)
{
	/* Kiln first, so it is the reference of the ratios. */
	cl_platform_id platforms[BENCH_MAX_PLATFORMS];
	cl_uint n = bench_platform_ids(platforms);
	if (n == 0)
		return 1;
	struct result res[BENCH_MAX_PLATFORMS];
	int m = 0;
	for (cl_uint i = 0; i < n; i++) {
		memset(&res[m], 0, sizeof(res[m]));
		if (measure(platforms[i], &res[m]) == 0)
			m++;
	}
	printf("%-28s", "");
	for (int i = 0; i < m; i++)
		printf(" %14s", res[i].name);
	printf("\n");
	row("marker, enqueue->complete", "us", res, m, offsetof(struct result, marker_us));
	row("native kernel, enq->compl", "us", res, m, offsetof(struct result, native_us));
	row("copy buffer 256 MiB", "GB/s", res, m, offsetof(struct result, copy_gbs));
	row("write buffer 256 MiB", "GB/s", res, m, offsetof(struct result, write_gbs));
	row("read buffer 256 MiB", "GB/s", res, m, offsetof(struct result, read_gbs));
	printf("%-28s %10.2f GB/s (host memcpy, one thread)\n", "memcpy 256 MiB",
	       memcpy_bandwidth());
	return 0;
}
