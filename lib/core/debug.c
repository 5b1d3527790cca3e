/* KILN_DEBUG, error reasons and assertions (see debug.h). */
#include "debug.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

unsigned kiln_debug_mask;

static const struct {
	const char *name;
	unsigned bit;
} categories[] = {
	{ "api", KILN_DEBUG_API },   { "build", KILN_DEBUG_BUILD },
	{ "pool", KILN_DEBUG_POOL }, { "mem", KILN_DEBUG_MEM },
	{ "cache", KILN_DEBUG_CACHE },
};

static const char *category_name(unsigned bit)
{
	for (size_t i = 0; i < sizeof(categories) / sizeof(categories[0]); i++)
		if (categories[i].bit == bit)
			return categories[i].name;
	return "debug";
}

/* Read when the library is loaded: before any entry point can run, so the
 * mask needs no lock or atomic. */
__attribute__((constructor)) static void read_kiln_debug(void)
{
	const char *v = getenv("KILN_DEBUG");
	unsigned mask = 0;
	for (const char *p = v ? v : ""; *p;) {
		size_t len = strcspn(p, ",");
		if (len == 3 && strncmp(p, "all", 3) == 0)
			mask = ~0u;
		for (size_t i = 0; i < sizeof(categories) / sizeof(categories[0]); i++)
			if (strlen(categories[i].name) == len &&
			    strncmp(p, categories[i].name, len) == 0)
				mask |= categories[i].bit;
		p += len;
		if (*p)
			p++;
	}
	kiln_debug_mask = mask;
}

static void vprint(unsigned cat, const char *prefix, const char *fmt, va_list ap)
{
	char line[1024];
	int n = snprintf(line, sizeof(line), "kiln[%s]: %s", category_name(cat),
			 prefix);
	if (n < 0 || (size_t)n >= sizeof(line))
		n = 0;
	int m = vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
	size_t len = m < 0 ? (size_t)n
			   : (size_t)n + (size_t)m < sizeof(line) - 1
				     ? (size_t)n + (size_t)m
				     : sizeof(line) - 2;
	line[len++] = '\n';
	/* One write: lines of concurrent threads stay whole. */
	ssize_t w = write(STDERR_FILENO, line, len);
	(void)w;
}

void kiln_debug_print(unsigned cat, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vprint(cat, "", fmt, ap);
	va_end(ap);
}

cl_int kiln_api_error(const char *func, cl_int code, const char *fmt, ...)
{
	char prefix[160];
	snprintf(prefix, sizeof(prefix), "%s: %s: ", func, kiln_error_name(code));
	va_list ap;
	va_start(ap, fmt);
	vprint(KILN_DEBUG_API, prefix, fmt, ap);
	va_end(ap);
	return code;
}

#ifdef KILN_ENABLE_ASSERTS
void kiln_assert_failed(const char *cond, const char *file, int line,
			const char *func)
{
	char msg[512];
	int n = snprintf(msg, sizeof(msg),
			 "kiln: internal invariant broken: %s (%s:%d, %s)\n",
			 cond, file, line, func);
	ssize_t w = write(STDERR_FILENO, msg,
			  n > 0 && (size_t)n < sizeof(msg) ? (size_t)n : strlen(msg));
	(void)w;
	abort();
}
#endif

bool kiln_mutex_locked(pthread_mutex_t *m)
{
	if (pthread_mutex_trylock(m) != 0)
		return true;
	pthread_mutex_unlock(m);
	return false;
}
