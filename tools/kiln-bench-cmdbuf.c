/* kiln-bench-cmdbuf: what a command of a replayed command buffer
 * (cl_khr_command_buffer) costs against the same command enqueued on its
 * own, for every OpenCL platform the ICD loader finds, side by side (Kiln
 * against PoCL, say):
 *
 *   one by one   100 clEnqueueNDRangeKernel calls, then clFinish
 *   replay       one clEnqueueCommandBufferKHR of the same 100 kernels
 *                recorded once, then clFinish
 *
 * Each figure is µs per kernel command, enqueue to completion (median of
 * 200 rounds of 100 commands), for a kernel of 1 work-item (so the figure
 * is the runtime's cost, not the kernel's) and of 4096 work-items; the
 * "host" rows are the time the host spends in the enqueue calls alone.
 * Every round's result is checked (each command adds 1 to every element).
 * A platform without the extension gets n/a.
 *
 * Usage: OCL_ICD_VENDORS=<dir with kiln.icd and pocl.icd> kiln-bench-cmdbuf */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* bench_common.h: nftw, mkdtemp, setenv */
#endif
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"

#define COMMANDS 100
#define ROUNDS 200
#define BIG 4096
/* The platform has no command buffers. */
#define NA (-3.0)

/* The entry points used here have kept their parameters through every
 * revision of the extension (0.9.0 to 0.9.8), so any platform's will do. */
typedef cl_command_buffer_khr(CL_API_CALL *create_fn)(
	cl_uint, const cl_command_queue *, const cl_command_buffer_properties_khr *,
	cl_int *);
typedef cl_int(CL_API_CALL *cb_fn)(cl_command_buffer_khr);
typedef cl_int(CL_API_CALL *enqueue_fn)(cl_uint, cl_command_queue *,
					cl_command_buffer_khr, cl_uint,
					const cl_event *, cl_event *);
typedef cl_int(CL_API_CALL *ndrange_fn)(
	cl_command_buffer_khr, cl_command_queue, const cl_properties *, cl_kernel,
	cl_uint, const size_t *, const size_t *, const size_t *, cl_uint,
	const cl_sync_point_khr *, cl_sync_point_khr *, void *);

struct result {
	char name[64];
	/* [0]: 1 work-item, [1]: BIG work-items; µs per command */
	double single[2], replay[2], single_host[2], replay_host[2];
};

static const char *src =
	"__kernel void inc(__global int *d) { d[get_global_id(0)] += 1; }\n";

/* Whether element values equal `want` everywhere in [0, n). */
static int check(cl_command_queue q, cl_mem m, size_t n, int want)
{
	static int back[BIG];
	if (clEnqueueReadBuffer(q, m, CL_TRUE, 0, n * sizeof(int), back, 0, NULL,
				NULL) != CL_SUCCESS)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (back[i] != want)
			return 0;
	return 1;
}

/* One size: both ways, ROUNDS rounds each; fills r's entries at `s`. */
static void measure_size(cl_platform_id p, cl_context ctx, cl_command_queue q,
			 cl_kernel k, size_t n, int s, struct result *r)
{
	static double tot[ROUNDS], host[ROUNDS];
	cl_int err, zero = 0;
	cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof(int), NULL, &err);
	clEnqueueFillBuffer(q, m, &zero, sizeof(zero), 0, n * sizeof(int), 0, NULL,
			    NULL);
	clSetKernelArg(k, 0, sizeof(m), &m);
	clFinish(q);
	int count = 0;
	for (int rd = 0; rd < ROUNDS; rd++) {
		double t0 = bench_now_s();
		for (int i = 0; i < COMMANDS; i++)
			clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL);
		double t1 = bench_now_s();
		clFinish(q);
		double t2 = bench_now_s();
		host[rd] = (t1 - t0) / COMMANDS * 1e6;
		tot[rd] = (t2 - t0) / COMMANDS * 1e6;
		count += COMMANDS;
	}
	r->single[s] = check(q, m, n, count) ? bench_median(tot, ROUNDS) : WRONG;
	r->single_host[s] = bench_median(host, ROUNDS);

	r->replay[s] = r->replay_host[s] = NA;
	create_fn create = (create_fn)clGetExtensionFunctionAddressForPlatform(
		p, "clCreateCommandBufferKHR");
	cb_fn finalize = (cb_fn)clGetExtensionFunctionAddressForPlatform(
		p, "clFinalizeCommandBufferKHR");
	cb_fn release = (cb_fn)clGetExtensionFunctionAddressForPlatform(
		p, "clReleaseCommandBufferKHR");
	enqueue_fn enqueue = (enqueue_fn)clGetExtensionFunctionAddressForPlatform(
		p, "clEnqueueCommandBufferKHR");
	ndrange_fn record = (ndrange_fn)clGetExtensionFunctionAddressForPlatform(
		p, "clCommandNDRangeKernelKHR");
	if (!create || !finalize || !release || !enqueue || !record)
		goto out;
	cl_command_buffer_khr b = create(1, &q, NULL, &err);
	if (!b) {
		fprintf(stderr, "%s: clCreateCommandBufferKHR: error %d\n", r->name, err);
		goto out;
	}
	for (int i = 0; i < COMMANDS && err == CL_SUCCESS; i++)
		err = record(b, NULL, NULL, k, 1, NULL, &n, NULL, 0, NULL, NULL, NULL);
	if (err == CL_SUCCESS)
		err = finalize(b);
	if (err != CL_SUCCESS) {
		fprintf(stderr, "%s: recording: error %d\n", r->name, err);
		release(b);
		goto out;
	}
	for (int rd = 0; rd < ROUNDS; rd++) {
		double t0 = bench_now_s();
		err = enqueue(0, NULL, b, 0, NULL, NULL);
		double t1 = bench_now_s();
		clFinish(q);
		double t2 = bench_now_s();
		if (err != CL_SUCCESS)
			break;
		host[rd] = (t1 - t0) / COMMANDS * 1e6;
		tot[rd] = (t2 - t0) / COMMANDS * 1e6;
		count += COMMANDS;
	}
	if (err != CL_SUCCESS) {
		fprintf(stderr, "%s: clEnqueueCommandBufferKHR: error %d\n", r->name, err);
		r->replay[s] = FAILED;
	} else {
		r->replay[s] = check(q, m, n, count) ? bench_median(tot, ROUNDS) : WRONG;
		r->replay_host[s] = bench_median(host, ROUNDS);
	}
	release(b);
out:
	clReleaseMemObject(m);
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
	cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	if (!q || !prog || clBuildProgram(prog, 1, &dev, NULL, NULL, NULL) != CL_SUCCESS)
		return -1;
	cl_kernel k = clCreateKernel(prog, "inc", &err);
	if (!k)
		return -1;
	measure_size(p, ctx, q, k, 1, 0, r);
	measure_size(p, ctx, q, k, BIG, 1, r);
	clReleaseKernel(k);
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return 0;
}

static void row(const char *what, struct result *res, int n, size_t field)
{
	printf("%-34s", what);
	for (int i = 0; i < n; i++) {
		double v = *(double *)((char *)&res[i] + field);
		if (v == NA)
			printf(" %14s", "n/a");
		else
			bench_print_cell(v, 14);
	}
	printf("\n");
}

int main(void)
{
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
	printf("us per kernel command (%d commands per round, median of %d rounds)\n",
	       COMMANDS, ROUNDS);
	printf("%-34s", "");
	for (int i = 0; i < m; i++)
		printf(" %14s", res[i].name);
	printf("\n");
#define ROW(what, f, s) row(what, res, m, offsetof(struct result, f) + (s) * sizeof(double))
	ROW("1 item: one by one, to completion", single, 0);
	ROW("1 item: replay, to completion", replay, 0);
	ROW("1 item: one by one, host calls", single_host, 0);
	ROW("1 item: replay, host call", replay_host, 0);
	ROW("4096 items: one by one, to compl.", single, 1);
	ROW("4096 items: replay, to completion", replay, 1);
	return 0;
}
