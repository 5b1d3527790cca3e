/* Half-vector operations LLVM 15's x86 back end cannot select, or selects
 * one element at a time.
 *
 * Without AVX-512 FP16, llvm.maxnum, llvm.minnum, llvm.maximum,
 * llvm.minimum and llvm.canonicalize of a vector of half abort instruction
 * selection ("Cannot select: v8f16 = X86ISD::FMAX"); the scalar forms and
 * every other half-vector operation are promoted to float correctly.  They
 * arise from half code (max/min/fmax/fmin of halfn, cl_khr_fp16) and from
 * InstCombine, which shrinks maxnum(fpext a, fpext b) on float vectors to
 * the half form, and from the vectorizer widening scalar half calls across
 * work-items.  So after optimisation, before code generation, each such
 * call becomes the same intrinsic on the float vector of its widened
 * operands, truncated back: exact for these operations (every half is a
 * float, and the result is one of the operands or a canonical NaN).
 *
 * A compare of half vectors (fcmp <16 x half>, from the special-value
 * selects of every half math function once the vectorizer has widened
 * them) is legal but split into one scalar conversion and compare per
 * element: about 200 instructions for 16 lanes, which made vectorized half
 * log 40 times slower than float.  Comparing the widened operands is
 * exact and one instruction per 16 lanes. */
#include "compiler/internal.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Intrinsics.h>

namespace kiln {

static bool needs_widening(const llvm::IntrinsicInst *ii)
{
	switch (ii->getIntrinsicID()) {
	case llvm::Intrinsic::maxnum:
	case llvm::Intrinsic::minnum:
	case llvm::Intrinsic::maximum:
	case llvm::Intrinsic::minimum:
	case llvm::Intrinsic::canonicalize:
		break;
	default:
		return false;
	}
	auto *vt = llvm::dyn_cast<llvm::FixedVectorType>(ii->getType());
	return vt && vt->getElementType()->isHalfTy();
}

static llvm::FixedVectorType *float_vector_of(llvm::Type *t)
{
	auto *vt = llvm::dyn_cast<llvm::FixedVectorType>(t);
	if (!vt || !vt->getElementType()->isHalfTy())
		return nullptr;
	return llvm::FixedVectorType::get(llvm::Type::getFloatTy(t->getContext()),
					  vt->getNumElements());
}

/* Contract: every call of the intrinsics above on half vectors in `m` is
 * replaced by its float-vector form between fpext and fptrunc, and every
 * compare of half vectors by the compare of the widened operands; returns
 * whether anything changed. */
bool widen_half_vector_intrinsics(llvm::Module &m)
{
	std::vector<llvm::IntrinsicInst *> calls;
	std::vector<llvm::FCmpInst *> cmps;
	for (llvm::Function &f : m)
		for (llvm::BasicBlock &bb : f)
			for (llvm::Instruction &i : bb) {
				if (auto *ii = llvm::dyn_cast<llvm::IntrinsicInst>(&i))
					if (needs_widening(ii))
						calls.push_back(ii);
				if (auto *c = llvm::dyn_cast<llvm::FCmpInst>(&i))
					if (float_vector_of(c->getOperand(0)->getType()))
						cmps.push_back(c);
			}
	for (llvm::FCmpInst *c : cmps) {
		llvm::FixedVectorType *ft = float_vector_of(c->getOperand(0)->getType());
		llvm::IRBuilder<> b(c);
		llvm::Value *wide = b.CreateFCmp(c->getPredicate(),
						 b.CreateFPExt(c->getOperand(0), ft),
						 b.CreateFPExt(c->getOperand(1), ft));
		if (auto *wi = llvm::dyn_cast<llvm::Instruction>(wide))
			wi->copyFastMathFlags(c);
		c->replaceAllUsesWith(wide);
		c->eraseFromParent();
	}
	for (llvm::IntrinsicInst *ii : calls) {
		auto *vt = llvm::cast<llvm::FixedVectorType>(ii->getType());
		auto *ft = llvm::FixedVectorType::get(
			llvm::Type::getFloatTy(m.getContext()), vt->getNumElements());
		llvm::IRBuilder<> b(ii);
		std::vector<llvm::Value *> args;
		for (llvm::Value *a : ii->args())
			args.push_back(b.CreateFPExt(a, ft));
		llvm::Function *decl =
			llvm::Intrinsic::getDeclaration(&m, ii->getIntrinsicID(), { ft });
		llvm::CallInst *wide = b.CreateCall(decl, args);
		wide->copyFastMathFlags(ii);
		llvm::Value *narrow = b.CreateFPTrunc(wide, vt);
		ii->replaceAllUsesWith(narrow);
		ii->eraseFromParent();
	}
	return !calls.empty() || !cmps.empty();
}

} // namespace kiln
