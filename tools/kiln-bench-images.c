/* kiln-bench-images: image filters through read_imagef/write_imagef on every
 * OpenCL platform the ICD loader finds, and the same filters in plain C on
 * all cores (pthreads) in this program, each OpenCL result checked against
 * the C one.
 *
 *   resample   4096x4096 RGBA8 -> 3000x3000 RGBA8, bilinear
 *              (CLK_NORMALIZED_COORDS_TRUE | CLK_FILTER_LINEAR |
 *               CLK_ADDRESS_CLAMP_TO_EDGE)                      Mpixels/s
 *   conv5x5    4096x4096 RGBA8, 5x5 binomial blur, integer
 *              coordinates, nearest, clamp to edge              Mpixels/s
 *   sobel-r8   1920x1080 CL_R UNORM_INT8 (a video plane, as ffmpeg's
 *              OpenCL filters upload them), Sobel gradient
 *              magnitude, clamp to edge                         Mpixels/s
 *   hblur-r8   the same plane, horizontal box blur of radius 4 whose
 *              loop bounds differ per work-item near the edges
 *              (no addressing mode: the loop stays inside)      Mpixels/s
 *
 * Mpixels/s counts output pixels.  Below the table, the time
 * clBuildProgram takes for the program of both filters, cold (an empty
 * program cache, after a small program has started the compiler) and warm
 * (the same source again: a cache hit), each platform with a fresh cache
 * directory.  Each kernel runs once as a warm-up (the
 * checked result), then the best of REPEATS runs (host monotonic time
 * around enqueue + clFinish); the C version is timed the same way.  The
 * C filters follow the same formulas (the API spec's §8.2 for bilinear,
 * conversion by round to nearest even), so results agree within one step
 * of 8 bits; more than MAX_DIFF on any channel is reported as wrong.
 *
 * Usage: tools/bench-vs-pocl.sh build/tools/kiln-bench-images [--quick]
 * Exit status 1 when any result is wrong or any platform fails. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS /* bench_common.h */
#include <CL/cl.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_common.h"

#define REPEATS 5
#define MAX_DIFF 2

static int SRC_W = 4096, SRC_H = 4096, DST_W = 3000, DST_H = 3000;
static int V_W = 1920, V_H = 1080; /* the 8-bit plane */
#define HBLUR_RAD 4

static const char src[] =
	"constant float kw[5] = {1.0f / 16, 4.0f / 16, 6.0f / 16, 4.0f / 16, 1.0f / 16};\n"
	"kernel void resample(read_only image2d_t in, write_only image2d_t out,\n"
	"                     float sx, float sy)\n"
	"{\n"
	"    const sampler_t s = CLK_NORMALIZED_COORDS_TRUE | CLK_FILTER_LINEAR |\n"
	"                        CLK_ADDRESS_CLAMP_TO_EDGE;\n"
	"    int x = get_global_id(0), y = get_global_id(1);\n"
	"    float2 c = (float2)(((float)x + 0.5f) * sx, ((float)y + 0.5f) * sy);\n"
	"    write_imagef(out, (int2)(x, y), read_imagef(in, s, c));\n"
	"}\n"
	"kernel void conv5x5(read_only image2d_t in, write_only image2d_t out)\n"
	"{\n"
	"    const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_FILTER_NEAREST |\n"
	"                        CLK_ADDRESS_CLAMP_TO_EDGE;\n"
	"    int x = get_global_id(0), y = get_global_id(1);\n"
	"    float4 acc = 0.0f;\n"
	"    for (int j = 0; j < 5; j++)\n"
	"        for (int i = 0; i < 5; i++)\n"
	"            acc += (kw[j] * kw[i]) * read_imagef(in, s, (int2)(x + i - 2, y + j - 2));\n"
	"    write_imagef(out, (int2)(x, y), acc);\n"
	"}\n"
	"constant float gx3[9] = {-1, 0, 1, -2, 0, 2, -1, 0, 1};\n"
	"constant float gy3[9] = {-1, -2, -1, 0, 0, 0, 1, 2, 1};\n"
	"kernel void sobel_r8(read_only image2d_t in, write_only image2d_t out)\n"
	"{\n"
	"    const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_FILTER_NEAREST |\n"
	"                        CLK_ADDRESS_CLAMP_TO_EDGE;\n"
	"    int x = get_global_id(0), y = get_global_id(1);\n"
	"    float gx = 0.0f, gy = 0.0f;\n"
	"    for (int j = 0; j < 3; j++)\n"
	"        for (int i = 0; i < 3; i++) {\n"
	"            float v = read_imagef(in, s, (int2)(x + i - 1, y + j - 1)).x;\n"
	"            gx += gx3[j * 3 + i] * v;\n"
	"            gy += gy3[j * 3 + i] * v;\n"
	"        }\n"
	"    write_imagef(out, (int2)(x, y), (float4)(sqrt(gx * gx + gy * gy), 0.0f, 0.0f, 1.0f));\n"
	"}\n"
	"kernel void hblur_r8(read_only image2d_t in, write_only image2d_t out, int rad)\n"
	"{\n"
	"    const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_FILTER_NEAREST;\n"
	"    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);\n"
	"    int n = 0;\n"
	"    float acc = 0.0f;\n"
	"    for (int i = max(0, x - rad); i < min(x + rad + 1, w); i++) {\n"
	"        n++;\n"
	"        acc += read_imagef(in, s, (int2)(i, y)).x;\n"
	"    }\n"
	"    write_imagef(out, (int2)(x, y), (float4)(acc / n, 0.0f, 0.0f, 1.0f));\n"
	"}\n";

static const float kw[5] = {1.0f / 16, 4.0f / 16, 6.0f / 16, 4.0f / 16, 1.0f / 16};
/* 8-bit to float as kernel-lib does it (within the spec's 1.5 ulp) */
static const float k255 = 1.0f / 255.0f;

/* ---- plain C, all cores ------------------------------------------------ */

static uint8_t *img_in, *ref_resample, *ref_conv;
static uint8_t *plane_in, *ref_sobel, *ref_hblur;
static const float gx3[9] = {-1, 0, 1, -2, 0, 2, -1, 0, 1};
static const float gy3[9] = {-1, -2, -1, 0, 0, 0, 1, 2, 1};

static inline uint8_t to_u8(float v)
{
	v = v * 255.0f;
	v = v < 0.0f ? 0.0f : v > 255.0f ? 255.0f : v;
	return (uint8_t)rintf(v);
}

static inline int clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static void c_resample_rows(int y0, int y1)
{
	float sx = 1.0f / (float)DST_W, sy = 1.0f / (float)DST_H;
	for (int y = y0; y < y1; y++) {
		float v = ((float)y + 0.5f) * sy * (float)SRC_H - 0.5f;
		float fy = floorf(v), b = v - fy;
		int j0 = clampi((int)fy, 0, SRC_H - 1), j1 = clampi((int)fy + 1, 0, SRC_H - 1);
		const uint8_t *r0 = img_in + (size_t)j0 * SRC_W * 4;
		const uint8_t *r1 = img_in + (size_t)j1 * SRC_W * 4;
		uint8_t *o = ref_resample + (size_t)y * DST_W * 4;
		for (int x = 0; x < DST_W; x++) {
			float u = ((float)x + 0.5f) * sx * (float)SRC_W - 0.5f;
			float fx = floorf(u), a = u - fx;
			int i0 = clampi((int)fx, 0, SRC_W - 1), i1 = clampi((int)fx + 1, 0, SRC_W - 1);
			for (int c = 0; c < 4; c++) {
				float t00 = r0[i0 * 4 + c] * k255, t10 = r0[i1 * 4 + c] * k255;
				float t01 = r1[i0 * 4 + c] * k255, t11 = r1[i1 * 4 + c] * k255;
				float t = (1 - a) * (1 - b) * t00 + a * (1 - b) * t10 +
					  (1 - a) * b * t01 + a * b * t11;
				o[x * 4 + c] = to_u8(t);
			}
		}
	}
}

static void c_conv_rows(int y0, int y1)
{
	for (int y = y0; y < y1; y++) {
		uint8_t *o = ref_conv + (size_t)y * SRC_W * 4;
		for (int x = 0; x < SRC_W; x++) {
			float acc[4] = {0, 0, 0, 0};
			for (int j = 0; j < 5; j++) {
				const uint8_t *row =
					img_in + (size_t)clampi(y + j - 2, 0, SRC_H - 1) * SRC_W * 4;
				for (int i = 0; i < 5; i++) {
					const uint8_t *p = row + clampi(x + i - 2, 0, SRC_W - 1) * 4;
					float w = kw[j] * kw[i];
					for (int c = 0; c < 4; c++)
						acc[c] += w * (p[c] * k255);
				}
			}
			for (int c = 0; c < 4; c++)
				o[x * 4 + c] = to_u8(acc[c]);
		}
	}
}

static void c_sobel_rows(int y0, int y1)
{
	for (int y = y0; y < y1; y++)
		for (int x = 0; x < V_W; x++) {
			float gx = 0.0f, gy = 0.0f;
			for (int j = 0; j < 3; j++)
				for (int i = 0; i < 3; i++) {
					int xx = clampi(x + i - 1, 0, V_W - 1);
					int yy = clampi(y + j - 1, 0, V_H - 1);
					float v = plane_in[(size_t)yy * V_W + xx] * k255;
					gx += gx3[j * 3 + i] * v;
					gy += gy3[j * 3 + i] * v;
				}
			ref_sobel[(size_t)y * V_W + x] = to_u8(sqrtf(gx * gx + gy * gy));
		}
}

static void c_hblur_rows(int y0, int y1)
{
	for (int y = y0; y < y1; y++)
		for (int x = 0; x < V_W; x++) {
			int lo = x - HBLUR_RAD < 0 ? 0 : x - HBLUR_RAD;
			int hi = x + HBLUR_RAD + 1 < V_W ? x + HBLUR_RAD + 1 : V_W;
			float acc = 0.0f;
			for (int i = lo; i < hi; i++)
				acc += plane_in[(size_t)y * V_W + i] * k255;
			ref_hblur[(size_t)y * V_W + x] = to_u8(acc / (float)(hi - lo));
		}
}

struct slice {
	void (*fn)(int, int);
	int y0, y1;
};

static void *slice_main(void *arg)
{
	struct slice *s = arg;
	s->fn(s->y0, s->y1);
	return NULL;
}

static void run_threads(void (*fn)(int, int), int rows)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		n = 1;
	if (n > 256)
		n = 256;
	pthread_t t[256];
	struct slice s[256];
	for (long i = 0; i < n; i++) {
		s[i].fn = fn;
		s[i].y0 = (int)(rows * i / n);
		s[i].y1 = (int)(rows * (i + 1) / n);
		pthread_create(&t[i], NULL, slice_main, &s[i]);
	}
	for (long i = 0; i < n; i++)
		pthread_join(t[i], NULL);
}

static double time_c(void (*fn)(int, int), int rows)
{
	double best = 1e30;
	run_threads(fn, rows);
	for (int r = 0; r < REPEATS; r++) {
		double t0 = bench_now_s();
		run_threads(fn, rows);
		double t = bench_now_s() - t0;
		best = t < best ? t : best;
	}
	return best;
}

/* ---- OpenCL ------------------------------------------------------------ */

struct plat {
	cl_platform_id id;
	char name[64];
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_program prog;
	cl_mem in, in8; /* the RGBA8 image and the 8-bit plane */
	int ok;
	double cold_ms, warm_ms; /* clBuildProgram of src */
};
#define BENCH_PLAT
#include "bench_common.h"

/* bpp 4: CL_RGBA, 1: CL_R; UNORM_INT8 both */
static cl_mem make_image(struct plat *p, cl_mem_flags flags, int w, int h, int bpp, void *host)
{
	cl_image_format f = {bpp == 1 ? CL_R : CL_RGBA, CL_UNORM_INT8};
	cl_image_desc d;
	memset(&d, 0, sizeof(d));
	d.image_type = CL_MEM_OBJECT_IMAGE2D;
	d.image_width = (size_t)w;
	d.image_height = (size_t)h;
	cl_int err;
	cl_mem m = clCreateImage(p->ctx, flags, &f, &d, host, &err);
	if (err != CL_SUCCESS) {
		fprintf(stderr, "%s: clCreateImage: %d\n", p->name, err);
		return NULL;
	}
	return m;
}

static int open_platform(struct plat *p)
{
	cl_int err;
	clGetPlatformInfo(p->id, CL_PLATFORM_NAME, sizeof(p->name), p->name, NULL);
	if (clGetDeviceIDs(p->id, CL_DEVICE_TYPE_ALL, 1, &p->dev, NULL) != CL_SUCCESS)
		return 0;
	cl_bool images = CL_FALSE;
	clGetDeviceInfo(p->dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL);
	if (!images) {
		fprintf(stderr, "%s: no image support\n", p->name);
		return 0;
	}
	p->ctx = clCreateContext(NULL, 1, &p->dev, NULL, NULL, &err);
	if (err != CL_SUCCESS)
		return 0;
	p->q = clCreateCommandQueueWithProperties(p->ctx, p->dev, NULL, &err);
	if (err != CL_SUCCESS)
		return 0;
	/* A small unrelated program first, so that "cold" measures a cache
	 * miss, not the compiler's one-time start-up in this process. */
	cl_program nop = bench_build(p, "__kernel void nop(__global int *x) { x[0] = 1; }", NULL);
	if (nop)
		clReleaseProgram(nop);
	cl_program cold = bench_build(p, src, &p->cold_ms);
	if (!cold)
		return 0;
	clReleaseProgram(cold);
	p->prog = bench_build(p, src, &p->warm_ms);
	if (!p->prog)
		return 0;
	p->in = make_image(p, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, SRC_W, SRC_H, 4, img_in);
	p->in8 = make_image(p, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, V_W, V_H, 1, plane_in);
	return p->in && p->in8;
}

static void close_platform(struct plat *p)
{
	if (p->in)
		clReleaseMemObject(p->in);
	if (p->in8)
		clReleaseMemObject(p->in8);
	if (p->prog)
		clReleaseProgram(p->prog);
	if (p->q)
		clReleaseCommandQueue(p->q);
	if (p->ctx)
		clReleaseContext(p->ctx);
}

/* What a kernel takes after its two images. */
enum { ARGS_NONE, ARGS_SCALE, ARGS_RADIUS };

/* Runs `name` over w x h into a fresh w x h image of `bpp` bytes a pixel
 * (the input's), checks it against `ref`; returns the best time in
 * seconds, or a negative value. */
static double run_cl(struct plat *p, const char *name, int w, int h, const uint8_t *ref,
		     int bpp, int args)
{
	cl_int err;
	double best = -1;
	uint8_t *got = malloc((size_t)w * h * (size_t)bpp);
	cl_kernel k = clCreateKernel(p->prog, name, &err);
	cl_mem out = make_image(p, CL_MEM_WRITE_ONLY, w, h, bpp, NULL);
	if (!got || err != CL_SUCCESS || !out)
		goto out;
	clSetKernelArg(k, 0, sizeof(cl_mem), bpp == 1 ? &p->in8 : &p->in);
	clSetKernelArg(k, 1, sizeof(cl_mem), &out);
	if (args == ARGS_SCALE) {
		float sx = 1.0f / (float)w, sy = 1.0f / (float)h;
		clSetKernelArg(k, 2, sizeof(float), &sx);
		clSetKernelArg(k, 3, sizeof(float), &sy);
	} else if (args == ARGS_RADIUS) {
		int rad = HBLUR_RAD;
		clSetKernelArg(k, 2, sizeof(int), &rad);
	}
	size_t g[2] = {(size_t)w, (size_t)h};
	for (int r = 0; r <= REPEATS; r++) {
		double t0 = bench_now_s();
		err = clEnqueueNDRangeKernel(p->q, k, 2, NULL, g, NULL, 0, NULL, NULL);
		if (err == CL_SUCCESS)
			err = clFinish(p->q);
		double t = bench_now_s() - t0;
		if (err != CL_SUCCESS) {
			fprintf(stderr, "%s: %s: %d\n", p->name, name, err);
			best = -1;
			goto out;
		}
		if (r > 0 && (best < 0 || t < best))
			best = t;
	}
	size_t origin[3] = {0, 0, 0}, region[3] = {(size_t)w, (size_t)h, 1};
	err = clEnqueueReadImage(p->q, out, CL_TRUE, origin, region, 0, 0, got, 0, NULL, NULL);
	if (err != CL_SUCCESS) {
		best = -1;
		goto out;
	}
	size_t bad = 0;
	int maxd = 0;
	for (size_t i = 0; i < (size_t)w * h * (size_t)bpp; i++) {
		int d = abs((int)got[i] - (int)ref[i]);
		maxd = d > maxd ? d : maxd;
		bad += d > MAX_DIFF;
	}
	if (bad) {
		fprintf(stderr, "%s: %s: %zu channels differ from plain C by more than %d (max %d)\n",
			p->name, name, bad, MAX_DIFF, maxd);
		best = -2;
	}
out:
	if (out)
		clReleaseMemObject(out);
	if (k)
		clReleaseKernel(k);
	free(got);
	return best;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--quick") == 0) {
		SRC_W = SRC_H = 1024;
		DST_W = DST_H = 750;
		V_W = 960;
		V_H = 540;
	}
	img_in = malloc((size_t)SRC_W * SRC_H * 4);
	ref_resample = malloc((size_t)DST_W * DST_H * 4);
	ref_conv = malloc((size_t)SRC_W * SRC_H * 4);
	plane_in = malloc((size_t)V_W * V_H);
	ref_sobel = malloc((size_t)V_W * V_H);
	ref_hblur = malloc((size_t)V_W * V_H);
	if (!img_in || !ref_resample || !ref_conv || !plane_in || !ref_sobel || !ref_hblur)
		return 1;
	/* a smooth pattern with noise: realistic for filters, no constant runs */
	uint32_t seed = 1;
	for (int y = 0; y < SRC_H; y++)
		for (int x = 0; x < SRC_W; x++) {
			uint8_t *px = img_in + ((size_t)y * SRC_W + x) * 4;
			seed = seed * 1103515245u + 12345u;
			px[0] = (uint8_t)(128 + 100 * sinf(x * 0.01f) + (seed >> 28));
			px[1] = (uint8_t)(128 + 100 * cosf(y * 0.013f) + (seed >> 24 & 15));
			px[2] = (uint8_t)((x ^ y) & 255);
			px[3] = (uint8_t)(seed >> 16);
		}

	for (int y = 0; y < V_H; y++)
		for (int x = 0; x < V_W; x++) {
			seed = seed * 1103515245u + 12345u;
			plane_in[(size_t)y * V_W + x] =
				(uint8_t)(128 + 90 * sinf(x * 0.02f + y * 0.005f) + (seed >> 28));
		}

	double c_res = time_c(c_resample_rows, DST_H);
	double c_conv = time_c(c_conv_rows, SRC_H);
	double c_sobel = time_c(c_sobel_rows, V_H);
	double c_hblur = time_c(c_hblur_rows, V_H);

	/* fresh, empty program caches, before the first OpenCL call */
	struct bench_caches caches;
	if (bench_fresh_caches(&caches))
		return 1;
	cl_platform_id ids[BENCH_MAX_PLATFORMS];
	cl_uint n = 0;
	if (clGetPlatformIDs(BENCH_MAX_PLATFORMS, ids, &n) != CL_SUCCESS)
		n = 0;
	struct plat plats[BENCH_MAX_PLATFORMS];
	memset(plats, 0, sizeof(plats));
	/* Kiln first, so that it is the first column */
	int order[BENCH_MAX_PLATFORMS], no = 0;
	for (cl_uint i = 0; i < n; i++) {
		plats[i].id = ids[i];
		clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof(plats[i].name), plats[i].name,
				  NULL);
	}
	for (cl_uint i = 0; i < n; i++)
		if (strcmp(plats[i].name, "Kiln") == 0)
			order[no++] = (int)i;
	for (cl_uint i = 0; i < n; i++)
		if (strcmp(plats[i].name, "Kiln") != 0)
			order[no++] = (int)i;

#define NROWS 4
	double res[BENCH_MAX_PLATFORMS][NROWS];
	int failed = 0;
	for (int k = 0; k < no; k++) {
		struct plat *p = &plats[order[k]];
		p->ok = open_platform(p);
		for (int b = 0; b < NROWS; b++)
			res[k][b] = -1;
		if (p->ok) {
			res[k][0] = run_cl(p, "resample", DST_W, DST_H, ref_resample, 4, ARGS_SCALE);
			res[k][1] = run_cl(p, "conv5x5", SRC_W, SRC_H, ref_conv, 4, ARGS_NONE);
			res[k][2] = run_cl(p, "sobel_r8", V_W, V_H, ref_sobel, 1, ARGS_NONE);
			res[k][3] = run_cl(p, "hblur_r8", V_W, V_H, ref_hblur, 1, ARGS_RADIUS);
		}
		for (int b = 0; b < NROWS; b++)
			failed |= res[k][b] < 0;
		close_platform(p);
	}

	const char *names[NROWS] = {"resample", "conv5x5", "sobel-r8", "hblur-r8"};
	double pix[NROWS] = {(double)DST_W * DST_H, (double)SRC_W * SRC_H, (double)V_W * V_H,
			     (double)V_W * V_H};
	double cref[NROWS] = {c_res, c_conv, c_sobel, c_hblur};
	printf("%-10s", "Mpixels/s");
	for (int k = 0; k < no; k++)
		printf(" %12.12s", plats[order[k]].name);
	printf(" %12s", "plain C");
	for (int k = 1; k < no; k++)
		printf("  Kiln/%-6.6s", plats[order[k]].name);
	printf("  Kiln/C\n");
	for (int b = 0; b < NROWS; b++) {
		printf("%-10s", names[b]);
		for (int k = 0; k < no; k++) {
			if (res[k][b] > 0)
				printf(" %12.1f", pix[b] / res[k][b] * 1e-6);
			else
				printf(" %12s", res[k][b] == -2 ? "WRONG" : "failed");
		}
		printf(" %12.1f", pix[b] / cref[b] * 1e-6);
		int kiln = no > 0 && strcmp(plats[order[0]].name, "Kiln") == 0 && res[0][b] > 0;
		for (int k = 1; k < no; k++) {
			if (kiln && res[k][b] > 0)
				printf("  %11.2f", res[k][b] / res[0][b]);
			else
				printf("  %11s", "-");
		}
		if (kiln)
			printf("  %6.2f\n", cref[b] / res[0][b]);
		else
			printf("  %6s\n", "-");
	}
	printf("\nclBuildProgram of the filters' program, ms\n%-10s", "build");
	for (int k = 0; k < no; k++)
		printf(" %12.12s", plats[order[k]].name);
	printf("\n");
	for (int w = 0; w < 2; w++) {
		printf("%-10s", w ? "warm" : "cold");
		for (int k = 0; k < no; k++) {
			const struct plat *p = &plats[order[k]];
			double ms = w ? p->warm_ms : p->cold_ms;
			if (p->ok)
				printf(" %12.1f", ms);
			else
				printf(" %12s", "failed");
		}
		printf("\n");
	}
	bench_remove_caches(&caches);
	free(img_in);
	free(ref_resample);
	free(ref_conv);
	free(plane_in);
	free(ref_sobel);
	free(ref_hblur);
	return failed ? 1 : 0;
}
