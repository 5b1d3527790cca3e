/* kernel-lib's window on the work-group state: __kiln_wg_state(), which
 * kernel-lib declares and never defines (kernel-lib/generic_as.cl reads the
 * group's local and private memory ranges from it), becomes the
 * work-group function's `state` argument (struct kiln_wg_state,
 * compiler.h).  The work-item function has no such argument, so the
 * work-item calls that reach __kiln_wg_state are inlined into the
 * work-group function first, as the -O3 pipeline would do anyway. */
#include "compiler/internal.h"

#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <set>
#include <vector>

namespace kiln {

static const char wg_state_fn[] = "__kiln_wg_state";

/* Whether f, or a function it calls, calls __kiln_wg_state. */
static bool reaches_state(const llvm::Function &f, std::set<const llvm::Function *> &seen)
{
	if (!seen.insert(&f).second)
		return false;
	for (const llvm::BasicBlock &bb : f)
		for (const llvm::Instruction &i : bb) {
			llvm::Function *g = direct_callee(i);
			if (!g)
				continue;
			if (g->getName() == wg_state_fn)
				return true;
			if (!g->isDeclaration() && reaches_state(*g, seen))
				return true;
		}
	return false;
}

/* Inlines into fn every call that leads to __kiln_wg_state (`decl`),
 * then replaces the calls of it with `state`.  A recursive function on
 * the way (OpenCL C 3.0 §6.11 forbids recursion) would be inlined for
 * ever: it fails the build, and so does needing more than max_inlines
 * inlines, so that no input keeps this loop going. */
static bool lower_in(llvm::Function *fn, llvm::Value *state, llvm::Function *decl,
		     std::string &log)
{
	const unsigned max_inlines = 100000;
	/* Inline, one call at a time, every call that leads to the state. */
	for (unsigned inlined = 0;; inlined++) {
		llvm::CallBase *next = nullptr;
		for (llvm::BasicBlock &bb : *fn) {
			for (llvm::Instruction &i : bb) {
				llvm::Function *g = direct_callee(i);
				std::set<const llvm::Function *> seen{fn};
				if (g && !g->isDeclaration() && reaches_state(*g, seen)) {
					next = llvm::cast<llvm::CallBase>(&i);
					break;
				}
			}
			if (next)
				break;
		}
		if (!next)
			break;
		llvm::Function *g = direct_callee(*next);
		if (calls_itself(*g)) {
			log += "error: function '" + g->getName().str() +
			       "' calls itself: recursion is not allowed (OpenCL C 3.0 §6.11)\n";
			return false;
		}
		if (inlined == max_inlines) {
			log += "error: more than " + std::to_string(max_inlines) +
			       " inlined calls in kernel '" + fn->getName().str() +
			       "'; the build was stopped\n";
			return false;
		}
		llvm::InlineFunctionInfo ifi;
		llvm::InlineResult r = llvm::InlineFunction(*next, ifi);
		if (!r.isSuccess()) {
			log += "error: internal compiler error: cannot inline a function "
			       "that reads the work-group state: " +
			       std::string(r.getFailureReason()) + "\n";
			return false;
		}
	}
	std::vector<llvm::CallBase *> calls;
	for (llvm::BasicBlock &bb : *fn)
		for (llvm::Instruction &i : bb)
			if (llvm::Function *g = direct_callee(i))
				if (g == decl)
					calls.push_back(llvm::cast<llvm::CallBase>(&i));
	for (llvm::CallBase *c : calls) {
		llvm::IRBuilder<> b(c);
		c->replaceAllUsesWith(b.CreatePointerBitCastOrAddrSpaceCast(state, c->getType()));
		c->eraseFromParent();
	}
	return true;
}

bool lower_wg_state_calls(llvm::Function &k, std::string &log)
{
	llvm::Module &m = *k.getParent();
	llvm::Function *decl = m.getFunction(wg_state_fn);
	if (!decl || decl->use_empty())
		return true;
	/* A kernel that runs as fibers reads the state in its fiber entry
	 * (workgroup.cpp), where it is the second argument. */
	llvm::Function *fe = m.getFunction(fiber_name(k.getName()));
	if (fe && !fe->isDeclaration() && !lower_in(fe, fe->getArg(1), decl, log))
		return false;
	llvm::Function *wg = m.getFunction(wg_name(k.getName()));
	if (!wg || wg->isDeclaration())
		return true;
	return lower_in(wg, wg->getArg(1), decl, log);
}

} // namespace kiln
