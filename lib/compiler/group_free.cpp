/* kiln-group-free: kernels that cannot tell how their work-items are
 * grouped.
 *
 * A kernel that never asks for its local id, group id, local size or
 * number of groups, has no barrier, sub-group or work-group function, and
 * touches no __local memory computes the same whatever local size it is
 * launched with: its work-items meet nowhere and tell themselves apart by
 * their global ids alone.  The runtime may then run it with groups of its
 * own choosing (lib/core/ndrange.c).  That matters for applications that
 * launch groups of one work-item, as hashcat does on a CPU: a group of one
 * leaves the vectorized work-item loop a single lane, where a group of 16
 * or more fills every lane of the vector unit with its own work-item.
 *
 * The test is an allowlist, so that whatever this file does not know
 * about keeps the application's groups: after kiln-inline-all the calls
 * left in a kernel are of declarations and of the few functions it leaves
 * alone, and the kernel is group-free when each is an LLVM intrinsic,
 * printf (kiln-hide-printf's name), one of kernel-lib's kl_outline_*
 * functions or one of the work-item functions of global ids
 * (get_global_id, _size, _offset, get_work_dim, get_global_linear_id); no
 * value, argument or global it
 * uses lives in address space 3 (__local); and it refers to no global
 * variable that it does not define (a SPIR-V built-in variable would be
 * one), not even through a constant expression.  Block kernels (device-side enqueue) and checked mode, whose
 * messages name work-groups, are left out.
 *
 * Assumes: kiln-inline-all and kiln-hide-printf ran; before kiln-workitem.
 * Guarantees: for each group-free kernel k the constant i64 1 named
 * __kiln_group_free_<k> (jit.cpp reads it); nothing else changes. */
#include "compiler/passes.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>

namespace kiln {

/* Declarations a group-free kernel may call. */
static bool allowed_callee(const llvm::Function &f)
{
	static const char *const names[] = {
		"_Z13get_global_idj", "_Z15get_global_sizej", "_Z17get_global_offsetj",
		"_Z12get_work_dimv", "_Z20get_global_linear_idv", "__kiln_printf",
	};
	/* kernel-lib's cold generic paths (kiln-inline-all leaves them as
	 * calls) touch only the image they are given */
	if (f.isIntrinsic() || f.getName().startswith("kl_outline_"))
		return true;
	for (const char *n : names)
		if (f.getName() == n)
			return true;
	return false;
}

static bool is_local(const llvm::Type *t)
{
	return t->isPointerTy() && t->getPointerAddressSpace() == 3;
}

/* Whether constant c is, or is built from, a __local variable or one the
 * module only declares. */
static bool refers_to_outside(const llvm::Constant *c)
{
	if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(c))
		return g->isDeclaration() || g->getAddressSpace() == 3;
	if (!llvm::isa<llvm::ConstantExpr>(c))
		return false;
	for (const llvm::Use &u : c->operands())
		if (refers_to_outside(llvm::cast<llvm::Constant>(u.get())))
			return true;
	return false;
}

static bool is_group_free(const llvm::Function &k)
{
	if (is_block_kernel(k))
		return false;
	for (const llvm::Argument &a : k.args())
		if (is_local(a.getType()))
			return false;
	for (const llvm::BasicBlock &bb : k)
		for (const llvm::Instruction &i : bb) {
			if (is_local(i.getType()))
				return false;
			if (auto *c = llvm::dyn_cast<llvm::CallBase>(&i)) {
				const llvm::Function *callee = c->getCalledFunction();
				if (!callee || !allowed_callee(*callee))
					return false;
			}
			for (const llvm::Use &u : i.operands()) {
				if (is_local(u->getType()))
					return false;
				auto *c = llvm::dyn_cast<llvm::Constant>(u.get());
				if (c && refers_to_outside(c))
					return false;
			}
		}
	return true;
}

llvm::PreservedAnalyses group_free_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &)
{
	std::vector<std::string> found;
	for (llvm::Function &f : m)
		if (is_kernel(f) && is_group_free(f) && !m.getNamedValue(group_free_name(f.getName())))
			found.push_back(f.getName().str());
	for (const std::string &k : found)
		add_runtime_constant(m, group_free_name(k), 1);
	return found.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
}

} // namespace kiln
