/* Shared virtual memory: clSVMAlloc and clSVMFree (OpenCL 3.0 §5.6.1),
 * and the kernel side, clSetKernelArgSVMPointer and clSetKernelExecInfo
 * (§5.9.2, §5.9.3).
 *
 * Kiln's devices are the host's CPU, so every kind of SVM is the host's
 * own memory: coarse- and fine-grained buffers are aligned host
 * allocations recorded in the context's registry (lib/core/svm.c), and
 * fine-grained system SVM is any host pointer.  Kernels receive SVM
 * pointers unchanged. */
#include "../core/context.h"
#include "../core/device.h"
#include "../core/kernel.h"
#include "../core/svm.h"
#include "../core/usm.h"
#include "errcode.h"

#include <stdlib.h>
#include <string.h>

#define SVM_ACCESS (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY)
#define SVM_FLAGS                                                             \
	(SVM_ACCESS | CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS)

/* §5.6.1, table "SVM Memory Flags": known bits only, at most one access
 * mode, and CL_MEM_SVM_ATOMICS only together with
 * CL_MEM_SVM_FINE_GRAIN_BUFFER.  Returns a reason, or NULL when valid. */
static const char *svm_flags_problem(cl_svm_mem_flags flags)
{
	if (flags & ~(cl_svm_mem_flags)SVM_FLAGS)
		return "unknown bits in flags";
	cl_svm_mem_flags access = flags & SVM_ACCESS;
	if (access & (access - 1))
		return "more than one of CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY, "
		       "CL_MEM_READ_ONLY";
	if ((flags & CL_MEM_SVM_ATOMICS) &&
	    !(flags & CL_MEM_SVM_FINE_GRAIN_BUFFER))
		return "CL_MEM_SVM_ATOMICS without CL_MEM_SVM_FINE_GRAIN_BUFFER";
	return NULL;
}

/* The smallest CL_DEVICE_MAX_MEM_ALLOC_SIZE of the context's devices:
 * §5.6.1 rejects a size above the limit of any of them. */
static cl_ulong max_alloc_size(cl_context ctx)
{
	cl_ulong m = ~(cl_ulong)0;
	for (cl_uint i = 0; i < ctx->num_devices; i++)
		if (ctx->devices[i]->props.max_mem_alloc_size < m)
			m = ctx->devices[i]->props.max_mem_alloc_size;
	return m;
}

CL_API_ENTRY void *CL_API_CALL clSVMAlloc(cl_context context,
					  cl_svm_mem_flags flags, size_t size,
					  cl_uint alignment)
{
	/* §5.6.1: clSVMAlloc returns NULL on every error (no error code). */
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT)) {
		(void)KILN_FAIL(CL_INVALID_CONTEXT,
				"context is not a valid context (§5.6.1)");
		return NULL;
	}
	const char *why = svm_flags_problem(flags);
	if (why) {
		(void)KILN_FAIL(CL_INVALID_VALUE, "flags 0x%llx: %s (§5.6.1)",
				(unsigned long long)flags, why);
		return NULL;
	}
	if (size == 0 || size > max_alloc_size(context)) {
		(void)KILN_FAIL(CL_INVALID_VALUE,
				"size %zu is 0 or above CL_DEVICE_MAX_MEM_ALLOC_SIZE "
				"(§5.6.1)", size);
		return NULL;
	}
	size_t align = alignment ? alignment : KILN_SVM_DEFAULT_ALIGN;
	if ((align & (align - 1)) || align > KILN_SVM_MAX_ALIGN) {
		(void)KILN_FAIL(CL_INVALID_VALUE,
				"alignment %u is not a power of two or above the "
				"largest supported, %zu (§5.6.1)",
				alignment, KILN_SVM_MAX_ALIGN);
		return NULL;
	}
	if (!(flags & SVM_ACCESS))
		flags |= CL_MEM_READ_WRITE; /* the default access (§5.6.1) */
	void *p = kiln_svm_alloc(context, flags, size, align);
	if (!p)
		(void)KILN_FAIL(CL_OUT_OF_HOST_MEMORY,
				"no memory for %zu bytes (§5.6.1)", size);
	return p;
}

CL_API_ENTRY void CL_API_CALL clSVMFree(cl_context context, void *svm_pointer)
{
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT)) {
		(void)KILN_FAIL(CL_INVALID_CONTEXT,
				"context is not a valid context (§5.6.1)");
		return;
	}
	/* §5.6.1: NULL is a no-op; a pointer clSVMAlloc did not return for
	 * this context is undefined behaviour, here ignored. */
	if (svm_pointer && !kiln_svm_free(context, svm_pointer))
		(void)KILN_FAIL(CL_INVALID_VALUE,
				"%p is not an SVM allocation of this context; "
				"ignored (§5.6.1)", svm_pointer);
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArgSVMPointer(cl_kernel kernel,
							 cl_uint arg_index,
							 const void *arg_value)
{
	if (!kiln_object_is(kernel, KILN_OBJ_KERNEL))
		return KILN_FAIL(CL_INVALID_KERNEL,
				 "kernel is not a valid kernel object (§5.9.2)");
	if (arg_index >= kernel->info->num_args)
		return KILN_FAIL(CL_INVALID_ARG_INDEX,
				 "arg_index %u, kernel \"%s\" has %u arguments (§5.9.2)",
				 arg_index, kernel->info->name, kernel->info->num_args);
	/* Only __global and __constant pointers take an SVM pointer.  Any
	 * address (NULL included) is valid: the devices report fine-grained
	 * system SVM, so all host memory is SVM (§5.6). */
	if (kernel->info->args[arg_index].kind != KILN_ARG_BUFFER)
		return KILN_FAIL(CL_INVALID_ARG_VALUE,
				 "argument %u of \"%s\" is not a __global or __constant "
				 "pointer (§5.9.2)", arg_index, kernel->info->name);
	return kiln_kernel_set_arg_svm(kernel, arg_index, arg_value);
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelExecInfo(
	cl_kernel kernel, cl_kernel_exec_info param_name,
	size_t param_value_size, const void *param_value)
{
	if (!kiln_object_is(kernel, KILN_OBJ_KERNEL))
		return KILN_FAIL(CL_INVALID_KERNEL,
				 "kernel is not a valid kernel object (§5.9.3)");
	switch (param_name) {
	case CL_KERNEL_EXEC_INFO_SVM_PTRS: {
		/* A size of 0 with NULL empties the list (what the Khronos
		 * conformance tests expect); otherwise a value is needed. */
		if (!param_value && param_value_size)
			return KILN_FAIL(CL_INVALID_VALUE,
					 "param_value is NULL (§5.9.3)");
		if (param_value_size % sizeof(void *))
			return KILN_FAIL(CL_INVALID_VALUE,
					 "CL_KERNEL_EXEC_INFO_SVM_PTRS: param_value_size "
					 "%zu is not a multiple of sizeof(void *) (§5.9.3)",
					 param_value_size);
		size_t n = param_value_size / sizeof(void *);
		void **copy = NULL;
		if (n) {
			copy = malloc(param_value_size);
			if (!copy)
				return CL_OUT_OF_HOST_MEMORY;
			memcpy(copy, param_value, param_value_size);
		}
		/* The list replaces the previous one.  Kernels reach every
		 * host address already; the list is kept for clCloneKernel. */
		pthread_mutex_lock(&kernel->lock);
		free(kernel->svm_ptrs);
		kernel->svm_ptrs = copy;
		kernel->num_svm_ptrs = n;
		pthread_mutex_unlock(&kernel->lock);
		return CL_SUCCESS;
	}
	case CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM:
		if (!param_value)
			return KILN_FAIL(CL_INVALID_VALUE,
					 "param_value is NULL (§5.9.3)");
		if (param_value_size != sizeof(cl_bool))
			return KILN_FAIL(CL_INVALID_VALUE,
					 "CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM: "
					 "param_value_size %zu is not sizeof(cl_bool) (§5.9.3)",
					 param_value_size);
		pthread_mutex_lock(&kernel->lock);
		kernel->svm_fine_grain_system = *(const cl_bool *)param_value != CL_FALSE;
		pthread_mutex_unlock(&kernel->lock);
		return CL_SUCCESS;
	default:
		/* The extensions' names, or CL_INVALID_VALUE. */
		return kiln_usm_set_exec_info(kernel, param_name,
					      param_value_size, param_value);
	}
}
