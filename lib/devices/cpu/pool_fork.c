/* Commands orphaned by fork() (see pool_fork.h). */
#include "pool_fork.h"

#include "../../core/command.h"
#include "../../core/event.h"

#include <stdlib.h>

void kiln_fork_collect(struct kiln_fork_orphans *o, struct kiln_command *head,
		       cl_event *running, unsigned n)
{
	if (head) {
		struct kiln_command *tail = head;
		while (tail->next)
			tail = tail->next;
		tail->next = o->queued;
		o->queued = head;
	}
	for (unsigned i = 0; i < n; i++) {
		if (!running[i])
			continue;
		if (o->num_running == o->cap) {
			size_t cap = o->cap ? 2 * o->cap : 8;
			cl_event *grown = realloc(o->running, cap * sizeof(*grown));
			if (!grown)
				return; /* leaked, and its command never ends */
			o->running = grown;
			o->cap = cap;
		}
		o->running[o->num_running++] = running[i];
	}
}

void kiln_fork_fail(struct kiln_fork_orphans *o)
{
	static const char why[] =
		"the process forked while it was queued or running: its worker "
		"thread does not exist in the child";
	while (o->queued) {
		struct kiln_command *cmd = o->queued;
		o->queued = cmd->next;
		cmd->next = NULL;
		kiln_command_fail_orphan(cmd, why);
	}
	for (size_t i = 0; i < o->num_running; i++) {
		cl_event ev = o->running[i];
		/* Final already: the worker had finished it and was only
		 * tidying up (nothing of it is left to end). */
		if (!kiln_status_is_final(atomic_load(&ev->status)) && ev->command)
			kiln_command_fail_orphan(ev->command, why);
		kiln_object_unhold(KILN_OBJ(ev)); /* the worker's hold */
	}
	free(o->running);
	o->running = NULL;
	o->num_running = o->cap = 0;
}
