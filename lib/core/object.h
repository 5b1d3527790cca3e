/* The object model: every OpenCL handle Kiln hands out points at a struct
 * whose first member is struct kiln_object.  The ICD loader reads the first
 * word (the dispatch table); the type tag lets the API layer answer a handle of
 * the wrong kind, or a released one, with the spec's CL_INVALID_* code.
 *
 * Two counts keep an object alive: `refs` is what the application holds
 * (clRetain* and clRelease*, and what CL_*_REFERENCE_COUNT reports), `holds` is
 * what Kiln itself holds (a queued command keeps its queue, buffers and kernel;
 * a buffer keeps its context).  The object is freed when both are zero, so
 * "an object lives while a queued command uses it" (OpenCL 3.0 §5). */
#ifndef KILN_CORE_OBJECT_H
#define KILN_CORE_OBJECT_H

#include "cl_target.h"
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

enum kiln_obj_type {
	KILN_OBJ_PLATFORM = 1,
	KILN_OBJ_DEVICE,
	KILN_OBJ_CONTEXT,
	KILN_OBJ_QUEUE,
	KILN_OBJ_MEM,
	KILN_OBJ_SAMPLER,
	KILN_OBJ_PROGRAM,
	KILN_OBJ_KERNEL,
	KILN_OBJ_EVENT,
	KILN_OBJ_COMMAND_BUFFER, /* cl_khr_command_buffer */
	KILN_OBJ_MUTABLE_COMMAND,
	KILN_OBJ_SEMAPHORE, /* cl_khr_semaphore */
};

#define KILN_MAGIC_LIVE 0x4b494c4eu /* "KILN" */
#define KILN_MAGIC_DEAD 0xdeadc0deu

struct kiln_object;
typedef void (*kiln_free_fn)(struct kiln_object *obj);

struct kiln_object {
	const cl_icd_dispatch *dispatch; /* must stay first (cl_khr_icd) */
	uint32_t magic;
	uint32_t type;
	atomic_int refs;  /* application references */
	atomic_int total; /* application references + Kiln's own holds */
	kiln_free_fn free_fn;
};

extern const cl_icd_dispatch kiln_dispatch;

/* Starts with one application reference. */
void kiln_object_init(struct kiln_object *obj, enum kiln_obj_type type,
		      kiln_free_fn free_fn);

/* True when `handle` is a live object of `type` (NULL gives false): one
 * that the application or Kiln still holds. */
bool kiln_object_is(const void *handle, enum kiln_obj_type type);

/* Application references (clRetain* and clRelease*).  Release returns false when
 * the application held no reference (the caller answers CL_INVALID_*). */
void kiln_object_retain(struct kiln_object *obj);
bool kiln_object_release(struct kiln_object *obj);

/* Kiln's own holds; they keep the object alive without showing in its
 * reference count. */
void kiln_object_hold(struct kiln_object *obj);
void kiln_object_unhold(struct kiln_object *obj);

int kiln_object_refcount(const struct kiln_object *obj);

/* The body of the clRetain* and clRelease* entry points (OpenCL 3.0 §5):
 * `invalid` (the spec's CL_INVALID_* for the type) when `handle` is not a
 * live object of `type` or, on release, holds no application reference. */
cl_int kiln_object_retain_checked_in(const char *entry, void *handle,
				     enum kiln_obj_type type, cl_int invalid);
cl_int kiln_object_release_checked_in(const char *entry, void *handle,
				      enum kiln_obj_type type, cl_int invalid);
/* `entry` (the calling clRetain* / clRelease*) names the call in
 * KILN_DEBUG=api lines. */
#define kiln_object_retain_checked(h, type, invalid)                          \
	kiln_object_retain_checked_in(__func__, (h), (type), (invalid))
#define kiln_object_release_checked(h, type, invalid)                         \
	kiln_object_release_checked_in(__func__, (h), (type), (invalid))

#define KILN_OBJ(h) (&(h)->obj)

#endif
