/* KILN_PERF_MAP=1 (docs/environment.md): loading a program's native code
 * names its work-group functions in /tmp/perf-<pid>.map, one "START SIZE
 * name" line each in hexadecimal, as Linux perf reads it.  Checked: both
 * kernels of a program have a line, each range is non-empty, lies in an
 * executable mapping of the process (/proc/self/maps) and overlaps no
 * other line of the same build; a kernel still runs right (against the
 * host); without the variable no map is written (a child process). */
#include "check.h"

#include <stdbool.h>
#include <inttypes.h>
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *src =
	"__kernel void scale(__global float *x, float a) { size_t i = get_global_id(0); x[i] *= a; }\n"
	"__kernel void add_one(__global int *x) { x[get_global_id(0)] += 1; }\n";

struct line {
	uint64_t start, size;
	char name[128];
};

static void map_path(char *path, size_t n, int pid)
{
	snprintf(path, n, "/tmp/perf-%d.map", pid);
}

/* The lines of the map (at most `max`); -1 when there is no map. */
static int read_map(int pid, struct line *lines, int max)
{
	char path[64];
	map_path(path, sizeof(path), pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	int n = 0;
	char buf[256];
	while (n < max && fgets(buf, sizeof(buf), f)) {
		struct line *l = &lines[n];
		if (sscanf(buf, "%" SCNx64 " %" SCNx64 " %127s", &l->start, &l->size, l->name) == 3)
			n++;
		else
			CHECK(!"a map line is START SIZE name");
	}
	fclose(f);
	return n;
}

/* Whether [start, start + size) lies in one executable mapping. */
static bool in_executable_mapping(uint64_t start, uint64_t size)
{
	FILE *f = fopen("/proc/self/maps", "r");
	REQUIRE(f);
	char buf[512];
	bool found = false;
	while (!found && fgets(buf, sizeof(buf), f)) {
		unsigned long lo, hi;
		char perms[8];
		if (sscanf(buf, "%lx-%lx %7s", &lo, &hi, perms) == 3 && perms[2] == 'x' &&
		    start >= lo && start + size <= hi)
			found = true;
	}
	fclose(f);
	return found;
}

/* The map's lines for this process, checked while the program that
 * they name is loaded. */
static void check_map(void)
{
	struct line lines[64];
	int n = read_map(getpid(), lines, 64);
	CHECK(n >= 2);
	bool scale = false, add_one = false;
	for (int i = 0; i < n; i++) {
		scale |= strcmp(lines[i].name, "__kiln_wg_scale") == 0;
		add_one |= strcmp(lines[i].name, "__kiln_wg_add_one") == 0;
		CHECK(lines[i].start != 0 && lines[i].size > 0);
		CHECK(in_executable_mapping(lines[i].start, lines[i].size));
		for (int j = 0; j < i; j++)
			CHECK(lines[i].start + lines[i].size <= lines[j].start ||
			      lines[j].start + lines[j].size <= lines[i].start);
	}
	CHECK(scale && add_one);
}

static void build_and_run(bool with_map)
{
	cl_platform_id platform;
	cl_device_id device;
	cl_context ctx;
	cl_command_queue q;
	cl_int err;
	check_setup(&platform, &device, &ctx, &q);
	cl_program prog = check_build(ctx, device, src, NULL);
	cl_kernel k = check_create_kernel(prog, "scale");
	enum { N = 1000 };
	float x[N];
	for (int i = 0; i < N; i++)
		x[i] = (float)i - 300.0f;
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(x), x, &err);
	REQUIRE(err == CL_SUCCESS);
	float a = -2.5f;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(b), &b));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(a), &a));
	size_t global = N;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL));
	float y[N];
	CHECK_OK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof(y), y, 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += y[i] != x[i] * a;
	CHECK(bad == 0);
	if (with_map)
		check_map();
	clReleaseMemObject(b);
	clReleaseKernel(k);
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
}

int main(void)
{
	char path[64];
	/* without the variable: a child builds and runs, and leaves no map */
	pid_t child = fork();
	REQUIRE(child >= 0);
	if (child == 0) {
		unsetenv("KILN_PERF_MAP");
		map_path(path, sizeof(path), getpid());
		unlink(path);
		build_and_run(false);
		struct line l;
		_exit(check_done() != 0 || read_map(getpid(), &l, 1) != -1);
	}
	int status = 0;
	REQUIRE(waitpid(child, &status, 0) == child);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);

	setenv("KILN_PERF_MAP", "1", 1);
	map_path(path, sizeof(path), getpid());
	unlink(path);
	build_and_run(true);
	unlink(path);
	return check_done();
}
