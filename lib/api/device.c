/* OpenCL 3.0 §4.2 (querying devices) and §4.3 (partitioning a device). */
#include "core/debug.h"
#include "core/device.h"
#include "core/info.h"
#include "devices/host.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/* A partition request, read from clCreateSubDevices' property list
 * (§4.3, "List of supported partition schemes"). */
struct partition {
	cl_device_partition_property type;
	cl_int equally;                              /* EQUALLY: units each */
	const cl_device_partition_property *counts;  /* BY_COUNTS: the list */
	size_t num_counts;
	cl_device_affinity_domain domain;            /* BY_AFFINITY_DOMAIN */
	size_t length;                               /* entries, with the 0 */
};

/* The §4.3 domains in the order NEXT_PARTITIONABLE tries them. */
static const struct {
	cl_device_affinity_domain bit;
	enum kiln_host_domain level;
} domains[] = {
	{ CL_DEVICE_AFFINITY_DOMAIN_NUMA, KILN_DOMAIN_NUMA },
	{ CL_DEVICE_AFFINITY_DOMAIN_L4_CACHE, KILN_DOMAIN_L4 },
	{ CL_DEVICE_AFFINITY_DOMAIN_L3_CACHE, KILN_DOMAIN_L3 },
	{ CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE, KILN_DOMAIN_L2 },
	{ CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE, KILN_DOMAIN_L1 },
};

/* Reads and checks the property list: the scheme's arguments and the
 * terminating 0.  CL_INVALID_VALUE for a malformed list,
 * CL_INVALID_DEVICE_PARTITION_COUNT for a negative count. */
static cl_int parse_partition(const cl_device_partition_property *props,
			      struct partition *out)
{
	memset(out, 0, sizeof(*out));
	out->type = props[0];
	switch (props[0]) {
	case CL_DEVICE_PARTITION_EQUALLY:
		if (props[1] <= 0 || props[1] > INT32_MAX)
			return KILN_FAIL(CL_INVALID_VALUE,
					 "CL_DEVICE_PARTITION_EQUALLY with %lld "
					 "compute units (§4.3)", (long long)props[1]);
		if (props[2] != 0)
			return KILN_FAIL(CL_INVALID_VALUE,
					 "properties[2] is not the terminating 0 (§4.3)");
		out->equally = (cl_int)props[1];
		out->length = 3;
		return CL_SUCCESS;
	case CL_DEVICE_PARTITION_BY_COUNTS: {
		size_t i = 1;
		for (; props[i] != CL_DEVICE_PARTITION_BY_COUNTS_LIST_END; i++)
			if (props[i] < 0)
				return KILN_FAIL(CL_INVALID_DEVICE_PARTITION_COUNT,
						 "count %zu is %lld, less than zero "
						 "(§4.3)", i - 1, (long long)props[i]);
		out->counts = props + 1;
		out->num_counts = i - 1;
		if (props[i + 1] != 0)
			return KILN_FAIL(CL_INVALID_VALUE,
					 "no 0 after CL_DEVICE_PARTITION_BY_COUNTS_"
					 "LIST_END (§4.3)");
		if (out->num_counts == 0)
			return KILN_FAIL(CL_INVALID_VALUE,
					 "CL_DEVICE_PARTITION_BY_COUNTS with no "
					 "count (§4.3)");
		out->length = i + 2;
		return CL_SUCCESS;
	}
	case CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN: {
		cl_device_affinity_domain d = (cl_device_affinity_domain)props[1];
		bool known = d == CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE;
		for (size_t i = 0; i < KILN_ARRAY_SIZE(domains); i++)
			known = known || d == domains[i].bit;
		if (!known || props[1] < 0)
			return KILN_FAIL(CL_INVALID_VALUE,
					 "0x%llx is not one affinity domain (§4.3)",
					 (unsigned long long)props[1]);
		if (props[2] != 0)
			return KILN_FAIL(CL_INVALID_VALUE,
					 "properties[2] is not the terminating 0 (§4.3)");
		out->domain = d;
		out->length = 3;
		return CL_SUCCESS;
	}
	}
	return KILN_FAIL(CL_INVALID_VALUE,
			 "properties[0] = 0x%llx is not a partition scheme (§4.3)",
			 (unsigned long long)props[0]);
}

static bool device_supports(cl_device_id dev, cl_device_partition_property type)
{
	for (size_t i = 0; i < dev->props.num_partition_properties; i++)
		if (dev->props.partition_properties[i] == type && type != 0)
			return true;
	return false;
}

/* The groups of a partition: group g holds units[start[g] .. start[g+1])
 * (root unit numbers). */
struct groups {
	unsigned count;
	unsigned *units;  /* all units of the groups, group after group */
	unsigned *start;  /* count + 1 offsets */
};

/* Groups by affinity domain: the units sharing one instance of `level`,
 * in the order the device lists them.  0 groups when the level is absent. */
static cl_int group_by_domain(cl_device_id dev, enum kiln_host_domain level,
			      struct groups *g)
{
	unsigned n = dev->props.max_compute_units;
	unsigned *of = malloc(n * sizeof(*of));
	if (!of)
		return CL_OUT_OF_HOST_MEMORY;
	g->count = kiln_host_group_by_domain(dev->units, n, level, of);
	size_t k = 0;
	g->start[0] = 0;
	for (unsigned grp = 0; grp < g->count; grp++) {
		for (unsigned i = 0; i < n; i++)
			if (of[i] == grp)
				g->units[k++] = kiln_device_unit(dev, i);
		g->start[grp + 1] = (unsigned)k;
	}
	free(of);
	return CL_SUCCESS;
}

/* Consecutive groups of the device's units with the given sizes. */
static void group_consecutive(cl_device_id dev, const size_t *sizes,
			      unsigned count, struct groups *g)
{
	unsigned k = 0;
	g->count = count;
	g->start[0] = 0;
	for (unsigned grp = 0; grp < count; grp++) {
		for (size_t j = 0; j < sizes[grp]; j++, k++)
			g->units[k] = kiln_device_unit(dev, k);
		g->start[grp + 1] = k;
	}
}

/* Splits `dev` as `part` asks (§4.3): the groups, and in *type the
 * CL_DEVICE_PARTITION_TYPE the sub-devices report (the domain used in
 * place of NEXT_PARTITIONABLE). */
static cl_int make_groups(cl_device_id dev, const struct partition *part,
			  struct groups *g, cl_device_partition_property *type)
{
	unsigned units = dev->props.max_compute_units;
	size_t *sizes = NULL;
	cl_int err = CL_SUCCESS;
	switch (part->type) {
	case CL_DEVICE_PARTITION_EQUALLY: {
		/* As many sub-devices of n units as fit; the rest unused. */
		unsigned count = units / (unsigned)part->equally;
		if (count == 0)
			return KILN_FAIL(CL_DEVICE_PARTITION_FAILED,
					 "%d compute units asked for each, the "
					 "device has %u (§4.3)", part->equally, units);
		sizes = malloc(count * sizeof(*sizes));
		if (!sizes)
			return CL_OUT_OF_HOST_MEMORY;
		for (unsigned i = 0; i < count; i++)
			sizes[i] = (size_t)part->equally;
		group_consecutive(dev, sizes, count, g);
		break;
	}
	case CL_DEVICE_PARTITION_BY_COUNTS: {
		size_t total = 0;
		for (size_t i = 0; i < part->num_counts; i++)
			total += (size_t)part->counts[i];
		if (part->num_counts > dev->props.partition_max_sub_devices)
			return KILN_FAIL(CL_INVALID_DEVICE_PARTITION_COUNT,
					 "%zu sub-devices asked for, at most %u "
					 "(§4.3)", part->num_counts,
					 dev->props.partition_max_sub_devices);
		if (total > units)
			return KILN_FAIL(CL_INVALID_DEVICE_PARTITION_COUNT,
					 "%zu compute units asked for, the device "
					 "has %u (§4.3)", total, units);
		sizes = malloc(part->num_counts * sizeof(*sizes));
		if (!sizes)
			return CL_OUT_OF_HOST_MEMORY;
		for (size_t i = 0; i < part->num_counts; i++)
			sizes[i] = (size_t)part->counts[i];
		group_consecutive(dev, sizes, (unsigned)part->num_counts, g);
		break;
	}
	default: /* CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN */
		g->count = 0;
		for (size_t i = 0; i < KILN_ARRAY_SIZE(domains) && g->count < 2; i++) {
			bool next = part->domain ==
				    CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE;
			if (part->domain != domains[i].bit &&
			    !(next && (dev->props.partition_affinity_domain &
				       domains[i].bit)))
				continue;
			err = group_by_domain(dev, domains[i].level, g);
			if (err != CL_SUCCESS)
				return err;
			type[1] = (cl_device_partition_property)domains[i].bit;
		}
		/* One domain holding every unit: the device is that domain
		 * already and "could not be further partitioned" (§4.3). */
		if (g->count < 2)
			return KILN_FAIL(CL_DEVICE_PARTITION_FAILED,
					 "the device's compute units share one "
					 "instance of affinity domain 0x%llx (§4.3)",
					 (unsigned long long)part->domain);
	}
	free(sizes);
	return err;
}

CL_API_ENTRY cl_int CL_API_CALL clCreateSubDevices(cl_device_id in_device,
						   const cl_device_partition_property *properties,
						   cl_uint num_devices,
						   cl_device_id *out_devices,
						   cl_uint *num_devices_ret)
{
	if (!device_ok(in_device))
		return KILN_FAIL(CL_INVALID_DEVICE,
				 "in_device is not a valid device (§4.3)");
	if (!properties)
		return KILN_FAIL(CL_INVALID_VALUE, "properties is NULL (§4.3)");
	struct partition part;
	cl_int err = parse_partition(properties, &part);
	if (err != CL_SUCCESS)
		return err;
	/* §4.3: a valid scheme the device does not list in
	 * CL_DEVICE_PARTITION_PROPERTIES (a device of one unit, the serial
	 * driver), or a domain it does not list in
	 * CL_DEVICE_PARTITION_AFFINITY_DOMAIN, is CL_INVALID_VALUE. */
	if (!device_supports(in_device, part.type) || !in_device->driver->init_sub)
		return KILN_FAIL(CL_INVALID_VALUE,
				 "the device does not offer partition scheme "
				 "0x%llx (CL_DEVICE_PARTITION_PROPERTIES, §4.3)",
				 (unsigned long long)part.type);
	if (part.type == CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN &&
	    !(in_device->props.partition_affinity_domain & part.domain))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "the device does not offer affinity domain 0x%llx "
				 "(CL_DEVICE_PARTITION_AFFINITY_DOMAIN, §4.3)",
				 (unsigned long long)part.domain);

	unsigned units = in_device->props.max_compute_units;
	struct groups g = {
		.units = malloc(units * sizeof(unsigned)),
		.start = malloc((units + 1) * sizeof(unsigned)),
	};
	cl_device_partition_property *type = malloc(part.length * sizeof(*type));
	unsigned **units_of = malloc(units * sizeof(*units_of));
	unsigned *n_units = malloc(units * sizeof(*n_units));
	if (!g.units || !g.start || !type || !units_of || !n_units) {
		err = CL_OUT_OF_HOST_MEMORY;
		goto out;
	}
	memcpy(type, properties, part.length * sizeof(*type));
	err = make_groups(in_device, &part, &g, type);
	if (err != CL_SUCCESS)
		goto out;
	if (out_devices && num_devices < g.count) {
		err = KILN_FAIL(CL_INVALID_VALUE,
				"num_devices is %u, the partition makes %u "
				"sub-devices (§4.3)", num_devices, g.count);
		goto out;
	}
	if (out_devices) {
		for (unsigned i = 0; i < g.count; i++) {
			units_of[i] = g.units + g.start[i];
			n_units[i] = g.start[i + 1] - g.start[i];
		}
		err = kiln_device_create_subs(in_device, g.count, units_of, n_units,
					      type, part.length, out_devices);
		if (err != CL_SUCCESS)
			goto out;
	}
	if (num_devices_ret)
		*num_devices_ret = g.count;
out:
	free(n_units);
	free(units_of);
	free(type);
	free(g.start);
	free(g.units);
	return err;
}
