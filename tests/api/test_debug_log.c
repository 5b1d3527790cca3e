/* KILN_DEBUG (docs/environment.md): the program runs itself again with the
 * variable set and its stderr on a pipe, makes bad calls and a build, and
 * the parent checks what reached stderr:
 *   - api: each failing call names itself, the error code and the reason
 *     (the argument and the spec's section);
 *   - build: options and time of each phase;
 *   - pool: the worker threads and the NDRange chunking;
 *   - mem: allocations of 1 MiB and more;
 *   - comma lists and "all" combine categories; unset, nothing is printed. */
#include "check.h"

#include <stdbool.h>

#include <sys/wait.h>
#include <unistd.h>

/* The child: bad calls, one build, one kernel, one large buffer. */
static int child(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	check_setup(&platform, &dev, &ctx, &q);
	cl_int err;
	CHECK(clCreateBuffer(ctx, CL_MEM_READ_WRITE, 0, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_BUFFER_SIZE);
	int host = 0;
	CHECK(clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, &host, &err) == NULL);
	CHECK(err == CL_INVALID_HOST_PTR);

	cl_program p = check_build(ctx, dev,
				   "__kernel void twice(__global int *o) "
				   "{ o[get_global_id(0)] *= 2; }",
				   "-DUNUSED=1");
	cl_kernel k = clCreateKernel(p, "twice", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_ERR(clSetKernelArg(k, 5, sizeof(cl_mem), NULL), CL_INVALID_ARG_INDEX);
	cl_mem big = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 3u << 20, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(big), &big));
	size_t n = 1024, local = 1000;
	CHECK_ERR(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, &local, 0, NULL, NULL),
		  CL_INVALID_WORK_GROUP_SIZE);
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL));
	CHECK_OK(clFinish(q));
	/* (A NULL handle would be refused by the ICD loader itself.) */
	CHECK_ERR(clSetMemObjectDestructorCallback(big, NULL, NULL), CL_INVALID_VALUE);

	clReleaseMemObject(big);
	clReleaseKernel(k);
	clReleaseProgram(p);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}

/* Runs the child with KILN_DEBUG=`value` (NULL: unset); returns its
 * stderr (malloc'ed). */
static char *run_child(const char *value)
{
	int fds[2];
	REQUIRE(pipe(fds) == 0);
	fflush(NULL);
	pid_t pid = fork();
	REQUIRE(pid >= 0);
	if (pid == 0) {
		close(fds[0]);
		dup2(fds[1], STDERR_FILENO);
		/* Every build compiles (no cache hits), so each phase shows. */
		setenv("KILN_CACHE", "0", 1);
		if (value)
			setenv("KILN_DEBUG", value, 1);
		else
			unsetenv("KILN_DEBUG");
		execl("/proc/self/exe", "test_debug_log", "child", (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	size_t cap = 1 << 16, len = 0;
	char *out = malloc(cap);
	REQUIRE(out);
	for (;;) {
		if (len + 1 == cap) {
			out = realloc(out, cap *= 2);
			REQUIRE(out);
		}
		ssize_t r = read(fds[0], out + len, cap - len - 1);
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	out[len] = '\0';
	close(fds[0]);
	int status = 0;
	REQUIRE(waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	return out;
}

static bool has(const char *text, const char *what)
{
	if (strstr(text, what))
		return true;
	fprintf(stderr, "missing \"%s\" in:\n%s\n", what, text);
	return false;
}

static int count_lines(const char *text, const char *prefix)
{
	int n = 0;
	for (const char *p = text; (p = strstr(p, prefix)); p++)
		n += p == text || p[-1] == '\n';
	return n;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "child") == 0)
		return child();

	/* Off: the library prints nothing. */
	char *quiet = run_child(NULL);
	CHECK(strstr(quiet, "kiln[") == NULL);
	free(quiet);

	char *api = run_child("api");
	CHECK(has(api, "kiln[api]: clCreateBufferWithProperties: CL_INVALID_BUFFER_SIZE: size is 0 (§5.2.1)"));
	CHECK(has(api, "CL_INVALID_HOST_PTR: host_ptr is not NULL"));
	CHECK(has(api, "kiln[api]: clSetKernelArg: CL_INVALID_ARG_INDEX: arg_index 5, kernel \"twice\" has 1 arguments (§5.9.2)"));
	CHECK(has(api, "kiln[api]: clEnqueueNDRangeKernel: CL_INVALID_WORK_GROUP_SIZE: global_work_size[0] = 1024 is not a multiple of local_work_size[0] = 1000"));
	CHECK(has(api, "kiln[api]: clSetMemObjectDestructorCallback: CL_INVALID_VALUE: pfn_notify is NULL (§5.5.2)"));
	/* Exactly the five failing calls, and nothing of other categories. */
	CHECK(count_lines(api, "kiln[api]: ") == 5);
	CHECK(count_lines(api, "kiln[") == 5);
	free(api);

	char *build = run_child("build");
	CHECK(has(build, "kiln[build]: front end (OpenCL C): "));
	CHECK(has(build, "kiln[build]: link of 1 module(s)"));
	CHECK(has(build, "options \"-DUNUSED=1\""));
	CHECK(has(build, "kiln[build]: native code"));
	CHECK(has(build, "kiln[build]: build of program "));
	CHECK(strstr(build, "kiln[api]") == NULL);
	free(build);

	char *pool_mem = run_child("pool,mem");
	CHECK(has(pool_mem, "kiln[pool]: kernel \"twice\": 1024 x 1 x 1 work-items"));
	CHECK(has(pool_mem, "kiln[mem]: buffer of 3145728 bytes (3.0 MiB)"));
	CHECK(strstr(pool_mem, "kiln[api]") == NULL);
	CHECK(strstr(pool_mem, "kiln[build]") == NULL);
	free(pool_mem);

	char *all = run_child("all");
	CHECK(has(all, "kiln[api]: "));
	CHECK(has(all, "kiln[build]: "));
	CHECK(has(all, "kiln[pool]: "));
	CHECK(has(all, "kiln[mem]: "));
	free(all);
	return check_done();
}
