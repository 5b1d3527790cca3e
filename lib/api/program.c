/* Program objects: creating, building, compiling, linking, releasing
 * (OpenCL 3.0 §5.8.1–§5.8.5).  Every argument is checked here against the
 * spec's error list; lib/core/program.c does the work. */
#include "../core/context.h"
#include "../core/device.h"
#include "../core/platform.h"
#include "../core/program.h"
#include "../core/target.h"
#include "errcode.h"

#include <stdlib.h>
#include <string.h>

typedef void(CL_CALLBACK *program_notify_fn)(cl_program, void *);

/* (num_devices, device_list) as §5.8 uses it everywhere: both absent or
 * both present, and every device one of `allowed`. */
static cl_int check_device_list(cl_uint num_devices,
				const cl_device_id *device_list,
				cl_uint num_allowed, const cl_device_id *allowed)
{
	if ((num_devices == 0) != (device_list == NULL))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "num_devices is %u and device_list is %s (§5.8)",
				 num_devices, device_list ? "not NULL" : "NULL");
	for (cl_uint i = 0; i < num_devices; i++) {
		bool found = false;
		for (cl_uint j = 0; j < num_allowed && !found; j++)
			found = allowed[j] == device_list[i];
		if (!found)
			return KILN_FAIL(CL_INVALID_DEVICE,
					 "device_list[%u] is not a device of the "
					 "program or context (§5.8)", i);
	}
	return CL_SUCCESS;
}

/* The first two checks of every clCreateProgramWith* (§5.8.1): the context,
 * then the presence of what the program is made from (`given`). */
static cl_int check_create(cl_context context, bool given)
{
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT))
		return KILN_FAIL(CL_INVALID_CONTEXT,
				 "context is not a valid context (§5.8.1)");
	return given ? CL_SUCCESS
		     : KILN_FAIL(CL_INVALID_VALUE,
				 "the source, IL or binaries are missing: a count "
				 "of 0 or a NULL pointer (§5.8.1)");
}

/* The first checks of clBuildProgram (§5.8.2) and clCompileProgram
 * (§5.8.3): the program, then the devices listed for it. */
static cl_int check_program_devices(cl_program program, cl_uint num_devices,
				    const cl_device_id *device_list)
{
	if (!kiln_object_is(program, KILN_OBJ_PROGRAM))
		return KILN_FAIL(CL_INVALID_PROGRAM,
				 "program is not a valid program object (§5.8.2)");
	return check_device_list(num_devices, device_list,
				 program->num_devices, program->devices);
}

/* Options as the compiler defines them (§5.8.6/§5.8.7; the one table of
 * lib/compiler/options.cpp also refuses the link-only ones for a build or
 * compile, and -enable-link-options without -create-library). */
static bool options_ok(const char *options, bool for_link)
{
	char *log = NULL;
	bool ok = kiln_options_valid(options, for_link, &log);
	free(log);
	return ok;
}

/* --- creating ---------------------------------------------------------- */

CL_API_ENTRY cl_program CL_API_CALL
clCreateProgramWithSource(cl_context context, cl_uint count,
			  const char **strings, const size_t *lengths,
			  cl_int *errcode_ret)
{
	/* §5.8.1: count is not zero, strings and each strings[i] not NULL;
	 * lengths[i] zero (or lengths NULL) means NUL-terminated. */
	cl_int err = check_create(context, count != 0 && strings);
	if (err != CL_SUCCESS) {
		set_err(errcode_ret, err);
		return NULL;
	}
	size_t total = 0;
	for (cl_uint i = 0; i < count; i++) {
		if (!strings[i])
			return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
					"strings[%u] is NULL (§5.8.1)", i);
		total += lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
	}
	char *src = malloc(total + 1);
	if (!src) {
		set_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
		return NULL;
	}
	size_t at = 0;
	for (cl_uint i = 0; i < count; i++) {
		size_t n = lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
		memcpy(src + at, strings[i], n);
		at += n;
	}
	src[at] = '\0';
	cl_program p = kiln_program_new(context, context->num_devices,
					context->devices,
					KILN_PROGRAM_FROM_SOURCE, &err);
	if (!p) {
		free(src);
		set_err(errcode_ret, err);
		return NULL;
	}
	p->source = src;
	set_err(errcode_ret, CL_SUCCESS);
	return p;
}

CL_API_ENTRY cl_program CL_API_CALL
clCreateProgramWithIL(cl_context context, const void *il, size_t length,
		      cl_int *errcode_ret)
{
	cl_int err = check_create(context, il && length);
	if (err != CL_SUCCESS) {
		set_err(errcode_ret, err);
		return NULL;
	}
	cl_program p = kiln_program_new(context, context->num_devices,
					context->devices, KILN_PROGRAM_FROM_IL,
					&err);
	if (!p) {
		set_err(errcode_ret, err);
		return NULL;
	}
	p->il = malloc(length);
	if (!p->il) {
		err = CL_OUT_OF_HOST_MEMORY;
		goto fail;
	}
	memcpy(p->il, il, length);
	p->il_size = length;
	/* §5.8.1: IL that is not well formed is CL_INVALID_VALUE; the
	 * translator is the judge (with default specialization values). */
	struct kiln_blob ir = { 0 };
	char *log = NULL;
	bool ok = kiln_program_scan_spec_constants(p) &&
		  kiln_ir_from_spirv(kiln_device_target(p->devices[0]), il,
				     length, NULL, NULL, 0, &ir, &log);
	kiln_blob_free(&ir);
	if (!ok) {
		/* No program to hold a build log: the reason goes to the
		 * context's callback. */
		kiln_context_report(context, "clCreateProgramWithIL: %s",
				    log && *log ? log : "il is not SPIR-V Kiln can read\n");
		free(log);
		err = KILN_FAIL(CL_INVALID_VALUE,
				"il is not a SPIR-V 1.0-1.5 module Kiln "
				"can read (§5.8.1)");
		goto fail;
	}
	free(log);
	set_err(errcode_ret, CL_SUCCESS);
	return p;
fail:
	kiln_object_release(KILN_OBJ(p));
	set_err(errcode_ret, err);
	return NULL;
}

CL_API_ENTRY cl_program CL_API_CALL
clCreateProgramWithBinary(cl_context context, cl_uint num_devices,
			  const cl_device_id *device_list,
			  const size_t *lengths, const unsigned char **binaries,
			  cl_int *binary_status, cl_int *errcode_ret)
{
	cl_int err = check_create(context, num_devices && device_list);
	if (err == CL_SUCCESS)
		err = check_device_list(num_devices, device_list,
					context->num_devices, context->devices);
	if (err != CL_SUCCESS) {
		set_err(errcode_ret, err);
		return NULL;
	}
	if (!lengths || !binaries)
		return KILN_ERR(errcode_ret, CL_INVALID_VALUE,
				"lengths or binaries is NULL (§5.8.1)");
	/* §5.8.1: a zero length or NULL binary is CL_INVALID_VALUE, and
	 * binary_status[i] says which one. */
	cl_int result = CL_SUCCESS;
	for (cl_uint i = 0; i < num_devices; i++) {
		bool bad = !lengths[i] || !binaries[i];
		if (binary_status)
			binary_status[i] = bad ? CL_INVALID_VALUE : CL_SUCCESS;
		if (bad)
			result = CL_INVALID_VALUE;
	}
	if (result != CL_SUCCESS) {
		set_err(errcode_ret, result);
		return NULL;
	}
	cl_program p = kiln_program_new(context, num_devices, device_list,
					KILN_PROGRAM_FROM_BINARY, &err);
	if (!p) {
		set_err(errcode_ret, err);
		return NULL;
	}
	for (cl_uint i = 0; i < num_devices; i++) {
		cl_int st = kiln_program_load_binary(p, i, binaries[i], lengths[i]);
		if (binary_status)
			binary_status[i] = st;
		if (st != CL_SUCCESS)
			result = st;
	}
	if (result != CL_SUCCESS) {
		kiln_object_release(KILN_OBJ(p));
		set_err(errcode_ret, result);
		return NULL;
	}
	set_err(errcode_ret, CL_SUCCESS);
	return p;
}

CL_API_ENTRY cl_program CL_API_CALL
clCreateProgramWithBuiltInKernels(cl_context context, cl_uint num_devices,
				  const cl_device_id *device_list,
				  const char *kernel_names, cl_int *errcode_ret)
{
	cl_int err = check_create(context,
				  num_devices && device_list && kernel_names);
	if (err != CL_SUCCESS) {
		set_err(errcode_ret, err);
		return NULL;
	}
	err = check_device_list(num_devices, device_list, context->num_devices,
				context->devices);
	/* Kiln's devices have no built-in kernels (CL_DEVICE_BUILT_IN_KERNELS
	 * is empty), so every name is "not a supported built-in kernel". */
	set_err(errcode_ret, err != CL_SUCCESS ? err : CL_INVALID_VALUE);
	return NULL;
}

/* --- retain and release ------------------------------------------------ */

CL_API_ENTRY cl_int CL_API_CALL clRetainProgram(cl_program program)
{
	return kiln_object_retain_checked(program, KILN_OBJ_PROGRAM,
					  CL_INVALID_PROGRAM);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseProgram(cl_program program)
{
	return kiln_object_release_checked(program, KILN_OBJ_PROGRAM,
					   CL_INVALID_PROGRAM);
}

CL_API_ENTRY cl_int CL_API_CALL
clSetProgramReleaseCallback(cl_program program, program_notify_fn pfn_notify,
			    void *user_data)
{
	if (!kiln_object_is(program, KILN_OBJ_PROGRAM))
		return KILN_FAIL(CL_INVALID_PROGRAM,
				 "program is not a valid program object (§5.8.1)");
	if (!pfn_notify)
		return KILN_FAIL(CL_INVALID_VALUE, "pfn_notify is NULL (§5.8.1)");
	(void)user_data;
	/* §5.8.10 (OpenCL 3.0): CL_INVALID_OPERATION when no device of the
	 * context supports program-scope global destructors.  OpenCL C has
	 * none, and Kiln runs no C++ for OpenCL constructors or destructors
	 * (CL_PROGRAM_SCOPE_GLOBAL_CTORS/DTORS_PRESENT are CL_FALSE). */
	return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL
clSetProgramSpecializationConstant(cl_program program, cl_uint spec_id,
				   size_t spec_size, const void *spec_value)
{
	if (!kiln_object_is(program, KILN_OBJ_PROGRAM) ||
	    program->origin != KILN_PROGRAM_FROM_IL)
		return KILN_FAIL(CL_INVALID_PROGRAM,
				 "program is not a program made from IL (§5.8.1)");
	cl_int err = CL_INVALID_SPEC_ID;
	pthread_mutex_lock(&program->lock);
	for (size_t i = 0; i < program->num_spec; i++) {
		struct kiln_spec_const *s = &program->spec[i];
		if (s->id != spec_id)
			continue;
		if (spec_size != s->size || !spec_value) {
			err = KILN_FAIL(CL_INVALID_VALUE,
					"spec_id %u: spec_size %zu (the constant has %u "
					"bytes) or spec_value NULL (§5.8.1)",
					spec_id, spec_size, (unsigned)s->size);
			break;
		}
		uint64_t v = 0;
		memcpy(&v, spec_value, spec_size); /* little-endian host */
		s->value = v;
		s->set = true;
		err = CL_SUCCESS;
		/* Every constant decorated with this id takes the value. */
	}
	pthread_mutex_unlock(&program->lock);
	if (err == CL_INVALID_SPEC_ID)
		KILN_FAIL(err, "no specialization constant with id %u in the "
			  "module (§5.8.1)", spec_id);
	return err;
}

CL_API_ENTRY cl_int CL_API_CALL clUnloadPlatformCompiler(cl_platform_id platform)
{
	/* §5.8.9: a hint; the in-process compiler keeps no large state that
	 * could be released between builds. */
	if (platform != kiln_platform_get())
		return CL_INVALID_PLATFORM;
	return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clUnloadCompiler(void)
{
	return CL_SUCCESS;
}

/* --- building ---------------------------------------------------------- */

/* Claims the program for a build (§5.8.2: CL_INVALID_OPERATION while one
 * is running or while kernels are attached). */
static cl_int claim(cl_program p)
{
	/* Under the lock that kiln_kernel_new holds while it attaches a
	 * kernel, so a kernel never attaches to a build being replaced. */
	cl_int err = CL_SUCCESS;
	pthread_mutex_lock(&p->lock);
	if (atomic_load(&p->num_kernels) > 0)
		err = KILN_FAIL(CL_INVALID_OPERATION,
				"program %p has kernel objects attached (§5.8.2)",
				(void *)p);
	else if (atomic_load(&p->busy))
		err = KILN_FAIL(CL_INVALID_OPERATION,
				"a build of program %p is in progress (§5.8.2)",
				(void *)p);
	else
		atomic_store(&p->busy, true);
	pthread_mutex_unlock(&p->lock);
	return err;
}

static void unclaim(cl_program p, program_notify_fn notify, void *user_data)
{
	atomic_store(&p->busy, false);
	/* The build is synchronous; the callback runs when it is complete,
	 * successful or not (§5.8.2). */
	if (notify)
		notify(p, user_data);
}

CL_API_ENTRY cl_int CL_API_CALL
clBuildProgram(cl_program program, cl_uint num_devices,
	       const cl_device_id *device_list, const char *options,
	       program_notify_fn pfn_notify, void *user_data)
{
	cl_int err = check_program_devices(program, num_devices, device_list);
	if (err != CL_SUCCESS)
		return err;
	if (!pfn_notify && user_data)
		return KILN_FAIL(CL_INVALID_VALUE,
				 "user_data without pfn_notify (§5.8.2)");
	if (program->origin == KILN_PROGRAM_FROM_LINK)
		return KILN_FAIL(CL_INVALID_OPERATION,
				 "program was made by clLinkProgram: nothing to build (§5.8.2)");
	if (program->origin == KILN_PROGRAM_FROM_BINARY) {
		/* Every listed device must hold a binary (§5.8.2). */
		for (cl_uint i = 0; i < program->num_devices; i++) {
			bool listed = num_devices == 0;
			for (cl_uint j = 0; j < num_devices && !listed; j++)
				listed = device_list[j] == program->devices[i];
			if (listed && !program->builds[i].ir.size)
				return KILN_FAIL(CL_INVALID_BINARY,
						 "device %u has no binary in the program (§5.8.2)", i);
		}
	}
	if (!options_ok(options, false))
		return KILN_FAIL(CL_INVALID_BUILD_OPTIONS,
				 "options \"%s\" are not build options of §5.8.6 "
				 "(or -create-library/-enable-link-options, which only "
				 "clLinkProgram takes)", options);
	err = claim(program);
	if (err != CL_SUCCESS)
		return err;
	err = kiln_program_build(program, num_devices, device_list, options);
	unclaim(program, pfn_notify, user_data);
	return err;
}

CL_API_ENTRY cl_int CL_API_CALL
clCompileProgram(cl_program program, cl_uint num_devices,
		 const cl_device_id *device_list, const char *options,
		 cl_uint num_input_headers, const cl_program *input_headers,
		 const char **header_include_names,
		 program_notify_fn pfn_notify, void *user_data)
{
	cl_int err = check_program_devices(program, num_devices, device_list);
	if (err != CL_SUCCESS)
		return err;
	/* §5.8.3: headers and their names come together or not at all. */
	if (num_input_headers == 0 ? (input_headers || header_include_names)
				   : (!input_headers || !header_include_names))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "num_input_headers, input_headers and "
				 "header_include_names disagree (§5.8.3)");
	if (!pfn_notify && user_data)
		return KILN_FAIL(CL_INVALID_VALUE,
				 "user_data without pfn_notify (§5.8.3)");
	struct kiln_header *headers = NULL;
	if (num_input_headers) {
		headers = calloc(num_input_headers, sizeof(*headers));
		if (!headers)
			return CL_OUT_OF_HOST_MEMORY;
	}
	for (cl_uint i = 0; i < num_input_headers; i++) {
		cl_program h = input_headers[i];
		if (!kiln_object_is(h, KILN_OBJ_PROGRAM) || !h->source) {
			err = KILN_FAIL(CL_INVALID_PROGRAM,
					"input_headers[%u] is not a program made from "
					"source (§5.8.3)", i);
			goto out;
		}
		if (!header_include_names[i]) {
			err = KILN_FAIL(CL_INVALID_VALUE,
					"header_include_names[%u] is NULL (§5.8.3)", i);
			goto out;
		}
		headers[i].name = header_include_names[i];
		headers[i].source = h->source;
	}
	if (program->origin != KILN_PROGRAM_FROM_SOURCE &&
	    program->origin != KILN_PROGRAM_FROM_IL) {
		err = KILN_FAIL(CL_INVALID_OPERATION,
				"program was not made from source or IL: nothing to "
				"compile (§5.8.3)");
		goto out;
	}
	if (!options_ok(options, false)) {
		err = KILN_FAIL(CL_INVALID_COMPILER_OPTIONS,
				"options \"%s\" are not compiler options of §5.8.6",
				options);
		goto out;
	}
	err = claim(program);
	if (err != CL_SUCCESS)
		goto out;
	err = kiln_program_compile(program, num_devices, device_list, options,
				   headers, num_input_headers);
	unclaim(program, pfn_notify, user_data);
out:
	free(headers);
	return err;
}

/* True when `p` holds a compiled object or library for `dev`. */
static bool has_object_for(cl_program p, cl_device_id dev)
{
	int i = kiln_program_device_index(p, dev);
	if (i < 0)
		return false;
	const struct kiln_program_build *b = &p->builds[i];
	return b->ir.size &&
	       (b->binary_type == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT ||
		b->binary_type == CL_PROGRAM_BINARY_TYPE_LIBRARY);
}

CL_API_ENTRY cl_program CL_API_CALL
clLinkProgram(cl_context context, cl_uint num_devices,
	      const cl_device_id *device_list, const char *options,
	      cl_uint num_input_programs, const cl_program *input_programs,
	      program_notify_fn pfn_notify, void *user_data,
	      cl_int *errcode_ret)
{
	cl_int err;
	if (!kiln_object_is(context, KILN_OBJ_CONTEXT))
		return KILN_ERR(errcode_ret, CL_INVALID_CONTEXT,
				"context is not a valid context (§5.8.4)");
	err = check_device_list(num_devices, device_list, context->num_devices,
				context->devices);
	if (err == CL_SUCCESS &&
	    (!num_input_programs || !input_programs || (!pfn_notify && user_data)))
		err = KILN_FAIL(CL_INVALID_VALUE,
				"no input programs, or user_data without pfn_notify (§5.8.4)");
	for (cl_uint i = 0; err == CL_SUCCESS && i < num_input_programs; i++)
		if (!kiln_object_is(input_programs[i], KILN_OBJ_PROGRAM) ||
		    input_programs[i]->context != context)
			err = KILN_FAIL(CL_INVALID_PROGRAM,
					"input_programs[%u] is not a program of the "
					"context (§5.8.4)", i);
	if (err == CL_SUCCESS && !options_ok(options, true))
		err = KILN_FAIL(CL_INVALID_LINKER_OPTIONS,
				"options \"%s\" are not linker options of §5.8.7",
				options);
	if (err != CL_SUCCESS) {
		set_err(errcode_ret, err);
		return NULL;
	}
	/* §5.8.4: the link is for the listed devices, else for every device
	 * of the context that all inputs have an object or library for. */
	cl_device_id *devs = calloc(context->num_devices, sizeof(*devs));
	cl_uint n = 0;
	if (!devs) {
		set_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
		return NULL;
	}
	for (cl_uint i = 0; i < context->num_devices; i++) {
		cl_device_id d = context->devices[i];
		bool listed = num_devices == 0;
		for (cl_uint j = 0; j < num_devices && !listed; j++)
			listed = device_list[j] == d;
		if (!listed)
			continue;
		bool all = true;
		for (cl_uint k = 0; k < num_input_programs && all; k++) {
			pthread_mutex_lock(&input_programs[k]->lock);
			all = has_object_for(input_programs[k], d);
			pthread_mutex_unlock(&input_programs[k]->lock);
		}
		if (!all && num_devices) {
			/* A listed device an input has nothing for (§5.8.4). */
			free(devs);
			return KILN_ERR(errcode_ret, CL_INVALID_OPERATION,
					"a listed device has no compiled object or "
					"library in some input program (§5.8.4)");
		}
		if (all)
			devs[n++] = d;
	}
	if (n == 0) {
		free(devs);
		return KILN_ERR(errcode_ret, CL_INVALID_OPERATION,
				"no device has a compiled object or library in every "
				"input program (§5.8.4)");
	}
	cl_program p = kiln_program_new(context, n, devs, KILN_PROGRAM_FROM_LINK,
					&err);
	free(devs);
	if (!p) {
		set_err(errcode_ret, err);
		return NULL;
	}
	atomic_store(&p->busy, true);
	err = kiln_program_link(p, options, num_input_programs, input_programs);
	unclaim(p, pfn_notify, user_data);
	if (err == CL_OUT_OF_HOST_MEMORY) {
		kiln_object_release(KILN_OBJ(p));
		set_err(errcode_ret, err);
		return NULL;
	}
	/* A failed link still returns the program, whose build log says why
	 * (§5.8.4: the link "could begin"). */
	set_err(errcode_ret, err);
	return p;
}
