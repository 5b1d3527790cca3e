/* kiln-smoke: the small OpenCL program the README's first command runs.
 * It finds the Kiln platform through the ICD loader, prints what it found,
 * moves data through a buffer and runs work on the device (a kernel when the
 * device has a compiler, a native kernel otherwise), checking every result.
 * Exit status 0 means Kiln works on this machine. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096

static int fail(const char *what, cl_int err)
{
	fprintf(stderr, "kiln-smoke: %s failed (%d)\n", what, err);
	return 1;
}

static void CL_CALLBACK square_native(void *args)
{
	float *data = *(float **)args;
	for (int i = 0; i < N; i++)
		data[i] = data[i] * data[i];
}

static const char *square_source =
	"__kernel void square(__global float *d) {\n"
	"  size_t i = get_global_id(0);\n"
	"  d[i] = d[i] * d[i];\n"
	"}\n";

static cl_int run_kernel(cl_context ctx, cl_device_id dev, cl_command_queue q,
			 cl_mem buf)
{
	cl_int err;
	cl_program prog = clCreateProgramWithSource(ctx, 1, &square_source, NULL, &err);
	if (err)
		return err;
	err = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
	cl_kernel k = err ? NULL : clCreateKernel(prog, "square", &err);
	if (!err)
		err = clSetKernelArg(k, 0, sizeof(buf), &buf);
	size_t global = N;
	if (!err)
		err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL);
	if (k)
		clReleaseKernel(k);
	clReleaseProgram(prog);
	return err;
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_int err;
	char name[256], version[256], dev_name[256];
	cl_uint units;
	cl_bool compiler;

	err = clGetPlatformIDs(1, &platform, NULL);
	if (err)
		return fail("clGetPlatformIDs", err);
	clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof(name), name, NULL);
	clGetPlatformInfo(platform, CL_PLATFORM_VERSION, sizeof(version), version, NULL);
	err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
	if (err)
		return fail("clGetDeviceIDs", err);
	clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof(dev_name), dev_name, NULL);
	clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof(units), &units, NULL);
	clGetDeviceInfo(dev, CL_DEVICE_COMPILER_AVAILABLE, sizeof(compiler), &compiler, NULL);
	printf("platform: %s (%s)\ndevice:   %s, %u compute units\n", name,
	       version, dev_name, units);

	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	if (err)
		return fail("clCreateContext", err);
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	if (err)
		return fail("clCreateCommandQueueWithProperties", err);
	float *host = malloc(N * sizeof(float));
	for (int i = 0; i < N; i++)
		host[i] = (float)(i % 100) - 50.0f;
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
				    N * sizeof(float), host, &err);
	if (err)
		return fail("clCreateBuffer", err);

	const char *how;
	if (compiler) {
		how = "an OpenCL C kernel";
		err = run_kernel(ctx, dev, q, buf);
		if (err)
			return fail("running a kernel", err);
	} else {
		how = "a native kernel";
		void *args = NULL;
		const void *mem_loc = &args;
		err = clEnqueueNativeKernel(q, square_native, &args, sizeof(args), 1,
					    &buf, &mem_loc, 0, NULL, NULL);
		if (err)
			return fail("clEnqueueNativeKernel", err);
	}
	float *out = malloc(N * sizeof(float));
	err = clEnqueueReadBuffer(q, buf, CL_TRUE, 0, N * sizeof(float), out, 0, NULL, NULL);
	if (err)
		return fail("clEnqueueReadBuffer", err);
	int wrong = 0;
	for (int i = 0; i < N; i++)
		wrong += out[i] != host[i] * host[i];
	clReleaseMemObject(buf);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	free(host);
	free(out);
	if (wrong) {
		fprintf(stderr, "kiln-smoke: %d of %d results wrong\n", wrong, N);
		return 1;
	}
	printf("ran %s over %d items: all results correct\n", how, N);
	return 0;
}
