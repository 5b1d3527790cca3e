/* Kernel queries (OpenCL 3.0 §5.9.4): clGetKernelInfo, clGetKernelArgInfo
 * and clGetKernelWorkGroupInfo. */
#include "../core/device.h"
#include "../core/info.h"
#include "../core/kernel.h"
#include "../core/target.h"

#include <string.h>

CL_API_ENTRY cl_int CL_API_CALL clGetKernelInfo(cl_kernel kernel,
						cl_kernel_info param_name,
						size_t param_value_size,
						void *param_value,
						size_t *param_value_size_ret)
{
	if (!kiln_object_is(kernel, KILN_OBJ_KERNEL))
		return CL_INVALID_KERNEL;
	const struct kiln_kernel_info *info = kernel->info;
	union {
		cl_uint u;
		cl_context ctx;
		cl_program prog;
	} v;
	size_t size = 0;
	switch (param_name) {
	case CL_KERNEL_FUNCTION_NAME:
		return kiln_info_string(info->name, param_value_size,
					param_value, param_value_size_ret);
	case CL_KERNEL_ATTRIBUTES:
		return kiln_info_string(info->attributes, param_value_size,
					param_value, param_value_size_ret);
	case CL_KERNEL_NUM_ARGS:
		v.u = info->num_args;
		size = sizeof(v.u);
		break;
	case CL_KERNEL_REFERENCE_COUNT:
		v.u = (cl_uint)kiln_object_refcount(KILN_OBJ(kernel));
		size = sizeof(v.u);
		break;
	case CL_KERNEL_CONTEXT:
		v.ctx = kernel->context;
		size = sizeof(v.ctx);
		break;
	case CL_KERNEL_PROGRAM:
		v.prog = kernel->program;
		size = sizeof(v.prog);
		break;
	default:
		return CL_INVALID_VALUE;
	}
	return kiln_info_copy(&v, size, param_value_size, param_value,
			      param_value_size_ret);
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelArgInfo(cl_kernel kernel,
						   cl_uint arg_index,
						   cl_kernel_arg_info param_name,
						   size_t param_value_size,
						   void *param_value,
						   size_t *param_value_size_ret)
{
	if (!kiln_object_is(kernel, KILN_OBJ_KERNEL))
		return CL_INVALID_KERNEL;
	if (arg_index >= kernel->info->num_args)
		return CL_INVALID_ARG_INDEX;
	const struct kiln_arg_info *ai = &kernel->info->args[arg_index];
	switch (param_name) {
	case CL_KERNEL_ARG_ADDRESS_QUALIFIER:
	case CL_KERNEL_ARG_ACCESS_QUALIFIER:
	case CL_KERNEL_ARG_TYPE_NAME:
	case CL_KERNEL_ARG_TYPE_QUALIFIER:
	case CL_KERNEL_ARG_NAME:
		break;
	default:
		return CL_INVALID_VALUE;
	}
	/* §5.9.4: argument information exists only for programs built from
	 * source with -cl-kernel-arg-info; the compiler then keeps the
	 * names, which is how Kiln tells. */
	if (!ai->name)
		return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
	union {
		cl_kernel_arg_address_qualifier addr;
		cl_kernel_arg_access_qualifier access;
		cl_kernel_arg_type_qualifier type;
	} v;
	switch (param_name) {
	case CL_KERNEL_ARG_ADDRESS_QUALIFIER:
		v.addr = ai->address_qualifier;
		return kiln_info_copy(&v.addr, sizeof(v.addr), param_value_size,
				      param_value, param_value_size_ret);
	case CL_KERNEL_ARG_ACCESS_QUALIFIER:
		v.access = ai->access_qualifier;
		return kiln_info_copy(&v.access, sizeof(v.access),
				      param_value_size, param_value,
				      param_value_size_ret);
	case CL_KERNEL_ARG_TYPE_QUALIFIER:
		v.type = ai->type_qualifier;
		return kiln_info_copy(&v.type, sizeof(v.type), param_value_size,
				      param_value, param_value_size_ret);
	case CL_KERNEL_ARG_TYPE_NAME:
		return kiln_info_string(ai->type_name, param_value_size,
					param_value, param_value_size_ret);
	default:
		return kiln_info_string(ai->name, param_value_size, param_value,
					param_value_size_ret);
	}
}

CL_API_ENTRY cl_int CL_API_CALL
clGetKernelWorkGroupInfo(cl_kernel kernel, cl_device_id device,
			 cl_kernel_work_group_info param_name,
			 size_t param_value_size, void *param_value,
			 size_t *param_value_size_ret)
{
	if (!kiln_object_is(kernel, KILN_OBJ_KERNEL))
		return CL_INVALID_KERNEL;
	cl_program p = kernel->program;
	/* §5.9.4: device may be NULL when the kernel has one device. */
	if (!device && p->num_devices == 1)
		device = p->devices[0];
	if (!kiln_object_is(device, KILN_OBJ_DEVICE) ||
	    kiln_program_device_index(p, device) < 0)
		return CL_INVALID_DEVICE;
	const struct kiln_kernel_info *info = kernel->info;
	union {
		size_t sz;
		size_t sz3[3];
		cl_ulong ul;
	} v;
	size_t size;
	switch (param_name) {
	case CL_KERNEL_GLOBAL_WORK_SIZE:
		/* Only for custom devices and built-in kernels. */
		return CL_INVALID_VALUE;
	case CL_KERNEL_WORK_GROUP_SIZE:
		v.sz = device->props.max_work_group_size;
		size = sizeof(v.sz);
		break;
	case CL_KERNEL_COMPILE_WORK_GROUP_SIZE:
		memcpy(v.sz3, info->reqd_work_group_size, sizeof(v.sz3));
		size = sizeof(v.sz3);
		break;
	case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
		/* Floats in one vector register of the device's code: the
		 * multiple that keeps the vectorized work-item loop free of
		 * remainders. */
		v.sz = device->props.native_vector_width_float;
		size = sizeof(v.sz);
		break;
	case CL_KERNEL_LOCAL_MEM_SIZE:
		/* Kernel-scope __local variables plus the __local arguments
		 * set so far. */
		v.ul = info->local_mem_size;
		pthread_mutex_lock(&kernel->lock);
		for (uint32_t i = 0; i < info->num_args; i++)
			if (info->args[i].kind == KILN_ARG_LOCAL &&
			    kernel->args[i].set)
				v.ul += kernel->args[i].local_size;
		pthread_mutex_unlock(&kernel->lock);
		size = sizeof(v.ul);
		break;
	case CL_KERNEL_PRIVATE_MEM_SIZE:
		v.ul = info->private_mem_size;
		size = sizeof(v.ul);
		break;
	default:
		return CL_INVALID_VALUE;
	}
	return kiln_info_copy(&v, size, param_value_size, param_value,
			      param_value_size_ret);
}
