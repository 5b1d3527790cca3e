/* Empty NDRanges (OpenCL 3.0 §5.10, since 2.1): clEnqueueNDRangeKernel with
 * global_work_size NULL, or a zero in it, succeeds; the command runs no
 * work-item, waits for its wait list, completes in queue order, and its
 * event reaches CL_COMPLETE.  The other argument checks still apply. */
#include "check.h"

static const char *src =
	"kernel void mark(global int *o) { atomic_inc(&o[0]); o[1 + get_global_id(0)] = 7; }\n"
	"__attribute__((reqd_work_group_size(4, 1, 1)))\n"
	"kernel void reqd(global int *o) { o[0] = 1; }\n";

static cl_int status_of(cl_event e)
{
	cl_int s = -1;
	CHECK_OK(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(s), &s, NULL));
	return s;
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_int err;
	check_setup(&platform, &dev, &ctx, &q);
	cl_program prog = check_build(ctx, dev, src, NULL);
	cl_kernel k = clCreateKernel(prog, "mark", &err);
	REQUIRE(err == CL_SUCCESS);
	int zero[64] = { 0 };
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(zero), zero,
				    &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(buf), &buf));

	/* NULL global size, 1-3 dimensions, with and without a local size */
	size_t local[3] = { 2, 2, 1 };
	for (cl_uint dim = 1; dim <= 3; dim++) {
		cl_event e;
		CHECK_OK(clEnqueueNDRangeKernel(q, k, dim, NULL, NULL, NULL, 0, NULL, &e));
		CHECK_OK(clWaitForEvents(1, &e));
		CHECK(status_of(e) == CL_COMPLETE);
		clReleaseEvent(e);
		CHECK_OK(clEnqueueNDRangeKernel(q, k, dim, NULL, NULL, local, 0, NULL, NULL));
	}
	/* a zero in any dimension */
	size_t zeros[3][3] = { { 0, 4, 4 }, { 4, 0, 4 }, { 4, 4, 0 } };
	for (int d = 0; d < 3; d++) {
		size_t off[3] = { 1, 2, 3 };
		CHECK_OK(clEnqueueNDRangeKernel(q, k, 3, off, zeros[d], NULL, 0, NULL, NULL));
		CHECK_OK(clEnqueueNDRangeKernel(q, k, 3, NULL, zeros[d], local, 0, NULL, NULL));
	}
	CHECK_OK(clFinish(q));
	int out[64];
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	CHECK(memcmp(out, zero, sizeof(out)) == 0); /* no work-item ran */

	/* The other checks stay: bad dimension, bad local size. */
	CHECK_ERR(clEnqueueNDRangeKernel(q, k, 0, NULL, NULL, NULL, 0, NULL, NULL),
		  CL_INVALID_WORK_DIMENSION);
	CHECK_ERR(clEnqueueNDRangeKernel(q, k, 4, NULL, NULL, NULL, 0, NULL, NULL),
		  CL_INVALID_WORK_DIMENSION);
	size_t local0[1] = { 0 };
	CHECK_ERR(clEnqueueNDRangeKernel(q, k, 1, NULL, NULL, local0, 0, NULL, NULL),
		  CL_INVALID_WORK_GROUP_SIZE);
	cl_kernel kr = clCreateKernel(prog, "reqd", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(kr, 0, sizeof(buf), &buf));
	size_t local8[1] = { 8 };
	CHECK_ERR(clEnqueueNDRangeKernel(q, kr, 1, NULL, NULL, local8, 0, NULL, NULL),
		  CL_INVALID_WORK_GROUP_SIZE);
	CHECK_OK(clEnqueueNDRangeKernel(q, kr, 1, NULL, NULL, NULL, 0, NULL, NULL));
	cl_event bad_ev = NULL;
	CHECK_ERR(clEnqueueNDRangeKernel(q, k, 1, NULL, NULL, NULL, 1, &bad_ev, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);

	/* It waits for its wait list, and runs in queue order: gate a real
	 * launch and an empty one behind a user event. */
	cl_event gate = clCreateUserEvent(ctx, &err);
	REQUIRE(err == CL_SUCCESS);
	size_t four = 4;
	cl_event real, empty, after;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &four, NULL, 1, &gate, &real));
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, NULL, NULL, 0, NULL, &empty));
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 2, NULL, zeros[0], NULL, 1, &gate, &after));
	CHECK_OK(clFlush(q));
	CHECK(status_of(empty) > CL_COMPLETE);
	CHECK(status_of(after) > CL_COMPLETE);
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &after));
	CHECK(status_of(real) == CL_COMPLETE);
	CHECK(status_of(empty) == CL_COMPLETE);
	CHECK(status_of(after) == CL_COMPLETE);
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	CHECK(out[0] == 4 && out[1] == 7 && out[4] == 7 && out[5] == 0);

	/* A failed wait list reaches the empty command too. */
	cl_event gate2 = clCreateUserEvent(ctx, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_command_queue oq = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_event e2;
	CHECK_OK(clEnqueueNDRangeKernel(oq, k, 1, NULL, NULL, NULL, 1, &gate2, &e2));
	CHECK_OK(clSetUserEventStatus(gate2, -5));
	clFinish(oq);
	CHECK(status_of(e2) < 0);

	clReleaseEvent(e2);
	clReleaseEvent(gate2);
	clReleaseCommandQueue(oq);
	clReleaseEvent(real), clReleaseEvent(empty), clReleaseEvent(after), clReleaseEvent(gate);
	clReleaseKernel(kr);
	clReleaseKernel(k);
	clReleaseMemObject(buf);
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
