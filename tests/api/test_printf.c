/* printf (OpenCL C 3.0 §6.15.14) through the ICD loader: stdout is
 * captured around each command and compared with a reference the host's
 * snprintf makes for the same values: every conversion with flags, width
 * and precision; vectors of 2, 3, 4, 8 and 16 elements with each length
 * modifier (hh, h, hl, l); %s literals, %c, %%, %p; many work-items and
 * groups (compared as sorted lines, their order being unspecified); printf
 * in a loop and after a barrier; the return value; the output being there
 * when clFinish or clWaitForEvents returns and not before the command ran;
 * a full buffer (printf returns -1, what fit is printed, in order); a
 * SPIR-V program; a kernel without printf printing nothing; printf in a
 * helper function, under -cl-opt-disable and from clEnqueueTask; a format
 * that is not a literal failing the build. */
#include "capture.h"
#include "check.h"

#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <unistd.h>

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;
static bool has_fp64, has_fp16;

/* --- text ---------------------------------------------------------------- */

struct text {
	char *p;
	size_t len, cap;
};

static void text_add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	REQUIRE(n >= 0);
	if (t->len + (size_t)n + 1 > t->cap) {
		t->cap = (t->len + (size_t)n + 1) * 2;
		t->p = realloc(t->p, t->cap);
		REQUIRE(t->p);
	}
	va_start(ap, fmt);
	vsnprintf(t->p + t->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

static const char *text_str(struct text *t)
{
	if (!t->p)
		text_add(t, "%s", "");
	return t->p;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The lines of s sorted, joined again (s is changed). */
static char *sorted_lines(char *s)
{
	size_t n = 0, cap = 64;
	char **lines = malloc(cap * sizeof(*lines));
	REQUIRE(lines);
	for (char *save = NULL, *l = strtok_r(s, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (n == cap) {
			cap *= 2;
			lines = realloc(lines, cap * sizeof(*lines));
			REQUIRE(lines);
		}
		lines[n++] = l;
	}
	qsort(lines, n, sizeof(*lines), cmp_str);
	struct text t = {0};
	for (size_t i = 0; i < n; i++)
		text_add(&t, "%s\n", lines[i]);
	free(lines);
	return (char *)text_str(&t);
}

/* Compares got with want, naming the first line that differs. */
static void check_text(const char *what, const char *got, const char *want)
{
	CHECK(strcmp(got, want) == 0);
	if (strcmp(got, want) == 0)
		return;
	size_t i = 0, line = 1, start = 0;
	while (got[i] && got[i] == want[i]) {
		if (got[i] == '\n') {
			line++;
			start = i + 1;
		}
		i++;
	}
	fprintf(stderr, "%s: output differs at line %zu:\n  got:  %.120s\n  want: %.120s\n",
		what, line, got + start, want + start);
}

/* check_text of got's lines sorted (the order work-items print in is not
 * defined); frees the sorted copy. */
static void check_sorted(const char *what, char *got, const char *want)
{
	char *sorted = sorted_lines(got);
	check_text(what, sorted, want);
	free(sorted);
}

/* --- helpers ------------------------------------------------------------- */

static cl_kernel kernel(cl_program p, const char *name)
{
	cl_int err;
	cl_kernel k = clCreateKernel(p, name, &err);
	REQUIRE(err == CL_SUCCESS);
	return k;
}

/* Runs k over `global` (and `local`, may be NULL) with stdout captured,
 * waiting with clFinish. */
static char *run_captured(cl_kernel k, cl_uint dim, const size_t *global,
			  const size_t *local)
{
	capture_begin();
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, dim, NULL, global, local, 0, NULL, NULL));
	CHECK_OK(clFinish(queue));
	return capture_end();
}

static bool has_extension(const char *name)
{
	char ext[8192] = "";
	clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof(ext), ext, NULL);
	return strstr(ext, name) != NULL;
}

/* --- scalar conversions -------------------------------------------------- */

enum arg { A_INT, A_UINT, A_LONG, A_ULONG, A_FLOAT, A_DOUBLE, A_CHAR, A_NONE };

struct scalar_case {
	const char *fmt;
	enum arg arg;
};

static const struct scalar_case scalar_cases[] = {
	{"%d", A_INT}, {"%i", A_INT}, {"%5d", A_INT}, {"%-8d", A_INT},
	{"%+d", A_INT}, {"% d", A_INT}, {"%05d", A_INT}, {"%.7d", A_INT},
	{"%8.3d", A_INT}, {"%-+6d", A_INT}, {"%x", A_INT}, {"%#x", A_INT},
	{"%X", A_INT}, {"%#X", A_INT}, {"%o", A_INT}, {"%#o", A_INT},
	{"%u", A_INT}, {"%10.4x", A_INT}, {"%-#10x", A_INT}, {"%hd", A_INT},
	{"%hhd", A_INT}, {"%hx", A_INT}, {"%hhu", A_INT}, {"%.0d", A_INT},
	{"%u", A_UINT}, {"%x", A_UINT}, {"%#o", A_UINT}, {"%12u", A_UINT},
	{"%-12u", A_UINT}, {"%hu", A_UINT}, {"%hhx", A_UINT},
	{"%ld", A_LONG}, {"%li", A_LONG}, {"%lx", A_LONG}, {"%lX", A_LONG},
	{"%#lo", A_LONG}, {"%lu", A_LONG}, {"%+20ld", A_LONG}, {"%-20ld", A_LONG},
	{"%020ld", A_LONG},
	{"%lu", A_ULONG}, {"%lx", A_ULONG}, {"%#lx", A_ULONG},
	{"%f", A_FLOAT}, {"%.3f", A_FLOAT}, {"%10.2f", A_FLOAT}, {"%-12.4f", A_FLOAT},
	{"%+f", A_FLOAT}, {"% f", A_FLOAT}, {"%e", A_FLOAT}, {"%E", A_FLOAT},
	{"%.2e", A_FLOAT}, {"%12.3e", A_FLOAT}, {"%g", A_FLOAT}, {"%G", A_FLOAT},
	{"%.10g", A_FLOAT}, {"%#g", A_FLOAT}, {"%a", A_FLOAT}, {"%A", A_FLOAT},
	{"%.3a", A_FLOAT}, {"%010.3f", A_FLOAT}, {"%F", A_FLOAT}, {"%#.0f", A_FLOAT},
	{"%.0e", A_FLOAT}, {"%-+15.6g", A_FLOAT}, {"%lf", A_FLOAT},
	{"%.17g", A_DOUBLE}, {"%lf", A_DOUBLE}, {"%.15e", A_DOUBLE}, {"%a", A_DOUBLE},
	{"%20.10f", A_DOUBLE}, {"%G", A_DOUBLE},
	{"%c", A_CHAR}, {"%5c", A_CHAR}, {"%-3c", A_CHAR},
	{"no conversion", A_NONE}, {"100%%", A_NONE}, {"%%d %%s", A_NONE},
};
#define NUM_SCALAR (sizeof(scalar_cases) / sizeof(scalar_cases[0]))

static const char *arg_name[] = {"i", "u", "l", "ul", "f", "d", "c", ""};

struct scalar_values {
	cl_int i;
	cl_uint u;
	cl_long l;
	cl_ulong ul;
	cl_float f;
	cl_double d;
	cl_char c;
};

static void scalar_reference(struct text *t, const struct scalar_values *v)
{
	char fmt[64];
	for (size_t n = 0; n < NUM_SCALAR; n++) {
		const struct scalar_case *sc = &scalar_cases[n];
		if (sc->arg == A_DOUBLE && !has_fp64)
			continue;
		snprintf(fmt, sizeof(fmt), "[%s]\n", sc->fmt);
		switch (sc->arg) {
		case A_INT: text_add(t, fmt, v->i); break;
		case A_UINT: text_add(t, fmt, v->u); break;
		case A_LONG: text_add(t, fmt, (long)v->l); break;
		case A_ULONG: text_add(t, fmt, (unsigned long)v->ul); break;
		case A_FLOAT: text_add(t, fmt, (double)v->f); break;
		case A_DOUBLE: text_add(t, fmt, v->d); break;
		case A_CHAR: text_add(t, fmt, (int)v->c); break;
		case A_NONE: text_add(t, fmt, 0); break;
		}
	}
	/* the literal-string and mixed calls of the kernel */
	text_add(t, "[%s][%10s][%-10s][%.3s][%10.2s][%s]\n", "hello", "hello", "hello",
		 "hello", "hello", "");
	text_add(t, "%d %s %.2f %c|%s\n", v->i, "mixed", (double)v->f, v->c,
		 v->i & 1 ? "odd" : "even");
	text_add(t, "[%p][%5s]\n", (void *)0, "ab");
}

static void test_scalars(void)
{
	struct text src = {0};
	if (has_fp64)
		text_add(&src, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
	text_add(&src, "__kernel void scalars(int i, uint u, long l, ulong ul, float f, %s d, char c)\n{\n",
		 has_fp64 ? "double" : "float");
	for (size_t n = 0; n < NUM_SCALAR; n++) {
		const struct scalar_case *sc = &scalar_cases[n];
		if (sc->arg == A_DOUBLE && !has_fp64)
			continue;
		if (sc->arg == A_NONE)
			text_add(&src, "\tprintf(\"[%s]\\n\");\n", sc->fmt);
		else
			text_add(&src, "\tprintf(\"[%s]\\n\", %s);\n", sc->fmt, arg_name[sc->arg]);
	}
	text_add(&src, "\tprintf(\"[%%s][%%10s][%%-10s][%%.3s][%%10.2s][%%s]\\n\", \"hello\", "
		       "\"hello\", \"hello\", \"hello\", \"hello\", \"\");\n");
	text_add(&src, "\tprintf(\"%%d %%s %%.2f %%c|%%s\\n\", i, \"mixed\", f, c, i & 1 ? \"odd\" : \"even\");\n");
	text_add(&src, "\tprintf(\"[%%p][%%5s]\\n\", (__global int *)0, \"ab\");\n}\n");
	cl_program p = check_build(context, device, text_str(&src), "-w");
	cl_kernel k = kernel(p, "scalars");

	static const struct scalar_values values[] = {
		{-12345, 4000000000u, -1234567890123LL, 18000000000000000000ULL, 3.14159f,
		 2.718281828459045, 'Q'},
		{42, 7, 9876543210LL, 1, -0.0f, -1e-300, 'a'},
		{0, 0, 0, 0, 1e30f, 1.0 / 3.0, '#'},
		{-1, 255, -1, 0xffffffffffffffffULL, INFINITY, NAN, '0'},
		{2147483647, 65535, 0x7fffffffffffffffLL, 0x8000000000000000ULL, -NAN, -INFINITY, 'z'},
		{-2147483647 - 1, 256, -0x7fffffffffffffffLL - 1, 12345, 1.17549435e-38f, 4.9e-324, ' '},
	};
	for (size_t n = 0; n < sizeof(values) / sizeof(values[0]); n++) {
		const struct scalar_values *v = &values[n];
		CHECK_OK(clSetKernelArg(k, 0, sizeof(v->i), &v->i));
		CHECK_OK(clSetKernelArg(k, 1, sizeof(v->u), &v->u));
		CHECK_OK(clSetKernelArg(k, 2, sizeof(v->l), &v->l));
		CHECK_OK(clSetKernelArg(k, 3, sizeof(v->ul), &v->ul));
		CHECK_OK(clSetKernelArg(k, 4, sizeof(v->f), &v->f));
		if (has_fp64) {
			CHECK_OK(clSetKernelArg(k, 5, sizeof(v->d), &v->d));
		} else {
			float f = (float)v->d;
			CHECK_OK(clSetKernelArg(k, 5, sizeof(f), &f));
		}
		CHECK_OK(clSetKernelArg(k, 6, sizeof(v->c), &v->c));
		size_t one = 1;
		char *got = run_captured(k, 1, &one, NULL);
		struct text want = {0};
		scalar_reference(&want, v);
		check_text("scalars", got, text_str(&want));
		free(got);
		free(want.p);
	}
	clReleaseKernel(k);
	clReleaseProgram(p);
	free(src.p);
}

/* --- vectors --------------------------------------------------------------- */

struct vec_type {
	const char *type;   /* element type in OpenCL C */
	const char *mod;    /* the vector length modifier */
	const char *host;   /* the host length modifier for one element */
	int kind;           /* 0 signed, 1 unsigned, 2 floating */
	const char *specs[8]; /* flags/width/precision + conversion */
	double values[16];
};

static const struct vec_type vec_types[] = {
	{"char", "hh", "hh", 0, {"d", "+i", "#x", "4u", "o"},
	 {-128, -1, 0, 1, 127, -100, 42, 7, -7, 99, -50, 50, 3, -3, 120, -120}},
	{"uchar", "hh", "hh", 1, {"u", "#o", "-5X", "x"},
	 {0, 1, 255, 128, 127, 200, 42, 7, 250, 99, 13, 50, 3, 77, 120, 240}},
	{"short", "h", "h", 0, {"d", "06d", "x", "+i"},
	 {-32768, -1, 0, 1, 32767, -1000, 4242, 7, -7, 999, -500, 500, 3, -3, 12000, -12000}},
	{"ushort", "h", "h", 1, {"u", "#X", "8o"},
	 {0, 1, 65535, 32768, 32767, 2000, 4242, 7, 60000, 999, 13, 500, 3, 77, 12000, 40000}},
	{"int", "hl", "", 0, {"d", "+d", "#x", "-8i", "u"},
	 {-2147483648.0, -1, 0, 1, 2147483647, -100000, 424242, 7, -7, 99999, -50, 50, 3, -3, 1200000, -1200000}},
	{"uint", "hl", "", 1, {"u", "o", "#X"},
	 {0, 1, 4294967295.0, 2147483648.0, 7, 200, 424242, 7, 250, 99, 13, 50, 3, 77, 120, 240}},
	{"long", "l", "ll", 0, {"d", "#x", "+i", "22d"},
	 {-9007199254740992.0, -1, 0, 1, 9007199254740991.0, -100000000000.0, 4242424242.0, 7, -7, 99, -50, 50, 3, -3, 120, -120}},
	{"ulong", "l", "ll", 1, {"u", "X", "#o"},
	 {0, 1, 18446744073709549568.0, 9223372036854775808.0, 7, 200, 4242424242.0, 7, 250, 99, 13, 50, 3, 77, 120, 240}},
	{"float", "hl", "", 2, {"f", ".2e", "g", "a", "8.3f", "+E", "G", "A"},
	 {1.5, -2.25, 0, 3.14159274101257324, -0.0, 1e10, 1e-10, 65504, 0.1f, -7, 123.456f, 1e-40, 3.4028234663852886e38, -1, 0.5, 100}},
	{"double", "l", "", 2, {"f", ".10g", "a", "-12.4e"},
	 {1.5, -2.25, 0, 3.141592653589793, -0.0, 1e100, 1e-100, 65504, 0.1, -7, 123.456, 5e-324, 1.7976931348623157e308, -1, 0.5, 100}},
	{"half", "h", "", 2, {"f", "g", ".3a", "+e"},
	 {1.5, -2.25, 0, 3.140625, -0.0, 1024, 0.0009765625, 65504, 0.0999755859375, -7, 123.4375, 5.9604644775390625e-08, 6.103515625e-05, -1, 0.5, 100}},
};
#define NUM_VEC_TYPES (sizeof(vec_types) / sizeof(vec_types[0]))

static bool vec_type_ok(const struct vec_type *t)
{
	if (!strcmp(t->type, "double"))
		return has_fp64;
	if (!strcmp(t->type, "half"))
		return has_fp16;
	return true;
}

/* One element as the host prints it with "%<spec without conversion>
 * <host length><conversion>". */
static void vec_elem_reference(struct text *t, const struct vec_type *vt, const char *spec,
			       double v)
{
	size_t sl = strlen(spec);
	char fmt[32];
	snprintf(fmt, sizeof(fmt), "%%%.*s%s%c", (int)(sl - 1), spec, vt->host, spec[sl - 1]);
	switch (vt->kind) {
	case 0:
		if (!strcmp(vt->host, "ll"))
			text_add(t, fmt, (long long)v);
		else
			text_add(t, fmt, (int)(long long)v);
		break;
	case 1:
		if (!strcmp(vt->host, "ll"))
			text_add(t, fmt, (unsigned long long)v);
		else
			text_add(t, fmt, (unsigned)(unsigned long long)v);
		break;
	default:
		if (!strcmp(vt->type, "float"))
			v = (float)v;
		text_add(t, fmt, v);
		break;
	}
}

static void test_vectors(void)
{
	static const unsigned sizes[] = {2, 3, 4, 8, 16};
	struct text src = {0}, want = {0};
	if (has_fp64)
		text_add(&src, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
	if (has_fp16)
		text_add(&src, "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n");
	for (size_t n = 0; n < NUM_VEC_TYPES; n++) {
		const struct vec_type *vt = &vec_types[n];
		if (!vec_type_ok(vt))
			continue;
		text_add(&src, "__constant %s v_%s[16] = {", vt->type, vt->type);
		for (int j = 0; j < 16; j++) {
			if (vt->kind == 2)
				text_add(&src, "%s%a", j ? ", " : "", vt->values[j]);
			else if (vt->kind == 0)
				text_add(&src, "%s(%s)%lldL", j ? ", " : "", vt->type,
					 (long long)vt->values[j]);
			else
				text_add(&src, "%s(%s)%lluUL", j ? ", " : "", vt->type,
					 (unsigned long long)vt->values[j]);
		}
		text_add(&src, "};\n");
	}
	text_add(&src, "__kernel void vectors(void)\n{\n");
	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		unsigned vn = sizes[s];
		for (size_t n = 0; n < NUM_VEC_TYPES; n++) {
			const struct vec_type *vt = &vec_types[n];
			if (!vec_type_ok(vt))
				continue;
			text_add(&src, "\t{ %s%u x = vload%u(0, v_%s);\n", vt->type, vn, vn, vt->type);
			for (int c = 0; c < 8 && vt->specs[c]; c++) {
				const char *spec = vt->specs[c];
				size_t sl = strlen(spec);
				/* flags/width/precision, then vN, the modifier, the conversion */
				text_add(&src, "\t  printf(\"%s%u %%%.*sv%u%s%c|\\n\", x);\n", vt->type, vn,
					 (int)(sl - 1), spec, vn, vt->mod, spec[sl - 1]);
				text_add(&want, "%s%u ", vt->type, vn);
				for (unsigned j = 0; j < vn; j++) {
					if (j)
						text_add(&want, ",");
					vec_elem_reference(&want, vt, spec, vt->values[j]);
				}
				text_add(&want, "|\n");
			}
			text_add(&src, "\t}\n");
		}
	}
	text_add(&src, "}\n");
	cl_program p = check_build(context, device, text_str(&src), NULL);
	cl_kernel k = kernel(p, "vectors");
	size_t one = 1;
	char *got = run_captured(k, 1, &one, NULL);
	check_text("vectors", got, text_str(&want));
	free(got);
	free(src.p);
	free(want.p);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

/* --- many work-items, loops, barriers, return values ----------------------- */

static const char *grid_src =
	"__kernel void grid(void)\n"
	"{\n"
	"	printf(\"wi %d %d g %d %d l %d %d\\n\", (int)get_global_id(0), (int)get_global_id(1),\n"
	"	       (int)get_group_id(0), (int)get_group_id(1), (int)get_local_id(0),\n"
	"	       (int)get_local_id(1));\n"
	"}\n"
	"__kernel void loopbar(__global int *ret, __local int *tmp)\n"
	"{\n"
	"	int l = get_local_id(0), g = get_global_id(0), n = get_local_size(0);\n"
	"	int r = 0;\n"
	"	for (int i = 0; i < 3; i++)\n"
	"		r |= printf(\"loop %d %d\\n\", g, i);\n"
	"	tmp[l] = g * 10;\n"
	"	barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	r |= printf(\"after %d %d\\n\", g, tmp[(l + 1) % n]);\n"
	"	if (g & 1)\n"
	"		r |= printf(\"odd %d\\n\", g);\n"
	"	ret[g] = r + 1;\n"
	"}\n"
	"__kernel void many(__global int *ret)\n"
	"{\n"
	"	int g = get_global_id(0);\n"
	"	ret[g] = printf(\"many %d %s\\n\", g, g % 3 ? \"x\" : \"three\");\n"
	"}\n"
	"__kernel void quiet(__global int *o) { o[get_global_id(0)] = 7; }\n"
	"__kernel void flood(__global int *res, int count)\n"
	"{\n"
	"	int ok = 0, first_fail = -1, late_ok = 0;\n"
	"	for (int i = 0; i < count; i++) {\n"
	"		int r = printf(\"%d\\n\", i);\n"
	"		if (r == 0) {\n"
	"			ok++;\n"
	"			if (first_fail >= 0)\n"
	"				late_ok++;\n"
	"		} else if (r == -1) {\n"
	"			if (first_fail < 0)\n"
	"				first_fail = i;\n"
	"		} else {\n"
	"			late_ok += 1000000;\n"
	"		}\n"
	"	}\n"
	"	res[0] = ok;\n"
	"	res[1] = first_fail;\n"
	"	res[2] = late_ok;\n"
	"}\n";

static void test_grid(cl_program p)
{
	cl_kernel k = kernel(p, "grid");
	size_t global[2] = {8, 6}, local[2] = {4, 3};
	char *got = run_captured(k, 2, global, local);
	struct text want = {0};
	for (int y = 0; y < 6; y++)
		for (int x = 0; x < 8; x++)
			text_add(&want, "wi %d %d g %d %d l %d %d\n", x, y, x / 4, y / 3, x % 4, y % 3);
	char *ws = sorted_lines((char *)text_str(&want));
	check_sorted("grid", got, ws);
	free(got);
	free(ws);
	free(want.p);
	clReleaseKernel(k);
}

static void test_loop_barrier(cl_program p)
{
	cl_int err;
	cl_kernel k = kernel(p, "loopbar");
	enum { N = 16, L = 4 };
	cl_mem ret = clCreateBuffer(context, CL_MEM_READ_WRITE, N * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(ret), &ret));
	CHECK_OK(clSetKernelArg(k, 1, L * sizeof(int), NULL));
	size_t global = N, local = L;
	char *got = run_captured(k, 1, &global, &local);
	struct text want = {0};
	for (int g = 0; g < N; g++) {
		for (int i = 0; i < 3; i++)
			text_add(&want, "loop %d %d\n", g, i);
		text_add(&want, "after %d %d\n", g, (g / L * L + (g % L + 1) % L) * 10);
		if (g & 1)
			text_add(&want, "odd %d\n", g);
	}
	/* Within a work-item the order is the program's: its lines, taken
	 * out of the whole output in order, must match. */
	for (int g = 0; g < N; g++) {
		struct text mine = {0}, ref = {0};
		char tag[32];
		for (const char *l = got; *l;) {
			const char *e = strchr(l, '\n');
			size_t len = e ? (size_t)(e - l) : strlen(l);
			int id = -1;
			if (sscanf(l, "%*s %d", &id) == 1 && id == g)
				text_add(&mine, "%.*s\n", (int)len, l);
			l += len + (e ? 1 : 0);
		}
		for (int i = 0; i < 3; i++)
			text_add(&ref, "loop %d %d\n", g, i);
		text_add(&ref, "after %d %d\n", g, (g / L * L + (g % L + 1) % L) * 10);
		if (g & 1)
			text_add(&ref, "odd %d\n", g);
		snprintf(tag, sizeof(tag), "loopbar work-item %d", g);
		check_text(tag, text_str(&mine), text_str(&ref));
		free(mine.p);
		free(ref.p);
	}
	char *ws = sorted_lines((char *)text_str(&want));
	check_sorted("loopbar", got, ws);
	int r[N];
	CHECK_OK(clEnqueueReadBuffer(queue, ret, CL_TRUE, 0, sizeof(r), r, 0, NULL, NULL));
	for (int g = 0; g < N; g++)
		CHECK(r[g] == 1); /* every printf returned 0 */
	free(got);
	free(ws);
	free(want.p);
	clReleaseMemObject(ret);
	clReleaseKernel(k);
}

/* Many groups printing at once: each line whole, none lost. */
static void test_many(cl_program p)
{
	cl_int err;
	enum { N = 4096 };
	cl_kernel k = kernel(p, "many");
	cl_mem ret = clCreateBuffer(context, CL_MEM_READ_WRITE, N * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(ret), &ret));
	size_t global = N, local = 64;
	char *got = run_captured(k, 1, &global, &local);
	struct text want = {0};
	for (int g = 0; g < N; g++)
		text_add(&want, "many %d %s\n", g, g % 3 ? "x" : "three");
	char *ws = sorted_lines((char *)text_str(&want));
	char *gs = sorted_lines(got);
	check_text("many", gs, ws);
	free(gs);
	int *r = calloc(N, sizeof(int));
	REQUIRE(r);
	CHECK_OK(clEnqueueReadBuffer(queue, ret, CL_TRUE, 0, N * sizeof(int), r, 0, NULL, NULL));
	int bad = 0;
	for (int g = 0; g < N; g++)
		bad += r[g] != 0;
	CHECK(bad == 0);
	/* NULL local size too */
	char *got2 = run_captured(k, 1, &global, NULL);
	gs = sorted_lines(got2);
	check_text("many (NULL local size)", gs, ws);
	free(gs);
	free(r);
	free(got);
	free(got2);
	free(ws);
	free(want.p);
	clReleaseMemObject(ret);
	clReleaseKernel(k);
}

/* The output is there when clWaitForEvents returns (the event is complete
 * only after the flush), and not before the command could run. */
static void test_event_flush(cl_program p)
{
	cl_int err;
	cl_kernel k = kernel(p, "many");
	cl_mem ret = clCreateBuffer(context, CL_MEM_READ_WRITE, 4 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(ret), &ret));
	cl_event gate = clCreateUserEvent(context, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_event done;
	size_t global = 3;
	capture_begin();
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, NULL, 1, &gate, &done));
	CHECK_OK(clFlush(queue));
	char *before = capture_end();
	CHECK(before[0] == '\0'); /* gated: nothing ran yet */
	capture_begin();
	CHECK_OK(clSetUserEventStatus(gate, CL_COMPLETE));
	CHECK_OK(clWaitForEvents(1, &done));
	char *after = capture_end();
	cl_int status = -1;
	CHECK_OK(clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL));
	CHECK(status == CL_COMPLETE);
	check_sorted("clWaitForEvents", after, "many 0 three\nmany 1 x\nmany 2 x\n");
	CHECK_OK(clFinish(queue));
	free(before);
	free(after);
	clReleaseEvent(gate);
	clReleaseEvent(done);
	clReleaseMemObject(ret);
	clReleaseKernel(k);
}

/* A kernel without printf prints nothing; one that printed before does
 * not print again. */
static void test_quiet(cl_program p)
{
	cl_int err;
	cl_kernel k = kernel(p, "quiet");
	cl_mem o = clCreateBuffer(context, CL_MEM_READ_WRITE, 64 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(o), &o));
	size_t global = 64;
	char *got = run_captured(k, 1, &global, NULL);
	CHECK(got[0] == '\0');
	int r[64];
	CHECK_OK(clEnqueueReadBuffer(queue, o, CL_TRUE, 0, sizeof(r), r, 0, NULL, NULL));
	CHECK(r[0] == 7 && r[63] == 7);
	free(got);
	clReleaseMemObject(o);
	clReleaseKernel(k);
}

/* More than CL_DEVICE_PRINTF_BUFFER_SIZE of output: printf returns -1 from
 * the first call that does not fit on, what fit is printed in order, and
 * the next command has a fresh buffer. */
static void test_buffer_full(cl_program p)
{
	cl_int err;
	size_t bufsize = 0;
	CHECK_OK(clGetDeviceInfo(device, CL_DEVICE_PRINTF_BUFFER_SIZE, sizeof(bufsize), &bufsize, NULL));
	CHECK(bufsize >= 1024 * 1024); /* full profile minimum (§4.2) */
	cl_kernel k = kernel(p, "flood");
	cl_mem res = clCreateBuffer(context, CL_MEM_READ_WRITE, 3 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	/* Each record holds at least the 4-byte int: bufsize/4 calls cannot
	 * all fit. */
	cl_int count = (cl_int)(bufsize / 4) + 16;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(res), &res));
	CHECK_OK(clSetKernelArg(k, 1, sizeof(count), &count));
	size_t one = 1;
	for (int round = 0; round < 2; round++) {
		char *got = run_captured(k, 1, &one, NULL);
		int r[3];
		CHECK_OK(clEnqueueReadBuffer(queue, res, CL_TRUE, 0, sizeof(r), r, 0, NULL, NULL));
		CHECK(r[0] > 1000 && r[0] < count); /* some fit, not all */
		CHECK(r[1] == r[0]);                /* failures only after the last success */
		CHECK(r[2] == 0);                   /* only 0 or -1 returned */
		struct text want = {0};
		for (int i = 0; i < r[0]; i++)
			text_add(&want, "%d\n", i);
		check_text("buffer full", got, text_str(&want));
		free(want.p);
		free(got);
	}
	clReleaseMemObject(res);
	clReleaseKernel(k);
}

/* --- SPIR-V ---------------------------------------------------------------

 * This kernel, made with
 *   clang-15 -cl-std=CL2.0 -target spir64 -emit-llvm -c sp.cl -o sp.bc
 *   llvm-spirv-15 sp.bc -o sp.spv && xxd -i sp.spv
 *
 *   kernel void sp(global int *o)
 *   {
 *           int g = get_global_id(0);
 *           float4 v = (float4)(1.0f, 2.5f, -3.0f, 4.0f);
 *           uchar3 u = (uchar3)(1, 200, (uchar)g);
 *           o[g] = printf("spv %d %v4hlf %s|%v3hhu|%ld\n", g, v, "lit", u, (long)g * -3);
 *   }
 */
static const unsigned char spirv[] = {
  0x03, 0x02, 0x23, 0x07, 0x00, 0x04, 0x01, 0x00, 0x0e, 0x00, 0x06, 0x00,
  0x47, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x11, 0x00, 0x02, 0x00,
  0x04, 0x00, 0x00, 0x00, 0x11, 0x00, 0x02, 0x00, 0x05, 0x00, 0x00, 0x00,
  0x11, 0x00, 0x02, 0x00, 0x06, 0x00, 0x00, 0x00, 0x11, 0x00, 0x02, 0x00,
  0x0b, 0x00, 0x00, 0x00, 0x11, 0x00, 0x02, 0x00, 0x27, 0x00, 0x00, 0x00,
  0x0b, 0x00, 0x05, 0x00, 0x01, 0x00, 0x00, 0x00, 0x4f, 0x70, 0x65, 0x6e,
  0x43, 0x4c, 0x2e, 0x73, 0x74, 0x64, 0x00, 0x00, 0x0e, 0x00, 0x03, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x0f, 0x00, 0x07, 0x00,
  0x06, 0x00, 0x00, 0x00, 0x43, 0x00, 0x00, 0x00, 0x73, 0x70, 0x00, 0x00,
  0x17, 0x00, 0x00, 0x00, 0x1e, 0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00,
  0x03, 0x00, 0x03, 0x00, 0x03, 0x00, 0x00, 0x00, 0x40, 0x0d, 0x03, 0x00,
  0x05, 0x00, 0x04, 0x00, 0x17, 0x00, 0x00, 0x00, 0x2e, 0x73, 0x74, 0x72,
  0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0x04, 0x00, 0x1e, 0x00, 0x00, 0x00,
  0x2e, 0x73, 0x74, 0x72, 0x2e, 0x31, 0x00, 0x00, 0x05, 0x00, 0x0b, 0x00,
  0x21, 0x00, 0x00, 0x00, 0x5f, 0x5f, 0x73, 0x70, 0x69, 0x72, 0x76, 0x5f,
  0x42, 0x75, 0x69, 0x6c, 0x74, 0x49, 0x6e, 0x47, 0x6c, 0x6f, 0x62, 0x61,
  0x6c, 0x49, 0x6e, 0x76, 0x6f, 0x63, 0x61, 0x74, 0x69, 0x6f, 0x6e, 0x49,
  0x64, 0x00, 0x00, 0x00, 0x05, 0x00, 0x03, 0x00, 0x26, 0x00, 0x00, 0x00,
  0x73, 0x70, 0x00, 0x00, 0x47, 0x00, 0x03, 0x00, 0x17, 0x00, 0x00, 0x00,
  0x16, 0x00, 0x00, 0x00, 0x47, 0x00, 0x04, 0x00, 0x17, 0x00, 0x00, 0x00,
  0x2c, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x47, 0x00, 0x03, 0x00,
  0x1e, 0x00, 0x00, 0x00, 0x16, 0x00, 0x00, 0x00, 0x47, 0x00, 0x04, 0x00,
  0x1e, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
  0x47, 0x00, 0x0d, 0x00, 0x21, 0x00, 0x00, 0x00, 0x29, 0x00, 0x00, 0x00,
  0x5f, 0x5f, 0x73, 0x70, 0x69, 0x72, 0x76, 0x5f, 0x42, 0x75, 0x69, 0x6c,
  0x74, 0x49, 0x6e, 0x47, 0x6c, 0x6f, 0x62, 0x61, 0x6c, 0x49, 0x6e, 0x76,
  0x6f, 0x63, 0x61, 0x74, 0x69, 0x6f, 0x6e, 0x49, 0x64, 0x00, 0x00, 0x00,
  0x01, 0x00, 0x00, 0x00, 0x47, 0x00, 0x03, 0x00, 0x21, 0x00, 0x00, 0x00,
  0x16, 0x00, 0x00, 0x00, 0x47, 0x00, 0x04, 0x00, 0x21, 0x00, 0x00, 0x00,
  0x0b, 0x00, 0x00, 0x00, 0x1c, 0x00, 0x00, 0x00, 0x47, 0x00, 0x05, 0x00,
  0x26, 0x00, 0x00, 0x00, 0x29, 0x00, 0x00, 0x00, 0x73, 0x70, 0x00, 0x00,
  0x00, 0x00, 0x00, 0x00, 0x47, 0x00, 0x04, 0x00, 0x27, 0x00, 0x00, 0x00,
  0x26, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x47, 0x00, 0x04, 0x00,
  0x27, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00,
  0x47, 0x00, 0x03, 0x00, 0x35, 0x00, 0x00, 0x00, 0x75, 0x11, 0x00, 0x00,
  0x47, 0x00, 0x04, 0x00, 0x44, 0x00, 0x00, 0x00, 0x26, 0x00, 0x00, 0x00,
  0x05, 0x00, 0x00, 0x00, 0x47, 0x00, 0x04, 0x00, 0x44, 0x00, 0x00, 0x00,
  0x2c, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x15, 0x00, 0x04, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  0x15, 0x00, 0x04, 0x00, 0x12, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00,
  0x00, 0x00, 0x00, 0x00, 0x15, 0x00, 0x04, 0x00, 0x23, 0x00, 0x00, 0x00,
  0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x04, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x73, 0x00, 0x00, 0x00,
  0x2b, 0x00, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00,
  0x70, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00,
  0x05, 0x00, 0x00, 0x00, 0x76, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x04, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x20, 0x00, 0x00, 0x00,
  0x2b, 0x00, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00,
  0x25, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00,
  0x08, 0x00, 0x00, 0x00, 0x64, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x04, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x34, 0x00, 0x00, 0x00,
  0x2b, 0x00, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00, 0x0a, 0x00, 0x00, 0x00,
  0x68, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00,
  0x0b, 0x00, 0x00, 0x00, 0x6c, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x04, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x66, 0x00, 0x00, 0x00,
  0x2b, 0x00, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00, 0x0d, 0x00, 0x00, 0x00,
  0x7c, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00,
  0x0e, 0x00, 0x00, 0x00, 0x33, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x04, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x0f, 0x00, 0x00, 0x00, 0x75, 0x00, 0x00, 0x00,
  0x2b, 0x00, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00,
  0x0a, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00,
  0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x05, 0x00,
  0x12, 0x00, 0x00, 0x00, 0x13, 0x00, 0x00, 0x00, 0x1d, 0x00, 0x00, 0x00,
  0x00, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00,
  0x18, 0x00, 0x00, 0x00, 0x69, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x04, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x19, 0x00, 0x00, 0x00, 0x74, 0x00, 0x00, 0x00,
  0x2b, 0x00, 0x05, 0x00, 0x12, 0x00, 0x00, 0x00, 0x1a, 0x00, 0x00, 0x00,
  0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x04, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x2d, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
  0x2b, 0x00, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00, 0x2e, 0x00, 0x00, 0x00,
  0xc8, 0x00, 0x00, 0x00, 0x01, 0x00, 0x03, 0x00, 0x02, 0x00, 0x00, 0x00,
  0x2f, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x05, 0x00, 0x12, 0x00, 0x00, 0x00,
  0x34, 0x00, 0x00, 0x00, 0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
  0x2b, 0x00, 0x05, 0x00, 0x12, 0x00, 0x00, 0x00, 0x36, 0x00, 0x00, 0x00,
  0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1c, 0x00, 0x04, 0x00,
  0x14, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x13, 0x00, 0x00, 0x00,
  0x20, 0x00, 0x04, 0x00, 0x16, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  0x14, 0x00, 0x00, 0x00, 0x1c, 0x00, 0x04, 0x00, 0x1b, 0x00, 0x00, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x1a, 0x00, 0x00, 0x00, 0x20, 0x00, 0x04, 0x00,
  0x1d, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1b, 0x00, 0x00, 0x00,
  0x17, 0x00, 0x04, 0x00, 0x1f, 0x00, 0x00, 0x00, 0x12, 0x00, 0x00, 0x00,
  0x03, 0x00, 0x00, 0x00, 0x20, 0x00, 0x04, 0x00, 0x20, 0x00, 0x00, 0x00,
  0x01, 0x00, 0x00, 0x00, 0x1f, 0x00, 0x00, 0x00, 0x13, 0x00, 0x02, 0x00,
  0x22, 0x00, 0x00, 0x00, 0x20, 0x00, 0x04, 0x00, 0x24, 0x00, 0x00, 0x00,
  0x05, 0x00, 0x00, 0x00, 0x23, 0x00, 0x00, 0x00, 0x21, 0x00, 0x04, 0x00,
  0x25, 0x00, 0x00, 0x00, 0x22, 0x00, 0x00, 0x00, 0x24, 0x00, 0x00, 0x00,
  0x17, 0x00, 0x04, 0x00, 0x30, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,
  0x03, 0x00, 0x00, 0x00, 0x20, 0x00, 0x04, 0x00, 0x37, 0x00, 0x00, 0x00,
  0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x16, 0x00, 0x03, 0x00,
  0x3a, 0x00, 0x00, 0x00, 0x20, 0x00, 0x00, 0x00, 0x17, 0x00, 0x04, 0x00,
  0x3f, 0x00, 0x00, 0x00, 0x3a, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00,
  0x2c, 0x00, 0x20, 0x00, 0x14, 0x00, 0x00, 0x00, 0x15, 0x00, 0x00, 0x00,
  0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00,
  0x06, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00,
  0x06, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00,
  0x09, 0x00, 0x00, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x0b, 0x00, 0x00, 0x00,
  0x0c, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00,
  0x03, 0x00, 0x00, 0x00, 0x0d, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00,
  0x05, 0x00, 0x00, 0x00, 0x0e, 0x00, 0x00, 0x00, 0x0a, 0x00, 0x00, 0x00,
  0x0a, 0x00, 0x00, 0x00, 0x0f, 0x00, 0x00, 0x00, 0x0d, 0x00, 0x00, 0x00,
  0x07, 0x00, 0x00, 0x00, 0x0b, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00,
  0x10, 0x00, 0x00, 0x00, 0x11, 0x00, 0x00, 0x00, 0x3b, 0x00, 0x05, 0x00,
  0x16, 0x00, 0x00, 0x00, 0x17, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  0x15, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x07, 0x00, 0x1b, 0x00, 0x00, 0x00,
  0x1c, 0x00, 0x00, 0x00, 0x0b, 0x00, 0x00, 0x00, 0x18, 0x00, 0x00, 0x00,
  0x19, 0x00, 0x00, 0x00, 0x11, 0x00, 0x00, 0x00, 0x3b, 0x00, 0x05, 0x00,
  0x1d, 0x00, 0x00, 0x00, 0x1e, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  0x1c, 0x00, 0x00, 0x00, 0x3b, 0x00, 0x04, 0x00, 0x20, 0x00, 0x00, 0x00,
  0x21, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x06, 0x00,
  0x30, 0x00, 0x00, 0x00, 0x31, 0x00, 0x00, 0x00, 0x2d, 0x00, 0x00, 0x00,
  0x2e, 0x00, 0x00, 0x00, 0x2f, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x04, 0x00,
  0x3a, 0x00, 0x00, 0x00, 0x3b, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3f,
  0x2b, 0x00, 0x04, 0x00, 0x3a, 0x00, 0x00, 0x00, 0x3c, 0x00, 0x00, 0x00,
  0x00, 0x00, 0x20, 0x40, 0x2b, 0x00, 0x04, 0x00, 0x3a, 0x00, 0x00, 0x00,
  0x3d, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0xc0, 0x2b, 0x00, 0x04, 0x00,
  0x3a, 0x00, 0x00, 0x00, 0x3e, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x40,
  0x2c, 0x00, 0x07, 0x00, 0x3f, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00,
  0x3b, 0x00, 0x00, 0x00, 0x3c, 0x00, 0x00, 0x00, 0x3d, 0x00, 0x00, 0x00,
  0x3e, 0x00, 0x00, 0x00, 0x36, 0x00, 0x05, 0x00, 0x22, 0x00, 0x00, 0x00,
  0x26, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x25, 0x00, 0x00, 0x00,
  0x37, 0x00, 0x03, 0x00, 0x24, 0x00, 0x00, 0x00, 0x27, 0x00, 0x00, 0x00,
  0xf8, 0x00, 0x02, 0x00, 0x28, 0x00, 0x00, 0x00, 0x3d, 0x00, 0x06, 0x00,
  0x1f, 0x00, 0x00, 0x00, 0x29, 0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x20, 0x00, 0x00, 0x00, 0x51, 0x00, 0x05, 0x00,
  0x12, 0x00, 0x00, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x29, 0x00, 0x00, 0x00,
  0x00, 0x00, 0x00, 0x00, 0x71, 0x00, 0x04, 0x00, 0x23, 0x00, 0x00, 0x00,
  0x2b, 0x00, 0x00, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x71, 0x00, 0x04, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x2a, 0x00, 0x00, 0x00,
  0x52, 0x00, 0x06, 0x00, 0x30, 0x00, 0x00, 0x00, 0x32, 0x00, 0x00, 0x00,
  0x2c, 0x00, 0x00, 0x00, 0x31, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,
  0x72, 0x00, 0x04, 0x00, 0x12, 0x00, 0x00, 0x00, 0x33, 0x00, 0x00, 0x00,
  0x2b, 0x00, 0x00, 0x00, 0x84, 0x00, 0x05, 0x00, 0x12, 0x00, 0x00, 0x00,
  0x35, 0x00, 0x00, 0x00, 0x33, 0x00, 0x00, 0x00, 0x34, 0x00, 0x00, 0x00,
  0x46, 0x00, 0x06, 0x00, 0x37, 0x00, 0x00, 0x00, 0x38, 0x00, 0x00, 0x00,
  0x17, 0x00, 0x00, 0x00, 0x36, 0x00, 0x00, 0x00, 0x36, 0x00, 0x00, 0x00,
  0x46, 0x00, 0x06, 0x00, 0x37, 0x00, 0x00, 0x00, 0x39, 0x00, 0x00, 0x00,
  0x1e, 0x00, 0x00, 0x00, 0x36, 0x00, 0x00, 0x00, 0x36, 0x00, 0x00, 0x00,
  0x0c, 0x00, 0x0b, 0x00, 0x23, 0x00, 0x00, 0x00, 0x41, 0x00, 0x00, 0x00,
  0x01, 0x00, 0x00, 0x00, 0xb8, 0x00, 0x00, 0x00, 0x38, 0x00, 0x00, 0x00,
  0x2b, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x39, 0x00, 0x00, 0x00,
  0x32, 0x00, 0x00, 0x00, 0x35, 0x00, 0x00, 0x00, 0x46, 0x00, 0x05, 0x00,
  0x24, 0x00, 0x00, 0x00, 0x42, 0x00, 0x00, 0x00, 0x27, 0x00, 0x00, 0x00,
  0x33, 0x00, 0x00, 0x00, 0x3e, 0x00, 0x05, 0x00, 0x42, 0x00, 0x00, 0x00,
  0x41, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00,
  0xfd, 0x00, 0x01, 0x00, 0x38, 0x00, 0x01, 0x00, 0x36, 0x00, 0x05, 0x00,
  0x22, 0x00, 0x00, 0x00, 0x43, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  0x25, 0x00, 0x00, 0x00, 0x37, 0x00, 0x03, 0x00, 0x24, 0x00, 0x00, 0x00,
  0x44, 0x00, 0x00, 0x00, 0xf8, 0x00, 0x02, 0x00, 0x45, 0x00, 0x00, 0x00,
  0x39, 0x00, 0x05, 0x00, 0x22, 0x00, 0x00, 0x00, 0x46, 0x00, 0x00, 0x00,
  0x26, 0x00, 0x00, 0x00, 0x44, 0x00, 0x00, 0x00, 0xfd, 0x00, 0x01, 0x00,
  0x38, 0x00, 0x01, 0x00
};

static void test_spirv(void)
{
	cl_int err;
	cl_program p = clCreateProgramWithIL(context, spirv, sizeof(spirv), &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clBuildProgram(p, 1, &device, NULL, NULL, NULL));
	cl_kernel k = kernel(p, "sp");
	cl_mem o = clCreateBuffer(context, CL_MEM_READ_WRITE, 4 * sizeof(int), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 0, sizeof(o), &o));
	size_t global = 4;
	char *got = run_captured(k, 1, &global, NULL);
	struct text want = {0};
	for (int g = 0; g < 4; g++)
		text_add(&want, "spv %d %f,%f,%f,%f %s|%hhu,%hhu,%hhu|%ld\n", g, 1.0, 2.5, -3.0, 4.0,
			 "lit", 1, 200, g, (long)g * -3);
	char *ws = sorted_lines((char *)text_str(&want));
	check_sorted("SPIR-V", got, ws);
	int r[4];
	CHECK_OK(clEnqueueReadBuffer(queue, o, CL_TRUE, 0, sizeof(r), r, 0, NULL, NULL));
	CHECK(r[0] == 0 && r[1] == 0 && r[2] == 0 && r[3] == 0);
	free(got);
	free(ws);
	free(want.p);
	clReleaseMemObject(o);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

/* printf is OpenCL C 1.2 (§6.15.14): a 1.2 program prints too. */
static void test_cl12(void)
{
	const char *src = "__kernel void old(int v) { printf(\"cl12 %d %v2hld\\n\", v, (int2)(v, -v)); }\n";
	cl_program p = check_build(context, device, src, "-cl-std=CL1.2");
	cl_kernel k = kernel(p, "old");
	cl_int v = 5;
	CHECK_OK(clSetKernelArg(k, 0, sizeof(v), &v));
	size_t one = 1;
	char *got = run_captured(k, 1, &one, NULL);
	check_text("CL1.2", got, "cl12 5 5,-5\n");
	free(got);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

/* printf in a helper function, under -cl-opt-disable, from clEnqueueTask;
 * a format that is not a string literal is a build error (§6.15.14.2). */
static void test_misc(void)
{
	const char *src =
		"void helper(int v) { printf(\"helper %d %s\\n\", v, \"x\"); }\n"
		"__kernel void calls(int v) { helper(v); helper(v + 1); }\n";
	for (int opt = 0; opt < 2; opt++) {
		cl_program p = check_build(context, device, src, opt ? "-cl-opt-disable" : NULL);
		cl_kernel k = kernel(p, "calls");
		cl_int v = 40 + opt;
		CHECK_OK(clSetKernelArg(k, 0, sizeof(v), &v));
		capture_begin();
		CHECK_OK(clEnqueueTask(queue, k, 0, NULL, NULL));
		CHECK_OK(clFinish(queue));
		char *got = capture_end();
		struct text want = {0};
		text_add(&want, "helper %d x\nhelper %d x\n", v, v + 1);
		check_text(opt ? "helper, -cl-opt-disable" : "helper", got, text_str(&want));
		free(want.p);
		free(got);
		clReleaseKernel(k);
		clReleaseProgram(p);
	}

	cl_int err;
	const char *bad = "__kernel void bad(__constant char *f) { printf(f); }\n";
	cl_program p = clCreateProgramWithSource(context, 1, &bad, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_ERR(clBuildProgram(p, 1, &device, "-w", NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
	char log[4096] = "";
	clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
	CHECK(strstr(log, "printf") != NULL);
	clReleaseProgram(p);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);
	cl_device_fp_config fp = 0;
	clGetDeviceInfo(device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof(fp), &fp, NULL);
	has_fp64 = fp != 0;
	has_fp16 = has_extension("cl_khr_fp16");

	test_scalars();
	test_vectors();
	cl_program p = check_build(context, device, grid_src, NULL);
	test_grid(p);
	test_loop_barrier(p);
	test_many(p);
	test_event_flush(p);
	test_quiet(p);
	test_buffer_full(p);
	clReleaseProgram(p);
	test_spirv();
	test_cl12();
	test_misc();

	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
