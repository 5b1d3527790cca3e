/* Short commands on the application thread that waits for them
 * (docs/architecture.md, "Waiting and waking").
 *
 * Where a kernel ran is seen from the address of one of its private
 * variables: private memory is on the stack of the thread running the
 * work-group.  Checked here:
 *   - a short kernel, after its first run, runs on the enqueuing thread
 *     (pool driver; the serial driver never does), and its results are
 *     right every time;
 *   - a kernel with an SVM argument never runs there (it may share memory
 *     with the very thread that would run it);
 *   - a thread whose stack is too small for the kernel's private memory
 *     hands it to a worker, with right results;
 *   - four application threads, each with its own queue, running short
 *     kernels with __local memory and barriers and blocking reads at once
 *     (one of them at a time may be the pool's guest), against a host
 *     reference;
 *   - a kernel that traps while running on the application thread ends its
 *     command with CL_OUT_OF_RESOURCES and the thread, the queue and later
 *     kernels go on. */
#include "check.h"

#include <pthread.h>
#include <stdint.h>

static const char src[] =
	/* private variables live across a barrier are kept in the barrier
	 * context, not on the stack: `where` has none, `mix` has one */
	"kernel void where(global ulong *out, local int *tmp, int v)\n"
	"{\n"
	"    int mine = v * 3;\n"
	"    volatile int *pm = &mine;\n"
	"    if (get_global_id(0) == 0) out[0] = (ulong)(size_t)pm;\n"
	"}\n"
	"kernel void mix(global ulong *out, local int *tmp, int v)\n"
	"{\n"
	"    int lid = get_local_id(0), n = get_local_size(0);\n"
	"    tmp[lid] = v * 3 + lid;\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    out[1 + get_global_id(0)] = (ulong)(tmp[(lid + 1) % n] + tmp[n - 1 - lid]);\n"
	"}\n"
	"kernel void svm_where(global ulong *out, int v)\n"
	"{\n"
	"    int mine = v;\n"
	"    volatile int *pm = &mine;\n"
	"    out[0] = (ulong)(size_t)pm;\n"
	"    out[1] = (ulong)(*pm + 1);\n"
	"}\n"
	"kernel void big_private(global ulong *out, int v)\n"
	"{\n"
	"    int p[262144];\n"
	"    volatile int *pp = p;\n"
	"    for (int i = 0; i < 262144; i += 4096) pp[i] = v + i;\n"
	"    out[0] = (ulong)(size_t)pp;\n"
	"    out[1] = (ulong)pp[v & 262143 & ~4095];\n"
	"}\n"
	"kernel void maybe_trap(global int *a, int t)\n"
	"{\n"
	"    if (a[0] == t) __builtin_trap();\n"
	"    a[1 + get_global_id(0)] = t;\n"
	"}\n";

#define LOCAL 64

static cl_context ctx;
static cl_device_id dev;
static cl_program prog;
static int serial;

/* The calling thread's stack, [lo, hi). */
static void my_stack(uintptr_t *lo, uintptr_t *hi)
{
	pthread_attr_t a;
	void *addr = NULL;
	size_t size = 0;
	REQUIRE(pthread_getattr_np(pthread_self(), &a) == 0);
	pthread_attr_getstack(&a, &addr, &size);
	pthread_attr_destroy(&a);
	*lo = (uintptr_t)addr;
	*hi = *lo + size;
}

/* One launch of `where` with value v on q, read back blocking; checks
 * the results; returns whether the work-group ran on this thread. */
struct pair {
	cl_kernel where, mix;
};

static int run_where(cl_command_queue q, struct pair k, cl_mem out, int v, int *bad)
{
	cl_ulong host[1 + LOCAL];
	size_t g = LOCAL, l = LOCAL;
	cl_int vv = v;
	clSetKernelArg(k.where, 2, sizeof(vv), &vv);
	clSetKernelArg(k.mix, 2, sizeof(vv), &vv);
	cl_int err = clEnqueueNDRangeKernel(q, k.mix, 1, NULL, &g, &l, 0, NULL, NULL);
	err |= clEnqueueNDRangeKernel(q, k.where, 1, NULL, &g, &l, 0, NULL, NULL);
	err |= clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(host), host, 0, NULL, NULL);
	if (err != CL_SUCCESS) {
		(*bad)++;
		return 0;
	}
	for (int i = 0; i < LOCAL; i++) {
		cl_ulong want = (cl_ulong)(v * 3 + (i + 1) % LOCAL + v * 3 + LOCAL - 1 - i);
		if (host[1 + i] != want)
			(*bad)++;
	}
	uintptr_t lo, hi;
	my_stack(&lo, &hi);
	return host[0] >= lo && host[0] < hi;
}

static cl_kernel arg_kernel(const char *name, cl_mem out)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	REQUIRE(err == CL_SUCCESS);
	clSetKernelArg(k, 0, sizeof(out), &out);
	clSetKernelArg(k, 1, LOCAL * sizeof(int), NULL);
	return k;
}

static struct pair where_kernels(cl_mem out)
{
	return (struct pair){ arg_kernel("where", out), arg_kernel("mix", out) };
}

static void release_pair(struct pair k)
{
	clReleaseKernel(k.where);
	clReleaseKernel(k.mix);
}

static void test_short_kernel_here(void)
{
	cl_int err;
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (1 + LOCAL) * 8, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	struct pair k = where_kernels(out);
	int bad = 0, here = 0;
	int first = run_where(q, k, out, 1, &bad);
	/* a short run's successor runs here; on a loaded machine a run may
	 * take longer than the threshold now and then, so several tries */
	for (int i = 0; i < 200; i++)
		here += run_where(q, k, out, i + 2, &bad);
	CHECK(bad == 0);
	CHECK(!first); /* the first run of a kernel goes to the workers */
	if (serial)
		CHECK(here == 0);
	else
		CHECK(here > 0);
	printf("short kernel: %d of 200 runs on the enqueuing thread\n", here);
	release_pair(k);
	clReleaseMemObject(out);
	clReleaseCommandQueue(q);
}

static void test_svm_never_here(void)
{
	cl_device_svm_capabilities caps = 0;
	clGetDeviceInfo(dev, CL_DEVICE_SVM_CAPABILITIES, sizeof(caps), &caps, NULL);
	if (!(caps & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER))
		return;
	cl_int err;
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	cl_kernel k = clCreateKernel(prog, "svm_where", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_ulong *out = clSVMAlloc(ctx, CL_MEM_READ_WRITE, 2 * sizeof(cl_ulong), 0);
	REQUIRE(out != NULL);
	clSetKernelArgSVMPointer(k, 0, out);
	uintptr_t lo, hi;
	my_stack(&lo, &hi);
	int here = 0, bad = 0;
	for (int i = 0; i < 50; i++) {
		cl_int v = i;
		size_t g = 1;
		clSetKernelArg(k, 1, sizeof(v), &v);
		CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
		CHECK_OK(clFinish(q));
		CHECK_OK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, out, 16, 0, NULL, NULL));
		here += out[0] >= lo && out[0] < hi;
		bad += out[1] != (cl_ulong)(i + 1);
		CHECK_OK(clEnqueueSVMUnmap(q, out, 0, NULL, NULL));
		CHECK_OK(clFinish(q));
	}
	CHECK(here == 0);
	CHECK(bad == 0);
	clSVMFree(ctx, out);
	clReleaseKernel(k);
	clReleaseCommandQueue(q);
}

/* Runs big_private (1 MiB of private memory) from a thread whose stack is
 * `arg` bytes; returns (void *)1 when it ran on that thread. */
static void *big_private_thread(void *arg)
{
	(void)arg;
	cl_int err;
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	cl_kernel k = clCreateKernel(prog, "big_private", &err);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	clSetKernelArg(k, 0, sizeof(out), &out);
	uintptr_t lo, hi;
	my_stack(&lo, &hi);
	long here = 0;
	for (int i = 0; i < 20; i++) {
		cl_int v = 4096 * (i + 1) + 7;
		cl_ulong host[2];
		size_t g = 1;
		clSetKernelArg(k, 1, sizeof(v), &v);
		CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
		CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, 16, host, 0, NULL, NULL));
		CHECK(host[1] == (cl_ulong)(v + (v & ~4095)));
		here += host[0] >= lo && host[0] < hi;
	}
	clReleaseMemObject(out);
	clReleaseKernel(k);
	clReleaseCommandQueue(q);
	return (void *)here;
}

static void test_small_stack(void)
{
	pthread_attr_t a;
	pthread_t t;
	void *here = NULL;
	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, (size_t)512 << 10);
	REQUIRE(pthread_create(&t, &a, big_private_thread, NULL) == 0);
	pthread_join(t, &here);
	pthread_attr_destroy(&a);
	CHECK(here == NULL); /* 1 MiB of private memory never on a 512 KiB stack */
}

struct racer {
	int id, bad, here;
};

static void *racer_thread(void *arg)
{
	struct racer *r = arg;
	cl_int err;
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (1 + LOCAL) * 8, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	struct pair k = where_kernels(out);
	for (int i = 0; i < 300; i++)
		r->here += run_where(q, k, out, r->id * 1000 + i, &r->bad);
	/* and a clFinish that has to wait for a kernel */
	size_t g = LOCAL, l = LOCAL;
	cl_int v = r->id;
	clSetKernelArg(k.mix, 2, sizeof(v), &v);
	err = clEnqueueNDRangeKernel(q, k.mix, 1, NULL, &g, &l, 0, NULL, NULL);
	r->bad += err != CL_SUCCESS || clFinish(q) != CL_SUCCESS;
	release_pair(k);
	clReleaseMemObject(out);
	clReleaseCommandQueue(q);
	return NULL;
}

static void test_threads(void)
{
	struct racer r[4];
	pthread_t t[4];
	for (int i = 0; i < 4; i++) {
		r[i] = (struct racer){ .id = i + 1 };
		REQUIRE(pthread_create(&t[i], NULL, racer_thread, &r[i]) == 0);
	}
	int here = 0;
	for (int i = 0; i < 4; i++) {
		pthread_join(t[i], NULL);
		CHECK(r[i].bad == 0);
		here += r[i].here;
	}
	printf("four threads: %d of 1200 runs on their enqueuing thread\n", here);
}

static void test_trap_here(void)
{
	cl_int err;
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	cl_kernel k = clCreateKernel(prog, "maybe_trap", &err);
	cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 8 * sizeof(cl_int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_int zero = -1;
	CHECK_OK(clEnqueueWriteBuffer(q, a, CL_TRUE, 0, sizeof(zero), &zero, 0, NULL, NULL));
	clSetKernelArg(k, 0, sizeof(a), &a);
	size_t g = 4;
	/* short runs first, so that the trapping one runs here */
	for (int i = 0; i < 20; i++) {
		cl_int t = i;
		clSetKernelArg(k, 1, sizeof(t), &t);
		CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
		CHECK_OK(clFinish(q));
	}
	cl_int t = -1; /* a[0] == -1: every work-item traps */
	cl_event ev;
	clSetKernelArg(k, 1, sizeof(t), &t);
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, &ev));
	clFinish(q);
	cl_int status = 0;
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL));
	CHECK(status == CL_OUT_OF_RESOURCES);
	clReleaseEvent(ev);
	/* the thread and the queue go on */
	t = 77;
	clSetKernelArg(k, 1, sizeof(t), &t);
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
	cl_int host[5];
	CHECK_OK(clEnqueueReadBuffer(q, a, CL_TRUE, 0, sizeof(host), host, 0, NULL, NULL));
	for (int i = 1; i < 5; i++)
		CHECK(host[i] == 77);
	clReleaseMemObject(a);
	clReleaseKernel(k);
	clReleaseCommandQueue(q);
}

int main(void)
{
	cl_platform_id plat;
	cl_int err;
	const char *d = getenv("KILN_DEVICES");
	serial = d && strcmp(d, "serial") == 0;
	check_get_device(&plat, &dev);
	ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	prog = check_build(ctx, dev, src, "-cl-std=CL3.0");
	test_short_kernel_here();
	test_svm_never_here();
	test_small_stack();
	test_threads();
	test_trap_here();
	clReleaseProgram(prog);
	clReleaseContext(ctx);
	return check_done();
}
