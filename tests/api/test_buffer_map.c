/* clEnqueueMapBuffer (OpenCL 3.0 §5.2.4), clEnqueueUnmapMemObject (§5.5.2)
 * and clEnqueueMigrateMemObjects (§5.5.4): blocking and non-blocking maps,
 * write-invalidate, map counts, host-access flags, every error code. */
#include "check.h"

#include <stdint.h>
#include <time.h>

static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;

static cl_uint map_count(cl_mem m)
{
	cl_uint n = 12345;
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_MAP_COUNT, sizeof(n), &n, NULL));
	return n;
}

static void test_blocking(void)
{
	cl_int err;
	enum { N = 8192 };
	static unsigned char ref[N], back[N];
	for (int i = 0; i < N; i++)
		ref[i] = (unsigned char)(i * 3 + 1);
	cl_mem m = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, N, ref, &err);
	REQUIRE(err == CL_SUCCESS);

	cl_event ev;
	unsigned char *p = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 100, 1000,
					      0, NULL, &ev, &err);
	CHECK_OK(err);
	REQUIRE(p != NULL);
	cl_command_type t = 0;
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof(t), &t, NULL));
	CHECK(t == CL_COMMAND_MAP_BUFFER);
	clReleaseEvent(ev);
	CHECK(memcmp(p, ref + 100, 1000) == 0);
	CHECK(map_count(m) == 1);
	/* Mapping twice: both valid; a second region sits at the same place
	 * in the same storage (no copies on a CPU). */
	unsigned char *p2 = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ, 0, N, 0, NULL, NULL, &err);
	CHECK_OK(err);
	CHECK(p2 + 100 == p);
	CHECK(map_count(m) == 2);
	for (int i = 0; i < 1000; i++)
		p[i] = (unsigned char)~ref[100 + i];
	for (int i = 0; i < 1000; i++)
		ref[100 + i] = (unsigned char)~ref[100 + i];
	CHECK_OK(clEnqueueUnmapMemObject(q, m, p, 0, NULL, &ev));
	CHECK_OK(clWaitForEvents(1, &ev));
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof(t), &t, NULL));
	CHECK(t == CL_COMMAND_UNMAP_MEM_OBJECT);
	clReleaseEvent(ev);
	CHECK(map_count(m) == 1);
	/* The same pointer cannot be unmapped twice; p2 still can. */
	CHECK_ERR(clEnqueueUnmapMemObject(q, m, p, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueUnmapMemObject(q, m, p2 + 1, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueUnmapMemObject(q, m, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueUnmapMemObject(q, m, ref, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_OK(clEnqueueUnmapMemObject(q, m, p2, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	CHECK(map_count(m) == 0);
	CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, N, back, 0, NULL, NULL));
	CHECK(memcmp(back, ref, N) == 0);

	/* Write-invalidate: the host overwrites the whole region. */
	p = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 4096, 4096, 0, NULL, NULL, &err);
	CHECK_OK(err);
	REQUIRE(p != NULL);
	memset(p, 0x77, 4096);
	memset(ref + 4096, 0x77, 4096);
	CHECK_OK(clEnqueueUnmapMemObject(q, m, p, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, N, back, 0, NULL, NULL));
	CHECK(memcmp(back, ref, N) == 0);

	/* errcode_ret may be NULL. */
	p = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ, 0, 16, 0, NULL, NULL, NULL);
	CHECK(p != NULL);
	CHECK_OK(clEnqueueUnmapMemObject(q, m, p, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	clReleaseMemObject(m);

	/* USE_HOST_PTR: the map is host_ptr + offset. */
	static unsigned char host[N];
	m = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, N, host, &err);
	REQUIRE(err == CL_SUCCESS);
	p = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_WRITE, 512, 256, 0, NULL, NULL, &err);
	CHECK_OK(err);
	CHECK(p == host + 512);
	CHECK_OK(clEnqueueUnmapMemObject(q, m, p, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	clReleaseMemObject(m);
}

/* A non-blocking map returns its pointer at once; the data is valid when
 * its event completes (after the gated write before it). */
static void test_nonblocking(void)
{
	cl_int err;
	enum { N = 4096 };
	static unsigned char src[N];
	for (int i = 0; i < N; i++)
		src[i] = (unsigned char)(i ^ 0x5c);
	cl_mem m = clCreateBuffer(ctx, 0, N, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_event gate = clCreateUserEvent(ctx, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clEnqueueWriteBuffer(q, m, CL_FALSE, 0, N, src, 1, &gate, NULL));
	cl_event mapped;
	unsigned char *p = clEnqueueMapBuffer(q, m, CL_FALSE, CL_MAP_READ, 0, N, 0, NULL, &mapped, &err);
	CHECK_OK(err);
	CHECK(p != NULL);
	CHECK(map_count(m) == 1);
	nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
	cl_int st = 0;
	CHECK_OK(clGetEventInfo(mapped, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st), &st, NULL));
	CHECK(st > CL_COMPLETE); /* still waiting behind the gate */
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &mapped));
	CHECK(p && memcmp(p, src, N) == 0);
	CHECK_OK(clEnqueueUnmapMemObject(q, m, p, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	CHECK(map_count(m) == 0);
	clReleaseEvent(mapped);
	clReleaseEvent(gate);

	/* A blocking map whose wait list fails: no pointer, no mapping. */
	gate = clCreateUserEvent(ctx, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetUserEventStatus(gate, -5));
	p = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ, 0, N, 1, &gate, NULL, &err);
	CHECK_ERR(err, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	CHECK(p == NULL);
	CHECK(map_count(m) == 0);
	clReleaseEvent(gate);
	CHECK_OK(clFinish(q));
	clReleaseMemObject(m);
}

static void test_errors(void)
{
	cl_int err;
	cl_mem m = clCreateBuffer(ctx, 0, 1024, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	void *p;
#define MAP_ERR(call, code)                                                    \
	do {                                                                   \
		err = 1;                                                       \
		p = (call);                                                    \
		CHECK_ERR(err, code);                                          \
		CHECK(p == NULL);                                              \
	} while (0)
	MAP_ERR(clEnqueueMapBuffer(NULL, m, CL_TRUE, CL_MAP_READ, 0, 16, 0, NULL, NULL, &err),
		CL_INVALID_COMMAND_QUEUE);
	MAP_ERR(clEnqueueMapBuffer(q, NULL, CL_TRUE, CL_MAP_READ, 0, 16, 0, NULL, NULL, &err),
		CL_INVALID_MEM_OBJECT);
	MAP_ERR(clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ, 0, 0, 0, NULL, NULL, &err),
		CL_INVALID_VALUE);
	MAP_ERR(clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ, 1000, 25, 0, NULL, NULL, &err),
		CL_INVALID_VALUE);
	MAP_ERR(clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ, SIZE_MAX, 2, 0, NULL, NULL, &err),
		CL_INVALID_VALUE);
	MAP_ERR(clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, 0, 16,
				   0, NULL, NULL, &err),
		CL_INVALID_VALUE);
	MAP_ERR(clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION, 0, 16,
				   0, NULL, NULL, &err),
		CL_INVALID_VALUE);
	MAP_ERR(clEnqueueMapBuffer(q, m, CL_TRUE, (cl_map_flags)1 << 9, 0, 16, 0, NULL, NULL, &err),
		CL_INVALID_VALUE);
	MAP_ERR(clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ, 0, 16, 1, NULL, NULL, &err),
		CL_INVALID_EVENT_WAIT_LIST);
	cl_context ctx2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem other = clCreateBuffer(ctx2, 0, 64, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	MAP_ERR(clEnqueueMapBuffer(q, other, CL_TRUE, CL_MAP_READ, 0, 16, 0, NULL, NULL, &err),
		CL_INVALID_CONTEXT);
	/* Unmapping another context's object through q. */
	cl_command_queue q2 = clCreateCommandQueueWithProperties(ctx2, dev, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	void *po = clEnqueueMapBuffer(q2, other, CL_TRUE, CL_MAP_READ, 0, 16, 0, NULL, NULL, &err);
	CHECK_OK(err);
	CHECK_ERR(clEnqueueUnmapMemObject(q, other, po, 0, NULL, NULL), CL_INVALID_CONTEXT);
	CHECK_OK(clEnqueueUnmapMemObject(q2, other, po, 0, NULL, NULL));
	CHECK_OK(clFinish(q2));
	clReleaseCommandQueue(q2);
	clReleaseMemObject(other);
	clReleaseContext(ctx2);
	CHECK_ERR(clEnqueueUnmapMemObject(NULL, m, NULL, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clEnqueueUnmapMemObject(q, NULL, NULL, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	p = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ, 0, 16, 0, NULL, NULL, &err);
	CHECK_ERR(clEnqueueUnmapMemObject(q, m, p, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
	CHECK(map_count(m) == 1); /* a failed unmap leaves the mapping */
	CHECK_OK(clEnqueueUnmapMemObject(q, m, p, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	clReleaseMemObject(m);

	/* §5.2.4: host-access flags against map flags. */
	static const struct {
		cl_mem_flags flags;
		cl_int read, write, invalidate;
	} access[] = {
		{ CL_MEM_HOST_READ_ONLY, CL_SUCCESS, CL_INVALID_OPERATION, CL_INVALID_OPERATION },
		{ CL_MEM_HOST_WRITE_ONLY, CL_INVALID_OPERATION, CL_SUCCESS, CL_SUCCESS },
		{ CL_MEM_HOST_NO_ACCESS, CL_INVALID_OPERATION, CL_INVALID_OPERATION, CL_INVALID_OPERATION },
		{ CL_MEM_READ_ONLY, CL_SUCCESS, CL_SUCCESS, CL_SUCCESS },
	};
	static const cl_map_flags kinds[3] = { CL_MAP_READ, CL_MAP_WRITE, CL_MAP_WRITE_INVALIDATE_REGION };
	for (size_t i = 0; i < sizeof(access) / sizeof(access[0]); i++) {
		m = clCreateBuffer(ctx, access[i].flags, 64, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		const cl_int want[3] = { access[i].read, access[i].write, access[i].invalidate };
		for (int k = 0; k < 3; k++) {
			err = 1;
			p = clEnqueueMapBuffer(q, m, CL_TRUE, kinds[k], 0, 64, 0, NULL, NULL, &err);
			CHECK_ERR(err, want[k]);
			CHECK((p != NULL) == (want[k] == CL_SUCCESS));
			if (p)
				CHECK_OK(clEnqueueUnmapMemObject(q, m, p, 0, NULL, NULL));
		}
		CHECK_OK(clFinish(q));
		clReleaseMemObject(m);
	}
}

static void test_migrate(void)
{
	cl_int err;
	cl_mem m[2];
	for (int i = 0; i < 2; i++) {
		m[i] = clCreateBuffer(ctx, 0, 256, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
	}
	static const unsigned char data[256] = { 9, 8, 7 };
	CHECK_OK(clEnqueueWriteBuffer(q, m[0], CL_TRUE, 0, 256, data, 0, NULL, NULL));
	static const cl_mem_migration_flags ok_flags[] = {
		0, CL_MIGRATE_MEM_OBJECT_HOST, CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED,
		CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED,
	};
	for (int i = 0; i < 4; i++) {
		cl_event ev;
		CHECK_OK(clEnqueueMigrateMemObjects(q, 2, m, ok_flags[i], 0, NULL, &ev));
		CHECK_OK(clWaitForEvents(1, &ev));
		cl_command_type t = 0;
		CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof(t), &t, NULL));
		CHECK(t == CL_COMMAND_MIGRATE_MEM_OBJECTS);
		clReleaseEvent(ev);
	}
	/* Migration without CONTENT_UNDEFINED keeps the contents. */
	unsigned char back[256];
	CHECK_OK(clEnqueueReadBuffer(q, m[0], CL_TRUE, 0, 256, back, 0, NULL, NULL));
	CHECK(memcmp(back, data, 256) == 0);
	CHECK_ERR(clEnqueueMigrateMemObjects(q, 0, m, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueMigrateMemObjects(q, 2, NULL, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueMigrateMemObjects(q, 2, m, 1 << 5, 0, NULL, NULL), CL_INVALID_VALUE);
	cl_mem bad[2] = { m[0], (cl_mem)q };
	CHECK_ERR(clEnqueueMigrateMemObjects(q, 2, bad, 0, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueMigrateMemObjects(NULL, 2, m, 0, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clEnqueueMigrateMemObjects(q, 2, m, 0, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
	cl_context ctx2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem other = clCreateBuffer(ctx2, 0, 64, NULL, &err);
	cl_mem mixed[2] = { m[0], other };
	CHECK_ERR(clEnqueueMigrateMemObjects(q, 2, mixed, 0, 0, NULL, NULL), CL_INVALID_CONTEXT);
	clReleaseMemObject(other);
	clReleaseContext(ctx2);
	CHECK_OK(clFinish(q));
	clReleaseMemObject(m[0]);
	clReleaseMemObject(m[1]);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &dev, &ctx, &q);

	test_blocking();
	test_nonblocking();
	test_errors();
	test_migrate();

	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
