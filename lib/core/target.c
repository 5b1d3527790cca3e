/* The struct kiln_target of a device, made from what the device reports
 * (struct kiln_device_props), so that the compiler generates code for
 * exactly the CPU, ISA level, vector width, OpenCL C features and
 * extensions the device describes: the host's CPUID is read in
 * lib/devices/host_isa.c and the feature lists come from the one table of
 * lib/devices/host_describe.c, nothing here decides anything anew
 * (docs/architecture.md, "One source of truth"). */
#include "target.h"
#include "check.h"
#include "debug.h"
#include "device.h"
#include "thread_stack.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* CL_DEVICE_OPENCL_C_FEATURES as one space-separated string. */
static char *join_c_features(const struct kiln_device_props *pr)
{
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
static struct target_entry *targets;

/* Used when memory runs out: the lowest common x86-64 target. */
static const struct kiln_target fallback_target = {
	.cpu = "x86-64", .features = "+sse2", .vector_bytes = 16, .fp64 = true,
	.cl_features = "__opencl_c_int64", .extensions = "",
};

static bool has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list; p && (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

const struct kiln_target *kiln_device_target(cl_device_id dev)
{
	const struct kiln_device_props *pr = &dev->props;
	KILN_ASSERT(pr->isa_level && pr->isa_features && pr->vector_bytes);
	pthread_mutex_lock(&targets_lock);
	struct target_entry *e;
	for (e = targets; e; e = e->next)
		if (e->dev == dev)
			goto out;
	e = calloc(1, sizeof(*e));
	if (!e)
		goto out;
	e->dev = dev;
	e->target.cpu = pr->isa_level;
	e->target.features = pr->isa_features;
	e->target.vector_bytes = pr->vector_bytes;
	e->target.extensions = pr->extensions ? pr->extensions : "";
	e->target.fp64 = has_word(e->target.extensions, "cl_khr_fp64");
	/* Program-scope __constant data travels in the program's native
	 * code object, like its __global variables: held to the smaller of
	 * the constant buffer size and CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE
	 * (docs/robustness.md). */
	e->target.max_constant_size = pr->max_constant_buffer_size;
	if (pr->max_global_variable_size &&
	    pr->max_global_variable_size < e->target.max_constant_size)
		e->target.max_constant_size = pr->max_global_variable_size;
	e->target.local_mem_size = pr->local_mem_size;
	e->target.private_mem_size = KILN_PRIVATE_MEM_LIMIT;
	e->target.cl_features = join_c_features(pr);
	e->target.check = kiln_check_mode(); /* KILN_CHECK: checked mode */
	if (!e->target.cl_features) {
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
