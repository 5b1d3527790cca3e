/* Accuracy of the half (cl_khr_fp16) math built-ins, OpenCL C 3.0 section
 * 6.15.2, against MPFR: every one-argument function on all 65,536 half
 * inputs; the two- and three-argument ones and those with an int argument
 * on the special-value grid crossed with itself plus random bit patterns
 * (2^17 inputs each by default, KILN_HALF_SAMPLES=n for more).  The error is
 * measured in ulp of half against the exact result and checked against the
 * half table of section 7.4; functions the spec wants exact or correctly
 * rounded must give MPFR's result rounded once to half, bit for bit (signed
 * zeros included); NaN must come out exactly where the result is NaN; the
 * int results (ilogb, frexp, lgamma_r's sign, remquo's low quotient bits)
 * must be exact.  The width-8 and width-3 vector forms must give the scalar
 * results bit for bit.  KILN_HALF_VERBOSE=1 prints each function's worst
 * case; docs/math.md lists the measured maxima. */
#include "builtin_harness.h"

#include <math.h>
#include <mpfr.h>
#include <stdint.h>

enum kind { K_F1, K_F2, K_F3, K_FI, K_IF, K_PF, K_PI, K_RQ };

typedef void (*ref_fn)(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n);

struct hfunc {
	const char *name;
	enum kind kind;
	double bound; /* ulp (section 7.4, half); 0: correctly rounded */
	ref_fn ref;
	int nlo, nhi; /* int argument range */
	int zero_sign_free;
};

/* ---- host half <-> double (GCC's _Float16: IEEE binary16) ---- */
static double h2d(uint16_t h)
{
	_Float16 f;
	memcpy(&f, &h, 2);
	return (double)f;
}

static uint16_t d2h_exact(double d) /* d must be a half value (or inf/NaN) */
{
	_Float16 f = (_Float16)d;
	uint16_t h;
	memcpy(&h, &f, 2);
	return h;
}

/* x rounded once to half, ties to even, with half's subnormals. */
static uint16_t mpfr_to_half(mpfr_t x)
{
	if (mpfr_nan_p(x))
		return 0x7e00;
	if (mpfr_inf_p(x))
		return mpfr_signbit(x) ? 0xfc00 : 0x7c00;
	if (mpfr_zero_p(x))
		return mpfr_signbit(x) ? 0x8000 : 0;
	mpfr_t t;
	mpfr_init2(t, mpfr_get_prec(x) + 64);
	double v;
	if (mpfr_get_exp(x) <= -14) { /* |x| < 2^-14 */
		/* subnormal range: a multiple of 2^-24 */
		mpfr_mul_2si(t, x, 24, MPFR_RNDN);
		mpfr_rint(t, t, MPFR_RNDN);
		v = ldexp(mpfr_get_d(t, MPFR_RNDN), -24);
		if (v == 0)
			v = mpfr_signbit(x) ? -0.0 : 0.0;
	} else {
		mpfr_set_prec(t, 11);
		mpfr_set(t, x, MPFR_RNDN);
		v = mpfr_get_d(t, MPFR_RNDN); /* exact */
		if (fabs(v) >= 65536.0)
			v = v > 0 ? INFINITY : -INFINITY;
	}
	mpfr_clear(t);
	return d2h_exact(v);
}

/* the ulp of half at the exact value r */
static double half_ulp(double r)
{
	if (r == 0 || !isfinite(r))
		return 0x1p-24;
	int e = ilogb(r);
	e = e < -14 ? -14 : e > 15 ? 15 : e;
	return ldexp(1.0, e - 10);
}

/* error of got in ulp of the exact r (infinite for a NaN mismatch or a
 * wrong infinity; an infinity where the exact result rounds to it is 0) */
static double ulp_error(uint16_t got, mpfr_t r)
{
	double g = h2d(got);
	if (mpfr_nan_p(r))
		return isnan(g) ? 0 : INFINITY;
	if (isnan(g))
		return INFINITY;
	double rd = mpfr_get_d(r, MPFR_RNDN);
	if (isinf(g)) {
		if (fabs(rd) >= 65520.0 && (g > 0) == (rd > 0))
			return 0;
		g = copysign(65536.0, g);
	}
	if (isinf(rd))
		return INFINITY;
	return fabs(g - rd) / half_ulp(rd);
}

/* ---- references ---- */
#define R1(NAME, CALL)                                                         \
	static void ref_##NAME(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n) \
	{ (void)r2; (void)iv; (void)a; (void)b; (void)c; (void)n; CALL; }
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
R1(atan2, mpfr_atan2(r, a, b, MPFR_RNDN))
R1(atan2pi, mpfr_atan2pi(r, a, b, MPFR_RNDN))
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
R1(cbrt, mpfr_cbrt(r, a, MPFR_RNDN))
R1(sqrt, mpfr_sqrt(r, a, MPFR_RNDN))
R1(rsqrt, mpfr_zero_p(a) ? mpfr_set_inf(r, mpfr_signbit(a) ? -1 : 1)
			 : (void)mpfr_rec_sqrt(r, a, MPFR_RNDN))
R1(erf, mpfr_erf(r, a, MPFR_RNDN))
R1(erfc, mpfr_erfc(r, a, MPFR_RNDN))
R1(tgamma, mpfr_gamma(r, a, MPFR_RNDN))
R1(lgamma, mpfr_lgamma(r, (int[1]){ 0 }, a, MPFR_RNDN))
R1(floor, mpfr_floor(r, a))
R1(ceil, mpfr_ceil(r, a))
R1(trunc, mpfr_trunc(r, a))
R1(round, mpfr_round(r, a))
R1(rint, mpfr_rint(r, a, MPFR_RNDN))
R1(fabs, mpfr_abs(r, a, MPFR_RNDN))
R1(logb, mpfr_set_d(r, logb(mpfr_get_d(a, MPFR_RNDN)), MPFR_RNDN))
R1(pow, mpfr_pow(r, a, b, MPFR_RNDN))
R1(pown, mpfr_pow_si(r, a, n, MPFR_RNDN))
R1(hypot, mpfr_hypot(r, a, b, MPFR_RNDN))
R1(fmax, mpfr_max(r, a, b, MPFR_RNDN))
R1(fmin, mpfr_min(r, a, b, MPFR_RNDN))
R1(fdim, mpfr_dim(r, a, b, MPFR_RNDN))
R1(fmod, mpfr_fmod(r, a, b, MPFR_RNDN))
R1(remainder, mpfr_remainder(r, a, b, MPFR_RNDN))
R1(ldexp, mpfr_mul_2si(r, a, n, MPFR_RNDN))
/* fma: the exact sum (half products and sums fit in 120 bits) */
R1(fma, (mpfr_set_prec(r, 160), mpfr_fma(r, a, b, c, MPFR_RNDN)))
R1(mad, (mpfr_set_prec(r, 160), mpfr_fma(r, a, b, c, MPFR_RNDN)))
/* copysign from the host and the second argument's bits: MPFR does not
 * keep the sign of a NaN */
static uint16_t cur_b; /* the second argument as given */
R1(copysign, mpfr_set_d(r, copysign(mpfr_get_d(a, MPFR_RNDN), (cur_b & 0x8000) ? -1.0 : 1.0),
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

/* nextafter on the 16-bit patterns, the host's way (C99 7.12.11.3) */
static void ref_nextafter(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)r2; (void)iv; (void)c; (void)n;
	double x = mpfr_get_d(a, MPFR_RNDN), y = mpfr_get_d(b, MPFR_RNDN);
	double v;
	if (isnan(x) || isnan(y))
		v = NAN;
	else if (x == y)
		v = y;
	else if (x == 0)
		v = copysign(0x1p-24, y);
	else {
		uint16_t hx = d2h_exact(x);
		hx = ((x < y) == (x > 0)) ? hx + 1 : hx - 1;
		v = h2d(hx);
	}
	mpfr_set_d(r, v, MPFR_RNDN);
}

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

static void ref_ilogb(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)r2; (void)b; (void)c; (void)n;
	double x = mpfr_get_d(a, MPFR_RNDN);
	*iv = x == 0 ? INT32_MIN : (isnan(x) || isinf(x)) ? INT32_MAX : ilogb(x);
	mpfr_set_si(r, 0, MPFR_RNDN);
}

static void ref_sincos(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)iv; (void)b; (void)c; (void)n;
	mpfr_sin_cos(r, r2, a, MPFR_RNDN);
}

static void ref_modf(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)iv; (void)b; (void)c; (void)n;
	mpfr_modf(r2, r, a, MPFR_RNDN);
}

/* fract: fmin(x - floor(x), the largest half below 1); +-inf give +-0 */
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
	mpfr_sub(r, a, r2, MPFR_RNDN); /* exact at the precision used */
	uint16_t h = mpfr_to_half(r);
	if (h == 0x3c00) /* rounded up to 1 */
		mpfr_set_d(r, 0x1.ffcp-1, MPFR_RNDN);
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

static void ref_lgamma_r(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)r2; (void)b; (void)c; (void)n;
	int sg = 1;
	mpfr_lgamma(r, &sg, a, MPFR_RNDN);
	double x = mpfr_get_d(a, MPFR_RNDN);
	/* poles, infinities, NaN: C99 leaves the sign open */
	*iv = (isinf(x) || isnan(x) || (x <= 0 && x == trunc(x))) ? 0 : sg;
}

static void ref_remquo(mpfr_t r, mpfr_t r2, long *iv, mpfr_t a, mpfr_t b, mpfr_t c, long n)
{
	(void)r2; (void)c; (void)n;
	mpfr_remquo(r, iv, a, b, MPFR_RNDN);
}

/* The half table of section 7.4 (lgamma: undefined; mad: any). */
static const struct hfunc funcs[] = {
	{ "acos", K_F1, 2, ref_acos, 0, 0, 0 },
	{ "acosh", K_F1, 2, ref_acosh, 0, 0, 0 },
	{ "acospi", K_F1, 2, ref_acospi, 0, 0, 0 },
	{ "asin", K_F1, 2, ref_asin, 0, 0, 0 },
	{ "asinh", K_F1, 2, ref_asinh, 0, 0, 0 },
	{ "asinpi", K_F1, 2, ref_asinpi, 0, 0, 0 },
	{ "atan", K_F1, 2, ref_atan, 0, 0, 0 },
	{ "atanh", K_F1, 2, ref_atanh, 0, 0, 0 },
	{ "atanpi", K_F1, 2, ref_atanpi, 0, 0, 0 },
	{ "atan2", K_F2, 2, ref_atan2, 0, 0, 0 },
	{ "atan2pi", K_F2, 2, ref_atan2pi, 0, 0, 0 },
	{ "cbrt", K_F1, 2, ref_cbrt, 0, 0, 0 },
	{ "ceil", K_F1, 0, ref_ceil, 0, 0, 0 },
	{ "copysign", K_F2, 0, ref_copysign, 0, 0, 0 },
	{ "cos", K_F1, 2, ref_cos, 0, 0, 0 },
	{ "cosh", K_F1, 2, ref_cosh, 0, 0, 0 },
	{ "cospi", K_F1, 2, ref_cospi, 0, 0, 0 },
	{ "erfc", K_F1, 4, ref_erfc, 0, 0, 0 },
	{ "erf", K_F1, 4, ref_erf, 0, 0, 0 },
	{ "exp", K_F1, 2, ref_exp, 0, 0, 0 },
	{ "exp2", K_F1, 2, ref_exp2, 0, 0, 0 },
	{ "exp10", K_F1, 2, ref_exp10, 0, 0, 0 },
	{ "expm1", K_F1, 2, ref_expm1, 0, 0, 0 },
	{ "fabs", K_F1, 0, ref_fabs, 0, 0, 0 },
	{ "fdim", K_F2, 0, ref_fdim, 0, 0, 0 },
	{ "floor", K_F1, 0, ref_floor, 0, 0, 0 },
	{ "fma", K_F3, 0, ref_fma, 0, 0, 0 },
	{ "fmax", K_F2, 0, ref_fmax, 0, 0, 1 },
	{ "fmin", K_F2, 0, ref_fmin, 0, 0, 1 },
	{ "fmod", K_F2, 0, ref_fmod, 0, 0, 0 },
	{ "fract", K_PF, 0, ref_fract, 0, 0, 0 },
	{ "frexp", K_PI, 0, ref_frexp, 0, 0, 0 },
	{ "hypot", K_F2, 2, ref_hypot, 0, 0, 0 },
	{ "ilogb", K_IF, 0, ref_ilogb, 0, 0, 0 },
	{ "ldexp", K_FI, 0, ref_ldexp, -45, 45, 0 },
	{ "lgamma", K_F1, INFINITY, ref_lgamma, 0, 0, 0 },
	{ "lgamma_r", K_PI, INFINITY, ref_lgamma_r, 0, 0, 0 },
	{ "log", K_F1, 2, ref_log, 0, 0, 0 },
	{ "log2", K_F1, 2, ref_log2, 0, 0, 0 },
	{ "log10", K_F1, 2, ref_log10, 0, 0, 0 },
	{ "log1p", K_F1, 2, ref_log1p, 0, 0, 0 },
	{ "logb", K_F1, 0, ref_logb, 0, 0, 0 },
	{ "mad", K_F3, INFINITY, ref_mad, 0, 0, 0 },
	{ "maxmag", K_F2, 0, ref_maxmag, 0, 0, 1 },
	{ "minmag", K_F2, 0, ref_minmag, 0, 0, 1 },
	{ "modf", K_PF, 0, ref_modf, 0, 0, 0 },
	{ "nextafter", K_F2, 0, ref_nextafter, 0, 0, 0 },
	{ "pow", K_F2, 4, ref_pow, 0, 0, 0 },
	{ "pown", K_FI, 4, ref_pown, -20, 20, 0 },
	{ "powr", K_F2, 4, ref_powr, 0, 0, 0 },
	{ "remainder", K_F2, 0, ref_remainder, 0, 0, 0 },
	{ "remquo", K_RQ, 0, ref_remquo, 0, 0, 0 },
	{ "rint", K_F1, 0, ref_rint, 0, 0, 0 },
	{ "rootn", K_FI, 4, ref_rootn, -12, 12, 0 },
	{ "round", K_F1, 0, ref_round, 0, 0, 0 },
	{ "rsqrt", K_F1, 1, ref_rsqrt, 0, 0, 0 },
	{ "sin", K_F1, 2, ref_sin, 0, 0, 0 },
	{ "sincos", K_PF, 2, ref_sincos, 0, 0, 0 },
	{ "sinh", K_F1, 2, ref_sinh, 0, 0, 0 },
	{ "sinpi", K_F1, 2, ref_sinpi, 0, 0, 0 },
	{ "sqrt", K_F1, 1, ref_sqrt, 0, 0, 0 },
	{ "tan", K_F1, 2, ref_tan, 0, 0, 0 },
	{ "tanh", K_F1, 2, ref_tanh, 0, 0, 0 },
	{ "tanpi", K_F1, 2, ref_tanpi, 0, 0, 0 },
	{ "tgamma", K_F1, 4, ref_tgamma, 0, 0, 0 },
	{ "trunc", K_F1, 0, ref_trunc, 0, 0, 0 },
};
#define NFUNCS (sizeof(funcs) / sizeof(funcs[0]))

/* ---- kernels: scalar, width 8 and width 3 forms of one function ---- */
static const char *bodies[][2] = {
	[K_F1] = { "r[i] = F(a[i]);", "vstore##W(F(vload##W(i, a)), i, r);" },
	[K_F2] = { "r[i] = F(a[i], b[i]);",
		   "vstore##W(F(vload##W(i, a), vload##W(i, b)), i, r);" },
	[K_F3] = { "r[i] = F(a[i], b[i], c[i]);",
		   "vstore##W(F(vload##W(i, a), vload##W(i, b), vload##W(i, c)), i, r);" },
	[K_FI] = { "r[i] = F(a[i], n[i]);",
		   "vstore##W(F(vload##W(i, a), vload##W(i, n)), i, r);" },
	[K_IF] = { "ri[i] = F(a[i]);", "vstore##W(F(vload##W(i, a)), i, ri);" },
	[K_PF] = { "half t; r[i] = F(a[i], &t); r2[i] = t;",
		   "half##W t; vstore##W(F(vload##W(i, a), &t), i, r); vstore##W(t, i, r2);" },
	[K_PI] = { "int t; r[i] = F(a[i], &t); ri[i] = t;",
		   "int##W t; vstore##W(F(vload##W(i, a), &t), i, r); vstore##W(t, i, ri);" },
	[K_RQ] = { "int t; r[i] = F(a[i], b[i], &t); ri[i] = t;",
		   "int##W t; vstore##W(F(vload##W(i, a), vload##W(i, b), &t), i, r);"
		   " vstore##W(t, i, ri);" },
};

static void kernel_source(char *s, size_t cap, const struct hfunc *f)
{
	snprintf(s, cap,
		 "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
		 "#define F %s\n"
		 "#define ARGS global const half *a, global const half *b, global const half *c, "
		 "global const int *n, global half *r, global half *r2, global int *ri\n"
		 "kernel void k1(ARGS) { size_t i = get_global_id(0); %s }\n"
		 "#define VK(K, W) kernel void K(ARGS) { size_t i = get_global_id(0); %s }\n"
		 "VK(k8, 8)\nVK(k3, 3)\n",
		 f->name, bodies[f->kind][0], bodies[f->kind][1]);
}

/* ---- inputs ---- */
static const double specials[] = {
	0.0, -0.0, 0x1p-24, -0x1p-24, 0x1.ff8p-15, -0x1.ff8p-15, 0x1p-14, -0x1p-14,
	0.5, -0.5, 1.0, -1.0, 0x1.ffcp-1, 0x1.004p+0, -0x1.004p+0, 1.5, -1.5, 2.0,
	-2.0, 3.0, -3.0, 0x1.92p+1, -0x1.92p+1, 0x1.92p+0, 10.0, -10.0, 11.5, 100.0,
	-100.0, 1024.0, 2049.0, 65504.0, -65504.0, INFINITY, -INFINITY, NAN, -NAN,
	0.25, 0x1.8p-5, 7.0, 0.1, -0.1,
};
#define NSPEC (sizeof(specials) / sizeof(specials[0]))

static uint16_t rnd_half(void) { return (uint16_t)(bh_rand() >> 48); }

static void make_inputs(const struct hfunc *f, size_t N, uint16_t *a, uint16_t *b,
			uint16_t *c, int *n)
{
	size_t i = 0;
	if (f->kind == K_F1 || f->kind == K_IF || f->kind == K_PF || f->kind == K_PI) {
		for (i = 0; i < N; i++)
			a[i] = (uint16_t)i;
		return;
	}
	/* the special grid crossed with itself (and with itself again for the
	 * third argument of fma and mad), then random bit patterns; one third
	 * of the fma inputs cancel: c near -a*b */
	for (size_t x = 0; x < NSPEC && i < N; x++)
		for (size_t y = 0; y < NSPEC && i < N; y++, i++) {
			a[i] = d2h_exact(specials[x]);
			b[i] = d2h_exact(specials[y]);
			c[i] = d2h_exact(specials[(x * 7 + y) % NSPEC]);
		}
	for (; i < N; i++) {
		a[i] = rnd_half();
		b[i] = rnd_half();
		c[i] = rnd_half();
		if (f->kind == K_F3 && i % 3 == 0) {
			_Float16 p = (_Float16)(-h2d(a[i]) * h2d(b[i]));
			memcpy(&c[i], &p, 2);
			c[i] ^= (uint16_t)(bh_rand() & 3);
		}
	}
	for (i = 0; i < N; i++)
		n[i] = f->nlo + (int)(bh_rand() % (unsigned)(f->nhi - f->nlo + 1));
}

static int verbose;

static int same_bits(uint16_t x, uint16_t y)
{
	return x == y || (isnan(h2d(x)) && isnan(h2d(y)));
}

/* Checks one function; returns the worst error in ulp. */
static double run_one(struct bh *h, const struct hfunc *f, size_t N)
{
	uint16_t *a = calloc(N, 2), *b = calloc(N, 2), *c = calloc(N, 2);
	uint16_t *r = calloc(N, 2), *r2 = calloc(N, 2), *v = calloc(N, 2), *v2 = calloc(N, 2);
	int *n = calloc(N, sizeof(int)), *ri = calloc(N, sizeof(int)), *vi = calloc(N, sizeof(int));
	REQUIRE(a && b && c && r && r2 && v && v2 && n && ri && vi);
	make_inputs(f, N, a, b, c, n);
	static char src[4096];
	kernel_source(src, sizeof(src), f);
	cl_program prog = bh_build(h, src, "-cl-std=CL3.0");
	struct bh_arg args[] = {
		BH_BUF(a, N * 2), BH_BUF(b, N * 2), BH_BUF(c, N * 2), BH_BUF(n, N * sizeof(int)),
		BH_BUF(r, N * 2), BH_BUF(r2, N * 2), BH_BUF(ri, N * sizeof(int)),
	};
	bh_run(h, prog, "k1", N, 0, 7, args);

	/* vector forms against the scalar results */
	int vec_bad = 0;
	for (int w = 8; w >= 3; w -= 5) {
		struct bh_arg vargs[] = {
			BH_BUF(a, N * 2), BH_BUF(b, N * 2), BH_BUF(c, N * 2),
			BH_BUF(n, N * sizeof(int)), BH_BUF(v, N * 2), BH_BUF(v2, N * 2),
			BH_BUF(vi, N * sizeof(int)),
		};
		memset(v, 0, N * 2);
		memset(v2, 0, N * 2);
		memset(vi, 0, N * sizeof(int));
		bh_run(h, prog, w == 8 ? "k8" : "k3", N / (size_t)w, 0, 7, vargs);
		for (size_t i = 0; i < N / (size_t)w * (size_t)w; i++) {
			int ok = same_bits(v[i], r[i]) && same_bits(v2[i], r2[i]) && vi[i] == ri[i];
			if (f->kind == K_F1 || f->kind == K_F2 || f->kind == K_F3 || f->kind == K_FI)
				ok = same_bits(v[i], r[i]);
			/* fmax(-0, +0) and the like: either zero, in any form */
			if (f->zero_sign_free && !((v[i] | r[i]) & 0x7fff))
				ok = 1;
			if (!ok && vec_bad++ < 3)
				fprintf(stderr, "%s width %d: element %zu differs from the scalar form\n",
					f->name, w, i);
		}
	}
	CHECK(vec_bad == 0);

	mpfr_t ma, mb, mc, mr, mr2;
	mpfr_inits2(64, ma, mb, mc, mr, mr2, (mpfr_ptr)0);
	double worst = 0;
	size_t worst_i = 0;
	int bad = 0;
	size_t not_cr = 0; /* results other than the correctly rounded one */
	for (size_t i = 0; i < N; i++) {
		mpfr_set_d(ma, h2d(a[i]), MPFR_RNDN);
		mpfr_set_d(mb, h2d(b[i]), MPFR_RNDN);
		mpfr_set_d(mc, h2d(c[i]), MPFR_RNDN);
		mpfr_set_prec(mr, 64);
		long iv = 0;
		cur_b = b[i];
		f->ref(mr, mr2, &iv, ma, mb, mc, n[i]);
		int ok = 1;
		double err = 0;
		if (f->kind == K_IF) {
			ok = ri[i] == iv;
		} else {
			uint16_t want = mpfr_to_half(mr);
			not_cr += !same_bits(r[i], want) &&
				  !(f->zero_sign_free && !((r[i] | want) & 0x7fff));
			if (f->bound == 0) {
				ok = same_bits(r[i], want) ||
				     (f->zero_sign_free && (r[i] & 0x7fff) == 0 && (want & 0x7fff) == 0);
				err = ok ? 0 : ulp_error(r[i], mr);
			} else {
				err = ulp_error(r[i], mr);
				ok = err <= f->bound || (isinf(f->bound) && !isinf(err));
			}
			if (f->kind == K_PF) {
				uint16_t want2 = mpfr_to_half(mr2);
				double e2 = ulp_error(r2[i], mr2);
				ok &= f->bound == 0 ? same_bits(r2[i], want2) : e2 <= f->bound;
				err = e2 > err ? e2 : err;
			}
			if (f->kind == K_PI && !(f->ref == ref_lgamma_r && iv == 0))
				ok &= ri[i] == iv;
			/* the sign of x/y and the low 7 bits of |quotient|
			 * (0 carries no sign) */
			if (f->kind == K_RQ && !isnan(h2d(r[i])))
				ok &= (labs((long)ri[i]) & 0x7f) == (labs(iv) & 0x7f) &&
				      ((labs(iv) & 0x7f) == 0 || (ri[i] < 0) == (iv < 0));
		}
		if (err > worst && !isinf(err)) {
			worst = err;
			worst_i = i;
		}
		if (!ok && bad++ < 5)
			fprintf(stderr, "%s(%a, %a, %a, %d) = %a (0x%04x) [%a, int %d], want %a [%a, int %ld], %.3f ulp\n",
				f->name, h2d(a[i]), h2d(b[i]), h2d(c[i]), n[i], h2d(r[i]), r[i],
				h2d(r2[i]), ri[i], mpfr_get_d(mr, MPFR_RNDN),
				mpfr_get_d(mr2, MPFR_RNDN), iv, err);
	}
	CHECK(bad == 0);
	if (bad)
		fprintf(stderr, "%s: %d of %zu wrong\n", f->name, bad, N);
	if (verbose)
		printf("%-10s max %.4f ulp at (%a, %a, %a, %d), bound %g, %zu inputs, "
		       "%zu not correctly rounded\n", f->name, worst, h2d(a[worst_i]),
		       h2d(b[worst_i]), h2d(c[worst_i]), n[worst_i], f->bound, N, not_cr);
	mpfr_clears(ma, mb, mc, mr, mr2, (mpfr_ptr)0);
	clReleaseProgram(prog);
	free(a); free(b); free(c); free(r); free(r2); free(v); free(v2);
	free(n); free(ri); free(vi);
	return worst;
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	if (!bh_has_extension(&h, "cl_khr_fp16")) {
		printf("cl_khr_fp16 not reported\n");
		bh_release(&h);
		return check_done();
	}
	verbose = getenv("KILN_HALF_VERBOSE") != NULL;
	size_t samples = 1u << 17;
	const char *env = getenv("KILN_HALF_SAMPLES");
	if (env && atol(env) > 0)
		samples = (size_t)atol(env);
	samples = (samples + 23) / 24 * 24; /* whole width-8 and width-3 groups */
	const char *only = getenv("KILN_HALF_ONLY");
	for (size_t i = 0; i < NFUNCS; i++) {
		const struct hfunc *f = &funcs[i];
		if (only && strcmp(only, f->name) != 0)
			continue;
		int all = f->kind == K_F1 || f->kind == K_IF || f->kind == K_PF || f->kind == K_PI;
		run_one(&h, f, all ? 65536 : samples);
	}
	bh_release(&h);
	return check_done();
}
