/* A kernel must stay a size the compiler can handle once every call in it
 * is inlined (docs/robustness.md, "Bounded builds"): kiln-inline-all puts
 * the body of each called function in its caller, so a call tree that
 * doubles at each level (f40 calls f39 twice, f39 calls f38 twice, ...)
 * becomes 2^40 copies of the leaf, and the build would run until memory
 * runs out instead of failing.  This rule measures, before anything is
 * inlined, how many IR instructions each kernel would hold: its own
 * instructions plus, for each call of a function with a body, that
 * function's figure (which counts its own calls the same way).  Above the
 * limit the build fails with a log line naming the kernel, its inlined
 * size and the limit.
 *
 * Assumes check_recursion has run (no cycle of calls; one found anyway
 * counts once, as in rule_private_size.cpp).  Each function's figure is
 * computed once, bottom-up over the call graph with an explicit stack (no
 * deep recursion in the compiler itself), in saturating arithmetic: linear
 * in the size of the module whatever the figures are.
 *
 * Calls of built-in functions are calls of declarations here: the rule
 * runs before kernel-lib is linked, so a built-in counts as its call
 * instruction only.  That is on purpose: a built-in's body is bounded (it
 * cannot call the program back), so built-ins add to a kernel's size in
 * proportion to the number of their calls, which this figure already
 * counts; only the program's own call tree can grow a kernel
 * exponentially, and that is what the limit is for. */
#include "compiler/program_rules.h"

#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include <unordered_map>
#include <vector>

namespace kiln {

static uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

namespace {
/* One function on the walk: its own instruction count so far and the
 * functions with a body it calls (one entry per call), the next of which
 * is `next`. */
struct frame {
	const llvm::Function *f;
	uint64_t size;
	std::vector<const llvm::Function *> callees;
	size_t next;
};
} // namespace

/* The instructions of f that inlining copies (debug intrinsics are not
 * code), and the functions with a body its calls name. */
static frame open_frame(const llvm::Function &f)
{
	frame fr{&f, 0, {}, 0};
	for (const llvm::BasicBlock &bb : f)
		for (const llvm::Instruction &i : bb) {
			if (llvm::isa<llvm::DbgInfoIntrinsic>(i))
				continue;
			fr.size++;
			auto *c = llvm::dyn_cast<llvm::CallBase>(&i);
			if (!c)
				continue;
			auto *callee = llvm::dyn_cast<llvm::Function>(
				c->getCalledOperand()->stripPointerCasts());
			if (callee && !callee->isDeclaration() && callee != &f)
				fr.callees.push_back(callee);
		}
	return fr;
}

using size_memo = std::unordered_map<const llvm::Function *, uint64_t>;

/* f's inlined size, filling `memo` for f and everything it calls.  A
 * function met again while its figure is still being computed (0 in
 * `memo`) is part of a cycle and adds nothing more. */
static uint64_t inlined_size(const llvm::Function &root, size_memo &memo)
{
	auto done = memo.find(&root);
	if (done != memo.end())
		return done->second;
	std::vector<frame> stack;
	memo[&root] = 0;
	stack.push_back(open_frame(root));
	for (;;) {
		frame &top = stack.back();
		if (top.next < top.callees.size()) {
			const llvm::Function *callee = top.callees[top.next];
			auto it = memo.find(callee);
			if (it != memo.end()) {
				top.size = add_sat(top.size, it->second);
				top.next++;
				continue;
			}
			memo[callee] = 0;
			stack.push_back(open_frame(*callee)); /* `top` is stale now */
			continue;
		}
		uint64_t size = top.size;
		memo[top.f] = size;
		stack.pop_back();
		if (stack.empty())
			return size;
		frame &caller = stack.back();
		caller.size = add_sat(caller.size, size);
		caller.next++;
	}
}

uint64_t inlined_instructions(const llvm::Function &f)
{
	size_memo memo;
	return inlined_size(f, memo);
}

bool check_inline_size(const llvm::Module &m, uint64_t limit, std::string &log)
{
	if (!limit)
		return true;
	bool ok = true;
	size_memo memo;
	for (const llvm::Function &f : m) {
		if (f.isDeclaration() || !is_kernel(f))
			continue;
		uint64_t size = inlined_size(f, memo);
		if (size <= limit)
			continue;
		ok = false;
		log += "error: kernel '" + f.getName().str() + "' would be " +
		       (size == UINT64_MAX ? std::string("more than 2^64")
					   : std::to_string(size)) +
		       " IR instructions once every call in it is inlined, more than Kiln's "
		       "limit of " + std::to_string(limit) + " (docs/robustness.md)\n";
	}
	return ok;
}

} // namespace kiln
