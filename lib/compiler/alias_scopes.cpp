/* kiln-alias-scopes: scoped alias metadata for the memory a work-item
 * function touches.
 *
 * OpenCL's address spaces are disjoint (OpenCL C 3.0 §6.7), and the local
 * arena and the barrier context are the runtime's own allocations: say so
 * with scoped alias metadata, so that the loop vectorizer does not give up
 * on a work-item loop that mixes local, global and context accesses (it
 * cannot compare pointers of different address spaces at run time).  Each
 * context slot is an array of its own (one row per slot, see
 * context.cpp), so each gets its own scope too: a region that reloads one
 * value and stores another then needs no run-time overlap check.
 * The pixels of a read_only image are a scope of their own: a kernel may
 * not write the image it reads through a read_only argument, through
 * another image argument or through a buffer it was made from (OpenCL C
 * 3.0 §6.15.15: reading and writing one image in a kernel is undefined
 * unless it is read_write; the API spec's §5.3: a buffer and an image made
 * from it must not be used at once), so a filter's stores into its
 * output need no run-time check against its clamped, gathered reads of
 * the input, which the loop vectorizer cannot bound.
 * Private and generic accesses stay unannotated (they may be anything).
 * Assumes: a work-item function; its context slot addresses, if any,
 * marked !kiln.slot.addr by kiln-context.
 * Guarantees: every load, store and atomic through a local (3), global (1)
 * or constant (2) pointer or into a context slot carries !alias.scope and
 * !noalias of one fresh domain (local, global+constant, the pixels of
 * read_only images, one scope per slot
 * array; the next-region records' scope is named NEXT_RECORD_SCOPE, by
 * which next_records.h knows them after passes that drop !kiln.next); the
 * !kiln.slot.addr marks are gone. */
#include "compiler/next_records.h"
#include "compiler/passes.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Operator.h>

namespace kiln {

namespace {
enum { SCOPE_LOCAL, SCOPE_GLOBAL, SCOPE_RO_IMAGE, SCOPE_SLOT0 };
struct alias_scopes {
	std::vector<llvm::MDNode *> scope, noalias;
	/* next_slot: the slot array of the next-region records, whose scope
	 * is named NEXT_RECORD_SCOPE (next_records.h), or -1 */
	alias_scopes(llvm::LLVMContext &c, size_t nslots, long next_slot)
	{
		llvm::MDBuilder mb(c);
		llvm::MDNode *dom = mb.createAnonymousAliasScopeDomain("kiln.as");
		size_t n = SCOPE_SLOT0 + nslots;
		std::vector<llvm::Metadata *> s;
		for (size_t i = 0; i < n; i++)
			s.push_back(next_slot >= 0 && i == SCOPE_SLOT0 + (size_t)next_slot
					    ? mb.createAnonymousAliasScope(dom, NEXT_RECORD_SCOPE)
					    : mb.createAnonymousAliasScope(dom));
		for (size_t i = 0; i < n; i++) {
			std::vector<llvm::Metadata *> others;
			for (size_t j = 0; j < n; j++)
				if (j != i)
					others.push_back(s[j]);
			scope.push_back(llvm::MDNode::get(c, {s[i]}));
			noalias.push_back(llvm::MDNode::get(c, others));
		}
	}
	void tag(llvm::Instruction *i, size_t which)
	{
		i->setMetadata(llvm::LLVMContext::MD_alias_scope, scope[which]);
		i->setMetadata(llvm::LLVMContext::MD_noalias, noalias[which]);
	}
};
} // namespace

static llvm::Value *pointer_of(llvm::Instruction &i)
{
	if (auto *l = llvm::dyn_cast<llvm::LoadInst>(&i))
		return l->getPointerOperand();
	if (auto *st = llvm::dyn_cast<llvm::StoreInst>(&i))
		return st->getPointerOperand();
	if (auto *a = llvm::dyn_cast<llvm::AtomicRMWInst>(&i))
		return a->getPointerOperand();
	if (auto *x = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i))
		return x->getPointerOperand();
	return nullptr;
}

/* The context slot `ptr` points into (an index into slot_addrs), or -1. */
static long slot_of(llvm::Value *ptr, const std::vector<llvm::Value *> &slot_addrs)
{
	for (int depth = 0; ptr && depth < 8; depth++) {
		for (size_t s = 0; s < slot_addrs.size(); s++)
			if (slot_addrs[s] == ptr)
				return (long)s;
		if (auto *g = llvm::dyn_cast<llvm::GEPOperator>(ptr))
			ptr = g->getPointerOperand();
		else if (auto *c = llvm::dyn_cast<llvm::BitCastOperator>(ptr))
			ptr = c->getOperand(0);
		else
			return -1;
	}
	return -1;
}

static void annotate_address_spaces(llvm::Function &f,
				    const std::vector<llvm::Value *> &slot_addrs,
				    alias_scopes &sc)
{
	std::vector<llvm::LoadInst *> ro = read_only_image_pixels(f);
	std::set<const llvm::Value *> ro_pixels(ro.begin(), ro.end());
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb) {
			llvm::Value *ptr = pointer_of(i);
			if (!ptr)
				continue;
			unsigned as = ptr->getType()->getPointerAddressSpace();
			long s;
			if (as == 3)
				sc.tag(&i, SCOPE_LOCAL);
			else if (llvm::isa<llvm::LoadInst>(i) && !ro_pixels.empty() &&
				 ro_pixels.count(llvm::getUnderlyingObject(ptr, 16)))
				sc.tag(&i, SCOPE_RO_IMAGE);
			else if (as == 1 || as == 2)
				sc.tag(&i, SCOPE_GLOBAL);
			else if (as == 0 && (s = slot_of(ptr, slot_addrs)) >= 0)
				sc.tag(&i, SCOPE_SLOT0 + (size_t)s);
		}
}

llvm::PreservedAnalyses alias_scopes_pass::run(llvm::Function &f, llvm::FunctionAnalysisManager &)
{
	wi_params p;
	if (!workitem_params(f, p))
		return llvm::PreservedAnalyses::all();
	std::vector<llvm::Value *> slot_addrs;
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb)
			if (llvm::MDNode *md = i.getMetadata("kiln.slot.addr")) {
				size_t n = llvm::mdconst::extract<llvm::ConstantInt>(md->getOperand(0))
						   ->getZExtValue();
				if (slot_addrs.size() <= n)
					slot_addrs.resize(n + 1);
				slot_addrs[n] = &i;
				i.setMetadata("kiln.slot.addr", nullptr);
			}
	long next_slot = -1;
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb)
			if (next_slot < 0 && i.getMetadata("kiln.next"))
				next_slot = slot_of(pointer_of(i), slot_addrs);
	alias_scopes scopes(f.getContext(), slot_addrs.size(), next_slot);
	annotate_address_spaces(f, slot_addrs, scopes);
	return llvm::PreservedAnalyses::none();
}

} // namespace kiln
