/* The life of a memory object: creation with its storage, sub-buffers that
 * alias a parent, destructor callbacks, map bookkeeping and freeing
 * (OpenCL 3.0 §5.2, §5.5).  Arguments were validated by lib/api. */
#include "mem.h"

#include "context.h"
#include "debug.h"
#include "device.h"
#include "host_memory.h"
#include "mem_copy.h"

#include <stdlib.h>
#include <string.h>

/* Never below a cache line or the widest vector type (long16, 128 bytes),
 * so kernels may use aligned vector loads on any buffer. */
#define KILN_MEM_MIN_ALIGN 128

size_t kiln_mem_alignment(cl_context ctx)
{
	size_t align = KILN_MEM_MIN_ALIGN;
	for (cl_uint i = 0; i < ctx->num_devices; i++) {
		size_t a = ctx->devices[i]->props.mem_base_addr_align / 8;
		if (a > align)
			align = a;
	}
	return align;
}

/* Storage comes from the driver of the context's first device: on a CPU
 * every device shares host memory, so any device's allocator serves all. */
static void *storage_alloc(cl_context ctx, size_t size, size_t align)
{
	cl_device_id dev = ctx->devices[0];
	if (dev->driver && dev->driver->mem_alloc)
		return dev->driver->mem_alloc(dev, size, align);
	return kiln_host_alloc(size, align);
}

static void storage_free(cl_context ctx, void *ptr)
{
	cl_device_id dev = ctx->devices[0];
	if (dev->driver && dev->driver->mem_free)
		dev->driver->mem_free(dev, ptr);
	else
		free(ptr);
}

/* Called when the last application reference and the last hold (queued
 * commands, sub-buffers) are gone.  §5.5.1: the destructor callbacks run in
 * reverse order of registration, then the resources are freed; no Kiln lock
 * is held here, so a callback may call back into OpenCL. */
static void mem_free(struct kiln_object *obj)
{
	cl_mem mem = (cl_mem)obj;
	struct kiln_mem_destructor *d = mem->destructors;
	while (d) {
		struct kiln_mem_destructor *next = d->next;
		d->fn(mem, d->user_data);
		free(d);
		d = next;
	}
	struct kiln_mapping *m = mem->mappings;
	while (m) {
		struct kiln_mapping *next = m->next;
		free(m);
		m = next;
	}
	if (mem->owns_data)
		storage_free(mem->context, mem->data);
	if (mem->parent)
		kiln_object_unhold(&mem->parent->obj);
	kiln_object_unhold(&mem->context->obj);
	free(mem->properties);
	pthread_mutex_destroy(&mem->lock);
	free(mem);
}

static cl_mem mem_alloc_struct(size_t struct_size, cl_context ctx,
			       cl_mem_object_type type, cl_mem_flags flags,
			       size_t size, const cl_mem_properties *props,
			       size_t num_props)
{
	if (struct_size < sizeof(struct _cl_mem))
		struct_size = sizeof(struct _cl_mem);
	cl_mem mem = calloc(1, struct_size);
	if (!mem)
		return NULL;
	if (num_props) {
		mem->properties = malloc(num_props * sizeof(*props));
		if (!mem->properties) {
			free(mem);
			return NULL;
		}
		memcpy(mem->properties, props, num_props * sizeof(*props));
		mem->num_properties = num_props;
	}
	mem->context = ctx;
	mem->type = type;
	mem->flags = flags;
	mem->size = size;
	pthread_mutex_init(&mem->lock, NULL);
	return mem;
}

/* Publishes a fully built object: from here on mem_free undoes it all. */
static void mem_publish(cl_mem mem)
{
	kiln_object_hold(&mem->context->obj);
	if (mem->parent)
		kiln_object_hold(&mem->parent->obj);
	kiln_object_init(&mem->obj, KILN_OBJ_MEM, mem_free);
}

static const char *mem_type_name(cl_mem_object_type type)
{
	switch (type) {
	case CL_MEM_OBJECT_BUFFER:
		return "buffer";
	case CL_MEM_OBJECT_PIPE:
		return "pipe";
	default:
		return "image";
	}
}

cl_mem kiln_mem_create(size_t struct_size, cl_context ctx,
		       cl_mem_object_type type, cl_mem_flags flags, size_t size,
		       void *host_ptr, const cl_mem_properties *props,
		       size_t num_props, cl_int *err)
{
	/* Validated by lib/api (§5.2.1, §5.3.1): a live context, a size, and
	 * a host pointer exactly when the flags ask for one. */
	KILN_ASSERT(kiln_object_is(ctx, KILN_OBJ_CONTEXT) && size > 0);
	KILN_ASSERT(!(flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) ||
		    host_ptr);
	cl_mem mem = mem_alloc_struct(struct_size, ctx, type, flags, size,
				      props, num_props);
	if (!mem) {
		*err = CL_OUT_OF_HOST_MEMORY;
		return NULL;
	}
	if (flags & CL_MEM_USE_HOST_PTR) {
		/* §5.2.1: the application's memory is the storage itself. */
		mem->host_ptr = host_ptr;
		mem->data = host_ptr;
	} else {
		mem->data = storage_alloc(ctx, size, kiln_mem_alignment(ctx));
		if (size >= KILN_DEBUG_MEM_MIN || !mem->data)
			KILN_LOG(KILN_DEBUG_MEM, "%s of %zu bytes (%.1f MiB): %p",
				 mem_type_name(type), size, size / 1048576.0,
				 mem->data);
		if (!mem->data) {
			kiln_context_report(ctx,
					    "could not allocate %zu bytes for a new %s "
					    "(CL_MEM_OBJECT_ALLOCATION_FAILURE): the "
					    "system refused the memory",
					    size, mem_type_name(type));
			*err = CL_MEM_OBJECT_ALLOCATION_FAILURE;
			goto out_free;
		}
		mem->owns_data = true;
		/* On the pool when large: the first touch of the pages
		 * (host_memory.h) is by the workers that will use them. */
		if (flags & CL_MEM_COPY_HOST_PTR)
			kiln_mem_copy(ctx->devices[0], mem->data, host_ptr, size);
	}
	mem_publish(mem);
	*err = CL_SUCCESS;
	return mem;

out_free:
	free(mem->properties);
	pthread_mutex_destroy(&mem->lock);
	free(mem);
	return NULL;
}

cl_mem kiln_sub_buffer_create(cl_mem parent, cl_mem_flags flags, size_t origin,
			      size_t size, cl_int *err)
{
	cl_mem mem = mem_alloc_struct(sizeof(struct _cl_mem), parent->context,
				      CL_MEM_OBJECT_BUFFER, flags, size, NULL,
				      0);
	if (!mem) {
		*err = CL_OUT_OF_HOST_MEMORY;
		return NULL;
	}
	/* §5.2.1: the sub-buffer is a window on the parent's data store;
	 * with CL_MEM_USE_HOST_PTR its host pointer is host_ptr + origin. */
	mem->parent = parent;
	mem->origin = origin;
	mem->data = (char *)parent->data + origin;
	if (parent->host_ptr)
		mem->host_ptr = (char *)parent->host_ptr + origin;
	mem_publish(mem);
	*err = CL_SUCCESS;
	return mem;
}

cl_mem kiln_mem_create_view(size_t struct_size, cl_mem parent,
			    cl_mem_object_type type, cl_mem_flags flags,
			    size_t size, void *data,
			    const cl_mem_properties *props, size_t num_props,
			    cl_int *err)
{
	cl_mem mem = mem_alloc_struct(struct_size, parent->context, type, flags,
				      size, props, num_props);
	if (!mem) {
		*err = CL_OUT_OF_HOST_MEMORY;
		return NULL;
	}
	/* The view shares the parent's storage; origin stays 0, since
	 * CL_MEM_OFFSET is a sub-buffer's alone. */
	mem->parent = parent;
	mem->data = data;
	mem->host_ptr = parent->host_ptr;
	mem_publish(mem);
	*err = CL_SUCCESS;
	return mem;
}

cl_int kiln_mem_add_destructor(cl_mem mem, void(CL_CALLBACK *fn)(cl_mem, void *),
			       void *user_data)
{
	struct kiln_mem_destructor *d = malloc(sizeof(*d));
	if (!d)
		return CL_OUT_OF_HOST_MEMORY;
	d->fn = fn;
	d->user_data = user_data;
	pthread_mutex_lock(&mem->lock);
	d->next = mem->destructors;
	mem->destructors = d;
	pthread_mutex_unlock(&mem->lock);
	return CL_SUCCESS;
}

cl_int kiln_mem_map_add(cl_mem mem, void *ptr, size_t offset, size_t size,
			cl_map_flags flags)
{
	struct kiln_mapping *m = malloc(sizeof(*m));
	if (!m)
		return CL_OUT_OF_HOST_MEMORY;
	m->ptr = ptr;
	m->offset = offset;
	m->size = size;
	m->flags = flags;
	pthread_mutex_lock(&mem->lock);
	m->next = mem->mappings;
	mem->mappings = m;
	mem->map_count++;
	pthread_mutex_unlock(&mem->lock);
	return CL_SUCCESS;
}

bool kiln_mem_map_remove(cl_mem mem, void *ptr)
{
	struct kiln_mapping *found = NULL;
	pthread_mutex_lock(&mem->lock);
	for (struct kiln_mapping **pp = &mem->mappings; *pp; pp = &(*pp)->next) {
		if ((*pp)->ptr == ptr) {
			found = *pp;
			*pp = found->next;
			mem->map_count--;
			break;
		}
	}
	pthread_mutex_unlock(&mem->lock);
	free(found);
	return found != NULL;
}
