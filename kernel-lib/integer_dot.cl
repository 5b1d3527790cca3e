/* cl_khr_integer_dot_product (extension version 2.0.0; OpenCL C 3.0
 * §6.15.4 "Integer Dot Product Functions" as the extension adds them):
 * dot and dot_acc_sat of 4-element 8-bit vectors
 * (__opencl_c_integer_dot_product_input_4x8bit) and of four 8-bit values
 * packed into a uint, element 0 in the least significant byte
 * (__opencl_c_integer_dot_product_input_4x8bit_packed).  Signed, unsigned
 * and mixed inputs; the result is uint for two unsigned inputs, else int.
 *
 * Four 8-bit products and their sum fit in 32 bits (at most 4 * 255 * 255
 * or 4 * -128 * -128), so dot is exact; dot_acc_sat adds the accumulator
 * with saturation at the result type's limits, both ends.
 *
 * Every form reaches one of four primitives on four bytes packed in a
 * uint (a char4 is passed as an i32 on x86-64 anyway):
 *
 *     __kiln_dot4_{ss,uu,us}(acc, a, b)  acc + the four products, wrapping
 *     __kiln_dot4_us_sat(acc, a, b)      the same, saturated to int
 *
 * (us: a's bytes unsigned, b's signed).  They stay calls until the end of
 * optimisation: each has a companion `_vec` on a register of packed
 * values (vector_variants.cpp), so the work-item loop vectorizer keeps
 * them whole, and kiln-lower-dot (lib/compiler/lower_dot.cpp) then turns
 * the calls into VNNI's vpdpbusd / vpdpbusds where the CPU has them, or
 * inlines the bodies below where it does not.  The bodies are the
 * definition: plain shifts, multiplies and adds that any lane count
 * shares. */
#include "kl_gentype.h"

/* Byte k of a packed uint (or of each lane of a uint vector), zero- or
 * sign-extended to int lanes of the same count. */
#define KL_U8(T, x, k) as_##T(((x) >> (8 * (k))) & 0xffu)
#define KL_S8(T, x, k) (as_##T((x) << (24 - 8 * (k))) >> 24)
#define KL_DOT4(T, A8, B8, a, b)                                               \
	(A8(T, a, 0) * B8(T, b, 0) + A8(T, a, 1) * B8(T, b, 1) +               \
	 A8(T, a, 2) * B8(T, b, 2) + A8(T, a, 3) * B8(T, b, 3))

/* int + int saturated to int, lane by lane (OpenCL C add_sat). */
#define KL_ADD_SAT_INT(acc, d) __builtin_elementwise_add_sat(acc, d)

/* Lanes of a companion: one register of 32-bit lanes (kl_gentype.h). */
#define KL_DVF KL_REG_LANES_32
#define KL_DCAT_(a, b) a##b
#define KL_DCAT(a, b) KL_DCAT_(a, b)
#define KL_DINT KL_DCAT(int, KL_DVF)
#define KL_DUINT KL_DCAT(uint, KL_DVF)

/* One primitive and its companion: `noinline` keeps the call whole through
 * LLVM's inliner until kiln-lower-dot; `const` says it only computes, so
 * that loops around it still move and vectorize. */
#define KL_DOT4_PRIM(NAME, A8, B8, FINISH)                                     \
	int __attribute__((noinline, const)) NAME(int acc, uint a, uint b)     \
	{ return FINISH(acc, KL_DOT4(int, A8, B8, a, b)); }                     \
	KL_DINT __attribute__((noinline, const))                               \
	NAME##_vec(KL_DINT acc, KL_DUINT a, KL_DUINT b)                        \
	{ return FINISH(acc, KL_DOT4(KL_DINT, A8, B8, a, b)); }
#define KL_WRAP_ADD(acc, d) ((acc) + (d))
KL_DOT4_PRIM(__kiln_dot4_ss, KL_S8, KL_S8, KL_WRAP_ADD)
KL_DOT4_PRIM(__kiln_dot4_uu, KL_U8, KL_U8, KL_WRAP_ADD)
KL_DOT4_PRIM(__kiln_dot4_us, KL_U8, KL_S8, KL_WRAP_ADD)
KL_DOT4_PRIM(__kiln_dot4_us_sat, KL_U8, KL_S8, KL_ADD_SAT_INT)

#define DOT4(R, A4, B4, PRIM, A, B)                                           \
	R KL_OVL dot(A4 a, B4 b)                                               \
	{ return (R)PRIM(0, as_uint(A), as_uint(B)); }
DOT4(uint, uchar4, uchar4, __kiln_dot4_uu, a, b)
DOT4(int, char4, char4, __kiln_dot4_ss, a, b)
DOT4(int, uchar4, char4, __kiln_dot4_us, a, b)
DOT4(int, char4, uchar4, __kiln_dot4_us, b, a)

/* acc + d, saturated (OpenCL C add_sat semantics), as llvm.sadd.sat /
 * llvm.uadd.sat, which the vectorizer widens. */
int KL_OVL dot_acc_sat(char4 a, char4 b, int acc)
{
	return __builtin_elementwise_add_sat(acc, dot(a, b));
}
uint KL_OVL dot_acc_sat(uchar4 a, uchar4 b, uint acc)
{
	return __builtin_elementwise_add_sat(acc, dot(a, b));
}
int KL_OVL dot_acc_sat(uchar4 a, char4 b, int acc)
{
	return __kiln_dot4_us_sat(acc, as_uint(a), as_uint(b));
}
int KL_OVL dot_acc_sat(char4 a, uchar4 b, int acc)
{
	return __kiln_dot4_us_sat(acc, as_uint(b), as_uint(a));
}

/* The packed forms: the same products with each uint read as four bytes
 * of the given signedness (little-endian, so .x is the low byte). */
#define DOT_PACKED(SUFFIX, R, A4, B4)                                          \
	R KL_OVL dot_4x8packed_##SUFFIX(uint a, uint b)                        \
	{ return dot(as_##A4(a), as_##B4(b)); }                                \
	R KL_OVL dot_acc_sat_4x8packed_##SUFFIX(uint a, uint b, R acc)         \
	{ return dot_acc_sat(as_##A4(a), as_##B4(b), acc); }
DOT_PACKED(uu_uint, uint, uchar4, uchar4)
DOT_PACKED(ss_int, int, char4, char4)
DOT_PACKED(us_int, int, uchar4, char4)
DOT_PACKED(su_int, int, char4, uchar4)

/* SPV_KHR_integer_dot_product: the SPIR-V translator reads OpSDotKHR,
 * OpUDotKHR, OpSUDotKHR and their AccSat forms on 4 x 8-bit vectors back
 * as these SPIR-V-friendly names, every vector as char4 whatever its
 * signedness (OpSUDotKHR's first operand is the signed one).  The packed
 * forms come back as the OpenCL C names above. */
int KL_OVL __spirv_SDotKHR_Rint(char4 a, char4 b) { return dot(a, b); }
uint KL_OVL __spirv_UDotKHR_Ruint(char4 a, char4 b) { return dot(as_uchar4(a), as_uchar4(b)); }
int KL_OVL __spirv_SUDotKHR_Rint(char4 a, char4 b) { return dot(a, as_uchar4(b)); }
int KL_OVL __spirv_SDotAccSatKHR_Rint(char4 a, char4 b, int acc)
{
	return dot_acc_sat(a, b, acc);
}
/* The translator names the accumulator int here too. */
uint KL_OVL __spirv_UDotAccSatKHR_Ruint(char4 a, char4 b, int acc)
{
	return dot_acc_sat(as_uchar4(a), as_uchar4(b), as_uint(acc));
}
int KL_OVL __spirv_SUDotAccSatKHR_Rint(char4 a, char4 b, int acc)
{
	return dot_acc_sat(a, as_uchar4(b), acc);
}
