/* The checks of the work-group collective functions (OpenCL C 3.0 §6.15.14)
 * shared by test_work_group_collectives (kernels from OpenCL C source) and
 * test_work_group_collectives_spirv (the same kernels from SPIR-V): the
 * kernels of work_group_collectives.cl run over 1D, 2D and 3D NDRanges,
 * uniform and non-uniform, and every result is compared with a host
 * reference that walks each group's work-items in linear local id order
 * (x fastest, the edge groups of a non-uniform NDRange smaller).
 *
 * Input values are exact in every order of summation (integers wrap, the
 * floating-point values are multiples of a power of two small enough that
 * no sum rounds), so every result has one right answer whatever order the
 * device combines in. */
#ifndef KILN_TESTS_WORK_GROUP_COLLECTIVES_H
#define KILN_TESTS_WORK_GROUP_COLLECTIVES_H

#include "builtin_harness.h"

#include <math.h>
#include <stdint.h>

/* ---- values of the six types, one union for the reference -------------- */

enum wg_type { WG_INT, WG_UINT, WG_LONG, WG_ULONG, WG_FLOAT, WG_DOUBLE, WG_NTYPES };
static const char *const wg_type_name[WG_NTYPES] = { "int",   "uint",  "long",
						     "ulong", "float", "double" };
static const size_t wg_type_size[WG_NTYPES] = { 4, 4, 8, 8, 4, 8 };

typedef union {
	int32_t i;
	uint32_t u;
	int64_t l;
	uint64_t ul;
	float f;
	double d;
} wg_val;

enum wg_op { WG_ADD, WG_MIN, WG_MAX };
static const char *const wg_op_name[3] = { "add", "min", "max" };

static wg_val wg_load(enum wg_type t, const void *buf, size_t i)
{
	wg_val v;
	memset(&v, 0, sizeof(v));
	memcpy(&v, (const char *)buf + i * wg_type_size[t], wg_type_size[t]);
	return v;
}

/* The operation as the spec defines it: integer adds wrap (done on the
 * unsigned type), min and max of floating point are fmin and fmax. */
static wg_val wg_apply(enum wg_type t, enum wg_op op, wg_val a, wg_val b)
{
	wg_val r;
	memset(&r, 0, sizeof(r));
#define WG_MINMAX(F) r.F = op == WG_MIN ? (b.F < a.F ? b.F : a.F) : (a.F < b.F ? b.F : a.F)
	switch (t) {
	case WG_INT:
		if (op == WG_ADD)
			r.i = (int32_t)((uint32_t)a.i + (uint32_t)b.i);
		else
			WG_MINMAX(i);
		break;
	case WG_UINT:
		if (op == WG_ADD)
			r.u = a.u + b.u;
		else
			WG_MINMAX(u);
		break;
	case WG_LONG:
		if (op == WG_ADD)
			r.l = (int64_t)((uint64_t)a.l + (uint64_t)b.l);
		else
			WG_MINMAX(l);
		break;
	case WG_ULONG:
		if (op == WG_ADD)
			r.ul = a.ul + b.ul;
		else
			WG_MINMAX(ul);
		break;
	case WG_FLOAT:
		r.f = op == WG_ADD ? a.f + b.f : op == WG_MIN ? fminf(a.f, b.f) : fmaxf(a.f, b.f);
		break;
	case WG_DOUBLE:
		r.d = op == WG_ADD ? a.d + b.d : op == WG_MIN ? fmin(a.d, b.d) : fmax(a.d, b.d);
		break;
	default:
		break;
	}
#undef WG_MINMAX
	return r;
}

/* The identity of an exclusive scan's first work-item (§6.15.14): 0 for
 * add, the type's largest value (+INFINITY) for min and its smallest
 * (-INFINITY) for max. */
static wg_val wg_identity(enum wg_type t, enum wg_op op)
{
	wg_val r;
	memset(&r, 0, sizeof(r));
	if (op == WG_ADD)
		return r; /* 0 of every type, +0.0 */
	int mn = op == WG_MIN;
	switch (t) {
	case WG_INT: r.i = mn ? INT32_MAX : INT32_MIN; break;
	case WG_UINT: r.u = mn ? UINT32_MAX : 0; break;
	case WG_LONG: r.l = mn ? INT64_MAX : INT64_MIN; break;
	case WG_ULONG: r.ul = mn ? UINT64_MAX : 0; break;
	case WG_FLOAT: r.f = mn ? INFINITY : -INFINITY; break;
	case WG_DOUBLE: r.d = mn ? INFINITY : -INFINITY; break;
	default: break;
	}
	return r;
}

/* Bit-exact equality (every expected value is exact; +0.0 is the only zero
 * the inputs make). */
static int wg_same(enum wg_type t, wg_val a, wg_val b)
{
	return memcmp(&a, &b, wg_type_size[t]) == 0;
}

static void wg_print(enum wg_type t, wg_val v, char *buf, size_t n)
{
	switch (t) {
	case WG_INT: snprintf(buf, n, "%d", v.i); break;
	case WG_UINT: snprintf(buf, n, "%u", v.u); break;
	case WG_LONG: snprintf(buf, n, "%lld", (long long)v.l); break;
	case WG_ULONG: snprintf(buf, n, "%llu", (unsigned long long)v.ul); break;
	case WG_FLOAT: snprintf(buf, n, "%a", v.f); break;
	case WG_DOUBLE: snprintf(buf, n, "%a", v.d); break;
	default: buf[0] = 0; break;
	}
}

/* Inputs: integers over the whole range (sums wrap); floats k/64 with
 * |k| <= 10^4 and doubles k/1024 with |k| <= 10^6, so that a group of 256
 * sums exactly in any order; no zeros of either sign, so fmin/fmax and the
 * sign of a zero sum are never in question. */
static void wg_fill(enum wg_type t, void *buf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint64_t r = bh_rand();
		wg_val v;
		memset(&v, 0, sizeof(v));
		switch (t) {
		case WG_INT: v.i = (int32_t)(uint32_t)r; break;
		case WG_UINT: v.u = (uint32_t)(r >> 32); break;
		case WG_LONG: v.l = (int64_t)r; break;
		case WG_ULONG: v.ul = r; break;
		case WG_FLOAT: {
			int k = (int)(r % 20000) - 9999;
			v.f = (float)(k ? k : 32) / 64.0f;
			break;
		}
		case WG_DOUBLE: {
			long k = (long)(r % 2000000) - 999999;
			v.d = (double)(k ? k : 512) / 1024.0;
			break;
		}
		default: break;
		}
		memcpy((char *)buf + i * wg_type_size[t], &v, wg_type_size[t]);
	}
}

/* ---- NDRange geometry -------------------------------------------------- */

struct wg_range {
	cl_uint dims;
	size_t global[3], local[3];
};

static size_t wg_total(const size_t v[3])
{
	return v[0] * v[1] * v[2];
}

/* Calls visit(ctx, ids, n, src) for every group: ids[0..n) the global
 * linear ids of its work-items in linear local id order; src[0..3) the
 * linear local ids of the broadcast sources of the 1D, 2D and 3D forms
 * (wg_src of work_group_collectives.cl). */
typedef void (*wg_visit_fn)(void *ctx, const size_t *ids, size_t n, const size_t src[3]);

static void wg_each_group(const struct wg_range *r, wg_visit_fn visit, void *ctx)
{
	size_t ng[3], *ids = malloc(wg_total(r->local) * sizeof(size_t));
	REQUIRE(ids);
	for (int d = 0; d < 3; d++)
		ng[d] = (r->global[d] + r->local[d] - 1) / r->local[d];
	for (size_t gz = 0; gz < ng[2]; gz++)
		for (size_t gy = 0; gy < ng[1]; gy++)
			for (size_t gx = 0; gx < ng[0]; gx++) {
				size_t g[3] = { gx, gy, gz }, sz[3], s[3];
				for (int d = 0; d < 3; d++) {
					size_t left = r->global[d] - g[d] * r->local[d];
					sz[d] = left < r->local[d] ? left : r->local[d];
					s[d] = (g[d] * 7 + 3) % sz[d];
				}
				size_t n = 0;
				for (size_t z = 0; z < sz[2]; z++)
					for (size_t y = 0; y < sz[1]; y++)
						for (size_t x = 0; x < sz[0]; x++)
							ids[n++] = (gx * r->local[0] + x) +
								   r->global[0] *
									   ((gy * r->local[1] + y) +
									    r->global[1] *
										    (gz * r->local[2] + z));
				size_t src[3] = { s[0], s[0] + sz[0] * s[1],
						  s[0] + sz[0] * (s[1] + sz[1] * s[2]) };
				visit(ctx, ids, n, src);
			}
	free(ids);
}

static void wg_range_text(const struct wg_range *r, char *buf, size_t n)
{
	if (r->dims == 1)
		snprintf(buf, n, "global %zu local %zu", r->global[0], r->local[0]);
	else if (r->dims == 2)
		snprintf(buf, n, "global %zux%zu local %zux%zu", r->global[0], r->global[1],
			 r->local[0], r->local[1]);
	else
		snprintf(buf, n, "global %zux%zux%zu local %zux%zux%zu", r->global[0],
			 r->global[1], r->global[2], r->local[0], r->local[1], r->local[2]);
}

/* Enqueues kernel k over r and waits; CL_SUCCESS or the error. */
static cl_int wg_enqueue(struct bh *h, cl_kernel k, const struct wg_range *r)
{
	cl_int err = clEnqueueNDRangeKernel(h->queue, k, r->dims, NULL, r->global, r->local, 0,
					    NULL, NULL);
	return err == CL_SUCCESS ? clFinish(h->queue) : err;
}

static cl_mem wg_buffer(struct bh *h, size_t bytes, const void *init)
{
	cl_int err;
	cl_mem m = clCreateBuffer(h->context,
				  CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0), bytes,
				  (void *)init, &err);
	REQUIRE(err == CL_SUCCESS);
	return m;
}

/* ---- arith_<type>: reduce, scans and broadcasts ------------------------- */

#define WG_RESULTS 12
static const char *const wg_result_name[WG_RESULTS] = {
	"reduce_add",	      "reduce_min",	    "reduce_max",	  "scan_inclusive_add",
	"scan_inclusive_min", "scan_inclusive_max", "scan_exclusive_add", "scan_exclusive_min",
	"scan_exclusive_max", "broadcast 1D",	    "broadcast 2D",	  "broadcast 3D",
};

struct wg_arith_ctx {
	enum wg_type t;
	const struct wg_range *r;
	const void *in, *out;
	int bad[WG_RESULTS];
};

static void wg_arith_group(void *vctx, const size_t *ids, size_t n, const size_t src[3])
{
	struct wg_arith_ctx *c = vctx;
	enum wg_type t = c->t;
	wg_val red[3], acc[3];
	for (int op = 0; op < 3; op++) {
		red[op] = wg_load(t, c->in, ids[0]);
		for (size_t i = 1; i < n; i++)
			red[op] = wg_apply(t, (enum wg_op)op, red[op], wg_load(t, c->in, ids[i]));
		acc[op] = wg_identity(t, (enum wg_op)op);
	}
	for (size_t i = 0; i < n; i++) {
		wg_val x = wg_load(t, c->in, ids[i]), want[WG_RESULTS];
		for (int op = 0; op < 3; op++) {
			want[op] = red[op];
			want[6 + op] = acc[op];
			acc[op] = i == 0 ? x : wg_apply(t, (enum wg_op)op, acc[op], x);
			want[3 + op] = acc[op];
		}
		for (int f = 0; f < 3; f++)
			want[9 + f] = wg_load(t, c->in, ids[src[f]]);
		for (int k = 0; k < WG_RESULTS; k++) {
			/* The broadcast forms of fewer dimensions than the
			 * NDRange name a local id only in a 1D (2D) group. */
			if (k >= 9 && (cl_uint)(k - 8) < c->r->dims)
				continue;
			wg_val got = wg_load(t, c->out, WG_RESULTS * ids[i] + (size_t)k);
			if (wg_same(t, got, want[k]))
				continue;
			if (c->bad[k]++ == 0) {
				char g[64], w[64], rt[96];
				wg_print(t, got, g, sizeof(g));
				wg_print(t, want[k], w, sizeof(w));
				wg_range_text(c->r, rt, sizeof(rt));
				fprintf(stderr,
					"work_group_%s(%s), %s: work-item %zu of a group of %zu "
					"(global linear id %zu) got %s, want %s\n",
					wg_result_name[k], wg_type_name[t], rt, i, n, ids[i], g, w);
			}
		}
	}
}

/* The sub-group results of arith_fibers_<type>: per group, each
 * sub-group's work-items (by the sub-group id they report) and, in even
 * sub-groups, their sum; `bad` counts the wrong ones. */
struct wg_fibers_ctx {
	enum wg_type t;
	const struct wg_range *r;
	const void *in, *sg;
	int bad;
};

static void wg_fibers_group(void *vctx, const size_t *ids, size_t n, const size_t src[3])
{
	struct wg_fibers_ctx *c = vctx;
	enum wg_type t = c->t;
	(void)src;
	for (size_t i = 0; i < n; i++) {
		wg_val id = wg_load(t, c->sg, 2 * ids[i]), want;
		int64_t sid = t == WG_INT ? id.i : t == WG_LONG ? id.l : (int64_t)id.d;
		memset(&want, 0, sizeof(want));
		if (sid % 2 == 0) {
			int first = 1;
			for (size_t j = 0; j < n; j++) {
				wg_val idj = wg_load(t, c->sg, 2 * ids[j]);
				if (!wg_same(t, idj, id))
					continue;
				wg_val x = wg_load(t, c->in, ids[j]);
				want = first ? x : wg_apply(t, WG_ADD, want, x);
				first = 0;
			}
		}
		wg_val got = wg_load(t, c->sg, 2 * ids[i] + 1);
		if (!wg_same(t, got, want) && c->bad++ == 0) {
			char g[64], w[64], rt[96];
			wg_print(t, got, g, sizeof(g));
			wg_print(t, want, w, sizeof(w));
			wg_range_text(c->r, rt, sizeof(rt));
			fprintf(stderr,
				"sub_group_reduce_add(%s) before work-group collectives, %s: "
				"work-item %zu of %zu (sub-group %lld) got %s, want %s\n",
				wg_type_name[t], rt, i, n, (long long)sid, g, w);
		}
	}
}

/* Runs kernel `prefix`<type> of prog over r and checks its results: arith_,
 * or arith_fibers_ (which also gives sub-group results, checked too). */
static void wg_check_arith(struct bh *h, cl_program prog, const char *prefix, enum wg_type t,
			   const struct wg_range *r)
{
	char name[48];
	snprintf(name, sizeof(name), "%s%s", prefix, wg_type_name[t]);
	int fibers = strcmp(prefix, "arith_") != 0;
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	REQUIRE(err == CL_SUCCESS);
	size_t n = wg_total(r->global), es = wg_type_size[t];
	void *in = malloc(n * es), *out = malloc(n * es * WG_RESULTS), *sg = malloc(2 * n * es);
	REQUIRE(in && out && sg);
	wg_fill(t, in, n);
	memset(out, 0xa5, n * es * WG_RESULTS);
	memset(sg, 0xa5, 2 * n * es);
	cl_mem mi = wg_buffer(h, n * es, in), mo = wg_buffer(h, n * es * WG_RESULTS, out);
	cl_mem ms = wg_buffer(h, 2 * n * es, sg);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(mi), &mi));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(mo), &mo));
	if (fibers)
		CHECK_OK(clSetKernelArg(k, 2, sizeof(ms), &ms));
	CHECK_OK(wg_enqueue(h, k, r));
	CHECK_OK(clEnqueueReadBuffer(h->queue, mo, CL_TRUE, 0, n * es * WG_RESULTS, out, 0, NULL,
				     NULL));
	CHECK_OK(clEnqueueReadBuffer(h->queue, ms, CL_TRUE, 0, 2 * n * es, sg, 0, NULL, NULL));
	struct wg_arith_ctx c = { t, r, in, out, { 0 } };
	wg_each_group(r, wg_arith_group, &c);
	for (int f = 0; f < WG_RESULTS; f++)
		CHECK(c.bad[f] == 0);
	if (fibers) {
		struct wg_fibers_ctx fc = { t, r, in, sg, 0 };
		wg_each_group(r, wg_fibers_group, &fc);
		CHECK(fc.bad == 0);
	}
	clReleaseMemObject(mi);
	clReleaseMemObject(mo);
	clReleaseMemObject(ms);
	clReleaseKernel(k);
	free(in);
	free(out);
	free(sg);
}

/* ---- vote: work_group_all and work_group_any ----------------------------- */

struct wg_vote_ctx {
	const struct wg_range *r;
	const cl_int *p, *out;
	int bad;
};

static void wg_vote_group(void *vctx, const size_t *ids, size_t n, const size_t src[3])
{
	struct wg_vote_ctx *c = vctx;
	(void)src;
	int all = 1, any = 0;
	for (size_t i = 0; i < n; i++) {
		all &= c->p[ids[i]] != 0;
		any |= c->p[ids[i]] != 0;
	}
	for (size_t i = 0; i < n; i++)
		if ((c->out[2 * ids[i]] != 0) != all || (c->out[2 * ids[i] + 1] != 0) != any) {
			if (c->bad++ == 0) {
				char rt[96];
				wg_range_text(c->r, rt, sizeof(rt));
				fprintf(stderr,
					"work_group_all/any, %s: work-item %zu of a group of %zu "
					"got %d/%d, want %d/%d\n",
					rt, i, n, c->out[2 * ids[i]], c->out[2 * ids[i] + 1], all,
					any);
			}
		}
}

/* The predicates of a group, by the group's number in the host's walk:
 * all zero, all non-zero (any value, negative too), a single non-zero, a
 * single zero, in turn. */
struct wg_pred_ctx {
	cl_int *p;
	size_t group;
};

static void wg_pred_group(void *vctx, const size_t *ids, size_t n, const size_t src[3])
{
	struct wg_pred_ctx *c = vctx;
	(void)src;
	size_t pattern = c->group % 4, lone = (c->group * 5) % n;
	for (size_t i = 0; i < n; i++) {
		cl_int nz = (cl_int)(bh_rand() % 1000) - 500;
		if (nz == 0)
			nz = 7;
		cl_int v = pattern == 0 ? 0 : pattern == 1 ? nz : pattern == 2 ? (i == lone ? nz : 0)
									   : (i == lone ? 0 : nz);
		c->p[ids[i]] = v;
	}
	c->group++;
}

static void wg_check_vote(struct bh *h, cl_program prog, const struct wg_range *r)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, "vote", &err);
	REQUIRE(err == CL_SUCCESS);
	size_t n = wg_total(r->global);
	cl_int *p = malloc(n * sizeof(cl_int)), *out = malloc(2 * n * sizeof(cl_int));
	REQUIRE(p && out);
	struct wg_pred_ctx pc = { p, 0 };
	wg_each_group(r, wg_pred_group, &pc);
	memset(out, 0xa5, 2 * n * sizeof(cl_int));
	cl_mem mp = wg_buffer(h, n * sizeof(cl_int), p);
	cl_mem mo = wg_buffer(h, 2 * n * sizeof(cl_int), out);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(mp), &mp));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(mo), &mo));
	CHECK_OK(wg_enqueue(h, k, r));
	CHECK_OK(clEnqueueReadBuffer(h->queue, mo, CL_TRUE, 0, 2 * n * sizeof(cl_int), out, 0,
				     NULL, NULL));
	struct wg_vote_ctx c = { r, p, out, 0 };
	wg_each_group(r, wg_vote_group, &c);
	CHECK(c.bad == 0);
	clReleaseMemObject(mp);
	clReleaseMemObject(mo);
	clReleaseKernel(k);
	free(p);
	free(out);
}

/* ---- loop: collectives in a uniform loop (1D ranges) -------------------- */

#define WG_LOOP_ITERS 5

struct wg_loop_ctx {
	const struct wg_range *r;
	const cl_int *in, *out;
	int bad;
};

static void wg_loop_group(void *vctx, const size_t *ids, size_t n, const size_t src[3])
{
	struct wg_loop_ctx *c = vctx;
	(void)src;
	uint32_t *acc = calloc(n, sizeof(uint32_t));
	REQUIRE(acc);
	for (uint32_t it = 0; it < WG_LOOP_ITERS; it++) {
		uint32_t sum = 0, scan = 0, b = (uint32_t)c->in[ids[it % n]] * (it + 1);
		for (size_t i = 0; i < n; i++)
			sum += (uint32_t)c->in[ids[i]] * (it + 1);
		for (size_t i = 0; i < n; i++) {
			scan += (uint32_t)c->in[ids[i]] * (it + 1);
			acc[i] += sum ^ scan ^ b;
		}
	}
	for (size_t i = 0; i < n; i++)
		if ((uint32_t)c->out[ids[i]] != acc[i] && c->bad++ == 0) {
			char rt[96];
			wg_range_text(c->r, rt, sizeof(rt));
			fprintf(stderr, "loop, %s: work-item %zu of %zu got %d, want %d\n", rt, i, n,
				c->out[ids[i]], (int)acc[i]);
		}
	free(acc);
}

static void wg_check_loop(struct bh *h, cl_program prog, const struct wg_range *r)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, "loop", &err);
	REQUIRE(err == CL_SUCCESS);
	size_t n = wg_total(r->global);
	cl_int *in = malloc(n * sizeof(cl_int)), *out = malloc(n * sizeof(cl_int));
	REQUIRE(in && out);
	for (size_t i = 0; i < n; i++)
		in[i] = (cl_int)(bh_rand() % 2001) - 1000;
	cl_int iters = WG_LOOP_ITERS;
	cl_mem mi = wg_buffer(h, n * sizeof(cl_int), in);
	cl_mem mo = wg_buffer(h, n * sizeof(cl_int), NULL);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(mi), &mi));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(mo), &mo));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(iters), &iters));
	CHECK_OK(wg_enqueue(h, k, r));
	CHECK_OK(clEnqueueReadBuffer(h->queue, mo, CL_TRUE, 0, n * sizeof(cl_int), out, 0, NULL,
				     NULL));
	struct wg_loop_ctx c = { r, in, out, 0 };
	wg_each_group(r, wg_loop_group, &c);
	CHECK(c.bad == 0);
	clReleaseMemObject(mi);
	clReleaseMemObject(mo);
	clReleaseKernel(k);
	free(in);
	free(out);
}

/* ---- fence: a collective orders local memory like a barrier -------------- */

struct wg_fence_ctx {
	const struct wg_range *r;
	const cl_int *out;
	int bad;
};

static void wg_fence_group(void *vctx, const size_t *ids, size_t n, const size_t src[3])
{
	struct wg_fence_ctx *c = vctx;
	(void)src;
	for (size_t i = 0; i < n; i++) {
		cl_int want = (cl_int)((i + 1) % n) + 1 + 1000 * (cl_int)(n - 1);
		if (c->out[ids[i]] != want && c->bad++ == 0) {
			char rt[96];
			wg_range_text(c->r, rt, sizeof(rt));
			fprintf(stderr, "fence, %s: work-item %zu of %zu got %d, want %d\n", rt, i,
				n, c->out[ids[i]], want);
		}
	}
}

static void wg_check_fence(struct bh *h, cl_program prog, const struct wg_range *r)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, "fence", &err);
	REQUIRE(err == CL_SUCCESS);
	size_t n = wg_total(r->global);
	cl_int *out = malloc(n * sizeof(cl_int));
	REQUIRE(out);
	cl_mem mo = wg_buffer(h, n * sizeof(cl_int), NULL);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(mo), &mo));
	CHECK_OK(clSetKernelArg(k, 1, wg_total(r->local) * sizeof(cl_int), NULL));
	CHECK_OK(wg_enqueue(h, k, r));
	CHECK_OK(clEnqueueReadBuffer(h->queue, mo, CL_TRUE, 0, n * sizeof(cl_int), out, 0, NULL,
				     NULL));
	struct wg_fence_ctx c = { r, out, 0 };
	wg_each_group(r, wg_fence_group, &c);
	CHECK(c.bad == 0);
	clReleaseMemObject(mo);
	clReleaseKernel(k);
	free(out);
}

/* ---- everything, over the NDRanges of the task --------------------------- */

/* 1D local sizes 1, 7, 16, 33, 64, 256, each with a global size that is a
 * multiple and one that is not (the last group smaller), then 2D and 3D
 * groups, uniform and not. */
static const struct wg_range wg_ranges[] = {
	{ 1, { 5, 1, 1 }, { 1, 1, 1 } },       { 1, { 7, 1, 1 }, { 7, 1, 1 } },
	{ 1, { 40, 1, 1 }, { 7, 1, 1 } },      { 1, { 64, 1, 1 }, { 16, 1, 1 } },
	{ 1, { 77, 1, 1 }, { 16, 1, 1 } },     { 1, { 99, 1, 1 }, { 33, 1, 1 } },
	{ 1, { 100, 1, 1 }, { 33, 1, 1 } },    { 1, { 256, 1, 1 }, { 64, 1, 1 } },
	{ 1, { 193, 1, 1 }, { 64, 1, 1 } },    { 1, { 512, 1, 1 }, { 256, 1, 1 } },
	{ 1, { 700, 1, 1 }, { 256, 1, 1 } },   { 2, { 16, 8, 1 }, { 8, 4, 1 } },
	{ 2, { 21, 10, 1 }, { 8, 4, 1 } },     { 2, { 13, 11, 1 }, { 5, 3, 1 } },
	{ 3, { 8, 6, 4 }, { 4, 3, 2 } },       { 3, { 9, 7, 5 }, { 4, 3, 2 } },
	{ 3, { 7, 5, 6 }, { 2, 2, 4 } },
};
#define WG_NRANGES (sizeof(wg_ranges) / sizeof(wg_ranges[0]))

/* Whether every global size of r is a multiple of its local size. */
static int wg_uniform(const struct wg_range *r)
{
	return r->global[0] % r->local[0] == 0 && r->global[1] % r->local[1] == 0 &&
	       r->global[2] % r->local[2] == 0;
}

/* Runs every check with the kernels of `prog` (work_group_collectives.cl),
 * skipping local sizes above the kernels' work-group size limit (said on
 * stderr; the device's limit is at least 256 on Kiln, checked), and the
 * non-uniform NDRanges when `uniform_only` (a program that requires
 * uniform work-groups). */
static void wg_check_all(struct bh *h, cl_program prog, int uniform_only)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, "arith_int", &err);
	REQUIRE(err == CL_SUCCESS);
	size_t max_wg = 0;
	CHECK_OK(clGetKernelWorkGroupInfo(k, h->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof(max_wg),
					  &max_wg, NULL));
	CHECK(max_wg >= 256);
	clReleaseKernel(k);
	for (size_t i = 0; i < WG_NRANGES; i++) {
		const struct wg_range *r = &wg_ranges[i];
		if (wg_total(r->local) > max_wg) {
			fprintf(stderr, "local size %zu above the limit %zu: skipped\n",
				wg_total(r->local), max_wg);
			continue;
		}
		if (uniform_only && !wg_uniform(r))
			continue;
		for (int t = 0; t < WG_NTYPES; t++)
			wg_check_arith(h, prog, "arith_", (enum wg_type)t, r);
		wg_check_vote(h, prog, r);
		wg_check_fence(h, prog, r);
		if (r->dims == 1)
			wg_check_loop(h, prog, r);
	}
}

#endif
