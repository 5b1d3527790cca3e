#ifndef KILN_CORE_QUEUE_H
#define KILN_CORE_QUEUE_H

#include "object.h"
#include <pthread.h>

struct _cl_command_queue {
	struct kiln_object obj;
	cl_context context;
	cl_device_id device;
	cl_command_queue_properties properties;
	cl_queue_properties *property_list; /* as given, 0-terminated, or NULL */
	size_t num_property_list;
	cl_uint device_queue_size;

	pthread_mutex_t lock;
	/* In-order: the most recent command's event.  Out-of-order: the most
	 * recent barrier's event (later commands depend on it). */
	cl_event last;
	/* Events of commands enqueued and not yet complete (for barriers,
	 * markers with no wait list, clFinish). */
	cl_event outstanding;
};

/* Waits for every command enqueued so far (clFinish). */
cl_int kiln_queue_finish(cl_command_queue q);

#endif
