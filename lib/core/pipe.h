/* Pipe memory objects (OpenCL 3.0 §5.4): a struct _cl_mem extended with
 * the packet size and capacity, whose storage is a ring buffer laid out as
 * pipe_abi.h says (kernel-lib/pipes.cl reads and writes it; docs/pipes.md
 * explains the design).  The host never touches the packets. */
#ifndef KILN_CORE_PIPE_H
#define KILN_CORE_PIPE_H

#include "mem.h"
#include "pipe_abi.h"

struct kiln_pipe {
	struct _cl_mem mem; /* mem.type is CL_MEM_OBJECT_PIPE */
	cl_uint packet_size;
	cl_uint max_packets;
};

static inline bool kiln_mem_is_pipe(cl_mem m)
{
	return m->type == CL_MEM_OBJECT_PIPE;
}

/* Only for objects kiln_mem_is_pipe accepts. */
static inline struct kiln_pipe *kiln_pipe_of(cl_mem m)
{
	return (struct kiln_pipe *)m;
}

/* Bytes of storage a pipe of these dimensions takes (header, marks and
 * packets). */
static inline size_t kiln_pipe_size(cl_uint packet_size, cl_uint max_packets)
{
	return (size_t)kiln_pipe_storage_bytes(packet_size, max_packets);
}

/* Creates an empty pipe in `ctx`: `flags` are final (defaults applied),
 * packet_size and max_packets are not 0 and the storage fits the device
 * (checked by lib/api/pipe.c); `props` (`num_props` entries with the final
 * 0, or 0 entries for NULL) is kept for CL_PIPE_PROPERTIES.  NULL and *err
 * set on failure (CL_OUT_OF_HOST_MEMORY, CL_MEM_OBJECT_ALLOCATION_FAILURE). */
cl_mem kiln_pipe_create(cl_context ctx, cl_mem_flags flags, cl_uint packet_size,
			cl_uint max_packets, const cl_pipe_properties *props,
			size_t num_props, cl_int *err);

#endif
