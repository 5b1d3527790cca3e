/* Work-group functions specialized for the launch's local size
 * (lib/core/specialize.c): with KILN_SPECIALIZE=1 every (kernel, local
 * size) gets its specialization at its first NDRange, compiled the first
 * time and loaded from the disk cache by a later process.  Results must be
 * what the kernels say, in full groups and in the smaller last groups of
 * a non-uniform range (which the specialized function runs in its plain
 * copy).
 *
 * The parent runs this program twice as a child process (before any
 * OpenCL call, so that KILN_TRACE, KILN_SPECIALIZE and KILN_CACHE_DIR are
 * seen when Kiln loads), with one cache directory: each child checks every
 * output against a host computation, twice per (kernel, size); the parent
 * then reads each child's timeline trace (docs/trace.md) for one
 * "specialize" slice per (kernel, size): "compiled" in the first run,
 * "from the cache" in the second.
 *
 * Kernels (OpenCL C 2.0 for the non-uniform ranges):
 *   tiles    16x16 __local tiles and two barriers per tile (C = A B, n = 48
 *            and n = 40, the latter in partial groups), local 16x16 and 8x8
 *   reduce   a __local tree with a barrier per level, one sum per group,
 *            local 1, 7, 64 and 256 over 4096 and over 1000 (partial)
 *   box3     3D, no barrier: the sum of a point's neighbours along x,
 *            local 4x4x2 over 12x8x6 and over 13x7x5 (partial)
 *   quad     float4 arithmetic, local 32 over 1024
 *
 * A third child runs under the default rule (KILN_SPECIALIZE unset): a
 * kernel whose launches alternate between a long run in groups of 64 and a
 * short one in groups of 32, as an application's planes of two sizes do.
 * Each entry is credited with its own launches' run time, so the long
 * size is specialized once it has run as long as the program took to
 * build ("spin for groups of 64 x 1 x 1: compiled" in the trace); crediting
 * the kernel's last run instead gave the long size the short runs' time,
 * and it was never specialized.
 *
 * A fourth child (KILN_SPECIALIZE=background) has every first launch's
 * compile run on the background thread, and releases, rebuilds and exits
 * while compiles run (background_child). */
#include "../common/check.h"

#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *src =
	"#define TILE 16\n"
	"__kernel void tiles(int n, __global const float *a, __global const float *b,\n"
	"                    __global float *c)\n"
	"{\n"
	"    __local float ta[TILE][TILE], tb[TILE][TILE];\n"
	"    int lx = get_local_id(0), ly = get_local_id(1);\n"
	"    int lsx = get_local_size(0), lsy = get_local_size(1);\n"
	"    int col = get_global_id(0), row = get_global_id(1);\n"
	"    float acc = 0.0f;\n"
	"    for (int t = 0; t < n; t += lsx) {\n"
	"        for (int j = lx; j < lsx; j += lsx) {\n"
	"            ta[ly][j] = t + j < n ? a[row * n + t + j] : 0.0f;\n"
	"        }\n"
	"        for (int i = ly; i < lsx; i += lsy)\n"
	"            tb[i][lx] = t + i < n ? b[(t + i) * n + col] : 0.0f;\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"        for (int k = 0; k < lsx; k++)\n"
	"            acc += ta[ly][k] * tb[k][lx];\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    }\n"
	"    c[row * n + col] = acc;\n"
	"}\n"
	"__kernel void reduce(__global const uint *in, __global uint *out, __local uint *t)\n"
	"{\n"
	"    uint l = get_local_id(0), n = get_local_size(0);\n"
	"    t[l] = in[get_global_id(0)] * (l + 1);\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    for (uint s = 1; s < n; s <<= 1) {\n"
	"        uint o = (l % (2 * s) == 0 && l + s < n) ? t[l + s] : 0u;\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"        t[l] += o;\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    }\n"
	"    if (l == 0)\n"
	"        out[get_group_id(0)] = t[0] ^ (n << 20);\n"
	"}\n"
	"__kernel void box3(__global const uint *in, __global uint *out, uint w, uint h)\n"
	"{\n"
	"    uint x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);\n"
	"    uint at = (z * h + y) * w + x;\n"
	"    uint s = in[at] * 3u;\n"
	"    if (x > 0) s += in[at - 1];\n"
	"    if (x + 1 < w) s += in[at + 1];\n"
	"    out[at] = s + (uint)get_local_id(0) * 7u + (uint)get_local_size(2);\n"
	"}\n"
	"__kernel void quad(__global const float4 *in, __global float4 *out)\n"
	"{\n"
	"    size_t i = get_global_id(0);\n"
	"    float4 v = in[i];\n"
	"    out[i] = v * v.wzyx + (float4)(1.0f, 2.0f, 3.0f, (float)get_local_id(0));\n"
	"}\n";

#define MAXN 8192

static cl_context context;
static cl_device_id device;
static cl_command_queue queue;
static cl_mem b_a, b_b, b_out;
static float fa[MAXN], fb[MAXN], fwant[MAXN];
static uint32_t ua[MAXN], uwant[MAXN], ugot[MAXN];

/* Runs k twice over the range and compares `count` 32-bit outputs with
 * `want` each time. */
static void run(cl_kernel k, const char *desc, cl_uint dims, const size_t *global,
		const size_t *local, const void *want, size_t count)
{
	for (int round = 0; round < 2; round++) {
		uint32_t sentinel = 0xdeadbeefu;
		CHECK_OK(clEnqueueFillBuffer(queue, b_out, &sentinel, 4, 0, MAXN * 4, 0, NULL,
					     NULL));
		cl_int err = clEnqueueNDRangeKernel(queue, k, dims, NULL, global, local, 0, NULL,
						    NULL);
		if (err != CL_SUCCESS)
			fprintf(stderr, "%s: clEnqueueNDRangeKernel returned %d\n", desc, err);
		CHECK(err == CL_SUCCESS);
		CHECK_OK(clEnqueueReadBuffer(queue, b_out, CL_TRUE, 0, count * 4, ugot, 0, NULL,
					     NULL));
		unsigned bad = 0;
		for (size_t i = 0; i < count; i++)
			if (memcmp(&ugot[i], (const uint32_t *)want + i, 4) && bad++ < 5)
				fprintf(stderr, "%s, run %d: out[%zu] = 0x%08x, expected 0x%08x\n",
					desc, round + 1, i, ugot[i], ((const uint32_t *)want)[i]);
		if (bad)
			fprintf(stderr, "%s, run %d: %u wrong\n", desc, round + 1, bad);
		CHECK(bad == 0);
	}
}

static void run_tiles(cl_kernel k, int n, size_t l)
{
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			/* the kernel's order: tiles of l, k ascending */
			float acc = 0.0f;
			for (int t = 0; t < n; t += (int)l)
				for (int kk = 0; kk < (int)l; kk++)
					acc += (t + kk < n ? fa[r * n + t + kk] : 0.0f) *
					       (t + kk < n ? fb[(t + kk) * n + c] : 0.0f);
			fwant[r * n + c] = acc;
		}
	cl_int ni = n;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(ni), &ni));
	size_t g[2] = { (size_t)n, (size_t)n }, ls[2] = { l, l };
	char desc[64];
	snprintf(desc, sizeof(desc), "tiles n=%d local %zux%zu", n, l, l);
	run(k, desc, 2, g, ls, fwant, (size_t)n * n);
}

static void run_reduce(cl_kernel k, size_t g, size_t l)
{
	size_t groups = (g + l - 1) / l;
	for (size_t grp = 0; grp < groups; grp++) {
		size_t n = grp * l + l <= g ? l : g - grp * l;
		uint32_t s = 0;
		for (size_t i = 0; i < n; i++)
			s += ua[grp * l + i] * (uint32_t)(i + 1);
		uwant[grp] = s ^ ((uint32_t)n << 20);
	}
	CHECK_OK(clSetKernelArg(k, 2, l * 4, NULL));
	char desc[64];
	snprintf(desc, sizeof(desc), "reduce over %zu, local %zu", g, l);
	run(k, desc, 1, &g, &l, uwant, groups);
}

static void run_box3(cl_kernel k, const size_t g[3], const size_t l[3])
{
	for (size_t z = 0; z < g[2]; z++)
		for (size_t y = 0; y < g[1]; y++)
			for (size_t x = 0; x < g[0]; x++) {
				size_t at = (z * g[1] + y) * g[0] + x;
				uint32_t s = ua[at] * 3u;
				if (x > 0)
					s += ua[at - 1];
				if (x + 1 < g[0])
					s += ua[at + 1];
				size_t lz = (z / l[2] * l[2] + l[2] <= g[2]) ? l[2] : g[2] % l[2];
				uwant[at] = s + (uint32_t)(x % l[0]) * 7u + (uint32_t)lz;
			}
	cl_uint w = (cl_uint)g[0], h = (cl_uint)g[1];
	CHECK_OK(clSetKernelArg(k, 2, sizeof(w), &w));
	CHECK_OK(clSetKernelArg(k, 3, sizeof(h), &h));
	char desc[64];
	snprintf(desc, sizeof(desc), "box3 over %zux%zux%zu", g[0], g[1], g[2]);
	run(k, desc, 3, g, l, uwant, g[0] * g[1] * g[2]);
}

static int child(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);
	unsigned seed = 777;
	for (size_t i = 0; i < MAXN; i++) {
		fa[i] = (float)((int)(check_rand(&seed) % 9) - 4);
		fb[i] = (float)((int)(check_rand(&seed) % 7) - 3);
		ua[i] = check_rand(&seed) ^ (check_rand(&seed) << 12);
	}
	cl_int err;
	b_a = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(fa), fa,
			     &err);
	REQUIRE(err == CL_SUCCESS);
	b_b = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(fb), fb,
			     &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem b_u = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(ua),
				    ua, &err);
	REQUIRE(err == CL_SUCCESS);
	b_out = clCreateBuffer(context, CL_MEM_READ_WRITE, MAXN * 4, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_program prog = check_build(context, device, src, "-cl-std=CL2.0");
	cl_kernel tiles = check_create_kernel(prog, "tiles");
	cl_kernel reduce = check_create_kernel(prog, "reduce");
	cl_kernel box3 = check_create_kernel(prog, "box3");
	cl_kernel quad = check_create_kernel(prog, "quad");

	CHECK_OK(clSetKernelArg(tiles, 1, sizeof(cl_mem), &b_a));
	CHECK_OK(clSetKernelArg(tiles, 2, sizeof(cl_mem), &b_b));
	CHECK_OK(clSetKernelArg(tiles, 3, sizeof(cl_mem), &b_out));
	run_tiles(tiles, 48, 16);
	run_tiles(tiles, 40, 16); /* partial groups of 8 at the edges */
	run_tiles(tiles, 48, 8);

	CHECK_OK(clSetKernelArg(reduce, 0, sizeof(cl_mem), &b_u));
	CHECK_OK(clSetKernelArg(reduce, 1, sizeof(cl_mem), &b_out));
	static const size_t reduce_local[] = { 1, 7, 64, 256 };
	for (size_t i = 0; i < 4; i++) {
		run_reduce(reduce, 4096, reduce_local[i]);
		run_reduce(reduce, 1000, reduce_local[i]);
	}

	CHECK_OK(clSetKernelArg(box3, 0, sizeof(cl_mem), &b_u));
	CHECK_OK(clSetKernelArg(box3, 1, sizeof(cl_mem), &b_out));
	const size_t l3[3] = { 4, 4, 2 }, g3a[3] = { 12, 8, 6 }, g3b[3] = { 13, 7, 5 };
	run_box3(box3, g3a, l3);
	run_box3(box3, g3b, l3);

	CHECK_OK(clSetKernelArg(quad, 0, sizeof(cl_mem), &b_a));
	CHECK_OK(clSetKernelArg(quad, 1, sizeof(cl_mem), &b_out));
	for (size_t i = 0; i < 256; i++)
		for (int c = 0; c < 4; c++) {
			float add = c < 3 ? (float)(c + 1) : (float)(i % 32);
			fwant[4 * i + c] = fa[4 * i + c] * fa[4 * i + 3 - c] + add;
		}
	size_t gq = 256, lq = 32;
	run(quad, "quad local 32", 1, &gq, &lq, fwant, 1024);

	clReleaseKernel(tiles);
	clReleaseKernel(reduce);
	clReleaseKernel(box3);
	clReleaseKernel(quad);
	clReleaseProgram(prog);
	clReleaseMemObject(b_a);
	clReleaseMemObject(b_b);
	clReleaseMemObject(b_u);
	clReleaseMemObject(b_out);
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}

static const char *rent_src =
	"__kernel void spin(__global const uint *a, __global uint *out, int n)\n"
	"{\n"
	"    size_t i = get_global_id(0);\n"
	"    uint x = a[i];\n"
	"    for (int k = 0; k < n; k++)\n"
	"        x = x * 1664525u + 1013904223u + (uint)k;\n"
	"    out[i] = x;\n"
	"}\n";

#define SPIN_ITEMS 1024

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* What spin computes for work-item i. */
static uint32_t spin_ref(uint32_t x, int n)
{
	for (int k = 0; k < n; k++)
		x = x * 1664525u + 1013904223u + (uint32_t)k;
	return x;
}

/* One launch of spin in groups of `local`, its result checked (every
 * 61st work-item: the host is slower than the kernel); returns its time in
 * seconds. */
static double spin_once(cl_kernel k, cl_mem out, int n, size_t local)
{
	size_t g = SPIN_ITEMS;
	CHECK_OK(clSetKernelArg(k, 2, sizeof(int), &n));
	double t0 = now_s();
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, &local, 0, NULL, NULL));
	CHECK_OK(clFinish(queue));
	double t = now_s() - t0;
	CHECK_OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, SPIN_ITEMS * 4, ugot, 0, NULL, NULL));
	for (size_t i = 0; i < SPIN_ITEMS; i += 61)
		CHECK(ugot[i] == spin_ref(ua[i], n));
	return t;
}

static cl_kernel spin_kernel(cl_program prog, cl_mem in, cl_mem out)
{
	cl_kernel k = check_create_kernel(prog, "spin");
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &in));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &out));
	return k;
}

/* A context and queue (the globals), ua[] random from `seed` and the
 * buffers spin reads and writes. */
static void spin_setup(unsigned seed, cl_mem *in, cl_mem *out)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);
	for (size_t i = 0; i < SPIN_ITEMS; i++)
		ua[i] = check_rand(&seed);
	cl_int err;
	*in = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, SPIN_ITEMS * 4, ua,
			     &err);
	REQUIRE(err == CL_SUCCESS);
	*out = clCreateBuffer(context, CL_MEM_WRITE_ONLY, SPIN_ITEMS * 4, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
}

/* Releases what spin_setup made and the program and kernel. */
static void spin_teardown(cl_kernel k, cl_program prog, cl_mem in, cl_mem out)
{
	clReleaseKernel(k);
	clReleaseProgram(prog);
	clReleaseMemObject(in);
	clReleaseMemObject(out);
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
}

/* The third child: launches alternating between a long run in groups of
 * 64 and a short one in groups of 32 for RENT_SECONDS of long runs, at
 * least 3 times the program's build time. */
#define RENT_SECONDS 3.0
static int rent_child(void)
{
	cl_mem in, out;
	spin_setup(99, &in, &out);
	double t0 = now_s();
	cl_program prog = check_build(context, device, rent_src, NULL);
	double build = now_s() - t0;
	cl_kernel k = spin_kernel(prog, in, out);
	/* a long run: at least 20 ms, or a tenth of the build */
	int n = 1024;
	double want = build / 10 > 0.02 ? build / 10 : 0.02;
	while (spin_once(k, out, n, 64) < want && n < (1 << 26))
		n *= 2;
	double spent = 0;
	for (int i = 0; i < 400 && spent < RENT_SECONDS && spent < 30 * build + 1; i++) {
		spent += spin_once(k, out, n, 64);
		spin_once(k, out, 1, 32);
	}
	spin_teardown(k, prog, in, out);
	return check_done();
}

/* How many times the trace file at `path` holds `text` so far (the
 * trace is written as events happen: docs/trace.md). */
static int trace_count(const char *path, const char *text)
{
	static char buf[1 << 22];
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = 0;
	fclose(f);
	int count = 0;
	for (const char *at = strstr(buf, text); at; at = strstr(at + 1, text))
		count++;
	return count;
}

/* Launches spin in groups of `local`, checked, until the trace shows
 * `count` compiles for that size (at most 120 s). */
static void spin_until_compiled(const char *trace, cl_kernel k, cl_mem out, int n, size_t local,
				int count)
{
	char text[128];
	snprintf(text, sizeof(text), "spin for groups of %zu x 1 x 1: compiled", local);
	double t0 = now_s();
	while (trace_count(trace, text) < count && now_s() - t0 < 120)
		spin_once(k, out, n, local);
	CHECK(trace_count(trace, text) == count);
}

/* The fourth child, KILN_SPECIALIZE=background: the first NDRange of
 * each (kernel, local size) posts its compile to Kiln's background
 * thread (lib/core/background.h) and runs the kernel's own function.
 * Every local size is at least 16, a vector of work-items wherever Kiln
 * runs, so that none is regrouped into another (ndrange.c's run_local):
 * the trace must show 64 compiled once.
 *  1. launches go on, their results checked, while the compile runs and
 *     once it is in (the trace shows it "compiled");
 *  2. the program is rebuilt while a compile for another size runs (its
 *     entry is orphaned and freed by the background thread);
 *  3. every object is released while a compile runs (the background
 *     thread holds the program until it is done);
 *  4. a fork()ed child runs the kernel and posts a compile of its own
 *     while the parent's runs or waits;
 *  5. the process exits while a compile runs or waits (the exit handler
 *     lets it finish before LLVM's static objects are destroyed). */
static int background_child(void)
{
	const char *trace = getenv("KILN_TRACE");
	cl_mem in, out;
	spin_setup(7, &in, &out);
	cl_program prog = check_build(context, device, rent_src, NULL);
	cl_kernel k = spin_kernel(prog, in, out);
	const int n = 300;
	spin_until_compiled(trace, k, out, n, 64, 1);
	for (int i = 0; i < 5; i++)
		spin_once(k, out, n + i, 64);

	spin_once(k, out, n, 32);
	CHECK_OK(clReleaseKernel(k));
	CHECK_OK(clBuildProgram(prog, 1, &device, NULL, NULL, NULL));
	k = spin_kernel(prog, in, out);
	/* the orphaned compile for 32, then the rebuilt program's (unless the
	 * first ended in the disk cache before the second launch asked it) */
	spin_once(k, out, n - 1, 32);
	char text[] = "spin for groups of 32 x 1 x 1: from the cache";
	spin_until_compiled(trace, k, out, n, 32, trace_count(trace, text) ? 1 : 2);

	spin_once(k, out, n, 16);
	spin_teardown(k, prog, in, out);

	spin_setup(8, &in, &out);
	prog = check_build(context, device, rent_src, NULL);
	k = spin_kernel(prog, in, out);
	spin_once(k, out, n, 128);
	/* a fork() child, with the compile for 128 running or queued in the
	 * parent, runs the kernel and posts a compile of its own */
	fflush(NULL);
	pid_t pid = fork();
	REQUIRE(pid >= 0);
	if (pid == 0) {
		spin_once(k, out, n + 1, 128);
		spin_once(k, out, n + 2, 256);
		exit(check_done());
	}
	int status = 0;
	REQUIRE(waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	return check_done(); /* exit() with the compile for 128 under way */
}

/* The (kernel, local size) pairs the child runs. */
static const char *const pairs[] = {
	"tiles for groups of 16 x 16 x 1", "tiles for groups of 8 x 8 x 1",
	"reduce for groups of 1 x 1 x 1",  "reduce for groups of 7 x 1 x 1",
	"reduce for groups of 64 x 1 x 1", "reduce for groups of 256 x 1 x 1",
	"box3 for groups of 4 x 4 x 2",	   "quad for groups of 32 x 1 x 1",
};

static const char *const rent_pairs[] = {"spin for groups of 64 x 1 x 1"};

/* Runs the child `mode` ("child": every launch specialized; "rent": the
 * default rule) with the trace in `trace`; then each of the n `want`
 * pairs must appear once, with `result`. */
static void run_child(const char *self, const char *mode, const char *dir, const char *trace,
		      const char *const *want_pairs, size_t n_pairs, const char *result)
{
	char cache[512];
	/* the background child compiles spin afresh, not from the rent
	 * child's cache */
	snprintf(cache, sizeof(cache), "%s/cache%s", dir,
		 strcmp(mode, "background") == 0 ? "-bg" : "");
	fflush(NULL);
	pid_t pid = fork();
	REQUIRE(pid >= 0);
	if (pid == 0) {
		setenv("KILN_TRACE", trace, 1);
		if (strcmp(mode, "rent") == 0)
			unsetenv("KILN_SPECIALIZE");
		else if (strcmp(mode, "background") == 0)
			setenv("KILN_SPECIALIZE", "background", 1);
		else
			setenv("KILN_SPECIALIZE", "1", 1);
		setenv("KILN_CACHE_DIR", cache, 1);
		unsetenv("KILN_CACHE");
		execl(self, self, mode, (char *)NULL);
		_exit(127);
	}
	int status = 0;
	REQUIRE(waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);

	FILE *f = fopen(trace, "r");
	CHECK(f != NULL);
	if (!f)
		return;
	static char text[1 << 22];
	size_t n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = 0;
	fclose(f);
	for (size_t i = 0; i < n_pairs; i++) {
		char want[256];
		snprintf(want, sizeof(want), "%s: %s", want_pairs[i], result);
		const char *at = strstr(text, want);
		if (!at || strstr(at + 1, want_pairs[i]))
			fprintf(stderr, "trace %s: \"%s\" %s\n", trace, want,
				at ? "more than once" : "missing");
		CHECK(at && !strstr(at + 1, want_pairs[i]));
	}
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "child") == 0)
		return child();
	if (argc > 1 && strcmp(argv[1], "rent") == 0)
		return rent_child();
	if (argc > 1 && strcmp(argv[1], "background") == 0)
		return background_child();
	char dir[] = "/tmp/kiln-specialize-XXXXXX";
	REQUIRE(mkdtemp(dir));
	char trace1[512], trace2[512], trace3[512], trace4[512];
	snprintf(trace1, sizeof(trace1), "%s/first.json", dir);
	snprintf(trace2, sizeof(trace2), "%s/second.json", dir);
	snprintf(trace3, sizeof(trace3), "%s/rent.json", dir);
	snprintf(trace4, sizeof(trace4), "%s/background.json", dir);
	size_t np = sizeof(pairs) / sizeof(pairs[0]);
	run_child("/proc/self/exe", "child", dir, trace1, pairs, np, "compiled");
	run_child("/proc/self/exe", "child", dir, trace2, pairs, np, "from the cache");
	run_child("/proc/self/exe", "rent", dir, trace3, rent_pairs, 1, "compiled");
	run_child("/proc/self/exe", "background", dir, trace4, rent_pairs, 1, "compiled");
	char cmd[600];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CHECK(system(cmd) == 0);
	return check_done();
}
