/* Debian's clinfo, an independent client of every platform and device query,
 * runs against the build tree's ICD (OCL_ICD_VENDORS, set by ctest) and
 * reports no error.  clinfo prints a failed query as "<error: ...>",
 * "Invalid ..." or the error's CL_ name; any such line fails the test. */
#include "check.h"

#include <ctype.h>
#include <stdbool.h>

/* True for a line that reports a failed call. */
static bool is_error_line(const char *line)
{
	char lower[1024];
	size_t n = 0;
	for (; line[n] && n + 1 < sizeof(lower); n++)
		lower[n] = (char)tolower((unsigned char)line[n]);
	lower[n] = '\0';
	/* A device property named "Error correction support" is not an error. */
	if (strstr(lower, "error correction") || strstr(lower, "error_correction"))
		return false;
	return strstr(lower, "error") || strstr(lower, "invalid") ||
	       strstr(lower, "cl_out_of") || strstr(lower, "not_found") ||
	       strstr(lower, "not found") || strstr(lower, "segmentation") ||
	       strstr(lower, "abort");
}

/* Runs clinfo with `args`; returns the number of lines, counts errors and
 * whether a line mentions Kiln. */
static int run_clinfo(const char *args, int *errors, bool *saw_kiln)
{
	char cmd[256];
	snprintf(cmd, sizeof(cmd), "clinfo %s 2>&1", args);
	FILE *p = popen(cmd, "r");
	REQUIRE(p);
	char line[1024];
	int lines = 0;
	while (fgets(line, sizeof(line), p)) {
		lines++;
		if (strstr(line, "Kiln"))
			*saw_kiln = true;
		if (is_error_line(line)) {
			(*errors)++;
			fprintf(stderr, "clinfo %s: %s", args, line);
		}
	}
	int status = pclose(p);
	if (status != 0)
		fprintf(stderr, "clinfo %s exited with status %d\n", args, status);
	CHECK(status == 0);
	return lines;
}

int main(void)
{
	/* The library must be reachable through the loader first. */
	cl_platform_id platform;
	cl_device_id device;
	check_get_device(&platform, &device);

	REQUIRE(system("command -v clinfo >/dev/null 2>&1") == 0);
	const char *modes[] = { "", "--raw", "--list", "--json" };
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		int errors = 0;
		bool kiln = false;
		int lines = run_clinfo(modes[i], &errors, &kiln);
		CHECK(lines > 0);
		CHECK(kiln);
		CHECK(errors == 0);
	}
	return check_done();
}
