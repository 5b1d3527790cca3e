/* The columns of the sub-group tests, read by both sides: subgroups.cl
 * (OpenCL C, built from source by test_subgroups*.c and into SPIR-V for
 * test_subgroups_spirv.c) expands each entry into a call whose result goes
 * to one column of the work-item's output row; subgroups_ref.h expands the
 * same entries into the host's table of what each column must hold.  One
 * list, so kernel and reference cannot drift apart.
 *
 * In the expressions: x (and y) are the work-item's inputs of the kernel's
 * type sg_t, lane = get_sub_group_local_id(), n = get_sub_group_size(),
 * max = get_max_sub_group_size().  A guard that is false leaves the column
 * unwritten (a cluster larger than the sub-group is undefined). */
#ifndef KILN_TESTS_SUBGROUPS_COLS_H
#define KILN_TESTS_SUBGROUPS_COLS_H

/* ---- reductions and scans: SG_A(function, shape, operator) and
 * SG_AC(function, operator, cluster size) -------------------------------- */

/* Every scalar type (char ... double; the 8- and 16-bit ones through
 * cl_khr_subgroup_extended_types). */
#define SG_ARITH_ALL                                                           \
	SG_A(sub_group_reduce_add, RED, ADD)                                   \
	SG_A(sub_group_reduce_min, RED, MIN)                                   \
	SG_A(sub_group_reduce_max, RED, MAX)                                   \
	SG_A(sub_group_scan_inclusive_add, INCL, ADD)                          \
	SG_A(sub_group_scan_inclusive_min, INCL, MIN)                          \
	SG_A(sub_group_scan_inclusive_max, INCL, MAX)                          \
	SG_A(sub_group_scan_exclusive_add, EXCL, ADD)                          \
	SG_A(sub_group_scan_exclusive_min, EXCL, MIN)                          \
	SG_A(sub_group_scan_exclusive_max, EXCL, MAX)                          \
	SG_A(sub_group_non_uniform_reduce_add, RED, ADD)                       \
	SG_A(sub_group_non_uniform_reduce_mul, RED, MUL)                       \
	SG_A(sub_group_non_uniform_reduce_min, RED, MIN)                       \
	SG_A(sub_group_non_uniform_reduce_max, RED, MAX)                       \
	SG_A(sub_group_non_uniform_scan_inclusive_add, INCL, ADD)              \
	SG_A(sub_group_non_uniform_scan_inclusive_mul, INCL, MUL)              \
	SG_A(sub_group_non_uniform_scan_inclusive_min, INCL, MIN)              \
	SG_A(sub_group_non_uniform_scan_inclusive_max, INCL, MAX)              \
	SG_A(sub_group_non_uniform_scan_exclusive_add, EXCL, ADD)              \
	SG_A(sub_group_non_uniform_scan_exclusive_mul, EXCL, MUL)              \
	SG_A(sub_group_non_uniform_scan_exclusive_min, EXCL, MIN)              \
	SG_A(sub_group_non_uniform_scan_exclusive_max, EXCL, MAX)              \
	SG_CLUSTERS(sub_group_clustered_reduce_add, ADD)                       \
	SG_CLUSTERS(sub_group_clustered_reduce_mul, MUL)                       \
	SG_CLUSTERS(sub_group_clustered_reduce_min, MIN)                       \
	SG_CLUSTERS(sub_group_clustered_reduce_max, MAX)

/* The integer types. */
#define SG_ARITH_INTEGER                                                       \
	SG_A(sub_group_non_uniform_reduce_and, RED, AND)                       \
	SG_A(sub_group_non_uniform_reduce_or, RED, OR)                         \
	SG_A(sub_group_non_uniform_reduce_xor, RED, XOR)                       \
	SG_A(sub_group_non_uniform_scan_inclusive_and, INCL, AND)              \
	SG_A(sub_group_non_uniform_scan_inclusive_or, INCL, OR)                \
	SG_A(sub_group_non_uniform_scan_inclusive_xor, INCL, XOR)              \
	SG_A(sub_group_non_uniform_scan_exclusive_and, EXCL, AND)              \
	SG_A(sub_group_non_uniform_scan_exclusive_or, EXCL, OR)                \
	SG_A(sub_group_non_uniform_scan_exclusive_xor, EXCL, XOR)              \
	SG_CLUSTERS(sub_group_clustered_reduce_and, AND)                       \
	SG_CLUSTERS(sub_group_clustered_reduce_or, OR)                         \
	SG_CLUSTERS(sub_group_clustered_reduce_xor, XOR)

/* int only: the logical operations take int predicates. */
#define SG_ARITH_LOGICAL                                                       \
	SG_A(sub_group_non_uniform_reduce_logical_and, RED, LAND)              \
	SG_A(sub_group_non_uniform_reduce_logical_or, RED, LOR)                \
	SG_A(sub_group_non_uniform_reduce_logical_xor, RED, LXOR)              \
	SG_A(sub_group_non_uniform_scan_inclusive_logical_and, INCL, LAND)     \
	SG_A(sub_group_non_uniform_scan_inclusive_logical_or, INCL, LOR)       \
	SG_A(sub_group_non_uniform_scan_inclusive_logical_xor, INCL, LXOR)     \
	SG_A(sub_group_non_uniform_scan_exclusive_logical_and, EXCL, LAND)     \
	SG_A(sub_group_non_uniform_scan_exclusive_logical_or, EXCL, LOR)       \
	SG_A(sub_group_non_uniform_scan_exclusive_logical_xor, EXCL, LXOR)     \
	SG_CLUSTERS(sub_group_clustered_reduce_logical_and, LAND)              \
	SG_CLUSTERS(sub_group_clustered_reduce_logical_or, LOR)                \
	SG_CLUSTERS(sub_group_clustered_reduce_logical_xor, LXOR)

/* char, uchar, short, ushort: Intel's names (cl_intel_subgroups_char,
 * cl_intel_subgroups_short). */
#define SG_ARITH_INTEL                                                         \
	SG_A(intel_sub_group_reduce_add, RED, ADD)                             \
	SG_A(intel_sub_group_reduce_min, RED, MIN)                             \
	SG_A(intel_sub_group_reduce_max, RED, MAX)                             \
	SG_A(intel_sub_group_scan_inclusive_add, INCL, ADD)                    \
	SG_A(intel_sub_group_scan_inclusive_min, INCL, MIN)                    \
	SG_A(intel_sub_group_scan_inclusive_max, INCL, MAX)                    \
	SG_A(intel_sub_group_scan_exclusive_add, EXCL, ADD)                    \
	SG_A(intel_sub_group_scan_exclusive_min, EXCL, MIN)                    \
	SG_A(intel_sub_group_scan_exclusive_max, EXCL, MAX)

/* Cluster sizes: one lane, part of a sub-group, 16 (the whole of it where
 * the native width is 16, more than the maximum where it is 8: skipped),
 * and 64 (only kernels that require 64 have it). */
#define SG_CLUSTERS(f, op)                                                     \
	SG_AC(f, op, 1) SG_AC(f, op, 4) SG_AC(f, op, 16) SG_AC(f, op, 64)

/* ---- exchanges: SG_X(kind, parameter, guard, expression) --------------
 * Every scalar type.  The kind and parameter say which lane's x (or y)
 * the result is (subgroups_ref.h); where that lane does not exist the
 * specs leave the result undefined and the column is not compared. */
#define SG_EXCHANGE                                                            \
	SG_X(X_LANE_LAST, 0, 1, sub_group_broadcast(x, n - 1))                 \
	SG_X(X_LANE, 0, 1, sub_group_broadcast(x, 0))                          \
	SG_X(X_LANE_HALF, 0, 1, sub_group_non_uniform_broadcast(x, n / 2))     \
	SG_X(X_LANE, 0, 1, sub_group_broadcast_first(x))                       \
	SG_X(X_PERM, 0, 1, sub_group_shuffle(x, (lane * 5 + 3) % n))           \
	SG_X(X_XOR, 1, 1, sub_group_shuffle_xor(x, 1))                         \
	SG_X(X_XOR, 6, 1, sub_group_shuffle_xor(x, 6))                         \
	SG_X(X_UP, 1, 1, sub_group_shuffle_up(x, 1))                           \
	SG_X(X_UP, 3, 1, sub_group_shuffle_up(x, 3))                           \
	SG_X(X_DOWN, 1, 1, sub_group_shuffle_down(x, 1))                       \
	SG_X(X_DOWN, 5, 1, sub_group_shuffle_down(x, 5))                       \
	SG_X(X_ROTATE, 1, 1, sub_group_rotate(x, 1))                           \
	SG_X(X_ROTATE, -1, 1, sub_group_rotate(x, (int)max - 1))               \
	SG_X(X_CROTATE, 0x401, 4 <= max, sub_group_clustered_rotate(x, 1, 4))  \
	SG_X(X_CROTATE, 0x803, 8 <= max, sub_group_clustered_rotate(x, 3, 8))  \
	SG_X(X_CROTATE, 0x205, 2 <= max, sub_group_clustered_rotate(x, 5, 2))  \
	SG_X(X_PERM, 0, 1, intel_sub_group_shuffle(x, (lane * 5 + 3) % n))     \
	SG_X(X_XOR, 3, 1, intel_sub_group_shuffle_xor(x, 3))                   \
	SG_X(X_IDOWN, 1, 1, intel_sub_group_shuffle_down(x, y, 1))             \
	SG_X(X_IDOWN, -1, 1, intel_sub_group_shuffle_down(x, y, max - 1))      \
	SG_X(X_IDOWN, -2, 1, intel_sub_group_shuffle_down(x, y, lane % 4 + max / 2)) \
	SG_X(X_IUP, 1, 1, intel_sub_group_shuffle_up(y, x, 1))                 \
	SG_X(X_IUP, -1, 1, intel_sub_group_shuffle_up(y, x, max - 1))          \
	SG_X(X_IUP, -2, 1, intel_sub_group_shuffle_up(y, x, lane % 4 + max / 2)) \
	SG_X(X_ALL_EQUAL, 0, 1, (sg_t)sub_group_non_uniform_all_equal(x))         \
	SG_X(X_ALL_EQUAL_TRUE, 0, 1,                                           \
	     (sg_t)sub_group_non_uniform_all_equal(sub_group_broadcast(x, 0)))

/* ---- votes, elections, ballots: SG_V(kind, parameter, expression), int
 * results of int inputs; the predicates p0 = x & 1, p1 = x != 3,
 * p2 = x == 3 (parameter: which). */
#define SG_VOTES                                                               \
	SG_V(V_ALL, 0, sub_group_all(p0))                                      \
	SG_V(V_ALL, 1, sub_group_all(p1))                                      \
	SG_V(V_ANY, 0, sub_group_any(p0))                                      \
	SG_V(V_ANY, 2, sub_group_any(p2))                                      \
	SG_V(V_ALL, 0, sub_group_non_uniform_all(p0))                          \
	SG_V(V_ALL, 1, sub_group_non_uniform_all(p1))                          \
	SG_V(V_ANY, 0, sub_group_non_uniform_any(p0))                          \
	SG_V(V_ANY, 2, sub_group_non_uniform_any(p2))                          \
	SG_V(V_ELECT, 0, sub_group_elect())                                    \
	SG_V(V_BALLOT, 0, (int)sub_group_ballot(p0).x)                         \
	SG_V(V_BALLOT, 1, (int)sub_group_ballot(p0).y)                         \
	SG_V(V_BALLOT, 2, (int)sub_group_ballot(p0).z)                         \
	SG_V(V_BALLOT, 3, (int)sub_group_ballot(p0).w)                         \
	SG_V(V_INVERSE, 0, sub_group_inverse_ballot(sub_group_ballot(p0)))     \
	SG_V(V_EXTRACT, 0,                                                     \
	     sub_group_ballot_bit_extract(sub_group_ballot(p0), (lane + 1) % n)) \
	SG_V(V_COUNT, 0, (int)sub_group_ballot_bit_count(sub_group_ballot(p0))) \
	SG_V(V_INCL, 0, (int)sub_group_ballot_inclusive_scan(sub_group_ballot(p0))) \
	SG_V(V_EXCL, 0, (int)sub_group_ballot_exclusive_scan(sub_group_ballot(p0))) \
	SG_V(V_LSB, 0, (int)sub_group_ballot_find_lsb(sub_group_ballot(p0)))   \
	SG_V(V_MSB, 0, (int)sub_group_ballot_find_msb(sub_group_ballot(p0)))   \
	SG_V(V_MASK_EQ, 0, (int)get_sub_group_eq_mask().x)                     \
	SG_V(V_MASK_EQ, 1, (int)get_sub_group_eq_mask().y)                     \
	SG_V(V_MASK_EQ, 2, (int)get_sub_group_eq_mask().z)                     \
	SG_V(V_MASK_GE, 0, (int)get_sub_group_ge_mask().x)                     \
	SG_V(V_MASK_GE, 1, (int)get_sub_group_ge_mask().y)                     \
	SG_V(V_MASK_GE, 3, (int)get_sub_group_ge_mask().w)                     \
	SG_V(V_MASK_GT, 0, (int)get_sub_group_gt_mask().x)                     \
	SG_V(V_MASK_GT, 1, (int)get_sub_group_gt_mask().y)                     \
	SG_V(V_MASK_LE, 0, (int)get_sub_group_le_mask().x)                     \
	SG_V(V_MASK_LE, 1, (int)get_sub_group_le_mask().y)                     \
	SG_V(V_MASK_LT, 0, (int)get_sub_group_lt_mask().x)                     \
	SG_V(V_MASK_LT, 1, (int)get_sub_group_lt_mask().y)                     \
	SG_V(V_GEO_SIZE, 0, (int)get_sub_group_size())                         \
	SG_V(V_GEO_MAX, 0, (int)get_max_sub_group_size())                      \
	SG_V(V_GEO_NUM, 0, (int)get_num_sub_groups())                          \
	SG_V(V_GEO_ENQ_NUM, 0, (int)get_enqueued_num_sub_groups())             \
	SG_V(V_GEO_ID, 0, (int)get_sub_group_id())                             \
	SG_V(V_GEO_LANE, 0, (int)get_sub_group_local_id())

#endif
