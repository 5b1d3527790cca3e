/* Kernel objects (OpenCL 3.0 §5.9) and NDRange execution (§5.10).
 *
 * A kernel names one kernel of its program's executable: its metadata
 * (from the compiler), its work-group function on each device of the
 * program, and the argument values set so far.  An enqueue copies the
 * argument values into the command, so later clSetKernelArg calls never
 * change a command already queued. */
#ifndef KILN_CORE_KERNEL_H
#define KILN_CORE_KERNEL_H

#include "object.h"
#include "program.h"

struct kiln_kernel_arg {
	bool set;
	bool is_svm;      /* a BUFFER argument given as an SVM pointer */
	/* VALUE: the bytes (info->args[i].size of them, malloc'ed) */
	unsigned char *value;
	union {
		cl_mem mem;              /* BUFFER, IMAGE, PIPE (may be NULL) */
		void *svm;               /* BUFFER set by clSetKernelArgSVMPointer */
		cl_sampler sampler;      /* SAMPLER */
		cl_command_queue queue;  /* QUEUE */
		size_t local_size;       /* LOCAL: bytes */
	};
};

struct _cl_kernel {
	struct kiln_object obj;
	cl_program program; /* held */
	cl_context context;
	const struct kiln_kernel_info *info; /* in the program's build */
	/* One per device of the program; fn NULL where it has no executable. */
	struct kiln_kernel_native *natives;
	pthread_mutex_t lock; /* guards args and exec info */
	struct kiln_kernel_arg *args;
	/* clSetKernelExecInfo (§5.9.3): SVM pointers the kernel may use. */
	void **svm_ptrs;
	size_t num_svm_ptrs;
	bool svm_fine_grain_system;
	/* cl_intel_unified_shared_memory and cl_ext_buffer_device_address
	 * exec info (lib/api/usm.c): KILN_USM_INDIRECT_* bits, and the
	 * allocations and device addresses the kernel reaches indirectly.
	 * Kernels reach all host memory, so they are kept for clCloneKernel. */
	unsigned usm_indirect;
	void **usm_ptrs;
	size_t num_usm_ptrs;
	cl_ulong *device_ptrs;
	size_t num_device_ptrs;
	/* How long the kernel's last NDRange ran, in ns (UINT_MAX: not run
	 * yet): a short one runs on the enqueuing thread (ndrange.c). */
	atomic_uint last_run_ns;
};

#define KILN_USM_INDIRECT_HOST 1u
#define KILN_USM_INDIRECT_DEVICE 2u
#define KILN_USM_INDIRECT_SHARED 4u

/* A kernel `name` of `p` (which has an executable on some device):
 * CL_INVALID_KERNEL_NAME when no executable defines it. */
cl_kernel kiln_kernel_new(cl_program p, const char *name, cl_int *err);

/* A copy with the same argument values (clCloneKernel). */
cl_kernel kiln_kernel_clone(cl_kernel k, cl_int *err);

/* Sets argument `index` after the API checked it: `value` points at
 * info->args[index].size bytes (VALUE), a cl_mem / cl_sampler /
 * cl_command_queue (or NULL), or is NULL with `size` the local bytes. */
cl_int kiln_kernel_set_arg(cl_kernel k, cl_uint index, size_t size,
			   const void *value);

/* Sets a pointer argument to an SVM address (clSetKernelArgSVMPointer;
 * the SVM owner checks the arguments and calls this). */
cl_int kiln_kernel_set_arg_svm(cl_kernel k, cl_uint index, const void *ptr);

/* True when every argument has been set. */
bool kiln_kernel_args_complete(cl_kernel k);

/* --- sub-groups (OpenCL 3.0 §3.2.2, cl_intel_required_subgroup_size) --- */

/* The sub-group size S of kernel `info` on `dev`: its
 * intel_reqd_sub_group_size when given, else the device's native float
 * vector width (props.vector_bytes / 4).  Sub-groups are S consecutive
 * linearized local ids, the last one of a group possibly smaller.  The
 * compiler's kiln-subgroups pass (lib/compiler/subgroups.cpp) applies the
 * same rule to the code; the two must agree. */
cl_uint kiln_kernel_sub_group_size(cl_device_id dev,
				   const struct kiln_kernel_info *info);

/* Whether `dev` runs sub-groups of `size` work-items: one of its
 * CL_DEVICE_SUB_GROUP_SIZES_INTEL (none when it has no sub-groups). */
bool kiln_device_has_sub_group_size(cl_device_id dev, size_t size);

/* --- NDRange execution (lib/core/ndrange.c) --------------------------- */

/* A local size for a NULL local_work_size (§5.10): many work-items per
 * group along dimension 0 (a multiple of the vector width where the sizes
 * allow), enough groups for every worker, and dividing the global size
 * unless `uniform` is false and no good divisor exists. */
void kiln_ndrange_pick_local(cl_device_id dev, cl_kernel k, cl_uint work_dim,
			     const size_t *global, bool uniform,
			     size_t local_out[3]);

/* Enqueues the NDRange after the API validated everything.  `local` is
 * the final local size (work_dim entries). */
cl_int kiln_ndrange_enqueue(cl_command_queue q, cl_kernel k, cl_uint work_dim,
			    const size_t *offset, const size_t *global,
			    const size_t *local, cl_command_type type,
			    cl_uint num_events, const cl_event *wait_list,
			    cl_event *event);

/* Command buffers (lib/core/command_buffer.c) keep NDRange commands that
 * were built by kiln_ndrange_enqueue but never queued, and run them again
 * and again, several runs at a time: */
struct kiln_command;
/* Whether `cmd` is an NDRange command. */
bool kiln_ndrange_is(const struct kiln_command *cmd);
/* Runs the NDRange `recorded` once more, for `owner` (the command being
 * executed: it gets the error reason and parents device-side enqueues).
 * `recorded` is only read. */
cl_int kiln_ndrange_replay(const struct kiln_command *recorded,
			   struct kiln_command *owner);
/* The launch geometry of `recorded` (3 entries each, unused ones 0/1/1). */
void kiln_ndrange_geometry(const struct kiln_command *recorded,
			   cl_uint *work_dim, size_t offset[3],
			   size_t global[3], size_t local[3]);

#endif
