/* The device driver interface (docs/architecture.md, "The driver table").
 *
 * The runtime above (lib/api, lib/core) knows nothing about how a device runs
 * work: it calls these operations.  Command state (queued → submitted →
 * running → complete), callbacks and profiling live in lib/core/event.c, so a
 * driver only has to run a ready command and report how it ended. */
#ifndef KILN_DEVICES_DRIVER_H
#define KILN_DEVICES_DRIVER_H

#include "../core/cl_target.h"
#include <stdbool.h>
#include <stddef.h>

struct kiln_command;

/* One item of a parallel loop: `index` in [0, n), `worker` in
 * [0, kiln_driver.num_workers(dev)] identifies the thread, so the callee can
 * use per-worker scratch storage (local memory arenas, barrier contexts).
 * The last index, num_workers(dev), is the guest's: an application thread
 * running a command itself (run_here). */
typedef void (*kiln_parallel_fn)(void *arg, size_t index, unsigned worker);

struct kiln_driver {
	const char *name;

	/* probe and set-up */
	unsigned (*probe)(void);                 /* number of root devices */
	cl_int (*init)(cl_device_id dev, unsigned index); /* fills dev->props */
	void (*uninit)(cl_device_id dev);
	/* A sub-device (OpenCL 3.0 §4.3): `sub` has its parent, props and
	 * compute units (sub->units, numbered as the root's workers) filled
	 * in; the driver sets it up to run on those units only.  NULL: the
	 * driver cannot partition (its devices report no partition scheme). */
	cl_int (*init_sub)(cl_device_id sub);

	/* memory: storage of memory objects (host memory on a CPU) */
	void *(*mem_alloc)(cl_device_id dev, size_t size, size_t align);
	void (*mem_free)(cl_device_id dev, void *ptr);

	/* commands: `cmd` has all its dependencies complete.  The driver runs
	 * it (kiln_command_execute) on a thread of its own, never on the
	 * caller's, and never blocks the caller. */
	void (*submit)(cl_device_id dev, struct kiln_command *cmd);
	/* Optional (NULL: never).  Runs ready command `cmd` on the calling
	 * thread, an application thread that would otherwise only wait for
	 * it (docs/architecture.md, "Waiting and waking"), and returns true;
	 * returns false without running it when the driver cannot (the caller
	 * is one of its threads, or another thread runs a command this way):
	 * the caller then submits it. */
	bool (*run_here)(cl_device_id dev, struct kiln_command *cmd);

	/* Runs fn(arg, i, worker) for every i in [0, n) across the device's
	 * workers and returns when all are done.  Called from inside a running
	 * command (an NDRange, a large copy). */
	void (*parallel_for)(cl_device_id dev, size_t n, kiln_parallel_fn fn,
			     void *arg);
	unsigned (*num_workers)(cl_device_id dev);
};

extern const struct kiln_driver kiln_driver_cpu;
extern const struct kiln_driver kiln_driver_serial;

#endif
