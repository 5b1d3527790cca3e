/* Kernel objects (OpenCL 3.0 §5.9): creation and its errors, clSetKernelArg
 * with every kind of argument (scalars, vectors and structs by value,
 * __global, __constant and NULL buffers, __local sizes) and the spec's
 * error codes, the kernel, argument and work-group queries, and
 * clCloneKernel copying argument values. */
#include "check.h"

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

static const char *src =
	"typedef struct { int a; float b; char c; long d; } S;\n"
	"__kernel void by_value(__global int *oi, __global float *of, S s,\n"
	"                       float4 v, int3 w, uchar u)\n"
	"{\n"
	"	oi[0] = s.a; oi[1] = s.c; oi[2] = (int)(s.d >> 32); oi[3] = (int)s.d;\n"
	"	of[0] = s.b; of[1] = v.x; of[2] = v.y; of[3] = v.z; of[4] = v.w;\n"
	"	oi[4] = w.x; oi[5] = w.y; oi[6] = w.z; oi[7] = u;\n"
	"}\n"
	"__kernel void cst(__constant int *c, __global int *o)\n"
	"{ size_t i = get_global_id(0); o[i] = c[i] * 2 + 1; }\n"
	"__kernel void maybe(__global const int *p, __global int *o)\n"
	"{ o[0] = p ? p[0] : -1; }\n"
	"__kernel void rotate_local(__global int *o, __local int *tmp)\n"
	"{\n"
	"	size_t l = get_local_id(0), n = get_local_size(0);\n"
	"	tmp[l] = (int)get_global_id(0);\n"
	"	barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	o[get_global_id(0)] = tmp[(l + 1) % n];\n"
	"}\n"
	"__kernel __attribute__((reqd_work_group_size(4, 2, 1)))\n"
	"void fixed(__global int *o, const int k)\n"
	"{ o[get_global_id(1) * get_global_size(0) + get_global_id(0)] = k; }\n";

typedef struct {
	cl_int a;
	cl_float b;
	cl_char c;
	cl_long d;
} S;

static cl_program build(const char *options)
{
	return check_build(context, device, src, options);
}

static cl_mem buffer(size_t size, void *init)
{
	cl_int err;
	cl_mem m = clCreateBuffer(context, init ? CL_MEM_COPY_HOST_PTR : CL_MEM_READ_WRITE,
				  size, init, &err);
	REQUIRE(err == CL_SUCCESS);
	return m;
}

static void run1(cl_kernel k, size_t global, size_t local)
{
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, local ? &local : NULL,
					0, NULL, NULL));
	CHECK_OK(clFinish(queue));
}

static void test_values(cl_program p)
{
	cl_int err;
	cl_kernel k = clCreateKernel(p, "by_value", &err);
	CHECK_OK(err);
	cl_mem oi = buffer(8 * sizeof(int), NULL), of = buffer(5 * sizeof(float), NULL);
	S s = { -17, 2.5f, 'x', ((cl_long)0x12345678 << 32) | 0x0abcdef0 };
	cl_float4 v = { { 1.0f, -2.0f, 3.5f, 1e10f } };
	cl_int3 w = { { 7, 8, 9 } };
	cl_uchar u = 250;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(oi), &oi));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(of), &of));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(s), &s));
	CHECK_OK(clSetKernelArg(k, 3, sizeof(v), &v));
	CHECK_OK(clSetKernelArg(k, 4, sizeof(w), &w)); /* a 3-vector is 16 bytes */
	CHECK_OK(clSetKernelArg(k, 5, sizeof(u), &u));
	/* Wrong sizes and missing values. */
	CHECK_ERR(clSetKernelArg(k, 2, sizeof(s) - 8, &s), CL_INVALID_ARG_SIZE);
	CHECK_ERR(clSetKernelArg(k, 3, sizeof(cl_float2), &v), CL_INVALID_ARG_SIZE);
	CHECK_ERR(clSetKernelArg(k, 5, sizeof(int), &u), CL_INVALID_ARG_SIZE);
	CHECK_ERR(clSetKernelArg(k, 5, sizeof(u), NULL), CL_INVALID_ARG_VALUE);
	CHECK_ERR(clSetKernelArg(k, 6, sizeof(u), &u), CL_INVALID_ARG_INDEX);
	CHECK_ERR(clSetKernelArg(NULL, 0, sizeof(oi), &oi), CL_INVALID_KERNEL);
	/* A buffer argument takes a cl_mem of this context or NULL. */
	CHECK_ERR(clSetKernelArg(k, 0, sizeof(oi) - 1, &oi), CL_INVALID_ARG_SIZE);
	cl_mem not_mem = (cl_mem)queue;
	CHECK_ERR(clSetKernelArg(k, 0, sizeof(not_mem), &not_mem), CL_INVALID_MEM_OBJECT);
	run1(k, 1, 1);
	int ri[8];
	float rf[5];
	CHECK_OK(clEnqueueReadBuffer(queue, oi, CL_TRUE, 0, sizeof(ri), ri, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, of, CL_TRUE, 0, sizeof(rf), rf, 0, NULL, NULL));
	CHECK(ri[0] == -17 && ri[1] == 'x');
	CHECK(ri[2] == 0x12345678 && ri[3] == 0x0abcdef0);
	CHECK(rf[0] == 2.5f && rf[1] == 1.0f && rf[2] == -2.0f && rf[3] == 3.5f && rf[4] == 1e10f);
	CHECK(ri[4] == 7 && ri[5] == 8 && ri[6] == 9 && ri[7] == 250);

	/* A clone has the same values; changing the original later does not
	 * change the clone (§5.9.1 clCloneKernel). */
	cl_kernel c = clCloneKernel(k, &err);
	CHECK_OK(err);
	S s2 = { 99, 0.5f, 'q', 5 };
	CHECK_OK(clSetKernelArg(k, 2, sizeof(s2), &s2));
	run1(c, 1, 1);
	CHECK_OK(clEnqueueReadBuffer(queue, oi, CL_TRUE, 0, sizeof(ri), ri, 0, NULL, NULL));
	CHECK(ri[0] == -17 && ri[1] == 'x');
	run1(k, 1, 1);
	CHECK_OK(clEnqueueReadBuffer(queue, oi, CL_TRUE, 0, sizeof(ri), ri, 0, NULL, NULL));
	CHECK(ri[0] == 99 && ri[1] == 'q' && ri[3] == 5);
	CHECK(clCloneKernel(NULL, &err) == NULL);
	CHECK(err == CL_INVALID_KERNEL);
	clReleaseKernel(c);
	clReleaseKernel(k);
	clReleaseMemObject(oi);
	clReleaseMemObject(of);
}

static void test_buffers_and_local(cl_program p)
{
	enum { N = 64 };
	cl_int err;
	int host[N], out[N];
	for (int i = 0; i < N; i++)
		host[i] = i * 5 - 100;
	cl_mem c = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
				  sizeof(host), host, &err);
	cl_mem o = buffer(sizeof(out), NULL);
	cl_kernel k = clCreateKernel(p, "cst", &err);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(c), &c));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(o), &o));
	run1(k, N, 0);
	CHECK_OK(clEnqueueReadBuffer(queue, o, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += out[i] != host[i] * 2 + 1;
	CHECK(bad == 0);
	clReleaseKernel(k);

	/* NULL buffers: as a NULL value pointer or a pointer to NULL. */
	k = clCreateKernel(p, "maybe", &err);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), NULL));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(o), &o));
	run1(k, 1, 1);
	CHECK_OK(clEnqueueReadBuffer(queue, o, CL_TRUE, 0, sizeof(int), out, 0, NULL, NULL));
	CHECK(out[0] == -1);
	cl_mem none = NULL;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(none), &none));
	CHECK_OK(clSetKernelArg(k, 0, sizeof(c), &c));
	run1(k, 1, 1);
	CHECK_OK(clEnqueueReadBuffer(queue, o, CL_TRUE, 0, sizeof(int), out, 0, NULL, NULL));
	CHECK(out[0] == host[0]);
	clReleaseKernel(k);

	/* __local: a size and no value. */
	k = clCreateKernel(p, "rotate_local", &err);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(o), &o));
	CHECK_ERR(clSetKernelArg(k, 1, 16 * sizeof(int), host), CL_INVALID_ARG_VALUE);
	CHECK_ERR(clSetKernelArg(k, 1, 0, NULL), CL_INVALID_ARG_SIZE);
	/* Not set yet: the enqueue is refused. */
	size_t global = N, local = 16;
	CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, NULL),
		  CL_INVALID_KERNEL_ARGS);
	CHECK_OK(clSetKernelArg(k, 1, 16 * sizeof(int), NULL));
	cl_ulong lmem = 0;
	CHECK_OK(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof(lmem), &lmem, NULL));
	CHECK(lmem >= 16 * sizeof(int));
	run1(k, N, 16);
	CHECK_OK(clEnqueueReadBuffer(queue, o, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	bad = 0;
	for (int i = 0; i < N; i++)
		bad += out[i] != (i / 16) * 16 + (i % 16 + 1) % 16;
	CHECK(bad == 0);
	clReleaseKernel(k);
	clReleaseMemObject(c);
	clReleaseMemObject(o);
}

static void test_queries(cl_program p, cl_program with_info)
{
	cl_int err;
	cl_kernel k = clCreateKernel(p, "fixed", &err);
	CHECK_OK(err);
	char name[32] = "";
	CHECK_OK(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof(name), name, NULL));
	CHECK(strcmp(name, "fixed") == 0);
	cl_uint n = 0;
	CHECK_OK(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof(n), &n, NULL));
	CHECK(n == 2);
	CHECK_OK(clGetKernelInfo(k, CL_KERNEL_REFERENCE_COUNT, sizeof(n), &n, NULL));
	CHECK(n == 1);
	cl_context c = NULL;
	CHECK_OK(clGetKernelInfo(k, CL_KERNEL_CONTEXT, sizeof(c), &c, NULL));
	CHECK(c == context);
	cl_program kp = NULL;
	CHECK_OK(clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof(kp), &kp, NULL));
	CHECK(kp == p);
	char attrs[128] = "";
	CHECK_OK(clGetKernelInfo(k, CL_KERNEL_ATTRIBUTES, sizeof(attrs), attrs, NULL));
	CHECK(strstr(attrs, "reqd_work_group_size(4,2,1)") != NULL);
	CHECK_ERR(clGetKernelInfo(k, 0x7777, sizeof(n), &n, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, 1, &n, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetKernelInfo(NULL, CL_KERNEL_NUM_ARGS, sizeof(n), &n, NULL), CL_INVALID_KERNEL);

	/* Work-group queries (§5.9.4). */
	size_t wg = 0, multiple = 0, compile[3] = { 9, 9, 9 };
	CHECK_OK(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof(wg), &wg, NULL));
	size_t dev_max = 0;
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(dev_max), &dev_max, NULL));
	CHECK(wg >= 1 && wg <= dev_max);
	CHECK_OK(clGetKernelWorkGroupInfo(k, NULL, CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
					  sizeof(compile), compile, NULL));
	CHECK(compile[0] == 4 && compile[1] == 2 && compile[2] == 1);
	CHECK_OK(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
					  sizeof(multiple), &multiple, NULL));
	CHECK(multiple >= 1 && (multiple & (multiple - 1)) == 0);
	cl_ulong priv = 1;
	CHECK_OK(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof(priv), &priv, NULL));
	size_t gws[3];
	CHECK_ERR(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_GLOBAL_WORK_SIZE, sizeof(gws), gws, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clGetKernelWorkGroupInfo(k, (cl_device_id)context, CL_KERNEL_WORK_GROUP_SIZE,
					   sizeof(wg), &wg, NULL), CL_INVALID_DEVICE);
	CHECK_ERR(clGetKernelWorkGroupInfo(k, device, 0x7777, sizeof(wg), &wg, NULL), CL_INVALID_VALUE);

	/* Without -cl-kernel-arg-info there is no argument information. */
	cl_kernel_arg_address_qualifier aq;
	CHECK_ERR(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof(name), name, NULL),
		  CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
	CHECK_ERR(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof(aq), &aq, NULL),
		  CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
	CHECK_ERR(clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_NAME, sizeof(name), name, NULL),
		  CL_INVALID_ARG_INDEX);
	clReleaseKernel(k);

	k = clCreateKernel(with_info, "cst", &err);
	CHECK_OK(err);
	CHECK_OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof(name), name, NULL));
	CHECK(strcmp(name, "c") == 0);
	CHECK_OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof(aq), &aq, NULL));
	CHECK(aq == CL_KERNEL_ARG_ADDRESS_CONSTANT);
	CHECK_OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof(aq), &aq, NULL));
	CHECK(aq == CL_KERNEL_ARG_ADDRESS_GLOBAL);
	CHECK_OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_NAME, sizeof(name), name, NULL));
	CHECK(strcmp(name, "int*") == 0);
	cl_kernel_arg_access_qualifier acc;
	CHECK_OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof(acc), &acc, NULL));
	CHECK(acc == CL_KERNEL_ARG_ACCESS_NONE);
	cl_kernel_arg_type_qualifier tq = 99;
	CHECK_OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof(tq), &tq, NULL));
	CHECK(tq == CL_KERNEL_ARG_TYPE_NONE);
	CHECK_ERR(clGetKernelArgInfo(k, 0, 0x7777, sizeof(name), name, NULL), CL_INVALID_VALUE);
	/* §5.9.4: a __constant pointer counts as const, as does a pointer to
	 * const. */
	CHECK_OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof(tq), &tq, NULL));
	CHECK(tq & CL_KERNEL_ARG_TYPE_CONST);
	clReleaseKernel(k);
	k = clCreateKernel(with_info, "maybe", &err);
	CHECK_OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof(tq), &tq, NULL));
	CHECK(tq == CL_KERNEL_ARG_TYPE_CONST);
	CHECK_OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof(tq), &tq, NULL));
	CHECK(tq == CL_KERNEL_ARG_TYPE_NONE);
	clReleaseKernel(k);
	k = clCreateKernel(with_info, "rotate_local", &err);
	CHECK_OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof(aq), &aq, NULL));
	CHECK(aq == CL_KERNEL_ARG_ADDRESS_LOCAL);
	clReleaseKernel(k);
}

static void test_create(cl_program p)
{
	cl_int err;
	CHECK(clCreateKernel(p, "no_such_kernel", &err) == NULL);
	CHECK(err == CL_INVALID_KERNEL_NAME);
	CHECK(clCreateKernel(p, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	CHECK(clCreateKernel(NULL, "cst", &err) == NULL);
	CHECK(err == CL_INVALID_PROGRAM);

	cl_uint n = 0;
	CHECK_OK(clCreateKernelsInProgram(p, 0, NULL, &n));
	CHECK(n == 5);
	cl_kernel ks[5];
	CHECK_ERR(clCreateKernelsInProgram(p, 2, ks, NULL), CL_INVALID_VALUE);
	CHECK_OK(clCreateKernelsInProgram(p, 5, ks, &n));
	int seen = 0;
	for (cl_uint i = 0; i < 5; i++) {
		char name[32] = "";
		clGetKernelInfo(ks[i], CL_KERNEL_FUNCTION_NAME, sizeof(name), name, NULL);
		seen |= (strcmp(name, "by_value") == 0) << 0 | (strcmp(name, "cst") == 0) << 1 |
			(strcmp(name, "maybe") == 0) << 2 | (strcmp(name, "rotate_local") == 0) << 3 |
			(strcmp(name, "fixed") == 0) << 4;
	}
	CHECK(seen == 31);
	CHECK_OK(clRetainKernel(ks[0]));
	cl_uint ref = 0;
	CHECK_OK(clGetKernelInfo(ks[0], CL_KERNEL_REFERENCE_COUNT, sizeof(ref), &ref, NULL));
	CHECK(ref == 2);
	CHECK_OK(clReleaseKernel(ks[0]));
	for (cl_uint i = 0; i < 5; i++)
		CHECK_OK(clReleaseKernel(ks[i]));
	CHECK_ERR(clRetainKernel(NULL), CL_INVALID_KERNEL);
	CHECK_ERR(clReleaseKernel(NULL), CL_INVALID_KERNEL);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);

	cl_program p = build(NULL);
	cl_program with_info = build("-cl-kernel-arg-info");
	test_create(p);
	test_values(p);
	test_buffers_and_local(p);
	test_queries(p, with_info);
	clReleaseProgram(p);
	clReleaseProgram(with_info);

	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
