/* cl_khr_extended_async_copies (async_work_group_copy_2D2D and _3D3D) and
 * cl_khr_async_work_group_copy_fence, in the manner of async_copy.cl: the
 * group's work-items share the elements out (work-item i takes elements
 * i, i + S, ... of the copy in line-major order, S the group size) and
 * copy them at once; wait_group_events is the barrier after which every
 * share is done.
 *
 * Offsets and strides count elements of num_bytes_per_element bytes; a
 * line is num_elements_per_line consecutive elements, lines are
 * *_line_stride elements apart and planes *_plane_stride elements apart,
 * each side with its own strides.
 *
 * async_work_group_copy_fence orders the copies before it against those
 * after it.  A later copy may read what another work-item's share of an
 * earlier copy wrote (the two need not be shared out alike), so the fence
 * is a work-group barrier over both memories; like wait_group_events it is
 * always_inline so that the work-group pass sees the barrier. */
#include "kl_gentype.h"

KL_INL size_t kl_ext_group_size(void)
{
	return get_local_size(0) * get_local_size(1) * get_local_size(2);
}

KL_INL size_t kl_ext_local_linear_id(void)
{
	return (get_local_id(2) * get_local_size(1) + get_local_id(1)) *
		       get_local_size(0) +
	       get_local_id(0);
}

/* The element copies of one work-item's share, bytes at a time in the
 * widest unit that divides the element size. */
#define COPY_ELEMENT(DAS, SAS, d, s, n)                                        \
	do {                                                                   \
		if ((n) % 8 == 0 && !(((size_t)(d) | (size_t)(s)) & 7))        \
			for (size_t b = 0; b < (n) / 8; b++)                   \
				((DAS ulong *)(d))[b] = ((SAS const ulong *)(s))[b]; \
		else if ((n) % 4 == 0 && !(((size_t)(d) | (size_t)(s)) & 3))   \
			for (size_t b = 0; b < (n) / 4; b++)                   \
				((DAS uint *)(d))[b] = ((SAS const uint *)(s))[b]; \
		else                                                           \
			for (size_t b = 0; b < (n); b++)                       \
				((DAS uchar *)(d))[b] = ((SAS const uchar *)(s))[b]; \
	} while (0)

#define COPY_2D3D(DAS, SAS)                                                    \
	event_t KL_OVL async_work_group_copy_3D3D(                             \
		DAS void *dst, size_t dst_offset, SAS const void *src,          \
		size_t src_offset, size_t num_bytes_per_element,                \
		size_t num_elements_per_line, size_t num_lines,                 \
		size_t num_planes, size_t src_line_stride,                      \
		size_t src_plane_stride, size_t dst_line_stride,                \
		size_t dst_plane_stride, event_t event)                         \
	{                                                                      \
		size_t per_plane = num_elements_per_line * num_lines;          \
		size_t total = per_plane * num_planes;                         \
		size_t n = num_bytes_per_element;                              \
		DAS uchar *d0 = (DAS uchar *)dst + dst_offset * n;             \
		SAS const uchar *s0 = (SAS const uchar *)src + src_offset * n; \
		for (size_t i = kl_ext_local_linear_id(), step = kl_ext_group_size(); \
		     i < total; i += step) {                                   \
			size_t plane = i / per_plane, rest = i % per_plane;    \
			size_t line = rest / num_elements_per_line;            \
			size_t e = rest % num_elements_per_line;               \
			DAS uchar *d = d0 + (plane * dst_plane_stride +        \
					     line * dst_line_stride + e) * n;  \
			SAS const uchar *s = s0 + (plane * src_plane_stride +  \
						   line * src_line_stride + e) * n; \
			COPY_ELEMENT(DAS, SAS, d, s, n);                       \
		}                                                              \
		return event;                                                  \
	}                                                                      \
	event_t KL_OVL async_work_group_copy_2D2D(                             \
		DAS void *dst, size_t dst_offset, SAS const void *src,          \
		size_t src_offset, size_t num_bytes_per_element,                \
		size_t num_elements_per_line, size_t num_lines,                 \
		size_t src_line_stride, size_t dst_line_stride, event_t event)  \
	{                                                                      \
		/* One plane. */                                               \
		return async_work_group_copy_3D3D(                             \
			dst, dst_offset, src, src_offset,                      \
			num_bytes_per_element, num_elements_per_line,          \
			num_lines, 1, src_line_stride, 0, dst_line_stride, 0,  \
			event);                                                \
	}
COPY_2D3D(__local, __global)
COPY_2D3D(__global, __local)

__attribute__((always_inline)) void KL_OVL
async_work_group_copy_fence(cl_mem_fence_flags flags)
{
	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}
