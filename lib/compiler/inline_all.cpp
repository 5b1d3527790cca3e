/* kiln-inline-all: every function inlined into the kernels.
 *
 * OpenCL programs cannot recurse (OpenCL C 3.0 §6.11), so everything can
 * be inlined into the kernels, and the work-group passes need exactly
 * that: each kernel body then holds every barrier and work-item built-in
 * call it executes.
 * The exception are kernel-lib functions with a vector variant (a
 * companion `<name>_vec`, vector_variants.cpp): they stay calls, so that
 * the loop vectorizer can call the variant once per vector of work-items;
 * they take no pointer into the kernel's memory objects and call no
 * built-in that the work-group passes replace.  So are kernel-lib's
 * kl_outline_* functions (noinline): cold generic paths, such as the image
 * built-ins' conversions of formats without a path of their own, whose
 * code would otherwise be copied into every call site; the same rules
 * hold for them.
 * Assumes: a linked program (kernel-lib included), no recursion.
 * Guarantees: no call from a kernel to a function with a body remains but
 * those of functions with a vector variant and of kl_outline_* functions;
 * the inlined internal functions are gone; no other function is optnone
 * or noinline any more. */
#include "compiler/passes.h"

#include <llvm/Transforms/IPO/AlwaysInliner.h>

namespace kiln {

llvm::PreservedAnalyses inline_all_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &mam)
{
	for (llvm::Function &f : m) {
		if (f.isDeclaration() || has_vector_variant(f) ||
		    f.getName().startswith("kl_outline_"))
			continue;
		f.removeFnAttr(llvm::Attribute::NoInline);
		f.removeFnAttr(llvm::Attribute::OptimizeNone);
		f.addFnAttr(llvm::Attribute::AlwaysInline);
	}
	llvm::AlwaysInlinerPass(false).run(m, mam);
	return llvm::PreservedAnalyses::none();
}

} // namespace kiln
