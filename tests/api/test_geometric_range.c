/* length, distance, normalize and fast_normalize (OpenCL C 3.0 §6.15.6)
 * at the ends of the range, float and double, 2, 3 and 4 components:
 * vectors made only of denormals, tiny vectors whose sum of squares
 * underflows, huge vectors whose sum of squares overflows with some
 * components so small that p / |p| is a denormal (the case where
 * scaling the vector down before dividing loses them), and ordinary ones.
 * References are computed on the host in long double; bounds from §7.4:
 * normalize 2 + n ulp, length 0.25 + 0.5n ulp, distance 2.5 + 2n ulp,
 * fast_normalize 8192 ulp (or p itself when the sum of squares is below
 * FLT_MIN, which §6.15.6 allows).  An ulp below the smallest normal is the
 * denormal spacing. */
#include "builtin_harness.h"

#include <float.h>
#include <math.h>
#include <stdbool.h>

#define N 512

static const char *src =
	"#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
	/* element i: input a[4i..4i+3], b[4i..]; outputs per width n */
	"#define K(T) kernel void geo_##T(global T *a, global T *b, global T *o) { \\\n"
	"  size_t i = get_global_id(0);                                         \\\n"
	"  T##4 p = vload4(i, a), q = vload4(i, b);                             \\\n"
	"  vstore2(normalize(p.xy), 0, o + 16 * i);                             \\\n"
	"  vstore3(normalize(p.xyz), 0, o + 16 * i + 2);                        \\\n"
	"  vstore4(normalize(p), 0, o + 16 * i + 5);                            \\\n"
	"  o[16 * i + 9] = length(p.xy); o[16 * i + 10] = length(p.xyz);        \\\n"
	"  o[16 * i + 11] = length(p);                                          \\\n"
	"  o[16 * i + 12] = distance(p.xy, q.xy);                               \\\n"
	"  o[16 * i + 13] = distance(p.xyz, q.xyz);                             \\\n"
	"  o[16 * i + 14] = distance(p, q); }\n"
	"K(float)\n"
	"K(double)\n"
	"kernel void fast(global float *a, global float *o) {\n"
	"  size_t i = get_global_id(0); float4 p = vload4(i, a);\n"
	"  vstore2(fast_normalize(p.xy), 0, o + 16 * i);\n"
	"  vstore3(fast_normalize(p.xyz), 0, o + 16 * i + 2);\n"
	"  vstore4(fast_normalize(p), 0, o + 16 * i + 5); }\n";

typedef long double ld;

static int bad;

static ld ulp(ld v, int is_float)
{
	int e;
	frexpl(v, &e);
	int mant = is_float ? 24 : 53, emin = is_float ? -125 : -1021;
	if (e < emin)
		e = emin;
	return ldexpl(1, e - mant);
}

static void expect_ulp(ld got, ld want, ld ulps, int is_float, const char *what, int i)
{
	bool ok = isnan(want) ? isnan(got)
		  : isinf(want) ? got == want
				: fabsl(got - want) <= ulps * ulp(want, is_float);
	if (!ok && bad++ < 12)
		fprintf(stderr, "%s %s [%d]: got %La, want %La (%.1Lf ulp)\n", what,
			is_float ? "float" : "double", i, got, want,
			(got - want) / ulp(want, is_float));
}

/* Random in [lo, hi) as a power of two times a random mantissa. */
static ld rnd_mag(unsigned *s, int lo, int hi)
{
	int e = lo + (int)(check_rand(s) % (unsigned)(hi - lo));
	ld m = 1 + (check_rand(s) % 1000000) / 1000000.0L;
	return ldexpl(check_rand(s) % 2 ? m : -m, e);
}

/* Input element i (4 components), by class: denormals only, tiny,
 * huge with tiny components, ordinary. */
static void make(ld *p, int i, unsigned *s, int is_float)
{
	int dmin = is_float ? -149 : -1074, nmin = is_float ? -126 : -1022;
	int emax = is_float ? 127 : 1023;
	for (int j = 0; j < 4; j++) {
		switch (i % 4) {
		case 0: p[j] = rnd_mag(s, dmin + 1, nmin); break;
		case 1: p[j] = rnd_mag(s, dmin + 4, nmin / 2 - 3); break;
		case 2:
			/* one big component, the others down to where the
			 * normalized value is a denormal */
			p[j] = j == (i / 4) % 4 ? rnd_mag(s, emax / 2 + 2, emax - 1)
						: rnd_mag(s, dmin / 2 + 4, emax / 2);
			break;
		default: p[j] = rnd_mag(s, -20, 20); break;
		}
	}
}

static void test_type(struct bh *h, cl_program prog, int is_float)
{
	static float af[4 * N], bf[4 * N], of[16 * N];
	static double ad[4 * N], bd[4 * N], od[16 * N];
	static ld a[4 * N], b[4 * N];
	unsigned s = is_float ? 11 : 12;
	for (int i = 0; i < N; i++) {
		make(a + 4 * i, i, &s, is_float);
		make(b + 4 * i, i, &s, is_float);
	}
	for (int i = 0; i < 4 * N; i++) {
		af[i] = (float)a[i], bf[i] = (float)b[i];
		ad[i] = (double)a[i], bd[i] = (double)b[i];
		/* the reference uses exactly what the device gets */
		a[i] = is_float ? (ld)af[i] : (ld)ad[i];
		b[i] = is_float ? (ld)bf[i] : (ld)bd[i];
	}
	if (is_float) {
		struct bh_arg args[] = { BH_BUF(af, sizeof(af)), BH_BUF(bf, sizeof(bf)),
					 BH_BUF(of, sizeof(of)) };
		bh_run(h, prog, "geo_float", N, 0, 3, args);
	} else {
		struct bh_arg args[] = { BH_BUF(ad, sizeof(ad)), BH_BUF(bd, sizeof(bd)),
					 BH_BUF(od, sizeof(od)) };
		bh_run(h, prog, "geo_double", N, 0, 3, args);
	}
	bad = 0;
	static const int norm_at[5] = { 0, 0, 0, 2, 5 };
	for (int i = 0; i < N; i++) {
		const ld *p = a + 4 * i, *q = b + 4 * i;
		for (int n = 2; n <= 4; n++) {
			ld l = 0, d = 0;
			for (int j = 0; j < n; j++) {
				l += p[j] * p[j];
				d += (p[j] - q[j]) * (p[j] - q[j]);
			}
			ld len = sqrtl(l), dist = sqrtl(d);
			ld max = is_float ? FLT_MAX : DBL_MAX;
#define OUT(k) (is_float ? (ld)of[16 * i + (k)] : (ld)od[16 * i + (k)])
			for (int j = 0; j < n; j++)
				expect_ulp(OUT(norm_at[n] + j), p[j] / len, 2 + n, is_float,
					   "normalize", i * 10 + n);
			expect_ulp(OUT(7 + n), len > max ? INFINITY : len, 0.25L + 0.5L * n + 0.5L,
				   is_float, "length", i * 10 + n);
			/* distance: differences of huge vectors may overflow */
			if (i % 4 != 2)
				expect_ulp(OUT(10 + n), dist, 2.5L + 2 * n, is_float, "distance",
					   i * 10 + n);
#undef OUT
		}
	}
	CHECK(bad == 0);
}

static void test_fast(struct bh *h, cl_program prog)
{
	static float a[4 * N], o[16 * N];
	unsigned s = 5;
	for (int i = 0; i < 4 * N; i++) {
		ld v[4];
		make(v, i / 4, &s, 1);
		/* no overflow: the result is undefined there (§6.15.6) */
		a[i] = (float)(i / 4 % 4 == 2 ? v[i % 4] * 0x1p-64L : v[i % 4]);
	}
	struct bh_arg args[] = { BH_BUF(a, sizeof(a)), BH_BUF(o, sizeof(o)) };
	bh_run(h, prog, "fast", N, 0, 2, args);
	bad = 0;
	static const int at[5] = { 0, 0, 0, 2, 5 };
	for (int i = 0; i < N; i++) {
		for (int n = 2; n <= 4; n++) {
			ld l = 0;
			for (int j = 0; j < n; j++)
				l += (ld)a[4 * i + j] * a[4 * i + j];
			/* the sum as the device forms it: in float */
			float lf = 0;
			for (int j = 0; j < n; j++)
				lf += a[4 * i + j] * a[4 * i + j];
			for (int j = 0; j < n; j++) {
				float g = o[16 * i + at[n] + j];
				if (lf < FLT_MIN) {
					if (g != a[4 * i + j] && bad++ < 12)
						fprintf(stderr, "fast_normalize [%d]: tiny sum, got "
							"%a, want p = %a\n", i, g, a[4 * i + j]);
					continue;
				}
				ld want = a[4 * i + j] / sqrtl(l);
				bool ok = fabsl(g - want) <= 8192 * ulp(want, 1);
				if (!ok && bad++ < 12)
					fprintf(stderr, "fast_normalize [%d]: got %a, want %La\n",
						i * 10 + n, g, want);
			}
		}
	}
	CHECK(bad == 0);
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	cl_program prog = bh_build(&h, src, NULL);
	test_type(&h, prog, 1);
	if (bh_has_extension(&h, "cl_khr_fp64"))
		test_type(&h, prog, 0);
	test_fast(&h, prog);
	/* the case the conformance suite found: (2^64, -1.5 * 2^-82) */
	static float a[4 * N], b[4 * N], o[16 * N];
	a[0] = 0x1p64f, a[1] = -0x1.8p-82f;
	struct bh_arg args[] = { BH_BUF(a, sizeof(a)), BH_BUF(b, sizeof(b)), BH_BUF(o, sizeof(o)) };
	bh_run(&h, prog, "geo_float", N, 0, 3, args);
	CHECK(o[0] == 1.0f && o[1] == -0x1.8p-146f);
	clReleaseProgram(prog);
	bh_release(&h);
	return check_done();
}
