/* The command-buffer entry points (cl_khr_command_buffer 0.9.8,
 * cl_khr_command_buffer_mutable_dispatch 0.9.5) under kiln_ names: Debian's
 * <CL/cl_ext.h> declares the cl* names with an older revision's parameters,
 * so the functions cannot take those names here.  lib/icd/icd.c hands them
 * out under the cl* names through clGetExtensionFunctionAddressForPlatform. */
#ifndef KILN_API_COMMAND_BUFFER_API_H
#define KILN_API_COMMAND_BUFFER_API_H

#include "../core/command_buffer.h"
#include "../core/device.h"

bool kiln_cb_valid(cl_command_buffer_khr cb);

/* The checks every recording entry point starts with: the buffer, its
 * state, command_queue (NULL), and the sync-point wait list. */
cl_int kiln_cb_record_check(cl_command_buffer_khr cb, cl_command_queue queue,
			    cl_uint num_sync, const cl_sync_point_khr *sync_list);


cl_command_buffer_khr CL_API_CALL kiln_clCreateCommandBufferKHR(
	cl_uint, const cl_command_queue *, const cl_command_buffer_properties_khr *,
	cl_int *);
cl_int CL_API_CALL kiln_clFinalizeCommandBufferKHR(cl_command_buffer_khr);
cl_int CL_API_CALL kiln_clRetainCommandBufferKHR(cl_command_buffer_khr);
cl_int CL_API_CALL kiln_clReleaseCommandBufferKHR(cl_command_buffer_khr);
cl_int CL_API_CALL kiln_clEnqueueCommandBufferKHR(cl_uint, cl_command_queue *,
						  cl_command_buffer_khr, cl_uint,
						  const cl_event *, cl_event *);
cl_int CL_API_CALL kiln_clCommandBarrierWithWaitListKHR(
	cl_command_buffer_khr, cl_command_queue, const kiln_command_properties_khr *,
	KILN_CB_RECORD_TAIL);
cl_int CL_API_CALL kiln_clCommandCopyBufferKHR(
	cl_command_buffer_khr, cl_command_queue, const kiln_command_properties_khr *,
	cl_mem, cl_mem, size_t, size_t, size_t, KILN_CB_RECORD_TAIL);
cl_int CL_API_CALL kiln_clCommandCopyBufferRectKHR(
	cl_command_buffer_khr, cl_command_queue, const kiln_command_properties_khr *,
	cl_mem, cl_mem, const size_t *, const size_t *, const size_t *, size_t,
	size_t, size_t, size_t, KILN_CB_RECORD_TAIL);
cl_int CL_API_CALL kiln_clCommandCopyBufferToImageKHR(
	cl_command_buffer_khr, cl_command_queue, const kiln_command_properties_khr *,
	cl_mem, cl_mem, size_t, const size_t *, const size_t *, KILN_CB_RECORD_TAIL);
cl_int CL_API_CALL kiln_clCommandCopyImageKHR(
	cl_command_buffer_khr, cl_command_queue, const kiln_command_properties_khr *,
	cl_mem, cl_mem, const size_t *, const size_t *, const size_t *,
	KILN_CB_RECORD_TAIL);
cl_int CL_API_CALL kiln_clCommandCopyImageToBufferKHR(
	cl_command_buffer_khr, cl_command_queue, const kiln_command_properties_khr *,
	cl_mem, cl_mem, const size_t *, const size_t *, size_t, KILN_CB_RECORD_TAIL);
cl_int CL_API_CALL kiln_clCommandFillBufferKHR(
	cl_command_buffer_khr, cl_command_queue, const kiln_command_properties_khr *,
	cl_mem, const void *, size_t, size_t, size_t, KILN_CB_RECORD_TAIL);
cl_int CL_API_CALL kiln_clCommandFillImageKHR(
	cl_command_buffer_khr, cl_command_queue, const kiln_command_properties_khr *,
	cl_mem, const void *, const size_t *, const size_t *, KILN_CB_RECORD_TAIL);
cl_int CL_API_CALL kiln_clCommandSVMMemcpyKHR(
	cl_command_buffer_khr, cl_command_queue, const kiln_command_properties_khr *,
	void *, const void *, size_t, KILN_CB_RECORD_TAIL);
cl_int CL_API_CALL kiln_clCommandSVMMemFillKHR(
	cl_command_buffer_khr, cl_command_queue, const kiln_command_properties_khr *,
	void *, const void *, size_t, size_t, KILN_CB_RECORD_TAIL);
cl_int CL_API_CALL kiln_clCommandNDRangeKernelKHR(
	cl_command_buffer_khr, cl_command_queue, const kiln_command_properties_khr *,
	cl_kernel, cl_uint, const size_t *, const size_t *, const size_t *,
	KILN_CB_RECORD_TAIL);
cl_int CL_API_CALL kiln_clGetCommandBufferInfoKHR(cl_command_buffer_khr,
						  cl_command_buffer_info_khr,
						  size_t, void *, size_t *);
cl_int CL_API_CALL kiln_clUpdateMutableCommandsKHR(cl_command_buffer_khr,
						   cl_uint, const cl_uint *,
						   const void **);
cl_int CL_API_CALL kiln_clGetMutableCommandInfoKHR(cl_mutable_command_khr,
						   cl_mutable_command_info_khr,
						   size_t, void *, size_t *);

#endif
