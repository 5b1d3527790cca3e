/* Program objects and their builds (OpenCL 3.0 §5.8).
 *
 * A build runs per device: front end (source, SPIR-V or a binary's IR),
 * link, then native code.  Builds from source are cached on disk whole;
 * other paths cache the native-code step by the hash of their IR.  The
 * result is made in a scratch struct and swapped in under the lock, so a
 * query during a build sees the old state, never half of the new one. */
#include "program.h"
#include "specialize.h"
#include "binary.h"
#include "cache.h"
#include "context.h"
#include "debug.h"
#include "device.h"
#include "event.h"
#include "kernel.h"
#include "target.h"
#include "trace.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef KILN_VERSION_STRING
#define KILN_VERSION_STRING "unknown"
#endif

/* --- object --------------------------------------------------------- */

static void build_clear(struct kiln_program_build *b)
{
	free(b->options);
	free(b->log);
	free(b->ir.data);
	free(b->object.data);
	free(b->object_cpu);
	free(b->object_features);
	if (b->exe)
		kiln_executable_free(b->exe);
	if (b->has_info)
		kiln_program_info_free(&b->info);
	kiln_size_variants_free(b->size_variants);
	memset(b, 0, sizeof(*b));
	b->status = CL_BUILD_NONE;
	b->binary_type = CL_PROGRAM_BINARY_TYPE_NONE;
}

static void program_free(struct kiln_object *obj)
{
	cl_program p = (cl_program)obj;
	for (cl_uint i = 0; i < p->num_devices; i++)
		build_clear(&p->builds[i]);
	free(p->builds);
	for (cl_uint i = 0; i < p->num_devices; i++)
		kiln_object_unhold(KILN_OBJ(p->devices[i]));
	free(p->devices);
	free(p->source);
	free(p->il);
	free(p->spec);
	pthread_mutex_destroy(&p->lock);
	kiln_object_unhold(KILN_OBJ(p->context));
	free(p);
}

cl_program kiln_program_new(cl_context ctx, cl_uint num_devices,
			    const cl_device_id *devices,
			    enum kiln_program_origin origin, cl_int *err)
{
	cl_program p = calloc(1, sizeof(*p));
	if (!p)
		goto fail;
	p->devices = calloc(num_devices, sizeof(*p->devices));
	p->builds = calloc(num_devices, sizeof(*p->builds));
	if (!p->devices || !p->builds)
		goto fail_free;
	kiln_object_init(KILN_OBJ(p), KILN_OBJ_PROGRAM, program_free);
	p->context = ctx;
	kiln_object_hold(KILN_OBJ(ctx));
	p->num_devices = num_devices;
	for (cl_uint i = 0; i < num_devices; i++) {
		p->devices[i] = devices[i];
		kiln_object_hold(KILN_OBJ(devices[i]));
		build_clear(&p->builds[i]);
	}
	p->origin = origin;
	pthread_mutex_init(&p->lock, NULL);
	atomic_init(&p->num_kernels, 0);
	atomic_init(&p->busy, false);
	*err = CL_SUCCESS;
	return p;
fail_free:
	free(p->devices);
	free(p->builds);
	free(p);
fail:
	*err = CL_OUT_OF_HOST_MEMORY;
	return NULL;
}

int kiln_program_device_index(cl_program p, cl_device_id dev)
{
	for (cl_uint i = 0; i < p->num_devices; i++)
		if (p->devices[i] == dev)
			return (int)i;
	return -1;
}

int kiln_program_exec_index(cl_program p, cl_device_id dev)
{
	for (; dev; dev = dev->parent) {
		int i = kiln_program_device_index(p, dev);
		if (i >= 0 && kiln_program_has_executable(p, (cl_uint)i))
			return i;
	}
	return -1;
}

bool kiln_program_has_executable(cl_program p, cl_uint index)
{
	const struct kiln_program_build *b = &p->builds[index];
	return b->status == CL_BUILD_SUCCESS &&
	       b->binary_type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE && b->exe;
}

int kiln_program_first_executable(cl_program p)
{
	for (cl_uint i = 0; i < p->num_devices; i++)
		if (kiln_program_has_executable(p, i))
			return (int)i;
	return -1;
}

const struct kiln_kernel_info *kiln_program_find_kernel(cl_program p,
							cl_uint index,
							const char *name)
{
	const struct kiln_program_build *b = &p->builds[index];
	if (!b->has_info)
		return NULL;
	for (uint32_t k = 0; k < b->info.num_kernels; k++)
		if (strcmp(b->info.kernels[k].name, name) == 0)
			return &b->info.kernels[k];
	return NULL;
}

/* --- options: what lib/compiler/options.cpp says of them ------------- */

/* §5.10: whether work-groups must divide the global size (see struct
 * kiln_option_facts); options were validated by lib/api.  A program from
 * IL has no OpenCL C version (-cl-std applies to source only, §5.8.6.5):
 * only -cl-uniform-work-group-size asks for uniform groups. */
static bool options_need_uniform(const char *options, bool for_link, bool from_il)
{
	struct kiln_option_facts f;
	bool ok = kiln_options_inspect(options, for_link, &f, NULL);
	bool uniform = !ok || (from_il ? f.uniform_flag : f.uniform_work_groups);
	kiln_option_facts_free(&f);
	return uniform;
}

/* --- logs and blobs --------------------------------------------------- */

/* Appends `more` (consumed, may be NULL) to *log. */
static void log_append(char **log, char *more)
{
	if (!more || !*more) {
		free(more);
		return;
	}
	if (!*log) {
		*log = more;
		return;
	}
	size_t a = strlen(*log), b = strlen(more);
	char *s = realloc(*log, a + b + 2);
	if (s) {
		if (a && s[a - 1] != '\n')
			s[a++] = '\n';
		memcpy(s + a, more, b + 1);
		*log = s;
	}
	free(more);
}

static void log_printf(char **log, const char *fmt, ...)
{
	va_list ap;
	char *s;
	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	log_append(log, s);
}

/* Moves a blob the compiler made into malloc'ed memory that this file
 * frees with free(), whatever allocator the compiler uses. */
static bool adopt_blob(struct kiln_blob *dst, struct kiln_blob *src)
{
	dst->data = NULL;
	dst->size = src->size;
	if (src->size) {
		dst->data = malloc(src->size);
		if (dst->data)
			memcpy(dst->data, src->data, src->size);
	}
	kiln_blob_free(src);
	src->data = NULL;
	src->size = 0;
	return dst->data || !dst->size;
}

static bool copy_blob(struct kiln_blob *dst, const struct kiln_blob *src)
{
	dst->size = src->size;
	dst->data = NULL;
	if (!src->size)
		return true;
	dst->data = malloc(src->size);
	if (!dst->data)
		return false;
	memcpy(dst->data, src->data, src->size);
	return true;
}

/* --- the cache key ---------------------------------------------------- */

/* Every input of a build besides the program text: options, the target,
 * the compiler and Kiln itself. */
void kiln_program_hash_environment(struct kiln_hash *h, const struct kiln_target *t,
				   const char *options)
{
	kiln_hash_str(h, options ? options : "");
	kiln_hash_str(h, t->cpu);
	kiln_hash_str(h, t->features);
	kiln_hash_str(h, t->cl_features);
	kiln_hash_str(h, t->extensions);
	uint8_t fp64 = t->fp64;
	kiln_hash_bytes(h, &fp64, 1);
	/* checked mode (KILN_CHECK) builds other code */
	if (t->check)
		kiln_hash_bytes(h, &t->check, sizeof(t->check));
	kiln_hash_str(h, kiln_compiler_id());
	kiln_hash_str(h, KILN_VERSION_STRING);
	uint32_t fmt = KILN_BINARY_FORMAT;
	kiln_hash_bytes(h, &fmt, sizeof(fmt));
}

/* --- building blocks -------------------------------------------------- */

/* Turns b->ir into native code and an object file (kiln_finalize), keeps
 * the object, and stores it in the cache under `key` so that a later build
 * skips the work; the entry carries the build log when `with_log`. */
static bool finalize_and_cache(struct kiln_program_build *b,
			       const struct kiln_target *t,
			       const char *options,
			       const struct kiln_hash *key, bool with_log)
{
	char *log = NULL;
	struct kiln_blob obj = { 0 };
	cl_ulong t0 = KILN_DEBUG_ON(KILN_DEBUG_BUILD) || KILN_TRACE_ON() ? kiln_time_now() : 0;
	cl_ulong t_start = kiln_time_now();
	bool ok = kiln_finalize(t, &b->ir, options, &b->exe, &obj, &log);
	b->finalize_ns = kiln_time_now() - t_start;
	KILN_TRACE(kiln_trace_build_phase("native code", NULL, t0));
	KILN_LOG(KILN_DEBUG_BUILD, "native code (work-group functions, -O3, JIT): "
		 "%.1f ms, %s", (kiln_time_now() - t0) / 1e6, ok ? "ok" : "failed");
	log_append(&b->log, log);
	if (!ok) {
		b->exe = NULL;
		kiln_blob_free(&obj);
		return false;
	}
	if (!adopt_blob(&b->object, &obj))
		return false;
	kiln_program_cache_executable(key, t, options, with_log ? b->log : NULL, &b->ir,
				      &b->object);
	return true;
}

void kiln_program_cache_executable(const struct kiln_hash *key, const struct kiln_target *t,
				   const char *options, const char *log,
				   const struct kiln_blob *ir, const struct kiln_blob *object)
{
	if (!object->size)
		return;
	struct kiln_binary entry = {
		.type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE,
		.compiler_id = (char *)kiln_compiler_id(),
		.kiln_version = KILN_VERSION_STRING,
		.cpu = (char *)t->cpu,
		.features = (char *)t->features,
		.options = (char *)(options ? options : ""),
		.log = (char *)(log ? log : ""),
		.ir = *ir,
		.object = *object,
	};
	kiln_cache_store(key, &entry);
}

/* Loads native code and kernel metadata of an executable whose IR (and
 * maybe object) are in `b`.  Uses the object when it was made for this
 * target, else makes native code from the IR (through the cache). */
static bool make_executable(struct kiln_program_build *b,
			    const struct kiln_target *t, const char *options,
			    bool object_fits)
{
	char *log = NULL;
	if (b->exe)
		goto have_code; /* the caller made the code already */
	if (b->object.size && object_fits) {
		cl_ulong t0 = kiln_trace_now();
		bool loaded = kiln_load_object(t, &b->object, &b->exe, &log);
		KILN_TRACE(kiln_trace_build_phase("load native code (JIT)", NULL, t0));
		if (loaded)
			goto have_code;
		log_append(&b->log, log);
		log = NULL;
		b->exe = NULL;
	}
	free(b->object.data);
	b->object.data = NULL;
	b->object.size = 0;

	struct kiln_hash key;
	kiln_hash_init(&key);
	kiln_hash_str(&key, "kiln-native");
	kiln_hash_bytes(&key, b->ir.data, b->ir.size);
	kiln_program_hash_environment(&key, t, options);
	struct kiln_binary cached;
	if (kiln_cache_load(&key, &cached)) {
		cl_ulong t0 = kiln_trace_now();
		bool ok = cached.object.size &&
			  kiln_load_object(t, &cached.object, &b->exe, &log);
		KILN_TRACE(kiln_trace_build_phase("load native code (JIT)", NULL, t0));
		if (ok) {
			b->object = cached.object;
			cached.object.data = NULL;
			cached.object.size = 0;
		}
		kiln_binary_free(&cached);
		free(log);
		log = NULL;
		if (ok)
			goto have_code;
		b->exe = NULL;
	}

	if (!finalize_and_cache(b, t, options, &key, false))
		return false;
have_code:
	free(log);
	free(b->object_cpu);
	free(b->object_features);
	b->object_cpu = strdup(t->cpu);
	b->object_features = strdup(t->features);
	log = NULL;
	if (!kiln_ir_kernels(&b->ir, &b->info, &log)) {
		log_append(&b->log, log);
		return false;
	}
	free(log);
	b->has_info = true;
	return true;
}

/* cl_intel_required_subgroup_size: a kernel that requires a sub-group size
 * the device does not list in CL_DEVICE_SUB_GROUP_SIZES_INTEL cannot run
 * as written, so the build fails (the extension lets a required size fail
 * compilation) with a log line naming the kernel and the sizes there are. */
static bool sub_group_sizes_supported(struct kiln_program_build *b,
				      cl_device_id dev)
{
	bool ok = true;
	for (uint32_t k = 0; k < b->info.num_kernels; k++) {
		const struct kiln_kernel_info *ki = &b->info.kernels[k];
		if (!ki->reqd_sub_group_size ||
		    kiln_device_has_sub_group_size(dev, ki->reqd_sub_group_size))
			continue;
		char sizes[128] = "";
		size_t len = 0;
		for (size_t i = 0; i < dev->props.num_sub_group_sizes && len < sizeof(sizes); i++)
			len += (size_t)snprintf(sizes + len, sizeof(sizes) - len, "%s%zu",
						i ? ", " : "", dev->props.sub_group_sizes[i]);
		log_printf(&b->log,
			   "error: kernel '%s': intel_reqd_sub_group_size(%u) is not a "
			   "sub-group size of this device (%s%s)",
			   ki->name, ki->reqd_sub_group_size,
			   len ? "CL_DEVICE_SUB_GROUP_SIZES_INTEL: " : "",
			   len ? sizes : "it has no sub-groups");
		ok = false;
	}
	return ok;
}

/* The end of each step that makes new IR: the step's log joins the build
 * log, and on success `ir` replaces the build's IR. */
static bool replace_ir(struct kiln_program_build *b, bool ok, char *log,
		       struct kiln_blob *ir)
{
	log_append(&b->log, log);
	if (!ok) {
		kiln_blob_free(ir);
		return false;
	}
	free(b->ir.data);
	return adopt_blob(&b->ir, ir);
}

/* Links IR objects into a complete module (or a library).  `options` are
 * build options (`for_link` false: only their linker options are passed
 * on) or linker options. */
static bool link_irs(struct kiln_program_build *b, const struct kiln_target *t,
		     const struct kiln_blob *irs, size_t n,
		     const char *options, bool for_link, bool library)
{
	struct kiln_blob out = { 0 };
	char *log = NULL;
	struct kiln_option_facts facts;
	if (!kiln_options_inspect(options, for_link, &facts, NULL)) {
		kiln_option_facts_free(&facts);
		return false;
	}
	char *link_opts = facts.link_options; /* freed below */
	cl_ulong t0 = KILN_DEBUG_ON(KILN_DEBUG_BUILD) || KILN_TRACE_ON() ? kiln_time_now() : 0;
	bool ok = kiln_link(t, irs, n, link_opts, library, &out, &log);
	KILN_TRACE(kiln_trace_build_phase("link", NULL, t0));
	KILN_LOG(KILN_DEBUG_BUILD, "link of %zu module(s)%s: %.1f ms, %s", n,
		 library ? " into a library" : "", (kiln_time_now() - t0) / 1e6,
		 ok ? "ok" : "failed");
	free(link_opts);
	return replace_ir(b, ok, log, &out);
}

/* The program's IR before linking: from source or from SPIR-V. */
static bool front_end(cl_program p, struct kiln_program_build *b,
		      const struct kiln_target *t, const char *options,
		      const struct kiln_header *headers, size_t num_headers)
{
	struct kiln_blob ir = { 0 };
	char *log = NULL;
	bool ok;
	cl_ulong t0 = KILN_DEBUG_ON(KILN_DEBUG_BUILD) || KILN_TRACE_ON() ? kiln_time_now() : 0;
	if (p->origin == KILN_PROGRAM_FROM_IL) {
		uint32_t ids[p->num_spec ? p->num_spec : 1];
		uint64_t values[p->num_spec ? p->num_spec : 1];
		size_t n = 0;
		pthread_mutex_lock(&p->lock);
		for (size_t i = 0; i < p->num_spec; i++) {
			if (!p->spec[i].set)
				continue;
			ids[n] = p->spec[i].id;
			values[n++] = p->spec[i].value;
		}
		pthread_mutex_unlock(&p->lock);
		ok = kiln_ir_from_spirv(t, p->il, p->il_size, ids, values, n,
					&ir, &log);
	} else {
		ok = kiln_compile_source(t, p->source, options, headers,
					 num_headers, &ir, &log);
	}
	KILN_TRACE(kiln_trace_build_phase(p->origin == KILN_PROGRAM_FROM_IL
						  ? "front end (SPIR-V)" : "front end (OpenCL C)",
					  NULL, t0));
	KILN_LOG(KILN_DEBUG_BUILD, "front end (%s): %.1f ms, %s",
		 p->origin == KILN_PROGRAM_FROM_IL ? "SPIR-V" : "OpenCL C",
		 (kiln_time_now() - t0) / 1e6, ok ? "ok" : "failed");
	return replace_ir(b, ok, log, &ir);
}

/* A build from source, whole, through the cache. */
static bool build_from_source(cl_program p, struct kiln_program_build *b,
			      const struct kiln_target *t, const char *options)
{
	struct kiln_hash key;
	kiln_hash_init(&key);
	kiln_hash_str(&key, "kiln-source");
	kiln_hash_str(&key, p->source);
	kiln_program_hash_environment(&key, t, options);

	struct kiln_binary cached;
	if (kiln_cache_load(&key, &cached)) {
		b->ir = cached.ir;
		b->object = cached.object;
		b->log = cached.log;
		cached.ir = (struct kiln_blob){ 0 };
		cached.object = (struct kiln_blob){ 0 };
		cached.log = NULL;
		kiln_binary_free(&cached);
		if (make_executable(b, t, options, true))
			return true;
		/* The entry was unusable after all: build from scratch. */
		build_clear(b);
	}

	if (!front_end(p, b, t, options, NULL, 0) ||
	    !link_irs(b, t, &b->ir, 1, options, false, false))
		return false;
	/* make_executable would cache by IR; cache by source instead, so a
	 * hit skips the front end too. */
	if (!finalize_and_cache(b, t, options, &key, true))
		return false;
	/* The code is loaded; make_executable only adds the metadata. */
	return make_executable(b, t, options, true);
}

/* Device `i`'s build of a program (clBuildProgram). */
static cl_int build_device(cl_program p, cl_uint i, const char *options,
			   struct kiln_program_build *b)
{
	cl_device_id dev = p->devices[i];
	const struct kiln_target *t = kiln_device_target(dev);
	struct kiln_program_build *old = &p->builds[i];
	bool ok = false;

	b->options = strdup(options ? options : "");
	b->uniform_work_groups =
		options_need_uniform(options, false, p->origin == KILN_PROGRAM_FROM_IL);
	switch (p->origin) {
	case KILN_PROGRAM_FROM_SOURCE:
		ok = build_from_source(p, b, t, options);
		break;
	case KILN_PROGRAM_FROM_IL:
		ok = front_end(p, b, t, options, NULL, 0) &&
		     link_irs(b, t, &b->ir, 1, options, false, false) &&
		     make_executable(b, t, options, false);
		break;
	case KILN_PROGRAM_FROM_BINARY: {
		/* §5.8.2: a binary program is built from what it holds. */
		pthread_mutex_lock(&p->lock);
		cl_program_binary_type type = old->binary_type;
		bool fits = old->object_cpu && old->object_features &&
			    strcmp(old->object_cpu, t->cpu) == 0 &&
			    strcmp(old->object_features, t->features) == 0;
		bool copied = copy_blob(&b->ir, &old->ir) &&
			      copy_blob(&b->object, &old->object);
		b->uniform_work_groups = old->uniform_work_groups;
		pthread_mutex_unlock(&p->lock);
		if (!copied)
			return CL_OUT_OF_HOST_MEMORY;
		if (type == CL_PROGRAM_BINARY_TYPE_NONE || !b->ir.size)
			return CL_INVALID_BINARY;
		if (type != CL_PROGRAM_BINARY_TYPE_EXECUTABLE) {
			fits = false;
			if (!link_irs(b, t, &b->ir, 1, options, false, false))
				break;
		}
		ok = make_executable(b, t, options, fits);
		break;
	}
	case KILN_PROGRAM_FROM_LINK:
		return CL_INVALID_OPERATION;
	}
	ok = ok && sub_group_sizes_supported(b, dev);
	if (!b->log)
		b->log = strdup("");
	if (!ok) {
		b->status = CL_BUILD_ERROR;
		return CL_BUILD_PROGRAM_FAILURE;
	}
	b->status = CL_BUILD_SUCCESS;
	b->binary_type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
	return CL_SUCCESS;
}

static const char *step_name(cl_int failure)
{
	return failure == CL_COMPILE_PROGRAM_FAILURE ? "compile"
	       : failure == CL_LINK_PROGRAM_FAILURE  ? "link"
						     : "build";
}

/* The line of `log` that says most: the first with "error", else the first
 * that is not empty; copied into buf. */
static const char *first_diagnostic(const char *log, char *buf, size_t size)
{
	const char *line = NULL;
	for (const char *p = log; p && *p;) {
		size_t len = strcspn(p, "\n");
		if (len && !line)
			line = p;
		const char *e = strstr(p, "error");
		if (e && e < p + len) {
			line = p;
			break;
		}
		p += len;
		p += *p == '\n';
	}
	if (!line)
		return "(no diagnostic)";
	snprintf(buf, size, "%.*s", (int)strcspn(line, "\n"), line);
	return buf;
}

/* A failed build, compile or link, told to the context's callback: the
 * program, the device and what went wrong first (the log has the rest). */
static void report_failure(cl_program p, cl_uint i, cl_int failure, cl_int err,
			   const char *log)
{
	char line[320];
	const char *what = err == CL_OUT_OF_HOST_MEMORY ? "out of host memory"
			   : err == CL_INVALID_BINARY ? "the binary holds no usable program"
			   : err == CL_INVALID_OPERATION ? "the program has no source, IL or binary to build"
			   : first_diagnostic(log, line, sizeof(line));
	kiln_context_report(p->context,
			    "cl%sProgram: program %p failed for device \"%s\" (%s): %s%s",
			    failure == CL_COMPILE_PROGRAM_FAILURE ? "Compile"
			    : failure == CL_LINK_PROGRAM_FAILURE  ? "Link"
								  : "Build",
			    (void *)p, p->devices[i]->props.name,
			    kiln_error_name(err == CL_OUT_OF_HOST_MEMORY ||
						    err == CL_INVALID_BINARY ||
						    err == CL_INVALID_OPERATION
					    ? err : failure),
			    what,
			    err == CL_OUT_OF_HOST_MEMORY ? "" : " (CL_PROGRAM_BUILD_LOG has the whole log)");
}

/* Runs `fn` for every selected device and installs the results. */
typedef cl_int (*device_step_fn)(cl_program p, cl_uint i, void *arg,
				 struct kiln_program_build *b);

static cl_int for_devices(cl_program p, cl_uint num_devices,
			  const cl_device_id *devices, device_step_fn fn,
			  void *arg, cl_int failure)
{
	cl_int result = CL_SUCCESS;
	for (cl_uint i = 0; i < p->num_devices; i++) {
		bool selected = num_devices == 0;
		for (cl_uint j = 0; j < num_devices && !selected; j++)
			selected = devices[j] == p->devices[i];
		if (!selected)
			continue;
		struct kiln_program_build b;
		memset(&b, 0, sizeof(b));
		build_clear(&b);
		/* Mark the device in progress, as §5.8.8 lets queries see. */
		pthread_mutex_lock(&p->lock);
		cl_build_status before = p->builds[i].status;
		p->builds[i].status = CL_BUILD_IN_PROGRESS;
		pthread_mutex_unlock(&p->lock);
		cl_ulong t0 = KILN_DEBUG_ON(KILN_DEBUG_BUILD) || KILN_TRACE_ON() ? kiln_time_now() : 0;
		cl_int err = fn(p, i, arg, &b);
		KILN_TRACE(kiln_trace_build_step(step_name(failure), p, p->devices[i]->props.name,
						 b.options, kiln_error_name(err), t0));
		KILN_LOG(KILN_DEBUG_BUILD,
			 "%s of program %p for \"%s\", options \"%s\": %.1f ms in all, %s",
			 step_name(failure), (void *)p, p->devices[i]->props.name,
			 b.options ? b.options : "", (kiln_time_now() - t0) / 1e6,
			 kiln_error_name(err));
		if (err != CL_SUCCESS)
			report_failure(p, i, failure, err, b.log);
		if (err == CL_OUT_OF_HOST_MEMORY || err == CL_INVALID_BINARY ||
		    err == CL_INVALID_OPERATION) {
			build_clear(&b);
			pthread_mutex_lock(&p->lock);
			p->builds[i].status = before;
			pthread_mutex_unlock(&p->lock);
			if (result == CL_SUCCESS)
				result = err;
			continue;
		}
		if (err != CL_SUCCESS && result == CL_SUCCESS)
			result = failure;
		pthread_mutex_lock(&p->lock);
		build_clear(&p->builds[i]);
		p->builds[i] = b;
		pthread_mutex_unlock(&p->lock);
	}
	return result;
}

static cl_int build_step(cl_program p, cl_uint i, void *arg,
			 struct kiln_program_build *b)
{
	return build_device(p, i, arg, b);
}

cl_int kiln_program_build(cl_program p, cl_uint num_devices,
			  const cl_device_id *devices, const char *options)
{
	return for_devices(p, num_devices, devices, build_step, (void *)options,
			   CL_BUILD_PROGRAM_FAILURE);
}

/* --- compile ------------------------------------------------------------ */

struct compile_args {
	const char *options;
	const struct kiln_header *headers;
	size_t num_headers;
};

static cl_int compile_step(cl_program p, cl_uint i, void *arg,
			   struct kiln_program_build *b)
{
	const struct compile_args *a = arg;
	const struct kiln_target *t = kiln_device_target(p->devices[i]);
	b->options = strdup(a->options ? a->options : "");
	b->uniform_work_groups =
		options_need_uniform(a->options, false, p->origin == KILN_PROGRAM_FROM_IL);
	bool ok = front_end(p, b, t, a->options, a->headers, a->num_headers);
	if (!b->log)
		b->log = strdup("");
	if (!ok) {
		free(b->ir.data);
		b->ir = (struct kiln_blob){ 0 };
		b->status = CL_BUILD_ERROR;
		return CL_COMPILE_PROGRAM_FAILURE;
	}
	b->status = CL_BUILD_SUCCESS;
	b->binary_type = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
	return CL_SUCCESS;
}

cl_int kiln_program_compile(cl_program p, cl_uint num_devices,
			    const cl_device_id *devices, const char *options,
			    const struct kiln_header *headers,
			    size_t num_headers)
{
	struct compile_args a = { options, headers, num_headers };
	return for_devices(p, num_devices, devices, compile_step, &a,
			   CL_COMPILE_PROGRAM_FAILURE);
}

/* --- link ------------------------------------------------------------- */

struct link_args {
	const char *options;
	cl_uint num_inputs;
	const cl_program *inputs;
};

static cl_int link_step(cl_program p, cl_uint i, void *arg,
			struct kiln_program_build *b)
{
	const struct link_args *a = arg;
	cl_device_id dev = p->devices[i];
	const struct kiln_target *t = kiln_device_target(dev);
	struct kiln_option_facts facts;
	bool valid = kiln_options_inspect(a->options, true, &facts, NULL);
	bool library = valid && facts.create_library;
	bool uniform_flag = !valid || facts.uniform_work_groups;
	kiln_option_facts_free(&facts);
	struct kiln_blob *irs = calloc(a->num_inputs, sizeof(*irs));
	bool ok = false, uniform = false;
	if (!irs)
		return CL_OUT_OF_HOST_MEMORY;
	b->options = strdup(a->options ? a->options : "");
	for (cl_uint k = 0; k < a->num_inputs; k++) {
		cl_program in = a->inputs[k];
		int j = kiln_program_device_index(in, dev);
		pthread_mutex_lock(&in->lock);
		if (j >= 0 && !copy_blob(&irs[k], &in->builds[j].ir)) {
			pthread_mutex_unlock(&in->lock);
			goto out;
		}
		if (j >= 0)
			uniform |= in->builds[j].uniform_work_groups;
		pthread_mutex_unlock(&in->lock);
		if (j < 0 || !irs[k].size) {
			log_printf(&b->log, "input program %u has no compiled "
				   "object or library for this device", k);
			goto failed;
		}
	}
	b->uniform_work_groups = uniform || uniform_flag;
	if (!link_irs(b, t, irs, a->num_inputs, a->options, true, library))
		goto failed;
	if (library) {
		b->binary_type = CL_PROGRAM_BINARY_TYPE_LIBRARY;
	} else {
		if (!make_executable(b, t, a->options, false) ||
		    !sub_group_sizes_supported(b, dev))
			goto failed;
		b->binary_type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
	}
	b->status = CL_BUILD_SUCCESS;
	ok = true;
	goto out;
failed:
	b->status = CL_BUILD_ERROR;
out:
	for (cl_uint k = 0; k < a->num_inputs; k++)
		free(irs[k].data);
	free(irs);
	if (!b->log)
		b->log = strdup("");
	if (b->status == CL_BUILD_NONE)
		return CL_OUT_OF_HOST_MEMORY;
	return ok ? CL_SUCCESS : CL_LINK_PROGRAM_FAILURE;
}

cl_int kiln_program_link(cl_program out, const char *options,
			 cl_uint num_inputs, const cl_program *inputs)
{
	struct link_args a = { options, num_inputs, inputs };
	return for_devices(out, 0, NULL, link_step, &a, CL_LINK_PROGRAM_FAILURE);
}

/* --- binaries ------------------------------------------------------------ */

cl_int kiln_program_load_binary(cl_program p, cl_uint index, const void *data,
				size_t size)
{
	struct kiln_binary bin;
	if (!kiln_binary_read(data, size, &bin))
		return CL_INVALID_BINARY;
	struct kiln_program_build *b = &p->builds[index];
	build_clear(b);
	b->binary_type = bin.type;
	b->options = bin.options;
	b->log = bin.log;
	b->ir = bin.ir;
	b->object = bin.object;
	b->object_cpu = bin.cpu;
	b->object_features = bin.features;
	b->uniform_work_groups = bin.flags & KILN_BINARY_UNIFORM_WG;
	free(bin.compiler_id);
	free(bin.kiln_version);
	return CL_SUCCESS;
}

bool kiln_program_binary(cl_program p, cl_uint index, struct kiln_blob *out)
{
	const struct kiln_program_build *b = &p->builds[index];
	out->data = NULL;
	out->size = 0;
	if (b->binary_type == CL_PROGRAM_BINARY_TYPE_NONE || !b->ir.size)
		return true;
	struct kiln_binary bin = {
		.type = b->binary_type,
		.compiler_id = (char *)kiln_compiler_id(),
		.kiln_version = KILN_VERSION_STRING,
		.cpu = b->object_cpu ? b->object_cpu : "",
		.features = b->object_features ? b->object_features : "",
		.options = b->options ? b->options : "",
		.log = b->log ? b->log : "",
		.ir = b->ir,
		.object = b->object,
		.flags = b->uniform_work_groups ? KILN_BINARY_UNIFORM_WG : 0,
	};
	return kiln_binary_write(&bin, out);
}

/* --- SPIR-V specialization constants ------------------------------------ */

enum {
	SPV_MAGIC = 0x07230203u,
	SPV_OP_TYPE_BOOL = 20,
	SPV_OP_TYPE_INT = 21,
	SPV_OP_TYPE_FLOAT = 22,
	SPV_OP_SPEC_CONSTANT_TRUE = 48,
	SPV_OP_SPEC_CONSTANT_FALSE = 49,
	SPV_OP_SPEC_CONSTANT = 50,
	SPV_OP_DECORATE = 71,
	SPV_DECORATION_SPEC_ID = 1,
};

static uint32_t spv_word(const unsigned char *p, bool swap)
{
	uint32_t w;
	memcpy(&w, p, 4);
	return swap ? __builtin_bswap32(w) : w;
}

/* Walks the module's instructions; `visit` sees each one's words. */
static bool spv_walk(const void *il, size_t size,
		     void (*visit)(void *ctx, const uint32_t *words, uint32_t n),
		     void *ctx)
{
	const unsigned char *p = il;
	if (size < 20 || size % 4)
		return false;
	bool swap = spv_word(p, false) != SPV_MAGIC;
	if (swap && spv_word(p, true) != SPV_MAGIC)
		return false;
	size_t nwords = size / 4;
	uint32_t words[16];
	for (size_t w = 5; w < nwords;) {
		uint32_t first = spv_word(p + 4 * w, swap);
		uint32_t count = first >> 16;
		if (count == 0 || count > nwords - w)
			return false;
		uint32_t n = count < 16 ? count : 16;
		for (uint32_t k = 0; k < n; k++)
			words[k] = spv_word(p + 4 * (w + k), swap);
		visit(ctx, words, n);
		w += count;
	}
	return true;
}

struct spec_scan {
	/* id → spec id (decorations) and id → size in bytes (types) */
	uint32_t *dec_target, *dec_spec;
	size_t num_dec;
	uint32_t *type_id, *type_size;
	size_t num_types;
	struct kiln_spec_const *out;
	size_t num_out;
	size_t cap; /* of every array: the module's instruction count */
	int pass;
};

static void spec_visit(void *ctx, const uint32_t *w, uint32_t n)
{
	struct spec_scan *s = ctx;
	uint32_t op = w[0] & 0xffff;
	if (s->pass == 0) {
		if (op == SPV_OP_DECORATE && n >= 4 && w[2] == SPV_DECORATION_SPEC_ID) {
			s->dec_target[s->num_dec] = w[1];
			s->dec_spec[s->num_dec++] = w[3];
		} else if (op == SPV_OP_TYPE_BOOL && n >= 2) {
			s->type_id[s->num_types] = w[1];
			s->type_size[s->num_types++] = 1;
		} else if ((op == SPV_OP_TYPE_INT || op == SPV_OP_TYPE_FLOAT) && n >= 3) {
			s->type_id[s->num_types] = w[1];
			s->type_size[s->num_types++] = w[2] / 8;
		}
		return;
	}
	if ((op != SPV_OP_SPEC_CONSTANT && op != SPV_OP_SPEC_CONSTANT_TRUE &&
	     op != SPV_OP_SPEC_CONSTANT_FALSE) || n < 3)
		return;
	uint32_t size = 0;
	for (size_t k = 0; k < s->num_types; k++)
		if (s->type_id[k] == w[1])
			size = s->type_size[k];
	for (size_t k = 0; k < s->num_dec; k++) {
		if (s->dec_target[k] != w[2] || !size)
			continue;
		s->out[s->num_out].id = s->dec_spec[k];
		s->out[s->num_out].size = size;
		s->out[s->num_out++].set = false;
	}
}

static void count_visit(void *ctx, const uint32_t *w, uint32_t n)
{
	(void)w;
	(void)n;
	(*(size_t *)ctx)++;
}

bool kiln_program_scan_spec_constants(cl_program p)
{
	size_t count = 0;
	if (!spv_walk(p->il, p->il_size, count_visit, &count))
		return false;
	struct spec_scan s = { 0 };
	s.cap = count + 1;
	s.dec_target = calloc(s.cap, sizeof(uint32_t));
	s.dec_spec = calloc(s.cap, sizeof(uint32_t));
	s.type_id = calloc(s.cap, sizeof(uint32_t));
	s.type_size = calloc(s.cap, sizeof(uint32_t));
	s.out = calloc(s.cap, sizeof(*s.out));
	bool ok = s.dec_target && s.dec_spec && s.type_id && s.type_size && s.out;
	if (ok) {
		spv_walk(p->il, p->il_size, spec_visit, &s);
		s.pass = 1;
		spv_walk(p->il, p->il_size, spec_visit, &s);
		p->spec = s.out;
		p->num_spec = s.num_out;
		s.out = NULL;
	}
	free(s.dec_target);
	free(s.dec_spec);
	free(s.type_id);
	free(s.type_size);
	free(s.out);
	return ok;
}
