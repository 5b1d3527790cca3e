/* A producer kernel and a consumer kernel on two queues at the same time
 * (OpenCL C 3.0 §6.15.16, OpenCL 3.0 §5.4): the producer writes N packets
 * into a pipe of 64, retrying while it is full, the consumer reads N,
 * retrying while it is empty.  N is far above the capacity, so the
 * transfer completes only when the two kernels really run side by side.
 * Packets of 1, 16 and 40 bytes (char, int4, a struct of ten uints), with
 * the two-argument functions and with reservations of different sizes on
 * the two sides.  One writer and one reader: the consumer must see exactly
 * the producer's packets in the producer's order (the FIFO order of the
 * spec), none lost, none twice, none torn.
 *
 * Neither kernel ever waits for ever: after many failures in a row it gives
 * up and says how far it got.  On a device that cannot run two kernels at
 * once (the serial driver, or one worker thread) the test checks only that
 * what was transferred is a correct prefix. */
#include "check.h"

static cl_device_id device;
static cl_context context;

static const char *src =
	"#if PKT == 1\n"
	"typedef char T;\n"
	"T make(uint v) { return (char)(v * 37u + 11u); }\n"
	"#elif PKT == 2\n"
	"typedef int4 T;\n"
	"T make(uint v) { return (int4)((int)v, (int)~v, (int)(v * 3u + 1u), (int)(v ^ 0x5a5a0000u)); }\n"
	"#else\n"
	"typedef struct { uint a[10]; } T;\n"
	"T make(uint v) { T t; for (int i = 0; i < 10; i++) t.a[i] = v * 2654435761u + (uint)i; return t; }\n"
	"#endif\n"
	/* chunk 0: write_pipe(p, ptr); else reservations of `chunk`.
	 * stats[0]: packets written; stats[1]: 1 when it gave up;
	 * stats[2]: failed attempts (the pipe was full). */
	"kernel void producer(write_only pipe T p, uint n, uint chunk, uint limit, global uint *stats)\n"
	"{\n"
	"  uint done = 0, fails = 0;\n"
	"  while (done < n) {\n"
	"    uint spins = 0;\n"
	"    if (chunk == 0) {\n"
	"      T t = make(done);\n"
	"      while (write_pipe(p, &t) != 0)\n"
	"        if (++fails, ++spins == limit) goto out;\n"
	"      done++;\n"
	"    } else {\n"
	"      uint m = min(chunk, n - done);\n"
	"      reserve_id_t r;\n"
	"      while (!is_valid_reserve_id(r = reserve_write_pipe(p, m)))\n"
	"        if (++fails, ++spins == limit) goto out;\n"
	"      for (uint j = m; j-- > 0;) { T t = make(done + j); write_pipe(p, r, j, &t); }\n"
	"      commit_write_pipe(p, r);\n"
	"      done += m;\n"
	"    }\n"
	"  }\n"
	"out:\n"
	"  stats[0] = done; stats[1] = done < n; stats[2] = fails;\n"
	"}\n"
	"kernel void consumer(read_only pipe T p, uint n, uint chunk, uint limit, global T *out, global uint *stats)\n"
	"{\n"
	"  uint done = 0, fails = 0;\n"
	"  while (done < n) {\n"
	"    uint spins = 0;\n"
	"    if (chunk == 0) {\n"
	"      while (read_pipe(p, &out[done]) != 0)\n"
	"        if (++fails, ++spins == limit) goto out;\n"
	"      done++;\n"
	"    } else {\n"
	"      uint m = min(chunk, n - done);\n"
	"      reserve_id_t r;\n"
	"      while (!is_valid_reserve_id(r = reserve_read_pipe(p, m)))\n"
	"        if (++fails, ++spins == limit) goto out;\n"
	"      for (uint j = 0; j < m; j++) read_pipe(p, r, j, &out[done + j]);\n"
	"      commit_read_pipe(p, r);\n"
	"      done += m;\n"
	"    }\n"
	"  }\n"
	"out:\n"
	"  stats[0] = done; stats[1] = done < n; stats[2] = fails;\n"
	"}\n";

struct pkt {
	const char *name;
	int id;
	size_t size;
};

static const struct pkt pkts[] = {
	{ "char", 1, 1 },
	{ "int4", 2, 16 },
	{ "struct of 10 uints", 3, 40 },
};

static void make(const struct pkt *t, uint32_t v, unsigned char *out)
{
	if (t->id == 1) {
		out[0] = (unsigned char)(v * 37u + 11u);
	} else if (t->id == 2) {
		uint32_t w[4] = { v, ~v, v * 3u + 1u, v ^ 0x5a5a0000u };
		memcpy(out, w, sizeof(w));
	} else {
		uint32_t w[10];
		for (int i = 0; i < 10; i++)
			w[i] = v * 2654435761u + (uint32_t)i;
		memcpy(out, w, sizeof(w));
	}
}

/* Whether the device runs two commands at once: the cpu driver with at
 * least two worker threads. */
static int runs_side_by_side(void)
{
	const char *d = getenv("KILN_DEVICES");
	if (d && strstr(d, "serial"))
		return 0;
	cl_uint units = 0;
	clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof(units), &units, NULL);
	return units >= 2;
}

static void run_pair(const struct pkt *t, cl_program prog, cl_command_queue qa,
		     cl_command_queue qb, cl_uint wchunk, cl_uint rchunk, int together)
{
	enum { CAP = 64 };
	cl_uint n = together ? (t->size > 16 ? 30000 : 50000) : 1000;
	/* Failures in a row before a kernel gives up: seconds on the cpu
	 * driver (a loaded machine may stall a thread for a while), a
	 * moment where the other kernel cannot run until this one ends. */
	cl_uint limit = together ? 1u << 27 : 1000;
	cl_int err;
	cl_mem pipe = clCreatePipe(context, 0, (cl_uint)t->size, CAP, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE, (size_t)n * t->size, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem ps = clCreateBuffer(context, CL_MEM_READ_WRITE, 4 * sizeof(cl_uint), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem cs = clCreateBuffer(context, CL_MEM_READ_WRITE, 4 * sizeof(cl_uint), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel kp = clCreateKernel(prog, "producer", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel kc = clCreateKernel(prog, "consumer", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(kp, 0, sizeof(pipe), &pipe));
	CHECK_OK(clSetKernelArg(kp, 1, sizeof(n), &n));
	CHECK_OK(clSetKernelArg(kp, 2, sizeof(wchunk), &wchunk));
	CHECK_OK(clSetKernelArg(kp, 3, sizeof(limit), &limit));
	CHECK_OK(clSetKernelArg(kp, 4, sizeof(ps), &ps));
	CHECK_OK(clSetKernelArg(kc, 0, sizeof(pipe), &pipe));
	CHECK_OK(clSetKernelArg(kc, 1, sizeof(n), &n));
	CHECK_OK(clSetKernelArg(kc, 2, sizeof(rchunk), &rchunk));
	CHECK_OK(clSetKernelArg(kc, 3, sizeof(limit), &limit));
	CHECK_OK(clSetKernelArg(kc, 4, sizeof(out), &out));
	CHECK_OK(clSetKernelArg(kc, 5, sizeof(cs), &cs));

	/* The consumer first: it starts on an empty pipe. */
	size_t one = 1;
	cl_event ev[2];
	CHECK_OK(clEnqueueNDRangeKernel(qb, kc, 1, NULL, &one, &one, 0, NULL, &ev[1]));
	CHECK_OK(clEnqueueNDRangeKernel(qa, kp, 1, NULL, &one, &one, 0, NULL, &ev[0]));
	CHECK_OK(clFlush(qa));
	CHECK_OK(clFlush(qb));
	CHECK_OK(clWaitForEvents(2, ev));

	cl_uint pst[4], cst[4];
	CHECK_OK(clEnqueueReadBuffer(qa, ps, CL_TRUE, 0, sizeof(pst), pst, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(qa, cs, CL_TRUE, 0, sizeof(cst), cst, 0, NULL, NULL));
	unsigned char *got = malloc((size_t)n * t->size);
	REQUIRE(got);
	CHECK_OK(clEnqueueReadBuffer(qa, out, CL_TRUE, 0, (size_t)n * t->size, got, 0, NULL,
				     NULL));
	printf("%s, chunks %u/%u: %u written (%u full), %u read (%u empty)%s\n", t->name,
	       wchunk, rchunk, pst[0], pst[2], cst[0], cst[2],
	       together ? "" : " (one kernel at a time)");
	if (together) {
		/* Side by side: everything went through. */
		CHECK(pst[0] == n && pst[1] == 0);
		CHECK(cst[0] == n && cst[1] == 0);
	} else {
		/* One after the other: the consumer, first, found the pipe
		 * empty; the producer filled it and gave up. */
		CHECK(cst[0] <= CAP && pst[0] <= CAP);
	}
	/* Whatever was read is the producer's sequence from its start, in
	 * order, each packet once and whole. */
	CHECK(cst[0] <= pst[0]);
	unsigned char want[64];
	int in_order = 1;
	for (cl_uint i = 0; i < cst[0] && in_order; i++) {
		make(t, i, want);
		if (memcmp(got + (size_t)i * t->size, want, t->size)) {
			fprintf(stderr, "%s: packet %u is not the producer's packet %u\n",
				t->name, i, i);
			in_order = 0;
		}
	}
	CHECK(in_order);
	free(got);
	clReleaseEvent(ev[0]);
	clReleaseEvent(ev[1]);
	clReleaseKernel(kp);
	clReleaseKernel(kc);
	clReleaseMemObject(pipe);
	clReleaseMemObject(out);
	clReleaseMemObject(ps);
	clReleaseMemObject(cs);
}

int main(void)
{
	cl_platform_id platform;
	check_get_device(&platform, &device);
	cl_int err;
	context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_command_queue qa = clCreateCommandQueueWithProperties(context, device, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_command_queue qb = clCreateCommandQueueWithProperties(context, device, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	int together = runs_side_by_side();
	static const cl_uint chunks[][2] = { { 0, 0 }, { 5, 3 }, { 0, 7 }, { 16, 0 } };
	for (size_t i = 0; i < sizeof(pkts) / sizeof(pkts[0]); i++) {
		char opts[64];
		snprintf(opts, sizeof(opts), "-cl-std=CL3.0 -DPKT=%d", pkts[i].id);
		cl_program prog = check_build(context, device, src, opts);
		for (size_t c = 0; c < sizeof(chunks) / sizeof(chunks[0]); c++)
			run_pair(&pkts[i], prog, qa, qb, chunks[c][0], chunks[c][1], together);
		clReleaseProgram(prog);
	}
	clReleaseCommandQueue(qa);
	clReleaseCommandQueue(qb);
	clReleaseContext(context);
	return check_done();
}
