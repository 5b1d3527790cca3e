/* The core sub-group functions (OpenCL C 3.0 §6.15.16 "Sub-group Functions";
 * cl_khr_subgroups) with the types cl_khr_subgroup_extended_types adds:
 * the work-item functions of sub-groups, sub_group_barrier, sub_group_all
 * and _any, sub_group_broadcast for every scalar and vector type, and
 * sub_group_reduce_, _scan_inclusive_ and _scan_exclusive_ add, min, max
 * for char, uchar, short, ushort, int, uint, long, ulong, float, double and
 * half (cl_khr_fp16).
 *
 * Geometry and the way values are exchanged: subgroups.h.  The SPIR-V
 * translator reads OpGroupBroadcast, OpGroupIAdd etc. back into these
 * names, with the unsigned type where the instruction does not tell
 * (an int broadcast or add comes back as uint): the same definitions
 * answer both. */
#include "subgroups.h"

/* ---- work-item functions (§6.15.16.1) --------------------------------- */

uint KL_OVL get_sub_group_size(void)
{
	return kl_sg_size();
}

uint KL_OVL get_max_sub_group_size(void)
{
	return kl_sg_max_in_dispatch();
}

uint KL_OVL get_num_sub_groups(void)
{
	uint s = kl_sg_max();
	return (kl_sg_items() + s - 1u) / s;
}

uint KL_OVL get_enqueued_num_sub_groups(void)
{
	uint s = kl_sg_max();
	return (kl_sg_enqueued_items() + s - 1u) / s;
}

uint KL_OVL get_sub_group_id(void)
{
	return kl_sg_id();
}

uint KL_OVL get_sub_group_local_id(void)
{
	return kl_sg_lane();
}

/* ---- sub_group_barrier (§6.15.16.2) -------------------------------------
 * The meeting itself orders the memory operations of the sub-group's
 * work-items before it against theirs after it (they run on one thread).
 * A scope wider than the work-group also orders them for other threads,
 * as atomic_work_item_fence does (sync.cl). */

void KL_SG sub_group_barrier(cl_mem_fence_flags flags)
{
	(void)flags;
	(void)__kiln_sg_sync();
}

void KL_SG sub_group_barrier(cl_mem_fence_flags flags, memory_scope scope)
{
	(void)flags;
	if (scope == memory_scope_device || scope == memory_scope_all_svm_devices)
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
	(void)__kiln_sg_sync();
}

/* ---- votes (§6.15.16.3) ----------------------------------------------- */

/* On the work-item-loop path a vote is a logical reduction
 * (subgroups_arith.cl, which takes the row path there). */
int KL_SG sub_group_non_uniform_reduce_logical_and(int predicate);
int KL_SG sub_group_non_uniform_reduce_logical_or(int predicate);
int KL_SG sub_group_all(int predicate)
{
	if (__kiln_wi_loops())
		return sub_group_non_uniform_reduce_logical_and(predicate);
	ulong m, yes = kl_sg_vote(predicate, &m);
	return yes == m;
}

int KL_SG sub_group_any(int predicate)
{
	if (__kiln_wi_loops())
		return sub_group_non_uniform_reduce_logical_or(predicate);
	ulong m, yes = kl_sg_vote(predicate, &m);
	return yes != 0;
}

/* ---- broadcast: every scalar and vector type ---------------------------- */

#define KL_BROADCAST(T) KL_SG_EXCHANGE(sub_group_broadcast, T, idx)
KL_SG_ALL_WIDTHS(KL_BROADCAST)

/* ---- reductions and scans: add, min, max ------------------------------ */

#define KL_ARITH(T) KL_SG_ADD_MIN_MAX(sub_group_, T)
KL_SG_SCALAR_TYPES(KL_ARITH)
