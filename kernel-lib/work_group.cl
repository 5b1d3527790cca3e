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
#include "work_group.h"

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
