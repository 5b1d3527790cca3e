/* What the SPIR-V pre-pass (lib/compiler/spirv_prepass.cpp) rewrites for
 * translator 15 beyond SPIR-V 1.5 (test_spirv15), run and checked against
 * the values the SPIR-V spec gives:
 *  - the SPIR-V 1.4 OpPtrEqual / OpPtrNotEqual (1, 1, 0 for p == p,
 *    p != p + 3, p == p + 3) and OpPtrDiff in elements, as a ulong and as
 *    a uint (3, -3, and 2 between uint4 pointers);
 *  - OpCopyLogical of a { uint, float } constant into a struct of the
 *    same members but another type (7, 2.5);
 *  - OpCopyMemory with two sets of memory operands (1.4) and
 *    OpCopyMemorySized with two sets, each copying a Function uint4
 *    (0, 1, 7, 0) to global memory;
 *  - OpVectorShuffle of a uint2 (7, 1) and a uint4 (0, 1, 7, 0), lanes
 *    1 2 4 0: (1, 0, 7, 7) (lanes 2 and 4 of the second vector move when
 *    the first is widened).
 * Translator 15 could read none of them (it does not decode the 1.4
 * instructions and asserts on OpCopyMemory, on two memory operand sets and
 * on shuffles of vectors of different lengths).
 *
 * The module, spirv-as (SPIRV-Tools) assembly, --target-env spv1.4:
 *
 *   OpCapability Addresses
 *   OpCapability Kernel
 *   OpCapability Int64
 *   OpMemoryModel Physical64 OpenCL
 *   OpEntryPoint Kernel %k "rewrites"
 *   %void = OpTypeVoid
 *   %bool = OpTypeBool
 *   %uint = OpTypeInt 32 0
 *   %ulong = OpTypeInt 64 0
 *   %float = OpTypeFloat 32
 *   %uint2 = OpTypeVector %uint 2
 *   %uint4 = OpTypeVector %uint 4
 *   %pair_a = OpTypeStruct %uint %float
 *   %pair_b = OpTypeStruct %uint %float
 *   %u0 = OpConstant %uint 0
 *   %u1 = OpConstant %uint 1
 *   %u7 = OpConstant %uint 7
 *   %l1 = OpConstant %ulong 1
 *   %l3 = OpConstant %ulong 3
 *   %l4 = OpConstant %ulong 4
 *   %l5 = OpConstant %ulong 5
 *   %l6 = OpConstant %ulong 6
 *   %l7 = OpConstant %ulong 7
 *   %l16 = OpConstant %ulong 16
 *   %f2_5 = OpConstant %float 2.5
 *   %u4_0 = OpConstantComposite %uint4 %u0 %u1 %u7 %u0
 *   %pair_src = OpConstantComposite %pair_a %u7 %f2_5
 *   %p_uint = OpTypePointer CrossWorkgroup %uint
 *   %p_uint4 = OpTypePointer CrossWorkgroup %uint4
 *   %p_pair_b = OpTypePointer CrossWorkgroup %pair_b
 *   %f_uint4 = OpTypePointer Function %uint4
 *   %fnty = OpTypeFunction %void %p_uint %p_uint4 %p_pair_b
 *   %k = OpFunction %void None %fnty
 *   %out = OpFunctionParameter %p_uint
 *   %vout = OpFunctionParameter %p_uint4
 *   %pout = OpFunctionParameter %p_pair_b
 *   %entry = OpLabel
 *   %var = OpVariable %f_uint4 Function %u4_0
 *   ; pointer comparisons and differences
 *   %out3 = OpInBoundsPtrAccessChain %p_uint %out %l3
 *   %same = OpPtrEqual %bool %out %out
 *   %diff = OpPtrNotEqual %bool %out %out3
 *   %eq = OpPtrEqual %bool %out %out3
 *   %s0 = OpSelect %uint %same %u1 %u0
 *   %s1 = OpSelect %uint %diff %u1 %u0
 *   %s2 = OpSelect %uint %eq %u1 %u0
 *   OpStore %out %s0
 *   %out1 = OpInBoundsPtrAccessChain %p_uint %out %l1
 *   OpStore %out1 %s1
 *   %out2 = OpInBoundsPtrAccessChain %p_uint %out %l4
 *   OpStore %out2 %s2
 *   %d64 = OpPtrDiff %ulong %out3 %out
 *   %d32 = OpPtrDiff %uint %out %out3
 *   %d64u = OpUConvert %uint %d64
 *   %out5 = OpInBoundsPtrAccessChain %p_uint %out %l5
 *   OpStore %out5 %d64u
 *   %out6 = OpInBoundsPtrAccessChain %p_uint %out %l6
 *   OpStore %out6 %d32
 *   %vp0 = OpInBoundsPtrAccessChain %p_uint4 %vout %l1
 *   %vp1 = OpInBoundsPtrAccessChain %p_uint4 %vout %l3
 *   %vd = OpPtrDiff %ulong %vp1 %vp0
 *   %vdu = OpUConvert %uint %vd
 *   %out7 = OpInBoundsPtrAccessChain %p_uint %out %l7
 *   OpStore %out7 %vdu
 *   ; a struct copied to a logically matching one
 *   %pair = OpCopyLogical %pair_b %pair_src
 *   OpStore %pout %pair
 *   ; OpCopyMemory with two sets of memory operands, and a plain one
 *   OpCopyMemory %vout %var Aligned 16 Volatile|Aligned 16
 *   %v2p = OpInBoundsPtrAccessChain %p_uint4 %vout %l1
 *   OpCopyMemorySized %v2p %var %l16 Aligned 16 Volatile|Aligned 8
 *   ; a shuffle of a uint2 and a uint4
 *   %two = OpVectorShuffle %uint2 %u4_0 %u4_0 2 1
 *   %shuf = OpVectorShuffle %uint4 %two %u4_0 1 2 4 0
 *   %v3p = OpInBoundsPtrAccessChain %p_uint4 %vout %l3
 *   OpStore %v3p %shuf
 *   OpReturn
 *   OpFunctionEnd
 */
#include "check.h"

#include <stdint.h>

static const uint32_t module[] = {
	0x07230203, 0x00010400, 0x00070000, 0x0000003a, 0x00000000, 0x00020011,
	0x00000004, 0x00020011, 0x00000006, 0x00020011, 0x0000000b, 0x0003000e,
	0x00000002, 0x00000002, 0x0006000f, 0x00000006, 0x00000001, 0x72776572,
	0x73657469, 0x00000000, 0x00020013, 0x00000002, 0x00020014, 0x00000003,
	0x00040015, 0x00000004, 0x00000020, 0x00000000, 0x00040015, 0x00000005,
	0x00000040, 0x00000000, 0x00030016, 0x00000006, 0x00000020, 0x00040017,
	0x00000007, 0x00000004, 0x00000002, 0x00040017, 0x00000008, 0x00000004,
	0x00000004, 0x0004001e, 0x00000009, 0x00000004, 0x00000006, 0x0004001e,
	0x0000000a, 0x00000004, 0x00000006, 0x0004002b, 0x00000004, 0x0000000b,
	0x00000000, 0x0004002b, 0x00000004, 0x0000000c, 0x00000001, 0x0004002b,
	0x00000004, 0x0000000d, 0x00000007, 0x0005002b, 0x00000005, 0x0000000e,
	0x00000001, 0x00000000, 0x0005002b, 0x00000005, 0x0000000f, 0x00000003,
	0x00000000, 0x0005002b, 0x00000005, 0x00000010, 0x00000004, 0x00000000,
	0x0005002b, 0x00000005, 0x00000011, 0x00000005, 0x00000000, 0x0005002b,
	0x00000005, 0x00000012, 0x00000006, 0x00000000, 0x0005002b, 0x00000005,
	0x00000013, 0x00000007, 0x00000000, 0x0005002b, 0x00000005, 0x00000014,
	0x00000010, 0x00000000, 0x0004002b, 0x00000006, 0x00000015, 0x40200000,
	0x0007002c, 0x00000008, 0x00000016, 0x0000000b, 0x0000000c, 0x0000000d,
	0x0000000b, 0x0005002c, 0x00000009, 0x00000017, 0x0000000d, 0x00000015,
	0x00040020, 0x00000018, 0x00000005, 0x00000004, 0x00040020, 0x00000019,
	0x00000005, 0x00000008, 0x00040020, 0x0000001a, 0x00000005, 0x0000000a,
	0x00040020, 0x0000001b, 0x00000007, 0x00000008, 0x00060021, 0x0000001c,
	0x00000002, 0x00000018, 0x00000019, 0x0000001a, 0x00050036, 0x00000002,
	0x00000001, 0x00000000, 0x0000001c, 0x00030037, 0x00000018, 0x0000001d,
	0x00030037, 0x00000019, 0x0000001e, 0x00030037, 0x0000001a, 0x0000001f,
	0x000200f8, 0x00000020, 0x0005003b, 0x0000001b, 0x00000021, 0x00000007,
	0x00000016, 0x00050046, 0x00000018, 0x00000022, 0x0000001d, 0x0000000f,
	0x00050191, 0x00000003, 0x00000023, 0x0000001d, 0x0000001d, 0x00050192,
	0x00000003, 0x00000024, 0x0000001d, 0x00000022, 0x00050191, 0x00000003,
	0x00000025, 0x0000001d, 0x00000022, 0x000600a9, 0x00000004, 0x00000026,
	0x00000023, 0x0000000c, 0x0000000b, 0x000600a9, 0x00000004, 0x00000027,
	0x00000024, 0x0000000c, 0x0000000b, 0x000600a9, 0x00000004, 0x00000028,
	0x00000025, 0x0000000c, 0x0000000b, 0x0003003e, 0x0000001d, 0x00000026,
	0x00050046, 0x00000018, 0x00000029, 0x0000001d, 0x0000000e, 0x0003003e,
	0x00000029, 0x00000027, 0x00050046, 0x00000018, 0x0000002a, 0x0000001d,
	0x00000010, 0x0003003e, 0x0000002a, 0x00000028, 0x00050193, 0x00000005,
	0x0000002b, 0x00000022, 0x0000001d, 0x00050193, 0x00000004, 0x0000002c,
	0x0000001d, 0x00000022, 0x00040071, 0x00000004, 0x0000002d, 0x0000002b,
	0x00050046, 0x00000018, 0x0000002e, 0x0000001d, 0x00000011, 0x0003003e,
	0x0000002e, 0x0000002d, 0x00050046, 0x00000018, 0x0000002f, 0x0000001d,
	0x00000012, 0x0003003e, 0x0000002f, 0x0000002c, 0x00050046, 0x00000019,
	0x00000030, 0x0000001e, 0x0000000e, 0x00050046, 0x00000019, 0x00000031,
	0x0000001e, 0x0000000f, 0x00050193, 0x00000005, 0x00000032, 0x00000031,
	0x00000030, 0x00040071, 0x00000004, 0x00000033, 0x00000032, 0x00050046,
	0x00000018, 0x00000034, 0x0000001d, 0x00000013, 0x0003003e, 0x00000034,
	0x00000033, 0x00040190, 0x0000000a, 0x00000035, 0x00000017, 0x0003003e,
	0x0000001f, 0x00000035, 0x0007003f, 0x0000001e, 0x00000021, 0x00000002,
	0x00000010, 0x00000003, 0x00000010, 0x00050046, 0x00000019, 0x00000036,
	0x0000001e, 0x0000000e, 0x00080040, 0x00000036, 0x00000021, 0x00000014,
	0x00000002, 0x00000010, 0x00000003, 0x00000008, 0x0007004f, 0x00000007,
	0x00000037, 0x00000016, 0x00000016, 0x00000002, 0x00000001, 0x0009004f,
	0x00000008, 0x00000038, 0x00000037, 0x00000016, 0x00000001, 0x00000002,
	0x00000004, 0x00000000, 0x00050046, 0x00000019, 0x00000039, 0x0000001e,
	0x0000000f, 0x0003003e, 0x00000039, 0x00000038, 0x000100fd, 0x00010038,
};

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_int err;
	check_setup(&platform, &dev, &ctx, &q);
	cl_program p = clCreateProgramWithIL(ctx, module, sizeof(module), &err);
	CHECK_OK(err);
	REQUIRE(p);
	err = clBuildProgram(p, 1, &dev, "", NULL, NULL);
	if (err != CL_SUCCESS) {
		static char log[1 << 16];
		clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "build log:\n%s\n", log);
	}
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = clCreateKernel(p, "rewrites", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_uint out[8], vout[16];
	struct { cl_uint u; cl_float f; } pair = { 0, 0.0f };
	for (int i = 0; i < 8; i++)
		out[i] = 0xaaaaaaaau;
	for (int i = 0; i < 16; i++)
		vout[i] = 0xaaaaaaaau;
	cl_mem bout = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(out), out, &err);
	cl_mem bvout = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(vout), vout, &err);
	cl_mem bpair = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(pair), &pair, &err);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(bout), &bout));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bvout), &bvout));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(bpair), &bpair));
	size_t one = 1;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, bout, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, bvout, CL_TRUE, 0, sizeof(vout), vout, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, bpair, CL_TRUE, 0, sizeof(pair), &pair, 0, NULL, NULL));
	const cl_uint want[8] = { 1, 1, 0xaaaaaaaau, 0xaaaaaaaau, 0, 3, (cl_uint)-3, 2 };
	const cl_uint vwant[16] = { 0, 1, 7, 0, 0, 1, 7, 0, 0xaaaaaaaau, 0xaaaaaaaau,
				    0xaaaaaaaau, 0xaaaaaaaau, 1, 0, 7, 7 };
	for (int i = 0; i < 8; i++) {
		if (out[i] != want[i])
			fprintf(stderr, "out[%d] = 0x%x, want 0x%x\n", i, out[i], want[i]);
		CHECK(out[i] == want[i]);
	}
	for (int i = 0; i < 16; i++) {
		if (vout[i] != vwant[i])
			fprintf(stderr, "vout[%d] = 0x%x, want 0x%x\n", i, vout[i], vwant[i]);
		CHECK(vout[i] == vwant[i]);
	}
	CHECK(pair.u == 7 && pair.f == 2.5f);
	clReleaseMemObject(bout);
	clReleaseMemObject(bvout);
	clReleaseMemObject(bpair);
	clReleaseKernel(k);
	clReleaseProgram(p);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
