/* The pitch rules of clEnqueueReadBufferRect, clEnqueueWriteBufferRect and
 * clEnqueueCopyBufferRect (OpenCL 3.0 §5.2.3): a slice pitch that is given
 * must be a multiple of its row pitch (the given one, or region[0] when the
 * row pitch is 0) and at least region[1] times it, on the buffer side and
 * on the host side alike; otherwise CL_INVALID_VALUE and nothing moves.
 * Pitches that follow the rules move exactly the region (host reference). */
#include "check.h"

enum { SIZE = 4096 };

static unsigned char host[SIZE], back[SIZE], model[SIZE];

static size_t at(const size_t o[3], size_t row, size_t slice, size_t x, size_t y, size_t z)
{
	return (o[2] + z) * slice + (o[1] + y) * row + o[0] + x;
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_int err;
	check_setup(&platform, &dev, &ctx, &q);
	for (int i = 0; i < SIZE; i++)
		host[i] = (unsigned char)(i * 7 + 3);
	cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, SIZE, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem m2 = clCreateBuffer(ctx, CL_MEM_READ_WRITE, SIZE, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	unsigned char zero[SIZE] = { 0 };
	CHECK_OK(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, SIZE, zero, 0, NULL, NULL));
	CHECK_OK(clEnqueueWriteBuffer(q, m2, CL_TRUE, 0, SIZE, zero, 0, NULL, NULL));
	size_t o[3] = { 0, 0, 0 }, reg[3] = { 10, 4, 3 };

	/* Slice pitches that are not multiples of the row pitch: 41 with
	 * row pitch 0 (10), 70 with row pitch 16, on either side. */
	struct { size_t br, bs, hr, hs; } bad[] = {
		{ 0, 41, 0, 0 }, { 16, 70, 0, 0 }, { 0, 0, 0, 41 }, { 0, 0, 16, 70 },
		{ 12, 50, 12, 48 }, /* 50 is not a multiple of 12 */
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK_ERR(clEnqueueWriteBufferRect(q, m, CL_TRUE, o, o, reg, bad[i].br, bad[i].bs,
						   bad[i].hr, bad[i].hs, host, 0, NULL, NULL),
			  CL_INVALID_VALUE);
		CHECK_ERR(clEnqueueReadBufferRect(q, m, CL_TRUE, o, o, reg, bad[i].br, bad[i].bs,
						  bad[i].hr, bad[i].hs, back, 0, NULL, NULL),
			  CL_INVALID_VALUE);
		CHECK_ERR(clEnqueueCopyBufferRect(q, m, m2, o, o, reg, bad[i].br, bad[i].bs,
						  bad[i].hr, bad[i].hs, 0, NULL, NULL),
			  CL_INVALID_VALUE);
	}
	/* Below region[1] x row pitch, even when a multiple. */
	CHECK_ERR(clEnqueueWriteBufferRect(q, m, CL_TRUE, o, o, reg, 16, 48, 0, 0, host, 0, NULL,
					   NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueCopyBufferRect(q, m, m2, o, o, reg, 0, 0, 16, 32, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	/* Nothing was written by the refused calls. */
	CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, SIZE, back, 0, NULL, NULL));
	CHECK(memcmp(back, zero, SIZE) == 0);

	/* Multiples work: buffer pitches 16 / 80, host pitches 12 / 96. */
	size_t bo[3] = { 3, 1, 2 }, ho[3] = { 1, 2, 1 };
	CHECK_OK(clEnqueueWriteBufferRect(q, m, CL_TRUE, bo, ho, reg, 16, 80, 12, 96, host, 0,
					  NULL, NULL));
	memset(model, 0, sizeof(model));
	for (size_t z = 0; z < reg[2]; z++)
		for (size_t y = 0; y < reg[1]; y++)
			for (size_t x = 0; x < reg[0]; x++)
				model[at(bo, 16, 80, x, y, z)] = host[at(ho, 12, 96, x, y, z)];
	CHECK_OK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, SIZE, back, 0, NULL, NULL));
	CHECK(memcmp(back, model, SIZE) == 0);
	/* copy with a 0 row pitch and a slice pitch of 5 x region[0] */
	size_t co[3] = { 0, 0, 0 };
	CHECK_OK(clEnqueueCopyBufferRect(q, m, m2, bo, co, reg, 16, 80, 0, 50, 0, NULL, NULL));
	unsigned char model2[SIZE] = { 0 };
	for (size_t z = 0; z < reg[2]; z++)
		for (size_t y = 0; y < reg[1]; y++)
			for (size_t x = 0; x < reg[0]; x++)
				model2[at(co, 10, 50, x, y, z)] = model[at(bo, 16, 80, x, y, z)];
	CHECK_OK(clEnqueueReadBuffer(q, m2, CL_TRUE, 0, SIZE, back, 0, NULL, NULL));
	CHECK(memcmp(back, model2, SIZE) == 0);
	/* and read back into the host with pitches 20 / 100 */
	unsigned char rb[SIZE], model3[SIZE];
	memset(rb, 0xee, SIZE);
	memset(model3, 0xee, SIZE);
	CHECK_OK(clEnqueueReadBufferRect(q, m2, CL_TRUE, co, co, reg, 0, 50, 20, 100, rb, 0, NULL,
					 NULL));
	for (size_t z = 0; z < reg[2]; z++)
		for (size_t y = 0; y < reg[1]; y++)
			for (size_t x = 0; x < reg[0]; x++)
				model3[at(co, 20, 100, x, y, z)] = model2[at(co, 10, 50, x, y, z)];
	CHECK(memcmp(rb, model3, SIZE) == 0);

	clReleaseMemObject(m);
	clReleaseMemObject(m2);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
