/* The image format table (OpenCL 3.0 §5.3.1.1 "Image Format Descriptor",
 * §5.3.2.1 "Minimum List of Supported Image Formats").
 *
 * Rows are channel orders, columns channel data types.  For each order the
 * table names the data types the spec allows with it (a pair outside that
 * set is CL_INVALID_IMAGE_FORMAT_DESCRIPTOR) and the subset Kiln supports
 * (a valid pair outside it is CL_IMAGE_FORMAT_NOT_SUPPORTED).  Kiln
 * supports a superset of the 3.0 minimum list: every order with one to
 * four stored channels, CL_sRGBA and CL_sBGRA, CL_DEPTH
 * (cl_khr_depth_images), the packed 5-6-5, 5-5-5 and 10-10-10 formats and
 * half floats.  The orders with a padding channel (CL_Rx, CL_RGx, CL_RGBx,
 * CL_sRGB, CL_sRGBx), CL_UNORM_INT_101010_2 and CL_DEPTH_STENCIL are valid
 * descriptors Kiln does not support. */
#include "image_format.h"

#include <pthread.h>

/* One bit per channel data type, in the order of `type_table`. */
enum {
	T_SNORM8, T_SNORM16, T_UNORM8, T_UNORM16, T_565, T_555, T_101010,
	T_101010_2, T_SINT8, T_SINT16, T_SINT32, T_UINT8, T_UINT16, T_UINT32,
	T_HALF, T_FLOAT, T_UNORM24, T_COUNT
};

static const struct {
	cl_channel_type type;
	uint8_t bytes;  /* per channel, or per pixel when packed */
	bool packed;    /* all channels in one element */
} type_table[T_COUNT] = {
	[T_SNORM8] = { CL_SNORM_INT8, 1, false },
	[T_SNORM16] = { CL_SNORM_INT16, 2, false },
	[T_UNORM8] = { CL_UNORM_INT8, 1, false },
	[T_UNORM16] = { CL_UNORM_INT16, 2, false },
	[T_565] = { CL_UNORM_SHORT_565, 2, true },
	[T_555] = { CL_UNORM_SHORT_555, 2, true },
	[T_101010] = { CL_UNORM_INT_101010, 4, true },
	[T_101010_2] = { CL_UNORM_INT_101010_2, 4, true },
	[T_SINT8] = { CL_SIGNED_INT8, 1, false },
	[T_SINT16] = { CL_SIGNED_INT16, 2, false },
	[T_SINT32] = { CL_SIGNED_INT32, 4, false },
	[T_UINT8] = { CL_UNSIGNED_INT8, 1, false },
	[T_UINT16] = { CL_UNSIGNED_INT16, 2, false },
	[T_UINT32] = { CL_UNSIGNED_INT32, 4, false },
	[T_HALF] = { CL_HALF_FLOAT, 2, false },
	[T_FLOAT] = { CL_FLOAT, 4, false },
	[T_UNORM24] = { CL_UNORM_INT24, 4, true },
};

#define B(t) (1u << (t))
/* The twelve unpacked types every plain order takes. */
#define STD                                                                    \
	(B(T_SNORM8) | B(T_SNORM16) | B(T_UNORM8) | B(T_UNORM16) |            \
	 B(T_SINT8) | B(T_SINT16) | B(T_SINT32) | B(T_UINT8) | B(T_UINT16) |  \
	 B(T_UINT32) | B(T_HALF) | B(T_FLOAT))
/* CL_INTENSITY and CL_LUMINANCE: normalized and floating-point only. */
#define NORM_FLOAT                                                             \
	(B(T_SNORM8) | B(T_SNORM16) | B(T_UNORM8) | B(T_UNORM16) |            \
	 B(T_HALF) | B(T_FLOAT))
/* CL_ARGB, CL_BGRA, CL_ABGR: 8-bit channels only. */
#define BYTE4 (B(T_SNORM8) | B(T_UNORM8) | B(T_SINT8) | B(T_UINT8))
#define PACKED3 (B(T_565) | B(T_555) | B(T_101010))
#define ALL_ACCESS (KILN_FMT_READ | KILN_FMT_WRITE | KILN_FMT_READ_WRITE)

static const struct {
	cl_channel_order order;
	uint8_t channels;
	uint32_t valid;     /* types the spec allows */
	uint32_t supported; /* types Kiln supports */
	uint8_t access;
	bool depth;         /* 2D images and 2D arrays only */
} order_table[] = {
	{ CL_R, 1, STD, STD, ALL_ACCESS, false },
	{ CL_A, 1, STD, STD, ALL_ACCESS, false },
	{ CL_RG, 2, STD, STD, ALL_ACCESS, false },
	{ CL_RA, 2, STD, STD, ALL_ACCESS, false },
	{ CL_RGBA, 4, STD | B(T_101010_2), STD, ALL_ACCESS, false },
	{ CL_INTENSITY, 1, NORM_FLOAT, NORM_FLOAT, ALL_ACCESS, false },
	{ CL_LUMINANCE, 1, NORM_FLOAT, NORM_FLOAT, ALL_ACCESS, false },
	{ CL_BGRA, 4, BYTE4, BYTE4, ALL_ACCESS, false },
	{ CL_ARGB, 4, BYTE4, BYTE4, ALL_ACCESS, false },
	{ CL_ABGR, 4, BYTE4, BYTE4, ALL_ACCESS, false },
	{ CL_RGB, 3, PACKED3, PACKED3, ALL_ACCESS, false },
	/* sRGB writes convert linear to sRGB (cl_khr_srgb_image_writes). */
	{ CL_sRGBA, 4, B(T_UNORM8), B(T_UNORM8), ALL_ACCESS, false },
	{ CL_sBGRA, 4, B(T_UNORM8), B(T_UNORM8), ALL_ACCESS, false },
	{ CL_DEPTH, 1, B(T_UNORM16) | B(T_FLOAT), B(T_UNORM16) | B(T_FLOAT),
	  ALL_ACCESS, true },
	/* Valid descriptors Kiln does not support. */
	{ CL_Rx, 1, STD, 0, 0, false },
	{ CL_RGx, 2, STD, 0, 0, false },
	{ CL_RGBx, 3, PACKED3, 0, 0, false },
	{ CL_sRGB, 3, B(T_UNORM8), 0, 0, false },
	{ CL_sRGBx, 3, B(T_UNORM8), 0, 0, false },
	{ CL_DEPTH_STENCIL, 1, B(T_UNORM24) | B(T_FLOAT), 0, 0, true },
};

#define NUM_ORDERS (sizeof(order_table) / sizeof(order_table[0]))

/* The supported formats, built from the two tables on first use so that
 * kiln_image_format_find can return a stable pointer. */
static struct kiln_image_format_info formats[NUM_ORDERS * T_COUNT];
static unsigned num_formats;
static pthread_once_t formats_once = PTHREAD_ONCE_INIT;

static void build_formats(void)
{
	for (unsigned o = 0; o < NUM_ORDERS; o++) {
		for (unsigned t = 0; t < T_COUNT; t++) {
			if (!(order_table[o].supported & B(t)))
				continue;
			struct kiln_image_format_info *f = &formats[num_formats++];
			f->order = order_table[o].order;
			f->type = type_table[t].type;
			f->num_channels = order_table[o].channels;
			f->pixel_size = type_table[t].packed
						? type_table[t].bytes
						: type_table[t].bytes *
							  order_table[o].channels;
			f->access = order_table[o].access;
			f->depth_only_2d = order_table[o].depth;
		}
	}
}

static int find_order(cl_channel_order order)
{
	for (unsigned o = 0; o < NUM_ORDERS; o++)
		if (order_table[o].order == order)
			return (int)o;
	return -1;
}

static int find_type(cl_channel_type type)
{
	for (unsigned t = 0; t < T_COUNT; t++)
		if (type_table[t].type == type)
			return (int)t;
	return -1;
}

bool kiln_image_format_valid(const cl_image_format *fmt)
{
	int o = find_order(fmt->image_channel_order);
	int t = find_type(fmt->image_channel_data_type);
	return o >= 0 && t >= 0 && (order_table[o].valid & B(t));
}

const struct kiln_image_format_info *
kiln_image_format_find(const cl_image_format *fmt)
{
	pthread_once(&formats_once, build_formats);
	for (unsigned i = 0; i < num_formats; i++)
		if (formats[i].order == fmt->image_channel_order &&
		    formats[i].type == fmt->image_channel_data_type)
			return &formats[i];
	return NULL;
}

bool kiln_image_format_supports(const struct kiln_image_format_info *info,
				cl_mem_object_type image_type,
				cl_mem_flags flags)
{
	if (info->depth_only_2d && image_type != CL_MEM_OBJECT_IMAGE2D &&
	    image_type != CL_MEM_OBJECT_IMAGE2D_ARRAY)
		return false;
	unsigned need;
	if (flags & CL_MEM_KERNEL_READ_AND_WRITE)
		need = KILN_FMT_READ_WRITE;
	else if (flags & CL_MEM_READ_ONLY)
		need = KILN_FMT_READ;
	else if (flags & CL_MEM_WRITE_ONLY)
		need = KILN_FMT_WRITE;
	else /* CL_MEM_READ_WRITE, given or by default: read or write */
		need = KILN_FMT_READ | KILN_FMT_WRITE;
	return (info->access & need) == need;
}

cl_uint kiln_image_format_list(cl_mem_object_type image_type,
			       cl_mem_flags flags, cl_uint max,
			       cl_image_format *out)
{
	pthread_once(&formats_once, build_formats);
	cl_uint n = 0;
	for (unsigned i = 0; i < num_formats; i++) {
		if (!kiln_image_format_supports(&formats[i], image_type, flags))
			continue;
		if (out && n < max) {
			out[n].image_channel_order = formats[i].order;
			out[n].image_channel_data_type = formats[i].type;
		}
		n++;
	}
	return n;
}

/* The linear twin of each sRGB order, and CL_R for CL_DEPTH. */
static cl_channel_order base_order(cl_channel_order o)
{
	switch (o) {
	case CL_sRGBA: return CL_RGBA;
	case CL_sBGRA: return CL_BGRA;
	case CL_sRGB: return CL_RGB;
	case CL_sRGBx: return CL_RGBx;
	case CL_DEPTH: return CL_R;
	default: return o;
	}
}

bool kiln_image_orders_compatible(cl_channel_order a, cl_channel_order b)
{
	return base_order(a) == base_order(b);
}
