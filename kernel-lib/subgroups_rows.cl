/* Sub-group reductions and scans over a row of the group scratch: the
 * combining step of every sub_group_reduce_, _scan_inclusive_ and
 * _scan_exclusive_ function (core, non-uniform and Intel names) where the
 * work-items of a group run as work-item loops between barriers.
 *
 * On that path (subgroups.h, KL_SG_COLLECTIVE) each work-item stores its
 * value at row[lin] (lin: its linearized local id), the group meets, and
 * each work-item calls
 *
 *     T __kiln_sgrow_<op>_<T>(lo, hi, lin, S, L, kind)
 *
 * (lo, hi: the row's address in two halves; S: the sub-group size; L: the
 * group's work-items; kind: KL_ROW_REDUCE, _INCLUSIVE or _EXCLUSIVE), which
 * combines the values of lin's sub-group.  The call stays a call until
 * LLVM's loop vectorizer: each of these functions has a companion
 * `<name>_vec` taking and returning vectors of VF lanes (VF below), which
 * the compiler names to the vectorizer as the function's vector variant
 * (lib/compiler/vector_variants.cpp).  A vectorized work-item loop then
 * calls the companion once per VF work-items; for a chunk of VF consecutive
 * work-items inside one whole sub-group it loads the sub-group's values as
 * vectors and combines them in registers, else it calls the scalar
 * function for each lane.  Both give the same results for every lane, so
 * where the vectorizer stops (the remainder of a loop) scalar calls carry
 * on with no seam:
 *   - reductions of a whole sub-group whose size is a multiple of VF: VF
 *     accumulators (lane i folds the values at i, i + VF, ...), then a
 *     halving tree (kl_row_tree); otherwise a left-to-right fold;
 *   - scans: a left-to-right fold from the sub-group's first lane, the
 *     order of the generic path.
 * Every work-item computes its own result from the row, so no work-item
 * writes what another still reads, and the functions only read memory.
 * The order of floating-point operations of reductions is not the
 * generic path's; OpenCL C 3.0 §6.15.16 leaves it to the implementation
 * (and all lanes of one sub-group get the same value). */
#include "subgroups.h"

/* Lanes per companion call: one register's worth of 32-bit lanes (64-bit
 * lanes for 64-bit types), so that every vector argument and the result
 * fit a register of the ISA level and are passed as vectors
 * (kl_gentype.h). */
#define KL_RVF_32 KL_REG_LANES_32
#define KL_RVF_64 KL_REG_LANES_64
#define KL_RVF_char KL_RVF_32
#define KL_RVF_uchar KL_RVF_32
#define KL_RVF_short KL_RVF_32
#define KL_RVF_ushort KL_RVF_32
#define KL_RVF_int KL_RVF_32
#define KL_RVF_uint KL_RVF_32
#define KL_RVF_float KL_RVF_32
#define KL_RVF_half KL_RVF_32
#define KL_RVF_long KL_RVF_64
#define KL_RVF_ulong KL_RVF_64
#define KL_RVF_double KL_RVF_64

#define KL_CAT_(a, b) a##b
#define KL_CAT(a, b) KL_CAT_(a, b)
/* T's vector of VF lanes, and VF uints. */
#define KL_RV(T) KL_CAT(T, KL_RVF_##T)
#define KL_RU(T) KL_CAT(uint, KL_RVF_##T)
#define KL_RVLOAD(T) KL_CAT(vload, KL_RVF_##T)
#define KL_RVSTORE(T) KL_CAT(vstore, KL_RVF_##T)

/* Element-wise min and max that apply to scalars and vectors alike: the
 * integer minimum of the type, or IEEE minNum for floating point (a NaN
 * operand gives the other one), which is fmin's rule. */
#define KL_RMIN(a, b) __builtin_elementwise_min(a, b)
#define KL_RMAX(a, b) __builtin_elementwise_max(a, b)

/* lin % s without a division where s is a power of two (every sub-group
 * size Kiln runs: a division would cost more than the vector reduction) */
KL_INL uint kl_row_lane(uint lin, uint s)
{
	return (s & (s - 1u)) == 0u ? lin & (s - 1u) : lin % s;
}

KL_INL __global const uchar *kl_row_addr(uint lo, uint hi)
{
	return (__global const uchar *)(((ulong)hi << 32) | lo);
}

/* One (operator, type): the tree, the scalar function and its companion. */
#define KL_ROW(OPN, T, OP, ID)                                                 \
	KL_INL T kl_row_tree_##OPN##_##T(__private T *a)                       \
	{                                                                      \
		for (uint w = KL_RVF_##T / 2u; w; w >>= 1)                     \
			for (uint i = 0; i < w; i++)                           \
				a[i] = OP(a[i], a[i + w]);                     \
		return a[0];                                                   \
	}                                                                      \
                                                                               \
	T __attribute__((noinline)) __kiln_sgrow_##OPN##_##T(                  \
		uint lo, uint hi, uint lin, uint s, uint l, uint kind)         \
	{                                                                      \
		__global const T *p = (__global const T *)kl_row_addr(lo, hi); \
		uint base = lin - kl_row_lane(lin, s);                         \
		uint n = l - base < s ? l - base : s;                          \
		uint end = kind == KL_ROW_INCLUSIVE ? lin + 1u                 \
			 : kind == KL_ROW_EXCLUSIVE ? lin : base + n;          \
		if (kind == KL_ROW_REDUCE && n == s && s % KL_RVF_##T == 0u) { \
			T a[KL_RVF_##T];                                       \
			for (uint i = 0; i < KL_RVF_##T; i++)                  \
				a[i] = p[base + i];                            \
			for (uint j = KL_RVF_##T; j < s; j += KL_RVF_##T)      \
				for (uint i = 0; i < KL_RVF_##T; i++)          \
					a[i] = OP(a[i], p[base + j + i]);      \
			return kl_row_tree_##OPN##_##T(a);                     \
		}                                                              \
		if (end == base)                                               \
			return ID;                                             \
		T r = p[base];                                                 \
		for (uint i = base + 1u; i < end; i++)                         \
			r = OP(r, p[i]);                                       \
		return r;                                                      \
	}                                                                      \
                                                                               \
	KL_RV(T) __attribute__((noinline)) __kiln_sgrow_##OPN##_##T##_vec(     \
		KL_RU(T) lo, KL_RU(T) hi, KL_RU(T) lin, KL_RU(T) s,            \
		KL_RU(T) l, KL_RU(T) kind)                                     \
	{                                                                      \
		const uint vf = KL_RVF_##T;                                    \
		uint first = lin.s0, size = s.s0, items = l.s0, k = kind.s0;   \
		__global const T *p = (__global const T *)kl_row_addr(lo.s0, hi.s0); \
		uint base = first - kl_row_lane(first, size);                  \
		T out[KL_RVF_##T];                                             \
		bool whole = size % vf == 0u && first % vf == 0u &&            \
			     base + size <= items && lin[vf - 1u] == first + vf - 1u; \
		if (whole && k == KL_ROW_REDUCE) {                             \
			KL_RV(T) acc = KL_RVLOAD(T)(0, p + base);              \
			for (uint j = vf; j < size; j += vf)                   \
				acc = OP(acc, KL_RVLOAD(T)(0, p + base + j));  \
			KL_RVSTORE(T)(acc, 0, out);                            \
			return (KL_RV(T))(kl_row_tree_##OPN##_##T(out));       \
		}                                                              \
		if (whole) {                                                   \
			/* left to right from the sub-group's first lane */    \
			T r = p[base];                                         \
			for (uint i = base + 1u; i < first; i++)               \
				r = OP(r, p[i]);                               \
			bool none = first == base;                             \
			for (uint i = 0; i < vf; i++) {                        \
				T v = p[first + i];                            \
				T incl = none && i == 0u ? v : OP(r, v);       \
				out[i] = k == KL_ROW_INCLUSIVE ? incl          \
					 : none && i == 0u ? (T)(ID) : r;      \
				r = incl;                                      \
			}                                                      \
			return KL_RVLOAD(T)(0, out);                           \
		}                                                              \
		for (uint i = 0; i < vf; i++)                                  \
			out[i] = __kiln_sgrow_##OPN##_##T(lo.s0, hi.s0, lin[i], \
							  size, items, k);     \
		return KL_RVLOAD(T)(0, out);                                   \
	}

#define KL_ROW_ARITH(T)                                                        \
	KL_ROW(add, T, KL_SG_ADD, (T)0)                                        \
	KL_ROW(mul, T, KL_SG_MUL, (T)1)                                        \
	KL_ROW(min, T, KL_RMIN, KL_SG_LARGEST(T))                              \
	KL_ROW(max, T, KL_RMAX, KL_SG_SMALLEST(T))
KL_SG_SCALAR_TYPES(KL_ROW_ARITH)

#define KL_ROW_BITWISE(T)                                                      \
	KL_ROW(and, T, KL_SG_AND, (T)~0)                                       \
	KL_ROW(or, T, KL_SG_OR, (T)0)                                          \
	KL_ROW(xor, T, KL_SG_XOR, (T)0)
KL_SG_INTEGER_TYPES(KL_ROW_BITWISE)

/* Predicates are stored as 0 or 1 (KL_SG_BOOL). */
KL_ROW(logical_and, int, KL_SG_LAND, 1)
KL_ROW(logical_or, int, KL_SG_LOR, 0)
KL_ROW(logical_xor, int, KL_SG_LXOR, 0)
