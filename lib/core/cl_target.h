/* One place that says which OpenCL API Kiln is compiled against. */
#ifndef KILN_CORE_CL_TARGET_H
#define KILN_CORE_CL_TARGET_H
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 300
#endif
#ifndef CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#define CL_USE_DEPRECATED_OPENCL_2_1_APIS
#define CL_USE_DEPRECATED_OPENCL_2_2_APIS
#endif
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <CL/cl_icd.h>
#endif
