/* The completion gate: fork() never splits "an event becomes final" from
 * "its dependents are told" (docs/architecture.md, "Threads and locks").
 *
 * kiln_event_set_status makes an event final and then walks the commands
 * waiting for it, outside the event's lock.  A fork taken in between would
 * leave the child with an event that is complete and dependents that were
 * never released: the walk was on a thread the child does not have.  So
 * that walk runs inside the gate, and the fork handler of the worker pool
 * (lib/devices/cpu/pool.c) closes the gate and waits until no thread is
 * inside before the fork goes on; a thread that reaches the gate while it
 * is closed waits outside, before it changes anything, until the fork is
 * done.
 *
 * Cost on the completion path: an atomic increment and decrement of a
 * counter of the calling thread's own (one of KILN_FORK_GATE_STRIPES,
 * each on a cache line of its own, so that workers completing commands at
 * once do not share one line) and one read of the closed flag; no lock.
 *
 * The gate nests (a completion inside a completion, e.g. a marker
 * completed while its predecessor's dependents are told, enters once).
 * Inside the gate a thread may run an application callback (a marker's, or
 * the context's), which could wait on a lock the forking thread holds: the
 * fork therefore waits at most KILN_FORK_GATE_WAIT_NS and then goes on
 * regardless, and only that case is left as it was without the gate. */
#ifndef KILN_CORE_FORK_GATE_H
#define KILN_CORE_FORK_GATE_H

#include <stdbool.h>

#define KILN_FORK_GATE_STRIPES 16
#define KILN_FORK_GATE_WAIT_NS 1000000000ull /* 1 s */

/* Around the part of a completion that a fork must not split. */
void kiln_fork_gate_enter(void);
void kiln_fork_gate_leave(void);

/* atfork prepare: closes the gate and waits until no other thread is
 * inside (the calling thread may be: a fork from inside a callback).
 * Returns false when it stopped waiting after KILN_FORK_GATE_WAIT_NS. */
bool kiln_fork_gate_close(void);
/* atfork parent: opens the gate; the threads waiting at it go on. */
void kiln_fork_gate_open(void);
/* atfork child, first of all: opens the gate and forgets the threads of
 * the parent (only the calling thread exists here). */
void kiln_fork_gate_reset_child(void);

#endif
