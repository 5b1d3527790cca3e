/* Executing kernels (OpenCL 3.0 §5.10): clEnqueueNDRangeKernel and
 * clEnqueueTask.  Every error of the spec's list is decided here, before
 * anything is queued; lib/core/ndrange.c runs what passes. */
#include "../core/device.h"
#include "../core/event.h"
#include "../core/kernel.h"
#include "../core/mem.h"
#include "../core/queue.h"
#include "errcode.h"

#include <stdint.h>

/* The entry point that the checks below serve (clEnqueueTask is an NDRange
 * of one work-item), for KILN_DEBUG=api. */
#define FAIL(code, ...) KILN_FAIL_IN("clEnqueueNDRangeKernel", code, __VA_ARGS__)

/* The arguments' memory objects: valid, and a sub-buffer aligned for the
 * device (CL_MISALIGNED_SUB_BUFFER_OFFSET).  Returns the __local bytes of
 * the arguments in *local. */
static cl_int check_args(cl_kernel k, cl_device_id dev, cl_ulong *local)
{
	cl_int err = CL_SUCCESS;
	size_t align = dev->props.mem_base_addr_align / 8;
	*local = 0;
	pthread_mutex_lock(&k->lock);
	for (uint32_t i = 0; i < k->info->num_args && err == CL_SUCCESS; i++) {
		const struct kiln_kernel_arg *a = &k->args[i];
		enum kiln_arg_kind kind = k->info->args[i].kind;
		if (!a->set) {
			err = FAIL(CL_INVALID_KERNEL_ARGS,
				   "argument %u of kernel \"%s\" was never set (§5.10)",
				   i, k->info->name);
		} else if (kind == KILN_ARG_LOCAL) {
			*local += a->local_size;
		} else if ((kind == KILN_ARG_BUFFER && !a->is_svm && a->mem) ||
			   kind == KILN_ARG_IMAGE || kind == KILN_ARG_PIPE) {
			/* The application released the object after setting
			 * it: the argument no longer has a valid value. */
			if (!kiln_object_is(a->mem, KILN_OBJ_MEM))
				err = FAIL(CL_INVALID_KERNEL_ARGS,
					   "argument %u of kernel \"%s\": its memory "
					   "object was released (§5.10)", i, k->info->name);
			else if (a->mem->parent && align && a->mem->origin % align)
				err = FAIL(CL_MISALIGNED_SUB_BUFFER_OFFSET,
					   "argument %u of kernel \"%s\": sub-buffer "
					   "origin %zu is not a multiple of %zu bytes (§5.10)",
					   i, k->info->name, a->mem->origin, align);
		}
	}
	pthread_mutex_unlock(&k->lock);
	return err;
}

/* The local size: given (checked against the device and the kernel) or
 * chosen.  `uniform`: work-groups must divide the global size. */
static cl_int check_local(cl_device_id dev, cl_kernel k, cl_uint work_dim,
			  const size_t *global, const size_t *local,
			  bool uniform, size_t out[3])
{
	const struct kiln_device_props *pr = &dev->props;
	const size_t *reqd = k->info->reqd_work_group_size;
	if (!local) {
		kiln_ndrange_pick_local(dev, k, work_dim, global, uniform, out);
		local = out;
	}
	size_t product = 1;
	for (cl_uint d = 0; d < work_dim; d++) {
		if (local[d] == 0)
			return FAIL(CL_INVALID_WORK_GROUP_SIZE,
				    "local_work_size[%u] is 0 (§5.10)", d);
		if (local[d] > pr->max_work_item_sizes[d])
			return FAIL(CL_INVALID_WORK_ITEM_SIZE,
				    "local_work_size[%u] = %zu is above "
				    "CL_DEVICE_MAX_WORK_ITEM_SIZES[%u] = %zu (§5.10)",
				    d, local[d], d, pr->max_work_item_sizes[d]);
		product *= local[d];
		out[d] = local[d];
	}
	for (cl_uint d = work_dim; d < 3; d++)
		out[d] = 1;
	if (product > pr->max_work_group_size)
		return FAIL(CL_INVALID_WORK_GROUP_SIZE,
			    "work-group of %zu work-items is above "
			    "CL_DEVICE_MAX_WORK_GROUP_SIZE = %zu (§5.10)",
			    product, pr->max_work_group_size);
	/* reqd_work_group_size: the local size must be exactly it. */
	if (reqd[0])
		for (int d = 0; d < 3; d++)
			if (out[d] != (reqd[d] ? reqd[d] : 1))
				return FAIL(CL_INVALID_WORK_GROUP_SIZE,
					    "kernel \"%s\" has reqd_work_group_size("
					    "%zu, %zu, %zu) and the local size differs (§5.10)",
					    k->info->name, reqd[0], reqd[1], reqd[2]);
	if (uniform)
		for (cl_uint d = 0; d < work_dim; d++)
			if (global[d] % out[d])
				return FAIL(CL_INVALID_WORK_GROUP_SIZE,
					    "global_work_size[%u] = %zu is not a multiple "
					    "of local_work_size[%u] = %zu, and the program "
					    "requires uniform work-groups (OpenCL C 1.x or "
					    "-cl-uniform-work-group-size) (§5.10)",
					    d, global[d], d, out[d]);
	return CL_SUCCESS;
}

static cl_int enqueue(cl_command_queue q, cl_kernel k, cl_uint work_dim,
		      const size_t *offset, const size_t *global,
		      const size_t *local, cl_command_type type,
		      cl_uint num_events, const cl_event *wait_list,
		      cl_event *event)
{
	if (!kiln_object_is(q, KILN_OBJ_QUEUE))
		return FAIL(CL_INVALID_COMMAND_QUEUE,
			    "command_queue is not a valid command-queue (§5.10)");
	if (!kiln_object_is(k, KILN_OBJ_KERNEL))
		return FAIL(CL_INVALID_KERNEL, "kernel is not a valid kernel (§5.10)");
	if (q->context != k->context)
		return FAIL(CL_INVALID_CONTEXT,
			    "kernel \"%s\" and command_queue belong to different "
			    "contexts (§5.10)", k->info->name);
	cl_device_id dev = q->device;
	cl_program p = k->program;
	int di = kiln_program_exec_index(p, dev);
	if (di < 0 || !k->natives[di].fn)
		return FAIL(CL_INVALID_PROGRAM_EXECUTABLE,
			    "kernel \"%s\" has no executable for the queue's device "
			    "(§5.10)", k->info->name);
	cl_ulong local_args;
	cl_int err = check_args(k, dev, &local_args);
	if (err != CL_SUCCESS)
		return err;
	if (work_dim < 1 || work_dim > 3 ||
	    work_dim > dev->props.max_work_item_dimensions)
		return FAIL(CL_INVALID_WORK_DIMENSION,
			    "work_dim is %u, not 1, 2 or 3 (§5.10)", work_dim);
	/* §5.10 (OpenCL 2.1 and later): a NULL global size, or a zero in
	 * it, is an empty NDRange that completes once its wait list has,
	 * not an error. */
	static const size_t no_work[3] = { 0, 0, 0 };
	if (!global)
		global = no_work;
	for (cl_uint d = 0; d < work_dim; d++)
		if (offset && global[d] > SIZE_MAX - offset[d])
			return FAIL(CL_INVALID_GLOBAL_OFFSET,
				    "global_work_offset[%u] + global_work_size[%u] "
				    "overflows size_t (§5.10)", d, d);
	/* §5.10 CL_INVALID_GLOBAL_WORK_SIZE: sizes beyond what size_t holds
	 * on the device.  The work-item count (and get_global_linear_id) is
	 * a size_t too, so a product that reaches 2^64 is refused rather
	 * than left to wrap (it used to wrap to 0 and run nothing). */
	size_t items = 1;
	bool none = false;
	for (cl_uint d = 0; d < work_dim; d++)
		none |= global[d] == 0; /* empty: no work-item to count */
	for (cl_uint d = 0; d < work_dim && !none; d++)
		if (__builtin_mul_overflow(items, global[d], &items))
			return FAIL(CL_INVALID_GLOBAL_WORK_SIZE,
				    "the global work size has 2^64 or more "
				    "work-items (product of global_work_size[0..%u]), "
				    "more than size_t counts (§5.10)", work_dim - 1);
	size_t local_final[3];
	bool uniform = p->builds[di].uniform_work_groups;
	bool empty = false;
	for (cl_uint d = 0; d < work_dim; d++)
		empty |= global[d] == 0;
	if (empty && !local) {
		for (int d = 0; d < 3; d++)
			local_final[d] = 1;
	} else {
		err = check_local(dev, k, work_dim, global, local,
				  uniform && !empty, local_final);
		if (err != CL_SUCCESS)
			return err;
	}
	/* The arena must hold kernel-scope __local data and the arguments. */
	if (k->info->local_mem_size + local_args > dev->props.local_mem_size)
		return FAIL(CL_OUT_OF_RESOURCES,
			    "kernel \"%s\" needs %llu bytes of __local memory, "
			    "CL_DEVICE_LOCAL_MEM_SIZE is %llu (§5.10)", k->info->name,
			    (unsigned long long)(k->info->local_mem_size + local_args),
			    (unsigned long long)dev->props.local_mem_size);
	err = kiln_check_wait_list(q->context, num_events, wait_list);
	if (err != CL_SUCCESS)
		return err;
	return kiln_ndrange_enqueue(q, k, work_dim, offset, global, local_final,
				    type, num_events, wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL
clEnqueueNDRangeKernel(cl_command_queue command_queue, cl_kernel kernel,
		       cl_uint work_dim, const size_t *global_work_offset,
		       const size_t *global_work_size,
		       const size_t *local_work_size,
		       cl_uint num_events_in_wait_list,
		       const cl_event *event_wait_list, cl_event *event)
{
	return enqueue(command_queue, kernel, work_dim, global_work_offset,
		       global_work_size, local_work_size,
		       CL_COMMAND_NDRANGE_KERNEL, num_events_in_wait_list,
		       event_wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueTask(cl_command_queue command_queue,
					      cl_kernel kernel,
					      cl_uint num_events_in_wait_list,
					      const cl_event *event_wait_list,
					      cl_event *event)
{
	/* §5.10: a task is an NDRange of one work-item in one group. */
	static const size_t one[1] = { 1 };
	return enqueue(command_queue, kernel, 1, NULL, one, one, CL_COMMAND_TASK,
		       num_events_in_wait_list, event_wait_list, event);
}
