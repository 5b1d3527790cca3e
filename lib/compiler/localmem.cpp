/* Kernel-scope __local variables (OpenCL C 3.0 §6.7.1 "__local"): one copy per
 * work-group, so they cannot stay ordinary globals, which every worker
 * thread would share.  Each kernel gets them laid out at fixed offsets at
 * the start of the worker's local arena (kiln_wg_state.local_mem); the
 * work-group pass rewrites the uses.  Metadata (kiln_ir_kernels) and the pass
 * use this same layout, computed over the kernel and every function it
 * calls, in module order so both agree. */
#include "compiler/internal.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>

#include <set>

namespace kiln {

enum { LOCAL_AS = 3 };

static void scan_constant(const llvm::Constant *c,
			  std::set<const llvm::GlobalVariable *> &vars,
			  std::vector<const llvm::Function *> &work,
			  std::set<const llvm::Constant *> &seen)
{
	if (!seen.insert(c).second)
		return;
	if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(c)) {
		if (g->getAddressSpace() == LOCAL_AS)
			vars.insert(g);
		else if (g->hasInitializer())
			scan_constant(g->getInitializer(), vars, work, seen);
		return;
	}
	if (auto *f = llvm::dyn_cast<llvm::Function>(c)) {
		work.push_back(f);
		return;
	}
	if (llvm::isa<llvm::ConstantExpr>(c) || llvm::isa<llvm::ConstantAggregate>(c))
		for (const llvm::Use &op : c->operands())
			scan_constant(llvm::cast<llvm::Constant>(op.get()), vars,
				      work, seen);
}

local_layout layout_local_vars(llvm::Function &kernel)
{
	std::set<const llvm::GlobalVariable *> vars;
	std::set<const llvm::Constant *> seen;
	std::vector<const llvm::Function *> work = {&kernel};
	std::set<const llvm::Function *> done;
	while (!work.empty()) {
		const llvm::Function *f = work.back();
		work.pop_back();
		if (!done.insert(f).second || f->isDeclaration())
			continue;
		for (const llvm::BasicBlock &bb : *f)
			for (const llvm::Instruction &i : bb)
				for (const llvm::Use &op : i.operands())
					if (auto *c = llvm::dyn_cast<llvm::Constant>(op.get()))
						scan_constant(c, vars, work, seen);
	}
	local_layout out;
	llvm::Module *m = kernel.getParent();
	const llvm::DataLayout &dl = m->getDataLayout();
	for (llvm::GlobalVariable &g : m->globals()) {
		if (!vars.count(&g))
			continue;
		uint64_t align = std::max<uint64_t>(
			g.getAlign() ? g.getAlign()->value() : 1,
			dl.getABITypeAlign(g.getValueType()).value());
		out.size = (out.size + align - 1) / align * align;
		out.vars.push_back({&g, out.size});
		out.size += dl.getTypeAllocSize(g.getValueType());
	}
	return out;
}

} // namespace kiln
