/* Image reads in kernels (OpenCL C 3.0 §6.15.15.2-3): read_imagef, _i, _ui
 * for every image type, a representative set of formats and every sampler
 * (addressing × filter × normalized coordinates), float and integer
 * coordinates, sampler-less reads, and samplers declared in the program
 * (program scope and literal), compared with a host reference written from
 * the API spec's §8.2 and §8.3 (test_image_kernel_ref.h). */
#include "test_image_kernel_ref.h"

static const char *src =
	"#define KF(N, IMG, CV)                                               \\\n"
	"kernel void f_##N(read_only IMG im, sampler_t s, global const float4 *c, global float4 *o)\\\n"
	"{ size_t i = get_global_id(0); float4 q = c[i]; o[i] = read_imagef(im, s, CV(q)); }\\\n"
	"kernel void i_##N(read_only IMG im, sampler_t s, global const float4 *c, global int4 *o)\\\n"
	"{ size_t i = get_global_id(0); float4 q = c[i]; o[i] = read_imagei(im, s, CV(q)); }\\\n"
	"kernel void u_##N(read_only IMG im, sampler_t s, global const float4 *c, global uint4 *o)\\\n"
	"{ size_t i = get_global_id(0); float4 q = c[i]; o[i] = read_imageui(im, s, CV(q)); }\\\n"
	"kernel void fi_##N(read_only IMG im, sampler_t s, global const float4 *c, global float4 *o)\\\n"
	"{ size_t i = get_global_id(0); int4 q = convert_int4(c[i]); o[i] = read_imagef(im, s, CV(q)); }\\\n"
	"kernel void ii_##N(read_only IMG im, sampler_t s, global const float4 *c, global int4 *o)\\\n"
	"{ size_t i = get_global_id(0); int4 q = convert_int4(c[i]); o[i] = read_imagei(im, s, CV(q)); }\\\n"
	"kernel void ui_##N(read_only IMG im, sampler_t s, global const float4 *c, global uint4 *o)\\\n"
	"{ size_t i = get_global_id(0); int4 q = convert_int4(c[i]); o[i] = read_imageui(im, s, CV(q)); }\\\n"
	"kernel void p_##N(read_only IMG im, global const float4 *c, global float4 *o)\\\n"
	"{ size_t i = get_global_id(0); int4 q = convert_int4(c[i]); o[i] = read_imagef(im, CV(q)); }\\\n"
	"kernel void pu_##N(read_only IMG im, global const float4 *c, global uint4 *o)\\\n"
	"{ size_t i = get_global_id(0); int4 q = convert_int4(c[i]); o[i] = read_imageui(im, CV(q)); }\n"
	"#define X(q) (q).x\n"
	"#define XY(q) (q).xy\n"
	"#define XYZW(q) (q)\n"
	"KF(1d, image1d_t, X)\n"
	"KF(1da, image1d_array_t, XY)\n"
	"KF(2d, image2d_t, XY)\n"
	"KF(2da, image2d_array_t, XYZW)\n"
	"KF(3d, image3d_t, XYZW)\n"
	"kernel void p_1db(read_only image1d_buffer_t im, global const float4 *c, global float4 *o)\n"
	"{ size_t i = get_global_id(0); o[i] = read_imagef(im, convert_int(c[i].x)); }\n"
	"kernel void pu_1db(read_only image1d_buffer_t im, global const float4 *c, global uint4 *o)\n"
	"{ size_t i = get_global_id(0); o[i] = read_imageui(im, convert_int(c[i].x)); }\n"
	"kernel void f_dep(read_only image2d_depth_t im, sampler_t s, global const float4 *c, global float4 *o)\n"
	"{ size_t i = get_global_id(0); o[i] = (float4)(read_imagef(im, s, c[i].xy), 0, 0, 1); }\n"
	"kernel void fi_dep(read_only image2d_depth_t im, sampler_t s, global const float4 *c, global float4 *o)\n"
	"{ size_t i = get_global_id(0); o[i] = (float4)(read_imagef(im, s, convert_int2(c[i].xy)), 0, 0, 1); }\n"
	"kernel void p_dep(read_only image2d_depth_t im, global const float4 *c, global float4 *o)\n"
	"{ size_t i = get_global_id(0); o[i] = (float4)(read_imagef(im, convert_int2(c[i].xy)), 0, 0, 1); }\n"
	"kernel void f_depa(read_only image2d_array_depth_t im, sampler_t s, global const float4 *c, global float4 *o)\n"
	"{ size_t i = get_global_id(0); o[i] = (float4)(read_imagef(im, s, c[i]), 0, 0, 1); }\n"
	"kernel void fi_depa(read_only image2d_array_depth_t im, sampler_t s, global const float4 *c, global float4 *o)\n"
	"{ size_t i = get_global_id(0); o[i] = (float4)(read_imagef(im, s, convert_int4(c[i])), 0, 0, 1); }\n"
	"kernel void p_depa(read_only image2d_array_depth_t im, global const float4 *c, global float4 *o)\n"
	"{ size_t i = get_global_id(0); o[i] = (float4)(read_imagef(im, convert_int4(c[i])), 0, 0, 1); }\n"
	/* Samplers in the program: program scope and a literal. */
	"constant sampler_t ps = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_LINEAR;\n"
	"kernel void lit_2d(read_only image2d_t im, global const float4 *c, global float4 *o)\n"
	"{ size_t i = get_global_id(0);\n"
	"  const sampler_t ls = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;\n"
	"  o[2 * i] = read_imagef(im, ps, c[i].xy); o[2 * i + 1] = read_imagef(im, ls, c[i].xy); }\n";

enum { T_1D, T_1DA, T_2D, T_2DA, T_3D, T_1DB, T_DEP, T_DEPA, T_COUNT };

static const struct {
	const char *suffix;
	cl_mem_object_type type;
	int w, h, d, dims, arrayed, depth;
} types[T_COUNT] = {
	[T_1D] = {"1d", CL_MEM_OBJECT_IMAGE1D, 13, 1, 1, 1, 0, 0},
	[T_1DA] = {"1da", CL_MEM_OBJECT_IMAGE1D_ARRAY, 11, 1, 3, 1, 1, 0},
	[T_2D] = {"2d", CL_MEM_OBJECT_IMAGE2D, 9, 7, 1, 2, 0, 0},
	[T_2DA] = {"2da", CL_MEM_OBJECT_IMAGE2D_ARRAY, 7, 5, 3, 2, 1, 0},
	[T_3D] = {"3d", CL_MEM_OBJECT_IMAGE3D, 6, 5, 4, 3, 0, 0},
	[T_1DB] = {"1db", CL_MEM_OBJECT_IMAGE1D_BUFFER, 37, 1, 1, 1, 0, 0},
	[T_DEP] = {"dep", CL_MEM_OBJECT_IMAGE2D, 9, 7, 1, 2, 0, 1},
	[T_DEPA] = {"depa", CL_MEM_OBJECT_IMAGE2D_ARRAY, 7, 5, 3, 2, 1, 1},
};

static const cl_image_format formats[] = {
	{CL_RGBA, CL_UNORM_INT8}, {CL_BGRA, CL_UNORM_INT8}, {CL_RGBA, CL_SNORM_INT16},
	{CL_RGBA, CL_UNSIGNED_INT32}, {CL_RG, CL_SIGNED_INT8}, {CL_RGBA, CL_HALF_FLOAT},
	{CL_R, CL_FLOAT}, {CL_RGBA, CL_FLOAT}, {CL_sRGBA, CL_UNORM_INT8},
	{CL_RGB, CL_UNORM_SHORT_565}, {CL_RGB, CL_UNORM_INT_101010},
	{CL_A, CL_UNORM_INT16}, {CL_RA, CL_SNORM_INT8}, {CL_ARGB, CL_UNORM_INT8},
	{CL_ABGR, CL_SIGNED_INT8}, {CL_INTENSITY, CL_UNORM_INT8},
	{CL_LUMINANCE, CL_FLOAT}, {CL_sBGRA, CL_UNORM_INT8}, {CL_RGB, CL_UNORM_SHORT_555},
	{CL_R, CL_UNSIGNED_INT16},
	/* the planes of YUV video (ffmpeg's OpenCL filters): paths of their own */
	{CL_R, CL_UNORM_INT8}, {CL_RG, CL_UNORM_INT8},
};
static const cl_image_format depth_formats[] = {
	{CL_DEPTH, CL_FLOAT}, {CL_DEPTH, CL_UNORM_INT16},
};

#define NCOORD 96

static cl_context ctx;
static cl_command_queue q;
static cl_program prog;
static unsigned seed = 12345;

static int is_int_type(cl_channel_type t)
{
	return t >= CL_SIGNED_INT8 && t <= CL_UNSIGNED_INT32;
}

static float frand(float lo, float hi)
{
	return lo + (hi - lo) * (float)(check_rand(&seed) % 100000) / 100000.0f;
}

/* A coordinate along an axis of n texels that is not within 0.15 texel of
 * a texel boundary (nearest) and stays inside for CLK_ADDRESS_NONE. */
static float coord(int n, int bits, int int_coords)
{
	int addr = bits & 0xe, norm = bits & R_NORM, linear = (bits & 0x30) == R_LINEAR;
	float u;
	if (int_coords)
		u = addr == R_ADDR_NONE ? (float)(check_rand(&seed) % n)
					: (float)((int)(check_rand(&seed) % (3 * n)) - n);
	else if (addr == R_ADDR_NONE && linear)
		u = n == 1 ? 0.5f : frand(0.5f, n - 0.5f);
	else if (addr == R_ADDR_NONE)
		u = (float)(check_rand(&seed) % n) + frand(0.15f, 0.85f);
	else
		u = (float)((int)(check_rand(&seed) % (3 * n)) - n) + frand(0.15f, 0.85f);
	return norm && !int_coords ? u / (float)n : u;
}

static float layer_coord(int n, int int_coords)
{
	int l = (int)(check_rand(&seed) % (n + 2)) - 1;
	return int_coords ? (float)l : (float)l + frand(-0.3f, 0.3f);
}

struct run {
	int type;
	struct ref_image im;
	cl_mem img;
	cl_mem cbuf, obuf;
	float c[NCOORD][4];
};

static void make_image(struct run *r, int type, const cl_image_format *fmt, cl_mem *extra)
{
	cl_int err;
	memset(&r->im, 0, sizeof(r->im));
	r->type = type;
	r->im.fmt = *fmt;
	r->im.w = types[type].w;
	r->im.h = types[type].h;
	r->im.d = types[type].d;
	r->im.dims = types[type].dims;
	r->im.arrayed = types[type].arrayed;
	r->im.psize = ref_pixel_size(fmt);
	size_t bytes = (size_t)r->im.w * r->im.h * r->im.d * r->im.psize;
	r->im.pix = malloc(bytes);
	REQUIRE(r->im.pix);
	ref_fill(&r->im, &seed);
	cl_image_desc desc;
	memset(&desc, 0, sizeof(desc));
	desc.image_type = types[type].type;
	desc.image_width = (size_t)r->im.w;
	desc.image_height = type == T_1DA || type == T_1D || type == T_1DB ? 0 : (size_t)r->im.h;
	desc.image_depth = type == T_3D ? (size_t)r->im.d : 0;
	desc.image_array_size = types[type].arrayed ? (size_t)r->im.d : 0;
	*extra = NULL;
	if (type == T_1DB) {
		*extra = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
					r->im.pix, &err);
		REQUIRE(err == CL_SUCCESS);
		desc.buffer = *extra;
		r->img = clCreateImage(ctx, CL_MEM_READ_ONLY, fmt, &desc, NULL, &err);
	} else {
		r->img = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, fmt, &desc,
				       r->im.pix, &err);
	}
	CHECK_OK(err);
	if (err != CL_SUCCESS)
		fprintf(stderr, "  image type %s order 0x%x type 0x%x\n", types[type].suffix,
			fmt->image_channel_order, fmt->image_channel_data_type);
	REQUIRE(err == CL_SUCCESS);
}

static void gen_coords(struct run *r, int bits, int int_coords)
{
	int n[3] = {r->im.w, r->im.h, r->im.d};
	for (int i = 0; i < NCOORD; i++) {
		for (int k = 0; k < 4; k++)
			r->c[i][k] = 0;
		for (int k = 0; k < r->im.dims; k++)
			r->c[i][k] = coord(n[k], bits, int_coords);
		if (r->im.arrayed)
			r->c[i][r->im.dims] = layer_coord(r->im.d, int_coords);
	}
}

/* Runs kernel `name` over the coordinates; kind 'f', 'i' or 'u' says
 * what it returns; sampler NULL for sampler-less reads. */
static int run_kernel(struct run *r, const char *name, cl_sampler smp, void *out)
{
	cl_int err;
	cl_kernel k = clCreateKernel(prog, name, &err);
	CHECK_OK(err);
	if (err != CL_SUCCESS)
		return 0;
	cl_mem cb = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(r->c),
				   r->c, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem ob = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, 2 * NCOORD * 16, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_uint a = 0;
	CHECK_OK(clSetKernelArg(k, a++, sizeof(cl_mem), &r->img));
	if (smp)
		CHECK_OK(clSetKernelArg(k, a++, sizeof(cl_sampler), &smp));
	CHECK_OK(clSetKernelArg(k, a++, sizeof(cl_mem), &cb));
	CHECK_OK(clSetKernelArg(k, a++, sizeof(cl_mem), &ob));
	size_t g = NCOORD;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, ob, CL_TRUE, 0, 2 * NCOORD * 16, out, 0, NULL, NULL));
	clReleaseMemObject(cb);
	clReleaseMemObject(ob);
	clReleaseKernel(k);
	return 1;
}

static int mismatches;

static void compare_f(const struct run *r, int bits, const float (*got)[4], const char *what,
		      int lit_stride)
{
	int linear = (bits & 0x30) == R_LINEAR;
	int depth = types[r->type].depth;
	for (int i = 0; i < NCOORD; i++) {
		double e[4];
		ref_sample_f(&r->im, bits, r->c[i], e);
		const float *g = got[i * lit_stride];
		for (int k = 0; k < (depth ? 1 : 4); k++) {
			double tol = linear ? 2e-4 + 1e-4 * fabs(e[k]) : 1e-6 + 3e-7 * fabs(e[k]);
			int ok = fabs((double)g[k] - e[k]) <= tol;
			CHECK(ok);
			if (!ok && mismatches++ < 20)
				fprintf(stderr,
					"  %s %s order 0x%x type 0x%x bits 0x%x coord (%g %g %g %g)"
					" comp %d: got %.9g expected %.9g\n",
					what, types[r->type].suffix, r->im.fmt.image_channel_order,
					r->im.fmt.image_channel_data_type, bits, r->c[i][0],
					r->c[i][1], r->c[i][2], r->c[i][3], k, g[k], e[k]);
		}
	}
}

static void compare_i(const struct run *r, int bits, const int32_t (*got)[4], const char *what)
{
	for (int i = 0; i < NCOORD; i++) {
		int64_t e[4];
		ref_sample_i(&r->im, bits, r->c[i], e);
		for (int k = 0; k < 4; k++) {
			int ok = (int32_t)e[k] == got[i][k];
			CHECK(ok);
			if (!ok && mismatches++ < 20)
				fprintf(stderr,
					"  %s %s order 0x%x type 0x%x bits 0x%x coord (%g %g %g)"
					" comp %d: got %d expected %d\n",
					what, types[r->type].suffix, r->im.fmt.image_channel_order,
					r->im.fmt.image_channel_data_type, bits, r->c[i][0],
					r->c[i][1], r->c[i][2], k, got[i][k], (int32_t)e[k]);
		}
	}
}

static void test_format(int type, const cl_image_format *fmt)
{
	struct run r;
	cl_mem extra;
	make_image(&r, type, fmt, &extra);
	cl_channel_type t = fmt->image_channel_data_type;
	int integer = is_int_type(t);
	int sign = t == CL_SIGNED_INT8 || t == CL_SIGNED_INT16 || t == CL_SIGNED_INT32;
	static float outf[2 * NCOORD][4];
	static int32_t outi[2 * NCOORD][4];
	char name[32];
	const char *sfx = types[type].suffix;

	if (type != T_1DB) {
		for (int norm = 0; norm < 2; norm++)
			for (int addr = 0; addr <= 8; addr += 2)
				for (int filt = 0; filt < 2; filt++) {
					if (!norm && addr >= R_ADDR_REPEAT)
						continue; /* §5.7: not a valid combination */
					if (integer && filt)
						continue; /* linear is for read_imagef only */
					cl_int err;
					cl_sampler smp = clCreateSampler(
						ctx, norm ? CL_TRUE : CL_FALSE,
						CL_ADDRESS_NONE + (cl_addressing_mode)addr / 2,
						filt ? CL_FILTER_LINEAR : CL_FILTER_NEAREST, &err);
					CHECK_OK(err);
					if (err != CL_SUCCESS)
						continue;
					int bits = norm | addr | (filt ? R_LINEAR : R_NEAREST);
					gen_coords(&r, bits, 0);
					snprintf(name, sizeof(name), "%s_%s",
						 integer ? (sign ? "i" : "u") : "f", sfx);
					if (integer) {
						if (run_kernel(&r, name, smp, outi))
							compare_i(&r, bits, (const int32_t(*)[4])outi, name);
					} else if (run_kernel(&r, name, smp, outf)) {
						compare_f(&r, bits, (const float(*)[4])outf, name, 1);
					}
					/* Integer coordinates: unnormalized, nearest. */
					if (!norm && !filt) {
						gen_coords(&r, bits, 1);
						snprintf(name, sizeof(name), "%s_%s",
							 integer ? (sign ? "ii" : "ui") : "fi", sfx);
						if (types[type].depth || !integer) {
							if (run_kernel(&r, name, smp, outf))
								compare_f(&r, bits,
									  (const float(*)[4])outf,
									  name, 1);
						} else if (run_kernel(&r, name, smp, outi)) {
							compare_i(&r, bits, (const int32_t(*)[4])outi,
								  name);
						}
					}
					clReleaseSampler(smp);
				}
	}
	/* Sampler-less: like NONE, unnormalized, nearest (§6.15.15.3). */
	int bits = R_ADDR_NONE | R_NEAREST;
	gen_coords(&r, bits, 1);
	if (integer && !types[type].depth) {
		snprintf(name, sizeof(name), "pu_%s", sfx);
		if (!sign && run_kernel(&r, name, NULL, outi))
			compare_i(&r, bits, (const int32_t(*)[4])outi, name);
	} else {
		snprintf(name, sizeof(name), "p_%s", sfx);
		if (run_kernel(&r, name, NULL, outf))
			compare_f(&r, bits, (const float(*)[4])outf, name, 1);
	}
	if (type == T_2D && !integer) {
		/* program-scope and literal samplers */
		static float two[2 * NCOORD][4];
		int b1 = R_NORM | R_ADDR_MIRROR | R_LINEAR, b2 = R_NORM | R_ADDR_REPEAT | R_NEAREST;
		gen_coords(&r, b2, 0);
		if (run_kernel(&r, "lit_2d", NULL, two)) {
			compare_f(&r, b1, (const float(*)[4])two, "program-scope sampler", 2);
			compare_f(&r, b2, (const float(*)[4])two + 1, "literal sampler", 2);
		}
	}
	clReleaseMemObject(r.img);
	if (extra)
		clReleaseMemObject(extra);
	free(r.im.pix);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	check_setup(&platform, &dev, &ctx, &q);
	cl_bool images = CL_FALSE;
	clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL);
	REQUIRE(images == CL_TRUE);
	prog = check_build(ctx, dev, src, "-cl-std=CL3.0");

	for (int type = 0; type < T_COUNT; type++) {
		if (types[type].depth) {
			for (size_t f = 0; f < sizeof(depth_formats) / sizeof(depth_formats[0]); f++)
				test_format(type, &depth_formats[f]);
			continue;
		}
		for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
			cl_channel_order o = formats[f].image_channel_order;
			/* 1D buffer images: no sRGB (as §5.3.2.1's list) */
			if (type == T_1DB && (o == CL_sRGBA || o == CL_sBGRA))
				continue;
			test_format(type, &formats[f]);
		}
	}
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
