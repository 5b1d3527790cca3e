/* kiln-block-kernels: the address of a block's kernel becomes the address
 * of its launch descriptor (device-side enqueue, OpenCL C 3.0 §6.15.15;
 * docs/device_enqueue.md).
 *
 * For each block passed to enqueue_kernel (or a kernel query) Clang 15
 * makes a wrapper kernel, __<parent>_block_invoke[_<n>]_kernel(block
 * literal, __local pointers...), and passes its address to
 * __enqueue_kernel_* / __get_kernel_*_impl; translator 15 reads a SPIR-V
 * module's OpEnqueueKernel back into the same shape, the wrapper with
 * kernel argument metadata (is_block_kernel).  The runtime cannot run that
 * function: it needs the kernel's work-group function and the sizes the
 * work-group pass decided.  This pass emits, per block kernel k,
 *
 *   __kiln_block_<k> = { __kiln_wg_<k>, context bytes per work-item,
 *                        local bytes, "<k>", number of __local
 *                        parameters, uses printf }
 *
 * (struct kiln_block_kernel, compiler.h) and replaces every use of k's
 * address with it, so kernel-lib/device_enqueue.cl hands it to the
 * runtime as it is.
 * Assumes: kiln-workgroup has made __kiln_wg_<k>, __kiln_ctx_<k> and
 * __kiln_lmem_<k>, and kiln-printf its marker for kernels that print.
 * Guarantees: no use of a block kernel's address is left (k itself is
 * internal and -O3 drops it), and the block literals' invoke fields are
 * null, so the blocks' functions go too. */
#include "compiler/internal.h"
#include "compiler/passes.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Metadata.h>

namespace kiln {

/* Whether the kernel argument metadata gives the first parameter the
 * generic address space (4). */
static bool generic_first_parameter(const llvm::Function &f)
{
	llvm::MDNode *spaces = f.getMetadata("kernel_arg_addr_space");
	if (!spaces || spaces->getNumOperands() == 0)
		return false;
	auto *c = llvm::mdconst::dyn_extract<llvm::ConstantInt>(spaces->getOperand(0));
	return c && c->getZExtValue() == 4;
}

bool is_block_kernel(const llvm::Function &f)
{
	/* Clang's wrapper kernels carry no kernel argument metadata, which
	 * every __kernel function of the source has.  SPIR-V modules list
	 * the wrapper as an entry point, so translator 15 gives it that
	 * metadata, with the block literal as a generic pointer: no kernel
	 * of OpenCL C source has one (a kernel's pointer parameters are
	 * global, constant or local, OpenCL C 3.0 §6.7). */
	llvm::StringRef n = f.getName();
	return (f.getCallingConv() == llvm::CallingConv::SPIR_KERNEL ||
		f.getMetadata(block_kernel_mark)) &&
	       (!f.getMetadata("kernel_arg_addr_space") || generic_first_parameter(f)) &&
	       n.contains("_block_invoke") && n.endswith("_kernel");
}

static uint64_t constant_of(llvm::Module &m, const std::string &name)
{
	auto *g = m.getGlobalVariable(name);
	if (!g || !g->hasInitializer())
		return 0;
	auto *c = llvm::dyn_cast<llvm::ConstantInt>(g->getInitializer());
	return c ? c->getZExtValue() : 0;
}

llvm::PreservedAnalyses block_kernels_pass::run(llvm::Module &m,
					       llvm::ModuleAnalysisManager &)
{
	llvm::LLVMContext &c = m.getContext();
	llvm::Type *ptr = llvm::PointerType::get(c, 0);
	llvm::Type *i64 = llvm::Type::getInt64Ty(c), *i32 = llvm::Type::getInt32Ty(c);
	auto *desc_ty = llvm::StructType::get(c, {ptr, i64, i64, ptr, i32, i32});
	bool changed = false;
	for (llvm::Function &k : m) {
		if (k.isDeclaration() || !is_block_kernel(k) || k.use_empty())
			continue;
		llvm::Function *wg = m.getFunction(wg_name(k.getName()));
		if (!wg) {
			if (errors)
				errors->error("internal compiler error: block kernel '" +
					      k.getName().str() + "' has no work-group function");
			continue;
		}
		uint32_t locals = 0;
		for (llvm::Argument &a : k.args())
			if (a.getType()->isPointerTy() && a.getType()->getPointerAddressSpace() == 3)
				locals++;
		bool prints = m.getNamedValue(printf_marker_prefix + k.getName().str()) != nullptr;
		llvm::Constant *name = llvm::ConstantDataArray::getString(c, k.getName());
		auto *name_g = new llvm::GlobalVariable(m, name->getType(), true,
							llvm::GlobalValue::PrivateLinkage, name,
							"__kiln_block_name_" + k.getName());
		llvm::Constant *init = llvm::ConstantStruct::get(
			desc_ty, {wg, llvm::ConstantInt::get(i64, constant_of(m, ctx_name(k.getName()))),
				  llvm::ConstantInt::get(i64, constant_of(m, lmem_name(k.getName()))),
				  name_g, llvm::ConstantInt::get(i32, locals),
				  llvm::ConstantInt::get(i32, prints ? 1 : 0)});
		auto *desc = new llvm::GlobalVariable(m, desc_ty, true,
						      llvm::GlobalValue::InternalLinkage, init,
						      "__kiln_block_" + k.getName());
		desc->setAlignment(llvm::Align(8));
		k.replaceAllUsesWith(desc);
		changed = true;
	}
	/* The literal's invoke field holds the block's function, which only
	 * the block kernels call (inlined by now); kept, it would keep that
	 * function and its unlowered work-item built-ins alive.  Nothing
	 * reads the field (the runtime launches the descriptor), so it
	 * becomes null.  Kiln's own functions made from a block kernel
	 * (__kiln_fiber_<k>, whose address its work-group function hands to
	 * run_fibers) stay. */
	for (llvm::Function &f : m) {
		if (f.isDeclaration() || is_kernel(f) || !f.getName().contains("_block_invoke") ||
		    f.getName().startswith("__kiln_"))
			continue;
		std::vector<llvm::User *> users(f.user_begin(), f.user_end());
		for (llvm::User *u : users) {
			auto *call = llvm::dyn_cast<llvm::CallBase>(u);
			if (call && call->getCalledOperand() == &f)
				continue;
			if (auto *ce = llvm::dyn_cast<llvm::ConstantExpr>(u)) {
				if (auto *pt = llvm::dyn_cast<llvm::PointerType>(ce->getType())) {
					ce->replaceAllUsesWith(llvm::ConstantPointerNull::get(pt));
					changed = true;
				}
			} else if (auto *i = llvm::dyn_cast<llvm::Instruction>(u)) {
				i->replaceUsesOfWith(&f, llvm::ConstantPointerNull::get(f.getType()));
				changed = true;
			}
		}
	}
	return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace kiln
