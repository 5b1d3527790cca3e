/* read_imagef, read_imagei, read_imageui, read_imageh (OpenCL C 3.0
 * §6.15.15.2 and §6.15.15.3): sampled and sampler-less reads of every image
 * type, with the addressing and filtering rules of the API spec's §8.2 and
 * the conversions of §8.3.
 *
 * Every image type reduces to one 3D case: x, y, z with z the slice of a 3D
 * image or the layer of an array (image_abi.h gives both the same pitch).
 * DIMS says how many coordinates are filtered; ARR that the coordinate
 * after them is an array layer. */
#include "image_internal.h"

/* Formats with a path of their own; the rest go through the tables. */
#define KL_GENERIC 0
#define KL_RGBA8 1
#define KL_BGRA8 2
#define KL_RGBAF 3
#define KL_R8 4  /* CL_R / CL_RG UNORM_INT8: the planes of YUV video */
#define KL_RG8 5

/* What a sampler-less read means (§6.15.15.3): unnormalized, nearest, and
 * in-range coordinates (clamped here so that a bad one cannot fault). */
#define KL_PLAIN_BITS (CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST)

KL_INL int kl_kind(kl_image img)
{
	int t = img->channel_data_type, o = img->channel_order;
	if (t == CLK_UNORM_INT8 && o == CLK_RGBA)
		return KL_RGBA8;
	if (t == CLK_UNORM_INT8 && o == CLK_BGRA)
		return KL_BGRA8;
	if (t == CLK_FLOAT && o == CLK_RGBA)
		return KL_RGBAF;
	if (t == CLK_UNORM_INT8 && o == CLK_R)
		return KL_R8;
	if (t == CLK_UNORM_INT8 && o == CLK_RG)
		return KL_RG8;
	return KL_GENERIC;
}

/* The generic path stays a call (kiln-inline-all leaves kl_outline_*
 * functions alone): inlined, its switches over data types made each
 * read_imagef of a program about 1000 IR instructions, most of the build
 * time of image filters (ffmpeg's sobel: 4 kernels, 36 reads).  Formats
 * with a path of their own never call it.  It only reads memory (pure),
 * so that the optimizer need not assume the call writes any. */
__attribute__((noinline, pure)) float4 kl_outline_texel_f(kl_image img, __global const uchar *p)
{
	return kl_texel_generic_f(img, p);
}

/* The four 8-bit channels of a 32-bit texel, in memory order.  One word
 * rather than a uchar4: split across work-items (kiln-scalarize), a uchar4
 * is four byte loads, which x86 can only gather one lane at a time; a word
 * is one 32-bit gather for 16 work-items, and shifts. */
KL_INL float4 kl_unorm8x4(__global const uchar *p)
{
	uint w = *(__global const uint *)p;
	return convert_float4((uint4)(w & 255u, (w >> 8) & 255u, (w >> 16) & 255u, w >> 24)) *
	       (1.0f / 255.0f);
}

/* The byte at p, read as the aligned 32-bit word that holds it: split
 * across work-items, one 32-bit gather and a shift per lane, where a byte
 * load is 16 loads of one lane each (x86 has no byte gather).  The word
 * never leaves the byte's page, so the read cannot fault; Kiln rounds its
 * allocations up to whole words (lib/core/host_memory.c), so it stays in
 * the image's storage unless that is the application's own
 * (CL_MEM_USE_HOST_PTR, or a buffer made so), where up to 3 bytes before
 * the first or after the last pixel may be read and ignored. */
/* 1 in a work-item function specialized for its images' formats, where the
 * work-item loop around a read vectorizes (kiln-image-facts replaces the
 * call), 0 elsewhere: run one work-item at a time, a byte load is cheaper
 * than kl_byte_at's word and shift (a box filter over an 8-bit plane, 171
 * against 129 Mpixels/s on the 2-core Zen 5 VM). */
int __kiln_formats_fixed(void);

KL_INL uint kl_byte_at(__global const uchar *p)
{
	if (!__kiln_formats_fixed())
		return *p;
	uint off = (uint)(ulong)p & 3u;
	uint w = *(__global const uint *)(p - off);
	return (w >> (off * 8u)) & 255u;
}

KL_INL float4 kl_fetch_f(kl_image img, int kind, int x, int y, int z)
{
	switch (kind) {
	case KL_RGBA8:
		return kl_unorm8x4(kl_texel_ptr(img, x, y, z, 4));
	case KL_BGRA8:
		return kl_unorm8x4(kl_texel_ptr(img, x, y, z, 4)).zyxw;
	case KL_RGBAF:
		return vload4(0, (__global const float *)kl_texel_ptr(img, x, y, z, 16));
	/* channels the order lacks read as 0, alpha as 1 (API spec §8.3) */
	case KL_R8:
		return (float4)((float)kl_byte_at(kl_texel_ptr(img, x, y, z, 1)) * (1.0f / 255.0f),
				0.0f, 0.0f, 1.0f);
	case KL_RG8: {
		__global const uchar *p = kl_texel_ptr(img, x, y, z, 2);
		return (float4)(convert_float2((uint2)(kl_byte_at(p), kl_byte_at(p + 1))) *
					(1.0f / 255.0f),
				0.0f, 1.0f);
	}
	default:
		return kl_outline_texel_f(img, kl_texel_ptr(img, x, y, z, img->pixel_size));
	}
}

/* A texel, or the border colour where CLK_ADDRESS_CLAMP put the index
 * outside the image (the load itself is always inside). */
KL_INL float4 kl_fetch_fb(kl_image img, int kind, int x, int y, int z, int out,
			  float4 border)
{
	float4 t = kl_fetch_f(img, kind, x, y, z);
	return out ? border : t;
}

KL_INL struct kl_axis kl_axis_fixed(int i)
{
	struct kl_axis r = {i, i, 0, 0, 0.0f};
	return r;
}

/* The axes of a float coordinate: filtered ones, then the layer or 0. */
KL_INL void kl_axes_f(kl_image img, int bits, float4 c, int dims, int arr,
		      struct kl_axis *ax, struct kl_axis *ay, struct kl_axis *az)
{
	int linear = (bits & KILN_SAMPLER_FILTER_MASK) == CLK_FILTER_LINEAR;
	*ax = linear ? kl_axis_linear(c.x, img->width, bits)
		     : kl_axis_nearest(c.x, img->width, bits);
	*ay = kl_axis_fixed(0);
	*az = kl_axis_fixed(arr ? kl_layer_f(c[dims], img->array_size) : 0);
	if (dims >= 2)
		*ay = linear ? kl_axis_linear(c.y, img->height, bits)
			     : kl_axis_nearest(c.y, img->height, bits);
	if (dims >= 3)
		*az = linear ? kl_axis_linear(c.z, img->depth, bits)
			     : kl_axis_nearest(c.z, img->depth, bits);
}

KL_INL void kl_axes_i(kl_image img, int bits, int4 c, int dims, int arr,
		      struct kl_axis *ax, struct kl_axis *ay, struct kl_axis *az)
{
	*ax = kl_axis_int(c.x, img->width, bits);
	*ay = kl_axis_fixed(0);
	*az = kl_axis_fixed(arr ? clamp(c[dims], 0, img->array_size - 1) : 0);
	if (dims >= 2)
		*ay = kl_axis_int(c.y, img->height, bits);
	if (dims >= 3)
		*az = kl_axis_int(c.z, img->depth, bits);
}

/* Linear filtering (§8.2): the weighted sum of 2, 4 or 8 texels, tap t
 * taking i1 along the axes whose bit is set in t and the spec's weight a
 * (else i0 and 1 - a), in the order of the spec's formula.  As a loop the
 * generic path stays one copy of the texel conversion (the fast formats'
 * loops unroll), which keeps kernels with runtime samplers quick to
 * compile. */
KL_INL float4 kl_filter_f(kl_image img, int kind, int dims, struct kl_axis x,
			  struct kl_axis y, struct kl_axis z, float4 border)
{
	float4 acc = 0.0f;
	for (int t = 0; t < (1 << dims); t++) {
		int hx = t & 1, hy = (t >> 1) & 1, hz = (t >> 2) & 1;
		float w = hx ? x.a : 1.0f - x.a;
		if (dims >= 2)
			w *= hy ? y.a : 1.0f - y.a;
		if (dims >= 3)
			w *= hz ? z.a : 1.0f - z.a;
		int out = (hx ? x.out1 : x.out0) | (hy ? y.out1 : y.out0) |
			  (hz ? z.out1 : z.out0);
		acc += w * kl_fetch_fb(img, kind, hx ? x.i1 : x.i0, hy ? y.i1 : y.i0,
				       hz ? z.i1 : z.i0, out, border);
	}
	return acc;
}

KL_INL float4 kl_sample_f(kl_image img, int kind, int dims, int filter,
			  struct kl_axis x, struct kl_axis y, struct kl_axis z)
{
	float4 border = (float4)(0.0f, 0.0f, 0.0f, (float)kl_border_alpha(img));
	if (filter)
		return kl_filter_f(img, kind, dims, x, y, z, border);
	return kl_fetch_fb(img, kind, x.i0, y.i0, z.i0, x.out0 | y.out0 | z.out0, border);
}

/* One test of the format per call picks the path; inside a work-item loop
 * the test is the same for every work-item and predicts perfectly. */
#define KL_BY_KIND(img, CALL)                                                  \
	switch (kl_kind(img)) {                                                \
	case KL_RGBA8: return CALL(KL_RGBA8);                                  \
	case KL_BGRA8: return CALL(KL_BGRA8);                                  \
	case KL_RGBAF: return CALL(KL_RGBAF);                                  \
	case KL_R8: return CALL(KL_R8);                                        \
	case KL_RG8: return CALL(KL_RG8);                                      \
	default: return CALL(KL_GENERIC);                                      \
	}

KL_INL float4 kl_read_f(kl_image img, int bits, float4 c, int dims, int arr)
{
	struct kl_axis x, y, z;
	int filter = (bits & KILN_SAMPLER_FILTER_MASK) == CLK_FILTER_LINEAR;
	kl_axes_f(img, bits, c, dims, arr, &x, &y, &z);
#define KL_CALL(K) kl_sample_f(img, K, dims, filter, x, y, z)
	KL_BY_KIND(img, KL_CALL)
#undef KL_CALL
}

/* Integer coordinates: nearest, unnormalized (§6.15.15.2). */
KL_INL float4 kl_read_fi(kl_image img, int bits, int4 c, int dims, int arr)
{
	struct kl_axis x, y, z;
	kl_axes_i(img, bits, c, dims, arr, &x, &y, &z);
#define KL_CALL(K) kl_sample_f(img, K, dims, 0, x, y, z)
	KL_BY_KIND(img, KL_CALL)
#undef KL_CALL
}

/* read_imagei / read_imageui: nearest only (linear is undefined for them
 * and taken as nearest). */
KL_INL uint4 kl_sample_u(kl_image img, int sign, struct kl_axis x, struct kl_axis y,
			 struct kl_axis z)
{
	uint4 border = (uint4)(0u, 0u, 0u, (uint)kl_border_alpha(img));
	uint4 t = kl_texel_generic_u(img, kl_texel_ptr(img, x.i0, y.i0, z.i0, img->pixel_size),
				     sign);
	return x.out0 | y.out0 | z.out0 ? border : t;
}

KL_INL uint4 kl_read_u(kl_image img, int bits, float4 c, int dims, int arr, int sign)
{
	struct kl_axis x, y, z;
	bits = (bits & ~KILN_SAMPLER_FILTER_MASK) | CLK_FILTER_NEAREST;
	kl_axes_f(img, bits, c, dims, arr, &x, &y, &z);
	return kl_sample_u(img, sign, x, y, z);
}

KL_INL uint4 kl_read_ui(kl_image img, int bits, int4 c, int dims, int arr, int sign)
{
	struct kl_axis x, y, z;
	kl_axes_i(img, bits, c, dims, arr, &x, &y, &z);
	return kl_sample_u(img, sign, x, y, z);
}

KL_INL half4 kl_to_half4(float4 v)
{
	ushort4 h;
	vstore_half4_rte(v, 0, (__private half *)&h);
	return as_half4(h);
}

/* Coordinates of every width as a 4-vector. */
KL_INL float4 KL_OVL kl_cf(float c) { return (float4)(c, 0.0f, 0.0f, 0.0f); }
KL_INL float4 KL_OVL kl_cf(float2 c) { return (float4)(c, 0.0f, 0.0f); }
KL_INL float4 KL_OVL kl_cf(float4 c) { return c; }
KL_INL int4 KL_OVL kl_ci(int c) { return (int4)(c, 0, 0, 0); }
KL_INL int4 KL_OVL kl_ci(int2 c) { return (int4)(c, 0, 0); }
KL_INL int4 KL_OVL kl_ci(int4 c) { return c; }

#define KL_BITS(s) __kl_sampler_bits(s)

/* Sampled reads: read_only images only (§6.15.15.2). */
#define KL_READ_SAMPLED(IMG, FC, IC, DIMS, ARR)                                \
	float4 KL_OVL read_imagef(read_only IMG i, sampler_t s, FC c)          \
	{ return kl_read_f(__kl_img(i), KL_BITS(s), kl_cf(c), DIMS, ARR); }    \
	float4 KL_OVL read_imagef(read_only IMG i, sampler_t s, IC c)          \
	{ return kl_read_fi(__kl_img(i), KL_BITS(s), kl_ci(c), DIMS, ARR); }   \
	int4 KL_OVL read_imagei(read_only IMG i, sampler_t s, FC c)            \
	{ return as_int4(kl_read_u(__kl_img(i), KL_BITS(s), kl_cf(c), DIMS, ARR, 1)); } \
	int4 KL_OVL read_imagei(read_only IMG i, sampler_t s, IC c)            \
	{ return as_int4(kl_read_ui(__kl_img(i), KL_BITS(s), kl_ci(c), DIMS, ARR, 1)); } \
	uint4 KL_OVL read_imageui(read_only IMG i, sampler_t s, FC c)          \
	{ return kl_read_u(__kl_img(i), KL_BITS(s), kl_cf(c), DIMS, ARR, 0); } \
	uint4 KL_OVL read_imageui(read_only IMG i, sampler_t s, IC c)          \
	{ return kl_read_ui(__kl_img(i), KL_BITS(s), kl_ci(c), DIMS, ARR, 0); } \
	half4 KL_OVL read_imageh(read_only IMG i, sampler_t s, FC c)           \
	{ return kl_to_half4(kl_read_f(__kl_img(i), KL_BITS(s), kl_cf(c), DIMS, ARR)); } \
	half4 KL_OVL read_imageh(read_only IMG i, sampler_t s, IC c)           \
	{ return kl_to_half4(kl_read_fi(__kl_img(i), KL_BITS(s), kl_ci(c), DIMS, ARR)); }

KL_READ_SAMPLED(image1d_t, float, int, 1, 0)
KL_READ_SAMPLED(image1d_array_t, float2, int2, 1, 1)
KL_READ_SAMPLED(image2d_t, float2, int2, 2, 0)
KL_READ_SAMPLED(image2d_array_t, float4, int4, 2, 1)
KL_READ_SAMPLED(image3d_t, float4, int4, 3, 0)

/* Sampler-less reads: read_only and read_write images (§6.15.15.3). */
#define KL_READ_PLAIN_ACC(ACC, IMG, IC, DIMS, ARR)                             \
	float4 KL_OVL read_imagef(ACC IMG i, IC c)                             \
	{ return kl_read_fi(__kl_img(i), KL_PLAIN_BITS, kl_ci(c), DIMS, ARR); } \
	int4 KL_OVL read_imagei(ACC IMG i, IC c)                               \
	{ return as_int4(kl_read_ui(__kl_img(i), KL_PLAIN_BITS, kl_ci(c), DIMS, ARR, 1)); } \
	uint4 KL_OVL read_imageui(ACC IMG i, IC c)                             \
	{ return kl_read_ui(__kl_img(i), KL_PLAIN_BITS, kl_ci(c), DIMS, ARR, 0); } \
	half4 KL_OVL read_imageh(ACC IMG i, IC c)                              \
	{ return kl_to_half4(kl_read_fi(__kl_img(i), KL_PLAIN_BITS, kl_ci(c), DIMS, ARR)); }
#define KL_READ_PLAIN(IMG, IC, DIMS, ARR)                                      \
	KL_READ_PLAIN_ACC(read_only, IMG, IC, DIMS, ARR)                       \
	KL_READ_PLAIN_ACC(read_write, IMG, IC, DIMS, ARR)

KL_READ_PLAIN(image1d_t, int, 1, 0)
KL_READ_PLAIN(image1d_buffer_t, int, 1, 0)
KL_READ_PLAIN(image1d_array_t, int2, 1, 1)
KL_READ_PLAIN(image2d_t, int2, 2, 0)
KL_READ_PLAIN(image2d_array_t, int4, 2, 1)
KL_READ_PLAIN(image3d_t, int4, 3, 0)

/* Depth images (cl_khr_depth_images): one float, CL_DEPTH order. */
float KL_OVL read_imagef(read_only image2d_depth_t i, sampler_t s, float2 c)
{ return kl_read_f(__kl_img(i), KL_BITS(s), kl_cf(c), 2, 0).x; }
float KL_OVL read_imagef(read_only image2d_depth_t i, sampler_t s, int2 c)
{ return kl_read_fi(__kl_img(i), KL_BITS(s), kl_ci(c), 2, 0).x; }
float KL_OVL read_imagef(read_only image2d_array_depth_t i, sampler_t s, float4 c)
{ return kl_read_f(__kl_img(i), KL_BITS(s), c, 2, 1).x; }
float KL_OVL read_imagef(read_only image2d_array_depth_t i, sampler_t s, int4 c)
{ return kl_read_fi(__kl_img(i), KL_BITS(s), c, 2, 1).x; }
#define KL_READ_DEPTH_PLAIN(ACC)                                               \
	float KL_OVL read_imagef(ACC image2d_depth_t i, int2 c)                \
	{ return kl_read_fi(__kl_img(i), KL_PLAIN_BITS, kl_ci(c), 2, 0).x; }   \
	float KL_OVL read_imagef(ACC image2d_array_depth_t i, int4 c)          \
	{ return kl_read_fi(__kl_img(i), KL_PLAIN_BITS, c, 2, 1).x; }
KL_READ_DEPTH_PLAIN(read_only)
KL_READ_DEPTH_PLAIN(read_write)
