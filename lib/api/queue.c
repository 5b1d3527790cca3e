/* OpenCL 3.0 §5.1: command-queues; §5.15: flush and finish. */
#include "core/context.h"
#include "core/device.h"
#include "core/info.h"
#include "core/queue.h"
#include "core/device_enqueue.h"
#include "core/usm.h"
#include "errcode.h"

#include <stdlib.h>
#include <string.h>

/* The bits a host queue may have (§5.1, table "Queue Properties"). */
#define HOST_QUEUE_BITS                                                        \
	(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE)
#define ALL_QUEUE_BITS                                                         \
	(HOST_QUEUE_BITS | CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT)

static void queue_free(struct kiln_object *obj)
{
	cl_command_queue q = (cl_command_queue)obj;
	if (q->properties & CL_QUEUE_ON_DEVICE)
		kiln_device_queue_gone(q);
	kiln_usm_untrack_queue(q);
	kiln_object_unhold(KILN_OBJ(q->device));
	kiln_object_unhold(KILN_OBJ(q->context));
	free(q->property_list);
	pthread_mutex_destroy(&q->lock);
	free(q);
}

static cl_command_queue_properties host_queue_support(cl_device_id dev)
{
	return dev->props.queue_on_host_properties;
}

/* §5.1: the bitfield of CL_QUEUE_PROPERTIES.  Unknown bits and impossible
 * combinations are CL_INVALID_VALUE; valid ones the device lacks (on-device
 * queues where CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES is 0) are
 * CL_INVALID_QUEUE_PROPERTIES. */
static cl_int check_queue_bits(cl_device_id dev, cl_command_queue_properties p)
{
	if (p & ~(cl_command_queue_properties)ALL_QUEUE_BITS)
		return KILN_FAIL(CL_INVALID_VALUE,
				 "properties 0x%llx has bits that are not queue "
				 "properties (§5.1)", (unsigned long long)p);
	if ((p & CL_QUEUE_ON_DEVICE) &&
	    !(p & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "CL_QUEUE_ON_DEVICE without "
				 "CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE (§5.1)");
	if ((p & CL_QUEUE_ON_DEVICE_DEFAULT) && !(p & CL_QUEUE_ON_DEVICE))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "CL_QUEUE_ON_DEVICE_DEFAULT without CL_QUEUE_ON_DEVICE (§5.1)");
	if (p & CL_QUEUE_ON_DEVICE) {
		if (!(dev->props.device_enqueue_capabilities & CL_DEVICE_QUEUE_SUPPORTED))
			return KILN_FAIL(CL_INVALID_QUEUE_PROPERTIES,
					 "the device has no on-device queues "
					 "(CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES is 0) (§5.1)");
		cl_command_queue_properties rest =
			p & ~(cl_command_queue_properties)(CL_QUEUE_ON_DEVICE |
							   CL_QUEUE_ON_DEVICE_DEFAULT);
		if (rest & ~dev->props.queue_on_device_properties)
			return KILN_FAIL(CL_INVALID_QUEUE_PROPERTIES,
					 "properties 0x%llx asks for what "
					 "CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES lacks (§5.1)",
					 (unsigned long long)p);
		return CL_SUCCESS;
	}
	if (p & ~host_queue_support(dev))
		return KILN_FAIL(CL_INVALID_QUEUE_PROPERTIES,
				 "properties 0x%llx asks for what "
				 "CL_DEVICE_QUEUE_ON_HOST_PROPERTIES lacks (§5.1)",
				 (unsigned long long)p);
	return CL_SUCCESS;
}

/* Walks a 0-terminated properties list: every name known, none twice,
 * CL_QUEUE_SIZE only for an on-device queue.  *count gets the entries
 * including the terminating 0. */
static cl_int parse_properties(cl_device_id dev, const cl_queue_properties *list,
			       cl_command_queue_properties *bits, size_t *count,
			       cl_uint *size)
{
	*bits = 0;
	*count = 0;
	*size = dev->props.queue_on_device_preferred_size;
	if (!list)
		return CL_SUCCESS;
	bool seen_props = false, seen_size = false;
	size_t i = 0;
	for (; list[i]; i += 2) {
		switch (list[i]) {
		case CL_QUEUE_PROPERTIES:
			if (seen_props)
				return KILN_FAIL(CL_INVALID_VALUE,
						 "CL_QUEUE_PROPERTIES given twice (§5.1)");
			seen_props = true;
			*bits = list[i + 1];
			break;
		case CL_QUEUE_SIZE:
			if (seen_size)
				return KILN_FAIL(CL_INVALID_VALUE,
						 "CL_QUEUE_SIZE given twice (§5.1)");
			seen_size = true;
			/* §5.1: at most CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE. */
			if (list[i + 1] > dev->props.queue_on_device_max_size)
				return KILN_FAIL(CL_INVALID_VALUE,
						 "CL_QUEUE_SIZE %llu is above "
						 "CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE %u (§5.1)",
						 (unsigned long long)list[i + 1],
						 dev->props.queue_on_device_max_size);
			*size = (cl_uint)list[i + 1];
			break;
		default:
			return KILN_FAIL(CL_INVALID_VALUE,
					 "properties[%zu] = 0x%llx is not a queue "
					 "property name (§5.1)", i,
					 (unsigned long long)list[i]);
		}
	}
	*count = i + 1;
	cl_int err = check_queue_bits(dev, *bits);
	if (err != CL_SUCCESS)
		return err;
	if (seen_size && !(*bits & CL_QUEUE_ON_DEVICE))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "CL_QUEUE_SIZE for a queue that is not on the device (§5.1)");
	return CL_SUCCESS;
}

static cl_command_queue queue_new(cl_context ctx, cl_device_id dev,
				  cl_command_queue_properties bits,
				  const cl_queue_properties *list, size_t count,
				  cl_int *err)
{
	cl_command_queue q = calloc(1, sizeof(*q));
	if (!q)
		goto out_oom;
	if (count) {
		q->property_list = malloc(count * sizeof(*list));
		if (!q->property_list)
			goto out_free;
		memcpy(q->property_list, list, count * sizeof(*list));
		q->num_property_list = count;
	}
	kiln_object_init(&q->obj, KILN_OBJ_QUEUE, queue_free);
	q->context = ctx;
	kiln_object_hold(KILN_OBJ(ctx));
	q->device = dev;
	kiln_object_hold(KILN_OBJ(dev));
	q->properties = bits;
	pthread_mutex_init(&q->lock, NULL);
	/* clMemBlockingFreeINTEL waits for the context's queues. */
	if (kiln_usm_track_queue(q) != CL_SUCCESS) {
		kiln_object_release(KILN_OBJ(q));
		goto out_oom;
	}
	*err = CL_SUCCESS;
	return q;

out_free:
	free(q);
out_oom:
	*err = CL_OUT_OF_HOST_MEMORY;
	return NULL;
}

static cl_int check_context_device(cl_context ctx, cl_device_id dev)
{
	if (!kiln_object_is(ctx, KILN_OBJ_CONTEXT))
		return KILN_FAIL(CL_INVALID_CONTEXT,
				 "context is not a valid context (§5.1)");
	if (!kiln_object_is(dev, KILN_OBJ_DEVICE))
		return KILN_FAIL(CL_INVALID_DEVICE,
				 "device is not a valid device (§5.1)");
	if (!kiln_context_has_device(ctx, dev))
		return KILN_FAIL(CL_INVALID_DEVICE,
				 "device is not one of the context's devices (§5.1)");
	return CL_SUCCESS;
}

CL_API_ENTRY cl_command_queue CL_API_CALL
clCreateCommandQueueWithProperties(cl_context context, cl_device_id device,
				   const cl_queue_properties *properties,
				   cl_int *errcode_ret)
{
	cl_command_queue_properties bits;
	size_t count;
	cl_uint size;
	cl_command_queue q = NULL;
	cl_int err = check_context_device(context, device);
	if (err == CL_SUCCESS)
		err = parse_properties(device, properties, &bits, &count, &size);
	/* §5.1: asking for the default on-device queue again gives the one
	 * there is (retained). */
	if (err == CL_SUCCESS && (bits & CL_QUEUE_ON_DEVICE_DEFAULT) &&
	    (q = kiln_device_queue_default(context, device))) {
		kiln_object_retain(KILN_OBJ(q));
		if (errcode_ret)
			*errcode_ret = CL_SUCCESS;
		return q;
	}
	if (err == CL_SUCCESS)
		q = queue_new(context, device, bits, properties, count, &err);
	if (q && (bits & CL_QUEUE_ON_DEVICE)) {
		q->device_queue_size = size;
		err = kiln_device_queue_add(q, (bits & CL_QUEUE_ON_DEVICE_DEFAULT) != 0);
		if (err != CL_SUCCESS) {
			q->properties = 0; /* not registered */
			kiln_object_release(KILN_OBJ(q));
			q = NULL;
		}
	}
	if (errcode_ret)
		*errcode_ret = err;
	return q;
}

CL_API_ENTRY cl_command_queue CL_API_CALL
clCreateCommandQueue(cl_context context, cl_device_id device,
		     cl_command_queue_properties properties, cl_int *errcode_ret)
{
	cl_command_queue q = NULL;
	cl_int err = check_context_device(context, device);
	/* The 1.x entry point knows only the host-queue bits. */
	if (err == CL_SUCCESS && (properties & ~(cl_command_queue_properties)HOST_QUEUE_BITS))
		err = KILN_FAIL(CL_INVALID_VALUE,
				"properties 0x%llx: clCreateCommandQueue takes only "
				"host-queue bits (§5.1)", (unsigned long long)properties);
	if (err == CL_SUCCESS)
		err = check_queue_bits(device, properties);
	if (err == CL_SUCCESS)
		q = queue_new(context, device, properties, NULL, 0, &err);
	if (errcode_ret)
		*errcode_ret = err;
	return q;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainCommandQueue(cl_command_queue q)
{
	return kiln_object_retain_checked(q, KILN_OBJ_QUEUE,
					  CL_INVALID_COMMAND_QUEUE);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseCommandQueue(cl_command_queue q)
{
	/* §5.1: release flushes implicitly.  Kiln submits every command when
	 * it is enqueued, and each command holds the queue until it is done,
	 * so nothing is left to do here. */
	return kiln_object_release_checked(q, KILN_OBJ_QUEUE,
					   CL_INVALID_COMMAND_QUEUE);
}

/* A snapshot of what clGetCommandQueueInfo reports, one line per query. */
struct queue_facts {
	cl_context context;
	cl_device_id device;
	cl_uint refs;
	cl_command_queue_properties properties;
	const cl_queue_properties *array;
	size_t array_len;
	cl_command_queue device_default;
	cl_uint size;
};

static const struct kiln_info_field queue_info[] = {
	KILN_INFO_FIELD(CL_QUEUE_CONTEXT, struct queue_facts, context),
	KILN_INFO_FIELD(CL_QUEUE_DEVICE, struct queue_facts, device),
	KILN_INFO_FIELD(CL_QUEUE_REFERENCE_COUNT, struct queue_facts, refs),
	KILN_INFO_FIELD(CL_QUEUE_PROPERTIES, struct queue_facts, properties),
	KILN_INFO_ARR(CL_QUEUE_PROPERTIES_ARRAY, struct queue_facts, array,
		      array_len),
	KILN_INFO_FIELD(CL_QUEUE_DEVICE_DEFAULT, struct queue_facts,
			device_default),
	KILN_INFO_FIELD(CL_QUEUE_SIZE, struct queue_facts, size),
};

CL_API_ENTRY cl_int CL_API_CALL
clGetCommandQueueInfo(cl_command_queue q, cl_command_queue_info param_name,
		      size_t param_value_size, void *param_value,
		      size_t *param_value_size_ret)
{
	if (!kiln_object_is(q, KILN_OBJ_QUEUE))
		return KILN_FAIL(CL_INVALID_COMMAND_QUEUE,
				 "command_queue is not a valid command-queue (§5.1)");
	/* §5.1: CL_QUEUE_SIZE is for on-device queues only; asking a host
	 * queue is CL_INVALID_COMMAND_QUEUE. */
	if (param_name == CL_QUEUE_SIZE && !(q->properties & CL_QUEUE_ON_DEVICE))
		return KILN_FAIL(CL_INVALID_COMMAND_QUEUE,
				 "CL_QUEUE_SIZE of a host queue (§5.1)");
	struct queue_facts f = {
		.context = q->context,
		.device = q->device,
		.refs = (cl_uint)kiln_object_refcount(KILN_OBJ(q)),
		.array = q->property_list,
		.array_len = q->num_property_list,
		/* §5.1: the device's default on-device queue, asked of any
		 * queue of the device. */
		.device_default = kiln_device_queue_default(q->context, q->device),
		.size = q->device_queue_size,
	};
	pthread_mutex_lock(&q->lock);
	f.properties = q->properties;
	pthread_mutex_unlock(&q->lock);
	return kiln_info_from_table(queue_info, KILN_ARRAY_SIZE(queue_info), &f,
				    param_name, param_value_size, param_value,
				    param_value_size_ret);
}

/* OpenCL 1.0 §5.1 (deprecated since 1.1, kept for old applications):
 * enables or disables queue properties.  Changing the execution mode
 * first waits for every queued command, as 1.0 requires. */
CL_API_ENTRY cl_int CL_API_CALL
clSetCommandQueueProperty(cl_command_queue q,
			  cl_command_queue_properties properties,
			  cl_bool enable,
			  cl_command_queue_properties *old_properties)
{
	if (!kiln_object_is(q, KILN_OBJ_QUEUE))
		return KILN_FAIL(CL_INVALID_COMMAND_QUEUE,
				 "command_queue is not a valid command-queue (§5.1)");
	if (properties & ~(cl_command_queue_properties)HOST_QUEUE_BITS)
		return KILN_FAIL(CL_INVALID_VALUE,
				 "properties 0x%llx has bits that are not host-queue "
				 "properties (§5.1)", (unsigned long long)properties);
	if (properties & ~host_queue_support(q->device))
		return KILN_FAIL(CL_INVALID_QUEUE_PROPERTIES,
				 "properties 0x%llx asks for what the device lacks (§5.1)",
				 (unsigned long long)properties);

	pthread_mutex_lock(&q->lock);
	cl_command_queue_properties old = q->properties;
	pthread_mutex_unlock(&q->lock);
	if (old_properties)
		*old_properties = old;
	cl_command_queue_properties now =
		enable ? (old | properties) : (old & ~properties);
	if ((now ^ old) & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) {
		cl_int err = kiln_queue_finish(q);
		if (err != CL_SUCCESS)
			return err;
	}
	pthread_mutex_lock(&q->lock);
	now = enable ? (q->properties | properties) : (q->properties & ~properties);
	q->properties = now;
	/* `last` means "newest command" in order and "newest barrier" out of
	 * order; after the finish above neither names anything pending. */
	pthread_mutex_unlock(&q->lock);
	return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL
clSetDefaultDeviceCommandQueue(cl_context context, cl_device_id device,
			       cl_command_queue command_queue)
{
	cl_int err = check_context_device(context, device);
	if (err != CL_SUCCESS)
		return err;
	/* §5.1: a device whose default on-device queue cannot be replaced
	 * answers CL_INVALID_OPERATION. */
	if (!(device->props.device_enqueue_capabilities &
	      CL_DEVICE_QUEUE_REPLACEABLE_DEFAULT))
		return KILN_FAIL(CL_INVALID_OPERATION,
				 "the device's default on-device queue is not "
				 "replaceable (§5.1)");
	cl_command_queue q = command_queue;
	if (!kiln_object_is(q, KILN_OBJ_QUEUE) || !(q->properties & CL_QUEUE_ON_DEVICE) ||
	    q->context != context || q->device != device)
		return KILN_FAIL(CL_INVALID_COMMAND_QUEUE,
				 "command_queue is not an on-device queue of the "
				 "context and device (§5.1)");
	return kiln_device_queue_set_default(context, device, q);
}

CL_API_ENTRY cl_int CL_API_CALL clFlush(cl_command_queue q)
{
	if (!kiln_object_is(q, KILN_OBJ_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	/* §5.15: commands are submitted as they are enqueued, so every
	 * command is already on its way to the device. */
	return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clFinish(cl_command_queue q)
{
	if (!kiln_object_is(q, KILN_OBJ_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	return kiln_queue_finish(q);
}
