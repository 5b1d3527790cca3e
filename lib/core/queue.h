#ifndef KILN_CORE_QUEUE_H
#define KILN_CORE_QUEUE_H

#include "object.h"
#include <pthread.h>

struct _cl_command_queue {
	struct kiln_object obj;
	cl_context context;
	cl_device_id device;
	cl_command_queue_properties properties;
	cl_queue_properties *property_list; /* as given, 0-terminated, or NULL */
	size_t num_property_list;
	cl_uint device_queue_size;

	pthread_mutex_t lock;
	/* In-order: the most recent command's event.  Out-of-order: the most
	 * recent barrier's event (later commands depend on it). */
	cl_event last;
	/* Events of commands enqueued and not yet complete (for barriers,
	 * markers with no wait list, clFinish). */
	cl_event outstanding;
	/* An on-device queue: its commands not yet complete (CL_QUEUE_SIZE
	 * bounds them, lib/core/device_enqueue.c). */
	atomic_uint device_queued;
	/* The queue's number in the timeline trace (trace.c, under its
	 * lock); 0 until traced. */
	unsigned trace_id;
};

struct kiln_command;

/* Waits for every command enqueued so far (clFinish). */
cl_int kiln_queue_finish(cl_command_queue q);

/* Internal to lib/core (command.c).  Orders `cmd` in its queue: after the
 * previous command (in-order) or the last barrier (out-of-order), after
 * every outstanding command when cmd->waits_all, and records it as
 * outstanding.  Reserves the edges it needs; CL_OUT_OF_HOST_MEMORY when
 * that fails (then nothing changed).  `extra` edges are reserved on top,
 * for the caller's wait list. */
cl_int kiln_queue_order(cl_command_queue q, struct kiln_command *cmd,
			unsigned extra);

/* Internal to lib/core: the command of `ev` has completed. */
void kiln_queue_retire(cl_command_queue q, cl_event ev);

static inline bool kiln_queue_in_order(cl_command_queue q)
{
	return !(q->properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
}

#endif
