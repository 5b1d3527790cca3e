/* Kernel objects: creating, arguments, cloning, retain and release
 * (OpenCL 3.0 §5.9.1–§5.9.3). */
#include "../core/context.h"
#include "../core/kernel.h"
#include "../core/mem.h"
#include "../core/queue.h"
#include "errcode.h"

#include <stdlib.h>

CL_API_ENTRY cl_kernel CL_API_CALL clCreateKernel(cl_program program,
						  const char *kernel_name,
						  cl_int *errcode_ret)
{
	cl_int err;
	if (!kiln_object_is(program, KILN_OBJ_PROGRAM))
		return KILN_ERR(errcode_ret, CL_INVALID_PROGRAM,
				"program is not a valid program object (§5.9.1)");
	if (!kernel_name)
		return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
				"kernel_name is NULL (§5.9.1)");
	cl_kernel k = kiln_kernel_new(program, kernel_name, &err);
	if (!k && err == CL_INVALID_KERNEL_NAME)
		KILN_FAIL(err, "no kernel \"%s\" in program %p (§5.9.1)",
			  kernel_name, (void *)program);
	else if (!k && err == CL_INVALID_PROGRAM_EXECUTABLE)
		KILN_FAIL(err, "program %p has no successfully built executable (§5.9.1)",
			  (void *)program);
	set_err(errcode_ret, err);
	return k;
}

CL_API_ENTRY cl_int CL_API_CALL clCreateKernelsInProgram(cl_program program,
							 cl_uint num_kernels,
							 cl_kernel *kernels,
							 cl_uint *num_kernels_ret)
{
	if (!kiln_object_is(program, KILN_OBJ_PROGRAM))
		return KILN_FAIL(CL_INVALID_PROGRAM,
				 "program is not a valid program object (§5.9.1)");
	pthread_mutex_lock(&program->lock);
	int exe = kiln_program_first_executable(program);
	cl_uint count = exe >= 0 ? program->builds[exe].info.num_kernels : 0;
	const struct kiln_kernel_info *infos =
		exe >= 0 ? program->builds[exe].info.kernels : NULL;
	pthread_mutex_unlock(&program->lock);
	if (exe < 0)
		return KILN_FAIL(CL_INVALID_PROGRAM_EXECUTABLE,
				 "program %p has no successfully built executable (§5.9.1)",
				 (void *)program);
	if (kernels && num_kernels < count)
		return KILN_FAIL(CL_INVALID_VALUE,
				 "num_kernels is %u, the program has %u kernels (§5.9.1)",
				 num_kernels, count);
	if (kernels) {
		/* All or nothing: on failure release what was made. */
		for (cl_uint i = 0; i < count; i++) {
			cl_int err;
			kernels[i] = kiln_kernel_new(program, infos[i].name, &err);
			if (!kernels[i]) {
				while (i--)
					kiln_object_release(KILN_OBJ(kernels[i]));
				return err;
			}
		}
	}
	if (num_kernels_ret)
		*num_kernels_ret = count;
	return CL_SUCCESS;
}

CL_API_ENTRY cl_kernel CL_API_CALL clCloneKernel(cl_kernel source_kernel,
						 cl_int *errcode_ret)
{
	cl_int err;
	if (!kiln_object_is(source_kernel, KILN_OBJ_KERNEL))
		return KILN_ERR(errcode_ret, CL_INVALID_KERNEL,
				"source_kernel is not a valid kernel object (§5.9.1)");
	cl_kernel k = kiln_kernel_clone(source_kernel, &err);
	set_err(errcode_ret, err);
	return k;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainKernel(cl_kernel kernel)
{
	return kiln_object_retain_checked(kernel, KILN_OBJ_KERNEL,
					  CL_INVALID_KERNEL);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseKernel(cl_kernel kernel)
{
	return kiln_object_release_checked(kernel, KILN_OBJ_KERNEL,
					   CL_INVALID_KERNEL);
}

/* A memory-object argument: NULL is allowed for buffers (§5.9.2: "a NULL
 * value ... the pointer argument is NULL"), never for images and pipes. */
static cl_int check_mem_arg(cl_kernel k, const struct kiln_arg_info *ai,
			    const void *arg_value)
{
	cl_mem m = arg_value ? *(const cl_mem *)arg_value : NULL;
	if (!m)
		return ai->kind == KILN_ARG_BUFFER
			       ? CL_SUCCESS
			       : KILN_FAIL(CL_INVALID_MEM_OBJECT,
					   "clSetKernelArg: argument %s of kernel \"%s\" "
					   "is an image or pipe and arg_value holds NULL (§5.9.2)",
					   ai->name ? ai->name : "?", k->info->name);
	if (!kiln_object_is(m, KILN_OBJ_MEM))
		return KILN_FAIL(CL_INVALID_MEM_OBJECT,
				 "clSetKernelArg: *arg_value is not a valid memory object (§5.9.2)");
	if (m->context != k->context)
		return KILN_FAIL(CL_INVALID_MEM_OBJECT,
				 "clSetKernelArg: the memory object belongs to another "
				 "context than the kernel (§5.9.2)");
	/* A pipe is a valid memory object that is not a valid value for any
	 * other kind of argument, and only a pipe is one for a pipe argument
	 * (§5.9.2 CL_INVALID_ARG_VALUE: "arg_value specified is not a valid
	 * value"). */
	if ((ai->kind == KILN_ARG_PIPE) != (m->type == CL_MEM_OBJECT_PIPE))
		return KILN_FAIL(CL_INVALID_ARG_VALUE,
				 ai->kind == KILN_ARG_PIPE
					 ? "clSetKernelArg: argument %u of kernel \"%s\" is "
					   "a pipe and the object is not a pipe (§5.9.2)"
					 : "clSetKernelArg: argument %u of kernel \"%s\" is "
					   "not a pipe and the object is a pipe (§5.9.2)",
				 (unsigned)(ai - k->info->args), k->info->name);
	switch (ai->kind) {
	case KILN_ARG_BUFFER:
		return m->type == CL_MEM_OBJECT_BUFFER
			       ? CL_SUCCESS
			       : KILN_FAIL(CL_INVALID_MEM_OBJECT,
					   "clSetKernelArg: the argument is a buffer "
					   "pointer and the object is not a buffer (§5.9.2)");
	case KILN_ARG_PIPE:
		return CL_SUCCESS;
	default:
		break;
	}
	/* An image: its kind must be an image, and §5.9.2 forbids a
	 * write-only image for a read_only argument and the reverse. */
	if (m->type == CL_MEM_OBJECT_BUFFER)
		return KILN_FAIL(CL_INVALID_MEM_OBJECT,
				 "clSetKernelArg: the argument is an image and the "
				 "object is not an image (§5.9.2)");
	if (ai->access_qualifier == CL_KERNEL_ARG_ACCESS_READ_ONLY &&
	    (m->flags & CL_MEM_WRITE_ONLY))
		return KILN_FAIL(CL_INVALID_ARG_VALUE,
				 "clSetKernelArg: a CL_MEM_WRITE_ONLY image for a "
				 "read_only image argument (§5.9.2)");
	if (ai->access_qualifier == CL_KERNEL_ARG_ACCESS_WRITE_ONLY &&
	    (m->flags & CL_MEM_READ_ONLY))
		return KILN_FAIL(CL_INVALID_ARG_VALUE,
				 "clSetKernelArg: a CL_MEM_READ_ONLY image for a "
				 "write_only image argument (§5.9.2)");
	return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArg(cl_kernel kernel,
					       cl_uint arg_index,
					       size_t arg_size,
					       const void *arg_value)
{
	if (!kiln_object_is(kernel, KILN_OBJ_KERNEL))
		return KILN_FAIL(CL_INVALID_KERNEL,
				 "kernel is not a valid kernel object (§5.9.2)");
	if (arg_index >= kernel->info->num_args)
		return KILN_FAIL(CL_INVALID_ARG_INDEX,
				 "arg_index %u, kernel \"%s\" has %u arguments (§5.9.2)",
				 arg_index, kernel->info->name, kernel->info->num_args);
	const struct kiln_arg_info *ai = &kernel->info->args[arg_index];
	const char *kname = kernel->info->name;
	cl_int err = CL_SUCCESS;
	switch (ai->kind) {
	case KILN_ARG_VALUE:
		/* Scalars, vectors (a 3-vector is as large as a 4-vector)
		 * and structs by value: exactly their size. */
		if (arg_size != ai->size)
			return KILN_FAIL(CL_INVALID_ARG_SIZE,
					 "argument %u of \"%s\" is %u bytes by value, "
					 "arg_size is %zu (§5.9.2)",
					 arg_index, kname, ai->size, arg_size);
		if (!arg_value)
			return KILN_FAIL(CL_INVALID_ARG_VALUE,
					 "argument %u of \"%s\" is passed by value and "
					 "arg_value is NULL (§5.9.2)", arg_index, kname);
		break;
	case KILN_ARG_LOCAL:
		/* §5.9.2: a __local argument takes a size and no value. */
		if (arg_value)
			return KILN_FAIL(CL_INVALID_ARG_VALUE,
					 "argument %u of \"%s\" is __local: arg_value "
					 "must be NULL (§5.9.2)", arg_index, kname);
		if (arg_size == 0)
			return KILN_FAIL(CL_INVALID_ARG_SIZE,
					 "argument %u of \"%s\" is __local: arg_size "
					 "is 0 (§5.9.2)", arg_index, kname);
		break;
	case KILN_ARG_BUFFER:
	case KILN_ARG_IMAGE:
	case KILN_ARG_PIPE:
		if (arg_size != sizeof(cl_mem))
			return KILN_FAIL(CL_INVALID_ARG_SIZE,
					 "argument %u of \"%s\" is a memory object: "
					 "arg_size %zu is not sizeof(cl_mem) (§5.9.2)",
					 arg_index, kname, arg_size);
		err = check_mem_arg(kernel, ai, arg_value);
		break;
	case KILN_ARG_SAMPLER:
		if (arg_size != sizeof(cl_sampler))
			return KILN_FAIL(CL_INVALID_ARG_SIZE,
					 "argument %u of \"%s\" is a sampler: arg_size "
					 "%zu is not sizeof(cl_sampler) (§5.9.2)",
					 arg_index, kname, arg_size);
		if (!arg_value ||
		    !kiln_object_is(*(const cl_sampler *)arg_value, KILN_OBJ_SAMPLER))
			return KILN_FAIL(CL_INVALID_SAMPLER,
					 "argument %u of \"%s\" is a sampler and "
					 "*arg_value is not a valid sampler (§5.9.2)",
					 arg_index, kname);
		break;
	case KILN_ARG_QUEUE: {
		if (arg_size != sizeof(cl_command_queue))
			return KILN_FAIL(CL_INVALID_ARG_SIZE,
					 "argument %u of \"%s\" is a queue_t: arg_size "
					 "%zu is not sizeof(cl_command_queue) (§5.9.2)",
					 arg_index, kname, arg_size);
		cl_command_queue q = arg_value ? *(const cl_command_queue *)arg_value
					       : NULL;
		if (!kiln_object_is(q, KILN_OBJ_QUEUE) ||
		    !(q->properties & CL_QUEUE_ON_DEVICE))
			return KILN_FAIL(CL_INVALID_DEVICE_QUEUE,
					 "argument %u of \"%s\" is a queue_t and "
					 "*arg_value is not a device queue (§5.9.2)",
					 arg_index, kname);
		break;
	}
	}
	if (err != CL_SUCCESS)
		return err;
	return kiln_kernel_set_arg(kernel, arg_index, arg_size, arg_value);
}
