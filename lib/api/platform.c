/* OpenCL 3.0 §4.1: querying platform info. */
#include "core/device.h"
#include "core/info.h"
#include "core/platform.h"

/* The platform's constant facts, one query per line. */
/* Extensions every device has (§4.1). */
#define KILN_EXTENSIONS "cl_khr_icd cl_khr_semaphore"

static const cl_name_version platform_extensions[] = {
	{ CL_MAKE_VERSION(1, 0, 0), "cl_khr_icd" },
	{ CL_MAKE_VERSION(1, 0, 0), "cl_khr_semaphore" },
};

/* cl_khr_semaphore: the semaphore types every device supports; no
 * external handle types (lib/api/semaphore.c). */
static const cl_semaphore_type_khr semaphore_types[] = {
	CL_SEMAPHORE_TYPE_BINARY_KHR
};

struct platform_facts {
	const char *profile, *version, *name, *vendor, *extensions, *icd_suffix;
	cl_version numeric_version;
	cl_ulong host_timer_resolution;
	const cl_name_version *ext_versions;
	size_t num_ext_versions;
	const cl_semaphore_type_khr *semaphore_types;
	size_t num_semaphore_types;
	const cl_external_semaphore_handle_type_khr *handle_types; /* none */
	size_t num_handle_types;
};

static const struct platform_facts facts = {
	.profile = "FULL_PROFILE",
	/* No version number after "OpenCL 3.0" (see host_describe.c):
	 * Kiln's version is the devices' CL_DRIVER_VERSION. */
	.version = "OpenCL 3.0 Kiln",
	.name = "Kiln",
	.vendor = "The Kiln project",
	.extensions = KILN_EXTENSIONS,
	.icd_suffix = "KILN",
	.numeric_version = CL_MAKE_VERSION(3, 0, 0),
	.host_timer_resolution = 1,
	.ext_versions = platform_extensions,
	.num_ext_versions = KILN_ARRAY_SIZE(platform_extensions),
	.semaphore_types = semaphore_types,
	.num_semaphore_types = KILN_ARRAY_SIZE(semaphore_types),
};

static const struct kiln_info_field platform_info[] = {
	KILN_INFO_STR(CL_PLATFORM_PROFILE, struct platform_facts, profile),
	KILN_INFO_STR(CL_PLATFORM_VERSION, struct platform_facts, version),
	KILN_INFO_STR(CL_PLATFORM_NAME, struct platform_facts, name),
	KILN_INFO_STR(CL_PLATFORM_VENDOR, struct platform_facts, vendor),
	KILN_INFO_STR(CL_PLATFORM_EXTENSIONS, struct platform_facts, extensions),
	KILN_INFO_STR(CL_PLATFORM_ICD_SUFFIX_KHR, struct platform_facts, icd_suffix),
	KILN_INFO_FIELD(CL_PLATFORM_NUMERIC_VERSION, struct platform_facts, numeric_version),
	KILN_INFO_FIELD(CL_PLATFORM_HOST_TIMER_RESOLUTION, struct platform_facts, host_timer_resolution),
	KILN_INFO_ARR(CL_PLATFORM_EXTENSIONS_WITH_VERSION, struct platform_facts,
		      ext_versions, num_ext_versions),
	KILN_INFO_ARR(CL_PLATFORM_SEMAPHORE_TYPES_KHR, struct platform_facts,
		      semaphore_types, num_semaphore_types),
	KILN_INFO_ARR(CL_PLATFORM_SEMAPHORE_IMPORT_HANDLE_TYPES_KHR,
		      struct platform_facts, handle_types, num_handle_types),
	KILN_INFO_ARR(CL_PLATFORM_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR,
		      struct platform_facts, handle_types, num_handle_types),
};

CL_API_ENTRY cl_int CL_API_CALL clGetPlatformIDs(cl_uint num_entries,
						 cl_platform_id *platforms,
						 cl_uint *num_platforms)
{
	if ((num_entries == 0 && platforms) || (!platforms && !num_platforms))
		return CL_INVALID_VALUE;
	cl_platform_id p = kiln_platform_get();
	if (p->num_devices == 0) {
		/* No usable device: the loader should not list us. */
		if (num_platforms)
			*num_platforms = 0;
		return CL_PLATFORM_NOT_FOUND_KHR;
	}
	if (platforms)
		platforms[0] = p;
	if (num_platforms)
		*num_platforms = 1;
	return CL_SUCCESS;
}

/* A NULL platform means "the one Kiln platform" (implementation-defined by
 * §4.1; every implementation behind one ICD does this). */
static bool platform_ok(cl_platform_id platform)
{
	return platform == NULL || platform == kiln_platform_get();
}

CL_API_ENTRY cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id platform,
						  cl_platform_info param_name,
						  size_t param_value_size,
						  void *param_value,
						  size_t *param_value_size_ret)
{
	if (!platform_ok(platform))
		return CL_INVALID_PLATFORM;
	return kiln_info_from_table(platform_info, KILN_ARRAY_SIZE(platform_info),
				    &facts, param_name, param_value_size,
				    param_value, param_value_size_ret);
}

static const cl_device_type known_types = CL_DEVICE_TYPE_DEFAULT |
	CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR |
	CL_DEVICE_TYPE_CUSTOM;

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceIDs(cl_platform_id platform,
					       cl_device_type device_type,
					       cl_uint num_entries,
					       cl_device_id *devices,
					       cl_uint *num_devices)
{
	if (!platform_ok(platform))
		return CL_INVALID_PLATFORM;
	if (device_type != CL_DEVICE_TYPE_ALL && (device_type & ~known_types))
		return CL_INVALID_DEVICE_TYPE;
	if (device_type == 0)
		return CL_INVALID_DEVICE_TYPE;
	if ((num_entries == 0 && devices) || (!devices && !num_devices))
		return CL_INVALID_VALUE;
	cl_platform_id p = kiln_platform_get();
	cl_uint found = 0;
	for (cl_uint i = 0; i < p->num_devices; i++) {
		cl_device_id d = p->devices[i];
		/* The first device is the default one (§4.2). */
		bool match = device_type == CL_DEVICE_TYPE_ALL ||
			     (device_type & d->props.type) ||
			     ((device_type & CL_DEVICE_TYPE_DEFAULT) && i == 0);
		if (!match)
			continue;
		if (devices && found < num_entries)
			devices[found] = d;
		found++;
	}
	if (num_devices)
		*num_devices = found;
	return found ? CL_SUCCESS : CL_DEVICE_NOT_FOUND;
}
