/* kiln-check-cold-records: checked mode's failure records in vectorized
 * loops behind a branch on their mask (KILN_CHECK; docs/checked_mode.md),
 * after the loop vectorizer.
 *
 * A failed check writes the work-item's record (check_record) in a block
 * of its own that runs in no work-item of a correct kernel.  The loop
 * vectorizer if-converts that block: its loads and stores become masked
 * ones (llvm.masked.load/store) that run in every vector iteration with a
 * mask of no lanes.  Masked memory operations are not free even then: on
 * the AVX-512 machine of docs/checked_mode.md the four masked stores and
 * the masked load of a record made vadd's global race check run 4x slower
 * (23 against 85 GB/s without the record).  This pass puts each run of
 * record accesses that share a mask behind `if (any lane of the mask)`,
 * one test and a branch predicted not taken per vector iteration; a
 * scalar loop's records keep the branch they had.
 *
 * Assumes: the records' accesses carry alias scopes whose names start
 * with check_records_scope (one per record array; kiln-check-state gives
 * them, and the loop vectorizer keeps alias scopes on the masked
 * operations it makes).
 * Guarantees: every masked load or store in the records' scopes runs only
 * when its mask has a lane set, which is what it did anyway (a masked
 * load of no lanes gives its pass-through value, which is what the new
 * phi gives); nothing else moves but stores of the records, later past
 * instructions that neither read nor write memory. */
#include "compiler/check_passes.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

#include <vector>

namespace kiln {

/* Whether i is a masked load or store of the failure records. */
static bool record_access(llvm::Instruction &i)
{
	auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(&i);
	if (!call || (call->getIntrinsicID() != llvm::Intrinsic::masked_load &&
		      call->getIntrinsicID() != llvm::Intrinsic::masked_store))
		return false;
	llvm::MDNode *scopes = i.getMetadata(llvm::LLVMContext::MD_alias_scope);
	if (!scopes)
		return false;
	for (const llvm::MDOperand &op : scopes->operands()) {
		auto *scope = llvm::dyn_cast<llvm::MDNode>(op);
		if (!scope || scope->getNumOperands() < 3)
			continue;
		if (auto *name = llvm::dyn_cast<llvm::MDString>(scope->getOperand(2)))
			if (name->getString().startswith(check_records_scope))
				return true;
	}
	return false;
}

static llvm::Value *mask_of(llvm::IntrinsicInst *call)
{
	return call->getArgOperand(call->getIntrinsicID() == llvm::Intrinsic::masked_load ? 2 : 3);
}

/* Puts the record accesses `run` (one block, in order, one mask) behind
 * a branch on the mask, at the place of the last of them. */
static void guard(const std::vector<llvm::IntrinsicInst *> &run)
{
	llvm::IntrinsicInst *last = run.back();
	llvm::IRBuilder<> b(last);
	llvm::Value *any = b.CreateOrReduce(mask_of(last));
	llvm::MDBuilder mdb(b.getContext());
	llvm::Instruction *term = llvm::SplitBlockAndInsertIfThen(
		any, last, false, mdb.createBranchWeights(1, 1u << 20));
	llvm::BasicBlock *join = last->getParent();
	for (llvm::IntrinsicInst *call : run) {
		llvm::Value *pass = call->getIntrinsicID() == llvm::Intrinsic::masked_load
					    ? call->getArgOperand(3)
					    : nullptr;
		call->moveBefore(term);
		if (!pass)
			continue;
		llvm::PHINode *phi = llvm::PHINode::Create(call->getType(), 2, "", &join->front());
		call->replaceAllUsesWith(phi);
		phi->addIncoming(call, term->getParent());
		phi->addIncoming(pass, term->getParent()->getSinglePredecessor());
	}
}

static bool guard_records(llvm::Function &f)
{
	std::vector<std::vector<llvm::IntrinsicInst *>> runs;
	for (llvm::BasicBlock &bb : f) {
		std::vector<llvm::IntrinsicInst *> run;
		auto close = [&]() {
			if (!run.empty())
				runs.push_back(run);
			run.clear();
		};
		for (llvm::Instruction &i : bb) {
			if (record_access(i)) {
				auto *call = llvm::cast<llvm::IntrinsicInst>(&i);
				/* a load's value is used at once (the first
				 * failure's flag): a run of its own */
				bool load = call->getIntrinsicID() == llvm::Intrinsic::masked_load;
				if (!run.empty() && (load || mask_of(run.back()) != mask_of(call)))
					close();
				run.push_back(call);
				if (load)
					close();
			} else if (i.mayReadOrWriteMemory() || i.mayHaveSideEffects()) {
				close();
			}
		}
		close();
	}
	/* a run's stores move down to its last one: the values they store
	 * are defined before them, so before it too */
	for (auto &run : runs)
		guard(run);
	return !runs.empty();
}

llvm::PreservedAnalyses check_cold_records_pass::run(llvm::Function &f,
						     llvm::FunctionAnalysisManager &)
{
	return guard_records(f) ? llvm::PreservedAnalyses::none()
				: llvm::PreservedAnalyses::all();
}

} // namespace kiln
