/* cl_khr_extended_bit_ops: bitfield_insert, bitfield_extract_signed,
 * bitfield_extract_unsigned and bit_reverse for every integer type at
 * widths 1, 2, 3, 4, 8 and 16, for every (offset, count) with
 * offset + count <= the element's bits (count 0 included), over edge
 * values (0, all ones, 1, the top bit, the top bit's complement, 0x55..,
 * 0xaa..) and random values, against references computed on the host in
 * 64-bit arithmetic; built as OpenCL C 1.2 and 3.0. */
#include "builtin_harness.h"

#include <stdint.h>

static const char *src =
	"#ifndef cl_khr_extended_bit_ops\n"
	"#error cl_khr_extended_bit_ops is not defined\n"
	"#endif\n"
	"#define LD1(i, p) (p)[i]\n"
	"#define ST1(v, i, p) (p)[i] = (v)\n"
	"#define LDW(W) vload##W\n"
	"#define STW(W) vstore##W\n"
	"#define BODY(T, U, S, VT, VU, VS, LD, ST)                               \\\n"
	"  size_t i = get_global_id(0); uint o = off[i], c = cnt[i];           \\\n"
	"  VT x = LD(i, base), y = LD(i, ins);                                  \\\n"
	"  ST(bitfield_insert(x, y, o, c), i, oi);                              \\\n"
	"  ST(bitfield_extract_unsigned(x, o, c), i, ou);                       \\\n"
	"  ST(bitfield_extract_signed(x, o, c), i, os);                         \\\n"
	"  ST(bit_reverse(x), i, orv);\n"
	"#define ARGS(T, U, S) (global const T *base, global const T *ins,     \\\n"
	"    global const uint *off, global const uint *cnt, global T *oi,        \\\n"
	"    global U *ou, global S *os, global T *orv)\n"
	"#define K1(T, U, S) kernel void k1_##T ARGS(T, U, S) {                 \\\n"
	"  BODY(T, U, S, T, U, S, LD1, ST1) }\n"
	"#define KW(T, U, S, W) kernel void k##W##_##T ARGS(T, U, S) {          \\\n"
	"  BODY(T, U, S, T##W, U##W, S##W, LDW(W), STW(W)) }\n"
	"#define ALLW(T, U, S) K1(T, U, S) KW(T, U, S, 2) KW(T, U, S, 3)        \\\n"
	"  KW(T, U, S, 4) KW(T, U, S, 8) KW(T, U, S, 16)\n"
	"ALLW(char, uchar, char) ALLW(uchar, uchar, char)\n"
	"ALLW(short, ushort, short) ALLW(ushort, ushort, short)\n"
	"ALLW(int, uint, int) ALLW(uint, uint, int)\n"
	"ALLW(long, ulong, long) ALLW(ulong, ulong, long)\n";

static uint64_t low_ones(unsigned count)
{
	return count >= 64 ? ~0ull : (1ull << count) - 1;
}

static uint64_t trunc_bits(uint64_t v, unsigned bits)
{
	return v & low_ones(bits);
}

static uint64_t ref_insert(uint64_t base, uint64_t ins, unsigned off, unsigned cnt,
			   unsigned bits)
{
	if (!cnt) /* offset may then be the width: no shift by it (C UB) */
		return trunc_bits(base, bits);
	uint64_t m = low_ones(cnt) << off;
	return trunc_bits((base & ~m) | ((ins << off) & m), bits);
}

static uint64_t ref_extract_u(uint64_t base, unsigned off, unsigned cnt)
{
	return cnt ? (base >> off) & low_ones(cnt) : 0;
}

/* The field sign-extended to `bits` bits (as the bit pattern). */
static uint64_t ref_extract_s(uint64_t base, unsigned off, unsigned cnt, unsigned bits)
{
	if (!cnt)
		return 0;
	uint64_t f = (base >> off) & low_ones(cnt);
	if (f >> (cnt - 1) & 1)
		f |= ~low_ones(cnt);
	return trunc_bits(f, bits);
}

static uint64_t ref_reverse(uint64_t x, unsigned bits)
{
	uint64_t r = 0;
	for (unsigned k = 0; k < bits; k++)
		if (x >> k & 1)
			r |= 1ull << (bits - 1 - k);
	return r;
}

static void put(void *buf, size_t i, uint64_t v, unsigned bytes)
{
	memcpy((char *)buf + i * bytes, &v, bytes); /* little-endian */
}

static uint64_t get(const void *buf, size_t i, unsigned bytes)
{
	uint64_t v = 0;
	memcpy(&v, (const char *)buf + i * bytes, bytes);
	return v;
}

static const struct {
	const char *name;
	unsigned bits;
} types[] = { { "char", 8 },   { "uchar", 8 }, { "short", 16 }, { "ushort", 16 },
	      { "int", 32 },   { "uint", 32 }, { "long", 64 },  { "ulong", 64 } };
static const unsigned widths[] = { 1, 2, 3, 4, 8, 16 };

/* An edge value (k < 7) or a random one, of `bits` bits. */
static uint64_t value(unsigned k, unsigned bits)
{
	uint64_t top = 1ull << (bits - 1);
	uint64_t v;
	switch (k % 9) {
	case 0: v = 0; break;
	case 1: v = ~0ull; break;
	case 2: v = 1; break;
	case 3: v = top; break;
	case 4: v = ~top; break;
	case 5: v = 0x5555555555555555ull; break;
	case 6: v = 0xaaaaaaaaaaaaaaaaull; break;
	default: v = bh_rand(); break;
	}
	return trunc_bits(v, bits);
}

static void run_one(struct bh *h, cl_program p, unsigned t, unsigned w, const char *std)
{
	unsigned bits = types[t].bits, bytes = bits / 8;
	/* Every (offset, count) pair, twice, with different values. */
	size_t pairs = 0;
	for (unsigned o = 0; o <= bits; o++)
		pairs += bits - o + 1;
	size_t n = 2 * pairs, e = n * w;
	uint32_t *off = malloc(n * 4), *cnt = malloc(n * 4);
	void *base = malloc(e * bytes), *ins = malloc(e * bytes);
	void *oi = calloc(e, bytes), *ou = calloc(e, bytes), *os = calloc(e, bytes),
	     *orv = calloc(e, bytes);
	REQUIRE(off && cnt && base && ins && oi && ou && os && orv);
	size_t i = 0;
	for (int rep = 0; rep < 2; rep++)
		for (unsigned o = 0; o <= bits; o++)
			for (unsigned c = 0; o + c <= bits; c++, i++) {
				off[i] = o;
				cnt[i] = c;
				for (unsigned l = 0; l < w; l++) {
					put(base, i * w + l, value((unsigned)(i + l + rep), bits), bytes);
					put(ins, i * w + l, value((unsigned)(i * 3 + l + 5), bits), bytes);
				}
			}
	char name[32];
	snprintf(name, sizeof(name), "k%u_%s", w, types[t].name);
	struct bh_arg args[] = { BH_BUF(base, e * bytes), BH_BUF(ins, e * bytes),
				 BH_BUF(off, n * 4), BH_BUF(cnt, n * 4),
				 BH_BUF(oi, e * bytes), BH_BUF(ou, e * bytes),
				 BH_BUF(os, e * bytes), BH_BUF(orv, e * bytes) };
	bh_run(h, p, name, n, 0, 8, args);
	int bad = 0;
	for (i = 0; i < n; i++)
		for (unsigned l = 0; l < w; l++) {
			size_t j = i * w + l;
			uint64_t x = get(base, j, bytes), y = get(ins, j, bytes);
			uint64_t want[4] = { ref_insert(x, y, off[i], cnt[i], bits),
					     ref_extract_u(x, off[i], cnt[i]),
					     ref_extract_s(x, off[i], cnt[i], bits),
					     ref_reverse(x, bits) };
			uint64_t got[4] = { get(oi, j, bytes), get(ou, j, bytes), get(os, j, bytes),
					    get(orv, j, bytes) };
			static const char *const fn[4] = { "bitfield_insert",
							   "bitfield_extract_unsigned",
							   "bitfield_extract_signed",
							   "bit_reverse" };
			for (int f = 0; f < 4; f++) {
				CHECK(got[f] == want[f]);
				if (got[f] != want[f] && bad++ < 8)
					fprintf(stderr,
						"%s %s %s: x %#llx y %#llx offset %u count %u: "
						"%#llx, expected %#llx\n",
						std, name, fn[f], (unsigned long long)x,
						(unsigned long long)y, off[i], cnt[i],
						(unsigned long long)got[f],
						(unsigned long long)want[f]);
			}
		}
	free(off);
	free(cnt);
	free(base);
	free(ins);
	free(oi);
	free(ou);
	free(os);
	free(orv);
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	CHECK(bh_has_extension(&h, "cl_khr_extended_bit_ops"));
	static const char *const stds[] = { "", "-cl-std=CL3.0" };
	for (int s = 0; s < 2; s++) {
		cl_program p = bh_build(&h, src, stds[s]);
		for (unsigned t = 0; t < sizeof(types) / sizeof(types[0]); t++)
			for (unsigned w = 0; w < sizeof(widths) / sizeof(widths[0]); w++)
				run_one(&h, p, t, widths[w], stds[s][0] ? stds[s] : "CL1.2");
		clReleaseProgram(p);
	}
	bh_release(&h);
	return check_done();
}
