/* Weak definitions of every OpenCL entry point, each answering
 * CL_INVALID_OPERATION (the OpenCL 3.0 answer for a feature a device does not
 * support).  A real definition in lib/api overrides the weak one at link
 * time, so the dispatch table and the exported symbols are always complete:
 * the loader never calls a NULL entry.  Delete an entry from this file once
 * its real definition lands. */
#include "../core/cl_target.h"

#include <stddef.h>

#define KILN_WEAK __attribute__((weak))

/* Every parameter is unused in these fallbacks. */
#pragma GCC diagnostic ignored "-Wunused-parameter"

