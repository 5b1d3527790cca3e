/* Sub-devices (OpenCL 3.0 §4.3): a device made of some of its parent's
 * compute units, with a worker pool of its own on those units' cores
 * (docs/sub_devices.md).  lib/api/device.c decides the groups; this file
 * makes the objects. */
#include "device.h"
#include "../devices/host.h"

#include <stdlib.h>
#include <string.h>

/* Copies `src` into `dst` and re-points what pointed into src->storage at
 * dst->storage (device_props.h: the props own their strings and arrays). */
static void props_copy(struct kiln_device_props *dst,
		       const struct kiln_device_props *src)
{
	memcpy(dst, src, sizeof(*dst));
	const char *lo = (const char *)&src->storage;
	const char *hi = lo + sizeof(src->storage);
#define REBASE(field)                                                          \
	do {                                                                   \
		const char *p_ = (const char *)dst->field;                     \
		if (p_ >= lo && p_ < hi)                                       \
			dst->field = (void *)((char *)&dst->storage + (p_ - lo)); \
	} while (0)
	REBASE(name);
	REBASE(extensions);
	REBASE(extensions_with_version);
	REBASE(opencl_c_features);
	REBASE(opencl_c_all_versions);
	REBASE(partition_properties);
	REBASE(partition_type);
	REBASE(sub_group_sizes);
	REBASE(spirv_ext_inst_sets);
	REBASE(spirv_extensions);
	REBASE(spirv_capabilities);
#undef REBASE
}

/* The last reference and hold are gone (the application's, contexts',
 * queues', programs'): stop its workers and let go of the parent. */
static void sub_device_free(struct kiln_object *obj)
{
	cl_device_id dev = (cl_device_id)obj;
	if (dev->driver->uninit)
		dev->driver->uninit(dev);
	kiln_object_unhold(KILN_OBJ(dev->parent));
	free(dev->units);
	free(dev->partition_list);
	free(dev);
}

static cl_device_id sub_device_new(cl_device_id parent, const unsigned *units,
				   unsigned n,
				   const cl_device_partition_property *type,
				   size_t type_len)
{
	cl_device_id dev = calloc(1, sizeof(*dev));
	if (!dev)
		return NULL;
	dev->units = malloc(n * sizeof(*dev->units));
	dev->partition_list = malloc(type_len * sizeof(*type));
	if (!dev->units || !dev->partition_list) {
		free(dev->units);
		free(dev->partition_list);
		free(dev);
		return NULL;
	}
	memcpy(dev->units, units, n * sizeof(*units));
	memcpy(dev->partition_list, type, type_len * sizeof(*type));
	dev->driver = parent->driver;
	dev->parent = parent;
	props_copy(&dev->props, &parent->props);
	/* What differs from the parent (§4.2): its units, how it can be
	 * partitioned further, how it was made. */
	dev->props.max_compute_units = n;
	kiln_host_describe_partitioning(&dev->props, dev->units, n, true);
	dev->props.partition_type = dev->partition_list;
	dev->props.num_partition_type = type_len;
	if (dev->driver->init_sub(dev) != CL_SUCCESS) {
		free(dev->units);
		free(dev->partition_list);
		free(dev);
		return NULL;
	}
	/* A sub-device holds its parent: queries of CL_DEVICE_PARENT_DEVICE
	 * stay valid after the application released the parent (§4.3). */
	kiln_object_hold(KILN_OBJ(parent));
	kiln_object_init(&dev->obj, KILN_OBJ_DEVICE, sub_device_free);
	return dev;
}

cl_int kiln_device_create_subs(cl_device_id dev, unsigned count,
			       unsigned *const *units_of, const unsigned *n_units,
			       const cl_device_partition_property *type,
			       size_t type_len, cl_device_id *out)
{
	for (unsigned g = 0; g < count; g++) {
		out[g] = sub_device_new(dev, units_of[g], n_units[g], type, type_len);
		if (!out[g]) {
			while (g--)
				kiln_object_release(KILN_OBJ(out[g]));
			return CL_OUT_OF_HOST_MEMORY;
		}
	}
	return CL_SUCCESS;
}
