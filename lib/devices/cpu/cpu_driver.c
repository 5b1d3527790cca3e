/* The cpu driver: one device whose worker pool has a thread per usable core
 * (the affinity mask and cgroup quota, or KILN_NUM_THREADS). */
#include "pool.h"

#include "../../core/device.h"
#include "../../core/host_memory.h"
#include "../host.h"

#include <errno.h>
#include <stdlib.h>

/* The pool of a device (a sub-device has its own, cpu_init_sub). */
static struct kiln_pool *pool_of(cl_device_id dev)
{
	while (!dev->driver_data && dev->parent)
		dev = dev->parent;
	return dev->driver_data;
}

/* KILN_NUM_THREADS, when set to a positive number, else 0. */
static unsigned threads_from_env(void)
{
	const char *s = getenv("KILN_NUM_THREADS");
	if (!s || !*s)
		return 0;
	char *end;
	errno = 0;
	unsigned long n = strtoul(s, &end, 10);
	if (errno || *end || n == 0 || n > 4096)
		return 0;
	return (unsigned)n;
}

static unsigned cpu_probe(void)
{
	return 1;
}

static cl_int cpu_init(cl_device_id dev, unsigned index)
{
	(void)index;
	unsigned n = threads_from_env();
	if (!n)
		n = kiln_host_usable_cores();
	cl_int err = kiln_host_describe(&dev->props, n, NULL);
	if (err != CL_SUCCESS)
		return err;
	dev->driver_data = kiln_pool_new(n, true);
	return dev->driver_data ? CL_SUCCESS : CL_OUT_OF_HOST_MEMORY;
}

/* A sub-device gets a pool of its own, one worker per compute unit, each
 * pinned to its unit's core: its commands and their parallel loops run
 * there and nowhere else, and several sub-devices run at once
 * (docs/sub_devices.md).  Threads start on first use. */
static cl_int cpu_init_sub(cl_device_id sub)
{
	sub->driver_data = kiln_pool_new_on(sub->props.max_compute_units,
					    sub->units);
	return sub->driver_data ? CL_SUCCESS : CL_OUT_OF_HOST_MEMORY;
}

/* Every device, root or sub-device, owns its pool. */
static void cpu_uninit(cl_device_id dev)
{
	kiln_pool_free(dev->driver_data);
	dev->driver_data = NULL;
}

/* Device memory is host memory (docs/architecture.md, "The driver table"). */
void *kiln_cpu_mem_alloc(cl_device_id dev, size_t size, size_t align)
{
	(void)dev;
	return kiln_host_alloc(size, align);
}

void kiln_cpu_mem_free(cl_device_id dev, void *ptr)
{
	(void)dev;
	free(ptr);
}

static void cpu_submit(cl_device_id dev, struct kiln_command *cmd)
{
	kiln_pool_submit(pool_of(dev), cmd);
}

static bool cpu_run_here(cl_device_id dev, struct kiln_command *cmd)
{
	return kiln_pool_run_here(pool_of(dev), cmd);
}

static void cpu_parallel_for(cl_device_id dev, size_t n, kiln_parallel_fn fn,
			     void *arg)
{
	kiln_pool_parallel_for(pool_of(dev), n, fn, arg);
}

static unsigned cpu_num_workers(cl_device_id dev)
{
	return kiln_pool_size(pool_of(dev));
}

const struct kiln_driver kiln_driver_cpu = {
	.name = "cpu",
	.probe = cpu_probe,
	.init = cpu_init,
	.uninit = cpu_uninit,
	.init_sub = cpu_init_sub,
	.mem_alloc = kiln_cpu_mem_alloc,
	.mem_free = kiln_cpu_mem_free,
	.submit = cpu_submit,
	.run_here = cpu_run_here,
	.parallel_for = cpu_parallel_for,
	.num_workers = cpu_num_workers,
};
