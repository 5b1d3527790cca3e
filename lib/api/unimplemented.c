/* Weak definitions of every OpenCL entry point, each answering
 * CL_INVALID_OPERATION (the OpenCL 3.0 answer for a feature a device does not
 * support).  A real definition in lib/api overrides the weak one at link
 * time, so the dispatch table and the exported symbols are always complete:
 * the loader never calls a NULL entry.  Delete an entry from this file once
 * its real definition lands. */
#include "../core/cl_target.h"

#include <stddef.h>

#define KILN_WEAK __attribute__((weak))

/* Every parameter is unused in these fallbacks. */
#pragma GCC diagnostic ignored "-Wunused-parameter"

KILN_WEAK cl_int CL_API_CALL clGetKernelSubGroupInfo(cl_kernel kernel, cl_device_id device, cl_kernel_sub_group_info param_name, size_t input_value_size, const void* input_value, size_t param_value_size, void* param_value, size_t* param_value_size_ret)
{
	return CL_INVALID_OPERATION;
}

