/* Everything clGetDeviceInfo reports, as data.  The driver's init fills it
 * (kiln_host_describe in lib/devices/host_describe.c); lib/core/device_info.c
 * answers queries from it with one table line each.
 *
 * Strings and arrays are pointers so that the info table can answer them;
 * kiln_host_describe points them into the `storage` member at the end, so a
 * props struct must not be copied and outlive the one it was copied from. */
#ifndef KILN_CORE_DEVICE_PROPS_H
#define KILN_CORE_DEVICE_PROPS_H

#include "cl_target.h"
#include <stddef.h>

/* cl_ext_float_atomics (extension version 1.0), which Debian's OpenCL
 * headers predate. */
#ifndef CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT
#define CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT 0x4231
#define CL_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT 0x4232
#define CL_DEVICE_HALF_FP_ATOMIC_CAPABILITIES_EXT 0x4233
#define CL_DEVICE_GLOBAL_FP_ATOMIC_LOAD_STORE_EXT (1 << 0)
#define CL_DEVICE_GLOBAL_FP_ATOMIC_ADD_EXT (1 << 1)
#define CL_DEVICE_GLOBAL_FP_ATOMIC_MIN_MAX_EXT (1 << 2)
#define CL_DEVICE_LOCAL_FP_ATOMIC_LOAD_STORE_EXT (1 << 16)
#define CL_DEVICE_LOCAL_FP_ATOMIC_ADD_EXT (1 << 17)
#define CL_DEVICE_LOCAL_FP_ATOMIC_MIN_MAX_EXT (1 << 18)
#endif

/* cl_khr_kernel_clock (extension version 1.0.0), also newer than
 * Debian's headers. */
#ifndef CL_DEVICE_KERNEL_CLOCK_CAPABILITIES_KHR
#define CL_DEVICE_KERNEL_CLOCK_CAPABILITIES_KHR 0x1076
typedef cl_bitfield cl_device_kernel_clock_capabilities_khr;
#define CL_DEVICE_KERNEL_CLOCK_SCOPE_DEVICE_KHR (1 << 0)
#define CL_DEVICE_KERNEL_CLOCK_SCOPE_WORK_GROUP_KHR (1 << 1)
#define CL_DEVICE_KERNEL_CLOCK_SCOPE_SUB_GROUP_KHR (1 << 2)
#endif

#define KILN_MAX_EXTENSIONS 64
#define KILN_MAX_C_FEATURES 48
#define KILN_MAX_C_VERSIONS 8
#define KILN_MAX_SUB_GROUP_SIZES 8
#define KILN_MAX_SPIRV_EXT_INST_SETS 4
#define KILN_MAX_SPIRV_EXTENSIONS 32
#define KILN_MAX_SPIRV_CAPABILITIES 64

struct kiln_device_props {
	cl_device_type type;
	cl_uint vendor_id;
	cl_uint max_compute_units;
	cl_uint max_work_item_dimensions;
	size_t max_work_item_sizes[3];
	size_t max_work_group_size;
	cl_uint max_clock_frequency; /* MHz */
	cl_uint address_bits;
	cl_ulong max_mem_alloc_size;
	cl_ulong global_mem_size;
	cl_uint mem_base_addr_align; /* bits */
	cl_uint global_mem_cacheline_size;
	cl_ulong global_mem_cache_size;
	cl_ulong local_mem_size;
	cl_ulong max_constant_buffer_size;
	size_t max_parameter_size;
	size_t profiling_timer_resolution; /* ns */
	cl_command_queue_properties queue_on_host_properties;
	const char *name;
	const char *vendor;
	const char *driver_version;
	const char *version;      /* "OpenCL 3.0 Kiln ..." */
	const char *extensions;   /* space-separated */
	/* ISA level the code generator targets: "x86-64-v2", "-v3", "-v4" */
	const char *isa_level;
	/* LLVM feature string of that level on this CPU ("+sse2,...,-avx512f"):
	 * with isa_level and vector_bytes, all struct kiln_target knows of the
	 * CPU (lib/devices/host_isa.c reads CPUID, nothing else does). */
	const char *isa_features;

	/* --- the rest of the OpenCL 3.0 queries (§4.2, table "Device queries") */

	/* Feature switches: what works today.  kiln_host_describe sets them
	 * from one table (host_describe.c) and derives the dependent values
	 * (extensions, OpenCL C features, fp configs, vector widths). */
	cl_bool compiler_available;
	cl_bool linker_available;
	cl_bool image_support;
	cl_bool pipe_support;
	cl_bool generic_address_space_support;
	cl_bool non_uniform_work_group_support;
	cl_bool work_group_collective_functions_support;
	cl_bool sub_group_independent_forward_progress;

	/* Vector widths (elements), from the ISA. */
	cl_uint preferred_vector_width_char, preferred_vector_width_short,
		preferred_vector_width_int, preferred_vector_width_long,
		preferred_vector_width_float, preferred_vector_width_double,
		preferred_vector_width_half;
	cl_uint native_vector_width_char, native_vector_width_short,
		native_vector_width_int, native_vector_width_long,
		native_vector_width_float, native_vector_width_double,
		native_vector_width_half;

	/* Images (all 0 when image_support is CL_FALSE, §4.2). */
	cl_uint max_read_image_args, max_write_image_args,
		max_read_write_image_args, max_samplers;
	size_t image2d_max_width, image2d_max_height;
	size_t image3d_max_width, image3d_max_height, image3d_max_depth;
	size_t image_max_buffer_size, image_max_array_size;
	cl_uint image_pitch_alignment, image_base_address_alignment;

	cl_uint min_data_type_align_size; /* bytes */
	cl_device_fp_config half_fp_config, single_fp_config, double_fp_config;
	cl_device_mem_cache_type global_mem_cache_type;
	cl_uint max_constant_args;
	cl_device_local_mem_type local_mem_type;
	cl_bool error_correction_support;
	cl_bool host_unified_memory;
	cl_bool endian_little;
	cl_bool available;
	cl_device_exec_capabilities execution_capabilities;
	const char *profile;           /* "FULL_PROFILE" */
	const char *opencl_c_version;  /* "OpenCL C 1.2 Kiln" */
	const char *built_in_kernels;  /* "" */
	const char *il_version;        /* "" until SPIR-V works */
	const char *latest_conformance_version_passed;
	cl_version numeric_version;
	cl_bool preferred_interop_user_sync;
	size_t printf_buffer_size;

	/* Program-scope variables (OpenCL C 2.0; 0 when unsupported). */
	size_t max_global_variable_size;
	size_t global_variable_preferred_total_size;

	/* On-device queues (0 when device enqueue is unsupported). */
	cl_command_queue_properties queue_on_device_properties;
	cl_uint queue_on_device_preferred_size, queue_on_device_max_size;
	cl_uint max_on_device_queues, max_on_device_events;
	cl_device_device_enqueue_capabilities device_enqueue_capabilities;

	cl_device_svm_capabilities svm_capabilities;
	/* cl_intel_unified_shared_memory: CL_DEVICE_{HOST,DEVICE,
	 * SINGLE_DEVICE_SHARED,CROSS_DEVICE_SHARED,SHARED_SYSTEM}_MEM_
	 * CAPABILITIES_INTEL (0 without the extension). */
	cl_bitfield usm_host_capabilities;
	cl_bitfield usm_device_capabilities;
	cl_bitfield usm_single_device_shared_capabilities;
	cl_bitfield usm_cross_device_shared_capabilities;
	cl_bitfield usm_shared_system_capabilities;
	cl_uint max_pipe_args, pipe_max_active_reservations,
		pipe_max_packet_size;
	cl_uint preferred_platform_atomic_alignment,
		preferred_global_atomic_alignment,
		preferred_local_atomic_alignment;
	cl_device_atomic_capabilities atomic_memory_capabilities;
	cl_device_atomic_capabilities atomic_fence_capabilities;
	/* cl_ext_float_atomics: CL_DEVICE_{SINGLE,DOUBLE,HALF}_FP_ATOMIC_
	 * CAPABILITIES_EXT, bits CL_DEVICE_{GLOBAL,LOCAL}_FP_ATOMIC_* */
	cl_bitfield single_fp_atomic_capabilities;
	cl_bitfield double_fp_atomic_capabilities;
	cl_bitfield half_fp_atomic_capabilities;
	cl_uint max_num_sub_groups; /* 0: no sub-groups */
	/* cl_intel_required_subgroup_size: CL_DEVICE_SUB_GROUP_SIZES_INTEL,
	 * every size intel_reqd_sub_group_size may ask for, ascending; none
	 * without sub-groups */
	const size_t *sub_group_sizes;
	size_t num_sub_group_sizes;
	size_t preferred_work_group_size_multiple;

	/* cl_khr_integer_dot_product (all 0 without it) */
	cl_device_integer_dot_product_capabilities_khr integer_dot_product_capabilities;
	cl_device_integer_dot_product_acceleration_properties_khr
		integer_dot_product_accel_8bit, integer_dot_product_accel_4x8bit_packed;
	/* cl_khr_kernel_clock: CL_DEVICE_KERNEL_CLOCK_SCOPE_* bits */
	cl_device_kernel_clock_capabilities_khr kernel_clock_capabilities;
	/* cl_khr_device_uuid */
	cl_uchar device_uuid[CL_UUID_SIZE_KHR], driver_uuid[CL_UUID_SIZE_KHR];
	cl_bool device_luid_valid; /* CL_FALSE: LUIDs are a Windows notion */
	cl_uchar device_luid[CL_LUID_SIZE_KHR];
	cl_uint device_node_mask;

	/* Partitioning (§4.3). */
	cl_uint partition_max_sub_devices;
	const cl_device_partition_property *partition_properties;
	size_t num_partition_properties;
	cl_device_affinity_domain partition_affinity_domain;
	const cl_device_partition_property *partition_type;
	size_t num_partition_type;

	/* Versioned lists (cl_name_version arrays). */
	const cl_name_version *extensions_with_version;
	size_t num_extensions_with_version;
	const cl_name_version *ils_with_version;
	size_t num_ils_with_version;
	const cl_name_version *built_in_kernels_with_version;
	size_t num_built_in_kernels_with_version;
	const cl_name_version *opencl_c_all_versions;
	size_t num_opencl_c_all_versions;
	const cl_name_version *opencl_c_features;
	size_t num_opencl_c_features;

	/* cl_khr_spirv_queries: names of extended instruction sets and of
	 * SPIR-V extensions (static strings), SPIR-V capability numbers;
	 * all empty without SPIR-V. */
	const char *const *spirv_ext_inst_sets;
	size_t num_spirv_ext_inst_sets;
	const char *const *spirv_extensions;
	size_t num_spirv_extensions;
	const cl_uint *spirv_capabilities;
	size_t num_spirv_capabilities;

	/* Host facts the drivers use (not queries). */
	cl_uint physical_cores;   /* usable physical cores (hwloc) */
	cl_uint numa_nodes;       /* NUMA nodes (hwloc), at least 1 */
	cl_ulong l1d_cache_size, l2_cache_size, l3_cache_size; /* bytes, 0 = none */
	cl_uint vector_bytes;     /* widest native vector: 16, 32 or 64 */

	/* Backing store for the strings and arrays above. */
	struct {
		char name[128];
		char extensions[2048];
		cl_name_version extensions_with_version[KILN_MAX_EXTENSIONS];
		cl_name_version opencl_c_features[KILN_MAX_C_FEATURES];
		cl_name_version opencl_c_all_versions[KILN_MAX_C_VERSIONS];
		cl_device_partition_property partition_properties[4];
		cl_device_partition_property partition_type[4];
		size_t sub_group_sizes[KILN_MAX_SUB_GROUP_SIZES];
		const char *spirv_ext_inst_sets[KILN_MAX_SPIRV_EXT_INST_SETS];
		const char *spirv_extensions[KILN_MAX_SPIRV_EXTENSIONS];
		cl_uint spirv_capabilities[KILN_MAX_SPIRV_CAPABILITIES];
	} storage;
};

#endif
