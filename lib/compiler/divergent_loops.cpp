/* kiln-converge-loops: loops that work-items leave at different times.
 *
 * `while (it < max && x * x + y * y <= 4) { ... }` runs a different number of
 * times in each work-item, so its exit cannot be a barrier the whole group
 * passes together, and LLVM will not vectorize the work-item loop around
 * it.  Rewritten like this, every work-item of the group runs the same
 * number of iterations, with a barrier at the head of each:
 *
 *     pre:      done = 0; any = 1
 *     head:     barrier                     (implicit)
 *               if (!any) goto exit         (uniform: the group's OR)
 *               if (done) goto latch        (per work-item)
 *               <the loop>                  exits: save the exit values,
 *                                                  done = 1, goto latch
 *                                           back edge: goto latch
 *     latch:    any = !done; goto head
 *     exit:     <the old exit block, its PHIs read from the saved values>
 *
 * `any` is a context_slot::ANY flag: each work-item writes its own word,
 * and reads see the OR of the group's words from the previous region.  A
 * work-item that is done runs nothing but two loads and a store per
 * iteration, and the region body (the old loop body under `!done`)
 * vectorizes across work-items with masked loads and stores.
 *
 * Taken only for innermost loops that every work-item reaches, with one
 * exit block whose predecessors are all in the loop, one latch, a
 * preheader, no calls inside (a barrier is a call: a rewritten loop
 * holds one and is never taken again), and enough arithmetic for the
 * gathers their loads become (work_outweighs_gathers).
 *
 * Assumes: a work-item function in SSA form after kiln-loop-barriers;
 * kiln-uniformity, dominator tree and loop info from the analysis manager
 * (fresh ones after each rewrite).
 * Guarantees: functions with "kiln-keep-vectors" are left alone; each
 * loop taken has the shape above, its `any` alloca marked
 * !kiln.any for kiln-barriers; at most 16 loops per function. */
#include "compiler/passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/Local.h>

namespace kiln {

static bool exits_divergent(const llvm::Loop *l, const divergence &div)
{
	llvm::SmallVector<llvm::BasicBlock *, 4> exiting;
	l->getExitingBlocks(exiting);
	for (llvm::BasicBlock *bb : exiting) {
		auto *br = llvm::dyn_cast<llvm::BranchInst>(bb->getTerminator());
		if (!br)
			return false; /* switches, ...: left alone */
		if (br->isConditional() && !div.uniform(br->getCondition()))
			return true;
	}
	return false;
}

/* Converged, a loop reads each memory value whose address differs
 * between work-items with a gather, once per iteration for 16 lanes, and
 * keeps every loop-carried value in the context across the iteration's
 * barrier; run one work-item at a time, the same loop keeps them in
 * registers and its loads are plain.  That pays when the iteration's own
 * arithmetic dominates (Mandelbrot's, or an RGBA8 texel's unpacking: one
 * gather and about 20 operations), not when it is mostly gathers: a box
 * filter's loop over the texels of an RGBA float image (4 gathers and 4
 * additions an iteration) ran at 131 Mpixels/s converged and 228 one
 * work-item at a time on the 2-core Zen 5 VM.  So a loop is taken only
 * with at least GATHER_WORK divergent operations per load whose address
 * differs between work-items and between iterations. */
static const unsigned GATHER_WORK = 8;

/* Whether address p is the same in every iteration of l: defined outside
 * it, or computed inside from such values (a GEP LICM would hoist). */
static bool invariant_address(const llvm::Loop *l, const llvm::Value *p, int depth = 0)
{
	auto *i = llvm::dyn_cast<llvm::Instruction>(p);
	if (!i || !l->contains(i))
		return true;
	if (depth > 4 || !(llvm::isa<llvm::GetElementPtrInst>(i) || llvm::isa<llvm::CastInst>(i)))
		return false;
	for (const llvm::Value *op : i->operands())
		if (!invariant_address(l, op, depth + 1))
			return false;
	return true;
}

static bool work_outweighs_gathers(const llvm::Loop *l, const divergence &div)
{
	unsigned gathers = 0, work = 0;
	for (llvm::BasicBlock *bb : l->blocks())
		for (llvm::Instruction &i : *bb) {
			if (auto *ld = llvm::dyn_cast<llvm::LoadInst>(&i)) {
				const llvm::Value *p = ld->getPointerOperand();
				if (!div.uniform(p) && !invariant_address(l, p))
					gathers++;
			} else if (!i.getType()->isVoidTy() && !llvm::isa<llvm::PHINode>(i) &&
				   !div.uniform(&i)) {
				work++;
			}
		}
	return work >= GATHER_WORK * gathers;
}

static bool suitable(const llvm::Loop *l, const divergence &div)
{
	if (!l->getSubLoops().empty() || !l->getLoopPreheader() || !l->getLoopLatch())
		return false;
	llvm::BasicBlock *exit = l->getUniqueExitBlock();
	if (!exit)
		return false;
	for (llvm::BasicBlock *pred : llvm::predecessors(exit))
		if (!l->contains(pred))
			return false;
	/* The preheader, not the header: a loop's own divergent exits make
	 * its header "reached by some" (some work-items go round again). */
	return div.reached_by_all(l->getLoopPreheader()) && exits_divergent(l, div) &&
	       calls_only_intrinsics(l) && !synchronises_through_memory(l) &&
	       work_outweighs_gathers(l, div);
}

static void converge(llvm::Loop *l, llvm::BasicBlock *entry)
{
	llvm::Function &f = *l->getHeader()->getParent();
	llvm::LLVMContext &c = f.getContext();
	llvm::Type *i32 = llvm::Type::getInt32Ty(c);
	llvm::BasicBlock *h = l->getHeader(), *pre = l->getLoopPreheader();
	llvm::BasicBlock *latch = l->getLoopLatch(), *exit = l->getUniqueExitBlock();
	llvm::SmallVector<llvm::BasicBlock *, 4> exiting;
	l->getExitingBlocks(exiting);
	llvm::Instruction *alloca_at = &*entry->getFirstInsertionPt();

	/* Values used after the loop go through memory: the exit will be
	 * reached from the head, past the body that defines them. */
	std::vector<llvm::Instruction *> escaping;
	for (llvm::BasicBlock *bb : l->blocks())
		for (llvm::Instruction &i : *bb)
			for (llvm::User *u : i.users())
				if (!l->contains(llvm::cast<llvm::Instruction>(u)->getParent()) &&
				    !llvm::isa<llvm::PHINode>(u)) {
					escaping.push_back(&i);
					break;
				}
	for (llvm::Instruction *i : escaping)
		llvm::DemoteRegToStack(*i, false, alloca_at);

	/* Loop-carried values go through memory: the back edge now crosses
	 * a barrier, and the header gets a new predecessor. */
	std::vector<llvm::PHINode *> phis;
	for (llvm::PHINode &phi : h->phis())
		phis.push_back(&phi);
	for (llvm::PHINode *phi : phis)
		llvm::DemotePHIToStack(phi, alloca_at);

	llvm::IRBuilder<> ab(alloca_at);
	llvm::AllocaInst *done = ab.CreateAlloca(i32, nullptr, "kiln.done");
	llvm::AllocaInst *any = ab.CreateAlloca(i32, nullptr, "kiln.any");
	any->setMetadata("kiln.any", llvm::MDNode::get(c, {}));

	/* The exit block's PHIs read values saved when a work-item left. */
	std::vector<std::pair<llvm::PHINode *, llvm::AllocaInst *>> saved;
	for (llvm::PHINode &phi : exit->phis())
		saved.push_back({&phi, ab.CreateAlloca(phi.getType(), nullptr,
						       phi.getName() + ".exit")});

	auto *head = llvm::BasicBlock::Create(c, "conv.head", &f, h);
	auto *check = llvm::BasicBlock::Create(c, "conv.check", &f, h);
	auto *next = llvm::BasicBlock::Create(c, "conv.latch", &f, exit);
	auto *leave = llvm::BasicBlock::Create(c, "conv.exit", &f, exit);

	/* pre: done = 0, any = 1, then the head. */
	pre->getTerminator()->replaceUsesOfWith(h, head);
	new llvm::StoreInst(llvm::ConstantInt::get(i32, 0), done, pre->getTerminator());
	new llvm::StoreInst(llvm::ConstantInt::get(i32, 1), any, pre->getTerminator());

	/* head: the barrier, then the group's decision. */
	llvm::IRBuilder<> b(head);
	b.CreateCondBr(b.CreateICmpNE(b.CreateLoad(i32, any, "conv.any"), b.getInt32(0)),
		       check, leave);
	/* The barrier comes first in the head. */
	insert_implicit_barrier(&*head->getFirstInsertionPt());
	b.SetInsertPoint(check);
	b.CreateCondBr(b.CreateICmpNE(b.CreateLoad(i32, done, "conv.done"), b.getInt32(0)),
		       next, h);

	/* Exits: save what the exit block's PHIs want, mark done. */
	for (llvm::BasicBlock *x : exiting) {
		auto *mark = llvm::BasicBlock::Create(c, "conv.done", &f, next);
		llvm::IRBuilder<> mb(mark);
		for (auto &[phi, slot] : saved)
			mb.CreateStore(phi->getIncomingValueForBlock(x), slot);
		mb.CreateStore(mb.getInt32(1), done);
		mb.CreateBr(next);
		x->getTerminator()->replaceUsesOfWith(exit, mark);
	}
	/* The back edge ends the iteration. */
	latch->getTerminator()->replaceUsesOfWith(h, next);

	b.SetInsertPoint(next);
	llvm::Value *still = b.CreateICmpEQ(b.CreateLoad(i32, done), b.getInt32(0));
	b.CreateStore(b.CreateZExt(still, i32), any);
	b.CreateBr(head);

	b.SetInsertPoint(leave);
	b.CreateBr(exit);
	llvm::IRBuilder<> eb(&*exit->getFirstInsertionPt());
	for (auto &[phi, slot] : saved) {
		phi->replaceAllUsesWith(eb.CreateLoad(phi->getType(), slot));
		phi->eraseFromParent();
	}
}

llvm::PreservedAnalyses converge_loops_pass::run(llvm::Function &f,
						 llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	/* kept whole (kiln-scalarize), the work-item loop never vectorizes:
	 * a rewrite would only cost */
	if (!workitem_params(f, p) || runs_as_fibers(f) ||
	    f.hasFnAttribute(keep_vectors_attr))
		return llvm::PreservedAnalyses::all();
	/* One loop at a time, with fresh analyses: a rewrite changes the
	 * blocks around it.  A rewritten loop holds a barrier and is never
	 * taken again. */
	unsigned n = 0;
	for (; n < 16; n++) {
		if (n)
			fam.invalidate(f, llvm::PreservedAnalyses::none());
		llvm::LoopInfo &li = fam.getResult<llvm::LoopAnalysis>(f);
		const divergence &div = fam.getResult<uniformity_analysis>(f);
		llvm::Loop *found = nullptr;
		for (llvm::Loop *l : li.getLoopsInPreorder())
			if (suitable(l, div)) {
				found = l;
				break;
			}
		if (!found)
			break;
		converge(found, &f.getEntryBlock());
	}
	return n ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace kiln
