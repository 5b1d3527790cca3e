/* Common (OpenCL C 3.0 section 6.15.5) and geometric (6.15.6) built-ins for
 * float and double, scalar and vector forms, against references computed
 * on the host in long double, with the error bounds of the spec's section
 * 7.4: exact for clamp/max/min/step/sign, 2 ulp for degrees/radians,
 * 0.25 + 0.5n ulp for length, 2.5 + 2n for distance, 2 + n for normalize,
 * the dot/cross absolute bounds, and 8192 ulp for the fast_ forms.
 * length and normalize are also checked where a naive sum of squares
 * would overflow or underflow. */
#include "builtin_harness.h"

#include <float.h>
#include <math.h>
#include <stdint.h>

#define N 64

static const char *src =
	"#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
	/* out layout: op k of element i at o[k * N + i] */
	"#define COMMON(T, T4) kernel void common_##T(global T *a, global T *b, global T *c,\\\n"
	"    global T *o) {                                                       \\\n"
	"  size_t i = get_global_id(0); T x = a[i], y = b[i], z = c[i];          \\\n"
	"  o[i] = clamp(x, min(y, z), max(y, z));                               \\\n"
	"  o[N + i] = degrees(x); o[2 * N + i] = radians(x);                      \\\n"
	"  o[3 * N + i] = max(x, y); o[4 * N + i] = min(x, y);                    \\\n"
	"  o[5 * N + i] = mix(x, y, (z < (T)0 ? -z : z) / (T)200);                            \\\n"
	"  o[6 * N + i] = step(y, x); o[7 * N + i] = smoothstep((T)-50, (T)50, x); \\\n"
	"  o[8 * N + i] = sign(x);                                                \\\n"
	"  if (i % 4 == 0) { size_t j = i / 4;                                    \\\n"
	"    T4 vx = vload4(j, a), vy = vload4(j, b), vz = vload4(j, c);          \\\n"
	"    vstore4(clamp(vx, min(vy, vz), max(vy, vz)), j, o + 9 * N);        \\\n"
	"    vstore4(max(vx, y), j, o + 10 * N);                                  \\\n"
	"    vstore4(mix(vx, vy, (z < (T)0 ? -z : z) / (T)200), j, o + 11 * N);               \\\n"
	"    vstore4(step(y, vx), j, o + 12 * N);                                 \\\n"
	"    vstore4(sign(vx), j, o + 13 * N);                                    \\\n"
	"    vstore4(min(vx, vy), j, o + 14 * N); } }\n"
	"COMMON(float, float4)\n"
	"COMMON(double, double4)\n"
	/* geometric: element i uses a[4i..4i+3] and b[4i..4i+3] */
	"#define GEO(T, T2, T3, T4) kernel void geo_##T(global T *a, global T *b, global T *o) { \\\n"
	"  size_t i = get_global_id(0);                                           \\\n"
	"  T4 p = vload4(i, a), q = vload4(i, b);                                 \\\n"
	"  o[i] = dot(p, q); o[N + i] = dot(p.xyz, q.xyz); o[2 * N + i] = dot(p.x, q.x); \\\n"
	"  o[3 * N + i] = length(p); o[4 * N + i] = length(p.xyz); o[5 * N + i] = length(p.x); \\\n"
	"  o[6 * N + i] = distance(p, q); o[7 * N + i] = distance(p.xyz, q.xyz);  \\\n"
	"  vstore4(normalize(p), i, o + 8 * N); vstore3(normalize(p.xyz), i, o + 12 * N); \\\n"
	"  vstore3(cross(p.xyz, q.xyz), i, o + 15 * N); vstore4(cross(p, q), i, o + 18 * N); }\n"
	"GEO(float, float2, float3, float4)\n"
	"GEO(double, double2, double3, double4)\n"
	"kernel void special(global float *a, global float *o) {\n"
	"  size_t i = get_global_id(0); float4 p = vload4(i, a);\n"
	"  vstore4(normalize(p), i, o); o[4 * N + i] = length(p); }\n"
	"kernel void fast(global float *a, global float *b, global float *o) {\n"
	"  size_t i = get_global_id(0);\n"
	"  float4 p = vload4(i, a), q = vload4(i, b);\n"
	"  o[i] = fast_length(p); o[N + i] = fast_distance(p, q);\n"
	"  vstore4(fast_normalize(p), i, o + 2 * N); }\n";

typedef long double ld;

/* ulp of a value of the type (float when is_float). */
static ld ulp(ld v, int is_float)
{
	int e;
	frexpl(v, &e);
	int mant = is_float ? 24 : 53, emin = is_float ? -125 : -1021;
	if (e < emin)
		e = emin;
	return ldexpl(1, e - mant);
}

static int close_ulp(ld got, ld want, ld ulps, int is_float)
{
	if (isnan(want))
		return isnan(got);
	if (isinf(want))
		return got == want;
	return fabsl(got - want) <= ulps * ulp(want, is_float);
}

static int bad;
static void expect(int ok, const char *what, int i, ld got, ld want)
{
	if (!ok && bad++ < 8)
		fprintf(stderr, "%s [%d]: got %.17Lg want %.17Lg\n", what, i, got, want);
}

/* Runs common_<T> with inputs held as long double and cast to T. */
static void test_common(struct bh *h, cl_program prog, int is_float)
{
	static float fa[N], fb[N], fc[N], fo[15 * N];
	static double da[N], db[N], dc[N], dout[15 * N];
	const double specials[] = { 0.0, -0.0, NAN, 1.0, -1.0, 50.0, -50.0, 49.99, 1e-30 };
	for (int i = 0; i < N; i++) {
		double x = (double)(int64_t)(bh_rand() % 20000) / 100.0 - 100.0;
		double y = (double)(int64_t)(bh_rand() % 20000) / 100.0 - 100.0;
		double z = (double)(int64_t)(bh_rand() % 20000) / 100.0 - 100.0;
		if (i < (int)(sizeof(specials) / sizeof(specials[0])))
			x = specials[i];
		if (i == 20)
			y = x = 3.5; /* step at the edge: 1 */
		fa[i] = (float)x, fb[i] = (float)y, fc[i] = (float)z;
		da[i] = x, db[i] = y, dc[i] = z;
	}
	struct bh_arg args[] = {
		is_float ? BH_BUF(fa, sizeof(fa)) : BH_BUF(da, sizeof(da)),
		is_float ? BH_BUF(fb, sizeof(fb)) : BH_BUF(db, sizeof(db)),
		is_float ? BH_BUF(fc, sizeof(fc)) : BH_BUF(dc, sizeof(dc)),
		is_float ? BH_BUF(fo, sizeof(fo)) : BH_BUF(dout, sizeof(dout)),
	};
	bh_run(h, prog, is_float ? "common_float" : "common_double", N, 0, 4, args);
	bad = 0;
#define IN(arr, j) (is_float ? (ld)f##arr[j] : (ld)d##arr[j])
#define OUT(k, j) (is_float ? (ld)fo[(k) * N + (j)] : (ld)dout[(k) * N + (j)])
#define ROUND(v) (is_float ? (ld)(float)(v) : (ld)(double)(v))
	for (int i = 0; i < N; i++) {
		ld x = IN(a, i), y = IN(b, i), z = IN(c, i);
		ld lo = fminl(y, z), hi = fmaxl(y, z);
		int xnan = isnan(x);
		ld cl = xnan ? lo : x < lo ? lo : x > hi ? hi : x; /* fmin(fmax(x, lo), hi) */
		expect(OUT(0, i) == cl, "clamp", i, OUT(0, i), cl);
		if (!xnan) {
			expect(close_ulp(OUT(1, i), x * 180 / 3.14159265358979323846264338327950288L, 2,
					 is_float), "degrees", i, OUT(1, i), x * 180 / M_PI);
			expect(close_ulp(OUT(2, i), x * 3.14159265358979323846264338327950288L / 180, 2,
					 is_float), "radians", i, OUT(2, i), x * M_PI / 180);
			expect(OUT(3, i) == fmaxl(x, y), "max", i, OUT(3, i), fmaxl(x, y));
			expect(OUT(4, i) == fminl(x, y), "min", i, OUT(4, i), fminl(x, y));
			ld m = x + (y - x) * ROUND(fabsl(z) / 200);
			expect(fabsl(OUT(5, i) - m) <= 1e-4L * (fabsl(x) + fabsl(y) + 1), "mix", i,
			       OUT(5, i), m);
			expect(OUT(6, i) == (x < y ? 0 : 1), "step", i, OUT(6, i), x < y ? 0 : 1);
			ld t = (x + 50) / 100;
			t = t < 0 ? 0 : t > 1 ? 1 : t;
			ld ss = t * t * (3 - 2 * t);
			expect(fabsl(OUT(7, i) - ss) <= 1e-5L, "smoothstep", i, OUT(7, i), ss);
		}
		ld sg = xnan ? 0 : x > 0 ? 1 : x < 0 ? -1 : x;
		expect(OUT(8, i) == sg && signbit(OUT(8, i)) == signbit(sg), "sign", i, OUT(8, i), sg);
	}
	/* vector forms, every element */
	for (int i = 0; i < N; i++) {
		ld x = IN(a, i), y = IN(b, i), z = IN(c, i), ys = IN(b, i / 4 * 4),
		   zs = IN(c, i / 4 * 4);
		if (isnan(x))
			continue;
		ld lo = fminl(y, z), hi = fmaxl(y, z);
		ld cl = x < lo ? lo : x > hi ? hi : x;
		expect(OUT(9, i) == cl, "clamp4", i, OUT(9, i), cl);
		expect(OUT(10, i) == fmaxl(x, ys), "max4 scalar", i, OUT(10, i), fmaxl(x, ys));
		ld m = x + (y - x) * ROUND(fabsl(zs) / 200);
		expect(fabsl(OUT(11, i) - m) <= 1e-4L * (fabsl(x) + fabsl(y) + 1), "mix4", i,
		       OUT(11, i), m);
		expect(OUT(12, i) == (x < ys ? 0 : 1), "step4", i, OUT(12, i), x < ys ? 0 : 1);
		ld sg = x > 0 ? 1 : x < 0 ? -1 : x;
		expect(OUT(13, i) == sg && signbit(OUT(13, i)) == signbit(sg), "sign4", i, OUT(13, i),
		       sg);
		expect(OUT(14, i) == fminl(x, y), "min4", i, OUT(14, i), fminl(x, y));
	}
	CHECK(bad == 0);
}

static void test_geometric(struct bh *h, cl_program prog, int is_float)
{
	static float fa[4 * N], fb[4 * N], fo[22 * N];
	static double da[4 * N], db[4 * N], dout[22 * N];
	for (int i = 0; i < 4 * N; i++) {
		/* Groups of 4 on different scales, incl. overflow/underflow ranges. */
		int g = i / 4;
		double scale = g % 8 == 1 ? (is_float ? 1e30 : 1e300)
			     : g % 8 == 2 ? (is_float ? 1e-30 : 1e-300)
			     : g % 8 == 3 ? 1e-3 : 10.0;
		double x = ((double)(bh_rand() % 2000001) / 1000000.0 - 1.0) * scale;
		double y = ((double)(bh_rand() % 2000001) / 1000000.0 - 1.0) * (g % 8 == 1 ? 1 : scale);
		if (g == 4)
			x = 0.0; /* normalize(0) = 0 */
		fa[i] = (float)x, fb[i] = (float)y;
		da[i] = x, db[i] = y;
	}
	struct bh_arg args[] = {
		is_float ? BH_BUF(fa, sizeof(fa)) : BH_BUF(da, sizeof(da)),
		is_float ? BH_BUF(fb, sizeof(fb)) : BH_BUF(db, sizeof(db)),
		is_float ? BH_BUF(fo, sizeof(fo)) : BH_BUF(dout, sizeof(dout)),
	};
	bh_run(h, prog, is_float ? "geo_float" : "geo_double", N, 0, 3, args);
	bad = 0;
	ld eps = is_float ? FLT_EPSILON : DBL_EPSILON;
	for (int i = 0; i < N; i++) {
		ld p[4], q[4], mx = 0;
		for (int j = 0; j < 4; j++) {
			p[j] = IN(a, 4 * i + j), q[j] = IN(b, 4 * i + j);
			mx = fmaxl(mx, fmaxl(fabsl(p[j]), fabsl(q[j])));
		}
		int dims[3] = { 4, 3, 1 };
		for (int k = 0; k < 3; k++) {
			int n = dims[k];
			ld d = 0, l = 0, dist = 0;
			for (int j = 0; j < n; j++) {
				d += p[j] * q[j];
				l += p[j] * p[j];
				dist += (p[j] - q[j]) * (p[j] - q[j]);
			}
			if (i % 8 != 1 && i % 8 != 2) /* dot itself may over/underflow */
				expect(fabsl(OUT(k, i) - d) <= mx * mx * (2 * n - 1) * eps, "dot", i,
				       OUT(k, i), d);
			expect(close_ulp(OUT(3 + k, i), sqrtl(l), 0.25L + 0.5L * n + 0.5L, is_float),
			       "length", i * 10 + n, OUT(3 + k, i), sqrtl(l));
			if (k < 2 && i % 8 != 1)
				expect(close_ulp(OUT(6 + k, i), sqrtl(dist), 2.5L + 2 * n, is_float),
				       "distance", i * 10 + n, OUT(6 + k, i), sqrtl(dist));
			if (k < 2)
				for (int j = 0; j < n; j++) {
					ld want = l == 0 ? p[j] : p[j] / sqrtl(l);
					ld got = OUT(k ? 12 : 8, i * (k ? 3 : 4) + j);
					expect(close_ulp(got, want, 2 + n + 0.5L, is_float) ||
						       fabsl(got - want) <= eps, /* tiny components */
					       "normalize", i * 10 + n, got, want);
				}
		}
		if (i % 8 != 1 && i % 8 != 2) {
			ld c[3] = { p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2],
				    p[0] * q[1] - p[1] * q[0] };
			for (int j = 0; j < 3; j++) {
				expect(fabsl(OUT(15, 3 * i + j) - c[j]) <= mx * mx * 3 * eps, "cross3", i,
				       OUT(15, 3 * i + j), c[j]);
				expect(fabsl(OUT(18, 4 * i + j) - c[j]) <= mx * mx * 3 * eps, "cross4", i,
				       OUT(18, 4 * i + j), c[j]);
			}
			expect(OUT(18, 4 * i + 3) == 0, "cross4.w", i, OUT(18, 4 * i + 3), 0);
		}
	}
	CHECK(bad == 0);
}

static void test_fast(struct bh *h, cl_program prog)
{
	static float a[4 * N], b[4 * N], o[6 * N];
	for (int i = 0; i < 4 * N; i++) {
		a[i] = (float)((double)(bh_rand() % 2001) / 10.0 - 100.0);
		b[i] = (float)((double)(bh_rand() % 2001) / 10.0 - 100.0);
	}
	struct bh_arg args[] = { BH_BUF(a, sizeof(a)), BH_BUF(b, sizeof(b)), BH_BUF(o, sizeof(o)) };
	bh_run(h, prog, "fast", N, 0, 3, args);
	bad = 0;
	for (int i = 0; i < N; i++) {
		ld l = 0, d = 0;
		for (int j = 0; j < 4; j++) {
			l += (ld)a[4 * i + j] * a[4 * i + j];
			d += ((ld)a[4 * i + j] - b[4 * i + j]) * ((ld)a[4 * i + j] - b[4 * i + j]);
		}
		expect(close_ulp(o[i], sqrtl(l), 8192, 1), "fast_length", i, o[i], sqrtl(l));
		expect(close_ulp(o[N + i], sqrtl(d), 8192, 1), "fast_distance", i, o[N + i], sqrtl(d));
		for (int j = 0; j < 4 && l > 0; j++)
			expect(close_ulp(o[2 * N + 4 * i + j], a[4 * i + j] / sqrtl(l), 8192, 1) ||
				       fabsl(o[2 * N + 4 * i + j] - a[4 * i + j] / sqrtl(l)) < 1e-6L,
			       "fast_normalize", i, o[2 * N + 4 * i + j], a[4 * i + j] / sqrtl(l));
	}
	CHECK(bad == 0);
}

/* normalize and length with infinite, NaN and zero components (OpenCL C
 * 6.15.6: infinities become +-1 and the rest 0 before normalizing; all
 * zero stays zero; a NaN gives NaN). */
static void test_special(struct bh *h, cl_program prog)
{
	static float a[4 * N], o[5 * N];
	const float cases[][4] = {
		{ INFINITY, 1, 0, 0 },	  { -INFINITY, INFINITY, 3, 0 }, { NAN, 1, 0, 0 },
		{ 0, 0, 0, 0 },		  { -0.0f, 0, 0, 0 },		 { 1e-40f, 0, 0, 0 },
		{ 2e38f, 2e38f, 0, 0 }, { 1, 2, NAN, INFINITY },
	};
	const float want_norm[][4] = {
		{ 1, 0, 0, 0 },	       { -0.70710678f, 0.70710678f, 0, 0 }, { NAN, NAN, NAN, NAN },
		{ 0, 0, 0, 0 },	       { -0.0f, 0, 0, 0 },		     { 1, 0, 0, 0 },
		{ 0.70710678f, 0.70710678f, 0, 0 }, { NAN, NAN, NAN, NAN },
	};
	const float want_len[] = { INFINITY, INFINITY, NAN, 0, 0, 1e-40f, 2.8284271e38f, -1 };
	int nc = (int)(sizeof(cases) / sizeof(cases[0]));
	memset(a, 0, sizeof(a));
	memcpy(a, cases, sizeof(cases));
	struct bh_arg args[] = { BH_BUF(a, sizeof(a)), BH_BUF(o, sizeof(o)) };
	bh_run(h, prog, "special", N, 0, 2, args);
	bad = 0;
	for (int c = 0; c < nc; c++) {
		for (int j = 0; j < 4; j++) {
			float g = o[4 * c + j], w = want_norm[c][j];
			expect(isnan(w) ? isnan(g) : close_ulp(g, w, 6, 1) && signbit(g) == signbit(w),
			       "normalize special", c * 10 + j, g, w);
		}
		if (want_len[c] >= 0 || isnan(want_len[c]))
			expect(isnan(want_len[c]) ? isnan(o[4 * N + c]) : close_ulp(o[4 * N + c], want_len[c], 3, 1),
			       "length special", c, o[4 * N + c], want_len[c]);
	}
	CHECK(bad == 0);
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	REQUIRE(bh_has_extension(&h, "cl_khr_fp64"));
	cl_program prog = bh_build(&h, src, "-DN=64");
	test_common(&h, prog, 1);
	test_common(&h, prog, 0);
	test_geometric(&h, prog, 1);
	test_geometric(&h, prog, 0);
	test_fast(&h, prog);
	test_special(&h, prog);
	clReleaseProgram(prog);
	bh_release(&h);
	return check_done();
}
