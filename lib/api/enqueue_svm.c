/* The SVM commands (OpenCL 3.0 §5.6.2): clEnqueueSVMFree,
 * clEnqueueSVMMemcpy, clEnqueueSVMMemFill, clEnqueueSVMMap,
 * clEnqueueSVMUnmap and clEnqueueSVMMigrateMem.
 *
 * Every kind of SVM is host memory here (lib/api/svm.c), so copies and
 * fills run on the device's workers like the buffer ones
 * (lib/core/mem_copy.c), and map, unmap and migrate move no data: they are
 * ordering points in the queue, with their own command types. */
#include "mem_args.h"

#include "../core/command.h"
#include "../core/event.h"
#include "../core/mem_copy.h"
#include "../core/queue.h"
#include "../core/svm.h"
#include "errcode.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The opening checks of every SVM command: the queue, then the wait list
 * (§5.6.2, §5.11). */
static cl_int check_queue_and_wait_list(cl_command_queue q, cl_uint num,
					const cl_event *list)
{
	cl_int err = kiln_check_queue(q);
	if (err)
		return err;
	return kiln_check_wait_list(q->context, num, list);
}

/* A command that moves no data (map, unmap, migrate). */
static cl_int enqueue_sync_point(cl_command_queue q, cl_command_type type,
				 bool blocking, cl_uint num,
				 const cl_event *list, cl_event *event)
{
	struct kiln_command *cmd = kiln_command_alloc(sizeof(*cmd), q, type);
	if (!cmd)
		return CL_OUT_OF_HOST_MEMORY;
	return kiln_enqueue_mem_command(cmd, NULL, 0, blocking, num, list,
					event);
}

/* --- clEnqueueSVMFree ------------------------------------------------------ */

typedef void(CL_CALLBACK *svm_free_fn)(cl_command_queue, cl_uint, void *[],
					void *);

struct free_command {
	struct kiln_command cmd;
	svm_free_fn fn;
	void *user_data;
	cl_uint num;
	void *ptrs[]; /* copied: the caller may reuse its array */
};

static cl_int run_free(struct kiln_command *cmd)
{
	struct free_command *c = (struct free_command *)cmd;
	/* §5.6.2: the callback frees the pointers when given; otherwise
	 * the implementation does, as clSVMFree would. */
	if (c->fn) {
		c->fn(cmd->queue, c->num, c->ptrs, c->user_data);
		return CL_SUCCESS;
	}
	for (cl_uint i = 0; i < c->num; i++)
		if (c->ptrs[i])
			kiln_svm_free(cmd->queue->context, c->ptrs[i]);
	return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMFree(
	cl_command_queue command_queue, cl_uint num_svm_pointers,
	void *svm_pointers[], svm_free_fn pfn_free_func, void *user_data,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event)
{
	cl_int err = check_queue_and_wait_list(command_queue,
					       num_events_in_wait_list,
					       event_wait_list);
	if (err)
		return err;
	if ((num_svm_pointers == 0) != (svm_pointers == NULL))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "num_svm_pointers %u with svm_pointers %s (§5.6.2)",
				 num_svm_pointers, svm_pointers ? "not NULL" : "NULL");
	struct free_command *c = (struct free_command *)kiln_command_alloc(
		sizeof(*c) + num_svm_pointers * sizeof(void *), command_queue,
		CL_COMMAND_SVM_FREE);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	c->cmd.run = run_free;
	c->fn = pfn_free_func;
	c->user_data = user_data;
	c->num = num_svm_pointers;
	if (num_svm_pointers)
		memcpy(c->ptrs, svm_pointers, num_svm_pointers * sizeof(void *));
	return kiln_enqueue_mem_command(&c->cmd, NULL, 0, false,
					num_events_in_wait_list,
					event_wait_list, event);
}

/* --- clEnqueueSVMMemcpy, clEnqueueSVMMemFill ------------------------------- */

struct svm_copy_command {
	struct kiln_command cmd;
	void *dst;
	const void *src;
	size_t size;
};

static cl_int run_svm_copy(struct kiln_command *cmd)
{
	struct svm_copy_command *c = (struct svm_copy_command *)cmd;
	kiln_mem_copy(kiln_command_device(cmd), c->dst, c->src, c->size);
	return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMemcpy(
	cl_command_queue command_queue, cl_bool blocking_copy, void *dst_ptr,
	const void *src_ptr, size_t size, cl_uint num_events_in_wait_list,
	const cl_event *event_wait_list, cl_event *event)
{
	cl_int err = check_queue_and_wait_list(command_queue,
					       num_events_in_wait_list,
					       event_wait_list);
	if (err)
		return err;
	if (!dst_ptr || !src_ptr)
		return KILN_FAIL(CL_INVALID_VALUE,
				 "dst_ptr or src_ptr is NULL (§5.6.2)");
	uintptr_t d = (uintptr_t)dst_ptr, s = (uintptr_t)src_ptr;
	if (size && d < s + size && s < d + size)
		return KILN_FAIL(CL_MEM_COPY_OVERLAP,
				 "[src_ptr, +%zu) and [dst_ptr, +%zu) overlap (§5.6.2)",
				 size, size);
	struct svm_copy_command *c = (struct svm_copy_command *)kiln_command_alloc(
		sizeof(*c), command_queue, CL_COMMAND_SVM_MEMCPY);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	c->cmd.run = run_svm_copy;
	c->cmd.bytes = size;
	c->dst = dst_ptr;
	c->src = src_ptr;
	c->size = size;
	return kiln_enqueue_mem_command(&c->cmd, NULL, 0, blocking_copy != CL_FALSE,
					num_events_in_wait_list,
					event_wait_list, event);
}

#define MAX_PATTERN 128

struct svm_fill_command {
	struct kiln_command cmd;
	void *dst;
	size_t size, pattern_size;
	unsigned char pattern[MAX_PATTERN]; /* copied: the caller may reuse it */
};

static cl_int run_svm_fill(struct kiln_command *cmd)
{
	struct svm_fill_command *c = (struct svm_fill_command *)cmd;
	kiln_mem_fill(kiln_command_device(cmd), c->dst, c->pattern,
		      c->pattern_size, c->size);
	return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMemFill(
	cl_command_queue command_queue, void *svm_ptr, const void *pattern,
	size_t pattern_size, size_t size, cl_uint num_events_in_wait_list,
	const cl_event *event_wait_list, cl_event *event)
{
	cl_int err = check_queue_and_wait_list(command_queue,
					       num_events_in_wait_list,
					       event_wait_list);
	if (err)
		return err;
	/* §5.6.2: a pattern of 1, 2, 4, ..., 128 bytes; svm_ptr and size
	 * multiples of it. */
	if (!pattern || pattern_size == 0 || pattern_size > MAX_PATTERN ||
	    (pattern_size & (pattern_size - 1)))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "pattern is NULL or pattern_size %zu is not a power "
				 "of two up to 128 (§5.6.2)", pattern_size);
	if (!svm_ptr || (uintptr_t)svm_ptr % pattern_size ||
	    size % pattern_size)
		return KILN_FAIL(CL_INVALID_VALUE,
				 "svm_ptr %p is NULL, or it or size %zu is not a "
				 "multiple of pattern_size %zu (§5.6.2)",
				 svm_ptr, size, pattern_size);
	struct svm_fill_command *c = (struct svm_fill_command *)kiln_command_alloc(
		sizeof(*c), command_queue, CL_COMMAND_SVM_MEMFILL);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	c->cmd.run = run_svm_fill;
	c->cmd.bytes = size;
	c->dst = svm_ptr;
	c->size = size;
	c->pattern_size = pattern_size;
	memcpy(c->pattern, pattern, pattern_size);
	return kiln_enqueue_mem_command(&c->cmd, NULL, 0, false,
					num_events_in_wait_list,
					event_wait_list, event);
}

/* --- clEnqueueSVMMap, clEnqueueSVMUnmap, clEnqueueSVMMigrateMem ------------ */

/* §5.6.2 (as §5.2.4): known bits only, and WRITE_INVALIDATE_REGION
 * excludes READ and WRITE. */
static bool svm_map_flags_ok(cl_map_flags f)
{
	if (f & ~(cl_map_flags)(CL_MAP_READ | CL_MAP_WRITE |
				CL_MAP_WRITE_INVALIDATE_REGION))
		return false;
	return !((f & CL_MAP_WRITE_INVALIDATE_REGION) &&
		 (f & (CL_MAP_READ | CL_MAP_WRITE)));
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMap(
	cl_command_queue command_queue, cl_bool blocking_map,
	cl_map_flags flags, void *svm_ptr, size_t size,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event)
{
	cl_int err = check_queue_and_wait_list(command_queue,
					       num_events_in_wait_list,
					       event_wait_list);
	if (err)
		return err;
	if (!svm_ptr || size == 0)
		return KILN_FAIL(CL_INVALID_VALUE,
				 "svm_ptr is NULL or size is 0 (§5.6.2)");
	if (!svm_map_flags_ok(flags))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "map_flags 0x%llx are not valid (§5.6.2)",
				 (unsigned long long)flags);
	/* The host already sees the memory the device writes: the map only
	 * orders the host's access after the commands before it. */
	return enqueue_sync_point(command_queue, CL_COMMAND_SVM_MAP,
				  blocking_map != CL_FALSE,
				  num_events_in_wait_list, event_wait_list,
				  event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMUnmap(
	cl_command_queue command_queue, void *svm_ptr,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event)
{
	cl_int err = check_queue_and_wait_list(command_queue,
					       num_events_in_wait_list,
					       event_wait_list);
	if (err)
		return err;
	if (!svm_ptr)
		return KILN_FAIL(CL_INVALID_VALUE, "svm_ptr is NULL (§5.6.2)");
	return enqueue_sync_point(command_queue, CL_COMMAND_SVM_UNMAP, false,
				  num_events_in_wait_list, event_wait_list,
				  event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMigrateMem(
	cl_command_queue command_queue, cl_uint num_svm_pointers,
	const void **svm_pointers, const size_t *sizes,
	cl_mem_migration_flags flags, cl_uint num_events_in_wait_list,
	const cl_event *event_wait_list, cl_event *event)
{
	cl_int err = check_queue_and_wait_list(command_queue,
					       num_events_in_wait_list,
					       event_wait_list);
	if (err)
		return err;
	if (num_svm_pointers == 0 || !svm_pointers)
		return KILN_FAIL(CL_INVALID_VALUE,
				 "num_svm_pointers is 0 or svm_pointers is NULL (§5.6.2)");
	if (flags & ~(cl_mem_migration_flags)(CL_MIGRATE_MEM_OBJECT_HOST |
					      CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "flags 0x%llx has unknown bits (§5.6.2)",
				 (unsigned long long)flags);
	for (cl_uint i = 0; i < num_svm_pointers; i++) {
		if (!svm_pointers[i])
			return KILN_FAIL(CL_INVALID_VALUE,
					 "svm_pointers[%u] is NULL (§5.6.2)", i);
		size_t n = sizes ? sizes[i] : 0;
		if (n == 0)
			continue; /* the whole allocation, or system memory */
		/* §5.6.2: a non-zero size names a range inside one
		 * clSVMAlloc allocation. */
		struct kiln_svm_alloc a;
		if (!kiln_svm_lookup(command_queue->context, svm_pointers[i], &a) ||
		    n > a.size - (size_t)((const char *)svm_pointers[i] - a.base))
			return KILN_FAIL(CL_INVALID_VALUE,
					 "[svm_pointers[%u], +%zu) is not inside one SVM "
					 "allocation (§5.6.2)", i, n);
	}
	/* One address space: nothing moves. */
	return enqueue_sync_point(command_queue, CL_COMMAND_SVM_MIGRATE_MEM,
				  false, num_events_in_wait_list,
				  event_wait_list, event);
}
