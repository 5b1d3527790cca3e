/* Events: status, callbacks, profiling timestamps and the waiters of the
 * dependency graph (OpenCL 3.0 §5.11, §5.14).
 *
 * Every status change goes through kiln_event_set_status, so callbacks and
 * dependents are handled in one place for every driver.  No lock is held
 * while an application callback runs, and a callback may release the event
 * or enqueue more work. */
#include "event.h"

#include "command.h"
#include "context.h"
#include "debug.h"
#include "fork_gate.h"
#include "queue.h"
#include "trace.h"

#include <sched.h>
#include <stdlib.h>
#include <time.h>

/* How long kiln_event_wait polls before sleeping, in ns: a few times the
 * cost of a wake-up, so a short command costs no system call. */
#define KILN_EVENT_SPIN_NS 50000
#ifndef KILN_SPIN_YIELD_ROUNDS
#define KILN_SPIN_YIELD_ROUNDS 32 /* pause rounds between sched_yield calls */
#endif

cl_ulong kiln_time_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (cl_ulong)ts.tv_sec * 1000000000u + (cl_ulong)ts.tv_nsec;
}

static void event_free(struct kiln_object *obj)
{
	cl_event ev = (cl_event)obj;
	/* Callbacks still registered were for states never reached (an
	 * event released before it ran); they are dropped. */
	while (ev->callbacks) {
		struct kiln_event_callback *cb = ev->callbacks;
		ev->callbacks = cb->next;
		free(cb);
	}
	if (ev->queue)
		kiln_object_unhold(KILN_OBJ(ev->queue));
	kiln_object_unhold(KILN_OBJ(ev->context));
	pthread_mutex_destroy(&ev->lock);
	pthread_cond_destroy(&ev->done);
	free(ev);
}

cl_event kiln_event_new(cl_context ctx, cl_command_queue queue,
			cl_command_type type)
{
	cl_event ev = calloc(1, sizeof(*ev));
	if (!ev)
		return NULL;
	kiln_object_init(&ev->obj, KILN_OBJ_EVENT, event_free);
	ev->context = ctx;
	kiln_object_hold(KILN_OBJ(ctx));
	ev->queue = queue;
	if (queue)
		kiln_object_hold(KILN_OBJ(queue));
	ev->command_type = type;
	/* §5.11: a user event starts CL_SUBMITTED, a command's CL_QUEUED. */
	atomic_init(&ev->status, queue ? CL_QUEUED : CL_SUBMITTED);
	pthread_mutex_init(&ev->lock, NULL);
	pthread_cond_init(&ev->done, NULL);
	return ev;
}

cl_int kiln_check_wait_list(cl_context ctx, cl_uint num, const cl_event *list)
{
	/* §5.11, every clEnqueue*: a list and its length must agree, and
	 * every entry must be a valid event of the queue's context. */
	if ((num == 0) != (list == NULL))
		return KILN_FAIL(CL_INVALID_EVENT_WAIT_LIST,
				 "num_events_in_wait_list is %u and event_wait_list "
				 "is %s (§5.11)", num, list ? "not NULL" : "NULL");
	for (cl_uint i = 0; i < num; i++)
		if (!kiln_object_is(list[i], KILN_OBJ_EVENT))
			return KILN_FAIL(CL_INVALID_EVENT_WAIT_LIST,
					 "event_wait_list[%u] is not a valid event (§5.11)", i);
	if (ctx)
		for (cl_uint i = 0; i < num; i++)
			if (list[i]->context != ctx)
				return KILN_FAIL(CL_INVALID_CONTEXT,
						 "event_wait_list[%u] belongs to another "
						 "context than the queue (§5.11)", i);
	return CL_SUCCESS;
}

/* Callbacks due at `status`, unlinked from ev->callbacks in registration
 * order.  Caller holds ev->lock. */
static struct kiln_event_callback *take_due_callbacks(cl_event ev,
						      cl_int status)
{
	KILN_ASSERT(kiln_mutex_locked(&ev->lock));
	struct kiln_event_callback *due = NULL, **due_tail = &due;
	struct kiln_event_callback **pp = &ev->callbacks;
	while (*pp) {
		struct kiln_event_callback *cb = *pp;
		/* Statuses count down: QUEUED 3 > SUBMITTED 2 > RUNNING 1 >
		 * COMPLETE 0 > errors, so "reached" is "status <= trigger". */
		if (status <= cb->trigger) {
			*pp = cb->next;
			cb->next = NULL;
			*due_tail = cb;
			due_tail = &cb->next;
		} else {
			pp = &cb->next;
		}
	}
	return due;
}

/* Calls `due` (no lock held), earliest state first, and frees them.
 * §5.11: a callback gets the status it was registered for, or the error
 * that terminated the command. */
static void fire_callbacks(cl_event ev, struct kiln_event_callback *due,
			   cl_int status)
{
	static const cl_int order[] = { CL_SUBMITTED, CL_RUNNING, CL_COMPLETE };
	for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++)
		for (struct kiln_event_callback *cb = due; cb; cb = cb->next)
			if (cb->trigger == order[k])
				cb->fn(ev, status < 0 ? status : cb->trigger,
				       cb->user_data);
	while (due) {
		struct kiln_event_callback *next = due->next;
		free(due);
		due = next;
	}
}

/* Fills the profiling timestamps of the states passed on the way to
 * `status` (a command may skip states, e.g. a failed dependency), so that
 * queued ≤ submit ≤ start ≤ end ≤ complete always holds (§5.14). */
static void stamp(cl_event ev, cl_int status)
{
	/* The timeline trace (trace.h) reads the times of every command,
	 * and fills them all, complete included, before the event is final. */
	if ((!ev->profiled && !KILN_TRACE_ON()) || ev->t_complete)
		return;
	cl_ulong now = kiln_time_now();
	if (status <= CL_SUBMITTED && !ev->t_submit)
		ev->t_submit = now;
	if (status <= CL_RUNNING && !ev->t_start)
		ev->t_start = now;
	/* A parent of device-side children has its end taken when its run
	 * ends (command.c); complete comes after its children. */
	if (status <= CL_COMPLETE && !ev->t_complete) {
		ev->t_complete = now;
		if (!ev->t_end)
			ev->t_end = now;
	}
}

void kiln_event_set_status(cl_event ev, cl_int status)
{
	/* The event must outlive its callbacks, one of which may well
	 * release the application's last reference. */
	kiln_object_hold(KILN_OBJ(ev));
	/* From the final status to the last dependent told, a fork must not
	 * cut in (fork_gate.h): the child would have the one without the
	 * other. */
	bool final = kiln_status_is_final(status);
	if (final)
		kiln_fork_gate_enter();
	pthread_mutex_lock(&ev->lock);
	cl_int old = atomic_load(&ev->status);
	if (kiln_status_is_final(old) || status >= old) {
		/* Final already, or not a step forward: nothing to do. */
		pthread_mutex_unlock(&ev->lock);
		if (final)
			kiln_fork_gate_leave();
		kiln_object_unhold(KILN_OBJ(ev));
		return;
	}
	stamp(ev, status);
	atomic_store(&ev->status, status);
	struct kiln_event_callback *due = NULL;
	if (ev->callbacks)
		due = take_due_callbacks(ev, status);
	struct kiln_event_waiter *waiters = NULL;
	if (final) {
		waiters = ev->waiters;
		ev->waiters = NULL;
		if (ev->sleepers)
			pthread_cond_broadcast(&ev->done);
	}
	pthread_mutex_unlock(&ev->lock);

	/* Dependents first: their work matters more than a notification. */
	while (waiters) {
		/* The waiter lives in its command, which may be freed as soon
		 * as it is told: read the link first. */
		struct kiln_event_waiter *next = waiters->next;
		kiln_command_dependency_done(waiters, status);
		waiters = next;
	}
	if (final)
		kiln_fork_gate_leave();
	if (due)
		fire_callbacks(ev, due, status);
	kiln_object_unhold(KILN_OBJ(ev));
}

cl_int kiln_event_wait(cl_event ev)
{
	cl_int st;
	cl_ulong deadline = 0;
	for (unsigned i = 1;; i++) {
		st = atomic_load(&ev->status);
		if (kiln_status_is_final(st))
			return st;
#if defined(__x86_64__) || defined(__i386__)
		__builtin_ia32_pause();
#endif
		if (i % 32 == 0) {
			/* Now and then: read the clock, and yield in case
			 * the thread that ends the wait needs this core. */
			if (i % KILN_SPIN_YIELD_ROUNDS == 0)
				sched_yield();
			cl_ulong now = kiln_time_now();
			if (!deadline)
				deadline = now + KILN_EVENT_SPIN_NS;
			else if (now >= deadline)
				break;
		}
	}
	pthread_mutex_lock(&ev->lock);
	atomic_fetch_add(&ev->sleepers, 1);
	while (!kiln_status_is_final(st = atomic_load(&ev->status))) {
		struct kiln_command *cmd = ev->handoff;
		if (cmd) {
			/* The command is ready and this thread has nothing
			 * better to do than run it (kiln_event_offer). */
			ev->handoff = NULL;
			atomic_fetch_sub(&ev->sleepers, 1);
			pthread_mutex_unlock(&ev->lock);
			kiln_command_run_offered(cmd);
			pthread_mutex_lock(&ev->lock);
			atomic_fetch_add(&ev->sleepers, 1);
			continue;
		}
		pthread_cond_wait(&ev->done, &ev->lock);
	}
	atomic_fetch_sub(&ev->sleepers, 1);
	pthread_mutex_unlock(&ev->lock);
	return st;
}

bool kiln_event_offer(cl_event ev, struct kiln_command *cmd)
{
	/* A waiter registers under the lock before it sleeps; one that
	 * registers after this read finds the command with the driver. */
	if (!atomic_load(&ev->sleepers))
		return false;
	pthread_mutex_lock(&ev->lock);
	/* Callbacks run on the thread that completes the command: an
	 * application thread in clWaitForEvents may hold a lock its callback
	 * takes, so an event with callbacks completes on a worker. */
	bool taken = atomic_load(&ev->sleepers) && !ev->handoff && !ev->callbacks;
	if (taken) {
		ev->handoff = cmd;
		pthread_cond_broadcast(&ev->done);
	}
	pthread_mutex_unlock(&ev->lock);
	return taken;
}

bool kiln_event_add_waiter(struct kiln_event_waiter *w, cl_int *status)
{
	cl_event ev = w->event;
	pthread_mutex_lock(&ev->lock);
	cl_int st = atomic_load(&ev->status);
	if (kiln_status_is_final(st)) {
		pthread_mutex_unlock(&ev->lock);
		*status = st;
		return false;
	}
	w->next = ev->waiters;
	ev->waiters = w;
	pthread_mutex_unlock(&ev->lock);
	return true;
}

void kiln_event_add_callback(cl_event ev, struct kiln_event_callback *cb)
{
	pthread_mutex_lock(&ev->lock);
	cl_int st = atomic_load(&ev->status);
	if (st > cb->trigger) {
		/* Not reached yet: kept in registration order. */
		struct kiln_event_callback **pp = &ev->callbacks;
		while (*pp)
			pp = &(*pp)->next;
		cb->next = NULL;
		*pp = cb;
		pthread_mutex_unlock(&ev->lock);
		return;
	}
	pthread_mutex_unlock(&ev->lock);
	/* §5.11: a state already passed calls the callback at once. */
	cb->next = NULL;
	fire_callbacks(ev, cb, st);
}
