/* cl_ext_buffer_device_address (revision 1.0.2): buffers with a fixed
 * device address (CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT), the address query
 * (CL_MEM_DEVICE_ADDRESS_EXT) and device addresses as kernel arguments
 * (clSetKernelArgDevicePointerEXT).  CL_KERNEL_EXEC_INFO_DEVICE_PTRS_EXT
 * is in lib/api/usm.c beside the other indirect-access exec infos.
 *
 * A buffer's storage is host memory that never moves for the buffer's
 * life, and kernels receive its address unchanged, so the device address
 * is the storage pointer (lib/core/buffer_address.h). */
#include "mem_args.h"

#include "../core/buffer_address.h"
#include "../core/context.h"
#include "../core/info.h"
#include "../core/kernel.h"
#include "errcode.h"

#include <stdint.h>
#include <stdlib.h>

/* Whether `props` (0-terminated pairs, or NULL) sets the property to
 * CL_TRUE. */
static bool asks_address(const cl_mem_properties *props, size_t n)
{
	for (size_t i = 0; props && i + 1 < n && props[i]; i += 2)
		if (props[i] == CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT)
			return props[i + 1] != CL_FALSE;
	return false;
}

bool kiln_mem_has_device_address(cl_mem mem)
{
	if (mem->type != CL_MEM_OBJECT_BUFFER)
		return false;
	cl_mem root = kiln_mem_root(mem);
	return asks_address(root->properties, root->num_properties);
}

cl_int kiln_buffer_check_properties(const cl_mem_properties *props,
				    size_t *count)
{
	*count = 0;
	if (!props)
		return CL_SUCCESS;
	bool seen = false;
	size_t i = 0;
	for (; props[i]; i += 2) {
		if (props[i] != CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT)
			return KILN_FAIL_IN("clCreateBufferWithProperties",
					    CL_INVALID_PROPERTY,
					    "properties names 0x%llx: the only buffer "
					    "property is CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT "
					    "(§5.2.1, cl_ext_buffer_device_address)",
					    (unsigned long long)props[i]);
		if (seen)
			return KILN_FAIL_IN("clCreateBufferWithProperties",
					    CL_INVALID_PROPERTY,
					    "CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT given twice");
		if (props[i + 1] != CL_TRUE && props[i + 1] != CL_FALSE)
			return KILN_FAIL_IN("clCreateBufferWithProperties",
					    CL_INVALID_PROPERTY,
					    "CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT value %llu "
					    "is not CL_TRUE or CL_FALSE",
					    (unsigned long long)props[i + 1]);
		seen = true;
	}
	*count = i + 1;
	return CL_SUCCESS;
}

cl_int kiln_mem_device_address_info(cl_mem mem, size_t param_value_size,
				    void *param_value,
				    size_t *param_value_size_ret)
{
	if (!kiln_mem_has_device_address(mem))
		return KILN_FAIL_IN("clGetMemObjectInfo", CL_INVALID_OPERATION,
				    "CL_MEM_DEVICE_ADDRESS_EXT: the buffer was not "
				    "created with CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT");
	/* One address per device of the context, all the same: every
	 * device is this host. */
	cl_uint n = mem->context->num_devices;
	cl_mem_device_address_ext *v = malloc(n * sizeof(*v));
	if (!v)
		return CL_OUT_OF_HOST_MEMORY;
	for (cl_uint i = 0; i < n; i++)
		v[i] = (cl_mem_device_address_ext)(uintptr_t)mem->data;
	cl_int err = kiln_info_copy(v, n * sizeof(*v), param_value_size,
				    param_value, param_value_size_ret);
	free(v);
	return err;
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArgDevicePointerEXT(
	cl_kernel kernel, cl_uint arg_index, cl_mem_device_address_ext arg_value)
{
	if (!kiln_object_is(kernel, KILN_OBJ_KERNEL))
		return KILN_FAIL(CL_INVALID_KERNEL, "kernel is not a valid kernel");
	/* An index past the end, or of an argument that is not a pointer to
	 * __global memory, is CL_INVALID_ARG_INDEX (what the conformance
	 * suite's negative_private_address checks). */
	if (arg_index >= kernel->info->num_args ||
	    kernel->info->args[arg_index].kind != KILN_ARG_BUFFER ||
	    kernel->info->args[arg_index].address_qualifier !=
		    CL_KERNEL_ARG_ADDRESS_GLOBAL)
		return KILN_FAIL(CL_INVALID_ARG_INDEX,
				 "argument %u of \"%s\" is not a __global pointer",
				 arg_index, kernel->info->name);
	/* Any address, 0 included: kernels receive it unchanged. */
	return kiln_kernel_set_arg_svm(kernel, arg_index,
				       (const void *)(uintptr_t)arg_value);
}
