/* kiln-check-sink-stores: in checked mode, before the checks, a store to
 * one address at the end of both sides of an if/else becomes one store
 * after it (docs/checked_mode.md).
 *
 *     if (edge) out[i] = in[i]; else out[i] = 0.2f * (...);
 *
 * has two stores to out[i]; each would get its own bounds and race check,
 * and in the vectorized work-item loop the second side's race check read
 * the shadow word the first side's had just written under another mask:
 * the kiln-bench-kernels stencil ran at 0.9 Gcells/s with the race check
 * against 1.8 with the stores merged by hand (8 unchecked, on the 2-core
 * VM).  -O3 merges such stores too, but after the checks are in place;
 * LLVM's own sinking here would drop the !kiln.user mark that says the
 * store is the program's (combineMetadata keeps known kinds only).
 *
 * For a block with two predecessors that each end with a simple store
 * and a branch to it, whose addresses are the same computation of values
 * available in the block (equal_address), the pass puts one store at the
 * top of the block, of a phi of the two values, at a copy of that
 * address, with the metadata and source line of the store that comes
 * first in the source (a defect the checks find there is reported at
 * that line, which names the same access: the address is computed the
 * same way on both sides).
 * Assumes: a work-item function in SSA form (after SROA), before the
 * checks.
 * Guarantees: the program's stores happen as before (one of the two, at
 * the same address, with nothing between). */
#include "compiler/check_passes.h"

#include <llvm/IR/Dominators.h>
#include <llvm/IR/Instructions.h>

#include <map>

namespace kiln {

/* Whether a and b compute the same value at `at`: equal, or the same
 * pure operation of operands that are (instructions computed again,
 * not loads; depth at most 8); values used as they are must dominate
 * `at`. */
static bool equal_address(llvm::Value *a, llvm::Value *b, llvm::BasicBlock *at,
			  const llvm::DominatorTree &dt, unsigned depth = 0)
{
	auto *ia = llvm::dyn_cast<llvm::Instruction>(a);
	if (a == b)
		return !ia || dt.dominates(ia->getParent(), at);
	auto *ib = llvm::dyn_cast<llvm::Instruction>(b);
	if (!ia || !ib || depth > 8 || !ia->isSameOperationAs(ib) ||
	    ia->mayReadOrWriteMemory() || ia->mayHaveSideEffects() ||
	    llvm::isa<llvm::PHINode>(ia) || llvm::isa<llvm::CallBase>(ia))
		return false;
	for (unsigned n = 0; n < ia->getNumOperands(); n++)
		if (!equal_address(ia->getOperand(n), ib->getOperand(n), at, dt, depth + 1))
			return false;
	return true;
}

/* A copy of v at b's insertion point, of values that dominate it (what
 * equal_address accepted). */
static llvm::Value *copy_at(llvm::Value *v, llvm::BasicBlock *at, llvm::IRBuilder<> &b,
			    const llvm::DominatorTree &dt, std::map<llvm::Value *, llvm::Value *> &done)
{
	auto *i = llvm::dyn_cast<llvm::Instruction>(v);
	if (!i || dt.dominates(i->getParent(), at))
		return v;
	auto it = done.find(v);
	if (it != done.end())
		return it->second;
	llvm::Instruction *c = i->clone();
	for (unsigned n = 0; n < c->getNumOperands(); n++)
		c->setOperand(n, copy_at(i->getOperand(n), at, b, dt, done));
	b.Insert(c, i->getName());
	return done[v] = c;
}

/* The store that ends bb before its unconditional branch to `to`. */
static llvm::StoreInst *last_store(llvm::BasicBlock *bb, llvm::BasicBlock *to)
{
	auto *br = llvm::dyn_cast<llvm::BranchInst>(bb->getTerminator());
	if (!br || br->isConditional() || br->getSuccessor(0) != to || !br->getPrevNode())
		return nullptr;
	auto *s = llvm::dyn_cast<llvm::StoreInst>(br->getPrevNode());
	return s && s->isSimple() && s->getMetadata(check_user_mark) ? s : nullptr;
}

static bool sink_one(llvm::BasicBlock &bb, const llvm::DominatorTree &dt)
{
	if (!bb.hasNPredecessors(2))
		return false;
	auto pi = llvm::pred_begin(&bb);
	llvm::BasicBlock *p0 = *pi, *p1 = *++pi;
	if (p0 == p1)
		return false;
	llvm::StoreInst *s0 = last_store(p0, &bb), *s1 = last_store(p1, &bb);
	if (!s0 || !s1 || s0->getValueOperand()->getType() != s1->getValueOperand()->getType() ||
	    s0->getAlign() != s1->getAlign() ||
	    !equal_address(s0->getPointerOperand(), s1->getPointerOperand(), &bb, dt))
		return false;
	llvm::IRBuilder<> b(&*bb.getFirstInsertionPt());
	llvm::Value *v = s0->getValueOperand();
	if (v != s1->getValueOperand()) {
		llvm::IRBuilder<> pb(&bb, bb.begin());
		llvm::PHINode *phi = pb.CreatePHI(v->getType(), 2, "sunk");
		phi->addIncoming(v, p0);
		phi->addIncoming(s1->getValueOperand(), p1);
		v = phi;
	}
	std::map<llvm::Value *, llvm::Value *> done;
	llvm::Value *ptr = copy_at(s0->getPointerOperand(), &bb, b, dt, done);
	/* the template: the store of the earlier source line */
	llvm::StoreInst *first = s0;
	if (s1->getDebugLoc() && (!s0->getDebugLoc() || s1->getDebugLoc().getLine() <
							       s0->getDebugLoc().getLine()))
		first = s1;
	auto *s = llvm::cast<llvm::StoreInst>(first->clone());
	s->setOperand(0, v);
	s->setOperand(1, ptr);
	b.Insert(s);
	s0->eraseFromParent();
	s1->eraseFromParent();
	return true;
}

llvm::PreservedAnalyses check_sink_stores_pass::run(llvm::Function &f,
						    llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	if (!workitem_params(f, p))
		return llvm::PreservedAnalyses::all();
	const llvm::DominatorTree &dt = fam.getResult<llvm::DominatorTreeAnalysis>(f);
	bool changed = false;
	for (llvm::BasicBlock &bb : f)
		while (sink_one(bb, dt))
			changed = true;
	return check_preserve_cfg(changed);
}

} // namespace kiln
