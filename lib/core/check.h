/* Checked mode's runtime side (KILN_CHECK; docs/checked_mode.md): the
 * mode read from the environment, the per-command table of argument
 * extents that instrumented kernels read (compiler/check_abi.h), and the
 * report and lookup services that turn a defect into one message per
 * site on stderr and through the context's callback. */
#ifndef KILN_CORE_CHECK_H
#define KILN_CORE_CHECK_H

#include "cl_target.h"
#include "compiler/check_abi.h"
#include "compiler/compiler.h"

#include <stdbool.h>
#include <stddef.h>

/* KILN_CHECK_* bits from the environment, read at the first call (so an
 * application may setenv before its first OpenCL call): "1" or "all":
 * every check; a comma-separated list of bounds, races, uninit, barriers;
 * unset, empty or "0": none (an unknown word is named on stderr once). */
unsigned kiln_check_mode(void);

/* One NDRange command's table: every argument unlimited until set. */
struct kiln_check_cmd;
struct kiln_check_cmd *kiln_check_cmd_new(cl_context ctx,
					  const struct kiln_wg_launch *launch,
					  uint32_t num_args, unsigned num_workers);
/* A child kernel's table (device-side enqueue, lib/core/ndrange.c): its
 * own num_args arguments unlimited until set, then every object of the
 * table of `parent` (the enqueuing group's state->check, or NULL), so
 * that a pointer the child reads from its block literal is checked
 * against the buffer the parent received it as. */
struct kiln_check_cmd *kiln_check_cmd_child(cl_context ctx, const struct kiln_check_launch *parent,
					    const struct kiln_wg_launch *launch,
					    uint32_t num_args, unsigned num_workers);
void kiln_check_cmd_free(struct kiln_check_cmd *c);
/* Argument i reaches [ptr, ptr + size) (a buffer, a __local argument:
 * ptr is what the kernel receives) or, for an SVM/USM pointer, the
 * allocation around ptr (unlimited when the pointer is in none: system
 * SVM). */
void kiln_check_set_arg(struct kiln_check_cmd *c, uint32_t i, const void *ptr,
			size_t size);
void kiln_check_set_svm_arg(struct kiln_check_cmd *c, uint32_t i, const void *ptr);
/* Around each execution of the command (lib/core/ndrange.c): with race
 * checks, the global race shadows of its pointer arguments are mapped,
 * zeroed, and unmapped after the last concurrent execution. */
void kiln_check_execution_begin(struct kiln_check_cmd *c);
void kiln_check_execution_end(struct kiln_check_cmd *c);
/* What state->check points to for the command's groups on `worker`. */
const struct kiln_check_launch *kiln_check_launch_of(struct kiln_check_cmd *c,
						    unsigned worker);
/* Around each group (lib/core/ndrange.c): the shadows of local memory are
 * cleared and the barrier count starts; at the end a barrier some
 * work-items did not reach is reported.  state->check, local_size,
 * local_mem and local_end set. */
void kiln_check_group_begin(struct kiln_wg_state *state);
/* Every work-item of the running group passed a work-group barrier (the
 * fiber scheduler, lib/core/fibers.c; compiled work-group functions do
 * the same after each region): the race check's next barrier episode. */
void kiln_check_barrier_passed(struct kiln_wg_state *state);
void kiln_check_group_end(struct kiln_wg_state *state);

#endif
