/* The registry of unified shared memory allocations and of host queues
 * (usm.h). */
#include "usm.h"

#include "debug.h"
#include "host_memory.h"
#include "object.h"
#include "queue.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct kiln_usm_alloc *allocs; /* sorted by base, never overlapping */
static size_t num_allocs, alloc_cap;
static cl_command_queue *queues;      /* host queues alive, any context */
static size_t num_queues, queue_cap;

/* Index of the first entry whose base is > p.  Called with lock held. */
static size_t upper_bound(const char *p)
{
	size_t lo = 0, hi = num_allocs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if ((uintptr_t)allocs[mid].base <= (uintptr_t)p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Makes room for one more element of `elem` bytes in *v (capacity *cap,
 * *n used).  False when out of memory.  Called with lock held. */
static bool grow(void **v, size_t *cap, size_t n, size_t elem)
{
	if (n < *cap)
		return true;
	size_t c = *cap ? 2 * *cap : 16;
	void *p = realloc(*v, c * elem);
	if (!p)
		return false;
	*v = p;
	*cap = c;
	return true;
}

void *kiln_usm_alloc(cl_context ctx, cl_unified_shared_memory_type_intel type,
		     cl_device_id device, cl_mem_alloc_flags_intel flags,
		     size_t size, size_t align)
{
	void *p = kiln_host_alloc(size, align);
	if (!p)
		return NULL;
	pthread_mutex_lock(&lock);
	if (!grow((void **)&allocs, &alloc_cap, num_allocs, sizeof(*allocs))) {
		pthread_mutex_unlock(&lock);
		free(p);
		return NULL;
	}
	size_t i = upper_bound(p);
	memmove(&allocs[i + 1], &allocs[i], (num_allocs - i) * sizeof(*allocs));
	allocs[i] = (struct kiln_usm_alloc){
		.base = p, .size = size, .ctx = ctx, .type = type,
		.device = device, .flags = flags,
	};
	num_allocs++;
	pthread_mutex_unlock(&lock);
	if (size >= KILN_DEBUG_MEM_MIN)
		KILN_LOG(KILN_DEBUG_MEM, "USM alloc (type 0x%x) %zu bytes at %p "
			 "(align %zu)", (unsigned)type, size, p, align);
	return p;
}

bool kiln_usm_lookup(const void *ptr, struct kiln_usm_alloc *out)
{
	bool found = false;
	pthread_mutex_lock(&lock);
	size_t i = upper_bound(ptr);
	if (i > 0) {
		const struct kiln_usm_alloc *a = &allocs[i - 1];
		if ((uintptr_t)ptr - (uintptr_t)a->base < a->size) {
			*out = *a;
			found = true;
		}
	}
	pthread_mutex_unlock(&lock);
	return found;
}

bool kiln_usm_free(cl_context ctx, void *ptr)
{
	pthread_mutex_lock(&lock);
	size_t i = upper_bound(ptr);
	bool found = i > 0 && allocs[i - 1].base == (char *)ptr &&
		     allocs[i - 1].ctx == ctx;
	if (found) {
		memmove(&allocs[i - 1], &allocs[i],
			(num_allocs - i) * sizeof(*allocs));
		num_allocs--;
	}
	pthread_mutex_unlock(&lock);
	if (found)
		free(ptr);
	return found;
}

void kiln_usm_context_destroy(cl_context ctx)
{
	pthread_mutex_lock(&lock);
	size_t kept = 0;
	for (size_t i = 0; i < num_allocs; i++) {
		if (allocs[i].ctx == ctx)
			free(allocs[i].base);
		else
			allocs[kept++] = allocs[i]; /* order is kept */
	}
	num_allocs = kept;
	pthread_mutex_unlock(&lock);
}

/* --- queues ------------------------------------------------------------ */

cl_int kiln_usm_track_queue(cl_command_queue q)
{
	if (q->properties & CL_QUEUE_ON_DEVICE)
		return CL_SUCCESS; /* the host cannot enqueue there */
	pthread_mutex_lock(&lock);
	bool ok = grow((void **)&queues, &queue_cap, num_queues, sizeof(*queues));
	if (ok)
		queues[num_queues++] = q;
	pthread_mutex_unlock(&lock);
	return ok ? CL_SUCCESS : CL_OUT_OF_HOST_MEMORY;
}

void kiln_usm_untrack_queue(cl_command_queue q)
{
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < num_queues; i++)
		if (queues[i] == q) {
			queues[i] = queues[--num_queues];
			break;
		}
	pthread_mutex_unlock(&lock);
}

/* Takes a hold on `obj` unless it is already on its way to being freed
 * (no references or holds left, its free function about to untrack it). */
static bool try_hold(struct kiln_object *obj)
{
	int t = atomic_load(&obj->total);
	while (t > 0)
		if (atomic_compare_exchange_weak(&obj->total, &t, t + 1))
			return true;
	return false;
}

cl_int kiln_usm_finish_context(cl_context ctx)
{
	/* Hold the context's queues under the lock, wait outside it: a
	 * queue's free function takes the lock to untrack itself. */
	pthread_mutex_lock(&lock);
	size_t n = 0;
	for (size_t i = 0; i < num_queues; i++)
		if (queues[i]->context == ctx)
			n++;
	cl_command_queue *mine = n ? malloc(n * sizeof(*mine)) : NULL;
	if (n && !mine) {
		pthread_mutex_unlock(&lock);
		return CL_OUT_OF_HOST_MEMORY;
	}
	n = 0;
	for (size_t i = 0; i < num_queues; i++)
		if (queues[i]->context == ctx && try_hold(KILN_OBJ(queues[i])))
			mine[n++] = queues[i];
	pthread_mutex_unlock(&lock);
	cl_int err = CL_SUCCESS;
	for (size_t i = 0; i < n; i++) {
		cl_int e = kiln_queue_finish(mine[i]);
		if (e && !err)
			err = e;
		kiln_object_unhold(KILN_OBJ(mine[i]));
	}
	free(mine);
	return err;
}
