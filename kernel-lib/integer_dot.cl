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
 * The bodies are plain widening multiplies and adds: the work-item loop
 * vectorizer widens them across work-items (an x86 target intrinsic such
 * as VNNI's vpdpbusd would stop it), so the device reports none of these
 * forms as accelerated (docs/extensions.md). */
#include "kl_gentype.h"

/* The sum of the four products, each operand widened to int (or uint for
 * unsigned-unsigned: the sum can exceed INT_MAX). */
#define DOT4(R, R4, A4, B4)                                                    \
	R KL_OVL dot(A4 a, B4 b)                                               \
	{                                                                      \
		R4 p = __builtin_convertvector(a, R4) *                        \
		       __builtin_convertvector(b, R4);                         \
		return p.x + p.y + p.z + p.w;                                  \
	}
DOT4(uint, uint4, uchar4, uchar4)
DOT4(int, int4, char4, char4)
DOT4(int, int4, uchar4, char4)
DOT4(int, int4, char4, uchar4)

/* acc + d, saturated (OpenCL C add_sat semantics). */
static inline __attribute__((always_inline)) int kl_add_sat_int(int acc, int d)
{
	int r;
	if (__builtin_add_overflow(acc, d, &r))
		r = d > 0 ? INT_MAX : INT_MIN;
	return r;
}
static inline __attribute__((always_inline)) uint kl_add_sat_uint(uint acc, uint d)
{
	uint r;
	return __builtin_add_overflow(acc, d, &r) ? UINT_MAX : r;
}

#define DOT4_ACC_SAT(R, A4, B4)                                                \
	R KL_OVL dot_acc_sat(A4 a, B4 b, R acc)                                \
	{ return kl_add_sat_##R(acc, dot(a, b)); }
DOT4_ACC_SAT(uint, uchar4, uchar4)
DOT4_ACC_SAT(int, char4, char4)
DOT4_ACC_SAT(int, uchar4, char4)
DOT4_ACC_SAT(int, char4, uchar4)

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
