/* cl_khr_icd: how the loader finds Kiln's platform, and extension lookup. */
#include "../core/buffer_address.h"
#include "../api/command_buffer_api.h"
#include "../core/device.h"
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

/* Extension functions an application may look up by name, each with the
 * extension it belongs to: the platform's own (NULL), or a device
 * extension that some device of the platform must report. */
static const struct {
	const char *name;
	void *fn;
	const char *device_extension;
} extension_functions[] = {
	{ "clIcdGetPlatformIDsKHR", (void *)clIcdGetPlatformIDsKHR, NULL },
	/* lib/api/semaphore.c; clGetSemaphoreHandleForTypeKHR belongs to
	 * cl_khr_external_semaphore, which applications look up with the
	 * rest: it answers that no handle type is exported. */
#define SEMA(fn) { #fn, (void *)fn, "cl_khr_semaphore" }
	SEMA(clCreateSemaphoreWithPropertiesKHR), SEMA(clEnqueueWaitSemaphoresKHR),
	SEMA(clEnqueueSignalSemaphoresKHR), SEMA(clGetSemaphoreInfoKHR),
	SEMA(clRetainSemaphoreKHR), SEMA(clReleaseSemaphoreKHR),
	SEMA(clGetSemaphoreHandleForTypeKHR),
#undef SEMA
	/* lib/api/kernel_suggested_local.c */
	{ "clGetKernelSuggestedLocalWorkSizeKHR",
	  (void *)clGetKernelSuggestedLocalWorkSizeKHR,
	  "cl_khr_suggested_local_work_size" },
	/* lib/api/command_buffer.c, mutable_dispatch.c: the revisions the
	 * Khronos headers have now (include/kiln_command_buffer.h). */
#define CB(fn, ext) { #fn, (void *)kiln_##fn, ext }
	CB(clCreateCommandBufferKHR, "cl_khr_command_buffer"),
	CB(clFinalizeCommandBufferKHR, "cl_khr_command_buffer"),
	CB(clRetainCommandBufferKHR, "cl_khr_command_buffer"),
	CB(clReleaseCommandBufferKHR, "cl_khr_command_buffer"),
	CB(clEnqueueCommandBufferKHR, "cl_khr_command_buffer"),
	CB(clCommandBarrierWithWaitListKHR, "cl_khr_command_buffer"),
	CB(clCommandCopyBufferKHR, "cl_khr_command_buffer"),
	CB(clCommandCopyBufferRectKHR, "cl_khr_command_buffer"),
	CB(clCommandCopyBufferToImageKHR, "cl_khr_command_buffer"),
	CB(clCommandCopyImageKHR, "cl_khr_command_buffer"),
	CB(clCommandCopyImageToBufferKHR, "cl_khr_command_buffer"),
	CB(clCommandFillBufferKHR, "cl_khr_command_buffer"),
	CB(clCommandFillImageKHR, "cl_khr_command_buffer"),
	CB(clCommandSVMMemcpyKHR, "cl_khr_command_buffer"),
	CB(clCommandSVMMemFillKHR, "cl_khr_command_buffer"),
	CB(clCommandNDRangeKernelKHR, "cl_khr_command_buffer"),
	CB(clGetCommandBufferInfoKHR, "cl_khr_command_buffer"),
	CB(clUpdateMutableCommandsKHR, "cl_khr_command_buffer_mutable_dispatch"),
	CB(clGetMutableCommandInfoKHR, "cl_khr_command_buffer_mutable_dispatch"),
#undef CB
	/* cl_khr_subgroups: the core function under its 2.0 name (same
	 * arguments and answers, OpenCL 3.0 §5.9.4). */
	{ "clGetKernelSubGroupInfoKHR", (void *)clGetKernelSubGroupInfo,
	  "cl_khr_subgroups" },
	/* lib/api/usm.c */
#define USM(fn) { #fn, (void *)fn, "cl_intel_unified_shared_memory" }
	USM(clHostMemAllocINTEL), USM(clDeviceMemAllocINTEL),
	USM(clSharedMemAllocINTEL), USM(clMemFreeINTEL),
	USM(clMemBlockingFreeINTEL), USM(clGetMemAllocInfoINTEL),
	USM(clSetKernelArgMemPointerINTEL), USM(clEnqueueMemFillINTEL),
	USM(clEnqueueMemsetINTEL), USM(clEnqueueMemcpyINTEL),
	USM(clEnqueueMigrateMemINTEL), USM(clEnqueueMemAdviseINTEL),
#undef USM
	/* lib/api/buffer_address.c */
	{ "clSetKernelArgDevicePointerEXT", (void *)clSetKernelArgDevicePointerEXT,
	  "cl_ext_buffer_device_address" },
};

/* Whether a device of `platform` lists `ext` among its extensions. */
static bool some_device_reports(cl_platform_id platform, const char *ext)
{
	size_t n = strlen(ext);
	for (cl_uint d = 0; d < platform->num_devices; d++) {
		const char *list = platform->devices[d]->props.extensions;
		for (const char *p = list ? strstr(list, ext) : NULL; p;
		     p = strstr(p + 1, ext))
			if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
				return true;
	}
	return false;
}

void *CL_API_CALL clGetExtensionFunctionAddressForPlatform(cl_platform_id platform,
							   const char *func_name)
{
	if (platform != kiln_platform_get() || !func_name)
		return NULL;
	for (size_t i = 0; i < sizeof(extension_functions) / sizeof(extension_functions[0]); i++) {
		if (strcmp(extension_functions[i].name, func_name) != 0)
			continue;
		const char *ext = extension_functions[i].device_extension;
		return !ext || some_device_reports(platform, ext)
			       ? extension_functions[i].fn : NULL;
	}
	return NULL;
}

void *CL_API_CALL clGetExtensionFunctionAddress(const char *func_name)
{
	return clGetExtensionFunctionAddressForPlatform(kiln_platform_get(), func_name);
}
