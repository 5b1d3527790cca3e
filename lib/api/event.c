/* OpenCL 3.0 §5.11: event objects and user events; §5.14: profiling. */
#include "core/command.h"
#include "core/context.h"
#include "core/event.h"
#include "core/info.h"
#include "core/queue.h"

#include <stdlib.h>

CL_API_ENTRY cl_event CL_API_CALL clCreateUserEvent(cl_context context,
						    cl_int *errcode_ret)
{
	cl_event ev = NULL;
	cl_int err = CL_SUCCESS;
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT))
		err = CL_INVALID_CONTEXT;
	else if (!(ev = kiln_event_new(context, NULL, CL_COMMAND_USER)))
		err = CL_OUT_OF_HOST_MEMORY;
	if (errcode_ret)
		*errcode_ret = err;
	return ev;
}

CL_API_ENTRY cl_int CL_API_CALL clSetUserEventStatus(cl_event event,
						     cl_int execution_status)
{
	if (!kiln_object_is(event, KILN_OBJ_EVENT) || event->queue)
		return CL_INVALID_EVENT;
	/* §5.11.1: CL_COMPLETE or a negative error, and only once. */
	if (execution_status != CL_COMPLETE && execution_status >= 0)
		return CL_INVALID_VALUE;
	pthread_mutex_lock(&event->lock);
	bool already = kiln_status_is_final(atomic_load(&event->status));
	pthread_mutex_unlock(&event->lock);
	if (already)
		return CL_INVALID_OPERATION;
	/* Two threads may race past the check; only the first status sticks
	 * (kiln_event_set_status ignores a final event), which is the order
	 * the application could not have controlled anyway. */
	kiln_event_set_status(event, execution_status);
	return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainEvent(cl_event event)
{
	return kiln_object_retain_checked(event, KILN_OBJ_EVENT,
					  CL_INVALID_EVENT);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseEvent(cl_event event)
{
	return kiln_object_release_checked(event, KILN_OBJ_EVENT,
					   CL_INVALID_EVENT);
}

CL_API_ENTRY cl_int CL_API_CALL
clSetEventCallback(cl_event event, cl_int command_exec_callback_type,
		   void(CL_CALLBACK *pfn_notify)(cl_event, cl_int, void *),
		   void *user_data)
{
	if (!kiln_object_is(event, KILN_OBJ_EVENT))
		return CL_INVALID_EVENT;
	if (!pfn_notify)
		return CL_INVALID_VALUE;
	if (command_exec_callback_type != CL_SUBMITTED &&
	    command_exec_callback_type != CL_RUNNING &&
	    command_exec_callback_type != CL_COMPLETE)
		return CL_INVALID_VALUE;
	struct kiln_event_callback *cb = malloc(sizeof(*cb));
	if (!cb)
		return CL_OUT_OF_HOST_MEMORY;
	cb->fn = pfn_notify;
	cb->user_data = user_data;
	cb->trigger = command_exec_callback_type;
	cb->next = NULL;
	kiln_event_add_callback(event, cb);
	return CL_SUCCESS;
}

struct event_facts {
	cl_command_queue queue;
	cl_context context;
	cl_command_type type;
	cl_int status;
	cl_uint refs;
};

static const struct kiln_info_field event_info[] = {
	KILN_INFO_FIELD(CL_EVENT_COMMAND_QUEUE, struct event_facts, queue),
	KILN_INFO_FIELD(CL_EVENT_CONTEXT, struct event_facts, context),
	KILN_INFO_FIELD(CL_EVENT_COMMAND_TYPE, struct event_facts, type),
	KILN_INFO_FIELD(CL_EVENT_COMMAND_EXECUTION_STATUS, struct event_facts,
			status),
	KILN_INFO_FIELD(CL_EVENT_REFERENCE_COUNT, struct event_facts, refs),
};

CL_API_ENTRY cl_int CL_API_CALL clGetEventInfo(cl_event event,
					       cl_event_info param_name,
					       size_t param_value_size,
					       void *param_value,
					       size_t *param_value_size_ret)
{
	if (!kiln_object_is(event, KILN_OBJ_EVENT))
		return CL_INVALID_EVENT;
	struct event_facts f = {
		.queue = event->queue, /* NULL for a user event (§5.11) */
		.context = event->context,
		.type = event->command_type,
		.status = atomic_load(&event->status),
		.refs = (cl_uint)kiln_object_refcount(KILN_OBJ(event)),
	};
	return kiln_info_from_table(event_info, KILN_ARRAY_SIZE(event_info), &f,
				    param_name, param_value_size, param_value,
				    param_value_size_ret);
}

struct profiling_facts {
	cl_ulong queued, submit, start, end, complete;
};

static const struct kiln_info_field profiling_info[] = {
	KILN_INFO_FIELD(CL_PROFILING_COMMAND_QUEUED, struct profiling_facts, queued),
	KILN_INFO_FIELD(CL_PROFILING_COMMAND_SUBMIT, struct profiling_facts, submit),
	KILN_INFO_FIELD(CL_PROFILING_COMMAND_START, struct profiling_facts, start),
	KILN_INFO_FIELD(CL_PROFILING_COMMAND_END, struct profiling_facts, end),
	KILN_INFO_FIELD(CL_PROFILING_COMMAND_COMPLETE, struct profiling_facts,
			complete),
};

CL_API_ENTRY cl_int CL_API_CALL
clGetEventProfilingInfo(cl_event event, cl_profiling_info param_name,
			size_t param_value_size, void *param_value,
			size_t *param_value_size_ret)
{
	if (!kiln_object_is(event, KILN_OBJ_EVENT))
		return CL_INVALID_EVENT;
	/* A name no event has is CL_INVALID_VALUE whatever the event's state
	 * (§5.14 lists both errors; the argument is wrong either way). */
	bool known = false;
	for (size_t i = 0; i < KILN_ARRAY_SIZE(profiling_info); i++)
		known |= profiling_info[i].param == param_name;
	if (!known)
		return CL_INVALID_VALUE;
	/* §5.14: only for a command of a profiling queue that has completed
	 * (a user event never has profiling information). */
	if (!event->queue || !event->profiled ||
	    atomic_load(&event->status) != CL_COMPLETE)
		return CL_PROFILING_INFO_NOT_AVAILABLE;
	pthread_mutex_lock(&event->lock);
	struct profiling_facts f = {
		.queued = event->t_queued,
		.submit = event->t_submit,
		.start = event->t_start,
		.end = event->t_end,
		.complete = event->t_complete,
	};
	pthread_mutex_unlock(&event->lock);
	return kiln_info_from_table(profiling_info,
				    KILN_ARRAY_SIZE(profiling_info), &f,
				    param_name, param_value_size, param_value,
				    param_value_size_ret);
}

CL_API_ENTRY cl_int CL_API_CALL clWaitForEvents(cl_uint num_events,
						const cl_event *event_list)
{
	/* §5.11: a non-empty list of valid events of one context. */
	if (num_events == 0 || !event_list)
		return CL_INVALID_VALUE;
	for (cl_uint i = 0; i < num_events; i++)
		if (!kiln_object_is(event_list[i], KILN_OBJ_EVENT))
			return CL_INVALID_EVENT;
	for (cl_uint i = 1; i < num_events; i++)
		if (event_list[i]->context != event_list[0]->context)
			return CL_INVALID_CONTEXT;
	/* Commands are submitted at enqueue, so the implicit flush has
	 * nothing left to do.  No early return: every event is waited for
	 * even after one failed. */
	cl_int err = CL_SUCCESS;
	for (cl_uint i = 0; i < num_events; i++)
		if (kiln_event_wait(event_list[i]) < 0)
			err = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
	return err;
}
