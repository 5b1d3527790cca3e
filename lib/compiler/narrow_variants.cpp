/* kiln-narrow-variants: a second work-item function, vectors kept whole,
 * for kernels that kiln-scalarize splits although their vectors fill the
 * target's registers.
 *
 * kiln-scalarize splits a kernel written with register-wide vectors
 * (uint16 on AVX-512) when its work-item loop can vectorize: 16
 * work-items' independent chains then interleave in the lanes, which beats
 * one work-item's vector chain.  That only holds when a group has at least
 * a vector's worth of work-items along dimension 0.  hashcat launches
 * groups of one work-item on a CPU; its PBKDF2 loop kernel (-m 22000, u32x16
 * on AVX-512), split, then runs every uint16 operation as 16 scalar ones.
 * The choice depends on the local size, which only the enqueue knows, so
 * such a kernel k gets both: k itself, split as before, and the kernel
 * k.kiln_narrow with the same body and its work-item function marked
 * "kiln-keep-vectors", which kiln-scalarize leaves whole.  The global
 * __kiln_narrow_<k> (an i64) tells the runtime to run the variant for
 * groups narrower than that along dimension 0: the lanes of a vector of
 * 32-bit elements, the width the work-item loop vectorizes at.  Every
 * later pass treats the variant as one more kernel (it gets its own
 * work-group function, context size and printf marker); the program's
 * kernel list, read from the front end's module, never shows it.
 *
 * No variant for: block kernels (device-side enqueue runs them through
 * their launch descriptor, kiln-block-kernels), kernels whose
 * reqd_work_group_size is a vector wide or more along dimension 0, and
 * a kernel whose variant's name is taken.  Checked mode does not run this
 * pass (passes.cpp): the variants would double its instrumented code for
 * launches it does not measure.
 *
 * Assumes: work-item functions after kiln-wi-simplify, before
 * kiln-scalarize; the module's !kiln.vector_bits.
 * Guarantees: for each kernel k whose work-item function
 * choose_vectors() would split as SPLIT_WIDE, a kernel k.kiln_narrow (a
 * copy of k), its work-item function __kiln_wi_k.kiln_narrow (a copy of
 * k's, with keep_vectors_attr) and the constant __kiln_narrow_<k>;
 * nothing else changes. */
#include "compiler/passes.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Metadata.h>
#include <llvm/Transforms/Utils/Cloning.h>

namespace kiln {

/* reqd_work_group_size's first dimension (0: none). */
static uint64_t required_width(const llvm::Function &k)
{
	llvm::MDNode *md = k.getMetadata("reqd_work_group_size");
	if (!md || md->getNumOperands() == 0)
		return 0;
	auto *c = llvm::mdconst::dyn_extract<llvm::ConstantInt>(md->getOperand(0));
	return c ? c->getZExtValue() : 0;
}

static void add_variant(llvm::Function &k, llvm::Function &wi, uint64_t lanes)
{
	llvm::Module &m = *k.getParent();
	std::string name = (k.getName() + narrow_suffix).str();
	/* the kernel for what kiln-workgroup and later passes read of it
	 * (arguments, metadata); its body goes with k's, unused */
	llvm::ValueToValueMapTy kmap;
	llvm::CloneFunction(&k, kmap)->setName(name);
	llvm::ValueToValueMapTy wmap;
	llvm::Function *wv = llvm::CloneFunction(&wi, wmap);
	wv->setName(wi_name(name));
	wv->addFnAttr(keep_vectors_attr);
	add_runtime_constant(m, narrow_marker_name(k.getName()), lanes);
}

llvm::PreservedAnalyses narrow_variants_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &mam)
{
	uint64_t lanes = target_vector_bits(m) / 32;
	if (lanes < 2)
		return llvm::PreservedAnalyses::all();
	auto &fam = mam.getResult<llvm::FunctionAnalysisManagerModuleProxy>(m).getManager();
	std::vector<std::pair<llvm::Function *, llvm::Function *>> todo;
	for (llvm::Function &wi : m) {
		wi_params p;
		if (!workitem_params(wi, p) || wi.hasFnAttribute(keep_vectors_attr))
			continue;
		llvm::Function *k = kernel_of_workitem(wi);
		if (!k || is_block_kernel(*k) || required_width(*k) >= lanes ||
		    k->getName().endswith(narrow_suffix) ||
		    m.getFunction((k->getName() + narrow_suffix).str()) ||
		    m.getNamedValue(narrow_marker_name(k->getName())))
			continue;
		if (choose_vectors(wi, fam) == vector_choice::SPLIT_WIDE)
			todo.push_back({k, &wi});
	}
	for (auto &[k, wi] : todo)
		add_variant(*k, *wi, lanes);
	return todo.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
}

} // namespace kiln
