/* Program-scope global variables (OpenCL C 3.0 §6.8, feature
 * __opencl_c_program_scope_global_variables; OpenCL 3.0 §5.8.9 and
 * §5.8.10): `global` variables at program scope and `static global` ones in
 * functions, with and without initializers, of scalar, array, struct and
 * pointer type (pointers to other globals in initializers), keep their
 * values across launches and between the kernels of one program; every
 * program (and every program rebuilt from a binary or from the on-disk
 * cache) has its own, freshly initialized copy; `extern global` variables
 * resolve across clCompileProgram / clLinkProgram; the queries
 * CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE,
 * CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE,
 * CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
 * CL_PROGRAM_SCOPE_GLOBAL_CTORS/DTORS_PRESENT and clSetProgramReleaseCallback
 * answer as the spec says.  Expected values are computed on the host. */
/* clSetProgramReleaseCallback is deprecated by OpenCL 3.0 */
#define CL_USE_DEPRECATED_OPENCL_2_2_APIS
#include "check.h"

#include <stdint.h>

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue q;

#define SRC_BODY                                                                     \
	"typedef struct { int a; float b; char c[3]; long d; } S;\n"                  \
	"global int counter;\n"                                                       \
	"global int init_val = 42;\n"                                                 \
	"global float farr[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };\n"                         \
	"global S s = { 7, 2.5f, { 1, 2, 3 }, -5 };\n"                                \
	"global int arr2[4] = { 10, 20, 30, 40 };\n"                                  \
	"global int *ptr = &init_val;\n"                                              \
	"global int *parr = &arr2[2];\n"                                              \
	"global S *sp = &s;\n"                                                        \
	"global uint hits;\n"                                                          \
	"global long big[1000];\n"                                                    \
	"int helper(void) { static global int calls_in_helper; return ++calls_in_helper; }\n" \
	"kernel void bump(global int *out) {\n"                                      \
	"  static global int calls;\n"                                                \
	"  static global int start = 1000;\n"                                         \
	"  counter++; calls++; start += 10;\n"                                        \
	"  out[0] = counter; out[1] = calls; out[2] = start; out[3] = *ptr;\n"        \
	"  out[4] = *parr; out[5] = helper(); out[6] = sp->a; out[7] = (int)s.d;\n"   \
	"  out[8] = s.c[0] + s.c[1] * 10 + s.c[2] * 100; out[9] = (int)(farr[7] * 10.0f);\n" \
	"  out[10] = (int)(s.b * 10.0f); out[11] = (int)hits; out[12] = (int)big[999]; }\n" \
	"kernel void write_all(int v) {\n"                                           \
	"  init_val = v; s.a = v + 1; farr[7] = (float)v; arr2[2] = v + 2;\n"         \
	"  ptr = &arr2[3]; big[999] = v * 3; }\n"                                     \
	"kernel void count_hits(void) { atomic_inc(&hits); big[get_global_id(0)] += 1; }\n"

static const char *src = SRC_BODY;

static cl_program build(const char *source, const char *opts)
{
	return check_build(ctx, dev, source, opts);
}

static void run_task(cl_program p, const char *name, int nargs, const void *arg0,
		     size_t arg0_size, size_t global)
{
	cl_int err;
	cl_kernel k = clCreateKernel(p, name, &err);
	REQUIRE(err == CL_SUCCESS);
	if (nargs)
		CHECK_OK(clSetKernelArg(k, 0, arg0_size, arg0));
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	clReleaseKernel(k);
}

/* Runs bump once; out[] as the kernel leaves it. */
static void bump(cl_program p, int out[16])
{
	cl_int err;
	cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	run_task(p, "bump", 1, &m, sizeof(m), 1);
	CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 16 * sizeof(int), out, 0, NULL, NULL));
	clReleaseMemObject(m);
}

/* The state a fresh program shows on its n-th bump (1-based), when
 * write_all has not run. */
static void check_fresh_bump(const int *o, int n, const char *what)
{
	int ok = o[0] == n && o[1] == n && o[2] == 1000 + 10 * n && o[3] == 42 && o[4] == 30 &&
		 o[5] == n && o[6] == 7 && o[7] == -5 && o[8] == 321 && o[9] == 80 && o[10] == 25 &&
		 o[11] == 0 && o[12] == 0;
	if (!ok)
		fprintf(stderr, "%s: bump %d gave %d %d %d %d %d %d %d %d %d %d %d %d %d\n", what, n,
			o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7], o[8], o[9], o[10], o[11],
			o[12]);
	CHECK(ok);
}

/* Sum of the sizes of the program's global-address-space variables, as
 * laid out for the device (x86-64: long 8-aligned, pointers 8 bytes). */
static size_t expected_total(void)
{
	struct S {
		int32_t a;
		float b;
		char c[3];
		int64_t d;
	};
	return 4 /* counter */ + 4 /* init_val */ + 8 * 4 /* farr */ + sizeof(struct S) +
	       4 * 4 /* arr2 */ + 8 + 8 + 8 /* ptr, parr, sp */ + 4 /* hits */ +
	       1000 * 8 /* big */ + 4 /* calls_in_helper */ + 4 + 4 /* calls, start */;
}

static void test_persistence(const char *opts)
{
	cl_program p = build(src, opts);
	int o[16];
	for (int n = 1; n <= 3; n++) {
		bump(p, o);
		check_fresh_bump(o, n, opts);
	}
	/* another kernel of the program changes them; bump sees it */
	int v = 77;
	run_task(p, "write_all", 1, &v, sizeof(v), 1);
	bump(p, o);
	CHECK(o[0] == 4 && o[3] == 40 /* ptr -> arr2[3] */ && o[4] == 79 && o[6] == 78 &&
	      o[9] == 770 && o[12] == 231);
	/* many work-items on one variable, in two launches */
	run_task(p, "count_hits", 0, NULL, 0, 1000);
	run_task(p, "count_hits", 0, NULL, 0, 1000);
	bump(p, o);
	CHECK(o[11] == 2000);
	CHECK(o[12] == 231 + 2);

	/* a second program from the same source has its own variables */
	cl_program p2 = build(src, opts);
	bump(p2, o);
	check_fresh_bump(o, 1, "second program");
	bump(p, o);
	CHECK(o[0] == 6);

	size_t total = 0;
	CHECK_OK(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
				       sizeof(total), &total, NULL));
	CHECK(total == expected_total());

	/* a binary made after the variables changed starts fresh again */
	size_t bin_size = 0;
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof(bin_size), &bin_size, NULL));
	unsigned char *bin = malloc(bin_size);
	REQUIRE(bin);
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof(bin), &bin, NULL));
	cl_int status, err;
	const unsigned char *bins[1] = { bin };
	cl_program pb = clCreateProgramWithBinary(ctx, 1, &dev, &bin_size, bins, &status, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clBuildProgram(pb, 1, &dev, NULL, NULL, NULL));
	for (int n = 1; n <= 2; n++) {
		bump(pb, o);
		check_fresh_bump(o, n, "from binary");
	}
	total = 0;
	CHECK_OK(clGetProgramBuildInfo(pb, dev, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
				       sizeof(total), &total, NULL));
	CHECK(total == expected_total());
	free(bin);
	clReleaseProgram(pb);
	clReleaseProgram(p2);
	clReleaseProgram(p);
}

/* Two programs compiled apart, linked: extern declarations meet their
 * definitions, and each linked executable has one copy of each. */
static void test_link(void)
{
	const char *src_a =
		"extern global int shared;\n"
		"extern global int table[4];\n"
		"global int only_a = 3;\n"
		"int read_b(void);\n"
		"kernel void ka(global int *o) {\n"
		"  shared += 1; table[1] += only_a;\n"
		"  o[0] = shared; o[1] = table[1]; o[2] = read_b(); }\n";
	const char *src_b =
		"global int shared = 100;\n"
		"global int table[4] = { 1, 2, 3, 4 };\n"
		"extern global int only_a;\n"
		"int read_b(void) { return shared * 1000 + only_a; }\n"
		"kernel void kb(global int *o) { o[0] = shared; o[1] = table[1]; }\n";
	cl_int err;
	cl_program a = clCreateProgramWithSource(ctx, 1, &src_a, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_program b = clCreateProgramWithSource(ctx, 1, &src_b, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clCompileProgram(a, 1, &dev, "-cl-std=CL3.0", 0, NULL, NULL, NULL, NULL));
	CHECK_OK(clCompileProgram(b, 1, &dev, "-cl-std=CL3.0", 0, NULL, NULL, NULL, NULL));
	cl_program both[2] = { a, b };
	for (int round = 0; round < 2; round++) {
		cl_program exe = clLinkProgram(ctx, 1, &dev, NULL, 2, both, NULL, NULL, &err);
		CHECK_OK(err);
		if (!exe)
			return;
		cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4 * sizeof(int), NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		int o[4];
		for (int n = 1; n <= 2; n++) {
			run_task(exe, "ka", 1, &m, sizeof(m), 1);
			CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof(o), o, 0, NULL, NULL));
			CHECK(o[0] == 100 + n && o[1] == 2 + 3 * n && o[2] == (100 + n) * 1000 + 3);
		}
		run_task(exe, "kb", 1, &m, sizeof(m), 1);
		CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof(o), o, 0, NULL, NULL));
		CHECK(o[0] == 102 && o[1] == 8);
		size_t total = 0;
		CHECK_OK(clGetProgramBuildInfo(exe, dev, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
					       sizeof(total), &total, NULL));
		CHECK(total == 4 + 16 + 4);
		clReleaseMemObject(m);
		clReleaseProgram(exe);
	}
	/* An extern that nothing defines is a link error; the program
	 * returned (§5.8.4) carries a log naming it. */
	cl_program exe = clLinkProgram(ctx, 1, &dev, NULL, 1, &a, NULL, NULL, &err);
	CHECK(err == CL_LINK_PROGRAM_FAILURE);
	if (exe) {
		char log[4096] = "";
		clGetProgramBuildInfo(exe, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		CHECK(strstr(log, "undefined variable 'shared'") != NULL);
		clReleaseProgram(exe);
	}
	clReleaseProgram(a);
	clReleaseProgram(b);
}

/* The largest variable the device promises, written at both ends. */
static void test_capacity(void)
{
	size_t max = 0, pref = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, sizeof(max), &max, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE, sizeof(pref),
				 &pref, NULL));
	CHECK(max >= 64 * 1024); /* §4.2: the minimum for a device with the feature */
	CHECK(pref >= max);
	char source[512];
	snprintf(source, sizeof(source),
		 "global uchar var[%zu];\n"
		 "kernel void w(global ulong *o) { var[0] = 11; var[%zu] = 22; o[0] = sizeof(var); }\n"
		 "kernel void r(global ulong *o) { o[1] = var[0] + var[%zu]; }\n",
		 max, max - 1, max - 1);
	cl_program p = build(source, "-cl-std=CL3.0");
	size_t total = 0;
	CHECK_OK(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
				       sizeof(total), &total, NULL));
	CHECK(total == max);
	cl_int err;
	cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 2 * sizeof(cl_ulong), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	run_task(p, "w", 1, &m, sizeof(m), 1);
	run_task(p, "r", 1, &m, sizeof(m), 1);
	cl_ulong o[2];
	CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof(o), o, 0, NULL, NULL));
	CHECK(o[0] == max && o[1] == 33);
	clReleaseMemObject(m);
	clReleaseProgram(p);
}

static void CL_CALLBACK never(cl_program p, void *d)
{
	(void)p, (void)d;
}

static void test_queries(void)
{
	char feats_buf[8192];
	size_t sz = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_FEATURES, 0, NULL, &sz));
	REQUIRE(sz <= sizeof(feats_buf));
	cl_name_version *feats = (cl_name_version *)feats_buf;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_FEATURES, sz, feats, NULL));
	int found = 0;
	for (size_t i = 0; i < sz / sizeof(cl_name_version); i++)
		found |= strcmp(feats[i].name, "__opencl_c_program_scope_global_variables") == 0;
	CHECK(found);

	cl_program p = build(src, "-cl-std=CL3.0");
	cl_bool present = CL_TRUE;
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT, sizeof(present),
				  &present, NULL));
	CHECK(present == CL_FALSE);
	present = CL_TRUE;
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT, sizeof(present),
				  &present, NULL));
	CHECK(present == CL_FALSE);
	/* §5.8.10: no device of the context supports destructors of program
	 * scope variables (OpenCL C has none). */
	CHECK_ERR(clSetProgramReleaseCallback(p, never, NULL), CL_INVALID_OPERATION);
	CHECK_ERR(clSetProgramReleaseCallback(NULL, never, NULL), CL_INVALID_PROGRAM);
	/* A program with no variables reports 0; before a build, the query
	 * is CL_INVALID_PROGRAM_EXECUTABLE-free: 0 as well. */
	cl_program none = build("kernel void k(global int *o) { *o = 1; }\n", "-cl-std=CL3.0");
	size_t total = 99;
	CHECK_OK(clGetProgramBuildInfo(none, dev, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
				       sizeof(total), &total, NULL));
	CHECK(total == 0);
	clReleaseProgram(none);
	clReleaseProgram(p);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &dev, &ctx, &q);
	test_queries();
	test_persistence("-cl-std=CL3.0");
	/* the same source again: the on-disk cache answers, with fresh
	 * storage (tests/CMakeLists.txt gives every run a cache folder) */
	test_persistence("-cl-std=CL3.0");
	test_persistence("-cl-std=CL3.0 -cl-opt-disable");
	test_link();
	test_capacity();
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
