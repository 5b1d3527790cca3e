/* Pipe objects (OpenCL 3.0 §5.4): clCreatePipe and clGetPipeInfo.  The
 * calls every memory object shares (retain, release, destructor callbacks,
 * clGetMemObjectInfo) are in buffer.c; a pipe answers CL_MEM_TYPE with
 * CL_MEM_OBJECT_PIPE there.  What kernels do with a pipe is kernel-lib's
 * (kernel-lib/pipes.cl, docs/pipes.md). */
#include "../core/context.h"
#include "../core/device.h"
#include "../core/info.h"
#include "../core/pipe.h"
#include "errcode.h"

/* §5.4.1: "Only CL_MEM_READ_WRITE and CL_MEM_HOST_NO_ACCESS can be
 * specified when creating a pipe object." */
#define PIPE_FLAGS (CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS)

static bool context_has_pipes(cl_context ctx)
{
	for (cl_uint i = 0; i < ctx->num_devices; i++)
		if (ctx->devices[i]->props.pipe_support)
			return true;
	return false;
}

/* §5.4.1 CL_INVALID_PIPE_SIZE: the packet size must suit at least one
 * device of the context. */
static bool packet_size_ok(cl_context ctx, cl_uint packet_size)
{
	for (cl_uint i = 0; i < ctx->num_devices; i++)
		if (ctx->devices[i]->props.pipe_support &&
		    packet_size <= ctx->devices[i]->props.pipe_max_packet_size)
			return true;
	return false;
}

static bool storage_fits(cl_context ctx, size_t bytes)
{
	for (cl_uint i = 0; i < ctx->num_devices; i++)
		if (bytes <= ctx->devices[i]->props.max_mem_alloc_size)
			return true;
	return false;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreatePipe(cl_context context,
					     cl_mem_flags flags,
					     cl_uint pipe_packet_size,
					     cl_uint pipe_max_packets,
					     const cl_pipe_properties *properties,
					     cl_int *errcode_ret)
{
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT))
		return KILN_ERR(errcode_ret, CL_INVALID_CONTEXT,
				"context is not a valid context (§5.4.1)");
	if (!context_has_pipes(context))
		return KILN_ERR(errcode_ret, CL_INVALID_OPERATION,
				"no device in the context supports pipes "
				"(CL_DEVICE_PIPE_SUPPORT is CL_FALSE) (§5.4.1)");
	if (flags & ~(cl_mem_flags)PIPE_FLAGS)
		return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
				"flags 0x%llx: only CL_MEM_READ_WRITE and "
				"CL_MEM_HOST_NO_ACCESS may be given for a pipe (§5.4.1)",
				(unsigned long long)flags);
	/* OpenCL 3.0 defines no pipe property ("properties must be NULL");
	 * a list that is empty (only the terminating 0) asks for nothing and
	 * is kept, so that CL_PIPE_PROPERTIES returns it as given (§5.4.2). */
	if (properties && properties[0] != 0)
		return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
				"properties names 0x%llx: no pipe property is "
				"defined, properties must be NULL (§5.4.1)",
				(unsigned long long)properties[0]);
	size_t num_props = properties ? 1 : 0;
	cl_int err;
	if (pipe_packet_size == 0)
		return KILN_ERR(errcode_ret, CL_INVALID_PIPE_SIZE,
				"pipe_packet_size is 0 (§5.4.1)");
	if (!packet_size_ok(context, pipe_packet_size))
		return KILN_ERR(errcode_ret, CL_INVALID_PIPE_SIZE,
				"pipe_packet_size %u is above CL_DEVICE_PIPE_MAX_PACKET_SIZE "
				"of every device in the context (§5.4.1)",
				pipe_packet_size);
	if (pipe_max_packets == 0)
		return KILN_ERR(errcode_ret, CL_INVALID_PIPE_SIZE,
				"pipe_max_packets is 0 (§5.4.1)");
	size_t bytes = kiln_pipe_size(pipe_packet_size, pipe_max_packets);
	if (!storage_fits(context, bytes))
		return KILN_ERR(errcode_ret, CL_MEM_OBJECT_ALLOCATION_FAILURE,
				"%u packets of %u bytes need %zu bytes of storage, more "
				"than CL_DEVICE_MAX_MEM_ALLOC_SIZE of every device in the "
				"context (§5.4.1)",
				pipe_max_packets, pipe_packet_size, bytes);
	/* §5.4.1: flags 0 means CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS;
	 * a pipe is never host-accessible and always read and written by
	 * kernels, so CL_MEM_FLAGS reports both whatever was given. */
	cl_mem pipe = kiln_pipe_create(context, flags | PIPE_FLAGS,
				       pipe_packet_size, pipe_max_packets,
				       properties, num_props, &err);
	set_err(errcode_ret, err);
	return pipe;
}

/* §5.4.2 clGetPipeInfo: the answers. */
struct pipe_facts {
	cl_uint packet_size;
	cl_uint max_packets;
	cl_mem_properties *properties;
	size_t num_properties;
};

static const struct kiln_info_field pipe_info[] = {
	KILN_INFO_FIELD(CL_PIPE_PACKET_SIZE, struct pipe_facts, packet_size),
	KILN_INFO_FIELD(CL_PIPE_MAX_PACKETS, struct pipe_facts, max_packets),
	/* As given to clCreatePipe; nothing (size 0) for NULL. */
	KILN_INFO_ARR(CL_PIPE_PROPERTIES, struct pipe_facts, properties,
		      num_properties),
};

CL_API_ENTRY cl_int CL_API_CALL clGetPipeInfo(cl_mem pipe, cl_pipe_info param_name,
					      size_t param_value_size,
					      void *param_value,
					      size_t *param_value_size_ret)
{
	if (!kiln_object_is(pipe, KILN_OBJ_MEM) || !kiln_mem_is_pipe(pipe))
		return KILN_FAIL(CL_INVALID_MEM_OBJECT,
				 "pipe is not a valid pipe object (§5.4.2)");
	const struct kiln_pipe *p = kiln_pipe_of(pipe);
	struct pipe_facts f = {
		.packet_size = p->packet_size,
		.max_packets = p->max_packets,
		.properties = pipe->properties,
		.num_properties = pipe->num_properties,
	};
	cl_int err = kiln_info_from_table(pipe_info, KILN_ARRAY_SIZE(pipe_info), &f,
					  param_name, param_value_size,
					  param_value, param_value_size_ret);
	if (err)
		return KILN_FAIL(err,
				 "param_name 0x%x is not a pipe query, or "
				 "param_value_size %zu is too small (§5.4.2)",
				 param_name, param_value_size);
	return CL_SUCCESS;
}
