/* cl_khr_semaphore 1.0.0: binary semaphores that order commands across the
 * queues of a context (lib/core/semaphore.c does the work).  Kiln exports
 * and imports no external handle (cl_khr_external_semaphore is not
 * reported): the export handle types are an empty list everywhere, and
 * clGetSemaphoreHandleForTypeKHR, which applications look up with the rest,
 * answers every handle type with CL_INVALID_VALUE. */
#include "core/context.h"
#include "core/debug.h"
#include "core/device.h"
#include "core/event.h"
#include "core/info.h"
#include "core/queue.h"
#include "core/semaphore.h"
#include "errcode.h"

#include <stdlib.h>

/* Reads a 0-terminated list that follows a property (the device list or
 * the export handle types): returns its length, the terminator excluded. */
static size_t list_length(const cl_semaphore_properties_khr *p)
{
	size_t n = 0;
	while (p[n] != 0)
		n++;
	return n;
}

CL_API_ENTRY cl_semaphore_khr CL_API_CALL
clCreateSemaphoreWithPropertiesKHR(cl_context context,
				   const cl_semaphore_properties_khr *sema_props,
				   cl_int *errcode_ret)
{
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT))
		return KILN_ERR(errcode_ret, CL_INVALID_CONTEXT,
				"context is not a valid context");
	if (!sema_props)
		return KILN_ERR(errcode_ret, CL_INVALID_VALUE, "sema_props is NULL");
	bool seen_type = false, seen_devices = false, seen_export = false;
	cl_device_id device = NULL;
	size_t i = 0;
	while (sema_props[i] != 0) {
		cl_semaphore_properties_khr name = sema_props[i];
		const cl_semaphore_properties_khr *value = sema_props + i + 1;
		bool *seen;
		switch (name) {
		case CL_SEMAPHORE_TYPE_KHR:
			seen = &seen_type;
			break;
		case CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR:
			seen = &seen_devices;
			break;
		case CL_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR:
			seen = &seen_export;
			break;
		default:
			return KILN_ERR(errcode_ret, CL_INVALID_PROPERTY,
					"sema_props[%zu] = 0x%llx is not a semaphore "
					"property Kiln supports", i,
					(unsigned long long)name);
		}
		if (*seen)
			return KILN_ERR(errcode_ret, CL_INVALID_PROPERTY,
					"property 0x%llx given twice",
					(unsigned long long)name);
		*seen = true;
		if (name == CL_SEMAPHORE_TYPE_KHR) {
			if (*value != CL_SEMAPHORE_TYPE_BINARY_KHR)
				return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
						"CL_SEMAPHORE_TYPE_KHR is 0x%llx; Kiln "
						"offers CL_SEMAPHORE_TYPE_BINARY_KHR",
						(unsigned long long)*value);
			i += 2;
			continue;
		}
		size_t n = list_length(value);
		if (name == CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR) {
			/* Exactly one valid device of the context. */
			device = n == 1 ? (cl_device_id)value[0] : NULL;
			if (!device || !kiln_object_is(device, KILN_OBJ_DEVICE))
				return KILN_ERR(errcode_ret, CL_INVALID_DEVICE,
						"CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR "
						"names %zu devices, not one valid "
						"device", n);
			if (!kiln_context_has_device(context, device))
				return KILN_ERR(errcode_ret, CL_INVALID_DEVICE,
						"the device of CL_SEMAPHORE_DEVICE_"
						"HANDLE_LIST_KHR is not in the context");
		} else if (n > 0) {
			/* cl_khr_external_semaphore: no device exports a
			 * handle type. */
			return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
					"CL_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR asks "
					"for handle type 0x%llx; Kiln's devices "
					"export none", (unsigned long long)value[0]);
		}
		i += n + 2;
	}
	if (!seen_type)
		return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
				"sema_props has no CL_SEMAPHORE_TYPE_KHR");
	if (!device) {
		if (context->num_devices != 1)
			return KILN_ERR(errcode_ret, CL_INVALID_PROPERTY,
					"the context has %u devices and sema_props "
					"no CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR",
					context->num_devices);
		device = context->devices[0];
	}
	cl_semaphore_khr s = kiln_semaphore_new(context, device, sema_props, i + 1);
	if (!s)
		return KILN_ERR(errcode_ret, CL_OUT_OF_HOST_MEMORY, "no memory");
	if (errcode_ret)
		*errcode_ret = CL_SUCCESS;
	return s;
}

/* The checks both enqueue functions share (cl_khr_semaphore, "Errors" of
 * clEnqueueWaitSemaphoresKHR and clEnqueueSignalSemaphoresKHR). */
static cl_int check_enqueue(const char *entry, cl_command_queue q, cl_uint n,
			    const cl_semaphore_khr *sems, cl_uint num_events,
			    const cl_event *wait_list)
{
	if (!kiln_object_is(q, KILN_OBJ_QUEUE))
		return KILN_FAIL_IN(entry, CL_INVALID_COMMAND_QUEUE,
				    "command_queue is not a valid command-queue");
	if (n == 0 || !sems)
		return KILN_FAIL_IN(entry, CL_INVALID_VALUE,
				    "num_sema_objects is 0 or sema_objects is NULL");
	for (cl_uint i = 0; i < n; i++) {
		if (!kiln_object_is(sems[i], KILN_OBJ_SEMAPHORE))
			return KILN_FAIL_IN(entry, CL_INVALID_SEMAPHORE_KHR,
					    "sema_objects[%u] is not a valid semaphore", i);
		if (sems[i]->context != q->context)
			return KILN_FAIL_IN(entry, CL_INVALID_CONTEXT,
					    "sema_objects[%u] belongs to another context "
					    "than command_queue", i);
		if (sems[i]->device != q->device)
			return KILN_FAIL_IN(entry, CL_INVALID_COMMAND_QUEUE,
					    "sema_objects[%u] is for another device than "
					    "command_queue's", i);
	}
	cl_int err = kiln_check_wait_list(q->context, num_events, wait_list);
	if (err != CL_SUCCESS)
		return err;
	for (cl_uint i = 0; i < num_events; i++)
		if (atomic_load(&wait_list[i]->status) < 0)
			return KILN_FAIL_IN(entry, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
					    "event_wait_list[%u] ended in an error", i);
	return CL_SUCCESS;
}

/* sema_payload_list is for timeline semaphores; a binary semaphore's
 * payload is set by the commands, so the values are not read. */
CL_API_ENTRY cl_int CL_API_CALL
clEnqueueWaitSemaphoresKHR(cl_command_queue command_queue,
			   cl_uint num_sema_objects,
			   const cl_semaphore_khr *sema_objects,
			   const cl_semaphore_payload_khr *sema_payload_list,
			   cl_uint num_events_in_wait_list,
			   const cl_event *event_wait_list, cl_event *event)
{
	(void)sema_payload_list;
	cl_int err = check_enqueue(__func__, command_queue, num_sema_objects,
				   sema_objects, num_events_in_wait_list,
				   event_wait_list);
	if (err != CL_SUCCESS)
		return err;
	return kiln_semaphore_enqueue(command_queue, true, num_sema_objects,
				      sema_objects, num_events_in_wait_list,
				      event_wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL
clEnqueueSignalSemaphoresKHR(cl_command_queue command_queue,
			     cl_uint num_sema_objects,
			     const cl_semaphore_khr *sema_objects,
			     const cl_semaphore_payload_khr *sema_payload_list,
			     cl_uint num_events_in_wait_list,
			     const cl_event *event_wait_list, cl_event *event)
{
	(void)sema_payload_list;
	cl_int err = check_enqueue(__func__, command_queue, num_sema_objects,
				   sema_objects, num_events_in_wait_list,
				   event_wait_list);
	if (err != CL_SUCCESS)
		return err;
	return kiln_semaphore_enqueue(command_queue, false, num_sema_objects,
				      sema_objects, num_events_in_wait_list,
				      event_wait_list, event);
}

/* What clGetSemaphoreInfoKHR reports, gathered for the table. */
struct sema_view {
	cl_context context;
	cl_uint refs;
	const cl_semaphore_properties_khr *props;
	size_t num_props;
	cl_semaphore_payload_khr payload;
	cl_semaphore_type_khr type;
	const cl_device_id *device;
	size_t num_devices;
	const cl_external_semaphore_handle_type_khr *export_types;
	size_t num_export_types;
	cl_bool exportable;
};

static const struct kiln_info_field sema_info[] = {
	KILN_INFO_FIELD(CL_SEMAPHORE_CONTEXT_KHR, struct sema_view, context),
	KILN_INFO_FIELD(CL_SEMAPHORE_REFERENCE_COUNT_KHR, struct sema_view, refs),
	KILN_INFO_ARR(CL_SEMAPHORE_PROPERTIES_KHR, struct sema_view, props, num_props),
	KILN_INFO_FIELD(CL_SEMAPHORE_PAYLOAD_KHR, struct sema_view, payload),
	KILN_INFO_FIELD(CL_SEMAPHORE_TYPE_KHR, struct sema_view, type),
	KILN_INFO_ARR(CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR, struct sema_view, device,
		      num_devices),
	KILN_INFO_ARR(CL_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR, struct sema_view,
		      export_types, num_export_types),
	KILN_INFO_FIELD(CL_SEMAPHORE_EXPORTABLE_KHR, struct sema_view, exportable),
};

CL_API_ENTRY cl_int CL_API_CALL
clGetSemaphoreInfoKHR(cl_semaphore_khr sema_object, cl_semaphore_info_khr param_name,
		      size_t param_value_size, void *param_value,
		      size_t *param_value_size_ret)
{
	if (!kiln_object_is(sema_object, KILN_OBJ_SEMAPHORE))
		return KILN_FAIL(CL_INVALID_SEMAPHORE_KHR,
				 "sema_object is not a valid semaphore");
	struct sema_view v = {
		.context = sema_object->context,
		.refs = (cl_uint)kiln_object_refcount(KILN_OBJ(sema_object)),
		.props = sema_object->props,
		.num_props = sema_object->num_props,
		.payload = atomic_load(&sema_object->payload),
		.type = CL_SEMAPHORE_TYPE_BINARY_KHR,
		.device = &sema_object->device,
		.num_devices = 1,
		.export_types = NULL,
		.num_export_types = 0,
		.exportable = CL_FALSE,
	};
	return kiln_info_from_table(sema_info, KILN_ARRAY_SIZE(sema_info), &v,
				    param_name, param_value_size, param_value,
				    param_value_size_ret);
}

CL_API_ENTRY cl_int CL_API_CALL clRetainSemaphoreKHR(cl_semaphore_khr sema_object)
{
	return kiln_object_retain_checked(sema_object, KILN_OBJ_SEMAPHORE,
					  CL_INVALID_SEMAPHORE_KHR);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseSemaphoreKHR(cl_semaphore_khr sema_object)
{
	return kiln_object_release_checked(sema_object, KILN_OBJ_SEMAPHORE,
					   CL_INVALID_SEMAPHORE_KHR);
}

/* cl_khr_external_semaphore's export: no semaphore of Kiln's has a handle
 * type to export (CL_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR is empty). */
CL_API_ENTRY cl_int CL_API_CALL
clGetSemaphoreHandleForTypeKHR(cl_semaphore_khr sema_object, cl_device_id device,
			       cl_external_semaphore_handle_type_khr handle_type,
			       size_t handle_size, void *handle_ptr,
			       size_t *handle_size_ret)
{
	(void)handle_size;
	(void)handle_ptr;
	(void)handle_size_ret;
	if (!kiln_object_is(sema_object, KILN_OBJ_SEMAPHORE))
		return KILN_FAIL(CL_INVALID_SEMAPHORE_KHR,
				 "sema_object is not a valid semaphore");
	if (!kiln_object_is(device, KILN_OBJ_DEVICE) || device != sema_object->device)
		return KILN_FAIL(CL_INVALID_DEVICE,
				 "device is not the semaphore's device");
	return KILN_FAIL(CL_INVALID_VALUE,
			 "handle type 0x%x is not one the semaphore exports "
			 "(it exports none)", (unsigned)handle_type);
}
