/* Relational built-ins (OpenCL C 3.0 section 6.15.7): the float and double
 * comparisons and classifications over special values (+-0, +-INF, NaN,
 * subnormals, limits), scalar results 1/0 and vector results -1/0; any
 * and all on the sign bits; bitselect and select for integer and floating
 * types with signed and unsigned selectors. */
#include "builtin_harness.h"

#include <float.h>
#include <math.h>
#include <stdint.h>

#define N 48 /* a multiple of 3 and 16 */

static const char *ops2[] = { "isequal", "isnotequal", "isgreater", "isgreaterequal", "isless",
			      "islessequal", "islessgreater", "isordered", "isunordered" };
static const char *ops1[] = { "isfinite", "isinf", "isnan", "isnormal", "signbit" };
#define NOPS2 9
#define NOPS1 5
#define NOPS (NOPS2 + NOPS1)

/* is_float: classify x as a float (a float subnormal is a normal double). */
static int ref_op(int k, double x, double y, int is_float)
{
	switch (k) {
	case 0: return x == y;
	case 1: return x != y;
	case 2: return isgreater(x, y);
	case 3: return isgreaterequal(x, y);
	case 4: return isless(x, y);
	case 5: return islessequal(x, y);
	case 6: return islessgreater(x, y);
	case 7: return !isunordered(x, y);
	case 8: return isunordered(x, y);
	case 9: return isfinite(x) != 0;
	case 10: return isinf(x) != 0;
	case 11: return isnan(x) != 0;
	case 12: return is_float ? isnormal((float)x) != 0 : isnormal(x) != 0;
	default: return signbit(x) != 0;
	}
}

static char *src_buf;
static size_t src_len, src_cap = 1 << 20;
#define EMIT(...) (src_len += snprintf(src_buf + src_len, src_cap - src_len, __VA_ARGS__))

static void emit_compare_kernels(void)
{
	/* rel_<T><W>(a, b, out): op k of element i at out[k * N + i]. */
	const char *fts[2] = { "float", "double" }, *rts[2] = { "int", "long" };
	const int ws[3] = { 1, 3, 16 };
	for (int t = 0; t < 2; t++)
		for (int wi = 0; wi < 3; wi++) {
			int w = ws[wi];
			const char *R = w == 1 ? "int" : rts[t];
			EMIT("kernel void rel_%s%d(global %s *a, global %s *b, global %s *o) {\n"
			     "  size_t i = get_global_id(0);\n",
			     fts[t], w, fts[t], fts[t], R);
			if (w == 1)
				EMIT("  %s x = a[i], y = b[i];\n", fts[t]);
			else
				EMIT("  %s%d x = vload%d(i, a), y = vload%d(i, b);\n", fts[t], w, w, w);
			for (int k = 0; k < NOPS; k++) {
				const char *call = k < NOPS2 ? ops2[k] : ops1[k - NOPS2];
				const char *args = k < NOPS2 ? "x, y" : "x";
				if (w == 1)
					EMIT("  o[%d * N + i] = %s(%s);\n", k, call, args);
				else
					EMIT("  vstore%d(%s(%s), i, o + %d * N);\n", w, call, args, k);
			}
			EMIT("}\n");
		}
}

static const double specials[] = { 0.0,	      -0.0,	1.0,	   -1.0,     INFINITY, -INFINITY,
				   NAN,	      -NAN,	FLT_MIN,   -FLT_MIN, 0x1p-149, -0x1p-149,
				   FLT_MAX,   -FLT_MAX, 2.5,	   DBL_MIN,  0x1p-1074, DBL_MAX };
#define NSPEC (int)(sizeof(specials) / sizeof(specials[0]))

static void test_compare(struct bh *h, cl_program prog)
{
	static float fa[N], fb[N];
	static double da[N], db[N];
	static cl_long out[NOPS * N];
	/* Every pair of specials appears once over the rounds. */
	for (int round = 0; round * N < NSPEC * NSPEC + N; round++) {
		for (int i = 0; i < N; i++) {
			int p = round * N + i;
			double x, y;
			if (p < NSPEC * NSPEC) {
				x = specials[p % NSPEC];
				y = specials[p / NSPEC];
			} else {
				x = (double)(int64_t)(bh_rand() % 7) - 3;
				y = (double)(int64_t)(bh_rand() % 7) - 3;
			}
			fa[i] = (float)x, fb[i] = (float)y;
			da[i] = x, db[i] = y;
		}
		/* The float rounds see the specials converted to float. */
		const int ws[3] = { 1, 3, 16 };
		for (int t = 0; t < 2; t++)
			for (int wi = 0; wi < 3; wi++) {
				int w = ws[wi];
				char name[32];
				snprintf(name, sizeof(name), "rel_%s%d", t ? "double" : "float", w);
				size_t rsz = (w == 1 || t == 0) ? 4 : 8;
				memset(out, 0x77, sizeof(out));
				struct bh_arg args[] = {
					t ? BH_BUF(da, sizeof(da)) : BH_BUF(fa, sizeof(fa)),
					t ? BH_BUF(db, sizeof(db)) : BH_BUF(fb, sizeof(fb)),
					BH_BUF(out, NOPS * N * rsz),
				};
				bh_run(h, prog, name, N / w, 0, 3, args);
				int bad = 0;
				for (int k = 0; k < NOPS; k++)
					for (int i = 0; i < N; i++) {
						double x = t ? da[i] : fa[i], y = t ? db[i] : fb[i];
						long long want = ref_op(k, x, y, !t) ? (w == 1 ? 1 : -1) : 0;
						long long got = rsz == 4 ? ((cl_int *)out)[k * N + i]
									 : out[k * N + i];
						if (got != want && bad++ < 5)
							fprintf(stderr, "%s %s(%g, %g): got %lld want %lld\n",
								name, k < NOPS2 ? ops2[k] : ops1[k - NOPS2], x,
								y, got, want);
					}
				CHECK(bad == 0);
			}
	}
}

/* any/all on char..long, widths 1, 2, 3, 4, 8, 16; bitselect; select. */
static const char *its[4] = { "char", "short", "int", "long" };
static const int isz[4] = { 1, 2, 4, 8 };
static const int widths[6] = { 1, 2, 3, 4, 8, 16 };

static void emit_logic_kernels(void)
{
	for (int t = 0; t < 4; t++)
		for (int wi = 0; wi < 6; wi++) {
			int w = widths[wi];
			if (w == 1)
				EMIT("kernel void anyall_%s1(global %s *a, global int *o) {\n"
				     "  size_t i = get_global_id(0);\n"
				     "  o[2 * i] = any(a[i]); o[2 * i + 1] = all(a[i]); }\n",
				     its[t], its[t]);
			else
				EMIT("kernel void anyall_%s%d(global %s *a, global int *o) {\n"
				     "  size_t i = get_global_id(0);\n"
				     "  o[2 * i] = any(vload%d(i, a)); o[2 * i + 1] = all(vload%d(i, a)); }\n",
				     its[t], w, its[t], w, w);
		}
	/* bitselect on uint4, long, uchar16, float4, double2 */
	EMIT("kernel void bitsel(global uint *a, global uint *b, global uint *c, global uint *o,\n"
	     "    global ulong *la, global ulong *lb, global ulong *lc, global ulong *lo) {\n"
	     "  size_t i = get_global_id(0);\n"
	     "  vstore4(bitselect(vload4(i, a), vload4(i, b), vload4(i, c)), i, o);\n"
	     "  vstore4(as_uint4(bitselect(as_float4(vload4(i, a)), as_float4(vload4(i, b)),\n"
	     "      as_float4(vload4(i, c)))), i, o + 4 * N);\n"
	     "  vstore16(bitselect(vload16(i, (global uchar *)a), vload16(i, (global uchar *)b),\n"
	     "      vload16(i, (global uchar *)c)), i, (global uchar *)(o + 8 * N));\n"
	     "  lo[i] = as_ulong(bitselect(as_long(la[i]), as_long(lb[i]), as_long(lc[i])));\n"
	     "  vstore2(as_ulong2(bitselect(as_double2(vload2(i, la)), as_double2(vload2(i, lb)),\n"
	     "      as_double2(vload2(i, lc)))), i, lo + 4 * N); }\n");
	/* select: scalar selectors (non-zero), vector selectors (MSB). */
	EMIT("kernel void sel(global int *a, global int *b, global int *c, global int *o,\n"
	     "    global long *la, global long *lb, global long *lc, global long *lo) {\n"
	     "  size_t i = get_global_id(0);\n"
	     "  o[i] = select(a[i], b[i], c[i]);\n"
	     "  o[N + i] = as_int(select(as_float(a[i]), as_float(b[i]), as_uint(c[i])));\n"
	     "  if (i %% 4 == 0) {\n"
	     "    vstore4(select(vload4(i / 4, a), vload4(i / 4, b), vload4(i / 4, c)), i / 4, o + 2 * N);\n"
	     "    vstore4(as_int4(select(as_float4(vload4(i / 4, a)), as_float4(vload4(i / 4, b)),\n"
	     "        as_uint4(vload4(i / 4, c)))), i / 4, o + 3 * N);\n"
	     "    vstore16(select(vload16(i / 4, (global char *)a), vload16(i / 4, (global char *)b),\n"
	     "        vload16(i / 4, (global uchar *)c)), i / 4, (global char *)(o + 4 * N));\n"
	     "    vstore8(select(vload8(i / 4, (global ushort *)a), vload8(i / 4, (global ushort *)b),\n"
	     "        vload8(i / 4, (global short *)c)), i / 4, (global ushort *)(o + 5 * N));\n"
	     "  }\n"
	     "  lo[i] = select(la[i], lb[i], lc[i]);\n"
	     "  if (i %% 3 == 0) {\n"
	     "    vstore3(select(vload3(i / 3, la), vload3(i / 3, lb), vload3(i / 3, lc)), i / 3, lo + N);\n"
	     "    vstore3(as_long3(select(as_double3(vload3(i / 3, la)), as_double3(vload3(i / 3, lb)),\n"
	     "        as_ulong3(vload3(i / 3, lc)))), i / 3, lo + 2 * N);\n"
	     "  } }\n");
}

static int msb(const unsigned char *p, int size)
{
	return p[size - 1] >> 7;
}

static void test_logic(struct bh *h, cl_program prog)
{
	static unsigned char a[N * 8];
	static cl_int o[2 * N];
	for (int t = 0; t < 4; t++)
		for (int wi = 0; wi < 6; wi++) {
			int w = widths[wi], sz = isz[t];
			/* Mostly clear sign bits, so all/any both vary. */
			for (int i = 0; i < N * sz; i++) {
				uint64_t r = bh_rand();
				a[i] = (unsigned char)r & 0x7f;
				if (r % 1000 < (w > 4 ? 60 : 400))
					a[i] |= 0x80;
			}
			for (int i = 0; i < N * sz; i += sz * w * 3) /* all set */
				for (int j = 0; j < w && i + (j + 1) * sz <= N * sz; j++)
					a[i + j * sz + sz - 1] |= 0x80;
			char name[32];
			snprintf(name, sizeof(name), "anyall_%s%d", its[t], w);
			struct bh_arg args[] = { BH_BUF(a, N * sz), BH_BUF(o, sizeof(o)) };
			bh_run(h, prog, name, N / (w == 3 ? 3 : w) / (w == 3 ? 1 : 1), 0, 2, args);
			int bad = 0;
			for (int i = 0; i < N / w; i++) {
				int any = 0, all = 1;
				for (int j = 0; j < w; j++) {
					int m = msb(a + (i * w + j) * sz, sz);
					any |= m;
					all &= m;
				}
				if ((o[2 * i] != any || o[2 * i + 1] != all) && bad++ < 5)
					fprintf(stderr, "%s[%d]: any %d all %d, want %d %d\n", name, i,
						o[2 * i], o[2 * i + 1], any, all);
			}
			CHECK(bad == 0);
		}

	static cl_uint ua[4 * N], ub[4 * N], uc[4 * N], uo[12 * N];
	static cl_ulong la[2 * N], lb[2 * N], lc[2 * N], lo[6 * N];
	for (int i = 0; i < 4 * N; i++)
		ua[i] = (cl_uint)bh_rand(), ub[i] = (cl_uint)bh_rand(), uc[i] = (cl_uint)bh_rand();
	for (int i = 0; i < 2 * N; i++)
		la[i] = bh_rand(), lb[i] = bh_rand(), lc[i] = bh_rand();
	struct bh_arg bargs[] = { BH_BUF(ua, sizeof(ua)), BH_BUF(ub, sizeof(ub)),
				  BH_BUF(uc, sizeof(uc)), BH_BUF(uo, sizeof(uo)),
				  BH_BUF(la, sizeof(la)), BH_BUF(lb, sizeof(lb)),
				  BH_BUF(lc, sizeof(lc)), BH_BUF(lo, sizeof(lo)) };
	bh_run(h, prog, "bitsel", N, 0, 8, bargs);
	int bad = 0;
	for (int i = 0; i < 4 * N; i++) {
		cl_uint want = (ua[i] & ~uc[i]) | (ub[i] & uc[i]);
		bad += uo[i] != want || uo[4 * N + i] != want || uo[8 * N + i] != want;
	}
	for (int i = 0; i < N; i++)
		bad += lo[i] != ((la[i] & ~lc[i]) | (lb[i] & lc[i]));
	for (int i = 0; i < 2 * N; i++)
		bad += lo[4 * N + i] != ((la[i] & ~lc[i]) | (lb[i] & lc[i]));
	CHECK(bad == 0);

	/* select: make some selectors zero, some with only low bits set. */
	static cl_int sa[N], sb[N], sc[N], so[6 * N];
	static cl_long sla[N], slb[N], slc[N], slo[3 * N];
	for (int i = 0; i < N; i++) {
		sa[i] = (cl_int)bh_rand(), sb[i] = (cl_int)bh_rand();
		sc[i] = i % 3 == 0 ? 0 : i % 3 == 1 ? (cl_int)(bh_rand() & 0x7f7f7f7f) : (cl_int)bh_rand();
		sla[i] = (cl_long)bh_rand(), slb[i] = (cl_long)bh_rand();
		slc[i] = i % 4 == 0 ? 0 : i % 4 == 1 ? 1 : (cl_long)bh_rand();
	}
	struct bh_arg sargs[] = { BH_BUF(sa, sizeof(sa)),   BH_BUF(sb, sizeof(sb)),
				  BH_BUF(sc, sizeof(sc)),   BH_BUF(so, sizeof(so)),
				  BH_BUF(sla, sizeof(sla)), BH_BUF(slb, sizeof(slb)),
				  BH_BUF(slc, sizeof(slc)), BH_BUF(slo, sizeof(slo)) };
	bh_run(h, prog, "sel", N, 0, 8, sargs);
	bad = 0;
	for (int i = 0; i < N; i++) {
		bad += so[i] != (sc[i] ? sb[i] : sa[i]);
		bad += so[N + i] != (sc[i] ? sb[i] : sa[i]);
		bad += so[2 * N + i] != (sc[i] < 0 ? sb[i] : sa[i]);
		bad += so[3 * N + i] != (sc[i] < 0 ? sb[i] : sa[i]);
		bad += slo[i] != (slc[i] ? slb[i] : sla[i]);
		bad += slo[N + i] != (slc[i] < 0 ? slb[i] : sla[i]);
		bad += slo[2 * N + i] != (slc[i] < 0 ? slb[i] : sla[i]);
	}
	const unsigned char *ca = (void *)sa, *cb = (void *)sb, *cc = (void *)sc,
			    *co = (void *)(so + 4 * N);
	for (int i = 0; i < 4 * N; i++)
		bad += co[i] != ((cc[i] & 0x80) ? cb[i] : ca[i]);
	const uint16_t *ha = (void *)sa, *hb = (void *)sb, *hc = (void *)sc,
		       *ho = (void *)(so + 5 * N);
	for (int i = 0; i < 2 * N; i++)
		bad += ho[i] != ((hc[i] & 0x8000) ? hb[i] : ha[i]);
	CHECK(bad == 0);
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	REQUIRE(bh_has_extension(&h, "cl_khr_fp64"));
	src_buf = malloc(src_cap);
	EMIT("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#define N %d\n", N);
	emit_compare_kernels();
	emit_logic_kernels();
	cl_program prog = bh_build(&h, src_buf, NULL);
	free(src_buf);
	test_compare(&h, prog);
	test_logic(&h, prog);
	clReleaseProgram(prog);
	bh_release(&h);
	return check_done();
}
