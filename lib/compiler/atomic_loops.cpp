/* Loops that synchronise work-items through memory: any atomic operation
 * or fence inside (atomicrmw, cmpxchg, atomic load/store, fence; what
 * kernel-lib's C11 and 1.x atomics and flags become after inlining).
 *
 * kiln-converge-loops and kiln-loop-barriers run the work-items of a group
 * through such a loop in lock step, an implicit barrier per iteration.  For
 * a spin lock taken one work-item at a time (`while
 * (atomic_flag_test_and_set(&l)) ;  ...  atomic_flag_clear(&l);`) that
 * deadlocks: the holder waits at the implicit barrier for the others,
 * which wait for the lock.  Run one work-item at a time, as written, the
 * loop finishes; and atomics do not vectorize anyway, so leaving these
 * loops alone costs no speed. */
#include "compiler/internal.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Instruction.h>
#include <llvm/IR/Instructions.h>

#include <set>
#include <vector>

namespace kiln {

bool synchronises_through_memory(const llvm::Loop *l)
{
	for (llvm::BasicBlock *bb : l->blocks())
		for (llvm::Instruction &i : *bb)
			if (i.isAtomic())
				return true;
	return false;
}

/* Whether p may point to memory another work-item writes: not to the
 * work-item's own variables (a `volatile int spin` counting a delay loop
 * is an alloca). */
static bool shared(const llvm::Value *p)
{
	return !llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(p));
}

/* Independent forward progress (OpenCL 3.0 §3.2.2): a work-item can wait
 * for another only by reading, again and again, memory the other writes;
 * in a program without data races that read is atomic or volatile.  So a
 * loop waits when the condition of one of its exits depends, through the
 * values computed in the loop, on such a read. */
bool waits_for_other_work_items(const llvm::Loop *l)
{
	llvm::SmallVector<llvm::BasicBlock *, 4> exiting;
	l->getExitingBlocks(exiting);
	std::vector<const llvm::Value *> work;
	for (llvm::BasicBlock *bb : exiting) {
		const llvm::Instruction *t = bb->getTerminator();
		if (auto *br = llvm::dyn_cast<llvm::BranchInst>(t)) {
			if (br->isConditional())
				work.push_back(br->getCondition());
		} else if (auto *sw = llvm::dyn_cast<llvm::SwitchInst>(t)) {
			work.push_back(sw->getCondition());
		}
	}
	std::set<const llvm::Instruction *> seen;
	while (!work.empty()) {
		auto *i = llvm::dyn_cast<llvm::Instruction>(work.back());
		work.pop_back();
		if (!i || !l->contains(i) || !seen.insert(i).second)
			continue;
		if (auto *ld = llvm::dyn_cast<llvm::LoadInst>(i)) {
			if ((ld->isAtomic() || ld->isVolatile()) && shared(ld->getPointerOperand()))
				return true;
		} else if (auto *rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(i)) {
			if (shared(rmw->getPointerOperand()))
				return true;
		} else if (auto *cx = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(i)) {
			auto *e = llvm::dyn_cast<llvm::Instruction>(cx->getCompareOperand());
			if ((!e || !l->contains(e)) && shared(cx->getPointerOperand()))
				return true;
			continue; /* a retry loop: see internal.h */
		}
		for (const llvm::Use &u : i->operands())
			work.push_back(u.get());
	}
	return false;
}

} // namespace kiln
