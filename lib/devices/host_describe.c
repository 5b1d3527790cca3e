/* The CPU device as clGetDeviceInfo reports it (OpenCL 3.0 §4.2, table
 * "OpenCL Device Queries"): every field of struct kiln_device_props, from the
 * host's cores, topology, ISA and memory.
 *
 * Rule: report a feature only when it works.  What depends on parts still
 * being written (the compiler, images, SVM, ...) is switched by the one
 * `features` table below; the extension list, the OpenCL C feature list, the
 * fp configs and vector widths follow from it.  Turning a feature on is one
 * line here. */
#include "host.h"
#include "../core/info.h"
#include "../../include/kiln_spirv_queries.h"

#include <stdio.h>
#include <string.h>
#include <sys/sysinfo.h>

/* ---- what works today: the integrator flips these as parts land ---------- */

enum feature {
	F_ALWAYS = 0,
	F_COMPILER = 1u << 0,     /* clBuildProgram from OpenCL C source */
	F_LINKER = 1u << 1,       /* clCompileProgram / clLinkProgram */
	F_FP64 = 1u << 2,         /* double in kernels, full precision */
	F_FP16 = 1u << 3,         /* half arithmetic */
	F_IMAGES = 1u << 4,       /* images and samplers */
	F_IMAGE_WRITES_3D = 1u << 5,
	F_READ_WRITE_IMAGES = 1u << 6,
	F_INT64_ATOMICS = 1u << 7,
	F_IL = 1u << 8,           /* SPIR-V through clCreateProgramWithIL */
	F_SUBGROUPS = 1u << 9,
	F_GENERIC_AS = 1u << 10,
	F_PIPES = 1u << 11,
	F_DEVICE_ENQUEUE = 1u << 12,
	F_PROGRAM_GLOBALS = 1u << 13,
	F_WG_COLLECTIVES = 1u << 14,
	F_NON_UNIFORM_WG = 1u << 15,
	F_SVM = 1u << 16,         /* coarse, fine-grained buffer, system, atomics */
	F_ATOMICS_ALL = 1u << 17, /* all orders and scopes of C11 atomics */
	F_OPENCL_C_2_0 = 1u << 18,
	F_OPENCL_C_3_0 = 1u << 19,
	F_USM = 1u << 20,         /* cl_intel_unified_shared_memory */
	F_BUFFER_ADDRESS = 1u << 21, /* cl_ext_buffer_device_address */
	/* Not a switch but a fact of the host, found at run time
	 * (host_facts below): the time-stamp counter is one clock for all
	 * cores (host_clock.c), which cl_khr_kernel_clock reads. */
	F_HOST_TSC_CLOCK = 1u << 31,
	/* Implemented and tested, but the conformance suite's
	 * compiler_defines_for_extensions fails a device that lists a
	 * cl_khr_ name missing from its list of approved extensions, which
	 * cl_khr_async_work_group_copy_fence and
	 * cl_khr_work_group_uniform_arithmetic are (CTS b8f8906c): off until
	 * the suite knows them (-DKILN_EXTRA_FEATURES=F_KHR_UNLISTED). */
	F_KHR_UNLISTED = 1u << 30,
};

/* What works today, and so what the device reports (each bit is tested by
 * tests/api: the compiler and linker by test_program_*, SPIR-V by
 * test_program_il, non-uniform work-groups by test_ndrange, 64-bit atomics by
 * test_builtins_atomics, doubles by every test_builtins_* and
 * test_math_accuracy, C11 atomics with every order and scope and
 * cl_ext_float_atomics by test_atomics_c11*, the generic address space by
 * test_generic_as and test_atomics_c11_spirv, program-scope variables by
 * test_program_globals, every kind of SVM by test_svm, work-group
 * collective functions by test_work_group_collectives and its _spirv
 * variant, pipes by test_pipes, test_pipes_builtins, test_pipes_concurrent
 * and test_pipes_spirv, device-side enqueue and on-device queues by
 * test_device_enqueue, core sub-groups and the cl_khr_subgroup_* and
 * cl_intel_subgroups families by test_subgroups*, test_subgroup_info,
 * cl_intel_unified_shared_memory by test_usm and test_usm_kernels,
 * cl_ext_buffer_device_address by test_buffer_device_address).
 * With those, every OpenCL C 2.0 feature works, so
 * the device lists OpenCL C 2.0 (test_cl_std builds with -cl-std=CL2.0). */
#ifndef KILN_EXTRA_FEATURES /* a build that tries features before they are on: */
#define KILN_EXTRA_FEATURES 0 /* cmake -DCMAKE_C_FLAGS=-DKILN_EXTRA_FEATURES=F_... */
#endif
static const unsigned features = F_COMPILER | F_LINKER | F_IL | F_FP64 |
	F_NON_UNIFORM_WG | F_INT64_ATOMICS | F_OPENCL_C_3_0 | F_IMAGES |
	F_IMAGE_WRITES_3D | F_READ_WRITE_IMAGES | F_ATOMICS_ALL | F_GENERIC_AS |
	F_PROGRAM_GLOBALS | F_SVM | F_WG_COLLECTIVES | F_PIPES | F_DEVICE_ENQUEUE |
	F_OPENCL_C_2_0 | F_SUBGROUPS | F_FP16 | F_USM | F_BUFFER_ADDRESS |
	KILN_EXTRA_FEATURES;

/* The F_HOST_* bits this host has. */
static unsigned host_facts(void)
{
	return kiln_host_tsc_is_clock() ? F_HOST_TSC_CLOCK : 0;
}

static bool has(unsigned f)
{
	return ((features | host_facts()) & f) == f;
}

/* ---- tables that follow from the switches ------------------------------ */

/* Device extensions (cl_khr_* names, version of the extension spec). */
static const struct {
	const char *name;
	cl_version version;
	unsigned needs;
} extension_table[] = {
	{ "cl_khr_icd", CL_MAKE_VERSION(1, 0, 0), F_ALWAYS },
	{ "cl_khr_byte_addressable_store", CL_MAKE_VERSION(1, 0, 0), F_COMPILER },
	{ "cl_khr_global_int32_base_atomics", CL_MAKE_VERSION(1, 0, 0), F_COMPILER },
	{ "cl_khr_global_int32_extended_atomics", CL_MAKE_VERSION(1, 0, 0), F_COMPILER },
	{ "cl_khr_local_int32_base_atomics", CL_MAKE_VERSION(1, 0, 0), F_COMPILER },
	{ "cl_khr_local_int32_extended_atomics", CL_MAKE_VERSION(1, 0, 0), F_COMPILER },
	{ "cl_khr_int64_base_atomics", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_INT64_ATOMICS },
	{ "cl_khr_int64_extended_atomics", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_INT64_ATOMICS },
	{ "cl_khr_fp64", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_FP64 },
	{ "cl_khr_fp16", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_FP16 },
	{ "cl_khr_3d_image_writes", CL_MAKE_VERSION(1, 0, 0), F_IMAGES | F_IMAGE_WRITES_3D },
	{ "cl_khr_image2d_from_buffer", CL_MAKE_VERSION(1, 0, 0), F_IMAGES },
	{ "cl_khr_depth_images", CL_MAKE_VERSION(1, 0, 0), F_IMAGES },
	{ "cl_khr_srgb_image_writes", CL_MAKE_VERSION(1, 0, 0), F_IMAGES },
	{ "cl_khr_il_program", CL_MAKE_VERSION(1, 0, 0), F_IL },
	/* lib/api/semaphore.c; tests/api/test_semaphores.c */
	{ "cl_khr_semaphore", CL_MAKE_VERSION(1, 0, 0), F_ALWAYS },
	/* lib/core/command_buffer.c: the revisions of the current Khronos
	 * headers (include/kiln_command_buffer.h). */
	{ "cl_khr_command_buffer", CL_MAKE_VERSION(0, 9, 8), F_ALWAYS },
	{ "cl_khr_command_buffer_mutable_dispatch", CL_MAKE_VERSION(0, 9, 5), F_ALWAYS },
	/* The OpenCL 2.0 extension: it requires sub-groups to make
	 * independent forward progress (kiln-subgroups runs a kernel that
	 * waits for another sub-group as fibers that yield). */
	{ "cl_khr_subgroups", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_SUBGROUPS },
	{ "cl_intel_required_subgroup_size", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_SUBGROUPS },
	/* kernel-lib/subgroups_*.cl; tests/api/test_subgroups*.c */
	{ "cl_khr_subgroup_extended_types", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_SUBGROUPS },
	{ "cl_khr_subgroup_non_uniform_vote", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_SUBGROUPS },
	{ "cl_khr_subgroup_ballot", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_SUBGROUPS },
	{ "cl_khr_subgroup_non_uniform_arithmetic", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_SUBGROUPS },
	{ "cl_khr_subgroup_shuffle", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_SUBGROUPS },
	{ "cl_khr_subgroup_shuffle_relative", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_SUBGROUPS },
	{ "cl_khr_subgroup_clustered_reduce", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_SUBGROUPS },
	{ "cl_khr_subgroup_rotate", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_SUBGROUPS },
	{ "cl_intel_subgroups", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_SUBGROUPS },
	{ "cl_intel_subgroups_char", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_SUBGROUPS },
	{ "cl_intel_subgroups_short", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_SUBGROUPS },
	{ "cl_intel_subgroups_long", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_SUBGROUPS },
	/* SPV_INTEL_subgroups in modules (OpSubgroupShuffle*INTEL, buffer and
	 * image block I/O): tests/api/test_subgroups_spirv.c */
	{ "cl_intel_spirv_subgroups", CL_MAKE_VERSION(1, 0, 0), F_IL | F_SUBGROUPS },
	{ "cl_ext_float_atomics", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_ATOMICS_ALL },
	/* lib/api/usm.c; tests/api/test_usm*.c */
	{ "cl_intel_unified_shared_memory", CL_MAKE_VERSION(1, 2, 0), F_USM },
	/* lib/api/buffer_address.c; tests/api/test_buffer_device_address.c */
	{ "cl_ext_buffer_device_address", CL_MAKE_VERSION(1, 0, 2), F_BUFFER_ADDRESS },
	/* kernel-lib/integer_dot.cl, bit_ops_ext.cl, kernel_clock.cl;
	 * tests/api/test_integer_dot.c, test_bit_ops_ext.c, test_kernel_clock.c */
	{ "cl_khr_integer_dot_product", CL_MAKE_VERSION(2, 0, 0), F_COMPILER },
	{ "cl_khr_extended_bit_ops", CL_MAKE_VERSION(1, 0, 0), F_COMPILER },
	{ "cl_khr_kernel_clock", CL_MAKE_VERSION(1, 0, 0), F_COMPILER | F_HOST_TSC_CLOCK },
	/* host_uuid.c; tests/api/test_device_uuid.c */
	{ "cl_khr_device_uuid", CL_MAKE_VERSION(1, 0, 0), F_ALWAYS },
	/* lib/api/kernel_suggested_local.c; tests/api/test_suggested_local.c */
	{ "cl_khr_suggested_local_work_size", CL_MAKE_VERSION(1, 0, 0), F_COMPILER },
	/* kernel-lib/async_copy_ext.cl; tests/api/test_async_copy_ext.c */
	{ "cl_khr_extended_async_copies", CL_MAKE_VERSION(1, 0, 0), F_COMPILER },
	{ "cl_khr_async_work_group_copy_fence", CL_MAKE_VERSION(1, 0, 0),
	  F_COMPILER | F_KHR_UNLISTED },
	/* Clang's __builtin_expect/__builtin_assume, SPIR-V's OpExpectKHR and
	 * OpAssumeTrueKHR; tests/api/test_expect_assume.c, test_spirv_khr_ext.c */
	{ "cl_khr_expect_assume", CL_MAKE_VERSION(1, 0, 0), F_COMPILER },
	/* The SPIR-V translator reads SPV_KHR_no_integer_wrap_decoration and
	 * SPV_KHR_linkonce_odr (docs/extensions.md); test_spirv_khr_ext.c */
	{ "cl_khr_spirv_no_integer_wrap_decoration", CL_MAKE_VERSION(1, 0, 0), F_IL },
	{ "cl_khr_spirv_linkonce_odr", CL_MAKE_VERSION(1, 0, 0), F_IL | F_LINKER },
	/* kernel-lib/work_group_uniform.cl; tests/api/test_wg_uniform_arith.c */
	{ "cl_khr_work_group_uniform_arithmetic", CL_MAKE_VERSION(1, 0, 0),
	  F_COMPILER | F_WG_COLLECTIVES | F_KHR_UNLISTED },
	/* The three SPIR-V lists below (describe_spirv); empty without
	 * F_IL, as the extension asks of a device without SPIR-V. */
	{ CL_KHR_SPIRV_QUERIES_EXTENSION_NAME, CL_KHR_SPIRV_QUERIES_EXTENSION_VERSION,
	  F_ALWAYS },
};

/* cl_khr_spirv_queries: what clCreateProgramWithIL accepts, and so what the
 * device reports.  An entry is listed when the device has its `needs` and,
 * where `with` names a device extension, reports that extension: the
 * OpenCL SPIR-V environment spec ("Required Capabilities" and the section
 * of each extension) requires those names of a device that reports it,
 * and the CTS's api spirv_query_requirements checks them.  Every entry is
 * something the validator (lib/compiler/spirv_validate.cpp: its extension
 * and instruction lists), the pre-pass (spirv_prepass.cpp) and translator
 * 15 read and the runtime runs.  Translator 15 accepts any OpCapability,
 * so a declaration proves nothing: tests/api/test_spirv_queries.c and the
 * other SPIR-V tests run the instructions of each listed capability
 * (docs/extensions.md names which test runs what). */
#define F_SPIRV (F_IL | F_COMPILER)

static const struct {
	const char *name;
	unsigned needs;
} spirv_ext_inst_set_table[] = {
	{ "OpenCL.std", F_SPIRV },
};

static const struct {
	const char *name;
	const char *with; /* the device extension that implies it, or NULL */
	unsigned needs;
} spirv_extension_table[] = {
	{ "SPV_KHR_expect_assume", "cl_khr_expect_assume", F_SPIRV },
	{ "SPV_KHR_bit_instructions", "cl_khr_extended_bit_ops", F_SPIRV },
	{ "SPV_KHR_integer_dot_product", "cl_khr_integer_dot_product", F_SPIRV },
	/* OpReadClockKHR: rewritten by the pre-pass */
	{ "SPV_KHR_shader_clock", "cl_khr_kernel_clock", F_SPIRV },
	{ "SPV_KHR_linkonce_odr", "cl_khr_spirv_linkonce_odr", F_SPIRV },
	{ "SPV_KHR_no_integer_wrap_decoration",
	  "cl_khr_spirv_no_integer_wrap_decoration", F_SPIRV },
	{ "SPV_KHR_subgroup_rotate", "cl_khr_subgroup_rotate", F_SPIRV },
	/* Read whether or not cl_khr_work_group_uniform_arithmetic is
	 * reported (F_KHR_UNLISTED): kernel-lib/work_group_uniform.cl. */
	{ "SPV_KHR_uniform_group_instructions", NULL, F_SPIRV | F_WG_COLLECTIVES },
	{ "SPV_EXT_shader_atomic_float_add", "cl_ext_float_atomics",
	  F_SPIRV | F_ATOMICS_ALL },
	{ "SPV_EXT_shader_atomic_float_min_max", "cl_ext_float_atomics",
	  F_SPIRV | F_ATOMICS_ALL },
	{ "SPV_INTEL_subgroups", "cl_intel_spirv_subgroups", F_SPIRV },
};

static const struct {
	cl_uint capability; /* kiln_spirv_queries.h */
	const char *with;   /* the device extension that implies it, or NULL */
	unsigned needs;
} spirv_capability_table[] = {
	/* Every OpenCL device; Int64 of a full-profile device. */
	{ KILN_SPV_CAP_ADDRESSES, NULL, F_SPIRV },
	{ KILN_SPV_CAP_FLOAT16_BUFFER, NULL, F_SPIRV },
	{ KILN_SPV_CAP_INT16, NULL, F_SPIRV },
	{ KILN_SPV_CAP_INT8, NULL, F_SPIRV },
	{ KILN_SPV_CAP_KERNEL, NULL, F_SPIRV },
	{ KILN_SPV_CAP_LINKAGE, NULL, F_SPIRV },
	{ KILN_SPV_CAP_VECTOR16, NULL, F_SPIRV },
	{ KILN_SPV_CAP_INT64, NULL, F_SPIRV },
	{ KILN_SPV_CAP_FLOAT16, "cl_khr_fp16", F_SPIRV },
	{ KILN_SPV_CAP_FLOAT64, "cl_khr_fp64", F_SPIRV },
	{ KILN_SPV_CAP_INT64_ATOMICS, "cl_khr_int64_base_atomics", F_SPIRV },
	/* Images */
	{ KILN_SPV_CAP_IMAGE_BASIC, NULL, F_SPIRV | F_IMAGES },
	{ KILN_SPV_CAP_IMAGE1D, NULL, F_SPIRV | F_IMAGES },
	{ KILN_SPV_CAP_IMAGE_BUFFER, NULL, F_SPIRV | F_IMAGES },
	{ KILN_SPV_CAP_LITERAL_SAMPLER, NULL, F_SPIRV | F_IMAGES },
	{ KILN_SPV_CAP_SAMPLED1D, NULL, F_SPIRV | F_IMAGES },
	{ KILN_SPV_CAP_SAMPLED_BUFFER, NULL, F_SPIRV | F_IMAGES },
	{ KILN_SPV_CAP_IMAGE_READ_WRITE, NULL,
	  F_SPIRV | F_IMAGES | F_READ_WRITE_IMAGES },
	/* OpenCL 3.0 optional features */
	{ KILN_SPV_CAP_GENERIC_POINTER, NULL, F_SPIRV | F_GENERIC_AS },
	{ KILN_SPV_CAP_GROUPS, NULL, F_SPIRV | F_SUBGROUPS },
	{ KILN_SPV_CAP_GROUPS, NULL, F_SPIRV | F_WG_COLLECTIVES },
	{ KILN_SPV_CAP_SUBGROUP_DISPATCH, NULL, F_SPIRV | F_SUBGROUPS },
	{ KILN_SPV_CAP_PIPES, NULL, F_SPIRV | F_PIPES },
	{ KILN_SPV_CAP_DEVICE_ENQUEUE, NULL, F_SPIRV | F_DEVICE_ENQUEUE },
	/* Extensions */
	{ KILN_SPV_CAP_EXPECT_ASSUME_KHR, "cl_khr_expect_assume", F_SPIRV },
	{ KILN_SPV_CAP_BIT_INSTRUCTIONS, "cl_khr_extended_bit_ops", F_SPIRV },
	{ KILN_SPV_CAP_DOT_PRODUCT, "cl_khr_integer_dot_product", F_SPIRV },
	{ KILN_SPV_CAP_DOT_PRODUCT_INPUT_4X8BIT_PACKED,
	  "cl_khr_integer_dot_product", F_SPIRV },
	{ KILN_SPV_CAP_DOT_PRODUCT_INPUT_4X8BIT, "cl_khr_integer_dot_product",
	  F_SPIRV }, /* integer_dot_product_capabilities has both inputs */
	{ KILN_SPV_CAP_SHADER_CLOCK_KHR, "cl_khr_kernel_clock", F_SPIRV },
	{ KILN_SPV_CAP_GROUP_NON_UNIFORM, "cl_khr_subgroup_non_uniform_vote", F_SPIRV },
	{ KILN_SPV_CAP_GROUP_NON_UNIFORM_VOTE, "cl_khr_subgroup_non_uniform_vote",
	  F_SPIRV },
	{ KILN_SPV_CAP_GROUP_NON_UNIFORM_BALLOT, "cl_khr_subgroup_ballot", F_SPIRV },
	{ KILN_SPV_CAP_GROUP_NON_UNIFORM_ARITHMETIC,
	  "cl_khr_subgroup_non_uniform_arithmetic", F_SPIRV },
	{ KILN_SPV_CAP_GROUP_NON_UNIFORM_CLUSTERED,
	  "cl_khr_subgroup_clustered_reduce", F_SPIRV },
	{ KILN_SPV_CAP_GROUP_NON_UNIFORM_SHUFFLE, "cl_khr_subgroup_shuffle", F_SPIRV },
	{ KILN_SPV_CAP_GROUP_NON_UNIFORM_SHUFFLE_RELATIVE,
	  "cl_khr_subgroup_shuffle_relative", F_SPIRV },
	{ KILN_SPV_CAP_GROUP_NON_UNIFORM_ROTATE_KHR, "cl_khr_subgroup_rotate", F_SPIRV },
	{ KILN_SPV_CAP_GROUP_UNIFORM_ARITHMETIC_KHR, NULL, F_SPIRV | F_WG_COLLECTIVES },
	/* cl_ext_float_atomics: add and min/max of float, and of double
	 * (single/double_fp_atomic_capabilities in describe_optional) */
	{ KILN_SPV_CAP_ATOMIC_FLOAT32_ADD_EXT, "cl_ext_float_atomics",
	  F_SPIRV | F_ATOMICS_ALL },
	{ KILN_SPV_CAP_ATOMIC_FLOAT32_MIN_MAX_EXT, "cl_ext_float_atomics",
	  F_SPIRV | F_ATOMICS_ALL },
	{ KILN_SPV_CAP_ATOMIC_FLOAT64_ADD_EXT, "cl_ext_float_atomics",
	  F_SPIRV | F_ATOMICS_ALL | F_FP64 },
	{ KILN_SPV_CAP_ATOMIC_FLOAT64_MIN_MAX_EXT, "cl_ext_float_atomics",
	  F_SPIRV | F_ATOMICS_ALL | F_FP64 },
	{ KILN_SPV_CAP_SUBGROUP_SHUFFLE_INTEL, "cl_intel_spirv_subgroups", F_SPIRV },
	{ KILN_SPV_CAP_SUBGROUP_BUFFER_BLOCK_IO_INTEL, "cl_intel_spirv_subgroups",
	  F_SPIRV },
	{ KILN_SPV_CAP_SUBGROUP_IMAGE_BLOCK_IO_INTEL, "cl_intel_spirv_subgroups",
	  F_SPIRV | F_IMAGES },
};

/* OpenCL C 3.0 feature macros (OpenCL C spec §6.2.1) and what each needs.
 * __opencl_c_int64 is required of a full-profile device. */
static const struct {
	const char *name;
	unsigned needs;
	cl_device_atomic_capabilities atomics; /* bits of atomic_memory_capabilities */
} c_feature_table[] = {
	{ "__opencl_c_int64", F_ALWAYS, 0 },
	{ "__opencl_c_fp64", F_FP64, 0 },
	/* cl_khr_fp16: kernel-lib/math_half.cl, convert.cl, ...;
	 * tests/api/test_half*.c */
	{ "__opencl_c_fp16", F_FP16, 0 },
	{ "__opencl_c_images", F_IMAGES, 0 },
	{ "__opencl_c_3d_image_writes", F_IMAGES | F_IMAGE_WRITES_3D, 0 },
	{ "__opencl_c_read_write_images", F_IMAGES | F_READ_WRITE_IMAGES, 0 },
	{ "__opencl_c_generic_address_space", F_GENERIC_AS, 0 },
	{ "__opencl_c_pipes", F_PIPES, 0 },
	{ "__opencl_c_device_enqueue", F_DEVICE_ENQUEUE, 0 },
	{ "__opencl_c_program_scope_global_variables", F_PROGRAM_GLOBALS, 0 },
	{ "__opencl_c_work_group_collective_functions", F_WG_COLLECTIVES, 0 },
	{ "__opencl_c_subgroups", F_SUBGROUPS, 0 },
	{ "__opencl_c_atomic_order_acq_rel", F_ALWAYS, CL_DEVICE_ATOMIC_ORDER_ACQ_REL },
	{ "__opencl_c_atomic_order_seq_cst", F_ALWAYS, CL_DEVICE_ATOMIC_ORDER_SEQ_CST },
	{ "__opencl_c_atomic_scope_device", F_ALWAYS, CL_DEVICE_ATOMIC_SCOPE_DEVICE },
	{ "__opencl_c_atomic_scope_all_devices", F_ALWAYS, CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES },
	/* cl_ext_float_atomics (kernel-lib/atomics_c11.cl) */
	{ "__opencl_c_ext_fp32_global_atomic_add", F_ATOMICS_ALL, 0 },
	{ "__opencl_c_ext_fp32_local_atomic_add", F_ATOMICS_ALL, 0 },
	{ "__opencl_c_ext_fp32_global_atomic_min_max", F_ATOMICS_ALL, 0 },
	{ "__opencl_c_ext_fp32_local_atomic_min_max", F_ATOMICS_ALL, 0 },
	{ "__opencl_c_ext_fp64_global_atomic_add", F_ATOMICS_ALL | F_FP64, 0 },
	{ "__opencl_c_ext_fp64_local_atomic_add", F_ATOMICS_ALL | F_FP64, 0 },
	{ "__opencl_c_ext_fp64_global_atomic_min_max", F_ATOMICS_ALL | F_FP64, 0 },
	{ "__opencl_c_ext_fp64_local_atomic_min_max", F_ATOMICS_ALL | F_FP64, 0 },
	/* cl_khr_integer_dot_product: both inputs (integer_dot_product_
	 * capabilities in describe_optional says the same) */
	{ "__opencl_c_integer_dot_product_input_4x8bit", F_COMPILER, 0 },
	{ "__opencl_c_integer_dot_product_input_4x8bit_packed", F_COMPILER, 0 },
	/* cl_khr_kernel_clock: the scopes of kernel_clock_capabilities */
	{ "__opencl_c_kernel_clock_scope_device", F_COMPILER | F_HOST_TSC_CLOCK, 0 },
	{ "__opencl_c_kernel_clock_scope_work_group", F_COMPILER | F_HOST_TSC_CLOCK, 0 },
	{ "__opencl_c_kernel_clock_scope_sub_group",
	  F_COMPILER | F_HOST_TSC_CLOCK | F_SUBGROUPS, 0 },
};

/* OpenCL C versions the compiler accepts (-cl-std=). */
static const struct {
	cl_version version;
	unsigned needs;
} c_version_table[] = {
	{ CL_MAKE_VERSION(1, 0, 0), F_ALWAYS },
	{ CL_MAKE_VERSION(1, 1, 0), F_ALWAYS },
	{ CL_MAKE_VERSION(1, 2, 0), F_ALWAYS },
	{ CL_MAKE_VERSION(2, 0, 0), F_OPENCL_C_2_0 },
	{ CL_MAKE_VERSION(3, 0, 0), F_OPENCL_C_3_0 },
};

static void name_version(cl_name_version *nv, const char *name, cl_version v)
{
	nv->version = v;
	snprintf(nv->name, sizeof(nv->name), "%s", name);
}

static void describe_extensions(struct kiln_device_props *p)
{
	char *s = p->storage.extensions;
	size_t cap = sizeof(p->storage.extensions), len = 0, n = 0;
	s[0] = '\0';
	for (size_t i = 0; i < KILN_ARRAY_SIZE(extension_table); i++) {
		if (!has(extension_table[i].needs) || n == KILN_MAX_EXTENSIONS)
			continue;
		int w = snprintf(s + len, cap - len, "%s%s", len ? " " : "",
				 extension_table[i].name);
		if (w < 0 || (size_t)w >= cap - len)
			break;
		len += (size_t)w;
		name_version(&p->storage.extensions_with_version[n++],
			     extension_table[i].name, extension_table[i].version);
	}
	p->extensions = s;
	p->extensions_with_version = p->storage.extensions_with_version;
	p->num_extensions_with_version = n;
}

/* Whether describe_extensions listed `name` (NULL: no extension needed). */
static bool reports(const struct kiln_device_props *p, const char *name)
{
	if (!name)
		return true;
	for (size_t i = 0; i < p->num_extensions_with_version; i++)
		if (strcmp(p->extensions_with_version[i].name, name) == 0)
			return true;
	return false;
}

/* The three cl_khr_spirv_queries lists, from the tables above; a
 * capability two entries imply (Groups) is listed once. */
static void describe_spirv(struct kiln_device_props *p)
{
	size_t n = 0;
	for (size_t i = 0; i < KILN_ARRAY_SIZE(spirv_ext_inst_set_table); i++)
		if (has(spirv_ext_inst_set_table[i].needs) &&
		    n < KILN_MAX_SPIRV_EXT_INST_SETS)
			p->storage.spirv_ext_inst_sets[n++] =
				spirv_ext_inst_set_table[i].name;
	p->spirv_ext_inst_sets = p->storage.spirv_ext_inst_sets;
	p->num_spirv_ext_inst_sets = n;

	n = 0;
	for (size_t i = 0; i < KILN_ARRAY_SIZE(spirv_extension_table); i++)
		if (has(spirv_extension_table[i].needs) &&
		    reports(p, spirv_extension_table[i].with) &&
		    n < KILN_MAX_SPIRV_EXTENSIONS)
			p->storage.spirv_extensions[n++] = spirv_extension_table[i].name;
	p->spirv_extensions = p->storage.spirv_extensions;
	p->num_spirv_extensions = n;

	n = 0;
	for (size_t i = 0; i < KILN_ARRAY_SIZE(spirv_capability_table); i++) {
		cl_uint c = spirv_capability_table[i].capability;
		bool listed = false;
		for (size_t j = 0; j < n; j++)
			listed = listed || p->storage.spirv_capabilities[j] == c;
		if (!listed && has(spirv_capability_table[i].needs) &&
		    reports(p, spirv_capability_table[i].with) &&
		    n < KILN_MAX_SPIRV_CAPABILITIES)
			p->storage.spirv_capabilities[n++] = c;
	}
	p->spirv_capabilities = p->storage.spirv_capabilities;
	p->num_spirv_capabilities = n;
}

static void describe_opencl_c(struct kiln_device_props *p)
{
	size_t n = 0;
	for (size_t i = 0; i < KILN_ARRAY_SIZE(c_version_table); i++)
		if (has(c_version_table[i].needs) && n < KILN_MAX_C_VERSIONS)
			name_version(&p->storage.opencl_c_all_versions[n++], "OpenCL C",
				     c_version_table[i].version);
	p->opencl_c_all_versions = p->storage.opencl_c_all_versions;
	p->num_opencl_c_all_versions = n;

	n = 0;
	for (size_t i = 0; i < KILN_ARRAY_SIZE(c_feature_table); i++) {
		cl_device_atomic_capabilities a = c_feature_table[i].atomics;
		if (!has(c_feature_table[i].needs) ||
		    (a && !(p->atomic_memory_capabilities & a)) ||
		    n == KILN_MAX_C_FEATURES)
			continue;
		name_version(&p->storage.opencl_c_features[n++], c_feature_table[i].name,
			     CL_MAKE_VERSION(3, 0, 0));
	}
	p->opencl_c_features = p->storage.opencl_c_features;
	p->num_opencl_c_features = n;
	/* CL_DEVICE_OPENCL_C_VERSION names the highest version below 3.0
	 * (§4.2: the query is for 1.x/2.x compilers). */
	p->opencl_c_version = has(F_OPENCL_C_2_0) ? "OpenCL C 2.0 Kiln"
						  : "OpenCL C 1.2 Kiln";
}

/* Preferred and native widths: as many elements as fill the widest vector
 * register of the ISA level (16, 32 or 64 bytes).  double and half are 0
 * when the device does not support them (§4.2). */
static void describe_vectors(struct kiln_device_props *p, unsigned bytes)
{
	p->vector_bytes = bytes;
	p->native_vector_width_char = p->preferred_vector_width_char = bytes;
	p->native_vector_width_short = p->preferred_vector_width_short = bytes / 2;
	p->native_vector_width_int = p->preferred_vector_width_int = bytes / 4;
	p->native_vector_width_long = p->preferred_vector_width_long = bytes / 8;
	p->native_vector_width_float = p->preferred_vector_width_float = bytes / 4;
	p->native_vector_width_double = p->preferred_vector_width_double =
		has(F_FP64) ? bytes / 8 : 0;
	p->native_vector_width_half = p->preferred_vector_width_half =
		has(F_FP16) ? bytes / 2 : 0;
}

/* Physical memory, or the cgroup's memory limit when that is lower. */
static cl_ulong system_memory(void)
{
	struct sysinfo si;
	cl_ulong total = 0;
	if (sysinfo(&si) == 0)
		total = (cl_ulong)si.totalram * (si.mem_unit ? si.mem_unit : 1);
	cl_ulong limit = kiln_host_cgroup_memory();
	if (limit && (!total || limit < total))
		total = limit;
	return total ? total : 1ull << 30;
}

static void describe_memory(struct kiln_device_props *p,
			    const struct kiln_host_topology *t, unsigned vbytes)
{
	p->global_mem_size = system_memory();
	/* §4.2 minimum: max(min(1 GiB, global/4), 32 MiB).  A CPU has no
	 * separate device memory, so a quarter of it, at least 1 GiB where the
	 * machine has it. */
	cl_ulong quarter = p->global_mem_size / 4;
	cl_ulong floor = p->global_mem_size < (1ull << 30) ? p->global_mem_size
							  : 1ull << 30;
	p->max_mem_alloc_size = quarter > floor ? quarter : floor;
	p->max_constant_buffer_size = p->max_mem_alloc_size; /* plain memory */
	p->max_constant_args = 64;

	p->global_mem_cacheline_size = t->cache_line;
	p->global_mem_cache_type = CL_READ_WRITE_CACHE;
	p->global_mem_cache_size = t->l3 ? t->l3 : t->l2 ? t->l2 : t->l1d;
	p->l1d_cache_size = t->l1d;
	p->l2_cache_size = t->l2;
	p->l3_cache_size = t->l3;

	/* Buffers start on a boundary that suits the widest vector, a cache
	 * line and the largest OpenCL C type (long16, 128 bytes). */
	unsigned align = t->cache_line > vbytes ? t->cache_line : vbytes;
	if (align < 64)
		align = 64;
	if (align < 128)
		align = 128;
	p->mem_base_addr_align = align * 8;
	p->min_data_type_align_size = 128;

	/* Local memory is an ordinary per-worker arena: size it to stay in the
	 * core's L2 (§4.2 minimum 32 KiB), so __local stays fast. */
	cl_ulong local = t->l2 ? t->l2 : 256u << 10;
	if (local < (32u << 10))
		local = 32u << 10;
	if (local > (4u << 20))
		local = 4u << 20;
	p->local_mem_size = local;
	p->local_mem_type = CL_GLOBAL; /* no dedicated local memory on a CPU */
}

static void describe_limits(struct kiln_device_props *p)
{
	p->max_work_item_dimensions = 3;
	p->max_work_group_size = 4096;
	for (int i = 0; i < 3; i++)
		p->max_work_item_sizes[i] = 4096;
	p->address_bits = 64;
	p->max_parameter_size = 4096;
	/* §4.2 asks for at least 1 MiB.  A record of printf("%c", c) takes
	 * 24 bytes, so 1 MiB holds 43690 such calls: too few for a kernel
	 * of 16384 work-items that prints a few characters each (the CTS's
	 * command-buffer printf test).  The buffer is calloc'ed per command
	 * and only the pages written are touched, so 8 MiB costs no more. */
	p->printf_buffer_size = 8u << 20;
	p->profiling_timer_resolution = 1; /* CLOCK_MONOTONIC, in ns */
	p->preferred_work_group_size_multiple = p->native_vector_width_float;
}

/* Sub-groups (OpenCL 3.0 §3.2.2; cl_intel_required_subgroup_size): a
 * kernel's sub-group size is its intel_reqd_sub_group_size, else the native
 * float vector width (kiln_kernel_sub_group_size, lib/core/kernel.c).  The
 * compiler runs any size up to 64 (one u64 mask of lanes); the device
 * offers 8, 16, 32 and 64 (32 for CUDA-style warps) and its own width.
 * CL_DEVICE_MAX_NUM_SUB_GROUPS bounds every kernel, so it counts the
 * sub-groups of the largest work-group at the smallest size (§4.2). */
static void describe_sub_groups(struct kiln_device_props *p)
{
	static const size_t offered[] = { 8, 16, 32, 64 };
	size_t native = p->native_vector_width_float ? p->native_vector_width_float : 1;
	size_t n = 0;
	bool native_listed = false;
	for (size_t i = 0; i < KILN_ARRAY_SIZE(offered); i++) {
		if (!native_listed && native <= offered[i]) {
			if (native < offered[i])
				p->storage.sub_group_sizes[n++] = native;
			native_listed = true;
		}
		p->storage.sub_group_sizes[n++] = offered[i];
	}
	if (!native_listed && native <= 64)
		p->storage.sub_group_sizes[n++] = native;
	p->sub_group_sizes = p->storage.sub_group_sizes;
	p->num_sub_group_sizes = n;
	size_t smallest = p->sub_group_sizes[0];
	p->max_num_sub_groups = (cl_uint)((p->max_work_group_size + smallest - 1) /
					  smallest);
	/* A kernel with a loop that may wait for another work-item runs its
	 * work-items as fibers that give the thread to the other sub-groups
	 * at each turn of the loop (lib/compiler/subgroups.cpp,
	 * lib/core/fibers.c). */
	p->sub_group_independent_forward_progress = CL_TRUE;
}

/* Everything that is 0 or false because the feature is switched off keeps
 * the zero the caller's memset left; only the "on" values are set here. */
static void describe_optional(struct kiln_device_props *p)
{
	p->compiler_available = has(F_COMPILER);
	p->linker_available = has(F_LINKER);

	if (has(F_IMAGES)) {
		p->image_support = CL_TRUE;
		p->max_read_image_args = 128;
		p->max_write_image_args = 64;
		p->max_read_write_image_args = has(F_READ_WRITE_IMAGES) ? 64 : 0;
		p->max_samplers = 16;
		p->image2d_max_width = p->image2d_max_height = 16384;
		p->image3d_max_width = p->image3d_max_height = 2048;
		p->image3d_max_depth = 2048;
		p->image_max_buffer_size = 65536;
		p->image_max_array_size = 2048;
		p->image_pitch_alignment = 1;
		p->image_base_address_alignment = 1;
	}

	p->single_fp_config = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST |
			      CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT;
	if (kiln_host_isa()->fma)
		p->single_fp_config |= CL_FP_FMA;
	if (has(F_FP64))
		p->double_fp_config = CL_FP_FMA | CL_FP_ROUND_TO_NEAREST |
				      CL_FP_ROUND_TO_ZERO | CL_FP_ROUND_TO_INF |
				      CL_FP_INF_NAN | CL_FP_DENORM;
	/* half: subnormals, infinities and NaNs everywhere, round to
	 * nearest even, and a correctly rounded fma (kernel-lib/math_half.cl;
	 * tests/api/test_half_math.c). */
	if (has(F_FP16))
		p->half_fp_config = CL_FP_DENORM | CL_FP_INF_NAN |
				    CL_FP_ROUND_TO_NEAREST | CL_FP_FMA;

	if (has(F_PROGRAM_GLOBALS)) {
		/* A variable lives in its program's JIT-loaded data (zero
		 * pages until touched): 64 MiB for one (the spec's minimum
		 * is 64 KiB), and as much in total before it is a burden. */
		p->max_global_variable_size = (size_t)64 << 20;
		p->global_variable_preferred_total_size = (size_t)64 << 20;
	}
	if (has(F_DEVICE_ENQUEUE)) {
		p->queue_on_device_properties = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
						CL_QUEUE_PROFILING_ENABLE;
		/* lib/core/device_enqueue.c: a command takes
		 * KILN_DEVICE_QUEUE_ENTRY_BYTES (64) of CL_QUEUE_SIZE while
		 * it is on the queue: 16384 by default, 131072 at most.  The
		 * entry is only counted (commands live on the heap), and a
		 * kernel whose every work-item enqueues a WAIT_KERNEL child
		 * holds one entry per work-item until it ends: 4096 of them
		 * in the CTS's command-buffer device_enqueue test. */
		p->queue_on_device_preferred_size = 1u << 20;
		p->queue_on_device_max_size = 8u << 20;
		p->max_on_device_queues = 4;
		p->max_on_device_events = 1024;
		p->device_enqueue_capabilities = CL_DEVICE_QUEUE_SUPPORTED |
						 CL_DEVICE_QUEUE_REPLACEABLE_DEFAULT;
	}
	if (has(F_SVM))
		p->svm_capabilities = CL_DEVICE_SVM_COARSE_GRAIN_BUFFER |
				      CL_DEVICE_SVM_FINE_GRAIN_BUFFER |
				      CL_DEVICE_SVM_FINE_GRAIN_SYSTEM |
				      CL_DEVICE_SVM_ATOMICS;
	if (has(F_USM)) {
		/* Every kind of USM allocation is host memory that kernels
		 * and host threads use at the same time, atomics included
		 * (the same memory as fine-grained system SVM with atomics),
		 * and every device of a context is this host, so shared
		 * allocations are also cross-device and system memory is
		 * shared too (lib/api/usm.c). */
		cl_bitfield all = CL_UNIFIED_SHARED_MEMORY_ACCESS_INTEL |
				  CL_UNIFIED_SHARED_MEMORY_ATOMIC_ACCESS_INTEL |
				  CL_UNIFIED_SHARED_MEMORY_CONCURRENT_ACCESS_INTEL |
				  CL_UNIFIED_SHARED_MEMORY_CONCURRENT_ATOMIC_ACCESS_INTEL;
		p->usm_host_capabilities = all;
		p->usm_device_capabilities = all;
		p->usm_single_device_shared_capabilities = all;
		p->usm_cross_device_shared_capabilities = all;
		p->usm_shared_system_capabilities = all;
	}
	if (has(F_PIPES)) {
		/* kernel-lib/pipes.cl (docs/pipes.md).  A pipe argument is one
		 * pointer, so a kernel takes as many as its parameters hold;
		 * 16 is the spec's minimum, promised here.  A reservation is
		 * a value (first slot, count) with no state of its own, so a
		 * work-item may hold any number: the capacity of the pipe is
		 * the only limit.  A packet is copied with memcpy, of any
		 * size; 64 KiB keeps a packet a work-item holds in private
		 * memory to a size its stack takes. */
		p->pipe_support = CL_TRUE;
		p->max_pipe_args = 16;
		p->pipe_max_active_reservations = 65536;
		p->pipe_max_packet_size = 65536;
	}
	if (has(F_COMPILER)) {
		/* cl_khr_integer_dot_product: both forms, each reaching
		 * kernel-lib's four packed primitives (integer_dot.cl), which
		 * kiln-lower-dot makes VNNI's vpdpbusd(s) where the level
		 * has it: one instruction for mixed signedness (and its
		 * saturating form), two plus a correction for signed or
		 * unsigned inputs.  kiln-bench-dot measured each form
		 * 1.2-1.5x faster that way than the same kernels with the
		 * primitives' plain multiply-add bodies (docs/benchmarks.md),
		 * so every form counts as accelerated there, and none
		 * without VNNI. */
		p->integer_dot_product_capabilities =
			CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_PACKED_KHR |
			CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR;
		cl_bool accel = kiln_host_isa()->vnni ? CL_TRUE : CL_FALSE;
		cl_device_integer_dot_product_acceleration_properties_khr a = {
			.signed_accelerated = accel,
			.unsigned_accelerated = accel,
			.mixed_signedness_accelerated = accel,
			.accumulating_saturating_signed_accelerated = accel,
			.accumulating_saturating_unsigned_accelerated = accel,
			.accumulating_saturating_mixed_signedness_accelerated = accel,
		};
		p->integer_dot_product_accel_8bit = a;
		p->integer_dot_product_accel_4x8bit_packed = a;
	}
	if (has(F_COMPILER | F_HOST_TSC_CLOCK)) {
		p->kernel_clock_capabilities = CL_DEVICE_KERNEL_CLOCK_SCOPE_DEVICE_KHR |
					       CL_DEVICE_KERNEL_CLOCK_SCOPE_WORK_GROUP_KHR;
		if (has(F_SUBGROUPS))
			p->kernel_clock_capabilities |=
				CL_DEVICE_KERNEL_CLOCK_SCOPE_SUB_GROUP_KHR;
	}
	p->generic_address_space_support = has(F_GENERIC_AS);
	p->non_uniform_work_group_support = has(F_NON_UNIFORM_WG);
	p->work_group_collective_functions_support = has(F_WG_COLLECTIVES);
	if (has(F_SUBGROUPS))
		describe_sub_groups(p);

	/* §4.2: a 3.0 device supports at least relaxed atomics at work-group
	 * scope, and relaxed/acq_rel fences at work-group scope. */
	p->atomic_memory_capabilities = CL_DEVICE_ATOMIC_ORDER_RELAXED |
					CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP;
	p->atomic_fence_capabilities = CL_DEVICE_ATOMIC_ORDER_RELAXED |
				       CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
				       CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP;
	if (has(F_ATOMICS_ALL)) {
		cl_device_atomic_capabilities all = CL_DEVICE_ATOMIC_ORDER_RELAXED |
			CL_DEVICE_ATOMIC_ORDER_ACQ_REL | CL_DEVICE_ATOMIC_ORDER_SEQ_CST |
			CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP |
			CL_DEVICE_ATOMIC_SCOPE_DEVICE | CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES;
		p->atomic_memory_capabilities = all & ~(cl_device_atomic_capabilities)
					       CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM;
		p->atomic_fence_capabilities = all;
		/* cl_ext_float_atomics: load/store/exchange, add/sub and
		 * min/max of float and double in global and local memory
		 * (half has no atomic type in Clang 15). */
		cl_bitfield fp = CL_DEVICE_GLOBAL_FP_ATOMIC_LOAD_STORE_EXT |
				 CL_DEVICE_GLOBAL_FP_ATOMIC_ADD_EXT |
				 CL_DEVICE_GLOBAL_FP_ATOMIC_MIN_MAX_EXT |
				 CL_DEVICE_LOCAL_FP_ATOMIC_LOAD_STORE_EXT |
				 CL_DEVICE_LOCAL_FP_ATOMIC_ADD_EXT |
				 CL_DEVICE_LOCAL_FP_ATOMIC_MIN_MAX_EXT;
		p->single_fp_atomic_capabilities = fp;
		p->double_fp_atomic_capabilities = has(F_FP64) ? fp : 0;
	}
	p->il_version = has(F_IL) ? "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2 SPIR-V_1.3 SPIR-V_1.4 "
				    "SPIR-V_1.5"
				  : "";
	/* The same versions as a list: the SPIR-V translator reads 1.0–1.4,
	 * and 1.5 after the pre-pass (lib/compiler/spirv_prepass.cpp) has
	 * rewritten what 1.5 adds. */
	static const cl_name_version spirv_versions[] = {
		{ CL_MAKE_VERSION(1, 0, 0), "SPIR-V" },
		{ CL_MAKE_VERSION(1, 1, 0), "SPIR-V" },
		{ CL_MAKE_VERSION(1, 2, 0), "SPIR-V" },
		{ CL_MAKE_VERSION(1, 3, 0), "SPIR-V" },
		{ CL_MAKE_VERSION(1, 4, 0), "SPIR-V" },
		{ CL_MAKE_VERSION(1, 5, 0), "SPIR-V" },
	};
	p->ils_with_version = has(F_IL) ? spirv_versions : NULL;
	p->num_ils_with_version = has(F_IL) ? KILN_ARRAY_SIZE(spirv_versions) : 0;
}

/* §4.3: a device of two or more units splits into sub-devices whose
 * workers are pinned to their own cores (docs/sub_devices.md), so only
 * where threads can be pinned (hwloc knows the topology). */
static void describe_partitioning(struct kiln_device_props *p, unsigned units)
{
	kiln_host_describe_partitioning(p, NULL, units,
					kiln_host_worker_cpu(0) >= 0);
	/* A root device: CL_DEVICE_PARTITION_TYPE is a single 0. */
	p->storage.partition_type[0] = 0;
	p->partition_type = p->storage.partition_type;
	p->num_partition_type = 1;
}

cl_int kiln_host_describe(struct kiln_device_props *props,
			  unsigned compute_units, const char *name_suffix)
{
	if (!props)
		return CL_INVALID_VALUE;
	memset(props, 0, sizeof(*props));
	const struct kiln_host_isa *isa = kiln_host_isa();
	const struct kiln_host_topology *topo = kiln_host_topology();

	props->type = CL_DEVICE_TYPE_CPU;
	/* Not a PCI vendor id (those are 16 bits) nor a Khronos-assigned one
	 * (0x10000 and up, cl_khronos_vendor_id): "KILN" in ASCII. */
	props->vendor_id = 0x4b494c4e;
	props->max_compute_units = compute_units ? compute_units : 1;
	props->max_clock_frequency = kiln_host_clock_mhz();
	props->physical_cores = topo->physical_cores;
	props->numa_nodes = topo->numa_nodes;
	props->isa_level = isa->level_name;
	props->isa_features = isa->llvm_features;

	snprintf(props->storage.name, sizeof(props->storage.name), "%s%s",
		 isa->brand[0] ? isa->brand : "x86-64 CPU",
		 name_suffix ? name_suffix : "");
	props->name = props->storage.name;
	props->vendor = "The Kiln project";
	/* §4.2: "OpenCL<space><major.minor><space><vendor-specific
	 * information>".  Applications parse it naively (the OpenCL-SDK
	 * samples reject a device whose string contains "1.0" or "1.1"), so
	 * the vendor part holds no version number: Kiln's own version is
	 * CL_DRIVER_VERSION (tests/api/test_version_strings.c). */
	props->driver_version = KILN_VERSION_STRING;
	props->version = "OpenCL 3.0 Kiln";
	props->numeric_version = CL_MAKE_VERSION(3, 0, 0);
	props->profile = "FULL_PROFILE";
	props->built_in_kernels = "";
	/* Not submitted to Khronos conformance: the spec's format, no date. */
	props->latest_conformance_version_passed = "v0000-01-01-00";

	/* cl_khr_device_uuid: LUIDs identify adapters on Windows; none here
	 * (the LUID and node mask stay 0). */
	kiln_host_uuids(props->name, props->device_uuid, props->driver_uuid);
	props->device_luid_valid = CL_FALSE;

	describe_vectors(props, isa->vector_bytes);
	describe_memory(props, topo, isa->vector_bytes);
	describe_limits(props);
	describe_optional(props);
	describe_extensions(props);
	describe_spirv(props);
	describe_opencl_c(props);
	describe_partitioning(props, props->max_compute_units);

	props->error_correction_support = CL_FALSE;
	props->host_unified_memory = CL_TRUE;
	props->endian_little = CL_TRUE;
	props->available = CL_TRUE;
	props->execution_capabilities = CL_EXEC_KERNEL | CL_EXEC_NATIVE_KERNEL;
	props->queue_on_host_properties = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
					  CL_QUEUE_PROFILING_ENABLE;
	props->preferred_interop_user_sync = CL_TRUE;
	/* 0: atomics need only their natural alignment (§4.2). */
	props->preferred_platform_atomic_alignment = 0;
	props->preferred_global_atomic_alignment = 0;
	props->preferred_local_atomic_alignment = 0;
	return CL_SUCCESS;
}
