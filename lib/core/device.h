/* A device: a driver, the driver's state, and the properties that
 * clGetDeviceInfo reports (filled by the driver's init from hwloc, CPUID and
 * the process's affinity and cgroup quota). */
#ifndef KILN_CORE_DEVICE_H
#define KILN_CORE_DEVICE_H

#include "object.h"
#include "device_props.h"
#include "../devices/driver.h"

struct _cl_device_id {
	struct kiln_object obj;
	const struct kiln_driver *driver;
	void *driver_data;
	cl_device_id parent; /* NULL for a root device */
	struct kiln_device_props props;
};

static inline bool kiln_device_is_root(cl_device_id dev)
{
	return dev->parent == NULL;
}

/* Answers clGetDeviceInfo from dev->props (lib/core/device_info.c). */
cl_int kiln_device_info(cl_device_id dev, cl_device_info param,
			size_t param_value_size, void *param_value,
			size_t *param_value_size_ret);

#endif
