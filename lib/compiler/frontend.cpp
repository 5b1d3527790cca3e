/* OpenCL C (and C++ for OpenCL) to LLVM IR with Clang 15 in the process
 * (OpenCL 3.0 §5.8.2 clBuildProgram / §5.8.3 clCompileProgram).
 *
 * The source and the embedded headers of clCompileProgram (input_headers)
 * live in an in-memory file system laid over the real one, so #include
 * "name" finds an embedded header by its header_include_name and -I still
 * reaches the disk.  Diagnostics go to the build log as
 * "<source>:line:col: error: message". */
#include "compiler/internal.h"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <llvm/Support/raw_ostream.h>

#include <cstring>

namespace kiln {

/* Where the in-memory source and headers live. */
static const char input_dir[] = "/kiln-input";
static const char input_name[] = "/kiln-input/kiln-source.cl";
/* What diagnostics call the source (a #line directive renames it). */
static const char source_name[] = "<source>";
/* kernel-lib/include/kiln_ext_decls.h, included before every source: the
 * built-ins of extensions Clang 15 does not declare (cl_intel_subgroups
 * and its _char, _short, _long), each part under its extension's macro. */
static const char ext_decls_name[] = "/kiln-internal/kiln_ext_decls.h";

static void split_into(const char *s, char sep, std::vector<std::string> &out)
{
	std::string cur;
	for (; s && *s; s++) {
		if (*s == sep || (sep == ' ' && *s == '\t')) {
			if (!cur.empty())
				out.push_back(cur);
			cur.clear();
		} else
			cur += *s;
	}
	if (!cur.empty())
		out.push_back(cur);
}

/* The cc1 command line: target, language, features, then the user's.
 * `spir`: for the SPIR-V translator (kiln-cc --spirv) instead of the CPU:
 * the spir64 target with its own address spaces and typed pointers (what
 * translator 15 reads), no CPU or CPU features. */
static std::vector<std::string> cc1_args(const struct kiln_target *t,
					 const build_options &o, bool spir = false)
{
	std::vector<std::string> a = {
		"-triple", spir ? "spir64-unknown-unknown" : "x86_64-unknown-linux-gnu",
		"-emit-llvm-bc",
		"-finclude-default-header", "-fdeclare-opencl-builtins",
		"-internal-isystem", KILN_CLANG_RESOURCE_INCLUDE,
		/* -O0 would stamp optnone on everything: optimise later. */
		"-O2", "-disable-llvm-passes",
		"-ferror-limit", "50",
		"-I", input_dir,
	};
	if (spir) {
		a.push_back("-no-opaque-pointers");
	} else {
		a.push_back("-ffake-address-space-map");
		a.push_back("-faddress-space-map-mangling=yes");
		/* Clang knows no "generic" x86 CPU (LLVM's name when the host
		 * CPU is too new for it); the features below say what the
		 * CPU has. */
		a.push_back("-target-cpu");
		if (t && t->cpu && *t->cpu && strcmp(t->cpu, "generic") != 0)
			a.push_back(t->cpu);
		else
			a.push_back("x86-64");
	}
	std::vector<std::string> feats;
	if (t && !spir)
		split_into(t->features, ',', feats);
	for (auto &f : feats) {
		a.push_back("-target-feature");
		a.push_back(f);
	}
	/* OpenCL C 3.0 §6.12 macros Clang 15 leaves to the device: the
	 * OpenCL version of the device (Kiln's are 3.0 devices:
	 * CL_DEVICE_VERSION), and FP_FAST_FMA(F) where fma is one
	 * instruction, as fast as a multiply and an add. */
	a.push_back("-D__OPENCL_VERSION__=300");
	for (auto &f : feats)
		if (f == "+fma") {
			a.push_back("-DFP_FAST_FMAF=1");
			if (t->fp64)
				a.push_back("-DFP_FAST_FMA=1");
		}
	/* OpenCL 3.0 §5.8.6.5: no -cl-std means the highest OpenCL C 1.x. */
	std::string std = o.cl_std.empty() ? "CL1.2" : o.cl_std;
	bool cxx = std.rfind("CLC++", 0) == 0;
	if (std == "CLC++")
		std = "CLC++1.0";
	a.push_back("-cl-std=" + std);
	if (cxx) {
		a.push_back("-x");
		a.push_back("clcpp");
	}

	/* Optional features and extensions: exactly the device's
	 * (CL_DEVICE_OPENCL_C_FEATURES and CL_DEVICE_EXTENSIONS, which come
	 * from one table, lib/devices/host_describe.c).  -cl-ext=-all first
	 * undefines everything Clang would otherwise define on its own, then
	 * each item the device reports is switched on.  Clang 15 leaves a few
	 * feature macros undefined for non-SPIR triples even when switched
	 * on (__opencl_c_work_group_collective_functions,
	 * __opencl_c_atomic_scope_device, __opencl_c_atomic_scope_all_devices),
	 * and defines macros only for the extensions it knows (not
	 * cl_ext_float_atomics, say), so each reported feature and extension
	 * is also defined by hand (the same "1" Clang would define): never one
	 * the device does not report (tests/api/test_feature_macros.c checks
	 * both directions). */
	if (t && t->cl_features) {
		std::vector<std::string> cl_feats, exts;
		split_into(t->cl_features, ' ', cl_feats);
		split_into(t->extensions, ' ', exts);
		a.push_back("-cl-ext=-all");
		for (auto &e : exts) {
			a.push_back("-cl-ext=+" + e);
			a.push_back("-D" + e + "=1");
		}
		bool images = false;
		for (auto &f : cl_feats) {
			a.push_back("-cl-ext=+" + f);
			a.push_back("-D" + f + "=1");
			images |= f == "__opencl_c_images";
		}
		/* OpenCL C 3.0 §6.13.1: __IMAGE_SUPPORT__ follows
		 * CL_DEVICE_IMAGE_SUPPORT, which follows the images feature. */
		if (images)
			a.push_back("-D__IMAGE_SUPPORT__=1");
	} else {
		/* No device (the compiler's unit tests): everything Clang
		 * knows, with the same by-hand macros. */
		a.push_back("-cl-ext=+all");
		a.push_back("-D__opencl_c_work_group_collective_functions=1");
		a.push_back("-D__opencl_c_atomic_scope_device=1");
		a.push_back("-D__opencl_c_atomic_scope_all_devices=1");
		a.push_back("-D__IMAGE_SUPPORT__=1");
	}
	/* checked mode names source lines in its reports */
	if (t && t->check)
		a.push_back("-debug-info-kind=line-tables-only");
	for (auto &x : o.cc1)
		a.push_back(x);
	a.push_back("-include");
	a.push_back(ext_decls_name);
	a.push_back(input_name);
	return a;
}

static bool compile(const struct kiln_target *t, const char *source,
		    const build_options &o, const struct kiln_header *headers,
		    size_t num_headers, std::string &ir, std::string &log,
		    bool spir = false)
{
	if (!check_language_version(t, o, log))
		return false;
	std::vector<std::string> args = cc1_args(t, o, spir);
	std::vector<const char *> argv;
	for (auto &s : args)
		argv.push_back(s.c_str());

	std::string diag_text;
	llvm::raw_string_ostream diag_os(diag_text);
	llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> dopts =
		new clang::DiagnosticOptions();
	dopts->ShowColors = false;
	auto *printer = new clang::TextDiagnosticPrinter(diag_os, dopts.get());
	llvm::IntrusiveRefCntPtr<clang::DiagnosticIDs> ids(
		new clang::DiagnosticIDs());
	clang::DiagnosticsEngine arg_diags(ids, dopts, printer, true); /* owns printer */

	auto inv = std::make_shared<clang::CompilerInvocation>();
	if (!clang::CompilerInvocation::CreateFromArgs(*inv, argv, arg_diags) ||
	    arg_diags.hasErrorOccurred()) {
		diag_os.flush();
		log += diag_text;
		log += std::string(KILN_LOG_BAD_OPTION) +
		       ": the front end rejected the options\n";
		return false;
	}
	inv->getDiagnosticOpts().ShowColors = false;
	inv->getFrontendOpts().DisableFree = false;

	clang::CompilerInstance ci;
	ci.setInvocation(inv);
	/* "N errors generated." would go to stderr: the library prints
	 * nothing on its own (docs/architecture.md, "Diagnostics"). */
	llvm::raw_null_ostream quiet;
	ci.setVerboseOutputStream(quiet);
	ci.createDiagnostics(
		new clang::TextDiagnosticPrinter(diag_os,
						 &inv->getDiagnosticOpts()),
		true);

	auto mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
	mem->setCurrentWorkingDirectory(input_dir);
	std::string text = std::string("#line 1 \"") + source_name + "\"\n" +
			   (source ? source : "");
	mem->addFile(input_name, 0,
		     llvm::MemoryBuffer::getMemBufferCopy(text, input_name));
	mem->addFile(ext_decls_name, 0,
		     llvm::MemoryBuffer::getMemBuffer(kernel_lib_ext_decls(),
						      ext_decls_name, false));
	for (size_t i = 0; i < num_headers; i++) {
		if (!headers[i].name || !headers[i].source)
			continue;
		std::string name = headers[i].name;
		if (name.empty() || name[0] != '/')
			name = std::string(input_dir) + "/" + name;
		mem->addFile(name, 0,
			     llvm::MemoryBuffer::getMemBufferCopy(
				     headers[i].source, headers[i].name));
	}
	auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
		llvm::vfs::getRealFileSystem());
	overlay->pushOverlay(mem);
	ci.createFileManager(overlay);

	llvm::LLVMContext ctx;
	if (spir)
		ctx.setOpaquePointers(false);
	clang::EmitLLVMOnlyAction act(&ctx);
	bool ok = ci.ExecuteAction(act);
	diag_os.flush();
	log += diag_text;
	if (!ok)
		return false;
	std::unique_ptr<llvm::Module> m = act.takeModule();
	if (!m) {
		log += "error: the front end produced no module\n";
		return false;
	}
	std::string verr;
	llvm::raw_string_ostream vos(verr);
	if (llvm::verifyModule(*m, &vos)) {
		vos.flush();
		log += "error: internal compiler error: invalid IR: " + verr + "\n";
		return false;
	}
	ir = write_ir(*m);
	return true;
}

bool compile_for_spirv(const struct kiln_target *t, const char *source,
		       const build_options &o, std::string &ir, std::string &log)
{
	return compile(t, source, o, nullptr, 0, ir, log, true);
}

} // namespace kiln

extern "C" bool kiln_compile_source(const struct kiln_target *t,
				    const char *source, const char *options,
				    const struct kiln_header *headers,
				    size_t num_headers, struct kiln_blob *ir_out,
				    char **log)
{
	std::string l, ir;
	kiln::build_options o;
	bool ok = kiln::parse_options(options, kiln::OPTS_COMPILE, o, l);
	if (ok)
		ok = kiln::run_safely(l, [&] {
			return kiln::compile(t, source, o, headers, num_headers,
					     ir, l);
		});
	if (ok && ir_out)
		ok = kiln::give_blob(ir, ir_out);
	kiln::give_log(l, log);
	return ok;
}
