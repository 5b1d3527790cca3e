/* Commands: from enqueue to completion (OpenCL 3.0 §5.11, §5.12, §5.13).
 *
 * A command counts its unfinished dependencies in `pending`, plus one guard
 * that the enqueue drops when the command is fully wired, so that it cannot
 * start while it is still being set up.  When the count reaches zero the
 * command is ready: a command with work goes to its device's driver; a
 * marker, a barrier or a command whose dependency failed completes right
 * where it became ready, without a thread hop. */
#include "command.h"

#include "context.h"
#include "debug.h"
#include "device.h"
#include "event.h"
#include "mem.h"
#include "queue.h"
#include "thread_stack.h"
#include "trace.h"

#include <stdlib.h>
#include <string.h>

struct kiln_command *kiln_command_alloc(size_t size, cl_command_queue queue,
					cl_command_type type)
{
	if (size < sizeof(struct kiln_command))
		size = sizeof(struct kiln_command);
	struct kiln_command *cmd = calloc(1, size);
	if (!cmd)
		return NULL;
	cmd->type = type;
	cmd->queue = queue;
	cmd->device = queue->device;
	cmd->edge_cap = sizeof(cmd->inline_edges) / sizeof(cmd->inline_edges[0]);
	return cmd;
}

cl_int kiln_command_use_mem(struct kiln_command *cmd, cl_mem mem)
{
	/* Grow in powers of two: a command rarely uses more than a few. */
	cl_uint n = cmd->num_mems;
	if ((n & (n - 1)) == 0) {
		cl_mem *grown = realloc(cmd->mems, (n ? 2 * n : 2) * sizeof(*grown));
		if (!grown)
			return CL_OUT_OF_HOST_MEMORY;
		cmd->mems = grown;
	}
	kiln_object_hold(KILN_OBJ(mem));
	cmd->mems[cmd->num_mems++] = mem;
	return CL_SUCCESS;
}

cl_int kiln_command_reserve_edges(struct kiln_command *cmd, unsigned n)
{
	unsigned inline_cap =
		sizeof(cmd->inline_edges) / sizeof(cmd->inline_edges[0]);
	if (n <= cmd->edge_cap)
		return CL_SUCCESS;
	struct kiln_event_waiter *block =
		realloc(cmd->edge_block, (n - inline_cap) * sizeof(*block));
	if (!block)
		return CL_OUT_OF_HOST_MEMORY;
	cmd->edge_block = block;
	cmd->edge_cap = n;
	return CL_SUCCESS;
}

static struct kiln_event_waiter *edge_at(struct kiln_command *cmd, unsigned i)
{
	unsigned inline_cap =
		sizeof(cmd->inline_edges) / sizeof(cmd->inline_edges[0]);
	return i < inline_cap ? &cmd->inline_edges[i]
			      : &cmd->edge_block[i - inline_cap];
}

cl_event kiln_command_edge_event(const struct kiln_command *cmd, unsigned i)
{
	return edge_at((struct kiln_command *)cmd, i)->event;
}

void kiln_command_depend(struct kiln_command *cmd, cl_event ev,
			 bool propagates)
{
	/* Room was reserved (kiln_command_reserve_edges): this cannot fail. */
	KILN_ASSERT(cmd->num_edges < cmd->edge_cap);
	struct kiln_event_waiter *w = edge_at(cmd, cmd->num_edges++);
	w->cmd = cmd;
	w->event = ev;
	w->propagates = propagates;
	w->next = NULL;
	kiln_object_hold(KILN_OBJ(ev));

	/* Count the edge before it can fire, so the count never dips to
	 * zero early. */
	atomic_fetch_add(&cmd->pending, 1);
	cl_int st;
	if (!kiln_event_add_waiter(w, &st))
		kiln_command_dependency_done(w, st);
}

/* Frees the command once its event is final. */
static void command_free(struct kiln_command *cmd)
{
	if (cmd->release)
		cmd->release(cmd);
	free(cmd->error_text);
	for (cl_uint i = 0; i < cmd->num_mems; i++)
		kiln_object_unhold(KILN_OBJ(cmd->mems[i]));
	free(cmd->mems);
	for (unsigned i = 0; i < cmd->num_edges; i++)
		kiln_object_unhold(KILN_OBJ(edge_at(cmd, i)->event));
	free(cmd->edge_block);
	if (cmd->queue) {
		/* Device-side commands (they have a parent) leave their
		 * on-device queue's count of entries. */
		if (cmd->parent)
			atomic_fetch_sub(&cmd->queue->device_queued, 1);
		kiln_object_unhold(KILN_OBJ(cmd->queue));
	}
	free(cmd);
}

/* A command that ends in an error, told to the context's callback (OpenCL
 * 3.0 §4.4 pfn_notify): which command, which kernel, on which queue, and
 * why. */
static void report_failure(struct kiln_command *cmd, cl_int status)
{
	const char *why = cmd->error_reason;
	if (!why && status == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
		why = "not run: an event in its wait list ended in an error";
	kiln_context_report(cmd->queue->context,
			    "%s%s%s%s on queue %p (device \"%s\") ended with %s%s%s",
			    kiln_command_type_name(cmd->type),
			    cmd->label ? " of kernel \"" : "",
			    cmd->label ? cmd->label : "", cmd->label ? "\"" : "",
			    (void *)cmd->queue, cmd->device->props.name,
			    kiln_error_name(status), why ? ": " : "", why ? why : "");
}

/* The command has finished (or will never run): its event becomes final,
 * which wakes its dependents, then the queue forgets it. */
static void command_complete(struct kiln_command *cmd, cl_int status)
{
	cl_event ev = cmd->event;
	if (status < 0)
		report_failure(cmd, status);
	KILN_TRACE(kiln_trace_command(cmd, status));
	kiln_event_set_status(ev, status < 0 ? status : CL_COMPLETE);
	kiln_queue_retire(cmd->queue, ev);
	ev->command = NULL;
	command_free(cmd);
	kiln_object_unhold(KILN_OBJ(ev)); /* the command's hold */
}

/* A child of `parent` (NULL: none) completed with `status`: the first
 * error becomes the parent's (command.h, child_error). */
static void note_child_status(struct kiln_command *parent, cl_int status)
{
	int none = 0;
	if (parent && status < 0)
		atomic_compare_exchange_strong(&parent->child_error, &none, status);
}

/* One of cmd's counts (a child, or its own run) is done; the last one
 * completes it, and a completed child counts down its parent in turn (a
 * loop, not recursion: chains of nested children can be long). */
static void children_done(struct kiln_command *cmd)
{
	while (cmd && atomic_fetch_sub(&cmd->children, 1) == 1) {
		struct kiln_command *parent = cmd->parent;
		cl_int status = cmd->run_status;
		int child = atomic_load(&cmd->child_error);
		if (status >= 0 && child < 0)
			status = child; /* a child failed: so does the parent */
		command_complete(cmd, status);
		note_child_status(parent, status);
		cmd = parent;
	}
}

/* A child of `parent` completed with `status` outside children_done (a
 * marker, a command whose wait list failed). */
static void child_ended(struct kiln_command *parent, cl_int status)
{
	note_child_status(parent, status);
	children_done(parent);
}

/* Commands that completed where they became ready, waiting to be finished
 * by the outermost call on this thread: a chain of ten thousand markers
 * must not become ten thousand nested calls. */
static __thread struct kiln_command *tl_ready_head, *tl_ready_tail;
static __thread bool tl_draining;

static void complete_here(struct kiln_command *cmd)
{
	cmd->next = NULL;
	if (tl_ready_tail)
		tl_ready_tail->next = cmd;
	else
		tl_ready_head = cmd;
	tl_ready_tail = cmd;
	if (tl_draining)
		return;
	tl_draining = true;
	while ((cmd = tl_ready_head)) {
		tl_ready_head = cmd->next;
		if (!tl_ready_head)
			tl_ready_tail = NULL;
		cmd->next = NULL;
		struct kiln_command *parent = cmd->parent;
		cl_int status = CL_COMPLETE;
		if (atomic_load(&cmd->dep_failed)) {
			/* §5.11: a command whose wait list holds a failed
			 * event is not run. */
			status = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
		} else {
			kiln_event_set_status(cmd->event, CL_RUNNING);
		}
		command_complete(cmd, status);
		child_ended(parent, status);
	}
	tl_draining = false;
}

/* Room on the calling thread's stack for `need` bytes of a command's own
 * (a kernel's private memory) and the runtime's and kernel library's
 * frames around it: application threads may have small stacks, unlike the
 * workers (thread_stack.h). */
#define HERE_STACK_MARGIN ((size_t)1 << 20)
static bool stack_room(size_t need)
{
	char *lo = kiln_thread_stack_low();
	char *sp = __builtin_frame_address(0);
	return lo && sp > lo && (size_t)(sp - lo) > need + HERE_STACK_MARGIN;
}

/* Runs ready `cmd` on this thread when its driver lets it. */
static bool run_here(struct kiln_command *cmd)
{
	const struct kiln_driver *drv = cmd->device->driver;
	return drv->run_here && stack_room(cmd->stack_need) &&
	       drv->run_here(cmd->device, cmd);
}

void kiln_command_run_offered(struct kiln_command *cmd)
{
	if (!run_here(cmd))
		cmd->device->driver->submit(cmd->device, cmd);
}

static void command_ready(struct kiln_command *cmd)
{
	if (!cmd->run || atomic_load(&cmd->dep_failed))
		complete_here(cmd);
	/* A thread asleep waiting for this very command runs it itself:
	 * one wake-up (that thread's) instead of two (a worker's, then the
	 * waiter's when it completes). */
	else if (!(cmd->run_here_ok && cmd->device->driver->run_here &&
		   kiln_event_offer(cmd->event, cmd)))
		cmd->device->driver->submit(cmd->device, cmd);
}

void kiln_command_dependency_done(struct kiln_event_waiter *w, cl_int status)
{
	struct kiln_command *cmd = w->cmd;
	if (status < 0 && w->propagates)
		atomic_store(&cmd->dep_failed, true);
	if (atomic_fetch_sub(&cmd->pending, 1) == 1)
		command_ready(cmd);
}

void kiln_command_unguard(struct kiln_command *cmd)
{
	if (atomic_fetch_sub(&cmd->pending, 1) == 1)
		command_ready(cmd);
}

void kiln_command_execute(struct kiln_command *cmd)
{
	if (atomic_load(&cmd->dep_failed)) {
		struct kiln_command *parent = cmd->parent;
		command_complete(cmd, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
		child_ended(parent, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
		return;
	}
	kiln_event_set_status(cmd->event, CL_RUNNING);
	/* One count for the run itself: children enqueued while it runs
	 * cannot complete the command before it has ended. */
	atomic_store(&cmd->children, 1);
	atomic_store(&cmd->child_error, 0);
	cl_int status = cmd->run ? cmd->run(cmd) : CL_SUCCESS;
	cmd->run_status = status;
	if (cmd->event->profiled && atomic_load(&cmd->children) > 1)
		cmd->event->t_end = kiln_time_now(); /* CL_PROFILING_COMMAND_END */
	/* §6.15.15 (OpenCL C 3.0) CLK_ENQUEUE_FLAGS_WAIT_KERNEL: the
	 * children that wait for the parent may start now. */
	struct kiln_command *h = atomic_exchange(&cmd->held, NULL);
	while (h) {
		struct kiln_command *next = h->held_next;
		kiln_command_unguard(h);
		h = next;
	}
	children_done(cmd);
}

void kiln_command_fail_orphan(struct kiln_command *cmd, const char *why)
{
	cl_event ev = cmd->event;
	pthread_mutex_init(&ev->lock, NULL);
	pthread_cond_init(&ev->done, NULL);
	pthread_mutex_init(&cmd->queue->lock, NULL);
	cmd->error_reason = why;
	struct kiln_command *parent = cmd->parent;
	command_complete(cmd, CL_OUT_OF_RESOURCES);
	child_ended(parent, CL_OUT_OF_RESOURCES);
}

void kiln_command_discard(struct kiln_command *cmd)
{
	cmd->queue = NULL; /* not held yet */
	command_free(cmd);
}

/* Where this thread's enqueued command is recorded (see command.h), and
 * whether an entry point built more than one command meanwhile. */
static __thread struct kiln_command **tl_capture;
static __thread bool tl_capture_extra;

void kiln_command_capture_begin(struct kiln_command **slot)
{
	*slot = NULL;
	tl_capture = slot;
	tl_capture_extra = false;
}

bool kiln_command_capture_end(void)
{
	tl_capture = NULL;
	return !tl_capture_extra;
}

cl_int kiln_command_enqueue(struct kiln_command *cmd, cl_uint num_events,
			    const cl_event *wait_list, cl_event *event_out)
{
	if (tl_capture) {
		/* Recorded, not queued; never blocking, never with events. */
		KILN_ASSERT(num_events == 0 && !event_out && !cmd->parent);
		(void)wait_list;
		if (*tl_capture) {
			/* One command per recorded entry point: a second one
			 * is not run behind the buffer's back. */
			tl_capture_extra = true;
			kiln_command_discard(cmd);
			return CL_SUCCESS;
		}
		*tl_capture = cmd;
		return CL_SUCCESS;
	}
	cl_command_queue q = cmd->queue;
	/* §5.1: the host enqueues only to host queues; an on-device queue
	 * takes what kernels enqueue (device_enqueue.c sets `parent`). */
	if ((q->properties & CL_QUEUE_ON_DEVICE) && !cmd->parent) {
		kiln_command_discard(cmd);
		return KILN_FAIL(CL_INVALID_COMMAND_QUEUE,
				 "command_queue is an on-device queue; the host "
				 "enqueues to host queues only (§5.1)");
	}
	/* lib/api checked the wait list (§5.11) before making the command. */
	KILN_ASSERT(kiln_check_wait_list(q->context, num_events, wait_list) ==
		    CL_SUCCESS);
	cl_event ev = kiln_event_new(q->context, q, cmd->type);
	if (!ev) {
		kiln_command_discard(cmd);
		return CL_OUT_OF_HOST_MEMORY;
	}
	ev->profiled = (q->properties & CL_QUEUE_PROFILING_ENABLE) != 0;
	if (ev->profiled || KILN_TRACE_ON())
		ev->t_queued = kiln_time_now();
	ev->command = cmd;
	cmd->event = ev;
	kiln_object_hold(KILN_OBJ(ev)); /* the command's, until complete */

	/* The guard: the command is not ready before it is fully wired. */
	atomic_store(&cmd->pending, cmd->extra_guard ? 2 : 1);
	cl_int err = kiln_queue_order(q, cmd, num_events);
	if (err != CL_SUCCESS) {
		kiln_object_unhold(KILN_OBJ(ev));
		kiln_object_release(KILN_OBJ(ev));
		kiln_command_discard(cmd);
		return err;
	}
	kiln_object_hold(KILN_OBJ(q)); /* a queue lives while commands run */
	for (cl_uint i = 0; i < num_events; i++)
		kiln_command_depend(cmd, wait_list[i], true);

	/* Kiln submits at once (§5.15 lets an implementation submit before a
	 * flush); nobody else can see the event yet, so no lock is needed. */
	if (ev->profiled || KILN_TRACE_ON())
		ev->t_submit = kiln_time_now();
	atomic_store(&ev->status, CL_SUBMITTED);

	/* Ready at once: a command that asks for it runs right here (see
	 * run_inline), else it goes its usual way.  Either way the event
	 * keeps the application's reference. */
	if (atomic_fetch_sub(&cmd->pending, 1) == 1 &&
	    !(cmd->run_inline && !atomic_load(&cmd->dep_failed) && run_here(cmd)))
		command_ready(cmd);

	/* The event's first reference is the application's, if it wants
	 * one. */
	if (event_out)
		*event_out = ev;
	else
		kiln_object_release(KILN_OBJ(ev));
	return CL_SUCCESS;
}

cl_int kiln_command_enqueue_blocking(struct kiln_command *cmd,
				     cl_uint num_events,
				     const cl_event *wait_list,
				     cl_event *event_out)
{
	cl_event ev;
	/* This thread waits for the command anyway: when it is ready at
	 * once, it runs here, with no hand-over at all. */
	cmd->run_inline = cmd->run_here_ok;
	cl_int err = kiln_command_enqueue(cmd, num_events, wait_list, &ev);
	if (err != CL_SUCCESS)
		return err;
	/* Only this command is waited for: commands gated by user events that
	 * another thread sets later do not hold this caller. */
	cl_int status = kiln_event_wait(ev);
	if (event_out)
		*event_out = ev;
	else
		kiln_object_release(KILN_OBJ(ev));
	return status < 0 ? status : CL_SUCCESS;
}
