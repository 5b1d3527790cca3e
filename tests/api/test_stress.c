/* Stress: several host threads, each with an in-order and an out-of-order
 * queue on one shared context, issue a random mix of commands (kernels,
 * reads, writes, copies, fills, maps, markers, barriers, user events,
 * event callbacks) and check every result against a host model of their
 * buffers.  Fixed seeds; KILN_STRESS_ITERS (default 150 per thread) and
 * KILN_STRESS_THREADS (default 4) make it longer. */
#include "check.h"

#include <pthread.h>
#include <unistd.h>

#define N 1024 /* ints per buffer */

static const char src[] =
	"kernel void add(global int *a, int v)\n"
	"{ size_t i = get_global_id(0); a[i] = a[i] + v * (int)(i % 7 + 1); }\n";

static cl_context ctx;
static cl_device_id dev;
static cl_program prog;
static int iters = 150;
static atomic_int callbacks_fired;

struct worker {
	int id;
	cl_command_queue q, ooo;
	cl_kernel add;
	cl_mem a, b, c;
	int ma[N], mb[N], mc[N]; /* what a, b and c hold */
	int stage[N];
	int registered;          /* callbacks this worker registered */
	int failures;
};

static void CL_CALLBACK count_cb(cl_event e, cl_int status, void *u)
{
	(void)e;
	if (status == CL_COMPLETE)
		atomic_fetch_add(&callbacks_fired, 1);
	atomic_fetch_add((atomic_int *)u, 1);
}

#define W_CHECK(w, cond)                                                       \
	do {                                                                   \
		CHECK(cond);                                                   \
		if (!(cond))                                                   \
			(w)->failures++;                                       \
	} while (0)

static void model_add(int *m, int v)
{
	for (int i = 0; i < N; i++)
		m[i] += v * (i % 7 + 1);
}

static int same(const int *got, const int *model)
{
	return memcmp(got, model, sizeof(int) * N) == 0;
}

static void run_add(struct worker *w, cl_command_queue q, cl_mem m, int v,
		    cl_uint nwait, const cl_event *wait, cl_event *ev)
{
	size_t global = N, local = 64;
	CHECK_OK(clSetKernelArg(w->add, 0, sizeof(m), &m));
	CHECK_OK(clSetKernelArg(w->add, 1, sizeof(v), &v));
	CHECK_OK(clEnqueueNDRangeKernel(q, w->add, 1, NULL, &global,
					(w->id & 1) ? &local : NULL, nwait, wait, ev));
}

static void *worker_main(void *p)
{
	struct worker *w = p;
	unsigned seed = 1234u + 77u * (unsigned)w->id;
	static int got[64][N]; /* per worker, small ids only */
	int *buf = got[w->id % 64];
	atomic_int my_cbs = 0;
	for (int it = 0; it < iters; it++) {
		int op = (int)(check_rand(&seed) % 8);
		int v = (int)(check_rand(&seed) % 1000) - 500;
		switch (op) {
		case 0: { /* write, kernel, blocking read */
			/* A non-blocking write reads its source later: a copy
			 * the model does not change. */
			for (int i = 0; i < N; i++)
				w->stage[i] = w->ma[i] = v + i * w->id;
			CHECK_OK(clEnqueueWriteBuffer(w->q, w->a, CL_FALSE, 0, sizeof(w->ma),
						      w->stage, 0, NULL, NULL));
			run_add(w, w->q, w->a, v, 0, NULL, NULL);
			model_add(w->ma, v);
			CHECK_OK(clEnqueueReadBuffer(w->q, w->a, CL_TRUE, 0, sizeof(int) * N,
						     buf, 0, NULL, NULL));
			W_CHECK(w, same(buf, w->ma));
			break;
		}
		case 1: { /* copy a to b, read b */
			CHECK_OK(clEnqueueCopyBuffer(w->q, w->a, w->b, 0, 0, sizeof(int) * N,
						     0, NULL, NULL));
			memcpy(w->mb, w->ma, sizeof(w->mb));
			CHECK_OK(clEnqueueReadBuffer(w->q, w->b, CL_TRUE, 0, sizeof(int) * N,
						     buf, 0, NULL, NULL));
			W_CHECK(w, same(buf, w->mb));
			break;
		}
		case 2: { /* map b for writing, fill, unmap, kernel, read */
			cl_int err;
			int *m = clEnqueueMapBuffer(w->q, w->b, CL_TRUE,
						    CL_MAP_WRITE_INVALIDATE_REGION, 0,
						    sizeof(int) * N, 0, NULL, NULL, &err);
			W_CHECK(w, m != NULL);
			if (!m)
				break;
			for (int i = 0; i < N; i++)
				m[i] = w->mb[i] = i ^ v;
			CHECK_OK(clEnqueueUnmapMemObject(w->q, w->b, m, 0, NULL, NULL));
			run_add(w, w->q, w->b, 3, 0, NULL, NULL);
			model_add(w->mb, 3);
			m = clEnqueueMapBuffer(w->q, w->b, CL_TRUE, CL_MAP_READ, 0,
					       sizeof(int) * N, 0, NULL, NULL, &err);
			W_CHECK(w, m && same(m, w->mb));
			if (m)
				CHECK_OK(clEnqueueUnmapMemObject(w->q, w->b, m, 0, NULL, NULL));
			break;
		}
		case 3: { /* a fill gated by a user event, a marker after it */
			cl_int err;
			cl_event gate = clCreateUserEvent(ctx, &err);
			W_CHECK(w, gate != NULL);
			if (!gate)
				break;
			cl_event fill, mark;
			CHECK_OK(clEnqueueFillBuffer(w->q, w->c, &v, sizeof(v), 0,
						     sizeof(int) * N, 1, &gate, &fill));
			CHECK_OK(clEnqueueMarkerWithWaitList(w->q, 0, NULL, &mark));
			cl_int st = 0;
			clGetEventInfo(fill, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st), &st, NULL);
			W_CHECK(w, st > CL_RUNNING); /* cannot run before the gate */
			CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
			CHECK_OK(clWaitForEvents(1, &mark));
			for (int i = 0; i < N; i++)
				w->mc[i] = v;
			CHECK_OK(clEnqueueReadBuffer(w->q, w->c, CL_TRUE, 0, sizeof(int) * N,
						     buf, 0, NULL, NULL));
			W_CHECK(w, same(buf, w->mc));
			clReleaseEvent(gate);
			clReleaseEvent(fill);
			clReleaseEvent(mark);
			break;
		}
		case 4: { /* out of order: two kernels, a barrier, reads */
			cl_event k[2];
			run_add(w, w->ooo, w->a, v, 0, NULL, &k[0]);
			model_add(w->ma, v);
			/* Arguments are captured at enqueue (§5.9.2): the
			 * kernel object is set again for the second. */
			run_add(w, w->ooo, w->c, -v, 0, NULL, &k[1]);
			model_add(w->mc, -v);
			CHECK_OK(clEnqueueBarrierWithWaitList(w->ooo, 2, k, NULL));
			CHECK_OK(clEnqueueReadBuffer(w->ooo, w->a, CL_FALSE, 0, sizeof(int) * N,
						     buf, 0, NULL, NULL));
			CHECK_OK(clFinish(w->ooo));
			W_CHECK(w, same(buf, w->ma));
			CHECK_OK(clEnqueueReadBuffer(w->ooo, w->c, CL_TRUE, 0, sizeof(int) * N,
						     buf, 0, NULL, NULL));
			W_CHECK(w, same(buf, w->mc));
			clReleaseEvent(k[0]);
			clReleaseEvent(k[1]);
			break;
		}
		case 5: { /* callbacks on a kernel's event */
			cl_event e;
			run_add(w, w->q, w->b, v, 0, NULL, &e);
			model_add(w->mb, v);
			CHECK_OK(clSetEventCallback(e, CL_COMPLETE, count_cb, &my_cbs));
			CHECK_OK(clSetEventCallback(e, CL_RUNNING, count_cb, &my_cbs));
			w->registered += 2;
			clReleaseEvent(e);
			break;
		}
		case 6: { /* a chain across the two queues through events */
			cl_event e1, e2;
			run_add(w, w->q, w->a, v, 0, NULL, &e1);
			model_add(w->ma, v);
			CHECK_OK(clEnqueueCopyBuffer(w->ooo, w->a, w->c, 0, 0, sizeof(int) * N,
						     1, &e1, &e2));
			memcpy(w->mc, w->ma, sizeof(w->mc));
			CHECK_OK(clEnqueueReadBuffer(w->q, w->c, CL_TRUE, 0, sizeof(int) * N,
						     buf, 1, &e2, NULL));
			W_CHECK(w, same(buf, w->mc));
			clReleaseEvent(e1);
			clReleaseEvent(e2);
			break;
		}
		default: { /* rectangular part of b written, read back whole */
			size_t zero[3] = { 0, 0, 0 }, origin[3] = { 16, 2, 0 };
			size_t region[3] = { 8 * sizeof(int), 4, 1 };
			int rows[4][8];
			for (int y = 0; y < 4; y++)
				for (int x = 0; x < 8; x++) {
					rows[y][x] = v + y * 8 + x;
					/* 32 ints a row: byte offset 16 is int 4 */
					w->mb[(2 + y) * 32 + 4 + x] = rows[y][x];
				}
			CHECK_OK(clEnqueueWriteBufferRect(w->q, w->b, CL_FALSE, origin, zero,
							  region, 32 * sizeof(int), 0,
							  8 * sizeof(int), 0, rows, 0, NULL, NULL));
			CHECK_OK(clEnqueueReadBuffer(w->q, w->b, CL_TRUE, 0, sizeof(int) * N,
						     buf, 0, NULL, NULL));
			W_CHECK(w, same(buf, w->mb));
			break;
		}
		}
	}
	CHECK_OK(clFinish(w->q));
	CHECK_OK(clFinish(w->ooo));
	/* Every callback of this worker ran, once (they run before the
	 * event's waiters are woken, or right after: give them a moment). */
	for (int i = 0; i < 2000 && atomic_load(&my_cbs) != w->registered; i++)
		usleep(1000);
	W_CHECK(w, atomic_load(&my_cbs) == w->registered);
	return NULL;
}

int main(void)
{
	cl_platform_id platform;
	cl_command_queue q0;
	cl_int err;
	check_setup(&platform, &dev, &ctx, &q0);
	const char *e = getenv("KILN_STRESS_ITERS");
	if (e && atoi(e) > 0)
		iters = atoi(e);
	int nthreads = 4;
	e = getenv("KILN_STRESS_THREADS");
	if (e && atoi(e) > 0 && atoi(e) <= 64)
		nthreads = atoi(e);
	prog = check_build(ctx, dev, src, NULL);

	struct worker *ws = calloc((size_t)nthreads, sizeof(*ws));
	REQUIRE(ws);
	cl_queue_properties ooo_props[] = { CL_QUEUE_PROPERTIES,
					    CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0 };
	for (int t = 0; t < nthreads; t++) {
		struct worker *w = &ws[t];
		w->id = t;
		w->q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
		w->ooo = clCreateCommandQueueWithProperties(ctx, dev, ooo_props, &err);
		w->add = clCreateKernel(prog, "add", &err);
		cl_mem *ms[3] = { &w->a, &w->b, &w->c };
		int *models[3] = { w->ma, w->mb, w->mc };
		for (int i = 0; i < 3; i++) {
			for (int j = 0; j < N; j++)
				models[i][j] = j - 7 * i;
			*ms[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
						sizeof(int) * N, models[i], &err);
			REQUIRE(*ms[i]);
		}
		REQUIRE(w->q && w->ooo && w->add);
	}
	pthread_t th[64];
	for (int t = 0; t < nthreads; t++)
		REQUIRE(pthread_create(&th[t], NULL, worker_main, &ws[t]) == 0);
	int failures = 0, registered = 0;
	for (int t = 0; t < nthreads; t++) {
		pthread_join(th[t], NULL);
		failures += ws[t].failures;
		registered += ws[t].registered;
	}
	/* Half the callbacks are for CL_COMPLETE. */
	CHECK(atomic_load(&callbacks_fired) == registered / 2);
	printf("%d threads x %d commands mixes, %d callbacks, %d mismatches\n",
	       nthreads, iters, registered, failures);
	for (int t = 0; t < nthreads; t++) {
		struct worker *w = &ws[t];
		clReleaseMemObject(w->a);
		clReleaseMemObject(w->b);
		clReleaseMemObject(w->c);
		clReleaseKernel(w->add);
		clReleaseCommandQueue(w->q);
		clReleaseCommandQueue(w->ooo);
	}
	free(ws);
	clReleaseProgram(prog);
	clReleaseCommandQueue(q0);
	clReleaseContext(ctx);
	return check_done();
}
