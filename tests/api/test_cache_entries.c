/* What the on-disk cache does with entries it did not write for the build
 * at hand (lib/core/cache.c): another program's valid entry planted under
 * this program's key is a miss and this program's own code runs; a FIFO in
 * an entry's place does not block the build; a folder, a short file and a
 * bare binary without the entry header are misses.  Hits and misses are
 * read from the KILN_DEBUG=cache lines on stderr; a whole-test alarm turns
 * a blocked build into a failure. */
#include "check.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;
static char cache_dir[] = "/tmp/kiln-cache-entries-XXXXXX";

static const char *src =
	"__kernel void addk(__global int *o, int k)\n"
	"{ size_t i = get_global_id(0); o[i] = (int)i + k + ADD; }\n";

/* Builds with -DADD=add while stderr goes to a file; returns the program
 * and what was written to stderr (malloc'ed). */
static cl_program build_logged(int add, char **out)
{
	char path[] = "/tmp/kiln-cache-entries-stderr-XXXXXX";
	int fd = mkstemp(path);
	REQUIRE(fd >= 0);
	char options[32];
	snprintf(options, sizeof(options), "-DADD=%d", add);
	fflush(stderr);
	int saved = dup(2);
	dup2(fd, 2);
	cl_int err;
	cl_program p = clCreateProgramWithSource(context, 1, &src, NULL, &err);
	cl_int build = clBuildProgram(p, 0, NULL, options, NULL, NULL);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	CHECK_OK(build);
	off_t n = lseek(fd, 0, SEEK_END);
	*out = calloc(1, (size_t)n + 1);
	CHECK(pread(fd, *out, (size_t)n, 0) == n);
	close(fd);
	unlink(path);
	return p;
}

/* Runs addk over 64 items: o[i] == i + 5 + add. */
static int runs_with(cl_program p, int add)
{
	enum { N = 64 };
	cl_int err;
	cl_kernel k = clCreateKernel(p, "addk", &err);
	if (!k)
		return 0;
	cl_mem b = clCreateBuffer(context, CL_MEM_READ_WRITE, N * sizeof(int), NULL, &err);
	int kval = 5, out[N];
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

/* Builds with ADD=add, checks the cache line ("hit" or "miss") and, when
 * `also` is set, that stderr holds it too; then runs. */
static void build_expect(int add, const char *expect, const char *also)
{
	char *log;
	cl_program p = build_logged(add, &log);
	char want[64];
	snprintf(want, sizeof(want), "kiln: cache %s", expect);
	if (!strstr(log, want) || (also && !strstr(log, also))) {
		fprintf(stderr, "ADD=%d: expected \"%s\"%s%s; stderr was:\n%s\n", add, want,
			also ? " and " : "", also ? also : "", log);
		CHECK(0);
	}
	CHECK(runs_with(p, add));
	free(log);
	clReleaseProgram(p);
}

/* The one entry of the cache folder not named `other` (an empty string
 * when none): the entry just stored. */
static void newest_entry(const char *other, char *path, size_t size)
{
	path[0] = '\0';
	DIR *d = opendir(cache_dir);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.' || !strstr(e->d_name, ".kbin"))
			continue;
		char p[512];
		snprintf(p, sizeof(p), "%s/%s", cache_dir, e->d_name);
		if (strcmp(p, other) != 0)
			snprintf(path, size, "%s", p);
	}
	if (d)
		closedir(d);
}

static void copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
	REQUIRE(in && out);
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		REQUIRE(fwrite(buf, 1, n, out) == n);
	fclose(in);
	fclose(out);
}

int main(void)
{
	alarm(300);
	setenv("KILN_DEBUG", "cache", 1);
	REQUIRE(mkdtemp(cache_dir) != NULL);
	setenv("KILN_CACHE_DIR", cache_dir, 1);
	unsetenv("KILN_CACHE");
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);

	/* Program X (ADD=100) and program Y (ADD=7): one entry each. */
	char x[512], y[512];
	build_expect(100, "miss", "kiln: cache store");
	newest_entry("", x, sizeof(x));
	build_expect(7, "miss", "kiln: cache store");
	newest_entry(x, y, sizeof(y));
	REQUIRE(x[0] && y[0]);
	build_expect(7, "hit", NULL);

	/* X's valid entry under Y's name: a miss, and Y's code runs. */
	copy_file(x, y);
	build_expect(7, "miss", "of another key");
	build_expect(7, "hit", NULL);
	build_expect(100, "hit", NULL);

	/* A FIFO in Y's entry's place: no blocking, a miss; the store puts
	 * a regular file back. */
	REQUIRE(unlink(y) == 0);
	REQUIRE(mkfifo(y, 0600) == 0);
	build_expect(7, "miss", "unusable");
	struct stat st;
	CHECK(lstat(y, &st) == 0 && S_ISREG(st.st_mode));
	build_expect(7, "hit", NULL);

	/* A folder in its place: a miss (the store cannot replace it). */
	REQUIRE(unlink(y) == 0);
	REQUIRE(mkdir(y, 0700) == 0);
	build_expect(7, "miss", "unusable");
	REQUIRE(rmdir(y) == 0);

	/* A short entry, then a bare program binary without the entry
	 * header (what an older Kiln stored): misses. */
	build_expect(7, "miss", "kiln: cache store");
	REQUIRE(truncate(y, 10) == 0);
	build_expect(7, "miss", "unusable");
	{
		char *log;
		cl_program p = build_logged(7, &log);
		free(log);
		size_t size = 0;
		CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, NULL));
		unsigned char *bin = malloc(size);
		CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof(bin), &bin, NULL));
		FILE *f = fopen(y, "wb");
		REQUIRE(f && fwrite(bin, 1, size, f) == size);
		fclose(f);
		free(bin);
		clReleaseProgram(p);
	}
	build_expect(7, "miss", "not an entry");
	/* A link in its place, even to a good entry: a miss. */
	REQUIRE(unlink(y) == 0);
	REQUIRE(symlink(x, y) == 0);
	build_expect(7, "miss", NULL);

	DIR *d = opendir(cache_dir);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		char p[600];
		snprintf(p, sizeof(p), "%s/%s", cache_dir, e->d_name);
		if (e->d_name[0] != '.')
			unlink(p);
	}
	if (d)
		closedir(d);
	rmdir(cache_dir);
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
