/* kiln-check-rescope: checked mode's alias scopes put back where LLVM's
 * own passes dropped them (docs/checked_mode.md).
 *
 * kiln-check-state gives checked mode's memory (failure records, shadows,
 * race cells) scopes of their own and every other access a noalias list
 * naming them, so that the loop vectorizer needs no run-time overlap
 * check between them.  SimplifyCFG, when it hoists an instruction that
 * both sides of a branch begin with, keeps only some metadata kinds; in
 * LLVM 15 the alias scopes are not among them.  The stencil of
 * kiln-bench-kernels loads in[i] first on both sides of its boundary
 * if/else: hoisted, the load may alias the race shadow and the records,
 * which live in address space 0 where the load is in 1, and the
 * vectorizer, which cannot compare pointers of different address spaces
 * at run time, gave up on the loop ("cannot identify array bounds").
 *
 * Checked mode's memory is reached only through address space 0 pointers
 * that the instrumentation computed, so every load, store or atomic
 * through a pointer of another address space is the program's and cannot
 * touch it: such an access gets the noalias of every checked-mode scope
 * of the function back.  Accesses in address space 0 are left as they
 * are (one may be checked mode's own, with its scope dropped).
 * Assumes: kiln-check-state ran (scopes of the check_scope_domain).
 * Guarantees: only noalias lists grow, and only on accesses outside
 * address space 0. */
#include "compiler/check_passes.h"

#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Metadata.h>

#include <set>
#include <vector>

namespace kiln {

/* Whether md is an alias scope of checked mode's domain. */
static bool check_scope(const llvm::MDNode *md)
{
	if (!md || md->getNumOperands() < 2)
		return false;
	auto *dom = llvm::dyn_cast<llvm::MDNode>(md->getOperand(1));
	if (!dom || dom->getNumOperands() < 2)
		return false;
	auto *name = llvm::dyn_cast<llvm::MDString>(dom->getOperand(1));
	return name && name->getString() == check_scope_domain;
}

/* The address space of the memory i accesses, or 0 when it is none of
 * a load, store or atomic. */
static unsigned access_space(const llvm::Instruction &i)
{
	const llvm::Value *p = nullptr;
	if (auto *l = llvm::dyn_cast<llvm::LoadInst>(&i))
		p = l->getPointerOperand();
	else if (auto *s = llvm::dyn_cast<llvm::StoreInst>(&i))
		p = s->getPointerOperand();
	else if (auto *a = llvm::dyn_cast<llvm::AtomicRMWInst>(&i))
		p = a->getPointerOperand();
	else if (auto *x = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i))
		p = x->getPointerOperand();
	return p ? p->getType()->getPointerAddressSpace() : 0;
}

llvm::PreservedAnalyses check_rescope_pass::run(llvm::Function &f,
						llvm::FunctionAnalysisManager &)
{
	std::vector<llvm::Metadata *> scopes;
	std::set<const llvm::MDNode *> seen;
	for (llvm::Instruction &i : llvm::instructions(f))
		if (llvm::MDNode *list = i.getMetadata(llvm::LLVMContext::MD_alias_scope))
			for (const llvm::MDOperand &op : list->operands()) {
				auto *s = llvm::dyn_cast<llvm::MDNode>(op);
				if (check_scope(s) && seen.insert(s).second)
					scopes.push_back(s);
			}
	if (scopes.empty())
		return llvm::PreservedAnalyses::all();
	bool changed = false;
	for (llvm::Instruction &i : llvm::instructions(f)) {
		if (!access_space(i))
			continue;
		llvm::MDNode *na = i.getMetadata(llvm::LLVMContext::MD_noalias);
		std::vector<llvm::Metadata *> missing;
		for (llvm::Metadata *s : scopes) {
			bool listed = false;
			if (na)
				for (const llvm::MDOperand &op : na->operands())
					listed |= op.get() == s;
			if (!listed)
				missing.push_back(s);
		}
		if (missing.empty())
			continue;
		i.setMetadata(llvm::LLVMContext::MD_noalias,
			      llvm::MDNode::concatenate(na, llvm::MDNode::get(f.getContext(), missing)));
		changed = true;
	}
	return check_preserve_cfg(changed);
}

} // namespace kiln
