/* A fault inside a kernel is contained (docs/robustness.md): a trap
 * (SIGILL), a write through a NULL buffer argument (SIGSEGV), and an
 * overflow of a work-item's fiber stack into its guard page each end their
 * command with CL_OUT_OF_RESOURCES, reported through the context's
 * callback and on stderr with the kernel's name and the work-group; a
 * command waiting on the failed event ends with
 * CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST; and the process, the same
 * queue, another queue and the worker pool go on (a normal kernel after
 * each fault gives exact results).  Every work-item of a large NDRange
 * faulting at once (every worker faults) is contained too, and on the
 * serial driver the work-groups after the faulting one are not run.
 * Finally the application's own SIGSEGV handler still gets the faults of
 * the application's code.
 *
 * Not tested: SIGFPE.  Integer division by zero and INT_MIN / -1 are
 * defined in Kiln (lib/compiler/safe_divide.cpp) and floating-point
 * exceptions are masked, so no OpenCL C kernel raises it; the handler
 * treats it like the others. */
#include "check.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char last_message[2048];
static int num_messages;

static void CL_CALLBACK notify(const char *errinfo, const void *pi, size_t cb, void *ud)
{
	(void)pi;
	(void)cb;
	(void)ud;
	pthread_mutex_lock(&lock);
	snprintf(last_message, sizeof(last_message), "%s", errinfo);
	num_messages++;
	pthread_mutex_unlock(&lock);
}

static const char *src =
	"kernel void trap_at(global int *o, int when)\n"
	"{\n"
	"	int i = (int)get_global_id(0);\n"
	"	if (i == when || when < 0)\n"
	"		__builtin_trap();\n"
	"	o[i] = i * 3;\n"
	"}\n"
	"kernel void null_write(global int *o, global int *p)\n"
	"{\n"
	"	size_t i = get_global_id(0);\n"
	"	p[i] = 1;\n"
	"	o[i] = 2;\n"
	"}\n"
	"kernel void fill(global int *o, int v)\n"
	"{\n"
	"	size_t i = get_global_id(0);\n"
	"	o[i] = (int)i * 7 + v;\n"
	"}\n"
	/* A sub-group function in divergent control flow: the work-items run
	 * as fibers, each on its own 256 KiB stack (lib/core/fibers.c). */
	"kernel void fiber_trap(global const int *in, global int *o, int when)\n"
	"{\n"
	"	size_t i = get_global_id(0);\n"
	"	int x = in[i];\n"
	"	if (x & 1)\n"
	"		x = sub_group_non_uniform_reduce_add(x);\n"
	"	if ((int)i == when)\n"
	"		__builtin_trap();\n"
	"	o[i] = x;\n"
	"}\n"
	/* 1 MiB of private memory: within the build-time limit, beyond a
	 * fiber's stack: the overflow meets the guard page below it. */
	"kernel void fiber_overflow(global const int *in, global int *o)\n"
	"{\n"
	"	size_t i = get_global_id(0);\n"
	"	int x = in[i];\n"
	"	if (x & 1)\n"
	"		x = sub_group_non_uniform_reduce_add(x);\n"
	"	volatile int p[262144];\n"
	"	for (int k = 0; k < 262144; k += 1024)\n"
	"		p[k] = x + k;\n"
	"	o[i] = p[(x & 255) * 1024];\n"
	"}\n";

#define N 4096

struct env {
	cl_context ctx;
	cl_device_id dev;
	cl_command_queue q, q2;
	cl_program prog;
	cl_mem out, in;
	bool serial;
};

/* A normal kernel on queue q gives exact results after a fault. */
static void fill_checked(struct env *e, cl_command_queue q, int v)
{
	cl_int err;
	cl_kernel k = clCreateKernel(e->prog, "fill", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem buf = clCreateBuffer(e->ctx, CL_MEM_READ_WRITE, N * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(buf), &buf));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(v), &v));
	size_t g = N;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
	static int host[N];
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(host), host, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += host[i] != i * 7 + v;
	CHECK(bad == 0);
	clReleaseMemObject(buf);
	clReleaseKernel(k);
}

static cl_int status_of(cl_event ev)
{
	cl_int st = 1;
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st), &st, NULL));
	return st;
}

/* Runs kernel k (arguments set) over `global` work-items in groups of
 * `local`; it must fault.  A fill on the second queue waits on it and must
 * not run.  Then normal kernels on both queues. */
static void expect_fault(struct env *e, cl_kernel k, size_t global, size_t local)
{
	int before = num_messages;
	cl_event ev, dep;
	CHECK_OK(clEnqueueNDRangeKernel(e->q, k, 1, NULL, &global, &local, 0, NULL, &ev));
	cl_int err;
	cl_kernel fill = clCreateKernel(e->prog, "fill", &err);
	REQUIRE(err == CL_SUCCESS);
	int v = 5;
	CHECK_OK(clSetKernelArg(fill, 0, sizeof(e->out), &e->out));
	CHECK_OK(clSetKernelArg(fill, 1, sizeof(v), &v));
	size_t g = N;
	CHECK_OK(clEnqueueNDRangeKernel(e->q2, fill, 1, NULL, &g, NULL, 1, &ev, &dep));
	CHECK_ERR(clWaitForEvents(1, &ev), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	CHECK(status_of(ev) == CL_OUT_OF_RESOURCES);
	CHECK_ERR(clWaitForEvents(1, &dep), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	CHECK(status_of(dep) == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	CHECK_OK(clFinish(e->q));
	CHECK_OK(clFinish(e->q2));
	/* one message for the fault, one for the dependent command */
	CHECK(num_messages >= before + 1);
	clReleaseEvent(ev);
	clReleaseEvent(dep);
	clReleaseKernel(fill);
	fill_checked(e, e->q, 11);
	fill_checked(e, e->q2, -3);
}

/* The callback's message for the faulting command (the one before the
 * dependent command's). */
static char fault_message[2048];
static void CL_CALLBACK notify_first(const char *errinfo, const void *pi, size_t cb, void *ud)
{
	notify(errinfo, pi, cb, ud);
	pthread_mutex_lock(&lock);
	if (strstr(errinfo, "CL_OUT_OF_RESOURCES"))
		snprintf(fault_message, sizeof(fault_message), "%s", errinfo);
	pthread_mutex_unlock(&lock);
}

static bool fault_message_has(const char *const *words)
{
	pthread_mutex_lock(&lock);
	bool ok = fault_message[0] != '\0';
	for (size_t i = 0; ok && words[i]; i++)
		ok = strstr(fault_message, words[i]) != NULL;
	if (!ok)
		fprintf(stderr, "fault message: \"%s\"\n", fault_message);
	fault_message[0] = '\0';
	pthread_mutex_unlock(&lock);
	return ok;
}

/* stderr into a file while fn runs; returns what was written (static). */
static const char *capture_stderr(void (*fn)(struct env *), struct env *e)
{
	static char text[4096];
	char path[] = "/tmp/kiln-fault-XXXXXX";
	int fd = mkstemp(path);
	REQUIRE(fd >= 0);
	unlink(path);
	fflush(stderr);
	int saved = dup(2);
	dup2(fd, 2);
	fn(e);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	lseek(fd, 0, SEEK_SET);
	ssize_t n = read(fd, text, sizeof(text) - 1);
	text[n > 0 ? n : 0] = '\0';
	close(fd);
	return text;
}

static void trap_case(struct env *e)
{
	cl_int err;
	cl_kernel k = clCreateKernel(e->prog, "trap_at", &err);
	REQUIRE(err == CL_SUCCESS);
	/* Pattern first, to see which groups ran. */
	static int host[N];
	for (int i = 0; i < N; i++)
		host[i] = -1;
	CHECK_OK(clEnqueueWriteBuffer(e->q, e->out, CL_TRUE, 0, sizeof(host), host, 0, NULL, NULL));
	int when = 64 * 5 + 3; /* in group 5 */
	CHECK_OK(clSetKernelArg(k, 0, sizeof(e->out), &e->out));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(when), &when));
	expect_fault(e, k, N, 64);
	const char *fw[] = { "kernel \"trap_at\"", "CL_OUT_OF_RESOURCES", "work-group (5, 0, 0)",
			     "SIGILL", NULL };
	CHECK(fault_message_has(fw));
	CHECK_OK(clEnqueueReadBuffer(e->q, e->out, CL_TRUE, 0, sizeof(host), host, 0, NULL, NULL));
	/* Groups before the faulting one in its chunk ran (in order on
	 * every driver); on the serial driver nothing after it did. */
	int wrong = 0, after = 0;
	for (int i = 0; i < 64 * 5; i++)
		wrong += host[i] != i * 3 && host[i] != -1;
	for (int i = 64 * 6; i < N; i++)
		after += host[i] != -1;
	CHECK(wrong == 0);
	if (e->serial)
		CHECK(after == 0);
	clReleaseKernel(k);
}

static void null_case(struct env *e)
{
	cl_int err;
	cl_kernel k = clCreateKernel(e->prog, "null_write", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(e->out), &e->out));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), NULL));
	expect_fault(e, k, 256, 16);
	const char *fw[] = { "kernel \"null_write\"", "CL_OUT_OF_RESOURCES", "work-group (",
			     "SIGSEGV", NULL };
	CHECK(fault_message_has(fw));
	clReleaseKernel(k);
}

/* Every work-item traps: every worker faults at about the same time. */
static void all_trap_case(struct env *e)
{
	cl_int err;
	cl_kernel k = clCreateKernel(e->prog, "trap_at", &err);
	REQUIRE(err == CL_SUCCESS);
	int when = -1;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(e->out), &e->out));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(when), &when));
	for (int round = 0; round < 20; round++)
		expect_fault(e, k, N, 4);
	const char *fw[] = { "kernel \"trap_at\"", "SIGILL", NULL };
	CHECK(fault_message_has(fw));
	clReleaseKernel(k);
}

static void fiber_cases(struct env *e)
{
	cl_int err;
	static int host[N];
	for (int i = 0; i < N; i++)
		host[i] = i;
	CHECK_OK(clEnqueueWriteBuffer(e->q, e->in, CL_TRUE, 0, sizeof(host), host, 0, NULL, NULL));

	cl_kernel k = clCreateKernel(e->prog, "fiber_trap", &err);
	REQUIRE(err == CL_SUCCESS);
	int when = 64 * 2 + 9;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(e->in), &e->in));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(e->out), &e->out));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(when), &when));
	expect_fault(e, k, 1024, 64);
	const char *fw[] = { "kernel \"fiber_trap\"", "work-group (2, 0, 0)", "SIGILL", NULL };
	CHECK(fault_message_has(fw));
	clReleaseKernel(k);

	k = clCreateKernel(e->prog, "fiber_overflow", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(e->in), &e->in));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(e->out), &e->out));
	expect_fault(e, k, 256, 64);
	const char *ow[] = { "kernel \"fiber_overflow\"", "SIGSEGV", NULL };
	CHECK(fault_message_has(ow));
	clReleaseKernel(k);

	/* The fibers still work: the same kernel without a trap. */
	k = clCreateKernel(e->prog, "fiber_trap", &err);
	REQUIRE(err == CL_SUCCESS);
	when = N + 1;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(e->in), &e->in));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(e->out), &e->out));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(when), &when));
	size_t g = 1024, l = 64;
	CHECK_OK(clEnqueueNDRangeKernel(e->q, k, 1, NULL, &g, &l, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(e->q, e->out, CL_TRUE, 0, 1024 * sizeof(int), host, 0, NULL, NULL));
	int even_ok = 0;
	for (int i = 0; i < 1024; i += 2)
		even_ok += host[i] == i; /* even inputs pass through */
	CHECK(even_ok == 512);
	clReleaseKernel(k);
}

/* --- the application's own handler ---------------------------------- */

static sigjmp_buf app_env;
static volatile sig_atomic_t app_faults;

static void app_handler(int sig)
{
	(void)sig;
	app_faults++;
	siglongjmp(app_env, 1);
}

int main(void)
{
	/* The application's handler, installed before Kiln runs anything. */
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = app_handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);

	struct env e;
	memset(&e, 0, sizeof(e));
	cl_platform_id platform;
	check_get_device(&platform, &e.dev);
	char name[256] = "";
	clGetDeviceInfo(e.dev, CL_DEVICE_NAME, sizeof(name), name, NULL);
	e.serial = strstr(name, "(serial)") != NULL;
	cl_int err;
	e.ctx = clCreateContext(NULL, 1, &e.dev, notify_first, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	e.q = clCreateCommandQueueWithProperties(e.ctx, e.dev, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	e.q2 = clCreateCommandQueueWithProperties(e.ctx, e.dev, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	e.prog = check_build(e.ctx, e.dev, src, "-cl-std=CL3.0");
	e.out = clCreateBuffer(e.ctx, CL_MEM_READ_WRITE, N * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	e.in = clCreateBuffer(e.ctx, CL_MEM_READ_WRITE, N * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	fill_checked(&e, e.q, 1);
	const char *err_text = capture_stderr(trap_case, &e);
	CHECK(strstr(err_text, "kernel \"trap_at\", work-group (5, 0, 0)") != NULL);
	CHECK(strstr(err_text, "CL_OUT_OF_RESOURCES") != NULL);
	null_case(&e);
	all_trap_case(&e);
	fiber_cases(&e);
	fill_checked(&e, e.q, 2);

	/* A fault of the application's own code still reaches its handler. */
	if (sigsetjmp(app_env, 1) == 0) {
		/* An address in the never-mapped first page, not NULL: under
		 * the sanitizer job UBSan would stop at a store to NULL
		 * before the fault happens. */
		volatile int *volatile p = (volatile int *)(uintptr_t)16;
		*p = 1;
	}
	CHECK(app_faults == 1);

	clReleaseMemObject(e.in);
	clReleaseMemObject(e.out);
	clReleaseProgram(e.prog);
	clReleaseCommandQueue(e.q);
	clReleaseCommandQueue(e.q2);
	clReleaseContext(e.ctx);
	return check_done();
}
