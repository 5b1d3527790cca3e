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


KL_MATH_FF1(exp, klf_exp, kl_exp)
KL_MATH_FF1(exp2, klf_exp2, kl_exp2)
KL_MATH_FF1(exp10, klf_exp10, kl_exp10)
KL_MATH_FF1(expm1, klf_expm1, kl_expm1)
KL_MATH_FF1(log, klf_log, kl_log)
KL_MATH_FF1(log2, klf_log2, kl_log2)
KL_MATH_FF1(log10, klf_log10, kl_log10)
KL_MATH_FF1(log1p, klf_log1p, kl_log1p)
