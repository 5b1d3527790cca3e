/* A 2D image created from a sub-buffer (cl_khr_image2d_from_buffer).
 *
 * OpenCL 3.0 §5.3.1.2 (image descriptor, mem_object) lets a 2D image take
 * "a buffer memory object" and names no exception for sub-buffers; the
 * rules are those of any buffer: image_row_pitch × image_height within
 * the buffer's size (else CL_INVALID_IMAGE_DESCRIPTOR), the row pitch a
 * multiple of CL_DEVICE_IMAGE_PITCH_ALIGNMENT pixels and the data store
 * aligned to CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT pixels (else
 * CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, §5.3.1 errors).  A sub-buffer's
 * origin is a multiple of CL_DEVICE_MEM_BASE_ADDR_ALIGN, so such an image
 * is valid and must show the sub-buffer's bytes, not its parent's first
 * bytes.  Checked here: the pixels read back through the image and in a
 * kernel, a write through the image seen in the parent buffer, and the
 * size rule. */
#include "check.h"

#define W 8
#define H 4

static const char src[] =
	"kernel void px(read_only image2d_t im, global uint4 *out)\n"
	"{ int x = get_global_id(0), y = get_global_id(1);\n"
	"  out[y * 8 + x] = read_imageui(im, (int2)(x, y)); }\n";

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_int err;
	check_setup(&platform, &dev, &ctx, &q);
	char ext[8192] = "";
	clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(ext), ext, NULL);
	cl_uint align_bits = 0, pitch_align = 0;
	clGetDeviceInfo(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(align_bits), &align_bits, NULL);
	clGetDeviceInfo(dev, CL_DEVICE_IMAGE_PITCH_ALIGNMENT, sizeof(pitch_align), &pitch_align, NULL);
	if (!check_has_word(ext, "cl_khr_image2d_from_buffer")) {
		printf("no cl_khr_image2d_from_buffer: nothing to test\n");
		return check_done();
	}
	size_t origin = 4 * (align_bits / 8); /* a few alignment units in */
	size_t ps = 4;                        /* CL_RGBA, CL_UNSIGNED_INT8 */
	size_t pitch = W * ps;
	if (pitch_align && pitch % (pitch_align * ps))
		pitch += pitch_align * ps - pitch % (pitch_align * ps);
	size_t total = origin + pitch * H + 256;
	unsigned char *host = malloc(total);
	REQUIRE(host);
	for (size_t i = 0; i < total; i++)
		host[i] = (unsigned char)(i * 7 + 3);
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, total, host, &err);
	REQUIRE(buf);
	cl_buffer_region reg = { origin, pitch * H };
	cl_mem sub = clCreateSubBuffer(buf, 0, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err);
	REQUIRE(sub);

	cl_image_format fmt = { CL_RGBA, CL_UNSIGNED_INT8 };
	cl_image_desc d = { .image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = W,
			    .image_height = H, .image_row_pitch = pitch, .mem_object = sub };
	cl_mem img = clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &d, NULL, &err);
	CHECK_OK(err);
	REQUIRE(img);
	cl_mem got_parent = NULL;
	CHECK_OK(clGetImageInfo(img, CL_IMAGE_BUFFER, sizeof(got_parent), &got_parent, NULL));
	CHECK(got_parent == sub);

	/* clEnqueueReadImage: row y, pixel x is at origin + y*pitch + x*ps. */
	unsigned char px[H][W][4];
	size_t o3[3] = { 0, 0, 0 }, r3[3] = { W, H, 1 };
	CHECK_OK(clEnqueueReadImage(q, img, CL_TRUE, o3, r3, 0, 0, px, 0, NULL, NULL));
	int bad = 0;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			for (int c = 0; c < 4; c++)
				bad += px[y][x][c] != host[origin + y * pitch + x * ps + c];
	CHECK(bad == 0);

	/* The same pixels in a kernel. */
	cl_program p = check_build(ctx, dev, src, NULL);
	cl_kernel k = clCreateKernel(p, "px", &err);
	REQUIRE(k);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, W * H * sizeof(cl_uint4), NULL, &err);
	REQUIRE(out);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(img), &img));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(out), &out));
	size_t g[2] = { W, H };
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 2, NULL, g, NULL, 0, NULL, NULL));
	cl_uint4 kv[W * H];
	CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(kv), kv, 0, NULL, NULL));
	bad = 0;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			for (int c = 0; c < 4; c++)
				bad += kv[y * W + x].s[c] != host[origin + y * pitch + x * ps + c];
	CHECK(bad == 0);

	/* A pixel written through the image lands in the parent at the
	 * sub-buffer's offset. */
	unsigned char one[4] = { 1, 2, 3, 4 };
	size_t at[3] = { 5, 2, 0 }, r1[3] = { 1, 1, 1 };
	CHECK_OK(clEnqueueWriteImage(q, img, CL_TRUE, at, r1, 0, 0, one, 0, NULL, NULL));
	unsigned char back[4];
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, origin + 2 * pitch + 5 * ps, 4, back,
				     0, NULL, NULL));
	CHECK(memcmp(back, one, 4) == 0);

	/* Larger than the sub-buffer (though the parent would hold it). */
	cl_image_desc tall = d;
	tall.image_height = H + 1;
	cl_mem none = clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &tall, NULL, &err);
	CHECK(none == NULL);
	CHECK(err == CL_INVALID_IMAGE_DESCRIPTOR);

	clReleaseMemObject(out);
	clReleaseKernel(k);
	clReleaseProgram(p);
	clReleaseMemObject(img);
	clReleaseMemObject(sub);
	clReleaseMemObject(buf);
	free(host);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
