/* Conversions to and from half (cl_khr_fp16), OpenCL C 3.0 section 6.4.3:
 * convert_half[n][_rte|_rtz|_rtp|_rtn] from every scalar type, and
 * convert_<T>[n][_sat][_rte|_rtz|_rtp|_rtn](half) to every scalar type,
 * scalar and width-4 forms (the vector form must equal the scalar one).
 * Sources: all 65,536 halves; for the other types their edges, values
 * around every half midpoint and random bit patterns.  References: MPFR
 * rounds the exact source value once to half in the mode asked for (with
 * half's subnormals and its overflow rules: a directed mode gives the
 * largest finite half where it rounds away from infinity); half to
 * integer rounds the exact half on the host (rint, trunc, ceil, floor),
 * _sat clamps and maps NaN to 0, and without _sat only in-range results
 * are compared (the others are undefined).  Also the implicit conversions,
 * as_half/as_short, half arithmetic and comparisons, and the relational
 * classification functions on every half (the conformance suite's
 * math_brute_force found isinf(-inf) giving 0). */
#include "builtin_harness.h"

#include <math.h>
#include <mpfr.h>
#include <stdint.h>

enum { N = 65536 * 2 };

struct ty {
	const char *name;
	int size, is_signed, is_float;
	double lo, hi; /* integer range */
};
static const struct ty types[] = {
	{ "char", 1, 1, 0, -128.0, 127.0 },
	{ "uchar", 1, 0, 0, 0, 255.0 },
	{ "short", 2, 1, 0, -32768.0, 32767.0 },
	{ "ushort", 2, 0, 0, 0, 65535.0 },
	{ "int", 4, 1, 0, -0x1p31, 0x1p31 - 1 },
	{ "uint", 4, 0, 0, 0, 0x1p32 - 1 },
	{ "long", 8, 1, 0, -0x1p63, 0x1p63 }, /* hi: 2^63 - 1, not a double */
	{ "ulong", 8, 0, 0, 0, 0x1p64 },
	{ "half", 2, 1, 1, 0, 0 },
	{ "float", 4, 1, 1, 0, 0 },
	{ "double", 8, 1, 1, 0, 0 },
};
#define NTYPES (sizeof(types) / sizeof(types[0]))
enum { T_HALF = 8, T_FLOAT = 9, T_DOUBLE = 10 };
static const char *modes[] = { "", "_rte", "_rtz", "_rtp", "_rtn" };

static double h2d(uint16_t h)
{
	_Float16 f;
	memcpy(&f, &h, 2);
	return (double)f;
}

static uint16_t d2h_exact(double d)
{
	_Float16 f = (_Float16)d;
	uint16_t h;
	memcpy(&h, &f, 2);
	return h;
}

/* x rounded once to half in mode rnd (section 6.4.3: overflow in a directed
 * mode gives the largest finite value on the side the mode rounds to). */
static uint16_t mpfr_to_half_mode(mpfr_t x, mpfr_rnd_t rnd)
{
	if (mpfr_nan_p(x))
		return 0x7e00;
	if (mpfr_inf_p(x))
		return mpfr_signbit(x) ? 0xfc00 : 0x7c00;
	if (mpfr_zero_p(x))
		return mpfr_signbit(x) ? 0x8000 : 0;
	int neg = mpfr_signbit(x);
	mpfr_t t;
	mpfr_init2(t, 200);
	double v;
	if (mpfr_get_exp(x) <= -14) { /* |x| < 2^-14 */
		mpfr_mul_2si(t, x, 24, MPFR_RNDN); /* exact */
		mpfr_rint(t, t, rnd);
		v = ldexp(mpfr_get_d(t, MPFR_RNDN), -24);
		if (v == 0)
			v = neg ? -0.0 : 0.0;
	} else {
		mpfr_set_prec(t, 11);
		mpfr_set(t, x, rnd);
		v = mpfr_get_d(t, MPFR_RNDN);
		if (fabs(v) > 65504.0) {
			int to_inf = rnd == MPFR_RNDN ? fabs(v) >= 65536.0
				     : rnd == MPFR_RNDZ ? 0
				     : rnd == MPFR_RNDU ? !neg : neg;
			v = to_inf ? (neg ? -INFINITY : INFINITY) : (neg ? -65504.0 : 65504.0);
		}
	}
	mpfr_clear(t);
	return d2h_exact(v);
}

static const mpfr_rnd_t mode_rnd[] = { MPFR_RNDN, MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU, MPFR_RNDD };

/* element i of a buffer of type t as MPFR (exact) */
static void get_exact(mpfr_t r, const struct ty *t, const void *buf, size_t i)
{
	const unsigned char *p = (const unsigned char *)buf + i * (size_t)t->size;
	if (t->is_float) {
		double d;
		if (t->size == 2) {
			uint16_t h;
			memcpy(&h, p, 2);
			d = h2d(h);
		} else if (t->size == 4) {
			float f;
			memcpy(&f, p, 4);
			d = f;
		} else
			memcpy(&d, p, 8);
		mpfr_set_d(r, d, MPFR_RNDN);
		return;
	}
	uint64_t u = 0;
	memcpy(&u, p, (size_t)t->size);
	if (t->is_signed) {
		int64_t s = (int64_t)(u << (64 - 8 * t->size)) >> (64 - 8 * t->size);
		mpfr_set_sj(r, s, MPFR_RNDN);
	} else
		mpfr_set_uj(r, u, MPFR_RNDN);
}

static void fill_source(const struct ty *t, unsigned char *buf)
{
	for (size_t i = 0; i < N; i++) {
		unsigned char *p = buf + i * (size_t)t->size;
		if (t->size == 2 && t->is_float) {
			uint16_t h = (uint16_t)i;
			memcpy(p, &h, 2);
			continue;
		}
		uint64_t r = bh_rand();
		if (t->is_float) {
			/* a half (or half midpoint) scaled a little off, or random */
			double d;
			uint16_t h = (uint16_t)(r >> 48);
			double base = h2d(h), next = h2d((uint16_t)(h + 1));
			int how = (int)(i % 4);
			if (isnan(base) || isinf(base) || isnan(next) || isinf(next))
				how = 3;
			if (how == 0)
				d = (base + next) / 2; /* a midpoint */
			else if (how == 1)
				d = (base + next) / 2 * (1 + ((r & 1) ? 0x1p-40 : -0x1p-40));
			else if (how == 2)
				d = base;
			else {
				uint64_t bits = bh_rand();
				if (t->size == 4) {
					float f;
					uint32_t b32 = (uint32_t)bits;
					memcpy(&f, &b32, 4);
					d = f;
				} else
					memcpy(&d, &bits, 8);
			}
			if (t->size == 4) {
				float f = (float)d;
				memcpy(p, &f, 4);
			} else
				memcpy(p, &d, 8);
			continue;
		}
		/* integers: small values (every one near zero), values around the
		 * half grid, edges, random */
		uint64_t v;
		switch (i % 4) {
		case 0: v = (uint64_t)((int64_t)(i / 4) - 2048); break;
		case 1: v = (uint64_t)(int64_t)(((r >> 40) & 0xffff) * ((i & 8) ? -1 : 1)); break;
		case 2: v = (i & 16) ? (uint64_t)-1 - (i & 7) : ((uint64_t)1 << (8 * t->size - 1)) + (i & 7) - 4; break;
		default: v = r; break;
		}
		memcpy(p, &v, (size_t)t->size);
	}
}

static char src[1 << 16];

static void kernel_name(char *s, size_t n, const char *d, const char *sat, const char *mode,
			const char *sname)
{
	snprintf(s, n, "k_%s%s%s_%s", d, sat, mode, sname);
}

static void build_source(void)
{
	size_t len = 0;
	len += (size_t)snprintf(src + len, sizeof(src) - len,
		"#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
		"#define K(NAME, D, S, CV, CV4) kernel void NAME(global const S *in, global D *out, "
		"global D *out4) { size_t i = get_global_id(0); out[i] = CV(in[i]); "
		"if (i %% 4 == 0) vstore4(CV4(vload4(i / 4, in)), i / 4, out4); }\n");
	for (size_t s = 0; s < NTYPES; s++)
		for (int m = 0; m < 5; m++) {
			/* to half */
			char name[96];
			kernel_name(name, sizeof(name), "half", "", modes[m], types[s].name);
			len += (size_t)snprintf(src + len, sizeof(src) - len,
				"K(%s, half, %s, convert_half%s, convert_half4%s)\n", name,
				types[s].name, modes[m], modes[m]);
			/* from half */
			if (s == T_HALF)
				continue;
			for (int sat = 0; sat < 2; sat++) {
				if (sat && types[s].is_float)
					continue;
				const char *st = sat ? "_sat" : "";
				kernel_name(name, sizeof(name), types[s].name, st, modes[m], "half");
				len += (size_t)snprintf(src + len, sizeof(src) - len,
					"K(%s, %s, half, convert_%s%s%s, convert_%s4%s%s)\n", name,
					types[s].name, types[s].name, st, modes[m], types[s].name, st,
					modes[m]);
			}
		}
	REQUIRE(len < sizeof(src) - 1);
}

static void run_kernel(struct bh *h, cl_program p, const char *name, void *in, size_t insz,
		       void *out, void *out4, size_t outsz)
{
	struct bh_arg a[] = { BH_BUF(in, N * insz), BH_BUF(out, N * outsz),
			      BH_BUF(out4, N * outsz) };
	bh_run(h, p, name, N, 0, 3, a);
}

static int bad_report(int *bad, const char *name, size_t i)
{
	if ((*bad)++ < 4)
		fprintf(stderr, "%s: element %zu wrong\n", name, i);
	return 0;
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
	build_source();
	cl_program p = bh_build(&h, src, "-cl-std=CL3.0");
	unsigned char *in = malloc(N * 8), *out = malloc(N * 8), *out4 = malloc(N * 8);
	unsigned char *halves = malloc(N * 2);
	REQUIRE(in && out && out4 && halves);
	fill_source(&types[T_HALF], halves);
	mpfr_t x;
	mpfr_init2(x, 128);
	long compared = 0;

	for (size_t s = 0; s < NTYPES; s++) {
		const struct ty *t = &types[s];
		fill_source(t, in);
		for (int m = 0; m < 5; m++) {
			/* ---- S -> half ---- */
			char name[96];
			kernel_name(name, sizeof(name), "half", "", modes[m], t->name);
			run_kernel(&h, p, name, in, (size_t)t->size, out, out4, 2);
			int bad = 0;
			for (size_t i = 0; i < N; i++) {
				get_exact(x, t, in, i);
				uint16_t want = mpfr_to_half_mode(x, mode_rnd[m]), got, got4;
				memcpy(&got, out + 2 * i, 2);
				memcpy(&got4, out4 + 2 * i, 2);
				int nan = isnan(h2d(want));
				if (!(got == want || (nan && isnan(h2d(got)))) ||
				    !(got4 == got || (nan && isnan(h2d(got4))))) {
					if (bad < 4)
						fprintf(stderr, "%s(%a) = 0x%04x (vector 0x%04x), want 0x%04x\n",
							name, mpfr_get_d(x, MPFR_RNDN), got, got4, want);
					bad++;
				}
				compared++;
			}
			CHECK(bad == 0);
			if (s == T_HALF)
				continue;

			/* ---- half -> D ---- */
			for (int sat = 0; sat < 2; sat++) {
				if (sat && t->is_float)
					continue;
				kernel_name(name, sizeof(name), t->name, sat ? "_sat" : "", modes[m], "half");
				run_kernel(&h, p, name, halves, 2, out, out4, (size_t)t->size);
				bad = 0;
				for (size_t i = 0; i < N; i++) {
					double v = h2d(((uint16_t *)halves)[i]);
					const unsigned char *g = out + i * (size_t)t->size;
					const unsigned char *g4 = out4 + i * (size_t)t->size;
					if (t->is_float) {
						double d;
						if (t->size == 4) {
							float f;
							memcpy(&f, g, 4);
							d = f;
						} else
							memcpy(&d, g, 8);
						if (!(d == v || (isnan(d) && isnan(v))) ||
						    signbit(d) != signbit(v) ||
						    (memcmp(g, g4, (size_t)t->size) != 0 && !isnan(v)))
							bad_report(&bad, name, i);
						compared++;
						continue;
					}
					/* integer destination */
					double r = isnan(v) ? 0 :
						   m == 1 ? nearbyint(v) : m == 3 ? ceil(v) :
						   m == 4 ? floor(v) : trunc(v);
					if (!sat && (isnan(v) || r < t->lo || r > t->hi ||
						     (t->size == 8 && r >= t->hi)))
						continue; /* undefined */
					if (sat)
						r = r < t->lo ? t->lo : r > t->hi ? t->hi : r;
					uint64_t u = 0;
					memcpy(&u, g, (size_t)t->size);
					double gv;
					if (t->is_signed)
						gv = (double)((int64_t)(u << (64 - 8 * t->size)) >>
							      (64 - 8 * t->size));
					else
						gv = (double)u;
					/* ulong/long saturation: 2^64 - 1 and 2^63 - 1
					 * are 2^64 and 2^63 as doubles */
					if (gv != r || memcmp(g, g4, (size_t)t->size) != 0) {
						if (bad < 4)
							fprintf(stderr, "%s(%a) = %.17g, want %.17g\n",
								name, v, gv, r);
						bad_report(&bad, name, i);
					}
					compared++;
				}
				CHECK(bad == 0);
			}
		}
	}
	printf("%ld conversions compared\n", compared);

	/* implicit conversions, as_half and as_short, half arithmetic */
	const char *misc =
		"#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
		"kernel void m(global const half *a, global const half *b, global half *s,\n"
		"              global half *q, global short *bits, global float *f, global int *cmp)\n"
		"{ size_t i = get_global_id(0); half x = a[i], y = b[i];\n"
		"  s[i] = x + y; q[i] = x / y; bits[i] = as_short(as_half(as_short(x)));\n"
		"  f[i] = x * y; cmp[i] = (x < y) | (x == y) << 1 | (x > y) << 2 |\n"
		"     (any(isless((half2)(x, y), (half2)(y, x))) << 3); }\n";
	cl_program pm = bh_build(&h, misc, "-cl-std=CL3.0");
	enum { M = 1 << 16 };
	static uint16_t a[M], b[M], s[M], q[M];
	static int16_t bits[M];
	static float f[M];
	static int cmp[M];
	for (int i = 0; i < M; i++) {
		a[i] = (uint16_t)i;
		b[i] = (uint16_t)(bh_rand() >> 48);
	}
	struct bh_arg ma[] = { BH_BUF(a, sizeof(a)), BH_BUF(b, sizeof(b)), BH_BUF(s, sizeof(s)),
			       BH_BUF(q, sizeof(q)), BH_BUF(bits, sizeof(bits)),
			       BH_BUF(f, sizeof(f)), BH_BUF(cmp, sizeof(cmp)) };
	bh_run(&h, pm, "m", M, 0, 7, ma);
	int bad = 0;
	for (int i = 0; i < M; i++) {
		double x = h2d(a[i]), y = h2d(b[i]);
		uint16_t ws = d2h_exact((double)(_Float16)(x + y));
		uint16_t wq = d2h_exact((double)(_Float16)(x / y));
		int ok = (s[i] == ws || (isnan(h2d(s[i])) && isnan(h2d(ws)))) &&
			 (q[i] == wq || (isnan(h2d(q[i])) && isnan(h2d(wq)))) &&
			 (uint16_t)bits[i] == a[i];
		/* x*y in half, widened to float exactly */
		double wp = (double)(_Float16)(x * y);
		ok &= f[i] == (float)wp || (isnan(f[i]) && isnan(wp));
		int wc = (x < y) | (x == y) << 1 | (x > y) << 2 | ((x < y) || (y < x)) << 3;
		ok &= cmp[i] == wc;
		if (!ok && bad++ < 4)
			fprintf(stderr, "half arithmetic on %a, %a wrong\n", x, y);
	}
	CHECK(bad == 0);
	clReleaseProgram(pm);

	/* the relational classification functions on every half, scalar
	 * (int 1/0) and width 8 (short -1/0); isinf(-inf) once gave 0 */
	const char *rel =
		"#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
		"kernel void r(global const half *a, global int *s, global short *v)\n"
		"{ size_t i = get_global_id(0); half x = a[i];\n"
		"  s[i] = isinf(x) | isnan(x) << 1 | isfinite(x) << 2 | isnormal(x) << 3 |\n"
		"         signbit(x) << 4;\n"
		"  if (i % 8 == 0) { half8 y = vload8(i / 8, a);\n"
		"    vstore8((isinf(y) & (short8)1) | (isnan(y) & (short8)2) |\n"
		"            (isfinite(y) & (short8)4) | (isnormal(y) & (short8)8) |\n"
		"            (signbit(y) & (short8)16), i / 8, v); } }\n";
	cl_program pr = bh_build(&h, rel, "-cl-std=CL3.0");
	static int rs[M];
	static int16_t rv[M];
	struct bh_arg ra[] = { BH_BUF(a, sizeof(a)), BH_BUF(rs, sizeof(rs)), BH_BUF(rv, sizeof(rv)) };
	bh_run(&h, pr, "r", M, 0, 3, ra);
	bad = 0;
	for (int i = 0; i < M; i++) {
		double x = h2d(a[i]);
		int want = (isinf(x) != 0) | (isnan(x) != 0) << 1 | (isfinite(x) != 0) << 2 |
			   (((a[i] >> 10) & 0x1f) != 0 && ((a[i] >> 10) & 0x1f) != 0x1f) << 3 |
			   (signbit(x) != 0) << 4; /* normal as a half, not as a double */
		if ((rs[i] != want || rv[i] != want) && bad++ < 4)
			fprintf(stderr, "classification of %a (0x%04x): %d / %d, want %d\n", x,
				a[i], rs[i], rv[i], want);
	}
	CHECK(bad == 0);
	clReleaseProgram(pr);

	mpfr_clear(x);
	free(in); free(out); free(out4); free(halves);
	clReleaseProgram(p);
	bh_release(&h);
	return check_done();
}
