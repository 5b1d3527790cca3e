/* Buffer objects and the memory-object calls every memory object shares
 * (OpenCL 3.0 §5.2.1 creating buffers and sub-buffers, §5.5 retaining,
 * releasing, destructor callbacks and queries). */
#include "mem_args.h"

#include "../core/buffer_address.h"
#include "../core/context.h"
#include "../core/device.h"
#include "../core/info.h"
#include "../core/queue.h"
#include "../core/svm.h"
#include "errcode.h"

#define ACCESS_FLAGS (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY)
#define HOST_PTR_FLAGS                                                         \
	(CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)
#define HOST_ACCESS_FLAGS                                                      \
	(CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)
/* CL_MEM_KERNEL_READ_AND_WRITE is in the 3.0 table of memory flags (it only
 * matters for images), so a buffer accepts it. */
#define KNOWN_FLAGS                                                            \
	(ACCESS_FLAGS | HOST_PTR_FLAGS | HOST_ACCESS_FLAGS |                   \
	 CL_MEM_KERNEL_READ_AND_WRITE)

static bool at_most_one(cl_mem_flags bits)
{
	return (bits & (bits - 1)) == 0;
}

cl_int kiln_check_mem_flags(cl_mem_flags flags)
{
	if (flags & ~(cl_mem_flags)KNOWN_FLAGS)
		return KILN_FAIL(CL_INVALID_VALUE,
				 "flags 0x%llx has bits that are not memory flags (§5.2.1)",
				 (unsigned long long)flags);
	if (!at_most_one(flags & ACCESS_FLAGS))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "flags combine CL_MEM_READ_WRITE, _WRITE_ONLY and "
				 "_READ_ONLY, which exclude each other (§5.2.1)");
	if (!at_most_one(flags & HOST_ACCESS_FLAGS))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "flags combine CL_MEM_HOST_WRITE_ONLY, _READ_ONLY and "
				 "_NO_ACCESS, which exclude each other (§5.2.1)");
	if ((flags & CL_MEM_USE_HOST_PTR) &&
	    (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "CL_MEM_USE_HOST_PTR with CL_MEM_ALLOC_HOST_PTR or "
				 "CL_MEM_COPY_HOST_PTR (§5.2.1)");
	return CL_SUCCESS;
}

cl_int kiln_check_queue(cl_command_queue q)
{
	return kiln_object_is(q, KILN_OBJ_QUEUE)
		       ? CL_SUCCESS
		       : KILN_FAIL(CL_INVALID_COMMAND_QUEUE,
				   "command_queue is not a valid command-queue (§5.1)");
}

static size_t device_align_bytes(cl_device_id dev)
{
	size_t a = dev->props.mem_base_addr_align / 8;
	return a ? a : 1;
}

cl_int kiln_check_queue_buffer(cl_command_queue q, cl_mem buf)
{
	if (!kiln_object_is(q, KILN_OBJ_QUEUE))
		return KILN_FAIL(CL_INVALID_COMMAND_QUEUE,
				 "command_queue is not a valid command-queue (§5.2.2)");
	if (!kiln_object_is(buf, KILN_OBJ_MEM) ||
	    buf->type != CL_MEM_OBJECT_BUFFER)
		return KILN_FAIL(CL_INVALID_MEM_OBJECT,
				 "buffer is not a valid buffer object (§5.2.2)");
	if (buf->context != q->context)
		return KILN_FAIL(CL_INVALID_CONTEXT,
				 "buffer and command_queue belong to different "
				 "contexts (§5.2.2)");
	/* §5.2.2: a sub-buffer whose origin the queue's device cannot use. */
	if (buf->parent && buf->origin % device_align_bytes(q->device))
		return KILN_FAIL(CL_MISALIGNED_SUB_BUFFER_OFFSET,
				 "sub-buffer origin %zu is not a multiple of the "
				 "device's CL_DEVICE_MEM_BASE_ADDR_ALIGN (%zu bytes) (§5.2.2)",
				 buf->origin, device_align_bytes(q->device));
	return CL_SUCCESS;
}

/* §5.2.1, §5.3.1: OpenCL 3.0 defines no buffer or image property, so only
 * NULL or an empty, 0-terminated list is valid.  *count receives the
 * entries to keep for CL_MEM_PROPERTIES (the terminating 0 included; 0 for
 * NULL). */
cl_int kiln_mem_check_properties(const cl_mem_properties *props, size_t *count)
{
	*count = 0;
	if (!props)
		return CL_SUCCESS;
	if (props[0] != 0)
		return KILN_FAIL(CL_INVALID_PROPERTY,
				 "properties names 0x%llx: OpenCL 3.0 defines no memory "
				 "object property (§5.2.1)", (unsigned long long)props[0]);
	*count = 1;
	return CL_SUCCESS;
}

/* §5.2.1 clCreateBuffer: CL_INVALID_BUFFER_SIZE when `size` is 0 or larger
 * than CL_DEVICE_MAX_MEM_ALLOC_SIZE of every device in the context. */
static bool size_ok(cl_context ctx, size_t size)
{
	if (size == 0)
		return false;
	for (cl_uint i = 0; i < ctx->num_devices; i++)
		if (size <= ctx->devices[i]->props.max_mem_alloc_size)
			return true;
	return false;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateBufferWithProperties(
	cl_context context, const cl_mem_properties *properties,
	cl_mem_flags flags, size_t size, void *host_ptr, cl_int *errcode_ret)
{
	cl_int err;
	size_t num_props;
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT)) {
		err = KILN_FAIL(CL_INVALID_CONTEXT,
				"context is not a valid context (§5.2.1)");
		goto out_err;
	}
	err = kiln_buffer_check_properties(properties, &num_props);
	if (err)
		goto out_err;
	err = kiln_check_mem_flags(flags);
	if (err)
		goto out_err;
	if (!size_ok(context, size)) {
		err = size == 0 ? KILN_FAIL(CL_INVALID_BUFFER_SIZE, "size is 0 (§5.2.1)")
				: KILN_FAIL(CL_INVALID_BUFFER_SIZE,
					    "size %zu is above CL_DEVICE_MAX_MEM_ALLOC_SIZE "
					    "of every device in the context (§5.2.1)", size);
		goto out_err;
	}
	/* §5.2.1: host_ptr is given exactly when USE_ or COPY_HOST_PTR is. */
	bool wants_ptr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
	if (wants_ptr != (host_ptr != NULL)) {
		err = wants_ptr ? KILN_FAIL(CL_INVALID_HOST_PTR,
					    "host_ptr is NULL with CL_MEM_USE_HOST_PTR "
					    "or CL_MEM_COPY_HOST_PTR (§5.2.1)")
				: KILN_FAIL(CL_INVALID_HOST_PTR,
					    "host_ptr is not NULL, and neither "
					    "CL_MEM_USE_HOST_PTR nor CL_MEM_COPY_HOST_PTR "
					    "is given (§5.2.1)");
		goto out_err;
	}
	/* §5.2.1: a CL_MEM_USE_HOST_PTR buffer on SVM memory may not reach
	 * past the end of its clSVMAlloc allocation. */
	struct kiln_svm_alloc svm;
	if ((flags & CL_MEM_USE_HOST_PTR) &&
	    kiln_svm_lookup(context, host_ptr, &svm) &&
	    size > svm.size - (size_t)((char *)host_ptr - svm.base)) {
		err = KILN_FAIL(CL_INVALID_BUFFER_SIZE,
				"size %zu reaches past the end of the SVM allocation "
				"host_ptr points into (%zu bytes at %p) (§5.2.1)",
				size, svm.size, (void *)svm.base);
		goto out_err;
	}
	cl_mem mem = kiln_mem_create(sizeof(struct _cl_mem), context,
				     CL_MEM_OBJECT_BUFFER, flags, size,
				     host_ptr, properties, num_props, &err);
	set_err(errcode_ret, err);
	return mem;

out_err:
	set_err(errcode_ret, err);
	return NULL;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateBuffer(cl_context context,
					       cl_mem_flags flags, size_t size,
					       void *host_ptr,
					       cl_int *errcode_ret)
{
	return clCreateBufferWithProperties(context, NULL, flags, size,
					    host_ptr, errcode_ret);
}

/* §5.2.1 clCreateSubBuffer (and §5.3.1 images made from a buffer or an
 * image): flags the new object may not ask for given its parent's (a
 * write-only parent cannot give a readable sub-buffer, ...). */
bool kiln_mem_flags_conflict(cl_mem_flags parent, cl_mem_flags flags)
{
	if ((parent & CL_MEM_WRITE_ONLY) &&
	    (flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY)))
		return true;
	if ((parent & CL_MEM_READ_ONLY) &&
	    (flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY)))
		return true;
	if ((parent & CL_MEM_HOST_WRITE_ONLY) && (flags & CL_MEM_HOST_READ_ONLY))
		return true;
	if ((parent & CL_MEM_HOST_READ_ONLY) && (flags & CL_MEM_HOST_WRITE_ONLY))
		return true;
	if ((parent & CL_MEM_HOST_NO_ACCESS) &&
	    (flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY)))
		return true;
	return false;
}

/* Flags not given are inherited; the host-pointer flags always are. */
cl_mem_flags kiln_mem_flags_inherit(cl_mem_flags parent, cl_mem_flags flags)
{
	cl_mem_flags out = flags | (parent & HOST_PTR_FLAGS);
	if (!(flags & ACCESS_FLAGS))
		out |= parent & ACCESS_FLAGS;
	if (!(flags & HOST_ACCESS_FLAGS))
		out |= parent & HOST_ACCESS_FLAGS;
	return out;
}

/* CL_MISALIGNED_SUB_BUFFER_OFFSET unless some device of the context can use
 * `origin` as a base address. */
static bool origin_aligned(cl_context ctx, size_t origin)
{
	for (cl_uint i = 0; i < ctx->num_devices; i++)
		if (origin % device_align_bytes(ctx->devices[i]) == 0)
			return true;
	return false;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateSubBuffer(
	cl_mem buffer, cl_mem_flags flags, cl_buffer_create_type create_type,
	const void *create_info, cl_int *errcode_ret)
{
	cl_int err;
	if (!kiln_object_is(buffer, KILN_OBJ_MEM) ||
	    buffer->type != CL_MEM_OBJECT_BUFFER || buffer->parent) {
		err = KILN_FAIL(CL_INVALID_MEM_OBJECT,
				"buffer is not a buffer object, or is itself a "
				"sub-buffer (§5.2.1)");
		goto out_err;
	}
	err = kiln_check_mem_flags(flags);
	if (err)
		goto out_err;
	if (flags & HOST_PTR_FLAGS) {
		err = KILN_FAIL(CL_INVALID_VALUE,
				"a sub-buffer takes no CL_MEM_*_HOST_PTR flag (§5.2.1)");
		goto out_err;
	}
	if (kiln_mem_flags_conflict(buffer->flags, flags)) {
		err = KILN_FAIL(CL_INVALID_VALUE,
				"flags ask for access the parent buffer's flags "
				"forbid (§5.2.1)");
		goto out_err;
	}
	if (create_type != CL_BUFFER_CREATE_TYPE_REGION || !create_info) {
		err = KILN_FAIL(CL_INVALID_VALUE,
				"buffer_create_type is not CL_BUFFER_CREATE_TYPE_REGION "
				"or buffer_create_info is NULL (§5.2.1)");
		goto out_err;
	}
	const cl_buffer_region *region = create_info;
	if (region->size == 0) {
		err = KILN_FAIL(CL_INVALID_BUFFER_SIZE, "region size is 0 (§5.2.1)");
		goto out_err;
	}
	if (!kiln_range_ok(region->origin, region->size, buffer->size)) {
		err = KILN_FAIL(CL_INVALID_VALUE,
				"region [%zu, +%zu) lies outside the %zu-byte buffer (§5.2.1)",
				region->origin, region->size, buffer->size);
		goto out_err;
	}
	if (!origin_aligned(buffer->context, region->origin)) {
		err = KILN_FAIL(CL_MISALIGNED_SUB_BUFFER_OFFSET,
				"region origin %zu is not aligned to "
				"CL_DEVICE_MEM_BASE_ADDR_ALIGN of any device (§5.2.1)",
				region->origin);
		goto out_err;
	}
	cl_mem sub = kiln_sub_buffer_create(
		buffer, kiln_mem_flags_inherit(buffer->flags, flags),
		region->origin, region->size, &err);
	set_err(errcode_ret, err);
	return sub;

out_err:
	set_err(errcode_ret, err);
	return NULL;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainMemObject(cl_mem memobj)
{
	return kiln_object_retain_checked(memobj, KILN_OBJ_MEM,
					  CL_INVALID_MEM_OBJECT);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseMemObject(cl_mem memobj)
{
	return kiln_object_release_checked(memobj, KILN_OBJ_MEM,
					   CL_INVALID_MEM_OBJECT);
}

CL_API_ENTRY cl_int CL_API_CALL clSetMemObjectDestructorCallback(
	cl_mem memobj, void(CL_CALLBACK *pfn_notify)(cl_mem, void *),
	void *user_data)
{
	if (!kiln_object_is(memobj, KILN_OBJ_MEM))
		return KILN_FAIL(CL_INVALID_MEM_OBJECT,
				 "memobj is not a valid memory object (§5.5.2)");
	if (!pfn_notify)
		return KILN_FAIL(CL_INVALID_VALUE, "pfn_notify is NULL (§5.5.2)");
	return kiln_mem_add_destructor(memobj, pfn_notify, user_data);
}

/* §5.5.5 clGetMemObjectInfo: the answers, gathered once per call. */
struct mem_facts {
	cl_mem_object_type type;
	cl_mem_flags flags;
	size_t size;
	void *host_ptr;
	cl_uint map_count;
	cl_uint ref_count;
	cl_context context;
	cl_mem associated;
	size_t offset;
	cl_bool uses_svm_pointer;
	cl_mem_properties *properties;
	size_t num_properties;
};

static const struct kiln_info_field mem_info[] = {
	KILN_INFO_FIELD(CL_MEM_TYPE, struct mem_facts, type),
	KILN_INFO_FIELD(CL_MEM_FLAGS, struct mem_facts, flags),
	KILN_INFO_FIELD(CL_MEM_SIZE, struct mem_facts, size),
	KILN_INFO_FIELD(CL_MEM_HOST_PTR, struct mem_facts, host_ptr),
	KILN_INFO_FIELD(CL_MEM_MAP_COUNT, struct mem_facts, map_count),
	KILN_INFO_FIELD(CL_MEM_REFERENCE_COUNT, struct mem_facts, ref_count),
	KILN_INFO_FIELD(CL_MEM_CONTEXT, struct mem_facts, context),
	KILN_INFO_FIELD(CL_MEM_ASSOCIATED_MEMOBJECT, struct mem_facts, associated),
	KILN_INFO_FIELD(CL_MEM_OFFSET, struct mem_facts, offset),
	KILN_INFO_FIELD(CL_MEM_USES_SVM_POINTER, struct mem_facts, uses_svm_pointer),
	KILN_INFO_ARR(CL_MEM_PROPERTIES, struct mem_facts, properties,
		      num_properties),
};

/* §5.5.5 CL_MEM_USES_SVM_POINTER: a buffer (or a sub-buffer of one) made
 * with CL_MEM_USE_HOST_PTR whose host_ptr lies in a clSVMAlloc
 * allocation of its context; such a buffer's storage is that SVM memory. */
static cl_bool uses_svm_pointer(cl_mem m)
{
	struct kiln_svm_alloc a;
	return m->type == CL_MEM_OBJECT_BUFFER &&
	       (m->flags & CL_MEM_USE_HOST_PTR) && m->host_ptr &&
	       kiln_svm_lookup(m->context, m->host_ptr, &a);
}

CL_API_ENTRY cl_int CL_API_CALL clGetMemObjectInfo(cl_mem memobj,
						   cl_mem_info param_name,
						   size_t param_value_size,
						   void *param_value,
						   size_t *param_value_size_ret)
{
	if (!kiln_object_is(memobj, KILN_OBJ_MEM))
		return KILN_FAIL(CL_INVALID_MEM_OBJECT,
				 "memobj is not a valid memory object (§5.5.5)");
	if (param_name == CL_MEM_DEVICE_ADDRESS_EXT) /* cl_ext_buffer_device_address */
		return kiln_mem_device_address_info(memobj, param_value_size,
						    param_value,
						    param_value_size_ret);
	pthread_mutex_lock(&memobj->lock);
	cl_uint map_count = memobj->map_count;
	pthread_mutex_unlock(&memobj->lock);
	struct mem_facts f = {
		.type = memobj->type,
		.flags = memobj->flags,
		.size = memobj->size,
		/* §5.5.5: host_ptr only for CL_MEM_USE_HOST_PTR (host_ptr +
		 * origin for a sub-buffer), NULL otherwise. */
		.host_ptr = (memobj->flags & CL_MEM_USE_HOST_PTR)
				    ? memobj->host_ptr : NULL,
		.map_count = map_count,
		.ref_count = (cl_uint)kiln_object_refcount(&memobj->obj),
		.context = memobj->context,
		.associated = memobj->parent,
		/* CL_MEM_OFFSET is a sub-buffer's alone (an image made from
		 * a buffer has a parent too, at offset 0). */
		.offset = memobj->parent ? memobj->origin : 0,
		.uses_svm_pointer = uses_svm_pointer(memobj),
		.properties = memobj->properties,
		.num_properties = memobj->num_properties,
	};
	return kiln_info_from_table(mem_info, KILN_ARRAY_SIZE(mem_info), &f,
				    param_name, param_value_size, param_value,
				    param_value_size_ret);
}
