/* Pipe entry points on a device that does not report pipes (OpenCL 3.0
 * §4.2 CL_DEVICE_PIPE_SUPPORT, §5.4): the pipe limits read 0,
 * clCreatePipe answers CL_INVALID_OPERATION, and clGetPipeInfo answers
 * CL_INVALID_MEM_OBJECT for any handle (no object can be a pipe), never
 * CL_INVALID_OPERATION; an OpenCL C 3.0 kernel with a pipe argument does
 * not build.  When the device reports pipes the test checks that a buffer
 * is still not a pipe. */
#include "check.h"

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_int err;
	check_setup(&platform, &dev, &ctx, &q);
	cl_bool pipes = CL_TRUE;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_PIPE_SUPPORT, sizeof(pipes), &pipes, NULL));
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_uint u = 7;
	size_t ret = 0;
	/* A buffer is never a pipe. */
	CHECK_ERR(clGetPipeInfo(buf, CL_PIPE_PACKET_SIZE, sizeof(u), &u, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clGetPipeInfo(buf, CL_PIPE_MAX_PACKETS, sizeof(u), &u, &ret),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clGetPipeInfo(NULL, CL_PIPE_PACKET_SIZE, sizeof(u), &u, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK(u == 7); /* nothing written */

	if (!pipes) {
		static const cl_device_info limits[] = {
			CL_DEVICE_MAX_PIPE_ARGS, CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS,
			CL_DEVICE_PIPE_MAX_PACKET_SIZE,
		};
		for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
			u = 7;
			CHECK_OK(clGetDeviceInfo(dev, limits[i], sizeof(u), &u, NULL));
			CHECK(u == 0);
		}
		err = CL_SUCCESS;
		cl_mem p = clCreatePipe(ctx, CL_MEM_HOST_NO_ACCESS, 4, 4, NULL, &err);
		CHECK(p == NULL);
		CHECK(err == CL_INVALID_OPERATION);
		p = clCreatePipe(ctx, 0, 16, 128, NULL, NULL);
		CHECK(p == NULL);

		const char *src = "kernel void k(read_only pipe int p, global int *o) {\n"
				  "  int v; read_pipe(p, &v); *o = v; }\n";
		cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK_ERR(clBuildProgram(prog, 1, &dev, "-cl-std=CL3.0", NULL, NULL),
			  CL_BUILD_PROGRAM_FAILURE);
		clReleaseProgram(prog);
	}
	clReleaseMemObject(buf);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
