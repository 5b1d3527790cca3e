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

#endif
