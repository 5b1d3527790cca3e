/* Helpers shared by the kernel-lib built-in sources (integer.cl, common.cl,
 * relational.cl, convert.cl, ...): expanding one definition over the vector
 * widths of the OpenCL C "gentype" tables (OpenCL C 3.0, section 6.15).
 *
 * Every built-in is an overloaded function, so each definition carries
 * KL_OVL; Clang mangles it exactly as it mangles the call in a kernel. */
#ifndef KILN_KL_GENTYPE_H
#define KILN_KL_GENTYPE_H

#define KL_OVL __attribute__((overloadable))
#define KL_INL static inline __attribute__((always_inline))

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

/* Lanes of one vector register at the ISA level this library is built for,
 * for 32-bit and 64-bit elements: the width of the `_vec` companions that
 * the work-item vectorizer calls (lib/compiler/vector_variants.cpp).  A
 * wider vector is passed in memory on x86-64, which the vectorizer's call
 * would not match. */
#if defined(__AVX512F__)
#define KL_REG_LANES_32 16
#define KL_REG_LANES_64 8
#elif defined(__AVX2__)
#define KL_REG_LANES_32 8
#define KL_REG_LANES_64 4
#else
#define KL_REG_LANES_32 4
#define KL_REG_LANES_64 2
#endif

/* M(T) for the scalar and every vector width of T. */
#define KL_WIDTHS(M, T) M(T) M(T##2) M(T##3) M(T##4) M(T##8) M(T##16)

/* M(T, U) with T and U of the same width, for every width. */
#define KL_WIDTHS2(M, T, U)                                                    \
	M(T, U) M(T##2, U##2) M(T##3, U##3) M(T##4, U##4) M(T##8, U##8)        \
	M(T##16, U##16)

/* M(T, S) for every vector width of T, with S the scalar T: for the
 * built-ins that take a vector and a scalar. */
#define KL_VECTORS_S(M, T) M(T##2, T) M(T##3, T) M(T##4, T) M(T##8, T) M(T##16, T)

/* Vector forms of an element-wise function F defined for the scalar type:
 * width 2 from two scalar calls, 3 from a 2 and a 1, and 4, 8, 16 from two
 * calls of the half width, so every width reaches the scalar definition.
 * R is the result element type, A, B, C the argument element types. */
#define KL_SPLIT1(F, R, A)                                                     \
	R##2 KL_OVL F(A##2 x) { return (R##2)(F(x.s0), F(x.s1)); }            \
	R##3 KL_OVL F(A##3 x) { return (R##3)(F(x.s01), F(x.s2)); }           \
	R##4 KL_OVL F(A##4 x) { return (R##4)(F(x.lo), F(x.hi)); }            \
	R##8 KL_OVL F(A##8 x) { return (R##8)(F(x.lo), F(x.hi)); }            \
	R##16 KL_OVL F(A##16 x) { return (R##16)(F(x.lo), F(x.hi)); }

#define KL_SPLIT2(F, R, A, B)                                                  \
	R##2 KL_OVL F(A##2 x, B##2 y)                                          \
	{ return (R##2)(F(x.s0, y.s0), F(x.s1, y.s1)); }                       \
	R##3 KL_OVL F(A##3 x, B##3 y)                                          \
	{ return (R##3)(F(x.s01, y.s01), F(x.s2, y.s2)); }                     \
	R##4 KL_OVL F(A##4 x, B##4 y)                                          \
	{ return (R##4)(F(x.lo, y.lo), F(x.hi, y.hi)); }                       \
	R##8 KL_OVL F(A##8 x, B##8 y)                                          \
	{ return (R##8)(F(x.lo, y.lo), F(x.hi, y.hi)); }                       \
	R##16 KL_OVL F(A##16 x, B##16 y)                                       \
	{ return (R##16)(F(x.lo, y.lo), F(x.hi, y.hi)); }

#define KL_SPLIT3(F, R, A, B, C)                                               \
	R##2 KL_OVL F(A##2 x, B##2 y, C##2 z)                                  \
	{ return (R##2)(F(x.s0, y.s0, z.s0), F(x.s1, y.s1, z.s1)); }           \
	R##3 KL_OVL F(A##3 x, B##3 y, C##3 z)                                  \
	{ return (R##3)(F(x.s01, y.s01, z.s01), F(x.s2, y.s2, z.s2)); }        \
	R##4 KL_OVL F(A##4 x, B##4 y, C##4 z)                                  \
	{ return (R##4)(F(x.lo, y.lo, z.lo), F(x.hi, y.hi, z.hi)); }           \
	R##8 KL_OVL F(A##8 x, B##8 y, C##8 z)                                  \
	{ return (R##8)(F(x.lo, y.lo, z.lo), F(x.hi, y.hi, z.hi)); }           \
	R##16 KL_OVL F(A##16 x, B##16 y, C##16 z)                              \
	{ return (R##16)(F(x.lo, y.lo, z.lo), F(x.hi, y.hi, z.hi)); }

/* The integer element types with their unsigned partner, limits and width:
 * M(T, U, MIN, MAX, BITS). */
#define KL_INTEGER_TYPES(M)                                                    \
	M(char, uchar, CHAR_MIN, CHAR_MAX, 8)                                  \
	M(uchar, uchar, 0, UCHAR_MAX, 8)                                       \
	M(short, ushort, SHRT_MIN, SHRT_MAX, 16)                               \
	M(ushort, ushort, 0, USHRT_MAX, 16)                                    \
	M(int, uint, INT_MIN, INT_MAX, 32)                                     \
	M(uint, uint, 0, UINT_MAX, 32)                                         \
	M(long, ulong, LONG_MIN, LONG_MAX, 64)                                 \
	M(ulong, ulong, 0, ULONG_MAX, 64)

/* Address spaces a pointer argument may have: OpenCL C 1.x names global,
 * local and private; 2.0 and 3.0 add generic (AS 4).  Kernel-lib is built
 * once and linked into programs of every version, so it defines all. */
#define KL_AS_WRITABLE(M, ...)                                                 \
	M(__global, __VA_ARGS__) M(__local, __VA_ARGS__)                       \
	M(__private, __VA_ARGS__) M(__generic, __VA_ARGS__)
#define KL_AS_READABLE(M, ...)                                                 \
	KL_AS_WRITABLE(M, __VA_ARGS__) M(__constant, __VA_ARGS__)

#endif
