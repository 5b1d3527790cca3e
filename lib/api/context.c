/* OpenCL 3.0 §4.4: contexts. */
#include "core/context.h"
#include "core/device.h"
#include "core/info.h"
#include "core/platform.h"
#include "core/svm.h"
#include "core/usm.h"
#include "errcode.h"

#include <stdlib.h>
#include <string.h>

static void context_free(struct kiln_object *obj)
{
	cl_context ctx = (cl_context)obj;
	/* §4.4: destructor callbacks run in reverse order of registration,
	 * when the context is really deleted. */
	struct kiln_context_destructor *d = ctx->destructors;
	while (d) {
		struct kiln_context_destructor *next = d->next;
		d->fn(ctx, d->user_data);
		free(d);
		d = next;
	}
	for (cl_uint i = 0; i < ctx->num_devices; i++)
		if (!kiln_device_is_root(ctx->devices[i]))
			kiln_object_unhold(KILN_OBJ(ctx->devices[i]));
	/* After the destructor callbacks, which may still use SVM memory. */
	kiln_svm_destroy(ctx);
	kiln_usm_context_destroy(ctx);
	pthread_mutex_destroy(&ctx->lock);
	free(ctx->devices);
	free(ctx->properties);
	free(ctx);
}

/* Checks a context property list (§4.4, Table "List of supported context
 * creation properties") and copies it.  Returns the error code. */
static cl_int copy_properties(cl_context ctx, const cl_context_properties *props)
{
	if (!props)
		return CL_SUCCESS;
	size_t n = 0;
	bool seen_platform = false, seen_sync = false;
	while (props[n]) {
		switch (props[n]) {
		case CL_CONTEXT_PLATFORM:
			if (seen_platform)
				return KILN_FAIL(CL_INVALID_PROPERTY,
						 "CL_CONTEXT_PLATFORM given twice (§4.4)");
			seen_platform = true;
			if ((cl_platform_id)props[n + 1] != kiln_platform_get())
				return KILN_FAIL(CL_INVALID_PLATFORM,
						 "CL_CONTEXT_PLATFORM is not Kiln's "
						 "platform (§4.4)");
			break;
		case CL_CONTEXT_INTEROP_USER_SYNC:
			if (seen_sync)
				return KILN_FAIL(CL_INVALID_PROPERTY,
						 "CL_CONTEXT_INTEROP_USER_SYNC given twice (§4.4)");
			seen_sync = true;
			/* The value is a cl_bool: CL_TRUE or CL_FALSE. */
			if (props[n + 1] != CL_TRUE && props[n + 1] != CL_FALSE)
				return KILN_FAIL(CL_INVALID_PROPERTY,
						 "CL_CONTEXT_INTEROP_USER_SYNC is 0x%llx, "
						 "not CL_TRUE or CL_FALSE (§4.4)",
						 (unsigned long long)props[n + 1]);
			break;
		default:
			return KILN_FAIL(CL_INVALID_PROPERTY,
					 "properties[%zu] = 0x%llx is not a context "
					 "property (§4.4)", n,
					 (unsigned long long)props[n]);
		}
		n += 2;
	}
	ctx->num_properties = n + 1;
	ctx->properties = malloc(ctx->num_properties * sizeof(*props));
	if (!ctx->properties)
		return CL_OUT_OF_HOST_MEMORY;
	memcpy(ctx->properties, props, ctx->num_properties * sizeof(*props));
	return CL_SUCCESS;
}

static cl_context context_new(const cl_context_properties *properties,
			      cl_uint num_devices, const cl_device_id *devices,
			      kiln_context_notify_fn notify, void *user_data,
			      cl_int *errcode_ret)
{
	cl_int err = CL_SUCCESS;
	cl_context ctx = calloc(1, sizeof(*ctx));
	if (!ctx) {
		err = CL_OUT_OF_HOST_MEMORY;
		goto out;
	}
	kiln_object_init(&ctx->obj, KILN_OBJ_CONTEXT, NULL);
	err = copy_properties(ctx, properties);
	if (err)
		goto out_free;
	ctx->devices = malloc(num_devices * sizeof(*devices));
	if (!ctx->devices) {
		err = CL_OUT_OF_HOST_MEMORY;
		goto out_free;
	}
	/* A device listed twice is ignored the second time (§4.4). */
	for (cl_uint i = 0; i < num_devices; i++) {
		if (kiln_context_has_device(ctx, devices[i]))
			continue;
		ctx->devices[ctx->num_devices++] = devices[i];
		if (!kiln_device_is_root(devices[i]))
			kiln_object_hold(KILN_OBJ(devices[i]));
	}
	ctx->notify = notify;
	ctx->notify_data = user_data;
	pthread_mutex_init(&ctx->lock, NULL);
	ctx->obj.free_fn = context_free;
	goto out;

out_free:
	free(ctx->properties);
	free(ctx);
	ctx = NULL;
out:
	if (errcode_ret)
		*errcode_ret = err;
	return ctx;
}

CL_API_ENTRY cl_context CL_API_CALL
clCreateContext(const cl_context_properties *properties, cl_uint num_devices,
		const cl_device_id *devices, kiln_context_notify_fn pfn_notify,
		void *user_data, cl_int *errcode_ret)
{
	cl_int err;
	if (!devices || num_devices == 0) {
		err = KILN_FAIL(CL_INVALID_VALUE,
				"devices is NULL or num_devices is 0 (§4.4)");
		goto fail;
	}
	if (!pfn_notify && user_data) {
		err = KILN_FAIL(CL_INVALID_VALUE,
				"user_data without pfn_notify (§4.4)");
		goto fail;
	}
	for (cl_uint i = 0; i < num_devices; i++) {
		if (!kiln_object_is(devices[i], KILN_OBJ_DEVICE)) {
			err = KILN_FAIL(CL_INVALID_DEVICE,
					"devices[%u] is not a valid device (§4.4)", i);
			goto fail;
		}
	}
	return context_new(properties, num_devices, devices, pfn_notify,
			   user_data, errcode_ret);
fail:
	if (errcode_ret)
		*errcode_ret = err;
	return NULL;
}

CL_API_ENTRY cl_context CL_API_CALL
clCreateContextFromType(const cl_context_properties *properties,
			cl_device_type device_type,
			kiln_context_notify_fn pfn_notify, void *user_data,
			cl_int *errcode_ret)
{
	cl_int err = CL_INVALID_VALUE;
	cl_uint n = 0;
	cl_device_id *devs = NULL;
	cl_context ctx = NULL;
	if (!pfn_notify && user_data)
		goto fail;
	err = clGetDeviceIDs(NULL, device_type, 0, NULL, &n);
	if (err)
		goto fail;
	devs = malloc(n * sizeof(*devs));
	if (!devs) {
		err = CL_OUT_OF_HOST_MEMORY;
		goto fail;
	}
	err = clGetDeviceIDs(NULL, device_type, n, devs, NULL);
	if (err)
		goto fail;
	ctx = context_new(properties, n, devs, pfn_notify, user_data, errcode_ret);
	free(devs);
	return ctx;
fail:
	free(devs);
	if (errcode_ret)
		*errcode_ret = err;
	return NULL;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainContext(cl_context context)
{
	return kiln_object_retain_checked(context, KILN_OBJ_CONTEXT,
					  CL_INVALID_CONTEXT);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseContext(cl_context context)
{
	return kiln_object_release_checked(context, KILN_OBJ_CONTEXT,
					   CL_INVALID_CONTEXT);
}

CL_API_ENTRY cl_int CL_API_CALL
clSetContextDestructorCallback(cl_context context,
			       void(CL_CALLBACK *pfn_notify)(cl_context, void *),
			       void *user_data)
{
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT))
		return KILN_FAIL(CL_INVALID_CONTEXT,
				 "context is not a valid context (§4.4)");
	if (!pfn_notify)
		return KILN_FAIL(CL_INVALID_VALUE, "pfn_notify is NULL (§4.4)");
	struct kiln_context_destructor *d = malloc(sizeof(*d));
	if (!d)
		return CL_OUT_OF_HOST_MEMORY;
	d->fn = pfn_notify;
	d->user_data = user_data;
	pthread_mutex_lock(&context->lock);
	d->next = context->destructors;
	context->destructors = d;
	pthread_mutex_unlock(&context->lock);
	return CL_SUCCESS;
}

/* What clGetContextInfo reports, gathered so the table can describe it. */
struct context_view {
	cl_uint refs;
	cl_uint num_devices;
	const cl_device_id *devices;
	size_t devices_n;
	const cl_context_properties *props;
	size_t props_n;
};

static const struct kiln_info_field context_info[] = {
	KILN_INFO_FIELD(CL_CONTEXT_REFERENCE_COUNT, struct context_view, refs),
	KILN_INFO_FIELD(CL_CONTEXT_NUM_DEVICES, struct context_view, num_devices),
	KILN_INFO_ARR(CL_CONTEXT_DEVICES, struct context_view, devices, devices_n),
	KILN_INFO_ARR(CL_CONTEXT_PROPERTIES, struct context_view, props, props_n),
};

CL_API_ENTRY cl_int CL_API_CALL clGetContextInfo(cl_context context,
						 cl_context_info param_name,
						 size_t param_value_size,
						 void *param_value,
						 size_t *param_value_size_ret)
{
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT))
		return KILN_FAIL(CL_INVALID_CONTEXT,
				 "context is not a valid context (§4.4)");
	struct context_view v = {
		.refs = (cl_uint)kiln_object_refcount(KILN_OBJ(context)),
		.num_devices = context->num_devices,
		.devices = context->devices,
		.devices_n = context->num_devices,
		.props = context->properties,
		.props_n = context->num_properties,
	};
	return kiln_info_from_table(context_info, KILN_ARRAY_SIZE(context_info), &v, param_name,
				    param_value_size, param_value,
				    param_value_size_ret);
}
