/* Create/release cycles with memory growth checked: contexts, queues,
 * programs (built from source), kernels, buffers and events created, used
 * once (a kernel run, checked) and released, 1000 times; the resident set
 * (/proc/self/statm) after the cycles may exceed the one after the first
 * 100 (allocator caches and the program cache warmed) by a bounded amount
 * only.  KILN_CYCLES sets the number of cycles. */
#include "check.h"

#include <unistd.h>

static const char src[] =
	"kernel void k(global int *a, int v) { a[get_global_id(0)] = v * (int)get_global_id(0); }\n";

static long rss_kib(void)
{
	long pages_total = 0, pages_res = 0;
	FILE *f = fopen("/proc/self/statm", "r");
	if (!f)
		return -1;
	if (fscanf(f, "%ld %ld", &pages_total, &pages_res) != 2)
		pages_res = -1;
	fclose(f);
	return pages_res < 0 ? -1 : pages_res * (sysconf(_SC_PAGESIZE) / 1024);
}

/* One cycle; returns the number of wrong results. */
static int cycle(cl_device_id dev, int i)
{
	cl_int err;
	int bad = 0;
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(ctx);
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	REQUIRE(q);
	const char *s = src;
	cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &err);
	REQUIRE(p);
	REQUIRE(clBuildProgram(p, 1, &dev, NULL, NULL, NULL) == CL_SUCCESS);
	cl_kernel k = clCreateKernel(p, "k", &err);
	REQUIRE(k);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64 * sizeof(int), NULL, &err);
	REQUIRE(b);
	cl_mem sub = clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION,
				       &(cl_buffer_region){ 0, 32 * sizeof(int) }, &err);
	REQUIRE(sub);
	cl_event ue = clCreateUserEvent(ctx, &err);
	REQUIRE(ue);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(b), &b));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(i), &i));
	size_t global = 64;
	cl_event run;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 1, &ue, &run));
	CHECK_OK(clSetUserEventStatus(ue, CL_COMPLETE));
	int got[32];
	CHECK_OK(clEnqueueReadBuffer(q, sub, CL_TRUE, 0, sizeof(got), got, 1, &run, NULL));
	for (int j = 0; j < 32; j++)
		bad += got[j] != i * j;
	/* Released in an order that leaves Kiln's holds to do the rest. */
	CHECK_OK(clReleaseContext(ctx));
	CHECK_OK(clReleaseProgram(p));
	CHECK_OK(clReleaseEvent(run));
	CHECK_OK(clReleaseEvent(ue));
	CHECK_OK(clReleaseMemObject(b));
	CHECK_OK(clReleaseKernel(k));
	CHECK_OK(clReleaseMemObject(sub));
	CHECK_OK(clReleaseCommandQueue(q));
	return bad;
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	check_get_device(&platform, &dev);
	int cycles = 1000;
	const char *e = getenv("KILN_CYCLES");
	if (e && atoi(e) >= 200)
		cycles = atoi(e);
	int bad = 0;
	long warm = 0;
	for (int i = 0; i < cycles; i++) {
		bad += cycle(dev, i);
		if (i == 99)
			warm = rss_kib();
	}
	long end = rss_kib();
	CHECK(bad == 0);
	CHECK(warm > 0 && end > 0);
	/* 4 MiB over 900 cycles: 4.5 KiB a cycle would still pass, a leaked
	 * context, program or buffer each cycle (tens of KiB) would not. */
	long growth = end - warm;
	printf("%d cycles: RSS %ld KiB after 100, %ld KiB after %d (%+ld KiB)\n",
	       cycles, warm, end, cycles, growth);
	/* Under AddressSanitizer freed memory sits in its quarantine (and
	 * LeakSanitizer checks every allocation anyway): no RSS bound. */
	if (getenv("ASAN_OPTIONS") || getenv("TSAN_OPTIONS"))
		printf("sanitizer run: the RSS bound is not checked\n");
	else
		CHECK(growth < 4096);
	return check_done();
}
