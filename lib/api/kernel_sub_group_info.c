/* clGetKernelSubGroupInfo (OpenCL 3.0 §5.9.4, table "Kernel Object
 * Sub-group Queries"), which is also clGetKernelSubGroupInfoKHR
 * (cl_khr_subgroups: same arguments, same answers; lib/icd gives it out).
 *
 * Every answer follows from the kernel's sub-group size S
 * (kiln_kernel_sub_group_size) and the layout the compiler gives sub-groups:
 * S consecutive linearized local ids each, the last one of a work-group
 * possibly smaller.  For a work-group of L work-items:
 *   max sub-group size = min(S, L), sub-groups = ceil(L / S). */
#include "../core/device.h"
#include "../core/info.h"
#include "../core/kernel.h"
#include "errcode.h"

#include <stdint.h>

#define FAIL(code, ...) KILN_FAIL_IN("clGetKernelSubGroupInfo", code, __VA_ARGS__)

/* The largest work-group the kernel runs on dev: its reqd_work_group_size
 * when it has one (§5.10 allows no other), else the device's limit (what
 * CL_KERNEL_WORK_GROUP_SIZE reports). */
static size_t kernel_max_group(cl_device_id dev, const struct kiln_kernel_info *info)
{
	const size_t *reqd = info->reqd_work_group_size;
	if (reqd[0])
		return reqd[0] * (reqd[1] ? reqd[1] : 1) * (reqd[2] ? reqd[2] : 1);
	return dev->props.max_work_group_size;
}

/* The work-items of a local size of `dims` entries; SIZE_MAX when the
 * product does not fit (it then has more sub-groups than any answer). */
static size_t group_items(const size_t *local, size_t dims)
{
	size_t n = 1;
	for (size_t d = 0; d < dims; d++) {
		if (local[d] && n > SIZE_MAX / local[d])
			return SIZE_MAX;
		n *= local[d];
	}
	return n;
}

/* CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT: a one-dimensional local size of
 * exactly `count` whole sub-groups (count * S) within the kernel's and the
 * device's work-group limits, then 1s; all 0s when there is none.  A kernel with reqd_work_group_size runs only that size, so it
 * is the answer when it is one-dimensional and makes `count` whole
 * sub-groups. */
static void local_size_for_count(cl_device_id dev, const struct kiln_kernel_info *info,
				 size_t s, size_t count, size_t out[3])
{
	const size_t *reqd = info->reqd_work_group_size;
	size_t items = 0;
	if (reqd[0]) {
		bool one_dim = (reqd[1] ? reqd[1] : 1) == 1 && (reqd[2] ? reqd[2] : 1) == 1;
		if (one_dim && count && reqd[0] % s == 0 && reqd[0] / s == count)
			items = reqd[0];
	} else {
		size_t limit = dev->props.max_work_group_size;
		if (limit > dev->props.max_work_item_sizes[0])
			limit = dev->props.max_work_item_sizes[0];
		if (count && count <= limit / s)
			items = count * s;
	}
	for (size_t d = 0; d < 3; d++)
		out[d] = !items ? 0 : d == 0 ? items : 1;
}

CL_API_ENTRY cl_int CL_API_CALL
clGetKernelSubGroupInfo(cl_kernel kernel, cl_device_id device,
			cl_kernel_sub_group_info param_name,
			size_t input_value_size, const void *input_value,
			size_t param_value_size, void *param_value,
			size_t *param_value_size_ret)
{
	if (!kiln_object_is(kernel, KILN_OBJ_KERNEL))
		return FAIL(CL_INVALID_KERNEL, "kernel is not a valid kernel (§5.9.4)");
	cl_program p = kernel->program;
	/* §5.9.4: device may be NULL when the kernel has one device. */
	if (!device && p->num_devices == 1)
		device = p->devices[0];
	if (!kiln_object_is(device, KILN_OBJ_DEVICE) ||
	    kiln_program_device_index(p, device) < 0)
		return FAIL(CL_INVALID_DEVICE,
			    "device is not one of kernel \"%s\"'s devices%s (§5.9.4)",
			    kernel->info->name,
			    device ? "" : " (NULL names one only when there is one)");
	if (!device->props.max_num_sub_groups)
		return FAIL(CL_INVALID_OPERATION,
			    "device \"%s\" does not support sub-groups (§5.9.4)",
			    device->props.name);

	const struct kiln_kernel_info *info = kernel->info;
	size_t s = kiln_kernel_sub_group_size(device, info);
	size_t v[3];
	size_t size = sizeof(size_t);
	switch (param_name) {
	case CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE:
	case CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE: {
		/* The input is the local size of the intended dispatch; its
		 * byte size gives the number of dimensions. */
		size_t dims = input_value_size / sizeof(size_t);
		if (!input_value || input_value_size % sizeof(size_t) || dims < 1 ||
		    dims > device->props.max_work_item_dimensions)
			return FAIL(CL_INVALID_VALUE,
				    "input_value must be a local size of 1 to %u size_t "
				    "values (input_value_size %zu%s) (§5.9.4)",
				    device->props.max_work_item_dimensions,
				    input_value_size, input_value ? "" : ", input_value NULL");
		size_t items = group_items(input_value, dims);
		if (param_name == CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE)
			v[0] = items < s ? items : s;
		else
			v[0] = items / s + (items % s != 0);
		break;
	}
	case CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT: {
		if (!input_value || input_value_size != sizeof(size_t))
			return FAIL(CL_INVALID_VALUE,
				    "input_value must be one size_t, the sub-group count "
				    "(input_value_size %zu%s) (§5.9.4)",
				    input_value_size, input_value ? "" : ", input_value NULL");
		/* The answer has as many dimensions as param_value_size holds
		 * (§5.9.4); asked for its size alone, all of them. */
		size_t dims = param_value_size / sizeof(size_t);
		size_t max_dims = device->props.max_work_item_dimensions;
		if (dims > max_dims || (dims == 0 && !param_value))
			dims = max_dims;
		if (dims == 0)
			return FAIL(CL_INVALID_VALUE,
				    "param_value_size %zu holds no size_t (§5.9.4)",
				    param_value_size);
		size_t count = *(const size_t *)input_value;
		local_size_for_count(device, info, s, count, v);
		size = dims * sizeof(size_t);
		break;
	}
	case CL_KERNEL_MAX_NUM_SUB_GROUPS: {
		size_t items = kernel_max_group(device, info);
		v[0] = items / s + (items % s != 0);
		break;
	}
	case CL_KERNEL_COMPILE_NUM_SUB_GROUPS:
		/* OpenCL C has no attribute for it, and the SPIR-V translator
		 * drops SPIR-V's SubgroupsPerWorkgroup execution mode. */
		v[0] = 0;
		break;
	case CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL:
		/* cl_intel_required_subgroup_size: N of
		 * intel_reqd_sub_group_size(N), or 0. */
		v[0] = info->reqd_sub_group_size;
		break;
	default:
		return FAIL(CL_INVALID_VALUE,
			    "param_name 0x%x is not a kernel sub-group query (§5.9.4)",
			    (unsigned)param_name);
	}
	return kiln_info_copy(v, size, param_value_size, param_value,
			      param_value_size_ret);
}
