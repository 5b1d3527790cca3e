/* cl_ext_buffer_device_address (revision 1.0.2): the names Debian's
 * OpenCL headers (2023.04) do not have yet, with the values of the
 * Khronos registry, and Kiln's helpers for the extension.
 *
 * A buffer's storage never moves on a CPU (lib/core/mem.c allocates it
 * once, or uses the application's CL_MEM_USE_HOST_PTR memory), so a
 * buffer created with CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT has the fixed
 * address its kernels see: its storage pointer. */
#ifndef KILN_CORE_BUFFER_ADDRESS_H
#define KILN_CORE_BUFFER_ADDRESS_H

#include "cl_target.h"

#include <stdbool.h>

#ifndef cl_ext_buffer_device_address
#define cl_ext_buffer_device_address 1
#define CL_EXT_BUFFER_DEVICE_ADDRESS_EXTENSION_NAME "cl_ext_buffer_device_address"
typedef cl_ulong cl_mem_device_address_ext;
typedef cl_int(CL_API_CALL *clSetKernelArgDevicePointerEXT_fn)(
	cl_kernel kernel, cl_uint arg_index, cl_mem_device_address_ext arg_value);
CL_API_ENTRY cl_int CL_API_CALL clSetKernelArgDevicePointerEXT(
	cl_kernel kernel, cl_uint arg_index, cl_mem_device_address_ext arg_value);
#define CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT 0x5000 /* cl_mem_properties */
#define CL_MEM_DEVICE_ADDRESS_EXT 0x5001         /* cl_mem_info */
#define CL_KERNEL_EXEC_INFO_DEVICE_PTRS_EXT 0x5002 /* cl_kernel_exec_info */
#endif

/* Whether `mem` (a buffer or sub-buffer) has a device address: its buffer
 * was created with CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT set to CL_TRUE. */
bool kiln_mem_has_device_address(cl_mem mem);

/* clCreateBufferWithProperties' property list: NULL, or 0-terminated pairs
 * of which CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT (CL_TRUE or CL_FALSE, once) is
 * the only name; CL_INVALID_PROPERTY otherwise.  *count receives the
 * entries to keep for CL_MEM_PROPERTIES (the final 0 included; 0 for
 * NULL).  Images keep kiln_mem_check_properties (no property). */
cl_int kiln_buffer_check_properties(const cl_mem_properties *props,
				    size_t *count);

/* clGetMemObjectInfo(CL_MEM_DEVICE_ADDRESS_EXT): one address per device
 * of the context, or CL_INVALID_OPERATION for a memory object without
 * one. */
cl_int kiln_mem_device_address_info(cl_mem mem, size_t param_value_size,
				    void *param_value,
				    size_t *param_value_size_ret);

#endif
