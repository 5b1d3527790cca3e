/* OpenCL 3.0 §5.10: native kernels, a C function of the application run by
 * the device on a copy of its argument block. */
#include "core/command.h"
#include "core/device.h"
#include "core/event.h"
#include "core/mem.h"
#include "core/queue.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct native_command {
	struct kiln_command base;
	void(CL_CALLBACK *fn)(void *);
	void *args;              /* the copy, inside this allocation */
	cl_uint num_mems;
	size_t *mem_offsets;     /* where each cl_mem sits in `args` */
	/* then: mem_offsets[num_mems], the argument copy */
};

static cl_int native_run(struct kiln_command *cmd)
{
	struct native_command *nc = (struct native_command *)cmd;
	/* §5.10: each memory object handle in the copy becomes a pointer to
	 * its storage, looked up now that the command runs (the command
	 * holds the objects, so the storage is there). */
	for (cl_uint i = 0; i < nc->num_mems; i++) {
		void *data = cmd->mems[i]->data;
		memcpy((char *)nc->args + nc->mem_offsets[i], &data, sizeof(data));
	}
	nc->fn(nc->args);
	return CL_SUCCESS;
}

static cl_int check_args(cl_command_queue q,
			 void(CL_CALLBACK *user_func)(void *), const void *args,
			 size_t cb_args, cl_uint num_mem_objects,
			 const cl_mem *mem_list, const void **args_mem_loc)
{
	if (!kiln_object_is(q, KILN_OBJ_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	if (!user_func)
		return CL_INVALID_VALUE;
	if (!args && (cb_args > 0 || num_mem_objects > 0))
		return CL_INVALID_VALUE;
	if (args && cb_args == 0)
		return CL_INVALID_VALUE;
	if (num_mem_objects > 0 && (!mem_list || !args_mem_loc))
		return CL_INVALID_VALUE;
	if (num_mem_objects == 0 && (mem_list || args_mem_loc))
		return CL_INVALID_VALUE;
	if (!(q->device->props.execution_capabilities & CL_EXEC_NATIVE_KERNEL))
		return CL_INVALID_OPERATION;
	for (cl_uint i = 0; i < num_mem_objects; i++) {
		cl_mem m = mem_list[i];
		if (!kiln_object_is(m, KILN_OBJ_MEM) ||
		    m->type != CL_MEM_OBJECT_BUFFER)
			return CL_INVALID_MEM_OBJECT;
		/* The handle must lie inside the argument block; anywhere
		 * else it could not be replaced in the copy. */
		uintptr_t loc = (uintptr_t)args_mem_loc[i];
		uintptr_t base = (uintptr_t)args;
		if (loc < base || cb_args < sizeof(cl_mem) ||
		    loc - base > cb_args - sizeof(cl_mem))
			return CL_INVALID_VALUE;
	}
	return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL
clEnqueueNativeKernel(cl_command_queue q, void(CL_CALLBACK *user_func)(void *),
		      void *args, size_t cb_args, cl_uint num_mem_objects,
		      const cl_mem *mem_list, const void **args_mem_loc,
		      cl_uint num_events, const cl_event *wait_list,
		      cl_event *event)
{
	cl_int err = check_args(q, user_func, args, cb_args, num_mem_objects,
				mem_list, args_mem_loc);
	if (err != CL_SUCCESS)
		return err;
	err = kiln_check_wait_list(q->context, num_events, wait_list);
	if (err != CL_SUCCESS)
		return err;

	/* One allocation: the command, the offsets, then the copy, aligned
	 * for any type the application may have stored in it. */
	size_t offs = (sizeof(struct native_command) + 7) & ~(size_t)7;
	size_t copy = (offs + num_mem_objects * sizeof(size_t) + 63) & ~(size_t)63;
	struct native_command *nc = (struct native_command *)kiln_command_alloc(
		copy + cb_args, q, CL_COMMAND_NATIVE_KERNEL);
	if (!nc)
		return CL_OUT_OF_HOST_MEMORY;
	nc->fn = user_func;
	nc->num_mems = num_mem_objects;
	nc->mem_offsets = (size_t *)((char *)nc + offs);
	nc->args = cb_args ? (char *)nc + copy : NULL;
	if (cb_args)
		memcpy(nc->args, args, cb_args);
	for (cl_uint i = 0; i < num_mem_objects; i++) {
		nc->mem_offsets[i] =
			(size_t)((const char *)args_mem_loc[i] - (const char *)args);
		/* Held until the command completes (§5.10). */
		err = kiln_command_use_mem(&nc->base, mem_list[i]);
		if (err != CL_SUCCESS)
			goto out_free;
	}
	nc->base.run = native_run;
	return kiln_command_enqueue(&nc->base, num_events, wait_list, event);

out_free:
	kiln_command_discard(&nc->base);
	return err;
}
