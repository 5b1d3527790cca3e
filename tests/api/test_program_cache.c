/* The on-disk build cache (docs/architecture.md, "The compiler pipeline"): a second build
 * of the same source is a hit, a change in source or options is a miss, a
 * damaged entry is ignored, two processes building the same source at once
 * both succeed, KILN_CACHE=0 and an unusable folder mean no cache.  Hits
 * and misses are read from the KILN_DEBUG=cache lines on stderr. */
#include "check.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;
static char cache_dir[] = "/tmp/kiln-cache-test-XXXXXX";

static const char *src_a =
	"__kernel void addk(__global int *o, int k)\n"
	"{ size_t i = get_global_id(0); o[i] = (int)i + k + ADD; }\n";

static void setup(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);
}

/* Builds `src` with `options` while stderr goes to a file; returns the
 * program and what was written to stderr (malloc'ed). */
static cl_program build_logged(const char *src, const char *options, char **out,
			       cl_int *build_err)
{
	char path[] = "/tmp/kiln-cache-stderr-XXXXXX";
	int fd = mkstemp(path);
	REQUIRE(fd >= 0);
	fflush(stderr);
	int saved = dup(2);
	dup2(fd, 2);
	cl_int err;
	cl_program p = clCreateProgramWithSource(context, 1, &src, NULL, &err);
	*build_err = clBuildProgram(p, 0, NULL, options, NULL, NULL);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	off_t n = lseek(fd, 0, SEEK_END);
	*out = calloc(1, (size_t)n + 1);
	pread(fd, *out, (size_t)n, 0);
	close(fd);
	unlink(path);
	return p;
}

static int count(const char *text, const char *word)
{
	int n = 0;
	for (const char *s = text; (s = strstr(s, word)); s++)
		n++;
	return n;
}

/* Runs addk over 256 items and checks o[i] == i + k + add. */
static int run_ok(cl_program p, int add)
{
	enum { N = 256 };
	cl_int err;
	cl_kernel k = clCreateKernel(p, "addk", &err);
	if (!k)
		return 0;
	cl_mem b = clCreateBuffer(context, CL_MEM_READ_WRITE, N * sizeof(int), NULL, &err);
	int kval = 11, out[N];
	clSetKernelArg(k, 0, sizeof(b), &b);
	clSetKernelArg(k, 1, sizeof(kval), &kval);
	size_t global = N;
	err = clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, NULL, 0, NULL, NULL);
	err |= clEnqueueReadBuffer(queue, b, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL);
	int bad = err != CL_SUCCESS;
	for (int i = 0; i < N; i++)
		bad += out[i] != i + kval + add;
	clReleaseMemObject(b);
	clReleaseKernel(k);
	return bad == 0;
}

/* Builds and runs; `expect` is "hit", "miss" or NULL (no cache line). */
static void build_expect(const char *src, const char *options, int add,
			 const char *expect)
{
	char *log;
	cl_int err;
	cl_program p = build_logged(src, options, &log, &err);
	CHECK_OK(err);
	if (!expect) {
		CHECK(count(log, "kiln: cache hit") + count(log, "kiln: cache miss") == 0);
	} else if (strcmp(expect, "hit") == 0) {
		CHECK(count(log, "kiln: cache hit") == 1);
		CHECK(count(log, "kiln: cache miss") == 0);
	} else {
		CHECK(count(log, "kiln: cache miss") == 1);
		CHECK(count(log, "kiln: cache hit") == 0);
		CHECK(count(log, "kiln: cache store") == 1);
	}
	if (err == CL_SUCCESS)
		CHECK(run_ok(p, add));
	else
		fprintf(stderr, "stderr of the build: %s\n", log);
	free(log);
	clReleaseProgram(p);
}

/* Calls fn on every regular file of the cache folder; returns how many. */
static int for_entries(void (*fn)(const char *path, const char *name))
{
	DIR *d = opendir(cache_dir);
	int n = 0;
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char path[512];
		snprintf(path, sizeof(path), "%s/%s", cache_dir, e->d_name);
		if (fn)
			fn(path, e->d_name);
		n++;
	}
	if (d)
		closedir(d);
	return n;
}

static void corrupt(const char *path, const char *name)
{
	(void)name;
	FILE *f = fopen(path, "r+b");
	if (!f)
		return;
	fseek(f, 100, SEEK_SET);
	fputs("damage", f);
	fclose(f);
}

static int tmp_files;
static void count_tmp(const char *path, const char *name)
{
	(void)path;
	tmp_files += strstr(name, ".tmp") != NULL;
}

static void remove_entry(const char *path, const char *name)
{
	(void)name;
	unlink(path);
}

/* Starts this program again in `mode` with extra environment. */
static pid_t spawn(const char *mode, const char *env_name, const char *env_value)
{
	pid_t pid = fork();
	if (pid == 0) {
		if (env_name)
			setenv(env_name, env_value, 1);
		execl("/proc/self/exe", "test_program_cache", mode, (char *)NULL);
		_exit(127);
	}
	return pid;
}

static int wait_ok(pid_t pid)
{
	int status = 0;
	waitpid(pid, &status, 0);
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static const char *racy_src =
	"__kernel void addk(__global int *o, int k)\n"
	"{ size_t i = get_global_id(0); o[i] = (int)i + k + 40 + ADD; } /* race */\n";

static int child(const char *mode)
{
	setup();
	if (strcmp(mode, "race") == 0) {
		/* Either a hit or a miss, but always a correct program. */
		char *log;
		cl_int err;
		cl_program p = build_logged(racy_src, "-DADD=2", &log, &err);
		CHECK_OK(err);
		CHECK(count(log, "kiln: cache hit") + count(log, "kiln: cache miss") == 1);
		CHECK(run_ok(p, 42));
		free(log);
		clReleaseProgram(p);
	} else {
		/* "off" (KILN_CACHE=0) and "unwritable": builds work, and no
		 * lookup happens. */
		build_expect(src_a, "-DADD=9", 9, NULL);
		build_expect(src_a, "-DADD=9", 9, NULL);
	}
	return check_done();
}

int main(int argc, char **argv)
{
	setenv("KILN_DEBUG", "cache", 1);
	if (argc > 1)
		return child(argv[1]);
	REQUIRE(mkdtemp(cache_dir) != NULL);
	setenv("KILN_CACHE_DIR", cache_dir, 1);
	unsetenv("KILN_CACHE");
	setup();

	build_expect(src_a, "-DADD=1", 1, "miss");
	build_expect(src_a, "-DADD=1", 1, "hit");
	CHECK(for_entries(NULL) == 1);
	/* Options and source are part of the key. */
	build_expect(src_a, "-DADD=2", 2, "miss");
	build_expect(src_a, "-DADD=1 -cl-mad-enable", 1, "miss");
	const char *src_b = "/* changed */\n__kernel void addk(__global int *o, int k)\n"
			    "{ size_t i = get_global_id(0); o[i] = (int)i + k + ADD; }\n";
	build_expect(src_b, "-DADD=1", 1, "miss");
	build_expect(src_a, "-DADD=2", 2, "hit");
	CHECK(for_entries(NULL) == 4);

	/* Damaged entries are ignored (and replaced). */
	for_entries(corrupt);
	build_expect(src_a, "-DADD=1", 1, "miss");
	build_expect(src_a, "-DADD=1", 1, "hit");

	/* Two processes build the same new source at the same time. */
	pid_t a = spawn("race", NULL, NULL), b = spawn("race", NULL, NULL);
	CHECK(wait_ok(a));
	CHECK(wait_ok(b));
	build_expect(racy_src, "-DADD=2", 42, "hit");
	tmp_files = 0;
	for_entries(count_tmp);
	CHECK(tmp_files == 0);

	/* No cache at all. */
	CHECK(wait_ok(spawn("off", "KILN_CACHE", "0")));
	CHECK(wait_ok(spawn("unwritable", "KILN_CACHE_DIR", "/proc/kiln-no-such-dir")));

	for_entries(remove_entry);
	rmdir(cache_dir);
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
