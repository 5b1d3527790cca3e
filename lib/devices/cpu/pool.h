/* The worker pool: a fixed set of pthreads that run ready commands and the
 * items of parallel loops (docs/architecture.md, "The driver table").
 *
 * Threads start on first use and sleep on a condition variable when idle
 * (after a short spin, for latency).  A parallel loop is split into chunks
 * that threads take from a shared atomic counter (dynamic scheduling); the
 * calling worker takes part, so a loop started from inside a running command
 * always makes progress even when every other worker is busy.
 *
 * After fork() the child's copy of every pool forgets its (vanished) threads
 * and starts fresh ones on next use. */
#ifndef KILN_DEVICES_CPU_POOL_H
#define KILN_DEVICES_CPU_POOL_H

#include "../driver.h"
#include <stdbool.h>

struct kiln_pool;

/* A pool of `nthreads` (≥ 1) workers; `pin` pins worker i with
 * kiln_host_pin_thread(i).  No thread starts until the pool is used. */
struct kiln_pool *kiln_pool_new(unsigned nthreads, bool pin);

/* A pool whose worker i is pinned like the root's worker units[i]: the
 * pool of a sub-device, which runs on those compute units only
 * (docs/sub_devices.md).  `units` is copied. */
struct kiln_pool *kiln_pool_new_on(unsigned nthreads, const unsigned *units);

/* Stops and joins the threads, then frees the pool.  Queued commands must
 * be finished already.  Called on one of the pool's own workers (the last
 * command of a sub-device dropped the last hold of it), the joining is
 * left to a detached thread. */
void kiln_pool_free(struct kiln_pool *pool);

unsigned kiln_pool_size(const struct kiln_pool *pool);

/* Queues a ready command; a worker runs it with kiln_command_execute.
 * Commands are started in the order submitted (FIFO). */
void kiln_pool_submit(struct kiln_pool *pool, struct kiln_command *cmd);

/* Runs ready command `cmd` (kiln_command_execute) on the calling thread,
 * an application thread that would otherwise only wait for it, as the
 * pool's guest: worker index kiln_pool_size(pool), which parallel loops
 * inside the command use like a worker's.  One guest at a time per pool.
 * Returns false, running nothing, on a worker, on a thread that is a guest
 * already, or while another thread is the guest: the caller submits the
 * command instead. */
bool kiln_pool_run_here(struct kiln_pool *pool, struct kiln_command *cmd);

/* Runs fn(arg, i, worker) for every i in [0, n) and returns when all are
 * done.  With one worker the items run in index order on the caller.
 * `worker` is in [0, kiln_pool_size(pool)]: the last index is the guest's. */
void kiln_pool_parallel_for(struct kiln_pool *pool, size_t n,
			    kiln_parallel_fn fn, void *arg);

/* Storage of memory objects for both drivers: aligned host memory
 * (cpu_driver.c). */
void *kiln_cpu_mem_alloc(cl_device_id dev, size_t size, size_t align);
void kiln_cpu_mem_free(cl_device_id dev, void *ptr);

#endif
