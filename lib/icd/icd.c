/* cl_khr_icd: how the loader finds Kiln's platform, and extension lookup. */
#include "../core/platform.h"

#include <string.h>

CL_API_ENTRY cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries,
							cl_platform_id *platforms,
							cl_uint *num_platforms);

cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries,
					  cl_platform_id *platforms,
					  cl_uint *num_platforms)
{
	/* Same rules as clGetPlatformIDs (cl_khr_icd §"Inferring Vendors"). */
	return clGetPlatformIDs(num_entries, platforms, num_platforms);
}

/* Extension functions an application may look up by name.  Only
 * extensions the platform reports appear here. */
static const struct {
	const char *name;
	void *fn;
} extension_functions[] = {
	{ "clIcdGetPlatformIDsKHR", (void *)clIcdGetPlatformIDsKHR },
};

void *CL_API_CALL clGetExtensionFunctionAddressForPlatform(cl_platform_id platform,
							   const char *func_name)
{
	if (platform != kiln_platform_get() || !func_name)
		return NULL;
	for (size_t i = 0; i < sizeof(extension_functions) / sizeof(extension_functions[0]); i++)
		if (strcmp(extension_functions[i].name, func_name) == 0)
			return extension_functions[i].fn;
	return NULL;
}

void *CL_API_CALL clGetExtensionFunctionAddress(const char *func_name)
{
	return clGetExtensionFunctionAddressForPlatform(kiln_platform_get(), func_name);
}
