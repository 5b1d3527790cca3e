/* Commands: what an enqueue call asks a device to do.
 *
 * An enqueue function in lib/api allocates a struct that starts with
 * struct kiln_command, fills `run` (and `release`), retains or holds what the
 * command uses, and hands it to kiln_command_enqueue.  From there the shared
 * code in lib/core/command.c orders it after its wait list (and, in an
 * in-order queue, after the previous command), submits it to the driver when
 * it is ready, and on completion calls `release` and drops the holds. */
#ifndef KILN_CORE_COMMAND_H
#define KILN_CORE_COMMAND_H

#include "event.h"
#include "object.h"

struct kiln_command;

/* Does the work, on a driver thread.  Returns CL_SUCCESS or a negative
 * error, which becomes the event's status. */
typedef cl_int (*kiln_command_run_fn)(struct kiln_command *cmd);
/* Frees what the command owns (called once, after completion). */
typedef void (*kiln_command_release_fn)(struct kiln_command *cmd);

struct kiln_command {
	cl_command_type type;
	cl_command_queue queue;
	cl_device_id device;
	cl_event event;
	kiln_command_run_fn run;         /* NULL: nothing to do (marker) */
	kiln_command_release_fn release; /* may be NULL */
	/* Memory objects the command uses: held until it completes. */
	cl_mem *mems;
	cl_uint num_mems;
	/* Dependencies not yet complete; the command is ready at zero. */
	atomic_int pending;
	/* A dependency ended in error: the command is not run and its event
	 * ends with CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST. */
	atomic_bool dep_failed;
	/* Link in a driver's ready queue or the core's ready list (one at a
	 * time; never both). */
	struct kiln_command *next;
	/* The command's dependency edges (command.c): the first two live
	 * here so that a typical enqueue allocates nothing for them, the
	 * rest in edge_block. */
	struct kiln_event_waiter inline_edges[2];
	struct kiln_event_waiter *edge_block;
	unsigned edge_cap;  /* inline + block */
	unsigned num_edges; /* used */
	/* A barrier: later commands of an out-of-order queue wait for it. */
	bool is_barrier;
	/* Waits for every command enqueued before it (a marker or barrier
	 * with an empty wait list, clEnqueueMarker, clFinish). */
	bool waits_all;
	/* For messages about the command (the context callback): what it
	 * runs, e.g. the kernel's name (NULL: the command type says it all),
	 * and, set by `run` when it fails, why (a string that outlives the
	 * command, NULL: the error code says it all). */
	const char *label;
	const char *error_reason;
	/* When error_reason was made for this failure (a kernel fault's text,
	 * kernel_fault.h): the malloc'ed string, freed with the command. */
	char *error_text;
	/* Device-side enqueue (device_enqueue.c; docs/device_enqueue.md).
	 * A command that may enqueue children (an NDRange) completes only
	 * when its run has ended and every child has completed: `children`
	 * counts the children not yet complete, plus one while it runs; the
	 * one that brings it to zero completes the command with
	 * `run_status`, so no thread ever waits for a child. */
	atomic_int children;
	cl_int run_status;
	/* The first error a child ended with (0: none): OpenCL C 3.0
	 * §6.15.15 (2.0 §6.13.17), a parent's status is an error when it or
	 * any of its children ends in one. */
	atomic_int child_error;
	/* A child: its parent (whose `children` it is counted in). */
	struct kiln_command *parent;
	/* Children enqueued with CLK_ENQUEUE_FLAGS_WAIT_KERNEL or
	 * _WAIT_WORK_GROUP, held by an extra guard until the parent's run
	 * has ended (a lock-free list through held_next). */
	_Atomic(struct kiln_command *) held;
	struct kiln_command *held_next;
	/* kiln_command_enqueue starts the command with one guard more, for
	 * the parent to drop (kiln_command_unguard). */
	bool extra_guard;
	/* Bytes a transfer moves (read, write, copy, fill, map), for the
	 * timeline trace (trace.h); 0 for other commands. */
	size_t bytes;
	/* Set by the command's builder: the command may run on an
	 * application thread that waits for it (docs/architecture.md,
	 * "Waiting and waking"), with `stack_need` bytes of that thread's
	 * stack (a kernel's private memory). */
	bool run_here_ok;
	size_t stack_need;
	/* Run it on the enqueuing thread when it is ready at once: a blocking
	 * enqueue (that thread waits anyway), or a kernel whose last run was
	 * shorter than a hand-over to a worker (ndrange.c). */
	bool run_inline;
};

/* Allocates a zeroed command of `size` bytes (≥ sizeof(struct kiln_command))
 * for `queue`; NULL when out of memory. */
struct kiln_command *kiln_command_alloc(size_t size, cl_command_queue queue,
					cl_command_type type);

/* Holds `mem` for the life of the command (the array grows as needed).
 * Returns CL_OUT_OF_HOST_MEMORY on failure. */
cl_int kiln_command_use_mem(struct kiln_command *cmd, cl_mem mem);

/* Frees a command that never reached kiln_command_enqueue (an argument
 * turned out wrong, memory ran out): calls its `release` and drops the holds
 * of kiln_command_use_mem. */
void kiln_command_discard(struct kiln_command *cmd);

/* Creates the command's event, orders it after the wait list and the queue,
 * and submits it.  The wait list must already be validated.  On success the
 * command belongs to the runtime; `event_out` (if not NULL) receives a new
 * application reference to its event.  On failure the command is freed. */
cl_int kiln_command_enqueue(struct kiln_command *cmd, cl_uint num_events,
			    const cl_event *wait_list, cl_event *event_out);

/* Recording (cl_khr_command_buffer, lib/core/command_buffer.c): between
 * kiln_command_capture_begin and _end on one thread, kiln_command_enqueue
 * does not queue the command it is given but stores it in *slot and returns
 * CL_SUCCESS, so that a command buffer records what an enqueue entry point
 * built after checking its arguments.  The command keeps its holds of
 * memory objects and is never run by a queue; its owner frees it with
 * kiln_command_discard.  `slot` is set to NULL by begin.  An entry point
 * that builds more than one command cannot be recorded: the others are
 * discarded, and _end returns false. */
void kiln_command_capture_begin(struct kiln_command **slot);
bool kiln_command_capture_end(void);

/* Same, then waits for completion: for blocking reads, writes and maps.
 * Returns the command's final status as the API's error (a failed
 * dependency gives CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST). */
cl_int kiln_command_enqueue_blocking(struct kiln_command *cmd,
				     cl_uint num_events,
				     const cl_event *wait_list,
				     cl_event *event_out);

/* Called by a driver on one of its threads for a ready command: marks it
 * running, runs it, completes it.  Drivers call nothing else. */
void kiln_command_execute(struct kiln_command *cmd);

/* In a child after fork() only (lib/devices/cpu/pool_fork.c): `cmd` was
 * queued on, or running on, a worker thread of the parent, which does not
 * exist here.  Completes it with CL_OUT_OF_RESOURCES (`why` reaches the
 * context's callback), so that its dependents and waiters go on.  The
 * locks of its event and queue are re-initialized first: the vanished
 * thread may have held them at the fork. */
void kiln_command_fail_orphan(struct kiln_command *cmd, const char *why);

/* Internal to lib/core.  Makes room for `n` edges in all (allocating
 * outside any lock, so that kiln_command_depend never fails); only before
 * the first kiln_command_depend.  CL_OUT_OF_HOST_MEMORY on failure. */
cl_int kiln_command_reserve_edges(struct kiln_command *cmd, unsigned n);

/* Internal to lib/core.  Makes `cmd` wait for `ev` (an edge that fails the
 * command when `propagates` and `ev` fails); room must be reserved. */
void kiln_command_depend(struct kiln_command *cmd, cl_event ev,
			 bool propagates);

/* Internal to lib/core: drops one guard of `cmd` (its extra_guard); the
 * command is ready when nothing else holds it. */
void kiln_command_unguard(struct kiln_command *cmd);

/* Internal to lib/core: the event of dependency edge `i` (< num_edges). */
cl_event kiln_command_edge_event(const struct kiln_command *cmd, unsigned i);

/* Internal to lib/core (event.c): `cmd`, ready, was handed to a thread
 * waiting for its event; runs it there when the driver lets it, else
 * submits it. */
void kiln_command_run_offered(struct kiln_command *cmd);

/* Internal to lib/core: `w->event` is final with `status`. */
void kiln_command_dependency_done(struct kiln_event_waiter *w, cl_int status);

#endif
