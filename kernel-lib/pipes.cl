/* Pipe built-ins (OpenCL C 3.0 §6.15.16 "Pipe Functions", feature
 * __opencl_c_pipes), under the names Clang 15 lowers them to:
 *
 *   read_pipe(p, ptr)            __read_pipe_2(p, ptr, size, align)
 *   read_pipe(p, rid, i, ptr)    __read_pipe_4(p, rid, i, ptr, size, align)
 *   reserve_read_pipe(p, n)      __reserve_read_pipe(p, n, size, align)
 *   commit_read_pipe(p, rid)     __commit_read_pipe(p, rid, size, align)
 *   work_group_reserve_/commit_  __work_group_reserve_/commit_read_pipe
 *   sub_group_reserve_/commit_   __sub_group_reserve_/commit_read_pipe
 *   get_pipe_num_packets(p)      __get_pipe_num_packets_ro(p, size, align)
 *   get_pipe_max_packets(p)      __get_pipe_max_packets_ro(p, size, align)
 *
 * and the same with "write" and "_wo"; is_valid_reserve_id is an ordinary
 * overloaded function.  A pipe is `ptr addrspace(1)` (the pipe's header,
 * which a kernel argument slot holds: lib/core/ndrange.c), a reserve_id_t is
 * a pointer-sized value (`ptr`), here a `__private void *`; size and align
 * are those of the packet type the kernel declared.  The SPIR-V translator
 * reads OpReadPipe etc. back into the same names, except that it calls both
 * OpGetNumPipePackets and OpGetMaxPipePackets `..._wo` whatever the pipe's
 * access: the `_wo` and `_ro` functions here are the same.
 *
 * The pipe is a ring buffer shared by every work-item of every kernel
 * running with it, on any worker thread; lib/core/pipe_abi.h lays it out and
 * explains the four counters and the commit marks, docs/pipes.md the whole
 * design.  Every operation is a bounded number of atomic steps: a full or
 * empty pipe makes a reservation fail at once (read_pipe and write_pipe
 * return -1, the reserve functions CLK_NULL_RESERVE_ID), nothing waits for
 * another work-item, so no kernel blocks on a pipe for ever (OpenCL C 3.0
 * §6.15.16.2: the functions are non-blocking).
 *
 * A packet is copied with memcpy of the kernel's packet size.  A kernel
 * whose packet type is larger than the pipe's CL_PIPE_PACKET_SIZE (a
 * mistake the API cannot see) gets -1 from every read and write, never a
 * copy past a slot.
 *
 * work_group_ and sub_group_ reservations: one work-item of the group
 * reserves for all and hands the id to the others through the group
 * scratch (struct kiln_wg_state.group_scratch, 128 bytes per work-item,
 * lib/compiler/compiler.h), as the work-group collectives do
 * (work_group.cl): work-group functions meet at __kiln_barrier, sub-group
 * functions at the compiler's __kiln_sg_sync (lib/compiler/subgroups.cpp).
 * The commit functions meet first, so that every work-item's reads or
 * writes of the reservation are done before it is committed (§6.15.16.3). */
#include "kl_gentype.h"
#include "wg_state.h"
#include "../lib/core/pipe_abi.h"

void __kiln_barrier(cl_mem_fence_flags flags) __attribute__((convergent));
uint __kiln_sg_max_size(void) __attribute__((const));
ulong __kiln_sg_sync(void) __attribute__((convergent));

typedef __global struct kiln_pipe_header kl_pipe;

#define KL_PIPE_FENCE (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#define KL_PIPE_SLOT_BYTES KL_GROUP_SCRATCH_BYTES
#define KL_NULL_ID KILN_PIPE_NULL_RESERVE_ID

/* ---- layout ------------------------------------------------------------ */

KL_INL __global uchar *kl_pipe_base(kl_pipe *p)
{
	return (__global uchar *)p;
}

KL_INL __global uint *kl_write_marks(kl_pipe *p)
{
	return (__global uint *)(kl_pipe_base(p) + p->write_marks);
}

KL_INL __global uint *kl_read_marks(kl_pipe *p)
{
	return (__global uint *)(kl_pipe_base(p) + p->read_marks);
}

KL_INL __global uchar *kl_packet(kl_pipe *p, uint slot)
{
	return kl_pipe_base(p) + p->packets + (ulong)slot * p->packet_size;
}

/* ---- reservation ids --------------------------------------------------- */

KL_INL ulong kl_id(uint slot, uint n)
{
	return (ulong)n << 32 | slot;
}

KL_INL uint kl_id_slot(ulong id)
{
	return (uint)id;
}

KL_INL uint kl_id_count(ulong id)
{
	return (uint)(id >> 32);
}

KL_INL ulong kl_id_of(__private void *rid)
{
	return (ulong)rid;
}

KL_INL __private void *kl_rid(ulong id)
{
	return (__private void *)id;
}

/* The slot of packet `index` of reservation `id`, or -1 when the id is not
 * a reservation of this pipe (CLK_NULL_RESERVE_ID, or a value no
 * reservation of it has) or the index is outside it: never a slot outside
 * the pipe. */
KL_INL long kl_slot_of(kl_pipe *p, ulong id, uint index)
{
	uint cap = p->max_packets;
	if (id == KL_NULL_ID || index >= kl_id_count(id) || kl_id_slot(id) >= cap ||
	    kl_id_count(id) > cap)
		return -1;
	ulong s = (ulong)kl_id_slot(id) + index;
	return (long)(s >= cap ? s - cap : s);
}

/* ---- the ring (pipe_abi.h) --------------------------------------------- */

#define KL_NO_POS (~0ul)

/* n positions for writers, if n slots are free: none is being written,
 * unread or being read; the first position, or KL_NO_POS.  Only the
 * compare-and-swap may loop, and only while other work-items succeed.
 *
 * read_committed is the readers' line: a writer checks against the copy
 * writers keep on their own line (write_seen_freed, a lower bound of
 * read_committed) and reads the readers' line only when that copy says
 * the pipe is full, so that a writer and a reader working at once do not
 * pull each other's cache lines for every packet. */
KL_INL ulong kl_reserve_write(kl_pipe *p, uint n)
{
	uint cap = p->max_packets;
	if (n == 0 || n > cap)
		return KL_NO_POS;
	ulong w = __atomic_load_n(&p->write_reserved, __ATOMIC_RELAXED);
	/* Acquire: the reads of the slots being reused are done (the copy
	 * is published with release by the writer that read it). */
	ulong freed = __atomic_load_n(&p->write_seen_freed, __ATOMIC_ACQUIRE);
	for (;;) {
		/* Signed: w may be older than freed; then the CAS fails. */
		if ((long)(w + n - freed) > (long)cap) {
			ulong now = __atomic_load_n(&p->read_committed, __ATOMIC_ACQUIRE);
			if (now == freed)
				return KL_NO_POS; /* full */
			freed = now;
			__atomic_store_n(&p->write_seen_freed, now, __ATOMIC_RELEASE);
			continue;
		}
		if (__atomic_compare_exchange_n(&p->write_reserved, &w, w + n, true,
						__ATOMIC_RELAXED, __ATOMIC_RELAXED))
			return w;
	}
}

/* n positions for readers, if n packets are committed and not yet
 * reserved by another reader; checked first against the readers' copy of
 * write_committed (read_seen_ready), as above. */
KL_INL ulong kl_reserve_read(kl_pipe *p, uint n)
{
	uint cap = p->max_packets;
	if (n == 0 || n > cap)
		return KL_NO_POS;
	ulong r = __atomic_load_n(&p->read_reserved, __ATOMIC_RELAXED);
	/* Acquire: the writes of the packets are visible. */
	ulong ready = __atomic_load_n(&p->read_seen_ready, __ATOMIC_ACQUIRE);
	for (;;) {
		if ((long)(r + n - ready) > 0) {
			ulong now = __atomic_load_n(&p->write_committed, __ATOMIC_ACQUIRE);
			if (now == ready)
				return KL_NO_POS; /* empty, or fewer than n packets */
			ready = now;
			__atomic_store_n(&p->read_seen_ready, now, __ATOMIC_RELEASE);
			continue;
		}
		if (__atomic_compare_exchange_n(&p->read_reserved, &r, r + n, true,
						__ATOMIC_RELAXED, __ATOMIC_RELAXED))
			return r;
	}
}

/* Moves *cursor over every position whose mark says it is committed.  The
 * committer whose fence comes last sees every mark made before the others'
 * fences, so the cursor ends past every committed run (pipe_abi.h); a
 * compare-and-swap that loses to another committer scans again from where
 * that one left the cursor.  (pos, slot): a position and its slot, to spare
 * the division when the cursor is there, as it usually is. */
KL_INL void kl_advance(__global ulong *cursor, __global uint *marks, uint cap,
		       ulong pos, uint slot)
{
	ulong c = __atomic_load_n(cursor, __ATOMIC_RELAXED);
	for (;;) {
		ulong e = c;
		uint s = c == pos ? slot : (uint)(c % cap);
		/* Acquire: the packets of the marked positions were written
		 * (or read) before their marks. */
		while (__atomic_load_n(&marks[s], __ATOMIC_ACQUIRE) == (uint)(e + 1)) {
			e++;
			if (++s == cap)
				s = 0;
		}
		if (e == c)
			return;
		/* Release: whoever reads the cursor sees those packets. */
		if (__atomic_compare_exchange_n(cursor, &c, e, false, __ATOMIC_RELEASE,
						__ATOMIC_RELAXED))
			return;
	}
}

/* Commits positions [pos, pos + n), the first in `slot`, on the side whose
 * commit counter is `cursor` and whose marks are `marks`. */
KL_INL void kl_commit_at(__global ulong *cursor, __global uint *marks, uint cap,
			 ulong pos, uint slot, uint n)
{
	uint s = slot;
	for (uint i = 0; i < n; i++) {
		/* Release: this work-item's packet accesses come first. */
		__atomic_store_n(&marks[s], (uint)(pos + i + 1), __ATOMIC_RELEASE);
		if (++s == cap)
			s = 0;
	}
	/* Between the marks and the scan, so that of two committers at
	 * least one sees the other's marks. */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	kl_advance(cursor, marks, cap, pos, slot);
}

/* Commits reservation `id`.  Its first position is the one position at
 * or above the cursor (which cannot pass it before it is marked) with its
 * slot, and less than a lap above: the reservation was made against a
 * counter of the other side that this side's cursor had reached (the
 * acquire loads of kl_reserve_* order them), pipe_abi.h. */
KL_INL void kl_commit(kl_pipe *p, ulong id, __global ulong *cursor,
		      __global uint *marks)
{
	if (id == KL_NULL_ID)
		return;
	uint cap = p->max_packets, slot = kl_id_slot(id), n = kl_id_count(id);
	if (n == 0 || n > cap || slot >= cap)
		return;
	ulong c = __atomic_load_n(cursor, __ATOMIC_RELAXED);
	uint cs = (uint)(c % cap);
	ulong pos = c + (slot >= cs ? slot - cs : (ulong)slot + cap - cs);
	kl_commit_at(cursor, marks, cap, pos, slot, n);
}

KL_INL void kl_commit_write(kl_pipe *p, ulong id)
{
	kl_commit(p, id, &p->write_committed, kl_write_marks(p));
}

KL_INL void kl_commit_read(kl_pipe *p, ulong id)
{
	kl_commit(p, id, &p->read_committed, kl_read_marks(p));
}

/* A reservation's id from its first position. */
KL_INL ulong kl_id_at(kl_pipe *p, ulong pos, uint n)
{
	return pos == KL_NO_POS ? KL_NULL_ID : kl_id((uint)(pos % p->max_packets), n);
}

/* Packets a reader could reserve now: committed, not yet reserved.  Read
 * in this order the difference is never negative. */
KL_INL uint kl_num_packets(kl_pipe *p)
{
	ulong r = __atomic_load_n(&p->read_reserved, __ATOMIC_ACQUIRE);
	ulong w = __atomic_load_n(&p->write_committed, __ATOMIC_ACQUIRE);
	return (uint)(w - r);
}

/* Whether the kernel's packet type fits the pipe's packets.  A pipe made
 * for smaller packets than the kernel declares cannot hold them: reads and
 * writes of that kernel fail (return -1) instead of spilling into the next
 * slot.  `size` is a constant after inlining, so the copies below are
 * plain loads and stores. */
KL_INL bool kl_fits(kl_pipe *p, uint size)
{
	return size <= p->packet_size;
}

/* ---- read_pipe, write_pipe (§6.15.16.2) --------------------------------- */

int __read_pipe_2(kl_pipe *p, __generic void *ptr, uint size, uint align)
{
	(void)align;
	if (!kl_fits(p, size))
		return -1;
	ulong pos = kl_reserve_read(p, 1);
	if (pos == KL_NO_POS)
		return -1;
	uint slot = (uint)(pos % p->max_packets);
	__builtin_memcpy(ptr, kl_packet(p, slot), size);
	kl_commit_at(&p->read_committed, kl_read_marks(p), p->max_packets, pos, slot, 1);
	return 0;
}

int __write_pipe_2(kl_pipe *p, const __generic void *ptr, uint size, uint align)
{
	(void)align;
	if (!kl_fits(p, size))
		return -1;
	ulong pos = kl_reserve_write(p, 1);
	if (pos == KL_NO_POS)
		return -1;
	uint slot = (uint)(pos % p->max_packets);
	__builtin_memcpy(kl_packet(p, slot), ptr, size);
	kl_commit_at(&p->write_committed, kl_write_marks(p), p->max_packets, pos, slot, 1);
	return 0;
}

int __read_pipe_4(kl_pipe *p, __private void *rid, uint index,
		  __generic void *ptr, uint size, uint align)
{
	(void)align;
	long s = kl_slot_of(p, kl_id_of(rid), index);
	if (s < 0 || !kl_fits(p, size))
		return -1;
	__builtin_memcpy(ptr, kl_packet(p, (uint)s), size);
	return 0;
}

int __write_pipe_4(kl_pipe *p, __private void *rid, uint index,
		   const __generic void *ptr, uint size, uint align)
{
	(void)align;
	long s = kl_slot_of(p, kl_id_of(rid), index);
	if (s < 0 || !kl_fits(p, size))
		return -1;
	__builtin_memcpy(kl_packet(p, (uint)s), ptr, size);
	return 0;
}

/* ---- reservations by one work-item (§6.15.16.3) -------------------------- */

__private void *__reserve_read_pipe(kl_pipe *p, uint n, uint size, uint align)
{
	(void)size;
	(void)align;
	return kl_rid(kl_id_at(p, kl_reserve_read(p, n), n));
}

__private void *__reserve_write_pipe(kl_pipe *p, uint n, uint size, uint align)
{
	(void)size;
	(void)align;
	return kl_rid(kl_id_at(p, kl_reserve_write(p, n), n));
}

void __commit_read_pipe(kl_pipe *p, __private void *rid, uint size, uint align)
{
	(void)size;
	(void)align;
	kl_commit_read(p, kl_id_of(rid));
}

void __commit_write_pipe(kl_pipe *p, __private void *rid, uint size, uint align)
{
	(void)size;
	(void)align;
	kl_commit_write(p, kl_id_of(rid));
}

bool __attribute__((overloadable)) is_valid_reserve_id(reserve_id_t reserve_id)
{
	return __builtin_astype(reserve_id, __private void *) != kl_rid(KL_NULL_ID);
}

/* ---- work-group reservations (§6.15.16.4) --------------------------------
 * Work-item 0 reserves into its own scratch slot, which no collective reads
 * once it has returned (work_group.cl); every work-item reads it after the
 * barrier, and the second barrier keeps work-item 0 from overwriting it in
 * a later reservation before all have read. */

KL_INL __global ulong *kl_group_word(void)
{
	return (__global ulong *)__kiln_wg_state()->group_scratch;
}

#define KL_WG_RESERVE(SIDE)                                                    \
	__attribute__((convergent)) __private void *                           \
		__work_group_reserve_##SIDE##_pipe(kl_pipe *p, uint n,          \
						   uint size, uint align)       \
	{                                                                      \
		(void)size;                                                    \
		(void)align;                                                   \
		__global ulong *word = kl_group_word();                         \
		if (get_local_linear_id() == 0)                                \
			*word = kl_id_at(p, kl_reserve_##SIDE(p, n), n);                        \
		__kiln_barrier(KL_PIPE_FENCE);                                 \
		ulong id = *word;                                              \
		__kiln_barrier(KL_PIPE_FENCE);                                 \
		return kl_rid(id);                                             \
	}                                                                      \
	__attribute__((convergent)) void __work_group_commit_##SIDE##_pipe(    \
		kl_pipe *p, __private void *rid, uint size, uint align)        \
	{                                                                      \
		(void)size;                                                    \
		(void)align;                                                   \
		__kiln_barrier(KL_PIPE_FENCE);                                 \
		if (get_local_linear_id() == 0)                                \
			kl_commit_##SIDE(p, kl_id_of(rid));                     \
	}

KL_WG_RESERVE(read)
KL_WG_RESERVE(write)

/* ---- sub-group reservations (__opencl_c_subgroups, cl_khr_subgroups) -----
 * The sub-group's lanes are consecutive linear local ids (lane = lin % S,
 * S = __kiln_sg_max_size(); the last sub-group of a group may be short).
 * The first lane taking part reserves into its own scratch slot, as the
 * sub-group collectives exchange values (subgroups.h): meet, reserve, meet,
 * read, meet. */

KL_INL __global uchar *kl_sg_slots(uint lin, uint lane)
{
	return (__global uchar *)__kiln_wg_state()->group_scratch +
	       (ulong)(lin - lane) * KL_PIPE_SLOT_BYTES;
}

/* The lanes taking part in this meeting, of those that exist. */
KL_INL ulong kl_sg_meet(uint lin, uint s)
{
	uint items = (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
	uint rest = items - (lin - lin % s), size = rest < s ? rest : s;
	ulong lanes = size >= 64u ? ~0ul : (1ul << size) - 1ul;
	return __kiln_sg_sync() & lanes;
}

#define KL_SG_RESERVE(SIDE)                                                    \
	__attribute__((convergent)) __private void *                           \
		__sub_group_reserve_##SIDE##_pipe(kl_pipe *p, uint n,           \
						  uint size, uint align)        \
	{                                                                      \
		(void)size;                                                    \
		(void)align;                                                   \
		uint s = __kiln_sg_max_size();                                 \
		uint lin = (uint)get_local_linear_id(), lane = lin % s;        \
		ulong m = kl_sg_meet(lin, s);                                  \
		uint first = (uint)__builtin_ctzl(m);                          \
		__global ulong *word = (__global ulong *)(kl_sg_slots(lin, lane) + \
			(ulong)first * KL_PIPE_SLOT_BYTES);                    \
		if (lane == first)                                             \
			*word = kl_id_at(p, kl_reserve_##SIDE(p, n), n);                        \
		(void)__kiln_sg_sync();                                        \
		ulong id = *word;                                              \
		(void)__kiln_sg_sync();                                        \
		return kl_rid(id);                                             \
	}                                                                      \
	__attribute__((convergent)) void __sub_group_commit_##SIDE##_pipe(     \
		kl_pipe *p, __private void *rid, uint size, uint align)        \
	{                                                                      \
		(void)size;                                                    \
		(void)align;                                                   \
		uint s = __kiln_sg_max_size();                                 \
		uint lin = (uint)get_local_linear_id();                        \
		ulong m = kl_sg_meet(lin, s);                                  \
		if (lin % s == (uint)__builtin_ctzl(m))                        \
			kl_commit_##SIDE(p, kl_id_of(rid));                     \
	}

KL_SG_RESERVE(read)
KL_SG_RESERVE(write)

/* ---- queries (§6.15.16.5) ---------------------------------------------- */

uint __get_pipe_num_packets_ro(kl_pipe *p, uint size, uint align)
{
	(void)size;
	(void)align;
	return kl_num_packets(p);
}

uint __get_pipe_num_packets_wo(kl_pipe *p, uint size, uint align)
{
	(void)size;
	(void)align;
	return kl_num_packets(p);
}

uint __get_pipe_max_packets_ro(kl_pipe *p, uint size, uint align)
{
	(void)size;
	(void)align;
	return p->max_packets;
}

uint __get_pipe_max_packets_wo(kl_pipe *p, uint size, uint align)
{
	(void)size;
	(void)align;
	return p->max_packets;
}
