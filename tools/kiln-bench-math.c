/* kiln-bench-math: throughput of the math built-ins (OpenCL C 3.0 section
 * 6.15.2) on every OpenCL platform the ICD loader finds, next to the host's
 * glibc libm called in a C loop on all cores.
 *
 *   functions  sin cos exp log pow sqrt tanh, float and double
 *   size       2^24 results per run (one work-item per element)
 *   figure     Gresults/s = 2^24 / (median time of enqueue + clFinish),
 *              after one warm-up run; buffers are created and filled before
 *              timing, so no transfer is timed
 *   glibc      one thread per usable core, each calling sinf/sin/... over
 *              its slice of the same inputs, median of the runs after one
 *              warm-up run
 *
 * Every platform's results are checked against glibc: a platform with
 * results more than 16 ulp away (the loosest bound of section 7.4 among
 * these functions is 16, for pow) prints WRONG instead of a figure.
 *
 * Usage: tools/bench-vs-pocl.sh build/tools/kiln-bench-math [--quick]
 * (or any OCL_ICD_VENDORS set-up).  The ratios printed are Kiln / other
 * platform and Kiln / glibc (higher = Kiln faster).  Exit status 1 when any
 * result is wrong or any platform fails. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* sched_getaffinity, mkdtemp, setenv */
#endif
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_common.h"

#define RUNS 7
#define HOST_RUNS 5

static size_t n_elems = (size_t)1 << 24;

/* One function: the OpenCL C name, the glibc float/double forms, the input
 * range of each argument (pow takes two). */
struct mfn {
	const char *name;
	float (*hf)(float);
	double (*hd)(double);
	float (*hf2)(float, float);
	double (*hd2)(double, double);
	double lo, hi, lo2, hi2;
};

static const struct mfn fns[] = {
	{ "sin", sinf, sin, NULL, NULL, -100, 100, 0, 0 },
	{ "cos", cosf, cos, NULL, NULL, -100, 100, 0, 0 },
	{ "exp", expf, exp, NULL, NULL, -80, 80, 0, 0 },
	{ "log", logf, log, NULL, NULL, 1e-3, 1e6, 0, 0 },
	{ "pow", NULL, NULL, powf, pow, 0.01, 10, -20, 20 },
	{ "sqrt", sqrtf, sqrt, NULL, NULL, 0, 1e6, 0, 0 },
	{ "tanh", tanhf, tanh, NULL, NULL, -6, 6, 0, 0 },
};
#define NFNS (sizeof(fns) / sizeof(fns[0]))

struct plat {
	cl_platform_id id;
	char name[128];
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_program prog[2]; /* float, double (NULL without cl_khr_fp64) */
};

/* Inputs: the same deterministic values for every platform and glibc. */
static uint64_t rng_state = 0x2545f4914f6cdd1dULL;
static double rnd(double lo, double hi)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return lo + (hi - lo) * ((double)(rng_state >> 11) * 0x1p-53);
}

/* ---- glibc on all cores ---- */

struct host_job {
	const struct mfn *f;
	int dbl;
	const void *a, *b;
	void *o;
	size_t lo, hi;
};

static void *host_worker(void *arg)
{
	struct host_job *j = arg;
	const struct mfn *f = j->f;
	if (j->dbl) {
		const double *a = j->a, *b = j->b;
		double *o = j->o;
		if (f->hd2)
			for (size_t i = j->lo; i < j->hi; i++)
				o[i] = f->hd2(a[i], b[i]);
		else
			for (size_t i = j->lo; i < j->hi; i++)
				o[i] = f->hd(a[i]);
	} else {
		const float *a = j->a, *b = j->b;
		float *o = j->o;
		if (f->hf2)
			for (size_t i = j->lo; i < j->hi; i++)
				o[i] = f->hf2(a[i], b[i]);
		else
			for (size_t i = j->lo; i < j->hi; i++)
				o[i] = f->hf(a[i]);
	}
	return NULL;
}

static int host_threads(void)
{
	cpu_set_t s;
	if (sched_getaffinity(0, sizeof(s), &s) == 0 && CPU_COUNT(&s) > 0)
		return CPU_COUNT(&s);
	return 1;
}

/* Median time of the threaded glibc loop (reference results left in o). */
static double host_time(const struct mfn *f, int dbl, const void *a, const void *b, void *o)
{
	int nt = host_threads();
	pthread_t *th = calloc((size_t)nt, sizeof(*th));
	struct host_job *jobs = calloc((size_t)nt, sizeof(*jobs));
	int *started = calloc((size_t)nt, sizeof(*started));
	double t[HOST_RUNS];
	double res = FAILED;
	if (!th || !jobs || !started)
		goto out_free;
	/* run -1 warms up (page faults, clock ramp), as the OpenCL side does */
	for (int r = -1; r < HOST_RUNS; r++) {
		double t0 = bench_now_s();
		for (int k = 0; k < nt; k++) {
			jobs[k] = (struct host_job){ f, dbl, a, b, o, n_elems * k / nt,
						     n_elems * (k + 1) / nt };
			started[k] = pthread_create(&th[k], NULL, host_worker, &jobs[k]) == 0;
		}
		for (int k = 0; k < nt; k++) {
			if (started[k])
				pthread_join(th[k], NULL);
			else
				host_worker(&jobs[k]); /* never skip a slice */
		}
		if (r >= 0)
			t[r] = bench_now_s() - t0;
	}
	res = bench_median(t, HOST_RUNS);
out_free:
	free(started);
	free(th);
	free(jobs);
	return res;
}

/* ---- OpenCL ---- */

static int open_platform(struct plat *p)
{
	cl_int err;
	clGetPlatformInfo(p->id, CL_PLATFORM_NAME, sizeof(p->name), p->name, NULL);
	if (clGetDeviceIDs(p->id, CL_DEVICE_TYPE_ALL, 1, &p->dev, NULL) != CL_SUCCESS)
		return -1;
	p->ctx = clCreateContext(NULL, 1, &p->dev, NULL, NULL, &err);
	if (err != CL_SUCCESS)
		return -1;
	p->q = clCreateCommandQueueWithProperties(p->ctx, p->dev, NULL, &err);
	if (err != CL_SUCCESS)
		return -1;
	char ext[8192] = "";
	clGetDeviceInfo(p->dev, CL_DEVICE_EXTENSIONS, sizeof(ext) - 1, ext, NULL);
	int fp64 = strstr(ext, "cl_khr_fp64") != NULL;
	for (int dbl = 0; dbl <= fp64; dbl++) {
		const char *T = dbl ? "double" : "float";
		char src[8192];
		size_t len = (size_t)snprintf(src, sizeof(src), "%s",
					      dbl ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" : "");
		for (size_t k = 0; k < NFNS; k++)
			len += (size_t)snprintf(src + len, sizeof(src) - len,
				"__kernel void m_%s(__global const %s *a, __global const %s *b,"
				" __global %s *o)\n{ size_t i = get_global_id(0); o[i] = %s(a[i]%s); }\n",
				fns[k].name, T, T, T, fns[k].name, fns[k].hf2 ? ", b[i]" : "");
		const char *s = src;
		p->prog[dbl] = clCreateProgramWithSource(p->ctx, 1, &s, NULL, &err);
		if (err != CL_SUCCESS || clBuildProgram(p->prog[dbl], 1, &p->dev, "", NULL, NULL)) {
			fprintf(stderr, "%s: building the %s program failed\n", p->name, T);
			if (p->prog[dbl])
				clReleaseProgram(p->prog[dbl]);
			p->prog[dbl] = NULL;
			if (!dbl)
				return -1;
		}
	}
	return 0;
}

static void close_platform(struct plat *p)
{
	for (int d = 0; d < 2; d++)
		if (p->prog[d])
			clReleaseProgram(p->prog[d]);
	if (p->q)
		clReleaseCommandQueue(p->q);
	if (p->ctx)
		clReleaseContext(p->ctx);
}

/* Error in ulp of the result type, for the correctness check. */
static double ulps(double got, double ref, int dbl)
{
	if (isnan(ref) || isnan(got))
		return isnan(ref) && isnan(got) ? 0 : INFINITY;
	if (isinf(ref) || isinf(got))
		return got == ref ? 0 : INFINITY;
	int e;
	frexp(ref, &e);
	int emin = dbl ? -1021 : -125;
	e = e < emin ? emin : e;
	return fabs(got - ref) / ldexp(1.0, e - (dbl ? 53 : 24));
}

/* Median kernel time on p, or FAILED/WRONG; results compared with ref. */
static double cl_time(struct plat *p, const struct mfn *f, int dbl, const void *a,
		      const void *b, const void *ref)
{
	size_t es = dbl ? 8 : 4, bytes = n_elems * es;
	cl_int err;
	double res = FAILED;
	char kname[64];
	snprintf(kname, sizeof(kname), "m_%s", f->name);
	cl_kernel k = clCreateKernel(p->prog[dbl], kname, &err);
	cl_mem ma = clCreateBuffer(p->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, (void *)a, &err);
	cl_mem mb = clCreateBuffer(p->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, (void *)b, &err);
	cl_mem mo = clCreateBuffer(p->ctx, CL_MEM_WRITE_ONLY, bytes, NULL, &err);
	void *out = malloc(bytes);
	if (!k || !ma || !mb || !mo || !out)
		goto out_free;
	clSetKernelArg(k, 0, sizeof(cl_mem), &ma);
	clSetKernelArg(k, 1, sizeof(cl_mem), &mb);
	clSetKernelArg(k, 2, sizeof(cl_mem), &mo);
	double t[RUNS];
	for (int r = -1; r < RUNS; r++) {
		double t0 = bench_now_s();
		if (clEnqueueNDRangeKernel(p->q, k, 1, NULL, &n_elems, NULL, 0, NULL, NULL) ||
		    clFinish(p->q))
			goto out_free;
		if (r >= 0)
			t[r] = bench_now_s() - t0;
	}
	if (clEnqueueReadBuffer(p->q, mo, CL_TRUE, 0, bytes, out, 0, NULL, NULL))
		goto out_free;
	size_t bad = 0;
	for (size_t i = 0; i < n_elems; i++) {
		double g = dbl ? ((double *)out)[i] : ((float *)out)[i];
		double r = dbl ? ((const double *)ref)[i] : ((const float *)ref)[i];
		if (ulps(g, r, dbl) > 16)
			bad++;
	}
	res = bad ? WRONG : bench_median(t, RUNS);
	if (bad)
		fprintf(stderr, "%s: %s(%s): %zu results differ from glibc by more than 16 ulp\n",
			p->name, f->name, dbl ? "double" : "float", bad);
out_free:
	free(out);
	if (mo)
		clReleaseMemObject(mo);
	if (mb)
		clReleaseMemObject(mb);
	if (ma)
		clReleaseMemObject(ma);
	if (k)
		clReleaseKernel(k);
	return res;
}

static void cell(double t)
{
	if (t == WRONG)
		printf(" %12s", "WRONG");
	else if (t < 0)
		printf(" %12s", "-");
	else
		printf(" %12.3f", (double)n_elems / t * 1e-9);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--quick"))
			n_elems = (size_t)1 << 20;
	/* fresh caches: every platform compiles the programs itself */
	char cache[] = "/tmp/kiln-bench-math-XXXXXX";
	if (mkdtemp(cache)) {
		setenv("KILN_CACHE_DIR", cache, 1);
		setenv("POCL_CACHE_DIR", cache, 1);
	}
	cl_platform_id ids[BENCH_MAX_PLATFORMS];
	cl_uint np = 0;
	if (clGetPlatformIDs(BENCH_MAX_PLATFORMS, ids, &np) != CL_SUCCESS || np == 0) {
		fprintf(stderr, "no OpenCL platform found\n");
		return 1;
	}
	np = np > BENCH_MAX_PLATFORMS ? BENCH_MAX_PLATFORMS : np;
	struct plat plats[BENCH_MAX_PLATFORMS];
	memset(plats, 0, sizeof(plats));
	int status = 0;
	for (cl_uint i = 0; i < np; i++) {
		plats[i].id = ids[i];
		if (open_platform(&plats[i])) {
			fprintf(stderr, "%s: cannot open the platform\n", plats[i].name);
			status = 1;
		}
	}
	/* Kiln in the first column */
	cl_uint nk = 0;
	for (cl_uint i = 0; i < np; i++)
		if (strstr(plats[i].name, "Kiln")) {
			struct plat t = plats[0];
			plats[0] = plats[i];
			plats[i] = t;
			nk = 1;
			break;
		}

	printf("math throughput, %zu results per run, Gresults/s (median of %d; glibc: %d threads)\n",
	       n_elems, RUNS, host_threads());
	printf("%-14s", "function");
	for (cl_uint i = 0; i < np; i++)
		printf(" %12.12s", plats[i].name);
	printf(" %12s", "glibc");
	for (cl_uint i = nk; i < np; i++)
		printf("  Kiln/%-6.6s", plats[i].name);
	printf("  Kiln/glibc\n");

	size_t bytes = n_elems * 8;
	void *a = malloc(bytes), *b = malloc(bytes), *ref = malloc(bytes);
	if (!a || !b || !ref)
		return 1;
	for (int dbl = 0; dbl <= 1; dbl++) {
		for (size_t k = 0; k < NFNS; k++) {
			const struct mfn *f = &fns[k];
			for (size_t i = 0; i < n_elems; i++) {
				double x = rnd(f->lo, f->hi), y = rnd(f->lo2, f->hi2);
				if (dbl) {
					((double *)a)[i] = x;
					((double *)b)[i] = y;
				} else {
					((float *)a)[i] = (float)x;
					((float *)b)[i] = (float)y;
				}
			}
			double th = host_time(f, dbl, a, b, ref);
			double tp[BENCH_MAX_PLATFORMS];
			for (cl_uint i = 0; i < np; i++) {
				tp[i] = plats[i].prog[dbl] ? cl_time(&plats[i], f, dbl, a, b, ref) : FAILED;
				if (tp[i] == WRONG || (tp[i] == FAILED && plats[i].prog[dbl]))
					status = 1;
			}
			char label[32];
			snprintf(label, sizeof(label), "%s %s", f->name, dbl ? "double" : "float");
			printf("%-14s", label);
			for (cl_uint i = 0; i < np; i++)
				cell(tp[i]);
			cell(th);
			for (cl_uint i = nk; i < np; i++) {
				if (nk && tp[0] > 0 && tp[i] > 0)
					printf("  %11.2f", tp[i] / tp[0]);
				else
					printf("  %11s", "-");
			}
			if (nk && tp[0] > 0 && th > 0)
				printf("  %10.2f", th / tp[0]);
			else
				printf("  %10s", "-");
			printf("\n");
			fflush(stdout);
		}
	}
	free(a);
	free(b);
	free(ref);
	for (cl_uint i = 0; i < np; i++)
		close_platform(&plats[i]);
	return status;
}
