/* cl_khr_device_uuid: CL_DEVICE_UUID_KHR and CL_DRIVER_UUID_KHR.
 *
 * The driver UUID names the build of Kiln: a hash of kiln_compiler_id()
 * (Kiln's version, LLVM's, and the GNU build id of libkiln.so, which
 * changes with every change to the code).  The device UUID must stay the
 * same "across instances, processes, driver APIs, driver versions, and
 * reboots" (cl_khr_device_uuid), so it is made of the machine alone
 * (systemd's /etc/machine-id, else D-Bus's copy of it, else the host
 * name) and the device's name (the CPU and the driver, so the pool and
 * serial devices differ), not of the build.
 *
 * Both are RFC 9562 UUIDs of version 8 (vendor-specific content): 122 bits
 * of two 64-bit FNV-1a hashes with different starting values, each
 * finished by a 64-bit mixer, then the version and variant bits. */
#include "host.h"
#include "../compiler/compiler.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct hash128 {
	uint64_t a, b;
};

static void feed(struct hash128 *h, const char *s)
{
	/* Each part ends with a NUL, so ("ab", "c") and ("a", "bc") differ. */
	for (size_t i = 0, n = strlen(s); i <= n; i++) {
		h->a = (h->a ^ (unsigned char)s[i]) * 0x100000001b3ull;
		h->b = (h->b ^ (unsigned char)s[i]) * 0x100000001b3ull;
	}
}

/* A bijective 64-bit mixer (splitmix64's finaliser): spreads the FNV
 * state over all bits. */
static uint64_t mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

static void finish(const struct hash128 *h, cl_uchar out[16])
{
	uint64_t a = mix(h->a), b = mix(h->b);
	for (int i = 0; i < 8; i++) {
		out[i] = (cl_uchar)(a >> (56 - 8 * i));
		out[8 + i] = (cl_uchar)(b >> (56 - 8 * i));
	}
	out[6] = (cl_uchar)((out[6] & 0x0f) | 0x80); /* version 8 */
	out[8] = (cl_uchar)((out[8] & 0x3f) | 0x80); /* variant 10 */
}

static struct hash128 start(const char *domain)
{
	/* FNV-1a's offset basis, and a second one for the other half. */
	struct hash128 h = { 0xcbf29ce484222325ull, 0x84222325cbf29ce4ull };
	feed(&h, domain);
	return h;
}

/* The machine's identity: a line of text, or "" when none is readable. */
static void machine_id(char *buf, size_t size)
{
	static const char *const files[] = { "/etc/machine-id",
					     "/var/lib/dbus/machine-id" };
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		FILE *f = fopen(files[i], "re");
		if (!f)
			continue;
		bool got = fgets(buf, (int)size, f) != NULL;
		fclose(f);
		buf[strcspn(buf, "\n")] = '\0';
		if (got && buf[0])
			return;
	}
	if (gethostname(buf, size) != 0)
		buf[0] = '\0';
	buf[size - 1] = '\0';
}

void kiln_host_uuids(const char *device_key, cl_uchar device_uuid[16],
		     cl_uchar driver_uuid[16])
{
	const char *build = kiln_compiler_id();
	struct hash128 drv = start("kiln driver");
	feed(&drv, build);
	finish(&drv, driver_uuid);

	char machine[256];
	machine_id(machine, sizeof(machine));
	struct hash128 dev = start("kiln device");
	feed(&dev, machine);
	feed(&dev, device_key ? device_key : "");
	finish(&dev, device_uuid);
}
