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
#include "compiler/check_passes.h"
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

/* The one value that is not a constant among the incoming values of phi
 * v (a checked access's value: the read on the passing path, 0 on the
 * failing ones), or null. */
static const llvm::Value *one_variable_value(const llvm::Value *v)
{
	auto *phi = llvm::dyn_cast<llvm::PHINode>(v);
	if (!phi)
		return nullptr;
	const llvm::Value *one = nullptr;
	for (const llvm::Value *in : phi->incoming_values()) {
		/* a loop's phi keeps its own value on a path that does not
		 * change it */
		if (llvm::isa<llvm::Constant>(in) || in == phi)
			continue;
		if (one && one != in)
			return nullptr;
		one = in;
	}
	return one;
}

/* Whether v has the same value in every iteration of l: defined outside
 * it, or computed in it from such values without reading memory (an
 * address the loop recomputes, `&flag[g]`, before anything hoists it). */
static bool invariant(const llvm::Value *v, const llvm::Loop *l, unsigned depth = 0)
{
	auto *i = llvm::dyn_cast<llvm::Instruction>(v);
	if (!i || !l->contains(i))
		return true;
	if (depth > 8 || i->isTerminator())
		return false;
	if (llvm::isa<llvm::PHINode>(i)) {
		/* Checked mode's guard of a load inside the loop (a block's
		 * captured pointer: check_guard) joins the value read with
		 * 0 on the failing path, which the same invariant test
		 * decides in every iteration.  Not a header phi: that one
		 * carries a value from one iteration to the next.  Taking a
		 * loop that does not wait for a waiting one costs speed only
		 * (fibers), never correctness. */
		const llvm::Value *one = one_variable_value(i);
		return one && i->getParent() != l->getHeader() && invariant(one, l, depth + 1);
	}
	if (auto *ld = llvm::dyn_cast<llvm::LoadInst>(i)) {
		/* A plain load the loop repeats (a block's captured pointer,
		 * read from the block literal each time) in a loop that
		 * stores nothing but atomically.  Checked mode's own stores
		 * and service calls (its failure records, the lookup of a
		 * loaded pointer's object: check_passes.h) reach only the
		 * runtime's memory. */
		if (!ld->isSimple())
			return false;
		for (const llvm::BasicBlock *bb : l->blocks())
			for (const llvm::Instruction &j : *bb)
				if (j.mayWriteToMemory() && !j.getMetadata(check_record_mark) &&
				    !j.getMetadata(check_call_mark) &&
				    !llvm::isa<llvm::LoadInst>(j) &&
				    !llvm::isa<llvm::AtomicRMWInst>(j) &&
				    !llvm::isa<llvm::AtomicCmpXchgInst>(j) &&
				    !llvm::isa<llvm::FenceInst>(j))
					return false;
	} else if (i->mayReadOrWriteMemory()) {
		return false;
	}
	for (const llvm::Use &u : i->operands())
		if (!invariant(u.get(), l, depth + 1))
			return false;
	return true;
}

/* The read of memory another work-item may write that v is, seen through
 * casts, masks, cmpxchg's result fields and a phi of it with constants
 * (checked mode's guard of an access or of a built-in's call gives 0 on
 * the paths that skip it: check_guard, check_builtins.cpp): an atomic or
 * volatile load, an
 * atomicrmw or a cmpxchg, at an address l does not change, that is not
 * the work-item's own (a `volatile int spin` counting a delay loop is an
 * alloca); null when v is none. */
static const llvm::Instruction *watched_read(const llvm::Value *v, const llvm::Loop *l)
{
	/* bounded: phis may form a cycle (a value carried around two
	 * loops), which the walk would go round for ever */
	for (unsigned steps = 0;; steps++) {
		if (steps > 64)
			return nullptr;
		if (auto *c = llvm::dyn_cast<llvm::CastInst>(v)) {
			v = c->getOperand(0);
		} else if (auto *e = llvm::dyn_cast<llvm::ExtractValueInst>(v)) {
			v = e->getAggregateOperand();
		} else if (auto *b = llvm::dyn_cast<llvm::BinaryOperator>(v);
			   b && (b->getOpcode() == llvm::Instruction::And ||
				 b->getOpcode() == llvm::Instruction::LShr ||
				 b->getOpcode() == llvm::Instruction::AShr) &&
			   invariant(b->getOperand(1), l)) {
			v = b->getOperand(0);
		} else if (const llvm::Value *one = one_variable_value(v)) {
			v = one;
		} else {
			break;
		}
	}
	auto *i = llvm::dyn_cast<llvm::Instruction>(v);
	if (!i || !l->contains(i))
		return nullptr;
	const llvm::Value *p = nullptr;
	if (auto *ld = llvm::dyn_cast<llvm::LoadInst>(i)) {
		if (ld->isAtomic() || ld->isVolatile())
			p = ld->getPointerOperand();
	} else if (auto *rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(i)) {
		p = rmw->getPointerOperand();
	} else if (auto *cx = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(i)) {
		if (invariant(cx->getCompareOperand(), l))
			p = cx->getPointerOperand();
	}
	if (!p || !invariant(p, l) ||
	    llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(p)))
		return nullptr;
	return i;
}

/* Independent forward progress (OpenCL 3.0 §3.2.2): a work-item can wait
 * for another only by reading, again and again, memory the other writes;
 * in a program without data races that read is atomic or volatile.  A loop
 * waits when one of its exits compares such a read of one address with a
 * value the loop does not change (a flag against 0, a ticket, a lock's
 * expected value): it leaves only when someone else writes.  Loops whose
 * comparisons move on by themselves (a scan along marks, a retry with what
 * the failed compare-and-swap read) finish alone and do not wait. */
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
			if (watched_read(sw->getCondition(), l))
				return true;
		}
	}
	/* Through the logic that combines comparisons, to each comparison. */
	std::set<const llvm::Value *> seen;
	while (!work.empty()) {
		const llvm::Value *v = work.back();
		work.pop_back();
		auto *i = llvm::dyn_cast<llvm::Instruction>(v);
		if (!i || !l->contains(i) || !seen.insert(i).second)
			continue;
		if (auto *cmp = llvm::dyn_cast<llvm::CmpInst>(i)) {
			const llvm::Value *a = cmp->getOperand(0), *b = cmp->getOperand(1);
			if ((watched_read(a, l) && invariant(b, l)) ||
			    (watched_read(b, l) && invariant(a, l)))
				return true;
		} else if (i->getType()->isIntegerTy(1) &&
			   (llvm::isa<llvm::BinaryOperator>(i) || llvm::isa<llvm::SelectInst>(i) ||
			    llvm::isa<llvm::FreezeInst>(i))) {
			for (const llvm::Use &u : i->operands())
				work.push_back(u.get());
		} else if (auto *ev = llvm::dyn_cast<llvm::ExtractValueInst>(i)) {
			/* cmpxchg's success flag: a lock taken against a fixed
			 * expected value */
			if (ev->getType()->isIntegerTy(1) && watched_read(ev, l))
				return true;
		}
	}
	return false;
}

} // namespace kiln
