/* cl_khr_device_uuid: CL_DEVICE_UUID_KHR, CL_DRIVER_UUID_KHR,
 * CL_DEVICE_LUID_VALID_KHR, CL_DEVICE_LUID_KHR and CL_DEVICE_NODE_MASK_KHR
 * have the extension's sizes; the UUIDs are RFC 9562 version-8 UUIDs;
 * the pool and serial devices (both drivers on at once) have different
 * device UUIDs and the same driver UUID; and a second process reports the
 * same UUIDs (the device UUID is stable on this machine). */
#include "check.h"

#include <stdint.h>

static void hex(const cl_uchar *u, char *out)
{
	for (int i = 0; i < 16; i++)
		sprintf(out + 2 * i, "%02x", u[i]);
}

int main(int argc, char **argv)
{
	/* Both drivers, the one ctest chose first (the child of the check
	 * below inherits the list). */
	const char *cur = getenv("KILN_DEVICES");
	if (!cur || !strchr(cur, ','))
		setenv("KILN_DEVICES", cur && !strcmp(cur, "serial") ? "serial,cpu" : "cpu,serial",
		       1);
	cl_platform_id platform;
	cl_uint n = 0;
	cl_device_id dev[4];
	check_get_device(&platform, &dev[0]);
	REQUIRE(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 4, dev, &n) == CL_SUCCESS);
	REQUIRE(n == 2);

	cl_uchar uuid[2][CL_UUID_SIZE_KHR], driver[2][CL_UUID_SIZE_KHR];
	for (cl_uint d = 0; d < n; d++) {
		CHECK_OK(clGetDeviceInfo(dev[d], CL_DEVICE_UUID_KHR, sizeof(uuid[d]), uuid[d], NULL));
		CHECK_OK(clGetDeviceInfo(dev[d], CL_DRIVER_UUID_KHR, sizeof(driver[d]), driver[d],
					 NULL));
	}
	if (argc > 1 && !strcmp(argv[1], "--print")) {
		char a[33], b[33], c[33];
		hex(uuid[0], a);
		hex(uuid[1], b);
		hex(driver[0], c);
		printf("%s %s %s\n", a, b, c);
		return 0;
	}

	char ext[4096] = "";
	CHECK_OK(clGetDeviceInfo(dev[0], CL_DEVICE_EXTENSIONS, sizeof(ext), ext, NULL));
	CHECK(check_has_word(ext, "cl_khr_device_uuid"));
	for (cl_uint d = 0; d < n; d++) {
		size_t size = 0;
		CHECK_OK(clGetDeviceInfo(dev[d], CL_DEVICE_UUID_KHR, 0, NULL, &size));
		CHECK(size == CL_UUID_SIZE_KHR);
		CHECK_OK(clGetDeviceInfo(dev[d], CL_DRIVER_UUID_KHR, 0, NULL, &size));
		CHECK(size == CL_UUID_SIZE_KHR);
		CHECK_ERR(clGetDeviceInfo(dev[d], CL_DEVICE_UUID_KHR, CL_UUID_SIZE_KHR - 1,
					  uuid[d], NULL), CL_INVALID_VALUE);
		cl_bool valid = CL_TRUE;
		CHECK_OK(clGetDeviceInfo(dev[d], CL_DEVICE_LUID_VALID_KHR, sizeof(valid), &valid,
					 &size));
		CHECK(size == sizeof(cl_bool) && valid == CL_FALSE);
		cl_uchar luid[CL_LUID_SIZE_KHR];
		CHECK_OK(clGetDeviceInfo(dev[d], CL_DEVICE_LUID_KHR, sizeof(luid), luid, &size));
		CHECK(size == CL_LUID_SIZE_KHR);
		cl_uint mask;
		CHECK_OK(clGetDeviceInfo(dev[d], CL_DEVICE_NODE_MASK_KHR, sizeof(mask), &mask,
					 &size));
		CHECK(size == sizeof(cl_uint));
		/* RFC 9562: version in the high nibble of byte 6, variant
		 * 0b10 in the top bits of byte 8. */
		CHECK((uuid[d][6] >> 4) == 8 && (uuid[d][8] >> 6) == 2);
		CHECK((driver[d][6] >> 4) == 8 && (driver[d][8] >> 6) == 2);
	}
	CHECK(memcmp(uuid[0], uuid[1], CL_UUID_SIZE_KHR) != 0);
	CHECK(memcmp(driver[0], driver[1], CL_UUID_SIZE_KHR) == 0);
	CHECK(memcmp(uuid[0], driver[0], CL_UUID_SIZE_KHR) != 0);

	/* The same answers in another process. */
	char cmd[4200], line[256] = "", want[128], a[33], b[33], c[33];
	snprintf(cmd, sizeof(cmd), "'%s' --print", argv[0]);
	FILE *f = popen(cmd, "r");
	REQUIRE(f);
	CHECK(fgets(line, sizeof(line), f) != NULL);
	CHECK(pclose(f) == 0);
	hex(uuid[0], a);
	hex(uuid[1], b);
	hex(driver[0], c);
	snprintf(want, sizeof(want), "%s %s %s\n", a, b, c);
	CHECK(strcmp(line, want) == 0);
	printf("device %s, driver %s\n", a, c);
	return check_done();
}
