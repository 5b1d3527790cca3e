/* The storage of a pipe: the one contract between the runtime, which lays
 * it out when clCreatePipe makes the pipe (lib/core/pipe.c), and the pipe
 * built-ins of kernel-lib (kernel-lib/pipes.cl), which share it between
 * every work-item of every kernel that has the pipe as an argument.  This
 * header is read by C11 and by OpenCL C, so it uses only types both spell
 * alike through the typedefs below.  docs/pipes.md explains the design.
 *
 * A pipe argument's slot holds the address of the header; the rest of the
 * storage follows it:
 *
 *   [header: KILN_PIPE_HEADER_BYTES]
 *   [write marks: uint32 x max_packets]
 *   [read marks:  uint32 x max_packets]
 *   [packets: packet_size x max_packets, KILN_PIPE_PACKETS_ALIGN-aligned]
 *
 * The ring.  Packets have absolute positions 0, 1, 2, ... (64-bit, never
 * wrapping); position p lives in slot p % max_packets.  Four counters, each
 * only growing, split the positions:
 *
 *   read_committed <= read_reserved <= write_committed <= write_reserved
 *                  <= read_committed + max_packets
 *
 *   [read_committed, read_reserved)   being read (reserved by readers)
 *   [read_reserved, write_committed)  readable packets
 *   [write_committed, write_reserved) being written (reserved by writers)
 *
 * A reservation takes n positions from write_reserved (or read_reserved)
 * with a compare-and-swap, failing at once when they are not there (a full
 * or empty pipe: never blocking).  A commit marks each of its positions in
 * the write (read) marks with (position + 1) truncated to 32 bits, then moves
 * write_committed (read_committed) over every marked position that follows
 * it.  So commits may come in any order: readers see a reservation's packets
 * only when it and every reservation before it are committed, and a slot
 * returns to writers only when every read before it is committed.  A mark
 * of the previous lap differs by max_packets (< 2^32), so it never passes
 * for the current one.
 *
 * Counters that different sides write live on separate cache lines. */
#ifndef KILN_CORE_PIPE_ABI_H
#define KILN_CORE_PIPE_ABI_H

#ifdef __OPENCL_C_VERSION__
typedef uint kiln_pipe_u32;
typedef ulong kiln_pipe_u64;
#else
#include <stdint.h>
typedef uint32_t kiln_pipe_u32;
typedef uint64_t kiln_pipe_u64;
#endif

#define KILN_PIPE_LINE 64u             /* bytes of one cache line */
#define KILN_PIPE_HEADER_BYTES 320u    /* 5 cache lines */
#define KILN_PIPE_PACKETS_ALIGN 128u   /* the widest OpenCL C type, long16 */

struct kiln_pipe_header {
	/* Line 0: constant after clCreatePipe. */
	kiln_pipe_u32 packet_size;     /* bytes (CL_PIPE_PACKET_SIZE) */
	kiln_pipe_u32 max_packets;     /* slots (CL_PIPE_MAX_PACKETS) */
	kiln_pipe_u64 write_marks;     /* byte offsets from the header */
	kiln_pipe_u64 read_marks;
	kiln_pipe_u64 packets;
	kiln_pipe_u64 pad0[4];
	/* Lines 1-4: the counters (positions), atomics.  Each side keeps on
	 * its reservation line a copy of the other side's counter it last
	 * read (a lower bound, refreshed only when it says full or empty),
	 * so that it reads the other side's line only then. */
	kiln_pipe_u64 write_reserved;
	kiln_pipe_u64 write_seen_freed;  /* <= read_committed */
	kiln_pipe_u64 pad1[6];
	kiln_pipe_u64 write_committed;
	kiln_pipe_u64 pad2[7];
	kiln_pipe_u64 read_reserved;
	kiln_pipe_u64 read_seen_ready;   /* <= write_committed */
	kiln_pipe_u64 pad3[6];
	kiln_pipe_u64 read_committed;
	kiln_pipe_u64 pad4[7];
};

_Static_assert(sizeof(struct kiln_pipe_header) == KILN_PIPE_HEADER_BYTES,
	       "the pipe header is five cache lines");
/* Each counter on its own cache line. */
_Static_assert(__builtin_offsetof(struct kiln_pipe_header, write_reserved) == 64,
	       "pipe counter layout");
_Static_assert(__builtin_offsetof(struct kiln_pipe_header, write_committed) == 128,
	       "pipe counter layout");
_Static_assert(__builtin_offsetof(struct kiln_pipe_header, read_reserved) == 192,
	       "pipe counter layout");
_Static_assert(__builtin_offsetof(struct kiln_pipe_header, read_committed) == 256,
	       "pipe counter layout");

/* A reservation id (reserve_id_t, a pointer-sized value in Clang 15's IR):
 * the first slot in the low 32 bits, the number of packets in the high 32.
 * A slot is below max_packets <= 2^32 - 1, so no valid id is all ones,
 * which is CLK_NULL_RESERVE_ID (Clang's opencl-c-base.h). */
#define KILN_PIPE_NULL_RESERVE_ID (~(kiln_pipe_u64)0)

/* Where the marks and packets of a pipe of `max_packets` packets start,
 * and its whole size in bytes. */
static inline kiln_pipe_u64 kiln_pipe_align_up(kiln_pipe_u64 v, kiln_pipe_u64 a)
{
	return (v + a - 1) / a * a;
}

static inline kiln_pipe_u64 kiln_pipe_write_marks_offset(void)
{
	return KILN_PIPE_HEADER_BYTES;
}

static inline kiln_pipe_u64 kiln_pipe_read_marks_offset(kiln_pipe_u32 max_packets)
{
	return KILN_PIPE_HEADER_BYTES + 4 * (kiln_pipe_u64)max_packets;
}

static inline kiln_pipe_u64 kiln_pipe_packets_offset(kiln_pipe_u32 max_packets)
{
	return kiln_pipe_align_up(KILN_PIPE_HEADER_BYTES + 8 * (kiln_pipe_u64)max_packets,
				  KILN_PIPE_PACKETS_ALIGN);
}

/* packet_size and max_packets are 32-bit, so their product and the offsets
 * stay far below 2^64: the size never overflows. */
static inline kiln_pipe_u64 kiln_pipe_storage_bytes(kiln_pipe_u32 packet_size,
						    kiln_pipe_u32 max_packets)
{
	return kiln_pipe_packets_offset(max_packets) +
	       (kiln_pipe_u64)packet_size * max_packets;
}

#endif
