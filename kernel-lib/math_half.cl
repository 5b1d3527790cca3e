/* The half (cl_khr_fp16) forms of the math built-ins, OpenCL C 3.0 section
 * 6.15.2, and of the common and geometric functions (6.15.5, 6.15.6).
 *
 * How (docs/math.md, "half"): every half is exactly a float, so most
 * functions evaluate the float algorithm on the widened argument and round
 * its result to half once.  The float result is within a few float ulp
 * (2^-23 relative each), which is at most 2^-11 of a half ulp: the half
 * result is within 0.5 + 2^-10 half ulp, far inside the bounds of the half
 * table of section 7.4 (2 to 4 ulp; 8192 for none here).  The vector forms
 * widen the whole vector and call the float vector form, so they vectorize
 * like float.
 *
 * Functions the spec wants exact (0 ulp) or correctly rounded:
 *   - exact in double without a loop: fmod, remainder, remquo (below);
 *   - exact in float already and representable in half: ceil, floor, rint,
 *     round, trunc, modf, frexp, ilogb, logb,
 *     ldexp (a half scaled by 2^n is a float unless it underflows below
 *     2^-126, where the half result is 0 either way), fabs, copysign, fmax,
 *     fmin, maxmag, minmag: the float result converts exactly;
 *   - sqrt, fdim: the float operation is correctly rounded, and rounding a
 *     correctly rounded 24-bit sqrt, sum or difference of 11-bit values to
 *     11 bits again is correct (24 >= 2 * 11 + 2, Figueroa's condition);
 *   - fma: a*b is exact in double; the sum is rounded to odd at float
 *     precision (Boldo-Melquiond), then to half;
 *   - fract: clamped to the largest half below 1, not the float one;
 *   - nextafter, nan: on the 16-bit patterns. */
#include "math_internal.h"

/* a private variable's address as the generic pointer the float forms take
 * (Clang declares only those when the generic address space is on) */
#define KL_GEN(T, p) ((__generic T *)(p))
#define KL_H_WIDEN(x, N) __builtin_convertvector((x), float##N)
#define KL_H_NARROW(x, N) __builtin_convertvector((x), half##N)

/* ---- one, two, three half arguments through float ---- */
#define H1_N(F, N)                                                             \
	half##N KL_OVL F(half##N x)                                            \
	{ return KL_H_NARROW(F(KL_H_WIDEN(x, N)), N); }
#define H1(F)                                                                  \
	half KL_OVL F(half x) { return (half)F((float)x); }                    \
	H1_N(F, 2) H1_N(F, 3) H1_N(F, 4) H1_N(F, 8) H1_N(F, 16)
#define H2_N(F, N)                                                             \
	half##N KL_OVL F(half##N x, half##N y)                                 \
	{ return KL_H_NARROW(F(KL_H_WIDEN(x, N), KL_H_WIDEN(y, N)), N); }
#define H2(F)                                                                  \
	half KL_OVL F(half x, half y) { return (half)F((float)x, (float)y); }  \
	H2_N(F, 2) H2_N(F, 3) H2_N(F, 4) H2_N(F, 8) H2_N(F, 16)
#define H3_N(F, N)                                                             \
	half##N KL_OVL F(half##N x, half##N y, half##N z)                      \
	{                                                                      \
		return KL_H_NARROW(F(KL_H_WIDEN(x, N), KL_H_WIDEN(y, N),       \
				     KL_H_WIDEN(z, N)), N);                    \
	}
#define H3(F)                                                                  \
	half KL_OVL F(half x, half y, half z)                                  \
	{ return (half)F((float)x, (float)y, (float)z); }                      \
	H3_N(F, 2) H3_N(F, 3) H3_N(F, 4) H3_N(F, 8) H3_N(F, 16)

H1(acos) H1(acosh) H1(acospi) H1(asin) H1(asinh) H1(asinpi)
H1(atan) H1(atanh) H1(atanpi) H1(cbrt) H1(ceil) H1(cos) H1(cosh) H1(cospi)
H1(erf) H1(erfc) H1(exp) H1(exp2) H1(exp10) H1(expm1) H1(floor)
H1(lgamma) H1(log) H1(log2) H1(log10) H1(log1p) H1(logb) H1(rint)
H1(round) H1(rsqrt) H1(sin) H1(sinh) H1(sinpi) H1(sqrt) H1(tan) H1(tanh)
H1(tanpi) H1(tgamma) H1(trunc)
H2(atan2) H2(atan2pi) H2(fdim) H2(fmax) H2(fmin) H2(hypot)
H2(maxmag) H2(minmag) H2(pow) H2(powr)
H3(mad)

/* ---- fmod, remainder, remquo: exact, in double, without a loop ----
 * |x| and |y| are multiples of 2^-24 below 2^16, so in double:
 *   - the truncated quotient q = trunc(|x| / |y|) is below 2^40, and the
 *     rounding of the division leaves it at most one off the true one;
 *   - q |y| has at most 40 + 11 significant bits: exact;
 *   - r = |x| - q |y| is a multiple of 2^-24 within (-|y|, 2 |y|): exact;
 * so one correction step each way gives the exact remainder in [0, |y|)
 * and its quotient.  (The float forms do a long division, one step per bit
 * of exponent difference: a loop that keeps the work-item loop around a
 * call scalar.)  Width N is empty for the scalar forms; a comparison gives
 * an int there and a long##N of 0 / -1 for vectors, so one body fits both.
 * Results are halves, so narrowing through float is exact. */
#define HREM_N(N)                                                              \
	KL_INL double##N kl_hrem##N(double##N dx, double##N dy, double##N *qo, \
				    int nearest)                               \
	{                                                                      \
		double##N a = fabs(dx), b = fabs(dy);                          \
		double##N q = trunc(a / b);                                    \
		double##N r = a - q * b;                                       \
		long##N c = r < (double##N)0.0;                                \
		r = c ? r + b : r;                                             \
		q = c ? q - 1.0 : q;                                           \
		c = r >= b;                                                    \
		r = c ? r - b : r;                                             \
		q = c ? q + 1.0 : q;                                           \
		if (nearest) { /* to nearest, ties to the even quotient */     \
			double##N h = q * 0.5;                                 \
			c = (r + r > b) | ((r + r == b) & (trunc(h) != h));    \
			r = c ? r - b : r;                                     \
			q = c ? q + 1.0 : q;                                   \
		}                                                              \
		/* the sign of x, also on a zero (C11 F.10.7.1); x finite and  \
		 * y infinite: x; a NaN, infinite x or zero y gave NaN above */ \
		r = as_long##N(dx) < 0 ? -r : r;                               \
		c = (fabs(dy) == INFINITY) & (fabs(dx) < INFINITY);            \
		*qo = q;                                                       \
		return c ? dx : r;                                             \
	}                                                                      \
	HREM_F(N, fmod, 0) HREM_F(N, remainder, 1)                             \
	/* remquo's quotient: its low 7 bits (q < 2^40 is exact in double),  \
	 * with the sign of x / y; 0 where the result is NaN or x */         \
	KL_INL half##N kl_hremquo##N(half##N x, half##N y, int##N *quo)       \
	{                                                                      \
		double##N q, dx = convert_double##N(x), dy = convert_double##N(y); \
		double##N r = kl_hrem##N(dx, dy, &q, 1);                       \
		q -= 128.0 * trunc(q * 0x1p-7);                                \
		q = (as_long##N(dx) ^ as_long##N(dy)) < 0 ? -q : q;            \
		long##N ok = (r == r) & (fabs(dy) < INFINITY);                 \
		*quo = convert_int##N(ok ? q : (double##N)0.0);                \
		return convert_half##N(convert_float##N(r));                   \
	}
/* fmod (truncated quotient) or remainder (nearest) of width N */
#define HREM_F(N, F, NEAREST)                                                  \
	half##N KL_OVL F(half##N x, half##N y)                                 \
	{                                                                      \
		double##N q;                                                   \
		double##N r = kl_hrem##N(convert_double##N(x),                 \
					 convert_double##N(y), &q, NEAREST);   \
		return convert_half##N(convert_float##N(r));                   \
	}

HREM_N() HREM_N(2) HREM_N(3) HREM_N(4) HREM_N(8) HREM_N(16)

/* fabs and copysign on the sign bit (NaN payloads stay as they are). */
#define SIGNBITS(T, U)                                                         \
	T KL_OVL fabs(T x) { return as_##T((U)(as_##U(x) & (U)0x7fff)); }     \
	T KL_OVL copysign(T x, T y)                                            \
	{                                                                      \
		return as_##T((U)((as_##U(x) & (U)0x7fff) |                    \
				  (as_##U(y) & (U)0x8000)));                   \
	}
KL_WIDTHS2(SIGNBITS, half, ushort)

/* scalar second argument */
#define FMAXMIN_S(V, S)                                                        \
	V KL_OVL fmax(V x, S y) { return fmax(x, (V)y); }                      \
	V KL_OVL fmin(V x, S y) { return fmin(x, (V)y); }
KL_VECTORS_S(FMAXMIN_S, half)

/* ---- with integer arguments or results ---- */
#define HI_N(N)                                                                \
	half##N KL_OVL ldexp(half##N x, int##N n)                              \
	{ return KL_H_NARROW(ldexp(KL_H_WIDEN(x, N), n), N); }                 \
	half##N KL_OVL ldexp(half##N x, int n)                                 \
	{ return KL_H_NARROW(ldexp(KL_H_WIDEN(x, N), n), N); }                 \
	half##N KL_OVL pown(half##N x, int##N n)                               \
	{ return KL_H_NARROW(pown(KL_H_WIDEN(x, N), n), N); }                  \
	half##N KL_OVL rootn(half##N x, int##N n)                              \
	{ return KL_H_NARROW(rootn(KL_H_WIDEN(x, N), n), N); }                 \
	int##N KL_OVL ilogb(half##N x) { return ilogb(KL_H_WIDEN(x, N)); }
half KL_OVL ldexp(half x, int n) { return (half)ldexp((float)x, n); }
half KL_OVL pown(half x, int n) { return (half)pown((float)x, n); }
half KL_OVL rootn(half x, int n) { return (half)rootn((float)x, n); }
int KL_OVL ilogb(half x) { return ilogb((float)x); }
HI_N(2) HI_N(3) HI_N(4) HI_N(8) HI_N(16)

/* nan(nancode): a quiet NaN carrying the low bits of the code. */
half KL_OVL nan(ushort c) { return as_half((ushort)(0x7e00 | (c & 0x1ff))); }
#define HNAN_N(N)                                                              \
	half##N KL_OVL nan(ushort##N c)                                        \
	{ return as_half##N((ushort##N)((ushort)0x7e00 | (c & (ushort)0x1ff))); }
HNAN_N(2) HNAN_N(3) HNAN_N(4) HNAN_N(8) HNAN_N(16)

/* nextafter: the neighbour of x towards y on the 16-bit patterns. */
half KL_OVL nextafter(half x, half y)
{
	ushort ux = as_ushort(x), uy = as_ushort(y);
	ushort up = (x < y) == (x > 0.0h) ? (ushort)(ux + 1) : (ushort)(ux - 1);
	ushort r = x == 0.0h ? (ushort)((uy & 0x8000) | 1) : up;
	return x != x || y != y ? x + y : x == y ? y : as_half(r);
}
KL_SPLIT2(nextafter, half, half, half)

/* ---- fma: one rounding of a*b + c ---- */
half KL_OVL fma(half a, half b, half c)
{
	double p = (double)a * (double)b; /* 22 bits: exact */
	double e;
	double s = kl_two_sum(p, (double)c, &e); /* s + e = a*b + c */
	float f = (float)s;
	double d = s - (double)f; /* exact */
	double rest = d != 0.0 ? d : e;
	int u = as_int(f);
	/* inexact with an even last bit: one step towards the exact sum */
	int fix = rest != 0.0 && (u & 1) == 0;
	int step = (rest > 0.0) == (f > 0.0f) ? 1 : -1;
	float odd = fix ? as_float(u + step) : f;
	return kl_isfinite(s) ? (half)odd : (half)(float)s;
}
KL_SPLIT3(fma, half, half, half, half)

/* fract: x - floor(x), at most the largest half below 1 (0x1.ffcp-1);
 * NaN stays NaN (the comparison is false). */
#define HFRACT(AS, N)                                                          \
	half##N KL_OVL fract(half##N x, AS half##N *ip)                        \
	{                                                                      \
		float##N fl;                                                   \
		float##N r = fract(KL_H_WIDEN(x, N), KL_GEN(float##N, &fl));                     \
		*ip = KL_H_NARROW(fl, N);                                      \
		r = r > (float##N)0x1.ffcp-1f ? (float##N)0x1.ffcp-1f : r;     \
		return KL_H_NARROW(r, N);                                      \
	}
#define HFRACT1(AS)                                                            \
	half KL_OVL fract(half x, AS half *ip)                                 \
	{                                                                      \
		float fl;                                                      \
		float r = fract((float)x, KL_GEN(float, &fl));                                \
		*ip = (half)fl;                                                \
		return (half)(r > 0x1.ffcp-1f ? 0x1.ffcp-1f : r);              \
	}

/* The functions with a pointer result, for every address space:
 * OUT is the pointee type of the pointer for width N. */
#define HPTR_N(AS, N)                                                          \
	half##N KL_OVL modf(half##N x, AS half##N *ip)                         \
	{                                                                      \
		float##N i;                                                    \
		float##N r = modf(KL_H_WIDEN(x, N), KL_GEN(float##N, &i));                       \
		*ip = KL_H_NARROW(i, N);                                       \
		return KL_H_NARROW(r, N);                                      \
	}                                                                      \
	half##N KL_OVL sincos(half##N x, AS half##N *cp)                       \
	{                                                                      \
		float##N c;                                                    \
		float##N s = sincos(KL_H_WIDEN(x, N), KL_GEN(float##N, &c));                     \
		*cp = KL_H_NARROW(c, N);                                       \
		return KL_H_NARROW(s, N);                                      \
	}                                                                      \
	half##N KL_OVL frexp(half##N x, AS int##N *e)                          \
	{                                                                      \
		int##N k;                                                      \
		float##N m = frexp(KL_H_WIDEN(x, N), KL_GEN(int##N, &k));                      \
		*e = k;                                                        \
		return KL_H_NARROW(m, N);                                      \
	}                                                                      \
	half##N KL_OVL lgamma_r(half##N x, AS int##N *s)                       \
	{                                                                      \
		int##N k;                                                      \
		float##N r = lgamma_r(KL_H_WIDEN(x, N), KL_GEN(int##N, &k));                   \
		*s = k;                                                        \
		return KL_H_NARROW(r, N);                                      \
	}                                                                      \
	half##N KL_OVL remquo(half##N x, half##N y, AS int##N *q)              \
	{                                                                      \
		int##N k;                                                      \
		half##N r = kl_hremquo##N(x, y, &k);                           \
		*q = k;                                                        \
		return r;                                                      \
	}                                                                      \
	HFRACT(AS, N)
#define HPTR_1(AS)                                                             \
	half KL_OVL modf(half x, AS half *ip)                                  \
	{                                                                      \
		float i;                                                       \
		float r = modf((float)x, KL_GEN(float, &i));                                  \
		*ip = (half)i;                                                 \
		return (half)r;                                                \
	}                                                                      \
	half KL_OVL sincos(half x, AS half *cp)                                \
	{                                                                      \
		float c;                                                       \
		float s = sincos((float)x, KL_GEN(float, &c));                                \
		*cp = (half)c;                                                 \
		return (half)s;                                                \
	}                                                                      \
	half KL_OVL frexp(half x, AS int *e)                                   \
	{                                                                      \
		int k;                                                         \
		float m = frexp((float)x, KL_GEN(int, &k));                                 \
		*e = k;                                                        \
		return (half)m;                                                \
	}                                                                      \
	half KL_OVL lgamma_r(half x, AS int *s)                                \
	{                                                                      \
		int k;                                                         \
		float r = lgamma_r((float)x, KL_GEN(int, &k));                              \
		*s = k;                                                        \
		return (half)r;                                                \
	}                                                                      \
	half KL_OVL remquo(half x, half y, AS int *q)                          \
	{                                                                      \
		int k;                                                         \
		half r = kl_hremquo(x, y, &k);                                 \
		*q = k;                                                        \
		return r;                                                      \
	}                                                                      \
	HFRACT1(AS)
#define HPTR(AS, ...)                                                          \
	HPTR_1(AS) HPTR_N(AS, 2) HPTR_N(AS, 3) HPTR_N(AS, 4) HPTR_N(AS, 8)     \
	HPTR_N(AS, 16)
KL_AS_WRITABLE(HPTR, )

/* ---- common functions (6.15.5): exact ones in half, the others through
 * float like the math functions ---- */
/* max, min, clamp of half vectors through float: LLVM 15's x86 back end
 * cannot select a half-vector maxnum/minnum (nor the compare-and-select it
 * forms from one) without AVX-512 FP16; widening is exact. */
#define HCOMMON_N(T, N)                                                        \
	T KL_OVL max(T x, T y)                                                 \
	{                                                                      \
		return KL_H_NARROW(__builtin_elementwise_max(KL_H_WIDEN(x, N), \
							     KL_H_WIDEN(y, N)), N); \
	}                                                                      \
	T KL_OVL min(T x, T y)                                                 \
	{                                                                      \
		return KL_H_NARROW(__builtin_elementwise_min(KL_H_WIDEN(x, N), \
							     KL_H_WIDEN(y, N)), N); \
	}                                                                      \
	T KL_OVL clamp(T x, T lo, T hi)                                        \
	{                                                                      \
		float##N m = __builtin_elementwise_max(KL_H_WIDEN(x, N),       \
						       KL_H_WIDEN(lo, N));     \
		return KL_H_NARROW(__builtin_elementwise_min(m, KL_H_WIDEN(hi, N)), N); \
	}                                                                      \
	T KL_OVL step(T edge, T x) { return x < edge ? (T)0 : (T)1; }          \
	T KL_OVL sign(T x)                                                     \
	{                                                                      \
		return x > (T)0 ? (T)1 : x < (T)0 ? (T)-1 : x == x ? x : (T)0; \
	}                                                                      \
	T KL_OVL degrees(T r)                                                  \
	{ return KL_H_NARROW((float##N)(float)(180.0 / M_PI) * KL_H_WIDEN(r, N), N); } \
	T KL_OVL radians(T d)                                                  \
	{ return KL_H_NARROW((float##N)(float)(M_PI / 180.0) * KL_H_WIDEN(d, N), N); } \
	T KL_OVL mix(T x, T y, T a)                                            \
	{                                                                      \
		return KL_H_NARROW(mix(KL_H_WIDEN(x, N), KL_H_WIDEN(y, N),     \
				       KL_H_WIDEN(a, N)), N);                  \
	}                                                                      \
	T KL_OVL smoothstep(T e0, T e1, T x)                                   \
	{                                                                      \
		return KL_H_NARROW(smoothstep(KL_H_WIDEN(e0, N),               \
					      KL_H_WIDEN(e1, N),               \
					      KL_H_WIDEN(x, N)), N);           \
	}
/* the scalar form: "vectors" of width 1 */
#define KL_H1_WIDEN(x) ((float)(x))
half KL_OVL max(half x, half y) { return __builtin_elementwise_max(x, y); }
half KL_OVL min(half x, half y) { return __builtin_elementwise_min(x, y); }
half KL_OVL clamp(half x, half lo, half hi)
{ return __builtin_elementwise_min(__builtin_elementwise_max(x, lo), hi); }
half KL_OVL step(half edge, half x) { return x < edge ? 0.0h : 1.0h; }
half KL_OVL sign(half x)
{ return x > 0.0h ? 1.0h : x < 0.0h ? -1.0h : x == x ? x : 0.0h; }
half KL_OVL degrees(half r) { return (half)((float)(180.0 / M_PI) * (float)r); }
half KL_OVL radians(half d) { return (half)((float)(M_PI / 180.0) * (float)d); }
half KL_OVL mix(half x, half y, half a)
{ return (half)mix((float)x, (float)y, (float)a); }
half KL_OVL smoothstep(half e0, half e1, half x)
{ return (half)smoothstep((float)e0, (float)e1, (float)x); }
HCOMMON_N(half2, 2) HCOMMON_N(half3, 3) HCOMMON_N(half4, 4)
HCOMMON_N(half8, 8) HCOMMON_N(half16, 16)
#define HCOMMON_S(T, S)                                                        \
	T KL_OVL max(T x, S y) { return max(x, (T)y); }                        \
	T KL_OVL min(T x, S y) { return min(x, (T)y); }                        \
	T KL_OVL clamp(T x, S lo, S hi) { return clamp(x, (T)lo, (T)hi); }     \
	T KL_OVL mix(T x, T y, S a) { return mix(x, y, (T)a); }                \
	T KL_OVL step(S edge, T x) { return step((T)edge, x); }                \
	T KL_OVL smoothstep(S e0, S e1, T x) { return smoothstep((T)e0, (T)e1, x); }
KL_VECTORS_S(HCOMMON_S, half)

/* ---- geometric functions (6.15.6) in float: no intermediate overflows or
 * underflows (half squares lie between 2^-48 and 2^32), one rounding ---- */
#define HGEO(N)                                                                \
	half KL_OVL dot(half##N x, half##N y)                                  \
	{ return (half)dot(KL_H_WIDEN(x, N), KL_H_WIDEN(y, N)); }              \
	half KL_OVL distance(half##N x, half##N y)                             \
	{ return (half)distance(KL_H_WIDEN(x, N), KL_H_WIDEN(y, N)); }         \
	half KL_OVL length(half##N x) { return (half)length(KL_H_WIDEN(x, N)); } \
	half##N KL_OVL normalize(half##N x)                                    \
	{ return KL_H_NARROW(normalize(KL_H_WIDEN(x, N)), N); }
half KL_OVL dot(half x, half y) { return (half)dot((float)x, (float)y); }
half KL_OVL distance(half x, half y) { return (half)distance((float)x, (float)y); }
half KL_OVL length(half x) { return (half)length((float)x); }
half KL_OVL normalize(half x) { return (half)normalize((float)x); }
HGEO(2) HGEO(3) HGEO(4)
half3 KL_OVL cross(half3 x, half3 y)
{ return KL_H_NARROW(cross(KL_H_WIDEN(x, 3), KL_H_WIDEN(y, 3)), 3); }
half4 KL_OVL cross(half4 x, half4 y)
{ return KL_H_NARROW(cross(KL_H_WIDEN(x, 4), KL_H_WIDEN(y, 4)), 4); }
