/* kiln-inline-all: every function inlined into the kernels.
 *
 * OpenCL programs cannot recurse (OpenCL C 3.0 §6.11), so everything can
 * be inlined into the kernels, and the work-group passes need exactly
 * that: each kernel body then holds every barrier and work-item built-in
 * call it executes.
 * Assumes: a linked program (kernel-lib included), no recursion.
 * Guarantees: no call from a kernel to a function with a body remains;
 * the inlined internal functions are gone; no function is optnone or
 * noinline any more. */
#include "compiler/passes.h"

#include <llvm/Transforms/IPO/AlwaysInliner.h>

namespace kiln {

llvm::PreservedAnalyses inline_all_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &mam)
{
	for (llvm::Function &f : m) {
		if (f.isDeclaration())
			continue;
		f.removeFnAttr(llvm::Attribute::NoInline);
		f.removeFnAttr(llvm::Attribute::OptimizeNone);
		f.addFnAttr(llvm::Attribute::AlwaysInline);
	}
	llvm::AlwaysInlinerPass(false).run(m, mam);
	return llvm::PreservedAnalyses::none();
}

} // namespace kiln
