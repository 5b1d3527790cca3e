/* cl_ext_buffer_device_address: buffers created with
 * CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT (with and without a host pointer, on
 * SVM memory, their sub-buffers) report through CL_MEM_DEVICE_ADDRESS_EXT
 * the address their kernels see, and it stays the same for the buffer's
 * life; the address (or one inside the buffer) passed with
 * clSetKernelArgDevicePointerEXT reaches the buffer, also reading before
 * the pointer; a kernel follows an address stored in another buffer
 * (CL_KERNEL_EXEC_INFO_DEVICE_PTRS_EXT); and every error: property values,
 * the query on other buffers and images, the argument function's index
 * and argument-kind errors. */
#include "../common/check.h"

#include <stdint.h>

#ifndef CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT /* not in Debian's headers yet */
typedef cl_ulong cl_mem_device_address_ext;
typedef cl_int(CL_API_CALL *clSetKernelArgDevicePointerEXT_fn)(
	cl_kernel, cl_uint, cl_mem_device_address_ext);
#define CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT 0x5000
#define CL_MEM_DEVICE_ADDRESS_EXT 0x5001
#define CL_KERNEL_EXEC_INFO_DEVICE_PTRS_EXT 0x5002
#endif

static cl_platform_id platform;
static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;
static cl_program prog;
static clSetKernelArgDevicePointerEXT_fn set_ptr;

static const char *src =
	"__kernel void get_addr(__global int *buf, __global ulong *addr, int n)\n"
	"{ for (int i = 0; i < n; i++) buf[i] += 1; *addr = (ulong)buf; }\n"
	"__kernel void indirect(__global const ulong *where, __global int *out)\n"
	"{ *out = *(__global int *)(*where); }\n"
	"__kernel void before(__global const int *p, __global int *out)\n"
	"{ *out = p[-2]; }\n"
	"__kernel void kinds(__global ulong *g, __local int *l, int v,\n"
	"                    __constant int *c)\n"
	"{ *g = v; }\n";

static cl_mem_device_address_ext address_of(cl_mem m)
{
	cl_mem_device_address_ext a = 0;
	size_t ret = 0;
	CHECK_OK(clGetMemObjectInfo(m, CL_MEM_DEVICE_ADDRESS_EXT, sizeof(a), &a, &ret));
	CHECK(ret == sizeof(a));
	return a;
}

/* The address the API reports is the one kernels see, and the kernel's
 * increments land in the buffer. */
static void check_buffer(cl_mem buf, int n, int first)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, "get_addr", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem addr_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(cl_ulong), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem_device_address_ext a = address_of(buf);
	CHECK(a != 0);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &buf));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &addr_buf));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(int), &n));
	size_t one = 1;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL));
	cl_ulong seen = 0;
	CHECK_OK(clEnqueueReadBuffer(q, addr_buf, CL_TRUE, 0, sizeof(seen), &seen, 0, NULL, NULL));
	CHECK(seen == a);
	int *host = malloc(n * sizeof(int));
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, n * sizeof(int), host, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += host[i] != first + i + 1;
	CHECK(bad == 0);
	free(host);
	/* Fixed for the buffer's life: the same after use. */
	CHECK(address_of(buf) == a);
	clReleaseMemObject(addr_buf);
	clReleaseKernel(k);
}

static void test_buffers(void)
{
	enum { N = 1024 };
	cl_int err;
	int init[N];
	for (int i = 0; i < N; i++)
		init[i] = i;
	cl_mem_properties props[] = { CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT, CL_TRUE, 0 };
	cl_mem copied = clCreateBufferWithProperties(ctx, props,
						     CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
						     sizeof(init), init, &err);
	CHECK(err == CL_SUCCESS);
	check_buffer(copied, N, 0);
	/* CL_MEM_PROPERTIES gives the list back. */
	cl_mem_properties got[4] = { 0 };
	size_t ret = 0;
	CHECK_OK(clGetMemObjectInfo(copied, CL_MEM_PROPERTIES, sizeof(got), got, &ret));
	CHECK(ret == 3 * sizeof(cl_mem_properties) && got[0] == CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT &&
	      got[1] == CL_TRUE && got[2] == 0);

	cl_mem plain = clCreateBufferWithProperties(ctx, props, CL_MEM_READ_WRITE, sizeof(init),
						    NULL, &err);
	CHECK(err == CL_SUCCESS);
	CHECK_OK(clEnqueueWriteBuffer(q, plain, CL_TRUE, 0, sizeof(init), init, 0, NULL, NULL));
	check_buffer(plain, N, 0);

	/* On application memory: the address is that memory. */
	int *mine = malloc(sizeof(init));
	memcpy(mine, init, sizeof(init));
	cl_mem used = clCreateBufferWithProperties(ctx, props,
						   CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
						   sizeof(init), mine, &err);
	CHECK(err == CL_SUCCESS);
	CHECK(address_of(used) == (cl_mem_device_address_ext)(uintptr_t)mine);
	check_buffer(used, N, 0);
	/* On SVM memory: clSVMAlloc's pointer. */
	void *svm = clSVMAlloc(ctx, CL_MEM_READ_WRITE, sizeof(init), 0);
	REQUIRE(svm);
	cl_mem on_svm = clCreateBufferWithProperties(ctx, props,
						     CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
						     sizeof(init), svm, &err);
	CHECK(err == CL_SUCCESS);
	CHECK(address_of(on_svm) == (cl_mem_device_address_ext)(uintptr_t)svm);

	/* A sub-buffer of an addressed buffer has its own address, inside. */
	cl_buffer_region region = { 256, 512 };
	cl_mem sub = clCreateSubBuffer(plain, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
				       &region, &err);
	CHECK(err == CL_SUCCESS);
	CHECK(address_of(sub) == address_of(plain) + 256);
	check_buffer(sub, 128, 64 + 1); /* ints 64..191, already +1 */

	/* Several devices: one address per device of the context, all
	 * equal; a size for fewer is CL_INVALID_VALUE. */
	cl_uint ndev = 0;
	CHECK_OK(clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, sizeof(ndev), &ndev, NULL));
	CHECK_OK(clGetMemObjectInfo(plain, CL_MEM_DEVICE_ADDRESS_EXT, 0, NULL, &ret));
	CHECK(ret == ndev * sizeof(cl_mem_device_address_ext));
	CHECK_ERR(clGetMemObjectInfo(plain, CL_MEM_DEVICE_ADDRESS_EXT, 4, got, NULL),
		  CL_INVALID_VALUE);

	/* CL_FALSE, or no property: no address. */
	cl_mem_properties off[] = { CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT, CL_FALSE, 0 };
	cl_mem none = clCreateBufferWithProperties(ctx, off, CL_MEM_READ_WRITE, 64, NULL, &err);
	CHECK(err == CL_SUCCESS);
	cl_mem_device_address_ext a;
	CHECK_ERR(clGetMemObjectInfo(none, CL_MEM_DEVICE_ADDRESS_EXT, sizeof(a), &a, NULL),
		  CL_INVALID_OPERATION);
	cl_mem ordinary = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &err);
	CHECK(err == CL_SUCCESS);
	CHECK_ERR(clGetMemObjectInfo(ordinary, CL_MEM_DEVICE_ADDRESS_EXT, sizeof(a), &a, NULL),
		  CL_INVALID_OPERATION);
	CHECK_ERR(clGetMemObjectInfo(NULL, CL_MEM_DEVICE_ADDRESS_EXT, sizeof(a), &a, NULL),
		  CL_INVALID_MEM_OBJECT);

	/* Property errors. */
	cl_mem_properties bad_value[] = { CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT, 2, 0 };
	cl_mem_properties twice[] = { CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT, CL_TRUE,
				      CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT, CL_TRUE, 0 };
	cl_mem_properties unknown[] = { 0x5003, CL_TRUE, 0 };
	CHECK(clCreateBufferWithProperties(ctx, bad_value, 0, 64, NULL, &err) == NULL &&
	      err == CL_INVALID_PROPERTY);
	CHECK(clCreateBufferWithProperties(ctx, twice, 0, 64, NULL, &err) == NULL &&
	      err == CL_INVALID_PROPERTY);
	CHECK(clCreateBufferWithProperties(ctx, unknown, 0, 64, NULL, &err) == NULL &&
	      err == CL_INVALID_PROPERTY);
	/* Images take no such property. */
	cl_bool images = CL_FALSE;
	clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL);
	if (images) {
		cl_image_format fmt = { CL_RGBA, CL_UNORM_INT8 };
		cl_image_desc desc = { .image_type = CL_MEM_OBJECT_IMAGE2D,
				       .image_width = 4, .image_height = 4 };
		CHECK(clCreateImageWithProperties(ctx, props, CL_MEM_READ_WRITE, &fmt, &desc,
						  NULL, &err) == NULL &&
		      err == CL_INVALID_PROPERTY);
	}

	clReleaseMemObject(sub);
	clReleaseMemObject(copied);
	clReleaseMemObject(plain);
	clReleaseMemObject(used);
	clReleaseMemObject(on_svm);
	clReleaseMemObject(none);
	clReleaseMemObject(ordinary);
	clSVMFree(ctx, svm);
	free(mine);
}

/* A kernel reads through an address stored in another buffer, with and
 * without CL_KERNEL_EXEC_INFO_DEVICE_PTRS_EXT; and through
 * clSetKernelArgDevicePointerEXT with an address inside the buffer. */
static void test_kernels(void)
{
	cl_int err;
	cl_mem_properties props[] = { CL_MEM_DEVICE_PRIVATE_ADDRESS_EXT, CL_TRUE, 0 };
	int data[16];
	for (int i = 0; i < 16; i++)
		data[i] = 0x1234500 + i;
	cl_mem target = clCreateBufferWithProperties(ctx, props,
						     CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
						     sizeof(data), data, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem_device_address_ext a = address_of(target);
	cl_mem where = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(a), &a,
				      &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	for (int with_info = 0; with_info < 2; with_info++) {
		cl_kernel k = clCreateKernel(prog, "indirect", &err);
		REQUIRE(err == CL_SUCCESS);
		if (with_info)
			CHECK_OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_DEVICE_PTRS_EXT,
						     sizeof(a), &a));
		CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &where));
		CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &out));
		size_t one = 1;
		CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL));
		int got = 0;
		CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(got), &got, 0, NULL, NULL));
		CHECK(got == data[0]);
		/* Errors of the exec info. */
		CHECK_ERR(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_DEVICE_PTRS_EXT, 5, &a),
			  CL_INVALID_VALUE);
		CHECK_ERR(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_DEVICE_PTRS_EXT, sizeof(a),
					      NULL), CL_INVALID_VALUE);
		CHECK_OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_DEVICE_PTRS_EXT, 0, NULL));
		clReleaseKernel(k);
	}

	/* The address of element 2, read back at p[-2]; then element 9. */
	cl_kernel k = clCreateKernel(prog, "before", &err);
	REQUIRE(err == CL_SUCCESS);
	for (int at = 2; at <= 9; at += 7) {
		CHECK_OK(set_ptr(k, 0, a + at * sizeof(int)));
		CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &out));
		size_t one = 1;
		CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL));
		int got = 0;
		CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(got), &got, 0, NULL, NULL));
		CHECK(got == data[at - 2]);
	}
	clReleaseKernel(k);

	/* Errors: the conformance suite's negative_private_address. */
	k = clCreateKernel(prog, "kinds", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(set_ptr(k, 0, 0));
	CHECK_OK(set_ptr(k, 0, a));
	CHECK_ERR(set_ptr(NULL, 0, 0), CL_INVALID_KERNEL);
	CHECK_ERR(set_ptr((cl_kernel)ctx, 0, 0), CL_INVALID_KERNEL);
	CHECK_ERR(set_ptr(k, 1, 0x15465), CL_INVALID_ARG_INDEX); /* __local */
	CHECK_ERR(set_ptr(k, 2, 0x15465), CL_INVALID_ARG_INDEX); /* a value */
	CHECK_ERR(set_ptr(k, 3, 0x15465), CL_INVALID_ARG_INDEX); /* __constant */
	CHECK_ERR(set_ptr(k, 4, 0x15465), CL_INVALID_ARG_INDEX); /* no such */
	clReleaseKernel(k);

	clReleaseMemObject(target);
	clReleaseMemObject(where);
	clReleaseMemObject(out);
}

int main(void)
{
	check_setup(&platform, &dev, &ctx, &q);
	char ext[8192] = "";
	REQUIRE(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(ext), ext, NULL) == CL_SUCCESS);
	REQUIRE(check_has_word(ext, "cl_ext_buffer_device_address"));
	set_ptr = (clSetKernelArgDevicePointerEXT_fn)clGetExtensionFunctionAddressForPlatform(
		platform, "clSetKernelArgDevicePointerEXT");
	REQUIRE(set_ptr != NULL);
	prog = check_build(ctx, dev, src, NULL);
	test_buffers();
	test_kernels();
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
