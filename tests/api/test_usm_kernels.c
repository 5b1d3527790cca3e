/* cl_intel_unified_shared_memory, the kernel side:
 * clSetKernelArgMemPointerINTEL with pointers anywhere inside host, device
 * and shared allocations (and malloc'ed memory, which shared system
 * allocations allow); indirect access through a table of pointers stored in
 * another allocation, with and without the INDIRECT_*_ACCESS_INTEL and
 * USM_PTRS_INTEL exec infos (and after clCloneKernel); atomics on a shared
 * allocation from a kernel and a host thread at once; clMemBlockingFreeINTEL
 * while a kernel that uses the memory is still running (it returns only
 * after the kernel); and the errors of each function. */
#include "usm_fns.h"

#include <pthread.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

static cl_platform_id platform;
static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;
static cl_program prog;

static const char *src =
	"__kernel void scale(__global const int *in, __global int *out, int k)\n"
	"{ size_t i = get_global_id(0); out[i] = in[i] * k; }\n"
	/* table[j] points at an array of n ints in some allocation */
	"__kernel void gather(__global int * __global const *table, int n,\n"
	"                     __global int *out)\n"
	"{ size_t i = get_global_id(0);\n"
	"  out[i] = table[i / n][i % n] + 1; }\n"
	"__kernel void count(__global atomic_int *c, int times)\n"
	"{ for (int i = 0; i < times; i++)\n"
	"    atomic_fetch_add_explicit(c, 1, memory_order_relaxed,\n"
	"                              memory_scope_all_svm_devices); }\n"
	/* Waits for the host's flag, then writes the data (one work-item). */
	"__kernel void wait_then_write(__global atomic_int *flag,\n"
	"                              __global int *data, int n)\n"
	"{ while (!atomic_load_explicit(flag, memory_order_acquire,\n"
	"                               memory_scope_all_svm_devices)) ;\n"
	"  for (int i = 0; i < n; i++) data[i] = i * 5; }\n";

static void test_args(void)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, "scale", &err);
	REQUIRE(err == CL_SUCCESS);
	const int n = 1000, factor = 3;
	int *in_kinds[4] = {
		p_clHostMemAllocINTEL(ctx, NULL, (n + 64) * sizeof(int), 0, NULL),
		p_clDeviceMemAllocINTEL(ctx, dev, NULL, (n + 64) * sizeof(int), 0, NULL),
		p_clSharedMemAllocINTEL(ctx, dev, NULL, (n + 64) * sizeof(int), 0, NULL),
		malloc((n + 64) * sizeof(int)),
	};
	int *out = p_clSharedMemAllocINTEL(ctx, NULL, NULL, (n + 64) * sizeof(int), 0, NULL);
	REQUIRE(out);
	for (int kind = 0; kind < 4; kind++) {
		int *in = in_kinds[kind];
		REQUIRE(in);
		for (int i = 0; i < n + 64; i++) {
			in[i] = i * 7 - kind;
			out[i] = -1;
		}
		/* Pointers inside the allocations, not their bases. */
		int off = 16 + kind;
		CHECK_OK(p_clSetKernelArgMemPointerINTEL(k, 0, in + off));
		CHECK_OK(p_clSetKernelArgMemPointerINTEL(k, 1, out + 32));
		CHECK_OK(clSetKernelArg(k, 2, sizeof(int), &factor));
		size_t gws = (size_t)n;
		CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &gws, NULL, 0, NULL, NULL));
		CHECK_OK(clFinish(q));
		int bad = 0;
		for (int i = 0; i < n + 64; i++) {
			int want = i >= 32 && i < 32 + n ? (i - 32 + off) * 7 * factor - kind * factor
							 : -1;
			bad += out[i] != want;
		}
		CHECK(bad == 0);
	}
	/* A USM pointer and a buffer in the same launch. */
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(p_clSetKernelArgMemPointerINTEL(k, 0, in_kinds[1]));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &buf));
	size_t gws = (size_t)n;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &gws, NULL, 0, NULL, NULL));
	int *host = malloc(n * sizeof(int));
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, n * sizeof(int), host, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += host[i] != (i * 7 - 1) * factor;
	CHECK(bad == 0);
	free(host);
	clReleaseMemObject(buf);

	/* Errors: any pointer value is valid (revision 1.1.0), NULL too. */
	CHECK_OK(p_clSetKernelArgMemPointerINTEL(k, 0, NULL));
	CHECK_OK(p_clSetKernelArgMemPointerINTEL(k, 0, (void *)(uintptr_t)0x1000));
	CHECK_ERR(p_clSetKernelArgMemPointerINTEL(NULL, 0, out), CL_INVALID_KERNEL);
	CHECK_ERR(p_clSetKernelArgMemPointerINTEL((cl_kernel)q, 0, out), CL_INVALID_KERNEL);
	CHECK_ERR(p_clSetKernelArgMemPointerINTEL(k, 3, out), CL_INVALID_ARG_INDEX);
	CHECK_ERR(p_clSetKernelArgMemPointerINTEL(k, 2, out), CL_INVALID_ARG_VALUE);

	for (int kind = 0; kind < 3; kind++)
		CHECK_OK(p_clMemFreeINTEL(ctx, in_kinds[kind]));
	free(in_kinds[3]);
	CHECK_OK(p_clMemFreeINTEL(ctx, out));
	clReleaseKernel(k);
}

/* A table (in a device allocation) of pointers into host, device, shared
 * and malloc'ed arrays; the kernel reads through it.  `mode` 0: no exec
 * info; 1: the three INDIRECT_*_ACCESS flags; 2: the explicit
 * USM_PTRS_INTEL list; 3: both, then the kernel cloned. */
static void test_indirect(int mode)
{
	enum { N = 257, PARTS = 4 };
	cl_int err;
	cl_kernel k = clCreateKernel(prog, "gather", &err);
	REQUIRE(err == CL_SUCCESS);
	int *parts[PARTS] = {
		p_clHostMemAllocINTEL(ctx, NULL, N * sizeof(int), 0, NULL),
		p_clDeviceMemAllocINTEL(ctx, dev, NULL, N * sizeof(int), 0, NULL),
		p_clSharedMemAllocINTEL(ctx, dev, NULL, N * sizeof(int), 0, NULL),
		malloc(N * sizeof(int)),
	};
	int **table = p_clDeviceMemAllocINTEL(ctx, dev, NULL, PARTS * sizeof(int *), 0, NULL);
	int *out = p_clHostMemAllocINTEL(ctx, NULL, PARTS * N * sizeof(int), 0, NULL);
	REQUIRE(table && out);
	for (int p = 0; p < PARTS; p++) {
		REQUIRE(parts[p]);
		for (int i = 0; i < N; i++)
			parts[p][i] = p * 100000 + i * 3 + mode;
	}
	/* The table is filled by the device (a copy), not the host. */
	CHECK_OK(p_clEnqueueMemcpyINTEL(q, CL_TRUE, table, parts, sizeof(parts), 0, NULL, NULL));
	if (mode == 1 || mode == 3) {
		cl_bool yes = CL_TRUE;
		CHECK_OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_INDIRECT_HOST_ACCESS_INTEL,
					     sizeof(yes), &yes));
		CHECK_OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_INDIRECT_DEVICE_ACCESS_INTEL,
					     sizeof(yes), &yes));
		CHECK_OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_INDIRECT_SHARED_ACCESS_INTEL,
					     sizeof(yes), &yes));
	}
	if (mode == 2 || mode == 3)
		CHECK_OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_USM_PTRS_INTEL,
					     3 * sizeof(void *), parts));
	cl_kernel run = k;
	if (mode == 3) {
		run = clCloneKernel(k, &err);
		CHECK(err == CL_SUCCESS);
		if (err != CL_SUCCESS)
			run = k;
	}
	int n = N;
	CHECK_OK(p_clSetKernelArgMemPointerINTEL(run, 0, table));
	CHECK_OK(clSetKernelArg(run, 1, sizeof(int), &n));
	CHECK_OK(p_clSetKernelArgMemPointerINTEL(run, 2, out));
	size_t gws = PARTS * N;
	CHECK_OK(clEnqueueNDRangeKernel(q, run, 1, NULL, &gws, NULL, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	int bad = 0;
	for (int p = 0; p < PARTS; p++)
		for (int i = 0; i < N; i++)
			bad += out[p * N + i] != p * 100000 + i * 3 + mode + 1;
	CHECK(bad == 0);
	if (run != k)
		clReleaseKernel(run);
	for (int p = 0; p < 3; p++)
		CHECK_OK(p_clMemFreeINTEL(ctx, parts[p]));
	free(parts[3]);
	CHECK_OK(p_clMemFreeINTEL(ctx, table));
	CHECK_OK(p_clMemFreeINTEL(ctx, out));
	clReleaseKernel(k);
}

static void test_exec_info_errors(void)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, "gather", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_bool yes = CL_TRUE, no = CL_FALSE;
	void *ptrs[2] = { &yes, &no };
	CHECK_OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_INDIRECT_HOST_ACCESS_INTEL,
				     sizeof(no), &no));
	CHECK_ERR(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_INDIRECT_HOST_ACCESS_INTEL,
				      sizeof(yes) + 1, &yes), CL_INVALID_VALUE);
	CHECK_ERR(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_INDIRECT_DEVICE_ACCESS_INTEL,
				      sizeof(yes), NULL), CL_INVALID_VALUE);
	CHECK_ERR(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_INDIRECT_SHARED_ACCESS_INTEL,
				      1, &yes), CL_INVALID_VALUE);
	CHECK_ERR(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_USM_PTRS_INTEL,
				      sizeof(void *) + 1, ptrs), CL_INVALID_VALUE);
	CHECK_ERR(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_USM_PTRS_INTEL,
				      sizeof(void *), NULL), CL_INVALID_VALUE);
	/* Any pointers (revision 1.1.0); an empty list empties the set. */
	CHECK_OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_USM_PTRS_INTEL, sizeof(ptrs), ptrs));
	CHECK_OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_USM_PTRS_INTEL, 0, NULL));
	CHECK_ERR(clSetKernelExecInfo(NULL, CL_KERNEL_EXEC_INFO_USM_PTRS_INTEL, 0, NULL),
		  CL_INVALID_KERNEL);
	CHECK_ERR(clSetKernelExecInfo(k, 0x4208, sizeof(yes), &yes), CL_INVALID_VALUE);
	clReleaseKernel(k);
}

struct adder {
	atomic_int *counter;
	int times;
};

static void *host_adder(void *arg)
{
	struct adder *a = arg;
	for (int i = 0; i < a->times; i++)
		atomic_fetch_add_explicit(a->counter, 1, memory_order_relaxed);
	return NULL;
}

/* A kernel and a host thread increment one counter in a shared
 * allocation at the same time (CONCURRENT_ATOMIC_ACCESS). */
static void test_atomics(void)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, "count", &err);
	REQUIRE(err == CL_SUCCESS);
	atomic_int *c = p_clSharedMemAllocINTEL(ctx, dev, NULL, sizeof(atomic_int), 0, NULL);
	REQUIRE(c);
	atomic_store(c, 0);
	int times = 2000;
	size_t gws = 64;
	CHECK_OK(p_clSetKernelArgMemPointerINTEL(k, 0, c));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(int), &times));
	struct adder a = { c, 100000 };
	pthread_t t;
	REQUIRE(pthread_create(&t, NULL, host_adder, &a) == 0);
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &gws, NULL, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	pthread_join(t, NULL);
	CHECK(atomic_load(c) == 64 * 2000 + 100000);
	CHECK_OK(p_clMemFreeINTEL(ctx, c));
	clReleaseKernel(k);
}

struct releaser {
	atomic_int *flag;
	atomic_int released; /* set just before the flag */
};

static void *release_later(void *arg)
{
	struct releaser *r = arg;
	usleep(200 * 1000);
	atomic_store(&r->released, 1);
	atomic_store(r->flag, 1);
	return NULL;
}

/* clMemBlockingFreeINTEL on memory a running kernel uses returns only
 * after the kernel completed: the kernel waits for a flag another thread
 * sets 200 ms later, then writes the memory. */
static void test_blocking_free(void)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, "wait_then_write", &err);
	REQUIRE(err == CL_SUCCESS);
	enum { N = 4096 };
	atomic_int *flag = p_clHostMemAllocINTEL(ctx, NULL, sizeof(atomic_int), 0, NULL);
	int *data = p_clSharedMemAllocINTEL(ctx, dev, NULL, N * sizeof(int), 0, NULL);
	REQUIRE(flag && data);
	atomic_store(flag, 0);
	int n = N;
	CHECK_OK(p_clSetKernelArgMemPointerINTEL(k, 0, flag));
	CHECK_OK(p_clSetKernelArgMemPointerINTEL(k, 1, data));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(int), &n));
	struct releaser r = { flag, 0 };
	pthread_t t;
	REQUIRE(pthread_create(&t, NULL, release_later, &r) == 0);
	size_t gws = 1;
	cl_event e;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &gws, NULL, 0, NULL, &e));
	CHECK_OK(clFlush(q));
	/* The data is a shared allocation; a second queue of the context
	 * holds nothing, and the free still waits for the first. */
	cl_command_queue q2 = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(p_clMemBlockingFreeINTEL(ctx, data));
	CHECK(atomic_load(&r.released) == 1);
	cl_int status = -1;
	CHECK_OK(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL));
	CHECK(status == CL_COMPLETE);
	pthread_join(t, NULL);
	clReleaseEvent(e);
	clReleaseCommandQueue(q2);
	/* The memory is gone from the registry. */
	cl_uint type = 0;
	CHECK_OK(p_clGetMemAllocInfoINTEL(ctx, data, CL_MEM_ALLOC_TYPE_INTEL, sizeof(type), &type,
					  NULL));
	CHECK(type == CL_MEM_TYPE_UNKNOWN_INTEL);

	/* With nothing queued it returns at once; a queue of another
	 * context that is busy is not waited for. */
	cl_context other = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_command_queue oq = clCreateCommandQueueWithProperties(other, dev, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_event gate = clCreateUserEvent(other, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clEnqueueMarkerWithWaitList(oq, 1, &gate, NULL));
	void *p = p_clDeviceMemAllocINTEL(ctx, dev, NULL, 64, 0, NULL);
	REQUIRE(p);
	CHECK_OK(p_clMemBlockingFreeINTEL(ctx, p)); /* would hang if it waited for oq */
	clSetUserEventStatus(gate, CL_COMPLETE);
	clFinish(oq);
	clReleaseEvent(gate);
	clReleaseCommandQueue(oq);
	clReleaseContext(other);
	CHECK_OK(p_clMemFreeINTEL(ctx, flag));
	clReleaseKernel(k);
}

int main(void)
{
	check_setup(&platform, &dev, &ctx, &q);
	usm_load(platform, dev);
	prog = check_build(ctx, dev, src, "-cl-std=CL2.0");
	test_args();
	for (int mode = 0; mode < 4; mode++)
		test_indirect(mode);
	test_exec_info_errors();
	test_atomics();
	test_blocking_free();
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
