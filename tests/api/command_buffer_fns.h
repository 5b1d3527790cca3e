/* The cl_khr_command_buffer 0.9.8 / mutable dispatch 0.9.5 entry points,
 * looked up through the ICD loader by name as an application does
 * (clGetExtensionFunctionAddressForPlatform), for the test_command_buffer*
 * tests.  Types: include/kiln_command_buffer.h (Debian's <CL/cl_ext.h> has
 * an older revision). */
#ifndef KILN_TESTS_COMMAND_BUFFER_FNS_H
#define KILN_TESTS_COMMAND_BUFFER_FNS_H

#include "check.h"
#include "../../include/kiln_command_buffer.h"

#define CB_FNS(X)                                                              \
	X(clCreateCommandBufferKHR) X(clFinalizeCommandBufferKHR)              \
	X(clRetainCommandBufferKHR) X(clReleaseCommandBufferKHR)               \
	X(clEnqueueCommandBufferKHR) X(clCommandBarrierWithWaitListKHR)        \
	X(clCommandCopyBufferKHR) X(clCommandCopyBufferRectKHR)                \
	X(clCommandCopyBufferToImageKHR) X(clCommandCopyImageKHR)              \
	X(clCommandCopyImageToBufferKHR) X(clCommandFillBufferKHR)             \
	X(clCommandFillImageKHR) X(clCommandSVMMemcpyKHR)                      \
	X(clCommandSVMMemFillKHR) X(clCommandNDRangeKernelKHR)                 \
	X(clGetCommandBufferInfoKHR) X(clUpdateMutableCommandsKHR)             \
	X(clGetMutableCommandInfoKHR)

static struct {
#define CB_MEMBER(name) kiln_##name##_fn name;
	CB_FNS(CB_MEMBER)
#undef CB_MEMBER
} cb;

/* Loads every entry point; stops the test when one is missing or the
 * device does not report the extensions. */
static inline void cb_load(cl_platform_id platform, cl_device_id device)
{
	char ext[8192] = "";
	clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof(ext), ext, NULL);
	REQUIRE(check_has_word(ext, "cl_khr_command_buffer"));
	REQUIRE(check_has_word(ext, "cl_khr_command_buffer_mutable_dispatch"));
#define CB_LOAD(name)                                                          \
	cb.name = (kiln_##name##_fn)clGetExtensionFunctionAddressForPlatform(   \
		platform, #name);                                              \
	REQUIRE(cb.name != NULL);
	CB_FNS(CB_LOAD)
#undef CB_LOAD
}

#endif
