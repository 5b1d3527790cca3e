/* Implicit barriers at the head of uniform loops.
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
 * Loops with a small constant trip count are left alone: the unroller
 * flattens them, and the work-item loop around them then vectorizes. */
#include "compiler/internal.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>

namespace kiln {

/* Trip counts at or below this are the unroller's business. */
static const unsigned SMALL_TRIP_COUNT = 64;

bool calls_only_intrinsics(const llvm::Loop *l)
{
	for (llvm::BasicBlock *bb : l->blocks())
		for (llvm::Instruction &i : *bb)
			if (auto *c = llvm::dyn_cast<llvm::CallBase>(&i)) {
				llvm::Function *f = c->getCalledFunction();
				if (!f || !f->isIntrinsic())
					return false;
			}
	return true;
}

void insert_implicit_barrier(llvm::Instruction *before)
{
	/* kernel-lib's barrier (sync.cl), with no fence: it orders nothing
	 * that the order of the work-items did not already order. */
	llvm::Module &m = *before->getModule();
	llvm::LLVMContext &c = m.getContext();
	llvm::Type *i32 = llvm::Type::getInt32Ty(c);
	llvm::FunctionCallee bar = m.getOrInsertFunction(
		"__kiln_barrier", llvm::FunctionType::get(llvm::Type::getVoidTy(c), {i32}, false));
	if (auto *bf = llvm::dyn_cast<llvm::Function>(bar.getCallee())) {
		bf->addFnAttr(llvm::Attribute::Convergent);
		bf->addFnAttr(llvm::Attribute::NoUnwind);
	}
	llvm::CallInst::Create(bar, {llvm::ConstantInt::get(i32, 0)}, "", before);
}

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

unsigned add_loop_barriers(llvm::Function &f, const wi_params &p)
{
	pass_env env;
	llvm::LoopInfo &li = env.fam.getResult<llvm::LoopAnalysis>(f);
	llvm::ScalarEvolution &se = env.fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
	divergence div(f, p);

	std::vector<llvm::BasicBlock *> heads;
	for (llvm::Loop *l : li.getLoopsInPreorder()) {
		if (!l->getSubLoops().empty())
			continue;
		unsigned tc = se.getSmallConstantTripCount(l);
		if (tc && tc <= SMALL_TRIP_COUNT)
			continue;
		llvm::BasicBlock *h = l->getHeader();
		/* A barrier is a call too: loops that hold one are already
		 * cut into regions. */
		if (!div.reached_by_all(h) || !exits_uniform(l, div) ||
		    !calls_only_intrinsics(l) || !has_divergent_work(l, div))
			continue;
		heads.push_back(h);
	}
	for (llvm::BasicBlock *h : heads)
		insert_implicit_barrier(&*h->getFirstInsertionPt());
	return (unsigned)heads.size();
}

} // namespace kiln
