/* Runs what kiln-cc wrote from tests/good.cl, as an application would:
 *
 *   test_kiln_cc_run binary good.bin   clCreateProgramWithBinary
 *   test_kiln_cc_run il good.spv       clCreateProgramWithIL
 *
 * through the ICD loader, then saxpy and block_sum against host
 * references computed here. */
#include "check.h"

#include <stdbool.h>

static unsigned char *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	REQUIRE(f);
	REQUIRE(fseek(f, 0, SEEK_END) == 0);
	long n = ftell(f);
	REQUIRE(n > 0);
	rewind(f);
	unsigned char *buf = malloc((size_t)n);
	REQUIRE(buf && fread(buf, 1, (size_t)n, f) == (size_t)n);
	fclose(f);
	*size = (size_t)n;
	return buf;
}

int main(int argc, char **argv)
{
	REQUIRE(argc == 3);
	bool il = strcmp(argv[1], "il") == 0;
	REQUIRE(il || strcmp(argv[1], "binary") == 0);
	size_t size;
	unsigned char *data = read_file(argv[2], &size);

	cl_platform_id platform;
	cl_device_id dev;
	check_get_device(&platform, &dev);
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	cl_program prog;
	if (il) {
		prog = clCreateProgramWithIL(ctx, data, size, &err);
		CHECK_OK(err);
	} else {
		const unsigned char *bins[1] = { data };
		cl_int status = CL_INVALID_VALUE;
		prog = clCreateProgramWithBinary(ctx, 1, &dev, &size, bins, &status, &err);
		CHECK_OK(err);
		CHECK_OK(status);
		cl_program_binary_type type = 0;
		CHECK_OK(clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BINARY_TYPE,
					       sizeof(type), &type, NULL));
		CHECK(type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
	}
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clBuildProgram(prog, 1, &dev, "", NULL, NULL));

	/* saxpy over a size that no vector width divides */
	enum { N = 1000, WG = 64, GROUPS = 16 };
	float x[N], y[N], want[N];
	for (int i = 0; i < N; i++) {
		x[i] = (float)i * 0.5f;
		y[i] = (float)(N - i);
		want[i] = 3.0f * x[i] + y[i];
	}
	cl_mem bx = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(x), x, &err);
	cl_mem by = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(y), y, &err);
	cl_kernel k = clCreateKernel(prog, "saxpy", &err);
	REQUIRE(err == CL_SUCCESS);
	float a = 3.0f;
	cl_uint n = N;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(bx), &bx));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(by), &by));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(a), &a));
	CHECK_OK(clSetKernelArg(k, 3, sizeof(n), &n));
	size_t global = 1024, local = WG;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, by, CL_TRUE, 0, sizeof(y), y, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += y[i] != want[i];
	CHECK(bad == 0);
	clReleaseKernel(k);

	/* block_sum: one sum per work-group through __local memory */
	int in[GROUPS * WG], out[GROUPS], sums[GROUPS] = { 0 };
	for (int i = 0; i < GROUPS * WG; i++) {
		in[i] = (i * 7919) % 1000 - 500;
		sums[i / WG] += in[i];
	}
	cl_mem bin = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(in), in, &err);
	cl_mem bout = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(out), NULL, &err);
	k = clCreateKernel(prog, "block_sum", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(bin), &bin));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bout), &bout));
	CHECK_OK(clSetKernelArg(k, 2, WG * sizeof(int), NULL));
	global = GROUPS * WG;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, bout, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	for (int g = 0; g < GROUPS; g++)
		CHECK(out[g] == sums[g]);
	clReleaseKernel(k);

	clReleaseMemObject(bx);
	clReleaseMemObject(by);
	clReleaseMemObject(bin);
	clReleaseMemObject(bout);
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	free(data);
	return check_done();
}
