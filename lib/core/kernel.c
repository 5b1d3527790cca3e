/* Kernel objects (OpenCL 3.0 §5.9). */
#include "kernel.h"
#include "device.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static void args_free(struct kiln_kernel_arg *args, uint32_t n)
{
	if (!args)
		return;
	for (uint32_t i = 0; i < n; i++)
		free(args[i].value);
	free(args);
}

static void kernel_free(struct kiln_object *obj)
{
	cl_kernel k = (cl_kernel)obj;
	args_free(k->args, k->info->num_args);
	free(k->natives);
	free(k->svm_ptrs);
	free(k->usm_ptrs);
	free(k->device_ptrs);
	pthread_mutex_destroy(&k->lock);
	/* §5.8.2: the program may be rebuilt once no kernel is attached. */
	atomic_fetch_sub(&k->program->num_kernels, 1);
	kiln_object_unhold(KILN_OBJ(k->program));
	free(k);
}

static cl_kernel kernel_alloc(cl_program p, const struct kiln_kernel_info *info,
			      cl_int *err)
{
	cl_kernel k = calloc(1, sizeof(*k));
	if (!k)
		goto fail;
	k->natives = calloc(p->num_devices, sizeof(*k->natives));
	k->args = calloc(info->num_args ? info->num_args : 1, sizeof(*k->args));
	if (!k->natives || !k->args)
		goto fail_free;
	kiln_object_init(KILN_OBJ(k), KILN_OBJ_KERNEL, kernel_free);
	k->program = p;
	k->context = p->context;
	k->info = info;
	atomic_init(&k->last_run_ns, UINT_MAX);
	pthread_mutex_init(&k->lock, NULL);
	kiln_object_hold(KILN_OBJ(p));
	atomic_fetch_add(&p->num_kernels, 1);
	*err = CL_SUCCESS;
	return k;
fail_free:
	free(k->natives);
	free(k->args);
	free(k);
fail:
	*err = CL_OUT_OF_HOST_MEMORY;
	return NULL;
}

cl_kernel kiln_kernel_new(cl_program p, const char *name, cl_int *err)
{
	pthread_mutex_lock(&p->lock);
	const struct kiln_kernel_info *info = NULL;
	/* A build in progress replaces the executable: none to use now. */
	int first = atomic_load(&p->busy) ? -1 : kiln_program_first_executable(p);
	if (first >= 0)
		info = kiln_program_find_kernel(p, (cl_uint)first, name);
	if (!info) {
		pthread_mutex_unlock(&p->lock);
		*err = first < 0 ? CL_INVALID_PROGRAM_EXECUTABLE
				 : CL_INVALID_KERNEL_NAME;
		return NULL;
	}
	cl_kernel k = kernel_alloc(p, info, err);
	if (!k)
		goto out;
	for (cl_uint i = 0; i < p->num_devices; i++) {
		if (!kiln_program_has_executable(p, i))
			continue;
		const struct kiln_kernel_info *other =
			kiln_program_find_kernel(p, i, name);
		/* §5.9.1: the definition must be the same on every device. */
		if (!other || other->num_args != info->num_args ||
		    !kiln_executable_kernel(p->builds[i].exe, name, &k->natives[i])) {
			*err = CL_INVALID_KERNEL_DEFINITION;
			pthread_mutex_unlock(&p->lock);
			kiln_object_release(KILN_OBJ(k));
			return NULL;
		}
	}
out:
	pthread_mutex_unlock(&p->lock);
	return k;
}

cl_kernel kiln_kernel_clone(cl_kernel src, cl_int *err)
{
	cl_kernel k = kernel_alloc(src->program, src->info, err);
	if (!k)
		return NULL;
	memcpy(k->natives, src->natives,
	       src->program->num_devices * sizeof(*k->natives));
	pthread_mutex_lock(&src->lock);
	for (uint32_t i = 0; i < src->info->num_args; i++) {
		k->args[i] = src->args[i];
		if (!src->args[i].value)
			continue;
		k->args[i].value = malloc(src->info->args[i].size);
		if (!k->args[i].value)
			goto fail;
		memcpy(k->args[i].value, src->args[i].value,
		       src->info->args[i].size);
	}
	if (src->num_svm_ptrs) {
		k->svm_ptrs = malloc(src->num_svm_ptrs * sizeof(void *));
		if (!k->svm_ptrs)
			goto fail;
		memcpy(k->svm_ptrs, src->svm_ptrs, src->num_svm_ptrs * sizeof(void *));
		k->num_svm_ptrs = src->num_svm_ptrs;
	}
	k->svm_fine_grain_system = src->svm_fine_grain_system;
	k->usm_indirect = src->usm_indirect;
	if (src->num_usm_ptrs) {
		k->usm_ptrs = malloc(src->num_usm_ptrs * sizeof(void *));
		if (!k->usm_ptrs)
			goto fail;
		memcpy(k->usm_ptrs, src->usm_ptrs, src->num_usm_ptrs * sizeof(void *));
		k->num_usm_ptrs = src->num_usm_ptrs;
	}
	if (src->num_device_ptrs) {
		k->device_ptrs = malloc(src->num_device_ptrs * sizeof(cl_ulong));
		if (!k->device_ptrs)
			goto fail;
		memcpy(k->device_ptrs, src->device_ptrs,
		       src->num_device_ptrs * sizeof(cl_ulong));
		k->num_device_ptrs = src->num_device_ptrs;
	}
	pthread_mutex_unlock(&src->lock);
	return k;
fail:
	pthread_mutex_unlock(&src->lock);
	kiln_object_release(KILN_OBJ(k));
	*err = CL_OUT_OF_HOST_MEMORY;
	return NULL;
}

cl_int kiln_kernel_set_arg(cl_kernel k, cl_uint index, size_t size,
			   const void *value)
{
	const struct kiln_arg_info *ai = &k->info->args[index];
	struct kiln_kernel_arg a = { .set = true };
	switch (ai->kind) {
	case KILN_ARG_VALUE:
		a.value = malloc(ai->size ? ai->size : 1);
		if (!a.value)
			return CL_OUT_OF_HOST_MEMORY;
		memcpy(a.value, value, ai->size);
		break;
	case KILN_ARG_BUFFER:
	case KILN_ARG_IMAGE:
	case KILN_ARG_PIPE:
		a.mem = value ? *(const cl_mem *)value : NULL;
		break;
	case KILN_ARG_SAMPLER:
		a.sampler = *(const cl_sampler *)value;
		break;
	case KILN_ARG_QUEUE:
		a.queue = *(const cl_command_queue *)value;
		break;
	case KILN_ARG_LOCAL:
		a.local_size = size;
		break;
	}
	pthread_mutex_lock(&k->lock);
	free(k->args[index].value);
	k->args[index] = a;
	pthread_mutex_unlock(&k->lock);
	return CL_SUCCESS;
}

cl_int kiln_kernel_set_arg_svm(cl_kernel k, cl_uint index, const void *ptr)
{
	pthread_mutex_lock(&k->lock);
	free(k->args[index].value);
	k->args[index] = (struct kiln_kernel_arg){
		.set = true, .is_svm = true, .svm = (void *)ptr,
	};
	pthread_mutex_unlock(&k->lock);
	return CL_SUCCESS;
}

bool kiln_kernel_args_complete(cl_kernel k)
{
	bool ok = true;
	pthread_mutex_lock(&k->lock);
	for (uint32_t i = 0; i < k->info->num_args; i++)
		ok = ok && k->args[i].set;
	pthread_mutex_unlock(&k->lock);
	return ok;
}

cl_uint kiln_kernel_sub_group_size(cl_device_id dev,
				   const struct kiln_kernel_info *info)
{
	if (info->reqd_sub_group_size)
		return info->reqd_sub_group_size;
	cl_uint width = dev->props.vector_bytes / 4;
	return width ? width : 1;
}

bool kiln_device_has_sub_group_size(cl_device_id dev, size_t size)
{
	for (size_t i = 0; i < dev->props.num_sub_group_sizes; i++)
		if (dev->props.sub_group_sizes[i] == size)
			return true;
	return false;
}
