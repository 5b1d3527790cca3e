/* kiln-limits: what this machine's cores can do natively, for the
 * "percent of the limit" column of kiln-bench-compute.  Each figure is the
 * operation mix of one OpenCL benchmark written in C with GCC vector types
 * (AVX-512 where the CPU has it, else AVX2+FMA, chosen at run time, so one
 * binary runs on any x86-64), with enough independent chains per thread to
 * reach the units' throughput, on one thread per online core (pthreads).
 * Every figure is the best of a few runs: a shared machine's quiet moment.
 */
#ifndef KILN_LIMITS_H
#define KILN_LIMITS_H

#include <stddef.h>
#include <stdint.h>

/* How many threads the limits use (online cores) and which vector level
 * they ran with ("AVX-512", "AVX2", "SSE2"). */
int kiln_limits_threads(void);
const char *kiln_limits_isa(void);

/* Multiply-add throughput: a = a*x + y on many independent vectors.
 * Counted as 2 operations per lane per step.  fp32 and fp64 are fused
 * multiply-adds (GFLOP/s); the integer ones a multiply and an add that
 * wrap (GIOP/s).  kiln_limit_fp32_chain is the same with one dependent
 * chain per vector register, the latency bound that a dependent chain per
 * SIMD lane meets when nothing interleaves independent work. */
double kiln_limit_fp32(void);
double kiln_limit_fp32_chain(void);
double kiln_limit_fp64(void);
double kiln_limit_i32(void);
double kiln_limit_i16(void);
double kiln_limit_i8(void);

/* Read bandwidth: a sum over a buffer of `bytes` (split between the
 * threads, each its own part), in GB/s. */
double kiln_limit_read(size_t bytes);

/* MD5 compression (RFC 1321) of `iters` chained blocks per message, many
 * messages in vector lanes, several vectors interleaved; million
 * compressions per second.  kiln_bench_md5_words gives the message words. */
double kiln_limit_md5(unsigned iters);

/* SHA-256 compression (FIPS 180-4, 6.2.2) of `iters` chained blocks per
 * message, many messages in vector lanes, two vectors interleaved per
 * thread; million compressions per second.  kiln_sha256_chain gives the
 * reference for one message. */
double kiln_limit_sha256(unsigned iters);

/* Thread wake-up latency with pthread condition variables (µs, median):
 * roundtrip = one thread wakes a sleeping one and sleeps until woken back
 * (what an enqueue to a sleeping worker and a wait for its completion
 * costs); chain = a third thread wakes a sleeping worker, which wakes the
 * sleeping main thread (a user event releasing a command that a clFinish
 * waits for). */
double kiln_limit_wake_roundtrip_us(void);
double kiln_limit_wake_chain_us(void);

/* One MD5 compression of the block m into state st (RFC 1321, 3.4), the
 * scalar reference; and the message words the benchmark uses: words 0-3
 * are the chained state (initially index, salt words), words 4-15 fixed. */
void kiln_md5_compress(uint32_t st[4], const uint32_t m[16]);
extern const uint32_t kiln_md5_k[64];
extern const uint32_t kiln_md5_fixed[12]; /* message words 4..15 */
void kiln_md5_chain(uint32_t out[4], uint32_t index, unsigned iters);

/* One SHA-256 compression of the block m into state st (FIPS 180-4,
 * 6.2.2), the scalar reference; the benchmark's message: words 0-7 are the
 * chained state (initially the index and salt words 1-7), words 8-15 the
 * padding of a 32-byte message. */
void kiln_sha256_compress(uint32_t st[8], const uint32_t m[16]);
extern const uint32_t kiln_sha256_k[64];
extern const uint32_t kiln_sha256_iv[8];
extern const uint32_t kiln_sha256_salt[8]; /* message words 1..7 at first (word 0 unused) */
extern const uint32_t kiln_sha256_fixed[8]; /* message words 8..15 */
void kiln_sha256_chain(uint32_t out[8], uint32_t index, unsigned iters);

#endif
