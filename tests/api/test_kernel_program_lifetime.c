/* A program lives as long as its kernels (OpenCL 3.0 §5.8.7, §5.9.1): after
 * the application releases its last reference, the program that
 * CL_KERNEL_PROGRAM returns is still a valid program.  New kernels can be
 * created from it and run, it answers queries (reference count 0), and
 * the application may retain it again; releasing a reference it does not
 * hold is CL_INVALID_PROGRAM. */
#include "check.h"

static const char *src =
	"kernel void add(global int *o, int v) { o[get_global_id(0)] += v; }\n"
	"kernel void twice(global int *o) { o[get_global_id(0)] *= 2; }\n";

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_int err;
	check_setup(&platform, &dev, &ctx, &q);
	cl_program prog = check_build(ctx, dev, src, NULL);
	cl_kernel k1 = clCreateKernel(prog, "add", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clReleaseProgram(prog)); /* the kernel keeps it */

	cl_program kp = NULL;
	CHECK_OK(clGetKernelInfo(k1, CL_KERNEL_PROGRAM, sizeof(kp), &kp, NULL));
	CHECK(kp == prog);
	cl_uint refs = 99;
	CHECK_OK(clGetProgramInfo(kp, CL_PROGRAM_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 0);
	size_t nk = 0;
	CHECK_OK(clGetProgramInfo(kp, CL_PROGRAM_NUM_KERNELS, sizeof(nk), &nk, NULL));
	CHECK(nk == 2);
	cl_build_status bs = CL_BUILD_NONE;
	CHECK_OK(clGetProgramBuildInfo(kp, dev, CL_PROGRAM_BUILD_STATUS, sizeof(bs), &bs, NULL));
	CHECK(bs == CL_BUILD_SUCCESS);

	/* New kernels from the program the kernel keeps. */
	cl_kernel k2 = clCreateKernel(kp, "twice", &err);
	CHECK_OK(err);
	REQUIRE(k2);
	cl_kernel all[2] = { NULL, NULL };
	cl_uint got = 0;
	CHECK_OK(clCreateKernelsInProgram(kp, 2, all, &got));
	CHECK(got == 2);

	/* Both run. */
	enum { M = 64 };
	int host[M];
	for (int i = 0; i < M; i++)
		host[i] = i;
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(host),
				    host, &err);
	REQUIRE(err == CL_SUCCESS);
	int v = 5;
	size_t gsz = M;
	CHECK_OK(clSetKernelArg(k1, 0, sizeof(buf), &buf));
	CHECK_OK(clSetKernelArg(k1, 1, sizeof(v), &v));
	CHECK_OK(clSetKernelArg(k2, 0, sizeof(buf), &buf));
	CHECK_OK(clEnqueueNDRangeKernel(q, k1, 1, NULL, &gsz, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueNDRangeKernel(q, k2, 1, NULL, &gsz, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(host), host, 0, NULL, NULL));
	int wrong = 0;
	for (int i = 0; i < M; i++)
		wrong += host[i] != (i + 5) * 2;
	CHECK(wrong == 0);

	/* The application may hold it again, and release only what it holds. */
	CHECK_OK(clRetainProgram(kp));
	CHECK_OK(clGetProgramInfo(kp, CL_PROGRAM_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 1);
	CHECK_OK(clReleaseProgram(kp));
	CHECK_ERR(clReleaseProgram(kp), CL_INVALID_PROGRAM);

	/* The last kernel's release frees the program; until then it lives. */
	for (int i = 0; i < 2; i++)
		CHECK_OK(clReleaseKernel(all[i]));
	CHECK_OK(clReleaseKernel(k2));
	CHECK_OK(clGetProgramInfo(kp, CL_PROGRAM_NUM_KERNELS, sizeof(nk), &nk, NULL));
	CHECK_OK(clReleaseKernel(k1));

	clReleaseMemObject(buf);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
