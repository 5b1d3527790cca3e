/* kiln-bench-trace: the cost of the timeline trace (KILN_TRACE, docs/trace.md)
 * per command.  Kiln reads KILN_TRACE when it is loaded, so each setting
 * runs in a child process: with tracing off, then on (into a file in a
 * temporary directory).  In each, an in-order queue gets
 *   - markers (they complete on the enqueuing thread: the trace's cost
 *     is most of what changes), and
 *   - kernels of one work-item with an empty body (a command slice and a
 *     work-group chunk slice each, and a flow arrow from the previous
 *     kernel when it had not completed yet),
 * enqueued back to back, then clFinish; the figure is wall time / commands,
 * the best of several repetitions (the machine may be shared).  Such a
 * kernel runs on the enqueuing thread while its predecessor is complete
 * when it is enqueued and the kernel's last run was short
 * (KILN_INLINE_RUN_NS, ndrange.c), on a worker otherwise, and one slow run
 * (a preempted thread) moves the rest of a repetition to the workers: so
 * the figure of this row depends on when that happens.  A third row has
 * no such dependence:
 *   - the same kernels queued behind a user event, which is then set
 *     complete: all of them run on the workers, one after the other, each
 *     with an arrow from the previous one; the figure is the time from
 *     setting the event to the end of clFinish / commands (the enqueuing
 *     is not timed).
 *
 *   kiln-bench-trace [commands per repetition, default 100000] [directory]
 *
 * The trace file goes to a new directory under `directory` (default /tmp):
 * the figure with tracing on includes moving its bytes into the page
 * cache, so it depends on where the file lives (a tmpfs such as /dev/shm,
 * or a disk).
 *
 * Run through the ICD loader like the other benchmarks
 * (OCL_ICD_VENDORS=<build>/icd). */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 300
#include "bench_common.h"

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define REPS 7

static const char *source = "kernel void empty(global int *p) { }\n";

enum { MARKERS, KERNELS, KERNELS_RELEASED, KINDS };

/* Best µs per command of `kind` over REPS runs of n commands; negative on
 * an error. */
static double measure(cl_context ctx, cl_command_queue q, cl_kernel k, int kind, int n)
{
	double best = 1e30;
	size_t one = 1;
	for (int r = 0; r < REPS; r++) {
		cl_event gate = NULL;
		if (kind == KERNELS_RELEASED) {
			cl_int err;
			gate = clCreateUserEvent(ctx, &err);
			if (!gate || clEnqueueMarkerWithWaitList(q, 1, &gate, NULL))
				return -1;
			for (int i = 0; i < n; i++)
				if (clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL))
					return -1;
		}
		double t0 = bench_now_s();
		if (gate) {
			if (clSetUserEventStatus(gate, CL_COMPLETE))
				return -1;
			clReleaseEvent(gate);
		}
		for (int i = 0; i < n && kind != KERNELS_RELEASED; i++) {
			cl_int err = kind == MARKERS
				? clEnqueueMarkerWithWaitList(q, 0, NULL, NULL)
				: clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL);
			if (err)
				return -1;
		}
		if (clFinish(q))
			return -1;
		double us = (bench_now_s() - t0) * 1e6 / n;
		if (us < best)
			best = us;
	}
	return best;
}

/* In a child: the figures, written to `out_fd`. */
static int child(int out_fd, int n)
{
	cl_platform_id plats[BENCH_MAX_PLATFORMS];
	cl_uint np = 0;
	if (clGetPlatformIDs(BENCH_MAX_PLATFORMS, plats, &np) || !np)
		return 1;
	cl_platform_id plat = NULL;
	for (cl_uint i = 0; i < np && !plat; i++) {
		char name[64] = "";
		clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof(name), name, NULL);
		if (strcmp(name, "Kiln") == 0)
			plat = plats[i];
	}
	cl_device_id dev;
	if (!plat || clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL))
		return 1;
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	cl_program p = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
	if (!q || clBuildProgram(p, 1, &dev, "", NULL, NULL))
		return 1;
	cl_kernel k = clCreateKernel(p, "empty", &err);
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &err);
	clSetKernelArg(k, 0, sizeof(buf), &buf);
	/* Warm up: threads started, code loaded, memory touched. */
	double fig[KINDS];
	for (int kind = 0; kind < KINDS; kind++)
		measure(ctx, q, k, kind, n / 10 + 1);
	for (int kind = 0; kind < KINDS; kind++)
		fig[kind] = measure(ctx, q, k, kind, n);
	if (write(out_fd, fig, sizeof(fig)) != sizeof(fig))
		return 1;
	clReleaseMemObject(buf);
	clReleaseKernel(k);
	clReleaseProgram(p);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return 0;
}

/* Runs child() with KILN_TRACE = `trace` (NULL: unset). */
static bool run(const char *trace, int n, double fig[KINDS])
{
	int fds[2];
	if (pipe(fds))
		return false;
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		close(fds[0]);
		if (trace)
			setenv("KILN_TRACE", trace, 1);
		else
			unsetenv("KILN_TRACE");
		_exit(child(fds[1], n));
	}
	close(fds[1]);
	bool ok = read(fds[0], fig, KINDS * sizeof(double)) == KINDS * sizeof(double);
	close(fds[0]);
	int st;
	waitpid(pid, &st, 0);
	return ok && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 100000;
	if (n <= 0)
		n = 100000;
	char dir[512];
	snprintf(dir, sizeof(dir), "%s/kiln-bench-trace-XXXXXX", argc > 2 ? argv[2] : "/tmp");
	if (!mkdtemp(dir)) {
		perror(dir);
		return 1;
	}
	char file[600];
	snprintf(file, sizeof(file), "%s/trace.json", dir);
	double off[KINDS], on[KINDS];
	bool ok = run(NULL, n, off) && run(file, n, on);
	struct stat st;
	long long bytes = stat(file, &st) == 0 ? (long long)st.st_size : -1;
	unlink(file);
	rmdir(dir);
	if (!ok) {
		fprintf(stderr, "kiln-bench-trace: a run failed\n");
		return 1;
	}
	printf("kiln-bench-trace: %d commands per repetition, best of %d, us per command\n",
	       n, REPS);
	printf("%-32s %10s %10s %10s\n", "command", "trace off", "trace on", "cost");
	static const char *kinds[KINDS] = { "marker", "kernel (1 work-item)",
					    "kernel, released on workers" };
	for (int i = 0; i < KINDS; i++)
		printf("%-32s %10.3f %10.3f %10.3f\n", kinds[i], off[i], on[i], on[i] - off[i]);
	/* The file as the child left it, with its spare room (_exit). */
	printf("trace file: %lld bytes in %s (%.0f bytes per command)\n", bytes, dir,
	       bytes / ((double)KINDS * REPS * n + KINDS * (n / 10 + 1)));
	return 0;
}
