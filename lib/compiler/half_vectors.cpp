/* Half-vector intrinsics LLVM 15's x86 back end cannot select.
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
 * float, and the result is one of the operands or a canonical NaN). */
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

/* Contract: every call of the intrinsics above on half vectors in `m` is
 * replaced by its float-vector form between fpext and fptrunc; returns
 * whether anything changed. */
bool widen_half_vector_intrinsics(llvm::Module &m)
{
	std::vector<llvm::IntrinsicInst *> calls;
	for (llvm::Function &f : m)
		for (llvm::BasicBlock &bb : f)
			for (llvm::Instruction &i : bb)
				if (auto *ii = llvm::dyn_cast<llvm::IntrinsicInst>(&i))
					if (needs_widening(ii))
						calls.push_back(ii);
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
	return !calls.empty();
}

} // namespace kiln
