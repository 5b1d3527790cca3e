/* The one Kiln platform and its root devices. */
#ifndef KILN_CORE_PLATFORM_H
#define KILN_CORE_PLATFORM_H

#include "object.h"

struct _cl_platform_id {
	struct kiln_object obj;
	cl_uint num_devices;
	cl_device_id *devices;
};

/* The platform, its devices probed on first use (thread-safe, once). */
cl_platform_id kiln_platform_get(void);

#endif
