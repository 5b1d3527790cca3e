/* kiln-bench-dse: device-side enqueue (OpenCL C 3.0 §6.15.15) against the
 * host enqueue of the same child kernel, for every OpenCL platform the ICD
 * loader finds (Kiln against PoCL, say).  Microseconds per child, best of
 * several runs after a warm-up, host wall time around enqueue + clFinish;
 * every run's result is checked.
 *
 *   device chain        a one-work-item kernel enqueues itself D levels
 *                       deep (each child enqueued by its parent with
 *                       CLK_ENQUEUE_FLAGS_NO_WAIT, so it can start as soon
 *                       as it is enqueued): the latency from a parent's
 *                       enqueue_kernel to its child running, per level
 *   host chain          the host enqueues the same one-work-item kernel D
 *                       times on an in-order queue (each launch after the
 *                       one before), then clFinish: per launch
 *   host round trip     the same, with clFinish after each enqueue: the
 *                       host's latency from enqueue to a finished child
 *   device fan-out      one work-item enqueues N one-work-item children
 *                       (NO_WAIT) that all add to one counter: per child
 *   host fan-out        the host enqueues N launches of that child on an
 *                       out-of-order queue (in-order where the platform has
 *                       none), then clFinish: per launch
 *
 * A platform without device-side enqueue (CL_DEVICE_DEVICE_ENQUEUE_
 * CAPABILITIES 0, or below OpenCL 2.0) gets "n/a" in the device rows.
 *
 * Usage: tools/bench-vs-pocl.sh build/tools/kiln-bench-dse [--quick]
 * (--quick: D = N = 256 instead of 4096). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* bench_common.h: nftw, mkdtemp, setenv */
#endif
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct plat {
	cl_platform_id id;
	char name[16];
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;       /* in-order host queue */
	cl_command_queue ooo;     /* out-of-order host queue, or NULL */
	cl_command_queue devq;    /* default on-device queue, or NULL */
	cl_program host_prog, dev_prog;
};
#define BENCH_PLAT
#include "bench_common.h"

#define RUNS 5

enum row { DEV_CHAIN, HOST_CHAIN, HOST_TRIP, DEV_FAN, HOST_FAN, NUM_ROWS };
static const char *row_names[] = { "device chain", "host chain", "host round trip",
				   "device fan-out", "host fan-out" };

static const char *host_src =
	"kernel void advance(global int *out, int level) { out[level] = level + 1; }\n"
	"kernel void bump(global int *count) { atomic_inc(count); }\n";

static const char *dev_src =
	"kernel void chain(global int *out, int level, int depth) {\n"
	"  out[level] = level + 1;\n"
	"  if (level + 1 < depth &&\n"
	"      enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1),\n"
	"                     ^{ chain(out, level + 1, depth); }) != CLK_SUCCESS)\n"
	"    out[depth] = -1;\n"
	"}\n"
	"kernel void fan(global atomic_int *count, global int *err, int n) {\n"
	"  for (int i = 0; i < n; i++)\n"
	"    if (enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1),\n"
	"                       ^{ atomic_fetch_add_explicit(count, 1, memory_order_relaxed,\n"
	"                                                    memory_scope_device); }) != CLK_SUCCESS)\n"
	"      err[0] = 1;\n"
	"}\n";

static cl_program build(struct plat *p, const char *src, const char *opts)
{
	cl_int err;
	cl_program prog = clCreateProgramWithSource(p->ctx, 1, &src, NULL, &err);
	if (!prog)
		return NULL;
	if (clBuildProgram(prog, 1, &p->dev, opts, NULL, NULL) != CL_SUCCESS) {
		char log[4096] = "";
		clGetProgramBuildInfo(prog, p->dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "%s: build failed:\n%s\n", p->name, log);
		clReleaseProgram(prog);
		return NULL;
	}
	return prog;
}

/* Whether the device runs device-side enqueue, and a default on-device
 * queue for it. */
static int open_device_queue(struct plat *p)
{
	cl_device_device_enqueue_capabilities caps = 0;
	if (clGetDeviceInfo(p->dev, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof(caps), &caps,
			    NULL) != CL_SUCCESS ||
	    !(caps & CL_DEVICE_QUEUE_SUPPORTED))
		return 0;
	cl_int err;
	cl_queue_properties props[] = {
		CL_QUEUE_PROPERTIES,
		CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE |
			CL_QUEUE_ON_DEVICE_DEFAULT,
		0
	};
	p->devq = clCreateCommandQueueWithProperties(p->ctx, p->dev, props, &err);
	if (!p->devq)
		return 0;
	p->dev_prog = build(p, dev_src, "-cl-std=CL2.0");
	return p->dev_prog != NULL;
}

static int open_plat(struct plat *p)
{
	if (bench_open_cpu(p) != 0)
		return -1;
	cl_int err;
	cl_queue_properties props[] = { CL_QUEUE_PROPERTIES,
					CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0 };
	p->ooo = clCreateCommandQueueWithProperties(p->ctx, p->dev, props, &err);
	p->host_prog = build(p, host_src, "");
	if (!p->host_prog)
		return -1;
	open_device_queue(p);
	return 0;
}

static void close_plat(struct plat *p)
{
	if (p->dev_prog)
		clReleaseProgram(p->dev_prog);
	if (p->host_prog)
		clReleaseProgram(p->host_prog);
	if (p->devq)
		clReleaseCommandQueue(p->devq);
	if (p->ooo)
		clReleaseCommandQueue(p->ooo);
	if (p->q)
		clReleaseCommandQueue(p->q);
	if (p->ctx)
		clReleaseContext(p->ctx);
}

/* One run of `row` with n children; its time in seconds, FAILED or
 * WRONG. */
static double run_row(struct plat *p, enum row row, int n)
{
	cl_int err;
	int dev = row == DEV_CHAIN || row == DEV_FAN;
	cl_program prog = dev ? p->dev_prog : p->host_prog;
	const char *name = row == DEV_CHAIN ? "chain" : row == HOST_CHAIN || row == HOST_TRIP ? "advance"
			   : row == DEV_FAN ? "fan" : "bump";
	cl_kernel k = clCreateKernel(prog, name, &err);
	if (!k) {
		bench_say(p, name, "clCreateKernel failed", err);
		return FAILED;
	}
	size_t words = (size_t)n + 1;
	int *host = calloc(words, sizeof(int));
	cl_mem out = bench_make_buf(p, words * sizeof(int), host);
	cl_mem errbuf = bench_make_buf(p, sizeof(int), host);
	double t = FAILED;
	if (!out || !errbuf)
		goto out;
	size_t one = 1;
	double t0 = bench_now_s();
	err = clSetKernelArg(k, 0, sizeof(out), &out);
	if (row == DEV_CHAIN) {
		int level = 0;
		err |= clSetKernelArg(k, 1, sizeof(int), &level);
		err |= clSetKernelArg(k, 2, sizeof(int), &n);
		err |= clEnqueueNDRangeKernel(p->q, k, 1, NULL, &one, &one, 0, NULL, NULL);
	} else if (row == DEV_FAN) {
		err |= clSetKernelArg(k, 1, sizeof(errbuf), &errbuf);
		err |= clSetKernelArg(k, 2, sizeof(int), &n);
		err |= clEnqueueNDRangeKernel(p->q, k, 1, NULL, &one, &one, 0, NULL, NULL);
	} else {
		cl_command_queue q = row == HOST_FAN && p->ooo ? p->ooo : p->q;
		for (int i = 0; i < n && err == CL_SUCCESS; i++) {
			if (row != HOST_FAN)
				err |= clSetKernelArg(k, 1, sizeof(int), &i);
			err |= clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL);
			if (row == HOST_TRIP)
				err |= clFinish(q);
		}
		err |= clFinish(q);
	}
	err |= clFinish(p->q);
	t = bench_now_s() - t0;
	if (err != CL_SUCCESS) {
		bench_say(p, name, "enqueue failed", err);
		t = FAILED;
		goto out;
	}
	if (bench_read_buf(p, name, out, words * sizeof(int), host) != 0) {
		t = FAILED;
		goto out;
	}
	int ok = 1;
	if (row != DEV_FAN && row != HOST_FAN) {
		for (int i = 0; i < n; i++)
			ok &= host[i] == i + 1;
		ok &= host[n] == 0;
	} else {
		ok = host[0] == n;
		if (row == DEV_FAN) {
			int e = 1;
			ok &= bench_read_buf(p, name, errbuf, sizeof(int), &e) == 0 && e == 0;
		}
	}
	if (!ok) {
		bench_say(p, name, "wrong result", CL_SUCCESS);
		t = WRONG;
	}
out:
	if (out)
		clReleaseMemObject(out);
	if (errbuf)
		clReleaseMemObject(errbuf);
	free(host);
	clReleaseKernel(k);
	return t;
}

int main(int argc, char **argv)
{
	int n = argc > 1 && strcmp(argv[1], "--quick") == 0 ? 256 : 4096;
	cl_platform_id ids[BENCH_MAX_PLATFORMS];
	cl_uint np = bench_platform_ids(ids);
	struct plat plats[BENCH_MAX_PLATFORMS];
	double us[BENCH_MAX_PLATFORMS][NUM_ROWS];
	memset(plats, 0, sizeof(plats));
	for (cl_uint i = 0; i < np; i++) {
		struct plat *p = &plats[i];
		p->id = ids[i];
		int ok = open_plat(p) == 0;
		for (int r = 0; r < NUM_ROWS; r++) {
			us[i][r] = FAILED;
			if (!ok || ((r == DEV_CHAIN || r == DEV_FAN) && !p->dev_prog)) {
				us[i][r] = -3; /* n/a */
				continue;
			}
			double w = run_row(p, (enum row)r, n); /* warm-up and check */
			if (w < 0) {
				us[i][r] = w;
				continue;
			}
			double best = 1e30;
			for (int k = 0; k < RUNS; k++) {
				double t = run_row(p, (enum row)r, n);
				if (t < 0) {
					best = t;
					break;
				}
				if (t < best)
					best = t;
			}
			us[i][r] = best < 0 ? best : best * 1e6 / n;
		}
		close_plat(p);
	}
	printf("Device-side enqueue against host enqueue, %d children, microseconds per child "
	       "(best of %d)\n\n%-16s", n, RUNS, "");
	for (cl_uint i = 0; i < np; i++)
		printf(" %12s", plats[i].name);
	printf("\n");
	for (int r = 0; r < NUM_ROWS; r++) {
		printf("%-16s", row_names[r]);
		for (cl_uint i = 0; i < np; i++) {
			if (us[i][r] == -3)
				printf(" %12s", "n/a");
			else
				bench_print_cell(us[i][r], 12);
		}
		printf("\n");
	}
	printf("\ndevice chain: one level's latency from a parent's enqueue to its child running\n"
	       "(compare host round trip); fan-out: the cost of one enqueue of a one-work-item\n"
	       "kernel.\n");
	return 0;
}
