/* SPIR-V 1.5 input (lib/compiler/spirv_prepass.cpp rewrites what 1.5 adds,
 * then stamps the module 1.4 for translator 15), with the modules of
 * spirv15_modules.h:
 *  - CL_DEVICE_IL_VERSION and CL_DEVICE_ILS_WITH_VERSION list SPIR-V 1.5;
 *  - OpBitcast between a pointer and a ulong or uint2 (1.5), both ways:
 *    the addresses a kernel stores are the SVM pointer the host gave it,
 *    its uint2 the same bits as its ulong, and loads through pointers made
 *    back from them read the right elements (also for a Function
 *    variable); the scalar casts of a SPIR-V 1.2 module too, which the
 *    translator alone turned into invalid IR;
 *  - OpGroupNonUniformBroadcast whose Id is computed at run time (1.5)
 *    from a kernel argument and from the local id, as a 32-, 64- and
 *    16-bit integer, against a host reference made from the queried
 *    sub-group size (sub-groups are consecutive local ids, the last one
 *    partial: docs/compiler.md), for work-groups of 60 and 64;
 *  - a SPIR-V 1.6 module, and a 1.5 module declaring the Vulkan memory
 *    model capability 1.5 made core, are refused with CL_INVALID_VALUE and
 *    a reason in the context's callback. */
#include "check.h"
#include "il_refused.h"
#include "spirv15_modules.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue q;

static cl_kernel build(const uint32_t *words, size_t size, const char *name,
		       cl_program *prog)
{
	cl_int err;
	last_message[0] = '\0';
	*prog = clCreateProgramWithIL(ctx, words, size, &err);
	if (err != CL_SUCCESS)
		fprintf(stderr, "%s: clCreateProgramWithIL %d: %s\n", name, err, last_message);
	REQUIRE(err == CL_SUCCESS);
	err = clBuildProgram(*prog, 1, &dev, "", NULL, NULL);
	if (err != CL_SUCCESS) {
		static char log[1 << 16];
		clGetProgramBuildInfo(*prog, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "%s: build log:\n%s\n", name, log);
	}
	REQUIRE(err == CL_SUCCESS);
	cl_kernel k = clCreateKernel(*prog, name, &err);
	REQUIRE(err == CL_SUCCESS);
	return k;
}

static void check_il_versions(void)
{
	char il[256] = "";
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IL_VERSION, sizeof(il), il, NULL));
	CHECK(check_has_word(il, "SPIR-V_1.4"));
	CHECK(check_has_word(il, "SPIR-V_1.5"));
	CHECK(!check_has_word(il, "SPIR-V_1.6"));
	cl_name_version ils[16];
	size_t size = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_ILS_WITH_VERSION, sizeof(ils), ils, &size));
	bool v15 = false;
	for (size_t i = 0; i < size / sizeof(ils[0]); i++) {
		CHECK(strcmp(ils[i].name, "SPIR-V") == 0);
		v15 |= ils[i].version == CL_MAKE_VERSION(1, 5, 0);
		CHECK(ils[i].version <= CL_MAKE_VERSION(1, 5, 0));
	}
	CHECK(v15);
}

/* ptr_round_trip / ptr_scalar on an SVM allocation whose address the
 * host knows. */
static void check_pointer_casts(const uint32_t *words, size_t size, const char *name,
				bool vectors)
{
	cl_device_svm_capabilities svm = 0;
	clGetDeviceInfo(dev, CL_DEVICE_SVM_CAPABILITIES, sizeof(svm), &svm, NULL);
	REQUIRE(svm & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER);
	cl_program p;
	cl_kernel k = build(words, size, name, &p);
	cl_int err;
	cl_uint *data = clSVMAlloc(ctx, CL_MEM_READ_WRITE, 4 * sizeof(cl_uint), 0);
	REQUIRE(data);
	CHECK_OK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_WRITE, data, 4 * sizeof(cl_uint), 0,
				 NULL, NULL));
	data[0] = 0x1234567u;
	data[1] = 0x89abcdefu;
	CHECK_OK(clEnqueueSVMUnmap(q, data, 0, NULL, NULL));
	cl_ulong addr = 0;
	cl_uint addr2[2] = { 0, 0 }, out[4] = { 0, 0, 0, 0 };
	cl_mem baddr = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(addr), &addr, &err);
	cl_mem baddr2 = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(addr2), addr2, &err);
	cl_mem bout = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(out), out, &err);
	cl_uint arg = 0;
	CHECK_OK(clSetKernelArgSVMPointer(k, arg++, data));
	CHECK_OK(clSetKernelArg(k, arg++, sizeof(baddr), &baddr));
	if (vectors)
		CHECK_OK(clSetKernelArg(k, arg++, sizeof(baddr2), &baddr2));
	CHECK_OK(clSetKernelArg(k, arg++, sizeof(bout), &bout));
	size_t one = 1;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, baddr, CL_TRUE, 0, sizeof(addr), &addr, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, baddr2, CL_TRUE, 0, sizeof(addr2), addr2, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, bout, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	if (addr != (cl_ulong)(uintptr_t)data)
		fprintf(stderr, "%s: address 0x%llx, SVM pointer %p\n", name,
			(unsigned long long)addr, (void *)data);
	CHECK(addr == (cl_ulong)(uintptr_t)data);
	CHECK(out[0] == 0x89abcdefu);
	if (vectors) {
		/* the first component holds the low-order bits */
		CHECK(addr2[0] == (cl_uint)addr && addr2[1] == (cl_uint)(addr >> 32));
		CHECK(out[1] == 0x1234567u);
		CHECK(out[2] == 0x89abcdefu);
		CHECK(out[3] == 70);
	}
	clReleaseMemObject(baddr);
	clReleaseMemObject(baddr2);
	clReleaseMemObject(bout);
	clSVMFree(ctx, data);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

/* broadcast_dynamic for work-groups of `lws`, four of them, with `arg`. */
static void check_broadcast(cl_kernel k, size_t lws, cl_uint arg)
{
	size_t S = 0;
	CHECK_OK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
					 sizeof(lws), &lws, sizeof(S), &S, NULL));
	REQUIRE(S >= 1);
	size_t gws = 4 * lws;
	cl_int err;
	cl_uint *res = calloc(gws * 5, sizeof(cl_uint));
	REQUIRE(res);
	cl_mem dst = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, gws * 5 * sizeof(cl_uint), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(dst), &dst));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(arg), &arg));
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &gws, &lws, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(q, dst, CL_TRUE, 0, gws * 5 * sizeof(cl_uint), res, 0,
				     NULL, NULL));
	int bad = 0;
	for (size_t gid = 0; gid < gws; gid++) {
		size_t lid = gid % lws, sg = lid / S;
		size_t size = lws - sg * S < S ? lws - sg * S : S;
		size_t first = gid - lid + sg * S; /* global id of lane 0 */
		size_t lanes[4] = {
			arg % size,
			(cl_uint)((cl_ulong)(sg * S) * 7 + 3) % size,
			(arg + 1) % size,
			(arg + 2) % size,
		};
		const cl_uint *r = res + gid * 5;
		bool ok = r[4] == size;
		for (int i = 0; i < 4; i++)
			ok &= r[i] == (cl_uint)(3 * (first + lanes[i]) + 1);
		if (!ok && bad++ < 5)
			fprintf(stderr, "lws %zu arg %u gid %zu (sub-group size %zu of %zu): "
				"got %u %u %u %u size %u, want %zu %zu %zu %zu\n",
				lws, arg, gid, size, S, r[0], r[1], r[2], r[3], r[4],
				3 * (first + lanes[0]) + 1, 3 * (first + lanes[1]) + 1,
				3 * (first + lanes[2]) + 1, 3 * (first + lanes[3]) + 1);
	}
	CHECK(bad == 0);
	clReleaseMemObject(dst);
	free(res);
}

/* A copy of `words` with its version word or its first Int64 capability
 * changed, refused with a message saying `reason`. */
static void check_refused(const char *what, uint32_t version, uint32_t capability,
			  const char *reason)
{
	enum { N = sizeof(spirv12_pointer_casts) / 4 };
	uint32_t w[N];
	memcpy(w, spirv12_pointer_casts, sizeof(w));
	w[1] = version;
	for (size_t at = 5; capability && at < N; at += w[at] >> 16)
		if (w[at] == 0x00020011u && w[at + 1] == 11) {
			w[at + 1] = capability;
			break;
		}
	il_refused(ctx, what, w, sizeof(w), reason);
}

int main(void)
{
	cl_platform_id platform;
	cl_int err;
	check_get_device(&platform, &dev);
	ctx = clCreateContext(NULL, 1, &dev, keep_last_message, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	check_il_versions();
	check_pointer_casts(spirv15_pointer_casts, sizeof(spirv15_pointer_casts),
			    "ptr_round_trip", true);
	check_pointer_casts(spirv12_pointer_casts, sizeof(spirv12_pointer_casts),
			    "ptr_scalar", false);

	char exts[8192] = "";
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(exts), exts, NULL));
	if (check_has_word(exts, "cl_khr_subgroup_ballot")) {
		cl_program p;
		cl_kernel k = build(spirv15_broadcast, sizeof(spirv15_broadcast),
				    "broadcast_dynamic", &p);
		const size_t sizes[] = { 60, 64 };
		const cl_uint args[] = { 0, 5, 13, 1000 };
		for (size_t s = 0; s < 2; s++)
			for (size_t a = 0; a < 4; a++)
				check_broadcast(k, sizes[s], args[a]);
		clReleaseKernel(k);
		clReleaseProgram(p);
	} else {
		fprintf(stderr, "no cl_khr_subgroup_ballot: broadcast not tested\n");
		CHECK(0); /* Kiln reports it on every device with SPIR-V */
	}

	check_refused("SPIR-V 1.6", 0x00010600u, 0, "SPIR-V 1.6");
	check_refused("VulkanMemoryModel", 0x00010500u, 5345, "VulkanMemoryModel");
	/* the same module as 1.5 is taken */
	uint32_t w[sizeof(spirv12_pointer_casts) / 4];
	memcpy(w, spirv12_pointer_casts, sizeof(w));
	w[1] = 0x00010500u;
	cl_program p = clCreateProgramWithIL(ctx, w, sizeof(w), &err);
	CHECK_OK(err);
	if (p)
		clReleaseProgram(p);

	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
