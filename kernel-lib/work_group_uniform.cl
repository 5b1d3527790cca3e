/* cl_khr_work_group_uniform_arithmetic: work_group_reduce_<op>,
 * work_group_scan_inclusive_<op> and work_group_scan_exclusive_<op> for
 * op and, or, xor (int, uint, long, ulong), mul (those and float, double,
 * half where cl_khr_fp16 is on) and logical_and, logical_or, logical_xor
 * (int predicates, results 0 or 1), on the protocol of work_group.cl
 * (work_group.h).  Folds and scans run in linear local id order, so a
 * float product is the left-to-right product; integer products wrap.
 * The exclusive scans' identities are the spec's: all ones for and, 1 for
 * mul and logical_and, 0 otherwise. */
#include "work_group.h"

#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif

/* Bitwise operations (work_group.h has KL_OP_and_int and KL_OP_or_int,
 * for work_group_all and work_group_any). */
#define KL_OP_xor_int(a, b) ((a) ^ (b))
#define KL_OP_and_uint(a, b) ((a) & (b))
#define KL_OP_or_uint(a, b) ((a) | (b))
#define KL_OP_xor_uint(a, b) ((a) ^ (b))
#define KL_OP_and_long(a, b) ((a) & (b))
#define KL_OP_or_long(a, b) ((a) | (b))
#define KL_OP_xor_long(a, b) ((a) ^ (b))
#define KL_OP_and_ulong(a, b) ((a) & (b))
#define KL_OP_or_ulong(a, b) ((a) | (b))
#define KL_OP_xor_ulong(a, b) ((a) ^ (b))
#define KL_ID_and_int (-1)
#define KL_ID_and_uint UINT_MAX
#define KL_ID_and_long (-1l)
#define KL_ID_and_ulong ULONG_MAX
#define KL_ID_or_int 0
#define KL_ID_or_uint 0u
#define KL_ID_or_long 0l
#define KL_ID_or_ulong 0ul
#define KL_ID_xor_int 0
#define KL_ID_xor_uint 0u
#define KL_ID_xor_long 0l
#define KL_ID_xor_ulong 0ul

/* Products: integers through the unsigned type, so that they wrap. */
#define KL_OP_mul_int(a, b) ((int)((uint)(a) * (uint)(b)))
#define KL_OP_mul_uint(a, b) ((a) * (b))
#define KL_OP_mul_long(a, b) ((long)((ulong)(a) * (ulong)(b)))
#define KL_OP_mul_ulong(a, b) ((a) * (b))
#define KL_OP_mul_float(a, b) ((a) * (b))
#define KL_OP_mul_double(a, b) ((a) * (b))
#define KL_OP_mul_half(a, b) ((a) * (b))
#define KL_ID_mul_int 1
#define KL_ID_mul_uint 1u
#define KL_ID_mul_long 1l
#define KL_ID_mul_ulong 1ul
#define KL_ID_mul_float 1.0f
#define KL_ID_mul_double 1.0
#define KL_ID_mul_half 1.0h

/* Logical operations on predicates made 0 or 1 before they enter. */
#define KL_OP_land_int(a, b) ((a) & (b))
#define KL_OP_lor_int(a, b) ((a) | (b))
#define KL_OP_lxor_int(a, b) ((a) ^ (b))
#define KL_ID_land_int 1
#define KL_ID_lor_int 0
#define KL_ID_lxor_int 0

#define KL_UNIFORM_INT_OPS(T)                                                  \
	KL_LOOP_FOLD(T, xor) KL_LOOP_FOLD(T, mul)                              \
	KL_REDUCE(T, and) KL_REDUCE(T, or) KL_REDUCE(T, xor) KL_REDUCE(T, mul) \
	KL_SCANS(T, and) KL_SCANS(T, or) KL_SCANS(T, xor) KL_SCANS(T, mul)

/* The folds are KL_INL (static): work_group.cl has its own int and/or
 * folds for work_group_all/any, this file its own. */
KL_LOOP_FOLD(int, and) KL_LOOP_FOLD(int, or)
KL_UNIFORM_INT_OPS(int)
KL_LOOP_FOLD(uint, and) KL_LOOP_FOLD(uint, or)
KL_UNIFORM_INT_OPS(uint)
KL_LOOP_FOLD(long, and) KL_LOOP_FOLD(long, or)
KL_UNIFORM_INT_OPS(long)
KL_LOOP_FOLD(ulong, and) KL_LOOP_FOLD(ulong, or)
KL_UNIFORM_INT_OPS(ulong)

#define KL_UNIFORM_MUL(T) KL_LOOP_FOLD(T, mul) KL_REDUCE(T, mul) KL_SCANS(T, mul)
KL_UNIFORM_MUL(float)
KL_UNIFORM_MUL(double)
#ifdef cl_khr_fp16
KL_UNIFORM_MUL(half)
#endif

/* The logical forms: the same protocol over (predicate != 0). */
KL_LOOP_FOLD(int, land) KL_LOOP_FOLD(int, lor) KL_LOOP_FOLD(int, lxor)
KL_SCAN_IN(int, land) KL_SCAN_EX(int, land)
KL_SCAN_IN(int, lor) KL_SCAN_EX(int, lor)
KL_SCAN_IN(int, lxor) KL_SCAN_EX(int, lxor)

#define KL_LOGICAL(NAME, OPN)                                                  \
	__attribute__((overloadable, convergent)) int                          \
	work_group_reduce_logical_##NAME(int predicate)                        \
	KL_FOLD_BODY(int, OPN, predicate != 0)                                 \
	__attribute__((overloadable, convergent)) int                          \
	work_group_scan_inclusive_logical_##NAME(int predicate)                \
	{                                                                      \
		size_t lin = get_local_linear_id();                            \
		KL_SLOT(int, kl_scratch(), lin) = predicate != 0;              \
		__kiln_barrier(KL_FENCE);                                      \
		if (lin == 0)                                                  \
			kl_scan_in_##OPN##_int(kl_scratch(), kl_items());      \
		__kiln_barrier(KL_FENCE);                                      \
		return KL_SLOT(int, kl_scratch(), lin);                        \
	}                                                                      \
	__attribute__((overloadable, convergent)) int                          \
	work_group_scan_exclusive_logical_##NAME(int predicate)                \
	{                                                                      \
		size_t lin = get_local_linear_id();                            \
		KL_SLOT(int, kl_scratch(), lin) = predicate != 0;              \
		__kiln_barrier(KL_FENCE);                                      \
		if (lin == 0)                                                  \
			kl_scan_ex_##OPN##_int(kl_scratch(), kl_items());      \
		__kiln_barrier(KL_FENCE);                                      \
		return KL_SLOT(int, kl_scratch(), lin);                        \
	}
KL_LOGICAL(and, land)
KL_LOGICAL(or, lor)
KL_LOGICAL(xor, lxor)

/* The SPIR-V translator reads OpGroupBitwise{And,Or,Xor}KHR back as
 * work_group_<reduce|scan_*>_bitwise_<op> (OpGroupIMulKHR and the logical
 * forms as the names above), with int or long operands. */
#define KL_BITWISE_NAME(T, KIND, OP)                                           \
	__attribute__((overloadable, convergent)) T                            \
	work_group_##KIND##_bitwise_##OP(T x)                                  \
	{                                                                      \
		return work_group_##KIND##_##OP(x);                            \
	}
#define KL_BITWISE_NAMES(T, OP)                                                \
	KL_BITWISE_NAME(T, reduce, OP)                                         \
	KL_BITWISE_NAME(T, scan_inclusive, OP)                                 \
	KL_BITWISE_NAME(T, scan_exclusive, OP)
#define KL_BITWISE_TYPE(T)                                                     \
	KL_BITWISE_NAMES(T, and) KL_BITWISE_NAMES(T, or) KL_BITWISE_NAMES(T, xor)
KL_BITWISE_TYPE(int)
KL_BITWISE_TYPE(uint)
KL_BITWISE_TYPE(long)
KL_BITWISE_TYPE(ulong)
