/* The storage of buffers, SVM and USM allocations (host_memory.h). */
#include "host_memory.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static int huge_pages_on = 1;
static pthread_once_t huge_once = PTHREAD_ONCE_INIT;

static void read_huge_setting(void)
{
	const char *v = getenv("KILN_HUGE_PAGES");
	huge_pages_on = !(v && strcmp(v, "0") == 0);
}

void *kiln_host_alloc(size_t size, size_t align)
{
	void *p = NULL;
	if (align < sizeof(void *)) /* what posix_memalign accepts */
		align = sizeof(void *);
	/* whole 32-bit words: kernel-lib reads a byte of an image as the
	 * aligned word that holds it (kl_byte_at, image_read.cl) */
	size = (size + 3) & ~(size_t)3;
	if (size == 0)
		size = 4;
	pthread_once(&huge_once, read_huge_setting);
	int huge = huge_pages_on && size >= KILN_HUGE_MIN;
	if (huge && align < KILN_HUGE_PAGE)
		align = KILN_HUGE_PAGE;
	if (posix_memalign(&p, align, size))
		return NULL;
	/* Advice only: a kernel without transparent huge pages, or with them
	 * off, refuses it and the block keeps small pages. */
	if (huge)
		madvise(p, size & ~(KILN_HUGE_PAGE - 1), MADV_HUGEPAGE);
	return p;
}
