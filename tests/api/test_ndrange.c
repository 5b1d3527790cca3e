/* NDRange execution (OpenCL 3.0 §5.10): 1, 2 and 3 dimensions with global
 * offsets, explicit and NULL local sizes, non-uniform work-groups for
 * OpenCL C 2.0 programs (and their refusal for 1.2 or with
 * -cl-uniform-work-group-size), every error code of clEnqueueNDRangeKernel,
 * clEnqueueTask, argument snapshots at enqueue time, vector addition over
 * 2^24 work-items and a tree reduction with barriers. */
#include "check.h"

#include <stdint.h>

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

/* Each work-item records its ids; `ok` says whether the ids agree with
 * each other (global = group * enqueued local + local + offset, and the
 * local size is the enqueued one except in a last, smaller group). */
static const char *ids_src =
	"#if __OPENCL_C_VERSION__ >= 200\n"
	"#define ENQ(d) get_enqueued_local_size(d)\n"
	"#else\n"
	"#define ENQ(d) get_local_size(d)\n"
	"#endif\n"
	"__kernel void ids(__global uint *o)\n"
	"{\n"
	"	size_t x = get_global_id(0) - get_global_offset(0);\n"
	"	size_t y = get_global_id(1) - get_global_offset(1);\n"
	"	size_t z = get_global_id(2) - get_global_offset(2);\n"
	"	size_t idx = (z * get_global_size(1) + y) * get_global_size(0) + x;\n"
	"	uint ok = get_work_dim() > 0;\n"
	"	for (uint d = 0; d < 3; d++) {\n"
	"		size_t g = get_group_id(d), e = ENQ(d), l = get_local_size(d);\n"
	"		size_t rem = get_global_size(d) - g * e;\n"
	"		ok &= get_global_id(d) == g * e + get_local_id(d) + get_global_offset(d);\n"
	"		ok &= get_local_id(d) < l;\n"
	"		ok &= l == (rem < e ? rem : e);\n"
	"		ok &= get_num_groups(d) == (get_global_size(d) + e - 1) / e;\n"
	"	}\n"
	"	o[idx * 4 + 0] = (uint)get_global_id(0);\n"
	"	o[idx * 4 + 1] = (uint)get_global_id(1);\n"
	"	o[idx * 4 + 2] = (uint)get_global_id(2);\n"
	"	o[idx * 4 + 3] = ok;\n"
	"}\n"
	"__kernel void vadd(__global const int *a, __global const int *b, __global int *c)\n"
	"{ size_t i = get_global_id(0); c[i] = a[i] + b[i]; }\n"
	"__kernel void fill(__global int *o, int v) { o[get_global_id(0)] = v; }\n"
	"__kernel void reduce(__global const int *in, __global int *partial, __local int *tmp)\n"
	"{\n"
	"	size_t l = get_local_id(0), n = get_local_size(0);\n"
	"	tmp[l] = in[get_global_id(0)];\n"
	"	barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	for (size_t s = n / 2; s > 0; s /= 2) {\n"
	"		if (l < s)\n"
	"			tmp[l] += tmp[l + s];\n"
	"		barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	}\n"
	"	if (l == 0)\n"
	"		partial[get_group_id(0)] = tmp[0];\n"
	"}\n"
	"__kernel __attribute__((reqd_work_group_size(8, 1, 1))) void fixed8(__global int *o)\n"
	"{ o[get_global_id(0)] = (int)get_local_size(0); }\n"
	"__kernel void task(__global int *o)\n"
	"{ o[0] = (int)(get_global_size(0) * 1000 + get_local_size(0) * 100 + get_work_dim()); }\n";

static cl_program build(const char *options)
{
	return check_build(context, device, ids_src, options);
}

static cl_kernel kernel(cl_program p, const char *name)
{
	cl_int err;
	cl_kernel k = clCreateKernel(p, name, &err);
	REQUIRE(err == CL_SUCCESS);
	return k;
}

/* Runs `ids` and checks every work-item's record against the host. */
static void check_ids(cl_program p, cl_uint dim, const size_t *offset,
		      const size_t *global, const size_t *local)
{
	size_t g[3] = { 1, 1, 1 }, off[3] = { 0, 0, 0 };
	for (cl_uint d = 0; d < dim; d++) {
		g[d] = global[d];
		off[d] = offset ? offset[d] : 0;
	}
	size_t n = g[0] * g[1] * g[2];
	cl_int err;
	cl_mem o = clCreateBuffer(context, CL_MEM_READ_WRITE, n * 4 * sizeof(cl_uint), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_uint pattern = 0xdeadbeef;
	CHECK_OK(clEnqueueFillBuffer(queue, o, &pattern, sizeof(pattern), 0,
				     n * 4 * sizeof(cl_uint), 0, NULL, NULL));
	cl_kernel k = kernel(p, "ids");
	CHECK_OK(clSetKernelArg(k, 0, sizeof(o), &o));
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, dim, offset, global, local, 0, NULL, NULL));
	cl_uint *r = malloc(n * 4 * sizeof(cl_uint));
	CHECK_OK(clEnqueueReadBuffer(queue, o, CL_TRUE, 0, n * 4 * sizeof(cl_uint), r, 0, NULL, NULL));
	size_t bad = 0;
	for (size_t z = 0; z < g[2]; z++)
		for (size_t y = 0; y < g[1]; y++)
			for (size_t x = 0; x < g[0]; x++) {
				const cl_uint *e = &r[((z * g[1] + y) * g[0] + x) * 4];
				bad += e[0] != x + off[0] || e[1] != y + off[1] ||
				       e[2] != z + off[2] || e[3] != 1;
			}
	CHECK(bad == 0);
	if (bad)
		fprintf(stderr, "  dim %u global %zu,%zu,%zu: %zu bad work-items\n", dim,
			g[0], g[1], g[2], bad);
	free(r);
	clReleaseKernel(k);
	clReleaseMemObject(o);
}

static void test_shapes(cl_program p12, cl_program p20)
{
	size_t g1[1] = { 1000 }, l1[1] = { 8 }, o1[1] = { 12345 };
	check_ids(p12, 1, NULL, g1, l1);
	check_ids(p12, 1, o1, g1, NULL);
	size_t prime[1] = { 1009 };
	check_ids(p12, 1, NULL, prime, NULL);
	size_t g2[2] = { 48, 30 }, l2[2] = { 16, 3 }, o2[2] = { 7, 1000000 };
	check_ids(p12, 2, o2, g2, l2);
	check_ids(p12, 2, NULL, g2, NULL);
	size_t g3[3] = { 17, 9, 5 }, l3[3] = { 1, 3, 5 }, o3[3] = { 3, 2, 1 };
	check_ids(p12, 3, o3, g3, l3);
	check_ids(p12, 3, o3, g3, NULL);
	size_t big3[3] = { 64, 32, 16 }, bl3[3] = { 16, 4, 2 };
	check_ids(p12, 3, NULL, big3, bl3);
	check_ids(p12, 3, NULL, big3, NULL);

	/* Non-uniform groups: allowed for OpenCL C 2.0. */
	size_t gn1[1] = { 1000 }, ln1[1] = { 64 };
	check_ids(p20, 1, NULL, gn1, ln1);
	size_t gn2[2] = { 100, 7 }, ln2[2] = { 16, 4 }, on2[2] = { 5, 9 };
	check_ids(p20, 2, on2, gn2, ln2);
	size_t gn3[3] = { 10, 11, 12 }, ln3[3] = { 4, 4, 5 };
	check_ids(p20, 3, NULL, gn3, ln3);
	check_ids(p20, 1, NULL, prime, NULL);
	size_t gp2[2] = { 1009, 13 };
	check_ids(p20, 2, NULL, gp2, NULL);
}

static void test_errors(cl_program p12, cl_program p_uniform)
{
	cl_int err;
	cl_mem o = clCreateBuffer(context, CL_MEM_READ_WRITE, 4096 * sizeof(int), NULL, &err);
	cl_kernel k = kernel(p12, "fill");
	size_t g = 64, l = 8;
	int v = 1;
	/* Arguments not set. */
	CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, &l, 0, NULL, NULL),
		  CL_INVALID_KERNEL_ARGS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(o), &o));
	CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, &l, 0, NULL, NULL),
		  CL_INVALID_KERNEL_ARGS);
	CHECK_OK(clSetKernelArg(k, 1, sizeof(v), &v));

	CHECK_ERR(clEnqueueNDRangeKernel(NULL, k, 1, NULL, &g, &l, 0, NULL, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clEnqueueNDRangeKernel(queue, NULL, 1, NULL, &g, &l, 0, NULL, NULL),
		  CL_INVALID_KERNEL);
	CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 0, NULL, &g, &l, 0, NULL, NULL),
		  CL_INVALID_WORK_DIMENSION);
	CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 4, NULL, &g, &l, 0, NULL, NULL),
		  CL_INVALID_WORK_DIMENSION);
	/* OpenCL 2.1+: a NULL global size is an empty NDRange (test_ndrange_empty) */
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, NULL, &l, 0, NULL, NULL));
	size_t off = SIZE_MAX - 10;
	CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 1, &off, &g, &l, 0, NULL, NULL),
		  CL_INVALID_GLOBAL_OFFSET);
	/* 1.2 program: the local size must divide the global size. */
	size_t l_bad = 7;
	CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, &l_bad, 0, NULL, NULL),
		  CL_INVALID_WORK_GROUP_SIZE);
	size_t zero = 0;
	CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, &zero, 0, NULL, NULL),
		  CL_INVALID_WORK_GROUP_SIZE);
	size_t max_items[3], max_wg;
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(max_items), max_items, NULL));
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(max_wg), &max_wg, NULL));
	size_t too_wide = max_items[0] * 2, g_wide = too_wide * 2;
	CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g_wide, &too_wide, 0, NULL, NULL),
		  CL_INVALID_WORK_ITEM_SIZE);
	/* A group within each dimension's limit but too big in all. */
	size_t l3[3] = { max_items[0], max_items[1] >= 2 ? 2 : 1, max_items[2] >= 2 ? 2 : 1 };
	size_t g3[3] = { l3[0], l3[1], l3[2] };
	if (l3[0] * l3[1] * l3[2] > max_wg)
		CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 3, NULL, g3, l3, 0, NULL, NULL),
			  CL_INVALID_WORK_GROUP_SIZE);
	cl_event bogus = (cl_event)o;
	CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, &l, 1, NULL, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, &l, 0, &bogus, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	/* A kernel of another context. */
	cl_context other = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
	cl_command_queue oq = clCreateCommandQueue(other, device, 0, &err);
	CHECK_ERR(clEnqueueNDRangeKernel(oq, k, 1, NULL, &g, &l, 0, NULL, NULL),
		  CL_INVALID_CONTEXT);
	clReleaseCommandQueue(oq);
	clReleaseContext(other);
	/* A global size of zero is an empty NDRange since OpenCL 2.1. */
	cl_event ev;
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &zero, NULL, 0, NULL, &ev));
	CHECK_OK(clWaitForEvents(1, &ev));
	clReleaseEvent(ev);
	clReleaseKernel(k);

	/* reqd_work_group_size(8,1,1): exactly that local size. */
	k = kernel(p12, "fixed8");
	CHECK_OK(clSetKernelArg(k, 0, sizeof(o), &o));
	size_t l4 = 4, l8 = 8;
	CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, &l4, 0, NULL, NULL),
		  CL_INVALID_WORK_GROUP_SIZE);
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, &l8, 0, NULL, NULL));
	int r[64];
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, o, CL_TRUE, 0, sizeof(r), r, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < 64; i++)
		bad += r[i] != 8;
	CHECK(bad == 0);
	clReleaseKernel(k);

	/* -cl-uniform-work-group-size refuses non-uniform groups in 2.0. */
	k = kernel(p_uniform, "fill");
	CHECK_OK(clSetKernelArg(k, 0, sizeof(o), &o));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(v), &v));
	CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, &l_bad, 0, NULL, NULL),
		  CL_INVALID_WORK_GROUP_SIZE);
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, &l, 0, NULL, NULL));
	clReleaseKernel(k);

	/* More __local memory than the device has. */
	k = kernel(p12, "reduce");
	cl_ulong local_mem = 0;
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(local_mem), &local_mem, NULL));
	CHECK_OK(clSetKernelArg(k, 0, sizeof(o), &o));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(o), &o));
	CHECK_OK(clSetKernelArg(k, 2, (size_t)local_mem + 1, NULL));
	CHECK_ERR(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, &l, 0, NULL, NULL),
		  CL_OUT_OF_RESOURCES);
	clReleaseKernel(k);
	CHECK_OK(clFinish(queue));
	clReleaseMemObject(o);
}

static void test_task_and_snapshot(cl_program p)
{
	cl_int err;
	cl_mem a = clCreateBuffer(context, CL_MEM_READ_WRITE, 256 * sizeof(int), NULL, &err);
	cl_mem b = clCreateBuffer(context, CL_MEM_READ_WRITE, 256 * sizeof(int), NULL, &err);
	cl_kernel k = kernel(p, "task");
	CHECK_OK(clSetKernelArg(k, 0, sizeof(a), &a));
	CHECK_OK(clEnqueueTask(queue, k, 0, NULL, NULL));
	int r = 0;
	CHECK_OK(clEnqueueReadBuffer(queue, a, CL_TRUE, 0, sizeof(r), &r, 0, NULL, NULL));
	CHECK(r == 1000 + 100 + 1);
	CHECK_ERR(clEnqueueTask(NULL, k, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	clReleaseKernel(k);

	/* Arguments are captured at enqueue: the queued command keeps the
	 * values it was enqueued with. */
	k = kernel(p, "fill");
	cl_event gate = clCreateUserEvent(context, &err);
	CHECK_OK(err);
	int v1 = 111, v2 = 222;
	size_t g = 256;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(a), &a));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(v1), &v1));
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, NULL, 1, &gate, NULL));
	CHECK_OK(clSetKernelArg(k, 0, sizeof(b), &b));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(v2), &v2));
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, NULL, 0, NULL, NULL));
	/* The application may release the kernel and a buffer while the
	 * commands wait: they hold what they use. */
	clReleaseKernel(k);
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	int ra[256], rb[256];
	CHECK_OK(clEnqueueReadBuffer(queue, a, CL_TRUE, 0, sizeof(ra), ra, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, b, CL_TRUE, 0, sizeof(rb), rb, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < 256; i++)
		bad += ra[i] != v1 || rb[i] != v2;
	CHECK(bad == 0);
	clReleaseEvent(gate);
	clReleaseMemObject(a);
	clReleaseMemObject(b);
}

static void test_vadd_16m(cl_program p)
{
	const size_t n = (size_t)1 << 24;
	cl_int err;
	int *a = malloc(n * sizeof(int)), *b = malloc(n * sizeof(int)), *c = malloc(n * sizeof(int));
	REQUIRE(a && b && c);
	for (size_t i = 0; i < n; i++) {
		a[i] = (int)(i * 2654435761u);
		b[i] = (int)(i ^ 0x5bd1e995u);
	}
	cl_mem ba = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, n * sizeof(int), a, &err);
	cl_mem bb = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, n * sizeof(int), b, &err);
	cl_mem bc = clCreateBuffer(context, CL_MEM_WRITE_ONLY, n * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = kernel(p, "vadd");
	CHECK_OK(clSetKernelArg(k, 0, sizeof(ba), &ba));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bb), &bb));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(bc), &bc));
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, bc, CL_TRUE, 0, n * sizeof(int), c, 0, NULL, NULL));
	size_t bad = 0;
	for (size_t i = 0; i < n; i++)
		bad += c[i] != (int)((unsigned)a[i] + (unsigned)b[i]);
	CHECK(bad == 0);
	clReleaseKernel(k);
	clReleaseMemObject(ba);
	clReleaseMemObject(bb);
	clReleaseMemObject(bc);
	free(a);
	free(b);
	free(c);
}

static void test_reduction(cl_program p)
{
	const size_t n = (size_t)1 << 20;
	cl_int err;
	int *in = malloc(n * sizeof(int));
	for (size_t i = 0; i < n; i++)
		in[i] = (int)((i * 7919) % 1000) - 500;
	cl_mem bin = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, n * sizeof(int), in, &err);
	cl_kernel k = kernel(p, "reduce");
	CHECK_OK(clSetKernelArg(k, 0, sizeof(bin), &bin));
	static const size_t locals[] = { 1, 2, 64, 256, 1024 };
	for (size_t t = 0; t < sizeof(locals) / sizeof(locals[0]); t++) {
		size_t l = locals[t], groups = n / l;
		cl_mem part = clCreateBuffer(context, CL_MEM_READ_WRITE, groups * sizeof(int), NULL, &err);
		CHECK_OK(clSetKernelArg(k, 1, sizeof(part), &part));
		CHECK_OK(clSetKernelArg(k, 2, l * sizeof(int), NULL));
		CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, &l, 0, NULL, NULL));
		int *r = malloc(groups * sizeof(int));
		CHECK_OK(clEnqueueReadBuffer(queue, part, CL_TRUE, 0, groups * sizeof(int), r, 0, NULL, NULL));
		size_t bad = 0;
		for (size_t g = 0; g < groups; g++) {
			int sum = 0;
			for (size_t i = 0; i < l; i++)
				sum += in[g * l + i];
			bad += r[g] != sum;
		}
		CHECK(bad == 0);
		if (bad)
			fprintf(stderr, "  reduction with local size %zu: %zu bad groups\n", l, bad);
		free(r);
		clReleaseMemObject(part);
	}
	clReleaseKernel(k);
	clReleaseMemObject(bin);
	free(in);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);

	cl_program p12 = build(NULL);
	/* OpenCL C 2.0 and later: non-uniform work-groups unless
	 * -cl-uniform-work-group-size (§5.8.6.3) */
	cl_program p20 = build("-cl-std=CL3.0");
	cl_program p_uniform = build("-cl-std=CL3.0 -cl-uniform-work-group-size");
	test_shapes(p12, p20);
	test_errors(p12, p_uniform);
	test_task_and_snapshot(p12);
	test_vadd_16m(p12);
	test_reduction(p12);
	clReleaseProgram(p12);
	clReleaseProgram(p20);
	clReleaseProgram(p_uniform);

	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
