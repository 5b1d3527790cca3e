/* How many 512-bit integer operations of each kind one core issues a
 * cycle: the limit a hash kernel's loop (hashcat's MD5 and SHA-256, their
 * adds, rotates and three-input logic) runs against (docs/benchmarks.md,
 * "Applications").
 *
 *     cc -O2 -march=native tools/vector-ports.c -o /tmp/vector-ports
 *     /tmp/vector-ports            # one core
 *     /tmp/vector-ports & /tmp/vector-ports; wait    # both cores at once
 *
 * The clock is measured first, by a chain of dependent 64-bit multiplies
 * (3 cycles each on every x86 core of the last decade; a chain of adds
 * does not do, since newer Intel cores fold an add of a constant at
 * rename).  Each operation then runs as 12 independent chains, more than
 * its latency times the ports that take it, so only throughput bounds it.
 * Needs AVX-512F; prints ops per ns and per cycle. */
#include <immintrin.h>
#include <stdio.h>
#include <time.h>

#define OPS 1200000000L

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double clock_ghz(void)
{
	unsigned long x = 3;
	long n = 600000000L;
	double t = now();
	for (long i = 0; i < n; i += 4)
		__asm__ volatile("imul %0,%0\n\timul %0,%0\n\timul %0,%0\n\timul %0,%0"
				 : "+r"(x));
	double ghz = 3.0 * (double)n / (now() - t) / 1e9;
	__asm__ volatile("" : : "r"(x));
	return ghz;
}

/* Keeps the 12 chains in registers and their results live. */
#define KEEP()                                                                               \
	__asm__ volatile("" : "+v"(a0), "+v"(a1), "+v"(a2), "+v"(a3), "+v"(a4), "+v"(a5),      \
			 "+v"(a6), "+v"(a7), "+v"(a8), "+v"(a9), "+v"(a10), "+v"(a11))
#define STEP(OP)                                                                             \
	do {                                                                                 \
		a0 = OP(a0), a1 = OP(a1), a2 = OP(a2), a3 = OP(a3), a4 = OP(a4), a5 = OP(a5); \
		a6 = OP(a6), a7 = OP(a7), a8 = OP(a8), a9 = OP(a9), a10 = OP(a10);            \
		a11 = OP(a11);                                                               \
		KEEP();                                                                      \
	} while (0)

#define ROL(x) _mm512_rol_epi32(x, 7)
#define SHR(x) _mm512_srli_epi32(x, 3)
#define ADD(x) _mm512_add_epi32(x, k1)
#define TERN(x) _mm512_ternarylogic_epi32(x, k1, k2, 0x96)

#define MIXED()                                                                              \
	do {                                                                                 \
		a0 = ADD(a0), a1 = ADD(a1), a2 = ADD(a2), a3 = ADD(a3);                      \
		a4 = TERN(a4), a5 = TERN(a5), a6 = TERN(a6), a7 = TERN(a7);                  \
		a8 = ROL(a8), a9 = ROL(a9), a10 = ROL(a10), a11 = ROL(a11);                  \
		KEEP();                                                                      \
	} while (0)

/* One loop per operation (no branch inside: on Intel a branch takes a
 * slot of port 0 or 6); returns its seconds and adds its chains to *sum. */
#define RUN(NAME, BODY)                                                                      \
	static double NAME(__m512i k1, __m512i k2, __m512i *sum)                             \
	{                                                                                    \
		__m512i a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11;                    \
		a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = a8 = a9 = a10 = a11 = k2;            \
		double t = now();                                                            \
		for (long i = 0; i < OPS / 12; i++)                                          \
			BODY;                                                                \
		t = now() - t;                                                               \
		*sum = _mm512_add_epi32(*sum, _mm512_xor_si512(a0, a11));                    \
		(void)k1;                                                                    \
		return t;                                                                    \
	}
RUN(run_add, STEP(ADD))
RUN(run_tern, STEP(TERN))
RUN(run_rol, STEP(ROL))
RUN(run_shr, STEP(SHR))
RUN(run_mix, MIXED())

int main(void)
{
	double ghz = clock_ghz();
	__m512i k1 = _mm512_set1_epi32(5), k2 = _mm512_set1_epi32(9), sum = k1;
	__asm__ volatile("" : "+v"(k1), "+v"(k2));
	static const char *const names[] = { "vpaddd", "vpternlogd", "vprold", "vpsrld",
					      "mix 4 add : 4 ternlog : 4 rotate" };
	double secs[5] = { run_add(k1, k2, &sum), run_tern(k1, k2, &sum), run_rol(k1, k2, &sum),
			   run_shr(k1, k2, &sum), run_mix(k1, k2, &sum) };
	printf("clock %.2f GHz (dependent imul)%s\n", ghz,
	       _mm512_reduce_add_epi32(sum) == 12345 ? " " : "");
	for (int op = 0; op < 5; op++)
		printf("%-34s %5.2f per ns  %4.2f per cycle\n", names[op], OPS / secs[op] / 1e9,
		       OPS / secs[op] / 1e9 / ghz);
	return 0;
}
