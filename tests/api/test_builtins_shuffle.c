/* shuffle and shuffle2 (OpenCL C 3.0 section 6.15.12) for every element
 * type and every input/mask width pair (2, 4, 8, 16), with random masks
 * whose high bits must be ignored, against a host reference. */
#include "builtin_harness.h"

#include <stdint.h>

static const char *types[] = { "char", "uchar", "short", "ushort", "int",
			       "uint", "long", "ulong", "float", "double" };
static const char *masks[] = { "uchar", "uchar", "ushort", "ushort", "uint",
			       "uint", "ulong", "ulong", "uint", "ulong" };
static const int sizes[] = { 1, 1, 2, 2, 4, 4, 8, 8, 4, 8 };
static const int widths[] = { 2, 4, 8, 16 };
#define ITEMS 8

int main(void)
{
	struct bh h;
	bh_init(&h);
	REQUIRE(bh_has_extension(&h, "cl_khr_fp64"));
	size_t cap = 1 << 20, len = 0;
	char *src = malloc(cap);
	len += snprintf(src + len, cap - len, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
	/* sh_<T>_<m>_<n>(x, y, mask, o1, o2): item i shuffles x[i], y[i]. */
	for (int t = 0; t < 10; t++)
		for (int a = 0; a < 4; a++)
			for (int b = 0; b < 4; b++) {
				const char *T = types[t], *U = masks[t];
				int m = widths[a], n = widths[b];
				len += snprintf(src + len, cap - len,
						"kernel void sh_%s_%d_%d(global %s *x, global %s *y, global %s *k,\n"
						"    global %s *o1, global %s *o2) {\n"
						"  size_t i = get_global_id(0);\n"
						"  %s%d mask = vload%d(i, k);\n"
						"  vstore%d(shuffle(vload%d(i, x), mask), i, o1);\n"
						"  vstore%d(shuffle2(vload%d(i, x), vload%d(i, y), mask), i, o2); }\n",
						T, m, n, T, T, U, T, T, U, n, n, n, m, n, m, m);
			}
	REQUIRE(len < cap);
	cl_program prog = bh_build(&h, src, NULL);
	free(src);

	static unsigned char x[ITEMS * 16 * 8], y[ITEMS * 16 * 8], k[ITEMS * 16 * 8],
		o1[ITEMS * 16 * 8], o2[ITEMS * 16 * 8];
	for (int t = 0; t < 10; t++)
		for (int a = 0; a < 4; a++)
			for (int b = 0; b < 4; b++) {
				int m = widths[a], n = widths[b], sz = sizes[t];
				for (size_t i = 0; i < sizeof(x); i++) {
					x[i] = (unsigned char)bh_rand();
					y[i] = (unsigned char)bh_rand();
				}
				/* Random masks: all bits random, so the ignored high bits vary. */
				for (size_t i = 0; i < sizeof(k); i++)
					k[i] = (unsigned char)bh_rand();
				char name[48];
				snprintf(name, sizeof(name), "sh_%s_%d_%d", types[t], m, n);
				struct bh_arg args[] = { BH_BUF(x, ITEMS * m * sz), BH_BUF(y, ITEMS * m * sz),
							 BH_BUF(k, ITEMS * n * sz), BH_BUF(o1, ITEMS * n * sz),
							 BH_BUF(o2, ITEMS * n * sz) };
				bh_run(&h, prog, name, ITEMS, 0, 5, args);
				int bad = 0;
				for (int i = 0; i < ITEMS; i++)
					for (int j = 0; j < n; j++) {
						uint64_t mk = 0;
						memcpy(&mk, k + (i * n + j) * sz, sz); /* little-endian */
						int s1 = (int)(mk % (uint64_t)m), s2 = (int)(mk % (uint64_t)(2 * m));
						const unsigned char *w1 = x + (i * m + s1) * sz;
						const unsigned char *w2 = s2 < m ? x + (i * m + s2) * sz
										 : y + (i * m + s2 - m) * sz;
						bad += memcmp(o1 + (i * n + j) * sz, w1, sz) != 0;
						bad += memcmp(o2 + (i * n + j) * sz, w2, sz) != 0;
					}
				if (bad)
					fprintf(stderr, "%s: %d wrong components\n", name, bad);
				CHECK(bad == 0);
			}
	clReleaseProgram(prog);
	bh_release(&h);
	return check_done();
}
