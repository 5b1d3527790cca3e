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
 * cuts into regions that run one after another for all work-items, and the
 * group scratch the runtime gives each running group
 * (kiln_wg_state.group_scratch, lib/compiler/compiler.h: 128 bytes per
 * work-item plus one slot, 128-byte aligned; lib/core/ndrange.c).  The
 * values of a collective of type T lie in an array T slot[L] at the start of
 * the scratch (L the size of this group), so that the phase every
 * work-item runs (slot[lin] = x) is a vector store; the 128 bytes at
 * 128 * L, beyond that array for every type, are the collectives' result
 * slot:
 *
 *   reduce, all, any:  slot[lin] = x;  barrier;
 *                      lin 0 folds slot[0..L) into result[0];  barrier;
 *                      return result[0]
 *   scans:             slot[lin] = x;  barrier;
 *                      lin 0 scans slot[0..L) in place, in linear id order;
 *                      barrier;  return slot[lin]
 *   broadcast:         the source work-item writes result[64];  barrier;
 *                      r = result[64];  barrier;  return r
 *
 * Why reduce and scan need no barrier after the read: in the region after
 * the second barrier a work-item reads only its own slot or result[0], and
 * the next collective writes only the writer's own slot (after the writer's
 * own read) before its first barrier; result[0] and the other slots are
 * written again only after that barrier, when every work-item has read.
 * Sub-group collectives keep to the work-items' own slots as well.  A
 * broadcast's source work-item writes result[64] before the barrier while
 * others may still read a reduction's result[0], so the two use different
 * words; after a broadcast the next broadcast's source could overwrite
 * result[64] before everyone read it, hence its trailing barrier.
 *
 * Memory: the first barrier orders every work-item's memory operations
 * before the call against every work-item's after it, as a
 * work_group_barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE) would.
 *
 * Order of operations: scans run in linear local id order (x fastest, then
 * y, then z).  Reductions combine in an unspecified order (§6.15.14: the
 * order of floating-point operations is not guaranteed): four accumulators
 * over interleaved slots, so a float or double sum is not one dependent
 * chain.  Floating-point min and max are fmin and fmax (a NaN operand gives
 * the other operand).  Integer adds wrap.  The identities of the exclusive
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

#define KL_AT(T, s, i) (((__global T *)(s))[i])
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

/* ---- the combining steps work-item 0 runs ------------------------------ */

/* op over slots [0, n), n >= 1: four accumulators started from the first
 * four values (no identity enters, so -0.0 sums and all-NaN minima come out
 * as a plain left-to-right fold would give them). */
#define KL_FOLD(T, OPN)                                                        \
	KL_INL T kl_fold_##OPN##_##T(__global const char *s, size_t n)         \
	{                                                                      \
		if (n < 8) {                                                   \
			T a = KL_AT(T, s, 0);                                  \
			for (size_t i = 1; i < n; i++)                         \
				a = KL_OP_##OPN##_##T(a, KL_AT(T, s, i));      \
			return a;                                              \
		}                                                              \
		T a0 = KL_AT(T, s, 0), a1 = KL_AT(T, s, 1);                    \
		T a2 = KL_AT(T, s, 2), a3 = KL_AT(T, s, 3);                    \
		size_t i = 4;                                                  \
		for (; i + 4 <= n; i += 4) {                                   \
			a0 = KL_OP_##OPN##_##T(a0, KL_AT(T, s, i));            \
			a1 = KL_OP_##OPN##_##T(a1, KL_AT(T, s, i + 1));        \
			a2 = KL_OP_##OPN##_##T(a2, KL_AT(T, s, i + 2));        \
			a3 = KL_OP_##OPN##_##T(a3, KL_AT(T, s, i + 3));        \
		}                                                              \
		for (; i < n; i++)                                             \
			a0 = KL_OP_##OPN##_##T(a0, KL_AT(T, s, i));            \
		return KL_OP_##OPN##_##T(KL_OP_##OPN##_##T(a0, a1),            \
					 KL_OP_##OPN##_##T(a2, a3));           \
	}

/* Inclusive scan of slots [0, n) in place, in slot order. */
#define KL_SCAN_IN(T, OPN)                                                     \
	KL_INL void kl_scan_in_##OPN##_##T(__global char *s, size_t n)         \
	{                                                                      \
		T acc = KL_AT(T, s, 0);                                        \
		for (size_t i = 1; i < n; i++) {                               \
			acc = KL_OP_##OPN##_##T(acc, KL_AT(T, s, i));          \
			KL_AT(T, s, i) = acc;                                  \
		}                                                              \
	}

/* Exclusive scan of slots [0, n) in place: slot i gets op over slots
 * [0, i), slot 0 the identity. */
#define KL_SCAN_EX(T, OPN)                                                     \
	KL_INL void kl_scan_ex_##OPN##_##T(__global char *s, size_t n)         \
	{                                                                      \
		T acc = KL_AT(T, s, 0);                                        \
		KL_AT(T, s, 0) = KL_ID_##OPN##_##T;                            \
		for (size_t i = 1; i < n; i++) {                               \
			T x = KL_AT(T, s, i);                                  \
			KL_AT(T, s, i) = acc;                                  \
			acc = KL_OP_##OPN##_##T(acc, x);                       \
		}                                                              \
	}

/* ---- the built-ins ------------------------------------------------------ */

#define KL_REDUCE(T, OPN)                                                      \
	KL_FOLD(T, OPN)                                                        \
	__attribute__((overloadable, convergent)) T                            \
	work_group_reduce_##OPN(T x)                                           \
	{                                                                      \
		size_t lin = get_local_linear_id();                            \
		KL_AT(T, kl_scratch(), lin) = x;                               \
		__kiln_barrier(KL_FENCE);                                      \
		if (lin == 0)                                                  \
			KL_RESULT(T) = kl_fold_##OPN##_##T(kl_scratch(),       \
							   kl_items());        \
		__kiln_barrier(KL_FENCE);                                      \
		return KL_RESULT(T);                                           \
	}

#define KL_SCANS(T, OPN)                                                       \
	KL_SCAN_IN(T, OPN)                                                     \
	KL_SCAN_EX(T, OPN)                                                     \
	__attribute__((overloadable, convergent)) T                            \
	work_group_scan_inclusive_##OPN(T x)                                   \
	{                                                                      \
		size_t lin = get_local_linear_id();                            \
		KL_AT(T, kl_scratch(), lin) = x;                               \
		__kiln_barrier(KL_FENCE);                                      \
		if (lin == 0)                                                  \
			kl_scan_in_##OPN##_##T(kl_scratch(), kl_items());      \
		__kiln_barrier(KL_FENCE);                                      \
		return KL_AT(T, kl_scratch(), lin);                            \
	}                                                                      \
	__attribute__((overloadable, convergent)) T                            \
	work_group_scan_exclusive_##OPN(T x)                                   \
	{                                                                      \
		size_t lin = get_local_linear_id();                            \
		KL_AT(T, kl_scratch(), lin) = x;                               \
		__kiln_barrier(KL_FENCE);                                      \
		if (lin == 0)                                                  \
			kl_scan_ex_##OPN##_##T(kl_scratch(), kl_items());      \
		__kiln_barrier(KL_FENCE);                                      \
		return KL_AT(T, kl_scratch(), lin);                            \
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

#define KL_ALL_OPS(T)                                                          \
	KL_REDUCE(T, add) KL_REDUCE(T, min) KL_REDUCE(T, max)                  \
	KL_SCANS(T, add) KL_SCANS(T, min) KL_SCANS(T, max)                     \
	KL_BROADCAST(T)

KL_ALL_OPS(int)
KL_ALL_OPS(uint)
KL_ALL_OPS(long)
KL_ALL_OPS(ulong)
KL_REDUCE(float, min) KL_REDUCE(float, max) KL_SCANS(float, add) KL_SCANS(float, min) KL_SCANS(float, max) KL_BROADCAST(float)

/* EXPERIMENT */
KL_INL float kl_vfold_add_float(__global const float *p, size_t n)
{
	if (n < 32) {
		float a = p[0];
		for (size_t i = 1; i < n; i++)
			a += p[i];
		return a;
	}
	float16 a = vload16(0, p), b = vload16(1, p);
	size_t i = 32;
	for (; i + 32 <= n; i += 32) {
		a += vload16(0, p + i);
		b += vload16(1, p + i);
	}
	a += b;
	float8 c = a.lo + a.hi;
	float4 d = c.lo + c.hi;
	float2 e = d.lo + d.hi;
	float r = e.x + e.y;
	for (; i < n; i++)
		r += p[i];
	return r;
}
__attribute__((overloadable, convergent)) float work_group_reduce_add(float x)
{
	size_t lin = get_local_linear_id();
#ifdef KL_BARRIER0
	__kiln_barrier(KL_FENCE);
#endif
	__global float *pk = (__global float *)kl_scratch();
	pk[lin] = x;
	__kiln_barrier(KL_FENCE);
	if (lin == 0)
		KL_RESULT(float) = kl_vfold_add_float(pk, kl_items());
	__kiln_barrier(KL_FENCE);
	return KL_RESULT(float);
}
KL_ALL_OPS(double)
#ifdef cl_khr_fp16
KL_ALL_OPS(half)
#endif

/* all and any: a fold of the predicates as 0/1 with and/or. */
#define KL_OP_and_int(a, b) ((a) & (b))
#define KL_OP_or_int(a, b) ((a) | (b))
KL_FOLD(int, and)
KL_FOLD(int, or)

#define KL_VOTE(NAME, OPN)                                                     \
	__attribute__((overloadable, convergent)) int NAME(int predicate)      \
	{                                                                      \
		size_t lin = get_local_linear_id();                            \
		KL_AT(int, kl_scratch(), lin) = predicate != 0;                \
		__kiln_barrier(KL_FENCE);                                      \
		if (lin == 0)                                                  \
			KL_RESULT(int) = kl_fold_##OPN##_int(kl_scratch(),     \
							     kl_items());      \
		__kiln_barrier(KL_FENCE);                                      \
		return KL_RESULT(int);                                         \
	}

KL_VOTE(work_group_all, and)
KL_VOTE(work_group_any, or)
