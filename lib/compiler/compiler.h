/* The compiler's C interface: the only door between the C runtime and the
 * C++ (LLVM/Clang) code in lib/compiler/.  Nothing LLVM-specific crosses it.
 *
 * The phases follow OpenCL's program model (OpenCL 3.0 §5.8):
 *   kiln_compile_source  OpenCL C → IR            (clCompileProgram)
 *   kiln_ir_from_spirv   SPIR-V → IR              (clCreateProgramWithIL)
 *   kiln_link            IR × n → IR              (clLinkProgram; build = compile + link)
 *   kiln_finalize        IR → native executable   (kernel-lib linked in, work-group
 *                                                  functions made, optimized, JIT)
 * IR crosses the door as LLVM bitcode bytes (struct kiln_blob), so programs
 * can hold it, serialize it into binaries and hand it back later.
 *
 * Every call is thread-safe and never aborts the process: an error, a
 * diagnostic or a crash inside LLVM becomes a false return and a log. */
#ifndef KILN_COMPILER_COMPILER_H
#define KILN_COMPILER_COMPILER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes owned by whoever holds the struct; free with kiln_blob_free. */
struct kiln_blob {
	void *data;
	size_t size;
};
void kiln_blob_free(struct kiln_blob *b);

/* What code is generated for: the host CPU as the device found it. */
struct kiln_target {
	const char *cpu;      /* LLVM CPU name, e.g. "x86-64-v3" */
	const char *features; /* LLVM feature string, "+avx2,+fma,..." */
	/* Widest native vector in bytes (16, 32, 64): the device's
	 * CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR; 0 when unknown. */
	unsigned vector_bytes;
	bool fp64;            /* cl_khr_fp64 reported */
	/* OpenCL C feature macros the device supports (__opencl_c_*), space
	 * separated, passed to Clang so the right built-ins are declared. */
	const char *cl_features;
	const char *extensions; /* device extension string */
	/* Limits checked when a program is finalized, in bytes (0: not
	 * checked; lib/compiler/program_rules.h): the device's
	 * CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE (at most its
	 * CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE) and CL_DEVICE_LOCAL_MEM_SIZE,
	 * and the private memory one work-item may use. */
	uint64_t max_constant_size;
	uint64_t local_mem_size;
	uint64_t private_mem_size;
	/* Checked mode (KILN_CHECK): KILN_CHECK_* bits of
	 * compiler/check_abi.h; 0 builds unchecked code. */
	unsigned check;
};

/* An embedded header for clCompileProgram's input_headers. */
struct kiln_header {
	const char *name;
	const char *source;
};

/* --- build options (additive) ----------------------------------------
 * A failure caused by the options themselves (an option the spec does not
 * define, a missing argument) leaves a log whose first line starts with
 * KILN_LOG_BAD_OPTION, so the API can answer CL_INVALID_BUILD_OPTIONS /
 * CL_INVALID_LINKER_OPTIONS instead of a build failure.  kiln_options_valid
 * checks options without compiling (for_link: the linker options of OpenCL
 * 3.0 §5.8.7); *log (may be NULL) as for the other calls. */
#define KILN_LOG_BAD_OPTION "error: invalid build option"
bool kiln_options_valid(const char *options, bool for_link, char **log);

/* What the runtime needs to know of valid options, from the same table
 * (so that no other file parses build options): */
struct kiln_option_facts {
	bool create_library; /* -create-library (linker options) */
	/* §5.10: work-groups must divide the global size: with
	 * -cl-uniform-work-group-size, or for a compile or build whose
	 * -cl-std is OpenCL C 1.x (the default). */
	bool uniform_work_groups;
	bool uniform_flag; /* -cl-uniform-work-group-size itself */
	/* The options that are also linker options (§5.8.7), space
	 * separated: what the link step of clBuildProgram passes on.
	 * malloc'ed; free with kiln_option_facts_free. */
	char *link_options;
};
/* False (and *log as kiln_options_valid) when the options are not valid. */
bool kiln_options_inspect(const char *options, bool for_link,
			  struct kiln_option_facts *facts, char **log);
void kiln_option_facts_free(struct kiln_option_facts *facts);

/* --- front ends ------------------------------------------------------ */

/* OpenCL C (or C++ for OpenCL with -cl-std=CLC++) to IR.  `options` are the
 * application's build options (-D, -I, -cl-std=, -cl-*, -w, -Werror, ...).
 * The log receives Clang's diagnostics (file:line:col: message) in any case;
 * *log is malloc'ed (free it) or NULL.  Returns false on failure. */
bool kiln_compile_source(const struct kiln_target *t, const char *source,
			 const char *options, const struct kiln_header *headers,
			 size_t num_headers, struct kiln_blob *ir_out,
			 char **log);

/* SPIR-V 1.0–1.5 to IR (validated first: spirv_validate.cpp; what 1.5
 * adds is rewritten for translator 15: spirv_prepass.cpp). */
bool kiln_ir_from_spirv(const struct kiln_target *t, const void *il,
			size_t size, const uint32_t *spec_ids,
			const uint64_t *spec_values, size_t num_spec,
			struct kiln_blob *ir_out, char **log);

/* Links IR modules.  `library` (-create-library) keeps the result as a
 * library; otherwise the result must be complete (undefined functions other
 * than built-ins are link errors). */
bool kiln_link(const struct kiln_target *t, const struct kiln_blob *irs,
	       size_t n, const char *options, bool library,
	       struct kiln_blob *ir_out, char **log);

/* --- kernel metadata (from IR; needs no native code) ----------------- */

enum kiln_arg_kind {
	KILN_ARG_VALUE,   /* scalars, vectors, structs by value */
	KILN_ARG_BUFFER,  /* __global / __constant pointer: a cl_mem or NULL */
	KILN_ARG_LOCAL,   /* __local pointer: a size, no value */
	KILN_ARG_IMAGE,
	KILN_ARG_SAMPLER,
	KILN_ARG_PIPE,
	KILN_ARG_QUEUE,
};

struct kiln_arg_info {
	enum kiln_arg_kind kind;
	uint32_t size;           /* bytes of the value (VALUE), else pointer size */
	uint32_t align;
	uint32_t address_qualifier; /* CL_KERNEL_ARG_ADDRESS_* */
	uint32_t access_qualifier;  /* CL_KERNEL_ARG_ACCESS_* */
	uint64_t type_qualifier;    /* CL_KERNEL_ARG_TYPE_* bits */
	char *type_name;
	char *name;                 /* NULL unless -cl-kernel-arg-info */
};

struct kiln_kernel_info {
	char *name;
	char *attributes;           /* CL_KERNEL_ATTRIBUTES text */
	uint32_t num_args;
	struct kiln_arg_info *args;
	size_t reqd_work_group_size[3]; /* zeros when not given */
	size_t work_group_size_hint[3];
	/* intel_reqd_sub_group_size(N) (cl_intel_required_subgroup_size;
	 * SPIR-V's SubgroupSize execution mode arrives as the same
	 * metadata), 0 when not given */
	uint32_t reqd_sub_group_size;
	uint64_t local_mem_size;    /* kernel-scope __local variables */
	uint64_t private_mem_size;
};

struct kiln_program_info {
	uint32_t num_kernels;
	struct kiln_kernel_info *kernels;
	uint64_t global_variable_size; /* program-scope globals */
};

bool kiln_ir_kernels(const struct kiln_blob *ir, struct kiln_program_info *out,
		     char **log);
void kiln_program_info_free(struct kiln_program_info *info);

/* --- native code ----------------------------------------------------- */

/* What one NDRange launch passes to every work-group (read-only). */
struct kiln_wg_launch {
	uint32_t work_dim;
	size_t global_offset[3];
	size_t global_size[3];
	size_t local_size[3];     /* the uniform local size */
	size_t num_groups[3];
	/* args[i] points to argument i's value: for a buffer, to a void *
	 * holding its data pointer (NULL for a NULL buffer) followed by a
	 * uint64_t, the bytes addressable from that pointer (to the end of
	 * its buffer, sub-buffer, SVM or USM allocation; 0 when unknown, and
	 * for images, pipes, samplers and queues, whose slot has the same
	 * shape; kiln-pair-iterations reads it); for a value, to
	 * its bytes; for a __local argument, to a size_t offset into the
	 * worker's local memory (the runtime lays the arena out). */
	void *const *args;
};

/* What one worker passes for one work-group. */
struct kiln_wg_services;
struct kiln_wg_state;
struct kiln_block_kernel;
typedef void (*kiln_wg_fn)(const struct kiln_wg_launch *launch,
			   struct kiln_wg_state *state);
struct kiln_wg_state {
	size_t group_id[3];
	size_t local_size[3]; /* this group's size (smaller at the edge of a
				 non-uniform NDRange); 1 in every dimension
				 at or beyond work_dim: the work-item loops
				 take their trip counts from here */
	char *local_mem;      /* the worker's local arena: kernel-scope
				 __local variables first, then __local args */
	char *context;        /* per-worker heap storage for values live
				 across barriers: kiln_kernel_native's
				 context_size bytes per work-item */
	void *printf_buffer;  /* struct kiln_printf_buffer, or NULL */
	/* Storage for sub-group and work-group collectives (kernel-lib's
	 * subgroups and work_group files): KILN_GROUP_SCRATCH_BYTES per
	 * work-item of the group plus one more slot, 128-byte aligned, the
	 * group's own while it runs, contents undefined at its start. */
	char *group_scratch;
	/* What compiled code asks of the runtime (below); set for every
	 * group. */
	const struct kiln_wg_services *services;
	/* Set by a service that could not do its work (the command then
	 * ends in CL_OUT_OF_RESOURCES with this reason). */
	const char *failure;
	/* The command running the group (struct kiln_command): the parent of
	 * what its work-items enqueue (device-side enqueue's services). */
	void *command;
	/* Where the group's memory is, for the generic address space casts
	 * (to_local, to_private, to_global, get_fence; read by
	 * kernel-lib/generic_as.cl at these offsets): local memory is
	 * [local_mem, local_end), private memory [context, context_end) and
	 * the worker's stack below the caller's frame [stack_lo, stack_hi). */
	char *local_end;
	char *context_end;
	char *stack_lo;
	char *stack_hi;
	/* Checked mode: the command's struct kiln_check_launch
	 * (compiler/check_abi.h), NULL when the kernel is not checked. */
	const struct kiln_check_launch *check;
};

/* The runtime's services to a work-group function that runs its
 * work-items as fibers (kiln-subgroups decides; lib/core/fibers.c runs
 * them): a kernel whose sub-group functions or barriers sit in control flow
 * that work-items of one group take differently. */
typedef void (*kiln_fiber_entry)(void *closure, struct kiln_wg_state *state,
				 uint64_t x, uint64_t y, uint64_t z);
struct kiln_wg_services {
	/* Runs entry(closure, state, x, y, z) for every work-item of the
	 * group, each on a stack of its own, switching between them where
	 * they meet (the two calls below); sub-groups are sub_group_size
	 * consecutive linear local ids. */
	void (*run_fibers)(struct kiln_wg_state *state, kiln_fiber_entry entry,
			   void *closure, uint32_t sub_group_size);
	/* The work-items of the caller's sub-group that reach a meeting point
	 * meet; `site` orders the points (lowest first when several wait, a
	 * reverse post-order number).  Returns the mask of the sub-group
	 * local ids taking part. */
	uint64_t (*sub_group_sync)(struct kiln_wg_state *state, uint32_t site);
	/* Every work-item of the group meets (a work-group barrier). */
	void (*group_barrier)(struct kiln_wg_state *state);

	/* Device-side enqueue (OpenCL C 3.0 §6.15.15; lib/core/device_enqueue.c,
	 * docs/device_enqueue.md), called by kernel-lib/device_enqueue.cl.
	 * Queues and events are the runtime's cl_command_queue and cl_event
	 * handles; ndrange points to Clang's 80-byte ndrange_t; a block
	 * kernel is a struct kiln_block_kernel; block points to the block
	 * literal (its first word is its size in bytes).  Each returns 0
	 * (CLK_SUCCESS) or a CLK_* error and never blocks. */
	int (*enqueue_kernel)(struct kiln_wg_state *state, void *queue,
			      uint32_t flags, const void *ndrange,
			      uint32_t num_events, void *const *wait_list,
			      void **event_ret,
			      const struct kiln_block_kernel *kernel,
			      const void *block, uint32_t num_locals,
			      const uint64_t *local_sizes);
	int (*enqueue_marker)(struct kiln_wg_state *state, void *queue,
			      uint32_t num_events, void *const *wait_list,
			      void **event_ret);
	/* op: KILN_DE_RETAIN, _RELEASE, _IS_VALID, _SET_STATUS (arg: the
	 * status); returns is_valid_event's answer for _IS_VALID. */
	int (*event_op)(struct kiln_wg_state *state, void *event, int op,
			int arg);
	void *(*create_user_event)(struct kiln_wg_state *state);
	void (*capture_profiling)(struct kiln_wg_state *state, void *event,
				  int name, void *value);
	void *(*default_queue)(struct kiln_wg_state *state);
	/* get_kernel_work_group_size and the other kernel queries: what is
	 * one of KILN_DE_Q_*; ndrange only for the sub-group ones. */
	uint32_t (*kernel_query)(struct kiln_wg_state *state,
				 const struct kiln_block_kernel *kernel,
				 int what, const void *ndrange);

	/* Called at each turn of a loop in which a work-item waits for
	 * another (kiln-subgroups): lets the group's other sub-groups run, so
	 * that they make independent forward progress (OpenCL 3.0 §3.2.2). */
	void (*yield)(struct kiln_wg_state *state);
};
enum {
	KILN_DE_RETAIN,
	KILN_DE_RELEASE,
	KILN_DE_IS_VALID,
	KILN_DE_SET_STATUS,
};
enum {
	KILN_DE_Q_WORK_GROUP_SIZE,
	KILN_DE_Q_PREFERRED_MULTIPLE,
	KILN_DE_Q_SUB_GROUP_COUNT,
	KILN_DE_Q_MAX_SUB_GROUP_SIZE,
};

/* What the compiler's kiln-block-kernels pass (block_kernels.cpp) emits,
 * as constant data, for each kernel Clang makes from a block passed to
 * enqueue_kernel, in place of the kernel's address: its work-group
 * function and the sizes the runtime needs to launch it.  The kernel's
 * parameters are the block literal (a pointer) and num_locals __local
 * pointers. */
struct kiln_block_kernel {
	kiln_wg_fn fn;
	uint64_t context_size;   /* as kiln_kernel_native */
	uint64_t local_mem_size;
	const char *name;
	uint32_t num_locals;
	uint32_t uses_printf;
};

/* A slot of the group scratch holds the widest OpenCL value, double16. */
#define KILN_GROUP_SCRATCH_BYTES 128u

struct kiln_executable; /* native code of a program, JIT-loaded */

/* Links kernel-lib, makes the work-group functions, optimizes and emits
 * native code.  `object_out` (may be NULL) receives the object file, so the
 * cache and program binaries can skip the expensive steps next time. */
bool kiln_finalize(const struct kiln_target *t, const struct kiln_blob *ir,
		   const char *options, struct kiln_executable **exe_out,
		   struct kiln_blob *object_out, char **log);
/* What a launch fixes about one image or sampler argument of a kernel, for
 * a work-group function specialized to it (kiln-image-facts). */
enum { KILN_ARG_FACT_IMAGE = 0, KILN_ARG_FACT_SAMPLER = 1 };
struct kiln_arg_fact {
	uint32_t index; /* the argument */
	uint32_t kind;  /* KILN_ARG_FACT_* */
	/* IMAGE: channel_order, channel_data_type, pixel_size, num_channels
	 * of its struct kiln_image_abi; SAMPLER: its bit field, then 0s */
	uint32_t value[4];
};
/* The most facts one specialization takes (arguments past them keep the
 * code for every format). */
#define KILN_MAX_ARG_FACTS 8

/* kiln_finalize for one kernel and one local size: the executable holds
 * `kernel`'s work-group function specialized for groups of local_size
 * (constant loop trip counts and sizes; smaller groups, the last ones of
 * a non-uniform range, take a plain copy in the same function), and the
 * work-group functions of no other kernel (block kernels stay); with the
 * formats and sampler bits of `facts` (num_facts of them, may be 0) folded
 * in, so that it must run only for launches with those.  The
 * runtime's tier-up for kernels launched often with one size
 * (lib/core/specialize.c). */
bool kiln_finalize_for_size(const struct kiln_target *t, const struct kiln_blob *ir,
			    const char *options, const char *kernel,
			    const size_t local_size[3], const struct kiln_arg_fact *facts,
			    unsigned num_facts, struct kiln_executable **exe_out,
			    struct kiln_blob *object_out, char **log);
/* Loads an object made by kiln_finalize for the same target. */
bool kiln_load_object(const struct kiln_target *t, const struct kiln_blob *obj,
		      struct kiln_executable **exe_out, char **log);
void kiln_executable_free(struct kiln_executable *exe);

/* A narrow variant's work-group function runs its work-items along
 * dimension 0 this many at a time, their chains side by side
 * (kiln-jam-narrow unrolls and jams that loop; kiln-interleave-chains
 * interleaves the copies); a group-free kernel with a variant asked for
 * groups narrower than this runs in groups this wide where they divide
 * the range (ndrange.c). */
#define KILN_NARROW_JAM 4

struct kiln_kernel_native {
	kiln_wg_fn fn;
	size_t context_size; /* bytes per work-item of barrier context */
	size_t local_mem_size; /* kernel-scope __local bytes */
	bool uses_printf;      /* needs a printf buffer (see below) */
	/* For groups of fewer than narrow_below work-items along dimension
	 * 0: the work-group function of a variant that keeps the kernel's
	 * register-wide vectors whole (lib/compiler/narrow_variants.cpp),
	 * and its context bytes per work-item; narrow_fn is NULL when the
	 * kernel has none.  local_mem_size covers both. */
	kiln_wg_fn narrow_fn;
	size_t narrow_context_size;
	size_t narrow_below;
	/* The kernel cannot tell how its work-items are grouped
	 * (lib/compiler/group_free.cpp): the runtime may run it in groups of
	 * its own choosing. */
	bool group_free;
};
/* --- printf (OpenCL C 3.0 §6.15.14; lib/compiler/printf.cpp) ----------
 * A kernel that calls printf has uses_printf set; the runtime then points
 * state->printf_buffer of every group at one buffer per NDRange command.
 * Each printf call reserves a record with one atomic add on `used` and
 * writes it only if it fits below `capacity` (else printf returns -1);
 * the runtime formats the records in order when the command completes
 * (lib/core/printf_buffer.c).  Records start 8-byte aligned at data + offset:
 *   u64 site   address of the call's struct kiln_printf_site (constant
 *              data of the executable, alive while the program is)
 *   u64 format address of the format string (a literal, same lifetime)
 *   arguments  each at its site's offset, vectors as their elements
 * A zero site ends the records (the buffer starts zeroed). */
struct kiln_printf_buffer {
	uint64_t used;     /* bytes reserved (may grow past capacity) */
	uint64_t capacity; /* bytes of data */
	unsigned char data[];
};
enum kiln_printf_arg_kind {
	KILN_PRINTF_ARG_NONE,  /* a type printf cannot show: not stored */
	KILN_PRINTF_ARG_INT,   /* count elements of elem_size bytes */
	KILN_PRINTF_ARG_FLOAT, /* half, float or double elements */
	KILN_PRINTF_ARG_PTR,   /* an address (u64) */
	KILN_PRINTF_ARG_STR,   /* the address (u64) of a NUL-terminated
				  constant string in the executable */
};
struct kiln_printf_arg {
	uint8_t kind;
	uint8_t elem_size;
	uint8_t count;         /* 1 for scalars */
	uint8_t pad;
	uint32_t offset;       /* from the record's start */
};
struct kiln_printf_site {
	uint32_t record_size;  /* a multiple of 8 */
	uint32_t num_args;
	struct kiln_printf_arg args[];
};

/* Looks up kernel `name`'s work-group function; false if absent. */
bool kiln_executable_kernel(struct kiln_executable *exe, const char *name,
			    struct kiln_kernel_native *out);

/* The compiler's version and the target in one string: part of the cache
 * key and of program binaries. */
const char *kiln_compiler_id(void);

#ifdef __cplusplus
}
#endif

#endif
