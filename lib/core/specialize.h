/* Work-group functions specialized for the local size a kernel is launched
 * with (docs/architecture.md, "Specialized work-group functions").
 *
 * A program's executable holds one work-group function per kernel, whose
 * loops run to the group's local size read at run time.  For a kernel that
 * runs long enough at one local size, the runtime makes a second
 * executable holding only that kernel, specialized for that size
 * (kiln_finalize_for_size: constant loop trip counts, sizes and context
 * stride), and runs it for every later NDRange of that size. */
#ifndef KILN_CORE_SPECIALIZE_H
#define KILN_CORE_SPECIALIZE_H

#include "compiler/compiler.h"
#include "object.h"

#include <stdint.h>

/* One (kernel, local size, image formats and sampler bits) of a program
 * build, in the build's list. */
struct kiln_size_variant {
	struct kiln_size_variant *next;
	const struct kiln_kernel_info *info; /* the kernel, in the build's info */
	size_t local[3];
	/* the formats and sampler bits it is made for (kiln-image-facts) */
	struct kiln_arg_fact facts[KILN_MAX_ARG_FACTS];
	unsigned num_facts;
	unsigned launches;
	/* the run time of its launches so far (kiln_specialize_ran: atomic,
	 * added as each ends, without the program's lock) */
	uint64_t spent_ns;
	enum { KILN_SV_WAITING, KILN_SV_BUSY, KILN_SV_READY, KILN_SV_FAILED } state;
	bool cache_tried;
	/* BUSY with its compile on the background thread (specialize.c's
	 * compile_job); orphaned: the build was cleared meanwhile, and the
	 * job frees the entry */
	bool in_background, orphaned;
	uint64_t build_ns; /* READY after a compile: its CPU time */
	struct kiln_executable *exe; /* READY: its code */
	struct kiln_kernel_native native;
};

/* Frees a build's list (program.c, with the build). */
void kiln_size_variants_free(struct kiln_size_variant *list);

/* For an NDRange of kernel k on device index di in groups of local[3]
 * (the sizes beyond work_dim 1) about to run `native` (k's own work-group
 * function, not a narrow variant), over `global` work-items from `offset`
 * (NULL: none) in work_dim dimensions: replaces native's function by the
 * specialized one when there is one, after making it when the rules of
 * specialize.c say so now.  Never fails: without a specialization the
 * NDRange runs as it was.  *counts: the entry whose specialization this
 * launch waits for, to be told its run time (kiln_specialize_ran), or
 * NULL; it lives as long as k's program. */
void kiln_specialize_for_launch(cl_kernel k, int di, const size_t local[3], cl_uint work_dim,
				const size_t *offset, const size_t *global,
				struct kiln_kernel_native *native, struct kiln_size_variant **counts);
/* A launch that kiln_specialize_for_launch gave entry v ran for ns. */
void kiln_specialize_ran(struct kiln_size_variant *v, uint64_t ns);

#endif
