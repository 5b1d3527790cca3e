/* Work-group collective functions (OpenCL C 3.0 §6.15.14 "Work-group
 * Collective Functions", feature __opencl_c_work_group_collective_functions):
 * work_group_all, work_group_any, work_group_broadcast (1D, 2D and 3D local
 * ids), work_group_reduce_<op>, work_group_scan_inclusive_<op> and
 * work_group_scan_exclusive_<op> with op add, min, max for int, uint, long,
 * ulong, float, double (and half where cl_khr_fp16 is on; Clang declares
 * those only then).  The SPIR-V translator reads OpGroup* back into these
 * names (with unsigned types where it cannot tell: int broadcast as uint),
 * which the same definitions answer.
 *
 * How: the work-group barrier __kiln_barrier (sync.cl), which the compiler
 * cuts into regions that run one after another for all work-items (or, in
 * a kernel whose work-items run as fibers, makes a meeting of all of them),
 * and the group scratch the runtime gives each running group
 * (kiln_wg_state.group_scratch, lib/compiler/compiler.h: 128 bytes per
 * work-item plus one slot, 128-byte aligned; lib/core/ndrange.c).  The
 * work-item with linear local id `lin` owns the 128-byte slot at
 * scratch + 128 * lin, as in the sub-group collectives (subgroups.h); the
 * slot after the group's last work-item (at 128 * L, L the size of this
 * group) is the collectives' result slot, which sub-group collectives never
 * touch:
 *
 *   reduce, all, any:  barrier;  packed[lin] = x;  barrier;
 *                      lin 0 folds packed[0..L) into result[0];  barrier;
 *                      return result[0]
 *   scans:             slot[lin] = x;  barrier;
 *                      lin 0 scans the slots in place, in linear id order;
 *                      barrier;  return slot[lin]
 *   broadcast:         the source work-item writes result[64];  barrier;
 *                      r = result[64];  barrier;  return r
 *
 * packed is an array T[L] at the start of the scratch: the work-items'
 * writes are one vector store per vector of work-items and lin 0's fold
 * loop vectorizes, where 128-byte slots would make a scatter and a gather.
 * The array lies across other work-items' slots, so it is written only
 * after a barrier: then no sub-group collective of any work-item is half
 * done (on the fiber path a sub-group can be inside one, its values in its
 * slots, while others have gone on to this collective).  The scans keep to
 * the work-items' own slots: their results are read after the last
 * barrier, when a work-item that read its own may already be inside a
 * sub-group collective.
 *
 * Why reduce and scan need no barrier after the read: in the region after
 * the last barrier a work-item reads only its own slot or result[0], and
 * nothing writes another work-item's slot, the packed array or result[0]
 * again before the next collective's first barrier, when every work-item
 * has read.  A broadcast's source work-item writes result[64] before the
 * barrier while others may still read a reduction's result[0], so the two
 * use different words; after a broadcast the next broadcast's source could
 * overwrite result[64] before everyone read it, hence its trailing barrier.
 *
 * Memory: the first barrier orders every work-item's memory operations
 * before the call against every work-item's after it, as a
 * work_group_barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE) would.
 *
 * Order of operations: scans run in linear local id order (x fastest, then
 * y, then z).  Reductions combine in an unspecified order (§6.15.14: the
 * order of floating-point operations is not guaranteed): sums vectorized
 * with several vector accumulators, minima and maxima of float and double
 * with four scalar ones, so none is one dependent chain.
 * Floating-point min and max are fmin and fmax (a NaN operand gives the
 * other operand).  Integer adds wrap.  The identities of the exclusive
 * scans are the spec's: 0 for add, the type's maximum (+INFINITY) for min
 * and its minimum (-INFINITY) for max. */
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

/* The source's linear id from its local id (§6.15.14: the same in every
 * work-item, each component below the group's local size in its dimension;
 * otherwise the result is undefined: no work-item writes and the value
 * read is whatever the scratch holds, never memory outside it). */
#define KL_BROADCAST_FROM(T, SRC)                                              \
	{                                                                      \
		if (get_local_linear_id() == (SRC))                            \
			KL_BCAST(T) = x;                                       \
		__kiln_barrier(KL_FENCE);                                      \
		T r = KL_BCAST(T);                                             \
		__kiln_barrier(KL_FENCE);                                      \
		return r;                                                      \
	}

#define KL_BROADCAST(T)                                                        \
	__attribute__((overloadable, convergent)) T                            \
	work_group_broadcast(T x, size_t lx)                                   \
	KL_BROADCAST_FROM(T, lx)                                               \
	__attribute__((overloadable, convergent)) T                            \
	work_group_broadcast(T x, size_t lx, size_t ly)                        \
	KL_BROADCAST_FROM(T, lx + get_local_size(0) * ly)                      \
	__attribute__((overloadable, convergent)) T                            \
	work_group_broadcast(T x, size_t lx, size_t ly, size_t lz)             \
	KL_BROADCAST_FROM(T, lx + get_local_size(0) *                          \
				     (ly + get_local_size(1) * lz))

#define KL_OPS(T)                                                              \
	KL_REDUCE(T, add) KL_REDUCE(T, min) KL_REDUCE(T, max)                  \
	KL_SCANS(T, add) KL_SCANS(T, min) KL_SCANS(T, max)                     \
	KL_BROADCAST(T)

#define KL_INT_OPS(T)                                                          \
	KL_LOOP_FOLD(T, add) KL_LOOP_FOLD(T, min) KL_LOOP_FOLD(T, max)         \
	KL_OPS(T)

#define KL_FP_OPS(T)                                                           \
	KL_FADD_FOLD(T) KL_SFOLD(T, min) KL_SFOLD(T, max)                      \
	KL_OPS(T)

KL_INT_OPS(int)
KL_INT_OPS(uint)
KL_INT_OPS(long)
KL_INT_OPS(ulong)
KL_FP_OPS(float)
KL_FP_OPS(double)
#ifdef cl_khr_fp16
KL_SFOLD(half, add) KL_SFOLD(half, min) KL_SFOLD(half, max)
KL_OPS(half)
#endif

/* all and any: a fold of the predicates as 0/1 with and/or. */
KL_LOOP_FOLD(int, and)
KL_LOOP_FOLD(int, or)

__attribute__((overloadable, convergent)) int work_group_all(int predicate)
	KL_FOLD_BODY(int, and, predicate != 0)

__attribute__((overloadable, convergent)) int work_group_any(int predicate)
	KL_FOLD_BODY(int, or, predicate != 0)
