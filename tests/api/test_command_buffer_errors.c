/* cl_khr_command_buffer 0.9.8 and mutable dispatch 0.9.5: every error case
 * of the entry points (the extension specs' lists), each alone. */
#include "command_buffer_fns.h"

static cl_platform_id plat;
static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;

static const char *src =
	"__kernel void k(__global int *d, int v) { d[get_global_id(0)] = v; }\n"
	"__kernel void p(void) { printf(\"x\\n\"); }\n";

static cl_command_buffer_khr make_cb(cl_command_buffer_properties_khr flags)
{
	cl_int err;
	cl_command_buffer_properties_khr props[] = { CL_COMMAND_BUFFER_FLAGS_KHR,
						     flags, 0 };
	cl_command_buffer_khr b = cb.clCreateCommandBufferKHR(1, &q, props, &err);
	REQUIRE(err == CL_SUCCESS && b);
	return b;
}

static void test_create(void)
{
	cl_int err;
	cl_command_queue qs[2] = { q, q };
	CHECK(cb.clCreateCommandBufferKHR(2, qs, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	CHECK(cb.clCreateCommandBufferKHR(0, qs, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	CHECK(cb.clCreateCommandBufferKHR(1, NULL, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	cl_command_queue bad = (cl_command_queue)ctx;
	CHECK(cb.clCreateCommandBufferKHR(1, &bad, NULL, &err) == NULL);
	CHECK(err == CL_INVALID_COMMAND_QUEUE);
	cl_command_buffer_properties_khr rep[] = {
		CL_COMMAND_BUFFER_FLAGS_KHR, CL_COMMAND_BUFFER_MUTABLE_KHR,
		CL_COMMAND_BUFFER_FLAGS_KHR, CL_COMMAND_BUFFER_MUTABLE_KHR, 0
	};
	CHECK(cb.clCreateCommandBufferKHR(1, &q, rep, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	cl_command_buffer_properties_khr badflags[] = {
		CL_COMMAND_BUFFER_FLAGS_KHR, (cl_command_buffer_properties_khr)-1, 0
	};
	CHECK(cb.clCreateCommandBufferKHR(1, &q, badflags, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	cl_command_buffer_properties_khr unknown[] = { 0x4242, 0, 0 };
	CHECK(cb.clCreateCommandBufferKHR(1, &q, unknown, &err) == NULL);
	CHECK(err == CL_INVALID_VALUE);
	/* An on-device queue is not one the host records to or enqueues on. */
	cl_device_device_enqueue_capabilities de = 0;
	clGetDeviceInfo(dev, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof(de), &de,
			NULL);
	if (de & CL_DEVICE_QUEUE_SUPPORTED) {
		cl_queue_properties dp[] = { CL_QUEUE_PROPERTIES,
					     CL_QUEUE_ON_DEVICE |
						     CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
					     0 };
		cl_command_queue dq =
			clCreateCommandQueueWithProperties(ctx, dev, dp, &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK(cb.clCreateCommandBufferKHR(1, &dq, NULL, &err) == NULL);
		CHECK(err == CL_INCOMPATIBLE_COMMAND_QUEUE_KHR);
		cl_command_buffer_khr b = cb.clCreateCommandBufferKHR(1, &q, NULL, &err);
		CHECK_OK(cb.clFinalizeCommandBufferKHR(b));
		CHECK_ERR(cb.clEnqueueCommandBufferKHR(1, &dq, b, 0, NULL, NULL),
			  CL_INCOMPATIBLE_COMMAND_QUEUE_KHR);
		CHECK_OK(cb.clReleaseCommandBufferKHR(b));
		clReleaseCommandQueue(dq);
	}
	/* errcode_ret may be NULL. */
	cl_command_buffer_khr b = cb.clCreateCommandBufferKHR(1, &q, NULL, NULL);
	CHECK(b != NULL);
	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
}

static void test_lifecycle(void)
{
	cl_command_buffer_khr bogus = (cl_command_buffer_khr)q;
	CHECK_ERR(cb.clRetainCommandBufferKHR(NULL), CL_INVALID_COMMAND_BUFFER_KHR);
	CHECK_ERR(cb.clReleaseCommandBufferKHR(NULL), CL_INVALID_COMMAND_BUFFER_KHR);
	CHECK_ERR(cb.clRetainCommandBufferKHR(bogus), CL_INVALID_COMMAND_BUFFER_KHR);
	CHECK_ERR(cb.clFinalizeCommandBufferKHR(NULL), CL_INVALID_COMMAND_BUFFER_KHR);
	CHECK_ERR(cb.clGetCommandBufferInfoKHR(NULL, CL_COMMAND_BUFFER_STATE_KHR, 0,
					       NULL, NULL),
		  CL_INVALID_COMMAND_BUFFER_KHR);
	CHECK_ERR(cb.clEnqueueCommandBufferKHR(0, NULL, NULL, 0, NULL, NULL),
		  CL_INVALID_COMMAND_BUFFER_KHR);
	cl_command_buffer_khr b = make_cb(0);
	/* Not finalized. */
	CHECK_ERR(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, NULL, NULL),
		  CL_INVALID_OPERATION);
	CHECK_OK(cb.clFinalizeCommandBufferKHR(b));
	/* Finalized twice. */
	CHECK_ERR(cb.clFinalizeCommandBufferKHR(b), CL_INVALID_OPERATION);
	/* Recording after finalize. */
	CHECK_ERR(cb.clCommandBarrierWithWaitListKHR(b, NULL, NULL, 0, NULL, NULL,
						     NULL),
		  CL_INVALID_OPERATION);
	/* Queue lists. */
	cl_int err;
	CHECK_ERR(cb.clEnqueueCommandBufferKHR(1, NULL, b, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(cb.clEnqueueCommandBufferKHR(0, &q, b, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	cl_command_queue two[2] = { q, q };
	CHECK_ERR(cb.clEnqueueCommandBufferKHR(2, two, b, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	cl_command_queue bad = (cl_command_queue)ctx;
	CHECK_ERR(cb.clEnqueueCommandBufferKHR(1, &bad, b, 0, NULL, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	cl_context ctx2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_command_queue q2 = clCreateCommandQueue(ctx2, dev, 0, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_ERR(cb.clEnqueueCommandBufferKHR(1, &q2, b, 0, NULL, NULL),
		  CL_INVALID_CONTEXT);
	/* Wait lists. */
	CHECK_ERR(cb.clEnqueueCommandBufferKHR(0, NULL, b, 1, NULL, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	cl_event ue = clCreateUserEvent(ctx, &err);
	CHECK_ERR(cb.clEnqueueCommandBufferKHR(0, NULL, b, 0, &ue, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	cl_event other = clCreateUserEvent(ctx2, &err);
	CHECK_ERR(cb.clEnqueueCommandBufferKHR(0, NULL, b, 1, &other, NULL),
		  CL_INVALID_CONTEXT);
	cl_event not_event = (cl_event)q;
	CHECK_ERR(cb.clEnqueueCommandBufferKHR(0, NULL, b, 1, &not_event, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	clSetUserEventStatus(ue, CL_COMPLETE);
	clSetUserEventStatus(other, CL_COMPLETE);
	clReleaseEvent(ue);
	clReleaseEvent(other);
	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
	/* Not released a second time: the handle now points at freed memory,
	 * and using it is undefined (AddressSanitizer reports the read of
	 * Kiln's stale-handle check, tools/sanitize.sh).  test_invalid_args
	 * covers stale handles with memory that stays allocated. */
	clReleaseCommandQueue(q2);
	clReleaseContext(ctx2);
}

/* The checks every recording entry point shares, on each of them. */
static void test_recording(void)
{
	cl_int err;
	cl_mem m = clCreateBuffer(ctx, 0, 1024, NULL, &err);
	cl_mem m2 = clCreateBuffer(ctx, 0, 1024, NULL, &err);
	cl_program prog = check_build(ctx, dev, src, NULL);
	cl_kernel k = clCreateKernel(prog, "k", &err);
	cl_int v = 1;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(m), &m));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(v), &v));
	cl_command_buffer_khr b = make_cb(0);
	cl_mutable_command_khr h = NULL;
	cl_sync_point_khr sp, bad_sp = 99;
	size_t n = 16;
	cl_int pat = 0;
	size_t o3[3] = { 0, 0, 0 }, r3[3] = { 16, 1, 1 };
	/* command_queue must be NULL. */
	CHECK_ERR(cb.clCommandCopyBufferKHR(b, q, NULL, m, m2, 0, 0, 16, 0, NULL,
					    NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(cb.clCommandFillBufferKHR(b, q, NULL, m, &pat, 4, 0, 16, 0, NULL,
					    NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(cb.clCommandNDRangeKernelKHR(b, q, NULL, k, 1, NULL, &n, NULL, 0,
					       NULL, NULL, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(cb.clCommandBarrierWithWaitListKHR(b, q, NULL, 0, NULL, NULL, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	/* Not a buffer. */
	CHECK_ERR(cb.clCommandCopyBufferKHR(NULL, NULL, NULL, m, m2, 0, 0, 16, 0,
					    NULL, NULL, NULL),
		  CL_INVALID_COMMAND_BUFFER_KHR);
	CHECK_ERR(cb.clCommandNDRangeKernelKHR(NULL, NULL, NULL, k, 1, NULL, &n,
					       NULL, 0, NULL, NULL, NULL),
		  CL_INVALID_COMMAND_BUFFER_KHR);
	/* Sync-point lists. */
	CHECK_ERR(cb.clCommandCopyBufferKHR(b, NULL, NULL, m, m2, 0, 0, 16, 1, NULL,
					    NULL, NULL),
		  CL_INVALID_SYNC_POINT_WAIT_LIST_KHR);
	CHECK_ERR(cb.clCommandCopyBufferKHR(b, NULL, NULL, m, m2, 0, 0, 16, 0,
					    &bad_sp, NULL, NULL),
		  CL_INVALID_SYNC_POINT_WAIT_LIST_KHR);
	CHECK_ERR(cb.clCommandCopyBufferKHR(b, NULL, NULL, m, m2, 0, 0, 16, 1,
					    &bad_sp, NULL, NULL),
		  CL_INVALID_SYNC_POINT_WAIT_LIST_KHR);
	CHECK_ERR(cb.clCommandBarrierWithWaitListKHR(b, NULL, NULL, 1, &bad_sp,
						     NULL, NULL),
		  CL_INVALID_SYNC_POINT_WAIT_LIST_KHR);
	CHECK_ERR(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, k, 1, NULL, &n, NULL,
					       1, NULL, NULL, NULL),
		  CL_INVALID_SYNC_POINT_WAIT_LIST_KHR);
	/* Handles only for kernels. */
	CHECK_ERR(cb.clCommandCopyBufferKHR(b, NULL, NULL, m, m2, 0, 0, 16, 0, NULL,
					    NULL, &h), CL_INVALID_VALUE);
	CHECK_ERR(cb.clCommandCopyBufferRectKHR(b, NULL, NULL, m, m2, o3, o3, r3, 0,
						0, 0, 0, 0, NULL, NULL, &h),
		  CL_INVALID_VALUE);
	CHECK_ERR(cb.clCommandFillBufferKHR(b, NULL, NULL, m, &pat, 4, 0, 16, 0,
					    NULL, NULL, &h), CL_INVALID_VALUE);
	CHECK_ERR(cb.clCommandBarrierWithWaitListKHR(b, NULL, NULL, 0, NULL, NULL,
						     &h), CL_INVALID_VALUE);
	/* Properties: none exist for these commands. */
	kiln_command_properties_khr props[] = { CL_MUTABLE_DISPATCH_UPDATABLE_FIELDS_KHR,
						CL_MUTABLE_DISPATCH_ARGUMENTS_KHR, 0 };
	CHECK_ERR(cb.clCommandCopyBufferKHR(b, NULL, props, m, m2, 0, 0, 16, 0,
					    NULL, NULL, NULL), CL_INVALID_VALUE);
	kiln_command_properties_khr kprops[] = { 0x4321, 0, 0 };
	CHECK_ERR(cb.clCommandNDRangeKernelKHR(b, NULL, kprops, k, 1, NULL, &n,
					       NULL, 0, NULL, NULL, NULL),
		  CL_INVALID_VALUE);
	/* The command's own arguments: the clEnqueue* function's errors. */
	CHECK_ERR(cb.clCommandCopyBufferKHR(b, NULL, NULL, m, m2, 0, 1020, 16, 0,
					    NULL, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(cb.clCommandCopyBufferKHR(b, NULL, NULL, m, m, 0, 8, 16, 0, NULL,
					    NULL, NULL), CL_MEM_COPY_OVERLAP);
	CHECK_ERR(cb.clCommandCopyBufferKHR(b, NULL, NULL, NULL, m2, 0, 0, 16, 0,
					    NULL, NULL, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(cb.clCommandFillBufferKHR(b, NULL, NULL, m, &pat, 3, 0, 15, 0,
					    NULL, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, NULL, 1, NULL, &n,
					       NULL, 0, NULL, NULL, NULL),
		  CL_INVALID_KERNEL);
	CHECK_ERR(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, k, 4, NULL, &n, NULL,
					       0, NULL, NULL, NULL),
		  CL_INVALID_WORK_DIMENSION);
	size_t l = 5;
	CHECK_ERR(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, k, 1, NULL, &n, &l,
					       0, NULL, NULL, NULL),
		  CL_INVALID_WORK_GROUP_SIZE);
	cl_kernel unset = clCreateKernel(prog, "k", &err);
	CHECK_ERR(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, unset, 1, NULL, &n,
					       NULL, 0, NULL, NULL, NULL),
		  CL_INVALID_KERNEL_ARGS);
	/* Another context's memory. */
	cl_context ctx2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	cl_mem other = clCreateBuffer(ctx2, 0, 1024, NULL, &err);
	CHECK_ERR(cb.clCommandCopyBufferKHR(b, NULL, NULL, other, m2, 0, 0, 16, 0,
					    NULL, NULL, NULL), CL_INVALID_CONTEXT);
	CHECK_ERR(cb.clCommandFillBufferKHR(b, NULL, NULL, other, &pat, 4, 0, 16, 0,
					    NULL, NULL, NULL), CL_INVALID_CONTEXT);
	/* Nothing failed was recorded: the buffer is still empty. */
	CHECK_OK(cb.clCommandCopyBufferKHR(b, NULL, NULL, m, m2, 0, 0, 16, 0, NULL,
					   &sp, NULL));
	CHECK(sp == 1);
	CHECK_OK(cb.clFinalizeCommandBufferKHR(b));
	CHECK_ERR(cb.clCommandCopyBufferKHR(b, NULL, NULL, m, m2, 0, 0, 16, 0, NULL,
					    NULL, NULL), CL_INVALID_OPERATION);
	CHECK_ERR(cb.clCommandNDRangeKernelKHR(b, NULL, NULL, k, 1, NULL, &n, NULL,
					       0, NULL, NULL, NULL),
		  CL_INVALID_OPERATION);
	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
	clReleaseMemObject(other);
	clReleaseContext(ctx2);
	clReleaseKernel(unset);
	clReleaseKernel(k);
	clReleaseProgram(prog);
	clReleaseMemObject(m);
	clReleaseMemObject(m2);
}

/* clUpdateMutableCommandsKHR and clGetMutableCommandInfoKHR. */
static void test_mutable_errors(void)
{
	cl_int err;
	cl_mem m = clCreateBuffer(ctx, 0, 1024, NULL, &err);
	cl_program prog = check_build(ctx, dev, src, NULL);
	cl_kernel k = clCreateKernel(prog, "k", &err);
	cl_int v = 1;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(m), &m));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(v), &v));
	size_t n = 64;
	cl_mutable_command_khr h = NULL, h2 = NULL;
	cl_uint type = KILN_STRUCTURE_TYPE_MUTABLE_DISPATCH_CONFIG;

	/* A buffer that is not mutable. */
	cl_command_buffer_khr plain = make_cb(0);
	CHECK_OK(cb.clCommandNDRangeKernelKHR(plain, NULL, NULL, k, 1, NULL, &n,
					      NULL, 0, NULL, NULL, &h2));
	CHECK_OK(cb.clFinalizeCommandBufferKHR(plain));
	kiln_mutable_dispatch_config c = { 0 };
	c.command = h2;
	const void *cfg[1] = { &c };
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(plain, 1, &type, cfg),
		  CL_INVALID_OPERATION);
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(NULL, 1, &type, cfg),
		  CL_INVALID_COMMAND_BUFFER_KHR);

	kiln_command_properties_khr only_args[] = {
		CL_MUTABLE_DISPATCH_UPDATABLE_FIELDS_KHR,
		CL_MUTABLE_DISPATCH_ARGUMENTS_KHR, 0
	};
	cl_command_buffer_khr b = make_cb(CL_COMMAND_BUFFER_MUTABLE_KHR);
	CHECK_OK(cb.clCommandNDRangeKernelKHR(b, NULL, only_args, k, 1, NULL, &n,
					      NULL, 0, NULL, NULL, &h));
	/* Not finalized yet. */
	c.command = h;
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, &type, cfg),
		  CL_INVALID_OPERATION);
	CHECK_OK(cb.clFinalizeCommandBufferKHR(b));
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 0, &type, cfg), CL_INVALID_VALUE);
	/* No configs at all is a valid call that changes nothing. */
	CHECK_OK(cb.clUpdateMutableCommandsKHR(b, 0, NULL, NULL));
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 0, NULL, cfg), CL_INVALID_VALUE);
	const void *null_cfg[1] = { NULL };
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, &type, null_cfg),
		  CL_INVALID_VALUE);
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, NULL, cfg), CL_INVALID_VALUE);
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, &type, NULL), CL_INVALID_VALUE);
	cl_uint bad_type = 77;
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, &bad_type, cfg),
		  CL_INVALID_VALUE);
	/* A handle of another buffer, or none. */
	c.command = h2;
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, &type, cfg),
		  CL_INVALID_MUTABLE_COMMAND_KHR);
	c.command = NULL;
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, &type, cfg),
		  CL_INVALID_MUTABLE_COMMAND_KHR);
	c.command = h;
	/* Lists and counts that disagree. */
	cl_mutable_dispatch_arg_khr arg = { 1, sizeof(v), &v };
	c.num_args = 1;
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, &type, cfg), CL_INVALID_VALUE);
	c.num_args = 0;
	c.arg_list = &arg;
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, &type, cfg), CL_INVALID_VALUE);
	/* Fields that were not declared updatable. */
	c.arg_list = NULL;
	size_t g2 = 32;
	c.global_work_size = &g2;
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, &type, cfg),
		  CL_INVALID_OPERATION);
	c.global_work_size = NULL;
	c.work_dim = 2;
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, &type, cfg), CL_INVALID_VALUE);
	c.work_dim = 0;
	/* Argument errors: clSetKernelArg's. */
	cl_mutable_dispatch_arg_khr bad_index = { 9, sizeof(v), &v };
	cl_mutable_dispatch_arg_khr bad_size = { 1, 3, &v };
	cl_mutable_dispatch_arg_khr bad_mem = { 0, sizeof(cl_mem), &k };
	c.num_args = 1;
	c.arg_list = &bad_index;
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, &type, cfg),
		  CL_INVALID_ARG_INDEX);
	c.arg_list = &bad_size;
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, &type, cfg),
		  CL_INVALID_ARG_SIZE);
	c.arg_list = &bad_mem;
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(b, 1, &type, cfg),
		  CL_INVALID_MEM_OBJECT);
	c.arg_list = &arg;
	CHECK_OK(cb.clUpdateMutableCommandsKHR(b, 1, &type, cfg));

	/* Info errors. */
	cl_uint dim;
	CHECK_ERR(cb.clGetMutableCommandInfoKHR(NULL, CL_MUTABLE_DISPATCH_DIMENSIONS_KHR,
						sizeof(dim), &dim, NULL),
		  CL_INVALID_MUTABLE_COMMAND_KHR);
	CHECK_ERR(cb.clGetMutableCommandInfoKHR(h, 0x7777, sizeof(dim), &dim, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(cb.clGetMutableCommandInfoKHR(h, CL_MUTABLE_DISPATCH_DIMENSIONS_KHR,
						1, &dim, NULL),
		  CL_INVALID_VALUE);
	/* A kernel without its arguments may be recorded into a mutable
	 * buffer, but not with a bad work_dim. */
	{
		cl_kernel bare = clCreateKernel(prog, "k", &err);
		cl_command_buffer_khr mb = make_cb(CL_COMMAND_BUFFER_MUTABLE_KHR);
		cl_mutable_command_khr bh;
		CHECK_ERR(cb.clCommandNDRangeKernelKHR(mb, NULL, NULL, bare, 0, NULL,
						       &n, NULL, 0, NULL, NULL, &bh),
			  CL_INVALID_WORK_DIMENSION);
		CHECK_OK(cb.clCommandNDRangeKernelKHR(mb, NULL, NULL, bare, 1, NULL,
						      &n, NULL, 0, NULL, NULL, &bh));
		CHECK_OK(cb.clReleaseCommandBufferKHR(mb));
		clReleaseKernel(bare);
	}
	/* Asserting no additional work-groups, then adding some. */
	cl_command_buffer_properties_khr ap[] = {
		CL_COMMAND_BUFFER_FLAGS_KHR, CL_COMMAND_BUFFER_MUTABLE_KHR,
		CL_COMMAND_BUFFER_MUTABLE_DISPATCH_ASSERTS_KHR,
		CL_MUTABLE_DISPATCH_ASSERT_NO_ADDITIONAL_WORK_GROUPS_KHR, 0
	};
	cl_command_buffer_khr ab = cb.clCreateCommandBufferKHR(1, &q, ap, &err);
	REQUIRE(err == CL_SUCCESS);
	size_t l = 8;
	cl_mutable_command_khr ah;
	CHECK_OK(cb.clCommandNDRangeKernelKHR(ab, NULL, NULL, k, 1, NULL, &n, &l,
					      0, NULL, NULL, &ah));
	CHECK_OK(cb.clFinalizeCommandBufferKHR(ab));
	kiln_mutable_dispatch_config ac = { 0 };
	ac.command = ah;
	size_t more = 128, fewer = 32;
	ac.global_work_size = &more;
	const void *acfg[1] = { &ac };
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(ab, 1, &type, acfg), CL_INVALID_VALUE);
	ac.global_work_size = &fewer;
	CHECK_OK(cb.clUpdateMutableCommandsKHR(ab, 1, &type, acfg));
	/* The bound is what was recorded, not the last update: growing back
	 * to it is allowed (the CTS's no_additional_work_groups case 3). */
	size_t between = 48;
	ac.global_work_size = &between;
	CHECK_OK(cb.clUpdateMutableCommandsKHR(ab, 1, &type, acfg));
	ac.global_work_size = &n;
	CHECK_OK(cb.clUpdateMutableCommandsKHR(ab, 1, &type, acfg));
	ac.global_work_size = &more;
	CHECK_ERR(cb.clUpdateMutableCommandsKHR(ab, 1, &type, acfg), CL_INVALID_VALUE);
	CHECK_OK(cb.clReleaseCommandBufferKHR(ab));

	CHECK_OK(cb.clReleaseCommandBufferKHR(b));
	CHECK_OK(cb.clReleaseCommandBufferKHR(plain));
	clReleaseKernel(k);
	clReleaseProgram(prog);
	clReleaseMemObject(m);
}

int main(void)
{
	check_setup(&plat, &dev, &ctx, &q);
	cb_load(plat, dev);
	test_create();
	test_lifecycle();
	test_recording();
	test_mutable_errors();
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
