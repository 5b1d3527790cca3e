/* kiln-bench-reduce: a sum of 2^24 floats (64 MiB; --quick 2^22) written
 * three ways, on every platform the ICD loader finds (Kiln against PoCL,
 * say), next to this machine's read bandwidth:
 *
 *   tree   a __local array and a barrier per level of a binary tree
 *   wg     work_group_reduce_add (OpenCL C 3.0 §6.15.14)
 *   sg     sub_group_reduce_add, then the first work-item of each sub-group
 *          adds its sub-group's sum into its group's partial with an atomic
 *          compare-and-swap loop (the partials are zeroed before each run,
 *          a fill of 4 bytes per group inside the timed interval)
 *
 * each in two shapes:
 *
 *   -1     one float per work-item: 2^24 work-items in groups of 256, so
 *          the combining step is the work (what the collectives replace)
 *   -gs    a grid-stride loop: 64 groups of 256 per 16 cores (at least 64)
 *          each work-item adding float4s with a stride of the global size,
 *          then one combining step per work-item
 *
 * Every form writes one partial per work-group (the sg form through its
 * atomics), which the host checks against its own double-precision sum of
 * the same elements (relative 1e-5; the inputs are in [0, 1)) before
 * timing.  Timing: one warm-up launch (the checked one), then the best of
 * at least 5 and up to 100 launches within a second, host time around
 * enqueue + clFinish.  A form the platform cannot build (no work-group
 * collectives or sub-groups reported) shows "n/a", with the reason on
 * stderr.  The limit column is a C sum over a buffer of the same size on
 * all cores (tools/kiln-limits.c), measured after each row's kernels.
 *
 * Usage: OCL_ICD_VENDORS=<dir with kiln.icd and pocl.icd> kiln-bench-reduce
 *        [--quick] [--only NAME]      (tools/bench-vs-pocl.sh sets it up)
 * Exit status 1 when any result is wrong or any kernel that builds fails. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* nftw, mkdtemp, setenv */
#endif
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln-limits.h"

static int quick;

struct plat {
	cl_platform_id id;
	char name[16];
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
};

#define BENCH_PLAT
#include "bench_common.h"

/* A form the platform does not offer (its build failed). */
#define NOT_AVAILABLE (-3.0)

#define WG 256

/* ---- the kernels --------------------------------------------------------- */

/* Every kernel: k(in, partial, n4) over float4 elements for the -gs shape
 * (in as float for the -1 shape, n4 unused there), one partial per group.
 * SHAPE_1 / SHAPE_GS define how a work-item's own sum s is made. */
static const char prelude[] =
	"#define SHAPE_1 float s = in[get_global_id(0)];\n"
	"#define SHAPE_GS float4 s4 = 0.0f;\\\n"
	"    for (size_t i = get_global_id(0); i < n4; i += get_global_size(0))\\\n"
	"        s4 += ((__global const float4 *)in)[i];\\\n"
	"    float s = (s4.x + s4.y) + (s4.z + s4.w);\n";

static const char tree_body[] =
	"__kernel __attribute__((reqd_work_group_size(256, 1, 1)))\n"
	"void k(__global const float *in, __global float *partial, uint n4)\n"
	"{\n"
	"    __local float t[256];\n"
	"    SHAPE\n"
	"    uint lid = get_local_id(0);\n"
	"    t[lid] = s;\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    for (uint h = 128; h > 0; h >>= 1) {\n"
	"        if (lid < h)\n"
	"            t[lid] += t[lid + h];\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    }\n"
	"    if (lid == 0)\n"
	"        partial[get_group_id(0)] = t[0];\n"
	"}\n";

static const char wg_body[] =
	"__kernel __attribute__((reqd_work_group_size(256, 1, 1)))\n"
	"void k(__global const float *in, __global float *partial, uint n4)\n"
	"{\n"
	"    SHAPE\n"
	"    float sum = work_group_reduce_add(s);\n"
	"    if (get_local_id(0) == 0)\n"
	"        partial[get_group_id(0)] = sum;\n"
	"}\n";

static const char sg_body[] =
	"__kernel __attribute__((reqd_work_group_size(256, 1, 1)))\n"
	"void k(__global const float *in, __global float *partial, uint n4)\n"
	"{\n"
	"    SHAPE\n"
	"    float sum = sub_group_reduce_add(s);\n"
	"    if (get_sub_group_local_id() == 0) {\n"
	"        volatile __global uint *p = (volatile __global uint *)partial + get_group_id(0);\n"
	"        uint old = *p, seen;\n"
	"        while ((seen = atomic_cmpxchg(p, old, as_uint(as_float(old) + sum))) != old)\n"
	"            old = seen;\n"
	"    }\n"
	"}\n";

enum form { F_TREE, F_WG, F_SG };
enum shape { S_ONE, S_GS };

struct row {
	const char *name;
	enum form form;
	enum shape shape;
};

/* The tree rows first in each shape (0 and 3): the ratio column falls back
 * on them. */
static const struct row rows[] = {
	{ "tree-1", F_TREE, S_ONE }, { "wg-1", F_WG, S_ONE },	{ "sg-1", F_SG, S_ONE },
	{ "tree-gs", F_TREE, S_GS }, { "wg-gs", F_WG, S_GS }, { "sg-gs", F_SG, S_GS },
};
#define NROWS (sizeof(rows) / sizeof(rows[0]))

static size_t elems(void)
{
	return quick ? (size_t)1 << 22 : (size_t)1 << 24;
}

/* Groups of the grid-stride shape: 64 per 16 cores, at least 64. */
static size_t gs_groups(void)
{
	size_t g = (size_t)kiln_limits_threads() * 4;
	return g < 64 ? 64 : g;
}

/* The program of a row; NULL with the build log on stderr when it does not
 * build (a platform without the feature).  OpenCL C 3.0 first, then 2.0 for
 * platforms that offer the collectives only there. */
static cl_program build(struct plat *p, const struct row *r)
{
	const char *body = r->form == F_TREE ? tree_body : r->form == F_WG ? wg_body : sg_body;
	char src[4096];
	snprintf(src, sizeof(src), "%s#define SHAPE %s\n%s", prelude,
		 r->shape == S_ONE ? "SHAPE_1" : "SHAPE_GS", body);
	const char *s = src;
	static const char *const stds[] = { "-cl-std=CL3.0", "-cl-std=CL2.0" };
	static char log[16384];
	for (int i = 0; i < 2; i++) {
		cl_int err;
		cl_program prog = clCreateProgramWithSource(p->ctx, 1, &s, NULL, &err);
		if (!prog)
			return NULL;
		err = clBuildProgram(prog, 1, &p->dev, stds[i], NULL, NULL);
		if (err == CL_SUCCESS)
			return prog;
		log[0] = 0;
		clGetProgramBuildInfo(prog, p->dev, CL_PROGRAM_BUILD_LOG, sizeof(log) - 1, log,
				      NULL);
		clReleaseProgram(prog);
	}
	fprintf(stderr, "%s: %s: does not build (not offered?); last log:\n%.600s\n", p->name,
		r->name, log);
	return NULL;
}

struct launch {
	cl_kernel k;
	size_t global, local;
	cl_mem zero; /* the partials to zero first (the sg form), or NULL */
	size_t zero_bytes;
};

static cl_int run_once(struct plat *p, const struct launch *l)
{
	cl_int err = CL_SUCCESS;
	if (l->zero) {
		float z = 0;
		err = clEnqueueFillBuffer(p->q, l->zero, &z, sizeof(z), 0, l->zero_bytes, 0, NULL,
					  NULL);
	}
	if (err == CL_SUCCESS)
		err = clEnqueueNDRangeKernel(p->q, l->k, 1, NULL, &l->global, &l->local, 0, NULL,
					     NULL);
	return err == CL_SUCCESS ? clFinish(p->q) : err;
}

#define BENCH_LAUNCH
#include "bench_common.h"

/* Host sums of each group's elements, in double. */
static void reference(const float *in, size_t n, enum shape sh, size_t groups, double *want)
{
	if (sh == S_ONE) {
		for (size_t g = 0; g < groups; g++) {
			double s = 0;
			for (size_t i = g * WG; i < (g + 1) * WG; i++)
				s += in[i];
			want[g] = s;
		}
		return;
	}
	size_t items = groups * WG, n4 = n / 4;
	for (size_t g = 0; g < groups; g++) {
		double s = 0;
		for (size_t li = 0; li < WG; li++)
			for (size_t i = g * WG + li; i < n4; i += items)
				s += (double)in[4 * i] + in[4 * i + 1] + in[4 * i + 2] + in[4 * i + 3];
		want[g] = s;
	}
}

static double bench_row(struct plat *p, const struct row *r, const float *in)
{
	size_t n = elems();
	size_t groups = r->shape == S_ONE ? n / WG : gs_groups();
	cl_uint n4 = (cl_uint)(n / 4);
	double result = FAILED;
	float *part = malloc(groups * sizeof(float));
	double *want = malloc(groups * sizeof(double));
	cl_kernel k = NULL;
	cl_mem mi = NULL, mp = NULL;
	cl_program prog = build(p, r);
	if (!prog) {
		result = NOT_AVAILABLE;
		goto out;
	}
	cl_int err;
	k = clCreateKernel(prog, "k", &err);
	mi = bench_make_buf(p, n * sizeof(float), in);
	mp = bench_make_buf(p, groups * sizeof(float), NULL);
	if (!part || !want || !k || !mi || !mp)
		goto out;
	clSetKernelArg(k, 0, sizeof(mi), &mi);
	clSetKernelArg(k, 1, sizeof(mp), &mp);
	clSetKernelArg(k, 2, sizeof(n4), &n4);
	struct launch l = { k, groups * WG, WG, r->form == F_SG ? mp : NULL,
			    groups * sizeof(float) };
	if (bench_warm_up(p, r->name, &l) ||
	    bench_read_buf(p, r->name, mp, groups * sizeof(float), part))
		goto out;
	reference(in, n, r->shape, groups, want);
	size_t bad = 0;
	for (size_t g = 0; g < groups; g++)
		if (!(fabs(part[g] - want[g]) <= 1e-5 * want[g])) {
			if (!bad)
				fprintf(stderr, "%s: %s: WRONG RESULT: partial %zu is %.9g, want %.9g\n",
					p->name, r->name, g, part[g], want[g]);
			bad++;
		}
	if (bad) {
		result = WRONG;
		goto out;
	}
	double t = bench_best_time(p, r->name, &l);
	if (t > 0)
		result = (double)n * sizeof(float) / t / 1e9;
out:
	free(part);
	free(want);
	if (mi)
		clReleaseMemObject(mi);
	if (mp)
		clReleaseMemObject(mp);
	if (k)
		clReleaseKernel(k);
	if (prog)
		clReleaseProgram(prog);
	return result;
}

/* The 1-minute load average, -1 where it cannot be read: a shared
 * machine's figures depend on it. */
static double load_average(void)
{
	double l = -1;
	FILE *f = fopen("/proc/loadavg", "r");
	if (f) {
		if (fscanf(f, "%lf", &l) != 1)
			l = -1;
		fclose(f);
	}
	return l;
}

static void cell(double v)
{
	if (v == NOT_AVAILABLE)
		printf(" %9s", "n/a");
	else
		bench_print_cell(v, 9);
}

int main(int argc, char **argv)
{
	const char *only = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0) {
			quick = 1;
		} else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
			only = argv[++i];
		} else {
			fprintf(stderr, "usage: %s [--quick] [--only NAME]\n  NAME:", argv[0]);
			for (size_t b = 0; b < NROWS; b++)
				fprintf(stderr, " %s", rows[b].name);
			fprintf(stderr, "\n");
			return 2;
		}
	}
	struct bench_caches caches;
	if (bench_fresh_caches(&caches))
		return 1;
	int status = 0;
	double load0 = load_average();
	cl_platform_id ids[BENCH_MAX_PLATFORMS];
	cl_uint m = bench_platform_ids(ids);
	size_t n = elems();
	float *in = malloc(n * sizeof(float));
	if (m == 0 || !in) {
		status = 1;
		goto out_rm;
	}
	bench_fill(in, n, 0, 1, 11);
	struct plat plats[BENCH_MAX_PLATFORMS];
	int ok[BENCH_MAX_PLATFORMS];
	memset(plats, 0, sizeof(plats));
	for (cl_uint j = 0; j < m; j++) {
		plats[j].id = ids[j];
		ok[j] = bench_open_cpu(&plats[j]) == 0;
		if (!ok[j]) {
			fprintf(stderr, "%s: cannot open the platform\n", plats[j].name);
			status = 1;
		}
	}
	static double val[NROWS][BENCH_MAX_PLATFORMS], lim[NROWS];
	for (size_t b = 0; b < NROWS; b++) {
		if (only && strcmp(only, rows[b].name))
			continue;
		for (cl_uint j = 0; j < m; j++) {
			val[b][j] = ok[j] ? bench_row(&plats[j], &rows[b], in) : FAILED;
			if (val[b][j] < 0 && val[b][j] != NOT_AVAILABLE)
				status = 1;
		}
		lim[b] = kiln_limit_read(n * sizeof(float));
		fprintf(stderr, "%s done\n", rows[b].name);
	}
	for (cl_uint j = 0; j < m; j++) {
		if (plats[j].q)
			clReleaseCommandQueue(plats[j].q);
		if (plats[j].ctx)
			clReleaseContext(plats[j].ctx);
	}

	printf("sum of %zu floats (%zu MiB), groups of %d (-gs: %zu groups); best of %d (up to "
	       "%d within 1 s) runs after one warm-up; limit: C read bandwidth, %d threads, %s; "
	       "load average %.2f at the start, %.2f at the end\n",
	       n, n * sizeof(float) >> 20, WG, gs_groups(), BENCH_REPEATS, BENCH_MAX_REPEATS,
	       kiln_limits_threads(), kiln_limits_isa(), load0, load_average());
	printf("%-8s %-5s", "form", "unit");
	for (cl_uint j = 0; j < m; j++)
		printf(" %9s", plats[j].name);
	printf(" %9s", "read bw");
	for (cl_uint j = 0; j < m; j++)
		printf(" %6.6s%%", plats[j].name);
	for (cl_uint j = 1; j < m; j++)
		printf("  %s/%s", plats[0].name, plats[j].name);
	printf("\n");
	for (size_t b = 0; b < NROWS; b++) {
		if (only && strcmp(only, rows[b].name))
			continue;
		printf("%-8s %-5s", rows[b].name, "GB/s");
		for (cl_uint j = 0; j < m; j++)
			cell(val[b][j]);
		printf(" %9.2f", lim[b]);
		for (cl_uint j = 0; j < m; j++) {
			if (val[b][j] > 0 && lim[b] > 0)
				printf(" %6.1f%%", 100.0 * val[b][j] / lim[b]);
			else
				printf(" %7s", "-");
		}
		for (cl_uint j = 1; j < m; j++) {
			/* Against the other platform's tree of the same shape
			 * (marked *) where it lacks this form. */
			int w = (int)(strlen(plats[0].name) + strlen(plats[j].name) + 1);
			double other = val[b][j];
			int tree_row = rows[b].shape == S_ONE ? 0 : 3, star = 0;
			if (other == NOT_AVAILABLE && val[tree_row][j] > 0) {
				other = val[tree_row][j];
				star = 1;
			}
			if (val[b][0] > 0 && other > 0)
				printf("  %*.2f%s", w, val[b][0] / other, star ? "*" : " ");
			else
				printf("  %*s ", w, "-");
		}
		printf("\n");
	}
	if (m > 1)
		printf("* against the other platform's tree form of the same shape (it "
		       "offers this form nowhere: n/a)\n");
out_rm:
	free(in);
	bench_remove_caches(&caches);
	return status;
}
