/* Work-items as fibers: the slow, always-correct way to run a work-group
 * whose sub-group functions or barriers sit in control flow that its
 * work-items take differently (kiln-subgroups, lib/compiler/subgroups.cpp,
 * decides; docs/compiler.md, "Sub-groups and collectives").
 *
 * Each work-item runs on a stack of its own, on the worker thread that runs
 * the group, and gives the thread back when it reaches a meeting point
 * (sub_group_sync, group_barrier), turns a loop that waits for another
 * sub-group (yield), or ends.  The scheduler takes one
 * sub-group at a time, runs every work-item of it that can run until none
 * can, then releases one meeting:
 *
 *  - per sub-group, the work-items waiting at the meeting point with the
 *    lowest site number (kiln-subgroups numbers them in reverse post-order,
 *    so the point furthest behind in the program goes first and work-items
 *    that took a longer path catch up with those waiting further on: the
 *    SIMT rule of meeting again after a divergent branch); the mask they
 *    get says which sub-group local ids took part (the "active" work-items
 *    of the cl_khr_subgroup_non_uniform_* and _ballot extensions);
 *  - when no work-item of any sub-group waits at a sub-group point, the
 *    work-items waiting at a work-group barrier (OpenCL 3.0 requires all of
 *    them to reach it; if some ended instead, the rest go on rather than
 *    wait for ever).
 *
 * Switching costs a few nanoseconds (kiln_fiber_switch saves the
 * callee-saved registers, nothing else: the fibers of a group share the
 * thread's MXCSR and x87 control word, which kernels never change; saving
 * them cost 20x more than the rest of the switch), but nothing here vectorizes: the barrier-region path of the
 * compiler is the fast one.  Stacks are reserved once per worker thread,
 * KILN_FIBER_STACK bytes each, with a guard page below each where the
 * system allows, and reused for every group. */
#include "fibers.h"
#include "check.h"
#include "device_enqueue.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Private memory of one work-item in fiber mode (its stack). */
#define KILN_FIBER_STACK ((size_t)256 << 10)
#define GUARD ((size_t)4096)

enum fiber_status { FIBER_READY, FIBER_YIELDED, FIBER_WAIT_SG, FIBER_WAIT_WG, FIBER_DONE };

struct fiber {
	void *sp; /* saved stack pointer while another runs */
	enum fiber_status status;
	uint32_t site;
	uint64_t mask; /* what sub_group_sync returns */
	uint64_t x, y, z;
};

struct fiber_group {
	void *scheduler_sp;
	struct fiber *cur;
	struct kiln_wg_state *state;
	kiln_fiber_entry entry;
	void *closure;
};

/* One per worker thread: the stacks and fibers of the group it runs. */
struct fiber_pool {
	char *stacks;
	size_t capacity; /* fibers the stacks hold */
	struct fiber *fibers;
};

static _Thread_local struct fiber_pool pool __attribute__((tls_model("initial-exec")));
static _Thread_local struct fiber_group *running __attribute__((tls_model("initial-exec")));

/* void kiln_fiber_switch(void **save_sp, void *next_sp): saves the
 * callee-saved registers (System V x86-64 ABI) on the current stack, stores the stack pointer in *save_sp, and resumes the
 * stack at next_sp, which holds the same frame.  A new fiber's frame returns
 * into kiln_fiber_start, which calls kiln_fiber_main on a 16-byte aligned
 * stack. */
__asm__(".text\n"
	".p2align 4\n"
	".type kiln_fiber_switch,@function\n"
	"kiln_fiber_switch:\n"
	"	pushq %rbp\n"
	"	pushq %rbx\n"
	"	pushq %r12\n"
	"	pushq %r13\n"
	"	pushq %r14\n"
	"	pushq %r15\n"
	"	movq %rsp, (%rdi)\n"
	"	movq %rsi, %rsp\n"
	"	popq %r15\n"
	"	popq %r14\n"
	"	popq %r13\n"
	"	popq %r12\n"
	"	popq %rbx\n"
	"	popq %rbp\n"
	"	ret\n"
	".size kiln_fiber_switch, .-kiln_fiber_switch\n"
	".p2align 4\n"
	".type kiln_fiber_start,@function\n"
	"kiln_fiber_start:\n"
	"	call kiln_fiber_main\n"
	"	ud2\n"
	".size kiln_fiber_start, .-kiln_fiber_start\n");

void kiln_fiber_switch(void **save_sp, void *next_sp);
void kiln_fiber_start(void);

/* The body of every fiber: its work-item, then back to the scheduler for
 * good. */
__attribute__((used, noreturn)) void kiln_fiber_main(void)
{
	struct fiber_group *g = running;
	struct fiber *f = g->cur;
	g->entry(g->closure, g->state, f->x, f->y, f->z);
	f->status = FIBER_DONE;
	kiln_fiber_switch(&f->sp, g->scheduler_sp);
	__builtin_unreachable();
}

/* Makes room for n fibers in this thread's pool; false when the system
 * refuses the memory. */
static bool pool_reserve(size_t n)
{
	if (n <= pool.capacity)
		return true;
	size_t bytes = n * KILN_FIBER_STACK;
	char *s = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
	if (s == MAP_FAILED)
		return false;
	struct fiber *f = calloc(n, sizeof(*f));
	if (!f) {
		munmap(s, bytes);
		return false;
	}
	/* A guard page under each stack turns an overflow into a fault
	 * instead of a neighbour's corrupted frame; where the system's limit
	 * on mappings refuses more, the stacks go on without one. */
	for (size_t i = 0; i < n; i++)
		if (mprotect(s + i * KILN_FIBER_STACK, GUARD, PROT_NONE) != 0)
			break;
	if (pool.stacks)
		munmap(pool.stacks, pool.capacity * KILN_FIBER_STACK);
	free(pool.fibers);
	pool.stacks = s;
	pool.fibers = f;
	pool.capacity = n;
	return true;
}

/* A new fiber's stack: the frame kiln_fiber_switch pops, returning into
 * kiln_fiber_start with the stack 16-byte aligned. */
static void *initial_frame(size_t i)
{
	/* Stacks KILN_FIBER_STACK apart would put every fiber's live frames
	 * in the same cache sets; starting each a different number of cache
	 * lines below its top spreads them (measured: 3.7x fewer cycles per
	 * switch with 256 fibers). */
	char *top = pool.stacks + (i + 1) * KILN_FIBER_STACK - (i % 512) * 64;
	uint64_t *sp = (uint64_t *)top - 9;
	for (int r = 0; r < 6; r++)
		sp[r] = 0;                     /* r15 r14 r13 r12 rbx rbp */
	sp[6] = (uint64_t)(uintptr_t)kiln_fiber_start;
	sp[7] = sp[8] = 0; /* kiln_fiber_start runs with the stack at
			      top - 16, 16-byte aligned for its call */
	return sp;
}

/* Releases the meeting of the sub-group of fibers [base, end) at the
 * lowest waiting site (see the top of the file); false when none of them
 * waits at a sub-group meeting point. */
static bool release_sub_group(struct fiber *f, size_t base, size_t end)
{
	uint32_t site = UINT32_MAX;
	bool any = false;
	for (size_t i = base; i < end; i++)
		if (f[i].status == FIBER_WAIT_SG && (!any || f[i].site < site)) {
			site = f[i].site;
			any = true;
		}
	if (!any)
		return false;
	uint64_t mask = 0;
	for (size_t i = base; i < end; i++)
		if (f[i].status == FIBER_WAIT_SG && f[i].site == site)
			mask |= (uint64_t)1 << (i - base);
	for (size_t i = base; i < end; i++)
		if (mask >> (i - base) & 1) {
			f[i].mask = mask;
			f[i].status = FIBER_READY;
		}
	return true;
}

/* Makes every fiber of [0, n) whose status is `from` ready again; false
 * when there was none.  Releases a work-group barrier (FIBER_WAIT_WG; none
 * waits when every fiber is done) and wakes the fibers that yielded
 * (FIBER_YIELDED). */
static bool make_ready(struct fiber *f, size_t n, enum fiber_status from)
{
	bool any = false;
	for (size_t i = 0; i < n; i++)
		if (f[i].status == from) {
			f[i].status = FIBER_READY;
			any = true;
		}
	return any;
}

/* Whether a fiber of [base, end) gave the thread back in a loop that waits
 * for another sub-group (the yield service). */
static bool any_yielded(const struct fiber *f, size_t base, size_t end)
{
	for (size_t i = base; i < end; i++)
		if (f[i].status == FIBER_YIELDED)
			return true;
	return false;
}

/* Runs the sub-group [base, end) until each of its fibers is done, waits
 * at a work-group barrier or has yielded.  Sub-groups meet only at a
 * barrier, so one runs at a time and its few stacks stay in the cache.  A
 * meeting of the sub-group waits while one of its fibers has yielded: that
 * one is still on its way, in a loop waiting for another sub-group. */
static void run_sub_group(struct fiber_group *g, struct fiber *f, size_t base, size_t end)
{
	do {
		for (size_t i = base; i < end; i++)
			if (f[i].status == FIBER_READY) {
				g->cur = &f[i];
				kiln_fiber_switch(&g->scheduler_sp, f[i].sp);
			}
	} while (!any_yielded(f, base, end) && release_sub_group(f, base, end));
}

static void run_fibers(struct kiln_wg_state *st, kiln_fiber_entry entry, void *closure,
		       uint32_t sub_group_size)
{
	size_t lx = st->local_size[0], ly = st->local_size[1];
	size_t n = lx * ly * st->local_size[2];
	if (!n)
		return;
	if (!sub_group_size || sub_group_size > 64)
		sub_group_size = 64;
	if (!pool_reserve(n)) {
		st->failure = "could not reserve the stacks to run the work-group's "
			      "work-items as fibers (a kernel with sub-group functions or "
			      "barriers in divergent control flow)";
		return;
	}
	struct fiber *f = pool.fibers;
	for (size_t i = 0; i < n; i++) {
		f[i].sp = initial_frame(i);
		f[i].status = FIBER_READY;
		f[i].x = i % lx;
		f[i].y = i / lx % ly;
		f[i].z = i / (lx * ly);
	}
	/* The work-items' private memory is now on these stacks (the generic
	 * address space's to_private, kernel-lib/generic_as.cl). */
	char *stack_lo = st->stack_lo, *stack_hi = st->stack_hi;
	st->stack_lo = pool.stacks;
	st->stack_hi = pool.stacks + n * KILN_FIBER_STACK;

	struct fiber_group g = { .state = st, .entry = entry, .closure = closure };
	struct fiber_group *outer = running;
	running = &g;
	/* Round-robin over the sub-groups while some wait for others
	 * (independent forward progress, OpenCL 3.0 §3.2.2), then the
	 * barrier. */
	do {
		do {
			for (size_t base = 0; base < n; base += sub_group_size)
				run_sub_group(&g, f, base,
					      base + sub_group_size < n ? base + sub_group_size : n);
		} while (make_ready(f, n, FIBER_YIELDED));
	} while (make_ready(f, n, FIBER_WAIT_WG) &&
		 (!st->check || (kiln_check_barrier_passed(st), true)));
	running = outer;
	st->stack_lo = stack_lo;
	st->stack_hi = stack_hi;
}

static uint64_t sub_group_sync(struct kiln_wg_state *st, uint32_t site)
{
	(void)st;
	struct fiber_group *g = running;
	struct fiber *f = g->cur;
	f->status = FIBER_WAIT_SG;
	f->site = site;
	kiln_fiber_switch(&f->sp, g->scheduler_sp);
	return f->mask;
}

static void group_barrier(struct kiln_wg_state *st)
{
	(void)st;
	struct fiber_group *g = running;
	struct fiber *f = g->cur;
	f->status = FIBER_WAIT_WG;
	kiln_fiber_switch(&f->sp, g->scheduler_sp);
}

static void yield(struct kiln_wg_state *st)
{
	(void)st;
	struct fiber_group *g = running;
	struct fiber *f = g->cur;
	f->status = FIBER_YIELDED;
	kiln_fiber_switch(&f->sp, g->scheduler_sp);
}

const struct kiln_wg_services kiln_wg_services = {
	.run_fibers = run_fibers,
	.sub_group_sync = sub_group_sync,
	.group_barrier = group_barrier,
	.yield = yield,
	/* device-side enqueue (device_enqueue.c) */
	.enqueue_kernel = kiln_de_enqueue_kernel,
	.enqueue_marker = kiln_de_enqueue_marker,
	.event_op = kiln_de_event_op,
	.create_user_event = kiln_de_create_user_event,
	.capture_profiling = kiln_de_capture_profiling,
	.default_queue = kiln_de_default_queue,
	.kernel_query = kiln_de_kernel_query,
};
