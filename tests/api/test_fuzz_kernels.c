/* Differential fuzzing of the compiler and both drivers with generated
 * integer kernels: random expressions over uint scalars and uint4 vectors
 * (arithmetic, bitwise operators, shifts, comparisons, selects, integer
 * built-ins), a loop whose trip count varies between work-items, and a
 * neighbour exchange through __local memory across a barrier.  Every kernel
 * is built with the default options and with -cl-opt-disable and run on
 * every device of KILN_DEVICES=cpu,serial (the test sets it unless the
 * environment already does); the results must equal, bit for bit, a host
 * interpretation of the same expression trees.  Only operations whose
 * result OpenCL C defines for every input are generated (unsigned wrap,
 * masked shift counts, divisors made odd), so any difference is a bug.
 *
 * Fixed seeds: KILN_FUZZ_KERNELS (default 100 kernels, in programs of 25)
 * and KILN_FUZZ_SEED make longer or other runs. */
#include "check.h"

#include <stdint.h>

#define LS 64    /* work-group size */
#define GLOBAL 256
#define PER_PROGRAM 25

/* ---- expression trees ---------------------------------------------------- */

enum op {
	LEAF_X, LEAF_Y, LEAF_ACC, LEAF_T, LEAF_GID, LEAF_LID, LEAF_NB, LEAF_CONST,
	LEAF_V0, LEAF_V1, /* vector leaves: (acc, nb, x, y) and its .wzyx */
	ADD, SUB, MUL, DIV, REM, AND, OR, XOR, SHL, SHR, NOT, NEG,
	LT, EQ, SEL, MIN, MAX, ROT, CLZ, POPC, MULHI, ADDSAT, HADD, ABSDIFF,
};

struct node {
	enum op op;
	uint32_t k;
	int a, b, c;
};

struct tree {
	struct node n[256];
	int count;
};

static unsigned seed;

static unsigned rnd(unsigned n)
{
	return check_rand(&seed) % n;
}

static int add_node(struct tree *t, struct node nd)
{
	REQUIRE(t->count < 256);
	t->n[t->count] = nd;
	return t->count++;
}

/* A random tree of depth ≤ depth over `leaves`; vector trees use no
 * comparisons, selects or clz/popcount (their vector forms differ). */
static int gen(struct tree *t, int depth, const enum op *leaves, int nleaves,
	       int vector)
{
	if (depth == 0 || rnd(4) == 0) {
		struct node nd = { .op = leaves[rnd((unsigned)nleaves)] };
		if (rnd(5) == 0) {
			nd.op = LEAF_CONST;
			static const uint32_t ks[] = { 0, 1, 2, 3, 7, 31, 32, 255, 0x80000000u,
						       0xffffffffu, 0x7fffffffu, 12345 };
			nd.k = rnd(3) ? ks[rnd(sizeof(ks) / sizeof(ks[0]))] : check_rand(&seed);
		}
		return add_node(t, nd);
	}
	static const enum op scalar_ops[] = { ADD, SUB, MUL, DIV, REM, AND, OR, XOR, SHL,
					      SHR, NOT, NEG, LT, EQ, SEL, MIN, MAX, ROT,
					      CLZ, POPC, MULHI, ADDSAT, HADD, ABSDIFF };
	static const enum op vector_ops[] = { ADD, SUB, MUL, DIV, REM, AND, OR, XOR, SHL,
					      SHR, NOT, MIN, MAX, ROT, MULHI, ADDSAT,
					      HADD, ABSDIFF };
	enum op op = vector ? vector_ops[rnd(sizeof(vector_ops) / sizeof(vector_ops[0]))]
			    : scalar_ops[rnd(sizeof(scalar_ops) / sizeof(scalar_ops[0]))];
	struct node nd = { .op = op };
	nd.a = gen(t, depth - 1, leaves, nleaves, vector);
	if (op != NOT && op != NEG && op != CLZ && op != POPC)
		nd.b = gen(t, depth - 1, leaves, nleaves, vector);
	if (op == SEL)
		nd.c = gen(t, depth - 1, leaves, nleaves, vector);
	return add_node(t, nd);
}

/* OpenCL C text of node i; `ty` is "uint" or "uint4". */
static void emit(const struct tree *t, int i, const char *ty, char *out, size_t cap)
{
	const struct node *nd = &t->n[i];
	char a[8192] = "", b[8192] = "", c[8192] = "";
	if (nd->op >= ADD) {
		emit(t, nd->a, ty, a, sizeof(a));
		if (nd->op != NOT && nd->op != NEG && nd->op != CLZ && nd->op != POPC)
			emit(t, nd->b, ty, b, sizeof(b));
		if (nd->op == SEL)
			emit(t, nd->c, ty, c, sizeof(c));
	}
	switch (nd->op) {
	case LEAF_X: snprintf(out, cap, "x"); break;
	case LEAF_Y: snprintf(out, cap, "y"); break;
	case LEAF_ACC: snprintf(out, cap, "acc"); break;
	case LEAF_T: snprintf(out, cap, "t"); break;
	case LEAF_GID: snprintf(out, cap, "gid"); break;
	case LEAF_LID: snprintf(out, cap, "lid"); break;
	case LEAF_NB: snprintf(out, cap, "nb"); break;
	case LEAF_V0: snprintf(out, cap, "v0"); break;
	case LEAF_V1: snprintf(out, cap, "v0.wzyx"); break;
	case LEAF_CONST: snprintf(out, cap, "((%s)%uu)", ty, nd->k); break;
	case ADD: snprintf(out, cap, "(%s + %s)", a, b); break;
	case SUB: snprintf(out, cap, "(%s - %s)", a, b); break;
	case MUL: snprintf(out, cap, "(%s * %s)", a, b); break;
	case DIV: snprintf(out, cap, "(%s / (%s | (%s)1u))", a, b, ty); break;
	case REM: snprintf(out, cap, "(%s %% (%s | (%s)1u))", a, b, ty); break;
	case AND: snprintf(out, cap, "(%s & %s)", a, b); break;
	case OR: snprintf(out, cap, "(%s | %s)", a, b); break;
	case XOR: snprintf(out, cap, "(%s ^ %s)", a, b); break;
	/* §6.3.j (OpenCL C): the shift count is masked to the width. */
	case SHL: snprintf(out, cap, "(%s << %s)", a, b); break;
	case SHR: snprintf(out, cap, "(%s >> %s)", a, b); break;
	case NOT: snprintf(out, cap, "(~%s)", a); break;
	case NEG: snprintf(out, cap, "(-%s)", a); break;
	case LT: snprintf(out, cap, "((uint)(%s < %s))", a, b); break;
	case EQ: snprintf(out, cap, "((uint)(%s == %s))", a, b); break;
	case SEL: snprintf(out, cap, "(%s > %s ? %s : %s)", a, b, c, a); break;
	case MIN: snprintf(out, cap, "min(%s, %s)", a, b); break;
	case MAX: snprintf(out, cap, "max(%s, %s)", a, b); break;
	case ROT: snprintf(out, cap, "rotate(%s, %s)", a, b); break;
	case CLZ: snprintf(out, cap, "clz(%s)", a); break;
	case POPC: snprintf(out, cap, "popcount(%s)", a); break;
	case MULHI: snprintf(out, cap, "mul_hi(%s, %s)", a, b); break;
	case ADDSAT: snprintf(out, cap, "add_sat(%s, %s)", a, b); break;
	case HADD: snprintf(out, cap, "hadd(%s, %s)", a, b); break;
	case ABSDIFF: snprintf(out, cap, "abs_diff(%s, %s)", a, b); break;
	}
}

struct env {
	uint32_t x, y, acc, t, gid, lid, nb;
	uint32_t v0[4];
	int lane;
};

/* The host's reading of node i (the spec's definition of each operator). */
static uint32_t eval(const struct tree *t, int i, const struct env *e)
{
	const struct node *nd = &t->n[i];
	uint32_t a = 0, b = 0;
	if (nd->op >= ADD && nd->op != SEL) {
		a = eval(t, nd->a, e);
		if (nd->op != NOT && nd->op != NEG && nd->op != CLZ && nd->op != POPC)
			b = eval(t, nd->b, e);
	}
	switch (nd->op) {
	case LEAF_X: return e->x;
	case LEAF_Y: return e->y;
	case LEAF_ACC: return e->acc;
	case LEAF_T: return e->t;
	case LEAF_GID: return e->gid;
	case LEAF_LID: return e->lid;
	case LEAF_NB: return e->nb;
	case LEAF_V0: return e->v0[e->lane];
	case LEAF_V1: return e->v0[3 - e->lane];
	case LEAF_CONST: return nd->k;
	case ADD: return a + b;
	case SUB: return a - b;
	case MUL: return a * b;
	case DIV: return a / (b | 1u);
	case REM: return a % (b | 1u);
	case AND: return a & b;
	case OR: return a | b;
	case XOR: return a ^ b;
	case SHL: return a << (b & 31);
	case SHR: return a >> (b & 31);
	case NOT: return ~a;
	case NEG: return 0u - a;
	case LT: return a < b;
	case EQ: return a == b;
	case SEL: {
		uint32_t x = eval(t, nd->a, e), y = eval(t, nd->b, e);
		return x > y ? eval(t, nd->c, e) : x;
	}
	case MIN: return a < b ? a : b;
	case MAX: return a > b ? a : b;
	case ROT: return (b & 31) ? (a << (b & 31)) | (a >> (32 - (b & 31))) : a;
	case CLZ: return a ? (uint32_t)__builtin_clz(a) : 32;
	case POPC: return (uint32_t)__builtin_popcount(a);
	case MULHI: return (uint32_t)(((uint64_t)a * b) >> 32);
	case ADDSAT: return a + b < a ? 0xffffffffu : a + b;
	case HADD: return (a >> 1) + (b >> 1) + (a & b & 1);
	case ABSDIFF: return a > b ? a - b : b - a;
	}
	return 0;
}

/* One generated kernel: acc = e0(x, y, gid); a loop of (x % 5) + k
 * rounds acc = e1(acc, t, x, y); a barrier and the neighbour's acc (nb);
 * then a uint4 expression e2 of v0 = (acc, nb, x, y), folded to one uint. */
struct kernel_case {
	struct tree e0, e1, e2;
	unsigned k, shift;
};

static void gen_case(struct kernel_case *kc)
{
	static const enum op l0[] = { LEAF_X, LEAF_Y, LEAF_GID, LEAF_LID };
	static const enum op l1[] = { LEAF_ACC, LEAF_T, LEAF_X, LEAF_Y };
	static const enum op l2[] = { LEAF_V0, LEAF_V1 };
	memset(kc, 0, sizeof(*kc));
	gen(&kc->e0, 4, l0, 4, 0);
	gen(&kc->e1, 3, l1, 4, 0);
	gen(&kc->e2, 3, l2, 2, 1);
	kc->k = rnd(4);
	kc->shift = 1 + rnd(LS - 1);
}

static void emit_case(const struct kernel_case *kc, int idx, char *out, size_t cap)
{
	static char e0[16384], e1[16384], e2[16384];
	emit(&kc->e0, kc->e0.count - 1, "uint", e0, sizeof(e0));
	emit(&kc->e1, kc->e1.count - 1, "uint", e1, sizeof(e1));
	emit(&kc->e2, kc->e2.count - 1, "uint4", e2, sizeof(e2));
	snprintf(out, cap,
		 "kernel void f%d(global const uint *a, global const uint *b,\n"
		 "                global uint *out, local uint *tmp)\n"
		 "{\n"
		 "  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0);\n"
		 "  uint x = a[gid], y = b[gid];\n"
		 "  uint acc = %s;\n"
		 "  for (uint t = 0; t < x %% 5u + %uu; t++)\n"
		 "    acc = %s;\n"
		 "  tmp[lid] = acc;\n"
		 "  barrier(CLK_LOCAL_MEM_FENCE);\n"
		 "  uint nb = tmp[(lid + %uu) %% %uu];\n"
		 "  uint4 v0 = (uint4)(acc, nb, x, y);\n"
		 "  uint4 r = %s;\n"
		 "  out[gid] = r.x ^ (r.y * 3u) ^ (r.z + r.w) ^ nb;\n"
		 "}\n",
		 idx, e0, kc->k, e1, kc->shift, (unsigned)LS, e2);
}

static void host_run(const struct kernel_case *kc, const uint32_t *a,
		     const uint32_t *b, uint32_t *out)
{
	uint32_t accs[GLOBAL];
	for (uint32_t g = 0; g < GLOBAL; g++) {
		struct env e = { .x = a[g], .y = b[g], .gid = g, .lid = g % LS };
		e.acc = eval(&kc->e0, kc->e0.count - 1, &e);
		for (e.t = 0; e.t < e.x % 5u + kc->k; e.t++)
			e.acc = eval(&kc->e1, kc->e1.count - 1, &e);
		accs[g] = e.acc;
	}
	for (uint32_t g = 0; g < GLOBAL; g++) {
		uint32_t base = g - g % LS;
		struct env e = { .x = a[g], .y = b[g], .gid = g, .lid = g % LS,
				 .acc = accs[g],
				 .nb = accs[base + (g % LS + kc->shift) % LS] };
		uint32_t v[4] = { e.acc, e.nb, e.x, e.y }, r[4];
		memcpy(e.v0, v, sizeof(v));
		for (e.lane = 0; e.lane < 4; e.lane++)
			r[e.lane] = eval(&kc->e2, kc->e2.count - 1, &e);
		out[g] = r[0] ^ (r[1] * 3u) ^ (r[2] + r[3]) ^ e.nb;
	}
}

int main(void)
{
	setenv("KILN_DEVICES", "cpu,serial", 0);
	cl_platform_id platform;
	cl_int err;
	cl_uint ndev = 0;
	REQUIRE(clGetPlatformIDs(1, &platform, NULL) == CL_SUCCESS);
	cl_device_id devs[4];
	REQUIRE(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 4, devs, &ndev) == CL_SUCCESS);
	if (ndev > 4)
		ndev = 4;
	cl_context ctx = clCreateContext(NULL, ndev, devs, NULL, NULL, &err);
	REQUIRE(ctx);
	cl_command_queue qs[4];
	for (cl_uint d = 0; d < ndev; d++) {
		qs[d] = clCreateCommandQueueWithProperties(ctx, devs[d], NULL, &err);
		REQUIRE(qs[d]);
	}
	int total = 100;
	const char *e = getenv("KILN_FUZZ_KERNELS");
	if (e && atoi(e) > 0)
		total = atoi(e);
	seed = 20261125u;
	e = getenv("KILN_FUZZ_SEED");
	if (e)
		seed = (unsigned)strtoul(e, NULL, 0);

	uint32_t a[GLOBAL], b[GLOBAL], expect[GLOBAL], got[GLOBAL];
	static const char *const options[] = { "", "-cl-opt-disable" };
	static char src[PER_PROGRAM * 65536];
	struct kernel_case *cases = calloc(PER_PROGRAM, sizeof(*cases));
	REQUIRE(cases);
	int runs = 0, mismatches = 0;
	for (int first = 0; first < total; first += PER_PROGRAM) {
		int n = total - first < PER_PROGRAM ? total - first : PER_PROGRAM;
		size_t len = 0;
		for (int i = 0; i < n; i++) {
			gen_case(&cases[i]);
			emit_case(&cases[i], i, src + len, sizeof(src) - len);
			len += strlen(src + len);
		}
		for (int o = 0; o < 2; o++) {
			const char *s = src;
			cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &err);
			REQUIRE(p);
			err = clBuildProgram(p, ndev, devs, options[o], NULL, NULL);
			if (err != CL_SUCCESS) {
				static char log[1 << 16];
				clGetProgramBuildInfo(p, devs[0], CL_PROGRAM_BUILD_LOG,
						      sizeof(log), log, NULL);
				fprintf(stderr, "build failed (%d, \"%s\"):\n%s\n%s\n", err,
					options[o], log, src);
			}
			REQUIRE(err == CL_SUCCESS);
			for (int i = 0; i < n; i++) {
				unsigned dseed = (unsigned)(first + i) * 2654435761u;
				for (int g = 0; g < GLOBAL; g++) {
					a[g] = check_rand(&dseed) ^ (check_rand(&dseed) << 20);
					b[g] = g % 3 ? check_rand(&dseed) : (uint32_t)g;
				}
				host_run(&cases[i], a, b, expect);
				char name[16];
				snprintf(name, sizeof(name), "f%d", i);
				cl_kernel k = clCreateKernel(p, name, &err);
				REQUIRE(k);
				cl_mem ba = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
							   sizeof(a), a, &err);
				cl_mem bb = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
							   sizeof(b), b, &err);
				cl_mem bo = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(got), NULL, &err);
				REQUIRE(ba && bb && bo);
				CHECK_OK(clSetKernelArg(k, 0, sizeof(ba), &ba));
				CHECK_OK(clSetKernelArg(k, 1, sizeof(bb), &bb));
				CHECK_OK(clSetKernelArg(k, 2, sizeof(bo), &bo));
				CHECK_OK(clSetKernelArg(k, 3, LS * sizeof(cl_uint), NULL));
				for (cl_uint d = 0; d < ndev; d++) {
					size_t global = GLOBAL, local = LS;
					memset(got, 0xa5, sizeof(got));
					CHECK_OK(clEnqueueNDRangeKernel(qs[d], k, 1, NULL, &global, &local,
									0, NULL, NULL));
					CHECK_OK(clEnqueueReadBuffer(qs[d], bo, CL_TRUE, 0, sizeof(got), got,
								     0, NULL, NULL));
					runs++;
					int bad = memcmp(got, expect, sizeof(got)) != 0;
					CHECK(!bad);
					if (bad && mismatches++ < 3) {
						int g = 0;
						while (got[g] == expect[g])
							g++;
						fprintf(stderr, "kernel f%d of program %d, options \"%s\", "
							"device %u: out[%d] = 0x%08x, host 0x%08x "
							"(a 0x%08x, b 0x%08x)\n%.*s\n", i, first / PER_PROGRAM,
							options[o], d, g, got[g], expect[g], a[g], b[g],
							4000, strstr(src, name));
					}
				}
				clReleaseMemObject(ba);
				clReleaseMemObject(bb);
				clReleaseMemObject(bo);
				clReleaseKernel(k);
			}
			clReleaseProgram(p);
		}
	}
	printf("%d kernels x 2 option sets x %u devices: %d runs, %d differ from the host\n",
	       total, ndev, runs, mismatches);
	free(cases);
	for (cl_uint d = 0; d < ndev; d++)
		clReleaseCommandQueue(qs[d]);
	clReleaseContext(ctx);
	return check_done();
}
