/* kiln-prefetch-next: in a loop that a barrier cuts, each work-item asks
 * for the global memory its loads will read in the next iteration.
 *
 * A loop with a barrier becomes a sequence of regions, each a loop over
 * all the group's work-items (docs/compiler.md, kiln-barriers).  In the
 * 16x16 tiled SGEMM of kiln-bench-kernels, one region loads the next tiles
 * of A and B into __local memory and the next multiplies them: the
 * multiply-adds need every work-item's load, and no out-of-order window
 * reaches from one region into the other to overlap the two.  B's rows
 * are n floats apart and each tile steps by 16 rows, so the hardware's
 * stream prefetchers, which stay within a page, do not fetch ahead.  A
 * prefetch of the address the load will have one iteration later, issued
 * with the load, runs while this iteration's multiply-adds do: at
 * n = 1024, 163-165 -> 169-172 GFLOP/s on the 2-core Zen 5 VM (the tile
 * loads' region is mostly bound by its own instructions: with every load
 * of the kernel hitting L1 it runs at 185).
 *
 * The prefetch is a call the loop vectorizer widens (prefetch.h).
 *
 * Taken: loads of global memory whose innermost loop is a loop of the
 * kernel's that calls a barrier, in blocks every iteration runs (the
 * vectorizer masks a conditional load, but not a call), and whose address scalar evolution sees
 * as an affine recurrence of that loop (through sums, products and
 * extensions) with a step that is not a constant (a row pitch, say) or
 * a constant of PREFETCH_MIN_STRIDE bytes or more.
 * One prefetch per cache line: loads whose addresses differ by a constant
 * of less than a line share one.  Not in checked mode (passes.cpp).
 *
 * Assumes: work-item functions after kiln-scalarize (which reads calls
 * that may write memory as side effects), before kiln-loop-barriers (so
 * only the kernel's own barriers count).
 * Guarantees: only calls of PREFETCH_FN are added, with the addresses
 * the loads would read one iteration on; no memory is read or written. */
#include "compiler/passes.h"
#include "compiler/prefetch.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <vector>

namespace kiln {

namespace {
/* a constant step under a page stays in the page for several
 * iterations, where the hardware's prefetchers follow it: prefetching
 * such loads too (the tiled SGEMM's A, 64 bytes a tile) measured 3%
 * slower than B's alone */
constexpr int64_t PREFETCH_MIN_STRIDE = 4096;
} // namespace

/* How much s grows from one iteration of l to the next, where that is
 * invariant in l (step_of, prefetch.h). */
static const llvm::SCEV *step_in(const llvm::SCEV *s, const llvm::Loop *l,
				 llvm::ScalarEvolution &se)
{
	auto fixed = [&](const llvm::SCEV *e) { return se.isLoopInvariant(e, l); };
	auto leaf = [&](const llvm::SCEV *e) -> const llvm::SCEV * {
		auto *r = llvm::dyn_cast<llvm::SCEVAddRecExpr>(e);
		if (!r || r->getLoop() != l || !r->isAffine())
			return nullptr;
		const llvm::SCEV *step = r->getStepRecurrence(se);
		return se.isLoopInvariant(step, l) ? step : nullptr;
	};
	return step_of(s, {fixed, leaf}, se);
}

/* A load to prefetch for, its address and the address's step. */
struct next_load {
	llvm::LoadInst *load;
	const llvm::SCEV *at, *step;
};

/* The global loads directly in l whose address steps by a loop-invariant
 * amount each iteration (not a constant under a line), one per line. */
static std::vector<next_load> next_loads(llvm::Loop *l, llvm::LoopInfo &li,
					 llvm::ScalarEvolution &se, llvm::DominatorTree &dt)
{
	std::vector<next_load> out;
	llvm::BasicBlock *latch = l->getLoopLatch();
	for (llvm::BasicBlock *bb : l->blocks()) {
		/* every iteration's: a call on a conditional path would keep
		 * the work-item loop from vectorizing (the vectorizer masks
		 * loads, not calls) */
		if (li.getLoopFor(bb) != l || !latch || !dt.dominates(bb, latch))
			continue;
		for (llvm::Instruction &i : *bb) {
			auto *ld = llvm::dyn_cast<llvm::LoadInst>(&i);
			if (!ld || !ld->isSimple() ||
			    ld->getPointerAddressSpace() != AS_GLOBAL)
				continue;
			const llvm::SCEV *at = se.getSCEV(ld->getPointerOperand());
			const llvm::SCEV *step = step_in(at, l, se);
			if (!step || step->isZero())
				continue;
			if (auto *c = llvm::dyn_cast<llvm::SCEVConstant>(step))
				if (c->getAPInt().abs().slt(PREFETCH_MIN_STRIDE))
					continue;
			llvm::SmallVector<const llvm::SCEV *, 8> taken;
			for (const next_load &n : out)
				taken.push_back(n.at);
			if (!same_line(at, taken, se))
				out.push_back({ld, at, step});
		}
	}
	return out;
}

static bool prefetch_loop(llvm::Loop *l, llvm::LoopInfo &li, llvm::ScalarEvolution &se,
			  llvm::DominatorTree &dt)
{
	std::vector<next_load> loads = next_loads(l, li, se, dt);
	llvm::BasicBlock *pre = l->getLoopPreheader();
	if (loads.empty() || !pre)
		return false;
	llvm::Module &m = *pre->getModule();
	const llvm::DataLayout &dl = m.getDataLayout();
	llvm::SCEVExpander expander(se, dl, "kiln.next");
	for (const next_load &n : loads) {
		llvm::Type *ity = dl.getIndexType(n.load->getPointerOperand()->getType());
		const llvm::SCEV *step = se.getTruncateOrSignExtend(n.step, ity);
		/* the step is invariant: computed once, before the loop */
		prefetch_ahead(n.load, expander.expandCodeFor(step, ity, pre->getTerminator()));
	}
	return true;
}

llvm::PreservedAnalyses prefetch_next_pass::run(llvm::Function &f,
						llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	if (!workitem_params(f, p))
		return llvm::PreservedAnalyses::all();
	llvm::LoopInfo &li = fam.getResult<llvm::LoopAnalysis>(f);
	llvm::ScalarEvolution &se = fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
	llvm::DominatorTree &dt = fam.getResult<llvm::DominatorTreeAnalysis>(f);
	bool changed = false;
	for (llvm::Loop *l : li.getLoopsInPreorder()) {
		if (loop_has_barrier(l))
			changed |= prefetch_loop(l, li, se, dt);
	}
	return kept_if_cfg_unchanged(changed);
}

} // namespace kiln
