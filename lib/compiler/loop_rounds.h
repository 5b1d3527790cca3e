/* One loop changed per round, with fresh analyses after each change: the
 * driver of kiln-guard-split and kiln-single-item, whose changes alter the
 * control-flow graph so that the loop info, dominator tree and scalar
 * evolution they read are stale afterwards. */
#ifndef KILN_COMPILER_LOOP_ROUNDS_H
#define KILN_COMPILER_LOOP_ROUNDS_H

#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/PassManager.h>

namespace kiln {

/* Offers the loops of work-group function f (__kiln_wg_*; any other
 * function is left alone), in preorder, to `change`, which returns true
 * when it changed the loop; after a change the analyses are invalidated
 * and the next round starts with fresh ones.  A changed loop must not be
 * offered as changeable again (each pass marks what it did).  At most
 * `max_rounds` changes; returns how many were made. */
unsigned change_loops_in_rounds(
	llvm::Function &f, llvm::FunctionAnalysisManager &fam, unsigned max_rounds,
	llvm::function_ref<bool(llvm::Loop *, llvm::DominatorTree &, llvm::LoopInfo &,
				llvm::ScalarEvolution &)>
		change);

} // namespace kiln

#endif
