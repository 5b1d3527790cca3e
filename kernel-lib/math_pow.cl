/* Powers, OpenCL C 3.0 section 6.15.2: pow, pown, powr, rootn (16 ulp,
 * section 7.4).  x^y = exp(y log|x|) with log|x| and the product in
 * double-double, so the error does not grow with |y log x|.  Special
 * values: C99 F.9.4.4 for pow and pown, section 6.15.2.1 for powr and
 * rootn. */
#include "math_internal.h"

/* |x|^(y) with y = yh + yl, no special cases beyond what exp/log give. */
KL_INL double kl_pow_abs(double ax, double yh, double yl)
{
	double axc = ax > 0.0 && ax < INFINITY ? ax : 1.0;
	double ll;
	double lh = kl_log_dd(axc, &ll);
	double e;
	double th = kl_two_prod(yh, lh, &e);
	double tl = e + (yh * ll + yl * lh);
	double r = kl_exp_dd(th, kl_isfinite(th) ? tl : 0.0);
	/* |x| = 0 or inf: the sign of y picks 0 or inf */
	int big = ax == INFINITY;
	double zi = (ax == 0.0) ^ (yh < 0.0) ^ big ? 0.0 : INFINITY;
	zi = (ax == 0.0 && yh < 0.0) ? INFINITY : zi;
	zi = (big && yh > 0.0) ? INFINITY : zi;
	zi = (big && yh < 0.0) ? 0.0 : zi;
	zi = (ax == 0.0 && yh > 0.0) ? 0.0 : zi;
	return (ax == 0.0 || big) ? zi : r;
}

KL_INL int kl_is_int(double y) { return __builtin_trunc(y) == y; }
KL_INL int kl_is_odd(double y)
{
	double a = __builtin_fabs(y);
	return kl_is_int(y) && a < 0x1p53 && ((long)a & 1);
}

KL_INL double kl_pow(double x, double y)
{
	double ax = __builtin_fabs(x);
	double r = kl_pow_abs(ax, y, 0.0);
	/* |x| < 1 / > 1 with infinite y */
	double ri = (ax < 1.0) ^ (y > 0.0) ? INFINITY : 0.0;
	r = kl_isinf(y) ? ri : r;
	r = (ax == 1.0 && kl_isinf(y)) ? 1.0 : r;
	r = kl_isnan(x) || kl_isnan(y) ? x + y : r;
	/* negative base: odd integer y flips the sign, non-integer y is NaN */
	int neg = as_long(x) < 0;
	r = (neg && kl_is_odd(y)) ? -r : r;
	r = (x < 0.0 && kl_isfinite(x) && kl_isfinite(y) && !kl_is_int(y)) ? NAN : r;
	r = y == 0.0 ? 1.0 : r;
	r = x == 1.0 ? 1.0 : r;
	return r;
}

KL_INL double kl_powr(double x, double y)
{
	double r = kl_pow(__builtin_fabs(x), y);
	r = x < 0.0 ? NAN : r;
	r = (x == 0.0 && y == 0.0) ? NAN : r;
	r = (x == INFINITY && y == 0.0) ? NAN : r;
	r = (x == 1.0 && kl_isinf(y)) ? NAN : r;
	r = (kl_isnan(x) || kl_isnan(y)) ? x + y : r;
	return r;
}

/* x^(1/n) with 1/n in double-double. */
KL_INL double kl_rootn(double x, int n)
{
	double nd = (double)n;
	double ih = 1.0 / nd;
	double pe;
	double pp = kl_two_prod(ih, nd, &pe);
	double il = ((1.0 - pp) - pe) / nd;
	double ax = __builtin_fabs(x);
	double r = kl_pow_abs(ax, ih, il);
	int odd = n & 1;
	r = (odd && as_long(x) < 0) ? -r : r;
	r = (!odd && x < 0.0) ? NAN : r;
	r = n == 0 ? NAN : r;
	return kl_isnan(x) ? x : r;
}

KL_MATH_FF2_FAST(pow, klf_pow, kl_pow)
KL_MATH_FF2_FAST(powr, klf_powr, kl_powr)

float KL_OVL pown(float x, int n) { return klf_pown(x, n); }
double KL_OVL pown(double x, int n) { return kl_pow(x, (double)n); }
float KL_OVL rootn(float x, int n) { return klf_rootn(x, n); }
double KL_OVL rootn(double x, int n) { return kl_rootn(x, n); }
KL_SPLIT2(pown, float, float, int) KL_SPLIT2(pown, double, double, int)
KL_SPLIT2(rootn, float, float, int) KL_SPLIT2(rootn, double, double, int)
