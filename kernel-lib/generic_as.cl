/* The address space qualifier functions of the generic address space
 * (OpenCL C 3.0 §6.15, "Address Space Qualifier Functions"; §6.7.1):
 * to_global, to_local, to_private (Clang calls __to_global, __to_local,
 * __to_private, and so does the SPIR-V translator for
 * OpGenericCastToPtrExplicit) and get_fence (also what
 * OpGenericPtrMemSemantics becomes).
 *
 * On the CPU every address space is one flat address space, so a cast
 * only has to decide which named space a generic pointer points into:
 *  - local: the work-group's local memory, which is the worker's local
 *    arena [local_mem, local_end): kernel-scope __local variables and
 *    __local arguments (lib/compiler/localmem.cpp, lib/core/ndrange.c);
 *  - private: the work-item's memory, which is the worker thread's stack
 *    below the frame that runs the work-group [stack_lo, stack_hi), and
 *    the barrier context [context, context_end) where values that live
 *    across a barrier are kept (lib/compiler/workgroup.cpp);
 *  - global: everything else (buffers, SVM, program-scope variables).
 * The runtime fills the ranges into struct kiln_wg_state for each
 * work-group; __kiln_wg_state() becomes the work-group function's state
 * argument (lib/compiler/wg_state.cpp).  A cast costs two or four
 * compares. */

#include "wg_state.h"

static inline __attribute__((always_inline)) bool kl_in(ulong a, ulong lo, ulong hi)
{
	return a - lo < hi - lo; /* lo <= a < hi, one compare */
}

static inline __attribute__((always_inline)) bool kl_is_local(const __generic void *p)
{
	const __private struct kl_wg_state *s = __kiln_wg_state();
	return kl_in((ulong)p, s->local_mem, s->local_end);
}

static inline __attribute__((always_inline)) bool kl_is_private(const __generic void *p)
{
	const __private struct kl_wg_state *s = __kiln_wg_state();
	ulong a = (ulong)p;
	return kl_in(a, s->stack_lo, s->stack_hi) ||
	       kl_in(a, s->context, s->context_end);
}

/* NULL stays NULL: it points into no space. */
__global void *__to_global(__generic void *p)
{
	return p && !kl_is_local(p) && !kl_is_private(p) ? (__global void *)p : 0;
}

__local void *__to_local(__generic void *p)
{
	return p && kl_is_local(p) ? (__local void *)p : 0;
}

__private void *__to_private(__generic void *p)
{
	return p && kl_is_private(p) ? (__private void *)p : 0;
}

/* A fence value that covers the memory p points into: local memory takes
 * CLK_LOCAL_MEM_FENCE; global (and private, which needs no fence) memory
 * CLK_GLOBAL_MEM_FENCE. */
__attribute__((overloadable)) cl_mem_fence_flags get_fence(__generic void *p)
{
	return kl_is_local(p) ? CLK_LOCAL_MEM_FENCE : CLK_GLOBAL_MEM_FENCE;
}

__attribute__((overloadable)) cl_mem_fence_flags get_fence(const __generic void *p)
{
	return kl_is_local(p) ? CLK_LOCAL_MEM_FENCE : CLK_GLOBAL_MEM_FENCE;
}
