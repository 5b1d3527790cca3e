/* The generic address space (OpenCL C 3.0 §6.7.1, feature
 * __opencl_c_generic_address_space; CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT):
 * to_global, to_local and to_private give the pointer back only for a
 * pointer into their own space and NULL otherwise, for pointers into
 * global buffers, kernel-scope __local variables, __local arguments,
 * private variables and arrays, private values kept across a barrier, and
 * program-scope globals; get_fence names the right fence; functions taking
 * generic pointers are called with each space; generic pointers live in
 * private arrays and structs; atomics work through generic pointers.
 * Every result is compared with what the host expects. */
#include "builtin_harness.h"

#define N 512
#define L 32
#define G (N / L)
#define K 16 /* results per work-item */

static const char *src =
	"#define CLASS(p) ((to_global(p) != 0) | (to_local(p) != 0) << 1 | (to_private(p) != 0) << 2)\n"
	/* a function of generic pointers, called with each space */
	"int classify(int *p) { return CLASS(p); }\n"
	"void add_to(int *p, int v) { *p += v; }\n"
	"int same(int *p) {\n"
	"  return (to_global(p) == (global int *)p || !to_global(p)) &&\n"
	"         (to_local(p) == (local int *)p || !to_local(p)) &&\n"
	"         (to_private(p) == (private int *)p || !to_private(p));\n"
	"}\n"
	"struct holder { int *p; int k; };\n"
	"#ifdef __opencl_c_program_scope_global_variables\n"
	"global int prog_var = 5;\n"
	"#define PROG_VAR_CLASS classify(&prog_var)\n"
	"#else\n"
	"#define PROG_VAR_CLASS 1\n"
	"#endif\n"
	"kernel void k(global int *g, local int *la, global int *out, global atomic_int *cnt) {\n"
	"  local int lv[L];\n"
	"  local atomic_int lcnt;\n"
	"  int x = 1;\n"
	"  int pa[4] = {1, 2, 3, 4};\n"
	"  size_t i = get_global_id(0), l = get_local_id(0);\n"
	"  global int *o = out + K * i;\n"
	"  lv[l] = (int)l; la[l] = 2 * (int)l;\n"
	"  if (l == 0) atomic_init(&lcnt, 0);\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  o[0] = classify(&g[i]);\n"
	"  o[1] = classify(&lv[l]);\n"
	"  o[2] = classify(&la[l]);\n"
	"  o[3] = classify(&x);\n"
	"  o[4] = classify(&pa[i & 3]);\n"
	"  o[5] = PROG_VAR_CLASS;\n"
	"  o[6] = get_fence(&g[i]) == CLK_GLOBAL_MEM_FENCE && get_fence(&lv[l]) == CLK_LOCAL_MEM_FENCE &&\n"
	"         get_fence((const int *)&la[0]) == CLK_LOCAL_MEM_FENCE;\n"
	"  o[7] = same(&g[i]) && same(&lv[l]) && same(&x) && same(&pa[1]) &&\n"
	"         to_global((int *)0) == 0 && to_local((int *)0) == 0 && to_private((int *)0) == 0;\n"
	/* generic pointers in a private array and a struct, chosen at run time */
	"  int *ptrs[3] = { &g[i], &lv[l], &x };\n"
	"  struct holder h = { ptrs[i % 3], (int)(i % 3) };\n"
	"  add_to(ptrs[0], 100); add_to(ptrs[2], 10); add_to(h.p, 1000);\n"
	"  o[8] = x;\n"
	"  o[9] = classify(h.p) | h.k << 4;\n"
	/* atomics through generic pointers into global and local memory */
	"  atomic_int *ac = (l & 1) ? (atomic_int *)&cnt[0] : (atomic_int *)&lcnt;\n"
	"  atomic_fetch_add(ac, 1);\n"
	"  atomic_fetch_add_explicit((atomic_int *)&cnt[1], (int)i, memory_order_relaxed, memory_scope_device);\n"
	"  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"
	"  o[10] = atomic_load(&lcnt);\n"
	/* a private array that lives across the barrier (kept in the barrier
	 * context between the regions of the work-group function) */
	"  int keep[3]; keep[0] = (int)i; keep[1] = x; keep[2] = (int)l;\n"
	"  int *kp = &keep[i % 3];\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  o[11] = classify(kp) | *kp << 4;\n"
	"  o[12] = lv[l];\n"
	"  o[13] = to_global(ptrs[0]) == &g[i];\n"
	"  private int *pp = to_private(ptrs[2]); *pp += 1;\n"
	"  o[14] = x;\n"
	"  o[15] = pa[0] + pa[3];\n"
	"}\n";

static void test_feature(struct bh *h)
{
	cl_bool gas = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, sizeof(gas),
				 &gas, NULL));
	CHECK(gas == CL_TRUE);
	cl_name_version nv[64];
	size_t sz = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_OPENCL_C_FEATURES, sizeof(nv), nv, &sz));
	int found = 0;
	for (size_t i = 0; i < sz / sizeof(nv[0]); i++)
		found |= strcmp(nv[i].name, "__opencl_c_generic_address_space") == 0;
	CHECK(found);
}

static void run(struct bh *h, size_t local)
{
	cl_program prog = bh_build(h, src, "-cl-std=CL3.0 -DL=32 -DK=16");
	static int g[N], out[K * N], cnt[2];
	for (int i = 0; i < N; i++)
		g[i] = i;
	memset(out, 0xff, sizeof(out));
	memset(cnt, 0, sizeof(cnt));
	struct bh_arg args[] = { BH_BUF(g, sizeof(g)), BH_LOCAL(L * sizeof(int)),
				 BH_BUF(out, sizeof(out)), BH_BUF(cnt, sizeof(cnt)) };
	bh_run(h, prog, "k", N, local, 4, args);
	int bad = 0;
	for (int i = 0; i < N; i++) {
		int *o = out + K * i, l = i % (int)local;
		int want[K];
		want[0] = 1;             /* global */
		want[1] = 2;             /* kernel-scope __local */
		want[2] = 2;             /* __local argument */
		want[3] = 4;             /* private variable */
		want[4] = 4;             /* private array */
		want[5] = 1;             /* program-scope global */
		want[6] = 1;
		want[7] = 1;
		int x = 1 + (i % 3 == 2 ? 10 + 1000 : 10);
		want[8] = x;
		want[9] = (i % 3 == 0 ? 1 : i % 3 == 1 ? 2 : 4) | (i % 3) << 4;
		want[10] = ((int)local + 1) / 2; /* even local ids counted in local memory */
		int keep[3] = { i, x, l };
		want[11] = 4 | keep[i % 3] << 4;
		want[12] = l + (i % 3 == 1 ? 1000 : 0);
		want[13] = 1;
		want[14] = x + 1;
		want[15] = 5;
		for (int k = 0; k < K; k++)
			if (o[k] != want[k] && bad++ < 10)
				fprintf(stderr, "local size %zu, item %d, result %d: %d, expected %d\n",
					local, i, k, o[k], want[k]);
		int gw = i + 100 + (i % 3 == 0 ? 1000 : 0);
		if (g[i] != gw && bad++ < 10)
			fprintf(stderr, "g[%d] = %d, expected %d\n", i, g[i], gw);
	}
	CHECK(bad == 0);
	CHECK(cnt[0] == N - (int)(N / local) * (((int)local + 1) / 2)); /* odd local ids */
	CHECK(cnt[1] == N * (N - 1) / 2);
	clReleaseProgram(prog);
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	test_feature(&h);
	run(&h, L);
	run(&h, 1);
	bh_release(&h);
	return check_done();
}
