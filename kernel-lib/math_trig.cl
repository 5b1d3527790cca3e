/* Trigonometric functions, OpenCL C 3.0 section 6.15.2 (bounds, section
 * 7.4: sin/cos/sincos 4 ulp, tan 5, asin/acos 4, atan 5, atan2 6, the pi
 * forms 4-6).  Reduction by pi/2 (Cody-Waite below 2^20, Payne-Hanek
 * above, math_internal.h), Taylor polynomials on [-pi/4, pi/4]; special
 * values per C99 F.9.1. */
#include "math_internal.h"

KL_INL double kl_sin(double x)
{
	double rh, rl;
	int q = kl_rem_pio2(x, &rh, &rl);
	double r = kl_quadrant(q, rh, rl);
	r = x == 0.0 ? x : r;
	return kl_isfinite(x) ? r : x - x;
}

KL_INL double kl_cos(double x)
{
	double rh, rl;
	int q = kl_rem_pio2(x, &rh, &rl);
	double r = kl_quadrant(q + 1, rh, rl);
	return kl_isfinite(x) ? r : x - x;
}

/* tan = sin/cos in the even quadrants, -cos/sin in the odd ones. */
KL_INL double kl_tan_red(int q, double rh, double rl)
{
	double s = kl_sin_poly(rh, rl), c = kl_cos_poly(rh, rl);
	return (q & 1) ? -c / s : s / c;
}

KL_INL double kl_tan(double x)
{
	double rh, rl;
	int q = kl_rem_pio2(x, &rh, &rl);
	double r = kl_tan_red(q, rh, rl);
	r = x == 0.0 ? x : r;
	return kl_isfinite(x) ? r : x - x;
}

/* atan(x): t = min(|x|, 1/|x|) in [0, 1], atan(1/t) = pi/2 - atan(t). */
KL_INL double kl_atan(double x)
{
	double a = __builtin_fabs(x);
	int inv = a > 1.0;
	double t = inv ? 1.0 / a : a;
	double lo;
	double h = kl_atan01(t, &lo);
	double e;
	double s = kl_two_sum(KL_PIO2, -h, &e);
	double ri = s + (e + (KL_PIO2_TAIL - lo));
	double r = inv ? ri : h + lo;
	r = __builtin_copysign(r, x);
	return kl_isnan(x) ? x : r;
}

/* atan2(y, x) (C99 F.9.1.4): t = min/max of the magnitudes, then the
 * octant from which is larger and the signs; both zero or both infinite
 * give t = 0 or 1 so the same formulas produce the special values. */
KL_INL double kl_atan2(double y, double x)
{
	double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
	double mx = ax > ay ? ax : ay, mn = ax > ay ? ay : ax;
	double t = mn / mx;
	t = mx == 0.0 ? 0.0 : t;
	t = (ax == INFINITY && ay == INFINITY) ? 1.0 : t;
	double lo;
	double h = kl_atan01(t, &lo);
	double e;
	/* |y| > |x|: pi/2 - atan(t) */
	int swap = ay > ax;
	double s = kl_two_sum(KL_PIO2, -h, &e);
	double sl = e + (KL_PIO2_TAIL - lo);
	h = swap ? s : h;
	lo = swap ? sl : lo;
	/* x < 0 (or -0): pi - that */
	int neg = as_long(x) < 0;
	s = kl_two_sum(KL_PI, -h, &e);
	sl = e + (KL_PI_TAIL - lo);
	h = neg ? s : h;
	lo = neg ? sl : lo;
	double r = __builtin_copysign(h + lo, y);
	return (kl_isnan(x) || kl_isnan(y)) ? x + y : r;
}

/* asin: |x| <= 1/2 directly; above, asin x = pi/2 - 2 asin(sqrt((1-x)/2))
 * with the square root in double-double. */
KL_INL double kl_asin_hi(double a, double *lo)
{
	double w = 0.5 * (1.0 - a); /* exact for a >= 1/2 */
	double s = __builtin_sqrt(w);
	double pe;
	double pp = kl_two_prod(s, s, &pe);
	double sl = ((w - pp) - pe) / (2.0 * s);
	sl = s == 0.0 ? 0.0 : sl;
	double t = kl_asin_tail(s);
	/* 2 asin(s) = 2s + 2(sl + t) */
	double e;
	double h = kl_two_sum(KL_PIO2, -2.0 * s, &e);
	return kl_fast_two_sum(h, e + (KL_PIO2_TAIL - 2.0 * (sl + t)), lo);
}

KL_INL double kl_asin(double x)
{
	double a = __builtin_fabs(x);
	double lo;
	double h = kl_asin_hi(a > 0.5 ? a : 0.5, &lo);
	double rs = a + kl_asin_tail(a > 0.5 ? 0.0 : a);
	double r = a > 0.5 ? h + lo : rs;
	r = __builtin_copysign(r, x);
	r = a > 1.0 ? NAN : r;
	return kl_isnan(x) ? x : r;
}

/* acos: pi/2 - asin x for |x| <= 1/2, 2 asin(sqrt((1-x)/2)) for x > 1/2,
 * pi - 2 asin(sqrt((1+x)/2)) for x < -1/2. */
KL_INL double kl_acos(double x)
{
	double a = __builtin_fabs(x);
	/* middle */
	double tm = kl_asin_tail(a > 0.5 ? 0.0 : x);
	double e;
	double h = kl_two_sum(KL_PIO2, -x, &e);
	double rm = h + (e + (KL_PIO2_TAIL - tm));
	/* outer: 2 asin(s), s = sqrt((1 - |x|)/2) in double-double */
	double w = 0.5 * (1.0 - (a > 0.5 ? a : 0.5));
	double s = __builtin_sqrt(w);
	double pe;
	double pp = kl_two_prod(s, s, &pe);
	double sl = ((w - pp) - pe) / (2.0 * s);
	sl = s == 0.0 ? 0.0 : sl;
	double th = 2.0 * s, tl = 2.0 * (sl + kl_asin_tail(s));
	double hn = kl_two_sum(KL_PI, -th, &e);
	double rn = hn + (e + (KL_PI_TAIL - tl));
	double rp = th + tl;
	double r = a <= 0.5 ? rm : x > 0.0 ? rp : rn;
	r = a > 1.0 ? NAN : r;
	return kl_isnan(x) ? x : r;
}

KL_INL double kl_sinpi(double x)
{
	double rh, rl;
	int q = kl_pi_reduce(x, &rh, &rl);
	double r = kl_quadrant(q, rh, rl);
	r = r == 0.0 ? __builtin_copysign(0.0, x) : r;
	return kl_isfinite(x) ? r : x - x;
}

KL_INL double kl_cospi(double x)
{
	double rh, rl;
	int q = kl_pi_reduce(x, &rh, &rl);
	double r = kl_quadrant(q + 1, rh, rl);
	r = r == 0.0 ? 0.0 : r;
	return kl_isfinite(x) ? r : x - x;
}

KL_INL double kl_tanpi(double x)
{
	double rh, rl;
	int q = kl_pi_reduce(x, &rh, &rl);
	double r = kl_tan_red(q, rh, rl);
	/* integers: +-0 (sign of x for even n, opposite for odd);
	 * n + 1/2: +inf for even n, -inf for odd n */
	double a = __builtin_fabs(x);
	double xr = a >= 0x1p53 ? 0.0 : x;
	double fl = __builtin_floor(xr);
	int isint = xr == fl;
	long ni = (long)fl;
	double z = (ni & 1) ? -__builtin_copysign(0.0, x) : __builtin_copysign(0.0, x);
	r = isint ? z : r;
	long nh = (long)__builtin_floor(xr);
	int ishalf = (xr - __builtin_floor(xr)) == 0.5;
	r = ishalf ? ((nh & 1) ? -INFINITY : INFINITY) : r;
	return kl_isfinite(x) ? r : x - x;
}

KL_INL double kl_asinpi(double x) { return kl_asin(x) * KL_INV_PI; }
KL_INL double kl_acospi(double x) { return kl_acos(x) * KL_INV_PI; }
KL_INL double kl_atanpi(double x) { return kl_atan(x) * KL_INV_PI; }
KL_INL double kl_atan2pi(double y, double x) { return kl_atan2(y, x) * KL_INV_PI; }

KL_MATH_FF1_FAST(sin, klf_sin, kl_sin)
KL_MATH_FF1_FAST(cos, klf_cos, kl_cos)
KL_MATH_FF1_FAST(tan, klf_tan, kl_tan)
KL_MATH_FF1(asin, klf_asin, kl_asin)
KL_MATH_FF1(acos, klf_acos, kl_acos)
KL_MATH_FF1(atan, klf_atan, kl_atan)
KL_MATH_FF2(atan2, klf_atan2, kl_atan2)
KL_MATH_FF1(sinpi, klf_sinpi, kl_sinpi)
KL_MATH_FF1(cospi, klf_cospi, kl_cospi)
KL_MATH_FF1(tanpi, klf_tanpi, kl_tanpi)
KL_MATH_FF1(asinpi, klf_asinpi, kl_asinpi)
KL_MATH_FF1(acospi, klf_acospi, kl_acospi)
KL_MATH_FF1(atanpi, klf_atanpi, kl_atanpi)
KL_MATH_FF2(atan2pi, klf_atan2pi, kl_atan2pi)

/* sincos: both from one reduction; the cosine through the pointer. */
KL_INL double kl_sincos(double x, double *c)
{
	double rh, rl;
	int q = kl_rem_pio2(x, &rh, &rl);
	double s = kl_quadrant(q, rh, rl);
	double cc = kl_quadrant(q + 1, rh, rl);
	s = x == 0.0 ? x : s;
	*c = kl_isfinite(x) ? cc : x - x;
	return kl_isfinite(x) ? s : x - x;
}

KL_INL float klf_sincos_sel(float x, float *c)
{
	return KLF_FAST ? klf_sincos_fast(x, c) : klf_sincos(x, c);
}

/* float from the float core, double from the double one (C: the core's
 * type). */
#define SINCOS_AS(AS, T, W, C, CORE)                                           \
	T##W KL_OVL sincos(T##W x, AS T##W *c)                                 \
	{                                                                      \
		T##W s;                                                        \
		for (int i = 0; i < (W); i++) {                                \
			C cc;                                                  \
			s[i] = (T)CORE((C)x[i], &cc);                          \
			(*c)[i] = (T)cc;                                       \
		}                                                              \
		return s;                                                      \
	}
#define SINCOS_AS1(AS, T, C, CORE)                                             \
	T KL_OVL sincos(T x, AS T *c)                                          \
	{                                                                      \
		C cc;                                                          \
		T s = (T)CORE((C)x, &cc);                                      \
		*c = (T)cc;                                                    \
		return s;                                                      \
	}
#define SINCOS_ALL(AS, T, C, CORE)                                             \
	SINCOS_AS1(AS, T, C, CORE) SINCOS_AS(AS, T, 2, C, CORE)                \
	SINCOS_AS(AS, T, 3, C, CORE) SINCOS_AS(AS, T, 4, C, CORE)              \
	SINCOS_AS(AS, T, 8, C, CORE) SINCOS_AS(AS, T, 16, C, CORE)
KL_AS_WRITABLE(SINCOS_ALL, float, float, klf_sincos_sel)
KL_AS_WRITABLE(SINCOS_ALL, double, double, kl_sincos)
