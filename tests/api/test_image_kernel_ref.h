/* Host reference for the image built-in tests (test_image_kernel_*.c),
 * written from the API spec's §8.2 "Image Addressing and Filtering" and
 * §8.3 "Conversion Rules": pixel decoding and encoding for each channel
 * order and data type, and the nearest and linear sampling formulas. */
#ifndef KILN_TEST_IMAGE_KERNEL_REF_H
#define KILN_TEST_IMAGE_KERNEL_REF_H

#include "../common/check.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* CLK_* sampler bits (OpenCL C, Clang's numbers). */
#define R_NORM 0x1
#define R_ADDR_NONE 0
#define R_ADDR_EDGE 2
#define R_ADDR_CLAMP 4
#define R_ADDR_REPEAT 6
#define R_ADDR_MIRROR 8
#define R_NEAREST 0x10
#define R_LINEAR 0x20

static inline int ref_channels(cl_channel_order o)
{
	switch (o) {
	case CL_R: case CL_A: case CL_INTENSITY: case CL_LUMINANCE: case CL_DEPTH:
		return 1;
	case CL_RG: case CL_RA:
		return 2;
	case CL_RGB:
		return 3;
	default:
		return 4;
	}
}

static inline int ref_packed(cl_channel_type t)
{
	return t == CL_UNORM_SHORT_565 || t == CL_UNORM_SHORT_555 ||
	       t == CL_UNORM_INT_101010 || t == CL_UNORM_INT_101010_2;
}

static inline size_t ref_channel_size(cl_channel_type t)
{
	switch (t) {
	case CL_SNORM_INT8: case CL_UNORM_INT8: case CL_SIGNED_INT8: case CL_UNSIGNED_INT8:
		return 1;
	case CL_SNORM_INT16: case CL_UNORM_INT16: case CL_SIGNED_INT16:
	case CL_UNSIGNED_INT16: case CL_HALF_FLOAT: case CL_UNORM_SHORT_565:
	case CL_UNORM_SHORT_555:
		return 2;
	default:
		return 4;
	}
}

static inline size_t ref_pixel_size(const cl_image_format *f)
{
	if (ref_packed(f->image_channel_data_type))
		return ref_channel_size(f->image_channel_data_type);
	return ref_channel_size(f->image_channel_data_type) *
	       (size_t)ref_channels(f->image_channel_order);
}

static inline int ref_is_srgb(cl_channel_order o)
{
	return o == CL_sRGBA || o == CL_sBGRA;
}

static inline double ref_half_to_double(uint16_t h)
{
	int e = (h >> 10) & 31, m = h & 1023;
	double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY)
						  : ldexp(m + 1024, e - 25);
	return (h & 0x8000) ? -v : v;
}

/* float to half, round to nearest even (exhaustively simple: the nearest
 * of the two neighbouring halves, ties to the even one). */
static inline uint16_t ref_float_to_half(float f)
{
	if (isnan(f))
		return 0x7e00;
	uint16_t sign = signbit(f) ? 0x8000 : 0;
	double a = fabs((double)f);
	if (a >= 65520.0)
		return sign | 0x7c00;
	uint16_t lo = 0;
	/* binary search for the largest half <= a */
	uint16_t l = 0, h = 0x7bff;
	while (l < h) {
		uint16_t mid = (uint16_t)((l + h + 1) / 2);
		if (ref_half_to_double(mid) <= a)
			l = mid;
		else
			h = mid - 1;
	}
	lo = l;
	double dl = a - ref_half_to_double(lo);
	double dh = ref_half_to_double(lo + 1) - a;
	if (lo == 0x7bff)
		return sign | (dl < dh ? lo : 0x7c00);
	if (dh < dl || (dh == dl && (lo & 1)))
		lo++;
	return sign | lo;
}

/* The memory channels of a pixel as raw integers (or float bits). */
static inline void ref_raw(const cl_image_format *f, const unsigned char *p, uint32_t raw[4])
{
	cl_channel_type t = f->image_channel_data_type;
	int n = ref_channels(f->image_channel_order);
	memset(raw, 0, 4 * sizeof(uint32_t));
	if (ref_packed(t)) {
		uint32_t w = 0;
		memcpy(&w, p, ref_channel_size(t));
		if (t == CL_UNORM_SHORT_565) {
			raw[0] = w >> 11 & 31; raw[1] = w >> 5 & 63; raw[2] = w & 31;
		} else if (t == CL_UNORM_SHORT_555) {
			raw[0] = w >> 10 & 31; raw[1] = w >> 5 & 31; raw[2] = w & 31;
		} else {
			raw[0] = w >> 20 & 1023; raw[1] = w >> 10 & 1023; raw[2] = w & 1023;
			raw[3] = w >> 30;
		}
		return;
	}
	size_t cs = ref_channel_size(t);
	for (int i = 0; i < n; i++) {
		uint32_t v = 0;
		memcpy(&v, p + i * cs, cs);
		raw[i] = v;
	}
}

/* Memory channel i to the (r, g, b, a) slot it fills; -1: none. */
static inline void ref_swizzle(cl_channel_order o, int src[4])
{
	/* src[k]: memory channel for component k; 4 = 0, 5 = 1 */
	static const struct { cl_channel_order o; int s[4]; } t[] = {
		{CL_R, {0, 4, 4, 5}}, {CL_A, {4, 4, 4, 0}}, {CL_RG, {0, 1, 4, 5}},
		{CL_RA, {0, 4, 4, 1}}, {CL_RGB, {0, 1, 2, 5}}, {CL_RGBA, {0, 1, 2, 3}},
		{CL_BGRA, {2, 1, 0, 3}}, {CL_ARGB, {1, 2, 3, 0}}, {CL_ABGR, {3, 2, 1, 0}},
		{CL_INTENSITY, {0, 0, 0, 0}}, {CL_LUMINANCE, {0, 0, 0, 5}},
		{CL_DEPTH, {0, 4, 4, 5}}, {CL_sRGBA, {0, 1, 2, 3}}, {CL_sBGRA, {2, 1, 0, 3}},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (t[i].o == o) {
			memcpy(src, t[i].s, sizeof(t[i].s));
			return;
		}
	REQUIRE(!"unknown channel order");
}

static inline double ref_srgb_to_linear(double c)
{
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static inline double ref_linear_to_srgb(double c)
{
	if (!(c > 0))
		return 0;
	if (c > 1)
		c = 1;
	return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
}

/* read_imagef of one pixel (§8.3.1), in double. */
static inline void ref_texel_f(const cl_image_format *f, const unsigned char *p, double out[4])
{
	uint32_t r[4];
	double c[6];
	ref_raw(f, p, r);
	cl_channel_type t = f->image_channel_data_type;
	for (int i = 0; i < 4; i++) {
		switch (t) {
		case CL_UNORM_INT8: c[i] = r[i] / 255.0; break;
		case CL_UNORM_INT16: c[i] = r[i] / 65535.0; break;
		case CL_SNORM_INT8: c[i] = fmax(-1.0, (int8_t)r[i] / 127.0); break;
		case CL_SNORM_INT16: c[i] = fmax(-1.0, (int16_t)r[i] / 32767.0); break;
		case CL_UNORM_SHORT_565: c[i] = r[i] / (i == 1 ? 63.0 : 31.0); break;
		case CL_UNORM_SHORT_555: c[i] = r[i] / 31.0; break;
		case CL_UNORM_INT_101010: c[i] = r[i] / 1023.0; break;
		case CL_UNORM_INT_101010_2: c[i] = r[i] / (i == 3 ? 3.0 : 1023.0); break;
		case CL_HALF_FLOAT: c[i] = ref_half_to_double((uint16_t)r[i]); break;
		case CL_FLOAT: { float v; memcpy(&v, &r[i], 4); c[i] = v; break; }
		default: c[i] = r[i]; break;
		}
	}
	if (ref_is_srgb(f->image_channel_order))
		for (int i = 0; i < 3; i++)
			c[i] = ref_srgb_to_linear(c[i]);
	c[4] = 0;
	c[5] = 1;
	int s[4];
	ref_swizzle(f->image_channel_order, s);
	for (int k = 0; k < 4; k++)
		out[k] = c[s[k]];
}

/* read_imagei / read_imageui of one pixel. */
static inline void ref_texel_i(const cl_image_format *f, const unsigned char *p, int64_t out[4])
{
	uint32_t r[4];
	int64_t c[6];
	ref_raw(f, p, r);
	for (int i = 0; i < 4; i++) {
		switch (f->image_channel_data_type) {
		case CL_SIGNED_INT8: c[i] = (int8_t)r[i]; break;
		case CL_SIGNED_INT16: c[i] = (int16_t)r[i]; break;
		case CL_SIGNED_INT32: c[i] = (int32_t)r[i]; break;
		default: c[i] = r[i]; break;
		}
	}
	c[4] = 0;
	c[5] = 1;
	int s[4];
	ref_swizzle(f->image_channel_order, s);
	for (int k = 0; k < 4; k++)
		out[k] = c[s[k]];
}

/* Border colour of CLK_ADDRESS_CLAMP (§8.2): alpha 1 without an alpha
 * channel. */
static inline double ref_border_alpha(cl_channel_order o)
{
	return (o == CL_R || o == CL_RG || o == CL_RGB || o == CL_LUMINANCE ||
		o == CL_DEPTH) ? 1.0 : 0.0;
}

/* One axis of §8.2's formulas, in float as the spec writes them.  i0, i1
 * the texels (may be outside [0, n) for CLK_ADDRESS_CLAMP), a the weight. */
static inline void ref_axis(float s, int n, int bits, int linear, int *i0, int *i1, float *a)
{
	int addr = bits & 0xe;
	int norm = bits & R_NORM;
	float w = (float)n;
	if (addr == R_ADDR_REPEAT) {
		float u = (s - floorf(s)) * w;
		if (!linear) {
			int i = (int)floorf(u);
			if (i > n - 1)
				i -= n;
			*i0 = *i1 = i;
			*a = 0;
			return;
		}
		*i0 = (int)floorf(u - 0.5f);
		*i1 = *i0 + 1;
		if (*i0 < 0)
			*i0 += n;
		if (*i1 > n - 1)
			*i1 -= n;
		*a = (u - 0.5f) - floorf(u - 0.5f);
		return;
	}
	if (addr == R_ADDR_MIRROR) {
		float sp = 2.0f * rintf(0.5f * s);
		sp = fabsf(s - sp);
		float u = sp * w;
		if (!linear) {
			int i = (int)floorf(u);
			*i0 = *i1 = i < n - 1 ? i : n - 1;
			*a = 0;
			return;
		}
		int f = (int)floorf(u - 0.5f);
		*i0 = f < 0 ? 0 : f;
		*i1 = f + 1 > n - 1 ? n - 1 : f + 1;
		*a = (u - 0.5f) - floorf(u - 0.5f);
		return;
	}
	float u = norm ? s * w : s;
	int lo = addr == R_ADDR_CLAMP ? -1 : 0, hi = addr == R_ADDR_CLAMP ? n : n - 1;
	if (!linear) {
		int i = (int)floorf(u);
		*i0 = *i1 = i < lo ? lo : i > hi ? hi : i;
		*a = 0;
		return;
	}
	int f = (int)floorf(u - 0.5f);
	*i0 = f < lo ? lo : f > hi ? hi : f;
	*i1 = f + 1 < lo ? lo : f + 1 > hi ? hi : f + 1;
	*a = (u - 0.5f) - floorf(u - 0.5f);
}

/* An image on the host: its pixels (tightly packed) and shape. */
struct ref_image {
	cl_image_format fmt;
	int w, h, d;   /* d: slices of a 3D image or layers of an array */
	int dims;      /* filtered coordinates: 1, 2 or 3 */
	int arrayed;   /* the coordinate after them is a layer */
	size_t psize;
	unsigned char *pix;
};

static const unsigned char *ref_at(const struct ref_image *im, int x, int y, int z)
{
	return im->pix + (((size_t)z * im->h + y) * im->w + x) * im->psize;
}

/* read_imagef with a sampler at float coordinates c (x, y, z/layer). */
static inline void ref_sample_f(const struct ref_image *im, int bits, const float c[4], double out[4])
{
	int linear = (bits & 0x30) == R_LINEAR;
	int n[3] = {im->w, im->h, im->d};
	int i0[3] = {0, 0, 0}, i1[3] = {0, 0, 0};
	float a[3] = {0, 0, 0};
	for (int k = 0; k < im->dims; k++)
		ref_axis(c[k], n[k], bits, linear, &i0[k], &i1[k], &a[k]);
	if (im->arrayed) {
		float l = rintf(c[im->dims]);
		int li = l < 0 ? 0 : l > im->d - 1 ? im->d - 1 : (int)l;
		i0[2] = i1[2] = li;
	}
	int taps = linear ? 1 << im->dims : 1;
	for (int k = 0; k < 4; k++)
		out[k] = 0;
	for (int t = 0; t < taps; t++) {
		int idx[3];
		double wgt = 1;
		for (int k = 0; k < 3; k++) {
			int hi = k < im->dims && linear && (t >> k & 1);
			idx[k] = hi ? i1[k] : i0[k];
			if (k < im->dims && linear)
				wgt *= hi ? a[k] : 1.0 - a[k];
		}
		double v[4];
		if (idx[0] < 0 || idx[0] >= im->w || idx[1] < 0 || idx[1] >= im->h ||
		    idx[2] < 0 || idx[2] >= im->d) {
			v[0] = v[1] = v[2] = 0;
			v[3] = ref_border_alpha(im->fmt.image_channel_order);
		} else {
			ref_texel_f(&im->fmt, ref_at(im, idx[0], idx[1], idx[2]), v);
		}
		for (int k = 0; k < 4; k++)
			out[k] += wgt * v[k];
	}
}

/* read_imagei/ui (nearest) at integer or float coordinates. */
static inline void ref_sample_i(const struct ref_image *im, int bits, const float c[4], int64_t out[4])
{
	int n[3] = {im->w, im->h, im->d};
	int idx[3] = {0, 0, 0}, dummy;
	float a;
	for (int k = 0; k < im->dims; k++)
		ref_axis(c[k], n[k], bits, 0, &idx[k], &dummy, &a);
	if (im->arrayed) {
		float l = rintf(c[im->dims]);
		idx[2] = l < 0 ? 0 : l > im->d - 1 ? im->d - 1 : (int)l;
	}
	if (idx[0] < 0 || idx[0] >= im->w || idx[1] < 0 || idx[1] >= im->h ||
	    idx[2] < 0 || idx[2] >= im->d) {
		out[0] = out[1] = out[2] = 0;
		out[3] = (int64_t)ref_border_alpha(im->fmt.image_channel_order);
		return;
	}
	ref_texel_i(&im->fmt, ref_at(im, idx[0], idx[1], idx[2]), out);
}

/* Random but well-formed pixel data: finite floats and halves. */
static inline void ref_fill(struct ref_image *im, unsigned *seed)
{
	size_t n = (size_t)im->w * im->h * im->d;
	cl_channel_type t = im->fmt.image_channel_data_type;
	int ch = ref_channels(im->fmt.image_channel_order);
	for (size_t i = 0; i < n; i++) {
		unsigned char *p = im->pix + i * im->psize;
		for (size_t b = 0; b < im->psize; b++)
			p[b] = (unsigned char)check_rand(seed);
		if (t == CL_FLOAT)
			for (int k = 0; k < ch; k++) {
				float v = (float)(check_rand(seed) % 20001) / 5000.0f - 2.0f;
				if (im->fmt.image_channel_order == CL_DEPTH)
					v = (float)(check_rand(seed) % 10001) / 10000.0f;
				memcpy(p + 4 * k, &v, 4);
			}
		if (t == CL_HALF_FLOAT)
			for (int k = 0; k < ch; k++) {
				float v = (float)(check_rand(seed) % 20001) / 5000.0f - 2.0f;
				uint16_t hb = ref_float_to_half(v);
				memcpy(p + 2 * k, &hb, 2);
			}
	}
}

#endif
