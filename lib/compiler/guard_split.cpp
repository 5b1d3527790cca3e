/* kiln-guard-split: work-item loops split at a bounds guard.
 *
 * Nearly every kernel starts with `if (gid < n) { ... }` or
 * `if (gid >= n) return;`, so that the last group may run past the end of
 * the data.  In the work-group function that guard sits inside the
 * work-item loop, and the loop vectorizer if-converts it: every load and
 * store of the body becomes a masked one.  Masked memory operations whose
 * mask comes from a compare in the loop measured 2.3x slower than plain
 * ones on the AMD Zen 5 development machine (x * y over 2^24 floats: 1.46
 * against 3.5 Gresults/s on one core), for a guard that is false in no
 * work-item of all but one group.
 *
 * The guard compares an affine function of the loop counter, g = s + i,
 * with a loop-invariant bound, so the iterations that run the body are a
 * prefix [0, P) of the loop when g does not wrap.  This pass computes P
 * before the loop, runs the loop over [0, P) without the guard, and keeps
 * a copy of the original loop for a launch where g could wrap (a 32-bit
 * `int gid` with more than 2^31 work-items, say).  Iterations that skip
 * the body must do nothing else: the guard's other side goes straight to
 * the latch, and the header and latch hold no side effects but the
 * record of the region each work-item stopped at (!kiln.next,
 * next_records.h), which is stored once before the loop for its first
 * iteration and not in the fast loop.
 *
 * It runs just before the loop vectorizer (passes.cpp), when the
 * work-item function is inlined and its loops are in canonical form.
 * Assumes: a work-group function (__kiln_wg_*; others are left alone)
 * after -O3's loop passes; dominator tree, loop info and scalar evolution
 * from the analysis manager (fresh ones after each split).
 * Guarantees: each innermost loop of the shape simple_loop describes whose
 * header branches on an integer `g < bound` (or <=, signed or not, 32 or
 * 64 bits, g = start + iteration) to its body or straight to the latch
 * runs over the prefix of iterations that pass, without the test, when g
 * cannot wrap; the original loop (its header marked !kiln.unsplit) runs
 * otherwise.  At most 16 loops per function. */
#include "compiler/loop_rounds.h"
#include "compiler/next_records.h"
#include "compiler/passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

namespace kiln {

namespace {

/* A guard: the body runs in iteration i iff g(i) `pred` bound, with g the
 * affine {start,+,1} and pred one of ult, ule, slt, sle. */
struct guard {
	llvm::BranchInst *br;
	llvm::BasicBlock *body;
	llvm::CmpInst::Predicate pred;
	const llvm::SCEV *start;
	const llvm::SCEV *bound;
	unsigned width;
	/* the !kiln.next stores of the header and the latch */
	next_records next;
};

/* The loop shapes handled: one latch that is the only exiting block, a
 * canonical counter, a dedicated preheader, an exit without phis. */
bool simple_loop(const llvm::Loop *l)
{
	llvm::BasicBlock *latch = l->getLoopLatch();
	return l->isInnermost() && latch && l->getExitingBlock() == latch &&
	       l->getLoopPreheader() && l->getExitBlock() &&
	       l->getExitBlock()->phis().empty() && latch->phis().empty() &&
	       latch != l->getHeader() && l->getCanonicalInductionVariable() &&
	       l->getCanonicalInductionVariable()->getType()->isIntegerTy(64) &&
	       llvm::isa<llvm::BranchInst>(latch->getTerminator()) &&
	       !l->getHeader()->getTerminator()->getMetadata("kiln.unsplit");
}

bool find_guard(llvm::Loop *l, llvm::ScalarEvolution &se, guard &g)
{
	llvm::BasicBlock *h = l->getHeader(), *latch = l->getLoopLatch();
	auto *br = llvm::dyn_cast<llvm::BranchInst>(h->getTerminator());
	next_records next;
	if (!br || !br->isConditional() || !only_next_records(l, h, next) ||
	    !only_next_records(l, latch, next) || !find_first_records(l, se, next))
		return false;
	auto *cmp = llvm::dyn_cast<llvm::ICmpInst>(br->getCondition());
	if (!cmp)
		return false;
	llvm::BasicBlock *t = br->getSuccessor(0), *f = br->getSuccessor(1);
	bool body_on_true;
	if (f == latch && t != latch && l->contains(t))
		body_on_true = true;
	else if (t == latch && f != latch && l->contains(f))
		body_on_true = false;
	else
		return false;
	const llvm::SCEV *a = se.getSCEV(cmp->getOperand(0));
	const llvm::SCEV *b = se.getSCEV(cmp->getOperand(1));
	llvm::CmpInst::Predicate pred = cmp->getPredicate();
	if (se.isLoopInvariant(a, l)) {
		std::swap(a, b);
		pred = llvm::CmpInst::getSwappedPredicate(pred);
	}
	auto *rec = llvm::dyn_cast<llvm::SCEVAddRecExpr>(a);
	if (!rec || rec->getLoop() != l || !rec->isAffine() || !se.isLoopInvariant(b, l) ||
	    !rec->getStepRecurrence(se)->isOne())
		return false;
	if (!body_on_true)
		pred = llvm::CmpInst::getInversePredicate(pred);
	if (pred != llvm::CmpInst::ICMP_ULT && pred != llvm::CmpInst::ICMP_ULE &&
	    pred != llvm::CmpInst::ICMP_SLT && pred != llvm::CmpInst::ICMP_SLE)
		return false; /* a suffix, not a prefix: left alone */
	/* integers only: pointer compares (p < end) are left alone */
	if (!cmp->getOperand(0)->getType()->isIntegerTy())
		return false;
	unsigned w = se.getTypeSizeInBits(rec->getType());
	if (w != 32 && w != 64)
		return false;
	g = guard{ br, body_on_true ? t : f, pred, rec->getStart(), b, w, next };
	return true;
}

/* P, the number of leading iterations that run the body, and whether g
 * stays free of wrapping over all n iterations (else the original loop
 * runs).  64-bit throughout: a 32-bit g is widened by its signedness. */
llvm::Value *prefix_count(llvm::IRBuilder<> &b, const guard &g, llvm::Value *s,
			  llvm::Value *bound, llvm::Value *n, llvm::Value **ok)
{
	llvm::Type *i64 = b.getInt64Ty();
	bool sgn = llvm::CmpInst::isSigned(g.pred);
	bool inclusive = g.pred == llvm::CmpInst::ICMP_ULE || g.pred == llvm::CmpInst::ICMP_SLE;
	llvm::Value *last = b.CreateSub(n, b.getInt64(1));
	/* n = 0 (2^64 iterations) and other absurd counts: the original */
	llvm::Value *sane = b.CreateICmpULT(last, b.getInt64(1ull << 32));
	if (g.width == 32) { /* s + last in 64 bits, against the 32-bit max */
		llvm::Value *end = b.CreateAdd(sgn ? b.CreateSExt(s, i64) : b.CreateZExt(s, i64), last);
		*ok = sgn ? b.CreateICmpSLE(end, b.getInt64(0x7fffffff))
			  : b.CreateICmpULE(end, b.getInt64(0xffffffff));
	} else {
		llvm::Intrinsic::ID id = sgn ? llvm::Intrinsic::sadd_with_overflow
					     : llvm::Intrinsic::uadd_with_overflow;
		llvm::Value *r = b.CreateBinaryIntrinsic(id, s, last);
		*ok = b.CreateNot(b.CreateExtractValue(r, 1));
	}
	*ok = b.CreateAnd(*ok, sane);
	/* bound - s is exact as a w-bit unsigned value where bound > s (or
	 * >= for the inclusive forms) */
	llvm::Value *above = inclusive ? (sgn ? b.CreateICmpSGE(bound, s) : b.CreateICmpUGE(bound, s))
				       : (sgn ? b.CreateICmpSGT(bound, s) : b.CreateICmpUGT(bound, s));
	llvm::Value *diff = b.CreateZExt(b.CreateSub(bound, s), i64);
	llvm::Value *p;
	if (inclusive) /* min(diff, n - 1) + 1: no overflow at diff = max */
		p = b.CreateAdd(b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, diff, last),
				b.getInt64(1));
	else
		p = b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, diff, n);
	return b.CreateSelect(above, p, b.getInt64(0));
}

/* Splits loop l at guard g; the analyses are stale afterwards. */
void split(llvm::Function &fn, llvm::Loop *l, const guard &g, llvm::ScalarEvolution &se,
	   llvm::DominatorTree &dt, llvm::LoopInfo &li)
{
	llvm::LLVMContext &c = fn.getContext();
	llvm::BasicBlock *ph = l->getLoopPreheader(), *h = l->getHeader();
	llvm::BasicBlock *latch = l->getLoopLatch(), *exit = l->getExitBlock();
	llvm::PHINode *iv = l->getCanonicalInductionVariable();
	const llvm::SCEV *btc = se.getBackedgeTakenCount(l);
	const llvm::SCEV *n = se.getAddExpr(btc, se.getOne(btc->getType()));
	/* A bound that changes from one run of the region to the next (it
	 * varies in the loop of regions around the work-item loops: `s` of a
	 * tree reduction, halved after each barrier) gives prefixes down to a
	 * few work-items.  The vectorizer runs a loop of fewer than VF x IC
	 * iterations in scalars, so such a loop gets no interleaving: 16
	 * work-items or more run in vectors. */
	llvm::Loop *outer = l;
	while (outer->getParentLoop())
		outer = outer->getParentLoop();
	bool shrinking = outer != l && !se.isLoopInvariant(g.bound, outer);

	/* an empty preheader for the fast loop, so that the copy gets one */
	llvm::BasicBlock *fast_ph = llvm::SplitBlock(ph, ph->getTerminator(), &dt, &li);
	llvm::ValueToValueMapTy vmap;
	llvm::SmallVector<llvm::BasicBlock *, 8> blocks;
	llvm::Loop *slow = llvm::cloneLoopWithPreheader(exit, ph, l, vmap, ".unsplit", &li,
							&dt, blocks);
	llvm::remapInstructionsInBlocks(blocks, vmap);
	llvm::BasicBlock *slow_ph = slow->getLoopPreheader();
	/* the copy keeps its guard: never split it again */
	slow->getHeader()->getTerminator()->setMetadata("kiln.unsplit", llvm::MDNode::get(c, {}));

	/* the decision, in the old preheader */
	llvm::Instruction *term = ph->getTerminator();
	llvm::IRBuilder<> b(term);
	llvm::SCEVExpander ex(se, fn.getParent()->getDataLayout(), "guard.split");
	llvm::Type *wt = b.getIntNTy(g.width);
	llvm::Value *s = ex.expandCodeFor(g.start, wt, term);
	llvm::Value *bound = ex.expandCodeFor(g.bound, wt, term);
	llvm::Value *nv = ex.expandCodeFor(n, b.getInt64Ty(), term);
	/* the first iteration's record of the region it stopped at, on every
	 * way on (the copy stores its own again, the fast loop none) */
	store_first_records(ex, g.next, term);
	for (llvm::StoreInst *st : g.next.stores)
		st->eraseFromParent();
	llvm::Value *ok;
	llvm::Value *p = prefix_count(b, g, s, bound, nv, &ok);
	llvm::BasicBlock *any = llvm::BasicBlock::Create(c, "guard.any", &fn, fast_ph);
	b.CreateCondBr(ok, any, slow_ph);
	term->eraseFromParent();
	llvm::IRBuilder<> ab(any);
	ab.CreateCondBr(ab.CreateICmpEQ(p, ab.getInt64(0)), exit, fast_ph);

	/* the fast loop: no guard, and it leaves after P iterations */
	llvm::BranchInst::Create(g.body, g.br);
	g.br->eraseFromParent();
	auto *lbr = llvm::cast<llvm::BranchInst>(latch->getTerminator());
	llvm::Value *next = iv->getIncomingValueForBlock(latch);
	llvm::Value *done = new llvm::ICmpInst(lbr, llvm::CmpInst::ICMP_EQ, next, p, "guard.done");
	llvm::BranchInst::Create(exit, h, done, lbr);
	lbr->eraseFromParent();
	if (shrinking)
		llvm::addStringMetadataToLoop(l, "llvm.loop.interleave.count", 1);
}

} // namespace

/* Splits f's guarded loops; how many.  A split loop has no guard left
 * and its copy is marked !kiln.unsplit, so neither is offered again. */
static unsigned split_guarded_loops(llvm::Function &f, llvm::FunctionAnalysisManager &fam)
{
	return change_loops_in_rounds(
		f, fam, 16,
		[&](llvm::Loop *l, llvm::DominatorTree &dt, llvm::LoopInfo &li,
		    llvm::ScalarEvolution &se) {
			guard g;
			if (!simple_loop(l) ||
			    llvm::isa<llvm::SCEVCouldNotCompute>(se.getBackedgeTakenCount(l)) ||
			    !find_guard(l, se, g))
				return false;
			split(f, l, g, se, dt, li);
			return true;
		});
}

llvm::PreservedAnalyses guard_split_pass::run(llvm::Function &f, llvm::FunctionAnalysisManager &fam)
{
	return split_guarded_loops(f, fam) ? llvm::PreservedAnalyses::none()
					   : llvm::PreservedAnalyses::all();
}

} // namespace kiln
