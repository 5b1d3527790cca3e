/* fork() while commands are in flight (docs/architecture.md, "Threads and
 * locks"): the child has none of the parent's worker threads, so what they
 * were running, and what waited in their ready queue, would never end.
 * The pool's atfork child handler collects those commands and fails them
 * with CL_OUT_OF_RESOURCES, so that a blocking call on an inherited queue
 * returns instead of hanging; the pool starts fresh threads on next use. */
#ifndef KILN_DEVICES_CPU_POOL_FORK_H
#define KILN_DEVICES_CPU_POOL_FORK_H

#include "../../core/object.h"
#include <stddef.h>

struct kiln_command;

struct kiln_fork_orphans {
	struct kiln_command *queued; /* linked through ->next */
	cl_event *running;           /* events of started commands, held */
	size_t num_running, cap;
};

/* In the child, before the pool is reset: takes the ready list `head` and
 * the `n` entries of `running` (NULL entries skipped) into `o`. */
void kiln_fork_collect(struct kiln_fork_orphans *o, struct kiln_command *head,
		       cl_event *running, unsigned n);

/* In the child, once every pool is usable again: fails every collected
 * command that has not completed, drops the holds, frees the lists. */
void kiln_fork_fail(struct kiln_fork_orphans *o);

#endif
