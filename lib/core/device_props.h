/* Everything clGetDeviceInfo reports, as data.  The driver's init fills it;
 * lib/core/device_info.c answers queries from it with one table line each. */
#ifndef KILN_CORE_DEVICE_PROPS_H
#define KILN_CORE_DEVICE_PROPS_H

#include "cl_target.h"
#include <stddef.h>

struct kiln_device_props {
	cl_device_type type;
	cl_uint vendor_id;
	cl_uint max_compute_units;
	cl_uint max_work_item_dimensions;
	size_t max_work_item_sizes[3];
	size_t max_work_group_size;
	cl_uint max_clock_frequency; /* MHz */
	cl_uint address_bits;
	cl_ulong max_mem_alloc_size;
	cl_ulong global_mem_size;
	cl_uint mem_base_addr_align; /* bits */
	cl_uint global_mem_cacheline_size;
	cl_ulong global_mem_cache_size;
	cl_ulong local_mem_size;
	cl_ulong max_constant_buffer_size;
	size_t max_parameter_size;
	size_t profiling_timer_resolution; /* ns */
	cl_command_queue_properties queue_on_host_properties;
	const char *name;
	const char *vendor;
	const char *driver_version;
	const char *version;      /* "OpenCL 3.0 Kiln ..." */
	const char *extensions;   /* space-separated */
	/* ISA level the code generator targets: "x86-64-v2", "-v3", "-v4" */
	const char *isa_level;
	/* ... the rest of the OpenCL 3.0 queries live here too */
};

#endif
