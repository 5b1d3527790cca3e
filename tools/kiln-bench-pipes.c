/* kiln-bench-pipes: pipe throughput, for every OpenCL platform the ICD
 * loader finds (Kiln against PoCL, say): one producer kernel and one
 * consumer kernel on two in-order queues at the same time, each a single
 * work-item (or a single work-group) looping over N packets through a pipe
 * of 1024, retrying while the pipe is full or empty.  Packets per second =
 * N / (host wall time from the first enqueue until both kernels are done),
 * best of 3 after a warm-up; the consumer's checksum (count and sum of the
 * first word of every packet) is checked against the host's.
 *
 *   write_pipe/read_pipe      one packet per call (2-argument forms)
 *   reserve 16                reserve_write_pipe/reserve_read_pipe of 16
 *                             packets, write_pipe/read_pipe by index, commit
 *   work-group reserve 64     one work-group of 64 work-items on each side,
 *                             work_group_reserve_*_pipe(p, 64) per round
 *   2-arg / reserve 16,       the same kernels one after the other (the
 *     one after the other     consumer starts when the producer is done)
 *                             through a pipe of N: the cost of the
 *                             built-ins without two threads at once, which
 *                             a loaded machine cannot always give
 *   buffer hand-off           the baseline without pipes: the producer
 *                             kernel writes N packets to a buffer, then the
 *                             consumer kernel reads them (two launches in
 *                             a row, one work-item each)
 *
 * for packets of 4 bytes (int), 16 (int4) and 64 (a struct of 16 ints).
 * A platform whose device has no pipes (CL_DEVICE_PIPE_SUPPORT false, or
 * below OpenCL 2.0) gets "no pipes" in its column, and only the buffer
 * baseline.
 *
 * Usage: tools/bench-vs-pocl.sh build/tools/kiln-bench-pipes [--quick]
 * (--quick: 2^18 packets instead of 2^22). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* bench_common.h: nftw, mkdtemp, setenv */
#endif
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct plat {
	cl_platform_id id;
	char name[16];
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q, q2;
	int pipes; /* the device supports pipes */
	cl_program prog[3]; /* per packet type */
};
#define BENCH_PLAT
#include "bench_common.h"

#define CAPACITY 1024
#define RUNS 3
/* Failures in a row before a kernel gives up (never waiting for ever on a
 * platform that does not run the two kernels at once). */
#define GIVE_UP (1u << 28)

static const struct {
	const char *name;
	const char *type;
	int words; /* ints per packet */
} packets[] = {
	{ "int", "int", 1 },
	{ "int4", "int4", 4 },
	{ "64 bytes", "P64", 16 },
};

enum mode { TWO_ARG, RESERVE16, WG64, SEQ_TWO_ARG, SEQ_RESERVE16, BUFFER, NUM_MODES };
static const char *mode_names[] = {
	"write_pipe/read_pipe", "reserve 16", "work-group reserve 64",
	"2-arg, one after other", "reserve 16, one after", "buffer hand-off",
};
/* Modes that run the producer, then the consumer, through a pipe that
 * holds all the packets: no waiting, the cost of the built-ins alone. */
static int sequential(enum mode m)
{
	return m == SEQ_TWO_ARG || m == SEQ_RESERVE16 || m == BUFFER;
}

/* FIRST(t) is the first int of a packet; MAKE builds packet i. */
static const char *src_common =
	"typedef struct { int w[16]; } P64;\n"
	"#if WORDS == 1\n"
	"#define MAKE(t, i) (t = (int)(i))\n"
	"#define FIRST(t) (t)\n"
	"#elif WORDS == 4\n"
	"#define MAKE(t, i) (t = (int4)((int)(i), 1, 2, 3))\n"
	"#define FIRST(t) (t).x\n"
	"#else\n"
	"#define MAKE(t, i) do { for (int k_ = 0; k_ < 16; k_++) (t).w[k_] = (int)(i) + k_; } while (0)\n"
	"#define FIRST(t) (t).w[0]\n"
	"#endif\n"
	"kernel void buf_produce(global T *b, uint n)\n"
	"{ for (uint i = 0; i < n; i++) { T t; MAKE(t, i); b[i] = t; } }\n"
	"kernel void buf_consume(global const T *b, uint n, global ulong *res)\n"
	"{ ulong s = 0; for (uint i = 0; i < n; i++) s += (uint)FIRST(b[i]); res[0] = n; res[1] = s; }\n";

static const char *src_pipes =
	"kernel void produce2(write_only pipe T p, uint n, uint give_up, global ulong *res)\n"
	"{\n"
	"  uint i = 0, spins = 0;\n"
	"  while (i < n) {\n"
	"    T t; MAKE(t, i);\n"
	"    if (write_pipe(p, &t) == 0) { i++; spins = 0; } else if (++spins == give_up) break;\n"
	"  }\n"
	"  res[2] = i;\n"
	"}\n"
	"kernel void consume2(read_only pipe T p, uint n, uint give_up, global ulong *res)\n"
	"{\n"
	"  uint i = 0, spins = 0; ulong s = 0;\n"
	"  while (i < n) {\n"
	"    T t;\n"
	"    if (read_pipe(p, &t) == 0) { s += (uint)FIRST(t); i++; spins = 0; } else if (++spins == give_up) break;\n"
	"  }\n"
	"  res[0] = i; res[1] = s;\n"
	"}\n"
	"kernel void produce16(write_only pipe T p, uint n, uint give_up, global ulong *res)\n"
	"{\n"
	"  uint i = 0, spins = 0;\n"
	"  while (i < n) {\n"
	"    reserve_id_t r = reserve_write_pipe(p, 16);\n"
	"    if (!is_valid_reserve_id(r)) { if (++spins == give_up) break; continue; }\n"
	"    spins = 0;\n"
	"    for (uint j = 0; j < 16; j++) { T t; MAKE(t, i + j); write_pipe(p, r, j, &t); }\n"
	"    commit_write_pipe(p, r);\n"
	"    i += 16;\n"
	"  }\n"
	"  res[2] = i;\n"
	"}\n"
	"kernel void consume16(read_only pipe T p, uint n, uint give_up, global ulong *res)\n"
	"{\n"
	"  uint i = 0, spins = 0; ulong s = 0;\n"
	"  while (i < n) {\n"
	"    reserve_id_t r = reserve_read_pipe(p, 16);\n"
	"    if (!is_valid_reserve_id(r)) { if (++spins == give_up) break; continue; }\n"
	"    spins = 0;\n"
	"    for (uint j = 0; j < 16; j++) { T t; read_pipe(p, r, j, &t); s += (uint)FIRST(t); }\n"
	"    commit_read_pipe(p, r);\n"
	"    i += 16;\n"
	"  }\n"
	"  res[0] = i; res[1] = s;\n"
	"}\n"
	/* One work-group of 64; the loop is uniform: every work-item sees
	 * the same reservation. */
	"kernel void produce_wg(write_only pipe T p, uint n, uint give_up, global ulong *res)\n"
	"{\n"
	"  uint l = get_local_id(0), i = 0, spins = 0;\n"
	"  while (i < n) {\n"
	"    reserve_id_t r = work_group_reserve_write_pipe(p, 64);\n"
	"    if (!is_valid_reserve_id(r)) { if (++spins == give_up) break; continue; }\n"
	"    spins = 0;\n"
	"    T t; MAKE(t, i + l); write_pipe(p, r, l, &t);\n"
	"    work_group_commit_write_pipe(p, r);\n"
	"    i += 64;\n"
	"  }\n"
	"  if (l == 0) res[2] = i;\n"
	"}\n"
	"kernel void consume_wg(read_only pipe T p, uint n, uint give_up, global ulong *res, local ulong *sum)\n"
	"{\n"
	"  uint l = get_local_id(0), i = 0, spins = 0; ulong s = 0;\n"
	"  while (i < n) {\n"
	"    reserve_id_t r = work_group_reserve_read_pipe(p, 64);\n"
	"    if (!is_valid_reserve_id(r)) { if (++spins == give_up) break; continue; }\n"
	"    spins = 0;\n"
	"    T t; read_pipe(p, r, l, &t); s += (uint)FIRST(t);\n"
	"    work_group_commit_read_pipe(p, r);\n"
	"    i += 64;\n"
	"  }\n"
	"  sum[l] = s;\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  if (l == 0) { ulong a = 0; for (int k = 0; k < 64; k++) a += sum[k]; res[0] = i; res[1] = a; }\n"
	"}\n";

/* Whether the device has pipes: OpenCL 2.x always, 3.0 when it says so. */
static int device_has_pipes(cl_device_id dev)
{
	char ver[128] = "";
	clGetDeviceInfo(dev, CL_DEVICE_VERSION, sizeof(ver), ver, NULL);
	int major = 0, minor = 0;
	if (sscanf(ver, "OpenCL %d.%d", &major, &minor) != 2 || major < 2)
		return 0;
	if (major == 2)
		return 1;
	cl_bool b = CL_FALSE;
	if (clGetDeviceInfo(dev, CL_DEVICE_PIPE_SUPPORT, sizeof(b), &b, NULL) != CL_SUCCESS)
		return 0;
	return b == CL_TRUE;
}

static int build(struct plat *p)
{
	for (int t = 0; t < 3; t++) {
		size_t len = strlen(src_common) + strlen(src_pipes) + 1;
		char *src = malloc(len);
		if (!src)
			return -1;
		strcpy(src, src_common);
		if (p->pipes)
			strcat(src, src_pipes);
		char opts[96];
		snprintf(opts, sizeof(opts), "%s -DT=%s -DWORDS=%d",
			 p->pipes ? "-cl-std=CL2.0" : "", packets[t].type, packets[t].words);
		cl_int err;
		const char *s = src;
		p->prog[t] = clCreateProgramWithSource(p->ctx, 1, &s, NULL, &err);
		free(src);
		if (!p->prog[t])
			return -1;
		err = clBuildProgram(p->prog[t], 1, &p->dev, opts, NULL, NULL);
		if (err == CL_BUILD_PROGRAM_FAILURE && p->pipes) {
			/* A 3.0 device without OpenCL C 2.0: the same with 3.0. */
			snprintf(opts, sizeof(opts), "-cl-std=CL3.0 -DT=%s -DWORDS=%d",
				 packets[t].type, packets[t].words);
			err = clBuildProgram(p->prog[t], 1, &p->dev, opts, NULL, NULL);
		}
		if (err != CL_SUCCESS) {
			char log[4096] = "";
			clGetProgramBuildInfo(p->prog[t], p->dev, CL_PROGRAM_BUILD_LOG,
					      sizeof(log), log, NULL);
			fprintf(stderr, "%s: build failed (%d):\n%s\n", p->name, err, log);
			return -1;
		}
	}
	return 0;
}

static cl_kernel kernel(struct plat *p, int t, const char *name)
{
	cl_int err;
	cl_kernel k = clCreateKernel(p->prog[t], name, &err);
	if (!k)
		bench_say(p, name, "clCreateKernel failed", err);
	return k;
}

/* One producer/consumer run; packets per second, or FAILED / WRONG. */
static double run(struct plat *p, int t, enum mode m, cl_uint n)
{
	static const char *names[][2] = {
		{ "produce2", "consume2" }, { "produce16", "consume16" },
		{ "produce_wg", "consume_wg" }, { "produce2", "consume2" },
		{ "produce16", "consume16" }, { "buf_produce", "buf_consume" },
	};
	size_t psize = (size_t)packets[t].words * 4;
	cl_int err;
	cl_kernel kp = kernel(p, t, names[m][0]), kc = kernel(p, t, names[m][1]);
	cl_mem res = bench_make_buf(p, 4 * sizeof(cl_ulong), NULL);
	cl_mem obj = NULL;
	double rate = FAILED;
	if (!kp || !kc || !res)
		goto out;
	cl_uint give_up = GIVE_UP;
	if (m == BUFFER) {
		obj = bench_make_buf(p, (size_t)n * psize, NULL);
		if (!obj)
			goto out;
		clSetKernelArg(kp, 0, sizeof(obj), &obj);
		clSetKernelArg(kp, 1, sizeof(n), &n);
		clSetKernelArg(kc, 0, sizeof(obj), &obj);
		clSetKernelArg(kc, 1, sizeof(n), &n);
		clSetKernelArg(kc, 2, sizeof(res), &res);
	} else {
		obj = clCreatePipe(p->ctx, 0, (cl_uint)psize, sequential(m) ? n : CAPACITY,
				   NULL, &err);
		if (!obj) {
			bench_say(p, "clCreatePipe", "failed", err);
			goto out;
		}
		cl_kernel ks[2] = { kp, kc };
		for (int i = 0; i < 2; i++) {
			clSetKernelArg(ks[i], 0, sizeof(obj), &obj);
			clSetKernelArg(ks[i], 1, sizeof(n), &n);
			clSetKernelArg(ks[i], 2, sizeof(give_up), &give_up);
			clSetKernelArg(ks[i], 3, sizeof(res), &res);
		}
		if (m == WG64)
			clSetKernelArg(kc, 4, 64 * sizeof(cl_ulong), NULL);
	}
	size_t one = 1, wg = m == WG64 ? 64 : 1;
	double best = 1e30;
	for (int r = 0; r <= RUNS; r++) { /* run 0: the warm-up */
		cl_ulong zero[4] = { 0, 0, 0, 0 };
		clEnqueueWriteBuffer(p->q, res, CL_TRUE, 0, sizeof(zero), zero, 0, NULL, NULL);
		double t0 = bench_now_s();
		if (sequential(m)) {
			err = clEnqueueNDRangeKernel(p->q, kp, 1, NULL, &one, &one, 0, NULL, NULL);
			err |= clEnqueueNDRangeKernel(p->q, kc, 1, NULL, &one, &one, 0, NULL, NULL);
			err |= clFinish(p->q);
		} else {
			err = clEnqueueNDRangeKernel(p->q2, kc, 1, NULL, &wg, &wg, 0, NULL, NULL);
			err |= clEnqueueNDRangeKernel(p->q, kp, 1, NULL, &wg, &wg, 0, NULL, NULL);
			err |= clFlush(p->q2);
			err |= clFinish(p->q);
			err |= clFinish(p->q2);
		}
		double dt = bench_now_s() - t0;
		if (err != CL_SUCCESS) {
			bench_say(p, names[m][0], "enqueue failed", err);
			goto out;
		}
		cl_ulong got[4];
		if (bench_read_buf(p, names[m][1], res, sizeof(got), got))
			goto out;
		/* The host's checksum: sum of the first words 0 .. n-1. */
		cl_ulong want = (cl_ulong)n * (n - 1) / 2;
		if (got[0] != n || got[1] != want) {
			fprintf(stderr, "%s: %s, %s: consumer got %llu packets, sum %llu "
				"(want %u, %llu)%s\n",
				p->name, packets[t].name, mode_names[m],
				(unsigned long long)got[0], (unsigned long long)got[1], n,
				(unsigned long long)want,
				!sequential(m) && got[0] < n ? ": the kernels did not run at once" : "");
			rate = WRONG;
			goto out;
		}
		if (r > 0 && dt < best)
			best = dt;
	}
	rate = n / best;
out:
	if (obj)
		clReleaseMemObject(obj);
	if (res)
		clReleaseMemObject(res);
	if (kp)
		clReleaseKernel(kp);
	if (kc)
		clReleaseKernel(kc);
	return rate;
}

int main(int argc, char **argv)
{
	cl_uint n = 1u << 22;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0) {
			n = 1u << 18;
		} else {
			fprintf(stderr, "usage: %s [--quick]\n", argv[0]);
			return 2;
		}
	}
	cl_platform_id ids[BENCH_MAX_PLATFORMS];
	cl_uint np = bench_platform_ids(ids);
	if (np == 0)
		return 1;
	struct plat plats[BENCH_MAX_PLATFORMS];
	int m = 0;
	for (cl_uint i = 0; i < np; i++) {
		struct plat *p = &plats[m];
		memset(p, 0, sizeof(*p));
		p->id = ids[i];
		if (bench_open_cpu(p))
			continue;
		cl_int err;
		p->q2 = clCreateCommandQueue(p->ctx, p->dev, 0, &err);
		p->pipes = device_has_pipes(p->dev);
		if (!p->q2 || build(p))
			continue;
		m++;
	}
	if (m == 0)
		return 1;
	printf("pipe throughput, Mpackets/s: one producer and one consumer kernel at once, "
	       "%u packets through a pipe of %d (best of %d)\n", n, CAPACITY, RUNS);
	printf("%-10s %-24s", "packet", "how");
	for (int i = 0; i < m; i++)
		printf(" %12s", plats[i].name);
	printf("\n");
	int bad = 0;
	for (int t = 0; t < 3; t++)
		for (int md = 0; md < NUM_MODES; md++) {
			printf("%-10s %-24s", packets[t].name, mode_names[md]);
			for (int i = 0; i < m; i++) {
				if (md != BUFFER && !plats[i].pipes) {
					printf(" %12s", "no pipes");
					continue;
				}
				double r = run(&plats[i], t, (enum mode)md, n);
				bad |= r == WRONG;
				bench_print_cell(r < 0 ? r : r / 1e6, 12);
			}
			printf("\n");
		}
	for (int i = 0; i < m; i++)
		if (!plats[i].pipes)
			printf("%s: the device reports no pipe support (CL_DEVICE_PIPE_SUPPORT "
			       "CL_FALSE or OpenCL below 2.0): only the buffer baseline runs\n",
			       plats[i].name);
	for (int i = 0; i < m; i++) {
		for (int t = 0; t < 3; t++)
			if (plats[i].prog[t])
				clReleaseProgram(plats[i].prog[t]);
		clReleaseCommandQueue(plats[i].q2);
		clReleaseCommandQueue(plats[i].q);
		clReleaseContext(plats[i].ctx);
	}
	return bad;
}
