#include "object.h"
#include "debug.h"

#include <stdlib.h>

void kiln_object_init(struct kiln_object *obj, enum kiln_obj_type type,
		      kiln_free_fn free_fn)
{
	obj->dispatch = &kiln_dispatch;
	obj->magic = KILN_MAGIC_LIVE;
	obj->type = type;
	atomic_init(&obj->refs, 1);
	atomic_init(&obj->total, 1);
	obj->free_fn = free_fn;
}

bool kiln_object_is(const void *handle, enum kiln_obj_type type)
{
	const struct kiln_object *obj = handle;
	if (!obj)
		return false;
	/* A released object has its magic overwritten before it is freed, so
	 * a stale handle is answered with an error rather than trusted.  An
	 * object the application no longer holds but Kiln still does (a
	 * program its kernels keep, OpenCL 3.0 §5.8.1 and §5.9.1) is a valid
	 * object: CL_KERNEL_PROGRAM hands it back and it must work. */
	return obj->magic == KILN_MAGIC_LIVE && obj->type == (uint32_t)type &&
	       atomic_load(&obj->total) > 0;
}

static void object_put(struct kiln_object *obj)
{
	if (atomic_fetch_sub(&obj->total, 1) == 1) {
		obj->magic = KILN_MAGIC_DEAD;
		if (obj->free_fn)
			obj->free_fn(obj);
	}
}

void kiln_object_retain(struct kiln_object *obj)
{
	atomic_fetch_add(&obj->refs, 1);
	atomic_fetch_add(&obj->total, 1);
}

bool kiln_object_release(struct kiln_object *obj)
{
	int old = atomic_load(&obj->refs);
	do {
		if (old <= 0)
			return false;
	} while (!atomic_compare_exchange_weak(&obj->refs, &old, old - 1));
	object_put(obj);
	return true;
}

void kiln_object_hold(struct kiln_object *obj)
{
	atomic_fetch_add(&obj->total, 1);
}

void kiln_object_unhold(struct kiln_object *obj)
{
	object_put(obj);
}

int kiln_object_refcount(const struct kiln_object *obj)
{
	return atomic_load(&obj->refs);
}

cl_int kiln_object_retain_checked_in(const char *entry, void *handle,
				     enum kiln_obj_type type, cl_int invalid)
{
	if (!kiln_object_is(handle, type))
		return KILN_FAIL_IN(entry, invalid, "handle %p is not a live object of the "
				 "kind the call takes (§5)", handle);
	kiln_object_retain(handle);
	return CL_SUCCESS;
}

cl_int kiln_object_release_checked_in(const char *entry, void *handle,
				      enum kiln_obj_type type, cl_int invalid)
{
	if (!kiln_object_is(handle, type) || !kiln_object_release(handle))
		return KILN_FAIL_IN(entry, invalid, "handle %p is not a live object of the "
				 "kind the call takes (§5)", handle);
	return CL_SUCCESS;
}
