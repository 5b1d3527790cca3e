/* clGetKernelSuggestedLocalWorkSizeKHR (cl_khr_suggested_local_work_size):
 * the local size clEnqueueNDRangeKernel would choose for the same queue,
 * kernel and global size with a NULL local_work_size.  Both call the one
 * rule, kiln_ndrange_pick_local (lib/core/ndrange.c), with the same
 * uniformity the program was built for, so the answer is exactly what an
 * enqueue runs (tests/api/test_suggested_local.c reads get_local_size back
 * from such enqueues).  The argument checks are the extension's list, in
 * the order of clEnqueueNDRangeKernel's. */
#include "../core/device.h"
#include "../core/kernel.h"
#include "../core/program.h"
#include "../core/queue.h"
#include "errcode.h"

#include <stdint.h>

#define FAIL(code, ...)                                                        \
	KILN_FAIL_IN("clGetKernelSuggestedLocalWorkSizeKHR", code, __VA_ARGS__)

/* CL_INVALID_KERNEL_ARGS unless every argument has a value. */
static cl_int check_args_set(cl_kernel k)
{
	cl_int err = CL_SUCCESS;
	pthread_mutex_lock(&k->lock);
	for (uint32_t i = 0; i < k->info->num_args && err == CL_SUCCESS; i++)
		if (!k->args[i].set)
			err = FAIL(CL_INVALID_KERNEL_ARGS,
				   "argument %u of kernel \"%s\" was never set",
				   i, k->info->name);
	pthread_mutex_unlock(&k->lock);
	return err;
}

CL_API_ENTRY cl_int CL_API_CALL
clGetKernelSuggestedLocalWorkSizeKHR(cl_command_queue command_queue,
				     cl_kernel kernel, cl_uint work_dim,
				     const size_t *global_work_offset,
				     const size_t *global_work_size,
				     size_t *suggested_local_work_size)
{
	if (!kiln_object_is(command_queue, KILN_OBJ_QUEUE))
		return FAIL(CL_INVALID_COMMAND_QUEUE,
			    "command_queue is not a valid command-queue");
	if (!kiln_object_is(kernel, KILN_OBJ_KERNEL))
		return FAIL(CL_INVALID_KERNEL, "kernel is not a valid kernel");
	if (command_queue->context != kernel->context)
		return FAIL(CL_INVALID_CONTEXT,
			    "kernel \"%s\" and command_queue belong to different "
			    "contexts", kernel->info->name);
	cl_device_id dev = command_queue->device;
	cl_program p = kernel->program;
	int di = kiln_program_device_index(p, dev);
	if (di < 0 || !kernel->natives[di].fn)
		return FAIL(CL_INVALID_PROGRAM_EXECUTABLE,
			    "kernel \"%s\" has no executable for the queue's device",
			    kernel->info->name);
	cl_int err = check_args_set(kernel);
	if (err != CL_SUCCESS)
		return err;
	if (work_dim < 1 || work_dim > 3 ||
	    work_dim > dev->props.max_work_item_dimensions)
		return FAIL(CL_INVALID_WORK_DIMENSION,
			    "work_dim is %u, not 1, 2 or 3", work_dim);
	if (!global_work_size)
		return FAIL(CL_INVALID_GLOBAL_WORK_SIZE, "global_work_size is NULL");
	for (cl_uint d = 0; d < work_dim; d++) {
		if (global_work_size[d] == 0)
			return FAIL(CL_INVALID_GLOBAL_WORK_SIZE,
				    "global_work_size[%u] is 0", d);
		if (global_work_offset &&
		    global_work_size[d] > SIZE_MAX - global_work_offset[d])
			return FAIL(CL_INVALID_GLOBAL_OFFSET,
				    "global_work_offset[%u] + global_work_size[%u] "
				    "overflows size_t", d, d);
	}
	if (!suggested_local_work_size)
		return FAIL(CL_INVALID_VALUE, "suggested_local_work_size is NULL");
	size_t local[3];
	kiln_ndrange_pick_local(dev, kernel, work_dim, global_work_size,
				p->builds[di].uniform_work_groups, local);
	for (cl_uint d = 0; d < work_dim; d++)
		suggested_local_work_size[d] = local[d];
	return CL_SUCCESS;
}
