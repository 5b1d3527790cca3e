/* Binary semaphores (cl_khr_semaphore 1.0.0): one queue signals, another
 * (of the same context) waits, and the wait's later commands run after the
 * signal (docs/sub_devices.md, "Semaphores").
 *
 * A signal and a wait are commands.  Each wait consumes one signal: the
 * earliest signal enqueued and not yet consumed becomes a dependency of the
 * wait.  A wait enqueued before any signal waits on a gate (an internal user
 * event) that the next signal completes when it runs, or fails when it
 * fails.  The payload (0 unsignaled, 1 signaled) is set by the commands as
 * they run. */
#ifndef KILN_CORE_SEMAPHORE_H
#define KILN_CORE_SEMAPHORE_H

#include "object.h"
#include <pthread.h>

/* cl_khr_semaphore 1.0.0 and cl_khr_external_semaphore names that Debian's
 * headers (extension revision 0.9) lack. */
#ifndef CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR
#define CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR 0x2053
#define CL_SEMAPHORE_DEVICE_HANDLE_LIST_END_KHR 0
#endif
#ifndef CL_SEMAPHORE_EXPORTABLE_KHR
#define CL_SEMAPHORE_EXPORTABLE_KHR 0x2054
#endif

/* A list of events, oldest first. */
struct kiln_sema_node {
	cl_event event;
	struct kiln_sema_node *next;
};

struct _cl_semaphore_khr {
	struct kiln_object obj;
	cl_context context;
	cl_device_id device;  /* the one device that may signal and wait */
	cl_semaphore_properties_khr *props; /* as given, with the 0 */
	size_t num_props;
	atomic_ullong payload; /* 0 or 1 */

	pthread_mutex_t lock; /* guards the two lists */
	/* Signals enqueued and not yet consumed by a wait (held). */
	struct kiln_sema_node *signals, *signals_tail;
	/* Gates of waits enqueued before a signal (held). */
	struct kiln_sema_node *gates, *gates_tail;
};

/* A new semaphore of `ctx` for `device`, with a copy of `props` (`n`
 * entries with the 0).  NULL when out of memory. */
cl_semaphore_khr kiln_semaphore_new(cl_context ctx, cl_device_id device,
				    const cl_semaphore_properties_khr *props,
				    size_t n);

/* Enqueues a signal (`wait` false) or a wait of `sems[0..n)` on `q` after
 * the wait list (all arguments checked, lib/api/semaphore.c). */
cl_int kiln_semaphore_enqueue(cl_command_queue q, bool wait, cl_uint n,
			      const cl_semaphore_khr *sems, cl_uint num_events,
			      const cl_event *wait_list, cl_event *event);

#endif
