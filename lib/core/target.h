/* The code-generation target of a device (struct kiln_target of the compiler
 * interface): the CPU the device runs on, as LLVM names it, and the OpenCL C
 * features and extensions the device reports.  Computed once per device. */
#ifndef KILN_CORE_TARGET_H
#define KILN_CORE_TARGET_H

#include "cl_target.h"
#include "compiler/compiler.h"

/* The device's target; lives as long as the process.  Never NULL. */
const struct kiln_target *kiln_device_target(cl_device_id dev);

/* The OpenCL C feature macros (__opencl_c_*) Kiln's CPU devices support,
 * space separated, for the compiler and for CL_DEVICE_OPENCL_C_FEATURES. */
const char *kiln_target_cl_features(bool fp64);

#endif
