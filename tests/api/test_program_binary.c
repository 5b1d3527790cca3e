/* Program binaries (OpenCL 3.0 §5.8.1 clCreateProgramWithBinary, §5.8.8
 * CL_PROGRAM_BINARIES): what a program returns builds and runs again, a
 * compiled object's binary links, and a binary that is truncated, has a
 * flipped byte or is random is CL_INVALID_BINARY (never a crash). */
#include "check.h"

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

static const char *src =
	"__kernel void mad3(__global const float *a, __global float *o, float s)\n"
	"{\n"
	"	size_t i = get_global_id(0);\n"
	"	o[i] = a[i] * s + 3.0f;\n"
	"}\n";

static unsigned char *get_binary(cl_program p, size_t *size)
{
	*size = 0;
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof(*size), size, NULL));
	unsigned char *bin = malloc(*size ? *size : 1);
	unsigned char *bins[1] = { bin };
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof(bins), bins, NULL));
	return bin;
}

static void run_mad3(cl_program p)
{
	enum { N = 1000 };
	cl_int err;
	float a[N], o[N], s = 1.5f;
	for (int i = 0; i < N; i++)
		a[i] = (float)i * 0.25f - 10.0f;
	cl_kernel k = clCreateKernel(p, "mad3", &err);
	CHECK_OK(err);
	if (!k)
		return;
	cl_mem ba = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, sizeof(a), a, &err);
	cl_mem bo = clCreateBuffer(context, CL_MEM_WRITE_ONLY, sizeof(o), NULL, &err);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(ba), &ba));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bo), &bo));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(s), &s));
	size_t global = N;
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, bo, CL_TRUE, 0, sizeof(o), o, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += o[i] != a[i] * s + 3.0f;
	CHECK(bad == 0);
	clReleaseMemObject(ba);
	clReleaseMemObject(bo);
	clReleaseKernel(k);
}

/* Expects `bin` (size bytes) to be refused as CL_INVALID_BINARY. */
static int refused(const unsigned char *bin, size_t size)
{
	cl_int err = 0, status = 0;
	cl_program p = clCreateProgramWithBinary(context, 1, &device, &size, &bin,
						 &status, &err);
	if (p) {
		clReleaseProgram(p);
		return 0;
	}
	return err == CL_INVALID_BINARY && status == CL_INVALID_BINARY;
}

static void test_round_trip(void)
{
	cl_int err;
	cl_program p = clCreateProgramWithSource(context, 1, &src, NULL, &err);
	CHECK_OK(err);
	/* Before a build there is no binary. */
	size_t size = 1;
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, NULL));
	CHECK(size == 0);
	CHECK_OK(clBuildProgram(p, 0, NULL, "-cl-kernel-arg-info", NULL, NULL));
	unsigned char *bin = get_binary(p, &size);
	CHECK(size > 64);
	/* A short buffer for the pointer array. */
	unsigned char *one[1] = { bin };
	CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_BINARIES, 1, one, NULL), CL_INVALID_VALUE);
	clReleaseProgram(p);

	const unsigned char *cbin = bin;
	cl_int status = 1;
	p = clCreateProgramWithBinary(context, 1, &device, &size, &cbin, &status, &err);
	CHECK_OK(err);
	CHECK(status == CL_SUCCESS);
	CHECK(p != NULL);
	if (p) {
		cl_program_binary_type t = 0;
		CHECK_OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BINARY_TYPE, sizeof(t), &t, NULL));
		CHECK(t == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
		/* Not built yet: no kernels (§5.8.2 requires the build). */
		CHECK(clCreateKernel(p, "mad3", &err) == NULL);
		CHECK(err == CL_INVALID_PROGRAM_EXECUTABLE);
		CHECK_OK(clBuildProgram(p, 0, NULL, NULL, NULL, NULL));
		run_mad3(p);
		/* Argument names survived in the binary. */
		cl_kernel k = clCreateKernel(p, "mad3", &err);
		char name[16] = "";
		CHECK_OK(clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_NAME, sizeof(name), name, NULL));
		CHECK(strcmp(name, "s") == 0);
		clReleaseKernel(k);
		/* Its binary again is still valid. */
		size_t size2;
		unsigned char *bin2 = get_binary(p, &size2);
		const unsigned char *cbin2 = bin2;
		cl_program p2 = clCreateProgramWithBinary(context, 1, &device, &size2, &cbin2,
							  NULL, &err);
		CHECK_OK(err);
		CHECK_OK(clBuildProgram(p2, 0, NULL, NULL, NULL, NULL));
		run_mad3(p2);
		clReleaseProgram(p2);
		free(bin2);
		clReleaseProgram(p);
	}

	/* Argument rules. */
	CHECK(clCreateProgramWithBinary(context, 0, &device, &size, &cbin, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	CHECK(clCreateProgramWithBinary(context, 1, NULL, &size, &cbin, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	CHECK(clCreateProgramWithBinary(context, 1, &device, NULL, &cbin, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	size_t zero = 0;
	status = 0;
	CHECK(clCreateProgramWithBinary(context, 1, &device, &zero, &cbin, &status, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE && status == CL_INVALID_VALUE);
	const unsigned char *null_bin = NULL;
	CHECK(clCreateProgramWithBinary(context, 1, &device, &size, &null_bin, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	cl_device_id bogus = (cl_device_id)queue;
	CHECK(clCreateProgramWithBinary(context, 1, &bogus, &size, &cbin, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_DEVICE);
	CHECK(clCreateProgramWithBinary(NULL, 1, &device, &size, &cbin, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_CONTEXT);

	/* Damaged copies: every truncation near the start and spread over
	 * the body, a flipped byte at many positions, random bytes. */
	unsigned char *copy = malloc(size);
	int bad = 0, tries = 0;
	for (size_t n = 1; n < size; n += n < 256 ? 1 : size / 97 + 1, tries++)
		bad += !refused(bin, n);
	CHECK(bad == 0);
	bad = 0;
	for (size_t at = 0; at < size; at += at < 512 ? 1 : size / 997 + 1, tries++) {
		memcpy(copy, bin, size);
		copy[at] ^= (unsigned char)(1u << (at % 8));
		bad += !refused(copy, size);
	}
	CHECK(bad == 0);
	bad = 0;
	unsigned seed = 12345;
	for (int r = 0; r < 50; r++, tries++) {
		for (size_t i = 0; i < size; i++) {
			seed = seed * 1103515245u + 12345u;
			copy[i] = (unsigned char)(seed >> 16);
		}
		/* Random bytes, and random bytes behind a valid header. */
		bad += !refused(copy, size - (size_t)r);
		memcpy(copy, bin, 48);
		bad += !refused(copy, size - (size_t)r);
	}
	CHECK(bad == 0);
	CHECK(tries > 500);
	static const char text[] = "this is not a binary of any kind";
	CHECK(refused((const unsigned char *)text, sizeof(text)));
	/* A whole valid binary followed by trailing bytes is damaged too. */
	unsigned char *longer = malloc(size + 8);
	memcpy(longer, bin, size);
	memset(longer + size, 0, 8);
	CHECK(refused(longer, size + 8));
	free(longer);
	/* Every byte is covered by the checksum, the header's too: the
	 * binary type (bytes 12-15) changed to each other valid type, and
	 * each header byte replaced by every other value, are refused. */
	static const unsigned types[] = { CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT,
					  CL_PROGRAM_BINARY_TYPE_LIBRARY,
					  CL_PROGRAM_BINARY_TYPE_EXECUTABLE };
	for (int t = 0; t < 3; t++) {
		memcpy(copy, bin, size);
		for (int b = 0; b < 4; b++)
			copy[12 + b] = (unsigned char)(types[t] >> (8 * b));
		if (memcmp(copy, bin, size) != 0)
			CHECK(refused(copy, size));
	}
	bad = 0;
	for (size_t at = 0; at < 40; at++)
		for (unsigned v = 0; v < 256; v += 17) {
			memcpy(copy, bin, size);
			if (copy[at] == (unsigned char)v)
				continue;
			copy[at] = (unsigned char)v;
			bad += !refused(copy, size);
		}
	CHECK(bad == 0);
	free(copy);
	free(bin);
}

static void test_object_binary(void)
{
	cl_int err;
	const char *helper_src = "float twice(float x) { return 2.0f * x; }\n";
	const char *main_src =
		"float twice(float x);\n"
		"__kernel void mad3(__global const float *a, __global float *o, float s)\n"
		"{ size_t i = get_global_id(0); o[i] = twice(a[i] * s * 0.5f) + 3.0f; }\n";
	cl_program helper = clCreateProgramWithSource(context, 1, &helper_src, NULL, &err);
	cl_program main_p = clCreateProgramWithSource(context, 1, &main_src, NULL, &err);
	CHECK_OK(clCompileProgram(helper, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL));
	CHECK_OK(clCompileProgram(main_p, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL));
	size_t size;
	unsigned char *bin = get_binary(helper, &size);
	const unsigned char *cbin = bin;
	cl_program from_bin = clCreateProgramWithBinary(context, 1, &device, &size, &cbin,
							NULL, &err);
	CHECK_OK(err);
	if (from_bin) {
		cl_program_binary_type t = 0;
		CHECK_OK(clGetProgramBuildInfo(from_bin, device, CL_PROGRAM_BINARY_TYPE,
					       sizeof(t), &t, NULL));
		CHECK(t == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
		cl_program inputs[2] = { main_p, from_bin };
		cl_program exe = clLinkProgram(context, 0, NULL, NULL, 2, inputs, NULL, NULL, &err);
		CHECK_OK(err);
		if (exe) {
			run_mad3(exe);
			clReleaseProgram(exe);
		}
		clReleaseProgram(from_bin);
	}
	free(bin);
	clReleaseProgram(helper);
	clReleaseProgram(main_p);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);

	test_round_trip();
	test_object_binary();

	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
