/* vloadn/vstoren (OpenCL C 3.0 section 6.15.11) for every scalar type and
 * width at element-aligned (not vector-aligned) addresses in global, local,
 * private and constant memory, checking that width 3 touches exactly three
 * elements; vload_half[n]/vloada_half[n] over all 65536 half values;
 * vstore_half[n][_rte|_rtz|_rtp|_rtn] and vstorea_half[n] for float and
 * double against a reference that rounds by searching the table of all
 * half values. */
#include "builtin_harness.h"

#include <float.h>
#include <math.h>
#include <stdint.h>

/* ---- vloadn / vstoren ---- */
static const char *types[] = { "char", "uchar", "short", "ushort", "int",
			       "uint", "long", "ulong", "float", "double" };
static const int sizes[] = { 1, 1, 2, 2, 4, 4, 8, 8, 4, 8 };
static const int widths[] = { 2, 3, 4, 8, 16 };
#define M 48 /* elements per work-item region: a multiple of 3 and 16 */

static char *src;
static size_t len, cap = 1 << 20;
#define EMIT(...) (len += snprintf(src + len, cap - len, __VA_ARGS__))

/* vl_<T><W>(in, out): each work-item copies W elements at offset 1 + i*W
 * through global, private, local and constant memory, adding 1 at each hop
 * of its own so that every path is visible in the result. */
static void emit_vload_kernels(void)
{
	for (int t = 0; t < 10; t++)
		for (int wi = 0; wi < 5; wi++) {
			const char *T = types[t];
			int w = widths[wi];
			EMIT("kernel void vl_%s%d(global %s *in, global %s *out, constant %s *cin,\n"
			     "    local %s *scratch) {\n"
			     "  size_t i = get_global_id(0), l = get_local_id(0);\n"
			     "  %s%d v = vload%d(i, in + 1);\n"
			     "  %s priv[%d + 2];\n"
			     "  vstore%d(v, 0, priv + 1);\n"
			     "  v = vload%d(0, (const %s *)priv + 1) + (%s)1;\n"
			     "  vstore%d(v, l, scratch + 1);\n"
			     "  v = vload%d(l, scratch + 1) + vload%d(i, cin + 1);\n"
			     "  vstore%d(v, i, out + 1); }\n",
			     T, w, T, T, T, T, T, w, w, T, w, w, w, T, T, w, w, w, w);
		}
}

static void test_vload(struct bh *h, cl_program prog)
{
	static unsigned char in[(M + 2) * 8], cin[(M + 2) * 8], out[(M + 2) * 8];
	for (int t = 0; t < 10; t++)
		for (int wi = 0; wi < 5; wi++) {
			int w = widths[wi], sz = sizes[t];
			for (int i = 0; i < (M + 2) * sz; i++)
				in[i] = (unsigned char)bh_rand(), cin[i] = (unsigned char)bh_rand();
			/* Small values so "+ 1" and the sums are exact in every type. */
			for (int i = 0; i < M + 2; i++) {
				int64_t a = (int64_t)(bh_rand() % 50), b = (int64_t)(bh_rand() % 50);
				if (t == 8) {
					float fa = (float)a, fb = (float)b;
					memcpy(in + i * 4, &fa, 4), memcpy(cin + i * 4, &fb, 4);
				} else if (t == 9) {
					double da = (double)a, db = (double)b;
					memcpy(in + i * 8, &da, 8), memcpy(cin + i * 8, &db, 8);
				} else {
					memcpy(in + i * sz, &a, sz), memcpy(cin + i * sz, &b, sz);
				}
			}
			memset(out, 0xee, sizeof(out));
			char name[32];
			snprintf(name, sizeof(name), "vl_%s%d", types[t], w);
			size_t items = M / w, local = items % 4 == 0 ? 4 : items % 2 == 0 ? 2 : 1;
			struct bh_arg args[] = { BH_BUF(in, (M + 2) * sz), BH_BUF(out, (M + 2) * sz),
						 BH_BUF(cin, (M + 2) * sz),
						 BH_LOCAL((local * w + 2) * sz) };
			bh_run(h, prog, name, items, local, 4, args);
			int bad = 0;
			for (int i = 1; i <= M; i++) {
				double want, got;
				if (t == 8) {
					float a, b, g;
					memcpy(&a, in + i * 4, 4), memcpy(&b, cin + i * 4, 4),
						memcpy(&g, out + i * 4, 4);
					want = a + 1 + b, got = g;
				} else if (t == 9) {
					double a, b, g;
					memcpy(&a, in + i * 8, 8), memcpy(&b, cin + i * 8, 8),
						memcpy(&g, out + i * 8, 8);
					want = a + 1 + b, got = g;
				} else {
					int64_t a = 0, b = 0, g = 0;
					memcpy(&a, in + i * sz, sz), memcpy(&b, cin + i * sz, sz),
						memcpy(&g, out + i * sz, sz);
					want = (double)(a + 1 + b), got = (double)g;
				}
				if (got != want && bad++ < 3)
					fprintf(stderr, "%s element %d: got %g want %g\n", name, i, got,
						want);
			}
			/* Nothing written outside [1, M]. */
			for (int i = 0; i < sz; i++)
				bad += out[i] != 0xee || out[(M + 1) * sz + i] != 0xee;
			CHECK(bad == 0);
		}
}

/* ---- half ---- */
static double half_value(uint16_t h)
{
	int e = (h >> 10) & 0x1f, m = h & 0x3ff;
	double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY)
						    : ldexp(m + 1024, e - 25);
	return (h & 0x8000) ? -v : v;
}

/* The positive half values in increasing order, with 65536 standing for
 * the overflow to infinity (IEEE rounds as if the exponent were unbounded;
 * the next value after 65504 would be 65536). */
static double pos_values[0x7c01];

static uint16_t round_half(double x, int mode /* 0 rte, 1 rtz, 2 rtp, 3 rtn */)
{
	if (isnan(x))
		return 0x7e00;
	uint16_t sign = signbit(x) ? 0x8000 : 0;
	double a = fabs(x);
	if (sign && mode >= 2)
		mode = 5 - mode; /* rtp <-> rtn on the magnitude */
	if (isinf(a))
		return sign | 0x7c00;
	if (a > 65536.0) /* beyond everything: inf or the largest finite */
		return sign | ((mode == 0 || mode == 2) ? 0x7c00 : 0x7bff);
	int lo = 0, hi = 0x7c00; /* pos_values[lo] <= a <= pos_values[hi] */
	while (hi - lo > 1) {
		int mid = (lo + hi) / 2;
		if (pos_values[mid] <= a)
			lo = mid;
		else
			hi = mid;
	}
	if (pos_values[lo] == a)
		return sign | (uint16_t)lo;
	int up;
	switch (mode) {
	case 0: {
		double dl = a - pos_values[lo], du = pos_values[hi] - a;
		up = du < dl || (du == dl && (hi & 1) == 0);
		break;
	}
	case 1: up = 0; break;
	case 2: up = 1; break;
	default: up = 0; break;
	}
	return sign | (uint16_t)(up ? hi : lo);
}

static const char *half_src =
	"kernel void lh(global half *in, global float *o) {\n"
	"  size_t i = get_global_id(0);\n"
	"  o[i] = vload_half(i, in);\n"
	"  if (i % 4 == 0) vstore4(vload_half4(i / 4, in), i / 4, o + NH);\n"
	"  if (i % 16 == 0) vstore16(vloada_half16(i / 16, in), i / 16, o + 2 * NH);\n"
	"  if (i % 4 == 0) vstore3(vloada_half3(i / 4, in), 0, o + 3 * NH + i);\n"
	"  if (i % 3 == 0 && i + 3 <= NH) vstore3(vload_half3(i / 3, in), i / 3, o + 4 * NH); }\n"
	"#define SH(T) kernel void sh_##T(global T *in, global half *o) {        \\\n"
	"  size_t i = get_global_id(0); T x = in[i];                             \\\n"
	"  vstore_half(x, i, o); vstore_half_rte(x, i, o + NS);                  \\\n"
	"  vstore_half_rtz(x, i, o + 2 * NS); vstore_half_rtp(x, i, o + 3 * NS); \\\n"
	"  vstore_half_rtn(x, i, o + 4 * NS);                                    \\\n"
	"  if (i % 16 == 0) vstore_half16(vload16(i / 16, in), i / 16, o + 5 * NS); \\\n"
	"  if (i % 3 == 0) vstore_half3_rtz(vload3(i / 3, in), i / 3, o + 6 * NS); \\\n"
	"  if (i % 4 == 0) vstorea_half3_rtp(vload3(0, in + i), i / 4, o + 7 * NS); \\\n"
	"  if (i % 2 == 0) vstorea_half2_rtn(vload2(i / 2, in), i / 2, o + 8 * NS); \\\n"
	"  if (i % 8 == 0) vstore_half8_rtp(vload8(i / 8, in), i / 8, o + 9 * NS); }\n"
	"SH(float)\n"
	"SH(double)\n";

#define NH 65536
#define NS 4800 /* a multiple of 3 and 16 */

static void test_vload_half(struct bh *h, cl_program prog)
{
	static uint16_t in[NH];
	static float out[5 * NH];
	for (int i = 0; i < NH; i++)
		in[i] = (uint16_t)i;
	memset(out, 0, sizeof(out));
	struct bh_arg args[] = { BH_BUF(in, sizeof(in)), BH_BUF(out, sizeof(out)) };
	bh_run(h, prog, "lh", NH, 0, 2, args);
	int bad = 0;
	for (int r = 0; r < 5; r++)
		for (int i = 0; i < NH; i++) {
			if (r == 3 && i % 4 == 3)
				continue; /* vloada_half3 reads 3 of each 4 */
			if (r == 4 && i >= NH / 3 * 3)
				continue;
			double want = half_value((uint16_t)i), got = out[r * NH + i];
			int ok = isnan(want) ? isnan(got) : (got == want && signbit(got) == signbit(want));
			if (!ok && bad++ < 5)
				fprintf(stderr, "vload_half (form %d) of 0x%04x: got %a want %a\n", r, i,
					got, want);
		}
	CHECK(bad == 0);
}

/* Values around every rounding decision: ties, just above and below
 * ties, subnormal halves, overflow thresholds, specials, random. */
static double store_input(int i)
{
	static const double edges[] = {
		0.0, -0.0, 1.0, -1.0, 65504.0, -65504.0, 65519.99, 65520.0, 65536.0, 1e6,
		-65520.0, INFINITY, -INFINITY, NAN, 0x1p-24, 0x1p-25, 0x1.8p-25, 0x1p-26,
		-0x1p-25, 0x1p-14, 0x1.ff8p-15, 0x1p-15 + 0x1p-25, 1e-30, -1e-30, 0x1.002p0,
		0x1.006p0, 0x1.0020000001p0, 0x1.001fffffffp0, 1.0 / 3, -2.0 / 3, 0x1p-149,
		0x1p-1074, 1e300, 2049.0, 2051.0, -2049.0, 0x1.ffep15,
	};
	int ne = (int)(sizeof(edges) / sizeof(edges[0]));
	if (i < ne)
		return edges[i];
	uint64_t r = bh_rand();
	uint16_t hv = (uint16_t)(r & 0x7bff);
	double base = half_value(hv);
	/* A half value, a tie above it, or a random point nearby. */
	switch ((r >> 16) % 4) {
	case 0: return base * ((r >> 20) & 1 ? -1 : 1);
	case 1: return (base + half_value(hv + 1)) / 2 * ((r >> 20) & 1 ? -1 : 1);
	default: return ldexp((double)(r >> 11) / 0x1p53 + 0.5, (int)((r >> 3) % 44) - 28) *
			((r >> 2) & 1 ? -1 : 1);
	}
}

static void test_vstore_half(struct bh *h, cl_program prog)
{
	static float fin[NS];
	static double din[NS];
	static uint16_t out[10 * NS];
	for (int i = 0; i < NS; i++) {
		din[i] = store_input(i);
		fin[i] = (float)din[i];
	}
	for (int t = 0; t < 2; t++) {
		memset(out, 0xee, sizeof(out));
		struct bh_arg args[] = { t ? BH_BUF(din, sizeof(din)) : BH_BUF(fin, sizeof(fin)),
					 BH_BUF(out, sizeof(out)) };
		bh_run(h, prog, t ? "sh_double" : "sh_float", NS, 0, 2, args);
		/* region: mode */
		static const int region_mode[10] = { 0, 0, 1, 2, 3, 0, 1, 2, 3, 2 };
		int bad = 0;
		for (int r = 0; r < 10; r++)
			for (int i = 0; i < NS; i++) {
				uint16_t got = out[r * NS + i];
				if (r == 7 && i % 4 == 3) {
					bad += got != 0xeeee; /* vstorea_half3 leaves the 4th */
					continue;
				}
				double x = t ? din[i] : fin[i];
				uint16_t want = round_half(x, region_mode[r]);
				int ok = isnan(x) ? ((got & 0x7c00) == 0x7c00 && (got & 0x3ff))
						  : got == want;
				if (!ok && bad++ < 6)
					fprintf(stderr, "vstore_half %s region %d of %a: got 0x%04x want 0x%04x\n",
						t ? "double" : "float", r, x, got, want);
			}
		CHECK(bad == 0);
	}
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	REQUIRE(bh_has_extension(&h, "cl_khr_fp64"));
	for (int i = 0; i <= 0x7c00; i++)
		pos_values[i] = i == 0x7c00 ? 65536.0 : half_value((uint16_t)i);

	src = malloc(cap);
	EMIT("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#define NH %d\n#define NS %d\n%s", NH,
	     NS, half_src);
	emit_vload_kernels();
	cl_program prog = bh_build(&h, src, NULL);
	free(src);
	test_vload(&h, prog);
	test_vload_half(&h, prog);
	test_vstore_half(&h, prog);
	clReleaseProgram(prog);
	bh_release(&h);
	return check_done();
}
