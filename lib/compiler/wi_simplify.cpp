/* kiln-wi-simplify: the work-item function made SSA and tidy before the
 * work-group transforms look at it.
 *
 * Clang's output at -O2 -disable-llvm-passes keeps every local in an
 * alloca and the launch description is a struct in memory; the analyses
 * of the next passes (uniformity, loops, trip counts) need SSA values and
 * simple control flow.  A fixed list of LLVM passes, run on work-item
 * functions only (the kernel they were cloned from is dropped later and
 * needs no work): SROA, EarlyCSE, InstCombine, SimplifyCFG, SROA,
 * EarlyCSE.
 * Assumes: a work-item function (kiln-workitem, kiln-local-vars).
 * Guarantees: what those passes guarantee; nothing Kiln-specific. */
#include "compiler/passes.h"

#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>

namespace kiln {

llvm::PreservedAnalyses wi_simplify_pass::run(llvm::Function &f, llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	if (!workitem_params(f, p))
		return llvm::PreservedAnalyses::all();
	llvm::FunctionPassManager fpm;
	fpm.addPass(llvm::SROAPass());
	fpm.addPass(llvm::EarlyCSEPass());
	fpm.addPass(llvm::InstCombinePass());
	fpm.addPass(llvm::SimplifyCFGPass());
	fpm.addPass(llvm::SROAPass());
	fpm.addPass(llvm::EarlyCSEPass());
	return fpm.run(f, fam);
}

} // namespace kiln
