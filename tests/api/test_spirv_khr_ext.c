/* SPIR-V extensions through clCreateProgramWithIL (modules made from
 * tests/api/spirv_khr_ext.ll and spirv_khr_ext_b.ll by llvm-spirv as
 * SPIR-V 1.3, so that each feature travels as its extension):
 * cl_khr_spirv_no_integer_wrap_decoration (NoSignedWrap/NoUnsignedWrap),
 * cl_khr_expect_assume (OpExpectKHR, OpAssumeTrueKHR) and
 * cl_khr_spirv_linkonce_odr (a LinkOnceODR helper; two compiled programs
 * that both define it link into one), cl_khr_integer_dot_product
 * (OpSDotKHR, OpUDotKHR, OpSUDotKHR and the AccSat forms) and
 * cl_khr_extended_bit_ops (OpBitReverse, OpBitFieldInsert, OpBitField
 * SExtract/UExtract) and cl_khr_work_group_uniform_arithmetic
 * (OpGroupIMulKHR; a bitwise scan under the name the translator reads
 * OpGroupBitwiseAndKHR back as).  Results against host arithmetic. */
#include "check.h"

#include <stdint.h>

#define N 512

static unsigned char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	REQUIRE(f);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	unsigned char *buf = malloc((size_t)n);
	REQUIRE(buf && fread(buf, 1, (size_t)n, f) == (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static cl_program from_il(cl_context ctx, const char *path)
{
	size_t len;
	unsigned char *il = read_file(path, &len);
	cl_int err;
	cl_program p = clCreateProgramWithIL(ctx, il, len, &err);
	CHECK_OK(err);
	REQUIRE(p);
	free(il);
	return p;
}

static void run(cl_context ctx, cl_command_queue q, cl_program p, const char *name,
		const cl_int *a, cl_int *o, size_t n_out)
{
	cl_int err;
	cl_kernel k = clCreateKernel(p, name, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem ba = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, N * sizeof(cl_int), (void *)a, &err);
	cl_mem bo = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n_out * sizeof(cl_int), NULL, &err);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(ba), &ba));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bo), &bo));
	size_t g = N;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, bo, CL_TRUE, 0, n_out * sizeof(cl_int), o, 0, NULL, NULL));
	clReleaseMemObject(ba);
	clReleaseMemObject(bo);
	clReleaseKernel(k);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	check_setup(&platform, &dev, &ctx, &q);
	char ext[4096] = "";
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(ext), ext, NULL));
	CHECK(check_has_word(ext, "cl_khr_spirv_no_integer_wrap_decoration"));
	CHECK(check_has_word(ext, "cl_khr_spirv_linkonce_odr"));
	CHECK(check_has_word(ext, "cl_khr_expect_assume"));

	cl_int err;
	static cl_int a[N], o[4 * N], o2[N];
	for (int i = 0; i < N; i++)
		a[i] = i % 3 == 0 ? -i * 7 : i * 1001;

	/* Built on its own. */
	cl_program p = from_il(ctx, KILN_TEST_SPV);
	err = clBuildProgram(p, 1, &dev, "", NULL, NULL);
	if (err != CL_SUCCESS) {
		static char log[1 << 16];
		clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "build log:\n%s\n", log);
	}
	REQUIRE(err == CL_SUCCESS);
	run(ctx, q, p, "k", a, o, 4 * N);
	for (int i = 0; i < N; i++) {
		int x = a[i], xu = x & 1048575;
		CHECK(o[4 * i] == 3 * x + 5);
		CHECK(o[4 * i + 1] == 3 * xu);
		CHECK(o[4 * i + 2] == (x > 0 ? x + 1 : 0));
		CHECK(o[4 * i + 3] == 2 * x);
	}

	/* Dot products and bit instructions, edge and random bytes. */
	static cl_char da[N][4], db[N][4];
	static cl_int dc[N], dout[10 * N];
	static const cl_char edge[] = { 0, 1, -1, 127, -128, -127, 64, -2 };
	unsigned s = 7;
	for (int i = 0; i < N; i++) {
		for (int j = 0; j < 4; j++) {
			da[i][j] = i < 64 ? edge[(i >> (j % 2 ? 3 : 0)) & 7] : (cl_char)check_rand(&s);
			db[i][j] = i < 64 ? edge[(i >> (j % 2 ? 0 : 3)) & 7] : (cl_char)check_rand(&s);
		}
		static const cl_int accs[] = { 0, 1, -1, INT32_MAX, INT32_MIN, INT32_MAX - 100,
					       INT32_MIN + 100, 0x7fff0000 };
		dc[i] = i % 2 ? accs[(i / 2) % 8] : (cl_int)(check_rand(&s) * 2654435761u);
	}
	cl_kernel kd = clCreateKernel(p, "dots", &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem bd[4];
	void *dh[4] = { da, db, dc, dout };
	size_t dsz[4] = { sizeof(da), sizeof(db), sizeof(dc), sizeof(dout) };
	for (int i = 0; i < 4; i++) {
		bd[i] = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, dsz[i], dh[i], &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK_OK(clSetKernelArg(kd, (cl_uint)i, sizeof(cl_mem), &bd[i]));
	}
	size_t g = N;
	CHECK_OK(clEnqueueNDRangeKernel(q, kd, 1, NULL, &g, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, bd[3], CL_TRUE, 0, sizeof(dout), dout, 0, NULL, NULL));
	for (int i = 0; i < N; i++) {
		int64_t ss = 0, uu = 0, su = 0;
		for (int j = 0; j < 4; j++) {
			ss += (int64_t)da[i][j] * db[i][j];
			uu += (int64_t)(uint8_t)da[i][j] * (uint8_t)db[i][j];
			su += (int64_t)da[i][j] * (uint8_t)db[i][j];
		}
		int64_t acc = dc[i];
		uint64_t uacc = (uint32_t)dc[i];
#define SAT_I(v) ((v) > INT32_MAX ? INT32_MAX : (v) < INT32_MIN ? INT32_MIN : (v))
		uint32_t x = (uint32_t)dc[i], xi;
		memcpy(&xi, da[i], 4);
		uint32_t rev = 0;
		for (int b = 0; b < 32; b++)
			rev |= ((x >> b) & 1u) << (31 - b);
		uint32_t m = 0x1ffu << 4;
		uint32_t ins = (x & ~m) | ((xi << 4) & m);
		int32_t sx = (int32_t)((x >> 3) & 0x7f);
		if (sx & 0x40)
			sx -= 0x80;
		uint32_t ux = (x >> 5) & 0x7ff;
		cl_int want[10] = { (cl_int)ss, (cl_int)uu, (cl_int)su,
				    (cl_int)SAT_I(acc + ss),
				    (cl_int)(uint32_t)(uacc + uu > UINT32_MAX ? UINT32_MAX : uacc + uu),
				    (cl_int)SAT_I(acc + su), (cl_int)rev, (cl_int)ins, sx, (cl_int)ux };
		for (int k = 0; k < 10; k++) {
			CHECK(dout[10 * i + k] == want[k]);
			if (dout[10 * i + k] != want[k])
				fprintf(stderr, "dots item %d result %d: %d, expected %d\n", i, k,
					dout[10 * i + k], want[k]);
		}
	}
	for (int i = 0; i < 4; i++)
		clReleaseMemObject(bd[i]);
	clReleaseKernel(kd);

	/* OpGroupIMulKHR and the bitwise-and scan, groups of 64, where the
	 * device lists cl_khr_work_group_uniform_arithmetic (a build with
	 * F_KHR_UNLISTED, lib/devices/host_describe.c). */
	if (!check_has_word(ext, "cl_khr_work_group_uniform_arithmetic"))
		goto linking;
	cl_kernel kw = clCreateKernel(p, "wgu", &err);
	REQUIRE(err == CL_SUCCESS);
	static cl_uint wc[N], wo[2 * N];
	for (int i = 0; i < N; i++)
		wc[i] = i % 64 == 5 ? 0xfffff7ffu : (check_rand(&s) | 1u) | 0xffff0000u;
	cl_mem bw[2];
	bw[0] = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(wc), wc, &err);
	bw[1] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(wo), NULL, &err);
	CHECK_OK(clSetKernelArg(kw, 0, sizeof(cl_mem), &bw[0]));
	CHECK_OK(clSetKernelArg(kw, 1, sizeof(cl_mem), &bw[1]));
	size_t l = 64;
	CHECK_OK(clEnqueueNDRangeKernel(q, kw, 1, NULL, &g, &l, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, bw[1], CL_TRUE, 0, sizeof(wo), wo, 0, NULL, NULL));
	for (int g0 = 0; g0 < N; g0 += 64) {
		cl_uint prod = 1, and = ~0u;
		for (int i = g0; i < g0 + 64; i++)
			prod *= wc[i];
		for (int i = g0; i < g0 + 64; i++) {
			and &= wc[i];
			CHECK(wo[2 * i] == prod);
			CHECK(wo[2 * i + 1] == and);
		}
	}
	clReleaseMemObject(bw[0]);
	clReleaseMemObject(bw[1]);
	clReleaseKernel(kw);
linking:
	clReleaseProgram(p);

	/* Two compiled programs with the same LinkOnceODR helper, linked. */
	cl_program pa = from_il(ctx, KILN_TEST_SPV), pb = from_il(ctx, KILN_TEST_SPV_B);
	CHECK_OK(clCompileProgram(pa, 1, &dev, "", 0, NULL, NULL, NULL, NULL));
	CHECK_OK(clCompileProgram(pb, 1, &dev, "", 0, NULL, NULL, NULL, NULL));
	cl_program both[2] = { pa, pb };
	cl_program linked = clLinkProgram(ctx, 1, &dev, "", 2, both, NULL, NULL, &err);
	CHECK_OK(err);
	if (linked) {
		memset(o, 0, sizeof(o));
		run(ctx, q, linked, "k", a, o, 4 * N);
		run(ctx, q, linked, "k2", a, o2, N);
		for (int i = 0; i < N; i++) {
			CHECK(o[4 * i] == 3 * a[i] + 5);
			CHECK(o2[i] == 3 * a[i] - 1);
		}
		clReleaseProgram(linked);
	}
	clReleaseProgram(pa);
	clReleaseProgram(pb);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
