/* OpenCL after fork() (docs/architecture.md, "Threads and locks"; Python's
 * multiprocessing forks processes that then use OpenCL).  The parent uses
 * the worker pool, forks; the child runs native kernels on the inherited
 * queue and on a new one and reports through its exit code; the parent
 * goes on working. */
#include "check.h"

#include <sys/wait.h>
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

	CHECK_OK(clReleaseCommandQueue(ooo));
	CHECK_OK(clReleaseCommandQueue(q));
	CHECK_OK(clReleaseContext(ctx));
	return check_done();
}
