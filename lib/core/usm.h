/* Unified shared memory (cl_intel_unified_shared_memory): the process-wide
 * registry of host, device and shared allocations, and the queues a
 * blocking free waits for.
 *
 * On a CPU the host and the device are one address space, so all three
 * kinds are aligned host memory that kernels and the host both reach; the
 * kind, the device and the allocation flags are remembered only to answer
 * clGetMemAllocInfoINTEL.  The registry is process-wide (one sorted array
 * under one lock, a binary search per lookup, as the SVM registry of
 * lib/core/svm.c) rather than per context, because the extension's rules
 * are about pointers of *another* context: a lookup finds the allocation
 * and its context in one step. */
#ifndef KILN_CORE_USM_H
#define KILN_CORE_USM_H

#include "cl_target.h"

#include <stdbool.h>
#include <stddef.h>

struct kiln_usm_alloc {
	char *base;
	size_t size;
	cl_context ctx;
	cl_unified_shared_memory_type_intel type; /* CL_MEM_TYPE_*_INTEL */
	cl_device_id device;                      /* NULL: none */
	cl_mem_alloc_flags_intel flags;
};

/* The largest alignment and fill pattern: the largest OpenCL C data type,
 * long16/double16 (cl_intel_unified_shared_memory, "Host Allocations":
 * alignment "must be equal to or smaller than the size of the largest data
 * type supported"), also the default alignment. */
#define KILN_USM_MAX_ALIGN ((size_t)128)

/* Allocates `size` bytes aligned to `align` (a power of two) and registers
 * them for `ctx`.  NULL when out of memory. */
void *kiln_usm_alloc(cl_context ctx, cl_unified_shared_memory_type_intel type,
		     cl_device_id device, cl_mem_alloc_flags_intel flags,
		     size_t size, size_t align);

/* The allocation of any context that contains `ptr` (any address in
 * [base, base + size)): copies it to *out and returns true, else false. */
bool kiln_usm_lookup(const void *ptr, struct kiln_usm_alloc *out);

/* Unregisters and frees the allocation of `ctx` whose base is `ptr`.
 * False (nothing freed) when `ptr` is not the base of one of ctx's. */
bool kiln_usm_free(cl_context ctx, void *ptr);

/* Frees every allocation of `ctx` still registered: the context is being
 * deleted. */
void kiln_usm_context_destroy(cl_context ctx);

/* Host queues, so that clMemBlockingFreeINTEL can wait for the commands of
 * a context.  Track when a queue is created (CL_OUT_OF_HOST_MEMORY when
 * the list cannot grow), untrack when it is freed (a queue never tracked
 * is ignored). */
cl_int kiln_usm_track_queue(cl_command_queue q);
void kiln_usm_untrack_queue(cl_command_queue q);

/* Waits for every command enqueued so far on every host queue of `ctx`
 * (clMemBlockingFreeINTEL: "wait for previously enqueued commands that may
 * be using ptr"; a kernel with indirect access may use any allocation, so
 * every command counts). */
cl_int kiln_usm_finish_context(cl_context ctx);

/* clSetKernelExecInfo for the names of cl_intel_unified_shared_memory and
 * cl_ext_buffer_device_address (lib/api/usm.c); CL_INVALID_VALUE for any
 * other name.  lib/api/svm.c hands over every name it does not know. */
cl_int kiln_usm_set_exec_info(cl_kernel k, cl_kernel_exec_info name,
			      size_t size, const void *value);

#endif
