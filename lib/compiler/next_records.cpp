/* Records of the region a work-item stopped at: next_records.h. */
#include "compiler/next_records.h"

#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/IRBuilder.h>

namespace kiln {

bool is_next_record(const llvm::StoreInst *st)
{
	if (st->getMetadata("kiln.next"))
		return true;
	llvm::MDNode *scopes = st->getMetadata(llvm::LLVMContext::MD_alias_scope);
	if (!scopes || scopes->getNumOperands() == 0)
		return false;
	/* a scope is !{self, domain, name}: every one must be the row's */
	for (const llvm::MDOperand &op : scopes->operands()) {
		auto *scope = llvm::dyn_cast<llvm::MDNode>(op);
		if (!scope || scope->getNumOperands() < 3)
			return false;
		auto *name = llvm::dyn_cast<llvm::MDString>(scope->getOperand(2));
		if (!name || name->getString() != NEXT_RECORD_SCOPE)
			return false;
	}
	return true;
}

bool only_next_records(const llvm::Loop *l, llvm::BasicBlock *bb, next_records &r)
{
	for (llvm::Instruction &i : *bb) {
		if (!i.mayHaveSideEffects())
			continue;
		auto *st = llvm::dyn_cast<llvm::StoreInst>(&i);
		if (!st || !st->isSimple() || !is_next_record(st) ||
		    !l->isLoopInvariant(st->getValueOperand()))
			return false;
		r.stores.push_back(st);
	}
	return true;
}

bool find_first_records(const llvm::Loop *l, llvm::ScalarEvolution &se, next_records &r)
{
	r.first.clear();
	for (llvm::StoreInst *st : r.stores) {
		const llvm::SCEV *at = se.getSCEV(st->getPointerOperand());
		if (auto *ar = llvm::dyn_cast<llvm::SCEVAddRecExpr>(at)) {
			if (ar->getLoop() != l)
				return false;
			at = ar->getStart();
		}
		if (!se.isLoopInvariant(at, l))
			return false;
		r.first.push_back(at);
	}
	return true;
}

void store_first_records(llvm::SCEVExpander &ex, const next_records &r, llvm::Instruction *at)
{
	assert(r.first.size() == r.stores.size() && "find_first_records not run");
	llvm::IRBuilder<> b(at);
	for (size_t k = 0; k < r.stores.size(); k++) {
		llvm::StoreInst *st = r.stores[k];
		llvm::Value *p = ex.expandCodeFor(r.first[k], st->getPointerOperand()->getType(), at);
		llvm::StoreInst *first = b.CreateStore(st->getValueOperand(), p);
		first->copyMetadata(*st);
	}
}

} // namespace kiln
