/* Roots, OpenCL C 3.0 section 6.15.2: sqrt correctly rounded (the device
 * reports CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT; llvm.sqrt is the IEEE
 * instruction), rsqrt (2 ulp), cbrt (2 ulp), hypot (4 ulp).  rootn is in
 * math_pow.cl. */
#include "math_internal.h"

float KL_OVL sqrt(float x) { return __builtin_sqrtf(x); }
double KL_OVL sqrt(double x) { return __builtin_sqrt(x); }
KL_SPLIT1(sqrt, float, float) KL_SPLIT1(sqrt, double, double)

/* 1/sqrt: for float the quotient of two correctly rounded float
 * operations (sqrt 0.5 ulp, then the division 0.5 ulp more: about 1.5 ulp,
 * inside the 2 ulp of OpenCL C 3.0 section 7.4 without going through
 * double, which n-body's inner loop pays for).  IEEE gives the special
 * values: rsqrt(+-0) = +-INF, rsqrt(INF) = +0, rsqrt(x < 0) = NaN; the
 * smallest denormal's square root (~1.2e-23) keeps 1/sqrt finite.  For
 * double, the quotient corrected by one Newton step on the residual
 * 1 - x r^2 computed exactly. */
KL_INL double kl_rsqrt(double x)
{
	double s = __builtin_sqrt(x);
	double r = 1.0 / s;
	/* e = 1 - x r^2 = 1 - (r s)(r s) approximately via two products */
	double e1;
	double p = kl_two_prod(r, s, &e1); /* r s = p + e1, near 1 */
	double d = (1.0 - p) - e1;         /* 1 - r s exactly enough */
	double rr = r + r * d;
	return (x > 0.0 && x < INFINITY && x >= 0x1p-1020) ? rr : r;
}
float KL_OVL rsqrt(float x) { return 1.0f / __builtin_sqrtf(x); }
double KL_OVL rsqrt(double x) { return kl_rsqrt(x); }
KL_SPLIT1(rsqrt, float, float) KL_SPLIT1(rsqrt, double, double)

/* cbrt = sign * exp(log|x| / 3) in double-double (as rootn). */
KL_INL double kl_cbrt(double x)
{
	double ax = __builtin_fabs(x);
	double axc = ax > 0.0 && ax < INFINITY ? ax : 1.0;
	double ll;
	double lh = kl_log_dd(axc, &ll);
	const double th = 1.0 / 3.0, tl = 0x1.5555555555555p-56;
	double e;
	double ph = kl_two_prod(lh, th, &e);
	double pl = e + (lh * tl + ll * th);
	double r = kl_exp_dd(ph, pl);
	r = (ax == 0.0 || ax == INFINITY) ? ax : r;
	r = __builtin_copysign(r, x);
	return kl_isnan(x) ? x : r;
}
KL_MATH_FF1(cbrt, klf_cbrt, kl_cbrt)

/* hypot: float in double (exact squares); double scaled by a power of 2
 * so the squares neither overflow nor underflow (C99 F.9.4.3: an infinite
 * argument gives +inf even with a NaN). */
KL_INL double kl_hypot(double x, double y)
{
	double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
	double m = ax > ay ? ax : ay;
	double sc = m > 0x1p500 ? 0x1p-600 : m < 0x1p-500 ? 0x1p600 : 1.0;
	double sx = ax * sc, sy = ay * sc;
	double r = __builtin_sqrt(sx * sx + sy * sy) / sc;
	r = (kl_isnan(x) || kl_isnan(y)) ? x + y : r;
	r = (ax == INFINITY || ay == INFINITY) ? INFINITY : r;
	return r;
}
float KL_OVL hypot(float x, float y)
{
	double dx = x, dy = y;
	float r = (float)__builtin_sqrt(dx * dx + dy * dy);
	return (__builtin_fabsf(x) == INFINITY || __builtin_fabsf(y) == INFINITY) ? INFINITY : r;
}
double KL_OVL hypot(double x, double y) { return kl_hypot(x, y); }
KL_SPLIT2(hypot, float, float, float) KL_SPLIT2(hypot, double, double, double)
