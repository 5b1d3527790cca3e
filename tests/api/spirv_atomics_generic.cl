/* Built at test build time into SPIR-V (clang -target spir64, llvm-spirv):
 * OpAtomic* on global and local memory through generic pointers, and the
 * generic address space casts (OpGenericCastToPtrExplicit, generic
 * pointers in function calls, OpGenericPtrMemSemantics).  Read by
 * test_atomics_c11_spirv.c. */
int where(generic int *p)
{
	return (to_global(p) != 0) | (to_local(p) != 0) << 1 | (to_private(p) != 0) << 2;
}

void bump(generic atomic_int *c, int v)
{
	atomic_fetch_add_explicit(c, v, memory_order_acq_rel, memory_scope_device);
}

kernel void spv_atomics(global int *in, global atomic_int *c, global atomic_uint *u,
			global atomic_float *f, global int *out)
{
	local atomic_int lc;
	int i = get_global_id(0), l = get_local_id(0), x = i;
	if (l == 0)
		atomic_init(&lc, 0);
	barrier(CLK_LOCAL_MEM_FENCE);
	int v = in[i];
	bump(&c[0], v);
	bump(&lc, 1);
	atomic_fetch_sub(&c[1], v);
	atomic_fetch_max_explicit(&c[2], v, memory_order_relaxed);
	atomic_fetch_min_explicit(&u[0], (uint)v, memory_order_relaxed, memory_scope_work_group);
	atomic_fetch_or(&u[1], 1u << (i & 31));
	int e = atomic_load_explicit(&c[3], memory_order_relaxed);
	while (!atomic_compare_exchange_weak(&c[3], &e, e + 1))
		;
	int z = 0;
	out[4 * i] = atomic_compare_exchange_strong(&c[4], &z, i + 1);
	atomic_exchange(&f[0], (float)i);
	barrier(CLK_LOCAL_MEM_FENCE);
	out[4 * i + 1] = atomic_load(&lc);
	out[4 * i + 2] = where(&in[i]) | where((generic int *)&lc) << 4 | where(&x) << 8;
	out[4 * i + 3] = get_fence(&in[i]) == CLK_GLOBAL_MEM_FENCE &&
			 get_fence((generic int *)&lc) == CLK_LOCAL_MEM_FENCE;
	atomic_flag_clear((global atomic_flag *)&c[5]);
}
