/* Hyperbolic functions, OpenCL C 3.0 section 6.15.2 (4 ulp for sinh,
 * cosh, asinh, acosh; 5 for tanh, atanh; section 7.4), from the exp and
 * log cores of math_internal.h; special values per C99 F.9.2. */
#include "math_internal.h"

/* e^a / 2 for a >= 0 without overflowing before sinh/cosh do. */
KL_INL double kl_half_exp(double a)
{
	double e;
	double h = kl_two_sum(a, -KL_LN2, &e);
	return kl_exp_dd(h, e - KL_LN2_TAIL);
}

KL_INL double kl_sinh(double x)
{
	double a = __builtin_fabs(x);
	/* |x| < 1: x + x^3 (1/3! + x^2/5! + ...), Taylor to x^21 */
	double z = x * x;
	double t = 1.0 / 51090942171709440000.0;
	t = t * z + 1.0 / 121645100408832000.0;
	t = t * z + 1.0 / 355687428096000.0;
	t = t * z + 1.0 / 1307674368000.0;
	t = t * z + 1.0 / 6227020800.0;
	t = t * z + 1.0 / 39916800.0;
	t = t * z + 1.0 / 362880.0;
	t = t * z + 1.0 / 5040.0;
	t = t * z + 1.0 / 120.0;
	t = t * z + 1.0 / 6.0;
	double small = x + x * z * t;
	double h = kl_half_exp(a);
	double big = h - 0.25 / h;
	double r = a < 1.0 ? small : __builtin_copysign(big, x);
	return kl_isnan(x) ? x : r;
}

KL_INL double kl_cosh(double x)
{
	double h = kl_half_exp(__builtin_fabs(x));
	double r = h + 0.25 / h;
	return kl_isnan(x) ? x : r;
}

/* tanh = e / (e + 2), e = expm1(2|x|); 1 beyond 22. */
KL_INL double kl_tanh(double x)
{
	double a = __builtin_fabs(x);
	double ac = a > 22.0 ? 22.0 : a;
	double em = kl_expm1(2.0 * ac);
	double r = em / (em + 2.0);
	r = a > 22.0 ? 1.0 : r;
	r = __builtin_copysign(r, x);
	return kl_isnan(x) ? x : r;
}

KL_INL double kl_logd(double x)
{
	double lo;
	double h = kl_log_dd(x, &lo);
	return h + lo;
}

/* asinh |x| = log1p(a + a^2 / (1 + sqrt(1 + a^2))); log(2a) when a^2
 * would overflow. */
KL_INL double kl_asinh(double x)
{
	double a = __builtin_fabs(x);
	double ac = a > 0x1p500 ? 1.0 : a;
	double z = ac * ac;
	double u = ac + z / (1.0 + __builtin_sqrt(1.0 + z));
	double r = kl_log1p(u);
	double rb = kl_logd(a > 0x1p500 ? a : 1.0) + KL_LN2;
	r = a > 0x1p500 ? rb : r;
	r = a == INFINITY ? a : r;
	r = __builtin_copysign(r, x);
	return kl_isnan(x) ? x : r;
}

/* acosh x = log1p(t + sqrt(2t + t^2)), t = x - 1, for x < 2; log(x +
 * sqrt(x^2 - 1)) up to 2^500; log(2x) above. */
KL_INL double kl_acosh(double x)
{
	double xm = x > 2.0 ? 2.0 : x;
	double t = xm - 1.0;
	double rs = kl_log1p(t + __builtin_sqrt(2.0 * t + t * t));
	double xb = x > 0x1p500 ? 2.0 : x < 2.0 ? 2.0 : x;
	double rm = kl_logd(xb + __builtin_sqrt(xb * xb - 1.0));
	double rb = kl_logd(x > 0x1p500 ? x : 2.0) + KL_LN2;
	double r = x < 2.0 ? rs : x > 0x1p500 ? rb : rm;
	r = x == INFINITY ? x : r;
	r = x < 1.0 ? NAN : r;
	return kl_isnan(x) ? x : r;
}

/* atanh |x| = log1p(2a / (1 - a)) / 2. */
KL_INL double kl_atanh(double x)
{
	double a = __builtin_fabs(x);
	double r = 0.5 * kl_log1p(2.0 * a / (1.0 - a));
	r = a > 1.0 ? NAN : r;
	r = __builtin_copysign(r, x);
	return kl_isnan(x) ? x : r;
}

KL_MATH_FF1(sinh, klf_sinh, kl_sinh)
KL_MATH_FF1(cosh, klf_cosh, kl_cosh)
KL_MATH_FF1(tanh, klf_tanh, kl_tanh)
KL_MATH_F1(asinh, kl_asinh)
KL_MATH_F1(acosh, kl_acosh)
KL_MATH_F1(atanh, kl_atanh)
