/* Kernels of test_work_group_collectives (built from this source) and
 * test_work_group_collectives_spirv (this file through clang -target spir64
 * and llvm-spirv, read back by the device from SPIR-V).
 *
 * Every work-item writes its results at its global linear id (x fastest),
 * so the host can find each group's work-items for its reference.  The
 * collectives follow each other with no barrier between them: a collective
 * that overwrote storage another work-item still had to read would show. */

/* The global linear id, x fastest, in an NDRange of 1 to 3 dimensions. */
size_t wg_gid(void)
{
	return get_global_id(0) +
	       get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2));
}

/* A broadcast source that differs between groups and is always inside the
 * group, also in the smaller groups at the edge of a non-uniform NDRange:
 * (group id * 7 + 3) mod the group's local size, per dimension. */
size_t wg_src(uint d)
{
	return (get_group_id(d) * 7 + 3) % get_local_size(d);
}

/* out[12 * gid + k]: k = 0..8 reduce add/min/max, inclusive scans
 * add/min/max, exclusive scans add/min/max; 9, 10, 11 broadcasts with the
 * 1D, 2D and 3D forms of the source (wg_src of each dimension; for the
 * forms with fewer dimensions than the NDRange the source is the
 * corresponding linear id, see the host). */
#define WG_ARITH_RESULTS(T)                                                    \
	__global T *o = out + 12 * g;                                          \
	o[0] = work_group_reduce_add(x);                                       \
	o[1] = work_group_reduce_min(x);                                       \
	o[2] = work_group_reduce_max(x);                                       \
	o[3] = work_group_scan_inclusive_add(x);                               \
	o[4] = work_group_scan_inclusive_min(x);                               \
	o[5] = work_group_scan_inclusive_max(x);                               \
	o[6] = work_group_scan_exclusive_add(x);                               \
	o[7] = work_group_scan_exclusive_min(x);                               \
	o[8] = work_group_scan_exclusive_max(x);                               \
	o[9] = work_group_broadcast(x, wg_src(0));                             \
	o[10] = work_group_broadcast(x, wg_src(0), wg_src(1));                 \
	o[11] = work_group_broadcast(x, wg_src(0), wg_src(1), wg_src(2));

#define WG_ARITH(T)                                                            \
	__kernel void arith_##T(__global const T *in, __global T *out)         \
	{                                                                      \
		size_t g = wg_gid();                                           \
		T x = in[g];                                                   \
		WG_ARITH_RESULTS(T)                                            \
	}

WG_ARITH(int)
WG_ARITH(uint)
WG_ARITH(long)
WG_ARITH(ulong)
WG_ARITH(float)
WG_ARITH(double)

#ifdef WG_FIBERS
/* The same in a kernel whose work-items run as separate execution contexts
 * (fibers): a sub-group collective under a branch on the sub-group id,
 * which only whole sub-groups take, makes the compiler run the group that
 * way, and the work-group collectives' barriers become the runtime's group
 * barrier.  The sub-groups that skip the branch reach the work-group
 * collectives while the others are still inside their sub-group
 * collective, so storage the two kinds share would show in either result:
 * sg[2 * gid] = the sub-group id, sg[2 * gid + 1] = sub_group_reduce_add(x)
 * in even sub-groups, 0 in odd ones. */
#define WG_FIBERS_KERNEL(T)                                                    \
	__kernel void arith_fibers_##T(__global const T *in, __global T *out,   \
				       __global T *sg)                         \
	{                                                                      \
		size_t g = wg_gid();                                           \
		T x = in[g], s = 0;                                            \
		if (get_sub_group_id() % 2 == 0)                               \
			s = sub_group_reduce_add(x);                           \
		sg[2 * g] = (T)get_sub_group_id();                             \
		sg[2 * g + 1] = s;                                             \
		WG_ARITH_RESULTS(T)                                            \
	}
WG_FIBERS_KERNEL(int)
WG_FIBERS_KERNEL(long)
WG_FIBERS_KERNEL(double)
#endif

/* out[2 * gid]: work_group_all, out[2 * gid + 1]: work_group_any of the
 * predicate p[gid] (any int; non-zero is true). */
__kernel void vote(__global const int *p, __global int *out)
{
	size_t g = wg_gid();
	out[2 * g] = work_group_all(p[g]);
	out[2 * g + 1] = work_group_any(p[g]);
}

/* Collectives in a loop every work-item runs `iters` times, mixed with
 * each other: acc += reduce_add(v) ^ scan_inclusive_add(v) ^
 * broadcast(v, i mod local size) with v = in[gid] * (i + 1). */
__kernel void loop(__global const int *in, __global int *out, int iters)
{
	size_t g = wg_gid();
	int acc = 0;
	for (int i = 0; i < iters; i++) {
		int v = in[g] * (i + 1);
		acc += work_group_reduce_add(v) ^ work_group_scan_inclusive_add(v) ^
		       work_group_broadcast(v, (size_t)i % get_local_size(0));
	}
	out[g] = acc;
}

/* A collective orders memory like a work-group barrier: each work-item
 * writes its id to local memory, a collective follows, then each reads its
 * neighbour's entry (out[gid] = the next linear local id's entry plus the
 * group's reduce_max of the ids). */
__kernel void fence(__global int *out, __local int *mem)
{
	size_t lin = get_local_linear_id();
	size_t n = get_local_size(0) * get_local_size(1) * get_local_size(2);
	mem[lin] = (int)lin + 1;
	int m = work_group_reduce_max((int)lin);
	out[wg_gid()] = mem[(lin + 1) % n] + 1000 * m;
}
