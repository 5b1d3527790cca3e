/* Image commands (OpenCL 3.0 §5.3.3 reading, writing and copying images,
 * §5.3.4 filling, §5.3.5 copies between images and buffers, §5.3.6
 * mapping).  Every argument is checked here; the commands move bytes
 * (kiln_mem_copy_rect) or fill pixels (image_copy.c).
 *
 * A region is region[0] pixels by region[1] rows by region[2] slices, in
 * each image's own axes (kiln_image_extent: a 1D array has its layers
 * along y, a 2D array along z), so that copies between image types of one
 * format need no special cases. */
#include "mem_args.h"

#include "../core/command.h"
#include "../core/device.h"
#include "../core/event.h"
#include "../core/image.h"
#include "../core/mem_copy.h"
#include "../core/queue.h"

#include <string.h>

/* An image for an already checked queue: CL_INVALID_MEM_OBJECT (not an
 * image: a buffer API's object used here), CL_INVALID_CONTEXT. */
static cl_int check_image(cl_command_queue q, cl_mem image)
{
	if (!kiln_object_is(image, KILN_OBJ_MEM) || !kiln_mem_is_image(image))
		return CL_INVALID_MEM_OBJECT;
	if (image->context != q->context)
		return CL_INVALID_CONTEXT;
	return CL_SUCCESS;
}

/* §5.3.3: CL_INVALID_OPERATION when the queue's device has no images. */
static cl_int check_device(cl_command_queue q)
{
	return q->device->props.image_support ? CL_SUCCESS
					      : CL_INVALID_OPERATION;
}

/* The opening checks of a command on one image: the queue, the image,
 * the wait list, the device. */
static cl_int check_image_command(cl_command_queue q, cl_mem image,
				  cl_uint num_events, const cl_event *wait_list)
{
	cl_int err = kiln_check_queue(q);
	if (!err)
		err = check_image(q, image);
	if (!err)
		err = kiln_check_wait_list(q->context, num_events, wait_list);
	if (!err)
		err = check_device(q);
	return err;
}

/* §5.3.3: origin and region given, region at least 1 on every axis, and
 * inside the image (an axis the type does not use takes origin 0 and
 * region 1, e.g. origin[2] = 0 and region[2] = 1 for a 2D image). */
static bool region_ok(const struct kiln_image *img, const size_t *origin,
		      const size_t *region)
{
	if (!origin || !region)
		return false;
	size_t ext[3];
	kiln_image_extent(img, ext);
	for (int i = 0; i < 3; i++)
		if (region[i] == 0 || !kiln_range_ok(origin[i], region[i], ext[i]))
			return false;
	return true;
}

/* One side of a byte-rectangle copy. */
struct side {
	char *ptr;             /* the region's first byte */
	size_t y_stride, z_stride;
};

static struct side image_side(cl_mem image, const size_t origin[3])
{
	const struct kiln_image *img = kiln_image_of(image);
	return (struct side){
		(char *)image->data + kiln_image_offset(img, origin),
		kiln_image_y_stride(img), kiln_image_z_stride(img)
	};
}

/* §5.3.3 host pitches of clEnqueueReadImage / WriteImage: row_pitch 0 or
 * at least a row of the region; slice_pitch 0 or at least a row (1D
 * array: one layer is one row) or a 2D slice (2D array, 3D); ignored for
 * 1D and 2D images.  A 1D array's layers are slice_pitch apart on the
 * host, so that is its y stride.  CL_INVALID_VALUE or CL_SUCCESS. */
static cl_int host_side(const struct kiln_image *img, const size_t region[3],
			size_t row_pitch, size_t slice_pitch, void *ptr,
			struct side *s)
{
	size_t row = region[0] * img->info->pixel_size, min_slice;
	if (row_pitch == 0)
		row_pitch = row;
	else if (row_pitch < row)
		return CL_INVALID_VALUE;
	s->ptr = ptr;
	s->y_stride = row_pitch;
	s->z_stride = 0;
	switch (img->desc.image_type) {
	case CL_MEM_OBJECT_IMAGE1D_ARRAY:
		min_slice = row_pitch;
		break;
	case CL_MEM_OBJECT_IMAGE2D_ARRAY:
	case CL_MEM_OBJECT_IMAGE3D:
		if (__builtin_mul_overflow(row_pitch, region[1], &min_slice))
			return CL_INVALID_VALUE;
		break;
	default:
		return CL_SUCCESS;
	}
	if (slice_pitch == 0)
		slice_pitch = min_slice;
	else if (slice_pitch < min_slice)
		return CL_INVALID_VALUE;
	if (img->desc.image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY)
		s->y_stride = slice_pitch;
	else
		s->z_stride = slice_pitch;
	return CL_SUCCESS;
}

/* --- the rectangle command ------------------------------------------------- */

struct image_rect_command {
	struct kiln_command cmd;
	struct side dst, src;
	size_t region[3]; /* bytes, rows, slices */
};

static cl_int run_rect(struct kiln_command *cmd)
{
	struct image_rect_command *c = (struct image_rect_command *)cmd;
	kiln_mem_copy_rect(kiln_command_device(cmd), c->dst.ptr,
			   c->dst.y_stride, c->dst.z_stride, c->src.ptr,
			   c->src.y_stride, c->src.z_stride, c->region);
	return CL_SUCCESS;
}

static cl_int enqueue_rect(cl_command_queue q, cl_command_type type,
			   cl_mem *mems, cl_uint num_mems, bool blocking,
			   const struct side *dst, const struct side *src,
			   const size_t region[3], size_t pixel_size,
			   cl_uint num_events, const cl_event *wait_list,
			   cl_event *event)
{
	struct image_rect_command *c = (struct image_rect_command *)
		kiln_command_alloc(sizeof(*c), q, type);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	c->cmd.run = run_rect;
	c->cmd.bytes = region[0] * pixel_size * region[1] * region[2];
	c->dst = *dst;
	c->src = *src;
	c->region[0] = region[0] * pixel_size;
	c->region[1] = region[1];
	c->region[2] = region[2];
	return kiln_enqueue_mem_command(&c->cmd, mems, num_mems, blocking,
					num_events, wait_list, event);
}

/* --- §5.3.3 read and write ----------------------------------------------- */

static cl_int enqueue_host_rw(cl_command_queue q, cl_mem image, bool write,
			      cl_bool blocking, const size_t *origin,
			      const size_t *region, size_t row_pitch,
			      size_t slice_pitch, const void *ptr,
			      cl_uint num_events, const cl_event *wait_list,
			      cl_event *event)
{
	cl_int err = check_image_command(q, image, num_events, wait_list);
	if (err)
		return err;
	const struct kiln_image *img = kiln_image_of(image);
	if (!ptr || !region_ok(img, origin, region))
		return CL_INVALID_VALUE;
	struct side host, dev = image_side(image, origin);
	err = host_side(img, region, row_pitch, slice_pitch, (void *)ptr, &host);
	if (err)
		return err;
	if (!(write ? kiln_mem_host_may_write(image)
		    : kiln_mem_host_may_read(image)))
		return CL_INVALID_OPERATION;
	return enqueue_rect(q, write ? CL_COMMAND_WRITE_IMAGE : CL_COMMAND_READ_IMAGE,
			    &image, 1, blocking, write ? &dev : &host,
			    write ? &host : &dev, region,
			    img->info->pixel_size, num_events, wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadImage(
	cl_command_queue command_queue, cl_mem image, cl_bool blocking_read,
	const size_t *origin, const size_t *region, size_t row_pitch,
	size_t slice_pitch, void *ptr, cl_uint num_events_in_wait_list,
	const cl_event *event_wait_list, cl_event *event)
{
	return enqueue_host_rw(command_queue, image, false, blocking_read,
			       origin, region, row_pitch, slice_pitch, ptr,
			       num_events_in_wait_list, event_wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteImage(
	cl_command_queue command_queue, cl_mem image, cl_bool blocking_write,
	const size_t *origin, const size_t *region, size_t input_row_pitch,
	size_t input_slice_pitch, const void *ptr,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event)
{
	return enqueue_host_rw(command_queue, image, true, blocking_write,
			       origin, region, input_row_pitch,
			       input_slice_pitch, ptr, num_events_in_wait_list,
			       event_wait_list, event);
}

/* --- §5.3.3 copy between images ---------------------------------------- */

static bool same_format(const cl_image_format *a, const cl_image_format *b)
{
	return a->image_channel_order == b->image_channel_order &&
	       a->image_channel_data_type == b->image_channel_data_type;
}

/* CL_MEM_COPY_OVERLAP: one image, and the two boxes share a pixel. */
static bool boxes_overlap(const size_t *a, const size_t *b,
			  const size_t *region)
{
	for (int i = 0; i < 3; i++)
		if (a[i] + region[i] <= b[i] || b[i] + region[i] <= a[i])
			return false;
	return true;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImage(
	cl_command_queue command_queue, cl_mem src_image, cl_mem dst_image,
	const size_t *src_origin, const size_t *dst_origin,
	const size_t *region, cl_uint num_events_in_wait_list,
	const cl_event *event_wait_list, cl_event *event)
{
	cl_int err = kiln_check_queue(command_queue);
	if (!err)
		err = check_image(command_queue, src_image);
	if (!err)
		err = check_image(command_queue, dst_image);
	if (!err)
		err = kiln_check_wait_list(command_queue->context,
					   num_events_in_wait_list,
					   event_wait_list);
	if (!err)
		err = check_device(command_queue);
	if (err)
		return err;
	const struct kiln_image *s = kiln_image_of(src_image);
	const struct kiln_image *d = kiln_image_of(dst_image);
	if (!same_format(&s->format, &d->format))
		return CL_IMAGE_FORMAT_MISMATCH;
	if (!region_ok(s, src_origin, region) || !region_ok(d, dst_origin, region))
		return CL_INVALID_VALUE;
	if (src_image == dst_image && boxes_overlap(src_origin, dst_origin, region))
		return CL_MEM_COPY_OVERLAP;
	struct side src = image_side(src_image, src_origin);
	struct side dst = image_side(dst_image, dst_origin);
	cl_mem mems[2] = { src_image, dst_image };
	return enqueue_rect(command_queue, CL_COMMAND_COPY_IMAGE, mems,
			    src_image == dst_image ? 1 : 2, false, &dst, &src,
			    region, s->info->pixel_size, num_events_in_wait_list,
			    event_wait_list, event);
}

/* --- §5.3.5 copies between images and buffers ---------------------------- */

/* The image, the buffer (kiln_check_queue_buffer), the wait list, the
 * device; then the region, and the buffer range of the tightly packed
 * region at `offset`.  Fills both sides. */
static cl_int check_image_buffer(cl_command_queue q, cl_mem image,
				 cl_mem buffer, const size_t *origin,
				 const size_t *region, size_t offset,
				 cl_uint num_events, const cl_event *wait_list,
				 struct side *is, struct side *bs)
{
	cl_int err = kiln_check_queue(q);
	if (!err)
		err = check_image(q, image);
	if (!err)
		err = kiln_check_queue_buffer(q, buffer);
	if (!err)
		err = kiln_check_wait_list(q->context, num_events, wait_list);
	if (!err)
		err = check_device(q);
	if (err)
		return err;
	const struct kiln_image *img = kiln_image_of(image);
	if (!region_ok(img, origin, region))
		return CL_INVALID_VALUE;
	size_t row = region[0] * img->info->pixel_size, size;
	if (__builtin_mul_overflow(row, region[1], &size) ||
	    __builtin_mul_overflow(size, region[2], &size) ||
	    !kiln_range_ok(offset, size, buffer->size))
		return CL_INVALID_VALUE;
	*is = image_side(image, origin);
	*bs = (struct side){ (char *)buffer->data + offset, row, row * region[1] };
	return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImageToBuffer(
	cl_command_queue command_queue, cl_mem src_image, cl_mem dst_buffer,
	const size_t *src_origin, const size_t *region, size_t dst_offset,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event)
{
	struct side is, bs;
	cl_int err = check_image_buffer(command_queue, src_image, dst_buffer,
					src_origin, region, dst_offset,
					num_events_in_wait_list,
					event_wait_list, &is, &bs);
	if (err)
		return err;
	cl_mem mems[2] = { src_image, dst_buffer };
	return enqueue_rect(command_queue, CL_COMMAND_COPY_IMAGE_TO_BUFFER,
			    mems, 2, false, &bs, &is, region,
			    kiln_image_of(src_image)->info->pixel_size,
			    num_events_in_wait_list, event_wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferToImage(
	cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_image,
	size_t src_offset, const size_t *dst_origin, const size_t *region,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event)
{
	struct side is, bs;
	cl_int err = kiln_check_queue(command_queue);
	/* The spec names the buffer first here. */
	if (!err)
		err = kiln_check_queue_buffer(command_queue, src_buffer);
	if (!err)
		err = check_image_buffer(command_queue, dst_image, src_buffer,
					 dst_origin, region, src_offset,
					 num_events_in_wait_list,
					 event_wait_list, &is, &bs);
	if (err)
		return err;
	cl_mem mems[2] = { src_buffer, dst_image };
	return enqueue_rect(command_queue, CL_COMMAND_COPY_BUFFER_TO_IMAGE,
			    mems, 2, false, &is, &bs, region,
			    kiln_image_of(dst_image)->info->pixel_size,
			    num_events_in_wait_list, event_wait_list, event);
}

/* --- §5.3.4 fill ---------------------------------------------------------- */

struct fill_command {
	struct kiln_command cmd;
	struct side dst;
	size_t region[3];
	size_t pixel_size;
	unsigned char pixel[16]; /* the converted colour */
};

static cl_int run_fill(struct kiln_command *cmd)
{
	struct fill_command *c = (struct fill_command *)cmd;
	kiln_image_fill_region(kiln_command_device(cmd), c->dst.ptr,
			       c->dst.y_stride, c->dst.z_stride, c->pixel,
			       c->pixel_size, c->region);
	return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillImage(
	cl_command_queue command_queue, cl_mem image, const void *fill_color,
	const size_t *origin, const size_t *region,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event)
{
	cl_int err = check_image_command(command_queue, image,
					 num_events_in_wait_list,
					 event_wait_list);
	if (err)
		return err;
	const struct kiln_image *img = kiln_image_of(image);
	if (!fill_color || !region_ok(img, origin, region))
		return CL_INVALID_VALUE;
	struct fill_command *c = (struct fill_command *)kiln_command_alloc(
		sizeof(*c), command_queue, CL_COMMAND_FILL_IMAGE);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	c->cmd.run = run_fill;
	c->dst = image_side(image, origin);
	memcpy(c->region, region, sizeof(c->region));
	c->pixel_size = img->info->pixel_size;
	/* Converted now: the application may reuse fill_color at once. */
	kiln_image_pack_color(img->info, fill_color, c->pixel);
	return kiln_enqueue_mem_command(&c->cmd, &image, 1, false,
					num_events_in_wait_list,
					event_wait_list, event);
}

/* --- §5.3.6 map ------------------------------------------------------------ */

CL_API_ENTRY void *CL_API_CALL clEnqueueMapImage(
	cl_command_queue command_queue, cl_mem image, cl_bool blocking_map,
	cl_map_flags map_flags, const size_t *origin, const size_t *region,
	size_t *image_row_pitch, size_t *image_slice_pitch,
	cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
	cl_event *event, cl_int *errcode_ret)
{
	void *ptr = NULL;
	cl_int err = check_image_command(command_queue, image,
					 num_events_in_wait_list,
					 event_wait_list);
	if (err)
		goto out;
	const struct kiln_image *img = kiln_image_of(image);
	cl_mem_object_type t = img->desc.image_type;
	bool slices = t == CL_MEM_OBJECT_IMAGE3D ||
		      t == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
		      t == CL_MEM_OBJECT_IMAGE2D_ARRAY;
	/* §5.3.6: the row pitch is always returned, the slice pitch for 3D
	 * images and arrays (0 for the others when asked). */
	if (!region_ok(img, origin, region) || !image_row_pitch ||
	    (slices && !image_slice_pitch)) {
		err = CL_INVALID_VALUE;
		goto out;
	}
	err = kiln_check_map_flags(image, map_flags);
	if (err)
		goto out;
	/* The mapping is the image's storage itself: the pitches are the
	 * image's, and its bytes run from the first pixel of the region to
	 * the last. */
	size_t first = kiln_image_offset(img, origin);
	size_t last_org[3] = { origin[0] + region[0] - 1,
			       origin[1] + region[1] - 1,
			       origin[2] + region[2] - 1 };
	size_t size = kiln_image_offset(img, last_org) + img->info->pixel_size -
		      first;
	*image_row_pitch = img->desc.image_row_pitch;
	if (image_slice_pitch)
		*image_slice_pitch = slices ? img->desc.image_slice_pitch : 0;
	ptr = kiln_enqueue_map(command_queue, image, CL_COMMAND_MAP_IMAGE,
			       blocking_map, map_flags, first, size,
			       num_events_in_wait_list, event_wait_list, event,
			       &err);
out:
	if (errcode_ret)
		*errcode_ret = err;
	return ptr;
}
