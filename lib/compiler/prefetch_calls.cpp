/* Prefetch calls and address steps: prefetch.h. */
#include "compiler/internal.h"
#include "compiler/prefetch.h"

#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>

#include <string>
#include <vector>

namespace kiln {

namespace {
/* the widths the vectorizer may pick, in lanes */
constexpr unsigned PREFETCH_WIDTHS[] = {2, 4, 8, 16, 32, 64};
} // namespace

std::string prefetch_variant_name(unsigned lanes)
{
	return std::string(PREFETCH_FN_VEC) + std::to_string(lanes);
}

/* PREFETCH_FN for pointers of address space as, its vector variants
 * declared and kept (llvm.compiler.used) for the vectorizer to find, and
 * the attribute that names them on a call. */
static llvm::Function *prefetch_fn(llvm::Module &m, unsigned as, std::string &abi)
{
	llvm::LLVMContext &c = m.getContext();
	llvm::Type *ptr = llvm::PointerType::get(llvm::Type::getInt8Ty(c), as);
	std::string name = std::string(PREFETCH_FN) + ".p" + std::to_string(as);
	llvm::AttrBuilder ab(c);
	ab.addAttribute(llvm::Attribute::NoUnwind);
	ab.addAttribute(llvm::Attribute::WillReturn);
	/* not readnone: a call with no result would be dead code */
	ab.addAttribute(llvm::Attribute::InaccessibleMemOnly);
	llvm::Function *f = m.getFunction(name);
	bool made = !f;
	if (!f) {
		f = llvm::Function::Create(
			llvm::FunctionType::get(llvm::Type::getVoidTy(c), {ptr}, false),
			llvm::GlobalValue::ExternalLinkage, name, m);
		f->addFnAttrs(ab);
	}
	std::vector<llvm::GlobalValue *> keep;
	abi.clear();
	for (unsigned w : PREFETCH_WIDTHS) {
		std::string vname = prefetch_variant_name(w) + ".p" + std::to_string(as);
		if (made) {
			llvm::Function *v = llvm::Function::Create(
				llvm::FunctionType::get(llvm::Type::getVoidTy(c),
							{llvm::FixedVectorType::get(ptr, w)},
							false),
				llvm::GlobalValue::ExternalLinkage, vname, m);
			v->addFnAttrs(ab);
			keep.push_back(v);
		}
		if (!abi.empty())
			abi += ",";
		abi += "_ZGV_LLVM_N" + std::to_string(w) + "v_" + name + "(" + vname + ")";
	}
	if (made)
		llvm::appendToCompilerUsed(m, keep);
	return f;
}

llvm::CallInst *prefetch_ahead(llvm::LoadInst *load, llvm::Value *offset)
{
	llvm::Module &m = *load->getModule();
	std::string abi;
	llvm::Function *fn = prefetch_fn(m, load->getPointerAddressSpace(), abi);
	llvm::IRBuilder<> b(load);
	llvm::Value *at = b.CreateGEP(
		b.getInt8Ty(),
		b.CreatePointerCast(load->getPointerOperand(), fn->getArg(0)->getType()),
		offset, "kiln.ahead");
	llvm::CallInst *call = b.CreateCall(fn, {at});
	call->addFnAttr(llvm::Attribute::get(m.getContext(), "vector-function-abi-variant", abi));
	return call;
}

const llvm::SCEV *step_of(const llvm::SCEV *s, const step_rule &rule, llvm::ScalarEvolution &se)
{
	if (rule.fixed(s))
		return se.getZero(s->getType());
	if (auto *c = llvm::dyn_cast<llvm::SCEVCastExpr>(s)) {
		const llvm::SCEV *d = step_of(c->getOperand(0), rule, se);
		if (!d)
			return nullptr;
		if (llvm::isa<llvm::SCEVTruncateExpr>(s))
			return se.getTruncateExpr(d, s->getType());
		if (llvm::isa<llvm::SCEVIntegralCastExpr>(s))
			return se.getSignExtendExpr(d, s->getType());
		return nullptr;
	}
	if (auto *a = llvm::dyn_cast<llvm::SCEVAddExpr>(s)) {
		llvm::SmallVector<const llvm::SCEV *, 4> ds;
		for (const llvm::SCEV *op : a->operands()) {
			const llvm::SCEV *d = step_of(op, rule, se);
			if (!d)
				return nullptr;
			ds.push_back(d);
		}
		return se.getAddExpr(ds);
	}
	if (auto *m = llvm::dyn_cast<llvm::SCEVMulExpr>(s)) {
		/* one factor varies, the others are fixed */
		llvm::SmallVector<const llvm::SCEV *, 4> ops;
		const llvm::SCEV *d = nullptr;
		for (const llvm::SCEV *op : m->operands()) {
			if (rule.fixed(op)) {
				ops.push_back(op);
			} else if (!d) {
				d = step_of(op, rule, se);
				if (!d)
					return nullptr;
				ops.push_back(d);
			} else {
				return nullptr;
			}
		}
		return se.getMulExpr(ops);
	}
	return rule.leaf(s);
}

bool same_line(const llvm::SCEV *at, llvm::ArrayRef<const llvm::SCEV *> taken,
	       llvm::ScalarEvolution &se)
{
	for (const llvm::SCEV *t : taken) {
		auto *d = llvm::dyn_cast<llvm::SCEVConstant>(se.getMinusSCEV(at, t));
		if (d && d->getAPInt().abs().slt(PREFETCH_LINE))
			return true;
	}
	return false;
}

} // namespace kiln
