/* clGetDeviceInfo (OpenCL 3.0 §4.2): every query of a 3.0 device answers with
 * the right size, a short buffer is CL_INVALID_VALUE, and the values agree
 * with independent sources (the affinity mask, cgroup files, sysconf,
 * /proc/cpuinfo, the compiler's own CPU feature checks).  Also clRetainDevice,
 * clReleaseDevice and clCreateSubDevices (§4.3). */
#include "check.h"
#include "../../include/kiln_spirv_queries.h"

#include <cpuid.h>
#include <ctype.h>
#include <math.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <unistd.h>

enum kind { SCALAR, STRING, ARRAY };

/* Every device query of OpenCL 1.0–3.0 with the size of its value (for
 * arrays, the element size). */
static const struct query {
	cl_device_info param;
	const char *name;
	enum kind kind;
	size_t size;
} queries[] = {
#define Q(p, t) { p, #p, SCALAR, sizeof(t) }
#define S(p) { p, #p, STRING, 1 }
#define A(p, t) { p, #p, ARRAY, sizeof(t) }
	Q(CL_DEVICE_TYPE, cl_device_type),
	Q(CL_DEVICE_VENDOR_ID, cl_uint),
	Q(CL_DEVICE_MAX_COMPUTE_UNITS, cl_uint),
	Q(CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, cl_uint),
	Q(CL_DEVICE_MAX_WORK_GROUP_SIZE, size_t),
	A(CL_DEVICE_MAX_WORK_ITEM_SIZES, size_t),
	Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, cl_uint),
	Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT, cl_uint),
	Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, cl_uint),
	Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG, cl_uint),
	Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, cl_uint),
	Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, cl_uint),
	Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, cl_uint),
	Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, cl_uint),
	Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT, cl_uint),
	Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, cl_uint),
	Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG, cl_uint),
	Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, cl_uint),
	Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE, cl_uint),
	Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, cl_uint),
	Q(CL_DEVICE_MAX_CLOCK_FREQUENCY, cl_uint),
	Q(CL_DEVICE_ADDRESS_BITS, cl_uint),
	Q(CL_DEVICE_MAX_MEM_ALLOC_SIZE, cl_ulong),
	Q(CL_DEVICE_IMAGE_SUPPORT, cl_bool),
	Q(CL_DEVICE_MAX_READ_IMAGE_ARGS, cl_uint),
	Q(CL_DEVICE_MAX_WRITE_IMAGE_ARGS, cl_uint),
	Q(CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, cl_uint),
	S(CL_DEVICE_IL_VERSION),
	Q(CL_DEVICE_IMAGE2D_MAX_WIDTH, size_t),
	Q(CL_DEVICE_IMAGE2D_MAX_HEIGHT, size_t),
	Q(CL_DEVICE_IMAGE3D_MAX_WIDTH, size_t),
	Q(CL_DEVICE_IMAGE3D_MAX_HEIGHT, size_t),
	Q(CL_DEVICE_IMAGE3D_MAX_DEPTH, size_t),
	Q(CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, size_t),
	Q(CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, size_t),
	Q(CL_DEVICE_MAX_SAMPLERS, cl_uint),
	Q(CL_DEVICE_IMAGE_PITCH_ALIGNMENT, cl_uint),
	Q(CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, cl_uint),
	Q(CL_DEVICE_MAX_PIPE_ARGS, cl_uint),
	Q(CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS, cl_uint),
	Q(CL_DEVICE_PIPE_MAX_PACKET_SIZE, cl_uint),
	Q(CL_DEVICE_MAX_PARAMETER_SIZE, size_t),
	Q(CL_DEVICE_MEM_BASE_ADDR_ALIGN, cl_uint),
	Q(CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE, cl_uint),
	Q(CL_DEVICE_SINGLE_FP_CONFIG, cl_device_fp_config),
	Q(CL_DEVICE_DOUBLE_FP_CONFIG, cl_device_fp_config),
	Q(CL_DEVICE_HALF_FP_CONFIG, cl_device_fp_config), /* cl_khr_fp16 */
	Q(CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, cl_device_mem_cache_type),
	Q(CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, cl_uint),
	Q(CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, cl_ulong),
	Q(CL_DEVICE_GLOBAL_MEM_SIZE, cl_ulong),
	Q(CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, cl_ulong),
	Q(CL_DEVICE_MAX_CONSTANT_ARGS, cl_uint),
	Q(CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, size_t),
	Q(CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE, size_t),
	Q(CL_DEVICE_LOCAL_MEM_TYPE, cl_device_local_mem_type),
	Q(CL_DEVICE_LOCAL_MEM_SIZE, cl_ulong),
	Q(CL_DEVICE_ERROR_CORRECTION_SUPPORT, cl_bool),
	Q(CL_DEVICE_HOST_UNIFIED_MEMORY, cl_bool),
	Q(CL_DEVICE_PROFILING_TIMER_RESOLUTION, size_t),
	Q(CL_DEVICE_ENDIAN_LITTLE, cl_bool),
	Q(CL_DEVICE_AVAILABLE, cl_bool),
	Q(CL_DEVICE_COMPILER_AVAILABLE, cl_bool),
	Q(CL_DEVICE_LINKER_AVAILABLE, cl_bool),
	Q(CL_DEVICE_EXECUTION_CAPABILITIES, cl_device_exec_capabilities),
	Q(CL_DEVICE_QUEUE_PROPERTIES, cl_command_queue_properties),
	Q(CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, cl_command_queue_properties),
	Q(CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, cl_command_queue_properties),
	Q(CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, cl_uint),
	Q(CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, cl_uint),
	Q(CL_DEVICE_MAX_ON_DEVICE_QUEUES, cl_uint),
	Q(CL_DEVICE_MAX_ON_DEVICE_EVENTS, cl_uint),
	S(CL_DEVICE_BUILT_IN_KERNELS),
	Q(CL_DEVICE_PLATFORM, cl_platform_id),
	S(CL_DEVICE_NAME),
	S(CL_DEVICE_VENDOR),
	S(CL_DRIVER_VERSION),
	S(CL_DEVICE_PROFILE),
	S(CL_DEVICE_VERSION),
	S(CL_DEVICE_OPENCL_C_VERSION),
	S(CL_DEVICE_EXTENSIONS),
	Q(CL_DEVICE_PRINTF_BUFFER_SIZE, size_t),
	Q(CL_DEVICE_PREFERRED_INTEROP_USER_SYNC, cl_bool),
	Q(CL_DEVICE_PARENT_DEVICE, cl_device_id),
	Q(CL_DEVICE_PARTITION_MAX_SUB_DEVICES, cl_uint),
	A(CL_DEVICE_PARTITION_PROPERTIES, cl_device_partition_property),
	Q(CL_DEVICE_PARTITION_AFFINITY_DOMAIN, cl_device_affinity_domain),
	A(CL_DEVICE_PARTITION_TYPE, cl_device_partition_property),
	Q(CL_DEVICE_REFERENCE_COUNT, cl_uint),
	Q(CL_DEVICE_SVM_CAPABILITIES, cl_device_svm_capabilities),
	Q(CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT, cl_uint),
	Q(CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT, cl_uint),
	Q(CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT, cl_uint),
	Q(CL_DEVICE_MAX_NUM_SUB_GROUPS, cl_uint),
	Q(CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, cl_bool),
	Q(CL_DEVICE_NUMERIC_VERSION, cl_version),
	A(CL_DEVICE_EXTENSIONS_WITH_VERSION, cl_name_version),
	A(CL_DEVICE_ILS_WITH_VERSION, cl_name_version),
	A(CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION, cl_name_version),
	Q(CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, cl_device_atomic_capabilities),
	Q(CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, cl_device_atomic_capabilities),
	Q(CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, cl_bool),
	A(CL_DEVICE_OPENCL_C_ALL_VERSIONS, cl_name_version),
	Q(CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, size_t),
	Q(CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, cl_bool),
	Q(CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, cl_bool),
	A(CL_DEVICE_OPENCL_C_FEATURES, cl_name_version),
	Q(CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, cl_device_device_enqueue_capabilities),
	Q(CL_DEVICE_PIPE_SUPPORT, cl_bool),
	S(CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED),
#undef Q
#undef S
#undef A
};

static cl_device_id dev;

/* Size query, then value query with exactly that size, then one byte
 * short (CL_INVALID_VALUE).  Returns the value (malloc'd) and its size. */
static void *query(const struct query *q, size_t *size_out)
{
	size_t size = 0;
	cl_int err = clGetDeviceInfo(dev, q->param, 0, NULL, &size);
	if (err != CL_SUCCESS) {
		fprintf(stderr, "%s: size query returned %d\n", q->name, err);
		CHECK(err == CL_SUCCESS);
		return NULL;
	}
	enum kind kind = q->kind;
	if (kind == SCALAR && size != q->size) {
		fprintf(stderr, "%s: size %zu, expected %zu\n", q->name, size, q->size);
		CHECK(size == q->size);
	}
	if (kind == STRING)
		CHECK(size >= 1);
	if (kind == ARRAY && size % q->size != 0) {
		fprintf(stderr, "%s: size %zu not a multiple of %zu\n", q->name, size,
			q->size);
		CHECK(size % q->size == 0);
	}
	unsigned char *buf = calloc(1, size + 1);
	REQUIRE(buf);
	size_t ret = 0;
	CHECK_OK(clGetDeviceInfo(dev, q->param, size, buf, &ret));
	CHECK(ret == size);
	if (kind == STRING) {
		CHECK(buf[size - 1] == '\0');
		CHECK(strlen((char *)buf) + 1 == size);
	}
	if (size > 0) {
		cl_int short_err = clGetDeviceInfo(dev, q->param, size - 1, buf, NULL);
		if (short_err != CL_INVALID_VALUE)
			fprintf(stderr, "%s: short buffer returned %d\n", q->name, short_err);
		CHECK(short_err == CL_INVALID_VALUE);
	}
	*size_out = size;
	return buf;
}

#define GET(param, var) CHECK_OK(clGetDeviceInfo(dev, param, sizeof(var), &(var), NULL))

static char *get_string(cl_device_info param)
{
	size_t size = 0;
	CHECK_OK(clGetDeviceInfo(dev, param, 0, NULL, &size));
	char *s = calloc(1, size + 1);
	REQUIRE(s);
	CHECK_OK(clGetDeviceInfo(dev, param, size, s, NULL));
	return s;
}

static cl_name_version *get_versions(cl_device_info param, size_t *n)
{
	size_t size = 0;
	CHECK_OK(clGetDeviceInfo(dev, param, 0, NULL, &size));
	cl_name_version *v = calloc(1, size + sizeof(*v));
	REQUIRE(v);
	CHECK_OK(clGetDeviceInfo(dev, param, size, v, NULL));
	*n = size / sizeof(*v);
	return v;
}

/* ---- independent references --------------------------------------------- */

/* The quota (CPUs) set in one cgroup directory, 0 for none. */
static double quota_in(const char *dir, bool v2)
{
	char path[1024 + 32];
	double quota = 0, period = 0;
	FILE *f;
	if (v2) {
		char q[32];
		snprintf(path, sizeof(path), "%s/cpu.max", dir);
		if (!(f = fopen(path, "r")))
			return 0;
		if (fscanf(f, "%31s %lf", q, &period) == 2 && strcmp(q, "max") != 0)
			quota = atof(q);
		fclose(f);
	} else {
		snprintf(path, sizeof(path), "%s/cpu.cfs_quota_us", dir);
		if (!(f = fopen(path, "r")))
			return 0;
		if (fscanf(f, "%lf", &quota) != 1)
			quota = 0;
		fclose(f);
		snprintf(path, sizeof(path), "%s/cpu.cfs_period_us", dir);
		if ((f = fopen(path, "r"))) {
			if (fscanf(f, "%lf", &period) != 1)
				period = 0;
			fclose(f);
		}
	}
	return quota > 0 && period > 0 ? quota / period : 0;
}

/* cgroup CPU quota as a whole number of CPUs (rounded up), 0 for none: the
 * tightest quota on the path of this process's cgroup (/proc/self/cgroup)
 * under the usual mount points of v2 and of v1's "cpu" hierarchy. */
static unsigned cgroup_quota_cpus(void)
{
	double best = 0;
	FILE *f = fopen("/proc/self/cgroup", "r");
	if (!f)
		return 0;
	char line[1024];
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		if (!c2)
			continue;
		*c2 = '\0';
		const char *ctrl = c1 + 1, *path = c2 + 1;
		bool v2 = strcmp(line, "0") == 0 && *ctrl == '\0';
		bool v1 = strcmp(ctrl, "cpu") == 0 || strcmp(ctrl, "cpu,cpuacct") == 0 ||
			  strcmp(ctrl, "cpuacct,cpu") == 0;
		const char *mounts[] = { "/sys/fs/cgroup", "/sys/fs/cgroup/cpu",
					 "/sys/fs/cgroup/cpu,cpuacct" };
		for (int m = v2 ? 0 : 1; (v1 || v2) && m < (v2 ? 1 : 3); m++) {
			char dir[1024];
			snprintf(dir, sizeof(dir), "%s%s", mounts[m], path);
			for (;;) {
				double q = quota_in(dir, v2);
				if (q > 0 && (best == 0 || q < best))
					best = q;
				char *slash = strrchr(dir, '/');
				if (!slash || (size_t)(slash - dir) < strlen(mounts[m]))
					break;
				*slash = '\0';
			}
		}
	}
	fclose(f);
	return best > 0 ? (unsigned)ceil(best - 1e-9) : 0;
}

static unsigned expected_compute_units(void)
{
	/* The serial driver runs everything on one thread. */
	const char *devices = getenv("KILN_DEVICES");
	if (devices && strcmp(devices, "serial") == 0)
		return 1;
	const char *env = getenv("KILN_NUM_THREADS");
	if (env && atoi(env) > 0)
		return (unsigned)atoi(env);
	cpu_set_t set;
	REQUIRE(sched_getaffinity(0, sizeof(set), &set) == 0);
	unsigned n = (unsigned)CPU_COUNT(&set);
	unsigned quota = cgroup_quota_cpus();
	if (quota && quota < n)
		n = quota;
	return n ? n : 1;
}

/* The widest vector in bytes the CPU (and the OS) supports, as GCC sees it. */
static unsigned expected_vector_bytes(void)
{
	__builtin_cpu_init();
	unsigned bytes = 16;
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
	    __builtin_cpu_supports("bmi2"))
		bytes = 32;
	if (bytes == 32 && __builtin_cpu_supports("avx512f") &&
	    __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
	    __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512cd"))
		bytes = 64;
	const char *isa = getenv("KILN_ISA");
	if (isa && strcmp(isa, "x86-64-v3") == 0 && bytes > 32)
		bytes = 32;
	if (isa && (strcmp(isa, "x86-64-v2") == 0 || strcmp(isa, "x86-64") == 0))
		bytes = 16;
	return bytes;
}

/* The CPUID brand string, trimmed ("" if none).  Not /proc/cpuinfo's
 * "model name": the kernel reads that once at boot, and a VM that migrated
 * since may show another one. */
static void cpuid_brand(char *out, size_t size)
{
	unsigned r[12], max = __get_cpuid_max(0x80000000u, NULL);
	out[0] = '\0';
	if (max < 0x80000004u)
		return;
	for (unsigned i = 0; i < 3; i++)
		__cpuid(0x80000002u + i, r[4 * i], r[4 * i + 1], r[4 * i + 2], r[4 * i + 3]);
	char raw[49];
	memcpy(raw, r, 48);
	raw[48] = '\0';
	char *v = raw;
	while (*v == ' ')
		v++;
	size_t n = strlen(v);
	while (n && v[n - 1] == ' ')
		v[--n] = '\0';
	snprintf(out, size, "%s", v);
}

/* ---- the checks ---------------------------------------------------------- */

static void check_all_queries(void)
{
	for (size_t i = 0; i < sizeof(queries) / sizeof(queries[0]); i++) {
		size_t size = 0;
		free(query(&queries[i], &size));
	}
	/* Not a query: CL_INVALID_VALUE (§4.2). */
	size_t size;
	CHECK_ERR(clGetDeviceInfo(dev, 0x7fff, 0, NULL, &size), CL_INVALID_VALUE);
	CHECK_ERR(clGetDeviceInfo(dev, 0, 0, NULL, &size), CL_INVALID_VALUE);
	/* A NULL buffer with a size is a size query. */
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_TYPE, 8, NULL, &size));
	CHECK(size == sizeof(cl_device_type));
}

static void check_identity(cl_platform_id platform)
{
	cl_device_type type = 0;
	GET(CL_DEVICE_TYPE, type);
	CHECK(type == CL_DEVICE_TYPE_CPU);

	cl_platform_id p = NULL;
	GET(CL_DEVICE_PLATFORM, p);
	CHECK(p == platform);
	cl_device_id parent = (cl_device_id)1;
	GET(CL_DEVICE_PARENT_DEVICE, parent);
	CHECK(parent == NULL);
	cl_uint refs = 0;
	GET(CL_DEVICE_REFERENCE_COUNT, refs);
	CHECK(refs == 1);

	char *version = get_string(CL_DEVICE_VERSION);
	CHECK(strcmp(version, "OpenCL 3.0 Kiln") == 0);
	free(version);
	cl_version nv = 0;
	GET(CL_DEVICE_NUMERIC_VERSION, nv);
	CHECK(nv == CL_MAKE_VERSION(3, 0, 0));
	char *profile = get_string(CL_DEVICE_PROFILE);
	CHECK(strcmp(profile, "FULL_PROFILE") == 0);
	free(profile);
	char *cver = get_string(CL_DEVICE_OPENCL_C_VERSION);
	CHECK(strncmp(cver, "OpenCL C 1.2 ", 13) == 0 || strncmp(cver, "OpenCL C 2.0 ", 13) == 0);
	free(cver);
	char *driver = get_string(CL_DRIVER_VERSION);
	CHECK(driver[0] != '\0' && isdigit((unsigned char)driver[0]));
	free(driver);
	char *vendor = get_string(CL_DEVICE_VENDOR);
	CHECK(vendor[0] != '\0');
	free(vendor);

	/* The name starts with the CPU's brand string. */
	char model[64];
	cpuid_brand(model, sizeof(model));
	char *name = get_string(CL_DEVICE_NAME);
	CHECK(name[0] != '\0');
	if (model[0] && strncmp(name, model, strlen(model)) != 0) {
		fprintf(stderr, "device name \"%s\", CPUID brand \"%s\"\n", name, model);
		CHECK(!"device name starts with the CPU model");
	}
	free(name);

	/* "vYYYY-MM-DD-XX" (§4.2). */
	char *conf = get_string(CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED);
	CHECK(strlen(conf) == 14 && conf[0] == 'v' && conf[5] == '-' && conf[8] == '-' &&
	      conf[11] == '-');
	for (int i = 1; i < 14; i++)
		if (i != 5 && i != 8 && i != 11)
			CHECK(isdigit((unsigned char)conf[i]));
	free(conf);

	cl_bool b = CL_FALSE;
	GET(CL_DEVICE_AVAILABLE, b);
	CHECK(b == CL_TRUE);
	GET(CL_DEVICE_ENDIAN_LITTLE, b);
	CHECK(b == CL_TRUE);
	cl_uint bits = 0;
	GET(CL_DEVICE_ADDRESS_BITS, bits);
	CHECK(bits == sizeof(void *) * 8);
	size_t res = 0;
	GET(CL_DEVICE_PROFILING_TIMER_RESOLUTION, res);
	CHECK(res == 1);
}

static void check_compute_units(void)
{
	cl_uint cu = 0;
	GET(CL_DEVICE_MAX_COMPUTE_UNITS, cu);
	unsigned want = expected_compute_units();
	if (cu != want)
		fprintf(stderr, "compute units %u, expected %u\n", cu, want);
	CHECK(cu == want);
}

static void check_memory(void)
{
	cl_uint line = 0, align = 0, min_align = 0;
	GET(CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, line);
	long sys_line = sysconf(_SC_LEVEL1_DCACHE_LINESIZE);
	if (sys_line > 0)
		CHECK(line == (cl_uint)sys_line);
	CHECK(line >= 16 && (line & (line - 1)) == 0);

	GET(CL_DEVICE_MEM_BASE_ADDR_ALIGN, align);
	CHECK(align % 8 == 0 && (align & (align - 1)) == 0);
	CHECK(align >= 1024 && align >= 8 * line);
	GET(CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE, min_align);
	CHECK(min_align >= 128);

	cl_ulong global = 0, alloc = 0, cache = 0, local = 0, constant = 0;
	GET(CL_DEVICE_GLOBAL_MEM_SIZE, global);
	unsigned long long phys = (unsigned long long)sysconf(_SC_PHYS_PAGES) *
				  (unsigned long long)sysconf(_SC_PAGESIZE);
	CHECK(global > 0 && global <= phys);
	GET(CL_DEVICE_MAX_MEM_ALLOC_SIZE, alloc);
	cl_ulong min_alloc = global / 4 < (1ull << 30) ? global / 4 : 1ull << 30;
	if (min_alloc < (32ull << 20))
		min_alloc = 32ull << 20;
	CHECK(alloc >= min_alloc && alloc <= global);

	/* The cache size is one real cache's: not bigger than the machine's
	 * memory, and not a VM's 508 MiB fantasy. */
	GET(CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, cache);
	CHECK(cache >= 4096 && cache <= (256ull << 20));
	cl_device_mem_cache_type ctype = 0;
	GET(CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, ctype);
	CHECK(ctype == CL_READ_WRITE_CACHE);

	GET(CL_DEVICE_LOCAL_MEM_SIZE, local);
	CHECK(local >= (32u << 10)); /* full-profile minimum */
	GET(CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, constant);
	CHECK(constant >= (64u << 10) && constant <= alloc);
	cl_uint cargs = 0;
	GET(CL_DEVICE_MAX_CONSTANT_ARGS, cargs);
	CHECK(cargs >= 8);
	size_t param = 0;
	GET(CL_DEVICE_MAX_PARAMETER_SIZE, param);
	CHECK(param >= 1024);
	size_t printf_size = 0;
	GET(CL_DEVICE_PRINTF_BUFFER_SIZE, printf_size);
	CHECK(printf_size >= (1u << 20));
}

static void check_work_sizes(void)
{
	cl_uint dims = 0;
	GET(CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, dims);
	CHECK(dims == 3);
	size_t wg = 0, items[3] = { 0, 0, 0 }, multiple = 0;
	GET(CL_DEVICE_MAX_WORK_GROUP_SIZE, wg);
	CHECK(wg >= 1);
	GET(CL_DEVICE_MAX_WORK_ITEM_SIZES, items);
	for (int i = 0; i < 3; i++)
		CHECK(items[i] >= 1 && items[i] <= wg);
	GET(CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, multiple);
	CHECK(multiple >= 1 && multiple <= wg);
}

static void check_vectors(const char *extensions)
{
	unsigned bytes = expected_vector_bytes();
	bool fp64 = check_has_word(extensions, "cl_khr_fp64");
	bool fp16 = check_has_word(extensions, "cl_khr_fp16");
	const struct {
		cl_device_info preferred, native;
		unsigned want;
	} widths[] = {
		{ CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, bytes },
		{ CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT, CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT, bytes / 2 },
		{ CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, bytes / 4 },
		{ CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG, CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG, bytes / 8 },
		{ CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, bytes / 4 },
		{ CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE,
		  fp64 ? bytes / 8 : 0 },
		{ CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF,
		  fp16 ? bytes / 2 : 0 },
	};
	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++) {
		cl_uint p = 99, n = 99;
		GET(widths[i].preferred, p);
		GET(widths[i].native, n);
		if (p != widths[i].want || n != widths[i].want)
			fprintf(stderr, "vector width 0x%x: %u/%u, expected %u\n",
				(unsigned)widths[i].preferred, p, n, widths[i].want);
		CHECK(p == widths[i].want && n == widths[i].want);
	}
	cl_device_fp_config fp = 0;
	GET(CL_DEVICE_SINGLE_FP_CONFIG, fp);
	CHECK((fp & (CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN)) ==
	      (CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN));
	GET(CL_DEVICE_DOUBLE_FP_CONFIG, fp);
	if (fp64)
		CHECK((fp & (CL_FP_FMA | CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN | CL_FP_DENORM)) ==
		      (CL_FP_FMA | CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN | CL_FP_DENORM));
	else
		CHECK(fp == 0);
}

static void check_clock(void)
{
	cl_uint mhz = 0;
	GET(CL_DEVICE_MAX_CLOCK_FREQUENCY, mhz);
	double want = 0;
	FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "r");
	if (f) {
		double khz;
		if (fscanf(f, "%lf", &khz) == 1)
			want = khz / 1000;
		fclose(f);
	} else if ((f = fopen("/proc/cpuinfo", "r"))) {
		char line[256];
		while (fgets(line, sizeof(line), f)) {
			double v;
			char *c = strchr(line, ':');
			if (strncmp(line, "cpu MHz", 7) == 0 && c && sscanf(c + 1, "%lf", &v) == 1 &&
			    v > want)
				want = v;
		}
		fclose(f);
	}
	/* /proc/cpuinfo shows the current clock, which moves: allow 1 %. */
	if (want > 0)
		CHECK(fabs(mhz - want) <= 1 + want / 100);
}

static void check_versions_and_extensions(const char *extensions)
{
	size_t n = 0;
	cl_name_version *ext = get_versions(CL_DEVICE_EXTENSIONS_WITH_VERSION, &n);
	/* The same set as the string, in both directions. */
	size_t words = 0;
	for (const char *p = extensions; *p;) {
		size_t len = strcspn(p, " ");
		if (len) {
			words++;
			bool found = false;
			for (size_t i = 0; i < n; i++)
				if (strlen(ext[i].name) == len && strncmp(ext[i].name, p, len) == 0)
					found = true;
			CHECK(found);
		}
		p += len;
		while (*p == ' ')
			p++;
	}
	CHECK(words == n);
	for (size_t i = 0; i < n; i++)
		CHECK(check_has_word(extensions, ext[i].name));
	CHECK(check_has_word(extensions, "cl_khr_icd"));
	free(ext);

	cl_name_version *cv = get_versions(CL_DEVICE_OPENCL_C_ALL_VERSIONS, &n);
	bool v10 = false, v11 = false, v12 = false;
	for (size_t i = 0; i < n; i++) {
		CHECK(strcmp(cv[i].name, "OpenCL C") == 0);
		v10 |= cv[i].version == CL_MAKE_VERSION(1, 0, 0);
		v11 |= cv[i].version == CL_MAKE_VERSION(1, 1, 0);
		v12 |= cv[i].version == CL_MAKE_VERSION(1, 2, 0);
	}
	CHECK(v10 && v11 && v12);
	free(cv);

	cl_name_version *feat = get_versions(CL_DEVICE_OPENCL_C_FEATURES, &n);
	bool int64 = false, fp64_feature = false;
	for (size_t i = 0; i < n; i++) {
		CHECK(strncmp(feat[i].name, "__opencl_c_", 11) == 0);
		int64 |= strcmp(feat[i].name, "__opencl_c_int64") == 0;
		fp64_feature |= strcmp(feat[i].name, "__opencl_c_fp64") == 0;
	}
	CHECK(int64); /* required of a full-profile device */
	CHECK(fp64_feature == check_has_word(extensions, "cl_khr_fp64"));
	free(feat);

	/* The IL and built-in kernel strings agree with their lists. */
	char *il = get_string(CL_DEVICE_IL_VERSION);
	cl_name_version *ils = get_versions(CL_DEVICE_ILS_WITH_VERSION, &n);
	CHECK((il[0] == '\0') == (n == 0));
	CHECK(check_has_word(extensions, "cl_khr_il_program") == (il[0] != '\0'));
	/* cl_khr_spirv_queries on every device, its capability list empty
	 * exactly without SPIR-V (test_spirv_queries checks the lists). */
	CHECK(check_has_word(extensions, CL_KHR_SPIRV_QUERIES_EXTENSION_NAME));
	size_t caps_size = 1;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_SPIRV_CAPABILITIES_KHR, 0, NULL, &caps_size));
	CHECK((caps_size == 0) == (il[0] == '\0'));
	free(il);
	free(ils);
	char *bik = get_string(CL_DEVICE_BUILT_IN_KERNELS);
	cl_name_version *biks = get_versions(CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION, &n);
	CHECK((bik[0] == '\0') == (n == 0));
	free(bik);
	free(biks);
}

/* Features reported off must come with the values the spec gives for "not
 * supported"; features reported on with at least the spec's minimum. */
static void check_optional_features(void)
{
	cl_bool compiler = 2, linker = 2, images = 2, pipes = 2;
	GET(CL_DEVICE_COMPILER_AVAILABLE, compiler);
	GET(CL_DEVICE_LINKER_AVAILABLE, linker);
	CHECK(compiler == CL_TRUE || compiler == CL_FALSE);
	CHECK(linker == compiler); /* §4.2: linker may be false only without a compiler */

	GET(CL_DEVICE_IMAGE_SUPPORT, images);
	const cl_device_info image_uints[] = {
		CL_DEVICE_MAX_READ_IMAGE_ARGS, CL_DEVICE_MAX_WRITE_IMAGE_ARGS,
		CL_DEVICE_MAX_SAMPLERS,
	};
	const cl_device_info image_sizes[] = {
		CL_DEVICE_IMAGE2D_MAX_WIDTH, CL_DEVICE_IMAGE2D_MAX_HEIGHT,
		CL_DEVICE_IMAGE3D_MAX_WIDTH, CL_DEVICE_IMAGE3D_MAX_HEIGHT,
		CL_DEVICE_IMAGE3D_MAX_DEPTH, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE,
		CL_DEVICE_IMAGE_MAX_ARRAY_SIZE,
	};
	for (size_t i = 0; i < 3; i++) {
		cl_uint v = 99;
		GET(image_uints[i], v);
		CHECK(images ? v >= 8 : v == 0);
	}
	for (size_t i = 0; i < 7; i++) {
		size_t v = 99;
		GET(image_sizes[i], v);
		CHECK(images ? v >= 256 : v == 0);
	}

	GET(CL_DEVICE_PIPE_SUPPORT, pipes);
	cl_uint pipe_args = 99;
	GET(CL_DEVICE_MAX_PIPE_ARGS, pipe_args);
	CHECK(pipes ? pipe_args >= 16 : pipe_args == 0);

	cl_device_svm_capabilities svm = 99;
	GET(CL_DEVICE_SVM_CAPABILITIES, svm);
	CHECK(svm == 0 || (svm & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER));

	cl_device_device_enqueue_capabilities dq = 99;
	cl_command_queue_properties qprops = 99;
	GET(CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, dq);
	GET(CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, qprops);
	if (!dq)
		CHECK(qprops == 0);

	/* §4.2: the minimum a 3.0 device reports. */
	cl_device_atomic_capabilities mem = 0, fence = 0;
	GET(CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, mem);
	GET(CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, fence);
	cl_device_atomic_capabilities mem_min = CL_DEVICE_ATOMIC_ORDER_RELAXED |
						CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP;
	cl_device_atomic_capabilities fence_min = mem_min | CL_DEVICE_ATOMIC_ORDER_ACQ_REL;
	CHECK((mem & mem_min) == mem_min);
	CHECK((fence & fence_min) == fence_min);

	cl_command_queue_properties host = 0, host_old = 0;
	GET(CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, host);
	GET(CL_DEVICE_QUEUE_PROPERTIES, host_old);
	CHECK(host == host_old);
	CHECK(host & CL_QUEUE_PROFILING_ENABLE);
	CHECK((host & ~(cl_command_queue_properties)(CL_QUEUE_PROFILING_ENABLE |
		CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)) == 0);
	cl_device_exec_capabilities exec = 0;
	GET(CL_DEVICE_EXECUTION_CAPABILITIES, exec);
	CHECK(exec & CL_EXEC_KERNEL);

	/* §4.3 (docs/sub_devices.md): a device of two or more compute units
	 * splits equally, by counts and (with a known topology) by affinity
	 * domain; one of a single unit reports 0 and a single 0. */
	cl_uint max_sub = 99, units = 0;
	GET(CL_DEVICE_PARTITION_MAX_SUB_DEVICES, max_sub);
	GET(CL_DEVICE_MAX_COMPUTE_UNITS, units);
	cl_device_partition_property pp[4] = { 99, 99, 99, 99 };
	size_t size = 0;
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_PARTITION_PROPERTIES, sizeof(pp), pp, &size));
	cl_device_affinity_domain dom = 99;
	GET(CL_DEVICE_PARTITION_AFFINITY_DOMAIN, dom);
	if (units >= 2) {
		CHECK(max_sub == units);
		CHECK(size >= 2 * sizeof(pp[0]) && size <= 3 * sizeof(pp[0]));
		CHECK(pp[0] == CL_DEVICE_PARTITION_EQUALLY &&
		      pp[1] == CL_DEVICE_PARTITION_BY_COUNTS);
		CHECK((size == 3 * sizeof(pp[0])) == (dom != 0));
		if (dom)
			CHECK(pp[2] == CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN &&
			      (dom & CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE) &&
			      (dom & CL_DEVICE_AFFINITY_DOMAIN_NUMA));
	} else {
		CHECK(max_sub == 0);
		CHECK(size == sizeof(pp[0]) && pp[0] == 0);
		CHECK(dom == 0);
	}
	CHECK_OK(clGetDeviceInfo(dev, CL_DEVICE_PARTITION_TYPE, sizeof(pp), pp, &size));
	CHECK(size == 0 || (size == sizeof(pp[0]) && pp[0] == 0));
}

static void check_retain_release_partition(cl_platform_id platform)
{
	CHECK_OK(clRetainDevice(dev));
	CHECK_OK(clReleaseDevice(dev));
	CHECK_OK(clReleaseDevice(dev)); /* root: no effect, still valid */
	cl_uint refs = 0;
	GET(CL_DEVICE_REFERENCE_COUNT, refs);
	CHECK(refs == 1);
	cl_device_type type = 0;
	GET(CL_DEVICE_TYPE, type);
	CHECK(type == CL_DEVICE_TYPE_CPU);

	CHECK_ERR(clRetainDevice(NULL), CL_INVALID_DEVICE);
	CHECK_ERR(clReleaseDevice(NULL), CL_INVALID_DEVICE);
	/* A platform handle is not a device (dispatched through the loader). */
	cl_device_id wrong = (cl_device_id)platform;
	CHECK_ERR(clRetainDevice(wrong), CL_INVALID_DEVICE);
	CHECK_ERR(clReleaseDevice(wrong), CL_INVALID_DEVICE);
	CHECK_ERR(clGetDeviceInfo(wrong, CL_DEVICE_TYPE, sizeof(type), &type, NULL),
		  CL_INVALID_DEVICE);
	CHECK_ERR(clGetDeviceInfo(NULL, CL_DEVICE_TYPE, sizeof(type), &type, NULL),
		  CL_INVALID_DEVICE);

	/* §4.3: malformed lists are CL_INVALID_VALUE; on a device that
	 * lists no partition scheme (one compute unit) so is every scheme.
	 * Nothing is written.  (test_sub_devices partitions.) */
	cl_device_id out[4] = { NULL, NULL, NULL, NULL };
	cl_uint n = 77;
	const cl_device_partition_property equally[] = { CL_DEVICE_PARTITION_EQUALLY, 1, 0 };
	const cl_device_partition_property counts[] = {
		CL_DEVICE_PARTITION_BY_COUNTS, 1, 1, CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0 };
	const cl_device_partition_property affinity[] = {
		CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
		CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE, 0 };
	const cl_device_partition_property bogus[] = { 0x1234, 0 };
	const cl_device_partition_property empty[] = { 0 };
	cl_uint max_sub = 0;
	GET(CL_DEVICE_PARTITION_MAX_SUB_DEVICES, max_sub);
	if (max_sub == 0) {
		CHECK_ERR(clCreateSubDevices(dev, equally, 4, out, &n), CL_INVALID_VALUE);
		CHECK_ERR(clCreateSubDevices(dev, counts, 4, out, &n), CL_INVALID_VALUE);
		CHECK_ERR(clCreateSubDevices(dev, affinity, 4, out, &n), CL_INVALID_VALUE);
		CHECK_ERR(clCreateSubDevices(dev, equally, 0, NULL, &n), CL_INVALID_VALUE);
	}
	CHECK_ERR(clCreateSubDevices(dev, bogus, 4, out, &n), CL_INVALID_VALUE);
	CHECK_ERR(clCreateSubDevices(dev, empty, 4, out, &n), CL_INVALID_VALUE);
	CHECK_ERR(clCreateSubDevices(dev, NULL, 4, out, &n), CL_INVALID_VALUE);
	CHECK_ERR(clCreateSubDevices(NULL, equally, 4, out, &n), CL_INVALID_DEVICE);
	CHECK_ERR(clCreateSubDevices(wrong, equally, 4, out, &n), CL_INVALID_DEVICE);
	CHECK(out[0] == NULL && n == 77);
}

int main(void)
{
	cl_platform_id platform;
	check_get_device(&platform, &dev);

	check_all_queries();
	char *extensions = get_string(CL_DEVICE_EXTENSIONS);
	check_identity(platform);
	check_compute_units();
	check_memory();
	check_work_sizes();
	check_vectors(extensions);
	check_clock();
	check_versions_and_extensions(extensions);
	check_optional_features();
	check_retain_release_partition(platform);
	free(extensions);
	return check_done();
}
