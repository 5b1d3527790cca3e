/* Questions about direct calls that several passes ask (internal.h). */
#include "compiler/internal.h"

#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Instructions.h>

#include <set>
#include <vector>

namespace kiln {

llvm::Function *direct_callee(const llvm::Instruction &i)
{
	auto *c = llvm::dyn_cast<llvm::CallBase>(&i);
	return c ? llvm::dyn_cast<llvm::Function>(c->getCalledOperand()->stripPointerCasts())
		 : nullptr;
}

bool calls_itself(const llvm::Function &f)
{
	std::set<const llvm::Function *> seen;
	std::vector<const llvm::Function *> todo{&f};
	while (!todo.empty()) {
		const llvm::Function *g = todo.back();
		todo.pop_back();
		for (const llvm::BasicBlock &bb : *g)
			for (const llvm::Instruction &i : bb) {
				const llvm::Function *h = direct_callee(i);
				if (!h || h->isDeclaration())
					continue;
				if (h == &f)
					return true;
				if (seen.insert(h).second)
					todo.push_back(h);
			}
	}
	return false;
}

} // namespace kiln
