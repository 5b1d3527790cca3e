/* Which values of a work-item function are the same for every work-item of
 * the group ("uniform") and which may differ ("divergent"), and which blocks
 * every work-item reaches together.
 *
 * Divergence starts at the local ids (the x, y, z parameters) and flows:
 *  - through operands (data dependence);
 *  - into the PHIs of blocks where the paths of a divergent branch meet
 *    again, or may (sync dependence): a block reachable from a divergent
 *    branch without first passing its immediate post-dominator;
 *  - from memory, conservatively: a load is uniform only when its address
 *    is uniform, it reads global, constant or local memory (a program in
 *    which work-items of one group read different values there at the same
 *    address without a barrier between has a data race, which the OpenCL
 *    3.0 memory model leaves undefined), and the function has no atomics
 *    (which are the race-free way to make such values differ); the launch
 *    description (info) and loads marked !invariant.load (checked mode's
 *    tables) from a uniform address are uniform; private memory otherwise
 *    never is;
 *  - from the address of private memory (an alloca): each work-item has its
 *    own, and one kept across a barrier lives at a different address per
 *    work-item (kiln-context), so a pointer to it is never a value one
 *    group-wide copy could hold.
 * The analysis only has to be safe: calling a uniform value divergent costs
 * speed, the reverse costs correctness.
 *
 * kiln-uniformity: a function analysis of the new pass manager, computed
 * once per work-item function and kept until a pass changes the function
 * (the default invalidation: every Kiln pass that changes IR preserves
 * nothing).  Assumes: a work-item function (kiln-workitem) in SSA form;
 * on any other function everything is divergent.  print<kiln-uniformity>
 * shows the result for IR tests. */
#include "compiler/passes.h"

#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Support/raw_ostream.h>

namespace kiln {

/* The compiler's own per-kernel constants, which kiln-subgroups replaces
 * (__kiln_sg_max_size: the sub-group size; __kiln_wi_loops: whether the
 * work-items run as work-item loops), and the work-group's state pointer
 * (__kiln_wg_state, which kiln-wg-state replaces; checked mode reads its
 * tables through it): the same in every work-item. */
static bool is_kernel_constant(const llvm::CallBase *c)
{
	const llvm::Function *f = c->getCalledFunction();
	return f && f->isDeclaration() && c->arg_empty() &&
	       (f->getName() == "__kiln_sg_max_size" || f->getName() == "__kiln_wi_loops" ||
		f->getName() == "__kiln_wg_state");
}

static bool has_atomics(llvm::Function &f)
{
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb) {
			if (llvm::isa<llvm::AtomicRMWInst>(i) ||
			    llvm::isa<llvm::AtomicCmpXchgInst>(i) ||
			    llvm::isa<llvm::FenceInst>(i))
				return true;
			if (auto *l = llvm::dyn_cast<llvm::LoadInst>(&i))
				if (!l->isSimple())
					return true;
			if (auto *s = llvm::dyn_cast<llvm::StoreInst>(&i))
				if (!s->isSimple())
					return true;
		}
	return false;
}

/* The condition of a conditional terminator, or null. */
static llvm::Value *branch_condition(llvm::Instruction *t)
{
	if (auto *br = llvm::dyn_cast<llvm::BranchInst>(t))
		return br->isConditional() ? br->getCondition() : nullptr;
	if (auto *sw = llvm::dyn_cast<llvm::SwitchInst>(t))
		return sw->getCondition();
	return nullptr;
}

divergence::divergence(llvm::Function &f, const wi_params &p,
		       const llvm::PostDominatorTree &pdt)
	: known(true)
{
	bool atomics = has_atomics(f);
	divergent.insert(p.x);
	divergent.insert(p.y);
	divergent.insert(p.z);

	auto operand_divergent = [&](llvm::Instruction &i) {
		for (llvm::Value *op : i.operands())
			if (divergent.count(op))
				return true;
		return false;
	};
	auto load_divergent = [&](llvm::LoadInst *l) {
		llvm::Value *ptr = l->getPointerOperand();
		if (divergent.count(ptr) || !l->isSimple())
			return true;
		if (llvm::getUnderlyingObject(ptr, 0) == p.info)
			return false;
		/* memory that does not change while the kernel runs (checked
		 * mode's launch tables): one address, one value */
		if (l->getMetadata(llvm::LLVMContext::MD_invariant_load))
			return false;
		unsigned as = ptr->getType()->getPointerAddressSpace();
		return atomics || !(as == 1 || as == 2 || as == 3);
	};

	/* Grows to a fixed point: a new divergent branch can make PHIs
	 * divergent, which can make more branches divergent. */
	bool changed = true;
	while (changed) {
		changed = false;
		for (llvm::BasicBlock &bb : f) {
			for (llvm::Instruction &i : bb) {
				if (divergent.count(&i) || i.getType()->isVoidTy())
					continue;
				bool d;
				if (auto *l = llvm::dyn_cast<llvm::LoadInst>(&i))
					d = load_divergent(l);
				else if (llvm::isa<llvm::PHINode>(i))
					d = operand_divergent(i) || joins.count(&bb);
				else if (auto *c = llvm::dyn_cast<llvm::CallBase>(&i))
					d = !is_kernel_constant(c) &&
					    (!c->getCalledFunction() ||
					     !c->getCalledFunction()->isIntrinsic() ||
					     c->mayHaveSideEffects() || c->mayReadFromMemory() ||
					     operand_divergent(i));
				else if (llvm::isa<llvm::AtomicRMWInst>(i) ||
					 llvm::isa<llvm::AtomicCmpXchgInst>(i))
					d = true;
				/* each work-item's own private memory: an alloca
				 * live across a barrier becomes a row of the
				 * context, at a different address per work-item */
				else if (llvm::isa<llvm::AllocaInst>(i))
					d = true;
				else
					d = operand_divergent(i);
				if (d) {
					divergent.insert(&i);
					changed = true;
				}
			}
			llvm::Instruction *t = bb.getTerminator();
			llvm::Value *cond = t ? branch_condition(t) : nullptr;
			if (!cond || !divergent.count(cond) || !branches.insert(&bb).second)
				continue;
			changed = true;
			/* The blocks this branch's paths may meet at: everything
			 * reachable before its post-dominator, and that one
			 * (reached by all again, but its PHIs merge paths). */
			llvm::DomTreeNode *n = pdt.getNode(&bb);
			llvm::BasicBlock *ipdom =
				n && n->getIDom() ? n->getIDom()->getBlock() : nullptr;
			std::vector<llvm::BasicBlock *> work(llvm::succ_begin(&bb),
							     llvm::succ_end(&bb));
			std::set<llvm::BasicBlock *> seen;
			while (!work.empty()) {
				llvm::BasicBlock *x = work.back();
				work.pop_back();
				if (!seen.insert(x).second)
					continue;
				joins.insert(x);
				if (x == ipdom)
					continue;
				partial.insert(x);
				for (llvm::BasicBlock *s : llvm::successors(x))
					work.push_back(s);
			}
		}
	}
}

bool divergence::uniform(const llvm::Value *v) const
{
	return known && !divergent.count(v);
}

bool divergence::reached_by_all(const llvm::BasicBlock *b) const
{
	return known && !partial.count(b);
}

llvm::AnalysisKey uniformity_analysis::Key;

divergence uniformity_analysis::run(llvm::Function &f, llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	if (!workitem_params(f, p))
		return divergence();
	return divergence(f, p, fam.getResult<llvm::PostDominatorTreeAnalysis>(f));
}

llvm::PreservedAnalyses uniformity_printer_pass::run(llvm::Function &f,
						     llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	if (!workitem_params(f, p))
		return llvm::PreservedAnalyses::all();
	const divergence &div = fam.getResult<uniformity_analysis>(f);
	os << "kiln-uniformity of " << f.getName() << ":\n";
	for (llvm::BasicBlock &bb : f) {
		os << "block ";
		bb.printAsOperand(os, false);
		os << (div.reached_by_all(&bb) ? ": reached by all\n" : ": reached by some\n");
		for (llvm::Instruction &i : bb)
			if (!i.getType()->isVoidTy())
				os << (div.uniform(&i) ? "  uniform:  " : "  divergent:") << i << "\n";
	}
	return llvm::PreservedAnalyses::all();
}

} // namespace kiln
