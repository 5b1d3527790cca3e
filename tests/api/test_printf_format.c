/* printf's format must be a string literal (OpenCL C 3.0 §6.15.14.2): a
 * format Kiln cannot see as one fails the build with
 * CL_BUILD_PROGRAM_FAILURE and a log naming the kernel, and so does a
 * recursive function on the way to printf (recursion is not allowed,
 * §6.11), which used to make the build inline it for ever.  A whole-test
 * alarm turns any hang into a failure. */
#include "check.h"

#include <unistd.h>

static cl_context context;
static cl_device_id device;

/* Builds src; checks the result and that the log holds `text` (for a
 * failure; NULL for a success). */
static void expect(const char *what, const char *src, const char *text)
{
	cl_int err;
	cl_program p = clCreateProgramWithSource(context, 1, &src, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	err = clBuildProgram(p, 1, &device, NULL, NULL, NULL);
	static char log[1 << 16];
	log[0] = '\0';
	clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
	if (!text) {
		CHECK_OK(err);
	} else {
		CHECK_ERR(err, CL_BUILD_PROGRAM_FAILURE);
		if (!strstr(log, text)) {
			fprintf(stderr, "%s: the log does not say \"%s\":\n%s\n", what, text, log);
			CHECK(0);
		}
		cl_build_status st = CL_BUILD_NONE;
		CHECK_OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, sizeof(st),
					       &st, NULL));
		CHECK(st == CL_BUILD_ERROR);
	}
	clReleaseProgram(p);
}

int main(void)
{
	alarm(300);
	cl_platform_id platform;
	cl_command_queue queue;
	check_setup(&platform, &device, &context, &queue);

	expect("argument", "__kernel void k(__constant char *a) { printf(a); }\n",
	       "the format of printf must be a string literal");
	expect("select", "__kernel void k(__constant char *a, int n) { printf(n ? a : \"x\\n\"); }\n",
	       "the format of printf must be a string literal");
	expect("conditional",
	       "__kernel void k(__constant char *a, int n) { if (n) printf(a, n); }\n",
	       "kernel 'k'");
	expect("recursive",
	       "void f(__constant char *a, int n) { if (n) f(a, n - 1); printf(a); }\n"
	       "__kernel void k(__constant char *a, int n) { f(a, n); }\n",
	       "recursi");
	expect("recursive with a literal",
	       "void g(int n) { if (n > 0) g(n - 1); printf(\"%d\\n\", n); }\n"
	       "__kernel void k(int n) { g(n); }\n",
	       "recursi");
	/* A literal that reaches printf through a parameter is still a
	 * literal once the call is inlined. */
	expect("through a call",
	       "void f(__constant char *a) { printf(a); }\n"
	       "__kernel void k(__global int *o) { f(\"x\\n\"); }\n",
	       NULL);

	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
