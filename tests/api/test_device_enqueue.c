/* Device-side enqueue (OpenCL C 3.0 §6.15.15) and on-device queues
 * (OpenCL 3.0 §5.1): every enqueue_kernel form, captured variables,
 * __local block parameters, events between children, markers, user
 * events, CLK_ENQUEUE_FLAGS_WAIT_KERNEL ordering, 16 levels of nested
 * recursion and a tree of children, a parent's completion after its
 * children, the kernel queries, error returns, and the host side of
 * on-device queues.  Results are checked against host computations.
 *
 * A device that does not report device-side enqueue must say so
 * consistently (capabilities 0, on-device queues refused). */
#include "../common/check.h"

static const char *src =
	"kernel void basic(global int *out, int n, int k) {\n"
	"  int c = 7;\n"
	"  if (get_global_id(0) == 0)\n"
	"    out[n] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,\n"
	"                            ndrange_1D(n), ^{ size_t i = get_global_id(0);\n"
	"                                              out[i] = (int)i * k + c; });\n"
	"}\n"
	/* The child waits for the whole parent: it sees every parent write. */
	"kernel void wait_kernel(global int *flags, global int *sum, int n) {\n"
	"  size_t g = get_global_id(0);\n"
	"  if (g == 0)\n"
	"    sum[1] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,\n"
	"                            ndrange_1D(1), ^{ int s = 0;\n"
	"                              for (int i = 0; i < n; i++) s += flags[i];\n"
	"                              sum[0] = s; });\n"
	"  for (volatile int spin = 0; spin < 2000; spin++) ;\n"
	"  flags[g] = (int)g + 1;\n"
	"}\n"
	/* Events: b waits for a; marker waits for both; c waits for the
	 * marker; a user event gates d. */
	"kernel void events(global int *a, global int *b, global int *c, global int *r, int n) {\n"
	"  queue_t q = get_default_queue();\n"
	"  clk_event_t ea, eb, em, ec, u;\n"
	"  r[0] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(n), 0, NULL, &ea,\n"
	"                        ^{ size_t i = get_global_id(0); for (volatile int s = 0; s < 500; s++) ; a[i] = (int)i; });\n"
	"  r[1] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(n), 1, &ea, &eb,\n"
	"                        ^{ size_t i = get_global_id(0); b[i] = a[i] * 2; });\n"
	"  clk_event_t both[2] = { ea, eb };\n"
	"  r[2] = enqueue_marker(q, 2, both, &em);\n"
	"  r[3] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 1, &em, &ec,\n"
	"                        ^{ int s = 0; for (int i = 0; i < n; i++) s += a[i] + b[i]; c[0] = s; });\n"
	"  u = create_user_event();\n"
	"  r[4] = is_valid_event(u);\n"
	"  r[5] = is_valid_event(CLK_NULL_EVENT);\n"
	"  r[6] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 1, &u, NULL,\n"
	"                        ^{ c[1] = 42; });\n"
	"  set_user_event_status(u, CL_COMPLETE);\n"
	"  release_event(u); release_event(ea); release_event(eb);\n"
	"  release_event(em); release_event(ec);\n"
	"}\n"
	/* __local block parameters, with and without events. */
	"kernel void locals(global int *out, global int *r, int n) {\n"
	"  queue_t q = get_default_queue();\n"
	"  ndrange_t nd = ndrange_1D(n, 16);\n"
	"  r[0] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, nd,\n"
	"    ^(local void *p) { local int *l = p; size_t li = get_local_id(0);\n"
	"      l[li] = (int)get_global_id(0); barrier(CLK_LOCAL_MEM_FENCE);\n"
	"      out[get_global_id(0)] = l[15 - li]; }, 16u * sizeof(int));\n"
	"  clk_event_t e;\n"
	"  r[1] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, nd, 0, NULL, &e,\n"
	"    ^(local void *p, local void *p2) { local int *l = p; local long *m = p2;\n"
	"      size_t li = get_local_id(0); l[li] = 1; m[li] = 2; barrier(CLK_LOCAL_MEM_FENCE);\n"
	"      int s = 0; for (int j = 0; j < 16; j++) s += l[j] + (int)m[j];\n"
	"      out[n + get_global_id(0)] = s; }, 16u * sizeof(int), 16u * sizeof(long));\n"
	"  release_event(e);\n"
	"  r[2] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, nd, ^(local void *p) { }, 0u);\n"
	"}\n"
	/* 16 levels of nested children, each a child of the one before. */
	"kernel void nest(global int *out, int depth) {\n"
	"  for (volatile int s = 0; s < 20000; s++) ;\n"
	"  out[depth] = depth + 1;\n"
	"  if (depth < 16)\n"
	"    out[32 + depth] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,\n"
	"                                     ndrange_1D(1), ^{ nest(out, depth + 1); });\n"
	"}\n"
	/* A binary tree of children, every node a work-item of its own. */
	"kernel void tree(global atomic_int *count, global int *err, int depth) {\n"
	"  atomic_fetch_add_explicit(count, 1, memory_order_relaxed, memory_scope_device);\n"
	"  if (depth > 0) {\n"
	"    int e = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,\n"
	"                           ndrange_1D(2), ^{ tree(count, err, depth - 1); });\n"
	"    if (e) atomic_fetch_add_explicit((global atomic_int *)err, 1, memory_order_relaxed, memory_scope_device);\n"
	"  }\n"
	"}\n"
	"kernel void queries(global uint *r) {\n"
	"  void (^b)(void) = ^{ };\n"
	"  r[0] = get_kernel_work_group_size(b);\n"
	"  r[1] = get_kernel_preferred_work_group_size_multiple(b);\n"
	"#if defined(__opencl_c_subgroups) || defined(cl_khr_subgroups)\n"
	"  r[2] = get_kernel_sub_group_count_for_ndrange(ndrange_1D(64, 64), b);\n"
	"  r[3] = get_kernel_max_sub_group_size_for_ndrange(ndrange_1D(64, 64), b);\n"
	"  r[4] = get_kernel_sub_group_count_for_ndrange(ndrange_1D(64, 5), b);\n"
	"#else\n"
	"  r[2] = r[3] = r[4] = 0xffffffffu;\n"
	"#endif\n"
	"}\n"
	"kernel void errors(global int *r, queue_t small, global int *hits) {\n"
	"  queue_t q = get_default_queue();\n"
	"  size_t big[3] = { 1u << 20, 1, 1 };\n"
	"  r[0] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(0), ^{ hits[0]++; });\n"
	"  r[1] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1u << 20, 1u << 20), ^{ hits[0]++; });\n"
	"  r[2] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(4), 1, NULL, NULL, ^{ hits[0]++; });\n"
	"  clk_event_t e = CLK_NULL_EVENT;\n"
	"  r[3] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(4), 0, &e, NULL, ^{ hits[0]++; });\n"
	"  r[4] = enqueue_marker(q, 0, NULL, &e);\n"
	"  r[5] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_3D(big, big), ^{ hits[0]++; });\n"
	/* The small queue holds 4 commands: children that wait for this
	 * kernel stay on it, so the fifth is refused. */
	"  for (int i = 0; i < 6; i++)\n"
	"    r[6 + i] = enqueue_kernel(small, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(1),\n"
	"                              ^{ atomic_inc(&hits[1]); });\n"
	"}\n"
	/* Children that run as fibers: one waits in a loop for another
	 * sub-group of its group (independent forward progress), so its
	 * work-items run on stacks of their own. */
	"kernel void fiber_child(global atomic_int *flag, global int *out) {\n"
	"  enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(256, 64), ^{\n"
	"    size_t l = get_local_id(0), g = get_group_id(0);\n"
	"    if (l == 0)\n"
	"      while (atomic_load(&flag[g]) == 0) ;\n"
	"    if (l == 63)\n"
	"      atomic_store(&flag[g], 1);\n"
	"    out[get_global_id(0)] = (int)l + 1; });\n"
	"}\n"
	/* A child whose wait list holds a failed user event does not run,
	 * and its parent's status becomes an error (OpenCL C 3.0
	 * §6.15.15). */
	"kernel void failed_child(global int *out) {\n"
	"  clk_event_t u = create_user_event();\n"
	"  enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 1, &u, NULL,\n"
	"                 ^{ out[0] = 1; });\n"
	"  set_user_event_status(u, -1);\n"
	"  release_event(u);\n"
	"  out[1] = 2;\n"
	"}\n"
	/* A child writing the elements of __local float4s one component at
	 * a time, then reading them whole: with KILN_CHECK=1 (ctest's
	 * _checked run) no uninitialized read may be reported. */
	"kernel void components(global int *out) {\n"
	"  enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(16, 16),\n"
	"    ^(local void *p) { local float4 *v = p; int li = (int)get_local_id(0);\n"
	"      v[li].x = li; v[li].y = 2 * li; v[li].z = 3 * li; v[li].w = 4 * li;\n"
	"      float4 r = v[li]; out[get_global_id(0)] = (int)(r.x + r.y + r.z + r.w); },\n"
	"    16u * sizeof(float4));\n"
	"}\n"
	"kernel void profile(global ulong *t) {\n"
	"  clk_event_t e;\n"
	"  enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(64), 0, NULL, &e,\n"
	"                 ^{ for (volatile int s = 0; s < 10000; s++) ; });\n"
	"  capture_event_profiling_info(e, CLK_PROFILING_COMMAND_EXEC_TIME, t);\n"
	"  release_event(e);\n"
	"}\n";

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue hq;
static cl_program prog;

static cl_mem buf(size_t bytes)
{
	cl_int err;
	cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	int zero = 0;
	REQUIRE(clEnqueueFillBuffer(hq, m, &zero, sizeof(zero), 0, bytes, 0, NULL, NULL) == CL_SUCCESS);
	return m;
}

static void read(cl_mem m, void *dst, size_t bytes)
{
	REQUIRE(clEnqueueReadBuffer(hq, m, CL_TRUE, 0, bytes, dst, 0, NULL, NULL) == CL_SUCCESS);
}

static cl_kernel kernel(const char *name)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	REQUIRE(err == CL_SUCCESS);
	return k;
}

static void run(cl_kernel k, size_t global, cl_event *ev)
{
	CHECK_OK(clEnqueueNDRangeKernel(hq, k, 1, NULL, &global, NULL, 0, NULL, ev));
	CHECK_OK(clFinish(hq));
}

static void test_basic(void)
{
	enum { N = 1000 };
	cl_mem out = buf((N + 1) * sizeof(int));
	cl_kernel k = kernel("basic");
	int n = N, mul = 3;
	clSetKernelArg(k, 0, sizeof(out), &out);
	clSetKernelArg(k, 1, sizeof(int), &n);
	clSetKernelArg(k, 2, sizeof(int), &mul);
	run(k, 64, NULL);
	int r[N + 1];
	read(out, r, sizeof(r));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += r[i] != i * 3 + 7;
	CHECK(bad == 0);
	CHECK(r[N] == 0 /* CLK_SUCCESS */);
	clReleaseKernel(k);
	clReleaseMemObject(out);
}

static void test_wait_kernel(void)
{
	enum { N = 256 };
	cl_mem flags = buf(N * sizeof(int)), sum = buf(2 * sizeof(int));
	cl_kernel k = kernel("wait_kernel");
	int n = N;
	clSetKernelArg(k, 0, sizeof(flags), &flags);
	clSetKernelArg(k, 1, sizeof(sum), &sum);
	clSetKernelArg(k, 2, sizeof(int), &n);
	for (int rep = 0; rep < 5; rep++) {
		run(k, N, NULL);
		int s[2];
		read(sum, s, sizeof(s));
		CHECK(s[0] == N * (N + 1) / 2);
		CHECK(s[1] == 0);
	}
	clReleaseKernel(k);
	clReleaseMemObject(flags);
	clReleaseMemObject(sum);
}

static void test_events(void)
{
	enum { N = 300 };
	cl_mem a = buf(N * 4), b = buf(N * 4), c = buf(8), r = buf(7 * 4);
	cl_kernel k = kernel("events");
	int n = N;
	clSetKernelArg(k, 0, sizeof(a), &a);
	clSetKernelArg(k, 1, sizeof(b), &b);
	clSetKernelArg(k, 2, sizeof(c), &c);
	clSetKernelArg(k, 3, sizeof(r), &r);
	clSetKernelArg(k, 4, sizeof(int), &n);
	for (int rep = 0; rep < 5; rep++) {
		run(k, 1, NULL);
		int rv[7], cv[2], bv[N];
		read(r, rv, sizeof(rv));
		read(c, cv, sizeof(cv));
		read(b, bv, sizeof(bv));
		for (int i = 0; i < 4; i++)
			CHECK(rv[i] == 0);
		CHECK(rv[4] == 1 && rv[5] == 0 && rv[6] == 0);
		int bad = 0;
		for (int i = 0; i < N; i++)
			bad += bv[i] != 2 * i;
		CHECK(bad == 0);
		CHECK(cv[0] == 3 * N * (N - 1) / 2);
		CHECK(cv[1] == 42);
	}
	clReleaseKernel(k);
	clReleaseMemObject(a);
	clReleaseMemObject(b);
	clReleaseMemObject(c);
	clReleaseMemObject(r);
}

static void test_locals(void)
{
	enum { N = 128 };
	cl_mem out = buf(2 * N * 4), r = buf(3 * 4);
	cl_kernel k = kernel("locals");
	int n = N;
	clSetKernelArg(k, 0, sizeof(out), &out);
	clSetKernelArg(k, 1, sizeof(r), &r);
	clSetKernelArg(k, 2, sizeof(int), &n);
	run(k, 1, NULL);
	int o[2 * N], rv[3];
	read(out, o, sizeof(o));
	read(r, rv, sizeof(rv));
	CHECK(rv[0] == 0 && rv[1] == 0);
	CHECK(rv[2] == -51 /* CLK_INVALID_ARG_SIZE */);
	int bad = 0;
	for (int i = 0; i < N; i++) {
		int group = i / 16, li = i % 16;
		bad += o[i] != group * 16 + (15 - li);
		bad += o[N + i] != 16 * 3;
	}
	CHECK(bad == 0);
	clReleaseKernel(k);
	clReleaseMemObject(out);
	clReleaseMemObject(r);
}

/* The parent's event completes only after every level: read right after
 * waiting for the parent alone. */
static void test_nest(void)
{
	cl_mem out = buf(64 * 4);
	cl_kernel k = kernel("nest");
	int depth = 0;
	clSetKernelArg(k, 0, sizeof(out), &out);
	clSetKernelArg(k, 1, sizeof(int), &depth);
	cl_event ev;
	size_t one = 1;
	CHECK_OK(clEnqueueNDRangeKernel(hq, k, 1, NULL, &one, NULL, 0, NULL, &ev));
	CHECK_OK(clWaitForEvents(1, &ev));
	cl_int st;
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st), &st, NULL));
	CHECK(st == CL_COMPLETE);
	int o[64];
	CHECK_OK(clEnqueueReadBuffer(hq, out, CL_TRUE, 0, sizeof(o), o, 0, NULL, NULL));
	int bad = 0;
	for (int d = 0; d <= 16; d++)
		bad += o[d] != d + 1;
	for (int d = 0; d < 16; d++)
		bad += o[32 + d] != 0;
	CHECK(bad == 0);
	clReleaseEvent(ev);
	clReleaseKernel(k);
	clReleaseMemObject(out);
}

static void test_tree(void)
{
	cl_mem count = buf(4), err = buf(4);
	cl_kernel k = kernel("tree");
	int depth = 9;
	clSetKernelArg(k, 0, sizeof(count), &count);
	clSetKernelArg(k, 1, sizeof(err), &err);
	clSetKernelArg(k, 2, sizeof(int), &depth);
	run(k, 1, NULL);
	int c, e;
	read(count, &c, 4);
	read(err, &e, 4);
	CHECK(e == 0);
	CHECK(c == (1 << 10) - 1); /* 1 + 2 + ... + 2^9 nodes */
	clReleaseKernel(k);
	clReleaseMemObject(count);
	clReleaseMemObject(err);
}

static void test_queries(void)
{
	cl_mem r = buf(5 * 4);
	cl_kernel k = kernel("queries");
	clSetKernelArg(k, 0, sizeof(r), &r);
	run(k, 1, NULL);
	cl_uint rv[5];
	read(r, rv, sizeof(rv));
	size_t max_wg, mult;
	cl_uint width;
	clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(max_wg), &max_wg, NULL);
	clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
				 sizeof(mult), &mult, NULL);
	clGetDeviceInfo(dev, CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, sizeof(width), &width, NULL);
	CHECK(rv[0] == max_wg);
	CHECK(rv[1] == mult);
	cl_uint max_sg = 0;
	clGetDeviceInfo(dev, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof(max_sg), &max_sg, NULL);
	if (rv[2] == 0xffffffffu) {
		CHECK(max_sg == 0); /* the queries need sub-groups */
	} else {
		/* Sub-groups of the native float width (OpenCL 3.0 §3.2.2). */
		CHECK(rv[2] == (64 + width - 1) / width);
		CHECK(rv[3] == (width < 64 ? width : 64));
		/* Non-uniform groups of 5: one sub-group each. */
		CHECK(rv[4] == (5 + width - 1) / width);
	}
	clReleaseKernel(k);
	clReleaseMemObject(r);
}

static void test_errors(void)
{
	cl_int err;
	cl_queue_properties props[] = {
		CL_QUEUE_PROPERTIES,
		CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE,
		CL_QUEUE_SIZE, 4 * 64, 0
	};
	cl_command_queue small = clCreateCommandQueueWithProperties(ctx, dev, props, &err);
	CHECK_OK(err);
	cl_mem r = buf(12 * 4), hits = buf(2 * 4);
	cl_kernel k = kernel("errors");
	clSetKernelArg(k, 0, sizeof(r), &r);
	clSetKernelArg(k, 1, sizeof(small), &small);
	clSetKernelArg(k, 2, sizeof(hits), &hits);
	run(k, 1, NULL);
	int rv[12], hv[2];
	read(r, rv, sizeof(rv));
	read(hits, hv, sizeof(hv));
	CHECK(rv[0] == -160); /* CLK_INVALID_NDRANGE: global size 0 */
	CHECK(rv[1] == -160); /* local size above the device's */
	CHECK(rv[2] == -57);  /* CLK_INVALID_EVENT_WAIT_LIST */
	CHECK(rv[3] == -57);
	CHECK(rv[4] == -57);  /* a marker waits for something */
	CHECK(rv[5] == -160); /* 2^60 work-items in a group */
	for (int i = 0; i < 4; i++)
		CHECK(rv[6 + i] == 0);
	CHECK(rv[10] == -161 && rv[11] == -161); /* CLK_DEVICE_QUEUE_FULL */
	CHECK(hv[0] == 0);
	CHECK(hv[1] == 4);
	clReleaseKernel(k);
	clReleaseMemObject(r);
	clReleaseMemObject(hits);
	clReleaseCommandQueue(small);
}

static void test_fiber_child(void)
{
	cl_mem flag = buf(4 * sizeof(int)), out = buf(256 * sizeof(int));
	cl_kernel k = kernel("fiber_child");
	clSetKernelArg(k, 0, sizeof(flag), &flag);
	clSetKernelArg(k, 1, sizeof(out), &out);
	run(k, 1, NULL);
	int r[256];
	read(out, r, sizeof(r));
	int bad = 0;
	for (int i = 0; i < 256; i++)
		bad += r[i] != i % 64 + 1;
	CHECK(bad == 0);
	clReleaseKernel(k);
	clReleaseMemObject(flag);
	clReleaseMemObject(out);
}

static void test_failed_child(void)
{
	cl_mem out = buf(2 * sizeof(int));
	cl_kernel k = kernel("failed_child");
	clSetKernelArg(k, 0, sizeof(out), &out);
	cl_event ev;
	run(k, 1, &ev);
	cl_int st = 0;
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st), &st, NULL));
	CHECK(st == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	int r[2];
	read(out, r, sizeof(r));
	CHECK(r[0] == 0); /* the child did not run */
	CHECK(r[1] == 2); /* the parent did */
	clReleaseEvent(ev);
	clReleaseKernel(k);
	clReleaseMemObject(out);
}

static void test_components(void)
{
	cl_mem out = buf(16 * sizeof(int));
	cl_kernel k = kernel("components");
	clSetKernelArg(k, 0, sizeof(out), &out);
	run(k, 1, NULL);
	int r[16], bad = 0;
	read(out, r, sizeof(r));
	for (int i = 0; i < 16; i++)
		bad += r[i] != 10 * i;
	CHECK(bad == 0);
	clReleaseKernel(k);
	clReleaseMemObject(out);
}

static void test_profile(cl_command_queue dq_prof)
{
	(void)dq_prof;
	cl_mem t = buf(2 * 8);
	cl_kernel k = kernel("profile");
	clSetKernelArg(k, 0, sizeof(t), &t);
	run(k, 1, NULL);
	cl_ulong tv[2];
	read(t, tv, sizeof(tv));
	CHECK(tv[0] > 0);
	CHECK(tv[1] >= tv[0]);
	clReleaseKernel(k);
	clReleaseMemObject(t);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &dev, &ctx, &hq);
	cl_device_device_enqueue_capabilities caps = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof(caps), &caps, NULL));
	cl_int err;
	cl_queue_properties dprops[] = {
		CL_QUEUE_PROPERTIES,
		CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE |
			CL_QUEUE_ON_DEVICE_DEFAULT | CL_QUEUE_PROFILING_ENABLE,
		0
	};
	if (!caps) {
		/* No device-side enqueue: consistent refusal (§5.1). */
		cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, dprops, &err);
		CHECK(q == NULL && err == CL_INVALID_QUEUE_PROPERTIES);
		CHECK_ERR(clSetDefaultDeviceCommandQueue(ctx, dev, hq), CL_INVALID_OPERATION);
		return check_done();
	}
	CHECK(caps == (CL_DEVICE_QUEUE_SUPPORTED | CL_DEVICE_QUEUE_REPLACEABLE_DEFAULT));
	cl_uint pref = 0, max = 0, maxq = 0;
	clGetDeviceInfo(dev, CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, sizeof(pref), &pref, NULL);
	clGetDeviceInfo(dev, CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, sizeof(max), &max, NULL);
	clGetDeviceInfo(dev, CL_DEVICE_MAX_ON_DEVICE_QUEUES, sizeof(maxq), &maxq, NULL);
	CHECK(pref > 0 && pref <= max && maxq >= 2);

	/* On-device queues (§5.1). */
	cl_queue_properties in_order[] = { CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE, 0 };
	CHECK(clCreateCommandQueueWithProperties(ctx, dev, in_order, &err) == NULL &&
	      err == CL_INVALID_VALUE);
	cl_queue_properties too_big[] = {
		CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE,
		CL_QUEUE_SIZE, (cl_queue_properties)max + 1, 0
	};
	CHECK(clCreateCommandQueueWithProperties(ctx, dev, too_big, &err) == NULL &&
	      err == CL_INVALID_VALUE);
	cl_command_queue dq = clCreateCommandQueueWithProperties(ctx, dev, dprops, &err);
	CHECK_OK(err);
	REQUIRE(dq);
	cl_command_queue again = clCreateCommandQueueWithProperties(ctx, dev, dprops, &err);
	CHECK_OK(err);
	CHECK(again == dq); /* the default there is, retained */
	clReleaseCommandQueue(again);
	cl_uint size = 0;
	CHECK_OK(clGetCommandQueueInfo(dq, CL_QUEUE_SIZE, sizeof(size), &size, NULL));
	CHECK(size == pref);
	CHECK_ERR(clGetCommandQueueInfo(hq, CL_QUEUE_SIZE, sizeof(size), &size, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	cl_command_queue def = NULL;
	CHECK_OK(clGetCommandQueueInfo(hq, CL_QUEUE_DEVICE_DEFAULT, sizeof(def), &def, NULL));
	CHECK(def == dq);

	/* Replacing the default, then putting it back. */
	cl_queue_properties plain[] = {
		CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE, 0
	};
	cl_command_queue dq2 = clCreateCommandQueueWithProperties(ctx, dev, plain, &err);
	CHECK_OK(err);
	CHECK_OK(clGetCommandQueueInfo(hq, CL_QUEUE_DEVICE_DEFAULT, sizeof(def), &def, NULL));
	CHECK(def == dq);
	CHECK_OK(clSetDefaultDeviceCommandQueue(ctx, dev, dq2));
	CHECK_OK(clGetCommandQueueInfo(dq, CL_QUEUE_DEVICE_DEFAULT, sizeof(def), &def, NULL));
	CHECK(def == dq2);
	/* CL_DEVICE_MAX_ON_DEVICE_QUEUES more beside the default: all made
	 * (the conformance suite's device_queue does this). */
	{
		cl_command_queue more[16];
		cl_uint n = maxq < 16 ? maxq : 16;
		for (cl_uint i = 0; i < n; i++) {
			more[i] = clCreateCommandQueueWithProperties(ctx, dev, plain, &err);
			CHECK_OK(err);
		}
		for (cl_uint i = 0; i < n; i++)
			if (more[i])
				clReleaseCommandQueue(more[i]);
	}
	CHECK_ERR(clSetDefaultDeviceCommandQueue(ctx, dev, hq), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clSetDefaultDeviceCommandQueue(ctx, dev, NULL), CL_INVALID_COMMAND_QUEUE);

	prog = check_build(ctx, dev, src, "-cl-std=CL3.0");
	/* Block kernels are not the application's (§6.15.15). */
	size_t nk = 0;
	CHECK_OK(clGetProgramInfo(prog, CL_PROGRAM_NUM_KERNELS, sizeof(nk), &nk, NULL));
	CHECK(nk == 12);

	/* §5.1: the host enqueues to host queues only. */
	{
		cl_kernel kq = kernel("queries");
		cl_mem r = buf(5 * 4);
		clSetKernelArg(kq, 0, sizeof(r), &r);
		size_t one = 1;
		CHECK_ERR(clEnqueueNDRangeKernel(dq, kq, 1, NULL, &one, NULL, 0, NULL, NULL),
			  CL_INVALID_COMMAND_QUEUE);
		clReleaseKernel(kq);
		clReleaseMemObject(r);
	}
	test_basic(); /* on dq2, the default now */
	CHECK_OK(clSetDefaultDeviceCommandQueue(ctx, dev, dq));
	clReleaseCommandQueue(dq2);
	test_basic();
	test_wait_kernel();
	test_events();
	test_locals();
	test_nest();
	test_tree();
	test_fiber_child();
	test_queries();
	test_errors();
	test_failed_child();
	test_components();
	test_profile(dq);

	clReleaseProgram(prog);
	clReleaseCommandQueue(dq);
	clReleaseCommandQueue(hq);
	clReleaseContext(ctx);
	return check_done();
}
