/* Relational functions, OpenCL C 3.0 section 6.15.7.  Comparisons of
 * scalars give int 1 or 0; of vectors, -1 (all bits set) or 0 in the signed
 * integer type of the element's size.  OpenCL C's own comparison operators
 * already follow exactly that rule, so each body is one expression. */
#include "kl_gentype.h"

/* T: floating type; I: the result type; U: unsigned integer of T's size,
 * for the bit tests; EXP: exponent mask; SIGN: sign bit. */
#define FLOAT_REL(T, I, U, EXP, SIGN)                                          \
	I KL_OVL isequal(T x, T y) { return x == y; }                          \
	I KL_OVL isnotequal(T x, T y) { return x != y; }                       \
	I KL_OVL isgreater(T x, T y) { return x > y; }                         \
	I KL_OVL isgreaterequal(T x, T y) { return x >= y; }                   \
	I KL_OVL isless(T x, T y) { return x < y; }                            \
	I KL_OVL islessequal(T x, T y) { return x <= y; }                      \
	I KL_OVL islessgreater(T x, T y) { return (x < y) || (x > y); }        \
	I KL_OVL isordered(T x, T y) { return (x == x) && (y == y); }          \
	I KL_OVL isunordered(T x, T y) { return (x != x) || (y != y); }        \
	I KL_OVL isnan(T x) { return x != x; }                                 \
	I KL_OVL isfinite(T x) { return (as_##U(x) & (U)(EXP)) != (U)(EXP); } \
	I KL_OVL isinf(T x) /* (U): a ushort shift promotes to int */          \
	{ return (U)(as_##U(x) << (U)1) == (U)((U)(EXP) << (U)1); }            \
	I KL_OVL isnormal(T x)                                                 \
	{                                                                      \
		U e = as_##U(x) & (U)(EXP);                                    \
		return (e != (U)0) && (e != (U)(EXP));                         \
	}                                                                      \
	I KL_OVL signbit(T x) { return (as_##U(x) & (U)(SIGN)) != (U)0; }

/* Vector results of double comparisons are long vectors; a scalar double
 * gives int.  isinf with a shift drops the sign bit. */
#define FLOAT_REL_TYPE(T, I, U, VI, EXP, SIGN)                                 \
	FLOAT_REL(T, I, U, EXP, SIGN)                                          \
	FLOAT_REL(T##2, VI##2, U##2, EXP, SIGN)                                \
	FLOAT_REL(T##3, VI##3, U##3, EXP, SIGN)                                \
	FLOAT_REL(T##4, VI##4, U##4, EXP, SIGN)                                \
	FLOAT_REL(T##8, VI##8, U##8, EXP, SIGN)                                \
	FLOAT_REL(T##16, VI##16, U##16, EXP, SIGN)

FLOAT_REL_TYPE(float, int, uint, int, 0x7f800000u, 0x80000000u)
FLOAT_REL_TYPE(double, int, ulong, long, 0x7ff0000000000000ul,
	       0x8000000000000000ul)
/* half (cl_khr_fp16): vector results are short vectors, a scalar gives int. */
FLOAT_REL_TYPE(half, int, ushort, short, 0x7c00u, 0x8000u)

/* any, all: on the most significant bit of each component.  Vectors fold
 * into a scalar by or-ing (and-ing) their halves. */
#define ANY_ALL(T)                                                             \
	int KL_OVL any(T x) { return x < (T)0; }                               \
	int KL_OVL all(T x) { return x < (T)0; }                               \
	int KL_OVL any(T##2 x) { return any((T)(x.s0 | x.s1)); }               \
	int KL_OVL all(T##2 x) { return all((T)(x.s0 & x.s1)); }               \
	int KL_OVL any(T##3 x) { return any((T)(x.s0 | x.s1 | x.s2)); }        \
	int KL_OVL all(T##3 x) { return all((T)(x.s0 & x.s1 & x.s2)); }        \
	int KL_OVL any(T##4 x) { return any(x.lo | x.hi); }                    \
	int KL_OVL all(T##4 x) { return all(x.lo & x.hi); }                    \
	int KL_OVL any(T##8 x) { return any(x.lo | x.hi); }                    \
	int KL_OVL all(T##8 x) { return all(x.lo & x.hi); }                    \
	int KL_OVL any(T##16 x) { return any(x.lo | x.hi); }                   \
	int KL_OVL all(T##16 x) { return all(x.lo & x.hi); }

ANY_ALL(char) ANY_ALL(short) ANY_ALL(int) ANY_ALL(long)

/* bitselect: each result bit from b where c's bit is 1, else from a. */
#define BITSELECT_INT(T, U) T KL_OVL bitselect(T a, T b, T c) { return (a & ~c) | (b & c); }
#define BITSELECT_FLOAT(T, U)                                                  \
	T KL_OVL bitselect(T a, T b, T c)                                      \
	{                                                                      \
		/* (U): ushort operands of half promote to int */               \
		return as_##T((U)((as_##U(a) & ~as_##U(c)) |                  \
				  (as_##U(b) & as_##U(c))));                   \
	}

/* select: scalar c selects b when non-zero; a vector's component selects b
 * when its most significant bit is set.  C is the selector type (signed
 * or unsigned), I its signed form. */
#define SELECT_SCALAR(T, C) T KL_OVL select(T a, T b, C c) { return c ? b : a; }
#define SELECT_VECTOR(T, C, I) T KL_OVL select(T a, T b, C c) { return as_##I(c) < (I)0 ? b : a; }
#define SELECT_ALL(T, S, U)                                                    \
	SELECT_SCALAR(T, S) SELECT_SCALAR(T, U)                                \
	SELECT_VECTOR(T##2, S##2, S##2) SELECT_VECTOR(T##2, U##2, S##2)        \
	SELECT_VECTOR(T##3, S##3, S##3) SELECT_VECTOR(T##3, U##3, S##3)        \
	SELECT_VECTOR(T##4, S##4, S##4) SELECT_VECTOR(T##4, U##4, S##4)        \
	SELECT_VECTOR(T##8, S##8, S##8) SELECT_VECTOR(T##8, U##8, S##8)        \
	SELECT_VECTOR(T##16, S##16, S##16) SELECT_VECTOR(T##16, U##16, S##16)

#define INT_FAMILY(T, U, MIN, MAX, BITS) KL_WIDTHS2(BITSELECT_INT, T, U)
KL_INTEGER_TYPES(INT_FAMILY)
KL_WIDTHS2(BITSELECT_FLOAT, float, uint)
KL_WIDTHS2(BITSELECT_FLOAT, double, ulong)
KL_WIDTHS2(BITSELECT_FLOAT, half, ushort)

SELECT_ALL(char, char, uchar)
SELECT_ALL(uchar, char, uchar)
SELECT_ALL(short, short, ushort)
SELECT_ALL(ushort, short, ushort)
SELECT_ALL(int, int, uint)
SELECT_ALL(uint, int, uint)
SELECT_ALL(long, long, ulong)
SELECT_ALL(ulong, long, ulong)
SELECT_ALL(float, int, uint)
SELECT_ALL(double, long, ulong)
SELECT_ALL(half, short, ushort)
