/* The life of an image (OpenCL 3.0 §5.3.1): its storage, its pitches and
 * the view a kernel gets of it (image_abi.h).  Arguments were validated by
 * lib/api/image.c. */
#include "image.h"

#include "mem_copy.h"

#include <string.h>

static bool is_array(cl_mem_object_type t)
{
	return t == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
	       t == CL_MEM_OBJECT_IMAGE2D_ARRAY;
}

static bool is_1d(cl_mem_object_type t)
{
	return t == CL_MEM_OBJECT_IMAGE1D || t == CL_MEM_OBJECT_IMAGE1D_BUFFER ||
	       t == CL_MEM_OBJECT_IMAGE1D_ARRAY;
}

/* Rows per slice and slices (or layers) of an image with `d`'s sizes. */
static size_t rows_of(const cl_image_desc *d)
{
	return is_1d(d->image_type) ? 1 : d->image_height;
}

static size_t slices_of(const cl_image_desc *d)
{
	if (is_array(d->image_type))
		return d->image_array_size;
	return d->image_type == CL_MEM_OBJECT_IMAGE3D ? d->image_depth : 1;
}

/* Whether the type has a slice pitch (§5.3.1: 3D images and arrays). */
static bool has_slices(cl_mem_object_type t)
{
	return is_array(t) || t == CL_MEM_OBJECT_IMAGE3D;
}

/* Bytes spanned by an image of `d`'s sizes with the given pitches. */
static size_t span_of(const cl_image_desc *d, size_t row_pitch,
		      size_t slice_pitch, size_t pixel_size)
{
	size_t rows = rows_of(d), slices = slices_of(d);
	if (!has_slices(d->image_type))
		return (rows - 1) * row_pitch + d->image_width * pixel_size;
	return (slices - 1) * slice_pitch + (rows - 1) * row_pitch +
	       d->image_width * pixel_size;
}

static void fill_abi(struct kiln_image *img)
{
	const cl_image_desc *d = &img->desc;
	struct kiln_image_abi *a = &img->abi;
	a->data = img->mem.data;
	a->row_pitch = d->image_row_pitch;
	/* The layer pitch of arrays and 3D images; one whole image for the
	 * others, so that the kernel may use it uniformly. */
	a->slice_pitch = has_slices(d->image_type)
				 ? d->image_slice_pitch
				 : d->image_row_pitch * rows_of(d);
	a->width = (kiln_abi_i32)d->image_width;
	a->height = (kiln_abi_i32)rows_of(d);
	a->depth = d->image_type == CL_MEM_OBJECT_IMAGE3D
			   ? (kiln_abi_i32)d->image_depth : 1;
	a->array_size = is_array(d->image_type)
				? (kiln_abi_i32)d->image_array_size : 1;
	a->channel_order = (kiln_abi_i32)img->format.image_channel_order;
	a->channel_data_type = (kiln_abi_i32)img->format.image_channel_data_type;
	a->pixel_size = img->info->pixel_size;
	a->image_type = (kiln_abi_i32)d->image_type;
	a->num_channels = img->info->num_channels;
	a->reserved = 0;
}

cl_mem kiln_image_create(const struct kiln_image_params *p, cl_int *err)
{
	cl_image_desc d = p->desc;
	size_t ps = p->info->pixel_size;
	cl_mem mem;

	if (d.mem_object) {
		/* A view (§5.3.1: a 1D image buffer, a 2D image from a buffer,
		 * an image from an image) starts where its parent does. */
		size_t size = span_of(&d, d.image_row_pitch,
				      d.image_slice_pitch, ps);
		mem = kiln_mem_create_view(sizeof(struct kiln_image),
					   d.mem_object, d.image_type,
					   p->flags, size, d.mem_object->data,
					   p->props, p->num_props, err);
	} else if (p->flags & CL_MEM_USE_HOST_PTR) {
		/* The application's memory, with its pitches, is the
		 * storage. */
		size_t size = span_of(&d, d.image_row_pitch,
				      d.image_slice_pitch, ps);
		mem = kiln_mem_create(sizeof(struct kiln_image), p->context,
				      d.image_type, p->flags, size, p->host_ptr,
				      p->props, p->num_props, err);
	} else {
		/* Storage of Kiln's own, tightly packed. */
		size_t row = d.image_width * ps;
		size_t slice = row * rows_of(&d);
		size_t size = slice * slices_of(&d);
		mem = kiln_mem_create(sizeof(struct kiln_image), p->context,
				      d.image_type,
				      p->flags & ~(cl_mem_flags)CL_MEM_COPY_HOST_PTR,
				      size, NULL, p->props, p->num_props, err);
		if (!mem)
			return NULL;
		mem->flags = p->flags;
		if (p->flags & CL_MEM_COPY_HOST_PTR) {
			size_t region[3] = { row, rows_of(&d), slices_of(&d) };
			kiln_mem_copy_rect(NULL, mem->data, row, slice,
					   p->host_ptr, d.image_row_pitch,
					   d.image_slice_pitch, region);
		}
		d.image_row_pitch = row;
		d.image_slice_pitch = has_slices(d.image_type) ? slice : 0;
	}
	if (!mem)
		return NULL;
	if (!has_slices(d.image_type))
		d.image_slice_pitch = 0;

	struct kiln_image *img = kiln_image_of(mem);
	img->format = p->format;
	img->desc = d;
	img->info = p->info;
	fill_abi(img);
	return mem;
}

void kiln_image_extent(const struct kiln_image *img, size_t ext[3])
{
	const cl_image_desc *d = &img->desc;
	ext[0] = d->image_width;
	ext[1] = 1;
	ext[2] = 1;
	switch (d->image_type) {
	case CL_MEM_OBJECT_IMAGE1D_ARRAY:
		ext[1] = d->image_array_size;
		break;
	case CL_MEM_OBJECT_IMAGE2D:
		ext[1] = d->image_height;
		break;
	case CL_MEM_OBJECT_IMAGE2D_ARRAY:
		ext[1] = d->image_height;
		ext[2] = d->image_array_size;
		break;
	case CL_MEM_OBJECT_IMAGE3D:
		ext[1] = d->image_height;
		ext[2] = d->image_depth;
		break;
	default:
		break;
	}
}

size_t kiln_image_y_stride(const struct kiln_image *img)
{
	if (img->desc.image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY)
		return img->desc.image_slice_pitch;
	return img->desc.image_row_pitch;
}

size_t kiln_image_z_stride(const struct kiln_image *img)
{
	if (img->desc.image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY)
		return 0;
	return img->desc.image_slice_pitch;
}

size_t kiln_image_offset(const struct kiln_image *img, const size_t origin[3])
{
	return origin[0] * img->info->pixel_size +
	       origin[1] * kiln_image_y_stride(img) +
	       origin[2] * kiln_image_z_stride(img);
}
