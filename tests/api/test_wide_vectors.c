/* Kernels written with vectors as wide as the machine's registers, in the
 * shape of hashcat's brute-force kernels: each work-item hashes 16
 * candidates at once in uint16 lanes, inside a loop over the candidates
 * (il_cnt, a kernel argument) that holds a private array, a __constant
 * table, rotate() and bitselect(), and a compare that counts hits with an
 * atomic.  kiln-scalarize keeps such kernels' vectors (lib/compiler/
 * scalarize.cpp); this checks what they compute, for groups of one
 * work-item (what hashcat launches on a CPU), of 16 and of the
 * implementation's choice, against MD5 computed here.  The host MD5 is
 * itself checked against RFC 1321's test vectors first.  A uint4 variant
 * of the same kernel (narrow vectors, which are still split) runs too, and
 * a uint16 one without the compare (md5_chain_x16): its vectors are split
 * for wide groups and kept whole in its variant for groups narrower than a
 * vector (lib/compiler/narrow_variants.cpp), so both run here. */
#include "../common/check.h"

#include <stdbool.h>
#include <stdint.h>

#define ITEMS 32     /* work-items: base messages */
#define IL_CNT 64    /* candidates per work-item, a multiple of 16 */

static const char *src =
	"__constant uint K[64] = {\n"
	"  0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,\n"
	"  0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,\n"
	"  0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,\n"
	"  0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,\n"
	"  0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,\n"
	"  0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,\n"
	"  0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,\n"
	"  0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391 };\n"
	"__constant uint S[16] = { 7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21 };\n"
	"#define MD5_KERNEL(NAME, VT, VS, COUNT)                                       \\\n"
	"kernel void NAME(global const uint *words, global const uint *w0r,           \\\n"
	"                 global uint *out, volatile global uint *hits, uint target,  \\\n"
	"                 uint il_cnt)                                                 \\\n"
	"{                                                                            \\\n"
	"  size_t gid = get_global_id(0);                                             \\\n"
	"  uint w[16];                                                                \\\n"
	"  for (int i = 0; i < 16; i++) w[i] = words[gid * 16 + i];                   \\\n"
	"  for (uint il = 0; il < il_cnt; il += VS) {                                 \\\n"
	"    VT m[16];                                                                \\\n"
	"    for (int i = 0; i < 16; i++) m[i] = (VT)w[i];                            \\\n"
	"    m[0] |= vload##VS(il / VS, w0r);                                         \\\n"
	"    VT a = 0x67452301, b = 0xefcdab89, c = 0x98badcfe, d = 0x10325476;      \\\n"
	"    for (int r = 0; r < 64; r++) {                                           \\\n"
	"      VT f; int g;                                                           \\\n"
	"      if (r < 16) { f = bitselect(d, c, b); g = r; }                         \\\n"
	"      else if (r < 32) { f = bitselect(c, b, d); g = (5 * r + 1) & 15; }     \\\n"
	"      else if (r < 48) { f = b ^ c ^ d; g = (3 * r + 5) & 15; }              \\\n"
	"      else { f = c ^ (b | ~d); g = (7 * r) & 15; }                           \\\n"
	"      VT t = d; d = c; c = b;                                                \\\n"
	"      b = b + rotate(a + f + K[r] + m[g], (VT)S[(r >> 4) * 4 + (r & 3)]);    \\\n"
	"      a = t;                                                                 \\\n"
	"    }                                                                        \\\n"
	"    a += 0x67452301; b += 0xefcdab89; c += 0x98badcfe; d += 0x10325476;      \\\n"
	"    size_t o = (gid * il_cnt + il) * 4;                                      \\\n"
	"    vstore##VS(a, 0, out + o);                                               \\\n"
	"    vstore##VS(b, 0, out + o + VS);                                          \\\n"
	"    vstore##VS(c, 0, out + o + 2 * VS);                                      \\\n"
	"    vstore##VS(d, 0, out + o + 3 * VS);                                      \\\n"
	"    if (COUNT && any(a == (VT)target)) atomic_inc(hits);                     \\\n"
	"  }                                                                          \\\n"
	"}\n"
	"MD5_KERNEL(md5_x16, uint16, 16, 1)\n"
	"MD5_KERNEL(md5_x4, uint4, 4, 1)\n"
	"MD5_KERNEL(md5_chain_x16, uint16, 16, 0)\n";

/* --- MD5 on the host (RFC 1321), one 64-byte block ---------------------- */

static uint32_t rotl(uint32_t x, unsigned s) { return (x << s) | (x >> (32 - s)); }

/* The digest words (a, b, c, d) of the one-block message whose 16
 * little-endian words are m. */
static void md5_block(const uint32_t m[16], uint32_t out[4])
{
	static const unsigned s[4][4] = { { 7, 12, 17, 22 }, { 5, 9, 14, 20 },
					  { 4, 11, 16, 23 }, { 6, 10, 15, 21 } };
	/* floor(|sin(i + 1)| * 2^32), RFC 1321 §3.4 */
	static const uint32_t k[64] = {
		0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a,
		0xa8304613, 0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
		0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340,
		0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
		0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8,
		0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
		0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
		0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
		0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92,
		0xffeff47d, 0x85845dd1, 0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
		0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391
	};
	uint32_t a = 0x67452301, b = 0xefcdab89, c = 0x98badcfe, d = 0x10325476;
	for (int r = 0; r < 64; r++) {
		uint32_t f;
		int g;
		switch (r / 16) {
		case 0: f = (b & c) | (~b & d); g = r; break;
		case 1: f = (d & b) | (~d & c); g = (5 * r + 1) % 16; break;
		case 2: f = b ^ c ^ d; g = (3 * r + 5) % 16; break;
		default: f = c ^ (b | ~d); g = (7 * r) % 16; break;
		}
		uint32_t t = d;
		d = c;
		c = b;
		b = b + rotl(a + f + k[r] + m[g], s[r / 16][r % 4]);
		a = t;
	}
	out[0] = a + 0x67452301;
	out[1] = b + 0xefcdab89;
	out[2] = c + 0x98badcfe;
	out[3] = d + 0x10325476;
}

/* The padded one-block message of a string shorter than 56 bytes. */
static void md5_pad(const char *s, uint32_t m[16])
{
	unsigned char block[64] = { 0 };
	size_t n = strlen(s);
	memcpy(block, s, n);
	block[n] = 0x80;
	uint64_t bits = (uint64_t)n * 8;
	for (int i = 0; i < 8; i++)
		block[56 + i] = (unsigned char)(bits >> (8 * i));
	for (int i = 0; i < 16; i++)
		m[i] = (uint32_t)block[4 * i] | (uint32_t)block[4 * i + 1] << 8 |
		       (uint32_t)block[4 * i + 2] << 16 | (uint32_t)block[4 * i + 3] << 24;
}

/* RFC 1321 §A.5: the reference is MD5 before it checks Kiln. */
static void check_host_md5(void)
{
	static const struct { const char *msg; uint32_t a; } v[] = {
		{ "", 0xd98c1dd4 },   /* d41d8cd9... */
		{ "abc", 0x98500190 }, /* 90015098... */
		{ "message digest", 0x7d696bf9 }, /* f96b697d... */
	};
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		uint32_t m[16], h[4];
		md5_pad(v[i].msg, m);
		md5_block(m, h);
		CHECK(h[0] == v[i].a);
	}
}

/* --- the kernels --------------------------------------------------------- */

static cl_context context;
static cl_command_queue queue;
static uint32_t words[ITEMS * 16], w0r[IL_CNT];
static uint32_t want[ITEMS * IL_CNT * 4];
static uint32_t got[ITEMS * IL_CNT * 4];
static unsigned want_hits;

/* Base messages: "pw<item>" followed by a varying first-word suffix. */
static void make_inputs(void)
{
	for (int item = 0; item < ITEMS; item++) {
		char msg[16];
		snprintf(msg, sizeof(msg), "....pw%d", item);
		md5_pad(msg, &words[item * 16]);
		words[item * 16] = 0; /* the candidate's first word: w0r */
	}
	for (int il = 0; il < IL_CNT; il++)
		w0r[il] = 0x61616161u + (uint32_t)il * 0x01030507u;
}

/* Where the kernel of width vs writes digest word j of candidate il of
 * work-item item: per block of vs candidates, a's lanes, then b's, ... */
static size_t out_index(int item, int il, int j, int vs)
{
	int block = il / vs * vs, lane = il % vs;
	return ((size_t)item * IL_CNT + block) * 4 + (size_t)j * vs + lane;
}

static void make_reference(int vs, uint32_t target)
{
	want_hits = 0;
	for (int item = 0; item < ITEMS; item++)
		for (int block = 0; block < IL_CNT; block += vs) {
			int hit = 0;
			for (int lane = 0; lane < vs; lane++) {
				uint32_t m[16], h[4];
				memcpy(m, &words[item * 16], sizeof(m));
				m[0] |= w0r[block + lane];
				md5_block(m, h);
				for (int j = 0; j < 4; j++)
					want[out_index(item, block + lane, j, vs)] = h[j];
				hit |= h[0] == target;
			}
			want_hits += hit;
		}
}

static void run(cl_program p, const char *name, int vs, bool counts, size_t local)
{
	cl_int err;
	cl_kernel k = clCreateKernel(p, name, &err);
	REQUIRE(err == CL_SUCCESS);
	/* a target that one candidate of work-item 2 hits */
	uint32_t m[16], h[4];
	memcpy(m, &words[2 * 16], sizeof(m));
	m[0] |= w0r[IL_CNT - 3];
	md5_block(m, h);
	uint32_t target = h[0];
	make_reference(vs, target);

	cl_mem wb = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(words),
				   words, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem rb = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(w0r), w0r,
				   &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem ob = clCreateBuffer(context, CL_MEM_WRITE_ONLY, sizeof(got), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_uint zero = 0, hits = 0, il_cnt = IL_CNT;
	cl_mem hb = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(zero),
				   &zero, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &wb));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &rb));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(cl_mem), &ob));
	CHECK_OK(clSetKernelArg(k, 3, sizeof(cl_mem), &hb));
	CHECK_OK(clSetKernelArg(k, 4, sizeof(target), &target));
	CHECK_OK(clSetKernelArg(k, 5, sizeof(il_cnt), &il_cnt));
	size_t global = ITEMS;
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, local ? &local : NULL, 0, NULL,
					NULL));
	memset(got, 0, sizeof(got));
	CHECK_OK(clEnqueueReadBuffer(queue, ob, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, hb, CL_TRUE, 0, sizeof(hits), &hits, 0, NULL, NULL));
	int bad = 0;
	for (size_t i = 0; i < sizeof(got) / sizeof(got[0]); i++)
		if (got[i] != want[i] && bad++ < 3)
			fprintf(stderr, "%s local=%zu: word %zu is %08x, want %08x\n", name, local, i,
				got[i], want[i]);
	CHECK(bad == 0);
	CHECK(hits == (counts ? want_hits : 0));
	CHECK(want_hits >= 1);
	clReleaseMemObject(wb);
	clReleaseMemObject(rb);
	clReleaseMemObject(ob);
	clReleaseMemObject(hb);
	clReleaseKernel(k);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id device;
	check_setup(&platform, &device, &context, &queue);
	check_host_md5();
	make_inputs();
	cl_program p = check_build(context, device, src, "");
	REQUIRE(p);
	/* groups of one work-item (hashcat's launch on a CPU), of two, of a
	 * vector's width on AVX-512 and of twice it, and the implementation's
	 * choice */
	static const size_t locals[] = { 1, 2, 16, 32, 0 };
	for (size_t i = 0; i < sizeof(locals) / sizeof(locals[0]); i++) {
		run(p, "md5_x16", 16, true, locals[i]);
		run(p, "md5_x4", 4, true, locals[i]);
		run(p, "md5_chain_x16", 16, false, locals[i]);
	}
	clReleaseProgram(p);
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
