/* Command-queue ordering (OpenCL 3.0 §5.1, §5.12, §5.13, §5.15).
 *
 * The queue keeps its outstanding (not yet complete) events in a list, and
 * `last`: in an in-order queue the newest command, which every new command
 * waits for; in an out-of-order queue the newest barrier, which every later
 * command waits for.  Both only name events that are not complete yet (a
 * completing command removes itself), so the queue holds no reference to
 * them: the command's own hold keeps them alive while they are listed. */
#include "queue.h"

#include "command.h"
#include "debug.h"
#include "event.h"

#include <stdlib.h>

/* Edges `cmd` needs for the queue's ordering.  Caller holds q->lock. */
static unsigned order_edges(cl_command_queue q, struct kiln_command *cmd)
{
	KILN_ASSERT(kiln_mutex_locked(&q->lock));
	if (kiln_queue_in_order(q) || !cmd->waits_all)
		return q->last ? 1 : 0;
	/* An out-of-order marker or barrier with an empty wait list waits
	 * for every outstanding command (the last barrier is one of them). */
	unsigned n = 0;
	for (cl_event e = q->outstanding; e; e = e->q_next)
		n++;
	return n;
}

cl_int kiln_queue_order(cl_command_queue q, struct kiln_command *cmd,
			unsigned extra)
{
	pthread_mutex_lock(&q->lock);
	/* Reserve outside the lock; the count may grow meanwhile, so check
	 * again until the room suffices. */
	for (;;) {
		unsigned need = order_edges(q, cmd) + extra;
		if (need <= cmd->edge_cap)
			break;
		pthread_mutex_unlock(&q->lock);
		if (kiln_command_reserve_edges(cmd, need + 4) != CL_SUCCESS)
			return CL_OUT_OF_HOST_MEMORY;
		pthread_mutex_lock(&q->lock);
	}

	if (kiln_queue_in_order(q) || !cmd->waits_all) {
		/* In order, the previous command's completion implies that of
		 * every earlier one, so one edge covers "all previous". */
		if (q->last)
			kiln_command_depend(cmd, q->last, false);
	} else {
		for (cl_event e = q->outstanding; e; e = e->q_next)
			kiln_command_depend(cmd, e, false);
	}

	cl_event ev = cmd->event;
	ev->q_prev = NULL;
	ev->q_next = q->outstanding;
	if (q->outstanding)
		q->outstanding->q_prev = ev;
	q->outstanding = ev;
	if (kiln_queue_in_order(q) || cmd->is_barrier)
		q->last = ev;
	pthread_mutex_unlock(&q->lock);
	return CL_SUCCESS;
}

void kiln_queue_retire(cl_command_queue q, cl_event ev)
{
	pthread_mutex_lock(&q->lock);
	if (ev->q_prev)
		ev->q_prev->q_next = ev->q_next;
	else
		q->outstanding = ev->q_next;
	if (ev->q_next)
		ev->q_next->q_prev = ev->q_prev;
	ev->q_prev = ev->q_next = NULL;
	if (q->last == ev)
		q->last = NULL;
	pthread_mutex_unlock(&q->lock);
}

cl_int kiln_queue_finish(cl_command_queue q)
{
	pthread_mutex_lock(&q->lock);
	bool idle = q->outstanding == NULL;
	/* In order, the newest command completes after every earlier one
	 * (each waits for its predecessor), so waiting for it is waiting for
	 * all: no marker to allocate, enqueue and complete.  Held, since it
	 * may complete and be freed as soon as the lock is dropped. */
	cl_event newest = NULL;
	if (!idle && kiln_queue_in_order(q) && q->last) {
		newest = q->last;
		kiln_object_hold(KILN_OBJ(newest));
	}
	pthread_mutex_unlock(&q->lock);
	if (idle)
		return CL_SUCCESS;
	if (newest) {
		kiln_event_wait(newest);
		kiln_object_unhold(KILN_OBJ(newest));
		return CL_SUCCESS;
	}

	/* §5.15: wait for every command enqueued so far, and only those
	 * (other threads may keep enqueuing): an internal marker that waits
	 * for all of them, then for the marker. */
	struct kiln_command *marker =
		kiln_command_alloc(sizeof(*marker), q, CL_COMMAND_MARKER);
	if (!marker)
		return CL_OUT_OF_HOST_MEMORY;
	marker->waits_all = true;
	cl_event ev;
	cl_int err = kiln_command_enqueue(marker, 0, NULL, &ev);
	if (err != CL_SUCCESS)
		return err;
	kiln_event_wait(ev);
	kiln_object_release(KILN_OBJ(ev));
	return CL_SUCCESS;
}
