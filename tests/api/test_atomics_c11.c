/* The C11 atomic functions of OpenCL C 3.0 §6.15.12 and cl_ext_float_atomics:
 * every fetch_<op>, exchange, compare-exchange (strong, weak), load, store,
 * init and flag function, in the implicit form and the _explicit forms with
 * every memory order and scope the device reports, for atomic_int, uint,
 * long, ulong, float, double (and the intptr_t/uintptr_t/size_t/ptrdiff_t
 * names), on global and local objects reached through generic pointers and
 * directly.  Results are checked against host computations: totals of
 * lock-free counters across work-groups, fetch_min/max, the old values
 * fetch_add and exchange return (a permutation: only atomic updates give
 * one), one winner per compare-exchange, compare-exchange loops; then
 * message passing between work-groups with release/acquire (operations and
 * fences), and a spin lock built on atomic_flag that every work-item takes
 * in turn.  The device's atomic capabilities and OpenCL C features must
 * list every order and scope. */
#include "builtin_harness.h"

#include <math.h>
#include <stdint.h>

/* cl_ext_float_atomics queries (Debian's headers predate them) */
#ifndef CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT
#define CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT 0x4231
#define CL_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT 0x4232
#define CL_DEVICE_HALF_FP_ATOMIC_CAPABILITIES_EXT 0x4233
#endif

#define N 4096
#define L 64
#define G (N / L)
#define NC 13 /* counters */
#define NO 5  /* old values per work-item */

/* The (order, scope) pairs every form is used with: all read-modify-write
 * orders with every scope, plus the implicit and two-argument forms. */
static const char *ops_src =
	"#define SCOPES(X, o) X(o, memory_scope_work_group) X(o, memory_scope_device)\\\n"
	"  X(o, memory_scope_all_svm_devices) X(o, memory_scope_all_devices) SG(X, o)\n"
	"#ifdef __opencl_c_subgroups\n"
	"#define SG(X, o) X(o, memory_scope_sub_group)\n"
	"#else\n"
	"#define SG(X, o)\n"
	"#endif\n"
	"#define RMW_FORMS(X) SCOPES(X, memory_order_relaxed) SCOPES(X, memory_order_acquire)\\\n"
	"  SCOPES(X, memory_order_release) SCOPES(X, memory_order_acq_rel) SCOPES(X, memory_order_seq_cst)\n"
	"#define LOAD_FORMS(X) SCOPES(X, memory_order_relaxed) SCOPES(X, memory_order_acquire)\\\n"
	"  SCOPES(X, memory_order_seq_cst)\n"
	"#define STORE_FORMS(X) SCOPES(X, memory_order_relaxed) SCOPES(X, memory_order_release)\\\n"
	"  SCOPES(X, memory_order_seq_cst)\n"
	"#define A(x) atomic_##x\n"
	"#define AT(t) A(t)\n"
	"typedef AT(T) AT_T;\n"
	"#if IS_INT\n"
	"#define INT_OPS(o, s) atomic_fetch_or_explicit(&c[2], v & (T)0x0f0f, o, s);\\\n"
	"  atomic_fetch_xor_explicit(&c[3], v, o, s);\\\n"
	"  atomic_fetch_and_explicit(&c[4], v | ~(T)0x0ff0, o, s);\n"
	"#else\n"
	"#define INT_OPS(o, s)\n"
	"#endif\n"
	"#define RMW(o, s) atomic_fetch_add_explicit(&c[0], v, o, s);\\\n"
	"  atomic_fetch_sub_explicit(&c[1], v, o, s); INT_OPS(o, s)\\\n"
	"  atomic_fetch_min_explicit(&c[5], v, o, s); atomic_fetch_max_explicit(&c[6], v, o, s);\n"
	"#define STORE(o, s) atomic_store_explicit(&c[11], (T)7, o, s);\n"
	"#define LOAD(o, s) loads += atomic_load_explicit(&c[11], o, s);\n"
	/* c is a generic pointer: the kernels pass global and local objects. */
	"void ops(volatile AT_T *c, T v, T id, global T *old) {\n"
	"  RMW_FORMS(RMW)\n"
	"  atomic_fetch_add(&c[0], v); atomic_fetch_add_explicit(&c[0], v, memory_order_relaxed);\n"
	"  atomic_fetch_sub(&c[1], v); atomic_fetch_sub_explicit(&c[1], v, memory_order_relaxed);\n"
	"#if IS_INT\n"
	"  atomic_fetch_or(&c[2], v & (T)0x0f0f); atomic_fetch_or_explicit(&c[2], v & (T)0x0f0f, memory_order_relaxed);\n"
	"  atomic_fetch_xor(&c[3], v); atomic_fetch_xor_explicit(&c[3], v, memory_order_relaxed);\n"
	"  atomic_fetch_and(&c[4], v | ~(T)0x0ff0); atomic_fetch_and_explicit(&c[4], v | ~(T)0x0ff0, memory_order_relaxed);\n"
	"#endif\n"
	"  atomic_fetch_min(&c[5], v); atomic_fetch_max_explicit(&c[6], v, memory_order_acq_rel);\n"
	"  old[0] = atomic_fetch_add_explicit(&c[7], (T)1, memory_order_acq_rel, memory_scope_device);\n"
	"  int k = (int)id & 3;\n"
	"  if (k == 0) old[1] = atomic_exchange(&c[8], id + (T)1);\n"
	"  else if (k == 1) old[1] = atomic_exchange_explicit(&c[8], id + (T)1, memory_order_acq_rel);\n"
	"  else if (k == 2) old[1] = atomic_exchange_explicit(&c[8], id + (T)1, memory_order_release, memory_scope_device);\n"
	"  else old[1] = atomic_exchange_explicit(&c[8], id + (T)1, memory_order_relaxed, memory_scope_all_devices);\n"
	/* a compare-exchange loop (weak, may fail spuriously) adding v */
	"  T e = atomic_load_explicit(&c[9], memory_order_relaxed);\n"
	"  while (!atomic_compare_exchange_weak_explicit(&c[9], &e, e + v, memory_order_acq_rel,\n"
	"                                                memory_order_relaxed, memory_scope_device))\n"
	"    ;\n"
	/* one winner: expected 0 succeeds once; the others see its value */
	"  T x = 0;\n"
	"  old[2] = atomic_compare_exchange_strong(&c[10], &x, id + (T)1);\n"
	"  old[3] = x;\n"
	"  T y = (T)-5, z = (T)-5;\n"
	"  atomic_compare_exchange_strong_explicit(&c[10], &y, (T)0, memory_order_seq_cst, memory_order_acquire);\n"
	"  atomic_compare_exchange_weak(&c[10], &z, (T)0);\n"
	"  atomic_compare_exchange_strong_explicit(&c[10], &z, z, memory_order_acq_rel, memory_order_relaxed, memory_scope_work_group);\n"
	"  if (y != x || z != x) old[3] = (T)-1;\n"
	"  T loads = 0;\n"
	"  STORE_FORMS(STORE) atomic_store(&c[11], (T)7); atomic_store_explicit(&c[11], (T)7, memory_order_release);\n"
	"  LOAD_FORMS(LOAD) loads += atomic_load(&c[11]) + atomic_load_explicit(&c[11], memory_order_acquire);\n"
	"  old[4] = loads;\n"
	"}\n"
	"kernel void glob(global AT_T *c, global const T *in, global T *old) {\n"
	"  size_t i = get_global_id(0);\n"
	"  ops(c, in[i], (T)i, old + NO * i);\n"
	"  if (i == 0) atomic_init(&c[12], (T)42);\n"
	"}\n"
	"kernel void loc(global const T *init, global const T *in, global T *old, global T *res) {\n"
	"  local AT_T c[NC];\n"
	"  size_t l = get_local_id(0), g = get_group_id(0);\n"
	"  if (l == 0) for (int k = 0; k < NC; k++) atomic_init(&c[k], init[k]);\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  ops(c, in[get_global_id(0)], (T)l, old + NO * get_global_id(0));\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  if (l == 0) for (int k = 0; k < NC; k++)\n"
	"    res[NC * g + k] = atomic_load_explicit(&c[k], memory_order_relaxed, memory_scope_work_group);\n"
	"}\n";

struct type {
	const char *name, *ctype;
	int size, is_signed, is_float;
};

static const struct type types[] = {
	{ "int", "int", 4, 1, 0 },      { "uint", "uint", 4, 0, 0 },
	{ "long", "long", 8, 1, 0 },    { "ulong", "ulong", 8, 0, 0 },
	{ "float", "float", 4, 1, 1 },  { "double", "double", 8, 1, 1 },
	/* the same types under their §6.15.12.6 names */
	{ "intptr_t", "intptr_t", 8, 1, 0 }, { "uintptr_t", "uintptr_t", 8, 0, 0 },
	{ "size_t", "size_t", 8, 0, 0 },     { "ptrdiff_t", "ptrdiff_t", 8, 1, 0 },
};

/* Values of any of the types, as the host computes with them. */
static double getf(const struct type *t, const void *b, int i)
{
	return t->size == 4 ? ((const float *)b)[i] : ((const double *)b)[i];
}
static uint64_t getu(const struct type *t, const void *b, int i)
{
	if (t->size == 4)
		return t->is_signed ? (uint64_t)(int64_t)((const int32_t *)b)[i]
				    : ((const uint32_t *)b)[i];
	return ((const uint64_t *)b)[i];
}
static void put(const struct type *t, void *b, int i, double f, uint64_t u)
{
	if (t->is_float) {
		if (t->size == 4)
			((float *)b)[i] = (float)f;
		else
			((double *)b)[i] = f;
	} else if (t->size == 4) {
		((uint32_t *)b)[i] = (uint32_t)u;
	} else {
		((uint64_t *)b)[i] = u;
	}
}
/* a < b in the type's order */
static int less(const struct type *t, uint64_t a, uint64_t b)
{
	if (t->is_signed)
		return (int64_t)a < (int64_t)b;
	return a < b;
}
static uint64_t mask(const struct type *t)
{
	return t->size == 4 ? 0xffffffffull : ~0ull;
}

/* The scopes in SCOPES above: 4, and sub_group when reported. */
static int num_scopes(struct bh *h)
{
	cl_name_version nv[64];
	size_t sz = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_OPENCL_C_FEATURES, sizeof(nv), nv, &sz));
	for (size_t i = 0; i < sz / sizeof(nv[0]); i++)
		if (strcmp(nv[i].name, "__opencl_c_subgroups") == 0)
			return 5;
	return 4;
}

/* Reference for one group of work-items [first, first + n) starting from
 * `init`, against `got` (NC counters) and the old values. */
static void check_counters(const struct type *t, const void *in, int first, int n,
			   const void *init, const void *got, int got_at, const void *old,
			   int forms, int ids_from_zero)
{
	int loads = 3 * (forms / 5) + 2;
	if (t->is_float) {
		double add = getf(t, init, 0), sub = getf(t, init, 1), cas = getf(t, init, 9);
		double mn = getf(t, init, 5), mx = getf(t, init, 6);
		for (int i = first; i < first + n; i++) {
			double v = getf(t, in, i);
			add += (forms + 2) * v;
			sub -= (forms + 2) * v;
			cas += v;
			mn = v < mn ? v : mn;
			mx = v > mx ? v : mx;
		}
		CHECK(getf(t, got, got_at + 0) == add);
		CHECK(getf(t, got, got_at + 1) == sub);
		CHECK(getf(t, got, got_at + 5) == mn && getf(t, got, got_at + 6) == mx);
		CHECK(getf(t, got, got_at + 9) == cas);
		CHECK(getf(t, got, got_at + 11) == 7.0);
	} else {
		uint64_t m = mask(t);
		uint64_t add = getu(t, init, 0), sub = getu(t, init, 1), orr = getu(t, init, 2);
		uint64_t x = getu(t, init, 3), an = getu(t, init, 4), cas = getu(t, init, 9);
		uint64_t mn = getu(t, init, 5), mx = getu(t, init, 6);
		for (int i = first; i < first + n; i++) {
			uint64_t v = getu(t, in, i);
			add += (uint64_t)(forms + 2) * v;
			sub -= (uint64_t)(forms + 2) * v;
			orr |= v & 0x0f0f;
			/* forms + 2 xors of v: v once when that count is odd */
			if ((forms + 2) & 1)
				x ^= v;
			an &= v | (~(uint64_t)0x0ff0 & m);
			cas += v;
			mn = less(t, v, mn) ? v : mn;
			mx = less(t, mx, v) ? v : mx;
		}
		CHECK((getu(t, got, got_at + 0) & m) == (add & m));
		CHECK((getu(t, got, got_at + 1) & m) == (sub & m));
		CHECK((getu(t, got, got_at + 2) & m) == (orr & m));
		CHECK((getu(t, got, got_at + 3) & m) == (x & m));
		CHECK((getu(t, got, got_at + 4) & m) == (an & m));
		CHECK((getu(t, got, got_at + 5) & m) == (mn & m));
		CHECK((getu(t, got, got_at + 6) & m) == (mx & m));
		CHECK((getu(t, got, got_at + 9) & m) == (cas & m));
		CHECK(getu(t, got, got_at + 11) == 7);
	}
	/* fetch_add(1) from 0 and exchange(id + 1) from 0: permutations */
	static unsigned char seen[N + 1], seenx[N + 2];
	memset(seen, 0, sizeof(seen));
	memset(seenx, 0, sizeof(seenx));
	int perm = 1, winners = 0, winner = -1, losers_ok = 1, loads_ok = 1;
	for (int i = first; i < first + n; i++) {
		long long a = t->is_float ? (long long)getf(t, old, NO * i) : (long long)getu(t, old, NO * i);
		long long b = t->is_float ? (long long)getf(t, old, NO * i + 1)
					  : (long long)getu(t, old, NO * i + 1);
		if (a < 0 || a >= n || seen[a]++)
			perm = 0;
		if (b < 0 || b > n || seenx[b]++)
			perm = 0;
		int ok = t->is_float ? getf(t, old, NO * i + 2) != 0 : getu(t, old, NO * i + 2) != 0;
		int id = ids_from_zero ? i - first : i;
		if (ok) {
			winners++;
			winner = id;
		}
		double l = t->is_float ? getf(t, old, NO * i + 4) : (double)getu(t, old, NO * i + 4);
		loads_ok &= l == 7.0 * loads;
	}
	for (int i = first; i < first + n && winner >= 0; i++) {
		int ok = t->is_float ? getf(t, old, NO * i + 2) != 0 : getu(t, old, NO * i + 2) != 0;
		double e = t->is_float ? getf(t, old, NO * i + 3) : (double)getu(t, old, NO * i + 3);
		if (!ok && e != winner + 1)
			losers_ok = 0;
	}
	double c7 = t->is_float ? getf(t, got, got_at + 7) : (double)getu(t, got, got_at + 7);
	double c10 = t->is_float ? getf(t, got, got_at + 10) : (double)getu(t, got, got_at + 10);
	CHECK(perm && c7 == n);
	CHECK(winners == 1 && c10 == winner + 1 && losers_ok);
	CHECK(loads_ok);
}

static void test_type(struct bh *h, const struct type *t, int forms)
{
	char opts[256];
	snprintf(opts, sizeof(opts),
		 "-cl-std=CL3.0 -DT=%s -DIS_INT=%d -DNC=%d -DNO=%d", t->ctype, !t->is_float, NC, NO);
	cl_program prog = bh_build(h, ops_src, opts);
	static unsigned char in[N * 8], init[NC * 8], c[NC * 8], old[N * NO * 8], res[G * NC * 8];
	unsigned seed = 99;
	for (int i = 0; i < N; i++) {
		uint64_t r = ((uint64_t)check_rand(&seed) << 40) ^ ((uint64_t)check_rand(&seed) << 16) ^
			     check_rand(&seed);
		put(t, in, i, (double)((int)(r % 64) - 24) * 0.5, r);
	}
	/* counters start: add, sub, or, xor, and, min, max, 7: 0, 8: 0, cas,
	 * cmpxchg 0, store 7, init (overwritten) */
	double f0[NC] = { 3, -2, 0, 0, 0, 1e9, -1e9, 0, 0, 1.5, 0, 7, 0 };
	uint64_t u0[NC] = { 5, 9, 0x1000, 0x1234, ~0ull, t->is_signed ? (uint64_t)INT64_MAX >> (64 - 8 * t->size) : ~0ull,
			    t->is_signed ? (uint64_t)(-(int64_t)((uint64_t)INT64_MAX >> (64 - 8 * t->size)) - 1) : 0,
			    0, 0, 77, 0, 7, 0 };
	for (int k = 0; k < NC; k++)
		put(t, init, k, f0[k], u0[k]);

	memcpy(c, init, sizeof(c));
	struct bh_arg gargs[] = { BH_BUF(c, NC * t->size), BH_BUF(in, N * t->size),
				  BH_BUF(old, N * NO * t->size) };
	bh_run(h, prog, "glob", N, L, 3, gargs);
	check_counters(t, in, 0, N, init, c, 0, old, forms, 0);
	CHECK(t->is_float ? getf(t, c, 12) == 42 : getu(t, c, 12) == 42);

	struct bh_arg largs[] = { BH_BUF(init, NC * t->size), BH_BUF(in, N * t->size),
				  BH_BUF(old, N * NO * t->size), BH_BUF(res, G * NC * t->size) };
	bh_run(h, prog, "loc", N, L, 4, largs);
	for (int g = 0; g < G; g++)
		check_counters(t, in, g * L, L, init, res, g * NC, old, forms, 1);
	clReleaseProgram(prog);
}

/* Message passing between work-groups (§6.15.12.3, release/acquire): each
 * work-item publishes data then a flag; a reader that sees a flag with
 * acquire must see the data.  Readers never wait (the spec promises no
 * forward progress between work-groups), so the check is on what they
 * saw; the same with relaxed flags and fences (§6.15.12.1).  Then a spin
 * lock on an atomic_flag per target that work-items of every group take
 * in turn: each holder does a non-atomic read-modify-write. */
static const char *sync_src =
	"kernel void mp(global int *data, global atomic_int *flag, global int *bad, int fences) {\n"
	"  int i = get_global_id(0), n = get_global_size(0);\n"
	"  data[i] = i * 3 + 1;\n"
	"  if (fences) {\n"
	"    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);\n"
	"    atomic_store_explicit(&flag[i], 1, memory_order_relaxed, memory_scope_device);\n"
	"  } else {\n"
	"    atomic_store_explicit(&flag[i], 1, memory_order_release, memory_scope_device);\n"
	"  }\n"
	"  int seen = 0, wrong = 0;\n"
	"  for (int k = 1; k < 8; k++) {\n"
	"    int j = (i + k * (n / 8) + 1) % n;\n"
	"    int f;\n"
	"    if (fences) {\n"
	"      f = atomic_load_explicit(&flag[j], memory_order_relaxed, memory_scope_device);\n"
	"      atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);\n"
	"    } else {\n"
	"      f = atomic_load_explicit(&flag[j], memory_order_acquire, memory_scope_device);\n"
	"    }\n"
	"    if (f) { seen++; wrong += data[j] != j * 3 + 1; }\n"
	"  }\n"
	"  bad[2 * i] = wrong; bad[2 * i + 1] = seen;\n"
	"  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, memory_order_seq_cst, memory_scope_work_item);\n"
	"  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_acq_rel, memory_scope_work_group);\n"
	"}\n"
	"kernel void lock(global atomic_flag *locks, global int *counts, int rounds) {\n"
	"  int i = get_global_id(0);\n"
	"  for (int r = 0; r < rounds; r++) {\n"
	"    int t = (i + r) % 4;\n"
	"    while (atomic_flag_test_and_set_explicit(&locks[t], memory_order_acquire, memory_scope_device))\n"
	"      ;\n"
	"    counts[t] = counts[t] + 1;\n"
	"    atomic_flag_clear_explicit(&locks[t], memory_order_release, memory_scope_device);\n"
	"  }\n"
	/* a work-group scope lock in local memory: one work-item at a time */
	"  local atomic_flag lf; local int lc;\n"
	"  if (get_local_id(0) == 0) { atomic_flag_clear(&lf); lc = 0; }\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  for (int r = 0; r < rounds; r++) {\n"
	"    while (atomic_flag_test_and_set_explicit(&lf, memory_order_acq_rel, memory_scope_work_group))\n"
	"      ;\n"
	"    lc = lc + 1;\n"
	"    atomic_flag_clear_explicit(&lf, memory_order_seq_cst, memory_scope_work_group);\n"
	"  }\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  if (get_local_id(0) == 0) counts[4 + get_group_id(0)] = lc;\n"
	"  atomic_flag_test_and_set(&locks[4]);\n"
	"}\n";

static void test_sync(struct bh *h)
{
	cl_program prog = bh_build(h, sync_src, "-cl-std=CL3.0");
	static int data[N], flag[N], bad[2 * N];
	for (int fences = 0; fences < 2; fences++) {
		memset(flag, 0, sizeof(flag));
		struct bh_arg args[] = { BH_BUF(data, sizeof(data)), BH_BUF(flag, sizeof(flag)),
					 BH_BUF(bad, sizeof(bad)), BH_SCALAR(&fences) };
		bh_run(h, prog, "mp", N, L, 4, args);
		long wrong = 0, seen = 0;
		for (int i = 0; i < N; i++) {
			wrong += bad[2 * i];
			seen += bad[2 * i + 1];
			CHECK(flag[i] == 1 && data[i] == i * 3 + 1);
		}
		CHECK(wrong == 0);
		printf("message passing (%s): %ld flags seen set of %d looks, none stale\n",
		       fences ? "fences" : "acquire/release", seen, 7 * N);
	}
	int rounds = 16;
	static int counts[4 + G + 1], locks[5];
	memset(counts, 0, sizeof(counts));
	memset(locks, 0, sizeof(locks));
	struct bh_arg largs[] = { BH_BUF(locks, sizeof(locks)), BH_BUF(counts, sizeof(counts)),
				  BH_SCALAR(&rounds) };
	bh_run(h, prog, "lock", N, L, 3, largs);
	int total = 0;
	for (int t = 0; t < 4; t++)
		total += counts[t];
	CHECK(total == N * rounds);
	for (int t = 0; t < 4; t++)
		CHECK(counts[t] == N * rounds / 4);
	for (int g = 0; g < G; g++)
		CHECK(counts[4 + g] == L * rounds);
	CHECK(locks[0] == 0 && locks[3] == 0 && locks[4] != 0);
	clReleaseProgram(prog);
}

/* §4.2: every order and scope (the goal of a CPU device: all of them), the
 * feature macros that go with them, and cl_ext_float_atomics. */
static void test_caps(struct bh *h)
{
	cl_device_atomic_capabilities mem = 0, fence = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof(mem), &mem,
				 NULL));
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, sizeof(fence),
				 &fence, NULL));
	cl_device_atomic_capabilities all = CL_DEVICE_ATOMIC_ORDER_RELAXED |
		CL_DEVICE_ATOMIC_ORDER_ACQ_REL | CL_DEVICE_ATOMIC_ORDER_SEQ_CST |
		CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP | CL_DEVICE_ATOMIC_SCOPE_DEVICE |
		CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES;
	CHECK(mem == all); /* work_item is for fences only (§4.2) */
	CHECK(fence == (all | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM));
	cl_name_version nv[64];
	size_t sz = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_OPENCL_C_FEATURES, sizeof(nv), nv, &sz));
	static const char *const want[] = {
		"__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_order_seq_cst",
		"__opencl_c_atomic_scope_device", "__opencl_c_atomic_scope_all_devices",
		"__opencl_c_ext_fp32_global_atomic_add", "__opencl_c_ext_fp32_local_atomic_add",
		"__opencl_c_ext_fp32_global_atomic_min_max", "__opencl_c_ext_fp32_local_atomic_min_max",
		"__opencl_c_ext_fp64_global_atomic_add", "__opencl_c_ext_fp64_local_atomic_min_max",
	};
	for (size_t w = 0; w < sizeof(want) / sizeof(want[0]); w++) {
		int found = 0;
		for (size_t i = 0; i < sz / sizeof(nv[0]); i++)
			found |= strcmp(nv[i].name, want[w]) == 0;
		if (!found)
			fprintf(stderr, "missing feature %s\n", want[w]);
		CHECK(found);
	}
	CHECK(bh_has_extension(h, "cl_ext_float_atomics"));
	cl_bitfield fp32 = 0, fp64 = 0, fp16 = 1;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT,
				 sizeof(fp32), &fp32, NULL));
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT,
				 sizeof(fp64), &fp64, NULL));
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_HALF_FP_ATOMIC_CAPABILITIES_EXT,
				 sizeof(fp16), &fp16, NULL));
	/* load/store, add, min/max in global (bits 0-2) and local (16-18) */
	CHECK(fp32 == 0x70007 && fp64 == 0x70007 && fp16 == 0);
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	test_caps(&h);
	int forms = 5 * num_scopes(&h);
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		test_type(&h, &types[i], forms);
	test_sync(&h);
	bh_release(&h);
	return check_done();
}
