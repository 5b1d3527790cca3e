/* The pipe built-ins from SPIR-V (OpenCL 3.0 §5.8.1 clCreateProgramWithIL;
 * SPIR-V OpReadPipe, OpWritePipe, OpReservedReadPipe/WritePipe,
 * OpReserve*PipePackets, OpCommit*Pipe, OpGroupReserve*PipePackets and
 * OpGroupCommit*Pipe at work-group and sub-group scope, OpIsValidReserveId,
 * OpGetNumPipePackets, OpGetMaxPipePackets).  The module is made from
 * pipes_spirv.cl when the tests are built; results are checked against the
 * host's make(v) packets: every packet written read back exactly once.
 * A second module that the translator cannot read (pipes_spirv_both.cl)
 * must be refused with CL_INVALID_VALUE by the validator, with its reason
 * in the context's callback, not take the process down. */
#include "check.h"

#ifndef KILN_PIPES_SPV
#error "KILN_PIPES_SPV must name the SPIR-V module (tests/CMakeLists.txt)"
#endif

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

#ifdef KILN_PIPES_BOTH_SPV
#include "last_message.h"
#endif

#define PSIZE 40 /* struct { uint a[10]; } */

static void make(uint32_t v, uint32_t *w)
{
	for (int i = 0; i < 10; i++)
		w[i] = v * 2654435761u + (uint32_t)i;
}

static cl_program load(const char *path, cl_int *build_err)
{
	FILE *f = fopen(path, "rb");
	REQUIRE(f);
	static unsigned char il[1 << 17];
	size_t n = fread(il, 1, sizeof(il), f);
	fclose(f);
	REQUIRE(n > 20 && n < sizeof(il));
	cl_int err;
	cl_program p = clCreateProgramWithIL(context, il, n, &err);
	REQUIRE(err == CL_SUCCESS);
	*build_err = clBuildProgram(p, 1, &device, "", NULL, NULL);
	return p;
}

static cl_mem buf(size_t size, const void *init)
{
	cl_int err;
	cl_mem m = clCreateBuffer(context, init ? CL_MEM_COPY_HOST_PTR : CL_MEM_READ_WRITE,
				  size, (void *)init, &err);
	REQUIRE(err == CL_SUCCESS);
	return m;
}

static cl_kernel kern(cl_program p, const char *name)
{
	cl_int err;
	cl_kernel k = clCreateKernel(p, name, &err);
	REQUIRE(err == CL_SUCCESS);
	return k;
}

static void run(cl_kernel k, size_t global, size_t local)
{
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, local ? &local : NULL, 0,
					NULL, NULL));
	CHECK_OK(clFinish(queue));
}

static void rd(cl_mem m, size_t size, void *out)
{
	CHECK_OK(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, size, out, 0, NULL, NULL));
}

static int cmp_packet(const void *a, const void *b)
{
	return memcmp(a, b, PSIZE);
}

/* The n packets at got are exactly make(v[i]) for the m values with
 * ok[i] (as multisets). */
static int same(const uint32_t *got, size_t n, const uint32_t *v, const int *ok, size_t m)
{
	uint32_t *want = malloc(m * PSIZE + 4), *have = malloc(n * PSIZE + 4);
	REQUIRE(want && have);
	size_t k = 0;
	for (size_t i = 0; i < m; i++)
		if (ok[i])
			make(v[i], want + 10 * k++);
	memcpy(have, got, n * PSIZE);
	int r = k == n;
	if (r) {
		qsort(want, k, PSIZE, cmp_packet);
		qsort(have, n, PSIZE, cmp_packet);
		r = memcmp(want, have, n * PSIZE) == 0;
	}
	free(want);
	free(have);
	return r;
}

static void query(cl_program prog, cl_mem pipe, cl_uint num, cl_uint max)
{
	cl_kernel k = kern(prog, "query");
	cl_mem o = buf(2 * sizeof(cl_uint), NULL);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(pipe), &pipe));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(o), &o));
	run(k, 1, 0);
	cl_uint r[2];
	rd(o, sizeof(r), r);
	CHECK(r[0] == num && r[1] == max);
	clReleaseMemObject(o);
	clReleaseKernel(k);
}

/* Writes with `wname`, reads with `rname` (k packets per work-item for
 * the reservation kernels, 0 for the others), `items` work-items in
 * groups of `local`, through a pipe of `cap`. */
static void round_trip(cl_program prog, const char *wname, const char *rname, cl_uint k,
		       size_t items, size_t local, cl_uint cap)
{
	cl_uint per = k ? k : 1;
	size_t total = items * per;
	cl_int err;
	cl_mem pipe = clCreatePipe(context, 0, PSIZE, cap, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	uint32_t *v = malloc(total * sizeof(uint32_t)), *got = malloc(total * PSIZE);
	int *wst = malloc(items * sizeof(int)), *rst = malloc(items * sizeof(int));
	int *wok = malloc(total * sizeof(int));
	REQUIRE(v && got && wst && rst && wok);
	for (size_t i = 0; i < total; i++)
		v[i] = (uint32_t)(i * 104729u + 5u);
	cl_mem vb = buf(total * sizeof(uint32_t), v), st = buf(items * sizeof(int), NULL);
	cl_mem out = buf(total * PSIZE, NULL);
	cl_kernel w = kern(prog, wname), r = kern(prog, rname);
	cl_uint a = 0;
	CHECK_OK(clSetKernelArg(w, a++, sizeof(vb), &vb));
	CHECK_OK(clSetKernelArg(w, a++, sizeof(pipe), &pipe));
	if (k)
		CHECK_OK(clSetKernelArg(w, a++, sizeof(k), &k));
	CHECK_OK(clSetKernelArg(w, a++, sizeof(st), &st));
	run(w, items, local);
	rd(st, items * sizeof(int), wst);
	size_t written = 0;
	for (size_t i = 0; i < items; i++) {
		CHECK(wst[i] == 0 || wst[i] == -100 || (!k && wst[i] < 0));
		for (cl_uint j = 0; j < per; j++)
			wok[i * per + j] = wst[i] == 0;
		written += wst[i] == 0 ? per : 0;
	}
	if (cap >= total)
		CHECK(written == total);
	else
		CHECK(written <= cap && written > 0);
	query(prog, pipe, (cl_uint)written, cap);

	a = 0;
	CHECK_OK(clSetKernelArg(r, a++, sizeof(pipe), &pipe));
	if (k)
		CHECK_OK(clSetKernelArg(r, a++, sizeof(k), &k));
	CHECK_OK(clSetKernelArg(r, a++, sizeof(out), &out));
	CHECK_OK(clSetKernelArg(r, a++, sizeof(st), &st));
	run(r, items, local);
	rd(st, items * sizeof(int), rst);
	rd(out, total * PSIZE, got);
	size_t nread = 0;
	for (size_t i = 0; i < items; i++)
		if (rst[i] == 0) {
			memmove(got + nread * 10, got + i * per * 10, per * PSIZE);
			nread += per;
		}
	CHECK(nread == written);
	CHECK(same(got, nread, v, wok, total));
	query(prog, pipe, 0, cap);
	free(v);
	free(got);
	free(wst);
	free(rst);
	free(wok);
	clReleaseMemObject(vb);
	clReleaseMemObject(st);
	clReleaseMemObject(out);
	clReleaseMemObject(pipe);
	clReleaseKernel(w);
	clReleaseKernel(r);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);
	cl_bool pipes = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_PIPE_SUPPORT, sizeof(pipes), &pipes, NULL));
	REQUIRE(pipes == CL_TRUE);
	cl_int err;
	cl_program prog = load(KILN_PIPES_SPV, &err);
	if (err != CL_SUCCESS) {
		static char log[1 << 16];
		clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "build log:\n%s\n", log);
	}
	REQUIRE(err == CL_SUCCESS);

	/* Pipe arguments keep their kind through SPIR-V (argument info is
	 * not available for IL, §5.9.3): a buffer is refused. */
	cl_kernel k = kern(prog, "r2");
	cl_mem b = buf(64, NULL);
	CHECK_ERR(clSetKernelArg(k, 0, sizeof(b), &b), CL_INVALID_ARG_VALUE);
	clReleaseMemObject(b);
	clReleaseKernel(k);

	round_trip(prog, "w2", "r2", 0, 5000, 0, 5000);
	round_trip(prog, "w2", "r2", 0, 2000, 0, 1500); /* full */
	round_trip(prog, "wres", "rres", 4, 1000, 0, 4000);
	round_trip(prog, "wres", "rres", 3, 100, 0, 100); /* room for 33 */
	round_trip(prog, "wgw", "wgr", 0, 1024, 64, 1024);
	round_trip(prog, "wgw", "wgr", 0, 1024, 64, 300); /* room for 4 groups */

	/* Sub-group reservations, where the device has sub-groups. */
	static cl_name_version feat[128];
	size_t fsize = 0;
	int subgroups = 0;
	clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_FEATURES, sizeof(feat), feat, &fsize);
	for (size_t i = 0; i < fsize / sizeof(feat[0]); i++)
		subgroups |= strcmp(feat[i].name, "__opencl_c_subgroups") == 0;
	if (subgroups) {
		round_trip(prog, "sgw", "sgr", 0, 1024, 64, 1024);
		round_trip(prog, "sgw", "sgr", 0, 777, 7, 777);
		round_trip(prog, "sgw", "sgr", 0, 1000, 100, 1000);
	} else {
		printf("sub-group reservations not tested: the device has no sub-groups\n");
	}

	k = kern(prog, "invalid");
	cl_mem pipe = clCreatePipe(context, 0, PSIZE, 4, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem o = buf(4 * sizeof(int), NULL);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(pipe), &pipe));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(o), &o));
	run(k, 1, 0);
	int res[4];
	rd(o, sizeof(res), res);
	CHECK(res[0] == 0 && res[1] == 0 && res[2] == 1);
	query(prog, pipe, 0, 4);
	clReleaseMemObject(o);
	clReleaseMemObject(pipe);
	clReleaseKernel(k);
	clReleaseProgram(prog);

#ifdef KILN_PIPES_BOTH_SPV
	/* The module the translator cannot read: clCreateProgramWithIL says
	 * CL_INVALID_VALUE (§5.8.1), and the process is still standing. */
	FILE *f = fopen(KILN_PIPES_BOTH_SPV, "rb");
	REQUIRE(f);
	static unsigned char il[1 << 16];
	size_t n = fread(il, 1, sizeof(il), f);
	fclose(f);
	REQUIRE(n > 20 && n < sizeof(il));
	err = CL_SUCCESS;
	prog = clCreateProgramWithIL(context, il, n, &err);
	CHECK(prog == NULL && err == CL_INVALID_VALUE);
	/* Refused by the validator, before the translator (which stopped on
	 * it with a fatal error, leaking its state): the reason reaches the
	 * context's callback. */
	cl_context noted = clCreateContext(NULL, 1, &device, keep_last_message, NULL, &err);
	REQUIRE(noted);
	prog = clCreateProgramWithIL(noted, il, n, &err);
	CHECK(prog == NULL && err == CL_INVALID_VALUE);
	CHECK(strstr(last_message, "OpGetNumPipePackets") &&
	      strstr(last_message, "a read_only and of a write_only pipe"));
	if (!strstr(last_message, "OpGetNumPipePackets"))
		fprintf(stderr, "callback: %s\n", last_message);
	clReleaseContext(noted);
	/* ...and still builds and runs SPIR-V. */
	prog = load(KILN_PIPES_SPV, &err);
	CHECK(err == CL_SUCCESS);
	clReleaseProgram(prog);
#endif
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
