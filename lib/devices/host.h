/* What the host CPU offers this process: the cores it may use (affinity
 * mask and cgroup CPU quota), their topology (hwloc), and the ISA (CPUID).
 * Both drivers describe their device from here. */
#ifndef KILN_DEVICES_HOST_H
#define KILN_DEVICES_HOST_H

#include "../core/device_props.h"
#include <stdbool.h>

/* Number of cores this process may use: the affinity mask, further limited
 * by the cgroup CPU quota (cpu.max / cfs_quota), at least 1. */
unsigned kiln_host_usable_cores(void);

/* Fills every field of `props` for a CPU device with `compute_units` worker
 * threads (1 for the serial driver).  `name_suffix` (may be NULL) is added to
 * the device name, e.g. " (serial)". */
cl_int kiln_host_describe(struct kiln_device_props *props,
			  unsigned compute_units, const char *name_suffix);

/* Pins the calling thread to the `worker`-th usable core (cores are spread
 * one worker per physical core first).  Returns false when pinning is not
 * possible (then the thread simply runs unpinned). */
bool kiln_host_pin_thread(unsigned worker);

#endif
