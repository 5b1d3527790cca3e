/* Votes, elections and ballots: cl_khr_subgroup_non_uniform_vote
 * (sub_group_elect, sub_group_non_uniform_all, _any, _all_equal) and
 * cl_khr_subgroup_ballot (sub_group_non_uniform_broadcast,
 * sub_group_broadcast_first, sub_group_ballot and the functions that read a
 * ballot, get_sub_group_{eq,ge,gt,le,lt}_mask), OpenCL extension spec
 * "Extended Sub-group Functions".
 *
 * None of these needs all work-items of the sub-group: only the lanes
 * taking part (the mask kl_sg_meet returns) vote, are elected or are read.
 * A ballot is a uint4 whose bit i is lane i; sub-groups have at most 64
 * lanes, so .z and .w are always 0. */
#include "subgroups.h"

/* ---- cl_khr_subgroup_non_uniform_vote --------------------------------- */

/* The lowest lane taking part. */
int KL_SG sub_group_elect(void)
{
	uint lane = kl_sg_lane();
	return lane == kl_sg_first(kl_sg_meet());
}

int KL_SG sub_group_non_uniform_all(int predicate)
{
	ulong m, yes = kl_sg_vote(predicate, &m);
	return yes == m;
}

int KL_SG sub_group_non_uniform_any(int predicate)
{
	ulong m, yes = kl_sg_vote(predicate, &m);
	return yes != 0;
}

/* Integers compare bitwise, floating point with an ordered == (a NaN is
 * equal to nothing), as the extension says. */
#define KL_ALL_EQUAL(T)                                                        \
	int KL_SG sub_group_non_uniform_all_equal(T x)                         \
	{                                                                      \
		__global uchar *slots = kl_sg_slots();                         \
		uint lane = kl_sg_lane();                                      \
		ulong m = KL_SG_PUBLISH(T, slots, lane, x);                    \
		if (lane == kl_sg_first(m)) {                                  \
			T first = KL_SG_READ(T, slots, lane);                  \
			int equal = 1;                                         \
			KL_SG_EACH(j, m)                                       \
				equal &= KL_SG_READ(T, slots, j) == first;     \
			KL_SG_EACH(j, m)                                       \
				KL_SG_READ(int, slots, j) = equal;             \
		}                                                              \
		KL_SG_MEET_AGAIN();                                            \
		return KL_SG_READ(int, slots, lane);                           \
	}
KL_SG_SCALAR_TYPES(KL_ALL_EQUAL)

/* ---- cl_khr_subgroup_ballot: broadcasts ------------------------------- */

#define KL_NU_BROADCAST(T) KL_SG_EXCHANGE(sub_group_non_uniform_broadcast, T, idx)
KL_SG_ALL_WIDTHS(KL_NU_BROADCAST)

#define KL_BROADCAST_FIRST(T)                                                  \
	T KL_SG sub_group_broadcast_first(T x)                                 \
	{                                                                      \
		__global uchar *slots = kl_sg_slots();                         \
		ulong m = KL_SG_PUBLISH(T, slots, kl_sg_lane(), x);            \
		T r = KL_SG_READ(T, slots, kl_sg_first(m));                    \
		KL_SG_MEET_AGAIN();                                                \
		return r;                                                      \
	}
KL_SG_SCALAR_TYPES(KL_BROADCAST_FIRST)

/* ---- ballots ---------------------------------------------------------- */

KL_INL uint4 kl_ballot_of(ulong bits)
{
	return (uint4)((uint)bits, (uint)(bits >> 32), 0u, 0u);
}

/* The bits of lanes 0..63 of a ballot (the only lanes there can be). */
KL_INL ulong kl_bits_of(uint4 v)
{
	return (ulong)v.x | (ulong)v.y << 32;
}

/* Bit i of the 128-bit ballot v (i taken modulo 128: the spec leaves a
 * larger index undefined). */
KL_INL int kl_ballot_bit(uint4 v, uint i)
{
	i &= 127u;
	uint w = i < 64u ? (i < 32u ? v.x : v.y) : (i < 96u ? v.z : v.w);
	return (int)((w >> (i & 31u)) & 1u);
}

uint4 KL_SG sub_group_ballot(int predicate)
{
	ulong m;
	return kl_ballot_of(kl_sg_vote(predicate, &m));
}

int KL_OVL sub_group_inverse_ballot(uint4 value)
{
	return kl_ballot_bit(value, kl_sg_lane());
}

int KL_OVL sub_group_ballot_bit_extract(uint4 value, uint index)
{
	return kl_ballot_bit(value, index);
}

/* The bits that stand for lanes below get_max_sub_group_size(). */
uint KL_OVL sub_group_ballot_bit_count(uint4 value)
{
	return (uint)__builtin_popcountl(kl_bits_of(value) &
					 kl_sg_below(kl_sg_max_in_dispatch()));
}

uint KL_OVL sub_group_ballot_inclusive_scan(uint4 value)
{
	return (uint)__builtin_popcountl(kl_bits_of(value) &
					 kl_sg_below(kl_sg_lane() + 1u));
}

uint KL_OVL sub_group_ballot_exclusive_scan(uint4 value)
{
	return (uint)__builtin_popcountl(kl_bits_of(value) &
					 kl_sg_below(kl_sg_lane()));
}

/* No bit set below the maximum size is undefined; ~0 then (SPIR-V's
 * FindILsb/FindUMsb answer -1 for zero). */
uint KL_OVL sub_group_ballot_find_lsb(uint4 value)
{
	ulong b = kl_bits_of(value) & kl_sg_below(kl_sg_max_in_dispatch());
	return b ? (uint)__builtin_ctzl(b) : ~0u;
}

uint KL_OVL sub_group_ballot_find_msb(uint4 value)
{
	ulong b = kl_bits_of(value) & kl_sg_below(kl_sg_max_in_dispatch());
	return b ? 63u - (uint)__builtin_clzl(b) : ~0u;
}

/* ---- masks: ge and gt stop below get_max_sub_group_size() -------------- */

uint4 KL_OVL get_sub_group_eq_mask(void)
{
	return kl_ballot_of(1ul << kl_sg_lane());
}

uint4 KL_OVL get_sub_group_ge_mask(void)
{
	return kl_ballot_of(kl_sg_below(kl_sg_max_in_dispatch()) &
			    ~kl_sg_below(kl_sg_lane()));
}

uint4 KL_OVL get_sub_group_gt_mask(void)
{
	return kl_ballot_of(kl_sg_below(kl_sg_max_in_dispatch()) &
			    ~kl_sg_below(kl_sg_lane() + 1u));
}

uint4 KL_OVL get_sub_group_le_mask(void)
{
	return kl_ballot_of(kl_sg_below(kl_sg_lane() + 1u));
}

uint4 KL_OVL get_sub_group_lt_mask(void)
{
	return kl_ballot_of(kl_sg_below(kl_sg_lane()));
}
