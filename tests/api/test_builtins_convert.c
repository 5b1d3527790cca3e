/* Explicit conversions convert_<dst>[n][_sat][_rte|_rtz|_rtp|_rtn]
 * (OpenCL C 3.0 section 6.4.3) for every pair of the ten arithmetic types,
 * as scalars and as 3- and 16-component vectors, over edge values (limits,
 * halfway cases, NaN, infinities, values between floats) and random ones.
 *
 * The reference is the host: integer results from exact 128-bit arithmetic
 * and C's rounding functions, floating results from a C conversion done in
 * the rounding mode set with fesetround. */
#include "builtin_harness.h"

#include <fenv.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>

#define N 96 /* a multiple of 3 and 16 */
#define NT 10

enum kind { SI, UI, FP };
static const struct type {
	const char *name;
	enum kind kind;
	int size;
	__int128 min, max; /* integer types */
} types[NT] = {
	{ "char", SI, 1, SCHAR_MIN, SCHAR_MAX },
	{ "uchar", UI, 1, 0, UCHAR_MAX },
	{ "short", SI, 2, SHRT_MIN, SHRT_MAX },
	{ "ushort", UI, 2, 0, USHRT_MAX },
	{ "int", SI, 4, INT_MIN, INT_MAX },
	{ "uint", UI, 4, 0, UINT_MAX },
	{ "long", SI, 8, LONG_MIN, LONG_MAX },
	{ "ulong", UI, 8, 0, ULONG_MAX },
	{ "float", FP, 4, 0, 0 },
	{ "double", FP, 8, 0, 0 },
};
static const char *modes[5] = { "", "_rte", "_rtz", "_rtp", "_rtn" };
static const int fe_modes[5] = { FE_TONEAREST, FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD,
				 FE_DOWNWARD };

/* A value of any of the types. */
union val {
	int8_t c;
	uint8_t uc;
	int16_t s;
	uint16_t us;
	int32_t i;
	uint32_t ui;
	int64_t l;
	uint64_t ul;
	float f;
	double d;
	unsigned char bytes[8];
};

static union val load(int t, const void *p)
{
	union val v;
	memset(&v, 0, sizeof(v));
	memcpy(&v, p, types[t].size);
	return v;
}

static __int128 as_int(int t, union val v)
{
	switch (t) {
	case 0: return v.c;
	case 1: return v.uc;
	case 2: return v.s;
	case 3: return v.us;
	case 4: return v.i;
	case 5: return v.ui;
	case 6: return v.l;
	default: return v.ul;
	}
}

static double as_double(int t, union val v)
{
	return t == 8 ? v.f : v.d;
}

/* Converts the integer or float value of type s to float type d in the
 * current rounding mode (C conversions honour it at run time). */
static union val to_float(int d, int s, union val v)
{
	volatile union val in = v;
	union val r;
	memset(&r, 0, sizeof(r));
#define TO(F, FIELD)                                                           \
	switch (s) {                                                           \
	case 0: r.FIELD = (F)in.c; break;                                      \
	case 1: r.FIELD = (F)in.uc; break;                                     \
	case 2: r.FIELD = (F)in.s; break;                                      \
	case 3: r.FIELD = (F)in.us; break;                                     \
	case 4: r.FIELD = (F)in.i; break;                                      \
	case 5: r.FIELD = (F)in.ui; break;                                     \
	case 6: r.FIELD = (F)in.l; break;                                      \
	case 7: r.FIELD = (F)in.ul; break;                                     \
	case 8: r.FIELD = (F)in.f; break;                                      \
	default: r.FIELD = (F)in.d; break;                                     \
	}
	if (d == 8) {
		TO(float, f)
	} else {
		TO(double, d)
	}
	return r;
}

/* The expected result of convert_<d><sat><mode>(v); 0 when undefined. */
static int reference(int d, int s, int sat, int mode, union val v, union val *out)
{
	memset(out, 0, sizeof(*out));
	if (types[d].kind == FP) {
		fesetround(fe_modes[mode]);
		*out = to_float(d, s, v);
		fesetround(FE_TONEAREST);
		return 1;
	}
	__int128 r;
	if (types[s].kind == FP) {
		double x = as_double(s, v);
		if (isnan(x)) {
			if (!sat)
				return 0;
			r = 0;
		} else {
			/* Integer destinations round toward zero by default. */
			double y = mode == 1 ? nearbyint(x) : mode == 3 ? ceil(x)
				 : mode == 4 ? floor(x) : trunc(x);
			if (y > 0x1p100)
				y = 0x1p100;
			if (y < -0x1p100)
				y = -0x1p100;
			r = (__int128)y;
		}
	} else {
		r = as_int(s, v);
	}
	if (sat) {
		if (r < types[d].min)
			r = types[d].min;
		if (r > types[d].max)
			r = types[d].max;
	} else if (types[s].kind == FP && (r < types[d].min || r > types[d].max)) {
		return 0; /* out of range without _sat: undefined */
	}
	uint64_t bits = (uint64_t)(unsigned __int128)r; /* modular */
	memcpy(out, &bits, types[d].size);                /* little-endian */
	return 1;
}

static int same(int d, union val a, union val b)
{
	if (types[d].kind == FP && isnan(as_double(d, a)) && isnan(as_double(d, b)))
		return 1;
	return memcmp(&a, &b, types[d].size) == 0;
}

/* Inputs of type t: edge values first, then random ones. */
static void fill(int t, void *buf)
{
	static const double fedges[] = {
		0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -1.5, -2.5, 0.49999997, 127.5, 128.0,
		-128.5, -129.0, 255.5, 256.0, 65535.5, -32768.5, 0x1p31, -0x1p31, 0x1p31 - 64,
		0x1p32, 0x1p32 - 256, 0x1p63, -0x1p63, 0x1p64, INFINITY, -INFINITY, NAN,
		1e30, -1e30, FLT_MIN, 0x1p-149, -0x1p-149, FLT_MAX, -FLT_MAX, 3.99,
		-7.25, 1e-300, DBL_MAX, 0x1.000001p0, 0x1.0000010000001p0,
		0x1.fffffffp127, 16777217.0, -16777217.0, 0x1p53 + 2, 2147483520.0,
	};
	static const __int128 iedges[] = {
		0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, -32769,
		65535, 65536, INT_MAX, (__int128)INT_MAX + 1, INT_MIN, (__int128)INT_MIN - 1,
		UINT_MAX, (__int128)UINT_MAX + 1, LONG_MAX, LONG_MIN, ULONG_MAX,
		16777217, -16777217, ((__int128)1 << 53) + 1, ((__int128)1 << 62) + 1,
		((__int128)1 << 63) + 1025, 0x7fffffbf, (__int128)ULONG_MAX - 1024,
	};
	unsigned char *p = buf;
	int ne = types[t].kind == FP ? (int)(sizeof(fedges) / sizeof(fedges[0]))
				     : (int)(sizeof(iedges) / sizeof(iedges[0]));
	for (int i = 0; i < N; i++) {
		union val v;
		memset(&v, 0, sizeof(v));
		if (types[t].kind == FP) {
			double x;
			if (i < ne) {
				x = fedges[i];
			} else {
				uint64_t r = bh_rand();
				int e = (int)(r % 80) - 10;
				x = ldexp((double)(r >> 11) / 0x1p53, e) * ((r & 1) ? -1 : 1);
			}
			if (t == 8)
				v.f = (float)x;
			else
				v.d = x;
		} else {
			uint64_t bits = i < ne ? (uint64_t)(unsigned __int128)iedges[i] : bh_rand();
			if (i >= ne && i % 2)
				bits = (uint64_t)((int64_t)bits >> (bits % 60)); /* small magnitudes */
			memcpy(&v, &bits, 8);
		}
		memcpy(p + (size_t)i * types[t].size, &v, types[t].size);
	}
}

/* One kernel per (destination, source) pair: for each variant k (mode,
 * and _sat for integer destinations) it writes the scalar result for
 * element i, and the 3- or 16-wide result when i starts a vector. */
static char *kernel_source(void)
{
	size_t cap = 1 << 20, len = 0;
	char *s = malloc(cap);
	len += snprintf(s + len, cap - len, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
	for (int d = 0; d < NT; d++)
		for (int t = 0; t < NT; t++) {
			const char *D = types[d].name, *S = types[t].name;
			len += snprintf(s + len, cap - len,
					"kernel void k_%s_%s(global %s *in, global %s *out) {\n"
					"  size_t i = get_global_id(0);\n",
					D, S, S, D);
			int nv = types[d].kind == FP ? 5 : 10;
			for (int k = 0; k < nv; k++) {
				const char *sat = k >= 5 ? "_sat" : "", *m = modes[k % 5];
				/* Each variant as a scalar and at one vector width,
				 * 3 or 16 by turns (both widths reach every kind of
				 * vector path), to keep the compile time down. */
				int w = (k + t + d) % 2 ? 3 : 16;
				len += snprintf(s + len, cap - len,
						"  out[%d + i] = convert_%s%s%s(in[i]);\n"
						"  if (i %% %d == 0) vstore%d(convert_%s%d%s%s(vload%d(i / %d, in)), i / %d, out + %d);\n",
						2 * k * N, D, sat, m, w, w, D, w, sat, m, w, w, w,
						(2 * k + 1) * N);
			}
			len += snprintf(s + len, cap - len, "}\n");
		}
	REQUIRE(len < cap);
	return s;
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	int fp64 = bh_has_extension(&h, "cl_khr_fp64");
	REQUIRE(fp64); /* Kiln reports cl_khr_fp64 */
	char *src = kernel_source();
	cl_program prog = bh_build(&h, src, NULL);
	free(src);

	static unsigned char in[NT][N * 8], out[20 * N * 8];
	for (int t = 0; t < NT; t++)
		fill(t, in[t]);
	for (int d = 0; d < NT; d++)
		for (int t = 0; t < NT; t++) {
			char name[64];
			snprintf(name, sizeof(name), "k_%s_%s", types[d].name, types[t].name);
			int nv = types[d].kind == FP ? 5 : 10;
			size_t dsz = types[d].size;
			memset(out, 0xa5, sizeof(out));
			struct bh_arg args[] = { BH_BUF(in[t], N * types[t].size),
						 BH_BUF(out, 2 * nv * N * dsz) };
			bh_run(&h, prog, name, N, 0, 2, args);
			int bad = 0;
			for (int k = 0; k < nv; k++)
				for (int w = 0; w < 2; w++)
					for (int i = 0; i < N; i++) {
						union val x = load(t, in[t] + i * types[t].size), want;
						if (!reference(d, t, k >= 5, k % 5, x, &want))
							continue;
						union val got = load(d, out + ((2 * k + w) * N + i) * dsz);
						if (!same(d, got, want) && bad++ < 6)
							fprintf(stderr,
								"convert_%s%s%s%s(%s %.17g / %lld): got %02x%02x%02x%02x%02x%02x%02x%02x want %02x%02x%02x%02x%02x%02x%02x%02x\n",
								types[d].name, w == 0 ? "" : (k + t + d) % 2 ? "3" : "16",
								k >= 5 ? "_sat" : "", modes[k % 5], types[t].name,
								types[t].kind == FP ? as_double(t, x) : 0.0,
								types[t].kind == FP ? 0LL : (long long)as_int(t, x),
								got.bytes[7], got.bytes[6], got.bytes[5], got.bytes[4],
								got.bytes[3], got.bytes[2], got.bytes[1], got.bytes[0],
								want.bytes[7], want.bytes[6], want.bytes[5], want.bytes[4],
								want.bytes[3], want.bytes[2], want.bytes[1], want.bytes[0]);
					}
			CHECK(bad == 0);
		}
	clReleaseProgram(prog);
	bh_release(&h);
	return check_done();
}
