/* cl_intel_unified_shared_memory's functions, found as an application
 * finds them: through clGetExtensionFunctionAddressForPlatform (the ICD
 * loader does not export them).  Shared by tests/api/test_usm*.c. */
#ifndef KILN_TESTS_USM_FNS_H
#define KILN_TESTS_USM_FNS_H

#include "../common/check.h"

#define USM_FUNCTIONS(X)                                                       \
	X(clHostMemAllocINTEL) X(clDeviceMemAllocINTEL) X(clSharedMemAllocINTEL) \
	X(clMemFreeINTEL) X(clMemBlockingFreeINTEL) X(clGetMemAllocInfoINTEL)  \
	X(clSetKernelArgMemPointerINTEL) X(clEnqueueMemFillINTEL)              \
	X(clEnqueueMemsetINTEL) X(clEnqueueMemcpyINTEL)                        \
	X(clEnqueueMigrateMemINTEL) X(clEnqueueMemAdviseINTEL)

#define USM_DECLARE(name) static name##_fn p_##name;
USM_FUNCTIONS(USM_DECLARE)
#undef USM_DECLARE

/* Looks every function up; stops the test when one is missing, or when the
 * device does not list the extension. */
static inline void usm_load(cl_platform_id platform, cl_device_id device)
{
	char ext[8192] = "";
	REQUIRE(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof(ext), ext,
				NULL) == CL_SUCCESS);
	REQUIRE(check_has_word(ext, "cl_intel_unified_shared_memory"));
#define USM_LOAD(name)                                                         \
	p_##name = (name##_fn)clGetExtensionFunctionAddressForPlatform(platform, \
								       #name); \
	REQUIRE(p_##name != NULL);
	USM_FUNCTIONS(USM_LOAD)
#undef USM_LOAD
}

#endif
