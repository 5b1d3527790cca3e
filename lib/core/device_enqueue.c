/* Device-side enqueue: the runtime's services to kernels (OpenCL C 3.0
 * §6.15.15) and the registry of on-device queues (OpenCL 3.0 §5.1).
 * docs/device_enqueue.md tells the whole story; in short:
 *
 *  - A child kernel is an NDRange command (lib/core/ndrange.c,
 *    kiln_ndrange_child) on an on-device queue, with its own copy of the
 *    block literal, run by the driver's workers like any NDRange.
 *  - Its parent is the command whose work-item enqueued it
 *    (kiln_wg_state.command).  The parent's completion waits for its
 *    children without any thread waiting: struct kiln_command counts the
 *    children not yet complete plus one for the parent's own run, and the
 *    last of them to finish completes the parent (lib/core/command.c).  So
 *    a pool whose every worker runs a parent still makes progress.
 *  - CLK_ENQUEUE_FLAGS_WAIT_KERNEL and _WAIT_WORK_GROUP children carry one
 *    guard more, dropped when the parent's run ends: for
 *    _WAIT_WORK_GROUP, waiting for the whole parent kernel rather than the
 *    enqueuing work-group alone is a stricter order the spec allows.
 *  - clk_event_t is a cl_event, queue_t a cl_command_queue: the same
 *    dependency graph as host commands, so device events, user events and
 *    markers need nothing of their own.
 *
 * Every service returns a CLK_* error rather than fail: nothing a kernel
 * passes here can crash the runtime short of a pointer the kernel
 * fabricated. */
#include "device_enqueue.h"

#include "command.h"
#include "context.h"
#include "debug.h"
#include "device.h"
#include "event.h"
#include "queue.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* OpenCL C's values (opencl-c-base.h; OpenCL C 3.0 §6.15.15.5). */
#define CLK_SUCCESS 0
#define CLK_ENQUEUE_FAILURE (-101)
#define CLK_INVALID_QUEUE (-102)
#define CLK_INVALID_NDRANGE (-160)
#define CLK_INVALID_EVENT_WAIT_LIST (-57)
#define CLK_DEVICE_QUEUE_FULL (-161)
#define CLK_INVALID_ARG_SIZE (-51)
#define CLK_EVENT_ALLOCATION_FAILURE (-100)
#define CLK_OUT_OF_RESOURCES (-5)
#define CLK_ENQUEUE_FLAGS_NO_WAIT 0
#define CLK_ENQUEUE_FLAGS_WAIT_KERNEL 1
#define CLK_ENQUEUE_FLAGS_WAIT_WORK_GROUP 2
#define CLK_PROFILING_COMMAND_EXEC_TIME 1

/* Clang's ndrange_t (80 bytes, opencl-c-base.h). */
struct kl_ndrange {
	uint32_t work_dim;
	size_t offset[3];
	size_t global[3];
	size_t local[3];
};
_Static_assert(sizeof(struct kl_ndrange) == 80, "ndrange_t is 80 bytes");
/* kernel-lib/device_enqueue.cl reads the services pointer here. */
_Static_assert(offsetof(struct kiln_wg_state, services) == 80,
	       "struct kiln_wg_state no longer matches kernel-lib/device_enqueue.cl");

/* --- the registry of on-device queues ------------------------------- */

struct device_queue {
	cl_command_queue q;
	bool is_default;
	struct device_queue *next;
};
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct device_queue *registry;

cl_int kiln_device_queue_add(cl_command_queue q, bool make_default)
{
	struct device_queue *e = calloc(1, sizeof(*e));
	if (!e)
		return CL_OUT_OF_HOST_MEMORY;
	e->q = q;
	/* CL_DEVICE_MAX_ON_DEVICE_QUEUES is what a context is promised
	 * (§4.2); an on-device queue holds no resources of its own here (its
	 * commands are counted against its CL_QUEUE_SIZE), so more are not
	 * refused. */
	pthread_mutex_lock(&registry_lock);
	bool have_default = false;
	for (struct device_queue *d = registry; d; d = d->next)
		if (d->q->context == q->context && d->q->device == q->device)
			have_default |= d->is_default;
	if (make_default || !have_default) {
		for (struct device_queue *d = registry; d; d = d->next)
			if (d->q->context == q->context && d->q->device == q->device)
				d->is_default = false;
		e->is_default = true;
	}
	e->next = registry;
	registry = e;
	pthread_mutex_unlock(&registry_lock);
	return CL_SUCCESS;
}

void kiln_device_queue_gone(cl_command_queue q)
{
	pthread_mutex_lock(&registry_lock);
	for (struct device_queue **p = &registry; *p; p = &(*p)->next)
		if ((*p)->q == q) {
			struct device_queue *e = *p;
			*p = e->next;
			free(e);
			break;
		}
	pthread_mutex_unlock(&registry_lock);
}

cl_command_queue kiln_device_queue_default(cl_context ctx, cl_device_id dev)
{
	cl_command_queue q = NULL;
	pthread_mutex_lock(&registry_lock);
	for (struct device_queue *d = registry; d; d = d->next)
		if (d->is_default && d->q->context == ctx && d->q->device == dev)
			q = d->q;
	pthread_mutex_unlock(&registry_lock);
	return q;
}

cl_int kiln_device_queue_set_default(cl_context ctx, cl_device_id dev,
				     cl_command_queue q)
{
	bool found = false;
	pthread_mutex_lock(&registry_lock);
	for (struct device_queue *d = registry; d; d = d->next)
		if (d->q == q)
			found = true;
	if (found)
		for (struct device_queue *d = registry; d; d = d->next)
			if (d->q->context == ctx && d->q->device == dev)
				d->is_default = d->q == q;
	pthread_mutex_unlock(&registry_lock);
	return found ? CL_SUCCESS
		     : KILN_FAIL(CL_INVALID_COMMAND_QUEUE,
				 "command_queue is not an on-device queue (§5.1)");
}

/* --- services -------------------------------------------------------- */

static bool is_device_queue(const void *queue)
{
	cl_command_queue q = (cl_command_queue)queue;
	return kiln_object_is(q, KILN_OBJ_QUEUE) &&
	       (q->properties & CL_QUEUE_ON_DEVICE);
}

/* CLK_NULL_EVENT is all ones (opencl-c-base.h). */
static bool is_event(const void *ev)
{
	return ev && (uintptr_t)ev != UINTPTR_MAX && kiln_object_is(ev, KILN_OBJ_EVENT);
}

/* §6.15.15.5: a list and its length agree, every entry is a valid event. */
static int check_wait_list(uint32_t n, void *const *list)
{
	if ((n == 0) != (list == NULL))
		return CLK_INVALID_EVENT_WAIT_LIST;
	for (uint32_t i = 0; i < n; i++)
		if (!is_event(list[i]))
			return CLK_INVALID_EVENT_WAIT_LIST;
	return CLK_SUCCESS;
}

/* One more entry on on-device queue q, if CL_QUEUE_SIZE has room. */
static bool take_entry(cl_command_queue q)
{
	unsigned cap = q->device_queue_size / KILN_DEVICE_QUEUE_ENTRY_BYTES;
	unsigned n = atomic_fetch_add(&q->device_queued, 1);
	if (n < cap)
		return true;
	atomic_fetch_sub(&q->device_queued, 1);
	return false;
}

/* The largest divisor of n not above limit. */
static size_t divisor_below(size_t n, size_t limit)
{
	for (size_t c = limit < n ? limit : n; c > 1; c--)
		if (n % c == 0)
			return c;
	return 1;
}

/* Local sizes for an ndrange that gives none: groups of whole divisors of
 * the global size, dimension 0 first, up to a few groups per worker. */
static void choose_local(cl_device_id dev, const struct kl_ndrange *r,
			 size_t local[3])
{
	const struct kiln_device_props *p = &dev->props;
	size_t total = 1;
	for (uint32_t d = 0; d < r->work_dim; d++)
		total *= r->global[d];
	unsigned workers = dev->driver->num_workers(dev);
	size_t budget = total / ((size_t)(workers ? workers : 1) * 4);
	if (budget > p->max_work_group_size)
		budget = p->max_work_group_size;
	for (uint32_t d = 0; d < 3; d++)
		local[d] = 1;
	for (uint32_t d = 0; d < r->work_dim && budget > 1; d++) {
		size_t lim = budget < p->max_work_item_sizes[d] ? budget
								: p->max_work_item_sizes[d];
		local[d] = divisor_below(r->global[d], lim);
		budget /= local[d];
		if (local[d] < r->global[d])
			break;
	}
}

/* The geometry of ndrange `r` for device dev into work_dim, offset,
 * global, local (3 each, 1 beyond work_dim): CLK_INVALID_NDRANGE when it
 * is not one the device runs (§6.15.15.5). */
static int geometry(cl_device_id dev, const struct kl_ndrange *r,
		    size_t offset[3], size_t global[3], size_t local[3])
{
	const struct kiln_device_props *p = &dev->props;
	if (r->work_dim < 1 || r->work_dim > 3)
		return CLK_INVALID_NDRANGE;
	bool any_local = false, all_local = true;
	for (uint32_t d = 0; d < r->work_dim; d++) {
		if (r->global[d] == 0 || r->global[d] + r->offset[d] < r->global[d])
			return CLK_INVALID_NDRANGE;
		any_local |= r->local[d] != 0;
		all_local &= r->local[d] != 0;
	}
	if (any_local && !all_local)
		return CLK_INVALID_NDRANGE;
	for (uint32_t d = 0; d < 3; d++) {
		bool used = d < r->work_dim;
		offset[d] = used ? r->offset[d] : 0;
		global[d] = used ? r->global[d] : 1;
		local[d] = used ? r->local[d] : 1;
	}
	if (!any_local) {
		choose_local(dev, r, local);
		return CLK_SUCCESS;
	}
	size_t items = 1;
	for (uint32_t d = 0; d < r->work_dim; d++) {
		if (local[d] > p->max_work_item_sizes[d])
			return CLK_INVALID_NDRANGE;
		items *= local[d];
		/* Non-uniform groups need the device's support (§5.10). */
		if (global[d] % local[d] && !p->non_uniform_work_group_support)
			return CLK_INVALID_NDRANGE;
	}
	return items <= p->max_work_group_size ? CLK_SUCCESS : CLK_INVALID_NDRANGE;
}

/* Wires `cmd` (a child of the command running the caller's group) into
 * queue q after wait_list: counted among the parent's children before it
 * can complete, held for the parent's end when wait_parent. */
static int enqueue_child(struct kiln_wg_state *st, struct kiln_command *cmd,
			 bool wait_parent, uint32_t num_events,
			 void *const *wait_list, void **event_ret)
{
	struct kiln_command *parent = st->command;
	cmd->parent = parent;
	cmd->extra_guard = wait_parent;
	atomic_fetch_add(&parent->children, 1);
	cl_event ev = NULL;
	cl_int err = kiln_command_enqueue(cmd, num_events,
					  (const cl_event *)wait_list,
					  event_ret ? &ev : NULL);
	if (err != CL_SUCCESS) {
		/* The command was freed (kiln_command_enqueue); the parent is
		 * running, so its count stays above zero. */
		atomic_fetch_sub(&parent->children, 1);
		return err == CL_OUT_OF_HOST_MEMORY && event_ret
			       ? CLK_EVENT_ALLOCATION_FAILURE
			       : CLK_OUT_OF_RESOURCES;
	}
	if (wait_parent) {
		/* Released by kiln_command_execute when the parent's run
		 * ends; that cannot happen before this work-item returns. */
		struct kiln_command *head = atomic_load(&parent->held);
		do
			cmd->held_next = head;
		while (!atomic_compare_exchange_weak(&parent->held, &head, cmd));
	}
	if (event_ret)
		*event_ret = ev;
	return CLK_SUCCESS;
}

int kiln_de_enqueue_kernel(struct kiln_wg_state *st, void *queue,
			   uint32_t flags, const void *ndrange,
			   uint32_t num_events, void *const *wait_list,
			   void **event_ret, const struct kiln_block_kernel *bk,
			   const void *block, uint32_t num_locals,
			   const uint64_t *local_sizes)
{
	if (!is_device_queue(queue))
		return CLK_INVALID_QUEUE;
	cl_command_queue q = queue;
	if (flags != CLK_ENQUEUE_FLAGS_NO_WAIT &&
	    flags != CLK_ENQUEUE_FLAGS_WAIT_KERNEL &&
	    flags != CLK_ENQUEUE_FLAGS_WAIT_WORK_GROUP)
		return CLK_ENQUEUE_FAILURE;
	int err = check_wait_list(num_events, wait_list);
	if (err)
		return err;
	size_t offset[3], global[3], local[3];
	struct kl_ndrange r;
	memcpy(&r, ndrange, sizeof(r));
	err = geometry(q->device, &r, offset, global, local);
	if (err)
		return err;
	if (num_locals != bk->num_locals)
		return CLK_INVALID_ARG_SIZE;
	/* §6.15.15.5: a __local block argument of 0 bytes is
	 * CLK_INVALID_ARG_SIZE; more than the device's local memory cannot
	 * run (CLK_OUT_OF_RESOURCES). */
	uint64_t local_total = bk->local_mem_size;
	for (uint32_t i = 0; i < num_locals; i++) {
		if (local_sizes[i] == 0)
			return CLK_INVALID_ARG_SIZE;
		local_total += local_sizes[i];
		if (local_sizes[i] > q->device->props.local_mem_size)
			return CLK_OUT_OF_RESOURCES;
	}
	if (local_total > q->device->props.local_mem_size)
		return CLK_OUT_OF_RESOURCES;
	uint32_t block_size;
	memcpy(&block_size, block, sizeof(block_size));
	if (block_size < 16)
		return CLK_ENQUEUE_FAILURE; /* not a block literal */
	if (!take_entry(q))
		return CLK_DEVICE_QUEUE_FULL;
	struct kiln_command *cmd = kiln_ndrange_child(
		q, bk, r.work_dim, offset, global, local, block, block_size,
		num_locals, local_sizes, st->check);
	if (!cmd) {
		atomic_fetch_sub(&q->device_queued, 1);
		return CLK_OUT_OF_RESOURCES;
	}
	return enqueue_child(st, cmd, flags != CLK_ENQUEUE_FLAGS_NO_WAIT,
			     num_events, wait_list, event_ret);
}

int kiln_de_enqueue_marker(struct kiln_wg_state *st, void *queue,
			   uint32_t num_events, void *const *wait_list,
			   void **event_ret)
{
	if (!is_device_queue(queue))
		return CLK_INVALID_QUEUE;
	/* §6.15.15.6: the marker waits for the events of its list, which
	 * must not be empty. */
	if (num_events == 0 || !wait_list)
		return CLK_INVALID_EVENT_WAIT_LIST;
	int err = check_wait_list(num_events, wait_list);
	if (err)
		return err;
	cl_command_queue q = queue;
	if (!take_entry(q))
		return CLK_DEVICE_QUEUE_FULL;
	struct kiln_command *cmd =
		kiln_command_alloc(sizeof(*cmd), q, CL_COMMAND_MARKER);
	if (!cmd) {
		atomic_fetch_sub(&q->device_queued, 1);
		return CLK_OUT_OF_RESOURCES;
	}
	return enqueue_child(st, cmd, false, num_events, wait_list, event_ret);
}

int kiln_de_event_op(struct kiln_wg_state *st, void *event, int op, int arg)
{
	(void)st;
	cl_event ev = event;
	switch (op) {
	case KILN_DE_IS_VALID:
		return is_event(ev);
	case KILN_DE_RETAIN:
		if (is_event(ev))
			kiln_object_retain(KILN_OBJ(ev));
		return 0;
	case KILN_DE_RELEASE:
		if (is_event(ev))
			kiln_object_release(KILN_OBJ(ev));
		return 0;
	case KILN_DE_SET_STATUS:
		/* §6.15.15.7: CL_COMPLETE or a negative error, for a user
		 * event, once. */
		if (is_event(ev) && !ev->queue && (arg == CL_COMPLETE || arg < 0) &&
		    !kiln_status_is_final(atomic_load(&ev->status)))
			kiln_event_set_status(ev, arg);
		return 0;
	}
	return 0;
}

void *kiln_de_create_user_event(struct kiln_wg_state *st)
{
	struct kiln_command *cmd = st->command;
	cl_event ev = kiln_event_new(cmd->queue->context, NULL, CL_COMMAND_USER);
	/* §6.15.15.7: CLK_NULL_EVENT when it cannot be made. */
	return ev ? (void *)ev : (void *)(uintptr_t)SIZE_MAX;
}

/* What capture_event_profiling_info writes once the event is complete. */
struct capture {
	struct kiln_event_callback cb;
	cl_ulong *dst;
};

static void CL_CALLBACK write_profile(cl_event ev, cl_int status, void *data)
{
	(void)status;
	struct capture *c = data;
	/* §6.15.15.7: [0] the command's execution time, [1] the time from
	 * its start to the completion of it and its children. */
	c->dst[0] = ev->t_end - ev->t_start;
	c->dst[1] = ev->t_complete - ev->t_start;
	/* c is freed with its callback record (event.c frees cb, c's
	 * first member). */
}

void kiln_de_capture_profiling(struct kiln_wg_state *st, void *event, int name,
			       void *value)
{
	(void)st;
	cl_event ev = event;
	if (!is_event(ev) || !ev->queue || !ev->profiled || !value ||
	    name != CLK_PROFILING_COMMAND_EXEC_TIME)
		return;
	struct capture *c = calloc(1, sizeof(*c));
	if (!c)
		return;
	c->dst = value;
	c->cb.fn = write_profile;
	c->cb.user_data = c;
	c->cb.trigger = CL_COMPLETE;
	/* Takes c->cb; runs write_profile at once if already complete. */
	kiln_event_add_callback(ev, &c->cb);
}

void *kiln_de_default_queue(struct kiln_wg_state *st)
{
	struct kiln_command *cmd = st->command;
	return kiln_device_queue_default(cmd->queue->context, cmd->device);
}

uint32_t kiln_de_kernel_query(struct kiln_wg_state *st,
			      const struct kiln_block_kernel *bk, int what,
			      const void *ndrange)
{
	(void)bk;
	struct kiln_command *cmd = st->command;
	cl_device_id dev = cmd->device;
	/* A block kernel has no work-group size attributes: the device's
	 * limits and the native sub-group size hold (kiln_kernel_sub_group_size). */
	uint32_t sg = dev->props.vector_bytes / 4;
	if (!sg)
		sg = 1;
	switch (what) {
	case KILN_DE_Q_WORK_GROUP_SIZE:
		return (uint32_t)dev->props.max_work_group_size;
	case KILN_DE_Q_PREFERRED_MULTIPLE:
		return (uint32_t)dev->props.preferred_work_group_size_multiple;
	}
	struct kl_ndrange r;
	memcpy(&r, ndrange, sizeof(r));
	size_t offset[3], global[3], local[3];
	if (geometry(dev, &r, offset, global, local) != CLK_SUCCESS)
		return 0;
	size_t items = local[0] * local[1] * local[2];
	if (what == KILN_DE_Q_SUB_GROUP_COUNT)
		return (uint32_t)((items + sg - 1) / sg);
	return (uint32_t)(items < sg ? items : sg);
}
