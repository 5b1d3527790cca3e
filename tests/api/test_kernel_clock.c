/* cl_khr_kernel_clock: CL_DEVICE_KERNEL_CLOCK_CAPABILITIES_KHR agrees with
 * the extension and the __opencl_c_kernel_clock_scope_* macros; every
 * clock_read_* and clock_read_hilo_* of each reported scope never goes
 * back within a work-item (three reads, one across a barrier); after a
 * barrier every work-item's reading is at least every reading of its
 * group before it (work-group scope), and a later kernel reads at least
 * what an earlier one did (device scope).  Without the extension, a
 * kernel that reads a clock does not build. */
#include "builtin_harness.h"

#include <stdint.h>

#ifndef CL_DEVICE_KERNEL_CLOCK_CAPABILITIES_KHR
#define CL_DEVICE_KERNEL_CLOCK_CAPABILITIES_KHR 0x1076
typedef cl_bitfield cl_device_kernel_clock_capabilities_khr;
#define CL_DEVICE_KERNEL_CLOCK_SCOPE_DEVICE_KHR (1 << 0)
#define CL_DEVICE_KERNEL_CLOCK_SCOPE_WORK_GROUP_KHR (1 << 1)
#define CL_DEVICE_KERNEL_CLOCK_SCOPE_SUB_GROUP_KHR (1 << 2)
#endif

#define N 4096
#define L 64

/* Each work-item writes 6 readings: plain, hilo, plain, [barrier], hilo,
 * plain, and the group's largest reading before the barrier is in
 * local memory for the check after it. */
static const char *src_fmt =
	"#ifndef __opencl_c_kernel_clock_scope_%s\n"
	"#error the scope's macro is missing\n"
	"#endif\n"
	"ulong hl(uint2 v) { return ((ulong)v.y << 32) | v.x; }\n"
	"kernel void clocks(global ulong *out, global int *late) {\n"
	"  local ulong before[%d];\n"
	"  size_t i = get_global_id(0), l = get_local_id(0);\n"
	"  global ulong *o = out + 6 * i;\n"
	"  o[0] = clock_read_%s();\n"
	"  o[1] = hl(clock_read_hilo_%s());\n"
	"  o[2] = clock_read_%s();\n"
	"  before[l] = o[2];\n"
	"  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"
	"  o[3] = hl(clock_read_hilo_%s());\n"
	"  o[4] = clock_read_%s();\n"
	"  ulong most = 0;\n"
	"  for (size_t k = 0; k < get_local_size(0); k++) most = max(most, before[k]);\n"
	"  o[5] = most;\n"
	"  late[i] = o[3] < most;\n"
	"}\n";

static const struct {
	const char *scope;
	cl_device_kernel_clock_capabilities_khr bit;
} scopes[] = {
	{ "device", CL_DEVICE_KERNEL_CLOCK_SCOPE_DEVICE_KHR },
	{ "work_group", CL_DEVICE_KERNEL_CLOCK_SCOPE_WORK_GROUP_KHR },
	{ "sub_group", CL_DEVICE_KERNEL_CLOCK_SCOPE_SUB_GROUP_KHR },
};

static int has_feature(struct bh *h, const char *name)
{
	cl_name_version nv[128];
	size_t size = 0;
	CHECK_OK(clGetDeviceInfo(h->device, CL_DEVICE_OPENCL_C_FEATURES, sizeof(nv), nv, &size));
	for (size_t i = 0; i < size / sizeof(nv[0]); i++)
		if (!strcmp(nv[i].name, name))
			return 1;
	return 0;
}

int main(void)
{
	struct bh h;
	bh_init(&h);
	int ext = bh_has_extension(&h, "cl_khr_kernel_clock");
	cl_device_kernel_clock_capabilities_khr caps = 0;
	cl_int err = clGetDeviceInfo(h.device, CL_DEVICE_KERNEL_CLOCK_CAPABILITIES_KHR,
				     sizeof(caps), &caps, NULL);
	if (!ext) {
		/* A host whose time-stamp counter is not one clock for all
		 * cores (lib/devices/host_clock.c). */
		printf("cl_khr_kernel_clock not reported\n");
		CHECK(err == CL_INVALID_VALUE);
		const char *k = "kernel void k(global ulong *o) { *o = clock_read_device(); }";
		cl_program p = clCreateProgramWithSource(h.context, 1, &k, NULL, &err);
		CHECK(err == CL_SUCCESS);
		CHECK_ERR(clBuildProgram(p, 1, &h.device, "-cl-std=CL3.0", NULL, NULL),
			  CL_BUILD_PROGRAM_FAILURE);
		clReleaseProgram(p);
		bh_release(&h);
		return check_done();
	}
	CHECK_OK(err);
	CHECK(caps & CL_DEVICE_KERNEL_CLOCK_SCOPE_DEVICE_KHR);
	CHECK(caps & CL_DEVICE_KERNEL_CLOCK_SCOPE_WORK_GROUP_KHR);
	CHECK(!(caps & ~(cl_device_kernel_clock_capabilities_khr)7));

	static cl_ulong out[6 * N], prev_max;
	static cl_int late[N];
	for (size_t s = 0; s < sizeof(scopes) / sizeof(scopes[0]); s++) {
		char macro[64];
		snprintf(macro, sizeof(macro), "__opencl_c_kernel_clock_scope_%s", scopes[s].scope);
		int on = !!(caps & scopes[s].bit);
		CHECK(has_feature(&h, macro) == on);
		if (!on)
			continue;
		char src[2048];
		const char *sc = scopes[s].scope;
		snprintf(src, sizeof(src), src_fmt, sc, L, sc, sc, sc, sc, sc);
		static const char *const stds[] = { "-cl-std=CL3.0", "" };
		for (int st = 0; st < 2; st++) {
			cl_program p = bh_build(&h, src, stds[st]);
			memset(out, 0, sizeof(out));
			memset(late, 0xff, sizeof(late));
			struct bh_arg args[] = { BH_BUF(out, sizeof(out)), BH_BUF(late, sizeof(late)) };
			bh_run(&h, p, "clocks", N, L, 2, args);
			clReleaseProgram(p);
			int bad = 0;
			cl_ulong lo = ~0ull, hi = 0;
			for (size_t i = 0; i < N; i++) {
				const cl_ulong *o = out + 6 * i;
				int mono = o[0] <= o[1] && o[1] <= o[2] && o[2] <= o[3] && o[3] <= o[4];
				CHECK(mono);
				CHECK(late[i] == 0);
				if ((!mono || late[i]) && bad++ < 5)
					fprintf(stderr, "%s %s item %zu: %llu %llu %llu | %llu %llu, "
						"group before barrier %llu\n", sc, stds[st], i,
						(unsigned long long)o[0], (unsigned long long)o[1],
						(unsigned long long)o[2], (unsigned long long)o[3],
						(unsigned long long)o[4], (unsigned long long)o[5]);
				lo = o[0] < lo ? o[0] : lo;
				hi = o[4] > hi ? o[4] : hi;
			}
			/* Device scope: this kernel ran after the previous one
			 * ended, so all its readings are later. */
			if (scopes[s].bit == CL_DEVICE_KERNEL_CLOCK_SCOPE_DEVICE_KHR && prev_max)
				CHECK(lo >= prev_max);
			if (scopes[s].bit == CL_DEVICE_KERNEL_CLOCK_SCOPE_DEVICE_KHR)
				prev_max = hi;
			CHECK(hi > 0);
		}
	}
	bh_release(&h);
	return check_done();
}
