/* Work-group functions specialized for a launch's image formats and
 * sampler bits (lib/core/specialize.c, kiln-image-facts): the same kernels
 * launched again and again with images of different formats and with
 * different sampler arguments, alternating, so that a specialization made
 * for one format or sampler would give wrong results if it ran for another.
 * Every launch is checked against the host reference of the API spec's
 * §8.2 and §8.3 (test_image_kernel_ref.h): the 3 x 3 box filter's sums
 * (written to a buffer, and to an image of the input's format, read back
 * and compared as stored bytes), and a resampling read at normalized float
 * coordinates with nearest and linear filtering.  The filter runs in
 * non-uniform groups, so the last groups of each row take the
 * specialization's plain copy.  KILN_SPECIALIZE defaults to 1 here: every
 * (kernel, local size, formats, samplers) is specialized at its first
 * launch. */
#include "test_image_kernel_ref.h"

static const char *src =
	"kernel void box(read_only image2d_t in, sampler_t s, write_only image2d_t out,\n"
	"                global float4 *sums)\n"
	"{\n"
	"    int x = get_global_id(0), y = get_global_id(1);\n"
	"    float4 acc = 0.0f;\n"
	"    for (int j = -1; j <= 1; j++)\n"
	"        for (int i = -1; i <= 1; i++)\n"
	"            acc += read_imagef(in, s, (int2)(x + i, y + j));\n"
	"    sums[y * get_global_size(0) + x] = acc;\n"
	"    write_imagef(out, (int2)(x, y), acc * (1.0f / 9.0f));\n"
	"}\n"
	"kernel void resample(read_only image2d_t in, sampler_t s, global float4 *o,\n"
	"                     float sx, float sy)\n"
	"{\n"
	"    int x = get_global_id(0), y = get_global_id(1);\n"
	"    float2 c = (float2)(((float)x + 0.37f) * sx, ((float)y + 0.61f) * sy);\n"
	"    o[y * get_global_size(0) + x] = read_imagef(in, s, c);\n"
	"}\n";

#define W 37
#define H 29
/* resample's output: a little larger than the image, so that normalized
 * coordinates run past 1 (repeat, mirror, clamp to edge) */
#define RW 45
#define RH 33

/* Formats with a path of their own in kernel-lib and some without. */
static const cl_image_format formats[] = {
	{CL_RGBA, CL_UNORM_INT8}, {CL_BGRA, CL_UNORM_INT8}, {CL_R, CL_UNORM_INT8},
	{CL_RG, CL_UNORM_INT8},   {CL_RGBA, CL_FLOAT},      {CL_RGBA, CL_UNORM_INT16},
	{CL_R, CL_FLOAT},         {CL_RGBA, CL_SNORM_INT8}, {CL_RGBA, CL_HALF_FLOAT},
};
#define NFORMATS (sizeof(formats) / sizeof(formats[0]))

static cl_context ctx;
static cl_command_queue q;
static cl_program prog;
static cl_device_id dev;
static unsigned seed = 777;
static int reported;

struct image {
	struct ref_image ref;
	cl_mem mem;
};

static void make_image(struct image *im, const cl_image_format *fmt)
{
	memset(&im->ref, 0, sizeof(im->ref));
	im->ref.fmt = *fmt;
	im->ref.w = W;
	im->ref.h = H;
	im->ref.d = 1;
	im->ref.dims = 2;
	im->ref.psize = ref_pixel_size(fmt);
	im->ref.pix = malloc((size_t)W * H * im->ref.psize);
	REQUIRE(im->ref.pix);
	ref_fill(&im->ref, &seed);
	cl_image_desc desc = check_image2d_desc(W, H);
	cl_int err;
	im->mem = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, fmt, &desc,
				im->ref.pix, &err);
	CHECK_OK(err);
	REQUIRE(err == CL_SUCCESS);
}

static void report(const char *what, const cl_image_format *f, int bits, int x, int y, int k,
		   double got, double want)
{
	if (reported++ < 20)
		fprintf(stderr, "  %s order 0x%x type 0x%x sampler 0x%x at (%d, %d) comp %d: got %.9g expected %.9g\n",
			what, f->image_channel_order, f->image_channel_data_type, bits, x, y, k,
			got, want);
}

/* The bytes write_imagef stores for v (§8.3.1.1: round to nearest even,
 * saturate); false for formats this test does not encode. */
static int encode(const cl_image_format *f, const double v[4], unsigned char *out)
{
	int n = ref_channels(f->image_channel_order);
	double c[4] = {v[0], v[1], v[2], v[3]};
	if (f->image_channel_order == CL_BGRA) {
		c[0] = v[2];
		c[2] = v[0];
	}
	for (int k = 0; k < n; k++) {
		switch (f->image_channel_data_type) {
		case CL_UNORM_INT8: {
			double s = c[k] * 255.0;
			out[k] = (unsigned char)rint(s < 0 ? 0 : s > 255 ? 255 : s);
			break;
		}
		case CL_FLOAT: {
			float x = (float)c[k];
			memcpy(out + 4 * k, &x, 4);
			break;
		}
		default:
			return 0;
		}
	}
	return 1;
}

/* One launch of `box` over img with sampler bits `bits`, checked. */
static void run_box(const struct image *img, cl_sampler smp, int bits)
{
	cl_int err;
	const cl_image_format *f = &img->ref.fmt;
	cl_image_desc desc = check_image2d_desc(W, H);
	cl_mem out = clCreateImage(ctx, CL_MEM_WRITE_ONLY, f, &desc, NULL, &err);
	CHECK_OK(err);
	cl_mem sums = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(float[W * H][4]), NULL, &err);
	CHECK_OK(err);
	if (!out || !sums)
		return;
	cl_kernel k = check_create_kernel(prog, "box");
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &img->mem));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_sampler), &smp));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(cl_mem), &out));
	CHECK_OK(clSetKernelArg(k, 3, sizeof(cl_mem), &sums));
	size_t global[2] = {W, H}, local[2] = {16, 4};
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 2, NULL, global, local, 0, NULL, NULL));
	static float got[W * H][4];
	CHECK_OK(clEnqueueReadBuffer(q, sums, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
	size_t psize = img->ref.psize;
	unsigned char *stored = malloc((size_t)W * H * psize);
	REQUIRE(stored);
	size_t origin[3] = {0, 0, 0}, region[3] = {W, H, 1};
	CHECK_OK(clEnqueueReadImage(q, out, CL_TRUE, origin, region, 0, 0, stored, 0, NULL, NULL));

	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			double want[4] = {0, 0, 0, 0};
			for (int j = -1; j <= 1; j++)
				for (int i = -1; i <= 1; i++) {
					float c[4] = {(float)(x + i), (float)(y + j), 0, 0};
					double t[4];
					ref_sample_f(&img->ref, bits, c, t);
					for (int ch = 0; ch < 4; ch++)
						want[ch] += t[ch];
				}
			const float *g = got[y * W + x];
			for (int ch = 0; ch < 4; ch++) {
				int ok = fabs(g[ch] - want[ch]) <= 1e-5 + 1e-6 * fabs(want[ch]);
				CHECK(ok);
				if (!ok)
					report("box sum", f, bits, x, y, ch, g[ch], want[ch]);
			}
			/* what was written: the sum the kernel computed, / 9 */
			double mean[4];
			for (int ch = 0; ch < 4; ch++)
				mean[ch] = (double)(g[ch] * (1.0f / 9.0f));
			unsigned char bytes[16];
			if (!encode(f, mean, bytes))
				continue;
			const unsigned char *s = stored + ((size_t)y * W + x) * psize;
			for (size_t b = 0; b < psize; b++) {
				int diff = f->image_channel_data_type == CL_UNORM_INT8
						   ? abs((int)s[b] - (int)bytes[b])
						   : s[b] != bytes[b];
				/* 8-bit: the float product may round either way
				 * at a half */
				int ok = f->image_channel_data_type == CL_UNORM_INT8 ? diff <= 1 : !diff;
				CHECK(ok);
				if (!ok)
					report("box write", f, bits, x, y, (int)b, s[b], bytes[b]);
			}
		}
	free(stored);
	clReleaseKernel(k);
	clReleaseMemObject(sums);
	clReleaseMemObject(out);
}

/* One launch of `resample` over img with sampler bits `bits`, checked. */
static void run_resample(const struct image *img, cl_sampler smp, int bits)
{
	cl_int err;
	cl_mem o = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(float[RW * RH][4]), NULL, &err);
	CHECK_OK(err);
	if (!o)
		return;
	cl_kernel k = check_create_kernel(prog, "resample");
	float sx = 1.0f / 40.0f, sy = 1.0f / 26.0f;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &img->mem));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_sampler), &smp));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(cl_mem), &o));
	CHECK_OK(clSetKernelArg(k, 3, sizeof(float), &sx));
	CHECK_OK(clSetKernelArg(k, 4, sizeof(float), &sy));
	size_t global[2] = {RW, RH}, local[2] = {RW, 1};
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 2, NULL, global, local, 0, NULL, NULL));
	static float got[RW * RH][4];
	CHECK_OK(clEnqueueReadBuffer(q, o, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
	int linear = (bits & 0x30) == R_LINEAR;
	for (int y = 0; y < RH; y++)
		for (int x = 0; x < RW; x++) {
			/* the kernel's own float arithmetic */
			float c[4] = {((float)x + 0.37f) * sx, ((float)y + 0.61f) * sy, 0, 0};
			double want[4];
			ref_sample_f(&img->ref, bits, c, want);
			for (int ch = 0; ch < 4; ch++) {
				double tol = linear ? 2e-4 + 1e-4 * fabs(want[ch])
						    : 1e-6 + 3e-7 * fabs(want[ch]);
				double g = got[y * RW + x][ch];
				int ok = fabs(g - want[ch]) <= tol;
				CHECK(ok);
				if (!ok)
					report("resample", &img->ref.fmt, bits, x, y, ch, g, want[ch]);
			}
		}
	clReleaseKernel(k);
	clReleaseMemObject(o);
}

static cl_sampler sampler(int norm, cl_addressing_mode addr, int linear, int *bits)
{
	cl_int err;
	cl_sampler s = clCreateSampler(ctx, norm ? CL_TRUE : CL_FALSE, addr,
				       linear ? CL_FILTER_LINEAR : CL_FILTER_NEAREST, &err);
	CHECK_OK(err);
	REQUIRE(s);
	*bits = (norm ? R_NORM : 0) | (int)(addr - CL_ADDRESS_NONE) * 2 |
		(linear ? R_LINEAR : R_NEAREST);
	return s;
}

int main(void)
{
	/* every launch specialized from the first (lib/core/specialize.c) */
	setenv("KILN_SPECIALIZE", "1", 0);
	cl_platform_id platform;
	check_setup(&platform, &dev, &ctx, &q);
	cl_bool images = CL_FALSE;
	clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL);
	REQUIRE(images == CL_TRUE);
	if (!check_nonuniform(dev, "the whole test (its groups are non-uniform)"))
		return check_teardown(q, ctx);
	cl_int err;
	prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	CHECK_OK(err);
	CHECK_OK(clBuildProgram(prog, 1, &dev, "-cl-std=CL3.0", NULL, NULL));

	struct image imgs[NFORMATS];
	for (size_t f = 0; f < NFORMATS; f++)
		make_image(&imgs[f], &formats[f]);
	/* the filter's samplers: integer coordinates, nearest */
	int edge_bits, clamp_bits;
	cl_sampler edge = sampler(0, CL_ADDRESS_CLAMP_TO_EDGE, 0, &edge_bits);
	cl_sampler clamp = sampler(0, CL_ADDRESS_CLAMP, 0, &clamp_bits);
	/* resampling: normalized coordinates */
	struct {
		cl_sampler s;
		int bits;
	} rs[4];
	rs[0].s = sampler(1, CL_ADDRESS_CLAMP_TO_EDGE, 1, &rs[0].bits);
	rs[1].s = sampler(1, CL_ADDRESS_REPEAT, 0, &rs[1].bits);
	rs[2].s = sampler(1, CL_ADDRESS_MIRRORED_REPEAT, 1, &rs[2].bits);
	rs[3].s = sampler(1, CL_ADDRESS_CLAMP, 0, &rs[3].bits);

	/* Twice over, the formats and samplers alternating: the second round
	 * finds every specialization made and must pick the right one. */
	for (int round = 0; round < 2; round++)
		for (size_t f = 0; f < NFORMATS; f++) {
			run_box(&imgs[f], edge, edge_bits);
			run_box(&imgs[(f + 1) % NFORMATS], clamp, clamp_bits);
			for (int r = 0; r < 4; r++)
				run_resample(&imgs[(f + (size_t)r) % NFORMATS], rs[r].s, rs[r].bits);
		}

	clReleaseSampler(edge);
	clReleaseSampler(clamp);
	for (int r = 0; r < 4; r++)
		clReleaseSampler(rs[r].s);
	for (size_t f = 0; f < NFORMATS; f++) {
		clReleaseMemObject(imgs[f].mem);
		free(imgs[f].ref.pix);
	}
	clReleaseProgram(prog);
	return check_teardown(q, ctx);
}
