/* SPIR-V the runtime must refuse: the context's notify callback keeps the
 * last message (create the context with keep_last_message, last_message.h),
 * and il_refused checks
 * that clCreateProgramWithIL gives CL_INVALID_VALUE, no program, and a
 * message that says `reason` (OpenCL 3.0 §5.8.1: IL that is not well
 * formed or not supported is CL_INVALID_VALUE). */
#ifndef KILN_TESTS_IL_REFUSED_H
#define KILN_TESTS_IL_REFUSED_H

#include "check.h"
#include "last_message.h"

/* The module (`bytes` bytes) is refused in `ctx` with CL_INVALID_VALUE and
 * a callback message containing `reason`; `what` names the case. */
static inline void il_refused(cl_context ctx, const char *what, const void *words, size_t bytes,
			      const char *reason)
{
	cl_int err = CL_SUCCESS;
	last_message[0] = '\0';
	cl_program p = clCreateProgramWithIL(ctx, words, bytes, &err);
	CHECK(p == NULL);
	CHECK_ERR(err, CL_INVALID_VALUE);
	if (!strstr(last_message, reason)) {
		fprintf(stderr, "%s: the message \"%s\" does not say \"%s\"\n", what,
			last_message, reason);
		CHECK(0);
	}
	if (p)
		clReleaseProgram(p);
}

#endif
