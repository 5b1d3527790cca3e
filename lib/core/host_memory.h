/* host_memory: where the storage of buffers, SVM and USM allocations comes
 * from.  Every kind of OpenCL memory on a CPU device is ordinary process
 * memory; this file decides how a large block of it is laid out.
 *
 * Small blocks come from posix_memalign.  A large block (at least
 * KILN_HUGE_MIN bytes) is aligned to a 2 MiB huge page and the kernel is
 * asked to back it with transparent huge pages (madvise MADV_HUGEPAGE),
 * unless the environment says KILN_HUGE_PAGES=0: a 256 MiB buffer then
 * takes 128 page faults on its first touch instead of 65,536, and a kernel
 * streaming through it misses the TLB far less (docs/benchmarks.md,
 * "Memory placement", has the figures that kept it).  Pages are not
 * touched here: the first write decides where they live, and Kiln's copies
 * and fills that initialize storage run on the pool, so on a machine of
 * several NUMA nodes the pages land near the workers that use them.
 *
 * Blocks from kiln_host_alloc are released with free(). */
#ifndef KILN_CORE_HOST_MEMORY_H
#define KILN_CORE_HOST_MEMORY_H

#include <stddef.h>

/* From this size up a block gets huge-page alignment and advice. */
#define KILN_HUGE_MIN ((size_t)8 << 20)
#define KILN_HUGE_PAGE ((size_t)2 << 20)

/* `size` bytes (1 when size is 0) aligned to `align` (a power of two; raised
 * to sizeof(void *)), or NULL when out of memory.  Release with free(). */
void *kiln_host_alloc(size_t size, size_t align);

#endif
