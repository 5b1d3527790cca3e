/* Vector data load and store functions, OpenCL C 3.0 section 6.15.11:
 * vloadn/vstoren for every scalar type, and the half-precision forms
 * vload_half[n], vloada_halfn, vstore_half[n][_rte|_rtz|_rtp|_rtn],
 * vstorea_halfn[...] for float and double data.
 *
 * The pointer only needs the alignment of its element type, so the loads
 * and stores go through vector types aligned like their element.  Width 3
 * is done element by element: a 3-component vector occupies 4 elements in
 * memory and a vector access would touch the fourth.  Half values are
 * handled as their 16-bit patterns with integer arithmetic, so nothing
 * needs the cl_khr_fp16 extension, except float -> half where the ISA
 * level has F16C (see kl_to_half). */
#include "kl_gentype.h"

/* ---- vloadn, vstoren ---- */
#define UNALIGNED_TYPES(T)                                                     \
	typedef T##2 __attribute__((aligned(sizeof(T)))) kl_u_##T##2;          \
	typedef T##4 __attribute__((aligned(sizeof(T)))) kl_u_##T##4;          \
	typedef T##8 __attribute__((aligned(sizeof(T)))) kl_u_##T##8;          \
	typedef T##16 __attribute__((aligned(sizeof(T)))) kl_u_##T##16;

#define VLOAD_N(AS, T, N)                                                      \
	T##N KL_OVL vload##N(size_t offset, const AS T *p)                     \
	{ return *(const AS kl_u_##T##N *)(p + offset * N); }
#define VSTORE_N(AS, T, N)                                                     \
	void KL_OVL vstore##N(T##N data, size_t offset, AS T *p)               \
	{ *(AS kl_u_##T##N *)(p + offset * N) = data; }
#define VLOAD_ALL(AS, T)                                                       \
	VLOAD_N(AS, T, 2) VLOAD_N(AS, T, 4) VLOAD_N(AS, T, 8) VLOAD_N(AS, T, 16) \
	T##3 KL_OVL vload3(size_t offset, const AS T *p)                       \
	{                                                                      \
		const AS T *q = p + offset * 3;                                \
		return (T##3)(q[0], q[1], q[2]);                               \
	}
#define VSTORE_ALL(AS, T)                                                      \
	VSTORE_N(AS, T, 2) VSTORE_N(AS, T, 4) VSTORE_N(AS, T, 8)               \
	VSTORE_N(AS, T, 16)                                                    \
	void KL_OVL vstore3(T##3 data, size_t offset, AS T *p)                 \
	{                                                                      \
		AS T *q = p + offset * 3;                                      \
		q[0] = data.x;                                                 \
		q[1] = data.y;                                                 \
		q[2] = data.z;                                                 \
	}
#define VLOAD_STORE_TYPE(T)                                                    \
	UNALIGNED_TYPES(T) KL_AS_READABLE(VLOAD_ALL, T)                        \
	KL_AS_WRITABLE(VSTORE_ALL, T)

VLOAD_STORE_TYPE(char)
VLOAD_STORE_TYPE(uchar)
VLOAD_STORE_TYPE(short)
VLOAD_STORE_TYPE(ushort)
VLOAD_STORE_TYPE(int)
VLOAD_STORE_TYPE(uint)
VLOAD_STORE_TYPE(long)
VLOAD_STORE_TYPE(ulong)
VLOAD_STORE_TYPE(float)
VLOAD_STORE_TYPE(double)
VLOAD_STORE_TYPE(half)

/* ---- half <-> float conversions on bit patterns ---- */

/* Exact: every half is a float.  Where the ISA level has F16C, its
 * vcvtph2ps (LLVM's fpext from half), which vectorizes; a signaling NaN
 * comes back quiet there, any NaN stays a NaN. */
KL_INL float kl_half_to_float(ushort h)
{
#if defined(__F16C__)
	return (float)as_half(h);
#else
	uint sign = (uint)(h & 0x8000) << 16;
	uint e = (h >> 10) & 0x1f, m = h & 0x3ff;
	if (e == 0x1f) /* infinity, NaN (payload kept) */
		return as_float(sign | 0x7f800000u | (m << 13));
	if (e == 0) { /* zero, subnormal: m * 2^-24 */
		float v = (float)m * 0x1p-24f;
		return sign ? -v : v;
	}
	return as_float(sign | ((e + 112) << 23) | (m << 13));
#endif
}

enum kl_round { KL_RTE, KL_RTZ, KL_RTP, KL_RTN };

/* Rounds sign * m * 2^(e - mbits) to half, where m < 2^(mbits+1) holds
 * the significand with its leading bit at mbits for normal inputs. */
KL_INL ushort kl_round_to_half(ushort sign, int e, ulong m, int mbits,
			       enum kl_round mode)
{
	if (e > 15) { /* beyond the largest half, 65504 */
		bool to_inf = mode == KL_RTE || (mode == KL_RTP && !sign) ||
			      (mode == KL_RTN && sign);
		return sign | (to_inf ? 0x7c00 : 0x7bff);
	}
	int shift = mbits - 10; /* keep 10 fraction bits */
	uint exp_field = 0;
	if (e >= -14)
		exp_field = (uint)(e + 15) << 10;
	else
		shift += -14 - e; /* subnormal half: fixed exponent -14 */
	if (shift > 62)
		shift = 62; /* m < 2^53: all of it is below the kept bits */
	ulong kept = m >> shift;
	ulong rest = m & ((1ul << shift) - 1), halfway = 1ul << (shift - 1);
	uint h = exp_field ? exp_field | (uint)(kept & 0x3ff) : (uint)kept;
	bool up;
	switch (mode) {
	case KL_RTE:
		up = rest > halfway || (rest == halfway && (h & 1));
		break;
	case KL_RTZ:
		up = false;
		break;
	case KL_RTP:
		up = !sign && rest;
		break;
	default:
		up = sign && rest;
		break;
	}
	/* A carry out of the fraction steps the exponent, up to infinity. */
	return sign | (ushort)(h + up);
}

KL_INL ushort KL_OVL kl_to_half(float f, enum kl_round mode)
{
#if defined(__F16C__)
	/* F16C's vcvtps2ph (LLVM's fptrunc to half) rounds to nearest even,
	 * exactly this function's result for KL_RTE (a NaN comes out as the
	 * same quiet NaN), and vectorizes where this function's branches
	 * kept a kernel's work-item loop scalar.  The directed modes stay on
	 * the integer path: without AVX-512 FP16 LLVM 15 moves half vectors
	 * element by element, so converting the result back to correct it
	 * measured 4.5x slower than the integer path (vstore_half_rtz of
	 * floats on the 2-core Zen 4 VM: 1.4 against 6.4 Gresults/s). */
	if (mode == KL_RTE)
		return as_ushort((half)f);
#endif
	uint u = as_uint(f), a = u & 0x7fffffffu;
	ushort sign = (u >> 16) & 0x8000;
	if (a > 0x7f800000u) /* NaN stays a (quiet) NaN */
		return sign | 0x7e00 | ((a >> 13) & 0x3ff);
	if (a == 0x7f800000u)
		return sign | 0x7c00;
	int e = (int)(a >> 23) - 127;
	ulong m = a & 0x7fffff;
	if (e == -127)
		e = -126; /* float subnormal */
	else
		m |= 0x800000;
	return kl_round_to_half(sign, e, m, 23, mode);
}

/* Rounded once, from double: going through float would round twice. */
KL_INL ushort KL_OVL kl_to_half(double d, enum kl_round mode)
{
	ulong u = as_ulong(d), a = u & 0x7ffffffffffffffful;
	ushort sign = (u >> 48) & 0x8000;
	if (a > 0x7ff0000000000000ul)
		return sign | 0x7e00 | ((a >> 42) & 0x3ff);
	if (a == 0x7ff0000000000000ul)
		return sign | 0x7c00;
	int e = (int)(a >> 52) - 1023;
	ulong m = a & 0xffffffffffffful;
	if (e == -1023)
		e = -1022;
	else
		m |= 0x10000000000000ul;
	return kl_round_to_half(sign, e, m, 52, mode);
}

/* ---- vload_half, vload_halfn, vloada_halfn ----
 * STEP: elements between consecutive offsets (vloada_half3 uses 4). */
#define VLOAD_HALF_N(AS, NAME, N, STEP)                                        \
	float##N KL_OVL NAME(size_t offset, const AS half *p)                  \
	{                                                                      \
		const AS ushort *q = (const AS ushort *)p + offset * STEP;     \
		float##N r;                                                    \
		for (int i = 0; i < N; i++)                                    \
			r[i] = kl_half_to_float(q[i]);                         \
		return r;                                                      \
	}
#define VLOAD_HALF_ALL(AS, X)                                                  \
	float KL_OVL vload_half(size_t offset, const AS half *p)               \
	{ return kl_half_to_float(((const AS ushort *)p)[offset]); }           \
	float KL_OVL vloada_half(size_t offset, const AS half *p)              \
	{ return kl_half_to_float(((const AS ushort *)p)[offset]); }           \
	VLOAD_HALF_N(AS, vload_half2, 2, 2) VLOAD_HALF_N(AS, vload_half3, 3, 3) \
	VLOAD_HALF_N(AS, vload_half4, 4, 4) VLOAD_HALF_N(AS, vload_half8, 8, 8) \
	VLOAD_HALF_N(AS, vload_half16, 16, 16)                                 \
	VLOAD_HALF_N(AS, vloada_half2, 2, 2) VLOAD_HALF_N(AS, vloada_half3, 3, 4) \
	VLOAD_HALF_N(AS, vloada_half4, 4, 4) VLOAD_HALF_N(AS, vloada_half8, 8, 8) \
	VLOAD_HALF_N(AS, vloada_half16, 16, 16)
KL_AS_READABLE(VLOAD_HALF_ALL, )

/* ---- vstore_half*, vstorea_half*: the suffix-less forms round to nearest
 * even, the rounding mode OpenCL C always runs in. ---- */
#define VSTORE_HALF_1(AS, T, NAME, MODE)                                       \
	void KL_OVL NAME(T data, size_t offset, AS half *p)                    \
	{ ((AS ushort *)p)[offset] = kl_to_half(data, MODE); }
#define VSTORE_HALF_N(AS, T, NAME, N, STEP, MODE)                              \
	void KL_OVL NAME(T##N data, size_t offset, AS half *p)                 \
	{                                                                      \
		AS ushort *q = (AS ushort *)p + offset * STEP;                 \
		for (int i = 0; i < N; i++)                                    \
			q[i] = kl_to_half(data[i], MODE);                      \
	}
#define VSTORE_HALF_MODE(AS, T, SUF, MODE)                                     \
	VSTORE_HALF_1(AS, T, vstore_half##SUF, MODE)                           \
	VSTORE_HALF_1(AS, T, vstorea_half##SUF, MODE)                          \
	VSTORE_HALF_N(AS, T, vstore_half2##SUF, 2, 2, MODE)                    \
	VSTORE_HALF_N(AS, T, vstore_half3##SUF, 3, 3, MODE)                    \
	VSTORE_HALF_N(AS, T, vstore_half4##SUF, 4, 4, MODE)                    \
	VSTORE_HALF_N(AS, T, vstore_half8##SUF, 8, 8, MODE)                    \
	VSTORE_HALF_N(AS, T, vstore_half16##SUF, 16, 16, MODE)                 \
	VSTORE_HALF_N(AS, T, vstorea_half2##SUF, 2, 2, MODE)                   \
	VSTORE_HALF_N(AS, T, vstorea_half3##SUF, 3, 4, MODE)                   \
	VSTORE_HALF_N(AS, T, vstorea_half4##SUF, 4, 4, MODE)                   \
	VSTORE_HALF_N(AS, T, vstorea_half8##SUF, 8, 8, MODE)                   \
	VSTORE_HALF_N(AS, T, vstorea_half16##SUF, 16, 16, MODE)
#define VSTORE_HALF_ALL(AS, T)                                                 \
	VSTORE_HALF_MODE(AS, T, , KL_RTE) VSTORE_HALF_MODE(AS, T, _rte, KL_RTE) \
	VSTORE_HALF_MODE(AS, T, _rtz, KL_RTZ)                                  \
	VSTORE_HALF_MODE(AS, T, _rtp, KL_RTP)                                  \
	VSTORE_HALF_MODE(AS, T, _rtn, KL_RTN)
#define KL_AS_WRITABLE_HALF(M, T)                                              \
	M(__global, T) M(__local, T) M(__private, T) M(__generic, T)
KL_AS_WRITABLE_HALF(VSTORE_HALF_ALL, float)
KL_AS_WRITABLE_HALF(VSTORE_HALF_ALL, double)
