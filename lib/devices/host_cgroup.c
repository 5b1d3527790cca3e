/* The cgroup limits of this process: CPU quota and memory limit.
 *
 * A container's CPU quota is not visible in the affinity mask: a process may
 * see 64 CPUs and be allowed 2 CPUs' worth of time.  Running 64 workers then
 * means heavy throttling, so the device reports (and the pool starts) only
 * as many workers as the quota pays for (docs/architecture.md, "The driver
 * table").
 *
 * Both cgroup versions are read: v2 (cpu.max, memory.max) and v1
 * (cpu.cfs_quota_us / cpu.cfs_period_us, memory.limit_in_bytes).  A limit set
 * on any ancestor of the process's cgroup applies too, so the path is walked
 * up to the mount point and the tightest limit wins. */
#include "host.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cgroup_dir {
	char mountpoint[PATH_MAX];
	char root[PATH_MAX]; /* the part of the hierarchy mounted there */
};

/* True when the comma-separated `list` holds `word`. */
static bool list_has(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list; p && *p;) {
		size_t len = strcspn(p, ",");
		if (len == n && strncmp(p, word, n) == 0)
			return true;
		p += len;
		if (*p == ',')
			p++;
	}
	return false;
}

/* Finds the mount of the v2 hierarchy (controller NULL) or of the v1
 * hierarchy that holds `controller`, from /proc/self/mountinfo. */
static bool find_mount(const char *controller, struct cgroup_dir *out)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	if (!f)
		return false;
	char line[4096];
	bool found = false;
	while (!found && fgets(line, sizeof(line), f)) {
		char root[PATH_MAX], mnt[PATH_MAX];
		/* id parent major:minor root mountpoint options ... - type source superoptions */
		if (sscanf(line, "%*s %*s %*s %4095s %4095s", root, mnt) != 2)
			continue;
		const char *dash = strstr(line, " - ");
		if (!dash)
			continue;
		char type[64], source[256], super[1024] = "";
		if (sscanf(dash + 3, "%63s %255s %1023s", type, source, super) < 2)
			continue;
		if (controller ? strcmp(type, "cgroup") == 0 && list_has(super, controller)
			       : strcmp(type, "cgroup2") == 0) {
			snprintf(out->mountpoint, sizeof(out->mountpoint), "%s", mnt);
			snprintf(out->root, sizeof(out->root), "%s", root);
			found = true;
		}
	}
	fclose(f);
	return found;
}

/* The process's cgroup path in the v2 hierarchy (controller NULL) or in the
 * v1 hierarchy of `controller`, from /proc/self/cgroup. */
static bool find_path(const char *controller, char *path, size_t size)
{
	FILE *f = fopen("/proc/self/cgroup", "re");
	if (!f)
		return false;
	char line[4096];
	bool found = false;
	while (!found && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		char *c1 = strchr(line, ':');
		char *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		if (!c2)
			continue;
		*c1 = *c2 = '\0';
		const char *controllers = c1 + 1;
		bool match = controller ? list_has(controllers, controller)
					: strcmp(line, "0") == 0 && !*controllers;
		if (match) {
			snprintf(path, size, "%s", c2 + 1);
			found = true;
		}
	}
	fclose(f);
	return found;
}

/* Reads a limit from one cgroup directory; false when there is none. */
typedef bool (*limit_reader)(const char *dir, double *limit);

static bool read_line(const char *dir, const char *file, char *buf, size_t size)
{
	char path[PATH_MAX + 64];
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	FILE *f = fopen(path, "re");
	if (!f)
		return false;
	bool ok = fgets(buf, (int)size, f) != NULL;
	fclose(f);
	return ok;
}

static bool read_cpu_v2(const char *dir, double *cpus)
{
	char buf[128];
	double quota, period;
	if (!read_line(dir, "cpu.max", buf, sizeof(buf)))
		return false;
	/* "max 100000" means no quota. */
	if (sscanf(buf, "%lf %lf", &quota, &period) != 2 || period <= 0 || quota <= 0)
		return false;
	*cpus = quota / period;
	return true;
}

static bool read_cpu_v1(const char *dir, double *cpus)
{
	char buf[128];
	double quota, period;
	if (!read_line(dir, "cpu.cfs_quota_us", buf, sizeof(buf)) ||
	    sscanf(buf, "%lf", &quota) != 1 || quota <= 0) /* -1: no quota */
		return false;
	if (!read_line(dir, "cpu.cfs_period_us", buf, sizeof(buf)) ||
	    sscanf(buf, "%lf", &period) != 1 || period <= 0)
		return false;
	*cpus = quota / period;
	return true;
}

/* v1 writes "no limit" as a huge page-rounded number near 2^63. */
#define NO_MEMORY_LIMIT (1ull << 60)

static bool read_memory_file(const char *dir, const char *file, double *bytes)
{
	char buf[128];
	unsigned long long v;
	if (!read_line(dir, file, buf, sizeof(buf)) ||
	    sscanf(buf, "%llu", &v) != 1 || v == 0 || v >= NO_MEMORY_LIMIT)
		return false; /* "max", unreadable, or no limit */
	*bytes = (double)v;
	return true;
}

static bool read_memory_v2(const char *dir, double *bytes)
{
	return read_memory_file(dir, "memory.max", bytes);
}

static bool read_memory_v1(const char *dir, double *bytes)
{
	return read_memory_file(dir, "memory.limit_in_bytes", bytes);
}

/* The tightest limit on the path from the process's cgroup up to the mount
 * point of its hierarchy; false when no directory on it has a limit. */
static bool walk_limit(const char *controller, limit_reader reader, double *limit)
{
	struct cgroup_dir m;
	char path[PATH_MAX];
	if (!find_mount(controller, &m) || !find_path(controller, path, sizeof(path)))
		return false;
	/* Outside a cgroup namespace the path starts with the mounted root;
	 * inside one it is already relative to the mount. */
	const char *rel = path;
	size_t rl = strlen(m.root);
	if (strcmp(m.root, "/") != 0 && strncmp(path, m.root, rl) == 0 &&
	    (path[rl] == '/' || path[rl] == '\0'))
		rel = path + rl;

	char dir[2 * PATH_MAX];
	snprintf(dir, sizeof(dir), "%s%s", m.mountpoint, rel);
	size_t floor_len = strlen(m.mountpoint);
	bool found = false;
	for (;;) {
		double v;
		if (reader(dir, &v) && (!found || v < *limit)) {
			*limit = v;
			found = true;
		}
		char *slash = strrchr(dir, '/');
		if (!slash || (size_t)(slash - dir) < floor_len)
			break;
		*slash = '\0';
	}
	return found;
}

unsigned kiln_host_cgroup_cpus(void)
{
	double v2, v1, cpus = 0;
	bool has2 = walk_limit(NULL, read_cpu_v2, &v2);
	bool has1 = walk_limit("cpu", read_cpu_v1, &v1);
	if (has2)
		cpus = v2;
	if (has1 && (!has2 || v1 < cpus))
		cpus = v1;
	if (cpus <= 0)
		return 0;
	/* A quota of 1.5 CPUs keeps two workers busy three quarters of the
	 * time: round up, so no paid-for time is left unused. */
	double r = ceil(cpus - 1e-9);
	return r < 1 ? 1 : r > UINT_MAX ? UINT_MAX : (unsigned)r;
}

unsigned long long kiln_host_cgroup_memory(void)
{
	double v2, v1, bytes = 0;
	bool has2 = walk_limit(NULL, read_memory_v2, &v2);
	bool has1 = walk_limit("memory", read_memory_v1, &v1);
	if (has2)
		bytes = v2;
	if (has1 && (!has2 || v1 < bytes))
		bytes = v1;
	return (unsigned long long)bytes;
}
