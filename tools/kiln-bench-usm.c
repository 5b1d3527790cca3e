/* kiln-bench-usm: shared virtual memory and unified shared memory, for
 * every OpenCL platform the ICD loader finds, side by side in one run
 * (Kiln against PoCL, say):
 *
 *   svm copy   clEnqueueSVMMemcpy of 256 MiB between two clSVMAlloc
 *              allocations, GB/s (best of 5)
 *   usm copy   clEnqueueMemcpyINTEL of 256 MiB between two device
 *              allocations, GB/s (best of 5)
 *   usm fill   clEnqueueMemFillINTEL of 256 MiB with a 16-byte pattern
 *   launch     enqueue -> completion of a one-work-item kernel that takes a
 *              USM pointer, median of 5,000, µs: with no exec info, and
 *              with 100 USM allocations registered (USM_PTRS_INTEL and the
 *              three INDIRECT_*_ACCESS_INTEL flags)
 *
 * next to a host memcpy of 256 MiB (one thread).  A platform without SVM,
 * or without cl_intel_unified_shared_memory, shows n/a.
 *
 * Usage: OCL_ICD_VENDORS=<dir with kiln.icd and pocl.icd> kiln-bench-usm
 * The first platform (Kiln) is the reference for the ratio column. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* bench_common.h: nftw, mkdtemp, setenv */
#endif
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"

#define COPY_BYTES ((size_t)256 << 20)
#define LAUNCHES 5000
#define REGISTERED 100

struct usm {
	clDeviceMemAllocINTEL_fn dev_alloc;
	clMemFreeINTEL_fn free;
	clEnqueueMemcpyINTEL_fn memcpy;
	clEnqueueMemFillINTEL_fn fill;
	clSetKernelArgMemPointerINTEL_fn set_arg;
};

struct result {
	char name[64];
	double svm_gbs, usm_gbs, fill_gbs, launch_none_us, launch_reg_us;
};

/* The USM functions of platform `p`, or false when it lacks them. */
static bool load_usm(cl_platform_id p, cl_device_id dev, struct usm *u)
{
	char ext[8192] = "";
	clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(ext), ext, NULL);
	if (!strstr(ext, "cl_intel_unified_shared_memory"))
		return false;
	u->dev_alloc = (clDeviceMemAllocINTEL_fn)clGetExtensionFunctionAddressForPlatform(
		p, "clDeviceMemAllocINTEL");
	u->free = (clMemFreeINTEL_fn)clGetExtensionFunctionAddressForPlatform(p, "clMemFreeINTEL");
	u->memcpy = (clEnqueueMemcpyINTEL_fn)clGetExtensionFunctionAddressForPlatform(
		p, "clEnqueueMemcpyINTEL");
	u->fill = (clEnqueueMemFillINTEL_fn)clGetExtensionFunctionAddressForPlatform(
		p, "clEnqueueMemFillINTEL");
	u->set_arg = (clSetKernelArgMemPointerINTEL_fn)clGetExtensionFunctionAddressForPlatform(
		p, "clSetKernelArgMemPointerINTEL");
	return u->dev_alloc && u->free && u->memcpy && u->fill && u->set_arg;
}

/* Best of 5 of one copy or fill of COPY_BYTES, GB/s; `op` 0: SVM copy,
 * 1: USM copy, 2: USM fill.  The memory is written once first, so that
 * page faults are not timed.  Negative when the platform fails. */
static double bandwidth(cl_command_queue q, const struct usm *u, void *a, void *b, int op)
{
	char one = 1;
	cl_int err = op == 0 ? clEnqueueSVMMemFill(q, a, &one, 1, COPY_BYTES, 0, NULL, NULL)
			     : u->fill(q, a, &one, 1, COPY_BYTES, 0, NULL, NULL);
	if (err == CL_SUCCESS)
		err = op == 0 ? clEnqueueSVMMemFill(q, b, &one, 1, COPY_BYTES, 0, NULL, NULL)
			      : u->fill(q, b, &one, 1, COPY_BYTES, 0, NULL, NULL);
	if (err != CL_SUCCESS || clFinish(q) != CL_SUCCESS)
		return FAILED;
	unsigned char pattern[16];
	for (int i = 0; i < 16; i++)
		pattern[i] = (unsigned char)(i * 17 + 3);
	double best = 1e30;
	for (int i = 0; i < 5; i++) {
		double t0 = bench_now_s();
		if (op == 0)
			err = clEnqueueSVMMemcpy(q, CL_TRUE, b, a, COPY_BYTES, 0, NULL, NULL);
		else if (op == 1)
			err = u->memcpy(q, CL_TRUE, b, a, COPY_BYTES, 0, NULL, NULL);
		else
			err = u->fill(q, b, pattern, sizeof(pattern), COPY_BYTES, 0, NULL, NULL);
		if (err == CL_SUCCESS)
			err = clFinish(q);
		double t = bench_now_s() - t0;
		if (err != CL_SUCCESS)
			return FAILED;
		if (t < best)
			best = t;
	}
	/* Check a few places of the result. */
	const unsigned char *r = b;
	for (size_t at = 0; at < COPY_BYTES; at += COPY_BYTES / 7 + 16) {
		unsigned char want = op == 2 ? pattern[at % 16] : 1;
		if (r[at] != want)
			return WRONG;
	}
	return COPY_BYTES / best / 1e9;
}

static const char *kernel_src =
	"__kernel void touch(__global int *p) { p[get_global_id(0)] += 1; }\n";

/* Median enqueue -> completion of `k` on one work-item, µs. */
static double launch_latency(cl_command_queue q, cl_kernel k)
{
	static double samples[LAUNCHES];
	size_t one = 1;
	for (int i = 0; i < LAUNCHES; i++) {
		cl_event ev;
		double t0 = bench_now_s();
		if (clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, &ev) != CL_SUCCESS)
			return FAILED;
		clWaitForEvents(1, &ev);
		samples[i] = bench_now_s() - t0;
		clReleaseEvent(ev);
	}
	return bench_median(samples, LAUNCHES) * 1e6;
}

/* Launch latency with no exec info, then with REGISTERED allocations
 * registered as reached indirectly. */
static void launches(cl_context ctx, cl_device_id dev, cl_command_queue q,
		     const struct usm *u, struct result *r)
{
	cl_int err;
	r->launch_none_us = r->launch_reg_us = FAILED;
	cl_program prog = clCreateProgramWithSource(ctx, 1, &kernel_src, NULL, &err);
	if (!prog || clBuildProgram(prog, 1, &dev, NULL, NULL, NULL) != CL_SUCCESS)
		return;
	cl_kernel k = clCreateKernel(prog, "touch", &err);
	int *target = u->dev_alloc(ctx, dev, NULL, 64, 0, &err);
	void *regs[REGISTERED];
	int made = 0;
	for (; made < REGISTERED; made++)
		if (!(regs[made] = u->dev_alloc(ctx, dev, NULL, 4096, 0, &err)))
			break;
	if (k && target && made == REGISTERED &&
	    u->set_arg(k, 0, target) == CL_SUCCESS) {
		launch_latency(q, k); /* warm up */
		r->launch_none_us = launch_latency(q, k);
		cl_bool yes = CL_TRUE;
		if (clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_USM_PTRS_INTEL, sizeof(regs),
					regs) == CL_SUCCESS &&
		    clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_INDIRECT_HOST_ACCESS_INTEL,
					sizeof(yes), &yes) == CL_SUCCESS &&
		    clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_INDIRECT_DEVICE_ACCESS_INTEL,
					sizeof(yes), &yes) == CL_SUCCESS &&
		    clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_INDIRECT_SHARED_ACCESS_INTEL,
					sizeof(yes), &yes) == CL_SUCCESS)
			r->launch_reg_us = launch_latency(q, k);
	}
	for (int i = 0; i < made; i++)
		u->free(ctx, regs[i]);
	if (target)
		u->free(ctx, target);
	if (k)
		clReleaseKernel(k);
	clReleaseProgram(prog);
}

static int measure(cl_platform_id p, struct result *r)
{
	cl_device_id dev;
	cl_int err;
	clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof(r->name), r->name, NULL);
	r->svm_gbs = r->usm_gbs = r->fill_gbs = FAILED;
	r->launch_none_us = r->launch_reg_us = FAILED;
	if (clGetDeviceIDs(p, CL_DEVICE_TYPE_CPU, 1, &dev, NULL) != CL_SUCCESS)
		return -1;
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	if (!ctx)
		return -1;
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	if (!q)
		return -1;
	struct usm u;
	memset(&u, 0, sizeof(u));
	cl_device_svm_capabilities svm = 0;
	clGetDeviceInfo(dev, CL_DEVICE_SVM_CAPABILITIES, sizeof(svm), &svm, NULL);
	if (svm & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER) {
		void *a = clSVMAlloc(ctx, CL_MEM_READ_WRITE, COPY_BYTES, 0);
		void *b = clSVMAlloc(ctx, CL_MEM_READ_WRITE, COPY_BYTES, 0);
		if (a && b)
			r->svm_gbs = bandwidth(q, &u, a, b, 0);
		clSVMFree(ctx, a);
		clSVMFree(ctx, b);
	}
	if (load_usm(p, dev, &u)) {
		void *a = u.dev_alloc(ctx, dev, NULL, COPY_BYTES, 0, &err);
		void *b = u.dev_alloc(ctx, dev, NULL, COPY_BYTES, 0, &err);
		if (a && b) {
			r->usm_gbs = bandwidth(q, &u, a, b, 1);
			r->fill_gbs = bandwidth(q, &u, a, b, 2);
		}
		if (a)
			u.free(ctx, a);
		if (b)
			u.free(ctx, b);
		launches(ctx, dev, q, &u, r);
	}
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return 0;
}

static double memcpy_bandwidth(void)
{
	char *a = malloc(COPY_BYTES), *b = malloc(COPY_BYTES);
	if (!a || !b)
		return FAILED;
	memset(a, 1, COPY_BYTES);
	memset(b, 2, COPY_BYTES);
	double best = 1e30;
	for (int i = 0; i < 5; i++) {
		double t0 = bench_now_s();
		memcpy(b, a, COPY_BYTES);
		double t = bench_now_s() - t0;
		if (t < best)
			best = t;
	}
	volatile char sink = b[COPY_BYTES / 2];
	(void)sink;
	free(a);
	free(b);
	return COPY_BYTES / best / 1e9;
}

static void row(const char *what, const char *unit, struct result *res, int n, size_t field)
{
	printf("%-32s", what);
	double ref = *(double *)((char *)&res[0] + field);
	for (int i = 0; i < n; i++) {
		double v = *(double *)((char *)&res[i] + field);
		if (v == WRONG)
			printf(" %14s", "WRONG");
		else if (v < 0)
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
	struct bench_caches caches;
	if (bench_fresh_caches(&caches))
		return 1;
	double host = memcpy_bandwidth();
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
	printf("%-32s", "");
	for (int i = 0; i < m; i++)
		printf(" %14s", res[i].name);
	printf("\n");
	row("clEnqueueSVMMemcpy 256 MiB", "GB/s", res, m, offsetof(struct result, svm_gbs));
	row("clEnqueueMemcpyINTEL 256 MiB", "GB/s", res, m, offsetof(struct result, usm_gbs));
	row("clEnqueueMemFillINTEL 256 MiB", "GB/s", res, m, offsetof(struct result, fill_gbs));
	row("launch, no exec info", "us", res, m, offsetof(struct result, launch_none_us));
	row("launch, 100 USM ptrs indirect", "us", res, m,
	    offsetof(struct result, launch_reg_us));
	printf("%-32s %10.2f GB/s (host memcpy, one thread)\n", "memcpy 256 MiB", host);
	for (int i = 0; i < m; i++) {
		if (res[i].svm_gbs > 0 && host > 0)
			printf("%s: SVM copy = %.0f%% of memcpy", res[i].name,
			       100 * res[i].svm_gbs / host);
		if (res[i].usm_gbs > 0 && host > 0)
			printf(", USM copy = %.0f%% of memcpy", 100 * res[i].usm_gbs / host);
		printf("\n");
	}
	bench_remove_caches(&caches);
	return 0;
}
