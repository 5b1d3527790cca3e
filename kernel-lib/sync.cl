/* Work-group barriers and memory fences (OpenCL C 3.0 §6.15.9 "Synchronization
 * Functions", §6.15.10 "Legacy Explicit Memory Fence Functions", §6.15.12.1
 * atomic_work_item_fence).
 *
 * Every form of barrier becomes a call to __kiln_barrier, which is not
 * defined anywhere: the work-group pass (lib/compiler/barriers.cpp) splits
 * the kernel at each call into regions that run one after another for all
 * work-items of the group.  That ordering already gives the barrier's memory
 * semantics for local and global memory within the group.
 *
 * All work-items of a group run on one thread, in program order inside a
 * region, so fences between them only have to stop the compiler from moving
 * memory operations; a fence of device or wider scope also orders against
 * other threads (other work-groups, the host for fine-grained SVM). */

void __kiln_barrier(cl_mem_fence_flags flags) __attribute__((convergent));

__attribute__((overloadable, convergent)) void barrier(cl_mem_fence_flags flags)
{
	__kiln_barrier(flags);
}

__attribute__((overloadable, convergent)) void
work_group_barrier(cl_mem_fence_flags flags)
{
	__kiln_barrier(flags);
}

__attribute__((overloadable, convergent)) void
work_group_barrier(cl_mem_fence_flags flags, memory_scope scope)
{
	(void)scope;
	__kiln_barrier(flags);
}

__attribute__((overloadable)) void mem_fence(cl_mem_fence_flags flags)
{
	(void)flags;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

__attribute__((overloadable)) void read_mem_fence(cl_mem_fence_flags flags)
{
	(void)flags;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

__attribute__((overloadable)) void write_mem_fence(cl_mem_fence_flags flags)
{
	(void)flags;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

/* The scope decides how far the fence reaches: within a work-group (one
 * thread) a compiler fence suffices; wider scopes need a hardware fence. */
__attribute__((overloadable)) void
atomic_work_item_fence(cl_mem_fence_flags flags, memory_order order,
		       memory_scope scope)
{
	(void)flags;
	if (order == memory_order_relaxed)
		return;
	if (scope == memory_scope_work_item || scope == memory_scope_work_group
#ifdef __opencl_c_subgroups
	    || scope == memory_scope_sub_group
#endif
	) {
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		return;
	}
	switch (order) {
	case memory_order_acquire:
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		break;
	case memory_order_release:
		__atomic_thread_fence(__ATOMIC_RELEASE);
		break;
	case memory_order_acq_rel:
		__atomic_thread_fence(__ATOMIC_ACQ_REL);
		break;
	default:
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		break;
	}
}
