/* cl_intel_unified_shared_memory, the host side: the five capability
 * queries, host/device/shared allocations with their properties and
 * alignments and every error, clGetMemAllocInfoINTEL for bases, interior
 * and unknown pointers and another context's, clMemFreeINTEL and
 * clMemBlockingFreeINTEL (their errors, double frees), and the commands:
 * clEnqueueMemcpyINTEL between every kind of memory (small and large
 * enough to be split across workers), clEnqueueMemFillINTEL with every
 * pattern size, clEnqueueMemsetINTEL, clEnqueueMigrateMemINTEL and
 * clEnqueueMemAdviseINTEL, each with its command type, wait list and
 * errors.  Every result is compared with what the host computes. */
#include "usm_fns.h"

#include <stdint.h>

static cl_platform_id platform;
static cl_device_id dev;
static cl_context ctx, ctx2;
static cl_command_queue q;

static void test_caps(void)
{
	static const cl_device_info names[] = {
		CL_DEVICE_HOST_MEM_CAPABILITIES_INTEL,
		CL_DEVICE_DEVICE_MEM_CAPABILITIES_INTEL,
		CL_DEVICE_SINGLE_DEVICE_SHARED_MEM_CAPABILITIES_INTEL,
		CL_DEVICE_CROSS_DEVICE_SHARED_MEM_CAPABILITIES_INTEL,
		CL_DEVICE_SHARED_SYSTEM_MEM_CAPABILITIES_INTEL,
	};
	const cl_bitfield all = CL_UNIFIED_SHARED_MEMORY_ACCESS_INTEL |
				CL_UNIFIED_SHARED_MEMORY_ATOMIC_ACCESS_INTEL |
				CL_UNIFIED_SHARED_MEMORY_CONCURRENT_ACCESS_INTEL |
				CL_UNIFIED_SHARED_MEMORY_CONCURRENT_ATOMIC_ACCESS_INTEL;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		cl_bitfield caps = 0;
		size_t ret = 0;
		CHECK_OK(clGetDeviceInfo(dev, names[i], sizeof(caps), &caps, &ret));
		CHECK(ret == sizeof(cl_bitfield));
		/* All host memory, used by kernels and host threads at once,
		 * atomics included (test_usm_kernels checks each). */
		CHECK(caps == all);
	}
	/* Every function through the loader (usm_load REQUIREd them), and an
	 * unknown name gives NULL. */
	CHECK(clGetExtensionFunctionAddressForPlatform(platform, "clNoSuchINTEL") == NULL);
}

typedef void *(*alloc_fn)(cl_device_id d, const cl_mem_properties_intel *props,
			  size_t size, cl_uint align, cl_int *err);

static void *host_alloc(cl_device_id d, const cl_mem_properties_intel *props,
			size_t size, cl_uint align, cl_int *err)
{
	(void)d;
	return p_clHostMemAllocINTEL(ctx, props, size, align, err);
}
static void *device_alloc(cl_device_id d, const cl_mem_properties_intel *props,
			  size_t size, cl_uint align, cl_int *err)
{
	return p_clDeviceMemAllocINTEL(ctx, d, props, size, align, err);
}
static void *shared_alloc(cl_device_id d, const cl_mem_properties_intel *props,
			  size_t size, cl_uint align, cl_int *err)
{
	return p_clSharedMemAllocINTEL(ctx, d, props, size, align, err);
}

static const struct {
	alloc_fn fn;
	cl_unified_shared_memory_type_intel type;
	const char *name;
} kinds[] = {
	{ host_alloc, CL_MEM_TYPE_HOST_INTEL, "host" },
	{ device_alloc, CL_MEM_TYPE_DEVICE_INTEL, "device" },
	{ shared_alloc, CL_MEM_TYPE_SHARED_INTEL, "shared" },
};

/* clGetMemAllocInfoINTEL's five answers for `p` in `c`. */
static void check_info(cl_context c, const void *p, cl_uint type, void *base,
		       size_t size, cl_device_id device, cl_bitfield flags)
{
	cl_uint t = 0;
	void *b = (void *)1;
	size_t s = 1, ret = 0;
	cl_device_id d = (cl_device_id)1;
	cl_bitfield f = 99;
	CHECK_OK(p_clGetMemAllocInfoINTEL(c, p, CL_MEM_ALLOC_TYPE_INTEL, sizeof(t), &t, &ret));
	CHECK(t == type && ret == sizeof(t));
	CHECK_OK(p_clGetMemAllocInfoINTEL(c, p, CL_MEM_ALLOC_BASE_PTR_INTEL, sizeof(b), &b, &ret));
	CHECK(b == base && ret == sizeof(void *));
	CHECK_OK(p_clGetMemAllocInfoINTEL(c, p, CL_MEM_ALLOC_SIZE_INTEL, sizeof(s), &s, &ret));
	CHECK(s == size && ret == sizeof(size_t));
	CHECK_OK(p_clGetMemAllocInfoINTEL(c, p, CL_MEM_ALLOC_DEVICE_INTEL, sizeof(d), &d, &ret));
	CHECK(d == device && ret == sizeof(cl_device_id));
	CHECK_OK(p_clGetMemAllocInfoINTEL(c, p, CL_MEM_ALLOC_FLAGS_INTEL, sizeof(f), &f, &ret));
	CHECK(f == flags && ret == sizeof(cl_bitfield));
}

static void test_alloc(void)
{
	for (size_t k = 0; k < 3; k++) {
		cl_device_id d = kinds[k].type == CL_MEM_TYPE_HOST_INTEL ? NULL : dev;
		for (cl_uint align = 0; align <= 128; align = align ? align * 2 : 1) {
			size_t size = 1000 + 37 * align;
			cl_int err = -1;
			unsigned char *p = kinds[k].fn(dev, NULL, size, align, &err);
			CHECK(p != NULL && err == CL_SUCCESS);
			if (!p)
				continue;
			CHECK((uintptr_t)p % (align ? align : 128) == 0);
			/* The host reaches every kind (one address space). */
			for (size_t i = 0; i < size; i++)
				p[i] = (unsigned char)(i * 7 + k);
			size_t bad = 0;
			for (size_t i = 0; i < size; i++)
				bad += p[i] != (unsigned char)(i * 7 + k);
			CHECK(bad == 0);
			check_info(ctx, p, kinds[k].type, p, size, d, 0);
			check_info(ctx, p + size / 2, kinds[k].type, p, size, d, 0);
			check_info(ctx, p + size - 1, kinds[k].type, p, size, d, 0);
			/* One past the end is not inside. */
			check_info(ctx, p + size, CL_MEM_TYPE_UNKNOWN_INTEL, NULL, 0, NULL, 0);
			/* Another context does not know it. */
			check_info(ctx2, p, CL_MEM_TYPE_UNKNOWN_INTEL, NULL, 0, NULL, 0);
			CHECK_OK(p_clMemFreeINTEL(ctx, p));
		}
		/* Properties: the flags each kind accepts, reported back. */
		cl_mem_properties_intel wc[] = { CL_MEM_ALLOC_FLAGS_INTEL,
						 CL_MEM_ALLOC_WRITE_COMBINED_INTEL, 0 };
		cl_int err = -1;
		void *p = kinds[k].fn(dev, wc, 64, 0, &err);
		CHECK(p && err == CL_SUCCESS);
		check_info(ctx, p, kinds[k].type, p, 64, d, CL_MEM_ALLOC_WRITE_COMBINED_INTEL);
		CHECK_OK(p_clMemBlockingFreeINTEL(ctx, p));
		cl_mem_properties_intel empty[] = { 0 };
		p = kinds[k].fn(dev, empty, 64, 0, &err);
		CHECK(p && err == CL_SUCCESS);
		CHECK_OK(p_clMemFreeINTEL(ctx, p));

		cl_mem_properties_intel place_dev[] = {
			CL_MEM_ALLOC_FLAGS_INTEL, CL_MEM_ALLOC_INITIAL_PLACEMENT_DEVICE_INTEL, 0 };
		cl_mem_properties_intel place_host[] = {
			CL_MEM_ALLOC_FLAGS_INTEL,
			CL_MEM_ALLOC_INITIAL_PLACEMENT_HOST_INTEL | CL_MEM_ALLOC_WRITE_COMBINED_INTEL, 0 };
		cl_mem_properties_intel place_both[] = {
			CL_MEM_ALLOC_FLAGS_INTEL,
			CL_MEM_ALLOC_INITIAL_PLACEMENT_HOST_INTEL |
				CL_MEM_ALLOC_INITIAL_PLACEMENT_DEVICE_INTEL, 0 };
		cl_mem_properties_intel twice[] = { CL_MEM_ALLOC_FLAGS_INTEL, 0,
						    CL_MEM_ALLOC_FLAGS_INTEL, 0, 0 };
		cl_mem_properties_intel unknown_bit[] = { CL_MEM_ALLOC_FLAGS_INTEL, 1u << 7, 0 };
		cl_mem_properties_intel unknown_name[] = { CL_MEM_ALLOC_BUFFER_LOCATION_INTEL, 0, 0 };
		if (kinds[k].type == CL_MEM_TYPE_SHARED_INTEL) {
			p = kinds[k].fn(dev, place_dev, 64, 0, &err);
			CHECK(p && err == CL_SUCCESS);
			check_info(ctx, p, kinds[k].type, p, 64, d,
				   CL_MEM_ALLOC_INITIAL_PLACEMENT_DEVICE_INTEL);
			CHECK_OK(p_clMemFreeINTEL(ctx, p));
			p = kinds[k].fn(dev, place_host, 64, 0, &err);
			CHECK(p && err == CL_SUCCESS);
			CHECK_OK(p_clMemFreeINTEL(ctx, p));
		} else {
			CHECK(kinds[k].fn(dev, place_dev, 64, 0, &err) == NULL &&
			      err == CL_INVALID_PROPERTY);
			CHECK(kinds[k].fn(dev, place_host, 64, 0, &err) == NULL &&
			      err == CL_INVALID_PROPERTY);
		}
		CHECK(kinds[k].fn(dev, place_both, 64, 0, &err) == NULL && err == CL_INVALID_PROPERTY);
		CHECK(kinds[k].fn(dev, twice, 64, 0, &err) == NULL && err == CL_INVALID_PROPERTY);
		CHECK(kinds[k].fn(dev, unknown_bit, 64, 0, &err) == NULL && err == CL_INVALID_PROPERTY);
		CHECK(kinds[k].fn(dev, unknown_name, 64, 0, &err) == NULL && err == CL_INVALID_PROPERTY);

		/* Sizes and alignments. */
		cl_ulong max_alloc = 0;
		CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(max_alloc),
					 &max_alloc, NULL));
		CHECK(kinds[k].fn(dev, NULL, 0, 0, &err) == NULL && err == CL_INVALID_BUFFER_SIZE);
		CHECK(kinds[k].fn(dev, NULL, (size_t)max_alloc + 1, 0, &err) == NULL &&
		      err == CL_INVALID_BUFFER_SIZE);
		CHECK(kinds[k].fn(dev, NULL, 64, 3, &err) == NULL && err == CL_INVALID_VALUE);
		CHECK(kinds[k].fn(dev, NULL, 64, 96, &err) == NULL && err == CL_INVALID_VALUE);
		CHECK(kinds[k].fn(dev, NULL, 64, 256, &err) == NULL && err == CL_INVALID_VALUE);
		/* errcode_ret may be NULL. */
		p = kinds[k].fn(dev, NULL, 16, 0, NULL);
		CHECK(p != NULL);
		CHECK_OK(p_clMemFreeINTEL(ctx, p));
		CHECK(kinds[k].fn(dev, NULL, 0, 0, NULL) == NULL);
	}
	/* A shared allocation with no device. */
	cl_int err = -1;
	void *p = p_clSharedMemAllocINTEL(ctx, NULL, NULL, 100, 0, &err);
	CHECK(p && err == CL_SUCCESS);
	check_info(ctx, p, CL_MEM_TYPE_SHARED_INTEL, p, 100, NULL, 0);
	CHECK_OK(p_clMemFreeINTEL(ctx, p));

	/* Contexts and devices. */
	CHECK(p_clHostMemAllocINTEL(NULL, NULL, 64, 0, &err) == NULL && err == CL_INVALID_CONTEXT);
	CHECK(p_clHostMemAllocINTEL((cl_context)q, NULL, 64, 0, &err) == NULL &&
	      err == CL_INVALID_CONTEXT);
	CHECK(p_clDeviceMemAllocINTEL(NULL, dev, NULL, 64, 0, &err) == NULL &&
	      err == CL_INVALID_CONTEXT);
	CHECK(p_clSharedMemAllocINTEL(NULL, dev, NULL, 64, 0, &err) == NULL &&
	      err == CL_INVALID_CONTEXT);
	CHECK(p_clDeviceMemAllocINTEL(ctx, NULL, NULL, 64, 0, &err) == NULL &&
	      err == CL_INVALID_DEVICE);
	CHECK(p_clDeviceMemAllocINTEL(ctx, (cl_device_id)ctx, NULL, 64, 0, &err) == NULL &&
	      err == CL_INVALID_DEVICE);
	CHECK(p_clSharedMemAllocINTEL(ctx, (cl_device_id)q, NULL, 64, 0, &err) == NULL &&
	      err == CL_INVALID_DEVICE);
}

static void test_info_errors(void)
{
	int local_var = 1;
	void *malloced = malloc(64);
	/* Not allocations: unknown, NULL, 0, NULL. */
	check_info(ctx, &local_var, CL_MEM_TYPE_UNKNOWN_INTEL, NULL, 0, NULL, 0);
	check_info(ctx, malloced, CL_MEM_TYPE_UNKNOWN_INTEL, NULL, 0, NULL, 0);
	check_info(ctx, NULL, CL_MEM_TYPE_UNKNOWN_INTEL, NULL, 0, NULL, 0);
	/* An SVM allocation is not a USM one. */
	void *svm = clSVMAlloc(ctx, 0, 64, 0);
	REQUIRE(svm);
	check_info(ctx, svm, CL_MEM_TYPE_UNKNOWN_INTEL, NULL, 0, NULL, 0);
	CHECK_ERR(p_clMemFreeINTEL(ctx, svm), CL_INVALID_VALUE);
	clSVMFree(ctx, svm);
	free(malloced);

	void *p = p_clHostMemAllocINTEL(ctx, NULL, 64, 0, NULL);
	REQUIRE(p);
	cl_uint t;
	size_t ret = 0;
	CHECK_ERR(p_clGetMemAllocInfoINTEL(NULL, p, CL_MEM_ALLOC_TYPE_INTEL, sizeof(t), &t, NULL),
		  CL_INVALID_CONTEXT);
	CHECK_ERR(p_clGetMemAllocInfoINTEL(ctx, p, CL_MEM_ALLOC_TYPE_INTEL, 2, &t, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(p_clGetMemAllocInfoINTEL(ctx, p, CL_MEM_TYPE, sizeof(t), &t, NULL),
		  CL_INVALID_VALUE);
	/* Only the size. */
	CHECK_OK(p_clGetMemAllocInfoINTEL(ctx, p, CL_MEM_ALLOC_SIZE_INTEL, 0, NULL, &ret));
	CHECK(ret == sizeof(size_t));

	/* Frees: NULL is no action; not a base, another context's, twice. */
	CHECK_OK(p_clMemFreeINTEL(ctx, NULL));
	CHECK_OK(p_clMemBlockingFreeINTEL(ctx, NULL));
	CHECK_ERR(p_clMemFreeINTEL(NULL, p), CL_INVALID_CONTEXT);
	CHECK_ERR(p_clMemBlockingFreeINTEL((cl_context)q, p), CL_INVALID_CONTEXT);
	CHECK_ERR(p_clMemFreeINTEL(ctx, (char *)p + 8), CL_INVALID_VALUE);
	CHECK_ERR(p_clMemBlockingFreeINTEL(ctx, (char *)p + 8), CL_INVALID_VALUE);
	CHECK_ERR(p_clMemFreeINTEL(ctx, &local_var), CL_INVALID_VALUE);
	CHECK_ERR(p_clMemFreeINTEL(ctx2, p), CL_INVALID_VALUE);
	CHECK_ERR(p_clMemBlockingFreeINTEL(ctx2, p), CL_INVALID_VALUE);
	check_info(ctx, p, CL_MEM_TYPE_HOST_INTEL, p, 64, NULL, 0); /* still there */
	CHECK_OK(p_clMemFreeINTEL(ctx, p));
	CHECK_ERR(p_clMemFreeINTEL(ctx, p), CL_INVALID_VALUE);
	check_info(ctx, p, CL_MEM_TYPE_UNKNOWN_INTEL, NULL, 0, NULL, 0);
}

static cl_command_type event_type(cl_event e)
{
	cl_command_type t = 0;
	CHECK_OK(clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, sizeof(t), &t, NULL));
	return t;
}

/* Four places to copy between: host, device and shared allocations and
 * plain malloc'ed memory. */
static void *alloc_kind(int kind, size_t size)
{
	switch (kind) {
	case 0: return p_clHostMemAllocINTEL(ctx, NULL, size, 0, NULL);
	case 1: return p_clDeviceMemAllocINTEL(ctx, dev, NULL, size, 0, NULL);
	case 2: return p_clSharedMemAllocINTEL(ctx, dev, NULL, size, 0, NULL);
	/* Host memory of the application, aligned as USM allocations are by
	 * default (128, the largest data type): malloc's 16 would make a fill
	 * of a 32-byte or larger pattern at p + pattern_size misaligned
	 * (CL_INVALID_VALUE) whenever the heap put the block there. */
	default: return aligned_alloc(128, (size + 127) / 128 * 128);
	}
}

static void free_kind(int kind, void *p)
{
	if (kind == 3)
		free(p);
	else
		CHECK_OK(p_clMemFreeINTEL(ctx, p));
}

static void test_memcpy(void)
{
	/* 9 MiB + 3 bytes is split across the pool's workers. */
	static const size_t sizes[] = { 1, 100, 4096 + 5, (9u << 20) + 3 };
	for (int from = 0; from < 4; from++)
		for (int to = 0; to < 4; to++)
			for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
				size_t n = sizes[s];
				if (n > 4096 && from != to - 1 && !(from == 3 && to == 0))
					continue; /* the big size on a few pairs */
				unsigned char *src = alloc_kind(from, n + 16);
				unsigned char *dst = alloc_kind(to, n + 16);
				REQUIRE(src && dst);
				for (size_t i = 0; i < n + 16; i++) {
					src[i] = (unsigned char)(i * 13 + from);
					dst[i] = 0xEE;
				}
				cl_event e = NULL;
				/* Odd offsets on both sides. */
				CHECK_OK(p_clEnqueueMemcpyINTEL(q, CL_TRUE, dst + 3, src + 1, n,
								0, NULL, &e));
				CHECK(e && event_type(e) == CL_COMMAND_MEMCPY_INTEL);
				size_t bad = 0;
				for (size_t i = 0; i < n + 16; i++) {
					unsigned char want = i >= 3 && i < n + 3
						? (unsigned char)((i - 2) * 13 + from) : 0xEE;
					bad += dst[i] != want;
				}
				CHECK(bad == 0);
				if (e)
					clReleaseEvent(e);
				free_kind(from, src);
				free_kind(to, dst);
			}

	/* Non-blocking, ordered after a user event. */
	int *a = p_clSharedMemAllocINTEL(ctx, dev, NULL, 1024 * sizeof(int), 0, NULL);
	int *b = p_clDeviceMemAllocINTEL(ctx, dev, NULL, 1024 * sizeof(int), 0, NULL);
	REQUIRE(a && b);
	for (int i = 0; i < 1024; i++) {
		a[i] = i * 3;
		b[i] = -1;
	}
	cl_int err;
	cl_event gate = clCreateUserEvent(ctx, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_event e;
	CHECK_OK(p_clEnqueueMemcpyINTEL(q, CL_FALSE, b, a, 1024 * sizeof(int), 1, &gate, &e));
	cl_int status = 0;
	CHECK_OK(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL));
	CHECK(status > CL_COMPLETE && b[0] == -1);
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &e));
	int bad = 0;
	for (int i = 0; i < 1024; i++)
		bad += b[i] != i * 3;
	CHECK(bad == 0);
	clReleaseEvent(e);
	clReleaseEvent(gate);
	/* Size 0 copies nothing. */
	CHECK_OK(p_clEnqueueMemcpyINTEL(q, CL_TRUE, b, a, 0, 0, NULL, NULL));

	/* Errors. */
	CHECK_ERR(p_clEnqueueMemcpyINTEL(NULL, CL_TRUE, b, a, 4, 0, NULL, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(p_clEnqueueMemcpyINTEL((cl_command_queue)ctx, CL_TRUE, b, a, 4, 0, NULL, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(p_clEnqueueMemcpyINTEL(q, CL_TRUE, NULL, a, 4, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMemcpyINTEL(q, CL_TRUE, b, NULL, 4, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMemcpyINTEL(q, CL_TRUE, a + 1, a, 8, 0, NULL, NULL),
		  CL_MEM_COPY_OVERLAP);
	CHECK_ERR(p_clEnqueueMemcpyINTEL(q, CL_TRUE, a, a + 1, 8, 0, NULL, NULL),
		  CL_MEM_COPY_OVERLAP);
	CHECK_OK(p_clEnqueueMemcpyINTEL(q, CL_TRUE, a, a + 2, 8, 0, NULL, NULL)); /* touching */
	CHECK_ERR(p_clEnqueueMemcpyINTEL(q, CL_TRUE, b, a, 4, 1, NULL, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	cl_event dummy = NULL;
	CHECK_ERR(p_clEnqueueMemcpyINTEL(q, CL_TRUE, b, a, 4, 0, &dummy, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	cl_event other = clCreateUserEvent(ctx2, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_ERR(p_clEnqueueMemcpyINTEL(q, CL_TRUE, b, a, 4, 1, &other, NULL), CL_INVALID_CONTEXT);
	/* A blocking copy after a failed event. */
	cl_event failed = clCreateUserEvent(ctx, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetUserEventStatus(failed, -1));
	CHECK_ERR(p_clEnqueueMemcpyINTEL(q, CL_TRUE, b, a, 4, 1, &failed, NULL),
		  CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	clReleaseEvent(failed);
	/* Another context's allocation. */
	int *theirs = p_clHostMemAllocINTEL(ctx2, NULL, 64, 0, NULL);
	REQUIRE(theirs);
	CHECK_ERR(p_clEnqueueMemcpyINTEL(q, CL_TRUE, theirs, a, 4, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMemcpyINTEL(q, CL_TRUE, b, theirs, 4, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(p_clMemFreeINTEL(ctx, theirs), CL_INVALID_VALUE);
	CHECK_OK(p_clMemFreeINTEL(ctx2, theirs));
	clSetUserEventStatus(other, CL_COMPLETE);
	clReleaseEvent(other);
	CHECK_OK(p_clMemFreeINTEL(ctx, a));
	CHECK_OK(p_clMemFreeINTEL(ctx, b));
}

static void test_fill(void)
{
	/* 4 MiB + 256 bytes: split across the workers; small ones are not. */
	static const size_t sizes[] = { 0, 256, (4u << 20) + 256 };
	for (size_t ps = 1; ps <= 128; ps *= 2)
		for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
			for (int kind = 0; kind < 4; kind++) {
				size_t n = sizes[s];
				if (n > 4096 && kind != (int)(ps % 4))
					continue;
				unsigned char *p = alloc_kind(kind, n + 2 * 128);
				REQUIRE(p);
				memset(p, 0xAB, n + 2 * 128);
				unsigned char pattern[128];
				for (size_t i = 0; i < ps; i++)
					pattern[i] = (unsigned char)(i * 29 + ps + 1);
				cl_event e;
				/* Start at an offset of one pattern. */
				CHECK_OK(p_clEnqueueMemFillINTEL(q, p + ps, pattern, ps, n, 0,
								 NULL, &e));
				/* The pattern may be reused at once. */
				memset(pattern, 0, sizeof(pattern));
				CHECK_OK(clWaitForEvents(1, &e));
				CHECK(event_type(e) == CL_COMMAND_MEMFILL_INTEL);
				clReleaseEvent(e);
				size_t bad = 0;
				for (size_t i = 0; i < n + 2 * 128; i++) {
					unsigned char want = i >= ps && i < ps + n
						? (unsigned char)(((i - ps) % ps) * 29 + ps + 1)
						: 0xAB;
					bad += p[i] != want;
				}
				CHECK(bad == 0);
				free_kind(kind, p);
			}

	/* clEnqueueMemsetINTEL: the value's low byte. */
	unsigned char *p = p_clDeviceMemAllocINTEL(ctx, dev, NULL, 1000, 0, NULL);
	REQUIRE(p);
	memset(p, 0, 1000);
	cl_event e;
	CHECK_OK(p_clEnqueueMemsetINTEL(q, p + 1, 0x1234, 997, 0, NULL, &e));
	CHECK_OK(clWaitForEvents(1, &e));
	CHECK(event_type(e) == CL_COMMAND_MEMFILL_INTEL);
	clReleaseEvent(e);
	size_t bad = 0;
	for (size_t i = 0; i < 1000; i++)
		bad += p[i] != (i >= 1 && i < 998 ? 0x34 : 0);
	CHECK(bad == 0);

	/* Errors. */
	int pat = 7;
	CHECK_ERR(p_clEnqueueMemFillINTEL(NULL, p, &pat, 4, 8, 0, NULL, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(p_clEnqueueMemFillINTEL(q, NULL, &pat, 4, 8, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMemFillINTEL(q, p, NULL, 4, 8, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMemFillINTEL(q, p + 2, &pat, 4, 8, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMemFillINTEL(q, p, &pat, 3, 6, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMemFillINTEL(q, p, &pat, 0, 8, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMemFillINTEL(q, p, p, 256, 256, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMemFillINTEL(q, p, &pat, 4, 6, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMemFillINTEL(q, p, &pat, 4, 8, 1, NULL, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	CHECK_ERR(p_clEnqueueMemsetINTEL(q, NULL, 0, 8, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMemsetINTEL(NULL, p, 0, 8, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	int *theirs = p_clSharedMemAllocINTEL(ctx2, NULL, NULL, 64, 0, NULL);
	REQUIRE(theirs);
	CHECK_ERR(p_clEnqueueMemFillINTEL(q, theirs, &pat, 4, 8, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMemsetINTEL(q, theirs, 0, 8, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_OK(p_clMemFreeINTEL(ctx2, theirs));
	CHECK_OK(p_clMemFreeINTEL(ctx, p));
}

static void test_hints(void)
{
	int *p = p_clSharedMemAllocINTEL(ctx, dev, NULL, 4096, 0, NULL);
	REQUIRE(p);
	static const cl_mem_migration_flags flags[] = {
		0, CL_MIGRATE_MEM_OBJECT_HOST, CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED,
		CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED,
	};
	for (size_t i = 0; i < 4; i++) {
		p[0] = (int)i + 10;
		cl_event e;
		CHECK_OK(p_clEnqueueMigrateMemINTEL(q, p, 4096, flags[i], 0, NULL, &e));
		CHECK_OK(clWaitForEvents(1, &e));
		CHECK(event_type(e) == CL_COMMAND_MIGRATEMEM_INTEL);
		clReleaseEvent(e);
		/* A hint: the contents stay (even CONTENT_UNDEFINED keeps them
		 * here, since nothing moves). */
		CHECK(p[0] == (int)i + 10);
	}
	cl_event e;
	CHECK_OK(p_clEnqueueMemAdviseINTEL(q, p, 4096, 0, 0, NULL, &e));
	CHECK_OK(clWaitForEvents(1, &e));
	CHECK(event_type(e) == CL_COMMAND_MEMADVISE_INTEL);
	clReleaseEvent(e);

	/* Ordered after the wait list like any command. */
	cl_int err;
	cl_event gate = clCreateUserEvent(ctx, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(p_clEnqueueMigrateMemINTEL(q, p + 8, 64, 0, 1, &gate, &e));
	cl_int status;
	CHECK_OK(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL));
	CHECK(status > CL_COMPLETE);
	clSetUserEventStatus(gate, CL_COMPLETE);
	CHECK_OK(clWaitForEvents(1, &e));
	clReleaseEvent(e);
	clReleaseEvent(gate);

	/* Errors. */
	CHECK_ERR(p_clEnqueueMigrateMemINTEL(NULL, p, 64, 0, 0, NULL, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(p_clEnqueueMigrateMemINTEL(q, p, 64, 1u << 5, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMigrateMemINTEL(q, NULL, 64, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMigrateMemINTEL(q, p, 64, 0, 1, NULL, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	CHECK_ERR(p_clEnqueueMemAdviseINTEL(NULL, p, 64, 0, 0, NULL, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(p_clEnqueueMemAdviseINTEL(q, NULL, 64, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	cl_event dummy = NULL;
	CHECK_ERR(p_clEnqueueMemAdviseINTEL(q, p, 64, 0, 0, &dummy, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	void *theirs = p_clSharedMemAllocINTEL(ctx2, NULL, NULL, 64, 0, NULL);
	REQUIRE(theirs);
	CHECK_ERR(p_clEnqueueMigrateMemINTEL(q, theirs, 64, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(p_clEnqueueMemAdviseINTEL(q, theirs, 64, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_OK(p_clMemFreeINTEL(ctx2, theirs));
	CHECK_OK(p_clMemFreeINTEL(ctx, p));
}

/* Allocations a context still holds when it is released are freed with
 * it (no leak, no crash); a new context does not see them. */
static void test_context_release(void)
{
	cl_int err;
	cl_context c = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	void *p = p_clHostMemAllocINTEL(c, NULL, 4096, 0, NULL);
	CHECK(p != NULL);
	CHECK_OK(clReleaseContext(c));
	check_info(ctx, p, CL_MEM_TYPE_UNKNOWN_INTEL, NULL, 0, NULL, 0);
}

int main(void)
{
	cl_int err;
	check_setup(&platform, &dev, &ctx, &q);
	usm_load(platform, dev);
	ctx2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	test_caps();
	test_alloc();
	test_info_errors();
	test_memcpy();
	test_fill();
	test_hints();
	test_context_release();
	clReleaseCommandQueue(q);
	clReleaseContext(ctx2);
	clReleaseContext(ctx);
	return check_done();
}
