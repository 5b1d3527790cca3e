/* A work-item's private memory must fit the per-work-item limit
 * (docs/robustness.md): the work-group function runs its work-items one
 * after another on the worker's stack, whose size the runtime derives from
 * the same limit.  Measured before optimisation as the static allocas of
 * the kernel and, per call, of each callee (what kiln-inline-all leaves in
 * the kernel's frame; scalars that SROA later moves into registers are
 * still counted, so the figure is an upper bound).  A larger kernel is a
 * build error rather than an overflow at run time. */
#include "compiler/program_rules.h"

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <unordered_map>

namespace kiln {

static uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

/* memo: finished figures; a function found on the way down (0 in memo,
 * `busy`) is part of a cycle and counts nothing more (check_recursion
 * reports the cycle). */
static uint64_t bytes_of(const llvm::Function &f,
			 std::unordered_map<const llvm::Function *, uint64_t> &memo,
			 unsigned depth)
{
	auto it = memo.find(&f);
	if (it != memo.end())
		return it->second;
	memo[&f] = 0;
	if (f.isDeclaration() || depth > 512)
		return 0;
	const llvm::DataLayout &dl = f.getParent()->getDataLayout();
	uint64_t n = 0;
	for (const llvm::BasicBlock &bb : f)
		for (const llvm::Instruction &i : bb) {
			if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(&i)) {
				if (auto s = a->getAllocationSizeInBits(dl))
					n = add_sat(n, *s / 8);
			} else if (auto *c = llvm::dyn_cast<llvm::CallBase>(&i)) {
				auto *callee = llvm::dyn_cast<llvm::Function>(
					c->getCalledOperand()->stripPointerCasts());
				if (callee && callee != &f)
					n = add_sat(n, bytes_of(*callee, memo, depth + 1));
			}
		}
	memo[&f] = n;
	return n;
}

uint64_t private_mem_bytes(const llvm::Function &f)
{
	std::unordered_map<const llvm::Function *, uint64_t> memo;
	return bytes_of(f, memo, 0);
}

bool check_private_size(const llvm::Module &m, uint64_t limit, std::string &log)
{
	if (!limit)
		return true;
	bool ok = true;
	std::unordered_map<const llvm::Function *, uint64_t> memo;
	for (const llvm::Function &f : m) {
		if (f.isDeclaration() || !is_kernel(f))
			continue;
		uint64_t size = bytes_of(f, memo, 0);
		if (size <= limit)
			continue;
		ok = false;
		log += "error: kernel '" + f.getName().str() + "' needs " + std::to_string(size) +
		       " bytes of private memory per work-item, more than Kiln's limit of " +
		       std::to_string(limit) + " bytes (docs/robustness.md)\n";
	}
	return ok;
}

} // namespace kiln
