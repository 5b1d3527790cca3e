/* Weak definitions of every OpenCL entry point, each answering
 * CL_INVALID_OPERATION (the OpenCL 3.0 answer for a feature a device does not
 * support; clGetPipeInfo is the exception below).  A real definition in lib/api overrides the weak one at link
 * time, so the dispatch table and the exported symbols are always complete:
 * the loader never calls a NULL entry.  Delete an entry from this file once
 * its real definition lands. */
#include "../core/cl_target.h"

#include <stddef.h>

#define KILN_WEAK __attribute__((weak))

/* Every parameter is unused in these fallbacks. */
#pragma GCC diagnostic ignored "-Wunused-parameter"

KILN_WEAK cl_mem CL_API_CALL clCreatePipe(cl_context context, cl_mem_flags flags, cl_uint pipe_packet_size, cl_uint pipe_max_packets, const cl_pipe_properties * properties, cl_int * errcode_ret)
{
	if (errcode_ret)
		*errcode_ret = CL_INVALID_OPERATION;
	return NULL;
}

/* Without pipe support no memory object can be a pipe, so every handle is
 * "not a valid pipe object": CL_INVALID_MEM_OBJECT (OpenCL 3.0 §5.4.2,
 * and the note on optional pipes in §5.4), not CL_INVALID_OPERATION. */
KILN_WEAK cl_int CL_API_CALL clGetPipeInfo(cl_mem pipe, cl_pipe_info param_name, size_t param_value_size, void * param_value, size_t * param_value_size_ret)
{
	return CL_INVALID_MEM_OBJECT;
}

KILN_WEAK void *CL_API_CALL clSVMAlloc(cl_context context, cl_svm_mem_flags flags, size_t size, cl_uint alignment)
{
	return NULL;
}

KILN_WEAK void CL_API_CALL clSVMFree(cl_context context, void * svm_pointer)
{
}

KILN_WEAK cl_int CL_API_CALL clSetKernelArgSVMPointer(cl_kernel kernel, cl_uint arg_index, const void * arg_value)
{
	return CL_INVALID_OPERATION;
}

KILN_WEAK cl_int CL_API_CALL clSetKernelExecInfo(cl_kernel kernel, cl_kernel_exec_info param_name, size_t param_value_size, const void * param_value)
{
	return CL_INVALID_OPERATION;
}

KILN_WEAK cl_int CL_API_CALL clGetKernelSubGroupInfo(cl_kernel kernel, cl_device_id device, cl_kernel_sub_group_info param_name, size_t input_value_size, const void* input_value, size_t param_value_size, void* param_value, size_t* param_value_size_ret)
{
	return CL_INVALID_OPERATION;
}

KILN_WEAK cl_int CL_API_CALL clEnqueueSVMFree(cl_command_queue command_queue, cl_uint num_svm_pointers, void * svm_pointers[], void (CL_CALLBACK * pfn_free_func)(cl_command_queue queue, cl_uint num_svm_pointers, void * svm_pointers[], void * user_data), void * user_data, cl_uint num_events_in_wait_list, const cl_event * event_wait_list, cl_event * event)
{
	return CL_INVALID_OPERATION;
}

KILN_WEAK cl_int CL_API_CALL clEnqueueSVMMemcpy(cl_command_queue command_queue, cl_bool blocking_copy, void * dst_ptr, const void * src_ptr, size_t size, cl_uint num_events_in_wait_list, const cl_event * event_wait_list, cl_event * event)
{
	return CL_INVALID_OPERATION;
}

KILN_WEAK cl_int CL_API_CALL clEnqueueSVMMemFill(cl_command_queue command_queue, void * svm_ptr, const void * pattern, size_t pattern_size, size_t size, cl_uint num_events_in_wait_list, const cl_event * event_wait_list, cl_event * event)
{
	return CL_INVALID_OPERATION;
}

KILN_WEAK cl_int CL_API_CALL clEnqueueSVMMap(cl_command_queue command_queue, cl_bool blocking_map, cl_map_flags flags, void * svm_ptr, size_t size, cl_uint num_events_in_wait_list, const cl_event * event_wait_list, cl_event * event)
{
	return CL_INVALID_OPERATION;
}

KILN_WEAK cl_int CL_API_CALL clEnqueueSVMUnmap(cl_command_queue command_queue, void * svm_ptr, cl_uint num_events_in_wait_list, const cl_event * event_wait_list, cl_event * event)
{
	return CL_INVALID_OPERATION;
}

KILN_WEAK cl_int CL_API_CALL clEnqueueSVMMigrateMem(cl_command_queue command_queue, cl_uint num_svm_pointers, const void ** svm_pointers, const size_t * sizes, cl_mem_migration_flags flags, cl_uint num_events_in_wait_list, const cl_event * event_wait_list, cl_event * event)
{
	return CL_INVALID_OPERATION;
}
