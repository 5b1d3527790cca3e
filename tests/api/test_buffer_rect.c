/* clEnqueueReadBufferRect / WriteBufferRect / CopyBufferRect (OpenCL 3.0
 * §5.2.2): a random stress against a host model of the buffers, pitch
 * defaults, the overlap rule inside one buffer, and every error code. */
#include "check.h"

static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;

static unsigned rng_state = 777;
static unsigned rnd(void)
{
	return check_rand(&rng_state);
}

/* Byte address of (x, y, z) relative to an origin, the spec's formula. */
static size_t at(const size_t org[3], size_t row, size_t slice, size_t x,
		 size_t y, size_t z)
{
	return (org[2] + z) * slice + (org[1] + y) * row + org[0] + x;
}

static void ref_rect(unsigned char *dst, const size_t dorg[3], size_t drow,
		     size_t dslice, const unsigned char *src,
		     const size_t sorg[3], size_t srow, size_t sslice,
		     const size_t reg[3])
{
	for (size_t z = 0; z < reg[2]; z++)
		for (size_t y = 0; y < reg[1]; y++)
			for (size_t x = 0; x < reg[0]; x++)
				dst[at(dorg, drow, dslice, x, y, z)] =
					src[at(sorg, srow, sslice, x, y, z)];
}

enum { B = 1 << 16, H = 1 << 16 };

/* A random region with (given or defaulted) pitches that fits in `limit`
 * bytes; the pitches passed to the API are 0 half of the time. */
struct side {
	size_t org[3];
	size_t row, slice;       /* effective */
	size_t row_arg, slice_arg; /* as passed */
};

static void pick_side(struct side *s, const size_t reg[3], size_t limit)
{
	for (;;) {
		s->row_arg = rnd() % 2 ? 0 : reg[0] + rnd() % 9;
		s->row = s->row_arg ? s->row_arg : reg[0];
		/* §5.2.2: a slice pitch is a multiple of the row pitch. */
		s->slice_arg = rnd() % 2 ? 0 : (reg[1] + rnd() % 3) * s->row;
		s->slice = s->slice_arg ? s->slice_arg : reg[1] * s->row;
		s->org[0] = rnd() % 8;
		s->org[1] = rnd() % 4;
		s->org[2] = rnd() % 3;
		size_t last = at(s->org, s->row, s->slice, reg[0] - 1,
				 reg[1] - 1, reg[2] - 1);
		if (last < limit)
			return;
	}
}

static void pick_region(size_t reg[3])
{
	reg[0] = 1 + rnd() % 48;
	reg[1] = 1 + rnd() % 24;
	reg[2] = 1 + rnd() % 6;
}

/* Do the regions share a byte?  Brute force over a byte map. */
static int ref_overlap(const struct side *s, const struct side *d,
		       const size_t reg[3])
{
	static unsigned char mark[B];
	memset(mark, 0, sizeof(mark));
	for (size_t z = 0; z < reg[2]; z++)
		for (size_t y = 0; y < reg[1]; y++)
			for (size_t x = 0; x < reg[0]; x++)
				mark[at(s->org, s->row, s->slice, x, y, z)] = 1;
	for (size_t z = 0; z < reg[2]; z++)
		for (size_t y = 0; y < reg[1]; y++)
			for (size_t x = 0; x < reg[0]; x++)
				if (mark[at(d->org, d->row, d->slice, x, y, z)])
					return 1;
	return 0;
}

static void test_stress(void)
{
	cl_int err;
	static unsigned char model[2][B], host[H], expect_host[H], back[B];
	cl_mem buf[2];
	for (int b = 0; b < 2; b++) {
		for (int i = 0; i < B; i++)
			model[b][i] = (unsigned char)rnd();
		buf[b] = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, B, model[b], &err);
		REQUIRE(err == CL_SUCCESS);
	}
	int overlaps = 0, same = 0;
	for (int it = 0; it < 600; it++) {
		size_t reg[3];
		struct side s, d;
		pick_region(reg);
		int op = rnd() % 3;
		cl_bool blocking = rnd() % 2;
		int bi = rnd() % 2;
		if (op == 0) { /* read: buffer → host */
			pick_side(&s, reg, B);
			pick_side(&d, reg, H);
			for (int i = 0; i < H; i++)
				host[i] = expect_host[i] = (unsigned char)rnd();
			ref_rect(expect_host, d.org, d.row, d.slice, model[bi], s.org, s.row, s.slice, reg);
			CHECK_OK(clEnqueueReadBufferRect(q, buf[bi], blocking, s.org, d.org, reg,
							 s.row_arg, s.slice_arg, d.row_arg, d.slice_arg,
							 host, 0, NULL, NULL));
			CHECK_OK(clFinish(q));
			CHECK(memcmp(host, expect_host, H) == 0);
		} else if (op == 1) { /* write: host → buffer */
			pick_side(&s, reg, H);
			pick_side(&d, reg, B);
			for (int i = 0; i < H; i++)
				host[i] = (unsigned char)rnd();
			ref_rect(model[bi], d.org, d.row, d.slice, host, s.org, s.row, s.slice, reg);
			CHECK_OK(clEnqueueWriteBufferRect(q, buf[bi], blocking, d.org, s.org, reg,
							  d.row_arg, d.slice_arg, s.row_arg, s.slice_arg,
							  host, 0, NULL, NULL));
			CHECK_OK(clFinish(q));
		} else { /* copy, sometimes inside one buffer */
			int si = rnd() % 2, di = rnd() % 4 == 0 ? si : 1 - si;
			pick_side(&s, reg, B);
			pick_side(&d, reg, B);
			if (si == di) {
				/* One buffer: use one set of pitches and move the
				 * destination somewhere, overlapping or not. */
				same++;
				d.row = s.row, d.row_arg = s.row_arg;
				d.slice = s.slice, d.slice_arg = s.slice_arg;
				size_t last = at(d.org, d.row, d.slice, reg[0] - 1, reg[1] - 1, reg[2] - 1);
				if (last >= B)
					d.org[0] = d.org[1] = d.org[2] = 0;
				if (rnd() % 2)
					d.org[0] += reg[0] * (rnd() % 2);
				last = at(d.org, d.row, d.slice, reg[0] - 1, reg[1] - 1, reg[2] - 1);
				if (last >= B)
					continue;
			}
			cl_int expect = CL_SUCCESS;
			if (si == di && ref_overlap(&s, &d, reg))
				expect = CL_MEM_COPY_OVERLAP;
			cl_int got = clEnqueueCopyBufferRect(q, buf[si], buf[di], s.org, d.org, reg,
							     s.row_arg, s.slice_arg, d.row_arg,
							     d.slice_arg, 0, NULL, NULL);
			CHECK_ERR(got, expect);
			if (expect == CL_SUCCESS) {
				static unsigned char tmp[B];
				memcpy(tmp, model[si], B);
				ref_rect(model[di], d.org, d.row, d.slice, tmp, s.org, s.row, s.slice, reg);
			} else {
				overlaps++;
			}
			CHECK_OK(clFinish(q));
		}
		if (it % 50 == 49) {
			for (int b = 0; b < 2; b++) {
				CHECK_OK(clEnqueueReadBuffer(q, buf[b], CL_TRUE, 0, B, back, 0, NULL, NULL));
				CHECK(memcmp(back, model[b], B) == 0);
			}
		}
	}
	CHECK(overlaps > 0 && same > overlaps);
	for (int b = 0; b < 2; b++) {
		CHECK_OK(clEnqueueReadBuffer(q, buf[b], CL_TRUE, 0, B, back, 0, NULL, NULL));
		CHECK(memcmp(back, model[b], B) == 0);
		clReleaseMemObject(buf[b]);
	}
}

/* Interleaved rows inside one buffer do not overlap even though their spans
 * do; a region shifted by one byte does. */
static void test_interleaved(void)
{
	cl_int err;
	enum { W = 64, ROWS = 32 };
	static unsigned char data[2 * W * ROWS], back[2 * W * ROWS];
	for (int i = 0; i < 2 * W * ROWS; i++)
		data[i] = (unsigned char)(i * 31);
	cl_mem m = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(data), data, &err);
	REQUIRE(err == CL_SUCCESS);
	size_t so[3] = { 0, 0, 0 }, dst[3] = { W, 0, 0 }, reg[3] = { W, ROWS, 1 };
	CHECK_OK(clEnqueueCopyBufferRect(q, m, m, so, dst, reg, 2 * W, 0, 2 * W, 0, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof(back), back, 0, NULL, NULL));
	for (int y = 0; y < ROWS; y++)
		CHECK(memcmp(back + y * 2 * W + W, data + y * 2 * W, W) == 0 &&
		      memcmp(back + y * 2 * W, data + y * 2 * W, W) == 0);
	size_t dst1[3] = { W - 1, 0, 0 };
	CHECK_ERR(clEnqueueCopyBufferRect(q, m, m, so, dst1, reg, 2 * W, 0, 2 * W, 0, 0, NULL, NULL),
		  CL_MEM_COPY_OVERLAP);
	/* A sub-buffer and its parent share storage: overlap counts there
	 * too. */
	cl_uint align_bits = 0;
	clGetDeviceInfo(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(align_bits), &align_bits, NULL);
	size_t a = align_bits / 8;
	if (a && a * 2 < sizeof(data)) {
		cl_buffer_region r = { a, sizeof(data) - a };
		cl_mem sub = clCreateSubBuffer(m, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
		CHECK_OK(err);
		size_t o0[3] = { 0, 0, 0 }, oa[3] = { a, 0, 0 }, r1[3] = { a, 1, 1 };
		/* parent [a, 2a) vs sub [0, a) = parent [a, 2a): overlap */
		CHECK_ERR(clEnqueueCopyBufferRect(q, m, sub, oa, o0, r1, 0, 0, 0, 0, 0, NULL, NULL),
			  CL_MEM_COPY_OVERLAP);
		/* parent [0, a) vs sub [0, a): disjoint */
		CHECK_OK(clEnqueueCopyBufferRect(q, m, sub, o0, o0, r1, 0, 0, 0, 0, 0, NULL, NULL));
		static unsigned char moved[2 * W * ROWS];
		CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, a, a, moved, 0, NULL, NULL));
		CHECK(memcmp(moved, back, a) == 0); /* back: m before this copy */
		clReleaseMemObject(sub);
	}
	CHECK_OK(clReleaseMemObject(m));
}

/* A large copy (parallel path) with padded pitches. */
static void test_large(void)
{
	cl_int err;
	size_t w = 3000, h = 1500, rp = 3072, n = rp * h * 2;
	unsigned char *src = malloc(n), *back = malloc(n), *ref = calloc(1, n);
	for (size_t i = 0; i < n; i++)
		src[i] = (unsigned char)(i * 7 + (i >> 12));
	cl_mem a = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, n, src, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, n, ref, &err);
	REQUIRE(err == CL_SUCCESS);
	size_t so[3] = { 5, 3, 1 }, dor[3] = { 0, 0, 0 }, reg[3] = { w, h - 3, 1 };
	CHECK_OK(clEnqueueCopyBufferRect(q, a, b, so, dor, reg, rp, rp * h, rp, rp * h, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, n, back, 0, NULL, NULL));
	ref_rect(ref, dor, rp, rp * h, src, so, rp, rp * h, reg);
	CHECK(memcmp(ref, back, n) == 0);
	clReleaseMemObject(a);
	clReleaseMemObject(b);
	free(src);
	free(back);
	free(ref);
}

static void test_errors(void)
{
	cl_int err;
	static unsigned char host[4096];
	cl_mem m = clCreateBuffer(ctx, 0, 1024, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem m2 = clCreateBuffer(ctx, 0, 1024, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	size_t o[3] = { 0, 0, 0 }, reg[3] = { 16, 4, 2 };

	CHECK_OK(clEnqueueReadBufferRect(q, m, CL_TRUE, o, o, reg, 0, 0, 0, 0, host, 0, NULL, NULL));
	CHECK_ERR(clEnqueueReadBufferRect(NULL, m, CL_TRUE, o, o, reg, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clEnqueueReadBufferRect(q, NULL, CL_TRUE, o, o, reg, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueReadBufferRect(q, m, CL_TRUE, NULL, o, reg, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueWriteBufferRect(q, m, CL_TRUE, o, NULL, reg, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueWriteBufferRect(q, m, CL_TRUE, o, o, NULL, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueWriteBufferRect(q, m, CL_TRUE, o, o, reg, 0, 0, 0, 0, NULL, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	for (int i = 0; i < 3; i++) {
		size_t r0[3] = { 16, 4, 2 };
		r0[i] = 0;
		CHECK_ERR(clEnqueueReadBufferRect(q, m, CL_TRUE, o, o, r0, 0, 0, 0, 0, host, 0, NULL, NULL),
			  CL_INVALID_VALUE);
		CHECK_ERR(clEnqueueCopyBufferRect(q, m, m2, o, o, r0, 0, 0, 0, 0, 0, NULL, NULL),
			  CL_INVALID_VALUE);
	}
	/* Pitches below the region. */
	CHECK_ERR(clEnqueueReadBufferRect(q, m, CL_TRUE, o, o, reg, 15, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueReadBufferRect(q, m, CL_TRUE, o, o, reg, 0, 0, 15, 0, host, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueReadBufferRect(q, m, CL_TRUE, o, o, reg, 16, 63, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueWriteBufferRect(q, m, CL_TRUE, o, o, reg, 0, 0, 20, 79, host, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueCopyBufferRect(q, m, m2, o, o, reg, 8, 0, 0, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueCopyBufferRect(q, m, m2, o, o, reg, 0, 0, 0, 32, 0, NULL, NULL), CL_INVALID_VALUE);
	/* Exact fits and one byte past the end. */
	size_t big[3] = { 64, 4, 4 }; /* 1024 bytes tightly packed */
	CHECK_OK(clEnqueueWriteBufferRect(q, m, CL_TRUE, o, o, big, 0, 0, 0, 0, host, 0, NULL, NULL));
	size_t o1[3] = { 1, 0, 0 };
	CHECK_ERR(clEnqueueWriteBufferRect(q, m, CL_TRUE, o1, o, big, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_OK(clEnqueueWriteBufferRect(q, m, CL_TRUE, o, o1, big, 0, 0, 0, 0, host, 0, NULL, NULL));
	size_t oz[3] = { 0, 0, 1 };
	CHECK_ERR(clEnqueueReadBufferRect(q, m, CL_TRUE, oz, o, big, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueCopyBufferRect(q, m, m2, o, oz, big, 0, 0, 0, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueCopyBufferRect(q, m, m2, oz, o, big, 0, 0, 0, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	size_t huge[3] = { 1, 1, 1 }, far[3] = { 0, 0, SIZE_MAX / 2 };
	CHECK_ERR(clEnqueueReadBufferRect(q, m, CL_TRUE, far, o, huge, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_OK(clEnqueueCopyBufferRect(q, m, m2, o, o, big, 0, 0, 0, 0, 0, NULL, NULL));
	/* One buffer with row and slice pitches both different. */
	size_t r1[3] = { 8, 2, 2 }, o2[3] = { 0, 0, 4 };
	CHECK_ERR(clEnqueueCopyBufferRect(q, m, m, o, o2, r1, 8, 16, 16, 32, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	/* Overlap in one buffer. */
	CHECK_ERR(clEnqueueCopyBufferRect(q, m, m, o, o1, r1, 0, 0, 0, 0, 0, NULL, NULL),
		  CL_MEM_COPY_OVERLAP);
	/* Wait lists, contexts. */
	CHECK_ERR(clEnqueueCopyBufferRect(q, m, m2, o, o, reg, 0, 0, 0, 0, 1, NULL, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	CHECK_ERR(clEnqueueReadBufferRect(q, m, CL_TRUE, o, o, reg, 0, 0, 0, 0, host, 1, NULL, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	cl_context ctx2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem other = clCreateBuffer(ctx2, 0, 1024, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_ERR(clEnqueueCopyBufferRect(q, m, other, o, o, reg, 0, 0, 0, 0, 0, NULL, NULL), CL_INVALID_CONTEXT);
	CHECK_ERR(clEnqueueWriteBufferRect(q, other, CL_TRUE, o, o, reg, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_CONTEXT);
	clReleaseMemObject(other);
	clReleaseContext(ctx2);
	/* Host-access flags; copies are not host access. */
	cl_mem ro = clCreateBuffer(ctx, CL_MEM_HOST_READ_ONLY, 1024, NULL, &err);
	cl_mem wo = clCreateBuffer(ctx, CL_MEM_HOST_WRITE_ONLY, 1024, NULL, &err);
	cl_mem na = clCreateBuffer(ctx, CL_MEM_HOST_NO_ACCESS, 1024, NULL, &err);
	CHECK_OK(clEnqueueReadBufferRect(q, ro, CL_TRUE, o, o, reg, 0, 0, 0, 0, host, 0, NULL, NULL));
	CHECK_ERR(clEnqueueWriteBufferRect(q, ro, CL_TRUE, o, o, reg, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_OPERATION);
	CHECK_ERR(clEnqueueReadBufferRect(q, wo, CL_TRUE, o, o, reg, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_OPERATION);
	CHECK_OK(clEnqueueWriteBufferRect(q, wo, CL_TRUE, o, o, reg, 0, 0, 0, 0, host, 0, NULL, NULL));
	CHECK_ERR(clEnqueueReadBufferRect(q, na, CL_TRUE, o, o, reg, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_OPERATION);
	CHECK_ERR(clEnqueueWriteBufferRect(q, na, CL_TRUE, o, o, reg, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_OPERATION);
	CHECK_OK(clEnqueueCopyBufferRect(q, na, wo, o, o, reg, 0, 0, 0, 0, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	clReleaseMemObject(ro);
	clReleaseMemObject(wo);
	clReleaseMemObject(na);
	clReleaseMemObject(m);
	clReleaseMemObject(m2);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &dev, &ctx, &q);

	test_stress();
	test_interleaved();
	test_large();
	test_errors();

	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
