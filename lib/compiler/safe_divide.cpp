/* kiln-safe-divide: integer division and remainder that never trap.
 *
 * OpenCL C 3.0 §6.5.1 (arithmetic operators): an integer divide by zero,
 * or a division whose result does not fit the type (the most negative
 * value divided by -1), "does not cause an exception but will result in
 * an unspecified value".  LLVM treats both as undefined behaviour, and the
 * x86 div/idiv instructions raise #DE for them, which the process receives
 * as SIGFPE: one bad work-item would end the application.
 *
 * Assumes: nothing about the function; any sdiv, udiv, srem or urem on an
 * integer or a vector of integers may appear anywhere in it.  It should
 * run before the optimisation pipeline, so that no pass has yet used the
 * division's undefined behaviour to reason about its divisor.
 *
 * Guarantees: afterwards every such instruction divides by
 *     d' = select(d == 0 | (signed & n == MIN & d == -1), 1, d)
 * element by element (d and n frozen first where they could be undef or
 * poison, so that d' is never zero).  An element that would have trapped
 * gives n / 1 = n and n % 1 = 0; every other element is exact, as before.
 * The guard is branch-free (icmp, or/and, select), so the loop vectorizer
 * widens it exactly as it widens the division.  Divisions whose divisor is
 * a constant with no zero element (and, for signed ones, no -1 element)
 * are left alone; a guard made for other constants folds away.  The CFG
 * is unchanged. */
#include "compiler/safe_divide.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

#include <vector>

namespace kiln {

/* Whether dividing by constant c can never trap: every element a known
 * integer, none zero, and none -1 when the division is signed. */
static bool constant_safe(const llvm::Constant *c, bool is_signed)
{
	unsigned n = 1;
	if (auto *vt = llvm::dyn_cast<llvm::FixedVectorType>(c->getType()))
		n = vt->getNumElements();
	else if (c->getType()->isVectorTy())
		return false; /* scalable: not in OpenCL C */
	for (unsigned i = 0; i < n; i++) {
		const llvm::Constant *e = c->getType()->isVectorTy()
						  ? c->getAggregateElement(i)
						  : c;
		auto *ci = llvm::dyn_cast_or_null<llvm::ConstantInt>(e);
		if (!ci || ci->isZero() || (is_signed && ci->isMinusOne()))
			return false;
	}
	return true;
}

static llvm::Value *frozen(llvm::IRBuilder<> &b, llvm::Value *v)
{
	if (llvm::isGuaranteedNotToBeUndefOrPoison(v))
		return v;
	return b.CreateFreeze(v, v->getName() + ".fr");
}

/* Replaces the divisor of division `div` by its guarded form. */
static void guard(llvm::BinaryOperator *div)
{
	bool is_signed = div->getOpcode() == llvm::Instruction::SDiv ||
			 div->getOpcode() == llvm::Instruction::SRem;
	llvm::Type *ty = div->getType();
	llvm::IRBuilder<> b(div);
	llvm::Value *d = frozen(b, div->getOperand(1));
	llvm::Value *bad = b.CreateICmpEQ(d, llvm::Constant::getNullValue(ty));
	if (is_signed) {
		unsigned bits = ty->getScalarSizeInBits();
		llvm::Value *n = frozen(b, div->getOperand(0));
		llvm::Value *min = llvm::ConstantInt::get(
			ty, llvm::APInt::getSignedMinValue(bits));
		llvm::Value *overflow = b.CreateAnd(
			b.CreateICmpEQ(n, min),
			b.CreateICmpEQ(d, llvm::Constant::getAllOnesValue(ty)));
		bad = b.CreateOr(bad, overflow);
	}
	llvm::Value *safe = b.CreateSelect(bad, llvm::ConstantInt::get(ty, 1), d,
					   "safe.divisor");
	div->setOperand(1, safe);
}

llvm::PreservedAnalyses safe_divide_pass::run(llvm::Function &f,
					      llvm::FunctionAnalysisManager &)
{
	std::vector<llvm::BinaryOperator *> work;
	for (llvm::Instruction &i : llvm::instructions(f)) {
		auto *bo = llvm::dyn_cast<llvm::BinaryOperator>(&i);
		if (!bo || !bo->getType()->isIntOrIntVectorTy())
			continue;
		switch (bo->getOpcode()) {
		case llvm::Instruction::SDiv:
		case llvm::Instruction::SRem:
		case llvm::Instruction::UDiv:
		case llvm::Instruction::URem:
			break;
		default:
			continue;
		}
		bool is_signed = bo->getOpcode() == llvm::Instruction::SDiv ||
				 bo->getOpcode() == llvm::Instruction::SRem;
		auto *c = llvm::dyn_cast<llvm::Constant>(bo->getOperand(1));
		if (c && constant_safe(c, is_signed))
			continue;
		work.push_back(bo);
	}
	for (llvm::BinaryOperator *div : work)
		guard(div);
	if (work.empty())
		return llvm::PreservedAnalyses::all();
	llvm::PreservedAnalyses pa;
	pa.preserveSet<llvm::CFGAnalyses>();
	return pa;
}

} // namespace kiln
