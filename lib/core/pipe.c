/* Making a pipe (OpenCL 3.0 §5.4.1): storage for the header, the marks and
 * the packets, laid out by pipe_abi.h, with an empty ring.  Arguments were
 * validated by lib/api/pipe.c. */
#include "pipe.h"

#include "debug.h"

#include <string.h>

/* Pipe properties are kept where CL_MEM_PROPERTIES keeps a buffer's: both
 * are 64-bit words. */
_Static_assert(sizeof(cl_pipe_properties) == sizeof(cl_mem_properties),
	       "pipe properties fit the memory object's property list");

cl_mem kiln_pipe_create(cl_context ctx, cl_mem_flags flags, cl_uint packet_size,
			cl_uint max_packets, const cl_pipe_properties *props,
			size_t num_props, cl_int *err)
{
	KILN_ASSERT(packet_size > 0 && max_packets > 0);
	size_t bytes = kiln_pipe_size(packet_size, max_packets);
	cl_mem mem = kiln_mem_create(sizeof(struct kiln_pipe), ctx,
				     CL_MEM_OBJECT_PIPE, flags, bytes, NULL,
				     (const cl_mem_properties *)props, num_props,
				     err);
	if (!mem)
		return NULL;
	struct kiln_pipe *p = kiln_pipe_of(mem);
	p->packet_size = packet_size;
	p->max_packets = max_packets;

	/* An empty ring: counters at 0 and no position marked (a mark is
	 * position + 1, so 0 marks nothing the counters can reach in the
	 * first lap, pipe_abi.h).  The packets need no initial value.  No
	 * kernel can see the pipe before this returns. */
	struct kiln_pipe_header *h = mem->data;
	memset(h, 0, (size_t)kiln_pipe_packets_offset(max_packets));
	h->packet_size = packet_size;
	h->max_packets = max_packets;
	h->write_marks = kiln_pipe_write_marks_offset();
	h->read_marks = kiln_pipe_read_marks_offset(max_packets);
	h->packets = kiln_pipe_packets_offset(max_packets);
	return mem;
}
