/* Separate compilation and linking (OpenCL 3.0 §5.8.3, §5.8.4): a program
 * compiled with an embedded header, two programs linked into one
 * executable, a library made with -create-library and linked later, and
 * the argument and failure rules of both calls. */
#include "check.h"

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

/* The header is only an embedded program: no file of that name exists. */
static const char *header_src = "#define OFFSET 100\n"
				"int helper(int x);\n";
static const char *main_src =
	"#include \"kiln/helper.h\"\n"
	"__kernel void run(__global int *o)\n"
	"{\n"
	"	size_t i = get_global_id(0);\n"
	"	o[i] = helper((int)i) + OFFSET;\n"
	"}\n";
static const char *helper_src = "int helper(int x) { return x * x - 7; }\n";

static cl_program source(const char *s)
{
	cl_int err;
	cl_program p = clCreateProgramWithSource(context, 1, &s, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	return p;
}

static void run_and_check(cl_program exe)
{
	enum { N = 100 };
	cl_int err;
	cl_kernel k = clCreateKernel(exe, "run", &err);
	CHECK_OK(err);
	if (!k)
		return;
	cl_mem b = clCreateBuffer(context, CL_MEM_READ_WRITE, N * sizeof(int), NULL, &err);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(b), &b));
	size_t global = N;
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
	int out[N];
	CHECK_OK(clEnqueueReadBuffer(queue, b, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += out[i] != i * i - 7 + 100;
	CHECK(bad == 0);
	clReleaseMemObject(b);
	clReleaseKernel(k);
}

static cl_program_binary_type binary_type(cl_program p)
{
	cl_program_binary_type t = 0;
	CHECK_OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BINARY_TYPE, sizeof(t), &t, NULL));
	return t;
}

static void test_compile_errors(cl_program main_p, cl_program header)
{
	const char *name = "kiln/helper.h";
	CHECK_ERR(clCompileProgram(main_p, 0, NULL, NULL, 1, NULL, &name, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clCompileProgram(main_p, 0, NULL, NULL, 1, &header, NULL, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clCompileProgram(main_p, 0, NULL, NULL, 0, &header, &name, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clCompileProgram(main_p, 0, NULL, "-cl-bogus", 0, NULL, NULL, NULL, NULL),
		  CL_INVALID_COMPILER_OPTIONS);
	CHECK_ERR(clCompileProgram(NULL, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL),
		  CL_INVALID_PROGRAM);
	/* Without the header the include fails: a compile failure. */
	CHECK_ERR(clCompileProgram(main_p, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL),
		  CL_COMPILE_PROGRAM_FAILURE);
	cl_build_status st;
	CHECK_OK(clGetProgramBuildInfo(main_p, device, CL_PROGRAM_BUILD_STATUS, sizeof(st), &st, NULL));
	CHECK(st == CL_BUILD_ERROR);
}

static void test_compile_and_link(void)
{
	cl_int err;
	cl_program header = source(header_src);
	cl_program main_p = source(main_src);
	cl_program helper = source(helper_src);
	test_compile_errors(main_p, header);

	const char *name = "kiln/helper.h";
	CHECK_OK(clCompileProgram(main_p, 1, &device, NULL, 1, &header, &name, NULL, NULL));
	CHECK_OK(clCompileProgram(helper, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL));
	CHECK(binary_type(main_p) == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
	CHECK(binary_type(helper) == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
	/* A compiled object is not an executable. */
	CHECK(clCreateKernel(main_p, "run", &err) == NULL);
	CHECK(err == CL_INVALID_PROGRAM_EXECUTABLE);

	cl_program inputs[2] = { main_p, helper };
	cl_program exe = clLinkProgram(context, 0, NULL, NULL, 2, inputs, NULL, NULL, &err);
	CHECK_OK(err);
	CHECK(exe != NULL);
	if (exe) {
		CHECK(binary_type(exe) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
		size_t nk = 0;
		CHECK_OK(clGetProgramInfo(exe, CL_PROGRAM_NUM_KERNELS, sizeof(nk), &nk, NULL));
		CHECK(nk == 1);
		run_and_check(exe);
		/* A linked program has no source to rebuild. */
		CHECK_ERR(clBuildProgram(exe, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION);
		clReleaseProgram(exe);
	}

	/* The helper as a library, linked with the main object later. */
	cl_program lib = clLinkProgram(context, 1, &device, "-create-library", 1, &helper,
				       NULL, NULL, &err);
	CHECK_OK(err);
	if (lib) {
		CHECK(binary_type(lib) == CL_PROGRAM_BINARY_TYPE_LIBRARY);
		CHECK(clCreateKernel(lib, "run", &err) == NULL);
		CHECK(err == CL_INVALID_PROGRAM_EXECUTABLE);
		cl_program with_lib[2] = { main_p, lib };
		exe = clLinkProgram(context, 0, NULL, "-cl-fast-relaxed-math", 2, with_lib,
				    NULL, NULL, &err);
		CHECK_OK(err);
		if (exe) {
			run_and_check(exe);
			clReleaseProgram(exe);
		}
		cl_program lib2 = clLinkProgram(context, 0, NULL,
						"-create-library -enable-link-options -cl-finite-math-only",
						1, &lib, NULL, NULL, &err);
		CHECK_OK(err);
		if (lib2)
			clReleaseProgram(lib2);
		clReleaseProgram(lib);
	}

	/* Link errors: options, arguments, and a missing function. */
	CHECK(clLinkProgram(context, 0, NULL, "-enable-link-options", 2, inputs,
			    NULL, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_LINKER_OPTIONS);
	CHECK(clLinkProgram(context, 0, NULL, "-cl-mad-enable", 2, inputs, NULL, NULL,
			    &err) == NULL);
	CHECK(err == CL_INVALID_LINKER_OPTIONS);
	CHECK(clLinkProgram(context, 0, NULL, NULL, 0, inputs, NULL, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	CHECK(clLinkProgram(context, 0, NULL, NULL, 2, NULL, NULL, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	cl_program junk[1] = { (cl_program)context };
	CHECK(clLinkProgram(context, 0, NULL, NULL, 1, junk, NULL, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_PROGRAM);
	CHECK(clLinkProgram(NULL, 0, NULL, NULL, 2, inputs, NULL, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_CONTEXT);
	/* An input that was never compiled. */
	cl_program raw = source(helper_src);
	CHECK(clLinkProgram(context, 0, NULL, NULL, 1, &raw, NULL, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_OPERATION);
	clReleaseProgram(raw);

	cl_program missing = clLinkProgram(context, 0, NULL, NULL, 1, &main_p, NULL, NULL, &err);
	CHECK(err == CL_LINK_PROGRAM_FAILURE);
	if (missing) {
		cl_build_status st;
		CHECK_OK(clGetProgramBuildInfo(missing, device, CL_PROGRAM_BUILD_STATUS,
					       sizeof(st), &st, NULL));
		CHECK(st == CL_BUILD_ERROR);
		char log[4096] = "";
		CHECK_OK(clGetProgramBuildInfo(missing, device, CL_PROGRAM_BUILD_LOG,
					       sizeof(log), log, NULL));
		CHECK(strstr(log, "helper") != NULL);
		clReleaseProgram(missing);
	}

	clReleaseProgram(header);
	clReleaseProgram(main_p);
	clReleaseProgram(helper);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);

	test_compile_and_link();

	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
