/* Image writes in kernels (OpenCL C 3.0 §6.15.15.4: write_imagef, _i, _ui
 * for every image type, 3D writes included), compared after
 * clEnqueueReadImage with the host conversion of the API spec's §8.3.2
 * (round to nearest even, saturation, NaN to 0, linear to sRGB); the
 * get_image_* queries (§6.15.15.5); and a read_write image updated in place
 * with atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, ...). */
#include "test_image_kernel_ref.h"

static const char *src =
	"#define KW(N, IMG, CV)                                               \\\n"
	"kernel void wf_##N(write_only IMG im, global const int4 *c, global const float4 *v)\\\n"
	"{ size_t i = get_global_id(0); int4 q = c[i]; write_imagef(im, CV(q), v[i]); }\\\n"
	"kernel void wi_##N(write_only IMG im, global const int4 *c, global const float4 *v)\\\n"
	"{ size_t i = get_global_id(0); int4 q = c[i]; write_imagei(im, CV(q), as_int4(v[i])); }\\\n"
	"kernel void wu_##N(write_only IMG im, global const int4 *c, global const float4 *v)\\\n"
	"{ size_t i = get_global_id(0); int4 q = c[i]; write_imageui(im, CV(q), as_uint4(v[i])); }\n"
	"#define X(q) (q).x\n"
	"#define XY(q) (q).xy\n"
	"#define XYZW(q) (q)\n"
	"KW(1d, image1d_t, X)\n"
	"KW(1db, image1d_buffer_t, X)\n"
	"KW(1da, image1d_array_t, XY)\n"
	"KW(2d, image2d_t, XY)\n"
	"KW(2da, image2d_array_t, XYZW)\n"
	"KW(3d, image3d_t, XYZW)\n"
	"kernel void wf_dep(write_only image2d_depth_t im, global const int4 *c, global const float4 *v)\n"
	"{ size_t i = get_global_id(0); write_imagef(im, c[i].xy, v[i].x); }\n"
	"kernel void wf_depa(write_only image2d_array_depth_t im, global const int4 *c, global const float4 *v)\n"
	"{ size_t i = get_global_id(0); write_imagef(im, c[i], v[i].x); }\n"
	/* queries: one int per item, in a fixed order */
	"#define QA(im, o) o[0] = get_image_width(im); o[1] = get_image_channel_data_type(im);\\\n"
	"  o[2] = get_image_channel_order(im);\n"
	"kernel void q_1d(read_only image1d_t im, global int *o) { QA(im, o) }\n"
	"kernel void q_1db(write_only image1d_buffer_t im, global int *o) { QA(im, o) }\n"
	"kernel void q_1da(read_only image1d_array_t im, global int *o)\n"
	"{ QA(im, o) o[3] = (int)get_image_array_size(im); }\n"
	"kernel void q_2d(read_write image2d_t im, global int *o)\n"
	"{ QA(im, o) o[3] = get_image_height(im); int2 d = get_image_dim(im); o[4] = d.x; o[5] = d.y; }\n"
	"kernel void q_2da(write_only image2d_array_t im, global int *o)\n"
	"{ QA(im, o) o[3] = get_image_height(im); o[4] = (int)get_image_array_size(im);\n"
	"  int2 d = get_image_dim(im); o[5] = d.x; o[6] = d.y; }\n"
	"kernel void q_3d(read_only image3d_t im, global int *o)\n"
	"{ QA(im, o) o[3] = get_image_height(im); o[4] = get_image_depth(im);\n"
	"  int4 d = get_image_dim(im); o[5] = d.x; o[6] = d.y; o[7] = d.z; o[8] = d.w; }\n"
	"kernel void q_dep(read_only image2d_depth_t im, global int *o)\n"
	"{ QA(im, o) o[3] = get_image_height(im); }\n"
	/* read_write: each work-item reads its pixel and its right neighbour's
	 * old value is never needed, so in-place update is race free; a fence
	 * orders the write before the second read of the same pixel. */
	"kernel void rw_2d(read_write image2d_t im, global float4 *o)\n"
	"{ int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
	"  float4 v = read_imagef(im, p);\n"
	"  write_imagef(im, p, v * 0.5f + 0.25f);\n"
	"  atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);\n"
	"  o[p.y * get_image_width(im) + p.x] = read_imagef(im, p); }\n";

enum { T_1D, T_1DB, T_1DA, T_2D, T_2DA, T_3D, T_DEP, T_DEPA, T_COUNT };

static const struct {
	const char *suffix;
	cl_mem_object_type type;
	int w, h, d, arrayed, depth;
} types[T_COUNT] = {
	[T_1D] = {"1d", CL_MEM_OBJECT_IMAGE1D, 23, 1, 1, 0, 0},
	[T_1DB] = {"1db", CL_MEM_OBJECT_IMAGE1D_BUFFER, 29, 1, 1, 0, 0},
	[T_1DA] = {"1da", CL_MEM_OBJECT_IMAGE1D_ARRAY, 11, 1, 3, 1, 0},
	[T_2D] = {"2d", CL_MEM_OBJECT_IMAGE2D, 9, 7, 1, 0, 0},
	[T_2DA] = {"2da", CL_MEM_OBJECT_IMAGE2D_ARRAY, 7, 5, 3, 1, 0},
	[T_3D] = {"3d", CL_MEM_OBJECT_IMAGE3D, 6, 5, 4, 0, 0},
	[T_DEP] = {"dep", CL_MEM_OBJECT_IMAGE2D, 9, 7, 1, 0, 1},
	[T_DEPA] = {"depa", CL_MEM_OBJECT_IMAGE2D_ARRAY, 7, 5, 3, 1, 1},
};

static const cl_image_format formats[] = {
	{CL_RGBA, CL_UNORM_INT8}, {CL_BGRA, CL_UNORM_INT8}, {CL_RGBA, CL_SNORM_INT16},
	{CL_RGBA, CL_UNSIGNED_INT32}, {CL_RG, CL_SIGNED_INT8}, {CL_RGBA, CL_HALF_FLOAT},
	{CL_R, CL_FLOAT}, {CL_RGBA, CL_FLOAT}, {CL_sRGBA, CL_UNORM_INT8},
	{CL_RGB, CL_UNORM_SHORT_565}, {CL_RGB, CL_UNORM_INT_101010}, {CL_A, CL_UNORM_INT16},
	{CL_RA, CL_SNORM_INT8}, {CL_ARGB, CL_UNORM_INT8}, {CL_ABGR, CL_SIGNED_INT8},
	{CL_INTENSITY, CL_UNORM_INT8}, {CL_LUMINANCE, CL_HALF_FLOAT},
	{CL_RGBA, CL_UNSIGNED_INT16}, {CL_R, CL_SIGNED_INT16}, {CL_RGB, CL_UNORM_SHORT_555},
	/* the planes of YUV video (ffmpeg's OpenCL filters): paths of their own */
	{CL_R, CL_UNORM_INT8}, {CL_RG, CL_UNORM_INT8},
};
static const cl_image_format depth_formats[] = {
	{CL_DEPTH, CL_FLOAT}, {CL_DEPTH, CL_UNORM_INT16},
};

static cl_context ctx;
static cl_command_queue q;
static cl_program prog;
static unsigned seed = 777;
static int mismatches;

static float frand(float lo, float hi)
{
	return lo + (hi - lo) * (float)(check_rand(&seed) % 100000) / 100000.0f;
}

/* float to an n-bit unsigned normalized value: convert_sat_rte(f * max). */
static uint32_t unorm(float f, double max)
{
	if (!(f > 0))
		return 0;
	double v = (double)(float)(f * (float)max);
	if (v >= max)
		return (uint32_t)max;
	return (uint32_t)nearbyint(v); /* the default mode rounds to even */
}

static int32_t snorm(float f, double max)
{
	if (isnan(f))
		return 0;
	double v = (double)(float)(f * (float)max);
	if (v >= max)
		return (int32_t)max;
	if (v <= -max - 1)
		return (int32_t)(-max - 1);
	return (int32_t)nearbyint(v);
}

/* The pixel write_image{f,i,ui} must store for `v` (§8.3.2). */
static void ref_encode(const cl_image_format *f, const float v[4], const int32_t vi[4],
		       unsigned char *p)
{
	cl_channel_type t = f->image_channel_data_type;
	cl_channel_order o = f->image_channel_order;
	int src[4];
	ref_swizzle(o, src);
	int n = ref_channels(o);
	float c[4];
	int32_t ci[4];
	for (int m = 0; m < 4; m++) {
		int k = 0;
		for (int j = 0; j < 4; j++)
			if (src[j] == m) {
				k = j;
				break;
			}
		c[m] = v[k];
		ci[m] = vi[k];
		if (ref_is_srgb(o) && k < 3)
			c[m] = (float)ref_linear_to_srgb(c[m]);
	}
	uint32_t w = 0;
	switch (t) {
	case CL_UNORM_SHORT_565:
		w = unorm(c[0], 31) << 11 | unorm(c[1], 63) << 5 | unorm(c[2], 31);
		memcpy(p, &w, 2);
		return;
	case CL_UNORM_SHORT_555:
		w = unorm(c[0], 31) << 10 | unorm(c[1], 31) << 5 | unorm(c[2], 31);
		memcpy(p, &w, 2);
		return;
	case CL_UNORM_INT_101010:
		w = unorm(c[0], 1023) << 20 | unorm(c[1], 1023) << 10 | unorm(c[2], 1023);
		memcpy(p, &w, 4);
		return;
	case CL_UNORM_INT_101010_2:
		w = unorm(c[3], 3) << 30 | unorm(c[0], 1023) << 20 | unorm(c[1], 1023) << 10 |
		    unorm(c[2], 1023);
		memcpy(p, &w, 4);
		return;
	default:
		break;
	}
	size_t cs = ref_channel_size(t);
	for (int m = 0; m < n; m++) {
		uint32_t r = 0;
		switch (t) {
		case CL_UNORM_INT8: r = unorm(c[m], 255); break;
		case CL_UNORM_INT16: r = unorm(c[m], 65535); break;
		case CL_SNORM_INT8: r = (uint32_t)snorm(c[m], 127); break;
		case CL_SNORM_INT16: r = (uint32_t)snorm(c[m], 32767); break;
		case CL_HALF_FLOAT: r = ref_float_to_half(c[m]); break;
		case CL_FLOAT: memcpy(&r, &c[m], 4); break;
		case CL_SIGNED_INT8:
			r = (uint32_t)(ci[m] < -128 ? -128 : ci[m] > 127 ? 127 : ci[m]);
			break;
		case CL_SIGNED_INT16:
			r = (uint32_t)(ci[m] < -32768 ? -32768 : ci[m] > 32767 ? 32767 : ci[m]);
			break;
		case CL_UNSIGNED_INT8: r = (uint32_t)ci[m] > 255 ? 255 : (uint32_t)ci[m]; break;
		case CL_UNSIGNED_INT16:
			r = (uint32_t)ci[m] > 65535 ? 65535 : (uint32_t)ci[m];
			break;
		default: r = (uint32_t)ci[m]; break;
		}
		memcpy(p + m * cs, &r, cs);
	}
}

static int is_int_type(cl_channel_type t)
{
	return t >= CL_SIGNED_INT8 && t <= CL_UNSIGNED_INT32;
}

static void test_write(int type, const cl_image_format *fmt)
{
	cl_int err;
	int w = types[type].w, h = types[type].h, d = types[type].d;
	size_t npix = (size_t)w * h * d;
	size_t ps = ref_pixel_size(fmt);
	cl_channel_type t = fmt->image_channel_data_type;
	int integer = is_int_type(t);
	int sign = t == CL_SIGNED_INT8 || t == CL_SIGNED_INT16 || t == CL_SIGNED_INT32;

	/* every pixel written once, in a shuffled order, plus a few writes
	 * outside the image that must change nothing */
	size_t nw = npix + 4;
	cl_int4 *coords = calloc(nw, sizeof(cl_int4));
	cl_float4 *vals = calloc(nw, sizeof(cl_float4));
	unsigned char *expect = calloc(npix, ps), *got = calloc(npix, ps);
	REQUIRE(coords && vals && expect && got);
	for (size_t i = 0; i < npix; i++) {
		int x = (int)(i % (size_t)w), y = (int)(i / (size_t)w % (size_t)h),
		    z = (int)(i / ((size_t)w * h));
		coords[i].s[0] = x;
		if (type == T_1DA)
			coords[i].s[1] = z;
		else
			coords[i].s[1] = y;
		coords[i].s[2] = z;
	}
	for (size_t i = npix; i > 1; i--) {
		size_t j = check_rand(&seed) % i;
		cl_int4 tmp = coords[i - 1];
		coords[i - 1] = coords[j];
		coords[j] = tmp;
	}
	for (size_t i = npix; i < nw; i++) {
		coords[i].s[0] = i & 1 ? -1 : w;
		coords[i].s[1] = 0;
		coords[i].s[2] = 0;
	}
	for (size_t i = 0; i < nw; i++)
		for (int k = 0; k < 4; k++) {
			if (integer) {
				int32_t v = sign ? (int32_t)(check_rand(&seed) % 100000) - 50000
						 : (int32_t)(check_rand(&seed) % 70000);
				if (check_rand(&seed) % 4 == 0)
					v = (int32_t)(check_rand(&seed) % 200) - (sign ? 100 : 0);
				memcpy(&vals[i].s[k], &v, 4);
			} else {
				float v = frand(-1.25f, 1.25f);
				unsigned r = check_rand(&seed) % 40;
				if (r == 0)
					v = NAN;
				else if (r == 1)
					v = 0.5f / 255.0f; /* a tie for UNORM_INT8 */
				else if (r == 2)
					v = 1.5f / 255.0f;
				vals[i].s[k] = v;
			}
		}
	for (size_t i = 0; i < npix; i++) {
		const cl_int4 *c = &coords[i];
		int x = c->s[0], y = type == T_1DA ? 0 : c->s[1], z = c->s[2];
		if (type == T_1DA)
			z = c->s[1];
		int32_t vi[4];
		memcpy(vi, vals[i].s, 16);
		ref_encode(fmt, vals[i].s, vi, expect + (((size_t)z * h + y) * w + x) * ps);
	}

	cl_image_desc desc;
	memset(&desc, 0, sizeof(desc));
	desc.image_type = types[type].type;
	desc.image_width = (size_t)w;
	desc.image_height = type == T_2D || type == T_2DA || type == T_3D || types[type].depth
				    ? (size_t)h : 0;
	desc.image_depth = type == T_3D ? (size_t)d : 0;
	desc.image_array_size = types[type].arrayed ? (size_t)d : 0;
	cl_mem buf = NULL;
	if (type == T_1DB) {
		buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, npix * ps, NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		desc.buffer = buf;
	}
	/* a known background, so that dropped out-of-range writes show */
	memset(got, 0x5a, npix * ps);
	cl_mem img = clCreateImage(ctx, CL_MEM_WRITE_ONLY | (buf ? 0 : CL_MEM_COPY_HOST_PTR), fmt,
				   &desc, buf ? NULL : got, &err);
	CHECK_OK(err);
	if (err != CL_SUCCESS) {
		fprintf(stderr, "  %s order 0x%x type 0x%x\n", types[type].suffix,
			fmt->image_channel_order, t);
		goto out;
	}
	char name[32];
	snprintf(name, sizeof(name), "%s_%s", integer ? (sign ? "wi" : "wu") : "wf",
		 types[type].suffix);
	cl_kernel k = clCreateKernel(prog, name, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem cb = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
				   nw * sizeof(cl_int4), coords, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem vb = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
				   nw * sizeof(cl_float4), vals, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &img));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &cb));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(cl_mem), &vb));
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &nw, NULL, 0, NULL, NULL));
	size_t origin[3] = {0, 0, 0};
	size_t region[3] = {(size_t)w, type == T_1DA ? (size_t)d : (size_t)h,
			    type == T_1DA ? 1 : (size_t)d};
	if (type == T_1DB)
		CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, npix * ps, got, 0, NULL, NULL));
	else
		CHECK_OK(clEnqueueReadImage(q, img, CL_TRUE, origin, region, 0, 0, got, 0, NULL,
					    NULL));
	for (size_t i = 0; i < npix; i++) {
		int ok = memcmp(got + i * ps, expect + i * ps, ps) == 0;
		if (!ok && t == CL_HALF_FLOAT) {
			/* NaN may come back with any payload */
			ok = 1;
			for (size_t b = 0; b < ps; b += 2) {
				uint16_t g, e;
				memcpy(&g, got + i * ps + b, 2);
				memcpy(&e, expect + i * ps + b, 2);
				ok &= g == e || ((g & 0x7c00) == 0x7c00 && (g & 0x3ff) &&
						 (e & 0x7c00) == 0x7c00 && (e & 0x3ff));
			}
		}
		if (!ok && t == CL_FLOAT) {
			ok = 1;
			for (size_t b = 0; b < ps; b += 4) {
				float g, e;
				memcpy(&g, got + i * ps + b, 4);
				memcpy(&e, expect + i * ps + b, 4);
				ok &= (g == e) || (isnan(g) && isnan(e));
			}
		}
		CHECK(ok);
		if (!ok && mismatches++ < 20) {
			fprintf(stderr, "  %s order 0x%x type 0x%x pixel %zu: got", name,
				fmt->image_channel_order, t, i);
			for (size_t b = 0; b < ps; b++)
				fprintf(stderr, " %02x", got[i * ps + b]);
			fprintf(stderr, " expected");
			for (size_t b = 0; b < ps; b++)
				fprintf(stderr, " %02x", expect[i * ps + b]);
			fprintf(stderr, "\n");
		}
	}
	clReleaseMemObject(cb);
	clReleaseMemObject(vb);
	clReleaseKernel(k);
	clReleaseMemObject(img);
out:
	if (buf)
		clReleaseMemObject(buf);
	free(coords);
	free(vals);
	free(expect);
	free(got);
}

static void run_query(const char *name, cl_mem img, const int *expect, int n)
{
	cl_int err;
	int out[16] = {0};
	cl_kernel k = clCreateKernel(prog, name, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem ob = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(out), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &img));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &ob));
	size_t g = 1;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, ob, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	for (int i = 0; i < n; i++) {
		CHECK(out[i] == expect[i]);
		if (out[i] != expect[i])
			fprintf(stderr, "  %s[%d]: got %d expected %d\n", name, i, out[i], expect[i]);
	}
	clReleaseMemObject(ob);
	clReleaseKernel(k);
}

static cl_mem image(cl_mem_flags flags, cl_channel_order o, cl_channel_type t,
		    cl_mem_object_type type, size_t w, size_t h, size_t d, size_t layers,
		    cl_mem buf)
{
	cl_int err;
	cl_image_format f = {o, t};
	cl_image_desc desc;
	memset(&desc, 0, sizeof(desc));
	desc.image_type = type;
	desc.image_width = w;
	desc.image_height = h;
	desc.image_depth = d;
	desc.image_array_size = layers;
	desc.buffer = buf;
	cl_mem m = clCreateImage(ctx, flags, &f, &desc, NULL, &err);
	CHECK_OK(err);
	REQUIRE(err == CL_SUCCESS);
	return m;
}

static void test_queries(void)
{
	cl_int err;
	cl_mem m;
	m = image(CL_MEM_READ_ONLY, CL_R, CL_FLOAT, CL_MEM_OBJECT_IMAGE1D, 17, 0, 0, 0, NULL);
	run_query("q_1d", m, (int[]){17, CL_FLOAT, CL_R}, 3);
	clReleaseMemObject(m);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64 * 4, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	m = image(CL_MEM_WRITE_ONLY, CL_RGBA, CL_UNORM_INT8, CL_MEM_OBJECT_IMAGE1D_BUFFER, 64, 0,
		  0, 0, b);
	run_query("q_1db", m, (int[]){64, CL_UNORM_INT8, CL_RGBA}, 3);
	clReleaseMemObject(m);
	clReleaseMemObject(b);
	m = image(CL_MEM_READ_ONLY, CL_RG, CL_SIGNED_INT16, CL_MEM_OBJECT_IMAGE1D_ARRAY, 9, 0, 0,
		  5, NULL);
	run_query("q_1da", m, (int[]){9, CL_SIGNED_INT16, CL_RG, 5}, 4);
	clReleaseMemObject(m);
	m = image(CL_MEM_READ_WRITE, CL_BGRA, CL_UNORM_INT8, CL_MEM_OBJECT_IMAGE2D, 31, 7, 0, 0,
		  NULL);
	run_query("q_2d", m, (int[]){31, CL_UNORM_INT8, CL_BGRA, 7, 31, 7}, 6);
	clReleaseMemObject(m);
	m = image(CL_MEM_WRITE_ONLY, CL_sRGBA, CL_UNORM_INT8, CL_MEM_OBJECT_IMAGE2D_ARRAY, 8, 6, 0,
		  4, NULL);
	run_query("q_2da", m, (int[]){8, CL_UNORM_INT8, CL_sRGBA, 6, 4, 8, 6}, 7);
	clReleaseMemObject(m);
	m = image(CL_MEM_READ_ONLY, CL_RGBA, CL_HALF_FLOAT, CL_MEM_OBJECT_IMAGE3D, 5, 4, 3, 0,
		  NULL);
	run_query("q_3d", m, (int[]){5, CL_HALF_FLOAT, CL_RGBA, 4, 3, 5, 4, 3, 0}, 9);
	clReleaseMemObject(m);
	m = image(CL_MEM_READ_ONLY, CL_DEPTH, CL_UNORM_INT16, CL_MEM_OBJECT_IMAGE2D, 12, 10, 0, 0,
		  NULL);
	run_query("q_dep", m, (int[]){12, CL_UNORM_INT16, CL_DEPTH, 10}, 4);
	clReleaseMemObject(m);
}

/* read_write: v -> v/2 + 1/4 in place; the second read sees the write. */
static void test_read_write(void)
{
	cl_int err;
	enum { W = 19, H = 6 };
	float init[W * H][4], out[W * H][4], back[W * H][4];
	for (int i = 0; i < W * H; i++)
		for (int k = 0; k < 4; k++)
			init[i][k] = frand(-4, 4);
	cl_image_format f = {CL_RGBA, CL_FLOAT};
	cl_image_desc desc;
	memset(&desc, 0, sizeof(desc));
	desc.image_type = CL_MEM_OBJECT_IMAGE2D;
	desc.image_width = W;
	desc.image_height = H;
	cl_mem img = clCreateImage(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &f, &desc, init,
				   &err);
	CHECK_OK(err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem ob = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(out), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = clCreateKernel(prog, "rw_2d", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &img));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &ob));
	size_t g[2] = {W, H};
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 2, NULL, g, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, ob, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	size_t origin[3] = {0, 0, 0}, region[3] = {W, H, 1};
	CHECK_OK(clEnqueueReadImage(q, img, CL_TRUE, origin, region, 0, 0, back, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < W * H; i++)
		for (int c = 0; c < 4; c++) {
			float e = init[i][c] * 0.5f + 0.25f;
			bad += out[i][c] != e || back[i][c] != e;
		}
	CHECK(bad == 0);
	clReleaseKernel(k);
	clReleaseMemObject(ob);
	clReleaseMemObject(img);
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
				test_write(type, &depth_formats[f]);
			continue;
		}
		for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
			cl_channel_order o = formats[f].image_channel_order;
			if (type == T_1DB && (o == CL_sRGBA || o == CL_sBGRA))
				continue;
			test_write(type, &formats[f]);
		}
	}
	test_queries();
	test_read_write();
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
