/* Basic math built-ins, OpenCL C 3.0 section 6.15.2: fabs copysign fdim
 * fmax fmin fmod remainder remquo nextafter nan ldexp frexp ilogb logb mad
 * fma maxmag minmag.  All are exact (0 ulp, section 7.4) except mad, whose
 * precision the spec leaves to the implementation. */
#include "math_internal.h"

#define BASIC(T, SUF)                                                          \
	T KL_OVL fabs(T x) { return __builtin_fabs##SUF(x); }                  \
	T KL_OVL copysign(T x, T y) { return __builtin_copysign##SUF(x, y); }  \
	T KL_OVL fmax(T x, T y) { return __builtin_fmax##SUF(x, y); }          \
	T KL_OVL fmin(T x, T y) { return __builtin_fmin##SUF(x, y); }          \
	T KL_OVL fdim(T x, T y)                                                \
	{ return x != x || y != y ? x + y : x > y ? x - y : (T)0; }            \
	T KL_OVL mad(T a, T b, T c) { return a * b + c; }                      \
	T KL_OVL maxmag(T x, T y)                                              \
	{                                                                      \
		T ax = __builtin_fabs##SUF(x), ay = __builtin_fabs##SUF(y);    \
		return ax > ay ? x : ay > ax ? y : __builtin_fmax##SUF(x, y);  \
	}                                                                      \
	T KL_OVL minmag(T x, T y)                                              \
	{                                                                      \
		T ax = __builtin_fabs##SUF(x), ay = __builtin_fabs##SUF(y);    \
		return ax < ay ? x : ay < ax ? y : __builtin_fmin##SUF(x, y);  \
	}
BASIC(float, f)
BASIC(double, )

#define BASIC_SPLIT(T)                                                         \
	KL_SPLIT1(fabs, T, T) KL_SPLIT2(copysign, T, T, T)                     \
	KL_SPLIT2(fmax, T, T, T) KL_SPLIT2(fmin, T, T, T)                      \
	KL_SPLIT2(fdim, T, T, T)                                               \
	KL_SPLIT2(maxmag, T, T, T) KL_SPLIT2(minmag, T, T, T)
BASIC_SPLIT(float)
BASIC_SPLIT(double)
/* mad of vectors in one expression: the same multiply-add per element as
 * the scalar form, kept a vector operation (split through the scalars, a
 * float16 kernel kept whole ran 16 scalar multiply-adds per call) */
#define MAD_V(V, S) V KL_OVL mad(V a, V b, V c) { return a * b + c; }
KL_VECTORS_S(MAD_V, float)
KL_VECTORS_S(MAD_V, double)
#define FMAXMIN_S(V, S)                                                        \
	V KL_OVL fmax(V x, S y) { return fmax(x, (V)y); }                      \
	V KL_OVL fmin(V x, S y) { return fmin(x, (V)y); }
KL_VECTORS_S(FMAXMIN_S, float)
KL_VECTORS_S(FMAXMIN_S, double)

/* ---- fma: one rounding of a*b + c ---- */
#ifdef __FMA__
float KL_OVL fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
double KL_OVL fma(double a, double b, double c) { return __builtin_fma(a, b, c); }
#else
/* Without FMA hardware (x86-64-v2), no call to the host's fma(): s + t =
 * a*b + c exactly (products of floats are exact in double); rounding the
 * sum to odd keeps the final rounding to the narrower format correct
 * (Boldo-Melquiond). */
KL_INL double kl_round_odd_sum(double x, double y)
{
	double e;
	double s = kl_two_sum(x, y, &e);
	long b = as_long(s);
	int fix = e != 0.0 && !(b & 1) && kl_isfinite(s);
	/* move one ulp towards e */
	long step = ((e > 0.0) == (s > 0.0)) ? 1 : -1;
	return fix ? as_double(b + step) : s;
}
float KL_OVL fma(float a, float b, float c)
{
	double p = (double)a * (double)b;
	double r = kl_round_odd_sum(p, (double)c);
	/* exact zero sums keep IEEE's sign rules */
	return p + (double)c == 0.0 ? (float)(p + (double)c) : (float)r;
}
/* a*b + c as th + v exactly, rounded once (to odd when `odd`, so that a
 * later scaling into the subnormal range rounds correctly). */
KL_INL double kl_fma_core(double a, double b, double c, double *odd)
{
	double ul;
	double uh = kl_two_prod(a, b, &ul);
	double tl;
	double th = kl_two_sum(c, uh, &tl);
	double v = kl_round_odd_sum(tl, ul);
	double r = th + v;
	*odd = kl_round_odd_sum(th, v);
	return r;
}
double KL_OVL fma(double a, double b, double c)
{
	/* products below 2^-900: Dekker's error term would underflow, so
	 * scale the smaller factor and c by 2^200 and scale back once (the
	 * sum rounded to odd first); products above 2^900 or factors the
	 * split would overflow: scale the larger factor and c by 2^-200 */
	double aa = __builtin_fabs(a), ab = __builtin_fabs(b);
	double mn = aa < ab ? aa : ab, mx = aa < ab ? ab : aa;
	int fin = kl_isfinite(a) && kl_isfinite(b) && kl_isfinite(c) && mn != 0.0;
	int tiny = fin && aa * ab < 0x1p-900 && __builtin_fabs(c) < 0x1p800;
	int big = fin && !tiny && (aa * ab > 0x1p900 || mx > 0x1p995) && mn <= 0x1p995;
	double up = tiny ? 0x1p200 : big ? 0x1p-200 : 1.0;
	double sa = (aa <= ab) == (tiny != 0) ? up : 1.0;
	double sb = (aa <= ab) == (tiny != 0) ? 1.0 : up;
	double ro;
	double r = kl_fma_core(a * sa, b * sb, c * up, &ro);
	/* scaled back into the subnormal range: from the odd rounding */
	int sub = __builtin_fabs(ro) < 0x1p-822;
	r = tiny ? (sub ? ro : r) * 0x1p-200 : big ? r * 0x1p200 : r;
	/* non-finite operands, zero factors, both factors huge: the plain
	 * expression is already the correctly rounded result */
	int plain = !fin || (mn > 0x1p995) ||
		    !(__builtin_fabs((a * sa) * (b * sb)) < 0x1p1000);
	return plain ? a * b + c : r;
}
#endif
KL_SPLIT3(fma, float, float, float, float)
KL_SPLIT3(fma, double, double, double, double)

/* ---- fmod, remainder, remquo: exact, by long division of the integer
 * significands (one subtract-and-shift per bit of exponent difference;
 * the loop runs only when |x| >= |y|). ---- */
KL_INL double kl_remquo_core(double x, double y, int *quo, int nearest)
{
	ulong ux = as_ulong(x) & KL_ABS_MASK, uy = as_ulong(y) & KL_ABS_MASK;
	int ex = (int)(ux >> 52), ey = (int)(uy >> 52);
	ulong mx = (ux & 0x000fffffffffffffUL) | (ex ? 0x0010000000000000UL : 0);
	ulong my = (uy & 0x000fffffffffffffUL) | (ey ? 0x0010000000000000UL : 0);
	/* subnormals: normalize the significands so that the loop's
	 * invariant mx < 2 my holds from the start */
	int sx = ex ? 0 : (mx ? __builtin_clzl(mx) - 11 : 0);
	int sy = ey ? 0 : (my ? __builtin_clzl(my) - 11 : 0);
	mx <<= sx;
	my <<= sy;
	ex = (ex ? ex : 1) - sx;
	ey = (ey ? ey : 1) - sy;
	uint q = 0;
	double r = __builtin_fabs(x);
	if (ux >= uy) {
		for (int d = ex - ey; d > 0; d--) {
			uint b = mx >= my;
			mx -= b ? my : 0;
			q = (q << 1) | b;
			mx <<= 1;
		}
		uint b = mx >= my;
		mx -= b ? my : 0;
		q = (q << 1) | b;
		/* r = mx 2^(ey - 1075), exact (kl_pow2i wants >= -1022) */
		int s = ey - 1075;
		int s1 = s / 2;
		r = (double)mx * kl_pow2i(s1) * kl_pow2i(s - s1);
	}
	double ay = __builtin_fabs(y);
	if (nearest) {
		/* round the quotient to nearest, ties to even */
		int up = r > ay - r || (r == ay - r && (q & 1));
		r = up ? r - ay : r;
		q += up;
	}
	int qs = (as_long(x) ^ as_long(y)) < 0;
	int qq = (int)(q & 0x7f);
	*quo = qs ? -qq : qq;
	r = as_long(x) < 0 ? -r : r;
	int bad = kl_isnan(x) || kl_isnan(y) || kl_isinf(x) || y == 0.0;
	*quo = bad ? 0 : *quo;
	return bad ? NAN : r;
}

KL_INL double kl_fmod(double x, double y)
{
	int q;
	double r = kl_remquo_core(x, y, &q, 0);
	return kl_isinf(y) && kl_isfinite(x) ? x : r;
}
KL_INL double kl_remainder(double x, double y)
{
	int q;
	double r = kl_remquo_core(x, y, &q, 1);
	return kl_isinf(y) && kl_isfinite(x) ? x : r;
}
KL_MATH_F2(fmod, kl_fmod)
KL_MATH_F2(remainder, kl_remainder)

KL_INL double kl_remquo(double x, double y, int *q)
{
	double r = kl_remquo_core(x, y, q, 1);
	int yinf = kl_isinf(y) && kl_isfinite(x);
	*q = yinf ? 0 : *q;
	return yinf ? x : r;
}

#define REMQUO_AS(AS, T)                                                       \
	T KL_OVL remquo(T x, T y, AS int *q)                                   \
	{ int qq; T r = (T)kl_remquo((double)x, (double)y, &qq); *q = qq; return r; } \
	REMQUO_V(AS, T, 2) REMQUO_V(AS, T, 3) REMQUO_V(AS, T, 4)               \
	REMQUO_V(AS, T, 8) REMQUO_V(AS, T, 16)
#define REMQUO_V(AS, T, W)                                                     \
	T##W KL_OVL remquo(T##W x, T##W y, AS int##W *q)                       \
	{                                                                      \
		T##W r;                                                        \
		int##W qv;                                                     \
		for (int k = 0; k < (W); k++) {                                \
			int qq;                                                \
			r[k] = (T)kl_remquo((double)x[k], (double)y[k], &qq);  \
			qv[k] = qq;                                            \
		}                                                              \
		*q = qv;                                                       \
		return r;                                                      \
	}
KL_AS_WRITABLE(REMQUO_AS, float)
KL_AS_WRITABLE(REMQUO_AS, double)

/* ---- bit-level functions ---- */
#define BITS(T, I, U, ABSM, EXPM, MANT, BIAS, MINEXP, CLZ)                          \
	T KL_OVL nextafter(T x, T y)                                           \
	{                                                                      \
		I b = as_##I(x);                                               \
		I step = ((x < y) == (x > (T)0)) ? 1 : -1;                     \
		T r = as_##T((I)(b + step));                                   \
		T tiny = as_##T((I)1);                                         \
		r = x == (T)0 ? __builtin_copysign(tiny, y) : r;               \
		r = x == y ? y : r;                                            \
		return (x != x || y != y) ? x + y : r;                         \
	}                                                                      \
	int KL_OVL ilogb(T x)                                                  \
	{                                                                      \
		U a = as_##U(x) & ABSM;                                        \
		int e = (int)(a >> MANT);                                      \
		/* subnormals: position of the leading one */                  \
		int lz = (a ? (int)CLZ(a) : 0) - (int)(sizeof(U) * 8 - MANT - 1);        \
		int r = e ? e - BIAS : MINEXP - lz;                            \
		r = a == 0 ? FP_ILOGB0 : r;                                    \
		r = a >= EXPM ? (a > EXPM ? FP_ILOGBNAN : INT_MAX) : r;        \
		return r;                                                      \
	}                                                                      \
	T KL_OVL logb(T x)                                                     \
	{                                                                      \
		T r = (T)ilogb(x);                                             \
		r = x == (T)0 ? -(T)INFINITY : r;                              \
		r = __builtin_fabs(x) == (T)INFINITY ? (T)INFINITY : r;        \
		return x != x ? x : r;                                         \
	}
BITS(float, int, uint, 0x7fffffffu, 0x7f800000u, 23, 127, -126, __builtin_clz)
BITS(double, long, ulong, KL_ABS_MASK, 0x7ff0000000000000UL, 52, 1023, -1022, __builtin_clzl)
KL_SPLIT2(nextafter, float, float, float) KL_SPLIT2(nextafter, double, double, double)
KL_SPLIT1(ilogb, int, float) KL_SPLIT1(ilogb, int, double)
KL_SPLIT1(logb, float, float) KL_SPLIT1(logb, double, double)

float KL_OVL nan(uint c) { return as_float(0x7fc00000u | (c & 0x003fffffu)); }
double KL_OVL nan(ulong c) { return as_double(0x7ff8000000000000UL | (c & 0x0007ffffffffffffUL)); }
KL_SPLIT1(nan, float, uint) KL_SPLIT1(nan, double, ulong)

/* ldexp: one rounding (kl_scalbn); float exactly through double. */
float KL_OVL ldexp(float x, int n)
{
	int nc = n > 400 ? 400 : n < -400 ? -400 : n;
	double r = (double)x * kl_pow2i(nc / 2) * kl_pow2i(nc - nc / 2);
	return (float)r;
}
double KL_OVL ldexp(double x, int n) { return kl_scalbn(x, n); }
KL_SPLIT2(ldexp, float, float, int) KL_SPLIT2(ldexp, double, double, int)
#define LDEXP_FS(W) float##W KL_OVL ldexp(float##W x, int n) { return ldexp(x, (int##W)n); }
#define LDEXP_DS(W) double##W KL_OVL ldexp(double##W x, int n) { return ldexp(x, (int##W)n); }
LDEXP_FS(2) LDEXP_FS(3) LDEXP_FS(4) LDEXP_FS(8) LDEXP_FS(16)
LDEXP_DS(2) LDEXP_DS(3) LDEXP_DS(4) LDEXP_DS(8) LDEXP_DS(16)

/* frexp: x = m 2^e, |m| in [1/2, 1); 0, inf, NaN return x and e = 0. */
KL_INL double kl_frexp(double x, int *e)
{
	int sub = __builtin_fabs(x) < 0x1p-1022;
	double xs = sub ? x * 0x1p64 : x;
	ulong b = as_ulong(xs);
	int ee = (int)((b >> 52) & 0x7ff) - 1022 - (sub ? 64 : 0);
	double m = as_double((b & 0x800fffffffffffffUL) | 0x3fe0000000000000UL);
	int spec = x == 0.0 || !kl_isfinite(x);
	*e = spec ? 0 : ee;
	return spec ? x : m;
}
#define FREXP_AS(AS, T)                                                        \
	T KL_OVL frexp(T x, AS int *e)                                         \
	{ int ee; T r = (T)kl_frexp((double)x, &ee); *e = ee; return r; }      \
	FREXP_V(AS, T, 2) FREXP_V(AS, T, 3) FREXP_V(AS, T, 4)                  \
	FREXP_V(AS, T, 8) FREXP_V(AS, T, 16)
#define FREXP_V(AS, T, W)                                                      \
	T##W KL_OVL frexp(T##W x, AS int##W *e)                                \
	{                                                                      \
		T##W r;                                                        \
		int##W ev;                                                     \
		for (int k = 0; k < (W); k++) {                                \
			int ee;                                                \
			r[k] = (T)kl_frexp((double)x[k], &ee);                 \
			ev[k] = ee;                                            \
		}                                                              \
		*e = ev;                                                       \
		return r;                                                      \
	}
KL_AS_WRITABLE(FREXP_AS, float)
KL_AS_WRITABLE(FREXP_AS, double)
