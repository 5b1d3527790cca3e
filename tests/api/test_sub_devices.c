/* Sub-devices (OpenCL 3.0 §4.3): every partition scheme the device lists,
 * the queries of a sub-device, nested partitions, reference counts, contexts
 * and queues on sub-devices, kernels built for the parent, and every error
 * of clCreateSubDevices.
 *
 * Where the commands of a sub-device run is checked from the outside:
 * native kernels (which run on the device's worker threads, the threads
 * that also run its work-groups) report sched_getcpu() and their thread's
 * affinity mask.  Each sub-device's threads must be pinned to CPUs of their
 * own, disjoint from the other sub-devices'; sub-devices made by cache
 * domain must match the sharing lists of sysfs
 * (/sys/devices/system/cpu/cpuN/cache/indexK/shared_cpu_list), read here
 * independently of hwloc.  Two sub-devices run at the same time: a native
 * kernel on each waits for the other's to start. */
#include "check.h"

#include <stdbool.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

static cl_uint uint_info(cl_device_id d, cl_device_info p)
{
	cl_uint v = 0;
	CHECK_OK(clGetDeviceInfo(d, p, sizeof(v), &v, NULL));
	return v;
}

/* CL_DEVICE_PARTITION_TYPE / _PROPERTIES as an array; *n entries. */
static cl_device_partition_property *props_info(cl_device_id d, cl_device_info p,
						size_t *n)
{
	size_t size = 0;
	CHECK_OK(clGetDeviceInfo(d, p, 0, NULL, &size));
	cl_device_partition_property *v = calloc(1, size + sizeof(*v));
	REQUIRE(v);
	CHECK_OK(clGetDeviceInfo(d, p, size, v, NULL));
	*n = size / sizeof(*v);
	return v;
}

static bool lists(cl_device_id d, cl_device_partition_property scheme)
{
	size_t n;
	cl_device_partition_property *v = props_info(d, CL_DEVICE_PARTITION_PROPERTIES, &n);
	bool found = false;
	for (size_t i = 0; i < n; i++)
		found = found || (v[i] == scheme && scheme != 0);
	free(v);
	return found;
}

/* ---- where native kernels run ------------------------------------------ */

struct where {
	int cpu;       /* sched_getcpu() */
	int mask_cpus; /* CPUs in the thread's affinity mask */
	int mask_first;
};

static void CL_CALLBACK record_cpu(void *p)
{
	struct where *w = *(struct where **)p;
	/* Long enough that several workers take part in a burst. */
	struct timespec t = { 0, 2000000 };
	nanosleep(&t, NULL);
	cpu_set_t set;
	CPU_ZERO(&set);
	w->mask_cpus = -1;
	if (sched_getaffinity(0, sizeof(set), &set) == 0) {
		w->mask_cpus = CPU_COUNT(&set);
		w->mask_first = -1;
		for (int c = 0; c < CPU_SETSIZE; c++)
			if (CPU_ISSET(c, &set)) {
				w->mask_first = c;
				break;
			}
	}
	w->cpu = sched_getcpu();
}

#define RUNS 16

/* Runs RUNS native kernels on an out-of-order queue of `d` and returns the
 * set of CPUs they ran on (as a bit mask); checks that each ran on a thread
 * pinned to exactly that one CPU. */
static unsigned long long cpus_of(cl_context ctx, cl_device_id d)
{
	cl_int err;
	cl_command_queue q = clCreateCommandQueue(ctx, d,
		CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
	CHECK_OK(err);
	struct where w[RUNS];
	memset(w, 0xff, sizeof(w));
	for (int i = 0; i < RUNS; i++) {
		struct where *p = &w[i];
		CHECK_OK(clEnqueueNativeKernel(q, record_cpu, &p, sizeof(p), 0, NULL,
					       NULL, 0, NULL, NULL));
	}
	CHECK_OK(clFinish(q));
	clReleaseCommandQueue(q);
	unsigned long long set = 0;
	for (int i = 0; i < RUNS; i++) {
		CHECK(w[i].cpu >= 0 && w[i].cpu < 64);
		CHECK(w[i].mask_cpus == 1 && w[i].mask_first == w[i].cpu);
		if (w[i].cpu >= 0 && w[i].cpu < 64)
			set |= 1ull << w[i].cpu;
	}
	return set;
}

/* ---- two sub-devices at once -------------------------------------------- */

struct meet {
	atomic_int *arrived;
	int *saw_other; /* this side saw the other arrive */
};

static void CL_CALLBACK meet_other(void *p)
{
	struct meet *m = p;
	atomic_fetch_add(m->arrived, 1);
	/* Both must be inside at once; 20 s covers a loaded machine. */
	for (int i = 0; i < 20000 && atomic_load(m->arrived) < 2; i++) {
		struct timespec t = { 0, 1000000 };
		nanosleep(&t, NULL);
	}
	*m->saw_other = atomic_load(m->arrived) >= 2;
}

static void check_concurrent(cl_context ctx, cl_device_id a, cl_device_id b)
{
	cl_int err;
	cl_command_queue qa = clCreateCommandQueue(ctx, a, 0, &err);
	CHECK_OK(err);
	cl_command_queue qb = clCreateCommandQueue(ctx, b, 0, &err);
	CHECK_OK(err);
	atomic_int arrived = 0;
	int saw_a = 0, saw_b = 0;
	struct meet ma = { &arrived, &saw_a }, mb = { &arrived, &saw_b };
	CHECK_OK(clEnqueueNativeKernel(qa, meet_other, &ma, sizeof(ma), 0, NULL, NULL,
				       0, NULL, NULL));
	CHECK_OK(clEnqueueNativeKernel(qb, meet_other, &mb, sizeof(mb), 0, NULL, NULL,
				       0, NULL, NULL));
	CHECK_OK(clFinish(qa));
	CHECK_OK(clFinish(qb));
	CHECK(saw_a && saw_b);
	clReleaseCommandQueue(qa);
	clReleaseCommandQueue(qb);
}

/* ---- a sub-device whose last holder is its own command ------------------ */

static void CL_CALLBACK set_flag(void *p)
{
	atomic_store(*(atomic_int **)p, 1);
}

/* The application lets go of everything while a command of the sub-device
 * still waits: the command's completion, on the sub-device's own worker,
 * drops the last hold of its queue, context and device, and the device's
 * workers must stop without that worker waiting for itself. */
static void check_last_hold_on_worker(cl_device_id root)
{
	cl_device_partition_property eq[] = { CL_DEVICE_PARTITION_EQUALLY, 1, 0 };
	cl_device_id sub = NULL;
	cl_uint got = 0;
	cl_int err;
	/* EQUALLY 1 makes one per unit; take them all, keep the first. */
	cl_uint n = 0;
	CHECK_OK(clCreateSubDevices(root, eq, 0, NULL, &n));
	cl_device_id *all = calloc(n, sizeof(*all));
	REQUIRE(all);
	CHECK_OK(clCreateSubDevices(root, eq, n, all, &got));
	for (cl_uint i = 1; i < got; i++)
		CHECK_OK(clReleaseDevice(all[i]));
	sub = all[0];
	free(all);
	cl_context ctx = clCreateContext(NULL, 1, &sub, NULL, NULL, &err);
	CHECK_OK(err);
	cl_command_queue q = clCreateCommandQueue(ctx, sub, 0, &err);
	CHECK_OK(err);
	cl_event gate = clCreateUserEvent(ctx, &err);
	CHECK_OK(err);
	static atomic_int done;
	atomic_int *flag = &done;
	CHECK_OK(clEnqueueNativeKernel(q, set_flag, &flag, sizeof(flag), 0, NULL, NULL,
				       1, &gate, NULL));
	CHECK_OK(clReleaseCommandQueue(q));
	CHECK_OK(clReleaseContext(ctx));
	CHECK_OK(clReleaseDevice(sub));
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clReleaseEvent(gate));
	for (int i = 0; i < 20000 && !atomic_load(&done); i++) {
		struct timespec t = { 0, 1000000 };
		nanosleep(&t, NULL);
	}
	CHECK(atomic_load(&done));
	/* Time for the device to go; a hang or crash fails the test. */
	struct timespec t = { 0, 50000000 };
	nanosleep(&t, NULL);
}

/* ---- sysfs: which CPUs share a cache ------------------------------------- */

/* The CPUs sharing cpu's cache of `level` (data or unified), as a mask;
 * 0 when sysfs does not say. */
static unsigned long long sysfs_sharing(int cpu, int level)
{
	for (int idx = 0; idx < 16; idx++) {
		char path[160], buf[256];
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cache/index%d/level", cpu, idx);
		FILE *f = fopen(path, "r");
		if (!f)
			return 0;
		int lvl = 0;
		bool ok = fscanf(f, "%d", &lvl) == 1;
		fclose(f);
		if (!ok || lvl != level)
			continue;
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cache/index%d/type", cpu, idx);
		f = fopen(path, "r");
		if (!f || !fgets(buf, sizeof(buf), f)) {
			if (f)
				fclose(f);
			continue;
		}
		fclose(f);
		if (strncmp(buf, "Instruction", 11) == 0)
			continue;
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cache/index%d/shared_cpu_list",
			 cpu, idx);
		f = fopen(path, "r");
		if (!f || !fgets(buf, sizeof(buf), f)) {
			if (f)
				fclose(f);
			return 0;
		}
		fclose(f);
		/* "0-3,8,10-11" */
		unsigned long long mask = 0;
		for (char *p = buf; *p && *p != '\n';) {
			int lo = (int)strtol(p, &p, 10), hi = lo;
			if (*p == '-')
				hi = (int)strtol(p + 1, &p, 10);
			for (int c = lo; c <= hi && c < 64; c++)
				mask |= 1ull << c;
			if (*p == ',')
				p++;
		}
		return mask;
	}
	return 0;
}

/* ---- the checks ---------------------------------------------------------- */

static const char *kernel_src =
	"__kernel void scale(__global int *a, int k) {\n"
	"  size_t i = get_global_id(0); a[i] = a[i] * k + (int)i;\n"
	"}\n";

/* A kernel on queues of the sub-devices of a context that also holds the
 * parent, built once (a) for every device of the context and (b) for the
 * parent only: sub-devices run their parent's code. */
static void check_kernels(cl_device_id root, cl_device_id *subs, cl_uint n)
{
	cl_int err;
	cl_device_id *all = calloc(n + 1, sizeof(*all));
	REQUIRE(all);
	memcpy(all, subs, n * sizeof(*subs));
	all[n] = root;
	cl_context ctx = clCreateContext(NULL, n + 1, all, NULL, NULL, &err);
	CHECK_OK(err);
	for (int variant = 0; variant < 2; variant++) {
		cl_program prog = clCreateProgramWithSource(ctx, 1, &kernel_src, NULL, &err);
		CHECK_OK(err);
		CHECK_OK(clBuildProgram(prog, variant ? 1 : 0, variant ? &root : NULL,
					NULL, NULL, NULL));
		/* Every device of the program reports a build, the
		 * sub-devices their parent's (the conformance suite's
		 * device_partition reads each device's status). */
		for (cl_uint d = 0; d <= n; d++) {
			cl_build_status st = CL_BUILD_NONE;
			CHECK_OK(clGetProgramBuildInfo(prog, all[d], CL_PROGRAM_BUILD_STATUS,
						       sizeof(st), &st, NULL));
			CHECK(st == CL_BUILD_SUCCESS);
			size_t log_size = 0;
			CHECK_OK(clGetProgramBuildInfo(prog, all[d], CL_PROGRAM_BUILD_LOG, 0,
						       NULL, &log_size));
			CHECK(log_size >= 1);
		}
		cl_kernel k = clCreateKernel(prog, "scale", &err);
		CHECK_OK(err);
		enum { LEN = 1000 };
		int host[LEN], want[LEN];
		for (int i = 0; i < LEN; i++)
			host[i] = want[i] = i * 3 - 500;
		cl_mem buf = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(host), host, &err);
		CHECK_OK(err);
		CHECK_OK(clSetKernelArg(k, 0, sizeof(buf), &buf));
		for (cl_uint d = 0; d < n; d++) {
			cl_command_queue q = clCreateCommandQueue(ctx, subs[d], 0, &err);
			CHECK_OK(err);
			cl_device_id qd = NULL;
			CHECK_OK(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof(qd), &qd, NULL));
			CHECK(qd == subs[d]);
			int factor = (int)d + 2;
			CHECK_OK(clSetKernelArg(k, 1, sizeof(factor), &factor));
			size_t global = LEN;
			CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL));
			CHECK_OK(clFinish(q));
			for (int i = 0; i < LEN; i++)
				want[i] = want[i] * factor + i;
			clReleaseCommandQueue(q);
		}
		cl_command_queue q = clCreateCommandQueue(ctx, root, 0, &err);
		CHECK_OK(err);
		CHECK_OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(host), host, 0, NULL, NULL));
		CHECK(memcmp(host, want, sizeof(host)) == 0);
		clReleaseCommandQueue(q);
		clReleaseMemObject(buf);
		clReleaseKernel(k);
		clReleaseProgram(prog);
	}
	clReleaseContext(ctx);
	free(all);
}

/* What every sub-device reports (§4.2): its parent, how it was made, its
 * units, whether it can be split again; a reference count of 1. */
static void check_sub(cl_device_id sub, cl_device_id parent,
		      const cl_device_partition_property *type, size_t type_len,
		      cl_uint units)
{
	cl_device_id p = NULL;
	CHECK_OK(clGetDeviceInfo(sub, CL_DEVICE_PARENT_DEVICE, sizeof(p), &p, NULL));
	CHECK(p == parent);
	size_t n = 0;
	cl_device_partition_property *t = props_info(sub, CL_DEVICE_PARTITION_TYPE, &n);
	CHECK(n == type_len);
	CHECK(n == type_len && memcmp(t, type, n * sizeof(*t)) == 0);
	free(t);
	CHECK(uint_info(sub, CL_DEVICE_MAX_COMPUTE_UNITS) == units);
	CHECK(uint_info(sub, CL_DEVICE_REFERENCE_COUNT) == 1);
	cl_uint max_sub = uint_info(sub, CL_DEVICE_PARTITION_MAX_SUB_DEVICES);
	cl_device_partition_property *props =
		props_info(sub, CL_DEVICE_PARTITION_PROPERTIES, &n);
	if (units >= 2) {
		CHECK(max_sub == units);
		CHECK(lists(sub, CL_DEVICE_PARTITION_EQUALLY));
		CHECK(lists(sub, CL_DEVICE_PARTITION_BY_COUNTS));
	} else {
		/* §4.2: nothing to split into two: 0 and a single 0. */
		CHECK(max_sub == 0);
		CHECK(n == 1 && props[0] == 0);
		cl_device_affinity_domain dom = 1;
		CHECK_OK(clGetDeviceInfo(sub, CL_DEVICE_PARTITION_AFFINITY_DOMAIN,
					 sizeof(dom), &dom, NULL));
		CHECK(dom == 0);
	}
	free(props);
	cl_device_type type_v = 0;
	CHECK_OK(clGetDeviceInfo(sub, CL_DEVICE_TYPE, sizeof(type_v), &type_v, NULL));
	CHECK(type_v == CL_DEVICE_TYPE_CPU);
}

static void release_all(cl_device_id *d, cl_uint n)
{
	for (cl_uint i = 0; i < n; i++)
		CHECK_OK(clReleaseDevice(d[i]));
}

/* The CPUs each sub-device ran on: non-empty, disjoint when the device's
 * units are one per CPU, at most one CPU per unit. */
static void check_placement(cl_context ctx, cl_device_id *subs, cl_uint n,
			    unsigned long long *sets, bool one_cpu_per_unit)
{
	unsigned long long seen = 0;
	for (cl_uint i = 0; i < n; i++) {
		sets[i] = cpus_of(ctx, subs[i]);
		CHECK(sets[i] != 0);
		CHECK((cl_uint)__builtin_popcountll(sets[i]) <=
		      uint_info(subs[i], CL_DEVICE_MAX_COMPUTE_UNITS));
		if (one_cpu_per_unit)
			CHECK((seen & sets[i]) == 0);
		seen |= sets[i];
	}
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id root;
	cl_int err;
	check_get_device(&platform, &root);
	cl_uint units = uint_info(root, CL_DEVICE_MAX_COMPUTE_UNITS);
	cl_uint max_sub = uint_info(root, CL_DEVICE_PARTITION_MAX_SUB_DEVICES);

	/* A root device: no parent, CL_DEVICE_PARTITION_TYPE a single 0 (or
	 * nothing), reference counting a no-op (§4.3). */
	cl_device_id parent = (cl_device_id)1;
	CHECK_OK(clGetDeviceInfo(root, CL_DEVICE_PARENT_DEVICE, sizeof(parent), &parent, NULL));
	CHECK(parent == NULL);
	size_t n = 0;
	cl_device_partition_property *t = props_info(root, CL_DEVICE_PARTITION_TYPE, &n);
	CHECK(n == 0 || (n == 1 && t[0] == 0));
	free(t);
	CHECK_OK(clRetainDevice(root));
	CHECK_OK(clRetainDevice(root));
	CHECK(uint_info(root, CL_DEVICE_REFERENCE_COUNT) == 1);
	CHECK_OK(clReleaseDevice(root));
	CHECK_OK(clReleaseDevice(root));
	CHECK_OK(clReleaseDevice(root));
	CHECK(uint_info(root, CL_DEVICE_REFERENCE_COUNT) == 1);
	CHECK_ERR(clRetainDevice(NULL), CL_INVALID_DEVICE);
	CHECK_ERR(clReleaseDevice(NULL), CL_INVALID_DEVICE);

	cl_device_partition_property eq1[] = { CL_DEVICE_PARTITION_EQUALLY, 1, 0 };
	cl_uint got = 0;
	CHECK_ERR(clCreateSubDevices(NULL, eq1, 0, NULL, &got), CL_INVALID_DEVICE);
	CHECK_ERR(clCreateSubDevices(root, NULL, 0, NULL, &got), CL_INVALID_VALUE);

	if (max_sub < 2) {
		/* One compute unit (the serial driver, KILN_NUM_THREADS=1):
		 * §4.2 says 0 and a single 0; no scheme is offered, which is
		 * CL_INVALID_VALUE (§4.3). */
		printf("device has %u compute unit(s): not partitionable\n", units);
		CHECK(units < 2 || max_sub == 0);
		cl_device_partition_property *p =
			props_info(root, CL_DEVICE_PARTITION_PROPERTIES, &n);
		CHECK(n == 1 && p[0] == 0);
		free(p);
		CHECK_ERR(clCreateSubDevices(root, eq1, 0, NULL, &got), CL_INVALID_VALUE);
		return check_done();
	}

	CHECK(max_sub == units);
	CHECK(lists(root, CL_DEVICE_PARTITION_EQUALLY));
	CHECK(lists(root, CL_DEVICE_PARTITION_BY_COUNTS));
	cl_device_id *subs = calloc(units + 1, sizeof(*subs));
	unsigned long long *sets = calloc(units + 1, sizeof(*sets));
	REQUIRE(subs && sets);
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t allowed;
	CPU_ZERO(&allowed);
	REQUIRE(sched_getaffinity(0, sizeof(allowed), &allowed) == 0);
	/* One unit per CPU (the default: one worker per usable core), so
	 * sub-devices have CPUs of their own. */
	/* A synthetic topology (HWLOC_SYNTHETIC, tests/CMakeLists.txt) pins
	 * to its own PU numbers: neither sysfs nor the CPU count apply. */
	bool synthetic = getenv("HWLOC_SYNTHETIC") != NULL;
	bool one_per_cpu = units <= (cl_uint)CPU_COUNT(&allowed) && online <= 64 &&
			   !synthetic;
	unsigned long long allowed_mask = 0;
	for (int c = 0; c < 64; c++)
		if (CPU_ISSET(c, &allowed))
			allowed_mask |= 1ull << c;
	/* The CPUs of the one-unit sub-devices of EQUALLY 1, together. */
	unsigned long long units_mask = 0;
	cl_context rctx = clCreateContext(NULL, 1, &root, NULL, NULL, &err);
	CHECK_OK(err);
	unsigned long long root_set = cpus_of(rctx, root);

	/* ---- CL_DEVICE_PARTITION_EQUALLY ---- */
	CHECK_OK(clCreateSubDevices(root, eq1, 0, NULL, &got));
	CHECK(got == units);
	CHECK_ERR(clCreateSubDevices(root, eq1, units - 1, subs, &got), CL_INVALID_VALUE);
	got = 0;
	CHECK_OK(clCreateSubDevices(root, eq1, units, subs, &got));
	CHECK(got == units);
	for (cl_uint i = 0; i < got; i++)
		check_sub(subs[i], root, eq1, 3, 1);
	/* Reference counts of a sub-device are real (§4.3). */
	CHECK_OK(clRetainDevice(subs[0]));
	CHECK(uint_info(subs[0], CL_DEVICE_REFERENCE_COUNT) == 2);
	CHECK_OK(clReleaseDevice(subs[0]));
	CHECK(uint_info(subs[0], CL_DEVICE_REFERENCE_COUNT) == 1);
	{
		cl_context ctx = clCreateContext(NULL, got, subs, NULL, NULL, &err);
		CHECK_OK(err);
		cl_uint nd = 0;
		CHECK_OK(clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, sizeof(nd), &nd, NULL));
		CHECK(nd == got);
		check_placement(ctx, subs, got, sets, one_per_cpu);
		for (cl_uint i = 0; i < got; i++) {
			CHECK((sets[i] & ~allowed_mask) == 0);
			units_mask |= sets[i];
		}
		/* One CPU for each unit. */
		if (one_per_cpu)
			CHECK((cl_uint)__builtin_popcountll(units_mask) == got);
		/* Sub-devices of one unit each on two CPUs of their own run
		 * at the same time. */
		check_concurrent(ctx, subs[0], subs[1]);
		/* The application's reference goes; the context still holds
		 * the sub-device, which keeps working. */
		CHECK_OK(clReleaseDevice(subs[1]));
		cl_command_queue q = clCreateCommandQueue(ctx, subs[1], 0, &err);
		CHECK_OK(err);
		CHECK(uint_info(subs[1], CL_DEVICE_MAX_COMPUTE_UNITS) == 1);
		CHECK_OK(clFinish(q));
		clReleaseCommandQueue(q);
		clReleaseContext(ctx);
		subs[1] = NULL;
	}
	check_kernels(root, subs, 1);
	for (cl_uint i = 0; i < got; i++)
		if (subs[i])
			CHECK_OK(clReleaseDevice(subs[i]));

	/* n that does not divide the units: the rest is unused. */
	if (units >= 3) {
		cl_device_partition_property eq2[] = { CL_DEVICE_PARTITION_EQUALLY, 2, 0 };
		CHECK_OK(clCreateSubDevices(root, eq2, 0, NULL, &got));
		CHECK(got == units / 2);
	}
	/* More units than the device has: it cannot be split so (§4.3). */
	cl_device_partition_property eq_big[] = { CL_DEVICE_PARTITION_EQUALLY,
						  (cl_device_partition_property)units + 1, 0 };
	CHECK_ERR(clCreateSubDevices(root, eq_big, 0, NULL, &got), CL_DEVICE_PARTITION_FAILED);
	cl_device_partition_property eq0[] = { CL_DEVICE_PARTITION_EQUALLY, 0, 0 };
	CHECK_ERR(clCreateSubDevices(root, eq0, 0, NULL, &got), CL_INVALID_VALUE);
	cl_device_partition_property eqneg[] = { CL_DEVICE_PARTITION_EQUALLY, -1, 0 };
	CHECK_ERR(clCreateSubDevices(root, eqneg, 0, NULL, &got), CL_INVALID_VALUE);
	cl_device_partition_property eq_unterminated[] = { CL_DEVICE_PARTITION_EQUALLY, 1,
							   CL_DEVICE_PARTITION_EQUALLY, 0 };
	CHECK_ERR(clCreateSubDevices(root, eq_unterminated, 0, NULL, &got), CL_INVALID_VALUE);
	cl_device_partition_property unknown[] = { 0x4242, 1, 0 };
	CHECK_ERR(clCreateSubDevices(root, unknown, 0, NULL, &got), CL_INVALID_VALUE);

	/* ---- CL_DEVICE_PARTITION_BY_COUNTS ---- */
	cl_device_partition_property counts[] = {
		CL_DEVICE_PARTITION_BY_COUNTS, 1, (cl_device_partition_property)units - 1,
		CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0
	};
	CHECK_OK(clCreateSubDevices(root, counts, 0, NULL, &got));
	CHECK(got == 2);
	CHECK_ERR(clCreateSubDevices(root, counts, 1, subs, &got), CL_INVALID_VALUE);
	CHECK_OK(clCreateSubDevices(root, counts, 2, subs, &got));
	check_sub(subs[0], root, counts, 5, 1);
	check_sub(subs[1], root, counts, 5, units - 1);
	{
		cl_context ctx = clCreateContext(NULL, 2, subs, NULL, NULL, &err);
		CHECK_OK(err);
		check_placement(ctx, subs, 2, sets, one_per_cpu);
		clReleaseContext(ctx);
	}
	check_kernels(root, subs, 2);
	release_all(subs, 2);

	/* ---- nested: all units in one sub-device, split again ---- */
	cl_device_partition_property whole[] = {
		CL_DEVICE_PARTITION_BY_COUNTS, (cl_device_partition_property)units,
		CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0
	};
	cl_device_id mid = NULL;
	CHECK_OK(clCreateSubDevices(root, whole, 1, &mid, &got));
	REQUIRE(mid);
	check_sub(mid, root, whole, 4, units);
	CHECK_OK(clCreateSubDevices(mid, eq1, units, subs, &got));
	CHECK(got == units);
	for (cl_uint i = 0; i < got; i++)
		check_sub(subs[i], mid, eq1, 3, 1);
	{
		/* The leaves run on the CPUs of the root's units, one each. */
		cl_context ctx = clCreateContext(NULL, got, subs, NULL, NULL, &err);
		CHECK_OK(err);
		check_placement(ctx, subs, got, sets, one_per_cpu);
		unsigned long long leaves = 0;
		for (cl_uint i = 0; i < got; i++)
			leaves |= sets[i];
		CHECK(!one_per_cpu || leaves == units_mask);
		clReleaseContext(ctx);
		ctx = clCreateContext(NULL, 1, &mid, NULL, NULL, &err);
		CHECK_OK(err);
		unsigned long long mid_set = cpus_of(ctx, mid);
		CHECK(!one_per_cpu || (mid_set & ~units_mask) == 0);
		clReleaseContext(ctx);
	}
	/* The parent may go first: its sub-devices keep it (§4.3,
	 * CL_DEVICE_PARENT_DEVICE stays valid). */
	CHECK_OK(clReleaseDevice(mid));
	cl_device_id p2 = NULL;
	CHECK_OK(clGetDeviceInfo(subs[0], CL_DEVICE_PARENT_DEVICE, sizeof(p2), &p2, NULL));
	CHECK(p2 == mid);
	CHECK(uint_info(p2, CL_DEVICE_MAX_COMPUTE_UNITS) == units);
	release_all(subs, got);

	/* ---- BY_COUNTS errors (§4.3) ---- */
	cl_device_partition_property too_many_units[] = {
		CL_DEVICE_PARTITION_BY_COUNTS, (cl_device_partition_property)units, 1,
		CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0
	};
	CHECK_ERR(clCreateSubDevices(root, too_many_units, 0, NULL, &got),
		  CL_INVALID_DEVICE_PARTITION_COUNT);
	cl_device_partition_property negative[] = {
		CL_DEVICE_PARTITION_BY_COUNTS, 1, -1,
		CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0
	};
	CHECK_ERR(clCreateSubDevices(root, negative, 0, NULL, &got),
		  CL_INVALID_DEVICE_PARTITION_COUNT);
	/* More sub-devices than CL_DEVICE_PARTITION_MAX_SUB_DEVICES. */
	cl_device_partition_property *many = calloc(units + 4, sizeof(*many));
	REQUIRE(many);
	many[0] = CL_DEVICE_PARTITION_BY_COUNTS;
	for (cl_uint i = 0; i <= units; i++)
		many[1 + i] = 1;
	many[units + 2] = CL_DEVICE_PARTITION_BY_COUNTS_LIST_END;
	many[units + 3] = 0;
	CHECK_ERR(clCreateSubDevices(root, many, 0, NULL, &got),
		  CL_INVALID_DEVICE_PARTITION_COUNT);
	free(many);
	/* Zero counts: the list ends at once, no sub-device asked for. */
	cl_device_partition_property none[] = { CL_DEVICE_PARTITION_BY_COUNTS,
						CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0 };
	CHECK_ERR(clCreateSubDevices(root, none, 0, NULL, &got), CL_INVALID_VALUE);
	cl_device_partition_property unterminated[] = {
		CL_DEVICE_PARTITION_BY_COUNTS, 1, CL_DEVICE_PARTITION_BY_COUNTS_LIST_END,
		CL_DEVICE_PARTITION_EQUALLY, 0
	};
	CHECK_ERR(clCreateSubDevices(root, unterminated, 0, NULL, &got), CL_INVALID_VALUE);

	/* ---- CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN ---- */
	cl_device_affinity_domain domains = 0;
	CHECK_OK(clGetDeviceInfo(root, CL_DEVICE_PARTITION_AFFINITY_DOMAIN,
				 sizeof(domains), &domains, NULL));
	CHECK(lists(root, CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN) == (domains != 0));
	static const struct {
		cl_device_affinity_domain bit;
		int cache_level; /* 0: NUMA */
	} levels[] = {
		{ CL_DEVICE_AFFINITY_DOMAIN_NUMA, 0 },
		{ CL_DEVICE_AFFINITY_DOMAIN_L4_CACHE, 4 },
		{ CL_DEVICE_AFFINITY_DOMAIN_L3_CACHE, 3 },
		{ CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE, 2 },
		{ CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE, 1 },
		{ CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE, -1 },
	};
	int first_splitting = -1; /* the level NEXT_PARTITIONABLE must pick */
	for (size_t l = 0; l < sizeof(levels) / sizeof(levels[0]); l++) {
		cl_device_partition_property aff[] = {
			CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
			(cl_device_partition_property)levels[l].bit, 0
		};
		if (!(domains & levels[l].bit)) {
			/* An unsupported domain (§4.3). */
			CHECK_ERR(clCreateSubDevices(root, aff, 0, NULL, &got),
				  CL_INVALID_VALUE);
			continue;
		}
		err = clCreateSubDevices(root, aff, 0, NULL, &got);
		/* The synthetic machine has two NUMA nodes and two L3s, one
		 * per package, and one unit in each. */
		if (synthetic && (levels[l].bit == CL_DEVICE_AFFINITY_DOMAIN_NUMA ||
				  levels[l].bit == CL_DEVICE_AFFINITY_DOMAIN_L3_CACHE))
			CHECK(err == CL_SUCCESS && got == 2);
		if (err == CL_DEVICE_PARTITION_FAILED) {
			/* The whole device shares one such domain. */
			printf("affinity domain 0x%llx: one domain holds the device\n",
			       (unsigned long long)levels[l].bit);
			CHECK(levels[l].bit != CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE ||
			      first_splitting < 0);
			if (one_per_cpu && levels[l].cache_level > 0) {
				/* sysfs agrees: one cache of that level
				 * holds every CPU the device runs on. */
				int c0 = __builtin_ctzll(root_set);
				unsigned long long share = sysfs_sharing(c0, levels[l].cache_level);
				CHECK(share == 0 || (root_set & ~share) == 0);
			}
			continue;
		}
		CHECK_OK(err);
		CHECK(got >= 2 && got <= units);
		if (err != CL_SUCCESS || got < 2 || got > units)
			continue;
		if (levels[l].cache_level >= 0 && first_splitting < 0)
			first_splitting = (int)l;
		CHECK_OK(clCreateSubDevices(root, aff, got, subs, &got));
		cl_uint total = 0;
		for (cl_uint i = 0; i < got; i++) {
			size_t tn = 0;
			cl_device_partition_property *tt =
				props_info(subs[i], CL_DEVICE_PARTITION_TYPE, &tn);
			CHECK(tn == 3 && tt[0] == CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN &&
			      tt[2] == 0);
			if (levels[l].bit == CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE)
				/* §4.2: the domain that was used. */
				CHECK(first_splitting >= 0 &&
				      tt[1] == (cl_device_partition_property)
						       levels[first_splitting].bit);
			else
				CHECK(tt[1] == aff[1]);
			free(tt);
			cl_device_id pp = NULL;
			CHECK_OK(clGetDeviceInfo(subs[i], CL_DEVICE_PARENT_DEVICE,
						 sizeof(pp), &pp, NULL));
			CHECK(pp == root);
			total += uint_info(subs[i], CL_DEVICE_MAX_COMPUTE_UNITS);
		}
		CHECK(total == units);
		cl_context ctx = clCreateContext(NULL, got, subs, NULL, NULL, &err);
		CHECK_OK(err);
		check_placement(ctx, subs, got, sets, one_per_cpu);
		clReleaseContext(ctx);
		int level = levels[l].cache_level;
		if (level < 0 && first_splitting >= 0)
			level = levels[first_splitting].cache_level;
		if (one_per_cpu && level > 0) {
			/* Each sub-device's CPUs share one cache of the level,
			 * two sub-devices' CPUs none (sysfs). */
			for (cl_uint i = 0; i < got; i++) {
				int c = __builtin_ctzll(sets[i]);
				unsigned long long share = sysfs_sharing(c, level);
				if (!share)
					continue;
				CHECK((sets[i] & ~share) == 0);
				for (cl_uint j = 0; j < got; j++)
					if (j != i)
						CHECK((sets[j] & share) == 0);
			}
		}
		release_all(subs, got);
	}
	/* Not one domain: two bits, or a bit the spec does not define. */
	cl_device_partition_property two[] = {
		CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
		CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE | CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE, 0
	};
	CHECK_ERR(clCreateSubDevices(root, two, 0, NULL, &got), CL_INVALID_VALUE);
	cl_device_partition_property bad_bit[] = {
		CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN, 1 << 12, 0
	};
	CHECK_ERR(clCreateSubDevices(root, bad_bit, 0, NULL, &got), CL_INVALID_VALUE);

	check_last_hold_on_worker(root);
	clReleaseContext(rctx);
	free(sets);
	free(subs);
	return check_done();
}
