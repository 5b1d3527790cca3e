/* kiln-wi-simplify: the work-item function made SSA and tidy before the
 * work-group transforms look at it.
 *
 * Clang's output at -O2 -disable-llvm-passes keeps every local in an
 * alloca and the launch description is a struct in memory; the analyses
 * of the next passes (uniformity, loops, trip counts) need SSA values and
 * simple control flow.  A fixed list of LLVM passes, run on work-item
 * functions only (the kernel they were cloned from is dropped later and
 * needs no work): SROA, InferAddressSpaces, EarlyCSE, InstCombine,
 * SimplifyCFG, SROA, EarlyCSE.
 *
 * InferAddressSpaces with the generic address space (4 in the front end's
 * address-space map) as the flat one: kernel-lib's built-ins with pointer
 * parameters take generic pointers (vstore_half, vload/vstore, fract, the
 * atomics), so once inlined, a kernel's global or local pointer reaches
 * their loads and stores through an addrspacecast to generic.  LLVM's
 * pipeline runs the pass only for targets with a flat address space,
 * which x86 is not; here it gives those accesses their real address space
 * back, which kiln-alias-scopes and the loop vectorizer's run-time
 * overlap checks need (they cannot compare a generic with a global
 * pointer: a vstore_half4 loop was not vectorized).
 * Assumes: a work-item function (kiln-workitem, kiln-local-vars).
 * Guarantees: what those passes guarantee; nothing Kiln-specific. */
#include "compiler/passes.h"

#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/InferAddressSpaces.h>
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
	/* before InstCombine, which folds local -> generic after arena ->
	 * local (kiln-local-vars) into arena -> generic, losing "local" */
	fpm.addPass(llvm::InferAddressSpacesPass(AS_GENERIC));
	fpm.addPass(llvm::EarlyCSEPass());
	fpm.addPass(llvm::InstCombinePass());
	fpm.addPass(llvm::SimplifyCFGPass());
	fpm.addPass(llvm::SROAPass());
	fpm.addPass(llvm::EarlyCSEPass());
	return fpm.run(f, fam);
}

} // namespace kiln
