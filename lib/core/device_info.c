/* clGetDeviceInfo's answers (OpenCL 3.0 §4.2, table "OpenCL Device
 * Queries"): one line per query over struct _cl_device_id and its props. */
#include "command_buffer.h"
#include "device.h"
#include "info.h"
#include "platform.h"
#include "../../include/kiln_spirv_queries.h"

#define DEV_FIELD(param, member) KILN_INFO_FIELD(param, struct _cl_device_id, member)
#define DEV_STR(param, member) KILN_INFO_STR(param, struct _cl_device_id, member)
#define DEV_ARR(param, member, count)                                          \
	KILN_INFO_ARR(param, struct _cl_device_id, member, count)

static const struct kiln_info_field device_info[] = {
	/* OpenCL 1.0 */
	DEV_FIELD(CL_DEVICE_TYPE, props.type),
	DEV_FIELD(CL_DEVICE_VENDOR_ID, props.vendor_id),
	DEV_FIELD(CL_DEVICE_MAX_COMPUTE_UNITS, props.max_compute_units),
	DEV_FIELD(CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, props.max_work_item_dimensions),
	DEV_FIELD(CL_DEVICE_MAX_WORK_GROUP_SIZE, props.max_work_group_size),
	DEV_FIELD(CL_DEVICE_MAX_WORK_ITEM_SIZES, props.max_work_item_sizes),
	DEV_FIELD(CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, props.preferred_vector_width_char),
	DEV_FIELD(CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT, props.preferred_vector_width_short),
	DEV_FIELD(CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, props.preferred_vector_width_int),
	DEV_FIELD(CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG, props.preferred_vector_width_long),
	DEV_FIELD(CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, props.preferred_vector_width_float),
	DEV_FIELD(CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, props.preferred_vector_width_double),
	DEV_FIELD(CL_DEVICE_MAX_CLOCK_FREQUENCY, props.max_clock_frequency),
	DEV_FIELD(CL_DEVICE_ADDRESS_BITS, props.address_bits),
	DEV_FIELD(CL_DEVICE_MAX_READ_IMAGE_ARGS, props.max_read_image_args),
	DEV_FIELD(CL_DEVICE_MAX_WRITE_IMAGE_ARGS, props.max_write_image_args),
	DEV_FIELD(CL_DEVICE_MAX_MEM_ALLOC_SIZE, props.max_mem_alloc_size),
	DEV_FIELD(CL_DEVICE_IMAGE2D_MAX_WIDTH, props.image2d_max_width),
	DEV_FIELD(CL_DEVICE_IMAGE2D_MAX_HEIGHT, props.image2d_max_height),
	DEV_FIELD(CL_DEVICE_IMAGE3D_MAX_WIDTH, props.image3d_max_width),
	DEV_FIELD(CL_DEVICE_IMAGE3D_MAX_HEIGHT, props.image3d_max_height),
	DEV_FIELD(CL_DEVICE_IMAGE3D_MAX_DEPTH, props.image3d_max_depth),
	DEV_FIELD(CL_DEVICE_IMAGE_SUPPORT, props.image_support),
	DEV_FIELD(CL_DEVICE_MAX_PARAMETER_SIZE, props.max_parameter_size),
	DEV_FIELD(CL_DEVICE_MAX_SAMPLERS, props.max_samplers),
	DEV_FIELD(CL_DEVICE_MEM_BASE_ADDR_ALIGN, props.mem_base_addr_align),
	DEV_FIELD(CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE, props.min_data_type_align_size),
	DEV_FIELD(CL_DEVICE_SINGLE_FP_CONFIG, props.single_fp_config),
	DEV_FIELD(CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, props.global_mem_cache_type),
	DEV_FIELD(CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, props.global_mem_cacheline_size),
	DEV_FIELD(CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, props.global_mem_cache_size),
	DEV_FIELD(CL_DEVICE_GLOBAL_MEM_SIZE, props.global_mem_size),
	DEV_FIELD(CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, props.max_constant_buffer_size),
	DEV_FIELD(CL_DEVICE_MAX_CONSTANT_ARGS, props.max_constant_args),
	DEV_FIELD(CL_DEVICE_LOCAL_MEM_TYPE, props.local_mem_type),
	DEV_FIELD(CL_DEVICE_LOCAL_MEM_SIZE, props.local_mem_size),
	DEV_FIELD(CL_DEVICE_ERROR_CORRECTION_SUPPORT, props.error_correction_support),
	DEV_FIELD(CL_DEVICE_PROFILING_TIMER_RESOLUTION, props.profiling_timer_resolution),
	DEV_FIELD(CL_DEVICE_ENDIAN_LITTLE, props.endian_little),
	DEV_FIELD(CL_DEVICE_AVAILABLE, props.available),
	DEV_FIELD(CL_DEVICE_COMPILER_AVAILABLE, props.compiler_available),
	DEV_FIELD(CL_DEVICE_EXECUTION_CAPABILITIES, props.execution_capabilities),
	/* CL_DEVICE_QUEUE_PROPERTIES (1.x) is the same query. */
	DEV_FIELD(CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, props.queue_on_host_properties),
	DEV_STR(CL_DEVICE_NAME, props.name),
	DEV_STR(CL_DEVICE_VENDOR, props.vendor),
	DEV_STR(CL_DRIVER_VERSION, props.driver_version),
	DEV_STR(CL_DEVICE_PROFILE, props.profile),
	DEV_STR(CL_DEVICE_VERSION, props.version),
	DEV_STR(CL_DEVICE_EXTENSIONS, props.extensions),
	/* OpenCL 1.1 */
	DEV_FIELD(CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, props.preferred_vector_width_half),
	DEV_FIELD(CL_DEVICE_HOST_UNIFIED_MEMORY, props.host_unified_memory),
	DEV_FIELD(CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, props.native_vector_width_char),
	DEV_FIELD(CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT, props.native_vector_width_short),
	DEV_FIELD(CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, props.native_vector_width_int),
	DEV_FIELD(CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG, props.native_vector_width_long),
	DEV_FIELD(CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, props.native_vector_width_float),
	DEV_FIELD(CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE, props.native_vector_width_double),
	DEV_FIELD(CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, props.native_vector_width_half),
	DEV_STR(CL_DEVICE_OPENCL_C_VERSION, props.opencl_c_version),
	/* OpenCL 1.2 */
	DEV_FIELD(CL_DEVICE_DOUBLE_FP_CONFIG, props.double_fp_config),
	DEV_FIELD(CL_DEVICE_HALF_FP_CONFIG, props.half_fp_config), /* cl_khr_fp16 */
	DEV_FIELD(CL_DEVICE_LINKER_AVAILABLE, props.linker_available),
	DEV_STR(CL_DEVICE_BUILT_IN_KERNELS, props.built_in_kernels),
	DEV_FIELD(CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, props.image_max_buffer_size),
	DEV_FIELD(CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, props.image_max_array_size),
	DEV_FIELD(CL_DEVICE_PARENT_DEVICE, parent),
	DEV_FIELD(CL_DEVICE_PARTITION_MAX_SUB_DEVICES, props.partition_max_sub_devices),
	DEV_ARR(CL_DEVICE_PARTITION_PROPERTIES, props.partition_properties,
		props.num_partition_properties),
	DEV_FIELD(CL_DEVICE_PARTITION_AFFINITY_DOMAIN, props.partition_affinity_domain),
	DEV_ARR(CL_DEVICE_PARTITION_TYPE, props.partition_type, props.num_partition_type),
	DEV_FIELD(CL_DEVICE_PREFERRED_INTEROP_USER_SYNC, props.preferred_interop_user_sync),
	DEV_FIELD(CL_DEVICE_PRINTF_BUFFER_SIZE, props.printf_buffer_size),
	/* OpenCL 2.0 */
	DEV_FIELD(CL_DEVICE_IMAGE_PITCH_ALIGNMENT, props.image_pitch_alignment),
	DEV_FIELD(CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, props.image_base_address_alignment),
	DEV_FIELD(CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, props.max_read_write_image_args),
	DEV_FIELD(CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, props.max_global_variable_size),
	DEV_FIELD(CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, props.queue_on_device_properties),
	DEV_FIELD(CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, props.queue_on_device_preferred_size),
	DEV_FIELD(CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, props.queue_on_device_max_size),
	DEV_FIELD(CL_DEVICE_MAX_ON_DEVICE_QUEUES, props.max_on_device_queues),
	DEV_FIELD(CL_DEVICE_MAX_ON_DEVICE_EVENTS, props.max_on_device_events),
	DEV_FIELD(CL_DEVICE_SVM_CAPABILITIES, props.svm_capabilities),
	/* cl_intel_unified_shared_memory */
	DEV_FIELD(CL_DEVICE_HOST_MEM_CAPABILITIES_INTEL, props.usm_host_capabilities),
	DEV_FIELD(CL_DEVICE_DEVICE_MEM_CAPABILITIES_INTEL, props.usm_device_capabilities),
	DEV_FIELD(CL_DEVICE_SINGLE_DEVICE_SHARED_MEM_CAPABILITIES_INTEL,
		  props.usm_single_device_shared_capabilities),
	DEV_FIELD(CL_DEVICE_CROSS_DEVICE_SHARED_MEM_CAPABILITIES_INTEL,
		  props.usm_cross_device_shared_capabilities),
	DEV_FIELD(CL_DEVICE_SHARED_SYSTEM_MEM_CAPABILITIES_INTEL,
		  props.usm_shared_system_capabilities),
	DEV_FIELD(CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE,
		  props.global_variable_preferred_total_size),
	DEV_FIELD(CL_DEVICE_MAX_PIPE_ARGS, props.max_pipe_args),
	DEV_FIELD(CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS, props.pipe_max_active_reservations),
	DEV_FIELD(CL_DEVICE_PIPE_MAX_PACKET_SIZE, props.pipe_max_packet_size),
	DEV_FIELD(CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT,
		  props.preferred_platform_atomic_alignment),
	DEV_FIELD(CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT,
		  props.preferred_global_atomic_alignment),
	DEV_FIELD(CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT,
		  props.preferred_local_atomic_alignment),
	/* OpenCL 2.1 */
	DEV_STR(CL_DEVICE_IL_VERSION, props.il_version),
	DEV_FIELD(CL_DEVICE_MAX_NUM_SUB_GROUPS, props.max_num_sub_groups),
	DEV_FIELD(CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS,
		  props.sub_group_independent_forward_progress),
	/* cl_intel_required_subgroup_size */
	DEV_ARR(CL_DEVICE_SUB_GROUP_SIZES_INTEL, props.sub_group_sizes,
		props.num_sub_group_sizes),
	/* OpenCL 3.0 */
	DEV_FIELD(CL_DEVICE_NUMERIC_VERSION, props.numeric_version),
	DEV_ARR(CL_DEVICE_EXTENSIONS_WITH_VERSION, props.extensions_with_version,
		props.num_extensions_with_version),
	DEV_ARR(CL_DEVICE_ILS_WITH_VERSION, props.ils_with_version,
		props.num_ils_with_version),
	DEV_ARR(CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION,
		props.built_in_kernels_with_version,
		props.num_built_in_kernels_with_version),
	DEV_FIELD(CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, props.atomic_memory_capabilities),
	DEV_FIELD(CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, props.atomic_fence_capabilities),
	/* cl_ext_float_atomics */
	DEV_FIELD(CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT,
		  props.single_fp_atomic_capabilities),
	DEV_FIELD(CL_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT,
		  props.double_fp_atomic_capabilities),
	DEV_FIELD(CL_DEVICE_HALF_FP_ATOMIC_CAPABILITIES_EXT,
		  props.half_fp_atomic_capabilities),
	DEV_FIELD(CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT,
		  props.non_uniform_work_group_support),
	DEV_ARR(CL_DEVICE_OPENCL_C_ALL_VERSIONS, props.opencl_c_all_versions,
		props.num_opencl_c_all_versions),
	DEV_FIELD(CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
		  props.preferred_work_group_size_multiple),
	DEV_FIELD(CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT,
		  props.work_group_collective_functions_support),
	DEV_FIELD(CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT,
		  props.generic_address_space_support),
	DEV_ARR(CL_DEVICE_OPENCL_C_FEATURES, props.opencl_c_features,
		props.num_opencl_c_features),
	DEV_FIELD(CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, props.device_enqueue_capabilities),
	DEV_FIELD(CL_DEVICE_PIPE_SUPPORT, props.pipe_support),
	DEV_STR(CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED,
		props.latest_conformance_version_passed),
	/* cl_khr_integer_dot_product */
	DEV_FIELD(CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR,
		  props.integer_dot_product_capabilities),
	DEV_FIELD(CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_8BIT_KHR,
		  props.integer_dot_product_accel_8bit),
	DEV_FIELD(CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_4x8BIT_PACKED_KHR,
		  props.integer_dot_product_accel_4x8bit_packed),
	/* cl_khr_kernel_clock */
	DEV_FIELD(CL_DEVICE_KERNEL_CLOCK_CAPABILITIES_KHR, props.kernel_clock_capabilities),
	/* cl_khr_spirv_queries (include/kiln_spirv_queries.h) */
	DEV_ARR(CL_DEVICE_SPIRV_EXTENDED_INSTRUCTION_SETS_KHR,
		props.spirv_ext_inst_sets, props.num_spirv_ext_inst_sets),
	DEV_ARR(CL_DEVICE_SPIRV_EXTENSIONS_KHR, props.spirv_extensions,
		props.num_spirv_extensions),
	DEV_ARR(CL_DEVICE_SPIRV_CAPABILITIES_KHR, props.spirv_capabilities,
		props.num_spirv_capabilities),
	/* cl_khr_device_uuid */
	DEV_FIELD(CL_DEVICE_UUID_KHR, props.device_uuid),
	DEV_FIELD(CL_DRIVER_UUID_KHR, props.driver_uuid),
	DEV_FIELD(CL_DEVICE_LUID_VALID_KHR, props.device_luid_valid),
	DEV_FIELD(CL_DEVICE_LUID_KHR, props.device_luid),
	DEV_FIELD(CL_DEVICE_NODE_MASK_KHR, props.device_node_mask),
};

cl_int kiln_device_info(cl_device_id dev, cl_device_info param,
			size_t param_value_size, void *param_value,
			size_t *param_value_size_ret)
{
	/* The two answers that are not stored in the device. */
	switch (param) {
	case CL_DEVICE_PLATFORM: {
		cl_platform_id p = kiln_platform_get();
		return kiln_info_copy(&p, sizeof(p), param_value_size, param_value,
				      param_value_size_ret);
	}
	/* cl_khr_semaphore: binary semaphores, no external handle types
	 * (lib/api/semaphore.c). */
	case CL_DEVICE_SEMAPHORE_TYPES_KHR: {
		static const cl_semaphore_type_khr types[] = {
			CL_SEMAPHORE_TYPE_BINARY_KHR
		};
		return kiln_info_copy(types, sizeof(types), param_value_size,
				      param_value, param_value_size_ret);
	}
	case CL_DEVICE_SEMAPHORE_IMPORT_HANDLE_TYPES_KHR:
	case CL_DEVICE_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR:
		return kiln_info_copy(NULL, 0, param_value_size, param_value,
				      param_value_size_ret);
	case CL_DEVICE_REFERENCE_COUNT: {
		/* §4.2: a root device always reports 1. */
		cl_uint refs = kiln_device_is_root(dev)
			? 1 : (cl_uint)kiln_object_refcount(KILN_OBJ(dev));
		return kiln_info_copy(&refs, sizeof(refs), param_value_size,
				      param_value, param_value_size_ret);
	}
	case CL_DEVICE_SUB_GROUP_SIZES_INTEL:
		/* A query of an extension the device does not report. */
		if (!dev->props.num_sub_group_sizes)
			return CL_INVALID_VALUE;
		break;
	case CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR:
	case CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_8BIT_KHR:
	case CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_4x8BIT_PACKED_KHR:
		if (!dev->props.integer_dot_product_capabilities)
			return CL_INVALID_VALUE;
		break;
	case CL_DEVICE_KERNEL_CLOCK_CAPABILITIES_KHR:
		if (!dev->props.kernel_clock_capabilities)
			return CL_INVALID_VALUE;
		break;
	}
	/* cl_khr_command_buffer and its mutable dispatch (command_buffer.c). */
	cl_int cb_err;
	if (kiln_cb_device_query(dev, param, param_value_size, param_value,
				 param_value_size_ret, &cb_err))
		return cb_err;
	return kiln_info_from_table(device_info, KILN_ARRAY_SIZE(device_info), dev,
				    param, param_value_size, param_value,
				    param_value_size_ret);
}
