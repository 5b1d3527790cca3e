/* -cl-fast-relaxed-math and the math built-ins (OpenCL C 3.0 section 7.4,
 * the relaxed column of the ULP table): a program built with the option
 * may use cheaper variants (Kiln selects them through __kiln_fast_math,
 * kernel-lib/math_float.h), and every result must stay within the relaxed
 * bounds, which this test checks against the host's double libm (exact
 * enough for float):
 *
 *   sin, cos, sincos   absolute error <= 2^-11 for x in [-pi, pi]; Kiln
 *                      also keeps it beyond, up to |x| = 1000 (checked)
 *   tan                derived from sin and 1/cos: the sin/cos bound
 *                      carried through the quotient
 *   exp, exp2, exp10   3 + floor(|2x|) ulp
 *   log, log2, log10   absolute error <= 2^-21 on [0.5, 2], else 3 ulp
 *   pow, powr          derived from exp2(y log2 x): the exp2 bound at
 *                      t = y log2 x plus the log2 error carried by y
 *   others (tanh ...)  the full-profile bounds, which still apply
 *
 * The same kernels built without the option must meet the full bounds
 * (the default path of the same functions), so both variants are checked
 * in one run.  Inputs are finite (the option implies
 * -cl-finite-math-only). */
#include "builtin_harness.h"

#include <float.h>
#include <math.h>
#include <stdint.h>

#define N 65536

enum rule { ABS_TRIG, TAN, EXPN, LOGN, POWN, ULP };

struct ffn {
	const char *name;
	int two;             /* two arguments */
	double (*ref1)(double);
	double (*ref2)(double, double);
	double lo, hi, lo2, hi2; /* input ranges */
	enum rule rule;
	double full;         /* full-profile bound (ulp) */
	double fast;         /* ULP rule: relaxed bound (ulp) */
};

static double r_exp10(double x) { return pow(10.0, x); }

static const struct ffn fns[] = {
	{ "sin", 0, sin, NULL, -M_PI, M_PI, 0, 0, ABS_TRIG, 4, 0 },
	{ "cos", 0, cos, NULL, -M_PI, M_PI, 0, 0, ABS_TRIG, 4, 0 },
	{ "sin", 0, sin, NULL, -1000, 1000, 0, 0, ABS_TRIG, 4, 0 },
	{ "cos", 0, cos, NULL, -1000, 1000, 0, 0, ABS_TRIG, 4, 0 },
	{ "tan", 0, tan, NULL, -1.5, 1.5, 0, 0, TAN, 5, 0 },
	{ "exp", 0, exp, NULL, -87, 88, 0, 0, EXPN, 3, 0 },
	{ "exp2", 0, exp2, NULL, -126, 127, 0, 0, EXPN, 3, 0 },
	{ "exp10", 0, r_exp10, NULL, -37, 38, 0, 0, EXPN, 3, 0 },
	{ "log", 0, log, NULL, 1e-30, 1e30, 0, 0, LOGN, 3, 0 },
	{ "log2", 0, log2, NULL, 0.25, 4, 0, 0, LOGN, 3, 0 },
	{ "log10", 0, log10, NULL, 0.25, 4, 0, 0, LOGN, 3, 0 },
	{ "pow", 1, NULL, pow, 0.01, 10, -20, 20, POWN, 16, 0 },
	{ "powr", 1, NULL, pow, 0.5, 2, -100, 100, POWN, 16, 0 },
	{ "tanh", 0, tanh, NULL, -10, 10, 0, 0, ULP, 5, 5 },
	{ "sinh", 0, sinh, NULL, -10, 10, 0, 0, ULP, 4, 4 },
	{ "cosh", 0, cosh, NULL, -10, 10, 0, 0, ULP, 4, 4 },
	{ "sqrt", 0, sqrt, NULL, 0, 1e6, 0, 0, ULP, 0.5, 3 },
};
#define NFNS (sizeof(fns) / sizeof(fns[0]))

static double rnd(double lo, double hi)
{
	return lo + (hi - lo) * ((double)(bh_rand() >> 11) * 0x1p-53);
}

/* float ulp of the exact value r */
static double ulp_of(double r)
{
	int e;
	frexp(fabs(r), &e);
	return ldexp(1.0, (e < -125 ? -125 : e) - 24);
}

/* The relaxed bound as an absolute error at (x, y) with exact result r. */
static double fast_bound(const struct ffn *f, double x, double y, double r)
{
	switch (f->rule) {
	case ABS_TRIG:
		return 0x1p-11;
	case TAN: { /* d(s/c) = ds/c - s dc/c^2 */
		double s = sin(x), c = cos(x);
		return 0x1p-11 * (1 / fabs(c) + fabs(s) / (c * c)) + 3 * ulp_of(r);
	}
	case EXPN:
		return (3 + floor(fabs(2 * x))) * ulp_of(r);
	case LOGN:
		return x >= 0.5 && x <= 2 ? 0x1p-21 : 3 * ulp_of(r);
	case POWN: { /* exp2(t), t = y log2 x carrying y times log2's error */
		double l = log2(x), t = y * l;
		double dl = fabs(l) < 1 ? 0x1p-21 : 3 * ulp_of(l);
		double dt = fabs(y) * dl + ulp_of(t);
		return (3 + floor(fabs(2 * t))) * ulp_of(r) + fabs(r) * M_LN2 * dt;
	}
	case ULP:
	default:
		return f->fast * ulp_of(r);
	}
}

static void run(struct bh *h, cl_program prog, int fast)
{
	float *a = malloc(N * 4), *b = malloc(N * 4), *o = malloc(N * 4);
	REQUIRE(a && b && o);
	for (size_t k = 0; k < NFNS; k++) {
		const struct ffn *f = &fns[k];
		for (size_t i = 0; i < N; i++) {
			a[i] = (float)rnd(f->lo, f->hi);
			b[i] = (float)rnd(f->lo2, f->hi2);
		}
		char kname[32];
		snprintf(kname, sizeof(kname), "f_%s", f->name);
		struct bh_arg args[3] = { BH_BUF(a, N * 4), BH_BUF(b, N * 4), BH_BUF(o, N * 4) };
		bh_run(h, prog, kname, N, 0, 3, args);
		size_t bad = 0;
		double worst = 0;
		size_t wi = 0;
		for (size_t i = 0; i < N; i++) {
			double x = a[i], y = b[i];
			double r = f->two ? f->ref2(x, y) : f->ref1(x);
			if (isinf(r) || fabs(r) > FLT_MAX || (r != 0 && fabs(r) < FLT_MIN))
				continue; /* overflow and subnormal results: finite math only */
			double err = fabs(o[i] - r);
			double bound = fast ? fast_bound(f, x, y, r) : f->full * ulp_of(r);
			if (!(err <= bound))
				bad++;
			if (!(err / bound <= worst)) {
				worst = err / bound;
				wi = i;
			}
		}
		if (bad)
			fprintf(stderr, "%s%s: %zu results beyond the %s bound (worst %.3g of the bound "
				"at x=%a y=%a: got %a)\n", f->name, fast ? " (fast)" : "", bad,
				fast ? "relaxed" : "full", worst, a[wi], b[wi], o[wi]);
		CHECK(bad == 0);
	}
	free(a);
	free(b);
	free(o);
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	char src[8192];
	size_t len = 0;
	for (size_t k = 0; k < NFNS; k++) {
		if (k && !strcmp(fns[k].name, fns[k - 1].name))
			continue;
		char tmp[128];
		snprintf(tmp, sizeof(tmp), "f_%s(", fns[k].name);
		if (strstr(src, tmp))
			continue;
		len += (size_t)snprintf(src + len, sizeof(src) - len,
			"kernel void f_%s(global float *a, global float *b, global float *o)"
			" { size_t i = get_global_id(0); o[i] = %s(a[i]%s); }\n",
			fns[k].name, fns[k].name, fns[k].two ? ", b[i]" : "");
	}
	/* sincos through its pointer: both results against sin and cos */
	len += (size_t)snprintf(src + len, sizeof(src) - len,
		"kernel void f_sincos(global float *a, global float *b, global float *o)"
		" { size_t i = get_global_id(0); float c; o[i] = sincos(a[i], &c); b[i] = c; }\n");
	for (int fast = 0; fast <= 1; fast++) {
		cl_program prog = bh_build(&h, src, fast ? "-cl-fast-relaxed-math" : "");
		run(&h, prog, fast);
		/* sincos: absolute 2^-11 (fast) or 4 ulp (full) on [-pi, pi] */
		float *a = malloc(N * 4), *c = malloc(N * 4), *s = malloc(N * 4);
		REQUIRE(a && c && s);
		for (size_t i = 0; i < N; i++)
			a[i] = (float)rnd(-M_PI, M_PI);
		struct bh_arg args[3] = { BH_BUF(a, N * 4), BH_BUF(c, N * 4), BH_BUF(s, N * 4) };
		bh_run(&h, prog, "f_sincos", N, 0, 3, args);
		size_t bad = 0;
		for (size_t i = 0; i < N; i++) {
			double rs = sin(a[i]), rc = cos(a[i]);
			double bs = fast ? 0x1p-11 : 4 * ulp_of(rs), bc = fast ? 0x1p-11 : 4 * ulp_of(rc);
			if (!(fabs(s[i] - rs) <= bs) || !(fabs(c[i] - rc) <= bc))
				bad++;
		}
		if (bad)
			fprintf(stderr, "sincos%s: %zu results beyond the bound\n", fast ? " (fast)" : "", bad);
		CHECK(bad == 0);
		free(a);
		free(c);
		free(s);
		clReleaseProgram(prog);
	}
	bh_release(&h);
	return check_done();
}
