/* Image queries (OpenCL C 3.0 §6.15.15.5): sizes, layers, and the format
 * as CLK_* values, which are the numbers of cl.h's CL_* constants, so the
 * stored values are returned as they are. */
#include "image_internal.h"

#define KL_Q_ALL(ACC, IMG)                                                     \
	int KL_OVL get_image_width(ACC IMG i) { return __kl_img(i)->width; }   \
	int KL_OVL get_image_channel_data_type(ACC IMG i)                      \
	{ return __kl_img(i)->channel_data_type; }                             \
	int KL_OVL get_image_channel_order(ACC IMG i)                          \
	{ return __kl_img(i)->channel_order; }
#define KL_Q_2D(ACC, IMG)                                                      \
	int KL_OVL get_image_height(ACC IMG i) { return __kl_img(i)->height; } \
	int2 KL_OVL get_image_dim(ACC IMG i)                                   \
	{ return (int2)(__kl_img(i)->width, __kl_img(i)->height); }
#define KL_Q_ARRAY(ACC, IMG)                                                   \
	size_t KL_OVL get_image_array_size(ACC IMG i)                          \
	{ return (size_t)__kl_img(i)->array_size; }
#define KL_Q_3D(ACC)                                                           \
	int KL_OVL get_image_height(ACC image3d_t i) { return __kl_img(i)->height; } \
	int KL_OVL get_image_depth(ACC image3d_t i) { return __kl_img(i)->depth; } \
	int4 KL_OVL get_image_dim(ACC image3d_t i)                             \
	{                                                                      \
		kl_image m = __kl_img(i);                                      \
		return (int4)(m->width, m->height, m->depth, 0);               \
	}

#define KL_QUERIES(ACC)                                                        \
	KL_Q_ALL(ACC, image1d_t)                                               \
	KL_Q_ALL(ACC, image1d_buffer_t)                                        \
	KL_Q_ALL(ACC, image1d_array_t) KL_Q_ARRAY(ACC, image1d_array_t)        \
	KL_Q_ALL(ACC, image2d_t) KL_Q_2D(ACC, image2d_t)                       \
	KL_Q_ALL(ACC, image2d_array_t) KL_Q_2D(ACC, image2d_array_t)           \
	KL_Q_ARRAY(ACC, image2d_array_t)                                       \
	KL_Q_ALL(ACC, image3d_t) KL_Q_3D(ACC)                                  \
	KL_Q_ALL(ACC, image2d_depth_t) KL_Q_2D(ACC, image2d_depth_t)           \
	KL_Q_ALL(ACC, image2d_array_depth_t) KL_Q_2D(ACC, image2d_array_depth_t) \
	KL_Q_ARRAY(ACC, image2d_array_depth_t)

KL_QUERIES(read_only)
KL_QUERIES(write_only)
KL_QUERIES(read_write)
