/* The offline compiler's door into lib/compiler (tools/kiln-cc), beside
 * compiler.h: what a developer wants to see of a build that the runtime
 * never needs (the IR after Kiln's passes, the assembly, how each kernel's
 * work-item loops vectorized), SPIR-V output, and targets named by CPU.
 * Like compiler.h, plain C; nothing LLVM-specific crosses it; every call
 * is thread-safe and turns an LLVM failure into a false return and a log. */
#ifndef KILN_COMPILER_OFFLINE_H
#define KILN_COMPILER_OFFLINE_H

#include "compiler/compiler.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A CPU as LLVM names it ("x86-64-v3", "skylake-avx512", "znver3"): the
 * features LLVM knows it has, as a feature string for struct kiln_target,
 * its x86-64 ISA level (1-4, psABI) and widest native vector (the rule of
 * lib/devices/host_isa.c: 64 bytes at v4, 32 at v3, else 16).  False when
 * LLVM knows no such x86-64 CPU. */
struct kiln_cpu_target {
	char cpu[64];
	char features[1024];
	int level;
	unsigned vector_bytes;
};
bool kiln_offline_cpu_target(const char *cpu, struct kiln_cpu_target *out);

/* What kiln_finalize made of one kernel. */
struct kiln_kernel_stats {
	char *name;
	/* The widest vectorization factor the loop vectorizer gave a loop
	 * of the kernel's work-group function (its work-item loops, or
	 * loops of the kernel body left inside one work-item); 0: none. */
	unsigned vector_width;
	/* The loop vectorizer's remarks on the kernel's loops, one per line
	 * ("vectorized loop (vectorization width: 16, ...)", "loop not
	 * vectorized: ..."), as LLVM words them; "" when it saw no loop. */
	char *vector_remarks;
	uint32_t barriers;      /* barriers the work-item function was cut at */
	bool fibers;            /* its work-items run as fibers (no regions) */
	uint64_t context_size;  /* bytes per work-item kept across barriers */
	uint64_t local_size;    /* kernel-scope __local bytes */
	uint64_t stack_size;    /* stack frame of the work-group function */
	uint64_t spill_bytes;   /* of it, register spill slots */
	uint32_t spills, reloads; /* spill and reload instructions */
};
struct kiln_offline_stats {
	uint32_t num_kernels;
	struct kiln_kernel_stats *kernels;
};
void kiln_offline_stats_free(struct kiln_offline_stats *s);

/* Runs what kiln_finalize runs on `ir` (a linked program, as a program
 * binary holds it) for target t with build `options`, then, as asked
 * (each may be NULL): *wg_ir_text receives the module as LLVM assembly
 * right after the work-group stage (the work-group functions made, before
 * -O3: what KILN_DUMP_IR=pre shows), *ir_text the module after both
 * stages (what goes to code generation), *asm_text the native assembly,
 * *stats the figures above.  Strings are malloc'ed. */
bool kiln_offline_finalize(const struct kiln_target *t,
			   const struct kiln_blob *ir, const char *options,
			   char **wg_ir_text, char **ir_text, char **asm_text,
			   struct kiln_offline_stats *stats, char **log);

/* OpenCL C or C++ for OpenCL to SPIR-V through the translator, with the
 * front end and options of kiln_compile_source (t's OpenCL C features and
 * extensions decide the macros; its CPU is not used: SPIR-V is portable).
 * The module is SPIR-V 1.0-1.4 (translator 15 writes no later version),
 * which clCreateProgramWithIL accepts. */
bool kiln_offline_spirv(const struct kiln_target *t, const char *source,
			const char *options, struct kiln_blob *spirv_out,
			char **log);

#ifdef __cplusplus
}
#endif

#endif
