/* kiln-pair-workitems: two neighbouring work-items in one function, their
 * vectors side by side in one register (docs/compiler.md).
 *
 * A kernel written with vectors half as wide as the target's registers
 * (float8 on AVX-512) fills half of every register.  kiln-scalarize would
 * split it and vectorize across work-items, which fills the lanes but
 * turns every vector load into a transposing gather (a float8 row of 8
 * work-items is 8 loads of stride 8) and every element into a chain of its
 * own.  When the group's size is known and even along dimension 0
 * (reqd_work_group_size, or the runtime's specialization !kiln.local_size),
 * every work-item takes the same path through the code and every loop
 * holds a barrier or is one -O3 flattens, work-items x
 * and x + 1 can run as one: each of their <N x T> operations becomes one
 * <2N x T> operation on [value of x | value of x + 1], and a load or store
 * whose two addresses are adjacent one access of both.
 *
 * kiln-scalarize asks pairable() and keeps such a kernel's vectors
 * (attribute pair_attr beside keep_vectors_attr).  After the work-item
 * function is final (kiln-barriers, kiln-context, kiln-alias-scopes) this
 * pass clones it into __kiln_pair_<k>(same parameters), which runs
 * work-items x and x + 1, in two steps:
 *   1. every instruction that depends on x (data dependence from the x
 *      parameter; allocas, each work-item's private memory) gets a copy
 *      for x + 1 right after it; code that does not is shared;
 *   2. each such pair of vector instructions whose doubled type fits a
 *      register becomes one instruction of the doubled type where its
 *      operation is element-wise (arithmetic, comparisons, selects, casts,
 *      element-wise intrinsics, phis), a shuffle or insert of constant
 *      place, or a load or store whose x + 1 address is the x address plus
 *      the vector's size (scalar evolution).  Operands of other pairs are
 *      joined by a shuffle, and users that stay in pairs read halves.
 * kiln-workgroup runs the pair function over x = 0, 2, 4, ... in groups of
 * the known size; others (a non-uniform range's last groups) run the
 * work-item function.
 *
 * Running x and x + 1 step by step rather than one after the other only
 * changes what a work-item could see of the other's memory between two
 * barriers, which the OpenCL memory model leaves undefined without
 * atomics or fences (OpenCL 3.0 §3.3.6); kernels with those are not
 * paired.
 *
 * Assumes: work-item functions of the form kiln-workitem makes.
 * Guarantees: a pair function only for a work-item function with
 * pair_attr that pairable() still accepts, verified, else none (the
 * kernel then runs its work-item function, vectors whole). */
#include "compiler/passes.h"

#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <map>
#include <set>

namespace kiln {

/* Intrinsics that apply to each element alone and whose declaration is
 * overloaded on their result type only (the other operands, where there
 * are any, are i1 flags). */
static bool elementwise_intrinsic(llvm::Intrinsic::ID id)
{
	switch (id) {
	case llvm::Intrinsic::fmuladd: case llvm::Intrinsic::fma:
	case llvm::Intrinsic::fabs: case llvm::Intrinsic::sqrt:
	case llvm::Intrinsic::minnum: case llvm::Intrinsic::maxnum:
	case llvm::Intrinsic::minimum: case llvm::Intrinsic::maximum:
	case llvm::Intrinsic::copysign: case llvm::Intrinsic::floor:
	case llvm::Intrinsic::ceil: case llvm::Intrinsic::trunc:
	case llvm::Intrinsic::rint: case llvm::Intrinsic::nearbyint:
	case llvm::Intrinsic::round: case llvm::Intrinsic::roundeven:
	case llvm::Intrinsic::smax: case llvm::Intrinsic::smin:
	case llvm::Intrinsic::umax: case llvm::Intrinsic::umin:
	case llvm::Intrinsic::abs: case llvm::Intrinsic::fshl:
	case llvm::Intrinsic::fshr: case llvm::Intrinsic::ctpop:
	case llvm::Intrinsic::ctlz: case llvm::Intrinsic::cttz:
	case llvm::Intrinsic::bitreverse: case llvm::Intrinsic::bswap:
	case llvm::Intrinsic::sadd_sat: case llvm::Intrinsic::uadd_sat:
	case llvm::Intrinsic::ssub_sat: case llvm::Intrinsic::usub_sat:
		return true;
	default:
		return false;
	}
}

/* Whether a call may run once per work-item of a pair, or once for both
 * when its operands are the same: it touches no memory the other
 * work-item could see in between (intrinsics without memory effects,
 * lifetime markers, Kiln's prefetches, barriers before kiln-barriers,
 * memory copies and fills of the work-item's own data). */
static bool pairable_call(const llvm::CallInst &c)
{
	const llvm::Function *f = c.getCalledFunction();
	if (!f || c.isInlineAsm())
		return false;
	if (is_barrier(f) || c.doesNotAccessMemory())
		return true;
	if (auto *ii = llvm::dyn_cast<llvm::IntrinsicInst>(&c))
		return ii->isLifetimeStartOrEnd() || ii->isAssumeLikeIntrinsic() ||
		       llvm::isa<llvm::MemIntrinsic>(ii) ||
		       ii->getIntrinsicID() == llvm::Intrinsic::prefetch;
	return f->getName().startswith("__kiln_prefetch_");
}

/* The values of f that depend on the work-item's x: the x parameter, its
 * users through data, every alloca and what reaches it.  False when f
 * cannot run two work-items as one: a branch, switch or return that
 * depends on x, an atomic, fence or volatile access, or a call
 * pairable_call refuses. */
static bool find_varying(llvm::Function &f, llvm::Argument *x,
			 std::set<const llvm::Value *> &varying)
{
	std::vector<const llvm::Value *> work{x};
	varying.insert(x);
	for (llvm::Instruction &i : llvm::instructions(f))
		if (llvm::isa<llvm::AllocaInst>(i) && varying.insert(&i).second)
			work.push_back(&i);
	while (!work.empty()) {
		const llvm::Value *v = work.back();
		work.pop_back();
		for (const llvm::User *u : v->users())
			if (llvm::isa<llvm::Instruction>(u) && varying.insert(u).second)
				work.push_back(u);
	}
	for (llvm::Instruction &i : llvm::instructions(f)) {
		if (i.isTerminator() && varying.count(&i))
			return false;
		if (i.isAtomic() || llvm::isa<llvm::FenceInst>(i) || i.isEHPad())
			return false;
		if (auto *l = llvm::dyn_cast<llvm::LoadInst>(&i); l && l->isVolatile())
			return false;
		if (auto *s = llvm::dyn_cast<llvm::StoreInst>(&i); s && s->isVolatile())
			return false;
		if (auto *c = llvm::dyn_cast<llvm::CallBase>(&i)) {
			auto *ci = llvm::dyn_cast<llvm::CallInst>(c);
			if (!ci || !pairable_call(*ci))
				return false;
		}
	}
	return true;
}

/* The local size k's work-group function is specialized for, dimension 0
 * (0 when unknown). */
static uint64_t known_width(llvm::Function &wi)
{
	llvm::Function *k = kernel_of_workitem(wi);
	uint64_t r[3];
	return k && known_local_size(*k, r) ? r[0] : 0;
}

/* Whether every loop of f holds a barrier (a loop of regions, each with
 * its own loops over the group) or is an innermost one that -O3 will
 * flatten (leaves_to_unroller).  Any other loop would stay inside the pair
 * function, each pair running its iterations alone, one dependent chain of
 * vectors: split instead, kiln-loop-barriers turns it inside out and its
 * iterations run 16 work-items at once (a float8 multiply-add chain,
 * paired, ran at 13% of the FMA limit against 84% split). */
static bool loops_allow_pairing(llvm::Function &f, llvm::FunctionAnalysisManager &fam)
{
	auto &li = fam.getResult<llvm::LoopAnalysis>(f);
	auto &se = fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
	for (llvm::Loop *l : li.getLoopsInPreorder())
		if (!loop_has_barrier(l) && !(l->isInnermost() && leaves_to_unroller(l, se)))
			return false;
	return true;
}

bool pairable(llvm::Function &wi, llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	if (!workitem_params(wi, p) || runs_as_fibers(wi))
		return false;
	uint64_t w = known_width(wi);
	if (w < 2 || w % 2)
		return false;
	std::set<const llvm::Value *> varying;
	return find_varying(wi, p.x, varying) && loops_allow_pairing(wi, fam);
}

namespace {

/* Step 2 of the header comment over a pair function whose step 1 is done:
 * `pairs` maps each instruction for x to its copy for x + 1, in program
 * order. */
class packer {
public:
	packer(llvm::Function &f, llvm::ScalarEvolution &se, uint64_t register_bits,
	       const std::vector<std::pair<llvm::Instruction *, llvm::Instruction *>> &pairs)
		: f(f), se(se), dl(f.getParent()->getDataLayout()), bits(register_bits),
		  pairs(pairs) {}

	void run();

private:
	llvm::Function &f;
	llvm::ScalarEvolution &se;
	const llvm::DataLayout &dl;
	uint64_t bits;
	const std::vector<std::pair<llvm::Instruction *, llvm::Instruction *>> &pairs;
	/* x's instruction -> the doubled one */
	std::map<llvm::Value *, llvm::Value *> wide;
	/* x's instruction -> x + 1's */
	std::map<llvm::Value *, llvm::Instruction *> partner;
	/* (x value, x + 1 value) -> their concatenation */
	std::map<std::pair<llvm::Value *, llvm::Value *>, llvm::Value *> joined;
	std::vector<std::pair<llvm::PHINode *, llvm::PHINode *>> wide_phis;

	llvm::FixedVectorType *doubled(llvm::Type *t) const;
	bool adjacent(llvm::Value *lo, llvm::Value *hi, llvm::Type *t) const;
	llvm::Value *join(llvm::Value *lo, llvm::Value *hi, llvm::Instruction *before);
	llvm::Value *make_wide(llvm::Instruction *lo, llvm::Instruction *hi);
	static llvm::Instruction *after(llvm::Instruction *i);
};

} // namespace

/* <2N x T> for t = <N x T> when it fits a register, else null. */
llvm::FixedVectorType *packer::doubled(llvm::Type *t) const
{
	auto *vt = llvm::dyn_cast<llvm::FixedVectorType>(t);
	if (!vt || 2 * dl.getTypeSizeInBits(vt).getFixedSize() > bits)
		return nullptr;
	return llvm::FixedVectorType::get(vt->getElementType(), 2 * vt->getNumElements());
}

/* Whether hi addresses the bytes right after a t at lo, with no padding
 * inside t (a <3 x float> takes 16 bytes but holds 12). */
bool packer::adjacent(llvm::Value *lo, llvm::Value *hi, llvm::Type *t) const
{
	uint64_t size = dl.getTypeStoreSize(t);
	if (size != dl.getTypeAllocSize(t))
		return false;
	const llvm::SCEV *d = se.getMinusSCEV(se.getSCEV(hi), se.getSCEV(lo));
	auto *c = llvm::dyn_cast<llvm::SCEVConstant>(d);
	return c && c->getAPInt() == size;
}

/* The first place after i where a new instruction may go (past the phis
 * when i is one). */
llvm::Instruction *packer::after(llvm::Instruction *i)
{
	if (llvm::isa<llvm::PHINode>(i))
		return &*i->getParent()->getFirstInsertionPt();
	return i->getNextNode();
}

/* The doubled form of the pair (lo, hi), a value for x and its value for
 * x + 1 (the same value when it does not depend on x): the doubled
 * instruction where lo was doubled, else a shuffle joining the two, placed
 * after both or, for constants and parameters, at `before`. */
llvm::Value *packer::join(llvm::Value *lo, llvm::Value *hi, llvm::Instruction *before)
{
	auto w = wide.find(lo);
	if (w != wide.end())
		return w->second;
	auto j = joined.find({lo, hi});
	if (j != joined.end())
		return j->second;
	auto *vt = llvm::cast<llvm::FixedVectorType>(lo->getType());
	llvm::SmallVector<int, 64> mask;
	for (unsigned i = 0; i < 2 * vt->getNumElements(); i++)
		mask.push_back((int)i);
	llvm::Instruction *at = before;
	if (auto *hi_i = llvm::dyn_cast<llvm::Instruction>(hi))
		at = after(hi_i);
	else if (llvm::isa<llvm::Argument>(hi))
		at = &*f.getEntryBlock().getFirstInsertionPt();
	llvm::IRBuilder<> b(at);
	llvm::Value *v = b.CreateShuffleVector(lo, hi, mask, lo->getName() + ".pair");
	joined[{lo, hi}] = v;
	return v;
}

/* The doubled instruction for the pair (lo, hi), right after hi, or null
 * where the pair stays two instructions. */
llvm::Value *packer::make_wide(llvm::Instruction *lo, llvm::Instruction *hi)
{
	llvm::IRBuilder<> b(after(hi));
	auto operand = [&](unsigned i) {
		return join(lo->getOperand(i), hi->getOperand(i), &*b.GetInsertPoint());
	};
	if (auto *s = llvm::dyn_cast<llvm::StoreInst>(lo)) {
		llvm::Type *t = s->getValueOperand()->getType();
		auto *hs = llvm::cast<llvm::StoreInst>(hi);
		if (!doubled(t) || !s->isSimple() ||
		    !adjacent(s->getPointerOperand(), hs->getPointerOperand(), t))
			return nullptr;
		llvm::StoreInst *w = b.CreateAlignedStore(operand(0), s->getPointerOperand(),
							  s->getAlign());
		w->copyMetadata(*s, {llvm::LLVMContext::MD_alias_scope,
				     llvm::LLVMContext::MD_noalias});
		return w;
	}
	llvm::FixedVectorType *wt = doubled(lo->getType());
	if (!wt)
		return nullptr;
	llvm::Value *w = nullptr;
	if (auto *l = llvm::dyn_cast<llvm::LoadInst>(lo)) {
		if (!l->isSimple() ||
		    !adjacent(l->getPointerOperand(),
			      llvm::cast<llvm::LoadInst>(hi)->getPointerOperand(), l->getType()))
			return nullptr;
		llvm::LoadInst *wl = b.CreateAlignedLoad(wt, l->getPointerOperand(), l->getAlign());
		wl->copyMetadata(*l, {llvm::LLVMContext::MD_alias_scope,
				      llvm::LLVMContext::MD_noalias});
		w = wl;
	} else if (auto *phi = llvm::dyn_cast<llvm::PHINode>(lo)) {
		llvm::IRBuilder<> pb(hi->getNextNode());
		llvm::PHINode *wp = pb.CreatePHI(wt, phi->getNumIncomingValues());
		wide_phis.push_back({phi, wp});
		w = wp;
	} else if (auto *bo = llvm::dyn_cast<llvm::BinaryOperator>(lo)) {
		w = b.CreateBinOp(bo->getOpcode(), operand(0), operand(1));
	} else if (auto *uo = llvm::dyn_cast<llvm::UnaryOperator>(lo)) {
		w = b.CreateUnOp(uo->getOpcode(), operand(0));
	} else if (auto *cmp = llvm::dyn_cast<llvm::CmpInst>(lo)) {
		w = b.CreateCmp(cmp->getPredicate(), operand(0), operand(1));
	} else if (auto *sel = llvm::dyn_cast<llvm::SelectInst>(lo)) {
		llvm::Value *c = sel->getCondition();
		if (!c->getType()->isVectorTy() && c != hi->getOperand(0))
			return nullptr;
		w = b.CreateSelect(c->getType()->isVectorTy() ? operand(0) : c, operand(1),
				   operand(2));
	} else if (auto *cast = llvm::dyn_cast<llvm::CastInst>(lo)) {
		if (!cast->getSrcTy()->isVectorTy())
			return nullptr;
		/* a bitcast of two vectors side by side is the two bitcasts
		 * side by side, whatever the element counts */
		w = b.CreateCast(cast->getOpcode(), operand(0), wt);
	} else if (auto *sv = llvm::dyn_cast<llvm::ShuffleVectorInst>(lo)) {
		int n = (int)llvm::cast<llvm::FixedVectorType>(sv->getOperand(0)->getType())
				->getNumElements();
		if (!doubled(sv->getOperand(0)->getType()))
			return nullptr;
		/* x's elements come from the first halves of the joined
		 * operands, x + 1's from the second halves */
		llvm::SmallVector<int, 64> mask;
		for (int half = 0; half < 2; half++)
			for (int m : sv->getShuffleMask())
				mask.push_back(m < 0 ? -1 : (m < n ? m : 2 * n + m - n) + half * n);
		w = b.CreateShuffleVector(operand(0), operand(1), mask);
	} else if (auto *ie = llvm::dyn_cast<llvm::InsertElementInst>(lo)) {
		auto *idx = llvm::dyn_cast<llvm::ConstantInt>(ie->getOperand(2));
		if (!idx || idx != hi->getOperand(2))
			return nullptr;
		uint64_t n = llvm::cast<llvm::FixedVectorType>(ie->getType())->getNumElements();
		llvm::Value *v = b.CreateInsertElement(operand(0), ie->getOperand(1),
						       idx->getZExtValue());
		w = b.CreateInsertElement(v, hi->getOperand(1), idx->getZExtValue() + n);
	} else if (auto *ii = llvm::dyn_cast<llvm::IntrinsicInst>(lo)) {
		if (!elementwise_intrinsic(ii->getIntrinsicID()))
			return nullptr;
		llvm::SmallVector<llvm::Value *, 4> args;
		for (unsigned i = 0; i < ii->arg_size(); i++) {
			llvm::Value *a = ii->getArgOperand(i);
			if (a->getType()->isVectorTy())
				args.push_back(operand(i));
			else if (a == hi->getOperand(i))
				args.push_back(a);
			else
				return nullptr;
		}
		w = b.CreateIntrinsic(ii->getIntrinsicID(), {wt}, args);
	} else {
		return nullptr;
	}
	if (auto *wi = llvm::dyn_cast<llvm::Instruction>(w)) {
		if (llvm::isa<llvm::FPMathOperator>(wi) && llvm::isa<llvm::FPMathOperator>(lo))
			wi->copyFastMathFlags(lo);
		if (llvm::isa<llvm::OverflowingBinaryOperator>(wi) ||
		    llvm::isa<llvm::PossiblyExactOperator>(wi)) {
			wi->copyIRFlags(lo);
			wi->andIRFlags(hi);
		}
	}
	return w;
}

void packer::run()
{
	std::vector<llvm::Instruction *> dead;
	for (auto &[lo, hi] : pairs)
		partner[lo] = hi;
	for (auto &[lo, hi] : pairs) {
		llvm::Value *w = make_wide(lo, hi);
		if (!w)
			continue;
		dead.push_back(lo);
		dead.push_back(hi);
		if (!llvm::isa<llvm::StoreInst>(lo))
			wide[lo] = w;
	}
	for (auto &[phi, wp] : wide_phis) {
		auto *hp = llvm::cast<llvm::PHINode>(partner[phi]);
		for (unsigned i = 0; i < phi->getNumIncomingValues(); i++) {
			llvm::BasicBlock *from = phi->getIncomingBlock(i);
			wp->addIncoming(join(phi->getIncomingValue(i),
					     hp->getIncomingValueForBlock(from),
					     from->getTerminator()),
					from);
		}
	}
	/* the pairs made one use no value any more */
	for (llvm::Instruction *i : dead)
		i->dropAllReferences();
	/* the users still in pairs read halves of the doubled value */
	for (auto &[lo, w] : wide) {
		llvm::Instruction *hi = partner[lo];
		auto *wt = llvm::cast<llvm::FixedVectorType>(w->getType());
		unsigned n = wt->getNumElements() / 2;
		llvm::IRBuilder<> b(after(llvm::cast<llvm::Instruction>(w)));
		llvm::SmallVector<int, 32> lo_mask, hi_mask;
		for (unsigned i = 0; i < n; i++) {
			lo_mask.push_back((int)i);
			hi_mask.push_back((int)(n + i));
		}
		if (!lo->use_empty())
			lo->replaceAllUsesWith(b.CreateShuffleVector(w, lo_mask));
		if (!hi->use_empty())
			hi->replaceAllUsesWith(b.CreateShuffleVector(w, hi_mask));
	}
	for (llvm::Instruction *i : dead)
		i->eraseFromParent();
}

/* Makes __kiln_pair_<k> from work-item function wi (step 1 here, step 2
 * by packer); null, and nothing left behind, when wi cannot be paired. */
static llvm::Function *make_pair_function(llvm::Function &wi, llvm::FunctionAnalysisManager &fam)
{
	llvm::Function *k = kernel_of_workitem(wi);
	if (!k || !pairable(wi, fam))
		return nullptr;
	llvm::ValueToValueMapTy vm;
	llvm::Function *pf = llvm::CloneFunction(&wi, vm);
	pf->setName(pair_name(k->getName()));
	pf->removeFnAttr(pair_attr);
	llvm::Argument *x = pf->getArg(wi.arg_size() - 4);
	std::set<const llvm::Value *> varying;
	find_varying(*pf, x, varying);

	/* 1. a copy for x + 1 after each instruction that depends on x */
	std::map<llvm::Value *, llvm::Value *> next;
	llvm::IRBuilder<> eb(&*pf->getEntryBlock().getFirstInsertionPt());
	next[x] = eb.CreateNUWAdd(x, eb.getInt64(1), "x.next");
	std::vector<std::pair<llvm::Instruction *, llvm::Instruction *>> pairs;
	llvm::ReversePostOrderTraversal<llvm::Function *> rpo(pf);
	for (llvm::BasicBlock *bb : rpo)
		for (llvm::Instruction &i : *bb)
			if (varying.count(&i) && !next.count(&i)) {
				llvm::Instruction *c = i.clone();
				if (i.hasName())
					c->setName(i.getName() + ".next");
				c->insertAfter(&i);
				next[&i] = c;
				pairs.push_back({&i, c});
			}
	for (auto &[lo, hi] : pairs)
		for (llvm::Use &u : hi->operands()) {
			auto n = next.find(u.get());
			if (n != next.end())
				u.set(n->second);
		}

	/* 2. pairs of vectors as one */
	fam.invalidate(*pf, llvm::PreservedAnalyses::none());
	auto &se = fam.getResult<llvm::ScalarEvolutionAnalysis>(*pf);
	packer(*pf, se, target_vector_bits(*pf->getParent()), pairs).run();
	fam.invalidate(*pf, llvm::PreservedAnalyses::none());
	if (llvm::verifyFunction(*pf, nullptr)) {
		pf->eraseFromParent();
		return nullptr;
	}
	return pf;
}

llvm::PreservedAnalyses pair_workitems_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &mam)
{
	auto &fam = mam.getResult<llvm::FunctionAnalysisManagerModuleProxy>(m).getManager();
	std::vector<llvm::Function *> todo;
	for (llvm::Function &f : m)
		if (f.hasFnAttribute(pair_attr) && !f.isDeclaration())
			todo.push_back(&f);
	bool changed = false;
	for (llvm::Function *wi : todo) {
		wi->removeFnAttr(pair_attr);
		changed |= make_pair_function(*wi, fam) != nullptr;
	}
	return changed || !todo.empty() ? llvm::PreservedAnalyses::none()
					: llvm::PreservedAnalyses::all();
}

} // namespace kiln
