/* The runtime's services to work-group functions (struct kiln_wg_services,
 * lib/compiler/compiler.h): work-items as fibers, for kernels whose
 * sub-group functions or barriers sit in divergent control flow. */
#ifndef KILN_CORE_FIBERS_H
#define KILN_CORE_FIBERS_H

#include "compiler/compiler.h"

extern const struct kiln_wg_services kiln_wg_services;

#endif
