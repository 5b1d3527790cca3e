/* The on-disk build cache (see cache.h). */
#include "cache.h"
#include "debug.h"
#include "trace.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* An entry larger than this is not a Kiln build: refuse to read it. */
#define MAX_ENTRY_SIZE ((size_t)1 << 30)

/* An entry is this header, then the binary container (binary.h):
 *   0   char[8]  "KILNCKEY"
 *   8   u8[16]   the key the entry was stored under (struct kiln_hash)
 * The file's name is the key too, but a name proves nothing: an entry
 * copied or renamed to another key's name (another program's valid
 * binary) must be a miss, not another program's code. */
#define ENTRY_HEADER 24u
static const char entry_magic[8] = { 'K', 'I', 'L', 'N', 'C', 'K', 'E', 'Y' };

static pthread_once_t dir_once = PTHREAD_ONCE_INIT;
static char *cache_dir; /* NULL: no cache */

/* mkdir -p, with owner-only permissions on what it creates. */
static bool make_dirs(const char *path)
{
	char *p = strdup(path);
	if (!p)
		return false;
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0700) && errno != EEXIST)
			goto fail;
		*s = '/';
	}
	if (mkdir(p, 0700) && errno != EEXIST)
		goto fail;
	free(p);
	return true;
fail:
	free(p);
	return false;
}

static void find_dir(void)
{
	const char *off = getenv("KILN_CACHE");
	if (off && strcmp(off, "0") == 0)
		return;
	const char *dir = getenv("KILN_CACHE_DIR");
	char *path = NULL;
	if (dir && *dir) {
		path = strdup(dir);
	} else if ((dir = getenv("XDG_CACHE_HOME")) && *dir == '/') {
		if (asprintf(&path, "%s/kiln", dir) < 0)
			path = NULL;
	} else if ((dir = getenv("HOME")) && *dir) {
		if (asprintf(&path, "%s/.cache/kiln", dir) < 0)
			path = NULL;
	}
	if (!path)
		return;
	if (!make_dirs(path) || access(path, R_OK | W_OK | X_OK)) {
		if (KILN_DEBUG_ON(KILN_DEBUG_CACHE | KILN_DEBUG_BUILD))
			fprintf(stderr, "kiln: cache: %s is not usable, builds are not cached\n",
				path);
		free(path);
		return;
	}
	cache_dir = path;
}

bool kiln_cache_enabled(void)
{
	pthread_once(&dir_once, find_dir);
	return cache_dir != NULL;
}

static char *entry_path(const struct kiln_hash *key)
{
	char hex[33], *path;
	kiln_hash_hex(key, hex);
	if (asprintf(&path, "%s/%s.kbin", cache_dir, hex) < 0)
		return NULL;
	return path;
}

static void debug_line(const char *what, const struct kiln_hash *key)
{
	if (!KILN_DEBUG_ON(KILN_DEBUG_CACHE | KILN_DEBUG_BUILD))
		return;
	char hex[33];
	kiln_hash_hex(key, hex);
	fprintf(stderr, "kiln: cache %s %s\n", what, hex);
}

/* Moves all `n` bytes, past short transfers and EINTR; false on an error
 * or an early end of file. */
static bool transfer_all(int fd, char *p, size_t n, bool writing)
{
	while (n) {
		ssize_t r = writing ? write(fd, p, n) : read(fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		p += r;
		n -= (size_t)r;
	}
	return true;
}

static bool read_all(int fd, void *buf, size_t n)
{
	return transfer_all(fd, buf, n, false);
}

bool kiln_cache_load(const struct kiln_hash *key, struct kiln_binary *out)
{
	if (!kiln_cache_enabled())
		return false;
	cl_ulong t0 = kiln_trace_now();
	bool hit = false;
	char *path = entry_path(key);
	if (!path)
		goto out;
	/* O_NONBLOCK: a FIFO (or device) put in an entry's place must not
	 * block the build; O_NOFOLLOW: no entry is a link.  Anything but a
	 * regular file is a miss. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
	free(path);
	if (fd < 0)
		goto out;
	struct stat st;
	unsigned char *buf = NULL;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size <= ENTRY_HEADER || (size_t)st.st_size > MAX_ENTRY_SIZE) {
		debug_line("unusable", key);
		goto out_close;
	}
	buf = malloc((size_t)st.st_size);
	if (!buf || !read_all(fd, buf, (size_t)st.st_size))
		goto out_close;
	if (memcmp(buf, entry_magic, sizeof(entry_magic))) {
		debug_line("not an entry", key);
		goto out_close;
	}
	if (memcmp(buf + 8, &key->h, sizeof(key->h))) {
		debug_line("of another key", key);
		goto out_close;
	}
	/* A damaged entry is validated like any binary, and then ignored. */
	hit = kiln_binary_read(buf + ENTRY_HEADER, (size_t)st.st_size - ENTRY_HEADER, out);
	if (!hit)
		debug_line("corrupt", key);
out_close:
	free(buf);
	close(fd);
out:
	debug_line(hit ? "hit" : "miss", key);
	KILN_TRACE(kiln_trace_build_phase(hit ? "program cache hit" : "program cache miss",
					  NULL, t0));
	return hit;
}

static bool write_all(int fd, const void *buf, size_t n)
{
	/* transfer_all only reads through `buf` when writing. */
	return transfer_all(fd, (char *)buf, n, true);
}

void kiln_cache_store(const struct kiln_hash *key, const struct kiln_binary *b)
{
	if (!kiln_cache_enabled())
		return;
	struct kiln_blob blob = { 0 };
	char *path = entry_path(key), *tmp = NULL;
	if (!path || !kiln_binary_write(b, &blob))
		goto out;
	/* A temporary name unique to this process and thread, in the same
	 * folder, so rename() replaces the entry atomically. */
	if (asprintf(&tmp, "%s.%ld.%lx.tmp", path, (long)getpid(),
		     (unsigned long)pthread_self()) < 0) {
		tmp = NULL;
		goto out;
	}
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 && errno == EEXIST) {
		/* a temporary file a crashed writer of this pid left */
		unlink(tmp);
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	}
	if (fd < 0)
		goto out;
	unsigned char head[ENTRY_HEADER];
	memcpy(head, entry_magic, sizeof(entry_magic));
	memcpy(head + 8, &key->h, sizeof(key->h));
	bool ok = write_all(fd, head, sizeof(head)) &&
		  write_all(fd, blob.data, blob.size);
	ok = close(fd) == 0 && ok;
	if (!ok || rename(tmp, path)) {
		unlink(tmp);
		goto out;
	}
	debug_line("store", key);
out:
	free(tmp);
	free(path);
	free(blob.data);
}
