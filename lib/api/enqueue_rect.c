/* Rectangular reads, writes and copies of buffers (OpenCL 3.0 §5.2.2:
 * clEnqueueReadBufferRect, clEnqueueWriteBufferRect,
 * clEnqueueCopyBufferRect).  A region is region[0] bytes by region[1] rows
 * by region[2] slices; each side has its own origin and pitches. */
#include "mem_args.h"

#include "../core/command.h"
#include "../core/event.h"
#include "../core/mem_copy.h"
#include "../core/queue.h"

/* One side of a rectangular transfer, once its pitches are settled. */
struct rect_side {
	size_t row_pitch, slice_pitch;
	size_t offset; /* byte offset of the origin */
};

/* §5.2.2: a pitch of 0 means "tightly packed" (row pitch region[0], slice
 * pitch region[1] × row pitch); a given row pitch may not be below
 * region[0], nor a slice pitch below region[1] × row pitch, and a given
 * slice pitch must be a multiple of the row pitch.  Fills `side`
 * and checks that the offsets do not overflow.  CL_INVALID_VALUE or
 * CL_SUCCESS. */
static cl_int rect_side_init(struct rect_side *side, const size_t origin[3],
			     const size_t region[3], size_t row_pitch,
			     size_t slice_pitch)
{
	size_t min_slice, t1, t2;
	if (row_pitch == 0)
		row_pitch = region[0];
	else if (row_pitch < region[0])
		return CL_INVALID_VALUE;
	if (__builtin_mul_overflow(region[1], row_pitch, &min_slice))
		return CL_INVALID_VALUE;
	if (slice_pitch == 0)
		slice_pitch = min_slice;
	else if (slice_pitch < min_slice || slice_pitch % row_pitch)
		return CL_INVALID_VALUE;
	side->row_pitch = row_pitch;
	side->slice_pitch = slice_pitch;
	if (__builtin_mul_overflow(origin[2], slice_pitch, &t1) ||
	    __builtin_mul_overflow(origin[1], row_pitch, &t2) ||
	    __builtin_add_overflow(t1, t2, &t1) ||
	    __builtin_add_overflow(t1, origin[0], &side->offset))
		return CL_INVALID_VALUE;
	return CL_SUCCESS;
}

/* One past the last byte the region touches, relative to the origin. */
static bool rect_extent(const struct rect_side *side, const size_t region[3],
			size_t *extent)
{
	size_t a, b;
	return !__builtin_mul_overflow(region[2] - 1, side->slice_pitch, &a) &&
	       !__builtin_mul_overflow(region[1] - 1, side->row_pitch, &b) &&
	       !__builtin_add_overflow(a, b, &a) &&
	       !__builtin_add_overflow(a, region[0], extent);
}

/* The region lies inside the buffer. */
static bool rect_in_bounds(const struct rect_side *side,
			   const size_t region[3], size_t buffer_size)
{
	size_t extent;
	return rect_extent(side, region, &extent) &&
	       kiln_range_ok(side->offset, extent, buffer_size);
}

static bool region_ok(const size_t region[3])
{
	return region && region[0] && region[1] && region[2];
}

struct rect_command {
	struct kiln_command cmd;
	char *dst;
	const char *src;
	size_t dst_row, dst_slice, src_row, src_slice;
	size_t region[3];
};

static cl_int run_rect(struct kiln_command *cmd)
{
	struct rect_command *c = (struct rect_command *)cmd;
	kiln_mem_copy_rect(kiln_command_device(cmd), c->dst, c->dst_row,
			   c->dst_slice, c->src, c->src_row, c->src_slice,
			   c->region);
	return CL_SUCCESS;
}

static cl_int enqueue_rect(cl_command_queue q, cl_command_type type,
			   cl_mem *mems, cl_uint num_mems, bool blocking,
			   char *dst, const struct rect_side *d,
			   const char *src, const struct rect_side *s,
			   const size_t region[3], cl_uint num_events,
			   const cl_event *wait_list, cl_event *event)
{
	struct rect_command *c = (struct rect_command *)kiln_command_alloc(
		sizeof(*c), q, type);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	c->cmd.run = run_rect;
	c->cmd.bytes = region[0] * region[1] * region[2];
	c->dst = dst + d->offset;
	c->src = src + s->offset;
	c->dst_row = d->row_pitch;
	c->dst_slice = d->slice_pitch;
	c->src_row = s->row_pitch;
	c->src_slice = s->slice_pitch;
	for (int i = 0; i < 3; i++)
		c->region[i] = region[i];
	return kiln_enqueue_mem_command(&c->cmd, mems, num_mems, blocking,
					num_events, wait_list, event);
}

/* The checks of clEnqueueReadBufferRect and clEnqueueWriteBufferRect. */
static cl_int check_host_rect(cl_command_queue q, cl_mem buf,
			      const size_t *buffer_origin,
			      const size_t *host_origin, const size_t *region,
			      size_t buffer_row_pitch, size_t buffer_slice_pitch,
			      size_t host_row_pitch, size_t host_slice_pitch,
			      const void *ptr, cl_uint num_events,
			      const cl_event *wait_list, struct rect_side *bs,
			      struct rect_side *hs)
{
	cl_int err = kiln_check_buffer_command(q, buf, num_events, wait_list);
	if (err)
		return err;
	if (!buffer_origin || !host_origin || !region_ok(region) || !ptr)
		return CL_INVALID_VALUE;
	if (rect_side_init(bs, buffer_origin, region, buffer_row_pitch,
			   buffer_slice_pitch) ||
	    rect_side_init(hs, host_origin, region, host_row_pitch,
			   host_slice_pitch))
		return CL_INVALID_VALUE;
	if (!rect_in_bounds(bs, region, buf->size))
		return CL_INVALID_VALUE;
	return CL_SUCCESS;
}

/* clEnqueueReadBufferRect (`write` false: buffer to host) and
 * clEnqueueWriteBufferRect (host to buffer): the argument checks, then
 * CL_INVALID_OPERATION when the buffer's CL_MEM_HOST_* flags forbid the
 * host that access. */
static cl_int enqueue_host_rect(cl_command_queue q, cl_mem buf, bool write,
				cl_bool blocking, const size_t *buffer_origin,
				const size_t *host_origin, const size_t *region,
				size_t buffer_row_pitch,
				size_t buffer_slice_pitch,
				size_t host_row_pitch, size_t host_slice_pitch,
				const void *ptr, cl_uint num_events,
				const cl_event *wait_list, cl_event *event)
{
	struct rect_side bs, hs;
	cl_int err = check_host_rect(q, buf, buffer_origin, host_origin, region,
				     buffer_row_pitch, buffer_slice_pitch,
				     host_row_pitch, host_slice_pitch, ptr,
				     num_events, wait_list, &bs, &hs);
	if (err)
		return err;
	if (!(write ? kiln_mem_host_may_write(buf) : kiln_mem_host_may_read(buf)))
		return CL_INVALID_OPERATION;
	if (write)
		return enqueue_rect(q, CL_COMMAND_WRITE_BUFFER_RECT, &buf, 1,
				    blocking, buf->data, &bs, ptr, &hs, region,
				    num_events, wait_list, event);
	return enqueue_rect(q, CL_COMMAND_READ_BUFFER_RECT, &buf, 1, blocking,
			    (void *)ptr, &hs, buf->data, &bs, region,
			    num_events, wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBufferRect(
	cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_read,
	const size_t *buffer_origin, const size_t *host_origin,
	const size_t *region, size_t buffer_row_pitch,
	size_t buffer_slice_pitch, size_t host_row_pitch,
	size_t host_slice_pitch, void *ptr, cl_uint num_events_in_wait_list,
	const cl_event *event_wait_list, cl_event *event)
{
	return enqueue_host_rect(command_queue, buffer, false, blocking_read,
				 buffer_origin, host_origin, region,
				 buffer_row_pitch, buffer_slice_pitch,
				 host_row_pitch, host_slice_pitch, ptr,
				 num_events_in_wait_list, event_wait_list,
				 event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBufferRect(
	cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_write,
	const size_t *buffer_origin, const size_t *host_origin,
	const size_t *region, size_t buffer_row_pitch,
	size_t buffer_slice_pitch, size_t host_row_pitch,
	size_t host_slice_pitch, const void *ptr,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event)
{
	return enqueue_host_rect(command_queue, buffer, true, blocking_write,
				 buffer_origin, host_origin, region,
				 buffer_row_pitch, buffer_slice_pitch,
				 host_row_pitch, host_slice_pitch, ptr,
				 num_events_in_wait_list, event_wait_list,
				 event);
}

/* Start of row r (r = z * region[1] + y) of a region, in root-buffer
 * bytes. */
static size_t row_start(size_t base, const struct rect_side *side,
			const size_t region[3], size_t r)
{
	return base + (r / region[1]) * side->slice_pitch +
	       (r % region[1]) * side->row_pitch;
}

/* §5.2.2 CL_MEM_COPY_OVERLAP for clEnqueueCopyBufferRect: do the two
 * regions share a byte?  With the pitches checked above, each region's rows
 * are disjoint and ascending in memory, so one merge over both row lists
 * decides it exactly; the spans are compared first so that regions far
 * apart cost nothing. */
static bool rects_overlap(cl_mem src, const struct rect_side *s, cl_mem dst,
			  const struct rect_side *d, const size_t region[3])
{
	if (kiln_mem_root(src) != kiln_mem_root(dst))
		return false;
	size_t sb = kiln_mem_root_offset(src) + s->offset;
	size_t db = kiln_mem_root_offset(dst) + d->offset;
	size_t se = 0, de = 0; /* cannot overflow: bounds were checked */
	rect_extent(s, region, &se);
	rect_extent(d, region, &de);
	if (sb + se <= db || db + de <= sb)
		return false;
	size_t rows = region[1] * region[2], w = region[0];
	size_t i = 0, j = 0;
	while (i < rows && j < rows) {
		size_t a = row_start(sb, s, region, i);
		size_t b = row_start(db, d, region, j);
		if (a + w <= b)
			i++;
		else if (b + w <= a)
			j++;
		else
			return true;
	}
	return false;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferRect(
	cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer,
	const size_t *src_origin, const size_t *dst_origin,
	const size_t *region, size_t src_row_pitch, size_t src_slice_pitch,
	size_t dst_row_pitch, size_t dst_slice_pitch,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event)
{
	cl_int err = kiln_check_copy_command(command_queue, src_buffer,
					     dst_buffer, num_events_in_wait_list,
					     event_wait_list);
	if (err)
		return err;
	if (!src_origin || !dst_origin || !region_ok(region))
		return CL_INVALID_VALUE;
	struct rect_side s, d;
	if (rect_side_init(&s, src_origin, region, src_row_pitch,
			   src_slice_pitch) ||
	    rect_side_init(&d, dst_origin, region, dst_row_pitch,
			   dst_slice_pitch))
		return CL_INVALID_VALUE;
	if (!rect_in_bounds(&s, region, src_buffer->size) ||
	    !rect_in_bounds(&d, region, dst_buffer->size))
		return CL_INVALID_VALUE;
	/* §5.2.2: within one buffer the pitches must agree (at least one of
	 * them). */
	if (src_buffer == dst_buffer && s.row_pitch != d.row_pitch &&
	    s.slice_pitch != d.slice_pitch)
		return CL_INVALID_VALUE;
	if (rects_overlap(src_buffer, &s, dst_buffer, &d, region))
		return CL_MEM_COPY_OVERLAP;
	cl_mem mems[2] = { src_buffer, dst_buffer };
	return enqueue_rect(command_queue, CL_COMMAND_COPY_BUFFER_RECT, mems,
			    src_buffer == dst_buffer ? 1 : 2, false,
			    dst_buffer->data, &d, src_buffer->data, &s, region,
			    num_events_in_wait_list, event_wait_list, event);
}
