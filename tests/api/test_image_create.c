/* Image creation (OpenCL 3.0 §5.3.1), the supported formats (§5.3.2, with
 * the 3.0 minimum lists of §5.3.2.1), image queries (§5.3.7 and §5.5.5),
 * images made from buffers and from images, every creation error code,
 * the device's image limits, and reference counts and destructor
 * callbacks of images (§5.5.1). */
#include "check.h"

#include <stdint.h>
#include <time.h>

static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;

static const cl_mem_object_type all_types[] = {
	CL_MEM_OBJECT_IMAGE1D,       CL_MEM_OBJECT_IMAGE1D_BUFFER,
	CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_MEM_OBJECT_IMAGE2D,
	CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_MEM_OBJECT_IMAGE3D,
};
#define NUM_TYPES (sizeof(all_types) / sizeof(all_types[0]))

/* --- an independent model of the format table (§5.3.1.1) ---------------- */

static int channels_of(cl_channel_order o)
{
	switch (o) {
	case CL_R: case CL_A: case CL_INTENSITY: case CL_LUMINANCE:
	case CL_DEPTH: case CL_Rx:
		return 1;
	case CL_RG: case CL_RA: case CL_RGx:
		return 2;
	case CL_RGB: case CL_RGBx: case CL_sRGB: case CL_sRGBx:
		return 3;
	default:
		return 4;
	}
}

/* Bytes per pixel of a format. */
static size_t pixel_bytes(const cl_image_format *f)
{
	switch (f->image_channel_data_type) {
	case CL_UNORM_SHORT_565: case CL_UNORM_SHORT_555:
		return 2;
	case CL_UNORM_INT_101010: case CL_UNORM_INT_101010_2:
	case CL_UNORM_INT24:
		return 4;
	case CL_SNORM_INT8: case CL_UNORM_INT8: case CL_SIGNED_INT8:
	case CL_UNSIGNED_INT8:
		return (size_t)channels_of(f->image_channel_order);
	case CL_SNORM_INT16: case CL_UNORM_INT16: case CL_SIGNED_INT16:
	case CL_UNSIGNED_INT16: case CL_HALF_FLOAT:
		return 2 * (size_t)channels_of(f->image_channel_order);
	default:
		return 4 * (size_t)channels_of(f->image_channel_order);
	}
}

/* The twelve types of the minimum lists' "read or write" rows, and the
 * eight of the read-write rows. */
static const cl_channel_type twelve[] = {
	CL_UNORM_INT8, CL_UNORM_INT16, CL_SNORM_INT8, CL_SNORM_INT16,
	CL_SIGNED_INT8, CL_SIGNED_INT16, CL_SIGNED_INT32, CL_UNSIGNED_INT8,
	CL_UNSIGNED_INT16, CL_UNSIGNED_INT32, CL_HALF_FLOAT, CL_FLOAT,
};
static const cl_channel_type eight[] = {
	CL_UNORM_INT8, CL_SIGNED_INT8, CL_SIGNED_INT16, CL_SIGNED_INT32,
	CL_UNSIGNED_INT8, CL_UNSIGNED_INT16, CL_UNSIGNED_INT32, CL_FLOAT,
};

static int has_extension(const char *name)
{
	char ext[8192] = "";
	clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(ext), ext, NULL);
	size_t n = strlen(name);
	for (const char *p = strstr(ext, name); p; p = strstr(p + 1, name))
		if ((p == ext || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
			return 1;
	return 0;
}

/* --- helpers ------------------------------------------------------------ */

/* A descriptor of type `t`, w x h x d (h: layers of a 1D array, d: layers
 * of a 2D array; unused sizes 0). */
static cl_image_desc make_desc(cl_mem_object_type t, size_t w, size_t h,
			       size_t d)
{
	cl_image_desc desc = { .image_type = t, .image_width = w };
	switch (t) {
	case CL_MEM_OBJECT_IMAGE1D_ARRAY:
		desc.image_array_size = h;
		break;
	case CL_MEM_OBJECT_IMAGE2D:
		desc.image_height = h;
		break;
	case CL_MEM_OBJECT_IMAGE2D_ARRAY:
		desc.image_height = h;
		desc.image_array_size = d;
		break;
	case CL_MEM_OBJECT_IMAGE3D:
		desc.image_height = h;
		desc.image_depth = d;
		break;
	default:
		break;
	}
	return desc;
}

/* Region extents of an image (a 1D array's layers along y, a 2D
 * array's along z). */
static void extent_of(const cl_image_desc *d, size_t ext[3])
{
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

static size_t size_info(cl_mem img, cl_image_info name)
{
	size_t v = 12345;
	CHECK_OK(clGetImageInfo(img, name, sizeof(v), &v, NULL));
	return v;
}

static int is_array_type(cl_mem_object_type t)
{
	return t == CL_MEM_OBJECT_IMAGE1D_ARRAY || t == CL_MEM_OBJECT_IMAGE2D_ARRAY;
}

static int has_slice_pitch(cl_mem_object_type t)
{
	return is_array_type(t) || t == CL_MEM_OBJECT_IMAGE3D;
}

/* Checks every clGetImageInfo answer against the descriptor; `rp` and
 * `sp` are the expected pitches. */
static void check_image_info(cl_mem img, const cl_image_format *fmt,
			     const cl_image_desc *d, size_t rp, size_t sp,
			     cl_mem buffer)
{
	cl_image_format got = { 0, 0 };
	size_t sz = 0;
	CHECK_OK(clGetImageInfo(img, CL_IMAGE_FORMAT, sizeof(got), &got, &sz));
	CHECK(sz == sizeof(cl_image_format));
	CHECK(got.image_channel_order == fmt->image_channel_order &&
	      got.image_channel_data_type == fmt->image_channel_data_type);
	CHECK(size_info(img, CL_IMAGE_ELEMENT_SIZE) == pixel_bytes(fmt));
	CHECK(size_info(img, CL_IMAGE_ROW_PITCH) == rp);
	CHECK(size_info(img, CL_IMAGE_SLICE_PITCH) == sp);
	cl_mem_object_type t = d->image_type;
	CHECK(size_info(img, CL_IMAGE_WIDTH) == d->image_width);
	int has_h = t == CL_MEM_OBJECT_IMAGE2D || t == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
		    t == CL_MEM_OBJECT_IMAGE3D;
	CHECK(size_info(img, CL_IMAGE_HEIGHT) == (has_h ? d->image_height : 0));
	CHECK(size_info(img, CL_IMAGE_DEPTH) ==
	      (t == CL_MEM_OBJECT_IMAGE3D ? d->image_depth : 0));
	CHECK(size_info(img, CL_IMAGE_ARRAY_SIZE) ==
	      (is_array_type(t) ? d->image_array_size : 0));
	cl_mem b = (cl_mem)1;
	CHECK_OK(clGetImageInfo(img, CL_IMAGE_BUFFER, sizeof(b), &b, NULL));
	CHECK(b == buffer);
	cl_uint u = 7;
	CHECK_OK(clGetImageInfo(img, CL_IMAGE_NUM_MIP_LEVELS, sizeof(u), &u, NULL));
	CHECK(u == 0);
	u = 7;
	CHECK_OK(clGetImageInfo(img, CL_IMAGE_NUM_SAMPLES, sizeof(u), &u, NULL));
	CHECK(u == 0);
	cl_mem_object_type mt = 0;
	CHECK_OK(clGetMemObjectInfo(img, CL_MEM_TYPE, sizeof(mt), &mt, NULL));
	CHECK(mt == t);
	cl_context c = NULL;
	CHECK_OK(clGetMemObjectInfo(img, CL_MEM_CONTEXT, sizeof(c), &c, NULL));
	CHECK(c == ctx);
	size_t ext[3], msize = 0;
	extent_of(d, ext);
	CHECK_OK(clGetMemObjectInfo(img, CL_MEM_SIZE, sizeof(msize), &msize, NULL));
	CHECK(msize >= ext[0] * ext[1] * ext[2] * pixel_bytes(fmt));
}

/* Reads the whole image (tightly packed) into a new allocation. */
static unsigned char *read_all(cl_mem img, const cl_image_desc *d, size_t ps)
{
	size_t ext[3], org[3] = { 0, 0, 0 };
	extent_of(d, ext);
	unsigned char *p = malloc(ext[0] * ext[1] * ext[2] * ps);
	CHECK_OK(clEnqueueReadImage(q, img, CL_TRUE, org, ext, 0, 0, p, 0, NULL, NULL));
	return p;
}

/* --- device limits -------------------------------------------------------- */

static void test_limits(void)
{
	cl_bool images = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL));
	REQUIRE(images == CL_TRUE);
	static const struct {
		cl_device_info name;
		size_t min;
	} sizes[] = {
		{ CL_DEVICE_IMAGE2D_MAX_WIDTH, 16384 },
		{ CL_DEVICE_IMAGE2D_MAX_HEIGHT, 16384 },
		{ CL_DEVICE_IMAGE3D_MAX_WIDTH, 2048 },
		{ CL_DEVICE_IMAGE3D_MAX_HEIGHT, 2048 },
		{ CL_DEVICE_IMAGE3D_MAX_DEPTH, 2048 },
		{ CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, 2048 },
		{ CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, 65536 },
	};
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t v = 0;
		CHECK_OK(clGetDeviceInfo(dev, sizes[i].name, sizeof(v), &v, NULL));
		CHECK(v >= sizes[i].min);
	}
	static const struct {
		cl_device_info name;
		cl_uint min;
	} uints[] = {
		{ CL_DEVICE_MAX_READ_IMAGE_ARGS, 128 },
		{ CL_DEVICE_MAX_WRITE_IMAGE_ARGS, 64 },
		{ CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, 64 },
		{ CL_DEVICE_MAX_SAMPLERS, 16 },
	};
	for (size_t i = 0; i < sizeof(uints) / sizeof(uints[0]); i++) {
		cl_uint v = 0;
		CHECK_OK(clGetDeviceInfo(dev, uints[i].name, sizeof(v), &v, NULL));
		CHECK(v >= uints[i].min);
	}
	/* Both alignments are in pixels, powers of two. */
	cl_uint a = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_PITCH_ALIGNMENT, sizeof(a), &a, NULL));
	CHECK(a >= 1 && (a & (a - 1)) == 0);
	a = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, sizeof(a), &a, NULL));
	CHECK(a >= 1 && (a & (a - 1)) == 0);
}

/* --- §5.3.2 supported formats ------------------------------------------- */

static int listed(const cl_image_format *list, cl_uint n, cl_channel_order o,
		  cl_channel_type t)
{
	for (cl_uint i = 0; i < n; i++)
		if (list[i].image_channel_order == o &&
		    list[i].image_channel_data_type == t)
			return 1;
	return 0;
}

/* Creates a small image of `t` in `fmt` with `flags`; CL_SUCCESS or the
 * error.  A 1D image buffer gets a buffer of its own. */
static cl_int try_create(cl_mem_object_type t, const cl_image_format *fmt,
			 cl_mem_flags flags)
{
	cl_image_desc d = make_desc(t, 5, 3, 2);
	cl_mem buf = NULL;
	cl_int err;
	if (t == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
		buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 5 * 16, NULL, &err);
		CHECK_OK(err);
		d.mem_object = buf;
	}
	cl_mem img = clCreateImage(ctx, flags, fmt, &d, NULL, &err);
	if (err == CL_SUCCESS) {
		cl_image_format got;
		CHECK_OK(clGetImageInfo(img, CL_IMAGE_FORMAT, sizeof(got), &got, NULL));
		CHECK(got.image_channel_order == fmt->image_channel_order);
		CHECK(size_info(img, CL_IMAGE_ELEMENT_SIZE) == pixel_bytes(fmt));
		clReleaseMemObject(img);
	} else {
		CHECK(img == NULL);
	}
	if (buf)
		clReleaseMemObject(buf);
	return err;
}

static void test_format_lists(void)
{
	int srgb_writes = has_extension("cl_khr_srgb_image_writes");
	int depth = has_extension("cl_khr_depth_images");
	static const cl_mem_flags flag_sets[] = {
		CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY, CL_MEM_READ_WRITE,
		CL_MEM_KERNEL_READ_AND_WRITE, CL_MEM_READ_WRITE | CL_MEM_KERNEL_READ_AND_WRITE,
	};
	for (size_t ti = 0; ti < NUM_TYPES; ti++) {
		cl_mem_object_type t = all_types[ti];
		for (size_t fi = 0; fi < sizeof(flag_sets) / sizeof(flag_sets[0]); fi++) {
			cl_mem_flags fl = flag_sets[fi];
			cl_uint n = 0;
			CHECK_OK(clGetSupportedImageFormats(ctx, fl, t, 0, NULL, &n));
			CHECK(n >= 8);
			cl_image_format *list = calloc(n + 1, sizeof(*list));
			cl_uint n2 = 0;
			CHECK_OK(clGetSupportedImageFormats(ctx, fl, t, n + 1, list, &n2));
			CHECK(n2 == n);
			/* No duplicates; each a format of a valid size. */
			for (cl_uint i = 0; i < n; i++)
				for (cl_uint j = i + 1; j < n; j++)
					CHECK(list[i].image_channel_order != list[j].image_channel_order ||
					      list[i].image_channel_data_type != list[j].image_channel_data_type);
			/* §5.3.2.1 minimum lists. */
			int kernel_rw = (fl & CL_MEM_KERNEL_READ_AND_WRITE) != 0;
			int missing = 0;
			if (kernel_rw) {
				for (size_t k = 0; k < 8; k++) {
					missing += !listed(list, n, CL_R, eight[k]);
					missing += !listed(list, n, CL_RGBA, eight[k]);
				}
			} else {
				for (size_t k = 0; k < 12; k++) {
					missing += !listed(list, n, CL_R, twelve[k]);
					missing += !listed(list, n, CL_RG, twelve[k]);
					missing += !listed(list, n, CL_RGBA, twelve[k]);
				}
				missing += !listed(list, n, CL_BGRA, CL_UNORM_INT8);
				/* sRGBA: not for 1D image buffers; writes need
				 * cl_khr_srgb_image_writes. */
				if (t != CL_MEM_OBJECT_IMAGE1D_BUFFER &&
				    (fl == CL_MEM_READ_ONLY || srgb_writes))
					missing += !listed(list, n, CL_sRGBA, CL_UNORM_INT8);
				if (depth && (t == CL_MEM_OBJECT_IMAGE2D ||
					      t == CL_MEM_OBJECT_IMAGE2D_ARRAY)) {
					missing += !listed(list, n, CL_DEPTH, CL_UNORM_INT16);
					missing += !listed(list, n, CL_DEPTH, CL_FLOAT);
				}
			}
			CHECK(missing == 0);
			if (missing)
				fprintf(stderr, "type %#x flags %#lx: %d formats missing\n",
					(unsigned)t, (unsigned long)fl, missing);
			/* CL_DEPTH only in 2D images and 2D arrays. */
			if (t != CL_MEM_OBJECT_IMAGE2D && t != CL_MEM_OBJECT_IMAGE2D_ARRAY) {
				CHECK(!listed(list, n, CL_DEPTH, CL_FLOAT));
				CHECK(!listed(list, n, CL_DEPTH, CL_UNORM_INT16));
			}
			/* Every listed format can be created with the flags
			 * (a kernel read-write image is a CL_MEM_READ_WRITE
			 * image). */
			cl_mem_flags create = kernel_rw ? CL_MEM_READ_WRITE : fl;
			for (cl_uint i = 0; i < n; i++) {
				cl_int err = try_create(t, &list[i], create);
				CHECK_OK(err);
				if (err)
					fprintf(stderr, "  format %#x/%#x type %#x\n",
						(unsigned)list[i].image_channel_order,
						(unsigned)list[i].image_channel_data_type, (unsigned)t);
			}
			/* A short array gets the first entries and the full
			 * count. */
			cl_image_format two[3];
			memset(two, 0x5a, sizeof(two));
			n2 = 0;
			CHECK_OK(clGetSupportedImageFormats(ctx, fl, t, 2, two, &n2));
			CHECK(n2 == n);
			CHECK(memcmp(two, list, 2 * sizeof(*list)) == 0);
			CHECK(two[2].image_channel_order == 0x5a5a5a5a);
			CHECK_OK(clGetSupportedImageFormats(ctx, fl, t, 1, two, NULL));
			free(list);
		}
	}
	/* Errors. */
	cl_uint n;
	CHECK_ERR(clGetSupportedImageFormats(NULL, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &n),
		  CL_INVALID_CONTEXT);
	CHECK_ERR(clGetSupportedImageFormats((cl_context)q, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, 0,
					     NULL, &n),
		  CL_INVALID_CONTEXT);
	CHECK_ERR(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_BUFFER, 0, NULL, &n),
		  CL_INVALID_VALUE);
	CHECK_ERR(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, 0x1234, 0, NULL, &n),
		  CL_INVALID_VALUE);
	CHECK_ERR(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY,
					     CL_MEM_OBJECT_IMAGE2D, 0, NULL, &n),
		  CL_INVALID_VALUE);
	CHECK_ERR(clGetSupportedImageFormats(ctx, (cl_mem_flags)1 << 40, CL_MEM_OBJECT_IMAGE2D, 0,
					     NULL, &n),
		  CL_INVALID_VALUE);
	cl_image_format one;
	CHECK_ERR(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, 0, &one, &n),
		  CL_INVALID_VALUE);
}

/* --- creation of each type, with and without host pointers --------------- */

static unsigned rng = 99;

static void fill_random(unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)check_rand(&rng);
}

/* The bytes of an image stored at pitches (ys: y stride, zs: z stride, in
 * region axes) gathered tightly packed. */
static void gather(unsigned char *dst, const unsigned char *src,
		   const size_t ext[3], size_t ps, size_t ys, size_t zs)
{
	for (size_t z = 0; z < ext[2]; z++)
		for (size_t y = 0; y < ext[1]; y++)
			memcpy(dst + ((z * ext[1] + y) * ext[0]) * ps,
			       src + z * zs + y * ys, ext[0] * ps);
}

static void test_create_types(void)
{
	const cl_image_format fmt = { CL_RGBA, CL_UNSIGNED_INT16 };
	const size_t ps = 8;
	for (size_t ti = 0; ti < NUM_TYPES; ti++) {
		cl_mem_object_type t = all_types[ti];
		if (t == CL_MEM_OBJECT_IMAGE1D_BUFFER)
			continue; /* test_from_buffer */
		cl_image_desc d = make_desc(t, 7, 5, 3);
		size_t ext[3];
		extent_of(&d, ext);
		size_t n = ext[0] * ext[1] * ext[2] * ps;
		cl_int err;

		/* Kiln's own storage, tightly packed: no host pointer. */
		for (int f = 0; f < 2; f++) {
			cl_mem_flags flags = f ? CL_MEM_ALLOC_HOST_PTR | CL_MEM_WRITE_ONLY : 0;
			cl_mem img = clCreateImage(ctx, flags, &fmt, &d, NULL, &err);
			CHECK_OK(err);
			size_t rp = ext[0] * ps;
			size_t sp = t == CL_MEM_OBJECT_IMAGE1D_ARRAY ? rp
				    : has_slice_pitch(t) ? rp * ext[1] : 0;
			check_image_info(img, &fmt, &d, rp, sp, NULL);
			cl_mem_flags got = 0;
			CHECK_OK(clGetMemObjectInfo(img, CL_MEM_FLAGS, sizeof(got), &got, NULL));
			CHECK(got == (f ? flags : CL_MEM_READ_WRITE));
			void *hp = (void *)1;
			CHECK_OK(clGetMemObjectInfo(img, CL_MEM_HOST_PTR, sizeof(hp), &hp, NULL));
			CHECK(hp == NULL);
			cl_mem assoc = (cl_mem)1;
			CHECK_OK(clGetMemObjectInfo(img, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof(assoc),
						    &assoc, NULL));
			CHECK(assoc == NULL);
			size_t off = 99;
			CHECK_OK(clGetMemObjectInfo(img, CL_MEM_OFFSET, sizeof(off), &off, NULL));
			CHECK(off == 0);
			size_t psz = 99;
			CHECK_OK(clGetMemObjectInfo(img, CL_MEM_PROPERTIES, 0, NULL, &psz));
			CHECK(psz == 0);
			clReleaseMemObject(img);
		}

		/* Host pointers, packed (pitches 0) and padded. */
		for (int padded = 0; padded < 2; padded++) {
			size_t row = ext[0] * ps;
			size_t rp = padded ? row + 3 * ps : row;
			size_t ys = rp, zs = 0, sp = 0;
			if (t == CL_MEM_OBJECT_IMAGE1D_ARRAY) {
				sp = padded ? rp * 2 : rp;
				ys = sp;
			} else if (has_slice_pitch(t)) {
				sp = padded ? rp * (ext[1] + 2) : rp * ext[1];
				zs = sp;
			}
			size_t span = (ext[2] - 1) * zs + (ext[1] - 1) * ys + row;
			unsigned char *host = malloc(span);
			fill_random(host, span);
			unsigned char *want = malloc(n);
			gather(want, host, ext, ps, ys, zs);
			cl_image_desc dp = d;
			if (padded) {
				dp.image_row_pitch = rp;
				dp.image_slice_pitch = sp;
			}
			/* CL_MEM_COPY_HOST_PTR: a packed copy. */
			cl_mem copy = clCreateImage(ctx, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, &fmt,
						    &dp, host, &err);
			CHECK_OK(err);
			size_t crp = row;
			size_t csp = t == CL_MEM_OBJECT_IMAGE1D_ARRAY ? row
				     : has_slice_pitch(t) ? row * ext[1] : 0;
			check_image_info(copy, &fmt, &d, crp, csp, NULL);
			unsigned char *got = read_all(copy, &d, ps);
			CHECK(memcmp(got, want, n) == 0);
			free(got);
			/* CL_MEM_USE_HOST_PTR: the application's memory at its
			 * pitches is the image. */
			cl_mem use = clCreateImage(ctx, CL_MEM_USE_HOST_PTR, &fmt, &dp, host, &err);
			CHECK_OK(err);
			check_image_info(use, &fmt, &d, rp, sp, NULL);
			void *hp = NULL;
			CHECK_OK(clGetMemObjectInfo(use, CL_MEM_HOST_PTR, sizeof(hp), &hp, NULL));
			CHECK(hp == host);
			size_t msize = 0;
			CHECK_OK(clGetMemObjectInfo(use, CL_MEM_SIZE, sizeof(msize), &msize, NULL));
			CHECK(msize >= span);
			got = read_all(use, &d, ps);
			CHECK(memcmp(got, want, n) == 0);
			free(got);
			/* A change of the host memory shows in the image
			 * (after a map, the spec's synchronisation point). */
			size_t org[3] = { 0, 0, 0 }, mrp = 0, msp = 0;
			void *m = clEnqueueMapImage(q, use, CL_TRUE, CL_MAP_WRITE, org, ext, &mrp,
						    &msp, 0, NULL, NULL, &err);
			CHECK_OK(err);
			CHECK(m == host);
			CHECK(mrp == rp);
			host[0] ^= 0xff;
			want[0] ^= 0xff;
			CHECK_OK(clEnqueueUnmapMemObject(q, use, m, 0, NULL, NULL));
			got = read_all(use, &d, ps);
			CHECK(memcmp(got, want, n) == 0);
			free(got);
			clReleaseMemObject(use);
			clReleaseMemObject(copy);
			free(host);
			free(want);
		}

		/* Sizes the type does not use are ignored. */
		cl_image_desc junk = d;
		if (t == CL_MEM_OBJECT_IMAGE1D) {
			junk.image_height = 9;
			junk.image_depth = 9;
			junk.image_array_size = 9;
		} else if (t == CL_MEM_OBJECT_IMAGE2D) {
			junk.image_depth = 9;
			junk.image_array_size = 9;
		} else if (t == CL_MEM_OBJECT_IMAGE1D_ARRAY) {
			junk.image_height = 9;
			junk.image_depth = 9;
		} else if (t == CL_MEM_OBJECT_IMAGE2D_ARRAY) {
			junk.image_depth = 9;
		} else {
			junk.image_array_size = 9;
		}
		cl_mem img = clCreateImage(ctx, 0, &fmt, &junk, NULL, &err);
		CHECK_OK(err);
		size_t rp = ext[0] * ps;
		check_image_info(img, &fmt, &d, rp,
				 t == CL_MEM_OBJECT_IMAGE1D_ARRAY ? rp
				 : has_slice_pitch(t) ? rp * ext[1] : 0,
				 NULL);
		clReleaseMemObject(img);
	}

	/* clCreateImageWithProperties: NULL and an empty list. */
	cl_image_desc d = make_desc(CL_MEM_OBJECT_IMAGE2D, 4, 4, 0);
	cl_int err;
	cl_mem_properties empty[] = { 0 };
	cl_mem img = clCreateImageWithProperties(ctx, empty, CL_MEM_READ_ONLY, &fmt, &d, NULL, &err);
	CHECK_OK(err);
	cl_mem_properties got[2] = { 7, 7 };
	size_t psz = 0;
	CHECK_OK(clGetMemObjectInfo(img, CL_MEM_PROPERTIES, sizeof(got), got, &psz));
	CHECK(psz == sizeof(cl_mem_properties) && got[0] == 0);
	clReleaseMemObject(img);
	img = clCreateImageWithProperties(ctx, NULL, 0, &fmt, &d, NULL, &err);
	CHECK_OK(err);
	CHECK_OK(clGetMemObjectInfo(img, CL_MEM_PROPERTIES, 0, NULL, &psz));
	CHECK(psz == 0);
	clReleaseMemObject(img);

	/* The 1.x entry points. */
	unsigned short host[6 * 4 * 3 * 4];
	fill_random((unsigned char *)host, sizeof(host));
	img = clCreateImage2D(ctx, CL_MEM_COPY_HOST_PTR, &fmt, 6, 4, 6 * 8, host, &err);
	CHECK_OK(err);
	cl_image_desc d2 = make_desc(CL_MEM_OBJECT_IMAGE2D, 6, 4, 0);
	check_image_info(img, &fmt, &d2, 48, 0, NULL);
	unsigned char *back = read_all(img, &d2, ps);
	CHECK(memcmp(back, host, 6 * 4 * 8) == 0);
	free(back);
	clReleaseMemObject(img);
	img = clCreateImage3D(ctx, CL_MEM_COPY_HOST_PTR, &fmt, 6, 4, 3, 0, 0, host, &err);
	CHECK_OK(err);
	cl_image_desc d3 = make_desc(CL_MEM_OBJECT_IMAGE3D, 6, 4, 3);
	check_image_info(img, &fmt, &d3, 48, 48 * 4, NULL);
	back = read_all(img, &d3, ps);
	CHECK(memcmp(back, host, sizeof(host)) == 0);
	free(back);
	clReleaseMemObject(img);
	clCreateImage2D(ctx, 0, &fmt, 0, 4, 0, NULL, &err);
	CHECK_ERR(err, CL_INVALID_IMAGE_SIZE);
	clCreateImage2D(ctx, 0, &fmt, 4, 0, 0, NULL, &err);
	CHECK_ERR(err, CL_INVALID_IMAGE_SIZE);
	clCreateImage3D(ctx, 0, &fmt, 4, 4, 1, 0, 0, NULL, &err);
	CHECK_ERR(err, CL_INVALID_IMAGE_SIZE);
	clCreateImage2D(ctx, 0, NULL, 4, 4, 0, NULL, &err);
	CHECK_ERR(err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
	clCreateImage2D(NULL, 0, &fmt, 4, 4, 0, NULL, &err);
	CHECK_ERR(err, CL_INVALID_CONTEXT);
	/* 1.1: pitch errors are CL_INVALID_IMAGE_SIZE there. */
	clCreateImage2D(ctx, 0, &fmt, 4, 4, 32, NULL, &err);
	CHECK_ERR(err, CL_INVALID_IMAGE_SIZE);
	clCreateImage2D(ctx, CL_MEM_COPY_HOST_PTR, &fmt, 4, 4, 31, host, &err);
	CHECK_ERR(err, CL_INVALID_IMAGE_SIZE);
	clCreateImage3D(ctx, CL_MEM_COPY_HOST_PTR, &fmt, 4, 2, 2, 32, 40, host, &err);
	CHECK_ERR(err, CL_INVALID_IMAGE_SIZE);
	clCreateImage2D(ctx, CL_MEM_USE_HOST_PTR, &fmt, 4, 4, 0, NULL, &err);
	CHECK_ERR(err, CL_INVALID_HOST_PTR);
}

/* --- every creation error ------------------------------------------------- */

static void expect_create_error(cl_mem_flags flags, const cl_image_format *fmt,
				const cl_image_desc *d, void *host, cl_int want, int line)
{
	cl_int err = 12345;
	cl_mem m = clCreateImage(ctx, flags, fmt, d, host, &err);
	CHECK(m == NULL);
	if (err != want)
		fprintf(stderr, "line %d: error %d, expected %d\n", line, err, want);
	CHECK_ERR(err, want);
	if (m)
		clReleaseMemObject(m);
}
#define EXPECT(flags, fmt, d, host, want) expect_create_error(flags, fmt, d, host, want, __LINE__)

static void test_errors(void)
{
	const cl_image_format rgba8 = { CL_RGBA, CL_UNORM_INT8 };
	cl_image_desc d2 = make_desc(CL_MEM_OBJECT_IMAGE2D, 8, 8, 0);
	unsigned char host[64 * 64 * 16];
	cl_int err;

	/* CL_INVALID_CONTEXT */
	clCreateImage(NULL, 0, &rgba8, &d2, NULL, &err);
	CHECK_ERR(err, CL_INVALID_CONTEXT);
	clCreateImage((cl_context)q, 0, &rgba8, &d2, NULL, &err);
	CHECK_ERR(err, CL_INVALID_CONTEXT);
	/* NULL errcode_ret is allowed. */
	CHECK(clCreateImage(NULL, 0, &rgba8, &d2, NULL, NULL) == NULL);

	/* CL_INVALID_PROPERTY: 3.0 defines no image property. */
	cl_mem_properties props[] = { 0x4242, 1, 0 };
	cl_mem m = clCreateImageWithProperties(ctx, props, 0, &rgba8, &d2, NULL, &err);
	CHECK(m == NULL);
	CHECK_ERR(err, CL_INVALID_PROPERTY);

	/* CL_INVALID_VALUE: flags. */
	EXPECT(CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, &rgba8, &d2, NULL, CL_INVALID_VALUE);
	EXPECT(CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, &rgba8, &d2, NULL, CL_INVALID_VALUE);
	EXPECT(CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, &rgba8, &d2, NULL, CL_INVALID_VALUE);
	EXPECT(CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, &rgba8, &d2, host, CL_INVALID_VALUE);
	EXPECT(CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, &rgba8, &d2, host, CL_INVALID_VALUE);
	EXPECT((cl_mem_flags)1 << 30, &rgba8, &d2, NULL, CL_INVALID_VALUE);

	/* CL_INVALID_IMAGE_FORMAT_DESCRIPTOR: NULL, unknown values, pairs
	 * the spec does not allow. */
	EXPECT(0, NULL, &d2, NULL, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
	static const cl_image_format bad_fmts[] = {
		{ 0x1234, CL_UNORM_INT8 },   { CL_RGBA, 0x1234 },
		{ CL_INTENSITY, CL_SIGNED_INT8 }, { CL_LUMINANCE, CL_UNSIGNED_INT32 },
		{ CL_BGRA, CL_FLOAT },       { CL_ARGB, CL_UNORM_INT16 },
		{ CL_RGB, CL_UNORM_INT8 },   { CL_RGBA, CL_UNORM_SHORT_565 },
		{ CL_R, CL_UNORM_INT_101010 }, { CL_sRGBA, CL_FLOAT },
		{ CL_DEPTH, CL_UNORM_INT8 }, { CL_DEPTH, CL_UNORM_INT24 },
	};
	for (size_t i = 0; i < sizeof(bad_fmts) / sizeof(bad_fmts[0]); i++)
		EXPECT(0, &bad_fmts[i], &d2, NULL, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);

	/* CL_IMAGE_FORMAT_NOT_SUPPORTED: valid pairs Kiln does not list for
	 * the type, checked against the list itself. */
	static const cl_image_format maybe[] = {
		{ CL_Rx, CL_UNORM_INT8 }, { CL_RGx, CL_FLOAT },
		{ CL_RGBx, CL_UNORM_SHORT_565 }, { CL_sRGB, CL_UNORM_INT8 },
		{ CL_sRGBx, CL_UNORM_INT8 }, { CL_RGBA, CL_UNORM_INT_101010_2 },
	};
	cl_image_format list[256];
	cl_uint n = 0;
	CHECK_OK(clGetSupportedImageFormats(ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 256, list,
					    &n));
	int unsupported = 0;
	for (size_t i = 0; i < sizeof(maybe) / sizeof(maybe[0]); i++) {
		if (listed(list, n, maybe[i].image_channel_order, maybe[i].image_channel_data_type))
			continue;
		unsupported++;
		EXPECT(0, &maybe[i], &d2, NULL, CL_IMAGE_FORMAT_NOT_SUPPORTED);
	}
	CHECK(unsupported > 0);
	/* CL_DEPTH outside 2D images and 2D arrays. */
	const cl_image_format depth = { CL_DEPTH, CL_FLOAT };
	cl_image_desc d3 = make_desc(CL_MEM_OBJECT_IMAGE3D, 4, 4, 4);
	EXPECT(0, &depth, &d3, NULL, CL_IMAGE_FORMAT_NOT_SUPPORTED);
	cl_image_desc d1 = make_desc(CL_MEM_OBJECT_IMAGE1D, 4, 0, 0);
	EXPECT(0, &depth, &d1, NULL, CL_IMAGE_FORMAT_NOT_SUPPORTED);

	/* CL_INVALID_IMAGE_DESCRIPTOR */
	EXPECT(0, &rgba8, NULL, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	cl_image_desc bad = d2;
	bad.image_type = CL_MEM_OBJECT_BUFFER;
	EXPECT(0, &rgba8, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	bad.image_type = 0;
	EXPECT(0, &rgba8, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	bad = d2;
	bad.image_width = 0;
	EXPECT(0, &rgba8, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	bad = d2;
	bad.image_height = 0;
	EXPECT(0, &rgba8, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	bad = d3;
	bad.image_depth = 0;
	EXPECT(0, &rgba8, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	bad = make_desc(CL_MEM_OBJECT_IMAGE2D_ARRAY, 4, 4, 0);
	EXPECT(0, &rgba8, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	bad = make_desc(CL_MEM_OBJECT_IMAGE1D_ARRAY, 4, 0, 0);
	EXPECT(0, &rgba8, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	bad = d2;
	bad.num_mip_levels = 1;
	EXPECT(0, &rgba8, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	bad = d2;
	bad.num_samples = 1;
	EXPECT(0, &rgba8, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	/* Pitches: only with a host pointer; a row at least; multiples of
	 * the element size, the slice pitch of the row pitch. */
	bad = d2;
	bad.image_row_pitch = 64;
	EXPECT(0, &rgba8, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	bad = d3;
	bad.image_slice_pitch = 256;
	EXPECT(0, &rgba8, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	bad = d2;
	bad.image_row_pitch = 28;
	EXPECT(CL_MEM_COPY_HOST_PTR, &rgba8, &bad, host, CL_INVALID_IMAGE_DESCRIPTOR);
	bad.image_row_pitch = 34;
	EXPECT(CL_MEM_USE_HOST_PTR, &rgba8, &bad, host, CL_INVALID_IMAGE_DESCRIPTOR);
	bad.image_row_pitch = 36;
	cl_mem ok = clCreateImage(ctx, CL_MEM_USE_HOST_PTR, &rgba8, &bad, host, &err);
	CHECK_OK(err);
	clReleaseMemObject(ok);
	bad = d3;
	bad.image_row_pitch = 16;
	bad.image_slice_pitch = 60;
	EXPECT(CL_MEM_COPY_HOST_PTR, &rgba8, &bad, host, CL_INVALID_IMAGE_DESCRIPTOR);
	bad.image_slice_pitch = 72;
	EXPECT(CL_MEM_COPY_HOST_PTR, &rgba8, &bad, host, CL_INVALID_IMAGE_DESCRIPTOR);
	bad.image_slice_pitch = 80;
	ok = clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &rgba8, &bad, host, &err);
	CHECK_OK(err);
	clReleaseMemObject(ok);
	bad = make_desc(CL_MEM_OBJECT_IMAGE1D_ARRAY, 4, 3, 0);
	bad.image_row_pitch = 16;
	bad.image_slice_pitch = 12;
	EXPECT(CL_MEM_COPY_HOST_PTR, &rgba8, &bad, host, CL_INVALID_IMAGE_DESCRIPTOR);
	bad.image_slice_pitch = 32;
	ok = clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &rgba8, &bad, host, &err);
	CHECK_OK(err);
	CHECK(size_info(ok, CL_IMAGE_SLICE_PITCH) == 16);
	clReleaseMemObject(ok);
	/* A 1D image buffer needs a buffer; other types take no buffer. */
	cl_mem buf = clCreateBuffer(ctx, 0, 4096, NULL, &err);
	CHECK_OK(err);
	bad = make_desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, 16, 0, 0);
	EXPECT(0, &rgba8, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	static const cl_mem_object_type no_parent[] = {
		CL_MEM_OBJECT_IMAGE1D, CL_MEM_OBJECT_IMAGE1D_ARRAY,
		CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_MEM_OBJECT_IMAGE3D,
	};
	for (size_t i = 0; i < 4; i++) {
		bad = make_desc(no_parent[i], 4, 2, 2);
		bad.mem_object = buf;
		EXPECT(0, &rgba8, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	}
	/* A 1D image buffer from an image. */
	cl_mem img2 = clCreateImage(ctx, 0, &rgba8, &d2, NULL, &err);
	CHECK_OK(err);
	bad = make_desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, 4, 0, 0);
	bad.mem_object = img2;
	EXPECT(0, &rgba8, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);

	/* CL_INVALID_IMAGE_SIZE: beyond the device's limits. */
	size_t w2 = 0, h2 = 0, w3 = 0, d3max = 0, arr = 0, bmax = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof(w2), &w2, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE2D_MAX_HEIGHT, sizeof(h2), &h2, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE3D_MAX_WIDTH, sizeof(w3), &w3, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE3D_MAX_DEPTH, sizeof(d3max), &d3max, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, sizeof(arr), &arr, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, sizeof(bmax), &bmax, NULL));
	const cl_image_format r8 = { CL_R, CL_UNSIGNED_INT8 };
	bad = make_desc(CL_MEM_OBJECT_IMAGE2D, w2 + 1, 1, 0);
	EXPECT(0, &r8, &bad, NULL, CL_INVALID_IMAGE_SIZE);
	bad = make_desc(CL_MEM_OBJECT_IMAGE2D, 1, h2 + 1, 0);
	EXPECT(0, &r8, &bad, NULL, CL_INVALID_IMAGE_SIZE);
	bad = make_desc(CL_MEM_OBJECT_IMAGE1D, w2 + 1, 0, 0);
	EXPECT(0, &r8, &bad, NULL, CL_INVALID_IMAGE_SIZE);
	bad = make_desc(CL_MEM_OBJECT_IMAGE3D, w3 + 1, 1, 1);
	EXPECT(0, &r8, &bad, NULL, CL_INVALID_IMAGE_SIZE);
	bad = make_desc(CL_MEM_OBJECT_IMAGE3D, 1, 1, d3max + 1);
	EXPECT(0, &r8, &bad, NULL, CL_INVALID_IMAGE_SIZE);
	bad = make_desc(CL_MEM_OBJECT_IMAGE1D_ARRAY, 1, arr + 1, 0);
	EXPECT(0, &r8, &bad, NULL, CL_INVALID_IMAGE_SIZE);
	bad = make_desc(CL_MEM_OBJECT_IMAGE2D_ARRAY, 1, 1, arr + 1);
	EXPECT(0, &r8, &bad, NULL, CL_INVALID_IMAGE_SIZE);
	cl_mem big = clCreateBuffer(ctx, 0, bmax + 1, NULL, &err);
	CHECK_OK(err);
	bad = make_desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, bmax + 1, 0, 0);
	bad.mem_object = big;
	EXPECT(0, &r8, &bad, NULL, CL_INVALID_IMAGE_SIZE);
	bad.image_width = bmax;
	ok = clCreateImage(ctx, 0, &r8, &bad, NULL, &err);
	CHECK_OK(err);
	clReleaseMemObject(ok);
	clReleaseMemObject(big);
	/* The largest 2D image at the limits is valid (not allocated: one
	 * row of the largest width and one column of the largest height). */
	bad = make_desc(CL_MEM_OBJECT_IMAGE2D, w2, 1, 0);
	ok = clCreateImage(ctx, 0, &r8, &bad, NULL, &err);
	CHECK_OK(err);
	clReleaseMemObject(ok);
	bad = make_desc(CL_MEM_OBJECT_IMAGE2D, 1, h2, 0);
	ok = clCreateImage(ctx, 0, &r8, &bad, NULL, &err);
	CHECK_OK(err);
	clReleaseMemObject(ok);

	/* CL_INVALID_HOST_PTR */
	EXPECT(CL_MEM_USE_HOST_PTR, &rgba8, &d2, NULL, CL_INVALID_HOST_PTR);
	EXPECT(CL_MEM_COPY_HOST_PTR, &rgba8, &d2, NULL, CL_INVALID_HOST_PTR);
	EXPECT(0, &rgba8, &d2, host, CL_INVALID_HOST_PTR);
	EXPECT(CL_MEM_ALLOC_HOST_PTR, &rgba8, &d2, host, CL_INVALID_HOST_PTR);
	bad = make_desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, 16, 0, 0);
	bad.mem_object = buf;
	EXPECT(0, &rgba8, &bad, host, CL_INVALID_HOST_PTR);

	/* CL_INVALID_VALUE: flags an image made from another object may not
	 * take (§5.3.1). */
	cl_mem wo = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS, 4096, NULL, &err);
	CHECK_OK(err);
	cl_mem ro = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_HOST_WRITE_ONLY, 4096, NULL, &err);
	CHECK_OK(err);
	cl_image_desc v = make_desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, 16, 0, 0);
	v.mem_object = wo;
	EXPECT(CL_MEM_READ_ONLY, &rgba8, &v, NULL, CL_INVALID_VALUE);
	EXPECT(CL_MEM_READ_WRITE, &rgba8, &v, NULL, CL_INVALID_VALUE);
	EXPECT(CL_MEM_HOST_READ_ONLY, &rgba8, &v, NULL, CL_INVALID_VALUE);
	ok = clCreateImage(ctx, 0, &rgba8, &v, NULL, &err);
	CHECK_OK(err);
	cl_mem_flags fl = 0;
	CHECK_OK(clGetMemObjectInfo(ok, CL_MEM_FLAGS, sizeof(fl), &fl, NULL));
	CHECK(fl == (CL_MEM_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS));
	clReleaseMemObject(ok);
	v.mem_object = ro;
	EXPECT(CL_MEM_WRITE_ONLY, &rgba8, &v, NULL, CL_INVALID_VALUE);
	EXPECT(CL_MEM_HOST_READ_ONLY, &rgba8, &v, NULL, CL_INVALID_VALUE);
	EXPECT(CL_MEM_ALLOC_HOST_PTR, &rgba8, &v, NULL, CL_INVALID_VALUE);
	EXPECT(CL_MEM_COPY_HOST_PTR, &rgba8, &v, host, CL_INVALID_VALUE);
	EXPECT(CL_MEM_USE_HOST_PTR, &rgba8, &v, host, CL_INVALID_VALUE);
	ok = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_HOST_NO_ACCESS, &rgba8, &v, NULL, &err);
	CHECK_OK(err);
	CHECK_OK(clGetMemObjectInfo(ok, CL_MEM_FLAGS, sizeof(fl), &fl, NULL));
	CHECK(fl == (CL_MEM_READ_ONLY | CL_MEM_HOST_NO_ACCESS));
	clReleaseMemObject(ok);
	/* An image from an image: likewise. */
	cl_mem roimg = clCreateImage(ctx, CL_MEM_READ_ONLY, &rgba8, &d2, NULL, &err);
	CHECK_OK(err);
	const cl_image_format srgba = { CL_sRGBA, CL_UNORM_INT8 };
	cl_image_desc vi = d2;
	vi.mem_object = roimg;
	EXPECT(CL_MEM_WRITE_ONLY, &srgba, &vi, NULL, CL_INVALID_VALUE);
	ok = clCreateImage(ctx, 0, &srgba, &vi, NULL, &err);
	CHECK_OK(err);
	CHECK_OK(clGetMemObjectInfo(ok, CL_MEM_FLAGS, sizeof(fl), &fl, NULL));
	CHECK(fl == CL_MEM_READ_ONLY);
	clReleaseMemObject(ok);
	clReleaseMemObject(roimg);
	clReleaseMemObject(wo);
	clReleaseMemObject(ro);
	clReleaseMemObject(img2);
	clReleaseMemObject(buf);
}

/* --- images from buffers ------------------------------------------------- */

static int destroyed[8];
static int destroy_order[8];
static int destroy_count;

static void CL_CALLBACK on_destroy(cl_mem m, void *data)
{
	(void)m;
	int i = (int)(intptr_t)data;
	destroyed[i]++;
	destroy_order[destroy_count++] = i;
}

static void test_from_buffer(void)
{
	cl_uint pitch_align = 0, base_align = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_PITCH_ALIGNMENT, sizeof(pitch_align),
				 &pitch_align, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, sizeof(base_align),
				 &base_align, NULL));
	REQUIRE(pitch_align >= 1 && base_align >= 1);
	const cl_image_format fmt = { CL_RGBA, CL_FLOAT };
	const size_t ps = 16, w = 9, h = 5;
	size_t pitch_px = (w + pitch_align - 1) / pitch_align * pitch_align + pitch_align;
	size_t rp = pitch_px * ps;
	size_t bytes = rp * h;
	unsigned char *src = malloc(bytes);
	fill_random(src, bytes);
	cl_int err;
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, src, &err);
	CHECK_OK(err);

	/* 2D, pitch given and pitch 0 (a packed row). */
	for (int given = 0; given < 2; given++) {
		cl_image_desc d = make_desc(CL_MEM_OBJECT_IMAGE2D, w, h, 0);
		d.mem_object = buf;
		d.image_row_pitch = given ? rp : 0;
		size_t want_rp = given ? rp : w * ps;
		if (!given && (w % pitch_align)) {
			/* A packed row is not a multiple of the alignment. */
			EXPECT(0, &fmt, &d, NULL, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
			continue;
		}
		cl_mem img = clCreateImage(ctx, CL_MEM_READ_ONLY, &fmt, &d, NULL, &err);
		CHECK_OK(err);
		cl_image_desc plain = d;
		plain.mem_object = NULL;
		check_image_info(img, &fmt, &plain, want_rp, 0, buf);
		cl_mem assoc = NULL;
		CHECK_OK(clGetMemObjectInfo(img, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof(assoc), &assoc,
					    NULL));
		CHECK(assoc == buf);
		size_t off = 99;
		CHECK_OK(clGetMemObjectInfo(img, CL_MEM_OFFSET, sizeof(off), &off, NULL));
		CHECK(off == 0);
		unsigned char *got = read_all(img, &plain, ps);
		unsigned char *want = malloc(w * h * ps);
		size_t ext[3] = { w, h, 1 };
		gather(want, src, ext, ps, want_rp, 0);
		CHECK(memcmp(got, want, w * h * ps) == 0);
		free(got);
		free(want);
		clReleaseMemObject(img);
	}
	/* Pitch below a row, or not a multiple of the alignment. */
	cl_image_desc d = make_desc(CL_MEM_OBJECT_IMAGE2D, w, h, 0);
	d.mem_object = buf;
	d.image_row_pitch = (w - 1) * ps;
	EXPECT(0, &fmt, &d, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	d.image_row_pitch = rp + 4;
	d.image_height = h - 1; /* so that the rows fit in the buffer */
	EXPECT(0, &fmt, &d, NULL, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
	/* The buffer too small for the rows. */
	d.image_row_pitch = rp;
	d.image_height = h + 1;
	EXPECT(0, &fmt, &d, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	/* A 1D image buffer larger than the buffer. */
	cl_image_desc d1 = make_desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, bytes / ps + 1, 0, 0);
	d1.mem_object = buf;
	EXPECT(0, &fmt, &d1, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	/* A host pointer not aligned to the base address alignment. */
	unsigned char *raw = malloc(bytes + 64);
	unsigned char *odd = (unsigned char *)(((uintptr_t)raw + 63) & ~(uintptr_t)63) + 4;
	cl_mem ubuf = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, bytes, odd, &err);
	CHECK_OK(err);
	d.image_height = h;
	d.mem_object = ubuf;
	if ((uintptr_t)odd % (base_align * ps))
		EXPECT(0, &fmt, &d, NULL, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
	clReleaseMemObject(ubuf);
	free(raw);

	/* A 1D image buffer over a sub-buffer sees the sub-buffer's bytes;
	 * flags are inherited. */
	cl_uint base_bits = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(base_bits), &base_bits,
				 NULL));
	size_t origin = base_bits / 8;
	if (origin + 4 * ps <= bytes) {
		cl_buffer_region reg = { origin, bytes - origin };
		cl_mem sub = clCreateSubBuffer(buf, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &reg,
					       &err);
		CHECK_OK(err);
		d1 = make_desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, (bytes - origin) / ps, 0, 0);
		d1.mem_object = sub;
		cl_mem img1 = clCreateImage(ctx, 0, &fmt, &d1, NULL, &err);
		CHECK_OK(err);
		cl_mem_flags fl = 0;
		CHECK_OK(clGetMemObjectInfo(img1, CL_MEM_FLAGS, sizeof(fl), &fl, NULL));
		/* The buffer's CL_MEM_COPY_HOST_PTR comes down too. */
		CHECK(fl == (CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR));
		cl_image_desc plain = d1;
		plain.mem_object = NULL;
		check_image_info(img1, &fmt, &plain, d1.image_width * ps, 0, sub);
		unsigned char *got = read_all(img1, &plain, ps);
		CHECK(memcmp(got, src + origin, d1.image_width * ps) == 0);
		free(got);
		/* The image holds the sub-buffer, which holds the buffer:
		 * destructors run only when the image goes. */
		memset(destroyed, 0, sizeof(destroyed));
		destroy_count = 0;
		CHECK_OK(clSetMemObjectDestructorCallback(sub, on_destroy, (void *)(intptr_t)1));
		CHECK_OK(clSetMemObjectDestructorCallback(img1, on_destroy, (void *)(intptr_t)2));
		CHECK_OK(clSetMemObjectDestructorCallback(img1, on_destroy, (void *)(intptr_t)3));
		CHECK_OK(clReleaseMemObject(sub));
		CHECK(destroyed[1] == 0);
		got = read_all(img1, &plain, ps);
		CHECK(memcmp(got, src + origin, d1.image_width * ps) == 0);
		free(got);
		CHECK_OK(clReleaseMemObject(img1));
		CHECK(destroyed[1] == 1 && destroyed[2] == 1 && destroyed[3] == 1);
		/* Newest first, and the image before what it holds. */
		CHECK(destroy_count == 3 && destroy_order[0] == 3 && destroy_order[1] == 2 &&
		      destroy_order[2] == 1);
	}
	clReleaseMemObject(buf);
	free(src);
}

/* --- images from images --------------------------------------------------- */

static void test_from_image(void)
{
	static const struct {
		cl_image_format parent, view;
		int ok;
	} cases[] = {
		{ { CL_RGBA, CL_UNORM_INT8 }, { CL_sRGBA, CL_UNORM_INT8 }, 1 },
		{ { CL_sRGBA, CL_UNORM_INT8 }, { CL_RGBA, CL_UNORM_INT8 }, 1 },
		{ { CL_BGRA, CL_UNORM_INT8 }, { CL_sBGRA, CL_UNORM_INT8 }, 1 },
		{ { CL_R, CL_FLOAT }, { CL_DEPTH, CL_FLOAT }, 1 },
		{ { CL_R, CL_UNORM_INT16 }, { CL_DEPTH, CL_UNORM_INT16 }, 1 },
		{ { CL_RGBA, CL_UNORM_INT8 }, { CL_RGBA, CL_UNORM_INT8 }, 1 },
		{ { CL_RGBA, CL_UNORM_INT8 }, { CL_BGRA, CL_UNORM_INT8 }, 0 },
		{ { CL_RGBA, CL_UNSIGNED_INT8 }, { CL_sRGBA, CL_UNORM_INT8 }, 0 },
		{ { CL_RGBA, CL_UNORM_INT8 }, { CL_RGBA, CL_SIGNED_INT8 }, 0 },
		{ { CL_R, CL_FLOAT }, { CL_RG, CL_UNORM_INT16 }, 0 },
		{ { CL_RG, CL_UNORM_INT16 }, { CL_R, CL_FLOAT }, 0 },
	};
	cl_int err;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t ps = pixel_bytes(&cases[i].parent);
		size_t w = 6, h = 4, rp = (w + 2) * ps;
		unsigned char *host = malloc(rp * h);
		fill_random(host, rp * h);
		cl_image_desc d = make_desc(CL_MEM_OBJECT_IMAGE2D, w, h, 0);
		d.image_row_pitch = rp;
		cl_mem parent = clCreateImage(ctx, CL_MEM_USE_HOST_PTR, &cases[i].parent, &d, host,
					      &err);
		CHECK_OK(err);
		cl_image_desc dv = make_desc(CL_MEM_OBJECT_IMAGE2D, w, h, 0);
		dv.mem_object = parent;
		if (!cases[i].ok) {
			EXPECT(0, &cases[i].view, &dv, NULL, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
			clReleaseMemObject(parent);
			free(host);
			continue;
		}
		cl_mem view = clCreateImage(ctx, 0, &cases[i].view, &dv, NULL, &err);
		CHECK_OK(err);
		cl_image_desc plain = make_desc(CL_MEM_OBJECT_IMAGE2D, w, h, 0);
		check_image_info(view, &cases[i].view, &plain, rp, 0, NULL);
		cl_mem assoc = NULL;
		CHECK_OK(clGetMemObjectInfo(view, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof(assoc), &assoc,
					    NULL));
		CHECK(assoc == parent);
		/* One store: bytes written through the view are read
		 * through the parent. */
		unsigned char *bytes = malloc(w * h * ps);
		fill_random(bytes, w * h * ps);
		size_t org[3] = { 0, 0, 0 }, ext[3] = { w, h, 1 };
		CHECK_OK(clEnqueueWriteImage(q, view, CL_TRUE, org, ext, 0, 0, bytes, 0, NULL, NULL));
		unsigned char *got = read_all(parent, &plain, ps);
		CHECK(memcmp(got, bytes, w * h * ps) == 0);
		free(got);
		/* The view keeps the parent alive. */
		CHECK_OK(clReleaseMemObject(parent));
		got = read_all(view, &plain, ps);
		CHECK(memcmp(got, bytes, w * h * ps) == 0);
		free(got);
		/* Another width or height, a pitch that differs, or a type
		 * other than 2D is a bad descriptor. */
		cl_image_desc bad = dv;
		bad.image_width = w - 1;
		EXPECT(0, &cases[i].view, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
		bad = dv;
		bad.image_height = h + 1;
		EXPECT(0, &cases[i].view, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
		bad = make_desc(CL_MEM_OBJECT_IMAGE2D_ARRAY, w, h, 1);
		bad.mem_object = view;
		EXPECT(0, &cases[i].view, &bad, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
		clReleaseMemObject(view);
		free(bytes);
		free(host);
	}
	/* Only 2D images may be viewed. */
	const cl_image_format rgba8 = { CL_RGBA, CL_UNORM_INT8 };
	cl_image_desc d3 = make_desc(CL_MEM_OBJECT_IMAGE3D, 4, 4, 2);
	cl_mem img3 = clCreateImage(ctx, 0, &rgba8, &d3, NULL, &err);
	CHECK_OK(err);
	cl_image_desc dv = make_desc(CL_MEM_OBJECT_IMAGE2D, 4, 4, 0);
	dv.mem_object = img3;
	EXPECT(0, &rgba8, &dv, NULL, CL_INVALID_IMAGE_DESCRIPTOR);
	clReleaseMemObject(img3);
}

/* --- kernels see a 2D image made from a buffer at the buffer's pitch
 * (cl_khr_image2d_from_buffer end to end), and an sRGBA view of an RGBA
 * image reads the same bytes decoded. ----------------------------------- */

static const char *from_buffer_src =
	"kernel void rd(read_only image2d_t im, global uint4 *o)\n"
	"{ int x = get_global_id(0), y = get_global_id(1);\n"
	"  o[y * get_image_width(im) + x] = read_imageui(im, (int2)(x, y)); }\n"
	"kernel void wr(write_only image2d_t im)\n"
	"{ int x = get_global_id(0), y = get_global_id(1);\n"
	"  write_imageui(im, (int2)(x, y), (uint4)(x, y, x + y, 7)); }\n";

static void test_kernel_from_buffer(void)
{
	const cl_image_format fmt = { CL_RGBA, CL_UNSIGNED_INT8 };
	cl_uint align = 1;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_PITCH_ALIGNMENT, sizeof(align), &align, NULL));
	const size_t w = 11, h = 6, ps = 4;
	size_t rp = ((w + align - 1) / align + 1) * align * ps; /* padded */
	unsigned char *bytes = malloc(rp * h);
	fill_random(bytes, rp * h);
	cl_int err;
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, rp * h, bytes,
				    &err);
	CHECK_OK(err);
	cl_image_desc d = make_desc(CL_MEM_OBJECT_IMAGE2D, w, h, 0);
	d.image_row_pitch = rp;
	d.mem_object = buf;
	cl_mem img = clCreateImage(ctx, 0, &fmt, &d, NULL, &err);
	CHECK_OK(err);
	cl_program prog = check_build(ctx, dev, from_buffer_src, NULL);
	cl_kernel rd = clCreateKernel(prog, "rd", &err);
	CHECK_OK(err);
	cl_kernel wr = clCreateKernel(prog, "wr", &err);
	CHECK_OK(err);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, w * h * sizeof(cl_uint4), NULL, &err);
	CHECK_OK(err);
	CHECK_OK(clSetKernelArg(rd, 0, sizeof(img), &img));
	CHECK_OK(clSetKernelArg(rd, 1, sizeof(out), &out));
	size_t gws[2] = { w, h };
	CHECK_OK(clEnqueueNDRangeKernel(q, rd, 2, NULL, gws, NULL, 0, NULL, NULL));
	cl_uint *got = malloc(w * h * sizeof(cl_uint4));
	CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, w * h * sizeof(cl_uint4), got, 0, NULL,
				     NULL));
	int ok = 1;
	for (size_t y = 0; y < h; y++)
		for (size_t x = 0; x < w; x++)
			for (int c = 0; c < 4; c++)
				ok &= got[(y * w + x) * 4 + c] == bytes[y * rp + x * ps + c];
	CHECK(ok);
	/* Writes land in the buffer's rows; the padding stays. */
	CHECK_OK(clSetKernelArg(wr, 0, sizeof(img), &img));
	CHECK_OK(clEnqueueNDRangeKernel(q, wr, 2, NULL, gws, NULL, 0, NULL, NULL));
	unsigned char *after = malloc(rp * h);
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, rp * h, after, 0, NULL, NULL));
	for (size_t y = 0; y < h; y++)
		for (size_t x = 0; x < w; x++) {
			unsigned char *p = bytes + y * rp + x * ps;
			p[0] = (unsigned char)x;
			p[1] = (unsigned char)y;
			p[2] = (unsigned char)(x + y);
			p[3] = 7;
		}
	CHECK(memcmp(after, bytes, rp * h) == 0);
	free(after);
	free(got);
	clReleaseMemObject(out);
	clReleaseKernel(rd);
	clReleaseKernel(wr);
	clReleaseProgram(prog);
	clReleaseMemObject(img);
	clReleaseMemObject(buf);
	free(bytes);
}

/* --- buffer APIs on images, image APIs on buffers ------------------------ */

static void test_wrong_object(void)
{
	const cl_image_format rgba8 = { CL_RGBA, CL_UNORM_INT8 };
	cl_image_desc d = make_desc(CL_MEM_OBJECT_IMAGE2D, 8, 8, 0);
	cl_int err;
	cl_mem img = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
	CHECK_OK(err);
	cl_mem buf = clCreateBuffer(ctx, 0, 1024, NULL, &err);
	CHECK_OK(err);
	unsigned char host[1024];
	size_t o[3] = { 0, 0, 0 }, r[3] = { 4, 4, 1 };

	CHECK_ERR(clEnqueueReadBufferRect(q, img, CL_TRUE, o, o, r, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueWriteBufferRect(q, img, CL_TRUE, o, o, r, 0, 0, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueCopyBufferRect(q, buf, img, o, o, r, 0, 0, 0, 0, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueCopyBuffer(q, buf, img, 0, 0, 4, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueReadBuffer(q, img, CL_TRUE, 0, 4, host, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	cl_buffer_region br = { 0, 64 };
	CHECK(clCreateSubBuffer(img, 0, CL_BUFFER_CREATE_TYPE_REGION, &br, &err) == NULL);
	CHECK_ERR(err, CL_INVALID_MEM_OBJECT);

	size_t v;
	CHECK_ERR(clGetImageInfo(buf, CL_IMAGE_WIDTH, sizeof(v), &v, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clGetImageInfo(NULL, CL_IMAGE_WIDTH, sizeof(v), &v, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clGetImageInfo((cl_mem)ctx, CL_IMAGE_WIDTH, sizeof(v), &v, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueReadImage(q, buf, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	/* Query errors. */
	CHECK_ERR(clGetImageInfo(img, CL_IMAGE_WIDTH, sizeof(v) - 1, &v, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetImageInfo(img, 0x7777, sizeof(v), &v, NULL), CL_INVALID_VALUE);
	size_t sz = 0;
	CHECK_OK(clGetImageInfo(img, CL_IMAGE_WIDTH, 0, NULL, &sz));
	CHECK(sz == sizeof(size_t));
	CHECK_OK(clGetImageInfo(img, CL_IMAGE_NUM_MIP_LEVELS, 0, NULL, &sz));
	CHECK(sz == sizeof(cl_uint));
	CHECK_OK(clGetImageInfo(img, CL_IMAGE_BUFFER, 0, NULL, &sz));
	CHECK(sz == sizeof(cl_mem));
	clReleaseMemObject(img);
	clReleaseMemObject(buf);
}

/* --- reference counts and destructor callbacks --------------------------- */

static void test_release(void)
{
	const cl_image_format fmt = { CL_RG, CL_HALF_FLOAT };
	cl_image_desc d = make_desc(CL_MEM_OBJECT_IMAGE2D_ARRAY, 5, 4, 3);
	cl_int err;
	unsigned char *host = malloc(5 * 4 * 3 * 4);
	fill_random(host, 5 * 4 * 3 * 4);
	cl_mem img = clCreateImage(ctx, CL_MEM_USE_HOST_PTR, &fmt, &d, host, &err);
	CHECK_OK(err);
	cl_uint refs = 0;
	CHECK_OK(clRetainMemObject(img));
	CHECK_OK(clGetMemObjectInfo(img, CL_MEM_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 2);
	memset(destroyed, 0, sizeof(destroyed));
	destroy_count = 0;
	for (int i = 0; i < 4; i++)
		CHECK_OK(clSetMemObjectDestructorCallback(img, on_destroy, (void *)(intptr_t)i));
	CHECK_ERR(clSetMemObjectDestructorCallback(img, NULL, NULL), CL_INVALID_VALUE);
	/* An enqueued read holds the image until it completes. */
	cl_event gate = clCreateUserEvent(ctx, &err);
	CHECK_OK(err);
	unsigned char *out = malloc(5 * 4 * 3 * 4);
	size_t org[3] = { 0, 0, 0 }, ext[3] = { 5, 4, 3 };
	cl_event done;
	CHECK_OK(clEnqueueReadImage(q, img, CL_FALSE, org, ext, 0, 0, out, 1, &gate, &done));
	CHECK_OK(clReleaseMemObject(img));
	CHECK_OK(clReleaseMemObject(img));
	CHECK(destroy_count == 0);
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &done));
	CHECK_OK(clFinish(q));
	CHECK(memcmp(out, host, 5 * 4 * 3 * 4) == 0);
	clReleaseEvent(done);
	clReleaseEvent(gate);
	/* The callbacks may be a little behind the event: wait for them. */
	for (int spin = 0; spin < 1000 && destroy_count < 4; spin++) {
		struct timespec ts = { 0, 1000000 };
		nanosleep(&ts, NULL);
	}
	CHECK(destroy_count == 4);
	CHECK(destroy_order[0] == 3 && destroy_order[1] == 2 && destroy_order[2] == 1 &&
	      destroy_order[3] == 0);
	free(out);
	free(host);
	CHECK_ERR(clRetainMemObject(NULL), CL_INVALID_MEM_OBJECT);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &dev, &ctx, &q);
	test_limits();
	test_format_lists();
	test_create_types();
	test_errors();
	test_from_buffer();
	test_from_image();
	test_kernel_from_buffer();
	test_wrong_object();
	test_release();
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
