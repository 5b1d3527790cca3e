/* write_imagef, write_imagei, write_imageui, write_imageh (OpenCL C 3.0
 * §6.15.15.4), 3D writes included (cl_khr_3d_image_writes), with the
 * conversions of the API spec's §8.3.2 (round to nearest even, saturate).
 * A coordinate outside the image is undefined behaviour for the kernel;
 * here the write is dropped, so it can never touch other memory. */
#include "image_internal.h"

/* Checked mode's report of a write outside the image (KILN_CHECK=bounds):
 * the compiler turns this call into the runtime's report, or deletes it
 * when the program is not checked (kiln_finalize, check_bounds.cpp). */
void __kiln_check_image_write(kl_image img, int x, int y, int z);

/* The texel (x, y, z) of a write, or NULL when it is outside. */
KL_INL __global uchar *kl_write_ptr(kl_image img, int4 c, int dims, int arr, int psize)
{
	int x = c.x;
	int y = dims >= 2 ? c.y : 0;
	int z = dims >= 3 ? c.z : arr ? c[dims] : 0;
	int nz = arr ? img->array_size : img->depth;
	if ((uint)x >= (uint)img->width || (uint)y >= (uint)img->height ||
	    (uint)z >= (uint)nz) {
		__kiln_check_image_write(img, x, y, z);
		return 0;
	}
	return kl_texel_ptr(img, x, y, z, psize);
}

/* Generic path: (r, g, b, a) already converted to channel values. */
KL_INL void kl_store_rgba(kl_image img, __global uchar *p, uint4 v)
{
	__constant struct kl_order *o = kl_order_of(img);
	kl_store_raw(p, img->channel_data_type, o->nchan, kl_to_memory_order(o, v));
}

/* write_imagef's generic path, a call for the reason kl_outline_texel_f
 * is (image_read.cl). */
__attribute__((noinline)) void kl_outline_store_f(kl_image img, __global uchar *p, float4 v)
{
	if (kl_order_of(img)->srgb)
		v = kl_linear_to_srgb(v);
	kl_store_rgba(img, p, kl_float_to_raw(v, img->channel_data_type));
}

KL_INL void kl_write_f(kl_image img, int4 c, float4 v, int dims, int arr)
{
	int t = img->channel_data_type, o = img->channel_order;
	if (t == CLK_UNORM_INT8 && (o == CLK_RGBA || o == CLK_BGRA)) {
		/* one 32-bit word, as kl_unorm8x4 reads it (image_read.cl) */
		__global uchar *p = kl_write_ptr(img, c, dims, arr, 4);
		uint4 q = kl_float_to_unorm(o == CLK_RGBA ? v : v.zyxw, 255.0f);
		if (p)
			*(__global uint *)p = q.x | q.y << 8 | q.z << 16 | q.w << 24;
		return;
	}
	if (t == CLK_FLOAT && o == CLK_RGBA) {
		__global uchar *p = kl_write_ptr(img, c, dims, arr, 16);
		if (p)
			vstore4(v, 0, (__global float *)p);
		return;
	}
	if (t == CLK_UNORM_INT8 && o == CLK_R) {
		__global uchar *p = kl_write_ptr(img, c, dims, arr, 1);
		if (p)
			*p = convert_uchar(kl_float_to_unorm(v, 255.0f).x);
		return;
	}
	if (t == CLK_UNORM_INT8 && o == CLK_RG) {
		__global uchar *p = kl_write_ptr(img, c, dims, arr, 2);
		if (p)
			*(__global uchar2 *)p = convert_uchar2(kl_float_to_unorm(v, 255.0f).xy);
		return;
	}
	__global uchar *p = kl_write_ptr(img, c, dims, arr, img->pixel_size);
	if (p)
		kl_outline_store_f(img, p, v);
}

KL_INL void kl_write_i(kl_image img, int4 c, int4 v, int dims, int arr)
{
	__global uchar *p = kl_write_ptr(img, c, dims, arr, img->pixel_size);
	if (p)
		kl_store_rgba(img, p, kl_int_to_raw(v, img->channel_data_type));
}

KL_INL void kl_write_u(kl_image img, int4 c, uint4 v, int dims, int arr)
{
	__global uchar *p = kl_write_ptr(img, c, dims, arr, img->pixel_size);
	if (p)
		kl_store_rgba(img, p, kl_uint_to_raw(v, img->channel_data_type));
}

KL_INL float4 kl_from_half4(half4 h)
{
	return vload_half4(0, (const __private half *)&h);
}

KL_INL int4 KL_OVL kl_wc(int c) { return (int4)(c, 0, 0, 0); }
KL_INL int4 KL_OVL kl_wc(int2 c) { return (int4)(c, 0, 0); }
KL_INL int4 KL_OVL kl_wc(int4 c) { return c; }

#define KL_WRITE_ACC(ACC, IMG, IC, DIMS, ARR)                                  \
	void KL_OVL write_imagef(ACC IMG i, IC c, float4 v)                    \
	{ kl_write_f(__kl_img(i), kl_wc(c), v, DIMS, ARR); }                   \
	void KL_OVL write_imagei(ACC IMG i, IC c, int4 v)                      \
	{ kl_write_i(__kl_img(i), kl_wc(c), v, DIMS, ARR); }                   \
	void KL_OVL write_imageui(ACC IMG i, IC c, uint4 v)                    \
	{ kl_write_u(__kl_img(i), kl_wc(c), v, DIMS, ARR); }                   \
	void KL_OVL write_imageh(ACC IMG i, IC c, half4 v)                     \
	{ kl_write_f(__kl_img(i), kl_wc(c), kl_from_half4(v), DIMS, ARR); }
#define KL_WRITE(IMG, IC, DIMS, ARR)                                           \
	KL_WRITE_ACC(write_only, IMG, IC, DIMS, ARR)                           \
	KL_WRITE_ACC(read_write, IMG, IC, DIMS, ARR)

KL_WRITE(image1d_t, int, 1, 0)
KL_WRITE(image1d_buffer_t, int, 1, 0)
KL_WRITE(image1d_array_t, int2, 1, 1)
KL_WRITE(image2d_t, int2, 2, 0)
KL_WRITE(image2d_array_t, int4, 2, 1)
KL_WRITE(image3d_t, int4, 3, 0)

#define KL_WRITE_DEPTH(ACC)                                                    \
	void KL_OVL write_imagef(ACC image2d_depth_t i, int2 c, float d)       \
	{ kl_write_f(__kl_img(i), kl_wc(c), (float4)(d, 0.0f, 0.0f, 0.0f), 2, 0); } \
	void KL_OVL write_imagef(ACC image2d_array_depth_t i, int4 c, float d) \
	{ kl_write_f(__kl_img(i), c, (float4)(d, 0.0f, 0.0f, 0.0f), 2, 1); }
KL_WRITE_DEPTH(write_only)
KL_WRITE_DEPTH(read_write)
