/* kiln-cc tests: build options reach the front end: SCALE from -D, one
 * header next to this file, one found through -I inc. */
#include "include_local.h"
#include "inc_header.h"

__kernel void scaled(__global float *y)
{
	y[get_global_id(0)] *= SCALE * LOCAL_FACTOR * INC_FACTOR;
}
