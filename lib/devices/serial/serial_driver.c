/* The serial driver: one thread runs every command and every item of every
 * parallel loop, in order.  Deterministic, for debugging a kernel or a race
 * (KILN_DEVICES=serial). */
#include "../cpu/pool.h"

#include "../../core/device.h"
#include "../host.h"

static struct kiln_pool *pool_of(cl_device_id dev)
{
	while (!dev->driver_data && dev->parent)
		dev = dev->parent;
	return dev->driver_data;
}

static unsigned serial_probe(void)
{
	return 1;
}

static cl_int serial_init(cl_device_id dev, unsigned index)
{
	(void)index;
	cl_int err = kiln_host_describe(&dev->props, 1, " (serial)");
	if (err != CL_SUCCESS)
		return err;
	/* One unpinned thread: the order of work, not its place, matters. */
	dev->driver_data = kiln_pool_new(1, false);
	return dev->driver_data ? CL_SUCCESS : CL_OUT_OF_HOST_MEMORY;
}

static void serial_uninit(cl_device_id dev)
{
	if (!dev->parent)
		kiln_pool_free(dev->driver_data);
	dev->driver_data = NULL;
}

static void serial_submit(cl_device_id dev, struct kiln_command *cmd)
{
	kiln_pool_submit(pool_of(dev), cmd);
}

/* With a one-thread pool the loop runs on the caller in index order. */
static void serial_parallel_for(cl_device_id dev, size_t n,
				kiln_parallel_fn fn, void *arg)
{
	kiln_pool_parallel_for(pool_of(dev), n, fn, arg);
}

static unsigned serial_num_workers(cl_device_id dev)
{
	(void)dev;
	return 1;
}

const struct kiln_driver kiln_driver_serial = {
	.name = "serial",
	.probe = serial_probe,
	.init = serial_init,
	.uninit = serial_uninit,
	.mem_alloc = kiln_cpu_mem_alloc,
	.mem_free = kiln_cpu_mem_free,
	.submit = serial_submit,
	.parallel_for = serial_parallel_for,
	.num_workers = serial_num_workers,
};
