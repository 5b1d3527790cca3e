/* cl_khr_integer_dot_product: every built-in (dot and dot_acc_sat of
 * uchar4/char4 in the four signedness combinations, and the eight packed
 * forms) against host integer arithmetic in 64 bits, over every
 * combination of the edge bytes 0, 1, 0x40, 0x7f, 0x80, 0x81, 0xfe, 0xff
 * (each as a and as b) with edge accumulators (0, +-1, the limits and
 * their neighbours, and values a dot product pushes across a limit), then
 * random inputs; built as OpenCL C 1.2 and 3.0.  Also the device queries:
 * capabilities, acceleration properties, the feature macros and the
 * extension's version. */
#include "builtin_harness.h"

#include <limits.h>
#include <stdint.h>

#define NEDGE 4096   /* 8^4 byte patterns */
#define N (3 * NEDGE) /* edge x edge, edge x itself, random */
#define NU 4          /* unsigned results per element */
#define NS 16         /* signed results per element */

static const char *src =
	"#if !defined(__opencl_c_integer_dot_product_input_4x8bit) || \\\n"
	"    !defined(__opencl_c_integer_dot_product_input_4x8bit_packed) || \\\n"
	"    !defined(cl_khr_integer_dot_product)\n"
	"#error the integer dot product macros are missing\n"
	"#endif\n"
	"kernel void dots(global const uchar4 *ua, global const uchar4 *ub,\n"
	"    global const uint *uacc, global const int *sacc,\n"
	"    global uint *uo, global int *so) {\n"
	"  size_t i = get_global_id(0);\n"
	"  uchar4 a = ua[i], b = ub[i];\n"
	"  char4 sa = as_char4(a), sb = as_char4(b);\n"
	"  uint pa = as_uint(a), pb = as_uint(b), ua_ = uacc[i];\n"
	"  int sa_ = sacc[i];\n"
	"  global uint *u = uo + 4 * i; global int *s = so + 16 * i;\n"
	"  u[0] = dot(a, b);          u[1] = dot_acc_sat(a, b, ua_);\n"
	"  u[2] = dot_4x8packed_uu_uint(pa, pb);\n"
	"  u[3] = dot_acc_sat_4x8packed_uu_uint(pa, pb, ua_);\n"
	"  s[0] = dot(sa, sb);        s[1] = dot_acc_sat(sa, sb, sa_);\n"
	"  s[2] = dot(a, sb);         s[3] = dot_acc_sat(a, sb, sa_);\n"
	"  s[4] = dot(sa, b);         s[5] = dot_acc_sat(sa, b, sa_);\n"
	"  s[6] = dot_4x8packed_ss_int(pa, pb);\n"
	"  s[7] = dot_acc_sat_4x8packed_ss_int(pa, pb, sa_);\n"
	"  s[8] = dot_4x8packed_us_int(pa, pb);\n"
	"  s[9] = dot_acc_sat_4x8packed_us_int(pa, pb, sa_);\n"
	"  s[10] = dot_4x8packed_su_int(pa, pb);\n"
	"  s[11] = dot_acc_sat_4x8packed_su_int(pa, pb, sa_);\n"
	"  /* wrapping sums: the compiler folds the add into the dot product */\n"
	"  s[12] = (uint)sa_ + (uint)dot(sa, sb);\n"
	"  s[13] = as_int(dot(a, b) + ua_);\n"
	"  s[14] = (uint)dot(a, sb) + (uint)sa_;\n"
	"  s[15] = (uint)sa_ + (uint)dot_4x8packed_su_int(pa, pb);\n"
	"}\n";

static const uint8_t edge_bytes[8] = { 0, 1, 0x40, 0x7f, 0x80, 0x81, 0xfe, 0xff };

/* Accumulators: each alone and far enough from the limits that the
 * largest dot product (+-65536 or 260100) crosses them. */
static const int64_t edge_sacc[] = { 0, 1, -1, INT32_MAX, INT32_MAX - 1, INT32_MIN,
				     INT32_MIN + 1, INT32_MAX - 65000, INT32_MIN + 65000,
				     INT32_MAX - 16384, INT32_MIN + 16384, 1000 };
static const uint64_t edge_uacc[] = { 0, 1, UINT32_MAX, UINT32_MAX - 1,
				      UINT32_MAX - 260100, UINT32_MAX - 100000,
				      0x80000000u, 12345 };

/* The dot product of 4 bytes, each read signed (1) or unsigned (0). */
static int64_t ref_dot(const uint8_t *a, int as, const uint8_t *b, int bs)
{
	int64_t r = 0;
	for (int k = 0; k < 4; k++) {
		int64_t x = as ? (int8_t)a[k] : a[k], y = bs ? (int8_t)b[k] : b[k];
		r += x * y;
	}
	return r;
}

static int64_t sat(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Whether the device's code can use vpdpbusd: its native int vector width
 * tells its ISA level (16 lanes: AVX-512, 8: AVX2), and the CPU must have
 * the VNNI of that level. */
static int expect_vnni(struct bh *h)
{
	cl_uint w = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, sizeof(w), &w,
				 NULL));
	__builtin_cpu_init();
	if (w == 16)
		return __builtin_cpu_supports("avx512vnni");
	if (w == 8)
		return __builtin_cpu_supports("avxvnni");
	return 0;
}

static void check_queries(struct bh *h)
{
	CHECK(bh_has_extension(h, "cl_khr_integer_dot_product"));
	cl_device_integer_dot_product_capabilities_khr caps = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR,
				 sizeof(caps), &caps, NULL));
	CHECK(caps == (CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_PACKED_KHR |
		       CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR));
	static const cl_device_info accel[] = {
		CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_8BIT_KHR,
		CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_4x8BIT_PACKED_KHR,
	};
	for (int q = 0; q < 2; q++) {
		cl_device_integer_dot_product_acceleration_properties_khr p;
		memset(&p, 0x55, sizeof(p));
		size_t size = 0;
		CHECK_OK(clGetDeviceInfo(h->device, accel[q], 0, NULL, &size));
		CHECK(size == sizeof(p));
		CHECK_ERR(clGetDeviceInfo(h->device, accel[q], sizeof(p) - 1, &p, NULL),
			  CL_INVALID_VALUE);
		CHECK_OK(clGetDeviceInfo(h->device, accel[q], sizeof(p), &p, NULL));
		/* Accelerated where the device's ISA level has vpdpbusd
		 * (docs/extensions.md): AVX-512 VNNI at 16 int lanes, AVX-VNNI
		 * at 8; the CPU's own word, not Kiln's. */
		cl_bool e = expect_vnni(h) ? CL_TRUE : CL_FALSE;
		CHECK(p.signed_accelerated == e && p.unsigned_accelerated == e &&
		      p.mixed_signedness_accelerated == e &&
		      p.accumulating_saturating_signed_accelerated == e &&
		      p.accumulating_saturating_unsigned_accelerated == e &&
		      p.accumulating_saturating_mixed_signedness_accelerated == e);
	}

	/* The extension at version 2.0.0 and both feature macros. */
	cl_name_version nv[128];
	size_t size = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_EXTENSIONS_WITH_VERSION, sizeof(nv), nv,
				 &size));
	int found = 0;
	for (size_t i = 0; i < size / sizeof(nv[0]); i++)
		if (!strcmp(nv[i].name, "cl_khr_integer_dot_product"))
			found = nv[i].version == CL_MAKE_VERSION(2, 0, 0);
	CHECK(found);
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_OPENCL_C_FEATURES, sizeof(nv), nv, &size));
	int f8 = 0, fp = 0;
	for (size_t i = 0; i < size / sizeof(nv[0]); i++) {
		f8 |= !strcmp(nv[i].name, "__opencl_c_integer_dot_product_input_4x8bit");
		fp |= !strcmp(nv[i].name, "__opencl_c_integer_dot_product_input_4x8bit_packed");
	}
	CHECK(f8 && fp);
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	check_queries(&h);

	static uint8_t a[N][4], b[N][4];
	static uint32_t uacc[N];
	static int32_t sacc[N];
	for (int i = 0; i < NEDGE; i++) {
		for (int k = 0; k < 4; k++)
			a[i][k] = a[NEDGE + i][k] = b[NEDGE + i][k] =
				edge_bytes[(i >> (3 * k)) & 7];
		/* b walks the patterns in another order. */
		int j = (int)((unsigned)i * 2654435761u % NEDGE);
		for (int k = 0; k < 4; k++)
			b[i][k] = edge_bytes[(j >> (3 * k)) & 7];
	}
	for (int i = 2 * NEDGE; i < N; i++) {
		uint64_t r = bh_rand();
		memcpy(a[i], &r, 4);
		memcpy(b[i], (char *)&r + 4, 4);
	}
	int ns = (int)(sizeof(edge_sacc) / sizeof(edge_sacc[0]));
	int nu = (int)(sizeof(edge_uacc) / sizeof(edge_uacc[0]));
	for (int i = 0; i < N; i++) {
		if (i % 3 != 2) {
			sacc[i] = (int32_t)edge_sacc[(i / 3) % ns];
			uacc[i] = (uint32_t)edge_uacc[(i / 5) % nu];
		} else {
			sacc[i] = (int32_t)bh_rand();
			uacc[i] = (uint32_t)bh_rand();
		}
	}

	/* -cl-opt-disable: no vectorizer, so the one-work-item forms of the
	 * dot products run (VNNI in a 128-bit register where the CPU has it:
	 * lib/compiler/lower_dot.cpp) */
	static const char *const stds[] = { "", "-cl-std=CL3.0", "-cl-opt-disable" };
	for (int sidx = 0; sidx < 3; sidx++) {
		static uint32_t uo[N * NU];
		static int32_t so[N * NS];
		memset(uo, 0xa5, sizeof(uo));
		memset(so, 0xa5, sizeof(so));
		cl_program p = bh_build(&h, src, stds[sidx]);
		struct bh_arg args[] = { BH_BUF(a, sizeof(a)), BH_BUF(b, sizeof(b)),
					 BH_BUF(uacc, sizeof(uacc)), BH_BUF(sacc, sizeof(sacc)),
					 BH_BUF(uo, sizeof(uo)), BH_BUF(so, sizeof(so)) };
		bh_run(&h, p, "dots", N, 0, 6, args);
		clReleaseProgram(p);

		int bad = 0;
		for (int i = 0; i < N; i++) {
			int64_t uu = ref_dot(a[i], 0, b[i], 0), ss = ref_dot(a[i], 1, b[i], 1),
				us = ref_dot(a[i], 0, b[i], 1), su = ref_dot(a[i], 1, b[i], 0);
			int64_t uacc_sat = sat((int64_t)uacc[i] + uu, 0, UINT32_MAX);
			uint32_t ue[NU] = { (uint32_t)uu, (uint32_t)uacc_sat, (uint32_t)uu,
					    (uint32_t)uacc_sat };
			int64_t s = sacc[i];
			int32_t se[NS] = {
				(int32_t)ss, (int32_t)sat(s + ss, INT32_MIN, INT32_MAX),
				(int32_t)us, (int32_t)sat(s + us, INT32_MIN, INT32_MAX),
				(int32_t)su, (int32_t)sat(s + su, INT32_MIN, INT32_MAX),
				(int32_t)ss, (int32_t)sat(s + ss, INT32_MIN, INT32_MAX),
				(int32_t)us, (int32_t)sat(s + us, INT32_MIN, INT32_MAX),
				(int32_t)su, (int32_t)sat(s + su, INT32_MIN, INT32_MAX),
				(int32_t)(uint32_t)(s + ss), (int32_t)(uacc[i] + (uint32_t)uu),
				(int32_t)(uint32_t)(s + us), (int32_t)(uint32_t)(s + su),
			};
			for (int k = 0; k < NU; k++) {
				CHECK(uo[i * NU + k] == ue[k]);
				if (uo[i * NU + k] != ue[k] && bad++ < 10)
					fprintf(stderr, "%s i %d unsigned result %d: %u, expected %u\n",
						stds[sidx], i, k, uo[i * NU + k], ue[k]);
			}
			for (int k = 0; k < NS; k++) {
				CHECK(so[i * NS + k] == se[k]);
				if (so[i * NS + k] != se[k] && bad++ < 10)
					fprintf(stderr, "%s i %d signed result %d: %d, expected %d\n",
						stds[sidx], i, k, so[i * NS + k], se[k]);
			}
		}
	}
	bh_release(&h);
	return check_done();
}
