/* kernel-lib's view of the work-group state, struct kiln_wg_state
 * (lib/compiler/compiler.h): the fields kernel-lib reads, at the offsets the
 * runtime fills (lib/core/ndrange.c asserts them).  Every pointer field is a
 * ulong here: OpenCL C has no way to spell a host pointer of no address
 * space, and the readers cast to the space they need.
 *
 * __kiln_wg_state() is declared here and defined by nobody: the compiler's
 * kiln-wg-state pass turns each call into the work-group function's state
 * argument (lib/compiler/wg_state.cpp).  Readers: generic_as.cl (the memory
 * ranges of the generic address space casts), subgroups.h (the group
 * scratch of the sub-group collectives), pipes.cl (the same scratch for
 * work-group and sub-group pipe reservations). */
#ifndef KILN_KL_WG_STATE_H
#define KILN_KL_WG_STATE_H

struct kl_wg_state {
	ulong group_id[3];
	ulong local_size[3];
	ulong local_mem;
	ulong context;
	ulong printf_buffer;
	/* KILN_GROUP_SCRATCH_BYTES per work-item of the group plus one more
	 * slot, 128-byte aligned, the group's own while it runs; contents
	 * undefined when the group starts. */
	ulong group_scratch;
	ulong reserved[3]; /* fields kernel-lib does not read */
	ulong local_end;
	ulong context_end;
	ulong stack_lo;
	ulong stack_hi;
};

/* Bytes of the group scratch per work-item (KILN_GROUP_SCRATCH_BYTES):
 * room for the widest OpenCL C value, long16 or double16. */
#define KL_GROUP_SCRATCH_BYTES 128

const __private struct kl_wg_state *__kiln_wg_state(void) __attribute__((const));

#endif
