/* kiln-single-item: a work-item loop whose body runs for one work-item
 * runs one iteration.
 *
 * `if (get_local_id(0) == 0) partial[get_group_id(0)] = t[0];` ends nearly
 * every reduction kernel, and the work-group collectives of kernel-lib
 * (kernel-lib/work_group.h) have work-item 0 fold or scan the group's
 * values in a region of their own.  In the work-group function such a
 * region is a work-item loop over the whole group whose body is that one
 * test: 256 iterations of computing the local id, comparing and branching
 * to run the body once.  Where the body holds a loop (the fold) the
 * work-item loop cannot be vectorized either, so every iteration is
 * scalar.
 *
 * The test compares an affine function of the loop counter, g = s + i
 * (w bits, w = 32 or 64), with a loop-invariant value c, so the body runs
 * in exactly the iterations i with s + i = c modulo 2^w: at most one,
 * i* = (c - s) mod 2^w, when the loop has at most 2^w iterations, and only
 * when i* is below the trip count n.  This pass computes i* before the
 * loop and runs the loop from i* to i* + 1, or not at all, keeping the test
 * (true in that iteration).  Iterations that skip the body must do nothing
 * else: the test's other side goes straight to the latch, and the header
 * and the latch hold no side effects but the record of the region each
 * work-item stopped at (!kiln.next, context.cpp), of which the work-group
 * function reads the first work-item's: that store is made once before the
 * loop for the loop's first iteration.  A launch with more than 2^32
 * iterations in one loop (never a work-item loop of a real group) runs the
 * whole loop as before.
 *
 * The same holds one level up for `(g & (2^k - 1)) == c` with c < 2^k, as
 * `if (get_sub_group_local_id() == 0)` becomes for sub-groups of 2^k
 * work-items: the body runs in every 2^k-th iteration from
 * i* = (c - s) mod 2^k, and the loop steps from i* by 2^k.
 *
 * It runs at the start of the vectorizer passes, after kiln-guard-split
 * (passes.cpp), when the work-item function is inlined and its loops are
 * in canonical form.
 * Assumes: a work-group function (__kiln_wg_*; others are left alone)
 * after -O3's loop passes; dominator tree, loop info and scalar evolution
 * from the analysis manager (fresh ones after each change).
 * Guarantees: each loop of the shape one_item_loop describes (innermost
 * or not) whose header branches on `g == c` or `(g & (2^k - 1)) == c` to
 * its body (or `!=` to the latch) and otherwise straight to the latch runs
 * only the iterations where the test holds; its header's test is marked
 * !kiln.single and the loop is neither vectorized nor unrolled.  At most
 * 16 loops per function. */
#include "compiler/loop_rounds.h"
#include "compiler/next_records.h"
#include "compiler/passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

namespace kiln {

namespace {

/* The test: the body runs in iteration i iff start + i == value
 * (w-bit), through the conditional branch br. */
struct item_test {
	llvm::BranchInst *br;
	const llvm::SCEV *start;
	const llvm::SCEV *value;
	unsigned width;
	/* 1 for g == c; 2^k for (g & (2^k - 1)) == c, c < 2^k: one
	 * iteration in every 2^k (the first work-item of each sub-group) */
	uint64_t stride;
	/* the !kiln.next stores of the header and the latch */
	next_records next;
};

/* The loop shapes handled: one latch that is the only exiting block, a
 * 64-bit canonical counter that is the header's only phi (so that starting
 * at i* needs no other value), a dedicated preheader, an exit without
 * phis. */
bool one_item_loop(const llvm::Loop *l)
{
	llvm::BasicBlock *latch = l->getLoopLatch(), *h = l->getHeader();
	llvm::PHINode *iv = l->getCanonicalInductionVariable();
	if (!latch || l->getExitingBlock() != latch || !l->getLoopPreheader() ||
	    !l->getExitBlock() || !l->getExitBlock()->phis().empty() ||
	    !latch->phis().empty() || latch == h || !iv || !iv->getType()->isIntegerTy(64) ||
	    !llvm::isa<llvm::BranchInst>(latch->getTerminator()) ||
	    h->getTerminator()->getMetadata("kiln.single"))
		return false;
	for (llvm::PHINode &phi : h->phis())
		if (&phi != iv)
			return false;
	return true;
}

bool find_test(llvm::Loop *l, llvm::ScalarEvolution &se, item_test &t)
{
	llvm::BasicBlock *h = l->getHeader(), *latch = l->getLoopLatch();
	auto *br = llvm::dyn_cast<llvm::BranchInst>(h->getTerminator());
	next_records next;
	if (!br || !br->isConditional() || !only_next_records(l, h, next) ||
	    !only_next_records(l, latch, next) || !find_first_records(l, se, next))
		return false;
	auto *cmp = llvm::dyn_cast<llvm::ICmpInst>(br->getCondition());
	if (!cmp || !cmp->getOperand(0)->getType()->isIntegerTy())
		return false;
	/* the body on the side where g == c holds, the latch on the other */
	unsigned body_side;
	if (cmp->getPredicate() == llvm::CmpInst::ICMP_EQ)
		body_side = 0;
	else if (cmp->getPredicate() == llvm::CmpInst::ICMP_NE)
		body_side = 1;
	else
		return false;
	llvm::BasicBlock *body = br->getSuccessor(body_side);
	if (br->getSuccessor(1 - body_side) != latch || body == latch || !l->contains(body))
		return false;
	llvm::Value *lhs = cmp->getOperand(0), *rhs = cmp->getOperand(1);
	if (l->isLoopInvariant(lhs))
		std::swap(lhs, rhs);
	uint64_t stride = 1;
	const llvm::APInt *mask, *cval;
	if (llvm::PatternMatch::match(lhs, llvm::PatternMatch::m_And(llvm::PatternMatch::m_Value(),
								     llvm::PatternMatch::m_APInt(mask))) &&
	    llvm::PatternMatch::match(rhs, llvm::PatternMatch::m_APInt(cval))) {
		/* (g & M) == c: every 2^k-th iteration from the first where
		 * it holds, for M = 2^k - 1 below 2^31 and c <= M (a larger
		 * c never holds: left alone) */
		if (!(*mask + 1).isPowerOf2() || mask->getActiveBits() > 31 || cval->ugt(*mask))
			return false;
		stride = mask->getZExtValue() + 1;
		lhs = llvm::cast<llvm::Instruction>(lhs)->getOperand(0);
	}
	const llvm::SCEV *a = se.getSCEV(lhs);
	const llvm::SCEV *b = se.getSCEV(rhs);
	auto *rec = llvm::dyn_cast<llvm::SCEVAddRecExpr>(a);
	if (!rec || rec->getLoop() != l || !rec->isAffine() || !se.isLoopInvariant(b, l) ||
	    !rec->getStepRecurrence(se)->isOne())
		return false;
	unsigned w = se.getTypeSizeInBits(rec->getType());
	if (w != 32 && w != 64)
		return false;
	t = item_test{ br, rec->getStart(), b, w, stride, next };
	return true;
}

/* Makes loop l run only the iteration where test t holds; the analyses
 * are stale afterwards. */
void run_one_item(llvm::Function &fn, llvm::Loop *l, const item_test &t,
		  llvm::ScalarEvolution &se)
{
	llvm::LLVMContext &c = fn.getContext();
	llvm::BasicBlock *ph = l->getLoopPreheader(), *h = l->getHeader();
	llvm::BasicBlock *latch = l->getLoopLatch(), *exit = l->getExitBlock();
	llvm::PHINode *iv = l->getCanonicalInductionVariable();
	const llvm::SCEV *btc = se.getBackedgeTakenCount(l);
	const llvm::SCEV *n = se.getAddExpr(btc, se.getOne(btc->getType()));

	llvm::Instruction *term = ph->getTerminator();
	llvm::IRBuilder<> b(term);
	llvm::SCEVExpander ex(se, fn.getParent()->getDataLayout(), "single.item");
	llvm::Type *wt = b.getIntNTy(t.width);
	llvm::Value *s = ex.expandCodeFor(t.start, wt, term);
	llvm::Value *v = ex.expandCodeFor(t.value, wt, term);
	llvm::Value *nv = ex.expandCodeFor(n, b.getInt64Ty(), term);
	/* the first iteration's record of the region it stopped at */
	store_first_records(ex, t.next, term);

	/* i* = (c - s) mod 2^w (mod the stride for the masked test), the
	 * first iteration that runs the body when the loop has n in [1,
	 * 2^32] iterations (n = 0 stands for 2^64); otherwise ("not sane")
	 * the loop runs as before */
	llvm::Value *diff = b.CreateSub(v, s);
	if (t.stride > 1)
		diff = b.CreateAnd(diff, llvm::ConstantInt::get(wt, t.stride - 1));
	llvm::Value *istar = b.CreateZExt(diff, b.getInt64Ty(), "single.i");
	llvm::Value *sane = b.CreateICmpULT(b.CreateSub(nv, b.getInt64(1)),
					    b.getInt64(1ull << 32), "single.sane");
	llvm::Value *first = b.CreateSelect(sane, istar, b.getInt64(0));
	llvm::Value *stop = nullptr;
	if (t.stride == 1)
		stop = b.CreateSelect(sane, b.CreateAdd(istar, b.getInt64(1)), nv, "single.stop");
	llvm::Value *step = nullptr;
	if (t.stride > 1)
		step = b.CreateSelect(sane, b.getInt64(t.stride), b.getInt64(1), "single.step");
	llvm::Value *enter = b.CreateOr(b.CreateNot(sane), b.CreateICmpULT(istar, nv),
					"single.enter");
	b.CreateCondBr(enter, h, exit);
	term->eraseFromParent();
	iv->setIncomingValueForBlock(ph, first);

	auto *lbr = llvm::cast<llvm::BranchInst>(latch->getTerminator());
	llvm::Value *next = iv->getIncomingValueForBlock(latch);
	llvm::Value *done;
	if (t.stride == 1) {
		done = new llvm::ICmpInst(lbr, llvm::CmpInst::ICMP_EQ, next, stop, "single.done");
	} else {
		/* i + stride, past n (no wrap: n <= 2^32, stride < 2^32),
		 * or i + 1 == n as before */
		llvm::IRBuilder<> lb(lbr);
		llvm::Value *stepped = lb.CreateAdd(iv, step, "single.next");
		iv->setIncomingValueForBlock(latch, stepped);
		done = lb.CreateSelect(sane, lb.CreateICmpUGE(stepped, nv),
				       lb.CreateICmpEQ(stepped, nv), "single.done");
	}
	llvm::BranchInst::Create(exit, h, done, lbr);
	lbr->eraseFromParent();

	t.br->setMetadata("kiln.single", llvm::MDNode::get(c, {}));
	/* one iteration: nothing for the vectorizer or the unroller */
	llvm::addStringMetadataToLoop(l, "llvm.loop.vectorize.width", 1);
	llvm::addStringMetadataToLoop(l, "llvm.loop.interleave.count", 1);
	llvm::addStringMetadataToLoop(l, "llvm.loop.unroll.disable");
}

} // namespace

/* Narrows f's single-item loops; how many.  A narrowed loop's test is
 * marked !kiln.single, so it is not offered again. */
static unsigned narrow_single_item_loops(llvm::Function &f, llvm::FunctionAnalysisManager &fam)
{
	return change_loops_in_rounds(
		f, fam, 16,
		[&](llvm::Loop *l, llvm::DominatorTree &, llvm::LoopInfo &, llvm::ScalarEvolution &se) {
			item_test t;
			if (!one_item_loop(l) ||
			    llvm::isa<llvm::SCEVCouldNotCompute>(se.getBackedgeTakenCount(l)) ||
			    !se.getBackedgeTakenCount(l)->getType()->isIntegerTy(64) ||
			    !find_test(l, se, t))
				return false;
			run_one_item(f, l, t, se);
			return true;
		});
}

llvm::PreservedAnalyses single_item_pass::run(llvm::Function &f, llvm::FunctionAnalysisManager &fam)
{
	return narrow_single_item_loops(f, fam) ? llvm::PreservedAnalyses::none()
						: llvm::PreservedAnalyses::all();
}

} // namespace kiln
