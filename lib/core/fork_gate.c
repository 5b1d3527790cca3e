/* The completion gate (see fork_gate.h).
 *
 * Entering and closing follow Dekker's pattern, with sequentially
 * consistent atomics on both sides: a thread counts itself in, then reads
 * `closed`; the forking thread sets `closed`, then reads the counts.
 * Either the thread sees the gate closed (and backs out before it changes
 * anything), or the forking thread sees it counted (and waits for it to
 * leave). */
#include "fork_gate.h"

#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <time.h>

struct stripe {
	_Alignas(64) atomic_uint inside; /* threads of this stripe in the gate */
};

static struct stripe stripes[KILN_FORK_GATE_STRIPES];
static atomic_bool closed;
static atomic_uint next_stripe;

/* The gate's nesting depth on this thread, and its stripe plus one (0:
 * none chosen yet).  initial-exec: read on every completion, without a
 * call to __tls_get_addr (libkiln is dlopen'ed by the ICD loader). */
static __thread unsigned tl_depth __attribute__((tls_model("initial-exec")));
static __thread unsigned tl_stripe __attribute__((tls_model("initial-exec")));

static atomic_uint *own_count(void)
{
	if (!tl_stripe)
		tl_stripe = atomic_fetch_add_explicit(&next_stripe, 1, memory_order_relaxed) %
				    KILN_FORK_GATE_STRIPES +
			    1;
	return &stripes[tl_stripe - 1].inside;
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A fork takes a millisecond or so: yield, then nap. */
static void pause_a_little(unsigned round)
{
	if (round < 64) {
		sched_yield();
		return;
	}
	struct timespec ts = { 0, 50000 };
	nanosleep(&ts, NULL);
}

void kiln_fork_gate_enter(void)
{
	if (tl_depth++)
		return;
	atomic_uint *count = own_count();
	for (;;) {
		atomic_fetch_add(count, 1);
		if (!atomic_load(&closed))
			return;
		/* A fork is on its way: out again, and wait for it. */
		atomic_fetch_sub(count, 1);
		for (unsigned round = 0; atomic_load(&closed); round++)
			pause_a_little(round);
	}
}

void kiln_fork_gate_leave(void)
{
	if (--tl_depth)
		return;
	atomic_fetch_sub_explicit(own_count(), 1, memory_order_release);
}

bool kiln_fork_gate_close(void)
{
	atomic_store(&closed, true);
	/* A thread counted in after `closed` was set backs out at once, so
	 * a stripe seen at its own share once stays free of completions. */
	unsigned own = tl_depth ? tl_stripe : 0;
	uint64_t deadline = 0;
	for (unsigned i = 0; i < KILN_FORK_GATE_STRIPES; i++) {
		unsigned allowed = own == i + 1 ? 1 : 0;
		for (unsigned round = 0; atomic_load(&stripes[i].inside) > allowed; round++) {
			uint64_t now = now_ns();
			if (!deadline)
				deadline = now + KILN_FORK_GATE_WAIT_NS;
			else if (now >= deadline)
				return false;
			pause_a_little(round);
		}
	}
	return true;
}

void kiln_fork_gate_open(void)
{
	atomic_store(&closed, false);
}

void kiln_fork_gate_reset_child(void)
{
	for (unsigned i = 0; i < KILN_FORK_GATE_STRIPES; i++)
		atomic_store(&stripes[i].inside, tl_depth && tl_stripe == i + 1 ? 1 : 0);
	atomic_store(&closed, false);
}
