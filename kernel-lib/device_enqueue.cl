/* Device-side enqueue built-ins (OpenCL C 3.0 §6.15.15): enqueue_kernel in
 * its four forms (Clang 15 calls __enqueue_kernel_basic, _basic_events,
 * _varargs and _events_varargs with the block literal and the address of
 * the block's kernel, which the compiler's kiln-block-kernels pass has
 * replaced by its struct kiln_block_kernel), enqueue_marker, the event
 * functions, get_default_queue, ndrange_1D/2D/3D and the kernel queries.
 *
 * Everything but ndrange_* is a call of the runtime's services through the
 * work-group state (struct kiln_wg_services, lib/compiler/compiler.h;
 * implemented in lib/core/device_enqueue.c; docs/device_enqueue.md).
 * queue_t, clk_event_t and the block are host pointers here: the runtime's
 * cl_command_queue and cl_event handles and the block literal. */

/* The part of struct kiln_wg_state (lib/compiler/compiler.h) read here:
 * the services pointer, at the offset lib/core/device_enqueue.c asserts. */
struct kl_de_state {
	ulong before[10];
	ulong services; /* const struct kiln_wg_services * */
};

/* Defined by nobody: the compiler's kiln-wg-state pass turns each call into
 * the work-group function's state argument (lib/compiler/wg_state.cpp). */
const __private struct kl_de_state *__kiln_wg_state(void) __attribute__((const));

#pragma OPENCL EXTENSION __cl_clang_function_pointers : enable

typedef __private void *kl_ptr;

/* struct kiln_wg_services, in the same order (compiler.h). */
struct kl_services {
	kl_ptr run_fibers, sub_group_sync, group_barrier;
	int (*enqueue_kernel)(kl_ptr state, kl_ptr queue, uint flags,
			      const __generic void *ndrange, uint num_events,
			      const __generic void *wait_list,
			      __generic void *event_ret,
			      const __generic void *bk,
			      const __generic void *block, uint num_locals,
			      const __private ulong *local_sizes);
	int (*enqueue_marker)(kl_ptr state, kl_ptr queue, uint num_events,
			      const __generic void *wait_list,
			      __generic void *event_ret);
	int (*event_op)(kl_ptr state, kl_ptr event, int op, int arg);
	kl_ptr (*create_user_event)(kl_ptr state);
	void (*capture_profiling)(kl_ptr state, kl_ptr event, int name,
				  __global void *value);
	kl_ptr (*default_queue)(kl_ptr state);
	uint (*kernel_query)(kl_ptr state, const __generic void *bk,
			     int what, const __generic void *ndrange);
};

/* compiler.h's KILN_DE_* */
#define KL_RETAIN 0
#define KL_RELEASE 1
#define KL_IS_VALID 2
#define KL_SET_STATUS 3
#define KL_Q_WORK_GROUP_SIZE 0
#define KL_Q_PREFERRED_MULTIPLE 1
#define KL_Q_SUB_GROUP_COUNT 2
#define KL_Q_MAX_SUB_GROUP_SIZE 3

static inline __attribute__((always_inline)) kl_ptr kl_state(void)
{
	return (kl_ptr)__kiln_wg_state();
}

static inline __attribute__((always_inline)) const __private struct kl_services *kl_svc(void)
{
	return (const __private struct kl_services *)__kiln_wg_state()->services;
}

/* queue_t and clk_event_t are opaque in OpenCL C: their bits are the
 * runtime's handles. */
static inline __attribute__((always_inline)) kl_ptr kl_queue(queue_t q)
{
	return *(__private kl_ptr *)&q;
}

static inline __attribute__((always_inline)) kl_ptr kl_event(clk_event_t e)
{
	return *(__private kl_ptr *)&e;
}

/* --- enqueue_kernel (what Clang 15 calls) ---------------------------- */

int __enqueue_kernel_basic(kl_ptr queue, uint flags, ndrange_t ndrange,
			   const __generic void *bk,
			   const __generic void *block)
{
	return kl_svc()->enqueue_kernel(kl_state(), queue, flags, &ndrange, 0, 0, 0,
					bk, block, 0, 0);
}

int __enqueue_kernel_basic_events(kl_ptr queue, uint flags,
				  const __private ndrange_t *ndrange,
				  uint num_events,
				  const __generic void *wait_list,
				  __generic void *event_ret,
				  const __generic void *bk,
				  const __generic void *block)
{
	return kl_svc()->enqueue_kernel(kl_state(), queue, flags, ndrange,
					num_events, wait_list, event_ret, bk,
					block, 0, 0);
}

int __enqueue_kernel_varargs(kl_ptr queue, uint flags,
			     const __private ndrange_t *ndrange,
			     const __generic void *bk,
			     const __generic void *block, uint num_locals,
			     const __private ulong *local_sizes)
{
	return kl_svc()->enqueue_kernel(kl_state(), queue, flags, ndrange, 0, 0, 0,
					bk, block, num_locals, local_sizes);
}

int __enqueue_kernel_events_varargs(kl_ptr queue, uint flags,
				    const __private ndrange_t *ndrange,
				    uint num_events,
				    const __generic void *wait_list,
				    __generic void *event_ret,
				    const __generic void *bk,
				    const __generic void *block,
				    uint num_locals,
				    const __private ulong *local_sizes)
{
	return kl_svc()->enqueue_kernel(kl_state(), queue, flags, ndrange,
					num_events, wait_list, event_ret, bk,
					block, num_locals, local_sizes);
}

/* --- kernel queries (§6.15.15.4) ------------------------------------ */

uint __get_kernel_work_group_size_impl(const __generic void *bk,
				       const __generic void *block)
{
	return kl_svc()->kernel_query(kl_state(), bk, KL_Q_WORK_GROUP_SIZE, 0);
}

uint __get_kernel_preferred_work_group_size_multiple_impl(
	const __generic void *bk, const __generic void *block)
{
	return kl_svc()->kernel_query(kl_state(), bk, KL_Q_PREFERRED_MULTIPLE, 0);
}

uint __get_kernel_sub_group_count_for_ndrange_impl(
	const __private ndrange_t *ndrange, const __generic void *bk,
	const __generic void *block)
{
	return kl_svc()->kernel_query(kl_state(), bk, KL_Q_SUB_GROUP_COUNT, ndrange);
}

uint __get_kernel_max_sub_group_size_for_ndrange_impl(
	const __private ndrange_t *ndrange, const __generic void *bk,
	const __generic void *block)
{
	return kl_svc()->kernel_query(kl_state(), bk, KL_Q_MAX_SUB_GROUP_SIZE,
				      ndrange);
}

/* --- markers, events, queues (§6.15.15.6-8) ------------------------- */

int __attribute__((overloadable)) enqueue_marker(queue_t queue, uint num_events,
						 const __generic clk_event_t *wait_list,
						 __generic clk_event_t *event_ret)
{
	return kl_svc()->enqueue_marker(kl_state(), kl_queue(queue), num_events,
					wait_list, event_ret);
}

void __attribute__((overloadable)) retain_event(clk_event_t event)
{
	kl_svc()->event_op(kl_state(), kl_event(event), KL_RETAIN, 0);
}

void __attribute__((overloadable)) release_event(clk_event_t event)
{
	kl_svc()->event_op(kl_state(), kl_event(event), KL_RELEASE, 0);
}

clk_event_t __attribute__((overloadable)) create_user_event(void)
{
	kl_ptr e = kl_svc()->create_user_event(kl_state());
	return *(__private clk_event_t *)&e;
}

void __attribute__((overloadable)) set_user_event_status(clk_event_t event, int status)
{
	kl_svc()->event_op(kl_state(), kl_event(event), KL_SET_STATUS, status);
}

bool __attribute__((overloadable)) is_valid_event(clk_event_t event)
{
	return kl_svc()->event_op(kl_state(), kl_event(event), KL_IS_VALID, 0) != 0;
}

void __attribute__((overloadable)) capture_event_profiling_info(clk_event_t event,
								clk_profiling_info name,
								__global void *value)
{
	kl_svc()->capture_profiling(kl_state(), kl_event(event), (int)name, value);
}

queue_t __attribute__((overloadable)) get_default_queue(void)
{
	kl_ptr q = kl_svc()->default_queue(kl_state());
	return *(__private queue_t *)&q;
}

/* --- ndrange_1D/2D/3D (§6.15.15.3): a local size of 0 lets the runtime
 * choose (lib/core/device_enqueue.c). */

static inline __attribute__((always_inline)) ndrange_t
kl_ndrange(uint dim, const __generic size_t *off, const __generic size_t *g,
	   const __generic size_t *l)
{
	ndrange_t r;
	r.workDimension = dim;
	for (uint d = 0; d < 3; d++) {
		r.globalWorkOffset[d] = off && d < dim ? off[d] : 0;
		r.globalWorkSize[d] = d < dim ? g[d] : 1;
		r.localWorkSize[d] = l && d < dim ? l[d] : 0;
	}
	return r;
}

ndrange_t __attribute__((overloadable)) ndrange_1D(size_t g)
{
	return kl_ndrange(1, 0, &g, 0);
}

ndrange_t __attribute__((overloadable)) ndrange_1D(size_t g, size_t l)
{
	return kl_ndrange(1, 0, &g, &l);
}

ndrange_t __attribute__((overloadable)) ndrange_1D(size_t o, size_t g, size_t l)
{
	return kl_ndrange(1, &o, &g, &l);
}

ndrange_t __attribute__((overloadable)) ndrange_2D(const size_t g[2])
{
	return kl_ndrange(2, 0, g, 0);
}

ndrange_t __attribute__((overloadable)) ndrange_2D(const size_t g[2], const size_t l[2])
{
	return kl_ndrange(2, 0, g, l);
}

ndrange_t __attribute__((overloadable)) ndrange_2D(const size_t o[2], const size_t g[2],
						   const size_t l[2])
{
	return kl_ndrange(2, o, g, l);
}

ndrange_t __attribute__((overloadable)) ndrange_3D(const size_t g[3])
{
	return kl_ndrange(3, 0, g, 0);
}

ndrange_t __attribute__((overloadable)) ndrange_3D(const size_t g[3], const size_t l[3])
{
	return kl_ndrange(3, 0, g, l);
}

ndrange_t __attribute__((overloadable)) ndrange_3D(const size_t o[3], const size_t g[3],
						   const size_t l[3])
{
	return kl_ndrange(3, o, g, l);
}
