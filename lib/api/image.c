/* Image objects (OpenCL 3.0 §5.3.1 creating images, including 2D images
 * from buffers (cl_khr_image2d_from_buffer) and images from images,
 * §5.3.2 supported formats, §5.3.7 image queries), and the 1.x
 * clCreateImage2D / clCreateImage3D. */
#include "mem_args.h"

#include "../core/context.h"
#include "../core/device.h"
#include "../core/image.h"
#include "../core/info.h"
#include "errcode.h"

#define HOST_PTR_FLAGS                                                         \
	(CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)

static bool is_buffer(cl_mem m)
{
	return kiln_object_is(m, KILN_OBJ_MEM) && m->type == CL_MEM_OBJECT_BUFFER;
}

/* The largest of a device limit over the context's image devices (images
 * are created for the context: a size any device takes is valid). */
static size_t max_over(cl_context ctx, size_t (*get)(cl_device_id))
{
	size_t m = 0;
	for (cl_uint i = 0; i < ctx->num_devices; i++) {
		cl_device_id d = ctx->devices[i];
		if (d->props.image_support && get(d) > m)
			m = get(d);
	}
	return m;
}

static size_t get_2d_w(cl_device_id d) { return d->props.image2d_max_width; }
static size_t get_2d_h(cl_device_id d) { return d->props.image2d_max_height; }
static size_t get_3d_w(cl_device_id d) { return d->props.image3d_max_width; }
static size_t get_3d_h(cl_device_id d) { return d->props.image3d_max_height; }
static size_t get_3d_d(cl_device_id d) { return d->props.image3d_max_depth; }
static size_t get_buf(cl_device_id d) { return d->props.image_max_buffer_size; }
static size_t get_arr(cl_device_id d) { return d->props.image_max_array_size; }
static size_t get_pitch(cl_device_id d) { return d->props.image_pitch_alignment; }
static size_t get_base(cl_device_id d) { return d->props.image_base_address_alignment; }

/* §5.3.1 image_desc: the sizes the type uses are at least 1, the others
 * are ignored (and reported as 0, §5.3.7); no mipmaps, no samples.
 * Fills `out` with the sizes.  CL_INVALID_IMAGE_DESCRIPTOR or success. */
static cl_int check_sizes(const cl_image_desc *d, cl_image_desc *out)
{
	*out = (cl_image_desc){ .image_type = d->image_type,
				.image_width = d->image_width };
	if (!kiln_image_type_valid(d->image_type) || d->image_width == 0 ||
	    d->num_mip_levels || d->num_samples)
		return CL_INVALID_IMAGE_DESCRIPTOR;
	switch (d->image_type) {
	case CL_MEM_OBJECT_IMAGE3D:
		if (d->image_depth == 0)
			return CL_INVALID_IMAGE_DESCRIPTOR;
		out->image_depth = d->image_depth;
		/* fall through */
	case CL_MEM_OBJECT_IMAGE2D:
		if (d->image_height == 0)
			return CL_INVALID_IMAGE_DESCRIPTOR;
		out->image_height = d->image_height;
		break;
	case CL_MEM_OBJECT_IMAGE2D_ARRAY:
		if (d->image_height == 0)
			return CL_INVALID_IMAGE_DESCRIPTOR;
		out->image_height = d->image_height;
		/* fall through */
	case CL_MEM_OBJECT_IMAGE1D_ARRAY:
		if (d->image_array_size == 0)
			return CL_INVALID_IMAGE_DESCRIPTOR;
		out->image_array_size = d->image_array_size;
		break;
	default:
		break;
	}
	return CL_SUCCESS;
}

/* CL_INVALID_IMAGE_SIZE: a size beyond every image device's limit (§4.2
 * device queries). */
static cl_int check_limits(cl_context ctx, const cl_image_desc *d)
{
	size_t w = d->image_width, h = d->image_height;
	bool ok;
	switch (d->image_type) {
	case CL_MEM_OBJECT_IMAGE1D_BUFFER:
		ok = w <= max_over(ctx, get_buf);
		break;
	case CL_MEM_OBJECT_IMAGE1D:
		ok = w <= max_over(ctx, get_2d_w);
		break;
	case CL_MEM_OBJECT_IMAGE1D_ARRAY:
		ok = w <= max_over(ctx, get_2d_w) &&
		     d->image_array_size <= max_over(ctx, get_arr);
		break;
	case CL_MEM_OBJECT_IMAGE2D:
		ok = w <= max_over(ctx, get_2d_w) && h <= max_over(ctx, get_2d_h);
		break;
	case CL_MEM_OBJECT_IMAGE2D_ARRAY:
		ok = w <= max_over(ctx, get_2d_w) &&
		     h <= max_over(ctx, get_2d_h) &&
		     d->image_array_size <= max_over(ctx, get_arr);
		break;
	default: /* 3D */
		ok = w <= max_over(ctx, get_3d_w) && h <= max_over(ctx, get_3d_h) &&
		     d->image_depth <= max_over(ctx, get_3d_d);
		break;
	}
	return ok ? CL_SUCCESS : CL_INVALID_IMAGE_SIZE;
}

/* §5.3.1 image_row_pitch and image_slice_pitch with a host pointer: 0
 * (tightly packed) or at least a row (a slice: a row for a 1D array, a
 * 2D slice otherwise), a multiple of the element size (of the row pitch).
 * Types without slices ignore the slice pitch.  Stores the pitches with
 * defaults applied in `out`. */
static cl_int host_pitches(const cl_image_desc *d, size_t ps,
			   cl_image_desc *out)
{
	size_t row = d->image_width * ps, rp = d->image_row_pitch;
	if (rp == 0)
		rp = row;
	else if (rp < row || rp % ps)
		return CL_INVALID_IMAGE_DESCRIPTOR;
	out->image_row_pitch = rp;
	size_t min_slice;
	switch (d->image_type) {
	case CL_MEM_OBJECT_IMAGE1D_ARRAY:
		min_slice = rp;
		break;
	case CL_MEM_OBJECT_IMAGE2D_ARRAY:
	case CL_MEM_OBJECT_IMAGE3D:
		if (__builtin_mul_overflow(rp, out->image_height, &min_slice))
			return CL_INVALID_IMAGE_SIZE;
		break;
	default:
		out->image_slice_pitch = 0;
		return CL_SUCCESS;
	}
	size_t sp = d->image_slice_pitch;
	if (sp == 0)
		sp = min_slice;
	else if (sp < min_slice || sp % rp)
		return CL_INVALID_IMAGE_DESCRIPTOR;
	out->image_slice_pitch = sp;
	return CL_SUCCESS;
}

/* §5.3.1 image_desc->mem_object: a 1D image buffer takes a buffer of at
 * least width pixels; a 2D image a buffer (cl_khr_image2d_from_buffer:
 * the row pitch a multiple of CL_DEVICE_IMAGE_PITCH_ALIGNMENT pixels, the
 * storage aligned to CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT pixels, the
 * buffer large enough) or a 2D image of the same size whose format
 * differs at most in a compatible channel order.  Sets the pitches in
 * `out`. */
static cl_int check_parent(cl_context ctx, const cl_image_desc *d,
			   const cl_image_format *fmt, size_t ps,
			   cl_image_desc *out)
{
	cl_mem m = d->mem_object;
	out->mem_object = m;
	size_t row = d->image_width * ps;
	if (d->image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
		if (!is_buffer(m) || m->context != ctx || m->size < row ||
		    (d->image_row_pitch && d->image_row_pitch < row))
			return CL_INVALID_IMAGE_DESCRIPTOR;
		out->image_row_pitch = row;
		return CL_SUCCESS;
	}
	if (d->image_type != CL_MEM_OBJECT_IMAGE2D ||
	    !kiln_object_is(m, KILN_OBJ_MEM) || m->context != ctx)
		return CL_INVALID_IMAGE_DESCRIPTOR;
	if (is_buffer(m)) {
		size_t rp = d->image_row_pitch ? d->image_row_pitch : row;
		size_t need;
		if (rp < row || __builtin_mul_overflow(rp, d->image_height, &need) ||
		    need > m->size)
			return CL_INVALID_IMAGE_DESCRIPTOR;
		if (rp % (max_over(ctx, get_pitch) * ps) ||
		    (uintptr_t)m->data % (max_over(ctx, get_base) * ps))
			return CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
		out->image_row_pitch = rp;
		return CL_SUCCESS;
	}
	if (m->type != CL_MEM_OBJECT_IMAGE2D)
		return CL_INVALID_IMAGE_DESCRIPTOR;
	const struct kiln_image *src = kiln_image_of(m);
	if (d->image_width != src->desc.image_width ||
	    d->image_height != src->desc.image_height ||
	    (d->image_row_pitch &&
	     d->image_row_pitch != src->desc.image_row_pitch))
		return CL_INVALID_IMAGE_DESCRIPTOR;
	if (fmt->image_channel_data_type !=
		    src->format.image_channel_data_type ||
	    !kiln_image_orders_compatible(fmt->image_channel_order,
					  src->format.image_channel_order))
		return CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
	out->image_row_pitch = src->desc.image_row_pitch;
	return CL_SUCCESS;
}

/* §5.3.1: an image made from another memory object takes no host-pointer
 * flag and no access its parent forbids; what it does not name, it
 * inherits. */
static cl_int parent_flags(cl_mem parent, cl_mem_flags *flags)
{
	if ((*flags & HOST_PTR_FLAGS) ||
	    kiln_mem_flags_conflict(parent->flags, *flags))
		return CL_INVALID_VALUE;
	*flags = kiln_mem_flags_inherit(parent->flags, *flags);
	return CL_SUCCESS;
}

static cl_mem create_image(cl_context context,
			   const cl_mem_properties *properties,
			   cl_mem_flags flags, const cl_image_format *format,
			   const cl_image_desc *desc, void *host_ptr,
			   cl_int *err)
{
	struct kiln_image_params p = { .context = context, .props = properties,
				       .host_ptr = host_ptr };
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT))
		return *err = CL_INVALID_CONTEXT, NULL;
	if ((*err = kiln_mem_check_properties(properties, &p.num_props)))
		return NULL;
	if ((*err = kiln_check_mem_flags(flags)))
		return NULL;
	if (!format || !kiln_image_format_valid(format))
		return *err = CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, NULL;
	if (!desc)
		return *err = CL_INVALID_IMAGE_DESCRIPTOR, NULL;
	if ((*err = check_sizes(desc, &p.desc)))
		return NULL;
	if (!kiln_context_has_images(context))
		return *err = CL_INVALID_OPERATION, NULL;
	if ((*err = check_limits(context, &p.desc)))
		return NULL;
	/* A valid format Kiln does not support at all has no pixel size. */
	p.info = kiln_image_format_find(format);
	size_t ps = p.info ? p.info->pixel_size : 1;

	bool wants_ptr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
	if (desc->mem_object) {
		if ((*err = check_parent(context, desc, format, ps, &p.desc)))
			return NULL;
		/* A host-pointer flag is CL_INVALID_VALUE here (§5.3.1),
		 * so the flags go first; a host pointer without one is
		 * CL_INVALID_HOST_PTR as always. */
		if ((*err = parent_flags(desc->mem_object, &flags)))
			return NULL;
		if (host_ptr)
			return *err = CL_INVALID_HOST_PTR, NULL;
	} else {
		if (desc->image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER)
			return *err = CL_INVALID_IMAGE_DESCRIPTOR, NULL;
		if (wants_ptr != (host_ptr != NULL))
			return *err = CL_INVALID_HOST_PTR, NULL;
		if (host_ptr) {
			if ((*err = host_pitches(desc, ps, &p.desc)))
				return NULL;
		} else if (desc->image_row_pitch || desc->image_slice_pitch) {
			/* §5.3.1: pitches only describe a host pointer. */
			return *err = CL_INVALID_IMAGE_DESCRIPTOR, NULL;
		}
	}
	/* §5.3.1: flags 0 means CL_MEM_READ_WRITE. */
	if (!(flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY)))
		flags |= CL_MEM_READ_WRITE;
	if (!p.info || !kiln_image_format_supports(p.info, desc->image_type, flags))
		return *err = CL_IMAGE_FORMAT_NOT_SUPPORTED, NULL;
	p.flags = flags;
	p.format = *format;
	return kiln_image_create(&p, err);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImageWithProperties(
	cl_context context, const cl_mem_properties *properties,
	cl_mem_flags flags, const cl_image_format *image_format,
	const cl_image_desc *image_desc, void *host_ptr, cl_int *errcode_ret)
{
	cl_int err;
	cl_mem mem = create_image(context, properties, flags, image_format,
				  image_desc, host_ptr, &err);
	set_err(errcode_ret, err);
	return mem;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage(cl_context context,
					      cl_mem_flags flags,
					      const cl_image_format *image_format,
					      const cl_image_desc *image_desc,
					      void *host_ptr,
					      cl_int *errcode_ret)
{
	return clCreateImageWithProperties(context, NULL, flags, image_format,
					   image_desc, host_ptr, errcode_ret);
}

/* OpenCL 1.1 §5.3.1: clCreateImage2D and clCreateImage3D answer a 0 size
 * and pitches that break the rules with CL_INVALID_IMAGE_SIZE
 * (clCreateImage calls both an invalid descriptor). */
static cl_mem create_image_1x(cl_context context, cl_mem_flags flags,
			      const cl_image_format *format,
			      const cl_image_desc *desc, void *host_ptr,
			      cl_int *errcode_ret)
{
	cl_int err;
	cl_mem mem = NULL;
	if (kiln_object_is(context, KILN_OBJ_CONTEXT) &&
	    (desc->image_width == 0 || desc->image_height == 0 ||
	     (desc->image_type == CL_MEM_OBJECT_IMAGE3D && desc->image_depth == 0)) &&
	    kiln_check_mem_flags(flags) == CL_SUCCESS && format &&
	    kiln_image_format_valid(format))
		err = CL_INVALID_IMAGE_SIZE;
	else
		mem = create_image(context, NULL, flags, format, desc,
				   host_ptr, &err);
	/* 1.1 names pitches that break the rules CL_INVALID_IMAGE_SIZE too;
	 * with the descriptor built here, they are the only way to an
	 * invalid descriptor. */
	if (err == CL_INVALID_IMAGE_DESCRIPTOR)
		err = CL_INVALID_IMAGE_SIZE;
	set_err(errcode_ret, err);
	return mem;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage2D(
	cl_context context, cl_mem_flags flags,
	const cl_image_format *image_format, size_t image_width,
	size_t image_height, size_t image_row_pitch, void *host_ptr,
	cl_int *errcode_ret)
{
	cl_image_desc d = { .image_type = CL_MEM_OBJECT_IMAGE2D,
			    .image_width = image_width,
			    .image_height = image_height,
			    .image_row_pitch = image_row_pitch };
	return create_image_1x(context, flags, image_format, &d, host_ptr,
			       errcode_ret);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage3D(
	cl_context context, cl_mem_flags flags,
	const cl_image_format *image_format, size_t image_width,
	size_t image_height, size_t image_depth, size_t image_row_pitch,
	size_t image_slice_pitch, void *host_ptr, cl_int *errcode_ret)
{
	cl_image_desc d = { .image_type = CL_MEM_OBJECT_IMAGE3D,
			    .image_width = image_width,
			    .image_height = image_height,
			    .image_depth = image_depth,
			    .image_row_pitch = image_row_pitch,
			    .image_slice_pitch = image_slice_pitch };
	/* 1.1: a 3D image has a depth of at least 2 (1 would be 2D). */
	if (kiln_object_is(context, KILN_OBJ_CONTEXT) && image_depth == 1) {
		set_err(errcode_ret, CL_INVALID_IMAGE_SIZE);
		return NULL;
	}
	return create_image_1x(context, flags, image_format, &d, host_ptr,
			       errcode_ret);
}

/* --- §5.3.2 clGetSupportedImageFormats ----------------------------------- */

CL_API_ENTRY cl_int CL_API_CALL clGetSupportedImageFormats(
	cl_context context, cl_mem_flags flags, cl_mem_object_type image_type,
	cl_uint num_entries, cl_image_format *image_formats,
	cl_uint *num_image_formats)
{
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT))
		return CL_INVALID_CONTEXT;
	if (kiln_check_mem_flags(flags) || !kiln_image_type_valid(image_type) ||
	    (num_entries == 0 && image_formats))
		return CL_INVALID_VALUE;
	/* A context without image devices supports no format. */
	cl_uint n = 0;
	if (kiln_context_has_images(context))
		n = kiln_image_format_list(image_type, flags, num_entries,
					   image_formats);
	if (num_image_formats)
		*num_image_formats = n;
	return CL_SUCCESS;
}

/* --- §5.3.7 clGetImageInfo ----------------------------------------------- */

struct image_facts {
	cl_image_format format;
	size_t element_size, row_pitch, slice_pitch;
	size_t width, height, depth, array_size;
	cl_mem buffer;
	cl_uint num_mip_levels, num_samples;
};

static const struct kiln_info_field image_info[] = {
	KILN_INFO_FIELD(CL_IMAGE_FORMAT, struct image_facts, format),
	KILN_INFO_FIELD(CL_IMAGE_ELEMENT_SIZE, struct image_facts, element_size),
	KILN_INFO_FIELD(CL_IMAGE_ROW_PITCH, struct image_facts, row_pitch),
	KILN_INFO_FIELD(CL_IMAGE_SLICE_PITCH, struct image_facts, slice_pitch),
	KILN_INFO_FIELD(CL_IMAGE_WIDTH, struct image_facts, width),
	KILN_INFO_FIELD(CL_IMAGE_HEIGHT, struct image_facts, height),
	KILN_INFO_FIELD(CL_IMAGE_DEPTH, struct image_facts, depth),
	KILN_INFO_FIELD(CL_IMAGE_ARRAY_SIZE, struct image_facts, array_size),
	KILN_INFO_FIELD(CL_IMAGE_BUFFER, struct image_facts, buffer),
	KILN_INFO_FIELD(CL_IMAGE_NUM_MIP_LEVELS, struct image_facts, num_mip_levels),
	KILN_INFO_FIELD(CL_IMAGE_NUM_SAMPLES, struct image_facts, num_samples),
};

CL_API_ENTRY cl_int CL_API_CALL clGetImageInfo(cl_mem image,
					       cl_image_info param_name,
					       size_t param_value_size,
					       void *param_value,
					       size_t *param_value_size_ret)
{
	if (!kiln_object_is(image, KILN_OBJ_MEM) || !kiln_mem_is_image(image))
		return CL_INVALID_MEM_OBJECT;
	const struct kiln_image *img = kiln_image_of(image);
	const cl_image_desc *d = &img->desc;
	cl_mem parent = d->mem_object;
	struct image_facts f = {
		.format = img->format,
		.element_size = img->info->pixel_size,
		.row_pitch = d->image_row_pitch,
		.slice_pitch = d->image_slice_pitch,
		.width = d->image_width,
		.height = d->image_height,
		.depth = d->image_depth,
		.array_size = d->image_array_size,
		/* The buffer a 1D image buffer or a 2D image was made from
		 * (CL_MEM_ASSOCIATED_MEMOBJECT answers for images too). */
		.buffer = parent && parent->type == CL_MEM_OBJECT_BUFFER ? parent
									  : NULL,
	};
	return kiln_info_from_table(image_info, KILN_ARRAY_SIZE(image_info), &f,
				    param_name, param_value_size, param_value,
				    param_value_size_ret);
}
