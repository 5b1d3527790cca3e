/* kiln-local-vars: kernel-scope __local variables (OpenCL C 3.0 §6.7.1)
 * become addresses in the work-group's local arena.
 *
 * One copy of each per work-group, so they cannot stay ordinary globals,
 * which every worker thread would share.  localmem.cpp lays them out (the
 * same layout kiln_ir_kernels reports to the runtime).
 * Assumes: a work-item function (kiln-workitem).
 * Guarantees: its uses of __local globals (also inside constant
 * expressions, which become instructions: other kernels keep theirs) are
 * info->local_mem + offset, computed in the entry block; the arena size
 * is left as !kiln.local_size on the function for kiln-workgroup. */
#include "compiler/passes.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>

#include <map>
#include <set>

namespace kiln {

/* Turns constant expressions that mention a __local variable into
 * instructions, so that the variable's uses inside f can be rewritten one
 * by one (other kernels keep theirs). */
static bool mentions(llvm::Constant *c, const std::set<llvm::Value *> &vars)
{
	if (vars.count(c))
		return true;
	if (auto *ce = llvm::dyn_cast<llvm::ConstantExpr>(c)) {
		for (llvm::Value *op : ce->operands())
			if (mentions(llvm::cast<llvm::Constant>(op), vars))
				return true;
	}
	return false;
}

static llvm::Value *expand(llvm::Constant *c, llvm::Instruction *before,
			   const std::map<llvm::Value *, llvm::Value *> &repl,
			   const std::set<llvm::Value *> &vars)
{
	auto it = repl.find(c);
	if (it != repl.end())
		return it->second;
	auto *ce = llvm::dyn_cast<llvm::ConstantExpr>(c);
	if (!ce || !mentions(c, vars))
		return c;
	llvm::Instruction *i = ce->getAsInstruction(before);
	for (unsigned n = 0; n < i->getNumOperands(); n++)
		if (auto *oc = llvm::dyn_cast<llvm::Constant>(i->getOperand(n)))
			i->setOperand(n, expand(oc, i, repl, vars));
	return i;
}

/* Rewrites f's uses of the __local variables; their layout. */
static local_layout place_local_vars(llvm::Function &f, const wi_params &p)
{
	local_layout lay = layout_local_vars(f);
	if (lay.vars.empty())
		return lay;
	llvm::BasicBlock *entry = &f.getEntryBlock();
	llvm::IRBuilder<> b(entry->getTerminator());
	llvm::Value *base = load_info(b, p.info, INFO_LOCAL_MEM);
	std::map<llvm::Value *, llvm::Value *> repl;
	std::set<llvm::Value *> vars;
	for (auto &[g, off] : lay.vars) {
		llvm::Value *addr = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), base, off);
		repl[g] = b.CreateAddrSpaceCast(addr, g->getType());
		vars.insert(g);
	}
	std::set<llvm::Value *> made;
	for (auto &[g, v] : repl)
		made.insert(v);
	for (llvm::BasicBlock &bb : f) {
		for (llvm::Instruction &i : bb) {
			if (made.count(&i))
				continue;
			for (unsigned n = 0; n < i.getNumOperands(); n++) {
				auto *c = llvm::dyn_cast<llvm::Constant>(i.getOperand(n));
				if (!c || !mentions(c, vars))
					continue;
				llvm::Instruction *at = &i;
				if (auto *phi = llvm::dyn_cast<llvm::PHINode>(&i))
					at = phi->getIncomingBlock(n)->getTerminator();
				i.setOperand(n, expand(c, at, repl, vars));
			}
		}
	}
	return lay;
}

llvm::PreservedAnalyses local_vars_pass::run(llvm::Function &f, llvm::FunctionAnalysisManager &)
{
	wi_params p;
	if (!workitem_params(f, p))
		return llvm::PreservedAnalyses::all();
	local_layout lay = place_local_vars(f, p);
	if (lay.vars.empty())
		return llvm::PreservedAnalyses::all();
	set_layout_field(f, "kiln.local_size", {lay.size});
	return llvm::PreservedAnalyses::none();
}

} // namespace kiln
