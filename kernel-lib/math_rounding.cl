/* Rounding built-ins, OpenCL C 3.0 section 6.15.2: ceil floor trunc round
 * rint (exact, LLVM intrinsics that are SSE4.1 roundss/roundsd) and fract,
 * modf with their pointer forms in every address space. */
#include "math_internal.h"

#define ROUND1(T, SUF)                                                         \
	T KL_OVL ceil(T x) { return __builtin_ceil##SUF(x); }                  \
	T KL_OVL floor(T x) { return __builtin_floor##SUF(x); }                \
	T KL_OVL trunc(T x) { return __builtin_trunc##SUF(x); }                \
	T KL_OVL round(T x) { return __builtin_round##SUF(x); }                \
	T KL_OVL rint(T x) { return __builtin_rint##SUF(x); }
ROUND1(float, f)
ROUND1(double, )
#define ROUND_SPLIT(T)                                                         \
	KL_SPLIT1(ceil, T, T) KL_SPLIT1(floor, T, T) KL_SPLIT1(trunc, T, T)    \
	KL_SPLIT1(round, T, T) KL_SPLIT1(rint, T, T)
ROUND_SPLIT(float)
ROUND_SPLIT(double)

/* fract: fmin(x - floor x, largest below 1); -0 -> -0, +-inf -> +-0,
 * NaN -> NaN with *iptr = floor x (section 6.15.2). */
#define FRACT_S(T, SUF, MAXF)                                                  \
	KL_INL T kl_fract_##T(T x, T *ip)                                      \
	{                                                                      \
		T f = __builtin_floor##SUF(x);                                 \
		T r = __builtin_fmin##SUF(x - f, MAXF);                        \
		r = __builtin_fabs##SUF(x) == (T)INFINITY ? __builtin_copysign##SUF((T)0, x) : r; \
		r = x == (T)0 ? x : r;                                         \
		r = x != x ? x : r;                                            \
		*ip = f;                                                       \
		return r;                                                      \
	}                                                                      \
	KL_INL T kl_modf_##T(T x, T *ip)                                       \
	{                                                                      \
		T t = __builtin_trunc##SUF(x);                                 \
		T r = __builtin_fabs##SUF(x) == (T)INFINITY ? (T)0 : x - t;    \
		*ip = t;                                                       \
		return x != x ? x : __builtin_copysign##SUF(r, x);             \
	}
FRACT_S(float, f, 0x1.fffffep-1f)
FRACT_S(double, , 0x1.fffffffffffffp-1)

#define PTR_FN(NAME, AS, T)                                                    \
	T KL_OVL NAME(T x, AS T *p)                                            \
	{ T i; T r = kl_##NAME##_##T(x, &i); *p = i; return r; }               \
	PTR_FNV(NAME, AS, T, 2) PTR_FNV(NAME, AS, T, 3) PTR_FNV(NAME, AS, T, 4) \
	PTR_FNV(NAME, AS, T, 8) PTR_FNV(NAME, AS, T, 16)
#define PTR_FNV(NAME, AS, T, W)                                                \
	T##W KL_OVL NAME(T##W x, AS T##W *p)                                   \
	{                                                                      \
		T##W r, iv;                                                    \
		for (int k = 0; k < (W); k++) {                                \
			T i;                                                   \
			r[k] = kl_##NAME##_##T(x[k], &i);                      \
			iv[k] = i;                                             \
		}                                                              \
		*p = iv;                                                       \
		return r;                                                      \
	}
#define PTR_ALL(AS, T) PTR_FN(fract, AS, T) PTR_FN(modf, AS, T)
KL_AS_WRITABLE(PTR_ALL, float)
KL_AS_WRITABLE(PTR_ALL, double)
