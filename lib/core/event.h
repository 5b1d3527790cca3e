/* Events and the dependency graph (OpenCL 3.0 §5.11).
 *
 * Every command has an event.  A user event has none.  The life of a command
 * is handled here, once, for every driver:
 *   enqueue → CL_QUEUED → (flushed) CL_SUBMITTED → (dependencies complete,
 *   driver picks it up) CL_RUNNING → CL_COMPLETE or a negative error,
 * with callbacks fired and profiling timestamps taken at each step. */
#ifndef KILN_CORE_EVENT_H
#define KILN_CORE_EVENT_H

#include "object.h"
#include <pthread.h>

struct kiln_command;

/* A callback registered with clSetEventCallback (fired once). */
struct kiln_event_callback {
	void(CL_CALLBACK *fn)(cl_event, cl_int, void *);
	void *user_data;
	cl_int trigger; /* CL_SUBMITTED, CL_RUNNING or CL_COMPLETE */
	struct kiln_event_callback *next;
};

/* One edge of the dependency graph: `cmd` waits for `event`.  It is stored
 * in the command (freed with it) and holds `event` until then. */
struct kiln_event_waiter {
	struct kiln_command *cmd;
	cl_event event;
	/* An explicit wait-list edge: a failed `event` fails `cmd` (§5.11).
	 * Implicit ordering edges (in-order predecessor, barriers, a marker
	 * with an empty wait list) order only. */
	bool propagates;
	struct kiln_event_waiter *next; /* in event->waiters */
};

struct _cl_event {
	struct kiln_object obj;
	cl_context context;
	cl_command_queue queue; /* NULL for a user event */
	cl_command_type command_type;
	atomic_int status;      /* CL_QUEUED..CL_COMPLETE, or < 0 */

	pthread_mutex_t lock;   /* guards everything below */
	pthread_cond_t done;    /* signalled when status becomes final */
	struct kiln_event_callback *callbacks;
	struct kiln_event_waiter *waiters; /* commands waiting on this event */
	struct kiln_command *command;      /* NULL for user events */

	/* CL_PROFILING_COMMAND_* in ns of kiln_time_now() */
	cl_ulong t_queued, t_submit, t_start, t_end, t_complete;
	/* queue bookkeeping (queue.c): outstanding-event list links */
	cl_event q_prev, q_next;
	/* The queue had CL_QUEUE_PROFILING_ENABLE when the command was
	 * enqueued (clSetCommandQueueProperty may change it later). */
	bool profiled;
	/* Threads asleep in kiln_event_wait (changed under lock; read
	 * without it by kiln_event_offer's first check). */
	atomic_uint sleepers;
	/* The event's command, ready, handed to those threads: one of them
	 * runs it (kiln_event_offer; guarded by lock). */
	struct kiln_command *handoff;
	/* The timeline trace's track of the command's slice (trace.c, under
	 * its lock); 0 until traced. */
	unsigned trace_tid;
};

/* Monotonic nanoseconds: the device and host timer of this platform. */
cl_ulong kiln_time_now(void);

/* A fresh event in CL_QUEUED (command) or CL_SUBMITTED (user event). */
cl_event kiln_event_new(cl_context ctx, cl_command_queue queue,
			cl_command_type type);

/* Validates an (num, list) event wait list against `ctx` (NULL: any
 * context): CL_INVALID_EVENT_WAIT_LIST or CL_INVALID_EVENT / CONTEXT. */
cl_int kiln_check_wait_list(cl_context ctx, cl_uint num,
			    const cl_event *list);

/* Moves the event to `status`, firing callbacks for every state passed and
 * waking waiters once it is final (CL_COMPLETE or negative). */
void kiln_event_set_status(cl_event ev, cl_int status);

/* Blocks until the event is final; returns its final status.  Polls for
 * a while first, then sleeps; asleep, it runs the event's command itself
 * when the command becomes ready and is offered to it (kiln_event_offer). */
cl_int kiln_event_wait(cl_event ev);

/* `cmd`, the command of `ev`, has become ready: when a thread is asleep in
 * kiln_event_wait for `ev` (and no callback is registered on it, which
 * would then run on that thread), hands the command to it, wakes it and
 * returns true; that thread runs it (kiln_command_run_offered).  False:
 * nobody took it, the caller submits it. */
bool kiln_event_offer(cl_event ev, struct kiln_command *cmd);

/* Registers `w` (w->cmd, w->event filled) on w->event.  Returns true when
 * the event was not final yet: it will call kiln_command_dependency_done
 * for `w` once it is.  Returns false, with the final status in *status,
 * when it already was. */
bool kiln_event_add_waiter(struct kiln_event_waiter *w, cl_int *status);

/* Registers a callback; calls it at once (on the caller's thread, no lock
 * held) when the event has already passed `cb->trigger`.  Takes `cb`. */
void kiln_event_add_callback(cl_event ev, struct kiln_event_callback *cb);

static inline bool kiln_status_is_final(cl_int status)
{
	return status <= CL_COMPLETE;
}

#endif
