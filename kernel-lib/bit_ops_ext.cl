/* cl_khr_extended_bit_ops (OpenCL C 3.0 §6.15.4 as the extension adds
 * them): bitfield_insert, bitfield_extract_signed,
 * bitfield_extract_unsigned and bit_reverse for every integer type and
 * vector width.  offset and count are scalar uints applying to every
 * element; count 0 inserts nothing and extracts 0.  offset + count above
 * the element's bit width is undefined in the spec: the shift amounts are
 * reduced modulo the width here so that such calls still give some value
 * and never poison.
 *
 * Each body is written once in the unsigned type U of the element width
 * and covers scalars and vectors alike (a scalar char operand is promoted
 * to int in the shifts; the casts back to U drop the high bits). */
#include "kl_gentype.h"

/* U with the low `count` bits set (count 1..N; the caller handles 0). */
#define LOW_ONES(U, N, count) ((U)((U)(~(U)0) >> (U)(((N) - (count)) & ((N) - 1))))

#define BITFIELD_INSERT(T, U, N)                                               \
	T KL_OVL bitfield_insert(T base, T insert, uint offset, uint count)    \
	{                                                                      \
		uint o = offset & ((N) - 1);                                   \
		U m = (U)(LOW_ONES(U, N, count) << (U)o);                      \
		U r = (U)((as_##U(base) & (U)~m) |                             \
			  ((U)(as_##U(insert) << (U)o) & m));                  \
		return count ? as_##T(r) : base;                               \
	}

#define BITFIELD_EXTRACT(T, U, S, N)                                           \
	U KL_OVL bitfield_extract_unsigned(T base, uint offset, uint count)    \
	{                                                                      \
		U r = (U)((U)(as_##U(base) >> (U)(offset & ((N) - 1))) &       \
			  LOW_ONES(U, N, count));                              \
		return count ? r : (U)0;                                       \
	}                                                                      \
	S KL_OVL bitfield_extract_signed(T base, uint offset, uint count)      \
	{                                                                      \
		/* The field's top bit to the element's top, then an         \
		 * arithmetic shift back down. */                            \
		U up = (U)(as_##U(base) << (U)(((N) - offset - count) & ((N) - 1))); \
		S r = (S)(as_##S(up) >> (S)(((N) - count) & ((N) - 1)));       \
		return count ? r : (S)0;                                       \
	}

/* One scalar element type E (signed S, unsigned U) at every width. */
#define BITS_AT(M, E, U, S, N, W) M(E##W, U##W, S##W, N)
#define BITS_WIDTHS(M, E, U, S, N)                                             \
	M(E, U, S, N) BITS_AT(M, E, U, S, N, 2) BITS_AT(M, E, U, S, N, 3)      \
	BITS_AT(M, E, U, S, N, 4) BITS_AT(M, E, U, S, N, 8)                    \
	BITS_AT(M, E, U, S, N, 16)

#define INSERT_ONE(T, U, S, N) BITFIELD_INSERT(T, U, N)
#define EXTRACT_ONE(T, U, S, N) BITFIELD_EXTRACT(T, U, S, N)
#define ALL_TYPES(M)                                                           \
	BITS_WIDTHS(M, char, uchar, char, 8)                                   \
	BITS_WIDTHS(M, uchar, uchar, char, 8)                                  \
	BITS_WIDTHS(M, short, ushort, short, 16)                               \
	BITS_WIDTHS(M, ushort, ushort, short, 16)                              \
	BITS_WIDTHS(M, int, uint, int, 32)                                     \
	BITS_WIDTHS(M, uint, uint, int, 32)                                    \
	BITS_WIDTHS(M, long, ulong, long, 64)                                  \
	BITS_WIDTHS(M, ulong, ulong, long, 64)
ALL_TYPES(INSERT_ONE)
ALL_TYPES(EXTRACT_ONE)

/* bit_reverse: LLVM's bitreverse on the scalar (one instruction sequence
 * the back end knows; GFNI does bytes in one instruction), vectors element
 * by element. */
#define REVERSE(T, U, BITS)                                                    \
	T KL_OVL bit_reverse(T x) { return (T)__builtin_bitreverse##BITS((U)x); }
REVERSE(char, uchar, 8)
REVERSE(uchar, uchar, 8)
REVERSE(short, ushort, 16)
REVERSE(ushort, ushort, 16)
REVERSE(int, uint, 32)
REVERSE(uint, uint, 32)
REVERSE(long, ulong, 64)
REVERSE(ulong, ulong, 64)
KL_SPLIT1(bit_reverse, char, char)
KL_SPLIT1(bit_reverse, uchar, uchar)
KL_SPLIT1(bit_reverse, short, short)
KL_SPLIT1(bit_reverse, ushort, ushort)
KL_SPLIT1(bit_reverse, int, int)
KL_SPLIT1(bit_reverse, uint, uint)
KL_SPLIT1(bit_reverse, long, long)
KL_SPLIT1(bit_reverse, ulong, ulong)
