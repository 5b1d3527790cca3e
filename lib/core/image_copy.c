/* Pixel work of image commands: a fill colour converted to a pixel, and a
 * region filled with it (OpenCL 3.0 §5.3.4 clEnqueueFillImage).  Reads,
 * writes and copies of image regions are byte rectangles and go through
 * kiln_mem_copy_rect (mem_copy.c). */
#include "image.h"

#include "mem_copy.h"

#include <math.h>
#include <string.h>

/* --- conversions (OpenCL C 3.0 §8.3, "Conversion Rules" for image
 * writes: float to normalized integer is convert_*_sat_rte(f * max), NaN
 * gives 0; integers saturate; floats to half round to nearest even) ---- */

static long norm_to_int(float f, float scale, long lo, long hi)
{
	if (isnan(f))
		return 0;
	float v = f * scale;
	if (v <= (float)lo)
		return lo;
	if (v >= (float)hi)
		return hi;
	return lrintf(v); /* the default rounding mode: to nearest even */
}

static long clamp_int(int32_t v, long lo, long hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static unsigned long clamp_uint(uint32_t v, unsigned long hi)
{
	return v > hi ? hi : v;
}

/* IEEE 754 binary16 from binary32, rounding to nearest even. */
static uint16_t float_to_half(float f)
{
	uint32_t x;
	memcpy(&x, &f, sizeof(x));
	uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
	uint32_t e = (x >> 23) & 0xff, m = x & 0x7fffff;
	if (e == 0xff) /* infinity, or NaN kept quiet */
		return sign | 0x7c00 | (m ? 0x200 | (m >> 13) : 0);
	int32_t he = (int32_t)e - 127 + 15;
	if (he >= 31)
		return sign | 0x7c00;
	if (he <= 0) {
		/* A half subnormal: value / 2^-24, from the 24-bit
		 * significand. */
		if (he < -10)
			return sign;
		uint32_t sig = m | 0x800000;
		unsigned shift = (unsigned)(14 - he);
		uint32_t h = sig >> shift, rem = sig & ((1u << shift) - 1);
		uint32_t halfway = 1u << (shift - 1);
		if (rem > halfway || (rem == halfway && (h & 1)))
			h++;
		return sign | (uint16_t)h;
	}
	uint32_t h = ((uint32_t)he << 10) | (m >> 13), rem = m & 0x1fff;
	/* A carry out of the significand correctly bumps the exponent (up
	 * to infinity). */
	if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
		h++;
	return sign | (uint16_t)h;
}

/* cl_khr_srgb_image_writes / OpenCL C §8.3.5: linear to sRGB. */
static float linear_to_srgb(float c)
{
	if (!(c > 0.0f)) /* also NaN */
		return 0.0f;
	if (c >= 1.0f)
		return 1.0f;
	if (c < 0.0031308f)
		return 12.92f * c;
	return 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
}

/* Which component of the colour each stored channel holds, in storage
 * order (§5.3.1.1: CL_BGRA stores B first, and so on; a one-channel
 * luminance or intensity image stores the red component). */
static const uint8_t *channel_sources(cl_channel_order order)
{
	static const uint8_t rgba[] = { 0, 1, 2, 3 }, bgra[] = { 2, 1, 0, 3 },
			     argb[] = { 3, 0, 1, 2 }, abgr[] = { 3, 2, 1, 0 },
			     a[] = { 3 }, ra[] = { 0, 3 };
	switch (order) {
	case CL_BGRA:
	case CL_sBGRA:
		return bgra;
	case CL_ARGB:
		return argb;
	case CL_ABGR:
		return abgr;
	case CL_A:
		return a;
	case CL_RA:
		return ra;
	default: /* R, RG, RGB, RGBA, sRGBA, INTENSITY, LUMINANCE, DEPTH */
		return rgba;
	}
}

static bool is_srgb(cl_channel_order order)
{
	return order == CL_sRGBA || order == CL_sBGRA || order == CL_sRGB ||
	       order == CL_sRGBx;
}

/* The packed formats: three fields of `bits` bits each (green has
 * `gbits`), red highest, blue in the low bits. */
static uint32_t pack3(const float *c, unsigned rbits, unsigned gbits,
		      unsigned bbits)
{
	uint32_t r = (uint32_t)norm_to_int(c[0], (float)((1u << rbits) - 1), 0,
					   (long)((1u << rbits) - 1));
	uint32_t g = (uint32_t)norm_to_int(c[1], (float)((1u << gbits) - 1), 0,
					   (long)((1u << gbits) - 1));
	uint32_t b = (uint32_t)norm_to_int(c[2], (float)((1u << bbits) - 1), 0,
					   (long)((1u << bbits) - 1));
	return (r << (gbits + bbits)) | (g << bbits) | b;
}

/* Stores channel `i` of a pixel from component value `v`. */
static void store_channel(cl_channel_type type, unsigned char *pixel,
			  unsigned i, const void *color, unsigned src)
{
	const float *f = color;
	const int32_t *s = color;
	const uint32_t *u = color;
	union {
		int8_t i8;
		uint8_t u8;
		int16_t i16;
		uint16_t u16;
		int32_t i32;
		uint32_t u32;
		float f32;
	} v;
	size_t n;
	switch (type) {
	case CL_SNORM_INT8:
		v.i8 = (int8_t)norm_to_int(f[src], 127.0f, -128, 127);
		n = 1;
		break;
	case CL_UNORM_INT8:
		v.u8 = (uint8_t)norm_to_int(f[src], 255.0f, 0, 255);
		n = 1;
		break;
	case CL_SNORM_INT16:
		v.i16 = (int16_t)norm_to_int(f[src], 32767.0f, -32768, 32767);
		n = 2;
		break;
	case CL_UNORM_INT16:
		v.u16 = (uint16_t)norm_to_int(f[src], 65535.0f, 0, 65535);
		n = 2;
		break;
	case CL_SIGNED_INT8:
		v.i8 = (int8_t)clamp_int(s[src], -128, 127);
		n = 1;
		break;
	case CL_SIGNED_INT16:
		v.i16 = (int16_t)clamp_int(s[src], -32768, 32767);
		n = 2;
		break;
	case CL_SIGNED_INT32:
		v.i32 = s[src];
		n = 4;
		break;
	case CL_UNSIGNED_INT8:
		v.u8 = (uint8_t)clamp_uint(u[src], 255);
		n = 1;
		break;
	case CL_UNSIGNED_INT16:
		v.u16 = (uint16_t)clamp_uint(u[src], 65535);
		n = 2;
		break;
	case CL_UNSIGNED_INT32:
		v.u32 = u[src];
		n = 4;
		break;
	case CL_HALF_FLOAT:
		v.u16 = float_to_half(f[src]);
		n = 2;
		break;
	default: /* CL_FLOAT */
		v.f32 = f[src];
		n = 4;
		break;
	}
	memcpy(pixel + i * n, &v, n);
}

void kiln_image_pack_color(const struct kiln_image_format_info *info,
			   const void *color, unsigned char *pixel)
{
	memset(pixel, 0, info->pixel_size);
	if (info->order == CL_DEPTH) {
		/* §5.3.4: a depth image's fill colour is one float. */
		float d[4] = { 0 };
		memcpy(d, color, sizeof(float));
		store_channel(info->type, pixel, 0, d, 0);
		return;
	}
	float lin[4];
	const void *src = color;
	if (is_srgb(info->order)) {
		/* Red, green and blue are encoded; alpha stays linear. */
		memcpy(lin, color, sizeof(lin));
		for (int i = 0; i < 3; i++)
			lin[i] = linear_to_srgb(lin[i]);
		src = lin;
	}
	uint32_t packed;
	switch (info->type) {
	case CL_UNORM_SHORT_565: {
		uint16_t p = (uint16_t)pack3(src, 5, 6, 5);
		memcpy(pixel, &p, sizeof(p));
		return;
	}
	case CL_UNORM_SHORT_555: {
		uint16_t p = (uint16_t)pack3(src, 5, 5, 5);
		memcpy(pixel, &p, sizeof(p));
		return;
	}
	case CL_UNORM_INT_101010:
		packed = pack3(src, 10, 10, 10);
		memcpy(pixel, &packed, sizeof(packed));
		return;
	default:
		break;
	}
	const uint8_t *map = channel_sources(info->order);
	for (unsigned i = 0; i < info->num_channels; i++)
		store_channel(info->type, pixel, i, src, map[i]);
}

void kiln_image_fill_region(cl_device_id dev, void *dst, size_t y_stride,
			    size_t z_stride, const void *pixel,
			    size_t pixel_size, const size_t region[3])
{
	char *base = dst;
	size_t row_bytes = region[0] * pixel_size;
	/* The first row from the pattern, then every other row copied from
	 * it (source pitches 0): the copies run on the device's workers. */
	kiln_mem_fill(dev, base, pixel, pixel_size, row_bytes);
	if (region[1] > 1) {
		size_t rest[3] = { row_bytes, region[1] - 1, 1 };
		kiln_mem_copy_rect(dev, base + y_stride, y_stride, 0, base, 0,
				   0, rest);
	}
	if (region[2] > 1) {
		size_t rest[3] = { row_bytes, region[1], region[2] - 1 };
		kiln_mem_copy_rect(dev, base + z_stride, y_stride, z_stride,
				   base, y_stride, 0, rest);
	}
}
