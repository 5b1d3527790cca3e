/* cl_khr_command_buffer 0.9.8: recording every command type, finalizing,
 * replaying many times with the results checked against a host model after
 * every replay; sync points on an out-of-order queue, wait lists, failed
 * dependencies, simultaneous use from two queues, queue substitution,
 * argument snapshots, info queries, retain/release and the device queries.
 * Errors are in test_command_buffer_errors.c, updates in
 * test_command_buffer_mutable.c. */
#include "command_buffer_fns.h"
#include "capture.h"

#include <stdint.h>

static cl_platform_id plat;
static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;
static cl_program prog;
static unsigned rng = 1234;

static const char *src =
	"__kernel void axpy(__global int *y, __global const int *x, int a)\n"
	"{ size_t i = get_global_id(0); y[i] = a * x[i] + y[i]; }\n"
	"__kernel void inc(__global int *d) { d[get_global_id(0)] += 1; }\n"
	"__kernel void add_atomic(__global int *d, int v)\n"
	"{ atomic_add(&d[get_global_id(0)], v); }\n"
	"__kernel void pr(__global const char *in, int len)\n"
	"{ for (int i = 0; i < len; i++) printf(\"%c\", in[i]); }\n"
	"__kernel void ids(__global int *d)\n"
	"{ size_t i = get_global_id(0) - get_global_offset(0);\n"
	"  d[i] = (int)(get_global_id(0) * 1000 + get_local_size(0)); }\n";

static cl_kernel kern(const char *name)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	REQUIRE(err == CL_SUCCESS);
	return k;
}

static cl_mem buf(size_t bytes, const void *init)
{
	cl_int err;
	cl_mem m = clCreateBuffer(ctx, init ? CL_MEM_COPY_HOST_PTR : 0, bytes,
				  (void *)init, &err);
	REQUIRE(err == CL_SUCCESS);
	return m;
}

static cl_command_buffer_khr make_cb(cl_command_queue queue,
				     cl_command_buffer_flags_khr flags)
{
	cl_int err;
	cl_command_buffer_properties_khr props[] = { CL_COMMAND_BUFFER_FLAGS_KHR,
						     flags, 0 };
	cl_command_buffer_khr b =
		cb.clCreateCommandBufferKHR(1, &queue, flags ? props : NULL, &err);
	REQUIRE(err == CL_SUCCESS && b);
	return b;
}

/* Fill, copy, kernel, barrier, rect copy, kernel: replayed 20 times with new
 * input each time; later clSetKernelArg calls must not reach the recorded
 * kernel (its arguments were copied when it was recorded). */
static void test_pipeline(void)
{
	enum { N = 4096, W = 64, H = N / W, REPS = 20 };
	static int x[N], c[N], d[N], back[N];
	cl_mem X = buf(sizeof(x), NULL), B = buf(sizeof(x), NULL);
	cl_mem C = buf(sizeof(x), NULL), D = buf(sizeof(x), NULL);
	cl_kernel axpy = kern("axpy"), inc = kern("inc");
	cl_int a = 5;
	CHECK_OK(clSetKernelArg(axpy, 0, sizeof(C), &C));
	CHECK_OK(clSetKernelArg(axpy, 1, sizeof(B), &B));
	CHECK_OK(clSetKernelArg(axpy, 2, sizeof(a), &a));
	CHECK_OK(clSetKernelArg(inc, 0, sizeof(C), &C));

	cl_command_buffer_khr b = make_cb(q, 0);
	cl_sync_point_khr sp[6] = { 0 };
	cl_int one = 1, zero = 0;
	CHECK_OK(cb.clCommandFillBufferKHR(b, NULL, NULL, C, &one, sizeof(one), 0,
					   sizeof(x), 0, NULL, &sp[0], NULL));
	CHECK_OK(cb.clCommandCopyBufferKHR(b, NULL, NULL, X, B, 0, 0, sizeof(x), 0,
					   NULL, &sp[1], NULL));
	size_t n = N;
	CHECK_OK(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, axpy, 1, NULL, &n,
					      NULL, 2, sp, &sp[2], NULL));
	CHECK_OK(cb.clCommandFillBufferKHR(b, NULL, NULL, D, &zero, sizeof(zero), 0,
					   sizeof(x), 0, NULL, NULL, NULL));
	CHECK_OK(cb.clCommandBarrierWithWaitListKHR(b, NULL, NULL, 0, NULL,
						    &sp[3], NULL));
	/* Rows 2..H-3, columns 8..W-9 of C into the same place of D. */
	size_t origin[3] = { 8 * sizeof(int), 2, 0 };
	size_t region[3] = { (W - 16) * sizeof(int), H - 4, 1 };
	CHECK_OK(cb.clCommandCopyBufferRectKHR(b, NULL, NULL, C, D, origin, origin,
					       region, W * sizeof(int), 0,
					       W * sizeof(int), 0, 1, &sp[3],
					       &sp[4], NULL));
	CHECK_OK(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, inc, 1, NULL, &n,
					      NULL, 1, &sp[4], &sp[5], NULL));
	for (int i = 0; i < 6; i++)
		for (int j = 0; j < i; j++)
			CHECK(sp[i] != sp[j]);
	CHECK_OK(cb.clFinalizeCommandBufferKHR(b));
	/* Recorded with a = 5 and y = C: later changes do not matter. */
	cl_int a2 = 7;
	CHECK_OK(clSetKernelArg(axpy, 2, sizeof(a2), &a2));
	CHECK_OK(clSetKernelArg(axpy, 0, sizeof(D), &D));

	for (int rep = 0; rep < REPS; rep++) {
		for (int i = 0; i < N; i++)
			x[i] = (int)(check_rand(&rng) % 20001) - 10000;
		CHECK_OK(clEnqueueWriteBuffer(q, X, CL_FALSE, 0, sizeof(x), x, 0,
					      NULL, NULL));
		cl_event ev;
		CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, &ev));
		CHECK_OK(clEnqueueReadBuffer(q, C, CL_TRUE, 0, sizeof(x), back, 0,
					     NULL, NULL));
		for (int i = 0; i < N; i++) {
			c[i] = 5 * x[i] + 1 + 1;
			d[i] = 0;
		}
		for (int y = 2; y < H - 2; y++)
			for (int xx = 8; xx < W - 8; xx++)
				d[y * W + xx] = c[y * W + xx] - 1;
		CHECK(memcmp(back, c, sizeof(c)) == 0);
		CHECK_OK(clEnqueueReadBuffer(q, D, CL_TRUE, 0, sizeof(x), back, 0,
					     NULL, NULL));
		CHECK(memcmp(back, d, sizeof(d)) == 0);
		cl_int st = 0;
		cl_command_type t = 0;
		CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS,
					sizeof(st), &st, NULL));
		CHECK(st == CL_COMPLETE);
		CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof(t), &t, NULL));
		CHECK(t == CL_COMMAND_COMMAND_BUFFER_KHR);
		clReleaseEvent(ev);
	}
	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
	clReleaseKernel(axpy);
	clReleaseKernel(inc);
	clReleaseMemObject(X);
	clReleaseMemObject(B);
	clReleaseMemObject(C);
	clReleaseMemObject(D);
}

/* Buffer to image, image fill, image to image, image to buffer. */
static void test_images(void)
{
	cl_bool images = CL_FALSE;
	clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL);
	if (!images)
		return;
	enum { W = 37, H = 23 };
	static unsigned char in[W * H * 4], model[W * H * 4], back[W * H * 4];
	cl_image_format fmt = { CL_RGBA, CL_UNSIGNED_INT8 };
	cl_image_desc desc = { 0 };
	desc.image_type = CL_MEM_OBJECT_IMAGE2D;
	desc.image_width = W;
	desc.image_height = H;
	cl_int err;
	cl_mem img1 = clCreateImage(ctx, 0, &fmt, &desc, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem img2 = clCreateImage(ctx, 0, &fmt, &desc, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem in_buf = buf(sizeof(in), NULL), out_buf = buf(sizeof(in), NULL);
	cl_command_buffer_khr b = make_cb(q, 0);
	size_t zero3[3] = { 0, 0, 0 }, whole[3] = { W, H, 1 };
	size_t fo[3] = { 3, 4, 0 }, fr[3] = { 10, 7, 1 };
	cl_uint4 color = { { 9, 8, 7, 6 } };
	size_t so[3] = { 1, 2, 0 }, dor[3] = { 20, 10, 0 }, cr[3] = { 15, 12, 1 };
	CHECK_OK(cb.clCommandCopyBufferToImageKHR(b, NULL, NULL, in_buf, img1, 0,
						  zero3, whole, 0, NULL, NULL, NULL));
	CHECK_OK(cb.clCommandFillImageKHR(b, NULL, NULL, img1, &color, fo, fr, 0,
					  NULL, NULL, NULL));
	CHECK_OK(cb.clCommandFillImageKHR(b, NULL, NULL, img2, &color, zero3, whole,
					  0, NULL, NULL, NULL));
	CHECK_OK(cb.clCommandCopyImageKHR(b, NULL, NULL, img1, img2, so, dor, cr, 0,
					  NULL, NULL, NULL));
	CHECK_OK(cb.clCommandCopyImageToBufferKHR(b, NULL, NULL, img2, out_buf,
						  zero3, whole, 0, 0, NULL, NULL,
						  NULL));
	CHECK_OK(cb.clFinalizeCommandBufferKHR(b));
	for (int rep = 0; rep < 5; rep++) {
		for (size_t i = 0; i < sizeof(in); i++)
			in[i] = (unsigned char)check_rand(&rng);
		CHECK_OK(clEnqueueWriteBuffer(q, in_buf, CL_TRUE, 0, sizeof(in), in,
					      0, NULL, NULL));
		CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, NULL));
		CHECK_OK(clEnqueueReadBuffer(q, out_buf, CL_TRUE, 0, sizeof(back),
					     back, 0, NULL, NULL));
		/* Host model: img1 = in with a filled rectangle; img2 = color
		 * with a rectangle of img1. */
		static unsigned char m1[W * H * 4];
		memcpy(m1, in, sizeof(in));
		for (size_t y = fo[1]; y < fo[1] + fr[1]; y++)
			for (size_t x = fo[0]; x < fo[0] + fr[0]; x++)
				for (int ch = 0; ch < 4; ch++)
					m1[(y * W + x) * 4 + ch] = (unsigned char)color.s[ch];
		for (size_t i = 0; i < (size_t)W * H; i++)
			for (int ch = 0; ch < 4; ch++)
				model[i * 4 + ch] = (unsigned char)color.s[ch];
		for (size_t y = 0; y < cr[1]; y++)
			for (size_t x = 0; x < cr[0]; x++)
				memcpy(&model[((dor[1] + y) * W + dor[0] + x) * 4],
				       &m1[((so[1] + y) * W + so[0] + x) * 4], 4);
		CHECK(memcmp(back, model, sizeof(model)) == 0);
	}
	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
	clReleaseMemObject(img1);
	clReleaseMemObject(img2);
	clReleaseMemObject(in_buf);
	clReleaseMemObject(out_buf);
}

/* SVM fill and copy. */
static void test_svm(void)
{
	cl_device_svm_capabilities caps = 0;
	clGetDeviceInfo(dev, CL_DEVICE_SVM_CAPABILITIES, sizeof(caps), &caps, NULL);
	if (!(caps & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER))
		return;
	enum { N = 1000 };
	int *s1 = clSVMAlloc(ctx, 0, N * sizeof(int), 0);
	int *s2 = clSVMAlloc(ctx, 0, N * sizeof(int), 0);
	REQUIRE(s1 && s2);
	cl_command_buffer_khr b = make_cb(q, 0);
	cl_int pat[2] = { 11, -3 };
	cl_sync_point_khr sp;
	CHECK_OK(cb.clCommandSVMMemFillKHR(b, NULL, NULL, s1, pat, sizeof(pat),
					   N * sizeof(int), 0, NULL, &sp, NULL));
	CHECK_OK(cb.clCommandSVMMemcpyKHR(b, NULL, NULL, s2 + 10, s1 + 1,
					  500 * sizeof(int), 1, &sp, NULL, NULL));
	CHECK_OK(cb.clFinalizeCommandBufferKHR(b));
	for (int rep = 0; rep < 3; rep++) {
		CHECK_OK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_WRITE, s2, N * sizeof(int),
					 0, NULL, NULL));
		for (int i = 0; i < N; i++)
			s2[i] = rep * 100000 + i;
		CHECK_OK(clEnqueueSVMUnmap(q, s2, 0, NULL, NULL));
		CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, NULL));
		CHECK_OK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, s2, N * sizeof(int),
					 0, NULL, NULL));
		int bad = 0;
		for (int i = 0; i < N; i++) {
			int want = i >= 10 && i < 510 ? pat[(i - 10 + 1) % 2]
						      : rep * 100000 + i;
			bad += s2[i] != want;
		}
		CHECK(bad == 0);
		CHECK_OK(clEnqueueSVMUnmap(q, s2, 0, NULL, NULL));
	}
	CHECK_OK(clFinish(q));
	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
	clSVMFree(ctx, s1);
	clSVMFree(ctx, s2);
}

/* Recorded on an out-of-order queue with sync points; the execution waits
 * for a user event, and a failed one keeps the commands from running. */
static void test_out_of_order_and_wait_lists(void)
{
	cl_int err;
	cl_command_queue oq = clCreateCommandQueue(
		ctx, dev, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
	REQUIRE(err == CL_SUCCESS);
	enum { N = 2048 };
	static int back[N];
	cl_mem Y = buf(N * sizeof(int), NULL), Xb = buf(N * sizeof(int), NULL);
	cl_mem Z = buf(N * sizeof(int), NULL);
	cl_kernel axpy = kern("axpy");
	cl_int a = -3;
	CHECK_OK(clSetKernelArg(axpy, 0, sizeof(Y), &Y));
	CHECK_OK(clSetKernelArg(axpy, 1, sizeof(Xb), &Xb));
	CHECK_OK(clSetKernelArg(axpy, 2, sizeof(a), &a));
	cl_command_buffer_khr b = make_cb(oq, 0);
	cl_sync_point_khr s[4];
	cl_int v1 = 10, v2 = 4;
	size_t n = N, l = 64;
	CHECK_OK(cb.clCommandFillBufferKHR(b, NULL, NULL, Y, &v1, sizeof(v1), 0,
					   N * sizeof(int), 0, NULL, &s[0], NULL));
	CHECK_OK(cb.clCommandFillBufferKHR(b, NULL, NULL, Xb, &v2, sizeof(v2), 0,
					   N * sizeof(int), 0, NULL, &s[1], NULL));
	CHECK_OK(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, axpy, 1, NULL, &n, &l,
					      2, s, &s[2], NULL));
	CHECK_OK(cb.clCommandCopyBufferKHR(b, NULL, NULL, Y, Z, 0, 0,
					   N * sizeof(int), 1, &s[2], &s[3], NULL));
	CHECK_OK(cb.clFinalizeCommandBufferKHR(b));

	cl_int zero = 0;
	CHECK_OK(clEnqueueFillBuffer(q, Z, &zero, sizeof(zero), 0, N * sizeof(int),
				     0, NULL, NULL));
	CHECK_OK(clFinish(q));
	cl_event gate = clCreateUserEvent(ctx, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_event ev;
	CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 1, &gate, &ev));
	cl_int st = 0;
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st),
				&st, NULL));
	CHECK(st == CL_SUBMITTED || st == CL_QUEUED);
	CHECK_OK(clEnqueueReadBuffer(q, Z, CL_TRUE, 0, sizeof(back), back, 0, NULL,
				     NULL));
	CHECK(back[0] == 0 && back[N - 1] == 0); /* nothing ran yet */
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &ev));
	CHECK_OK(clEnqueueReadBuffer(q, Z, CL_TRUE, 0, sizeof(back), back, 0, NULL,
				     NULL));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += back[i] != -3 * 4 + 10;
	CHECK(bad == 0);
	clReleaseEvent(ev);
	clReleaseEvent(gate);

	/* A failed event in the wait list: not run, and the event says why. */
	CHECK_OK(clEnqueueFillBuffer(q, Z, &zero, sizeof(zero), 0, N * sizeof(int),
				     0, NULL, NULL));
	CHECK_OK(clFinish(q));
	gate = clCreateUserEvent(ctx, &err);
	CHECK_OK(cb.clEnqueueCommandBufferKHR(1, &oq, b, 1, &gate, &ev));
	CHECK_OK(clSetUserEventStatus(gate, -77));
	clWaitForEvents(1, &ev);
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st),
				&st, NULL));
	CHECK(st == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	CHECK_OK(clEnqueueReadBuffer(q, Z, CL_TRUE, 0, sizeof(back), back, 0, NULL,
				     NULL));
	CHECK(back[0] == 0 && back[N / 2] == 0);
	clReleaseEvent(ev);
	clReleaseEvent(gate);
	CHECK_OK(clFinish(oq));
	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
	clReleaseKernel(axpy);
	clReleaseMemObject(Y);
	clReleaseMemObject(Xb);
	clReleaseMemObject(Z);
	clReleaseCommandQueue(oq);
}

/* Simultaneous use: one buffer enqueued many times on two queues without
 * waiting in between; every execution adds its share atomically. */
static void test_simultaneous(void)
{
	cl_int err;
	cl_command_queue q2 = clCreateCommandQueue(ctx, dev, 0, &err);
	REQUIRE(err == CL_SUCCESS);
	enum { N = 1024, K = 40 };
	static int back[N];
	cl_mem P = buf(N * sizeof(int), NULL);
	cl_int zero = 0;
	CHECK_OK(clEnqueueFillBuffer(q, P, &zero, sizeof(zero), 0, sizeof(back), 0,
				     NULL, NULL));
	CHECK_OK(clFinish(q));
	cl_kernel k = kern("add_atomic");
	cl_int v = 3;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(P), &P));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(v), &v));
	cl_command_buffer_khr b = make_cb(q, CL_COMMAND_BUFFER_SIMULTANEOUS_USE_KHR);
	size_t n = N;
	CHECK_OK(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, k, 1, NULL, &n, NULL,
					      0, NULL, NULL, NULL));
	CHECK_OK(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, k, 1, NULL, &n, NULL,
					      0, NULL, NULL, NULL));
	CHECK_OK(cb.clFinalizeCommandBufferKHR(b));
	cl_event gate = clCreateUserEvent(ctx, &err);
	for (int i = 0; i < K; i++) {
		CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, i == 0,
						      i == 0 ? &gate : NULL, NULL));
		CHECK_OK(cb.clEnqueueCommandBufferKHR(1, &q2, b, 0, NULL, NULL));
	}
	/* The application's reference may go while executions are queued. */
	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clFinish(q));
	CHECK_OK(clFinish(q2));
	CHECK_OK(clEnqueueReadBuffer(q, P, CL_TRUE, 0, sizeof(back), back, 0, NULL,
				     NULL));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += back[i] != 2 * K * 2 * 3;
	CHECK(bad == 0);
	clReleaseEvent(gate);
	clReleaseKernel(k);
	clReleaseMemObject(P);
	clReleaseCommandQueue(q2);
}

/* Queries, retain/release, profiling of an execution, queue substitution. */
static void test_info(void)
{
	cl_int err;
	cl_command_queue pq =
		clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_command_buffer_khr b = make_cb(q, CL_COMMAND_BUFFER_SIMULTANEOUS_USE_KHR);
	cl_command_queue qq = NULL;
	cl_uint u = 0;
	size_t sz = 0;
	cl_context c2 = NULL;
	cl_command_buffer_state_khr state = 99;
	CHECK_OK(cb.clGetCommandBufferInfoKHR(b, CL_COMMAND_BUFFER_QUEUES_KHR,
					      sizeof(qq), &qq, &sz));
	CHECK(qq == q && sz == sizeof(qq));
	CHECK_OK(cb.clGetCommandBufferInfoKHR(b, CL_COMMAND_BUFFER_NUM_QUEUES_KHR,
					      sizeof(u), &u, NULL));
	CHECK(u == 1);
	CHECK_OK(cb.clGetCommandBufferInfoKHR(b, CL_COMMAND_BUFFER_CONTEXT_KHR,
					      sizeof(c2), &c2, NULL));
	CHECK(c2 == ctx);
	CHECK_OK(cb.clGetCommandBufferInfoKHR(b, CL_COMMAND_BUFFER_STATE_KHR,
					      sizeof(state), &state, NULL));
	CHECK(state == CL_COMMAND_BUFFER_STATE_RECORDING_KHR);
	cl_command_buffer_properties_khr props[4] = { 0 };
	CHECK_OK(cb.clGetCommandBufferInfoKHR(b, CL_COMMAND_BUFFER_PROPERTIES_ARRAY_KHR,
					      sizeof(props), props, &sz));
	CHECK(sz == 3 * sizeof(props[0]) && props[0] == CL_COMMAND_BUFFER_FLAGS_KHR &&
	      props[1] == CL_COMMAND_BUFFER_SIMULTANEOUS_USE_KHR && props[2] == 0);
	CHECK_OK(cb.clRetainCommandBufferKHR(b));
	CHECK_OK(cb.clGetCommandBufferInfoKHR(b, CL_COMMAND_BUFFER_REFERENCE_COUNT_KHR,
					      sizeof(u), &u, NULL));
	CHECK(u == 2);
	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
	CHECK_OK(cb.clGetCommandBufferInfoKHR(b, CL_COMMAND_BUFFER_REFERENCE_COUNT_KHR,
					      sizeof(u), &u, NULL));
	CHECK(u == 1);
	/* Too small a buffer, an unknown query. */
	CHECK_ERR(cb.clGetCommandBufferInfoKHR(b, CL_COMMAND_BUFFER_NUM_QUEUES_KHR,
					       1, &u, NULL), CL_INVALID_VALUE);
	CHECK_ERR(cb.clGetCommandBufferInfoKHR(b, 0x7777, sizeof(u), &u, NULL),
		  CL_INVALID_VALUE);

	enum { N = 256 };
	static int back[N];
	cl_mem M = buf(N * sizeof(int), NULL);
	cl_kernel k = kern("ids");
	CHECK_OK(clSetKernelArg(k, 0, sizeof(M), &M));
	size_t off = 1000, n = N, l = 16;
	CHECK_OK(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, k, 1, &off, &n, &l, 0,
					      NULL, NULL, NULL));
	CHECK_OK(cb.clFinalizeCommandBufferKHR(b));
	CHECK_OK(cb.clGetCommandBufferInfoKHR(b, CL_COMMAND_BUFFER_STATE_KHR,
					      sizeof(state), &state, NULL));
	CHECK(state == CL_COMMAND_BUFFER_STATE_EXECUTABLE_KHR);
	/* Another queue of the device: a profiling one. */
	cl_event ev;
	CHECK_OK(cb.clEnqueueCommandBufferKHR(1, &pq, b, 0, NULL, &ev));
	CHECK_OK(clWaitForEvents(1, &ev));
	cl_ulong t[4];
	CHECK_OK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_QUEUED, 8, &t[0], NULL));
	CHECK_OK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_SUBMIT, 8, &t[1], NULL));
	CHECK_OK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t[2], NULL));
	CHECK_OK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t[3], NULL));
	CHECK(t[0] <= t[1] && t[1] <= t[2] && t[2] <= t[3]);
	cl_command_queue eq = NULL;
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_QUEUE, sizeof(eq), &eq, NULL));
	CHECK(eq == pq);
	clReleaseEvent(ev);
	CHECK_OK(clEnqueueReadBuffer(q, M, CL_TRUE, 0, sizeof(back), back, 0, NULL,
				     NULL));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += back[i] != (int)((off + i) * 1000 + l);
	CHECK(bad == 0);
	/* Without properties the array is empty. */
	cl_command_buffer_khr b2 = make_cb(q, 0);
	CHECK_OK(cb.clGetCommandBufferInfoKHR(b2, CL_COMMAND_BUFFER_PROPERTIES_ARRAY_KHR,
					      0, NULL, &sz));
	CHECK(sz == 0);
	/* An empty buffer runs and completes. */
	CHECK_OK(cb.clFinalizeCommandBufferKHR(b2));
	CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b2, 0, NULL, &ev));
	CHECK_OK(clWaitForEvents(1, &ev));
	clReleaseEvent(ev);
	CHECK_OK(cb.clReleaseCommandBufferKHR(b2));
	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
	clReleaseKernel(k);
	clReleaseMemObject(M);
	clReleaseCommandQueue(pq);
}

/* A replayed kernel that prints: every record of every work-item comes out
 * before the execution completes, once per replay.  16384 work-items of
 * 5 printf calls each need more than the 1 MiB minimum printf buffer (the
 * CTS's command-buffer printf test). */
static void test_printf(void)
{
	enum { N = 16384, LEN = 5, REPS = 3 };
	cl_mem in = buf(LEN, NULL);
	cl_kernel k = kern("pr");
	cl_int len = LEN;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(in), &in));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(len), &len));
	cl_command_buffer_khr b = make_cb(q, 0);
	size_t n = N;
	CHECK_OK(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, k, 1, NULL, &n, NULL,
					      0, NULL, NULL, NULL));
	CHECK_OK(cb.clFinalizeCommandBufferKHR(b));
	capture_begin();
	for (int r = 0; r < REPS; r++) {
		char pat[LEN];
		memset(pat, 'a' + r, LEN);
		CHECK_OK(clEnqueueWriteBuffer(q, in, CL_TRUE, 0, LEN, pat, 0, NULL,
					      NULL));
		cl_event ev;
		CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, &ev));
		CHECK_OK(clWaitForEvents(1, &ev));
		clReleaseEvent(ev);
	}
	char *out = capture_end();
	size_t count[REPS] = { 0 }, other = 0;
	for (const char *p = out; *p; p++) {
		if (*p >= 'a' && *p < 'a' + REPS)
			count[*p - 'a']++;
		else
			other++;
	}
	for (int r = 0; r < REPS; r++)
		CHECK(count[r] == (size_t)N * LEN);
	CHECK(other == 0);
	free(out);
	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
	clReleaseKernel(k);
	clReleaseMemObject(in);
}

/* A replayed kernel that enqueues kernels (where the device reports
 * CL_COMMAND_BUFFER_CAPABILITY_DEVICE_SIDE_ENQUEUE_KHR): the execution
 * completes after its children. */
static void test_device_enqueue(void)
{
	cl_device_command_buffer_capabilities_khr caps = 0;
	clGetDeviceInfo(dev, CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR, sizeof(caps),
			&caps, NULL);
	if (!(caps & CL_COMMAND_BUFFER_CAPABILITY_DEVICE_SIDE_ENQUEUE_KHR))
		return;
	/* 4096 children at once, held until their parent ends: more than
	 * the 2048 entries a default on-device queue used to have. */
	enum { N = 4096, M = 3 };
	static const char *dsrc =
		"__kernel void de(int mult, __global const int *in, __global int *out)\n"
		"{ int ind = (int)get_global_id(0) * mult;\n"
		"  void (^blk)(void) = ^{ size_t c = get_global_id(0);\n"
		"                         out[ind + c] = in[ind + c] * 2; };\n"
		"  enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,\n"
		"                 ndrange_1D(mult), blk); }\n";
	cl_program p = check_build(ctx, dev, dsrc, "-cl-std=CL2.0");
	cl_int err;
	cl_kernel k = clCreateKernel(p, "de", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_queue_properties dp[] = { CL_QUEUE_PROPERTIES,
				     CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT |
					     CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
				     0 };
	cl_command_queue dq = clCreateCommandQueueWithProperties(ctx, dev, dp, &err);
	REQUIRE(err == CL_SUCCESS);
	static int in[N * M], back[N * M];
	cl_mem I = buf(sizeof(in), NULL), O = buf(sizeof(in), NULL);
	cl_int mult = M;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(mult), &mult));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(I), &I));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(O), &O));
	cl_command_buffer_khr b = make_cb(q, 0);
	size_t n = N;
	CHECK_OK(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, k, 1, NULL, &n, NULL,
					      0, NULL, NULL, NULL));
	CHECK_OK(cb.clFinalizeCommandBufferKHR(b));
	for (int r = 0; r < 3; r++) {
		for (int i = 0; i < N * M; i++)
			in[i] = (int)(check_rand(&rng) % 100000);
		CHECK_OK(clEnqueueWriteBuffer(q, I, CL_TRUE, 0, sizeof(in), in, 0,
					      NULL, NULL));
		cl_event ev;
		CHECK_OK(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, &ev));
		CHECK_OK(clWaitForEvents(1, &ev));
		clReleaseEvent(ev);
		/* Not through the queue: the event alone says the children
		 * are done. */
		CHECK_OK(clEnqueueReadBuffer(q, O, CL_TRUE, 0, sizeof(back), back, 0,
					     NULL, NULL));
		int bad = 0;
		for (int i = 0; i < N * M; i++)
			bad += back[i] != in[i] * 2;
		CHECK(bad == 0);
	}
	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
	clReleaseMemObject(I);
	clReleaseMemObject(O);
	clReleaseKernel(k);
	clReleaseProgram(p);
	clReleaseCommandQueue(dq);
}

/* The device queries of the extensions. */
static void test_device_queries(void)
{
	cl_device_command_buffer_capabilities_khr caps = 0;
	cl_command_queue_properties req = 1, sup = 0;
	cl_mutable_dispatch_fields_khr mut = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR,
				 sizeof(caps), &caps, NULL));
	CHECK(caps & CL_COMMAND_BUFFER_CAPABILITY_SIMULTANEOUS_USE_KHR);
	CHECK(caps & CL_COMMAND_BUFFER_CAPABILITY_KERNEL_PRINTF_KHR);
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR,
				 sizeof(req), &req, NULL));
	CHECK(req == 0);
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_COMMAND_BUFFER_SUPPORTED_QUEUE_PROPERTIES_KHR,
				 sizeof(sup), &sup, NULL));
	CHECK(sup == (CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MUTABLE_DISPATCH_CAPABILITIES_KHR,
				 sizeof(mut), &mut, NULL));
	CHECK(mut == (CL_MUTABLE_DISPATCH_GLOBAL_OFFSET_KHR |
		      CL_MUTABLE_DISPATCH_GLOBAL_SIZE_KHR |
		      CL_MUTABLE_DISPATCH_LOCAL_SIZE_KHR |
		      CL_MUTABLE_DISPATCH_ARGUMENTS_KHR |
		      CL_MUTABLE_DISPATCH_EXEC_INFO_KHR));
	/* The versions of the revisions implemented. */
	size_t sz = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS_WITH_VERSION, 0, NULL, &sz));
	cl_name_version *nv = malloc(sz);
	REQUIRE(nv);
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS_WITH_VERSION, sz, nv, NULL));
	int found = 0;
	for (size_t i = 0; i < sz / sizeof(*nv); i++) {
		if (!strcmp(nv[i].name, "cl_khr_command_buffer"))
			found += nv[i].version == CL_MAKE_VERSION(0, 9, 8);
		if (!strcmp(nv[i].name, "cl_khr_command_buffer_mutable_dispatch"))
			found += nv[i].version == CL_MAKE_VERSION(0, 9, 5);
	}
	CHECK(found == 2);
	free(nv);
	/* A name that is not an entry point. */
	CHECK(clGetExtensionFunctionAddressForPlatform(plat, "clCommandNopKHR") == NULL);
}

int main(void)
{
	check_setup(&plat, &dev, &ctx, &q);
	cb_load(plat, dev);
	prog = check_build(ctx, dev, src, NULL);
	test_pipeline();
	test_images();
	test_svm();
	test_out_of_order_and_wait_lists();
	test_simultaneous();
	test_info();
	test_printf();
	test_device_enqueue();
	test_device_queries();
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
