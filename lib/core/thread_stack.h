/* The calling thread's stack, for telling private memory apart in the
 * generic address space (struct kiln_wg_state's stack_lo/stack_hi). */
#ifndef KILN_CORE_THREAD_STACK_H
#define KILN_CORE_THREAD_STACK_H

#include <stddef.h>

/* Private memory one work-item may use: a kernel that needs more is a
 * build error (lib/compiler/rule_private_size.cpp; docs/robustness.md).
 * A work-group function runs its work-items one after another on the
 * worker's stack, so one work-item's private memory is on it at a time. */
#define KILN_PRIVATE_MEM_LIMIT ((size_t)16 << 20)
/* A worker thread's stack: the limit plus room for the runtime's,
 * kernel-lib's and spilled frames; the guard zone below it is never
 * mapped, so an overflow faults (and is contained) instead of writing
 * over a neighbour's memory. */
#define KILN_WORKER_STACK (KILN_PRIVATE_MEM_LIMIT + ((size_t)8 << 20))
#define KILN_WORKER_STACK_GUARD ((size_t)1 << 20)

/* The lowest address of the calling thread's stack (its guard page
 * excluded), found once per thread; NULL when the system cannot say. */
char *kiln_thread_stack_low(void);

#endif
