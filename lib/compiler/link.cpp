/* clLinkProgram (OpenCL 3.0 §5.8.4): IR modules linked into one.  A library
 * (-create-library) may keep undefined functions and variables; an
 * executable may only leave the built-ins undefined, which kernel-lib and the work-group pass
 * supply later (kiln_finalize). */
#include "compiler/internal.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/Function.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <set>

namespace kiln {

/* Functions the compiler itself resolves, beyond kernel-lib. */
static bool is_builtin_name(llvm::StringRef n)
{
	return n.startswith("_Z") || n.startswith("llvm.") ||
	       n.startswith("__") || n == "printf";
}

static bool link_modules(const struct kiln_target *t,
			 const struct kiln_blob *irs, size_t n, bool library,
			 std::string &out, std::string &log)
{
	llvm::LLVMContext ctx;
	log_diagnostics(ctx, log);
	std::unique_ptr<llvm::Module> dst;
	for (size_t i = 0; i < n; i++) {
		std::unique_ptr<llvm::Module> m = read_ir(ctx, &irs[i], log);
		if (!m)
			return false;
		if (!dst) {
			dst = std::move(m);
			continue;
		}
		if (llvm::Linker::linkModules(*dst, std::move(m))) {
			log += "error: linking failed\n";
			return false;
		}
	}
	if (!dst) {
		log += "error: nothing to link\n";
		return false;
	}
	if (!library) {
		bool ok = true;
		for (llvm::Function &f : *dst) {
			if (!f.isDeclaration() || f.use_empty() ||
			    is_builtin_name(f.getName()) ||
			    kernel_lib_defines(t, f.getName()))
				continue;
			log += "error: undefined function '" +
			       f.getName().str() + "'\n";
			ok = false;
		}
		/* An `extern global` variable (OpenCL C 3.0 §6.8) that no
		 * linked program defines. */
		for (llvm::GlobalVariable &g : dst->globals()) {
			if (!g.isDeclaration() || g.use_empty() ||
			    is_builtin_name(g.getName()))
				continue;
			log += "error: undefined variable '" +
			       g.getName().str() + "'\n";
			ok = false;
		}
		/* C++ for OpenCL constructors and destructors of program-scope
		 * variables would need program initialization and clean-up
		 * kernels, which Kiln does not run (CL_PROGRAM_SCOPE_GLOBAL_
		 * CTORS_PRESENT is CL_FALSE): refuse them rather than skip. */
		for (const char *n : {"llvm.global_ctors", "llvm.global_dtors"}) {
			llvm::GlobalVariable *g = dst->getGlobalVariable(n);
			if (!g || !g->hasInitializer() ||
			    g->getInitializer()->isNullValue())
				continue;
			log += std::string("error: program-scope variables with ") +
			       (n[12] == 'c' ? "constructors" : "destructors") +
			       " are not supported\n";
			ok = false;
		}
		if (!ok)
			return false;
	}
	out = write_ir(*dst);
	return true;
}

} // namespace kiln

extern "C" bool kiln_link(const struct kiln_target *t,
			  const struct kiln_blob *irs, size_t n,
			  const char *options, bool library,
			  struct kiln_blob *ir_out, char **log)
{
	std::string l, ir;
	kiln::build_options o;
	bool ok = kiln::parse_options(options, kiln::OPTS_LINK, o, l);
	if (ok)
		ok = kiln::run_safely(l, [&] {
			return kiln::link_modules(t, irs, n,
						  library || o.create_library,
						  ir, l);
		});
	if (ok && ir_out)
		ok = kiln::give_blob(ir, ir_out);
	kiln::give_log(l, log);
	return ok;
}
