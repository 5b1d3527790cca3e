/* cl_khr_work_group_uniform_arithmetic: work_group_reduce_<op>,
 * work_group_scan_inclusive_<op> and work_group_scan_exclusive_<op> for
 * and, or, xor, mul of int, uint, long and ulong, mul of float and double,
 * and logical_and, logical_or, logical_xor of int predicates, at local
 * sizes 1, 7, 64 and 256 over 1000 work-items (a smaller last group),
 * against host folds in linear id order (float and double products in
 * that order exactly), with edge and random inputs; plus a 2D NDRange. */
#include "builtin_harness.h"

#include <stdint.h>

#define N 1000

static const char *src =
	"#ifndef cl_khr_work_group_uniform_arithmetic\n"
	"#error cl_khr_work_group_uniform_arithmetic is not defined\n"
	"#endif\n"
	"#define K(T, OP) kernel void k_##OP##_##T(global const T *in, global T *r,\\\n"
	"    global T *si, global T *se) {                                          \\\n"
	"  size_t i = get_global_linear_id(); T x = in[i];                          \\\n"
	"  r[i] = work_group_reduce_##OP(x);                                        \\\n"
	"  si[i] = work_group_scan_inclusive_##OP(x);                               \\\n"
	"  se[i] = work_group_scan_exclusive_##OP(x); }\n"
	"#define KI(T) K(T, and) K(T, or) K(T, xor) K(T, mul)\n"
	"KI(int) KI(uint) KI(long) KI(ulong)\n"
	"K(float, mul) K(double, mul)\n"
	"K(int, logical_and) K(int, logical_or) K(int, logical_xor)\n";

enum op { AND, OR, XOR, MUL, LAND, LOR, LXOR };
static const char *const op_names[] = { "and", "or", "xor", "mul",
					"logical_and", "logical_or", "logical_xor" };
enum kind { I32, U32, I64, U64, F32, F64 };
static const char *const kind_names[] = { "int", "uint", "long", "ulong", "float", "double" };
static const unsigned kind_bytes[] = { 4, 4, 8, 8, 4, 8 };

/* Values as the bit patterns of their type, in a uint64_t. */
static uint64_t combine(enum op op, enum kind k, uint64_t a, uint64_t b)
{
	uint64_t m = kind_bytes[k] == 4 ? 0xffffffffull : ~0ull;
	switch (op) {
	case AND: return a & b;
	case OR: return a | b;
	case XOR: return a ^ b;
	case LAND: return (a != 0) & (b != 0);
	case LOR: return (a != 0) | (b != 0);
	case LXOR: return (a != 0) ^ (b != 0);
	case MUL:
		if (k == F32) {
			float x, y, z;
			uint32_t ua = (uint32_t)a, ub = (uint32_t)b, r;
			memcpy(&x, &ua, 4);
			memcpy(&y, &ub, 4);
			z = x * y;
			memcpy(&r, &z, 4);
			return r;
		}
		if (k == F64) {
			double x, y, z;
			uint64_t r;
			memcpy(&x, &a, 8);
			memcpy(&y, &b, 8);
			z = x * y;
			memcpy(&r, &z, 8);
			return r;
		}
		return (a * b) & m;
	}
	return 0;
}

static uint64_t identity(enum op op, enum kind k)
{
	switch (op) {
	case AND: return kind_bytes[k] == 4 ? 0xffffffffull : ~0ull;
	case MUL:
		if (k == F32) {
			float one = 1.0f;
			uint32_t r;
			memcpy(&r, &one, 4);
			return r;
		}
		if (k == F64) {
			double one = 1.0;
			uint64_t r;
			memcpy(&r, &one, 8);
			return r;
		}
		return 1;
	case LAND: return 1;
	default: return 0;
	}
}

static uint64_t input(enum op op, enum kind k, size_t i)
{
	uint64_t r = bh_rand();
	if (op == MUL && (k == F32 || k == F64)) {
		/* Near 1, so that 256 of them stay finite and normal. */
		double v = 0.9 + (double)(r % 20001) / 100000.0;
		if (k == F32) {
			float f = (float)v;
			uint32_t u;
			memcpy(&u, &f, 4);
			return u;
		}
		uint64_t u;
		memcpy(&u, &v, 8);
		return u;
	}
	if (op >= LAND)
		/* Mostly true, some false, so scans change along the group;
		 * true as values other than 1 too. */
		return i % 13 == 5 || i % 29 == 0 ? 0 : (r % 3 == 0 ? (uint64_t)-7 : 1 + (r % 5));
	if (op == AND)
		return i % 17 == 3 ? (r & ~(1ull << (r % 32))) : ~0ull ^ (1ull << (r % 64) & r);
	if (op == MUL)
		return i % 11 == 0 ? (uint64_t)-1 : (r % 5) + 1;
	return r;
}

static void run(struct bh *h, cl_program p, enum kind k, enum op op, size_t local)
{
	unsigned nb = kind_bytes[k];
	uint64_t m = nb == 4 ? 0xffffffffull : ~0ull;
	static uint64_t in64[N];
	static unsigned char in[N * 8], r[N * 8], si[N * 8], se[N * 8];
	for (size_t i = 0; i < N; i++) {
		in64[i] = input(op, k, i) & m;
		memcpy(in + i * nb, &in64[i], nb);
	}
	memset(r, 0, sizeof(r));
	memset(si, 0, sizeof(si));
	memset(se, 0, sizeof(se));
	char name[48];
	snprintf(name, sizeof(name), "k_%s_%s", op_names[op], kind_names[k]);
	struct bh_arg args[] = { BH_BUF(in, N * nb), BH_BUF(r, N * nb), BH_BUF(si, N * nb),
				 BH_BUF(se, N * nb) };
	bh_run(h, p, name, N, local, 4, args);
	int bad = 0;
	for (size_t g0 = 0; g0 < N; g0 += local) {
		size_t g1 = g0 + local < N ? g0 + local : N;
		uint64_t norm0 = op >= LAND ? (in64[g0] != 0) : in64[g0];
		uint64_t red = norm0;
		for (size_t i = g0 + 1; i < g1; i++)
			red = combine(op, k, red, op >= LAND ? (in64[i] != 0) : in64[i]);
		uint64_t acc = identity(op, k);
		for (size_t i = g0; i < g1; i++) {
			uint64_t ex = acc;
			uint64_t x = op >= LAND ? (in64[i] != 0) : in64[i];
			acc = i == g0 ? x : combine(op, k, acc, x);
			uint64_t gr = 0, gi = 0, ge = 0;
			memcpy(&gr, r + i * nb, nb);
			memcpy(&gi, si + i * nb, nb);
			memcpy(&ge, se + i * nb, nb);
			int ok = gr == red && gi == acc && ge == ex;
			CHECK(ok);
			if (!ok && bad++ < 5)
				fprintf(stderr, "%s local %zu item %zu: reduce %#llx (want %#llx) "
					"inclusive %#llx (%#llx) exclusive %#llx (%#llx)\n", name, local,
					i, (unsigned long long)gr, (unsigned long long)red,
					(unsigned long long)gi, (unsigned long long)acc,
					(unsigned long long)ge, (unsigned long long)ex);
		}
	}
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	if (!bh_has_extension(&h, "cl_khr_work_group_uniform_arithmetic")) {
		/* Implemented, listed only with F_KHR_UNLISTED
		 * (lib/devices/host_describe.c): the built-ins are not
		 * declared without the extension. */
		cl_int err;
		cl_program p = clCreateProgramWithSource(h.context, 1, &src, NULL, &err);
		CHECK_ERR(clBuildProgram(p, 1, &h.device, "-cl-std=CL3.0", NULL, NULL),
			  CL_BUILD_PROGRAM_FAILURE);
		clReleaseProgram(p);
		bh_release(&h);
		printf("cl_khr_work_group_uniform_arithmetic not reported\n");
		return check_done();
	}
	cl_program p = bh_build(&h, src, "-cl-std=CL3.0");
	static const size_t locals[] = { 1, 7, 64, 256 };
	for (size_t l = 0; l < sizeof(locals) / sizeof(locals[0]); l++) {
		for (int k = I32; k <= U64; k++)
			for (int op = AND; op <= MUL; op++)
				run(&h, p, (enum kind)k, (enum op)op, locals[l]);
		run(&h, p, F32, MUL, locals[l]);
		run(&h, p, F64, MUL, locals[l]);
		for (int op = LAND; op <= LXOR; op++)
			run(&h, p, I32, (enum op)op, locals[l]);
	}

	/* 2D: groups of 8 x 4, linear id order x fastest. */
	cl_int err;
	cl_kernel kx = clCreateKernel(p, "k_xor_uint", &err);
	REQUIRE(err == CL_SUCCESS);
	static cl_uint in[32 * 8], red[32 * 8], inc[32 * 8], exc[32 * 8];
	for (int i = 0; i < 32 * 8; i++)
		in[i] = (cl_uint)bh_rand();
	cl_mem b[4];
	void *host[4] = { in, red, inc, exc };
	for (int i = 0; i < 4; i++) {
		b[i] = clCreateBuffer(h.context, CL_MEM_COPY_HOST_PTR, sizeof(in), host[i], &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK_OK(clSetKernelArg(kx, (cl_uint)i, sizeof(cl_mem), &b[i]));
	}
	size_t gs[2] = { 32, 8 }, ls[2] = { 8, 4 };
	CHECK_OK(clEnqueueNDRangeKernel(h.queue, kx, 2, NULL, gs, ls, 0, NULL, NULL));
	for (int i = 1; i < 4; i++)
		CHECK_OK(clEnqueueReadBuffer(h.queue, b[i], CL_TRUE, 0, sizeof(in), host[i], 0, NULL,
					     NULL));
	for (int gy = 0; gy < 2; gy++)
		for (int gx = 0; gx < 4; gx++) {
			cl_uint all = 0, acc = 0;
			for (int ly = 0; ly < 4; ly++)
				for (int lx = 0; lx < 8; lx++)
					all ^= in[(gy * 4 + ly) * 32 + gx * 8 + lx];
			for (int ly = 0; ly < 4; ly++)
				for (int lx = 0; lx < 8; lx++) {
					int i = (gy * 4 + ly) * 32 + gx * 8 + lx;
					CHECK(exc[i] == acc);
					acc ^= in[i];
					CHECK(inc[i] == acc && red[i] == all);
				}
		}
	for (int i = 0; i < 4; i++)
		clReleaseMemObject(b[i]);
	clReleaseKernel(kx);
	clReleaseProgram(p);
	bh_release(&h);
	return check_done();
}
