/* kiln-workitem: the work-item function of each kernel.
 *
 * Assumes: kernels (is_kernel) into which everything is inlined
 * (kiln-inline-all), retargeted (no spir_kernel calling convention).
 * Guarantees: for each kernel k a new internal, always-inline function
 *
 *   i32 __kiln_wi_<k>(k's args..., ptr info, i64 x, i64 y, i64 z, i32 region)
 *
 * with k's body, the local id (x, y, z) and the launch description `info`
 * (internal.h, info_field) as parameters, and returning REGION_EXIT where
 * k returns.  Its entry block `kiln.entry` holds k's allocas and the
 * values of the work-item built-ins (OpenCL C 3.0 §6.15.1), which no
 * longer appear as calls (workitem.cpp), so that get_global_id(0) is an
 * induction variable of the work-item loop kiln-workgroup builds around
 * it.  The kernel itself is left as it was.  The later passes recognise a
 * work-item function by workitem_params. */
#include "compiler/passes.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

namespace kiln {

static const char wi_prefix[] = "__kiln_wi_";

bool workitem_params(llvm::Function &f, wi_params &p)
{
	if (f.isDeclaration() || !f.getName().startswith(wi_prefix) || f.arg_size() < 5)
		return false;
	unsigned n = (unsigned)f.arg_size() - 5;
	llvm::Argument *a[5];
	for (unsigned i = 0; i < 5; i++)
		a[i] = f.getArg(n + i);
	if (!a[0]->getType()->isPointerTy() || !a[1]->getType()->isIntegerTy(64) ||
	    !a[2]->getType()->isIntegerTy(64) || !a[3]->getType()->isIntegerTy(64) ||
	    !a[4]->getType()->isIntegerTy(32))
		return false;
	p = wi_params{a[0], a[1], a[2], a[3], a[4]};
	return true;
}

bool is_info_load(const llvm::Value *v, const wi_params &p, info_field field, unsigned d)
{
	auto *ld = llvm::dyn_cast<llvm::LoadInst>(v);
	if (!ld)
		return false;
	/* element 0 of field 0 is the struct's own address */
	if (ld->getPointerOperand() == p.info)
		return field == 0 && d == 0;
	auto *g = llvm::dyn_cast<llvm::GetElementPtrInst>(ld->getPointerOperand());
	if (!g || g->getPointerOperand() != p.info || g->getNumIndices() != 3)
		return false;
	auto *f = llvm::dyn_cast<llvm::ConstantInt>(g->getOperand(2));
	auto *e = llvm::dyn_cast<llvm::ConstantInt>(g->getOperand(3));
	return f && e && f->getZExtValue() == (uint64_t)field && e->getZExtValue() == d;
}

llvm::Function *kernel_of_workitem(llvm::Function &wi)
{
	return wi.getParent()->getFunction(wi.getName().drop_front(sizeof(wi_prefix) - 1));
}

static llvm::Function *clone_as_workitem(llvm::Function &k, wi_params &p)
{
	llvm::LLVMContext &c = k.getContext();
	llvm::Type *i64 = llvm::Type::getInt64Ty(c);
	std::vector<llvm::Type *> params;
	for (llvm::Argument &a : k.args())
		params.push_back(a.getType());
	params.push_back(llvm::PointerType::get(c, 0));
	params.push_back(i64);
	params.push_back(i64);
	params.push_back(i64);
	params.push_back(llvm::Type::getInt32Ty(c));
	auto *ft = llvm::FunctionType::get(llvm::Type::getInt32Ty(c), params, false);
	llvm::Function *f = llvm::Function::Create(
		ft, llvm::GlobalValue::InternalLinkage, wi_name(k.getName()),
		k.getParent());
	llvm::ValueToValueMapTy vmap;
	unsigned n = 0;
	for (llvm::Argument &a : k.args()) {
		f->getArg(n)->setName(a.getName());
		vmap[&a] = f->getArg(n++);
	}
	llvm::SmallVector<llvm::ReturnInst *, 4> rets;
	llvm::CloneFunctionInto(f, &k, vmap,
				llvm::CloneFunctionChangeType::LocalChangesOnly, rets);
	f->setCallingConv(llvm::CallingConv::C);
	f->setVisibility(llvm::GlobalValue::DefaultVisibility);
	f->setLinkage(llvm::GlobalValue::InternalLinkage);
	f->setDSOLocal(true);
	f->clearMetadata();
	f->removeRetAttrs(llvm::AttributeMask().addAttribute(llvm::Attribute::NoUndef));
	f->removeFnAttr(llvm::Attribute::NoInline);
	f->removeFnAttr(llvm::Attribute::OptimizeNone);
	f->addFnAttr(llvm::Attribute::AlwaysInline);
	p.info = f->getArg(n);
	p.x = f->getArg(n + 1);
	p.y = f->getArg(n + 2);
	p.z = f->getArg(n + 3);
	p.region = f->getArg(n + 4);
	p.info->setName("kiln.info");
	p.x->setName("kiln.x");
	p.y->setName("kiln.y");
	p.z->setName("kiln.z");
	p.region->setName("kiln.region");
	p.info->addAttr(llvm::Attribute::NoAlias);
	p.info->addAttr(llvm::Attribute::ReadOnly);
	/* The ids and the region are never undef or poison (the work-group
	 * function passes its loop counters): InstCombine then drops the
	 * `freeze`s that kernel-lib's -O2 puts on id arithmetic, which
	 * scalar evolution cannot look through (an index behind one is no
	 * induction variable, and its loop does not vectorize). */
	for (llvm::Argument *a : {p.x, p.y, p.z, p.region})
		a->addAttr(llvm::Attribute::NoUndef);

	/* A kernel ends the work-item's part: report REGION_EXIT. */
	for (llvm::ReturnInst *r : rets) {
		llvm::ReturnInst::Create(c, llvm::ConstantInt::get(llvm::Type::getInt32Ty(c),
								    REGION_EXIT), r);
		r->eraseFromParent();
	}

	/* An entry block of our own, for what every region shares. */
	llvm::BasicBlock *old = &f->getEntryBlock();
	llvm::BasicBlock *e = llvm::BasicBlock::Create(c, "kiln.entry", f, old);
	llvm::BranchInst::Create(old, e);
	std::vector<llvm::Instruction *> allocas;
	for (llvm::Instruction &i : *old)
		if (llvm::isa<llvm::AllocaInst>(i))
			allocas.push_back(&i);
	for (llvm::Instruction *a : allocas)
		a->moveBefore(e->getTerminator());
	return f;
}

llvm::PreservedAnalyses workitem_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &)
{
	std::vector<llvm::Function *> kernels;
	for (llvm::Function &f : m)
		if (is_kernel(f) && !m.getFunction(wi_name(f.getName())))
			kernels.push_back(&f);
	for (llvm::Function *k : kernels) {
		wi_params p;
		llvm::Function *wi = clone_as_workitem(*k, p);
		replace_workitem_calls(*wi, p, &wi->getEntryBlock());
	}
	return kernels.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
}

} // namespace kiln
