/* Integer division and remainder by zero, and of the most negative value by
 * -1, for char ... ulong, scalars and vectors of 2, 3, 4, 8 and 16: OpenCL
 * C 3.0 §6.5.1 makes the value unspecified but allows no exception, so the
 * kernels must complete (x86's div traps: SIGFPE would end this process)
 * and every other lane must equal the host's exact quotient and remainder.
 * Also divisions by constants (0, -1, 7) and a loop over a private array,
 * optimised and with -cl-opt-disable. */
#include "builtin_harness.h"

#include <stdbool.h>
#include <stdint.h>

#define N 96 /* vectors per kernel */

static const char *types[] = { "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong" };
static const int widths[] = { 1, 2, 3, 4, 8, 16 };

static const char *src =
	"#define KS(T) kernel void div_##T(global T *a, global T *b, global T *q, global T *r) { \\\n"
	"  size_t i = get_global_id(0); q[i] = a[i] / b[i]; r[i] = a[i] % b[i]; }\n"
	"#define KV(T, n) kernel void div_##T##n(global T *a, global T *b, global T *q, global T *r) { \\\n"
	"  size_t i = get_global_id(0); T##n x = vload##n(i, a), y = vload##n(i, b); \\\n"
	"  vstore##n(x / y, i, q); vstore##n(x % y, i, r); }\n"
	"#define KC(T) kernel void const_##T(global T *a, global T *q, global T *r, global T *s) { \\\n"
	"  size_t i = get_global_id(0); q[i] = a[i] / (T)-1; r[i] = a[i] % (T)-1; \\\n"
	"  s[i] = a[i] / (T)7 + a[i] % (T)7 + a[i] / (T)0; }\n"
	"#define ALL(T) KS(T) KV(T, 2) KV(T, 3) KV(T, 4) KV(T, 8) KV(T, 16) KC(T)\n"
	"ALL(char) ALL(uchar) ALL(short) ALL(ushort) ALL(int) ALL(uint) ALL(long) ALL(ulong)\n"
	/* a division inside a uniform loop, the divisor from memory */
	"kernel void loop(global int *a, global int *b, global int *o, int n) {\n"
	"  size_t i = get_global_id(0); int acc = 0;\n"
	"  for (int k = 0; k < n; k++) acc += a[i] / b[k] + a[i] % b[k];\n"
	"  o[i] = acc; }\n";

static int bad;

static int64_t get(const unsigned char *p, int size, int is_signed)
{
	uint64_t u = 0;
	memcpy(&u, p, (size_t)size);
	if (is_signed && size < 8 && (u >> (size * 8 - 1)) & 1)
		u |= ~(uint64_t)0 << (size * 8);
	return (int64_t)u;
}

static void put(unsigned char *p, int size, uint64_t v)
{
	memcpy(p, &v, (size_t)size);
}

/* Whether a / b is defined for this type; and the exact results. */
static bool reference(int64_t a, int64_t b, int size, int is_signed, uint64_t *q, uint64_t *r)
{
	if (b == 0)
		return false;
	if (is_signed) {
		int64_t min = size == 8 ? INT64_MIN : -((int64_t)1 << (size * 8 - 1));
		if (a == min && b == -1)
			return false;
		*q = (uint64_t)(a / b);
		*r = (uint64_t)(a % b);
	} else {
		uint64_t mask = size == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (size * 8)) - 1;
		*q = ((uint64_t)a & mask) / ((uint64_t)b & mask);
		*r = ((uint64_t)a & mask) % ((uint64_t)b & mask);
	}
	return true;
}

static bool same(uint64_t x, uint64_t y, int size)
{
	uint64_t mask = size == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (size * 8)) - 1;
	return (x & mask) == (y & mask);
}

static void test_type(struct bh *h, cl_program prog, int t, unsigned *seed)
{
	int size = 1 << (t / 2), is_signed = t % 2 == 0;
	uint64_t min = is_signed ? (uint64_t)1 << (size * 8 - 1) : 0;
	for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
		int n = widths[w];
		size_t count = (size_t)N * n, bytes = count * (size_t)size;
		unsigned char *a = calloc(1, bytes), *b = calloc(1, bytes);
		unsigned char *q = calloc(1, bytes), *r = calloc(1, bytes);
		REQUIRE(a && b && q && r);
		for (size_t i = 0; i < count; i++) {
			uint64_t x = ((uint64_t)check_rand(seed) << 40) ^
				     ((uint64_t)check_rand(seed) << 20) ^ check_rand(seed);
			uint64_t y = ((uint64_t)check_rand(seed) << 40) ^ check_rand(seed);
			/* divisors of every size, not only huge ones */
			y >>= check_rand(seed) % 60;
			switch (check_rand(seed) % 8) {
			case 0: case 1: y = 0; break;
			case 2: if (is_signed) { x = min; y = ~(uint64_t)0; } break;
			case 3: y = is_signed ? ~(uint64_t)0 : 1; break;
			default: break;
			}
			put(a + i * size, size, x);
			put(b + i * size, size, y);
		}
		char name[32];
		snprintf(name, sizeof(name), "div_%s%s", types[t],
			 n == 1 ? "" : n == 2 ? "2" : n == 3 ? "3" : n == 4 ? "4" : n == 8 ? "8" : "16");
		struct bh_arg args[] = { BH_BUF(a, bytes), BH_BUF(b, bytes), BH_BUF(q, bytes),
					 BH_BUF(r, bytes) };
		bh_run(h, prog, name, N, 0, 4, args);
		for (size_t i = 0; i < count; i++) {
			int64_t x = get(a + i * size, size, is_signed);
			int64_t y = get(b + i * size, size, is_signed);
			uint64_t wq, wr;
			if (!reference(x, y, size, is_signed, &wq, &wr))
				continue;
			uint64_t gq = (uint64_t)get(q + i * size, size, is_signed);
			uint64_t gr = (uint64_t)get(r + i * size, size, is_signed);
			if ((!same(gq, wq, size) || !same(gr, wr, size)) && bad++ < 10)
				fprintf(stderr, "%s[%zu]: %lld / %lld gave %llu, %llu; want %llu, %llu\n",
					name, i, (long long)x, (long long)y,
					(unsigned long long)gq, (unsigned long long)gr,
					(unsigned long long)wq, (unsigned long long)wr);
		}
		free(a), free(b), free(q), free(r);
	}

	/* constant divisors: -1 (MIN among the inputs), 7, and 0 */
	size_t bytes = (size_t)N * size;
	unsigned char *a = calloc(1, bytes), *q = calloc(1, bytes), *r = calloc(1, bytes),
		      *s = calloc(1, bytes);
	REQUIRE(a && q && r && s);
	for (int i = 0; i < N; i++)
		put(a + i * size, size, i % 3 == 0 ? min : check_rand(seed));
	char name[32];
	snprintf(name, sizeof(name), "const_%s", types[t]);
	struct bh_arg args[] = { BH_BUF(a, bytes), BH_BUF(q, bytes), BH_BUF(r, bytes),
				 BH_BUF(s, bytes) };
	bh_run(h, prog, name, N, 0, 4, args);
	for (int i = 0; i < N; i++) {
		int64_t x = get(a + i * size, size, is_signed);
		uint64_t wq, wr;
		if (reference(x, -1, size, is_signed, &wq, &wr)) {
			uint64_t gq = (uint64_t)get(q + i * size, size, is_signed);
			uint64_t gr = (uint64_t)get(r + i * size, size, is_signed);
			if ((!same(gq, wq, size) || !same(gr, wr, size)) && bad++ < 10)
				fprintf(stderr, "%s[%d]: %lld / -1 gave %llu, %llu\n", name, i,
					(long long)x, (unsigned long long)gq, (unsigned long long)gr);
		}
	}
	free(a), free(q), free(r), free(s);
}

static void test_loop(struct bh *h, cl_program prog)
{
	enum { M = 256, K = 16 };
	static int a[M], b[K], o[M];
	unsigned seed = 9;
	for (int i = 0; i < M; i++)
		a[i] = (int)check_rand(&seed) - (1 << 23);
	for (int k = 0; k < K; k++)
		b[k] = k % 5 == 0 ? 0 : (int)(check_rand(&seed) % 1000) - 500;
	b[3] = 0;
	int n = K;
	struct bh_arg args[] = { BH_BUF(a, sizeof(a)), BH_BUF(b, sizeof(b)), BH_BUF(o, sizeof(o)),
				 BH_SCALAR(&n) };
	bh_run(h, prog, "loop", M, 0, 4, args);
	/* with zero divisors the sum is unspecified; the run must finish.
	 * Then again with no zero divisor: exact. */
	for (int k = 0; k < K; k++)
		if (b[k] == 0)
			b[k] = 3 + k;
	bh_run(h, prog, "loop", M, 0, 4, args);
	for (int i = 0; i < M; i++) {
		int want = 0;
		for (int k = 0; k < K; k++)
			want += a[i] / b[k] + a[i] % b[k];
		if (o[i] != want && bad++ < 10)
			fprintf(stderr, "loop[%d]: %d, want %d\n", i, o[i], want);
	}
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	const char *opts[] = { NULL, "-cl-opt-disable" };
	for (int o = 0; o < 2; o++) {
		cl_program prog = bh_build(&h, src, opts[o]);
		unsigned seed = 1234;
		bad = 0;
		for (int t = 0; t < 8; t++)
			test_type(&h, prog, t, &seed);
		test_loop(&h, prog);
		CHECK(bad == 0);
		clReleaseProgram(prog);
	}
	bh_release(&h);
	return check_done();
}
