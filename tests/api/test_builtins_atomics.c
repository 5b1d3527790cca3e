/* The OpenCL 1.x atomic functions (OpenCL C 3.0 section 6.15.12.9: atomic_*)
 * and the cl_khr_*_int32_*_atomics / cl_khr_int64_*_atomics atom_*
 * functions, on global and local memory.  Many work-items hit a few counters; the final values must be
 * the exact reductions, and the old values returned by inc and xchg must
 * form a permutation, which only atomic updates give. */
#include "builtin_harness.h"

#include <limits.h>
#include <stdint.h>

#define N 1024
#define L 64
#define G (N / L)

static const char *src =
	"#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n"
	"#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable\n"
	"kernel void g32(global int *c, global uint *u, global float *f, global int *in,\n"
	"    global int *old) {\n"
	"  size_t i = get_global_id(0); int v = in[i];\n"
	"  atomic_add(&c[0], v); atomic_sub(&c[1], v);\n"
	"  old[i] = atomic_inc(&c[2]); old[N + i] = atomic_dec(&c[3]);\n"
	"  atomic_min(&c[4], v); atomic_max(&c[5], v);\n"
	"  atomic_and(&c[6], v | 0x7ffff0ff); atomic_or(&c[7], v & 0x00100100);\n"
	"  atomic_xor(&c[8], v);\n"
	"  old[2 * N + i] = atomic_xchg(&c[9], (int)i);\n"
	"  old[3 * N + i] = atomic_cmpxchg(&c[10 + i % 8], 0, (int)i + 1);\n"
	"  atomic_min(&u[0], (uint)v); atomic_max(&u[1], (uint)v);\n"
	"  atom_add(&u[2], (uint)v); atom_inc(&u[3]); atom_xor(&u[4], (uint)v);\n"
	"  old[4 * N + i] = (int)atomic_xchg(&f[0], (float)i);\n"
	"}\n"
	"kernel void l32(global int *in, global int *res, global int *old) {\n"
	"  local int c[5]; local uint u[2];\n"
	"  size_t l = get_local_id(0), g = get_group_id(0), i = get_global_id(0);\n"
	"  if (l == 0) { c[0] = 0; c[1] = INT_MAX; c[2] = 0; c[3] = 0; c[4] = 0; u[0] = 0; u[1] = 0; }\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  int v = in[i];\n"
	"  atomic_add(&c[0], v); atomic_min(&c[1], v); old[i] = atomic_inc(&c[2]);\n"
	"  atomic_xor(&c[3], v); atomic_cmpxchg(&c[4], 0, (int)l + 1);\n"
	"  atomic_max(&u[0], (uint)v); atom_add(&u[1], 1u);\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  if (l == 0) { for (int k = 0; k < 5; k++) res[7 * g + k] = c[k];\n"
	"    res[7 * g + 5] = (int)u[0]; res[7 * g + 6] = (int)u[1]; }\n"
	"}\n"
	"kernel void g64(global long *c, global ulong *u, global long *in, global long *old) {\n"
	"  size_t i = get_global_id(0); long v = in[i];\n"
	"  atom_add(&c[0], v); atom_sub(&c[1], v); old[i] = atom_inc(&c[2]);\n"
	"  atom_min(&c[3], v); atom_max(&c[4], v); atom_xor(&c[5], v);\n"
	"  atom_and(&c[6], v | 0x7fffffff0fffffffL); atom_or(&c[7], v & 0x0010000000000100L);\n"
	"  old[N + i] = atom_xchg(&c[8], (long)i);\n"
	"  old[2 * N + i] = atom_cmpxchg(&c[9 + i % 4], 0L, (long)i + 1);\n"
	"  atom_min(&u[0], (ulong)v); atom_max(&u[1], (ulong)v); atom_dec(&u[2]);\n"
	"}\n"
	"kernel void l64(global long *in, global long *res) {\n"
	"  local long c[2]; local ulong u[1];\n"
	"  size_t l = get_local_id(0), g = get_group_id(0);\n"
	"  if (l == 0) { c[0] = 0; c[1] = LONG_MIN; u[0] = ULONG_MAX; }\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  long v = in[get_global_id(0)];\n"
	"  atom_add(&c[0], v); atom_max(&c[1], v); atom_min(&u[0], (ulong)v);\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  if (l == 0) { res[3 * g] = c[0]; res[3 * g + 1] = c[1]; res[3 * g + 2] = (long)u[0]; }\n"
	"}\n";

/* Whether vals[0..n) is a permutation of first..first+n-1 (step +-1). */
static int is_permutation(const cl_int *vals, int n, int first, int step)
{
	static unsigned char seen[N + 1];
	memset(seen, 0, sizeof(seen));
	for (int i = 0; i < n; i++) {
		long long k = ((long long)vals[i] - first) * step;
		if (k < 0 || k >= n || seen[k])
			return 0;
		seen[k] = 1;
	}
	return 1;
}

static void test_32(struct bh *h, cl_program prog, const cl_int *in)
{
	cl_int c[18] = { 5, 7, 0, 0, INT_MAX, INT_MIN, -1, 0, 0x1234, -1 };
	cl_uint u[5] = { UINT_MAX, 0, 0, 0, 0 };
	cl_float f[1] = { -1.0f };
	static cl_int old[5 * N];
	struct bh_arg args[] = { BH_BUF(c, sizeof(c)), BH_BUF(u, sizeof(u)), BH_BUF(f, sizeof(f)),
				 BH_BUF((void *)in, N * sizeof(cl_int)), BH_BUF(old, sizeof(old)) };
	bh_run(h, prog, "g32", N, L, 5, args);
	int32_t sum = 0, mn = INT_MAX, mx = INT_MIN, an = -1, orr = 0, x = 0x1234;
	uint32_t umn = UINT_MAX, umx = 0, ux = 0;
	for (int i = 0; i < N; i++) {
		sum = (int32_t)((uint32_t)sum + (uint32_t)in[i]);
		mn = in[i] < mn ? in[i] : mn;
		mx = in[i] > mx ? in[i] : mx;
		an &= in[i] | 0x7ffff0ff;
		orr |= in[i] & 0x00100100;
		x ^= in[i];
		umn = (uint32_t)in[i] < umn ? (uint32_t)in[i] : umn;
		umx = (uint32_t)in[i] > umx ? (uint32_t)in[i] : umx;
		ux ^= (uint32_t)in[i];
	}
	CHECK(c[0] == (cl_int)((uint32_t)sum + 5));
	CHECK(c[1] == (cl_int)(7u - (uint32_t)sum));
	CHECK(c[2] == N && is_permutation(old, N, 0, 1));
	CHECK(c[3] == -N && is_permutation(old + N, N, 0, -1));
	CHECK(c[4] == mn && c[5] == mx);
	CHECK(c[6] == an && c[7] == orr && c[8] == x);
	/* xchg: the old values and the final value are -1 and 0..N-1. */
	static cl_int all[N + 1];
	memcpy(all, old + 2 * N, N * sizeof(cl_int));
	all[N] = c[9];
	int found_init = 0;
	for (int i = 0; i <= N; i++)
		if (all[i] == -1) {
			all[i] = all[N];
			found_init = 1;
			break;
		}
	CHECK(found_init && is_permutation(all, N, 0, 1));
	/* cmpxchg: one winner per slot, which saw 0 and stored its id + 1. */
	for (int s = 0; s < 8; s++) {
		int winners = 0, ok = 0;
		for (int i = s; i < N; i += 8)
			if (old[3 * N + i] == 0) {
				winners++;
				ok = c[10 + s] == i + 1;
			} else {
				ok |= 0;
			}
		CHECK(winners == 1 && ok);
	}
	CHECK(u[0] == umn && u[1] == umx);
	CHECK(u[2] == (uint32_t)sum && u[3] == N && u[4] == ux);
	/* float xchg: old values are -1 and all but one of 0..N-1, as floats */
	static cl_int fold[N + 1];
	memcpy(fold, old + 4 * N, N * sizeof(cl_int));
	fold[N] = (cl_int)f[0];
	for (int i = 0; i <= N; i++)
		if (fold[i] == -1) {
			fold[i] = fold[N];
			break;
		}
	CHECK(is_permutation(fold, N, 0, 1));
}

static void test_local32(struct bh *h, cl_program prog, const cl_int *in)
{
	static cl_int res[7 * G], old[N];
	struct bh_arg args[] = { BH_BUF((void *)in, N * sizeof(cl_int)), BH_BUF(res, sizeof(res)),
				 BH_BUF(old, sizeof(old)) };
	bh_run(h, prog, "l32", N, L, 3, args);
	for (int g = 0; g < G; g++) {
		uint32_t sum = 0, umx = 0;
		int32_t mn = INT_MAX, x = 0;
		for (int l = 0; l < L; l++) {
			cl_int v = in[g * L + l];
			sum += (uint32_t)v;
			mn = v < mn ? v : mn;
			x ^= v;
			umx = (uint32_t)v > umx ? (uint32_t)v : umx;
		}
		CHECK(res[7 * g] == (cl_int)sum && res[7 * g + 1] == mn && res[7 * g + 2] == L);
		CHECK(res[7 * g + 3] == x && res[7 * g + 4] >= 1 && res[7 * g + 4] <= L);
		CHECK((uint32_t)res[7 * g + 5] == umx && res[7 * g + 6] == L);
		CHECK(is_permutation(old + g * L, L, 0, 1));
	}
}

static void test_64(struct bh *h, cl_program prog)
{
	static cl_long in[N], old[3 * N], res[3 * G];
	for (int i = 0; i < N; i++)
		in[i] = (cl_long)bh_rand() >> (bh_rand() % 40);
	in[3] = LLONG_MIN, in[4] = LLONG_MAX, in[5] = -1;
	cl_long c[13] = { 1, 2, 0, LLONG_MAX, LLONG_MIN, 0, -1, 0, -1 };
	cl_ulong u[3] = { ULLONG_MAX, 0, 0 };
	struct bh_arg args[] = { BH_BUF(c, sizeof(c)), BH_BUF(u, sizeof(u)), BH_BUF(in, sizeof(in)),
				 BH_BUF(old, sizeof(old)) };
	bh_run(h, prog, "g64", N, L, 4, args);
	uint64_t sum = 0, umn = ULLONG_MAX, umx = 0;
	int64_t mn = LLONG_MAX, mx = LLONG_MIN, x = 0, an = -1, orr = 0;
	for (int i = 0; i < N; i++) {
		sum += (uint64_t)in[i];
		mn = in[i] < mn ? in[i] : mn;
		mx = in[i] > mx ? in[i] : mx;
		x ^= in[i];
		an &= in[i] | 0x7fffffff0fffffffLL;
		orr |= in[i] & 0x0010000000000100LL;
		umn = (uint64_t)in[i] < umn ? (uint64_t)in[i] : umn;
		umx = (uint64_t)in[i] > umx ? (uint64_t)in[i] : umx;
	}
	CHECK(c[0] == (cl_long)(sum + 1) && c[1] == (cl_long)(2 - sum) && c[2] == N);
	CHECK(c[3] == mn && c[4] == mx && c[5] == x && c[6] == an && c[7] == orr);
	int perm = 1;
	static unsigned char seen[N];
	memset(seen, 0, sizeof(seen));
	for (int i = 0; i < N; i++) {
		if (old[i] < 0 || old[i] >= N || seen[old[i]])
			perm = 0;
		else
			seen[old[i]] = 1;
	}
	CHECK(perm);
	int found = 0;
	for (int i = 0; i < N; i++)
		found += old[N + i] == -1;
	CHECK(found == 1 && c[8] >= 0 && c[8] < N);
	for (int s = 0; s < 4; s++) {
		int winners = 0;
		for (int i = s; i < N; i += 4)
			if (old[2 * N + i] == 0)
				winners += c[9 + s] == i + 1 ? 1 : 100;
		CHECK(winners == 1);
	}
	CHECK(u[0] == umn && u[1] == umx && u[2] == (cl_ulong)-N);

	struct bh_arg largs[] = { BH_BUF(in, sizeof(in)), BH_BUF(res, sizeof(res)) };
	bh_run(h, prog, "l64", N, L, 2, largs);
	for (int g = 0; g < G; g++) {
		uint64_t s = 0, m = ULLONG_MAX;
		int64_t mxg = LLONG_MIN;
		for (int l = 0; l < L; l++) {
			s += (uint64_t)in[g * L + l];
			mxg = in[g * L + l] > mxg ? in[g * L + l] : mxg;
			m = (uint64_t)in[g * L + l] < m ? (uint64_t)in[g * L + l] : m;
		}
		CHECK(res[3 * g] == (cl_long)s && res[3 * g + 1] == mxg && (uint64_t)res[3 * g + 2] == m);
	}
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	REQUIRE(bh_has_extension(&h, "cl_khr_int64_base_atomics"));
	REQUIRE(bh_has_extension(&h, "cl_khr_int64_extended_atomics"));
	static cl_int in[N];
	for (int i = 0; i < N; i++)
		in[i] = (cl_int)bh_rand();
	in[0] = INT_MIN, in[1] = INT_MAX, in[2] = 0, in[3] = -1;
	cl_program prog = bh_build(&h, src, "-DN=1024");
	test_32(&h, prog, in);
	test_local32(&h, prog, in);
	test_64(&h, prog);
	clReleaseProgram(prog);
	bh_release(&h);
	return check_done();
}
