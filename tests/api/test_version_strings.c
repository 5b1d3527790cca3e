/* The version strings as applications parse them (OpenCL 3.0 §4.1 and §4.2):
 * CL_PLATFORM_VERSION and CL_DEVICE_VERSION are "OpenCL<space><major.minor>
 * <space><vendor-specific information>", with major.minor equal to the
 * numeric version; the vendor part holds nothing that looks like a version
 * number (the Khronos OpenCL-SDK samples reject a device whose
 * CL_DEVICE_VERSION contains "1.0" or "1.1"); Kiln's own version is in
 * CL_DRIVER_VERSION.  Checked for the platform, every root device and, where
 * the device can be partitioned, a sub-device. */
#include "check.h"

#include <stdbool.h>
#include <ctype.h>

static char *platform_string(cl_platform_id p, cl_platform_info param)
{
	size_t size = 0;
	REQUIRE(clGetPlatformInfo(p, param, 0, NULL, &size) == CL_SUCCESS);
	char *s = malloc(size);
	REQUIRE(s && clGetPlatformInfo(p, param, size, s, NULL) == CL_SUCCESS);
	return s;
}

static char *device_string(cl_device_id d, cl_device_info param)
{
	size_t size = 0;
	REQUIRE(clGetDeviceInfo(d, param, 0, NULL, &size) == CL_SUCCESS);
	char *s = malloc(size);
	REQUIRE(s && clGetDeviceInfo(d, param, size, s, NULL) == CL_SUCCESS);
	return s;
}

/* True when `s` contains a digit, a dot and a digit in a row. */
static bool has_version_number(const char *s)
{
	for (; s[0] && s[1] && s[2]; s++)
		if (isdigit((unsigned char)s[0]) && s[1] == '.' &&
		    isdigit((unsigned char)s[2]))
			return true;
	return false;
}

/* "OpenCL M.m vendor" with M.m = `numeric`, a non-empty vendor part that
 * names no version, and neither "1.0" nor "1.1" anywhere. */
static void check_version(const char *what, const char *s, cl_version numeric)
{
	unsigned major = 0, minor = 0;
	int end = 0;
	int got = sscanf(s, "OpenCL %u.%u %n", &major, &minor, &end);
	CHECK(got == 2 && end > 0);
	CHECK(major == CL_VERSION_MAJOR(numeric) && minor == CL_VERSION_MINOR(numeric));
	if (got == 2 && end > 0) {
		const char *vendor = s + end;
		CHECK(vendor[-1] == ' ' && vendor[0] != '\0');
		CHECK(!has_version_number(vendor));
	}
	CHECK(!strstr(s, "1.0") && !strstr(s, "1.1"));
	if (has_version_number(s + 10))
		fprintf(stderr, "%s \"%s\" names a version in its vendor part\n", what, s);
}

static void check_device(cl_device_id d)
{
	cl_version nv = 0;
	CHECK_OK(clGetDeviceInfo(d, CL_DEVICE_NUMERIC_VERSION, sizeof(nv), &nv, NULL));
	char *version = device_string(d, CL_DEVICE_VERSION);
	check_version("CL_DEVICE_VERSION", version, nv);
	/* Kiln's own version: digits and dots, e.g. "0.1.0" (§4.2 asks for
	 * "major_number.minor_number"). */
	char *driver = device_string(d, CL_DRIVER_VERSION);
	unsigned a = 0, b = 0;
	CHECK(sscanf(driver, "%u.%u", &a, &b) == 2);
	for (const char *c = driver; *c; c++)
		CHECK(isdigit((unsigned char)*c) || *c == '.');
	/* "OpenCL C M.m vendor": also parsed by applications. */
	char *cver = device_string(d, CL_DEVICE_OPENCL_C_VERSION);
	unsigned cm = 0, cn = 0;
	int end = 0;
	CHECK(sscanf(cver, "OpenCL C %u.%u %n", &cm, &cn, &end) == 2 && end > 0);
	if (end > 0)
		CHECK(!has_version_number(cver + end));
	free(cver);
	free(driver);
	free(version);
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id first;
	check_get_device(&platform, &first);

	cl_version pnv = 0;
	CHECK_OK(clGetPlatformInfo(platform, CL_PLATFORM_NUMERIC_VERSION,
				   sizeof(pnv), &pnv, NULL));
	char *pver = platform_string(platform, CL_PLATFORM_VERSION);
	check_version("CL_PLATFORM_VERSION", pver, pnv);
	free(pver);

	cl_uint n = 0;
	REQUIRE(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, NULL, &n) == CL_SUCCESS);
	cl_device_id *devs = calloc(n, sizeof(*devs));
	REQUIRE(devs && clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, n, devs, NULL) ==
				CL_SUCCESS);
	for (cl_uint i = 0; i < n; i++) {
		check_device(devs[i]);
		/* A sub-device reports the same strings (§4.3: it is a device
		 * like any other). */
		cl_uint units = 0, max_sub = 0;
		CHECK_OK(clGetDeviceInfo(devs[i], CL_DEVICE_MAX_COMPUTE_UNITS,
					 sizeof(units), &units, NULL));
		CHECK_OK(clGetDeviceInfo(devs[i], CL_DEVICE_PARTITION_MAX_SUB_DEVICES,
					 sizeof(max_sub), &max_sub, NULL));
		if (max_sub < 2)
			continue;
		cl_device_partition_property props[] = {
			CL_DEVICE_PARTITION_BY_COUNTS, 1,
			CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0
		};
		cl_device_id sub = NULL;
		cl_uint got = 0;
		CHECK_OK(clCreateSubDevices(devs[i], props, 1, &sub, &got));
		CHECK(got == 1);
		if (sub) {
			check_device(sub);
			CHECK_OK(clReleaseDevice(sub));
		}
	}
	free(devs);
	return check_done();
}
