/* Work no application call waits for, on one thread of Kiln's own.
 *
 * Its one user is the compile of a specialized work-group function
 * (specialize.c): a launch that decides a kernel has run long enough to be
 * worth one posts the compile here and runs with the kernel's own function;
 * later launches take the specialization once it is ready.  Jobs run one at
 * a time, in the order posted, on a thread started at the first post.
 *
 * Process exit: the thread may be inside LLVM when the application returns
 * from main() or calls exit().  An atexit handler, registered when the
 * thread starts (after LLVM's own static objects were constructed, so it
 * runs before their destructors), lets the running job finish and runs no
 * queued one; the process then ends as it would have.  _exit() and signals
 * end the thread with the process.
 *
 * fork(): the child has no background thread.  The queue passes to the
 * child as it was (its lock is held across the fork), without the job
 * running in the parent at that moment, and a thread starts there at the
 * child's next post.  A job lost so is never finished in the child; its
 * owner must tolerate that (specialize.c: the entry stays busy and its
 * launches run the kernel's own function). */
#ifndef KILN_CORE_BACKGROUND_H
#define KILN_CORE_BACKGROUND_H

#include <stdbool.h>

struct kiln_background_job {
	struct kiln_background_job *next; /* the queue's; the poster leaves it */
	/* Runs the job on the background thread; owns the job from then
	 * on (frees it). */
	void (*run)(struct kiln_background_job *job);
};

/* Queues `job`.  Returns false, without taking the job, when the thread
 * cannot be started or the process is exiting: the caller then does the
 * work itself or gives it up. */
bool kiln_background_post(struct kiln_background_job *job);

#endif
