/* The context's callback (OpenCL 3.0 §4.4, clCreateContext pfn_notify) hears
 * of every error the runtime detects in that context, with a message that
 * says what went wrong and where:
 *   - a build that fails: the call, the program, the device and the first
 *     diagnostic of the build log;
 *   - a command that ends in an error status: the command type, the kernel
 *     and why;
 *   - an allocation the system refuses (in a child process whose address
 *     space is limited with RLIMIT_AS).
 * A context without a callback keeps working (nothing to call), and a
 * successful build or command calls nothing. */
#include "check.h"

#include <stdbool.h>

#include <pthread.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char messages[16][1024];
static int num_messages;
static void *seen_user_data;

static void CL_CALLBACK notify(const char *errinfo, const void *private_info,
			       size_t cb, void *user_data)
{
	(void)private_info;
	(void)cb;
	pthread_mutex_lock(&lock);
	if (num_messages < 16)
		snprintf(messages[num_messages++], sizeof(messages[0]), "%s", errinfo);
	seen_user_data = user_data;
	pthread_mutex_unlock(&lock);
}

static int take_count(void)
{
	pthread_mutex_lock(&lock);
	int n = num_messages;
	pthread_mutex_unlock(&lock);
	return n;
}

/* The newest message holds every one of the NULL-terminated words. */
static bool last_has(const char *const *words)
{
	pthread_mutex_lock(&lock);
	bool ok = num_messages > 0;
	const char *m = ok ? messages[num_messages - 1] : "";
	for (size_t i = 0; ok && words[i]; i++)
		ok = strstr(m, words[i]) != NULL;
	if (!ok)
		fprintf(stderr, "last message: \"%s\"\n", m);
	pthread_mutex_unlock(&lock);
	return ok;
}

static int marker = 42;

static void failed_build(cl_context ctx, cl_device_id dev)
{
	const char *src = "__kernel void k(__global int *o)\n"
			  "{\n"
			  "    o[0] = undeclared_thing;\n"
			  "}\n";
	cl_int err;
	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	int before = take_count();
	CHECK_ERR(clBuildProgram(p, 1, &dev, NULL, NULL, NULL),
		  CL_BUILD_PROGRAM_FAILURE);
	CHECK(take_count() == before + 1);
	char prog[32];
	snprintf(prog, sizeof(prog), "%p", (void *)p);
	const char *words[] = { "clBuildProgram", prog, "CL_BUILD_PROGRAM_FAILURE",
				"undeclared_thing", "error", NULL };
	CHECK(last_has(words));
	CHECK(seen_user_data == &marker);

	/* clCompileProgram names itself. */
	CHECK_ERR(clCompileProgram(p, 1, &dev, NULL, 0, NULL, NULL, NULL, NULL),
		  CL_COMPILE_PROGRAM_FAILURE);
	const char *cwords[] = { "clCompileProgram", "CL_COMPILE_PROGRAM_FAILURE",
				 "undeclared_thing", NULL };
	CHECK(last_has(cwords));
	clReleaseProgram(p);

	/* A good build says nothing. */
	before = take_count();
	const char *good = "__kernel void fine(__global int *o) { o[0] = 1; }";
	p = clCreateProgramWithSource(ctx, 1, &good, NULL, &err);
	CHECK_OK(clBuildProgram(p, 1, &dev, NULL, NULL, NULL));
	CHECK(take_count() == before);
	clReleaseProgram(p);
}

/* An NDRange waits for a user event that fails: it is not run, and its
 * event ends with CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST (§5.11). */
static void failed_command(cl_context ctx, cl_device_id dev, cl_command_queue q)
{
	const char *src = "__kernel void scale_it(__global int *o) "
			  "{ o[get_global_id(0)] *= 2; }";
	cl_program p = check_build(ctx, dev, src, NULL);
	cl_int err;
	cl_kernel k = clCreateKernel(p, "scale_it", &err);
	REQUIRE(err == CL_SUCCESS);
	int host[4] = { 1, 2, 3, 4 };
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(host), host, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(buf), &buf));

	int before = take_count();
	size_t n = 4;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	CHECK(take_count() == before); /* success: no message */

	cl_event gate = clCreateUserEvent(ctx, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_event run;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 1, &gate, &run));
	CHECK_OK(clSetUserEventStatus(gate, -5));
	CHECK_ERR(clWaitForEvents(1, &run), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	CHECK(take_count() == before + 1);
	char queue[32];
	snprintf(queue, sizeof(queue), "%p", (void *)q);
	const char *words[] = { "CL_COMMAND_NDRANGE_KERNEL", "\"scale_it\"", queue,
				"CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST",
				"wait list", NULL };
	CHECK(last_has(words));

	/* The kernel did not run: the data is as the first run left it. */
	int out[4];
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	for (int i = 0; i < 4; i++)
		CHECK(out[i] == 2 * (i + 1));

	clReleaseEvent(run);
	clReleaseEvent(gate);
	clReleaseMemObject(buf);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

/* Bytes of address space in use (the first field of /proc/self/statm). */
static size_t address_space_in_use(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long pages = 0;
	if (f) {
		if (fscanf(f, "%lu", &pages) != 1)
			pages = 0;
		fclose(f);
	}
	return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

/* In a child: the address space is capped just above what is in use, so
 * that a buffer the device allows (≤ CL_DEVICE_MAX_MEM_ALLOC_SIZE) cannot
 * get its memory. */
static int failed_allocation_child(cl_device_id dev)
{
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &dev, notify, &marker, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_ulong max_alloc = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(max_alloc),
				 &max_alloc, NULL));
	size_t size = (size_t)1 << 29; /* 512 MiB */
	if (size > max_alloc)
		size = (size_t)max_alloc;
	struct rlimit lim = { address_space_in_use() + (64u << 20),
			      address_space_in_use() + (64u << 20) };
	REQUIRE(setrlimit(RLIMIT_AS, &lim) == 0);
	int before = take_count();
	cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, size, NULL, &err);
	CHECK(m == NULL);
	CHECK(err == CL_MEM_OBJECT_ALLOCATION_FAILURE);
	CHECK(take_count() == before + 1);
	char bytes[32];
	snprintf(bytes, sizeof(bytes), "%zu bytes", size);
	const char *words[] = { "allocate", bytes, "buffer",
				"CL_MEM_OBJECT_ALLOCATION_FAILURE", NULL };
	CHECK(last_has(words));
	clReleaseContext(ctx);
	return check_done();
}

static void failed_allocation(cl_device_id dev)
{
	fflush(NULL);
	pid_t pid = fork();
	REQUIRE(pid >= 0);
	if (pid == 0)
		_exit(failed_allocation_child(dev));
	int status = 0;
	REQUIRE(waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	check_get_device(&platform, &dev);
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &dev, notify, &marker, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	failed_build(ctx, dev);
	failed_command(ctx, dev, q);
	failed_allocation(dev);

	/* Without a callback the same errors are still only error codes. */
	cl_context quiet = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	int before = take_count();
	const char *bad = "__kernel void k(void) { nope; }";
	cl_program p = clCreateProgramWithSource(quiet, 1, &bad, NULL, &err);
	CHECK_ERR(clBuildProgram(p, 1, &dev, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
	CHECK(take_count() == before);
	clReleaseProgram(p);
	clReleaseContext(quiet);

	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
