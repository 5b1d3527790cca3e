/* C11 atomics and generic pointers from SPIR-V (OpenCL 3.0 §5.8.1
 * clCreateProgramWithIL; SPIR-V OpAtomic*, Generic storage class,
 * OpGenericCastToPtrExplicit, OpGenericPtrMemSemantics): the module is
 * made from spirv_atomics_generic.cl when the tests are built (clang
 * -target spir64, llvm-spirv), and its results are checked on the host. */
#include "builtin_harness.h"

#include <limits.h>

#ifndef KILN_TEST_SPV
#error "KILN_TEST_SPV must name the SPIR-V module (tests/CMakeLists.txt)"
#endif

#define N 1024
#define L 64

int main(void)
{
	struct bh h;
	bh_init(&h);
	FILE *f = fopen(KILN_TEST_SPV, "rb");
	REQUIRE(f);
	static unsigned char il[1 << 16];
	size_t n = fread(il, 1, sizeof(il), f);
	fclose(f);
	REQUIRE(n > 20 && n < sizeof(il));
	cl_int err;
	cl_program p = clCreateProgramWithIL(h.context, il, n, &err);
	REQUIRE(err == CL_SUCCESS);
	err = clBuildProgram(p, 1, &h.device, "", NULL, NULL);
	if (err != CL_SUCCESS) {
		static char log[1 << 16];
		clGetProgramBuildInfo(p, h.device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "build log:\n%s\n", log);
	}
	REQUIRE(err == CL_SUCCESS);

	static cl_int in[N], out[4 * N];
	cl_int c[6] = { 10, 20, INT_MIN, 0, 0, 1 };
	cl_uint u[2] = { UINT_MAX, 0 };
	cl_float fl[1] = { -1.0f };
	unsigned seed = 7;
	long long sum = 0;
	cl_int mx = INT_MIN;
	cl_uint mn = UINT_MAX;
	for (int i = 0; i < N; i++) {
		in[i] = (cl_int)(check_rand(&seed) % 200001) - 100000;
		sum += in[i];
		mx = in[i] > mx ? in[i] : mx;
		mn = (cl_uint)in[i] < mn ? (cl_uint)in[i] : mn;
	}
	struct bh_arg args[] = { BH_BUF(in, sizeof(in)), BH_BUF(c, sizeof(c)), BH_BUF(u, sizeof(u)),
				 BH_BUF(fl, sizeof(fl)), BH_BUF(out, sizeof(out)) };
	bh_run(&h, p, "spv_atomics", N, L, 5, args);
	CHECK(c[0] == (cl_int)(10 + sum));
	CHECK(c[1] == (cl_int)(20 - sum));
	CHECK(c[2] == mx);
	CHECK(c[3] == N);
	CHECK(c[5] == 0);
	CHECK(u[0] == mn && u[1] == 0xffffffffu);
	int winners = 0, winner = -1, fine = 1;
	for (int i = 0; i < N; i++) {
		if (out[4 * i]) {
			winners++;
			winner = i;
		}
		/* local count, then where(): global 1, local 2 << 4, private 4 << 8 */
		fine &= out[4 * i + 1] == L;
		fine &= out[4 * i + 2] == (1 | 2 << 4 | 4 << 8);
		fine &= out[4 * i + 3] == 1;
	}
	CHECK(winners == 1 && c[4] == winner + 1);
	CHECK(fine);
	/* the last exchange left one of the work-items' values */
	CHECK(fl[0] >= 0 && fl[0] < N && fl[0] == (float)(int)fl[0]);
	clReleaseProgram(p);
	bh_release(&h);
	return check_done();
}
