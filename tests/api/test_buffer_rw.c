/* clEnqueueReadBuffer / clEnqueueWriteBuffer (OpenCL 3.0 §5.2.2): blocking
 * and not, every error code, host-access flags, large transfers, and a
 * blocking read that waits on a user event set from another thread. */
#include "check.h"

#include <pthread.h>
#include <time.h>

static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;

static unsigned rng_state = 12345;
static unsigned rnd(void)
{
	return check_rand(&rng_state);
}

static void test_roundtrip(void)
{
	cl_int err;
	enum { N = 1 << 20 };
	unsigned char *ref = malloc(N), *back = malloc(N), *src = malloc(N);
	cl_mem m = clCreateBuffer(ctx, 0, N, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	for (int i = 0; i < N; i++)
		ref[i] = (unsigned char)rnd();
	CHECK_OK(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, N, ref, 0, NULL, NULL));
	/* Random sub-range writes and reads, blocking or not, against a host
	 * model of the buffer. */
	for (int it = 0; it < 200; it++) {
		size_t off = rnd() % N, size = rnd() % (N - off + 1);
		if (it % 3 == 0) {
			for (size_t i = 0; i < size; i++)
				src[i] = (unsigned char)rnd();
			cl_bool blocking = it & 1;
			cl_event ev = NULL;
			CHECK_OK(clEnqueueWriteBuffer(q, m, blocking, off, size, src, 0, NULL, &ev));
			if (!blocking)
				CHECK_OK(clWaitForEvents(1, &ev));
			memcpy(ref + off, src, size);
			cl_command_type t = 0;
			CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof(t), &t, NULL));
			CHECK(t == CL_COMMAND_WRITE_BUFFER);
			clReleaseEvent(ev);
		} else {
			memset(back, 0xee, size + 1 <= N ? size + 1 : N);
			cl_event ev;
			CHECK_OK(clEnqueueReadBuffer(q, m, it & 1, off, size, back, 0, NULL, &ev));
			CHECK_OK(clWaitForEvents(1, &ev));
			CHECK(memcmp(back, ref + off, size) == 0);
			if (size < N)
				CHECK(back[size] == 0xee); /* nothing past the range */
			cl_int st = 0;
			CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st), &st, NULL));
			CHECK(st == CL_COMPLETE);
			clReleaseEvent(ev);
		}
	}
	/* Non-blocking chain in one in-order queue. */
	for (int i = 0; i < 16; i++) {
		memset(src + i * 1024, i, 1024);
		CHECK_OK(clEnqueueWriteBuffer(q, m, CL_FALSE, i * 1024, 1024, src + i * 1024, 0, NULL, NULL));
	}
	CHECK_OK(clEnqueueReadBuffer(q, m, CL_FALSE, 0, 16 * 1024, back, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	for (int i = 0; i < 16; i++)
		CHECK(back[i * 1024] == i && back[i * 1024 + 1023] == i);

	/* Size 0 is a valid, empty command since OpenCL 2.1. */
	CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 5, 0, back, 0, NULL, NULL));
	CHECK_OK(clEnqueueWriteBuffer(q, m, CL_TRUE, N, 0, src, 0, NULL, NULL));
	CHECK_OK(clReleaseMemObject(m));
	free(ref);
	free(back);
	free(src);
}

/* Large transfers take the parallel path. */
static void test_large(void)
{
	cl_int err;
	size_t n = (size_t)48 << 20;
	unsigned *ref = malloc(n), *back = malloc(n);
	for (size_t i = 0; i < n / 4; i++)
		ref[i] = (unsigned)(i * 2654435761u);
	cl_mem m = clCreateBuffer(ctx, 0, n + 4096, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clEnqueueWriteBuffer(q, m, CL_TRUE, 4096, n, ref, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 4096, n, back, 0, NULL, NULL));
	CHECK(memcmp(ref, back, n) == 0);
	/* An odd size and offset. */
	memset(back, 0, n);
	CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 4099, n - 7, back, 0, NULL, NULL));
	CHECK(memcmp((char *)ref + 3, back, n - 7) == 0);
	CHECK_OK(clReleaseMemObject(m));
	free(ref);
	free(back);
}

static void test_errors(void)
{
	cl_int err;
	char buf[256] = { 0 };
	cl_mem m = clCreateBuffer(ctx, 0, 128, NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	CHECK_ERR(clEnqueueReadBuffer(NULL, m, CL_TRUE, 0, 8, buf, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clEnqueueWriteBuffer((cl_command_queue)ctx, m, CL_TRUE, 0, 8, buf, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clEnqueueReadBuffer(q, NULL, CL_TRUE, 0, 8, buf, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueWriteBuffer(q, (cl_mem)q, CL_TRUE, 0, 8, buf, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 8, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, 8, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueReadBuffer(q, m, CL_TRUE, 121, 8, buf, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, 129, buf, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueReadBuffer(q, m, CL_TRUE, 129, 0, buf, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueReadBuffer(q, m, CL_TRUE, SIZE_MAX - 3, 8, buf, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueReadBuffer(q, m, CL_TRUE, 8, SIZE_MAX - 3, buf, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 120, 8, buf, 0, NULL, NULL));

	/* Wait lists. */
	cl_event ev = NULL;
	CHECK_ERR(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 8, buf, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
	CHECK_ERR(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, 8, buf, 0, &ev, NULL), CL_INVALID_EVENT_WAIT_LIST);
	cl_event bogus = (cl_event)m;
	CHECK_ERR(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 8, buf, 1, &bogus, NULL), CL_INVALID_EVENT_WAIT_LIST);

	/* Another context: its buffer and its events do not mix with q. */
	cl_context ctx2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem other = clCreateBuffer(ctx2, 0, 128, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_ERR(clEnqueueReadBuffer(q, other, CL_TRUE, 0, 8, buf, 0, NULL, NULL), CL_INVALID_CONTEXT);
	CHECK_ERR(clEnqueueWriteBuffer(q, other, CL_TRUE, 0, 8, buf, 0, NULL, NULL), CL_INVALID_CONTEXT);
	cl_event uev2 = clCreateUserEvent(ctx2, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_ERR(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 8, buf, 1, &uev2, NULL), CL_INVALID_CONTEXT);
	clReleaseEvent(uev2);
	clReleaseMemObject(other);
	clReleaseContext(ctx2);
	CHECK_OK(clReleaseMemObject(m));

	/* §5.2.2: host-access flags. */
	static const struct {
		cl_mem_flags flags;
		cl_int read, write;
	} access[] = {
		{ 0, CL_SUCCESS, CL_SUCCESS },
		{ CL_MEM_HOST_READ_ONLY, CL_SUCCESS, CL_INVALID_OPERATION },
		{ CL_MEM_HOST_WRITE_ONLY, CL_INVALID_OPERATION, CL_SUCCESS },
		{ CL_MEM_HOST_NO_ACCESS, CL_INVALID_OPERATION, CL_INVALID_OPERATION },
		/* Device access flags do not limit the host. */
		{ CL_MEM_READ_ONLY, CL_SUCCESS, CL_SUCCESS },
		{ CL_MEM_WRITE_ONLY, CL_SUCCESS, CL_SUCCESS },
	};
	for (size_t i = 0; i < sizeof(access) / sizeof(access[0]); i++) {
		m = clCreateBuffer(ctx, access[i].flags, 64, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK_ERR(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 8, buf, 0, NULL, NULL), access[i].read);
		CHECK_ERR(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, 8, buf, 0, NULL, NULL), access[i].write);
		clReleaseMemObject(m);
	}
}

struct setter {
	cl_event ev;
	cl_int status;
};

static void *set_later(void *arg)
{
	struct setter *s = arg;
	nanosleep(&(struct timespec){ 0, 100 * 1000000 }, NULL);
	clSetUserEventStatus(s->ev, s->status);
	return NULL;
}

/* A blocking read gated by a user event that another thread completes: the
 * call returns only then, with the data the gated write stored. */
static void test_blocking_user_event(void)
{
	cl_int err;
	cl_mem m = clCreateBuffer(ctx, 0, 4096, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_event gate = clCreateUserEvent(ctx, &err);
	REQUIRE(err == CL_SUCCESS);
	static unsigned char src[4096], back[4096];
	for (int i = 0; i < 4096; i++)
		src[i] = (unsigned char)(i * 13);
	CHECK_OK(clEnqueueWriteBuffer(q, m, CL_FALSE, 0, 4096, src, 1, &gate, NULL));
	struct setter s = { gate, CL_COMPLETE };
	pthread_t t;
	REQUIRE(pthread_create(&t, NULL, set_later, &s) == 0);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 4096, back, 0, NULL, NULL));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	pthread_join(t, NULL);
	double waited = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
	CHECK(waited > 0.05);
	CHECK(memcmp(src, back, 4096) == 0);
	clReleaseEvent(gate);

	/* A failed dependency: the blocking read reports it and reads nothing. */
	gate = clCreateUserEvent(ctx, &err);
	REQUIRE(err == CL_SUCCESS);
	s.ev = gate;
	s.status = -42;
	memset(back, 0x11, sizeof(back));
	REQUIRE(pthread_create(&t, NULL, set_later, &s) == 0);
	CHECK_ERR(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 4096, back, 1, &gate, NULL),
		  CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	pthread_join(t, NULL);
	CHECK(back[0] == 0x11 && back[4095] == 0x11);
	clReleaseEvent(gate);
	CHECK_OK(clFinish(q));
	CHECK_OK(clReleaseMemObject(m));
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &dev, &ctx, &q);

	test_roundtrip();
	test_large();
	test_errors();
	test_blocking_user_event();

	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
