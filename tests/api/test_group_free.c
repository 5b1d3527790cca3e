/* Kernels that cannot tell how their work-items are grouped run in groups
 * Kiln chooses (lib/compiler/group_free.cpp, lib/core/ndrange.c): what they
 * compute must not change.  A group-free kernel that reads its global id,
 * size and offset, the work dimension and the global linear id runs in
 * groups of 1, 2 and 3 (which Kiln widens) and of 64, 1D and 2D, with and
 * without a global offset and with sizes no group divides; each result is
 * checked against the same function computed here.  A kernel that reads its
 * local id, group id and local size runs in groups of one and must see
 * exactly that. */
#include "../common/check.h"

#include <stdint.h>

static const char *src =
	"kernel void spread(global uint *out, global const uint *in)\n"
	"{\n"
	"  size_t x = get_global_id(0), y = get_global_id(1);\n"
	"  size_t lin = get_global_linear_id();\n"
	"  uint v = in[lin] * 3u + (uint)(x * 7 + y * 131) + (uint)get_global_size(0) * 5u\n"
	"         + (uint)get_global_offset(0) * 11u + get_work_dim() * 1000u;\n"
	"  for (uint k = 0; k < (in[lin] & 7u); k++)\n"
	"    v = v * 2654435761u + k;\n"
	"  out[lin] = v;\n"
	"}\n"
	"kernel void ids(global uint *out)\n"
	"{\n"
	"  size_t i = get_global_id(0) - get_global_offset(0);\n"
	"  out[i] = (uint)get_local_id(0) + 100u * (uint)get_local_size(0)\n"
	"         + 10000u * (uint)get_group_id(0);\n"
	"}\n";

static cl_context context;
static cl_command_queue queue;
static cl_program program;

static uint32_t input(size_t i) { return (uint32_t)(i * 40503u) ^ 0x5bd1e995u; }

static uint32_t spread_ref(size_t x, size_t y, size_t gsx, size_t offx, size_t offy,
			   cl_uint dim)
{
	size_t lin = (x - offx) + gsx * (y - offy);
	uint32_t in = input(lin);
	uint32_t v = in * 3u + (uint32_t)(x * 7 + y * 131) + (uint32_t)gsx * 5u +
		     (uint32_t)offx * 11u + dim * 1000u;
	for (uint32_t k = 0; k < (in & 7u); k++)
		v = v * 2654435761u + k;
	return v;
}

/* spread over gs[0] x gs[1] (dim 1: gs[1] == 1) from offset off, groups of
 * ls (NULL: Kiln's choice) */
static void run_spread(cl_uint dim, const size_t gs[2], const size_t off[2], const size_t *ls)
{
	cl_int err;
	size_t n = gs[0] * gs[1];
	uint32_t *in = malloc(n * 4), *out = malloc(n * 4);
	REQUIRE(in && out);
	for (size_t i = 0; i < n; i++)
		in[i] = input(i);
	cl_kernel k = clCreateKernel(program, "spread", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem bi = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * 4, in, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem bo = clCreateBuffer(context, CL_MEM_WRITE_ONLY, n * 4, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(bo), &bo));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bi), &bi));
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, dim, off, gs, ls, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, bo, CL_TRUE, 0, n * 4, out, 0, NULL, NULL));
	size_t bad = 0;
	for (size_t y = 0; y < gs[1]; y++)
		for (size_t x = 0; x < gs[0]; x++) {
			uint32_t want = spread_ref(x + off[0], y + off[1], gs[0], off[0], off[1], dim);
			uint32_t got = out[y * gs[0] + x];
			if (got != want && bad++ < 3)
				fprintf(stderr, "spread dim %u %zux%zu local %zu: (%zu, %zu) is %08x, want %08x\n",
					dim, gs[0], gs[1], ls ? ls[0] : 0, x, y, got, want);
		}
	CHECK(bad == 0);
	clReleaseMemObject(bi);
	clReleaseMemObject(bo);
	clReleaseKernel(k);
	free(in);
	free(out);
}

/* A kernel that reads its local id, local size and group id sees groups
 * of one when it asked for them. */
static void run_ids(void)
{
	enum { N = 100 };
	cl_int err;
	uint32_t out[N];
	cl_kernel k = clCreateKernel(program, "ids", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem bo = clCreateBuffer(context, CL_MEM_WRITE_ONLY, sizeof(out), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(bo), &bo));
	size_t gs = N, ls = 1, off = 5;
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, &off, &gs, &ls, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, bo, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	size_t bad = 0;
	for (uint32_t i = 0; i < N; i++) {
		/* local id 0, local size 1, group id i (the global offset
		 * does not count, OpenCL C 3.0 §6.15.1) */
		uint32_t want = 100u + 10000u * i;
		if (out[i] != want && bad++ < 3)
			fprintf(stderr, "ids: work-item %u saw %u, want %u\n", i, out[i], want);
	}
	CHECK(bad == 0);
	clReleaseMemObject(bo);
	clReleaseKernel(k);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id device;
	check_setup(&platform, &device, &context, &queue);
	program = check_build(context, device, src, "-cl-std=CL3.0");
	REQUIRE(program);

	static const size_t locals[] = { 1, 2, 3, 64, 0 };
	for (size_t i = 0; i < sizeof(locals) / sizeof(locals[0]); i++) {
		const size_t *ls = locals[i] ? &locals[i] : NULL;
		size_t gs1[2] = { 4032, 1 }, none[2] = { 0, 0 }, off[2] = { 17, 0 };
		run_spread(1, gs1, none, ls);
		run_spread(1, gs1, off, ls);
		/* 2D, groups of ls x 1; sizes no group of 64 divides in y */
		if (locals[i] != 64) {
			size_t gs2[2] = { 192, 45 }, off2[2] = { 3, 9 };
			size_t ls2[2] = { locals[i], 1 };
			run_spread(2, gs2, none, locals[i] ? ls2 : NULL);
			run_spread(2, gs2, off2, locals[i] ? ls2 : NULL);
		}
	}
	/* a prime global size: only groups of one or of all divide it */
	size_t prime[2] = { 4093, 1 }, none[2] = { 0, 0 }, one = 1;
	run_spread(1, prime, none, &one);
	run_ids();

	clReleaseProgram(program);
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
