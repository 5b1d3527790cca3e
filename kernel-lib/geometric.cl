/* Geometric functions, OpenCL C 3.0 section 6.15.6: float and double,
 * scalars and vectors of 2, 3 and 4 components (cross: 3 and 4 only).
 *
 * length, distance and normalize scale the vector by a power of two when
 * the sum of squares would overflow or lose precision to underflow, so the
 * result is right over the whole range (the spec defines them as the exact
 * sqrt(x0^2 + x1^2 + ...)).  The fast_ forms (float only) do not. */
#include "kl_gentype.h"

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
				p *= (T)(DOWN);                                \
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
		float s = dot(p, p);                                           \
		return s == 0.0f ? p : p * (T)(1.0f / __builtin_sqrtf(s));     \
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

TYPE(float, __builtin_sqrtf, 0x1p-90f, 0x1p-70f, 0x1p+80f)
TYPE(double, __builtin_sqrt, 0x1p-900, 0x1p-600, 0x1p+600)
FAST(float) FAST(float2) FAST(float3) FAST(float4)
