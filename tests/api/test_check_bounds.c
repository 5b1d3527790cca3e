/* Checked mode, bounds (KILN_CHECK=bounds; docs/checked_mode.md): kernels
 * with one planted out-of-bounds access each.  The message (through the
 * context's callback) names the kernel, the source line, the work-item and
 * the object with the offset and its extent; the command's event ends in
 * CL_OUT_OF_RESOURCES and a command waiting for it does not run; the
 * access did not happen (a read gave 0, a write was dropped), so guard
 * bytes around the object (the rest of the parent of a sub-buffer) are
 * intact; the work-items without a defect computed what an unchecked run
 * computes.  A kernel without defects gives its results and no message. */
#include "check.h"

#include <pthread.h>
#include <stdint.h>

static const char src[] =
	"__kernel void vload_past(__global const float *a, __global float *out)\n"
	"{\n"
	"    int i = get_global_id(0);\n"
	"    float4 v = vload4(i, a); /*L:vload_past*/\n"
	"    out[i] = v.x + v.y + v.z + v.w;\n"
	"}\n"
	"__kernel void vstore_half_past(__global half *h)\n"
	"{\n"
	"    int i = get_global_id(0);\n"
	"    vstore_half((float)i, i, h); /*L:vstore_half_past*/\n"
	"}\n"
	"__kernel void spin_wait(__global atomic_int *flag, __global int *out)\n"
	"{\n"
	"    size_t l = get_local_id(0), g = get_group_id(0);\n"
	"    if (l == 0)\n"
	"        while (atomic_load(&flag[g]) == 0)\n"
	"            ;\n"
	"    if (l == 63)\n"
	"        atomic_store(&flag[g], 1);\n"
	"    out[get_global_id(0)] = (int)l + 1;\n"
	"}\n"
	"__kernel void atomic_negative(__global int *c)\n"
	"{\n"
	"    atomic_inc(&c[(int)get_global_id(0) - 1]); /*L:atomic_negative*/\n"
	"}\n"
	"__kernel void async_in(__global const int *a, __global int *out, int n)\n"
	"{\n"
	"    __local int tile[80];\n"
	"    int l = get_local_id(0);\n"
	"    for (int k = l; k < 80; k += 16)\n"
	"        tile[k] = -7;\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    event_t e = async_work_group_copy(tile, a, (size_t)n, 0); /*L:async_in*/\n"
	"    wait_group_events(1, &e);\n"
	"    for (int k = l; k < 80; k += 16)\n"
	"        out[k] = tile[k];\n"
	"}\n"
	"__kernel void async_out(__global int *a, int n)\n"
	"{\n"
	"    __local int tile[80];\n"
	"    for (int k = get_local_id(0); k < 80; k += 16)\n"
	"        tile[k] = k + 100;\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    event_t e = async_work_group_copy(a, tile, (size_t)n, 0); /*L:async_out*/\n"
	"    wait_group_events(1, &e);\n"
	"}\n"
	"__kernel void async_strided(__global int *a, int n, int stride)\n"
	"{\n"
	"    __local int tile[80];\n"
	"    for (int k = get_local_id(0); k < 80; k += 16)\n"
	"        tile[k] = k + 100;\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    event_t e = async_work_group_strided_copy(a, tile, (size_t)n, (size_t)stride, 0); /*L:async_strided*/\n"
	"    wait_group_events(1, &e);\n"
	"}\n"
	"__kernel void async_2d(__global const int *a, __global int *out, int lines)\n"
	"{\n"
	"    __local int tile[80];\n"
	"    int l = get_local_id(0);\n"
	"    for (int k = l; k < 80; k += 16)\n"
	"        tile[k] = -7;\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    /* lines of 6 ints every 8 ints of a, packed into the tile */\n"
	"    event_t e = async_work_group_copy_2D2D(tile, 0, a, 2, sizeof(int), 6, (size_t)lines, 8, 6, 0); /*L:async_2d*/\n"
	"    wait_group_events(1, &e);\n"
	"    for (int k = l; k < 80; k += 16)\n"
	"        out[k] = tile[k];\n"
	"}\n"
	"__kernel void image_past(__write_only image2d_t img, int w)\n"
	"{\n"
	"    int i = get_global_id(0);\n"
	"    write_imagef(img, (int2)(i % (w + 1), i / (w + 1)), (float4)(i, 0, 0, 1)); /*L:image_past*/\n"
	"}\n"
	"__kernel void child_past(__global int *a, int n)\n"
	"{\n"
	"    enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(n + 1, 1), ^{\n"
	"        int i = get_global_id(0);\n"
	"        a[i] = i + 7; /*L:__child_past_block_invoke_kernel*/\n"
	"    });\n"
	"}\n"
	"__kernel void off_by_one(__global int *a, int n)\n"
	"{\n"
	"    int i = get_global_id(0);\n"
	"    if (i <= n)\n"
	"        a[i] = i + 1; /*L:off_by_one*/\n"
	"}\n"
	"__kernel void edge_store(__global int *a, int n)\n"
	"{\n"
	"    int i = get_global_id(0);\n"
	"    if (i == 0 || i >= n - 1)\n"
	"        a[i] = -1; /*L:edge_store*/\n"
	"    else\n"
	"        a[i] = 3 * i;\n"
	"}\n"
	"__kernel void negative(__global const int *a, __global int *b)\n"
	"{\n"
	"    int i = get_global_id(0);\n"
	"    b[i] = 10 + a[i - 1]; /*L:negative*/\n"
	"}\n"
	"__kernel void local_overflow(__global int *out)\n"
	"{\n"
	"    __local int tile[16];\n"
	"    int l = get_local_id(0);\n"
	"    tile[l] = l * 3;\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    out[get_global_id(0)] = 1 + tile[l + (get_global_id(0) == 31)]; /*L:local_overflow*/\n"
	"}\n"
	"__kernel void local_arg(__global int *out, __local int *scratch)\n"
	"{\n"
	"    int l = get_local_id(0);\n"
	"    scratch[l + (get_global_id(0) == 9 ? 16 : 0)] = l; /*L:local_arg*/\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"    out[get_global_id(0)] = scratch[l];\n"
	"}\n"
	"__kernel void private_overrun(__global int *out)\n"
	"{\n"
	"    int p[4];\n"
	"    int g = get_global_id(0);\n"
	"    for (int k = 0; k < 4; k++)\n"
	"        p[k] = g * 10 + k;\n"
	"    out[g] = 7 + p[g == 5 ? 4 : (g & 3)]; /*L:private_overrun*/\n"
	"}\n"
	"__kernel void svm_past(__global int *p)\n"
	"{\n"
	"    int i = get_global_id(0);\n"
	"    p[i] = 2 * i; /*L:svm_past*/\n"
	"}\n"
	"__kernel void svm_chain(__global int *__global *pp)\n"
	"{\n"
	"    __global int *p = pp[0];\n"
	"    int i = get_global_id(0);\n"
	"    p[i] = 3 * i; /*L:svm_chain*/\n"
	"}\n"
	"__constant int table[4] = { 5, 6, 7, 8 };\n"
	"__kernel void constant_read(__global int *out)\n"
	"{\n"
	"    int i = get_global_id(0);\n"
	"    out[i] = table[i]; /*L:constant_read*/\n"
	"}\n"
	"__kernel void clean(__global const float *a, __global float *b)\n"
	"{\n"
	"    int i = get_global_id(0);\n"
	"    b[i] = a[i] * 2.0f + 1.0f;\n"
	"}\n";

#include "checked_messages.h"

#define N 64
#define GUARD 0x5a5a5a5a

/* A parent of 3N ints whose middle N are the sub-buffer the kernel gets;
 * the outer thirds are guard words. */
static cl_mem parent_with_guards(cl_mem *sub, const int *middle)
{
	int init[3 * N];
	for (int i = 0; i < 3 * N; i++)
		init[i] = GUARD;
	for (int i = 0; i < N && middle; i++)
		init[N + i] = middle[i];
	cl_int err;
	cl_mem parent = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
				       sizeof(init), init, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_buffer_region r = { N * sizeof(int), N * sizeof(int) };
	*sub = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
	REQUIRE(err == CL_SUCCESS);
	return parent;
}

static void guards_intact(cl_mem parent, int *middle_out)
{
	int all[3 * N];
	CHECK_OK(clEnqueueReadBuffer(q, parent, CL_TRUE, 0, sizeof(all), all, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += all[i] != GUARD || all[2 * N + i] != GUARD;
	CHECK(bad == 0);
	if (middle_out)
		memcpy(middle_out, all + N, N * sizeof(int));
}

/* The kernel of a test, the sub-buffer it ran on and its guarded parent. */
static void release_with_guards(cl_kernel k, cl_mem sub, cl_mem parent)
{
	clReleaseKernel(k);
	clReleaseMemObject(sub);
	clReleaseMemObject(parent);
}

/* How many of the n ints at got differ from want. */
static int mismatches(const int *got, const int *want, int n)
{
	int wrong = 0;
	for (int i = 0; i < n; i++)
		wrong += got[i] != want[i];
	return wrong;
}

static void test_off_by_one(void)
{
	cl_int err, n = N;
	cl_mem sub, parent = parent_with_guards(&sub, NULL);
	cl_kernel k = clCreateKernel(prog, "off_by_one", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(sub), &sub));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(n), &n));
	clear_messages();
	run(k, N + 1, N + 1, 0); /* one group: every other work-item ran */
	int mid[N];
	guards_intact(parent, mid);
	int wrong = 0;
	for (int i = 0; i < N; i++)
		wrong += mid[i] != i + 1;
	CHECK(wrong == 0);
	const char *parts[] = { "global (64, 0, 0)", "local (64, 0, 0)", "argument 0 \"a\"",
				"write of 4 bytes at offset 256", "(256 bytes)" };
	expect_message("off_by_one", parts, 5);
	release_with_guards(k, sub, parent);
}

/* The same address stored on both sides of an if/else, one past the end
 * in the last work-item (kiln-check-sink-stores makes the two stores one
 * before the checks): the write is dropped, the guards around the
 * sub-buffer are intact, and the message names the line of the first of
 * the two stores in the source. */
static void test_edge_store(void)
{
	cl_int err, n = N;
	cl_mem sub, parent = parent_with_guards(&sub, NULL);
	cl_kernel k = clCreateKernel(prog, "edge_store", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(sub), &sub));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(n), &n));
	clear_messages();
	run(k, N + 1, N + 1, 0);
	int mid[N];
	guards_intact(parent, mid);
	int wrong = 0;
	for (int i = 0; i < N; i++)
		wrong += mid[i] != (i == 0 || i >= N - 1 ? -1 : 3 * i);
	CHECK(wrong == 0);
	const char *parts[] = { "global (64, 0, 0)", "argument 0 \"a\"",
				"write of 4 bytes at offset 256", "(256 bytes)" };
	expect_message("edge_store", parts, 4);
	release_with_guards(k, sub, parent);
}

/* Built-ins that reach memory through a pointer (check_builtins.cpp):
 * vload4 one float4 past a sub-buffer, vstore_half one half past it,
 * atomic_inc one int before it.  Each bad access is skipped (vload4 gives
 * zeros), the guard words around the sub-buffer are intact. */
static void test_builtins(void)
{
	cl_int err;
	float in[N];
	for (int i = 0; i < N; i++)
		in[i] = (float)i;
	cl_mem sub, parent = parent_with_guards(&sub, (const int *)in);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (N / 4 + 1) * sizeof(float), NULL,
				    &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = clCreateKernel(prog, "vload_past", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(sub), &sub));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(out), &out));
	clear_messages();
	run(k, N / 4 + 1, N / 4 + 1, 0);
	guards_intact(parent, NULL);
	float res[N / 4 + 1];
	CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
	for (int i = 0; i < N / 4; i++)
		CHECK(res[i] == (float)(16 * i + 6));
	CHECK(res[N / 4] == 0.0f);
	const char *vl[] = { "global (16, 0, 0)", "argument 0 \"a\"",
			     "read of 16 bytes at offset 256", "(256 bytes)" };
	expect_message("vload_past", vl, 4);
	clReleaseMemObject(out);
	release_with_guards(k, sub, parent);

	/* (vstore_half and half pointers need no cl_khr_fp16, §6.15.11) */
	parent = parent_with_guards(&sub, NULL);
	k = clCreateKernel(prog, "vstore_half_past", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(sub), &sub));
	clear_messages();
	run(k, 2 * N + 1, 2 * N + 1, 0);
	int mid[N];
	guards_intact(parent, mid);
	uint16_t halves[2 * N];
	memcpy(halves, mid, sizeof(halves));
	CHECK(halves[0] == 0x0000 && halves[1] == 0x3c00 && halves[2] == 0x4000);
	const char *vs[] = { "global (128, 0, 0)", "argument 0 \"h\"",
			     "write of 2 bytes at offset 256", "(256 bytes)" };
	expect_message("vstore_half_past", vs, 4);
	release_with_guards(k, sub, parent);

	int zero[N] = { 0 };
	parent = parent_with_guards(&sub, zero);
	k = clCreateKernel(prog, "atomic_negative", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(sub), &sub));
	clear_messages();
	run(k, N, N, 0);
	guards_intact(parent, mid);
	for (int i = 0; i < N - 1; i++)
		CHECK(mid[i] == 1);
	CHECK(mid[N - 1] == 0);
	const char *at[] = { "global (0, 0, 0)", "argument 0 \"c\"",
			     "write of 4 bytes at offset -4", "(256 bytes)" };
	expect_message("atomic_negative", at, 4);
	release_with_guards(k, sub, parent);
}

/* Work-item 0 of each group waits for work-item 63's atomic store: the
 * guard around the built-ins (check_builtins.cpp) must leave the wait
 * recognisable (atomic_loops.cpp), so that the group runs as fibers and
 * finishes, with its results and no message. */
/* Async copies (OpenCL C 3.0 §6.15.13, cl_khr_extended_async_copies):
 * a copy whose source or destination runs past a sub-buffer does not
 * happen at all; one within it runs as unchecked, with no message. */
static void async_in_case(const char *name, cl_int n, int clean, const int *want)
{
	cl_int err;
	int in[N];
	for (int i = 0; i < N; i++)
		in[i] = 3 * i + 1;
	cl_mem sub, parent = parent_with_guards(&sub, in);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 80 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = clCreateKernel(prog, name, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(sub), &sub));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(out), &out));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(n), &n));
	clear_messages();
	run(k, 16, 16, clean);
	guards_intact(parent, NULL);
	int res[80];
	CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
	CHECK(mismatches(res, want, 80) == 0);
	if (clean)
		CHECK(messages[0] == 0);
	clReleaseMemObject(out);
	release_with_guards(k, sub, parent);
}

/* async_out or async_strided into the sub-buffer; `want` its contents
 * after. */
static void async_out_case(const char *name, cl_int n, cl_int stride, int clean,
			   const int *want)
{
	cl_int err;
	cl_mem sub, parent = parent_with_guards(&sub, NULL);
	cl_kernel k = clCreateKernel(prog, name, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(sub), &sub));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(n), &n));
	if (stride)
		CHECK_OK(clSetKernelArg(k, 2, sizeof(stride), &stride));
	clear_messages();
	run(k, 16, 16, clean);
	int mid[N];
	guards_intact(parent, mid);
	CHECK(mismatches(mid, want, N) == 0);
	if (clean)
		CHECK(messages[0] == 0);
	release_with_guards(k, sub, parent);
}

static void test_async_copies(void)
{
	int want[80];
	/* into __local: all N ints, then one past the end (not copied) */
	for (int i = 0; i < 80; i++)
		want[i] = i < N ? 3 * i + 1 : -7;
	async_in_case("async_in", N, 1, want);
	for (int i = 0; i < 80; i++)
		want[i] = -7;
	async_in_case("async_in", N + 1, 0, want);
	const char *in[] = { "local (0, 0, 0)", "argument 0 \"a\"",
			     "read of 4 bytes at offset 256", "(256 bytes)" };
	expect_message("async_in", in, 4);
	/* 2D: 7 lines of 6 from a[2 + 8 * line] fit (the last ends at
	 * int 55), 8 lines would end at int 63 and do, 9 lines not: the
	 * last byte of the source is then byte 287 */
	for (int i = 0; i < 80; i++)
		want[i] = i < 48 ? 3 * (2 + 8 * (i / 6) + i % 6) + 1 : -7;
	async_in_case("async_2d", 8, 1, want);
	for (int i = 0; i < 80; i++)
		want[i] = -7;
	async_in_case("async_2d", 9, 0, want);
	const char *in2[] = { "argument 0 \"a\"", "read of 1 byte at offset 287",
			      "(256 bytes)" };
	expect_message("async_2d", in2, 3);

	/* out of __local: N ints fill the sub-buffer; N + 1 would write one
	 * past it: nothing is written, the guards are intact */
	int mid[N];
	for (int i = 0; i < N; i++)
		mid[i] = i + 100;
	async_out_case("async_out", N, 0, 1, mid);
	for (int i = 0; i < N; i++)
		mid[i] = GUARD;
	async_out_case("async_out", N + 1, 0, 0, mid);
	const char *out[] = { "argument 0 \"a\"", "write of 4 bytes at offset 256",
			      "(256 bytes)" };
	expect_message("async_out", out, 3);
	/* strided: 16 ints every 4th int reach int 60; 17 would reach 64 */
	for (int i = 0; i < N; i++)
		mid[i] = i % 4 == 0 ? i / 4 + 100 : GUARD;
	async_out_case("async_strided", 16, 4, 1, mid);
	for (int i = 0; i < N; i++)
		mid[i] = GUARD;
	async_out_case("async_strided", 17, 4, 0, mid);
	expect_message("async_strided", out, 3);
}

/* write_imagef one column past the right edge of a 16 x 4 image in every
 * row: kernel-lib drops those writes (as it does unchecked); checked mode
 * names the first, with the texel and the image's size.  The image holds
 * exactly the writes inside it. */
static void test_image_write(void)
{
	enum { W = 16, H = 4 };
	cl_int err, w = W;
	cl_image_format fmt = { CL_RGBA, CL_FLOAT };
	cl_image_desc desc = { .image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = W,
			       .image_height = H };
	static float px[H][W][4];
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			px[y][x][0] = -1.0f;
	cl_mem img = clCreateImage(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &fmt, &desc,
				   px, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = clCreateKernel(prog, "image_past", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(img), &img));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(w), &w));
	clear_messages();
	run(k, (W + 1) * H, (W + 1) * H, 0);
	size_t origin[3] = { 0, 0, 0 }, region[3] = { W, H, 1 };
	CHECK_OK(clEnqueueReadImage(q, img, CL_TRUE, origin, region, 0, 0, px, 0, NULL, NULL));
	int wrong = 0;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			wrong += px[y][x][0] != (float)(y * (W + 1) + x) || px[y][x][3] != 1.0f;
	CHECK(wrong == 0);
	const char *parts[] = { "global (16, 0, 0)", "write of the texel at (16, 0) of argument 0 \"img\"",
				"outside the image (16 x 4)" };
	expect_message("image_past", parts, 3);
	clReleaseKernel(k);
	clReleaseMemObject(img);
}

/* A child kernel (device-side enqueue) storing one int past the buffer
 * its parent captured: the child's table knows the parent's arguments,
 * so the store through the pointer read from the block literal is
 * checked against that buffer and dropped; the parent's event ends in
 * the child's error (OpenCL C 3.0 §6.15.15). */
static void test_child(void)
{
	cl_int err, n = N;
	cl_queue_properties props[] = { CL_QUEUE_PROPERTIES,
					CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
						CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT,
					0 };
	cl_command_queue dq = clCreateCommandQueueWithProperties(ctx, dev, props, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem sub, parent = parent_with_guards(&sub, NULL);
	cl_kernel k = clCreateKernel(prog, "child_past", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(sub), &sub));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(n), &n));
	clear_messages();
	run(k, 1, 1, 0);
	int mid[N];
	guards_intact(parent, mid);
	int wrong = 0;
	for (int i = 0; i < N; i++)
		wrong += mid[i] != i + 7;
	CHECK(wrong == 0);
	const char *parts[] = { "global (64, 0, 0)",
				"write of 4 bytes through a pointer read from memory, at offset 256",
				"an object the enqueuing kernel received as an argument (256 bytes)" };
	/* the child's kernel is the block's (Clang's name for it) */
	expect_message("__child_past_block_invoke_kernel", parts, 3);
	release_with_guards(k, sub, parent);
	clReleaseCommandQueue(dq);
}

static void test_spin_wait(void)
{
	cl_int err;
	int zero[4] = { 0 };
	cl_mem flag = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(zero),
				     zero, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 256 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = clCreateKernel(prog, "spin_wait", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(flag), &flag));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(out), &out));
	clear_messages();
	run(k, 256, 64, 1);
	int r[256], bad = 0;
	CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(r), r, 0, NULL, NULL));
	for (int i = 0; i < 256; i++)
		bad += r[i] != i % 64 + 1;
	CHECK(bad == 0);
	pthread_mutex_lock(&msg_lock);
	CHECK(messages[0] == 0);
	pthread_mutex_unlock(&msg_lock);
	clReleaseKernel(k);
	clReleaseMemObject(flag);
	clReleaseMemObject(out);
}

static void test_negative(void)
{
	cl_int err;
	int in[N];
	for (int i = 0; i < N; i++)
		in[i] = 100 + i;
	cl_mem sub, parent = parent_with_guards(&sub, in);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = clCreateKernel(prog, "negative", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(sub), &sub));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(out), &out));
	clear_messages();
	run(k, N, 16, 0);
	guards_intact(parent, NULL);
	int res[N];
	CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
	/* work-item 0 read nothing (0, not the guard word before the
	 * sub-buffer); the others' groups may not have run: the command
	 * failed, so only work-item 0's group is certain */
	CHECK(res[0] == 10);
	for (int i = 1; i < 16; i++)
		CHECK(res[i] == 10 + 100 + i - 1);
	const char *parts[] = { "global (0, 0, 0)", "argument 0 \"a\"",
				"read of 4 bytes at offset -4", "(256 bytes)" };
	expect_message("negative", parts, 4);
	clReleaseMemObject(out);
	release_with_guards(k, sub, parent);
}

static void test_local(void)
{
	cl_int err;
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 32 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = clCreateKernel(prog, "local_overflow", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(out), &out));
	clear_messages();
	run(k, 32, 16, 0);
	int res[32];
	CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
	/* global 31 (local 15 of group 1) reads tile[16]: 0 */
	for (int g = 16; g < 32; g++) /* the group that ran for sure */
		CHECK(res[g] == (g == 31 ? 1 : 1 + 3 * (g % 16)));
	const char *parts[] = { "global (31, 0, 0)", "local (15, 0, 0)",
				"__local variable \"tile\"", "read of 4 bytes at offset 64",
				"(64 bytes)" };
	expect_message("local_overflow", parts, 5);
	clReleaseKernel(k);
	clReleaseMemObject(out);
}

static void test_local_arg(void)
{
	cl_int err;
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 32 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = clCreateKernel(prog, "local_arg", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(out), &out));
	CHECK_OK(clSetKernelArg(k, 1, 16 * sizeof(int), NULL));
	clear_messages();
	run(k, 32, 16, 0);
	const char *parts[] = { "global (9, 0, 0)", "local (9, 0, 0)",
				"argument 1 \"scratch\"", "write of 4 bytes at offset 100",
				"(64 bytes)" };
	expect_message("local_arg", parts, 5);
	clReleaseKernel(k);
	clReleaseMemObject(out);
}

static void test_private(void)
{
	cl_int err;
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 8 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = clCreateKernel(prog, "private_overrun", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(out), &out));
	clear_messages();
	run(k, 8, 8, 0);
	int res[8];
	CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
	for (int g = 0; g < 8; g++)
		CHECK(res[g] == (g == 5 ? 7 : 7 + g * 10 + (g & 3)));
	const char *parts[] = { "global (5, 0, 0)", "private array \"p\"",
				"read of 4 bytes at offset 16", "(16 bytes)" };
	expect_message("private_overrun", parts, 4);
	clReleaseKernel(k);
	clReleaseMemObject(out);
}

static void test_svm(void)
{
	cl_device_svm_capabilities caps = 0;
	clGetDeviceInfo(dev, CL_DEVICE_SVM_CAPABILITIES, sizeof(caps), &caps, NULL);
	if (!(caps & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER))
		return;
	cl_int err;
	/* three allocations in a row: the middle one is the kernel's */
	int *p = clSVMAlloc(ctx, CL_MEM_READ_WRITE, 16 * sizeof(int), 0);
	int *after = clSVMAlloc(ctx, CL_MEM_READ_WRITE, 16 * sizeof(int), 0);
	REQUIRE(p && after);
	CHECK_OK(clEnqueueSVMMemFill(q, after, &(int){ GUARD }, sizeof(int), 16 * sizeof(int),
				     0, NULL, NULL));
	cl_kernel k = clCreateKernel(prog, "svm_past", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArgSVMPointer(k, 0, p + 8));
	clear_messages();
	run(k, 9, 9, 0);
	CHECK_OK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, p, 16 * sizeof(int), 0, NULL, NULL));
	int wrong = 0;
	for (int i = 0; i < 8; i++)
		wrong += p[8 + i] != 2 * i;
	CHECK(wrong == 0);
	CHECK_OK(clEnqueueSVMUnmap(q, p, 0, NULL, NULL));
	CHECK_OK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, after, 16 * sizeof(int), 0, NULL, NULL));
	wrong = 0;
	for (int i = 0; i < 16; i++)
		wrong += after[i] != GUARD;
	CHECK(wrong == 0);
	CHECK_OK(clEnqueueSVMUnmap(q, after, 0, NULL, NULL));
	/* the argument points 32 bytes into a 64-byte allocation */
	const char *parts[] = { "global (8, 0, 0)", "argument 0 \"p\"",
				"write of 4 bytes at offset 64", "(64 bytes)" };
	expect_message("svm_past", parts, 4);
	clReleaseKernel(k);

	/* the same through a pointer the kernel reads from memory */
	int **pp = clSVMAlloc(ctx, CL_MEM_READ_WRITE, sizeof(int *), 0);
	REQUIRE(pp);
	CHECK_OK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_WRITE, pp, sizeof(int *), 0, NULL, NULL));
	*pp = p;
	CHECK_OK(clEnqueueSVMUnmap(q, pp, 0, NULL, NULL));
	k = clCreateKernel(prog, "svm_chain", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArgSVMPointer(k, 0, pp));
	void *ind[] = { p };
	CHECK_OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(ind), ind));
	clear_messages();
	run(k, 17, 17, 0);
	CHECK_OK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, after, 16 * sizeof(int), 0, NULL, NULL));
	wrong = 0;
	for (int i = 0; i < 16; i++)
		wrong += after[i] != GUARD;
	CHECK(wrong == 0);
	CHECK_OK(clEnqueueSVMUnmap(q, after, 0, NULL, NULL));
	const char *parts2[] = { "global (16, 0, 0)", "through a pointer read from memory",
				 "at offset 64 of an SVM allocation (64 bytes)" };
	expect_message("svm_chain", parts2, 3);
	clReleaseKernel(k);
	clSVMFree(ctx, pp);
	clSVMFree(ctx, after);
	clSVMFree(ctx, p);
}

static void test_constant(void)
{
	cl_int err;
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 5 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = clCreateKernel(prog, "constant_read", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(out), &out));
	clear_messages();
	run(k, 5, 5, 0);
	int res[5];
	CHECK_OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
	for (int i = 0; i < 5; i++)
		CHECK(res[i] == (i < 4 ? 5 + i : 0));
	const char *parts[] = { "global (4, 0, 0)", "__constant variable \"table\"",
				"read of 4 bytes at offset 16", "(16 bytes)" };
	expect_message("constant_read", parts, 4);
	clReleaseKernel(k);
	clReleaseMemObject(out);
}

static void test_clean(void)
{
	enum { M = 4099 };
	static float a[M], b[M];
	for (int i = 0; i < M; i++)
		a[i] = (float)i * 0.5f;
	cl_int err;
	cl_mem ba = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(a), a,
				   &err);
	cl_mem bb = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(b), NULL, &err);
	cl_kernel k = clCreateKernel(prog, "clean", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(ba), &ba));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bb), &bb));
	clear_messages();
	run(k, M, 0, 1);
	CHECK_OK(clEnqueueReadBuffer(q, bb, CL_TRUE, 0, sizeof(b), b, 0, NULL, NULL));
	int wrong = 0;
	for (int i = 0; i < M; i++)
		wrong += b[i] != a[i] * 2.0f + 1.0f;
	CHECK(wrong == 0);
	CHECK(messages[0] == 0);
	clReleaseKernel(k);
	clReleaseMemObject(ba);
	clReleaseMemObject(bb);
}

int main(void)
{
	/* before the first OpenCL call: Kiln reads KILN_CHECK once */
	setenv("KILN_CHECK", "bounds", 1);
	cl_platform_id plat;
	check_get_device(&plat, &dev);
	cl_int err;
	ctx = clCreateContext(NULL, 1, &dev, notify, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	prog = check_build(ctx, dev, src, "-cl-std=CL2.0");

	test_clean();
	test_off_by_one();
	test_edge_store();
	test_negative();
	test_builtins();
	test_async_copies();
	test_image_write();
	test_child();
	test_spin_wait();
	test_local();
	test_local_arg();
	test_private();
	test_svm();
	test_constant();
	test_clean();

	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
