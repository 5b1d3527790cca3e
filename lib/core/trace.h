/* The timeline trace: KILN_TRACE=<file>.json writes what ran when in the
 * Chrome/Perfetto trace event format (docs/trace.md): a track per command
 * queue with each command (queued, submitted, running and complete times,
 * kernel name and global size, bytes moved), flow arrows for the
 * dependencies between commands, a track per worker thread with the
 * work-group chunks it ran, and a track per building thread with the
 * compiler's phases and program-cache hits and misses.
 *
 * KILN_TRACE is read once, when the library is loaded.  Off, every hook is
 * one load of kiln_trace_on and a branch (KILN_TRACE_ON); on, the file is
 * valid JSON after every event written (trace.c says how), so a crash or an
 * exit without releasing objects still leaves a file the viewers open. */
#ifndef KILN_CORE_TRACE_H
#define KILN_CORE_TRACE_H

#include "cl_target.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct kiln_command;

extern bool kiln_trace_on;

#define KILN_TRACE_ON() __builtin_expect(kiln_trace_on, 0)

/* Runs `call` only while tracing: the form every hook takes. */
#define KILN_TRACE(call)                                                       \
	do {                                                                   \
		if (KILN_TRACE_ON())                                           \
			call;                                                  \
	} while (0)

cl_ulong kiln_time_now(void); /* event.h */

/* A timestamp for a later kiln_trace_* call: kiln_time_now() while tracing,
 * else 0 (no clock read). */
static inline cl_ulong kiln_trace_now(void)
{
	return KILN_TRACE_ON() ? kiln_time_now() : 0;
}

/* `cmd` ends with `status` (CL_COMPLETE or an error): its slice on its
 * queue's track and the flow arrows from the commands it waited for.  Call
 * before its event becomes final (the event's times are completed here), so
 * that whoever waits for it finds it in the file. */
void kiln_trace_command(struct kiln_command *cmd, cl_int status);

/* Worker `worker` (its index in its pool) ran work-groups [first, last) of
 * kernel `kernel` since `t0` (kiln_trace_now()). */
void kiln_trace_chunk(const char *kernel, size_t first, size_t last,
		      unsigned worker, cl_ulong t0);

/* When the chunk of the calling thread's last kiln_trace_chunk ended (its
 * `now`, read before the event was written; 0 before the first):
 * ndrange.c ends a kernel's run time there, which decides where the
 * kernel's next NDRange runs, so that tracing does not change that. */
cl_ulong kiln_trace_chunk_end(void);

/* A phase of a build on the calling thread's build track, from `t0` to
 * now: `name` is the phase ("cache hit", "build"...); `detail` (may be
 * NULL) goes into the slice's arguments. */
void kiln_trace_build_phase(const char *name, const char *detail, cl_ulong t0);

/* A whole build, compile or link (`step`) of `program` for `device`, from
 * `t0` to now, with its options and result. */
void kiln_trace_build_step(const char *step, const void *program,
			   const char *device, const char *options,
			   const char *result, cl_ulong t0);

#endif
