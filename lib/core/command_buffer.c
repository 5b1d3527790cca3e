/* Command buffers: recording, finalizing, replaying (cl_khr_command_buffer
 * 0.9.8; docs/command_buffers.md).  lib/api/command_buffer.c checks every
 * argument; this file assumes valid input. */
#include "command_buffer.h"

#include "command.h"
#include "context.h"
#include "debug.h"
#include "info.h"
#include "kernel.h"
#include "queue.h"

#include <stdlib.h>
#include <string.h>

/* --- entries and plans ------------------------------------------------ */

struct kiln_cb_entry *kiln_cb_entry_new(struct kiln_command *cmd,
					bool is_ndrange)
{
	struct kiln_cb_entry *e = malloc(sizeof(*e));
	if (!e) {
		if (cmd)
			kiln_command_discard(cmd);
		return NULL;
	}
	atomic_init(&e->refs, 1);
	e->cmd = cmd;
	e->is_ndrange = is_ndrange;
	return e;
}

void kiln_cb_entry_release(struct kiln_cb_entry *e)
{
	if (!e || atomic_fetch_sub(&e->refs, 1) != 1)
		return;
	if (e->cmd)
		kiln_command_discard(e->cmd); /* its release, its holds */
	free(e);
}

static void plan_release(struct kiln_cb_plan *p)
{
	if (!p || atomic_fetch_sub(&p->refs, 1) != 1)
		return;
	for (size_t i = 0; i < p->n; i++)
		kiln_cb_entry_release(p->entries[i]);
	free(p);
}

/* The plan of the buffer's current entries (barriers left out: commands
 * run one after the other, so every sync point and barrier is honoured).
 * Caller holds cb->lock.  NULL when out of memory. */
static struct kiln_cb_plan *plan_build(cl_command_buffer_khr cb)
{
	size_t n = 0;
	for (size_t i = 0; i < cb->num_cmds; i++)
		n += cb->cmds[i].entry && cb->cmds[i].entry->cmd;
	struct kiln_cb_plan *p =
		malloc(sizeof(*p) + (n ? n : 1) * sizeof(p->entries[0]));
	if (!p)
		return NULL;
	atomic_init(&p->refs, 1);
	p->n = 0;
	for (size_t i = 0; i < cb->num_cmds; i++) {
		struct kiln_cb_entry *e = cb->cmds[i].entry;
		if (!e || !e->cmd)
			continue; /* a barrier, or a command with nothing to do */
		atomic_fetch_add(&e->refs, 1);
		p->entries[p->n++] = e;
	}
	return p;
}

/* EXECUTABLE when every command can run, FINALIZED while an NDRange waits
 * for arguments (mutable dispatch 0.9.5).  Caller holds cb->lock. */
static cl_command_buffer_state_khr finalized_state(cl_command_buffer_khr cb)
{
	for (size_t i = 0; i < cb->num_cmds; i++)
		if (cb->cmds[i].entry && !cb->cmds[i].entry->cmd)
			return CL_COMMAND_BUFFER_STATE_FINALIZED_KHR;
	return CL_COMMAND_BUFFER_STATE_EXECUTABLE_KHR;
}

/* --- the object --------------------------------------------------------- */

static void mutable_free(struct kiln_object *obj)
{
	struct _cl_mutable_command_khr *m = (struct _cl_mutable_command_khr *)obj;
	if (m->args)
		kiln_object_release(KILN_OBJ(m->args));
	kiln_object_unhold(KILN_OBJ(m->kernel));
	free(m);
}

static void cb_free(struct kiln_object *obj)
{
	cl_command_buffer_khr cb = (cl_command_buffer_khr)obj;
	plan_release(cb->plan);
	for (size_t i = 0; i < cb->num_cmds; i++) {
		kiln_cb_entry_release(cb->cmds[i].entry);
		if (cb->cmds[i].mut) {
			/* Handles live as long as their buffer. */
			kiln_object_release(KILN_OBJ(cb->cmds[i].mut));
		}
	}
	free(cb->cmds);
	pthread_mutex_destroy(&cb->lock);
	kiln_object_unhold(KILN_OBJ(cb->queue));
	free(cb);
}

cl_command_buffer_khr kiln_cb_new(cl_command_queue q,
				  cl_command_buffer_flags_khr flags,
				  kiln_mutable_dispatch_asserts_khr asserts,
				  const cl_command_buffer_properties_khr *props,
				  size_t num_props, cl_int *err)
{
	cl_command_buffer_khr cb = calloc(1, sizeof(*cb));
	if (!cb) {
		*err = CL_OUT_OF_HOST_MEMORY;
		return NULL;
	}
	kiln_object_init(KILN_OBJ(cb), KILN_OBJ_COMMAND_BUFFER, cb_free);
	cb->context = q->context;
	cb->queue = q;
	kiln_object_hold(KILN_OBJ(q));
	cb->flags = flags;
	cb->asserts = asserts;
	KILN_ASSERT(num_props <= KILN_ARRAY_SIZE(cb->props));
	if (num_props)
		memcpy(cb->props, props, num_props * sizeof(*props));
	cb->num_props = num_props;
	pthread_mutex_init(&cb->lock, NULL);
	cb->state = CL_COMMAND_BUFFER_STATE_RECORDING_KHR;
	*err = CL_SUCCESS;
	return cb;
}

cl_int kiln_cb_append(cl_command_buffer_khr cb, cl_command_type type,
		      struct kiln_command *entry_cmd, bool is_ndrange,
		      struct _cl_mutable_command_khr *mut,
		      cl_sync_point_khr *sync_point)
{
	struct kiln_cb_entry *e = NULL;
	if (entry_cmd || is_ndrange) {
		e = kiln_cb_entry_new(entry_cmd, is_ndrange);
		if (!e)
			return CL_OUT_OF_HOST_MEMORY;
	}
	pthread_mutex_lock(&cb->lock);
	if (cb->state != CL_COMMAND_BUFFER_STATE_RECORDING_KHR) {
		/* Finalized by another thread since the caller checked. */
		pthread_mutex_unlock(&cb->lock);
		kiln_cb_entry_release(e);
		return CL_INVALID_OPERATION;
	}
	if (cb->num_cmds == cb->cap_cmds) {
		size_t cap = cb->cap_cmds ? 2 * cb->cap_cmds : 16;
		struct kiln_cb_cmd *grown = realloc(cb->cmds, cap * sizeof(*grown));
		if (!grown) {
			pthread_mutex_unlock(&cb->lock);
			kiln_cb_entry_release(e);
			return CL_OUT_OF_HOST_MEMORY;
		}
		cb->cmds = grown;
		cb->cap_cmds = cap;
	}
	size_t slot = cb->num_cmds++;
	cb->cmds[slot] = (struct kiln_cb_cmd){ type, e, mut };
	if (mut)
		mut->slot = slot;
	pthread_mutex_unlock(&cb->lock);
	if (sync_point)
		*sync_point = (cl_sync_point_khr)(slot + 1);
	return CL_SUCCESS;
}

cl_int kiln_cb_finalize(cl_command_buffer_khr cb)
{
	pthread_mutex_lock(&cb->lock);
	struct kiln_cb_plan *p = plan_build(cb);
	if (!p) {
		pthread_mutex_unlock(&cb->lock);
		return CL_OUT_OF_HOST_MEMORY;
	}
	cb->plan = p;
	cb->state = finalized_state(cb);
	pthread_mutex_unlock(&cb->lock);
	return CL_SUCCESS;
}

cl_int kiln_cb_replace(cl_command_buffer_khr cb, size_t n,
		       const size_t *slots, struct kiln_cb_entry **entries)
{
	pthread_mutex_lock(&cb->lock);
	/* The new plan first, with the new entries in place: if it cannot be
	 * made, put the old ones back and change nothing. */
	struct kiln_cb_entry **old = malloc((n ? n : 1) * sizeof(*old));
	if (!old) {
		pthread_mutex_unlock(&cb->lock);
		for (size_t i = 0; i < n; i++)
			kiln_cb_entry_release(entries[i]);
		return CL_OUT_OF_HOST_MEMORY;
	}
	for (size_t i = 0; i < n; i++) {
		old[i] = cb->cmds[slots[i]].entry;
		cb->cmds[slots[i]].entry = entries[i];
	}
	struct kiln_cb_plan *p = plan_build(cb);
	if (!p) {
		for (size_t i = n; i-- > 0;) {
			cb->cmds[slots[i]].entry = old[i];
			kiln_cb_entry_release(entries[i]);
		}
		pthread_mutex_unlock(&cb->lock);
		free(old);
		return CL_OUT_OF_HOST_MEMORY;
	}
	struct kiln_cb_plan *prev = cb->plan;
	cb->plan = p;
	cb->state = finalized_state(cb);
	pthread_mutex_unlock(&cb->lock);
	/* Runs in flight keep the previous plan (and its entries) alive. */
	plan_release(prev);
	for (size_t i = 0; i < n; i++)
		kiln_cb_entry_release(old[i]);
	free(old);
	return CL_SUCCESS;
}

/* --- replay -------------------------------------------------------------- */

/* One enqueue of a command buffer: a single command on the queue. */
struct cb_exec {
	struct kiln_command cmd;
	cl_command_buffer_khr cb;  /* held */
	struct kiln_cb_plan *plan; /* counted */
};

/* Runs the plan's commands in recording order, on this driver thread; an
 * NDRange spreads its work-groups over the workers as usual.  The first
 * command that fails ends the execution with its error. */
static cl_int exec_run(struct kiln_command *cmd)
{
	const struct kiln_cb_plan *p = ((struct cb_exec *)cmd)->plan;
	for (size_t i = 0; i < p->n; i++) {
		const struct kiln_cb_entry *e = p->entries[i];
		struct kiln_command *rec = e->cmd;
		cl_int err;
		if (e->is_ndrange) {
			err = kiln_ndrange_replay(rec, cmd);
		} else if (rec->run) {
			err = rec->run(rec);
			if (err && !cmd->error_reason)
				cmd->error_reason = rec->error_reason;
		} else {
			continue;
		}
		if (err)
			return err;
	}
	return CL_SUCCESS;
}

static void exec_release(struct kiln_command *cmd)
{
	struct cb_exec *x = (struct cb_exec *)cmd;
	plan_release(x->plan);
	if (x->cb)
		kiln_object_unhold(KILN_OBJ(x->cb));
}

cl_int kiln_cb_enqueue(cl_command_buffer_khr cb, cl_command_queue q,
		       cl_uint num_events, const cl_event *wait_list,
		       cl_event *event)
{
	struct cb_exec *x = (struct cb_exec *)kiln_command_alloc(
		sizeof(*x), q, CL_COMMAND_COMMAND_BUFFER_KHR);
	if (!x)
		return CL_OUT_OF_HOST_MEMORY;
	x->cmd.run = exec_run;
	x->cmd.release = exec_release;
	x->cb = cb;
	kiln_object_hold(KILN_OBJ(cb));
	pthread_mutex_lock(&cb->lock);
	x->plan = cb->plan;
	atomic_fetch_add(&x->plan->refs, 1);
	pthread_mutex_unlock(&cb->lock);
	return kiln_command_enqueue(&x->cmd, num_events, wait_list, event);
}

/* --- mutable handles ------------------------------------------------------ */

struct _cl_mutable_command_khr *kiln_cb_mutable_new(cl_command_buffer_khr cb,
						    cl_kernel kernel)
{
	struct _cl_mutable_command_khr *m = calloc(1, sizeof(*m));
	if (!m)
		return NULL;
	kiln_object_init(KILN_OBJ(m), KILN_OBJ_MUTABLE_COMMAND, mutable_free);
	m->buffer = cb;
	m->kernel = kernel;
	kiln_object_hold(KILN_OBJ(kernel));
	return m;
}

/* --- device queries --------------------------------------------------------- */

bool kiln_cb_device_supports(cl_device_id dev)
{
	static const char name[] = "cl_khr_command_buffer";
	size_t n = sizeof(name) - 1;
	const char *list = dev->props.extensions;
	for (const char *p = list ? strstr(list, name) : NULL; p;
	     p = strstr(p + 1, name))
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

cl_mutable_dispatch_fields_khr kiln_cb_mutable_capabilities(void)
{
	/* Every field: an update rebuilds the command from scratch. */
	return CL_MUTABLE_DISPATCH_GLOBAL_OFFSET_KHR |
	       CL_MUTABLE_DISPATCH_GLOBAL_SIZE_KHR |
	       CL_MUTABLE_DISPATCH_LOCAL_SIZE_KHR |
	       CL_MUTABLE_DISPATCH_ARGUMENTS_KHR |
	       CL_MUTABLE_DISPATCH_EXEC_INFO_KHR;
}

bool kiln_cb_device_query(cl_device_id dev, cl_device_info param, size_t size,
			  void *value, size_t *size_ret, cl_int *err)
{
	cl_bitfield v;
	switch (param) {
	case CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR:
		/* Printf works in replayed kernels (each run has its own
		 * buffer), so does device-side enqueue where the device has
		 * it (the execution parents the children), and several
		 * enqueues of one buffer may run at once (plans are shared
		 * read-only). */
		v = CL_COMMAND_BUFFER_CAPABILITY_KERNEL_PRINTF_KHR |
		    CL_COMMAND_BUFFER_CAPABILITY_SIMULTANEOUS_USE_KHR;
		if (dev->props.device_enqueue_capabilities)
			v |= CL_COMMAND_BUFFER_CAPABILITY_DEVICE_SIDE_ENQUEUE_KHR;
		break;
	case CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR:
		v = 0;
		break;
	case CL_DEVICE_COMMAND_BUFFER_SUPPORTED_QUEUE_PROPERTIES_KHR:
		/* Commands run in recording order, which honours every sync
		 * point, whatever the queue's mode; profiling times the
		 * whole execution. */
		v = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
		    CL_QUEUE_PROFILING_ENABLE;
		break;
	case CL_DEVICE_MUTABLE_DISPATCH_CAPABILITIES_KHR:
		v = kiln_cb_mutable_capabilities();
		break;
	default:
		return false;
	}
	*err = kiln_cb_device_supports(dev)
		       ? kiln_info_copy(&v, sizeof(v), size, value, size_ret)
		       : CL_INVALID_VALUE;
	return true;
}
