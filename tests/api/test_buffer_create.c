/* Buffer creation (OpenCL 3.0 §5.2.1), memory-object queries (§5.5.5),
 * reference counts and destructor callbacks (§5.5.1). */
#include "check.h"

#include <stdint.h>
#include <time.h>

static cl_platform_id platform;
static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;

/* The nine flags a buffer may take, and the validity rules of the spec's
 * table of memory flags, written independently of Kiln's code. */
static const cl_mem_flags flag_bits[9] = {
	CL_MEM_READ_WRITE,      CL_MEM_WRITE_ONLY,     CL_MEM_READ_ONLY,
	CL_MEM_USE_HOST_PTR,    CL_MEM_ALLOC_HOST_PTR, CL_MEM_COPY_HOST_PTR,
	CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY, CL_MEM_HOST_NO_ACCESS,
};

static int count_of(cl_mem_flags f, cl_mem_flags a, cl_mem_flags b,
		    cl_mem_flags c)
{
	return !!(f & a) + !!(f & b) + !!(f & c);
}

static int expect_valid(cl_mem_flags f)
{
	if (count_of(f, CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY, CL_MEM_READ_ONLY) > 1)
		return 0;
	if (count_of(f, CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY,
		     CL_MEM_HOST_NO_ACCESS) > 1)
		return 0;
	if ((f & CL_MEM_USE_HOST_PTR) &&
	    (f & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
		return 0;
	return 1;
}

static void test_flag_combinations(void)
{
	enum { N = 4096 };
	unsigned char *host = malloc(N);
	for (int i = 0; i < N; i++)
		host[i] = (unsigned char)(i * 7 + 3);
	int created = 0;
	for (unsigned mask = 0; mask < 512; mask++) {
		cl_mem_flags f = 0;
		for (int b = 0; b < 9; b++)
			if (mask & (1u << b))
				f |= flag_bits[b];
		int needs_ptr = (f & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0;
		cl_int err = 12345;
		cl_mem m = clCreateBuffer(ctx, f, N, needs_ptr ? host : NULL, &err);
		if (!expect_valid(f)) {
			CHECK_ERR(err, CL_INVALID_VALUE);
			CHECK(m == NULL);
			continue;
		}
		CHECK_OK(err);
		if (!m)
			continue;
		created++;
		cl_mem_flags got = 0;
		CHECK_OK(clGetMemObjectInfo(m, CL_MEM_FLAGS, sizeof(got), &got, NULL));
		CHECK(got == f);
		void *hp = (void *)1;
		CHECK_OK(clGetMemObjectInfo(m, CL_MEM_HOST_PTR, sizeof(hp), &hp, NULL));
		CHECK(hp == ((f & CL_MEM_USE_HOST_PTR) ? host : NULL));
		/* COPY_ and USE_HOST_PTR buffers start with the host's data. */
		if (needs_ptr && !(f & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))) {
			unsigned char back[64];
			CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 1000, 64, back, 0, NULL, NULL));
			CHECK(memcmp(back, host + 1000, 64) == 0);
		}
		CHECK_OK(clReleaseMemObject(m));
	}
	/* Every valid combination was created: 4 access modes (none, RW, WO,
	 * RO) × 4 host-access modes × 5 host-pointer modes (none, USE, ALLOC,
	 * COPY, ALLOC|COPY). */
	int expect = 0;
	for (unsigned mask = 0; mask < 512; mask++) {
		cl_mem_flags f = 0;
		for (int b = 0; b < 9; b++)
			if (mask & (1u << b))
				f |= flag_bits[b];
		expect += expect_valid(f);
	}
	CHECK(created == expect);
	CHECK(expect == 4 * 4 * 5); /* access 4, host access 4, host ptr 5 */
	free(host);
}

static void test_errors(void)
{
	cl_int err;
	char host[64];
	cl_ulong max_alloc = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(max_alloc), &max_alloc, NULL));

	CHECK(clCreateBuffer(NULL, 0, 64, NULL, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_CONTEXT);
	CHECK(clCreateBuffer((cl_context)q, 0, 64, NULL, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_CONTEXT);
	/* errcode_ret may be NULL. */
	CHECK(clCreateBuffer(ctx, 0, 0, NULL, NULL) == NULL);

	CHECK(clCreateBuffer(ctx, 0, 0, NULL, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_BUFFER_SIZE);
	CHECK(clCreateBuffer(ctx, 0, (size_t)max_alloc + 1, NULL, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_BUFFER_SIZE);
	CHECK(clCreateBuffer(ctx, 0, SIZE_MAX, NULL, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_BUFFER_SIZE);

	CHECK(clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, 64, NULL, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_HOST_PTR);
	CHECK(clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, 64, NULL, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_HOST_PTR);
	CHECK(clCreateBuffer(ctx, 0, 64, host, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_HOST_PTR);
	CHECK(clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR, 64, host, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_HOST_PTR);

	/* Unknown flag bits, and SVM-only flags, are not buffer flags. */
	CHECK(clCreateBuffer(ctx, (cl_mem_flags)1 << 40, 64, NULL, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_VALUE);
	CHECK(clCreateBuffer(ctx, CL_MEM_SVM_FINE_GRAIN_BUFFER, 64, NULL, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_VALUE);
	/* KERNEL_READ_AND_WRITE is a memory flag of 2.0+. */
	cl_mem m = clCreateBuffer(ctx, CL_MEM_KERNEL_READ_AND_WRITE, 64, NULL, &err);
	CHECK_OK(err);
	clReleaseMemObject(m);

	/* A large (but allowed) buffer. */
	m = clCreateBuffer(ctx, 0, 64 << 20, NULL, &err);
	CHECK_OK(err);
	clReleaseMemObject(m);
}

static void test_properties(void)
{
	cl_int err;
	size_t size = 99;
	cl_mem_properties empty[] = { 0 }, back[2] = { 7, 7 };
	cl_mem m = clCreateBufferWithProperties(ctx, empty, 0, 64, NULL, &err);
	CHECK_OK(err);
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_PROPERTIES, 0, NULL, &size));
	CHECK(size == sizeof(cl_mem_properties));
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_PROPERTIES, sizeof(back), back, NULL));
	CHECK(back[0] == 0);
	clReleaseMemObject(m);

	m = clCreateBufferWithProperties(ctx, NULL, CL_MEM_READ_ONLY, 64, NULL, &err);
	CHECK_OK(err);
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_PROPERTIES, 0, NULL, &size));
	CHECK(size == 0);
	clReleaseMemObject(m);
	m = clCreateBuffer(ctx, 0, 64, NULL, &err);
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_PROPERTIES, 0, NULL, &size));
	CHECK(size == 0);
	clReleaseMemObject(m);

	cl_mem_properties bad[] = { 0x12345, 0, 0 };
	CHECK(clCreateBufferWithProperties(ctx, bad, 0, 64, NULL, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_PROPERTY);
	CHECK(clCreateBufferWithProperties(NULL, NULL, 0, 64, NULL, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_CONTEXT);
	CHECK(clCreateBufferWithProperties(ctx, empty, 3, 64, NULL, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_VALUE);
	CHECK(clCreateBufferWithProperties(ctx, empty, 0, 0, NULL, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_BUFFER_SIZE);
}

static void test_queries(void)
{
	cl_int err;
	enum { N = 1000 };
	cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_ONLY, N, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem_object_type type = 0;
	size_t size = 0, offset = 99, ret = 0;
	cl_uint maps = 99, refs = 0;
	cl_context c = NULL;
	cl_mem assoc = (cl_mem)1;
	cl_bool svm = CL_TRUE;
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_TYPE, sizeof(type), &type, &ret));
	CHECK(type == CL_MEM_OBJECT_BUFFER && ret == sizeof(type));
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof(size), &size, &ret));
	CHECK(size == N && ret == sizeof(size_t));
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_MAP_COUNT, sizeof(maps), &maps, NULL));
	CHECK(maps == 0);
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 1);
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_CONTEXT, sizeof(c), &c, NULL));
	CHECK(c == ctx);
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof(assoc), &assoc, NULL));
	CHECK(assoc == NULL);
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_OFFSET, sizeof(offset), &offset, NULL));
	CHECK(offset == 0);
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_USES_SVM_POINTER, sizeof(svm), &svm, NULL));
	CHECK(svm == CL_FALSE);
	/* Size queries and short buffers. */
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_FLAGS, 0, NULL, &ret));
	CHECK(ret == sizeof(cl_mem_flags));
	CHECK_ERR(clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof(size) - 1, &size, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clGetMemObjectInfo(m, 0x7777, sizeof(size), &size, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetMemObjectInfo(NULL, CL_MEM_SIZE, sizeof(size), &size, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clGetMemObjectInfo((cl_mem)ctx, CL_MEM_SIZE, sizeof(size), &size, NULL),
		  CL_INVALID_MEM_OBJECT);

	/* Reference counts. */
	CHECK_OK(clRetainMemObject(m));
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 2);
	CHECK_OK(clReleaseMemObject(m));
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 1);
	CHECK_ERR(clRetainMemObject(NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clReleaseMemObject(NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clRetainMemObject((cl_mem)q), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clReleaseMemObject((cl_mem)q), CL_INVALID_MEM_OBJECT);
	CHECK_OK(clReleaseMemObject(m));
}

/* USE_HOST_PTR keeps the application's memory as the storage; COPY_HOST_PTR
 * takes a copy; storage is aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN. */
static void test_storage(void)
{
	cl_int err;
	enum { N = 1 << 16 };
	unsigned char *host = aligned_alloc(4096, N), *ref = malloc(N);
	for (int i = 0; i < N; i++)
		host[i] = ref[i] = (unsigned char)(i ^ (i >> 8));

	cl_mem use = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, N, host, &err);
	REQUIRE(err == CL_SUCCESS);
	void *p = clEnqueueMapBuffer(q, use, CL_TRUE, CL_MAP_READ, 256, 512, 0, NULL, NULL, &err);
	CHECK_OK(err);
	CHECK(p == host + 256);
	CHECK_OK(clEnqueueUnmapMemObject(q, use, p, 0, NULL, NULL));
	/* A device-side change is the host memory's change. */
	unsigned char v = 0xa5;
	CHECK_OK(clEnqueueFillBuffer(q, use, &v, 1, 100, 10, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	CHECK(host[100] == 0xa5 && host[109] == 0xa5 && host[110] == ref[110]);
	CHECK_OK(clReleaseMemObject(use));

	cl_mem copy = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, N, ref, &err);
	REQUIRE(err == CL_SUCCESS);
	unsigned char *saved = malloc(N);
	memcpy(saved, ref, N);
	memset(ref, 0, N); /* the buffer has its own copy */
	unsigned char *back = malloc(N);
	CHECK_OK(clEnqueueReadBuffer(q, copy, CL_TRUE, 0, N, back, 0, NULL, NULL));
	CHECK(memcmp(back, saved, N) == 0);
	CHECK_OK(clReleaseMemObject(copy));

	cl_uint align_bits = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(align_bits), &align_bits, NULL));
	CHECK(align_bits >= 8 * 64);
	for (int i = 0; i < 4; i++) {
		cl_mem m = clCreateBuffer(ctx, i & 1 ? CL_MEM_ALLOC_HOST_PTR : 0, 1000 + i, NULL, &err);
		CHECK_OK(err);
		p = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_WRITE, 0, 1000, 0, NULL, NULL, &err);
		CHECK_OK(err);
		CHECK(((uintptr_t)p % (align_bits / 8)) == 0);
		CHECK_OK(clEnqueueUnmapMemObject(q, m, p, 0, NULL, NULL));
		CHECK_OK(clReleaseMemObject(m));
	}
	CHECK_OK(clFinish(q));
	free(host);
	free(ref);
	free(saved);
	free(back);
}

/* §5.5.1: destructor callbacks run in reverse order of registration, when
 * the object is really freed: after the last release and after the last
 * command using it completed. */
static atomic_int order[8];
static atomic_int order_n;

static void CL_CALLBACK destructor(cl_mem m, void *user_data)
{
	(void)m;
	int n = atomic_fetch_add(&order_n, 1);
	if (n < 8)
		order[n] = (int)(intptr_t)user_data;
}

static void wait_for_callbacks(int n)
{
	for (int i = 0; i < 2000 && atomic_load(&order_n) < n; i++)
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
}

static void test_destructors(void)
{
	cl_int err;
	cl_mem m = clCreateBuffer(ctx, 0, 256, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_ERR(clSetMemObjectDestructorCallback(m, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clSetMemObjectDestructorCallback(NULL, destructor, NULL), CL_INVALID_MEM_OBJECT);
	for (int i = 1; i <= 3; i++)
		CHECK_OK(clSetMemObjectDestructorCallback(m, destructor, (void *)(intptr_t)i));
	CHECK_OK(clRetainMemObject(m));
	CHECK_OK(clReleaseMemObject(m));
	CHECK(atomic_load(&order_n) == 0);
	CHECK_OK(clReleaseMemObject(m));
	CHECK(atomic_load(&order_n) == 3);
	CHECK(order[0] == 3 && order[1] == 2 && order[2] == 1);

	/* A pending command keeps the buffer alive past its last release. */
	atomic_store(&order_n, 0);
	m = clCreateBuffer(ctx, 0, 256, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetMemObjectDestructorCallback(m, destructor, (void *)(intptr_t)10));
	CHECK_OK(clSetMemObjectDestructorCallback(m, destructor, (void *)(intptr_t)11));
	cl_event gate = clCreateUserEvent(ctx, &err);
	REQUIRE(err == CL_SUCCESS);
	static char data[256];
	memset(data, 0x3c, sizeof(data));
	cl_event wr;
	CHECK_OK(clEnqueueWriteBuffer(q, m, CL_FALSE, 0, 256, data, 1, &gate, &wr));
	CHECK_OK(clReleaseMemObject(m));
	nanosleep(&(struct timespec){ 0, 20000000 }, NULL);
	CHECK(atomic_load(&order_n) == 0); /* the write has not run yet */
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &wr));
	wait_for_callbacks(2);
	CHECK(atomic_load(&order_n) == 2);
	CHECK(order[0] == 11 && order[1] == 10);
	clReleaseEvent(wr);
	clReleaseEvent(gate);
}

int main(void)
{
	check_setup(&platform, &dev, &ctx, &q);

	test_flag_combinations();
	test_errors();
	test_properties();
	test_queries();
	test_storage();
	test_destructors();

	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
