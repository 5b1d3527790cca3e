/* The work-group collective protocol of work_group.cl, shared with
 * work_group_uniform.cl (cl_khr_work_group_uniform_arithmetic): the group
 * scratch, the slots, the packed array and result words, the operations
 * with their identities, the folds and scans work-item 0 runs, and the
 * KL_REDUCE / KL_SCANS bodies.  work_group.cl's header comment describes
 * the protocol. */
#ifndef KILN_KL_WORK_GROUP_H
#define KILN_KL_WORK_GROUP_H

#include "kl_gentype.h"

#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif

void __kiln_barrier(cl_mem_fence_flags flags) __attribute__((convergent));

/* The part of struct kiln_wg_state (lib/compiler/compiler.h) read here:
 * group_scratch at offset 72 (lib/core/ndrange.c asserts it). */
struct kl_wg_collective_state {
	ulong group_id[3];
	ulong local_size[3];
	ulong local_mem;
	ulong context;
	ulong printf_buffer;
	ulong group_scratch;
};

const __private struct kl_wg_collective_state *__kiln_wg_state(void)
	__attribute__((const));

#define KL_FENCE (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#define KL_SLOT_BYTES 128

/* The scratch is neither local memory nor the barrier context: as a global
 * pointer the compiler's alias scopes (lib/compiler/alias_scopes.cpp) keep
 * it apart from those, which is true. */
KL_INL __global char *kl_scratch(void)
{
	return (__global char *)__kiln_wg_state()->group_scratch;
}

/* Work-items in this group (smaller than the enqueued size at the edge of a
 * non-uniform NDRange). */
KL_INL size_t kl_items(void)
{
	return get_local_size(0) * get_local_size(1) * get_local_size(2);
}

/* Work-item i's slot, seen as a T; and element i of the packed T[L]. */
#define KL_SLOT(T, s, i) (*(__global T *)((s) + (size_t)(i) * KL_SLOT_BYTES))
#define KL_PACKED(T, s, i) (((__global T *)(s))[i])
#define KL_RESULT(T) (*(__global T *)(kl_scratch() + kl_items() * KL_SLOT_BYTES))
#define KL_BCAST(T)                                                            \
	(*(__global T *)(kl_scratch() + kl_items() * KL_SLOT_BYTES + 64))

/* ---- the operations: op(a, b) and the exclusive scans' identity -------- */

/* Integer add through the unsigned type: a sum over a group wraps rather
 * than being undefined. */
#define KL_OP_add_int(a, b) ((int)((uint)(a) + (uint)(b)))
#define KL_OP_add_uint(a, b) ((a) + (b))
#define KL_OP_add_long(a, b) ((long)((ulong)(a) + (ulong)(b)))
#define KL_OP_add_ulong(a, b) ((a) + (b))
#define KL_OP_add_float(a, b) ((a) + (b))
#define KL_OP_add_double(a, b) ((a) + (b))
#define KL_OP_add_half(a, b) ((a) + (b))

#define KL_IMIN(a, b) ((b) < (a) ? (b) : (a))
#define KL_IMAX(a, b) ((a) < (b) ? (b) : (a))
#define KL_OP_min_int KL_IMIN
#define KL_OP_min_uint KL_IMIN
#define KL_OP_min_long KL_IMIN
#define KL_OP_min_ulong KL_IMIN
#define KL_OP_max_int KL_IMAX
#define KL_OP_max_uint KL_IMAX
#define KL_OP_max_long KL_IMAX
#define KL_OP_max_ulong KL_IMAX
#define KL_OP_min_float(a, b) __builtin_fminf(a, b)
#define KL_OP_max_float(a, b) __builtin_fmaxf(a, b)
#define KL_OP_min_double(a, b) __builtin_fmin(a, b)
#define KL_OP_max_double(a, b) __builtin_fmax(a, b)
#define KL_OP_min_half(a, b) __builtin_fminf16(a, b)
#define KL_OP_max_half(a, b) __builtin_fmaxf16(a, b)

#define KL_ID_add_int 0
#define KL_ID_add_uint 0u
#define KL_ID_add_long 0l
#define KL_ID_add_ulong 0ul
#define KL_ID_add_float 0.0f
#define KL_ID_add_double 0.0
#define KL_ID_add_half 0.0h
#define KL_ID_min_int INT_MAX
#define KL_ID_min_uint UINT_MAX
#define KL_ID_min_long LONG_MAX
#define KL_ID_min_ulong ULONG_MAX
#define KL_ID_min_float INFINITY
#define KL_ID_min_double ((double)INFINITY)
#define KL_ID_min_half ((half)INFINITY)
#define KL_ID_max_int INT_MIN
#define KL_ID_max_uint 0u
#define KL_ID_max_long LONG_MIN
#define KL_ID_max_ulong 0ul
#define KL_ID_max_float (-INFINITY)
#define KL_ID_max_double (-(double)INFINITY)
#define KL_ID_max_half (-(half)INFINITY)

#define KL_OP_and_int(a, b) ((a) & (b))
#define KL_OP_or_int(a, b) ((a) | (b))

/* ---- the combining steps work-item 0 runs ------------------------------ */

/* op over the packed values p[0..n), n >= 1, as one loop for LLVM's loop
 * vectorizer (the compiler inlines everything into the kernel and splits
 * vector types into scalars before the work-group loops are made, so
 * vector code written here would not stay vector): integer reductions
 * vectorize as they are; float and double sums are allowed to reassociate
 * (#pragma clang fp reassociate), which makes them vector sums with several
 * accumulators, in an order the spec leaves open.  No identity enters (the
 * fold starts from p[0]), so a sum of -0.0s stays -0.0. */
#define KL_LOOP_FOLD(T, OPN)                                                   \
	KL_INL T kl_fold_##OPN##_##T(__global const T *p, size_t n)            \
	{                                                                      \
		T r = p[0];                                                    \
		for (size_t i = 1; i < n; i++)                                 \
			r = KL_OP_##OPN##_##T(r, p[i]);                        \
		return r;                                                      \
	}

#define KL_FADD_FOLD(T)                                                        \
	KL_INL T kl_fold_add_##T(__global const T *p, size_t n)                \
	{                                                                      \
		_Pragma("clang fp reassociate(on)")                            \
		T r = p[0];                                                    \
		for (size_t i = 1; i < n; i++)                                 \
			r += p[i];                                             \
		return r;                                                      \
	}

/* Four scalar accumulators, for fmin/fmax (LLVM 15 vectorizes their
 * reductions only where no NaN can occur) and half: four independent
 * chains.  A minimum of NaNs stays NaN, as a plain left-to-right fold
 * would give it. */
#define KL_SFOLD(T, OPN)                                                       \
	KL_INL T kl_fold_##OPN##_##T(__global const T *p, size_t n)            \
	{                                                                      \
		if (n < 8) {                                                   \
			T a = p[0];                                            \
			for (size_t i = 1; i < n; i++)                         \
				a = KL_OP_##OPN##_##T(a, p[i]);                \
			return a;                                              \
		}                                                              \
		T a0 = p[0], a1 = p[1], a2 = p[2], a3 = p[3];                  \
		size_t i = 4;                                                  \
		for (; i + 4 <= n; i += 4) {                                   \
			a0 = KL_OP_##OPN##_##T(a0, p[i]);                      \
			a1 = KL_OP_##OPN##_##T(a1, p[i + 1]);                  \
			a2 = KL_OP_##OPN##_##T(a2, p[i + 2]);                  \
			a3 = KL_OP_##OPN##_##T(a3, p[i + 3]);                  \
		}                                                              \
		for (; i < n; i++)                                             \
			a0 = KL_OP_##OPN##_##T(a0, p[i]);                      \
		return KL_OP_##OPN##_##T(KL_OP_##OPN##_##T(a0, a1),            \
					 KL_OP_##OPN##_##T(a2, a3));           \
	}

/* Inclusive scan of the slots [0, n) in place, in slot order. */
#define KL_SCAN_IN(T, OPN)                                                     \
	KL_INL void kl_scan_in_##OPN##_##T(__global char *s, size_t n)         \
	{                                                                      \
		T acc = KL_SLOT(T, s, 0);                                      \
		for (size_t i = 1; i < n; i++) {                               \
			acc = KL_OP_##OPN##_##T(acc, KL_SLOT(T, s, i));        \
			KL_SLOT(T, s, i) = acc;                                \
		}                                                              \
	}

/* Exclusive scan of the slots [0, n) in place: slot i gets op over slots
 * [0, i), slot 0 the identity. */
#define KL_SCAN_EX(T, OPN)                                                     \
	KL_INL void kl_scan_ex_##OPN##_##T(__global char *s, size_t n)         \
	{                                                                      \
		T acc = KL_SLOT(T, s, 0);                                      \
		KL_SLOT(T, s, 0) = KL_ID_##OPN##_##T;                          \
		for (size_t i = 1; i < n; i++) {                               \
			T x = KL_SLOT(T, s, i);                                \
			KL_SLOT(T, s, i) = acc;                                \
			acc = KL_OP_##OPN##_##T(acc, x);                       \
		}                                                              \
	}

/* ---- the built-ins ------------------------------------------------------ */

/* A fold of every work-item's x by kl_fold_<OPN>_<T> (the reductions, all
 * and any; the protocol above). */
#define KL_FOLD_BODY(T, OPN, X)                                                \
	{                                                                      \
		size_t lin = get_local_linear_id();                            \
		__kiln_barrier(KL_FENCE);                                      \
		KL_PACKED(T, kl_scratch(), lin) = (X);                         \
		__kiln_barrier(KL_FENCE);                                      \
		if (lin == 0)                                                  \
			KL_RESULT(T) = kl_fold_##OPN##_##T(                    \
				(__global const T *)kl_scratch(), kl_items()); \
		__kiln_barrier(KL_FENCE);                                      \
		return KL_RESULT(T);                                           \
	}

#define KL_REDUCE(T, OPN)                                                      \
	__attribute__((overloadable, convergent)) T                            \
	work_group_reduce_##OPN(T x) KL_FOLD_BODY(T, OPN, x)

#define KL_SCANS(T, OPN)                                                       \
	KL_SCAN_IN(T, OPN)                                                     \
	KL_SCAN_EX(T, OPN)                                                     \
	__attribute__((overloadable, convergent)) T                            \
	work_group_scan_inclusive_##OPN(T x)                                   \
	{                                                                      \
		size_t lin = get_local_linear_id();                            \
		KL_SLOT(T, kl_scratch(), lin) = x;                             \
		__kiln_barrier(KL_FENCE);                                      \
		if (lin == 0)                                                  \
			kl_scan_in_##OPN##_##T(kl_scratch(), kl_items());      \
		__kiln_barrier(KL_FENCE);                                      \
		return KL_SLOT(T, kl_scratch(), lin);                          \
	}                                                                      \
	__attribute__((overloadable, convergent)) T                            \
	work_group_scan_exclusive_##OPN(T x)                                   \
	{                                                                      \
		size_t lin = get_local_linear_id();                            \
		KL_SLOT(T, kl_scratch(), lin) = x;                             \
		__kiln_barrier(KL_FENCE);                                      \
		if (lin == 0)                                                  \
			kl_scan_ex_##OPN##_##T(kl_scratch(), kl_items());      \
		__kiln_barrier(KL_FENCE);                                      \
		return KL_SLOT(T, kl_scratch(), lin);                          \
	}

#endif
