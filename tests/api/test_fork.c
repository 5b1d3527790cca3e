/* OpenCL after fork() (docs/architecture.md, "Threads and locks"; Python's
 * multiprocessing forks processes that then use OpenCL).  The parent uses
 * the worker pool, forks; the child runs native kernels on the inherited
 * queue and on a new one and reports through its exit code; the parent
 * goes on working.  Last, forks taken while another thread completes a
 * user event with many dependents: the child must find every dependent
 * released (the fork waits for the completion to tell them all). */
#include "check.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define N 4096

struct sum_args {
	const int *data;
	int n;
	long long *result;
};

static void CL_CALLBACK sum(void *p)
{
	struct sum_args *a = p;
	long long s = 0;
	for (int i = 0; i < a->n; i++)
		s += a->data[i];
	*a->result = s;
}

static int data[N];

/* Sums `data` on the device through `q`; -1 on an API error. */
static long long device_sum(cl_command_queue q)
{
	long long result = -12345;
	struct sum_args a = { data, N, &result };
	cl_event ev;
	if (clEnqueueNativeKernel(q, sum, &a, sizeof(a), 0, NULL, NULL, 0, NULL, &ev))
		return -1;
	if (clWaitForEvents(1, &ev) != CL_SUCCESS)
		return -1;
	clReleaseEvent(ev);
	return result;
}

/* A command still running at the fork: it sleeps, then marks `done`. */
struct slow_args {
	int *done;
	int ms;
};

static void CL_CALLBACK slow(void *p)
{
	struct slow_args *a = p;
	usleep((useconds_t)a->ms * 1000);
	*a->done = 1;
}

static cl_int status_of(cl_event ev)
{
	cl_int st = 1;
	if (clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st), &st,
			   NULL) != CL_SUCCESS)
		return 12345;
	return st;
}

static const char add_src[] =
	"kernel void add(global int *a, int v) { a[get_global_id(0)] += v; }\n";

/* The child of a fork taken while `slow_ev` (in-order queue `q`) and
 * `ooo_ev` (out-of-order queue `ooo`: some running, some still waiting for
 * a worker) were in flight, and `read_ev`, a read queued behind `slow_ev`.
 * Those in flight fail with CL_OUT_OF_RESOURCES instead of being waited
 * for; everything after them works.  0 when all matched. */
static int child_in_flight(cl_context ctx, cl_command_queue q,
			   cl_command_queue ooo, cl_event slow_ev,
			   const cl_event *ooo_ev, int n_ooo, cl_event read_ev,
			   const int *read_back, cl_kernel add, cl_mem buf,
			   int n)
{
	alarm(30); /* a hang ends the child with SIGALRM */
	if (clFinish(q) != CL_SUCCESS)
		return 10;
	if (status_of(slow_ev) != CL_OUT_OF_RESOURCES)
		return 11;
	/* §5.11: a wait list with a failed event. */
	if (clWaitForEvents(1, &slow_ev) != CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
		return 12;
	/* The read waited for slow_ev by queue order only: it ran here. */
	if (status_of(read_ev) != CL_COMPLETE)
		return 13;
	for (int i = 0; i < n; i++)
		if (read_back[i] != i)
			return 14;
	if (clFinish(ooo) != CL_SUCCESS)
		return 15;
	for (int i = 0; i < n_ooo; i++)
		if (status_of(ooo_ev[i]) != CL_OUT_OF_RESOURCES)
			return 16;
	/* A new kernel and a blocking read on the inherited queues. */
	cl_int v = 5;
	if (clSetKernelArg(add, 0, sizeof(buf), &buf) ||
	    clSetKernelArg(add, 1, sizeof(v), &v))
		return 17;
	size_t global = (size_t)n;
	if (clEnqueueNDRangeKernel(ooo, add, 1, NULL, &global, NULL, 0, NULL, NULL) ||
	    clFinish(ooo))
		return 18;
	int *got = malloc(sizeof(int) * (size_t)n);
	if (!got || clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(int) * (size_t)n,
					got, 0, NULL, NULL))
		return 19;
	for (int i = 0; i < n; i++)
		if (got[i] != i + 5)
			return 20;
	free(got);
	/* A queue created in the child. */
	cl_int err;
	cl_device_id dev;
	clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof(dev), &dev, NULL);
	cl_command_queue q2 = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	if (!q2 || clEnqueueNDRangeKernel(q2, add, 1, NULL, &global, NULL, 0, NULL, NULL) ||
	    clFinish(q2) || clReleaseCommandQueue(q2))
		return 21;
	return 0;
}

/* The child: 0 when everything matched, a distinct code per failure. */
static int child(cl_context ctx, cl_device_id dev, cl_command_queue q,
		 long long expect)
{
	if (device_sum(q) != expect)
		return 2;
	cl_int err;
	cl_command_queue q2 = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	if (!q2)
		return 3;
	for (int i = 0; i < 100; i++)
		if (device_sum(q2) != expect)
			return 4;
	if (clFinish(q2) != CL_SUCCESS || clReleaseCommandQueue(q2) != CL_SUCCESS)
		return 5;
	return 0;
}

/* Forks during completions (lib/core/fork_gate.h).  Each round a user event
 * gets NDEP markers and NNAT native kernels waiting for it; a second thread
 * completes it while the main thread forks after a delay that changes from
 * round to round, so that forks land before, during and after the walk
 * over its dependents.  In the child every dependent must end (complete, or
 * failed with CL_OUT_OF_RESOURCES if a worker had it at the fork): one that
 * was never told of the user event would wait for ever (SIGALRM). */
enum { NDEP = 256, NNAT = 8, ROUNDS = 60 };

struct setter {
	pthread_t thread;
	atomic_int go; /* 1: set the event now; -1: quit */
	cl_event ev;
};

static void *setter_main(void *p)
{
	struct setter *s = p;
	for (;;) {
		int go;
		while (!(go = atomic_load(&s->go)))
			;
		if (go < 0)
			return NULL;
		clSetUserEventStatus(s->ev, CL_COMPLETE);
		atomic_store(&s->go, 0);
	}
}

static void CL_CALLBACK nothing(void *p)
{
	(void)p;
}

static int child_after_completion(cl_event user, const cl_event *dep, int n)
{
	alarm(20);
	/* Forked before the other thread set it: set here (that thread
	 * does not exist in the child). */
	cl_int st = status_of(user);
	if (st != CL_COMPLETE)
		clSetUserEventStatus(user, CL_COMPLETE);
	for (int i = 0; i < n; i++) {
		clWaitForEvents(1, &dep[i]);
		st = status_of(dep[i]);
		if (st != CL_COMPLETE && st != CL_OUT_OF_RESOURCES)
			return 30;
	}
	return 0;
}

static void spin_us(int us)
{
	struct timespec t0, t;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do
		clock_gettime(CLOCK_MONOTONIC, &t);
	while ((t.tv_sec - t0.tv_sec) * 1000000 + (t.tv_nsec - t0.tv_nsec) / 1000 < us);
}

static void fork_during_completion(cl_context ctx, cl_command_queue ooo)
{
	struct setter s = { 0 };
	REQUIRE(pthread_create(&s.thread, NULL, setter_main, &s) == 0);
	int failed = 0;
	cl_event dep[NDEP + NNAT];
	for (int round = 0; round < ROUNDS && !failed; round++) {
		cl_int err;
		cl_event user = clCreateUserEvent(ctx, &err);
		REQUIRE(user);
		for (int i = 0; i < NDEP; i++)
			CHECK_OK(clEnqueueMarkerWithWaitList(ooo, 1, &user, &dep[i]));
		for (int i = 0; i < NNAT; i++)
			CHECK_OK(clEnqueueNativeKernel(ooo, nothing, NULL, 0, 0, NULL, NULL, 1,
						       &user, &dep[NDEP + i]));
		s.ev = user;
		fflush(stdout);
		atomic_store(&s.go, 1);
		spin_us(round * 7 % 400);
		pid_t pid = fork();
		REQUIRE(pid >= 0);
		if (pid == 0)
			_exit(child_after_completion(user, dep, NDEP + NNAT));
		int status = 0;
		REQUIRE(waitpid(pid, &status, 0) == pid);
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			fprintf(stderr, "fork during completion, round %d: child status 0x%x%s\n",
				round, status,
				WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM
					? " (a dependent was never released)" : "");
			failed = 1;
		}
		while (atomic_load(&s.go))
			;
		CHECK_OK(clWaitForEvents(NDEP + NNAT, dep));
		for (int i = 0; i < NDEP + NNAT; i++)
			clReleaseEvent(dep[i]);
		clReleaseEvent(user);
	}
	CHECK(!failed);
	atomic_store(&s.go, -1);
	pthread_join(s.thread, NULL);
	printf("fork during completion: %d rounds\n", ROUNDS);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_int err;
	cl_context ctx;
	cl_command_queue q;
	check_setup(&platform, &dev, &ctx, &q);

	long long expect = 0;
	for (int i = 0; i < N; i++) {
		data[i] = (i * 37) % 1001 - 500;
		expect += data[i];
	}
	/* The parent's pool is running before the fork. */
	CHECK(device_sum(q) == expect);

	for (int round = 0; round < 3; round++) {
		fflush(stdout);
		pid_t pid = fork();
		REQUIRE(pid >= 0);
		if (pid == 0)
			_exit(child(ctx, dev, q, expect));
		int status = 0;
		REQUIRE(waitpid(pid, &status, 0) == pid);
		CHECK(WIFEXITED(status));
		CHECK(WEXITSTATUS(status) == 0);
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			fprintf(stderr, "child status 0x%x\n", status);
		/* The parent still works. */
		CHECK(device_sum(q) == expect);
	}

	/* A child of a parent that forked while idle but had never started a
	 * second queue: the same through a fresh out-of-order queue. */
	cl_queue_properties props[] = { CL_QUEUE_PROPERTIES,
					CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0 };
	cl_command_queue ooo = clCreateCommandQueueWithProperties(ctx, dev, props, &err);
	REQUIRE(ooo);
	pid_t pid = fork();
	REQUIRE(pid >= 0);
	if (pid == 0)
		_exit(device_sum(ooo) == expect ? 0 : 6);
	int status = 0;
	REQUIRE(waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CHECK(device_sum(ooo) == expect);

	/* A fork while commands are in flight (docs/architecture.md): the
	 * parent's workers do not exist in the child, so what they ran or
	 * had queued fails there; the parent's own results are intact. */
	enum { NB = 1000, NOOO = 4 };
	cl_program prog = clCreateProgramWithSource(ctx, 1, (const char *[]){ add_src },
						    NULL, &err);
	REQUIRE(prog && clBuildProgram(prog, 1, &dev, NULL, NULL, NULL) == CL_SUCCESS);
	cl_kernel add = clCreateKernel(prog, "add", &err);
	REQUIRE(add);
	int init[NB], read_back[NB];
	for (int i = 0; i < NB; i++)
		init[i] = i, read_back[i] = -1;
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
				    sizeof(init), init, &err);
	REQUIRE(buf);
	int done[1 + NOOO] = { 0 };
	cl_event slow_ev, ooo_ev[NOOO], read_ev;
	struct slow_args sa = { &done[0], 1000 };
	CHECK_OK(clEnqueueNativeKernel(q, slow, &sa, sizeof(sa), 0, NULL, NULL, 0, NULL,
				       &slow_ev));
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_FALSE, 0, sizeof(read_back), read_back,
				     0, NULL, &read_ev));
	for (int i = 0; i < NOOO; i++) {
		struct slow_args oa = { &done[1 + i], 1000 };
		CHECK_OK(clEnqueueNativeKernel(ooo, slow, &oa, sizeof(oa), 0, NULL, NULL,
					       0, NULL, &ooo_ev[i]));
	}
	/* Forked once the slow command runs. */
	for (int i = 0; i < 1000 && status_of(slow_ev) != CL_RUNNING; i++)
		usleep(1000);
	CHECK(status_of(slow_ev) == CL_RUNNING);
	fflush(stdout);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid = fork();
	REQUIRE(pid >= 0);
	if (pid == 0)
		_exit(child_in_flight(ctx, q, ooo, slow_ev, ooo_ev, NOOO, read_ev,
				      read_back, add, buf, NB));
	REQUIRE(waitpid(pid, &status, 0) == pid);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		fprintf(stderr, "child of the in-flight fork: status 0x%x\n", status);
	/* The child did not wait for the 1 s commands (it may take a
	 * while to start its own workers and run on a loaded machine). */
	double child_s = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
	printf("child of the in-flight fork ended after %.3f s\n", child_s);
	/* The parent: everything ran, in order, with the right results. */
	CHECK_OK(clFinish(q));
	CHECK_OK(clFinish(ooo));
	CHECK(status_of(slow_ev) == CL_COMPLETE && done[0] == 1);
	for (int i = 0; i < NOOO; i++)
		CHECK(status_of(ooo_ev[i]) == CL_COMPLETE && done[1 + i] == 1);
	CHECK(status_of(read_ev) == CL_COMPLETE);
	for (int i = 0; i < NB; i++)
		CHECK(read_back[i] == i);
	clReleaseEvent(slow_ev);
	clReleaseEvent(read_ev);
	for (int i = 0; i < NOOO; i++)
		clReleaseEvent(ooo_ev[i]);
	clReleaseMemObject(buf);
	clReleaseKernel(add);
	clReleaseProgram(prog);

	fork_during_completion(ctx, ooo);

	CHECK_OK(clReleaseCommandQueue(ooo));
	CHECK_OK(clReleaseCommandQueue(q));
	CHECK_OK(clReleaseContext(ctx));
	return check_done();
}
