/* Exponentials and logarithms, OpenCL C 3.0 section 6.15.2 (bounds in
 * section 7.4: 3 ulp for exp/exp2/exp10/expm1/log/log2/log10, 2 ulp for
 * log1p).  All on the double cores of math_internal.h: exp by Cody-Waite
 * reduction and a Taylor polynomial, log in double-double by the atanh
 * series; special values per C99 Annex F (F.9.3). */
#include "math_internal.h"

KL_INL double kl_exp(double x) { return kl_exp_dd(x, 0.0); }

/* 2^x = e^(x ln 2) with x ln 2 in double-double: exact k = rint(x) first
 * keeps the product small. */
KL_INL double kl_exp2(double x)
{
	double xc = x > 2000.0 ? 2000.0 : x < -2000.0 ? -2000.0 : x;
	double k = __builtin_rint(xc);
	double f = xc - k; /* exact */
	double e;
	double h = kl_two_prod(f, KL_LN2, &e);
	double l = e + f * KL_LN2_TAIL;
	double p, q;
	int kk = kl_exp_reduce(h, l, &p, &q);
	int kt = (int)k + kk;
	kt = kt > 1100 ? 1100 : kt < -1100 ? -1100 : kt;
	double r = kl_exp_scale(1.0 + (p + q), kt);
	return kl_isnan(x) ? x : r;
}

/* 10^x = e^(x ln 10), x ln 10 in double-double. */
KL_INL double kl_exp10(double x)
{
	double xc = x > 400.0 ? 400.0 : x < -400.0 ? -400.0 : x;
	double e;
	double h = kl_two_prod(xc, KL_LN10, &e);
	double l = e + xc * KL_LN10_TAIL;
	double r = kl_exp_dd(h, l);
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
	r = x > 60.0 ? kl_exp(x) : r;
	r = x < -60.0 ? -1.0 : r;
	r = x == 0.0 ? x : r; /* keeps -0 */
	return kl_isnan(x) ? x : r;
}

KL_INL double kl_log(double x)
{
	double lo;
	double h = kl_log_dd(x, &lo);
	return kl_log_special(x, h + lo);
}

/* log2 and log10: the double-double log times the double-double
 * constant, so exact powers give exact results. */
KL_INL double kl_log_scaled(double x, double c, double ct)
{
	double lo;
	double h = kl_log_dd(x, &lo);
	double e;
	double p = kl_two_prod(h, c, &e);
	e += h * ct + lo * c;
	return kl_log_special(x, p + e);
}

KL_INL double kl_log2(double x) { return kl_log_scaled(x, KL_INV_LN2, KL_INV_LN2_TAIL); }
KL_INL double kl_log10(double x) { return kl_log_scaled(x, KL_INV_LN10, KL_INV_LN10_TAIL); }

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

KL_MATH_F1(exp, kl_exp)
KL_MATH_F1(exp2, kl_exp2)
KL_MATH_F1(exp10, kl_exp10)
KL_MATH_F1(expm1, kl_expm1)
KL_MATH_F1(log, kl_log)
KL_MATH_F1(log2, kl_log2)
KL_MATH_F1(log10, kl_log10)
KL_MATH_F1(log1p, kl_log1p)
