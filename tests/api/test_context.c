/* Contexts (OpenCL 3.0 §4.4): creation from devices and from a type,
 * properties, queries, reference counts, destructor callbacks, errors. */
#include "check.h"

static int order[4];
static int order_n;

static void CL_CALLBACK destructor(cl_context ctx, void *user_data)
{
	(void)ctx;
	order[order_n++] = *(int *)user_data;
}

static void CL_CALLBACK notify(const char *errinfo, const void *pi, size_t cb,
			       void *user_data)
{
	(void)errinfo, (void)pi, (void)cb, (void)user_data;
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_int err;
	check_get_device(&platform, &dev);

	/* Valid creation with properties, then every query. */
	cl_context_properties props[] = { CL_CONTEXT_PLATFORM,
					  (cl_context_properties)platform, 0 };
	cl_context ctx = clCreateContext(props, 1, &dev, notify, NULL, &err);
	CHECK_OK(err);
	REQUIRE(ctx != NULL);

	cl_uint refs = 0, ndev = 0;
	CHECK_OK(clGetContextInfo(ctx, CL_CONTEXT_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 1);
	CHECK_OK(clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, sizeof(ndev), &ndev, NULL));
	CHECK(ndev == 1);
	cl_device_id got = NULL;
	size_t size = 0;
	CHECK_OK(clGetContextInfo(ctx, CL_CONTEXT_DEVICES, 0, NULL, &size));
	CHECK(size == sizeof(cl_device_id));
	CHECK_OK(clGetContextInfo(ctx, CL_CONTEXT_DEVICES, sizeof(got), &got, NULL));
	CHECK(got == dev);
	cl_context_properties back[3] = { 0 };
	CHECK_OK(clGetContextInfo(ctx, CL_CONTEXT_PROPERTIES, 0, NULL, &size));
	CHECK(size == sizeof(props));
	CHECK_OK(clGetContextInfo(ctx, CL_CONTEXT_PROPERTIES, sizeof(back), back, NULL));
	CHECK(memcmp(back, props, sizeof(props)) == 0);
	/* A buffer too small for the value is CL_INVALID_VALUE. */
	CHECK_ERR(clGetContextInfo(ctx, CL_CONTEXT_DEVICES, 1, &got, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetContextInfo(ctx, 0x7fff, sizeof(refs), &refs, NULL), CL_INVALID_VALUE);
	CHECK_ERR(clGetContextInfo(NULL, CL_CONTEXT_REFERENCE_COUNT, sizeof(refs), &refs, NULL),
		  CL_INVALID_CONTEXT);

	/* Retain/release and destructor callbacks, newest first, on the
	 * last release only. */
	static int one = 1, two = 2;
	CHECK_OK(clSetContextDestructorCallback(ctx, destructor, &one));
	CHECK_OK(clSetContextDestructorCallback(ctx, destructor, &two));
	CHECK_ERR(clSetContextDestructorCallback(ctx, NULL, NULL), CL_INVALID_VALUE);
	CHECK_OK(clRetainContext(ctx));
	CHECK_OK(clGetContextInfo(ctx, CL_CONTEXT_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
	CHECK(refs == 2);
	CHECK_OK(clReleaseContext(ctx));
	CHECK(order_n == 0);
	CHECK_OK(clReleaseContext(ctx));
	CHECK(order_n == 2 && order[0] == 2 && order[1] == 1);

	/* Properties without a platform, and no properties at all. */
	ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	CHECK_OK(err);
	CHECK_OK(clGetContextInfo(ctx, CL_CONTEXT_PROPERTIES, 0, NULL, &size));
	CHECK(size == 0);
	CHECK_OK(clReleaseContext(ctx));

	/* From a type. */
	ctx = clCreateContextFromType(props, CL_DEVICE_TYPE_CPU, NULL, NULL, &err);
	CHECK_OK(err);
	CHECK_OK(clGetContextInfo(ctx, CL_CONTEXT_DEVICES, sizeof(got), &got, NULL));
	CHECK(got == dev);
	CHECK_OK(clReleaseContext(ctx));
	ctx = clCreateContextFromType(props, CL_DEVICE_TYPE_GPU, NULL, NULL, &err);
	CHECK(ctx == NULL && err == CL_DEVICE_NOT_FOUND);
	ctx = clCreateContextFromType(props, 0x12340000, NULL, NULL, &err);
	CHECK(ctx == NULL && err == CL_INVALID_DEVICE_TYPE);

	/* Errors. */
	ctx = clCreateContext(NULL, 0, &dev, NULL, NULL, &err);
	CHECK(ctx == NULL && err == CL_INVALID_VALUE);
	ctx = clCreateContext(NULL, 1, NULL, NULL, NULL, &err);
	CHECK(ctx == NULL && err == CL_INVALID_VALUE);
	long data[8] = { 0 };
	ctx = clCreateContext(NULL, 1, &dev, NULL, data, &err);
	CHECK(ctx == NULL && err == CL_INVALID_VALUE);
	/* (A device handle that is not an OpenCL object cannot be tested
	 * through the loader: the loader itself dispatches through it.) */
	cl_context_properties bad_platform[] = { CL_CONTEXT_PLATFORM,
						 (cl_context_properties)data, 0 };
	ctx = clCreateContext(bad_platform, 1, &dev, NULL, NULL, &err);
	CHECK(ctx == NULL && err == CL_INVALID_PLATFORM);
	cl_context_properties bad_prop[] = { 0x7777, 1, 0 };
	ctx = clCreateContext(bad_prop, 1, &dev, NULL, NULL, &err);
	CHECK(ctx == NULL && err == CL_INVALID_PROPERTY);
	cl_context_properties twice[] = { CL_CONTEXT_PLATFORM, (cl_context_properties)platform,
					  CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0 };
	ctx = clCreateContext(twice, 1, &dev, NULL, NULL, &err);
	CHECK(ctx == NULL && err == CL_INVALID_PROPERTY);
	/* CL_CONTEXT_INTEROP_USER_SYNC takes a cl_bool (§4.4): any other
	 * value is CL_INVALID_PROPERTY, through clCreateContextFromType too;
	 * CL_TRUE and CL_FALSE make a context. */
	cl_context_properties bad_sync[] = { CL_CONTEXT_INTEROP_USER_SYNC, -1, 0 };
	ctx = clCreateContext(bad_sync, 1, &dev, NULL, NULL, &err);
	CHECK(ctx == NULL && err == CL_INVALID_PROPERTY);
	/* (the loader needs the platform to pick the ICD) */
	cl_context_properties bad_sync_platform[] = {
		CL_CONTEXT_PLATFORM, (cl_context_properties)platform,
		CL_CONTEXT_INTEROP_USER_SYNC, 2, 0 };
	ctx = clCreateContextFromType(bad_sync_platform, CL_DEVICE_TYPE_ALL, NULL, NULL, &err);
	CHECK(ctx == NULL && err == CL_INVALID_PROPERTY);
	for (cl_bool b = CL_FALSE; b <= CL_TRUE; b++) {
		cl_context_properties sync[] = { CL_CONTEXT_INTEROP_USER_SYNC, b, 0 };
		ctx = clCreateContext(sync, 1, &dev, NULL, NULL, &err);
		CHECK(ctx != NULL && err == CL_SUCCESS);
		if (ctx)
			clReleaseContext(ctx);
	}
	CHECK_ERR(clRetainContext(NULL), CL_INVALID_CONTEXT);
	CHECK_ERR(clReleaseContext(NULL), CL_INVALID_CONTEXT);

	return check_done();
}
