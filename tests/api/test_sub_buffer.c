/* clCreateSubBuffer (OpenCL 3.0 §5.2.1): aliasing of the parent's data,
 * queries, flag inheritance and conflicts, alignment, errors, and the
 * parent living as long as a sub-buffer does. */
#include "check.h"

#include <stdint.h>
#include <time.h>

static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;
static size_t align; /* CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes */

static cl_mem sub_of(cl_mem parent, cl_mem_flags flags, size_t origin,
		     size_t size, cl_int *err)
{
	cl_buffer_region r = { origin, size };
	return clCreateSubBuffer(parent, flags, CL_BUFFER_CREATE_TYPE_REGION, &r, err);
}

static void test_alias(void)
{
	cl_int err;
	size_t n = 16 * align;
	unsigned char *ref = malloc(n), *back = malloc(n);
	for (size_t i = 0; i < n; i++)
		ref[i] = (unsigned char)(i * 5 + 2);
	cl_mem parent = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, n, ref, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem sub = sub_of(parent, 0, 2 * align, 3 * align + 7, &err);
	CHECK_OK(err);
	REQUIRE(sub != NULL);

	/* Reading the sub-buffer reads the parent's bytes. */
	CHECK_OK(clEnqueueReadBuffer(q, sub, CL_TRUE, 0, 3 * align + 7, back, 0, NULL, NULL));
	CHECK(memcmp(back, ref + 2 * align, 3 * align + 7) == 0);
	/* Writing it writes the parent. */
	unsigned char v[10] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
	CHECK_OK(clEnqueueWriteBuffer(q, sub, CL_TRUE, 5, 10, v, 0, NULL, NULL));
	memcpy(ref + 2 * align + 5, v, 10);
	CHECK_OK(clEnqueueReadBuffer(q, parent, CL_TRUE, 0, n, back, 0, NULL, NULL));
	CHECK(memcmp(back, ref, n) == 0);
	/* And the other way round. */
	unsigned char f = 0xcd;
	CHECK_OK(clEnqueueFillBuffer(q, parent, &f, 1, 2 * align, 4, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, sub, CL_TRUE, 0, 8, back, 0, NULL, NULL));
	CHECK(back[0] == 0xcd && back[3] == 0xcd && back[4] == ref[2 * align + 4]);
	/* Bounds are the sub-buffer's. */
	CHECK_ERR(clEnqueueReadBuffer(q, sub, CL_TRUE, 3 * align, 8, back, 0, NULL, NULL), CL_INVALID_VALUE);
	/* A map of the sub-buffer points into the parent's storage. */
	unsigned char *pp = clEnqueueMapBuffer(q, parent, CL_TRUE, CL_MAP_READ, 0, n, 0, NULL, NULL, &err);
	CHECK_OK(err);
	unsigned char *ps = clEnqueueMapBuffer(q, sub, CL_TRUE, CL_MAP_READ, 4, 8, 0, NULL, NULL, &err);
	CHECK_OK(err);
	CHECK(pp && ps == pp + 2 * align + 4);
	/* Unmapping through the wrong object fails. */
	CHECK_ERR(clEnqueueUnmapMemObject(q, parent, ps, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_OK(clEnqueueUnmapMemObject(q, sub, ps, 0, NULL, NULL));
	CHECK_OK(clEnqueueUnmapMemObject(q, parent, pp, 0, NULL, NULL));
	CHECK_OK(clFinish(q));

	/* Queries. */
	cl_mem assoc = NULL;
	size_t off = 0, size = 0;
	cl_uint refs = 0;
	cl_mem_object_type type = 0;
	CHECK_OK(clGetMemObjectInfo(sub, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof(assoc), &assoc, NULL));
	CHECK(assoc == parent);
	CHECK_OK(clGetMemObjectInfo(sub, CL_MEM_OFFSET, sizeof(off), &off, NULL));
	CHECK(off == 2 * align);
	CHECK_OK(clGetMemObjectInfo(sub, CL_MEM_SIZE, sizeof(size), &size, NULL));
	CHECK(size == 3 * align + 7);
	CHECK_OK(clGetMemObjectInfo(sub, CL_MEM_TYPE, sizeof(type), &type, NULL));
	CHECK(type == CL_MEM_OBJECT_BUFFER);
	CHECK_OK(clGetMemObjectInfo(sub, CL_MEM_PROPERTIES, 0, NULL, &size));
	CHECK(size == 0);
	/* The sub-buffer does not add to the parent's reference count. */
	CHECK_OK(clGetMemObjectInfo(parent, CL_MEM_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 1);
	cl_mem_flags fl = 0;
	CHECK_OK(clGetMemObjectInfo(sub, CL_MEM_FLAGS, sizeof(fl), &fl, NULL));
	CHECK(fl & CL_MEM_COPY_HOST_PTR); /* inherited */

	/* A sub-buffer of a sub-buffer is not allowed. */
	cl_mem subsub = sub_of(sub, 0, 0, 4, &err);
	CHECK_ERR(err, CL_INVALID_MEM_OBJECT);
	CHECK(subsub == NULL);

	clReleaseMemObject(sub);
	clReleaseMemObject(parent);
	free(ref);
	free(back);
}

static void test_use_host_ptr(void)
{
	cl_int err;
	size_t n = 8 * align;
	unsigned char *host = aligned_alloc(align, n);
	memset(host, 0, n);
	cl_mem parent = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR | CL_MEM_READ_ONLY, n, host, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem sub = sub_of(parent, 0, align, align, &err);
	CHECK_OK(err);
	void *hp = NULL;
	CHECK_OK(clGetMemObjectInfo(sub, CL_MEM_HOST_PTR, sizeof(hp), &hp, NULL));
	CHECK(hp == host + align);
	cl_mem_flags fl = 0;
	CHECK_OK(clGetMemObjectInfo(sub, CL_MEM_FLAGS, sizeof(fl), &fl, NULL));
	CHECK(fl == (CL_MEM_USE_HOST_PTR | CL_MEM_READ_ONLY));
	unsigned char v = 0x42;
	CHECK_OK(clEnqueueFillBuffer(q, sub, &v, 1, 0, align, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	CHECK(host[align - 1] == 0 && host[align] == 0x42 && host[2 * align - 1] == 0x42 &&
	      host[2 * align] == 0);
	clReleaseMemObject(sub);
	clReleaseMemObject(parent);
	free(host);
}

/* §5.2.1: flag rules for sub-buffers. */
static void test_flags(void)
{
	cl_int err;
	static const struct {
		cl_mem_flags parent, flags;
		cl_int expect;
		cl_mem_flags result; /* flags the sub-buffer reports */
	} cases[] = {
		{ 0, 0, CL_SUCCESS, 0 },
		{ CL_MEM_READ_WRITE, CL_MEM_READ_ONLY, CL_SUCCESS, CL_MEM_READ_ONLY },
		{ CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY, CL_SUCCESS, CL_MEM_WRITE_ONLY },
		{ CL_MEM_READ_ONLY, 0, CL_SUCCESS, CL_MEM_READ_ONLY },
		{ CL_MEM_READ_ONLY, CL_MEM_READ_ONLY, CL_SUCCESS, CL_MEM_READ_ONLY },
		{ CL_MEM_READ_ONLY, CL_MEM_READ_WRITE, CL_INVALID_VALUE, 0 },
		{ CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY, CL_INVALID_VALUE, 0 },
		{ CL_MEM_WRITE_ONLY, CL_MEM_READ_WRITE, CL_INVALID_VALUE, 0 },
		{ CL_MEM_WRITE_ONLY, CL_MEM_READ_ONLY, CL_INVALID_VALUE, 0 },
		{ CL_MEM_WRITE_ONLY, 0, CL_SUCCESS, CL_MEM_WRITE_ONLY },
		{ CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY, CL_INVALID_VALUE, 0 },
		{ CL_MEM_HOST_READ_ONLY, CL_MEM_HOST_WRITE_ONLY, CL_INVALID_VALUE, 0 },
		{ CL_MEM_HOST_NO_ACCESS, CL_MEM_HOST_READ_ONLY, CL_INVALID_VALUE, 0 },
		{ CL_MEM_HOST_NO_ACCESS, CL_MEM_HOST_WRITE_ONLY, CL_INVALID_VALUE, 0 },
		{ CL_MEM_HOST_NO_ACCESS, 0, CL_SUCCESS, CL_MEM_HOST_NO_ACCESS },
		{ CL_MEM_HOST_READ_ONLY, CL_MEM_HOST_NO_ACCESS, CL_SUCCESS, CL_MEM_HOST_NO_ACCESS },
		{ 0, CL_MEM_HOST_READ_ONLY, CL_SUCCESS, CL_MEM_HOST_READ_ONLY },
		{ CL_MEM_ALLOC_HOST_PTR, 0, CL_SUCCESS, CL_MEM_ALLOC_HOST_PTR },
		{ 0, CL_MEM_ALLOC_HOST_PTR, CL_INVALID_VALUE, 0 },
		{ 0, CL_MEM_USE_HOST_PTR, CL_INVALID_VALUE, 0 },
		{ 0, CL_MEM_COPY_HOST_PTR, CL_INVALID_VALUE, 0 },
		{ 0, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, CL_INVALID_VALUE, 0 },
		{ 0, CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, CL_INVALID_VALUE, 0 },
		{ 0, (cl_mem_flags)1 << 40, CL_INVALID_VALUE, 0 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cl_mem parent = clCreateBuffer(ctx, cases[i].parent, 4 * align, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		err = 1;
		cl_mem sub = sub_of(parent, cases[i].flags, align, align, &err);
		CHECK_ERR(err, cases[i].expect);
		CHECK((sub != NULL) == (cases[i].expect == CL_SUCCESS));
		if (sub) {
			cl_mem_flags fl = 0;
			CHECK_OK(clGetMemObjectInfo(sub, CL_MEM_FLAGS, sizeof(fl), &fl, NULL));
			CHECK(fl == cases[i].result);
			clReleaseMemObject(sub);
		}
		clReleaseMemObject(parent);
	}
	/* Inherited host-access flags are enforced. */
	cl_mem parent = clCreateBuffer(ctx, CL_MEM_HOST_READ_ONLY, 4 * align, NULL, &err);
	cl_mem sub = sub_of(parent, 0, 0, align, &err);
	char buf[16] = { 0 };
	CHECK_ERR(clEnqueueWriteBuffer(q, sub, CL_TRUE, 0, 16, buf, 0, NULL, NULL), CL_INVALID_OPERATION);
	CHECK_OK(clEnqueueReadBuffer(q, sub, CL_TRUE, 0, 16, buf, 0, NULL, NULL));
	clReleaseMemObject(sub);
	clReleaseMemObject(parent);
}

static void test_errors(void)
{
	cl_int err;
	cl_mem parent = clCreateBuffer(ctx, 0, 8 * align, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem s;
	s = sub_of(parent, 0, 0, 0, &err);
	CHECK_ERR(err, CL_INVALID_BUFFER_SIZE);
	CHECK(s == NULL);
	s = sub_of(parent, 0, 0, 8 * align + 1, &err);
	CHECK_ERR(err, CL_INVALID_VALUE);
	s = sub_of(parent, 0, 8 * align, 1, &err);
	CHECK_ERR(err, CL_INVALID_VALUE);
	s = sub_of(parent, 0, 7 * align, align + 1, &err);
	CHECK_ERR(err, CL_INVALID_VALUE);
	s = sub_of(parent, 0, SIZE_MAX - align + 1, 2 * align, &err);
	CHECK_ERR(err, CL_INVALID_VALUE);
	if (align > 1) {
		s = sub_of(parent, 0, align / 2, 16, &err);
		CHECK_ERR(err, CL_MISALIGNED_SUB_BUFFER_OFFSET);
		s = sub_of(parent, 0, 1, 16, &err);
		CHECK_ERR(err, CL_MISALIGNED_SUB_BUFFER_OFFSET);
	}
	/* Exactly the whole parent, and its last aligned piece. */
	s = sub_of(parent, 0, 0, 8 * align, &err);
	CHECK_OK(err);
	clReleaseMemObject(s);
	s = sub_of(parent, 0, 7 * align, align, &err);
	CHECK_OK(err);
	clReleaseMemObject(s);
	/* Unaligned sizes are fine. */
	s = sub_of(parent, 0, align, 1, &err);
	CHECK_OK(err);
	clReleaseMemObject(s);

	cl_buffer_region r = { 0, 16 };
	s = clCreateSubBuffer(parent, 0, 0x1235, &r, &err);
	CHECK_ERR(err, CL_INVALID_VALUE);
	s = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, NULL, &err);
	CHECK_ERR(err, CL_INVALID_VALUE);
	s = clCreateSubBuffer(NULL, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
	CHECK_ERR(err, CL_INVALID_MEM_OBJECT);
	s = clCreateSubBuffer((cl_mem)ctx, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
	CHECK_ERR(err, CL_INVALID_MEM_OBJECT);
	s = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, NULL);
	CHECK(s != NULL);
	clReleaseMemObject(s);
	clReleaseMemObject(parent);
}

static atomic_int freed_parent, freed_sub;

static void CL_CALLBACK on_free(cl_mem m, void *flag)
{
	(void)m;
	atomic_store((atomic_int *)flag, 1);
}

/* The parent lives while a sub-buffer does, even after its last release. */
static void test_lifetime(void)
{
	cl_int err;
	size_t n = 4 * align;
	unsigned char *ref = malloc(n), *back = malloc(n);
	for (size_t i = 0; i < n; i++)
		ref[i] = (unsigned char)(i * 11);
	cl_mem parent = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, n, ref, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem sub = sub_of(parent, 0, align, 2 * align, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetMemObjectDestructorCallback(parent, on_free, &freed_parent));
	CHECK_OK(clSetMemObjectDestructorCallback(sub, on_free, &freed_sub));
	CHECK_OK(clReleaseMemObject(parent));
	CHECK(atomic_load(&freed_parent) == 0);
	CHECK_OK(clEnqueueReadBuffer(q, sub, CL_TRUE, 0, 2 * align, back, 0, NULL, NULL));
	CHECK(memcmp(back, ref + align, 2 * align) == 0);
	CHECK_OK(clReleaseMemObject(sub));
	/* The read's own hold on the sub-buffer ends just after its event
	 * completes: give it a moment. */
	for (int i = 0; i < 2000 && !atomic_load(&freed_parent); i++)
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	CHECK(atomic_load(&freed_sub) == 1);
	CHECK(atomic_load(&freed_parent) == 1);
	free(ref);
	free(back);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &dev, &ctx, &q);
	cl_uint bits = 0;
	REQUIRE(clGetDeviceInfo(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(bits), &bits, NULL) == CL_SUCCESS);
	align = bits / 8;
	REQUIRE(align >= 1);

	test_alias();
	test_use_host_ptr();
	test_flags();
	test_errors();
	test_lifetime();

	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
