/* Calls into kernel-lib whose IR signature differs from the definition's.
 *
 * kernel-lib is compiled by Clang for x86-64, whose C calling convention
 * changes how some vectors travel (Clang's x86-64 ABI lowering): a vector
 * of 2 to 8 bytes is passed and returned as an integer or a double
 * (`int2` becomes `double`, `char4` `i32`), and a 128-byte one (`long16`,
 * `double16`) is passed by pointer (byval).  Programs compiled from OpenCL
 * C by the same front end call with the same signature, but a module from
 * SPIR-V calls with the vectors themselves (`<2 x i32>`), so after linking
 * the call's function type is not the callee's: LLVM does not inline such
 * a call, and the arguments would reach the function in the wrong form.
 * For the sub-group built-ins that is fatal: their meeting points must be
 * in the kernel's body.
 *
 * Each such call is rewritten to the definition's signature: an argument
 * or result of another type but the same size in memory goes through a
 * stack temporary (stored as one type, loaded as the other: SROA makes it
 * a bitcast or a shuffle), a byval parameter gets a temporary holding the
 * value.  Calls whose types cannot be matched that way are left alone.
 * Assumes: kernel-lib linked into the module (finalize.cpp). */
#include "compiler/internal.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>

namespace kiln {

/* A temporary in the entry block of f, big enough for both types. */
static llvm::AllocaInst *temporary(llvm::Function &f, llvm::Type *a, llvm::Type *b)
{
	const llvm::DataLayout &dl = f.getParent()->getDataLayout();
	llvm::Type *big = dl.getTypeAllocSize(a) >= dl.getTypeAllocSize(b) ? a : b;
	llvm::IRBuilder<> e(&f.getEntryBlock(), f.getEntryBlock().getFirstInsertionPt());
	llvm::AllocaInst *t = e.CreateAlloca(big);
	t->setAlignment(std::max(dl.getPrefTypeAlign(a), dl.getPrefTypeAlign(b)));
	return t;
}

/* v (of its own type) as type `to`, through memory. */
static llvm::Value *reinterpret(llvm::IRBuilder<> &b, llvm::Function &f, llvm::Value *v,
				llvm::Type *to)
{
	llvm::AllocaInst *t = temporary(f, v->getType(), to);
	b.CreateStore(v, t);
	return b.CreateLoad(to, t);
}

static bool same_size(const llvm::DataLayout &dl, llvm::Type *a, llvm::Type *b)
{
	return a->isSized() && b->isSized() &&
	       dl.getTypeAllocSize(a) == dl.getTypeAllocSize(b);
}

/* Rewrites call c of f (the caller) to callee g's signature; false when
 * the types cannot be matched. */
static bool adapt(llvm::CallInst *c, llvm::Function *g, llvm::Function &f)
{
	const llvm::DataLayout &dl = f.getParent()->getDataLayout();
	llvm::FunctionType *want = g->getFunctionType();
	if (want->isVarArg() || want->getNumParams() != c->arg_size())
		return false;
	/* Check first, change nothing unless every part can be matched. */
	for (unsigned i = 0; i < want->getNumParams(); i++) {
		llvm::Type *have = c->getArgOperand(i)->getType(), *p = want->getParamType(i);
		if (have == p)
			continue;
		llvm::Type *byval = g->getParamByValType(i);
		if (byval ? byval != have : !same_size(dl, have, p))
			return false;
	}
	llvm::Type *ret = c->getType(), *gret = want->getReturnType();
	if (ret != gret && !(ret->isVoidTy() && gret->isVoidTy()) && !same_size(dl, ret, gret))
		return false;

	llvm::IRBuilder<> b(c);
	std::vector<llvm::Value *> args;
	for (unsigned i = 0; i < want->getNumParams(); i++) {
		llvm::Value *a = c->getArgOperand(i);
		llvm::Type *p = want->getParamType(i);
		if (a->getType() == p) {
			args.push_back(a);
		} else if (llvm::Type *byval = g->getParamByValType(i)) {
			llvm::AllocaInst *t = temporary(f, byval, byval);
			if (llvm::MaybeAlign al = g->getParamAlign(i))
				t->setAlignment(std::max(t->getAlign(), *al));
			b.CreateStore(a, t);
			args.push_back(t);
		} else {
			args.push_back(reinterpret(b, f, a, p));
		}
	}
	llvm::CallInst *n = b.CreateCall(want, g, args);
	n->setCallingConv(c->getCallingConv());
	n->setAttributes(g->getAttributes());
	n->setDebugLoc(c->getDebugLoc());
	llvm::Value *r = n;
	if (ret != gret)
		r = reinterpret(b, f, n, ret);
	if (!ret->isVoidTy())
		c->replaceAllUsesWith(r);
	c->eraseFromParent();
	return true;
}

void adapt_kernel_lib_calls(llvm::Module &m)
{
	for (llvm::Function &f : m) {
		std::vector<std::pair<llvm::CallInst *, llvm::Function *>> work;
		for (llvm::BasicBlock &bb : f)
			for (llvm::Instruction &i : bb) {
				auto *c = llvm::dyn_cast<llvm::CallInst>(&i);
				auto *g = c ? llvm::dyn_cast<llvm::Function>(c->getCalledOperand())
					    : nullptr;
				if (g && !g->isDeclaration() &&
				    c->getFunctionType() != g->getFunctionType())
					work.push_back({c, g});
			}
		for (auto &w : work)
			adapt(w.first, w.second, f);
	}
}

} // namespace kiln
