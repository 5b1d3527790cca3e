/* clEnqueueFillBuffer (OpenCL 3.0 §5.2.3) with every pattern size, and
 * clEnqueueCopyBuffer (§5.2.2): random copies against a host model, the
 * overlap rule (one buffer, a sub-buffer and its parent), errors, and
 * a 256 MiB copy split across workers. */
#include "check.h"

#include <stdint.h>
#include <time.h>

static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;

static unsigned rng_state = 4242;
static unsigned rnd(void)
{
	return check_rand(&rng_state);
}

static void test_fill(void)
{
	cl_int err;
	enum { N = 1 << 16 };
	static unsigned char model[N], back[N];
	memset(model, 0x5a, N);
	cl_mem m = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, N, model, &err);
	REQUIRE(err == CL_SUCCESS);
	for (size_t ps = 1; ps <= 128; ps *= 2) {
		for (int rep = 0; rep < 6; rep++) {
			unsigned char pat[128];
			for (size_t i = 0; i < ps; i++)
				pat[i] = (unsigned char)rnd();
			if (rep == 0) /* all bytes equal (the memset path) */
				memset(pat, pat[0], ps);
			size_t units = N / ps;
			size_t off = (rnd() % units) * ps;
			size_t size = (rnd() % (units - off / ps + 1)) * ps;
			for (size_t i = 0; i < size; i++)
				model[off + i] = pat[i % ps];
			cl_event ev;
			CHECK_OK(clEnqueueFillBuffer(q, m, pat, ps, off, size, 0, NULL, &ev));
			/* The pattern is copied at enqueue time. */
			memset(pat, 0, sizeof(pat));
			CHECK_OK(clWaitForEvents(1, &ev));
			cl_command_type t = 0;
			CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof(t), &t, NULL));
			CHECK(t == CL_COMMAND_FILL_BUFFER);
			clReleaseEvent(ev);
			CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, N, back, 0, NULL, NULL));
			CHECK(memcmp(back, model, N) == 0);
		}
	}
	/* Errors. */
	unsigned char pat[256] = { 1 };
	static const size_t bad_sizes[] = { 0, 3, 5, 6, 12, 24, 48, 96, 127, 256 };
	for (size_t i = 0; i < sizeof(bad_sizes) / sizeof(bad_sizes[0]); i++)
		CHECK_ERR(clEnqueueFillBuffer(q, m, pat, bad_sizes[i], 0, 768, 0, NULL, NULL),
			  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueFillBuffer(q, m, NULL, 4, 0, 64, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueFillBuffer(q, m, pat, 4, 2, 64, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueFillBuffer(q, m, pat, 4, 0, 66, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueFillBuffer(q, m, pat, 4, N - 4, 8, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueFillBuffer(q, m, pat, 4, N + 4, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_OK(clEnqueueFillBuffer(q, m, pat, 4, N - 4, 4, 0, NULL, NULL));
	CHECK_OK(clEnqueueFillBuffer(q, m, pat, 16, 0, 0, 0, NULL, NULL));
	CHECK_ERR(clEnqueueFillBuffer(NULL, m, pat, 4, 0, 64, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clEnqueueFillBuffer(q, NULL, pat, 4, 0, 64, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueFillBuffer(q, m, pat, 4, 0, 64, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
	CHECK_OK(clFinish(q));
	clReleaseMemObject(m);

	/* Host-access flags do not restrict fills. */
	m = clCreateBuffer(ctx, CL_MEM_HOST_NO_ACCESS, 64, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clEnqueueFillBuffer(q, m, pat, 8, 0, 64, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	clReleaseMemObject(m);

	/* A large fill (parallel path) is right at both ends and in between. */
	size_t big = (size_t)24 << 20;
	m = clCreateBuffer(ctx, 0, big, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	unsigned char zero = 0;
	CHECK_OK(clEnqueueFillBuffer(q, m, &zero, 1, 0, big, 0, NULL, NULL));
	unsigned p16[4] = { 0x01020304, 0x05060708, 0x090a0b0c, 0x0d0e0f10 };
	CHECK_OK(clEnqueueFillBuffer(q, m, p16, 16, 16, big - 32, 0, NULL, NULL));
	unsigned char *map = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ, 0, big, 0, NULL, NULL, &err);
	CHECK_OK(err);
	if (map) {
		int ok = 1;
		for (size_t i = 0; i < 16; i++)
			ok &= map[i] == 0 && map[big - 1 - i] == 0;
		for (size_t i = 16; i < big - 16; i += 4)
			ok &= *(unsigned *)(map + i) == p16[(i / 4) % 4];
		CHECK(ok);
		CHECK_OK(clEnqueueUnmapMemObject(q, m, map, 0, NULL, NULL));
	}
	CHECK_OK(clFinish(q));
	clReleaseMemObject(m);
}

static void test_copy(void)
{
	cl_int err;
	enum { N = 1 << 16 };
	static unsigned char model[2][N], back[N];
	cl_mem m[2];
	for (int b = 0; b < 2; b++) {
		for (int i = 0; i < N; i++)
			model[b][i] = (unsigned char)rnd();
		m[b] = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, N, model[b], &err);
		REQUIRE(err == CL_SUCCESS);
	}
	int overlaps = 0;
	for (int it = 0; it < 300; it++) {
		int s = rnd() % 2, d = rnd() % 3 == 0 ? s : 1 - s;
		size_t size = rnd() % 5000, so = rnd() % (N - size + 1), dof = rnd() % (N - size + 1);
		int overlap = s == d && size && so < dof + size && dof < so + size;
		cl_int got = clEnqueueCopyBuffer(q, m[s], m[d], so, dof, size, 0, NULL, NULL);
		if (overlap) {
			CHECK_ERR(got, CL_MEM_COPY_OVERLAP);
			overlaps++;
			continue;
		}
		CHECK_OK(got);
		memmove(model[d] + dof, model[s] + so, size);
	}
	CHECK(overlaps > 0);
	for (int b = 0; b < 2; b++) {
		CHECK_OK(clEnqueueReadBuffer(q, m[b], CL_TRUE, 0, N, back, 0, NULL, NULL));
		CHECK(memcmp(back, model[b], N) == 0);
	}

	/* Exact edges of the overlap rule. */
	CHECK_OK(clEnqueueCopyBuffer(q, m[0], m[0], 0, 100, 100, 0, NULL, NULL));
	CHECK_ERR(clEnqueueCopyBuffer(q, m[0], m[0], 0, 99, 100, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
	CHECK_ERR(clEnqueueCopyBuffer(q, m[0], m[0], 5, 5, 1, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
	CHECK_OK(clEnqueueCopyBuffer(q, m[0], m[0], 5, 5, 0, 0, NULL, NULL));

	/* A sub-buffer shares its parent's storage. */
	cl_uint align_bits = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(align_bits), &align_bits, NULL));
	size_t a = align_bits / 8;
	cl_buffer_region r = { a, 4 * a };
	cl_mem sub = clCreateSubBuffer(m[1], 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
	CHECK_OK(err);
	cl_buffer_region r2 = { 2 * a, 4 * a };
	cl_mem sub2 = clCreateSubBuffer(m[1], 0, CL_BUFFER_CREATE_TYPE_REGION, &r2, &err);
	CHECK_OK(err);
	/* sub [0, a) is parent [a, 2a) */
	CHECK_ERR(clEnqueueCopyBuffer(q, sub, m[1], 0, a + a / 2, a, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
	CHECK_ERR(clEnqueueCopyBuffer(q, m[1], sub, a, 0, 1, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
	/* sub [a, 2a) = parent [2a, 3a) = sub2 [0, a) */
	CHECK_ERR(clEnqueueCopyBuffer(q, sub, sub2, a, 0, a, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
	CHECK_OK(clEnqueueCopyBuffer(q, sub, sub2, 0, a, a, 0, NULL, NULL));
	memmove(model[1] + 3 * a, model[1] + a, a);
	CHECK_OK(clEnqueueCopyBuffer(q, m[1], sub, 0, 0, a, 0, NULL, NULL));
	memmove(model[1] + a, model[1], a);
	CHECK_OK(clEnqueueReadBuffer(q, m[1], CL_TRUE, 0, N, back, 0, NULL, NULL));
	CHECK(memcmp(back, model[1], N) == 0);
	clReleaseMemObject(sub);
	clReleaseMemObject(sub2);

	/* Errors. */
	CHECK_ERR(clEnqueueCopyBuffer(q, m[0], m[1], N - 10, 0, 11, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueCopyBuffer(q, m[0], m[1], 0, N - 10, 11, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueCopyBuffer(q, m[0], m[1], SIZE_MAX, 0, 2, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueCopyBuffer(q, m[0], m[1], 0, 0, SIZE_MAX, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueCopyBuffer(NULL, m[0], m[1], 0, 0, 1, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clEnqueueCopyBuffer(q, NULL, m[1], 0, 0, 1, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueCopyBuffer(q, m[0], (cl_mem)q, 0, 0, 1, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueCopyBuffer(q, m[0], m[1], 0, 0, 1, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
	cl_context ctx2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem other = clCreateBuffer(ctx2, 0, 64, NULL, &err);
	CHECK_ERR(clEnqueueCopyBuffer(q, m[0], other, 0, 0, 1, 0, NULL, NULL), CL_INVALID_CONTEXT);
	CHECK_ERR(clEnqueueCopyBuffer(q, other, m[0], 0, 0, 1, 0, NULL, NULL), CL_INVALID_CONTEXT);
	clReleaseMemObject(other);
	clReleaseContext(ctx2);
	CHECK_OK(clFinish(q));
	clReleaseMemObject(m[0]);
	clReleaseMemObject(m[1]);
}

/* A 256 MiB copy, large enough to be split across workers, checked whole.
 * Its speed is measured by tools/kiln-bench-runtime, never here: a timed
 * check would fail on a busy CI machine. */
static void test_copy_large(void)
{
	cl_int err;
	size_t n = (size_t)256 << 20;
	char *hs = malloc(n), *hd = malloc(n);
	REQUIRE(hs && hd);
	memset(hs, 1, n);
	memset(hd, 2, n);
	cl_mem src = clCreateBuffer(ctx, 0, n, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem dst = clCreateBuffer(ctx, 0, n, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	unsigned char one = 1, two = 2;
	CHECK_OK(clEnqueueFillBuffer(q, src, &one, 1, 0, n, 0, NULL, NULL));
	CHECK_OK(clEnqueueFillBuffer(q, dst, &two, 1, 0, n, 0, NULL, NULL));
	CHECK_OK(clFinish(q));

	CHECK_OK(clEnqueueCopyBuffer(q, src, dst, 0, 0, n, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, dst, CL_TRUE, 0, n, hd, 0, NULL, NULL));
	CHECK(memcmp(hd, hs, n) == 0);
	unsigned char probe[3];
	CHECK_OK(clEnqueueReadBuffer(q, dst, CL_TRUE, 0, 1, probe, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, dst, CL_TRUE, n / 2, 1, probe + 1, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, dst, CL_TRUE, n - 1, 1, probe + 2, 0, NULL, NULL));
	CHECK(probe[0] == 1 && probe[1] == 1 && probe[2] == 1);
	clReleaseMemObject(src);
	clReleaseMemObject(dst);
	free(hs);
	free(hd);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &dev, &ctx, &q);

	test_fill();
	test_copy();
	test_copy_large();

	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
