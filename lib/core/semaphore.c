/* Binary semaphores (cl_khr_semaphore; see semaphore.h for the model). */
#include "semaphore.h"

#include "command.h"
#include "context.h"
#include "event.h"
#include "queue.h"

#include <stdlib.h>
#include <string.h>

static void semaphore_free(struct kiln_object *obj)
{
	cl_semaphore_khr s = (cl_semaphore_khr)obj;
	/* Signals never waited for are dropped; a gate still listed belongs
	 * to a wait no signal will ever release, which the application
	 * can only wait for forever (the extension leaves that undefined):
	 * it is failed, so that wait ends. */
	for (struct kiln_sema_node *n = s->signals, *next; n; n = next) {
		next = n->next;
		kiln_object_release(KILN_OBJ(n->event));
		free(n);
	}
	for (struct kiln_sema_node *n = s->gates, *next; n; n = next) {
		next = n->next;
		kiln_event_set_status(n->event, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
		kiln_object_release(KILN_OBJ(n->event));
		free(n);
	}
	kiln_object_unhold(KILN_OBJ(s->context));
	pthread_mutex_destroy(&s->lock);
	free(s->props);
	free(s);
}

cl_semaphore_khr kiln_semaphore_new(cl_context ctx, cl_device_id device,
				    const cl_semaphore_properties_khr *props,
				    size_t n)
{
	cl_semaphore_khr s = calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	s->props = malloc(n * sizeof(*props));
	if (!s->props) {
		free(s);
		return NULL;
	}
	memcpy(s->props, props, n * sizeof(*props));
	s->num_props = n;
	s->context = ctx;
	s->device = device;
	atomic_init(&s->payload, 0);
	pthread_mutex_init(&s->lock, NULL);
	kiln_object_hold(KILN_OBJ(ctx));
	kiln_object_init(&s->obj, KILN_OBJ_SEMAPHORE, semaphore_free);
	return s;
}

static void push(struct kiln_sema_node **head, struct kiln_sema_node **tail,
		 struct kiln_sema_node *n)
{
	n->next = NULL;
	if (*tail)
		(*tail)->next = n;
	else
		*head = n;
	*tail = n;
}

static struct kiln_sema_node *pop(struct kiln_sema_node **head,
				  struct kiln_sema_node **tail)
{
	struct kiln_sema_node *n = *head;
	if (n) {
		*head = n->next;
		if (!*head)
			*tail = NULL;
	}
	return n;
}

/* A signal or wait command: the semaphores it holds and, for a signal,
 * the gate of an earlier wait it releases (NULL when none), per semaphore. */
struct sema_cmd {
	struct kiln_command cmd;
	cl_uint n;
	cl_semaphore_khr *sems;
	cl_event *gates;
};

static cl_int signal_run(struct kiln_command *cmd)
{
	struct sema_cmd *c = (struct sema_cmd *)cmd;
	for (cl_uint i = 0; i < c->n; i++) {
		atomic_store(&c->sems[i]->payload, 1);
		if (c->gates[i]) {
			kiln_event_set_status(c->gates[i], CL_COMPLETE);
			kiln_object_release(KILN_OBJ(c->gates[i]));
			c->gates[i] = NULL;
		}
	}
	return CL_SUCCESS;
}

static cl_int wait_run(struct kiln_command *cmd)
{
	struct sema_cmd *c = (struct sema_cmd *)cmd;
	for (cl_uint i = 0; i < c->n; i++)
		atomic_store(&c->sems[i]->payload, 0);
	return CL_SUCCESS;
}

/* After completion.  A signal that did not run (its wait list failed)
 * fails the gates it was to open: the waits behind them fail in turn
 * instead of waiting forever. */
static void sema_release(struct kiln_command *cmd)
{
	struct sema_cmd *c = (struct sema_cmd *)cmd;
	for (cl_uint i = 0; i < c->n; i++) {
		if (c->gates && c->gates[i]) {
			kiln_event_set_status(c->gates[i],
					      CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
			kiln_object_release(KILN_OBJ(c->gates[i]));
		}
		kiln_object_unhold(KILN_OBJ(c->sems[i]));
	}
	free(c->gates);
	free(c->sems);
}

cl_int kiln_semaphore_enqueue(cl_command_queue q, bool wait, cl_uint n,
			      const cl_semaphore_khr *sems, cl_uint num_events,
			      const cl_event *wait_list, cl_event *event)
{
	struct sema_cmd *c = (struct sema_cmd *)kiln_command_alloc(
		sizeof(*c), q,
		wait ? CL_COMMAND_SEMAPHORE_WAIT_KHR : CL_COMMAND_SEMAPHORE_SIGNAL_KHR);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	c->cmd.run = wait ? wait_run : signal_run;
	c->cmd.release = sema_release;
	c->sems = calloc(n, sizeof(*c->sems));
	c->gates = calloc(n, sizeof(*c->gates));
	/* A wait's dependencies: its wait list, then one event per
	 * semaphore (a signal, or a gate). */
	cl_event *deps = wait ? calloc((size_t)num_events + n, sizeof(*deps)) : NULL;
	struct kiln_sema_node **nodes = calloc(n, sizeof(*nodes));
	bool *opened = calloc(n, sizeof(*opened));
	if (!c->sems || !c->gates || (wait && !deps) || !nodes || !opened)
		goto oom;
	for (cl_uint i = 0; i < n; i++) {
		nodes[i] = malloc(sizeof(*nodes[i]));
		if (!nodes[i])
			goto oom;
	}
	for (cl_uint i = 0; i < n; i++) {
		c->sems[i] = sems[i];
		kiln_object_hold(KILN_OBJ(sems[i]));
	}
	c->n = n;

	if (!wait) {
		/* A wait already enqueued without a signal takes this one
		 * (its gate); otherwise the signal is listed for the next
		 * wait.  `opened` is read after the enqueue, when the command
		 * may have run and cleared c->gates. */
		for (cl_uint i = 0; i < n; i++) {
			cl_semaphore_khr s = sems[i];
			pthread_mutex_lock(&s->lock);
			struct kiln_sema_node *g = pop(&s->gates, &s->gates_tail);
			pthread_mutex_unlock(&s->lock);
			if (g) {
				c->gates[i] = g->event; /* the list's reference */
				opened[i] = true;
				free(g);
			}
		}
		cl_event ev = NULL;
		cl_int err = kiln_command_enqueue(&c->cmd, num_events, wait_list, &ev);
		for (cl_uint i = 0; i < n; i++) {
			if (err != CL_SUCCESS || opened[i]) {
				free(nodes[i]);
				continue;
			}
			nodes[i]->event = ev;
			kiln_object_retain(KILN_OBJ(ev));
			pthread_mutex_lock(&sems[i]->lock);
			push(&sems[i]->signals, &sems[i]->signals_tail, nodes[i]);
			pthread_mutex_unlock(&sems[i]->lock);
		}
		free(opened);
		free(nodes);
		if (err != CL_SUCCESS)
			return err;
		if (event)
			*event = ev;
		else
			kiln_object_release(KILN_OBJ(ev));
		return CL_SUCCESS;
	}

	if (num_events) /* wait_list may be NULL then: no memcpy from it */
		memcpy(deps, wait_list, num_events * sizeof(*deps));
	for (cl_uint i = 0; i < n; i++) {
		cl_semaphore_khr s = sems[i];
		pthread_mutex_lock(&s->lock);
		struct kiln_sema_node *sig = pop(&s->signals, &s->signals_tail);
		if (sig) {
			/* The earliest signal not yet consumed: its reference
			 * moves here, dropped after the enqueue. */
			deps[num_events + i] = sig->event;
			free(sig);
			free(nodes[i]);
		} else {
			cl_event gate = kiln_event_new(q->context, NULL, CL_COMMAND_USER);
			if (!gate) {
				pthread_mutex_unlock(&s->lock);
				free(nodes[i]);
				nodes[i] = NULL;
				continue; /* counted below: out of memory */
			}
			nodes[i]->event = gate; /* the list's reference */
			push(&s->gates, &s->gates_tail, nodes[i]);
			kiln_object_retain(KILN_OBJ(gate));
			deps[num_events + i] = gate;
		}
		pthread_mutex_unlock(&s->lock);
	}
	free(nodes);
	free(opened);
	cl_uint num_deps = num_events;
	for (cl_uint i = 0; i < n; i++)
		if (deps[num_events + i])
			deps[num_deps++] = deps[num_events + i];
	cl_int err = num_deps == num_events + n
			     ? kiln_command_enqueue(&c->cmd, num_deps, deps, event)
			     : (kiln_command_discard(&c->cmd), CL_OUT_OF_HOST_MEMORY);
	for (cl_uint i = num_events; i < num_deps; i++)
		kiln_object_release(KILN_OBJ(deps[i]));
	free(deps);
	return err;

oom:
	if (nodes)
		for (cl_uint i = 0; i < n; i++)
			free(nodes[i]);
	free(nodes);
	free(opened);
	free(deps);
	/* Nothing held yet: the release hook must not drop holds. */
	c->n = 0;
	kiln_command_discard(&c->cmd);
	return CL_OUT_OF_HOST_MEMORY;
}
