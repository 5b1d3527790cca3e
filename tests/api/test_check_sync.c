/* Checked mode, barriers, uninitialized __local reads and __local races
 * (KILN_CHECK=barriers,uninit,races; docs/checked_mode.md): one kernel
 * with one planted defect per check.  The message names the kernel, the
 * source line and the work-item; the event ends in CL_OUT_OF_RESOURCES;
 * a reduction with barriers in uniform loops, the same kernels' clean
 * cousins, give their results and no message. */
#include "check.h"

#include <pthread.h>
#include <stdint.h>

static const char src[] =
	"__kernel void race(__global int *out)\n"
	"{\n"
	"    __local int cell[16];\n"
	"    int l = get_local_id(0);\n"
	"    cell[l] = l; if (l == 3) cell[4] = 40; /*L:race*/\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    out[get_global_id(0)] = cell[l];\n"
	"}\n"
	"__kernel void uninit(__global int *out)\n"
	"{\n"
	"    __local int cell[16];\n"
	"    int l = get_local_id(0);\n"
	"    if (l != 6)\n"
	"        cell[l] = l;\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    out[get_global_id(0)] = 100 + cell[(l + 1) % 16]; /*L:uninit*/\n"
	"}\n"
	"__kernel void divergent(__global int *out)\n"
	"{\n"
	"    __local int cell[16];\n"
	"    int l = get_local_id(0);\n"
	"    cell[l] = l;\n"
	"    if (l < 8)\n"
	"        barrier(CLK_LOCAL_MEM_FENCE); /*L:divergent*/\n"
	"    out[get_global_id(0)] = l;\n"
	"}\n"
	"__kernel void reduce(__global const int *in, __global int *out, __local int *s)\n"
	"{\n"
	"    int l = get_local_id(0);\n"
	"    s[l] = in[get_global_id(0)];\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    for (int h = get_local_size(0) / 2; h > 0; h >>= 1) {\n"
	"        if (l < h)\n"
	"            s[l] += s[l + h];\n"
	"        barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    }\n"
	"    if (l == 0)\n"
	"        out[get_group_id(0)] = s[0];\n"
	"}\n";

#include "checked_messages.h"

static cl_kernel kernel(const char *name, cl_mem out)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(out), &out));
	return k;
}

static void test_race(cl_mem out)
{
	cl_kernel k = kernel("race", out);
	clear_messages();
	check_name = "race";
	run(k, 16, 16, 0);
	/* work-items 3 and 4 both write cell[4] in one barrier interval (the
	 * one that comes second is the one reported) */
	const char *parts[] = { "local (3, 0, 0)", "local (4, 0, 0)",
				"__local variable \"cell\"", "byte 16 of local memory",
				"since the last barrier" };
	expect_message("race", parts, 5);
	clReleaseKernel(k);
}

static void test_uninit(cl_mem out)
{
	cl_kernel k = kernel("uninit", out);
	clear_messages();
	check_name = "uninitialized";
	run(k, 16, 16, 0);
	int res[16];
	CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
	for (int l = 0; l < 16; l++)
		CHECK(res[l] == 100 + (l == 5 ? 0 : (l + 1) % 16));
	const char *parts[] = { "global (5, 0, 0)", "__local variable \"cell\"",
				"read of 4 bytes at offset 24", "no work-item of the group has written" };
	expect_message("uninit", parts, 4);
	clReleaseKernel(k);
}

static void test_divergent(cl_mem out)
{
	cl_kernel k = kernel("divergent", out);
	clear_messages();
	check_name = "barrier divergence";
	run(k, 16, 16, 0);
	const char *parts[] = { "local (8, 0, 0)", "did not reach this barrier",
				"8 of the 16 work-items" };
	expect_message("divergent", parts, 3);
	clReleaseKernel(k);
}

static void test_reduce(void)
{
	enum { G = 64, L = 16 };
	int in[G * L], res[G];
	for (int i = 0; i < G * L; i++)
		in[i] = (i * 7) % 13;
	cl_int err;
	cl_mem bin = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(in), in,
				    &err);
	cl_mem bout = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(res), NULL, &err);
	cl_kernel k = kernel("reduce", bin);
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bout), &bout));
	CHECK_OK(clSetKernelArg(k, 2, L * sizeof(int), NULL));
	clear_messages();
	run(k, G * L, L, 1);
	CHECK_OK(clEnqueueReadBuffer(q, bout, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
	int wrong = 0;
	for (int g = 0; g < G; g++) {
		int sum = 0;
		for (int l = 0; l < L; l++)
			sum += in[g * L + l];
		wrong += res[g] != sum;
	}
	CHECK(wrong == 0);
	CHECK(messages[0] == 0);
	clReleaseKernel(k);
	clReleaseMemObject(bin);
	clReleaseMemObject(bout);
}

int main(void)
{
	/* before the first OpenCL call: Kiln reads KILN_CHECK once */
	setenv("KILN_CHECK", "barriers,uninit,races", 1);
	cl_platform_id plat;
	check_get_device(&plat, &dev);
	cl_int err;
	ctx = clCreateContext(NULL, 1, &dev, notify, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	prog = check_build(ctx, dev, src, "-cl-std=CL2.0");
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	test_reduce();
	test_race(out);
	test_uninit(out);
	test_divergent(out);
	test_reduce();

	clReleaseMemObject(out);
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
