/* cl_intel_unified_shared_memory: host, device and shared allocations,
 * their queries, kernel arguments and exec info, and the fill, copy,
 * migrate and advise commands.  Section names below are those of the
 * extension specification (revision 1.2.0).
 *
 * Kiln's devices are the host's CPU, so every kind of allocation is host
 * memory (lib/core/usm.c) that the host and kernels both use directly:
 * a kernel reaches any allocation, named or not, so the indirect-access
 * exec infos are checked and recorded but need nothing more; migration and
 * advice move nothing and are ordering points in the queue; copies and
 * fills are split across the device's workers (lib/core/mem_copy.c). */
#include "mem_args.h"

#include "../core/command.h"
#include "../core/context.h"
#include "../core/device.h"
#include "../core/event.h"
#include "../core/info.h"
#include "../core/kernel.h"
#include "../core/mem_copy.h"
#include "../core/queue.h"
#include "../core/buffer_address.h"
#include "../core/usm.h"
#include "errcode.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* --- allocation ------------------------------------------------------------ */

/* The capability of `dev` for allocations of `type`
 * (CL_DEVICE_*_MEM_CAPABILITIES_INTEL); for shared ones, single- or
 * cross-device. */
static cl_bitfield caps_for(cl_device_id dev,
			    cl_unified_shared_memory_type_intel type)
{
	switch (type) {
	case CL_MEM_TYPE_HOST_INTEL:
		return dev->props.usm_host_capabilities;
	case CL_MEM_TYPE_DEVICE_INTEL:
		return dev->props.usm_device_capabilities;
	default:
		return dev->props.usm_single_device_shared_capabilities |
		       dev->props.usm_cross_device_shared_capabilities;
	}
}

#define ALLOC_FLAG_BITS                                                        \
	(CL_MEM_ALLOC_WRITE_COMBINED_INTEL |                                   \
	 CL_MEM_ALLOC_INITIAL_PLACEMENT_DEVICE_INTEL |                         \
	 CL_MEM_ALLOC_INITIAL_PLACEMENT_HOST_INTEL)
#define PLACEMENT_BITS                                                         \
	(CL_MEM_ALLOC_INITIAL_PLACEMENT_DEVICE_INTEL |                         \
	 CL_MEM_ALLOC_INITIAL_PLACEMENT_HOST_INTEL)

/* "Controlling Allocations": the only property is CL_MEM_ALLOC_FLAGS_INTEL,
 * given at most once, with known bits; the placement hints only for shared
 * allocations, and not both.  Stores the flags in *flags. */
static cl_int check_properties(const char *entry,
			       const cl_mem_properties_intel *props,
			       cl_unified_shared_memory_type_intel type,
			       cl_mem_alloc_flags_intel *flags)
{
	*flags = 0;
	bool seen = false;
	for (size_t i = 0; props && props[i]; i += 2) {
		if (props[i] != CL_MEM_ALLOC_FLAGS_INTEL)
			return KILN_FAIL_IN(entry, CL_INVALID_PROPERTY,
					    "property 0x%llx is not supported "
					    "(\"Controlling Allocations\")",
					    (unsigned long long)props[i]);
		if (seen)
			return KILN_FAIL_IN(entry, CL_INVALID_PROPERTY,
					    "CL_MEM_ALLOC_FLAGS_INTEL given twice");
		seen = true;
		cl_mem_alloc_flags_intel f = props[i + 1];
		if (f & ~(cl_mem_alloc_flags_intel)ALLOC_FLAG_BITS)
			return KILN_FAIL_IN(entry, CL_INVALID_PROPERTY,
					    "CL_MEM_ALLOC_FLAGS_INTEL 0x%llx has "
					    "unknown bits", (unsigned long long)f);
		if ((f & PLACEMENT_BITS) && type != CL_MEM_TYPE_SHARED_INTEL)
			return KILN_FAIL_IN(entry, CL_INVALID_PROPERTY,
					    "initial placement flags are for "
					    "shared allocations only");
		if ((f & PLACEMENT_BITS) == PLACEMENT_BITS)
			return KILN_FAIL_IN(entry, CL_INVALID_PROPERTY,
					    "both initial placement flags given");
		*flags = f;
	}
	return CL_SUCCESS;
}

/* The body of the three allocation functions.  `device` NULL: a host
 * allocation, or a shared one with no device; then the limits are those of
 * the context's devices that support the kind. */
static void *usm_alloc(const char *entry, cl_context ctx, cl_device_id device,
		       cl_unified_shared_memory_type_intel type,
		       const cl_mem_properties_intel *props, size_t size,
		       cl_uint alignment, cl_int *errcode_ret)
{
	cl_int err;
	if (!kiln_object_is(ctx, KILN_OBJ_CONTEXT)) {
		err = KILN_FAIL_IN(entry, CL_INVALID_CONTEXT,
				   "context is not a valid context");
		goto fail;
	}
	if (device && (!kiln_object_is(device, KILN_OBJ_DEVICE) ||
		       !kiln_context_has_device(ctx, device))) {
		err = KILN_FAIL_IN(entry, CL_INVALID_DEVICE,
				   "device is not a device of the context");
		goto fail;
	}
	/* The largest size any device that supports the kind allows. */
	cl_ulong max_size = 0;
	for (cl_uint i = 0; i < ctx->num_devices; i++) {
		cl_device_id d = ctx->devices[i];
		if ((device && d != device) || !caps_for(d, type))
			continue;
		if (d->props.max_mem_alloc_size > max_size)
			max_size = d->props.max_mem_alloc_size;
	}
	if (max_size == 0) {
		err = KILN_FAIL_IN(entry, CL_INVALID_OPERATION,
				   "%s supports no allocation of this kind",
				   device ? "device" : "no device of the context");
		goto fail;
	}
	if (alignment & (alignment - 1)) {
		err = KILN_FAIL_IN(entry, CL_INVALID_VALUE,
				   "alignment %u is not a power of two", alignment);
		goto fail;
	}
	if (alignment > KILN_USM_MAX_ALIGN) {
		err = KILN_FAIL_IN(entry, CL_INVALID_VALUE,
				   "alignment %u is above the largest data type, "
				   "%zu bytes", alignment, KILN_USM_MAX_ALIGN);
		goto fail;
	}
	cl_mem_alloc_flags_intel flags;
	err = check_properties(entry, props, type, &flags);
	if (err)
		goto fail;
	if (size == 0 || size > max_size) {
		err = KILN_FAIL_IN(entry, CL_INVALID_BUFFER_SIZE,
				   "size %zu is 0 or above CL_DEVICE_MAX_MEM_ALLOC_SIZE "
				   "(%llu)", size, (unsigned long long)max_size);
		goto fail;
	}
	void *p = kiln_usm_alloc(ctx, type, device, flags, size,
				 alignment ? alignment : KILN_USM_MAX_ALIGN);
	if (!p) {
		err = KILN_FAIL_IN(entry, CL_OUT_OF_HOST_MEMORY,
				   "no memory for %zu bytes", size);
		goto fail;
	}
	set_err(errcode_ret, CL_SUCCESS);
	return p;
fail:
	set_err(errcode_ret, err);
	return NULL;
}

CL_API_ENTRY void *CL_API_CALL clHostMemAllocINTEL(
	cl_context context, const cl_mem_properties_intel *properties,
	size_t size, cl_uint alignment, cl_int *errcode_ret)
{
	return usm_alloc(__func__, context, NULL, CL_MEM_TYPE_HOST_INTEL,
			 properties, size, alignment, errcode_ret);
}

CL_API_ENTRY void *CL_API_CALL clDeviceMemAllocINTEL(
	cl_context context, cl_device_id device,
	const cl_mem_properties_intel *properties, size_t size,
	cl_uint alignment, cl_int *errcode_ret)
{
	/* A device allocation always names its device. */
	if (!device && kiln_object_is(context, KILN_OBJ_CONTEXT)) {
		set_err(errcode_ret, KILN_FAIL(CL_INVALID_DEVICE,
					       "device is NULL"));
		return NULL;
	}
	return usm_alloc(__func__, context, device, CL_MEM_TYPE_DEVICE_INTEL,
			 properties, size, alignment, errcode_ret);
}

CL_API_ENTRY void *CL_API_CALL clSharedMemAllocINTEL(
	cl_context context, cl_device_id device,
	const cl_mem_properties_intel *properties, size_t size,
	cl_uint alignment, cl_int *errcode_ret)
{
	return usm_alloc(__func__, context, device, CL_MEM_TYPE_SHARED_INTEL,
			 properties, size, alignment, errcode_ret);
}

/* "Freeing Allocations": NULL is no action; anything but the base of an
 * allocation of this context is CL_INVALID_VALUE. */
static cl_int usm_free(const char *entry, cl_context ctx, void *ptr,
		       bool blocking)
{
	if (!kiln_object_is(ctx, KILN_OBJ_CONTEXT))
		return KILN_FAIL_IN(entry, CL_INVALID_CONTEXT,
				    "context is not a valid context");
	if (!ptr)
		return CL_SUCCESS;
	struct kiln_usm_alloc a;
	if (!kiln_usm_lookup(ptr, &a) || a.base != (char *)ptr || a.ctx != ctx)
		return KILN_FAIL_IN(entry, CL_INVALID_VALUE,
				    "%p is not an allocation of this context%s", ptr,
				    !kiln_usm_lookup(ptr, &a) ? ""
				    : a.ctx != ctx ? " (it is another context's)"
						   : " (it points inside one)");
	if (blocking) {
		cl_int err = kiln_usm_finish_context(ctx);
		if (err)
			return err;
	}
	/* Freed by another thread meanwhile: the application's race, but
	 * answered rather than freed twice. */
	if (!kiln_usm_free(ctx, ptr))
		return KILN_FAIL_IN(entry, CL_INVALID_VALUE,
				    "%p was freed meanwhile", ptr);
	return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clMemFreeINTEL(cl_context context, void *ptr)
{
	return usm_free(__func__, context, ptr, false);
}

CL_API_ENTRY cl_int CL_API_CALL clMemBlockingFreeINTEL(cl_context context,
							void *ptr)
{
	return usm_free(__func__, context, ptr, true);
}

/* --- queries ----------------------------------------------------------------- */

struct alloc_facts {
	cl_unified_shared_memory_type_intel type;
	void *base;
	size_t size;
	cl_device_id device;
	cl_mem_alloc_flags_intel flags;
};

static const struct kiln_info_field alloc_info[] = {
	KILN_INFO_FIELD(CL_MEM_ALLOC_TYPE_INTEL, struct alloc_facts, type),
	KILN_INFO_FIELD(CL_MEM_ALLOC_BASE_PTR_INTEL, struct alloc_facts, base),
	KILN_INFO_FIELD(CL_MEM_ALLOC_SIZE_INTEL, struct alloc_facts, size),
	KILN_INFO_FIELD(CL_MEM_ALLOC_DEVICE_INTEL, struct alloc_facts, device),
	KILN_INFO_FIELD(CL_MEM_ALLOC_FLAGS_INTEL, struct alloc_facts, flags),
};

CL_API_ENTRY cl_int CL_API_CALL clGetMemAllocInfoINTEL(
	cl_context context, const void *ptr, cl_mem_info_intel param_name,
	size_t param_value_size, void *param_value,
	size_t *param_value_size_ret)
{
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT))
		return KILN_FAIL(CL_INVALID_CONTEXT, "context is not a valid context");
	/* "Unified Shared Memory Queries": any pointer into an allocation;
	 * one that is in none of this context's is CL_MEM_TYPE_UNKNOWN_INTEL
	 * with NULL, 0 and NULL. */
	struct alloc_facts f = { .type = CL_MEM_TYPE_UNKNOWN_INTEL };
	struct kiln_usm_alloc a;
	if (kiln_usm_lookup(ptr, &a) && a.ctx == context)
		f = (struct alloc_facts){
			.type = a.type, .base = a.base, .size = a.size,
			.device = a.device, .flags = a.flags,
		};
	cl_int err = kiln_info_from_table(alloc_info, KILN_ARRAY_SIZE(alloc_info),
					  &f, param_name, param_value_size,
					  param_value, param_value_size_ret);
	if (err == CL_INVALID_VALUE)
		return KILN_FAIL(CL_INVALID_VALUE,
				 "param_name 0x%x is not a USM allocation query, or "
				 "param_value_size %zu is too small",
				 (unsigned)param_name, param_value_size);
	return err;
}

/* --- kernels ----------------------------------------------------------------- */

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArgMemPointerINTEL(
	cl_kernel kernel, cl_uint arg_index, const void *arg_value)
{
	if (!kiln_object_is(kernel, KILN_OBJ_KERNEL))
		return KILN_FAIL(CL_INVALID_KERNEL, "kernel is not a valid kernel");
	if (arg_index >= kernel->info->num_args)
		return KILN_FAIL(CL_INVALID_ARG_INDEX,
				 "arg_index %u, kernel \"%s\" has %u arguments",
				 arg_index, kernel->info->name, kernel->info->num_args);
	/* "A pointer may only be set as an argument value for an argument
	 * declared to be a pointer to global or constant memory."  Since
	 * revision 1.1.0 any pointer value is valid. */
	if (kernel->info->args[arg_index].kind != KILN_ARG_BUFFER)
		return KILN_FAIL(CL_INVALID_ARG_VALUE,
				 "argument %u of \"%s\" is not a __global or "
				 "__constant pointer", arg_index, kernel->info->name);
	return kiln_kernel_set_arg_svm(kernel, arg_index, arg_value);
}

/* Which bit of kernel->usm_indirect an INDIRECT_*_ACCESS_INTEL name sets,
 * with the allocation kind a device must support for it. */
static const struct {
	cl_kernel_exec_info name;
	unsigned bit;
	cl_unified_shared_memory_type_intel type;
} indirect_names[] = {
	{ CL_KERNEL_EXEC_INFO_INDIRECT_HOST_ACCESS_INTEL, KILN_USM_INDIRECT_HOST,
	  CL_MEM_TYPE_HOST_INTEL },
	{ CL_KERNEL_EXEC_INFO_INDIRECT_DEVICE_ACCESS_INTEL,
	  KILN_USM_INDIRECT_DEVICE, CL_MEM_TYPE_DEVICE_INTEL },
	{ CL_KERNEL_EXEC_INFO_INDIRECT_SHARED_ACCESS_INTEL,
	  KILN_USM_INDIRECT_SHARED, CL_MEM_TYPE_SHARED_INTEL },
};

static bool context_supports(cl_context ctx,
			     cl_unified_shared_memory_type_intel type)
{
	for (cl_uint i = 0; i < ctx->num_devices; i++)
		if (caps_for(ctx->devices[i], type))
			return true;
	return false;
}

/* Replaces *list (n entries of `elem` bytes) with a copy of `value`
 * (`size` bytes, a multiple of `elem`; NULL with 0 empties it), under the
 * kernel's lock. */
static cl_int replace_list(cl_kernel k, void **list, size_t *n, size_t elem,
			   size_t size, const void *value)
{
	void *copy = NULL;
	if (size) {
		copy = malloc(size);
		if (!copy)
			return CL_OUT_OF_HOST_MEMORY;
		memcpy(copy, value, size);
	}
	pthread_mutex_lock(&k->lock);
	free(*list);
	*list = copy;
	*n = size / elem;
	pthread_mutex_unlock(&k->lock);
	return CL_SUCCESS;
}

cl_int kiln_usm_set_exec_info(cl_kernel k, cl_kernel_exec_info name,
			      size_t size, const void *value)
{
	for (size_t i = 0; i < KILN_ARRAY_SIZE(indirect_names); i++) {
		if (indirect_names[i].name != name)
			continue;
		if (!context_supports(k->context, indirect_names[i].type))
			return KILN_FAIL_IN("clSetKernelExecInfo", CL_INVALID_OPERATION,
					    "no device of the context supports this "
					    "kind of USM allocation");
		if (!value || size != sizeof(cl_bool))
			return KILN_FAIL_IN("clSetKernelExecInfo", CL_INVALID_VALUE,
					    "param_value is NULL or param_value_size "
					    "%zu is not sizeof(cl_bool)", size);
		pthread_mutex_lock(&k->lock);
		if (*(const cl_bool *)value)
			k->usm_indirect |= indirect_names[i].bit;
		else
			k->usm_indirect &= ~indirect_names[i].bit;
		pthread_mutex_unlock(&k->lock);
		return CL_SUCCESS;
	}
	if (name == CL_KERNEL_EXEC_INFO_USM_PTRS_INTEL) {
		if (!context_supports(k->context, CL_MEM_TYPE_DEVICE_INTEL))
			return KILN_FAIL_IN("clSetKernelExecInfo", CL_INVALID_OPERATION,
					    "no device of the context supports USM");
		if ((!value && size) || size % sizeof(void *))
			return KILN_FAIL_IN("clSetKernelExecInfo", CL_INVALID_VALUE,
					    "CL_KERNEL_EXEC_INFO_USM_PTRS_INTEL: "
					    "param_value is NULL or param_value_size "
					    "%zu is not a multiple of sizeof(void *)", size);
		/* Any pointer value is valid (revision 1.1.0); the set
		 * replaces the previous one. */
		return replace_list(k, (void **)&k->usm_ptrs, &k->num_usm_ptrs,
				    sizeof(void *), size, value);
	}
	if (name == CL_KERNEL_EXEC_INFO_DEVICE_PTRS_EXT) {
		/* cl_ext_buffer_device_address: device addresses the kernel
		 * reaches indirectly, cl_mem_device_address_ext each. */
		if ((!value && size) || size % sizeof(cl_mem_device_address_ext))
			return KILN_FAIL_IN("clSetKernelExecInfo", CL_INVALID_VALUE,
					    "CL_KERNEL_EXEC_INFO_DEVICE_PTRS_EXT: "
					    "param_value is NULL or param_value_size "
					    "%zu is not a multiple of "
					    "sizeof(cl_mem_device_address_ext)", size);
		return replace_list(k, (void **)&k->device_ptrs,
				    &k->num_device_ptrs,
				    sizeof(cl_mem_device_address_ext), size, value);
	}
	return KILN_FAIL_IN("clSetKernelExecInfo", CL_INVALID_VALUE,
			    "param_name 0x%x is not a kernel exec info name (§5.9.3)",
			    (unsigned)name);
}

/* --- commands ---------------------------------------------------------------- */

/* A pointer the command touches may be any host memory, but not an
 * allocation of another context ("Filling and Copying Unified Shared
 * Memory": it "must be valid for the context associated with
 * command_queue"). */
static bool other_context(cl_command_queue q, const void *p)
{
	struct kiln_usm_alloc a;
	return kiln_usm_lookup(p, &a) && a.ctx != q->context;
}

static cl_int opening_checks(cl_command_queue q, cl_uint num,
			     const cl_event *list)
{
	cl_int err = kiln_check_queue(q);
	if (err)
		return err;
	return kiln_check_wait_list(q->context, num, list);
}

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

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMemcpyINTEL(
	cl_command_queue command_queue, cl_bool blocking, void *dst_ptr,
	const void *src_ptr, size_t size, cl_uint num_events_in_wait_list,
	const cl_event *event_wait_list, cl_event *event)
{
	cl_int err = opening_checks(command_queue, num_events_in_wait_list,
				    event_wait_list);
	if (err)
		return err;
	if (!dst_ptr || !src_ptr)
		return KILN_FAIL(CL_INVALID_VALUE, "dst_ptr or src_ptr is NULL");
	if (other_context(command_queue, dst_ptr) ||
	    other_context(command_queue, src_ptr))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "dst_ptr or src_ptr is a USM allocation of another "
				 "context");
	uintptr_t d = (uintptr_t)dst_ptr, s = (uintptr_t)src_ptr;
	if (size && d < s + size && s < d + size)
		return KILN_FAIL(CL_MEM_COPY_OVERLAP,
				 "[src_ptr, +%zu) and [dst_ptr, +%zu) overlap",
				 size, size);
	struct copy_command *c = (struct copy_command *)kiln_command_alloc(
		sizeof(*c), command_queue, CL_COMMAND_MEMCPY_INTEL);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	c->cmd.run = run_copy;
	c->cmd.bytes = size;
	c->dst = dst_ptr;
	c->src = src_ptr;
	c->size = size;
	return kiln_enqueue_mem_command(&c->cmd, NULL, 0, blocking != CL_FALSE,
					num_events_in_wait_list,
					event_wait_list, event);
}

struct fill_command {
	struct kiln_command cmd;
	void *dst;
	size_t size, pattern_size;
	unsigned char pattern[KILN_USM_MAX_ALIGN]; /* copied */
};

static cl_int run_fill(struct kiln_command *cmd)
{
	struct fill_command *c = (struct fill_command *)cmd;
	kiln_mem_fill(kiln_command_device(cmd), c->dst, c->pattern,
		      c->pattern_size, c->size);
	return CL_SUCCESS;
}

/* clEnqueueMemFillINTEL and the deprecated clEnqueueMemsetINTEL (a
 * one-byte pattern). */
static cl_int enqueue_fill(const char *entry, cl_command_queue q, void *dst,
			   const void *pattern, size_t pattern_size,
			   size_t size, cl_uint num, const cl_event *list,
			   cl_event *event)
{
	cl_int err = opening_checks(q, num, list);
	if (err)
		return err;
	if (!pattern)
		return KILN_FAIL_IN(entry, CL_INVALID_VALUE, "pattern is NULL");
	/* A power of two up to the largest vector type, long16 (128). */
	if (pattern_size == 0 || pattern_size > KILN_USM_MAX_ALIGN ||
	    (pattern_size & (pattern_size - 1)))
		return KILN_FAIL_IN(entry, CL_INVALID_VALUE,
				    "pattern_size %zu is not a power of two up to 128",
				    pattern_size);
	if (!dst || (uintptr_t)dst % pattern_size)
		return KILN_FAIL_IN(entry, CL_INVALID_VALUE,
				    "dst_ptr %p is NULL or not aligned to "
				    "pattern_size %zu", dst, pattern_size);
	if (size % pattern_size)
		return KILN_FAIL_IN(entry, CL_INVALID_VALUE,
				    "size %zu is not a multiple of pattern_size %zu",
				    size, pattern_size);
	if (other_context(q, dst))
		return KILN_FAIL_IN(entry, CL_INVALID_VALUE,
				    "dst_ptr is a USM allocation of another context");
	struct fill_command *c = (struct fill_command *)kiln_command_alloc(
		sizeof(*c), q, CL_COMMAND_MEMFILL_INTEL);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	c->cmd.run = run_fill;
	c->cmd.bytes = size;
	c->dst = dst;
	c->size = size;
	c->pattern_size = pattern_size;
	memcpy(c->pattern, pattern, pattern_size);
	return kiln_enqueue_mem_command(&c->cmd, NULL, 0, false, num, list,
					event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMemFillINTEL(
	cl_command_queue command_queue, void *dst_ptr, const void *pattern,
	size_t pattern_size, size_t size, cl_uint num_events_in_wait_list,
	const cl_event *event_wait_list, cl_event *event)
{
	return enqueue_fill(__func__, command_queue, dst_ptr, pattern,
			    pattern_size, size, num_events_in_wait_list,
			    event_wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMemsetINTEL(
	cl_command_queue command_queue, void *dst_ptr, cl_int value,
	size_t size, cl_uint num_events_in_wait_list,
	const cl_event *event_wait_list, cl_event *event)
{
	/* Like memset: the value converted to unsigned char. */
	unsigned char byte = (unsigned char)value;
	return enqueue_fill(__func__, command_queue, dst_ptr, &byte, 1, size,
			    num_events_in_wait_list, event_wait_list, event);
}

/* Migration and advice are hints; in one address space nothing moves, so
 * the command only orders the queue. */
static cl_int enqueue_hint(const char *entry, cl_command_queue q,
			   cl_command_type type, const void *ptr, cl_uint num,
			   const cl_event *list, cl_event *event)
{
	if (!ptr)
		return KILN_FAIL_IN(entry, CL_INVALID_VALUE, "ptr is NULL");
	if (other_context(q, ptr))
		return KILN_FAIL_IN(entry, CL_INVALID_VALUE,
				    "ptr is a USM allocation of another context");
	struct kiln_command *cmd = kiln_command_alloc(sizeof(*cmd), q, type);
	if (!cmd)
		return CL_OUT_OF_HOST_MEMORY;
	return kiln_enqueue_mem_command(cmd, NULL, 0, false, num, list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMigrateMemINTEL(
	cl_command_queue command_queue, const void *ptr, size_t size,
	cl_mem_migration_flags flags, cl_uint num_events_in_wait_list,
	const cl_event *event_wait_list, cl_event *event)
{
	(void)size; /* any range: a hint over memory already everywhere */
	cl_int err = opening_checks(command_queue, num_events_in_wait_list,
				    event_wait_list);
	if (err)
		return err;
	/* Revision 1.2.0: 0 is valid (migrate to the queue's device). */
	if (flags & ~(cl_mem_migration_flags)(CL_MIGRATE_MEM_OBJECT_HOST |
					      CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED))
		return KILN_FAIL(CL_INVALID_VALUE, "flags 0x%llx has unknown bits",
				 (unsigned long long)flags);
	return enqueue_hint(__func__, command_queue, CL_COMMAND_MIGRATEMEM_INTEL,
			    ptr, num_events_in_wait_list, event_wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMemAdviseINTEL(
	cl_command_queue command_queue, const void *ptr, size_t size,
	cl_mem_advice_intel advice, cl_uint num_events_in_wait_list,
	const cl_event *event_wait_list, cl_event *event)
{
	/* The extension defines no advice values; "if a memory advice hint
	 * is not supported by the device it will be ignored". */
	(void)size;
	(void)advice;
	cl_int err = opening_checks(command_queue, num_events_in_wait_list,
				    event_wait_list);
	if (err)
		return err;
	return enqueue_hint(__func__, command_queue, CL_COMMAND_MEMADVISE_INTEL,
			    ptr, num_events_in_wait_list, event_wait_list, event);
}
