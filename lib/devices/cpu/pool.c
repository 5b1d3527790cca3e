/* The worker pool (see pool.h for what it promises). */
#include "pool.h"
#include "pool_fork.h"

#include "../../core/command.h"
#include "../../core/debug.h"
#include "../../core/event.h"
#include "../../core/fork_gate.h"
#include "../../core/thread_stack.h"
#include "../host.h"

#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

/* How long an idle worker, or a loop's caller, polls before sleeping, in
 * ns: enough to catch the next command of a tight enqueue/wait loop
 * without a wake-up, short enough not to steal a core from anyone. */
#define KILN_POOL_SPIN_NS 30000
/* How many idle workers poll at a time; the others sleep at once. */
#define KILN_POOL_SPINNERS 2
#ifndef KILN_SPIN_YIELD_ROUNDS
#define KILN_SPIN_YIELD_ROUNDS 32 /* pause rounds between sched_yield calls */
#endif

/* One parallel loop in progress; lives on its caller's stack. */
#define HELPER 2
#define HELPERS_CALLER_SLEEPS 1
struct pool_job {
	kiln_parallel_fn fn;
	void *arg;
	size_t n, chunk;
	atomic_size_t next;    /* first index not yet taken */
	atomic_int chunks_left; /* chunks not yet finished */
	bool caller_sleeps;     /* the caller waits on chunks_left */
	/* Twice the number of threads other than the caller inside it, plus
	 * HELPERS_CALLER_SLEEPS once the caller sleeps until they leave: one
	 * word, so the last helper learns whether to wake the caller from its
	 * own decrement and never reads the job (the caller's stack frame,
	 * gone as soon as the count reaches zero) afterwards. */
	atomic_int helpers;
	bool listed;           /* in pool->jobs (guarded by pool->lock) */
	struct pool_job *prev_job, *next_job;
};

struct kiln_pool {
	unsigned nthreads;
	bool pin;
	unsigned *units; /* worker i pins like root worker units[i]; NULL: i */

	pthread_mutex_t lock;      /* guards everything below */
	pthread_cond_t wake;       /* idle workers sleep here */
	bool started, stopping;
	pthread_t *threads;
	unsigned num_started;
	/* The event of the command each worker runs, held while it runs:
	 * after fork() the child fails those commands (pool_fork.c).  One
	 * entry more, [nthreads], for the guest's. */
	cl_event *running;
	/* The guest slot: worker index nthreads, lent to one application
	 * thread at a time that runs a command itself (kiln_pool_run_here). */
	atomic_bool guest_busy;
	struct kiln_command *head, *tail; /* ready commands, FIFO */
	struct pool_job *jobs;            /* loops with items left */
	unsigned sleepers;
	/* Idle workers polling `work` right now (at most KILN_POOL_SPINNERS:
	 * a crowd of pollers would only fight over the lock). */
	atomic_uint spinners;
	/* Queued commands plus listed jobs: what spinning workers poll. */
	atomic_uint work;

	struct kiln_pool *next_pool; /* every pool, for fork handling */
};

/* The pool and index of the calling thread when it is a worker. */
static __thread struct kiln_pool *tl_pool;
static __thread unsigned tl_worker;
/* The pool whose guest slot the calling (application) thread holds. */
static __thread struct kiln_pool *tl_guest;

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kiln_pool *registry;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

/* Polls `*addr` until it differs from `idle` or the spin time is over;
 * returns the last value read.  Every 32 rounds it reads the clock, every
 * KILN_SPIN_YIELD_ROUNDS it yields: on a busy machine the thread that
 * would end the wait may be waiting for this very core. */
static unsigned spin_while(atomic_uint *addr, unsigned idle)
{
	cl_ulong deadline = 0;
	for (unsigned i = 1;; i++) {
		unsigned v = atomic_load(addr);
		if (v != idle)
			return v;
		cpu_relax();
		if (i % 32 == 0) {
			if (i % KILN_SPIN_YIELD_ROUNDS == 0)
				sched_yield();
			cl_ulong now = kiln_time_now();
			if (!deadline)
				deadline = now + KILN_POOL_SPIN_NS;
			else if (now >= deadline)
				return v;
		}
	}
}

static void futex_wait(atomic_int *addr, int val)
{
	syscall(SYS_futex, (int *)addr, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

static void futex_wake_all(atomic_int *addr)
{
	syscall(SYS_futex, (int *)addr, FUTEX_WAKE_PRIVATE, INT32_MAX, NULL,
		NULL, 0);
}

/* Takes chunks of `job` until none is left. */
static void run_chunks(struct pool_job *job, unsigned worker)
{
	for (;;) {
		size_t first = atomic_fetch_add(&job->next, job->chunk);
		if (first >= job->n)
			return;
		size_t last = first + job->chunk;
		if (last > job->n)
			last = job->n;
		for (size_t i = first; i < last; i++)
			job->fn(job->arg, i, worker);
		if (atomic_fetch_sub(&job->chunks_left, 1) == 1 &&
		    job->caller_sleeps)
			futex_wake_all(&job->chunks_left);
	}
}

/* Caller holds pool->lock. */
static void unlist_job(struct kiln_pool *pool, struct pool_job *job)
{
	KILN_ASSERT(kiln_mutex_locked(&pool->lock));
	if (!job->listed)
		return;
	if (job->prev_job)
		job->prev_job->next_job = job->next_job;
	else
		pool->jobs = job->next_job;
	if (job->next_job)
		job->next_job->prev_job = job->prev_job;
	job->listed = false;
	atomic_fetch_sub(&pool->work, 1);
}

/* Caller holds pool->lock.  Drops loops whose items are all taken, so an
 * idle worker never spins on a loop that only waits for its last chunks. */
static struct pool_job *first_open_job(struct kiln_pool *pool)
{
	while (pool->jobs &&
	       atomic_load(&pool->jobs->next) >= pool->jobs->n)
		unlist_job(pool, pool->jobs);
	return pool->jobs;
}

struct worker_start {
	struct kiln_pool *pool;
	unsigned index;
};

static void *worker_main(void *p)
{
	struct worker_start start = *(struct worker_start *)p;
	free(p);
	struct kiln_pool *pool = start.pool;
	tl_pool = pool;
	tl_worker = start.index;
	if (pool->pin) {
		bool pinned = kiln_host_pin_thread(
			pool->units ? pool->units[start.index] : start.index);
		KILN_LOG(KILN_DEBUG_POOL, "worker %u of pool %p: %s", start.index,
			 (void *)pool, pinned ? "pinned (one core each, physical cores first)"
					      : "not pinned (hwloc could not bind it)");
	}

	for (;;) {
		if (atomic_fetch_add(&pool->spinners, 1) < KILN_POOL_SPINNERS)
			spin_while(&pool->work, 0);
		atomic_fetch_sub(&pool->spinners, 1);

		pthread_mutex_lock(&pool->lock);
		struct pool_job *job;
		while (!(job = first_open_job(pool)) && !pool->head &&
		       !pool->stopping) {
			pool->sleepers++;
			pthread_cond_wait(&pool->wake, &pool->lock);
			pool->sleepers--;
		}
		if (job) {
			/* Loops first: they belong to commands already
			 * running, so finishing them frees workers sooner. */
			atomic_fetch_add(&job->helpers, HELPER);
			if (pool->head && pool->sleepers)
				/* Someone else for the ready commands. */
				pthread_cond_signal(&pool->wake);
			pthread_mutex_unlock(&pool->lock);
			run_chunks(job, start.index);
			/* The job may be gone as soon as no helper is left:
			 * only its address is used after the decrement (a
			 * futex wake-up of a dead address is harmless). */
			atomic_int *helpers = &job->helpers;
			if (atomic_fetch_sub(helpers, HELPER) ==
			    HELPER + HELPERS_CALLER_SLEEPS)
				futex_wake_all(helpers);
			continue;
		}
		if (pool->head) {
			struct kiln_command *cmd = pool->head;
			pool->head = cmd->next;
			if (!pool->head)
				pool->tail = NULL;
			else if (pool->sleepers)
				/* More ready commands: pass the wake-up on (the
				 * submitter may have left it to a poller). */
				pthread_cond_signal(&pool->wake);
			atomic_fetch_sub(&pool->work, 1);
			cl_event ev = cmd->event; /* NULL in tests/unit */
			if (ev)
				kiln_object_hold(KILN_OBJ(ev));
			pool->running[start.index] = ev;
			pthread_mutex_unlock(&pool->lock);
			cmd->next = NULL;
			kiln_command_execute(cmd);
			pthread_mutex_lock(&pool->lock);
			pool->running[start.index] = NULL;
			pthread_mutex_unlock(&pool->lock);
			if (ev)
				kiln_object_unhold(KILN_OBJ(ev));
			continue;
		}
		pthread_mutex_unlock(&pool->lock);
		return NULL; /* stopping */
	}
}

/* Caller holds pool->lock.  Starts the threads once (and again in a child
 * after fork).  Returns false when not even one thread could start. */
static bool start_locked(struct kiln_pool *pool)
{
	KILN_ASSERT(kiln_mutex_locked(&pool->lock));
	if (pool->started)
		return pool->num_started > 0;
	pool->started = true;
	pool->threads = calloc(pool->nthreads, sizeof(*pool->threads));
	pool->running = calloc(pool->nthreads + 1, sizeof(*pool->running));
	if (!pool->threads || !pool->running)
		return false;
	/* Kernel code runs on these stacks: big enough for the private
	 * memory a kernel may use (checked when it is built), with a guard
	 * zone below that turns an overflow into a contained fault
	 * (lib/core/kernel_fault.h, docs/robustness.md). */
	pthread_attr_t attr;
	bool sized = pthread_attr_init(&attr) == 0;
	if (sized && (pthread_attr_setstacksize(&attr, KILN_WORKER_STACK) ||
		      pthread_attr_setguardsize(&attr, KILN_WORKER_STACK_GUARD))) {
		pthread_attr_destroy(&attr);
		sized = false;
	}
	for (unsigned i = 0; i < pool->nthreads; i++) {
		struct worker_start *ws = malloc(sizeof(*ws));
		if (!ws)
			break;
		ws->pool = pool;
		ws->index = i;
		if (pthread_create(&pool->threads[i], sized ? &attr : NULL,
				   worker_main, ws)) {
			free(ws);
			break;
		}
		pool->num_started++;
	}
	if (sized)
		pthread_attr_destroy(&attr);
	KILN_LOG(KILN_DEBUG_POOL, "pool %p: %u of %u worker threads started%s",
		 (void *)pool, pool->num_started, pool->nthreads,
		 pool->pin ? ", pinning" : "");
	return pool->num_started > 0;
}

/* fork(): let the completions under way finish telling their dependents
 * (fork_gate.h), hold every pool's lock across the fork so the child sees
 * consistent queues, then give the child empty pools without threads. */
static void atfork_prepare(void)
{
	/* Before any lock: a completion inside the gate may submit to a
	 * pool. */
	if (!kiln_fork_gate_close())
		KILN_LOG(KILN_DEBUG_POOL, "fork: a completion did not finish telling "
			 "its dependents within 1 s; forking regardless");
	pthread_mutex_lock(&registry_lock);
	for (struct kiln_pool *p = registry; p; p = p->next_pool)
		pthread_mutex_lock(&p->lock);
}

static void atfork_parent(void)
{
	for (struct kiln_pool *p = registry; p; p = p->next_pool)
		pthread_mutex_unlock(&p->lock);
	pthread_mutex_unlock(&registry_lock);
	kiln_fork_gate_open();
}

static void atfork_child(void)
{
	/* First: failing the orphans below completes commands. */
	kiln_fork_gate_reset_child();
	struct kiln_fork_orphans orphans = { 0 };
	for (struct kiln_pool *p = registry; p; p = p->next_pool) {
		/* What was queued or running here will never end on its
		 * own: collected now, failed once every pool is usable. */
		kiln_fork_collect(&orphans, p->head, p->running,
				  p->running ? p->nthreads + 1 : 0);
		/* The parent's threads do not exist here.  Commands queued
		 * in the parent belong to the parent; the child starts
		 * empty.  The arrays are leaked on purpose: freeing memory
		 * another (vanished) thread might have been using is not
		 * safe to reason about. */
		pthread_mutex_init(&p->lock, NULL);
		pthread_cond_init(&p->wake, NULL);
		p->started = false;
		p->stopping = false;
		p->threads = NULL;
		p->running = NULL;
		p->num_started = 0;
		p->head = p->tail = NULL;
		p->jobs = NULL;
		p->sleepers = 0;
		atomic_store(&p->work, 0);
		atomic_store(&p->spinners, 0);
		atomic_store(&p->guest_busy, false);
	}
	tl_pool = NULL;
	tl_guest = NULL;
	pthread_mutex_init(&registry_lock, NULL);
	kiln_fork_fail(&orphans);
}

static void install_atfork(void)
{
	pthread_atfork(atfork_prepare, atfork_parent, atfork_child);
}

struct kiln_pool *kiln_pool_new(unsigned nthreads, bool pin)
{
	pthread_once(&atfork_once, install_atfork);
	struct kiln_pool *pool = calloc(1, sizeof(*pool));
	if (!pool)
		return NULL;
	pool->nthreads = nthreads ? nthreads : 1;
	pool->pin = pin;
	pthread_mutex_init(&pool->lock, NULL);
	pthread_cond_init(&pool->wake, NULL);
	atomic_init(&pool->work, 0);

	pthread_mutex_lock(&registry_lock);
	pool->next_pool = registry;
	registry = pool;
	pthread_mutex_unlock(&registry_lock);
	return pool;
}

struct kiln_pool *kiln_pool_new_on(unsigned nthreads, const unsigned *units)
{
	unsigned *copy = malloc((nthreads ? nthreads : 1) * sizeof(*copy));
	if (!copy)
		return NULL;
	for (unsigned i = 0; i < nthreads; i++)
		copy[i] = units[i];
	struct kiln_pool *pool = kiln_pool_new(nthreads, true);
	if (!pool) {
		free(copy);
		return NULL;
	}
	pool->units = copy;
	return pool;
}

static void *free_detached(void *pool)
{
	kiln_pool_free(pool);
	return NULL;
}

void kiln_pool_free(struct kiln_pool *pool)
{
	if (!pool)
		return;
	if (tl_pool == pool) {
		/* A worker cannot join itself: another thread does, once
		 * this one is back in its loop and sees `stopping`. */
		pthread_t t;
		pthread_attr_t attr;
		pthread_attr_init(&attr);
		pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
		bool ok = pthread_create(&t, &attr, free_detached, pool) == 0;
		pthread_attr_destroy(&attr);
		if (ok)
			return;
		/* No thread to spare: leak the pool rather than deadlock
		 * (its threads sleep until the process ends). */
		return;
	}
	pthread_mutex_lock(&registry_lock);
	for (struct kiln_pool **pp = &registry; *pp; pp = &(*pp)->next_pool)
		if (*pp == pool) {
			*pp = pool->next_pool;
			break;
		}
	pthread_mutex_unlock(&registry_lock);

	pthread_mutex_lock(&pool->lock);
	pool->stopping = true;
	pthread_cond_broadcast(&pool->wake);
	pthread_mutex_unlock(&pool->lock);
	for (unsigned i = 0; i < pool->num_started; i++)
		pthread_join(pool->threads[i], NULL);
	free(pool->threads);
	free(pool->running);
	free(pool->units);
	pthread_mutex_destroy(&pool->lock);
	pthread_cond_destroy(&pool->wake);
	free(pool);
}

unsigned kiln_pool_size(const struct kiln_pool *pool)
{
	return pool->nthreads;
}

void kiln_pool_submit(struct kiln_pool *pool, struct kiln_command *cmd)
{
	cmd->next = NULL;
	pthread_mutex_lock(&pool->lock);
	if (!start_locked(pool)) {
		/* No thread at all (out of resources): running it here is
		 * the only way it can complete. */
		pthread_mutex_unlock(&pool->lock);
		kiln_command_execute(cmd);
		return;
	}
	if (pool->tail)
		pool->tail->next = cmd;
	else
		pool->head = cmd;
	pool->tail = cmd;
	atomic_fetch_add(&pool->work, 1);
	/* A polling worker will take it; otherwise wake a sleeper.  A poller
	 * that gives up takes the lock and sees the command before it sleeps,
	 * so nothing is lost. */
	if (pool->sleepers && !atomic_load(&pool->spinners))
		pthread_cond_signal(&pool->wake);
	pthread_mutex_unlock(&pool->lock);
}

bool kiln_pool_run_here(struct kiln_pool *pool, struct kiln_command *cmd)
{
	/* A worker runs commands from its own loop; an application thread
	 * runs one at a time (a command's completion may make another ready
	 * on this thread: that one goes to the workers). */
	if (tl_pool || tl_guest)
		return false;
	if (atomic_exchange(&pool->guest_busy, true))
		return false; /* another application thread is the guest */
	cl_event ev = cmd->event; /* NULL in tests/unit */
	pthread_mutex_lock(&pool->lock);
	bool started = start_locked(pool);
	if (started && ev) {
		kiln_object_hold(KILN_OBJ(ev));
		pool->running[pool->nthreads] = ev;
	}
	pthread_mutex_unlock(&pool->lock);
	if (!started) {
		atomic_store(&pool->guest_busy, false);
		return false; /* kiln_pool_submit runs it on the caller */
	}
	tl_guest = pool;
	kiln_command_execute(cmd);
	tl_guest = NULL;
	if (ev) {
		pthread_mutex_lock(&pool->lock);
		pool->running[pool->nthreads] = NULL;
		pthread_mutex_unlock(&pool->lock);
		kiln_object_unhold(KILN_OBJ(ev));
	}
	atomic_store(&pool->guest_busy, false);
	return true;
}

void kiln_pool_parallel_for(struct kiln_pool *pool, size_t n,
			    kiln_parallel_fn fn, void *arg)
{
	if (n == 0)
		return;
	/* The guest takes part like a worker, with index nthreads. */
	bool guest = tl_guest == pool;
	bool on_worker = tl_pool == pool || guest;
	unsigned self = guest ? pool->nthreads : on_worker ? tl_worker : 0;

	/* One worker, or one item: no one to share with.  Index order. */
	if (on_worker && (pool->nthreads == 1 || n == 1)) {
		for (size_t i = 0; i < n; i++)
			fn(arg, i, self);
		return;
	}

	struct pool_job job = {
		.fn = fn,
		.arg = arg,
		.n = n,
		/* About eight chunks per worker: small enough to balance
		 * uneven items, large enough to keep the counter cool. */
		.chunk = n / ((size_t)pool->nthreads * 8) + 1,
		.caller_sleeps = !on_worker,
	};
	atomic_init(&job.next, 0);
	atomic_init(&job.chunks_left, (int)((n + job.chunk - 1) / job.chunk));
	atomic_init(&job.helpers, 0);

	pthread_mutex_lock(&pool->lock);
	bool have_threads = start_locked(pool);
	if (have_threads) {
		job.next_job = pool->jobs;
		if (pool->jobs)
			pool->jobs->prev_job = &job;
		pool->jobs = &job;
		job.listed = true;
		atomic_fetch_add(&pool->work, 1);
		if (pool->sleepers)
			pthread_cond_broadcast(&pool->wake);
	}
	pthread_mutex_unlock(&pool->lock);

	/* A worker takes part; a thread outside the pool (which has no
	 * worker index of its own) only waits, unless no worker exists. */
	if (on_worker || !have_threads)
		run_chunks(&job, self);
	else
		/* Sleep until the workers have done every chunk. */
		for (int c; (c = atomic_load(&job.chunks_left)) != 0;)
			futex_wait(&job.chunks_left, c);

	pthread_mutex_lock(&pool->lock);
	unlist_job(pool, &job);
	pthread_mutex_unlock(&pool->lock);

	/* No new helper can join now; wait for those still inside (their
	 * last chunks are usually nearly done: poll briefly first). */
	for (int i = 0; i < 512 && atomic_load(&job.helpers); i++)
		cpu_relax();
	if (atomic_load(&job.helpers)) {
		/* Announce the sleep in the count itself: either the last
		 * helper's decrement sees the flag and wakes us, or we see
		 * the count without helpers. */
		int h = atomic_fetch_or(&job.helpers, HELPERS_CALLER_SLEEPS) |
			HELPERS_CALLER_SLEEPS;
		while (h != HELPERS_CALLER_SLEEPS) {
			futex_wait(&job.helpers, h);
			h = atomic_load(&job.helpers);
		}
	}
}
