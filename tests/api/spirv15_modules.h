/* SPIR-V modules of test_spirv15.c, as words, with the spirv-as
 * (SPIRV-Tools) assembly each was made from:
 *   spirv-as --target-env spv1.5 m.spvasm -o m.spv && spirv-val --target-env spv1.5 m.spv
 * (spv1.2 for the 1.2 module).  Written for Kiln's tests. */
#ifndef KILN_TESTS_SPIRV15_MODULES_H
#define KILN_TESTS_SPIRV15_MODULES_H

#include <stdint.h>

/* SPIR-V 1.5. Kernel ptr_round_trip(data, addr, addr2, out): the global pointer data
 * bitcast to a ulong and to a uint2 (stored to addr[0] and addr2[0]), the
 * ulong + 4 bitcast back to a pointer (out[0] = data[1]), the uint2 back
 * to a pointer (out[1] = data[0]), the ulong + 4 through a uint2 back to
 * a pointer (out[2] = data[1]), and a Function variable (70) through a
 * uint2 and back (out[3] = 70).
 *
 *   OpCapability Addresses
 *   OpCapability Kernel
 *   OpCapability Int64
 *   OpMemoryModel Physical64 OpenCL
 *   OpEntryPoint Kernel %k "ptr_round_trip"
 *   %void = OpTypeVoid
 *   %uint = OpTypeInt 32 0
 *   %ulong = OpTypeInt 64 0
 *   %uint2 = OpTypeVector %uint 2
 *   %four = OpConstant %ulong 4
 *   %one = OpConstant %uint 1
 *   %two = OpConstant %uint 2
 *   %three = OpConstant %uint 3
 *   %seventy = OpConstant %uint 70
 *   %p_uint = OpTypePointer CrossWorkgroup %uint
 *   %p_ulong = OpTypePointer CrossWorkgroup %ulong
 *   %p_uint2 = OpTypePointer CrossWorkgroup %uint2
 *   %f_uint = OpTypePointer Function %uint
 *   %fnty = OpTypeFunction %void %p_uint %p_ulong %p_uint2 %p_uint
 *   %k = OpFunction %void None %fnty
 *   %data = OpFunctionParameter %p_uint
 *   %addr = OpFunctionParameter %p_ulong
 *   %addr2 = OpFunctionParameter %p_uint2
 *   %out = OpFunctionParameter %p_uint
 *   %entry = OpLabel
 *   %var = OpVariable %f_uint Function %seventy
 *   %as_ulong = OpBitcast %ulong %data
 *   OpStore %addr %as_ulong
 *   %as_uint2 = OpBitcast %uint2 %data
 *   OpStore %addr2 %as_uint2
 *   %next = OpIAdd %ulong %as_ulong %four
 *   %next_ptr = OpBitcast %p_uint %next
 *   %d1 = OpLoad %uint %next_ptr
 *   OpStore %out %d1
 *   %back_ptr = OpBitcast %p_uint %as_uint2
 *   %d0 = OpLoad %uint %back_ptr
 *   %out1 = OpInBoundsPtrAccessChain %p_uint %out %one
 *   OpStore %out1 %d0
 *   %v_next = OpBitcast %uint2 %next
 *   %next_ptr2 = OpBitcast %p_uint %v_next
 *   %d1b = OpLoad %uint %next_ptr2
 *   %out2 = OpInBoundsPtrAccessChain %p_uint %out %two
 *   OpStore %out2 %d1b
 *   %var_vec = OpBitcast %uint2 %var
 *   %var_back = OpBitcast %f_uint %var_vec
 *   %v7 = OpLoad %uint %var_back
 *   %out3 = OpInBoundsPtrAccessChain %p_uint %out %three
 *   OpStore %out3 %v7
 *   OpReturn
 *   OpFunctionEnd
 */
static const uint32_t spirv15_pointer_casts[] = {
	0x07230203, 0x00010500, 0x00070000, 0x00000026, 0x00000000, 0x00020011,
	0x00000004, 0x00020011, 0x00000006, 0x00020011, 0x0000000b, 0x0003000e,
	0x00000002, 0x00000002, 0x0007000f, 0x00000006, 0x00000001, 0x5f727470,
	0x6e756f72, 0x72745f64, 0x00007069, 0x00020013, 0x00000002, 0x00040015,
	0x00000003, 0x00000020, 0x00000000, 0x00040015, 0x00000004, 0x00000040,
	0x00000000, 0x00040017, 0x00000005, 0x00000003, 0x00000002, 0x0005002b,
	0x00000004, 0x00000006, 0x00000004, 0x00000000, 0x0004002b, 0x00000003,
	0x00000007, 0x00000001, 0x0004002b, 0x00000003, 0x00000008, 0x00000002,
	0x0004002b, 0x00000003, 0x00000009, 0x00000003, 0x0004002b, 0x00000003,
	0x0000000a, 0x00000046, 0x00040020, 0x0000000b, 0x00000005, 0x00000003,
	0x00040020, 0x0000000c, 0x00000005, 0x00000004, 0x00040020, 0x0000000d,
	0x00000005, 0x00000005, 0x00040020, 0x0000000e, 0x00000007, 0x00000003,
	0x00070021, 0x0000000f, 0x00000002, 0x0000000b, 0x0000000c, 0x0000000d,
	0x0000000b, 0x00050036, 0x00000002, 0x00000001, 0x00000000, 0x0000000f,
	0x00030037, 0x0000000b, 0x00000010, 0x00030037, 0x0000000c, 0x00000011,
	0x00030037, 0x0000000d, 0x00000012, 0x00030037, 0x0000000b, 0x00000013,
	0x000200f8, 0x00000014, 0x0005003b, 0x0000000e, 0x00000015, 0x00000007,
	0x0000000a, 0x0004007c, 0x00000004, 0x00000016, 0x00000010, 0x0003003e,
	0x00000011, 0x00000016, 0x0004007c, 0x00000005, 0x00000017, 0x00000010,
	0x0003003e, 0x00000012, 0x00000017, 0x00050080, 0x00000004, 0x00000018,
	0x00000016, 0x00000006, 0x0004007c, 0x0000000b, 0x00000019, 0x00000018,
	0x0004003d, 0x00000003, 0x0000001a, 0x00000019, 0x0003003e, 0x00000013,
	0x0000001a, 0x0004007c, 0x0000000b, 0x0000001b, 0x00000017, 0x0004003d,
	0x00000003, 0x0000001c, 0x0000001b, 0x00050046, 0x0000000b, 0x0000001d,
	0x00000013, 0x00000007, 0x0003003e, 0x0000001d, 0x0000001c, 0x0004007c,
	0x00000005, 0x0000001e, 0x00000018, 0x0004007c, 0x0000000b, 0x0000001f,
	0x0000001e, 0x0004003d, 0x00000003, 0x00000020, 0x0000001f, 0x00050046,
	0x0000000b, 0x00000021, 0x00000013, 0x00000008, 0x0003003e, 0x00000021,
	0x00000020, 0x0004007c, 0x00000005, 0x00000022, 0x00000015, 0x0004007c,
	0x0000000e, 0x00000023, 0x00000022, 0x0004003d, 0x00000003, 0x00000024,
	0x00000023, 0x00050046, 0x0000000b, 0x00000025, 0x00000013, 0x00000009,
	0x0003003e, 0x00000025, 0x00000024, 0x000100fd, 0x00010038,
};

/* SPIR-V 1.2. Kernel ptr_scalar(data, addr, out): the pointer <-> ulong casts SPIR-V
 * allowed before 1.5 (addr[0] = data's address, out[0] = data[1]).
 *
 *   OpCapability Addresses
 *   OpCapability Kernel
 *   OpCapability Int64
 *   OpMemoryModel Physical64 OpenCL
 *   OpEntryPoint Kernel %k "ptr_scalar"
 *   %void = OpTypeVoid
 *   %uint = OpTypeInt 32 0
 *   %ulong = OpTypeInt 64 0
 *   %four = OpConstant %ulong 4
 *   %p_uint = OpTypePointer CrossWorkgroup %uint
 *   %p_ulong = OpTypePointer CrossWorkgroup %ulong
 *   %fnty = OpTypeFunction %void %p_uint %p_ulong %p_uint
 *   %k = OpFunction %void None %fnty
 *   %data = OpFunctionParameter %p_uint
 *   %addr = OpFunctionParameter %p_ulong
 *   %out = OpFunctionParameter %p_uint
 *   %entry = OpLabel
 *   %as_ulong = OpBitcast %ulong %data
 *   OpStore %addr %as_ulong
 *   %next = OpIAdd %ulong %as_ulong %four
 *   %next_ptr = OpBitcast %p_uint %next
 *   %d1 = OpLoad %uint %next_ptr
 *   OpStore %out %d1
 *   OpReturn
 *   OpFunctionEnd
 */
static const uint32_t spirv12_pointer_casts[] = {
	0x07230203, 0x00010200, 0x00070000, 0x00000011, 0x00000000, 0x00020011,
	0x00000004, 0x00020011, 0x00000006, 0x00020011, 0x0000000b, 0x0003000e,
	0x00000002, 0x00000002, 0x0006000f, 0x00000006, 0x00000001, 0x5f727470,
	0x6c616373, 0x00007261, 0x00020013, 0x00000002, 0x00040015, 0x00000003,
	0x00000020, 0x00000000, 0x00040015, 0x00000004, 0x00000040, 0x00000000,
	0x0005002b, 0x00000004, 0x00000005, 0x00000004, 0x00000000, 0x00040020,
	0x00000006, 0x00000005, 0x00000003, 0x00040020, 0x00000007, 0x00000005,
	0x00000004, 0x00060021, 0x00000008, 0x00000002, 0x00000006, 0x00000007,
	0x00000006, 0x00050036, 0x00000002, 0x00000001, 0x00000000, 0x00000008,
	0x00030037, 0x00000006, 0x00000009, 0x00030037, 0x00000007, 0x0000000a,
	0x00030037, 0x00000006, 0x0000000b, 0x000200f8, 0x0000000c, 0x0004007c,
	0x00000004, 0x0000000d, 0x00000009, 0x0003003e, 0x0000000a, 0x0000000d,
	0x00050080, 0x00000004, 0x0000000e, 0x0000000d, 0x00000005, 0x0004007c,
	0x00000006, 0x0000000f, 0x0000000e, 0x0004003d, 0x00000003, 0x00000010,
	0x0000000f, 0x0003003e, 0x0000000b, 0x00000010, 0x000100fd, 0x00010038,
};

/* SPIR-V 1.5. Kernel broadcast_dynamic(dst, arg): each work-item's value 3 * gid + 1
 * broadcast from lanes chosen at run time, five words per work-item:
 * lane arg % size, lane ((first local id of the sub-group) * 7 + 3) %
 * size, lane (arg + 1) % size through a 64-bit Id, lane (arg + 2) % size
 * through a 16-bit Id, and the sub-group size.
 *
 *   OpCapability Addresses
 *   OpCapability Kernel
 *   OpCapability Int64
 *   OpCapability Int16
 *   OpCapability GroupNonUniformBallot
 *   OpMemoryModel Physical64 OpenCL
 *   OpEntryPoint Kernel %k "broadcast_dynamic" %gid %lid %sgsize %lane
 *   OpDecorate %gid BuiltIn GlobalInvocationId
 *   OpDecorate %lid BuiltIn LocalInvocationId
 *   OpDecorate %sgsize BuiltIn SubgroupSize
 *   OpDecorate %lane BuiltIn SubgroupLocalInvocationId
 *   %void = OpTypeVoid
 *   %uint = OpTypeInt 32 0
 *   %ulong = OpTypeInt 64 0
 *   %ushort = OpTypeInt 16 0
 *   %ulong3 = OpTypeVector %ulong 3
 *   %subgroup = OpConstant %uint 3
 *   %one = OpConstant %uint 1
 *   %two = OpConstant %uint 2
 *   %three = OpConstant %uint 3
 *   %five = OpConstant %ulong 5
 *   %seven = OpConstant %ulong 7
 *   %three64 = OpConstant %ulong 3
 *   %one64 = OpConstant %ulong 1
 *   %two64 = OpConstant %ulong 2
 *   %four64 = OpConstant %ulong 4
 *   %in_vec = OpTypePointer Input %ulong3
 *   %in_uint = OpTypePointer Input %uint
 *   %p_uint = OpTypePointer CrossWorkgroup %uint
 *   %fnty = OpTypeFunction %void %p_uint %uint
 *   %gid = OpVariable %in_vec Input
 *   %lid = OpVariable %in_vec Input
 *   %sgsize = OpVariable %in_uint Input
 *   %lane = OpVariable %in_uint Input
 *   %k = OpFunction %void None %fnty
 *   %dst = OpFunctionParameter %p_uint
 *   %arg = OpFunctionParameter %uint
 *   %entry = OpLabel
 *   %g3 = OpLoad %ulong3 %gid Aligned 32
 *   %g = OpCompositeExtract %ulong %g3 0
 *   %l3 = OpLoad %ulong3 %lid Aligned 32
 *   %l = OpCompositeExtract %ulong %l3 0
 *   %n = OpLoad %uint %sgsize
 *   %ln = OpLoad %uint %lane
 *   %gu = OpUConvert %uint %g
 *   %g3x = OpIMul %uint %gu %three
 *   %value = OpIAdd %uint %g3x %one
 *   ; an index from the kernel argument
 *   %i1 = OpUMod %uint %arg %n
 *   ; an index from the local id: the sub-group's first local id
 *   %ln64 = OpUConvert %ulong %ln
 *   %base = OpISub %ulong %l %ln64
 *   %b7 = OpIMul %ulong %base %seven
 *   %b73 = OpIAdd %ulong %b7 %three64
 *   %b32 = OpUConvert %uint %b73
 *   %i2 = OpUMod %uint %b32 %n
 *   ; a 64-bit index and a 16-bit one
 *   %a1 = OpIAdd %uint %arg %one
 *   %a1n = OpUMod %uint %a1 %n
 *   %i3 = OpUConvert %ulong %a1n
 *   %a2 = OpIAdd %uint %arg %two
 *   %a2n = OpUMod %uint %a2 %n
 *   %i4 = OpUConvert %ushort %a2n
 *   %v1 = OpGroupNonUniformBroadcast %uint %subgroup %value %i1
 *   %v2 = OpGroupNonUniformBroadcast %uint %subgroup %value %i2
 *   %v3 = OpGroupNonUniformBroadcast %uint %subgroup %value %i3
 *   %v4 = OpGroupNonUniformBroadcast %uint %subgroup %value %i4
 *   %at = OpIMul %ulong %g %five
 *   %d0 = OpInBoundsPtrAccessChain %p_uint %dst %at
 *   OpStore %d0 %v1
 *   %d1 = OpInBoundsPtrAccessChain %p_uint %d0 %one64
 *   OpStore %d1 %v2
 *   %d2 = OpInBoundsPtrAccessChain %p_uint %d0 %two64
 *   OpStore %d2 %v3
 *   %d3 = OpInBoundsPtrAccessChain %p_uint %d0 %three64
 *   OpStore %d3 %v4
 *   %d4 = OpInBoundsPtrAccessChain %p_uint %d0 %four64
 *   OpStore %d4 %n
 *   OpReturn
 *   OpFunctionEnd
 */
static const uint32_t spirv15_broadcast[] = {
	0x07230203, 0x00010500, 0x00070000, 0x0000003c, 0x00000000, 0x00020011,
	0x00000004, 0x00020011, 0x00000006, 0x00020011, 0x0000000b, 0x00020011,
	0x00000016, 0x00020011, 0x00000040, 0x0003000e, 0x00000002, 0x00000002,
	0x000c000f, 0x00000006, 0x00000001, 0x616f7262, 0x73616364, 0x79645f74,
	0x696d616e, 0x00000063, 0x00000002, 0x00000003, 0x00000004, 0x00000005,
	0x00040047, 0x00000002, 0x0000000b, 0x0000001c, 0x00040047, 0x00000003,
	0x0000000b, 0x0000001b, 0x00040047, 0x00000004, 0x0000000b, 0x00000024,
	0x00040047, 0x00000005, 0x0000000b, 0x00000029, 0x00020013, 0x00000006,
	0x00040015, 0x00000007, 0x00000020, 0x00000000, 0x00040015, 0x00000008,
	0x00000040, 0x00000000, 0x00040015, 0x00000009, 0x00000010, 0x00000000,
	0x00040017, 0x0000000a, 0x00000008, 0x00000003, 0x0004002b, 0x00000007,
	0x0000000b, 0x00000003, 0x0004002b, 0x00000007, 0x0000000c, 0x00000001,
	0x0004002b, 0x00000007, 0x0000000d, 0x00000002, 0x0004002b, 0x00000007,
	0x0000000e, 0x00000003, 0x0005002b, 0x00000008, 0x0000000f, 0x00000005,
	0x00000000, 0x0005002b, 0x00000008, 0x00000010, 0x00000007, 0x00000000,
	0x0005002b, 0x00000008, 0x00000011, 0x00000003, 0x00000000, 0x0005002b,
	0x00000008, 0x00000012, 0x00000001, 0x00000000, 0x0005002b, 0x00000008,
	0x00000013, 0x00000002, 0x00000000, 0x0005002b, 0x00000008, 0x00000014,
	0x00000004, 0x00000000, 0x00040020, 0x00000015, 0x00000001, 0x0000000a,
	0x00040020, 0x00000016, 0x00000001, 0x00000007, 0x00040020, 0x00000017,
	0x00000005, 0x00000007, 0x00050021, 0x00000018, 0x00000006, 0x00000017,
	0x00000007, 0x0004003b, 0x00000015, 0x00000002, 0x00000001, 0x0004003b,
	0x00000015, 0x00000003, 0x00000001, 0x0004003b, 0x00000016, 0x00000004,
	0x00000001, 0x0004003b, 0x00000016, 0x00000005, 0x00000001, 0x00050036,
	0x00000006, 0x00000001, 0x00000000, 0x00000018, 0x00030037, 0x00000017,
	0x00000019, 0x00030037, 0x00000007, 0x0000001a, 0x000200f8, 0x0000001b,
	0x0006003d, 0x0000000a, 0x0000001c, 0x00000002, 0x00000002, 0x00000020,
	0x00050051, 0x00000008, 0x0000001d, 0x0000001c, 0x00000000, 0x0006003d,
	0x0000000a, 0x0000001e, 0x00000003, 0x00000002, 0x00000020, 0x00050051,
	0x00000008, 0x0000001f, 0x0000001e, 0x00000000, 0x0004003d, 0x00000007,
	0x00000020, 0x00000004, 0x0004003d, 0x00000007, 0x00000021, 0x00000005,
	0x00040071, 0x00000007, 0x00000022, 0x0000001d, 0x00050084, 0x00000007,
	0x00000023, 0x00000022, 0x0000000e, 0x00050080, 0x00000007, 0x00000024,
	0x00000023, 0x0000000c, 0x00050089, 0x00000007, 0x00000025, 0x0000001a,
	0x00000020, 0x00040071, 0x00000008, 0x00000026, 0x00000021, 0x00050082,
	0x00000008, 0x00000027, 0x0000001f, 0x00000026, 0x00050084, 0x00000008,
	0x00000028, 0x00000027, 0x00000010, 0x00050080, 0x00000008, 0x00000029,
	0x00000028, 0x00000011, 0x00040071, 0x00000007, 0x0000002a, 0x00000029,
	0x00050089, 0x00000007, 0x0000002b, 0x0000002a, 0x00000020, 0x00050080,
	0x00000007, 0x0000002c, 0x0000001a, 0x0000000c, 0x00050089, 0x00000007,
	0x0000002d, 0x0000002c, 0x00000020, 0x00040071, 0x00000008, 0x0000002e,
	0x0000002d, 0x00050080, 0x00000007, 0x0000002f, 0x0000001a, 0x0000000d,
	0x00050089, 0x00000007, 0x00000030, 0x0000002f, 0x00000020, 0x00040071,
	0x00000009, 0x00000031, 0x00000030, 0x00060151, 0x00000007, 0x00000032,
	0x0000000b, 0x00000024, 0x00000025, 0x00060151, 0x00000007, 0x00000033,
	0x0000000b, 0x00000024, 0x0000002b, 0x00060151, 0x00000007, 0x00000034,
	0x0000000b, 0x00000024, 0x0000002e, 0x00060151, 0x00000007, 0x00000035,
	0x0000000b, 0x00000024, 0x00000031, 0x00050084, 0x00000008, 0x00000036,
	0x0000001d, 0x0000000f, 0x00050046, 0x00000017, 0x00000037, 0x00000019,
	0x00000036, 0x0003003e, 0x00000037, 0x00000032, 0x00050046, 0x00000017,
	0x00000038, 0x00000037, 0x00000012, 0x0003003e, 0x00000038, 0x00000033,
	0x00050046, 0x00000017, 0x00000039, 0x00000037, 0x00000013, 0x0003003e,
	0x00000039, 0x00000034, 0x00050046, 0x00000017, 0x0000003a, 0x00000037,
	0x00000011, 0x0003003e, 0x0000003a, 0x00000035, 0x00050046, 0x00000017,
	0x0000003b, 0x00000037, 0x00000014, 0x0003003e, 0x0000003b, 0x00000020,
	0x000100fd, 0x00010038,
};

#endif
