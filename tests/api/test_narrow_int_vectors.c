/* 16- and 8-bit integer arithmetic across work-items: short, ushort, char
 * and uchar, scalar and 2-, 3-, 4-, 8- and 16-wide, through + - * (and a
 * multiply-add), masked shifts, a compare-and-select, and the
 * multiply-add chain of the clpeak-style benchmark, against host
 * references that wrap at the type's width (OpenCL C 3.0 §6.5: a scalar
 * short or char is promoted to int and the result converted back on
 * assignment; vector arithmetic is done in the element type; both wrap
 * the same way).  Every result is kept across a barrier, so it lives in
 * the context between two regions (kiln-context packs each value at its
 * own width, and the next-region slot in one byte), and the chain runs in
 * a uniform loop the work-item loops run inside.  1000 work-items in
 * groups of several sizes (non-uniform ones included). */
#include "../common/check.h"

#include <stdint.h>
#include <string.h>

#define W 1000     /* work-items */
#define RESULTS 9  /* values stored per work-item and lane */
#define CHAIN 5    /* iterations of the multiply-add chain */
#define MAX_N 16

struct elem {
	const char *name;
	unsigned bits;
	int is_signed;
};
static const struct elem elems[] = {
	{ "short", 16, 1 }, { "ushort", 16, 0 }, { "char", 8, 1 }, { "uchar", 8, 0 }
};
static const unsigned widths[] = { 1, 2, 3, 4, 8, 16 };
#define NELEMS (sizeof(elems) / sizeof(elems[0]))
#define NWIDTHS (sizeof(widths) / sizeof(widths[0]))

/* One kernel k_<elem><n> per element type and width. */
static void kernel_source(char *dst, size_t size, const struct elem *e, unsigned n)
{
	char t[16], ld_a[48], ld_b[48];
	if (n == 1) {
		snprintf(t, sizeof(t), "%s", e->name);
		snprintf(ld_a, sizeof(ld_a), "a[g]");
		snprintf(ld_b, sizeof(ld_b), "b[g]");
	} else {
		snprintf(t, sizeof(t), "%s%u", e->name, n);
		snprintf(ld_a, sizeof(ld_a), "vload%u(g, a)", n);
		snprintf(ld_b, sizeof(ld_b), "vload%u(g, b)", n);
	}
	char st[RESULTS][64];
	static const char *const vals[RESULTS] = { "s", "d", "m", "md", "shl", "shr", "sel", "eq", "y" };
	for (int r = 0; r < RESULTS; r++) {
		if (n == 1)
			snprintf(st[r], sizeof(st[r]), "out[g * %d + %d] = %s;", RESULTS, r, vals[r]);
		else
			snprintf(st[r], sizeof(st[r]), "vstore%u(%s, g * %d + %d, out);", n, vals[r],
				 RESULTS, r);
	}
	/* A scalar ushort is promoted to int, where 65535 * 65535 would
	 * overflow (undefined): its products are taken in uint instead, which
	 * the conversion back wraps the same way. */
	const char *mul = n == 1 && e->bits == 16 && !e->is_signed ? "((uint)(p) * (q))"
								    : "((p) * (q))";
	snprintf(dst, size,
		 "#define MUL(p, q) %s\n"
		 "kernel void k_%s%u(global %s *out, global const %s *a, global const %s *b,\n"
		 "                   %s c, int iters)\n"
		 "{\n"
		 "  size_t g = get_global_id(0);\n"
		 "  %s x = %s, y = %s;\n"
		 "  %s s = x + y, d = x - y, m = MUL(x, y), md = MUL(x, y) + (%s)c;\n"
		 "  %s shl = x << (y & (%s)%u), shr = x >> (y & (%s)%u);\n"
		 "  %s sel = x < y ? s : m;\n"
		 "  %s eq = (x & (%s)3) == (y & (%s)3) ? d : md;\n"
		 "  barrier(CLK_LOCAL_MEM_FENCE);\n"
		 "  for (int i = 0; i < iters; i++) { x = MUL(y, x) + y; y = MUL(x, y) + x; }\n"
		 "  %s %s %s %s %s %s %s %s %s\n"
		 "}\n",
		 mul, e->name, n, e->name, e->name, e->name, e->name, t, ld_a, ld_b, t, t, t, t,
		 e->bits - 1, t, e->bits - 1, t, t, t, t, st[0], st[1], st[2], st[3], st[4], st[5],
		 st[6], st[7], st[8]);
}

/* v wrapped to the element's width, read back in its signedness. */
static int64_t wrap(const struct elem *e, int64_t v)
{
	uint64_t mask = (1ull << e->bits) - 1, u = (uint64_t)v & mask;
	if (e->is_signed && (u >> (e->bits - 1)))
		return (int64_t)(u | ~mask);
	return (int64_t)u;
}

/* The nine results for one lane. */
static void reference(const struct elem *e, int64_t x, int64_t y, int64_t c, int64_t out[RESULTS])
{
	int64_t s = wrap(e, x + y), d = wrap(e, x - y), m = wrap(e, x * y);
	int64_t md = wrap(e, x * y + c);
	unsigned k = (unsigned)(y & (e->bits - 1));
	out[0] = s;
	out[1] = d;
	out[2] = m;
	out[3] = md;
	out[4] = wrap(e, (int64_t)((uint64_t)x << k));
	out[5] = wrap(e, x >> k); /* x is sign-extended when signed: arithmetic */
	out[6] = x < y ? s : m;
	out[7] = (x & 3) == (y & 3) ? d : md;
	for (int i = 0; i < CHAIN; i++) {
		x = wrap(e, y * x + y);
		y = wrap(e, x * y + x);
	}
	out[8] = y;
}

static int64_t get(const struct elem *e, const unsigned char *buf, size_t i)
{
	if (e->bits == 16) {
		uint16_t v;
		memcpy(&v, buf + 2 * i, 2);
		return wrap(e, v);
	}
	return wrap(e, buf[i]);
}

static void put(const struct elem *e, unsigned char *buf, size_t i, int64_t v)
{
	if (e->bits == 16) {
		uint16_t u = (uint16_t)v;
		memcpy(buf + 2 * i, &u, 2);
	} else {
		buf[i] = (unsigned char)v;
	}
}

static cl_context context;
static cl_command_queue queue;
static cl_device_id device;
static unsigned char a_host[W * MAX_N * 2], b_host[W * MAX_N * 2];
static unsigned char out_host[W * MAX_N * RESULTS * 2];

static void run(const struct elem *e, unsigned n, size_t local)
{
	static char src[4096];
	kernel_source(src, sizeof(src), e, n);
	char name[32];
	snprintf(name, sizeof(name), "k_%s%u", e->name, n);
	cl_program p = check_build(context, device, src, "-cl-std=CL3.0");
	cl_int err;
	cl_kernel k = clCreateKernel(p, name, &err);
	REQUIRE(err == CL_SUCCESS);
	size_t es = e->bits / 8, lanes = (size_t)W * n;
	unsigned seed = 12345u + n * 77u + e->bits;
	for (size_t i = 0; i < lanes; i++) {
		put(e, a_host, i, check_rand(&seed));
		/* small values too, so that shifts and the chain see them */
		put(e, b_host, i, i % 5 == 0 ? (int64_t)(i % 11) - 5 : check_rand(&seed));
	}
	int64_t c = wrap(e, 0x1234567);
	cl_mem a = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, lanes * es, a_host, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem b = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, lanes * es, b_host, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem o = clCreateBuffer(context, CL_MEM_READ_WRITE, lanes * RESULTS * es, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	unsigned char c_arg[2];
	put(e, c_arg, 0, c);
	cl_int iters = CHAIN;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(o), &o));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(a), &a));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(b), &b));
	CHECK_OK(clSetKernelArg(k, 3, es, c_arg));
	CHECK_OK(clSetKernelArg(k, 4, sizeof(iters), &iters));
	size_t global = W;
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, local ? &local : NULL, 0, NULL,
					NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, o, CL_TRUE, 0, lanes * RESULTS * es, out_host, 0, NULL,
				     NULL));
	int bad = 0;
	for (size_t g = 0; g < W; g++)
		for (unsigned l = 0; l < n; l++) {
			int64_t want[RESULTS];
			reference(e, get(e, a_host, g * n + l), get(e, b_host, g * n + l), c, want);
			for (int r = 0; r < RESULTS; r++) {
				int64_t got = get(e, out_host, (g * RESULTS + r) * n + l);
				if (got != want[r] && bad++ < 3)
					fprintf(stderr,
						"%s local=%zu: item %zu lane %u result %d: got %lld, want %lld\n",
						name, local, g, l, r, (long long)got, (long long)want[r]);
			}
		}
	CHECK(bad == 0);
	clReleaseMemObject(a);
	clReleaseMemObject(b);
	clReleaseMemObject(o);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);
	/* the platform's pick, one, a non-uniform 7, a vector's worth and
	 * clpeak's 256 (non-uniform: 1000 is no multiple of 7, 64 or 256) */
	static const size_t locals[] = { 0, 1, 7, 64, 256 };
	for (size_t ei = 0; ei < NELEMS; ei++)
		for (size_t wi = 0; wi < NWIDTHS; wi++)
			for (size_t li = 0; li < sizeof(locals) / sizeof(locals[0]); li++)
				run(&elems[ei], widths[wi], locals[li]);
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
