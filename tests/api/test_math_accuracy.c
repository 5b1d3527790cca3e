/* Accuracy of the math built-ins (OpenCL C 3.0 section 6.15.2) against
 * MPFR: for every function, float and double, the special values of C99
 * Annex F plus random bit patterns, log-uniform magnitudes and a range of
 * interest per function; each result is compared with the exact value
 * (MPFR at 160 bits) and the worst error in ulp of the target format is
 * checked against the full-profile bound of the spec's section 7.4 table.
 * Functions with bound 0 must equal MPFR's correctly rounded result,
 * signed zeros included; NaN must come out where the exact result is NaN.
 * The width-8 and width-3 vector forms must match the scalar results bit
 * for bit.
 *
 * KILN_MATH_SAMPLES=n sets the inputs per function and type (default
 * 2^20 for the float functions that glibc has in double, which serve as
 * the reference with MPFR near the bound and for special values, 2^15 for
 * the others, all checked on two threads); KILN_MATH_ONLY=name restricts the run
 * to one function; KILN_MATH_VERBOSE=1 prints the worst case of each;
 * KILN_MATH_EXHAUSTIVE=1 runs every float bit pattern through the
 * one-argument float functions (hours: outside CI). */
#include "builtin_harness.h"

#include <float.h>
#include <math.h>
#include <mpfr.h>
#include <pthread.h>
#include <stdint.h>

#define REF_PREC 160

enum kind {
	K_F1,     /* T f(T) */
	K_F2,     /* T f(T, T) */
	K_F3,     /* T f(T, T, T) */
	K_FI,     /* T f(T, int) */
	K_IF,     /* int f(T) */
	K_PF,     /* T f(T, T *) : two results */
	K_PI,     /* T f(T, int *) */
	K_REMQUO, /* T f(T, T, int *) */
};

/* Reference: returns the exact result in r (and a second one in r2 / an
 * integer in *iv where the kind has one), inputs as MPFR numbers. */
typedef void (*ref_fn)(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n);

struct mfunc {
	const char *name;
	enum kind kind;
	double ulp_f, ulp_d; /* section 7.4 bounds */
	ref_fn ref;
	double lo, hi;       /* range of interest */
	int nlo, nhi;        /* integer argument range (K_FI) */
	int float_only;      /* native_* and half_* (section 6.15.2.1/2) */
};

static int cur_dbl;      /* the type under test, for references that round */
static _Thread_local double cur_ysign; /* the second argument as given (NaN sign kept) */
static int zero_sign_free; /* fmax/fmin/maxmag/minmag: the sign of a zero is free */

#define R1(NAME, CALL)                                                         \
	static void ref_##NAME(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n) \
	{ (void)r2; (void)iv; (void)b; (void)c; (void)n; CALL; }
R1(sin, mpfr_sin(r, a, MPFR_RNDN))
R1(cos, mpfr_cos(r, a, MPFR_RNDN))
R1(tan, mpfr_tan(r, a, MPFR_RNDN))
R1(asin, mpfr_asin(r, a, MPFR_RNDN))
R1(acos, mpfr_acos(r, a, MPFR_RNDN))
R1(atan, mpfr_atan(r, a, MPFR_RNDN))
R1(sinpi, mpfr_sinpi(r, a, MPFR_RNDN))
R1(cospi, mpfr_cospi(r, a, MPFR_RNDN))
R1(tanpi, mpfr_tanpi(r, a, MPFR_RNDN))
R1(asinpi, mpfr_asinpi(r, a, MPFR_RNDN))
R1(acospi, mpfr_acospi(r, a, MPFR_RNDN))
R1(atanpi, mpfr_atanpi(r, a, MPFR_RNDN))

/* atan2 from atan of the quotient at REF_PREC (mpfr_atan2 asserts on
 * extreme exponent ratios); the special values of C99 F.9.1.4 from the
 * host, where they are exact constants. */
static void ref_atan2(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)r2; (void)iv; (void)c; (void)n;
	if (!mpfr_regular_p(a) || !mpfr_regular_p(b)) {
		double y = mpfr_get_d(a, MPFR_RNDN), x = mpfr_get_d(b, MPFR_RNDN);
		double v = atan2(y, x);
		/* the exact multiples of pi/4, not their double roundings */
		mpfr_const_pi(r, MPFR_RNDN);
		double m = v / (M_PI / 4);
		if (v == 0 || isnan(v))
			mpfr_set_d(r, v, MPFR_RNDN);
		else
			mpfr_mul_d(r, r, round(m) / 4, MPFR_RNDN);
		return;
	}
	mpfr_t q, pi;
	mpfr_inits2(REF_PREC + 32, q, pi, (mpfr_ptr)0);
	mpfr_div(q, a, b, MPFR_RNDN);
	mpfr_atan(r, q, MPFR_RNDN);
	if (mpfr_sgn(b) < 0) {
		mpfr_const_pi(pi, MPFR_RNDN);
		if (mpfr_sgn(a) > 0)
			mpfr_add(r, r, pi, MPFR_RNDN);
		else
			mpfr_sub(r, r, pi, MPFR_RNDN);
	}
	mpfr_clears(q, pi, (mpfr_ptr)0);
}

static void ref_atan2pi(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	mpfr_t pi;
	mpfr_init2(pi, REF_PREC + 32);
	ref_atan2(r, r2, iv, a, b, c, n);
	mpfr_const_pi(pi, MPFR_RNDN);
	mpfr_div(r, r, pi, MPFR_RNDN);
	mpfr_clear(pi);
}
R1(sinh, mpfr_sinh(r, a, MPFR_RNDN))
R1(cosh, mpfr_cosh(r, a, MPFR_RNDN))
R1(tanh, mpfr_tanh(r, a, MPFR_RNDN))
R1(asinh, mpfr_asinh(r, a, MPFR_RNDN))
R1(acosh, mpfr_acosh(r, a, MPFR_RNDN))
R1(atanh, mpfr_atanh(r, a, MPFR_RNDN))
R1(exp, mpfr_exp(r, a, MPFR_RNDN))
R1(exp2, mpfr_exp2(r, a, MPFR_RNDN))
R1(exp10, mpfr_exp10(r, a, MPFR_RNDN))
R1(expm1, mpfr_expm1(r, a, MPFR_RNDN))
R1(log, mpfr_log(r, a, MPFR_RNDN))
R1(log2, mpfr_log2(r, a, MPFR_RNDN))
R1(log10, mpfr_log10(r, a, MPFR_RNDN))
R1(log1p, mpfr_log1p(r, a, MPFR_RNDN))
R1(pow, mpfr_pow(r, a, b, MPFR_RNDN))
R1(pown, mpfr_pow_si(r, a, n, MPFR_RNDN))
R1(sqrt, mpfr_sqrt(r, a, MPFR_RNDN))
/* rsqrt(+-0) = +-inf as IEEE 754's rSqrt (MPFR gives +inf for both) */
R1(rsqrt, mpfr_zero_p(a) ? mpfr_set_inf(r, mpfr_signbit(a) ? -1 : 1) : (void)mpfr_rec_sqrt(r, a, MPFR_RNDN))
R1(cbrt, mpfr_cbrt(r, a, MPFR_RNDN))
R1(hypot, mpfr_hypot(r, a, b, MPFR_RNDN))
R1(fabs, mpfr_abs(r, a, MPFR_RNDN))
/* copysign from the host: MPFR does not keep the sign of a NaN input */
R1(copysign, mpfr_set_d(r, copysign(mpfr_get_d(a, MPFR_RNDN), cur_ysign), MPFR_RNDN))
R1(fmax, mpfr_max(r, a, b, MPFR_RNDN))
R1(fmin, mpfr_min(r, a, b, MPFR_RNDN))
R1(fdim, mpfr_dim(r, a, b, MPFR_RNDN))
/* fma needs the exact sum: exponents of the terms may lie 2200 bits apart */
R1(fma, (mpfr_set_prec(r, 2400), mpfr_fma(r, a, b, c, MPFR_RNDN)))
R1(fmod, mpfr_fmod(r, a, b, MPFR_RNDN))
R1(remainder, mpfr_remainder(r, a, b, MPFR_RNDN))
R1(floor, mpfr_floor(r, a))
R1(ceil, mpfr_ceil(r, a))
R1(trunc, mpfr_trunc(r, a))
R1(round, mpfr_round(r, a))
R1(rint, mpfr_rint(r, a, MPFR_RNDN))
R1(ldexp, mpfr_mul_2si(r, a, n, MPFR_RNDN))
R1(erf, mpfr_erf(r, a, MPFR_RNDN))
R1(tgamma, mpfr_gamma(r, a, MPFR_RNDN))
R1(lgamma, mpfr_lgamma(r, (int[1]){ 0 }, a, MPFR_RNDN))

/* lgamma_r: the sign of Gamma(x); at the poles and infinities (where C99
 * leaves it open) Kiln reports +1, and -1 for -0 (Gamma(-0) = -inf). */
static void ref_lgamma_r(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)r2; (void)b; (void)c; (void)n;
	int sg = 1;
	mpfr_lgamma(r, &sg, a, MPFR_RNDN);
	double x = mpfr_get_d(a, MPFR_RNDN);
	if (isinf(x) || (x < 0 && x == trunc(x)))
		sg = 1;
	if (x == 0)
		sg = signbit(x) ? -1 : 1;
	*iv = sg;
}
R1(erfc, mpfr_erfc(r, a, MPFR_RNDN))
/* Bit-level functions: exact, from the host on the exact input. */
R1(logb, mpfr_set_d(r, logb(mpfr_get_d(a, MPFR_RNDN)), MPFR_RNDN))
R1(nextafter, mpfr_set_d(r, cur_dbl ? nextafter(mpfr_get_d(a, MPFR_RNDN), mpfr_get_d(b, MPFR_RNDN))
		     : (double)nextafterf((float)mpfr_get_d(a, MPFR_RNDN), (float)mpfr_get_d(b, MPFR_RNDN)),
		     MPFR_RNDN))
static void ref_magsel(mpfr_t r, mpfr_t a, mpfr_t b, int max)
{
	double x = mpfr_get_d(a, MPFR_RNDN), y = mpfr_get_d(b, MPFR_RNDN);
	double ax = fabs(x), ay = fabs(y);
	double v = max ? (ax > ay ? x : ay > ax ? y : fmax(x, y))
		       : (ax < ay ? x : ay < ax ? y : fmin(x, y));
	mpfr_set_d(r, v, MPFR_RNDN);
}
R1(maxmag, ref_magsel(r, a, b, 1))
R1(minmag, ref_magsel(r, a, b, 0))
/* ilogb with OpenCL's FP_ILOGB0 = INT_MIN and FP_ILOGBNAN = INT_MAX
 * (opencl-c-base.h), infinity INT_MAX */
static void ref_ilogb(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)r2; (void)b; (void)c; (void)n;
	double x = mpfr_get_d(a, MPFR_RNDN);
	*iv = x == 0 ? INT32_MIN : (isnan(x) || isinf(x)) ? INT32_MAX : ilogb(x);
	mpfr_set_si(r, *iv, MPFR_RNDN);
}
R1(divide, mpfr_div(r, a, b, MPFR_RNDN))
R1(recip, mpfr_ui_div(r, 1, a, MPFR_RNDN))

/* powr (section 6.15.2.1): pow for x >= 0 with its own special cases. */
static void ref_powr(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)r2; (void)iv; (void)c; (void)n;
	int bad = mpfr_nan_p(a) || mpfr_nan_p(b) || (mpfr_sgn(a) < 0 && !mpfr_zero_p(a)) ||
		  (mpfr_zero_p(a) && mpfr_zero_p(b)) || (mpfr_inf_p(a) && mpfr_zero_p(b)) ||
		  (mpfr_cmp_ui(a, 1) == 0 && mpfr_inf_p(b));
	if (bad) {
		mpfr_set_nan(r);
		return;
	}
	mpfr_t aa;
	mpfr_init2(aa, mpfr_get_prec(a));
	mpfr_abs(aa, a, MPFR_RNDN);
	mpfr_pow(r, aa, b, MPFR_RNDN);
	mpfr_clear(aa);
}

/* rootn (section 6.15.2.1): x^(1/n); odd n keeps the sign of x. */
static void ref_rootn(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)r2; (void)iv; (void)b; (void)c;
	if (n == 0 || mpfr_nan_p(a) || (mpfr_sgn(a) < 0 && !(n & 1))) {
		mpfr_set_nan(r);
		return;
	}
	mpfr_rootn_ui(r, a, (unsigned long)labs(n), MPFR_RNDN);
	if (n < 0)
		mpfr_ui_div(r, 1, r, MPFR_RNDN);
}

static void ref_mad(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)r2; (void)iv; (void)n;
	mpfr_set_prec(r, 2400);
	mpfr_fma(r, a, b, c, MPFR_RNDN);
}

static void ref_sincos(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)iv; (void)b; (void)c; (void)n;
	mpfr_sin_cos(r, r2, a, MPFR_RNDN);
}

static void ref_remquo(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)r2; (void)c; (void)n;
	mpfr_remquo(r, iv, a, b, MPFR_RNDN);
}


/* The exact host-side functions are references in their own right: the
 * operations are exact in C99 (Annex F), with nothing to round. */
static void ref_modf(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)iv; (void)b; (void)c; (void)n;
	mpfr_modf(r2, r, a, MPFR_RNDN);
}

static void ref_fract(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)iv; (void)b; (void)c; (void)n;
	mpfr_floor(r2, a);
	if (mpfr_inf_p(a)) {
		mpfr_set_zero(r, mpfr_sgn(a));
		return;
	}
	if (mpfr_nan_p(a) || mpfr_zero_p(a)) {
		mpfr_set(r, a, MPFR_RNDN);
		return;
	}
	/* fmin(x - floor(x), largest below 1), the subtraction rounded to
	 * the target format as the spec's definition does */
	mpfr_t t;
	mpfr_init2(t, cur_dbl ? 53 : 24);
	mpfr_sub(t, a, r2, MPFR_RNDN);
	if (mpfr_cmp_ui(t, 1) >= 0)
		mpfr_nextbelow(t);
	mpfr_set(r, t, MPFR_RNDN);
	mpfr_clear(t);
}

static void ref_frexp(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)r2; (void)b; (void)c; (void)n;
	mpfr_exp_t e = 0;
	if (mpfr_regular_p(a))
		mpfr_frexp(&e, r, a, MPFR_RNDN);
	else
		mpfr_set(r, a, MPFR_RNDN);
	*iv = e;
}

static const struct mfunc funcs[] = {
	{ "sin", K_F1, 4, 4, ref_sin, -10, 10, 0, 0 },
	{ "cos", K_F1, 4, 4, ref_cos, -10, 10, 0, 0 },
	{ "tan", K_F1, 5, 5, ref_tan, -10, 10, 0, 0 },
	{ "sincos", K_PF, 4, 4, ref_sincos, -10, 10, 0, 0 },
	{ "asin", K_F1, 4, 4, ref_asin, -1, 1, 0, 0 },
	{ "acos", K_F1, 4, 4, ref_acos, -1, 1, 0, 0 },
	{ "atan", K_F1, 5, 5, ref_atan, -4, 4, 0, 0 },
	{ "atan2", K_F2, 6, 6, ref_atan2, -4, 4, 0, 0 },
	{ "sinpi", K_F1, 4, 4, ref_sinpi, -4, 4, 0, 0 },
	{ "cospi", K_F1, 4, 4, ref_cospi, -4, 4, 0, 0 },
	{ "tanpi", K_F1, 6, 6, ref_tanpi, -4, 4, 0, 0 },
	{ "asinpi", K_F1, 5, 5, ref_asinpi, -1, 1, 0, 0 },
	{ "acospi", K_F1, 5, 5, ref_acospi, -1, 1, 0, 0 },
	{ "atanpi", K_F1, 5, 5, ref_atanpi, -4, 4, 0, 0 },
	{ "atan2pi", K_F2, 6, 6, ref_atan2pi, -4, 4, 0, 0 },
	{ "sinh", K_F1, 4, 4, ref_sinh, -10, 10, 0, 0 },
	{ "cosh", K_F1, 4, 4, ref_cosh, -10, 10, 0, 0 },
	{ "tanh", K_F1, 5, 5, ref_tanh, -5, 5, 0, 0 },
	{ "asinh", K_F1, 4, 4, ref_asinh, -10, 10, 0, 0 },
	{ "acosh", K_F1, 4, 4, ref_acosh, 1, 10, 0, 0 },
	{ "atanh", K_F1, 5, 5, ref_atanh, -1, 1, 0, 0 },
	{ "exp", K_F1, 3, 3, ref_exp, -100, 100, 0, 0 },
	{ "exp2", K_F1, 3, 3, ref_exp2, -140, 140, 0, 0 },
	{ "exp10", K_F1, 3, 3, ref_exp10, -40, 40, 0, 0 },
	{ "expm1", K_F1, 3, 3, ref_expm1, -2, 2, 0, 0 },
	{ "log", K_F1, 3, 3, ref_log, 0, 4, 0, 0 },
	{ "log2", K_F1, 3, 3, ref_log2, 0, 4, 0, 0 },
	{ "log10", K_F1, 3, 3, ref_log10, 0, 4, 0, 0 },
	{ "log1p", K_F1, 2, 2, ref_log1p, -1, 2, 0, 0 },
	{ "pow", K_F2, 16, 16, ref_pow, 0, 10, 0, 0 },
	{ "powr", K_F2, 16, 16, ref_powr, 0, 10, 0, 0 },
	{ "pown", K_FI, 16, 16, ref_pown, -10, 10, -40, 40 },
	{ "rootn", K_FI, 16, 16, ref_rootn, -100, 100, -10, 10 },
	{ "erf", K_F1, 16, 16, ref_erf, -4, 4, 0, 0, 0 },
	{ "tgamma", K_F1, 16, 16, ref_tgamma, -10, 30, 0, 0, 0 },
	/* lgamma: the spec's bound is undefined; the worst error is reported */
	{ "lgamma", K_F1, INFINITY, INFINITY, ref_lgamma, -10, 30, 0, 0, 0 },
	{ "lgamma_r", K_PI, INFINITY, INFINITY, ref_lgamma_r, -10, 30, 0, 0, 0 },
	{ "erfc", K_F1, 16, 16, ref_erfc, -2, 12, 0, 0, 0 },
	{ "sqrt", K_F1, 0, 0, ref_sqrt, 0, 100, 0, 0 },
	{ "rsqrt", K_F1, 2, 2, ref_rsqrt, 0, 100, 0, 0 },
	{ "cbrt", K_F1, 2, 2, ref_cbrt, -100, 100, 0, 0 },
	{ "hypot", K_F2, 4, 4, ref_hypot, -100, 100, 0, 0 },
	{ "fabs", K_F1, 0, 0, ref_fabs, -10, 10, 0, 0 },
	{ "copysign", K_F2, 0, 0, ref_copysign, -10, 10, 0, 0 },
	{ "fmax", K_F2, 0, 0, ref_fmax, -10, 10, 0, 0 },
	{ "fmin", K_F2, 0, 0, ref_fmin, -10, 10, 0, 0 },
	{ "fdim", K_F2, 0, 0, ref_fdim, -10, 10, 0, 0 },
	{ "fma", K_F3, 0, 0, ref_fma, -10, 10, 0, 0 },
	{ "mad", K_F3, INFINITY, INFINITY, ref_mad, -10, 10, 0, 0 },
	{ "fmod", K_F2, 0, 0, ref_fmod, -100, 100, 0, 0 },
	{ "remainder", K_F2, 0, 0, ref_remainder, -100, 100, 0, 0 },
	{ "remquo", K_REMQUO, 0, 0, ref_remquo, -100, 100, 0, 0 },
	{ "floor", K_F1, 0, 0, ref_floor, -10, 10, 0, 0 },
	{ "ceil", K_F1, 0, 0, ref_ceil, -10, 10, 0, 0 },
	{ "trunc", K_F1, 0, 0, ref_trunc, -10, 10, 0, 0 },
	{ "round", K_F1, 0, 0, ref_round, -10, 10, 0, 0 },
	{ "rint", K_F1, 0, 0, ref_rint, -10, 10, 0, 0 },
	{ "modf", K_PF, 0, 0, ref_modf, -10, 10, 0, 0 },
	{ "fract", K_PF, 0, 0, ref_fract, -10, 10, 0, 0 },
	{ "frexp", K_PI, 0, 0, ref_frexp, -10, 10, 0, 0 },
	{ "ldexp", K_FI, 0, 0, ref_ldexp, -10, 10, -300, 300 },
	{ "ilogb", K_IF, 0, 0, ref_ilogb, -10, 10, 0, 0, 0 },
	{ "logb", K_F1, 0, 0, ref_logb, -10, 10, 0, 0, 0 },
	{ "nextafter", K_F2, 0, 0, ref_nextafter, -10, 10, 0, 0, 0 },
	{ "maxmag", K_F2, 0, 0, ref_maxmag, -10, 10, 0, 0, 0 },
	{ "minmag", K_F2, 0, 0, ref_minmag, -10, 10, 0, 0, 0 },
	/* native_*: accuracy implementation-defined (ours: the full forms,
	 * checked to the full bounds); half_*: 8192 ulp */
	{ "native_sin", K_F1, 4, 0, ref_sin, -10, 10, 0, 0, 1 },
	{ "native_cos", K_F1, 4, 0, ref_cos, -10, 10, 0, 0, 1 },
	{ "native_tan", K_F1, 5, 0, ref_tan, -10, 10, 0, 0, 1 },
	{ "native_exp", K_F1, 3, 0, ref_exp, -100, 100, 0, 0, 1 },
	{ "native_exp2", K_F1, 3, 0, ref_exp2, -100, 100, 0, 0, 1 },
	{ "native_exp10", K_F1, 3, 0, ref_exp10, -30, 30, 0, 0, 1 },
	{ "native_log", K_F1, 3, 0, ref_log, 0, 4, 0, 0, 1 },
	{ "native_log2", K_F1, 3, 0, ref_log2, 0, 4, 0, 0, 1 },
	{ "native_log10", K_F1, 3, 0, ref_log10, 0, 4, 0, 0, 1 },
	{ "native_sqrt", K_F1, 0, 0, ref_sqrt, 0, 100, 0, 0, 1 },
	{ "native_rsqrt", K_F1, 2, 0, ref_rsqrt, 0, 100, 0, 0, 1 },
	{ "native_powr", K_F2, 16, 0, ref_powr, 0, 10, 0, 0, 1 },
	{ "native_divide", K_F2, 0, 0, ref_divide, -10, 10, 0, 0, 1 },
	{ "native_recip", K_F1, 0, 0, ref_recip, -10, 10, 0, 0, 1 },
	{ "half_sin", K_F1, 8192, 0, ref_sin, -10, 10, 0, 0, 1 },
	{ "half_cos", K_F1, 8192, 0, ref_cos, -10, 10, 0, 0, 1 },
	{ "half_tan", K_F1, 8192, 0, ref_tan, -10, 10, 0, 0, 1 },
	{ "half_exp", K_F1, 8192, 0, ref_exp, -80, 80, 0, 0, 1 },
	{ "half_exp2", K_F1, 8192, 0, ref_exp2, -100, 100, 0, 0, 1 },
	{ "half_exp10", K_F1, 8192, 0, ref_exp10, -30, 30, 0, 0, 1 },
	{ "half_log", K_F1, 8192, 0, ref_log, 0, 4, 0, 0, 1 },
	{ "half_log2", K_F1, 8192, 0, ref_log2, 0, 4, 0, 0, 1 },
	{ "half_log10", K_F1, 8192, 0, ref_log10, 0, 4, 0, 0, 1 },
	{ "half_sqrt", K_F1, 8192, 0, ref_sqrt, 0, 100, 0, 0, 1 },
	{ "half_rsqrt", K_F1, 8192, 0, ref_rsqrt, 0, 100, 0, 0, 1 },
	{ "half_powr", K_F2, 8192, 0, ref_powr, 0, 10, 0, 0, 1 },
	{ "half_divide", K_F2, 8192, 0, ref_divide, -10, 10, 0, 0, 1 },
	{ "half_recip", K_F1, 8192, 0, ref_recip, -10, 10, 0, 0, 1 },
};
#define NFUNCS (sizeof(funcs) / sizeof(funcs[0]))

/* ---- inputs ---- */

static const double specials[] = {
	0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 10.0, 0.25, 1.5, -1.5,
	INFINITY, -INFINITY, NAN, M_PI, -M_PI, M_PI / 2, -M_PI / 2, M_PI / 4, 100.0,
	1e-300, 1e300, 0x1p-1074, -0x1p-1074, 0x1p-1022, 0x1p-149, -0x1p-149, 0x1p-126,
	FLT_MAX, -FLT_MAX, DBL_MAX, -DBL_MAX, 88.7, -87.3, 709.7, -745.1, 1e6, 1e22,
	0x1p52, 0x1p53 + 2, 0x1.921fb6p+0, 7.0, -7.0, 0.999999, 1.000001, 4.5, -4.5,
};
#define NSPECIAL (sizeof(specials) / sizeof(specials[0]))

/* Exhaustive mode (KILN_MATH_EXHAUSTIVE=1, float one-argument functions):
 * sample i of a chunk is the float with bit pattern exh_base + i. */
static int exhaustive;
static uint64_t exh_base;
static double exh_worst;

static double rnd_unit(void) { return (double)(bh_rand() >> 11) * 0x1p-53; }

/* One input for argument slot `slot` of f, sample i. */
static double gen(const struct mfunc *f, int dbl, size_t i, int slot)
{
	if (exhaustive) {
		uint32_t b = (uint32_t)(exh_base + i);
		float x;
		memcpy(&x, &b, 4);
		return x;
	}
	if (i < NSPECIAL * NSPECIAL && f->kind != K_F1 && f->kind != K_IF &&
	    f->kind != K_PF && f->kind != K_PI && f->kind != K_FI)
		return specials[slot == 0 ? i / NSPECIAL : i % NSPECIAL];
	if (i < NSPECIAL)
		return specials[i];
	switch (bh_rand() % 4) {
	case 0: /* random bits */
		if (dbl) {
			uint64_t b = bh_rand();
			double d;
			memcpy(&d, &b, 8);
			return d;
		} else {
			uint32_t b = (uint32_t)bh_rand();
			float x;
			memcpy(&x, &b, 4);
			return x;
		}
	case 1: { /* log-uniform magnitude in [2^-40, 2^40], random sign */
		double m = ldexp(1.0 + rnd_unit(), (int)(bh_rand() % 81) - 40);
		return (bh_rand() & 1) ? -m : m;
	}
	default: /* range of interest */
		return f->lo + (f->hi - f->lo) * rnd_unit();
	}
}

/* ---- error measurement ---- */

/* Error of `got` against the exact `ref` in ulp of the format (p bits,
 * minimum normal exponent emin); inf where a NaN/inf/zero sign is wrong. */
static double ulp_error(double got, mpfr_t ref, int dbl, int exact)
{
	int p = dbl ? 53 : 24, emin = dbl ? -1022 : -126;
	if (mpfr_nan_p(ref))
		return isnan(got) ? 0 : INFINITY;
	if (isnan(got))
		return INFINITY;
	/* correctly rounded value in the target format */
	mpfr_t cr;
	mpfr_init2(cr, p);
	mpfr_exp_t old_emin = mpfr_get_emin(), old_emax = mpfr_get_emax();
	/* round to p bits in the wide range, then narrow it (MPFR wants its
	 * inputs inside the current range) and round again for subnormals */
	int t = mpfr_set(cr, ref, MPFR_RNDN);
	mpfr_set_emin(dbl ? -1073 : -148);
	mpfr_set_emax(dbl ? 1024 : 128);
	t = mpfr_check_range(cr, t, MPFR_RNDN);
	t = mpfr_subnormalize(cr, t, MPFR_RNDN);
	double crd = dbl ? mpfr_get_d(cr, MPFR_RNDN) : (double)mpfr_get_flt(cr, MPFR_RNDN);
	mpfr_set_emin(old_emin);
	mpfr_set_emax(old_emax);
	mpfr_clear(cr);
	if (exact || isinf(crd) || isinf(got) || crd == 0 || got == 0) {
		if (got == crd && (signbit(got) == signbit(crd) || zero_sign_free))
			return 0;
		if (exact || isinf(crd) || isinf(got) || (crd == 0 && got == 0))
			return INFINITY;
	}
	if (mpfr_inf_p(ref))
		return INFINITY;
	mpfr_t d;
	mpfr_init2(d, REF_PREC + 64);
	mpfr_set_d(d, got, MPFR_RNDN);
	mpfr_sub(d, d, ref, MPFR_RNDN);
	long e = mpfr_zero_p(ref) ? emin : (long)mpfr_get_exp(ref) - 1;
	if (e < emin)
		e = emin;
	mpfr_mul_2si(d, d, -(e - (p - 1)), MPFR_RNDN);
	double r = fabs(mpfr_get_d(d, MPFR_RNDN));
	mpfr_clear(d);
	return r;
}

/* ---- kernels ---- */

static void emit(char *s, size_t cap, const struct mfunc *f, const char *T)
{
	size_t n = strlen(s);
	char *o = s + n;
	cap -= n;
	const char *F = f->name;
	switch (f->kind) {
	case K_F1:
		snprintf(o, cap,
			 "kernel void %s_%s(global %s *a, global %s *o, global %s *o8, global %s *o3, uint n) {\n"
			 " size_t i = get_global_id(0); o[i] = %s(a[i]);\n"
			 " if (i < n / 8) vstore8(%s(vload8(i, a)), i, o8);\n"
			 " if (i < n / 3) vstore3(%s(vload3(i, a)), i, o3); }\n",
			 F, T, T, T, T, T, F, F, F);
		break;
	case K_F2:
		snprintf(o, cap,
			 "kernel void %s_%s(global %s *a, global %s *b, global %s *o, global %s *o8, global %s *o3, uint n) {\n"
			 " size_t i = get_global_id(0); o[i] = %s(a[i], b[i]);\n"
			 " if (i < n / 8) vstore8(%s(vload8(i, a), vload8(i, b)), i, o8);\n"
			 " if (i < n / 3) vstore3(%s(vload3(i, a), vload3(i, b)), i, o3); }\n",
			 F, T, T, T, T, T, T, F, F, F);
		break;
	case K_F3:
		snprintf(o, cap,
			 "kernel void %s_%s(global %s *a, global %s *b, global %s *c, global %s *o, global %s *o8, global %s *o3, uint n) {\n"
			 " size_t i = get_global_id(0); o[i] = %s(a[i], b[i], c[i]);\n"
			 " if (i < n / 8) vstore8(%s(vload8(i, a), vload8(i, b), vload8(i, c)), i, o8);\n"
			 " if (i < n / 3) vstore3(%s(vload3(i, a), vload3(i, b), vload3(i, c)), i, o3); }\n",
			 F, T, T, T, T, T, T, T, F, F, F);
		break;
	case K_FI:
		snprintf(o, cap,
			 "kernel void %s_%s(global %s *a, global int *b, global %s *o, global %s *o8, global %s *o3, uint n) {\n"
			 " size_t i = get_global_id(0); o[i] = %s(a[i], b[i]);\n"
			 " if (i < n / 8) vstore8(%s(vload8(i, a), vload8(i, b)), i, o8);\n"
			 " if (i < n / 3) vstore3(%s(vload3(i, a), vload3(i, b)), i, o3); }\n",
			 F, T, T, T, T, T, F, F, F);
		break;
	case K_PF: /* private pointer for the scalar, global for width 8 */
		snprintf(o, cap,
			 "kernel void %s_%s(global %s *a, global %s *o, global %s *o2, global %s *o8, global %s *o3, uint n) {\n"
			 " size_t i = get_global_id(0); %s p; o[i] = %s(a[i], &p); o2[i] = p;\n"
			 " if (i < n / 8) vstore8(%s(vload8(i, a), (global %s8 *)o3 + i), i, o8); }\n",
			 F, T, T, T, T, T, T, T, F, F, T);
		break;
	case K_PI:
		snprintf(o, cap,
			 "kernel void %s_%s(global %s *a, global %s *o, global int *o2, global %s *o8, global %s *o3, uint n) {\n"
			 " size_t i = get_global_id(0); int p; o[i] = %s(a[i], &p); o2[i] = p;\n"
			 " if (i < n / 8) { int8 q; vstore8(%s(vload8(i, a), &q), i, o8); } }\n",
			 F, T, T, T, T, T, F, F);
		break;
	case K_IF: /* the int result also converted into o for the checks */
		snprintf(o, cap,
			 "kernel void %s_%s(global %s *a, global %s *o, global int *o2, global %s *o8, global %s *o3, uint n) {\n"
			 " size_t i = get_global_id(0); o2[i] = %s(a[i]); o[i] = (%s)o2[i];\n"
			 " if (i < n / 8) vstore8(convert_%s8(%s(vload8(i, a))), i, o8);\n"
			 " if (i < n / 3) vstore3(convert_%s3(%s(vload3(i, a))), i, o3); }\n",
			 F, T, T, T, T, T, F, T, T, F, T, F);
		break;
	case K_REMQUO:
		snprintf(o, cap,
			 "kernel void %s_%s(global %s *a, global %s *b, global %s *o, global int *o2, global %s *o8, global %s *o3, uint n) {\n"
			 " size_t i = get_global_id(0); int p; o[i] = %s(a[i], b[i], &p); o2[i] = p;\n"
			 " if (i < n / 8) { int8 q; vstore8(%s(vload8(i, a), vload8(i, b), &q), i, o8); } }\n",
			 F, T, T, T, T, T, T, F, F);
		break;
	default:
		break;
	}
}

/* ---- checking, on CHECK_THREADS threads ---- */

#define CHECK_THREADS 2

/* The host's double-precision functions as references for float: their
 * error (below one double ulp) is 2^-29 float ulp, far below any bound
 * but 0, so the float error measured against them is exact to that.
 * NULL where glibc has no such function or where the bound is 0 (the
 * correctly rounded result must then come from MPFR). */
static double hd_exp10(double x) { return exp10(x); }
static const struct { const char *name; double (*f1)(double); double (*f2)(double, double); } dfuncs[] = {
	{ "sin", sin, NULL }, { "cos", cos, NULL }, { "tan", tan, NULL },
	{ "asin", asin, NULL }, { "acos", acos, NULL }, { "atan", atan, NULL },
	{ "atan2", NULL, atan2 }, { "sinh", sinh, NULL }, { "cosh", cosh, NULL },
	{ "tanh", tanh, NULL }, { "asinh", asinh, NULL }, { "acosh", acosh, NULL },
	{ "atanh", atanh, NULL }, { "exp", exp, NULL }, { "exp2", exp2, NULL },
	{ "exp10", hd_exp10, NULL }, { "expm1", expm1, NULL }, { "log", log, NULL },
	{ "log2", log2, NULL }, { "log10", log10, NULL }, { "log1p", log1p, NULL },
	{ "pow", NULL, pow }, { "cbrt", cbrt, NULL }, { "hypot", NULL, hypot },
	{ "erf", erf, NULL }, { "erfc", erfc, NULL },
	{ "native_sin", sin, NULL }, { "native_cos", cos, NULL }, { "native_tan", tan, NULL },
	{ "native_exp", exp, NULL }, { "native_exp2", exp2, NULL },
	{ "native_exp10", hd_exp10, NULL }, { "native_log", log, NULL },
	{ "native_log2", log2, NULL }, { "native_log10", log10, NULL },
	{ "half_sin", sin, NULL }, { "half_cos", cos, NULL }, { "half_tan", tan, NULL },
	{ "half_exp", exp, NULL }, { "half_exp2", exp2, NULL }, { "half_exp10", hd_exp10, NULL },
	{ "half_log", log, NULL }, { "half_log2", log2, NULL }, { "half_log10", log10, NULL },
};

/* float functions checked mostly against the double reference run 2^20
 * inputs by default (the 10^6 per function), the others 2^15 */
#define FAST_SAMPLES ((size_t)1 << 20)
static int has_double_ref(const struct mfunc *f)
{
	for (size_t k = 0; k < sizeof(dfuncs) / sizeof(dfuncs[0]); k++)
		if (!strcmp(dfuncs[k].name, f->name))
			return f->kind == K_F1 || f->kind == K_F2;
	return 0;
}

/* Error in float ulp of got against the double reference, or INFINITY
 * where the fast path does not apply (then MPFR decides). */
static double double_ref_error(double (*d1)(double), double (*d2)(double, double), double got,
			       double x, double y)
{
	if (!d1 && !d2)
		return INFINITY;
	double r = d1 ? d1(x) : d2(x, y);
	if (!isfinite(r) || r == 0 || !isfinite(got) || got == 0 || fabs(r) > FLT_MAX)
		return INFINITY;
	int e;
	frexp(fabs(r), &e);
	e = e - 1 < -126 ? -126 : e - 1;
	return fabs(got - r) / ldexp(1.0, e - 23);
}

struct chk {
	const struct mfunc *f;
	int dbl;
	size_t n, lo, hi;
	double **in;
	int *iin, *iout;
	void *dout, *dout2, *d8, *d3;
	double worst, worst2;
	size_t wi, bad, vbad, ibad;
	int joined;
};

static void *check_range(void *arg)
{
	struct chk *w = arg;
	const struct mfunc *f = w->f;
	int dbl = w->dbl;
	size_t n = w->n;
	double **in = w->in;
	int *iin = w->iin, *iout = w->iout;
	void *dout = w->dout, *dout2 = w->dout2, *d8 = w->d8, *d3 = w->d3;
	double (*d1)(double) = NULL, (*d2)(double, double) = NULL;
	for (size_t k = 0; !dbl && k < sizeof(dfuncs) / sizeof(dfuncs[0]); k++)
		if (!strcmp(dfuncs[k].name, f->name) && (f->kind == K_F1 || f->kind == K_F2)) {
			d1 = dfuncs[k].f1;
			d2 = dfuncs[k].f2;
		}
	mpfr_t a, b, c, r, r2;
	mpfr_inits2(REF_PREC, a, b, c, r, r2, (mpfr_ptr)0);
	double worst = 0, worst2 = 0;
	size_t wi = w->lo, bad = 0, vbad = 0, ibad = 0;
	double bound = dbl ? f->ulp_d : f->ulp_f;
	int exact = bound == 0;
	for (size_t i = w->lo; i < w->hi; i++) {
		double g = dbl ? ((double *)dout)[i] : ((float *)dout)[i];
		double g2 = dbl ? ((double *)dout2)[i] : ((float *)dout2)[i];
		long iv = 0;
		long nv = iin[i];
		/* float: the host's double function where it has one (exact to
		 * 2^-28 float ulp); MPFR near the bound and for the special
		 * cases, where the details of zeros, infinities and NaNs count */
		double err = double_ref_error(d1, d2, g, in[0][i], in[1][i]);
		if (!(err < bound - 0.01) || f->kind == K_PF || f->kind == K_PI ||
		    f->kind == K_IF || f->kind == K_REMQUO) {
			mpfr_set_d(a, in[0][i], MPFR_RNDN);
			mpfr_set_d(b, in[1][i], MPFR_RNDN);
			mpfr_set_d(c, in[2][i], MPFR_RNDN);
			cur_ysign = in[1][i];
			mpfr_set_prec(r, REF_PREC);
			f->ref(r, r2, &iv, a, b, c, nv);
			err = ulp_error(g, r, dbl, exact);
		}
		if (f->kind == K_PF) {
			double e2 = ulp_error(g2, r2, dbl, exact);
			if (e2 > worst2)
				worst2 = e2;
			if (e2 > bound)
				err = err > e2 ? err : e2;
		}
		if ((f->kind == K_PI && !isnan(in[0][i]) && iout[i] != (int)iv) ||
		    (f->kind == K_IF && iout[i] != (int)iv))
			ibad++;
		/* remquo: sign of x/y and the quotient's low 3 bits */
		if (f->kind == K_REMQUO && !isnan(g) && !isinf(in[0][i]) && in[1][i] != 0 &&
		    ((abs(iout[i]) & 7) != (labs(iv) & 7) ||
		     (iout[i] && iv && (iout[i] < 0) != (iv < 0))))
			ibad++;
		if (err > worst || (err == worst && worst == 0 && i == 0)) {
			worst = err;
			wi = i;
		}
		if (err > bound)
			bad++;
		/* vector forms: identical to the scalar results */
		int has3 = f->kind == K_F1 || f->kind == K_F2 || f->kind == K_F3 ||
			   f->kind == K_FI || f->kind == K_IF;
		double v8 = dbl ? ((double *)d8)[i] : ((float *)d8)[i];
		double v3 = dbl ? ((double *)d3)[i] : ((float *)d3)[i];
		if (i < n / 8 * 8 && !(v8 == g || (isnan(v8) && isnan(g))))
			vbad++;
		if (has3 && i < n / 3 * 3 && !(v3 == g || (isnan(v3) && isnan(g))))
			vbad++;
		/* sincos/modf/fract: the width-8 form's pointer result */
		if (f->kind == K_PF && i < n / 8 * 8 && !(v3 == g2 || (isnan(v3) && isnan(g2))))
			vbad++;
	}
	mpfr_clears(a, b, c, r, r2, (mpfr_ptr)0);
	mpfr_free_cache();
	w->worst = worst;
	w->worst2 = worst2;
	w->wi = wi;
	w->bad = bad;
	w->vbad = vbad;
	w->ibad = ibad;
	return NULL;
}

/* ---- one function, one type ---- */

static int verbose;

static void fmt(char *buf, size_t n, double v, int dbl)
{
	if (dbl)
		snprintf(buf, n, "%a", v);
	else
		snprintf(buf, n, "%a", (double)(float)v);
}

static void run_one(struct bh *h, cl_program prog, const struct mfunc *f, int dbl, size_t n)
{
	size_t es = dbl ? 8 : 4;
	cur_dbl = dbl;
	zero_sign_free = !strcmp(f->name, "fmax") || !strcmp(f->name, "fmin") ||
			 !strcmp(f->name, "maxmag") || !strcmp(f->name, "minmag");
	double *in[3], *out = malloc(n * 8), *out2 = malloc(n * 8);
	int *iin = malloc(n * sizeof(int)), *iout = calloc(n, sizeof(int));
	void *da[3], *dout = calloc(n, es), *dout2 = calloc(n, es), *d8 = calloc(n, es),
		     *d3 = calloc(n, es);
	REQUIRE(out && out2 && iin && iout && dout && dout2 && d8 && d3);
	for (int s = 0; s < 3; s++) {
		in[s] = malloc(n * 8);
		da[s] = malloc(n * es);
		REQUIRE(in[s] && da[s]);
	}
	for (size_t i = 0; i < n; i++) {
		for (int s = 0; s < 3; s++) {
			double v = gen(f, dbl, i, s);
			if (f->kind == K_FI && s == 1)
				v = fabs(v);
			in[s][i] = dbl ? v : (double)(float)v;
			if (dbl)
				((double *)da[s])[i] = in[s][i];
			else
				((float *)da[s])[i] = (float)in[s][i];
		}
		int span = f->nhi - f->nlo + 1;
		iin[i] = span > 1 ? f->nlo + (int)(bh_rand() % (uint64_t)span) : 0;
		if (i < 16 && span > 1)
			iin[i] = f->nlo + (int)i * span / 16;
	}
	char kname[64];
	snprintf(kname, sizeof(kname), "%s_%s", f->name, dbl ? "double" : "float");
	cl_uint nn = (cl_uint)n;
	struct bh_arg args[8];
	int na = 0;
	args[na++] = BH_BUF(da[0], n * es);
	if (f->kind == K_F2 || f->kind == K_F3 || f->kind == K_REMQUO)
		args[na++] = BH_BUF(da[1], n * es);
	if (f->kind == K_F3)
		args[na++] = BH_BUF(da[2], n * es);
	if (f->kind == K_FI)
		args[na++] = BH_BUF(iin, n * sizeof(int));
	args[na++] = BH_BUF(dout, n * es);
	if (f->kind == K_PF)
		args[na++] = BH_BUF(dout2, n * es);
	if (f->kind == K_PI || f->kind == K_REMQUO || f->kind == K_IF)
		args[na++] = BH_BUF(iout, n * sizeof(int));
	args[na++] = BH_BUF(d8, n * es);
	args[na++] = BH_BUF(d3, n * es);
	args[na++] = BH_SCALAR(&nn);
	bh_run(h, prog, kname, n, 0, na, args);

	struct chk cw[CHECK_THREADS];
	pthread_t th[CHECK_THREADS];
	int nth = n >= 4096 && mpfr_buildopt_tls_p() ? CHECK_THREADS : 1;
	for (int t = 0; t < nth; t++)
		cw[t] = (struct chk){ f, dbl, n, n * t / nth, n * (t + 1) / nth, in, iin, iout,
				      dout, dout2, d8, d3, 0, 0, 0, 0, 0, 0, 0 };
	for (int t = 1; t < nth; t++)
		cw[t].joined = pthread_create(&th[t], NULL, check_range, &cw[t]) == 0;
	check_range(&cw[0]);
	double worst = cw[0].worst, worst2 = cw[0].worst2;
	size_t wi = cw[0].wi, bad = cw[0].bad, vbad = cw[0].vbad, ibad = cw[0].ibad;
	for (int t = 1; t < nth; t++) {
		if (cw[t].joined)
			pthread_join(th[t], NULL);
		else
			check_range(&cw[t]); /* never skip a range */
		if (cw[t].worst > worst) {
			worst = cw[t].worst;
			wi = cw[t].wi;
		}
		worst2 = cw[t].worst2 > worst2 ? cw[t].worst2 : worst2;
		bad += cw[t].bad;
		vbad += cw[t].vbad;
		ibad += cw[t].ibad;
	}
	double bound = dbl ? f->ulp_d : f->ulp_f;
	(void)worst2;
	mpfr_t a, b, c, r, r2;
	mpfr_inits2(REF_PREC, a, b, c, r, r2, (mpfr_ptr)0);
	char xs[64], ys[64], zs[64], gs[64], rs[64];
	fmt(xs, sizeof(xs), in[0][wi], dbl);
	fmt(ys, sizeof(ys), f->kind == K_FI ? (double)iin[wi] : in[1][wi], 1);
	fmt(zs, sizeof(zs), in[2][wi], dbl);
	fmt(gs, sizeof(gs), dbl ? ((double *)dout)[wi] : ((float *)dout)[wi], dbl);
	mpfr_set_d(a, in[0][wi], MPFR_RNDN);
	mpfr_set_d(b, in[1][wi], MPFR_RNDN);
	mpfr_set_d(c, in[2][wi], MPFR_RNDN);
	long iv;
	mpfr_set_prec(r, REF_PREC);
	f->ref(r, r2, &iv, a, b, c, iin[wi]);
	mpfr_snprintf(rs, sizeof(rs), "%.20Rg", r);
	if (worst > exh_worst)
		exh_worst = worst;
	if ((verbose && !exhaustive) || bad || vbad || ibad)
		fprintf(stderr, "%-10s %-6s worst %8.3g ulp (bound %g)%s at x=%s y=%s%s%s: got %s, exact %s"
			"%s%s\n",
			f->name, dbl ? "double" : "float", worst, bound, bad ? " FAIL" : "", xs, ys,
			f->kind == K_F3 ? " z=" : "", f->kind == K_F3 ? zs : "", gs,
			rs, vbad ? " VECTOR MISMATCH" : "", ibad ? " INT RESULT WRONG" : "");
	CHECK(bad == 0);
	CHECK(vbad == 0);
	CHECK(ibad == 0);
	mpfr_clears(a, b, c, r, r2, (mpfr_ptr)0);
	for (int s = 0; s < 3; s++) {
		free(in[s]);
		free(da[s]);
	}
	free(out);
	free(out2);
	free(iin);
	free(iout);
	free(dout);
	free(dout2);
	free(d8);
	free(d3);
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	size_t n = 1 << 15;
	const char *env = getenv("KILN_MATH_SAMPLES");
	if (env && atol(env) > 0)
		n = (size_t)atol(env);
	n = (n + 23) / 24 * 24;
	const char *only = getenv("KILN_MATH_ONLY");
	verbose = getenv("KILN_MATH_VERBOSE") != NULL;
	/* double: where the device reports cl_khr_fp64, or forced with
	 * KILN_MATH_FP64=1 (kernel-lib has the double forms either way) */
	int has_fp64 = bh_has_extension(&h, "cl_khr_fp64") || getenv("KILN_MATH_FP64");

	/* all 2^32 floats through one-argument float functions, in chunks
	 * (hours per function with MPFR: outside CI) */
	exhaustive = getenv("KILN_MATH_EXHAUSTIVE") != NULL;
	if (exhaustive) {
		size_t chunk = (size_t)1 << 22;
		char *src = calloc(1 << 20, 1);
		REQUIRE(src);
		for (size_t k = 0; k < NFUNCS; k++)
			if ((!only || !strcmp(only, funcs[k].name)) && funcs[k].kind == K_F1)
				emit(src, 1 << 20, &funcs[k], "float");
		cl_program prog = bh_build(&h, src, NULL);
		for (size_t k = 0; k < NFUNCS; k++) {
			if ((only && strcmp(only, funcs[k].name)) || funcs[k].kind != K_F1)
				continue;
			exh_worst = 0;
			for (exh_base = 0; exh_base < ((uint64_t)1 << 32); exh_base += chunk)
				run_one(&h, prog, &funcs[k], 0, chunk);
			fprintf(stderr, "%-10s float  exhaustive worst %.3g ulp (bound %g)\n",
				funcs[k].name, exh_worst, funcs[k].ulp_f);
		}
		clReleaseProgram(prog);
		free(src);
		bh_release(&h);
		return check_done();
	}
	for (int dbl = 0; dbl <= has_fp64; dbl++) {
		size_t cap = 1 << 20;
		char *src = calloc(cap, 1);
		REQUIRE(src);
		strcpy(src, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
		for (size_t k = 0; k < NFUNCS; k++)
			if ((!only || !strcmp(only, funcs[k].name)) && !(dbl && funcs[k].float_only))
				emit(src, cap, &funcs[k], dbl ? "double" : "float");
		cl_program prog = bh_build(&h, src, NULL);
		for (size_t k = 0; k < NFUNCS; k++)
			if ((!only || !strcmp(only, funcs[k].name)) && !(dbl && funcs[k].float_only))
				run_one(&h, prog, &funcs[k], dbl,
					!dbl && !env && has_double_ref(&funcs[k]) ? FAST_SAMPLES : n);
		clReleaseProgram(prog);
		free(src);
	}
	bh_release(&h);
	mpfr_free_cache();
	return check_done();
}
