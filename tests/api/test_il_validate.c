/* SPIR-V that the translator must never see (OpenCL 3.0 §5.8.1: IL that
 * is not well formed is CL_INVALID_VALUE; lib/compiler/spirv_validate.cpp):
 * each damaged copy of a valid module is refused by clCreateProgramWithIL
 * with CL_INVALID_VALUE, its reason reaches the context's callback, and
 * the process goes on.  Before the validator, an OpExtInstImport name one
 * bit off made the translator call exit(7), an OpTypeVector of
 * 2,717,068,848 components never returned, and a module cut after its
 * decorations built a program with no kernels. */
#include "check.h"
#include "il_refused.h"
#include "spirv_twice.h"

#include <stdint.h>

static cl_context context;
static cl_device_id device;

enum { NWORDS = sizeof(spirv_twice) / 4 };

static void load(uint32_t *w)
{
	memcpy(w, spirv_twice, sizeof(spirv_twice));
}

/* Word offset of the first instruction with opcode `op` (0 if none). */
static size_t find_op(const uint32_t *w, size_t n, uint32_t op)
{
	for (size_t at = 5; at < n && (w[at] >> 16); at += w[at] >> 16)
		if ((w[at] & 0xffff) == op)
			return at;
	return 0;
}

/* The module (n words) is refused with CL_INVALID_VALUE and a callback
 * message containing `reason`. */
static void refused(const char *what, const uint32_t *w, size_t n, const char *reason)
{
	il_refused(context, what, w, n * 4, reason);
}

int main(void)
{
	cl_platform_id platform;
	cl_int err;
	check_get_device(&platform, &device);
	context = clCreateContext(NULL, 1, &device, keep_last_message, NULL, &err);
	REQUIRE(err == CL_SUCCESS);

	uint32_t w[NWORDS];

	/* The module itself passes and builds one kernel. */
	load(w);
	cl_program p = clCreateProgramWithIL(context, w, sizeof(w), &err);
	CHECK_OK(err);
	CHECK_OK(clBuildProgram(p, 0, NULL, NULL, NULL, NULL));
	size_t nk = 0;
	CHECK_OK(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof(nk), &nk, NULL));
	CHECK(nk == 1);
	clReleaseProgram(p);

	/* "OpenCL.std" with one bit flipped ("NpenCL.std"). */
	load(w);
	size_t at = find_op(w, NWORDS, 11);
	REQUIRE(at);
	w[at + 2] ^= 1;
	refused("import", w, NWORDS, "extended instruction set \"NpenCL.std\"");
	/* ... and a name that is not NUL-terminated inside its instruction. */
	load(w);
	w[at + 4] = 0x41414141;
	refused("import string", w, NWORDS, "not NUL-terminated");

	/* An OpTypeVector of 2,717,068,848 components. */
	load(w);
	at = find_op(w, NWORDS, 23);
	REQUIRE(at);
	w[at + 3] = 2717068848u;
	refused("vector", w, NWORDS, "component count 2717068848 is not 2, 3, 4, 8 or 16");

	/* Cut after the decorations: the decorated ids are never defined. */
	load(w);
	at = find_op(w, NWORDS, 21); /* the first type */
	REQUIRE(at);
	refused("truncated", w, at, "never defined");

	/* The version word must be exactly one the translator knows. */
	load(w);
	w[1] |= 1;
	refused("version", w, NWORDS, "version word 0x00010401");
	/* Schema 0 (the translator ends the process on any other). */
	load(w);
	w[4] = 1;
	refused("schema", w, NWORDS, "schema");
	/* An id bound beyond SPIR-V's universal limit. */
	load(w);
	w[3] = 0x7fffffff;
	refused("bound", w, NWORDS, "id bound");
	/* A result id at or beyond the bound. */
	load(w);
	w[3] = 10;
	refused("id past the bound", w, NWORDS, "outside 1 to the bound");
	/* Addressing and memory models of the OpenCL environment. */
	load(w);
	at = find_op(w, NWORDS, 14);
	REQUIRE(at);
	w[at + 1] = 0;
	refused("addressing model", w, NWORDS, "addressing model 0");
	load(w);
	w[at + 2] = 7;
	refused("memory model", w, NWORDS, "memory model 7");
	/* A function control mask with bits the translator does not know. */
	load(w);
	at = find_op(w, NWORDS, 54);
	REQUIRE(at);
	w[at + 3] = 0x100;
	refused("function control", w, NWORDS, "function control mask");
	/* An opcode no reader knows, in the middle of a function. */
	load(w);
	at = find_op(w, NWORDS, 253); /* OpReturn, 1 word */
	REQUIRE(at);
	w[at] = (1u << 16) | 0x7777;
	refused("opcode", w, NWORDS, "opcode 30583");
	/* A word count that leaves an operand out (OpTypeInt without its
	 * signedness) and one too many. */
	load(w);
	at = find_op(w, NWORDS, 21);
	w[at] = (3u << 16) | 21;
	refused("short", w, NWORDS, "");
	/* An integer of 7 bits. */
	load(w);
	w[at + 2] = 7;
	refused("int width", w, NWORDS, "integer width 7");
	/* A result id defined twice. */
	load(w);
	size_t at2 = find_op(w, NWORDS, 19); /* OpTypeVoid %6 */
	REQUIRE(at2);
	w[at2 + 1] = 2; /* %2 is the 64-bit integer */
	refused("twice defined", w, NWORDS, "defined a second time");
	/* A result type that is not a type (%16 is a constant). */
	load(w);
	at = find_op(w, NWORDS, 61); /* OpLoad */
	REQUIRE(at);
	w[at + 1] = 16;
	refused("type", w, NWORDS, "is not a type");
	/* A use before the definition inside a function. */
	load(w);
	at = find_op(w, NWORDS, 113); /* OpUConvert %15 of %14 */
	REQUIRE(at);
	w[at + 3] = 18; /* defined two instructions later */
	refused("use before def", w, NWORDS, "used before it is defined");
	/* ... and of an instruction's own result (%15 = OpUConvert %15). */
	load(w);
	w[at + 3] = w[at + 2];
	refused("own result", w, NWORDS, "used before it is defined");
	/* A block without its terminator. */
	load(w);
	at = find_op(w, NWORDS, 253);
	w[at] = (1u << 16) | 0; /* OpNop in place of OpReturn */
	refused("no terminator", w, NWORDS, "no terminator");
	/* An extension the translator does not know, after the
	 * capabilities (words 5-12). */
	{
		uint32_t e[NWORDS + 5];
		load(w);
		memcpy(e, w, 13 * 4);
		e[13] = (5u << 16) | 10;
		memset(&e[14], 0, 16);
		memcpy(&e[14], "SPV_nonesuch", 12);
		memcpy(&e[18], w + 13, (NWORDS - 13) * 4);
		refused("extension", e, NWORDS + 5, "unknown extension \"SPV_nonesuch\"");
	}
	/* An array whose length is the constant 0. */
	load(w);
	at = find_op(w, NWORDS, 23);
	w[at] = (4u << 16) | 28; /* OpTypeArray %3 of %2, length %16 */
	w[at + 3] = 16;
	size_t c = find_op(w, NWORDS, 43); /* OpConstant %7 %16 1 */
	REQUIRE(c);
	w[c + 3] = 0;
	refused("array of 0", w, NWORDS, "array length 0");
	/* ... and one of 2^32 + 1 elements of 8 bytes (the constant made
	 * 64-bit wide: %2 is the 64-bit integer type). */
	{
		uint32_t e[NWORDS + 1];
		memcpy(e, w, c * 4);
		e[c] = (5u << 16) | 43;
		e[c + 1] = 2;
		e[c + 2] = 16;
		e[c + 3] = 1;
		e[c + 4] = 1;
		memcpy(e + c + 5, w + c + 4, (NWORDS - c - 4) * 4);
		refused("huge array", e, NWORDS + 1, "array length 4294967297");
	}

	/* The valid module still works after all this. */
	load(w);
	p = clCreateProgramWithIL(context, w, sizeof(w), &err);
	CHECK_OK(err);
	CHECK_OK(clBuildProgram(p, 0, NULL, NULL, NULL, NULL));
	clReleaseProgram(p);
	clReleaseContext(context);
	return check_done();
}
