/* SPIR-V that translator 15 cannot read as it is, which Kiln rewrites
 * first (lib/compiler/spirv_prepass.cpp): OpReadClockKHR
 * (SPV_KHR_shader_clock, cl_khr_kernel_clock) as a 64-bit count and as a
 * 2 x 32-bit vector, and OpConstantNull of scalar uint, ulong, float and
 * bool.  The kernel's three clock readings never go back (the vector one
 * bitcast to its 64-bit value), and every null is 0 or false.
 *
 * The same module with its three clock readings replaced by other
 * instructions of the same length (OpUConvert of the constant 1 and
 * OpBitcast of the 64-bit null) still declares SPV_KHR_shader_clock and
 * ShaderClockKHR: the pre-pass drops both there too (translator 15 ends
 * the process on the extension's name), and the kernel stores 1, 0, 1.
 *
 * The module is the spirv-as (SPIRV-Tools) assembly below, as words:
 *
 *   OpCapability Addresses
 *   OpCapability Kernel
 *   OpCapability Int64
 *   OpCapability ShaderClockKHR
 *   OpExtension "SPV_KHR_shader_clock"
 *   OpMemoryModel Physical64 OpenCL
 *   OpEntryPoint Kernel %k "k"
 *   OpName %k "k"
 *   %void = OpTypeVoid
 *   %bool = OpTypeBool
 *   %uint = OpTypeInt 32 0
 *   %ulong = OpTypeInt 64 0
 *   %float = OpTypeFloat 32
 *   %uint2 = OpTypeVector %uint 2
 *   %scope1 = OpConstant %uint 1
 *   %scope3 = OpConstant %uint 3
 *   %nullu = OpConstantNull %uint
 *   %nullb = OpConstantNull %bool
 *   %nullf = OpConstantNull %float
 *   %nulll = OpConstantNull %ulong
 *   %two = OpConstant %uint 2
 *   %lptr = OpTypePointer CrossWorkgroup %ulong
 *   %uptr = OpTypePointer CrossWorkgroup %uint
 *   %fptr = OpTypePointer CrossWorkgroup %float
 *   %fnty = OpTypeFunction %void %lptr %uptr %fptr
 *   %k = OpFunction %void None %fnty
 *   %o = OpFunctionParameter %lptr
 *   %u = OpFunctionParameter %uptr
 *   %f = OpFunctionParameter %fptr
 *   %entry = OpLabel
 *   %t0 = OpReadClockKHR %ulong %scope1
 *   %t1 = OpReadClockKHR %uint2 %scope3
 *   %t2 = OpReadClockKHR %ulong %scope1
 *   OpStore %o %t0
 *   %o1 = OpInBoundsPtrAccessChain %lptr %o %scope1
 *   %hl = OpBitcast %ulong %t1
 *   OpStore %o1 %hl
 *   %o2 = OpInBoundsPtrAccessChain %lptr %o %two
 *   OpStore %o2 %t2
 *   %sel = OpSelect %uint %nullb %two %nullu
 *   OpStore %u %sel
 *   %u1 = OpInBoundsPtrAccessChain %uptr %u %scope1
 *   %lo = OpUConvert %uint %nulll
 *   OpStore %u1 %lo
 *   OpStore %f %nullf
 *   OpReturn
 *   OpFunctionEnd
 */
#include "check.h"

#include <stdbool.h>
#include <stdint.h>

static const uint32_t module[] = {
	0x07230203, 0x00010200, 0x00070000, 0x00000020, 0x00000000, 0x00020011,
	0x00000004, 0x00020011, 0x00000006, 0x00020011, 0x0000000b, 0x00020011,
	0x000013bf, 0x0007000a, 0x5f565053, 0x5f52484b, 0x64616873, 0x635f7265,
	0x6b636f6c, 0x00000000, 0x0003000e, 0x00000002, 0x00000002, 0x0004000f,
	0x00000006, 0x00000001, 0x0000006b, 0x00030005, 0x00000001, 0x0000006b,
	0x00020013, 0x00000002, 0x00020014, 0x00000003, 0x00040015, 0x00000004,
	0x00000020, 0x00000000, 0x00040015, 0x00000005, 0x00000040, 0x00000000,
	0x00030016, 0x00000006, 0x00000020, 0x00040017, 0x00000007, 0x00000004,
	0x00000002, 0x0004002b, 0x00000004, 0x00000008, 0x00000001, 0x0004002b,
	0x00000004, 0x00000009, 0x00000003, 0x0003002e, 0x00000004, 0x0000000a,
	0x0003002e, 0x00000003, 0x0000000b, 0x0003002e, 0x00000006, 0x0000000c,
	0x0003002e, 0x00000005, 0x0000000d, 0x0004002b, 0x00000004, 0x0000000e,
	0x00000002, 0x00040020, 0x0000000f, 0x00000005, 0x00000005, 0x00040020,
	0x00000010, 0x00000005, 0x00000004, 0x00040020, 0x00000011, 0x00000005,
	0x00000006, 0x00060021, 0x00000012, 0x00000002, 0x0000000f, 0x00000010,
	0x00000011, 0x00050036, 0x00000002, 0x00000001, 0x00000000, 0x00000012,
	0x00030037, 0x0000000f, 0x00000013, 0x00030037, 0x00000010, 0x00000014,
	0x00030037, 0x00000011, 0x00000015, 0x000200f8, 0x00000016, 0x000413c0,
	0x00000005, 0x00000017, 0x00000008, 0x000413c0, 0x00000007, 0x00000018,
	0x00000009, 0x000413c0, 0x00000005, 0x00000019, 0x00000008, 0x0003003e,
	0x00000013, 0x00000017, 0x00050046, 0x0000000f, 0x0000001a, 0x00000013,
	0x00000008, 0x0004007c, 0x00000005, 0x0000001b, 0x00000018, 0x0003003e,
	0x0000001a, 0x0000001b, 0x00050046, 0x0000000f, 0x0000001c, 0x00000013,
	0x0000000e, 0x0003003e, 0x0000001c, 0x00000019, 0x000600a9, 0x00000004,
	0x0000001d, 0x0000000b, 0x0000000e, 0x0000000a, 0x0003003e, 0x00000014,
	0x0000001d, 0x00050046, 0x00000010, 0x0000001e, 0x00000014, 0x00000008,
	0x00040071, 0x00000004, 0x0000001f, 0x0000000d, 0x0003003e, 0x0000001e,
	0x0000001f, 0x0003003e, 0x00000015, 0x0000000c, 0x000100fd, 0x00010038,
};

#define OP_READ_CLOCK 0x000413c0u
#define OP_UCONVERT 0x00040071u
#define OP_BITCAST 0x0004007cu
#define ID_NULL_ULONG 0x0000000du

/* `module` with OpReadClockKHR %ulong %t %scope1 as OpUConvert %ulong %t
 * %scope1 (1) and OpReadClockKHR %uint2 %t %scope3 as OpBitcast %uint2 %t
 * %nulll (0): the clock declared, never read. */
static void without_clock_reads(uint32_t *w, size_t n)
{
	size_t replaced = 0;
	for (size_t i = 0; i + 3 < n; i++)
		if (w[i] == OP_READ_CLOCK) {
			bool vector = w[i + 1] == 0x00000007u;
			w[i] = vector ? OP_BITCAST : OP_UCONVERT;
			if (vector)
				w[i + 3] = ID_NULL_ULONG;
			replaced++;
		}
	REQUIRE(replaced == 3);
}

/* A program of `words`, built, with its kernel k; NULL program on failure
 * (the build log on stderr). */
static cl_program build(cl_context ctx, cl_device_id dev, const uint32_t *words, size_t size)
{
	cl_int err;
	cl_program p = clCreateProgramWithIL(ctx, words, size, &err);
	CHECK_OK(err);
	if (!p)
		return NULL;
	err = clBuildProgram(p, 1, &dev, "", NULL, NULL);
	if (err != CL_SUCCESS) {
		static char log[1 << 16];
		clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "build log:\n%s\n", log);
	}
	CHECK_OK(err);
	return p;
}

/* What kernel k stores: the three clock words, two uints, a float. */
struct outs {
	cl_ulong t[3];
	cl_uint u[2];
	cl_float f;
};

/* Runs k (a program of `words`) `runs` times on one work-item over buffers
 * that start as `*o`, reading them back into `*o` after each run and
 * calling check(o). */
static void run_k(cl_context ctx, cl_device_id dev, cl_command_queue q, const uint32_t *words,
		  size_t size, int runs, struct outs *o, void (*check)(const struct outs *))
{
	cl_program p = build(ctx, dev, words, size);
	REQUIRE(p);
	cl_int err;
	cl_kernel k = clCreateKernel(p, "k", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem bt = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(o->t), o->t, &err);
	cl_mem bu = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(o->u), o->u, &err);
	cl_mem bf = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(o->f), &o->f, &err);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(bt), &bt));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bu), &bu));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(bf), &bf));
	for (int run = 0; run < runs; run++) {
		size_t one = 1;
		CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL));
		CHECK_OK(clEnqueueReadBuffer(q, bt, CL_TRUE, 0, sizeof(o->t), o->t, 0, NULL, NULL));
		CHECK_OK(clEnqueueReadBuffer(q, bu, CL_TRUE, 0, sizeof(o->u), o->u, 0, NULL, NULL));
		CHECK_OK(clEnqueueReadBuffer(q, bf, CL_TRUE, 0, sizeof(o->f), &o->f, 0, NULL, NULL));
		check(o);
	}
	clReleaseMemObject(bt);
	clReleaseMemObject(bu);
	clReleaseMemObject(bf);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

/* Clock readings never go back; every null is 0. */
static void check_clocks(const struct outs *o)
{
	CHECK(o->t[0] > 0 && o->t[0] <= o->t[1] && o->t[1] <= o->t[2]);
	CHECK(o->u[0] == 0 && o->u[1] == 0 && o->f == 0.0f);
}

/* The module without clock reads stores 1, 0, 1 and the nulls. */
static void check_no_clocks(const struct outs *o)
{
	CHECK(o->t[0] == 1 && o->t[1] == 0 && o->t[2] == 1);
	CHECK(o->u[0] == 0 && o->u[1] == 0 && o->f == 0.0f);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	check_setup(&platform, &dev, &ctx, &q);

	uint32_t no_reads[sizeof(module) / 4];
	memcpy(no_reads, module, sizeof(module));
	without_clock_reads(no_reads, sizeof(module) / 4);
	struct outs o = { { 7, 7, 7 }, { 7, 7 }, 1.0f };
	run_k(ctx, dev, q, no_reads, sizeof(no_reads), 1, &o, check_no_clocks);

	struct outs c = { { 0, 0, 0 }, { 7, 7 }, 1.0f };
	run_k(ctx, dev, q, module, sizeof(module), 100, &c, check_clocks);

	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
