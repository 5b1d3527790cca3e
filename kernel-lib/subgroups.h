/* The machinery every sub-group built-in shares (subgroups_*.cl): where a
 * work-item sits in its sub-group, the two primitives the compiler
 * provides, and how values travel between the work-items of a sub-group.
 *
 * Geometry (OpenCL C 3.0 §6.15.16 and the API spec's §3.2.2: sub-groups are
 * made of consecutive linearized local ids, the last one of a group may be
 * smaller).  S = __kiln_sg_max_size(), the kernel's sub-group size
 * (intel_reqd_sub_group_size or the target's native float vector width,
 * chosen by the compiler's kiln-subgroups pass); lin = get_local_linear_id();
 * L and Le the product of the group's actual and enqueued local sizes:
 *   sub-group id = lin / S, local id (its "lane") = lin % S,
 *   size = min(S, L - id * S), max size = min(S, Le),
 *   number = ceil(L / S), enqueued number = ceil(Le / S).
 *
 * Exchange.  Each work-item of a group owns a 128-byte slot of the group
 * scratch (struct kiln_wg_state.group_scratch, wg_state.h) at
 * scratch + 128 * lin.  A collective meets twice:
 *   1. each work-item taking part writes its value into its own slot, then
 *      m = __kiln_sg_sync(): the work-items taking part meet, every slot
 *      written before is visible, m says which lanes take part;
 *   2. reductions, scans, votes: the lowest lane taking part (the leader)
 *      combines the slots of m in lane order and writes each lane's result
 *      into that lane's own slot; then __kiln_sg_sync() again, and each
 *      work-item reads its own slot;
 *      exchanges (broadcasts, shuffles, rotations): each work-item reads
 *      the slot of the lane it gets its value from, then __kiln_sg_sync()
 *      again, so that no slot is written by a later collective before
 *      everyone has read it.
 * After a reduction, scan or vote a work-item reads only its own slot, and
 * no one writes another's slot before the next collective's first meeting
 * (the reasoning of work_group.cl), so one meeting after the leader's work
 * is enough.  The leader does O(sub-group size) work and the others none:
 * a collective costs O(1) per work-item.  Where all work-items of the group
 * reach the collective together, the compiler makes each meeting a
 * work-group barrier, and each step runs as a work-item loop over the
 * group; elsewhere work-items run as fibers and only the lanes that call
 * the function take part (the bits of m): that is what makes the
 * sub_group_non_uniform_* functions right in divergent control flow.
 *
 * The scratch is neither local memory nor the barrier context: as a
 * __global pointer the compiler's alias scopes (lib/compiler/alias_scopes.cpp)
 * keep it apart from both, which is true. */
#ifndef KILN_KL_SUBGROUPS_H
#define KILN_KL_SUBGROUPS_H

#include "kl_gentype.h"
#include "wg_state.h"

/* Defined by the compiler (lib/compiler/subgroups.cpp); see above. */
uint __kiln_sg_max_size(void) __attribute__((const));
ulong __kiln_sg_sync(void) __attribute__((convergent));

/* Defined by the compiler (kiln-subgroups): 1 where the work-items of the
 * group run as work-item loops between barriers (each meeting point is a
 * work-group barrier), 0 where they run as fibers.  Collectives take a
 * path of their own on the first (KL_SG_COLLECTIVE). */
int __kiln_wi_loops(void) __attribute__((const));

/* What a row function of subgroups_rows.cl combines. */
#define KL_ROW_REDUCE 0u
#define KL_ROW_INCLUSIVE 1u
#define KL_ROW_EXCLUSIVE 2u

/* Every sub-group built-in that makes work-items meet. */
#define KL_SG __attribute__((overloadable, convergent))

/* ---- geometry --------------------------------------------------------- */

KL_INL uint kl_sg_max(void)
{
	return __kiln_sg_max_size();
}

KL_INL uint kl_sg_lin(void)
{
	return (uint)get_local_linear_id();
}

KL_INL uint kl_sg_items(void)
{
	return (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
}

KL_INL uint kl_sg_enqueued_items(void)
{
	return (uint)(get_enqueued_local_size(0) * get_enqueued_local_size(1) *
		      get_enqueued_local_size(2));
}

KL_INL uint kl_sg_lane(void)
{
	return kl_sg_lin() % kl_sg_max();
}

KL_INL uint kl_sg_id(void)
{
	return kl_sg_lin() / kl_sg_max();
}

KL_INL uint kl_sg_size(void)
{
	uint s = kl_sg_max(), rest = kl_sg_items() - kl_sg_id() * s;
	return rest < s ? rest : s;
}

/* get_max_sub_group_size(): the largest sub-group of the dispatch. */
KL_INL uint kl_sg_max_in_dispatch(void)
{
	uint s = kl_sg_max(), le = kl_sg_enqueued_items();
	return le < s ? le : s;
}

/* Bit i set for every lane i that exists in the caller's sub-group. */
KL_INL ulong kl_sg_lanes(void)
{
	uint n = kl_sg_size();
	return n >= 64u ? ~0ul : (1ul << n) - 1ul;
}

/* The lanes below n (n up to 64). */
KL_INL ulong kl_sg_below(uint n)
{
	return n >= 64u ? ~0ul : (1ul << n) - 1ul;
}

/* ---- exchange --------------------------------------------------------- */

/* The slot of lane 0 of the caller's sub-group; lane j's is 128 * j
 * bytes further. */
KL_INL __global uchar *kl_sg_slots(void)
{
	__global uchar *scratch = (__global uchar *)__kiln_wg_state()->group_scratch;
	uint lin = kl_sg_lin();
	return scratch + (ulong)(lin - lin % kl_sg_max()) * KL_GROUP_SCRATCH_BYTES;
}

/* The address of the group scratch, seen as one row of values (element
 * lin: work-item lin's) on the work-item-loop path. */
KL_INL ulong kl_sg_row(void)
{
	return __kiln_wg_state()->group_scratch;
}

/* Step 1: the lanes taking part meet; returns them (never empty: the
 * caller is one). */
KL_INL ulong kl_sg_meet(void)
{
	return __kiln_sg_sync() & kl_sg_lanes();
}

/* The value of type T lane j published, `slots` from kl_sg_slots() (at
 * byte offset OFF of the slot: the two-source Intel shuffles publish two
 * values). */
#define KL_SG_AT(T, slots, j, OFF)                                             \
	(*(__global T *)((slots) + (ulong)(j) * KL_GROUP_SCRATCH_BYTES + (OFF)))
#define KL_SG_READ(T, slots, j) KL_SG_AT(T, slots, j, 0)

/* Step 1 with a value: lane `lane` publishes x; the lanes taking part. */
#define KL_SG_PUBLISH(T, slots, lane, x)                                       \
	(KL_SG_READ(T, slots, lane) = (x), kl_sg_meet())

/* Step 3's meeting. */
#define KL_SG_MEET_AGAIN() ((void)__kiln_sg_sync())

KL_INL uint kl_sg_first(ulong m)
{
	return (uint)__builtin_ctzl(m);
}

/* Whether lane j takes part (j may be any uint: out-of-range sources of
 * shuffles are undefined by the specs, never a read outside the group). */
KL_INL bool kl_sg_in(ulong m, uint j)
{
	return j < 64u && ((m >> j) & 1ul) != 0;
}

/* Iterates j over the lanes of mask `sel`, lowest first. */
#define KL_SG_EACH(j, sel)                                                     \
	for (ulong kl_b_ = (sel), j; kl_b_ && (j = kl_sg_first(kl_b_), 1);     \
	     kl_b_ &= kl_b_ - 1ul)

/* A vote: publishes (predicate != 0); returns the lanes that voted yes and
 * puts the lanes taking part in *taking_part.  The leader gathers the
 * votes into every voter's slot. */
KL_INL ulong kl_sg_vote(int predicate, __private ulong *taking_part)
{
	__global uchar *slots = kl_sg_slots();
	uint lane = kl_sg_lane();
	ulong m = KL_SG_PUBLISH(int, slots, lane, predicate != 0);
	if (lane == kl_sg_first(m)) {
		ulong yes = 0;
		KL_SG_EACH(j, m)
			if (KL_SG_READ(int, slots, j))
				yes |= 1ul << j;
		KL_SG_EACH(j, m)
			KL_SG_READ(ulong, slots, j) = yes;
	}
	KL_SG_MEET_AGAIN();
	*taking_part = m;
	return KL_SG_READ(ulong, slots, lane);
}

/* Step 2 of a reduction: every lane of `sel` gets OP over the values of
 * `sel`, combined in lane order. */
#define KL_SG_LEAD_REDUCE(T, OP, ID, slots, sel)                               \
	do {                                                                   \
		ulong kl_s_ = (sel);                                           \
		T kl_r_ = KL_SG_READ(T, slots, kl_sg_first(kl_s_));            \
		KL_SG_EACH(kl_j_, kl_s_ & (kl_s_ - 1ul))                       \
			kl_r_ = OP(kl_r_, KL_SG_READ(T, slots, kl_j_));        \
		KL_SG_EACH(kl_j_, kl_s_)                                       \
			KL_SG_READ(T, slots, kl_j_) = kl_r_;                   \
	} while (0)

/* Inclusive scan in place: lane j gets OP over the lanes of `sel` up to j. */
#define KL_SG_LEAD_INCLUSIVE(T, OP, ID, slots, sel)                            \
	do {                                                                   \
		ulong kl_s_ = (sel);                                           \
		T kl_r_ = KL_SG_READ(T, slots, kl_sg_first(kl_s_));            \
		KL_SG_EACH(kl_j_, kl_s_ & (kl_s_ - 1ul)) {                     \
			kl_r_ = OP(kl_r_, KL_SG_READ(T, slots, kl_j_));        \
			KL_SG_READ(T, slots, kl_j_) = kl_r_;                   \
		}                                                              \
	} while (0)

/* Exclusive scan in place: lane j gets OP over the lanes of `sel` below j,
 * the first one ID. */
#define KL_SG_LEAD_EXCLUSIVE(T, OP, ID, slots, sel)                            \
	do {                                                                   \
		ulong kl_s_ = (sel);                                           \
		uint kl_f_ = kl_sg_first(kl_s_);                               \
		T kl_r_ = KL_SG_READ(T, slots, kl_f_);                         \
		KL_SG_READ(T, slots, kl_f_) = (ID);                            \
		KL_SG_EACH(kl_j_, kl_s_ & (kl_s_ - 1ul)) {                     \
			T kl_v_ = KL_SG_READ(T, slots, kl_j_);                 \
			KL_SG_READ(T, slots, kl_j_) = kl_r_;                   \
			kl_r_ = OP(kl_r_, kl_v_);                              \
		}                                                              \
	} while (0)

/* ---- operators and identities ----------------------------------------- */

#define KL_SG_ADD(a, b) ((a) + (b))
#define KL_SG_MUL(a, b) ((a) * (b))
#define KL_SG_AND(a, b) ((a) & (b))
#define KL_SG_OR(a, b) ((a) | (b))
#define KL_SG_XOR(a, b) ((a) ^ (b))
/* Predicates are 0 or 1 once published (KL_SG_BOOL). */
#define KL_SG_LAND(a, b) ((a) & (b))
#define KL_SG_LOR(a, b) ((a) | (b))
#define KL_SG_LXOR(a, b) ((a) ^ (b))
/* Integer min and max; floating point takes fmin and fmax (a NaN operand
 * gives the other operand), as work_group.cl does. */
#define KL_SG_IMIN(a, b) ((b) < (a) ? (b) : (a))
#define KL_SG_IMAX(a, b) ((b) > (a) ? (b) : (a))
#define KL_SG_FMIN(a, b) fmin(a, b)
#define KL_SG_FMAX(a, b) fmax(a, b)

/* Per element type: min and max operators, the largest and smallest value
 * (the identities of exclusive min and max scans, cl_khr_subgroup_
 * non_uniform_arithmetic: "the largest representable value for integer
 * types, or +INF for floating-point types"). */
#define KL_SG_MIN_OP_char KL_SG_IMIN
#define KL_SG_MIN_OP_uchar KL_SG_IMIN
#define KL_SG_MIN_OP_short KL_SG_IMIN
#define KL_SG_MIN_OP_ushort KL_SG_IMIN
#define KL_SG_MIN_OP_int KL_SG_IMIN
#define KL_SG_MIN_OP_uint KL_SG_IMIN
#define KL_SG_MIN_OP_long KL_SG_IMIN
#define KL_SG_MIN_OP_ulong KL_SG_IMIN
#define KL_SG_MIN_OP_float KL_SG_FMIN
#define KL_SG_MIN_OP_double KL_SG_FMIN
#define KL_SG_MIN_OP_half KL_SG_FMIN
#define KL_SG_MAX_OP_char KL_SG_IMAX
#define KL_SG_MAX_OP_uchar KL_SG_IMAX
#define KL_SG_MAX_OP_short KL_SG_IMAX
#define KL_SG_MAX_OP_ushort KL_SG_IMAX
#define KL_SG_MAX_OP_int KL_SG_IMAX
#define KL_SG_MAX_OP_uint KL_SG_IMAX
#define KL_SG_MAX_OP_long KL_SG_IMAX
#define KL_SG_MAX_OP_ulong KL_SG_IMAX
#define KL_SG_MAX_OP_float KL_SG_FMAX
#define KL_SG_MAX_OP_double KL_SG_FMAX
#define KL_SG_MAX_OP_half KL_SG_FMAX
#define KL_SG_LARGEST_char CHAR_MAX
#define KL_SG_LARGEST_uchar UCHAR_MAX
#define KL_SG_LARGEST_short SHRT_MAX
#define KL_SG_LARGEST_ushort USHRT_MAX
#define KL_SG_LARGEST_int INT_MAX
#define KL_SG_LARGEST_uint UINT_MAX
#define KL_SG_LARGEST_long LONG_MAX
#define KL_SG_LARGEST_ulong ULONG_MAX
#define KL_SG_LARGEST_float INFINITY
#define KL_SG_LARGEST_double ((double)INFINITY)
#define KL_SG_LARGEST_half ((half)INFINITY)
#define KL_SG_SMALLEST_char CHAR_MIN
#define KL_SG_SMALLEST_uchar 0
#define KL_SG_SMALLEST_short SHRT_MIN
#define KL_SG_SMALLEST_ushort 0
#define KL_SG_SMALLEST_int INT_MIN
#define KL_SG_SMALLEST_uint 0
#define KL_SG_SMALLEST_long LONG_MIN
#define KL_SG_SMALLEST_ulong 0
#define KL_SG_SMALLEST_float (-INFINITY)
#define KL_SG_SMALLEST_double (-(double)INFINITY)
#define KL_SG_SMALLEST_half (-(half)INFINITY)

#define KL_SG_MIN_OP(T) KL_SG_MIN_OP_##T
#define KL_SG_MAX_OP(T) KL_SG_MAX_OP_##T
#define KL_SG_LARGEST(T) ((T)KL_SG_LARGEST_##T)
#define KL_SG_SMALLEST(T) ((T)KL_SG_SMALLEST_##T)

/* ---- the collectives, each written once for every type ---------------- */

/* T NAME(T x): reduction, inclusive or exclusive scan (LEAD, one of the
 * KL_SG_LEAD_ steps above) of OP over the lanes taking part; ID is the
 * identity an exclusive scan gives the lowest lane.  PRE maps the argument
 * before it is published (KL_SG_BOOL for the logical operations).
 *
 * On the work-item-loop path every lane of the sub-group takes part, and
 * the values travel through a row of the group scratch instead of the
 * slots: each work-item stores its value at row[lin], the group meets, and
 * each work-item combines its sub-group's values with the row function of
 * OPN and T (ROWKIND: KL_ROW_REDUCE etc.; subgroups_rows.cl), which the
 * loop vectorizer turns into one call per vector of work-items.  The
 * second meeting keeps a later collective from storing into the row before
 * every work-item has read it. */
#define KL_SG_COLLECTIVE(NAME, T, OP, LEAD, ID, PRE, OPN, ROWKIND)             \
	T __kiln_sgrow_##OPN##_##T(uint, uint, uint, uint, uint, uint);        \
	T KL_SG NAME(T x)                                                      \
	{                                                                      \
		if (__kiln_wi_loops()) {                                       \
			/* a size_t index: the store's address stays an      \
			 * induction of the work-item loop */                  \
			((__global T *)kl_sg_row())[get_local_linear_id()] = PRE(x); \
			(void)__kiln_sg_sync();                                \
			/* read again after the meeting: not kept across it */ \
			ulong at = kl_sg_row();                                \
			T r = __kiln_sgrow_##OPN##_##T((uint)at, (uint)(at >> 32), \
						       kl_sg_lin(), kl_sg_max(), \
						       kl_sg_items(), ROWKIND); \
			(void)__kiln_sg_sync();                                \
			return r;                                              \
		}                                                              \
		__global uchar *slots = kl_sg_slots();                         \
		uint lane = kl_sg_lane();                                      \
		ulong m = KL_SG_PUBLISH(T, slots, lane, PRE(x));               \
		if (lane == kl_sg_first(m))                                    \
			LEAD(T, OP, ID, slots, m);                             \
		KL_SG_MEET_AGAIN();                                            \
		return KL_SG_READ(T, slots, lane);                             \
	}

#define KL_SG_AS_IS(x) (x)
#define KL_SG_BOOL(x) ((x) != 0)

/* reduce, scan_inclusive and scan_exclusive of one operator, names
 * PREFIX##reduce_##OPN etc. (PREFIX: sub_group_, sub_group_non_uniform_,
 * intel_sub_group_). */
#define KL_SG_REDUCE_SCANS(PREFIX, OPN, T, OP, ID, PRE)                         \
	KL_SG_COLLECTIVE(PREFIX##reduce_##OPN, T, OP, KL_SG_LEAD_REDUCE, ID,    \
			 PRE, OPN, KL_ROW_REDUCE)                               \
	KL_SG_COLLECTIVE(PREFIX##scan_inclusive_##OPN, T, OP,                   \
			 KL_SG_LEAD_INCLUSIVE, ID, PRE, OPN, KL_ROW_INCLUSIVE)  \
	KL_SG_COLLECTIVE(PREFIX##scan_exclusive_##OPN, T, OP,                   \
			 KL_SG_LEAD_EXCLUSIVE, ID, PRE, OPN, KL_ROW_EXCLUSIVE)

/* add, min and max: the operators of the core functions. */
#define KL_SG_ADD_MIN_MAX(PREFIX, T)                                           \
	KL_SG_REDUCE_SCANS(PREFIX, add, T, KL_SG_ADD, (T)0, KL_SG_AS_IS)       \
	KL_SG_REDUCE_SCANS(PREFIX, min, T, KL_SG_MIN_OP(T), KL_SG_LARGEST(T),  \
			   KL_SG_AS_IS)                                        \
	KL_SG_REDUCE_SCANS(PREFIX, max, T, KL_SG_MAX_OP(T), KL_SG_SMALLEST(T), \
			   KL_SG_AS_IS)

/* T NAME(T x, uint idx): the value lane SRC published, SRC an expression of
 * lane, m and idx; x itself when SRC is not a lane taking part (undefined
 * by every spec that has such a function). */
#define KL_SG_EXCHANGE(NAME, T, SRC)                                           \
	T KL_SG NAME(T x, uint idx)                                            \
	{                                                                      \
		if (__kiln_wi_loops()) {                                       \
			/* the row path (KL_SG_COLLECTIVE): one store and one  \
			 * gather per vector of work-items; a source outside   \
			 * the sub-group reads the work-item's own value */    \
			size_t lin = get_local_linear_id();                    \
			((__global T *)kl_sg_row())[lin] = x;                  \
			(void)__kiln_sg_sync();                                \
			uint lane = kl_sg_lane(), src = (SRC);                 \
			size_t from = lin - lane + (src < kl_sg_size() ? src : lane); \
			T r = ((__global T *)kl_sg_row())[from];               \
			(void)__kiln_sg_sync();                                \
			return r;                                              \
		}                                                              \
		__global uchar *slots = kl_sg_slots();                         \
		uint lane = kl_sg_lane();                                      \
		ulong m = KL_SG_PUBLISH(T, slots, lane, x);                    \
		uint src = (SRC);                                              \
		T r = kl_sg_in(m, src) ? KL_SG_READ(T, slots, src) : x;        \
		KL_SG_MEET_AGAIN();                                            \
		return r;                                                      \
	}

/* The element types of the tables. */
#define KL_SG_INTEGER_TYPES(M)                                                 \
	M(char) M(uchar) M(short) M(ushort) M(int) M(uint) M(long) M(ulong)
/* (half: cl_khr_fp16) */
#define KL_SG_SCALAR_TYPES(M) KL_SG_INTEGER_TYPES(M) M(float) M(double) M(half)
/* The scalar and every vector width of each scalar type. */
#define KL_SG_ALL_WIDTHS(M)                                                    \
	KL_WIDTHS(M, char) KL_WIDTHS(M, uchar) KL_WIDTHS(M, short)             \
	KL_WIDTHS(M, ushort) KL_WIDTHS(M, int) KL_WIDTHS(M, uint)              \
	KL_WIDTHS(M, long) KL_WIDTHS(M, ulong) KL_WIDTHS(M, float)             \
	KL_WIDTHS(M, double) KL_WIDTHS(M, half)

#endif
