/* The host side of sub-groups: clGetKernelSubGroupInfo (OpenCL 3.0 §5.9.4,
 * table "Kernel Object Sub-group Queries"), clGetKernelSubGroupInfoKHR
 * (cl_khr_subgroups) through the loader and through
 * clGetExtensionFunctionAddress(ForPlatform), the device queries
 * CL_DEVICE_MAX_NUM_SUB_GROUPS, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_
 * PROGRESS and CL_DEVICE_SUB_GROUP_SIZES_INTEL, and
 * cl_intel_required_subgroup_size (intel_reqd_sub_group_size in OpenCL C,
 * the SubgroupSize execution mode in SPIR-V, CL_KERNEL_COMPILE_SUB_GROUP_
 * SIZE_INTEL, a build error for a size the device does not list).
 *
 * The reference is Kiln's sub-group layout, computed here on its own: a
 * kernel's sub-group size S is its intel_reqd_sub_group_size, else the
 * device's native float vector width; sub-groups are S consecutive
 * linearized local ids, so a group of L work-items has ceil(L / S) of them,
 * the largest min(S, L) work-items.  Kernels running the sub-group
 * built-ins check that the device agrees with the host's answers.
 *
 * On a device without sub-groups every query answers CL_INVALID_OPERATION
 * (after the kernel and device checks) and a kernel that requires a
 * sub-group size does not build. */
#include "check.h"

#include <stdint.h>

#ifndef KILN_TEST_SPV_SUBGROUP
#error "KILN_TEST_SPV_SUBGROUP must name the SPIR-V module (tests/CMakeLists.txt)"
#endif

/* What the device says, read once. */
struct dev_facts {
	cl_uint max_num_sub_groups;
	size_t native;        /* CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT */
	size_t max_wg;        /* CL_DEVICE_MAX_WORK_GROUP_SIZE */
	size_t max_items[3];  /* CL_DEVICE_MAX_WORK_ITEM_SIZES */
	cl_uint max_dims;
	size_t smallest_size; /* of CL_DEVICE_SUB_GROUP_SIZES_INTEL */
	int has_sub_groups;
};

static size_t ceil_div(size_t a, size_t b)
{
	return a / b + (a % b != 0);
}

static size_t product(const size_t *v, size_t n)
{
	size_t p = 1;
	for (size_t i = 0; i < n; i++)
		p *= v[i];
	return p;
}

static void read_facts(cl_device_id dev, struct dev_facts *f)
{
	cl_uint native = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_NUM_SUB_GROUPS,
				 sizeof(f->max_num_sub_groups), &f->max_num_sub_groups, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT,
				 sizeof(native), &native, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(f->max_wg),
				 &f->max_wg, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(f->max_items),
				 f->max_items, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS,
				 sizeof(f->max_dims), &f->max_dims, NULL));
	REQUIRE(native >= 1 && f->max_wg >= 1 && f->max_dims == 3);
	f->native = native;
	f->has_sub_groups = f->max_num_sub_groups != 0;
}

/* The device queries and how the extension lists and the OpenCL C feature
 * list agree with CL_DEVICE_MAX_NUM_SUB_GROUPS (§4.2). */
static void check_device(cl_device_id dev, struct dev_facts *f)
{
	static char ext[8192];
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(ext), ext, NULL));
	/* cl_khr_subgroups requires independent forward progress
	 * (CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS), which Kiln gives
	 * wherever it has sub-groups (test_subgroups_ifp.c runs kernels that
	 * need it). */
	CHECK(check_has_word(ext, "cl_khr_subgroups") == f->has_sub_groups);
	CHECK(check_has_word(ext, "cl_intel_required_subgroup_size") == f->has_sub_groups);
	size_t n = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_FEATURES, 0, NULL, &n));
	cl_name_version *feat = malloc(n ? n : 1);
	REQUIRE(feat);
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_FEATURES, n, feat, NULL));
	int listed = 0;
	for (size_t i = 0; i < n / sizeof(*feat); i++)
		listed |= strcmp(feat[i].name, "__opencl_c_subgroups") == 0;
	CHECK(listed == f->has_sub_groups);
	free(feat);

	/* Sub-groups of one group make independent forward progress. */
	cl_bool ifp = CL_FALSE;
	size_t ret = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS,
				 sizeof(ifp), &ifp, &ret));
	CHECK(ifp == (cl_bool)f->has_sub_groups && ret == sizeof(cl_bool));

	size_t sizes[16];
	ret = 0;
	if (!f->has_sub_groups) {
		/* The query of an extension the device does not report. */
		CHECK_ERR(clGetDeviceInfo(dev, CL_DEVICE_SUB_GROUP_SIZES_INTEL,
					  sizeof(sizes), sizes, &ret), CL_INVALID_VALUE);
		f->smallest_size = 0;
		return;
	}
	/* {8, 16, 32, 64} and the native width, ascending, each once. */
	size_t expect[8], ne = 0;
	static const size_t offered[] = { 8, 16, 32, 64 };
	int native_in = 0;
	for (size_t i = 0; i < 4; i++)
		native_in |= offered[i] == f->native;
	for (size_t i = 0; i < 4; i++) {
		if (!native_in && f->native < offered[i] &&
		    (i == 0 || f->native > offered[i - 1]))
			expect[ne++] = f->native;
		expect[ne++] = offered[i];
	}
	if (!native_in && f->native > 64)
		expect[ne++] = f->native;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_SUB_GROUP_SIZES_INTEL, 0, NULL, &ret));
	CHECK(ret == ne * sizeof(size_t));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_SUB_GROUP_SIZES_INTEL, sizeof(sizes),
				 sizes, &ret));
	CHECK(ret == ne * sizeof(size_t));
	for (size_t i = 0; i < ne && i * sizeof(size_t) < ret; i++)
		CHECK(sizes[i] == expect[i]);
	CHECK_ERR(clGetDeviceInfo(dev, CL_DEVICE_SUB_GROUP_SIZES_INTEL, sizeof(size_t),
				  sizes, NULL), CL_INVALID_VALUE);
	f->smallest_size = expect[0];
	/* Every kernel's CL_KERNEL_MAX_NUM_SUB_GROUPS fits under it: the
	 * largest group in sub-groups of the smallest size. */
	CHECK(f->max_num_sub_groups == ceil_div(f->max_wg, f->smallest_size));
}

/* Kernels for the queries: no attributes, each required size, a required
 * work-group size in one and in two dimensions. */
static const char *query_src =
	"kernel void plain(global int *o) { o[get_global_id(0)] = 1; }\n"
	"__attribute__((intel_reqd_sub_group_size(8)))\n"
	"kernel void req8(global int *o) { o[get_global_id(0)] = 8; }\n"
	"__attribute__((intel_reqd_sub_group_size(16)))\n"
	"kernel void req16(global int *o) { o[get_global_id(0)] = 16; }\n"
	"__attribute__((intel_reqd_sub_group_size(32)))\n"
	"kernel void req32(global int *o) { o[get_global_id(0)] = 32; }\n"
	"__attribute__((intel_reqd_sub_group_size(64)))\n"
	"kernel void req64(global int *o) { o[get_global_id(0)] = 64; }\n"
	"__attribute__((reqd_work_group_size(64, 1, 1)))\n"
	"kernel void wg64(global int *o) { o[get_global_id(0)] = 2; }\n"
	"__attribute__((reqd_work_group_size(8, 8, 1)))\n"
	"__attribute__((intel_reqd_sub_group_size(16)))\n"
	"kernel void wg8x8(global int *o) { o[get_global_id(0)] = 3; }\n";

struct query_kernel {
	const char *name;
	size_t reqd_sg;       /* 0: none */
	size_t reqd_wg[3];    /* zeros: none */
};

static const struct query_kernel query_kernels[] = {
	{ "plain", 0, { 0, 0, 0 } },   { "req8", 8, { 0, 0, 0 } },
	{ "req16", 16, { 0, 0, 0 } }, { "req32", 32, { 0, 0, 0 } },
	{ "req64", 64, { 0, 0, 0 } }, { "wg64", 0, { 64, 1, 1 } },
	{ "wg8x8", 16, { 8, 8, 1 } },
};

/* Local sizes for the NDRange queries: dims, sizes. */
static const struct {
	cl_uint dims;
	size_t l[3];
} local_sizes[] = {
	{ 1, { 1 } },        { 1, { 7 } },        { 1, { 16 } },      { 1, { 33 } },
	{ 1, { 64 } },       { 1, { 256 } },      { 1, { 4096 } },    { 1, { 0 } },
	{ 2, { 8, 8 } },     { 2, { 3, 5 } },     { 2, { 64, 64 } },  { 3, { 4, 4, 4 } },
	{ 3, { 7, 3, 2 } },  { 3, { 16, 16, 16 } }, { 3, { 1, 1, 1 } }, { 3, { 5, 0, 2 } },
};

typedef cl_int(CL_API_CALL *sg_info_fn)(cl_kernel, cl_device_id, cl_kernel_sub_group_info,
					size_t, const void *, size_t, void *, size_t *);

static size_t query_size(sg_info_fn fn, cl_kernel k, cl_device_id dev,
			 cl_kernel_sub_group_info q, size_t in_size, const void *in)
{
	size_t v = 12345, ret = 0;
	CHECK_OK(fn(k, dev, q, in_size, in, sizeof(v), &v, &ret));
	CHECK(ret == sizeof(size_t));
	return v;
}

/* Every query of one kernel against the reference, through `fn`. */
static void check_kernel(sg_info_fn fn, cl_kernel k, cl_device_id dev,
			 const struct dev_facts *f, const struct query_kernel *qk)
{
	size_t s = qk->reqd_sg ? qk->reqd_sg : f->native;
	int has_wg = qk->reqd_wg[0] != 0;
	size_t wg_items = has_wg ? product(qk->reqd_wg, 3) : f->max_wg;

	for (size_t i = 0; i < sizeof(local_sizes) / sizeof(local_sizes[0]); i++) {
		size_t dims = local_sizes[i].dims, items = product(local_sizes[i].l, dims);
		size_t in = dims * sizeof(size_t);
		CHECK(query_size(fn, k, dev, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, in,
				 local_sizes[i].l) == (items < s ? items : s));
		CHECK(query_size(fn, k, dev, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, in,
				 local_sizes[i].l) == ceil_div(items, s));
	}
	CHECK(query_size(fn, k, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL) ==
	      ceil_div(wg_items, s));
	CHECK(query_size(fn, k, dev, CL_KERNEL_COMPILE_NUM_SUB_GROUPS, 0, NULL) == 0);
	CHECK(query_size(fn, k, dev, CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL, 0, NULL) ==
	      qk->reqd_sg);
	/* The input is ignored where the table says so. */
	size_t junk = 99;
	CHECK(query_size(fn, k, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, sizeof(junk), &junk) ==
	      ceil_div(wg_items, s));

	/* CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT for every count up to one
	 * past the largest group, in 1, 2 and 3 dimensions. */
	size_t limit = f->max_wg < f->max_items[0] ? f->max_wg : f->max_items[0];
	size_t last = ceil_div(limit, s) + 2;
	for (size_t count = 0; count <= last; count++) {
		size_t want = 0;
		if (has_wg) {
			int one_dim = qk->reqd_wg[1] == 1 && qk->reqd_wg[2] == 1;
			if (one_dim && count && qk->reqd_wg[0] == count * s)
				want = qk->reqd_wg[0];
		} else if (count && count * s <= limit) {
			want = count * s;
		}
		for (size_t dims = 1; dims <= 3; dims++) {
			size_t out[4] = { 77, 77, 77, 77 }, ret = 0;
			CHECK_OK(fn(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
				    sizeof(count), &count, dims * sizeof(size_t), out, &ret));
			CHECK(ret == dims * sizeof(size_t));
			CHECK(out[0] == want);
			for (size_t d = 1; d < dims; d++)
				CHECK(out[d] == (want ? 1u : 0u));
			CHECK(out[dims] == 77); /* nothing past param_value_size */
		}
	}
	/* The count in a huge range has no local size. */
	size_t huge = SIZE_MAX;
	size_t out3[3];
	CHECK_OK(fn(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof(huge), &huge,
		    sizeof(out3), out3, NULL));
	CHECK(out3[0] == 0 && out3[1] == 0 && out3[2] == 0);
}

/* The spec's errors, in the order it lists the arguments they concern. */
static void check_errors(sg_info_fn fn, cl_kernel k, cl_device_id dev)
{
	size_t v = 5, ret = 0, local[4] = { 16, 2, 2, 2 }, count = 1;
	size_t out[3];
	/* Not a kernel; not a device of the kernel. */
	CHECK_ERR(fn(NULL, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof(v), &v, NULL),
		  CL_INVALID_KERNEL);
	CHECK_ERR(fn((cl_kernel)dev, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof(v),
		     &v, NULL), CL_INVALID_KERNEL);
	CHECK_ERR(fn(k, (cl_device_id)k, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof(v),
		     &v, NULL), CL_INVALID_DEVICE);
	/* NULL names the kernel's one device. */
	CHECK_OK(fn(k, NULL, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof(v), &v, NULL));

	/* Not a sub-group query. */
	CHECK_ERR(fn(k, dev, CL_KERNEL_WORK_GROUP_SIZE, 0, NULL, sizeof(v), &v, NULL),
		  CL_INVALID_VALUE);
	CHECK_ERR(fn(k, dev, 0x7fff, 0, NULL, sizeof(v), &v, NULL), CL_INVALID_VALUE);

	/* The local size input: present, 1 to 3 size_t values. */
	static const cl_kernel_sub_group_info nd[] = {
		CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
		CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE_KHR, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE_KHR,
	};
	for (size_t i = 0; i < sizeof(nd) / sizeof(nd[0]); i++) {
		CHECK_ERR(fn(k, dev, nd[i], sizeof(size_t), NULL, sizeof(v), &v, NULL),
			  CL_INVALID_VALUE);
		CHECK_ERR(fn(k, dev, nd[i], 0, local, sizeof(v), &v, NULL), CL_INVALID_VALUE);
		CHECK_ERR(fn(k, dev, nd[i], 4, local, sizeof(v), &v, NULL), CL_INVALID_VALUE);
		CHECK_ERR(fn(k, dev, nd[i], sizeof(size_t) + 1, local, sizeof(v), &v, NULL),
			  CL_INVALID_VALUE);
		CHECK_ERR(fn(k, dev, nd[i], 4 * sizeof(size_t), local, sizeof(v), &v, NULL),
			  CL_INVALID_VALUE);
		/* param_value too small; NULL asks for the size only. */
		CHECK_ERR(fn(k, dev, nd[i], sizeof(size_t), local, sizeof(size_t) - 1, &v,
			     NULL), CL_INVALID_VALUE);
		ret = 0;
		CHECK_OK(fn(k, dev, nd[i], sizeof(size_t), local, 0, NULL, &ret));
		CHECK(ret == sizeof(size_t));
	}
	/* The sub-group count input: exactly one size_t. */
	CHECK_ERR(fn(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof(size_t), NULL,
		     sizeof(out), out, NULL), CL_INVALID_VALUE);
	CHECK_ERR(fn(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, 0, &count,
		     sizeof(out), out, NULL), CL_INVALID_VALUE);
	CHECK_ERR(fn(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, 2 * sizeof(size_t),
		     local, sizeof(out), out, NULL), CL_INVALID_VALUE);
	CHECK_ERR(fn(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof(count), &count,
		     sizeof(size_t) - 1, out, NULL), CL_INVALID_VALUE);
	/* Asked for the size alone: a local size of every dimension. */
	ret = 0;
	CHECK_OK(fn(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof(count), &count,
		    0, NULL, &ret));
	CHECK(ret == 3 * sizeof(size_t));
	ret = 0;
	CHECK_OK(fn(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof(count), &count,
		    2 * sizeof(size_t), NULL, &ret));
	CHECK(ret == 2 * sizeof(size_t));
	/* A larger buffer gets three dimensions. */
	size_t big[5] = { 9, 9, 9, 9, 9 };
	ret = 0;
	CHECK_OK(fn(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof(count), &count,
		    sizeof(big), big, &ret));
	CHECK(ret == 3 * sizeof(size_t) && big[1] == 1 && big[2] == 1 && big[3] == 9);
	/* The other queries: a size_t. */
	static const cl_kernel_sub_group_info plain[] = {
		CL_KERNEL_MAX_NUM_SUB_GROUPS, CL_KERNEL_COMPILE_NUM_SUB_GROUPS,
		CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL,
	};
	for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++) {
		CHECK_ERR(fn(k, dev, plain[i], 0, NULL, sizeof(cl_uint), &v, NULL),
			  CL_INVALID_VALUE);
		ret = 0;
		CHECK_OK(fn(k, dev, plain[i], 0, NULL, 0, NULL, &ret));
		CHECK(ret == sizeof(size_t));
	}
}

/* A device without sub-groups: CL_INVALID_OPERATION for every query once
 * kernel and device are valid; no KHR entry point; required sizes fail. */
static void check_unsupported(cl_platform_id platform, cl_context ctx, cl_device_id dev)
{
	cl_program p = check_build(ctx, dev,
				   "kernel void plain(global int *o) { o[0] = 1; }\n", NULL);
	cl_int err;
	cl_kernel k = clCreateKernel(p, "plain", &err);
	REQUIRE(err == CL_SUCCESS);
	size_t v = 7, local[1] = { 64 }, count = 1, out[3];
	CHECK_ERR(clGetKernelSubGroupInfo(NULL, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL,
					  sizeof(v), &v, NULL), CL_INVALID_KERNEL);
	CHECK_ERR(clGetKernelSubGroupInfo(k, (cl_device_id)k, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0,
					  NULL, sizeof(v), &v, NULL), CL_INVALID_DEVICE);
	CHECK_ERR(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL,
					  sizeof(v), &v, NULL), CL_INVALID_OPERATION);
	CHECK_ERR(clGetKernelSubGroupInfo(k, NULL, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
					  sizeof(local), local, sizeof(v), &v, NULL),
		  CL_INVALID_OPERATION);
	CHECK_ERR(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
					  sizeof(local), local, sizeof(v), &v, NULL),
		  CL_INVALID_OPERATION);
	CHECK_ERR(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
					  sizeof(count), &count, sizeof(out), out, NULL),
		  CL_INVALID_OPERATION);
	CHECK_ERR(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_COMPILE_NUM_SUB_GROUPS, 0, NULL,
					  sizeof(v), &v, NULL), CL_INVALID_OPERATION);
	CHECK_ERR(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL, 0,
					  NULL, sizeof(v), &v, NULL), CL_INVALID_OPERATION);
	/* Through the loader's KHR entry (the dispatch table's slot). */
	CHECK_ERR(clGetKernelSubGroupInfoKHR(k, dev, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE_KHR,
					     sizeof(local), local, sizeof(v), &v, NULL),
		  CL_INVALID_OPERATION);
	CHECK(v == 7); /* nothing written */
	/* The loader may hand out its own entry for the KHR name (ocl-icd
	 * does): whatever it gives answers the same. */
	sg_info_fn khr = (sg_info_fn)clGetExtensionFunctionAddressForPlatform(
		platform, "clGetKernelSubGroupInfoKHR");
	if (khr)
		CHECK_ERR(khr(k, dev, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE_KHR, sizeof(local),
			      local, sizeof(v), &v, NULL), CL_INVALID_OPERATION);
	clReleaseKernel(k);
	clReleaseProgram(p);

	/* A required sub-group size the device does not list fails the
	 * build, and the log says why. */
	const char *src = "__attribute__((intel_reqd_sub_group_size(16)))\n"
			  "kernel void k(global int *o) { o[0] = 1; }\n";
	p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_ERR(clBuildProgram(p, 1, &dev, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
	static char log[1 << 14];
	CHECK_OK(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL));
	CHECK(strstr(log, "intel_reqd_sub_group_size(16)") != NULL);
	clReleaseProgram(p);
}

/* Sizes a device does not list fail the build: 12 (not offered) and 128
 * (beyond any sub-group). */
static void check_unlisted_sizes(cl_context ctx, cl_device_id dev)
{
	static const char *srcs[] = {
		"__attribute__((intel_reqd_sub_group_size(12)))\n"
		"kernel void odd(global int *o) { o[0] = 1; }\n",
		"kernel void fine(global int *o) { o[0] = 1; }\n"
		"__attribute__((intel_reqd_sub_group_size(128)))\n"
		"kernel void wide(global int *o) { o[0] = 1; }\n",
	};
	static const char *want[] = { "intel_reqd_sub_group_size(12)",
				      "intel_reqd_sub_group_size(128)" };
	for (size_t i = 0; i < 2; i++) {
		cl_int err;
		cl_program p = clCreateProgramWithSource(ctx, 1, &srcs[i], NULL, &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK_ERR(clBuildProgram(p, 1, &dev, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
		static char log[1 << 14];
		log[0] = 0;
		CHECK_OK(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log,
					       NULL));
		CHECK(strstr(log, want[i]) != NULL);
		cl_kernel k = clCreateKernel(p, "fine", &err);
		CHECK(k == NULL && err == CL_INVALID_PROGRAM_EXECUTABLE);
		clReleaseProgram(p);
	}
}

/* The device's sub-group built-ins agree with the host's answers for the
 * local size enqueued (get_max_sub_group_size, get_enqueued_num_sub_groups)
 * and with the layout (get_num_sub_groups of each group, also the smaller
 * last group of a non-uniform NDRange). */
static const char *probe_src =
	"#define PROBE(name) { size_t g = get_global_id(0);\\\n"
	"  o[4 * g] = get_max_sub_group_size(); o[4 * g + 1] = get_enqueued_num_sub_groups();\\\n"
	"  o[4 * g + 2] = get_num_sub_groups(); o[4 * g + 3] = get_sub_group_size(); }\n"
	"kernel void probe(global uint *o) PROBE()\n"
	"__attribute__((intel_reqd_sub_group_size(32)))\n"
	"kernel void probe32(global uint *o) PROBE()\n";

static void check_probe(cl_context ctx, cl_command_queue q, cl_device_id dev,
			const struct dev_facts *f)
{
	cl_program p = check_build(ctx, dev, probe_src, "-cl-std=CL3.0");
	static const size_t locals[] = { 1, 7, 16, 33, 64, 256 };
	static cl_uint out[4 * 1000];
	cl_int err;
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(out), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	for (int which = 0; which < 2; which++) {
		cl_kernel k = clCreateKernel(p, which ? "probe32" : "probe", &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK_OK(clSetKernelArg(k, 0, sizeof(buf), &buf));
		size_t s = which ? 32 : f->native;
		for (size_t i = 0; i < sizeof(locals) / sizeof(locals[0]); i++) {
			/* 1000 work-items: a smaller last group for every
			 * local size but 1. */
			size_t le = locals[i], global = 1000;
			size_t max_size = 0, count = 0;
			CHECK_OK(clGetKernelSubGroupInfo(k, dev,
							 CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
							 sizeof(le), &le, sizeof(max_size),
							 &max_size, NULL));
			CHECK_OK(clGetKernelSubGroupInfo(k, dev,
							 CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
							 sizeof(le), &le, sizeof(count), &count, NULL));
			CHECK(max_size == (le < s ? le : s) && count == ceil_div(le, s));
			memset(out, 0xff, sizeof(out));
			CHECK_OK(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, sizeof(out), out, 0,
						      NULL, NULL));
			CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &le, 0, NULL,
							NULL));
			CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(out), out, 0,
						     NULL, NULL));
			int bad = 0;
			for (size_t g = 0; g < global; g++) {
				size_t group = g / le, lid = g % le;
				size_t l = global - group * le < le ? global - group * le : le;
				size_t sg = lid / s;
				size_t sg_size = l - sg * s < s ? l - sg * s : s;
				bad += out[4 * g] != max_size || out[4 * g + 1] != count ||
				       out[4 * g + 2] != ceil_div(l, s) ||
				       out[4 * g + 3] != sg_size;
			}
			CHECK(bad == 0);
			if (bad)
				fprintf(stderr, "probe%s, local size %zu: %d work-items differ "
					"from the host's answers\n", which ? "32" : "", le, bad);
		}
		clReleaseKernel(k);
	}
	clReleaseMemObject(buf);
	clReleaseProgram(p);
}

/* The SubgroupSize execution mode of a SPIR-V module (made from
 * subgroup_info_spirv.cl) is the kernel's required size. */
static void check_spirv(cl_context ctx, cl_device_id dev, const struct dev_facts *f)
{
	FILE *file = fopen(KILN_TEST_SPV_SUBGROUP, "rb");
	REQUIRE(file);
	static unsigned char il[1 << 16];
	size_t n = fread(il, 1, sizeof(il), file);
	fclose(file);
	REQUIRE(n > 20 && n < sizeof(il));
	cl_int err;
	cl_program p = clCreateProgramWithIL(ctx, il, n, &err);
	REQUIRE(err == CL_SUCCESS);
	err = clBuildProgram(p, 1, &dev, NULL, NULL, NULL);
	if (!f->has_sub_groups) {
		CHECK(err == CL_BUILD_PROGRAM_FAILURE);
		clReleaseProgram(p);
		return;
	}
	CHECK_OK(err);
	static const struct {
		const char *name;
		size_t size;
	} want[] = { { "spv_req16", 16 }, { "spv_req8", 8 }, { "spv_plain", 0 } };
	for (size_t i = 0; i < 3 && err == CL_SUCCESS; i++) {
		cl_kernel k = clCreateKernel(p, want[i].name, &err);
		CHECK(err == CL_SUCCESS);
		if (!k)
			continue;
		size_t v = 99, local = 64, s = want[i].size ? want[i].size : f->native;
		CHECK_OK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL,
						 0, NULL, sizeof(v), &v, NULL));
		CHECK(v == want[i].size);
		CHECK_OK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
						 sizeof(local), &local, sizeof(v), &v, NULL));
		CHECK(v == ceil_div(local, s));
		clReleaseKernel(k);
	}
	clReleaseProgram(p);
}

/* With two devices in the context, NULL names none of them. */
static void check_two_devices(cl_platform_id platform)
{
	cl_device_id devs[2];
	cl_uint n = 0;
	CHECK_OK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 2, devs, &n));
	if (n < 2)
		return;
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 2, devs, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	const char *src = "kernel void k(global int *o) { o[0] = 1; }\n";
	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clBuildProgram(p, 0, NULL, NULL, NULL, NULL));
	cl_kernel k = clCreateKernel(p, "k", &err);
	REQUIRE(err == CL_SUCCESS);
	size_t v;
	CHECK_ERR(clGetKernelSubGroupInfo(k, NULL, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL,
					  sizeof(v), &v, NULL), CL_INVALID_DEVICE);
	for (cl_uint d = 0; d < 2; d++) {
		cl_uint sg = 0;
		CHECK_OK(clGetDeviceInfo(devs[d], CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof(sg), &sg,
					 NULL));
		CHECK_ERR(clGetKernelSubGroupInfo(k, devs[d], CL_KERNEL_MAX_NUM_SUB_GROUPS, 0,
						  NULL, sizeof(v), &v, NULL),
			  sg ? CL_SUCCESS : CL_INVALID_OPERATION);
	}
	clReleaseKernel(k);
	clReleaseProgram(p);

	/* A kernel of a program for the first device only. */
	cl_context one = clCreateContext(NULL, 1, devs, NULL, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	p = check_build(one, devs[0], src, NULL);
	k = clCreateKernel(p, "k", &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_ERR(clGetKernelSubGroupInfo(k, devs[1], CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL,
					  sizeof(v), &v, NULL), CL_INVALID_DEVICE);
	clReleaseKernel(k);
	clReleaseProgram(p);
	clReleaseContext(one);
	clReleaseContext(ctx);
}

int main(void)
{
	/* A second device (the serial driver) for the rules on NULL and on
	 * devices of other contexts, unless the run picked its devices. */
	if (!getenv("KILN_DEVICES"))
		setenv("KILN_DEVICES", "cpu,serial", 1);
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	check_setup(&platform, &dev, &ctx, &q);
	struct dev_facts f;
	read_facts(dev, &f);
	check_device(dev, &f);
	check_two_devices(platform);
	check_spirv(ctx, dev, &f);
	if (!f.has_sub_groups) {
		check_unsupported(platform, ctx, dev);
		clReleaseCommandQueue(q);
		clReleaseContext(ctx);
		return check_done();
	}

	cl_program p = check_build(ctx, dev, query_src, NULL);
	sg_info_fn khr = (sg_info_fn)clGetExtensionFunctionAddressForPlatform(
		platform, "clGetKernelSubGroupInfoKHR");
	CHECK(khr != NULL);
	CHECK((sg_info_fn)clGetExtensionFunctionAddress("clGetKernelSubGroupInfoKHR") == khr);
	for (size_t i = 0; i < sizeof(query_kernels) / sizeof(query_kernels[0]); i++) {
		cl_int err;
		cl_kernel k = clCreateKernel(p, query_kernels[i].name, &err);
		REQUIRE(err == CL_SUCCESS);
		check_kernel(clGetKernelSubGroupInfo, k, dev, &f, &query_kernels[i]);
		/* The same answers under the 2.0 name: the loader's entry and
		 * the one clGetExtensionFunctionAddressForPlatform gives. */
		check_kernel(clGetKernelSubGroupInfoKHR, k, dev, &f, &query_kernels[i]);
		if (khr)
			check_kernel(khr, k, dev, &f, &query_kernels[i]);
		char attrs[256] = "";
		CHECK_OK(clGetKernelInfo(k, CL_KERNEL_ATTRIBUTES, sizeof(attrs), attrs, NULL));
		char want[64];
		snprintf(want, sizeof(want), "intel_reqd_sub_group_size(%zu)",
			 query_kernels[i].reqd_sg);
		CHECK((strstr(attrs, want) != NULL) == (query_kernels[i].reqd_sg != 0));
		if (i == 0) {
			check_errors(clGetKernelSubGroupInfo, k, dev);
			if (khr)
				check_errors(khr, k, dev);
		}
		clReleaseKernel(k);
	}
	clReleaseProgram(p);
	check_unlisted_sizes(ctx, dev);
	check_probe(ctx, q, dev, &f);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
