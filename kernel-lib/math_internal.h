/* Shared pieces of the math built-ins (kernel-lib/math_*.cl, OpenCL C 3.0
 * section 6.15.2): error-free transformations, range reductions and the
 * double-precision cores that every family builds on.
 *
 * Design (docs/math.md): each function has one double-precision algorithm
 * written as straight-line code (selects, no data-dependent branches in
 * the common path, no tables except the 2/pi bits of the huge-argument trig
 * reduction), and the float forms evaluate it on the widened argument: the
 * double result is within a few double ulp, so rounding it to float is
 * within 0.5 + 2^-26 float ulp, far inside the bounds of section 7.4.
 *
 * Polynomials: exp, sin, cos use their Taylor coefficients (1/n!, exact
 * rationals rounded by the compiler) on a reduced range where the truncation
 * is below 2^-56; log uses the atanh series; atan and asin use Chebyshev fits
 * computed with mpmath (tools in docs/math.md).  No host libm is called:
 * only LLVM intrinsics that lower to instructions (sqrt, floor, rint, ...). */
#ifndef KILN_KL_MATH_INTERNAL_H
#define KILN_KL_MATH_INTERNAL_H

#include "kl_gentype.h"

#define KL_ABS_MASK 0x7fffffffffffffffUL
#define KL_SIGN_MASK 0x8000000000000000UL

/* ln 2 split so that k * LN2_HI is exact for |k| < 2^21. */
#define KL_LN2_HI 0x1.62e42fee00000p-1
#define KL_LN2_LO 0x1.a39ef35793c76p-33
#define KL_TWO3_HI 0x1.5555555555555p-1 /* 2/3 = HI + LO */
#define KL_TWO3_LO 0x1.5555555555555p-55
#define KL_LN2 0x1.62e42fefa39efp-1
#define KL_LN2_TAIL 0x1.abc9e3b39803fp-56
#define KL_INV_LN2 0x1.71547652b82fep+0
#define KL_INV_LN2_TAIL 0x1.777d0ffda0d24p-56
#define KL_INV_LN10 0x1.bcb7b1526e50ep-2
#define KL_INV_LN10_TAIL 0x1.95355baaafad3p-57
#define KL_LN10 0x1.26bb1bbb55516p+1
#define KL_LN10_TAIL (-0x1.f48ad494ea3e9p-53)
#define KL_PI 0x1.921fb54442d18p+1
#define KL_PI_TAIL 0x1.1a62633145c07p-53
#define KL_PIO2 0x1.921fb54442d18p+0
#define KL_PIO2_TAIL 0x1.1a62633145c07p-54
#define KL_PIO4 0x1.921fb54442d18p-1
#define KL_PIO4_TAIL 0x1.1a62633145c07p-55
#define KL_INV_PI 0x1.45f306dc9c883p-2
#define KL_INV_PI_TAIL (-0x1.6b01ec5417056p-56)

/* ---- error-free transformations ---- */

/* a + b = s + *e exactly (Knuth's TwoSum, any magnitudes). */
KL_INL double kl_two_sum(double a, double b, double *e)
{
	double s = a + b;
	double bb = s - a;
	*e = (a - (s - bb)) + (b - bb);
	return s;
}

/* a + b = s + *e exactly when |a| >= |b| or a == 0. */
KL_INL double kl_fast_two_sum(double a, double b, double *e)
{
	double s = a + b;
	*e = b - (s - a);
	return s;
}

/* a * b = p + *e exactly (no overflow/underflow).  With FMA hardware the
 * error is one fma; without it, Veltkamp splitting (Dekker), so that the
 * v2 library never calls the host's fma(). */
KL_INL double kl_two_prod(double a, double b, double *e)
{
	double p = a * b;
#ifdef __FMA__
	*e = __builtin_fma(a, b, -p);
#else
	const double c = 134217729.0; /* 2^27 + 1 */
	double ta = c * a, ah = ta - (ta - a), al = a - ah;
	double tb = c * b, bh = tb - (tb - b), bl = b - bh;
	*e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
#endif
	return p;
}

/* 2^n as a double for -1022 <= n <= 1023. */
KL_INL double kl_pow2i(int n)
{
	return as_double((ulong)(long)(n + 1023) << 52);
}

KL_INL int kl_isnan(double x) { return x != x; }
KL_INL int kl_isinf(double x) { return __builtin_fabs(x) == INFINITY; }
KL_INL int kl_isfinite(double x) { return __builtin_fabs(x) < INFINITY; }

/* x * 2^n with a single rounding (the scaling of ldexp and of results that
 * may be subnormal), for any x and n. */
KL_INL double kl_scalbn(double x, int n)
{
	/* x = m * 2^e with m in [0.5, 1); subnormals normalized first. */
	int sub = __builtin_fabs(x) < 0x1p-1022;
	double xs = sub ? x * 0x1p64 : x;
	ulong b = as_ulong(xs);
	int e = (int)((b >> 52) & 0x7ff) - 1022 - (sub ? 64 : 0);
	double m = as_double((b & 0x800fffffffffffffUL) | 0x3fe0000000000000UL);
	long tl = (long)e + (long)n;
	int t = (int)(tl < -1200 ? -1200 : tl > 1200 ? 1200 : tl);
	/* m * 2^a is exact (normal), the second product rounds once. */
	int low = t < -1000;
	int a = low ? t + 200 : t / 2;
	int c = low ? -200 : t - t / 2;
	double r = m * kl_pow2i(a) * kl_pow2i(c);
	return (x == 0.0 || !kl_isfinite(x)) ? x + x : r;
}

/* ---- exp core ---- */

/* exp(hi + lo) = 2^k * (1 + *p + *q), |*p + *q| < 0.42, for |hi| <= 800.
 * Cody-Waite reduction by ln 2 (LN2_HI has 32 bits, so k * LN2_HI is exact)
 * and the Taylor series of expm1 to degree 13 on |r| <= 0.347 (truncation
 * below 2^-57). */
KL_INL int kl_exp_reduce(double hi, double lo, double *p, double *q)
{
	double kd = __builtin_rint(hi * KL_INV_LN2);
	double rh = hi - kd * KL_LN2_HI;
	double rl = lo - kd * KL_LN2_LO;
	double e;
	double r = kl_two_sum(rh, rl, &e);
	double s = r * r;
	double t = 1.0 / 6227020800.0;
	t = t * r + 1.0 / 479001600.0;
	t = t * r + 1.0 / 39916800.0;
	t = t * r + 1.0 / 3628800.0;
	t = t * r + 1.0 / 362880.0;
	t = t * r + 1.0 / 40320.0;
	t = t * r + 1.0 / 5040.0;
	t = t * r + 1.0 / 720.0;
	t = t * r + 1.0 / 120.0;
	t = t * r + 1.0 / 24.0;
	t = t * r + 1.0 / 6.0;
	t = t * r + 0.5;
	*p = r;
	*q = e + s * t + e * r;
	return (int)kd;
}

/* 2^k * m for m in [0.5, 2.9] and |k| <= 1160: m * 2^k1 is exact, the
 * second product rounds once (overflow to inf, gradual underflow). */
KL_INL double kl_exp_scale(double m, int k)
{
	int k1 = k / 2;
	return m * kl_pow2i(k1) * kl_pow2i(k - k1);
}

/* exp(hi + lo), any hi (lo ignored when hi is not finite). */
KL_INL double kl_exp_dd(double hi, double lo)
{
	double h = hi > 800.0 ? 800.0 : hi < -800.0 ? -800.0 : hi;
	double l = (h == hi) ? lo : 0.0;
	l = __builtin_fabs(l) < 1.0 ? l : 0.0; /* NaN/inf tails from callers */
	double p, q;
	int k = kl_exp_reduce(h, l, &p, &q);
	double r = kl_exp_scale(1.0 + (p + q), k);
	return kl_isnan(hi) ? hi : r;
}

/* ---- log core ---- */

/* log(x) = hi + *lo for finite x > 0 (about 2^-62 relative): x = 2^e * m,
 * m in [sqrt(1/2), sqrt(2)), log m = 2 atanh(s), s = (m - 1) / (m + 1),
 * |s| <= 0.1716; s and its cube in double-double, the series to s^25. */
KL_INL double kl_log_dd(double x, double *lo)
{
	int sub = x < 0x1p-1022;
	double xs = sub ? x * 0x1p54 : x;
	ulong b = as_ulong(xs);
	int e = (int)((b >> 52) & 0x7ff) - 1023 - (sub ? 54 : 0);
	double m = as_double((b & 0x000fffffffffffffUL) | 0x3ff0000000000000UL);
	int big = m > 0x1.6a09e667f3bcdp+0;
	m = big ? m * 0.5 : m;
	e += big;
	double f = m - 1.0; /* exact */
	double d = 2.0 + f;
	double dl = (2.0 - d) + f;
	double sh = f / d;
	double pe;
	double pp = kl_two_prod(sh, d, &pe);
	double sl = (((f - pp) - pe) - sh * dl) / d;
	double z = sh * sh;
	/* the series past its first term, 2 s^5 (1/5 + s^2/7 + ...): at most
	 * 2^-14, so double precision is enough */
	double t = 2.0 / 25;
	t = t * z + 2.0 / 23;
	t = t * z + 2.0 / 21;
	t = t * z + 2.0 / 19;
	t = t * z + 2.0 / 17;
	t = t * z + 2.0 / 15;
	t = t * z + 2.0 / 13;
	t = t * z + 2.0 / 11;
	t = t * z + 2.0 / 9;
	t = t * z + 2.0 / 7;
	t = t * z + 2.0 / 5;
	double tail = sh * z * z * t;
	/* 2 s^3 / 3, up to 2^-8.2, in double-double: rounded in double it
	 * would leave 2^-62 absolute, which pow multiplies by |y| up to
	 * 2^11 (17 ulp measured at x = 1.32, y = -1843).  s^2 and s^3 by
	 * exact products, 3 s^2 sl for the low part of s. */
	double ze, ce, pe3;
	double zh = kl_two_prod(sh, sh, &ze);
	double c = kl_two_prod(sh, zh, &ce);
	double cl = ce + sh * ze + 3.0 * zh * sl;
	double ph = kl_two_prod(c, KL_TWO3_HI, &pe3);
	double pl = pe3 + (c * KL_TWO3_LO + cl * KL_TWO3_HI);
	double ed = (double)e;
	double err, err2;
	double h = kl_two_sum(ed * KL_LN2_HI, 2.0 * sh, &err);
	double h2 = kl_two_sum(h, ph, &err2);
	double l = (err + err2) + (ed * KL_LN2_LO + (2.0 * sl + (pl + tail)));
	return kl_fast_two_sum(h2, l, lo);
}

/* log(x) with the C99 special values: -inf at +-0, NaN below 0, +inf. */
KL_INL double kl_log_special(double x, double r)
{
	r = x == 0.0 ? -INFINITY : r;
	r = x < 0.0 ? NAN : r;
	r = x == INFINITY ? x : r;
	return kl_isnan(x) ? x : r;
}

/* e^x - 1 = 2^k (1 + p + q) - 1: the sum of 2^k p, 2^k - 1 and 2^k q in
 * that order keeps the relative error small for every k (no cancellation
 * is left uncompensated near 0, where k = 0 and the result is p + q). */
KL_INL double kl_expm1(double x)
{
	double xc = x > 60.0 ? 60.0 : x < -60.0 ? -60.0 : x;
	double p, q;
	int k = kl_exp_reduce(xc, 0.0, &p, &q);
	double s = kl_pow2i(k);
	double e;
	double h = kl_two_sum(s * p, s - 1.0, &e);
	double r = h + (e + s * q);
	r = x > 60.0 ? kl_exp_dd(x, 0.0) : r;
	r = x < -60.0 ? -1.0 : r;
	r = x == 0.0 ? x : r; /* keeps -0 */
	return kl_isnan(x) ? x : r;
}

/* log(1 + x): u = 1 + x in double-double, log(uh + ul) = log(uh) + ul/uh. */
KL_INL double kl_log1p(double x)
{
	double ul;
	double uh = kl_two_sum(1.0, x, &ul);
	double uhc = uh > 0.0 && uh < INFINITY ? uh : 1.0;
	double lo;
	double h = kl_log_dd(uhc, &lo);
	double r = h + (lo + ul / uhc);
	r = x == -1.0 ? -INFINITY : r;
	r = x < -1.0 ? NAN : r;
	r = x == INFINITY ? x : r;
	r = x == 0.0 ? x : r;
	return kl_isnan(x) ? x : r;
}

/* ---- trig reduction ---- */

/* The bits of 2/pi, 64 per word (2/pi = sum W[i] 2^(-64(i+1))). */
static __constant ulong kl_two_over_pi[22] = {
	0xa2f9836e4e441529UL, 0xfc2757d1f534ddc0UL, 0xdb6295993c439041UL,
	0xfe5163abdebbc561UL, 0xb7246e3a424dd2e0UL, 0x06492eea09d1921cUL,
	0xfe1deb1cb129a73eUL, 0xe88235f52ebb4484UL, 0xe99c7026b45f7e41UL,
	0x3991d639835339f4UL, 0x9c845f8bbdf9283bUL, 0x1ff897ffde05980fUL,
	0xef2f118b5a0a6d1fUL, 0x6d367ecf27cb09b7UL, 0x4f463f669e5fea2dUL,
	0x7527bac7ebe5f17bUL, 0x3d0739f78a5292eaUL, 0x6bfb5fb11f8d5d08UL,
	0x56033046fc7b6babUL, 0xf0cfbc209af4361dUL, 0xa9e391615ee61b08UL,
	0x6599855f14a06840UL,
};

/* 64 x 64 -> 128-bit product. */
KL_INL ulong kl_mul64(ulong a, ulong b, ulong *hi)
{
	ulong a0 = a & 0xffffffffUL, a1 = a >> 32;
	ulong b0 = b & 0xffffffffUL, b1 = b >> 32;
	ulong p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	ulong mid = (p00 >> 32) + (p01 & 0xffffffffUL) + (p10 & 0xffffffffUL);
	*hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
	return (mid << 32) | (p00 & 0xffffffffUL);
}

/* Payne-Hanek: |x| >= 2^20 finite -> quadrant, r = x - q pi/2 as rh + *rl.
 * x = M 2^E (M 53-bit integer); the four words of 2/pi from the first one
 * whose product with M is not a multiple of 4 give x 2/pi mod 4 to 2^-130. */
KL_INL int kl_rem_pio2_huge(double x, double *rh, double *rl)
{
	ulong b = as_ulong(x) & KL_ABS_MASK;
	int E = (int)(b >> 52) - 1075;
	ulong M = (b & 0x000fffffffffffffUL) | 0x0010000000000000UL;
	int i0 = E >= 2 ? (E - 2) / 64 : 0;
	i0 = i0 > 18 ? 18 : i0;
	ulong w0 = kl_two_over_pi[i0], w1 = kl_two_over_pi[i0 + 1];
	ulong w2 = kl_two_over_pi[i0 + 2], w3 = kl_two_over_pi[i0 + 3];
	/* P = M * (w0:w1:w2:w3) in limbs p4..p0 */
	ulong h3, h2, h1, h0;
	ulong p0 = kl_mul64(M, w3, &h3);
	ulong l2 = kl_mul64(M, w2, &h2);
	ulong l1 = kl_mul64(M, w1, &h1);
	ulong l0 = kl_mul64(M, w0, &h0);
	ulong p1 = l2 + h3;
	ulong c1 = p1 < l2;
	ulong t2 = l1 + h2;
	ulong c2 = t2 < l1;
	ulong p2 = t2 + c1;
	c2 += p2 < t2;
	ulong t3 = l0 + h1;
	ulong c3 = t3 < l0;
	ulong p3 = t3 + c2;
	c3 += p3 < t3;
	ulong p4 = h0 + c3;
	(void)p0;
	/* x 2/pi = P 2^(sh - 192) with sh = E - 64 (i0 + 1); the 128 bits
	 * of P from bit 66 - sh hold 2 integer and 126 fraction bits. */
	int sh = E - 64 * (i0 + 1);
	int bit = 66 - sh; /* 65 .. 162 */
	int li = bit >> 6, off = bit & 63;
	ulong a0 = li == 1 ? p1 : p2;
	ulong a1 = li == 1 ? p2 : p3;
	ulong a2 = li == 1 ? p3 : p4;
	ulong vl = off ? (a0 >> off) | (a1 << (64 - off)) : a0;
	ulong vh = off ? (a1 >> off) | (a2 << (64 - off)) : a1;
	int q = (int)(vh >> 62);
	/* fraction as a signed value in [-1/2, 1/2) of a turn quarter */
	long f = (long)((vh << 2) | (vl >> 62));
	ulong fl = vl << 2;
	q += (int)((ulong)f >> 63);
	long top = f & ~0x7ffL;
	double fh = (double)top * 0x1p-64;
	double flo = (double)(((ulong)(f & 0x7ff) << 53) | (fl >> 11)) * 0x1p-117;
	double e1;
	fh = kl_fast_two_sum(fh, flo, &e1);
	double pe;
	double ph = kl_two_prod(fh, KL_PIO2, &pe);
	double pl = pe + fh * KL_PIO2_TAIL + e1 * KL_PIO2;
	double h = kl_fast_two_sum(ph, pl, rl);
	int neg = x < 0.0;
	*rl = neg ? -*rl : *rl;
	*rh = neg ? -h : h;
	q &= 3;
	return neg ? (4 - q) & 3 : q;
}

/* x = q pi/2 + rh + *rl, |rh| <= pi/4 (a little more for huge x), any
 * finite x: Cody-Waite with pi/2 in 33 + 33 + 53 bits below 2^20, where
 * k * P1 and k * P2 are exact, Payne-Hanek above. */
KL_INL int kl_rem_pio2(double x, double *rh, double *rl)
{
	const double p1 = 0x1.921fb54400000p+0, p2 = 0x1.0b4611a600000p-34;
	const double p3 = 0x1.3198a2e037073p-69;
	double ax = __builtin_fabs(x);
	double xs = ax < 0x1p20 ? x : 0.0;
	double k = __builtin_rint(xs * 0x1.45f306dc9c883p-1);
	double r = xs - k * p1;
	double w = k * p2;
	double e;
	double h = kl_two_sum(r, -w, &e);
	double l = e - k * p3;
	double hh = kl_two_sum(h, l, rl);
	*rh = hh;
	int q = (int)((long)k & 3);
	if (ax >= 0x1p20 && ax < INFINITY)
		q = kl_rem_pio2_huge(x, rh, rl);
	return q;
}

/* sin and cos of r = rh + rl, |r| <= pi/4 + a little: Taylor to r^19 and
 * r^18 (truncation below 2^-58). */
KL_INL double kl_sin_poly(double rh, double rl)
{
	double z = rh * rh;
	double t = -1.0 / 121645100408832000.0;
	t = t * z + 1.0 / 355687428096000.0;
	t = t * z - 1.0 / 1307674368000.0;
	t = t * z + 1.0 / 6227020800.0;
	t = t * z - 1.0 / 39916800.0;
	t = t * z + 1.0 / 362880.0;
	t = t * z - 1.0 / 5040.0;
	t = t * z + 1.0 / 120.0;
	t = t * z - 1.0 / 6.0;
	return rh + (rl * (1.0 - 0.5 * z) + rh * z * t);
}

KL_INL double kl_cos_poly(double rh, double rl)
{
	double z = rh * rh;
	double t = -1.0 / 6402373705728000.0;
	t = t * z + 1.0 / 20922789888000.0;
	t = t * z - 1.0 / 87178291200.0;
	t = t * z + 1.0 / 479001600.0;
	t = t * z - 1.0 / 3628800.0;
	t = t * z + 1.0 / 40320.0;
	t = t * z - 1.0 / 720.0;
	t = t * z + 1.0 / 24.0;
	double hz = 0.5 * z;
	double w = 1.0 - hz;
	return w + (((1.0 - w) - hz) + (z * z * t - rh * rl));
}

/* sin or cos of rh + rl shifted by q quarter turns. */
KL_INL double kl_quadrant(int q, double rh, double rl)
{
	double s = kl_sin_poly(rh, rl), c = kl_cos_poly(rh, rl);
	double r = (q & 1) ? c : s;
	return (q & 2) ? -r : r;
}

/* sinpi, cospi, tanpi: x = n/2 + f exactly with |f| <= 1/4, then pi f in
 * double-double; integers and half-integers give the exact zeros and
 * signs that section 6.15.2 lists. */
KL_INL int kl_pi_reduce(double x, double *rh, double *rl)
{
	double a = __builtin_fabs(x);
	double xr = a >= 0x1p53 ? 0.0 : x; /* even integers */
	double n = __builtin_rint(2.0 * xr);
	double f = xr - 0.5 * n; /* exact */
	double e;
	double h = kl_two_prod(f, KL_PI, &e);
	*rh = kl_fast_two_sum(h, e + f * KL_PI_TAIL, rl);
	return (int)((long)n & 3);
}

/* ---- atan / asin cores ---- */

/* atan(u) for |u| <= tan(pi/8): u + u^3 R(u^2), R a degree-13 Chebyshev
 * fit (error 4e-20). */
KL_INL double kl_atan_poly(double u)
{
	double z = u * u;
	double t = 0x1.87e420472bbe1p-7;
	t = t * z - 0x1.bedee1b480460p-6;
	t = t * z + 0x1.3106182c98160p-5;
	t = t * z - 0x1.5fc95a7433e78p-5;
	t = t * z + 0x1.857fa34a655edp-5;
	t = t * z - 0x1.af19a8b3a761cp-5;
	t = t * z + 0x1.e1e0de906806ep-5;
	t = t * z - 0x1.11110ad583fe1p-4;
	t = t * z + 0x1.3b13b106d37d1p-4;
	t = t * z - 0x1.745d1744b4e3fp-4;
	t = t * z + 0x1.c71c71c718cf7p-4;
	t = t * z - 0x1.2492492492461p-3;
	t = t * z + 0x1.9999999999999p-3;
	t = t * z - 0x1.5555555555555p-2;
	return u + u * z * t;
}

/* atan(t) for 0 <= t <= 1 as hi + *lo. */
KL_INL double kl_atan01(double t, double *lo)
{
	int hi = t > 0x1.a827999fcef32p-2; /* tan(pi/8) */
	double u = hi ? (t - 1.0) / (t + 1.0) : t;
	double a = kl_atan_poly(u);
	double bh = hi ? KL_PIO4 : 0.0, bl = hi ? KL_PIO4_TAIL : 0.0;
	double e;
	double s = kl_two_sum(bh, a, &e);
	*lo = e + bl;
	return s;
}

/* asin(s) - s for 0 <= s <= 1/2: s^3 R(s^2), degree-15 fit (4e-21). */
KL_INL double kl_asin_tail(double s)
{
	double z = s * s;
	double t = 0x1.06c051be25377p-5;
	t = t * z - 0x1.dfdd83264a978p-6;
	t = t * z + 0x1.b20b9dc229eb5p-6;
	t = t * z - 0x1.641b6703bb104p-9;
	t = t * z + 0x1.1e6dafec868fcp-7;
	t = t * z + 0x1.c232290f7ae75p-8;
	t = t * z + 0x1.14f7ebcffc822p-7;
	t = t * z + 0x1.3fa92e3923959p-7;
	t = t * z + 0x1.7a8b73dc1b007p-7;
	t = t * z + 0x1.c99964e8e2de8p-7;
	t = t * z + 0x1.1c4ec5dfe81d9p-6;
	t = t * z + 0x1.6e8ba2e2f8089p-6;
	t = t * z + 0x1.f1c71c71dc217p-6;
	t = t * z + 0x1.6db6db6db6c75p-5;
	t = t * z + 0x1.3333333333334p-4;
	t = t * z + 0x1.5555555555555p-3;
	return s * z * t;
}

/* ---- expansion over vector widths ---- */

/* float forms evaluated by the double algorithm D. */
#define KL_MATH_F1(F, D)                                                       \
	float KL_OVL F(float x) { return (float)D((double)x); }                \
	double KL_OVL F(double x) { return D(x); }                             \
	KL_SPLIT1(F, float, float) KL_SPLIT1(F, double, double)

#define KL_MATH_F2(F, D)                                                       \
	float KL_OVL F(float x, float y)                                       \
	{ return (float)D((double)x, (double)y); }                             \
	double KL_OVL F(double x, double y) { return D(x, y); }                \
	KL_SPLIT2(F, float, float, float) KL_SPLIT2(F, double, double, double)

/* the native float algorithms (float forms of the hot functions) */
#include "math_float.h"

#endif
