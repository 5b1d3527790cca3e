/* The output of OpenCL C's printf (OpenCL C 3.0 §6.15.14).  (Not "printf.h":
 * glibc has a <printf.h>, which a missing header of that name silently
 * becomes.)
 *
 * Kernels write records into a per-command buffer (layout and record
 * format: struct kiln_printf_buffer in compiler/compiler.h, written by
 * lib/compiler/printf.cpp).  When the command has run, and before its event
 * becomes CL_COMPLETE, the runtime formats the records in the order they
 * were reserved and writes the text to stdout with one fwrite and an
 * fflush (§6.15.14.1 "printf output synchronization"), so the output of one
 * printf call is never split by another's. */
#ifndef KILN_CORE_PRINTF_BUFFER_H
#define KILN_CORE_PRINTF_BUFFER_H

#include "compiler/compiler.h"

#include <stddef.h>

/* A zeroed buffer for `capacity` bytes of records; NULL without memory. */
struct kiln_printf_buffer *kiln_printf_buffer_new(size_t capacity);
void kiln_printf_buffer_free(struct kiln_printf_buffer *b);

/* The text of b's records (malloc'ed, *len bytes, not NUL-terminated; NULL
 * when there is none or no memory for it). */
char *kiln_printf_format(const struct kiln_printf_buffer *b, size_t *len);

/* Formats b's records and writes them to stdout, flushed. */
void kiln_printf_flush(const struct kiln_printf_buffer *b);

#endif
