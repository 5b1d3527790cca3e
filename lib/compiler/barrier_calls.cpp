/* Barrier calls: which calls are work-group barriers (OpenCL C 3.0
 * §6.15.9, as Clang and the SPIR-V translator spell them, and kernel-lib's
 * own __kiln_barrier), the implicit barrier kiln-loop-barriers and
 * kiln-converge-loops insert, whether a loop or a function calls one, and
 * whether a loop calls nothing but intrinsics (a barrier is a call: such a
 * loop holds none). */
#include "compiler/internal.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>

namespace kiln {

bool is_barrier(const llvm::Function *callee)
{
	if (!callee)
		return false;
	llvm::StringRef n = callee->getName();
	return n == "__kiln_barrier" || n == "_Z7barrierj" ||
	       n == "_Z18work_group_barrierj" ||
	       n == "_Z18work_group_barrierj12memory_scope" ||
	       n == "_Z18work_group_barrierji";
}

bool loop_has_barrier(const llvm::Loop *l)
{
	for (llvm::BasicBlock *bb : l->blocks())
		for (llvm::Instruction &i : *bb)
			if (is_barrier(direct_callee(i)))
				return true;
	return false;
}

bool function_has_barrier(const llvm::Function &f)
{
	for (const llvm::BasicBlock &bb : f)
		for (const llvm::Instruction &i : bb)
			if (is_barrier(direct_callee(i)))
				return true;
	return false;
}

bool calls_only_intrinsics(const llvm::Loop *l)
{
	for (llvm::BasicBlock *bb : l->blocks())
		for (llvm::Instruction &i : *bb)
			if (auto *c = llvm::dyn_cast<llvm::CallBase>(&i)) {
				llvm::Function *f = c->getCalledFunction();
				/* checked mode's reports and its window on the
				 * state (check_passes.h) synchronise nothing */
				if (c->getMetadata("kiln.check") ||
				    (f && f->getName() == "__kiln_wg_state"))
					continue;
				if (!f || !f->isIntrinsic())
					return false;
			}
	return true;
}

void insert_implicit_barrier(llvm::Instruction *before)
{
	/* kernel-lib's barrier (sync.cl), with no fence: it orders nothing
	 * that the order of the work-items did not already order. */
	llvm::Module &m = *before->getModule();
	llvm::LLVMContext &c = m.getContext();
	llvm::Type *i32 = llvm::Type::getInt32Ty(c);
	llvm::FunctionCallee bar = m.getOrInsertFunction(
		"__kiln_barrier", llvm::FunctionType::get(llvm::Type::getVoidTy(c), {i32}, false));
	if (auto *bf = llvm::dyn_cast<llvm::Function>(bar.getCallee())) {
		bf->addFnAttr(llvm::Attribute::Convergent);
		bf->addFnAttr(llvm::Attribute::NoUnwind);
	}
	llvm::CallInst::Create(bar, {llvm::ConstantInt::get(i32, 0)}, "", before);
}

} // namespace kiln
