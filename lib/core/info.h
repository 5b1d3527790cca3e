/* The one helper behind every clGet*Info call (OpenCL 3.0 §4-§5 query rules):
 * a NULL param_value asks only for the size, a buffer smaller than the value
 * is CL_INVALID_VALUE, and param_value_size_ret always receives the size.
 *
 * Queries whose answers sit in a struct are tables of kiln_info_field, one
 * line per query, answered by kiln_info_from_table. */
#ifndef KILN_CORE_INFO_H
#define KILN_CORE_INFO_H

#include "cl_target.h"
#include <stddef.h>

cl_int kiln_info_copy(const void *value, size_t value_size,
		      size_t param_value_size, void *param_value,
		      size_t *param_value_size_ret);

cl_int kiln_info_string(const char *s, size_t param_value_size,
			void *param_value, size_t *param_value_size_ret);

enum kiln_info_kind {
	KILN_INFO_SCALAR, /* `size` bytes at `offset` */
	KILN_INFO_STRING, /* a `const char *` at `offset` (NULL reads as "") */
	KILN_INFO_ARRAY,  /* a pointer at `offset`, element count (size_t) at
			     `count_offset`, element size `size` */
};

struct kiln_info_field {
	cl_uint param;
	enum kiln_info_kind kind;
	size_t offset;
	size_t size;
	size_t count_offset;
};

#define KILN_INFO_FIELD(param, type, member)                                   \
	{ param, KILN_INFO_SCALAR, offsetof(type, member),                     \
	  sizeof(((type *)0)->member), 0 }
#define KILN_INFO_STR(param, type, member)                                     \
	{ param, KILN_INFO_STRING, offsetof(type, member), 0, 0 }
#define KILN_INFO_ARR(param, type, member, count)                              \
	{ param, KILN_INFO_ARRAY, offsetof(type, member),                      \
	  sizeof(*((type *)0)->member), offsetof(type, count) }

/* Answers `param` from `table` over the struct at `base`.  Returns
 * CL_INVALID_VALUE when `param` is not in the table. */
cl_int kiln_info_from_table(const struct kiln_info_field *table, size_t n,
			    const void *base, cl_uint param,
			    size_t param_value_size, void *param_value,
			    size_t *param_value_size_ret);

#define KILN_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
