/* Pipe objects on the host (OpenCL 3.0 §5.4): the device's pipe queries,
 * clCreatePipe with every flag, property list and size the spec names and
 * each of its error codes, clGetPipeInfo (CL_PIPE_PACKET_SIZE,
 * CL_PIPE_MAX_PACKETS, CL_PIPE_PROPERTIES, CL_INVALID_MEM_OBJECT for what is
 * not a pipe), clGetMemObjectInfo on a pipe, destructor callbacks, buffer
 * and image calls refusing a pipe, and pipes as kernel arguments
 * (clSetKernelArg and clGetKernelArgInfo, a kernel with
 * CL_DEVICE_MAX_PIPE_ARGS pipes).  The references are the spec's tables and
 * the values given at creation.  What kernels do with pipes is in
 * test_pipes_builtins.c and test_pipes_concurrent.c. */
#include "check.h"

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;
static cl_uint max_packet_size;

static cl_mem make_pipe(cl_mem_flags flags, cl_uint packet, cl_uint n)
{
	cl_int err = 1;
	cl_mem p = clCreatePipe(context, flags, packet, n, NULL, &err);
	CHECK(err == CL_SUCCESS);
	REQUIRE(p != NULL);
	return p;
}

/* clCreatePipe refuses with `code`: NULL back, the code in errcode_ret,
 * and no crash without errcode_ret. */
static void create_fails(cl_context ctx, cl_mem_flags flags, cl_uint packet,
			 cl_uint n, const cl_pipe_properties *props, cl_int code)
{
	cl_int err = 12345;
	cl_mem p = clCreatePipe(ctx, flags, packet, n, props, &err);
	CHECK(p == NULL);
	if (err != code)
		fprintf(stderr, "clCreatePipe(flags 0x%llx, %u, %u): %d, expected %d\n",
			(unsigned long long)flags, packet, n, err, code);
	CHECK(err == code);
	CHECK(clCreatePipe(ctx, flags, packet, n, props, NULL) == NULL);
}

static void test_device_queries(void)
{
	cl_bool support = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_PIPE_SUPPORT, sizeof(support),
				 &support, NULL));
	REQUIRE(support == CL_TRUE);
	cl_uint v = 0;
	size_t ret = 0;
	/* §4.2 minimums for a device that supports pipes. */
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_MAX_PIPE_ARGS, sizeof(v), &v, &ret));
	CHECK(ret == sizeof(cl_uint) && v >= 16);
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS,
				 sizeof(v), &v, &ret));
	CHECK(ret == sizeof(cl_uint) && v >= 1);
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_PIPE_MAX_PACKET_SIZE,
				 sizeof(max_packet_size), &max_packet_size, &ret));
	CHECK(ret == sizeof(cl_uint) && max_packet_size >= 1024);
	/* A device with pipes has the generic address space (§4.2,
	 * CL_DEVICE_PIPE_SUPPORT) and the OpenCL C feature. */
	cl_bool generic = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT,
				 sizeof(generic), &generic, NULL));
	CHECK(generic == CL_TRUE);
	size_t n = 0;
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_FEATURES, 0, NULL, &n));
	cl_name_version *f = malloc(n);
	REQUIRE(f);
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_FEATURES, n, f, NULL));
	int found = 0;
	for (size_t i = 0; i < n / sizeof(*f); i++)
		found |= strcmp(f[i].name, "__opencl_c_pipes") == 0;
	CHECK(found);
	free(f);
}

static void test_create(void)
{
	/* Every valid flags value; the object reports the defaults
	 * (§5.4.1: 0 means CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS). */
	static const cl_mem_flags ok[] = {
		0, CL_MEM_READ_WRITE, CL_MEM_HOST_NO_ACCESS,
		CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS,
	};
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		cl_mem p = make_pipe(ok[i], 16, 32);
		cl_mem_flags f = 0;
		CHECK_OK(clGetMemObjectInfo(p, CL_MEM_FLAGS, sizeof(f), &f, NULL));
		CHECK(f == (CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS));
		CHECK_OK(clReleaseMemObject(p));
	}
	/* Flags other than those two (§5.4.1 CL_INVALID_VALUE). */
	static const cl_mem_flags bad[] = {
		CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY, CL_MEM_USE_HOST_PTR,
		CL_MEM_ALLOC_HOST_PTR, CL_MEM_COPY_HOST_PTR, CL_MEM_HOST_READ_ONLY,
		CL_MEM_HOST_WRITE_ONLY, CL_MEM_KERNEL_READ_AND_WRITE,
		CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, CL_MEM_HOST_NO_ACCESS | (1ull << 40),
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		create_fails(context, bad[i], 4, 4, NULL, CL_INVALID_VALUE);

	/* Properties: NULL or an empty list; no property exists. */
	static const cl_pipe_properties empty[] = { 0 };
	static const cl_pipe_properties some[] = { CL_PIPE_PACKET_SIZE, 4, 0 };
	static const cl_pipe_properties junk[] = { 0x7fff, 1, 0 };
	create_fails(context, 0, 4, 4, some, CL_INVALID_VALUE);
	create_fails(context, 0, 4, 4, junk, CL_INVALID_VALUE);
	cl_int err = 1;
	cl_mem p = clCreatePipe(context, 0, 4, 4, empty, &err);
	CHECK(err == CL_SUCCESS && p);
	if (p)
		clReleaseMemObject(p);

	/* Sizes (§5.4.1 CL_INVALID_PIPE_SIZE). */
	create_fails(context, 0, 0, 4, NULL, CL_INVALID_PIPE_SIZE);
	create_fails(context, 0, max_packet_size + 1, 4, NULL, CL_INVALID_PIPE_SIZE);
	create_fails(context, 0, 0xffffffffu, 4, NULL, CL_INVALID_PIPE_SIZE);
	create_fails(context, 0, 4, 0, NULL, CL_INVALID_PIPE_SIZE);
	create_fails(context, 0, 0, 0, NULL, CL_INVALID_PIPE_SIZE);
	p = make_pipe(0, max_packet_size, 2);
	CHECK_OK(clReleaseMemObject(p));
	p = make_pipe(0, 1, 1);
	CHECK_OK(clReleaseMemObject(p));
	/* More storage than any allocation may have: the spec's allocation
	 * failure, not a crash or a huge allocation. */
	create_fails(context, 0, max_packet_size, 0xffffffffu, NULL,
		     CL_MEM_OBJECT_ALLOCATION_FAILURE);
	/* Not a context. */
	create_fails(NULL, 0, 4, 4, NULL, CL_INVALID_CONTEXT);
	create_fails((cl_context)queue, 0, 4, 4, NULL, CL_INVALID_CONTEXT);
	/* A success leaves errcode_ret CL_SUCCESS; NULL errcode_ret works. */
	p = clCreatePipe(context, 0, 8, 8, NULL, NULL);
	CHECK(p != NULL);
	if (p)
		clReleaseMemObject(p);
}

static void test_pipe_info(void)
{
	cl_mem p = make_pipe(CL_MEM_HOST_NO_ACCESS, 40, 1000);
	cl_uint v = 0;
	size_t ret = 0;
	CHECK_OK(clGetPipeInfo(p, CL_PIPE_PACKET_SIZE, sizeof(v), &v, &ret));
	CHECK(v == 40 && ret == sizeof(cl_uint));
	CHECK_OK(clGetPipeInfo(p, CL_PIPE_MAX_PACKETS, sizeof(v), &v, &ret));
	CHECK(v == 1000 && ret == sizeof(cl_uint));
	ret = 0;
	CHECK_OK(clGetPipeInfo(p, CL_PIPE_MAX_PACKETS, 0, NULL, &ret));
	CHECK(ret == sizeof(cl_uint));
	/* NULL properties: nothing to return (§5.4.2). */
	ret = 99;
	CHECK_OK(clGetPipeInfo(p, CL_PIPE_PROPERTIES, 0, NULL, &ret));
	CHECK(ret == 0);
	/* Too small, unknown queries (§5.4.2 CL_INVALID_VALUE). */
	cl_uchar small = 0x5a;
	CHECK_ERR(clGetPipeInfo(p, CL_PIPE_PACKET_SIZE, 1, &small, NULL), CL_INVALID_VALUE);
	CHECK(small == 0x5a);
	CHECK_ERR(clGetPipeInfo(p, CL_MEM_SIZE, sizeof(v), &v, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetPipeInfo(p, 0x1234, sizeof(v), &v, NULL), CL_INVALID_VALUE);
	CHECK_OK(clGetPipeInfo(p, CL_PIPE_PACKET_SIZE, sizeof(v), NULL, NULL));

	/* An empty list comes back as given. */
	static const cl_pipe_properties empty[] = { 0 };
	cl_int err;
	cl_mem q = clCreatePipe(context, 0, 4, 4, empty, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_pipe_properties back[2] = { 7, 7 };
	CHECK_OK(clGetPipeInfo(q, CL_PIPE_PROPERTIES, sizeof(back), back, &ret));
	CHECK(ret == sizeof(cl_pipe_properties) && back[0] == 0 && back[1] == 7);
	CHECK_OK(clReleaseMemObject(q));

	/* Not a pipe (§5.4.2 CL_INVALID_MEM_OBJECT). */
	cl_mem buf = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	v = 77;
	CHECK_ERR(clGetPipeInfo(buf, CL_PIPE_PACKET_SIZE, sizeof(v), &v, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clGetPipeInfo(buf, CL_PIPE_PROPERTIES, 0, NULL, &ret),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clGetPipeInfo(NULL, CL_PIPE_MAX_PACKETS, sizeof(v), &v, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clGetPipeInfo((cl_mem)context, CL_PIPE_MAX_PACKETS, sizeof(v), &v, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK(v == 77);
	cl_bool images = CL_FALSE;
	clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL);
	if (images) {
		cl_image_format fmt = { CL_RGBA, CL_UNORM_INT8 };
		cl_image_desc desc = { .image_type = CL_MEM_OBJECT_IMAGE2D,
				       .image_width = 4, .image_height = 4 };
		cl_mem img = clCreateImage(context, CL_MEM_READ_WRITE, &fmt, &desc, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK_ERR(clGetPipeInfo(img, CL_PIPE_PACKET_SIZE, sizeof(v), &v, NULL),
			  CL_INVALID_MEM_OBJECT);
		/* And a pipe is not an image. */
		size_t w;
		CHECK_ERR(clGetImageInfo(p, CL_IMAGE_WIDTH, sizeof(w), &w, NULL),
			  CL_INVALID_MEM_OBJECT);
		clReleaseMemObject(img);
	}
	clReleaseMemObject(buf);
	CHECK_OK(clReleaseMemObject(p));
}

static atomic_int destructor_calls;

static void CL_CALLBACK on_destroy(cl_mem m, void *user)
{
	(void)m;
	CHECK(user == &destructor_calls);
	atomic_fetch_add(&destructor_calls, 1);
}

/* §5.5.5 on a pipe: every query answers; CL_MEM_TYPE is
 * CL_MEM_OBJECT_PIPE. */
static void test_mem_object_info(void)
{
	static const cl_pipe_properties empty[] = { 0 };
	cl_int err;
	cl_mem p = clCreatePipe(context, 0, 24, 100, empty, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem_object_type type = 0;
	CHECK_OK(clGetMemObjectInfo(p, CL_MEM_TYPE, sizeof(type), &type, NULL));
	CHECK(type == CL_MEM_OBJECT_PIPE);
	size_t size = 0;
	CHECK_OK(clGetMemObjectInfo(p, CL_MEM_SIZE, sizeof(size), &size, NULL));
	CHECK(size >= 24 * 100); /* the packets and Kiln's bookkeeping */
	void *host = (void *)1;
	CHECK_OK(clGetMemObjectInfo(p, CL_MEM_HOST_PTR, sizeof(host), &host, NULL));
	CHECK(host == NULL);
	cl_uint u = 9;
	CHECK_OK(clGetMemObjectInfo(p, CL_MEM_MAP_COUNT, sizeof(u), &u, NULL));
	CHECK(u == 0);
	CHECK_OK(clGetMemObjectInfo(p, CL_MEM_REFERENCE_COUNT, sizeof(u), &u, NULL));
	CHECK(u == 1);
	CHECK_OK(clRetainMemObject(p));
	CHECK_OK(clGetMemObjectInfo(p, CL_MEM_REFERENCE_COUNT, sizeof(u), &u, NULL));
	CHECK(u == 2);
	CHECK_OK(clReleaseMemObject(p));
	cl_context c = NULL;
	CHECK_OK(clGetMemObjectInfo(p, CL_MEM_CONTEXT, sizeof(c), &c, NULL));
	CHECK(c == context);
	cl_mem assoc = (cl_mem)1;
	CHECK_OK(clGetMemObjectInfo(p, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof(assoc),
				    &assoc, NULL));
	CHECK(assoc == NULL);
	size_t off = 5;
	CHECK_OK(clGetMemObjectInfo(p, CL_MEM_OFFSET, sizeof(off), &off, NULL));
	CHECK(off == 0);
	cl_bool svm = CL_TRUE;
	CHECK_OK(clGetMemObjectInfo(p, CL_MEM_USES_SVM_POINTER, sizeof(svm), &svm, NULL));
	CHECK(svm == CL_FALSE);
	cl_mem_properties props[2] = { 5, 5 };
	size_t ret = 0;
	CHECK_OK(clGetMemObjectInfo(p, CL_MEM_PROPERTIES, sizeof(props), props, &ret));
	CHECK(ret == sizeof(cl_mem_properties) && props[0] == 0);

	/* Destructor callbacks run when the pipe goes (§5.5.2). */
	atomic_store(&destructor_calls, 0);
	CHECK_OK(clSetMemObjectDestructorCallback(p, on_destroy, &destructor_calls));
	CHECK_OK(clSetMemObjectDestructorCallback(p, on_destroy, &destructor_calls));
	CHECK(atomic_load(&destructor_calls) == 0);
	CHECK_OK(clReleaseMemObject(p));
	CHECK(atomic_load(&destructor_calls) == 2);
}

/* A pipe is no buffer: the buffer commands and sub-buffers refuse it
 * (CL_INVALID_MEM_OBJECT, §5.2.1, §5.2.2). */
static void test_not_a_buffer(void)
{
	cl_int err;
	cl_mem p = make_pipe(0, 4, 64);
	cl_mem buf = clCreateBuffer(context, CL_MEM_READ_WRITE, 256, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	char host[256] = { 0 };
	CHECK_ERR(clEnqueueReadBuffer(queue, p, CL_TRUE, 0, 16, host, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueWriteBuffer(queue, p, CL_TRUE, 0, 16, host, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueCopyBuffer(queue, p, buf, 0, 0, 16, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueCopyBuffer(queue, buf, p, 0, 0, 16, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	int pattern = 0;
	CHECK_ERR(clEnqueueFillBuffer(queue, p, &pattern, sizeof(pattern), 0, 16, 0,
				      NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	err = CL_SUCCESS;
	void *m = clEnqueueMapBuffer(queue, p, CL_TRUE, CL_MAP_READ, 0, 16, 0, NULL,
				     NULL, &err);
	CHECK(m == NULL && err == CL_INVALID_MEM_OBJECT);
	cl_buffer_region r = { 0, 16 };
	err = CL_SUCCESS;
	cl_mem sub = clCreateSubBuffer(p, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
	CHECK(sub == NULL && err == CL_INVALID_MEM_OBJECT);
	CHECK_OK(clFinish(queue));
	clReleaseMemObject(buf);
	CHECK_OK(clReleaseMemObject(p));
}

static const char *arg_src =
	"kernel void k(read_only pipe int in, write_only pipe float4 out,\n"
	"              global int *buf, read_only image2d_t img, int x)\n"
	"{ }\n"
	"kernel void k_noimg(read_only pipe int in, global int *buf)\n"
	"{ }\n";

/* §5.9.2 clSetKernelArg with pipes, §5.9.3 their argument info. */
static void test_kernel_args(void)
{
	cl_bool images = CL_FALSE;
	clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL);
	cl_program prog = check_build(context, device,
				      images ? arg_src : strstr(arg_src, "kernel void k_noimg"),
				      "-cl-std=CL3.0 -cl-kernel-arg-info");
	cl_int err;
	cl_kernel k = clCreateKernel(prog, images ? "k" : "k_noimg", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_uint buf_index = images ? 2 : 1;
	cl_mem p = make_pipe(0, 4, 16);
	cl_mem buf = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	CHECK_OK(clSetKernelArg(k, 0, sizeof(p), &p));
	/* A buffer for a pipe and a pipe for a buffer: not a valid value. */
	CHECK_ERR(clSetKernelArg(k, 0, sizeof(buf), &buf), CL_INVALID_ARG_VALUE);
	CHECK_ERR(clSetKernelArg(k, buf_index, sizeof(p), &p), CL_INVALID_ARG_VALUE);
	CHECK_OK(clSetKernelArg(k, buf_index, sizeof(buf), &buf));
	/* A pipe argument needs an object: no NULL (unlike a buffer). */
	cl_mem none = NULL;
	CHECK_ERR(clSetKernelArg(k, 0, sizeof(none), &none), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clSetKernelArg(k, 0, sizeof(p), NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clSetKernelArg(k, 0, sizeof(p) / 2, &p), CL_INVALID_ARG_SIZE);
	cl_mem junk = (cl_mem)queue;
	CHECK_ERR(clSetKernelArg(k, 0, sizeof(junk), &junk), CL_INVALID_MEM_OBJECT);
	/* A pipe of another context. */
	cl_context other = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem foreign = clCreatePipe(other, 0, 4, 16, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_ERR(clSetKernelArg(k, 0, sizeof(foreign), &foreign), CL_INVALID_MEM_OBJECT);
	clReleaseMemObject(foreign);
	clReleaseContext(other);

	cl_kernel_arg_type_qualifier tq = 0;
	cl_kernel_arg_access_qualifier aq = 0;
	cl_kernel_arg_address_qualifier adq = 0;
	CHECK_OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof(tq), &tq, NULL));
	CHECK(tq == CL_KERNEL_ARG_TYPE_PIPE);
	CHECK_OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof(aq), &aq, NULL));
	CHECK(aq == CL_KERNEL_ARG_ACCESS_READ_ONLY);
	CHECK_OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof(adq), &adq,
				    NULL));
	CHECK(adq == CL_KERNEL_ARG_ADDRESS_GLOBAL);
	char name[64] = "";
	CHECK_OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof(name), name, NULL));
	CHECK(strcmp(name, "int") == 0);
	CHECK_OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof(name), name, NULL));
	CHECK(strcmp(name, "in") == 0);

	if (images) {
		/* The write-only pipe and the image argument. */
		CHECK_OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof(tq),
					    &tq, NULL));
		CHECK(tq == CL_KERNEL_ARG_TYPE_PIPE);
		CHECK_OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof(aq),
					    &aq, NULL));
		CHECK(aq == CL_KERNEL_ARG_ACCESS_WRITE_ONLY);
		CHECK_OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_NAME, sizeof(name), name,
					    NULL));
		CHECK(strcmp(name, "float4") == 0);
		CHECK_ERR(clSetKernelArg(k, 3, sizeof(p), &p), CL_INVALID_ARG_VALUE);
		int x = 1;
		CHECK_ERR(clSetKernelArg(k, 4, sizeof(p), &p), CL_INVALID_ARG_SIZE);
		CHECK_OK(clSetKernelArg(k, 4, sizeof(x), &x));
	}
	clReleaseKernel(k);
	clReleaseProgram(prog);
	clReleaseMemObject(buf);
	CHECK_OK(clReleaseMemObject(p));
}

/* CL_DEVICE_MAX_PIPE_ARGS pipes in one kernel: each work-item of the
 * producer writes into pipe gid % n, the consumer reads them back; the sum
 * and count per pipe match the host's. */
static void test_max_pipe_args(void)
{
	cl_uint n = 0;
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_MAX_PIPE_ARGS, sizeof(n), &n, NULL));
	REQUIRE(n >= 16 && n <= 64);
	char *src = malloc(16384);
	REQUIRE(src);
	size_t len = 0;
	len += (size_t)sprintf(src + len, "kernel void w(global const int *v");
	for (cl_uint i = 0; i < n; i++)
		len += (size_t)sprintf(src + len, ", write_only pipe int p%u", i);
	len += (size_t)sprintf(src + len, ")\n{ int g = get_global_id(0); switch (g %% %u) {\n", n);
	for (cl_uint i = 0; i < n; i++)
		len += (size_t)sprintf(src + len, "case %u: write_pipe(p%u, &v[g]); break;\n", i, i);
	len += (size_t)sprintf(src + len, "} }\nkernel void r(global int *o");
	for (cl_uint i = 0; i < n; i++)
		len += (size_t)sprintf(src + len, ", read_only pipe int p%u", i);
	len += (size_t)sprintf(src + len, ")\n{ int g = get_global_id(0); int v = -1; switch (g %% %u) {\n", n);
	for (cl_uint i = 0; i < n; i++)
		len += (size_t)sprintf(src + len, "case %u: if (read_pipe(p%u, &v)) v = -1; break;\n", i, i);
	len += (size_t)sprintf(src + len, "} o[g] = v; }\n");
	cl_program prog = check_build(context, device, src, "-cl-std=CL3.0");
	free(src);
	cl_int err;
	cl_kernel kw = clCreateKernel(prog, "w", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel kr = clCreateKernel(prog, "r", &err);
	REQUIRE(err == CL_SUCCESS);
	enum { PER = 64 };
	size_t total = (size_t)n * PER;
	cl_int *in = malloc(total * sizeof(cl_int)), *out = malloc(total * sizeof(cl_int));
	REQUIRE(in && out);
	for (size_t i = 0; i < total; i++)
		in[i] = (cl_int)(i * 7 + 3);
	cl_mem vin = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, total * sizeof(cl_int), in, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem vout = clCreateBuffer(context, CL_MEM_READ_WRITE, total * sizeof(cl_int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem *pipes = calloc(n, sizeof(cl_mem));
	REQUIRE(pipes);
	CHECK_OK(clSetKernelArg(kw, 0, sizeof(vin), &vin));
	CHECK_OK(clSetKernelArg(kr, 0, sizeof(vout), &vout));
	for (cl_uint i = 0; i < n; i++) {
		pipes[i] = make_pipe(0, sizeof(cl_int), PER);
		CHECK_OK(clSetKernelArg(kw, i + 1, sizeof(cl_mem), &pipes[i]));
		CHECK_OK(clSetKernelArg(kr, i + 1, sizeof(cl_mem), &pipes[i]));
	}
	CHECK_OK(clEnqueueNDRangeKernel(queue, kw, 1, NULL, &total, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueNDRangeKernel(queue, kr, 1, NULL, &total, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, vout, CL_TRUE, 0, total * sizeof(cl_int), out, 0,
				     NULL, NULL));
	/* Work-item g read pipe g % n, which holds the values of that
	 * residue class: each of them read exactly once. */
	unsigned char *seen = calloc(total, 1);
	REQUIRE(seen);
	int ok = 1;
	for (size_t g = 0; g < total; g++) {
		cl_int v = out[g];
		size_t src = v >= 3 && (v - 3) % 7 == 0 ? (size_t)(v - 3) / 7 : total;
		if (src >= total || src % n != g % n || seen[src]++) {
			fprintf(stderr, "work-item %zu read %d\n", g, v);
			ok = 0;
			break;
		}
	}
	CHECK(ok);
	free(seen);
	for (cl_uint i = 0; i < n; i++)
		clReleaseMemObject(pipes[i]);
	free(pipes);
	free(in);
	free(out);
	clReleaseMemObject(vin);
	clReleaseMemObject(vout);
	clReleaseKernel(kw);
	clReleaseKernel(kr);
	clReleaseProgram(prog);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);
	test_device_queries();
	test_create();
	test_pipe_info();
	test_mem_object_info();
	test_not_a_buffer();
	test_kernel_args();
	test_max_pipe_args();
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
