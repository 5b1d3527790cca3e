/* bench_common.h: what the kiln-bench-* runners share, header-only (each
 * runner is one program of one .c file; see tools/CMakeLists.txt).
 *
 * The first part needs nothing from the runner.  The BENCH_PLAT parts
 * (bench_say, bench_build, bench_make_buf, bench_read_buf, bench_open_cpu)
 * are compiled
 * only where the runner defines BENCH_PLAT before an include that follows
 * its `struct plat`, with at least the members `cl_platform_id id`,
 * `char name[16]`, `cl_device_id dev`, `cl_context ctx` and
 * `cl_command_queue q`.  The BENCH_LAUNCH part (bench_warm_up,
 * bench_best_time) also needs the runner's `struct launch` and run_once();
 * see there.  Including the header again with more of these defined adds
 * the parts not yet compiled.
 *
 * Functions are static inline, so that a runner that uses only some of them
 * draws no unused-function warning.  The includer defines _GNU_SOURCE (for
 * nftw, mkdtemp, setenv) and CL_TARGET_OPENCL_VERSION before the include. */
#ifndef KILN_BENCH_COMMON_H
#define KILN_BENCH_COMMON_H

#include <CL/cl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The most platforms a runner lists. */
#define BENCH_MAX_PLATFORMS 8

/* A figure that is not a measurement: the kernel failed (error, or a
 * platform that could not be opened), or its result was wrong. */
#define FAILED (-1.0)
#define WRONG (-2.0)

/* Monotonic wall time in seconds, for intervals. */
static inline double bench_now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* qsort comparator for doubles, ascending. */
static inline int bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Sorts v[0..n) in place and returns its median (the upper one for even n). */
static inline double bench_median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), bench_cmp_double);
	return v[n / 2];
}

/* Deterministic floats in [lo, hi), the same on every platform for the same
 * seed. */
static inline void bench_fill(float *v, size_t n, float lo, float hi, uint32_t seed)
{
	uint32_t s = seed * 2654435761u + 1;
	for (size_t i = 0; i < n; i++) {
		s = s * 1664525u + 1013904223u;
		v[i] = lo + (hi - lo) * (float)(s >> 8) / (float)(1u << 24);
	}
}

/* The loader's platforms into ids[BENCH_MAX_PLATFORMS], Kiln first (it is
 * the numerator of every ratio), the others in the loader's order.  Returns
 * how many; 0 after printing "no OpenCL platform found" when there is none. */
static inline cl_uint bench_platform_ids(cl_platform_id *ids)
{
	cl_platform_id all[BENCH_MAX_PLATFORMS];
	cl_uint n = 0, m = 0;
	if (clGetPlatformIDs(BENCH_MAX_PLATFORMS, all, &n) != CL_SUCCESS || n == 0) {
		fprintf(stderr, "no OpenCL platform found\n");
		return 0;
	}
	if (n > BENCH_MAX_PLATFORMS)
		n = BENCH_MAX_PLATFORMS;
	for (int pass = 0; pass < 2; pass++)
		for (cl_uint i = 0; i < n; i++) {
			char name[64] = "";
			clGetPlatformInfo(all[i], CL_PLATFORM_NAME, sizeof(name), name, NULL);
			if ((strcmp(name, "Kiln") == 0) == (pass == 0))
				ids[m++] = all[i];
		}
	return m;
}

/* Fresh, empty program caches for Kiln and PoCL, to be made before the
 * first OpenCL call: Kiln reads KILN_CACHE_DIR at its first build, PoCL
 * POCL_CACHE_DIR when it starts.  Returns 0, or -1 after perror. */
struct bench_caches {
	char kiln[32], pocl[32];
};

static inline int bench_fresh_caches(struct bench_caches *c)
{
	snprintf(c->kiln, sizeof(c->kiln), "%s", "/tmp/kiln-bench-cache-XXXXXX");
	snprintf(c->pocl, sizeof(c->pocl), "%s", "/tmp/kiln-bench-pocl-XXXXXX");
	if (!mkdtemp(c->kiln) || !mkdtemp(c->pocl)) {
		perror("mkdtemp");
		return -1;
	}
	setenv("KILN_CACHE_DIR", c->kiln, 1);
	setenv("POCL_CACHE_DIR", c->pocl, 1);
	return 0;
}

static inline int bench_rm_entry(const char *path, const struct stat *sb, int flag,
				 struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* Removes the directories bench_fresh_caches made, with their contents. */
static inline void bench_remove_caches(const struct bench_caches *c)
{
	nftw(c->kiln, bench_rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	nftw(c->pocl, bench_rm_entry, 8, FTW_DEPTH | FTW_PHYS);
}

/* One table cell of `width` characters after a space: the figure with two
 * decimals, or WRONG / FAILED for the codes above. */
static inline void bench_print_cell(double v, int width)
{
	if (v == WRONG)
		printf(" %*s", width, "WRONG");
	else if (v < 0)
		printf(" %*s", width, "FAILED");
	else
		printf(" %*.2f", width, v);
}

#endif /* KILN_BENCH_COMMON_H */

#if defined(BENCH_PLAT) && !defined(KILN_BENCH_COMMON_PLAT)
#define KILN_BENCH_COMMON_PLAT

/* "<platform>: <kernel>: <what> (error <err>)" on stderr. */
static inline void bench_say(struct plat *p, const char *kernel, const char *what, cl_int err)
{
	fprintf(stderr, "%s: %s: %s (error %d)\n", p->name, kernel, what, err);
}

/* A program built from `src` for p's device, the milliseconds
 * clBuildProgram took in *ms (when ms is not NULL); NULL (and the build
 * log on stderr) on failure. */
static inline cl_program bench_build(struct plat *p, const char *src, double *ms)
{
	cl_int err;
	cl_program prog = clCreateProgramWithSource(p->ctx, 1, &src, NULL, &err);
	if (!prog) {
		bench_say(p, "clCreateProgramWithSource", "failed", err);
		return NULL;
	}
	double t0 = bench_now_s();
	err = clBuildProgram(prog, 1, &p->dev, "", NULL, NULL);
	if (ms)
		*ms = (bench_now_s() - t0) * 1e3;
	if (err != CL_SUCCESS) {
		static char log[1 << 16];
		log[0] = 0;
		clGetProgramBuildInfo(prog, p->dev, CL_PROGRAM_BUILD_LOG, sizeof(log) - 1,
				      log, NULL);
		bench_say(p, "clBuildProgram", "failed", err);
		fprintf(stderr, "%s\n", log);
		clReleaseProgram(prog);
		return NULL;
	}
	return prog;
}

/* A read-write buffer of `bytes`, copied from `init` unless it is NULL;
 * NULL (and a message) on failure. */
static inline cl_mem bench_make_buf(struct plat *p, size_t bytes, const void *init)
{
	cl_int err;
	cl_mem m = clCreateBuffer(p->ctx, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0),
				  bytes, (void *)init, &err);
	if (!m)
		bench_say(p, "clCreateBuffer", "failed", err);
	return m;
}

/* Blocking read of `bytes` of m into dst; 0, or -1 (and a message). */
static inline int bench_read_buf(struct plat *p, const char *name, cl_mem m, size_t bytes,
				 void *dst)
{
	cl_int err = clEnqueueReadBuffer(p->q, m, CL_TRUE, 0, bytes, dst, 0, NULL, NULL);
	if (err != CL_SUCCESS)
		bench_say(p, name, "clEnqueueReadBuffer failed", err);
	return err == CL_SUCCESS ? 0 : -1;
}

#endif /* BENCH_PLAT */

#if defined(BENCH_LAUNCH) && !defined(KILN_BENCH_COMMON_LAUNCH)
#define KILN_BENCH_COMMON_LAUNCH
/* Compiled where the runner defines BENCH_LAUNCH before an include that
 * comes after its `struct launch` and
 *   static cl_int run_once(struct plat *p, const struct launch *l);
 * (one launch, enqueued and finished with clFinish; an error code or
 * CL_SUCCESS). */

#define BENCH_REPEATS 5
#define BENCH_MAX_REPEATS 100

/* The warm-up launch, whose result the caller then checks; 0, or -1 (and a
 * message). */
static inline int bench_warm_up(struct plat *p, const char *name, const struct launch *l)
{
	cl_int err = run_once(p, l);
	if (err != CL_SUCCESS)
		bench_say(p, name, "enqueue failed", err);
	return err == CL_SUCCESS ? 0 : -1;
}

/* Best of at least BENCH_REPEATS launches, in seconds, host time around
 * enqueue + clFinish; negative (and a message) on failure.  Fast kernels
 * run more often (up to BENCH_MAX_REPEATS while the runs so far took less
 * than a second): on a shared machine the best of more runs finds a quieter
 * moment. */
static inline double bench_best_time(struct plat *p, const char *name, const struct launch *l)
{
	double best = 1e30, start = bench_now_s();
	for (int r = 0; r < BENCH_REPEATS || (r < BENCH_MAX_REPEATS && bench_now_s() - start < 1.0);
	     r++) {
		double t0 = bench_now_s();
		cl_int err = run_once(p, l);
		double t = bench_now_s() - t0;
		if (err != CL_SUCCESS) {
			bench_say(p, name, "timed enqueue failed", err);
			return -1;
		}
		if (t < best)
			best = t;
	}
	return best;
}

#endif /* BENCH_LAUNCH */

#if defined(BENCH_PLAT) && !defined(KILN_BENCH_COMMON_OPEN)
#define KILN_BENCH_COMMON_OPEN
/* Opens p->id: p->name its platform name, "PoCL" for "Portable
 * Computing Language" (to fit a column); its first CPU device; a context
 * and an in-order queue on it.  0, or -1 ("no CPU device" said on stderr);
 * what was made stays in p for the caller's close. */
static inline int bench_open_cpu(struct plat *p)
{
	cl_int err;
	char full[256] = "";
	clGetPlatformInfo(p->id, CL_PLATFORM_NAME, sizeof(full), full, NULL);
	snprintf(p->name, sizeof(p->name), "%s",
		 strcmp(full, "Portable Computing Language") == 0 ? "PoCL" : full);
	if (clGetDeviceIDs(p->id, CL_DEVICE_TYPE_CPU, 1, &p->dev, NULL) != CL_SUCCESS) {
		fprintf(stderr, "%s: no CPU device\n", p->name);
		return -1;
	}
	p->ctx = clCreateContext(NULL, 1, &p->dev, NULL, NULL, &err);
	if (!p->ctx)
		return -1;
	p->q = clCreateCommandQueue(p->ctx, p->dev, 0, &err);
	return p->q ? 0 : -1;
}
#endif /* BENCH_PLAT, bench_open_cpu */
