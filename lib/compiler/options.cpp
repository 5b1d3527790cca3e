/* The build options of OpenCL 3.0 §5.8.6 ("Compiler Options") and §5.8.7
 * ("Linker Options"), parsed into what Clang and the later phases need.  An
 * option the spec does not define is an error (the API answers
 * CL_INVALID_BUILD_OPTIONS / CL_INVALID_LINKER_OPTIONS); the log line starts
 * with KILN_LOG_BAD_OPTION so the caller can tell it from a compile error. */
#include "compiler/internal.h"

#include <cstdlib>
#include <cstring>

namespace kiln {

/* Splits like a shell would for the simple cases build options use:
 * whitespace separates, double or single quotes group. */
static std::vector<std::string> split_options(const char *s)
{
	std::vector<std::string> out;
	std::string cur;
	bool have = false;
	char quote = 0;
	for (; s && *s; s++) {
		char c = *s;
		if (quote) {
			if (c == quote)
				quote = 0;
			else if (c == '\\' && quote == '"' && s[1]) {
				cur += *++s;
			} else
				cur += c;
		} else if (c == '"' || c == '\'') {
			quote = c;
			have = true;
		} else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			if (have)
				out.push_back(cur);
			cur.clear();
			have = false;
		} else {
			cur += c;
			have = true;
		}
	}
	if (have)
		out.push_back(cur);
	return out;
}

/* Options that take no argument and map one-to-one onto cc1 (compile) or
 * only set a flag; `use` says where each is legal. */
struct flag_option {
	const char *name;
	const char *cc1;      /* NULL: nothing for Clang */
	bool link;            /* also a linker option (§5.8.7) */
	bool build_options::*flag;
};

static const flag_option flag_options[] = {
	{"-cl-single-precision-constant", "-cl-single-precision-constant", false, nullptr},
	/* Flushing is allowed, not required (§5.8.6.2: "may be flushed"):
	 * Kiln keeps denormals, and cc1 has no such flag (the driver drops
	 * it for x86), so nothing reaches Clang. */
	{"-cl-denorms-are-zero", nullptr, true, &build_options::denorms_are_zero},
	{"-cl-fp32-correctly-rounded-divide-sqrt", "-cl-fp32-correctly-rounded-divide-sqrt", false, nullptr},
	{"-cl-opt-disable", nullptr, false, &build_options::opt_disable},
	{"-cl-strict-aliasing", nullptr, false, nullptr}, /* deprecated, accepted */
	{"-cl-uniform-work-group-size", "-cl-uniform-work-group-size", false, nullptr},
	{"-cl-no-subgroup-ifp", nullptr, true, nullptr},
	{"-cl-mad-enable", "-cl-mad-enable", false, nullptr},
	{"-cl-no-signed-zeros", "-cl-no-signed-zeros", true, nullptr},
	{"-cl-unsafe-math-optimizations", "-cl-unsafe-math-optimizations", true, &build_options::fast_math},
	{"-cl-finite-math-only", "-cl-finite-math-only", true, nullptr},
	{"-cl-fast-relaxed-math", "-cl-fast-relaxed-math", true, &build_options::fast_math},
	{"-cl-kernel-arg-info", "-cl-kernel-arg-info", false, &build_options::kernel_arg_info},
	{"-w", "-w", false, nullptr},
	{"-Werror", "-Werror", false, &build_options::werror},
	{"-g", nullptr, false, nullptr}, /* debug info: accepted, not emitted */
	{"-create-library", nullptr, true, &build_options::create_library},
	{"-enable-link-options", nullptr, true, &build_options::enable_link_options},
};

static const char *const cl_std_values[] = {
	"CL1.0", "CL1.1", "CL1.2", "CL2.0", "CL3.0", "CLC++", "CLC++1.0",
	"CLC++2021",
};

static bool bad(std::string &log, const std::string &opt, const char *why)
{
	log += KILN_LOG_BAD_OPTION;
	log += " '" + opt + "': " + why + "\n";
	return false;
}

bool parse_options(const char *options, option_use use, build_options &out,
		   std::string &log)
{
	std::vector<std::string> args = split_options(options);
	bool link = use == OPTS_LINK;
	for (size_t i = 0; i < args.size(); i++) {
		const std::string &a = args[i];
		bool known = false;
		for (const flag_option &f : flag_options) {
			if (a != f.name)
				continue;
			known = true;
			if (link && !f.link)
				return bad(log, a, "not a linker option");
			bool is_link_only = !strcmp(f.name, "-create-library") ||
					    !strcmp(f.name, "-enable-link-options");
			if (!link && use == OPTS_COMPILE && is_link_only)
				return bad(log, a, "only valid when linking");
			if (f.cc1)
				out.cc1.push_back(f.cc1);
			if (f.flag)
				out.*(f.flag) = true;
			if (f.link && !is_link_only)
				out.link_options += (out.link_options.empty() ? "" : " ") +
						    std::string(f.name);
		}
		if (known)
			continue;
		if (!link && (a.rfind("-D", 0) == 0 || a.rfind("-I", 0) == 0)) {
			std::string val = a.substr(2);
			if (val.empty()) {
				if (i + 1 >= args.size())
					return bad(log, a, "missing argument");
				val = args[++i];
			}
			if (val.empty())
				return bad(log, a, "missing argument");
			out.cc1.push_back(a.substr(0, 2));
			out.cc1.push_back(val);
			continue;
		}
		if (!link && a.rfind("-cl-std=", 0) == 0) {
			std::string v = a.substr(8);
			bool ok = false;
			for (const char *s : cl_std_values)
				ok |= v == s;
			if (!ok)
				return bad(log, a, "unknown OpenCL C version");
			out.cl_std = v;
			continue;
		}
		/* Extension of the SPIR era, harmless to accept. */
		if (!link && (a == "-x" || a == "-spir-std=1.2")) {
			if (a == "-x" && (i + 1 >= args.size() || args[i + 1] != "spir"))
				return bad(log, a, "only '-x spir' is accepted");
			if (a == "-x")
				i++;
			continue;
		}
		return bad(log, a, "unknown option");
	}
	/* §5.8.7: -enable-link-options only together with -create-library. */
	if (link && out.enable_link_options && !out.create_library)
		return bad(log, "-enable-link-options", "only with -create-library");
	if (use == OPTS_FINALIZE)
		out.cc1.clear();
	return true;
}

} // namespace kiln

extern "C" bool kiln_options_valid(const char *options, bool for_link,
				   char **log)
{
	kiln::build_options o;
	std::string l;
	bool ok = kiln::parse_options(options, for_link ? kiln::OPTS_LINK
							 : kiln::OPTS_COMPILE,
				      o, l);
	kiln::give_log(l, log);
	return ok;
}

extern "C" bool kiln_options_inspect(const char *options, bool for_link,
				     struct kiln_option_facts *facts, char **log)
{
	*facts = kiln_option_facts{};
	kiln::build_options o;
	std::string l;
	bool ok = kiln::parse_options(options, for_link ? kiln::OPTS_LINK
							 : kiln::OPTS_COMPILE,
				      o, l);
	kiln::give_log(l, log);
	if (!ok)
		return false;
	facts->create_library = o.create_library;
	bool flag = false;
	for (const std::string &a : o.cc1)
		flag |= a == "-cl-uniform-work-group-size";
	/* §5.8.6.5: no -cl-std means the highest OpenCL C 1.x. */
	bool v1 = o.cl_std.empty() || o.cl_std.rfind("CL1.", 0) == 0;
	facts->uniform_work_groups = flag || (!for_link && v1);
	facts->uniform_flag = flag;
	facts->link_options = strdup(o.link_options.c_str());
	return facts->link_options != nullptr;
}

extern "C" void kiln_option_facts_free(struct kiln_option_facts *facts)
{
	free(facts->link_options);
	facts->link_options = nullptr;
}
