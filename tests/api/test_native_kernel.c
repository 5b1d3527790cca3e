/* Native kernels (OpenCL 3.0 §5.10): the function runs on the device with a
 * copy of the argument block, memory objects in the block are replaced by
 * pointers to their storage, the objects live while the command runs, and
 * every error code of the entry point. */
#include "check.h"

#include <unistd.h>

#define N 1024

struct scale_args {
	cl_mem in;    /* replaced by a pointer to the storage */
	int factor;
	cl_mem out;   /* likewise */
	int n;
};

static void CL_CALLBACK scale(void *p)
{
	struct scale_args *a = p;
	const int *in = (const int *)a->in;
	int *out = (int *)a->out;
	for (int i = 0; i < a->n; i++)
		out[i] = in[i] * a->factor;
}

struct copy_out_args {
	cl_mem buf;
	int *host;
	int n;
};

static void CL_CALLBACK copy_out(void *p)
{
	struct copy_out_args *a = p;
	memcpy(a->host, (void *)a->buf, a->n * sizeof(int));
}

struct seen_args {
	int value;
	int *seen;
};

static void CL_CALLBACK record_value(void *p)
{
	struct seen_args *a = p;
	*a->seen = a->value;
}

static void CL_CALLBACK record_pointer(void *p)
{
	void **slots = p;
	/* slots[0] was a cl_mem, slots[1] where to report it */
	*(void **)slots[1] = slots[0];
}

static void CL_CALLBACK nothing(void *p)
{
	(void)p;
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_int err;
	cl_context ctx;
	cl_command_queue q;
	check_setup(&platform, &dev, &ctx, &q);

	/* The device says it runs native kernels. */
	cl_device_exec_capabilities caps = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_EXECUTION_CAPABILITIES, sizeof(caps), &caps, NULL));
	CHECK(caps & CL_EXEC_NATIVE_KERNEL);

	/* The argument block is copied at enqueue: changing it afterwards
	 * (while the command waits for a user event) changes nothing. */
	cl_event gate = clCreateUserEvent(ctx, &err);
	int seen = 0;
	struct seen_args sa = { 7, &seen };
	cl_event ev;
	CHECK_OK(clEnqueueNativeKernel(q, record_value, &sa, sizeof(sa), 0, NULL, NULL,
				       1, &gate, &ev));
	sa.value = 99;
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &ev));
	CHECK(seen == 7);
	cl_command_type type = 0;
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL));
	CHECK(type == CL_COMMAND_NATIVE_KERNEL);
	clReleaseEvent(ev), clReleaseEvent(gate);

	/* Memory objects become pointers to their storage: out = in * 3,
	 * checked against the host's own computation. */
	int host_in[N], host_out[N];
	for (int i = 0; i < N; i++)
		host_in[i] = i * 7 - 300;
	cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
				   sizeof(host_in), host_in, &err);
	CHECK_OK(err);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(host_out), NULL, &err);
	CHECK_OK(err);
	REQUIRE(in && out);
	struct scale_args args = { in, 3, out, N };
	cl_mem mems[2] = { in, out };
	const void *locs[2] = { &args.in, &args.out };
	CHECK_OK(clEnqueueNativeKernel(q, scale, &args, sizeof(args), 2, mems, locs,
				       0, NULL, NULL));
	/* The caller's block still holds the handles. */
	CHECK(args.in == in && args.out == out);
	/* Read back through another native kernel. */
	memset(host_out, 0, sizeof(host_out));
	struct copy_out_args ca = { out, host_out, N };
	const void *cloc = &ca.buf;
	CHECK_OK(clEnqueueNativeKernel(q, copy_out, &ca, sizeof(ca), 1, &out, &cloc,
				       0, NULL, NULL));
	CHECK_OK(clFinish(q));
	int good = 1;
	for (int i = 0; i < N; i++)
		if (host_out[i] != host_in[i] * 3)
			good = 0;
	CHECK(good);

	/* With CL_MEM_USE_HOST_PTR the storage is the application's memory,
	 * so the function sees that very pointer. */
	static int user_mem[64];
	cl_mem use = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, sizeof(user_mem), user_mem, &err);
	CHECK_OK(err);
	void *reported = NULL;
	void *slots[2] = { use, &reported };
	const void *uloc = &slots[0];
	CHECK_OK(clEnqueueNativeKernel(q, record_pointer, slots, sizeof(slots), 1, &use, &uloc,
				       0, NULL, NULL));
	CHECK_OK(clFinish(q));
	CHECK(reported == (void *)user_mem);

	/* A buffer released by the application lives while the command that
	 * uses it waits and runs. */
	gate = clCreateUserEvent(ctx, &err);
	cl_mem tmp = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
				    sizeof(host_in), host_in, &err);
	REQUIRE(tmp);
	memset(host_out, 0, sizeof(host_out));
	struct copy_out_args ta = { tmp, host_out, N };
	const void *tloc = &ta.buf;
	CHECK_OK(clEnqueueNativeKernel(q, copy_out, &ta, sizeof(ta), 1, &tmp, &tloc,
				       1, &gate, &ev));
	CHECK_OK(clReleaseMemObject(tmp));
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &ev));
	CHECK(memcmp(host_out, host_in, sizeof(host_in)) == 0);
	clReleaseEvent(ev), clReleaseEvent(gate);

	/* No argument block at all. */
	CHECK_OK(clEnqueueNativeKernel(q, nothing, NULL, 0, 0, NULL, NULL, 0, NULL, &ev));
	CHECK_OK(clWaitForEvents(1, &ev));
	clReleaseEvent(ev);

	/* Errors (§5.10). */
	int dummy = 0;
	const void *dloc = &dummy;
	CHECK_ERR(clEnqueueNativeKernel(NULL, nothing, &dummy, sizeof(dummy), 0, NULL, NULL, 0, NULL, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clEnqueueNativeKernel((cl_command_queue)ctx, nothing, &dummy, sizeof(dummy), 0, NULL, NULL, 0, NULL, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clEnqueueNativeKernel(q, NULL, &dummy, sizeof(dummy), 0, NULL, NULL, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueNativeKernel(q, nothing, NULL, 4, 0, NULL, NULL, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueNativeKernel(q, nothing, NULL, 0, 1, &in, &dloc, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueNativeKernel(q, nothing, &dummy, 0, 0, NULL, NULL, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueNativeKernel(q, nothing, &args, sizeof(args), 1, NULL, locs, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueNativeKernel(q, nothing, &args, sizeof(args), 1, mems, NULL, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueNativeKernel(q, nothing, &args, sizeof(args), 0, mems, NULL, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueNativeKernel(q, nothing, &args, sizeof(args), 0, NULL, locs, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	cl_mem bad_mem = (cl_mem)q;
	CHECK_ERR(clEnqueueNativeKernel(q, nothing, &args, sizeof(args), 1, &bad_mem, locs, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	cl_mem null_mem = NULL;
	CHECK_ERR(clEnqueueNativeKernel(q, nothing, &args, sizeof(args), 1, &null_mem, locs, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	/* A location outside the argument block cannot be translated. */
	const void *outside = &dummy;
	CHECK_ERR(clEnqueueNativeKernel(q, nothing, &args, sizeof(args), 1, &in, &outside, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueNativeKernel(q, nothing, &dummy, sizeof(dummy), 0, NULL, NULL, 1, NULL, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	cl_event bad_ev = (cl_event)q;
	CHECK_ERR(clEnqueueNativeKernel(q, nothing, &dummy, sizeof(dummy), 0, NULL, NULL, 1, &bad_ev, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	cl_context other = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	cl_event foreign = clCreateUserEvent(other, &err);
	CHECK_ERR(clEnqueueNativeKernel(q, nothing, &dummy, sizeof(dummy), 0, NULL, NULL, 1, &foreign, NULL),
		  CL_INVALID_CONTEXT);
	clReleaseEvent(foreign);
	clReleaseContext(other);

	CHECK_OK(clFinish(q));
	clReleaseMemObject(in), clReleaseMemObject(out), clReleaseMemObject(use);
	CHECK_OK(clReleaseCommandQueue(q));
	CHECK_OK(clReleaseContext(ctx));
	return check_done();
}
