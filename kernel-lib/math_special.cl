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
 * are only used where the result is at least 1/2.  lgamma, lgamma_r and
 * tgamma are not implemented yet (docs/math.md). */
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

KL_MATH_F1(erf, kl_erf)
KL_MATH_F1(erfc, kl_erfc)
