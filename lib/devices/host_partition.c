/* How a CPU device can be partitioned (OpenCL 3.0 §4.3), from the topology
 * of the cores its compute units are pinned to (docs/sub_devices.md).
 *
 * A compute unit is a worker thread, numbered as the root device's workers
 * are: unit u runs on the PU kiln_host_worker_cpu(u).  A device (root or
 * sub-device) owns a list of such units; its affinity domains are the NUMA
 * nodes and caches the PUs of those units lie in. */
#include "host.h"

#include <stdlib.h>

static unsigned unit(const unsigned *cus, unsigned i)
{
	return cus ? cus[i] : i;
}

unsigned kiln_host_group_by_domain(const unsigned *cus, unsigned n,
				   enum kiln_host_domain level, unsigned *group)
{
	long *ids = malloc(n * sizeof(*ids));
	if (!ids || n == 0) {
		free(ids);
		return 0;
	}
	unsigned groups = 0;
	for (unsigned i = 0; i < n; i++) {
		long id = kiln_host_worker_domain(unit(cus, i), level);
		if (id < 0) {
			groups = 0;
			break;
		}
		unsigned g = 0;
		while (g < groups && ids[g] != id)
			g++;
		if (g == groups)
			ids[groups++] = id;
		group[i] = g;
	}
	free(ids);
	return groups;
}

/* The §4.3 bit of each level, in kiln_host_domain order. */
static const cl_device_affinity_domain domain_bit[KILN_NUM_DOMAINS] = {
	CL_DEVICE_AFFINITY_DOMAIN_NUMA,
	CL_DEVICE_AFFINITY_DOMAIN_L4_CACHE,
	CL_DEVICE_AFFINITY_DOMAIN_L3_CACHE,
	CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE,
	CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE,
};

void kiln_host_describe_partitioning(struct kiln_device_props *p,
				     const unsigned *cus, unsigned n,
				     bool partitionable)
{
	size_t k = 0;
	p->partition_affinity_domain = 0;
	/* §4.2: a device that cannot be split into at least two sub-devices
	 * reports 0 sub-devices and a single 0 property. */
	if (partitionable && n >= 2) {
		p->storage.partition_properties[k++] = CL_DEVICE_PARTITION_EQUALLY;
		p->storage.partition_properties[k++] = CL_DEVICE_PARTITION_BY_COUNTS;
		unsigned *group = malloc(n * sizeof(*group));
		for (int l = 0; group && l < KILN_NUM_DOMAINS; l++)
			/* A level every unit has; one that holds all of
			 * them is reported too (the device is then one
			 * such domain: asking for it is
			 * CL_DEVICE_PARTITION_FAILED, the device "could
			 * not be further partitioned"). */
			if (kiln_host_group_by_domain(cus, n, (enum kiln_host_domain)l,
						      group))
				p->partition_affinity_domain |= domain_bit[l];
		free(group);
		if (p->partition_affinity_domain) {
			p->partition_affinity_domain |=
				CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE;
			p->storage.partition_properties[k++] =
				CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN;
		}
		p->partition_max_sub_devices = n;
	} else {
		p->partition_max_sub_devices = 0;
	}
	if (k == 0)
		p->storage.partition_properties[k++] = 0;
	p->partition_properties = p->storage.partition_properties;
	p->num_partition_properties = k;
}
