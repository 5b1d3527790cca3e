/* Shared virtual memory (OpenCL 3.0 §5.6): clSVMAlloc/clSVMFree with every
 * flag and alignment and their errors; clEnqueueSVMMemcpy, MemFill (every
 * pattern size), Map/Unmap, MigrateMem and Free (with and without a
 * callback) with their command types and errors; kernels given SVM
 * pointers anywhere inside an allocation, following pointers stored in
 * other SVM allocations (CL_KERNEL_EXEC_INFO_SVM_PTRS), building a list the
 * host walks, reading malloc'ed memory (fine-grained system SVM), and
 * incrementing a fine-grained SVM counter with atomics while a host thread
 * does the same; buffers on SVM memory (CL_MEM_USES_SVM_POINTER).  Every
 * result is compared with what the host computes. */
#include "../common/check.h"

#include <pthread.h>
#include <stdint.h>

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;

static const cl_svm_mem_flags valid_flags[] = {
	0,
	CL_MEM_READ_WRITE,
	CL_MEM_READ_ONLY,
	CL_MEM_WRITE_ONLY,
	CL_MEM_SVM_FINE_GRAIN_BUFFER,
	CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER,
	CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS,
	CL_MEM_READ_ONLY | CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS,
};

static void test_caps(void)
{
	cl_device_svm_capabilities caps = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_SVM_CAPABILITIES, sizeof(caps), &caps, NULL));
	CHECK(caps == (CL_DEVICE_SVM_COARSE_GRAIN_BUFFER | CL_DEVICE_SVM_FINE_GRAIN_BUFFER |
		       CL_DEVICE_SVM_FINE_GRAIN_SYSTEM | CL_DEVICE_SVM_ATOMICS));
}

static void test_alloc(void)
{
	for (size_t f = 0; f < sizeof(valid_flags) / sizeof(valid_flags[0]); f++) {
		for (cl_uint align = 0; align <= 4096; align = align ? align * 2 : 1) {
			size_t size = 1000 + 37 * f;
			unsigned char *p = clSVMAlloc(ctx, valid_flags[f], size, align);
			CHECK(p != NULL);
			if (!p)
				continue;
			/* 0: the largest data type, long16 (128 bytes). */
			CHECK((uintptr_t)p % (align ? align : 128) == 0);
			for (size_t i = 0; i < size; i++)
				p[i] = (unsigned char)(i * 7 + f);
			size_t bad = 0;
			for (size_t i = 0; i < size; i++)
				bad += p[i] != (unsigned char)(i * 7 + f);
			CHECK(bad == 0);
			clSVMFree(ctx, p);
		}
	}
	void *big = clSVMAlloc(ctx, 0, 100, 2u << 20);
	CHECK(big && (uintptr_t)big % (2u << 20) == 0);
	clSVMFree(ctx, big);

	/* Errors: NULL, never a crash (§5.6.1). */
	cl_ulong max_alloc = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(max_alloc), &max_alloc, NULL));
	CHECK(clSVMAlloc(ctx, 0, 0, 0) == NULL);
	CHECK(clSVMAlloc(ctx, 0, (size_t)max_alloc + 1, 0) == NULL);
	CHECK(clSVMAlloc(ctx, CL_MEM_SVM_ATOMICS, 64, 0) == NULL);
	CHECK(clSVMAlloc(ctx, CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, 64, 0) == NULL);
	CHECK(clSVMAlloc(ctx, CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY, 64, 0) == NULL);
	CHECK(clSVMAlloc(ctx, CL_MEM_USE_HOST_PTR, 64, 0) == NULL);
	CHECK(clSVMAlloc(ctx, 0, 64, 3) == NULL);
	CHECK(clSVMAlloc(ctx, 0, 64, 96) == NULL);
	CHECK(clSVMAlloc(NULL, 0, 64, 0) == NULL);
	CHECK(clSVMAlloc((cl_context)q, 0, 64, 0) == NULL);
	/* Frees that do nothing. */
	int local_var = 5;
	clSVMFree(ctx, NULL);
	clSVMFree(ctx, &local_var);
	void *p = clSVMAlloc(ctx, 0, 256, 0);
	clSVMFree(ctx, (char *)p + 8); /* not the base: ignored */
	clSVMFree(NULL, p);            /* no context: ignored */
	((char *)p)[255] = 1;          /* still allocated */
	clSVMFree(ctx, p);
	CHECK(local_var == 5);
}

static cl_command_type event_type(cl_event e)
{
	cl_command_type t = 0;
	clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, sizeof(t), &t, NULL);
	return t;
}

static void test_memcpy_fill(void)
{
	enum { N = 1 << 16 };
	unsigned char *a = clSVMAlloc(ctx, 0, N, 0);
	unsigned char *b = clSVMAlloc(ctx, CL_MEM_SVM_FINE_GRAIN_BUFFER, N, 0);
	REQUIRE(a && b);
	unsigned char *ref = malloc(N);
	for (int i = 0; i < N; i++)
		a[i] = (unsigned char)(i * 13 + 1);
	/* Blocking, whole range. */
	CHECK_OK(clEnqueueSVMMemcpy(q, CL_TRUE, b, a, N, 0, NULL, NULL));
	CHECK(memcmp(a, b, N) == 0);
	/* Non-blocking, interior, with an event. */
	cl_event e;
	memset(b, 0, N);
	CHECK_OK(clEnqueueSVMMemcpy(q, CL_FALSE, b + 100, a + 3000, 5000, 0, NULL, &e));
	CHECK_OK(clWaitForEvents(1, &e));
	CHECK(event_type(e) == CL_COMMAND_SVM_MEMCPY);
	clReleaseEvent(e);
	memset(ref, 0, N);
	memcpy(ref + 100, a + 3000, 5000);
	CHECK(memcmp(ref, b, N) == 0);
	/* Host memory to SVM (system SVM). */
	CHECK_OK(clEnqueueSVMMemcpy(q, CL_TRUE, b, ref + 100, 64, 0, NULL, NULL));
	CHECK(memcmp(b, a + 3000, 64) == 0);
	/* Errors. */
	CHECK_ERR(clEnqueueSVMMemcpy(q, CL_TRUE, a + 10, a, 100, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
	CHECK_ERR(clEnqueueSVMMemcpy(q, CL_TRUE, a, a + 99, 100, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
	CHECK_ERR(clEnqueueSVMMemcpy(q, CL_TRUE, NULL, a, 100, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMMemcpy(q, CL_TRUE, a, NULL, 100, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMMemcpy(NULL, CL_TRUE, a, b, 100, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clEnqueueSVMMemcpy(q, CL_TRUE, a, b, 100, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);

	/* Fill with every pattern size, at an offset that is a multiple. */
	for (size_t ps = 1; ps <= 128; ps *= 2) {
		unsigned char pat[128];
		for (size_t i = 0; i < ps; i++)
			pat[i] = (unsigned char)(0x40 + ps + i * 3);
		memset(a, 0xEE, N);
		memcpy(ref, a, N);
		size_t off = ps * 3, size = ps * 257;
		for (size_t i = 0; i < size; i++)
			ref[off + i] = pat[i % ps];
		CHECK_OK(clEnqueueSVMMemFill(q, a + off, pat, ps, size, 0, NULL, &e));
		memset(pat, 0, sizeof(pat)); /* the pattern was copied */
		CHECK_OK(clWaitForEvents(1, &e));
		CHECK(event_type(e) == CL_COMMAND_SVM_MEMFILL);
		clReleaseEvent(e);
		CHECK(memcmp(a, ref, N) == 0);
	}
	int pat4 = 0x01020304;
	CHECK_ERR(clEnqueueSVMMemFill(q, a + 2, &pat4, 4, 64, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMMemFill(q, a, &pat4, 4, 62, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMMemFill(q, a, &pat4, 3, 63, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMMemFill(q, a, &pat4, 0, 64, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMMemFill(q, a, &pat4, 256, 512, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMMemFill(q, a, NULL, 4, 64, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMMemFill(q, NULL, &pat4, 4, 64, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_OK(clFinish(q));
	free(ref);
	clSVMFree(ctx, a);
	clSVMFree(ctx, b);
}

static cl_program prog;

static const char *src =
	"typedef struct node { global struct node *next; int value; int pad; } node;\n"
	"kernel void add(global const int *in, global int *out, int k) {\n"
	"  size_t i = get_global_id(0); out[i] = in[i] * 3 + k;\n"
	"}\n"
	"kernel void walk(global node *global const *heads, global int *sums) {\n"
	"  size_t i = get_global_id(0); int s = 0;\n"
	"  for (global node *n = heads[i]; n; n = n->next) s += n->value;\n"
	"  sums[i] = s;\n"
	"}\n"
	"kernel void build(global node *pool, int n) {\n"
	"  int i = (int)get_global_id(0);\n"
	"  pool[i].value = i * i + 1;\n"
	"  pool[i].next = i + 1 < n ? &pool[i + 1] : 0;\n"
	"}\n"
	"kernel void count(global atomic_int *c, int reps) {\n"
	"  for (int r = 0; r < reps; r++)\n"
	"    atomic_fetch_add_explicit(c, 1, memory_order_relaxed, memory_scope_all_svm_devices);\n"
	"}\n";

struct node {
	struct node *next;
	int value, pad;
};

static void test_kernel_args(void)
{
	enum { N = 1024 };
	cl_int err;
	cl_kernel k = clCreateKernel(prog, "add", &err);
	REQUIRE(err == CL_SUCCESS);
	int *in = clSVMAlloc(ctx, CL_MEM_READ_ONLY, (N + 64) * sizeof(int), 0);
	int *out = clSVMAlloc(ctx, CL_MEM_SVM_FINE_GRAIN_BUFFER, (N + 64) * sizeof(int), 0);
	REQUIRE(in && out);
	for (int i = 0; i < N + 64; i++) {
		in[i] = i * 5 - 100;
		out[i] = -1;
	}
	/* Pointers inside the allocations, not at their bases. */
	int k7 = 7;
	CHECK_OK(clSetKernelArgSVMPointer(k, 0, in + 17));
	CHECK_OK(clSetKernelArgSVMPointer(k, 1, out + 33));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(int), &k7));
	size_t g = N;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
	/* Coarse-grained: map before the host reads. */
	CHECK_OK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, out, (N + 64) * sizeof(int), 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < N + 64; i++) {
		int want = (i >= 33 && i < 33 + N) ? in[i - 33 + 17] * 3 + 7 : -1;
		bad += out[i] != want;
	}
	CHECK(bad == 0);
	CHECK_OK(clEnqueueSVMUnmap(q, out, 0, NULL, NULL));

	/* A buffer argument set after an SVM pointer replaces it, and back. */
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * sizeof(int), NULL, &err);
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &buf));
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
	int *tmp = malloc(N * sizeof(int));
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, N * sizeof(int), tmp, 0, NULL, NULL));
	bad = 0;
	for (int i = 0; i < N; i++)
		bad += tmp[i] != in[i + 17] * 3 + 7;
	CHECK(bad == 0);
	free(tmp);
	clReleaseMemObject(buf);

	/* Errors (§5.9.2, §5.9.3). */
	CHECK_ERR(clSetKernelArgSVMPointer(k, 3, in), CL_INVALID_ARG_INDEX);
	CHECK_ERR(clSetKernelArgSVMPointer(k, 2, in), CL_INVALID_ARG_VALUE);
	CHECK_ERR(clSetKernelArgSVMPointer(NULL, 0, in), CL_INVALID_KERNEL);
	void *ptrs[2] = { in, out };
	cl_bool yes = CL_TRUE;
	CHECK_OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(ptrs), ptrs));
	CHECK_OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof(yes), &yes));
	CHECK_ERR(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, 3, ptrs), CL_INVALID_VALUE);
	CHECK_ERR(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(ptrs), NULL), CL_INVALID_VALUE);
	CHECK_ERR(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof(yes), NULL), CL_INVALID_VALUE);
	/* 0 and NULL empty the list. */
	CHECK_OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, 0, NULL));
	CHECK_ERR(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, 8, &yes), CL_INVALID_VALUE);
	CHECK_ERR(clSetKernelExecInfo(k, 0x4242, sizeof(yes), &yes), CL_INVALID_VALUE);
	CHECK_ERR(clSetKernelExecInfo(NULL, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(ptrs), ptrs), CL_INVALID_KERNEL);

	/* Migrate: whole allocations, a range inside one, errors. */
	const void *mp[2] = { in, out + 10 };
	size_t ms[2] = { 0, 100 * sizeof(int) };
	cl_event e;
	CHECK_OK(clEnqueueSVMMigrateMem(q, 2, mp, NULL, 0, 0, NULL, NULL));
	CHECK_OK(clEnqueueSVMMigrateMem(q, 2, mp, ms, CL_MIGRATE_MEM_OBJECT_HOST, 0, NULL, &e));
	CHECK_OK(clWaitForEvents(1, &e));
	CHECK(event_type(e) == CL_COMMAND_SVM_MIGRATE_MEM);
	clReleaseEvent(e);
	ms[1] = (N + 64) * sizeof(int);
	CHECK_ERR(clEnqueueSVMMigrateMem(q, 2, mp, ms, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMMigrateMem(q, 0, mp, NULL, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMMigrateMem(q, 2, NULL, NULL, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMMigrateMem(q, 2, mp, NULL, 0x100, 0, NULL, NULL), CL_INVALID_VALUE);
	/* Map/unmap events and errors. */
	CHECK_OK(clEnqueueSVMMap(q, CL_FALSE, CL_MAP_WRITE, in, 16, 0, NULL, &e));
	CHECK_OK(clWaitForEvents(1, &e));
	CHECK(event_type(e) == CL_COMMAND_SVM_MAP);
	clReleaseEvent(e);
	CHECK_OK(clEnqueueSVMUnmap(q, in, 0, NULL, &e));
	CHECK_OK(clWaitForEvents(1, &e));
	CHECK(event_type(e) == CL_COMMAND_SVM_UNMAP);
	clReleaseEvent(e);
	CHECK_ERR(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, in, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, NULL, 16, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, in, 16, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMUnmap(q, NULL, 0, NULL, NULL), CL_INVALID_VALUE);

	/* Fine-grained system SVM: malloc'ed memory straight into a kernel. */
	int *hin = malloc(N * sizeof(int)), *hout = malloc(N * sizeof(int));
	for (int i = 0; i < N; i++) {
		hin[i] = i ^ 0x55;
		hout[i] = 0;
	}
	CHECK_OK(clSetKernelArgSVMPointer(k, 0, hin));
	CHECK_OK(clSetKernelArgSVMPointer(k, 1, hout));
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	bad = 0;
	for (int i = 0; i < N; i++)
		bad += hout[i] != (i ^ 0x55) * 3 + 7;
	CHECK(bad == 0);
	free(hin);
	free(hout);
	clReleaseKernel(k);
	clSVMFree(ctx, in);
	clSVMFree(ctx, out);
}

static void test_lists(void)
{
	enum { LISTS = 8, LEN = 50 };
	cl_int err;
	/* Lists built by the host: every node its own SVM allocation, found
	 * by the kernel through pointers stored in SVM memory. */
	struct node **heads = clSVMAlloc(ctx, CL_MEM_SVM_FINE_GRAIN_BUFFER, LISTS * sizeof(void *), 0);
	int *sums = clSVMAlloc(ctx, CL_MEM_SVM_FINE_GRAIN_BUFFER, LISTS * sizeof(int), 0);
	void *all[LISTS * (LEN + LISTS)];
	int want[LISTS];
	size_t nall = 0;
	for (int l = 0; l < LISTS; l++) {
		heads[l] = NULL;
		want[l] = 0;
		for (int j = 0; j < LEN + l; j++) {
			struct node *n = clSVMAlloc(ctx, j & 1 ? 0 : CL_MEM_SVM_FINE_GRAIN_BUFFER, sizeof(*n), 0);
			REQUIRE(n);
			n->value = l * 1000 + j;
			n->next = heads[l];
			heads[l] = n;
			want[l] += n->value;
			all[nall++] = n;
		}
	}
	cl_kernel walk = clCreateKernel(prog, "walk", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArgSVMPointer(walk, 0, heads));
	CHECK_OK(clSetKernelArgSVMPointer(walk, 1, sums));
	CHECK_OK(clSetKernelExecInfo(walk, CL_KERNEL_EXEC_INFO_SVM_PTRS, nall * sizeof(void *), all));
	size_t g = LISTS;
	CHECK_OK(clEnqueueNDRangeKernel(q, walk, 1, NULL, &g, NULL, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	for (int l = 0; l < LISTS; l++)
		CHECK(sums[l] == want[l]);
	for (int l = 0; l < LISTS; l++)
		for (struct node *n = heads[l], *next; n; n = next) {
			next = n->next;
			clSVMFree(ctx, n);
		}

	/* A list built by a kernel, walked by the host. */
	enum { P = 300 };
	struct node *pool = clSVMAlloc(ctx, 0, P * sizeof(struct node), 0);
	REQUIRE(pool);
	cl_kernel build = clCreateKernel(prog, "build", &err);
	REQUIRE(err == CL_SUCCESS);
	int np = P;
	CHECK_OK(clSetKernelArgSVMPointer(build, 0, pool));
	CHECK_OK(clSetKernelArg(build, 1, sizeof(int), &np));
	g = P;
	CHECK_OK(clEnqueueNDRangeKernel(q, build, 1, NULL, &g, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, pool, P * sizeof(struct node), 0, NULL, NULL));
	int count = 0, bad = 0;
	for (struct node *n = pool; n && count <= P; n = n->next, count++)
		bad += n != &pool[count] || n->value != count * count + 1;
	CHECK(count == P && bad == 0);
	CHECK_OK(clEnqueueSVMUnmap(q, pool, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	clReleaseKernel(walk);
	clReleaseKernel(build);
	clSVMFree(ctx, pool);
	clSVMFree(ctx, heads);
	clSVMFree(ctx, sums);
}

enum { HOST_ADDS = 200000, GROUPS = 64, LOCAL = 16, REPS = 100 };

static void *host_adder(void *arg)
{
	atomic_int *c = arg;
	for (int i = 0; i < HOST_ADDS; i++)
		atomic_fetch_add_explicit(c, 1, memory_order_relaxed);
	return NULL;
}

static void test_atomics(void)
{
	cl_int err;
	atomic_int *c = clSVMAlloc(ctx, CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS, sizeof(atomic_int), 0);
	REQUIRE(c);
	atomic_init(c, 0);
	cl_kernel k = clCreateKernel(prog, "count", &err);
	REQUIRE(err == CL_SUCCESS);
	int reps = REPS;
	CHECK_OK(clSetKernelArgSVMPointer(k, 0, c));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(int), &reps));
	size_t g = GROUPS * LOCAL, l = LOCAL;
	pthread_t t;
	REQUIRE(pthread_create(&t, NULL, host_adder, c) == 0);
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
	CHECK_OK(clFlush(q));
	host_adder(c); /* this thread too, while the kernel runs */
	pthread_join(t, NULL);
	CHECK_OK(clFinish(q));
	CHECK(atomic_load(c) == 2 * HOST_ADDS + GROUPS * LOCAL * REPS);
	clReleaseKernel(k);
	clSVMFree(ctx, c);
}

struct free_record {
	int calls;
	cl_uint num;
	void *ptrs[4];
	cl_command_queue queue;
};

static void CL_CALLBACK on_free(cl_command_queue queue, cl_uint num, void *ptrs[], void *user)
{
	struct free_record *r = user;
	r->calls++;
	r->num = num;
	r->queue = queue;
	for (cl_uint i = 0; i < num && i < 4; i++)
		r->ptrs[i] = ptrs[i];
	for (cl_uint i = 0; i < num; i++)
		clSVMFree(ctx, ptrs[i]);
}

static void test_enqueue_free(void)
{
	void *p[3] = { clSVMAlloc(ctx, 0, 64, 0), clSVMAlloc(ctx, CL_MEM_SVM_FINE_GRAIN_BUFFER, 128, 0),
		       clSVMAlloc(ctx, 0, 4096, 4096) };
	void *want[3] = { p[0], p[1], p[2] };
	struct free_record r = { 0 };
	cl_event e;
	CHECK_OK(clEnqueueSVMFree(q, 3, p, on_free, &r, 0, NULL, &e));
	p[0] = p[1] = p[2] = NULL; /* the array was copied */
	CHECK_OK(clWaitForEvents(1, &e));
	CHECK(event_type(e) == CL_COMMAND_SVM_FREE);
	clReleaseEvent(e);
	CHECK(r.calls == 1 && r.num == 3 && r.queue == q);
	CHECK(r.ptrs[0] == want[0] && r.ptrs[1] == want[1] && r.ptrs[2] == want[2]);
	/* Without a callback Kiln frees them. */
	void *p2[2] = { clSVMAlloc(ctx, 0, 64, 0), clSVMAlloc(ctx, 0, 64, 0) };
	CHECK_OK(clEnqueueSVMFree(q, 2, p2, NULL, NULL, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	CHECK_ERR(clEnqueueSVMFree(q, 0, p2, NULL, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMFree(q, 2, NULL, NULL, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueSVMFree(NULL, 2, p2, NULL, NULL, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
}

static void test_buffer_on_svm(void)
{
	enum { N = 4096 };
	cl_int err;
	unsigned char *s = clSVMAlloc(ctx, 0, N, 0);
	REQUIRE(s);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, N, s, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_bool uses = CL_FALSE;
	CHECK_OK(clGetMemObjectInfo(b, CL_MEM_USES_SVM_POINTER, sizeof(uses), &uses, NULL));
	CHECK(uses == CL_TRUE);
	cl_buffer_region reg = { 1024, 512 };
	cl_mem sub = clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err);
	CHECK(err == CL_SUCCESS);
	uses = CL_FALSE;
	CHECK_OK(clGetMemObjectInfo(sub, CL_MEM_USES_SVM_POINTER, sizeof(uses), &uses, NULL));
	CHECK(uses == CL_TRUE);
	/* The buffer's storage is the SVM memory. */
	unsigned char src[N];
	for (int i = 0; i < N; i++)
		src[i] = (unsigned char)(i * 31);
	CHECK_OK(clEnqueueWriteBuffer(q, b, CL_TRUE, 0, N, src, 0, NULL, NULL));
	CHECK(memcmp(s, src, N) == 0);
	clReleaseMemObject(sub);
	clReleaseMemObject(b);
	/* Past the end of the allocation: CL_INVALID_BUFFER_SIZE (§5.2.1),
	 * from its base or from inside it; up to the end is fine. */
	b = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, 2 * N, s, &err);
	CHECK(b == NULL && err == CL_INVALID_BUFFER_SIZE);
	b = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, N - 63, s + 64, &err);
	CHECK(b == NULL && err == CL_INVALID_BUFFER_SIZE);
	b = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, N - 64, s + 64, &err);
	CHECK(b != NULL && err == CL_SUCCESS);
	clReleaseMemObject(b);
	/* A plain host pointer, or no host pointer: CL_FALSE. */
	unsigned char *h = malloc(N);
	b = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, N, h, &err);
	uses = CL_TRUE;
	CHECK_OK(clGetMemObjectInfo(b, CL_MEM_USES_SVM_POINTER, sizeof(uses), &uses, NULL));
	CHECK(uses == CL_FALSE);
	clReleaseMemObject(b);
	b = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, N, s, &err);
	uses = CL_TRUE;
	CHECK_OK(clGetMemObjectInfo(b, CL_MEM_USES_SVM_POINTER, sizeof(uses), &uses, NULL));
	CHECK(uses == CL_FALSE);
	clReleaseMemObject(b);
	free(h);
	clSVMFree(ctx, s);
}

int main(void)
{
	cl_platform_id plat;
	check_setup(&plat, &dev, &ctx, &q);
	test_caps();
	test_alloc();
	test_memcpy_fill();
	prog = check_build(ctx, dev, src, "-cl-std=CL3.0");
	test_kernel_args();
	test_lists();
	test_atomics();
	test_enqueue_free();
	test_buffer_on_svm();
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
