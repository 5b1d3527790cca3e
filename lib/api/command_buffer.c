/* cl_khr_command_buffer 0.9.8: creating, recording, finalizing, enqueueing
 * and querying command buffers.  Every error the extension names is decided
 * here; lib/core/command_buffer.c does the rest (docs/command_buffers.md).
 *
 * A recording entry point checks what is particular to command buffers
 * (the buffer, its state, the queue argument, sync points, handles) and
 * then calls the matching clEnqueue* entry point on the buffer's queue with
 * the thread in capture mode (kiln_command_capture_begin): the enqueue
 * checks its arguments exactly as it always does and builds its command,
 * which the buffer keeps instead of a queue.  The errors the extension
 * lists for the command's own arguments are those of the clEnqueue*
 * function, so one implementation answers both. */
#include "command_buffer_api.h"

#include "../core/command.h"
#include "../core/context.h"
#include "../core/device.h"
#include "../core/info.h"
#include "../core/kernel.h"
#include "../core/queue.h"
#include "errcode.h"

#include <string.h>

bool kiln_cb_valid(cl_command_buffer_khr cb)
{
	return kiln_object_is(cb, KILN_OBJ_COMMAND_BUFFER);
}

/* --- creation -------------------------------------------------------------- */

cl_command_buffer_khr CL_API_CALL kiln_clCreateCommandBufferKHR(
	cl_uint num_queues, const cl_command_queue *queues,
	const cl_command_buffer_properties_khr *properties, cl_int *errcode_ret)
{
	/* Without cl_khr_command_buffer_multi_device exactly one queue. */
	if (num_queues != 1 || !queues)
		return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
				"num_queues must be 1 and queues not NULL");
	cl_command_queue q = queues[0];
	if (!kiln_object_is(q, KILN_OBJ_QUEUE))
		return KILN_ERR(errcode_ret, CL_INVALID_COMMAND_QUEUE,
				"queues[0] is not a valid command-queue");
	/* CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR is 0 and
	 * _SUPPORTED_ lists every host-queue property, so only an on-device
	 * queue is incompatible: the host does not enqueue to it. */
	if (q->properties & CL_QUEUE_ON_DEVICE)
		return KILN_ERR(errcode_ret, CL_INCOMPATIBLE_COMMAND_QUEUE_KHR,
				"queues[0] is an on-device queue");
	if (!kiln_cb_device_supports(q->device))
		return KILN_ERR(errcode_ret, CL_INVALID_OPERATION,
				"the queue's device does not report cl_khr_command_buffer");
	cl_command_buffer_flags_khr flags = 0;
	kiln_mutable_dispatch_asserts_khr asserts = 0;
	size_t n = 0;
	bool seen_flags = false, seen_asserts = false;
	if (properties) {
		for (; properties[n]; n += 2) {
			if (n + 2 >= 8)
				return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
						"too many properties");
			cl_command_buffer_properties_khr v = properties[n + 1];
			switch (properties[n]) {
			case CL_COMMAND_BUFFER_FLAGS_KHR:
				if (seen_flags)
					return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
							"CL_COMMAND_BUFFER_FLAGS_KHR given twice");
				seen_flags = true;
				if (v & ~(cl_command_buffer_properties_khr)(
					    CL_COMMAND_BUFFER_SIMULTANEOUS_USE_KHR |
					    CL_COMMAND_BUFFER_MUTABLE_KHR))
					return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
							"unknown bits in CL_COMMAND_BUFFER_FLAGS_KHR");
				flags = v;
				break;
			case CL_COMMAND_BUFFER_MUTABLE_DISPATCH_ASSERTS_KHR:
				if (seen_asserts)
					return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
							"the asserts property given twice");
				seen_asserts = true;
				if (v & ~(cl_command_buffer_properties_khr)
					    CL_MUTABLE_DISPATCH_ASSERT_NO_ADDITIONAL_WORK_GROUPS_KHR)
					return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
							"unknown mutable-dispatch assert bits");
				asserts = v;
				break;
			default:
				return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
						"unknown command-buffer property 0x%llx",
						(unsigned long long)properties[n]);
			}
		}
		n++; /* the terminating 0 */
	}
	cl_int err;
	cl_command_buffer_khr cb = kiln_cb_new(q, flags, asserts, properties, n, &err);
	set_err(errcode_ret, err);
	return cb;
}

cl_int CL_API_CALL kiln_clRetainCommandBufferKHR(cl_command_buffer_khr cb)
{
	return kiln_object_retain_checked(cb, KILN_OBJ_COMMAND_BUFFER,
					  CL_INVALID_COMMAND_BUFFER_KHR);
}

cl_int CL_API_CALL kiln_clReleaseCommandBufferKHR(cl_command_buffer_khr cb)
{
	return kiln_object_release_checked(cb, KILN_OBJ_COMMAND_BUFFER,
					   CL_INVALID_COMMAND_BUFFER_KHR);
}

cl_int CL_API_CALL kiln_clFinalizeCommandBufferKHR(cl_command_buffer_khr cb)
{
	if (!kiln_cb_valid(cb))
		return KILN_FAIL(CL_INVALID_COMMAND_BUFFER_KHR,
				 "command_buffer is not a valid command-buffer");
	pthread_mutex_lock(&cb->lock);
	bool recording = cb->state == CL_COMMAND_BUFFER_STATE_RECORDING_KHR;
	pthread_mutex_unlock(&cb->lock);
	if (!recording)
		return KILN_FAIL(CL_INVALID_OPERATION,
				 "command_buffer was already finalized");
	return kiln_cb_finalize(cb);
}

/* --- enqueue ----------------------------------------------------------------- */

cl_int CL_API_CALL kiln_clEnqueueCommandBufferKHR(
	cl_uint num_queues, cl_command_queue *queues, cl_command_buffer_khr cb,
	cl_uint num_events, const cl_event *wait_list, cl_event *event)
{
	if (!kiln_cb_valid(cb))
		return KILN_FAIL(CL_INVALID_COMMAND_BUFFER_KHR,
				 "command_buffer is not a valid command-buffer");
	if ((num_queues > 0) != (queues != NULL))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "queues is NULL and num_queues > 0, or the reverse");
	if (num_queues > 1)
		return KILN_FAIL(CL_INVALID_VALUE,
				 "num_queues is %u, the buffer was created with 1",
				 num_queues);
	cl_command_queue q = num_queues ? queues[0] : cb->queue;
	if (!kiln_object_is(q, KILN_OBJ_QUEUE))
		return KILN_FAIL(CL_INVALID_COMMAND_QUEUE,
				 "queues[0] is not a valid command-queue");
	if (q->context != cb->context)
		return KILN_FAIL(CL_INVALID_CONTEXT,
				 "queues[0] belongs to another context than the buffer");
	if (q->device != cb->queue->device)
		return KILN_FAIL(CL_INVALID_DEVICE,
				 "queues[0] has another device than the buffer's queue");
	/* Kiln requires no queue property and supports every one
	 * (CL_DEVICE_COMMAND_BUFFER_*_QUEUE_PROPERTIES_KHR), so any queue of
	 * the device is compatible; an on-device queue is not a host queue. */
	if (q->properties & CL_QUEUE_ON_DEVICE)
		return KILN_FAIL(CL_INCOMPATIBLE_COMMAND_QUEUE_KHR,
				 "queues[0] is an on-device queue");
	cl_int err = kiln_check_wait_list(cb->context, num_events, wait_list);
	if (err)
		return err;
	pthread_mutex_lock(&cb->lock);
	cl_command_buffer_state_khr state = cb->state;
	pthread_mutex_unlock(&cb->lock);
	if (state != CL_COMMAND_BUFFER_STATE_EXECUTABLE_KHR)
		return KILN_FAIL(CL_INVALID_OPERATION,
				 state == CL_COMMAND_BUFFER_STATE_RECORDING_KHR
					 ? "command_buffer is not finalized"
					 : "a kernel command of command_buffer still "
					   "lacks arguments");
	return kiln_cb_enqueue(cb, q, num_events, wait_list, event);
}

/* --- recording ---------------------------------------------------------------- */

cl_int kiln_cb_record_check(cl_command_buffer_khr cb, cl_command_queue queue,
			    cl_uint num_sync, const cl_sync_point_khr *sync_list)
{
	if (!kiln_cb_valid(cb))
		return KILN_FAIL(CL_INVALID_COMMAND_BUFFER_KHR,
				 "command_buffer is not a valid command-buffer");
	/* Without cl_khr_command_buffer_multi_device the command goes to
	 * the buffer's one queue, named by NULL. */
	if (queue)
		return KILN_FAIL(CL_INVALID_COMMAND_QUEUE,
				 "command_queue must be NULL");
	if ((num_sync > 0) != (sync_list != NULL))
		return KILN_FAIL(CL_INVALID_SYNC_POINT_WAIT_LIST_KHR,
				 "sync_point_wait_list is NULL and its count > 0, "
				 "or the reverse");
	pthread_mutex_lock(&cb->lock);
	cl_int err = CL_SUCCESS;
	if (cb->state != CL_COMMAND_BUFFER_STATE_RECORDING_KHR)
		err = KILN_FAIL(CL_INVALID_OPERATION,
				"command_buffer has been finalized");
	for (cl_uint i = 0; i < num_sync && err == CL_SUCCESS; i++)
		if (sync_list[i] == 0 || sync_list[i] > cb->num_cmds)
			err = KILN_FAIL(CL_INVALID_SYNC_POINT_WAIT_LIST_KHR,
					"sync point %u is not one of command_buffer",
					sync_list[i]);
	pthread_mutex_unlock(&cb->lock);
	return err;
}

/* The properties of a command other than a kernel: none are defined, so
 * only NULL or an empty list. */
static cl_int plain_properties(const kiln_command_properties_khr *props)
{
	if (props && props[0])
		return KILN_FAIL(CL_INVALID_VALUE,
				 "property 0x%llx is not one of this command",
				 (unsigned long long)props[0]);
	return CL_SUCCESS;
}

/* The common tail of the recording entry points other than the kernel's:
 * the checks above, then `call` (a clEnqueue* on the buffer's queue) under
 * capture, then the command appended. */
#define RECORD(cb, queue, props, type, num_sync, sync_list, sync_point,       \
	       handle, call)                                                  \
	do {                                                                  \
		cl_int err_ = kiln_cb_record_check((cb), (queue), (num_sync),  \
						   (sync_list));              \
		if (err_ == CL_SUCCESS)                                       \
			err_ = plain_properties(props);                       \
		if (err_ == CL_SUCCESS && (handle))                           \
			err_ = KILN_FAIL(CL_INVALID_VALUE,                    \
					 "mutable_handle must be NULL: only " \
					 "kernel commands are mutable");      \
		if (err_ != CL_SUCCESS)                                       \
			return err_;                                          \
		struct kiln_command *rec_;                                    \
		cl_command_queue q = (cb)->queue;                             \
		kiln_command_capture_begin(&rec_);                            \
		err_ = (call);                                                \
		if (!kiln_command_capture_end() && err_ == CL_SUCCESS)        \
			err_ = CL_OUT_OF_RESOURCES; /* see command.h */        \
		if (err_ != CL_SUCCESS) {                                     \
			if (rec_)                                             \
				kiln_command_discard(rec_);                   \
			return err_;                                          \
		}                                                             \
		return kiln_cb_append((cb), (type), rec_, false, NULL,        \
				      (sync_point));                          \
	} while (0)

cl_int CL_API_CALL kiln_clCommandBarrierWithWaitListKHR(
	cl_command_buffer_khr cb, cl_command_queue queue,
	const kiln_command_properties_khr *props, cl_uint num_sync,
	const cl_sync_point_khr *sync_list, cl_sync_point_khr *sync_point,
	cl_mutable_command_khr *handle)
{
	cl_int err = kiln_cb_record_check(cb, queue, num_sync, sync_list);
	if (err == CL_SUCCESS)
		err = plain_properties(props);
	if (err == CL_SUCCESS && handle)
		err = KILN_FAIL(CL_INVALID_VALUE, "mutable_handle must be NULL");
	if (err != CL_SUCCESS)
		return err;
	return kiln_cb_append(cb, CL_COMMAND_BARRIER, NULL, false, NULL,
			      sync_point);
}

cl_int CL_API_CALL kiln_clCommandCopyBufferKHR(
	cl_command_buffer_khr cb, cl_command_queue queue,
	const kiln_command_properties_khr *props, cl_mem src, cl_mem dst,
	size_t src_offset, size_t dst_offset, size_t size, cl_uint num_sync,
	const cl_sync_point_khr *sync_list, cl_sync_point_khr *sync_point,
	cl_mutable_command_khr *handle)
{
	RECORD(cb, queue, props, CL_COMMAND_COPY_BUFFER, num_sync, sync_list,
	       sync_point, handle,
	       clEnqueueCopyBuffer(q, src, dst, src_offset, dst_offset, size, 0,
				   NULL, NULL));
}

cl_int CL_API_CALL kiln_clCommandCopyBufferRectKHR(
	cl_command_buffer_khr cb, cl_command_queue queue,
	const kiln_command_properties_khr *props, cl_mem src, cl_mem dst,
	const size_t *src_origin, const size_t *dst_origin, const size_t *region,
	size_t src_row_pitch, size_t src_slice_pitch, size_t dst_row_pitch,
	size_t dst_slice_pitch, cl_uint num_sync,
	const cl_sync_point_khr *sync_list, cl_sync_point_khr *sync_point,
	cl_mutable_command_khr *handle)
{
	RECORD(cb, queue, props, CL_COMMAND_COPY_BUFFER_RECT, num_sync,
	       sync_list, sync_point, handle,
	       clEnqueueCopyBufferRect(q, src, dst, src_origin, dst_origin,
				       region, src_row_pitch, src_slice_pitch,
				       dst_row_pitch, dst_slice_pitch, 0, NULL,
				       NULL));
}

cl_int CL_API_CALL kiln_clCommandCopyBufferToImageKHR(
	cl_command_buffer_khr cb, cl_command_queue queue,
	const kiln_command_properties_khr *props, cl_mem src, cl_mem dst,
	size_t src_offset, const size_t *dst_origin, const size_t *region,
	cl_uint num_sync, const cl_sync_point_khr *sync_list,
	cl_sync_point_khr *sync_point, cl_mutable_command_khr *handle)
{
	RECORD(cb, queue, props, CL_COMMAND_COPY_BUFFER_TO_IMAGE, num_sync,
	       sync_list, sync_point, handle,
	       clEnqueueCopyBufferToImage(q, src, dst, src_offset, dst_origin,
					  region, 0, NULL, NULL));
}

cl_int CL_API_CALL kiln_clCommandCopyImageKHR(
	cl_command_buffer_khr cb, cl_command_queue queue,
	const kiln_command_properties_khr *props, cl_mem src, cl_mem dst,
	const size_t *src_origin, const size_t *dst_origin, const size_t *region,
	cl_uint num_sync, const cl_sync_point_khr *sync_list,
	cl_sync_point_khr *sync_point, cl_mutable_command_khr *handle)
{
	RECORD(cb, queue, props, CL_COMMAND_COPY_IMAGE, num_sync, sync_list,
	       sync_point, handle,
	       clEnqueueCopyImage(q, src, dst, src_origin, dst_origin, region, 0,
				  NULL, NULL));
}

cl_int CL_API_CALL kiln_clCommandCopyImageToBufferKHR(
	cl_command_buffer_khr cb, cl_command_queue queue,
	const kiln_command_properties_khr *props, cl_mem src, cl_mem dst,
	const size_t *src_origin, const size_t *region, size_t dst_offset,
	cl_uint num_sync, const cl_sync_point_khr *sync_list,
	cl_sync_point_khr *sync_point, cl_mutable_command_khr *handle)
{
	RECORD(cb, queue, props, CL_COMMAND_COPY_IMAGE_TO_BUFFER, num_sync,
	       sync_list, sync_point, handle,
	       clEnqueueCopyImageToBuffer(q, src, dst, src_origin, region,
					  dst_offset, 0, NULL, NULL));
}

cl_int CL_API_CALL kiln_clCommandFillBufferKHR(
	cl_command_buffer_khr cb, cl_command_queue queue,
	const kiln_command_properties_khr *props, cl_mem buffer,
	const void *pattern, size_t pattern_size, size_t offset, size_t size,
	cl_uint num_sync, const cl_sync_point_khr *sync_list,
	cl_sync_point_khr *sync_point, cl_mutable_command_khr *handle)
{
	RECORD(cb, queue, props, CL_COMMAND_FILL_BUFFER, num_sync, sync_list,
	       sync_point, handle,
	       clEnqueueFillBuffer(q, buffer, pattern, pattern_size, offset, size,
				   0, NULL, NULL));
}

cl_int CL_API_CALL kiln_clCommandFillImageKHR(
	cl_command_buffer_khr cb, cl_command_queue queue,
	const kiln_command_properties_khr *props, cl_mem image,
	const void *fill_color, const size_t *origin, const size_t *region,
	cl_uint num_sync, const cl_sync_point_khr *sync_list,
	cl_sync_point_khr *sync_point, cl_mutable_command_khr *handle)
{
	RECORD(cb, queue, props, CL_COMMAND_FILL_IMAGE, num_sync, sync_list,
	       sync_point, handle,
	       clEnqueueFillImage(q, image, fill_color, origin, region, 0, NULL,
				  NULL));
}

cl_int CL_API_CALL kiln_clCommandSVMMemcpyKHR(
	cl_command_buffer_khr cb, cl_command_queue queue,
	const kiln_command_properties_khr *props, void *dst_ptr,
	const void *src_ptr, size_t size, cl_uint num_sync,
	const cl_sync_point_khr *sync_list, cl_sync_point_khr *sync_point,
	cl_mutable_command_khr *handle)
{
	RECORD(cb, queue, props, CL_COMMAND_SVM_MEMCPY, num_sync, sync_list,
	       sync_point, handle,
	       clEnqueueSVMMemcpy(q, CL_FALSE, dst_ptr, src_ptr, size, 0, NULL,
				  NULL));
}

cl_int CL_API_CALL kiln_clCommandSVMMemFillKHR(
	cl_command_buffer_khr cb, cl_command_queue queue,
	const kiln_command_properties_khr *props, void *svm_ptr,
	const void *pattern, size_t pattern_size, size_t size, cl_uint num_sync,
	const cl_sync_point_khr *sync_list, cl_sync_point_khr *sync_point,
	cl_mutable_command_khr *handle)
{
	RECORD(cb, queue, props, CL_COMMAND_SVM_MEMFILL, num_sync, sync_list,
	       sync_point, handle,
	       clEnqueueSVMMemFill(q, svm_ptr, pattern, pattern_size, size, 0,
				   NULL, NULL));
}

/* --- queries ---------------------------------------------------------------- */

cl_int CL_API_CALL kiln_clGetCommandBufferInfoKHR(
	cl_command_buffer_khr cb, cl_command_buffer_info_khr param,
	size_t size, void *value, size_t *size_ret)
{
	if (!kiln_cb_valid(cb))
		return KILN_FAIL(CL_INVALID_COMMAND_BUFFER_KHR,
				 "command_buffer is not a valid command-buffer");
	switch (param) {
	case CL_COMMAND_BUFFER_QUEUES_KHR:
		return kiln_info_copy(&cb->queue, sizeof(cb->queue), size, value,
				      size_ret);
	case CL_COMMAND_BUFFER_NUM_QUEUES_KHR: {
		cl_uint n = 1;
		return kiln_info_copy(&n, sizeof(n), size, value, size_ret);
	}
	case CL_COMMAND_BUFFER_REFERENCE_COUNT_KHR: {
		cl_uint n = (cl_uint)kiln_object_refcount(KILN_OBJ(cb));
		return kiln_info_copy(&n, sizeof(n), size, value, size_ret);
	}
	case CL_COMMAND_BUFFER_STATE_KHR: {
		pthread_mutex_lock(&cb->lock);
		cl_command_buffer_state_khr s = cb->state;
		pthread_mutex_unlock(&cb->lock);
		return kiln_info_copy(&s, sizeof(s), size, value, size_ret);
	}
	case CL_COMMAND_BUFFER_PROPERTIES_ARRAY_KHR:
		/* As given; nothing when properties was NULL. */
		return kiln_info_copy(cb->props, cb->num_props * sizeof(cb->props[0]),
				      size, value, size_ret);
	case CL_COMMAND_BUFFER_CONTEXT_KHR:
		return kiln_info_copy(&cb->context, sizeof(cb->context), size,
				      value, size_ret);
	}
	return KILN_FAIL(CL_INVALID_VALUE, "param_name 0x%x is not a "
			 "command-buffer query", (unsigned)param);
}
