/* cl_khr_expect_assume: the macro is defined, __builtin_expect and
 * __builtin_assume build in OpenCL C 1.2 and 3.0 and leave the results of
 * a kernel as they are (an assumption that holds changes nothing; an
 * expectation is only a hint), including inside a vectorized work-item
 * loop; SPIR-V that uses OpAssumeTrueKHR/OpExpectKHR is covered by
 * test_spirv_khr_ext. */
#include "builtin_harness.h"

#define N 1000

static const char *src =
	"#ifndef cl_khr_expect_assume\n"
	"#error cl_khr_expect_assume is not defined\n"
	"#endif\n"
	"kernel void k(global const int *a, global int *o, int n) {\n"
	"  size_t i = get_global_id(0);\n"
	"  __builtin_assume(n > 0);\n"
	"  __builtin_assume(i < (size_t)n);\n"
	"  int x = a[i];\n"
	"  if (__builtin_expect(x % 7 == 0, 0)) o[i] = -x;\n"
	"  else o[i] = (int)__builtin_expect((long)x * 3, 0L) + n;\n"
	"}\n";

int main(void)
{
	struct bh h;
	bh_init(&h);
	CHECK(bh_has_extension(&h, "cl_khr_expect_assume"));
	static int a[N], o[N];
	for (int i = 0; i < N; i++)
		a[i] = i * 5 - 300;
	static const char *const stds[] = { "", "-cl-std=CL3.0" };
	for (int s = 0; s < 2; s++) {
		cl_program p = bh_build(&h, src, stds[s]);
		int n = N;
		memset(o, 0, sizeof(o));
		struct bh_arg args[] = { BH_BUF(a, sizeof(a)), BH_BUF(o, sizeof(o)), BH_SCALAR(&n) };
		bh_run(&h, p, "k", N, 0, 3, args);
		for (int i = 0; i < N; i++)
			CHECK(o[i] == (a[i] % 7 == 0 ? -a[i] : a[i] * 3 + N));
		clReleaseProgram(p);
	}
	bh_release(&h);
	return check_done();
}
