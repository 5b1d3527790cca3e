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
 * possible (then the thread simply runs unpinned).  `worker` numbers the
 * root device's compute units: a sub-device's workers pin to the units it
 * was given (docs/sub_devices.md). */
bool kiln_host_pin_thread(unsigned worker);

/* The OS index of the PU kiln_host_pin_thread(worker) pins to (what
 * sched_getcpu() reports there), or -1 when the topology is unknown. */
int kiln_host_worker_cpu(unsigned worker);

/* Affinity domains of OpenCL 3.0 §4.3, outermost first. */
enum kiln_host_domain {
	KILN_DOMAIN_NUMA,
	KILN_DOMAIN_L4,
	KILN_DOMAIN_L3,
	KILN_DOMAIN_L2,
	KILN_DOMAIN_L1,
};
#define KILN_NUM_DOMAINS 5

/* Which instance of `level` (a NUMA node, a data or unified cache) holds
 * the PU of `worker`: a number that is equal for two workers exactly when
 * they share it, or -1 when the topology has no such level there. */
long kiln_host_worker_domain(unsigned worker, enum kiln_host_domain level);

/* CL_DEVICE_PARTITION_* of a CPU device whose compute units are the root's
 * units `cus[0..n)` (NULL: 0..n-1), when `partitionable` (the driver can
 * run a subset of them): EQUALLY and BY_COUNTS from 2 units, BY_AFFINITY_
 * DOMAIN with the domains the topology has (host_partition.c). */
void kiln_host_describe_partitioning(struct kiln_device_props *props,
				     const unsigned *cus, unsigned n,
				     bool partitionable);

/* Groups the units `cus[0..n)` (NULL: 0..n-1) by the instance of `level`
 * that holds each: group[i] receives the group of unit i, numbered from 0
 * in order of first appearance.  Returns the number of groups, 0 when some
 * unit has no such level. */
unsigned kiln_host_group_by_domain(const unsigned *cus, unsigned n,
				   enum kiln_host_domain level, unsigned *group);

/* --- the pieces kiln_host_describe puts together (host_*.c) ------------- */

/* What CPUID says (host_isa.c), read once. */
struct kiln_host_isa {
	bool fma;              /* fused multiply-add in hardware */
	bool vnni;             /* vpdpbusd at `level` on every vector width
				* kernel code uses (lib/compiler/lower_dot.cpp) */
	bool invariant_tsc;    /* the time-stamp counter has a constant rate */
	int level;             /* x86-64 ISA level 1..4, after KILN_ISA */
	const char *level_name; /* "x86-64", "x86-64-v2", "-v3", "-v4" */
	unsigned vector_bytes; /* widest vector of `level`: 16, 32 or 64 */
	char brand[49];        /* CPUID brand string, trimmed ("" if none) */
	/* LLVM's feature string for code of `level`: "+sse2,+cx16,...,-avx512f"
	 * (features the CPU lacks or that lie above the level are "-"). */
	char llvm_features[1024];
};
const struct kiln_host_isa *kiln_host_isa(void);

/* Maximum clock in MHz: sysfs cpufreq cpuinfo_max_freq, else the highest
 * "cpu MHz" of /proc/cpuinfo, else 0. */
unsigned kiln_host_clock_mhz(void);

/* What hwloc says (host_topology.c), sanity-checked.  Cache sizes are of
 * one cache instance, 0 when the level is absent or hwloc's value is
 * implausible and sysfs does not know better. */
struct kiln_host_topology {
	unsigned pus;            /* usable PUs (affinity ∩ topology) */
	unsigned physical_cores; /* cores holding a usable PU */
	unsigned numa_nodes;     /* at least 1 */
	unsigned cache_line;     /* bytes */
	unsigned long long l1d, l2, l3;
};
const struct kiln_host_topology *kiln_host_topology(void);

/* The cgroup limits of this process (host_cgroup.c): CPU quota as a
 * number of CPUs rounded up (0 = no quota) and memory limit in bytes
 * (0 = no limit).  cgroup v2 and v1 both, the tightest limit on the path. */
unsigned kiln_host_cgroup_cpus(void);
unsigned long long kiln_host_cgroup_memory(void);

/* Whether the time-stamp counter serves as one clock for every core
 * (host_clock.c): invariant (CPUID) and the kernel's clock source, which
 * Linux only keeps while the counters of all CPUs agree.  The device then
 * offers cl_khr_kernel_clock on it (kernel-lib/kernel_clock.cl). */
bool kiln_host_tsc_is_clock(void);

/* cl_khr_device_uuid (host_uuid.c): a device UUID that is the same in
 * every process on this machine, whatever the Kiln build, and differs
 * between devices named differently (`device_key`: the device's name),
 * and the driver's UUID, which changes with each Kiln build.  Both are
 * RFC 9562 version-8 UUIDs made from hashes. */
void kiln_host_uuids(const char *device_key, cl_uchar device_uuid[16],
		     cl_uchar driver_uuid[16]);

#endif
