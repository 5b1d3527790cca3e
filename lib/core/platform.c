/* The platform object and device discovery.  KILN_DEVICES chooses the
 * drivers ("cpu" by default, "serial", or a comma-separated list). */
#include "platform.h"
#include "device.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static struct _cl_platform_id the_platform;
static pthread_once_t platform_once = PTHREAD_ONCE_INIT;

static const struct kiln_driver *const known_drivers[] = {
	&kiln_driver_cpu,
	&kiln_driver_serial,
};

static const struct kiln_driver *driver_by_name(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(known_drivers) / sizeof(known_drivers[0]); i++)
		if (strlen(known_drivers[i]->name) == len &&
		    strncmp(known_drivers[i]->name, name, len) == 0)
			return known_drivers[i];
	return NULL;
}

static void add_devices(const struct kiln_driver *drv)
{
	unsigned n = drv->probe();
	for (unsigned i = 0; i < n; i++) {
		cl_device_id dev = calloc(1, sizeof(*dev));
		if (!dev)
			return;
		kiln_object_init(&dev->obj, KILN_OBJ_DEVICE, NULL);
		dev->driver = drv;
		if (drv->init(dev, i) != CL_SUCCESS) {
			free(dev);
			continue;
		}
		cl_device_id *grown = realloc(the_platform.devices,
			(the_platform.num_devices + 1) * sizeof(*grown));
		if (!grown) {
			drv->uninit(dev);
			free(dev);
			return;
		}
		the_platform.devices = grown;
		the_platform.devices[the_platform.num_devices++] = dev;
	}
}

static void platform_init(void)
{
	kiln_object_init(&the_platform.obj, KILN_OBJ_PLATFORM, NULL);
	const char *list = getenv("KILN_DEVICES");
	if (!list || !*list)
		list = "cpu";
	for (const char *p = list; *p;) {
		size_t len = strcspn(p, ",");
		const struct kiln_driver *drv = driver_by_name(p, len);
		if (drv)
			add_devices(drv);
		p += len;
		if (*p == ',')
			p++;
	}
}

cl_platform_id kiln_platform_get(void)
{
	pthread_once(&platform_once, platform_init);
	return &the_platform;
}
