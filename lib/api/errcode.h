/* The errcode_ret convention of the creating entry points (OpenCL 3.0
 * §2: "errcode_ret ... if NULL, no error code is returned"). */
#ifndef KILN_API_ERRCODE_H
#define KILN_API_ERRCODE_H

#include "../core/cl_target.h"
#include "../core/debug.h" /* KILN_FAIL, KILN_ERR: an error with its reason */

static inline void set_err(cl_int *errcode_ret, cl_int err)
{
	if (errcode_ret)
		*errcode_ret = err;
}

#endif
