/* kiln-unroll-chains: a vectorized work-item loop whose body is one long
 * dependent chain runs several vector iterations in one.
 *
 * clpeak's multiply-add kernels (and kiln-bench-compute's madd-float,
 * madd-int, ...) are one chain per work-item: vectorized across 16
 * work-items, the loop body is 64 dependent FMAs on one vector, and the
 * loop vectorizer does not interleave bodies that large.  The core
 * overlaps the iterations its out-of-order window holds, two or three, so
 * the scalar rows of kiln-bench-compute ran at 34-55% of the machine's
 * FMA or multiply-add limit on the 2-core Zen 5 VM.  This pass unrolls
 * such a loop by m (2, 4 or 8, and up to 16 for loops of a constant trip
 * count; LLVM's runtime unrolling, the remainder a loop of the original
 * body) so that m chains are in one body, and kiln-interleave-chains,
 * after it, puts them side by side.
 *
 * m is the least that hides the body's latency (chains.h): with the
 * body's critical path L cycles, its issue time T cycles, and w the
 * iterations the out-of-order window overlaps (CHAIN_WINDOW over the
 * body's length, at least 1), an iteration takes about max(T, L / w)
 * cycles, and m iterations side by side max(mT, L / w(m)); m grows while
 * the latency term is the larger, as long as m bodies' vector values fit
 * the registers and the body stays under CHAIN_MAX_UNROLLED
 * instructions.  T and the body's length are counted two ways
 * (model_for): conservatively for the vectorizer's loops, closer to the
 * machine for loops of a constant trip count.
 *
 * Taken: innermost single-block loops of work-group functions that
 * compute in vectors and do not ask not to be unrolled (kiln-workgroup's
 * plain loops do), whose trip count scalar evolution can compute and
 * whose longest path through a phi and back (a reduction's recurrence,
 * which unrolling does not shorten) is at most half the body's critical
 * path, and that are either the loop vectorizer's or of a constant trip
 * count.  The latter are loops over rows of work-items whose loop over a
 * row vectorized to one iteration and folded away (a group specialized
 * for 16 x 16 on 16 lanes): the 16x16
 * tiled SGEMM of kiln-bench-kernels runs one 16-step multiply-add chain
 * per row, which unrolled by 16 took it from 121-138 to 144-162 GFLOP/s
 * (n = 1024, the 2-core Zen 5 VM).
 *
 * Assumes: after the -O3 pipeline's vectorizer and unroller
 * (OptimizerLast), loops in simplified and LCSSA form.
 * Guarantees: the loop computes what it did; its remainder loop (at most
 * m - 1 iterations) is the original body. */
#include "compiler/passes.h"
#include "compiler/chains.h"

#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/UnrollLoop.h>

#include <algorithm>

namespace kiln {

namespace {
constexpr unsigned CHAIN_MAX_UNROLL = 16;
constexpr unsigned CHAIN_MAX_UNROLL_VECTORIZED = 8;
constexpr size_t CHAIN_MAX_UNROLLED = 4096;
constexpr size_t CHAIN_MIN_BODY = 24;
constexpr unsigned CHAIN_SPARE = 4; /* vector registers for passing values */
} // namespace

static bool computes_in_vectors(const std::vector<llvm::Instruction *> &ins)
{
	for (llvm::Instruction *i : ins)
		if (i->getType()->isVectorTy() && !llvm::isa<llvm::LoadInst>(i))
			return true;
	return false;
}

/* How a loop's body is costed (the file comment). */
struct unroll_model {
	size_t issued;	/* instructions the window holds, per body */
	double issue;	/* cycles of issue per body */
	unsigned peak;	/* vector values a body holds at once */
	unsigned most;	/* the largest factor */
};

/* The unroll factor for a loop body of this shape (the file comment). */
static unsigned unroll_for(const chain_shape &s, const unroll_model &u, unsigned vector_regs)
{
	size_t n = s.ins.size();
	auto window = [&](unsigned m) {
		return std::max<double>(1.0, (double)CHAIN_WINDOW / (double)(m * u.issued));
	};
	auto latency_bound = [&](unsigned m) {
		return (double)s.critical / window(m) > m * u.issue;
	};
	unsigned m = 1;
	while (latency_bound(m) && 2 * m <= u.most) {
		unsigned next = 2 * m;
		if (next * n > CHAIN_MAX_UNROLLED || next * u.peak + CHAIN_SPARE > vector_regs)
			break;
		m = next;
	}
	return m;
}

/* The model for loop l: the vectorizer's loops, whose trip count is
 * rarely known (the work-items of a row over the vector width, often one
 * or a few iterations), are costed with every unit's issue summed, which
 * errs towards unrolling less: a loop that runs fewer iterations than the
 * factor gains nothing and pays for the remainder (the 16x16 tiled
 * SGEMM's generic function, whose vector loop over a row runs once, went
 * from 85 to 67 GFLOP/s with it unrolled by 16).  A loop of a constant
 * trip count (a row loop of a specialized group) is costed on its busiest
 * class of units, with splats of loaded scalars folded into their users,
 * and unrolled at most by its trip count. */
static bool model_for(llvm::Loop *l, const chain_shape &s, llvm::ScalarEvolution &se,
		      unroll_model &u)
{
	if (llvm::getBooleanLoopAttribute(l, "llvm.loop.isvectorized")) {
		u = {s.ins.size(), s.issue, chain_peak_values(s.ins).vector, CHAIN_MAX_UNROLL_VECTORIZED};
		return true;
	}
	unsigned trips = se.getSmallConstantTripCount(l);
	if (trips < 2)
		return false;
	u = {s.issued, s.busiest, chain_peak_values(s.ins, true).vector,
	     std::min(trips, CHAIN_MAX_UNROLL)};
	return true;
}

unroll_analyses unroll_analyses_of(llvm::Function &f, llvm::FunctionAnalysisManager &fam)
{
	return {fam.getResult<llvm::LoopAnalysis>(f),
		fam.getResult<llvm::ScalarEvolutionAnalysis>(f),
		fam.getResult<llvm::DominatorTreeAnalysis>(f),
		fam.getResult<llvm::AssumptionAnalysis>(f),
		fam.getResult<llvm::TargetIRAnalysis>(f),
		fam.getResult<llvm::OptimizationRemarkEmitterAnalysis>(f)};
}

static bool unroll_loop(llvm::Loop *l, unroll_analyses &a, unsigned vector_regs)
{
	llvm::BasicBlock *body = l->getHeader();
	if (l->getNumBlocks() != 1 || !l->getLoopLatch() || !l->getLoopPreheader() ||
	    !l->getExitBlock() || llvm::hasUnrollTransformation(l) == llvm::TM_SuppressedByUser)
		return false;
	chain_shape s = chain_shape_of(*body);
	/* a recurrence through the loop's phis (a reduction) bounds the
	 * loop however it is unrolled */
	if (s.ins.size() < CHAIN_MIN_BODY || !computes_in_vectors(s.ins) ||
	    2 * s.carried > s.critical)
		return false;
	unroll_model u;
	if (!model_for(l, s, a.se, u))
		return false;
	unsigned m = unroll_for(s, u, vector_regs);
	if (m < 2)
		return false;
	if (llvm::isa<llvm::SCEVCouldNotCompute>(a.se.getBackedgeTakenCount(l)))
		return false;
	llvm::UnrollLoopOptions ulo;
	ulo.Count = m;
	ulo.Force = false; /* no remainder loop, no unrolling */
	ulo.Runtime = true;
	/* the trip count is computed once per entry to the loop, whose
	 * body is a long chain: a division is cheap next to it */
	ulo.AllowExpensiveTripCount = true;
	ulo.UnrollRemainder = false;
	ulo.ForgetAllSCEV = false;
	llvm::Loop *remainder = nullptr;
	llvm::LoopUnrollResult r =
		llvm::UnrollLoop(l, ulo, &a.li, &a.se, &a.dt, &a.ac, &a.tti, &a.ore, true, &remainder);
	return r != llvm::LoopUnrollResult::Unmodified;
}

llvm::PreservedAnalyses unroll_chains_pass::run(llvm::Function &f,
						 llvm::FunctionAnalysisManager &fam)
{
	if (!is_wg_function(f))
		return llvm::PreservedAnalyses::all();
	unroll_analyses a = unroll_analyses_of(f, fam);
	unsigned regs = a.tti.getNumberOfRegisters(a.tti.getRegisterClassForType(true));

	/* innermost loops first gathered: unrolling adds loops */
	std::vector<llvm::Loop *> innermost;
	for (llvm::Loop *top : a.li)
		for (llvm::Loop *l : llvm::depth_first(top))
			if (l->isInnermost())
				innermost.push_back(l);
	bool changed = false;
	for (llvm::Loop *l : innermost)
		changed |= unroll_loop(l, a, regs);
	if (!changed)
		return llvm::PreservedAnalyses::all();
	return llvm::PreservedAnalyses::none();
}

} // namespace kiln
