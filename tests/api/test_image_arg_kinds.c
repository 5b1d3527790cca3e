/* Kernel arguments are images only when their type is one of OpenCL C's
 * image types (OpenCL 3.0 §5.9.2): a buffer of a struct whose name starts
 * with "image" (as in the conformance suite's image query kernels) or a
 * struct of that kind passed by value are ordinary arguments.  Query-only
 * kernels (get_image_width ... get_image_channel_order) over 1D, 2D and 3D
 * images, read_only and write_only, also through a typedef of the image
 * type, return the sizes and format the image was created with. */
#include "check.h"

static const char *src =
	"typedef struct { int width, height, depth, order, type; } image_data;\n"
	"typedef struct { int scale; } image_info;\n"
	"typedef write_only image2d_t my_image;\n"
	"kernel void q2(read_only image2d_t im, global image_data *out, image_info k) {\n"
	"  out->width = get_image_width(im) * k.scale; out->height = get_image_height(im);\n"
	"  out->depth = 0; out->order = get_image_channel_order(im);\n"
	"  out->type = get_image_channel_data_type(im); }\n"
	"kernel void q2w(my_image im, global image_data *out) {\n"
	"  int2 d = get_image_dim(im); out->width = d.x; out->height = d.y; out->depth = 0;\n"
	"  out->order = get_image_channel_order(im); out->type = get_image_channel_data_type(im); }\n"
	"kernel void q3(read_only image3d_t im, global image_data *out) {\n"
	"  int4 d = get_image_dim(im); out->width = d.x; out->height = d.y; out->depth = d.z;\n"
	"  out->order = get_image_channel_order(im); out->type = get_image_channel_data_type(im); }\n"
	"kernel void q1(read_only image1d_t im, global image_data *out) {\n"
	"  out->width = get_image_width(im); out->height = 0; out->depth = 0;\n"
	"  out->order = get_image_channel_order(im); out->type = get_image_channel_data_type(im); }\n";

struct image_data {
	cl_int width, height, depth, order, type;
};

static void run(cl_context ctx, cl_command_queue q, cl_program p, const char *name, cl_mem im,
		cl_int scale, struct image_data *out)
{
	cl_int err;
	cl_kernel k = clCreateKernel(p, name, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(*out), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(im), &im));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(buf), &buf));
	if (scale)
		CHECK_OK(clSetKernelArg(k, 2, sizeof(scale), &scale));
	/* the buffer argument is not an image: an image there is refused */
	CHECK_ERR(clSetKernelArg(k, 1, sizeof(im), &im), CL_INVALID_MEM_OBJECT);
	CHECK_OK(clSetKernelArg(k, 1, sizeof(buf), &buf));
	CHECK_OK(clEnqueueTask(q, k, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(*out), out, 0, NULL, NULL));
	clReleaseMemObject(buf);
	clReleaseKernel(k);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_int err;
	check_setup(&platform, &dev, &ctx, &q);
	cl_bool images = CL_FALSE;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL));
	if (!images) {
		printf("no image support: nothing to test\n");
		return check_done();
	}
	cl_program p = check_build(ctx, dev, src, "-cl-kernel-arg-info");

	/* argument kinds as clGetKernelArgInfo reports them */
	cl_kernel k = clCreateKernel(p, "q2", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel_arg_address_qualifier aq;
	cl_kernel_arg_access_qualifier acc;
	CHECK_OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof(aq), &aq, NULL));
	CHECK(aq == CL_KERNEL_ARG_ADDRESS_GLOBAL);
	CHECK_OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof(acc), &acc, NULL));
	CHECK(acc == CL_KERNEL_ARG_ACCESS_READ_ONLY);
	CHECK_OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof(acc), &acc, NULL));
	CHECK(acc == CL_KERNEL_ARG_ACCESS_NONE);
	char tn[64] = "";
	CHECK_OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_NAME, sizeof(tn), tn, NULL));
	CHECK(strcmp(tn, "image_data*") == 0);
	/* a struct by value named image_info takes its size, not a cl_mem */
	cl_int scale = 3;
	CHECK_ERR(clSetKernelArg(k, 2, sizeof(cl_mem), &scale), CL_INVALID_ARG_SIZE);
	clReleaseKernel(k);

	cl_image_format fmt = { CL_RGBA, CL_UNORM_INT8 };
	cl_image_desc d2 = { .image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = 37,
			     .image_height = 11 };
	struct image_data o;
	cl_mem im = clCreateImage(ctx, CL_MEM_READ_ONLY, &fmt, &d2, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	run(ctx, q, p, "q2", im, 3, &o);
	CHECK(o.width == 37 * 3 && o.height == 11 && o.order == CL_RGBA && o.type == CL_UNORM_INT8);
	clReleaseMemObject(im);

	cl_image_format ffmt = { CL_R, CL_FLOAT };
	im = clCreateImage(ctx, CL_MEM_WRITE_ONLY, &ffmt, &d2, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	run(ctx, q, p, "q2w", im, 0, &o);
	CHECK(o.width == 37 && o.height == 11 && o.order == CL_R && o.type == CL_FLOAT);
	clReleaseMemObject(im);

	cl_image_desc d3 = { .image_type = CL_MEM_OBJECT_IMAGE3D, .image_width = 5,
			     .image_height = 6, .image_depth = 7 };
	cl_image_format sfmt = { CL_RG, CL_SIGNED_INT16 };
	im = clCreateImage(ctx, CL_MEM_READ_ONLY, &sfmt, &d3, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	run(ctx, q, p, "q3", im, 0, &o);
	CHECK(o.width == 5 && o.height == 6 && o.depth == 7 && o.order == CL_RG &&
	      o.type == CL_SIGNED_INT16);
	clReleaseMemObject(im);

	cl_image_desc d1 = { .image_type = CL_MEM_OBJECT_IMAGE1D, .image_width = 100 };
	im = clCreateImage(ctx, CL_MEM_READ_ONLY, &fmt, &d1, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	run(ctx, q, p, "q1", im, 0, &o);
	CHECK(o.width == 100 && o.order == CL_RGBA && o.type == CL_UNORM_INT8);
	clReleaseMemObject(im);

	clReleaseProgram(p);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
