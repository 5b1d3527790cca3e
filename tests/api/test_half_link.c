/* cl_khr_fp16 is reported, so every built-in declared with a half type must
 * have a definition: tests/api/half_builtins_all.h (generated from Clang 15's
 * opencl-c.h by tools/gen-half-builtins-test.py) calls each of them once, in
 * kernels that are built, never run.  A built-in kernel-lib lacks fails the
 * build ("built-in function ... is not available", lib/compiler/finalize.cpp).
 * Also checked: the device's half reports (CL_DEVICE_HALF_FP_CONFIG, the
 * feature macro, vector widths) agree with each other, and a kernel that
 * converts double to half (which LLVM lowers to the __truncdfhf2 libcall)
 * loads and gives the correctly rounded result under every ISA level the
 * build was asked for (KILN_ISA in the environment picks a lower one). */
#include "builtin_harness.h"
#include "half_builtins_all.h"

#include <math.h>

static void check_reports(struct bh *h)
{
	cl_device_fp_config cfg = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_HALF_FP_CONFIG, sizeof(cfg), &cfg, NULL));
	/* cl_khr_fp16: at least round to nearest or to zero, and INF/NaN */
	CHECK((cfg & CL_FP_INF_NAN) && (cfg & CL_FP_ROUND_TO_NEAREST));
	CHECK(cfg & CL_FP_DENORM);
	CHECK(cfg & CL_FP_FMA);
	cl_uint w = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, sizeof(w), &w, NULL));
	CHECK(w >= 8);
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, sizeof(w), &w, NULL));
	CHECK(w >= 8);
	size_t n = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_OPENCL_C_FEATURES, 0, NULL, &n));
	cl_name_version *f = malloc(n);
	REQUIRE(f);
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_OPENCL_C_FEATURES, n, f, NULL));
	int found = 0;
	for (size_t i = 0; i < n / sizeof(*f); i++)
		found |= strcmp(f[i].name, "__opencl_c_fp16") == 0;
	CHECK(found);
	free(f);
}

/* Every half built-in links. */
static void check_all_link(struct bh *h, const char *std)
{
	cl_int err;
	cl_uint count = sizeof(kiln_half_builtins_src) / sizeof(kiln_half_builtins_src[0]);
	cl_program p = clCreateProgramWithSource(h->context, count, (const char **)kiln_half_builtins_src,
						 NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	err = clBuildProgram(p, 1, &h->device, std, NULL, NULL);
	if (err != CL_SUCCESS) {
		static char log[1 << 20];
		log[0] = 0;
		clGetProgramBuildInfo(p, h->device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "half built-ins (%s): build failed (%d):\n%s\n", std, err, log);
	}
	CHECK_OK(err);
	cl_uint nk = 0;
	if (err == CL_SUCCESS) {
		CHECK_OK(clCreateKernelsInProgram(p, 0, NULL, &nk));
		CHECK(nk == count - 1);
	}
	printf("%s: %d half built-in calls in %u kernels\n", std, KILN_HALF_BUILTIN_CALLS, nk);
	clReleaseProgram(p);
}

/* double -> half and half arithmetic that become libcalls on CPUs without
 * F16C; the host reference rounds the double to half by hand. */
static unsigned short host_d2h(double d)
{
	unsigned short s = signbit(d) ? 0x8000 : 0;
	double a = fabs(d);
	if (isnan(d))
		return 0x7e00;
	if (a >= 65520.0)
		return s | 0x7c00;
	int e;
	frexp(a, &e); /* a = m 2^e, m in [0.5, 1) */
	int q = e - 11 < -24 ? -24 : e - 11; /* ulp exponent */
	double m = a / ldexp(1.0, q);        /* exact */
	double r = nearbyint(m);             /* ties to even */
	unsigned v = (unsigned)r;
	if (q == -24) /* subnormal, or the first binade: the bits are v */
		return s | (unsigned short)v;
	if (v == 2048) {
		v = 1024;
		q++;
	}
	return s | (unsigned short)(((q + 25) << 10) | (v - 1024));
}

static void check_double_to_half(struct bh *h)
{
	const char *src =
		"#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
		"kernel void k(global const double *in, global half *out, global float *back)\n"
		"{ size_t i = get_global_id(0); half v = (half)in[i]; out[i] = v;\n"
		"  back[i] = (float)(v * (half)1.0f); }\n";
	enum { N = 4096 };
	static double in[N];
	static cl_half out[N];
	static float back[N];
	unsigned seed = 7;
	for (int i = 0; i < N; i++) {
		/* near half midpoints, across the whole range */
		int e = (int)(check_rand(&seed) % 44) - 28;
		double m = 1.0 + (double)(check_rand(&seed) % 2048) / 2048.0;
		double tiny = (check_rand(&seed) % 3 - 1.0) * 0x1p-40;
		in[i] = ldexp(m + tiny, e) * ((i & 1) ? -1 : 1);
	}
	cl_program p = bh_build(h, src, "-cl-std=CL3.0");
	struct bh_arg a[] = { BH_BUF(in, sizeof(in)), BH_BUF(out, sizeof(out)),
			      BH_BUF(back, sizeof(back)) };
	bh_run(h, p, "k", N, 0, 3, a);
	int bad = 0;
	for (int i = 0; i < N; i++) {
		unsigned short want = host_d2h(in[i]);
		if (out[i] != want && bad++ < 5)
			fprintf(stderr, "(half)%a = 0x%04x, want 0x%04x\n", in[i], out[i], want);
	}
	CHECK(bad == 0);
	clReleaseProgram(p);
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
	check_reports(&h);
	check_double_to_half(&h);
	check_all_link(&h, "-cl-std=CL3.0");
	bh_release(&h);
	return check_done();
}
