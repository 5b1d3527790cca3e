/* OpenCL 3.0 §5.12: markers, barriers and waits inside a queue (and the
 * 1.x forms kept for old applications). */
#include "core/command.h"
#include "core/event.h"
#include "core/queue.h"

/* A command with nothing to run: it completes when its dependencies do,
 * on whichever thread finishes the last of them (no thread hop). */
static cl_int enqueue_sync(cl_command_queue q, cl_command_type type,
			   bool barrier, cl_uint num_events,
			   const cl_event *wait_list, cl_event *event)
{
	struct kiln_command *cmd = kiln_command_alloc(sizeof(*cmd), q, type);
	if (!cmd)
		return CL_OUT_OF_HOST_MEMORY;
	cmd->is_barrier = barrier;
	/* An empty wait list means "every command enqueued before". */
	cmd->waits_all = num_events == 0;
	return kiln_command_enqueue(cmd, num_events, wait_list, event);
}

static cl_int check_args(cl_command_queue q, cl_uint num_events,
			 const cl_event *wait_list)
{
	if (!kiln_object_is(q, KILN_OBJ_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	return kiln_check_wait_list(q->context, num_events, wait_list);
}

CL_API_ENTRY cl_int CL_API_CALL
clEnqueueMarkerWithWaitList(cl_command_queue q, cl_uint num_events,
			    const cl_event *wait_list, cl_event *event)
{
	cl_int err = check_args(q, num_events, wait_list);
	if (err != CL_SUCCESS)
		return err;
	return enqueue_sync(q, CL_COMMAND_MARKER, false, num_events, wait_list,
			    event);
}

CL_API_ENTRY cl_int CL_API_CALL
clEnqueueBarrierWithWaitList(cl_command_queue q, cl_uint num_events,
			     const cl_event *wait_list, cl_event *event)
{
	cl_int err = check_args(q, num_events, wait_list);
	if (err != CL_SUCCESS)
		return err;
	return enqueue_sync(q, CL_COMMAND_BARRIER, true, num_events, wait_list,
			    event);
}

/* OpenCL 1.1 §5.10: a marker after every command enqueued before it; its
 * event is required. */
CL_API_ENTRY cl_int CL_API_CALL clEnqueueMarker(cl_command_queue q,
						cl_event *event)
{
	if (!kiln_object_is(q, KILN_OBJ_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	if (!event)
		return CL_INVALID_VALUE;
	return enqueue_sync(q, CL_COMMAND_MARKER, false, 0, NULL, event);
}

/* OpenCL 1.1 §5.10: every later command waits for every earlier one. */
CL_API_ENTRY cl_int CL_API_CALL clEnqueueBarrier(cl_command_queue q)
{
	if (!kiln_object_is(q, KILN_OBJ_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	return enqueue_sync(q, CL_COMMAND_BARRIER, true, 0, NULL, NULL);
}

/* OpenCL 1.1 §5.10: later commands wait for `event_list` — a barrier on
 * those events only. */
CL_API_ENTRY cl_int CL_API_CALL
clEnqueueWaitForEvents(cl_command_queue q, cl_uint num_events,
		       const cl_event *event_list)
{
	if (!kiln_object_is(q, KILN_OBJ_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	if (num_events == 0 || !event_list)
		return CL_INVALID_VALUE;
	for (cl_uint i = 0; i < num_events; i++)
		if (!kiln_object_is(event_list[i], KILN_OBJ_EVENT))
			return CL_INVALID_EVENT;
	for (cl_uint i = 0; i < num_events; i++)
		if (event_list[i]->context != q->context)
			return CL_INVALID_CONTEXT;
	return enqueue_sync(q, CL_COMMAND_BARRIER, true, num_events, event_list,
			    NULL);
}
