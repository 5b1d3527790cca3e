/* Kernels of the sub-group tests: built from source by test_subgroups.c and
 * test_subgroups_intel.c (read at run time, -cl-std=CL3.0), and into SPIR-V
 * by the build for test_subgroups_spirv.c (clang -target spir64,
 * llvm-spirv).  Every work-item writes one row of SG_COLS results; the
 * columns come from subgroups_cols.h, which the host reference reads too.
 *
 * Options: -DSG_REQD=N gives every kernel intel_reqd_sub_group_size(N);
 * -DSG_PART=1 keeps the reductions, scans, exchanges, votes and barriers
 * (test_subgroups.c), 2 the vectors and Intel block functions
 * (test_subgroups_intel.c), 3 the int kernels of part 1 without the
 * integer-only operators (the runs at every required sub-group size).
 * Without SG_PART everything is there (the SPIR-V module).  Each meeting
 * point of a sub-group function costs compile time, so kernels are kept
 * to a few dozen calls each. */
#ifdef __SPIR__
/* Clang declares the Intel sub-group built-ins only in its full header;
 * Kiln's front end includes these declarations by itself. */
#define cl_intel_subgroups_char 1
#define cl_intel_subgroups_long 1
#include "../../kernel-lib/include/kiln_ext_decls.h"
#endif
#include "subgroups_cols.h"

#define SG_COLS 128

#ifdef SG_PART
#define SG_CORE (SG_PART == 1)
#define SG_INTEL (SG_PART == 2)
#define SG_REQD_RUN (SG_PART == 3)
#else
#define SG_CORE 1
#define SG_INTEL 1
#define SG_REQD_RUN 0
#endif

#ifdef SG_REQD
#define SG_ATTR __attribute__((intel_reqd_sub_group_size(SG_REQD)))
#else
#define SG_ATTR
#endif

#define SG_PROLOGUE(T)                                                         \
	typedef T sg_t;                                                        \
	size_t g = get_global_linear_id();                                     \
	uint lane = get_sub_group_local_id(), n = get_sub_group_size();        \
	uint max = get_max_sub_group_size();                                   \
	T x = in[g];                                                           \
	global T *o = out + g * SG_COLS;                                       \
	int k = 0;                                                             \
	(void)lane;                                                            \
	(void)n;                                                               \
	(void)max;                                                             \
	(void)k

/* ---- reductions and scans ---------------------------------------------- */

#define SG_A(f, shape, op) o[k++] = f(x);
#define SG_AC(f, op, c)                                                        \
	if (c <= max)                                                          \
		o[k] = f(x, c);                                                \
	k++;
#define SG_ARITH_KERNEL(T, LISTS)                                              \
	kernel SG_ATTR void arith_##T(global const T *in, global T *out)       \
	{                                                                      \
		SG_PROLOGUE(T);                                                \
		LISTS                                                          \
	}

/* arith_<T>: the operators of every type; arithi_<T>: the integer-only
 * ones (bitwise, and logical for int, Intel's names for 8 and 16 bits),
 * columns from 0 in a row of their own. */
#if SG_CORE || SG_REQD_RUN
SG_ARITH_KERNEL(int, SG_ARITH_ALL)
#endif
#if SG_CORE
SG_ARITH_KERNEL(uint, SG_ARITH_ALL)
SG_ARITH_KERNEL(long, SG_ARITH_ALL)
SG_ARITH_KERNEL(ulong, SG_ARITH_ALL)
SG_ARITH_KERNEL(char, SG_ARITH_ALL)
SG_ARITH_KERNEL(uchar, SG_ARITH_ALL)
SG_ARITH_KERNEL(short, SG_ARITH_ALL)
SG_ARITH_KERNEL(ushort, SG_ARITH_ALL)
SG_ARITH_KERNEL(float, SG_ARITH_ALL)
SG_ARITH_KERNEL(double, SG_ARITH_ALL)
#define SG_ARITHI_KERNEL(T, LISTS)                                             \
	kernel SG_ATTR void arithi_##T(global const T *in, global T *out)      \
	{                                                                      \
		SG_PROLOGUE(T);                                                \
		LISTS                                                          \
	}
SG_ARITHI_KERNEL(int, SG_ARITH_INTEGER SG_ARITH_LOGICAL)
SG_ARITHI_KERNEL(uint, SG_ARITH_INTEGER)
SG_ARITHI_KERNEL(long, SG_ARITH_INTEGER)
SG_ARITHI_KERNEL(ulong, SG_ARITH_INTEGER)
SG_ARITHI_KERNEL(char, SG_ARITH_INTEGER SG_ARITH_INTEL)
SG_ARITHI_KERNEL(uchar, SG_ARITH_INTEGER SG_ARITH_INTEL)
SG_ARITHI_KERNEL(short, SG_ARITH_INTEGER SG_ARITH_INTEL)
SG_ARITHI_KERNEL(ushort, SG_ARITH_INTEGER SG_ARITH_INTEL)
#endif

/* ---- exchanges ------------------------------------------------------------ */

#define SG_X(kind, p, guard, e)                                                \
	if (guard)                                                             \
		o[k] = e;                                                      \
	k++;
#define SG_EXCHANGE_KERNEL(T)                                                  \
	kernel SG_ATTR void exchange_##T(global const T *in,                   \
					 global const T *in2, global T *out)   \
	{                                                                      \
		SG_PROLOGUE(T);                                                \
		T y = in2[g];                                                  \
		SG_EXCHANGE                                                    \
	}

#if SG_CORE || SG_REQD_RUN
SG_EXCHANGE_KERNEL(int)
#endif
#if SG_CORE
SG_EXCHANGE_KERNEL(uint)
SG_EXCHANGE_KERNEL(long)
SG_EXCHANGE_KERNEL(ulong)
SG_EXCHANGE_KERNEL(char)
SG_EXCHANGE_KERNEL(uchar)
SG_EXCHANGE_KERNEL(short)
SG_EXCHANGE_KERNEL(ushort)
SG_EXCHANGE_KERNEL(float)
SG_EXCHANGE_KERNEL(double)
#endif

/* ---- votes, ballots, geometry ------------------------------------------- */

#if SG_CORE || SG_REQD_RUN
#define SG_V(kind, p, e) o[k++] = e;
kernel SG_ATTR void votes(global const int *in, global int *out)
{
	SG_PROLOGUE(int);
	int p0 = x & 1, p1 = x != 3, p2 = x == 3;
	SG_VOTES
}

/* sub_group_barrier orders local memory within the sub-group: each lane
 * reads what its neighbours wrote before the barrier. */
kernel SG_ATTR void barrier_local(global const int *in, global int *out,
				  local int *lds)
{
	size_t g = get_global_linear_id();
	uint lin = (uint)get_local_linear_id();
	uint lane = get_sub_group_local_id(), n = get_sub_group_size();
	uint first = lin - lane;
	lds[lin] = in[g];
	sub_group_barrier(CLK_LOCAL_MEM_FENCE);
	out[2 * g] = lds[first + (lane + 1) % n];
	sub_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_sub_group);
	lds[lin] = 2 * in[g];
	sub_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
	out[2 * g + 1] = lds[first + (lane + n - 1) % n];
}
#endif

#if SG_INTEL
/* ---- vectors: broadcasts of every type and width; Intel's shuffles and
 * broadcasts of the vector types its extensions list.  Rows of 16
 * elements per column: SG_VEC_COLS columns. */

#define SG_VEC_PROLOGUE(T, N)                                                  \
	size_t g = get_global_linear_id();                                     \
	uint lane = get_sub_group_local_id(), n = get_sub_group_size();        \
	T##N x = vload##N(0, in + g * 16), y = vload##N(0, in2 + g * 16);      \
	global T *o = out + g * 16 * SG_VEC_COLS;                              \
	(void)lane;                                                            \
	(void)y;

/* columns 0, 1: sub_group_broadcast from lane n - 1,
 * sub_group_non_uniform_broadcast from lane n / 2 */
#define SG_VEC_BROADCASTS(T, N)                                                \
	vstore##N(sub_group_broadcast(x, n - 1), 0, o);                        \
	vstore##N(sub_group_non_uniform_broadcast(x, n / 2), 0, o + 16);

/* columns 2-5: intel_sub_group_shuffle (lane * 5 + 3) % n,
 * intel_sub_group_shuffle_xor 3, intel_sub_group_shuffle_down(x, y, 1),
 * intel_sub_group_shuffle_up(y, x, 1) */
#define SG_VEC_INTEL(T, N)                                                     \
	vstore##N(intel_sub_group_shuffle(x, (lane * 5 + 3) % n), 0, o + 32);  \
	vstore##N(intel_sub_group_shuffle_xor(x, 3), 0, o + 48);               \
	vstore##N(intel_sub_group_shuffle_down(x, y, 1), 0, o + 64);           \
	vstore##N(intel_sub_group_shuffle_up(y, x, 1), 0, o + 80);

/* column 6: intel_sub_group_broadcast from lane n - 1 */
#define SG_VEC_INTEL_BROADCAST(T, N)                                           \
	vstore##N(intel_sub_group_broadcast(x, n - 1), 0, o + 96);

#define SG_VEC_COLS 7

#define SG_VEC_KERNEL(T, N, MORE)                                              \
	kernel SG_ATTR void vec_##T##N(global const T *in, global const T *in2, \
				       global T *out)                          \
	{                                                                      \
		SG_VEC_PROLOGUE(T, N)                                          \
		SG_VEC_BROADCASTS(T, N)                                        \
		MORE                                                           \
	}

#define SG_NOTHING(T, N)
#define SG_VEC_WIDTHS(T, M2, M3, M16)                                          \
	SG_VEC_KERNEL(T, 2, M2(T, 2) M3(T, 2))                                 \
	SG_VEC_KERNEL(T, 3, M2(T, 3) M3(T, 3))                                 \
	SG_VEC_KERNEL(T, 4, M2(T, 4) M3(T, 4))                                 \
	SG_VEC_KERNEL(T, 8, M2(T, 8) M3(T, 8))                                 \
	SG_VEC_KERNEL(T, 16, M2(T, 16) M16(T, 16))

SG_VEC_WIDTHS(int, SG_VEC_INTEL, SG_NOTHING, SG_NOTHING)
SG_VEC_WIDTHS(uint, SG_VEC_INTEL, SG_NOTHING, SG_NOTHING)
SG_VEC_WIDTHS(float, SG_VEC_INTEL, SG_NOTHING, SG_NOTHING)
SG_VEC_WIDTHS(char, SG_VEC_INTEL, SG_NOTHING, SG_NOTHING)
SG_VEC_WIDTHS(uchar, SG_VEC_INTEL, SG_NOTHING, SG_NOTHING)
SG_VEC_WIDTHS(short, SG_VEC_INTEL, SG_VEC_INTEL_BROADCAST, SG_NOTHING)
SG_VEC_WIDTHS(ushort, SG_VEC_INTEL, SG_VEC_INTEL_BROADCAST, SG_NOTHING)
SG_VEC_WIDTHS(long, SG_NOTHING, SG_NOTHING, SG_NOTHING)
SG_VEC_WIDTHS(ulong, SG_NOTHING, SG_NOTHING, SG_NOTHING)
SG_VEC_WIDTHS(double, SG_NOTHING, SG_NOTHING, SG_NOTHING)

/* intel_sub_group_broadcast of the scalar 8- and 16-bit types, and of
 * short and ushort (column 6). */
#define SG_SCALAR_INTEL_BROADCAST(T)                                           \
	kernel SG_ATTR void ibroadcast_##T(global const T *in, global T *out)  \
	{                                                                      \
		size_t g = get_global_linear_id();                             \
		out[g * 16 * SG_VEC_COLS + 96] =                               \
			intel_sub_group_broadcast(in[g * 16], get_sub_group_size() - 1); \
	}
SG_SCALAR_INTEL_BROADCAST(char)
SG_SCALAR_INTEL_BROADCAST(uchar)
SG_SCALAR_INTEL_BROADCAST(short)
SG_SCALAR_INTEL_BROADCAST(ushort)

/* ---- Intel block reads and writes ---------------------------------------
 * Buffers: sub-group s of the dispatch (group * sub-groups per group + its
 * id) owns the block at s * max * N elements of src; each lane stores the
 * values it read in a row of its own (flat), and writes them plus one back
 * as a block to dst.  Images: sub-group s of group G reads and copies the
 * block at byte s * max * sizeof(E) of rows G * N on. */

#define SG_STORE1(v, g, p) (p)[g] = (v)
#define SG_STORE2(v, g, p) vstore2(v, g, p)
#define SG_STORE4(v, g, p) vstore4(v, g, p)
#define SG_STORE8(v, g, p) vstore8(v, g, p)
#define SG_STORE16(v, g, p) vstore16(v, g, p)

#define SG_BLOCK_KERNEL(NAME, SUFFIX, E, R, N)                                 \
	kernel SG_ATTR void block_##NAME(global E *src, global E *dst,         \
					 global E *flat)                       \
	{                                                                      \
		size_t g = get_global_id(0);                                   \
		size_t s = get_group_id(0) * get_enqueued_num_sub_groups() +   \
			   get_sub_group_id();                                 \
		size_t base = s * get_max_sub_group_size() * N;                \
		R v = intel_sub_group_block_read##SUFFIX(src + base);          \
		SG_STORE##N(v, g, flat);                                       \
		intel_sub_group_block_write##SUFFIX(dst + base, v + (E)1);     \
	}                                                                      \
	kernel SG_ATTR void image_##NAME(read_only image2d_t img,              \
					 write_only image2d_t copy,            \
					 global E *flat)                       \
	{                                                                      \
		size_t g = get_global_id(0);                                   \
		int2 at = (int2)((int)(get_sub_group_id() *                    \
				       get_max_sub_group_size() * sizeof(E)),  \
				 (int)get_group_id(0) * N);                    \
		R v = intel_sub_group_block_read##SUFFIX(img, at);             \
		SG_STORE##N(v, g, flat);                                       \
		intel_sub_group_block_write##SUFFIX(copy, at, v);              \
	}

SG_BLOCK_KERNEL(u1, , uint, uint, 1)
SG_BLOCK_KERNEL(u2, 2, uint, uint2, 2)
SG_BLOCK_KERNEL(u4, 4, uint, uint4, 4)
SG_BLOCK_KERNEL(u8, 8, uint, uint8, 8)
SG_BLOCK_KERNEL(ui1, _ui, uint, uint, 1)
SG_BLOCK_KERNEL(ui2, _ui2, uint, uint2, 2)
SG_BLOCK_KERNEL(ui4, _ui4, uint, uint4, 4)
SG_BLOCK_KERNEL(ui8, _ui8, uint, uint8, 8)
SG_BLOCK_KERNEL(us1, _us, ushort, ushort, 1)
SG_BLOCK_KERNEL(us2, _us2, ushort, ushort2, 2)
SG_BLOCK_KERNEL(us4, _us4, ushort, ushort4, 4)
SG_BLOCK_KERNEL(us8, _us8, ushort, ushort8, 8)
SG_BLOCK_KERNEL(uc1, _uc, uchar, uchar, 1)
SG_BLOCK_KERNEL(uc2, _uc2, uchar, uchar2, 2)
SG_BLOCK_KERNEL(uc4, _uc4, uchar, uchar4, 4)
SG_BLOCK_KERNEL(uc8, _uc8, uchar, uchar8, 8)
SG_BLOCK_KERNEL(uc16, _uc16, uchar, uchar16, 16)
SG_BLOCK_KERNEL(ul1, _ul, ulong, ulong, 1)
SG_BLOCK_KERNEL(ul2, _ul2, ulong, ulong2, 2)
SG_BLOCK_KERNEL(ul4, _ul4, ulong, ulong4, 4)
SG_BLOCK_KERNEL(ul8, _ul8, ulong, ulong8, 8)
#endif
