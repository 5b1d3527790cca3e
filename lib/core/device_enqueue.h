/* Device-side enqueue (OpenCL C 3.0 §6.15.15, OpenCL 3.0 §5.1 on-device
 * queues; docs/device_enqueue.md): the runtime half.  Kernels reach it
 * through the services of struct kiln_wg_services (compiler.h), which
 * kernel-lib/device_enqueue.cl calls; the host API (lib/api/queue.c) makes
 * the on-device queues and the context's default one. */
#ifndef KILN_CORE_DEVICE_ENQUEUE_H
#define KILN_CORE_DEVICE_ENQUEUE_H

#include "object.h"
#include "../compiler/compiler.h"

struct kiln_command;

/* Bytes of CL_QUEUE_SIZE one command occupies while it is on an on-device
 * queue (enqueued, not complete): enqueue_kernel and enqueue_marker answer
 * CLK_DEVICE_QUEUE_FULL when the queue holds size / this already. */
#define KILN_DEVICE_QUEUE_ENTRY_BYTES 64u

/* An NDRange command on device queue q that runs block kernel bk over the
 * given geometry (all three dimensions given, local sizes non-zero), with
 * its own copy of the block_size bytes of the block literal and num_locals
 * __local arguments of local_sizes[i] bytes (lib/core/ndrange.c).  Not
 * enqueued yet; NULL when out of memory. */
struct kiln_command *kiln_ndrange_child(cl_command_queue q,
					const struct kiln_block_kernel *bk,
					cl_uint work_dim, const size_t offset[3],
					const size_t global[3],
					const size_t local[3], const void *block,
					size_t block_size, uint32_t num_locals,
					const uint64_t *local_sizes,
					const struct kiln_check_launch *parent_check);

/* The services of device-side enqueue, for the table in fibers.c. */
int kiln_de_enqueue_kernel(struct kiln_wg_state *st, void *queue,
			   uint32_t flags, const void *ndrange,
			   uint32_t num_events, void *const *wait_list,
			   void **event_ret, const struct kiln_block_kernel *bk,
			   const void *block, uint32_t num_locals,
			   const uint64_t *local_sizes);
int kiln_de_enqueue_marker(struct kiln_wg_state *st, void *queue,
			   uint32_t num_events, void *const *wait_list,
			   void **event_ret);
int kiln_de_event_op(struct kiln_wg_state *st, void *event, int op, int arg);
void *kiln_de_create_user_event(struct kiln_wg_state *st);
void kiln_de_capture_profiling(struct kiln_wg_state *st, void *event,
			       int name, void *value);
void *kiln_de_default_queue(struct kiln_wg_state *st);
uint32_t kiln_de_kernel_query(struct kiln_wg_state *st,
			      const struct kiln_block_kernel *bk, int what,
			      const void *ndrange);

/* The default on-device queue of ctx for dev (NULL when none), and
 * replacing it (clSetDefaultDeviceCommandQueue, CL_QUEUE_ON_DEVICE_DEFAULT).
 * The context does not hold the queue: a queue that goes away stops being
 * the default (kiln_device_queue_gone, from the queue's destructor). */
cl_command_queue kiln_device_queue_default(cl_context ctx, cl_device_id dev);
/* Records a new on-device queue (made default when `make_default` or when
 * ctx has none for dev yet); CL_OUT_OF_HOST_MEMORY when it cannot. */
cl_int kiln_device_queue_add(cl_command_queue q, bool make_default);
cl_int kiln_device_queue_set_default(cl_context ctx, cl_device_id dev,
				     cl_command_queue q);
void kiln_device_queue_gone(cl_command_queue q);

#endif
