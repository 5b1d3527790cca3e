/* The per-context registry of SVM allocations (svm.h). */
#include "svm.h"
#include "usm.h"

#include "context.h"
#include "debug.h"
#include "host_memory.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Index of the first entry whose base is > p (the entries are sorted by
 * base and never overlap).  Called with ctx->lock held. */
static size_t upper_bound(cl_context ctx, const char *p)
{
	size_t lo = 0, hi = ctx->num_svm_allocs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if ((uintptr_t)ctx->svm_allocs[mid].base <= (uintptr_t)p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void *kiln_svm_alloc(cl_context ctx, cl_svm_mem_flags flags, size_t size,
		     size_t align)
{
	void *p = kiln_host_alloc(size, align);
	if (!p)
		return NULL;
	pthread_mutex_lock(&ctx->lock);
	if (ctx->num_svm_allocs == ctx->svm_alloc_cap) {
		size_t cap = ctx->svm_alloc_cap ? 2 * ctx->svm_alloc_cap : 16;
		struct kiln_svm_alloc *v =
			realloc(ctx->svm_allocs, cap * sizeof(*v));
		if (!v) {
			pthread_mutex_unlock(&ctx->lock);
			free(p);
			return NULL;
		}
		ctx->svm_allocs = v;
		ctx->svm_alloc_cap = cap;
	}
	size_t i = upper_bound(ctx, p);
	memmove(&ctx->svm_allocs[i + 1], &ctx->svm_allocs[i],
		(ctx->num_svm_allocs - i) * sizeof(ctx->svm_allocs[0]));
	ctx->svm_allocs[i] = (struct kiln_svm_alloc){
		.base = p, .size = size, .flags = flags,
	};
	ctx->num_svm_allocs++;
	pthread_mutex_unlock(&ctx->lock);
	if (size >= KILN_DEBUG_MEM_MIN)
		KILN_LOG(KILN_DEBUG_MEM, "SVM alloc %zu bytes at %p (align %zu)",
			 size, p, align);
	return p;
}

bool kiln_svm_free(cl_context ctx, void *ptr)
{
	pthread_mutex_lock(&ctx->lock);
	size_t i = upper_bound(ctx, ptr);
	bool found = i > 0 && ctx->svm_allocs[i - 1].base == (char *)ptr;
	if (found) {
		memmove(&ctx->svm_allocs[i - 1], &ctx->svm_allocs[i],
			(ctx->num_svm_allocs - i) * sizeof(ctx->svm_allocs[0]));
		ctx->num_svm_allocs--;
	}
	pthread_mutex_unlock(&ctx->lock);
	if (found)
		free(ptr);
	return found;
}

bool kiln_svm_lookup(cl_context ctx, const void *ptr,
		     struct kiln_svm_alloc *out)
{
	bool found = false;
	pthread_mutex_lock(&ctx->lock);
	size_t i = upper_bound(ctx, ptr);
	if (i > 0) {
		const struct kiln_svm_alloc *a = &ctx->svm_allocs[i - 1];
		if ((uintptr_t)ptr - (uintptr_t)a->base < a->size) {
			*out = *a;
			found = true;
		}
	}
	pthread_mutex_unlock(&ctx->lock);
	return found;
}

enum kiln_shared_kind kiln_shared_allocation(cl_context ctx, const void *ptr, char **base,
					     size_t *size)
{
	struct kiln_svm_alloc s;
	struct kiln_usm_alloc u;
	if (!ptr)
		return KILN_SHARED_NONE;
	if (kiln_svm_lookup(ctx, ptr, &s)) {
		*base = s.base;
		*size = s.size;
		return KILN_SHARED_SVM;
	}
	if (kiln_usm_lookup(ptr, &u)) {
		*base = u.base;
		*size = u.size;
		return KILN_SHARED_USM;
	}
	return KILN_SHARED_NONE;
}

void kiln_svm_destroy(cl_context ctx)
{
	for (size_t i = 0; i < ctx->num_svm_allocs; i++)
		free(ctx->svm_allocs[i].base);
	free(ctx->svm_allocs);
	ctx->svm_allocs = NULL;
	ctx->num_svm_allocs = ctx->svm_alloc_cap = 0;
}
