/* kiln-cc: Kiln's offline compiler (docs/kiln-cc.md, docs/kiln-cc.1).
 *
 *   kiln-cc [options] [build options] file.cl|file.clcpp|file.spv
 *
 * Its own options are listed in usage() below; every other option is a
 * build option of clBuildProgram (OpenCL 3.0 §5.8.6), checked and applied
 * by the runtime itself.  Exit status: 0 on success, 1 when the build
 * fails or an output cannot be written, 2 for a bad command line. */
#define _GNU_SOURCE
#include "kiln_cc.h"
#include "compiler/check_abi.h"
#include "compiler/offline.h"
#include "core/binary.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum output_kind { OUT_BINARY, OUT_SPIRV, OUT_LLVM, OUT_ASM };

struct cc_args {
	const char *input;
	const char *output;       /* -o; NULL: derived from the input */
	enum output_kind kind;
	bool kind_given;
	bool wg_ir;               /* --emit-llvm=workgroup */
	bool check, list, stats;
	enum cc_language lang;
	const char *isa;          /* --isa= */
	const char *mcpu;         /* -mcpu= */
	char *options;            /* build options, quoted for the runtime */
	bool has_cl_std, has_arg_info;
};

static void usage(FILE *f)
{
	fprintf(f,
"usage: " KILN_CC " [options] [build options] <file.cl | file.clcpp | file.spv>\n"
"\n"
"Compiles OpenCL C, C++ for OpenCL or SPIR-V with Kiln, as clBuildProgram\n"
"would, without running anything.\n"
"\n"
"What to write (one of; default: a Kiln program binary, for\n"
"clCreateProgramWithBinary):\n"
"  --spirv            SPIR-V 1.0-1.4 (through the SPIR-V translator)\n"
"  --emit-llvm        LLVM IR after Kiln's work-group passes and -O3, as it\n"
"                     goes to code generation\n"
"  --emit-llvm=workgroup  LLVM IR right after the work-group passes (the\n"
"                     work-group functions made), before -O3\n"
"  -S                 native assembly of the work-group functions\n"
"  -o <file>          the output file ('-': standard output); default: the\n"
"                     input's name with .bin, .spv, .ll or .s\n"
"\n"
"What to report (nothing is written unless -o or an output kind is given):\n"
"  --check            diagnostics only; exit status 1 on errors (and on\n"
"                     warnings with -Werror)\n"
"  --list-kernels     each kernel with its argument signature\n"
"  --stats            per kernel: vector width of its work-item loops (and\n"
"                     LLVM's reasons where not vectorized), barrier regions,\n"
"                     private, local, stack and spill sizes\n"
"\n"
"Target:\n"
"  --isa=<level>      x86-64, x86-64-v2, x86-64-v3, x86-64-v4 or native\n"
"                     (default); a program binary needs a level this CPU runs\n"
"  -mcpu=<cpu>        an LLVM x86-64 CPU name (skylake-avx512, znver3, ...):\n"
"                     for -S, --emit-llvm and --stats\n"
"\n"
"Input:\n"
"  -x <language>      cl, clc++ or spirv (default: from the file name:\n"
"                     .clcpp/.clc++ C++ for OpenCL, .spv SPIR-V, else OpenCL C)\n"
"\n"
"Build options: those of clBuildProgram, e.g. -D NAME[=VALUE], -I DIR,\n"
"-cl-std=CL1.2|CL2.0|CL3.0|CLC++|CLC++2021, -cl-fast-relaxed-math,\n"
"-cl-mad-enable, -cl-opt-disable, -cl-kernel-arg-info, -w, -Werror.\n"
"The source's own directory is searched for #include \"...\" after -I.\n"
"\n"
"  --help             this text\n"
"  --version          Kiln's and LLVM's versions\n");
}

static int bad_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, KILN_CC ": error: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n(" KILN_CC " --help lists the options)\n");
	return 2;
}

/* Appends one build option, quoted when it holds a blank or a quote
 * (lib/compiler/options.cpp splits like a shell for these cases). */
static bool add_option(struct cc_args *a, const char *opt)
{
	size_t have = a->options ? strlen(a->options) : 0;
	char *s = realloc(a->options, have + 2 * strlen(opt) + 4);
	if (!s)
		return false;
	a->options = s;
	char *p = s + have;
	if (have)
		*p++ = ' ';
	bool quote = strpbrk(opt, " \t\n\"'\\") != NULL;
	if (quote)
		*p++ = '"';
	for (const char *c = opt; *c; c++) {
		if (quote && (*c == '"' || *c == '\\'))
			*p++ = '\\';
		*p++ = *c;
	}
	if (quote)
		*p++ = '"';
	*p = '\0';
	return true;
}

/* -I and -D take their value joined or as the next argument; a relative
 * -I directory is made absolute (the runtime compiles in memory). */
static bool add_path_option(struct cc_args *a, const char *flag, const char *val)
{
	char *abs = NULL;
	if (flag[1] == 'I' && val[0] != '/')
		abs = realpath(val, NULL);
	char *joined = NULL;
	if (asprintf(&joined, "%s%s", flag, abs ? abs : val) < 0)
		return false;
	bool ok = add_option(a, joined);
	free(joined);
	free(abs);
	return ok;
}

static const char *const isa_levels[] = { "x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4" };

/* 0 on success, else the exit status. */
static int parse_args(int argc, char **argv, struct cc_args *a)
{
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		const char *next = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
			usage(stdout);
			exit(0);
		} else if (!strcmp(s, "--version")) {
			printf("kiln-cc (Kiln %s, LLVM %d)\n", KILN_VERSION_STRING,
			       KILN_LLVM_VERSION);
			exit(0);
		} else if (!strcmp(s, "-o")) {
			if (!next)
				return bad_usage("%s needs a file name", s);
			a->output = argv[++i];
		} else if (!strcmp(s, "--emit-llvm=workgroup") || !strcmp(s, "--emit-llvm=final")) {
			if (a->kind_given && a->kind != OUT_LLVM)
				return bad_usage("%s: only one of --spirv, --emit-llvm, -S", s);
			a->kind = OUT_LLVM;
			a->kind_given = true;
			a->wg_ir = s[12] == 'w';
		} else if (!strcmp(s, "--spirv") || !strcmp(s, "--emit-llvm") || !strcmp(s, "-S")) {
			enum output_kind k = s[1] == 'S' ? OUT_ASM : s[2] == 's' ? OUT_SPIRV : OUT_LLVM;
			if (a->kind_given && a->kind != k)
				return bad_usage("%s: only one of --spirv, --emit-llvm, -S", s);
			a->kind = k;
			a->kind_given = true;
		} else if (!strcmp(s, "--check")) {
			a->check = true;
		} else if (!strcmp(s, "--list-kernels")) {
			a->list = true;
		} else if (!strcmp(s, "--stats")) {
			a->stats = true;
		} else if (!strncmp(s, "--isa=", 6)) {
			a->isa = s + 6;
			bool known = !strcmp(a->isa, "native");
			for (size_t l = 0; l < 4; l++)
				known |= !strcmp(a->isa, isa_levels[l]);
			if (!known)
				return bad_usage("unknown ISA level '%s' (x86-64, x86-64-v2, "
						 "x86-64-v3, x86-64-v4 or native)", a->isa);
		} else if (!strncmp(s, "-mcpu=", 6) || !strncmp(s, "--mcpu=", 7)) {
			a->mcpu = strchr(s, '=') + 1;
		} else if (!strcmp(s, "-x") || !strncmp(s, "-x", 2)) {
			const char *v = s[2] ? s + 2 : next;
			if (!s[2])
				i++;
			if (!v)
				return bad_usage("%s needs a language", s);
			if (!strcmp(v, "cl"))
				a->lang = LANG_CL;
			else if (!strcmp(v, "clc++") || !strcmp(v, "clcpp"))
				a->lang = LANG_CLCPP;
			else if (!strcmp(v, "spirv") || !strcmp(v, "spv"))
				a->lang = LANG_SPIRV;
			else
				return bad_usage("unknown language '%s' (cl, clc++ or spirv)", v);
		} else if ((!strncmp(s, "-D", 2) || !strncmp(s, "-I", 2))) {
			const char *v = s[2] ? s + 2 : next;
			if (!s[2])
				i++;
			if (!v)
				return bad_usage("%s needs an argument", s);
			char flag[3] = { s[0], s[1], 0 };
			if (!add_path_option(a, flag, v))
				return 1;
		} else if (s[0] == '-' && s[1]) {
			/* a build option: the runtime judges it */
			a->has_cl_std |= !strncmp(s, "-cl-std=", 8);
			a->has_arg_info |= !strcmp(s, "-cl-kernel-arg-info");
			if (!add_option(a, s))
				return 1;
		} else {
			if (a->input)
				return bad_usage("one input file at a time ('%s')", s);
			a->input = s;
		}
	}
	if (!a->input)
		return bad_usage("%s", "no input file");
	if (a->isa && a->mcpu)
		return bad_usage("%s", "--isa and -mcpu exclude each other");
	return 0;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static bool read_input(const char *path, struct cc_input *in)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, KILN_CC ": error: %s: %s\n", path, strerror(errno));
		return false;
	}
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap + 1);
	while (buf) {
		n += fread(buf + n, 1, cap - n, f);
		if (n < cap)
			break;
		char *b = realloc(buf, 2 * cap + 1);
		if (!b) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = b;
		cap *= 2;
	}
	bool err = ferror(f);
	fclose(f);
	if (!buf || err) {
		fprintf(stderr, KILN_CC ": error: %s: cannot be read\n", path);
		free(buf);
		return false;
	}
	buf[n] = '\0';
	in->path = path;
	in->data = buf;
	in->size = n;
	return true;
}

static bool write_output(const char *path, const void *data, size_t size)
{
	FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");
	if (!f) {
		fprintf(stderr, KILN_CC ": error: %s: %s\n", path, strerror(errno));
		return false;
	}
	bool ok = fwrite(data, 1, size, f) == size;
	ok = (f == stdout ? fflush(f) == 0 : fclose(f) == 0) && ok;
	if (!ok)
		fprintf(stderr, KILN_CC ": error: %s: write failed\n", path);
	return ok;
}

/* The input's name with its extension replaced by `ext`, in the current
 * directory (as cc -c does). */
static char *default_output(const char *input, const char *ext)
{
	char *copy = strdup(input);
	if (!copy)
		return NULL;
	char *base = basename(copy);
	char *dot = strrchr(base, '.');
	if (dot && dot != base)
		*dot = '\0';
	char *out = NULL;
	if (asprintf(&out, "%s%s", base, ext) < 0)
		out = NULL;
	free(copy);
	return out;
}

static int level_of_cpu_name(const char *cpu)
{
	for (int l = 0; l < 4; l++)
		if (cpu && !strcmp(cpu, isa_levels[l]))
			return l + 1;
	return 0;
}

/* The target of -S, --emit-llvm and --stats: the device's own (what the
 * program binary was made for) unless --isa above it or -mcpu names
 * another; `runtime_cpu`/`runtime_features` come from the binary. */
static bool finalize_target(const struct cc_args *a, const struct kiln_binary *bin,
			    struct kiln_cpu_target *named, struct kiln_target *t)
{
	memset(t, 0, sizeof(*t));
	/* KILN_CHECK: the checked build, as the runtime (which names unknown
	 * words on stderr) makes it */
	t->check = kiln_check_parse(getenv("KILN_CHECK"), NULL);
	const char *want = a->mcpu ? a->mcpu
			   : a->isa && strcmp(a->isa, "native") != 0 ? a->isa : NULL;
	if (want && strcmp(want, bin->cpu) != 0) {
		if (!kiln_offline_cpu_target(want, named)) {
			fprintf(stderr, KILN_CC ": error: unknown x86-64 CPU '%s'\n", want);
			return false;
		}
		t->cpu = named->cpu;
		t->features = named->features;
		t->vector_bytes = named->vector_bytes;
		return true;
	}
	int level = level_of_cpu_name(bin->cpu);
	t->cpu = bin->cpu;
	t->features = bin->features;
	t->vector_bytes = level >= 4 ? 64 : level == 3 ? 32 : 16;
	return true;
}

int main(int argc, char **argv)
{
	struct cc_args a = { 0 };
	int rc = parse_args(argc, argv, &a);
	if (rc)
		return rc;

	struct cc_input in = { 0 };
	if (!read_input(a.input, &in))
		return 1;
	enum cc_language lang = a.lang;
	if (lang == LANG_AUTO)
		lang = ends_with(a.input, ".spv") ? LANG_SPIRV
		       : ends_with(a.input, ".clcpp") || ends_with(a.input, ".clc++") ? LANG_CLCPP
		       : LANG_CL;
	in.spirv = lang == LANG_SPIRV;
	if (lang == LANG_CLCPP && !a.has_cl_std && !add_option(&a, "-cl-std=CLC++"))
		return 1;
	if (a.list && !a.has_arg_info && !in.spirv && !add_option(&a, "-cl-kernel-arg-info"))
		return 1;
	if (!in.spirv) {
		/* #include "..." next to the source, after the user's -I */
		char *copy = strdup(a.input);
		if (!copy || !add_path_option(&a, "-I", dirname(copy)))
			return 1;
		free(copy);
	}
	if (in.spirv && a.kind == OUT_SPIRV)
		return bad_usage("%s is SPIR-V already", a.input);
	bool write = !a.check && (a.output || a.kind_given || (!a.list && !a.stats));
	if (a.check && (a.output || a.kind_given))
		return bad_usage("%s", "--check writes nothing: no -o, --spirv, --emit-llvm or -S");

	/* The ISA level of the runtime's device: KILN_ISA lowers it (never
	 * above the host's: lib/devices/host_isa.c).  -mcpu picks the level
	 * of its CPU, so that the front end passes vectors as it would. */
	struct kiln_cpu_target named;
	if (a.mcpu) {
		if (!kiln_offline_cpu_target(a.mcpu, &named))
			return bad_usage("unknown x86-64 CPU '%s' (-mcpu takes LLVM's names)",
					 a.mcpu);
		if (write && a.kind == OUT_BINARY)
			return bad_usage("%s", "-mcpu is for -S, --emit-llvm and --stats; a "
					 "program binary is made for an ISA level (--isa)");
		setenv("KILN_ISA", isa_levels[named.level - 1], 1);
	} else if (a.isa && strcmp(a.isa, "native") != 0) {
		setenv("KILN_ISA", a.isa, 1);
	}

	struct cc_program p;
	if (!cc_build(&in, a.options ? a.options : "", &p))
		return 1;
	cc_print_log(p.log, a.input);
	if (p.status == CL_INVALID_BUILD_OPTIONS) {
		/* The runtime answers with the error code alone; the reason
		 * comes from the same option table (lib/compiler/options.cpp). */
		char *why = NULL;
		if (!kiln_options_valid(a.options, false, &why) && why && *why)
			fprintf(stderr, KILN_CC ": %s", why);
		else
			fprintf(stderr, KILN_CC ": error: invalid build options '%s'\n",
				a.options);
		free(why);
		cc_release(&p);
		return 2;
	}
	if (p.status != CL_SUCCESS) {
		if (!p.log || !*p.log)
			fprintf(stderr, "%s: error: the build failed (error %d)\n", a.input,
				p.status);
		cc_release(&p);
		return 1;
	}
	if (a.check) {
		cc_release(&p);
		return 0;
	}

	int status = 0;
	if (a.list && !cc_list_kernels(&p))
		status = 1;

	struct kiln_blob binary = { 0 };
	struct kiln_binary bin = { 0 };
	bool need_ir = a.stats || (write && (a.kind == OUT_LLVM || a.kind == OUT_ASM));
	if (status == 0 && (need_ir || (write && a.kind == OUT_BINARY))) {
		if (!cc_program_binary(&p, &binary)) {
			fprintf(stderr, KILN_CC ": error: the runtime gave no program binary\n");
			status = 1;
		} else if (!kiln_binary_parse(binary.data, binary.size, &bin)) {
			fprintf(stderr, KILN_CC ": error: the program binary is not in "
				"Kiln's format\n");
			status = 1;
		}
	}
	/* A binary for a level this CPU lacks cannot come from its runtime. */
	if (status == 0 && write && a.kind == OUT_BINARY && a.isa &&
	    strcmp(a.isa, "native") != 0 && strcmp(a.isa, bin.cpu) != 0) {
		fprintf(stderr, KILN_CC ": error: --isa=%s: this CPU runs %s at most; a "
			"program binary is made by the Kiln runtime of the machine it runs "
			"on (-S, --emit-llvm and --stats take any level)\n", a.isa, bin.cpu);
		status = 1;
	}

	char *text = NULL;
	struct kiln_blob spv = { 0 };
	const void *out_data = binary.data;
	size_t out_size = binary.size;
	const char *ext = ".bin";
	if (status == 0 && need_ir) {
		struct kiln_target t;
		struct kiln_offline_stats stats = { 0 };
		char *log = NULL, *ir_text = NULL, *asm_text = NULL;
		if (!finalize_target(&a, &bin, &named, &t)) {
			status = 1;
		} else if (!kiln_offline_finalize(&t, &bin.ir, bin.options,
						  write && a.kind == OUT_LLVM && a.wg_ir ? &ir_text : NULL,
						  write && a.kind == OUT_LLVM && !a.wg_ir ? &ir_text : NULL,
						  write && a.kind == OUT_ASM ? &asm_text : NULL,
						  a.stats ? &stats : NULL, &log)) {
			cc_print_log(log, a.input);
			fprintf(stderr, KILN_CC ": error: code generation for %s failed\n", t.cpu);
			status = 1;
		} else if (a.stats && !cc_print_stats(&p, &stats, t.cpu)) {
			status = 1;
		}
		text = ir_text ? ir_text : asm_text;
		free(ir_text == text ? asm_text : ir_text);
		free(log);
		kiln_offline_stats_free(&stats);
		if (text) {
			out_data = text;
			out_size = strlen(text);
			ext = a.kind == OUT_LLVM ? ".ll" : ".s";
		}
	}
	if (status == 0 && write && a.kind == OUT_SPIRV) {
		struct kiln_target t;
		char *k1 = NULL, *k2 = NULL, *log = NULL;
		if (!cc_device_target(&p, &t, &k1, &k2) ||
		    !kiln_offline_spirv(&t, in.data, a.options ? a.options : "", &spv, &log)) {
			cc_print_log(log, a.input);
			fprintf(stderr, "%s: error: no SPIR-V could be made\n", a.input);
			status = 1;
		}
		free(k1);
		free(k2);
		free(log);
		out_data = spv.data;
		out_size = spv.size;
		ext = ".spv";
	}
	if (status == 0 && write) {
		char *path = a.output ? strdup(a.output) : default_output(a.input, ext);
		if (!path || !write_output(path, out_data, out_size))
			status = 1;
		free(path);
	}

	free(text);
	free(spv.data);
	free(binary.data);
	kiln_binary_free(&bin);
	cc_release(&p);
	free(in.data);
	free(a.options);
	return status;
}
