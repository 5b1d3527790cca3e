/* Integer built-in functions, OpenCL C 3.0 section 6.15.4, for every integer
 * type and vector width.
 *
 * Bodies that are plain vector expressions are written once and expanded
 * over all widths (they map onto LLVM vector instructions); the others are
 * written for the scalar and reach vectors through KL_SPLIT*. */
#include "kl_gentype.h"

/* ---- abs, abs_diff: results are the unsigned type, so abs(INT_MIN) and
 * abs_diff(INT_MIN, INT_MAX) are exact.  Vector abs is LLVM's abs with
 * INT_MIN allowed (it stays 0x80..., the right unsigned value). ---- */
#define ABS_SIGNED(T, U) U KL_OVL abs(T x) { return x < 0 ? (U)(-(U)x) : (U)x; }
#define ABS_SIGNED_V(T, U) U KL_OVL abs(T x) { return as_##U(__builtin_elementwise_abs(x)); }
#define ABS_UNSIGNED(T, U) U KL_OVL abs(T x) { return x; }
#define ABS_DIFF(T, U)                                                         \
	U KL_OVL abs_diff(T x, T y)                                            \
	{                                                                      \
		U d = as_##U(x) - as_##U(y), e = as_##U(y) - as_##U(x);       \
		return x > y ? d : e;                                          \
	}

/* ---- min, max, clamp: vector-or-scalar expressions. ---- */
#define MINMAX(T, S)                                                           \
	T KL_OVL max(T x, T y) { return x > y ? x : y; }                       \
	T KL_OVL min(T x, T y) { return x < y ? x : y; }                       \
	T KL_OVL clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }
#define MINMAX_SCALAR_ARG(T, S)                                                \
	T KL_OVL max(T x, S y) { return max(x, (T)y); }                        \
	T KL_OVL min(T x, S y) { return min(x, (T)y); }                        \
	T KL_OVL clamp(T x, S lo, S hi) { return clamp(x, (T)lo, (T)hi); }

/* ---- hadd, rhadd: (x + y) >> 1 without the intermediate overflow:
 * with x = 2a + p, y = 2b + q, floor((x+y)/2) = a + b + (p & q) and the
 * rounded-up form is a + b + (p | q). ---- */
#define HADD(T, U)                                                             \
	T KL_OVL hadd(T x, T y)                                                \
	{ return (T)((x >> (T)1) + (y >> (T)1) + (x & y & (T)1)); }             \
	T KL_OVL rhadd(T x, T y)                                               \
	{ return (T)((x >> (T)1) + (y >> (T)1) + ((x | y) & (T)1)); }

/* ---- mad24, mul24 (int and uint only): the product wraps in 32 bits. ---- */
#define MUL24(T, U)                                                            \
	T KL_OVL mul24(T x, T y) { return as_##T(as_##U(x) * as_##U(y)); }    \
	T KL_OVL mad24(T x, T y, T z)                                          \
	{ return as_##T(as_##U(x) * as_##U(y) + as_##U(z)); }

/* ---- add_sat, sub_sat: scalars through the overflow builtins (the
 * elementwise builtins would see promoted char/short scalars), vectors
 * through LLVM's saturating intrinsics. ---- */
#define SAT_SCALAR(T, U, MIN, MAX, BITS)                                       \
	T KL_OVL add_sat(T x, T y)                                             \
	{                                                                      \
		T r;                                                           \
		if (__builtin_add_overflow(x, y, &r))                          \
			r = y > 0 ? (T)(MAX) : (T)(MIN);                       \
		return r;                                                      \
	}                                                                      \
	T KL_OVL sub_sat(T x, T y)                                             \
	{                                                                      \
		T r;                                                           \
		if (__builtin_sub_overflow(x, y, &r))                          \
			r = y > 0 ? (T)(MIN) : (T)(MAX);                       \
		return r;                                                      \
	}
#define SAT_VECTOR(T, U)                                                       \
	T KL_OVL add_sat(T x, T y) { return __builtin_elementwise_add_sat(x, y); } \
	T KL_OVL sub_sat(T x, T y) { return __builtin_elementwise_sub_sat(x, y); }

/* ---- clz, ctz, popcount: on the zero-extended value. ---- */
#define BITCOUNT(T, U, MIN, MAX, BITS)                                         \
	T KL_OVL clz(T x)                                                      \
	{                                                                      \
		ulong v = (U)x;                                                \
		return v ? (T)(__builtin_clzl(v) - (64 - BITS)) : (T)BITS;     \
	}                                                                      \
	T KL_OVL ctz(T x)                                                      \
	{                                                                      \
		ulong v = (U)x;                                                \
		return v ? (T)__builtin_ctzl(v) : (T)BITS;                     \
	}                                                                      \
	T KL_OVL popcount(T x) { return (T)__builtin_popcountl((U)x); }        \
	KL_SPLIT1(clz, T, T) KL_SPLIT1(ctz, T, T) KL_SPLIT1(popcount, T, T)

/* ---- rotate: bits shifted out on the left come back on the right; the
 * count is taken modulo the width.  Vectors in one expression: OpenCL C
 * masks a vector shift's count to the element's width (§6.5.7), so
 * (x << s) | (x >> -s) is the rotation for every s, 0 included, and LLVM
 * makes it one funnel shift of the whole vector (split per element, a
 * uint16 rotate was 16 scalar ones, and hash kernels are mostly rotates).
 * ---- */
#define ROTATE_V(T, U)                                                         \
	T KL_OVL rotate(T v, T i)                                              \
	{                                                                      \
		U x = as_##U(v), s = as_##U(i);                                \
		return as_##T((x << s) | (x >> -s));                           \
	}
#define ROTATE(T, U, MIN, MAX, BITS)                                           \
	T KL_OVL rotate(T v, T i)                                              \
	{                                                                      \
		U x = (U)v;                                                    \
		uint s = (uint)i & (BITS - 1);                                 \
		return (T)(U)(s ? (x << s) | (x >> (BITS - s)) : x);           \
	}                                                                      \
	ROTATE_V(T##2, U##2) ROTATE_V(T##3, U##3) ROTATE_V(T##4, U##4)         \
	ROTATE_V(T##8, U##8) ROTATE_V(T##16, U##16)

/* ---- mul_hi, mad_hi, mad_sat: through a type twice as wide. ---- */
#define WIDE_OPS(T, U, MIN, MAX, W)                                            \
	T KL_OVL mul_hi(T x, T y)                                              \
	{ return (T)(((W)x * (W)y) >> (8 * sizeof(T))); }                      \
	T KL_OVL mad_hi(T x, T y, T z) { return mul_hi(x, y) + z; }            \
	T KL_OVL mad_sat(T x, T y, T z)                                        \
	{                                                                      \
		W r = (W)x * (W)y + (W)z;                                      \
		return r < (W)(MIN) ? (T)(MIN) : r > (W)(MAX) ? (T)(MAX) : (T)r; \
	}                                                                      \
	KL_SPLIT2(mul_hi, T, T, T) KL_SPLIT3(mad_hi, T, T, T, T)               \
	KL_SPLIT3(mad_sat, T, T, T, T)

/* ---- upsample: (hi << bits(lo)) | lo into the type twice as wide. ---- */
#define UPSAMPLE(T, U, R, BITS)                                                \
	R KL_OVL upsample(T hi, U lo) { return (R)(((R)hi << BITS) | (R)lo); } \
	KL_SPLIT2(upsample, R, T, U)

#define SIGNED_ALL(T, U)                                                       \
	ABS_SIGNED(T, U) ABS_SIGNED_V(T##2, U##2) ABS_SIGNED_V(T##3, U##3)     \
	ABS_SIGNED_V(T##4, U##4) ABS_SIGNED_V(T##8, U##8)                      \
	ABS_SIGNED_V(T##16, U##16) KL_WIDTHS2(ABS_DIFF, T, U)
#define EVERY(T, U, MIN, MAX, BITS)                                            \
	KL_WIDTHS2(MINMAX, T, T)                                               \
	KL_VECTORS_S(MINMAX_SCALAR_ARG, T) \
	KL_WIDTHS2(HADD, T, U)                                                 \
	SAT_SCALAR(T, U, MIN, MAX, BITS)                                       \
	SAT_VECTOR(T##2, U##2) SAT_VECTOR(T##3, U##3) SAT_VECTOR(T##4, U##4)   \
	SAT_VECTOR(T##8, U##8) SAT_VECTOR(T##16, U##16)                        \
	BITCOUNT(T, U, MIN, MAX, BITS)                                         \
	ROTATE(T, U, MIN, MAX, BITS)

KL_INTEGER_TYPES(EVERY)

SIGNED_ALL(char, uchar)
SIGNED_ALL(short, ushort)
SIGNED_ALL(int, uint)
SIGNED_ALL(long, ulong)
KL_WIDTHS2(ABS_UNSIGNED, uchar, uchar)
KL_WIDTHS2(ABS_UNSIGNED, ushort, ushort)
KL_WIDTHS2(ABS_UNSIGNED, uint, uint)
KL_WIDTHS2(ABS_UNSIGNED, ulong, ulong)
KL_WIDTHS2(ABS_DIFF, uchar, uchar)
KL_WIDTHS2(ABS_DIFF, ushort, ushort)
KL_WIDTHS2(ABS_DIFF, uint, uint)
KL_WIDTHS2(ABS_DIFF, ulong, ulong)

KL_WIDTHS2(MUL24, int, uint)
KL_WIDTHS2(MUL24, uint, uint)

WIDE_OPS(char, uchar, CHAR_MIN, CHAR_MAX, int)
WIDE_OPS(uchar, uchar, 0, UCHAR_MAX, uint)
WIDE_OPS(short, ushort, SHRT_MIN, SHRT_MAX, int)
WIDE_OPS(ushort, ushort, 0, USHRT_MAX, uint)
WIDE_OPS(int, uint, INT_MIN, INT_MAX, long)
WIDE_OPS(uint, uint, 0, UINT_MAX, ulong)
WIDE_OPS(long, ulong, LONG_MIN, LONG_MAX, __int128)
WIDE_OPS(ulong, ulong, 0, ULONG_MAX, unsigned __int128)

UPSAMPLE(char, uchar, short, 8)
UPSAMPLE(uchar, uchar, ushort, 8)
UPSAMPLE(short, ushort, int, 16)
UPSAMPLE(ushort, ushort, uint, 16)
UPSAMPLE(int, uint, long, 32)
UPSAMPLE(uint, uint, ulong, 32)
