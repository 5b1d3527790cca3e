/* Latency-bound kernels: per work-item one long dependent chain of
 * multiply-adds, x = y*x + y; y = x*y + x (fma() for floating point),
 * 16 pairs per loop iteration, n iterations (a kernel argument, so a
 * run-time trip count) or a constant 64.  The compiler interleaves the
 * work-item loop of such a kernel (the vector loop covers IC x VF
 * work-items, a remainder loop the rest) and, within a large block,
 * reorders independent chains (the lanes of a double16 once the vectors
 * are split) so that several progress together; neither may change a
 * result.  Every output, every component, is compared exactly with a host
 * computation of the same recurrence: integers in unsigned types wrap,
 * fma is correctly rounded on both sides and the start values are exact
 * (multiples of 1/1024).  (The uchar chains reach a fixed point mod 256
 * within the first iteration, so for uchar and uchar8 the trip counts 1,
 * 3 and 64 give one result; the wider types tell them apart.)
 *
 * Types uint, ushort, uchar, uint4, ushort16, uchar8, uint16, float,
 * float4, double, double16; trip counts 0, 1, 3, 64 and the constant 64;
 * ranges 1024/256, 1000/250, 37/NULL, 4096/64, a 2D 48x20 in 16x4, and a
 * non-uniform 1000/64 built with -cl-std=CL2.0.  The output buffer is
 * filled with a sentinel before each launch and has slack after the range,
 * which must stay untouched (a remainder loop running past the end). */
#include "../common/check.h"

#include <math.h>
#include <stdint.h>

enum kind { U32, U16, U8, F32, F64 };

struct type {
	const char *cl, *scalar;
	enum kind kind;
	unsigned width;
};

static const struct type types[] = {
	{ "uint", "uint", U32, 1 },	   { "ushort", "ushort", U16, 1 },
	{ "uchar", "uchar", U8, 1 },	   { "uint4", "uint", U32, 4 },
	{ "ushort16", "ushort", U16, 16 }, { "uchar8", "uchar", U8, 8 },
	{ "uint16", "uint", U32, 16 },	   { "float", "float", F32, 1 },
	{ "float4", "float", F32, 4 },	   { "double", "double", F64, 1 },
	{ "double16", "double", F64, 16 },
};
#define NTYPES (sizeof(types) / sizeof(types[0]))

/* The start values: x = a + (g % 11) * step, y = b - (g % 13) * 11 * step,
 * so that neighbouring work-items (and any two whose distance is not a
 * multiple of 143) start apart, with x + y apart too; the host computes
 * each of the 143 classes once. */
#define MOD_X 11
#define MOD_Y 13
#define CLASSES (MOD_X * MOD_Y)
#define CONST_TRIPS 64

static const unsigned trips[] = { 0, 1, 3, 64 };
#define NTRIPS (sizeof(trips) / sizeof(trips[0]))

static size_t elem_size(enum kind k)
{
	return k == F64 ? 8 : k == F32 || k == U32 ? 4 : k == U16 ? 2 : 1;
}

static int is_fp(enum kind k) { return k == F32 || k == F64; }

static uint32_t mask_of(enum kind k)
{
	return k == U32 ? 0xffffffffu : k == U16 ? 0xffffu : 0xffu;
}

/* Lane l's a and b: floating point in [-0.6, -0.2] and [-0.75, -0.25],
 * multiples of 1/1024, so that x starts in [-0.6, -0.19] and y in
 * [-0.88, -0.25] (the chain then stays in (-1, 0), shrinking slowly);
 * integers distinct per lane. */
static double a_fp(unsigned l, unsigned w)
{
	return -(205.0 + (double)((614 - 205) * l / (w > 1 ? w - 1 : 1))) / 1024.0;
}
static double b_fp(unsigned l, unsigned w)
{
	return -(768.0 - (double)((768 - 256) * l / (w > 1 ? w - 1 : 1))) / 1024.0;
}
#define STEP_FP (1.0 / 1024.0)
static uint32_t a_int(unsigned l) { return 0x12345u * (l + 1) + 7; }
static uint32_t b_int(unsigned l) { return 0x9e3779b9u ^ (0x2468aceu * (l + 3)); }

/* One program per type and build: kernels chain_n and chain_c (1D, run-
 * time n or 64 iterations) and chain2_n, chain2_c (2D, g row-major). */
static void make_source(char *src, size_t size, const struct type *t, int two_d)
{
	const char *pair;
	char narrow[256];
	if (is_fp(t->kind)) {
		pair = "x = fma(y, x, y); y = fma(x, y, x); ";
	} else if (t->width == 1 && t->kind != U32) {
		/* a scalar ushort or uchar is promoted to int: multiply in
		 * uint so that ushort's 65535 * 65535 does not overflow */
		snprintf(narrow, sizeof(narrow),
			 "x = (%s)((uint)y * x + y); y = (%s)((uint)x * y + x); ", t->cl, t->cl);
		pair = narrow;
	} else {
		pair = "x = y * x + y; y = x * y + x; ";
	}
	char body[2048] = "";
	for (int i = 0; i < 16; i++)
		strcat(body, pair);
	char start[256];
	if (is_fp(t->kind))
		snprintf(start, sizeof(start),
			 "%s x = a + (%s)(g %% %d) * (%s)%.17g, y = b - (%s)(g %% %d * %d) * (%s)%.17g;",
			 t->cl, t->cl, MOD_X, t->scalar, STEP_FP, t->cl, MOD_Y, MOD_X, t->scalar,
			 STEP_FP);
	else
		snprintf(start, sizeof(start), "%s x = a + (%s)(g %% %d), y = b - (%s)(g %% %d * %d);",
			 t->cl, t->cl, MOD_X, t->cl, MOD_Y, MOD_X);
	size_t at = 0;
	at += (size_t)snprintf(src + at, size - at, "%s",
			       t->kind == F64 ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
					      : "");
	for (int dim = 0; dim < 1 + two_d; dim++)
		for (int c = 0; c < 2; c++) {
			at += (size_t)snprintf(
				src + at, size - at,
				"__kernel void chain%s_%s(__global %s *out, %s a, %s b, uint n)\n"
				"{\n"
				"    size_t g = %s;\n"
				"    %s\n"
				"    for (uint i = 0; i < %s; i++) {\n"
				"        %s\n"
				"    }\n"
				"    out[g] = x + y;\n"
				"}\n",
				dim ? "2" : "", c ? "c" : "n", t->cl, t->cl, t->cl,
				dim ? "get_global_id(0) + get_global_size(0) * get_global_id(1)"
				    : "get_global_id(0)",
				start, c ? "64u" : "n", body);
			REQUIRE(at < size);
		}
}

/* The host's chain, every class, trip count and lane, as bit patterns
 * (float or double bits; integers masked to the type). */
static uint64_t ref[NTYPES][NTRIPS][CLASSES][16];

static void host_reference(size_t ti)
{
	const struct type *t = &types[ti];
	unsigned w = t->width;
	for (unsigned ni = 0; ni < NTRIPS; ni++)
		for (unsigned cls = 0; cls < CLASSES; cls++) {
			unsigned kx = cls % MOD_X, ky = cls / MOD_X;
			for (unsigned l = 0; l < w; l++) {
				uint64_t r;
				if (t->kind == F32) {
					float x = (float)(a_fp(l, w) + kx * STEP_FP);
					float y = (float)(b_fp(l, w) - ky * MOD_X * STEP_FP);
					for (unsigned i = 0; i < trips[ni] * 16; i++) {
						x = fmaf(y, x, y);
						y = fmaf(x, y, x);
					}
					float s = x + y;
					uint32_t bits;
					memcpy(&bits, &s, 4);
					r = bits;
				} else if (t->kind == F64) {
					double x = a_fp(l, w) + kx * STEP_FP;
					double y = b_fp(l, w) - ky * MOD_X * STEP_FP;
					for (unsigned i = 0; i < trips[ni] * 16; i++) {
						x = fma(y, x, y);
						y = fma(x, y, x);
					}
					double s = x + y;
					memcpy(&r, &s, 8);
				} else {
					uint32_t m = mask_of(t->kind);
					uint32_t x = (a_int(l) + kx) & m;
					uint32_t y = (b_int(l) - ky * MOD_X) & m;
					for (unsigned i = 0; i < trips[ni] * 16; i++) {
						x = (y * x + y) & m;
						y = (x * y + x) & m;
					}
					r = (x + y) & m;
				}
				ref[ti][ni][cls][l] = r;
			}
		}
}

static cl_context context;
static cl_device_id device;
static cl_command_queue queue;
static unsigned launch_count;

/* A component of the output as a bit pattern. */
static uint64_t component(const unsigned char *p, enum kind k)
{
	uint64_t v = 0;
	switch (k) {
	case U8: v = *p; break;
	case U16: { uint16_t s; memcpy(&s, p, 2); v = s; break; }
	case U32: case F32: { uint32_t s; memcpy(&s, p, 4); v = s; break; }
	case F64: memcpy(&v, p, 8); break;
	}
	return v;
}

static void describe(char *buf, size_t size, uint64_t bits, enum kind k)
{
	if (k == F32) {
		float f;
		uint32_t b = (uint32_t)bits;
		memcpy(&f, &b, 4);
		snprintf(buf, size, "%.9g (0x%08x)", f, b);
	} else if (k == F64) {
		double d;
		memcpy(&d, &bits, 8);
		snprintf(buf, size, "%.17g (0x%016llx)", d, (unsigned long long)bits);
	} else {
		snprintf(buf, size, "%llu (0x%llx)", (unsigned long long)bits,
			 (unsigned long long)bits);
	}
}

#define SLACK 67 /* elements after the range that no work-item may write */

/* One launch of `kname` (from prog) of type ti over dims/global/local with
 * trip index ni (constant: the kernel's own 64), checked item by item. */
static void launch(size_t ti, cl_program prog, const char *build, const char *kname,
		   unsigned dims, const size_t *global, const size_t *local, unsigned ni,
		   int constant)
{
	const struct type *t = &types[ti];
	size_t es = elem_size(t->kind), vs = es * t->width;
	size_t items = global[0] * (dims > 1 ? global[1] : 1), total = items + SLACK;
	cl_int err;
	cl_kernel k = clCreateKernel(prog, kname, &err);
	REQUIRE(err == CL_SUCCESS);
	unsigned char a[128], b[128];
	for (unsigned l = 0; l < t->width; l++) {
		float f;
		double d;
		uint32_t u;
		uint16_t s;
		uint8_t c;
		for (int which = 0; which < 2; which++) {
			unsigned char *dst = (which ? b : a) + l * es;
			double vf = which ? b_fp(l, t->width) : a_fp(l, t->width);
			uint32_t vi = which ? b_int(l) : a_int(l);
			switch (t->kind) {
			case F32: f = (float)vf; memcpy(dst, &f, 4); break;
			case F64: d = vf; memcpy(dst, &d, 8); break;
			case U32: u = vi; memcpy(dst, &u, 4); break;
			case U16: s = (uint16_t)vi; memcpy(dst, &s, 2); break;
			case U8: c = (uint8_t)vi; memcpy(dst, &c, 1); break;
			}
		}
	}
	cl_uint n = constant ? 0xdeadu : trips[ni]; /* chain_c ignores n */
	unsigned char pattern = (launch_count++ & 1) ? 0x5a : 0xa5;
	unsigned char *host = malloc(total * vs);
	REQUIRE(host);
	memset(host, pattern, total * vs);
	cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
				    total * vs, host, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(out), &out));
	CHECK_OK(clSetKernelArg(k, 1, vs, a));
	CHECK_OK(clSetKernelArg(k, 2, vs, b));
	CHECK_OK(clSetKernelArg(k, 3, sizeof(n), &n));
	char shape[96];
	if (dims == 1)
		snprintf(shape, sizeof(shape), "global %zu local %s%zu (%s)", global[0],
			 local ? "" : "NULL", local ? local[0] : (size_t)0, build);
	else
		snprintf(shape, sizeof(shape), "global %zux%zu local %zux%zu (%s)", global[0],
			 global[1], local[0], local[1], build);
	err = clEnqueueNDRangeKernel(queue, k, dims, NULL, global, local, 0, NULL, NULL);
	if (err != CL_SUCCESS)
		fprintf(stderr, "%s %s, %s: clEnqueueNDRangeKernel returned %d\n", t->cl, kname,
			shape, err);
	CHECK(err == CL_SUCCESS);
	memset(host, 0, total * vs);
	CHECK_OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, total * vs, host, 0, NULL, NULL));

	unsigned tn = constant ? CONST_TRIPS : trips[ni];
	unsigned rn = constant ? NTRIPS - 1 : ni; /* trips[NTRIPS - 1] == 64 */
	unsigned bad = 0;
	for (size_t g = 0; g < items && err == CL_SUCCESS; g++)
		for (unsigned l = 0; l < t->width; l++) {
			uint64_t got = component(host + g * vs + l * es, t->kind);
			uint64_t want = ref[ti][rn][(g % MOD_X) + MOD_X * (g % MOD_Y)][l];
			if (got == want)
				continue;
			if (bad++ < 8) {
				char ws[64], gs[64];
				describe(ws, sizeof(ws), want, t->kind);
				describe(gs, sizeof(gs), got, t->kind);
				fprintf(stderr,
					"%s %s n=%u, %s: work-item %zu (%zu, %zu) component %u: "
					"expected %s, got %s\n",
					t->cl, kname, tn, shape, g, g % global[0],
					dims > 1 ? g / global[0] : (size_t)0, l, ws, gs);
			}
		}
	for (size_t i = items * vs; i < total * vs; i++)
		if (host[i] != pattern) {
			if (bad++ < 8)
				fprintf(stderr,
					"%s %s n=%u, %s: byte %zu past the range's last element "
					"written (0x%02x)\n",
					t->cl, kname, tn, shape, i - items * vs, host[i]);
			break;
		}
	if (bad)
		fprintf(stderr, "%s %s n=%u, %s: %u wrong\n", t->cl, kname, tn, shape, bad);
	CHECK(bad == 0);
	clReleaseMemObject(out);
	clReleaseKernel(k);
	free(host);
}

/* Every trip count with kernel `base`_n, then the constant one. */
static void launch_all(size_t ti, cl_program prog, const char *build, const char *base,
		       unsigned dims, const size_t *global, const size_t *local)
{
	char name[32];
	snprintf(name, sizeof(name), "%s_n", base);
	for (unsigned ni = 0; ni < NTRIPS; ni++)
		launch(ti, prog, build, name, dims, global, local, ni, 0);
	snprintf(name, sizeof(name), "%s_c", base);
	launch(ti, prog, build, name, dims, global, local, 0, 1);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);

	char ext[8192] = "";
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof(ext), ext, NULL));
	int fp64 = check_has_word(ext, "cl_khr_fp64");
	cl_bool nonuniform = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT,
				 sizeof(nonuniform), &nonuniform, NULL));
	if (!fp64)
		printf("no cl_khr_fp64: double and double16 skipped\n");
	if (!nonuniform)
		printf("no non-uniform work-groups: the 1000/64 range skipped\n");

	static char src[1 << 16];
	for (size_t ti = 0; ti < NTYPES; ti++) {
		const struct type *t = &types[ti];
		if (t->kind == F64 && !fp64)
			continue;
		host_reference(ti);

		/* uniform ranges, the default build (OpenCL C 1.2) */
		make_source(src, sizeof(src), t, 1);
		cl_program prog = check_build(context, device, src, "");
		static const size_t shapes[][2] = { { 1024, 256 }, { 1000, 250 }, { 37, 0 },
						    { 4096, 64 } };
		for (size_t s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++)
			launch_all(ti, prog, "default build", "chain", 1, &shapes[s][0],
				   shapes[s][1] ? &shapes[s][1] : NULL);
		size_t g2[2] = { 48, 20 }, l2[2] = { 16, 4 };
		launch_all(ti, prog, "default build", "chain2", 2, g2, l2);
		clReleaseProgram(prog);

		/* a non-uniform range: the last group of 1000/64 has 40 */
		if (nonuniform) {
			make_source(src, sizeof(src), t, 0);
			prog = check_build(context, device, src, "-cl-std=CL2.0");
			size_t g1 = 1000, l1 = 64;
			launch_all(ti, prog, "-cl-std=CL2.0", "chain", 1, &g1, &l1);
			clReleaseProgram(prog);
		}
	}

	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
