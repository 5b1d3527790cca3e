/* Every build option of OpenCL 3.0 §5.8.6 is accepted by clBuildProgram and
 * clCompileProgram, and the program it builds computes the right result
 * (out = a * 3 + 1, and a -D value); the linker options of §5.8.7 are
 * accepted by clLinkProgram (program linking options, and
 * -create-library / -enable-link-options), compile-only options are
 * refused there with CL_INVALID_LINKER_OPTIONS, link-only options are
 * refused by clBuildProgram with CL_INVALID_BUILD_OPTIONS and by
 * clCompileProgram with CL_INVALID_COMPILER_OPTIONS, and so is an unknown
 * option. */
#include "check.h"

static const char *src =
	"#ifndef OFFSET\n#define OFFSET 1\n#endif\n"
	"kernel void k(global const int *a, global int *o) {\n"
	"  size_t i = get_global_id(0); o[i] = a[i] * 3 + OFFSET; }\n";

/* §5.8.6.1 - §5.8.6.7 (the 1.x -cl-strict-aliasing too) */
static const char *const compile_options[] = {
	"-D OFFSET=1", "-DOFFSET=1", "-D OFFSET", "-I /tmp", "-I/tmp",
	"-cl-single-precision-constant", "-cl-denorms-are-zero",
	"-cl-fp32-correctly-rounded-divide-sqrt",
	"-cl-opt-disable", "-cl-strict-aliasing", "-cl-mad-enable", "-cl-no-signed-zeros",
	"-cl-unsafe-math-optimizations", "-cl-finite-math-only", "-cl-fast-relaxed-math",
	"-cl-uniform-work-group-size", "-cl-no-subgroup-ifp",
	"-w", "-Werror",
	"-cl-std=CL1.1", "-cl-std=CL1.2", "-cl-std=CL3.0", /* CL2.0: test_cl_std */
	"-cl-kernel-arg-info", "-g",
	"-cl-std=CL3.0 -cl-denorms-are-zero -cl-fast-relaxed-math -cl-mad-enable -g -w",
};

/* §5.8.7.2 */
static const char *const link_options[] = {
	"-cl-denorms-are-zero", "-cl-no-signed-zeros", "-cl-unsafe-math-optimizations",
	"-cl-finite-math-only", "-cl-fast-relaxed-math", "-cl-no-subgroup-ifp",
	"-cl-denorms-are-zero -cl-fast-relaxed-math",
};

static void run_check(cl_context ctx, cl_command_queue q, cl_program prog, int offset,
		      const char *what)
{
	enum { M = 32 };
	cl_int err;
	int a[M], o[M];
	for (int i = 0; i < M; i++)
		a[i] = i - 9;
	cl_kernel k = clCreateKernel(prog, "k", &err);
	CHECK_OK(err);
	if (!k)
		return;
	cl_mem ma = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(a), a, &err);
	cl_mem mo = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(o), NULL, &err);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(ma), &ma));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(mo), &mo));
	size_t g = M, l = 8;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, mo, CL_TRUE, 0, sizeof(o), o, 0, NULL, NULL));
	int wrong = 0;
	for (int i = 0; i < M; i++)
		wrong += o[i] != a[i] * 3 + offset;
	if (wrong)
		fprintf(stderr, "options \"%s\": %d wrong results\n", what, wrong);
	CHECK(wrong == 0);
	clReleaseMemObject(ma);
	clReleaseMemObject(mo);
	clReleaseKernel(k);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_int err;
	check_setup(&platform, &dev, &ctx, &q);

	for (size_t i = 0; i < sizeof(compile_options) / sizeof(compile_options[0]); i++) {
		const char *opt = compile_options[i];
		/* clBuildProgram */
		cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		err = clBuildProgram(p, 1, &dev, opt, NULL, NULL);
		if (err != CL_SUCCESS)
			fprintf(stderr, "clBuildProgram refused \"%s\": %d\n", opt, err);
		CHECK_OK(err);
		char got[512] = "";
		CHECK_OK(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_OPTIONS, sizeof(got), got,
					       NULL));
		CHECK(strcmp(got, opt) == 0);
		if (err == CL_SUCCESS)
			run_check(ctx, q, p, 1, opt);
		clReleaseProgram(p);
		/* clCompileProgram, then a plain link */
		p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		err = clCompileProgram(p, 1, &dev, opt, 0, NULL, NULL, NULL, NULL);
		if (err != CL_SUCCESS)
			fprintf(stderr, "clCompileProgram refused \"%s\": %d\n", opt, err);
		CHECK_OK(err);
		cl_program linked = clLinkProgram(ctx, 1, &dev, NULL, 1, &p, NULL, NULL, &err);
		CHECK_OK(err);
		if (linked) {
			run_check(ctx, q, linked, 1, opt);
			clReleaseProgram(linked);
		}
		clReleaseProgram(p);
	}

	/* A -D value reaches the program. */
	cl_program p = check_build(ctx, dev, src, "-D OFFSET=5 -cl-denorms-are-zero");
	run_check(ctx, q, p, 5, "-D OFFSET=5");
	clReleaseProgram(p);

	/* Linker options. */
	cl_program obj = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clCompileProgram(obj, 1, &dev, NULL, 0, NULL, NULL, NULL, NULL));
	for (size_t i = 0; i < sizeof(link_options) / sizeof(link_options[0]); i++) {
		cl_program exe = clLinkProgram(ctx, 1, &dev, link_options[i], 1, &obj, NULL, NULL,
					       &err);
		if (err != CL_SUCCESS)
			fprintf(stderr, "clLinkProgram refused \"%s\": %d\n", link_options[i], err);
		CHECK_OK(err);
		if (exe) {
			run_check(ctx, q, exe, 1, link_options[i]);
			clReleaseProgram(exe);
		}
	}
	cl_program lib = clLinkProgram(ctx, 1, &dev, "-create-library -enable-link-options", 1,
				       &obj, NULL, NULL, &err);
	CHECK_OK(err);
	cl_program exe = clLinkProgram(ctx, 1, &dev, "-cl-denorms-are-zero -cl-no-signed-zeros", 1,
				       &lib, NULL, NULL, &err);
	CHECK_OK(err);
	if (exe) {
		run_check(ctx, q, exe, 1, "library with link options");
		clReleaseProgram(exe);
	}
	clReleaseProgram(lib);

	/* Refused where the spec does not allow them. */
	static const char *const compile_only[] = { "-cl-opt-disable", "-D X=1", "-cl-std=CL3.0",
						    "-w", "-cl-kernel-arg-info" };
	for (size_t i = 0; i < sizeof(compile_only) / sizeof(compile_only[0]); i++) {
		exe = clLinkProgram(ctx, 1, &dev, compile_only[i], 1, &obj, NULL, NULL, &err);
		CHECK(exe == NULL);
		CHECK(err == CL_INVALID_LINKER_OPTIONS);
	}
	p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_ERR(clBuildProgram(p, 1, &dev, "-create-library", NULL, NULL),
		  CL_INVALID_BUILD_OPTIONS);
	CHECK_ERR(clCompileProgram(p, 1, &dev, "-enable-link-options", 0, NULL, NULL, NULL, NULL),
		  CL_INVALID_COMPILER_OPTIONS);
	CHECK_ERR(clBuildProgram(p, 1, &dev, "-cl-no-such-option", NULL, NULL),
		  CL_INVALID_BUILD_OPTIONS);
	CHECK_ERR(clBuildProgram(p, 1, &dev, "-cl-std=CL9.9", NULL, NULL),
		  CL_INVALID_BUILD_OPTIONS);
	clReleaseProgram(p);
	clReleaseProgram(obj);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
