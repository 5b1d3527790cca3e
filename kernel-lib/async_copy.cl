/* Async copies between global and local memory, OpenCL C 3.0 section
 * 6.15.13: async_work_group_copy, async_work_group_strided_copy,
 * wait_group_events, prefetch.
 *
 * These are work-group collectives: every work-item of the group calls
 * them with the same arguments.  On a CPU there is no copy engine, so the
 * copy is shared out: work-item i (its local linear id) copies elements
 * i, i + S, i + 2S, ... where S is the work-group size, and
 * wait_group_events is a work-group barrier with both fences, after which
 * every share is complete and visible to the whole group.  This stays
 * correct when the compiler runs the work-items of a group one after
 * another in a loop (the barrier splits that loop), and needs no state:
 * the returned event is the one passed in (the spec returns it when it is
 * non-zero; when it is zero any value will do, since wait_group_events
 * waits for all copies of the group).
 *
 * wait_group_events calls barrier(), so the work-group pass must see it
 * inlined into the kernel: it is always_inline. */
#include "kl_gentype.h"

KL_INL size_t kl_group_size(void)
{
	return get_local_size(0) * get_local_size(1) * get_local_size(2);
}

KL_INL size_t kl_local_linear_id(void)
{
	return (get_local_id(2) * get_local_size(1) + get_local_id(1)) *
		       get_local_size(0) +
	       get_local_id(0);
}

#define ASYNC(T)                                                               \
	event_t KL_OVL async_work_group_copy(__local T *dst,                   \
					     const __global T *src, size_t n,  \
					     event_t event)                    \
	{                                                                      \
		for (size_t i = kl_local_linear_id(), s = kl_group_size();     \
		     i < n; i += s)                                            \
			dst[i] = src[i];                                       \
		return event;                                                  \
	}                                                                      \
	event_t KL_OVL async_work_group_copy(__global T *dst,                  \
					     const __local T *src, size_t n,   \
					     event_t event)                    \
	{                                                                      \
		for (size_t i = kl_local_linear_id(), s = kl_group_size();     \
		     i < n; i += s)                                            \
			dst[i] = src[i];                                       \
		return event;                                                  \
	}                                                                      \
	/* Gathers src[i * stride] into dst[i]. */                             \
	event_t KL_OVL async_work_group_strided_copy(                          \
		__local T *dst, const __global T *src, size_t n,               \
		size_t src_stride, event_t event)                              \
	{                                                                      \
		for (size_t i = kl_local_linear_id(), s = kl_group_size();     \
		     i < n; i += s)                                            \
			dst[i] = src[i * src_stride];                          \
		return event;                                                  \
	}                                                                      \
	/* Scatters src[i] to dst[i * stride]. */                              \
	event_t KL_OVL async_work_group_strided_copy(                          \
		__global T *dst, const __local T *src, size_t n,               \
		size_t dst_stride, event_t event)                              \
	{                                                                      \
		for (size_t i = kl_local_linear_id(), s = kl_group_size();     \
		     i < n; i += s)                                            \
			dst[i * dst_stride] = src[i];                          \
		return event;                                                  \
	}                                                                      \
	/* A hint only: the data is in host memory already. */                 \
	void KL_OVL prefetch(const __global T *p, size_t n) {}

#define ASYNC_WIDTHS(T) KL_WIDTHS(ASYNC, T)
ASYNC_WIDTHS(char)
ASYNC_WIDTHS(uchar)
ASYNC_WIDTHS(short)
ASYNC_WIDTHS(ushort)
ASYNC_WIDTHS(int)
ASYNC_WIDTHS(uint)
ASYNC_WIDTHS(long)
ASYNC_WIDTHS(ulong)
ASYNC_WIDTHS(float)
ASYNC_WIDTHS(double)

/* half (cl_khr_fp16) copies move the 16-bit patterns as ushort. */
#define ASYNC_HALF(H, U)                                                       \
	event_t KL_OVL async_work_group_copy(__local H *dst,                   \
					     const __global H *src, size_t n,  \
					     event_t event)                    \
	{                                                                      \
		return async_work_group_copy((__local U *)dst,                 \
					     (const __global U *)src, n, event); \
	}                                                                      \
	event_t KL_OVL async_work_group_copy(__global H *dst,                  \
					     const __local H *src, size_t n,   \
					     event_t event)                    \
	{                                                                      \
		return async_work_group_copy((__global U *)dst,                \
					     (const __local U *)src, n, event); \
	}                                                                      \
	event_t KL_OVL async_work_group_strided_copy(                          \
		__local H *dst, const __global H *src, size_t n,               \
		size_t src_stride, event_t event)                              \
	{                                                                      \
		return async_work_group_strided_copy(                          \
			(__local U *)dst, (const __global U *)src, n,          \
			src_stride, event);                                    \
	}                                                                      \
	event_t KL_OVL async_work_group_strided_copy(                          \
		__global H *dst, const __local H *src, size_t n,               \
		size_t dst_stride, event_t event)                              \
	{                                                                      \
		return async_work_group_strided_copy(                          \
			(__global U *)dst, (const __local U *)src, n,          \
			dst_stride, event);                                    \
	}                                                                      \
	void KL_OVL prefetch(const __global H *p, size_t n) {}
KL_WIDTHS2(ASYNC_HALF, half, ushort)

/* The event list may be private (OpenCL C 1.x) or generic (2.0 and later)
 * memory; it is not read. */
#define WAIT(AS, X)                                                            \
	__attribute__((always_inline)) void KL_OVL wait_group_events(          \
		int num_events, AS event_t *event_list)                        \
	{                                                                      \
		barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);           \
	}
WAIT(__private, )
WAIT(__generic, )
