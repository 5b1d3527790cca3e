/* The pipe built-ins (OpenCL C 3.0 §6.15.16) for packets of 1, 16 and 40
 * bytes (char, int4, a struct of ten uints): read_pipe and write_pipe in
 * both forms, reserve_ and commit_ for work-items, work-groups (1D, 2D,
 * non-uniform) and sub-groups (where the device has them, also in divergent
 * control flow), is_valid_reserve_id and CLK_NULL_RESERVE_ID,
 * get_pipe_num_packets and get_pipe_max_packets on both ends, full and
 * empty pipes (the spec's failure returns, never a wait), a pipe that keeps
 * its packets across launches and wraps around many times, commits out of
 * order (readers see nothing of an uncommitted reservation), indices
 * outside a reservation, and a packet type larger than the pipe's; the
 * same with -cl-std=CL2.0 where the device lists OpenCL C 2.0.
 *
 * References are the host's: every packet is make(v) for a value v the
 * host chose, so the multiset of packets read must equal the multiset of
 * packets written successfully (each exactly once, none torn), and where
 * one work-item reads, the order is the FIFO order the spec gives. */
#include "check.h"

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;
static int have_subgroups;  /* __opencl_c_subgroups or cl_khr_subgroups */
static int have_khr_subgroups; /* cl_khr_subgroups: sub-groups in OpenCL C 2.0 */

/* ---- packets: the same make(v) on both sides ------------------------------ */

static const char *kernel_src =
	"#if PKT == 1\n"
	"typedef char T;\n"
	"T make(uint v) { return (char)(v * 37u + 11u); }\n"
	"int same(T a, T b) { return a == b; }\n"
	"#elif PKT == 2\n"
	"typedef int4 T;\n"
	"T make(uint v) { return (int4)((int)v, (int)~v, (int)(v * 3u + 1u), (int)(v ^ 0x5a5a0000u)); }\n"
	"int same(T a, T b) { return all(a == b); }\n"
	"#else\n"
	"typedef struct { uint a[10]; } T;\n"
	"T make(uint v) { T t; for (int i = 0; i < 10; i++) t.a[i] = v * 2654435761u + (uint)i; return t; }\n"
	"int same(T a, T b) { int s = 1; for (int i = 0; i < 10; i++) s &= a.a[i] == b.a[i]; return s; }\n"
	"#endif\n"
	"#define L_SIZE (get_local_size(0) * get_local_size(1) * get_local_size(2))\n"
	"kernel void write2(global const uint *v, write_only pipe T p, global int *st)\n"
	"{ size_t g = get_global_id(0); T t = make(v[g]); st[g] = write_pipe(p, &t); }\n"
	"kernel void read2(read_only pipe T p, global T *out, global int *st)\n"
	"{ size_t g = get_global_id(0); st[g] = read_pipe(p, &out[g]); }\n"
	"kernel void query_w(write_only pipe T p, global uint *o)\n"
	"{ o[0] = get_pipe_num_packets(p); o[1] = get_pipe_max_packets(p); }\n"
	"kernel void query_r(read_only pipe T p, global uint *o)\n"
	"{ o[0] = get_pipe_num_packets(p); o[1] = get_pipe_max_packets(p); }\n"
	/* k packets per work-item; bit 4 of the status: an index outside the
	 * reservation was accepted (it must not be). */
	"kernel void write_res(global const uint *v, write_only pipe T p, uint k, global int *st)\n"
	"{\n"
	"  size_t g = get_global_id(0);\n"
	"  reserve_id_t r = reserve_write_pipe(p, k);\n"
	"  if (!is_valid_reserve_id(r)) { st[g] = -100; return; }\n"
	"  int s = 0;\n"
	"  for (uint i = 0; i < k; i++) { T t = make(v[g * k + i]); s |= write_pipe(p, r, i, &t); }\n"
	"  T x = make(0u);\n"
	"  if (write_pipe(p, r, k, &x) >= 0) s |= 16;\n"
	"  commit_write_pipe(p, r);\n"
	"  st[g] = s;\n"
	"}\n"
	"kernel void read_res(read_only pipe T p, uint k, global T *out, global int *st)\n"
	"{\n"
	"  size_t g = get_global_id(0);\n"
	"  reserve_id_t r = reserve_read_pipe(p, k);\n"
	"  if (!is_valid_reserve_id(r)) { st[g] = -100; return; }\n"
	"  int s = 0;\n"
	"  for (uint i = 0; i < k; i++) s |= read_pipe(p, r, i, &out[g * k + i]);\n"
	"  T x;\n"
	"  if (read_pipe(p, r, k + 5, &x) >= 0) s |= 16;\n"
	"  commit_read_pipe(p, r);\n"
	"  st[g] = s;\n"
	"}\n"
	/* One reservation per work-group, index = linear local id. */
	"kernel void wg_write(global const uint *v, write_only pipe T p, global int *st)\n"
	"{\n"
	"  size_t g = get_global_linear_id();\n"
	"  reserve_id_t r = work_group_reserve_write_pipe(p, L_SIZE);\n"
	"  if (is_valid_reserve_id(r)) {\n"
	"    T t = make(v[g]);\n"
	"    st[g] = write_pipe(p, r, get_local_linear_id(), &t);\n"
	"    work_group_commit_write_pipe(p, r);\n"
	"  } else st[g] = -100;\n"
	"}\n"
	"kernel void wg_read(read_only pipe T p, global T *out, global int *st)\n"
	"{\n"
	"  size_t g = get_global_linear_id();\n"
	"  reserve_id_t r = work_group_reserve_read_pipe(p, L_SIZE);\n"
	"  if (is_valid_reserve_id(r)) {\n"
	"    st[g] = read_pipe(p, r, get_local_linear_id(), &out[g]);\n"
	"    work_group_commit_read_pipe(p, r);\n"
	"  } else st[g] = -100;\n"
	"}\n"
	/* One work-item: n packets, in reservations of `chunk` (0: the
	 * two-argument forms), in order, up to the first that fails. */
	"kernel void seq_write(global const uint *v, uint n, uint chunk, write_only pipe T p, global int *st)\n"
	"{\n"
	"  for (uint i = 0; i < n; i++) st[i] = -100;\n"
	"  for (uint i = 0; i < n;) {\n"
	"    if (chunk == 0) { T t = make(v[i]); st[i] = write_pipe(p, &t); if (st[i]) return; i++; continue; }\n"
	"    uint m = min(chunk, n - i);\n"
	"    reserve_id_t r = reserve_write_pipe(p, m);\n"
	"    if (!is_valid_reserve_id(r)) return;\n"
	"    for (uint j = 0; j < m; j++) { T t = make(v[i + j]); st[i + j] = write_pipe(p, r, j, &t); }\n"
	"    commit_write_pipe(p, r);\n"
	"    i += m;\n"
	"  }\n"
	"}\n"
	"kernel void seq_read(read_only pipe T p, uint n, uint chunk, global T *out, global int *st)\n"
	"{\n"
	"  for (uint i = 0; i < n; i++) st[i] = -100;\n"
	"  for (uint i = 0; i < n;) {\n"
	"    if (chunk == 0) { st[i] = read_pipe(p, &out[i]); if (st[i]) return; i++; continue; }\n"
	"    uint m = min(chunk, n - i);\n"
	"    reserve_id_t r = reserve_read_pipe(p, m);\n"
	"    if (!is_valid_reserve_id(r)) return;\n"
	"    for (uint j = 0; j < m; j++) st[i + j] = read_pipe(p, r, j, &out[i + j]);\n"
	"    commit_read_pipe(p, r);\n"
	"    i += m;\n"
	"  }\n"
	"}\n"
	/* Two reservations committed in the opposite order: nothing is
	 * readable until the first is committed too. */
	"kernel void ooo_write(global const uint *v, write_only pipe T p, global uint *o)\n"
	"{\n"
	"  reserve_id_t a = reserve_write_pipe(p, 2), b = reserve_write_pipe(p, 3);\n"
	"  o[0] = is_valid_reserve_id(a) + is_valid_reserve_id(b);\n"
	"  for (uint i = 0; i < 3; i++) { T t = make(v[2 + i]); write_pipe(p, b, i, &t); }\n"
	"  commit_write_pipe(p, b);\n"
	"  o[1] = get_pipe_num_packets(p);\n"
	"  for (uint i = 0; i < 2; i++) { T t = make(v[i]); write_pipe(p, a, i, &t); }\n"
	"  commit_write_pipe(p, a);\n"
	"  o[2] = get_pipe_num_packets(p);\n"
	"}\n"
	"kernel void ooo_read(read_only pipe T p, global T *out, global uint *o)\n"
	"{\n"
	"  reserve_id_t a = reserve_read_pipe(p, 2), b = reserve_read_pipe(p, 3);\n"
	"  o[0] = is_valid_reserve_id(a) + is_valid_reserve_id(b);\n"
	"  for (uint i = 0; i < 3; i++) read_pipe(p, b, i, &out[2 + i]);\n"
	"  commit_read_pipe(p, b);\n"
	"  for (uint i = 0; i < 2; i++) read_pipe(p, a, i, &out[i]);\n"
	"  commit_read_pipe(p, a);\n"
	"  o[1] = get_pipe_num_packets(p);\n"
	"}\n"
	/* Work-items of a group commit out of order: odd local ids first. */
	"kernel void wi_ooo(global const uint *v, write_only pipe T p, global uint *o)\n"
	"{\n"
	"  size_t l = get_local_id(0);\n"
	"  reserve_id_t r = reserve_write_pipe(p, 1);\n"
	"  T t = make(v[l]);\n"
	"  write_pipe(p, r, 0, &t);\n"
	"  barrier(CLK_GLOBAL_MEM_FENCE);\n"
	"  if (l & 1) commit_write_pipe(p, r);\n"
	"  barrier(CLK_GLOBAL_MEM_FENCE);\n"
	"  if (l == 0) o[0] = get_pipe_num_packets(p);\n"
	"  barrier(CLK_GLOBAL_MEM_FENCE);\n"
	"  if (!(l & 1)) commit_write_pipe(p, r);\n"
	"  barrier(CLK_GLOBAL_MEM_FENCE);\n"
	"  if (l == 0) o[1] = get_pipe_num_packets(p);\n"
	"}\n"
	/* Invalid uses: each must fail, never touch the pipe. */
	"kernel void misuse_w(write_only pipe T p, uint cap, global int *o)\n"
	"{\n"
	"  T t = make(1u);\n"
	"  o[0] = is_valid_reserve_id(CLK_NULL_RESERVE_ID);\n"
	"  o[1] = is_valid_reserve_id(reserve_write_pipe(p, 0));\n"
	"  o[2] = is_valid_reserve_id(reserve_write_pipe(p, cap + 1));\n"
	"  o[3] = write_pipe(p, CLK_NULL_RESERVE_ID, 0, &t) < 0;\n"
	"  o[4] = get_pipe_num_packets(p);\n"
	"  reserve_id_t r = reserve_write_pipe(p, cap);\n"
	"  o[5] = is_valid_reserve_id(r);\n"
	"  o[6] = is_valid_reserve_id(reserve_write_pipe(p, 1));\n"
	"  o[7] = write_pipe(p, &t) < 0;\n"
	"  for (uint i = 0; i < cap; i++) { T u = make(i); write_pipe(p, r, i, &u); }\n"
	"  commit_write_pipe(p, r);\n"
	"  o[8] = get_pipe_num_packets(p);\n"
	"  o[9] = get_pipe_max_packets(p);\n"
	"}\n"
	"kernel void misuse_r(read_only pipe T p, uint cap, global int *o)\n"
	"{\n"
	"  T t;\n"
	"  o[0] = is_valid_reserve_id(reserve_read_pipe(p, 0));\n"
	"  o[1] = is_valid_reserve_id(reserve_read_pipe(p, cap + 1));\n"
	"  o[2] = read_pipe(p, CLK_NULL_RESERVE_ID, 0, &t) < 0;\n"
	"  reserve_id_t r = reserve_read_pipe(p, cap);\n"
	"  o[3] = is_valid_reserve_id(r);\n"
	"  o[4] = read_pipe(p, &t) < 0;\n"
	"  o[5] = is_valid_reserve_id(reserve_read_pipe(p, 1));\n"
	"  o[6] = get_pipe_num_packets(p);\n"
	"  for (uint i = 0; i < cap; i++) { read_pipe(p, r, i, &t); o[10 + i] = same(t, make(i)); }\n"
	"  commit_read_pipe(p, r);\n"
	"  o[7] = read_pipe(p, &t) < 0;\n"
	"  o[8] = get_pipe_num_packets(p);\n"
	"}\n";

/* Sub-group reservations, built only where the device has sub-groups
 * (OpenCL C 3.0's __opencl_c_subgroups, or cl_khr_subgroups for 2.0). */
static const char *subgroup_src =
	"kernel void sg_write(global const uint *v, write_only pipe T p, global int *st, global uint *sz)\n"
	"{\n"
	"  size_t g = get_global_id(0);\n"
	"  if (g == 0) *sz = get_max_sub_group_size();\n"
	"  reserve_id_t r = sub_group_reserve_write_pipe(p, get_sub_group_size());\n"
	"  if (is_valid_reserve_id(r)) {\n"
	"    T t = make(v[g]);\n"
	"    st[g] = write_pipe(p, r, get_sub_group_local_id(), &t);\n"
	"    sub_group_commit_write_pipe(p, r);\n"
	"  } else st[g] = -100;\n"
	"}\n"
	"kernel void sg_read(read_only pipe T p, global T *out, global int *st)\n"
	"{\n"
	"  size_t g = get_global_id(0);\n"
	"  reserve_id_t r = sub_group_reserve_read_pipe(p, get_sub_group_size());\n"
	"  if (is_valid_reserve_id(r)) {\n"
	"    st[g] = read_pipe(p, r, get_sub_group_local_id(), &out[g]);\n"
	"    sub_group_commit_read_pipe(p, r);\n"
	"  } else st[g] = -100;\n"
	"}\n"
	/* Only the even sub-groups take part. */
	"kernel void sg_write_div(global const uint *v, write_only pipe T p, global int *st)\n"
	"{\n"
	"  size_t g = get_global_id(0);\n"
	"  st[g] = -200;\n"
	"  if (get_sub_group_id() % 2 == 0) {\n"
	"    reserve_id_t r = sub_group_reserve_write_pipe(p, get_sub_group_size());\n"
	"    if (is_valid_reserve_id(r)) {\n"
	"      T t = make(v[g]);\n"
	"      st[g] = write_pipe(p, r, get_sub_group_local_id(), &t);\n"
	"      sub_group_commit_write_pipe(p, r);\n"
	"    } else st[g] = -100;\n"
	"  }\n"
	"}\n";

struct pkt {
	const char *name;
	int id;
	size_t size;
};

static const struct pkt pkts[] = {
	{ "char", 1, 1 },
	{ "int4", 2, 16 },
	{ "struct of 10 uints", 3, 40 },
};

static void make(const struct pkt *t, uint32_t v, unsigned char *out)
{
	if (t->id == 1) {
		out[0] = (unsigned char)(v * 37u + 11u);
	} else if (t->id == 2) {
		uint32_t w[4] = { v, ~v, v * 3u + 1u, v ^ 0x5a5a0000u };
		memcpy(out, w, sizeof(w));
	} else {
		uint32_t w[10];
		for (int i = 0; i < 10; i++)
			w[i] = v * 2654435761u + (uint32_t)i;
		memcpy(out, w, sizeof(w));
	}
}

/* The value a packet was made from (int4 and the struct carry it whole;
 * a char does not: UINT32_MAX). */
static uint32_t key_of(const struct pkt *t, const unsigned char *p)
{
	if (t->id == 1)
		return UINT32_MAX;
	uint32_t v;
	if (t->id == 2) {
		memcpy(&v, p, 4);
		return v;
	}
	uint32_t w0;
	memcpy(&w0, p, 4);
	/* w0 = v * 2654435761 (odd, invertible mod 2^32). */
	return w0 * 244002641u;
}

static size_t cmp_size;
static int cmp_packets(const void *a, const void *b)
{
	return memcmp(a, b, cmp_size);
}

/* The packets at `got` (n of them) are exactly make(v) for the values
 * `vals` (m of them), as multisets. */
static int same_multiset(const struct pkt *t, const unsigned char *got, size_t n,
			 const uint32_t *vals, size_t m)
{
	if (n != m)
		return 0;
	unsigned char *a = malloc(n * t->size + 1), *b = malloc(m * t->size + 1);
	REQUIRE(a && b);
	memcpy(a, got, n * t->size);
	for (size_t i = 0; i < m; i++)
		make(t, vals[i], b + i * t->size);
	cmp_size = t->size;
	qsort(a, n, t->size, cmp_packets);
	qsort(b, m, t->size, cmp_packets);
	int same = memcmp(a, b, n * t->size) == 0;
	free(a);
	free(b);
	return same;
}

/* ---- plumbing ----------------------------------------------------------- */

static cl_mem buf(size_t size, const void *init)
{
	cl_int err;
	cl_mem m = clCreateBuffer(context, init ? CL_MEM_COPY_HOST_PTR : CL_MEM_READ_WRITE,
				  size ? size : 1, (void *)init, &err);
	REQUIRE(err == CL_SUCCESS);
	return m;
}

static void read_buf(cl_mem m, size_t size, void *out)
{
	CHECK_OK(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, size, out, 0, NULL, NULL));
}

static cl_mem new_pipe(const struct pkt *t, cl_uint n)
{
	cl_int err;
	cl_mem p = clCreatePipe(context, 0, (cl_uint)t->size, n, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	return p;
}

static cl_kernel kern(cl_program prog, const char *name)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	REQUIRE(err == CL_SUCCESS);
	return k;
}

static void arg(cl_kernel k, cl_uint i, size_t size, const void *v)
{
	cl_int err = clSetKernelArg(k, i, size, v);
	if (err != CL_SUCCESS)
		fprintf(stderr, "clSetKernelArg %u: %d\n", i, err);
	REQUIRE(err == CL_SUCCESS);
}

static void run(cl_kernel k, cl_uint dims, const size_t *global, const size_t *local)
{
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, dims, NULL, global, local, 0, NULL, NULL));
	CHECK_OK(clFinish(queue));
}

static void run1(cl_kernel k, size_t global, size_t local)
{
	run(k, 1, &global, local ? &local : NULL);
}

static uint32_t *values(size_t n, uint32_t base)
{
	uint32_t *v = malloc(n * sizeof(uint32_t) + 4);
	REQUIRE(v);
	for (size_t i = 0; i < n; i++)
		v[i] = base + (uint32_t)i * 7919u;
	return v;
}

/* get_pipe_num_packets and get_pipe_max_packets on the write and the read
 * end. */
static void check_counts(cl_program prog, cl_mem pipe, cl_uint num, cl_uint max)
{
	static const char *names[] = { "query_w", "query_r" };
	for (int i = 0; i < 2; i++) {
		cl_kernel k = kern(prog, names[i]);
		cl_mem o = buf(2 * sizeof(cl_uint), NULL);
		arg(k, 0, sizeof(pipe), &pipe);
		arg(k, 1, sizeof(o), &o);
		run1(k, 1, 0);
		cl_uint r[2];
		read_buf(o, sizeof(r), r);
		if (r[0] != num || r[1] != max)
			fprintf(stderr, "%s: num %u (want %u), max %u (want %u)\n", names[i],
				r[0], num, r[1], max);
		CHECK(r[0] == num && r[1] == max);
		clReleaseMemObject(o);
		clReleaseKernel(k);
	}
}

/* One work-item reads `n` packets (chunk as seq_read) into *out (malloc'd);
 * returns how many reads succeeded, all of them first. */
static size_t drain(const struct pkt *t, cl_program prog, cl_mem pipe, cl_uint n,
		    cl_uint chunk, unsigned char **out)
{
	cl_kernel k = kern(prog, "seq_read");
	cl_mem o = buf(n * t->size, NULL), s = buf(n * sizeof(cl_int), NULL);
	arg(k, 0, sizeof(pipe), &pipe);
	arg(k, 1, sizeof(n), &n);
	arg(k, 2, sizeof(chunk), &chunk);
	arg(k, 3, sizeof(o), &o);
	arg(k, 4, sizeof(s), &s);
	run1(k, 1, 0);
	*out = malloc(n * t->size + 1);
	cl_int *st = malloc(n * sizeof(cl_int) + 4);
	REQUIRE(*out && st);
	read_buf(o, n * t->size, *out);
	read_buf(s, n * sizeof(cl_int), st);
	size_t ok = 0;
	while (ok < n && st[ok] == 0)
		ok++;
	for (size_t i = ok; i < n; i++)
		CHECK(st[i] < 0);
	free(st);
	clReleaseMemObject(o);
	clReleaseMemObject(s);
	clReleaseKernel(k);
	return ok;
}

/* One work-item writes v[0..n) (chunk as seq_write); returns the number
 * written, all first. */
static size_t fill(const struct pkt *t, cl_program prog, cl_mem pipe, const uint32_t *v,
		   cl_uint n, cl_uint chunk)
{
	(void)t;
	cl_kernel k = kern(prog, "seq_write");
	cl_mem vb = buf(n * sizeof(uint32_t), v), s = buf(n * sizeof(cl_int), NULL);
	arg(k, 0, sizeof(vb), &vb);
	arg(k, 1, sizeof(n), &n);
	arg(k, 2, sizeof(chunk), &chunk);
	arg(k, 3, sizeof(pipe), &pipe);
	arg(k, 4, sizeof(s), &s);
	run1(k, 1, 0);
	cl_int *st = malloc(n * sizeof(cl_int) + 4);
	REQUIRE(st);
	read_buf(s, n * sizeof(cl_int), st);
	size_t ok = 0;
	while (ok < n && st[ok] == 0)
		ok++;
	for (size_t i = ok; i < n; i++)
		CHECK(st[i] < 0);
	free(st);
	clReleaseMemObject(vb);
	clReleaseMemObject(s);
	clReleaseKernel(k);
	return ok;
}

/* The packets at `got` are make(v[first + i]) in order. */
static int in_order(const struct pkt *t, const unsigned char *got, size_t n,
		    const uint32_t *v)
{
	unsigned char want[64];
	for (size_t i = 0; i < n; i++) {
		make(t, v[i], want);
		if (memcmp(got + i * t->size, want, t->size)) {
			fprintf(stderr, "%s: packet %zu out of order or wrong\n", t->name, i);
			return 0;
		}
	}
	return 1;
}

/* ---- the tests ------------------------------------------------------------ */

/* Many work-groups (several threads) write one packet each into a pipe
 * that holds them all, then as many read: every packet once. */
static void test_two_arg(const struct pkt *t, cl_program prog)
{
	enum { N = 20000 };
	cl_mem pipe = new_pipe(t, N);
	uint32_t *v = values(N, 5);
	cl_mem vb = buf(N * sizeof(uint32_t), v), st = buf(N * sizeof(cl_int), NULL);
	cl_mem out = buf((size_t)N * t->size, NULL);
	cl_kernel w = kern(prog, "write2"), r = kern(prog, "read2");
	arg(w, 0, sizeof(vb), &vb);
	arg(w, 1, sizeof(pipe), &pipe);
	arg(w, 2, sizeof(st), &st);
	run1(w, N, 64);
	cl_int *s = malloc(N * sizeof(cl_int));
	unsigned char *got = malloc((size_t)N * t->size);
	REQUIRE(s && got);
	read_buf(st, N * sizeof(cl_int), s);
	int all = 1;
	for (int i = 0; i < N; i++)
		all &= s[i] == 0;
	CHECK(all);
	check_counts(prog, pipe, N, N);
	arg(r, 0, sizeof(pipe), &pipe);
	arg(r, 1, sizeof(out), &out);
	arg(r, 2, sizeof(st), &st);
	run1(r, N, 50);
	read_buf(st, N * sizeof(cl_int), s);
	read_buf(out, (size_t)N * t->size, got);
	all = 1;
	for (int i = 0; i < N; i++)
		all &= s[i] == 0;
	CHECK(all);
	CHECK(same_multiset(t, got, N, v, N));
	check_counts(prog, pipe, 0, N);
	free(s);
	free(got);
	free(v);
	clReleaseMemObject(vb);
	clReleaseMemObject(st);
	clReleaseMemObject(out);
	clReleaseMemObject(pipe);
	clReleaseKernel(w);
	clReleaseKernel(r);
}

/* A pipe of C packets and N > C writers: exactly C writes succeed, the
 * others return a negative value at once; then N readers: exactly C
 * succeed, with exactly the packets written. */
static void test_full_empty(const struct pkt *t, cl_program prog)
{
	enum { C = 777, N = 4096 };
	cl_mem pipe = new_pipe(t, C);
	uint32_t *v = values(N, 1);
	cl_mem vb = buf(N * sizeof(uint32_t), v), st = buf(N * sizeof(cl_int), NULL);
	cl_mem out = buf((size_t)N * t->size, NULL);
	cl_kernel w = kern(prog, "write2"), r = kern(prog, "read2");
	cl_int *s = malloc(N * sizeof(cl_int));
	unsigned char *got = malloc((size_t)N * t->size);
	uint32_t *written = malloc(N * sizeof(uint32_t));
	REQUIRE(s && got && written);

	/* Empty: every read fails. */
	arg(r, 0, sizeof(pipe), &pipe);
	arg(r, 1, sizeof(out), &out);
	arg(r, 2, sizeof(st), &st);
	run1(r, 100, 10);
	read_buf(st, 100 * sizeof(cl_int), s);
	int fails = 0;
	for (int i = 0; i < 100; i++)
		fails += s[i] < 0;
	CHECK(fails == 100);

	arg(w, 0, sizeof(vb), &vb);
	arg(w, 1, sizeof(pipe), &pipe);
	arg(w, 2, sizeof(st), &st);
	run1(w, N, 32);
	read_buf(st, N * sizeof(cl_int), s);
	size_t ok = 0;
	for (int i = 0; i < N; i++) {
		CHECK(s[i] == 0 || s[i] < 0);
		if (s[i] == 0)
			written[ok++] = v[i];
	}
	CHECK(ok == C);
	check_counts(prog, pipe, C, C);

	run1(r, N, 64);
	read_buf(st, N * sizeof(cl_int), s);
	read_buf(out, (size_t)N * t->size, got);
	size_t nread = 0;
	for (int i = 0; i < N; i++) {
		CHECK(s[i] == 0 || s[i] < 0);
		if (s[i] == 0)
			memmove(got + nread++ * t->size, got + (size_t)i * t->size, t->size);
	}
	CHECK(nread == C);
	CHECK(same_multiset(t, got, nread, written, ok));
	check_counts(prog, pipe, 0, C);
	free(s);
	free(got);
	free(v);
	free(written);
	clReleaseMemObject(vb);
	clReleaseMemObject(st);
	clReleaseMemObject(out);
	clReleaseMemObject(pipe);
	clReleaseKernel(w);
	clReleaseKernel(r);
}

/* Reservations of k packets by each work-item; a pipe with room for only
 * some of them. */
static void test_reservations(const struct pkt *t, cl_program prog)
{
	static const struct { cl_uint k, items, cap; } cases[] = {
		{ 1, 3000, 3000 }, { 3, 1000, 3000 }, { 5, 64, 31 }, { 16, 500, 8000 },
	};
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		cl_uint k = cases[c].k, items = cases[c].items, cap = cases[c].cap;
		size_t total = (size_t)k * items;
		cl_mem pipe = new_pipe(t, cap);
		uint32_t *v = values(total, 11);
		cl_mem vb = buf(total * sizeof(uint32_t), v), st = buf(items * sizeof(cl_int), NULL);
		cl_mem out = buf(total * t->size, NULL);
		cl_kernel w = kern(prog, "write_res"), r = kern(prog, "read_res");
		arg(w, 0, sizeof(vb), &vb);
		arg(w, 1, sizeof(pipe), &pipe);
		arg(w, 2, sizeof(k), &k);
		arg(w, 3, sizeof(st), &st);
		run1(w, items, 0);
		cl_int *s = malloc(items * sizeof(cl_int));
		uint32_t *written = malloc(total * sizeof(uint32_t));
		unsigned char *got = malloc(total * t->size);
		REQUIRE(s && written && got);
		read_buf(st, items * sizeof(cl_int), s);
		size_t nw = 0, reservations = 0;
		for (cl_uint i = 0; i < items; i++) {
			CHECK(s[i] == 0 || s[i] == -100);
			if (s[i] == 0) {
				reservations++;
				for (cl_uint j = 0; j < k; j++)
					written[nw++] = v[(size_t)i * k + j];
			}
		}
		/* As many whole reservations as fit. */
		size_t fit = cap / k < items ? cap / k : items;
		CHECK(reservations == fit);
		check_counts(prog, pipe, (cl_uint)nw, cap);

		arg(r, 0, sizeof(pipe), &pipe);
		arg(r, 1, sizeof(k), &k);
		arg(r, 2, sizeof(out), &out);
		arg(r, 3, sizeof(st), &st);
		run1(r, items, 0);
		read_buf(st, items * sizeof(cl_int), s);
		read_buf(out, total * t->size, got);
		size_t nr = 0;
		for (cl_uint i = 0; i < items; i++) {
			CHECK(s[i] == 0 || s[i] == -100);
			if (s[i] == 0) {
				memmove(got + nr * t->size, got + (size_t)i * k * t->size,
					k * t->size);
				nr += k;
			}
		}
		CHECK(same_multiset(t, got, nr, written, nw));
		check_counts(prog, pipe, 0, cap);
		free(s);
		free(written);
		free(got);
		free(v);
		clReleaseMemObject(vb);
		clReleaseMemObject(st);
		clReleaseMemObject(out);
		clReleaseMemObject(pipe);
		clReleaseKernel(w);
		clReleaseKernel(r);
	}
}

/* A reservation's packets stay together and in index order.  Values
 * v[g] were written by global id g in reservations of `unit` work-items
 * (a work-group, or a sub-group of a work-group of `group`), the last of a
 * group or of the range possibly shorter: one reader must see each
 * reservation as a run v[g0], v[g0 + 1], ... starting at such a g0. */
static void check_runs(const struct pkt *t, const unsigned char *got, size_t n,
		       const uint32_t *v, size_t nv, size_t unit, size_t group)
{
	if (t->id == 1)
		return; /* a char does not say which value it came from */
	size_t i = 0;
	while (i < n) {
		uint32_t key = key_of(t, got + i * t->size);
		size_t g0 = 0;
		while (g0 < nv && v[g0] != key)
			g0++;
		if (g0 == nv || (g0 % group) % unit) {
			fprintf(stderr, "%s: packet %zu does not start a reservation\n",
				t->name, i);
			CHECK(0);
			return;
		}
		size_t end = g0 + unit, group_end = (g0 / group + 1) * group;
		if (end > group_end)
			end = group_end;
		if (end > nv)
			end = nv;
		for (size_t g = g0; g < end; g++, i++) {
			if (i >= n || key_of(t, got + i * t->size) != v[g]) {
				fprintf(stderr, "%s: reservation at %zu broken at packet %zu\n",
					t->name, g0, i);
				CHECK(0);
				return;
			}
		}
	}
}

/* Work-group reservations: 1D with several local sizes (and a non-uniform
 * last group), 2D; a pipe too small for every group. */
static void test_work_groups(const struct pkt *t, cl_program prog)
{
	static const struct { size_t g[2], l[2]; cl_uint dims, cap; } cases[] = {
		{ { 1024, 1 }, { 64, 1 }, 1, 1024 },
		{ { 1000, 1 }, { 64, 1 }, 1, 1000 },   /* last group of 40 */
		{ { 777, 1 }, { 7, 1 }, 1, 800 },
		{ { 256, 1 }, { 256, 1 }, 1, 256 },
		{ { 64, 1 }, { 1, 1 }, 1, 64 },
		{ { 32, 24 }, { 8, 4 }, 2, 768 },
		{ { 256, 1 }, { 32, 1 }, 1, 100 },     /* room for 3 groups */
	};
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		size_t n = cases[c].g[0] * cases[c].g[1], lsz = cases[c].l[0] * cases[c].l[1];
		cl_uint cap = cases[c].cap;
		cl_mem pipe = new_pipe(t, cap);
		uint32_t *v = values(n, 3);
		cl_mem vb = buf(n * sizeof(uint32_t), v), st = buf(n * sizeof(cl_int), NULL);
		cl_mem out = buf(n * t->size, NULL);
		cl_kernel w = kern(prog, "wg_write"), r = kern(prog, "wg_read");
		arg(w, 0, sizeof(vb), &vb);
		arg(w, 1, sizeof(pipe), &pipe);
		arg(w, 2, sizeof(st), &st);
		run(w, cases[c].dims, cases[c].g, cases[c].l);
		cl_int *s = malloc(n * sizeof(cl_int));
		uint32_t *written = malloc(n * sizeof(uint32_t));
		unsigned char *got = malloc(n * t->size);
		REQUIRE(s && written && got);
		read_buf(st, n * sizeof(cl_int), s);
		size_t nw = 0, failed = 0;
		for (size_t i = 0; i < n; i++) {
			CHECK(s[i] == 0 || s[i] == -100);
			if (s[i] == 0)
				written[nw++] = v[i];
			else
				failed++;
		}
		if (cap >= n)
			CHECK(nw == n);
		else
			CHECK(nw == cap / lsz * lsz && failed == n - nw);

		/* One reader, in order: each group's packets together. */
		unsigned char *seq;
		size_t got_n = drain(t, prog, pipe, (cl_uint)nw, 0, &seq);
		CHECK(got_n == nw);
		CHECK(same_multiset(t, seq, got_n, written, nw));
		if (cases[c].dims == 1)
			check_runs(t, seq, got_n, v, n, lsz, lsz);
		free(seq);

		/* Again, read by work-groups. */
		run(w, cases[c].dims, cases[c].g, cases[c].l);
		read_buf(st, n * sizeof(cl_int), s);
		nw = 0;
		for (size_t i = 0; i < n; i++)
			if (s[i] == 0)
				written[nw++] = v[i];
		arg(r, 0, sizeof(pipe), &pipe);
		arg(r, 1, sizeof(out), &out);
		arg(r, 2, sizeof(st), &st);
		run(r, cases[c].dims, cases[c].g, cases[c].l);
		read_buf(st, n * sizeof(cl_int), s);
		read_buf(out, n * t->size, got);
		size_t nr = 0;
		for (size_t i = 0; i < n; i++)
			if (s[i] == 0)
				memmove(got + nr++ * t->size, got + i * t->size, t->size);
		CHECK(same_multiset(t, got, nr, written, nw));
		check_counts(prog, pipe, 0, cap);
		free(s);
		free(written);
		free(got);
		free(v);
		clReleaseMemObject(vb);
		clReleaseMemObject(st);
		clReleaseMemObject(out);
		clReleaseMemObject(pipe);
		clReleaseKernel(w);
		clReleaseKernel(r);
	}
}

/* One writer, one reader, across launches: FIFO order, reservations of
 * several sizes, a ring that wraps around many times. */
static void test_fifo_persist(const struct pkt *t, cl_program prog)
{
	enum { CAP = 13 };
	cl_mem pipe = new_pipe(t, CAP);
	uint32_t *v = values(4000, 17);
	size_t at_w = 0, at_r = 0;
	/* chunk sizes for writer and reader, cycling. */
	static const cl_uint chunks[] = { 0, 1, 3, 5, 13, 2, 0, 7 };
	for (int round = 0; round < 150; round++) {
		cl_uint wn = 1 + (cl_uint)(round * 7 % CAP);
		cl_uint room = CAP - (cl_uint)(at_w - at_r);
		cl_uint wc = chunks[round % 8], rc = chunks[(round + 3) % 8];
		size_t wrote = fill(t, prog, pipe, v + at_w, wn, wc);
		/* Whole reservations that fit, in order (a chunk that does
		 * not fit fails whole). */
		size_t want_w = 0;
		for (cl_uint i = 0; i < wn;) {
			cl_uint m = wc ? (wc < wn - i ? wc : wn - i) : 1;
			if (want_w + m > room)
				break;
			want_w += m;
			i += m;
		}
		CHECK(wrote == want_w);
		at_w += wrote;
		cl_uint rn = 1 + (cl_uint)(round * 5 % CAP);
		cl_uint avail = (cl_uint)(at_w - at_r);
		unsigned char *got;
		size_t nread = drain(t, prog, pipe, rn, rc, &got);
		size_t want_r = 0;
		for (cl_uint i = 0; i < rn;) {
			cl_uint m = rc ? (rc < rn - i ? rc : rn - i) : 1;
			if (want_r + m > avail)
				break;
			want_r += m;
			i += m;
		}
		CHECK(nread == want_r);
		CHECK(in_order(t, got, nread, v + at_r));
		at_r += nread;
		free(got);
	}
	CHECK(at_r > 3 * CAP * 10); /* the ring wrapped many times */
	check_counts(prog, pipe, (cl_uint)(at_w - at_r), CAP);
	free(v);
	clReleaseMemObject(pipe);
}

static void test_out_of_order(const struct pkt *t, cl_program prog)
{
	/* Two reservations of one work-item. */
	cl_mem pipe = new_pipe(t, 5);
	uint32_t *v = values(64, 23);
	cl_mem vb = buf(64 * sizeof(uint32_t), v), o = buf(4 * sizeof(cl_uint), NULL);
	cl_mem out = buf(5 * t->size, NULL);
	cl_kernel w = kern(prog, "ooo_write"), r = kern(prog, "ooo_read");
	arg(w, 0, sizeof(vb), &vb);
	arg(w, 1, sizeof(pipe), &pipe);
	arg(w, 2, sizeof(o), &o);
	run1(w, 1, 0);
	cl_uint res[4];
	read_buf(o, sizeof(res), res);
	CHECK(res[0] == 2);
	CHECK(res[1] == 0); /* b committed, a not: nothing readable */
	CHECK(res[2] == 5);
	arg(r, 0, sizeof(pipe), &pipe);
	arg(r, 1, sizeof(out), &out);
	arg(r, 2, sizeof(o), &o);
	run1(r, 1, 0);
	read_buf(o, sizeof(res), res);
	CHECK(res[0] == 2 && res[1] == 0);
	unsigned char got[5 * 40];
	read_buf(out, 5 * t->size, got);
	CHECK(in_order(t, got, 5, v));
	/* The reads committed out of order freed all five slots. */
	CHECK(fill(t, prog, pipe, v + 10, 6, 0) == 5);
	unsigned char *seq;
	CHECK(drain(t, prog, pipe, 6, 0, &seq) == 5);
	CHECK(in_order(t, seq, 5, v + 10));
	free(seq);
	clReleaseKernel(w);
	clReleaseKernel(r);
	clReleaseMemObject(pipe);

	/* Work-items of one group: odd local ids commit first.  Readable
	 * then: the leading positions held by odd work-items, which the
	 * FIFO order read afterwards tells. */
	enum { L = 48 };
	pipe = new_pipe(t, L);
	cl_kernel k = kern(prog, "wi_ooo");
	arg(k, 0, sizeof(vb), &vb);
	arg(k, 1, sizeof(pipe), &pipe);
	arg(k, 2, sizeof(o), &o);
	run1(k, L, L);
	read_buf(o, sizeof(res), res);
	CHECK(res[1] == L);
	size_t n = drain(t, prog, pipe, L, 0, &seq);
	CHECK(n == L);
	if (t->id != 1) {
		cl_uint lead = 0;
		for (size_t i = 0; i < n; i++) {
			uint32_t key = key_of(t, seq + i * t->size);
			size_t l = 0;
			while (l < L && v[l] != key)
				l++;
			REQUIRE(l < L);
			if (!(l & 1))
				break;
			lead++;
		}
		CHECK(res[0] == lead);
	}
	free(seq);
	clReleaseKernel(k);
	clReleaseMemObject(pipe);
	clReleaseMemObject(vb);
	clReleaseMemObject(o);
	clReleaseMemObject(out);
	free(v);
}

static void test_misuse(const struct pkt *t, cl_program prog)
{
	cl_uint cap = 6;
	cl_mem pipe = new_pipe(t, cap);
	cl_mem o = buf(32 * sizeof(cl_int), NULL);
	cl_kernel w = kern(prog, "misuse_w"), r = kern(prog, "misuse_r");
	arg(w, 0, sizeof(pipe), &pipe);
	arg(w, 1, sizeof(cap), &cap);
	arg(w, 2, sizeof(o), &o);
	run1(w, 1, 0);
	cl_int res[32];
	read_buf(o, sizeof(res), res);
	CHECK(res[0] == 0); /* CLK_NULL_RESERVE_ID is not valid */
	CHECK(res[1] == 0); /* 0 packets */
	CHECK(res[2] == 0); /* more than the pipe holds */
	CHECK(res[3] == 1); /* writing through an invalid id fails */
	CHECK(res[4] == 0); /* ...and leaves the pipe empty */
	CHECK(res[5] == 1); /* the whole pipe */
	CHECK(res[6] == 0 && res[7] == 1); /* then it is full */
	CHECK(res[8] == (cl_int)cap && res[9] == (cl_int)cap);
	arg(r, 0, sizeof(pipe), &pipe);
	arg(r, 1, sizeof(cap), &cap);
	arg(r, 2, sizeof(o), &o);
	run1(r, 1, 0);
	read_buf(o, sizeof(res), res);
	CHECK(res[0] == 0 && res[1] == 0 && res[2] == 1);
	CHECK(res[3] == 1);
	CHECK(res[4] == 1 && res[5] == 0); /* all reserved: nothing to read */
	CHECK(res[6] == 0);
	for (cl_uint i = 0; i < cap; i++)
		CHECK(res[10 + i] == 1); /* in order */
	CHECK(res[7] == 1 && res[8] == 0);
	clReleaseKernel(w);
	clReleaseKernel(r);
	clReleaseMemObject(o);
	clReleaseMemObject(pipe);
}

/* A kernel whose packet type is larger than the pipe's packets: every
 * read and write fails, nothing is copied past a slot. */
static void test_too_large_type(cl_program prog40)
{
	cl_int err;
	cl_mem pipe = clCreatePipe(context, 0, 16, 8, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	uint32_t *v = values(8, 1);
	cl_mem vb = buf(8 * sizeof(uint32_t), v), st = buf(8 * sizeof(cl_int), NULL);
	cl_kernel w = kern(prog40, "write2");
	arg(w, 0, sizeof(vb), &vb);
	arg(w, 1, sizeof(pipe), &pipe);
	arg(w, 2, sizeof(st), &st);
	run1(w, 8, 0);
	cl_int s[8];
	read_buf(st, sizeof(s), s);
	for (int i = 0; i < 8; i++)
		CHECK(s[i] < 0);
	check_counts(prog40, pipe, 0, 8);
	clReleaseKernel(w);
	clReleaseMemObject(vb);
	clReleaseMemObject(st);
	clReleaseMemObject(pipe);
	free(v);
}

static void test_sub_groups(const struct pkt *t, cl_program prog)
{
	static const struct { size_t g, l; } cases[] = {
		{ 1024, 64 }, { 1000, 64 }, { 777, 7 }, { 300, 100 }, { 512, 256 },
	};
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		size_t n = cases[c].g;
		cl_mem pipe = new_pipe(t, (cl_uint)n);
		uint32_t *v = values(n, 29);
		cl_mem vb = buf(n * sizeof(uint32_t), v), st = buf(n * sizeof(cl_int), NULL);
		cl_mem out = buf(n * t->size, NULL), sz = buf(sizeof(cl_uint), NULL);
		cl_kernel w = kern(prog, "sg_write"), r = kern(prog, "sg_read");
		arg(w, 0, sizeof(vb), &vb);
		arg(w, 1, sizeof(pipe), &pipe);
		arg(w, 2, sizeof(st), &st);
		arg(w, 3, sizeof(sz), &sz);
		run1(w, n, cases[c].l);
		cl_int *s = malloc(n * sizeof(cl_int));
		unsigned char *got = malloc(n * t->size);
		REQUIRE(s && got);
		read_buf(st, n * sizeof(cl_int), s);
		int all = 1;
		for (size_t i = 0; i < n; i++)
			all &= s[i] == 0;
		CHECK(all);
		unsigned char *seq;
		size_t nr = drain(t, prog, pipe, (cl_uint)n, 0, &seq);
		CHECK(nr == n);
		CHECK(same_multiset(t, seq, nr, v, n));
		cl_uint sg = 0;
		read_buf(sz, sizeof(sg), &sg);
		CHECK(sg >= 1 && sg <= 64);
		check_runs(t, seq, nr, v, n, sg, cases[c].l);
		free(seq);
		/* Write again, read by sub-groups. */
		run1(w, n, cases[c].l);
		arg(r, 0, sizeof(pipe), &pipe);
		arg(r, 1, sizeof(out), &out);
		arg(r, 2, sizeof(st), &st);
		run1(r, n, cases[c].l);
		read_buf(st, n * sizeof(cl_int), s);
		read_buf(out, n * t->size, got);
		all = 1;
		for (size_t i = 0; i < n; i++)
			all &= s[i] == 0;
		CHECK(all);
		CHECK(same_multiset(t, got, n, v, n));
		check_counts(prog, pipe, 0, (cl_uint)n);
		free(s);
		free(got);
		free(v);
		clReleaseMemObject(vb);
		clReleaseMemObject(st);
		clReleaseMemObject(out);
		clReleaseMemObject(sz);
		clReleaseMemObject(pipe);
		clReleaseKernel(w);
		clReleaseKernel(r);
	}

	/* Divergent: even sub-groups only. */
	size_t n = 512, l = 128;
	cl_mem pipe = new_pipe(t, (cl_uint)n);
	uint32_t *v = values(n, 31);
	cl_mem vb = buf(n * sizeof(uint32_t), v), st = buf(n * sizeof(cl_int), NULL);
	cl_kernel w = kern(prog, "sg_write_div");
	arg(w, 0, sizeof(vb), &vb);
	arg(w, 1, sizeof(pipe), &pipe);
	arg(w, 2, sizeof(st), &st);
	run1(w, n, l);
	cl_int *s = malloc(n * sizeof(cl_int));
	uint32_t *written = malloc(n * sizeof(uint32_t));
	REQUIRE(s && written);
	read_buf(st, n * sizeof(cl_int), s);
	size_t nw = 0, skipped = 0;
	for (size_t i = 0; i < n; i++) {
		CHECK(s[i] == 0 || s[i] == -200);
		if (s[i] == 0)
			written[nw++] = v[i];
		else
			skipped++;
	}
	CHECK(nw > 0 && skipped > 0);
	unsigned char *seq;
	size_t nr = drain(t, prog, pipe, (cl_uint)n, 0, &seq);
	CHECK(nr == nw);
	CHECK(same_multiset(t, seq, nr, written, nw));
	free(seq);
	free(s);
	free(written);
	free(v);
	clReleaseMemObject(vb);
	clReleaseMemObject(st);
	clReleaseMemObject(pipe);
	clReleaseKernel(w);
}

static cl_program build_for(const struct pkt *t, int subgroups, const char *std)
{
	size_t len = strlen(kernel_src) + (subgroups ? strlen(subgroup_src) : 0) + 1;
	char *src = malloc(len);
	REQUIRE(src);
	strcpy(src, kernel_src);
	if (subgroups)
		strcat(src, subgroup_src);
	char opts[64];
	snprintf(opts, sizeof(opts), "-cl-std=%s -DPKT=%d", std, t->id);
	cl_program p = check_build(context, device, src, opts);
	free(src);
	return p;
}

static int has_c_feature(const char *name)
{
	static cl_name_version f[128];
	size_t size = 0;
	if (clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_FEATURES, sizeof(f), f, &size))
		return 0;
	for (size_t i = 0; i < size / sizeof(f[0]); i++)
		if (strcmp(f[i].name, name) == 0)
			return 1;
	return 0;
}

static int lists_opencl_c_2_0(void)
{
	cl_name_version v[16];
	size_t size = 0;
	if (clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_ALL_VERSIONS, sizeof(v), v, &size))
		return 0;
	for (size_t i = 0; i < size / sizeof(v[0]); i++)
		if (v[i].version == CL_MAKE_VERSION(2, 0, 0))
			return 1;
	return 0;
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);
	cl_bool pipes = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_PIPE_SUPPORT, sizeof(pipes), &pipes, NULL));
	REQUIRE(pipes == CL_TRUE);
	char ext[8192] = "";
	clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof(ext), ext, NULL);
	have_khr_subgroups = check_has_word(ext, "cl_khr_subgroups");
	have_subgroups = have_khr_subgroups || has_c_feature("__opencl_c_subgroups");
	for (size_t i = 0; i < sizeof(pkts) / sizeof(pkts[0]); i++) {
		const struct pkt *t = &pkts[i];
		cl_program prog = build_for(t, have_subgroups, "CL3.0");
		test_two_arg(t, prog);
		test_full_empty(t, prog);
		test_reservations(t, prog);
		test_work_groups(t, prog);
		test_fifo_persist(t, prog);
		test_out_of_order(t, prog);
		test_misuse(t, prog);
		if (have_subgroups)
			test_sub_groups(t, prog);
		if (t->size == 40)
			test_too_large_type(prog);
		clReleaseProgram(prog);
	}
	/* OpenCL C 2.0 has pipes without a feature macro: where the device
	 * lists it, the same kernels built for it. */
	if (lists_opencl_c_2_0()) {
		for (size_t i = 1; i < sizeof(pkts) / sizeof(pkts[0]); i++) {
			cl_program prog = build_for(&pkts[i], have_khr_subgroups, "CL2.0");
			test_two_arg(&pkts[i], prog);
			test_reservations(&pkts[i], prog);
			test_work_groups(&pkts[i], prog);
			test_out_of_order(&pkts[i], prog);
			if (have_khr_subgroups)
				test_sub_groups(&pkts[i], prog);
			clReleaseProgram(prog);
		}
	} else {
		printf("-cl-std=CL2.0 not tested: the device does not list OpenCL C 2.0\n");
	}
	if (!have_subgroups)
		printf("sub-group reservations not tested: the device has no sub-groups\n");
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
