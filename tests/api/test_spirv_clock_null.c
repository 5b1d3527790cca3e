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

static void check_no_reads(cl_context ctx, cl_device_id dev, cl_command_queue q)
{
	uint32_t words[sizeof(module) / 4];
	memcpy(words, module, sizeof(module));
	without_clock_reads(words, sizeof(module) / 4);
	cl_program p = build(ctx, dev, words, sizeof(words));
	REQUIRE(p);
	cl_int err;
	cl_kernel k = clCreateKernel(p, "k", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_ulong t[3] = { 7, 7, 7 };
	cl_uint u[2] = { 7, 7 };
	cl_float f = 1.0f;
	cl_mem bt = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(t), t, &err);
	cl_mem bu = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(u), u, &err);
	cl_mem bf = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(f), &f, &err);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(bt), &bt));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bu), &bu));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(bf), &bf));
	size_t one = 1;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, bt, CL_TRUE, 0, sizeof(t), t, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, bu, CL_TRUE, 0, sizeof(u), u, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, bf, CL_TRUE, 0, sizeof(f), &f, 0, NULL, NULL));
	CHECK(t[0] == 1 && t[1] == 0 && t[2] == 1);
	CHECK(u[0] == 0 && u[1] == 0 && f == 0.0f);
	clReleaseMemObject(bt);
	clReleaseMemObject(bu);
	clReleaseMemObject(bf);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_int err;
	check_setup(&platform, &dev, &ctx, &q);
	check_no_reads(ctx, dev, q);
	cl_program p = build(ctx, dev, module, sizeof(module));
	REQUIRE(p);
	cl_kernel k = clCreateKernel(p, "k", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_ulong t[3] = { 0, 0, 0 };
	cl_uint u[2] = { 7, 7 };
	cl_float f = 1.0f;
	cl_mem bt = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(t), t, &err);
	cl_mem bu = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(u), u, &err);
	cl_mem bf = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(f), &f, &err);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(bt), &bt));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bu), &bu));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(bf), &bf));
	for (int run = 0; run < 100; run++) {
		size_t one = 1;
		CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL));
		CHECK_OK(clEnqueueReadBuffer(q, bt, CL_TRUE, 0, sizeof(t), t, 0, NULL, NULL));
		CHECK_OK(clEnqueueReadBuffer(q, bu, CL_TRUE, 0, sizeof(u), u, 0, NULL, NULL));
		CHECK_OK(clEnqueueReadBuffer(q, bf, CL_TRUE, 0, sizeof(f), &f, 0, NULL, NULL));
		CHECK(t[0] > 0 && t[0] <= t[1] && t[1] <= t[2]);
		CHECK(u[0] == 0 && u[1] == 0 && f == 0.0f);
	}
	clReleaseMemObject(bt);
	clReleaseMemObject(bu);
	clReleaseMemObject(bf);
	clReleaseKernel(k);
	clReleaseProgram(p);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
