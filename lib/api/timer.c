/* Device and host timer synchronization (OpenCL 3.0, platform layer:
 * clGetDeviceAndHostTimer, clGetHostTimer).  On a CPU the device and the
 * host share one clock, CLOCK_MONOTONIC in nanoseconds, which is also the
 * clock of the profiling timestamps (§5.14), as the spec requires of a
 * device timestamp. */
#include "core/event.h"

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceAndHostTimer(cl_device_id device,
							cl_ulong *device_timestamp,
							cl_ulong *host_timestamp)
{
	if (!kiln_object_is(device, KILN_OBJ_DEVICE))
		return CL_INVALID_DEVICE;
	if (!device_timestamp || !host_timestamp)
		return CL_INVALID_VALUE;
	/* One reading serves both: they are the same clock. */
	cl_ulong now = kiln_time_now();
	*device_timestamp = now;
	*host_timestamp = now;
	return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetHostTimer(cl_device_id device,
					       cl_ulong *host_timestamp)
{
	if (!kiln_object_is(device, KILN_OBJ_DEVICE))
		return CL_INVALID_DEVICE;
	if (!host_timestamp)
		return CL_INVALID_VALUE;
	*host_timestamp = kiln_time_now();
	return CL_SUCCESS;
}
