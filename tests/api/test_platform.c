/* clGetPlatformIDs, clGetPlatformInfo (OpenCL 3.0 §4.1) and clGetDeviceIDs
 * (§4.2): every platform query with its size, short buffers, the values, and
 * the exact error codes for bad arguments. */
#include "check.h"

#include <stdbool.h>

static cl_platform_id platform;

/* Size query, value query of exactly that size, one byte short. */
static void *query(cl_platform_info param, size_t want_size, bool string)
{
	size_t size = 0;
	CHECK_OK(clGetPlatformInfo(platform, param, 0, NULL, &size));
	if (want_size)
		CHECK(size == want_size);
	CHECK(size > 0);
	char *buf = calloc(1, size + 1);
	REQUIRE(buf);
	size_t ret = 0;
	CHECK_OK(clGetPlatformInfo(platform, param, size, buf, &ret));
	CHECK(ret == size);
	if (string)
		CHECK(buf[size - 1] == '\0' && strlen(buf) + 1 == size);
	CHECK_ERR(clGetPlatformInfo(platform, param, size - 1, buf, NULL), CL_INVALID_VALUE);
	return buf;
}

static void check_platform_ids(void)
{
	cl_uint n = 0;
	CHECK_ERR(clGetPlatformIDs(0, NULL, NULL), CL_INVALID_VALUE);
	cl_platform_id p;
	CHECK_ERR(clGetPlatformIDs(0, &p, &n), CL_INVALID_VALUE);
	CHECK_OK(clGetPlatformIDs(0, NULL, &n));
	CHECK(n >= 1);
}

static void check_platform_info(void)
{
	char *profile = query(CL_PLATFORM_PROFILE, 0, true);
	CHECK(strcmp(profile, "FULL_PROFILE") == 0);
	free(profile);

	char *version = query(CL_PLATFORM_VERSION, 0, true);
	CHECK(strncmp(version, "OpenCL 3.0 ", 11) == 0);
	free(version);

	char *name = query(CL_PLATFORM_NAME, 0, true);
	CHECK(strcmp(name, "Kiln") == 0);
	free(name);

	char *vendor = query(CL_PLATFORM_VENDOR, 0, true);
	CHECK(vendor[0] != '\0');
	free(vendor);

	char *suffix = query(CL_PLATFORM_ICD_SUFFIX_KHR, 0, true);
	CHECK(suffix[0] != '\0');
	free(suffix);

	cl_version *nv = query(CL_PLATFORM_NUMERIC_VERSION, sizeof(cl_version), false);
	CHECK(*nv == CL_MAKE_VERSION(3, 0, 0));
	free(nv);

	cl_ulong *res = query(CL_PLATFORM_HOST_TIMER_RESOLUTION, sizeof(cl_ulong), false);
	CHECK(*res >= 1);
	free(res);

	char *ext = query(CL_PLATFORM_EXTENSIONS, 0, true);
	CHECK(check_has_word(ext, "cl_khr_icd"));
	size_t size = 0;
	CHECK_OK(clGetPlatformInfo(platform, CL_PLATFORM_EXTENSIONS_WITH_VERSION, 0, NULL, &size));
	CHECK(size % sizeof(cl_name_version) == 0);
	cl_name_version *ev = query(CL_PLATFORM_EXTENSIONS_WITH_VERSION, size, false);
	size_t n = size / sizeof(cl_name_version), words = 0;
	for (size_t i = 0; i < n; i++)
		CHECK(check_has_word(ext, ev[i].name));
	for (const char *p = ext; *p;) {
		size_t len = strcspn(p, " ");
		words += len > 0;
		p += len;
		while (*p == ' ')
			p++;
	}
	CHECK(words == n);
	free(ev);

	/* §4.1: the platform's extensions are supported by all its devices. */
	cl_uint ndev = 0;
	CHECK_OK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, NULL, &ndev));
	cl_device_id *devs = calloc(ndev, sizeof(*devs));
	REQUIRE(devs);
	CHECK_OK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, ndev, devs, NULL));
	for (cl_uint d = 0; d < ndev; d++) {
		char dext[4096] = "";
		CHECK_OK(clGetDeviceInfo(devs[d], CL_DEVICE_EXTENSIONS, sizeof(dext), dext, NULL));
		for (const char *p = ext; *p;) {
			size_t len = strcspn(p, " ");
			char word[128];
			snprintf(word, sizeof(word), "%.*s", (int)len, p);
			if (len)
				CHECK(check_has_word(dext, word));
			p += len;
			while (*p == ' ')
				p++;
		}
	}
	free(devs);
	free(ext);

	/* Not a platform query. */
	CHECK_ERR(clGetPlatformInfo(platform, 0x7fff, 0, NULL, &size), CL_INVALID_VALUE);
	CHECK_ERR(clGetPlatformInfo(platform, CL_DEVICE_NAME, 0, NULL, &size), CL_INVALID_VALUE);
}

static void check_device_ids(void)
{
	cl_uint n_all = 0, n_cpu = 0, n = 0;
	CHECK_OK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, NULL, &n_all));
	CHECK(n_all >= 1);
	CHECK_OK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 0, NULL, &n_cpu));
	CHECK(n_cpu == n_all); /* every Kiln device is a CPU device */

	cl_device_id all[16] = { 0 }, one = NULL, def = NULL;
	CHECK_OK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 16, all, NULL));
	/* Fewer entries than devices: fills what fits, counts all. */
	CHECK_OK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &one, &n));
	CHECK(one == all[0] && n == n_all);
	/* The default device is one of them, and exactly one. */
	CHECK_OK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_DEFAULT, 1, &def, &n));
	CHECK(n == 1 && def == all[0]);
	CHECK_OK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_CPU, 0, NULL, &n));
	CHECK(n == n_cpu);

	/* §4.2 errors. */
	CHECK_ERR(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &one, &n), CL_DEVICE_NOT_FOUND);
	CHECK_ERR(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ACCELERATOR, 0, NULL, &n),
		  CL_DEVICE_NOT_FOUND);
	CHECK_ERR(clGetDeviceIDs(platform, CL_DEVICE_TYPE_CUSTOM, 0, NULL, &n),
		  CL_DEVICE_NOT_FOUND);
	CHECK_ERR(clGetDeviceIDs(platform, 0, 1, &one, &n), CL_INVALID_DEVICE_TYPE);
	CHECK_ERR(clGetDeviceIDs(platform, (cl_device_type)1 << 40, 1, &one, &n),
		  CL_INVALID_DEVICE_TYPE);
	CHECK_ERR(clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 0, &one, &n), CL_INVALID_VALUE);
	CHECK_ERR(clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 1, NULL, NULL), CL_INVALID_VALUE);
	/* A device handle is not a platform (the loader dispatches it to us). */
	CHECK_ERR(clGetDeviceIDs((cl_platform_id)all[0], CL_DEVICE_TYPE_ALL, 1, &one, &n),
		  CL_INVALID_PLATFORM);
	size_t size = 0;
	CHECK_ERR(clGetPlatformInfo((cl_platform_id)all[0], CL_PLATFORM_NAME, 0, NULL, &size),
		  CL_INVALID_PLATFORM);
}

int main(void)
{
	cl_device_id dev;
	check_get_device(&platform, &dev);
	check_platform_ids();
	check_platform_info();
	check_device_ids();
	return check_done();
}
