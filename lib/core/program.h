/* Program objects (OpenCL 3.0 §5.8): the source, IL or binaries a program
 * was made from, and per device the result of its last build, compile or
 * link: status, options, log, IR, native code and kernel metadata. */
#ifndef KILN_CORE_PROGRAM_H
#define KILN_CORE_PROGRAM_H

#include "object.h"
#include "compiler/compiler.h"
#include <pthread.h>

enum kiln_program_origin {
	KILN_PROGRAM_FROM_SOURCE,
	KILN_PROGRAM_FROM_IL,
	KILN_PROGRAM_FROM_BINARY,
	KILN_PROGRAM_FROM_LINK,
};

/* The state of one device's build (§5.8.8 build info). */
struct kiln_program_build {
	cl_build_status status;
	cl_program_binary_type binary_type;
	char *options; /* of the last build/compile/link, or NULL */
	char *log;
	struct kiln_blob ir;     /* malloc'ed bitcode: object, library or executable */
	struct kiln_blob object; /* malloc'ed native object (executable), may be empty */
	char *object_cpu, *object_features; /* the target `object` was made for */
	struct kiln_executable *exe;  /* loaded native code (executable) */
	struct kiln_program_info info; /* kernel metadata (executable) */
	bool has_info;
	/* Work-groups must divide the global size: a program for OpenCL C
	 * older than 2.0, or built with -cl-uniform-work-group-size (§5.10). */
	bool uniform_work_groups;
	/* How long kiln_finalize took for this build (0: not made here:
	 * from the cache or a binary), and the work-group functions made
	 * later for one kernel and local size (specialize.h). */
	uint64_t finalize_ns;
	struct kiln_size_variant *size_variants;
};

struct kiln_spec_const {
	cl_uint id;
	uint32_t size;   /* bytes the IL declares for it */
	bool set;
	uint64_t value;
};

struct _cl_program {
	struct kiln_object obj;
	cl_context context;
	cl_uint num_devices;
	cl_device_id *devices;
	enum kiln_program_origin origin;
	char *source;       /* FROM_SOURCE: NUL-terminated */
	void *il;           /* FROM_IL: a copy of the SPIR-V */
	size_t il_size;
	struct kiln_program_build *builds; /* one per device, same order */

	pthread_mutex_t lock;  /* guards builds[], spec constants */
	atomic_int num_kernels; /* kernel objects attached (§5.8.2: no rebuild) */
	atomic_bool busy;       /* a build, compile or link is running */
	struct kiln_spec_const *spec; /* FROM_IL: the module's spec constants */
	size_t num_spec;
};

/* A new program of `ctx` for the given devices (copied), with no builds. */
cl_program kiln_program_new(cl_context ctx, cl_uint num_devices,
			    const cl_device_id *devices,
			    enum kiln_program_origin origin, cl_int *err);

/* Index of `dev` in the program's device list, or -1. */
int kiln_program_device_index(cl_program p, cl_device_id dev);

/* The index whose executable runs on `dev`: its own, or where it has none,
 * that of its nearest ancestor in the program (a sub-device runs its
 * parent's code: same ISA, a subset of its cores; docs/sub_devices.md).
 * -1 when neither has one. */
int kiln_program_exec_index(cl_program p, cl_device_id dev);

/* Builds (compile + link + native code) for the listed devices (all the
 * program's devices when num_devices is 0).  Returns CL_SUCCESS,
 * CL_BUILD_PROGRAM_FAILURE, CL_INVALID_BINARY or CL_OUT_OF_HOST_MEMORY. */
cl_int kiln_program_build(cl_program p, cl_uint num_devices,
			  const cl_device_id *devices, const char *options);

/* Compiles to IR objects (clCompileProgram): CL_SUCCESS,
 * CL_COMPILE_PROGRAM_FAILURE or CL_OUT_OF_HOST_MEMORY. */
cl_int kiln_program_compile(cl_program p, cl_uint num_devices,
			    const cl_device_id *devices, const char *options,
			    const struct kiln_header *headers,
			    size_t num_headers);

/* Links `inputs` into `out` (a new program made by the caller for the
 * devices): CL_SUCCESS, CL_LINK_PROGRAM_FAILURE, CL_OUT_OF_HOST_MEMORY. */
cl_int kiln_program_link(cl_program out, const char *options,
			 cl_uint num_inputs, const cl_program *inputs);

/* Loads a binary container for device `index` (clCreateProgramWithBinary):
 * CL_SUCCESS or CL_INVALID_BINARY. */
cl_int kiln_program_load_binary(cl_program p, cl_uint index, const void *data,
				size_t size);

/* The container of device `index`'s current result (CL_PROGRAM_BINARIES);
 * an empty blob when there is none.  Returns false when out of memory. */
bool kiln_program_binary(cl_program p, cl_uint index, struct kiln_blob *out);

/* Reads the specialization constants of the program's SPIR-V (ids, sizes)
 * into p->spec.  False when the module is malformed. */
bool kiln_program_scan_spec_constants(cl_program p);

/* Adds every input of a build besides the program itself (options, the
 * target, the compiler and Kiln) to a cache key. */
struct kiln_hash;
void kiln_program_hash_environment(struct kiln_hash *h, const struct kiln_target *t,
				   const char *options);

/* Stores an executable's object (with its IR, and `log` when not NULL)
 * in the disk cache under `key`; nothing when `object` is empty. */
void kiln_program_cache_executable(const struct kiln_hash *key, const struct kiln_target *t,
				   const char *options, const char *log,
				   const struct kiln_blob *ir, const struct kiln_blob *object);

/* True when device `index` holds a built executable. */
bool kiln_program_has_executable(cl_program p, cl_uint index);

/* Index of the first device holding an executable, or -1. */
int kiln_program_first_executable(cl_program p);

/* Kernel metadata of `name` in device `index`'s executable, or NULL. */
const struct kiln_kernel_info *kiln_program_find_kernel(cl_program p,
							cl_uint index,
							const char *name);

#endif
