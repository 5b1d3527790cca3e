/* cl_khr_command_buffer 0.9.8 and cl_khr_command_buffer_mutable_dispatch
 * 0.9.5: the types, enums and entry points of the revisions Kiln
 * implements, for compilers whose <CL/cl_ext.h> has an older revision.
 *
 * Debian 12's headers (opencl-c-headers 2023.02.06) carry command buffers
 * 0.9.1: no `properties` parameter on the recording entry points, no
 * CL_COMMAND_BUFFER_CONTEXT_KHR or _SUPPORTED_QUEUE_PROPERTIES_KHR, and
 * mutable dispatch 0.9.0 (a linked list of configs whose struct starts with
 * `type` and `next`, CL_STRUCTURE_TYPE_MUTABLE_DISPATCH_CONFIG_KHR = 1).
 * The current Khronos headers (what the conformance suite builds against)
 * have the later revisions, which this header restates under kiln_ names
 * where Debian's names would clash; the enum values are those of the
 * Khronos registry.  Applications and Kiln's tests load the entry points
 * through clGetExtensionFunctionAddressForPlatform by their cl* names. */
#ifndef KILN_COMMAND_BUFFER_H
#define KILN_COMMAND_BUFFER_H

#include <CL/cl.h>
#include <CL/cl_ext.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Types that every revision shares (cl_command_buffer_khr, cl_sync_point_khr,
 * cl_mutable_command_khr, ...) come from <CL/cl_ext.h>; the per-command
 * properties type appeared in 0.9.5. */
typedef cl_properties kiln_command_properties_khr;
typedef cl_bitfield kiln_mutable_dispatch_asserts_khr;

#ifndef CL_DEVICE_COMMAND_BUFFER_SUPPORTED_QUEUE_PROPERTIES_KHR
#define CL_DEVICE_COMMAND_BUFFER_SUPPORTED_QUEUE_PROPERTIES_KHR 0x129A
#endif
#ifndef CL_COMMAND_BUFFER_CONTEXT_KHR
#define CL_COMMAND_BUFFER_CONTEXT_KHR 0x1299
#endif
#ifndef CL_COMMAND_BUFFER_STATE_FINALIZED_KHR
#define CL_COMMAND_BUFFER_STATE_FINALIZED_KHR 2
#endif
#ifndef CL_MUTABLE_COMMAND_PROPERTIES_ARRAY_KHR
#define CL_MUTABLE_COMMAND_PROPERTIES_ARRAY_KHR 0x12A2
#endif
#ifndef CL_COMMAND_BUFFER_MUTABLE_DISPATCH_ASSERTS_KHR
#define CL_COMMAND_BUFFER_MUTABLE_DISPATCH_ASSERTS_KHR 0x12B7
#endif
#ifndef CL_MUTABLE_DISPATCH_ASSERTS_KHR
#define CL_MUTABLE_DISPATCH_ASSERTS_KHR 0x12B8
#endif
#ifndef CL_MUTABLE_DISPATCH_ASSERT_NO_ADDITIONAL_WORK_GROUPS_KHR
#define CL_MUTABLE_DISPATCH_ASSERT_NO_ADDITIONAL_WORK_GROUPS_KHR (1 << 0)
#endif
/* Mutable dispatch 0.9.2 numbers the one config type 0 (0.9.0 had a base
 * config at 0 and the dispatch config at 1). */
#define KILN_STRUCTURE_TYPE_MUTABLE_DISPATCH_CONFIG 0

/* Mutable dispatch 0.9.2 and later: cl_mutable_dispatch_config_khr without
 * the `type` and `next` members of 0.9.0. */
typedef struct kiln_mutable_dispatch_config {
	cl_mutable_command_khr command;
	cl_uint num_args;
	cl_uint num_svm_args;
	cl_uint num_exec_infos;
	cl_uint work_dim;
	const cl_mutable_dispatch_arg_khr *arg_list;
	const cl_mutable_dispatch_arg_khr *arg_svm_list;
	const cl_mutable_dispatch_exec_info_khr *exec_info_list;
	const size_t *global_work_offset;
	const size_t *global_work_size;
	const size_t *local_work_size;
} kiln_mutable_dispatch_config;

/* The entry points, as function-pointer types (the names applications look
 * up are the cl* names without the kiln_ prefix and _fn suffix). */
#define KILN_CB_RECORD_TAIL                                                    \
	cl_uint num_sync_points_in_wait_list,                                  \
		const cl_sync_point_khr *sync_point_wait_list,                 \
		cl_sync_point_khr *sync_point, cl_mutable_command_khr *mutable_handle

typedef cl_command_buffer_khr(CL_API_CALL *kiln_clCreateCommandBufferKHR_fn)(
	cl_uint num_queues, const cl_command_queue *queues,
	const cl_command_buffer_properties_khr *properties, cl_int *errcode_ret);
typedef cl_int(CL_API_CALL *kiln_clFinalizeCommandBufferKHR_fn)(
	cl_command_buffer_khr command_buffer);
typedef cl_int(CL_API_CALL *kiln_clRetainCommandBufferKHR_fn)(
	cl_command_buffer_khr command_buffer);
typedef cl_int(CL_API_CALL *kiln_clReleaseCommandBufferKHR_fn)(
	cl_command_buffer_khr command_buffer);
typedef cl_int(CL_API_CALL *kiln_clEnqueueCommandBufferKHR_fn)(
	cl_uint num_queues, cl_command_queue *queues,
	cl_command_buffer_khr command_buffer, cl_uint num_events_in_wait_list,
	const cl_event *event_wait_list, cl_event *event);
typedef cl_int(CL_API_CALL *kiln_clCommandBarrierWithWaitListKHR_fn)(
	cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
	const kiln_command_properties_khr *properties, KILN_CB_RECORD_TAIL);
typedef cl_int(CL_API_CALL *kiln_clCommandCopyBufferKHR_fn)(
	cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
	const kiln_command_properties_khr *properties, cl_mem src_buffer,
	cl_mem dst_buffer, size_t src_offset, size_t dst_offset, size_t size,
	KILN_CB_RECORD_TAIL);
typedef cl_int(CL_API_CALL *kiln_clCommandCopyBufferRectKHR_fn)(
	cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
	const kiln_command_properties_khr *properties, cl_mem src_buffer,
	cl_mem dst_buffer, const size_t *src_origin, const size_t *dst_origin,
	const size_t *region, size_t src_row_pitch, size_t src_slice_pitch,
	size_t dst_row_pitch, size_t dst_slice_pitch, KILN_CB_RECORD_TAIL);
typedef cl_int(CL_API_CALL *kiln_clCommandCopyBufferToImageKHR_fn)(
	cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
	const kiln_command_properties_khr *properties, cl_mem src_buffer,
	cl_mem dst_image, size_t src_offset, const size_t *dst_origin,
	const size_t *region, KILN_CB_RECORD_TAIL);
typedef cl_int(CL_API_CALL *kiln_clCommandCopyImageKHR_fn)(
	cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
	const kiln_command_properties_khr *properties, cl_mem src_image,
	cl_mem dst_image, const size_t *src_origin, const size_t *dst_origin,
	const size_t *region, KILN_CB_RECORD_TAIL);
typedef cl_int(CL_API_CALL *kiln_clCommandCopyImageToBufferKHR_fn)(
	cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
	const kiln_command_properties_khr *properties, cl_mem src_image,
	cl_mem dst_buffer, const size_t *src_origin, const size_t *region,
	size_t dst_offset, KILN_CB_RECORD_TAIL);
typedef cl_int(CL_API_CALL *kiln_clCommandFillBufferKHR_fn)(
	cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
	const kiln_command_properties_khr *properties, cl_mem buffer,
	const void *pattern, size_t pattern_size, size_t offset, size_t size,
	KILN_CB_RECORD_TAIL);
typedef cl_int(CL_API_CALL *kiln_clCommandFillImageKHR_fn)(
	cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
	const kiln_command_properties_khr *properties, cl_mem image,
	const void *fill_color, const size_t *origin, const size_t *region,
	KILN_CB_RECORD_TAIL);
typedef cl_int(CL_API_CALL *kiln_clCommandSVMMemcpyKHR_fn)(
	cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
	const kiln_command_properties_khr *properties, void *dst_ptr,
	const void *src_ptr, size_t size, KILN_CB_RECORD_TAIL);
typedef cl_int(CL_API_CALL *kiln_clCommandSVMMemFillKHR_fn)(
	cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
	const kiln_command_properties_khr *properties, void *svm_ptr,
	const void *pattern, size_t pattern_size, size_t size,
	KILN_CB_RECORD_TAIL);
typedef cl_int(CL_API_CALL *kiln_clCommandNDRangeKernelKHR_fn)(
	cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
	const kiln_command_properties_khr *properties, cl_kernel kernel,
	cl_uint work_dim, const size_t *global_work_offset,
	const size_t *global_work_size, const size_t *local_work_size,
	KILN_CB_RECORD_TAIL);
typedef cl_int(CL_API_CALL *kiln_clGetCommandBufferInfoKHR_fn)(
	cl_command_buffer_khr command_buffer, cl_command_buffer_info_khr param_name,
	size_t param_value_size, void *param_value, size_t *param_value_size_ret);
typedef cl_int(CL_API_CALL *kiln_clUpdateMutableCommandsKHR_fn)(
	cl_command_buffer_khr command_buffer, cl_uint num_configs,
	const cl_uint *config_types, const void **configs);
typedef cl_int(CL_API_CALL *kiln_clGetMutableCommandInfoKHR_fn)(
	cl_mutable_command_khr command, cl_mutable_command_info_khr param_name,
	size_t param_value_size, void *param_value, size_t *param_value_size_ret);

#ifdef __cplusplus
}
#endif

#endif
