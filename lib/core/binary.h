/* The program binary container: what CL_PROGRAM_BINARIES returns, what
 * clCreateProgramWithBinary accepts and what the on-disk cache stores
 * (OpenCL 3.0 §5.8.1: "implementation-specific intermediate representation
 * and/or device-specific code").
 *
 * Layout (little-endian):
 *   0   char[8]  magic "\x7fKILNBIN"
 *   8   u32      format version (KILN_BINARY_FORMAT)
 *   12  u32      binary type (CL_PROGRAM_BINARY_TYPE_*)
 *   16  u64      payload size
 *   24  u64[2]   128-bit FNV-1a of bytes 0-23 and the payload (all but itself)
 *   40  payload: sections {u32 tag, u32 zero, u64 size, bytes, zero pad to 8}
 * A reader checks every length against the bytes it was given and the
 * checksum before it trusts a single field, so a truncated, damaged or
 * foreign binary is refused and never read past its end. */
#ifndef KILN_CORE_BINARY_H
#define KILN_CORE_BINARY_H

#include "cl_target.h"
#include "compiler/compiler.h"

#define KILN_BINARY_FORMAT 2u

struct kiln_binary {
	cl_program_binary_type type;
	char *compiler_id; /* kiln_compiler_id() of the writer */
	char *kiln_version;
	char *cpu, *features; /* the target the object was made for */
	char *options;        /* build/compile options */
	char *log;            /* the build log */
	struct kiln_blob ir;     /* LLVM bitcode (always present) */
	struct kiln_blob object; /* native object, may be empty */
	uint32_t flags;          /* KILN_BINARY_* */
};

/* The program's work-groups must be uniform (OpenCL C < 2.0 or
 * -cl-uniform-work-group-size): kept so a program loaded from a binary
 * follows the same NDRange rules as the one it was saved from. */
#define KILN_BINARY_UNIFORM_WG 1u

/* Serializes `b` into a new blob.  False when out of memory. */
bool kiln_binary_write(const struct kiln_binary *b, struct kiln_blob *out);

/* Parses and validates; `out` owns copies of everything.  False for any
 * binary that is not a complete, intact Kiln container of this format
 * written by this compiler (`out` is then left empty). */
bool kiln_binary_read(const void *data, size_t size, struct kiln_binary *out);

/* The container check of kiln_binary_read without the compiler identity:
 * for a reader that is not the compiler that wrote it (tools/kiln-cc
 * reads what the runtime wrote, to show its IR). */
bool kiln_binary_parse(const void *data, size_t size, struct kiln_binary *out);

void kiln_binary_free(struct kiln_binary *b);

/* 128-bit FNV-1a: the container's checksum and the cache's key. */
struct kiln_hash {
	unsigned __int128 h;
};
void kiln_hash_init(struct kiln_hash *h);
void kiln_hash_bytes(struct kiln_hash *h, const void *data, size_t n);
/* A length-prefixed string (NULL hashes unlike ""), so that "ab"+"c" and
 * "a"+"bc" give different keys. */
void kiln_hash_str(struct kiln_hash *h, const char *s);
/* 32 hex digits and a NUL. */
void kiln_hash_hex(const struct kiln_hash *h, char out[33]);

#endif
