/* Image reads, writes, copies, copies to and from buffers, maps (OpenCL 3.0
 * §5.3.3 - §5.3.6) against a host model of each image: every image type,
 * odd origins, regions and pitches, images with host pointers and pitches,
 * images made from buffers, and every error code. */
#include "check.h"

#include <math.h>

static cl_context ctx;
static cl_command_queue q;
static unsigned rng = 4242;

static unsigned rnd(void)
{
	return check_rand(&rng);
}

static const cl_mem_object_type types[] = {
	CL_MEM_OBJECT_IMAGE1D, CL_MEM_OBJECT_IMAGE1D_ARRAY,
	CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE2D_ARRAY,
	CL_MEM_OBJECT_IMAGE3D,
};

/* A host model: pixels of `ps` bytes at (x, y, z) in region axes (a 1D
 * array's layers along y, a 2D array's along z), tightly packed. */
struct model {
	cl_mem img;
	cl_mem_object_type type;
	size_t ext[3], ps;
	unsigned char *px;
};

static size_t at(const struct model *m, size_t x, size_t y, size_t z)
{
	return ((z * m->ext[1] + y) * m->ext[0] + x) * m->ps;
}

static cl_image_desc desc_for(cl_mem_object_type t, const size_t ext[3])
{
	cl_image_desc d = { .image_type = t, .image_width = ext[0] };
	switch (t) {
	case CL_MEM_OBJECT_IMAGE1D_ARRAY:
		d.image_array_size = ext[1];
		break;
	case CL_MEM_OBJECT_IMAGE2D:
		d.image_height = ext[1];
		break;
	case CL_MEM_OBJECT_IMAGE2D_ARRAY:
		d.image_height = ext[1];
		d.image_array_size = ext[2];
		break;
	case CL_MEM_OBJECT_IMAGE3D:
		d.image_height = ext[1];
		d.image_depth = ext[2];
		break;
	default:
		break;
	}
	return d;
}

static void pick_ext(cl_mem_object_type t, size_t ext[3])
{
	ext[0] = 1 + rnd() % 37;
	ext[1] = t == CL_MEM_OBJECT_IMAGE1D ? 1 : 1 + rnd() % 13;
	ext[2] = (t == CL_MEM_OBJECT_IMAGE2D_ARRAY || t == CL_MEM_OBJECT_IMAGE3D)
			 ? 1 + rnd() % 5 : 1;
}

/* A random box inside the model. */
static void pick_box(const struct model *m, size_t org[3], size_t reg[3])
{
	for (int i = 0; i < 3; i++) {
		org[i] = rnd() % m->ext[i];
		reg[i] = 1 + rnd() % (m->ext[i] - org[i]);
	}
}

/* Host pitches for a region: 0 or a few bytes more than needed.  The y
 * axis of a 1D array is its slice pitch on the host. */
struct host_layout {
	size_t row_arg, slice_arg; /* as passed */
	size_t ystride, zstride;   /* effective */
	size_t size;
};

static void pick_host(const struct model *m, const size_t reg[3],
		      struct host_layout *h)
{
	size_t row = reg[0] * m->ps;
	h->row_arg = rnd() % 2 ? 0 : row + rnd() % 11;
	size_t rp = h->row_arg ? h->row_arg : row;
	h->slice_arg = 0;
	h->zstride = 0;
	h->ystride = rp;
	if (m->type == CL_MEM_OBJECT_IMAGE1D_ARRAY) {
		h->slice_arg = rnd() % 2 ? 0 : rp + rnd() % 7;
		h->ystride = h->slice_arg ? h->slice_arg : rp;
	} else if (m->type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
		   m->type == CL_MEM_OBJECT_IMAGE3D) {
		h->slice_arg = rnd() % 2 ? 0 : rp * reg[1] + rnd() % 9;
		h->zstride = h->slice_arg ? h->slice_arg : rp * reg[1];
	}
	h->size = (reg[2] - 1) * h->zstride + (reg[1] - 1) * h->ystride + row;
}

static size_t host_at(const struct host_layout *h, size_t ps, size_t x,
		      size_t y, size_t z)
{
	return z * h->zstride + y * h->ystride + x * ps;
}

static const cl_image_format rgba8 = { CL_RGBA, CL_UNSIGNED_INT8 };

static void model_init(struct model *m, cl_mem_object_type t,
		       const cl_image_format *fmt, size_t ps)
{
	m->type = t;
	m->ps = ps;
	pick_ext(t, m->ext);
	cl_image_desc d = desc_for(t, m->ext);
	cl_int err;
	m->img = clCreateImage(ctx, CL_MEM_READ_WRITE, fmt, &d, NULL, &err);
	CHECK_OK(err);
	size_t n = m->ext[0] * m->ext[1] * m->ext[2] * ps;
	m->px = malloc(n);
	for (size_t i = 0; i < n; i++)
		m->px[i] = (unsigned char)rnd();
	/* The whole image from a tightly packed host copy. */
	size_t org[3] = { 0, 0, 0 };
	CHECK_OK(clEnqueueWriteImage(q, m->img, CL_TRUE, org, m->ext, 0, 0,
				     m->px, 0, NULL, NULL));
}

static void model_free(struct model *m)
{
	clReleaseMemObject(m->img);
	free(m->px);
}

/* Reads the whole image back and compares with the model. */
static int model_matches(const struct model *m)
{
	size_t n = m->ext[0] * m->ext[1] * m->ext[2] * m->ps;
	unsigned char *got = malloc(n);
	size_t org[3] = { 0, 0, 0 };
	CHECK_OK(clEnqueueReadImage(q, m->img, CL_TRUE, org, m->ext, 0, 0, got,
				    0, NULL, NULL));
	int ok = memcmp(got, m->px, n) == 0;
	free(got);
	return ok;
}

/* Random reads and writes of boxes with random host pitches. */
static void test_read_write(void)
{
	for (size_t ti = 0; ti < sizeof(types) / sizeof(types[0]); ti++) {
		for (int rep = 0; rep < 6; rep++) {
			struct model m;
			static const cl_image_format fmts[] = {
				{ CL_R, CL_UNSIGNED_INT8 },
				{ CL_RG, CL_HALF_FLOAT },
				{ CL_RGBA, CL_UNORM_INT8 },
				{ CL_RGBA, CL_SIGNED_INT16 },
				{ CL_RGBA, CL_FLOAT },
				{ CL_RGB, CL_UNORM_SHORT_565 },
			};
			static const size_t sizes[] = { 1, 4, 4, 8, 16, 2 };
			model_init(&m, types[ti], &fmts[rep], sizes[rep]);
			CHECK(model_matches(&m));
			for (int k = 0; k < 8; k++) {
				size_t org[3], reg[3];
				struct host_layout h;
				pick_box(&m, org, reg);
				pick_host(&m, reg, &h);
				unsigned char *buf = malloc(h.size);
				memset(buf, 0xee, h.size);
				/* Read: the box lands at the host pitches. */
				CHECK_OK(clEnqueueReadImage(q, m.img, CL_TRUE, org, reg,
							    h.row_arg, h.slice_arg, buf,
							    0, NULL, NULL));
				int ok = 1;
				for (size_t z = 0; z < reg[2]; z++)
					for (size_t y = 0; y < reg[1]; y++)
						for (size_t x = 0; x < reg[0]; x++)
							ok &= memcmp(buf + host_at(&h, m.ps, x, y, z),
								     m.px + at(&m, org[0] + x, org[1] + y, org[2] + z),
								     m.ps) == 0;
				CHECK(ok);
				/* Write new bytes through the same layout. */
				for (size_t i = 0; i < h.size; i++)
					buf[i] = (unsigned char)rnd();
				cl_event ev;
				CHECK_OK(clEnqueueWriteImage(q, m.img, CL_FALSE, org, reg,
							     h.row_arg, h.slice_arg, buf,
							     0, NULL, &ev));
				CHECK_OK(clWaitForEvents(1, &ev));
				cl_command_type ct = 0;
				CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof(ct), &ct, NULL));
				CHECK(ct == CL_COMMAND_WRITE_IMAGE);
				clReleaseEvent(ev);
				for (size_t z = 0; z < reg[2]; z++)
					for (size_t y = 0; y < reg[1]; y++)
						for (size_t x = 0; x < reg[0]; x++)
							memcpy(m.px + at(&m, org[0] + x, org[1] + y, org[2] + z),
							       buf + host_at(&h, m.ps, x, y, z), m.ps);
				free(buf);
				CHECK(model_matches(&m));
			}
			model_free(&m);
		}
	}
}

/* Copies between images of one format and any two types, and between
 * images and buffers. */
static void test_copies(void)
{
	for (int rep = 0; rep < 60; rep++) {
		struct model a, b;
		model_init(&a, types[rnd() % 5], &rgba8, 4);
		model_init(&b, types[rnd() % 5], &rgba8, 4);
		/* A region that fits both. */
		size_t reg[3], ao[3], bo[3];
		for (int i = 0; i < 3; i++) {
			size_t lim = a.ext[i] < b.ext[i] ? a.ext[i] : b.ext[i];
			reg[i] = 1 + rnd() % lim;
			ao[i] = rnd() % (a.ext[i] - reg[i] + 1);
			bo[i] = rnd() % (b.ext[i] - reg[i] + 1);
		}
		CHECK_OK(clEnqueueCopyImage(q, a.img, b.img, ao, bo, reg, 0, NULL, NULL));
		CHECK_OK(clFinish(q));
		for (size_t z = 0; z < reg[2]; z++)
			for (size_t y = 0; y < reg[1]; y++)
				memcpy(b.px + at(&b, bo[0], bo[1] + y, bo[2] + z),
				       a.px + at(&a, ao[0], ao[1] + y, ao[2] + z), reg[0] * 4);
		CHECK(model_matches(&b));

		/* Image to buffer at an offset, then back into the other image. */
		size_t off = (rnd() % 16) * 4, bytes = reg[0] * reg[1] * reg[2] * 4;
		cl_int err;
		cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, off + bytes + 8, NULL, &err);
		CHECK_OK(err);
		CHECK_OK(clEnqueueCopyImageToBuffer(q, a.img, buf, ao, reg, off, 0, NULL, NULL));
		unsigned char *host = malloc(bytes);
		CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, off, bytes, host, 0, NULL, NULL));
		int ok = 1;
		for (size_t z = 0; z < reg[2]; z++)
			for (size_t y = 0; y < reg[1]; y++)
				ok &= memcmp(host + (z * reg[1] + y) * reg[0] * 4,
					     a.px + at(&a, ao[0], ao[1] + y, ao[2] + z), reg[0] * 4) == 0;
		CHECK(ok);
		for (size_t i = 0; i < bytes; i++)
			host[i] = (unsigned char)rnd();
		CHECK_OK(clEnqueueWriteBuffer(q, buf, CL_TRUE, off, bytes, host, 0, NULL, NULL));
		CHECK_OK(clEnqueueCopyBufferToImage(q, buf, b.img, off, bo, reg, 0, NULL, NULL));
		CHECK_OK(clFinish(q));
		for (size_t z = 0; z < reg[2]; z++)
			for (size_t y = 0; y < reg[1]; y++)
				memcpy(b.px + at(&b, bo[0], bo[1] + y, bo[2] + z),
				       host + (z * reg[1] + y) * reg[0] * 4, reg[0] * 4);
		CHECK(model_matches(&b));
		free(host);
		clReleaseMemObject(buf);

		/* Within one image: disjoint boxes copy, overlapping ones are
		 * refused. */
		if (a.ext[0] >= 2) {
			size_t r1[3] = { a.ext[0] / 2, a.ext[1], a.ext[2] };
			size_t o1[3] = { 0, 0, 0 }, o2[3] = { a.ext[0] - r1[0], 0, 0 };
			CHECK_OK(clEnqueueCopyImage(q, a.img, a.img, o1, o2, r1, 0, NULL, NULL));
			CHECK_OK(clFinish(q));
			for (size_t z = 0; z < a.ext[2]; z++)
				for (size_t y = 0; y < a.ext[1]; y++)
					memcpy(a.px + at(&a, o2[0], y, z), a.px + at(&a, 0, y, z), r1[0] * 4);
			CHECK(model_matches(&a));
			size_t o3[3] = { 1, 0, 0 }, r2[3] = { a.ext[0] - 1, 1, 1 };
			CHECK_ERR(clEnqueueCopyImage(q, a.img, a.img, o1, o3, r2, 0, NULL, NULL),
				  CL_MEM_COPY_OVERLAP);
		}
		model_free(&a);
		model_free(&b);
	}
}

/* Maps: the pointer and pitches show the model's pixels; writes through
 * the map are seen after unmapping. */
static void test_maps(void)
{
	for (int rep = 0; rep < 40; rep++) {
		struct model m;
		model_init(&m, types[rep % 5], &rgba8, 4);
		size_t org[3], reg[3], rp = 0, sp = 77;
		pick_box(&m, org, reg);
		cl_int err;
		cl_uint count = 0;
		unsigned char *p = clEnqueueMapImage(q, m.img, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE,
						     org, reg, &rp, &sp, 0, NULL, NULL, &err);
		CHECK_OK(err);
		REQUIRE(p != NULL);
		CHECK_OK(clGetMemObjectInfo(m.img, CL_MEM_MAP_COUNT, sizeof(count), &count, NULL));
		CHECK(count == 1);
		CHECK(rp >= m.ext[0] * 4);
		int has_slices = m.type != CL_MEM_OBJECT_IMAGE1D && m.type != CL_MEM_OBJECT_IMAGE2D;
		CHECK(has_slices ? sp >= rp : sp == 0);
		/* Host addresses: a 1D array's layers are slice-pitch apart. */
		size_t ys = m.type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? sp : rp;
		size_t zs = m.type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 0 : sp;
		int ok = 1;
		for (size_t z = 0; z < reg[2]; z++)
			for (size_t y = 0; y < reg[1]; y++) {
				unsigned char *row = p + z * zs + y * ys;
				ok &= memcmp(row, m.px + at(&m, org[0], org[1] + y, org[2] + z),
					     reg[0] * 4) == 0;
				for (size_t x = 0; x < reg[0] * 4; x++)
					row[x] = (unsigned char)(x * 7 + y + z);
				memcpy(m.px + at(&m, org[0], org[1] + y, org[2] + z), row, reg[0] * 4);
			}
		CHECK(ok);
		CHECK_OK(clEnqueueUnmapMemObject(q, m.img, p, 0, NULL, NULL));
		CHECK_ERR(clEnqueueUnmapMemObject(q, m.img, p, 0, NULL, NULL), CL_INVALID_VALUE);
		CHECK_OK(clFinish(q));
		CHECK_OK(clGetMemObjectInfo(m.img, CL_MEM_MAP_COUNT, sizeof(count), &count, NULL));
		CHECK(count == 0);
		CHECK(model_matches(&m));
		model_free(&m);
	}
}

/* CL_MEM_USE_HOST_PTR with pitches: the application's memory is the image;
 * CL_MEM_COPY_HOST_PTR with pitches: a packed copy of it. */
static void test_host_ptr(void)
{
	for (size_t ti = 0; ti < 5; ti++) {
		cl_mem_object_type t = types[ti];
		size_t ext[3];
		pick_ext(t, ext);
		cl_image_desc d = desc_for(t, ext);
		size_t ps = 8;
		size_t rp = ext[0] * ps + 8 * (1 + rnd() % 3);
		size_t sp = 0, ys = rp, zs = 0;
		d.image_row_pitch = rp;
		if (t == CL_MEM_OBJECT_IMAGE1D_ARRAY) {
			sp = rp * 2; /* §5.3.1: a multiple of the row pitch */
			ys = sp;
		} else if (t == CL_MEM_OBJECT_IMAGE2D_ARRAY || t == CL_MEM_OBJECT_IMAGE3D) {
			sp = rp * ext[1] + rp;
			zs = sp;
		}
		d.image_slice_pitch = sp;
		size_t total = (ext[2] - 1) * zs + (ext[1] - 1) * ys + ext[0] * ps;
		unsigned char *host = malloc(total + 64);
		for (size_t i = 0; i < total; i++)
			host[i] = (unsigned char)rnd();
		cl_image_format fmt = { CL_RGBA, CL_UNSIGNED_INT16 };
		cl_int err;
		cl_mem use = clCreateImage(ctx, CL_MEM_USE_HOST_PTR, &fmt, &d, host, &err);
		CHECK_OK(err);
		cl_mem copy = clCreateImage(ctx, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, &fmt, &d, host, &err);
		CHECK_OK(err);
		size_t got_rp = 0, got_sp = 0;
		CHECK_OK(clGetImageInfo(use, CL_IMAGE_ROW_PITCH, sizeof(got_rp), &got_rp, NULL));
		CHECK(got_rp == rp);
		CHECK_OK(clGetImageInfo(use, CL_IMAGE_SLICE_PITCH, sizeof(got_sp), &got_sp, NULL));
		CHECK(got_sp == sp);
		void *hp = NULL;
		CHECK_OK(clGetMemObjectInfo(use, CL_MEM_HOST_PTR, sizeof(hp), &hp, NULL));
		CHECK(hp == host);
		CHECK_OK(clGetMemObjectInfo(copy, CL_MEM_HOST_PTR, sizeof(hp), &hp, NULL));
		CHECK(hp == NULL);
		CHECK_OK(clGetImageInfo(copy, CL_IMAGE_ROW_PITCH, sizeof(got_rp), &got_rp, NULL));
		CHECK(got_rp == ext[0] * ps);

		size_t n = ext[0] * ext[1] * ext[2] * ps, org[3] = { 0, 0, 0 };
		unsigned char *a = malloc(n), *b = malloc(n), *want = malloc(n);
		for (size_t z = 0; z < ext[2]; z++)
			for (size_t y = 0; y < ext[1]; y++)
				memcpy(want + (z * ext[1] + y) * ext[0] * ps,
				       host + z * zs + y * ys, ext[0] * ps);
		CHECK_OK(clEnqueueReadImage(q, use, CL_TRUE, org, ext, 0, 0, a, 0, NULL, NULL));
		CHECK_OK(clEnqueueReadImage(q, copy, CL_TRUE, org, ext, 0, 0, b, 0, NULL, NULL));
		CHECK(memcmp(a, want, n) == 0);
		CHECK(memcmp(b, want, n) == 0);
		/* A write to the USE_HOST_PTR image lands in the host memory
		 * at its pitches; the copy does not change. */
		for (size_t i = 0; i < n; i++)
			a[i] = (unsigned char)rnd();
		CHECK_OK(clEnqueueWriteImage(q, use, CL_TRUE, org, ext, 0, 0, a, 0, NULL, NULL));
		int ok = 1;
		for (size_t z = 0; z < ext[2]; z++)
			for (size_t y = 0; y < ext[1]; y++)
				ok &= memcmp(host + z * zs + y * ys,
					     a + (z * ext[1] + y) * ext[0] * ps, ext[0] * ps) == 0;
		CHECK(ok);
		CHECK_OK(clEnqueueReadImage(q, copy, CL_TRUE, org, ext, 0, 0, b, 0, NULL, NULL));
		CHECK(memcmp(b, want, n) == 0);
		clReleaseMemObject(use);
		clReleaseMemObject(copy);
		free(a);
		free(b);
		free(want);
		free(host);
	}
}

/* A 2D image and a 1D image buffer made from buffers share the buffer's
 * bytes (row pitch of the buffer layout). */
static void test_from_buffer(void)
{
	cl_uint align = 0;
	cl_device_id dev;
	CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof(dev), &dev, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_PITCH_ALIGNMENT, sizeof(align), &align, NULL));
	REQUIRE(align >= 1);
	size_t w = 13, h = 7, ps = 4;
	size_t rp = ((w + 3 * align) / align) * align * ps; /* a multiple, with padding */
	cl_int err;
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, rp * h, NULL, &err);
	CHECK_OK(err);
	unsigned char *bytes = malloc(rp * h);
	for (size_t i = 0; i < rp * h; i++)
		bytes[i] = (unsigned char)rnd();
	CHECK_OK(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, rp * h, bytes, 0, NULL, NULL));
	cl_image_desc d = { .image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = w,
			    .image_height = h, .image_row_pitch = rp, .mem_object = buf };
	cl_image_format fmt = { CL_RGBA, CL_UNORM_INT8 };
	cl_mem img = clCreateImage(ctx, 0, &fmt, &d, NULL, &err);
	CHECK_OK(err);
	unsigned char *px = malloc(w * h * ps);
	size_t org[3] = { 0, 0, 0 }, reg[3] = { w, h, 1 };
	CHECK_OK(clEnqueueReadImage(q, img, CL_TRUE, org, reg, 0, 0, px, 0, NULL, NULL));
	int ok = 1;
	for (size_t y = 0; y < h; y++)
		ok &= memcmp(px + y * w * ps, bytes + y * rp, w * ps) == 0;
	CHECK(ok);
	/* A fill of the image shows in the buffer, and only in the pixels. */
	float white[4] = { 1, 1, 1, 1 };
	size_t forg[3] = { 2, 1, 0 }, freg[3] = { 3, 2, 1 };
	CHECK_OK(clEnqueueFillImage(q, img, white, forg, freg, 0, NULL, NULL));
	unsigned char *after = malloc(rp * h);
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, rp * h, after, 0, NULL, NULL));
	for (size_t y = 1; y < 3; y++)
		memset(bytes + y * rp + 2 * ps, 0xff, 3 * ps);
	CHECK(memcmp(after, bytes, rp * h) == 0);
	cl_mem assoc = NULL;
	CHECK_OK(clGetMemObjectInfo(img, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof(assoc), &assoc, NULL));
	CHECK(assoc == buf);
	cl_mem ib = NULL;
	CHECK_OK(clGetImageInfo(img, CL_IMAGE_BUFFER, sizeof(ib), &ib, NULL));
	CHECK(ib == buf);

	/* A 1D image buffer over the same bytes. */
	cl_image_desc d1 = { .image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER,
			     .image_width = rp * h / ps, .mem_object = buf };
	cl_mem img1 = clCreateImage(ctx, CL_MEM_READ_ONLY, &fmt, &d1, NULL, &err);
	CHECK_OK(err);
	size_t reg1[3] = { 5, 1, 1 }, org1[3] = { rp / ps, 0, 0 };
	unsigned char five[20];
	CHECK_OK(clEnqueueReadImage(q, img1, CL_TRUE, org1, reg1, 0, 0, five, 0, NULL, NULL));
	CHECK(memcmp(five, after + rp, 20) == 0);
	cl_mem_flags fl = 0;
	CHECK_OK(clGetMemObjectInfo(img1, CL_MEM_FLAGS, sizeof(fl), &fl, NULL));
	CHECK(fl == CL_MEM_READ_ONLY);
	/* The images keep the buffer alive. */
	CHECK_OK(clReleaseMemObject(buf));
	CHECK_OK(clEnqueueReadImage(q, img1, CL_TRUE, org1, reg1, 0, 0, five, 0, NULL, NULL));
	CHECK(memcmp(five, after + rp, 20) == 0);
	clReleaseMemObject(img1);
	clReleaseMemObject(img);
	free(bytes);
	free(after);
	free(px);
}

/* --- clEnqueueFillImage conversions (§5.3.4 with the OpenCL C write
 * conversions: round to nearest even, saturate, NaN to 0), against a
 * reference written here from the spec's formulas. ---------------------- */

static long ref_norm(float f, float scale, long lo, long hi)
{
	if (f != f)
		return 0;
	float v = f * scale;
	if (v <= (float)lo)
		return lo;
	if (v >= (float)hi)
		return hi;
	return (long)nearbyintf(v);
}

static double ref_srgb(double c)
{
	if (!(c > 0))
		return 0;
	if (c >= 1)
		return 1;
	return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
}

/* One channel of `type` from colour component `i` (float, int or uint
 * colour) into `out`; returns its byte count. */
static size_t ref_channel(cl_channel_type type, const void *color, int i,
			  unsigned char *out)
{
	const float *f = color;
	const int *s = color;
	const unsigned *u = color;
	union { signed char c; unsigned char uc; short sh; unsigned short us;
		int in; unsigned ui; float fl; _Float16 h; } v;
	size_t n;
	switch (type) {
	case CL_UNORM_INT8: v.uc = (unsigned char)ref_norm(f[i], 255, 0, 255); n = 1; break;
	case CL_SNORM_INT8: v.c = (signed char)ref_norm(f[i], 127, -128, 127); n = 1; break;
	case CL_UNORM_INT16: v.us = (unsigned short)ref_norm(f[i], 65535, 0, 65535); n = 2; break;
	case CL_SNORM_INT16: v.sh = (short)ref_norm(f[i], 32767, -32768, 32767); n = 2; break;
	case CL_SIGNED_INT8: v.c = (signed char)(s[i] < -128 ? -128 : s[i] > 127 ? 127 : s[i]); n = 1; break;
	case CL_SIGNED_INT16:
		v.sh = (short)(s[i] < -32768 ? -32768 : s[i] > 32767 ? 32767 : s[i]);
		n = 2;
		break;
	case CL_SIGNED_INT32: v.in = s[i]; n = 4; break;
	case CL_UNSIGNED_INT8: v.uc = (unsigned char)(u[i] > 255 ? 255 : u[i]); n = 1; break;
	case CL_UNSIGNED_INT16: v.us = (unsigned short)(u[i] > 65535 ? 65535 : u[i]); n = 2; break;
	case CL_UNSIGNED_INT32: v.ui = u[i]; n = 4; break;
	case CL_HALF_FLOAT: v.h = (_Float16)f[i]; n = 2; break;
	default: v.fl = f[i]; n = 4; break;
	}
	memcpy(out, &v, n);
	return n;
}

/* The reference pixel of `fmt` for `color`. */
static size_t ref_pixel(const cl_image_format *fmt, const void *color,
			unsigned char *out)
{
	const float *f = color;
	cl_channel_type t = fmt->image_channel_data_type;
	if (t == CL_UNORM_SHORT_565 || t == CL_UNORM_SHORT_555) {
		int gb = t == CL_UNORM_SHORT_565 ? 6 : 5;
		unsigned r = (unsigned)ref_norm(f[0], 31, 0, 31);
		unsigned g = (unsigned)ref_norm(f[1], (float)((1 << gb) - 1), 0, (1 << gb) - 1);
		unsigned b = (unsigned)ref_norm(f[2], 31, 0, 31);
		unsigned short p = (unsigned short)((r << (gb + 5)) | (g << 5) | b);
		memcpy(out, &p, 2);
		return 2;
	}
	if (t == CL_UNORM_INT_101010) {
		unsigned p = (unsigned)ref_norm(f[0], 1023, 0, 1023) << 20 |
			     (unsigned)ref_norm(f[1], 1023, 0, 1023) << 10 |
			     (unsigned)ref_norm(f[2], 1023, 0, 1023);
		memcpy(out, &p, 4);
		return 4;
	}
	/* Colour components in storage order (§5.3.1.1). */
	static const int rgba[] = { 0, 1, 2, 3 }, bgra[] = { 2, 1, 0, 3 },
			 argb[] = { 3, 0, 1, 2 }, abgr[] = { 3, 2, 1, 0 },
			 a[] = { 3 }, ra[] = { 0, 3 };
	const int *map = rgba;
	int nch;
	float srgb[4];
	switch (fmt->image_channel_order) {
	case CL_R: case CL_INTENSITY: case CL_LUMINANCE: case CL_DEPTH: nch = 1; break;
	case CL_A: map = a; nch = 1; break;
	case CL_RG: nch = 2; break;
	case CL_RA: map = ra; nch = 2; break;
	case CL_BGRA: map = bgra; nch = 4; break;
	case CL_ARGB: map = argb; nch = 4; break;
	case CL_ABGR: map = abgr; nch = 4; break;
	case CL_sRGBA: case CL_sBGRA:
		for (int i = 0; i < 3; i++)
			srgb[i] = (float)ref_srgb(f[i]);
		srgb[3] = f[3];
		color = srgb;
		map = fmt->image_channel_order == CL_sBGRA ? bgra : rgba;
		nch = 4;
		break;
	default: nch = 4; break;
	}
	size_t n = 0;
	for (int c = 0; c < nch; c++)
		n += ref_channel(t, color, map[c], out + n);
	return n;
}

static void test_fill_formats(void)
{
	static const cl_image_format fmts[] = {
		{ CL_RGBA, CL_UNORM_INT8 }, { CL_BGRA, CL_UNORM_INT8 }, { CL_ARGB, CL_SNORM_INT8 },
		{ CL_ABGR, CL_UNSIGNED_INT8 }, { CL_R, CL_UNORM_INT16 }, { CL_RG, CL_SNORM_INT16 },
		{ CL_A, CL_HALF_FLOAT }, { CL_RA, CL_FLOAT }, { CL_INTENSITY, CL_UNORM_INT8 },
		{ CL_LUMINANCE, CL_HALF_FLOAT }, { CL_RGBA, CL_SIGNED_INT8 },
		{ CL_RGBA, CL_SIGNED_INT16 }, { CL_RGBA, CL_SIGNED_INT32 },
		{ CL_RGBA, CL_UNSIGNED_INT16 }, { CL_RGBA, CL_UNSIGNED_INT32 },
		{ CL_RGBA, CL_HALF_FLOAT }, { CL_RGBA, CL_FLOAT }, { CL_RGB, CL_UNORM_SHORT_565 },
		{ CL_RGB, CL_UNORM_SHORT_555 }, { CL_RGB, CL_UNORM_INT_101010 },
		{ CL_sRGBA, CL_UNORM_INT8 }, { CL_sBGRA, CL_UNORM_INT8 }, { CL_DEPTH, CL_FLOAT },
		{ CL_DEPTH, CL_UNORM_INT16 },
	};
	/* Float colours: rounding ties, out of range, NaN, tiny halves. */
	static const float fcolors[][4] = {
		{ 0.5f, 1.0f / 255 * 2.5f, -0.25f, 1.5f },
		{ NAN, 0.999f, 1e-6f, -1.0f },
		{ 0.0031f, 0.2f, 0.73f, 65504.0f * 2 },
		{ 6e-8f, -3e-5f, 0.1f, 1.0f / 510 },
	};
	static const int icolors[][4] = {
		{ -129, 128, -32769, 32768 }, { 5, -5, 2147483647, -2147483647 - 1 },
	};
	static const unsigned ucolors[][4] = {
		{ 256, 255, 65536, 4294967295u }, { 0, 1, 65535, 70000 },
	};
	for (size_t fi = 0; fi < sizeof(fmts) / sizeof(fmts[0]); fi++) {
		const cl_image_format *fmt = &fmts[fi];
		cl_channel_type t = fmt->image_channel_data_type;
		int is_int = t == CL_SIGNED_INT8 || t == CL_SIGNED_INT16 || t == CL_SIGNED_INT32;
		int is_uint = t == CL_UNSIGNED_INT8 || t == CL_UNSIGNED_INT16 ||
			      t == CL_UNSIGNED_INT32;
		size_t ncol = is_int ? 2 : is_uint ? 2 : 4;
		size_t w = 5, h = 3;
		cl_image_desc d = { .image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = w,
				    .image_height = h };
		cl_int err;
		cl_mem img = clCreateImage(ctx, CL_MEM_READ_WRITE, fmt, &d, NULL, &err);
		CHECK_OK(err);
		if (err)
			continue;
		size_t ps = 0;
		CHECK_OK(clGetImageInfo(img, CL_IMAGE_ELEMENT_SIZE, sizeof(ps), &ps, NULL));
		for (size_t ci = 0; ci < ncol; ci++) {
			const void *color = is_int ? (const void *)icolors[ci]
					    : is_uint ? (const void *)ucolors[ci]
						      : (const void *)fcolors[ci];
			/* NaN is 0 for normalized formats only; a float
			 * format keeps it (compared below as NaN). */
			unsigned char init[5 * 3 * 16], got[5 * 3 * 16], want[16];
			for (size_t i = 0; i < w * h * ps; i++)
				init[i] = (unsigned char)rnd();
			size_t o[3] = { 0, 0, 0 }, r[3] = { w, h, 1 };
			CHECK_OK(clEnqueueWriteImage(q, img, CL_TRUE, o, r, 0, 0, init, 0, NULL, NULL));
			size_t fo[3] = { 1, 1, 0 }, fr[3] = { 3, 2, 1 };
			CHECK_OK(clEnqueueFillImage(q, img, color, fo, fr, 0, NULL, NULL));
			CHECK_OK(clEnqueueReadImage(q, img, CL_TRUE, o, r, 0, 0, got, 0, NULL, NULL));
			size_t n = ref_pixel(fmt, color, want);
			CHECK(n == ps);
			int ok = 1;
			for (size_t y = 0; y < h; y++)
				for (size_t x = 0; x < w; x++) {
					const unsigned char *p = got + (y * w + x) * ps;
					int in = x >= 1 && x < 4 && y >= 1 && y < 3;
					if (!in) {
						ok &= memcmp(p, init + (y * w + x) * ps, ps) == 0;
						continue;
					}
					for (size_t b = 0; b < ps; b++) {
						int diff = (int)p[b] - (int)want[b];
						int srgb = fmt->image_channel_order == CL_sRGBA ||
							   fmt->image_channel_order == CL_sBGRA;
						/* sRGB: the spec allows 0.6 ulp, so
						 * a byte may be one off. */
						if (diff && !(srgb && (diff == 1 || diff == -1))) {
							float pf, wf;
							int nan_ok = t == CL_FLOAT && ps >= 4 &&
								     (memcpy(&pf, p + (b & ~3u), 4),
								      memcpy(&wf, want + (b & ~3u), 4),
								      pf != pf && wf != wf);
							if (!nan_ok && t == CL_HALF_FLOAT) {
								_Float16 ph, wh;
								memcpy(&ph, p + (b & ~1u), 2);
								memcpy(&wh, want + (b & ~1u), 2);
								nan_ok = ph != ph && wh != wh;
							}
							ok &= nan_ok;
						}
					}
				}
			CHECK(ok);
			if (!ok)
				fprintf(stderr, "fill: format %#x/%#x colour %zu\n",
					(unsigned)fmt->image_channel_order, (unsigned)t, ci);
		}
		clReleaseMemObject(img);
	}
}

/* Every error the transfer calls name. */
static void test_errors(void)
{
	size_t ext[3] = { 8, 4, 1 };
	cl_image_desc d = desc_for(CL_MEM_OBJECT_IMAGE2D, ext);
	cl_int err;
	cl_mem img = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
	CHECK_OK(err);
	cl_image_format other = { CL_RGBA, CL_SIGNED_INT8 };
	cl_mem img2 = clCreateImage(ctx, 0, &other, &d, NULL, &err);
	CHECK_OK(err);
	cl_mem buf = clCreateBuffer(ctx, 0, 1024, NULL, &err);
	CHECK_OK(err);
	unsigned char host[1024];
	size_t o[3] = { 0, 0, 0 }, r[3] = { 8, 4, 1 };

	CHECK_ERR(clEnqueueReadImage(NULL, img, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_COMMAND_QUEUE);
	CHECK_ERR(clEnqueueReadImage(q, NULL, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	/* An image API on a buffer, and a buffer API on an image. */
	CHECK_ERR(clEnqueueReadImage(q, buf, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueWriteImage(q, buf, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueReadBuffer(q, img, CL_TRUE, 0, 4, host, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueWriteBuffer(q, img, CL_TRUE, 0, 4, host, 0, NULL, NULL),
		  CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueCopyBuffer(q, img, buf, 0, 0, 4, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueFillBuffer(q, img, host, 4, 0, 4, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	clEnqueueMapBuffer(q, img, CL_TRUE, CL_MAP_READ, 0, 4, 0, NULL, NULL, &err);
	CHECK_ERR(err, CL_INVALID_MEM_OBJECT);
	cl_buffer_region br = { 0, 4 };
	clCreateSubBuffer(img, 0, CL_BUFFER_CREATE_TYPE_REGION, &br, &err);
	CHECK_ERR(err, CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueCopyImage(q, img, buf, o, o, r, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueCopyImageToBuffer(q, buf, buf, o, r, 0, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueCopyImageToBuffer(q, img, img, o, r, 0, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueCopyBufferToImage(q, img, img, 0, o, r, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	CHECK_ERR(clEnqueueCopyBufferToImage(q, buf, buf, 0, o, r, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	float color[4] = { 0 };
	CHECK_ERR(clEnqueueFillImage(q, buf, color, o, r, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	size_t rp, sp;
	clEnqueueMapImage(q, buf, CL_TRUE, CL_MAP_READ, o, r, &rp, &sp, 0, NULL, NULL, &err);
	CHECK_ERR(err, CL_INVALID_MEM_OBJECT);

	/* Regions. */
	size_t bad_regions[][2][3] = {
		{ { 0, 0, 0 }, { 9, 4, 1 } }, { { 0, 0, 0 }, { 8, 5, 1 } },
		{ { 0, 0, 0 }, { 8, 4, 2 } }, { { 0, 0, 1 }, { 8, 4, 1 } },
		{ { 1, 0, 0 }, { 8, 1, 1 } }, { { 0, 0, 0 }, { 0, 1, 1 } },
		{ { 0, 0, 0 }, { 1, 0, 1 } }, { { 0, 0, 0 }, { 1, 1, 0 } },
		{ { (size_t)-1, 0, 0 }, { 2, 1, 1 } },
	};
	for (size_t i = 0; i < sizeof(bad_regions) / sizeof(bad_regions[0]); i++) {
		const size_t *bo = bad_regions[i][0], *br3 = bad_regions[i][1];
		CHECK_ERR(clEnqueueReadImage(q, img, CL_TRUE, bo, br3, 0, 0, host, 0, NULL, NULL),
			  CL_INVALID_VALUE);
		CHECK_ERR(clEnqueueWriteImage(q, img, CL_TRUE, bo, br3, 0, 0, host, 0, NULL, NULL),
			  CL_INVALID_VALUE);
		CHECK_ERR(clEnqueueFillImage(q, img, color, bo, br3, 0, NULL, NULL), CL_INVALID_VALUE);
		CHECK_ERR(clEnqueueCopyImage(q, img, img, bo, bo, br3, 0, NULL, NULL), CL_INVALID_VALUE);
		CHECK_ERR(clEnqueueCopyImageToBuffer(q, img, buf, bo, br3, 0, 0, NULL, NULL),
			  CL_INVALID_VALUE);
		CHECK_ERR(clEnqueueCopyBufferToImage(q, buf, img, 0, bo, br3, 0, NULL, NULL),
			  CL_INVALID_VALUE);
		clEnqueueMapImage(q, img, CL_TRUE, CL_MAP_READ, bo, br3, &rp, &sp, 0, NULL, NULL, &err);
		CHECK_ERR(err, CL_INVALID_VALUE);
	}
	CHECK_ERR(clEnqueueReadImage(q, img, CL_TRUE, NULL, r, 0, 0, host, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueReadImage(q, img, CL_TRUE, o, NULL, 0, 0, host, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueReadImage(q, img, CL_TRUE, o, r, 0, 0, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueWriteImage(q, img, CL_TRUE, o, r, 0, 0, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
	/* A row pitch below a row of the region. */
	CHECK_ERR(clEnqueueReadImage(q, img, CL_TRUE, o, r, 31, 0, host, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueWriteImage(q, img, CL_TRUE, o, r, 31, 0, host, 0, NULL, NULL), CL_INVALID_VALUE);
	/* Wait lists. */
	CHECK_ERR(clEnqueueReadImage(q, img, CL_TRUE, o, r, 0, 0, host, 1, NULL, NULL),
		  CL_INVALID_EVENT_WAIT_LIST);
	cl_event none = NULL;
	CHECK_ERR(clEnqueueFillImage(q, img, color, o, r, 0, &none, NULL), CL_INVALID_EVENT_WAIT_LIST);
	/* Formats, fill colour, buffer ranges. */
	CHECK_ERR(clEnqueueCopyImage(q, img, img2, o, o, r, 0, NULL, NULL), CL_IMAGE_FORMAT_MISMATCH);
	CHECK_ERR(clEnqueueFillImage(q, img, NULL, o, r, 0, NULL, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueCopyImageToBuffer(q, img, buf, o, r, 1024 - 127, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(clEnqueueCopyBufferToImage(q, buf, img, 1024 - 127, o, r, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_OK(clEnqueueCopyBufferToImage(q, buf, img, 1024 - 128, o, r, 0, NULL, NULL));
	/* Maps: pitches, flags. */
	clEnqueueMapImage(q, img, CL_TRUE, CL_MAP_READ, o, r, NULL, &sp, 0, NULL, NULL, &err);
	CHECK_ERR(err, CL_INVALID_VALUE);
	clEnqueueMapImage(q, img, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, o, r, &rp,
			  &sp, 0, NULL, NULL, &err);
	CHECK_ERR(err, CL_INVALID_VALUE);
	void *p = clEnqueueMapImage(q, img, CL_TRUE, CL_MAP_READ, o, r, &rp, NULL, 0, NULL, NULL, &err);
	CHECK_OK(err); /* a 2D image needs no slice pitch */
	CHECK_OK(clEnqueueUnmapMemObject(q, img, p, 0, NULL, NULL));
	size_t e3[3] = { 4, 4, 2 };
	cl_image_desc d3 = desc_for(CL_MEM_OBJECT_IMAGE3D, e3);
	cl_mem img3 = clCreateImage(ctx, 0, &rgba8, &d3, NULL, &err);
	CHECK_OK(err);
	clEnqueueMapImage(q, img3, CL_TRUE, CL_MAP_READ, o, e3, &rp, NULL, 0, NULL, NULL, &err);
	CHECK_ERR(err, CL_INVALID_VALUE);
	/* A slice pitch below a slice of the region. */
	CHECK_ERR(clEnqueueReadImage(q, img3, CL_TRUE, o, e3, 16, 63, host, 0, NULL, NULL),
		  CL_INVALID_VALUE);
	CHECK_OK(clEnqueueReadImage(q, img3, CL_TRUE, o, e3, 16, 64, host, 0, NULL, NULL));
	clReleaseMemObject(img3);

	/* Host access flags. */
	cl_mem no_host = clCreateImage(ctx, CL_MEM_HOST_NO_ACCESS, &rgba8, &d, NULL, &err);
	CHECK_OK(err);
	CHECK_ERR(clEnqueueReadImage(q, no_host, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_OPERATION);
	CHECK_ERR(clEnqueueWriteImage(q, no_host, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_OPERATION);
	clEnqueueMapImage(q, no_host, CL_TRUE, CL_MAP_READ, o, r, &rp, &sp, 0, NULL, NULL, &err);
	CHECK_ERR(err, CL_INVALID_OPERATION);
	CHECK_OK(clEnqueueFillImage(q, no_host, color, o, r, 0, NULL, NULL));
	clReleaseMemObject(no_host);
	cl_mem ro = clCreateImage(ctx, CL_MEM_HOST_READ_ONLY, &rgba8, &d, NULL, &err);
	CHECK_OK(err);
	CHECK_ERR(clEnqueueWriteImage(q, ro, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_OPERATION);
	CHECK_OK(clEnqueueReadImage(q, ro, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL));
	clEnqueueMapImage(q, ro, CL_TRUE, CL_MAP_WRITE, o, r, &rp, &sp, 0, NULL, NULL, &err);
	CHECK_ERR(err, CL_INVALID_OPERATION);
	clReleaseMemObject(ro);

	/* Another context. */
	cl_device_id dev;
	CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof(dev), &dev, NULL));
	cl_context ctx2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	CHECK_OK(err);
	cl_mem foreign = clCreateImage(ctx2, 0, &rgba8, &d, NULL, &err);
	CHECK_OK(err);
	CHECK_ERR(clEnqueueReadImage(q, foreign, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
		  CL_INVALID_CONTEXT);
	CHECK_ERR(clEnqueueCopyImage(q, img, foreign, o, o, r, 0, NULL, NULL), CL_INVALID_CONTEXT);
	clReleaseMemObject(foreign);
	clReleaseContext(ctx2);

	clReleaseMemObject(img);
	clReleaseMemObject(img2);
	clReleaseMemObject(buf);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	check_setup(&platform, &dev, &ctx, &q);
	test_read_write();
	test_copies();
	test_maps();
	test_host_ptr();
	test_from_buffer();
	test_fill_formats();
	test_errors();
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
