/* Whether the device accepts the OpenCL C version a build asks for
 * (-cl-std=, OpenCL 3.0 §5.8.6.5): a build for a version the device does
 * not list in CL_DEVICE_OPENCL_C_ALL_VERSIONS fails to compile.
 *
 * The compiler sees the device through its OpenCL C feature list
 * (struct kiln_target), which comes from the same table as the version
 * list (lib/devices/host_describe.c).  OpenCL C 2.0 is the one version that
 * depends on optional features: a device supports it when it has every
 * feature OpenCL C 3.0 §6.2.1 makes part of 2.0, so the log can say which
 * are missing, and that -cl-std=CL3.0 offers the rest. */
#include "internal.h"

#include <cstring>

namespace kiln {

namespace {

/* The OpenCL C 3.0 features an OpenCL C 2.0 compiler supports
 * unconditionally (OpenCL C 3.0 §6.2.1, "Features"). */
const char *const opencl_c_2_0_features[] = {
	"__opencl_c_atomic_order_acq_rel",
	"__opencl_c_atomic_order_seq_cst",
	"__opencl_c_atomic_scope_device",
	"__opencl_c_atomic_scope_all_devices",
	"__opencl_c_device_enqueue",
	"__opencl_c_generic_address_space",
	"__opencl_c_pipes",
	"__opencl_c_program_scope_global_variables",
	"__opencl_c_read_write_images",
	"__opencl_c_work_group_collective_functions",
};

bool has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

} // namespace

bool check_language_version(const struct kiln_target *t, const build_options &o,
			    std::string &log)
{
	/* No device (the compiler's unit tests): every version. */
	if (!t || !t->cl_features || o.cl_std != "CL2.0")
		return true;
	std::string missing;
	for (const char *f : opencl_c_2_0_features)
		if (!has_word(t->cl_features, f))
			missing += std::string(missing.empty() ? "" : " ") + f;
	if (missing.empty())
		return true;
	log += "error: -cl-std=CL2.0: the device does not support OpenCL C 2.0 "
	       "(not in CL_DEVICE_OPENCL_C_ALL_VERSIONS; OpenCL 3.0 §5.8.6.5); "
	       "missing features: " + missing +
	       ". Build with -cl-std=CL3.0 to use the OpenCL C 2.0 features "
	       "the device has (CL_DEVICE_OPENCL_C_FEATURES).\n";
	return false;
}

} // namespace kiln
