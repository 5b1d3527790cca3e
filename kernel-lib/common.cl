/* Common functions, OpenCL C 3.0 section 6.15.5, for float and double and
 * every vector width.  Each body is one vector-or-scalar expression, so the
 * vector forms become LLVM vector instructions. */
#include "kl_gentype.h"

/* max, min and clamp follow fmax/fmin (LLVM maxnum/minnum): the spec leaves
 * NaN inputs undefined and clamp is defined as fmin(fmax(x, lo), hi). */
#define COMMON(T, S)                                                           \
	T KL_OVL max(T x, T y) { return __builtin_elementwise_max(x, y); }     \
	T KL_OVL min(T x, T y) { return __builtin_elementwise_min(x, y); }     \
	T KL_OVL clamp(T x, T lo, T hi)                                        \
	{ return __builtin_elementwise_min(__builtin_elementwise_max(x, lo), hi); } \
	T KL_OVL degrees(T r) { return (T)(S)(180.0 / M_PI) * r; }             \
	T KL_OVL radians(T d) { return (T)(S)(M_PI / 180.0) * d; }             \
	T KL_OVL mix(T x, T y, T a) { return x + (y - x) * a; }                \
	T KL_OVL step(T edge, T x) { return x < edge ? (T)0 : (T)1; }          \
	T KL_OVL smoothstep(T e0, T e1, T x)                                   \
	{                                                                      \
		T t = clamp((x - e0) / (e1 - e0), (T)0, (T)1);                 \
		return t * t * ((T)3 - (T)2 * t);                              \
	}                                                                      \
	/* +-1 by sign; +-0 keep their sign; NaN gives 0. */                   \
	T KL_OVL sign(T x)                                                     \
	{                                                                      \
		return x > (T)0 ? (T)1 : x < (T)0 ? (T)-1 : x == x ? x : (T)0; \
	}

/* The forms that take a scalar for some of the arguments. */
#define COMMON_SCALAR_ARGS(T, S)                                               \
	T KL_OVL max(T x, S y) { return max(x, (T)y); }                        \
	T KL_OVL min(T x, S y) { return min(x, (T)y); }                        \
	T KL_OVL clamp(T x, S lo, S hi) { return clamp(x, (T)lo, (T)hi); }     \
	T KL_OVL mix(T x, T y, S a) { return mix(x, y, (T)a); }                \
	T KL_OVL step(S edge, T x) { return step((T)edge, x); }                \
	T KL_OVL smoothstep(S e0, S e1, T x) { return smoothstep((T)e0, (T)e1, x); }

#define COMMON_TYPE(S)                                                         \
	COMMON(S, S) COMMON(S##2, S) COMMON(S##3, S) COMMON(S##4, S)           \
	COMMON(S##8, S) COMMON(S##16, S) KL_VECTORS_S(COMMON_SCALAR_ARGS, S)

COMMON_TYPE(float)
COMMON_TYPE(double)
