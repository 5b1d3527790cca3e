/* Thread safety of queues and events (OpenCL 3.0 §A.2: every API call is
 * thread-safe except clSetKernelArg & co. on one kernel).  Host threads
 * enqueue thousands of native kernels and markers, on their own queues and
 * on a shared one, and every result is checked: each command ran exactly
 * once, in order where the queue is in-order, and markers complete only
 * after what they wait for. */
#include "check.h"

#include <pthread.h>
#include <stdbool.h>
#include <unistd.h>

#define OWN_THREADS 4
#define SHARED_THREADS 2
#define COMMANDS 3000

static cl_context ctx;
static cl_device_id dev;

/* One thread's log: a native kernel appends its index. */
struct thread_log {
	int ran[COMMANDS];     /* times each command ran */
	int order[COMMANDS];   /* indices in the order they ran */
	atomic_int n;
	int errors;
};

struct log_arg {
	struct thread_log *log;
	int index;
};

static void CL_CALLBACK log_append(void *p)
{
	struct log_arg *a = p;
	a->log->ran[a->index]++;
	a->log->order[atomic_fetch_add(&a->log->n, 1)] = a->index;
}

struct worker {
	pthread_t thread;
	cl_command_queue queue;
	bool in_order;
	struct thread_log log;
};

/* Enqueues COMMANDS native kernels with a marker every 100; waiting on a
 * marker proves every earlier command of this thread has run. */
static void *enqueue_many(void *p)
{
	struct worker *w = p;
	for (int i = 0; i < COMMANDS; i++) {
		struct log_arg a = { &w->log, i };
		if (clEnqueueNativeKernel(w->queue, log_append, &a, sizeof(a), 0, NULL,
					  NULL, 0, NULL, NULL) != CL_SUCCESS)
			w->log.errors++;
		if (i % 100 == 99) {
			cl_event m;
			/* A private queue: the marker waits for all before
			 * it.  A shared one: other threads' commands are
			 * in there too, which the marker also covers. */
			if (clEnqueueMarkerWithWaitList(w->queue, 0, NULL, &m) != CL_SUCCESS) {
				w->log.errors++;
				continue;
			}
			if (clWaitForEvents(1, &m) != CL_SUCCESS)
				w->log.errors++;
			for (int j = 0; j <= i; j++)
				if (w->log.ran[j] != 1)
					w->log.errors++;
			clReleaseEvent(m);
		}
	}
	if (clFinish(w->queue) != CL_SUCCESS)
		w->log.errors++;
	return NULL;
}

static void check_log(struct worker *w)
{
	CHECK(w->log.errors == 0);
	CHECK(atomic_load(&w->log.n) == COMMANDS);
	int once = 1, ordered = 1;
	for (int i = 0; i < COMMANDS; i++) {
		if (w->log.ran[i] != 1)
			once = 0;
		if (w->log.order[i] != i)
			ordered = 0;
	}
	CHECK(once);
	/* In order: commands of one thread ran in the order enqueued (on a
	 * shared in-order queue too, since one thread's enqueues are
	 * ordered). */
	if (w->in_order)
		CHECK(ordered);
}

static cl_command_queue make_queue(bool in_order)
{
	cl_queue_properties props[] = {
		CL_QUEUE_PROPERTIES,
		in_order ? 0 : CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0 };
	cl_int err;
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, props, &err);
	REQUIRE(q);
	return q;
}

static void test_many_threads(bool shared_in_order)
{
	static struct worker w[OWN_THREADS + SHARED_THREADS];
	memset(w, 0, sizeof(w));
	cl_command_queue shared = make_queue(shared_in_order);
	for (int i = 0; i < OWN_THREADS + SHARED_THREADS; i++) {
		if (i < OWN_THREADS) {
			w[i].in_order = i % 2 == 0;
			w[i].queue = make_queue(w[i].in_order);
		} else {
			w[i].in_order = shared_in_order;
			w[i].queue = shared;
		}
		REQUIRE(pthread_create(&w[i].thread, NULL, enqueue_many, &w[i]) == 0);
	}
	for (int i = 0; i < OWN_THREADS + SHARED_THREADS; i++)
		pthread_join(w[i].thread, NULL);
	for (int i = 0; i < OWN_THREADS + SHARED_THREADS; i++) {
		check_log(&w[i]);
		if (i < OWN_THREADS)
			CHECK_OK(clReleaseCommandQueue(w[i].queue));
	}
	CHECK_OK(clReleaseCommandQueue(shared));
}

/* ---- user events set by one thread, commands enqueued by another ------ */

#define GATED 1000

static cl_event gates[GATED];
static atomic_int gated_ran[GATED];
static atomic_int gates_ready;

static void CL_CALLBACK count_gated(void *p)
{
	atomic_fetch_add(&gated_ran[*(int *)p], 1);
}

static void *set_gates(void *p)
{
	(void)p;
	while (atomic_load(&gates_ready) < GATED)
		usleep(100);
	/* Reverse order, so completion order differs from enqueue order. */
	for (int i = GATED - 1; i >= 0; i--)
		clSetUserEventStatus(gates[i], CL_COMPLETE);
	return NULL;
}

static void test_cross_thread_gates(void)
{
	cl_command_queue q = make_queue(false);
	cl_command_queue inq = make_queue(true);
	pthread_t setter;
	atomic_store(&gates_ready, 0);
	REQUIRE(pthread_create(&setter, NULL, set_gates, NULL) == 0);
	cl_event done[GATED];
	for (int i = 0; i < GATED; i++) {
		cl_int err;
		gates[i] = clCreateUserEvent(ctx, &err);
		CHECK_OK(clEnqueueNativeKernel(q, count_gated, &i, sizeof(i), 0, NULL, NULL,
					       1, &gates[i], &done[i]));
		atomic_fetch_add(&gates_ready, 1);
	}
	/* A blocking-style wait on an in-order queue's own command does not
	 * wait for the gated commands of the other queue. */
	cl_event m;
	CHECK_OK(clEnqueueMarkerWithWaitList(inq, 0, NULL, &m));
	CHECK_OK(clWaitForEvents(1, &m));
	clReleaseEvent(m);

	CHECK_OK(clWaitForEvents(GATED, done));
	pthread_join(setter, NULL);
	int once = 1;
	for (int i = 0; i < GATED; i++) {
		if (atomic_load(&gated_ran[i]) != 1)
			once = 0;
		clReleaseEvent(done[i]);
		clReleaseEvent(gates[i]);
	}
	CHECK(once);
	CHECK_OK(clReleaseCommandQueue(q));
	CHECK_OK(clReleaseCommandQueue(inq));
}

/* ---- concurrent clFinish and event releases on one queue ------------- */

static cl_command_queue race_q;
static atomic_int race_count;

static void CL_CALLBACK bump(void *p)
{
	(void)p;
	atomic_fetch_add(&race_count, 1);
}

static void *finish_loop(void *p)
{
	int *errors = p;
	for (int i = 0; i < 500; i++) {
		cl_event ev;
		if (clEnqueueNativeKernel(race_q, bump, NULL, 0, 0, NULL, NULL, 0, NULL, &ev))
			(*errors)++;
		if (clFinish(race_q) != CL_SUCCESS)
			(*errors)++;
		cl_int st = 1;
		clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st), &st, NULL);
		if (st != CL_COMPLETE)
			(*errors)++;
		clReleaseEvent(ev);
	}
	return NULL;
}

static void test_concurrent_finish(void)
{
	race_q = make_queue(false);
	atomic_store(&race_count, 0);
	pthread_t t[3];
	int errors[3] = { 0 };
	for (int i = 0; i < 3; i++)
		REQUIRE(pthread_create(&t[i], NULL, finish_loop, &errors[i]) == 0);
	for (int i = 0; i < 3; i++) {
		pthread_join(t[i], NULL);
		CHECK(errors[i] == 0);
	}
	CHECK(atomic_load(&race_count) == 1500);
	CHECK_OK(clReleaseCommandQueue(race_q));
}

/* ---- blocking calls wait for their own command only ------------------ */

struct delayed_set {
	cl_event event;
	cl_int status;
};

static void *set_after_20ms(void *p)
{
	struct delayed_set *d = p;
	usleep(20000);
	clSetUserEventStatus(d->event, d->status);
	return NULL;
}

static void CL_CALLBACK fill_buffer(void *p)
{
	int *data = *(int **)p;
	for (int i = 0; i < 64; i++)
		data[i] = 1000 + i;
}

static void test_blocking(void)
{
	cl_int err;
	int init[64], back[64];
	for (int i = 0; i < 64; i++)
		init[i] = i;
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
				    sizeof(init), init, &err);
	REQUIRE(buf);

	/* Out of order: a blocking read does not wait for an unrelated
	 * command gated by a user event nobody has set yet. */
	cl_command_queue ooo = make_queue(false);
	cl_event gate = clCreateUserEvent(ctx, &err);
	CHECK_OK(clEnqueueMarkerWithWaitList(ooo, 1, &gate, NULL));
	memset(back, 0, sizeof(back));
	CHECK_OK(clEnqueueReadBuffer(ooo, buf, CL_TRUE, 0, sizeof(back), back, 0, NULL, NULL));
	CHECK(memcmp(back, init, sizeof(init)) == 0);

	/* In order: a blocking read behind a gated command returns once
	 * another thread opens the gate, with the gated command's result. */
	cl_command_queue inq = make_queue(true);
	cl_event gate2 = clCreateUserEvent(ctx, &err);
	cl_mem mems[1] = { buf };
	cl_mem arg = buf;
	const void *loc = &arg;
	CHECK_OK(clEnqueueNativeKernel(inq, fill_buffer, &arg, sizeof(arg), 1, mems, &loc,
				       1, &gate2, NULL));
	struct delayed_set d = { gate2, CL_COMPLETE };
	pthread_t t;
	REQUIRE(pthread_create(&t, NULL, set_after_20ms, &d) == 0);
	CHECK_OK(clEnqueueReadBuffer(inq, buf, CL_TRUE, 0, sizeof(back), back, 0, NULL, NULL));
	int filled = 1;
	for (int i = 0; i < 64; i++)
		if (back[i] != 1000 + i)
			filled = 0;
	CHECK(filled);
	pthread_join(t, NULL);

	/* A blocking read whose wait list fails reports it. */
	cl_event gate3 = clCreateUserEvent(ctx, &err);
	struct delayed_set d3 = { gate3, -77 };
	REQUIRE(pthread_create(&t, NULL, set_after_20ms, &d3) == 0);
	CHECK_ERR(clEnqueueReadBuffer(inq, buf, CL_TRUE, 0, sizeof(back), back, 1, &gate3, NULL),
		  CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	pthread_join(t, NULL);

	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clFinish(ooo));
	CHECK_OK(clFinish(inq));
	clReleaseEvent(gate), clReleaseEvent(gate2), clReleaseEvent(gate3);
	CHECK_OK(clReleaseCommandQueue(ooo));
	CHECK_OK(clReleaseCommandQueue(inq));
	CHECK_OK(clReleaseMemObject(buf));
}

int main(void)
{
	cl_platform_id platform;
	cl_int err;
	check_get_device(&platform, &dev);
	ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(ctx);

	test_many_threads(true);
	test_many_threads(false);
	test_cross_thread_gates();
	test_concurrent_finish();
	test_blocking();

	CHECK_OK(clReleaseContext(ctx));
	return check_done();
}
