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
	/* The compute units this device runs on, numbered as the root's
	 * workers (ascending); NULL for a root device: 0..max_compute_units-1
	 * (docs/sub_devices.md). */
	unsigned *units;
	/* A sub-device's CL_DEVICE_PARTITION_TYPE: the property list it was
	 * created with (NEXT_PARTITIONABLE replaced by the domain used). */
	cl_device_partition_property *partition_list;
	struct kiln_device_props props;
};

/* Compute unit i of `dev` as the root numbers it. */
static inline unsigned kiln_device_unit(cl_device_id dev, unsigned i)
{
	return dev->units ? dev->units[i] : i;
}

/* Creates the sub-devices of `dev` whose units are the groups
 * units_of[0..count) (each an array of n_units[g] units of the root) with
 * CL_DEVICE_PARTITION_TYPE `type` (`type_len` entries, 0-terminated), into
 * out[0..count) (lib/core/sub_device.c).  The arguments are checked. */
cl_int kiln_device_create_subs(cl_device_id dev, unsigned count,
			       unsigned *const *units_of, const unsigned *n_units,
			       const cl_device_partition_property *type,
			       size_t type_len, cl_device_id *out);

static inline bool kiln_device_is_root(cl_device_id dev)
{
	return dev->parent == NULL;
}

/* Answers clGetDeviceInfo from dev->props (lib/core/device_info.c). */
cl_int kiln_device_info(cl_device_id dev, cl_device_info param,
			size_t param_value_size, void *param_value,
			size_t *param_value_size_ret);

#endif
