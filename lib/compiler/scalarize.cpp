/* kiln-scalarize: the work-item function's vector operations split into
 * scalar ones, before the work-group loops are made.
 *
 * LLVM 15's loop vectorizer gives up on a loop that holds any instruction
 * of vector type ("instruction return type cannot be vectorized"), and an
 * OpenCL kernel written with float4 or float3 is full of them.  Split into
 * scalars, the same body vectorizes across work-items instead: 16
 * work-items × 4 components rather than one work-item's 4 components.  The
 * Scalarizer pass splits arithmetic, PHIs, selects and the element-wise
 * intrinsics; it leaves memory alone (in LLVM 15 only a process-wide
 * option changes that, and Kiln shares LLVM with its host application), so
 * vector loads and stores are split here, one element at a time.
 *
 * Splitting pays only where the vectors are narrower than the target's
 * registers.  A kernel written with vectors as wide as a register (u32x16
 * on AVX-512: hashcat picks VECT_SIZE from CL_DEVICE_NATIVE_VECTOR_WIDTH_INT)
 * already fills every lane; split, it needs its work-item loop to
 * vectorize to get them back, which fails for loops with early exits and
 * inner loops, and can never happen when the application launches groups
 * of one work-item (hashcat does on a CPU).  A kernel whose vector
 * operations are mostly register-wide keeps its vectors when, split, its
 * work-item loop could not vectorize anyway: it has a loop with a side
 * effect (store, atomic, call) on a conditional path, which the loop
 * vectorizer cannot if-convert (hashcat's compare of each candidate, an
 * atomic under an `if`, in its loop over the candidates).  A register-wide
 * kernel without one is still split: its work-item loop vectorizes, and 16
 * work-items' independent chains interleave where one work-item's vector
 * chain would wait on each result (madd-double8 of kiln-bench-compute ran
 * 5-10x slower kept whole).  Such a kernel also has a second work-item
 * function kept whole (kiln-narrow-variants) for groups narrower than a
 * vector, where the split one could not vectorize its work-item loop.
 * A kernel whose vector work is mostly half a register wide (float8 on
 * AVX-512) keeps its vectors when kiln-pair-workitems can run two of its
 * work-items as one (pairable(): a known even local width, every
 * work-item on the same path), which fills the registers without the
 * transposing loads a split float8 needs; it gets pair_attr as well.
 * The target's register width is the module's !kiln.vector_bits
 * (kiln_finalize; absent: split everything).  A function kept whole gets
 * the attribute "kiln-keep-vectors" (or comes with it), which the passes
 * that exist to vectorize the work-item loop read.
 * Assumes: a work-item function in SSA form (kiln-wi-simplify).
 * Guarantees: in a function not kept whole as above, no simple load or
 * store of a fixed vector whose elements
 * are addressable one by one (atomic and volatile ones stay whole);
 * arithmetic, PHIs, selects and element-wise intrinsics split by LLVM's
 * Scalarizer, and the insert/extract chains it leaves folded by
 * InstCombine and EarlyCSE. */
#include "compiler/passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Metadata.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/Scalarizer.h>

namespace kiln {

/* Elements of a vector memory access that can be addressed one by one. */
static llvm::FixedVectorType *splittable(llvm::Type *t, const llvm::DataLayout &dl)
{
	auto *vt = llvm::dyn_cast<llvm::FixedVectorType>(t);
	if (!vt)
		return nullptr;
	llvm::Type *e = vt->getElementType();
	uint64_t bits = dl.getTypeSizeInBits(e);
	if (bits % 8 || dl.getTypeAllocSizeInBits(e) != bits ||
	    dl.getTypeAllocSize(vt) != dl.getTypeAllocSize(e) * vt->getNumElements())
		return nullptr;
	return vt;
}

static void split_load(llvm::LoadInst *l, llvm::FixedVectorType *vt,
		       const llvm::DataLayout &dl)
{
	llvm::IRBuilder<> b(l);
	llvm::Type *e = vt->getElementType();
	uint64_t size = dl.getTypeAllocSize(e);
	llvm::Value *v = llvm::PoisonValue::get(vt);
	for (unsigned i = 0; i < vt->getNumElements(); i++) {
		llvm::Value *p = b.CreateConstInBoundsGEP1_64(e, l->getPointerOperand(), i);
		llvm::LoadInst *el = b.CreateAlignedLoad(
			e, p, llvm::commonAlignment(l->getAlign(), i * size));
		el->copyMetadata(*l, {llvm::LLVMContext::MD_tbaa, llvm::LLVMContext::MD_alias_scope,
				     llvm::LLVMContext::MD_noalias});
		v = b.CreateInsertElement(v, el, i);
	}
	l->replaceAllUsesWith(v);
	l->eraseFromParent();
}

static void split_store(llvm::StoreInst *s, llvm::FixedVectorType *vt,
			const llvm::DataLayout &dl)
{
	llvm::IRBuilder<> b(s);
	llvm::Type *e = vt->getElementType();
	uint64_t size = dl.getTypeAllocSize(e);
	for (unsigned i = 0; i < vt->getNumElements(); i++) {
		llvm::Value *p = b.CreateConstInBoundsGEP1_64(e, s->getPointerOperand(), i);
		llvm::StoreInst *el = b.CreateAlignedStore(
			b.CreateExtractElement(s->getValueOperand(), i), p,
			llvm::commonAlignment(s->getAlign(), i * size));
		el->copyMetadata(*s, {llvm::LLVMContext::MD_tbaa, llvm::LLVMContext::MD_alias_scope,
				     llvm::LLVMContext::MD_noalias});
	}
	s->eraseFromParent();
}

/* Bits of the widest vector an instruction produces or reads (0: none). */
static uint64_t vector_bits(const llvm::Instruction &i, const llvm::DataLayout &dl)
{
	uint64_t bits = 0;
	auto note = [&](llvm::Type *t) {
		if (auto *vt = llvm::dyn_cast<llvm::FixedVectorType>(t)) {
			uint64_t b = dl.getTypeSizeInBits(vt).getFixedSize();
			bits = b > bits ? b : bits;
		}
	};
	note(i.getType());
	for (const llvm::Use &u : i.operands())
		note(u->getType());
	return bits;
}

/* How many of f's instructions work on vectors narrower than `bits`,
 * exactly `bits` wide, and wider.  Element moves (insert/extract/shuffle)
 * build and take apart vectors rather than compute on them, so they do not
 * count. */
struct vector_mix {
	size_t narrower = 0, exact = 0, wider = 0;
};
static vector_mix vector_work(const llvm::Function &f, uint64_t bits)
{
	const llvm::DataLayout &dl = f.getParent()->getDataLayout();
	vector_mix mix;
	for (const llvm::BasicBlock &bb : f)
		for (const llvm::Instruction &i : bb) {
			if (llvm::isa<llvm::InsertElementInst>(i) ||
			    llvm::isa<llvm::ExtractElementInst>(i) ||
			    llvm::isa<llvm::ShuffleVectorInst>(i))
				continue;
			uint64_t b = vector_bits(i, dl);
			if (b)
				(b < bits ? mix.narrower : b == bits ? mix.exact : mix.wider)++;
		}
	return mix;
}

/* Whether f's vector work is mostly register-wide already: at least as
 * many instructions on vectors of register_bits or more as on narrower
 * ones. */
static bool register_wide(const llvm::Function &f, uint64_t register_bits)
{
	vector_mix m = vector_work(f, register_bits);
	return m.exact + m.wider && m.exact + m.wider >= m.narrower;
}

/* Whether f's vector work is mostly half as wide as the registers: at
 * least as many instructions on vectors of register_bits / 2 as on
 * narrower ones, and none on wider ones (kiln-pair-workitems doubles
 * them). */
static bool half_register_wide(const llvm::Function &f, uint64_t register_bits)
{
	vector_mix m = vector_work(f, register_bits / 2);
	return m.exact && m.exact >= m.narrower && !m.wider;
}

/* Whether a loop of f has a block that writes memory or calls a function
 * on a path the loop's iteration may skip (the block does not dominate
 * the latch of its innermost loop): what the loop vectorizer cannot turn
 * into selects ("control flow cannot be substituted for a select"). */
static bool has_conditional_side_effect_in_loop(llvm::Function &f,
					        llvm::FunctionAnalysisManager &fam)
{
	auto &li = fam.getResult<llvm::LoopAnalysis>(f);
	auto &dt = fam.getResult<llvm::DominatorTreeAnalysis>(f);
	for (llvm::BasicBlock &bb : f) {
		llvm::Loop *l = li.getLoopFor(&bb);
		llvm::BasicBlock *latch = l ? l->getLoopLatch() : nullptr;
		if (!l || (latch && dt.dominates(&bb, latch)))
			continue;
		for (llvm::Instruction &i : bb) {
			auto *ii = llvm::dyn_cast<llvm::IntrinsicInst>(&i);
			if (ii && (ii->isLifetimeStartOrEnd() || ii->isAssumeLikeIntrinsic()))
				continue;
			if (i.mayWriteToMemory())
				return true;
		}
	}
	return false;
}

uint64_t target_vector_bits(const llvm::Module &m)
{
	if (const llvm::NamedMDNode *n = m.getNamedMetadata("kiln.vector_bits"))
		if (n->getNumOperands() && n->getOperand(0)->getNumOperands())
			if (auto *c = llvm::mdconst::dyn_extract<llvm::ConstantInt>(
				    n->getOperand(0)->getOperand(0)))
				return c->getZExtValue();
	return 0;
}

void set_target_vector_bits(llvm::Module &m, uint64_t bits)
{
	llvm::LLVMContext &c = m.getContext();
	llvm::NamedMDNode *n = m.getOrInsertNamedMetadata("kiln.vector_bits");
	n->clearOperands();
	n->addOperand(llvm::MDNode::get(
		c, {llvm::ConstantAsMetadata::get(
			   llvm::ConstantInt::get(llvm::Type::getInt32Ty(c), bits))}));
}

vector_choice choose_vectors(llvm::Function &f, llvm::FunctionAnalysisManager &fam,
			     bool allow_pair)
{
	if (f.hasFnAttribute(keep_vectors_attr))
		return vector_choice::KEEP;
	uint64_t register_bits = target_vector_bits(*f.getParent());
	if (allow_pair && register_bits && half_register_wide(f, register_bits) &&
	    pairable(f, fam))
		return vector_choice::PAIR;
	if (!register_bits || !register_wide(f, register_bits))
		return vector_choice::SPLIT;
	return has_conditional_side_effect_in_loop(f, fam) ? vector_choice::KEEP
							   : vector_choice::SPLIT_WIDE;
}

llvm::PreservedAnalyses scalarize_pass::run(llvm::Function &f, llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	if (!workitem_params(f, p))
		return llvm::PreservedAnalyses::all();
	vector_choice choice = choose_vectors(f, fam, allow_pair);
	if (choice == vector_choice::KEEP || choice == vector_choice::PAIR) {
		/* the passes that exist to vectorize the work-item loop
		 * leave it alone (LLVM 15 does not vectorize a loop holding
		 * vectors) */
		f.addFnAttr(keep_vectors_attr);
		if (choice == vector_choice::PAIR)
			f.addFnAttr(pair_attr);
		return llvm::PreservedAnalyses::all();
	}
	const llvm::DataLayout &dl = f.getParent()->getDataLayout();
	std::vector<llvm::Instruction *> work;
	bool split = false;
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb)
			if (llvm::isa<llvm::LoadInst>(i) || llvm::isa<llvm::StoreInst>(i))
				work.push_back(&i);
	for (llvm::Instruction *i : work) {
		if (auto *l = llvm::dyn_cast<llvm::LoadInst>(i)) {
			if (auto *vt = l->isSimple() ? splittable(l->getType(), dl) : nullptr) {
				split_load(l, vt, dl);
				split = true;
			}
		} else if (auto *s = llvm::dyn_cast<llvm::StoreInst>(i)) {
			llvm::Type *t = s->getValueOperand()->getType();
			if (auto *vt = s->isSimple() ? splittable(t, dl) : nullptr) {
				split_store(s, vt, dl);
				split = true;
			}
		}
	}
	/* what the splits changed, the passes below do not know about */
	if (split)
		fam.invalidate(f, llvm::PreservedAnalyses::none());
	llvm::FunctionPassManager fpm;
	fpm.addPass(llvm::ScalarizerPass());
	fpm.addPass(llvm::InstCombinePass());
	fpm.addPass(llvm::EarlyCSEPass());
	llvm::PreservedAnalyses pa = fpm.run(f, fam);
	return split ? llvm::PreservedAnalyses::none() : pa;
}

} // namespace kiln
