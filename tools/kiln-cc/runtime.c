/* kiln-cc's builds, through the OpenCL API on the Kiln platform: the
 * program is made and built exactly as an application would make it, so
 * that options, diagnostics and the binary are the runtime's own. */
#include "kiln_cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The platform named "Kiln" among those the loader lists. */
static bool find_kiln(cl_platform_id *out)
{
	cl_uint n = 0;
	if (clGetPlatformIDs(0, NULL, &n) != CL_SUCCESS || n == 0)
		return false;
	cl_platform_id *ids = calloc(n, sizeof(*ids));
	if (!ids || clGetPlatformIDs(n, ids, NULL) != CL_SUCCESS) {
		free(ids);
		return false;
	}
	bool found = false;
	for (cl_uint i = 0; i < n && !found; i++) {
		char name[64] = "";
		clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof(name), name, NULL);
		if (strcmp(name, "Kiln") == 0) {
			*out = ids[i];
			found = true;
		}
	}
	free(ids);
	return found;
}

static char *program_log(cl_program prog, cl_device_id dev)
{
	size_t size = 0;
	if (clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) !=
	    CL_SUCCESS)
		return NULL;
	char *log = calloc(1, size + 1);
	if (log && clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, size, log,
					 NULL) != CL_SUCCESS) {
		free(log);
		return NULL;
	}
	return log;
}

/* What the runtime tells the context (why clCreateProgramWithIL refused a
 * module: the validator's or the translator's log) goes to stderr. */
static void CL_CALLBACK report(const char *errinfo, const void *private_info,
			       size_t cb, void *user_data)
{
	(void)private_info;
	(void)cb;
	fprintf(stderr, "%s: %s", (const char *)user_data, errinfo);
	size_t n = strlen(errinfo);
	if (n == 0 || errinfo[n - 1] != '\n')
		fputc('\n', stderr);
}

bool cc_build(const struct cc_input *in, const char *options, struct cc_program *p)
{
	cl_int err;
	memset(p, 0, sizeof(*p));
	if (!find_kiln(&p->platform)) {
		fprintf(stderr, KILN_CC ": error: the OpenCL loader lists no Kiln platform "
			"(is Kiln's ICD file in /etc/OpenCL/vendors or OCL_ICD_VENDORS?)\n");
		return false;
	}
	err = clGetDeviceIDs(p->platform, CL_DEVICE_TYPE_ALL, 1, &p->device, NULL);
	if (err == CL_SUCCESS)
		p->context = clCreateContext(NULL, 1, &p->device, report,
					     (void *)in->path, &err);
	if (err != CL_SUCCESS) {
		fprintf(stderr, KILN_CC ": error: no Kiln device or context (error %d)\n", err);
		return false;
	}
	if (in->spirv) {
		p->program = clCreateProgramWithIL(p->context, in->data, in->size, &err);
		if (err == CL_INVALID_VALUE) {
			/* the runtime checks magic, version and length */
			fprintf(stderr, "%s: error: not a SPIR-V 1.0-1.5 module that Kiln "
				"can read\n", in->path);
			return false;
		}
	} else {
		const char *src = in->data;
		p->program = clCreateProgramWithSource(p->context, 1, &src, &in->size, &err);
	}
	if (err != CL_SUCCESS) {
		fprintf(stderr, "%s: error: the program cannot be created (error %d)\n",
			in->path, err);
		return false;
	}
	p->status = clBuildProgram(p->program, 1, &p->device, options, NULL, NULL);
	p->log = program_log(p->program, p->device);
	return true;
}

void cc_release(struct cc_program *p)
{
	if (p->program)
		clReleaseProgram(p->program);
	if (p->context)
		clReleaseContext(p->context);
	free(p->log);
	memset(p, 0, sizeof(*p));
}

bool cc_program_binary(struct cc_program *p, struct kiln_blob *out)
{
	size_t size = 0;
	out->data = NULL;
	out->size = 0;
	if (clGetProgramInfo(p->program, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size,
			     NULL) != CL_SUCCESS || size == 0)
		return false;
	unsigned char *data = malloc(size);
	if (!data)
		return false;
	unsigned char *ptrs[1] = { data };
	if (clGetProgramInfo(p->program, CL_PROGRAM_BINARIES, sizeof(ptrs), ptrs, NULL) !=
	    CL_SUCCESS) {
		free(data);
		return false;
	}
	out->data = data;
	out->size = size;
	return true;
}

static char *device_string(cl_device_id dev, cl_device_info what)
{
	size_t size = 0;
	if (clGetDeviceInfo(dev, what, 0, NULL, &size) != CL_SUCCESS)
		return NULL;
	char *s = calloc(1, size + 1);
	if (s && clGetDeviceInfo(dev, what, size, s, NULL) != CL_SUCCESS) {
		free(s);
		return NULL;
	}
	return s;
}

/* CL_DEVICE_OPENCL_C_FEATURES as one space-separated list of names. */
static char *c_features(cl_device_id dev)
{
	size_t size = 0;
	if (clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_FEATURES, 0, NULL, &size) != CL_SUCCESS)
		return NULL;
	size_t n = size / sizeof(cl_name_version);
	cl_name_version *v = calloc(n ? n : 1, sizeof(*v));
	char *s = calloc(1, n * (CL_NAME_VERSION_MAX_NAME_SIZE + 1) + 1);
	if (!v || !s ||
	    clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_FEATURES, size, v, NULL) != CL_SUCCESS) {
		free(v);
		free(s);
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		if (i)
			strcat(s, " ");
		strncat(s, v[i].name, CL_NAME_VERSION_MAX_NAME_SIZE);
	}
	free(v);
	return s;
}

bool cc_device_target(struct cc_program *p, struct kiln_target *t, char **keep1,
		      char **keep2)
{
	memset(t, 0, sizeof(*t));
	*keep1 = device_string(p->device, CL_DEVICE_EXTENSIONS);
	*keep2 = c_features(p->device);
	if (!*keep1 || !*keep2)
		return false;
	t->extensions = *keep1;
	t->cl_features = *keep2;
	t->fp64 = strstr(*keep1, "cl_khr_fp64") != NULL;
	return true;
}
