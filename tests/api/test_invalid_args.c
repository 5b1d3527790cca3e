/* Every class of invalid argument against the error the OpenCL 3.0 spec
 * names for it, entry point by entry point (the "Errors" list of each
 * function in §4 and §5): NULL and stale handles of each object type,
 * handles of the wrong type, invalid flag bits and property names, zero and
 * too-large sizes, bad event wait lists (a NULL list with a count, a list
 * with count 0, an invalid event, an event of another context), kernel
 * argument index and size errors, queue property errors and work sizes
 * whose work-item count does not fit a size_t.
 *
 * Each row is one call and the exact code it must return.  Everything runs
 * through the ICD loader, as an application's calls do: a NULL handle may
 * be answered by the loader itself, with the same code.
 *
 * A "stale" handle is memory whose first word is Kiln's dispatch table (so
 * that the loader hands the call to Kiln) and whose object header is not
 * that of a live object: what a released object looks like to Kiln once it
 * has been freed, without reading freed memory. */
#include "check.h"

#include <dlfcn.h>
#include <stdint.h>

#define BOGUS 0x7fff1234u /* an enumerant no table defines */

static int rows;

/* One table row: `call` returns a cl_int. */
#define ROW(code, call)                                                        \
	do {                                                                   \
		rows++;                                                        \
		CHECK_ERR(call, code);                                         \
	} while (0)

/* A row for a create function: `call` takes &e as errcode_ret and returns
 * an object, which must be NULL. */
#define ROW_CREATE(code, call)                                                 \
	do {                                                                   \
		cl_int e = 12345;                                              \
		rows++;                                                        \
		void *obj_ = (void *)(call);                                   \
		CHECK(obj_ == NULL);                                           \
		if (e != (code))                                               \
			fprintf(stderr, "%s:%d: %s set %d, expected %s (%d)\n",  \
				__FILE__, __LINE__, #call, e, #code, (int)(code)); \
		CHECK(e == (code));                                            \
	} while (0)

static void CL_CALLBACK notify(const char *e, const void *p, size_t n, void *u)
{
	(void)e, (void)p, (void)n, (void)u;
}

static void CL_CALLBACK ctx_cb(cl_context c, void *u)
{
	(void)c, (void)u;
}

static void CL_CALLBACK native_noop(void *p)
{
	(void)p;
}

static void CL_CALLBACK event_cb(cl_event e, cl_int s, void *u)
{
	(void)e, (void)s, (void)u;
}

/* Kiln's own clUnloadPlatformCompiler, not the loader's: the library the
 * ICD file of OCL_ICD_VENDORS names, opened again (the same handle). */
static cl_int kiln_direct_unload(cl_platform_id p)
{
	static cl_int (*fn)(cl_platform_id);
	if (!fn) {
		const char *dir = getenv("OCL_ICD_VENDORS");
		char path[4096], lib[4096] = "";
		snprintf(path, sizeof(path), "%s/kiln.icd", dir ? dir : ".");
		FILE *f = fopen(path, "r");
		REQUIRE(f && fgets(lib, sizeof(lib), f));
		fclose(f);
		lib[strcspn(lib, "\n")] = '\0';
		void *h = dlopen(lib, RTLD_NOW | RTLD_NOLOAD);
		if (!h)
			h = dlopen(lib, RTLD_NOW);
		REQUIRE(h);
		*(void **)&fn = dlsym(h, "clUnloadPlatformCompiler");
		REQUIRE(fn);
	}
	return fn(p);
}

static const char src[] =
	"kernel void k(global int *a, int b, local int *l)\n"
	"{ l[get_local_id(0)] = b; a[get_global_id(0)] = l[get_local_id(0)]; }\n";

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_int err;
	check_setup(&platform, &dev, &ctx, &q);

	/* A second context with a queue, a buffer and an event of its own. */
	cl_context ctx2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(ctx2);
	cl_command_queue q2 = clCreateCommandQueueWithProperties(ctx2, dev, NULL, &err);
	REQUIRE(q2);
	cl_mem buf2 = clCreateBuffer(ctx2, CL_MEM_READ_WRITE, 256, NULL, &err);
	REQUIRE(buf2);
	cl_event ev2 = clCreateUserEvent(ctx2, &err);
	REQUIRE(ev2);

	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1024, NULL, &err);
	REQUIRE(buf);
	cl_event uev = clCreateUserEvent(ctx, &err);
	REQUIRE(uev);
	cl_program prog = check_build(ctx, dev, src, NULL);
	cl_kernel k = clCreateKernel(prog, "k", &err);
	REQUIRE(k);
	const char *s = src;
	cl_program unbuilt = clCreateProgramWithSource(ctx, 1, &s, NULL, &err);
	REQUIRE(unbuilt);
	cl_image_format fmt = { CL_RGBA, CL_UNORM_INT8 };
	cl_image_desc desc = { .image_type = CL_MEM_OBJECT_IMAGE2D,
			       .image_width = 16, .image_height = 16 };
	cl_mem img = clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &desc, NULL, &err);
	REQUIRE(img);
	cl_sampler smp = clCreateSampler(ctx, CL_FALSE, CL_ADDRESS_CLAMP,
					 CL_FILTER_NEAREST, &err);
	REQUIRE(smp);
	cl_event done_ev; /* a command's event, complete */
	CHECK_OK(clEnqueueMarkerWithWaitList(q, 0, NULL, &done_ev));
	CHECK_OK(clFinish(q));

	/* Stale handles: Kiln's dispatch table, no live object behind it. */
	static uint64_t stale_mem[32];
	memcpy(stale_mem, (void *)ctx, sizeof(void *));
	void *stale = stale_mem;
	cl_context s_ctx = stale;
	cl_command_queue s_q = stale;
	cl_mem s_mem = stale;
	cl_program s_prog = stale;
	cl_kernel s_k = stale;
	cl_event s_ev = stale;
	cl_sampler s_smp = stale;
	cl_device_id s_dev = stale;
	cl_platform_id s_plat = stale;

	char out[256];
	size_t size;
	int host[256];
	cl_ulong max_alloc = 0;
	clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(max_alloc), &max_alloc, NULL);

	/* ---- platform and device (§4.1, §4.2, §4.3) ---------------------- */
	ROW(CL_INVALID_VALUE, clGetPlatformInfo(platform, BOGUS, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clGetPlatformInfo(platform, CL_PLATFORM_NAME, 1, out, NULL));
	ROW(CL_INVALID_PLATFORM, clGetPlatformInfo(s_plat, CL_PLATFORM_NAME, sizeof(out), out, NULL));
	ROW(CL_INVALID_PLATFORM, clGetPlatformInfo((cl_platform_id)ctx, CL_PLATFORM_NAME, sizeof(out), out, NULL));
	ROW(CL_INVALID_DEVICE_TYPE, clGetDeviceIDs(platform, 0, 1, &(cl_device_id){ 0 }, NULL));
	ROW(CL_INVALID_DEVICE_TYPE, clGetDeviceIDs(platform, (cl_device_type)1 << 40, 1, &(cl_device_id){ 0 }, NULL));
	ROW(CL_INVALID_VALUE, clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, &(cl_device_id){ 0 }, NULL));
	ROW(CL_INVALID_VALUE, clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, NULL, NULL));
	ROW(CL_DEVICE_NOT_FOUND, clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &(cl_device_id){ 0 }, NULL));
	ROW(CL_INVALID_VALUE, clGetDeviceInfo(dev, BOGUS, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clGetDeviceInfo(dev, CL_DEVICE_NAME, 1, out, NULL));
	ROW(CL_INVALID_DEVICE, clGetDeviceInfo(s_dev, CL_DEVICE_NAME, sizeof(out), out, NULL));
	ROW(CL_INVALID_DEVICE, clGetDeviceInfo((cl_device_id)ctx, CL_DEVICE_NAME, sizeof(out), out, NULL));
	ROW(CL_INVALID_DEVICE, clRetainDevice(s_dev));
	ROW(CL_INVALID_DEVICE, clReleaseDevice((cl_device_id)buf));
	ROW(CL_INVALID_VALUE, clCreateSubDevices(dev, (cl_device_partition_property[]){ BOGUS, 0 }, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clCreateSubDevices(dev, NULL, 0, NULL, NULL));
	ROW(CL_INVALID_DEVICE, clCreateSubDevices(s_dev, (cl_device_partition_property[]){ CL_DEVICE_PARTITION_EQUALLY, 1, 0 }, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clGetDeviceAndHostTimer(dev, NULL, &(cl_ulong){ 0 }));
	ROW(CL_INVALID_VALUE, clGetDeviceAndHostTimer(dev, &(cl_ulong){ 0 }, NULL));
	ROW(CL_INVALID_VALUE, clGetHostTimer(dev, NULL));
	ROW(CL_INVALID_DEVICE, clGetHostTimer(s_dev, &(cl_ulong){ 0 }));
	/* ocl-icd hands every call whose first argument is a platform to the
	 * default platform when that argument is NULL (selectPlatformID in
	 * its generated dispatch code), so through the loader a NULL platform
	 * is Kiln's own and the call succeeds.  Kiln's entry point itself
	 * answers NULL with CL_INVALID_PLATFORM (§5.8.9): called directly. */
	ROW(CL_SUCCESS, clUnloadPlatformCompiler(NULL));
	ROW(CL_INVALID_PLATFORM, clUnloadPlatformCompiler(s_plat));
	ROW(CL_INVALID_PLATFORM, kiln_direct_unload(NULL));
	ROW(CL_INVALID_PLATFORM, kiln_direct_unload(s_plat));
	ROW(CL_SUCCESS, kiln_direct_unload(platform));
	ROW(CL_SUCCESS, clUnloadPlatformCompiler(platform));

	/* ---- contexts (§4.4) ---------------------------------------------- */
	ROW_CREATE(CL_INVALID_VALUE, clCreateContext(NULL, 0, &dev, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateContext(NULL, 1, NULL, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_DEVICE, clCreateContext(NULL, 1, &s_dev, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_DEVICE, clCreateContext(NULL, 1, (cl_device_id[]){ NULL }, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateContext(NULL, 1, &dev, NULL, out, &e));
	ROW_CREATE(CL_INVALID_PROPERTY, clCreateContext((cl_context_properties[]){
		CL_CONTEXT_PLATFORM, (cl_context_properties)platform, BOGUS, 1, 0 }, 1, &dev, notify, NULL, &e));
	ROW_CREATE(CL_INVALID_PROPERTY, clCreateContext((cl_context_properties[]){
		CL_CONTEXT_PLATFORM, (cl_context_properties)platform,
		CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0 }, 1, &dev, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_DEVICE_TYPE, clCreateContextFromType((cl_context_properties[]){
		CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0 }, 0, NULL, NULL, &e));
	ROW_CREATE(CL_DEVICE_NOT_FOUND, clCreateContextFromType((cl_context_properties[]){
		CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0 }, CL_DEVICE_TYPE_GPU, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateContextFromType((cl_context_properties[]){
		CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0 }, CL_DEVICE_TYPE_ALL, NULL, out, &e));
	ROW(CL_INVALID_VALUE, clGetContextInfo(ctx, BOGUS, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clGetContextInfo(ctx, CL_CONTEXT_DEVICES, 1, out, NULL));
	ROW(CL_INVALID_CONTEXT, clGetContextInfo(s_ctx, CL_CONTEXT_NUM_DEVICES, sizeof(out), out, NULL));
	ROW(CL_INVALID_CONTEXT, clGetContextInfo((cl_context)q, CL_CONTEXT_NUM_DEVICES, sizeof(out), out, NULL));
	ROW(CL_INVALID_CONTEXT, clRetainContext(s_ctx));
	ROW(CL_INVALID_CONTEXT, clReleaseContext((cl_context)buf));
	ROW(CL_INVALID_VALUE, clSetContextDestructorCallback(ctx, NULL, NULL));
	ROW(CL_INVALID_CONTEXT, clSetContextDestructorCallback(s_ctx, ctx_cb, NULL));

	/* ---- command-queues (§5.1) --------------------------------------- */
	ROW_CREATE(CL_INVALID_CONTEXT, clCreateCommandQueueWithProperties(s_ctx, dev, NULL, &e));
	ROW_CREATE(CL_INVALID_DEVICE, clCreateCommandQueueWithProperties(ctx, s_dev, NULL, &e));
	ROW_CREATE(CL_INVALID_DEVICE, clCreateCommandQueueWithProperties(ctx, (cl_device_id)buf, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateCommandQueueWithProperties(ctx, dev,
		(cl_queue_properties[]){ CL_QUEUE_PROPERTIES, (cl_queue_properties)1 << 20, 0 }, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateCommandQueueWithProperties(ctx, dev,
		(cl_queue_properties[]){ BOGUS, 0, 0 }, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateCommandQueueWithProperties(ctx, dev,
		(cl_queue_properties[]){ CL_QUEUE_SIZE, 4096, 0 }, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateCommandQueueWithProperties(ctx, dev,
		(cl_queue_properties[]){ CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE, 0 }, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateCommandQueue(ctx, dev, (cl_command_queue_properties)1 << 20, &e));
	ROW_CREATE(CL_INVALID_CONTEXT, clCreateCommandQueue((cl_context)buf, dev, 0, &e));
	ROW(CL_INVALID_VALUE, clGetCommandQueueInfo(q, BOGUS, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, 1, out, NULL));
	ROW(CL_INVALID_COMMAND_QUEUE, clGetCommandQueueInfo((cl_command_queue)ctx, CL_QUEUE_CONTEXT, sizeof(out), out, NULL));
	ROW(CL_INVALID_COMMAND_QUEUE, clFlush(s_q));
	ROW(CL_INVALID_COMMAND_QUEUE, clFinish((cl_command_queue)buf));
	ROW(CL_INVALID_COMMAND_QUEUE, clRetainCommandQueue(s_q));
	ROW(CL_INVALID_COMMAND_QUEUE, clReleaseCommandQueue((cl_command_queue)k));

	/* ---- buffers (§5.2) ----------------------------------------------- */
	ROW_CREATE(CL_INVALID_BUFFER_SIZE, clCreateBuffer(ctx, CL_MEM_READ_WRITE, 0, NULL, &e));
	ROW_CREATE(CL_INVALID_BUFFER_SIZE, clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)max_alloc + 1, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateBuffer(ctx, (cl_mem_flags)1 << 40, 64, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, 64, host, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 64, host, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateBuffer(ctx, CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, 64, NULL, &e));
	ROW_CREATE(CL_INVALID_HOST_PTR, clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, 64, NULL, &e));
	ROW_CREATE(CL_INVALID_HOST_PTR, clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, host, &e));
	ROW_CREATE(CL_INVALID_CONTEXT, clCreateBuffer(s_ctx, CL_MEM_READ_WRITE, 64, NULL, &e));
	ROW_CREATE(CL_INVALID_CONTEXT, clCreateBuffer((cl_context)q, CL_MEM_READ_WRITE, 64, NULL, &e));
	ROW_CREATE(CL_INVALID_PROPERTY, clCreateBufferWithProperties(ctx, (cl_mem_properties[]){ BOGUS, 0, 0 },
		CL_MEM_READ_WRITE, 64, NULL, &e));
	cl_buffer_region region = { 0, 0 };
	ROW_CREATE(CL_INVALID_BUFFER_SIZE, clCreateSubBuffer(buf, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &e));
	region = (cl_buffer_region){ 512, 1024 };
	ROW_CREATE(CL_INVALID_VALUE, clCreateSubBuffer(buf, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &e));
	region = (cl_buffer_region){ 0, 64 };
	ROW_CREATE(CL_INVALID_VALUE, clCreateSubBuffer(buf, 0, BOGUS, &region, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateSubBuffer(buf, 0, CL_BUFFER_CREATE_TYPE_REGION, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateSubBuffer(buf, (cl_mem_flags)1 << 40, CL_BUFFER_CREATE_TYPE_REGION, &region, &e));
	ROW_CREATE(CL_INVALID_MEM_OBJECT, clCreateSubBuffer(img, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &e));
	ROW_CREATE(CL_INVALID_MEM_OBJECT, clCreateSubBuffer(s_mem, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &e));
	region = (cl_buffer_region){ 1, 64 };
	ROW_CREATE(CL_MISALIGNED_SUB_BUFFER_OFFSET, clCreateSubBuffer(buf, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &e));
	region = (cl_buffer_region){ 0, 64 };
	cl_mem sub = clCreateSubBuffer(buf, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
	REQUIRE(sub);
	ROW_CREATE(CL_INVALID_MEM_OBJECT, clCreateSubBuffer(sub, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &e));
	ROW(CL_INVALID_VALUE, clGetMemObjectInfo(buf, BOGUS, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clGetMemObjectInfo(buf, CL_MEM_SIZE, 1, out, NULL));
	ROW(CL_INVALID_MEM_OBJECT, clGetMemObjectInfo((cl_mem)q, CL_MEM_SIZE, sizeof(out), out, NULL));
	ROW(CL_INVALID_MEM_OBJECT, clGetMemObjectInfo(s_mem, CL_MEM_SIZE, sizeof(out), out, NULL));
	ROW(CL_INVALID_MEM_OBJECT, clGetImageInfo(buf, CL_IMAGE_WIDTH, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clGetImageInfo(img, BOGUS, sizeof(out), out, NULL));
	ROW(CL_INVALID_MEM_OBJECT, clRetainMemObject(s_mem));
	ROW(CL_INVALID_MEM_OBJECT, clReleaseMemObject((cl_mem)smp));
	ROW(CL_INVALID_VALUE, clSetMemObjectDestructorCallback(buf, NULL, NULL));

	/* ---- buffer commands (§5.2.2-§5.2.4) and wait lists (§5.11) -------- */
	/* OpenCL 3.0 dropped "size is 0" from these lists (1.2 had it): an
	 * empty transfer in bounds is a command that does nothing. */
	ROW(CL_SUCCESS, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 0, host, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueReadBuffer(q, buf, CL_TRUE, 1000, 64, host, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 64, NULL, 0, NULL, NULL));
	ROW(CL_INVALID_CONTEXT, clEnqueueReadBuffer(q, buf2, CL_TRUE, 0, 64, host, 0, NULL, NULL));
	ROW(CL_INVALID_MEM_OBJECT, clEnqueueReadBuffer(q, img, CL_TRUE, 0, 64, host, 0, NULL, NULL));
	ROW(CL_INVALID_MEM_OBJECT, clEnqueueReadBuffer(q, s_mem, CL_TRUE, 0, 64, host, 0, NULL, NULL));
	ROW(CL_INVALID_COMMAND_QUEUE, clEnqueueReadBuffer(s_q, buf, CL_TRUE, 0, 64, host, 0, NULL, NULL));
	ROW(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 64, host, 1, NULL, NULL));
	ROW(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 64, host, 0, &uev, NULL));
	ROW(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 64, host, 1, &s_ev, NULL));
	ROW(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 64, host, 1, (cl_event[]){ (cl_event)buf }, NULL));
	ROW(CL_INVALID_CONTEXT, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 64, host, 1, &ev2, NULL));
	ROW(CL_SUCCESS, clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, 0, host, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueWriteBuffer(q, buf, CL_TRUE, 1, 1024, host, 0, NULL, NULL));
	ROW(CL_INVALID_EVENT_WAIT_LIST, clEnqueueWriteBuffer(q, buf, CL_FALSE, 0, 64, host, 2, NULL, NULL));
	ROW(CL_INVALID_CONTEXT, clEnqueueWriteBuffer(q, buf, CL_FALSE, 0, 64, host, 1, &ev2, NULL));
	ROW(CL_MEM_COPY_OVERLAP, clEnqueueCopyBuffer(q, buf, buf, 0, 8, 16, 0, NULL, NULL));
	ROW(CL_SUCCESS, clEnqueueCopyBuffer(q, buf, buf, 0, 512, 0, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueCopyBuffer(q, buf, buf, 1000, 0, 64, 0, NULL, NULL));
	ROW(CL_INVALID_CONTEXT, clEnqueueCopyBuffer(q, buf, buf2, 0, 0, 64, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueFillBuffer(q, buf, host, 3, 0, 24, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueFillBuffer(q, buf, NULL, 4, 0, 64, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueFillBuffer(q, buf, host, 4, 2, 64, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueFillBuffer(q, buf, host, 256, 0, 256, 0, NULL, NULL));
	ROW(CL_SUCCESS, clEnqueueFillBuffer(q, buf, host, 4, 0, 0, 0, NULL, NULL));
	ROW_CREATE(CL_INVALID_VALUE, clEnqueueMapBuffer(q, buf, CL_TRUE, (cl_map_flags)1 << 10, 0, 64, 0, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, 0, 64, 0, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ, 0, 0, 0, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ, 1000, 64, 0, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_EVENT_WAIT_LIST, clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ, 0, 64, 1, NULL, NULL, &e));
	ROW(CL_INVALID_VALUE, clEnqueueUnmapMemObject(q, buf, host, 0, NULL, NULL));
	ROW(CL_INVALID_MEM_OBJECT, clEnqueueUnmapMemObject(q, s_mem, host, 0, NULL, NULL));
	size_t zero3[3] = { 0, 0, 0 }, r0[3] = { 0, 1, 1 }, r4[3] = { 4, 1, 1 };
	ROW(CL_INVALID_VALUE, clEnqueueReadBufferRect(q, buf, CL_TRUE, zero3, zero3, r0, 0, 0, 0, 0, host, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueReadBufferRect(q, buf, CL_TRUE, zero3, zero3, r4, 2, 0, 0, 0, host, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueWriteBufferRect(q, buf, CL_TRUE, zero3, zero3, r4, 0, 0, 2, 0, host, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueCopyBufferRect(q, buf, buf, zero3, zero3, r0, 0, 0, 0, 0, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueMigrateMemObjects(q, 0, NULL, 0, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueMigrateMemObjects(q, 1, &buf, (cl_mem_migration_flags)1 << 20, 0, NULL, NULL));
	ROW(CL_INVALID_MEM_OBJECT, clEnqueueMigrateMemObjects(q, 1, &s_mem, 0, 0, NULL, NULL));
	ROW(CL_INVALID_CONTEXT, clEnqueueMigrateMemObjects(q, 1, &buf2, 0, 0, NULL, NULL));

	/* ---- markers, barriers, events (§5.11, §5.12, §5.13) ------------- */
	ROW(CL_INVALID_EVENT_WAIT_LIST, clEnqueueMarkerWithWaitList(q, 1, NULL, NULL));
	ROW(CL_INVALID_EVENT_WAIT_LIST, clEnqueueMarkerWithWaitList(q, 0, &uev, NULL));
	ROW(CL_INVALID_EVENT_WAIT_LIST, clEnqueueBarrierWithWaitList(q, 1, &s_ev, NULL));
	ROW(CL_INVALID_CONTEXT, clEnqueueBarrierWithWaitList(q, 1, &ev2, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueMarker(q, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueWaitForEvents(q, 0, NULL));
	ROW(CL_INVALID_EVENT, clEnqueueWaitForEvents(q, 1, &s_ev));
	ROW(CL_INVALID_CONTEXT, clEnqueueWaitForEvents(q, 1, &ev2));
	ROW(CL_INVALID_VALUE, clWaitForEvents(0, NULL));
	ROW(CL_INVALID_VALUE, clWaitForEvents(1, NULL));
	ROW(CL_INVALID_EVENT, clWaitForEvents(1, &s_ev));
	ROW(CL_INVALID_EVENT, clWaitForEvents(2, (cl_event[]){ done_ev, (cl_event)buf }));
	ROW(CL_INVALID_CONTEXT, clWaitForEvents(2, (cl_event[]){ done_ev, ev2 }));
	ROW(CL_INVALID_VALUE, clGetEventInfo(uev, BOGUS, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clGetEventInfo(uev, CL_EVENT_CONTEXT, 1, out, NULL));
	ROW(CL_INVALID_EVENT, clGetEventInfo((cl_event)buf, CL_EVENT_CONTEXT, sizeof(out), out, NULL));
	ROW(CL_INVALID_EVENT, clGetEventInfo(s_ev, CL_EVENT_CONTEXT, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clSetUserEventStatus(uev, 5));
	ROW(CL_INVALID_VALUE, clSetUserEventStatus(uev, CL_RUNNING));
	ROW(CL_INVALID_EVENT, clSetUserEventStatus(done_ev, CL_COMPLETE));
	ROW(CL_INVALID_EVENT, clSetUserEventStatus(s_ev, CL_COMPLETE));
	ROW(CL_INVALID_VALUE, clSetEventCallback(uev, CL_QUEUED, event_cb, NULL));
	ROW(CL_INVALID_VALUE, clSetEventCallback(uev, CL_COMPLETE, NULL, NULL));
	ROW(CL_INVALID_EVENT, clSetEventCallback(s_ev, CL_COMPLETE, event_cb, NULL));
	ROW(CL_PROFILING_INFO_NOT_AVAILABLE, clGetEventProfilingInfo(uev, CL_PROFILING_COMMAND_START, sizeof(cl_ulong), out, NULL));
	ROW(CL_PROFILING_INFO_NOT_AVAILABLE, clGetEventProfilingInfo(done_ev, CL_PROFILING_COMMAND_START, sizeof(cl_ulong), out, NULL));
	ROW(CL_INVALID_EVENT, clGetEventProfilingInfo(s_ev, CL_PROFILING_COMMAND_START, sizeof(cl_ulong), out, NULL));
	ROW(CL_INVALID_EVENT, clRetainEvent(s_ev));
	ROW(CL_INVALID_EVENT, clReleaseEvent((cl_event)q));
	ROW_CREATE(CL_INVALID_CONTEXT, clCreateUserEvent(s_ctx, &e));

	/* ---- images (§5.3) ------------------------------------------------- */
	ROW_CREATE(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, clCreateImage(ctx, CL_MEM_READ_WRITE, NULL, &desc, NULL, &e));
	ROW_CREATE(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, clCreateImage(ctx, CL_MEM_READ_WRITE,
		&(cl_image_format){ BOGUS, CL_UNORM_INT8 }, &desc, NULL, &e));
	ROW_CREATE(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt,
		&(cl_image_desc){ .image_type = CL_MEM_OBJECT_BUFFER, .image_width = 4 }, NULL, &e));
	ROW_CREATE(CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt,
		&(cl_image_desc){ .image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = 0, .image_height = 4 }, NULL, &e));
	ROW_CREATE(CL_INVALID_IMAGE_SIZE, clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt,
		&(cl_image_desc){ .image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = (size_t)1 << 40, .image_height = 4 }, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateImage(ctx, (cl_mem_flags)1 << 40, &fmt, &desc, NULL, &e));
	ROW_CREATE(CL_INVALID_HOST_PTR, clCreateImage(ctx, CL_MEM_USE_HOST_PTR, &fmt, &desc, NULL, &e));
	ROW_CREATE(CL_INVALID_CONTEXT, clCreateImage(s_ctx, CL_MEM_READ_WRITE, &fmt, &desc, NULL, &e));
	ROW(CL_INVALID_VALUE, clGetSupportedImageFormats(ctx, CL_MEM_READ_WRITE, BOGUS, 0, NULL, &(cl_uint){ 0 }));
	ROW(CL_INVALID_VALUE, clGetSupportedImageFormats(ctx, (cl_mem_flags)1 << 40, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &(cl_uint){ 0 }));
	ROW(CL_INVALID_CONTEXT, clGetSupportedImageFormats(s_ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &(cl_uint){ 0 }));
	size_t origin[3] = { 0, 0, 0 }, reg1[3] = { 1, 1, 1 }, reg0[3] = { 0, 1, 1 };
	size_t far[3] = { 16, 0, 0 };
	ROW(CL_INVALID_VALUE, clEnqueueReadImage(q, img, CL_TRUE, origin, reg0, 0, 0, host, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueReadImage(q, img, CL_TRUE, far, reg1, 0, 0, host, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueReadImage(q, img, CL_TRUE, origin, reg1, 0, 0, NULL, 0, NULL, NULL));
	ROW(CL_INVALID_MEM_OBJECT, clEnqueueReadImage(q, buf, CL_TRUE, origin, reg1, 0, 0, host, 0, NULL, NULL));
	ROW(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadImage(q, img, CL_TRUE, origin, reg1, 0, 0, host, 1, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueWriteImage(q, img, CL_TRUE, origin, reg1, 1, 0, host, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueFillImage(q, img, NULL, origin, reg1, 0, NULL, NULL));
	ROW(CL_INVALID_MEM_OBJECT, clEnqueueCopyImageToBuffer(q, img, img, origin, reg1, 0, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueCopyImageToBuffer(q, img, buf, origin, reg1, 1021, 0, NULL, NULL));
	ROW(CL_INVALID_MEM_OBJECT, clEnqueueCopyBufferToImage(q, buf, buf, 0, origin, reg1, 0, NULL, NULL));
	ROW_CREATE(CL_INVALID_VALUE, clEnqueueMapImage(q, img, CL_TRUE, CL_MAP_READ, origin, reg1, NULL, NULL, 0, NULL, NULL, &e));

	/* ---- samplers (§5.4) ---------------------------------------------- */
	ROW_CREATE(CL_INVALID_VALUE, clCreateSampler(ctx, CL_FALSE, BOGUS, CL_FILTER_NEAREST, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateSampler(ctx, CL_FALSE, CL_ADDRESS_CLAMP, BOGUS, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateSampler(ctx, 7, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &e));
	ROW_CREATE(CL_INVALID_CONTEXT, clCreateSampler(s_ctx, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateSamplerWithProperties(ctx, (cl_sampler_properties[]){ BOGUS, 0, 0 }, &e));
	ROW(CL_INVALID_VALUE, clGetSamplerInfo(smp, BOGUS, sizeof(out), out, NULL));
	ROW(CL_INVALID_SAMPLER, clGetSamplerInfo((cl_sampler)buf, CL_SAMPLER_CONTEXT, sizeof(out), out, NULL));
	ROW(CL_INVALID_SAMPLER, clRetainSampler(s_smp));

	/* ---- programs (§5.8) ---------------------------------------------- */
	ROW_CREATE(CL_INVALID_VALUE, clCreateProgramWithSource(ctx, 0, &s, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateProgramWithSource(ctx, 1, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateProgramWithSource(ctx, 2, (const char *[]){ src, NULL }, NULL, &e));
	ROW_CREATE(CL_INVALID_CONTEXT, clCreateProgramWithSource(s_ctx, 1, &s, NULL, &e));
	const unsigned char junk[16] = "not a binary....";
	const unsigned char *bins[1] = { junk };
	size_t lens[1] = { 0 };
	cl_int bstatus = 0;
	ROW_CREATE(CL_INVALID_VALUE, clCreateProgramWithBinary(ctx, 1, &dev, lens, bins, &bstatus, &e));
	lens[0] = sizeof(junk);
	ROW_CREATE(CL_INVALID_BINARY, clCreateProgramWithBinary(ctx, 1, &dev, lens, bins, &bstatus, &e));
	CHECK(bstatus == CL_INVALID_BINARY);
	ROW_CREATE(CL_INVALID_VALUE, clCreateProgramWithBinary(ctx, 1, &dev, lens, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateProgramWithBinary(ctx, 0, &dev, lens, bins, NULL, &e));
	ROW_CREATE(CL_INVALID_DEVICE, clCreateProgramWithBinary(ctx, 1, &s_dev, lens, bins, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateProgramWithIL(ctx, NULL, 0, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateProgramWithIL(ctx, junk, sizeof(junk), &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateProgramWithBuiltInKernels(ctx, 1, &dev, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateProgramWithBuiltInKernels(ctx, 1, &dev, "no_such_kernel", &e));
	ROW(CL_INVALID_VALUE, clBuildProgram(unbuilt, 0, &dev, NULL, NULL, NULL));
	ROW(CL_INVALID_VALUE, clBuildProgram(unbuilt, 1, NULL, NULL, NULL, NULL));
	ROW(CL_INVALID_VALUE, clBuildProgram(unbuilt, 1, &dev, NULL, NULL, out));
	ROW(CL_INVALID_DEVICE, clBuildProgram(unbuilt, 1, &s_dev, NULL, NULL, NULL));
	ROW(CL_INVALID_BUILD_OPTIONS, clBuildProgram(unbuilt, 1, &dev, "-no-such-option", NULL, NULL));
	ROW(CL_INVALID_BUILD_OPTIONS, clBuildProgram(unbuilt, 1, &dev, "-cl-std=CL4.0", NULL, NULL));
	ROW(CL_INVALID_BUILD_OPTIONS, clBuildProgram(unbuilt, 1, &dev, "-cl-std=CL1.3", NULL, NULL));
	ROW(CL_INVALID_PROGRAM, clBuildProgram((cl_program)k, 1, &dev, NULL, NULL, NULL));
	ROW(CL_INVALID_PROGRAM, clBuildProgram(s_prog, 1, &dev, NULL, NULL, NULL));
	ROW(CL_INVALID_OPERATION, clBuildProgram(prog, 1, &dev, NULL, NULL, NULL)); /* kernels attached */
	ROW(CL_INVALID_VALUE, clCompileProgram(unbuilt, 1, &dev, NULL, 1, NULL, NULL, NULL, NULL));
	ROW(CL_INVALID_VALUE, clCompileProgram(unbuilt, 1, &dev, NULL, 0, &prog, NULL, NULL, NULL));
	ROW_CREATE(CL_INVALID_VALUE, clLinkProgram(ctx, 1, &dev, NULL, 0, NULL, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clLinkProgram(ctx, 1, &dev, NULL, 1, NULL, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_PROGRAM, clLinkProgram(ctx, 1, &dev, NULL, 1, &s_prog, NULL, NULL, &e));
	ROW(CL_INVALID_VALUE, clGetProgramInfo(prog, BOGUS, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clGetProgramInfo(prog, CL_PROGRAM_CONTEXT, 1, out, NULL));
	ROW(CL_INVALID_PROGRAM_EXECUTABLE, clGetProgramInfo(unbuilt, CL_PROGRAM_NUM_KERNELS, sizeof(size), &size, NULL));
	ROW(CL_INVALID_PROGRAM, clGetProgramInfo((cl_program)buf, CL_PROGRAM_CONTEXT, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clGetProgramBuildInfo(prog, dev, BOGUS, sizeof(out), out, NULL));
	ROW(CL_INVALID_DEVICE, clGetProgramBuildInfo(prog, s_dev, CL_PROGRAM_BUILD_STATUS, sizeof(out), out, NULL));
	ROW(CL_INVALID_PROGRAM, clRetainProgram(s_prog));
	/* §5.8.4: a program from source has no specialization constants. */
	ROW(CL_INVALID_PROGRAM, clSetProgramSpecializationConstant(prog, 0, 4, &(cl_int){ 0 }));

	/* ---- kernels (§5.9) ----------------------------------------------- */
	ROW_CREATE(CL_INVALID_KERNEL_NAME, clCreateKernel(prog, "no_such_kernel", &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreateKernel(prog, NULL, &e));
	ROW_CREATE(CL_INVALID_PROGRAM_EXECUTABLE, clCreateKernel(unbuilt, "k", &e));
	ROW_CREATE(CL_INVALID_PROGRAM, clCreateKernel((cl_program)buf, "k", &e));
	ROW_CREATE(CL_INVALID_PROGRAM, clCreateKernel(s_prog, "k", &e));
	cl_kernel ks[1];
	ROW(CL_INVALID_VALUE, clCreateKernelsInProgram(prog, 0, ks, NULL));
	ROW(CL_INVALID_PROGRAM_EXECUTABLE, clCreateKernelsInProgram(unbuilt, 1, ks, NULL));
	cl_int v = 1;
	ROW(CL_INVALID_ARG_INDEX, clSetKernelArg(k, 3, sizeof(v), &v));
	ROW(CL_INVALID_ARG_INDEX, clSetKernelArg(k, 99, sizeof(v), &v));
	ROW(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 1, 8, &(cl_long){ 1 }));
	ROW(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 1, 0, &v));
	ROW(CL_INVALID_ARG_VALUE, clSetKernelArg(k, 1, sizeof(v), NULL));
	ROW(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 0, 4, &buf));
	ROW(CL_INVALID_MEM_OBJECT, clSetKernelArg(k, 0, sizeof(cl_mem), &s_mem));
	ROW(CL_INVALID_MEM_OBJECT, clSetKernelArg(k, 0, sizeof(cl_mem), &smp));
	ROW(CL_INVALID_MEM_OBJECT, clSetKernelArg(k, 0, sizeof(cl_mem), &img));
	ROW(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 2, 0, NULL));
	ROW(CL_INVALID_ARG_VALUE, clSetKernelArg(k, 2, 16, host));
	ROW(CL_INVALID_KERNEL, clSetKernelArg(s_k, 0, sizeof(cl_mem), &buf));
	ROW(CL_INVALID_KERNEL, clSetKernelArg((cl_kernel)prog, 0, sizeof(cl_mem), &buf));
	ROW(CL_INVALID_VALUE, clGetKernelInfo(k, BOGUS, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, 1, out, NULL));
	ROW(CL_INVALID_KERNEL, clGetKernelInfo(s_k, CL_KERNEL_FUNCTION_NAME, sizeof(out), out, NULL));
	ROW(CL_INVALID_ARG_INDEX, clGetKernelArgInfo(k, 3, CL_KERNEL_ARG_NAME, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clGetKernelArgInfo(k, 0, BOGUS, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clGetKernelWorkGroupInfo(k, dev, BOGUS, sizeof(out), out, NULL));
	ROW(CL_INVALID_DEVICE, clGetKernelWorkGroupInfo(k, s_dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clSetKernelExecInfo(k, BOGUS, sizeof(v), &v));
	ROW(CL_INVALID_KERNEL, clRetainKernel(s_k));
	ROW(CL_INVALID_KERNEL, clReleaseKernel((cl_kernel)ctx));
	ROW_CREATE(CL_INVALID_KERNEL, clCloneKernel(s_k, &e));

	/* ---- NDRange (§5.10) ---------------------------------------------- */
	size_t g1 = 64, l1 = 16;
	ROW(CL_INVALID_KERNEL_ARGS, clEnqueueNDRangeKernel(q, k, 1, NULL, &g1, &l1, 0, NULL, NULL));
	CHECK_OK(clSetKernelArg(k, 0, sizeof(buf), &buf));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(v), &v));
	CHECK_OK(clSetKernelArg(k, 2, 16 * sizeof(cl_int), NULL));
	ROW(CL_INVALID_WORK_DIMENSION, clEnqueueNDRangeKernel(q, k, 0, NULL, &g1, &l1, 0, NULL, NULL));
	ROW(CL_INVALID_WORK_DIMENSION, clEnqueueNDRangeKernel(q, k, 4, NULL, (size_t[]){ 1, 1, 1, 1 }, NULL, 0, NULL, NULL));
	ROW(CL_INVALID_WORK_GROUP_SIZE, clEnqueueNDRangeKernel(q, k, 1, NULL, &g1, (size_t[]){ 0 }, 0, NULL, NULL));
	ROW(CL_INVALID_WORK_ITEM_SIZE, clEnqueueNDRangeKernel(q, k, 1, NULL, (size_t[]){ (size_t)1 << 40 },
		(size_t[]){ (size_t)1 << 40 }, 0, NULL, NULL));
	/* 2^32 × 2^32 work-items: the count reaches 2^64. */
	ROW(CL_INVALID_GLOBAL_WORK_SIZE, clEnqueueNDRangeKernel(q, k, 2, NULL,
		(size_t[]){ (size_t)1 << 32, (size_t)1 << 32 }, (size_t[]){ 1, 1 }, 0, NULL, NULL));
	ROW(CL_INVALID_GLOBAL_WORK_SIZE, clEnqueueNDRangeKernel(q, k, 3, NULL,
		(size_t[]){ (size_t)1 << 22, (size_t)1 << 22, (size_t)1 << 22 }, NULL, 0, NULL, NULL));
	ROW(CL_INVALID_GLOBAL_WORK_SIZE, clEnqueueNDRangeKernel(q, k, 2, NULL,
		(size_t[]){ SIZE_MAX, 2 }, (size_t[]){ 1, 1 }, 0, NULL, NULL));
	ROW(CL_INVALID_GLOBAL_OFFSET, clEnqueueNDRangeKernel(q, k, 1, (size_t[]){ SIZE_MAX - 8 },
		&g1, &l1, 0, NULL, NULL));
	ROW(CL_INVALID_CONTEXT, clEnqueueNDRangeKernel(q2, k, 1, NULL, &g1, &l1, 0, NULL, NULL));
	ROW(CL_INVALID_EVENT_WAIT_LIST, clEnqueueNDRangeKernel(q, k, 1, NULL, &g1, &l1, 1, NULL, NULL));
	ROW(CL_INVALID_EVENT_WAIT_LIST, clEnqueueNDRangeKernel(q, k, 1, NULL, &g1, &l1, 0, &uev, NULL));
	ROW(CL_INVALID_CONTEXT, clEnqueueNDRangeKernel(q, k, 1, NULL, &g1, &l1, 1, &ev2, NULL));
	ROW(CL_INVALID_KERNEL, clEnqueueNDRangeKernel(q, s_k, 1, NULL, &g1, &l1, 0, NULL, NULL));
	ROW(CL_INVALID_COMMAND_QUEUE, clEnqueueNDRangeKernel((cl_command_queue)k, k, 1, NULL, &g1, &l1, 0, NULL, NULL));
	ROW(CL_INVALID_CONTEXT, clEnqueueTask(q2, k, 0, NULL, NULL));
	/* An empty NDRange (a zero in the global size) is not an error,
	 * whatever the other dimensions (§5.10). */
	ROW(CL_SUCCESS, clEnqueueNDRangeKernel(q, k, 2, NULL, (size_t[]){ SIZE_MAX, 0 }, NULL, 0, NULL, NULL));
	/* The valid NDRange still runs and writes v everywhere. */
	ROW(CL_SUCCESS, clEnqueueNDRangeKernel(q, k, 1, NULL, &g1, &l1, 0, NULL, NULL));
	int got[64];
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
	for (int i = 0; i < 64; i++)
		CHECK(got[i] == 1);

	/* ---- SVM (§5.6) ---------------------------------------------------- */
	CHECK(clSVMAlloc(ctx, CL_MEM_READ_WRITE, 0, 0) == NULL);
	CHECK(clSVMAlloc(ctx, (cl_svm_mem_flags)1 << 40, 64, 0) == NULL);
	CHECK(clSVMAlloc(ctx, CL_MEM_READ_WRITE, 64, 3) == NULL);
	CHECK(clSVMAlloc(s_ctx, CL_MEM_READ_WRITE, 64, 0) == NULL);
	ROW(CL_INVALID_VALUE, clEnqueueSVMFree(q, 1, NULL, NULL, NULL, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueSVMMemcpy(q, CL_TRUE, NULL, host, 4, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueSVMMemFill(q, host, NULL, 4, 16, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, NULL, 4, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueSVMUnmap(q, NULL, 0, NULL, NULL));

	/* ---- access flags, failed wait lists, pipes, legacy calls --------- */
	cl_mem ro_host = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_HOST_READ_ONLY, 64, NULL, &err);
	cl_mem no_host = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS, 64, NULL, &err);
	REQUIRE(ro_host && no_host);
	/* §5.2.2: host access the buffer's flags forbid. */
	ROW(CL_INVALID_OPERATION, clEnqueueWriteBuffer(q, ro_host, CL_TRUE, 0, 4, host, 0, NULL, NULL));
	ROW(CL_INVALID_OPERATION, clEnqueueReadBuffer(q, no_host, CL_TRUE, 0, 4, host, 0, NULL, NULL));
	ROW(CL_SUCCESS, clEnqueueFillBuffer(q, ro_host, host, 4, 0, 4, 0, NULL, NULL)); /* not host access */
	ROW_CREATE(CL_INVALID_OPERATION, clEnqueueMapBuffer(q, ro_host, CL_TRUE, CL_MAP_WRITE, 0, 4, 0, NULL, NULL, &e));
	ROW_CREATE(CL_INVALID_OPERATION, clEnqueueMapBuffer(q, no_host, CL_TRUE, CL_MAP_READ, 0, 4, 0, NULL, NULL, &e));
	/* §5.11: a blocking command whose wait list holds a failed event. */
	cl_event failed = clCreateUserEvent(ctx, &err);
	REQUIRE(failed);
	CHECK_OK(clSetUserEventStatus(failed, -100));
	ROW(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 4, host, 1, &failed, NULL));
	ROW(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, &failed));
	ROW(CL_INVALID_OPERATION, clSetUserEventStatus(failed, CL_COMPLETE)); /* set twice */
	CHECK_OK(clFinish(q));
	/* A command not yet complete has no end time (§5.14). */
	cl_command_queue pq = clCreateCommandQueueWithProperties(ctx, dev,
		(cl_queue_properties[]){ CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0 }, &err);
	REQUIRE(pq);
	cl_event gate = clCreateUserEvent(ctx, &err), pending;
	CHECK_OK(clEnqueueMarkerWithWaitList(pq, 1, &gate, &pending));
	ROW(CL_PROFILING_INFO_NOT_AVAILABLE, clGetEventProfilingInfo(pending, CL_PROFILING_COMMAND_END, sizeof(cl_ulong), out, NULL));
	ROW(CL_INVALID_VALUE, clGetEventProfilingInfo(pending, BOGUS, sizeof(cl_ulong), out, NULL));
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clFinish(pq));
	ROW(CL_SUCCESS, clGetEventProfilingInfo(pending, CL_PROFILING_COMMAND_END, sizeof(cl_ulong), out, NULL));
	ROW(CL_INVALID_VALUE, clGetEventProfilingInfo(pending, CL_PROFILING_COMMAND_END, 4, out, NULL));
	clReleaseEvent(gate);
	clReleaseEvent(pending);
	clReleaseCommandQueue(pq);
	clReleaseEvent(failed);
	clReleaseMemObject(ro_host);
	clReleaseMemObject(no_host);
	/* Images: copies between different formats, 2D regions of 3D depth. */
	cl_image_format fmt2 = { CL_R, CL_FLOAT };
	cl_mem img2 = clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt2, &desc, NULL, &err);
	REQUIRE(img2);
	ROW(CL_IMAGE_FORMAT_MISMATCH, clEnqueueCopyImage(q, img, img2, origin, origin, reg1, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueCopyImage(q, img, img, origin, origin, (size_t[]){ 1, 1, 2 }, 0, NULL, NULL));
	ROW(CL_MEM_COPY_OVERLAP, clEnqueueCopyImage(q, img, img, origin, (size_t[]){ 1, 1, 0 },
		(size_t[]){ 4, 4, 1 }, 0, NULL, NULL));
	ROW_CREATE(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, clCreateImage2D(ctx, CL_MEM_READ_WRITE, NULL, 4, 4, 0, NULL, &e));
	ROW_CREATE(CL_INVALID_IMAGE_SIZE, clCreateImage2D(ctx, CL_MEM_READ_WRITE, &fmt, 0, 4, 0, NULL, &e));
	clReleaseMemObject(img2);
	/* Pipes (§5.4). */
	ROW_CREATE(CL_INVALID_PIPE_SIZE, clCreatePipe(ctx, CL_MEM_READ_WRITE, 0, 16, NULL, &e));
	ROW_CREATE(CL_INVALID_PIPE_SIZE, clCreatePipe(ctx, CL_MEM_READ_WRITE, 4, 0, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreatePipe(ctx, CL_MEM_USE_HOST_PTR, 4, 16, NULL, &e));
	ROW_CREATE(CL_INVALID_VALUE, clCreatePipe(ctx, CL_MEM_READ_WRITE, 4, 16, (cl_pipe_properties[]){ 1, 0 }, &e));
	ROW(CL_INVALID_MEM_OBJECT, clGetPipeInfo(buf, CL_PIPE_PACKET_SIZE, sizeof(out), out, NULL));
	/* Native kernels (§5.10). */
	ROW(CL_INVALID_VALUE, clEnqueueNativeKernel(q, NULL, NULL, 0, 0, NULL, NULL, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueNativeKernel(q, native_noop, NULL, 8, 0, NULL, NULL, 0, NULL, NULL));
	ROW(CL_INVALID_VALUE, clEnqueueNativeKernel(q, native_noop, host, 8, 1, NULL, NULL, 0, NULL, NULL));
	/* Uniform work-groups: OpenCL C 1.x programs need them (§5.10). */
	ROW(CL_INVALID_WORK_GROUP_SIZE, clEnqueueNDRangeKernel(q, k, 1, NULL, (size_t[]){ 65 }, &l1, 0, NULL, NULL));
	/* Sub-group queries (§5.9.4). */
	ROW(CL_INVALID_VALUE, clGetKernelSubGroupInfo(k, dev, BOGUS, 0, NULL, sizeof(out), out, NULL));
	ROW(CL_INVALID_VALUE, clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, 0, NULL,
		sizeof(out), out, NULL));
	ROW(CL_INVALID_KERNEL, clGetKernelSubGroupInfo(s_k, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof(out), out, NULL));

	printf("%d rows\n", rows);
	clReleaseEvent(done_ev);
	CHECK_OK(clSetUserEventStatus(uev, CL_COMPLETE));
	CHECK_OK(clSetUserEventStatus(ev2, CL_COMPLETE));
	clReleaseEvent(uev);
	clReleaseEvent(ev2);
	clReleaseSampler(smp);
	clReleaseMemObject(img);
	clReleaseMemObject(sub);
	clReleaseMemObject(buf);
	clReleaseMemObject(buf2);
	clReleaseKernel(k);
	clReleaseProgram(prog);
	clReleaseProgram(unbuilt);
	clReleaseCommandQueue(q2);
	clReleaseContext(ctx2);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
