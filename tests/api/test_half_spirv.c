/* half in SPIR-V kernels (cl_khr_fp16 through clCreateProgramWithIL): the
 * module made from tests/api/half_spirv.cl by clang -target spir64 and
 * llvm-spirv 15 (16-bit float type, half buffers, a half kernel argument,
 * the OpenCL.std mad, sqrt, fmax, vloadn and vstoren of half, half
 * conversions with rounding modes and saturation).  Results against host
 * references computed with GCC's _Float16 (each operation exact in double,
 * then rounded once). */
#include "builtin_harness.h"

#include <math.h>
#include <stdint.h>

#ifndef KILN_TEST_SPV
#error "KILN_TEST_SPV must name the SPIR-V module (tests/CMakeLists.txt)"
#endif

enum { N = 4096 };

static double h2d(uint16_t h)
{
	_Float16 f;
	memcpy(&f, &h, 2);
	return (double)f;
}

static uint16_t d2h(double d) /* rounds to nearest even (libgcc) */
{
	_Float16 f = (_Float16)d;
	uint16_t h;
	memcpy(&h, &f, 2);
	return h;
}

static int same(uint16_t a, uint16_t b)
{
	return a == b || (isnan(h2d(a)) && isnan(h2d(b)));
}

static cl_kernel kernel_of(cl_program p, const char *name)
{
	cl_int err;
	cl_kernel k = clCreateKernel(p, name, &err);
	CHECK_OK(err);
	REQUIRE(k);
	return k;
}

static cl_mem buffer(struct bh *h, void *host, size_t size)
{
	cl_int err;
	cl_mem m = clCreateBuffer(h->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, size,
				  host, &err);
	REQUIRE(err == CL_SUCCESS);
	return m;
}

/* runs k over n work-items with buffers m[0..nm) and reads them back */
static void run(struct bh *h, cl_kernel k, size_t n, int nm, cl_mem *m, void **host,
		size_t *size)
{
	CHECK_OK(clEnqueueNDRangeKernel(h->queue, k, 1, NULL, &n, NULL, 0, NULL, NULL));
	for (int i = 0; i < nm; i++)
		CHECK_OK(clEnqueueReadBuffer(h->queue, m[i], CL_TRUE, 0, size[i], host[i], 0,
					     NULL, NULL));
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	if (!bh_has_extension(&h, "cl_khr_fp16")) {
		printf("cl_khr_fp16 not reported\n");
		bh_release(&h);
		return check_done();
	}
	FILE *f = fopen(KILN_TEST_SPV, "rb");
	REQUIRE(f);
	static unsigned char il[1 << 16];
	size_t len = fread(il, 1, sizeof(il), f);
	fclose(f);
	cl_int err;
	cl_program p = clCreateProgramWithIL(h.context, il, len, &err);
	CHECK_OK(err);
	err = clBuildProgram(p, 1, &h.device, NULL, NULL, NULL);
	if (err != CL_SUCCESS) {
		static char log[1 << 16];
		clGetProgramBuildInfo(p, h.device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "%s\n", log);
	}
	REQUIRE(err == CL_SUCCESS);

	static uint16_t a[N], b[N], c[N], mad[N], sq[N], mx[N];
	static int nan[N];
	for (int i = 0; i < N; i++) {
		a[i] = (uint16_t)(bh_rand() >> 48);
		b[i] = (uint16_t)(bh_rand() >> 48);
		c[i] = (uint16_t)(bh_rand() >> 48);
		if (i % 4 == 0) /* ordinary magnitudes */
			a[i] = d2h((double)(i % 200) / 7.0 - 10.0);
	}
	{
		cl_kernel k = kernel_of(p, "arith");
		void *host[] = { a, b, c, mad, sq, mx, nan };
		size_t size[] = { sizeof(a), sizeof(b), sizeof(c), sizeof(mad), sizeof(sq),
				  sizeof(mx), sizeof(nan) };
		cl_mem m[7];
		for (int i = 0; i < 7; i++) {
			m[i] = buffer(&h, host[i], size[i]);
			CHECK_OK(clSetKernelArg(k, (cl_uint)i, sizeof(cl_mem), &m[i]));
		}
		run(&h, k, N, 7, m, host, size);
		int bad = 0;
		for (int i = 0; i < N; i++) {
			double x = h2d(a[i]), y = h2d(b[i]), z = h2d(c[i]);
			/* x * y + z: mad's precision is the implementation's; the
			 * result must be within one ulp of the exact value, or be
			 * the infinity or NaN the rounded forms give */
			double exact = x * y + z; /* within 2^-53 */
			double g = h2d(mad[i]);
			double ulp = ldexp(1.0, (g == 0 || !isfinite(g) ? -14 : ilogb(g) < -14 ? -14 : ilogb(g)) - 10);
			int ok_mad = isnan(exact) ? isnan(g)
				   : isinf(g) ? fabs(exact) >= 65504.0 && (g > 0) == (exact > 0)
				   : fabs(g - exact) <= ulp;
			int ok = ok_mad && same(sq[i], d2h(sqrt(x))) &&
				 same(mx[i], d2h(isnan(x) ? y : isnan(y) ? x : fmax(x, y))) &&
				 nan[i] == (isnan(x) ? 1 : 0);
			/* fmax(-0, +0): either zero */
			if (x == 0 && y == 0 && h2d(mx[i]) == 0 && ok_mad)
				ok = same(sq[i], d2h(sqrt(x))) && nan[i] == 0;
			if (!ok && bad++ < 4)
				fprintf(stderr, "arith(%a, %a, %a): mad %a sqrt %a fmax %a isnan %d\n",
					x, y, z, g, h2d(sq[i]), h2d(mx[i]), nan[i]);
		}
		CHECK(bad == 0);
		for (int i = 0; i < 7; i++)
			clReleaseMemObject(m[i]);
		clReleaseKernel(k);
	}

	static float fin[N], back[N];
	static uint16_t rtz[N], rte[N];
	static int16_t s[N];
	for (int i = 0; i < N; i++) {
		uint32_t bits = (uint32_t)bh_rand();
		memcpy(&fin[i], &bits, 4);
		if (i % 2) /* mostly in half's range */
			fin[i] = ldexpf((float)(bh_rand() % 100000) / 1000.0f, (int)(bh_rand() % 30) - 20) *
				 ((i & 2) ? -1.0f : 1.0f);
	}
	{
		cl_kernel k = kernel_of(p, "conv");
		void *host[] = { fin, rtz, rte, s, back };
		size_t size[] = { sizeof(fin), sizeof(rtz), sizeof(rte), sizeof(s), sizeof(back) };
		cl_mem m[5];
		for (int i = 0; i < 5; i++) {
			m[i] = buffer(&h, host[i], size[i]);
			CHECK_OK(clSetKernelArg(k, (cl_uint)i, sizeof(cl_mem), &m[i]));
		}
		run(&h, k, N, 5, m, host, size);
		int bad = 0;
		for (int i = 0; i < N; i++) {
			double v = fin[i];
			uint16_t want_rte = d2h(v);
			/* toward zero: the nearest, stepped back when it is farther
			 * from zero than v; 65504 past the largest half */
			uint16_t want_rtz = want_rte;
			if (!isnan(v) && fabs(h2d(want_rte)) > fabs(v))
				want_rtz = isinf(v) ? want_rte : (uint16_t)(want_rte - 1);
			if (!isnan(v) && !isinf(v) && isinf(h2d(want_rtz)))
				want_rtz = v > 0 ? 0x7bff : 0xfbff;
			double hv = h2d(d2h(fabs(v)));
			int ws = isnan(hv) ? 0 : hv > 32767 ? 32767 : (int)trunc(hv);
			int ok = same(rte[i], want_rte) && same(rtz[i], want_rtz) && s[i] == ws &&
				 (back[i] == (float)h2d(want_rte) || (isnan(back[i]) && isnan(v)));
			if (!ok && bad++ < 4)
				fprintf(stderr, "conv(%a): rte 0x%04x (0x%04x) rtz 0x%04x (0x%04x) short %d (%d)\n",
					v, rte[i], want_rte, rtz[i], want_rtz, s[i], ws);
		}
		CHECK(bad == 0);
		for (int i = 0; i < 5; i++)
			clReleaseMemObject(m[i]);
		clReleaseKernel(k);
	}

	static uint16_t vin[N], vout[N];
	for (int i = 0; i < N; i++)
		vin[i] = d2h((double)(i % 512) / 8.0 - 32.0);
	{
		cl_kernel k = kernel_of(p, "vec");
		void *host[] = { vin, vout };
		size_t size[] = { sizeof(vin), sizeof(vout) };
		cl_mem m[2] = { buffer(&h, vin, sizeof(vin)), buffer(&h, vout, sizeof(vout)) };
		CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &m[0]));
		CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &m[1]));
		run(&h, k, N / 4, 2, m, host, size);
		int bad = 0;
		for (int i = 0; i < N; i++) {
			int src = (i / 4) * 4 + 3 - i % 4;
			if (vout[i] != d2h(2 * h2d(vin[src])) && bad++ < 4)
				fprintf(stderr, "vec: element %d\n", i);
		}
		CHECK(bad == 0);
		clReleaseMemObject(m[0]);
		clReleaseMemObject(m[1]);
		clReleaseKernel(k);
	}

	/* a half kernel argument */
	{
		cl_kernel k = kernel_of(p, "scale");
		static uint16_t d[N];
		for (int i = 0; i < N; i++)
			d[i] = d2h((double)i / 16.0);
		cl_mem m = buffer(&h, d, sizeof(d));
		cl_half sc = d2h(-1.5);
		CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &m));
		CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_half), &sc));
		void *host[] = { d };
		size_t size[] = { sizeof(d) };
		run(&h, k, N, 1, &m, host, size);
		int bad = 0;
		for (int i = 0; i < N; i++)
			if (d[i] != d2h(-1.5 * h2d(d2h((double)i / 16.0))) && bad++ < 4)
				fprintf(stderr, "scale: element %d = %a\n", i, h2d(d[i]));
		CHECK(bad == 0);
		clReleaseMemObject(m);
		clReleaseKernel(k);
	}
	clReleaseProgram(p);
	bh_release(&h);
	return check_done();
}
