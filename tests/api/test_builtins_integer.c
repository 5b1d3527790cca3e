/* Integer built-in functions (OpenCL C 3.0 section 6.15.4) for every
 * integer type, as scalars and as 3- and 16-component vectors, over edge
 * values (0, +-1, MIN, MAX and neighbours) and random values, against
 * references computed on the host in 128-bit arithmetic. */
#include "builtin_harness.h"

#include <limits.h>
#include <stdint.h>

#define N 240 /* a multiple of 3 and 16 */
#define NOPS 16

/* Each kernel writes op k of element i to out[k * N + i]; abs and abs_diff
 * go to uout (their result is unsigned).  Scalar kernels take one element
 * per work-item, vector kernels W elements. */
static const char *src =
	"#define OPS(x, y, z, OUT, UOUT)                                    \\\n"
	"  UOUT(0, abs(x)); UOUT(1, abs_diff(x, y));                          \\\n"
	"  OUT(0, add_sat(x, y)); OUT(1, hadd(x, y)); OUT(2, rhadd(x, y));    \\\n"
	"  OUT(3, clamp(x, min(y, z), max(y, z))); OUT(4, clz(x));            \\\n"
	"  OUT(5, ctz(x)); OUT(6, mad_hi(x, y, z)); OUT(7, mad_sat(x, y, z)); \\\n"
	"  OUT(8, max(x, y)); OUT(9, min(x, y)); OUT(10, mul_hi(x, y));       \\\n"
	"  OUT(11, rotate(x, y)); OUT(12, sub_sat(x, y)); OUT(13, popcount(x));\n"
	"#define S_OUT(k, v) out[(k) * N + i] = (v)\n"
	"#define S_UOUT(k, v) uout[(k) * N + i] = (v)\n"
	"#define SCALAR(T, U) kernel void s_##T(global T *a, global T *b, global T *c, \\\n"
	"    global T *out, global U *uout) {                                  \\\n"
	"  size_t i = get_global_id(0); T x = a[i], y = b[i], z = c[i];       \\\n"
	"  OPS(x, y, z, S_OUT, S_UOUT) }\n"
	"#define V_OUT(k, v) VSTORE(v, i, out + (k) * N)\n"
	"#define V_UOUT(k, v) VSTORE(v, i, uout + (k) * N)\n"
	"#define VECTOR(T, U, W) kernel void v##W##_##T(global T *a, global T *b, \\\n"
	"    global T *c, global T *out, global U *uout) {                     \\\n"
	"  size_t i = get_global_id(0);                                         \\\n"
	"  T##W x = vload##W(i, a), y = vload##W(i, b), z = vload##W(i, c);     \\\n"
	"  OPS(x, y, z, V_OUT, V_UOUT) }\n"
	"#define VSTORE(v, i, p) vstore3(v, i, p)\n"
	"SCALAR(char, uchar) SCALAR(uchar, uchar) SCALAR(short, ushort) SCALAR(ushort, ushort)\n"
	"SCALAR(int, uint) SCALAR(uint, uint) SCALAR(long, ulong) SCALAR(ulong, ulong)\n"
	"VECTOR(char, uchar, 3) VECTOR(uchar, uchar, 3) VECTOR(short, ushort, 3)\n"
	"VECTOR(ushort, ushort, 3) VECTOR(int, uint, 3) VECTOR(uint, uint, 3)\n"
	"VECTOR(long, ulong, 3) VECTOR(ulong, ulong, 3)\n"
	"#undef VSTORE\n"
	"#define VSTORE(v, i, p) vstore16(v, i, p)\n"
	"VECTOR(char, uchar, 16) VECTOR(uchar, uchar, 16) VECTOR(short, ushort, 16)\n"
	"VECTOR(ushort, ushort, 16) VECTOR(int, uint, 16) VECTOR(uint, uint, 16)\n"
	"VECTOR(long, ulong, 16) VECTOR(ulong, ulong, 16)\n"
	/* mul24/mad24 on 24-bit operands; upsample. */
	"kernel void s_24(global int *a, global int *b, global int *c, global int *o) {\n"
	"  size_t i = get_global_id(0);\n"
	"  o[2 * i] = mul24(a[i], b[i]); o[2 * i + 1] = mad24(a[i], b[i], c[i]); }\n"
	"kernel void u_24(global uint *a, global uint *b, global uint *c, global uint *o) {\n"
	"  size_t i = get_global_id(0);\n"
	"  uint4 r = mad24((uint4)(a[i]), (uint4)(b[i]), (uint4)(c[i]));\n"
	"  o[2 * i] = mul24(a[i], b[i]); o[2 * i + 1] = r.w; }\n"
	"kernel void ups(global char *c, global uchar *uc, global short *s, global ushort *us,\n"
	"    global int *in, global uint *ui, global short *os, global ushort *ous,\n"
	"    global int *oi, global uint *oui, global long *ol, global ulong *oul) {\n"
	"  size_t i = get_global_id(0);\n"
	"  os[i] = upsample(c[i], uc[i]); ous[i] = upsample(uc[i], uc[i + 1]);\n"
	"  oi[i] = upsample(s[i], us[i]); oui[i] = upsample(us[i], us[i + 1]);\n"
	"  long2 l = upsample((int2)(in[i]), (uint2)(ui[i]));\n"
	"  ol[i] = l.y; oul[i] = upsample(ui[i], ui[i + 1]); }\n";

typedef __int128 i128;
typedef unsigned __int128 u128;

static int clz_ref(u128 v, int bits)
{
	int n = 0;
	for (int b = bits - 1; b >= 0 && !((v >> b) & 1); b--)
		n++;
	return n;
}

static int ctz_ref(u128 v, int bits)
{
	int n = 0;
	for (int b = 0; b < bits && !((v >> b) & 1); b++)
		n++;
	return n;
}

static int popcount_ref(u128 v, int bits)
{
	int n = 0;
	for (int b = 0; b < bits; b++)
		n += (int)((v >> b) & 1);
	return n;
}

/* Exact results in W (i128 for signed types, u128 for unsigned) reduced
 * to T.  SIGNED: whether T is signed. */
#define REFS(T, U, W, SIGNED, MIN, MAX, BITS, NAME)                                     \
	static T sat_##NAME(i128 v)                                            \
	{                                                                      \
		return v < (i128)(MIN) ? (T)(MIN) : v > (i128)(MAX) ? (T)(MAX) : (T)v; \
	}                                                                      \
	static void ref_##NAME(T x, T y, T z, T *o, U *uo)                     \
	{                                                                      \
		u128 ux = (U)x;                                                \
		i128 wx = x;                                                   \
		uo[0] = (U)(wx < 0 ? -wx : wx);                                \
		uo[1] = (U)(x > y ? (i128)x - y : (i128)y - x);                \
		o[0] = sat_##NAME((i128)x + y);                                \
		o[1] = (T)(((i128)x + y) >> 1);                                \
		o[2] = (T)(((i128)x + y + 1) >> 1);                            \
		T lo = y < z ? y : z, hi = y < z ? z : y;                      \
		o[3] = x < lo ? lo : x > hi ? hi : x;                          \
		o[4] = (T)clz_ref(ux, BITS);                                   \
		o[5] = (T)ctz_ref(ux, BITS);                                   \
		W prod = (W)x * (W)y;                                          \
		o[6] = (T)((U)(T)(prod >> BITS) + (U)z); /* wraps, no C UB */   \
		if (SIGNED)                                                    \
			o[7] = sat_##NAME((i128)prod + z);                     \
		else                                                           \
			o[7] = (u128)prod + (U)z > (u128)(MAX) ? (T)(MAX) : (T)(prod + (U)z); \
		o[8] = x > y ? x : y;                                          \
		o[9] = x < y ? x : y;                                          \
		o[10] = (T)(prod >> BITS);                                     \
		unsigned s = (unsigned)((U)y % BITS);                          \
		o[11] = (T)(U)(s ? (ux << s) | (ux >> (BITS - s)) : ux);       \
		o[12] = sat_##NAME((i128)x - y);                               \
		o[13] = (T)popcount_ref(ux, BITS);                             \
	}                                                                      \
	static void test_##NAME(struct bh *h, cl_program prog)                 \
	{                                                                      \
		static T a[N], b[N], c[N], out[NOPS * N], ref[NOPS];           \
		static U uout[2 * N], uref[2];                                 \
		const T edges[] = { 0, 1, (T)-1, (T)(MIN), (T)(MAX), (T)((MIN) + 1), \
				    (T)((MAX) - 1), 2, (T)-2, (T)(BITS - 1), (T)BITS }; \
		const int ne = sizeof(edges) / sizeof(edges[0]);               \
		for (int i = 0; i < N; i++) {                                  \
			a[i] = (T)bh_rand();                                   \
			b[i] = (T)bh_rand();                                   \
			c[i] = (T)bh_rand();                                   \
			if (i < ne * ne) {                                     \
				a[i] = edges[i % ne];                          \
				b[i] = edges[i / ne];                          \
				c[i] = edges[(i * 7) % ne];                    \
			} else if (i % 3 == 0) {                               \
				b[i] = (T)(bh_rand() % (2 * BITS + 3)); /* rotate counts */ \
			}                                                      \
		}                                                              \
		const char *names[] = { "s_" #NAME, "v3_" #NAME, "v16_" #NAME }; \
		const size_t items[] = { N, N / 3, N / 16 };                   \
		for (int k = 0; k < 3; k++) {                                  \
			memset(out, 0x5a, sizeof(out));                        \
			memset(uout, 0x5a, sizeof(uout));                      \
			struct bh_arg args[] = { BH_BUF(a, sizeof(a)), BH_BUF(b, sizeof(b)), \
						 BH_BUF(c, sizeof(c)), BH_BUF(out, sizeof(out)), \
						 BH_BUF(uout, sizeof(uout)) };  \
			bh_run(h, prog, names[k], items[k], 0, 5, args);       \
			int bad = 0;                                           \
			for (int i = 0; i < N; i++) {                          \
				ref_##NAME(a[i], b[i], c[i], ref, uref);       \
				for (int op = 0; op < 14; op++)                \
					if (out[op * N + i] != ref[op] && bad++ < 5) \
						fprintf(stderr, "%s op %d: x=%lld y=%lld z=%lld got %lld want %lld\n", \
							names[k], op, (long long)a[i], (long long)b[i], \
							(long long)c[i], (long long)out[op * N + i], \
							(long long)ref[op]);           \
				for (int op = 0; op < 2; op++)                 \
					if (uout[op * N + i] != uref[op] && bad++ < 5) \
						fprintf(stderr, "%s %s: x=%lld y=%lld got %llu want %llu\n", \
							names[k], op ? "abs_diff" : "abs", \
							(long long)a[i], (long long)b[i], \
							(unsigned long long)uout[op * N + i], \
							(unsigned long long)uref[op]); \
			}                                                      \
			CHECK(bad == 0);                                       \
		}                                                              \
	}

REFS(cl_char, cl_uchar, i128, 1, CHAR_MIN, CHAR_MAX, 8, char)
REFS(cl_uchar, cl_uchar, u128, 0, 0, UCHAR_MAX, 8, uchar)
REFS(cl_short, cl_ushort, i128, 1, SHRT_MIN, SHRT_MAX, 16, short)
REFS(cl_ushort, cl_ushort, u128, 0, 0, USHRT_MAX, 16, ushort)
REFS(cl_int, cl_uint, i128, 1, INT_MIN, INT_MAX, 32, int)
REFS(cl_uint, cl_uint, u128, 0, 0, UINT_MAX, 32, uint)
REFS(cl_long, cl_ulong, i128, 1, LONG_MIN, LONG_MAX, 64, long)
REFS(cl_ulong, cl_ulong, u128, 0, 0, ULONG_MAX, 64, ulong)

/* mul24, mad24: defined for operands in 24-bit range; the 32-bit result
 * is the low 32 bits of the exact product (plus z). */
static void test_24(struct bh *h, cl_program prog)
{
	enum { M = 64 };
	cl_int a[M], b[M], c[M], o[2 * M];
	cl_uint ua[M], ub[M], uc[M], uo[2 * M];
	for (int i = 0; i < M; i++) {
		a[i] = (cl_int)(bh_rand() % (1 << 24)) - (1 << 23);
		b[i] = (cl_int)(bh_rand() % (1 << 24)) - (1 << 23);
		c[i] = (cl_int)bh_rand();
		ua[i] = (cl_uint)(bh_rand() % (1 << 24));
		ub[i] = (cl_uint)(bh_rand() % (1 << 24));
		uc[i] = (cl_uint)bh_rand();
	}
	a[0] = -(1 << 23), b[0] = -(1 << 23);
	a[1] = (1 << 23) - 1, b[1] = -(1 << 23);
	ua[0] = ub[0] = (1 << 24) - 1;
	struct bh_arg args[] = { BH_BUF(a, sizeof(a)), BH_BUF(b, sizeof(b)), BH_BUF(c, sizeof(c)),
				 BH_BUF(o, sizeof(o)) };
	bh_run(h, prog, "s_24", M, 0, 4, args);
	struct bh_arg uargs[] = { BH_BUF(ua, sizeof(ua)), BH_BUF(ub, sizeof(ub)),
				  BH_BUF(uc, sizeof(uc)), BH_BUF(uo, sizeof(uo)) };
	bh_run(h, prog, "u_24", M, 0, 4, uargs);
	int bad = 0;
	for (int i = 0; i < M; i++) {
		uint32_t p = (uint32_t)((int64_t)a[i] * b[i]);
		bad += o[2 * i] != (cl_int)p || o[2 * i + 1] != (cl_int)(p + (uint32_t)c[i]);
		uint32_t up = (uint32_t)((uint64_t)ua[i] * ub[i]);
		bad += uo[2 * i] != up || uo[2 * i + 1] != up + uc[i];
	}
	CHECK(bad == 0);
}

static void test_upsample(struct bh *h, cl_program prog)
{
	enum { M = 32 };
	cl_char c[M + 1];
	cl_uchar uc[M + 1];
	cl_short s[M + 1], os[M];
	cl_ushort us[M + 1], ous[M];
	cl_int in[M + 1], oi[M];
	cl_uint ui[M + 1], oui[M];
	cl_long ol[M];
	cl_ulong oul[M];
	for (int i = 0; i <= M; i++) {
		c[i] = (cl_char)bh_rand(), uc[i] = (cl_uchar)bh_rand();
		s[i] = (cl_short)bh_rand(), us[i] = (cl_ushort)bh_rand();
		in[i] = (cl_int)bh_rand(), ui[i] = (cl_uint)bh_rand();
	}
	c[0] = -128, uc[0] = 255, s[0] = -1, in[0] = INT_MIN, ui[0] = UINT_MAX;
	struct bh_arg args[] = { BH_BUF(c, sizeof(c)),     BH_BUF(uc, sizeof(uc)),
				 BH_BUF(s, sizeof(s)),     BH_BUF(us, sizeof(us)),
				 BH_BUF(in, sizeof(in)),   BH_BUF(ui, sizeof(ui)),
				 BH_BUF(os, sizeof(os)),   BH_BUF(ous, sizeof(ous)),
				 BH_BUF(oi, sizeof(oi)),   BH_BUF(oui, sizeof(oui)),
				 BH_BUF(ol, sizeof(ol)),   BH_BUF(oul, sizeof(oul)) };
	bh_run(h, prog, "ups", M, 0, 12, args);
	int bad = 0;
	for (int i = 0; i < M; i++) {
		bad += os[i] != (cl_short)(((int)c[i] * 256) | uc[i]);
		bad += ous[i] != (cl_ushort)((uc[i] << 8) | uc[i + 1]);
		bad += oi[i] != (cl_int)(((int64_t)s[i] * 65536) | us[i]);
		bad += oui[i] != (((cl_uint)us[i] << 16) | us[i + 1]);
		bad += ol[i] != (cl_long)(((uint64_t)(int64_t)in[i] << 32) | ui[i]);
		bad += oul[i] != (((cl_ulong)ui[i] << 32) | ui[i + 1]);
	}
	CHECK(bad == 0);
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	cl_program prog = bh_build(&h, src, "-cl-std=CL3.0 -DN=240");
	test_char(&h, prog);
	test_uchar(&h, prog);
	test_short(&h, prog);
	test_ushort(&h, prog);
	test_int(&h, prog);
	test_uint(&h, prog);
	test_long(&h, prog);
	test_ulong(&h, prog);
	test_24(&h, prog);
	test_upsample(&h, prog);
	clReleaseProgram(prog);
	bh_release(&h);
	return check_done();
}
