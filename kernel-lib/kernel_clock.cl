/* cl_khr_kernel_clock: clock_read_{device,work_group,sub_group} and their
 * _hilo forms (lo in .x, hi in .y).
 *
 * All three read the time-stamp counter (rdtsc through LLVM's
 * readcyclecounter, which is never merged or hoisted).  The device reports
 * the extension only where the counter is invariant and the kernel keeps
 * it as its clock source (lib/devices/host_describe.c): then it runs at
 * one rate on every core and agrees between cores, so one counter serves
 * every scope, and a worker thread that moves between cores still sees it
 * increase. */
#include "kl_gentype.h"

static inline __attribute__((always_inline)) ulong kl_clock(void)
{
	return __builtin_readcyclecounter();
}

static inline __attribute__((always_inline)) uint2 kl_hilo(ulong t)
{
	return (uint2)((uint)t, (uint)(t >> 32));
}

ulong KL_OVL clock_read_device(void) { return kl_clock(); }
ulong KL_OVL clock_read_work_group(void) { return kl_clock(); }
ulong KL_OVL clock_read_sub_group(void) { return kl_clock(); }
uint2 KL_OVL clock_read_hilo_device(void) { return kl_hilo(kl_clock()); }
uint2 KL_OVL clock_read_hilo_work_group(void) { return kl_hilo(kl_clock()); }
uint2 KL_OVL clock_read_hilo_sub_group(void) { return kl_hilo(kl_clock()); }

/* SPIR-V's OpReadClockKHR of any scope, as lib/compiler/spirv_prepass.cpp
 * rewrites it. */
ulong __kiln_read_clock(void) { return kl_clock(); }
