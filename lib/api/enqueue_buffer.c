/* Reading, writing, copying (OpenCL 3.0 §5.2.2) and filling (§5.2.3)
 * buffers.
 * Every argument is checked here; the commands only move bytes. */
#include "mem_args.h"

#include "../core/command.h"
#include "../core/event.h"
#include "../core/mem_copy.h"
#include "../core/queue.h"

#include <stdlib.h>
#include <string.h>

cl_device_id kiln_command_device(const struct kiln_command *cmd)
{
	return cmd->device ? cmd->device : cmd->queue->device;
}

cl_int kiln_enqueue_mem_command(struct kiln_command *cmd, cl_mem *mems,
				cl_uint num_mems, bool blocking,
				cl_uint num_events, const cl_event *wait_list,
				cl_event *event)
{
	for (cl_uint i = 0; i < num_mems; i++) {
		cl_int err = kiln_command_use_mem(cmd, mems[i]);
		if (err) {
			kiln_command_discard(cmd);
			return err;
		}
	}
	if (blocking)
		return kiln_command_enqueue_blocking(cmd, num_events, wait_list,
						     event);
	return kiln_command_enqueue(cmd, num_events, wait_list, event);
}

/* One linear copy: a read, a write or a buffer-to-buffer copy.  Storage
 * never moves, so the addresses are fixed at enqueue time. */
struct copy_command {
	struct kiln_command cmd;
	void *dst;
	const void *src;
	size_t size;
};

static cl_int run_copy(struct kiln_command *cmd)
{
	struct copy_command *c = (struct copy_command *)cmd;
	kiln_mem_copy(kiln_command_device(cmd), c->dst, c->src, c->size);
	return CL_SUCCESS;
}

static cl_int enqueue_copy(cl_command_queue q, cl_command_type type,
			   cl_mem *mems, cl_uint num_mems, bool blocking,
			   void *dst, const void *src, size_t size,
			   cl_uint num_events, const cl_event *wait_list,
			   cl_event *event)
{
	struct copy_command *c = (struct copy_command *)kiln_command_alloc(
		sizeof(*c), q, type);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	c->cmd.run = run_copy;
	c->cmd.bytes = size;
	/* One memcpy: short enough for a thread that waits for it to run
	 * (command.h); a blocking read or write runs on its caller. */
	c->cmd.run_here_ok = size < KILN_MEM_PARALLEL_MIN;
	c->dst = dst;
	c->src = src;
	c->size = size;
	return kiln_enqueue_mem_command(&c->cmd, mems, num_mems, blocking,
					num_events, wait_list, event);
}

/* The checks clEnqueueReadBuffer and clEnqueueWriteBuffer share (§5.2.2). */
static cl_int check_rw(cl_command_queue q, cl_mem buf, size_t offset,
		       size_t size, const void *ptr, cl_uint num_events,
		       const cl_event *wait_list)
{
	cl_int err = kiln_check_buffer_command(q, buf, num_events, wait_list);
	if (err)
		return err;
	/* Since OpenCL 2.1 a size of 0 is valid (a command that does
	 * nothing); only the range and the pointer are checked. */
	if (!ptr || !kiln_range_ok(offset, size, buf->size))
		return CL_INVALID_VALUE;
	return CL_SUCCESS;
}

/* clEnqueueReadBuffer (`write` false: buffer to host) and
 * clEnqueueWriteBuffer (host to buffer): the argument checks, then
 * CL_INVALID_OPERATION when the buffer's CL_MEM_HOST_* flags forbid the
 * host that access. */
static cl_int enqueue_host_rw(cl_command_queue q, cl_mem buf, bool write,
			      cl_bool blocking, size_t offset, size_t size,
			      const void *ptr, cl_uint num_events,
			      const cl_event *wait_list, cl_event *event)
{
	cl_int err = check_rw(q, buf, offset, size, ptr, num_events, wait_list);
	if (err)
		return err;
	if (!(write ? kiln_mem_host_may_write(buf) : kiln_mem_host_may_read(buf)))
		return CL_INVALID_OPERATION;
	char *dev = (char *)buf->data + offset;
	return enqueue_copy(q, write ? CL_COMMAND_WRITE_BUFFER : CL_COMMAND_READ_BUFFER,
			    &buf, 1, blocking, write ? dev : (void *)ptr,
			    write ? ptr : dev, size, num_events, wait_list,
			    event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBuffer(
	cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_read,
	size_t offset, size_t size, void *ptr, cl_uint num_events_in_wait_list,
	const cl_event *event_wait_list, cl_event *event)
{
	return enqueue_host_rw(command_queue, buffer, false, blocking_read,
			       offset, size, ptr, num_events_in_wait_list,
			       event_wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBuffer(
	cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_write,
	size_t offset, size_t size, const void *ptr,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event)
{
	return enqueue_host_rw(command_queue, buffer, true, blocking_write,
			       offset, size, ptr, num_events_in_wait_list,
			       event_wait_list, event);
}

/* §5.2.2: CL_MEM_COPY_OVERLAP when source and destination share storage
 * (one buffer, a buffer and its sub-buffer, or two sub-buffers of one
 * buffer) and the byte ranges overlap. */
static bool ranges_overlap(cl_mem a, size_t a_off, cl_mem b, size_t b_off,
			   size_t size)
{
	if (size == 0 || kiln_mem_root(a) != kiln_mem_root(b))
		return false;
	size_t x = kiln_mem_root_offset(a) + a_off;
	size_t y = kiln_mem_root_offset(b) + b_off;
	return x < y + size && y < x + size;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBuffer(
	cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer,
	size_t src_offset, size_t dst_offset, size_t size,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event)
{
	cl_int err = kiln_check_copy_command(command_queue, src_buffer,
					     dst_buffer, num_events_in_wait_list,
					     event_wait_list);
	if (err)
		return err;
	if (!kiln_range_ok(src_offset, size, src_buffer->size) ||
	    !kiln_range_ok(dst_offset, size, dst_buffer->size))
		return CL_INVALID_VALUE;
	if (ranges_overlap(src_buffer, src_offset, dst_buffer, dst_offset, size))
		return CL_MEM_COPY_OVERLAP;
	cl_mem mems[2] = { src_buffer, dst_buffer };
	return enqueue_copy(command_queue, CL_COMMAND_COPY_BUFFER, mems,
			    src_buffer == dst_buffer ? 1 : 2, false,
			    (char *)dst_buffer->data + dst_offset,
			    (char *)src_buffer->data + src_offset, size,
			    num_events_in_wait_list, event_wait_list, event);
}

/* --- fill (§5.2.3) --------------------------------------------------------- */

#define MAX_PATTERN 128

struct fill_command {
	struct kiln_command cmd;
	void *dst;
	size_t size, pattern_size;
	unsigned char pattern[MAX_PATTERN]; /* copied: the caller may reuse it */
};

static cl_int run_fill(struct kiln_command *cmd)
{
	struct fill_command *c = (struct fill_command *)cmd;
	kiln_mem_fill(kiln_command_device(cmd), c->dst, c->pattern,
		      c->pattern_size, c->size);
	return CL_SUCCESS;
}

/* The pattern is a scalar or vector OpenCL type: 1 to 128 bytes, a power of
 * two. */
static bool pattern_size_ok(size_t n)
{
	return n >= 1 && n <= MAX_PATTERN && (n & (n - 1)) == 0;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillBuffer(
	cl_command_queue command_queue, cl_mem buffer, const void *pattern,
	size_t pattern_size, size_t offset, size_t size,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event)
{
	cl_int err = kiln_check_buffer_command(command_queue, buffer,
					       num_events_in_wait_list,
					       event_wait_list);
	if (err)
		return err;
	if (!pattern || !pattern_size_ok(pattern_size) ||
	    offset % pattern_size || size % pattern_size ||
	    !kiln_range_ok(offset, size, buffer->size))
		return CL_INVALID_VALUE;

	struct fill_command *c = (struct fill_command *)kiln_command_alloc(
		sizeof(*c), command_queue, CL_COMMAND_FILL_BUFFER);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	c->cmd.run = run_fill;
	c->cmd.bytes = size;
	c->dst = (char *)buffer->data + offset;
	c->size = size;
	c->pattern_size = pattern_size;
	memcpy(c->pattern, pattern, pattern_size);
	return kiln_enqueue_mem_command(&c->cmd, &buffer, 1, false,
					num_events_in_wait_list,
					event_wait_list, event);
}
