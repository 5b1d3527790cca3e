/* Accuracy of the math built-ins (OpenCL C 3.0 section 6.15.2): every
 * function, float and double (double where the device reports
 * cl_khr_fp64), on the special values of C99 Annex F plus random bit
 * patterns, log-uniform magnitudes and a range of interest per function,
 * 2^20 inputs each by default.  The worst error in ulp of the target
 * format is checked against the full-profile bound of the spec's section
 * 7.4 table.  Functions with bound 0 must give the correctly rounded
 * result, signed zeros included; NaN must come out where the exact result
 * is NaN; the int results (ilogb, frexp, lgamma_r, remquo) must be exact;
 * the width-8 and width-3 vector forms must match the scalar results bit
 * for bit.
 *
 * References, none of them from kernel-lib, in two tiers:
 *  1. the host C library: for bound 0 its own float or double operation
 *     (exact by IEEE 754 / C99 Annex F), compared bit for bit; otherwise
 *     float against its double functions (within 2^-29 float ulp) and
 *     double against its x87 long double ones (within about 2^-10 double
 *     ulp), the pi variants after an exact argument reduction;
 *  2. MPFR at 160 bits, the judge: for non-finite inputs, the
 *     special-value grid, zero results and the edges of overflow and
 *     underflow, wherever tier 1 does not show the error clearly
 *     (FAST_MARGIN) below the bound or an exact result does not match,
 *     and on every 256th input as a cross-check, where any disagreement
 *     with tier 1 fails the test.
 *
 * KILN_MATH_SAMPLES=n sets the inputs per function and type;
 * KILN_MATH_XCHECK=k sends every k-th input through MPFR too (1: all of
 * them, to check tier 1 itself); KILN_MATH_ONLY=name restricts the run to
 * one function; KILN_MATH_VERBOSE=1 prints the worst case of each with
 * its MPFR share and timings; KILN_MATH_EXHAUSTIVE=1 runs every float bit
 * pattern through the one-argument float functions (outside CI).  The
 * checks run on one thread per online CPU, up to 64. */
#include "builtin_harness.h"

#include <float.h>
#include <math.h>
#include <mpfr.h>
#include <pthread.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

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

/* ---- fast references ---- */

/* MPFR at 160 bits costs microseconds a call, too slow for 2^20 inputs of
 * every function; the host C library decides instead wherever it is
 * accurate enough, independent of kernel-lib, in two tiers:
 *   exact: the functions with bound 0 are exact or correctly rounded
 *     operations of IEEE 754 / C99 Annex F, so the host's own float or
 *     double operation is the correctly rounded result, compared bit for
 *     bit (NaN matches NaN, signed zeros as ulp_error wants them);
 *   accurate: float is measured against the host's double functions
 *     (error below one double ulp = 2^-29 float ulp) and double against
 *     its x87 long double functions (a few long double ulp = about 2^-10
 *     double ulp), both far inside FAST_MARGIN.
 * MPFR stays the judge: for non-finite inputs, the special-value grid,
 * zero/inf/out-of-range results, wherever the tier-1 error is not clearly
 * below the bound (or the exact result does not match), and every
 * XCHECK-th sample, where the two must agree (else the reference itself
 * is wrong and the test fails). */
#define FAST_MARGIN 0.01

struct fin {
	double x, y, z; /* the inputs, exact (a float converted to double) */
	long n;         /* the integer argument (pown, rootn, ldexp) */
	int dbl;        /* double under test: compute in long double */
	int exact;      /* bound 0: the result in the target type itself */
};

struct fout {
	long double r, r2; /* result; second result (sincos, modf, fract) */
	long iv;           /* int result (frexp, lgamma_r, ilogb, remquo) */
};

/* 0 where the function has no trustworthy host form for these inputs */
typedef int (*fast_fn)(const struct fin *in, struct fout *o);

#define FAST(NAME) static int fast_##NAME(const struct fin *in, struct fout *o)
#define FAST_LOCALS                                                            \
	__attribute__((unused)) float xf = (float)in->x, yf = (float)in->y,  \
				      zf = (float)in->z;                     \
	__attribute__((unused)) double xd = in->x, yd = in->y, zd = in->z;   \
	__attribute__((unused)) long double x = in->x, y = in->y, z = in->z; \
	__attribute__((unused)) int n = (int)in->n
/* accurate tier: D for float (in double), L for double (long double) */
#define FA(NAME, D, L)                                                         \
	FAST(NAME)                                                             \
	{                                                                      \
		FAST_LOCALS;                                                   \
		if (in->exact)                                                 \
			return 0;                                              \
		o->r = in->dbl ? (long double)(L) : (long double)(D);          \
		return 1;                                                      \
	}
/* exact tier: F in float, D in double */
#define FX(NAME, F, D)                                                         \
	FAST(NAME)                                                             \
	{                                                                      \
		FAST_LOCALS;                                                   \
		o->r = in->dbl ? (long double)(D) : (long double)(F);          \
		return 1;                                                      \
	}

/* The pi variants, with the argument reduced exactly first so the
 * reference stays accurate near the zeros: x - 2 round(x / 2) is exact
 * (|x| < 1 gives x itself, else a multiple of x's ulp below 1), and so
 * are the folds 1 - r, 0.5 - a (Sterbenz); only pi * r is rounded, to a
 * relative 2^-63. */
static long double sinpi_l(long double x)
{
	long double r = x - 2 * roundl(x / 2); /* [-1, 1] */
	if (r > 0.5L)
		r = 1 - r;
	else if (r < -0.5L)
		r = -1 - r;
	return sinl(M_PIl * r);
}

static long double cospi_l(long double x)
{
	long double a = fabsl(x - 2 * roundl(x / 2)); /* [0, 1] */
	if (a <= 0.25L)
		return cosl(M_PIl * a);
	if (a < 0.75L)
		return sinl(M_PIl * (0.5L - a));
	return -cosl(M_PIl * (1 - a));
}

static long double tanpi_l(long double x)
{
	long double r = x - roundl(x); /* [-1/2, 1/2] */
	long double a = fabsl(r);
	long double t = a <= 0.25L ? tanl(M_PIl * a) : 1 / tanl(M_PIl * (0.5L - a));
	return copysignl(t, r);
}

/* x^(1/n): powl with the rounded 1/n is off by |ln x| 2^-64 / n (0.1
 * double ulp near the ends of the range), so one Newton step on
 * y^n = |x| follows, which leaves powl's own 2^-63. */
static long double rootn_l(long double x, int n)
{
	long double ax = fabsl(x);
	long double y = powl(ax, 1.0L / n);
	long double q = powl(y, n) / ax;
	y -= y * (q - 1) / n;
	return copysignl(y, x);
}

FA(sin, sin(xd), sinl(x))
FA(cos, cos(xd), cosl(x))
FA(tan, tan(xd), tanl(x))
FA(asin, asin(xd), asinl(x))
FA(acos, acos(xd), acosl(x))
FA(atan, atan(xd), atanl(x))
FA(atan2, atan2(xd, yd), atan2l(x, y))
FA(sinpi, sinpi_l(x), sinpi_l(x))
FA(cospi, cospi_l(x), cospi_l(x))
FA(tanpi, tanpi_l(x), tanpi_l(x))
FA(asinpi, asin(xd) / M_PI, asinl(x) / M_PIl)
FA(acospi, acos(xd) / M_PI, acosl(x) / M_PIl)
FA(atanpi, atan(xd) / M_PI, atanl(x) / M_PIl)
FA(atan2pi, atan2(xd, yd) / M_PI, atan2l(x, y) / M_PIl)
FA(sinh, sinh(xd), sinhl(x))
FA(cosh, cosh(xd), coshl(x))
FA(tanh, tanh(xd), tanhl(x))
FA(asinh, asinh(xd), asinhl(x))
FA(acosh, acosh(xd), acoshl(x))
FA(atanh, atanh(xd), atanhl(x))
FA(exp, exp(xd), expl(x))
FA(exp2, exp2(xd), exp2l(x))
FA(exp10, exp10(xd), exp10l(x))
FA(expm1, expm1(xd), expm1l(x))
FA(log, log(xd), logl(x))
FA(log2, log2(xd), log2l(x))
FA(log10, log10(xd), log10l(x))
FA(log1p, log1p(xd), log1pl(x))
FA(pow, pow(xd, yd), powl(x, y))
FA(pown, pow(xd, n), powl(x, n))
FA(cbrt, cbrt(xd), cbrtl(x))
FA(hypot, hypot(xd, yd), hypotl(x, y))
FA(erf, erf(xd), erfl(x))
FA(erfc, erfc(xd), erfcl(x))
FA(tgamma, tgamma(xd), tgammal(x))
/* 1 / sqrt: two roundings of the wider format */
FA(rsqrt, 1 / sqrt(xd), 1 / sqrtl(x))
/* a * b + c rounded once in the wider format */
FA(mad, fma(xd, yd, zd), fmal(x, y, z))

/* the _r forms: lgamma and lgammal write the global signgam */
FAST(lgamma)
{
	FAST_LOCALS;
	int s;
	o->r = in->dbl ? lgammal_r(x, &s) : lgamma_r(xd, &s);
	return !in->exact;
}

/* the sign at the poles and at zero is Kiln's convention: MPFR's ref */
FAST(lgamma_r)
{
	FAST_LOCALS;
	int s;
	if (in->exact || (x <= 0 && x == truncl(x)))
		return 0;
	o->r = in->dbl ? lgammal_r(x, &s) : lgamma_r(xd, &s);
	o->iv = s;
	return 1;
}

/* powr: pow where x > 0, NaN where x < 0; the zeros go to MPFR */
FAST(powr)
{
	FAST_LOCALS;
	if (in->exact || x == 0)
		return 0;
	o->r = x < 0 ? NAN : in->dbl ? powl(x, y) : pow(xd, yd);
	return 1;
}

FAST(rootn)
{
	FAST_LOCALS;
	if (in->exact || x == 0)
		return 0;
	o->r = n == 0 || (x < 0 && !(n & 1)) ? NAN : rootn_l(x, n);
	return 1;
}

FAST(sincos)
{
	FAST_LOCALS;
	if (in->exact)
		return 0;
	o->r = in->dbl ? sinl(x) : sin(xd);
	o->r2 = in->dbl ? cosl(x) : cos(xd);
	return 1;
}

/* sqrt, division and reciprocal: exact tier for bound 0 (sqrt,
 * native_sqrt, native_divide, native_recip), accurate for half_* */
FAST(sqrt)
{
	FAST_LOCALS;
	if (in->exact)
		o->r = in->dbl ? sqrt(xd) : sqrtf(xf);
	else
		o->r = in->dbl ? sqrtl(x) : sqrt(xd);
	return 1;
}

FAST(divide)
{
	FAST_LOCALS;
	if (in->exact)
		o->r = in->dbl ? xd / yd : xf / yf;
	else
		o->r = in->dbl ? x / y : xd / yd;
	return 1;
}

FAST(recip)
{
	FAST_LOCALS;
	if (in->exact)
		o->r = in->dbl ? 1 / xd : 1 / xf;
	else
		o->r = in->dbl ? 1 / x : 1 / xd;
	return 1;
}

FX(fabs, fabsf(xf), fabs(xd))
FX(copysign, copysignf(xf, yf), copysign(xd, yd))
FX(fmax, fmaxf(xf, yf), fmax(xd, yd))
FX(fmin, fminf(xf, yf), fmin(xd, yd))
FX(fdim, fdimf(xf, yf), fdim(xd, yd))
FX(fma, fmaf(xf, yf, zf), fma(xd, yd, zd))
FX(fmod, fmodf(xf, yf), fmod(xd, yd))
FX(remainder, remainderf(xf, yf), remainder(xd, yd))
FX(floor, floorf(xf), floor(xd))
FX(ceil, ceilf(xf), ceil(xd))
FX(trunc, truncf(xf), trunc(xd))
FX(round, roundf(xf), round(xd))
FX(rint, rintf(xf), rint(xd))
FX(ldexp, ldexpf(xf, n), ldexp(xd, n))
FX(logb, logbf(xf), logb(xd))
FX(nextafter, nextafterf(xf, yf), nextafter(xd, yd))

/* maxmag/minmag pick an input (or fmax/fmin of equal magnitudes): exact
 * in any format */
static double magsel(double x, double y, int max)
{
	double ax = fabs(x), ay = fabs(y);
	return max ? (ax > ay ? x : ay > ax ? y : fmax(x, y))
		   : (ax < ay ? x : ay < ax ? y : fmin(x, y));
}
FX(maxmag, magsel(xd, yd, 1), magsel(xd, yd, 1))
FX(minmag, magsel(xd, yd, 0), magsel(xd, yd, 0))

FAST(remquo)
{
	FAST_LOCALS;
	int q = 0;
	if (yd == 0)
		return 0;
	o->r = in->dbl ? remquo(xd, yd, &q) : remquof(xf, yf, &q);
	o->iv = q;
	return 1;
}

FAST(modf)
{
	FAST_LOCALS;
	if (in->dbl) {
		double ip;
		o->r = modf(xd, &ip);
		o->r2 = ip;
	} else {
		float ip;
		o->r = modff(xf, &ip);
		o->r2 = ip;
	}
	return 1;
}

/* fract = fmin(x - floor(x), largest below 1) with the subtraction in
 * the target format (section 6.15.2); the zeros (whose sign the
 * definition leaves to the subtraction) go to MPFR's ref */
FAST(fract)
{
	FAST_LOCALS;
	if (xd == 0)
		return 0;
	if (in->dbl) {
		o->r2 = floor(xd);
		o->r = fmin(xd - floor(xd), 0x1.fffffffffffffp-1);
	} else {
		o->r2 = floorf(xf);
		o->r = fminf(xf - floorf(xf), 0x1.fffffep-1f);
	}
	return 1;
}

FAST(frexp)
{
	FAST_LOCALS;
	int e = 0;
	o->r = in->dbl ? frexp(xd, &e) : frexpf(xf, &e);
	o->iv = e;
	return 1;
}

/* OpenCL's FP_ILOGB0 is INT_MIN; the int result also comes back
 * converted to the type */
FAST(ilogb)
{
	FAST_LOCALS;
	o->iv = xd == 0 ? INT32_MIN : ilogb(xd);
	o->r = in->dbl ? (long double)(double)o->iv : (long double)(float)o->iv;
	return 1;
}

/* by MPFR reference: native_sin shares sin's, and so on */
static const struct {
	ref_fn ref;
	fast_fn fast;
} fast_refs[] = {
	{ ref_sin, fast_sin }, { ref_cos, fast_cos }, { ref_tan, fast_tan },
	{ ref_asin, fast_asin }, { ref_acos, fast_acos }, { ref_atan, fast_atan },
	{ ref_atan2, fast_atan2 }, { ref_sinpi, fast_sinpi }, { ref_cospi, fast_cospi },
	{ ref_tanpi, fast_tanpi }, { ref_asinpi, fast_asinpi }, { ref_acospi, fast_acospi },
	{ ref_atanpi, fast_atanpi }, { ref_atan2pi, fast_atan2pi }, { ref_sinh, fast_sinh },
	{ ref_cosh, fast_cosh }, { ref_tanh, fast_tanh }, { ref_asinh, fast_asinh },
	{ ref_acosh, fast_acosh }, { ref_atanh, fast_atanh }, { ref_exp, fast_exp },
	{ ref_exp2, fast_exp2 }, { ref_exp10, fast_exp10 }, { ref_expm1, fast_expm1 },
	{ ref_log, fast_log }, { ref_log2, fast_log2 }, { ref_log10, fast_log10 },
	{ ref_log1p, fast_log1p }, { ref_pow, fast_pow }, { ref_powr, fast_powr },
	{ ref_pown, fast_pown }, { ref_rootn, fast_rootn }, { ref_erf, fast_erf },
	{ ref_erfc, fast_erfc }, { ref_tgamma, fast_tgamma }, { ref_lgamma, fast_lgamma },
	{ ref_lgamma_r, fast_lgamma_r }, { ref_sqrt, fast_sqrt }, { ref_rsqrt, fast_rsqrt },
	{ ref_cbrt, fast_cbrt }, { ref_hypot, fast_hypot }, { ref_mad, fast_mad },
	{ ref_sincos, fast_sincos }, { ref_divide, fast_divide }, { ref_recip, fast_recip },
	{ ref_fabs, fast_fabs }, { ref_copysign, fast_copysign }, { ref_fmax, fast_fmax },
	{ ref_fmin, fast_fmin }, { ref_fdim, fast_fdim }, { ref_fma, fast_fma },
	{ ref_fmod, fast_fmod }, { ref_remainder, fast_remainder }, { ref_remquo, fast_remquo },
	{ ref_floor, fast_floor }, { ref_ceil, fast_ceil }, { ref_trunc, fast_trunc },
	{ ref_round, fast_round }, { ref_rint, fast_rint }, { ref_modf, fast_modf },
	{ ref_fract, fast_fract }, { ref_frexp, fast_frexp }, { ref_ldexp, fast_ldexp },
	{ ref_ilogb, fast_ilogb }, { ref_logb, fast_logb }, { ref_nextafter, fast_nextafter },
	{ ref_maxmag, fast_maxmag }, { ref_minmag, fast_minmag },
};

static fast_fn fast_ref(const struct mfunc *f)
{
	for (size_t k = 0; k < sizeof(fast_refs) / sizeof(fast_refs[0]); k++)
		if (fast_refs[k].ref == f->ref)
			return fast_refs[k].fast;
	return NULL;
}

/* Exact tier: got is the result itself (bit for bit but NaN payloads;
 * a zero's sign free for fmax/fmin/maxmag/minmag as in ulp_error). */
static int fast_match(double got, long double r)
{
	if (isnan(r))
		return isnan(got);
	return got == r && (!signbit(got) == !signbit(r) || zero_sign_free);
}

/* Accurate tier: the error of got in ulp of the target format against
 * r, as ulp_error measures it: a NaN must give NaN, a result beyond the
 * rounding threshold of overflow +-inf, one below half the smallest
 * subnormal a zero of its sign; 0 (MPFR decides) where r is zero or
 * within 2^-40 of those thresholds, or got breaks those rules. */
static int fast_error(double got, long double r, int dbl, double *err)
{
	int p = dbl ? 53 : 24, emin = dbl ? -1022 : -126;
	long double ar = fabsl(r);
	long double big = dbl ? DBL_MAX : FLT_MAX;
	long double ovf = dbl ? 0x1.fffffffffffff8p1023L : 0x1.ffffffp127L;
	long double unf = ldexpl(1, emin - p);
	*err = 0;
	if (isnan(r) || isnan(got))
		return isnan(r) && isnan(got);
	if (r == 0)
		return 0;
	if (ar > big)
		return ar >= ovf * (1 + 0x1p-40L) && isinf(got) && !signbit(got) == !signbit(r);
	if (isinf(got))
		return 0;
	if (got == 0) {
		if (!signbit(got) != !signbit(r) || (ar >= unf * (1 - 0x1p-40L) &&
						     ar <= unf * (1 + 0x1p-40L)))
			return 0;
		if (ar < unf)
			return 1;
	}
	int e;
	frexpl(ar, &e);
	e = e - 1 < emin ? emin : e - 1;
	*err = (double)(fabsl((long double)got - r) / ldexpl(1, e - (p - 1)));
	return 1;
}

/* ---- checking, on check_threads() threads ---- */

/* Every XCHECK-th sample also goes through MPFR (KILN_MATH_XCHECK=k sets
 * it; 1 checks the fast references on every input). */
#define XCHECK_DEFAULT 256
static size_t xcheck = XCHECK_DEFAULT;

/* the online CPUs, so that the exhaustive mode scales with the machine */
#define MAX_CHECK_THREADS 64
static int check_threads(void)
{
	long c = sysconf(_SC_NPROCESSORS_ONLN);
	return c < 1 ? 1 : c > MAX_CHECK_THREADS ? MAX_CHECK_THREADS : (int)c;
}

struct chk {
	const struct mfunc *f;
	int dbl;
	size_t n, lo, hi;
	double **in;
	int *iin, *iout;
	void *dout, *dout2, *d8, *d3;
	double worst, worst2, refdiff;
	size_t wi, bad, vbad, ibad, refbad, rbi, nmpfr;
	int joined;
};

/* How far the fast verdict is from MPFR's: for the exact tier, whether
 * both say "matches"; for the accurate tier, the difference in ulp. */
static double disagreement(int exact, double fast_err, double mpfr_err)
{
	if (exact)
		return (fast_err == 0) == (mpfr_err == 0) ? 0 : INFINITY;
	return isinf(mpfr_err) ? INFINITY : fabs(fast_err - mpfr_err);
}

static int int_disagrees(enum kind k, long a, long b)
{
	if (k == K_REMQUO)
		return (labs(a) & 7) != (labs(b) & 7) || (a && b && (a < 0) != (b < 0));
	return (k == K_PI || k == K_IF) && a != b;
}

static void *check_range(void *arg)
{
	struct chk *w = arg;
	const struct mfunc *f = w->f;
	int dbl = w->dbl;
	size_t n = w->n;
	double **in = w->in;
	int *iin = w->iin, *iout = w->iout;
	void *dout = w->dout, *dout2 = w->dout2, *d8 = w->d8, *d3 = w->d3;
	fast_fn fast = fast_ref(f);
	int nin = f->kind == K_F3 ? 3 : (f->kind == K_F2 || f->kind == K_REMQUO) ? 2 : 1;
	/* the special-value grid of gen() always goes to MPFR */
	size_t nspec = exhaustive ? 0 : nin > 1 ? NSPECIAL * NSPECIAL : NSPECIAL;
	mpfr_t a, b, c, r, r2;
	mpfr_inits2(REF_PREC, a, b, c, r, r2, (mpfr_ptr)0);
	double worst = 0, worst2 = 0, refdiff = 0;
	size_t wi = w->lo, bad = 0, vbad = 0, ibad = 0, refbad = 0, rbi = 0, nmpfr = 0;
	double bound = dbl ? f->ulp_d : f->ulp_f;
	int exact = bound == 0;
	for (size_t i = w->lo; i < w->hi; i++) {
		double g = dbl ? ((double *)dout)[i] : ((float *)dout)[i];
		double g2 = dbl ? ((double *)dout2)[i] : ((float *)dout2)[i];
		long iv = 0;
		long nv = iin[i];
		double err = INFINITY, err2 = 0;
		/* tier 1: the host's exact operations or its wider functions,
		 * for finite inputs */
		int have = fast != NULL;
		for (int s = 0; s < nin; s++)
			have = have && isfinite(in[s][i]);
		struct fin fi = { in[0][i], in[1][i], in[2][i], nv, dbl, exact };
		struct fout fo = { 0, 0, 0 };
		have = have && fast(&fi, &fo);
		if (have && exact) {
			err = fast_match(g, fo.r) ? 0 : INFINITY;
			if (f->kind == K_PF)
				err2 = fast_match(g2, fo.r2) ? 0 : INFINITY;
		} else if (have) {
			have = fast_error(g, fo.r, dbl, &err) &&
			       (f->kind != K_PF || fast_error(g2, fo.r2, dbl, &err2));
		}
		iv = fo.iv;
		int decided = have && (exact ? err == 0 && err2 == 0
					     : err < bound - FAST_MARGIN && err2 < bound - FAST_MARGIN);
		/* tier 2: MPFR, near the bound, for the special cases (where the
		 * details of zeros, infinities and NaNs count) and as a cross
		 * check of tier 1 */
		if (!decided || i < nspec || i % xcheck == 0) {
			double ferr = err, ferr2 = err2;
			long fiv = iv;
			mpfr_set_d(a, in[0][i], MPFR_RNDN);
			mpfr_set_d(b, in[1][i], MPFR_RNDN);
			mpfr_set_d(c, in[2][i], MPFR_RNDN);
			cur_ysign = in[1][i];
			mpfr_set_prec(r, REF_PREC);
			iv = 0;
			f->ref(r, r2, &iv, a, b, c, nv);
			err = ulp_error(g, r, dbl, exact);
			err2 = f->kind == K_PF ? ulp_error(g2, r2, dbl, exact) : 0;
			nmpfr++;
			if (have) {
				double d = disagreement(exact, ferr, err);
				double d2 = disagreement(exact, ferr2, err2);
				d = d > d2 ? d : d2;
				if (!exact && d > refdiff)
					refdiff = d;
				if (d > FAST_MARGIN || int_disagrees(f->kind, fiv, iv)) {
					if (!refbad)
						rbi = i;
					refbad++;
				}
			}
		}
		if (f->kind == K_PF) {
			if (err2 > worst2)
				worst2 = err2;
			if (err2 > bound)
				err = err > err2 ? err : err2;
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
	w->refdiff = refdiff;
	w->wi = wi;
	w->bad = bad;
	w->vbad = vbad;
	w->ibad = ibad;
	w->refbad = refbad;
	w->rbi = rbi;
	w->nmpfr = nmpfr;
	return NULL;
}

/* ---- one function, one type ---- */

static int verbose;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

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
	double t0 = now(), t1, t2;
	cur_dbl = dbl;
	zero_sign_free = !strcmp(f->name, "fmax") || !strcmp(f->name, "fmin") ||
			 !strcmp(f->name, "maxmag") || !strcmp(f->name, "minmag");
	double *in[3];
	int *iin = malloc(n * sizeof(int)), *iout = calloc(n, sizeof(int));
	void *da[3], *dout = calloc(n, es), *dout2 = calloc(n, es), *d8 = calloc(n, es),
		     *d3 = calloc(n, es);
	REQUIRE(iin && iout && dout && dout2 && d8 && d3);
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
	t1 = now();
	bh_run(h, prog, kname, n, 0, na, args);
	t2 = now();

	struct chk cw[MAX_CHECK_THREADS];
	pthread_t th[MAX_CHECK_THREADS];
	int nth = n >= 4096 && mpfr_buildopt_tls_p() ? check_threads() : 1;
	for (int t = 0; t < nth; t++)
		cw[t] = (struct chk){ .f = f, .dbl = dbl, .n = n, .lo = n * t / nth,
				      .hi = n * (t + 1) / nth, .in = in, .iin = iin, .iout = iout,
				      .dout = dout, .dout2 = dout2, .d8 = d8, .d3 = d3 };
	for (int t = 1; t < nth; t++)
		cw[t].joined = pthread_create(&th[t], NULL, check_range, &cw[t]) == 0;
	check_range(&cw[0]);
	double worst = cw[0].worst, worst2 = cw[0].worst2, refdiff = cw[0].refdiff;
	size_t wi = cw[0].wi, bad = cw[0].bad, vbad = cw[0].vbad, ibad = cw[0].ibad;
	size_t refbad = cw[0].refbad, rbi = cw[0].rbi, nmpfr = cw[0].nmpfr;
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
		refdiff = cw[t].refdiff > refdiff ? cw[t].refdiff : refdiff;
		if (!refbad && cw[t].refbad)
			rbi = cw[t].rbi;
		bad += cw[t].bad;
		vbad += cw[t].vbad;
		ibad += cw[t].ibad;
		refbad += cw[t].refbad;
		nmpfr += cw[t].nmpfr;
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
	char fails[48] = "";
	if (bad)
		snprintf(fails, sizeof(fails), " FAIL on %zu inputs", bad);
	if ((verbose && !exhaustive) || bad || vbad || ibad || refbad)
		fprintf(stderr, "%-10s %-6s worst %8.3g ulp (bound %g)%s at x=%s y=%s%s%s: got %s, exact %s"
			"%s%s [%zu of %zu by MPFR, fast ref within %.2g ulp; s: inputs %.2f kernel %.2f check %.2f]\n",
			f->name, dbl ? "double" : "float", worst, bound, fails, xs, ys,
			f->kind == K_F3 ? " z=" : "", f->kind == K_F3 ? zs : "", gs,
			rs, vbad ? " VECTOR MISMATCH" : "", ibad ? " INT RESULT WRONG" : "", nmpfr, n,
			refdiff, t1 - t0, t2 - t1, now() - t2);
	/* a fast reference that disagrees with MPFR is a bug of this test */
	if (refbad) {
		fmt(xs, sizeof(xs), in[0][rbi], dbl);
		fmt(ys, sizeof(ys), f->kind == K_FI ? (double)iin[rbi] : in[1][rbi], 1);
		fmt(gs, sizeof(gs), dbl ? ((double *)dout)[rbi] : ((float *)dout)[rbi], dbl);
		fprintf(stderr, "%-10s %-6s FAST REFERENCE DISAGREES WITH MPFR on %zu inputs, first x=%s y=%s got %s\n",
			f->name, dbl ? "double" : "float", refbad, xs, ys, gs);
	}
	CHECK(bad == 0);
	CHECK(vbad == 0);
	CHECK(ibad == 0);
	CHECK(refbad == 0);
	mpfr_clears(a, b, c, r, r2, (mpfr_ptr)0);
	for (int s = 0; s < 3; s++) {
		free(in[s]);
		free(da[s]);
	}
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
	size_t n = (size_t)1 << 20;
	const char *env = getenv("KILN_MATH_SAMPLES");
	if (env && atol(env) > 0)
		n = (size_t)atol(env);
	env = getenv("KILN_MATH_XCHECK");
	if (env && atol(env) > 0)
		xcheck = (size_t)atol(env);
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
				run_one(&h, prog, &funcs[k], dbl, n);
		clReleaseProgram(prog);
		free(src);
	}
	bh_release(&h);
	mpfr_free_cache();
	return check_done();
}
