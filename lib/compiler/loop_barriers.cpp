/* kiln-loop-barriers: implicit barriers at the head of uniform loops.
 *
 * The work-group function runs the kernel body inside loops over the local
 * ids, and LLVM's loop vectorizer only vectorizes innermost loops: a kernel
 * whose body holds a loop of its own (`for (k = 0; k < n; k++) acc += ...`)
 * runs one work-item at a time.  When every work-item of the group runs
 * that loop the same number of times (its exits depend on uniform values
 * only, and all work-items reach it together), a barrier at its head
 * changes nothing a program can observe: each iteration becomes a region,
 * the work-item loops run inside the kernel's loop instead of around it,
 * and the body vectorizes across work-items.  (Implicit loop barriers are
 * an old idea in work-group compilers; this is Kiln's take on it.)
 *
 * Loops that -O3's full unroller flattens are left alone (a small
 * constant trip count, a body small enough once flattened: the question
 * leaves_to_unroller answers, and kiln-unroll-small-loops makes sure the
 * unroller does flatten them); the work-item loop around them then
 * vectorizes.  A small-trip loop too large to flatten gets its barrier
 * like any other.
 *
 * Assumes: a work-item function in SSA form, vectors scalarized
 * (kiln-scalarize); kiln-uniformity, loop info and scalar evolution from
 * the analysis manager.
 * Guarantees: in a function without "kiln-keep-vectors", a call of
 * __kiln_barrier(0) first in the header of each innermost loop that
 * every work-item reaches, whose exits are uniform,
 * that calls nothing but intrinsics, holds divergent work and is not
 * left to the unroller, and first in each of its exit blocks that only
 * the loop enters and that does more than return (exit_does_work);
 * nothing else changes. */
#include "compiler/passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>

namespace kiln {

static bool exits_uniform(const llvm::Loop *l, const divergence &div)
{
	llvm::SmallVector<llvm::BasicBlock *, 4> exiting;
	l->getExitingBlocks(exiting);
	for (llvm::BasicBlock *bb : exiting) {
		llvm::Instruction *t = bb->getTerminator();
		if (auto *br = llvm::dyn_cast<llvm::BranchInst>(t)) {
			if (br->isConditional() && !div.uniform(br->getCondition()))
				return false;
		} else if (auto *sw = llvm::dyn_cast<llvm::SwitchInst>(t)) {
			if (!div.uniform(sw->getCondition()))
				return false;
		} else {
			return false; /* invoke, indirectbr, ...: not ours */
		}
	}
	return !exiting.empty();
}

/* Something in the body differs between work-items: otherwise there is
 * nothing to vectorize across them. */
static bool has_divergent_work(const llvm::Loop *l, const divergence &div)
{
	for (llvm::BasicBlock *bb : l->blocks())
		for (llvm::Instruction &i : *bb)
			if (!i.getType()->isVoidTy() && !div.uniform(&i))
				return true;
	return false;
}

/* The loop's exit block e leads to work of its own before the kernel
 * returns: not just a return, and entered from the loop only.  Without a
 * barrier there, that work is in the region of every iteration (the
 * region runs from the head's barrier to the next barrier or the return),
 * where the loop vectorizer predicates it: md5-x16's output stores, done
 * once, were 128 scatters with an empty mask in each of its 64 iterations.
 * The barrier gives it a region of its own, run once. */
static bool exit_does_work(llvm::BasicBlock *e, const llvm::Loop *l)
{
	for (llvm::BasicBlock *p : llvm::predecessors(e))
		if (!l->contains(p))
			return false;
	const llvm::Instruction *first = e->getFirstNonPHIOrDbg();
	return !llvm::isa<llvm::ReturnInst>(first);
}

llvm::PreservedAnalyses loop_barriers_pass::run(llvm::Function &f,
						llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	/* kept whole (kiln-scalarize), the work-item loop never vectorizes:
	 * a barrier would only cost */
	if (!workitem_params(f, p) || runs_as_fibers(f) ||
	    f.hasFnAttribute(keep_vectors_attr))
		return llvm::PreservedAnalyses::all();
	llvm::LoopInfo &li = fam.getResult<llvm::LoopAnalysis>(f);
	llvm::ScalarEvolution &se = fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
	const divergence &div = fam.getResult<uniformity_analysis>(f);

	std::vector<llvm::BasicBlock *> heads, exits;
	for (llvm::Loop *l : li.getLoopsInPreorder()) {
		if (!l->getSubLoops().empty())
			continue;
		if (leaves_to_unroller(l, se))
			continue;
		llvm::BasicBlock *h = l->getHeader();
		/* A barrier is a call too: loops that hold one are already
		 * cut into regions. */
		if (!div.reached_by_all(h) || !exits_uniform(l, div) ||
		    !calls_only_intrinsics(l) || synchronises_through_memory(l) ||
		    !has_divergent_work(l, div))
			continue;
		heads.push_back(h);
		llvm::SmallVector<llvm::BasicBlock *, 4> out;
		l->getUniqueExitBlocks(out);
		for (llvm::BasicBlock *e : out)
			if (exit_does_work(e, l))
				exits.push_back(e);
	}
	for (llvm::BasicBlock *h : heads)
		insert_implicit_barrier(&*h->getFirstInsertionPt());
	for (llvm::BasicBlock *e : exits)
		insert_implicit_barrier(&*e->getFirstInsertionPt());
	return heads.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
}

} // namespace kiln
