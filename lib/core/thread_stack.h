/* The calling thread's stack, for telling private memory apart in the
 * generic address space (struct kiln_wg_state's stack_lo/stack_hi). */
#ifndef KILN_CORE_THREAD_STACK_H
#define KILN_CORE_THREAD_STACK_H

/* The lowest address of the calling thread's stack (its guard page
 * excluded), found once per thread; NULL when the system cannot say. */
char *kiln_thread_stack_low(void);

#endif
