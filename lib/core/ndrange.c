/* NDRange execution (OpenCL 3.0 §5.10; docs/architecture.md, "The life of a
 * command").
 *
 * The command holds a snapshot of the kernel's arguments taken at enqueue
 * time.  Running it splits the work-groups into parallel_for items (a
 * chunk of consecutive groups each, several when groups are small); each
 * item runs the kernel's work-group function once per group with the
 * executing worker's own local-memory arena and barrier-context storage.
 * Those live on the heap, one pair per worker and device, allocated on
 * first use and grown when a larger kernel needs more: never on a thread's
 * stack, never per group. */
#include "kernel.h"
#include "command.h"
#include "device.h"
#include "mem.h"
#include "image.h"
#include "sampler.h"
#include "queue.h"
#include "printf_buffer.h"
#include "thread_stack.h"
#include "fibers.h"
#include "kernel_fault.h"
#include "specialize.h"
#include "device_enqueue.h"
#include "debug.h"
#include "check.h"
#include "svm.h"
#include "trace.h"

#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Local memory and context blocks are aligned for the widest OpenCL type
 * (double16, 128 bytes). */
#define ARENA_ALIGN 128u
/* Arenas grow in steps of this, so that sizes that vary a little between
 * kernels do not reallocate each time. */
#define ARENA_STEP ((size_t)64 << 10)

/* A kernel whose last NDRange of one work-group ran at most this long
 * (ns) runs its next one on the enqueuing thread when that one is ready at
 * once: about what handing it to a worker and learning of its completion
 * cost (docs/benchmarks.md, "launch"), so the application loses at most
 * that much overlap. */
#ifndef KILN_INLINE_RUN_NS
#define KILN_INLINE_RUN_NS 2000u
#endif

/* Every handle starts with struct kiln_object (object.h); samplers are
 * defined elsewhere, so reach theirs through that rule. */
#define AS_OBJECT(h) ((struct kiln_object *)(void *)(h))

/* --- per-worker storage --------------------------------------------- */

struct worker_scratch {
	char *local;
	size_t local_cap;
	char *context;
	size_t context_cap;
	char *group_scratch;
	size_t group_scratch_cap;
};

struct scratch_table {
	cl_device_id dev;
	unsigned num_workers;
	struct worker_scratch *workers;
	struct scratch_table *next;
};

static pthread_mutex_t tables_lock = PTHREAD_MUTEX_INITIALIZER;
static struct scratch_table *tables;

/* The device's table of per-worker storage, made on first use and kept for
 * the life of the process (like the device's worker pool). */
/* Per-thread records a command on `dev` needs: one per worker and one
 * for the guest (driver.h: an application thread running a command itself
 * takes index num_workers). */
static unsigned worker_slots(cl_device_id dev)
{
	return dev->driver->num_workers(dev) + 1;
}

static struct scratch_table *scratch_for(cl_device_id dev)
{
	pthread_mutex_lock(&tables_lock);
	struct scratch_table *t;
	for (t = tables; t; t = t->next)
		if (t->dev == dev)
			goto out;
	t = calloc(1, sizeof(*t));
	if (!t)
		goto out;
	t->dev = dev;
	t->num_workers = worker_slots(dev);
	t->workers = calloc(t->num_workers, sizeof(*t->workers));
	if (!t->workers) {
		free(t);
		t = NULL;
		goto out;
	}
	t->next = tables;
	tables = t;
out:
	pthread_mutex_unlock(&tables_lock);
	return t;
}

/* Makes *buf at least `need` bytes.  Only the worker that owns the buffer
 * calls this, so no lock is needed. */
static bool grow(char **buf, size_t *cap, size_t need)
{
	if (need <= *cap)
		return true;
	size_t size = (need + ARENA_STEP - 1) / ARENA_STEP * ARENA_STEP;
	char *p = aligned_alloc(ARENA_ALIGN, size);
	if (!p)
		return false;
	free(*buf);
	*buf = p;
	*cap = size;
	return true;
}

/* --- the command ------------------------------------------------------ */

struct ndrange_cmd {
	struct kiln_command cmd;
	cl_kernel kernel; /* held */
	struct kiln_kernel_native native;
	struct kiln_wg_launch launch;
	void **arg_ptrs;        /* launch.args */
	unsigned char *arg_store;
	cl_sampler *samplers;   /* held */
	cl_uint num_samplers;
	size_t local_bytes;     /* kernel-scope __local + __local arguments */
	size_t context_bytes;   /* barrier context of a whole group */
	size_t scratch_bytes;   /* group scratch of a whole group */
	size_t num_groups;      /* in all */
	size_t chunk;           /* groups per parallel_for item */
	size_t edge[3];         /* size of the last group in each dimension */
	/* The local size the application gave (or Kiln picked for it), which
	 * launch.local_size differs from when the kernel is group-free. */
	size_t asked_local[3];
	/* The device's per-worker storage, found when the command is built
	 * (a lookup under a global lock), so that running it again from a
	 * command buffer takes no lock. */
	struct scratch_table *scratch;
	/* Checked mode: the extents of the arguments (check.h), or NULL. */
	struct kiln_check_cmd *check;
	/* The specialization this launch's run time counts towards
	 * (specialize.h), or NULL. */
	struct kiln_size_variant *counts;
	/* The kernel may share memory with the host or other kernels while
	 * it runs (SVM, USM, pipes): it never runs on the enqueuing thread,
	 * which might be the one it waits for. */
	bool shares;
};

/* One run of an NDRange command: what changes while it runs lives here, on
 * the running thread's stack, so that a command recorded in a command
 * buffer (lib/core/command_buffer.c) can run in several enqueues of the
 * buffer at once and the command itself is only read. */
struct ndrange_run {
	const struct ndrange_cmd *c;
	/* The command being executed: the NDRange itself, or the command
	 * buffer's execution that replays it.  It takes the error reason and
	 * is the parent of what the kernel enqueues on the device. */
	struct kiln_command *owner;
	struct scratch_table *scratch;
	atomic_int error;
	struct kiln_printf_buffer *printf_buf; /* if the kernel prints */
};

/* The first error of the run wins, with its reason (for the context
 * callback, lib/core/command.c). */
static void fail(struct ndrange_run *r, cl_int err, const char *why)
{
	int none = CL_SUCCESS;
	if (atomic_compare_exchange_strong(&r->error, &none, err))
		r->owner->error_reason = why;
}

/* kernel-lib/generic_as.cl reads these fields at fixed offsets. */
_Static_assert(offsetof(struct kiln_wg_state, group_scratch) == 72 &&
		       offsetof(struct kiln_wg_state, local_end) == 104 &&
		       offsetof(struct kiln_wg_state, context_end) == 112 &&
		       offsetof(struct kiln_wg_state, stack_lo) == 120 &&
		       offsetof(struct kiln_wg_state, stack_hi) == 128,
	       "struct kiln_wg_state no longer matches kernel-lib/generic_as.cl");

/* A fault's reason, copied for the command (freed with it: struct
 * kiln_command's error_text). */
static void fail_owned(struct ndrange_run *r, const char *why)
{
	int none = CL_SUCCESS;
	char *text = strdup(why);
	if (!atomic_compare_exchange_strong(&r->error, &none, CL_OUT_OF_RESOURCES)) {
		free(text);
		return;
	}
	r->owner->error_reason = text ? text : "the kernel faulted";
	r->owner->error_text = text;
}

/* The work-groups [first, last) of one parallel_for item. */
struct chunk_groups {
	struct ndrange_run *r;
	struct kiln_wg_state *st;
	size_t first, last;
};

/* Runs the groups of a chunk (inside kiln_kernel_guard), until one sets a
 * failure or the command has failed elsewhere. */
static void run_groups(void *arg)
{
	struct chunk_groups *b = arg;
	const struct ndrange_cmd *c = b->r->c;
	const struct kiln_wg_launch *l = &c->launch;
	struct kiln_wg_state *st = b->st;
	size_t n0 = l->num_groups[0], n01 = n0 * l->num_groups[1];
	for (size_t g = b->first; g < b->last; g++) {
		if (g != b->first && atomic_load_explicit(&b->r->error, memory_order_relaxed))
			return; /* another chunk failed: the command ends in error */
		st->group_id[0] = g % n0;
		st->group_id[1] = (g / n0) % l->num_groups[1];
		st->group_id[2] = g / n01;
		/* §5.10 non-uniform work-groups: the last group of a dimension
		 * holds the remainder. */
		for (int d = 0; d < 3; d++)
			st->local_size[d] = st->group_id[d] + 1 == l->num_groups[d]
						    ? c->edge[d]
						    : l->local_size[d];
		if (st->check) { /* checked mode: the group's shadows */
			kiln_check_group_begin(st);
			if (st->failure)
				return; /* no records or shadows to run with */
		}
		c->native.fn(l, st);
		if (st->check)
			kiln_check_group_end(st);
		if (st->failure)
			return;
	}
}

static void run_chunk(void *arg, size_t index, unsigned worker)
{
	struct ndrange_run *r = arg;
	const struct ndrange_cmd *c = r->c;
	if (atomic_load(&r->error))
		return; /* another chunk failed: the command ends in error */
	if (worker >= r->scratch->num_workers) {
		fail(r, CL_OUT_OF_RESOURCES,
		     "a worker thread the device did not announce ran the kernel");
		return;
	}
	struct worker_scratch *s = &r->scratch->workers[worker];
	if (!grow(&s->local, &s->local_cap, c->local_bytes)) {
		fail(r, CL_OUT_OF_RESOURCES,
		     "could not allocate a worker's __local memory for the work-group");
		return;
	}
	if (!grow(&s->context, &s->context_cap, c->context_bytes)) {
		fail(r, CL_OUT_OF_RESOURCES,
		     "could not allocate the work-group's barrier context (values "
		     "live across barriers, per work-item)");
		return;
	}
	/* The pages of a large scratch are only touched by kernels that use
	 * collectives (aligned_alloc of that size maps them lazily). */
	if (!grow(&s->group_scratch, &s->group_scratch_cap, c->scratch_bytes)) {
		fail(r, CL_OUT_OF_RESOURCES,
		     "could not allocate the work-group's scratch for collectives");
		return;
	}
	struct kiln_wg_state st;
	memset(&st, 0, sizeof(st));
	st.group_scratch = s->group_scratch;
	st.services = &kiln_wg_services;
	st.command = r->owner;
	st.local_mem = s->local;
	st.context = s->context;
	st.printf_buffer = r->printf_buf;
	st.check = kiln_check_launch_of(c->check, worker);
	/* The generic address space (kernel-lib/generic_as.cl): the group's
	 * local memory, its work-items' barrier context, and the stack the
	 * work-group function's frames take, all below this frame. */
	st.local_end = s->local + c->local_bytes;
	st.context_end = s->context + c->context_bytes;
	st.stack_lo = kiln_thread_stack_low();
	st.stack_hi = st.stack_lo ? __builtin_frame_address(0) : NULL;
	size_t first = index * c->chunk;
	size_t last = first + c->chunk < c->num_groups ? first + c->chunk
						       : c->num_groups;
	cl_ulong t0 = kiln_trace_now(); /* the timeline trace (trace.h) */
	/* Kernel code runs only inside the guard: a fault in it ends the
	 * command (kernel_fault.h), the worker goes on. */
	struct chunk_groups b = { r, &st, first, last };
	char why[KILN_KERNEL_FAULT_TEXT];
	if (!kiln_kernel_guard(run_groups, &b, c->cmd.label, st.group_id, why)) {
		fail_owned(r, why);
		return;
	}
	if (st.failure) {
		fail(r, CL_OUT_OF_RESOURCES, st.failure);
		return;
	}
	KILN_TRACE(kiln_trace_chunk(c->cmd.label, first, last, worker, t0));
}

/* Runs NDRange command `c` once for `owner` (see struct ndrange_run). */
static cl_int ndrange_execute(const struct ndrange_cmd *c,
			      struct kiln_command *owner)
{
	if (!c->num_groups)
		return CL_SUCCESS; /* an empty NDRange (§5.10, OpenCL 2.1+) */
	const struct kiln_command *cmd = &c->cmd;
	struct ndrange_run run = { .c = c, .owner = owner };
	struct ndrange_run *r = &run;
	atomic_init(&r->error, CL_SUCCESS);
	r->scratch = c->scratch ? c->scratch : scratch_for(cmd->device);
	if (!r->scratch) {
		owner->error_reason = "could not allocate the workers' scratch table";
		return CL_OUT_OF_HOST_MEMORY;
	}
	size_t items = (c->num_groups + c->chunk - 1) / c->chunk;
	/* A kernel that prints gets a buffer of CL_DEVICE_PRINTF_BUFFER_SIZE
	 * bytes; its text is out before the event is CL_COMPLETE (OpenCL C
	 * 3.0 §6.15.14.1), which also makes clFinish see it. */
	if (c->native.uses_printf) {
		size_t cap = cmd->device->props.printf_buffer_size;
		r->printf_buf = kiln_printf_buffer_new(cap ? cap : (size_t)1 << 20);
		if (!r->printf_buf) {
			owner->error_reason = "could not allocate the printf buffer";
			return CL_OUT_OF_HOST_MEMORY;
		}
	}
	cl_ulong t0 = kiln_time_now();
	kiln_check_execution_begin(c->check); /* checked mode: race shadows */
	cmd->device->driver->parallel_for(cmd->device, items, run_chunk, r);
	kiln_check_execution_end(c->check);
	if (c->kernel) {
		/* The run time that decides whether the next NDRange of this
		 * kernel runs on the enqueuing thread (kiln_ndrange_enqueue).
		 * Traced, a run of one item that this thread ran itself ends
		 * where its chunk ended, before the timeline trace wrote the
		 * chunk's event: tracing must not change where kernels run. */
		cl_ulong t1 = KILN_TRACE_ON() && items == 1 ? kiln_trace_chunk_end() : 0;
		if (t1 < t0) /* not traced, or not run by this thread */
			t1 = kiln_time_now();
		cl_ulong ns = t1 - t0;
		atomic_store_explicit(&c->kernel->last_run_ns,
				      ns < UINT_MAX ? (unsigned)ns : UINT_MAX,
				      memory_order_relaxed);
		if (c->counts)
			kiln_specialize_ran(c->counts, ns);
	}
	if (r->printf_buf) {
		kiln_printf_flush(r->printf_buf);
		kiln_printf_buffer_free(r->printf_buf);
	}
	return atomic_load(&r->error);
}

static cl_int ndrange_run(struct kiln_command *cmd)
{
	return ndrange_execute((const struct ndrange_cmd *)cmd, cmd);
}

bool kiln_ndrange_is(const struct kiln_command *cmd)
{
	return cmd->run == ndrange_run;
}

cl_int kiln_ndrange_replay(const struct kiln_command *recorded,
			   struct kiln_command *owner)
{
	return ndrange_execute((const struct ndrange_cmd *)recorded, owner);
}

void kiln_ndrange_geometry(const struct kiln_command *recorded,
			   cl_uint *work_dim, size_t offset[3],
			   size_t global[3], size_t local[3])
{
	const struct kiln_wg_launch *l =
		&((const struct ndrange_cmd *)recorded)->launch;
	*work_dim = l->work_dim;
	for (int d = 0; d < 3; d++) {
		offset[d] = l->global_offset[d];
		global[d] = l->global_size[d];
		local[d] = ((const struct ndrange_cmd *)recorded)->asked_local[d];
	}
}

static void ndrange_release(struct kiln_command *cmd)
{
	struct ndrange_cmd *c = (struct ndrange_cmd *)cmd;
	for (cl_uint i = 0; i < c->num_samplers; i++)
		kiln_object_unhold(AS_OBJECT(c->samplers[i]));
	free(c->samplers);
	free(c->arg_ptrs);
	free(c->arg_store);
	kiln_check_cmd_free(c->check);
	if (c->kernel)
		kiln_object_unhold(KILN_OBJ(c->kernel));
}

static size_t align_up(size_t v, size_t a)
{
	return (v + a - 1) / a * a;
}

/* A buffer, pipe or image argument: CL_INVALID_MEM_OBJECT when the object
 * was released after clSetKernelArg (§5.10 clEnqueueNDRangeKernel), else
 * the command holds it until it completes. */
static cl_int hold_arg_mem(struct ndrange_cmd *c, cl_mem mem)
{
	if (!kiln_object_is(mem, KILN_OBJ_MEM))
		return CL_INVALID_MEM_OBJECT;
	return kiln_command_use_mem(&c->cmd, mem);
}

/* A memory object's argument slot (compiler.h, struct kiln_wg_launch):
 * its data pointer, then a uint64_t, the bytes addressable from it. */
#define ARG_SLOT_BYTES (sizeof(void *) + sizeof(uint64_t))

/* The bytes addressable from an SVM or USM pointer argument: to the end of
 * the allocation holding it; 0 (unknown) for system SVM and NULL. */
static uint64_t svm_extent(cl_context ctx, const void *ptr)
{
	char *base;
	size_t size;
	if (kiln_shared_allocation(ctx, ptr, &base, &size) == KILN_SHARED_NONE)
		return 0;
	return (uint64_t)(base + size - (const char *)ptr);
}

/* Copies the kernel's arguments into the command (under the kernel's lock,
 * so a concurrent clSetKernelArg sees either all or none of this). */
static cl_int snapshot_args(struct ndrange_cmd *c, cl_kernel k)
{
	const struct kiln_kernel_info *info = k->info;
	uint32_t n = info->num_args;
	size_t store = 0;
	for (uint32_t i = 0; i < n; i++) {
		/* a memory object's slot: its data pointer, then the
		 * bytes addressable from it (compiler.h) */
		size_t sz = info->args[i].kind == KILN_ARG_VALUE
				    ? info->args[i].size
				    : ARG_SLOT_BYTES;
		store = align_up(store, 16) + (sz ? sz : 1);
	}
	c->arg_ptrs = calloc(n ? n : 1, sizeof(void *));
	c->arg_store = aligned_alloc(ARENA_ALIGN, align_up(store ? store : 1, ARENA_ALIGN));
	c->samplers = calloc(n ? n : 1, sizeof(cl_sampler));
	if (!c->arg_ptrs || !c->arg_store || !c->samplers)
		return CL_OUT_OF_HOST_MEMORY;
	if (kiln_check_mode()) {
		/* one record per worker and the guest, as scratch_for
		 * counts them */
		c->check = kiln_check_cmd_new(c->cmd.queue->context, &c->launch, n,
					      worker_slots(c->cmd.device));
		if (!c->check)
			return CL_OUT_OF_HOST_MEMORY;
	}

	cl_int err = CL_SUCCESS;
	size_t off = 0;
	size_t local = align_up(c->native.local_mem_size, ARENA_ALIGN);
	pthread_mutex_lock(&k->lock);
	for (uint32_t i = 0; i < n && err == CL_SUCCESS; i++) {
		const struct kiln_arg_info *ai = &info->args[i];
		const struct kiln_kernel_arg *a = &k->args[i];
		off = align_up(off, 16);
		unsigned char *slot = c->arg_store + off;
		c->arg_ptrs[i] = slot;
		void *ptr = NULL;
		uint64_t extent = 0;
		switch (ai->kind) {
		case KILN_ARG_VALUE:
			memcpy(slot, a->value, ai->size);
			off += ai->size ? ai->size : 1;
			continue;
		case KILN_ARG_LOCAL: {
			/* The arena: kernel-scope __local variables first, then
			 * each __local argument, aligned (compiler.h). */
			size_t at = local;
			memcpy(slot, &at, sizeof(at));
			kiln_check_set_arg(c->check, i, NULL, a->local_size);
			local = align_up(local + a->local_size, ARENA_ALIGN);
			off += sizeof(size_t);
			continue;
		}
		case KILN_ARG_BUFFER:
			if (a->is_svm) {
				c->shares = true;
				ptr = a->svm;
				extent = svm_extent(c->cmd.queue->context, ptr);
				kiln_check_set_svm_arg(c->check, i, ptr);
			} else if (a->mem) {
				err = hold_arg_mem(c, a->mem);
				if (err == CL_SUCCESS) {
					ptr = a->mem->data;
					extent = a->mem->size;
				}
				if (err == CL_SUCCESS)
					kiln_check_set_arg(c->check, i, ptr, a->mem->size);
			} else {
				kiln_check_set_arg(c->check, i, NULL, 0);
			}
			break;
		case KILN_ARG_PIPE:
			/* A pipe's storage (header and packets) is its data. */
			c->shares = true;
			err = hold_arg_mem(c, a->mem);
			if (err == CL_SUCCESS)
				ptr = a->mem->data;
			break;
		case KILN_ARG_IMAGE:
			/* Image built-ins take the image's kernel view
			 * (image_abi.h), which lives in the held object. */
			err = hold_arg_mem(c, a->mem);
			if (err == CL_SUCCESS && !kiln_mem_is_image(a->mem))
				err = CL_INVALID_MEM_OBJECT;
			if (err == CL_SUCCESS)
				ptr = &kiln_image_of(a->mem)->abi;
			break;
		case KILN_ARG_SAMPLER:
			if (!kiln_object_is(a->sampler, KILN_OBJ_SAMPLER)) {
				err = CL_INVALID_SAMPLER;
				break;
			}
			/* The kernel sees the sampler's bit field
			 * (image_abi.h); the hold keeps the object's
			 * lifetime rules (§5.7) honest. */
			ptr = (void *)(uintptr_t)a->sampler->bits;
			kiln_object_hold(AS_OBJECT(a->sampler));
			c->samplers[c->num_samplers++] = a->sampler;
			break;
		case KILN_ARG_QUEUE:
			ptr = a->queue;
			break;
		}
		memcpy(slot, &ptr, sizeof(ptr));
		memcpy(slot + sizeof(void *), &extent, sizeof(extent));
		off += ARG_SLOT_BYTES;
	}
	if (k->num_svm_ptrs || k->svm_fine_grain_system || k->usm_indirect ||
	    k->num_usm_ptrs || k->num_device_ptrs)
		c->shares = true;
	pthread_mutex_unlock(&k->lock);
	c->local_bytes = local;
	c->launch.args = c->arg_ptrs;
	return err;
}

static void set_geometry(struct ndrange_cmd *c, cl_uint work_dim,
			 const size_t *offset, const size_t *global,
			 const size_t *local);

/* The local size an NDRange of kernel k runs with (returned), and its
 * work-group function (set in *native), for the local size `asked`
 * (dimensions below work_dim):
 * - groups narrower than a vector along dimension 0 run the variant that
 *   keeps the kernel's own register-wide vectors, where it has one
 *   (narrow_variants.cpp);
 * - a group-free kernel (lib/compiler/group_free.cpp) without one, asked
 *   to run in such groups, runs in the groups Kiln would pick for a NULL
 *   local size instead (written to `mine`), whose vectorized work-item
 *   loops fill every lane; it cannot tell.  A kernel with a variant is not
 *   regrouped that wide: its split body need not vectorize (hashcat's
 *   PBKDF2 loop, -m 22000, ran at 0.3 kH/s regrouped, 17 in its variant on
 *   the 2-core VM), while the variant fills the lanes in any group;
 * - a group-free kernel with a variant, asked for groups narrower than
 *   KILN_NARROW_JAM along dimension 0, runs the variant in groups of
 *   KILN_NARROW_JAM (written to `mine`) where that divides the range, so
 *   that kiln-jam-narrow's jammed work-items run side by side. */
static const size_t *run_local(cl_device_id dev, cl_kernel k,
			       struct kiln_kernel_native *native, cl_uint work_dim,
			       const size_t *global, const size_t *asked,
			       size_t mine[3])
{
	size_t vec = dev->props.native_vector_width_float;
	const size_t *local = asked;
	if (native->group_free && !native->narrow_fn && work_dim && asked[0] < vec) {
		kiln_ndrange_pick_local(dev, k, work_dim, global, true, mine);
		if (mine[0] > asked[0])
			local = mine;
	} else if (native->group_free && native->narrow_fn && work_dim &&
		   asked[0] < KILN_NARROW_JAM && global[0] % KILN_NARROW_JAM == 0) {
		for (cl_uint d = 0; d < 3; d++)
			mine[d] = d < work_dim ? asked[d] : 1;
		mine[0] = KILN_NARROW_JAM;
		local = mine;
	}
	size_t width = work_dim ? local[0] : 1;
	if (native->narrow_fn && width < native->narrow_below) {
		native->fn = native->narrow_fn;
		native->context_size = native->narrow_context_size;
	}
	return local;
}

cl_int kiln_ndrange_enqueue(cl_command_queue q, cl_kernel k, cl_uint work_dim,
			    const size_t *offset, const size_t *global,
			    const size_t *local, cl_command_type type,
			    cl_uint num_events, const cl_event *wait_list,
			    cl_event *event)
{
	size_t regrouped[3];
	struct ndrange_cmd *c = (struct ndrange_cmd *)kiln_command_alloc(
		sizeof(struct ndrange_cmd), q, type);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	c->cmd.run = ndrange_run;
	c->cmd.release = ndrange_release;
	c->kernel = k;
	kiln_object_hold(KILN_OBJ(k));
	c->cmd.label = k->info->name; /* lives with the held kernel */

	int di = kiln_program_exec_index(k->program, q->device);
	/* lib/api/enqueue_ndrange.c checked the kernel has code here. */
	KILN_ASSERT(di >= 0 && k->natives[di].fn);
	c->native = k->natives[di];
	const size_t *asked = local;
	local = run_local(q->device, k, &c->native, work_dim, global, local,
			  regrouped);
	if (c->native.fn == k->natives[di].fn) {
		size_t sizes[3] = { 1, 1, 1 };
		for (cl_uint d = 0; d < work_dim; d++)
			sizes[d] = local[d];
		kiln_specialize_for_launch(k, di, sizes, work_dim, offset, global, &c->native,
					   &c->counts);
	}
	c->scratch = scratch_for(q->device); /* NULL: looked up when it runs */
	set_geometry(c, work_dim, offset, global, local);
	for (cl_uint d = 0; d < work_dim; d++)
		c->asked_local[d] = asked[d];

	KILN_LOG(KILN_DEBUG_POOL,
		 "kernel \"%s\": %zu x %zu x %zu work-items in %zu groups of "
		 "%zu x %zu x %zu, %zu group(s) per chunk, %zu chunks",
		 k->info->name, c->launch.global_size[0], c->launch.global_size[1],
		 c->launch.global_size[2], c->num_groups, c->launch.local_size[0],
		 c->launch.local_size[1], c->launch.local_size[2], c->chunk,
		 (c->num_groups + c->chunk - 1) / c->chunk);
	cl_int err = snapshot_args(c, k);
	if (err != CL_SUCCESS)
		goto fail;
	/* One work-group (one parallel_for item) may run on an application
	 * thread that waits for it; and on the enqueuing thread, when ready
	 * at once, if the kernel's last run was shorter than handing it to a
	 * worker costs (docs/architecture.md, "Waiting and waking"). */
	c->cmd.run_here_ok = c->num_groups <= c->chunk && !c->shares;
	c->cmd.stack_need = k->info->private_mem_size;
	c->cmd.run_inline = c->cmd.run_here_ok &&
			    atomic_load_explicit(&k->last_run_ns, memory_order_relaxed) <=
				    KILN_INLINE_RUN_NS;
	return kiln_command_enqueue(&c->cmd, num_events, wait_list, event);
fail:
	kiln_command_discard(&c->cmd); /* calls ndrange_release */
	return err;
}

/* The launch geometry, the group count, the edge groups and the chunking
 * of command c (its native code already set). */
static void set_geometry(struct ndrange_cmd *c, cl_uint work_dim,
			 const size_t *offset, const size_t *global,
			 const size_t *local)
{
	cl_command_queue q = c->cmd.queue;
	struct kiln_wg_launch *l = &c->launch;
	l->work_dim = work_dim;
	c->num_groups = 1;
	for (cl_uint d = 0; d < 3; d++) {
		bool used = d < work_dim;
		l->global_offset[d] = used && offset ? offset[d] : 0;
		l->global_size[d] = used ? global[d] : 1;
		l->local_size[d] = used ? local[d] : 1;
		c->asked_local[d] = l->local_size[d];
		l->num_groups[d] = (l->global_size[d] + l->local_size[d] - 1) /
				   l->local_size[d];
		size_t rem = l->global_size[d] % l->local_size[d];
		c->edge[d] = rem ? rem : l->local_size[d];
		c->num_groups *= l->num_groups[d];
	}
	size_t group_items = l->local_size[0] * l->local_size[1] * l->local_size[2];
	c->context_bytes = c->native.context_size * group_items;
	c->scratch_bytes = KILN_GROUP_SCRATCH_BYTES * (group_items + 1);

	/* Several groups per item when groups are small, so that the
	 * scheduling cost stays low; at most a few thousand work-items per
	 * item beyond one group and ~8 items per worker for balance. */
	unsigned workers = q->device->driver->num_workers(q->device);
	size_t target = (size_t)(workers ? workers : 1) * 8;
	size_t chunk = c->num_groups / target;
	size_t cap = group_items >= 16384 ? 1 : 16384 / group_items;
	c->chunk = chunk < 1 ? 1 : chunk > cap ? cap : chunk;
}

struct kiln_command *kiln_ndrange_child(cl_command_queue q,
					const struct kiln_block_kernel *bk,
					cl_uint work_dim, const size_t offset[3],
					const size_t global[3],
					const size_t local[3], const void *block,
					size_t block_size, uint32_t num_locals,
					const uint64_t *local_sizes,
					const struct kiln_check_launch *parent_check)
{
	struct ndrange_cmd *c = (struct ndrange_cmd *)kiln_command_alloc(
		sizeof(struct ndrange_cmd), q, CL_COMMAND_NDRANGE_KERNEL);
	if (!c)
		return NULL;
	c->cmd.run = ndrange_run;
	c->cmd.release = ndrange_release;
	c->cmd.label = bk->name; /* constant data of the parent's program */
	c->native.fn = bk->fn;
	c->native.context_size = bk->context_size;
	c->native.local_mem_size = bk->local_mem_size;
	c->native.uses_printf = bk->uses_printf != 0;
	set_geometry(c, work_dim, offset, global, local);

	/* Arguments (compiler.h, struct kiln_wg_launch): the block literal's
	 * address, then one local-arena offset per __local parameter.  The
	 * store holds the slots, then the command's own copy of the literal
	 * (the parent's work-item may change or leave its copy at once). */
	uint32_t n = 1 + num_locals;
	size_t copy_at = align_up(n * 16, ARENA_ALIGN);
	c->arg_ptrs = calloc(n, sizeof(void *));
	c->arg_store = aligned_alloc(ARENA_ALIGN,
				     align_up(copy_at + block_size, ARENA_ALIGN));
	if (!c->arg_ptrs || !c->arg_store) {
		kiln_command_discard(&c->cmd);
		return NULL;
	}
	void *copy = c->arg_store + copy_at;
	memcpy(copy, block, block_size);
	c->arg_ptrs[0] = c->arg_store;
	memcpy(c->arg_store, &copy, sizeof(copy));
	memset(c->arg_store + sizeof(copy), 0, sizeof(uint64_t)); /* extent unknown */
	size_t at = align_up(c->native.local_mem_size, ARENA_ALIGN);
	for (uint32_t i = 0; i < num_locals; i++) {
		unsigned char *slot = c->arg_store + 16 * (i + 1);
		c->arg_ptrs[i + 1] = slot;
		memcpy(slot, &at, sizeof(at));
		at = align_up(at + local_sizes[i], ARENA_ALIGN);
	}
	c->local_bytes = at;
	c->launch.args = c->arg_ptrs;
	if (kiln_check_mode()) {
		/* checked mode: the literal and the __local arguments, then
		 * what the parent knew (a buffer it captured) */
		c->check = kiln_check_cmd_child(q->context, parent_check, &c->launch, n,
						worker_slots(c->cmd.device));
		if (!c->check) {
			kiln_command_discard(&c->cmd);
			return NULL;
		}
		kiln_check_set_arg(c->check, 0, copy, block_size);
		for (uint32_t i = 0; i < num_locals; i++)
			kiln_check_set_arg(c->check, i + 1, NULL, local_sizes[i]);
	}
	return &c->cmd;
}

/* --- choosing a local size -------------------------------------------- */

/* The largest divisor of `n` not above `limit`, preferring a multiple of
 * `vec` (floats in the device's vector register) when one is at least half
 * as large. */
static size_t best_divisor(size_t n, size_t limit, size_t vec)
{
	size_t best = 1, best_vec = 0;
	if (limit > n)
		limit = n;
	for (size_t c = limit; c >= 1; c--) {
		if (n % c)
			continue;
		if (best == 1)
			best = c;
		if (c % vec == 0) {
			best_vec = c;
			break;
		}
		if (c < best / 2)
			break;
	}
	return best_vec && best_vec * 2 >= best ? best_vec : best;
}

void kiln_ndrange_pick_local(cl_device_id dev, cl_kernel k, cl_uint work_dim,
			     const size_t *global, bool uniform,
			     size_t local_out[3])
{
	const struct kiln_device_props *pr = &dev->props;
	for (int d = 0; d < 3; d++)
		local_out[d] = 1;
	const size_t *reqd = k->info->reqd_work_group_size;
	if (reqd[0]) {
		for (cl_uint d = 0; d < work_dim; d++)
			local_out[d] = reqd[d] ? reqd[d] : 1;
		return;
	}
	size_t max_wg = pr->max_work_group_size ? pr->max_work_group_size : 1;
	size_t total = 1;
	for (cl_uint d = 0; d < work_dim; d++)
		total *= global[d] ? global[d] : 1;
	/* Floats in one vector register: group sizes of its multiples keep
	 * the vectorized work-item loop free of remainders. */
	size_t vec = pr->native_vector_width_float ? pr->native_vector_width_float : 1;
	unsigned workers = dev->driver->num_workers(dev);
	/* At least four groups per worker where the NDRange is big enough,
	 * so that the dynamic scheduler can balance uneven groups. */
	size_t budget = total / ((size_t)(workers ? workers : 1) * 4);
	if (budget > max_wg)
		budget = max_wg;
	if (budget < 1)
		budget = 1;
	for (cl_uint d = 0; d < work_dim && budget > 1; d++) {
		size_t limit = budget;
		size_t max_item = pr->max_work_item_sizes[d] ? pr->max_work_item_sizes[d]
							     : max_wg;
		if (limit > max_item)
			limit = max_item;
		size_t g = global[d] ? global[d] : 1;
		size_t l = best_divisor(g, limit, vec);
		/* No good divisor (a prime size): a program that allows
		 * non-uniform groups gets full groups and a smaller last one. */
		if (!uniform && l < vec && limit >= vec && g > limit)
			l = limit / vec * vec;
		local_out[d] = l;
		budget /= l;
		if (l < g)
			break; /* dimension 0 first: further ones stay 1 */
	}
}
