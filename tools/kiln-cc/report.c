/* --list-kernels and --stats: what the runtime says of each kernel
 * (kernel and argument info, OpenCL 3.0 §5.9.3, §5.9.4), and for --stats
 * what the compiler made of it (lib/compiler/offline.h). */
#include "kiln_cc.h"
#include "compiler/offline.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *kernel_string(cl_kernel k, cl_kernel_info what)
{
	size_t size = 0;
	if (clGetKernelInfo(k, what, 0, NULL, &size) != CL_SUCCESS)
		return NULL;
	char *s = calloc(1, size + 1);
	if (s && clGetKernelInfo(k, what, size, s, NULL) != CL_SUCCESS) {
		free(s);
		return NULL;
	}
	return s;
}

static char *arg_string(cl_kernel k, cl_uint i, cl_kernel_arg_info what)
{
	size_t size = 0;
	if (clGetKernelArgInfo(k, i, what, 0, NULL, &size) != CL_SUCCESS)
		return NULL;
	char *s = calloc(1, size + 1);
	if (s && clGetKernelArgInfo(k, i, what, size, s, NULL) != CL_SUCCESS) {
		free(s);
		return NULL;
	}
	return s;
}

/* The kernels of the program, in the order the runtime lists them. */
static cl_kernel *all_kernels(struct cc_program *p, cl_uint *n)
{
	*n = 0;
	if (clCreateKernelsInProgram(p->program, 0, NULL, n) != CL_SUCCESS)
		return NULL;
	cl_kernel *ks = calloc(*n ? *n : 1, sizeof(*ks));
	if (ks && clCreateKernelsInProgram(p->program, *n, ks, NULL) != CL_SUCCESS) {
		free(ks);
		return NULL;
	}
	return ks;
}

static void release_kernels(cl_kernel *ks, cl_uint n)
{
	for (cl_uint i = 0; i < n; i++)
		clReleaseKernel(ks[i]);
	free(ks);
}

/* One argument as OpenCL C declares it: "__global const float* a". */
static void print_arg(cl_kernel k, cl_uint i)
{
	cl_kernel_arg_address_qualifier aq = 0;
	cl_kernel_arg_access_qualifier acc = 0;
	cl_kernel_arg_type_qualifier tq = 0;
	clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof(aq), &aq, NULL);
	clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof(acc), &acc, NULL);
	clGetKernelArgInfo(k, i, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof(tq), &tq, NULL);
	char *type = arg_string(k, i, CL_KERNEL_ARG_TYPE_NAME);
	char *name = arg_string(k, i, CL_KERNEL_ARG_NAME);
	switch (aq) {
	case CL_KERNEL_ARG_ADDRESS_GLOBAL: printf("__global "); break;
	case CL_KERNEL_ARG_ADDRESS_LOCAL: printf("__local "); break;
	case CL_KERNEL_ARG_ADDRESS_CONSTANT: printf("__constant "); break;
	default: break;
	}
	switch (acc) {
	case CL_KERNEL_ARG_ACCESS_READ_ONLY: printf("__read_only "); break;
	case CL_KERNEL_ARG_ACCESS_WRITE_ONLY: printf("__write_only "); break;
	case CL_KERNEL_ARG_ACCESS_READ_WRITE: printf("__read_write "); break;
	default: break;
	}
	if (tq & CL_KERNEL_ARG_TYPE_PIPE)
		printf("pipe ");
	if (tq & CL_KERNEL_ARG_TYPE_CONST)
		printf("const ");
	if (tq & CL_KERNEL_ARG_TYPE_VOLATILE)
		printf("volatile ");
	printf("%s", type ? type : "?");
	if (tq & CL_KERNEL_ARG_TYPE_RESTRICT)
		printf(" restrict");
	if (name && *name)
		printf(" %s", name);
	free(type);
	free(name);
}

bool cc_list_kernels(struct cc_program *p)
{
	cl_uint n;
	cl_kernel *ks = all_kernels(p, &n);
	if (!ks) {
		fprintf(stderr, KILN_CC ": error: the kernels of the program cannot be listed\n");
		return false;
	}
	for (cl_uint i = 0; i < n; i++) {
		char *name = kernel_string(ks[i], CL_KERNEL_FUNCTION_NAME);
		char *attrs = kernel_string(ks[i], CL_KERNEL_ATTRIBUTES);
		cl_uint nargs = 0;
		clGetKernelInfo(ks[i], CL_KERNEL_NUM_ARGS, sizeof(nargs), &nargs, NULL);
		printf("kernel void %s(", name ? name : "?");
		/* §5.9.4: without argument information (a SPIR-V module that
		 * kept none) only the count is known. */
		cl_kernel_arg_address_qualifier probe;
		bool info = nargs == 0 ||
			    clGetKernelArgInfo(ks[i], 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER,
					       sizeof(probe), &probe, NULL) == CL_SUCCESS;
		if (!info)
			printf("/* %u arguments, no argument information */", nargs);
		for (cl_uint a = 0; info && a < nargs; a++) {
			if (a)
				printf(", ");
			print_arg(ks[i], a);
		}
		printf(")");
		if (attrs && *attrs)
			printf(" %s", attrs);
		printf("\n");
		free(name);
		free(attrs);
	}
	release_kernels(ks, n);
	return true;
}

static const struct kiln_kernel_stats *find_stats(const struct kiln_offline_stats *s,
						   const char *name)
{
	for (uint32_t i = 0; s && i < s->num_kernels; i++)
		if (strcmp(s->kernels[i].name, name) == 0)
			return &s->kernels[i];
	return NULL;
}

bool cc_print_stats(struct cc_program *p, const struct kiln_offline_stats *s,
		    const char *target_cpu)
{
	cl_uint n;
	cl_kernel *ks = all_kernels(p, &n);
	if (!ks) {
		fprintf(stderr, KILN_CC ": error: the kernels of the program cannot be listed\n");
		return false;
	}
	printf("target: %s\n", target_cpu);
	for (cl_uint i = 0; i < n; i++) {
		char *name = kernel_string(ks[i], CL_KERNEL_FUNCTION_NAME);
		cl_ulong priv = 0, local = 0;
		clGetKernelWorkGroupInfo(ks[i], p->device, CL_KERNEL_PRIVATE_MEM_SIZE,
					 sizeof(priv), &priv, NULL);
		clGetKernelWorkGroupInfo(ks[i], p->device, CL_KERNEL_LOCAL_MEM_SIZE,
					 sizeof(local), &local, NULL);
		const struct kiln_kernel_stats *k = name ? find_stats(s, name) : NULL;
		printf("kernel %s\n", name ? name : "?");
		if (k) {
			if (k->fibers)
				printf("  vector width: 1 (work-items run as fibers: a sub-group "
				       "function or barrier in divergent control flow, or a "
				       "loop waiting for another work-item)\n");
			else if (k->vector_width > 1)
				printf("  vector width: %u\n", k->vector_width);
			else
				printf("  vector width: 1 (not vectorized)\n");
			/* the vectorizer's own words, loop by loop */
			for (const char *r = k->vector_remarks; r && *r;) {
				size_t len = strcspn(r, "\n");
				printf("    %.*s\n", (int)len, r);
				r += len + (r[len] == '\n');
			}
			if (k->fibers)
				printf("  barrier regions: none (fibers meet at each barrier)\n");
			else
				printf("  barrier regions: %u (%u barrier%s)\n", k->barriers + 1,
				       k->barriers, k->barriers == 1 ? "" : "s");
		}
		printf("  private memory: %" PRIu64 " bytes per work-item\n", (uint64_t)priv);
		if (k)
			printf("  kept across barriers: %" PRIu64 " bytes per work-item\n",
			       k->context_size);
		printf("  local memory: %" PRIu64 " bytes\n", (uint64_t)local);
		if (k)
			printf("  stack frame: %" PRIu64 " bytes; spill slots: %" PRIu64
			       " bytes (%u spills, %u reloads)\n",
			       k->stack_size, k->spill_bytes, k->spills, k->reloads);
		free(name);
	}
	release_kernels(ks, n);
	return true;
}
