/* The struct kiln_target of a device: the LLVM CPU name (the x86-64 ISA level
 * the device reports) and the LLVM feature string of the CPU found at run
 * time, so that generated code never uses an instruction the CPU lacks nor
 * leaves out one it has (DESIGN.md, "illegal instruction when the CPU at run
 * time differs from the build machine"). */
#include "target.h"
#include "device.h"

#include <cpuid.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ISA levels, lowest first (the x86-64 psABI micro-architecture levels). */
enum isa_level { ISA_V1, ISA_V2, ISA_V3, ISA_V4, ISA_COUNT };

static const char *const isa_names[ISA_COUNT] = {
	"x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4",
};

/* CPUID bits the compiler builtin does not name (GCC 12). */
enum cpuid_bit {
	CPUID_NONE,
	CPUID_CX16,   /* leaf 1 ecx 13 */
	CPUID_MOVBE,  /* leaf 1 ecx 22 */
	CPUID_F16C,   /* leaf 1 ecx 29 */
	CPUID_XSAVE,  /* leaf 1 ecx 26 */
	CPUID_SAHF,   /* leaf 0x80000001 ecx 0 */
	CPUID_LZCNT,  /* leaf 0x80000001 ecx 5 */
	CPUID_ADX,    /* leaf 7 ebx 19 */
	CPUID_SHA,    /* leaf 7 ebx 29 */
	CPUID_VAES,   /* leaf 7 ecx 9 */
};

/* One LLVM feature: how to detect it, and the lowest ISA level a CPU name
 * may be paired with it (a feature above the device's level is left out,
 * so that KILN's ISA override to a lower level really lowers the code). */
struct cpu_feature {
	const char *llvm;
	int supported; /* filled at detection */
	enum isa_level level;
	enum cpuid_bit bit;
};

#define BUILTIN(llvm, lvl) { llvm, -1, lvl, CPUID_NONE }
#define RAW(llvm, lvl, bit) { llvm, -1, lvl, bit }

static bool builtin_supports(const char *llvm)
{
	/* __builtin_cpu_supports needs a literal: one line per name. */
#define S(lit, name) if (strcmp(llvm, lit) == 0) return __builtin_cpu_supports(name)
	S("sse2", "sse2"); S("sse3", "sse3"); S("ssse3", "ssse3");
	S("sse4.1", "sse4.1"); S("sse4.2", "sse4.2"); S("popcnt", "popcnt");
	S("avx", "avx"); S("avx2", "avx2"); S("fma", "fma"); S("bmi", "bmi");
	S("bmi2", "bmi2"); S("aes", "aes"); S("pclmul", "pclmul");
	S("avx512f", "avx512f"); S("avx512vl", "avx512vl");
	S("avx512bw", "avx512bw"); S("avx512dq", "avx512dq");
	S("avx512cd", "avx512cd"); S("avx512vbmi", "avx512vbmi");
	S("avx512ifma", "avx512ifma"); S("avx512vpopcntdq", "avx512vpopcntdq");
	S("avx512vbmi2", "avx512vbmi2"); S("avx512vnni", "avx512vnni");
	S("avx512bitalg", "avx512bitalg"); S("avx512bf16", "avx512bf16");
	S("gfni", "gfni"); S("vpclmulqdq", "vpclmulqdq");
#undef S
	return false;
}

static bool cpuid_supports(enum cpuid_bit bit)
{
	unsigned a, b, c, d;
	switch (bit) {
	case CPUID_CX16:
	case CPUID_MOVBE:
	case CPUID_F16C:
	case CPUID_XSAVE:
		if (!__get_cpuid(1, &a, &b, &c, &d))
			return false;
		return c & (1u << (bit == CPUID_CX16 ? 13 : bit == CPUID_MOVBE ? 22 :
				   bit == CPUID_F16C ? 29 : 26));
	case CPUID_SAHF:
	case CPUID_LZCNT:
		if (!__get_cpuid(0x80000001u, &a, &b, &c, &d))
			return false;
		return c & (1u << (bit == CPUID_SAHF ? 0 : 5));
	case CPUID_ADX:
	case CPUID_SHA:
		if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
			return false;
		return b & (1u << (bit == CPUID_ADX ? 19 : 29));
	case CPUID_VAES:
		if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
			return false;
		return c & (1u << 9);
	case CPUID_NONE:
		break;
	}
	return false;
}

static struct cpu_feature features[] = {
	BUILTIN("sse2", ISA_V1),
	RAW("cx16", ISA_V2, CPUID_CX16),
	RAW("sahf", ISA_V2, CPUID_SAHF),
	BUILTIN("popcnt", ISA_V2),
	BUILTIN("sse3", ISA_V2),
	BUILTIN("ssse3", ISA_V2),
	BUILTIN("sse4.1", ISA_V2),
	BUILTIN("sse4.2", ISA_V2),
	BUILTIN("aes", ISA_V2),
	BUILTIN("pclmul", ISA_V2),
	RAW("sha", ISA_V2, CPUID_SHA),
	RAW("xsave", ISA_V3, CPUID_XSAVE),
	BUILTIN("avx", ISA_V3),
	BUILTIN("avx2", ISA_V3),
	BUILTIN("fma", ISA_V3),
	RAW("f16c", ISA_V3, CPUID_F16C),
	RAW("movbe", ISA_V3, CPUID_MOVBE),
	RAW("lzcnt", ISA_V3, CPUID_LZCNT),
	BUILTIN("bmi", ISA_V3),
	BUILTIN("bmi2", ISA_V3),
	RAW("adx", ISA_V3, CPUID_ADX),
	RAW("vaes", ISA_V3, CPUID_VAES),
	BUILTIN("vpclmulqdq", ISA_V3),
	BUILTIN("gfni", ISA_V3),
	BUILTIN("avx512f", ISA_V4),
	BUILTIN("avx512vl", ISA_V4),
	BUILTIN("avx512bw", ISA_V4),
	BUILTIN("avx512dq", ISA_V4),
	BUILTIN("avx512cd", ISA_V4),
	BUILTIN("avx512vbmi", ISA_V4),
	BUILTIN("avx512vbmi2", ISA_V4),
	BUILTIN("avx512ifma", ISA_V4),
	BUILTIN("avx512vnni", ISA_V4),
	BUILTIN("avx512bitalg", ISA_V4),
	BUILTIN("avx512vpopcntdq", ISA_V4),
	BUILTIN("avx512bf16", ISA_V4),
};

static bool has(const char *llvm)
{
	for (size_t i = 0; i < sizeof(features) / sizeof(features[0]); i++)
		if (strcmp(features[i].llvm, llvm) == 0)
			return features[i].supported > 0;
	return false;
}

static void detect(void)
{
	__builtin_cpu_init();
	for (size_t i = 0; i < sizeof(features) / sizeof(features[0]); i++) {
		struct cpu_feature *f = &features[i];
		f->supported = f->bit == CPUID_NONE ? builtin_supports(f->llvm)
						    : cpuid_supports(f->bit);
	}
	/* F16C and VAES use YMM state: without OS-enabled AVX (which the
	 * builtin checks in XCR0) they cannot be used either. */
	if (!has("avx"))
		for (size_t i = 0; i < sizeof(features) / sizeof(features[0]); i++)
			if (features[i].bit == CPUID_F16C ||
			    features[i].bit == CPUID_VAES)
				features[i].supported = 0;
}

/* The highest level whose psABI feature set the CPU has in full. */
static enum isa_level detected_level(void)
{
	static const char *const v2[] = { "cx16", "sahf", "popcnt", "sse3",
					  "ssse3", "sse4.1", "sse4.2" };
	static const char *const v3[] = { "avx", "avx2", "bmi", "bmi2", "f16c",
					  "fma", "lzcnt", "movbe", "xsave" };
	static const char *const v4[] = { "avx512f", "avx512bw", "avx512cd",
					  "avx512dq", "avx512vl" };
	enum isa_level lvl = ISA_V1;
	for (size_t i = 0; i < sizeof(v2) / sizeof(v2[0]); i++)
		if (!has(v2[i]))
			return lvl;
	lvl = ISA_V2;
	for (size_t i = 0; i < sizeof(v3) / sizeof(v3[0]); i++)
		if (!has(v3[i]))
			return lvl;
	lvl = ISA_V3;
	for (size_t i = 0; i < sizeof(v4) / sizeof(v4[0]); i++)
		if (!has(v4[i]))
			return lvl;
	return ISA_V4;
}

/* The Kiln CPU device supports every optional OpenCL C 3.0 feature
 * (DESIGN.md: the whole 2.2 feature set); fp64 follows cl_khr_fp64. */
static const char *const cl_features_common =
	"__opencl_c_3d_image_writes __opencl_c_atomic_order_acq_rel "
	"__opencl_c_atomic_order_seq_cst __opencl_c_atomic_scope_device "
	"__opencl_c_atomic_scope_all_devices __opencl_c_device_enqueue "
	"__opencl_c_generic_address_space __opencl_c_images __opencl_c_int64 "
	"__opencl_c_pipes __opencl_c_program_scope_global_variables "
	"__opencl_c_read_write_images __opencl_c_subgroups "
	"__opencl_c_work_group_collective_functions";

const char *kiln_target_cl_features(bool fp64)
{
	static const char *with_fp64 =
		"__opencl_c_3d_image_writes __opencl_c_atomic_order_acq_rel "
		"__opencl_c_atomic_order_seq_cst __opencl_c_atomic_scope_device "
		"__opencl_c_atomic_scope_all_devices __opencl_c_device_enqueue "
		"__opencl_c_fp64 "
		"__opencl_c_generic_address_space __opencl_c_images __opencl_c_int64 "
		"__opencl_c_pipes __opencl_c_program_scope_global_variables "
		"__opencl_c_read_write_images __opencl_c_subgroups "
		"__opencl_c_work_group_collective_functions";
	return fp64 ? with_fp64 : cl_features_common;
}

static enum isa_level level_by_name(const char *name, enum isa_level dflt)
{
	if (!name)
		return dflt;
	for (int i = 0; i < ISA_COUNT; i++)
		if (strcmp(name, isa_names[i]) == 0)
			return (enum isa_level)i;
	return dflt;
}

static char *feature_string(enum isa_level lvl)
{
	size_t cap = 1, len = 0;
	for (size_t i = 0; i < sizeof(features) / sizeof(features[0]); i++)
		cap += strlen(features[i].llvm) + 2;
	char *s = malloc(cap);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (size_t i = 0; i < sizeof(features) / sizeof(features[0]); i++) {
		const struct cpu_feature *f = &features[i];
		bool on = f->supported > 0 && f->level <= lvl;
		len += (size_t)sprintf(s + len, "%s%c%s", len ? "," : "",
				       on ? '+' : '-', f->llvm);
	}
	return s;
}

/* The OpenCL C features the device reports (CL_DEVICE_OPENCL_C_FEATURES),
 * space separated: the compiler declares exactly those built-ins.  A
 * device that lists none gets Kiln's full set, less the features whose
 * extension it does not report (Clang refuses a feature and its
 * extension set differently). */
static const char *device_cl_features(cl_device_id dev, bool fp64)
{
	const struct kiln_device_props *pr = &dev->props;
	if (!pr->num_opencl_c_features || !pr->opencl_c_features) {
		const char *all = kiln_target_cl_features(fp64);
		const char *ext = pr->extensions ? pr->extensions : "";
		if (strstr(ext, "cl_khr_3d_image_writes"))
			return all;
		char *s = strdup(all), *at = s ? strstr(s, "__opencl_c_3d_image_writes ") : NULL;
		if (at)
			memmove(at, at + strlen("__opencl_c_3d_image_writes "),
				strlen(at + strlen("__opencl_c_3d_image_writes ")) + 1);
		return s;
	}
	size_t len = 1;
	for (size_t i = 0; i < pr->num_opencl_c_features; i++)
		len += strlen(pr->opencl_c_features[i].name) + 1;
	char *s = malloc(len);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (size_t i = 0; i < pr->num_opencl_c_features; i++) {
		if (i)
			strcat(s, " ");
		strcat(s, pr->opencl_c_features[i].name);
	}
	return s;
}

/* Targets, one per device, made on first use and kept for the process. */
struct target_entry {
	cl_device_id dev;
	struct kiln_target target;
	struct target_entry *next;
};

static pthread_mutex_t targets_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t detect_once = PTHREAD_ONCE_INIT;
static struct target_entry *targets;

/* Used when memory runs out: the lowest common x86-64 target. */
static const struct kiln_target fallback_target = {
	.cpu = "x86-64", .features = "+sse2", .fp64 = true,
	.cl_features = "__opencl_c_int64", .extensions = "",
};

const struct kiln_target *kiln_device_target(cl_device_id dev)
{
	pthread_once(&detect_once, detect);
	pthread_mutex_lock(&targets_lock);
	struct target_entry *e;
	for (e = targets; e; e = e->next)
		if (e->dev == dev)
			goto out;
	e = calloc(1, sizeof(*e));
	if (!e)
		goto out;
	enum isa_level lvl = level_by_name(dev->props.isa_level,
					   detected_level());
	if (lvl > detected_level())
		lvl = detected_level(); /* never above what the CPU runs */
	e->dev = dev;
	e->target.cpu = isa_names[lvl];
	e->target.features = feature_string(lvl);
	e->target.extensions = dev->props.extensions ? dev->props.extensions : "";
	e->target.fp64 = strstr(e->target.extensions, "cl_khr_fp64") != NULL;
	e->target.cl_features = device_cl_features(dev, e->target.fp64);
	if (!e->target.features || !e->target.cl_features) {
		free(e);
		e = NULL;
		goto out;
	}
	e->next = targets;
	targets = e;
out:
	pthread_mutex_unlock(&targets_lock);
	return e ? &e->target : &fallback_target;
}
