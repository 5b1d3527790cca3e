/* Memory objects.  On a CPU, device memory is host memory: `host_ptr`-less
 * buffers are aligned allocations, CL_MEM_USE_HOST_PTR uses the
 * application's memory in place, and maps return pointers into the store. */
#ifndef KILN_CORE_MEM_H
#define KILN_CORE_MEM_H

#include "object.h"
#include <pthread.h>

struct kiln_mem_destructor {
	void(CL_CALLBACK *fn)(cl_mem, void *);
	void *user_data;
	struct kiln_mem_destructor *next; /* newest first: the spec's order */
};

struct kiln_mapping {
	void *ptr;
	size_t offset, size;
	cl_map_flags flags;
	struct kiln_mapping *next;
};

struct _cl_mem {
	struct kiln_object obj;
	cl_context context;
	cl_mem_object_type type;
	cl_mem_flags flags;
	size_t size;
	void *host_ptr;       /* as given by the application (USE_HOST_PTR) */
	void *data;           /* the storage the device reads and writes */
	bool owns_data;       /* data was allocated by Kiln */
	cl_mem parent;        /* sub-buffer: the buffer it is part of */
	size_t origin;        /* sub-buffer: offset in parent */
	cl_mem_properties *properties; /* 3.0 properties list, or NULL */
	size_t num_properties;

	pthread_mutex_t lock;
	struct kiln_mem_destructor *destructors;
	struct kiln_mapping *mappings;
	cl_uint map_count;
};

/* --- lib/core/mem.c: life of a memory object ------------------------------ */

/* Alignment in bytes of every memory object's storage in `ctx`: the largest
 * CL_DEVICE_MEM_BASE_ADDR_ALIGN (bits) of its devices, at least a cache
 * line. */
size_t kiln_mem_alignment(cl_context ctx);

/* Creates a memory object of `struct_size` bytes (≥ sizeof(struct _cl_mem),
 * so images and pipes can extend it) with one application reference.  Its
 * storage is `host_ptr` itself for CL_MEM_USE_HOST_PTR, otherwise an aligned
 * allocation from the device driver, filled from `host_ptr` for
 * CL_MEM_COPY_HOST_PTR.  `props` (`num_props` entries including the final 0;
 * 0 entries: NULL was given) is copied for CL_MEM_PROPERTIES.  Arguments are
 * already validated by lib/api.  Holds `ctx`.  NULL and *err set on failure
 * (CL_OUT_OF_HOST_MEMORY, CL_MEM_OBJECT_ALLOCATION_FAILURE). */
cl_mem kiln_mem_create(size_t struct_size, cl_context ctx,
		       cl_mem_object_type type, cl_mem_flags flags, size_t size,
		       void *host_ptr, const cl_mem_properties *props,
		       size_t num_props, cl_int *err);

/* A sub-buffer of `parent` (a buffer, not a sub-buffer) covering
 * [origin, origin + size): it aliases the parent's storage and holds the
 * parent.  `flags` are the final flags (inheritance already applied). */
cl_mem kiln_sub_buffer_create(cl_mem parent, cl_mem_flags flags, size_t origin,
			      size_t size, cl_int *err);

/* A memory object of `struct_size` bytes whose storage is `data`, inside
 * the storage of `parent` (a buffer, a sub-buffer or an image): an image
 * made from a buffer or from another image (§5.3.1).  It owns no storage,
 * holds `parent` (CL_MEM_ASSOCIATED_MEMOBJECT), and has `parent`'s host
 * pointer.  NULL and *err set on failure. */
cl_mem kiln_mem_create_view(size_t struct_size, cl_mem parent,
			    cl_mem_object_type type, cl_mem_flags flags,
			    size_t size, void *data,
			    const cl_mem_properties *props, size_t num_props,
			    cl_int *err);

/* Pushes a destructor callback (called newest first when the object is
 * freed, before its storage goes away).  CL_OUT_OF_HOST_MEMORY or
 * CL_SUCCESS. */
cl_int kiln_mem_add_destructor(cl_mem mem, void(CL_CALLBACK *fn)(cl_mem, void *),
			       void *user_data);

/* Map bookkeeping shared by buffer and image maps: records a mapping (and
 * counts it in map_count); removes the mapping with pointer `ptr`, returning
 * false when `ptr` was not returned by a map of `mem`. */
cl_int kiln_mem_map_add(cl_mem mem, void *ptr, size_t offset, size_t size,
			cl_map_flags flags);
bool kiln_mem_map_remove(cl_mem mem, void *ptr);

/* The buffer whose storage `mem` uses, and where `mem` starts in it. */
static inline cl_mem kiln_mem_root(cl_mem mem)
{
	return mem->parent ? mem->parent : mem;
}

static inline size_t kiln_mem_root_offset(cl_mem mem)
{
	return mem->parent ? mem->origin : 0;
}

/* Host access allowed by the CL_MEM_HOST_* flags (§5.2.1, memory flags). */
static inline bool kiln_mem_host_may_read(cl_mem mem)
{
	return !(mem->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS));
}

static inline bool kiln_mem_host_may_write(cl_mem mem)
{
	return !(mem->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS));
}

#endif
