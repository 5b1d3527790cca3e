/* cl_khr_command_buffer_mutable_dispatch 0.9.5: updating a recorded
 * kernel's arguments (values, buffers, SVM pointers), exec info, global
 * offset and size, and local size between enqueues, with the results
 * checked against a host model after each; arguments set only after
 * recording; updates while an execution is in flight (which keeps what it
 * started with); several configs in one call; the handle queries. */
#include "command_buffer_fns.h"

#include <stdint.h>

static cl_platform_id plat;
static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;
static cl_program prog;
static const cl_uint TYPE = KILN_STRUCTURE_TYPE_MUTABLE_DISPATCH_CONFIG;

enum { N = 512, CAP = 2048 };

static const char *src =
	"__kernel void k(__global int *d, __global const int *s, int v)\n"
	"{ size_t i = get_global_id(0);\n"
	"  d[i] = s[i] * v + (int)get_local_size(0) * 100000; }\n";

static cl_mem buf(void)
{
	cl_int err;
	cl_mem m = clCreateBuffer(ctx, 0, CAP * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	return m;
}

static void fill(cl_mem m, cl_int v)
{
	CHECK_OK(clEnqueueFillBuffer(q, m, &v, sizeof(v), 0, CAP * sizeof(int), 0,
				     NULL, NULL));
	CHECK_OK(clFinish(q));
}

static void read(cl_mem m, int *out)
{
	CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, CAP * sizeof(int), out, 0,
				     NULL, NULL));
}

/* Checks d against the kernel run over [off, off + n) with source values
 * s[i] = i + 1, factor v and local size l; `untouched` elsewhere. */
static int model_diff(const int *d, size_t off, size_t n, int v, size_t l,
		      int untouched)
{
	int bad = 0;
	for (size_t i = 0; i < CAP; i++) {
		int want = i >= off && i < off + n
				   ? (int)(i + 1) * v + (int)l * 100000
				   : untouched;
		bad += d[i] != want;
	}
	return bad;
}

static cl_int update(cl_command_buffer_khr b, kiln_mutable_dispatch_config *c)
{
	const void *cfg[1] = { c };
	return cb.clUpdateMutableCommandsKHR(b, 1, &TYPE, cfg);
}

static void test_updates(void)
{
	static int src_host[CAP], back[CAP];
	cl_int err;
	for (int i = 0; i < CAP; i++)
		src_host[i] = i + 1;
	cl_mem S = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(src_host),
				  src_host, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem D1 = buf(), D2 = buf();
	cl_kernel k = clCreateKernel(prog, "k", &err);
	cl_int v = 2;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(D1), &D1));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(S), &S));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(v), &v));
	cl_command_buffer_properties_khr props[] = {
		CL_COMMAND_BUFFER_FLAGS_KHR,
		CL_COMMAND_BUFFER_MUTABLE_KHR | CL_COMMAND_BUFFER_SIMULTANEOUS_USE_KHR, 0
	};
	cl_command_buffer_khr b = cb.clCreateCommandBufferKHR(1, &q, props, &err);
	REQUIRE(err == CL_SUCCESS);
	size_t n = N, l = 16;
	cl_mutable_command_khr h = NULL;
	CHECK_OK(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, k, 1, NULL, &n, &l, 0,
					      NULL, NULL, &h));
	CHECK(h != NULL);
	CHECK_OK(cb.clFinalizeCommandBufferKHR(b));

	fill(D1, -1);
	CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, NULL));
	read(D1, back);
	CHECK(model_diff(back, 0, N, 2, 16, -1) == 0);

	/* A value argument. */
	kiln_mutable_dispatch_config c = { 0 };
	c.command = h;
	cl_int v2 = 7;
	cl_mutable_dispatch_arg_khr a_v = { 2, sizeof(v2), &v2 };
	c.num_args = 1;
	c.arg_list = &a_v;
	CHECK_OK(update(b, &c));
	fill(D1, -1);
	CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, NULL));
	read(D1, back);
	CHECK(model_diff(back, 0, N, 7, 16, -1) == 0);

	/* A buffer argument: the old one is left alone. */
	cl_mutable_dispatch_arg_khr a_d = { 0, sizeof(D2), &D2 };
	c.arg_list = &a_d;
	fill(D1, -1);
	fill(D2, -2);
	CHECK_OK(update(b, &c));
	CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, NULL));
	read(D2, back);
	CHECK(model_diff(back, 0, N, 7, 16, -2) == 0);
	read(D1, back);
	CHECK(model_diff(back, 0, 0, 7, 16, -1) == 0);

	/* Global offset and size, then the local size. */
	c.num_args = 0;
	c.arg_list = NULL;
	size_t off = 300, g = 1024;
	c.global_work_offset = &off;
	c.global_work_size = &g;
	fill(D2, -3);
	CHECK_OK(update(b, &c));
	CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, NULL));
	read(D2, back);
	CHECK(model_diff(back, 300, 1024, 7, 16, -3) == 0);
	c.global_work_offset = NULL;
	c.global_work_size = NULL;
	size_t l2 = 64;
	c.local_work_size = &l2;
	fill(D2, -4);
	CHECK_OK(update(b, &c));
	CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, NULL));
	read(D2, back);
	CHECK(model_diff(back, 300, 1024, 7, 64, -4) == 0);
	/* A bad local size is refused and changes nothing. */
	size_t l3 = 48; /* does not divide 1024 in a uniform program */
	c.local_work_size = &l3;
	CHECK_ERR(update(b, &c), CL_INVALID_WORK_GROUP_SIZE);
	c.local_work_size = NULL;
	/* All or nothing: a call whose second config fails keeps the first
	 * one's change out too. */
	{
		cl_int v9 = 1000;
		cl_mutable_dispatch_arg_khr good = { 2, sizeof(v9), &v9 };
		cl_mutable_dispatch_arg_khr bad = { 17, sizeof(v9), &v9 };
		kiln_mutable_dispatch_config c1 = { 0 }, c2 = { 0 };
		c1.command = c2.command = h;
		c1.num_args = c2.num_args = 1;
		c1.arg_list = &good;
		c2.arg_list = &bad;
		const void *two[2] = { &c1, &c2 };
		cl_uint types[2] = { TYPE, TYPE };
		CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 2, types, two),
			  CL_INVALID_ARG_INDEX);
		fill(D2, -7);
		CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, NULL));
		read(D2, back);
		CHECK(model_diff(back, 300, 1024, 7, 64, -7) == 0);
		/* Two configs of one command in one call apply in order. */
		cl_int v10 = 10;
		cl_mutable_dispatch_arg_khr later = { 2, sizeof(v10), &v10 };
		c2.arg_list = &later;
		CHECK_OK(cb.clUpdateMutableCommandsKHR(b, 2, types, two));
		fill(D2, -8);
		CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, NULL));
		read(D2, back);
		CHECK(model_diff(back, 300, 1024, 10, 64, -8) == 0);
		/* Back to 7 for what follows. */
		c1.arg_list = &a_v;
		const void *one[1] = { &c1 };
		CHECK_OK(cb.clUpdateMutableCommandsKHR(b, 1, types, one));
	}

	/* The handle's queries follow the updates. */
	cl_uint dim = 0;
	size_t qs[3] = { 0 }, sz = 0;
	cl_kernel qk = NULL;
	cl_command_buffer_khr qb = NULL;
	cl_command_queue qq = NULL;
	cl_command_type t = 0;
	CHECK_OK(cb.clGetMutableCommandInfoKHR(h, CL_MUTABLE_DISPATCH_DIMENSIONS_KHR,
					       sizeof(dim), &dim, NULL));
	CHECK(dim == 1);
	CHECK_OK(cb.clGetMutableCommandInfoKHR(h, CL_MUTABLE_DISPATCH_GLOBAL_WORK_OFFSET_KHR,
					       sizeof(qs), qs, &sz));
	CHECK(sz == sizeof(size_t) && qs[0] == 300);
	CHECK_OK(cb.clGetMutableCommandInfoKHR(h, CL_MUTABLE_DISPATCH_GLOBAL_WORK_SIZE_KHR,
					       sizeof(qs), qs, NULL));
	CHECK(qs[0] == 1024);
	CHECK_OK(cb.clGetMutableCommandInfoKHR(h, CL_MUTABLE_DISPATCH_LOCAL_WORK_SIZE_KHR,
					       sizeof(qs), qs, NULL));
	CHECK(qs[0] == 64);
	CHECK_OK(cb.clGetMutableCommandInfoKHR(h, CL_MUTABLE_DISPATCH_KERNEL_KHR,
					       sizeof(qk), &qk, NULL));
	CHECK(qk == k);
	CHECK_OK(cb.clGetMutableCommandInfoKHR(h, CL_MUTABLE_COMMAND_COMMAND_BUFFER_KHR,
					       sizeof(qb), &qb, NULL));
	CHECK(qb == b);
	CHECK_OK(cb.clGetMutableCommandInfoKHR(h, CL_MUTABLE_COMMAND_COMMAND_QUEUE_KHR,
					       sizeof(qq), &qq, NULL));
	CHECK(qq == q);
	CHECK_OK(cb.clGetMutableCommandInfoKHR(h, CL_MUTABLE_COMMAND_COMMAND_TYPE_KHR,
					       sizeof(t), &t, NULL));
	CHECK(t == CL_COMMAND_NDRANGE_KERNEL);
	CHECK_OK(cb.clGetMutableCommandInfoKHR(h, CL_MUTABLE_COMMAND_PROPERTIES_ARRAY_KHR,
					       0, NULL, &sz));
	CHECK(sz == 0);

	/* An update while an execution waits: the waiting one runs with what
	 * it was enqueued with, the next with the update. */
	fill(D1, -5);
	fill(D2, -5);
	cl_event gate = clCreateUserEvent(ctx, &err);
	cl_event e1, e2;
	CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 1, &gate, &e1));
	cl_int v3 = -9;
	cl_mutable_dispatch_arg_khr both[2] = { { 0, sizeof(D1), &D1 },
						{ 2, sizeof(v3), &v3 } };
	c.num_args = 2;
	c.arg_list = both;
	CHECK_OK(update(b, &c));
	CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, &e2));
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &e2));
	read(D2, back);
	CHECK(model_diff(back, 300, 1024, 7, 64, -5) == 0);
	read(D1, back);
	CHECK(model_diff(back, 300, 1024, -9, 64, -5) == 0);
	clReleaseEvent(e1);
	clReleaseEvent(e2);
	clReleaseEvent(gate);

	/* Changing the application's kernel changes nothing recorded. */
	CHECK_OK(clSetKernelArg(k, 2, sizeof(v), &v));
	fill(D1, -6);
	CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, NULL));
	read(D1, back);
	CHECK(model_diff(back, 300, 1024, -9, 64, -6) == 0);

	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
	clReleaseKernel(k);
	clReleaseMemObject(S);
	clReleaseMemObject(D1);
	clReleaseMemObject(D2);
}

/* Arguments set only by update (0.9.5), two commands updated by one call,
 * SVM pointer arguments and exec info. */
static void test_deferred_and_svm(void)
{
	static int src_host[CAP], back[CAP];
	cl_int err;
	for (int i = 0; i < CAP; i++)
		src_host[i] = i + 1;
	cl_mem S = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(src_host),
				  src_host, &err);
	cl_mem D = buf();
	cl_kernel k = clCreateKernel(prog, "k", &err);
	CHECK_OK(clSetKernelArg(k, 1, sizeof(S), &S));
	cl_command_buffer_properties_khr props[] = { CL_COMMAND_BUFFER_FLAGS_KHR,
						     CL_COMMAND_BUFFER_MUTABLE_KHR, 0 };
	cl_command_buffer_khr b = cb.clCreateCommandBufferKHR(1, &q, props, &err);
	REQUIRE(err == CL_SUCCESS);
	size_t n = N, l = 8, off2 = N;
	cl_mutable_command_khr h1, h2;
	CHECK_OK(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, k, 1, NULL, &n, &l, 0,
					      NULL, NULL, &h1));
	CHECK_OK(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, k, 1, &off2, &n, &l, 0,
					      NULL, NULL, &h2));
	CHECK_OK(cb.clFinalizeCommandBufferKHR(b));
	cl_command_buffer_state_khr st = 0;
	CHECK_OK(cb.clGetCommandBufferInfoKHR(b, CL_COMMAND_BUFFER_STATE_KHR,
					      sizeof(st), &st, NULL));
	CHECK(st == CL_COMMAND_BUFFER_STATE_FINALIZED_KHR);
	CHECK_ERR(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, NULL),
		  CL_INVALID_OPERATION);
	/* One config sets the first command's arguments: still missing the
	 * second's. */
	cl_int v1 = 3, v2 = 4;
	cl_mutable_dispatch_arg_khr a1[2] = { { 0, sizeof(D), &D },
					      { 2, sizeof(v1), &v1 } };
	cl_mutable_dispatch_arg_khr a2[2] = { { 0, sizeof(D), &D },
					      { 2, sizeof(v2), &v2 } };
	kiln_mutable_dispatch_config c1 = { 0 }, c2 = { 0 };
	c1.command = h1;
	c1.num_args = 2;
	c1.arg_list = a1;
	c2.command = h2;
	c2.num_args = 2;
	c2.arg_list = a2;
	const void *one[1] = { &c1 };
	CHECK_OK(cb.clUpdateMutableCommandsKHR(b, 1, &TYPE, one));
	CHECK_OK(cb.clGetCommandBufferInfoKHR(b, CL_COMMAND_BUFFER_STATE_KHR,
					      sizeof(st), &st, NULL));
	CHECK(st == CL_COMMAND_BUFFER_STATE_FINALIZED_KHR);
	const void *two[2] = { &c1, &c2 };
	cl_uint types[2] = { TYPE, TYPE };
	CHECK_OK(cb.clUpdateMutableCommandsKHR(b, 2, types, two));
	CHECK_OK(cb.clGetCommandBufferInfoKHR(b, CL_COMMAND_BUFFER_STATE_KHR,
					      sizeof(st), &st, NULL));
	CHECK(st == CL_COMMAND_BUFFER_STATE_EXECUTABLE_KHR);
	fill(D, 0);
	CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, NULL));
	read(D, back);
	int bad = 0;
	for (int i = 0; i < CAP; i++) {
		int want = i < N ? (i + 1) * 3 + 800000
			   : i < 2 * N ? (i + 1) * 4 + 800000 : 0;
		bad += back[i] != want;
	}
	CHECK(bad == 0);

	/* SVM pointers as arguments, and exec info. */
	cl_device_svm_capabilities caps = 0;
	clGetDeviceInfo(dev, CL_DEVICE_SVM_CAPABILITIES, sizeof(caps), &caps, NULL);
	if (caps & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER) {
		int *sv = clSVMAlloc(ctx, 0, CAP * sizeof(int), 0);
		REQUIRE(sv);
		cl_mutable_dispatch_arg_khr sa = { 0, 0, sv };
		void *ptrs[1] = { sv };
		cl_mutable_dispatch_exec_info_khr ei = { CL_KERNEL_EXEC_INFO_SVM_PTRS,
							 sizeof(ptrs), ptrs };
		kiln_mutable_dispatch_config c = { 0 };
		c.command = h1;
		c.num_svm_args = 1;
		c.arg_svm_list = &sa;
		c.num_exec_infos = 1;
		c.exec_info_list = &ei;
		const void *cfg[1] = { &c };
		CHECK_OK(cb.clUpdateMutableCommandsKHR(b, 1, &TYPE, cfg));
		/* A bad exec-info name: clSetKernelExecInfo's error. */
		cl_mutable_dispatch_exec_info_khr bad_ei = { 0x5555, sizeof(ptrs), ptrs };
		c.num_svm_args = 0;
		c.arg_svm_list = NULL;
		c.exec_info_list = &bad_ei;
		CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, &TYPE, cfg),
			  CL_INVALID_VALUE);
		fill(D, 0);
		CHECK_OK(clEnqueueSVMMemFill(q, sv, &(cl_int){ -1 }, sizeof(cl_int),
					     CAP * sizeof(int), 0, NULL, NULL));
		CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, NULL));
		CHECK_OK(clFinish(q));
		CHECK_OK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, sv, CAP * sizeof(int),
					 0, NULL, NULL));
		bad = 0;
		for (int i = 0; i < CAP; i++)
			bad += sv[i] != (i < N ? (i + 1) * 3 + 800000 : -1);
		CHECK(bad == 0);
		CHECK_OK(clEnqueueSVMUnmap(q, sv, 0, NULL, NULL));
		read(D, back);
		bad = 0;
		for (int i = 0; i < CAP; i++)
			bad += back[i] != (i >= N && i < 2 * N ? (i + 1) * 4 + 800000 : 0);
		CHECK(bad == 0);
		CHECK_OK(clFinish(q));
		clSVMFree(ctx, sv);
	}
	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
	clReleaseKernel(k);
	clReleaseMemObject(S);
	clReleaseMemObject(D);
}

int main(void)
{
	check_setup(&plat, &dev, &ctx, &q);
	cb_load(plat, dev);
	prog = check_build(ctx, dev, src, NULL);
	test_updates();
	test_deferred_and_svm();
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
