/* Shared virtual memory allocations (OpenCL 3.0 §5.6): the registry each
 * context keeps of its clSVMAlloc blocks.
 *
 * On a CPU the kernels and the host share one address space, so an SVM
 * allocation is plain aligned host memory; the registry exists to answer
 * "which allocation contains this pointer" (clSetKernelArgSVMPointer,
 * clEnqueueSVMMigrateMem, CL_MEM_USES_SVM_POINTER) and to know which
 * pointers clSVMFree may release.  The entries are kept sorted by base
 * address under the context's lock, so a lookup is a binary search. */
#ifndef KILN_CORE_SVM_H
#define KILN_CORE_SVM_H

#include "cl_target.h"

#include <stdbool.h>
#include <stddef.h>

struct kiln_svm_alloc {
	char *base;
	size_t size;
	cl_svm_mem_flags flags;
};

/* The largest alignment clSVMAlloc accepts (a 2 MiB huge page); every
 * power of two up to it is supported. */
#define KILN_SVM_MAX_ALIGN ((size_t)2 << 20)

/* The alignment of alignment 0: the largest OpenCL C data type,
 * long16/double16 (128 bytes) (§5.6.1 clSVMAlloc). */
#define KILN_SVM_DEFAULT_ALIGN ((size_t)128)

/* Allocates `size` bytes aligned to `align` (a power of two, at most
 * KILN_SVM_MAX_ALIGN) and registers them in `ctx` with `flags` (already
 * validated).  NULL when out of memory. */
void *kiln_svm_alloc(cl_context ctx, cl_svm_mem_flags flags, size_t size,
		     size_t align);

/* Unregisters and frees the allocation whose base is `ptr`.  False (and
 * nothing freed) when `ptr` is not the base of an allocation of `ctx`. */
bool kiln_svm_free(cl_context ctx, void *ptr);

/* The allocation of `ctx` that contains `ptr` (any address in
 * [base, base + size)): copies it to *out and returns true, else false. */
bool kiln_svm_lookup(cl_context ctx, const void *ptr,
		     struct kiln_svm_alloc *out);

/* Where shared memory `ptr` lies: the SVM allocation of `ctx` or the USM
 * allocation (of any context) that contains it, its base and size in
 * *base and *size; KILN_SHARED_NONE (nothing set) for NULL, system SVM
 * or any other pointer. */
enum kiln_shared_kind { KILN_SHARED_NONE, KILN_SHARED_SVM, KILN_SHARED_USM };
enum kiln_shared_kind kiln_shared_allocation(cl_context ctx, const void *ptr, char **base,
					     size_t *size);

/* Frees every allocation still registered and the registry itself: the
 * context is being deleted, so no pointer into it may be used again. */
void kiln_svm_destroy(cl_context ctx);

#endif
