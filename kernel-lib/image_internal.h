/* Shared machinery of the image built-ins (OpenCL C 3.0 §6.15.15; the API
 * spec's §8.2 "Image Addressing and Filtering" and §8.3 "Conversion
 * Rules"): how a kernel reaches an image's description (image_abi.h), the
 * tables of channel orders and data types, texel loads and stores with
 * their conversions, and the addressing modes.
 *
 * Every function here is always_inline: the sampler bits are usually a
 * constant (literal samplers), so after inlining only the code of one
 * addressing and filter mode is left; the format is known only at run
 * time, so the common formats get fast paths chosen by one test per call. */
#ifndef KILN_KL_IMAGE_INTERNAL_H
#define KILN_KL_IMAGE_INTERNAL_H

#include "kl_gentype.h"
#include "../lib/core/image_abi.h"

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

typedef __global struct kiln_image_abi *kl_image;

/* CL_UNORM_INT_101010_2 (OpenCL 2.1) has no CLK_ name in Clang 15. */
#define KL_UNORM_INT_101010_2 0x10E0

/* image_shim.ll: an image handle is the address of its kiln_image_abi, a
 * sampler is its bit field; OpenCL C cannot cast either, LLVM IR can. */
#define KL_IMG_DECL(T)                                                         \
	kl_image KL_OVL __kl_img(read_only T);                                 \
	kl_image KL_OVL __kl_img(write_only T);                                \
	kl_image KL_OVL __kl_img(read_write T);
KL_IMG_DECL(image1d_t)
KL_IMG_DECL(image1d_buffer_t)
KL_IMG_DECL(image1d_array_t)
KL_IMG_DECL(image2d_t)
KL_IMG_DECL(image2d_array_t)
KL_IMG_DECL(image3d_t)
KL_IMG_DECL(image2d_depth_t)
KL_IMG_DECL(image2d_array_depth_t)
#undef KL_IMG_DECL
int __kl_sampler_bits(sampler_t s);

/* ---- channel orders (§8.3, "Image channel order and values returned")
 * Which memory channel feeds r, g, b, a: 0-3, or 4 for 0, 5 for 1. */
#define KL_Z 4
#define KL_O 5
struct kl_order {
	uchar src[4];   /* r, g, b, a from memory channel or constant */
	uchar nchan;    /* channels in memory (packed formats: see dtype) */
	uchar srgb;     /* r, g, b are sRGB encoded */
};

/* Indexed by order - CLK_R (0x10B0 ... 0x10C3). */
static __constant struct kl_order kl_orders[20] = {
	{{0, KL_Z, KL_Z, KL_O}, 1, 0}, /* R */
	{{KL_Z, KL_Z, KL_Z, 0}, 1, 0}, /* A */
	{{0, 1, KL_Z, KL_O}, 2, 0},    /* RG */
	{{0, KL_Z, KL_Z, 1}, 2, 0},    /* RA */
	{{0, 1, 2, KL_O}, 3, 0},       /* RGB */
	{{0, 1, 2, 3}, 4, 0},          /* RGBA */
	{{2, 1, 0, 3}, 4, 0},          /* BGRA */
	{{1, 2, 3, 0}, 4, 0},          /* ARGB */
	{{0, 0, 0, 0}, 1, 0},          /* INTENSITY */
	{{0, 0, 0, KL_O}, 1, 0},       /* LUMINANCE */
	{{0, KL_Z, KL_Z, KL_O}, 2, 0}, /* Rx */
	{{0, 1, KL_Z, KL_O}, 3, 0},    /* RGx */
	{{0, 1, 2, KL_O}, 4, 0},       /* RGBx */
	{{0, KL_Z, KL_Z, KL_O}, 1, 0}, /* DEPTH */
	{{0, KL_Z, KL_Z, KL_O}, 1, 0}, /* DEPTH_STENCIL (not offered) */
	{{0, 1, 2, KL_O}, 3, 1},       /* sRGB */
	{{0, 1, 2, KL_O}, 4, 1},       /* sRGBx */
	{{0, 1, 2, 3}, 4, 1},          /* sRGBA */
	{{2, 1, 0, 3}, 4, 1},          /* sBGRA */
	{{3, 2, 1, 0}, 4, 0},          /* ABGR */
};

KL_INL __constant struct kl_order *kl_order_of(kl_image img)
{
	uint i = (uint)(img->channel_order - CLK_R);
	return &kl_orders[i < 20u ? i : 5u];
}

/* Bytes of one channel; 0 for the packed types (one 16- or 32-bit word). */
KL_INL int kl_channel_bytes(int t)
{
	switch (t) {
	case CLK_SNORM_INT8: case CLK_UNORM_INT8:
	case CLK_SIGNED_INT8: case CLK_UNSIGNED_INT8:
		return 1;
	case CLK_SNORM_INT16: case CLK_UNORM_INT16: case CLK_SIGNED_INT16:
	case CLK_UNSIGNED_INT16: case CLK_HALF_FLOAT:
		return 2;
	case CLK_UNORM_SHORT_565: case CLK_UNORM_SHORT_555:
	case CLK_UNORM_INT_101010: case KL_UNORM_INT_101010_2:
		return 0;
	default:
		return 4;
	}
}

/* ---- raw texels: the memory channels as 32-bit words, in memory order */

KL_INL uint4 kl_unpack(uint w, int t)
{
	switch (t) {
	case CLK_UNORM_SHORT_565:
		return (uint4)((w >> 11) & 31u, (w >> 5) & 63u, w & 31u, 0u);
	case CLK_UNORM_SHORT_555:
		return (uint4)((w >> 10) & 31u, (w >> 5) & 31u, w & 31u, 0u);
	case CLK_UNORM_INT_101010:
		return (uint4)((w >> 20) & 1023u, (w >> 10) & 1023u, w & 1023u, 0u);
	default: /* 101010_2: alpha in bits 31:30 */
		return (uint4)((w >> 20) & 1023u, (w >> 10) & 1023u, w & 1023u, w >> 30);
	}
}

KL_INL uint4 kl_load_raw(__global const uchar *p, int t, int n)
{
	uint c[4] = {0u, 0u, 0u, 0u};
	switch (kl_channel_bytes(t)) {
	case 1:
		for (int i = 0; i < 4; i++)
			if (i < n)
				c[i] = p[i];
		break;
	case 2:
		for (int i = 0; i < 4; i++)
			if (i < n)
				c[i] = ((__global const ushort *)p)[i];
		break;
	case 4:
		for (int i = 0; i < 4; i++)
			if (i < n)
				c[i] = ((__global const uint *)p)[i];
		break;
	default:
		if (t == CLK_UNORM_SHORT_565 || t == CLK_UNORM_SHORT_555)
			return kl_unpack(*(__global const ushort *)p, t);
		return kl_unpack(*(__global const uint *)p, t);
	}
	return (uint4)(c[0], c[1], c[2], c[3]);
}

KL_INL void kl_store_raw(__global uchar *p, int t, int n, uint4 v)
{
	uint c[4] = {v.x, v.y, v.z, v.w};
	switch (kl_channel_bytes(t)) {
	case 1:
		for (int i = 0; i < 4; i++)
			if (i < n)
				p[i] = (uchar)c[i];
		break;
	case 2:
		for (int i = 0; i < 4; i++)
			if (i < n)
				((__global ushort *)p)[i] = (ushort)c[i];
		break;
	case 4:
		for (int i = 0; i < 4; i++)
			if (i < n)
				((__global uint *)p)[i] = c[i];
		break;
	default:
		switch (t) {
		case CLK_UNORM_SHORT_565:
			*(__global ushort *)p = (ushort)((c[0] << 11) | (c[1] << 5) | c[2]);
			break;
		case CLK_UNORM_SHORT_555:
			*(__global ushort *)p = (ushort)((c[0] << 10) | (c[1] << 5) | c[2]);
			break;
		case CLK_UNORM_INT_101010:
			*(__global uint *)p = (c[0] << 20) | (c[1] << 10) | c[2];
			break;
		default:
			*(__global uint *)p = (c[3] << 30) | (c[0] << 20) | (c[1] << 10) | c[2];
			break;
		}
	}
}

/* ---- conversions (§8.3.1: normalized integers to float; the products
 * with 1/255 etc. are within the 1.5 ulp allowed and exact at 0 and the
 * maximum) */

KL_INL float4 kl_raw_to_float(uint4 r, int t)
{
	switch (t) {
	case CLK_UNORM_INT8:
		return convert_float4(r) * (1.0f / 255.0f);
	case CLK_UNORM_INT16:
		return convert_float4(r) * (1.0f / 65535.0f);
	case CLK_SNORM_INT8:
		return fmax(convert_float4(convert_int4(convert_char4(r))) * (1.0f / 127.0f), -1.0f);
	case CLK_SNORM_INT16:
		return fmax(convert_float4(convert_int4(convert_short4(r))) * (1.0f / 32767.0f), -1.0f);
	case CLK_UNORM_SHORT_565:
		return convert_float4(r) * (float4)(1.0f / 31.0f, 1.0f / 63.0f, 1.0f / 31.0f, 0.0f);
	case CLK_UNORM_SHORT_555:
		return convert_float4(r) * (1.0f / 31.0f);
	case CLK_UNORM_INT_101010:
	case KL_UNORM_INT_101010_2:
		return convert_float4(r) * (float4)(1.0f / 1023.0f, 1.0f / 1023.0f,
						    1.0f / 1023.0f, 1.0f / 3.0f);
	case CLK_HALF_FLOAT: {
		ushort4 h = convert_ushort4(r);
		return vload_half4(0, (const __private half *)&h);
	}
	case CLK_FLOAT:
		return as_float4(r);
	case CLK_SIGNED_INT8:
		return convert_float4(convert_char4(r));
	case CLK_SIGNED_INT16:
		return convert_float4(convert_short4(r));
	case CLK_SIGNED_INT32:
		return convert_float4(as_int4(r));
	default: /* unsigned integers: read_imagef of them is undefined */
		return convert_float4(r);
	}
}

/* read_imagei/ui: signed types sign-extend, the rest are taken as they are
 * (the spec leaves the mismatched pairs undefined). */
KL_INL int4 kl_raw_to_int(uint4 r, int t)
{
	switch (t) {
	case CLK_SIGNED_INT8:
		return convert_int4(convert_char4(r));
	case CLK_SIGNED_INT16:
		return convert_int4(convert_short4(r));
	default:
		return as_int4(r);
	}
}

/* §8.3.1.2: float to normalized integer is convert_<T>_sat_rte(f * max);
 * fmin/fmax turn NaN into 0 before the conversion. */
KL_INL uint4 kl_float_to_unorm(float4 f, float4 m)
{
	return convert_uint4(rint(fmin(fmax(f * m, 0.0f), m)));
}

KL_INL uint4 kl_float_to_snorm(float4 f, float m)
{
	float4 x = f * m;
	x = select((float4)0.0f, x, x == x); /* NaN to 0 */
	return as_uint4(convert_int4(rint(fmin(fmax(x, -m - 1.0f), m))));
}

KL_INL uint4 kl_float_to_raw(float4 f, int t)
{
	switch (t) {
	case CLK_UNORM_INT8:
		return kl_float_to_unorm(f, 255.0f);
	case CLK_UNORM_INT16:
		return kl_float_to_unorm(f, 65535.0f);
	case CLK_SNORM_INT8:
		return kl_float_to_snorm(f, 127.0f);
	case CLK_SNORM_INT16:
		return kl_float_to_snorm(f, 32767.0f);
	case CLK_UNORM_SHORT_565:
		return kl_float_to_unorm(f, (float4)(31.0f, 63.0f, 31.0f, 0.0f));
	case CLK_UNORM_SHORT_555:
		return kl_float_to_unorm(f, 31.0f);
	case CLK_UNORM_INT_101010:
	case KL_UNORM_INT_101010_2:
		return kl_float_to_unorm(f, (float4)(1023.0f, 1023.0f, 1023.0f, 3.0f));
	case CLK_HALF_FLOAT: {
		ushort4 h;
		vstore_half4_rte(f, 0, (__private half *)&h);
		return convert_uint4(h);
	}
	case CLK_FLOAT:
		return as_uint4(f);
	default: /* write_imagef to an integer image is undefined */
		return as_uint4(convert_int4_sat_rte(f));
	}
}

/* write_imagei / write_imageui: saturate to the channel type (§8.3.2). */
KL_INL uint4 kl_int_to_raw(int4 v, int t)
{
	switch (t) {
	case CLK_SIGNED_INT8:
		return as_uint4(clamp(v, -128, 127));
	case CLK_SIGNED_INT16:
		return as_uint4(clamp(v, -32768, 32767));
	default:
		return as_uint4(v);
	}
}

KL_INL uint4 kl_uint_to_raw(uint4 v, int t)
{
	switch (t) {
	case CLK_UNSIGNED_INT8:
		return min(v, 255u);
	case CLK_UNSIGNED_INT16:
		return min(v, 65535u);
	default:
		return v;
	}
}

/* ---- sRGB (§8.3.1.3, §8.3.2.3); sRGB orders exist only with
 * CL_UNORM_INT8 (§5.3.1.1), so decoding is a lookup: entry i is
 * ((i/255 + 0.055) / 1.055)^2.4, or (i/255) / 12.92 up to 0.04045,
 * evaluated in double and rounded to float. */
static __constant float kl_srgb_decode[256] = {
	0.0f, 0.000303526991f, 0.000607053982f, 0.000910580973f,
	0.00121410796f, 0.00151763496f, 0.00182116195f, 0.00212468882f,
	0.00242821593f, 0.0027317428f, 0.00303526991f, 0.00334653584f,
	0.00367650739f, 0.00402471703f, 0.00439144205f, 0.00477695325f,
	0.00518151652f, 0.00560539169f, 0.00604883302f, 0.00651209056f,
	0.00699541019f, 0.00749903219f, 0.00802319311f, 0.00856812578f,
	0.00913405884f, 0.00972121768f, 0.010329823f, 0.0109600937f,
	0.0116122449f, 0.012286488f, 0.0129830325f, 0.0137020834f,
	0.0144438436f, 0.0152085144f, 0.0159962941f, 0.0168073755f,
	0.0176419541f, 0.01850022f, 0.0193823613f, 0.0202885624f,
	0.0212190095f, 0.0221738853f, 0.0231533665f, 0.0241576321f,
	0.0251868591f, 0.0262412224f, 0.0273208916f, 0.02842604f,
	0.0295568351f, 0.0307134446f, 0.0318960324f, 0.0331047662f,
	0.0343398079f, 0.0356013142f, 0.0368894488f, 0.0382043719f,
	0.0395462364f, 0.0409151986f, 0.0423114114f, 0.043735031f,
	0.045186203f, 0.0466650873f, 0.0481718257f, 0.0497065671f,
	0.0512694567f, 0.0528606474f, 0.054480277f, 0.0561284907f,
	0.0578054301f, 0.0595112368f, 0.0612460524f, 0.0630100146f,
	0.064803265f, 0.0666259378f, 0.0684781671f, 0.0703600943f,
	0.0722718537f, 0.0742135718f, 0.0761853829f, 0.078187421f,
	0.0802198201f, 0.0822827071f, 0.0843762085f, 0.0865004584f,
	0.0886555836f, 0.0908417106f, 0.0930589661f, 0.0953074694f,
	0.097587347f, 0.0998987257f, 0.102241732f, 0.104616486f,
	0.107023105f, 0.10946171f, 0.111932427f, 0.114435375f,
	0.116970666f, 0.119538426f, 0.122138776f, 0.124771819f,
	0.127437681f, 0.130136475f, 0.13286832f, 0.135633335f,
	0.138431609f, 0.141263291f, 0.144128472f, 0.147027269f,
	0.149959788f, 0.152926147f, 0.155926466f, 0.158960834f,
	0.162029371f, 0.165132195f, 0.168269396f, 0.171441108f,
	0.174647406f, 0.177888423f, 0.18116425f, 0.18447499f,
	0.187820777f, 0.191201687f, 0.194617838f, 0.198069319f,
	0.20155625f, 0.205078736f, 0.208636865f, 0.212230757f,
	0.215860501f, 0.219526201f, 0.223227963f, 0.226965874f,
	0.230740055f, 0.23455058f, 0.238397568f, 0.242281124f,
	0.246201321f, 0.25015828f, 0.254152089f, 0.258182853f,
	0.262250662f, 0.266355604f, 0.270497799f, 0.274677306f,
	0.278894275f, 0.283148736f, 0.287440836f, 0.291770637f,
	0.296138257f, 0.300543785f, 0.304987311f, 0.309468925f,
	0.313988715f, 0.318546772f, 0.323143214f, 0.327778101f,
	0.332451522f, 0.337163627f, 0.341914415f, 0.346704066f,
	0.351532608f, 0.356400132f, 0.361306787f, 0.366252601f,
	0.371237695f, 0.376262128f, 0.38132602f, 0.386429429f,
	0.391572475f, 0.396755219f, 0.401977777f, 0.407240212f,
	0.412542611f, 0.417885065f, 0.423267663f, 0.428690493f,
	0.434153646f, 0.439657182f, 0.445201188f, 0.450785786f,
	0.456411034f, 0.462076992f, 0.467783809f, 0.473531485f,
	0.479320168f, 0.48514995f, 0.491020858f, 0.496932983f,
	0.502886474f, 0.50888133f, 0.514917672f, 0.520995557f,
	0.527115107f, 0.533276379f, 0.539479494f, 0.545724452f,
	0.55201143f, 0.558340371f, 0.564711511f, 0.571124852f,
	0.577580452f, 0.584078431f, 0.590618849f, 0.597201765f,
	0.603827357f, 0.610495567f, 0.617206573f, 0.623960376f,
	0.630757153f, 0.637596846f, 0.644479692f, 0.651405632f,
	0.658374846f, 0.665387273f, 0.672443151f, 0.679542482f,
	0.686685324f, 0.693871737f, 0.701101899f, 0.708375752f,
	0.715693474f, 0.723055124f, 0.730460763f, 0.73791039f,
	0.745404184f, 0.752942204f, 0.760524511f, 0.768151164f,
	0.775822222f, 0.783537805f, 0.791297913f, 0.799102724f,
	0.806952238f, 0.814846575f, 0.822785735f, 0.830769897f,
	0.838799f, 0.846873224f, 0.854992628f, 0.863157213f,
	0.871367097f, 0.8796224f, 0.887923121f, 0.896269381f,
	0.904661179f, 0.913098633f, 0.921581864f, 0.930110872f,
	0.938685715f, 0.947306514f, 0.955973327f, 0.964686275f,
	0.973445296f, 0.982250571f, 0.991102099f, 1.0f,
};

/* r, g, b of v encoded; a loop, so that powr is inlined once. */
KL_INL float4 kl_linear_to_srgb(float4 v)
{
	float c[4] = {v.x, v.y, v.z, v.w};
	for (int i = 0; i < 3; i++) {
		float x = fmin(fmax(c[i], 0.0f), 1.0f); /* NaN to 0 as well */
		c[i] = x <= 0.0031308f ? 12.92f * x : 1.055f * powr(x, 1.0f / 2.4f) - 0.055f;
	}
	return (float4)(c[0], c[1], c[2], c[3]);
}

/* ---- channel order: memory order <-> (r, g, b, a) */

KL_INL float kl_pickf(float4 c, uint k)
{
	return k == 0 ? c.x : k == 1 ? c.y : k == 2 ? c.z : k == 3 ? c.w
	     : k == KL_Z ? 0.0f : 1.0f;
}

KL_INL uint kl_picku(uint4 c, uint k)
{
	return k == 0 ? c.x : k == 1 ? c.y : k == 2 ? c.z : k == 3 ? c.w
	     : k == KL_Z ? 0u : 1u;
}

/* The texel at p of a generic image, as read_imagef returns it. */
KL_INL float4 kl_texel_generic_f(kl_image img, __global const uchar *p)
{
	__constant struct kl_order *o = kl_order_of(img);
	int t = img->channel_data_type;
	uint4 raw = kl_load_raw(p, t, o->nchan);
	float4 c = kl_raw_to_float(raw, t);
	/* In every sRGB order memory channels 0-2 are colour, 3 alpha. */
	if (o->srgb)
		c.xyz = (float3)(kl_srgb_decode[raw.x & 255u], kl_srgb_decode[raw.y & 255u],
				 kl_srgb_decode[raw.z & 255u]);
	return (float4)(kl_pickf(c, o->src[0]), kl_pickf(c, o->src[1]),
			kl_pickf(c, o->src[2]), kl_pickf(c, o->src[3]));
}

KL_INL uint4 kl_texel_generic_u(kl_image img, __global const uchar *p, int sign)
{
	__constant struct kl_order *o = kl_order_of(img);
	int t = img->channel_data_type;
	uint4 c = kl_load_raw(p, t, o->nchan);
	if (sign)
		c = as_uint4(kl_raw_to_int(c, t));
	return (uint4)(kl_picku(c, o->src[0]), kl_picku(c, o->src[1]),
		       kl_picku(c, o->src[2]), kl_picku(c, o->src[3]));
}

/* Memory channel i takes which of r, g, b, a: the inverse of src. */
KL_INL uint kl_dst_component(__constant struct kl_order *o, int i)
{
	for (uint k = 0; k < 4; k++)
		if (o->src[k] == (uchar)i)
			return k;
	return 0;
}

KL_INL uint4 kl_to_memory_order(__constant struct kl_order *o, uint4 v)
{
	uint4 m;
	m.x = kl_picku(v, kl_dst_component(o, 0));
	m.y = kl_picku(v, kl_dst_component(o, 1));
	m.z = kl_picku(v, kl_dst_component(o, 2));
	m.w = kl_picku(v, kl_dst_component(o, 3));
	return m;
}

/* ---- addressing (§8.2) ---- */

/* Where texel (x, y, z) lives; z is the slice or the array layer. */
KL_INL __global uchar *kl_texel_ptr(kl_image img, int x, int y, int z, int psize)
{
	return img->data + (size_t)z * img->slice_pitch + (size_t)y * img->row_pitch +
	       (size_t)x * (size_t)psize;
}

/* The two texels and the weight of one axis.  i0, i1 are always inside
 * [0, n-1], so a load never leaves the image; out0/out1 say that the spec's
 * index lay outside (CLK_ADDRESS_CLAMP: the border colour is used). */
struct kl_axis {
	int i0, i1;
	int out0, out1;
	float a;
};

#define KL_ADDR(bits) ((bits) & KILN_SAMPLER_ADDRESS_MASK)

/* Nearest filtering along one axis: coordinate c (normalized or not). */
KL_INL struct kl_axis kl_axis_nearest(float c, int n, int bits)
{
	struct kl_axis r;
	float fn = (float)n;
	int norm = bits & KILN_SAMPLER_NORMALIZED;
	float u;
	int i;
	r.a = 0.0f;
	r.out0 = r.out1 = 0;
	switch (KL_ADDR(bits)) {
	case CLK_ADDRESS_REPEAT: {
		float s = norm ? c : c / fn;
		u = fmin(fmax((s - floor(s)) * fn, 0.0f), fn);
		i = (int)floor(u);
		i = i > n - 1 ? i - n : i;
		break;
	}
	case CLK_ADDRESS_MIRRORED_REPEAT: {
		float s = norm ? c : c / fn;
		float m = fabs(s - 2.0f * rint(0.5f * s));
		u = fmin(fmax(m * fn, 0.0f), fn);
		i = (int)floor(u);
		break;
	}
	case CLK_ADDRESS_CLAMP:
		u = norm ? c * fn : c;
		i = (int)fmin(fmax(floor(u), -1.0f), fn);
		r.out0 = i < 0 || i >= n;
		break;
	default: /* CLAMP_TO_EDGE; NONE promises in-range coordinates */
		u = norm ? c * fn : c;
		i = (int)fmin(fmax(floor(u), 0.0f), fn - 1.0f);
		break;
	}
	r.i0 = r.i1 = clamp(i, 0, n - 1);
	return r;
}

KL_INL struct kl_axis kl_axis_linear(float c, int n, int bits)
{
	struct kl_axis r;
	float fn = (float)n;
	int norm = bits & KILN_SAMPLER_NORMALIZED;
	float u, f;
	int i0, i1;
	r.out0 = r.out1 = 0;
	switch (KL_ADDR(bits)) {
	case CLK_ADDRESS_REPEAT: {
		float s = norm ? c : c / fn;
		u = fmin(fmax((s - floor(s)) * fn, 0.0f), fn);
		f = floor(u - 0.5f);
		i0 = (int)f;
		i1 = i0 + 1;
		i0 = i0 < 0 ? i0 + n : i0;
		i1 = i1 > n - 1 ? i1 - n : i1;
		break;
	}
	case CLK_ADDRESS_MIRRORED_REPEAT: {
		float s = norm ? c : c / fn;
		float m = fabs(s - 2.0f * rint(0.5f * s));
		u = fmin(fmax(m * fn, 0.0f), fn);
		f = floor(u - 0.5f);
		i0 = max((int)f, 0);
		i1 = min((int)f + 1, n - 1);
		break;
	}
	case CLK_ADDRESS_CLAMP:
		u = norm ? c * fn : c;
		f = floor(u - 0.5f);
		/* beyond [-1, n] every index is the border anyway */
		i0 = (int)fmin(fmax(f, -1.0f), fn);
		i1 = (int)fmin(fmax(f + 1.0f, -1.0f), fn);
		r.out0 = i0 < 0 || i0 >= n;
		r.out1 = i1 < 0 || i1 >= n;
		break;
	default: /* CLAMP_TO_EDGE, NONE */
		u = norm ? c * fn : c;
		f = floor(u - 0.5f);
		i0 = (int)fmin(fmax(f, 0.0f), fn - 1.0f);
		i1 = (int)fmin(fmax(f + 1.0f, 0.0f), fn - 1.0f);
		break;
	}
	r.a = (u - 0.5f) - f;
	/* NaN coordinates leave the weight NaN: any value is allowed then,
	 * but the indices must stay inside the image. */
	r.i0 = clamp(i0, 0, n - 1);
	r.i1 = clamp(i1, 0, n - 1);
	return r;
}

/* Integer coordinates (nearest, unnormalized: §6.15.15.2). */
KL_INL struct kl_axis kl_axis_int(int c, int n, int bits)
{
	struct kl_axis r;
	r.a = 0.0f;
	r.out0 = r.out1 = KL_ADDR(bits) == CLK_ADDRESS_CLAMP && (c < 0 || c >= n);
	r.i0 = r.i1 = clamp(c, 0, n - 1);
	return r;
}

/* The array layer of a float coordinate: clamp(rint(c), 0, n - 1). */
KL_INL int kl_layer_f(float c, int n)
{
	return (int)fmin(fmax(rint(c), 0.0f), (float)(n - 1));
}

/* Border colour (§8.2, CLK_ADDRESS_CLAMP): alpha 1 when the order has no
 * alpha channel. */
KL_INL int kl_border_alpha(kl_image img)
{
	switch (img->channel_order) {
	case CLK_R: case CLK_RG: case CLK_RGB: case CLK_LUMINANCE:
	case CLK_DEPTH: case CLK_sRGB:
		return 1;
	default:
		return 0;
	}
}

#endif
