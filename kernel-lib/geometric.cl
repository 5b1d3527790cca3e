/* Geometric functions, OpenCL C 3.0 section 6.15.6: float and double,
 * scalars and vectors of 2, 3 and 4 components (cross: 3 and 4 only).
 *
 * length, distance and normalize scale the vector by a power of two when
 * the sum of squares would overflow or lose precision to underflow, so the
 * result is right over the whole range (the spec defines them as the exact
 * sqrt(x0^2 + x1^2 + ...)).  The fast_ forms (float only) do not.
 *
 * Scaling up (a tiny vector) is exact: UP brings the largest component of
 * any vector whose sum of squares is below SMALL to where its square is a
 * normal number, even from the smallest denormal.  Scaling down (a huge
 * vector) is not: a small component of a huge vector would fall below the
 * denormals before the division and come back as 0 although p / |p| is
 * representable.  So normalize divides first and scales afterwards, by
 * 2^-k for the largest component's exponent k (the result then rounds
 * once where it is a denormal). */
#include "kl_gentype.h"

/* The largest of the components (no NaN here: callers check first). */
#define MAXC(T, S)                                                             	KL_INL S KL_OVL kl_maxc(T a) { return a; }                             	KL_INL S KL_OVL kl_maxc(T##2 a) { return a.x > a.y ? a.x : a.y; }      	KL_INL S KL_OVL kl_maxc(T##3 a) { return kl_maxc((T##2)(kl_maxc(a.xy), a.z)); } 	KL_INL S KL_OVL kl_maxc(T##4 a) { return kl_maxc((T##2)(kl_maxc(a.xy), kl_maxc(a.zw))); }
MAXC(float, float)
MAXC(double, double)

/* 2^-k for a finite m >= 1 with exponent k, k at most the largest exponent
 * whose negative is still normal (126, 1022), so the factor is exact. */
KL_INL float KL_OVL kl_inv_pow2(float m)
{
	uint k = ((as_uint(m) >> 23) & 0xffu) - 127u;
	k = k > 126u ? 126u : k;
	return as_float((127u - k) << 23);
}
KL_INL double KL_OVL kl_inv_pow2(double m)
{
	ulong k = ((as_ulong(m) >> 52) & 0x7fful) - 1023ul;
	k = k > 1022ul ? 1022ul : k;
	return as_double((1023ul - k) << 52);
}

#define DOT(T, S, SUM)                                                         \
	S KL_OVL dot(T p0, T p1) { T m = p0 * p1; return SUM; }

/* BIG: sums of squares at or above it overflowed; SMALL: below it, squares
 * may have lost bits to underflow.  DOWN and UP bring them back in range. */
#define GEOMETRIC(T, S, SQRT, SMALL, DOWN, UP)                                 \
	S KL_OVL length(T p)                                                   \
	{                                                                      \
		S s = dot(p, p);                                               \
		if (__builtin_isinf(s)) {                                      \
			p *= (T)(DOWN);                                        \
			return SQRT(dot(p, p)) / (S)(DOWN);                    \
		}                                                              \
		if (s < (S)(SMALL)) {                                          \
			p *= (T)(UP);                                          \
			return SQRT(dot(p, p)) / (S)(UP);                      \
		}                                                              \
		return SQRT(s);                                                \
	}                                                                      \
	S KL_OVL distance(T p0, T p1) { return length(p0 - p1); }              \
	/* All zero: p itself.  Infinite components become +-1 and the others \
	 * 0 before normalizing; a NaN anywhere gives NaN (OpenCL C 6.15.6). */ \
	T KL_OVL normalize(T p)                                                \
	{                                                                      \
		T a = __builtin_elementwise_abs(p);                            \
		S s = dot(p, p);                                               \
		if (__builtin_isinf(s)) {                                      \
			T inf = (T)(S)INFINITY;                                \
			T is_inf = a == inf ? (T)1 : (T)0;                     \
			if (dot(is_inf, is_inf) != (S)0) {                     \
				/* p * 0 keeps NaNs and zeroes the rest */     \
				T one = p < (T)0 ? (T)-1 : (T)1;               \
				p = a == inf ? one : p * (T)0;                 \
			} else {                                               \
				/* |p| / 2^k in [1, 2 sqrt(n)): p over it  \
				 * cannot overflow, and scaling by 2^-k    \
				 * rounds last. */                         \
				T k = (T)kl_inv_pow2(kl_maxc(a));              \
				T q = p * k;                                   \
				return p / (T)SQRT(dot(q, q)) * k;             \
			}                                                      \
			s = dot(p, p);                                         \
		} else if (s < (S)(SMALL)) {                                   \
			p *= (T)(UP);                                          \
			s = dot(p, p);                                         \
			if (s == (S)0)                                         \
				return p / (T)(UP);                            \
		}                                                              \
		return p / (T)SQRT(s);                                         \
	}

#define FAST(T)                                                                \
	float KL_OVL fast_length(T p) { return __builtin_sqrtf(dot(p, p)); }   \
	float KL_OVL fast_distance(T p0, T p1) { return fast_length(p0 - p1); } \
	T KL_OVL fast_normalize(T p)                                           \
	{                                                                      \
		/* §6.15.6: below FLT_MIN the result may be p itself (a     \
		 * denormal sum has too few bits for the 8192-ulp bound). */ \
		float s = dot(p, p);                                           \
		return s < FLT_MIN ? p : p * (T)(1.0f / __builtin_sqrtf(s));   \
	}

#define CROSS(T)                                                               \
	T##3 KL_OVL cross(T##3 a, T##3 b)                                      \
	{                                                                      \
		return (T##3)(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,    \
			      a.x * b.y - a.y * b.x);                          \
	}                                                                      \
	T##4 KL_OVL cross(T##4 a, T##4 b)                                      \
	{                                                                      \
		return (T##4)(cross(a.xyz, b.xyz), (T)0);                      \
	}

#define TYPE(S, SQRT, SMALL, DOWN, UP)                                         \
	DOT(S, S, m)                                                           \
	DOT(S##2, S, m.x + m.y)                                                \
	DOT(S##3, S, m.x + m.y + m.z)                                          \
	DOT(S##4, S, (m.x + m.y) + (m.z + m.w))                                \
	GEOMETRIC(S, S, SQRT, SMALL, DOWN, UP)                                 \
	GEOMETRIC(S##2, S, SQRT, SMALL, DOWN, UP)                              \
	GEOMETRIC(S##3, S, SQRT, SMALL, DOWN, UP)                              \
	GEOMETRIC(S##4, S, SQRT, SMALL, DOWN, UP)                              \
	CROSS(S)

TYPE(float, __builtin_sqrtf, 0x1p-90f, 0x1p-70f, 0x1p+100f)
TYPE(double, __builtin_sqrt, 0x1p-900, 0x1p-600, 0x1p+600)
FAST(float) FAST(float2) FAST(float3) FAST(float4)
