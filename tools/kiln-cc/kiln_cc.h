/* kiln-cc, Kiln's offline compiler: what its files share.
 *
 * Every build goes through the Kiln runtime, found through the ICD loader
 * like any application finds it (runtime.c): clBuildProgram parses the
 * options, compiles and reports diagnostics exactly as for an application,
 * and CL_PROGRAM_BINARIES is the program binary.  What the runtime never
 * shows (the IR after the work-group passes, native assembly, how the
 * work-item loops vectorized, SPIR-V output) comes from lib/compiler
 * through its offline door (lib/compiler/offline.h), run on the IR the
 * program binary carries.  Kiln is a CPU implementation: its device is
 * always there, so nothing here needs more hardware than the build
 * machine. */
#ifndef KILN_CC_H
#define KILN_CC_H

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdbool.h>
#include <stddef.h>

#include "compiler/compiler.h"

#define KILN_CC "kiln-cc"

enum cc_language { LANG_AUTO, LANG_CL, LANG_CLCPP, LANG_SPIRV };

/* A loaded input file. */
struct cc_input {
	const char *path;  /* as given on the command line */
	char *data;        /* NUL-terminated */
	size_t size;
	bool spirv;
};

/* The program built by the runtime for the Kiln device. */
struct cc_program {
	cl_platform_id platform;
	cl_device_id device;
	cl_context context;
	cl_program program;
	cl_int status;     /* clBuildProgram's answer */
	char *log;         /* the build log */
};

/* runtime.c: builds `in` on the Kiln device with `options`.  False (with
 * a message on stderr) when the platform or the program cannot be made at
 * all; a failed build returns true with p->status set. */
bool cc_build(const struct cc_input *in, const char *options, struct cc_program *p);
void cc_release(struct cc_program *p);
/* The program binary (CL_PROGRAM_BINARIES) into *out; false on failure. */
bool cc_program_binary(struct cc_program *p, struct kiln_blob *out);
/* The device as a compiler target for the front end (its OpenCL C
 * features, extensions, fp64); the strings live until cc_release. */
bool cc_device_target(struct cc_program *p, struct kiln_target *t, char **keep1,
		      char **keep2);

/* diag.c: prints a build log on stderr with the compiler's name for the
 * source ("<source>") replaced by the input's path, so that each
 * diagnostic reads path:line:column: severity: message. */
void cc_print_log(const char *log, const char *path);

/* report.c: --list-kernels and --stats on stdout. */
bool cc_list_kernels(struct cc_program *p);
struct kiln_offline_stats;
bool cc_print_stats(struct cc_program *p, const struct kiln_offline_stats *s,
		    const char *target_cpu);

#endif
