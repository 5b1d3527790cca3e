/* OpenCL 3.0 §4.2 (querying devices) and §4.3 (partitioning a device). */
#include "core/device.h"
#include "core/info.h"

static bool device_ok(cl_device_id device)
{
	return kiln_object_is(device, KILN_OBJ_DEVICE);
}

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceInfo(cl_device_id device,
						cl_device_info param_name,
						size_t param_value_size,
						void *param_value,
						size_t *param_value_size_ret)
{
	if (!device_ok(device))
		return CL_INVALID_DEVICE;
	return kiln_device_info(device, param_name, param_value_size, param_value,
				param_value_size_ret);
}

/* §4.3: retaining or releasing a root device is valid and changes nothing;
 * sub-devices are counted like any other object. */
CL_API_ENTRY cl_int CL_API_CALL clRetainDevice(cl_device_id device)
{
	if (!device_ok(device))
		return CL_INVALID_DEVICE;
	if (!kiln_device_is_root(device))
		kiln_object_retain(KILN_OBJ(device));
	return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseDevice(cl_device_id device)
{
	if (!device_ok(device))
		return CL_INVALID_DEVICE;
	if (!kiln_device_is_root(device) && !kiln_object_release(KILN_OBJ(device)))
		return CL_INVALID_DEVICE;
	return CL_SUCCESS;
}

/* A partition request, read from clCreateSubDevices' property list. */
struct partition {
	cl_device_partition_property type;
	size_t num_sub_devices; /* how many the scheme creates */
};

static bool is_affinity_domain(cl_device_partition_property d)
{
	switch (d) {
	case CL_DEVICE_AFFINITY_DOMAIN_NUMA:
	case CL_DEVICE_AFFINITY_DOMAIN_L4_CACHE:
	case CL_DEVICE_AFFINITY_DOMAIN_L3_CACHE:
	case CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE:
	case CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE:
	case CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE:
		return true;
	}
	return false;
}

/* Reads and checks the property list (§4.3, "List of supported partition
 * schemes"): the scheme's arguments and the terminating 0.  Partitioning by
 * affinity domain leaves the count to the device (0 here). */
static cl_int parse_partition(cl_device_id dev,
			      const cl_device_partition_property *props,
			      struct partition *out)
{
	cl_uint units = dev->props.max_compute_units;
	out->type = props[0];
	out->num_sub_devices = 0;
	switch (props[0]) {
	case CL_DEVICE_PARTITION_EQUALLY:
		if (props[1] <= 0 || props[2] != 0)
			return CL_INVALID_VALUE;
		out->num_sub_devices = units / (cl_uint)props[1];
		return out->num_sub_devices ? CL_SUCCESS : CL_DEVICE_PARTITION_FAILED;
	case CL_DEVICE_PARTITION_BY_COUNTS: {
		size_t i = 1, total = 0;
		for (; props[i] != CL_DEVICE_PARTITION_BY_COUNTS_LIST_END; i++) {
			if (props[i] < 0)
				return CL_INVALID_DEVICE_PARTITION_COUNT;
			total += (size_t)props[i];
			out->num_sub_devices++;
		}
		if (props[i + 1] != 0 || out->num_sub_devices == 0)
			return CL_INVALID_VALUE;
		if (out->num_sub_devices > dev->props.partition_max_sub_devices ||
		    out->num_sub_devices > units || total > units)
			return CL_INVALID_DEVICE_PARTITION_COUNT;
		return CL_SUCCESS;
	}
	case CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN:
		if (!is_affinity_domain(props[1]) || props[2] != 0)
			return CL_INVALID_VALUE;
		return CL_SUCCESS;
	}
	return CL_INVALID_VALUE;
}

static bool device_supports(cl_device_id dev, cl_device_partition_property type)
{
	for (size_t i = 0; i < dev->props.num_partition_properties; i++)
		if (dev->props.partition_properties[i] == type && type != 0)
			return true;
	return false;
}

CL_API_ENTRY cl_int CL_API_CALL clCreateSubDevices(cl_device_id in_device,
						   const cl_device_partition_property *properties,
						   cl_uint num_devices,
						   cl_device_id *out_devices,
						   cl_uint *num_devices_ret)
{
	(void)num_devices_ret; /* nothing is created yet (below) */
	if (!device_ok(in_device))
		return CL_INVALID_DEVICE;
	/* §4.3: a scheme the device does not list in
	 * CL_DEVICE_PARTITION_PROPERTIES is CL_INVALID_VALUE, like a malformed
	 * list. */
	if (!properties || !device_supports(in_device, properties[0]))
		return CL_INVALID_VALUE;
	struct partition part;
	cl_int err = parse_partition(in_device, properties, &part);
	if (err != CL_SUCCESS)
		return err;
	if (out_devices && part.num_sub_devices && num_devices < part.num_sub_devices)
		return CL_INVALID_VALUE;
	/* No driver can run a device on a subset of its workers yet, so no
	 * device lists a scheme and this point is not reached; a scheme listed
	 * before the drivers support it still fails cleanly. */
	return CL_DEVICE_PARTITION_FAILED;
}
