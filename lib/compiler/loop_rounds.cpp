/* The round driver of loop_rounds.h. */
#include "compiler/loop_rounds.h"

namespace kiln {

unsigned change_loops_in_rounds(
	llvm::Function &f, llvm::FunctionAnalysisManager &fam, unsigned max_rounds,
	llvm::function_ref<bool(llvm::Loop *, llvm::DominatorTree &, llvm::LoopInfo &,
				llvm::ScalarEvolution &)>
		change)
{
	if (!f.getName().startswith("__kiln_wg_"))
		return 0;
	unsigned done = 0;
	for (unsigned round = 0; round < max_rounds; round++) {
		llvm::DominatorTree &dt = fam.getResult<llvm::DominatorTreeAnalysis>(f);
		llvm::LoopInfo &li = fam.getResult<llvm::LoopAnalysis>(f);
		llvm::ScalarEvolution &se = fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
		bool changed = false;
		for (llvm::Loop *l : li.getLoopsInPreorder())
			if (change(l, dt, li, se)) {
				changed = true;
				break;
			}
		if (!changed)
			break;
		done++;
		fam.invalidate(f, llvm::PreservedAnalyses::none());
	}
	return done;
}

} // namespace kiln
