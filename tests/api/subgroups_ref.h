/* The host side of the sub-group tests (test_subgroups*.c): launches of the
 * kernels of subgroups.cl and an independent reference for every column of
 * subgroups_cols.h.
 *
 * The reference derives everything from the kernel's sub-group size S
 * (clGetKernelSubGroupInfo) and the OpenCL 3.0 layout (§3.2.2): sub-groups
 * are S consecutive linearized local ids of a work-group, the last one may
 * be smaller; get_max_sub_group_size() is min(S, enqueued group size).  A
 * reduction or scan is folded on the host in lane order with the type's
 * own arithmetic (integers wrap, float in float); inputs are small
 * integers and halves, so any order of the additions would give the same
 * bits.  Results the specs leave undefined (a shuffle from a lane that
 * does not exist) are not compared. */
#ifndef KILN_TESTS_SUBGROUPS_REF_H
#define KILN_TESTS_SUBGROUPS_REF_H

#include "builtin_harness.h"
#include "subgroups_cols.h"

#include <math.h>
#include <stdint.h>

#define SG_COLS 128     /* results per work-item (subgroups.cl) */
#define SG_VEC_COLS 7   /* vector columns of 16 elements each */

/* ---- element types ---------------------------------------------------- */

enum sg_tid { SG_CHAR, SG_UCHAR, SG_SHORT, SG_USHORT, SG_INT, SG_UINT,
	      SG_LONG, SG_ULONG, SG_FLOAT, SG_DOUBLE, SG_NTYPES };

struct sg_type {
	const char *name;
	unsigned size;
	int flt, sgn;
};

static const struct sg_type sg_types[SG_NTYPES] = {
	{ "char", 1, 0, 1 },  { "uchar", 1, 0, 0 }, { "short", 2, 0, 1 },
	{ "ushort", 2, 0, 0 }, { "int", 4, 0, 1 },  { "uint", 4, 0, 0 },
	{ "long", 8, 0, 1 },  { "ulong", 8, 0, 0 }, { "float", 4, 1, 1 },
	{ "double", 8, 1, 1 },
};

/* Values travel as their bits, zero-extended to 64. */
static inline uint64_t sg_mask(const struct sg_type *t)
{
	return t->size == 8 ? ~0ull : (1ull << (8 * t->size)) - 1;
}

static inline uint64_t sg_get(const struct sg_type *t, const void *buf, size_t i)
{
	uint64_t v = 0;
	memcpy(&v, (const char *)buf + i * t->size, t->size);
	return v;
}

static inline void sg_put(const struct sg_type *t, void *buf, size_t i, uint64_t v)
{
	memcpy((char *)buf + i * t->size, &v, t->size);
}

static inline int64_t sg_signed(const struct sg_type *t, uint64_t v)
{
	unsigned shift = 64 - 8 * t->size;
	return (int64_t)(v << shift) >> shift;
}

static inline double sg_real(const struct sg_type *t, uint64_t v)
{
	if (t->size == 4) {
		float f;
		uint32_t w = (uint32_t)v;
		memcpy(&f, &w, 4);
		return f;
	}
	double d;
	memcpy(&d, &v, 8);
	return d;
}

static inline uint64_t sg_bits(const struct sg_type *t, double d)
{
	if (t->size == 4) {
		float f = (float)d;
		uint32_t w;
		memcpy(&w, &f, 4);
		return w;
	}
	uint64_t v;
	memcpy(&v, &d, 8);
	return v;
}

/* A value as a truth value (the logical functions, votes). */
static inline int sg_true(const struct sg_type *t, uint64_t v)
{
	return t->flt ? sg_real(t, v) != 0 : (v & sg_mask(t)) != 0;
}

/* A random input: zero one time in four (predicates), otherwise a small
 * integer, or for floating point a small multiple of one half. */
static inline uint64_t sg_random(const struct sg_type *t)
{
	unsigned long long r = bh_rand();
	if ((r & 3) == 0)
		return 0;
	int v = (int)((r >> 8) % 41) - 20;
	if (t->flt)
		return sg_bits(t, v * 0.5);
	if (!t->sgn && v < 0)
		v = -v;
	return (uint64_t)(int64_t)v & sg_mask(t);
}

/* ---- operators ---------------------------------------------------------- */

enum sg_op { SG_ADD, SG_MUL, SG_MIN, SG_MAX, SG_AND, SG_OR, SG_XOR,
	     SG_LAND, SG_LOR, SG_LXOR };

static inline uint64_t sg_apply(const struct sg_type *t, enum sg_op op,
				uint64_t a, uint64_t b)
{
	if (t->flt && t->size == 4) {
		float x = (float)sg_real(t, a), y = (float)sg_real(t, b), r = 0;
		switch (op) {
		case SG_ADD: r = x + y; break;
		case SG_MUL: r = x * y; break;
		case SG_MIN: r = fminf(x, y); break;
		case SG_MAX: r = fmaxf(x, y); break;
		default: break;
		}
		return sg_bits(t, r);
	}
	if (t->flt) {
		double x = sg_real(t, a), y = sg_real(t, b), r = 0;
		switch (op) {
		case SG_ADD: r = x + y; break;
		case SG_MUL: r = x * y; break;
		case SG_MIN: r = fmin(x, y); break;
		case SG_MAX: r = fmax(x, y); break;
		default: break;
		}
		return sg_bits(t, r);
	}
	uint64_t m = sg_mask(t);
	int less = t->sgn ? sg_signed(t, a) < sg_signed(t, b) : a < b;
	switch (op) {
	case SG_ADD: return (a + b) & m;
	case SG_MUL: return (a * b) & m;
	case SG_MIN: return less ? a : b;
	case SG_MAX: return less ? b : a;
	case SG_AND: return a & b;
	case SG_OR: return a | b;
	case SG_XOR: return a ^ b;
	case SG_LAND: return (a != 0) & (b != 0);
	case SG_LOR: return (a != 0) | (b != 0);
	case SG_LXOR: return (a != 0) ^ (b != 0);
	}
	return 0;
}

/* The identity an exclusive scan returns where no lane is below
 * (cl_khr_subgroup_non_uniform_arithmetic). */
static inline uint64_t sg_identity(const struct sg_type *t, enum sg_op op)
{
	uint64_t m = sg_mask(t);
	switch (op) {
	case SG_MUL:
		return t->flt ? sg_bits(t, 1.0) : 1;
	case SG_AND:
		return m;
	case SG_LAND:
		return 1;
	case SG_MIN:
		return t->flt ? sg_bits(t, INFINITY) : t->sgn ? m >> 1 : m;
	case SG_MAX:
		return t->flt ? sg_bits(t, -INFINITY) : t->sgn ? (m >> 1) + 1 : 0;
	default:
		return 0;
	}
}

/* ---- the column tables ------------------------------------------------ */

enum sg_shape { SG_RED, SG_INCL, SG_EXCL, SG_CLU };

struct sg_arith_col {
	const char *fn;
	enum sg_shape shape;
	enum sg_op op;
	unsigned cluster;
};

#define SG_A(f, s, o) { #f, SG_##s, SG_##o, 0 },
#define SG_AC(f, o, c) { #f, SG_CLU, SG_##o, c },
static const struct sg_arith_col sg_arith_all[] = { SG_ARITH_ALL };
static const struct sg_arith_col sg_arith_integer[] = { SG_ARITH_INTEGER };
static const struct sg_arith_col sg_arith_logical[] = { SG_ARITH_LOGICAL };
static const struct sg_arith_col sg_arith_intel[] = { SG_ARITH_INTEL };
#undef SG_A
#undef SG_AC

enum sg_xkind { SG_X_LANE, SG_X_LANE_LAST, SG_X_LANE_HALF, SG_X_PERM, SG_X_XOR,
		SG_X_UP, SG_X_DOWN, SG_X_ROTATE, SG_X_CROTATE, SG_X_IDOWN, SG_X_IUP,
		SG_X_ALL_EQUAL, SG_X_ALL_EQUAL_TRUE };

struct sg_xcol {
	enum sg_xkind kind;
	int param;
	const char *expr;
};

#define SG_X(k, p, guard, e) { SG_##k, p, #e },
static const struct sg_xcol sg_exchange_cols[] = { SG_EXCHANGE };
#undef SG_X

enum sg_vkind { SG_V_ALL, SG_V_ANY, SG_V_ELECT, SG_V_BALLOT, SG_V_INVERSE,
		SG_V_EXTRACT, SG_V_COUNT, SG_V_INCL, SG_V_EXCL, SG_V_LSB, SG_V_MSB,
		SG_V_MASK_EQ, SG_V_MASK_GE, SG_V_MASK_GT, SG_V_MASK_LE, SG_V_MASK_LT,
		SG_V_GEO_SIZE, SG_V_GEO_MAX, SG_V_GEO_NUM, SG_V_GEO_ENQ_NUM,
		SG_V_GEO_ID, SG_V_GEO_LANE };

struct sg_vcol {
	enum sg_vkind kind;
	int param;
	const char *expr;
};

#define SG_V(k, p, e) { SG_##k, p, #e },
static const struct sg_vcol sg_vote_cols[] = { SG_VOTES };
#undef SG_V

#define SG_N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- launches and the sub-groups they make -------------------------------- */

struct sg_launch {
	cl_uint dims;
	size_t global[3], local[3];
};

static inline size_t sg_items(const struct sg_launch *l)
{
	return l->global[0] * l->global[1] * l->global[2];
}

/* One sub-group as the reference sees it. */
struct sg_view {
	const size_t *lanes;  /* global linear id of each lane */
	unsigned n;           /* its size */
	unsigned max;         /* get_max_sub_group_size() */
	unsigned S;           /* the kernel's sub-group size */
	unsigned id;          /* get_sub_group_id() */
	size_t items;         /* work-items of its group */
	size_t enqueued;      /* enqueued work-items per group */
	size_t group;         /* linear id of its group (x fastest) */
};

typedef void (*sg_visit)(void *ctx, const struct sg_view *v);

/* Calls fn for every sub-group of launch l with sub-group size S. */
static inline void sg_for_each(const struct sg_launch *l, unsigned S, sg_visit fn,
			       void *ctx)
{
	size_t G[3] = { 1, 1, 1 }, Lq[3] = { 1, 1, 1 }, ng[3];
	for (cl_uint d = 0; d < l->dims; d++) {
		G[d] = l->global[d];
		Lq[d] = l->local[d];
	}
	for (int d = 0; d < 3; d++)
		ng[d] = (G[d] + Lq[d] - 1) / Lq[d];
	size_t le = Lq[0] * Lq[1] * Lq[2];
	size_t *lin = malloc(le * sizeof(size_t));
	REQUIRE(lin);
	struct sg_view v;
	v.S = S;
	v.max = (unsigned)(le < S ? le : S);
	v.enqueued = le;
	for (size_t gz = 0; gz < ng[2]; gz++)
		for (size_t gy = 0; gy < ng[1]; gy++)
			for (size_t gx = 0; gx < ng[0]; gx++) {
				size_t gid[3] = { gx, gy, gz }, al[3];
				for (int d = 0; d < 3; d++) {
					size_t rest = G[d] - gid[d] * Lq[d];
					al[d] = rest < Lq[d] ? rest : Lq[d];
				}
				size_t items = al[0] * al[1] * al[2];
				for (size_t z = 0; z < al[2]; z++)
					for (size_t y = 0; y < al[1]; y++)
						for (size_t x = 0; x < al[0]; x++) {
							size_t k = (z * al[1] + y) * al[0] + x;
							size_t px = gx * Lq[0] + x,
							       py = gy * Lq[1] + y,
							       pz = gz * Lq[2] + z;
							lin[k] = px + G[0] * (py + G[1] * pz);
						}
				v.items = items;
				v.group = gx + ng[0] * (gy + ng[1] * gz);
				for (size_t s = 0; s * S < items; s++) {
					size_t rest = items - s * S;
					v.lanes = lin + s * S;
					v.n = (unsigned)(rest < S ? rest : S);
					v.id = (unsigned)s;
					fn(ctx, &v);
				}
			}
	free(lin);
}

/* ---- running kernels ------------------------------------------------------ */

struct sg_arg {
	void *host;   /* buffer contents (copied in, read back), or NULL */
	size_t size;  /* bytes */
	int local;    /* local memory of `size` bytes */
	cl_mem mem;   /* an existing memory object (images) */
};

#define SG_BUF(p, n) ((struct sg_arg){ (p), (n), 0, 0 })
#define SG_LOCAL(n) ((struct sg_arg){ NULL, (n), 1, 0 })
#define SG_MEM(m) ((struct sg_arg){ NULL, 0, 0, (m) })

/* The sub-group size of kernel `k` (clGetKernelSubGroupInfo for a group of
 * 256, larger than any sub-group), or 0 when the query fails. */
static inline unsigned sg_kernel_size(struct bh *h, cl_kernel k)
{
	size_t local = 256, s = 0;
	cl_int err = clGetKernelSubGroupInfo(k, h->device,
					     CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
					     sizeof(local), &local, sizeof(s), &s, NULL);
	return err == CL_SUCCESS ? (unsigned)s : 0;
}

/* Runs `name` over launch l; returns the kernel's sub-group size S, which
 * must be `want` when that is not 0. */
static inline unsigned sg_run(struct bh *h, cl_program prog, const char *name,
			      const struct sg_launch *l, unsigned want, int nargs,
			      struct sg_arg *args)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	if (err != CL_SUCCESS)
		fprintf(stderr, "kernel %s: %d\n", name, err);
	REQUIRE(err == CL_SUCCESS);
	unsigned S = sg_kernel_size(h, k);
	CHECK(S >= 1 && S <= 64);
	if (want && S != want)
		fprintf(stderr, "%s: sub-group size %u, expected %u\n", name, S, want);
	CHECK(!want || S == want);
	cl_mem mem[8] = { 0 };
	REQUIRE(nargs <= 8);
	for (int i = 0; i < nargs; i++) {
		if (args[i].mem) {
			CHECK_OK(clSetKernelArg(k, (cl_uint)i, sizeof(cl_mem), &args[i].mem));
		} else if (args[i].local) {
			CHECK_OK(clSetKernelArg(k, (cl_uint)i, args[i].size, NULL));
		} else {
			mem[i] = clCreateBuffer(h->context,
						CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
						args[i].size, args[i].host, &err);
			REQUIRE(err == CL_SUCCESS);
			CHECK_OK(clSetKernelArg(k, (cl_uint)i, sizeof(cl_mem), &mem[i]));
		}
	}
	CHECK_OK(clEnqueueNDRangeKernel(h->queue, k, l->dims, NULL, l->global, l->local,
					0, NULL, NULL));
	for (int i = 0; i < nargs; i++)
		if (mem[i])
			CHECK_OK(clEnqueueReadBuffer(h->queue, mem[i], CL_TRUE, 0, args[i].size,
						     args[i].host, 0, NULL, NULL));
	CHECK_OK(clFinish(h->queue));
	for (int i = 0; i < nargs; i++)
		if (mem[i])
			clReleaseMemObject(mem[i]);
	clReleaseKernel(k);
	return S;
}

/* ---- comparing ------------------------------------------------------------ */

/* Mismatches are counted per column; the first few are shown. */
struct sg_report {
	const char *kernel;
	const struct sg_launch *launch;
	unsigned shown;
};

static inline void sg_mismatch(struct sg_report *r, const char *what, unsigned lane,
			       const struct sg_view *v, unsigned long long got,
			       unsigned long long want)
{
	if (r->shown++ >= 8)
		return;
	fprintf(stderr,
		"%s, local %zux%zu, global %zux%zu: %s: lane %u of %u (sub-group %u of group "
		"%zu, S %u): got 0x%llx, expected 0x%llx\n",
		r->kernel, r->launch->local[0], r->launch->dims > 1 ? r->launch->local[1] : 1,
		r->launch->global[0], r->launch->dims > 1 ? r->launch->global[1] : 1, what, lane,
		v->n, v->id, v->group, v->S, got, want);
}

/* ---- reductions and scans ---------------------------------------------------- */

struct sg_arith_ctx {
	const struct sg_type *t;
	const struct sg_arith_col *cols;
	unsigned ncols, first_col;
	const void *in, *out;
	unsigned *bad;     /* per column */
	struct sg_report *report;
};

static inline void sg_check_arith_group(void *p, const struct sg_view *v)
{
	struct sg_arith_ctx *c = p;
	const struct sg_type *t = c->t;
	for (unsigned col = 0; col < c->ncols; col++) {
		const struct sg_arith_col *a = &c->cols[col];
		if (a->shape == SG_CLU && a->cluster > v->max)
			continue; /* not written: undefined */
		int logical = a->op >= SG_LAND;
		for (unsigned i = 0; i < v->n; i++) {
			unsigned from = 0, to = v->n; /* lanes [from, to) */
			if (a->shape == SG_INCL)
				to = i + 1;
			else if (a->shape == SG_EXCL)
				to = i;
			else if (a->shape == SG_CLU) {
				from = i & ~(a->cluster - 1);
				to = from + a->cluster < v->n ? from + a->cluster : v->n;
			}
			uint64_t want = sg_identity(t, a->op);
			for (unsigned j = from; j < to; j++) {
				uint64_t x = sg_get(t, c->in, v->lanes[j]);
				if (logical)
					x = x != 0;
				want = j == from ? x : sg_apply(t, a->op, want, x);
			}
			uint64_t got = sg_get(t, c->out,
					      v->lanes[i] * SG_COLS + c->first_col + col);
			int ok = logical ? (got != 0) == (want != 0) : got == want;
			if (!ok) {
				c->bad[col]++;
				sg_mismatch(c->report, a->fn, i, v, got, want);
			}
		}
	}
}

/* Checks columns first_col.. of `out` against cols, one CHECK per column. */
static inline void sg_check_arith(const struct sg_type *t, const struct sg_arith_col *cols,
				  unsigned ncols, unsigned first_col, const void *in,
				  const void *out, const struct sg_launch *l, unsigned S,
				  struct sg_report *report)
{
	unsigned bad[SG_COLS] = { 0 };
	struct sg_arith_ctx c = { t, cols, ncols, first_col, in, out, bad, report };
	sg_for_each(l, S, sg_check_arith_group, &c);
	for (unsigned col = 0; col < ncols; col++)
		CHECK(bad[col] == 0);
}

/* ---- exchanges --------------------------------------------------------------- */

/* The lane whose x (*second = 0) or y (*second = 1) lane i gets, or -1 when
 * the result is undefined. */
static inline int sg_source(enum sg_xkind kind, int p, unsigned i,
			    const struct sg_view *v, int *second)
{
	int n = (int)v->n, max = (int)v->max, src = -1;
	*second = 0;
	switch (kind) {
	case SG_X_LANE: src = 0; break;
	case SG_X_LANE_LAST: src = n - 1; break;
	case SG_X_LANE_HALF: src = n / 2; break;
	case SG_X_PERM: src = (int)((i * 5 + 3) % v->n); break;
	case SG_X_XOR: src = (int)i ^ p; break;
	case SG_X_UP: src = (int)i - p; break;
	case SG_X_DOWN: src = (int)i + p; break;
	case SG_X_ROTATE: src = ((int)i + (p < 0 ? max + p : p)) % max; break;
	case SG_X_CROTATE: {
		int cl = p >> 8, d = p & 0xff, first = (int)i & ~(cl - 1);
		src = first + ((int)i - first + d) % cl;
		break;
	}
	case SG_X_IDOWN:
	case SG_X_IUP: {
		int delta = p > 0 ? p : p == -1 ? max - 1 : (int)(i % 4) + max / 2;
		int j = kind == SG_X_IDOWN ? (int)i + delta : (int)i - delta;
		if (kind == SG_X_IDOWN && j >= max) {
			j -= max;
			*second = 1;
			if (j >= max)
				return -1;
		} else if (kind == SG_X_IUP && j < 0) {
			j += max;
			*second = 1;
			if (j < 0)
				return -1;
		}
		src = j;
		break;
	}
	default:
		return -1;
	}
	return src >= 0 && src < n ? src : -1;
}

struct sg_xctx {
	const struct sg_type *t;
	const void *in, *in2, *out;
	unsigned *bad;
	struct sg_report *report;
};

static inline void sg_check_exchange_group(void *p, const struct sg_view *v)
{
	struct sg_xctx *c = p;
	const struct sg_type *t = c->t;
	for (unsigned col = 0; col < SG_N(sg_exchange_cols); col++) {
		const struct sg_xcol *x = &sg_exchange_cols[col];
		if (x->kind == SG_X_CROTATE && (unsigned)(x->param >> 8) > v->max)
			continue;
		int equal = 1;
		uint64_t x0 = sg_get(t, c->in, v->lanes[0]);
		for (unsigned j = 1; j < v->n; j++) {
			uint64_t xj = sg_get(t, c->in, v->lanes[j]);
			equal &= t->flt ? sg_real(t, xj) == sg_real(t, x0) : xj == x0;
		}
		for (unsigned i = 0; i < v->n; i++) {
			uint64_t got = sg_get(t, c->out, v->lanes[i] * SG_COLS + col), want;
			int ok;
			if (x->kind == SG_X_ALL_EQUAL || x->kind == SG_X_ALL_EQUAL_TRUE) {
				want = x->kind == SG_X_ALL_EQUAL_TRUE ? 1 : (uint64_t)equal;
				ok = sg_true(t, got) == (int)want;
			} else {
				int second, src = sg_source(x->kind, x->param, i, v, &second);
				if (src < 0)
					continue;
				want = sg_get(t, second ? c->in2 : c->in, v->lanes[src]);
				ok = got == want;
			}
			if (!ok) {
				c->bad[col]++;
				sg_mismatch(c->report, x->expr, i, v, got, want);
			}
		}
	}
}

static inline void sg_check_exchange(const struct sg_type *t, const void *in,
				     const void *in2, const void *out,
				     const struct sg_launch *l, unsigned S,
				     struct sg_report *report)
{
	unsigned bad[SG_COLS] = { 0 };
	struct sg_xctx c = { t, in, in2, out, bad, report };
	sg_for_each(l, S, sg_check_exchange_group, &c);
	for (unsigned col = 0; col < SG_N(sg_exchange_cols); col++)
		CHECK(bad[col] == 0);
}

/* ---- votes, ballots, geometry ----------------------------------------------- */

struct sg_vctx {
	const cl_int *in, *out;
	unsigned *bad;
	struct sg_report *report;
};

static inline int sg_pred(int which, cl_int x)
{
	return which == 0 ? (x & 1) != 0 : which == 1 ? x != 3 : x == 3;
}

static inline uint32_t sg_word(uint64_t bits, int w)
{
	return w == 0 ? (uint32_t)bits : w == 1 ? (uint32_t)(bits >> 32) : 0;
}

static inline uint64_t sg_below(unsigned n)
{
	return n >= 64 ? ~0ull : (1ull << n) - 1;
}

static inline void sg_check_votes_group(void *p, const struct sg_view *v)
{
	struct sg_vctx *c = p;
	uint64_t ballot = 0, pall[3] = { 0, 0, 0 };
	for (unsigned j = 0; j < v->n; j++)
		for (int w = 0; w < 3; w++)
			if (sg_pred(w, c->in[v->lanes[j]]))
				pall[w] |= 1ull << j;
	ballot = pall[0];
	uint64_t lanes = sg_below(v->n), below_max = sg_below(v->max);
	for (unsigned col = 0; col < SG_N(sg_vote_cols); col++) {
		const struct sg_vcol *x = &sg_vote_cols[col];
		for (unsigned i = 0; i < v->n; i++) {
			cl_int got = c->out[v->lanes[i] * SG_COLS + col];
			int64_t want = 0;
			int truth = 0; /* compare as truth values */
			switch (x->kind) {
			case SG_V_ALL: want = pall[x->param] == lanes; truth = 1; break;
			case SG_V_ANY: want = pall[x->param] != 0; truth = 1; break;
			case SG_V_ELECT: want = i == 0; truth = 1; break;
			case SG_V_BALLOT: want = (cl_int)sg_word(ballot, x->param); break;
			case SG_V_INVERSE: want = (ballot >> i) & 1; truth = 1; break;
			case SG_V_EXTRACT: want = (ballot >> ((i + 1) % v->n)) & 1; truth = 1; break;
			case SG_V_COUNT: want = __builtin_popcountll(ballot); break;
			case SG_V_INCL: want = __builtin_popcountll(ballot & sg_below(i + 1)); break;
			case SG_V_EXCL: want = __builtin_popcountll(ballot & sg_below(i)); break;
			case SG_V_LSB:
				if (!ballot)
					continue; /* undefined */
				want = __builtin_ctzll(ballot);
				break;
			case SG_V_MSB:
				if (!ballot)
					continue;
				want = 63 - __builtin_clzll(ballot);
				break;
			case SG_V_MASK_EQ: want = (cl_int)sg_word(1ull << i, x->param); break;
			case SG_V_MASK_GE:
				want = (cl_int)sg_word(below_max & ~sg_below(i), x->param);
				break;
			case SG_V_MASK_GT:
				want = (cl_int)sg_word(below_max & ~sg_below(i + 1), x->param);
				break;
			case SG_V_MASK_LE: want = (cl_int)sg_word(sg_below(i + 1), x->param); break;
			case SG_V_MASK_LT: want = (cl_int)sg_word(sg_below(i), x->param); break;
			case SG_V_GEO_SIZE: want = v->n; break;
			case SG_V_GEO_MAX: want = v->max; break;
			case SG_V_GEO_NUM: want = (cl_int)((v->items + v->S - 1) / v->S); break;
			case SG_V_GEO_ENQ_NUM:
				want = (cl_int)((v->enqueued + v->S - 1) / v->S);
				break;
			case SG_V_GEO_ID: want = v->id; break;
			case SG_V_GEO_LANE: want = i; break;
			}
			int ok = truth ? (got != 0) == (want != 0) : got == (cl_int)want;
			if (!ok) {
				c->bad[col]++;
				sg_mismatch(c->report, x->expr, i, v, (unsigned)got,
					    (unsigned long long)want);
			}
		}
	}
}

static inline void sg_check_votes(const cl_int *in, const cl_int *out,
				  const struct sg_launch *l, unsigned S,
				  struct sg_report *report)
{
	unsigned bad[SG_COLS] = { 0 };
	struct sg_vctx c = { in, out, bad, report };
	sg_for_each(l, S, sg_check_votes_group, &c);
	for (unsigned col = 0; col < SG_N(sg_vote_cols); col++)
		CHECK(bad[col] == 0);
}

/* barrier_local: lane i reads lane i+1's value, then lane i-1's doubled. */
struct sg_bctx {
	const cl_int *in, *out;
	unsigned bad;
	struct sg_report *report;
};

static inline void sg_check_barrier_group(void *p, const struct sg_view *v)
{
	struct sg_bctx *c = p;
	for (unsigned i = 0; i < v->n; i++) {
		cl_int a = c->in[v->lanes[(i + 1) % v->n]];
		cl_int b = 2 * c->in[v->lanes[(i + v->n - 1) % v->n]];
		cl_int ga = c->out[2 * v->lanes[i]], gb = c->out[2 * v->lanes[i] + 1];
		if (ga != a || gb != b) {
			c->bad++;
			sg_mismatch(c->report, "sub_group_barrier", i, v,
				    (unsigned)(ga != a ? ga : gb), (unsigned)(ga != a ? a : b));
		}
	}
}

static inline void sg_check_barrier(const cl_int *in, const cl_int *out,
				    const struct sg_launch *l, unsigned S,
				    struct sg_report *report)
{
	struct sg_bctx c = { in, out, 0, report };
	sg_for_each(l, S, sg_check_barrier_group, &c);
	CHECK(c.bad == 0);
}

/* ---- whole runs ------------------------------------------------------------- */

/* Random inputs of type t for every work-item of l (rows of `row`
 * elements). */
static inline void *sg_inputs(const struct sg_type *t, size_t items, size_t row)
{
	char *p = malloc(items * row * t->size);
	REQUIRE(p);
	for (size_t i = 0; i < items * row; i++)
		sg_put(t, p, i, sg_random(t));
	return p;
}

/* Runs kernel `name` of type t over l with fresh inputs; returns S and
 * checks the columns of cols[0..ncols) (first_col 0) and, if cols2, of
 * cols2 after them. */
static inline void sg_run_arith(struct bh *h, cl_program prog, const char *name,
				const struct sg_type *t, const struct sg_launch *l, unsigned want,
				const struct sg_arith_col *cols, unsigned ncols,
				const struct sg_arith_col *cols2, unsigned ncols2)
{
	size_t items = sg_items(l);
	void *in = sg_inputs(t, items, 1);
	void *out = calloc(items * SG_COLS, t->size);
	REQUIRE(out);
	struct sg_arg args[] = { SG_BUF(in, items * t->size),
				 SG_BUF(out, items * SG_COLS * t->size) };
	unsigned S = sg_run(h, prog, name, l, want, 2, args);
	struct sg_report r = { name, l, 0 };
	sg_check_arith(t, cols, ncols, 0, in, out, l, S, &r);
	if (cols2)
		sg_check_arith(t, cols2, ncols2, ncols, in, out, l, S, &r);
	free(in);
	free(out);
}

/* arith_<type> (every type's operators) and, unless `all_only`,
 * arithi_<type> (integer-only ones) over l. */
static inline void sg_test_arith(struct bh *h, cl_program prog, enum sg_tid tid,
				 const struct sg_launch *l, unsigned want, int all_only)
{
	const struct sg_type *t = &sg_types[tid];
	char name[64];
	snprintf(name, sizeof(name), "arith_%s", t->name);
	sg_run_arith(h, prog, name, t, l, want, sg_arith_all, SG_N(sg_arith_all), NULL, 0);
	if (t->flt || all_only)
		return;
	snprintf(name, sizeof(name), "arithi_%s", t->name);
	const struct sg_arith_col *more = tid == SG_INT ? sg_arith_logical
				       : tid <= SG_USHORT ? sg_arith_intel : NULL;
	unsigned nmore = tid == SG_INT ? SG_N(sg_arith_logical)
			 : tid <= SG_USHORT ? SG_N(sg_arith_intel) : 0;
	sg_run_arith(h, prog, name, t, l, want, sg_arith_integer, SG_N(sg_arith_integer), more,
		     nmore);
}

static inline void sg_test_exchange(struct bh *h, cl_program prog, enum sg_tid tid,
				    const struct sg_launch *l, unsigned want)
{
	const struct sg_type *t = &sg_types[tid];
	size_t items = sg_items(l);
	void *in = sg_inputs(t, items, 1), *in2 = sg_inputs(t, items, 1);
	void *out = calloc(items * SG_COLS, t->size);
	REQUIRE(out);
	char name[64];
	snprintf(name, sizeof(name), "exchange_%s", t->name);
	struct sg_arg args[] = { SG_BUF(in, items * t->size), SG_BUF(in2, items * t->size),
				 SG_BUF(out, items * SG_COLS * t->size) };
	unsigned S = sg_run(h, prog, name, l, want, 3, args);
	struct sg_report r = { name, l, 0 };
	sg_check_exchange(t, in, in2, out, l, S, &r);
	free(in);
	free(in2);
	free(out);
}

static inline void sg_test_votes(struct bh *h, cl_program prog, const struct sg_launch *l,
				 unsigned want)
{
	size_t items = sg_items(l);
	cl_int *in = malloc(items * sizeof(cl_int)), *out = calloc(items * SG_COLS, sizeof(cl_int));
	REQUIRE(in && out);
	/* runs of equal values now and then, so that some sub-groups vote
	 * unanimously */
	for (size_t i = 0; i < items; i++)
		in[i] = (i / 8) % 3 == 0 ? 3 : (cl_int)(bh_rand() % 7);
	struct sg_arg args[] = { SG_BUF(in, items * sizeof(cl_int)),
				 SG_BUF(out, items * SG_COLS * sizeof(cl_int)) };
	unsigned S = sg_run(h, prog, "votes", l, want, 2, args);
	struct sg_report r = { "votes", l, 0 };
	sg_check_votes(in, out, l, S, &r);
	free(in);
	free(out);
}

static inline void sg_test_barrier(struct bh *h, cl_program prog, const struct sg_launch *l,
				   unsigned want)
{
	size_t items = sg_items(l), group = l->local[0] * (l->dims > 1 ? l->local[1] : 1) *
					    (l->dims > 2 ? l->local[2] : 1);
	cl_int *in = malloc(items * sizeof(cl_int)), *out = calloc(items * 2, sizeof(cl_int));
	REQUIRE(in && out);
	for (size_t i = 0; i < items; i++)
		in[i] = (cl_int)(bh_rand() % 100000);
	struct sg_arg args[] = { SG_BUF(in, items * sizeof(cl_int)),
				 SG_BUF(out, items * 2 * sizeof(cl_int)),
				 SG_LOCAL(group * sizeof(cl_int)) };
	unsigned S = sg_run(h, prog, "barrier_local", l, want, 3, args);
	struct sg_report r = { "barrier_local", l, 0 };
	sg_check_barrier(in, out, l, S, &r);
	free(in);
	free(out);
}

/* ---- vectors (vec_<type><N>, ibroadcast_<type>) ----------------------------
 * Column c of lane i, element e: the x (or y) of the lane the column's
 * kind names, element e. */
static const struct sg_xcol sg_vec_cols[SG_VEC_COLS] = {
	{ SG_X_LANE_LAST, 0, "sub_group_broadcast(x, n - 1)" },
	{ SG_X_LANE_HALF, 0, "sub_group_non_uniform_broadcast(x, n / 2)" },
	{ SG_X_PERM, 0, "intel_sub_group_shuffle(x, (lane * 5 + 3) % n)" },
	{ SG_X_XOR, 3, "intel_sub_group_shuffle_xor(x, 3)" },
	{ SG_X_IDOWN, 1, "intel_sub_group_shuffle_down(x, y, 1)" },
	{ SG_X_IUP, 1, "intel_sub_group_shuffle_up(y, x, 1)" },
	{ SG_X_LANE_LAST, 0, "intel_sub_group_broadcast(x, n - 1)" },
};

struct sg_vecctx {
	const struct sg_type *t;
	unsigned width, first, last; /* elements per value; columns [first, last] */
	const void *in, *in2, *out;
	unsigned *bad;
	struct sg_report *report;
};

static inline void sg_check_vec_group(void *p, const struct sg_view *v)
{
	struct sg_vecctx *c = p;
	for (unsigned col = c->first; col <= c->last; col++) {
		const struct sg_xcol *x = &sg_vec_cols[col];
		for (unsigned i = 0; i < v->n; i++) {
			int second, src = sg_source(x->kind, x->param, i, v, &second);
			if (src < 0)
				continue;
			for (unsigned e = 0; e < c->width; e++) {
				uint64_t want = sg_get(c->t, second ? c->in2 : c->in,
						       v->lanes[src] * 16 + e);
				uint64_t got = sg_get(c->t, c->out,
						      (v->lanes[i] * SG_VEC_COLS + col) * 16 + e);
				if (got != want) {
					c->bad[col]++;
					sg_mismatch(c->report, x->expr, i, v, got, want);
				}
			}
		}
	}
}

/* Runs `kernel` (vec_<type><width>, or ibroadcast_<type> with width 1) and
 * checks its columns [first, last]. */
static inline void sg_test_vec(struct bh *h, cl_program prog, const char *kernel,
			       enum sg_tid tid, unsigned width, unsigned first,
			       unsigned last, const struct sg_launch *l)
{
	const struct sg_type *t = &sg_types[tid];
	size_t items = sg_items(l);
	void *in = sg_inputs(t, items, 16), *in2 = sg_inputs(t, items, 16);
	void *out = calloc(items * 16 * SG_VEC_COLS, t->size);
	REQUIRE(out);
	struct sg_arg vec_args[] = { SG_BUF(in, items * 16 * t->size),
				     SG_BUF(in2, items * 16 * t->size),
				     SG_BUF(out, items * 16 * SG_VEC_COLS * t->size) };
	/* ibroadcast_<type>(in, out) has no second input */
	struct sg_arg scalar_args[] = { vec_args[0], vec_args[2] };
	unsigned S = width == 1 ? sg_run(h, prog, kernel, l, 0, 2, scalar_args)
				: sg_run(h, prog, kernel, l, 0, 3, vec_args);
	unsigned bad[SG_VEC_COLS] = { 0 };
	struct sg_report r = { kernel, l, 0 };
	struct sg_vecctx c = { t, width, first, last, in, in2, out, bad, &r };
	sg_for_each(l, S, sg_check_vec_group, &c);
	for (unsigned col = first; col <= last; col++)
		CHECK(bad[col] == 0);
	free(in);
	free(in2);
	free(out);
}

/* Every vector kernel of subgroups.cl over l. */
static inline void sg_test_vectors(struct bh *h, cl_program prog, const struct sg_launch *l)
{
	static const unsigned widths[] = { 2, 3, 4, 8, 16 };
	for (int tid = 0; tid < SG_NTYPES; tid++) {
		const struct sg_type *t = &sg_types[tid];
		/* Intel's vector shuffles: 8-, 16- and 32-bit types */
		int intel = tid != SG_LONG && tid != SG_ULONG && tid != SG_DOUBLE;
		for (unsigned w = 0; w < SG_N(widths); w++) {
			char name[64];
			snprintf(name, sizeof(name), "vec_%s%u", t->name, widths[w]);
			unsigned last = intel ? 5 : 1;
			if ((tid == SG_SHORT || tid == SG_USHORT) && widths[w] <= 8)
				last = 6;
			sg_test_vec(h, prog, name, (enum sg_tid)tid, widths[w], 0, last, l);
		}
		if (tid <= SG_USHORT) {
			char name[64];
			snprintf(name, sizeof(name), "ibroadcast_%s", t->name);
			sg_test_vec(h, prog, name, (enum sg_tid)tid, 1, 6, 6, l);
		}
	}
}

/* ---- Intel block reads and writes -------------------------------------------
 * Only sub-groups as large as the maximum are compared (a partial one is
 * undefined for block functions). */
struct sg_block {
	const char *name; /* block_<name>, image_<name> */
	enum sg_tid tid;
	unsigned n;       /* elements per work-item */
};

static const struct sg_block sg_blocks[] = {
	{ "u1", SG_UINT, 1 },   { "u2", SG_UINT, 2 },   { "u4", SG_UINT, 4 },
	{ "u8", SG_UINT, 8 },   { "ui1", SG_UINT, 1 },  { "ui2", SG_UINT, 2 },
	{ "ui4", SG_UINT, 4 },  { "ui8", SG_UINT, 8 },  { "us1", SG_USHORT, 1 },
	{ "us2", SG_USHORT, 2 }, { "us4", SG_USHORT, 4 }, { "us8", SG_USHORT, 8 },
	{ "uc1", SG_UCHAR, 1 }, { "uc2", SG_UCHAR, 2 }, { "uc4", SG_UCHAR, 4 },
	{ "uc8", SG_UCHAR, 8 }, { "uc16", SG_UCHAR, 16 }, { "ul1", SG_ULONG, 1 },
	{ "ul2", SG_ULONG, 2 }, { "ul4", SG_ULONG, 4 }, { "ul8", SG_ULONG, 8 },
};

/* Buffers: block_<name>(src, dst, flat) over `groups` groups of `local`. */
static inline void sg_test_block(struct bh *h, cl_program prog, const struct sg_block *b,
				 size_t local, size_t groups)
{
	const struct sg_type *t = &sg_types[b->tid];
	struct sg_launch l = { 1, { local * groups, 1, 1 }, { local, 1, 1 } };
	size_t items = local * groups, elems = items * b->n + 64 * 16;
	void *src = sg_inputs(t, elems, 1), *dst = calloc(elems, t->size);
	void *flat = calloc(items * b->n, t->size);
	REQUIRE(dst && flat);
	char name[64];
	snprintf(name, sizeof(name), "block_%s", b->name);
	struct sg_arg args[] = { SG_BUF(src, elems * t->size), SG_BUF(dst, elems * t->size),
				 SG_BUF(flat, items * b->n * t->size) };
	unsigned S = sg_run(h, prog, name, &l, 0, 3, args);
	unsigned max = (unsigned)(local < S ? local : S), per_group = (unsigned)((local + S - 1) / S);
	unsigned bad_read = 0, bad_write = 0;
	struct sg_report r = { name, &l, 0 };
	for (size_t gr = 0; gr < groups; gr++)
		for (unsigned s = 0; s < per_group; s++) {
			size_t first = s * (size_t)S, n = local - first < S ? local - first : S;
			if (n != max)
				continue;
			size_t base = (gr * per_group + s) * (size_t)max * b->n;
			struct sg_view v = { NULL, (unsigned)n, max, S, s, local, local, gr };
			for (unsigned i = 0; i < n; i++)
				for (unsigned k = 0; k < b->n; k++) {
					size_t at = base + i + (size_t)k * max;
					size_t g = gr * local + first + i;
					uint64_t want = sg_get(t, src, at);
					uint64_t got = sg_get(t, flat, g * b->n + k);
					uint64_t wrote = sg_get(t, dst, at);
					if (got != want) {
						bad_read++;
						sg_mismatch(&r, "block read", i, &v, got, want);
					}
					if (wrote != ((want + 1) & sg_mask(t))) {
						bad_write++;
						sg_mismatch(&r, "block write", i, &v, wrote,
							    (want + 1) & sg_mask(t));
					}
				}
		}
	CHECK(bad_read == 0);
	CHECK(bad_write == 0);
	free(src);
	free(dst);
	free(flat);
}

/* Images: image_<name>(img, copy, flat) on a CL_RGBA / CL_UNSIGNED_INT8 2D
 * image 512 pixels (2048 bytes) wide; block (s, G) of sub-group s of
 * group G starts at byte s * max * size of row G * n. */
static inline void sg_test_image(struct bh *h, cl_program prog, const struct sg_block *b,
				 size_t local, size_t groups)
{
	const struct sg_type *t = &sg_types[b->tid];
	struct sg_launch l = { 1, { local * groups, 1, 1 }, { local, 1, 1 } };
	size_t items = local * groups, width = 512, height = groups * b->n, pitch = width * 4;
	unsigned char *pixels = malloc(pitch * height), *copied = calloc(pitch, height);
	void *flat = calloc(items * b->n, t->size);
	REQUIRE(pixels && copied && flat);
	for (size_t i = 0; i < pitch * height; i++)
		pixels[i] = (unsigned char)bh_rand();
	cl_image_format fmt = { CL_RGBA, CL_UNSIGNED_INT8 };
	cl_image_desc desc = check_image2d_desc(width, height);
	cl_int err;
	cl_mem img = clCreateImage(h->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &fmt,
				   &desc, pixels, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem copy = clCreateImage(h->context, CL_MEM_WRITE_ONLY | CL_MEM_COPY_HOST_PTR, &fmt,
				    &desc, copied, &err);
	REQUIRE(err == CL_SUCCESS);
	char name[64];
	snprintf(name, sizeof(name), "image_%s", b->name);
	struct sg_arg args[] = { SG_MEM(img), SG_MEM(copy), SG_BUF(flat, items * b->n * t->size) };
	unsigned S = sg_run(h, prog, name, &l, 0, 3, args);
	size_t origin[3] = { 0, 0, 0 }, region[3] = { width, height, 1 };
	CHECK_OK(clEnqueueReadImage(h->queue, copy, CL_TRUE, origin, region, 0, 0, copied, 0,
				    NULL, NULL));
	unsigned max = (unsigned)(local < S ? local : S), per_group = (unsigned)((local + S - 1) / S);
	unsigned bad_read = 0, bad_write = 0;
	struct sg_report r = { name, &l, 0 };
	for (size_t gr = 0; gr < groups; gr++)
		for (unsigned s = 0; s < per_group; s++) {
			size_t first = s * (size_t)S, n = local - first < S ? local - first : S;
			if (n != max)
				continue;
			struct sg_view v = { NULL, (unsigned)n, max, S, s, local, local, gr };
			for (unsigned i = 0; i < n; i++)
				for (unsigned k = 0; k < b->n; k++) {
					size_t x = ((size_t)s * max + i) * t->size, y = gr * b->n + k;
					uint64_t want = 0, got, wrote = 0;
					memcpy(&want, pixels + y * pitch + x, t->size);
					memcpy(&wrote, copied + y * pitch + x, t->size);
					got = sg_get(t, flat, (gr * local + first + i) * b->n + k);
					if (got != want) {
						bad_read++;
						sg_mismatch(&r, "image block read", i, &v, got, want);
					}
					if (wrote != want) {
						bad_write++;
						sg_mismatch(&r, "image block write", i, &v, wrote, want);
					}
				}
		}
	CHECK(bad_read == 0);
	CHECK(bad_write == 0);
	clReleaseMemObject(img);
	clReleaseMemObject(copy);
	free(pixels);
	free(copied);
	free(flat);
}

/* Every block kernel, buffers and (where the device has images) images. */
static inline void sg_test_blocks(struct bh *h, cl_program prog)
{
	static const size_t locals[] = { 7, 16, 33, 64, 256 };
	cl_bool images = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images,
				 NULL));
	for (unsigned b = 0; b < SG_N(sg_blocks); b++)
		for (unsigned i = 0; i < SG_N(locals); i++) {
			sg_test_block(h, prog, &sg_blocks[b], locals[i], 3);
			if (images)
				sg_test_image(h, prog, &sg_blocks[b], locals[i], 3);
		}
}

/* ---- the whole suites ------------------------------------------------------ */

/* The extensions kernel-lib/subgroups_*.cl implement; subgroups.cl uses
 * them all. */
static const char *const sg_extensions[] = {
	"cl_khr_subgroup_extended_types",
	"cl_khr_subgroup_non_uniform_vote",
	"cl_khr_subgroup_ballot",
	"cl_khr_subgroup_non_uniform_arithmetic",
	"cl_khr_subgroup_shuffle",
	"cl_khr_subgroup_shuffle_relative",
	"cl_khr_subgroup_clustered_reduce",
	"cl_khr_subgroup_rotate",
	"cl_intel_subgroups",
	"cl_intel_subgroups_char",
	"cl_intel_subgroups_short",
	"cl_intel_subgroups_long",
};

static inline char *sg_read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	REQUIRE(f);
	REQUIRE(fseek(f, 0, SEEK_END) == 0);
	long n = ftell(f);
	REQUIRE(n > 0);
	rewind(f);
	char *s = malloc((size_t)n + 1);
	REQUIRE(s && fread(s, 1, (size_t)n, f) == (size_t)n);
	s[n] = 0;
	fclose(f);
	return s;
}

/* Builds subgroups.cl (at `path`) from source with -cl-std=CL3.0, its own
 * folder on the include path (for subgroups_cols.h) and `extra`. */
static inline cl_program sg_build_source(struct bh *h, const char *path, const char *src,
					 const char *extra)
{
	char opts[1024];
	const char *slash = strrchr(path, '/');
	int dir = slash ? (int)(slash - path) : 1;
	snprintf(opts, sizeof(opts), "-cl-std=CL3.0 -I %.*s %s", dir, slash ? path : ".",
		 extra ? extra : "");
	return bh_build(h, src, opts);
}

/* Whether the device reports sub-groups; the extension, the OpenCL C
 * feature and CL_DEVICE_MAX_NUM_SUB_GROUPS must agree, and with sub-groups
 * every extension of sg_extensions must be there.  Without them a kernel
 * calling a sub-group function must not build (OpenCL C 3.0). */
static inline int sg_reported(struct bh *h)
{
	cl_uint max_num = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof(max_num),
				 &max_num, NULL));
	size_t bytes = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_OPENCL_C_FEATURES, 0, NULL, &bytes));
	cl_name_version *f = malloc(bytes ? bytes : 1);
	REQUIRE(f);
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_OPENCL_C_FEATURES, bytes, f, NULL));
	int feature = 0;
	for (size_t i = 0; i < bytes / sizeof(*f); i++)
		feature |= strcmp(f[i].name, "__opencl_c_subgroups") == 0;
	free(f);
	/* cl_khr_subgroups (the OpenCL 2.0 extension, which also requires
	 * independent forward progress: test_subgroups_ifp.c) comes with the
	 * OpenCL 3.0 feature. */
	CHECK(bh_has_extension(h, "cl_khr_subgroups") == feature);
	int ext = feature;
	CHECK(ext == (max_num > 0));
	if (!ext) {
		static const char src[] =
			"kernel void k(global int *p) { p[0] = sub_group_reduce_add(p[0]); }\n";
		const char *s = src;
		cl_int err;
		cl_program p = clCreateProgramWithSource(h->context, 1, &s, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK_ERR(clBuildProgram(p, 1, &h->device, "-cl-std=CL3.0", NULL, NULL),
			  CL_BUILD_PROGRAM_FAILURE);
		clReleaseProgram(p);
		printf("sub-groups not reported: checked that they are refused\n");
		return 0;
	}
	for (unsigned i = 0; i < SG_N(sg_extensions); i++) {
		int has = bh_has_extension(h, sg_extensions[i]);
		if (!has)
			fprintf(stderr, "%s is not reported\n", sg_extensions[i]);
		CHECK(has);
	}
	return 1;
}

/* The sub-group sizes a kernel may require (CL_DEVICE_SUB_GROUP_SIZES_INTEL
 * of cl_intel_required_subgroup_size); returns how many, 0 without it. */
static inline unsigned sg_required_sizes(struct bh *h, size_t *sizes, unsigned cap)
{
	if (!bh_has_extension(h, "cl_intel_required_subgroup_size"))
		return 0;
	size_t bytes = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_SUB_GROUP_SIZES_INTEL, cap * sizeof(size_t),
				 sizes, &bytes));
	return (unsigned)(bytes / sizeof(size_t));
}

/* The launches every test runs: local sizes 1, 7, 16, 33, 64 and 256 over
 * a global size that leaves the last group partial, and a 2D one. */
static const struct sg_launch sg_launches[] = {
	{ 1, { 5, 1, 1 }, { 1, 1, 1 } },
	{ 1, { 47, 1, 1 }, { 7, 1, 1 } },
	{ 1, { 90, 1, 1 }, { 16, 1, 1 } },
	{ 1, { 140, 1, 1 }, { 33, 1, 1 } },
	{ 1, { 200, 1, 1 }, { 64, 1, 1 } },
	{ 1, { 600, 1, 1 }, { 256, 1, 1 } },
	{ 2, { 23, 9, 1 }, { 5, 4, 1 } },
};

#endif
