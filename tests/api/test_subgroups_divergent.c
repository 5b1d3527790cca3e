/* Sub-group functions in divergent control flow: the non-uniform functions
 * of cl_khr_subgroup_non_uniform_vote, _ballot, _non_uniform_arithmetic,
 * _shuffle and _clustered_reduce under `if (x & 1)` / `else`, nested
 * branches and a loop whose trip count differs per work-item, where only
 * the work-items that execute the call take part ("active" in the
 * extension spec); the core functions under a branch that is the same for
 * a whole sub-group but differs between sub-groups of one group; and a
 * core reduction after such a loop, where the whole sub-group meets again.
 * Local sizes 1 to 256 with a partial last group and a 2D launch, every
 * result against a host reference (subgroups_ref.h: the sub-group layout
 * from the kernel's reported sub-group size). */
#include "subgroups_ref.h"

#define DCOLS 24

static const char divergent_src[] =
	"kernel void divergent(global const int *in, global int *out)\n"
	"{\n"
	"	size_t g = get_global_linear_id();\n"
	"	uint lane = get_sub_group_local_id();\n"
	"	int x = in[g];\n"
	"	global int *o = out + g * 24;\n"
	"	if (x & 1) {\n"
	"		o[0] = sub_group_non_uniform_reduce_add(x);\n"
	"		o[1] = sub_group_non_uniform_scan_inclusive_add(x);\n"
	"		o[2] = sub_group_non_uniform_scan_exclusive_max(x);\n"
	"		o[3] = sub_group_elect();\n"
	"		o[4] = sub_group_non_uniform_all(x > 0);\n"
	"		o[5] = sub_group_non_uniform_any(x > 10);\n"
	"		uint4 b = sub_group_ballot(x > 0);\n"
	"		o[6] = (int)b.x;\n"
	"		o[7] = (int)b.y;\n"
	"		o[8] = sub_group_broadcast_first(x);\n"
	"		o[9] = sub_group_non_uniform_broadcast(x, sub_group_broadcast_first(lane));\n"
	"		o[10] = sub_group_non_uniform_reduce_logical_xor(x > 5);\n"
	"		o[11] = sub_group_clustered_reduce_add(x, 4);\n"
	"		o[12] = sub_group_non_uniform_all_equal(x);\n"
	"		o[13] = (int)sub_group_ballot_bit_count(sub_group_ballot(1));\n"
	"		o[14] = as_int(sub_group_non_uniform_scan_inclusive_add((float)x * 0.5f));\n"
	"	} else {\n"
	"		o[15] = sub_group_non_uniform_reduce_min(x);\n"
	"		o[16] = sub_group_non_uniform_scan_inclusive_or(x);\n"
	"		o[17] = sub_group_elect();\n"
	"	}\n"
	"	if ((lane & 1) == 0)\n"
	"		o[19] = sub_group_shuffle(x, lane ^ 2);\n"
	"	if (get_sub_group_id() & 1)\n"
	"		o[20] = sub_group_reduce_add(x);\n"
	"	else\n"
	"		o[20] = sub_group_scan_inclusive_max(x);\n"
	"	if (x & 1) {\n"
	"		if (x & 2)\n"
	"			o[21] = sub_group_non_uniform_reduce_add(1);\n"
	"	}\n"
	"	int acc = 0;\n"
	"	for (uint i = 0; i < lane % 4; i++)\n"
	"		acc += sub_group_non_uniform_reduce_add((int)i + 1);\n"
	"	o[18] = acc;\n"
	"}\n"
	"\n"
	"/* After a loop that work-items leave at different times, the whole\n"
	" * sub-group meets again: a core reduction sees every lane. */\n"
	"kernel void after_loop(global const int *in, global int *out)\n"
	"{\n"
	"	size_t g = get_global_linear_id();\n"
	"	uint lane = get_sub_group_local_id();\n"
	"	int acc = 0;\n"
	"	for (uint i = 0; i < lane % 4; i++)\n"
	"		acc += sub_group_non_uniform_reduce_add(1);\n"
	"	out[g * 24 + 22] = sub_group_reduce_add(in[g]) + 0 * acc;\n"
	"}\n";

struct dctx {
	const cl_int *in, *out;
	unsigned bad[DCOLS];
	struct sg_report *report;
};

static void expect(struct dctx *c, const struct sg_view *v, unsigned i, int col,
		   int64_t want, int truth)
{
	cl_int got = c->out[v->lanes[i] * DCOLS + (unsigned)col];
	int ok = truth ? (got != 0) == (want != 0) : got == (cl_int)want;
	if (!ok) {
		c->bad[col]++;
		char what[32];
		snprintf(what, sizeof(what), "column %d", col);
		sg_mismatch(c->report, what, i, v, (unsigned)got, (unsigned long long)want);
	}
}

static void check_group(void *p, const struct sg_view *v)
{
	struct dctx *c = p;
	cl_int x[64];
	for (unsigned j = 0; j < v->n; j++)
		x[j] = c->in[v->lanes[j]];
	for (unsigned i = 0; i < v->n; i++) {
		/* the work-items on the caller's side of the branch, in lane order */
		int odd = x[i] & 1;
		unsigned act[64], na = 0, me = 0;
		for (unsigned j = 0; j < v->n; j++)
			if ((x[j] & 1) == odd) {
				if (j == i)
					me = na;
				act[na++] = j;
			}
		if (odd) {
			int64_t sum = 0, incl = 0, excl = INT32_MIN, all = 1, any = 0, lxor = 0,
				eq = 1, clu = 0;
			uint64_t ballot = 0;
			float fincl = 0;
			for (unsigned a = 0; a < na; a++) {
				cl_int y = x[act[a]];
				sum += y;
				if (a <= me) {
					incl += y;
					fincl = a == 0 ? (float)y * 0.5f : fincl + (float)y * 0.5f;
				}
				if (a < me && y > excl)
					excl = y;
				all &= y > 0;
				any |= y > 10;
				lxor ^= y > 5;
				eq &= y == x[act[0]];
				if (y > 0)
					ballot |= 1ull << act[a];
				if (act[a] / 4 == i / 4)
					clu += y;
			}
			cl_int fbits;
			memcpy(&fbits, &fincl, 4);
			expect(c, v, i, 0, (cl_int)sum, 0);
			expect(c, v, i, 1, (cl_int)incl, 0);
			expect(c, v, i, 2, (cl_int)excl, 0);
			expect(c, v, i, 3, me == 0, 1);
			expect(c, v, i, 4, all, 1);
			expect(c, v, i, 5, any, 1);
			expect(c, v, i, 6, (cl_int)(uint32_t)ballot, 0);
			expect(c, v, i, 7, (cl_int)(uint32_t)(ballot >> 32), 0);
			expect(c, v, i, 8, x[act[0]], 0);
			expect(c, v, i, 9, x[act[0]], 0);
			expect(c, v, i, 10, lxor, 1);
			if (v->max >= 4) /* a larger cluster is undefined */
				expect(c, v, i, 11, (cl_int)clu, 0);
			expect(c, v, i, 12, eq, 1);
			expect(c, v, i, 13, na, 0);
			expect(c, v, i, 14, fbits, 0);
			/* nested: the lanes with x & 3 == 3 */
			if (x[i] & 2) {
				int64_t n3 = 0;
				for (unsigned j = 0; j < v->n; j++)
					n3 += (x[j] & 3) == 3;
				expect(c, v, i, 21, n3, 0);
			}
		} else {
			int64_t mn = INT32_MAX, orv = 0;
			for (unsigned a = 0; a < na; a++) {
				cl_int y = x[act[a]];
				if (y < mn)
					mn = y;
				if (a <= me)
					orv |= y;
			}
			expect(c, v, i, 15, mn, 0);
			expect(c, v, i, 16, (cl_int)orv, 0);
			expect(c, v, i, 17, me == 0, 1);
		}
		/* the loop: iteration k runs on the lanes with lane % 4 > k */
		int64_t acc = 0;
		for (unsigned k = 0; k < i % 4; k++) {
			int64_t count = 0;
			for (unsigned j = 0; j < v->n; j++)
				count += j % 4 > k;
			acc += (int64_t)(k + 1) * count;
		}
		expect(c, v, i, 18, acc, 0);
		if ((i & 1) == 0 && (i ^ 2) < v->n)
			expect(c, v, i, 19, x[i ^ 2], 0);
		/* core functions, uniform within each sub-group */
		int64_t r = 0;
		if (v->id & 1) {
			for (unsigned j = 0; j < v->n; j++)
				r += x[j];
		} else {
			r = INT32_MIN;
			for (unsigned j = 0; j <= i; j++)
				r = x[j] > r ? x[j] : r;
		}
		expect(c, v, i, 20, (cl_int)r, 0);
	}
}

/* after_loop: column 22, the sum over the whole sub-group. */
static void check_after_loop(void *p, const struct sg_view *v)
{
	struct dctx *c = p;
	int64_t sum = 0;
	for (unsigned j = 0; j < v->n; j++)
		sum += c->in[v->lanes[j]];
	for (unsigned i = 0; i < v->n; i++)
		expect(c, v, i, 22, (cl_int)sum, 0);
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	if (!sg_reported(&h)) {
		bh_release(&h);
		return check_done();
	}
	cl_program prog = bh_build(&h, divergent_src, "-cl-std=CL3.0");
	for (unsigned li = 0; li < SG_N(sg_launches); li++) {
		const struct sg_launch *l = &sg_launches[li];
		size_t items = sg_items(l);
		cl_int *in = malloc(items * sizeof(cl_int)), *out = calloc(items * DCOLS, sizeof(cl_int));
		REQUIRE(in && out);
		for (size_t i = 0; i < items; i++)
			in[i] = (cl_int)(bh_rand() % 41) - 20;
		struct sg_arg args[] = { SG_BUF(in, items * sizeof(cl_int)),
					 SG_BUF(out, items * DCOLS * sizeof(cl_int)) };
		unsigned S = sg_run(&h, prog, "divergent", l, 0, 2, args);
		struct sg_report r = { "divergent", l, 0 };
		struct dctx c = { in, out, { 0 }, &r };
		sg_for_each(l, S, check_group, &c);
		for (int col = 0; col < DCOLS; col++)
			CHECK(c.bad[col] == 0);
		S = sg_run(&h, prog, "after_loop", l, 0, 2, args);
		r.kernel = "after_loop";
		sg_for_each(l, S, check_after_loop, &c);
		CHECK(c.bad[22] == 0);
		free(in);
		free(out);
	}
	clReleaseProgram(prog);
	bh_release(&h);
	return check_done();
}
