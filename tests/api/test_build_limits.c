/* Program-wide rules and limits are build errors with a clear log
 * (lib/compiler/program_rules.h, docs/robustness.md), never a crash, a
 * hang or a silent overflow at run time:
 *   - 256 MiB of private memory in a work-item: CL_BUILD_PROGRAM_FAILURE,
 *     the log names the kernel, the size and the limit;
 *   - 8 MiB of private memory (within the limit): builds, runs with exact
 *     results on the worker's stack, CL_KERNEL_PRIVATE_MEM_SIZE reports at
 *     least the 8 MiB;
 *   - `__constant int big[1 << 28] = {1};` (1 GiB): CL_BUILD_PROGRAM_FAILURE
 *     naming the variable and CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE;
 *   - kernel-scope __local data beyond CL_DEVICE_LOCAL_MEM_SIZE;
 *   - a kernel that calls itself, a function that calls itself, and two
 *     functions calling each other: CL_BUILD_PROGRAM_FAILURE naming them
 *     and the rule (OpenCL C 3.0 §6.11), in bounded time;
 *   - a call tree that doubles at each of 40 levels (2^40 copies of the
 *     leaf once inlined): CL_BUILD_PROGRAM_FAILURE within seconds, the log
 *     naming the kernel, its inlined size and the limit; the same tree 10
 *     levels deep (1,024 copies) builds and gives exact results.
 * After each failed build the context's callback has the log, and a normal
 * kernel on the same queue and on a second queue gives exact results. */
#include "check.h"

#include <pthread.h>
#include <stdbool.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char last_message[4096];

static void CL_CALLBACK notify(const char *errinfo, const void *pi, size_t cb, void *ud)
{
	(void)pi;
	(void)cb;
	(void)ud;
	pthread_mutex_lock(&lock);
	snprintf(last_message, sizeof(last_message), "%s", errinfo);
	pthread_mutex_unlock(&lock);
}

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue q, q2;

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Builds `src`; it must fail with a log holding every NULL-terminated word,
 * within 10 s, and the callback must have heard of it. */
static void expect_build_error(const char *what, const char *src, const char *const *words)
{
	cl_int err;
	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	last_message[0] = '\0';
	double t0 = now_s();
	CHECK_ERR(clBuildProgram(p, 1, &dev, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
	double dt = now_s() - t0;
	CHECK(dt < 10);
	static char log[1 << 16];
	log[0] = '\0';
	CHECK_OK(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL));
	bool ok = true;
	for (size_t i = 0; words[i]; i++)
		ok = ok && strstr(log, words[i]) != NULL;
	CHECK(ok);
	if (!ok)
		fprintf(stderr, "%s: build log:\n%s\n", what, log);
	pthread_mutex_lock(&lock);
	CHECK(strstr(last_message, "CL_BUILD_PROGRAM_FAILURE") != NULL);
	CHECK(strstr(last_message, words[0]) != NULL);
	pthread_mutex_unlock(&lock);
	cl_build_status st = CL_BUILD_NONE;
	CHECK_OK(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_STATUS, sizeof(st), &st, NULL));
	CHECK(st == CL_BUILD_ERROR);
	printf("%s: CL_BUILD_PROGRAM_FAILURE in %.2f s\n", what, dt);
	clReleaseProgram(p);
}

/* A normal kernel on queue `queue` gives exact results. */
static void normal_kernel(cl_command_queue queue, int v)
{
	const char *src = "kernel void add(global int *o, int v) { size_t i = get_global_id(0); "
			  "o[i] = (int)i * 5 + v; }";
	cl_program p = check_build(ctx, dev, src, NULL);
	cl_int err;
	cl_kernel k = clCreateKernel(p, "add", &err);
	REQUIRE(err == CL_SUCCESS);
	enum { n = 1000 };
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(buf), &buf));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(v), &v));
	size_t g = n;
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, NULL, 0, NULL, NULL));
	int host[n];
	CHECK_OK(clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, sizeof(host), host, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += host[i] != i * 5 + v;
	CHECK(bad == 0);
	clReleaseMemObject(buf);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

static void after_error(int v)
{
	normal_kernel(q, v);
	normal_kernel(q2, v + 1);
}

/* 8 MiB of private memory per work-item: within the limit, run on the
 * worker's stack; every work-item fills and reads back all of it. */
static void private_8mib(void)
{
	const char *src =
		"kernel void k8(global const int *in, global int *out)\n"
		"{\n"
		"	int p[1 << 21];\n"
		"	int i = (int)get_global_id(0), s = in[i];\n"
		"	for (int k = 0; k < (1 << 21); k++)\n"
		"		p[k] = k ^ s;\n"
		"	long acc = 0;\n"
		"	for (int k = (1 << 21) - 1; k >= 0; k -= 4099)\n"
		"		acc += p[k];\n"
		"	out[i] = (int)acc;\n"
		"}\n";
	cl_program p = check_build(ctx, dev, src, NULL);
	cl_int err;
	cl_kernel k = clCreateKernel(p, "k8", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_ulong priv = 0;
	CHECK_OK(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof(priv), &priv,
					  NULL));
	CHECK(priv >= (8u << 20) && priv < (8u << 20) + 4096);
	printf("8 MiB kernel: CL_KERNEL_PRIVATE_MEM_SIZE %llu\n", (unsigned long long)priv);
	enum { n = 8 };
	int in[n], out[n];
	for (int i = 0; i < n; i++)
		in[i] = i * 977 + 3;
	cl_mem bin = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(in), in, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem bout = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(out), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(bin), &bin));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bout), &bout));
	size_t g = n, l = 1;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, bout, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < n; i++) {
		long acc = 0;
		for (int kk = (1 << 21) - 1; kk >= 0; kk -= 4099)
			acc += kk ^ in[i];
		bad += out[i] != (int)acc;
	}
	CHECK(bad == 0);
	clReleaseMemObject(bin);
	clReleaseMemObject(bout);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

/* A call tree `levels` deep: f0() = get_global_id(0) + 1 and
 * f<n>() = f<n-1>() + f<n-1>(), so f<n>() = 2^n * (i + 1), and kernel `tree`
 * stores f<levels>() for each work-item i.  Once every call is inlined it
 * holds 2^levels copies of f0.  No function has a parameter or a variable
 * (no private memory to count): only the inlined size can refuse it. */
static char *call_tree(int levels)
{
	size_t cap = 256 + (size_t)levels * 96;
	char *src = malloc(cap);
	REQUIRE(src);
	int at = snprintf(src, cap, "int f0(void) { return (int)get_global_id(0) + 1; }\n");
	for (int n = 1; n <= levels; n++)
		at += snprintf(src + at, cap - (size_t)at,
			       "int f%d(void) { return f%d() + f%d(); }\n", n, n - 1, n - 1);
	snprintf(src + at, cap - (size_t)at,
		 "kernel void tree(global int *o) { o[get_global_id(0)] = f%d(); }\n", levels);
	return src;
}

/* The 10-level tree: 1,024 copies of the leaf, far below the limit. */
static void call_tree_builds(void)
{
	char *src = call_tree(10);
	cl_program p = check_build(ctx, dev, src, NULL);
	free(src);
	cl_int err;
	cl_kernel k = clCreateKernel(p, "tree", &err);
	REQUIRE(err == CL_SUCCESS);
	enum { n = 64 };
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, n * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(buf), &buf));
	size_t g = n;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
	int host[n];
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(host), host, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += host[i] != 1024 * (i + 1);
	CHECK(bad == 0);
	printf("10-level call tree: built, exact results\n");
	clReleaseMemObject(buf);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

int main(void)
{
	cl_platform_id platform;
	check_get_device(&platform, &dev);
	cl_int err;
	ctx = clCreateContext(NULL, 1, &dev, notify, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	q2 = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	{
		const char *words[] = { "k0", "needs 26843", "bytes of private memory", "16777216", NULL };
		expect_build_error("256 MiB private array",
				   "kernel void k0(global int *a)\n"
				   "{\n"
				   "	int p[1 << 26];\n"
				   "	for (int i = 0; i < (1 << 26); i++) p[i] = a[i];\n"
				   "	a[get_global_id(0)] = p[a[0]];\n"
				   "}\n",
				   words);
		after_error(1);
	}
	private_8mib();
	after_error(2);
	{
		const char *words[] = { "big", "__constant", "1073741824",
					"CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE", NULL };
		expect_build_error("1 GiB of __constant data",
				   "__constant int big[1 << 28] = {1};\n"
				   "kernel void k(global int *o) { size_t i = get_global_id(0); "
				   "o[i] = big[i]; }\n",
				   words);
		after_error(3);
	}
	{
		cl_ulong local = 0;
		CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(local), &local, NULL));
		char src[512];
		snprintf(src, sizeof(src),
			 "kernel void bigl(global int *o)\n"
			 "{\n"
			 "	local int t[%llu];\n"
			 "	size_t i = get_local_id(0);\n"
			 "	t[i] = (int)i;\n"
			 "	barrier(CLK_LOCAL_MEM_FENCE);\n"
			 "	o[i] = t[(i + 1) %% get_local_size(0)];\n"
			 "}\n",
			 (unsigned long long)(local / 4 + 1));
		const char *words[] = { "bigl", "__local", "CL_DEVICE_LOCAL_MEM_SIZE", NULL };
		expect_build_error("__local data over CL_DEVICE_LOCAL_MEM_SIZE", src, words);
		after_error(4);
	}
	{
		const char *words[] = { "kernel 'rk'", "calls itself", "recursion", "6.11", NULL };
		expect_build_error("a kernel calling itself",
				   "kernel void rk(global int *o, int n)\n"
				   "{\n"
				   "	if (n > 0) rk(o, n - 1);\n"
				   "	o[n] = n;\n"
				   "}\n",
				   words);
		after_error(5);
	}
	{
		const char *words[] = { "function 'fact'", "calls itself", "recursion", NULL };
		expect_build_error("a function calling itself",
				   "int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }\n"
				   "kernel void k(global int *o) { o[0] = fact(o[1]); }\n",
				   words);
		after_error(6);
	}
	{
		const char *words[] = { "function 'is_even'", "function 'is_odd'",
					"call each other", "recursion", NULL };
		expect_build_error("two functions calling each other",
				   "int is_odd(int n);\n"
				   "int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }\n"
				   "int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }\n"
				   "kernel void k(global int *o) { o[0] = is_even(o[1]); }\n",
				   words);
		after_error(7);
	}
	{
		/* 40 levels: 2^40 copies of the leaf if inlined; refused
		 * before anything is inlined. */
		char *src = call_tree(40);
		const char *words[] = { "kernel 'tree'", "IR instructions once every call",
					"more than Kiln's limit of 4000000", NULL };
		expect_build_error("a call tree doubling at each of 40 levels", src, words);
		free(src);
		after_error(8);
	}
	call_tree_builds();

	clReleaseCommandQueue(q);
	clReleaseCommandQueue(q2);
	clReleaseContext(ctx);
	return check_done();
}
