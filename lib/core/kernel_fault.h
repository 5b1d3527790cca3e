/* Kernel fault containment (docs/robustness.md).
 *
 * Kernel code (a work-group function, its fibers, the runtime services it
 * calls) runs only inside kiln_kernel_guard.  A hardware fault there
 * (SIGSEGV, SIGBUS, SIGILL from a trap, SIGFPE), a stack overflow into a
 * guard page included, or a call of kiln_kernel_fail, unwinds back to the
 * guard, which returns the reason; the caller (lib/core/ndrange.c) ends the
 * command with CL_OUT_OF_RESOURCES, the status a faulting kernel has on a
 * GPU, and the rest of the process goes on.
 *
 * How: one process-wide handler for the four signals, installed (SA_ONSTACK)
 * the first time a guard runs; each thread that runs a guard gets an
 * alternate signal stack of its own (with a guard page) so that a stack
 * overflow can still be handled.  The handler jumps back (siglongjmp; the
 * guard then unblocks the signal the handler ran under) only when the
 * faulting thread is inside a guard; any other fault goes to the handler that was installed
 * before Kiln's (the application's, LLVM's crash recovery, or the default
 * action), so faults of the application behave as they did without Kiln.
 *
 * What is not contained: a fault inside Kiln's own runtime code that kernel
 * code called (a service holding a lock would keep it), and a signal
 * handler the application installs after the first kernel ran replaces
 * Kiln's (kernel faults then reach the application's handler). */
#ifndef KILN_CORE_KERNEL_FAULT_H
#define KILN_CORE_KERNEL_FAULT_H

#include <stdbool.h>
#include <stddef.h>

/* Longest reason text a guard returns, terminator included. */
#define KILN_KERNEL_FAULT_TEXT 384

/* Runs body(arg) on the calling thread with kernel faults contained.
 * `kernel` names the kernel (may be NULL) and *group_id (three values,
 * may be NULL) is read after a fault: the caller keeps it at the work-group
 * body is running, so the report names that group.
 * Returns true when body returned normally.  After a fault or a
 * kiln_kernel_fail it returns false with `why` (KILN_KERNEL_FAULT_TEXT
 * bytes) holding "kernel \"k\", work-group (x, y, z): <what happened>",
 * which has also been written to stderr.  Guards nest (an inner one
 * catches first).  Costs no system call when nothing faults (the jump
 * buffer does not save the signal mask), only a few stores. */
bool kiln_kernel_guard(void (*body)(void *arg), void *arg, const char *kernel,
		       const size_t *group_id, char *why);

/* Fails the kernel command running on the calling thread: for runtime code
 * called from kernel code (a service, a checked-mode check) that finds a
 * defect the kernel cannot go on from.  Inside a guard it does not return:
 * the message (printf format) becomes the guard's reason after
 * "kernel \"k\", work-group (x, y, z): ", the rest of the work-group and
 * of its chunk is abandoned, other work-groups of the command are skipped,
 * the command ends in CL_OUT_OF_RESOURCES and the reason reaches the
 * context's callback and stderr.  Outside a guard (not on a thread running
 * kernel code) it returns false and does nothing. */
bool kiln_kernel_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* True when the calling thread is running kernel code inside a guard. */
bool kiln_kernel_running(void);

#endif
