/* The compiler's phase timing, for the runtime's timeline trace
 * (lib/core/trace.c, docs/trace.md): a C interface beside compiler.h, so
 * that the rest of the compiler does not depend on it.
 *
 * While a hook is set, kiln_finalize calls it on the building thread after
 * each of its phases (linking the built-in library, the work-group passes,
 * optimization, code generation, loading the native code) with the
 * phase's name, a static string, and its start and end in ns of
 * CLOCK_MONOTONIC (the runtime's clock, kiln_time_now).  Without a hook a
 * phase costs one relaxed atomic load. */
#ifndef KILN_COMPILER_PHASE_HOOK_H
#define KILN_COMPILER_PHASE_HOOK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*kiln_phase_hook)(const char *phase, uint64_t start_ns,
				uint64_t end_ns);

/* Sets (or with NULL clears) the hook; any thread, any time. */
void kiln_compiler_set_phase_hook(kiln_phase_hook hook);

#ifdef __cplusplus
}
#endif

#endif
