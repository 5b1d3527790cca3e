/* cl_khr_spirv_queries: CL_DEVICE_SPIRV_EXTENDED_INSTRUCTION_SETS_KHR,
 * CL_DEVICE_SPIRV_EXTENSIONS_KHR and CL_DEVICE_SPIRV_CAPABILITIES_KHR.
 *
 *  - the queries: sizes (a whole number of elements, the same with and
 *    without a buffer), a buffer one byte or one element short is
 *    CL_INVALID_VALUE, no name listed twice, the same lists on a
 *    sub-device as on its parent;
 *  - the extension is reported in both extension queries, version 1.0.0;
 *  - what the OpenCL SPIR-V environment spec requires of a device with the
 *    features and extensions this one reports is listed (the test's own
 *    list of rules, written from the spec, not Kiln's table), and every
 *    capability that needs a SPIR-V extension below SPIR-V 1.5 comes with
 *    it;
 *  - everything listed is accepted: a module (assembled here) that
 *    declares every listed capability, extension and extended instruction
 *    set builds and its kernel runs (each alone when they fail together,
 *    to name the culprit); a hand-assembled kernel does half arithmetic
 *    under Float16;
 *  - the module tests/api/spirv_queries_kernels.cl (clang -target spir64,
 *    llvm-spirv 15) declares 23 of the capabilities (the list is in that
 *    file): each capability it declares is listed, and each of its
 *    kernels gives the host reference's results.
 * A module's OpCapability of a listed capability is never refused
 * (translator 15 reads any; the validator refuses only the Vulkan ones
 * SPIR-V 1.5 made core, which are not listed), so the kernels that use
 * them are what shows they work. */
#include "check.h"
#include "../../include/kiln_spirv_queries.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

/* cl_ext_float_atomics queries (Debian's headers predate them) */
#ifndef CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT
#define CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT 0x4231
#define CL_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT 0x4232
#define CL_DEVICE_GLOBAL_FP_ATOMIC_ADD_EXT (1 << 1)
#define CL_DEVICE_GLOBAL_FP_ATOMIC_MIN_MAX_EXT (1 << 2)
#define CL_DEVICE_LOCAL_FP_ATOMIC_ADD_EXT (1 << 17)
#define CL_DEVICE_LOCAL_FP_ATOMIC_MIN_MAX_EXT (1 << 18)
#endif

#ifndef KILN_TEST_SPV
#error "KILN_TEST_SPV must name the SPIR-V module (tests/CMakeLists.txt)"
#endif

struct lists {
	const char **sets, **exts;
	cl_uint *caps;
	size_t n_sets, n_exts, n_caps;
};

static cl_device_id dev;

/* A failed check, with what should have held. */
#define FAIL(what)                                                             \
	do {                                                                   \
		fprintf(stderr, "expected: %s\n", (what));                    \
		CHECK(0);                                                      \
	} while (0)
static cl_context ctx;
static cl_command_queue queue;

/* ---- the queries -------------------------------------------------------- */

/* One array query: the size asked alone and with a buffer agree, is a
 * whole number of `elem`, and a buffer short by one byte or one element
 * is refused (§4.2 "CL_INVALID_VALUE if ... param_value_size < size of
 * return type"). */
static void *query_array(cl_device_id d, cl_device_info param, size_t elem, size_t *count)
{
	size_t size = 7;
	CHECK_OK(clGetDeviceInfo(d, param, 0, NULL, &size));
	CHECK(size % elem == 0);
	void *buf = malloc(size + elem);
	REQUIRE(buf);
	size_t again = 0;
	CHECK_OK(clGetDeviceInfo(d, param, size, buf, &again));
	CHECK(again == size);
	/* a larger buffer is fine and says the same size */
	CHECK_OK(clGetDeviceInfo(d, param, size + elem, buf, &again));
	CHECK(again == size);
	if (size) {
		CHECK_ERR(clGetDeviceInfo(d, param, size - 1, buf, NULL), CL_INVALID_VALUE);
		CHECK_ERR(clGetDeviceInfo(d, param, size - elem, buf, NULL),
			  CL_INVALID_VALUE);
	}
	*count = size / elem;
	return buf;
}

static void query(cl_device_id d, struct lists *l)
{
	l->sets = query_array(d, CL_DEVICE_SPIRV_EXTENDED_INSTRUCTION_SETS_KHR,
			      sizeof(const char *), &l->n_sets);
	l->exts = query_array(d, CL_DEVICE_SPIRV_EXTENSIONS_KHR, sizeof(const char *),
			      &l->n_exts);
	l->caps = query_array(d, CL_DEVICE_SPIRV_CAPABILITIES_KHR, sizeof(cl_uint),
			      &l->n_caps);
}

static void release_lists(struct lists *l)
{
	free(l->sets);
	free(l->exts);
	free(l->caps);
}

static bool has_name(const char *const *names, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (names[i] && strcmp(names[i], name) == 0)
			return true;
	return false;
}

static bool has_cap(const struct lists *l, cl_uint cap)
{
	for (size_t i = 0; i < l->n_caps; i++)
		if (l->caps[i] == cap)
			return true;
	return false;
}

static void check_no_duplicates(const struct lists *l)
{
	for (size_t i = 0; i < l->n_sets; i++) {
		CHECK(l->sets[i] && l->sets[i][0]);
		CHECK(!has_name(l->sets + i + 1, l->n_sets - i - 1, l->sets[i]));
	}
	for (size_t i = 0; i < l->n_exts; i++) {
		CHECK(l->exts[i] && strncmp(l->exts[i], "SPV_", 4) == 0);
		CHECK(!has_name(l->exts + i + 1, l->n_exts - i - 1, l->exts[i]));
	}
	for (size_t i = 0; i < l->n_caps; i++)
		for (size_t j = i + 1; j < l->n_caps; j++)
			CHECK(l->caps[i] != l->caps[j]);
}

static void check_same(const struct lists *a, const struct lists *b)
{
	CHECK(a->n_sets == b->n_sets && a->n_exts == b->n_exts && a->n_caps == b->n_caps);
	for (size_t i = 0; i < b->n_sets; i++)
		CHECK(has_name(a->sets, a->n_sets, b->sets[i]));
	for (size_t i = 0; i < b->n_exts; i++)
		CHECK(has_name(a->exts, a->n_exts, b->exts[i]));
	for (size_t i = 0; i < b->n_caps; i++)
		CHECK(has_cap(a, b->caps[i]));
}

/* ---- what the SPIR-V environment spec requires ------------------------ */

struct device_facts {
	char extensions[4096];
	char il_version[256];
	cl_bool images, pipes, generic, wg_collectives;
	cl_uint rw_image_args, max_sub_groups;
	cl_device_device_enqueue_capabilities enqueue;
	cl_device_integer_dot_product_capabilities_khr dot;
	cl_bitfield fp32_atomics, fp64_atomics;
};

static void get_facts(struct device_facts *f)
{
	memset(f, 0, sizeof(*f));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(f->extensions),
				 f->extensions, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IL_VERSION, sizeof(f->il_version),
				 f->il_version, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(f->images), &f->images,
				 NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS,
				 sizeof(f->rw_image_args), &f->rw_image_args, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof(f->max_sub_groups),
				 &f->max_sub_groups, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_PIPE_SUPPORT, sizeof(f->pipes), &f->pipes,
				 NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT,
				 sizeof(f->generic), &f->generic, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT,
				 sizeof(f->wg_collectives), &f->wg_collectives, NULL));
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES,
				 sizeof(f->enqueue), &f->enqueue, NULL));
	if (check_has_word(f->extensions, "cl_khr_integer_dot_product"))
		CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR,
					 sizeof(f->dot), &f->dot, NULL));
	if (check_has_word(f->extensions, "cl_ext_float_atomics")) {
		CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT,
					 sizeof(f->fp32_atomics), &f->fp32_atomics, NULL));
		CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT,
					 sizeof(f->fp64_atomics), &f->fp64_atomics, NULL));
	}
}

/* A device extension and the SPIR-V extension and capabilities the
 * environment spec requires with it (0 ends the list). */
static const struct {
	const char *cl_ext;
	const char *spv_ext;
	cl_uint caps[4];
} ext_rules[] = {
	{ "cl_khr_fp16", NULL, { KILN_SPV_CAP_FLOAT16 } },
	{ "cl_khr_fp64", NULL, { KILN_SPV_CAP_FLOAT64 } },
	{ "cl_khr_int64_base_atomics", NULL, { KILN_SPV_CAP_INT64_ATOMICS } },
	{ "cl_khr_int64_extended_atomics", NULL, { KILN_SPV_CAP_INT64_ATOMICS } },
	{ "cl_khr_expect_assume", "SPV_KHR_expect_assume", { KILN_SPV_CAP_EXPECT_ASSUME_KHR } },
	{ "cl_khr_extended_bit_ops", "SPV_KHR_bit_instructions",
	  { KILN_SPV_CAP_BIT_INSTRUCTIONS } },
	{ "cl_khr_integer_dot_product", "SPV_KHR_integer_dot_product",
	  { KILN_SPV_CAP_DOT_PRODUCT, KILN_SPV_CAP_DOT_PRODUCT_INPUT_4X8BIT_PACKED } },
	{ "cl_khr_kernel_clock", "SPV_KHR_shader_clock", { KILN_SPV_CAP_SHADER_CLOCK_KHR } },
	{ "cl_khr_spirv_linkonce_odr", "SPV_KHR_linkonce_odr", { 0 } },
	{ "cl_khr_spirv_no_integer_wrap_decoration", "SPV_KHR_no_integer_wrap_decoration",
	  { 0 } },
	{ "cl_khr_subgroup_ballot", NULL, { KILN_SPV_CAP_GROUP_NON_UNIFORM_BALLOT } },
	{ "cl_khr_subgroup_clustered_reduce", NULL,
	  { KILN_SPV_CAP_GROUP_NON_UNIFORM_CLUSTERED } },
	{ "cl_khr_subgroup_non_uniform_arithmetic", NULL,
	  { KILN_SPV_CAP_GROUP_NON_UNIFORM_ARITHMETIC } },
	{ "cl_khr_subgroup_non_uniform_vote", NULL,
	  { KILN_SPV_CAP_GROUP_NON_UNIFORM, KILN_SPV_CAP_GROUP_NON_UNIFORM_VOTE } },
	{ "cl_khr_subgroup_rotate", "SPV_KHR_subgroup_rotate",
	  { KILN_SPV_CAP_GROUP_NON_UNIFORM_ROTATE_KHR } },
	{ "cl_khr_subgroup_shuffle", NULL, { KILN_SPV_CAP_GROUP_NON_UNIFORM_SHUFFLE } },
	{ "cl_khr_subgroup_shuffle_relative", NULL,
	  { KILN_SPV_CAP_GROUP_NON_UNIFORM_SHUFFLE_RELATIVE } },
	{ "cl_khr_work_group_uniform_arithmetic", "SPV_KHR_uniform_group_instructions",
	  { KILN_SPV_CAP_GROUP_UNIFORM_ARITHMETIC_KHR } },
	{ "cl_intel_spirv_subgroups", "SPV_INTEL_subgroups",
	  { KILN_SPV_CAP_SUBGROUP_SHUFFLE_INTEL, KILN_SPV_CAP_SUBGROUP_BUFFER_BLOCK_IO_INTEL,
	    KILN_SPV_CAP_SUBGROUP_IMAGE_BLOCK_IO_INTEL } },
};

static void require_cap(const struct lists *l, bool when, cl_uint cap, const char *why)
{
	if (when && !has_cap(l, cap)) {
		fprintf(stderr, "capability %u missing (%s)\n", cap, why);
		FAIL("a required capability is listed");
	}
}

static void require_ext(const struct lists *l, bool when, const char *ext, const char *why)
{
	if (when && !has_name(l->exts, l->n_exts, ext)) {
		fprintf(stderr, "SPIR-V extension %s missing (%s)\n", ext, why);
		FAIL("a required SPIR-V extension is listed");
	}
}

static void check_requirements(const struct lists *l, const struct device_facts *f)
{
	CHECK(has_name(l->sets, l->n_sets, "OpenCL.std"));
	static const cl_uint always[] = {
		KILN_SPV_CAP_ADDRESSES, KILN_SPV_CAP_FLOAT16_BUFFER, KILN_SPV_CAP_INT16,
		KILN_SPV_CAP_INT8, KILN_SPV_CAP_KERNEL, KILN_SPV_CAP_LINKAGE,
		KILN_SPV_CAP_VECTOR16,
		KILN_SPV_CAP_INT64, /* a full-profile device */
	};
	for (size_t i = 0; i < sizeof(always) / sizeof(always[0]); i++)
		require_cap(l, true, always[i], "every device");
	static const cl_uint image_caps[] = {
		KILN_SPV_CAP_IMAGE1D, KILN_SPV_CAP_IMAGE_BASIC, KILN_SPV_CAP_IMAGE_BUFFER,
		KILN_SPV_CAP_LITERAL_SAMPLER, KILN_SPV_CAP_SAMPLED1D,
		KILN_SPV_CAP_SAMPLED_BUFFER,
	};
	for (size_t i = 0; i < sizeof(image_caps) / sizeof(image_caps[0]); i++)
		require_cap(l, f->images, image_caps[i], "images");
	require_cap(l, f->rw_image_args != 0, KILN_SPV_CAP_IMAGE_READ_WRITE, "rw images");
	require_cap(l, f->generic, KILN_SPV_CAP_GENERIC_POINTER, "generic address space");
	require_cap(l, f->max_sub_groups || f->wg_collectives, KILN_SPV_CAP_GROUPS,
		    "sub-groups or work-group collectives");
	require_cap(l, f->max_sub_groups, KILN_SPV_CAP_SUBGROUP_DISPATCH, "sub-groups");
	require_cap(l, f->pipes, KILN_SPV_CAP_PIPES, "pipes");
	require_cap(l, f->enqueue != 0, KILN_SPV_CAP_DEVICE_ENQUEUE, "device enqueue");

	for (size_t i = 0; i < sizeof(ext_rules) / sizeof(ext_rules[0]); i++) {
		bool on = check_has_word(f->extensions, ext_rules[i].cl_ext);
		if (ext_rules[i].spv_ext)
			require_ext(l, on, ext_rules[i].spv_ext, ext_rules[i].cl_ext);
		for (int j = 0; j < 4 && ext_rules[i].caps[j]; j++)
			require_cap(l, on, ext_rules[i].caps[j], ext_rules[i].cl_ext);
	}
	require_cap(l, f->dot & CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR,
		    KILN_SPV_CAP_DOT_PRODUCT_INPUT_4X8BIT, "dot product of 4x8-bit vectors");

	/* cl_ext_float_atomics, by what the capabilities say */
	cl_bitfield add = CL_DEVICE_GLOBAL_FP_ATOMIC_ADD_EXT | CL_DEVICE_LOCAL_FP_ATOMIC_ADD_EXT;
	cl_bitfield minmax = CL_DEVICE_GLOBAL_FP_ATOMIC_MIN_MAX_EXT |
			     CL_DEVICE_LOCAL_FP_ATOMIC_MIN_MAX_EXT;
	require_cap(l, f->fp32_atomics & add, KILN_SPV_CAP_ATOMIC_FLOAT32_ADD_EXT, "fp32 add");
	require_cap(l, f->fp32_atomics & minmax, KILN_SPV_CAP_ATOMIC_FLOAT32_MIN_MAX_EXT,
		    "fp32 min/max");
	require_cap(l, f->fp64_atomics & add, KILN_SPV_CAP_ATOMIC_FLOAT64_ADD_EXT, "fp64 add");
	require_cap(l, f->fp64_atomics & minmax, KILN_SPV_CAP_ATOMIC_FLOAT64_MIN_MAX_EXT,
		    "fp64 min/max");
	require_ext(l, (f->fp32_atomics | f->fp64_atomics) & add,
		    "SPV_EXT_shader_atomic_float_add", "fp add atomics");
	require_ext(l, (f->fp32_atomics | f->fp64_atomics) & minmax,
		    "SPV_EXT_shader_atomic_float_min_max", "fp min/max atomics");
}

/* Capabilities of SPIR-V 1.0-1.4 that need no extension, and those that
 * need one below SPIR-V 1.5 (the grammar's "extensions" of each). */
static const cl_uint core_caps[] = {
	KILN_SPV_CAP_ADDRESSES, KILN_SPV_CAP_LINKAGE, KILN_SPV_CAP_KERNEL,
	KILN_SPV_CAP_VECTOR16, KILN_SPV_CAP_FLOAT16_BUFFER, KILN_SPV_CAP_FLOAT16,
	KILN_SPV_CAP_FLOAT64, KILN_SPV_CAP_INT64, KILN_SPV_CAP_INT64_ATOMICS,
	KILN_SPV_CAP_IMAGE_BASIC, KILN_SPV_CAP_IMAGE_READ_WRITE, KILN_SPV_CAP_PIPES,
	KILN_SPV_CAP_GROUPS, KILN_SPV_CAP_DEVICE_ENQUEUE, KILN_SPV_CAP_LITERAL_SAMPLER,
	KILN_SPV_CAP_INT16, KILN_SPV_CAP_GENERIC_POINTER, KILN_SPV_CAP_INT8,
	KILN_SPV_CAP_SAMPLED1D, KILN_SPV_CAP_IMAGE1D, KILN_SPV_CAP_SAMPLED_BUFFER,
	KILN_SPV_CAP_IMAGE_BUFFER, KILN_SPV_CAP_SUBGROUP_DISPATCH,
	KILN_SPV_CAP_GROUP_NON_UNIFORM, KILN_SPV_CAP_GROUP_NON_UNIFORM_VOTE,
	KILN_SPV_CAP_GROUP_NON_UNIFORM_ARITHMETIC, KILN_SPV_CAP_GROUP_NON_UNIFORM_BALLOT,
	KILN_SPV_CAP_GROUP_NON_UNIFORM_SHUFFLE,
	KILN_SPV_CAP_GROUP_NON_UNIFORM_SHUFFLE_RELATIVE,
	KILN_SPV_CAP_GROUP_NON_UNIFORM_CLUSTERED,
};

static const struct {
	cl_uint cap;
	const char *spv_ext;
} cap_needs_ext[] = {
	{ KILN_SPV_CAP_EXPECT_ASSUME_KHR, "SPV_KHR_expect_assume" },
	{ KILN_SPV_CAP_BIT_INSTRUCTIONS, "SPV_KHR_bit_instructions" },
	{ KILN_SPV_CAP_DOT_PRODUCT, "SPV_KHR_integer_dot_product" },
	{ KILN_SPV_CAP_DOT_PRODUCT_INPUT_4X8BIT, "SPV_KHR_integer_dot_product" },
	{ KILN_SPV_CAP_DOT_PRODUCT_INPUT_4X8BIT_PACKED, "SPV_KHR_integer_dot_product" },
	{ KILN_SPV_CAP_SHADER_CLOCK_KHR, "SPV_KHR_shader_clock" },
	{ KILN_SPV_CAP_GROUP_NON_UNIFORM_ROTATE_KHR, "SPV_KHR_subgroup_rotate" },
	{ KILN_SPV_CAP_GROUP_UNIFORM_ARITHMETIC_KHR, "SPV_KHR_uniform_group_instructions" },
	{ KILN_SPV_CAP_ATOMIC_FLOAT32_ADD_EXT, "SPV_EXT_shader_atomic_float_add" },
	{ KILN_SPV_CAP_ATOMIC_FLOAT64_ADD_EXT, "SPV_EXT_shader_atomic_float_add" },
	{ KILN_SPV_CAP_ATOMIC_FLOAT32_MIN_MAX_EXT, "SPV_EXT_shader_atomic_float_min_max" },
	{ KILN_SPV_CAP_ATOMIC_FLOAT64_MIN_MAX_EXT, "SPV_EXT_shader_atomic_float_min_max" },
	{ KILN_SPV_CAP_SUBGROUP_SHUFFLE_INTEL, "SPV_INTEL_subgroups" },
	{ KILN_SPV_CAP_SUBGROUP_BUFFER_BLOCK_IO_INTEL, "SPV_INTEL_subgroups" },
	{ KILN_SPV_CAP_SUBGROUP_IMAGE_BLOCK_IO_INTEL, "SPV_INTEL_subgroups" },
};

/* The SPIR-V extension a listed capability needs, NULL when none; "?"
 * for a capability this test does not know. */
static const char *extension_needed(cl_uint cap)
{
	for (size_t i = 0; i < sizeof(core_caps) / sizeof(core_caps[0]); i++)
		if (core_caps[i] == cap)
			return NULL;
	for (size_t i = 0; i < sizeof(cap_needs_ext) / sizeof(cap_needs_ext[0]); i++)
		if (cap_needs_ext[i].cap == cap)
			return cap_needs_ext[i].spv_ext;
	return "?";
}

static void check_dependencies(const struct lists *l)
{
	for (size_t i = 0; i < l->n_caps; i++) {
		const char *ext = extension_needed(l->caps[i]);
		if (ext && !has_name(l->exts, l->n_exts, ext)) {
			fprintf(stderr, "capability %u: needs extension %s\n", l->caps[i], ext);
			FAIL("every listed capability has its extension listed");
		}
	}
}

/* ---- modules assembled here (SPIR-V 1.3, §2.3 physical layout) --------- */

struct spv {
	uint32_t w[4096];
	size_t n;
	uint32_t next_id;
};

static void spv_begin(struct spv *s)
{
	s->n = 0;
	s->next_id = 1;
	uint32_t header[] = { 0x07230203u, 0x00010300u, 0, 0 /* bound */, 0 };
	for (size_t i = 0; i < 5; i++)
		s->w[s->n++] = header[i];
}

static uint32_t spv_id(struct spv *s)
{
	return s->next_id++;
}

/* An instruction of fixed operands, then an optional literal string. */
static void spv_op(struct spv *s, uint32_t op, const uint32_t *ops, size_t n_ops,
		   const char *str)
{
	size_t str_words = str ? strlen(str) / 4 + 1 : 0;
	size_t count = 1 + n_ops + str_words;
	REQUIRE(s->n + count < sizeof(s->w) / sizeof(s->w[0]));
	s->w[s->n++] = (uint32_t)count << 16 | op;
	for (size_t i = 0; i < n_ops; i++)
		s->w[s->n++] = ops[i];
	if (str) {
		memset(&s->w[s->n], 0, str_words * 4);
		memcpy(&s->w[s->n], str, strlen(str)); /* little-endian words */
		s->n += str_words;
	}
}

#define OP(s, op, str, ...)                                                    \
	spv_op((s), (op), (const uint32_t[]){ __VA_ARGS__ },                   \
	       sizeof((const uint32_t[]){ __VA_ARGS__ }) / sizeof(uint32_t), (str))

enum {
	OpExtension = 10, OpExtInstImport = 11, OpMemoryModel = 14, OpEntryPoint = 15,
	OpCapability = 17, OpTypeVoid = 19, OpTypeInt = 21, OpTypeFloat = 22,
	OpTypePointer = 32, OpTypeFunction = 33, OpConstant = 43, OpFunction = 54,
	OpFunctionParameter = 55, OpFunctionEnd = 56, OpLoad = 61, OpStore = 62,
	OpFAdd = 129, OpFMul = 133, OpLabel = 248, OpReturn = 253,
	StorageCrossWorkgroup = 5, ExecutionKernel = 6, AddressingPhysical64 = 2,
	MemoryOpenCL = 2,
};

/* The module's head: capabilities (Addresses and Kernel always),
 * extensions, imports, the memory model. */
static void spv_head(struct spv *s, const cl_uint *caps, size_t n_caps,
		     const char *const *exts, size_t n_exts, const char *const *sets,
		     size_t n_sets)
{
	spv_begin(s);
	OP(s, OpCapability, NULL, KILN_SPV_CAP_ADDRESSES);
	OP(s, OpCapability, NULL, KILN_SPV_CAP_KERNEL);
	for (size_t i = 0; i < n_caps; i++)
		if (caps[i] != KILN_SPV_CAP_ADDRESSES && caps[i] != KILN_SPV_CAP_KERNEL)
			OP(s, OpCapability, NULL, caps[i]);
	for (size_t i = 0; i < n_exts; i++)
		spv_op(s, OpExtension, NULL, 0, exts[i]);
	for (size_t i = 0; i < n_sets; i++)
		OP(s, OpExtInstImport, sets[i], spv_id(s));
	OP(s, OpMemoryModel, NULL, AddressingPhysical64, MemoryOpenCL);
}

/* An empty kernel "probe" after the head. */
static void spv_empty_kernel(struct spv *s)
{
	uint32_t fn = spv_id(s), vd = spv_id(s), fnty = spv_id(s), lbl = spv_id(s);
	OP(s, OpEntryPoint, "probe", ExecutionKernel, fn);
	OP(s, OpTypeVoid, NULL, vd);
	OP(s, OpTypeFunction, NULL, fnty, vd);
	OP(s, OpFunction, NULL, vd, fn, 0, fnty);
	OP(s, OpLabel, NULL, lbl);
	OP(s, OpReturn, NULL);
	OP(s, OpFunctionEnd, NULL);
	s->w[3] = s->next_id;
}

/* Builds the module; on success creates its kernel `name`. */
static cl_program build_il(const struct spv *s, const char *what, bool quiet)
{
	cl_int err;
	cl_program p = clCreateProgramWithIL(ctx, s->w, s->n * 4, &err);
	if (err == CL_SUCCESS) {
		err = clBuildProgram(p, 1, &dev, NULL, NULL, NULL);
		if (err != CL_SUCCESS && !quiet) {
			static char log[1 << 14];
			log[0] = 0;
			clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log,
					      NULL);
			fprintf(stderr, "%s: build failed (%d):\n%s\n", what, err, log);
		}
	} else if (!quiet) {
		fprintf(stderr, "%s: clCreateProgramWithIL failed (%d)\n", what, err);
	}
	if (err != CL_SUCCESS && p) {
		clReleaseProgram(p);
		p = NULL;
	}
	return p;
}

/* Builds a module with these declarations and an empty kernel, and runs
 * the kernel once: whether all of it went through. */
static bool accepted(const cl_uint *caps, size_t n_caps, const char *const *exts,
		     size_t n_exts, const char *const *sets, size_t n_sets, const char *what,
		     bool quiet)
{
	static struct spv s;
	spv_head(&s, caps, n_caps, exts, n_exts, sets, n_sets);
	spv_empty_kernel(&s);
	cl_program p = build_il(&s, what, quiet);
	if (!p)
		return false;
	cl_int err;
	cl_kernel k = clCreateKernel(p, "probe", &err);
	bool ok = err == CL_SUCCESS;
	size_t one = 1;
	if (ok)
		ok = clEnqueueNDRangeKernel(queue, k, 1, NULL, &one, NULL, 0, NULL, NULL) ==
			     CL_SUCCESS &&
		     clFinish(queue) == CL_SUCCESS;
	if (k)
		clReleaseKernel(k);
	clReleaseProgram(p);
	return ok;
}

/* The capabilities a listed one needs beside itself (§3.31 "implicitly
 * declares"): the Intel image block I/O names image types. */
static size_t with_implied(cl_uint cap, cl_uint *out)
{
	size_t n = 0;
	out[n++] = cap;
	if (cap == KILN_SPV_CAP_SUBGROUP_IMAGE_BLOCK_IO_INTEL)
		out[n++] = KILN_SPV_CAP_IMAGE_BASIC;
	return n;
}

static void check_all_accepted(const struct lists *l)
{
	if (accepted(l->caps, l->n_caps, l->exts, l->n_exts, l->sets, l->n_sets,
		     "every listed capability, extension and instruction set", false)) {
		CHECK(true);
		return;
	}
	FAIL("a module declaring everything listed builds and runs");
	/* one at a time, to name what is refused */
	for (size_t i = 0; i < l->n_caps; i++) {
		cl_uint caps[2];
		size_t n = with_implied(l->caps[i], caps);
		const char *ext = extension_needed(l->caps[i]);
		bool with_ext = ext && ext[0] != '?';
		if (!accepted(caps, n, with_ext ? &ext : NULL, with_ext, NULL, 0, "", true))
			fprintf(stderr, "capability %u is refused\n", l->caps[i]);
	}
	for (size_t i = 0; i < l->n_exts; i++)
		if (!accepted(NULL, 0, &l->exts[i], 1, NULL, 0, "", true))
			fprintf(stderr, "extension %s is refused\n", l->exts[i]);
	for (size_t i = 0; i < l->n_sets; i++)
		if (!accepted(NULL, 0, NULL, 0, &l->sets[i], 1, "", true))
			fprintf(stderr, "instruction set %s is refused\n", l->sets[i]);
}

/* An unlisted SPIR-V extension is refused (the validator's list). */
static void check_unknown_refused(void)
{
	const char *bogus = "SPV_KILN_not_an_extension";
	CHECK(!accepted(NULL, 0, &bogus, 1, NULL, 0, "", true));
}

/* Float16: a kernel that loads a half, adds and multiplies in half and
 * stores it: p[0] = (x + x) * (x + x). */
static void check_half_arithmetic(const struct lists *l)
{
	if (!has_cap(l, KILN_SPV_CAP_FLOAT16))
		return;
	static struct spv s;
	const cl_uint caps[] = { KILN_SPV_CAP_INT64, KILN_SPV_CAP_FLOAT16 };
	spv_head(&s, caps, 2, NULL, 0, NULL, 0);
	uint32_t fn = spv_id(&s), vd = spv_id(&s), half = spv_id(&s), ptr = spv_id(&s),
		 fnty = spv_id(&s), arg = spv_id(&s), lbl = spv_id(&s), x = spv_id(&s),
		 y = spv_id(&s), z = spv_id(&s);
	OP(&s, OpEntryPoint, "half_math", ExecutionKernel, fn);
	OP(&s, OpTypeVoid, NULL, vd);
	OP(&s, OpTypeFloat, NULL, half, 16);
	OP(&s, OpTypePointer, NULL, ptr, StorageCrossWorkgroup, half);
	OP(&s, OpTypeFunction, NULL, fnty, vd, ptr);
	OP(&s, OpFunction, NULL, vd, fn, 0, fnty);
	OP(&s, OpFunctionParameter, NULL, ptr, arg);
	OP(&s, OpLabel, NULL, lbl);
	OP(&s, OpLoad, NULL, half, x, arg);
	OP(&s, OpFAdd, NULL, half, y, x, x);
	OP(&s, OpFMul, NULL, half, z, y, y);
	OP(&s, OpStore, NULL, arg, z);
	OP(&s, OpReturn, NULL);
	OP(&s, OpFunctionEnd, NULL);
	s.w[3] = s.next_id;
	cl_program p = build_il(&s, "half arithmetic", false);
	CHECK(p != NULL);
	if (!p)
		return;
	cl_int err;
	cl_kernel k = clCreateKernel(p, "half_math", &err);
	CHECK_OK(err);
	uint16_t v = 0x3e00; /* 1.5 */
	cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 2, &v, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(m), &m));
	size_t one = 1;
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &one, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, 2, &v, 0, NULL, NULL));
	CHECK(v == 0x4880); /* 9.0 */
	clReleaseMemObject(m);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

/* ---- the module made by clang and llvm-spirv --------------------------- */

static unsigned char *read_module(size_t *len)
{
	FILE *f = fopen(KILN_TEST_SPV, "rb");
	REQUIRE(f);
	static unsigned char il[1 << 18];
	*len = fread(il, 1, sizeof(il), f);
	fclose(f);
	REQUIRE(*len > 20 && *len < sizeof(il) && *len % 4 == 0);
	return il;
}

/* Every OpCapability of the module is listed; returns how many there are. */
static size_t check_module_caps(const struct lists *l, const unsigned char *il, size_t len)
{
	const uint32_t *w = (const uint32_t *)il;
	size_t n = len / 4, found = 0;
	for (size_t i = 5; i < n;) {
		uint32_t count = w[i] >> 16, op = w[i] & 0xffff;
		REQUIRE(count && i + count <= n);
		if (op == OpCapability) {
			found++;
			if (!has_cap(l, w[i + 1])) {
				fprintf(stderr, "module capability %u not listed\n", w[i + 1]);
				FAIL("the module's capabilities are listed");
			}
		}
		i += count;
	}
	return found;
}

static cl_mem buffer(void *host, size_t size)
{
	cl_int err;
	cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, size, host,
				  &err);
	REQUIRE(err == CL_SUCCESS);
	return m;
}

/* Runs `name` with these buffer arguments (NULL host: local memory of
 * `size` bytes) and reads the buffers back. */
static void run(cl_program p, const char *name, size_t global, size_t local, int nargs,
		void **host, const size_t *size)
{
	cl_int err;
	cl_kernel k = clCreateKernel(p, name, &err);
	CHECK_OK(err);
	REQUIRE(k);
	cl_mem m[8] = { 0 };
	for (int i = 0; i < nargs; i++) {
		if (host[i]) {
			m[i] = buffer(host[i], size[i]);
			CHECK_OK(clSetKernelArg(k, (cl_uint)i, sizeof(cl_mem), &m[i]));
		} else {
			CHECK_OK(clSetKernelArg(k, (cl_uint)i, size[i], NULL));
		}
	}
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, local ? &local : NULL, 0,
					NULL, NULL));
	for (int i = 0; i < nargs; i++)
		if (m[i]) {
			CHECK_OK(clEnqueueReadBuffer(queue, m[i], CL_TRUE, 0, size[i], host[i], 0,
						     NULL, NULL));
			clReleaseMemObject(m[i]);
		}
	clReleaseKernel(k);
}

enum { N = 256, WG = 64 };

static void run_ints(cl_program p)
{
	static int8_t c[N];
	static int16_t s[N];
	static int64_t l[N], out[N];
	for (int i = 0; i < N; i++) {
		c[i] = (int8_t)(i * 37 - 100);
		s[i] = (int16_t)(i * 1234 - 30000);
		l[i] = ((int64_t)i << 40) - 123456789012345ll;
	}
	void *host[] = { c, s, l, out };
	size_t size[] = { sizeof(c), sizeof(s), sizeof(l), sizeof(out) };
	run(p, "ints", N, 0, 4, host, size);
	int bad = 0;
	for (int i = 0; i < N; i++) {
		int8_t a = (int8_t)(c[i] * 3);
		int16_t b = (int16_t)(s[i] ^ 0x5a5a);
		bad += out[i] != l[i] * 7 + a + b;
	}
	CHECK(bad == 0);
}

static void run_halves(cl_program p)
{
	static uint16_t a[N], out[N];
	for (int i = 0; i < N; i++) {
		_Float16 x = (_Float16)((i % 32) / 4.0f) * (i & 32 ? -1 : 1);
		memcpy(&a[i], &x, 2);
	}
	void *host[] = { a, out };
	size_t size[] = { sizeof(a), sizeof(out) };
	run(p, "halves", N, 0, 2, host, size);
	int bad = 0;
	for (int i = 0; i < N; i++) {
		double x = (i % 32) / 4.0; /* x * x + 1 is exact in half */
		_Float16 want = (_Float16)(x * x + 1.0), got;
		memcpy(&got, &out[i], 2);
		bad += got != want;
	}
	CHECK(bad == 0);
}

static void run_doubles(cl_program p)
{
	static double a[N], out[N];
	for (int i = 0; i < N; i++)
		a[i] = i * 1.37 + 0.25;
	void *host[] = { a, out };
	size_t size[] = { sizeof(a), sizeof(out) };
	run(p, "doubles", N, 0, 2, host, size);
	int bad = 0;
	for (int i = 0; i < N; i++) {
		volatile double q = a[i] / 3.0, r = sqrt(a[i]);
		bad += out[i] != q + r; /* each operation correctly rounded */
	}
	CHECK(bad == 0);
}

static void run_generic(cl_program p)
{
	static int g[N];
	for (int i = 0; i < N; i++)
		g[i] = 1000 + i * 3;
	void *host[] = { g, NULL };
	size_t size[] = { sizeof(g), WG * sizeof(int) };
	run(p, "generic_ptr", N, WG, 2, host, size);
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += g[i] != ((i & 1) ? (1000 + i * 3 + 5) * 2 + 1 : (i + 5) * 2);
	CHECK(bad == 0);
}

static void run_groups(cl_program p)
{
	static int in[N], sum[N], scan[N];
	for (int i = 0; i < N; i++)
		in[i] = (i * 7919) % 101 - 50;
	void *host[] = { in, sum, scan };
	size_t size[] = { sizeof(in), sizeof(sum), sizeof(scan) };
	run(p, "groups", N, WG, 3, host, size);
	int bad = 0;
	for (int g = 0; g < N; g += WG) {
		int total = 0;
		for (int i = g; i < g + WG; i++)
			total += in[i];
		for (int i = g, run_sum = 0; i < g + WG; i++) {
			run_sum += in[i];
			bad += sum[i] != total || scan[i] != run_sum;
		}
	}
	CHECK(bad == 0);
}

static void run_ballot(cl_program p)
{
	static int in[N];
	static cl_uint count[N], sg[N];
	for (int i = 0; i < N; i++)
		in[i] = (i * 31 + i / 7) % 5;
	void *host[] = { in, count, sg };
	size_t size[] = { sizeof(in), sizeof(count), sizeof(sg) };
	run(p, "ballot", N, WG, 3, host, size);
	/* the odd inputs of each (work-group, sub-group) */
	int bad = 0;
	for (int i = 0; i < N; i++) {
		cl_uint want = 0;
		int g = i / WG * WG;
		for (int j = g; j < g + WG; j++)
			want += sg[j] == sg[i] && (in[j] & 1);
		bad += count[i] != want;
	}
	CHECK(bad == 0);
}

static void run_pipes(cl_program p)
{
	cl_int err;
	cl_mem pipe = clCreatePipe(ctx, 0, sizeof(int), N, NULL, &err);
	CHECK_OK(err);
	REQUIRE(pipe);
	static int in[N], out[N], wst[N], rst[N];
	for (int i = 0; i < N; i++)
		in[i] = i * i + 7;
	cl_kernel w = clCreateKernel(p, "pipe_write", &err), r;
	CHECK_OK(err);
	r = clCreateKernel(p, "pipe_read", &err);
	CHECK_OK(err);
	REQUIRE(w && r);
	cl_mem min = buffer(in, sizeof(in)), mout = buffer(out, sizeof(out)),
	       mw = buffer(wst, sizeof(wst)), mr = buffer(rst, sizeof(rst));
	CHECK_OK(clSetKernelArg(w, 0, sizeof(cl_mem), &min));
	CHECK_OK(clSetKernelArg(w, 1, sizeof(cl_mem), &pipe));
	CHECK_OK(clSetKernelArg(w, 2, sizeof(cl_mem), &mw));
	CHECK_OK(clSetKernelArg(r, 0, sizeof(cl_mem), &pipe));
	CHECK_OK(clSetKernelArg(r, 1, sizeof(cl_mem), &mout));
	CHECK_OK(clSetKernelArg(r, 2, sizeof(cl_mem), &mr));
	size_t n = N;
	CHECK_OK(clEnqueueNDRangeKernel(queue, w, 1, NULL, &n, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueNDRangeKernel(queue, r, 1, NULL, &n, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, mout, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, mw, CL_TRUE, 0, sizeof(wst), wst, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, mr, CL_TRUE, 0, sizeof(rst), rst, 0, NULL, NULL));
	/* every packet written once and read once, in any order */
	static bool seen[N];
	int bad = 0;
	for (int i = 0; i < N; i++) {
		bad += wst[i] != 0 || rst[i] != 0;
		int k = -1;
		for (int j = 0; j < N; j++)
			if (in[j] == out[i])
				k = j;
		bad += k < 0 || seen[k];
		if (k >= 0)
			seen[k] = true;
	}
	CHECK(bad == 0);
	clReleaseMemObject(min);
	clReleaseMemObject(mout);
	clReleaseMemObject(mw);
	clReleaseMemObject(mr);
	clReleaseMemObject(pipe);
	clReleaseKernel(w);
	clReleaseKernel(r);
}

static void run_enqueue(cl_program p)
{
	cl_int err;
	cl_queue_properties props[] = {
		CL_QUEUE_PROPERTIES,
		CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE |
			CL_QUEUE_ON_DEVICE_DEFAULT,
		0
	};
	cl_command_queue dq = clCreateCommandQueueWithProperties(ctx, dev, props, &err);
	CHECK_OK(err);
	REQUIRE(dq);
	static int out[N];
	cl_int n = N;
	cl_kernel k = clCreateKernel(p, "enqueue", &err);
	CHECK_OK(err);
	REQUIRE(k);
	cl_mem m = buffer(out, sizeof(out));
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &m));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(n), &n));
	size_t one = 1;
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &one, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += out[i] != i * 3 + 1;
	if (bad)
		fprintf(stderr, "enqueue: out[0] = %d\n", out[0]);
	CHECK(bad == 0);
	clReleaseMemObject(m);
	clReleaseKernel(k);
	clReleaseCommandQueue(dq);
}

static void run_image(cl_program p)
{
	enum { W = 16, H = 8 };
	static float px[W * H * 4], out[W * H * 4];
	for (int i = 0; i < W * H * 4; i++)
		px[i] = (float)(i % 97) * 0.5f - 3.0f;
	cl_image_format fmt = { CL_RGBA, CL_FLOAT };
	cl_image_desc desc = { .image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = W,
			       .image_height = H };
	cl_int err;
	cl_mem img = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &fmt, &desc,
				   px, &err);
	CHECK_OK(err);
	REQUIRE(img);
	cl_kernel k = clCreateKernel(p, "image_read", &err);
	CHECK_OK(err);
	REQUIRE(k);
	cl_mem m = buffer(out, sizeof(out));
	CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &img));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &m));
	size_t global[2] = { W, H };
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 2, NULL, global, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < W * H * 4; i++)
		bad += out[i] != px[i] * 2;
	CHECK(bad == 0);
	clReleaseMemObject(m);
	clReleaseMemObject(img);
	clReleaseKernel(k);
}

static void run_atomics(cl_program p)
{
	static int64_t l[1];
	static float f[2] = { 0.0f, -1e30f }, x[N];
	static double d[2] = { 0.0, 1e300 };
	float fsum = 0, fmax = -1e30f;
	for (int i = 0; i < N; i++) {
		x[i] = (float)((i * 37) % 64) * 0.25f - 7.5f; /* sums exact */
		fsum += x[i];
		fmax = x[i] > fmax ? x[i] : fmax;
	}
	double dmin = 1e300;
	for (int i = 0; i < N; i++)
		dmin = x[i] < dmin ? x[i] : dmin;
	void *host[] = { l, f, d, x };
	size_t size[] = { sizeof(l), sizeof(f), sizeof(d), sizeof(x) };
	run(p, "atomics", N, 0, 4, host, size);
	CHECK(l[0] == ((int64_t)N * (N - 1) / 2) << 33);
	CHECK(f[0] == fsum && f[1] == fmax);
	CHECK(d[0] == (double)fsum && d[1] == dmin);
}

/* An image of `w` x `h` RGBA float pixels (h == 0: one-dimensional),
 * from `px`; a 1D buffer image over `buf` when that is not NULL. */
static cl_mem image(cl_mem_object_type type, size_t w, size_t h, float *px, cl_mem buf,
		    cl_mem_flags flags)
{
	cl_image_format fmt = { CL_RGBA, CL_FLOAT };
	cl_image_desc desc = { .image_type = type, .image_width = w, .image_height = h,
			       .buffer = buf };
	cl_int err;
	cl_mem m = clCreateImage(ctx, flags | (buf ? 0 : CL_MEM_COPY_HOST_PTR), &fmt, &desc,
				 buf ? NULL : px, &err);
	CHECK_OK(err);
	REQUIRE(m);
	return m;
}

static void run_images_1d_rw(cl_program p)
{
	enum { W = 32 };
	static float a[W * 4], b[W * 4], c[W * 4], out[W * 4], after[W * 4];
	for (int i = 0; i < W * 4; i++) {
		a[i] = (float)i;
		b[i] = (float)(i % 7) * 0.5f;
		c[i] = 100.0f - (float)i;
	}
	cl_mem bbuf = buffer(b, sizeof(b));
	cl_mem ia = image(CL_MEM_OBJECT_IMAGE1D, W, 0, a, NULL, CL_MEM_READ_ONLY);
	cl_mem ib = image(CL_MEM_OBJECT_IMAGE1D_BUFFER, W, 0, NULL, bbuf, CL_MEM_READ_ONLY);
	cl_mem ic = image(CL_MEM_OBJECT_IMAGE2D, W, 1, c, NULL, CL_MEM_READ_WRITE);
	static float wa[W * 4], wb[W * 4];
	cl_mem wbbuf = buffer(wb, sizeof(wb));
	cl_mem iwa = image(CL_MEM_OBJECT_IMAGE1D, W, 0, wa, NULL, CL_MEM_WRITE_ONLY);
	cl_mem iwb = image(CL_MEM_OBJECT_IMAGE1D_BUFFER, W, 0, NULL, wbbuf, CL_MEM_WRITE_ONLY);
	cl_mem mo = buffer(out, sizeof(out));
	cl_int err;
	cl_kernel k = clCreateKernel(p, "images_1d_rw", &err);
	CHECK_OK(err);
	REQUIRE(k);
	cl_mem args[] = { ia, ib, ic, iwa, iwb, mo };
	for (cl_uint i = 0; i < 6; i++)
		CHECK_OK(clSetKernelArg(k, i, sizeof(cl_mem), &args[i]));
	size_t n = W, origin[3] = { 0, 0, 0 }, region[3] = { W, 1, 1 };
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, NULL, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, mo, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadImage(queue, ic, CL_TRUE, origin, region, 0, 0, after, 0, NULL,
				    NULL));
	CHECK_OK(clEnqueueReadImage(queue, iwa, CL_TRUE, origin, region, 0, 0, wa, 0, NULL,
				    NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, wbbuf, CL_TRUE, 0, sizeof(wb), wb, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < W * 4; i++) {
		float v = a[i] + b[i] + c[i];
		bad += out[i] != v || after[i] != v * 2.0f || wa[i] != v * 3.0f ||
		       wb[i] != v * 4.0f;
	}
	CHECK(bad == 0);
	clReleaseKernel(k);
	clReleaseMemObject(mo);
	clReleaseMemObject(iwb);
	clReleaseMemObject(iwa);
	clReleaseMemObject(wbbuf);
	clReleaseMemObject(ic);
	clReleaseMemObject(ib);
	clReleaseMemObject(ia);
	clReleaseMemObject(bbuf);
}

static void check_module(const struct lists *l, const struct device_facts *f)
{
	size_t len;
	const unsigned char *il = read_module(&len);
	CHECK(check_module_caps(l, il, len) >= 20);
	cl_int err;
	cl_program p = clCreateProgramWithIL(ctx, il, len, &err);
	CHECK_OK(err);
	REQUIRE(p);
	err = clBuildProgram(p, 1, &dev, NULL, NULL, NULL);
	if (err != CL_SUCCESS) {
		static char log[1 << 16];
		log[0] = 0;
		clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "%s\n", log);
	}
	REQUIRE(err == CL_SUCCESS);
	run_ints(p);
	if (check_has_word(f->extensions, "cl_khr_fp16"))
		run_halves(p);
	if (check_has_word(f->extensions, "cl_khr_fp64"))
		run_doubles(p);
	if (f->generic)
		run_generic(p);
	if (f->wg_collectives)
		run_groups(p);
	if (check_has_word(f->extensions, "cl_khr_subgroup_ballot"))
		run_ballot(p);
	if (f->pipes)
		run_pipes(p);
	if (f->enqueue)
		run_enqueue(p);
	if (f->images)
		run_image(p);
	if (check_has_word(f->extensions, "cl_ext_float_atomics") &&
	    check_has_word(f->extensions, "cl_khr_int64_base_atomics"))
		run_atomics(p);
	if (f->images && f->rw_image_args)
		run_images_1d_rw(p);
	clReleaseProgram(p);
}

/* ---- the extension and sub-devices ------------------------------------- */

static void check_reported(const struct device_facts *f)
{
	CHECK(check_has_word(f->extensions, CL_KHR_SPIRV_QUERIES_EXTENSION_NAME));
	size_t size = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS_WITH_VERSION, 0, NULL, &size));
	cl_name_version *v = malloc(size);
	REQUIRE(v);
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS_WITH_VERSION, size, v, NULL));
	bool found = false;
	for (size_t i = 0; i < size / sizeof(*v); i++)
		if (strcmp(v[i].name, CL_KHR_SPIRV_QUERIES_EXTENSION_NAME) == 0)
			found = v[i].version == CL_MAKE_VERSION(1, 0, 0);
	CHECK(found);
	free(v);
}

static void check_sub_device(const struct lists *root)
{
	cl_uint units = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof(units), &units, NULL));
	cl_device_partition_property props[] = { CL_DEVICE_PARTITION_EQUALLY, 1, 0 };
	cl_device_id sub[64];
	cl_uint n = 0;
	if (units < 2 || clCreateSubDevices(dev, props, 64, sub, &n) != CL_SUCCESS)
		return; /* the serial driver, one core */
	struct lists l;
	query(sub[0], &l);
	check_same(&l, root);
	release_lists(&l);
	for (cl_uint i = 0; i < n; i++)
		clReleaseDevice(sub[i]);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &dev, &ctx, &queue);
	struct device_facts f;
	get_facts(&f);
	check_reported(&f);
	struct lists l;
	query(dev, &l);
	check_no_duplicates(&l);
	check_sub_device(&l);
	if (!strstr(f.il_version, "SPIR-V")) {
		/* no SPIR-V: all three lists empty */
		CHECK(l.n_sets == 0 && l.n_exts == 0 && l.n_caps == 0);
		release_lists(&l);
		return check_done();
	}
	check_requirements(&l, &f);
	check_dependencies(&l);
	check_all_accepted(&l);
	check_unknown_refused();
	check_half_arithmetic(&l);
	check_module(&l, &f);
	printf("%zu instruction sets, %zu extensions, %zu capabilities listed\n", l.n_sets,
	       l.n_exts, l.n_caps);
	release_lists(&l);
	clReleaseCommandQueue(queue);
	clReleaseContext(ctx);
	return check_done();
}
