/* The OpenCL 1.x atomic functions, OpenCL C 3.0 section 6.15.12.9
 * (atomic_*) and the cl_khr_{global,local}_int32_{base,extended}_atomics
 * and cl_khr_int64_{base,extended}_atomics extensions (atom_*).
 *
 * Each returns the old value.  The spec gives them relaxed ordering; they
 * are implemented sequentially consistent, which is allowed (stronger) and
 * costs nothing for read-modify-write operations on x86, and keeps working
 * the 1.x programs that build locks out of atomic_cmpxchg/atomic_xchg.
 * Defined for global and local pointers, and for generic ones, which C++
 * for OpenCL declares (OpenCL C itself does not). */
#include "kl_gentype.h"

#define KL_SC __ATOMIC_SEQ_CST

#define RMW(PFX, AS, T)                                                        \
	T KL_OVL PFX##add(volatile AS T *p, T v) { return __atomic_fetch_add(p, v, KL_SC); } \
	T KL_OVL PFX##sub(volatile AS T *p, T v) { return __atomic_fetch_sub(p, v, KL_SC); } \
	T KL_OVL PFX##xchg(volatile AS T *p, T v) { return __atomic_exchange_n(p, v, KL_SC); } \
	T KL_OVL PFX##inc(volatile AS T *p) { return __atomic_fetch_add(p, (T)1, KL_SC); } \
	T KL_OVL PFX##dec(volatile AS T *p) { return __atomic_fetch_sub(p, (T)1, KL_SC); } \
	T KL_OVL PFX##cmpxchg(volatile AS T *p, T cmp, T v)                    \
	{                                                                      \
		__atomic_compare_exchange_n(p, &cmp, v, false, KL_SC, KL_SC);  \
		return cmp;                                                    \
	}                                                                      \
	T KL_OVL PFX##min(volatile AS T *p, T v) { return __atomic_fetch_min(p, v, KL_SC); } \
	T KL_OVL PFX##max(volatile AS T *p, T v) { return __atomic_fetch_max(p, v, KL_SC); } \
	T KL_OVL PFX##and(volatile AS T *p, T v) { return __atomic_fetch_and(p, v, KL_SC); } \
	T KL_OVL PFX##or(volatile AS T *p, T v) { return __atomic_fetch_or(p, v, KL_SC); } \
	T KL_OVL PFX##xor(volatile AS T *p, T v) { return __atomic_fetch_xor(p, v, KL_SC); }

/* atomic_xchg also exists for float: exchanged as its bit pattern. */
#define XCHG_FLOAT(AS, PFX)                                                    \
	float KL_OVL PFX##xchg(volatile AS float *p, float v)                  \
	{ return as_float(__atomic_exchange_n((volatile AS uint *)p, as_uint(v), KL_SC)); }

#define FAMILY(AS, X)                                                          \
	RMW(atomic_, AS, int) RMW(atomic_, AS, uint) XCHG_FLOAT(AS, atomic_)   \
	RMW(atom_, AS, int) RMW(atom_, AS, uint) RMW(atom_, AS, long)          \
	RMW(atom_, AS, ulong) XCHG_FLOAT(AS, atom_)

FAMILY(__global, )
FAMILY(__local, )
FAMILY(__generic, )
