/* Error functions, OpenCL C 3.0 section 6.15.2 (erf and erfc: 16 ulp,
 * section 7.4).  Three pieces, all with relative accuracy where the
 * result is small:
 *  - |x| < 1/2: erf x = 2/sqrt(pi) e^(-x^2) sum 2^n x^(2n+1) / (2n+1)!!
 *    (all terms positive, no cancellation);
 *  - 1/2 <= x < 3/2: erfc x = e^(-x^2) g(x), g a degree-18 Chebyshev fit
 *    of erfc(x) e^(x^2) around 1 (error 2.5e-20, mpmath);
 *  - x >= 3/2: erfc x = e^(-x^2)/sqrt(pi) / K(x), K the Laplace continued
 *    fraction x + (1/2)/(x + 1/(x + (3/2)/(x + ...))) to 100 terms,
 *    evaluated backwards (converged below 2^-53 from 3/2 up).
 * e^(-x^2) takes x^2 in double-double.  erf = 1 - erfc and erfc = 1 - erf
 * are only used where the result is at least 1/2.
 *
 * Gamma (tgamma 16 ulp; lgamma's bound is undefined in section 7.4): all
 * in the log domain and double-double.  For x > 0, log Gamma(x) =
 * Stirling(y) - log x - log prod_{k=1}^{n-1} (x + k) with y = x + n >= 10
 * (n <= 10, a fixed-count loop of selects), the Stirling series to 1/y^15
 * and a digamma correction for the tail of y; for x < 0 the reflection
 * log Gamma(x) = log pi - log|sin(pi x)| - log Gamma(1 - x). */
#include "math_internal.h"

#define KL_TWO_OVER_SQRTPI 0x1.20dd750429b6dp+0
#define KL_INV_SQRTPI 0x1.20dd750429b6dp-1

KL_INL double kl_exp_negsq(double x)
{
	double e;
	double s = kl_two_prod(x, x, &e);
	return kl_exp_dd(-s, -e);
}

/* erf for |x| < 1/2 (any sign). */
KL_INL double kl_erf_small(double x)
{
	double z = x * x;
	double p = 1.0;
	for (int n = 16; n >= 1; n--)
		p = 1.0 + p * (2.0 * z / (double)(2 * n + 1));
	return KL_TWO_OVER_SQRTPI * x * (p * kl_exp_negsq(x));
}

/* erfc for x >= 1/2. */
KL_INL double kl_erfc_pos(double x)
{
	double u = (x < 1.5 ? x : 1.0) - 1.0;
	double t = 0x1.7718d020a927ap-27;
	t = t * u - 0x1.51dca433178cep-25;
	t = t * u + 0x1.0da7c9ffc09c5p-23;
	t = t * u - 0x1.cd679ca2dae1dp-22;
	t = t * u + 0x1.827df296d4e99p-20;
	t = t * u - 0x1.39cca3228aef4p-18;
	t = t * u + 0x1.ef08a3783d8f1p-17;
	t = t * u - 0x1.7ab1a9228d190p-15;
	t = t * u + 0x1.184fc397c4d9fp-13;
	t = t * u - 0x1.908223d3f5ae1p-12;
	t = t * u + 0x1.135262e4e5e38p-10;
	t = t * u - 0x1.6af2654d3d3d1p-9;
	t = t * u + 0x1.c8cb958c86876p-8;
	t = t * u - 0x1.10fcf1b55a11bp-6;
	t = t * u + 0x1.33cad0ef5e9b0p-5;
	t = t * u - 0x1.44837f8906fc2p-4;
	t = t * u + 0x1.3c27283c32cc4p-3;
	t = t * u - 0x1.17c4e3f17c050p-2;
	t = t * u + 0x1.b5d8780f956b2p-2;
	double xc = x < 1.5 ? 1.5 : x > 30.0 ? 30.0 : x;
	double k = xc;
	for (int n = 100; n >= 1; n--)
		k = xc + (0.5 * (double)n) / k;
	double cf = KL_INV_SQRTPI / k;
	double g = x < 1.5 ? t : cf;
	double r = kl_exp_negsq(x > 30.0 ? 30.0 : x) * g;
	return x > 30.0 ? 0.0 : r;
}

KL_INL double kl_erf(double x)
{
	double a = __builtin_fabs(x);
	double big = 1.0 - kl_erfc_pos(a < 0.5 ? 0.5 : a);
	double r = a < 0.5 ? kl_erf_small(a < 0.5 ? x : 0.0) : __builtin_copysign(big, x);
	r = x == 0.0 ? x : r;
	return kl_isnan(x) ? x : r;
}

KL_INL double kl_erfc(double x)
{
	double a = __builtin_fabs(x);
	double c = kl_erfc_pos(a < 0.5 ? 0.5 : a);
	double s = 1.0 - kl_erf_small(a < 0.5 ? x : 0.0);
	double r = a < 0.5 ? s : x > 0.0 ? c : 2.0 - c;
	return kl_isnan(x) ? x : r;
}

#define KL_HALF_LOG_2PI 0x1.d67f1c864beb5p-1
#define KL_HALF_LOG_2PI_TAIL (-0x1.65b5a1b7ff5dfp-55)
#define KL_LOG_PI 0x1.250d048e7a1bdp+0
#define KL_LOG_PI_TAIL 0x1.7abf2ad8d5088p-57

/* log Gamma(xh + xl) for x > 0, as hi + *lo. */
KL_INL double kl_lgamma_pos(double xh, double xl, double *lo)
{
	double n = xh < 10.0 ? __builtin_ceil(10.0 - xh) : 0.0;
	double yl;
	double yh = kl_two_sum(xh, n, &yl);
	yl += xl;
	yh = kl_fast_two_sum(yh, yl, &yl);
	/* Stirling: (y - 1/2) log y - y + log(2 pi)/2 + S(1/y) */
	double ll;
	double lh = kl_log_dd(yh, &ll);
	double ym = yh - 0.5; /* exact for y >= 1 */
	double e;
	double p = kl_two_prod(ym, lh, &e);
	/* without FMA, Dekker's split overflows above 2^996: the product's
	 * own rounding is then far below the result's ulp anyway */
	e = yh < 0x1p900 ? e + ym * ll : 0.0;
	double e1, e2;
	double s1 = kl_two_sum(p, -yh, &e1);
	double s2 = kl_two_sum(s1, KL_HALF_LOG_2PI, &e2);
	double r = 1.0 / yh, r2 = r * r;
	double t = -3617.0 / 122400.0;
	t = t * r2 + 1.0 / 156.0;
	t = t * r2 - 691.0 / 360360.0;
	t = t * r2 + 1.0 / 1188.0;
	t = t * r2 - 1.0 / 1680.0;
	t = t * r2 + 1.0 / 1260.0;
	t = t * r2 - 1.0 / 360.0;
	t = t * r2 + 1.0 / 12.0;
	double psi = lh - 0.5 * r - r2 * (1.0 / 12.0);
	double tail = e + e1 + e2 + KL_HALF_LOG_2PI_TAIL + r * t + psi * yl;
	/* the shift: prod_{k=1}^{n-1} (x + k) in double-double, and x */
	double ph = 1.0, pl = 0.0;
	for (int k = 1; k <= 9; k++) {
		int use = (double)k < n;
		double fl;
		double fh = kl_two_sum(xh, (double)k, &fl);
		fl += xl;
		fh = use ? fh : 1.0;
		fl = use ? fl : 0.0;
		double pe;
		double nh = kl_two_prod(ph, fh, &pe);
		pe += ph * fl + pl * fh;
		ph = kl_fast_two_sum(nh, pe, &pl);
	}
	double lpl;
	double lph = kl_log_dd(ph, &lpl);
	lpl += pl / ph;
	double xs = xh > 0.0 ? xh : 1.0;
	double lxl;
	double lxh = kl_log_dd(xs, &lxl);
	lxl += xl / xs;
	int shift = n >= 1.0;
	lxh = shift ? lxh : 0.0;
	lxl = shift ? lxl : 0.0;
	double t1, t2;
	double h = kl_two_sum(s2, -lxh, &t1);
	double l = tail + t1 - lxl;
	h = kl_two_sum(h, -lph, &t2);
	l += t2 - lpl;
	h = kl_fast_two_sum(h, l, lo);
	/* (y - 1/2) log y beyond the double range: the result is too */
	*lo = kl_isfinite(p) ? *lo : 0.0;
	return kl_isfinite(p) ? h : p;
}

/* log|Gamma(x)| as hi + *lo and the sign of Gamma(x), finite x not a
 * non-positive integer; reflection below 0. */
KL_INL double kl_lgamma_dd(double x, double *lo, int *sign)
{
	double pl;
	double ph = kl_lgamma_pos(x > 0.0 ? x : 1.0, 0.0, &pl);
	/* x < 0: log pi - log|sin(pi x)| - log Gamma(1 - x) */
	double oml;
	double omh = kl_two_sum(1.0, x < 0.0 ? -x : 0.0, &oml);
	double ql;
	double qh = kl_lgamma_pos(omh, oml, &ql);
	double rh, rl;
	int q = kl_pi_reduce(x < 0.0 ? x : 0.5, &rh, &rl);
	double sn = kl_quadrant(q, rh, rl);
	double sl;
	double sh = kl_log_dd(__builtin_fabs(sn), &sl);
	double t1, t2;
	double h = kl_two_sum(KL_LOG_PI, -sh, &t1);
	double l = KL_LOG_PI_TAIL + t1 - sl;
	h = kl_two_sum(h, -qh, &t2);
	l += t2 - ql;
	double nh = kl_fast_two_sum(h, l, &l);
	int neg = x < 0.0;
	/* |x| < 2^-60: Gamma(x) = 1/x to double precision (and sin(pi x)
	 * may be subnormal) */
	double ax = __builtin_fabs(x);
	int tiny = ax < 0x1p-60;
	double tl;
	double th = kl_log_dd(tiny && ax > 0.0 ? ax : 1.0, &tl);
	*sign = neg && (sn < 0.0 || tiny) ? -1 : 1;
	*lo = tiny ? -tl : neg ? l : pl;
	return tiny ? -th : neg ? nh : ph;
}

KL_INL double kl_tgamma(double x)
{
	double lo;
	int sg;
	double h = kl_lgamma_dd(kl_isfinite(x) ? x : 1.0, &lo, &sg);
	double r = kl_exp_dd(h, lo);
	r = sg < 0 ? -r : r;
	int negint = x < 0.0 && __builtin_trunc(x) == x; /* includes -inf */
	r = negint ? NAN : r;
	r = x == 0.0 ? __builtin_copysign(INFINITY, x) : r;
	r = x == INFINITY ? x : r;
	return kl_isnan(x) ? x : r;
}

/* lgamma: +inf at 0, at the non-positive integers and at +-inf. */
KL_INL double kl_lgamma_r(double x, int *sign)
{
	double lo;
	int sg;
	double h = kl_lgamma_dd(kl_isfinite(x) ? x : 1.0, &lo, &sg);
	double r = h + lo;
	int pole = x <= 0.0 && __builtin_trunc(x) == x;
	r = (x == 1.0 || x == 2.0) ? 0.0 : r; /* the exact zeros */
	r = (pole || kl_isinf(x)) ? INFINITY : r;
	r = kl_isnan(x) ? x : r;
	sg = x == 0.0 ? (as_long(x) < 0 ? -1 : 1) : sg;
	sg = kl_isnan(x) ? 0 : sg;
	*sign = sg;
	return r;
}

KL_INL double kl_lgamma(double x)
{
	int s;
	return kl_lgamma_r(x, &s);
}

KL_MATH_F1(tgamma, kl_tgamma)
KL_MATH_F1(lgamma, kl_lgamma)

#define LGR_AS(AS, T)                                                          \
	T KL_OVL lgamma_r(T x, AS int *s)                                      \
	{ int ss; T r = (T)kl_lgamma_r((double)x, &ss); *s = ss; return r; }   \
	LGR_V(AS, T, 2) LGR_V(AS, T, 3) LGR_V(AS, T, 4) LGR_V(AS, T, 8)        \
	LGR_V(AS, T, 16)
#define LGR_V(AS, T, W)                                                        \
	T##W KL_OVL lgamma_r(T##W x, AS int##W *s)                             \
	{                                                                      \
		T##W r;                                                        \
		int##W sv;                                                     \
		for (int k = 0; k < (W); k++) {                                \
			int ss;                                                \
			r[k] = (T)kl_lgamma_r((double)x[k], &ss);              \
			sv[k] = ss;                                            \
		}                                                              \
		*s = sv;                                                       \
		return r;                                                      \
	}
KL_AS_WRITABLE(LGR_AS, float)
KL_AS_WRITABLE(LGR_AS, double)

KL_MATH_F1(erf, kl_erf)
KL_MATH_F1(erfc, kl_erfc)
