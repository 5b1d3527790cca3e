/* Mapping buffers, unmapping any memory object, and migrating memory
 * objects (OpenCL 3.0 §5.2.4 clEnqueueMapBuffer, §5.5.2
 * clEnqueueUnmapMemObject, §5.5.4 clEnqueueMigrateMemObjects).
 *
 * On a CPU the device's memory is the host's: a map returns a pointer into
 * the buffer's own storage (host_ptr + offset for CL_MEM_USE_HOST_PTR, since
 * that memory is the storage), so map and unmap commands move no data; they
 * exist to order the host's access after (and before) the device's.  The
 * map bookkeeping (CL_MEM_MAP_COUNT, which pointers may be unmapped) is done
 * at enqueue time, so it is exact for the calls that follow. */
#include "mem_args.h"

#include "../core/command.h"
#include "../core/event.h"
#include "../core/queue.h"

#define MAP_FLAGS (CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)

/* §5.2.4: known bits only, and WRITE_INVALIDATE_REGION excludes READ and
 * WRITE. */
static bool map_flags_ok(cl_map_flags flags)
{
	if (flags & ~(cl_map_flags)MAP_FLAGS)
		return false;
	if ((flags & CL_MAP_WRITE_INVALIDATE_REGION) &&
	    (flags & (CL_MAP_READ | CL_MAP_WRITE)))
		return false;
	return true;
}

/* §5.2.4: CL_INVALID_OPERATION when the map asks for host access the
 * buffer's CL_MEM_HOST_* flags forbid. */
static bool map_access_ok(cl_mem buf, cl_map_flags flags)
{
	if ((flags & CL_MAP_READ) && !kiln_mem_host_may_read(buf))
		return false;
	if ((flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) &&
	    !kiln_mem_host_may_write(buf))
		return false;
	return true;
}

cl_int kiln_check_map_flags(cl_mem mem, cl_map_flags flags)
{
	if (!map_flags_ok(flags))
		return CL_INVALID_VALUE;
	if (!map_access_ok(mem, flags))
		return CL_INVALID_OPERATION;
	return CL_SUCCESS;
}

static cl_int check_map(cl_command_queue q, cl_mem buf, cl_map_flags flags,
			size_t offset, size_t size, cl_uint num_events,
			const cl_event *wait_list)
{
	cl_int err = kiln_check_buffer_command(q, buf, num_events, wait_list);
	if (err)
		return err;
	if (size == 0 || !kiln_range_ok(offset, size, buf->size))
		return CL_INVALID_VALUE;
	return kiln_check_map_flags(buf, flags);
}

void *kiln_enqueue_map(cl_command_queue q, cl_mem mem, cl_command_type type,
		       bool blocking, cl_map_flags flags, size_t offset,
		       size_t size, cl_uint num_events,
		       const cl_event *wait_list, cl_event *event, cl_int *err)
{
	struct kiln_command *cmd = kiln_command_alloc(sizeof(*cmd), q, type);
	if (!cmd) {
		*err = CL_OUT_OF_HOST_MEMORY;
		return NULL;
	}
	cmd->bytes = size;
	void *ptr = (char *)mem->data + offset;
	*err = kiln_mem_map_add(mem, ptr, offset, size, flags);
	if (*err) {
		kiln_command_discard(cmd);
		return NULL;
	}
	*err = kiln_enqueue_mem_command(cmd, &mem, 1, blocking, num_events,
					wait_list, event);
	if (*err) {
		/* The map did not happen (or its wait list failed): the
		 * pointer is not a mapping the application may unmap. */
		kiln_mem_map_remove(mem, ptr);
		return NULL;
	}
	return ptr;
}

CL_API_ENTRY void *CL_API_CALL clEnqueueMapBuffer(
	cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_map,
	cl_map_flags map_flags, size_t offset, size_t size,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event, cl_int *errcode_ret)
{
	void *ptr = NULL;
	cl_int err = check_map(command_queue, buffer, map_flags, offset, size,
			       num_events_in_wait_list, event_wait_list);
	if (!err)
		ptr = kiln_enqueue_map(command_queue, buffer,
				       CL_COMMAND_MAP_BUFFER, blocking_map,
				       map_flags, offset, size,
				       num_events_in_wait_list,
				       event_wait_list, event, &err);
	if (errcode_ret)
		*errcode_ret = err;
	return ptr;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueUnmapMemObject(
	cl_command_queue command_queue, cl_mem memobj, void *mapped_ptr,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event)
{
	cl_int err = kiln_check_queue(command_queue);
	if (err)
		return err;
	err = kiln_check_mem_in_queue_context(command_queue, memobj);
	if (err)
		return err;
	err = kiln_check_wait_list(command_queue->context,
				   num_events_in_wait_list, event_wait_list);
	if (err)
		return err;
	struct kiln_command *cmd = kiln_command_alloc(
		sizeof(*cmd), command_queue, CL_COMMAND_UNMAP_MEM_OBJECT);
	if (!cmd)
		return CL_OUT_OF_HOST_MEMORY;
	/* §5.5.2: CL_INVALID_VALUE unless mapped_ptr came from a map of
	 * memobj (and was not unmapped since). */
	if (!kiln_mem_map_remove(memobj, mapped_ptr)) {
		kiln_command_discard(cmd);
		return CL_INVALID_VALUE;
	}
	return kiln_enqueue_mem_command(cmd, &memobj, 1, false,
					num_events_in_wait_list,
					event_wait_list, event);
}

#define MIGRATE_FLAGS                                                          \
	(CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED)

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMigrateMemObjects(
	cl_command_queue command_queue, cl_uint num_mem_objects,
	const cl_mem *mem_objects, cl_mem_migration_flags flags,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event)
{
	cl_int err = kiln_check_queue(command_queue);
	if (err)
		return err;
	if (num_mem_objects == 0 || !mem_objects ||
	    (flags & ~(cl_mem_migration_flags)MIGRATE_FLAGS))
		return CL_INVALID_VALUE;
	for (cl_uint i = 0; i < num_mem_objects; i++) {
		err = kiln_check_mem_in_queue_context(command_queue,
						      mem_objects[i]);
		if (err)
			return err;
	}
	err = kiln_check_wait_list(command_queue->context,
				   num_events_in_wait_list, event_wait_list);
	if (err)
		return err;
	/* Host and device share memory: nothing moves, but the command still
	 * orders itself in the queue and completes its event. */
	struct kiln_command *cmd = kiln_command_alloc(
		sizeof(*cmd), command_queue, CL_COMMAND_MIGRATE_MEM_OBJECTS);
	if (!cmd)
		return CL_OUT_OF_HOST_MEMORY;
	return kiln_enqueue_mem_command(cmd, (cl_mem *)mem_objects,
					num_mem_objects, false,
					num_events_in_wait_list,
					event_wait_list, event);
}
