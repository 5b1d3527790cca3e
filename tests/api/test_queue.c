/* Command-queues (OpenCL 3.0 §5.1, §5.15) and the host/device timers:
 * creation with every property combination, every query, the error codes,
 * reference counts, the lifetime of a released queue with pending work,
 * the deprecated clSetCommandQueueProperty, and in-order execution checked
 * by native kernels appending to a log. */
#include "check.h"

#include <time.h>
#include <unistd.h>

#define LOG_LEN 1000

static int log_buf[LOG_LEN];
static int log_n;

struct log_arg {
	int value;
};

/* Runs on a device thread; an in-order queue runs them one at a time. */
static void CL_CALLBACK append(void *p)
{
	struct log_arg *a = p;
	log_buf[log_n++] = a->value;
}

static void CL_CALLBACK set_flag(void *p)
{
	**(int **)p = 42;
}

static void check_queue_query(cl_command_queue q, cl_context ctx,
			      cl_device_id dev, cl_command_queue_properties want)
{
	cl_context c = NULL;
	cl_device_id d = NULL;
	cl_uint refs = 0;
	cl_command_queue_properties p = 0;
	cl_command_queue dq = (cl_command_queue)1;
	size_t size = 0;
	CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof(c), &c, &size));
	CHECK(c == ctx && size == sizeof(c));
	CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof(d), &d, NULL));
	CHECK(d == dev);
	CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 1);
	CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof(p), &p, NULL));
	CHECK(p == want);
	CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE_DEFAULT, sizeof(dq), &dq, &size));
	CHECK(dq == NULL && size == sizeof(dq));
	/* §5.1: CL_QUEUE_SIZE is only for on-device queues. */
	cl_uint qsize;
	CHECK_ERR(clGetCommandQueueInfo(q, CL_QUEUE_SIZE, sizeof(qsize), &qsize, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	/* Size-only queries, short buffers, unknown names. */
	CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, 0, NULL, &size));
	CHECK(size == sizeof(cl_command_queue_properties));
	CHECK_ERR(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, 1, &p, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetCommandQueueInfo(q, 0x7fff, sizeof(p), &p, NULL), CL_INVALID_VALUE);
}

static void test_creation(cl_context ctx, cl_device_id dev)
{
	cl_int err;
	cl_command_queue_properties supported = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_QUEUE_ON_HOST_PROPERTIES,
				 sizeof(supported), &supported, NULL));
	CHECK(supported & CL_QUEUE_PROFILING_ENABLE);
	CHECK(supported & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);

	/* NULL properties: an in-order queue without profiling, and no
	 * properties array to report. */
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	CHECK_OK(err);
	REQUIRE(q);
	check_queue_query(q, ctx, dev, 0);
	size_t size = 99;
	CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, 0, NULL, &size));
	CHECK(size == 0);
	cl_uint refs = 0;
	CHECK_OK(clRetainCommandQueue(q));
	CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 2);
	CHECK_OK(clReleaseCommandQueue(q));
	CHECK_OK(clReleaseCommandQueue(q));

	/* Every host combination, through both entry points. */
	const cl_command_queue_properties combos[] = {
		0, CL_QUEUE_PROFILING_ENABLE, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
		CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
	};
	for (size_t i = 0; i < sizeof(combos) / sizeof(combos[0]); i++) {
		cl_queue_properties props[] = { CL_QUEUE_PROPERTIES, combos[i], 0 };
		q = clCreateCommandQueueWithProperties(ctx, dev, props, &err);
		CHECK_OK(err);
		REQUIRE(q);
		check_queue_query(q, ctx, dev, combos[i]);
		cl_queue_properties back[4] = { 0 };
		CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, 0, NULL, &size));
		CHECK(size == sizeof(props));
		CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, sizeof(back), back, NULL));
		CHECK(memcmp(back, props, sizeof(props)) == 0);
		CHECK_OK(clReleaseCommandQueue(q));

		q = clCreateCommandQueue(ctx, dev, combos[i], &err);
		CHECK_OK(err);
		REQUIRE(q);
		check_queue_query(q, ctx, dev, combos[i]);
		CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, 0, NULL, &size));
		CHECK(size == 0);
		CHECK_OK(clReleaseCommandQueue(q));
	}
	/* An empty list is a list: it is reported back as given. */
	cl_queue_properties empty[] = { 0 };
	q = clCreateCommandQueueWithProperties(ctx, dev, empty, NULL);
	REQUIRE(q);
	CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, 0, NULL, &size));
	CHECK(size == sizeof(empty));
	CHECK_OK(clReleaseCommandQueue(q));
}

static void expect_create_error(cl_context ctx, cl_device_id dev,
				const cl_queue_properties *props, cl_int want)
{
	cl_int err = CL_SUCCESS;
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, props, &err);
	CHECK_ERR(err, want);
	CHECK(q == NULL);
}

static void test_creation_errors(cl_context ctx, cl_device_id dev)
{
	cl_int err;
	expect_create_error(NULL, dev, NULL, CL_INVALID_CONTEXT);
	expect_create_error((cl_context)dev, dev, NULL, CL_INVALID_CONTEXT);
	expect_create_error(ctx, NULL, NULL, CL_INVALID_DEVICE);
	expect_create_error(ctx, (cl_device_id)ctx, NULL, CL_INVALID_DEVICE);

	const cl_queue_properties unknown_name[] = { 0x7777, 0, 0 };
	expect_create_error(ctx, dev, unknown_name, CL_INVALID_VALUE);
	const cl_queue_properties unknown_bit[] = { CL_QUEUE_PROPERTIES, 1 << 20, 0 };
	expect_create_error(ctx, dev, unknown_bit, CL_INVALID_VALUE);
	const cl_queue_properties twice[] = { CL_QUEUE_PROPERTIES, 0,
					      CL_QUEUE_PROPERTIES, 0, 0 };
	expect_create_error(ctx, dev, twice, CL_INVALID_VALUE);
	/* On-device queues: a valid request, refused by a device without
	 * them (test_device_enqueue covers the device with them)... */
	cl_device_device_enqueue_capabilities caps = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES,
				 sizeof(caps), &caps, NULL));
	const cl_queue_properties on_device[] = {
		CL_QUEUE_PROPERTIES,
		CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0 };
	if (!caps)
		expect_create_error(ctx, dev, on_device, CL_INVALID_QUEUE_PROPERTIES);
	/* ... and invalid requests. */
	const cl_queue_properties on_device_in_order[] = {
		CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE, 0 };
	expect_create_error(ctx, dev, on_device_in_order, CL_INVALID_VALUE);
	const cl_queue_properties default_alone[] = {
		CL_QUEUE_PROPERTIES,
		CL_QUEUE_ON_DEVICE_DEFAULT | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0 };
	expect_create_error(ctx, dev, default_alone, CL_INVALID_VALUE);
	const cl_queue_properties size_host[] = { CL_QUEUE_SIZE, 1024, 0 };
	expect_create_error(ctx, dev, size_host, CL_INVALID_VALUE);
	const cl_queue_properties size_host2[] = {
		CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, CL_QUEUE_SIZE, 1024, 0 };
	expect_create_error(ctx, dev, size_host2, CL_INVALID_VALUE);

	/* errcode_ret may be NULL. */
	CHECK(clCreateCommandQueueWithProperties(NULL, dev, NULL, NULL) == NULL);

	/* The 1.x entry point. */
	CHECK(clCreateCommandQueue(NULL, dev, 0, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_CONTEXT);
	CHECK(clCreateCommandQueue(ctx, NULL, 0, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_DEVICE);
	CHECK(clCreateCommandQueue(ctx, dev, 1 << 20, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_VALUE);

	/* Entry points given no queue. */
	CHECK_ERR(clRetainCommandQueue(NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clReleaseCommandQueue(NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clReleaseCommandQueue((cl_command_queue)ctx), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clFlush(NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clFinish(NULL), CL_INVALID_COMMAND_QUEUE);
	cl_uint refs;
	CHECK_ERR(clGetCommandQueueInfo(NULL, CL_QUEUE_REFERENCE_COUNT, sizeof(refs), &refs, NULL),
		  CL_INVALID_COMMAND_QUEUE);

	/* Without on-device queues no default one can be set; with them, a
	 * host queue is not one (§5.1). */
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, NULL);
	REQUIRE(q);
	CHECK_ERR(clSetDefaultDeviceCommandQueue(ctx, dev, q),
		  caps & CL_DEVICE_QUEUE_REPLACEABLE_DEFAULT ? CL_INVALID_COMMAND_QUEUE
							     : CL_INVALID_OPERATION);
	CHECK_ERR(clSetDefaultDeviceCommandQueue(NULL, dev, q), CL_INVALID_CONTEXT);
	CHECK_ERR(clSetDefaultDeviceCommandQueue(ctx, NULL, q), CL_INVALID_DEVICE);
	CHECK_OK(clReleaseCommandQueue(q));
}

/* OpenCL 1.0's clSetCommandQueueProperty, deprecated but still called. */
static void test_set_property(cl_context ctx, cl_device_id dev)
{
	cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, NULL);
	REQUIRE(q);
	cl_command_queue_properties old = 99, now = 0;
	CHECK_OK(clSetCommandQueueProperty(q, CL_QUEUE_PROFILING_ENABLE, CL_TRUE, &old));
	CHECK(old == 0);
	CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof(now), &now, NULL));
	CHECK(now == CL_QUEUE_PROFILING_ENABLE);
	/* A marker enqueued now is profiled. */
	cl_event ev;
	CHECK_OK(clEnqueueMarkerWithWaitList(q, 0, NULL, &ev));
	CHECK_OK(clWaitForEvents(1, &ev));
	cl_ulong t = 0;
	CHECK_OK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(t), &t, NULL));
	CHECK(t != 0);
	CHECK_OK(clReleaseEvent(ev));

	CHECK_OK(clSetCommandQueueProperty(q, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
					   CL_TRUE, NULL));
	CHECK_OK(clSetCommandQueueProperty(q, CL_QUEUE_PROFILING_ENABLE, CL_FALSE, &old));
	CHECK(old == (CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE));
	CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof(now), &now, NULL));
	CHECK(now == CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
	CHECK_ERR(clSetCommandQueueProperty(q, 1 << 20, CL_TRUE, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clSetCommandQueueProperty(NULL, CL_QUEUE_PROFILING_ENABLE, CL_TRUE, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	CHECK_OK(clReleaseCommandQueue(q));
}

/* §5.1: commands of an in-order queue run in the order enqueued. */
static void test_in_order(cl_context ctx, cl_device_id dev)
{
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, NULL);
	REQUIRE(q);
	log_n = 0;
	for (int i = 0; i < LOG_LEN; i++) {
		struct log_arg a = { i };
		CHECK_OK(clEnqueueNativeKernel(q, append, &a, sizeof(a), 0, NULL, NULL,
					       0, NULL, NULL));
		if (i % 100 == 0)
			CHECK_OK(clFlush(q));
	}
	CHECK_OK(clFinish(q));
	CHECK(log_n == LOG_LEN);
	int in_order = 1;
	for (int i = 0; i < LOG_LEN; i++)
		if (log_buf[i] != i)
			in_order = 0;
	CHECK(in_order);
	/* clFinish on an idle queue returns at once. */
	CHECK_OK(clFinish(q));
	CHECK_OK(clReleaseCommandQueue(q));
}

/* A released queue lives until its commands are done; its events still
 * name it. */
static void test_release_with_pending(cl_context ctx, cl_device_id dev)
{
	cl_int err;
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, NULL);
	REQUIRE(q);
	cl_event gate = clCreateUserEvent(ctx, &err);
	CHECK_OK(err);
	static int flag;
	int *fp = &flag;
	cl_event ev;
	CHECK_OK(clEnqueueNativeKernel(q, set_flag, &fp, sizeof(fp), 0, NULL, NULL,
				       1, &gate, &ev));
	CHECK_OK(clReleaseCommandQueue(q));
	usleep(10000);
	CHECK(flag == 0);
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &ev));
	CHECK(flag == 42);
	cl_command_queue got = NULL;
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_QUEUE, sizeof(got), &got, NULL));
	CHECK(got == q);
	CHECK_OK(clReleaseEvent(ev));
	CHECK_OK(clReleaseEvent(gate));
}

static cl_ulong monotonic_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (cl_ulong)ts.tv_sec * 1000000000u + (cl_ulong)ts.tv_nsec;
}

/* clGetDeviceAndHostTimer / clGetHostTimer: CLOCK_MONOTONIC in ns. */
static void test_timers(cl_context ctx, cl_device_id dev)
{
	cl_ulong d = 0, h = 0, h2 = 0;
	cl_ulong before = monotonic_ns();
	CHECK_OK(clGetDeviceAndHostTimer(dev, &d, &h));
	CHECK_OK(clGetHostTimer(dev, &h2));
	cl_ulong after = monotonic_ns();
	CHECK(before <= h && h <= h2 && h2 <= after);
	CHECK(before <= d && d <= after);
	CHECK_ERR(clGetDeviceAndHostTimer(NULL, &d, &h), CL_INVALID_DEVICE);
	CHECK_ERR(clGetDeviceAndHostTimer((cl_device_id)ctx, &d, &h), CL_INVALID_DEVICE);
	CHECK_ERR(clGetDeviceAndHostTimer(dev, NULL, &h), CL_INVALID_VALUE);
	CHECK_ERR(clGetDeviceAndHostTimer(dev, &d, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetHostTimer(NULL, &h), CL_INVALID_DEVICE);
	CHECK_ERR(clGetHostTimer(dev, NULL), CL_INVALID_VALUE);

	/* Profiling timestamps come from the same clock. */
	cl_queue_properties props[] = { CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0 };
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, props, NULL);
	REQUIRE(q);
	cl_ulong t0, t1, start = 0;
	CHECK_OK(clGetHostTimer(dev, &t0));
	cl_event ev;
	struct log_arg a = { 0 };
	log_n = 0;
	CHECK_OK(clEnqueueNativeKernel(q, append, &a, sizeof(a), 0, NULL, NULL, 0, NULL, &ev));
	CHECK_OK(clWaitForEvents(1, &ev));
	CHECK_OK(clGetHostTimer(dev, &t1));
	CHECK_OK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(start), &start, NULL));
	CHECK(t0 <= start && start <= t1);
	CHECK_OK(clReleaseEvent(ev));
	CHECK_OK(clReleaseCommandQueue(q));
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_int err;
	check_get_device(&platform, &dev);
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	CHECK_OK(err);
	REQUIRE(ctx);

	test_creation(ctx, dev);
	test_creation_errors(ctx, dev);
	test_set_property(ctx, dev);
	test_in_order(ctx, dev);
	test_release_with_pending(ctx, dev);
	test_timers(ctx, dev);

	CHECK_OK(clReleaseContext(ctx));
	return check_done();
}
