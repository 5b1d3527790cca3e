/* Intel's sub-group block reads and writes: cl_intel_subgroups
 * (intel_sub_group_block_read/_write{,2,4,8} of uint, and the _ui aliases
 * cl_intel_subgroups_char/_short/_long add), cl_intel_subgroups_short
 * (_us{,2,4,8}), cl_intel_subgroups_char (_uc{,2,4,8,16}) and
 * cl_intel_subgroups_long (_ul{,2,4,8}), on __global buffers and on 2D
 * images.
 *
 * A block is max = get_max_sub_group_size() elements wide.  Buffers: value
 * k of lane i is p[i + k * max].  Images: value k of lane i is the element
 * at byte (coord.x + i * sizeof(element), coord.y + k), read without
 * format conversion; reads outside the image take the nearest element
 * inside it (in units of the element read, as the extension describes for
 * its bounds checks), writes outside it are dropped.
 *
 * On a CPU a block is just each lane's own loads or stores: no lane needs
 * another's data, so these functions need no meeting.  (The extension
 * makes a block undefined in a partial sub-group; these still read and
 * write each existing lane's elements.) */
#include "subgroups.h"
#include "image_internal.h"

/* ---- buffers ------------------------------------------------------------ */

#define KL_BLOCK_BUFFER(SUFFIX, N, E, R)                                       \
	R KL_OVL intel_sub_group_block_read##SUFFIX(const __global E *p)       \
	{                                                                      \
		uint lane = kl_sg_lane(), max = kl_sg_max_in_dispatch();       \
		R r;                                                           \
		__private E *e = (__private E *)&r;                            \
		for (uint k = 0; k < N; k++)                                   \
			e[k] = p[lane + k * max];                              \
		return r;                                                      \
	}                                                                      \
	void KL_OVL intel_sub_group_block_write##SUFFIX(__global E *p, R data) \
	{                                                                      \
		uint lane = kl_sg_lane(), max = kl_sg_max_in_dispatch();       \
		__private const E *e = (__private const E *)&data;             \
		for (uint k = 0; k < N; k++)                                   \
			p[lane + k * max] = e[k];                              \
	}

/* ---- images -------------------------------------------------------------
 * The element at byte x of row y, x and y kept inside the image. */
KL_INL __global uchar *kl_block_at(kl_image img, long x, long y, long bytes)
{
	long w = (long)img->width * img->pixel_size - bytes;
	x = x < 0 ? 0 : x > w ? (w < 0 ? 0 : w) : x;
	y = y < 0 ? 0 : y >= img->height ? img->height - 1 : y;
	return img->data + (ulong)y * img->row_pitch + (ulong)x;
}

/* The element at byte x of row y, or NULL when it is not all inside. */
KL_INL __global uchar *kl_block_store_at(kl_image img, long x, long y, long bytes)
{
	if (x < 0 || y < 0 || y >= img->height ||
	    x + bytes > (long)img->width * img->pixel_size)
		return 0;
	return img->data + (ulong)y * img->row_pitch + (ulong)x;
}

#define KL_BLOCK_IMAGE_READ(SUFFIX, N, E, R, ACCESS)                           \
	R KL_OVL intel_sub_group_block_read##SUFFIX(ACCESS image2d_t image,    \
						     int2 coord)               \
	{                                                                      \
		kl_image img = __kl_img(image);                                \
		long x = (long)coord.x + (long)kl_sg_lane() * (long)sizeof(E); \
		R r;                                                           \
		__private E *e = (__private E *)&r;                            \
		for (int k = 0; k < N; k++)                                    \
			__builtin_memcpy(&e[k],                                \
					 kl_block_at(img, x, (long)coord.y + k, \
						     sizeof(E)),               \
					 sizeof(E));                           \
		return r;                                                      \
	}

#define KL_BLOCK_IMAGE_WRITE(SUFFIX, N, E, R, ACCESS)                          \
	void KL_OVL intel_sub_group_block_write##SUFFIX(ACCESS image2d_t image, \
							int2 coord, R data)    \
	{                                                                      \
		kl_image img = __kl_img(image);                                \
		long x = (long)coord.x + (long)kl_sg_lane() * (long)sizeof(E); \
		__private const E *e = (__private const E *)&data;             \
		for (int k = 0; k < N; k++) {                                  \
			__global uchar *q = kl_block_store_at(                 \
				img, x, (long)coord.y + k, sizeof(E));         \
			if (q)                                                 \
				__builtin_memcpy(q, &e[k], sizeof(E));         \
		}                                                              \
	}

#define KL_BLOCK(SUFFIX, N, E, R)                                              \
	KL_BLOCK_BUFFER(SUFFIX, N, E, R)                                       \
	KL_BLOCK_IMAGE_READ(SUFFIX, N, E, R, read_only)                        \
	KL_BLOCK_IMAGE_READ(SUFFIX, N, E, R, read_write)                       \
	KL_BLOCK_IMAGE_WRITE(SUFFIX, N, E, R, write_only)                      \
	KL_BLOCK_IMAGE_WRITE(SUFFIX, N, E, R, read_write)

/* cl_intel_subgroups: uint, unsuffixed; and the _ui aliases */
KL_BLOCK(, 1, uint, uint)
KL_BLOCK(2, 2, uint, uint2)
KL_BLOCK(4, 4, uint, uint4)
KL_BLOCK(8, 8, uint, uint8)
KL_BLOCK(_ui, 1, uint, uint)
KL_BLOCK(_ui2, 2, uint, uint2)
KL_BLOCK(_ui4, 4, uint, uint4)
KL_BLOCK(_ui8, 8, uint, uint8)
/* cl_intel_subgroups_short */
KL_BLOCK(_us, 1, ushort, ushort)
KL_BLOCK(_us2, 2, ushort, ushort2)
KL_BLOCK(_us4, 4, ushort, ushort4)
KL_BLOCK(_us8, 8, ushort, ushort8)
/* cl_intel_subgroups_char */
KL_BLOCK(_uc, 1, uchar, uchar)
KL_BLOCK(_uc2, 2, uchar, uchar2)
KL_BLOCK(_uc4, 4, uchar, uchar4)
KL_BLOCK(_uc8, 8, uchar, uchar8)
KL_BLOCK(_uc16, 16, uchar, uchar16)
/* cl_intel_subgroups_long */
KL_BLOCK(_ul, 1, ulong, ulong)
KL_BLOCK(_ul2, 2, ulong, ulong2)
KL_BLOCK(_ul4, 4, ulong, ulong4)
KL_BLOCK(_ul8, 8, ulong, ulong8)
