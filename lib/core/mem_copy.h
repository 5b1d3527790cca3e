/* Copies and fills of memory-object storage, run inside a command on a
 * driver thread.  Large ones are split across the device's workers
 * (kiln_driver.parallel_for) so a copy is limited by memory bandwidth, not by
 * one core; small ones are a single memcpy/memset. */
#ifndef KILN_CORE_MEM_COPY_H
#define KILN_CORE_MEM_COPY_H

#include "cl_target.h"
#include <stddef.h>

/* Copies and fills below this many bytes are one memcpy/memset on the
 * calling thread; larger ones are split across the workers. */
#define KILN_MEM_PARALLEL_MIN ((size_t)4 << 20)

/* memcpy(dst, src, size); the ranges do not overlap.  Copies larger than
 * half the last-level cache use non-temporal stores. */
void kiln_mem_copy(cl_device_id dev, void *dst, const void *src, size_t size);

/* Repeats the `pattern_size`-byte pattern (1..128) over `size` bytes at
 * `dst`; `size` is a multiple of `pattern_size`. */
void kiln_mem_fill(cl_device_id dev, void *dst, const void *pattern,
		   size_t pattern_size, size_t size);

/* A 3D region of bytes: rows of region[0] bytes, region[1] rows per slice,
 * region[2] slices.  `dst` and `src` point at the region's first byte. */
void kiln_mem_copy_rect(cl_device_id dev, void *dst, size_t dst_row_pitch,
			size_t dst_slice_pitch, const void *src,
			size_t src_row_pitch, size_t src_slice_pitch,
			const size_t region[3]);

#endif
