/* Async copies (OpenCL C 3.0 section 6.15.13): async_work_group_copy both
 * ways, async_work_group_strided_copy as a gather (global -> local) and a
 * scatter (local -> global), a chained event and wait_group_events on two
 * events, prefetch; for scalar and vector element types (3-component
 * vectors occupy 4 elements), with copy lengths that are not multiples of
 * the work-group size, so work-items' shares differ.  After the wait every
 * work-item must see the whole copied block. */
#include "builtin_harness.h"

#include <stdint.h>

#define LS 16 /* work-group size */
#define G 4   /* work-groups */
#define STRIDE 3

static const char *src =
	"#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
	"#define ASYNC(T) kernel void a_##T(global T *in, global T *out, global T *out2,  \\\n"
	"    global T *out3, local T *tmp, local T *tmp2, uint n, uint stride) {          \\\n"
	"  size_t g = get_group_id(0), l = get_local_id(0), ls = get_local_size(0);       \\\n"
	"  size_t ng = get_num_groups(0);                                                 \\\n"
	"  prefetch(in + g * n, n);                                                       \\\n"
	"  event_t e = async_work_group_copy(tmp, (const global T *)in + g * n, n, 0);    \\\n"
	"  e = async_work_group_strided_copy(tmp2, (const global T *)in + g, n, stride, e); \\\n"
	"  wait_group_events(1, &e);                                                      \\\n"
	"  for (size_t i = l; i < n; i += ls) out[g * n + i] = tmp[n - 1 - i];            \\\n"
	"  event_t ev[2];                                                                 \\\n"
	"  ev[0] = async_work_group_copy(out2 + g * n, (const local T *)tmp2, n, 0);      \\\n"
	"  ev[1] = async_work_group_strided_copy(out3 + g, (const local T *)tmp, n, ng, 0); \\\n"
	"  wait_group_events(2, ev); }\n"
	"ASYNC(int) ASYNC(char3) ASYNC(float4) ASYNC(double2) ASYNC(ulong) ASYNC(short16)\n";

static const struct {
	const char *name;
	int size;   /* storage size of one element */
	int active; /* bytes that carry the value (3 of 4 for char3) */
} types[] = {
	{ "int", 4, 4 },   { "char3", 4, 3 }, { "float4", 16, 16 },
	{ "double2", 16, 16 }, { "ulong", 8, 8 }, { "short16", 32, 32 },
};

int main(void)
{
	struct bh h;
	bh_init(&h);
	REQUIRE(bh_has_extension(&h, "cl_khr_fp64"));
	cl_program prog = bh_build(&h, src, NULL);
	const cl_uint lengths[] = { 37, 5, 16, 64, 1 };
	for (size_t t = 0; t < sizeof(types) / sizeof(types[0]); t++)
		for (size_t k = 0; k < sizeof(lengths) / sizeof(lengths[0]); k++) {
			cl_uint n = lengths[k], stride = STRIDE;
			size_t sz = (size_t)types[t].size, total = (size_t)G * n + 1;
			unsigned char *in = malloc(total * sz), *out = malloc(total * sz),
				      *out2 = malloc(total * sz), *out3 = malloc(total * sz);
			REQUIRE(in && out && out2 && out3);
			for (size_t i = 0; i < total * sz; i++)
				in[i] = (unsigned char)bh_rand();
			memset(out, 0, total * sz);
			memset(out2, 0, total * sz);
			memset(out3, 0, total * sz);
			char name[32];
			snprintf(name, sizeof(name), "a_%s", types[t].name);
			struct bh_arg args[] = {
				BH_BUF(in, total * sz),	  BH_BUF(out, total * sz), BH_BUF(out2, total * sz),
				BH_BUF(out3, total * sz), BH_LOCAL(n * sz),	     BH_LOCAL(n * sz),
				BH_SCALAR(&n),		  BH_SCALAR(&stride),
			};
			bh_run(&h, prog, name, (size_t)G * LS, LS, 8, args);
			int bad = 0, act = types[t].active;
			for (size_t g = 0; g < G; g++)
				for (size_t i = 0; i < n; i++) {
					/* out: the block reversed, read from local memory */
					bad += memcmp(out + (g * n + i) * sz, in + (g * n + n - 1 - i) * sz, act) != 0;
					/* out2: the gather in[g + i * stride] */
					bad += memcmp(out2 + (g * n + i) * sz, in + (g + i * stride) * sz, act) != 0;
					/* out3: the scatter out3[g + i * G] = block[i] */
					bad += memcmp(out3 + (g + i * G) * sz, in + (g * n + i) * sz, act) != 0;
				}
			if (bad)
				fprintf(stderr, "%s n=%u: %d wrong elements\n", name, n, bad);
			CHECK(bad == 0);
			free(in), free(out), free(out2), free(out3);
		}
	clReleaseProgram(prog);
	bh_release(&h);
	return check_done();
}
