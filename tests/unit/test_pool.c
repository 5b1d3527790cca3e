/* Unit test of the worker pool (lib/devices/cpu/pool.c), compiled into this
 * program: parallel loops from outside the pool, from inside a running
 * command, several at once, nested, on a one-thread pool (index order),
 * the uniqueness of worker indices, and a pool used after fork(). */
#include "check.h"

#include "../../lib/devices/cpu/pool.c"
#include "../../lib/devices/cpu/pool_fork.c"
/* the completion gate its fork handlers close and open */
#include "../../lib/core/fork_gate.c"
/* KILN_DEBUG=pool lines of the pool */
#include "../../lib/core/debug.c"
#include "../../lib/core/error_names.c"

#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The pool runs commands through kiln_command_execute; here a command is
 * just a function to call. */
struct test_cmd {
	struct kiln_command base;
	void (*fn)(void *);
	void *arg;
	atomic_int done;
};

/* Commands here have no event: nothing is held, and a fork never finds
 * one of them to fail (pool_fork.c). */
void kiln_object_hold(struct kiln_object *obj) { (void)obj; }
void kiln_object_unhold(struct kiln_object *obj) { (void)obj; }
void kiln_command_fail_orphan(struct kiln_command *cmd, const char *why)
{
	(void)cmd, (void)why;
}

void kiln_command_execute(struct kiln_command *cmd)
{
	struct test_cmd *t = (struct test_cmd *)cmd;
	t->fn(t->arg);
	atomic_store(&t->done, 1);
}

bool kiln_host_pin_thread(unsigned worker)
{
	(void)worker;
	return false;
}

cl_ulong kiln_time_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (cl_ulong)ts.tv_sec * 1000000000u + (cl_ulong)ts.tv_nsec;
}

static void wait_done(struct test_cmd *t)
{
	while (!atomic_load(&t->done))
		usleep(100);
}

#define MAX_WORKERS 8
#define ITEMS 20000

struct loop {
	struct kiln_pool *pool;
	unsigned nworkers;
	atomic_int hits[ITEMS];
	atomic_int busy[MAX_WORKERS]; /* a worker index is used by one thread at a time */
	atomic_int errors;
	atomic_long order_violations;
	atomic_long last_index;
};

static void item(void *arg, size_t i, unsigned worker)
{
	struct loop *l = arg;
	if (worker >= l->nworkers || atomic_exchange(&l->busy[worker], 1)) {
		atomic_fetch_add(&l->errors, 1);
		return;
	}
	atomic_fetch_add(&l->hits[i], 1);
	/* With one worker the items must come in index order. */
	long prev = atomic_exchange(&l->last_index, (long)i);
	if ((long)i != prev + 1)
		atomic_fetch_add(&l->order_violations, 1);
	atomic_store(&l->busy[worker], 0);
}

static void loop_init(struct loop *l, struct kiln_pool *pool)
{
	memset(l, 0, sizeof(*l));
	l->pool = pool;
	l->nworkers = kiln_pool_size(pool);
	atomic_store(&l->last_index, -1);
}

static int loop_ok(struct loop *l)
{
	for (int i = 0; i < ITEMS; i++)
		if (atomic_load(&l->hits[i]) != 1)
			return 0;
	return atomic_load(&l->errors) == 0;
}

static void run_loop(void *arg)
{
	struct loop *l = arg;
	kiln_pool_parallel_for(l->pool, ITEMS, item, l);
}

/* Busy-waits a little per item so that loops overlap in time. */
static void slow_item(void *arg, size_t i, unsigned worker)
{
	item(arg, i, worker);
	for (volatile int k = 0; k < 200; k++)
		;
}

static void run_slow_loop(void *arg)
{
	struct loop *l = arg;
	kiln_pool_parallel_for(l->pool, ITEMS, slow_item, l);
}

/* Each outer item runs an inner loop of its own. */
struct nested {
	struct kiln_pool *pool;
	atomic_int inner_hits[16][64];
};

static void inner_item(void *arg, size_t i, unsigned worker)
{
	(void)worker;
	atomic_fetch_add((atomic_int *)arg + i, 1);
}

static void outer_item(void *arg, size_t i, unsigned worker)
{
	(void)worker;
	struct nested *n = arg;
	kiln_pool_parallel_for(n->pool, 64, inner_item, n->inner_hits[i]);
}

static void run_nested(void *arg)
{
	struct nested *n = arg;
	kiln_pool_parallel_for(n->pool, 16, outer_item, n);
}

static struct test_cmd *submit(struct kiln_pool *pool, void (*fn)(void *), void *arg)
{
	struct test_cmd *t = calloc(1, sizeof(*t));
	REQUIRE(t);
	t->fn = fn;
	t->arg = arg;
	kiln_pool_submit(pool, &t->base);
	return t;
}

/* Short loops from outside the pool, one after another, each followed by
 * a call whose frame lies where the loop's job was (on this thread's
 * stack): the last helper leaving a loop must not touch the job after its
 * count of helpers reaches zero (under AddressSanitizer, the sanitizer
 * job, such a read of the dead frame can be reported; it was, on 16
 * threads). */
struct short_loop {
	atomic_int hits[8];
};

static void short_item(void *arg, size_t i, unsigned worker)
{
	(void)worker;
	atomic_fetch_add(&((struct short_loop *)arg)->hits[i], 1);
}

static __attribute__((noinline)) int scribble(int seed)
{
	volatile char frame[256];
	for (int i = 0; i < 256; i++)
		frame[i] = (char)(seed + i);
	return frame[seed & 255];
}

static int short_loops_ok(struct kiln_pool *pool, int rounds)
{
	int ok = 1;
	for (int r = 0; r < rounds; r++) {
		struct short_loop l;
		memset(&l, 0, sizeof(l));
		kiln_pool_parallel_for(pool, 8, short_item, &l);
		for (int i = 0; i < 8; i++)
			ok &= atomic_load(&l.hits[i]) == 1;
		scribble(r);
	}
	return ok;
}

static struct loop loops[4];

int main(void)
{
	struct kiln_pool *pool = kiln_pool_new(4, false);
	REQUIRE(pool);
	CHECK(kiln_pool_size(pool) == 4);

	/* From a thread outside the pool. */
	loop_init(&loops[0], pool);
	run_loop(&loops[0]);
	CHECK(loop_ok(&loops[0]));

	/* From inside a command running on a worker. */
	loop_init(&loops[0], pool);
	struct test_cmd *t = submit(pool, run_loop, &loops[0]);
	wait_done(t);
	free(t);
	CHECK(loop_ok(&loops[0]));

	/* Four commands, each with its own loop, at the same time. */
	struct test_cmd *ts[4];
	for (int i = 0; i < 4; i++) {
		loop_init(&loops[i], pool);
		ts[i] = submit(pool, run_slow_loop, &loops[i]);
	}
	for (int i = 0; i < 4; i++) {
		wait_done(ts[i]);
		free(ts[i]);
		CHECK(loop_ok(&loops[i]));
	}

	CHECK(short_loops_ok(pool, 5000));

	/* Loops inside loop items. */
	static struct nested nest;
	memset(&nest, 0, sizeof(nest));
	nest.pool = pool;
	t = submit(pool, run_nested, &nest);
	wait_done(t);
	free(t);
	int nested_ok = 1;
	for (int i = 0; i < 16; i++)
		for (int j = 0; j < 64; j++)
			if (atomic_load(&nest.inner_hits[i][j]) != 1)
				nested_ok = 0;
	CHECK(nested_ok);

	/* Commands start in submission order on a one-thread pool, and its
	 * loops run in index order on the caller. */
	struct kiln_pool *serial = kiln_pool_new(1, false);
	loop_init(&loops[1], serial);
	t = submit(serial, run_loop, &loops[1]);
	wait_done(t);
	free(t);
	CHECK(loop_ok(&loops[1]));
	CHECK(atomic_load(&loops[1].order_violations) == 0);

	/* After fork() the child's pools start fresh threads. */
	fflush(stdout);
	pid_t pid = fork();
	REQUIRE(pid >= 0);
	if (pid == 0) {
		static struct loop child_loop;
		loop_init(&child_loop, pool);
		struct test_cmd *ct = submit(pool, run_loop, &child_loop);
		wait_done(ct);
		_exit(loop_ok(&child_loop) ? 0 : 1);
	}
	int status;
	REQUIRE(waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);

	kiln_pool_free(serial);
	kiln_pool_free(pool);
	return check_done();
}
