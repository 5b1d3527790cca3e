/* kiln-safe-divide (safe_divide.cpp): integer division and remainder that
 * never trap.  A function pass of LLVM's new pass manager. */
#ifndef KILN_COMPILER_SAFE_DIVIDE_H
#define KILN_COMPILER_SAFE_DIVIDE_H

#include <llvm/IR/PassManager.h>

namespace kiln {

struct safe_divide_pass : llvm::PassInfoMixin<safe_divide_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

} // namespace kiln

#endif
