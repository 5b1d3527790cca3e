/* Program queries (OpenCL 3.0 §5.8.8): clGetProgramInfo and
 * clGetProgramBuildInfo. */
#include "../core/device.h"
#include "../core/info.h"
#include "../core/program.h"

#include <stdlib.h>
#include <string.h>

/* CL_PROGRAM_KERNEL_NAMES: the kernels of the first executable, joined by
 * semicolons.  NULL when out of memory. */
static char *kernel_names(cl_program p, int exe)
{
	const struct kiln_program_info *info = &p->builds[exe].info;
	size_t len = 1;
	for (uint32_t k = 0; k < info->num_kernels; k++)
		len += strlen(info->kernels[k].name) + 1;
	char *s = malloc(len);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (uint32_t k = 0; k < info->num_kernels; k++) {
		if (k)
			strcat(s, ";");
		strcat(s, info->kernels[k].name);
	}
	return s;
}

/* CL_PROGRAM_BINARIES: the application gives one pointer per device, each
 * NULL (skip that device) or room for CL_PROGRAM_BINARY_SIZES[i] bytes. */
static cl_int copy_binaries(cl_program p, size_t param_value_size,
			    void *param_value, size_t *param_value_size_ret)
{
	size_t need = p->num_devices * sizeof(unsigned char *);
	if (param_value_size_ret)
		*param_value_size_ret = need;
	if (!param_value)
		return CL_SUCCESS;
	if (param_value_size < need)
		return CL_INVALID_VALUE;
	unsigned char **out = param_value;
	for (cl_uint i = 0; i < p->num_devices; i++) {
		if (!out[i])
			continue;
		struct kiln_blob b;
		if (!kiln_program_binary(p, i, &b))
			return CL_OUT_OF_HOST_MEMORY;
		if (b.size)
			memcpy(out[i], b.data, b.size);
		free(b.data);
	}
	return CL_SUCCESS;
}

static cl_int binary_sizes(cl_program p, size_t param_value_size,
			   void *param_value, size_t *param_value_size_ret)
{
	size_t *sizes = calloc(p->num_devices, sizeof(size_t));
	if (!sizes)
		return CL_OUT_OF_HOST_MEMORY;
	for (cl_uint i = 0; i < p->num_devices; i++) {
		struct kiln_blob b;
		if (!kiln_program_binary(p, i, &b)) {
			free(sizes);
			return CL_OUT_OF_HOST_MEMORY;
		}
		sizes[i] = b.size;
		free(b.data);
	}
	cl_int err = kiln_info_copy(sizes, p->num_devices * sizeof(size_t),
				    param_value_size, param_value,
				    param_value_size_ret);
	free(sizes);
	return err;
}

static cl_int program_info(cl_program p, cl_program_info param,
			   size_t size, void *value, size_t *size_ret)
{
	union {
		cl_uint u;
		cl_context ctx;
		size_t sz;
		cl_bool b;
	} v;
	int exe;
	switch (param) {
	case CL_PROGRAM_REFERENCE_COUNT:
		v.u = (cl_uint)kiln_object_refcount(KILN_OBJ(p));
		return kiln_info_copy(&v.u, sizeof(v.u), size, value, size_ret);
	case CL_PROGRAM_CONTEXT:
		v.ctx = p->context;
		return kiln_info_copy(&v.ctx, sizeof(v.ctx), size, value, size_ret);
	case CL_PROGRAM_NUM_DEVICES:
		v.u = p->num_devices;
		return kiln_info_copy(&v.u, sizeof(v.u), size, value, size_ret);
	case CL_PROGRAM_DEVICES:
		return kiln_info_copy(p->devices, p->num_devices * sizeof(cl_device_id),
				      size, value, size_ret);
	case CL_PROGRAM_SOURCE:
		/* A program not made from source answers a null string. */
		return kiln_info_string(p->source, size, value, size_ret);
	case CL_PROGRAM_IL:
		return kiln_info_copy(p->il, p->il_size, size, value, size_ret);
	case CL_PROGRAM_BINARY_SIZES:
		return binary_sizes(p, size, value, size_ret);
	case CL_PROGRAM_BINARIES:
		return copy_binaries(p, size, value, size_ret);
	case CL_PROGRAM_NUM_KERNELS:
	case CL_PROGRAM_KERNEL_NAMES:
		exe = kiln_program_first_executable(p);
		if (exe < 0)
			return CL_INVALID_PROGRAM_EXECUTABLE;
		if (param == CL_PROGRAM_NUM_KERNELS) {
			v.sz = p->builds[exe].info.num_kernels;
			return kiln_info_copy(&v.sz, sizeof(v.sz), size, value,
					      size_ret);
		} else {
			char *names = kernel_names(p, exe);
			if (!names)
				return CL_OUT_OF_HOST_MEMORY;
			cl_int err = kiln_info_string(names, size, value, size_ret);
			free(names);
			return err;
		}
	case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT:
	case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
		/* OpenCL C has no program-scope constructors or destructors
		 * (only C++ for OpenCL could, and Kiln does not emit them). */
		if (kiln_program_first_executable(p) < 0)
			return CL_INVALID_PROGRAM_EXECUTABLE;
		v.b = CL_FALSE;
		return kiln_info_copy(&v.b, sizeof(v.b), size, value, size_ret);
	}
	return CL_INVALID_VALUE;
}

CL_API_ENTRY cl_int CL_API_CALL
clGetProgramInfo(cl_program program, cl_program_info param_name,
		 size_t param_value_size, void *param_value,
		 size_t *param_value_size_ret)
{
	if (!kiln_object_is(program, KILN_OBJ_PROGRAM))
		return CL_INVALID_PROGRAM;
	pthread_mutex_lock(&program->lock);
	cl_int err = program_info(program, param_name, param_value_size,
				  param_value, param_value_size_ret);
	pthread_mutex_unlock(&program->lock);
	return err;
}

static cl_int build_info(cl_program p, const struct kiln_program_build *b,
			 cl_program_build_info param, size_t size, void *value,
			 size_t *size_ret)
{
	union {
		cl_build_status status;
		cl_program_binary_type type;
		size_t sz;
	} v;
	switch (param) {
	case CL_PROGRAM_BUILD_STATUS:
		v.status = b->status;
		return kiln_info_copy(&v.status, sizeof(v.status), size, value,
				      size_ret);
	case CL_PROGRAM_BUILD_OPTIONS:
		return kiln_info_string(b->options, size, value, size_ret);
	case CL_PROGRAM_BUILD_LOG:
		return kiln_info_string(b->log, size, value, size_ret);
	case CL_PROGRAM_BINARY_TYPE:
		v.type = b->binary_type;
		return kiln_info_copy(&v.type, sizeof(v.type), size, value,
				      size_ret);
	case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
		v.sz = b->has_info ? (size_t)b->info.global_variable_size : 0;
		return kiln_info_copy(&v.sz, sizeof(v.sz), size, value, size_ret);
	}
	(void)p;
	return CL_INVALID_VALUE;
}

CL_API_ENTRY cl_int CL_API_CALL
clGetProgramBuildInfo(cl_program program, cl_device_id device,
		      cl_program_build_info param_name,
		      size_t param_value_size, void *param_value,
		      size_t *param_value_size_ret)
{
	if (!kiln_object_is(program, KILN_OBJ_PROGRAM))
		return CL_INVALID_PROGRAM;
	int i = kiln_object_is(device, KILN_OBJ_DEVICE)
			? kiln_program_device_index(program, device)
			: -1;
	if (i < 0)
		return CL_INVALID_DEVICE;
	pthread_mutex_lock(&program->lock);
	/* A sub-device never built for itself has its parent's build: the
	 * executable it runs (kiln_program_exec_index), with its status and
	 * log (docs/sub_devices.md). */
	for (cl_device_id d = device->parent;
	     program->builds[i].status == CL_BUILD_NONE && d; d = d->parent) {
		int j = kiln_program_device_index(program, d);
		if (j >= 0 && program->builds[j].status != CL_BUILD_NONE)
			i = j;
	}
	cl_int err = build_info(program, &program->builds[i], param_name,
				param_value_size, param_value,
				param_value_size_ret);
	pthread_mutex_unlock(&program->lock);
	return err;
}
