/* kiln-limits: native throughput limits of this machine (see kiln-limits.h).
 * Built into kiln-bench-compute, and on its own as kiln-limits, which
 * prints every figure.
 *
 * The kernels use GCC vector types inside functions compiled for one ISA
 * level each (target attributes), and the widest level the CPU has is
 * picked at run time (__builtin_cpu_supports): -march=native would tie the
 * binary to the build machine, and the packed build also runs elsewhere. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "kiln-limits.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define RUNS 5
#define MAX_RUNS 100
#define NACC 10 /* independent accumulators: > latency x units of any FMA/IMUL here */

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int kiln_limits_threads(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}

enum isa { ISA_SSE2, ISA_AVX2, ISA_AVX512 };

static enum isa best_isa(void)
{
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
	    __builtin_cpu_supports("avx512vl"))
		return ISA_AVX512;
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
		return ISA_AVX2;
	return ISA_SSE2;
}

const char *kiln_limits_isa(void)
{
	static const char *names[] = { "SSE2", "AVX2", "AVX-512" };
	return names[best_isa()];
}

/* Results land here so that no loop is dead. */
static volatile uint64_t sink;

/* ---- the threads ------------------------------------------------------- */

struct job {
	uint64_t (*fn)(uint64_t iters, unsigned tid, void *arg);
	uint64_t iters;
	void *arg;
	unsigned tid;
	pthread_barrier_t *start;
	double t0, t1;
};

static void *job_main(void *p)
{
	struct job *j = p;
	pthread_barrier_wait(j->start);
	j->t0 = now_s();
	sink += j->fn(j->iters, j->tid, j->arg);
	j->t1 = now_s();
	return NULL;
}

/* Runs fn on every core at once; the best wall time, seconds,
 * from the first thread's start to the last one's end (each thread notes
 * its own times: on a loaded machine the caller may run late). */
static double on_all_cores(uint64_t (*fn)(uint64_t, unsigned, void *), uint64_t iters,
			   void *arg)
{
	int n = kiln_limits_threads();
	pthread_t *th = calloc(n, sizeof(*th));
	struct job *jobs = calloc(n, sizeof(*jobs));
	double best = 1e30;
	if (!th || !jobs)
		goto out;
	/* Like the OpenCL figures: the best of at least RUNS runs, more (up to
	 * MAX_RUNS) while they took less than a second, so that on a shared
	 * machine a quiet moment is found for short runs as for the kernels. */
	double start = now_s();
	for (int r = 0; r < RUNS || (r < MAX_RUNS && now_s() - start < 1.0); r++) {
		pthread_barrier_t start;
		pthread_barrier_init(&start, NULL, n + 1);
		for (int i = 0; i < n; i++) {
			jobs[i] = (struct job){ fn, iters, arg, (unsigned)i, &start, 0, 0 };
			pthread_create(&th[i], NULL, job_main, &jobs[i]);
		}
		pthread_barrier_wait(&start);
		double t0 = 1e30, t1 = 0;
		for (int i = 0; i < n; i++) {
			pthread_join(th[i], NULL);
			if (jobs[i].t0 < t0)
				t0 = jobs[i].t0;
			if (jobs[i].t1 > t1)
				t1 = jobs[i].t1;
		}
		double t = t1 - t0;
		pthread_barrier_destroy(&start);
		if (t < best)
			best = t;
	}
out:
	free(th);
	free(jobs);
	return best;
}

/* ---- multiply-add ------------------------------------------------------ */

/* a[i] = a[i]*x + y on NACC (or 1: `chain`) independent vectors of BYTES
 * bytes of ELEM.  The values: x just below 1 and y small for floats (no
 * overflow, no subnormals), anything for integers (they wrap).  Returns
 * the lanes' sum (to the sink). */
#define MADD_KERNEL(NAME, ELEM, BYTES, TARGET, XV, YV, NCHAIN)                        \
	__attribute__((target(TARGET))) static uint64_t NAME(uint64_t iters,           \
							     unsigned tid, void *arg)   \
	{                                                                              \
		typedef ELEM v __attribute__((vector_size(BYTES)));                    \
		(void)arg;                                                             \
		v a[NCHAIN], x = (v){ 0 } + (ELEM)(XV), y = (v){ 0 } + (ELEM)(YV);       \
		for (int i = 0; i < NCHAIN; i++)                                       \
			a[i] = (v){ 0 } + (ELEM)(tid + i + 1);                         \
		for (uint64_t it = 0; it < iters; it++) {                              \
			_Pragma("GCC unroll 16") for (int i = 0; i < NCHAIN; i++)       \
				a[i] = a[i] * x + y;                                   \
			/* keep x and y in registers, not re-broadcast constants */    \
			__asm__ volatile("" : "+x"(x), "+x"(y));                       \
		}                                                                      \
		ELEM s = 0;                                                            \
		for (int i = 0; i < NCHAIN; i++)                                       \
			for (size_t l = 0; l < BYTES / sizeof(ELEM); l++)              \
				s += a[i][l];                                          \
		return (uint64_t)s;                                                    \
	}

#define T512 "avx512f,avx512bw,avx512vl,fma"
#define T256 "avx2,fma"
MADD_KERNEL(f32_512, float, 64, T512, 0.9999f, 1e-3f, NACC)
MADD_KERNEL(f32_256, float, 32, T256, 0.9999f, 1e-3f, NACC)
MADD_KERNEL(f32_128, float, 16, "sse2", 0.9999f, 1e-3f, NACC)
MADD_KERNEL(f32c_512, float, 64, T512, 0.9999f, 1e-3f, 1)
MADD_KERNEL(f32c_256, float, 32, T256, 0.9999f, 1e-3f, 1)
MADD_KERNEL(f32c_128, float, 16, "sse2", 0.9999f, 1e-3f, 1)
MADD_KERNEL(f64_512, double, 64, T512, 0.9999, 1e-3, NACC)
MADD_KERNEL(f64_256, double, 32, T256, 0.9999, 1e-3, NACC)
MADD_KERNEL(f64_128, double, 16, "sse2", 0.9999, 1e-3, NACC)
MADD_KERNEL(i32_512, uint32_t, 64, T512, 0x9e3779b9u, 12345u, NACC)
MADD_KERNEL(i32_256, uint32_t, 32, T256, 0x9e3779b9u, 12345u, NACC)
MADD_KERNEL(i32_128, uint32_t, 16, "sse4.1", 0x9e3779b9u, 12345u, NACC)
MADD_KERNEL(i16_512, uint16_t, 64, T512, 0x79b9u, 12345u, NACC)
MADD_KERNEL(i16_256, uint16_t, 32, T256, 0x79b9u, 12345u, NACC)
MADD_KERNEL(i16_128, uint16_t, 16, "sse2", 0x79b9u, 12345u, NACC)

/* Bytes: x86 has no byte multiply, and GCC's lowering of a uint8 vector
 * multiply (unpack, two multiplies, permutes, shuffles) is slower than
 * this one: the even bytes are the low bytes of 16-bit products, the odd
 * bytes those of the high bytes' products shifted back; then a byte add. */
#define I8_KERNEL(NAME, BYTES, TARGET)                                               \
	__attribute__((target(TARGET))) static uint64_t NAME(uint64_t iters,           \
							     unsigned tid, void *arg)   \
	{                                                                              \
		typedef uint8_t v8 __attribute__((vector_size(BYTES)));                \
		typedef uint16_t v16 __attribute__((vector_size(BYTES)));              \
		(void)arg;                                                             \
		v16 a[NACC], x = (v16){ 0 } + 0xb9, lo = (v16){ 0 } + 0xff;            \
		v8 y = (v8){ 0 } + 45;                                                 \
		for (int i = 0; i < NACC; i++)                                         \
			a[i] = (v16){ 0 } + (uint16_t)(tid + i + 1);                   \
		for (uint64_t it = 0; it < iters; it++) {                              \
			_Pragma("GCC unroll 16") for (int i = 0; i < NACC; i++) {       \
				v16 p = ((a[i] * x) & lo) | (((a[i] >> 8) * x) << 8);  \
				a[i] = (v16)((v8)p + y);                               \
			}                                                              \
			__asm__ volatile("" : "+x"(x), "+x"(y), "+x"(lo));             \
		}                                                                      \
		uint64_t s = 0;                                                        \
		for (int i = 0; i < NACC; i++)                                         \
			for (size_t l = 0; l < BYTES / 2; l++)                         \
				s += a[i][l];                                          \
		return s;                                                              \
	}
I8_KERNEL(i8_512, 64, T512)
I8_KERNEL(i8_256, 32, T256)
I8_KERNEL(i8_128, 16, "sse2")

typedef uint64_t (*kernel_fn)(uint64_t, unsigned, void *);

/* Operations per second of the widest level's kernel, in G/s: 2 per lane
 * per step.  iters is sized for runs of a few ms (each core's part). */
static double madd_rate(kernel_fn k512, kernel_fn k256, kernel_fn k128, size_t elem,
			int nchain, uint64_t iters)
{
	enum isa isa = best_isa();
	kernel_fn k = isa == ISA_AVX512 ? k512 : isa == ISA_AVX2 ? k256 : k128;
	size_t bytes = isa == ISA_AVX512 ? 64 : isa == ISA_AVX2 ? 32 : 16;
	double t = on_all_cores(k, iters, NULL);
	double ops = 2.0 * (double)iters * nchain * (bytes / elem) * kiln_limits_threads();
	return ops / t / 1e9;
}

/* On AVX-512 machines the 256-bit form may be as fast or faster (two
 * 256-bit units, or 512-bit instructions split in two): the better of
 * both is the limit. */
static double madd_best(kernel_fn k512, kernel_fn k256, kernel_fn k128, size_t elem,
			int nchain, uint64_t iters)
{
	double r = madd_rate(k512, k256, k128, elem, nchain, iters);
	if (best_isa() == ISA_AVX512) {
		double t = on_all_cores(k256, iters, NULL);
		double r256 = 2.0 * (double)iters * nchain * (32 / elem) * kiln_limits_threads() / t / 1e9;
		if (r256 > r)
			r = r256;
	}
	return r;
}

double kiln_limit_fp32(void)
{
	return madd_best(f32_512, f32_256, f32_128, 4, NACC, 1u << 19);
}

double kiln_limit_fp32_chain(void)
{
	return madd_best(f32c_512, f32c_256, f32c_128, 4, 1, 1u << 20);
}

double kiln_limit_fp64(void)
{
	return madd_best(f64_512, f64_256, f64_128, 8, NACC, 1u << 19);
}

double kiln_limit_i32(void)
{
	return madd_best(i32_512, i32_256, i32_128, 4, NACC, 1u << 18);
}

double kiln_limit_i16(void)
{
	return madd_best(i16_512, i16_256, i16_128, 2, NACC, 1u << 18);
}

double kiln_limit_i8(void)
{
	return madd_best(i8_512, i8_256, i8_128, 1, NACC, 1u << 17);
}

/* ---- read bandwidth ---------------------------------------------------- */

struct read_arg {
	const uint64_t *buf;
	size_t words_per_thread;
};

static uint64_t read_part(uint64_t iters, unsigned tid,
							void *arg)
{
	typedef uint64_t v __attribute__((vector_size(32)));
	const struct read_arg *ra = arg;
	const v *p = (const v *)(ra->buf + (size_t)tid * ra->words_per_thread);
	size_t nv = ra->words_per_thread / 4;
	v s0 = { 0 }, s1 = { 0 }, s2 = { 0 }, s3 = { 0 };
	for (uint64_t r = 0; r < iters; r++)
		for (size_t i = 0; i + 4 <= nv; i += 4) {
			s0 += p[i];
			s1 += p[i + 1];
			s2 += p[i + 2];
			s3 += p[i + 3];
		}
	v s = s0 + s1 + s2 + s3;
	return s[0] + s[1] + s[2] + s[3];
}

double kiln_limit_read(size_t bytes)
{
	int n = kiln_limits_threads();
	size_t words = bytes / 8 / n / 16 * 16;
	uint64_t *buf = NULL;
	if (posix_memalign((void **)&buf, 64, words * 8 * n))
		return -1;
	memset(buf, 1, words * 8 * n); /* the pages exist before timing */
	struct read_arg ra = { buf, words };
	double t = on_all_cores(read_part, 1, &ra);
	free(buf);
	return (double)words * 8 * n / t / 1e9;
}

/* ---- MD5 --------------------------------------------------------------- */

const uint32_t kiln_md5_k[64] = {
	0xd76aa478u, 0xe8c7b756u, 0x242070dbu, 0xc1bdceeeu, 0xf57c0fafu, 0x4787c62au,
	0xa8304613u, 0xfd469501u, 0x698098d8u, 0x8b44f7afu, 0xffff5bb1u, 0x895cd7beu,
	0x6b901122u, 0xfd987193u, 0xa679438eu, 0x49b40821u, 0xf61e2562u, 0xc040b340u,
	0x265e5a51u, 0xe9b6c7aau, 0xd62f105du, 0x02441453u, 0xd8a1e681u, 0xe7d3fbc8u,
	0x21e1cde6u, 0xc33707d6u, 0xf4d50d87u, 0x455a14edu, 0xa9e3e905u, 0xfcefa3f8u,
	0x676f02d9u, 0x8d2a4c8au, 0xfffa3942u, 0x8771f681u, 0x6d9d6122u, 0xfde5380cu,
	0xa4beea44u, 0x4bdecfa9u, 0xf6bb4b60u, 0xbebfbc70u, 0x289b7ec6u, 0xeaa127fau,
	0xd4ef3085u, 0x04881d05u, 0xd9d4d039u, 0xe6db99e5u, 0x1fa27cf8u, 0xc4ac5665u,
	0xf4292244u, 0x432aff97u, 0xab9423a7u, 0xfc93a039u, 0x655b59c3u, 0x8f0ccc92u,
	0xffeff47du, 0x85845dd1u, 0x6fa87e4fu, 0xfe2ce6e0u, 0xa3014314u, 0x4e0811a1u,
	0xf7537e82u, 0xbd3af235u, 0x2ad7d2bbu, 0xeb86d391u,
};

/* Rotation amounts and message word of each step (RFC 1321, 3.4). */
static const unsigned char md5_s[64] = {
	7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
	5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
	4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
	6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
};

static unsigned md5_g(int i)
{
	return i < 16 ? i : i < 32 ? (5 * i + 1) % 16 : i < 48 ? (3 * i + 5) % 16 : (7 * i) % 16;
}

/* Message words 4..15: fixed, as a padded one-block message would have
 * (the 0x80 end marker, zeros, the length in bits). */
const uint32_t kiln_md5_fixed[12] = { 0x80u, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128u, 0 };

static const uint32_t md5_iv[4] = { 0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u };

static uint32_t rotl(uint32_t x, unsigned s)
{
	return (x << s) | (x >> (32 - s));
}

void kiln_md5_compress(uint32_t st[4], const uint32_t m[16])
{
	uint32_t a = st[0], b = st[1], c = st[2], d = st[3];
	for (int i = 0; i < 64; i++) {
		uint32_t f = i < 16 ? (b & c) | (~b & d)
			   : i < 32 ? (d & b) | (~d & c)
			   : i < 48 ? b ^ c ^ d
				    : c ^ (b | ~d);
		uint32_t t = d;
		d = c;
		c = b;
		b = b + rotl(a + f + kiln_md5_k[i] + m[md5_g(i)], md5_s[i]);
		a = t;
	}
	st[0] += a;
	st[1] += b;
	st[2] += c;
	st[3] += d;
}

/* The benchmark's chain for one message: words 0-3 start as the index and
 * three salt words and are replaced by the state after each compression. */
void kiln_md5_chain(uint32_t out[4], uint32_t index, unsigned iters)
{
	uint32_t m[16] = { index, 0x5a17u, 0x5a18u, 0x5a19u };
	memcpy(m + 4, kiln_md5_fixed, sizeof(kiln_md5_fixed));
	uint32_t st[4];
	memcpy(st, md5_iv, sizeof(st));
	for (unsigned it = 0; it < iters; it++) {
		kiln_md5_compress(st, m);
		memcpy(m, st, sizeof(st));
	}
	memcpy(out, st, 4 * sizeof(uint32_t));
}

#define MD5_NV 4 /* independent vectors per thread: MD5's steps are a chain */

/* MD5_NV vectors of lanes, each lane its own message chain, all steps
 * unrolled (constant K, rotation and word index in every step). */
#define MD5_KERNEL(NAME, BYTES, TARGET)                                                  \
	__attribute__((target(TARGET))) static uint64_t NAME(uint64_t iters, unsigned tid, \
							     void *arg)                  \
	{                                                                                \
		typedef uint32_t v __attribute__((vector_size(BYTES)));                  \
		enum { W = BYTES / 4 };                                                  \
		v st[MD5_NV][4], m0[MD5_NV][4];                                          \
		(void)arg;                                                               \
		for (int j = 0; j < MD5_NV; j++) {                                       \
			for (int l = 0; l < W; l++)                                      \
				m0[j][0][l] = (tid * MD5_NV + j) * W + l;                \
			m0[j][1] = (v){ 0 } + 0x5a17u;                                   \
			m0[j][2] = (v){ 0 } + 0x5a18u;                                   \
			m0[j][3] = (v){ 0 } + 0x5a19u;                                   \
			for (int r = 0; r < 4; r++)                                      \
				st[j][r] = (v){ 0 } + md5_iv[r];                         \
		}                                                                        \
		for (uint64_t it = 0; it < iters; it++) {                                \
			v a[MD5_NV], b[MD5_NV], c[MD5_NV], d[MD5_NV];                    \
			for (int j = 0; j < MD5_NV; j++) {                               \
				a[j] = st[j][0], b[j] = st[j][1];                        \
				c[j] = st[j][2], d[j] = st[j][3];                        \
			}                                                                \
			_Pragma("GCC unroll 64") for (int i = 0; i < 64; i++)             \
			{                                                                \
				unsigned g = md5_g(i), s = md5_s[i];                     \
				_Pragma("GCC unroll 8") for (int j = 0; j < MD5_NV; j++)  \
				{                                                        \
					v f = i < 16 ? (b[j] & c[j]) | (~b[j] & d[j])     \
					    : i < 32 ? (d[j] & b[j]) | (~d[j] & c[j])     \
					    : i < 48 ? b[j] ^ c[j] ^ d[j]                \
						     : c[j] ^ (b[j] | ~d[j]);            \
					v mw = g < 4 ? m0[j][g]                          \
						     : (v){ 0 } + kiln_md5_fixed[g - 4]; \
					v t = a[j] + f + kiln_md5_k[i] + mw;             \
					a[j] = d[j];                                     \
					d[j] = c[j];                                     \
					c[j] = b[j];                                     \
					b[j] = b[j] + ((t << s) | (t >> (32 - s)));     \
				}                                                        \
			}                                                                \
			for (int j = 0; j < MD5_NV; j++) {                               \
				st[j][0] += a[j], st[j][1] += b[j];                      \
				st[j][2] += c[j], st[j][3] += d[j];                      \
				for (int r = 0; r < 4; r++)                              \
					m0[j][r] = st[j][r];                             \
			}                                                                \
		}                                                                        \
		uint64_t s = 0;                                                          \
		for (int j = 0; j < MD5_NV; j++)                                         \
			for (int l = 0; l < W; l++)                                      \
				s += st[j][0][l];                                        \
		return s;                                                                \
	}

MD5_KERNEL(md5_512, 64, T512)
MD5_KERNEL(md5_256, 32, T256)
MD5_KERNEL(md5_128, 16, "sse2")

/* Million compressions per second of a hash kernel built for AVX-512,
 * AVX2 and SSE2: the widest the CPU has, and on an AVX-512 CPU the AVX2
 * one too, the faster of the two counting; `nv` vectors of messages per
 * thread. */
static double hash_limit(kernel_fn k512, kernel_fn k256, kernel_fn k128, unsigned nv,
			 unsigned iters)
{
	enum isa isa = best_isa();
	kernel_fn k = isa == ISA_AVX512 ? k512 : isa == ISA_AVX2 ? k256 : k128;
	unsigned lanes = isa == ISA_AVX512 ? 16 : isa == ISA_AVX2 ? 8 : 4;
	double best = 0;
	for (int pass = 0; pass < (isa == ISA_AVX512 ? 2 : 1); pass++) {
		double t = on_all_cores(pass ? k256 : k, iters, NULL);
		double r = (double)iters * nv * (pass ? 8 : lanes) * kiln_limits_threads() / t / 1e6;
		if (r > best)
			best = r;
	}
	return best;
}

double kiln_limit_md5(unsigned iters)
{
	return hash_limit(md5_512, md5_256, md5_128, MD5_NV, iters);
}

/* ---- SHA-256 ------------------------------------------------------------ */

const uint32_t kiln_sha256_k[64] = {
	0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u,
	0xab1c5ed5u, 0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu,
	0x9bdc06a7u, 0xc19bf174u, 0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu,
	0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau, 0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
	0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u, 0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu,
	0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u, 0xa2bfe8a1u, 0xa81a664bu,
	0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u, 0x19a4c116u,
	0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
	0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u,
	0xc67178f2u,
};
const uint32_t kiln_sha256_iv[8] = { 0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
				     0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u };
const uint32_t kiln_sha256_salt[8] = { 0, 0x5a17u, 0x5a18u, 0x5a19u, 0x5a1au, 0x5a1bu, 0x5a1cu, 0x5a1du };
/* a 32-byte message: the 1 bit after it, zeros, its length in bits */
const uint32_t kiln_sha256_fixed[8] = { 0x80000000u, 0, 0, 0, 0, 0, 0, 256u };

static uint32_t rotr(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

void kiln_sha256_compress(uint32_t st[8], const uint32_t m[16])
{
	uint32_t w[64], v[8];
	for (int t = 0; t < 16; t++)
		w[t] = m[t];
	for (int t = 16; t < 64; t++) {
		uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
		uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
		w[t] = s1 + w[t - 7] + s0 + w[t - 16];
	}
	memcpy(v, st, sizeof(v));
	for (int t = 0; t < 64; t++) {
		uint32_t e = v[4], a = v[0];
		uint32_t t1 = v[7] + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
			      ((e & v[5]) ^ (~e & v[6])) + kiln_sha256_k[t] + w[t];
		uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) +
			      ((a & v[1]) ^ (a & v[2]) ^ (v[1] & v[2]));
		memmove(v + 1, v, 7 * sizeof(uint32_t));
		v[4] += t1;
		v[0] = t1 + t2;
	}
	for (int r = 0; r < 8; r++)
		st[r] += v[r];
}

void kiln_sha256_chain(uint32_t out[8], uint32_t index, unsigned iters)
{
	uint32_t m[16], st[8];
	memcpy(m, kiln_sha256_salt, sizeof(kiln_sha256_salt));
	m[0] = index;
	memcpy(m + 8, kiln_sha256_fixed, sizeof(kiln_sha256_fixed));
	memcpy(st, kiln_sha256_iv, sizeof(st));
	for (unsigned i = 0; i < iters; i++) {
		kiln_sha256_compress(st, m);
		memcpy(m, st, sizeof(st));
	}
	memcpy(out, st, sizeof(st));
}

#define SHA_NV 1 /* vectors per thread: the eight state words and sixteen
		  * schedule words of one fill the 32 vector registers */

/* SHA_NV vectors of lanes, each lane its own message chain, the 64 rounds
 * and the message schedule (16 rolling words) unrolled. */
#define SHA256_KERNEL(NAME, BYTES, TARGET)                                               \
	__attribute__((target(TARGET))) static uint64_t NAME(uint64_t iters, unsigned tid, \
							     void *arg)                  \
	{                                                                                \
		typedef uint32_t v __attribute__((vector_size(BYTES)));                  \
		enum { W = BYTES / 4 };                                                  \
		v st[SHA_NV][8], m0[SHA_NV][8];                                          \
		(void)arg;                                                               \
		for (int j = 0; j < SHA_NV; j++)                                         \
			for (int r = 0; r < 8; r++) {                                    \
				m0[j][r] = (v){ 0 } + kiln_sha256_salt[r];               \
				st[j][r] = (v){ 0 } + kiln_sha256_iv[r];                 \
			}                                                                \
		for (int j = 0; j < SHA_NV; j++)                                         \
			for (int l = 0; l < W; l++)                                      \
				m0[j][0][l] = (tid * SHA_NV + j) * W + l;                \
		for (uint64_t it = 0; it < iters; it++) {                                \
			v x[SHA_NV][8], w[SHA_NV][16];                                   \
			for (int j = 0; j < SHA_NV; j++)                                 \
				for (int r = 0; r < 8; r++) {                            \
					x[j][r] = st[j][r];                              \
					w[j][r] = m0[j][r];                              \
					w[j][r + 8] = (v){ 0 } + kiln_sha256_fixed[r];   \
				}                                                        \
			_Pragma("GCC unroll 64") for (int t = 0; t < 64; t++)             \
			{                                                                \
				_Pragma("GCC unroll 8") for (int j = 0; j < SHA_NV; j++)  \
				{                                                        \
					v *q = w[j];                                     \
					if (t >= 16) {                                   \
						v a = q[(t - 15) & 15], b = q[(t - 2) & 15]; \
						v s0 = ((a >> 7) | (a << 25)) ^           \
						       ((a >> 18) | (a << 14)) ^ (a >> 3); \
						v s1 = ((b >> 17) | (b << 15)) ^          \
						       ((b >> 19) | (b << 13)) ^ (b >> 10); \
						q[t & 15] += s1 + q[(t - 7) & 15] + s0;   \
					}                                                \
					v *y = x[j];                                     \
					v e = y[4], a = y[0];                            \
					v t1 = y[7] +                                    \
					       (((e >> 6) | (e << 26)) ^ ((e >> 11) | (e << 21)) ^ \
						((e >> 25) | (e << 7))) +                  \
					       ((e & y[5]) ^ (~e & y[6])) + kiln_sha256_k[t] + \
					       q[t & 15];                                \
					v t2 = (((a >> 2) | (a << 30)) ^ ((a >> 13) | (a << 19)) ^ \
						((a >> 22) | (a << 10))) +                 \
					       ((a & y[1]) ^ (a & y[2]) ^ (y[1] & y[2])); \
					y[7] = y[6], y[6] = y[5], y[5] = y[4];           \
					y[4] = y[3] + t1;                                \
					y[3] = y[2], y[2] = y[1], y[1] = y[0];           \
					y[0] = t1 + t2;                                  \
				}                                                        \
			}                                                                \
			for (int j = 0; j < SHA_NV; j++)                                 \
				for (int r = 0; r < 8; r++) {                            \
					st[j][r] += x[j][r];                             \
					m0[j][r] = st[j][r];                             \
				}                                                        \
		}                                                                        \
		uint64_t s = 0;                                                          \
		for (int j = 0; j < SHA_NV; j++)                                         \
			for (int l = 0; l < W; l++)                                      \
				s += st[j][0][l];                                        \
		return s;                                                                \
	}

SHA256_KERNEL(sha256_512, 64, T512)
SHA256_KERNEL(sha256_256, 32, T256)
SHA256_KERNEL(sha256_128, 16, "sse2")

double kiln_limit_sha256(unsigned iters)
{
	return hash_limit(sha256_512, sha256_256, sha256_128, SHA_NV, iters);
}

/* ---- wake-up latency --------------------------------------------------- */

struct flag {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int v;
};

static void flag_init(struct flag *f)
{
	pthread_mutex_init(&f->mu, NULL);
	pthread_cond_init(&f->cv, NULL);
	f->v = 0;
}

static void flag_set(struct flag *f)
{
	pthread_mutex_lock(&f->mu);
	f->v = 1;
	pthread_cond_signal(&f->cv);
	pthread_mutex_unlock(&f->mu);
}

static void flag_wait(struct flag *f)
{
	pthread_mutex_lock(&f->mu);
	while (!f->v)
		pthread_cond_wait(&f->cv, &f->mu);
	f->v = 0;
	pthread_mutex_unlock(&f->mu);
}

#define WAKE_REPS 1000
#define CHAIN_REPS 200

struct wake {
	struct flag go, done, release;
	int reps, chain;
	double t_release[CHAIN_REPS];
};

/* The worker: waits for `go`, sets `done`. */
static void *wake_worker(void *p)
{
	struct wake *w = p;
	for (int r = 0; r < w->reps; r++) {
		flag_wait(&w->go);
		flag_set(&w->done);
	}
	return NULL;
}

/* The releaser of the chain: sleeps 1 ms (so that the others are asleep),
 * notes the time and wakes the worker. */
static void *wake_releaser(void *p)
{
	struct wake *w = p;
	for (int r = 0; r < w->reps; r++) {
		flag_wait(&w->release);
		usleep(1000);
		w->t_release[r] = now_s();
		flag_set(&w->go);
	}
	return NULL;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double wake_median(int chain)
{
	static struct wake w;
	static double t[WAKE_REPS];
	int reps = chain ? CHAIN_REPS : WAKE_REPS;
	flag_init(&w.go);
	flag_init(&w.done);
	flag_init(&w.release);
	w.reps = reps;
	pthread_t worker, releaser;
	pthread_create(&worker, NULL, wake_worker, &w);
	if (chain)
		pthread_create(&releaser, NULL, wake_releaser, &w);
	for (int r = 0; r < reps; r++) {
		if (chain) {
			flag_set(&w.release);
			flag_wait(&w.done);
			t[r] = now_s() - w.t_release[r];
		} else {
			double t0 = now_s();
			flag_set(&w.go);
			flag_wait(&w.done);
			t[r] = now_s() - t0;
		}
	}
	pthread_join(worker, NULL);
	if (chain)
		pthread_join(releaser, NULL);
	qsort(t, reps, sizeof(double), cmp_double);
	return t[reps / 2] * 1e6;
}

double kiln_limit_wake_roundtrip_us(void)
{
	return wake_median(0);
}

double kiln_limit_wake_chain_us(void)
{
	return wake_median(1);
}

#ifdef KILN_LIMITS_MAIN
int main(void)
{
	/* The reference MD5 against RFC 1321's test suite (A.5): "abc". */
	uint32_t st[4] = { 0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u };
	uint32_t m[16] = { 0x80636261u, 0 };
	m[14] = 24;
	kiln_md5_compress(st, m);
	printf("md5(\"abc\") = %08x%08x%08x%08x (byte-swapped: want 900150983cd24fb0d6963f7d28e17f72)\n",
	       __builtin_bswap32(st[0]), __builtin_bswap32(st[1]), __builtin_bswap32(st[2]),
	       __builtin_bswap32(st[3]));
	/* The reference SHA-256 against FIPS 180-4's example (and RFC 6234's
	 * test 1): "abc". */
	uint32_t h[8], b[16] = { 0x61626380u };
	b[15] = 24;
	memcpy(h, kiln_sha256_iv, sizeof(h));
	kiln_sha256_compress(h, b);
	printf("sha256(\"abc\") = %08x%08x%08x%08x%08x%08x%08x%08x (want "
	       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad)\n",
	       h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]);
	printf("%d threads, %s\n", kiln_limits_threads(), kiln_limits_isa());
	printf("fp32 FMA           %9.1f GFLOP/s\n", kiln_limit_fp32());
	printf("fp32 FMA, 1 chain  %9.1f GFLOP/s\n", kiln_limit_fp32_chain());
	printf("fp64 FMA           %9.1f GFLOP/s\n", kiln_limit_fp64());
	printf("int32 mul+add      %9.1f GIOP/s\n", kiln_limit_i32());
	printf("int16 mul+add      %9.1f GIOP/s\n", kiln_limit_i16());
	printf("int8 mul+add       %9.1f GIOP/s\n", kiln_limit_i8());
	printf("read 256 MiB       %9.1f GB/s\n", kiln_limit_read((size_t)256 << 20));
	printf("read 16 MiB        %9.1f GB/s\n", kiln_limit_read((size_t)16 << 20));
	printf("md5                %9.1f Mhash/s\n", kiln_limit_md5(4096));
	printf("sha256             %9.1f Mhash/s\n", kiln_limit_sha256(1024));
	printf("wake roundtrip     %9.2f us\n", kiln_limit_wake_roundtrip_us());
	printf("wake chain         %9.2f us\n", kiln_limit_wake_chain_us());
	return 0;
}
#endif
