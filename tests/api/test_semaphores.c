/* cl_khr_semaphore (binary semaphores, extension 1.0.0): creation and its
 * errors, queries, retain/release, and the order they give between two
 * queues of a context: commands after a wait run after the signal, checked
 * with the data a producer queue writes and a consumer queue copies, a
 * wait enqueued before its signal, a signal that fails, several semaphores
 * in one call.  External handles: none exported (the queries say so and
 * clGetSemaphoreHandleForTypeKHR refuses). */
#include "check.h"

#include <stdbool.h>
#include <time.h>

/* cl_khr_semaphore 1.0.0 names Debian's headers (0.9) lack. */
#ifndef CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR
#define CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR 0x2053
#define CL_SEMAPHORE_DEVICE_HANDLE_LIST_END_KHR 0
#endif
#ifndef CL_SEMAPHORE_EXPORTABLE_KHR
#define CL_SEMAPHORE_EXPORTABLE_KHR 0x2054
#endif

static clCreateSemaphoreWithPropertiesKHR_fn create_sema;
static clEnqueueWaitSemaphoresKHR_fn wait_sema;
static clEnqueueSignalSemaphoresKHR_fn signal_sema;
static clGetSemaphoreInfoKHR_fn sema_info;
static clRetainSemaphoreKHR_fn retain_sema;
static clReleaseSemaphoreKHR_fn release_sema;
static clGetSemaphoreHandleForTypeKHR_fn sema_handle;

static const cl_semaphore_properties_khr binary[] = {
	CL_SEMAPHORE_TYPE_KHR, CL_SEMAPHORE_TYPE_BINARY_KHR, 0
};

static cl_int status_of(cl_event ev)
{
	cl_int st = 1234;
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st), &st, NULL));
	return st;
}

static cl_semaphore_payload_khr payload_of(cl_semaphore_khr s)
{
	cl_semaphore_payload_khr p = 99;
	CHECK_OK(sema_info(s, CL_SEMAPHORE_PAYLOAD_KHR, sizeof(p), &p, NULL));
	return p;
}

static void pause_ms(int ms)
{
	struct timespec t = { ms / 1000, (long)(ms % 1000) * 1000000L };
	nanosleep(&t, NULL);
}

static const char *src =
	"__kernel void fill(__global int *a, int base) {\n"
	"  size_t i = get_global_id(0); a[i] = base + (int)i * 7;\n"
	"}\n";

#define LEN 4096

/* Producer queue: (gated by a user event) a kernel fills `buf`, then a
 * signal.  Consumer queue: a wait, then a copy of `buf`.  The copy must see
 * the kernel's data, and must not have run before the gate opens. */
static void check_order(cl_context ctx, cl_device_id dev, cl_kernel fill,
			bool out_of_order, bool wait_first)
{
	cl_int err;
	cl_command_queue_properties qp = out_of_order ? CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE : 0;
	cl_command_queue prod = clCreateCommandQueue(ctx, dev, qp, &err);
	CHECK_OK(err);
	cl_command_queue cons = clCreateCommandQueue(ctx, dev, qp, &err);
	CHECK_OK(err);
	cl_semaphore_khr s = create_sema(ctx, binary, &err);
	CHECK_OK(err);
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, LEN * sizeof(int), NULL, &err);
	CHECK_OK(err);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, LEN * sizeof(int), NULL, &err);
	CHECK_OK(err);
	int zero = 0;
	CHECK_OK(clEnqueueFillBuffer(cons, out, &zero, sizeof(zero), 0, LEN * sizeof(int),
				     0, NULL, NULL));
	CHECK_OK(clFinish(cons));
	int base = out_of_order * 1000 + wait_first * 100 + 5;
	CHECK_OK(clSetKernelArg(fill, 0, sizeof(buf), &buf));
	CHECK_OK(clSetKernelArg(fill, 1, sizeof(base), &base));
	cl_event gate = clCreateUserEvent(ctx, &err);
	CHECK_OK(err);
	cl_event filled = NULL, sig = NULL, waited = NULL, copied = NULL;
	size_t global = LEN;
	if (wait_first) {
		/* The wait comes first and waits for a signal not yet
		 * enqueued. */
		CHECK_OK(wait_sema(cons, 1, &s, NULL, 0, NULL, &waited));
		CHECK_OK(clEnqueueCopyBuffer(cons, buf, out, 0, 0, LEN * sizeof(int),
					     1, &waited, &copied));
	}
	CHECK_OK(clEnqueueNDRangeKernel(prod, fill, 1, NULL, &global, NULL, 1, &gate, &filled));
	CHECK_OK(signal_sema(prod, 1, &s, NULL, 1, &filled, &sig));
	if (!wait_first) {
		CHECK_OK(wait_sema(cons, 1, &s, NULL, 0, NULL, &waited));
		CHECK_OK(clEnqueueCopyBuffer(cons, buf, out, 0, 0, LEN * sizeof(int),
					     1, &waited, &copied));
	}
	CHECK_OK(clFlush(prod));
	CHECK_OK(clFlush(cons));
	pause_ms(20);
	/* Nothing behind the gate ran: not the signal, not the wait. */
	CHECK(status_of(sig) > CL_COMPLETE);
	CHECK(status_of(waited) > CL_COMPLETE);
	CHECK(status_of(copied) > CL_COMPLETE);
	CHECK(payload_of(s) == 0);
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &copied));
	CHECK(status_of(sig) == CL_COMPLETE && status_of(waited) == CL_COMPLETE);
	/* The wait consumed the signal. */
	CHECK(payload_of(s) == 0);
	int *host = malloc(LEN * sizeof(int));
	REQUIRE(host);
	CHECK_OK(clEnqueueReadBuffer(cons, out, CL_TRUE, 0, LEN * sizeof(int), host, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < LEN; i++)
		bad += host[i] != base + i * 7;
	CHECK(bad == 0);
	free(host);
	cl_command_type type = 0;
	CHECK_OK(clGetEventInfo(sig, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL));
	CHECK(type == CL_COMMAND_SEMAPHORE_SIGNAL_KHR);
	CHECK_OK(clGetEventInfo(waited, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL));
	CHECK(type == CL_COMMAND_SEMAPHORE_WAIT_KHR);
	clReleaseEvent(gate), clReleaseEvent(filled), clReleaseEvent(sig);
	clReleaseEvent(waited), clReleaseEvent(copied);
	clReleaseMemObject(buf), clReleaseMemObject(out);
	CHECK_OK(release_sema(s));
	clReleaseCommandQueue(prod), clReleaseCommandQueue(cons);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_int err;
	check_setup(&platform, &dev, &ctx, &q);

	size_t size = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, 0, NULL, &size));
	char *ext = malloc(size);
	REQUIRE(ext);
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, size, ext, NULL));
	REQUIRE(check_has_word(ext, "cl_khr_semaphore"));
	/* Nothing external is offered. */
	CHECK(!check_has_word(ext, "cl_khr_external_semaphore"));
	free(ext);
	CHECK_OK(clGetPlatformInfo(platform, CL_PLATFORM_EXTENSIONS, 0, NULL, &size));
	ext = malloc(size);
	REQUIRE(ext);
	CHECK_OK(clGetPlatformInfo(platform, CL_PLATFORM_EXTENSIONS, size, ext, NULL));
	CHECK(check_has_word(ext, "cl_khr_semaphore"));
	free(ext);

#define GET(fn, var) \
	var = (fn##_fn)clGetExtensionFunctionAddressForPlatform(platform, #fn); \
	REQUIRE(var)
	GET(clCreateSemaphoreWithPropertiesKHR, create_sema);
	GET(clEnqueueWaitSemaphoresKHR, wait_sema);
	GET(clEnqueueSignalSemaphoresKHR, signal_sema);
	GET(clGetSemaphoreInfoKHR, sema_info);
	GET(clRetainSemaphoreKHR, retain_sema);
	GET(clReleaseSemaphoreKHR, release_sema);
	GET(clGetSemaphoreHandleForTypeKHR, sema_handle);

	/* Device and platform queries: binary semaphores, no handle types. */
	cl_semaphore_type_khr types[4];
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_SEMAPHORE_TYPES_KHR, sizeof(types), types, &size));
	CHECK(size == sizeof(cl_semaphore_type_khr) && types[0] == CL_SEMAPHORE_TYPE_BINARY_KHR);
	CHECK_OK(clGetPlatformInfo(platform, CL_PLATFORM_SEMAPHORE_TYPES_KHR, sizeof(types),
				   types, &size));
	CHECK(size == sizeof(cl_semaphore_type_khr) && types[0] == CL_SEMAPHORE_TYPE_BINARY_KHR);
	size = 1;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR, 0, NULL, &size));
	CHECK(size == 0);
	size = 1;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_SEMAPHORE_IMPORT_HANDLE_TYPES_KHR, 0, NULL, &size));
	CHECK(size == 0);
	size = 1;
	CHECK_OK(clGetPlatformInfo(platform, CL_PLATFORM_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR, 0,
				   NULL, &size));
	CHECK(size == 0);

	/* ---- creation and queries ---- */
	cl_semaphore_properties_khr with_dev[] = {
		CL_SEMAPHORE_TYPE_KHR, CL_SEMAPHORE_TYPE_BINARY_KHR,
		CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR, (cl_semaphore_properties_khr)dev,
		CL_SEMAPHORE_DEVICE_HANDLE_LIST_END_KHR, 0
	};
	cl_semaphore_khr s = create_sema(ctx, with_dev, &err);
	CHECK_OK(err);
	REQUIRE(s);
	cl_semaphore_type_khr type = 0;
	CHECK_OK(sema_info(s, CL_SEMAPHORE_TYPE_KHR, sizeof(type), &type, &size));
	CHECK(type == CL_SEMAPHORE_TYPE_BINARY_KHR && size == sizeof(type));
	cl_context c2 = NULL;
	CHECK_OK(sema_info(s, CL_SEMAPHORE_CONTEXT_KHR, sizeof(c2), &c2, NULL));
	CHECK(c2 == ctx);
	cl_uint refs = 0;
	CHECK_OK(sema_info(s, CL_SEMAPHORE_REFERENCE_COUNT_KHR, sizeof(refs), &refs, NULL));
	CHECK(refs == 1);
	CHECK_OK(retain_sema(s));
	CHECK_OK(sema_info(s, CL_SEMAPHORE_REFERENCE_COUNT_KHR, sizeof(refs), &refs, NULL));
	CHECK(refs == 2);
	CHECK_OK(release_sema(s));
	CHECK_OK(sema_info(s, CL_SEMAPHORE_REFERENCE_COUNT_KHR, sizeof(refs), &refs, NULL));
	CHECK(refs == 1);
	cl_semaphore_properties_khr got_props[8];
	CHECK_OK(sema_info(s, CL_SEMAPHORE_PROPERTIES_KHR, sizeof(got_props), got_props, &size));
	CHECK(size == sizeof(with_dev) && memcmp(got_props, with_dev, size) == 0);
	cl_device_id got_dev = NULL;
	CHECK_OK(sema_info(s, CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR, sizeof(got_dev), &got_dev, &size));
	CHECK(got_dev == dev && size == sizeof(got_dev));
	CHECK(payload_of(s) == 0);
	size = 1;
	CHECK_OK(sema_info(s, CL_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR, 0, NULL, &size));
	CHECK(size == 0);
	cl_bool exportable = CL_TRUE;
	CHECK_OK(sema_info(s, CL_SEMAPHORE_EXPORTABLE_KHR, sizeof(exportable), &exportable, NULL));
	CHECK(exportable == CL_FALSE);
	/* Query errors. */
	CHECK_ERR(sema_info(NULL, CL_SEMAPHORE_TYPE_KHR, sizeof(type), &type, NULL),
		  CL_INVALID_SEMAPHORE_KHR);
	CHECK_ERR(sema_info(s, 0x1234, sizeof(type), &type, NULL), CL_INVALID_VALUE);
	CHECK_ERR(sema_info(s, CL_SEMAPHORE_TYPE_KHR, 1, &type, NULL), CL_INVALID_VALUE);
	CHECK_ERR(sema_info(s, CL_SEMAPHORE_PROPERTIES_KHR, sizeof(got_props[0]), got_props,
			    NULL), CL_INVALID_VALUE);
	/* No handle to export. */
	int fd = -1;
	CHECK_ERR(sema_handle(s, dev, CL_SEMAPHORE_HANDLE_OPAQUE_FD_KHR, sizeof(fd), &fd, &size),
		  CL_INVALID_VALUE);
	CHECK_ERR(sema_handle(NULL, dev, CL_SEMAPHORE_HANDLE_OPAQUE_FD_KHR, sizeof(fd), &fd,
			      &size), CL_INVALID_SEMAPHORE_KHR);
	CHECK_ERR(retain_sema(NULL), CL_INVALID_SEMAPHORE_KHR);
	CHECK_ERR(release_sema(NULL), CL_INVALID_SEMAPHORE_KHR);

	/* Creation errors. */
	CHECK(create_sema(NULL, binary, &err) == NULL && err == CL_INVALID_CONTEXT);
	CHECK(create_sema(ctx, NULL, &err) == NULL && err == CL_INVALID_VALUE);
	cl_semaphore_properties_khr empty[] = { 0 };
	CHECK(create_sema(ctx, empty, &err) == NULL && err == CL_INVALID_VALUE);
	cl_semaphore_properties_khr bad_type[] = { CL_SEMAPHORE_TYPE_KHR, 77, 0 };
	CHECK(create_sema(ctx, bad_type, &err) == NULL && err == CL_INVALID_VALUE);
	cl_semaphore_properties_khr twice[] = {
		CL_SEMAPHORE_TYPE_KHR, CL_SEMAPHORE_TYPE_BINARY_KHR,
		CL_SEMAPHORE_TYPE_KHR, CL_SEMAPHORE_TYPE_BINARY_KHR, 0
	};
	CHECK(create_sema(ctx, twice, &err) == NULL && err == CL_INVALID_PROPERTY);
	cl_semaphore_properties_khr unknown[] = { 0x7777, 1, 0 };
	CHECK(create_sema(ctx, unknown, &err) == NULL && err == CL_INVALID_PROPERTY);
	cl_semaphore_properties_khr no_dev[] = {
		CL_SEMAPHORE_TYPE_KHR, CL_SEMAPHORE_TYPE_BINARY_KHR,
		CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR, CL_SEMAPHORE_DEVICE_HANDLE_LIST_END_KHR, 0
	};
	CHECK(create_sema(ctx, no_dev, &err) == NULL && err == CL_INVALID_DEVICE);
	cl_semaphore_properties_khr two_devs[] = {
		CL_SEMAPHORE_TYPE_KHR, CL_SEMAPHORE_TYPE_BINARY_KHR,
		CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR, (cl_semaphore_properties_khr)dev,
		(cl_semaphore_properties_khr)dev, CL_SEMAPHORE_DEVICE_HANDLE_LIST_END_KHR, 0
	};
	CHECK(create_sema(ctx, two_devs, &err) == NULL && err == CL_INVALID_DEVICE);
	cl_semaphore_properties_khr not_a_dev[] = {
		CL_SEMAPHORE_TYPE_KHR, CL_SEMAPHORE_TYPE_BINARY_KHR,
		CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR, (cl_semaphore_properties_khr)ctx,
		CL_SEMAPHORE_DEVICE_HANDLE_LIST_END_KHR, 0
	};
	CHECK(create_sema(ctx, not_a_dev, &err) == NULL && err == CL_INVALID_DEVICE);
	cl_semaphore_properties_khr export_fd[] = {
		CL_SEMAPHORE_TYPE_KHR, CL_SEMAPHORE_TYPE_BINARY_KHR,
		CL_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR, CL_SEMAPHORE_HANDLE_OPAQUE_FD_KHR,
		CL_SEMAPHORE_EXPORT_HANDLE_TYPES_LIST_END_KHR, 0
	};
	CHECK(create_sema(ctx, export_fd, &err) == NULL && err == CL_INVALID_VALUE);
	/* An empty export list asks for nothing. */
	cl_semaphore_properties_khr export_none[] = {
		CL_SEMAPHORE_TYPE_KHR, CL_SEMAPHORE_TYPE_BINARY_KHR,
		CL_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR,
		CL_SEMAPHORE_EXPORT_HANDLE_TYPES_LIST_END_KHR, 0
	};
	cl_semaphore_khr s_none = create_sema(ctx, export_none, &err);
	CHECK_OK(err);
	if (s_none)
		CHECK_OK(release_sema(s_none));

	/* ---- enqueue errors ---- */
	cl_semaphore_khr nulls[2] = { NULL, NULL };
	CHECK_ERR(signal_sema(NULL, 1, &s, NULL, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(wait_sema(NULL, 1, &s, NULL, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(signal_sema(q, 0, &s, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(wait_sema(q, 0, &s, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(signal_sema(q, 2, nulls, NULL, 0, NULL, NULL), CL_INVALID_SEMAPHORE_KHR);
	CHECK_ERR(wait_sema(q, 2, nulls, NULL, 0, NULL, NULL), CL_INVALID_SEMAPHORE_KHR);
	CHECK_ERR(signal_sema(q, 1, &s, NULL, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
	cl_event bogus = NULL;
	CHECK_ERR(wait_sema(q, 1, &s, NULL, 1, &bogus, NULL), CL_INVALID_EVENT_WAIT_LIST);
	{
		/* Another context: its queue, its events. */
		cl_context other = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
		CHECK_OK(err);
		cl_command_queue oq = clCreateCommandQueue(other, dev, 0, &err);
		CHECK_OK(err);
		cl_event oev = clCreateUserEvent(other, &err);
		CHECK_OK(err);
		CHECK_ERR(signal_sema(oq, 1, &s, NULL, 0, NULL, NULL), CL_INVALID_CONTEXT);
		CHECK_ERR(wait_sema(oq, 1, &s, NULL, 0, NULL, NULL), CL_INVALID_CONTEXT);
		CHECK_ERR(signal_sema(q, 1, &s, NULL, 1, &oev, NULL), CL_INVALID_CONTEXT);
		CHECK_OK(clSetUserEventStatus(oev, CL_COMPLETE));
		clReleaseEvent(oev);
		clReleaseCommandQueue(oq);
		clReleaseContext(other);
	}
	{
		/* A wait list with a failed event. */
		cl_event failed = clCreateUserEvent(ctx, &err);
		CHECK_OK(err);
		CHECK_OK(clSetUserEventStatus(failed, -5));
		CHECK_ERR(signal_sema(q, 1, &s, NULL, 1, &failed, NULL),
			  CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
		CHECK_ERR(wait_sema(q, 1, &s, NULL, 1, &failed, NULL),
			  CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
		clReleaseEvent(failed);
	}

	/* ---- one queue: signal, payload 1; wait, payload 0 ---- */
	cl_event e1, e2;
	CHECK_OK(signal_sema(q, 1, &s, NULL, 0, NULL, &e1));
	CHECK_OK(clWaitForEvents(1, &e1));
	CHECK(payload_of(s) == 1);
	/* Payload values are for timeline semaphores: ignored here. */
	cl_semaphore_payload_khr pl = 42;
	CHECK_OK(wait_sema(q, 1, &s, &pl, 0, NULL, &e2));
	CHECK_OK(clWaitForEvents(1, &e2));
	CHECK(payload_of(s) == 0);
	clReleaseEvent(e1), clReleaseEvent(e2);

	/* ---- two queues, the data the consumer copies ---- */
	cl_program prog = check_build(ctx, dev, src, NULL);
	cl_kernel fill = clCreateKernel(prog, "fill", &err);
	CHECK_OK(err);
	for (int ooo = 0; ooo < 2; ooo++)
		for (int wait_first = 0; wait_first < 2; wait_first++)
			check_order(ctx, dev, fill, ooo, wait_first);

	/* ---- several semaphores in one call, reused ten times ---- */
	{
		cl_semaphore_khr two[2];
		two[0] = create_sema(ctx, binary, &err);
		CHECK_OK(err);
		two[1] = create_sema(ctx, binary, &err);
		CHECK_OK(err);
		cl_command_queue q2 = clCreateCommandQueue(ctx, dev, 0, &err);
		CHECK_OK(err);
		for (int round = 0; round < 10; round++) {
			cl_event sa, sb, w;
			CHECK_OK(signal_sema(q, 1, &two[0], NULL, 0, NULL, &sa));
			CHECK_OK(signal_sema(q2, 1, &two[1], NULL, 0, NULL, &sb));
			CHECK_OK(wait_sema(q2, 2, two, NULL, 0, NULL, &w));
			CHECK_OK(clWaitForEvents(1, &w));
			CHECK(status_of(sa) == CL_COMPLETE && status_of(sb) == CL_COMPLETE);
			clReleaseEvent(sa), clReleaseEvent(sb), clReleaseEvent(w);
		}
		CHECK(payload_of(two[0]) == 0 && payload_of(two[1]) == 0);
		CHECK_OK(clFinish(q));
		CHECK_OK(clFinish(q2));
		clReleaseCommandQueue(q2);
		/* Signal both in one call, wait for each. */
		cl_event sab, wa, wb;
		CHECK_OK(signal_sema(q, 2, two, NULL, 0, NULL, &sab));
		CHECK_OK(wait_sema(q, 1, &two[0], NULL, 0, NULL, &wa));
		CHECK_OK(wait_sema(q, 1, &two[1], NULL, 0, NULL, &wb));
		CHECK_OK(clFinish(q));
		CHECK(status_of(sab) == CL_COMPLETE && status_of(wa) == CL_COMPLETE &&
		      status_of(wb) == CL_COMPLETE);
		clReleaseEvent(sab), clReleaseEvent(wa), clReleaseEvent(wb);
		CHECK_OK(release_sema(two[0]));
		CHECK_OK(release_sema(two[1]));
	}

	/* ---- a signal that fails fails its wait ---- */
	{
		cl_command_queue q2 = clCreateCommandQueue(ctx, dev, 0, &err);
		CHECK_OK(err);
		cl_event gate = clCreateUserEvent(ctx, &err);
		CHECK_OK(err);
		cl_event sig, w;
		CHECK_OK(wait_sema(q2, 1, &s, NULL, 0, NULL, &w));  /* before */
		CHECK_OK(signal_sema(q, 1, &s, NULL, 1, &gate, &sig));
		CHECK_OK(clSetUserEventStatus(gate, -9));
		clWaitForEvents(1, &w);
		CHECK(status_of(sig) < 0);
		CHECK(status_of(w) < 0);
		CHECK(payload_of(s) == 0);
		/* The semaphore still works afterwards. */
		cl_event sig2, w2;
		CHECK_OK(signal_sema(q, 1, &s, NULL, 0, NULL, &sig2));
		CHECK_OK(wait_sema(q2, 1, &s, NULL, 0, NULL, &w2));
		CHECK_OK(clWaitForEvents(1, &w2));
		CHECK(status_of(w2) == CL_COMPLETE);
		clReleaseEvent(gate), clReleaseEvent(sig), clReleaseEvent(w);
		clReleaseEvent(sig2), clReleaseEvent(w2);
		CHECK_OK(clFinish(q));
		clReleaseCommandQueue(q2);
	}

	/* ---- released while its commands wait: they still complete ---- */
	{
		cl_semaphore_khr t = create_sema(ctx, binary, &err);
		CHECK_OK(err);
		cl_event gate = clCreateUserEvent(ctx, &err);
		cl_event w;
		CHECK_OK(signal_sema(q, 1, &t, NULL, 1, &gate, NULL));
		CHECK_OK(wait_sema(q, 1, &t, NULL, 0, NULL, &w));
		CHECK_OK(release_sema(t));
		CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
		CHECK_OK(clWaitForEvents(1, &w));
		CHECK(status_of(w) == CL_COMPLETE);
		clReleaseEvent(gate), clReleaseEvent(w);
	}

	/* ---- sub-devices: a semaphore is for one device ---- */
	cl_uint max_sub = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_PARTITION_MAX_SUB_DEVICES, sizeof(max_sub),
				 &max_sub, NULL));
	if (max_sub >= 2) {
		cl_device_partition_property one_each[] = {
			CL_DEVICE_PARTITION_BY_COUNTS, 1, 1,
			CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0
		};
		cl_device_id subs[2];
		cl_uint n = 0;
		CHECK_OK(clCreateSubDevices(dev, one_each, 2, subs, &n));
		cl_context mctx = clCreateContext(NULL, 2, subs, NULL, NULL, &err);
		CHECK_OK(err);
		/* Two devices and no device list. */
		CHECK(create_sema(mctx, binary, &err) == NULL && err == CL_INVALID_PROPERTY);
		/* A device outside the context. */
		CHECK(create_sema(mctx, with_dev, &err) == NULL && err == CL_INVALID_DEVICE);
		cl_semaphore_properties_khr for0[] = {
			CL_SEMAPHORE_TYPE_KHR, CL_SEMAPHORE_TYPE_BINARY_KHR,
			CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR, (cl_semaphore_properties_khr)subs[0],
			CL_SEMAPHORE_DEVICE_HANDLE_LIST_END_KHR, 0
		};
		cl_semaphore_khr m = create_sema(mctx, for0, &err);
		CHECK_OK(err);
		CHECK_OK(sema_info(m, CL_SEMAPHORE_DEVICE_HANDLE_LIST_KHR, sizeof(got_dev),
				   &got_dev, NULL));
		CHECK(got_dev == subs[0]);
		cl_command_queue q0 = clCreateCommandQueue(mctx, subs[0], 0, &err);
		CHECK_OK(err);
		cl_command_queue q1 = clCreateCommandQueue(mctx, subs[1], 0, &err);
		CHECK_OK(err);
		CHECK_ERR(signal_sema(q1, 1, &m, NULL, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
		CHECK_ERR(wait_sema(q1, 1, &m, NULL, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
		cl_event w;
		CHECK_OK(signal_sema(q0, 1, &m, NULL, 0, NULL, NULL));
		CHECK_OK(wait_sema(q0, 1, &m, NULL, 0, NULL, &w));
		CHECK_OK(clWaitForEvents(1, &w));
		clReleaseEvent(w);
		CHECK_OK(release_sema(m));
		clReleaseCommandQueue(q0), clReleaseCommandQueue(q1);
		clReleaseContext(mctx);
		clReleaseDevice(subs[0]), clReleaseDevice(subs[1]);
	}

	CHECK_OK(release_sema(s));
	clReleaseKernel(fill);
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
