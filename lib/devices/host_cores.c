/* How many cores this process may use: the CPUs of its affinity mask
 * (taskset, cpuset cgroups, numactl), further limited by the cgroup CPU
 * quota, at least 1.  This is the default number of workers of the cpu
 * driver and so the device's CL_DEVICE_MAX_COMPUTE_UNITS. */
#include "host.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

static unsigned affinity_cpus(void)
{
	/* The mask may be larger than cpu_set_t on machines with more than
	 * 1024 CPUs: grow it until the kernel accepts it. */
	for (size_t ncpus = 1024; ncpus <= (1u << 20); ncpus *= 2) {
		size_t size = CPU_ALLOC_SIZE(ncpus);
		cpu_set_t *set = CPU_ALLOC(ncpus);
		if (!set)
			break;
		if (sched_getaffinity(0, size, set) == 0) {
			unsigned n = (unsigned)CPU_COUNT_S(size, set);
			CPU_FREE(set);
			return n;
		}
		CPU_FREE(set);
	}
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

static unsigned usable_cores;
static pthread_once_t usable_once = PTHREAD_ONCE_INIT;

static void count_usable(void)
{
	unsigned n = affinity_cpus();
	unsigned quota = kiln_host_cgroup_cpus();
	if (quota && quota < n)
		n = quota;
	usable_cores = n ? n : 1;
}

/* Counted once: worker threads pinned later must not shrink the answer,
 * and the device's compute units must not change while it exists. */
unsigned kiln_host_usable_cores(void)
{
	pthread_once(&usable_once, count_usable);
	return usable_cores;
}
