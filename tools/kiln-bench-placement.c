/* kiln-bench-placement: what the layout of large allocations costs, for
 * every OpenCL platform the ICD loader finds (Kiln against PoCL, say).
 * Kiln backs blocks of 8 MiB and more with transparent huge pages unless
 * KILN_HUGE_PAGES=0 (lib/core/host_memory.h): run this once with and once
 * without to see what that buys.  256 MiB arrays, host wall time, best of
 * several runs; every result is checked.
 *
 *   first touch      clCreateBuffer, then a kernel writing every word of it
 *                    (the pages are faulted in by the pool's workers), then
 *                    clReleaseMemObject: GB/s written
 *   COPY_HOST_PTR    clCreateBuffer copying 256 MiB from the host: GB/s
 *   triad            a[i] = b[i] + s * c[i] on buffers already touched:
 *                    GB/s moved (12 bytes a float)
 *   SVM triad        the same on coarse-grain SVM allocations, where the
 *                    platform has them
 *
 * Usage: tools/bench-vs-pocl.sh build/tools/kiln-bench-placement */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* bench_common.h: nftw, mkdtemp, setenv */
#endif
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS /* bench_common.h */
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
	cl_command_queue q;
	cl_program prog;
	cl_kernel set, triad;
};
#define BENCH_PLAT
#include "bench_common.h"

#define RUNS 5
#define FLOATS ((size_t)64 << 20) /* 256 MiB */

enum row { FIRST_TOUCH, COPY_IN, TRIAD, SVM_TRIAD, NUM_ROWS };
static const char *row_names[] = { "first touch GB/s", "COPY_HOST_PTR GB/s", "triad GB/s",
				   "SVM triad GB/s" };

static const char *src =
	"kernel void set(global float *a, float v) { a[get_global_id(0)] = v; }\n"
	"kernel void triad(global float *a, global const float *b, global const float *c,\n"
	"                  float s) {\n"
	"  size_t i = get_global_id(0);\n"
	"  a[i] = b[i] + s * c[i];\n"
	"}\n";

static int open_plat(struct plat *p)
{
	cl_int err;
	if (bench_open_cpu(p) != 0)
		return -1;
	p->prog = clCreateProgramWithSource(p->ctx, 1, &src, NULL, &err);
	if (!p->prog || clBuildProgram(p->prog, 1, &p->dev, "", NULL, NULL) != CL_SUCCESS)
		return -1;
	p->set = clCreateKernel(p->prog, "set", &err);
	p->triad = clCreateKernel(p->prog, "triad", &err);
	return p->set && p->triad ? 0 : -1;
}

static void close_plat(struct plat *p)
{
	if (p->set)
		clReleaseKernel(p->set);
	if (p->triad)
		clReleaseKernel(p->triad);
	if (p->prog)
		clReleaseProgram(p->prog);
	if (p->q)
		clReleaseCommandQueue(p->q);
	if (p->ctx)
		clReleaseContext(p->ctx);
}

/* Whether every float of m is v (read back in 16 MiB pieces). */
static int all_equal(struct plat *p, cl_mem m, float v)
{
	size_t piece = (size_t)4 << 20;
	float *h = malloc(piece * 4);
	int ok = h != NULL;
	for (size_t off = 0; ok && off < FLOATS; off += piece) {
		ok = clEnqueueReadBuffer(p->q, m, CL_TRUE, off * 4, piece * 4, h, 0, NULL, NULL) ==
		     CL_SUCCESS;
		for (size_t i = 0; ok && i < piece; i++)
			ok = h[i] == v;
	}
	free(h);
	return ok;
}

static double first_touch(struct plat *p, int *ok)
{
	cl_int err;
	size_t n = FLOATS;
	float v = 3.0f;
	double t0 = bench_now_s();
	cl_mem m = clCreateBuffer(p->ctx, CL_MEM_READ_WRITE, FLOATS * 4, NULL, &err);
	if (!m)
		return FAILED;
	err = clSetKernelArg(p->set, 0, sizeof(m), &m);
	err |= clSetKernelArg(p->set, 1, sizeof(v), &v);
	err |= clEnqueueNDRangeKernel(p->q, p->set, 1, NULL, &n, NULL, 0, NULL, NULL);
	err |= clFinish(p->q);
	double t = bench_now_s() - t0;
	if (*ok)
		*ok = err == CL_SUCCESS && all_equal(p, m, v);
	clReleaseMemObject(m);
	return err == CL_SUCCESS ? t : FAILED;
}

static double copy_in(struct plat *p, const float *host, int *ok)
{
	cl_int err;
	double t0 = bench_now_s();
	cl_mem m = clCreateBuffer(p->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, FLOATS * 4,
				  (void *)host, &err);
	double t = bench_now_s() - t0;
	if (!m)
		return FAILED;
	if (*ok)
		*ok = all_equal(p, m, host[0]);
	clReleaseMemObject(m);
	return t;
}

/* One triad over a, b, c (buffers, or SVM pointers when svm). */
static double triad(struct plat *p, void *a, void *b, void *c, int svm)
{
	cl_int err = CL_SUCCESS;
	size_t n = FLOATS;
	float s = 2.0f;
	void *args[3] = { a, b, c };
	for (cl_uint i = 0; i < 3; i++)
		err |= svm ? clSetKernelArgSVMPointer(p->triad, i, args[i])
			   : clSetKernelArg(p->triad, i, sizeof(cl_mem), &args[i]);
	err |= clSetKernelArg(p->triad, 3, sizeof(s), &s);
	double t0 = bench_now_s();
	err |= clEnqueueNDRangeKernel(p->q, p->triad, 1, NULL, &n, NULL, 0, NULL, NULL);
	err |= clFinish(p->q);
	return err == CL_SUCCESS ? bench_now_s() - t0 : FAILED;
}

static double best_triad(struct plat *p, int svm, int *ok)
{
	cl_int err;
	float one = 1.0f, two = 2.0f;
	void *mem[3] = { NULL, NULL, NULL };
	double best = FAILED;
	for (int i = 0; i < 3; i++) {
		mem[i] = svm ? clSVMAlloc(p->ctx, CL_MEM_READ_WRITE, FLOATS * 4, 0)
			     : (void *)clCreateBuffer(p->ctx, CL_MEM_READ_WRITE, FLOATS * 4, NULL,
						      &err);
		if (!mem[i])
			goto out;
		float v = i == 2 ? two : one;
		err = svm ? clEnqueueSVMMemFill(p->q, mem[i], &v, 4, FLOATS * 4, 0, NULL, NULL)
			  : clEnqueueFillBuffer(p->q, mem[i], &v, 4, 0, FLOATS * 4, 0, NULL, NULL);
		if (err != CL_SUCCESS || clFinish(p->q) != CL_SUCCESS)
			goto out;
	}
	best = 1e30;
	for (int r = 0; r < RUNS + 1; r++) {
		double t = triad(p, mem[0], mem[1], mem[2], svm);
		if (t < 0) {
			best = FAILED;
			goto out;
		}
		if (r > 0 && t < best)
			best = t;
	}
	if (svm) {
		const float *a = mem[0];
		if (clEnqueueSVMMap(p->q, CL_TRUE, CL_MAP_READ, mem[0], FLOATS * 4, 0, NULL, NULL) !=
		    CL_SUCCESS) {
			*ok = 0;
		} else {
			for (size_t i = 0; *ok && i < FLOATS; i++)
				*ok = a[i] == 5.0f;
			clEnqueueSVMUnmap(p->q, mem[0], 0, NULL, NULL);
			clFinish(p->q);
		}
	} else {
		*ok = *ok && all_equal(p, mem[0], 5.0f);
	}
out:
	for (int i = 0; i < 3; i++)
		if (mem[i]) {
			if (svm)
				clSVMFree(p->ctx, mem[i]);
			else
				clReleaseMemObject(mem[i]);
		}
	return best;
}

static int has_svm(struct plat *p)
{
	cl_device_svm_capabilities caps = 0;
	return clGetDeviceInfo(p->dev, CL_DEVICE_SVM_CAPABILITIES, sizeof(caps), &caps, NULL) ==
		       CL_SUCCESS &&
	       (caps & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER);
}

int main(void)
{
	cl_platform_id ids[BENCH_MAX_PLATFORMS];
	cl_uint np = bench_platform_ids(ids);
	struct plat plats[BENCH_MAX_PLATFORMS];
	double gbs[BENCH_MAX_PLATFORMS][NUM_ROWS];
	float *host = malloc(FLOATS * 4);
	if (!host)
		return 1;
	for (size_t i = 0; i < FLOATS; i++)
		host[i] = 7.0f;
	memset(plats, 0, sizeof(plats));
	for (cl_uint i = 0; i < np; i++) {
		struct plat *p = &plats[i];
		p->id = ids[i];
		for (int r = 0; r < NUM_ROWS; r++)
			gbs[i][r] = FAILED;
		if (open_plat(p) != 0) {
			close_plat(p);
			continue;
		}
		double bytes = FLOATS * 4.0;
		for (int r = 0; r < NUM_ROWS; r++) {
			int ok = 1;
			double best = 1e30;
			if (r == SVM_TRIAD && !has_svm(p)) {
				gbs[i][r] = -3;
				continue;
			}
			if (r == TRIAD || r == SVM_TRIAD) {
				best = best_triad(p, r == SVM_TRIAD, &ok);
			} else {
				for (int k = 0; k < RUNS + 1 && best > 0; k++) {
					double t = r == FIRST_TOUCH ? first_touch(p, &ok)
								    : copy_in(p, host, &ok);
					if (t < 0)
						best = t;
					else if (k > 0 && t < best)
						best = t;
				}
			}
			gbs[i][r] = !ok ? WRONG : best < 0 ? best
					: bytes * (r == TRIAD || r == SVM_TRIAD ? 3 : 1) / best * 1e-9;
		}
		close_plat(p);
	}
	const char *huge = getenv("KILN_HUGE_PAGES");
	printf("256 MiB arrays, GB/s (best of %d); Kiln's huge pages %s\n\n%-20s", RUNS,
	       huge && strcmp(huge, "0") == 0 ? "off (KILN_HUGE_PAGES=0)" : "on", "");
	for (cl_uint i = 0; i < np; i++)
		printf(" %10s", plats[i].name);
	printf("\n");
	for (int r = 0; r < NUM_ROWS; r++) {
		printf("%-20s", row_names[r]);
		for (cl_uint i = 0; i < np; i++) {
			if (gbs[i][r] == -3)
				printf(" %10s", "n/a");
			else
				bench_print_cell(gbs[i][r], 10);
		}
		printf("\n");
	}
	free(host);
	return 0;
}
