/* Shared set-up for the built-in function tests (test_builtins_*.c): one
 * context and queue on the Kiln device, programs built from source with
 * the build log shown on failure, and a one-call kernel launch over
 * buffers that are copied in and read back. */
#ifndef KILN_TESTS_BUILTIN_HARNESS_H
#define KILN_TESTS_BUILTIN_HARNESS_H

#include "check.h"

struct bh {
	cl_platform_id platform;
	cl_device_id device;
	cl_context context;
	cl_command_queue queue;
};

/* One kernel argument: a buffer (host data copied in, read back after the
 * run), local memory of `size` bytes (host == NULL, local = 1), or a
 * scalar of `size` bytes at `host` (scalar = 1). */
struct bh_arg {
	void *host;
	size_t size;
	int local;
	int scalar;
};

#define BH_BUF(p, n) ((struct bh_arg){ (p), (n), 0, 0 })
#define BH_LOCAL(n) ((struct bh_arg){ NULL, (n), 1, 0 })
#define BH_SCALAR(p) ((struct bh_arg){ (p), sizeof(*(p)), 0, 1 })

static inline void bh_init(struct bh *h)
{
	check_setup(&h->platform, &h->device, &h->context, &h->queue);
}

static inline void bh_release(struct bh *h)
{
	clReleaseCommandQueue(h->queue);
	clReleaseContext(h->context);
}

/* Whether the device lists `ext` in CL_DEVICE_EXTENSIONS. */
static inline int bh_has_extension(struct bh *h, const char *ext)
{
	char buf[4096] = "";
	clGetDeviceInfo(h->device, CL_DEVICE_EXTENSIONS, sizeof(buf), buf, NULL);
	return check_has_word(buf, ext);
}

/* Builds `src` with `options`; stops the test with the log on failure. */
static inline cl_program bh_build(struct bh *h, const char *src, const char *options)
{
	return check_build(h->context, h->device, src, options);
}

/* Runs kernel `name` of `prog` over `global` work-items in groups of
 * `local` (0: the implementation chooses) and reads every buffer back. */
static inline void bh_run(struct bh *h, cl_program prog, const char *name, size_t global,
			  size_t local, int nargs, const struct bh_arg *args)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem mem[16] = { 0 };
	REQUIRE(nargs <= 16);
	for (int i = 0; i < nargs; i++) {
		if (args[i].local) {
			CHECK_OK(clSetKernelArg(k, i, args[i].size, NULL));
		} else if (args[i].scalar) {
			CHECK_OK(clSetKernelArg(k, i, args[i].size, args[i].host));
		} else {
			mem[i] = clCreateBuffer(h->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
						args[i].size, args[i].host, &err);
			REQUIRE(err == CL_SUCCESS);
			CHECK_OK(clSetKernelArg(k, i, sizeof(cl_mem), &mem[i]));
		}
	}
	CHECK_OK(clEnqueueNDRangeKernel(h->queue, k, 1, NULL, &global, local ? &local : NULL, 0,
					NULL, NULL));
	for (int i = 0; i < nargs; i++)
		if (mem[i])
			CHECK_OK(clEnqueueReadBuffer(h->queue, mem[i], CL_TRUE, 0, args[i].size,
						     args[i].host, 0, NULL, NULL));
	CHECK_OK(clFinish(h->queue));
	for (int i = 0; i < nargs; i++)
		if (mem[i])
			clReleaseMemObject(mem[i]);
	clReleaseKernel(k);
}

/* A small deterministic generator (xorshift64*), so failures reproduce. */
static inline unsigned long long bh_rand(void)
{
	static unsigned long long s = 0x9e3779b97f4a7c15ull;
	s ^= s >> 12;
	s ^= s << 25;
	s ^= s >> 27;
	return s * 0x2545f4914f6cdd1dull;
}

#endif
