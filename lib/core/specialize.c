/* Work-group functions specialized for a launch's local size (specialize.h).
 *
 * When: KILN_SPECIALIZE=0 never, =1 at the first NDRange of each (kernel,
 * local size) (for tests), otherwise by cost: a specialization costs at
 * most what the program's native code cost to build (the -O3 pipeline and
 * code generation, for one kernel instead of all), and once one of the
 * kernel's specializations has been compiled, about what that one took
 * (price()), so it is made once the kernel has run that long
 * (SPEND_FACTOR times) at this size: the rule of
 * renting until the rent paid equals the price, which never spends more
 * than twice what the best choice in hindsight would, whatever the
 * kernel does next.  Each launch's run time is added to the entry it
 * waits for as the launch ends (kiln_specialize_ran): taking the kernel's
 * last run instead credited the runs of one size to another where sizes
 * alternate (ffmpeg's planes: a 1280x720 plane, then two 640x360 ones, so
 * the large plane's entry was credited with the small planes' runs and
 * was not specialized in 300 frames).  The 16x16-tiled SGEMM of kiln-bench-kernels ran at
 * 62 GFLOP/s before and 114 after on the 2-core Zen 5 VM.  The compile runs on
 * Kiln's background thread (background.h): the clEnqueueNDRangeKernel
 * call that crosses the line posts it and returns, and launches run the
 * kernel's own function until it is ready (a compile on the enqueuing
 * thread stalled a video filter's frame for one kernel's build, 0.3 s for
 * ffmpeg's convolution).  Before compiling, and as soon as the second
 * launch at a size, the disk cache (cache.c) is asked, on the enqueuing
 * thread (a load, no compile), so that a later process gets the
 * specialization without the wait.
 *
 * A kernel with image or sampler arguments is specialized for their
 * formats and sampler bits too (struct kiln_arg_fact, kiln-image-facts):
 * the read_imagef of one format, without the test of the format that
 * otherwise keeps its work-item loop from vectorizing.  Each set of
 * formats a kernel runs with is a specialization of its own, and one made
 * for some formats runs only for launches with those.
 *
 * Specializations run only where every global id fits an int (global
 * offset plus global size at most 2^31 in each dimension: nearly every
 * launch), which the compiler may assume in them (kiln-widen-indices:
 * `int col = get_global_id(0)` indexes in 64 bits without a run-time test
 * per row of work-items).
 *
 * Not specialized: kernels with reqd_work_group_size (kiln-workgroup
 * specializes those in the program itself) unless they take images or
 * samplers, programs with __global
 * program-scope variables (a second executable would have its own copy
 * of them), checked mode (its shadows
 * follow the program's own code), narrow variants (the caller does not
 * ask), block kernels (enqueued from the device, ndrange.c's
 * kiln_ndrange_child).
 *
 * The list of a build is guarded by the program's lock; the build's IR and
 * options it compiles from cannot change while a kernel of the program
 * exists (§5.8.2: no rebuild with kernels attached), and the caller's
 * kernel holds the program. */
#include "specialize.h"

#include "background.h"
#include "binary.h"
#include "cache.h"
#include "debug.h"
#include "event.h"
#include "image.h"
#include "kernel.h"
#include "program.h"
#include "sampler.h"
#include "target.h"
#include "trace.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SPEND_FACTOR 1
/* A build whose native-code time is not known (loaded from the cache or a
 * binary) is assumed to have cost UNKNOWN_COST_NS plus NS_PER_IR_BYTE per
 * byte of its IR: more than any measured build of its size (the IR before
 * kernel-lib is linked says little of the time, which goes to the inlined
 * built-ins: 80-520 ms for kiln-bench-kernels' 2-kernel SGEMM program on
 * the 2-core Zen 5 VM).  A specialization made once is in the disk cache,
 * which is asked from the second launch whatever the cost. */
#define UNKNOWN_COST_NS 1000000000ull
#define NS_PER_IR_BYTE 1000ull

/* KILN_SPECIALIZE: unset, by cost, compiled on the background thread;
 * 0 never; 1 at a launch's first NDRange, compiled before it runs (tests
 * that want every launch specialized); "background" at the first
 * NDRange, compiled on the background thread (tests of that thread). */
enum { MODE_AUTO, MODE_OFF, MODE_FIRST, MODE_FIRST_BACKGROUND };

static int mode(void)
{
	static int m = -1;
	int v = __atomic_load_n(&m, __ATOMIC_RELAXED);
	if (v < 0) {
		const char *e = getenv("KILN_SPECIALIZE");
		v = e && strcmp(e, "0") == 0	      ? MODE_OFF
		    : e && strcmp(e, "1") == 0	      ? MODE_FIRST
		    : e && strcmp(e, "background") == 0 ? MODE_FIRST_BACKGROUND
						      : MODE_AUTO;
		__atomic_store_n(&m, v, __ATOMIC_RELAXED);
	}
	return v;
}

void kiln_size_variants_free(struct kiln_size_variant *list)
{
	while (list) {
		struct kiln_size_variant *next = list->next;
		/* A rebuild (under the program's lock) while the background
		 * thread compiles this entry: that job frees it. */
		if (list->state == KILN_SV_BUSY && list->in_background) {
			list->orphaned = true;
			list = next;
			continue;
		}
		if (list->exe)
			kiln_executable_free(list->exe);
		free(list);
		list = next;
	}
}

/* What launch arguments of k fix for a specialization: the format of each
 * image argument and the bits of each sampler argument, in argument order,
 * at most KILN_MAX_ARG_FACTS (out[]); returns how many.  An argument not
 * (validly) set gives none: snapshot_args refuses the launch anyway. */
static unsigned arg_facts(cl_kernel k, struct kiln_arg_fact out[KILN_MAX_ARG_FACTS])
{
	const struct kiln_kernel_info *info = k->info;
	bool any = false;
	for (uint32_t i = 0; i < info->num_args && !any; i++)
		any = info->args[i].kind == KILN_ARG_IMAGE || info->args[i].kind == KILN_ARG_SAMPLER;
	if (!any)
		return 0;
	unsigned n = 0;
	pthread_mutex_lock(&k->lock);
	for (uint32_t i = 0; i < info->num_args && n < KILN_MAX_ARG_FACTS; i++) {
		const struct kiln_kernel_arg *a = &k->args[i];
		struct kiln_arg_fact f = { .index = i };
		if (!a->set)
			continue;
		if (info->args[i].kind == KILN_ARG_IMAGE) {
			if (!a->mem || !kiln_object_is(a->mem, KILN_OBJ_MEM) ||
			    !kiln_mem_is_image(a->mem))
				continue;
			const struct kiln_image_abi *abi = &kiln_image_of(a->mem)->abi;
			f.kind = KILN_ARG_FACT_IMAGE;
			f.value[0] = (uint32_t)abi->channel_order;
			f.value[1] = (uint32_t)abi->channel_data_type;
			f.value[2] = (uint32_t)abi->pixel_size;
			f.value[3] = (uint32_t)abi->num_channels;
		} else if (info->args[i].kind == KILN_ARG_SAMPLER) {
			if (!kiln_object_is(a->sampler, KILN_OBJ_SAMPLER))
				continue;
			f.kind = KILN_ARG_FACT_SAMPLER;
			f.value[0] = a->sampler->bits;
		} else {
			continue;
		}
		out[n++] = f;
	}
	pthread_mutex_unlock(&k->lock);
	return n;
}

/* The entry of (info, local, facts) in b's list, made when missing; NULL
 * when out of memory. */
static struct kiln_size_variant *entry(struct kiln_program_build *b,
				       const struct kiln_kernel_info *info,
				       const size_t local[3], const struct kiln_arg_fact *facts,
				       unsigned num_facts)
{
	for (struct kiln_size_variant *v = b->size_variants; v; v = v->next)
		if (v->info == info && !memcmp(v->local, local, sizeof(v->local)) &&
		    v->num_facts == num_facts &&
		    !memcmp(v->facts, facts, num_facts * sizeof(*facts)))
			return v;
	struct kiln_size_variant *v = calloc(1, sizeof(*v));
	if (!v)
		return NULL;
	v->info = info;
	memcpy(v->local, local, sizeof(v->local));
	memcpy(v->facts, facts, num_facts * sizeof(*facts));
	v->num_facts = num_facts;
	v->next = b->size_variants;
	b->size_variants = v;
	return v;
}

static void cache_key(struct kiln_hash *key, const struct kiln_blob *ir, const char *options,
		      const struct kiln_target *t, const char *name,
		      const struct kiln_size_variant *v)
{
	kiln_hash_init(key);
	kiln_hash_str(key, "kiln-native-size");
	kiln_hash_bytes(key, ir->data, ir->size);
	kiln_program_hash_environment(key, t, options);
	kiln_hash_str(key, name);
	uint64_t sizes[3] = { v->local[0], v->local[1], v->local[2] };
	kiln_hash_bytes(key, sizes, sizeof(sizes));
	/* the facts' fields are all uint32_t: no padding to hash */
	kiln_hash_bytes(key, v->facts, v->num_facts * sizeof(v->facts[0]));
}

/* The timeline trace's slice of one attempt (docs/trace.md). */
static void trace_attempt(const char *name, const size_t local[3], const char *result,
			  cl_ulong t0)
{
	char detail[256];
	snprintf(detail, sizeof(detail), "%s for groups of %zu x %zu x %zu: %s", name, local[0],
		 local[1], local[2], result);
	kiln_trace_build_phase("specialize", detail, t0);
}

/* The specialization of kernel `name` of the build whose IR and options
 * are given, from the disk cache; NULL on a miss. */
static struct kiln_executable *from_cache(const struct kiln_target *t,
					  const struct kiln_blob *ir, const char *options,
					  const char *name, const struct kiln_size_variant *v)
{
	cl_ulong t0 = kiln_trace_now();
	struct kiln_hash key;
	cache_key(&key, ir, options, t, name, v);
	struct kiln_executable *exe = NULL;
	char *log = NULL;
	struct kiln_binary cached;
	if (!kiln_cache_load(&key, &cached))
		return NULL;
	bool ok = cached.object.size && kiln_load_object(t, &cached.object, &exe, &log);
	kiln_binary_free(&cached);
	free(log);
	if (!ok)
		return NULL;
	KILN_TRACE(trace_attempt(name, v->local, "from the cache", t0));
	return exe;
}

/* The CPU time of the calling thread, in ns.  A compile is priced by it
 * rather than by the wall clock: on the background thread beside busy
 * workers the wall time is up to twice the work (536 against 315 ms for
 * one of ffmpeg's convolution kernels on 2 cores), which put off the
 * kernel's other specializations. */
static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
		return kiln_time_now();
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The specialization compiled (and put in the disk cache); *build_ns is
 * the CPU time the compile took.  NULL when it failed. */
static struct kiln_executable *compile(const struct kiln_target *t, const struct kiln_blob *ir,
				       const char *options, const char *name,
				       const struct kiln_size_variant *v, uint64_t *build_ns)
{
	const size_t *local = v->local;
	cl_ulong t0 = kiln_trace_now();
	struct kiln_executable *exe = NULL;
	char *log = NULL;
	struct kiln_blob obj = { 0 };
	uint64_t c0 = thread_cpu_ns();
	bool ok = kiln_finalize_for_size(t, ir, options, name, local, v->facts, v->num_facts,
					 &exe, &obj, &log);
	*build_ns = thread_cpu_ns() - c0;
	KILN_TRACE(trace_attempt(name, local, ok ? "compiled" : "failed", t0));
	KILN_LOG(KILN_DEBUG_BUILD, "kernel \"%s\" for groups of %zu x %zu x %zu: %s%s",
		 name, local[0], local[1], local[2], ok ? "compiled" : "failed: ",
		 ok ? "" : (log ? log : ""));
	free(log);
	if (ok) {
		struct kiln_hash key;
		cache_key(&key, ir, options, t, name, v);
		kiln_program_cache_executable(&key, t, options, NULL, ir, &obj);
	}
	kiln_blob_free(&obj);
	return ok ? exe : NULL;
}

/* What a specialization of kernel `info` costs to build (the rent rule's
 * price; the file comment): what one of the kernel's specializations took
 * to compile, where one was compiled, else the program's native-code
 * build (all its kernels), else an estimate from the IR.  Called with the
 * program's lock held. */
static uint64_t price(const struct kiln_program_build *b, const struct kiln_kernel_info *info)
{
	uint64_t known = 0;
	for (const struct kiln_size_variant *v = b->size_variants; v; v = v->next)
		if (v->info == info && v->build_ns && (!known || v->build_ns < known))
			known = v->build_ns;
	if (known)
		return known;
	return b->finalize_ns ? b->finalize_ns
			      : UNKNOWN_COST_NS + (uint64_t)b->ir.size * NS_PER_IR_BYTE;
}

/* Whether every global id of the range is below 2^31 (the file comment). */
static bool ids_fit_int(cl_uint work_dim, const size_t *offset, const size_t *global)
{
	const uint64_t limit = (uint64_t)INT_MAX + 1;
	for (cl_uint d = 0; d < work_dim; d++) {
		uint64_t from = offset ? offset[d] : 0;
		if (from > limit || global[d] > limit - from)
			return false;
	}
	return true;
}

/* Makes entry v READY with exe, whose kernel is `made`, or, without
 * one, FAILED after a compile and WAITING after a cache miss (for the
 * cost rule).  Caller holds the program's lock. */
static void settle(struct kiln_size_variant *v, struct kiln_executable *exe,
		   const struct kiln_kernel_native *made, bool compiled, uint64_t build_ns)
{
	v->in_background = false;
	if (!exe) {
		/* a failed compile is not tried again */
		v->state = compiled ? KILN_SV_FAILED : KILN_SV_WAITING;
		return;
	}
	v->build_ns = build_ns;
	v->exe = exe;
	v->native = *made;
	v->state = KILN_SV_READY;
}

/* The kernel of exe named `name` in *made; false (exe freed) when it has
 * none. */
static bool kernel_of(struct kiln_executable **exe, const char *name,
		      struct kiln_kernel_native *made)
{
	if (*exe && kiln_executable_kernel(*exe, name, made))
		return true;
	if (*exe)
		kiln_executable_free(*exe);
	*exe = NULL;
	return false;
}

/* A compile on the background thread.  It works from copies of the
 * build's IR and options and the kernel's name: once the kernel is
 * released, the program may be rebuilt while it runs, and then its entry
 * is orphaned (kiln_size_variants_free) and freed here. */
struct compile_job {
	struct kiln_background_job job;
	cl_program program; /* held until the job ends */
	struct kiln_size_variant *v; /* BUSY, in_background */
	const struct kiln_target *t; /* the device's, which the program holds */
	struct kiln_blob ir;
	char *options;
	char *name;
};

static void compile_job_free(struct compile_job *job)
{
	free(job->ir.data);
	free(job->options);
	free(job->name);
	free(job);
}

static void run_compile_job(struct kiln_background_job *j)
{
	struct compile_job *job = (struct compile_job *)j;
	cl_program p = job->program;
	struct kiln_size_variant *v = job->v;
	uint64_t build_ns = 0;
	struct kiln_executable *exe = compile(job->t, &job->ir, job->options, job->name, v,
					      &build_ns);
	struct kiln_kernel_native made;
	kernel_of(&exe, job->name, &made);
	pthread_mutex_lock(&p->lock);
	if (v->orphaned) {
		if (exe)
			kiln_executable_free(exe);
		free(v);
	} else {
		settle(v, exe, &made, true, build_ns);
	}
	pthread_mutex_unlock(&p->lock);
	kiln_object_unhold(KILN_OBJ(p));
	compile_job_free(job);
}

/* Posts the compile of entry v of build b to the background thread;
 * false when it could not (out of memory, no thread, the process
 * exiting): the caller compiles itself. */
static bool post_compile(cl_program p, const struct kiln_program_build *b,
			 const struct kiln_target *t, const char *name,
			 struct kiln_size_variant *v)
{
	struct compile_job *job = calloc(1, sizeof(*job));
	if (!job)
		return false;
	job->job.run = run_compile_job;
	job->program = p;
	job->v = v;
	job->t = t;
	job->ir.data = malloc(b->ir.size);
	job->ir.size = b->ir.size;
	job->options = b->options ? strdup(b->options) : NULL;
	job->name = strdup(name);
	if (!job->ir.data || (b->options && !job->options) || !job->name) {
		compile_job_free(job);
		return false;
	}
	memcpy(job->ir.data, b->ir.data, b->ir.size);
	kiln_object_hold(KILN_OBJ(p));
	if (!kiln_background_post(&job->job)) {
		kiln_object_unhold(KILN_OBJ(p));
		compile_job_free(job);
		return false;
	}
	return true;
}

void kiln_specialize_for_launch(cl_kernel k, int di, const size_t local[3], cl_uint work_dim,
				const size_t *offset, const size_t *global,
				struct kiln_kernel_native *native, struct kiln_size_variant **counts)
{
	*counts = NULL;
	int m = mode();
	const struct kiln_kernel_info *info = k->info;
	if (m == MODE_OFF || !ids_fit_int(work_dim, offset, global))
		return;
	struct kiln_arg_fact facts[KILN_MAX_ARG_FACTS];
	unsigned num_facts = arg_facts(k, facts);
	if (info->reqd_work_group_size[0] && !num_facts)
		return;
	cl_program p = k->program;
	struct kiln_program_build *b = &p->builds[di];
	/* A second executable has its own copy of the program's __global
	 * variables (§6.8), which the program's other kernels would not see. */
	if (!b->ir.size || (b->has_info && b->info.global_variable_size))
		return;
	pthread_mutex_lock(&p->lock);
	struct kiln_size_variant *v = entry(b, info, local, facts, num_facts);
	if (!v || v->state == KILN_SV_FAILED || v->state == KILN_SV_BUSY)
		goto out;
	if (v->state == KILN_SV_READY) {
		native->fn = v->native.fn;
		native->context_size = v->native.context_size;
		goto out;
	}
	v->launches++;
	/* its runs so far, as they ended (kiln_specialize_ran) */
	uint64_t spent = __atomic_load_n(&v->spent_ns, __ATOMIC_RELAXED);
	uint64_t cost = price(b, info);
	bool first = m == MODE_FIRST || m == MODE_FIRST_BACKGROUND;
	bool want = first || (v->launches >= 2 && spent >= SPEND_FACTOR * cost);
	bool ask_cache = first || (v->launches >= 2 && !v->cache_tried);
	if (!want && !ask_cache)
		goto out;
	/* the target (behind a lock of its own) only here, off the path
	 * every launch takes */
	const struct kiln_target *t = kiln_device_target(p->devices[di]);
	if (t->check) {
		v->state = KILN_SV_FAILED;
		goto out;
	}
	v->state = KILN_SV_BUSY;
	v->cache_tried = true;
	/* The kernel holds the program and keeps it from being rebuilt
	 * (§5.8.2) until this call returns: the build may be read unlocked. */
	bool background = want && m != MODE_FIRST;
	v->in_background = background;
	pthread_mutex_unlock(&p->lock);

	struct kiln_executable *exe = from_cache(t, &b->ir, b->options, info->name, v);
	if (!exe && background && post_compile(p, b, t, info->name, v))
		return; /* BUSY until the background thread settles it */
	uint64_t build_ns = 0;
	if (!exe && want)
		exe = compile(t, &b->ir, b->options, info->name, v, &build_ns);
	struct kiln_kernel_native made;
	bool ok = kernel_of(&exe, info->name, &made);

	pthread_mutex_lock(&p->lock);
	settle(v, exe, &made, want, build_ns);
	if (ok) {
		native->fn = made.fn;
		native->context_size = made.context_size;
	}
out:
	/* the launch's run time counts towards this entry while it waits */
	if (v && v->state == KILN_SV_WAITING)
		*counts = v;
	pthread_mutex_unlock(&p->lock);
}

void kiln_specialize_ran(struct kiln_size_variant *v, uint64_t ns)
{
	__atomic_fetch_add(&v->spent_ns, ns, __ATOMIC_RELAXED);
}
