/* kiln-vector-variants: calls of kernel-lib functions that have a vector
 * variant name it to LLVM's loop vectorizer.
 *
 * A kernel-lib function F may come with a companion F_vec that does F's
 * work for VF work-items at once: each parameter and the result of F
 * become vectors of VF lanes (lane i: work-item i of the vector).  The
 * sub-group row functions (kernel-lib/subgroups_rows.cl) are the first:
 * a sub-group reduction becomes one vector reduction per VF work-items.
 * kiln-inline-all leaves calls of F as calls, kernel-lib's linker step
 * brings F_vec along with F (kernel_lib.cpp), and this pass puts on each
 * call of F the attribute by which the vectorizer finds F_vec (the vector
 * function ABI's `_ZGV_LLVM_N<VF><v per parameter>_F(F_vec)`, the form
 * LLVM 15's VFDatabase reads), and keeps F_vec alive, and F's signature
 * whole, in llvm.compiler.used until then.  A vectorized loop calls F_vec; a loop
 * the vectorizer leaves alone, or its remainder, calls F: so F and F_vec
 * must give the same result for every lane, and any order of the calls of
 * a loop must be right (they only read memory).
 *
 * A companion whose type is not exactly F's widened to VF lanes is not
 * used: Clang's x86-64 calling convention passes some small vectors
 * (a char4, a uint2) as integers or doubles, which the vectorizer's call
 * would not match; such calls stay scalar, which is correct, only slower.
 *
 * Assumes: kernel-lib linked.  Guarantees: only call attributes change
 * (the variant's name added, `nobuiltin` dropped); every
 * named variant exists with the type the vectorizer calls it with. */
#include "compiler/passes.h"

#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>

namespace kiln {

static const char vec_suffix[] = "_vec";

std::string vector_variant_name(llvm::StringRef name)
{
	return (name + vec_suffix).str();
}

static llvm::Function *vector_variant(const llvm::Function &f)
{
	if (!f.hasName() || !f.getParent())
		return nullptr;
	llvm::Function *v = f.getParent()->getFunction(vector_variant_name(f.getName()));
	return v && !v->isDeclaration() ? v : nullptr;
}

bool is_vector_variant(const llvm::Function &f)
{
	llvm::StringRef n = f.getName();
	return n.endswith(vec_suffix) && f.getParent() &&
	       f.getParent()->getFunction(n.drop_back(sizeof vec_suffix - 1));
}

bool has_vector_variant(const llvm::Function &f)
{
	/* F_vec itself too: it is called only once the vectorizer has run */
	return vector_variant(f) || is_vector_variant(f);
}

/* VF when v is f widened to VF lanes, else 0. */
static unsigned lanes_of(const llvm::Function &f, const llvm::Function &v)
{
	auto *rt = llvm::dyn_cast<llvm::FixedVectorType>(v.getReturnType());
	if (!rt || rt->getElementType() != f.getReturnType() ||
	    v.arg_size() != f.arg_size())
		return 0;
	unsigned vf = rt->getNumElements();
	for (unsigned i = 0; i < f.arg_size(); i++) {
		auto *t = llvm::dyn_cast<llvm::FixedVectorType>(v.getArg(i)->getType());
		if (!t || t->getNumElements() != vf ||
		    t->getElementType() != f.getArg(i)->getType())
			return 0;
	}
	return vf;
}

llvm::PreservedAnalyses vector_variants_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &)
{
	bool changed = false;
	std::vector<llvm::GlobalValue *> keep;
	for (llvm::Function &f : m) {
		llvm::Function *v = vector_variant(f);
		unsigned vf = v ? lanes_of(f, *v) : 0;
		if (!vf)
			continue;
		std::string abi = "_ZGV_LLVM_N" + std::to_string(vf) +
				  std::string(f.arg_size(), 'v') + "_" + f.getName().str() +
				  "(" + v->getName().str() + ")";
		bool called = false;
		for (llvm::User *u : f.users())
			if (auto *call = llvm::dyn_cast<llvm::CallInst>(u))
				if (call->getCalledFunction() == &f) {
					call->addFnAttr(llvm::Attribute::get(
						m.getContext(), "vector-function-abi-variant", abi));
					/* kernel-lib is built with -fno-builtin, and the
					 * vectorizer refuses a `nobuiltin` call (LLVM 15,
					 * LoopAccessAnalysis); F is no library function
					 * that the attribute could protect */
					call->removeFnAttr(llvm::Attribute::NoBuiltin);
					called = true;
				}
		/* F too: to LLVM's interprocedural passes a function in
		 * llvm.compiler.used has its address taken, so they leave its
		 * signature alone, which the variant's must match (without
		 * this, a parameter every call passes as 0 is removed) */
		if (called) {
			keep.push_back(v);
			keep.push_back(&f);
		}
	}
	if (!keep.empty()) {
		llvm::appendToCompilerUsed(m, keep);
		changed = true;
	}
	return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace kiln
