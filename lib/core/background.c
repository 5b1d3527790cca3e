/* The background thread (background.h). */
#include "background.h"

#include "debug.h"

#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER; /* a job was posted */
static pthread_cond_t idle = PTHREAD_COND_INITIALIZER; /* a job finished */
static struct kiln_background_job *head, *tail;
static bool started;  /* the thread exists (in this process) */
static bool running;  /* it is inside a job's run() */
static bool exiting;  /* the exit handler ran: no more jobs */
static pthread_once_t once = PTHREAD_ONCE_INIT;
/* Set on the background thread: a job may end in an application's
 * callback (a context's destructor callbacks, when its release drops the
 * last hold), which may call exit() there. */
static __thread bool on_background_thread;

static void *thread_main(void *arg)
{
	(void)arg;
	on_background_thread = true;
	pthread_mutex_lock(&lock);
	for (;;) {
		while (!head && !exiting)
			pthread_cond_wait(&wake, &lock);
		if (exiting)
			break;
		struct kiln_background_job *job = head;
		head = job->next;
		if (!head)
			tail = NULL;
		running = true;
		pthread_mutex_unlock(&lock);
		job->run(job);
		pthread_mutex_lock(&lock);
		running = false;
		pthread_cond_broadcast(&idle);
	}
	pthread_mutex_unlock(&lock);
	return NULL;
}

/* exit(): the running job finishes (it may be inside LLVM, whose static
 * objects are destroyed after this handler); queued ones are not run. */
static void at_exit(void)
{
	pthread_mutex_lock(&lock);
	exiting = true;
	pthread_cond_broadcast(&wake);
	while (running && !on_background_thread)
		pthread_cond_wait(&idle, &lock);
	pthread_mutex_unlock(&lock);
}

static void atfork_prepare(void)
{
	pthread_mutex_lock(&lock);
}

static void atfork_parent(void)
{
	pthread_mutex_unlock(&lock);
}

/* Only this thread exists in the child: the queue stays (consistent, its
 * lock was held), the parent's running job is lost (background.h). */
static void atfork_child(void)
{
	pthread_mutex_init(&lock, NULL);
	pthread_cond_init(&wake, NULL);
	pthread_cond_init(&idle, NULL);
	started = false;
	running = false;
}

static void install(void)
{
	pthread_atfork(atfork_prepare, atfork_parent, atfork_child);
}

/* Caller holds the lock.  The atexit handler is registered with the first
 * thread, after LLVM's static constructors ran (background.h). */
static bool start_locked(void)
{
	static bool exit_handler;
	if (started)
		return true;
	if (!exit_handler) {
		if (atexit(at_exit) != 0)
			return false;
		exit_handler = true;
	}
	pthread_t th;
	pthread_attr_t attr;
	if (pthread_attr_init(&attr) != 0)
		return false;
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	/* the compiler recurses deeply on large functions */
	pthread_attr_setstacksize(&attr, 16u << 20);
	started = pthread_create(&th, &attr, thread_main, NULL) == 0;
	pthread_attr_destroy(&attr);
	KILN_LOG(KILN_DEBUG_BUILD, "background thread %s", started ? "started" : "not started");
	return started;
}

bool kiln_background_post(struct kiln_background_job *job)
{
	pthread_once(&once, install);
	pthread_mutex_lock(&lock);
	bool ok = !exiting && start_locked();
	if (ok) {
		job->next = NULL;
		if (tail)
			tail->next = job;
		else
			head = job;
		tail = job;
		pthread_cond_signal(&wake);
	}
	pthread_mutex_unlock(&lock);
	return ok;
}
