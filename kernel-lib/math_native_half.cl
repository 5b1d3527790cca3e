/* native_* and half_* built-ins, OpenCL C 3.0 sections 6.15.2.1/6.15.2.2:
 * float only, with implementation-defined (native) or 8192-ulp (half)
 * accuracy.  They share the full-precision algorithms: already
 * straight-line and vectorizable, they meet both requirements, and keep
 * the results identical to the full forms (docs/math.md). */
#include "math_internal.h"

#define NH1(P, F)                                                              \
	float KL_OVL P##_##F(float x) { return F(x); }                         \
	KL_SPLIT1(P##_##F, float, float)
#define NH2(P, F)                                                              \
	float KL_OVL P##_##F(float x, float y) { return F(x, y); }             \
	KL_SPLIT2(P##_##F, float, float, float)
#define NH_ALL(P)                                                              \
	NH1(P, cos) NH1(P, sin) NH1(P, tan) NH1(P, exp) NH1(P, exp2)           \
	NH1(P, exp10) NH1(P, log) NH1(P, log2) NH1(P, log10) NH1(P, sqrt)      \
	NH1(P, rsqrt) NH2(P, powr)                                             \
	float KL_OVL P##_divide(float x, float y) { return x / y; }            \
	KL_SPLIT2(P##_divide, float, float, float)                             \
	float KL_OVL P##_recip(float x) { return 1.0f / x; }                   \
	KL_SPLIT1(P##_recip, float, float)
NH_ALL(native)
NH_ALL(half)
