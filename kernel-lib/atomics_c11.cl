/* The C11-style atomic functions of OpenCL C 3.0 section 6.15.12
 * (atomic_init, atomic_store/load/exchange, atomic_compare_exchange_*,
 * atomic_fetch_<op>, atomic_flag_*, each with its _explicit forms), and the
 * floating-point ones of cl_ext_float_atomics (fetch add/sub/min/max for
 * float and double).  atomic_work_item_fence is in sync.cl.
 *
 * Clang declares them for atomic_int/uint/long/ulong/float/double
 * (intptr_t, uintptr_t, size_t and ptrdiff_t are long and ulong here) on
 * generic pointers when the generic address space is on, and on global and
 * local pointers when it is off; the expected value of compare-exchange may
 * be in any of global, local, private or generic memory.  Kernel-lib is
 * built once for programs of every kind, so it defines every combination;
 * the linker takes only what a program calls.
 *
 * Scopes: every atomic operation here is a hardware atomic of the CPU, which
 * is coherent for all threads and the host, so it honours every scope
 * (work_item for fences only, sub_group, work_group, device, all_devices).
 * The scope argument is therefore not needed to pick the instruction.  The
 * memory order is passed on unchanged: after inlining it is a constant and
 * the operation is one atomicrmw / cmpxchg / atomic load or store with that
 * ordering (section 6.15.12.3).  All work-items of a group run on one
 * thread in program order, so work-group scope needs nothing more. */
#include "kl_gentype.h"

#define KL_SC memory_order_seq_cst
#define KL_DEV memory_scope_device

/* Each definition for the address spaces an atomic object may be in. */
#define KL_ATOMIC_AS(M, ...)                                                   \
	M(__global, __VA_ARGS__) M(__local, __VA_ARGS__) M(__generic, __VA_ARGS__)
/* ... and the address spaces of compare-exchange's `expected`. */
#define KL_EXPECTED_AS(M, ...)                                                 \
	M(__generic, __VA_ARGS__) M(__global, __VA_ARGS__)                     \
	M(__local, __VA_ARGS__) M(__private, __VA_ARGS__)

/* ---- init, store, load, exchange (every atomic type) ------------------ */

#define KL_BASIC(AS, T)                                                        \
	void KL_OVL atomic_init(volatile AS atomic_##T *p, T v)                \
	{                                                                      \
		__opencl_atomic_init(p, v);                                    \
	}                                                                      \
	void KL_OVL atomic_store(volatile AS atomic_##T *p, T v)               \
	{                                                                      \
		__opencl_atomic_store(p, v, KL_SC, KL_DEV);                    \
	}                                                                      \
	void KL_OVL atomic_store_explicit(volatile AS atomic_##T *p, T v,      \
					  memory_order o)                      \
	{                                                                      \
		__opencl_atomic_store(p, v, o, KL_DEV);                        \
	}                                                                      \
	void KL_OVL atomic_store_explicit(volatile AS atomic_##T *p, T v,      \
					  memory_order o, memory_scope s)      \
	{                                                                      \
		__opencl_atomic_store(p, v, o, KL_DEV);                        \
	}                                                                      \
	T KL_OVL atomic_load(volatile AS atomic_##T *p)                        \
	{                                                                      \
		return __opencl_atomic_load(p, KL_SC, KL_DEV);                 \
	}                                                                      \
	T KL_OVL atomic_load_explicit(volatile AS atomic_##T *p, memory_order o) \
	{                                                                      \
		return __opencl_atomic_load(p, o, KL_DEV);                     \
	}                                                                      \
	T KL_OVL atomic_load_explicit(volatile AS atomic_##T *p, memory_order o, \
				      memory_scope s)                          \
	{                                                                      \
		return __opencl_atomic_load(p, o, KL_DEV);                     \
	}                                                                      \
	T KL_OVL atomic_exchange(volatile AS atomic_##T *p, T v)               \
	{                                                                      \
		return __opencl_atomic_exchange(p, v, KL_SC, KL_DEV);          \
	}                                                                      \
	T KL_OVL atomic_exchange_explicit(volatile AS atomic_##T *p, T v,      \
					  memory_order o)                      \
	{                                                                      \
		return __opencl_atomic_exchange(p, v, o, KL_DEV);              \
	}                                                                      \
	T KL_OVL atomic_exchange_explicit(volatile AS atomic_##T *p, T v,      \
					  memory_order o, memory_scope s)      \
	{                                                                      \
		return __opencl_atomic_exchange(p, v, o, KL_DEV);              \
	}

/* ---- compare-exchange: §6.15.12.7; *expected is updated only on
 * failure, with the value found.  The comparison is of the bits (a float
 * -0.0 does not match 0.0, a NaN matches itself), as cmpxchg does. ------ */

#define KL_CAS_KIND(EAS, AS, T, KIND)                                          \
	bool KL_OVL atomic_compare_exchange_##KIND##_explicit(                 \
		volatile AS atomic_##T *p, EAS T *e, T d, memory_order so,     \
		memory_order fo, memory_scope s)                               \
	{                                                                      \
		T x = *e;                                                      \
		bool ok = __opencl_atomic_compare_exchange_##KIND(             \
			p, &x, d, so, fo, KL_DEV);                             \
		if (!ok)                                                       \
			*e = x;                                                \
		return ok;                                                     \
	}                                                                      \
	bool KL_OVL atomic_compare_exchange_##KIND##_explicit(                 \
		volatile AS atomic_##T *p, EAS T *e, T d, memory_order so,     \
		memory_order fo)                                               \
	{                                                                      \
		return atomic_compare_exchange_##KIND##_explicit(p, e, d, so,  \
								 fo, KL_DEV);  \
	}                                                                      \
	bool KL_OVL atomic_compare_exchange_##KIND(volatile AS atomic_##T *p,  \
						   EAS T *e, T d)              \
	{                                                                      \
		return atomic_compare_exchange_##KIND##_explicit(p, e, d, KL_SC, \
								 KL_SC, KL_DEV); \
	}

#define KL_CAS(EAS, AS, T)                                                     \
	KL_CAS_KIND(EAS, AS, T, strong) KL_CAS_KIND(EAS, AS, T, weak)
#define KL_CAS_ALL(AS, T) KL_EXPECTED_AS(KL_CAS, AS, T)

/* ---- fetch_<op>: the three forms over one implementation IMPL(p, v, o).
 * M is the operand type: T, or the other signedness for the
 * uintptr_t/ptrdiff_t and intptr_t/uintptr_t pairs of §6.15.12.7; the
 * operand is converted to T first. ---------------------------------------- */

#define KL_FETCH(OP, IMPL, AS, T, M)                                           \
	T KL_OVL atomic_fetch_##OP(volatile AS atomic_##T *p, M v)             \
	{                                                                      \
		return IMPL(p, (T)v, KL_SC);                                   \
	}                                                                      \
	T KL_OVL atomic_fetch_##OP##_explicit(volatile AS atomic_##T *p, M v,  \
					      memory_order o)                  \
	{                                                                      \
		return IMPL(p, (T)v, o);                                       \
	}                                                                      \
	T KL_OVL atomic_fetch_##OP##_explicit(volatile AS atomic_##T *p, M v,  \
					      memory_order o, memory_scope s)  \
	{                                                                      \
		return IMPL(p, (T)v, o);                                       \
	}

#define KL_I_ADD(p, v, o) __opencl_atomic_fetch_add(p, v, o, KL_DEV)
#define KL_I_SUB(p, v, o) __opencl_atomic_fetch_sub(p, v, o, KL_DEV)
#define KL_I_OR(p, v, o) __opencl_atomic_fetch_or(p, v, o, KL_DEV)
#define KL_I_XOR(p, v, o) __opencl_atomic_fetch_xor(p, v, o, KL_DEV)
#define KL_I_AND(p, v, o) __opencl_atomic_fetch_and(p, v, o, KL_DEV)
#define KL_I_MIN(p, v, o) __opencl_atomic_fetch_min(p, v, o, KL_DEV)
#define KL_I_MAX(p, v, o) __opencl_atomic_fetch_max(p, v, o, KL_DEV)

#define KL_INT_FETCH(AS, T, M)                                                 \
	KL_FETCH(add, KL_I_ADD, AS, T, M) KL_FETCH(sub, KL_I_SUB, AS, T, M)    \
	KL_FETCH(or, KL_I_OR, AS, T, M) KL_FETCH(xor, KL_I_XOR, AS, T, M)      \
	KL_FETCH(and, KL_I_AND, AS, T, M) KL_FETCH(min, KL_I_MIN, AS, T, M)    \
	KL_FETCH(max, KL_I_MAX, AS, T, M)

/* ---- floating point (cl_ext_float_atomics) ----------------------------
 * add and sub are atomicrmw fadd/fsub (a compare-exchange loop on x86).
 * min and max follow fmin/fmax (a NaN operand leaves the other value),
 * as a compare-exchange loop on the bits. */

#define KL_F_ADD(p, v, o) __opencl_atomic_fetch_add(p, v, o, KL_DEV)
#define KL_F_SUB(p, v, o) __opencl_atomic_fetch_sub(p, v, o, KL_DEV)

#define KL_FMINMAX_IMPL(AS, T)                                                 \
	KL_INL T KL_OVL kl_fminmax(volatile AS atomic_##T *p, T v, memory_order o, \
			    int max)                                           \
	{                                                                      \
		T old = __opencl_atomic_load(p, memory_order_relaxed, KL_DEV); \
		for (;;) {                                                     \
			T want = max ? fmax(old, v) : fmin(old, v);            \
			if (__opencl_atomic_compare_exchange_weak(             \
				    p, &old, want, o, memory_order_relaxed,    \
				    KL_DEV))                                   \
				return old;                                    \
		}                                                              \
	}
#define KL_F_MIN(p, v, o) kl_fminmax(p, v, o, 0)
#define KL_F_MAX(p, v, o) kl_fminmax(p, v, o, 1)

#define KL_FLOAT_FETCH(AS, T)                                                  \
	KL_FMINMAX_IMPL(AS, T)                                                 \
	KL_FETCH(add, KL_F_ADD, AS, T, T) KL_FETCH(sub, KL_F_SUB, AS, T, T)    \
	KL_FETCH(min, KL_F_MIN, AS, T, T) KL_FETCH(max, KL_F_MAX, AS, T, T)

/* ---- atomic_flag (§6.15.12.8): an atomic_int that is 0 when clear. ---- */

#define KL_FLAG(AS, X)                                                         \
	bool KL_OVL atomic_flag_test_and_set(volatile AS atomic_flag *p)       \
	{                                                                      \
		return __opencl_atomic_exchange(p, 1, KL_SC, KL_DEV) != 0;     \
	}                                                                      \
	bool KL_OVL atomic_flag_test_and_set_explicit(volatile AS atomic_flag *p, \
						      memory_order o)          \
	{                                                                      \
		return __opencl_atomic_exchange(p, 1, o, KL_DEV) != 0;         \
	}                                                                      \
	bool KL_OVL atomic_flag_test_and_set_explicit(volatile AS atomic_flag *p, \
						      memory_order o,          \
						      memory_scope s)          \
	{                                                                      \
		return __opencl_atomic_exchange(p, 1, o, KL_DEV) != 0;         \
	}                                                                      \
	void KL_OVL atomic_flag_clear(volatile AS atomic_flag *p)              \
	{                                                                      \
		__opencl_atomic_store(p, 0, KL_SC, KL_DEV);                    \
	}                                                                      \
	void KL_OVL atomic_flag_clear_explicit(volatile AS atomic_flag *p,     \
					       memory_order o)                 \
	{                                                                      \
		__opencl_atomic_store(p, 0, o, KL_DEV);                        \
	}                                                                      \
	void KL_OVL atomic_flag_clear_explicit(volatile AS atomic_flag *p,     \
					       memory_order o, memory_scope s) \
	{                                                                      \
		__opencl_atomic_store(p, 0, o, KL_DEV);                        \
	}

/* ---- everything, per address space ------------------------------------ */

#define KL_INTEGER(AS, T) KL_BASIC(AS, T) KL_CAS_ALL(AS, T) KL_INT_FETCH(AS, T, T)
#define KL_FLOATING(AS, T) KL_BASIC(AS, T) KL_CAS_ALL(AS, T) KL_FLOAT_FETCH(AS, T)

#define KL_ALL(AS, X)                                                          \
	KL_INTEGER(AS, int) KL_INTEGER(AS, uint) KL_INTEGER(AS, long)          \
	KL_INTEGER(AS, ulong) KL_FLOATING(AS, float) KL_FLOATING(AS, double)   \
	KL_INT_FETCH(AS, ulong, long) KL_INT_FETCH(AS, long, ulong)            \
	KL_FLAG(AS, X)

KL_ATOMIC_AS(KL_ALL, )
