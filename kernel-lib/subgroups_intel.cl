/* Intel's sub-group functions beyond the core ones: cl_intel_subgroups
 * (intel_sub_group_shuffle, _shuffle_xor and the two-source
 * intel_sub_group_shuffle_down and _up) with the types
 * cl_intel_subgroups_char and cl_intel_subgroups_short add (and their
 * intel_sub_group_broadcast, _reduce_, _scan_ functions).  The block reads
 * and writes are in subgroups_intel_block.cl.
 *
 * Types of the shuffles: float, int, uint, char, uchar, short, ushort as
 * scalars and vectors of 2, 3, 4, 8, 16; long, ulong, double as scalars
 * (the extensions' tables).  The Intel functions are declared for kernels
 * by kernel-lib/include/kiln_ext_decls.h (Clang 15 declares none of them
 * with -fdeclare-opencl-builtins).
 *
 * Out-of-range or absent source lanes are undefined by the extension:
 * Kiln returns the caller's own current value then, and never reads
 * outside the sub-group's slots. */
#include "subgroups.h"

/* The two-source shuffles publish two values, at offsets 0 and 64 of the
 * slot (the widest shuffled type, float16, is 64 bytes). */
#define KL_SECOND 64

#define KL_INTEL_SHUFFLES(T)                                                   \
	KL_SG_EXCHANGE(intel_sub_group_shuffle, T, idx)                        \
	KL_SG_EXCHANGE(intel_sub_group_shuffle_xor, T, lane ^ idx)             \
                                                                               \
	/* lane + delta below the maximum sub-group size: `cur` of that lane; \
	 * below twice the maximum: `next` of the lane that much lower. */     \
	T KL_SG intel_sub_group_shuffle_down(T cur, T next, uint delta)        \
	{                                                                      \
		__global uchar *slots = kl_sg_slots();                         \
		uint lane = kl_sg_lane();                                      \
		KL_SG_AT(T, slots, lane, KL_SECOND) = next;                    \
		ulong m = KL_SG_PUBLISH(T, slots, lane, cur);                  \
		ulong n = kl_sg_max_in_dispatch(), i = (ulong)lane + delta;    \
		T r = cur;                                                     \
		if (i < n) {                                                   \
			if (kl_sg_in(m, (uint)i))                              \
				r = KL_SG_AT(T, slots, i, 0);                  \
		} else if (i < 2 * n && kl_sg_in(m, (uint)(i - n))) {          \
			r = KL_SG_AT(T, slots, i - n, KL_SECOND);              \
		}                                                              \
		KL_SG_MEET_AGAIN();                                                \
		return r;                                                      \
	}                                                                      \
                                                                               \
	/* lane - delta from 0 up: `cur` of that lane; from -max up: `prev`   \
	 * of the lane that much higher. */                                    \
	T KL_SG intel_sub_group_shuffle_up(T prev, T cur, uint delta)          \
	{                                                                      \
		__global uchar *slots = kl_sg_slots();                         \
		uint lane = kl_sg_lane();                                      \
		KL_SG_AT(T, slots, lane, KL_SECOND) = prev;                    \
		ulong m = KL_SG_PUBLISH(T, slots, lane, cur);                  \
		long n = kl_sg_max_in_dispatch(), i = (long)lane - (long)delta; \
		T r = cur;                                                     \
		if (i >= 0) {                                                  \
			if (kl_sg_in(m, (uint)i))                              \
				r = KL_SG_AT(T, slots, i, 0);                  \
		} else if (i >= -n && kl_sg_in(m, (uint)(i + n))) {            \
			r = KL_SG_AT(T, slots, i + n, KL_SECOND);              \
		}                                                              \
		KL_SG_MEET_AGAIN();                                                \
		return r;                                                      \
	}

/* cl_intel_subgroups */
KL_WIDTHS(KL_INTEL_SHUFFLES, float)
KL_WIDTHS(KL_INTEL_SHUFFLES, int)
KL_WIDTHS(KL_INTEL_SHUFFLES, uint)
KL_INTEL_SHUFFLES(long)
KL_INTEL_SHUFFLES(ulong)
KL_INTEL_SHUFFLES(double)
KL_INTEL_SHUFFLES(half) /* with cl_khr_fp16 */

/* cl_intel_subgroups_char, cl_intel_subgroups_short */
KL_WIDTHS(KL_INTEL_SHUFFLES, char)
KL_WIDTHS(KL_INTEL_SHUFFLES, uchar)
KL_WIDTHS(KL_INTEL_SHUFFLES, short)
KL_WIDTHS(KL_INTEL_SHUFFLES, ushort)

/* intel_sub_group_broadcast: char and uchar scalars (cl_intel_subgroups_char),
 * short and ushort up to 8 elements (cl_intel_subgroups_short). */
#define KL_INTEL_BROADCAST(T) KL_SG_EXCHANGE(intel_sub_group_broadcast, T, idx)
KL_INTEL_BROADCAST(char)
KL_INTEL_BROADCAST(uchar)
KL_INTEL_BROADCAST(short)
KL_INTEL_BROADCAST(short2)
KL_INTEL_BROADCAST(short3)
KL_INTEL_BROADCAST(short4)
KL_INTEL_BROADCAST(short8)
KL_INTEL_BROADCAST(ushort)
KL_INTEL_BROADCAST(ushort2)
KL_INTEL_BROADCAST(ushort3)
KL_INTEL_BROADCAST(ushort4)
KL_INTEL_BROADCAST(ushort8)

/* intel_sub_group_reduce_, _scan_inclusive_, _scan_exclusive_ add, min,
 * max: the core functions under Intel's names for the 8- and 16-bit
 * types. */
#define KL_INTEL_ARITH(T) KL_SG_ADD_MIN_MAX(intel_sub_group_, T)
KL_INTEL_ARITH(char)
KL_INTEL_ARITH(uchar)
KL_INTEL_ARITH(short)
KL_INTEL_ARITH(ushort)
