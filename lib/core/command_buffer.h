/* Command buffers (cl_khr_command_buffer 0.9.8) and mutable dispatches
 * (cl_khr_command_buffer_mutable_dispatch 0.9.5); docs/command_buffers.md.
 *
 * Recording stores the commands that the enqueue entry points build (the
 * same checks, the same command structs: kiln_command_capture_begin), each
 * in an entry.  Finalizing lists the entries to run in a plan.  Enqueueing
 * the buffer queues one command whose run executes the plan's commands in
 * recording order on the driver thread: no checks, no allocation and no
 * lock per recorded command.  A plan is immutable and counted: each
 * execution holds the plan it started with, so an update (which makes a new
 * plan) never changes a run in flight, and several runs may share one. */
#ifndef KILN_CORE_COMMAND_BUFFER_H
#define KILN_CORE_COMMAND_BUFFER_H

#include "device.h"
#include "object.h"
#include "../../include/kiln_command_buffer.h"

#include <pthread.h>

struct kiln_command;

/* One version of a recorded command, shared by the plans that list it. */
struct kiln_cb_entry {
	atomic_int refs;
	/* Built by an enqueue entry point and never queued (it holds its
	 * memory objects); NULL for an NDRange whose arguments are not all
	 * set yet (mutable dispatch 0.9.5). */
	struct kiln_command *cmd;
	bool is_ndrange;
};

/* What one enqueue of the buffer runs: entries in recording order. */
struct kiln_cb_plan {
	atomic_int refs; /* the buffer's, plus one per execution in flight */
	size_t n;
	struct kiln_cb_entry *entries[];
};

/* A recorded NDRange's handle (cl_mutable_command_khr): what it was
 * recorded with and what may change. */
struct _cl_mutable_command_khr {
	struct kiln_object obj;
	cl_command_buffer_khr buffer; /* owns the handle: not held */
	size_t slot;                  /* its index in buffer->cmds */
	cl_kernel kernel;             /* the application's kernel, held */
	/* A private clone of the kernel with the current argument values:
	 * updates set arguments on it, then rebuild the command from it. */
	cl_kernel args;
	cl_mutable_dispatch_fields_khr updatable;
	kiln_mutable_dispatch_asserts_khr asserts;
	cl_properties props[8]; /* as given, 0-terminated */
	size_t num_props;        /* entries in props, 0 when none given */
	cl_uint work_dim;
	size_t offset[3], global[3], local[3];
	bool local_given; /* local_work_size was not NULL */
	/* Work-groups when recorded: the bound of
	 * CL_MUTABLE_DISPATCH_ASSERT_NO_ADDITIONAL_WORK_GROUPS_KHR. */
	size_t recorded_groups;
};

/* A recorded command (one per sync point). */
struct kiln_cb_cmd {
	cl_command_type type;
	struct kiln_cb_entry *entry;          /* NULL for a barrier */
	struct _cl_mutable_command_khr *mut;  /* NDRange of a mutable buffer */
};

struct _cl_command_buffer_khr {
	struct kiln_object obj;
	cl_context context;
	cl_command_queue queue; /* held */
	cl_command_buffer_flags_khr flags;
	kiln_mutable_dispatch_asserts_khr asserts;
	cl_command_buffer_properties_khr props[8]; /* as given, 0-terminated */
	size_t num_props;
	pthread_mutex_t lock; /* guards everything below */
	cl_command_buffer_state_khr state;
	struct kiln_cb_cmd *cmds;
	size_t num_cmds, cap_cmds;
	struct kiln_cb_plan *plan; /* once finalized */
};

/* A new, empty command buffer in the recording state (arguments checked). */
cl_command_buffer_khr kiln_cb_new(cl_command_queue q,
				  cl_command_buffer_flags_khr flags,
				  kiln_mutable_dispatch_asserts_khr asserts,
				  const cl_command_buffer_properties_khr *props,
				  size_t num_props, cl_int *err);

/* A new handle for a kernel command of `cb` (holds `kernel`); the caller
 * fills the rest.  NULL when out of memory. */
struct _cl_mutable_command_khr *kiln_cb_mutable_new(cl_command_buffer_khr cb,
						    cl_kernel kernel);

/* Appends a recorded command (entry_cmd NULL and !is_ndrange: a barrier, or
 * a command that had nothing to do; NULL and is_ndrange: a kernel whose
 * arguments are not all set yet); returns its sync
 * point in *sync_point (1-based).  CL_INVALID_OPERATION when the buffer was
 * finalized meanwhile; that and CL_OUT_OF_HOST_MEMORY leave the buffer
 * as it was and discards entry_cmd. */
cl_int kiln_cb_append(cl_command_buffer_khr cb, cl_command_type type,
		      struct kiln_command *entry_cmd, bool is_ndrange,
		      struct _cl_mutable_command_khr *mut,
		      cl_sync_point_khr *sync_point);

/* Finalizes: builds the plan; the state becomes EXECUTABLE, or FINALIZED
 * while an NDRange still lacks arguments. */
cl_int kiln_cb_finalize(cl_command_buffer_khr cb);

/* Queues one execution of the buffer's current plan on `q`. */
cl_int kiln_cb_enqueue(cl_command_buffer_khr cb, cl_command_queue q,
		       cl_uint num_events, const cl_event *wait_list,
		       cl_event *event);

/* A fresh entry for `cmd` (one reference); NULL when out of memory, then
 * cmd is discarded. */
struct kiln_cb_entry *kiln_cb_entry_new(struct kiln_command *cmd,
					bool is_ndrange);
void kiln_cb_entry_release(struct kiln_cb_entry *e);

/* Replaces the entries of `n` recorded commands (slots[i] gets entries[i],
 * which it takes) and publishes a new plan, all or nothing: on
 * CL_OUT_OF_HOST_MEMORY nothing changed and the entries are released. */
/* Whether `dev` reports cl_khr_command_buffer. */
bool kiln_cb_device_supports(cl_device_id dev);
/* CL_DEVICE_MUTABLE_DISPATCH_CAPABILITIES_KHR. */
cl_mutable_dispatch_fields_khr kiln_cb_mutable_capabilities(void);
/* clGetDeviceInfo's command-buffer queries: false when `param` is not one
 * of them, else true with the answer's error in *err (CL_INVALID_VALUE where
 * the device does not report the extension). */
bool kiln_cb_device_query(cl_device_id dev, cl_device_info param, size_t size,
			  void *value, size_t *size_ret, cl_int *err);

cl_int kiln_cb_replace(cl_command_buffer_khr cb, size_t n,
		       const size_t *slots, struct kiln_cb_entry **entries);

#endif
