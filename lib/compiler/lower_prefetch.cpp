/* kiln-lower-prefetch: kiln-prefetch-next's calls become llvm.prefetch.
 *
 * kiln-prefetch-next (prefetch_next.cpp) asks for the next iteration's
 * lines through calls of declarations, so that the loop vectorizer widens
 * them into calls of their vector variants instead of refusing the loop.
 * Neither has a body.  Here a scalar call becomes one prefetch of its
 * address, and a call for VF work-items one prefetch of the first lane's
 * address and one of the last's: the lanes are consecutive work-items,
 * whose elements of a row lie side by side, so the two lines hold the
 * vector's (a wider spread, a gather's, is only partly asked for; a
 * prefetch is a hint).  Each is a read, kept in all cache levels.
 *
 * Assumes: after the loop vectorizer (OptimizerLast, last).
 * Guarantees: no call of, and no declaration named, PREFETCH_FN or a
 * variant is left, in llvm.compiler.used either; nothing else changes. */
#include "compiler/passes.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>
#include <llvm/Analysis/VectorUtils.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>

#include <set>
#include <vector>

namespace kiln {

static bool is_prefetch_fn(const llvm::Function &f)
{
	return f.isDeclaration() && f.getName().startswith(PREFETCH_FN);
}

static void prefetch(llvm::IRBuilder<> &b, llvm::Value *p)
{
	llvm::Module *m = b.GetInsertBlock()->getModule();
	llvm::Function *pf =
		llvm::Intrinsic::getDeclaration(m, llvm::Intrinsic::prefetch, {p->getType()});
	/* read, locality 3 (all levels), data */
	b.CreateCall(pf, {p, b.getInt32(0), b.getInt32(3), b.getInt32(1)});
}

/* Lane 0 of vector v, computed in scalars where v is built lane by lane
 * from scalars (splats, constants, arithmetic, casts, address
 * arithmetic), so that no vector of addresses is made only to take one
 * lane of it; else extracted. */
static llvm::Value *lane0(llvm::IRBuilder<> &b, llvm::Value *v, unsigned depth = 0)
{
	if (!v->getType()->isVectorTy())
		return v;
	if (llvm::Value *s = llvm::getSplatValue(v))
		return s;
	if (auto *c = llvm::dyn_cast<llvm::Constant>(v))
		if (llvm::Constant *e = c->getAggregateElement(0u))
			return e;
	auto *i = llvm::dyn_cast<llvm::Instruction>(v);
	if (i && depth < 8) {
		if (auto *g = llvm::dyn_cast<llvm::GetElementPtrInst>(i)) {
			llvm::SmallVector<llvm::Value *, 4> idx;
			for (llvm::Value *x : g->indices())
				idx.push_back(lane0(b, x, depth + 1));
			return b.CreateGEP(g->getSourceElementType(),
					   lane0(b, g->getPointerOperand(), depth + 1), idx);
		}
		if (auto *bo = llvm::dyn_cast<llvm::BinaryOperator>(i))
			return b.CreateBinOp(bo->getOpcode(), lane0(b, bo->getOperand(0), depth + 1),
					     lane0(b, bo->getOperand(1), depth + 1));
		if (auto *c = llvm::dyn_cast<llvm::CastInst>(i))
			return b.CreateCast(c->getOpcode(), lane0(b, c->getOperand(0), depth + 1),
					    c->getDestTy()->getScalarType());
	}
	return b.CreateExtractElement(v, b.getInt64(0));
}

static void lower_call(llvm::CallInst *call)
{
	llvm::IRBuilder<> b(call);
	llvm::Value *p = call->getArgOperand(0);
	prefetch(b, lane0(b, p));
	call->eraseFromParent();
	llvm::RecursivelyDeleteTriviallyDeadInstructions(p);
}

/* llvm.compiler.used without the globals in `drop`. */
static void drop_from_compiler_used(llvm::Module &m, const std::set<llvm::GlobalValue *> &drop)
{
	llvm::GlobalVariable *used = m.getGlobalVariable("llvm.compiler.used");
	if (!used || !used->hasInitializer())
		return;
	auto *init = llvm::dyn_cast<llvm::ConstantArray>(used->getInitializer());
	std::vector<llvm::GlobalValue *> keep;
	bool dropped = false;
	for (unsigned i = 0; init && i < init->getNumOperands(); i++) {
		auto *g = llvm::dyn_cast<llvm::GlobalValue>(
			init->getOperand(i)->stripPointerCasts());
		if (g && drop.count(g))
			dropped = true;
		else if (g)
			keep.push_back(g);
	}
	if (!dropped)
		return;
	used->eraseFromParent();
	if (!keep.empty())
		llvm::appendToCompilerUsed(m, keep);
}

llvm::PreservedAnalyses lower_prefetch_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &)
{
	std::set<llvm::GlobalValue *> fns;
	for (llvm::Function &f : m)
		if (is_prefetch_fn(f))
			fns.insert(&f);
	if (fns.empty())
		return llvm::PreservedAnalyses::all();
	drop_from_compiler_used(m, fns);
	for (llvm::GlobalValue *g : fns) {
		auto *f = llvm::cast<llvm::Function>(g);
		std::vector<llvm::CallInst *> calls;
		for (llvm::User *u : f->users())
			if (auto *c = llvm::dyn_cast<llvm::CallInst>(u))
				calls.push_back(c);
		for (llvm::CallInst *c : calls)
			lower_call(c);
		/* the old llvm.compiler.used's array may linger as a constant */
		f->removeDeadConstantUsers();
		if (f->use_empty())
			f->eraseFromParent();
	}
	return llvm::PreservedAnalyses::none();
}

} // namespace kiln
