/* Native float algorithms of the math built-ins (OpenCL C 3.0 section
 * 6.15.2, float bounds of section 7.4): the float forms of exp, log, pow,
 * sin, cos, tanh, ... computed in float arithmetic, so that a kernel loop
 * calling them vectorizes at the float width (16 lanes with AVX-512)
 * instead of the double width that evaluating the double algorithm of
 * math_internal.h costs.
 *
 * Rules: straight-line code (selects on the result for special values),
 * fma for the exact steps of the reductions, no table lookups (the 2/pi
 * bits of the huge-argument reduction are picked by selects from seven
 * constants), no double arithmetic.  Every function here meets the float
 * bound of section 7.4 with a margin (docs/math.md lists the measured
 * worst errors).  Polynomials: Taylor coefficients 1/n! (exp, sin, cos,
 * sinh), the atanh series (log), and Chebyshev fits computed with mpmath
 * (atan, asin: `mpmath.chebyfit` of (f(u) - u)/u^3 in u^2, see
 * docs/math.md).
 *
 * The file is also compiled by the host-side exhaustive checker described
 * in docs/math.md, so it only uses clang builtins and the KLF_* accessors
 * below (the includer defines them outside OpenCL C). */
#ifndef KILN_KL_MATH_FLOAT_H
#define KILN_KL_MATH_FLOAT_H

#ifdef __OPENCL_C_VERSION__
#include "kl_gentype.h"
#define KLF_U(x) as_uint(x)
#define KLF_F(u) as_float(u)
#endif

/* fma: the instruction on v3/v4; on v2 (no FMA) the double evaluation,
 * which is exact wherever the code below relies on the fma being exact
 * (the float product is exact in double and the true sum is a float). */
#ifdef __FMA__
#define KLF_FMA(a, b, c) __builtin_fmaf((a), (b), (c))
#else
#define KLF_FMA(a, b, c) ((float)((double)(a) * (double)(b) + (double)(c)))
#endif

#define KLF_INF __builtin_inff()
#define KLF_NAN __builtin_nanf("")

/* constants: hi + lo splits of the exact values (hi = nearest float) */
#define KLF_LOG2E 0x1.715476p+0f
#define KLF_LN2_HI 0x1.62e430p-1f
#define KLF_LN2_LO (-0x1.05c610p-29f)
#define KLF_LOG2_10 0x1.a934f0p+1f
#define KLF_LG2_HI 0x1.344136p-2f
#define KLF_LG2_LO (-0x1.ec10c0p-27f)
#define KLF_INVLN2_HI 0x1.715476p+0f
#define KLF_INVLN2_LO 0x1.4ae0c0p-26f
#define KLF_2INVLN2_HI 0x1.715476p+1f
#define KLF_2INVLN2_LO 0x1.4ae0c0p-25f
#define KLF_INVLN10_HI 0x1.bcb7b2p-2f
#define KLF_INVLN10_LO (-0x1.5b235ep-27f)
#define KLF_PIO4_HI 0x1.921fb6p-1f
#define KLF_PIO4_LO (-0x1.777a5cp-26f)
#define KLF_PIO2_HI 0x1.921fb6p+0f
#define KLF_PIO2_LO (-0x1.777a5cp-25f)
#define KLF_3PIO4_HI 0x1.2d97c8p+1f
#define KLF_3PIO4_LO (-0x1.99bc5cp-28f)
#define KLF_PI_HI 0x1.921fb6p+1f
#define KLF_PI_LO (-0x1.777a5cp-24f)
#define KLF_INVPI 0x1.45f306p-2f

KL_INL int klf_isnan(float x) { return x != x; }
KL_INL int klf_isfinite(float x) { return __builtin_fabsf(x) < KLF_INF; }

/* 2^n for -126 <= n <= 127 */
KL_INL float klf_pow2i(int n) { return KLF_F((uint)(n + 127) << 23); }

/* m 2^k for m in [0.5, 3) and -300 <= k <= 252: the first product is
 * exact (normal), the second rounds once (overflow, gradual underflow). */
KL_INL float klf_scale(float m, int k)
{
	int k1 = k >> 1;
	return m * klf_pow2i(k1) * klf_pow2i(k - k1);
}

/* ---- exp ---- */

/* e^x = 2^k (1 + *p) for |x| <= 104: k = rint(x / ln 2), r = x - k ln 2
 * with ln 2 in two floats (the first fma is exact: the difference is a
 * multiple of 2^-25 below 0.35), |r| <= 0.35, Taylor to degree 7 (the
 * truncation is below 2^-27 relative). */
KL_INL int klf_exp_core(float x, float *p)
{
	float kf = __builtin_rintf(x * KLF_LOG2E);
	float r = KLF_FMA(-kf, KLF_LN2_HI, x);
	r = KLF_FMA(-kf, KLF_LN2_LO, r);
	float t = 0x1.a01a02p-13f;
	t = KLF_FMA(t, r, 0x1.6c16c2p-10f);
	t = KLF_FMA(t, r, 0x1.111112p-7f);
	t = KLF_FMA(t, r, 0x1.555556p-5f);
	t = KLF_FMA(t, r, 0x1.555556p-3f);
	t = KLF_FMA(t, r, 0.5f);
	*p = KLF_FMA(r * r, t, r);
	return (int)kf;
}

KL_INL float klf_exp(float x)
{
	float xc = x < 89.0f ? x : 89.0f; /* NaN: any finite value */
	xc = xc > -104.0f ? xc : -104.0f;
	float p;
	int k = klf_exp_core(xc, &p);
	float r = klf_scale(1.0f + p, k);
	return klf_isnan(x) ? x : r;
}

/* 2^kf 2^f for |f| <= 1/2 and kf an integer: 2^f by its Taylor series in
 * f (coefficients ln2^n / n!, degree 7); exp2 and pow share it. */
KL_INL float klf_exp2_scaled(float f, float kf)
{
	float t = 0x1.ffcbfcp-17f;
	t = KLF_FMA(t, f, 0x1.430912p-13f);
	t = KLF_FMA(t, f, 0x1.5d87fep-10f);
	t = KLF_FMA(t, f, 0x1.3b2ab6p-7f);
	t = KLF_FMA(t, f, 0x1.c6b08ep-5f);
	t = KLF_FMA(t, f, 0x1.ebfbe0p-3f);
	t = KLF_FMA(t, f, 0x1.62e430p-1f);
	return klf_scale(KLF_FMA(t, f, 1.0f), (int)kf);
}

/* 2^x = 2^k 2^f, f = x - rint(x) exact. */
KL_INL float klf_exp2(float x)
{
	float xc = x < 130.0f ? x : 130.0f;
	xc = xc > -160.0f ? xc : -160.0f;
	float kf = __builtin_rintf(xc);
	float f = xc - kf;
	float r = klf_exp2_scaled(f, kf);
	return klf_isnan(x) ? x : r;
}

/* 10^x = 2^k 10^r, r = x - k log10(2) in two fmas (the first is exact),
 * |r| <= 0.151, 10^r - 1 = r (ln10 + r (ln10^2/2 + ...)) to degree 7 with
 * ln 10 in two floats. */
KL_INL float klf_exp10(float x)
{
	float xc = x < 39.5f ? x : 39.5f;
	xc = xc > -46.0f ? xc : -46.0f;
	float kf = __builtin_rintf(xc * KLF_LOG2_10);
	float r = KLF_FMA(-kf, KLF_LG2_HI, xc);
	r = KLF_FMA(-kf, KLF_LG2_LO, r);
	float t = 0x1.16e4e0p-4f;
	t = KLF_FMA(t, r, 0x1.a7ed70p-3f);
	t = KLF_FMA(t, r, 0x1.142a00p-1f);
	t = KLF_FMA(t, r, 0x1.2bd760p+0f);
	t = KLF_FMA(t, r, 0x1.04705ap+1f);
	t = KLF_FMA(t, r, 0x1.53524cp+1f);
	t = KLF_FMA(t, r, 0x1.26bb1cp+1f);
	/* ln 10 - 0x1.26bb1cp+1 */
	float p = KLF_FMA(t, r, r * -0x1.f48ad4p-23f);
	float r2 = klf_scale(1.0f + p, (int)kf);
	return klf_isnan(x) ? x : r2;
}

/* e^x - 1 = 2^k (1 + p) - 1 = 2 (2^(k-1) p + (2^(k-1) - 1/2)): one fma
 * with an exact addend for -26 <= k <= 24, no cancellation left, and no
 * overflow of 2^k at k = 128.  Below -18 the result rounds to -1. */
KL_INL float klf_expm1(float x)
{
	float xc = x < 89.0f ? x : 89.0f;
	xc = xc > -18.0f ? xc : -18.0f;
	float p;
	int k = klf_exp_core(xc, &p);
	float s = klf_pow2i(k - 1);
	float r = 2.0f * KLF_FMA(s, p, s - 0.5f);
	r = x == 0.0f ? x : r; /* keeps -0 */
	return klf_isnan(x) ? x : r;
}

/* ---- log ---- */

/* x = 2^e m with m in [sqrt(1/2), sqrt(2)), for finite x > 0 (subnormals
 * scaled first); returns e and sets *f = m - 1 (exact). */
KL_INL int klf_log_split(float x, float *f)
{
	int sub = x < 0x1p-126f;
	float xs = sub ? x * 0x1p23f : x;
	uint t = KLF_U(xs) - 0x3f3504f3u; /* bits of sqrt(1/2) */
	int e = ((int)t >> 23) - (sub ? 23 : 0);
	float m = KLF_F((t & 0x007fffffu) + 0x3f3504f3u);
	*f = m - 1.0f;
	return e;
}

/* log(1 + f) for f in [sqrt(1/2) - 1, sqrt(2) - 1]: s = f / (2 + f),
 * log(1 + f) = 2 atanh(s) = f - f^2/2 + s (f^2/2 + R(s^2)) with R the
 * atanh series from s^2 (2/3 s^2 + 2/5 s^4 + ...), |s| <= 0.1716; the
 * rounding of s only reaches the small correction term. */
KL_INL float klf_log1p_red(float f)
{
	float s = f / (2.0f + f);
	float z = s * s;
	float t = 0x1.745d18p-3f; /* 2/11 */
	t = KLF_FMA(t, z, 0x1.c71c72p-3f); /* 2/9 */
	t = KLF_FMA(t, z, 0x1.24924ap-2f); /* 2/7 */
	t = KLF_FMA(t, z, 0x1.99999ap-2f); /* 2/5 */
	t = KLF_FMA(t, z, 0x1.555556p-1f); /* 2/3 */
	float hfsq = 0.5f * f * f;
	return f - (hfsq - s * KLF_FMA(z, t, hfsq));
}

/* C99 F.9.3.7: log(+-0) = -inf, log(x < 0) = NaN, log(+inf) = +inf. */
KL_INL float klf_log_special(float x, float r)
{
	r = x == 0.0f ? -KLF_INF : r;
	r = x < 0.0f ? KLF_NAN : r;
	r = x == KLF_INF ? x : r;
	return klf_isnan(x) ? x : r;
}

KL_INL float klf_log(float x)
{
	float f;
	float e = (float)klf_log_split(x, &f);
	float l = klf_log1p_red(f);
	float r = KLF_FMA(e, KLF_LN2_HI, KLF_FMA(e, KLF_LN2_LO, l));
	return klf_log_special(x, r);
}

/* log2 = e + log(m)/ln 2: exact for powers of two. */
KL_INL float klf_log2(float x)
{
	float f;
	float e = (float)klf_log_split(x, &f);
	float l = klf_log1p_red(f);
	float r = KLF_FMA(l, KLF_INVLN2_HI, e) + l * KLF_INVLN2_LO;
	return klf_log_special(x, r);
}

KL_INL float klf_log10(float x)
{
	float f;
	float e = (float)klf_log_split(x, &f);
	float l = klf_log1p_red(f);
	float s = KLF_FMA(e, KLF_LG2_LO, l * KLF_INVLN10_LO);
	float r = KLF_FMA(e, KLF_LG2_HI, KLF_FMA(l, KLF_INVLN10_HI, s));
	return klf_log_special(x, r);
}

/* log1p: the argument itself when 1 + x lies in [sqrt(1/2), sqrt(2))
 * (no rounding of 1 + x), else log(u) for u = 1 + x rounded plus the
 * correction (1 + x - u) / u. */
KL_INL float klf_log1p(float x)
{
	float u = 1.0f + x;
	int in = x > -0x1.2bec34p-2f && x < 0x1.a82798p-2f;
	float uc = u > 0.0f && u < KLF_INF ? u : 1.0f;
	float f;
	int e = klf_log_split(uc, &f);
	float c = (x - (u - 1.0f)) / uc;
	f = in ? x : f;
	float ef = in ? 0.0f : (float)e;
	c = in ? 0.0f : c;
	float l = klf_log1p_red(f);
	float r = KLF_FMA(ef, KLF_LN2_HI, KLF_FMA(ef, KLF_LN2_LO, l + c));
	r = x == -1.0f ? -KLF_INF : r;
	r = x < -1.0f ? KLF_NAN : r;
	r = x == KLF_INF ? x : r;
	r = x == 0.0f ? x : r;
	return klf_isnan(x) ? x : r;
}

/* ---- pow ---- */

/* log2(x) = hi + *lo for finite x > 0, about 2^-30 relative: s = f / (2 +
 * f) in two floats (the residual of the division by fma), log2 m = c s +
 * s^3 P(s^2) with c = 2/ln 2 in two floats and P the atanh series times
 * c (so no separate product by 1/ln 2), plus e by an exact two-sum;
 * *lo holds the series term too, so |*lo| < 2^-6 |hi|. */
KL_INL float klf_log2_ext(float x, float *lo)
{
	float f;
	float e = (float)klf_log_split(x, &f);
	float d = 2.0f + f;
	float dl = (2.0f - d) + f;
	float inv = 1.0f / d;
	float sh = f * inv;
	float rr = KLF_FMA(-sh, d, f);
	rr = KLF_FMA(-sh, dl, rr);
	float sl = rr * inv;
	float z = sh * sh;
	float t = 0x1.0c9a84p-2f; /* c/11 */
	t = KLF_FMA(t, z, 0x1.484b14p-2f); /* c/9 */
	t = KLF_FMA(t, z, 0x1.a61762p-2f); /* c/7 */
	t = KLF_FMA(t, z, 0x1.2776c6p-1f); /* c/5 */
	t = KLF_FMA(t, z, 0x1.ec709ep-1f); /* c/3 */
	float ph = sh * KLF_2INVLN2_HI;
	float pl = KLF_FMA(sh, KLF_2INVLN2_HI, -ph);
	pl = KLF_FMA(sl, KLF_2INVLN2_HI, KLF_FMA(sh, KLF_2INVLN2_LO, pl));
	pl = KLF_FMA(sh * z, t, pl);
	float s = e + ph;
	float sl2 = (e - s) + ph; /* |e| >= 1 > |ph| or e = 0: exact */
	*lo = sl2 + pl; /* not renormalized: holds the series term */
	return s;
}

/* y for y log2|x|: +-inf becomes +-2^40, NaN stays.  Every |x| != 1
 * has |log2 |x|| >= 2^-25, so the product still saturates exp2, while at
 * |x| = 1 (log2 = 0) it is 0, not NaN, and pow(-1, +-inf) = 1 falls
 * out. */
KL_INL float klf_pow_clamp_y(float y)
{
	float yc = 0x1p40f < y ? 0x1p40f : y; /* (a < b ? a : b) keeps NaN b */
	return -0x1p40f > yc ? -0x1p40f : yc;
}

/* |x|^(yh + yl), NaN for NaN x or y: log2 of 0 and inf are taken as -inf
 * and +inf, so y log2|x| is +-inf or NaN or finite, and the clamps (which
 * keep NaN) give 0, inf or NaN with the right sign of y.  With yl = 0
 * (pow) pass two = 0, so that no 0 * lh is left to compute.
 *
 * y log2|x| = ph + pl, pl up to about 1 as lo is not normalized: k is
 * taken from ph + pl, and ph - k is exact for |ph| >= 1 (a multiple of
 * ulp(ph) below 2); below 1 it loses at most 2^-25, 0.35 ulp of the
 * result. */
KL_INL float klf_pow_abs_core(float ax, float yh, float yl, int two)
{
	/* 0, inf and NaN give finite garbage in klf_log2_ext (no trap, no
	 * division by 0), replaced here; their garbage ll meets a NaN pl,
	 * which the clamp test below drops */
	int fin = KLF_U(ax) - 1u < 0x7f7fffffu; /* finite and non-zero */
	float ll;
	float lh = klf_log2_ext(ax, &ll);
	lh = fin ? lh : (ax - 1.0f) * KLF_INF; /* -inf, inf or NaN */
	yh = klf_pow_clamp_y(yh);
	float ph = yh * lh;
	float pl = KLF_FMA(yh, lh, -ph);
	pl = two ? pl + KLF_FMA(yh, ll, yl * lh) : KLF_FMA(yh, ll, pl);
	float pc = 130.0f < ph ? 130.0f : ph;
	pc = -160.0f > pc ? -160.0f : pc;
	pl = pc == ph ? pl : 0.0f; /* NaN beyond the clamps */
	/* NaN pc gives NaN through the fma chain of exp2; the conversion of
	 * NaN kf to int in klf_scale is x86's 0x80000000, times NaN. */
	float kf = __builtin_rintf(pc + pl);
	float f = (pc - kf) + pl;
	return klf_exp2_scaled(f, kf);
}

KL_INL float klf_pow_abs(float ax, float yh, float yl)
{
	return klf_pow_abs_core(ax, yh, yl, 1);
}

KL_INL int klf_is_int(float y) { return __builtin_truncf(y) == y; }

/* pow's special values (C99 F.9.4.4) over r = |x|^y from klf_pow_abs,
 * which already gives those of x = +-0, +-1 and +-inf, of y = +-inf and
 * of NaN; pow and its fast variant share them.  Few selects, as each
 * costs as much as an fma of the core in a vectorized loop. */
KL_INL float klf_pow_specials(float x, float y, float r)
{
	int yint = klf_is_int(y);
	float h = 0.5f * y;
	int odd = yint && __builtin_truncf(h) != h; /* |y| >= 2^24 is even */
	r = odd ? __builtin_copysignf(r, x) : r;
	/* finite x < 0 (bits 0x80000001..0xff7fffff), y not an integer */
	r = (KLF_U(x) - 0x80000001u < 0x7f7fffffu && !yint) ? KLF_NAN : r;
	r = (y == 0.0f || x == 1.0f) ? 1.0f : r; /* even for NaN */
	return r;
}

/* powr's own special values (section 6.15.2.1) over r = pow(|x|, y). */
KL_INL float klf_powr_specials(float x, float y, float r)
{
	r = x < 0.0f ? KLF_NAN : r;
	r = (x == 0.0f && y == 0.0f) ? KLF_NAN : r;
	r = (x == KLF_INF && y == 0.0f) ? KLF_NAN : r;
	r = (x == 1.0f && __builtin_fabsf(y) == KLF_INF) ? KLF_NAN : r;
	r = (klf_isnan(x) || klf_isnan(y)) ? x + y : r;
	return r;
}

/* pow, C99 F.9.4.4 special values by select (the order matters). */
KL_INL float klf_pow(float x, float y)
{
	float ax = __builtin_fabsf(x);
	float r = klf_pow_abs_core(ax, y, 0.0f, 0);
	return klf_pow_specials(x, y, r);
}

/* powr, section 6.15.2.1: pow for x >= 0 with its own NaN cases. */
KL_INL float klf_powr(float x, float y)
{
	float r = klf_pow(__builtin_fabsf(x), y);
	return klf_powr_specials(x, y, r);
}

/* pown: n = yh + yl exactly (yh = n rounded to float, yl the rest), the
 * parity from n itself. */
KL_INL float klf_pown(float x, int n)
{
	float yh = (float)n;
	float yl = ((float)(n & ~255) - yh) + (float)(n & 255);
	float ax = __builtin_fabsf(x);
	float r = klf_pow_abs(ax, yh, yl);
	int neg = (int)KLF_U(x) < 0;
	r = (neg && (n & 1)) ? -r : r;
	r = klf_isnan(x) ? x : r;
	return n == 0 ? 1.0f : r;
}

/* rootn, section 6.15.2.1: x^(1/n) with 1/n in two floats. */
KL_INL float klf_rootn(float x, int n)
{
	float nf = (float)n;
	float yh = 1.0f / nf;
	float yl = KLF_FMA(-yh, nf, 1.0f) * yh;
	float ax = __builtin_fabsf(x);
	float r = klf_pow_abs(ax, yh, n == 0 ? 0.0f : yl);
	int odd = n & 1;
	r = (odd && (int)KLF_U(x) < 0) ? -r : r;
	r = (!odd && x < 0.0f) ? KLF_NAN : r;
	r = n == 0 ? KLF_NAN : r;
	return klf_isnan(x) ? x : r;
}

/* ---- trig ---- */

/* Payne-Hanek for 2^17 <= |x| < inf: x = M 2^e (M 24-bit integer,
 * -6 <= e <= 104).  The bits of 2/pi from position e - 1 on (earlier ones
 * make x 2/pi a multiple of 4) in a 96-bit window W give x 2/pi mod 4 =
 * M W 2^-94 to 2^-70; the window comes from seven 32-bit words of 2/pi
 * (eight zero bits in front for e < 2) by selects and shifts, not loads. */
#define KLF_2OPI_0 0x00a2f983u
#define KLF_2OPI_1 0x6e4e4415u
#define KLF_2OPI_2 0x29fc2757u
#define KLF_2OPI_3 0xd1f534ddu
#define KLF_2OPI_4 0xc0db6295u
#define KLF_2OPI_5 0x993c4390u
#define KLF_2OPI_6 0x41fe5163u

/* one of four words by the two bits of i (selects on bits, which the
 * optimizer keeps as selects rather than turning them into a switch or a
 * table load that would stop the loop vectorizer) */
KL_INL uint klf_pick4(int i, uint a, uint b, uint c, uint d)
{
	uint lo = (i & 1) ? b : a, hi = (i & 1) ? d : c;
	return (i & 2) ? hi : lo;
}

KL_INL uint klf_win(uint a, uint b, int o)
{
	return (uint)((((ulong)a << 32) | b) >> (32 - o));
}

KL_INL int klf_rem_pio2_huge(float x, float *r)
{
	uint b = KLF_U(x) & 0x7fffffffu;
	int e = (int)(b >> 23) - 150;
	ulong M = (b & 0x7fffffu) | 0x800000u;
	int s = e + 6;
	s = s < 0 ? 0 : s > 110 ? 110 : s;
	int i = s >> 5, o = s & 31;
	uint a0 = klf_pick4(i, KLF_2OPI_0, KLF_2OPI_1, KLF_2OPI_2, KLF_2OPI_3);
	uint a1 = klf_pick4(i, KLF_2OPI_1, KLF_2OPI_2, KLF_2OPI_3, KLF_2OPI_4);
	uint a2 = klf_pick4(i, KLF_2OPI_2, KLF_2OPI_3, KLF_2OPI_4, KLF_2OPI_5);
	uint a3 = klf_pick4(i, KLF_2OPI_3, KLF_2OPI_4, KLF_2OPI_5, KLF_2OPI_6);
	ulong w0 = klf_win(a0, a1, o), w1 = klf_win(a1, a2, o), w2 = klf_win(a2, a3, o);
	ulong p2 = M * w2, p1 = M * w1, p0 = M * w0;
	ulong mid = (p2 >> 32) + (p1 & 0xffffffffUL);
	ulong top = p0 + (p1 >> 32) + (mid >> 32);
	/* P bits 95..94: the quadrant; bits 93..30: the fraction */
	ulong F = ((top & 0x3fffffffUL) << 34) | ((mid & 0xffffffffUL) << 2) |
		  ((p2 & 0xffffffffUL) >> 30);
	int q = (int)((top >> 30) & 3) + (int)(F >> 63);
	/* signed fraction in [-1/2, 1/2) quarter turns, in units of 2^-63 */
	long v = (long)F >> 1;
	float vh = (float)v;
	float vl = (float)(v - (long)vh);
	/* pi/2 2^-63 in two floats */
	float rr = KLF_FMA(vh, 0x1.921fb6p-63f, KLF_FMA(vh, -0x1.777a5cp-88f, vl * 0x1.921fb6p-63f));
	int neg = (int)KLF_U(x) < 0;
	*r = neg ? -rr : rr;
	q &= 3;
	return neg ? (4 - q) & 3 : q;
}

/* x = q pi/2 + *r with |*r| <= pi/4 + 0.02: below 2^17 Cody-Waite with
 * pi/2 in four floats (the first fma is exact: the difference is a
 * multiple of 2^-23 below 1), above Payne-Hanek.  Both run and a select
 * picks: a branch would be if-converted by the loop vectorizer anyway. */
KL_INL int klf_rem_pio2(float x, float *r)
{
	float ax = __builtin_fabsf(x);
	int big = !(ax < 0x1p17f);
	float xs = big ? 0.0f : x;
	float k = __builtin_rintf(xs * 0x1.45f306p-1f);
	float t = KLF_FMA(-k, 0x1.921fb6p+0f, xs);
	t = KLF_FMA(-k, -0x1.777a5cp-25f, t);
	t = KLF_FMA(-k, -0x1.ee59dap-50f, t);
	t = KLF_FMA(-k, 0x1.98a2e0p-77f, t);
	float th;
	int qh = klf_rem_pio2_huge(x, &th);
	*r = big ? th : t;
	return big ? qh : (int)k;
}

/* sin(r), cos(r) for |r| <= 0.81: Taylor to r^11 and r^10 (truncation
 * below 2^-32 relative); cos compensates the rounding of 1 - r^2/2. */
KL_INL float klf_sin_poly(float r)
{
	float z = r * r;
	float t = -0x1.ae6456p-26f;
	t = KLF_FMA(t, z, 0x1.71de3ap-19f);
	t = KLF_FMA(t, z, -0x1.a01a02p-13f);
	t = KLF_FMA(t, z, 0x1.111112p-7f);
	t = KLF_FMA(t, z, -0x1.555556p-3f);
	return KLF_FMA(r * z, t, r);
}

KL_INL float klf_cos_poly(float r)
{
	float z = r * r;
	float t = -0x1.27e4fcp-22f;
	t = KLF_FMA(t, z, 0x1.a01a02p-16f);
	t = KLF_FMA(t, z, -0x1.6c16c2p-10f);
	t = KLF_FMA(t, z, 0x1.555556p-5f);
	float hz = 0.5f * z;
	float w = 1.0f - hz;
	return w + (((1.0f - w) - hz) + z * z * t);
}

KL_INL float klf_quadrant(int q, float r)
{
	float s = klf_sin_poly(r), c = klf_cos_poly(r);
	float v = (q & 1) ? c : s;
	return (q & 2) ? -v : v;
}

KL_INL float klf_tan_red(int q, float r)
{
	float s = klf_sin_poly(r), c = klf_cos_poly(r);
	return (q & 1) ? -c / s : s / c;
}

KL_INL float klf_sin(float x)
{
	float r;
	int q = klf_rem_pio2(x, &r);
	float v = klf_quadrant(q, r);
	v = x == 0.0f ? x : v;
	return klf_isfinite(x) ? v : x - x;
}

KL_INL float klf_cos(float x)
{
	float r;
	int q = klf_rem_pio2(x, &r);
	float v = klf_quadrant(q + 1, r);
	return klf_isfinite(x) ? v : x - x;
}

KL_INL float klf_tan(float x)
{
	float r;
	int q = klf_rem_pio2(x, &r);
	float v = klf_tan_red(q, r);
	v = x == 0.0f ? x : v;
	return klf_isfinite(x) ? v : x - x;
}

KL_INL float klf_sincos(float x, float *c)
{
	float r;
	int q = klf_rem_pio2(x, &r);
	float s = klf_quadrant(q, r), cc = klf_quadrant(q + 1, r);
	s = x == 0.0f ? x : s;
	*c = klf_isfinite(x) ? cc : x - x;
	return klf_isfinite(x) ? s : x - x;
}

/* sinpi, cospi, tanpi: x = n/2 + f exactly (|f| <= 1/4), pi f with pi in
 * two floats; |x| >= 2^24 are even integers. */
KL_INL int klf_pi_reduce(float x, float *r)
{
	float a = __builtin_fabsf(x);
	float xr = a < 0x1p24f ? x : 0.0f;
	float n = __builtin_rintf(2.0f * xr);
	float f = xr - 0.5f * n;
	*r = KLF_FMA(f, KLF_PI_HI, f * KLF_PI_LO);
	return (int)n & 3;
}

KL_INL float klf_sinpi(float x)
{
	float r;
	int q = klf_pi_reduce(x, &r);
	float v = klf_quadrant(q, r);
	v = v == 0.0f ? __builtin_copysignf(0.0f, x) : v;
	return klf_isfinite(x) ? v : x - x;
}

KL_INL float klf_cospi(float x)
{
	float r;
	int q = klf_pi_reduce(x, &r);
	float v = klf_quadrant(q + 1, r);
	v = v == 0.0f ? 0.0f : v;
	return klf_isfinite(x) ? v : x - x;
}

KL_INL float klf_tanpi(float x)
{
	float r;
	int q = klf_pi_reduce(x, &r);
	float v = klf_tan_red(q, r);
	/* integers: +-0 (sign of x for even n, opposite for odd); n + 1/2:
	 * +inf for even n, -inf for odd n */
	float a = __builtin_fabsf(x);
	float xr = a < 0x1p24f ? x : 0.0f;
	float fl = __builtin_floorf(xr);
	int ni = (int)fl;
	float z = (ni & 1) ? -__builtin_copysignf(0.0f, x) : __builtin_copysignf(0.0f, x);
	v = xr == fl ? z : v;
	v = (xr - fl) == 0.5f ? ((ni & 1) ? -KLF_INF : KLF_INF) : v;
	return klf_isfinite(x) ? v : x - x;
}

/* atan(u) for |u| <= tan(pi/8): u + u^3 R(u^2), R a degree-5 Chebyshev fit
 * (error 5e-10). */
KL_INL float klf_atan_poly(float u)
{
	float z = u * u;
	float t = 0x1.9d8b24p-5f;
	t = KLF_FMA(t, z, -0x1.614448p-4f);
	t = KLF_FMA(t, z, 0x1.c57baep-4f);
	t = KLF_FMA(t, z, -0x1.248a18p-3f);
	t = KLF_FMA(t, z, 0x1.99997cp-3f);
	t = KLF_FMA(t, z, -0x1.555554p-2f);
	return KLF_FMA(u * z, t, u);
}

/* atan: one division brings |x| into [0, tan(pi/8)]: u = x, (x-1)/(x+1)
 * or -1/x, plus 0, pi/4 or pi/2. */
KL_INL float klf_atan(float x)
{
	float a = __builtin_fabsf(x);
	int r1 = a > 0x1.a8279ap-2f, r2 = a > 0x1.3504f4p+1f;
	float num = r2 ? -1.0f : r1 ? a - 1.0f : a;
	float den = r2 ? a : r1 ? a + 1.0f : 1.0f;
	float v = klf_atan_poly(num / den);
	float bh = r2 ? KLF_PIO2_HI : r1 ? KLF_PIO4_HI : 0.0f;
	float bl = r2 ? KLF_PIO2_LO : r1 ? KLF_PIO4_LO : 0.0f;
	float r = __builtin_copysignf(bh + (v + bl), x);
	return klf_isnan(x) ? x : r;
}

/* atan2 (C99 F.9.1.4): the angle of (|x|, |y|) is k pi/4 +- atan(u) with u
 * in [-tan(pi/8), tan(pi/8)] from one division; both zero or both
 * infinite give u = 0 and the same formulas produce the special values. */
KL_INL float klf_atan2(float y, float x)
{
	float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
	int swap = ay > ax;
	float mx = swap ? ay : ax, mn = swap ? ax : ay;
	float sc = mx > 0x1p125f ? 0.25f : 1.0f;
	mx *= sc;
	mn *= sc;
	int bothinf = ax == KLF_INF && ay == KLF_INF;
	int mid = mn > 0x1.a8279ap-2f * mx || bothinf;
	float num = mid ? mn - mx : mn;
	float den = mid ? mn + mx : mx;
	num = bothinf ? 0.0f : num;
	den = bothinf || mx == 0.0f ? 1.0f : den;
	float v = klf_atan_poly(num / den);
	int k = mid ? 1 : 0;
	k = swap ? 2 - k : k;
	v = swap ? -v : v;
	int neg = (int)KLF_U(x) < 0;
	k = neg ? 4 - k : k;
	v = neg ? -v : v;
	float ch = k == 0 ? 0.0f : k == 1 ? KLF_PIO4_HI : k == 2 ? KLF_PIO2_HI : k == 3 ? KLF_3PIO4_HI : KLF_PI_HI;
	float cl = k == 0 ? 0.0f : k == 1 ? KLF_PIO4_LO : k == 2 ? KLF_PIO2_LO : k == 3 ? KLF_3PIO4_LO : KLF_PI_LO;
	float r = __builtin_copysignf(ch + (v + cl), y);
	return (klf_isnan(x) || klf_isnan(y)) ? x + y : r;
}

/* asin(s) - s for |s| <= 1/2: s^3 R(s^2), R a degree-5 Chebyshev fit
 * (error 4e-9); z = s^2 is passed so that the large-argument path can give
 * the exact (1 - |x|)/2. */
KL_INL float klf_asin_poly(float s, float z)
{
	float t = 0x1.13fed4p-5f;
	t = KLF_FMA(t, z, 0x1.18f91ep-6f);
	t = KLF_FMA(t, z, 0x1.fd8da2p-6f);
	t = KLF_FMA(t, z, 0x1.6d5bbap-5f);
	t = KLF_FMA(t, z, 0x1.333430p-4f);
	t = KLF_FMA(t, z, 0x1.555554p-3f);
	return KLF_FMA(s * z, t, s);
}

/* asin: |x| <= 1/2 directly; above, pi/2 - 2 asin(sqrt((1 - |x|)/2)). */
KL_INL float klf_asin(float x)
{
	float a = __builtin_fabsf(x);
	float small = klf_asin_poly(a, a * a);
	float w = 0.5f * (1.0f - (a > 0.5f ? a : 0.5f)); /* exact */
	float s = __builtin_sqrtf(w);
	float t2 = 2.0f * klf_asin_poly(s, w);
	float big = (KLF_PIO2_HI - t2) + KLF_PIO2_LO;
	float r = __builtin_copysignf(a > 0.5f ? big : small, x);
	r = a > 1.0f ? KLF_NAN : r;
	return klf_isnan(x) ? x : r;
}

/* acos: pi/2 - asin x for |x| <= 1/2, 2 asin(s) for x > 1/2 and pi -
 * 2 asin(s) for x < -1/2, s = sqrt((1 - |x|)/2). */
KL_INL float klf_acos(float x)
{
	float a = __builtin_fabsf(x);
	float xm = a > 0.5f ? 0.0f : x;
	float rm = KLF_PIO2_HI - (klf_asin_poly(xm, xm * xm) - KLF_PIO2_LO);
	float w = 0.5f * (1.0f - (a > 0.5f ? a : 0.5f));
	float s = __builtin_sqrtf(w);
	float t2 = 2.0f * klf_asin_poly(s, w);
	float rn = KLF_PI_HI - (t2 - KLF_PI_LO);
	float r = a <= 0.5f ? rm : x > 0.0f ? t2 : rn;
	r = a > 1.0f ? KLF_NAN : r;
	return klf_isnan(x) ? x : r;
}

/* ---- hyperbolic ---- */

/* e^a / 2 for 0 <= a <= 90 (no early overflow): 2^(k-1) (1 + p). */
KL_INL float klf_half_exp(float a)
{
	float p;
	int k = klf_exp_core(a, &p);
	return klf_scale(1.0f + p, k - 1);
}

KL_INL float klf_sinh(float x)
{
	float a = __builtin_fabsf(x);
	float z = x * x;
	/* |x| < 1: Taylor to x^13 */
	float t = 0x1.612462p-33f;
	t = KLF_FMA(t, z, 0x1.ae6456p-26f);
	t = KLF_FMA(t, z, 0x1.71de3ap-19f);
	t = KLF_FMA(t, z, 0x1.a01a02p-13f);
	t = KLF_FMA(t, z, 0x1.111112p-7f);
	t = KLF_FMA(t, z, 0x1.555556p-3f);
	float small = KLF_FMA(x * z, t, x);
	float ac = a < 90.0f ? a : 90.0f;
	float h = klf_half_exp(ac > 1.0f ? ac : 1.0f);
	float big = __builtin_copysignf(h - 0.25f / h, x);
	float r = a < 1.0f ? small : big;
	return klf_isnan(x) ? x : r;
}

KL_INL float klf_cosh(float x)
{
	float a = __builtin_fabsf(x);
	float ac = a < 90.0f ? a : 90.0f;
	float h = klf_half_exp(ac);
	float r = h + 0.25f / h;
	return klf_isnan(x) ? x : r;
}

/* tanh |x| = em / (em + 2) = 1 - 2 / (em + 2), em = expm1(2|x|): the
 * first form below 0.55, the second above (no cancellation in either);
 * 1 beyond 10. */
KL_INL float klf_tanh(float x)
{
	float a = __builtin_fabsf(x);
	float ac = a < 10.0f ? a : 10.0f;
	float em = klf_expm1(2.0f * ac);
	float d = 1.0f / (em + 2.0f);
	float r = ac < 0.55f ? em * d : 1.0f - 2.0f * d;
	r = __builtin_copysignf(r, x);
	return klf_isnan(x) ? x : r;
}

/* ---- cbrt ---- */

/* |x| = 2^(3q) m with m in [1, 8) (subnormals scaled by 2^24 first), a
 * quadratic fit of cbrt on [1, 8] (2% error), two Halley steps and a
 * Newton step on the residual t^3 - m computed in two floats. */
KL_INL float klf_cbrt(float x)
{
	float a = __builtin_fabsf(x);
	int sub = a < 0x1p-126f;
	float as = sub ? a * 0x1p24f : a;
	uint b = KLF_U(as);
	int e = (int)(b >> 23) - 127;
	e = e < -127 ? -127 : e > 128 ? 128 : e;
	int q = (e + 129) / 3 - 43;
	int rr = e - 3 * q;
	float m = KLF_F((b & 0x7fffffu) | ((uint)(rr + 127) << 23));
	float t = KLF_FMA(KLF_FMA(-0x1.6da65ap-7f, m, 0x1.e3d808p-3f), m, 0x1.a0a9b4p-1f);
	float t3 = t * t * t;
	t = t * (t3 + 2.0f * m) / (2.0f * t3 + m);
	t3 = t * t * t;
	t = t * (t3 + 2.0f * m) / (2.0f * t3 + m);
	float t2 = t * t;
	float t2l = KLF_FMA(t, t, -t2);
	t3 = t2 * t;
	float t3l = KLF_FMA(t2, t, -t3) + t2l * t;
	float res = (t3 - m) + t3l;
	t = t - res / (3.0f * t2);
	float r = t * klf_pow2i(q) * (sub ? 0x1p-8f : 1.0f);
	r = (a == 0.0f || a == KLF_INF) ? a : r;
	r = __builtin_copysignf(r, x);
	return klf_isnan(x) ? x : r;
}

/* ---- -cl-fast-relaxed-math variants (OpenCL C 3.0 section 7.4, relaxed
 * column): sin/cos need an absolute error <= 2^-11 on [-pi, pi] only, tan
 * and pow are "derived" (sin/cos, exp2(y log2 x)).  They drop the
 * Payne-Hanek reduction, shorten the polynomials and use the plain float
 * log2 in pow. ---- */

/* Cody-Waite in three floats only: accurate far beyond [-pi, pi] (to about
 * 2^17), anything above 2^24 reduces as 0. */
KL_INL int klf_rem_pio2_fast(float x, float *r)
{
	float xs = __builtin_fabsf(x) < 0x1p24f ? x : 0.0f;
	float k = __builtin_rintf(xs * 0x1.45f306p-1f);
	float t = KLF_FMA(-k, 0x1.921fb6p+0f, xs);
	t = KLF_FMA(-k, -0x1.777a5cp-25f, t);
	*r = KLF_FMA(-k, -0x1.ee59dap-50f, t);
	return (int)k;
}

/* Taylor to r^7 and r^8 on |r| <= 0.8: absolute error below 2^-20. */
KL_INL float klf_quadrant_fast(int q, float r, int want_tan)
{
	float z = r * r;
	float s = KLF_FMA(KLF_FMA(-0x1.a01a02p-13f, z, 0x1.111112p-7f), z, -0x1.555556p-3f);
	s = KLF_FMA(r * z, s, r);
	float c = KLF_FMA(KLF_FMA(KLF_FMA(0x1.a01a02p-16f, z, -0x1.6c16c2p-10f), z, 0x1.555556p-5f), z, -0.5f);
	c = KLF_FMA(z, c, 1.0f);
	if (want_tan)
		return (q & 1) ? -c / s : s / c;
	float v = (q & 1) ? c : s;
	return (q & 2) ? -v : v;
}

KL_INL float klf_sin_fast(float x)
{
	float r;
	int q = klf_rem_pio2_fast(x, &r);
	float v = klf_quadrant_fast(q, r, 0);
	return klf_isfinite(x) ? v : x - x;
}

KL_INL float klf_cos_fast(float x)
{
	float r;
	int q = klf_rem_pio2_fast(x, &r);
	float v = klf_quadrant_fast(q + 1, r, 0);
	return klf_isfinite(x) ? v : x - x;
}

KL_INL float klf_tan_fast(float x)
{
	float r;
	int q = klf_rem_pio2_fast(x, &r);
	float v = klf_quadrant_fast(q, r, 1);
	return klf_isfinite(x) ? v : x - x;
}

KL_INL float klf_sincos_fast(float x, float *c)
{
	float r;
	int q = klf_rem_pio2_fast(x, &r);
	float s = klf_quadrant_fast(q, r, 0), cc = klf_quadrant_fast(q + 1, r, 0);
	*c = klf_isfinite(x) ? cc : x - x;
	return klf_isfinite(x) ? s : x - x;
}

/* pow as exp2(y log2 |x|) with the float log2 (no two-float product):
 * the special values stay those of klf_pow. */
KL_INL float klf_pow_fast(float x, float y)
{
	/* log2 gives -inf at 0, +inf at inf and NaN at NaN, so with y
	 * clamped the product is what klf_pow_specials expects of r */
	float r = klf_exp2(klf_pow_clamp_y(y) * klf_log2(__builtin_fabsf(x)));
	return klf_pow_specials(x, y, r);
}

KL_INL float klf_powr_fast(float x, float y)
{
	float r = klf_pow_fast(__builtin_fabsf(x), y);
	return klf_powr_specials(x, y, r);
}

/* the pi forms: one more rounding, inside their 5-6 ulp bounds */
KL_INL float klf_asinpi(float x) { return klf_asin(x) * KLF_INVPI; }
KL_INL float klf_acospi(float x) { return klf_acos(x) * KLF_INVPI; }
KL_INL float klf_atanpi(float x) { return klf_atan(x) * KLF_INVPI; }
KL_INL float klf_atan2pi(float y, float x) { return klf_atan2(y, x) * KLF_INVPI; }

/* ---- expansion: float from the float core FF, double from D ---- */
#ifdef __OPENCL_C_VERSION__
/* -cl-fast-relaxed-math: lib/compiler/finalize.cpp defines this constant
 * (1 or 0) when it links kernel-lib into a program, so the test folds
 * after inlining and only one variant is left in the kernel. */
extern __global const int __kiln_fast_math;
#define KLF_FAST (__kiln_fast_math != 0)

/* float from FF, or from FF_fast under -cl-fast-relaxed-math */
#define KL_MATH_FF1_FAST(F, FF, D)                                             \
	float KL_OVL F(float x) { return KLF_FAST ? FF##_fast(x) : FF(x); }    \
	double KL_OVL F(double x) { return D(x); }                             \
	KL_SPLIT1(F, float, float) KL_SPLIT1(F, double, double)

#define KL_MATH_FF2_FAST(F, FF, D)                                             \
	float KL_OVL F(float x, float y)                                       \
	{ return KLF_FAST ? FF##_fast(x, y) : FF(x, y); }                      \
	double KL_OVL F(double x, double y) { return D(x, y); }                \
	KL_SPLIT2(F, float, float, float) KL_SPLIT2(F, double, double, double)

#define KL_MATH_FF1(F, FF, D)                                                  \
	float KL_OVL F(float x) { return FF(x); }                              \
	double KL_OVL F(double x) { return D(x); }                             \
	KL_SPLIT1(F, float, float) KL_SPLIT1(F, double, double)

#define KL_MATH_FF2(F, FF, D)                                                  \
	float KL_OVL F(float x, float y) { return FF(x, y); }                  \
	double KL_OVL F(double x, double y) { return D(x, y); }                \
	KL_SPLIT2(F, float, float, float) KL_SPLIT2(F, double, double, double)
#endif

#endif
