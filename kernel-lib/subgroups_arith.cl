/* Non-uniform and clustered reductions and scans:
 * cl_khr_subgroup_non_uniform_arithmetic (sub_group_non_uniform_reduce_,
 * _scan_inclusive_, _scan_exclusive_ with add, mul, min, max for every
 * scalar type; and, or, xor for the integer types; logical_and, _or, _xor
 * on int predicates) and cl_khr_subgroup_clustered_reduce
 * (sub_group_clustered_reduce_ with the same operators), OpenCL extension
 * spec "Extended Sub-group Functions".
 *
 * Only the lanes taking part contribute (the mask kl_sg_meet returns); in
 * code every work-item of the sub-group reaches they are all of them, and
 * the results equal the core functions'.  Exclusive scans of a lane with
 * no lane taking part below it return the spec's identity: 0 for add, or,
 * xor; 1 for mul; all bits set for and; the type's largest value (+INF)
 * for min and smallest (-INF) for max; true for logical_and, false for
 * logical_or and logical_xor.  Integer arithmetic wraps. */
#include "subgroups.h"

/* ---- cl_khr_subgroup_non_uniform_arithmetic --------------------------- */

#define KL_NU_ARITH(T)                                                         \
	KL_SG_ADD_MIN_MAX(sub_group_non_uniform_, T)                           \
	KL_SG_REDUCE_SCANS(sub_group_non_uniform_, mul, T, KL_SG_MUL, (T)1,    \
			   KL_SG_AS_IS)
KL_SG_SCALAR_TYPES(KL_NU_ARITH)

#define KL_NU_BITWISE(T)                                                       \
	KL_SG_REDUCE_SCANS(sub_group_non_uniform_, and, T, KL_SG_AND, (T)~0,   \
			   KL_SG_AS_IS)                                        \
	KL_SG_REDUCE_SCANS(sub_group_non_uniform_, or, T, KL_SG_OR, (T)0,      \
			   KL_SG_AS_IS)                                        \
	KL_SG_REDUCE_SCANS(sub_group_non_uniform_, xor, T, KL_SG_XOR, (T)0,    \
			   KL_SG_AS_IS)
KL_SG_INTEGER_TYPES(KL_NU_BITWISE)

KL_SG_REDUCE_SCANS(sub_group_non_uniform_, logical_and, int, KL_SG_LAND, 1, KL_SG_BOOL)
KL_SG_REDUCE_SCANS(sub_group_non_uniform_, logical_or, int, KL_SG_LOR, 0, KL_SG_BOOL)
KL_SG_REDUCE_SCANS(sub_group_non_uniform_, logical_xor, int, KL_SG_LXOR, 0, KL_SG_BOOL)

/* ---- cl_khr_subgroup_clustered_reduce ----------------------------------
 * Clusters are clustersize consecutive lanes from lane 0.  A cluster size
 * that is not a power of two up to the sub-group size is undefined by the
 * spec: then at least the caller's own value is combined, and nothing is
 * read outside the sub-group. */

KL_INL ulong kl_cluster_of(uint lane, uint clustersize)
{
	uint c = clustersize;
	if (c == 0u || c > 64u)
		return 1ul << lane;
	return (kl_sg_below(c) << (lane & ~(c - 1u))) | 1ul << lane;
}

/* The leader reduces each cluster of the lanes taking part in turn. */
#define KL_CLUSTERED(OPN, T, OP, PRE)                                          \
	T KL_SG sub_group_clustered_reduce_##OPN(T x, uint clustersize)        \
	{                                                                      \
		__global uchar *slots = kl_sg_slots();                         \
		uint lane = kl_sg_lane();                                      \
		ulong m = KL_SG_PUBLISH(T, slots, lane, PRE(x));               \
		if (lane == kl_sg_first(m)) {                                  \
			for (ulong rest = m; rest;) {                          \
				ulong c = rest & kl_cluster_of(kl_sg_first(rest), \
							       clustersize);   \
				KL_SG_LEAD_REDUCE(T, OP, 0, slots, c);         \
				rest &= ~c;                                    \
			}                                                      \
		}                                                              \
		KL_SG_MEET_AGAIN();                                            \
		return KL_SG_READ(T, slots, lane);                             \
	}

#define KL_CL_ARITH(T)                                                         \
	KL_CLUSTERED(add, T, KL_SG_ADD, KL_SG_AS_IS)                           \
	KL_CLUSTERED(mul, T, KL_SG_MUL, KL_SG_AS_IS)                           \
	KL_CLUSTERED(min, T, KL_SG_MIN_OP(T), KL_SG_AS_IS)                     \
	KL_CLUSTERED(max, T, KL_SG_MAX_OP(T), KL_SG_AS_IS)
KL_SG_SCALAR_TYPES(KL_CL_ARITH)

#define KL_CL_BITWISE(T)                                                       \
	KL_CLUSTERED(and, T, KL_SG_AND, KL_SG_AS_IS)                           \
	KL_CLUSTERED(or, T, KL_SG_OR, KL_SG_AS_IS)                             \
	KL_CLUSTERED(xor, T, KL_SG_XOR, KL_SG_AS_IS)
KL_SG_INTEGER_TYPES(KL_CL_BITWISE)

KL_CLUSTERED(logical_and, int, KL_SG_LAND, KL_SG_BOOL)
KL_CLUSTERED(logical_or, int, KL_SG_LOR, KL_SG_BOOL)
KL_CLUSTERED(logical_xor, int, KL_SG_LXOR, KL_SG_BOOL)
