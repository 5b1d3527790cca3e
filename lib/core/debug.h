/* Diagnostics for people: KILN_DEBUG categories on stderr, errors that carry
 * their reason, and internal invariants checked in Debug builds
 * (docs/environment.md lists the categories; docs/architecture.md,
 * "Diagnostics", says where each kind of message goes).
 *
 * KILN_DEBUG is read once, when the library is loaded (the ICD loader loads
 * it on the application's first OpenCL call), into kiln_debug_mask: a check
 * for a category is one load and a branch, so every helper here costs
 * nothing when debugging is off. */
#ifndef KILN_CORE_DEBUG_H
#define KILN_CORE_DEBUG_H

#include "cl_target.h"
#include <stdbool.h>
#include <stddef.h>

/* The categories of KILN_DEBUG (comma separated names, or "all"). */
enum kiln_debug_category {
	KILN_DEBUG_API = 1u << 0,   /* each entry point that returns an error, and why */
	KILN_DEBUG_BUILD = 1u << 1, /* build options, time per phase, cache hit/miss */
	KILN_DEBUG_POOL = 1u << 2,  /* worker threads, pinning, NDRange chunking */
	KILN_DEBUG_MEM = 1u << 3,   /* allocations above KILN_DEBUG_MEM_MIN bytes */
	KILN_DEBUG_CACHE = 1u << 4, /* program cache hits, misses and stores */
};

/* Allocations at least this large are logged under KILN_DEBUG=mem. */
#define KILN_DEBUG_MEM_MIN ((size_t)1 << 20)

extern unsigned kiln_debug_mask;

/* True when KILN_DEBUG names `cat` (a bit of enum kiln_debug_category). */
#define KILN_DEBUG_ON(cat) __builtin_expect((kiln_debug_mask & (cat)) != 0, 0)

/* One line "kiln[<category>]: <message>" on stderr, whole (one write, so
 * that lines of concurrent threads do not mix).  Call through KILN_LOG. */
void kiln_debug_print(unsigned cat, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define KILN_LOG(cat, ...)                                                     \
	do {                                                                   \
		if (KILN_DEBUG_ON(cat))                                        \
			kiln_debug_print((cat), __VA_ARGS__);                  \
	} while (0)

/* The name of an OpenCL error code ("CL_INVALID_VALUE"), or "CL_<number>"
 * for codes the headers do not define. */
const char *kiln_error_name(cl_int code);

/* The name of a command type ("CL_COMMAND_NDRANGE_KERNEL"). */
const char *kiln_command_type_name(cl_command_type type);

/* Logs "<func>: <CL_name>: <reason>" under KILN_DEBUG=api and returns
 * `code`.  Call through KILN_FAIL / KILN_ERR. */
cl_int kiln_api_error(const char *func, cl_int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* An entry point's error together with its reason, one line per check:
 *     if (size == 0)
 *             return KILN_FAIL(CL_INVALID_VALUE, "size is 0 (§5.2.2)");
 * The reason (a printf format and its arguments) names the argument and the
 * spec's rule; it is formatted only under KILN_DEBUG=api. */
#define KILN_FAIL(code, ...)                                                   \
	(KILN_DEBUG_ON(KILN_DEBUG_API)                                         \
		 ? kiln_api_error(__func__, (code), __VA_ARGS__)               \
		 : (code))

/* The same, naming the entry point when the check is in a helper that
 * serves it (so the log says clEnqueueNDRangeKernel, not the helper). */
#define KILN_FAIL_IN(entry, code, ...)                                         \
	(KILN_DEBUG_ON(KILN_DEBUG_API)                                         \
		 ? kiln_api_error((entry), (code), __VA_ARGS__)                \
		 : (code))

/* The same for the creating entry points: stores the code in *errcode_ret
 * (when not NULL, OpenCL 3.0 §2) and evaluates to NULL:
 *     return KILN_ERR(errcode_ret, CL_INVALID_BUFFER_SIZE, "size is 0 (§5.2.1)");
 */
#define KILN_ERR(errcode_ret, code, ...)                                       \
	kiln_err_null((errcode_ret), KILN_FAIL((code), __VA_ARGS__))

static inline void *kiln_err_null(cl_int *errcode_ret, cl_int code)
{
	if (errcode_ret)
		*errcode_ret = code;
	return NULL;
}

/* Internal invariants ("the caller holds the lock", "already validated"):
 * checked when the build defines KILN_ENABLE_ASSERTS (CMake does for Debug
 * builds), compiled out otherwise; the condition is then not evaluated. */
#ifdef KILN_ENABLE_ASSERTS
void kiln_assert_failed(const char *cond, const char *file, int line,
			const char *func) __attribute__((noreturn));
#define KILN_ASSERT(cond)                                                      \
	((cond) ? (void)0                                                      \
		: kiln_assert_failed(#cond, __FILE__, __LINE__, __func__))
#else
#define KILN_ASSERT(cond) ((void)sizeof(!(cond)))
#endif

/* Whether `m` is locked (by anyone: a plain mutex cannot say by whom), for
 * KILN_ASSERT(kiln_mutex_locked(&x->lock)) where a caller must hold it.  A
 * lock that is free makes the assertion fail; one held by another thread
 * passes, so the check can miss but never cry wolf. */
#include <pthread.h>
bool kiln_mutex_locked(pthread_mutex_t *m);

#endif
