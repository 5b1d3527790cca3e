/* Shuffles and rotations: cl_khr_subgroup_shuffle (sub_group_shuffle,
 * sub_group_shuffle_xor), cl_khr_subgroup_shuffle_relative
 * (sub_group_shuffle_up, _down) and cl_khr_subgroup_rotate
 * (sub_group_rotate, sub_group_clustered_rotate), for every scalar type.
 *
 * Each returns the value another lane published.  When that lane does not
 * exist or does not take part the specs leave the result undefined: Kiln
 * returns the caller's own value then, and never reads outside the
 * sub-group's slots. */
#include "subgroups.h"

/* ---- cl_khr_subgroup_shuffle, cl_khr_subgroup_shuffle_relative ---------- */

#define KL_SHUFFLES(T)                                                         \
	KL_SG_EXCHANGE(sub_group_shuffle, T, idx)                              \
	KL_SG_EXCHANGE(sub_group_shuffle_xor, T, lane ^ idx)                   \
	KL_SG_EXCHANGE(sub_group_shuffle_up, T, lane - idx)                    \
	KL_SG_EXCHANGE(sub_group_shuffle_down, T, lane + idx)
KL_SG_SCALAR_TYPES(KL_SHUFFLES)

/* ---- cl_khr_subgroup_rotate ------------------------------------------------
 * sub_group_rotate: the lane (lane + delta) mod get_max_sub_group_size();
 * clustered: (lane + delta) mod clustersize within the caller's cluster of
 * clustersize consecutive lanes.  delta is an int: the remainder is taken
 * the mathematical way, so -1 rotates the other way round. */

KL_INL uint kl_rotate(uint pos, int delta, uint n)
{
	long s = ((long)pos + (long)delta) % (long)n;
	return (uint)(s < 0 ? s + (long)n : s);
}

#define KL_ROTATES(T)                                                          \
	T KL_SG sub_group_rotate(T x, int delta)                               \
	{                                                                      \
		__global uchar *slots = kl_sg_slots();                         \
		uint lane = kl_sg_lane();                                      \
		ulong m = KL_SG_PUBLISH(T, slots, lane, x);                    \
		uint src = kl_rotate(lane, delta, kl_sg_max_in_dispatch());    \
		T r = kl_sg_in(m, src) ? KL_SG_READ(T, slots, src) : x;        \
		KL_SG_MEET_AGAIN();                                                \
		return r;                                                      \
	}                                                                      \
	T KL_SG sub_group_clustered_rotate(T x, int delta, uint clustersize)   \
	{                                                                      \
		__global uchar *slots = kl_sg_slots();                         \
		uint lane = kl_sg_lane();                                      \
		ulong m = KL_SG_PUBLISH(T, slots, lane, x);                    \
		uint c = clustersize ? clustersize : 1u;                       \
		uint first = lane - lane % c;                                  \
		uint src = first + kl_rotate(lane - first, delta, c);          \
		T r = kl_sg_in(m, src) ? KL_SG_READ(T, slots, src) : x;        \
		KL_SG_MEET_AGAIN();                                                \
		return r;                                                      \
	}
KL_SG_SCALAR_TYPES(KL_ROTATES)
