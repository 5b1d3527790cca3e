#include "info.h"

#include <string.h>

cl_int kiln_info_copy(const void *value, size_t value_size,
		      size_t param_value_size, void *param_value,
		      size_t *param_value_size_ret)
{
	if (param_value) {
		if (param_value_size < value_size)
			return CL_INVALID_VALUE;
		if (value_size)
			memcpy(param_value, value, value_size);
	}
	if (param_value_size_ret)
		*param_value_size_ret = value_size;
	return CL_SUCCESS;
}

cl_int kiln_info_string(const char *s, size_t param_value_size,
			void *param_value, size_t *param_value_size_ret)
{
	if (!s)
		s = "";
	return kiln_info_copy(s, strlen(s) + 1, param_value_size, param_value,
			      param_value_size_ret);
}

cl_int kiln_info_from_table(const struct kiln_info_field *table, size_t n,
			    const void *base, cl_uint param,
			    size_t param_value_size, void *param_value,
			    size_t *param_value_size_ret)
{
	const char *p = base;
	for (size_t i = 0; i < n; i++) {
		const struct kiln_info_field *f = &table[i];
		if (f->param != param)
			continue;
		switch (f->kind) {
		case KILN_INFO_SCALAR:
			return kiln_info_copy(p + f->offset, f->size,
					      param_value_size, param_value,
					      param_value_size_ret);
		case KILN_INFO_STRING:
			return kiln_info_string(*(const char *const *)(p + f->offset),
						param_value_size, param_value,
						param_value_size_ret);
		case KILN_INFO_ARRAY: {
			const void *arr = *(const void *const *)(p + f->offset);
			size_t count = *(const size_t *)(p + f->count_offset);
			return kiln_info_copy(arr, count * f->size,
					      param_value_size, param_value,
					      param_value_size_ret);
		}
		}
	}
	return CL_INVALID_VALUE;
}
