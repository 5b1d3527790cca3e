/* Argument checks shared by the buffer entry points (lib/api/buffer.c,
 * enqueue_buffer.c, enqueue_rect.c, enqueue_map.c), defined in buffer.c
 * and mem_args.c. */
#ifndef KILN_API_MEM_ARGS_H
#define KILN_API_MEM_ARGS_H

#include "../core/mem.h"

#include <stdbool.h>

/* The memory flags of §5.2.1 (table "Memory Flags"): no unknown bits, at
 * most one access mode, at most one host-access mode, CL_MEM_USE_HOST_PTR
 * never with ALLOC_ or COPY_HOST_PTR.  CL_INVALID_VALUE or CL_SUCCESS. */
cl_int kiln_check_mem_flags(cl_mem_flags flags);

/* §5.2.1 sub-buffers and §5.3.1 images made from another memory object:
 * the flags `flags` may not ask for given the parent's `parent` (a
 * write-only parent cannot give a readable child, and the host-access
 * flags likewise), and the final flags (access and host access inherited
 * when not given, host-pointer flags always inherited). */
bool kiln_mem_flags_conflict(cl_mem_flags parent, cl_mem_flags flags);
cl_mem_flags kiln_mem_flags_inherit(cl_mem_flags parent, cl_mem_flags flags);

/* A clEnqueue*Buffer* pair (queue, buffer): CL_INVALID_COMMAND_QUEUE,
 * CL_INVALID_MEM_OBJECT (not a buffer), CL_INVALID_CONTEXT (another
 * context), CL_MISALIGNED_SUB_BUFFER_OFFSET (a sub-buffer whose origin is
 * not aligned for the queue's device), or CL_SUCCESS. */
cl_int kiln_check_queue(cl_command_queue q);
cl_int kiln_check_queue_buffer(cl_command_queue q, cl_mem buf);

/* kiln_check_queue_buffer, then the event wait list (§5.11): the opening
 * checks of every command on one buffer. */
cl_int kiln_check_buffer_command(cl_command_queue q, cl_mem buf,
				 cl_uint num_events, const cl_event *wait_list);

/* The same for a copy (§5.2.2 clEnqueueCopyBuffer, clEnqueueCopyBufferRect):
 * the source, then the destination, then the wait list. */
cl_int kiln_check_copy_command(cl_command_queue q, cl_mem src, cl_mem dst,
			       cl_uint num_events, const cl_event *wait_list);

/* A memory object of any type for an already checked queue:
 * CL_INVALID_MEM_OBJECT, CL_INVALID_CONTEXT (another context) or
 * CL_SUCCESS (§5.5.2 unmap, §5.5.4 migrate). */
cl_int kiln_check_mem_in_queue_context(cl_command_queue q, cl_mem mem);

/* [offset, offset + size) lies inside `total` bytes (no overflow). */
static inline bool kiln_range_ok(size_t offset, size_t size, size_t total)
{
	return size <= total && offset <= total - size;
}

struct kiln_command;

/* Holds `mems` for the command, then enqueues it, waiting for completion
 * when `blocking` (§5.2.2 blocking reads and writes, §5.2.4 blocking maps).
 * The wait list is already validated.  On failure the command is freed. */
cl_int kiln_enqueue_mem_command(struct kiln_command *cmd, cl_mem *mems,
				cl_uint num_mems, bool blocking,
				cl_uint num_events, const cl_event *wait_list,
				cl_event *event);

/* §5.2.4 / §5.3.6 map flags: CL_INVALID_VALUE for unknown bits or
 * CL_MAP_WRITE_INVALIDATE_REGION with READ or WRITE, CL_INVALID_OPERATION
 * for access the object's CL_MEM_HOST_* flags forbid (lib/api/enqueue_map.c). */
cl_int kiln_check_map_flags(cl_mem mem, cl_map_flags flags);

/* The map command of clEnqueueMapBuffer and clEnqueueMapImage, arguments
 * checked: records the mapping of [offset, offset + size) of `mem`'s
 * storage and enqueues the command; returns the mapped pointer, or NULL
 * with *err set. */
void *kiln_enqueue_map(cl_command_queue q, cl_mem mem, cl_command_type type,
		       bool blocking, cl_map_flags flags, size_t offset,
		       size_t size, cl_uint num_events,
		       const cl_event *wait_list, cl_event *event, cl_int *err);

/* The device a command runs on. */
cl_device_id kiln_command_device(const struct kiln_command *cmd);

/* §5.2.1, §5.3.1: the properties of clCreateBufferWithProperties and
 * clCreateImageWithProperties (buffer.c). */
cl_int kiln_mem_check_properties(const cl_mem_properties *props, size_t *count);

#endif
