/* kiln-jam-narrow: a narrow variant's work-items run KILN_NARROW_JAM at a
 * time, their inner loops jammed into one.
 *
 * A narrow variant (narrow_variants.cpp) keeps a kernel's register-wide
 * vectors whole, so one work-item is one dependent chain of uint16 or
 * float16 operations.  When the work-item's code is a loop (md5-x16's
 * compression loop over `iters`, which stays inside the work-item: the
 * variant has no barrier region for it), the core runs one such chain
 * at a time and waits on each step's latency: md5-x16 in groups of one
 * work-item ran at 26% of the C MD5 limit on the 2-core Zen 5 VM.  This
 * pass unrolls the work-group function's loop over the work-items along
 * dimension 0 by KILN_NARROW_JAM and jams the copies of the inner loop
 * into one body (LLVM's unroll-and-jam utility, with a remainder loop for
 * group widths that are not a multiple), where kiln-interleave-chains puts
 * the work-items' chains side by side.  The runtime runs a group-free
 * kernel's variant in groups of KILN_NARROW_JAM work-items when it is
 * asked for narrower ones (ndrange.c).
 *
 * The utility is called directly, not asked for through loop metadata:
 * a loop it declines would otherwise leave LLVM's "loop not
 * unroll-and-jammed" warning in the application's build log.
 *
 * Taken: loops of a narrow variant's work-group function whose latch
 * carries jam_mark (kiln-workgroup marks the loop over dimension 0), that
 * hold exactly one loop, itself innermost, and that LLVM's
 * isSafeToUnrollAndJam accepts (the inner trip count invariant, no
 * dependence between work-items' memory accesses that jamming would
 * reorder).  Not in checked mode (passes.cpp).
 *
 * Assumes: after the -O3 pipeline, loops in simplified and LCSSA form.
 * Guarantees: each loop taken runs its iterations KILN_NARROW_JAM at a
 * time with the inner loops jammed, the rest in a remainder loop; the
 * other loops are unchanged. */
#include "compiler/passes.h"
#include "compiler/compiler.h"

#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/DependenceAnalysis.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/UnrollLoop.h>

namespace kiln {

static bool jam_marked(const llvm::Loop &l)
{
	return llvm::findOptionMDForLoop(&l, jam_mark) != nullptr;
}

llvm::PreservedAnalyses jam_narrow_pass::run(llvm::Function &f, llvm::FunctionAnalysisManager &fam)
{
	if (!is_wg_function(f) || !f.getName().endswith(narrow_suffix))
		return llvm::PreservedAnalyses::all();
	llvm::LoopInfo &li = fam.getResult<llvm::LoopAnalysis>(f);
	std::vector<llvm::Loop *> taken;
	for (llvm::Loop *l : li.getLoopsInPreorder())
		if (jam_marked(*l) && l->getSubLoops().size() == 1 &&
		    l->getSubLoops()[0]->isInnermost() && l->isLoopSimplifyForm())
			taken.push_back(l);
	if (taken.empty())
		return llvm::PreservedAnalyses::all();
	unroll_analyses a = unroll_analyses_of(f, fam);
	llvm::DependenceInfo &di = fam.getResult<llvm::DependenceAnalysis>(f);
	bool changed = false;
	for (llvm::Loop *l : taken) {
		if (!l->isLCSSAForm(a.dt) || !isSafeToUnrollAndJam(l, a.se, a.dt, di, li))
			continue;
		llvm::LoopUnrollResult r = llvm::UnrollAndJamLoop(
			l, KILN_NARROW_JAM, /*TripCount=*/0, /*TripMultiple=*/1,
			/*UnrollRemainder=*/false, &li, &a.se, &a.dt, &a.ac, &a.tti, &a.ore);
		changed |= r != llvm::LoopUnrollResult::Unmodified;
	}
	return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace kiln
