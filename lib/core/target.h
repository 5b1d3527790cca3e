/* The code-generation target of a device (struct kiln_target of the compiler
 * interface): the CPU the device runs on, as LLVM names it, and the OpenCL C
 * features and extensions the device reports.  Computed once per device. */
#ifndef KILN_CORE_TARGET_H
#define KILN_CORE_TARGET_H

#include "cl_target.h"
#include "compiler/compiler.h"

/* The device's target; lives as long as the process.  Never NULL. */
const struct kiln_target *kiln_device_target(cl_device_id dev);

#endif
