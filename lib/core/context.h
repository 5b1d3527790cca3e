#ifndef KILN_CORE_CONTEXT_H
#define KILN_CORE_CONTEXT_H

#include "object.h"
#include <pthread.h>

typedef void(CL_CALLBACK *kiln_context_notify_fn)(const char *errinfo,
						  const void *private_info,
						  size_t cb, void *user_data);

struct kiln_context_destructor {
	void(CL_CALLBACK *fn)(cl_context, void *);
	void *user_data;
	struct kiln_context_destructor *next;
};

struct _cl_context {
	struct kiln_object obj;
	cl_uint num_devices;
	cl_device_id *devices;
	cl_context_properties *properties; /* copy, 0-terminated, or NULL */
	size_t num_properties;             /* entries incl. the 0, or 0 */
	kiln_context_notify_fn notify;
	void *notify_data;
	pthread_mutex_t lock;
	struct kiln_context_destructor *destructors; /* newest first */
	/* SVM allocations (lib/core/svm.c), sorted by base; guarded by lock. */
	struct kiln_svm_alloc *svm_allocs;
	size_t num_svm_allocs, svm_alloc_cap;
};

bool kiln_context_has_device(cl_context ctx, cl_device_id dev);

/* Whether some device of ctx supports images: image and sampler entry
 * points answer CL_INVALID_OPERATION otherwise (§5.3.1, §5.7.1). */
bool kiln_context_has_images(cl_context ctx);

/* Reports an error to the application's context callback, if any. */
void kiln_context_report(cl_context ctx, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
