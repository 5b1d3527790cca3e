/* kiln-unroll-small-loops: inner loops with a small constant trip count
 * are marked for full unrolling.
 *
 * The work-group function runs each region inside loops over the local
 * ids, and LLVM's loop vectorizer only vectorizes innermost loops.  A loop
 * of the kernel's own that stays inside a region (`for (k = 0; k < 16;
 * k++)` over a __local tile between two barriers) keeps the work-item loop
 * around it from vectorizing: the region then runs one work-item at a
 * time, in scalars once kiln-scalarize has split the kernel's vectors.
 * kiln-loop-barriers leaves such loops to the unroller, but -O3's full
 * unroller gives up when the flattened body would exceed its threshold
 * (300 instructions): a register-tiled SGEMM's 16-step loop with four
 * float8 accumulators (32 fused multiply-adds a step) ran scalar.  The
 * full-unroll hint (`llvm.loop.unroll.full`, the metadata of `#pragma
 * unroll`) raises that threshold to the one for pragmas, so the loop is
 * flattened and the work-item loop around it vectorizes.
 *
 * Taken: innermost loops with a constant trip count of at most
 * SMALL_TRIP_COUNT whose flattened body stays within UNROLLED_SIZE_LIMIT
 * instructions, and nests of such loops that flatten within it as a whole
 * (a 5x5 filter's two loops around its reads: with the inner loop alone
 * flattened, the outer one stayed, the work-item loop around it did not
 * vectorize, and the loop vectorizer tried the outer one, a floating-point
 * sum it may not reorder), that call nothing but intrinsics (no barrier: a loop
 * holding one is cut into regions, not unrolled) and carry no unroll
 * metadata of their own (`#pragma unroll 1`, `#pragma unroll 4` are the
 * program's choice).  kiln-loop-barriers asks the same question
 * (leaves_to_unroller) for the loops it leaves alone.
 *
 * Assumes: a work-item function in SSA form (kiln-wi-simplify,
 * kiln-scalarize); loop info and scalar evolution from the analysis
 * manager.
 * Guarantees: only loop metadata changes: each loop taken carries
 * `llvm.loop.unroll.full` in its loop id (its other properties kept). */
#include "compiler/passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Metadata.h>

namespace kiln {

/* Instructions of l's body, as the unroller would copy them. */
static unsigned body_size(const llvm::Loop *l)
{
	unsigned n = 0;
	for (llvm::BasicBlock *bb : l->blocks())
		for (llvm::Instruction &i : *bb)
			if (!llvm::isa<llvm::PHINode>(i) && !llvm::isa<llvm::DbgInfoIntrinsic>(i))
				n++;
	return n;
}

static bool has_unroll_metadata(const llvm::Loop *l)
{
	llvm::MDNode *id = l->getLoopID();
	if (!id)
		return false;
	for (unsigned i = 1; i < id->getNumOperands(); i++)
		if (auto *md = llvm::dyn_cast<llvm::MDNode>(id->getOperand(i)))
			if (md->getNumOperands() > 0)
				if (auto *s = llvm::dyn_cast<llvm::MDString>(md->getOperand(0)))
					if (s->getString().startswith("llvm.loop.unroll."))
						return true;
	return false;
}

/* Instructions of loop l once it and the loops inside it are flattened;
 * 0 when one of them is not for the unroller (a trip count that is not a
 * small constant, a call, unroll metadata other than full unrolling). */
static uint64_t flattened_size(const llvm::Loop *l, llvm::ScalarEvolution &se)
{
	if (!calls_only_intrinsics(l))
		return 0;
	unsigned tc = se.getSmallConstantTripCount(const_cast<llvm::Loop *>(l));
	if (!tc || tc > SMALL_TRIP_COUNT)
		return 0;
	if (has_unroll_metadata(l) && !llvm::getBooleanLoopAttribute(l, "llvm.loop.unroll.full"))
		return 0;
	uint64_t body = body_size(l);
	for (const llvm::Loop *sub : l->getSubLoops()) {
		uint64_t flat = flattened_size(sub, se);
		if (!flat)
			return 0;
		body = body - body_size(sub) + flat;
	}
	return tc * body;
}

bool leaves_to_unroller(const llvm::Loop *l, llvm::ScalarEvolution &se)
{
	uint64_t size = flattened_size(l, se);
	if (!size)
		return false;
	/* a program's own llvm.loop.unroll.full is taken at any size */
	if (l->getSubLoops().empty() && has_unroll_metadata(l))
		return true;
	return size <= UNROLLED_SIZE_LIMIT;
}

/* l's loop id with llvm.loop.unroll.full added. */
static void mark_full_unroll(llvm::Loop *l)
{
	llvm::LLVMContext &c = l->getHeader()->getContext();
	llvm::SmallVector<llvm::Metadata *, 4> ops;
	if (llvm::MDNode *id = l->getLoopID())
		for (unsigned i = 1; i < id->getNumOperands(); i++)
			ops.push_back(id->getOperand(i));
	ops.push_back(llvm::MDNode::get(c, {llvm::MDString::get(c, "llvm.loop.unroll.full")}));
	l->setLoopID(loop_id(c, ops));
}

llvm::PreservedAnalyses unroll_small_loops_pass::run(llvm::Function &f,
						     llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	if (!workitem_params(f, p) || runs_as_fibers(f))
		return llvm::PreservedAnalyses::all();
	llvm::LoopInfo &li = fam.getResult<llvm::LoopAnalysis>(f);
	llvm::ScalarEvolution &se = fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
	bool changed = false;
	for (llvm::Loop *l : li.getLoopsInPreorder())
		if (!has_unroll_metadata(l) && leaves_to_unroller(l, se)) {
			mark_full_unroll(l);
			changed = true;
		}
	if (!changed)
		return llvm::PreservedAnalyses::all();
	/* Metadata only: the CFG, loops and values are as they were. */
	llvm::PreservedAnalyses pa;
	pa.preserveSet<llvm::CFGAnalyses>();
	pa.preserve<llvm::LoopAnalysis>();
	pa.preserve<llvm::ScalarEvolutionAnalysis>();
	pa.preserve<uniformity_analysis>();
	return pa;
}

} // namespace kiln
