/* Events (OpenCL 3.0 §5.11), markers and barriers (§5.12), out-of-order
 * execution (§5.13) and profiling (§5.14): user events gating commands,
 * callbacks for every status (and for errors), error propagation through
 * wait lists, queries, profiling order, and every error code. */
#include "check.h"

#include <pthread.h>
#include <stdbool.h>
#include <time.h>
#include <unistd.h>

static cl_context ctx;
static cl_device_id dev;

/* ---- native kernels that record what ran, and in which order ---------- */

static atomic_int seq;        /* next position in the run order */
static int ran_at[64];        /* ran_at[id] = position + 1, 0: never ran */

struct mark_arg {
	int id;
};

static void CL_CALLBACK mark(void *p)
{
	struct mark_arg *a = p;
	ran_at[a->id] = atomic_fetch_add(&seq, 1) + 1;
}

static void reset_marks(void)
{
	atomic_store(&seq, 0);
	memset(ran_at, 0, sizeof(ran_at));
}

static cl_event enqueue_mark(cl_command_queue q, int id, cl_uint n,
			     const cl_event *wait)
{
	struct mark_arg a = { id };
	cl_event ev = NULL;
	CHECK_OK(clEnqueueNativeKernel(q, mark, &a, sizeof(a), 0, NULL, NULL, n,
				       wait, &ev));
	return ev;
}

static void CL_CALLBACK sleep_ms(void *p)
{
	usleep(*(int *)p * 1000);
}

static cl_int status_of(cl_event ev)
{
	cl_int st = 12345;
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st),
				&st, NULL));
	return st;
}

static cl_command_queue make_queue(cl_command_queue_properties p)
{
	cl_queue_properties props[] = { CL_QUEUE_PROPERTIES, p, 0 };
	cl_int err;
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, props, &err);
	CHECK_OK(err);
	REQUIRE(q);
	return q;
}

/* ---- user events ------------------------------------------------------ */

static void test_user_events(void)
{
	cl_int err;
	cl_event u = clCreateUserEvent(ctx, &err);
	CHECK_OK(err);
	REQUIRE(u);
	CHECK(clCreateUserEvent(NULL, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_CONTEXT);
	CHECK(clCreateUserEvent((cl_context)dev, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_CONTEXT);

	/* §5.11: every query of a user event. */
	cl_command_queue q = (cl_command_queue)1;
	cl_context c = NULL;
	cl_command_type type = 0;
	cl_uint refs = 0;
	size_t size = 0;
	CHECK_OK(clGetEventInfo(u, CL_EVENT_COMMAND_QUEUE, sizeof(q), &q, &size));
	CHECK(q == NULL && size == sizeof(q));
	CHECK_OK(clGetEventInfo(u, CL_EVENT_CONTEXT, sizeof(c), &c, NULL));
	CHECK(c == ctx);
	CHECK_OK(clGetEventInfo(u, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL));
	CHECK(type == CL_COMMAND_USER);
	CHECK(status_of(u) == CL_SUBMITTED);
	CHECK_OK(clGetEventInfo(u, CL_EVENT_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 1);
	CHECK_OK(clRetainEvent(u));
	CHECK_OK(clGetEventInfo(u, CL_EVENT_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 2);
	CHECK_OK(clReleaseEvent(u));
	CHECK_ERR(clGetEventInfo(u, CL_EVENT_COMMAND_TYPE, 1, &type, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetEventInfo(u, 0x7fff, sizeof(type), &type, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetEventInfo(NULL, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL),
		  CL_INVALID_EVENT);
	CHECK_ERR(clGetEventInfo((cl_event)ctx, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL),
		  CL_INVALID_EVENT);

	/* Only CL_COMPLETE or a negative value, and only once. */
	CHECK_ERR(clSetUserEventStatus(u, CL_SUBMITTED), CL_INVALID_VALUE);
	CHECK_ERR(clSetUserEventStatus(u, CL_RUNNING), CL_INVALID_VALUE);
	CHECK_ERR(clSetUserEventStatus(u, 7), CL_INVALID_VALUE);
	CHECK_OK(clSetUserEventStatus(u, CL_COMPLETE));
	CHECK(status_of(u) == CL_COMPLETE);
	CHECK_ERR(clSetUserEventStatus(u, CL_COMPLETE), CL_INVALID_OPERATION);
	CHECK_ERR(clSetUserEventStatus(u, -5), CL_INVALID_OPERATION);
	CHECK_ERR(clSetUserEventStatus(NULL, CL_COMPLETE), CL_INVALID_EVENT);
	CHECK_OK(clWaitForEvents(1, &u));
	/* A user event has no profiling information. */
	cl_ulong t;
	CHECK_ERR(clGetEventProfilingInfo(u, CL_PROFILING_COMMAND_END, sizeof(t), &t, NULL),
		  CL_PROFILING_INFO_NOT_AVAILABLE);

	/* A command's event is not a user event. */
	cl_command_queue cq = make_queue(0);
	cl_event m;
	CHECK_OK(clEnqueueMarkerWithWaitList(cq, 0, NULL, &m));
	CHECK_ERR(clSetUserEventStatus(m, CL_COMPLETE), CL_INVALID_EVENT);
	CHECK_OK(clWaitForEvents(1, &m));
	CHECK_OK(clGetEventInfo(m, CL_EVENT_COMMAND_QUEUE, sizeof(q), &q, NULL));
	CHECK(q == cq);
	CHECK_OK(clGetEventInfo(m, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL));
	CHECK(type == CL_COMMAND_MARKER);
	CHECK_OK(clReleaseEvent(m));
	CHECK_OK(clReleaseCommandQueue(cq));
	CHECK_OK(clReleaseEvent(u));
	CHECK_ERR(clReleaseEvent(NULL), CL_INVALID_EVENT);
	CHECK_ERR(clRetainEvent(NULL), CL_INVALID_EVENT);
}

/* ---- out-of-order queues gated by user events ------------------------- */

static void test_out_of_order(void)
{
	cl_int err;
	cl_command_queue q = make_queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
	cl_event u = clCreateUserEvent(ctx, &err);
	reset_marks();
	/* A waits for the user event, B for nothing: B runs, A does not. */
	cl_event a = enqueue_mark(q, 0, 1, &u);
	cl_event b = enqueue_mark(q, 1, 0, NULL);
	CHECK_OK(clWaitForEvents(1, &b));
	usleep(10000);
	CHECK(ran_at[0] == 0 && ran_at[1] == 1);
	CHECK(status_of(a) == CL_SUBMITTED || status_of(a) == CL_QUEUED);
	/* C waits for A and B: it runs after A. */
	cl_event ab[2] = { a, b };
	cl_event c = enqueue_mark(q, 2, 2, ab);
	CHECK_OK(clSetUserEventStatus(u, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &c));
	CHECK(status_of(a) == CL_COMPLETE);
	CHECK(ran_at[0] == 2 && ran_at[2] == 3);
	cl_command_type type;
	CHECK_OK(clGetEventInfo(a, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL));
	CHECK(type == CL_COMMAND_NATIVE_KERNEL);
	clReleaseEvent(a), clReleaseEvent(b), clReleaseEvent(c), clReleaseEvent(u);
	CHECK_OK(clReleaseCommandQueue(q));
}

/* ---- markers and barriers --------------------------------------------- */

static void test_markers_barriers(cl_command_queue_properties mode)
{
	cl_int err;
	cl_command_queue q = make_queue(mode);
	bool ooo = mode & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
	cl_event u = clCreateUserEvent(ctx, &err);
	reset_marks();

	/* A marker with an empty list waits for everything before it. */
	cl_event a = enqueue_mark(q, 0, 1, &u);
	cl_event m_all, m_list, bar;
	CHECK_OK(clEnqueueMarkerWithWaitList(q, 0, NULL, &m_all));
	usleep(5000);
	CHECK(status_of(m_all) > CL_COMPLETE);
	if (ooo) {
		/* Out of order, a marker with a list waits for that list
		 * only; a command after the marker is not held. */
		cl_event b = enqueue_mark(q, 1, 0, NULL);
		CHECK_OK(clWaitForEvents(1, &b));
		CHECK_OK(clEnqueueMarkerWithWaitList(q, 1, &b, &m_list));
		CHECK_OK(clWaitForEvents(1, &m_list));
		CHECK(status_of(m_all) > CL_COMPLETE);
		CHECK(ran_at[1] == 1);
		clReleaseEvent(b);
		clReleaseEvent(m_list);
	}
	/* A barrier: later commands run after everything before it. */
	CHECK_OK(clEnqueueBarrierWithWaitList(q, 0, NULL, &bar));
	cl_event c = enqueue_mark(q, 2, 0, NULL);
	usleep(10000);
	CHECK(ran_at[2] == 0);
	CHECK(status_of(bar) > CL_COMPLETE);
	CHECK_OK(clSetUserEventStatus(u, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &c));
	CHECK(status_of(m_all) == CL_COMPLETE && status_of(bar) == CL_COMPLETE);
	CHECK(ran_at[0] != 0 && ran_at[2] == ran_at[0] + 1);
	cl_command_type type;
	CHECK_OK(clGetEventInfo(bar, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL));
	CHECK(type == CL_COMMAND_BARRIER);
	clReleaseEvent(a), clReleaseEvent(c), clReleaseEvent(m_all), clReleaseEvent(bar);
	clReleaseEvent(u);

	/* A barrier with a wait list orders later commands after that list. */
	u = clCreateUserEvent(ctx, &err);
	reset_marks();
	CHECK_OK(clEnqueueBarrierWithWaitList(q, 1, &u, NULL));
	c = enqueue_mark(q, 3, 0, NULL);
	usleep(5000);
	CHECK(ran_at[3] == 0);
	CHECK_OK(clSetUserEventStatus(u, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &c));
	CHECK(ran_at[3] == 1);
	clReleaseEvent(c), clReleaseEvent(u);

	/* The 1.x forms. */
	u = clCreateUserEvent(ctx, &err);
	reset_marks();
	cl_event m1;
	a = enqueue_mark(q, 4, 1, &u);
	CHECK_OK(clEnqueueMarker(q, &m1));
	CHECK_OK(clEnqueueBarrier(q));
	c = enqueue_mark(q, 5, 0, NULL);
	usleep(5000);
	CHECK(ran_at[5] == 0 && status_of(m1) > CL_COMPLETE);
	CHECK_OK(clSetUserEventStatus(u, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &c));
	CHECK_OK(clWaitForEvents(1, &m1));
	CHECK(ran_at[4] == 1 && ran_at[5] == 2);
	clReleaseEvent(a), clReleaseEvent(c), clReleaseEvent(m1), clReleaseEvent(u);

	u = clCreateUserEvent(ctx, &err);
	reset_marks();
	CHECK_OK(clEnqueueWaitForEvents(q, 1, &u));
	c = enqueue_mark(q, 6, 0, NULL);
	usleep(5000);
	CHECK(ran_at[6] == 0);
	CHECK_OK(clSetUserEventStatus(u, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &c));
	CHECK(ran_at[6] == 1);
	clReleaseEvent(c), clReleaseEvent(u);

	/* Errors. */
	cl_event dummy;
	CHECK_ERR(clEnqueueMarker(q, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueMarker(NULL, &dummy), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clEnqueueBarrier(NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clEnqueueWaitForEvents(q, 0, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueWaitForEvents(q, 1, NULL), CL_INVALID_VALUE);
	cl_event bad = (cl_event)q;
	CHECK_ERR(clEnqueueWaitForEvents(q, 1, &bad), CL_INVALID_EVENT);
	CHECK_ERR(clEnqueueMarkerWithWaitList(q, 1, NULL, &dummy), CL_INVALID_EVENT_WAIT_LIST);
	CHECK_ERR(clEnqueueMarkerWithWaitList(q, 0, &bad, &dummy), CL_INVALID_EVENT_WAIT_LIST);
	CHECK_ERR(clEnqueueMarkerWithWaitList(q, 1, &bad, &dummy), CL_INVALID_EVENT_WAIT_LIST);
	CHECK_ERR(clEnqueueBarrierWithWaitList(q, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
	CHECK_ERR(clEnqueueBarrierWithWaitList(NULL, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);

	/* Events of another context. */
	cl_context other = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(other);
	cl_event foreign = clCreateUserEvent(other, &err);
	CHECK_ERR(clEnqueueMarkerWithWaitList(q, 1, &foreign, &dummy), CL_INVALID_CONTEXT);
	CHECK_ERR(clEnqueueWaitForEvents(q, 1, &foreign), CL_INVALID_CONTEXT);
	cl_event mine = clCreateUserEvent(ctx, &err);
	cl_event mixed[2] = { mine, foreign };
	CHECK_ERR(clWaitForEvents(2, mixed), CL_INVALID_CONTEXT);
	clReleaseEvent(mine), clReleaseEvent(foreign);
	CHECK_OK(clReleaseContext(other));

	CHECK_OK(clFinish(q));
	CHECK_OK(clReleaseCommandQueue(q));
}

/* ---- callbacks -------------------------------------------------------- */

struct cb_record {
	atomic_int calls[3];   /* by trigger: SUBMITTED, RUNNING, COMPLETE */
	atomic_int status[3];  /* the status each was called with */
	cl_event event;
};

static void record(cl_event ev, cl_int status, void *user, int slot)
{
	struct cb_record *r = user;
	atomic_store(&r->status[slot], status);
	r->event = ev;
	atomic_fetch_add(&r->calls[slot], 1);
}

static void CL_CALLBACK on_submitted(cl_event ev, cl_int status, void *user)
{
	record(ev, status, user, 0);
}

static void CL_CALLBACK on_running(cl_event ev, cl_int status, void *user)
{
	record(ev, status, user, 1);
}

static void CL_CALLBACK on_complete(cl_event ev, cl_int status, void *user)
{
	record(ev, status, user, 2);
}

static void register_all(cl_event ev, struct cb_record *r)
{
	memset(r, 0, sizeof(*r));
	CHECK_OK(clSetEventCallback(ev, CL_SUBMITTED, on_submitted, r));
	CHECK_OK(clSetEventCallback(ev, CL_RUNNING, on_running, r));
	CHECK_OK(clSetEventCallback(ev, CL_COMPLETE, on_complete, r));
}

/* Callbacks may run on another thread after the wait returns. */
static int wait_calls(struct cb_record *r, int slot)
{
	for (int i = 0; i < 2000 && !atomic_load(&r->calls[slot]); i++)
		usleep(1000);
	return atomic_load(&r->calls[slot]);
}

static void test_callbacks(void)
{
	cl_int err;
	cl_command_queue q = make_queue(0);
	cl_event u = clCreateUserEvent(ctx, &err);
	reset_marks();
	struct cb_record rk, ru, rlate;

	cl_event k = enqueue_mark(q, 0, 1, &u);
	register_all(k, &rk);
	/* A user event is CL_SUBMITTED from the start: its SUBMITTED
	 * callback is called at once; the others wait. */
	memset(&ru, 0, sizeof(ru));
	CHECK_OK(clSetEventCallback(u, CL_SUBMITTED, on_submitted, &ru));
	CHECK(atomic_load(&ru.calls[0]) == 1 && ru.status[0] == CL_SUBMITTED);
	CHECK_OK(clSetEventCallback(u, CL_COMPLETE, on_complete, &ru));
	usleep(5000);
	CHECK(atomic_load(&rk.calls[1]) == 0 && atomic_load(&rk.calls[2]) == 0);
	CHECK(atomic_load(&ru.calls[2]) == 0);

	CHECK_OK(clSetUserEventStatus(u, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &k));
	for (int s = 0; s < 3; s++) {
		CHECK(wait_calls(&rk, s) == 1);
		CHECK(rk.status[s] == (s == 0 ? CL_SUBMITTED : s == 1 ? CL_RUNNING : CL_COMPLETE));
	}
	CHECK(rk.event == k);
	CHECK(wait_calls(&ru, 2) == 1 && ru.status[2] == CL_COMPLETE);

	/* Registered after the fact: called immediately, once each. */
	register_all(k, &rlate);
	for (int s = 0; s < 3; s++)
		CHECK(atomic_load(&rlate.calls[s]) == 1);
	CHECK(rlate.status[2] == CL_COMPLETE);

	/* Errors. */
	CHECK_ERR(clSetEventCallback(k, CL_QUEUED, on_complete, &rlate), CL_INVALID_VALUE);
	CHECK_ERR(clSetEventCallback(k, 77, on_complete, &rlate), CL_INVALID_VALUE);
	CHECK_ERR(clSetEventCallback(k, CL_COMPLETE, NULL, &rlate), CL_INVALID_VALUE);
	CHECK_ERR(clSetEventCallback(NULL, CL_COMPLETE, on_complete, &rlate), CL_INVALID_EVENT);
	clReleaseEvent(k), clReleaseEvent(u);
	CHECK_OK(clReleaseCommandQueue(q));
}

/* A callback may release the event it is called for. */
static void CL_CALLBACK release_self(cl_event ev, cl_int status, void *user)
{
	(void)status;
	clReleaseEvent(ev);
	atomic_fetch_add((atomic_int *)user, 1);
}

static void test_callback_release(void)
{
	cl_command_queue q = make_queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
	static atomic_int released;
	for (int i = 0; i < 100; i++) {
		int ms = 0;
		cl_event ev;
		CHECK_OK(clEnqueueNativeKernel(q, sleep_ms, &ms, sizeof(ms), 0, NULL, NULL,
					       0, NULL, &ev));
		CHECK_OK(clSetEventCallback(ev, CL_COMPLETE, release_self, &released));
	}
	CHECK_OK(clFinish(q));
	for (int i = 0; i < 2000 && atomic_load(&released) < 100; i++)
		usleep(1000);
	CHECK(atomic_load(&released) == 100);
	CHECK_OK(clReleaseCommandQueue(q));
}

/* ---- errors through wait lists ---------------------------------------- */

static void test_error_propagation(cl_command_queue_properties mode)
{
	cl_int err;
	cl_command_queue q = make_queue(mode);
	cl_event u = clCreateUserEvent(ctx, &err);
	reset_marks();
	struct cb_record ru, ra, rb;

	memset(&ru, 0, sizeof(ru));
	CHECK_OK(clSetEventCallback(u, CL_COMPLETE, on_complete, &ru));
	cl_event a = enqueue_mark(q, 0, 1, &u);
	register_all(a, &ra);
	cl_event b = enqueue_mark(q, 1, 1, &a);
	register_all(b, &rb);
	cl_event m;
	CHECK_OK(clEnqueueMarkerWithWaitList(q, 1, &b, &m));

	CHECK_OK(clSetUserEventStatus(u, -1234));
	CHECK(status_of(u) == -1234);
	CHECK(wait_calls(&ru, 2) == 1 && ru.status[2] == -1234);

	/* A and B never run; each ends with the wait-list error. */
	CHECK_ERR(clWaitForEvents(1, &a), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	CHECK_ERR(clWaitForEvents(1, &b), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	CHECK_ERR(clWaitForEvents(1, &m), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	CHECK(status_of(a) == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	CHECK(status_of(b) == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	CHECK(status_of(m) == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	CHECK(ran_at[0] == 0 && ran_at[1] == 0);
	/* Every callback is called once: SUBMITTED was reached (at enqueue,
	 * so it was called when registered), the later ones get the error. */
	CHECK(wait_calls(&ra, 0) == 1 && ra.status[0] == CL_SUBMITTED);
	CHECK(wait_calls(&rb, 0) == 1 && rb.status[0] == CL_SUBMITTED);
	for (int s = 1; s < 3; s++) {
		CHECK(wait_calls(&ra, s) == 1 && ra.status[s] == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
		CHECK(wait_calls(&rb, s) == 1 && rb.status[s] == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	}
	/* A failed command has no profiling information. */
	cl_ulong t;
	CHECK_ERR(clGetEventProfilingInfo(a, CL_PROFILING_COMMAND_END, sizeof(t), &t, NULL),
		  CL_PROFILING_INFO_NOT_AVAILABLE);
	/* One failed event fails the whole wait, the others are still
	 * waited for. */
	cl_event ok;
	CHECK_OK(clEnqueueMarkerWithWaitList(q, 0, NULL, &ok));
	cl_event both[2] = { ok, a };
	CHECK_ERR(clWaitForEvents(2, both), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	CHECK(status_of(ok) == CL_COMPLETE);

	/* The queue goes on working. */
	cl_event c = enqueue_mark(q, 2, 0, NULL);
	CHECK_OK(clWaitForEvents(1, &c));
	CHECK(ran_at[2] == 1);
	CHECK_OK(clFinish(q));
	clReleaseEvent(a), clReleaseEvent(b), clReleaseEvent(c), clReleaseEvent(m);
	clReleaseEvent(ok), clReleaseEvent(u);
	CHECK_OK(clReleaseCommandQueue(q));
}

/* ---- clWaitForEvents and a user event set from another thread ---------- */

static void *set_later(void *p)
{
	usleep(20000);
	clSetUserEventStatus((cl_event)p, CL_COMPLETE);
	return NULL;
}

static void test_wait(void)
{
	cl_int err;
	CHECK_ERR(clWaitForEvents(0, NULL), CL_INVALID_VALUE);
	cl_event u = clCreateUserEvent(ctx, &err);
	CHECK_ERR(clWaitForEvents(0, &u), CL_INVALID_VALUE);
	cl_event bad[2] = { u, (cl_event)ctx };
	CHECK_ERR(clWaitForEvents(2, bad), CL_INVALID_EVENT);

	/* The waiting thread sleeps until another thread sets the event;
	 * a command gated by it completes too. */
	cl_command_queue q = make_queue(0);
	reset_marks();
	cl_event k = enqueue_mark(q, 0, 1, &u);
	pthread_t t;
	pthread_create(&t, NULL, set_later, u);
	CHECK_OK(clWaitForEvents(1, &k));
	CHECK(ran_at[0] == 1 && status_of(u) == CL_COMPLETE);
	pthread_join(t, NULL);
	clReleaseEvent(k), clReleaseEvent(u);
	CHECK_OK(clReleaseCommandQueue(q));
}

/* ---- profiling -------------------------------------------------------- */

static void test_profiling(void)
{
	cl_int err;
	cl_command_queue q = make_queue(CL_QUEUE_PROFILING_ENABLE);
	cl_event u = clCreateUserEvent(ctx, &err);
	int ms = 3;
	cl_event k;
	CHECK_OK(clEnqueueNativeKernel(q, sleep_ms, &ms, sizeof(ms), 0, NULL, NULL,
				       1, &u, &k));
	cl_ulong t[5] = { 0 };
	/* Not available before completion. */
	CHECK_ERR(clGetEventProfilingInfo(k, CL_PROFILING_COMMAND_QUEUED, sizeof(t[0]), &t[0], NULL),
		  CL_PROFILING_INFO_NOT_AVAILABLE);
	usleep(2000);
	CHECK_OK(clSetUserEventStatus(u, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &k));
	const cl_profiling_info names[5] = {
		CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
		CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END,
		CL_PROFILING_COMMAND_COMPLETE,
	};
	for (int i = 0; i < 5; i++) {
		size_t size = 0;
		CHECK_OK(clGetEventProfilingInfo(k, names[i], sizeof(t[i]), &t[i], &size));
		CHECK(size == sizeof(cl_ulong));
	}
	CHECK(t[0] != 0);
	CHECK(t[0] <= t[1] && t[1] <= t[2] && t[2] <= t[3] && t[3] <= t[4]);
	/* It waited ≥ 2 ms for the user event, then ran for ≥ 3 ms. */
	CHECK(t[2] - t[1] >= 2000000);
	CHECK(t[3] - t[2] >= 3000000);
	CHECK_ERR(clGetEventProfilingInfo(k, 0x7fff, sizeof(t[0]), &t[0], NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetEventProfilingInfo(k, CL_PROFILING_COMMAND_END, 4, &t[0], NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clGetEventProfilingInfo(NULL, CL_PROFILING_COMMAND_END, sizeof(t[0]), &t[0], NULL),
		  CL_INVALID_EVENT);

	/* Markers are profiled too, in order. */
	cl_event m;
	CHECK_OK(clEnqueueMarkerWithWaitList(q, 0, NULL, &m));
	CHECK_OK(clWaitForEvents(1, &m));
	cl_ulong ms_start = 0, ms_end = 0;
	CHECK_OK(clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_START, sizeof(ms_start), &ms_start, NULL));
	CHECK_OK(clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_END, sizeof(ms_end), &ms_end, NULL));
	CHECK(t[3] <= ms_start && ms_start <= ms_end);
	clReleaseEvent(m), clReleaseEvent(k), clReleaseEvent(u);
	CHECK_OK(clReleaseCommandQueue(q));

	/* A queue without profiling has none. */
	q = make_queue(0);
	CHECK_OK(clEnqueueMarkerWithWaitList(q, 0, NULL, &m));
	CHECK_OK(clWaitForEvents(1, &m));
	CHECK_ERR(clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_START, sizeof(t[0]), &t[0], NULL),
		  CL_PROFILING_INFO_NOT_AVAILABLE);
	clReleaseEvent(m);
	CHECK_OK(clReleaseCommandQueue(q));
}

/* A long chain of markers gated by one user event completes without
 * recursing once per marker. */
static void test_long_chain(void)
{
	cl_int err;
	cl_command_queue q = make_queue(0);
	cl_event u = clCreateUserEvent(ctx, &err);
	CHECK_OK(clEnqueueMarkerWithWaitList(q, 1, &u, NULL));
	for (int i = 0; i < 50000; i++)
		CHECK_ERR(clEnqueueMarkerWithWaitList(q, 0, NULL, NULL), CL_SUCCESS);
	cl_event last;
	CHECK_OK(clEnqueueMarkerWithWaitList(q, 0, NULL, &last));
	CHECK(status_of(last) > CL_COMPLETE);
	CHECK_OK(clSetUserEventStatus(u, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &last));
	CHECK_OK(clFinish(q));
	clReleaseEvent(last), clReleaseEvent(u);
	CHECK_OK(clReleaseCommandQueue(q));
}

int main(void)
{
	cl_platform_id platform;
	cl_int err;
	check_get_device(&platform, &dev);
	ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	CHECK_OK(err);
	REQUIRE(ctx);

	test_user_events();
	test_out_of_order();
	test_markers_barriers(0);
	test_markers_barriers(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
	test_callbacks();
	test_callback_release();
	test_error_propagation(0);
	test_error_propagation(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
	test_wait();
	test_profiling();
	test_long_chain();

	CHECK_OK(clReleaseContext(ctx));
	return check_done();
}
