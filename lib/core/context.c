#include "context.h"
#include "device.h"

#include <stdarg.h>
#include <stdio.h>

bool kiln_context_has_device(cl_context ctx, cl_device_id dev)
{
	for (cl_uint i = 0; i < ctx->num_devices; i++)
		if (ctx->devices[i] == dev)
			return true;
	return false;
}

void kiln_context_report(cl_context ctx, const char *fmt, ...)
{
	if (!ctx || !ctx->notify)
		return;
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	ctx->notify(msg, NULL, 0, ctx->notify_data);
}

bool kiln_context_has_images(cl_context ctx)
{
	for (cl_uint i = 0; i < ctx->num_devices; i++)
		if (ctx->devices[i]->props.image_support)
			return true;
	return false;
}
