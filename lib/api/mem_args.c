/* The argument checks that open every clEnqueue* command on memory objects
 * (OpenCL 3.0 §5.2.2 - §5.2.4, §5.5.2, §5.5.4), in the order the entry
 * points report them: the queue, the memory objects, then the wait list. */
#include "mem_args.h"

#include "../core/event.h"
#include "../core/queue.h"
#include "errcode.h"

cl_int kiln_check_buffer_command(cl_command_queue q, cl_mem buf,
				 cl_uint num_events, const cl_event *wait_list)
{
	cl_int err = kiln_check_queue_buffer(q, buf);
	if (err)
		return err;
	return kiln_check_wait_list(q->context, num_events, wait_list);
}

cl_int kiln_check_copy_command(cl_command_queue q, cl_mem src, cl_mem dst,
			       cl_uint num_events, const cl_event *wait_list)
{
	cl_int err = kiln_check_queue_buffer(q, src);
	if (err)
		return err;
	return kiln_check_buffer_command(q, dst, num_events, wait_list);
}

cl_int kiln_check_mem_in_queue_context(cl_command_queue q, cl_mem mem)
{
	if (!kiln_object_is(mem, KILN_OBJ_MEM))
		return KILN_FAIL(CL_INVALID_MEM_OBJECT,
				 "the memory object is not valid (§5.2.2)");
	if (mem->context != q->context)
		return KILN_FAIL(CL_INVALID_CONTEXT,
				 "the memory object and the queue belong to different "
				 "contexts (§5.2.2)");
	return CL_SUCCESS;
}
