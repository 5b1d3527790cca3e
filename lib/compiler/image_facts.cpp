/* kiln-image-facts: what a kernel's image and sampler arguments are, in its
 * work-item function.
 *
 * An image argument is the address of the image's struct kiln_image_abi
 * (lib/core/image_abi.h), which no kernel can write: it lives in the image
 * object and the runtime sets it before the image is ever an argument.
 * Two things follow:
 *
 * 1. Every load of one of its fields is an invariant load (LLVM's
 *    !invariant.load), whatever else the kernel stores, and can be done
 *    once at the function's entry.  Without that, a kernel that writes an
 *    image or a buffer had its loads of the image's width, pitch and data
 *    pointer kept inside the work-item loop, as if its own pixel stores
 *    could change them, and a write's loads stayed behind its bounds test.
 *
 * 2. Where the runtime asks for a work-group function specialized for a
 *    launch (kiln_finalize_for_size, lib/core/specialize.c), it also says
 *    the channel order and data type of each image argument and the bits
 *    of each sampler argument: the kernel's !kiln.arg_facts, one
 *    !{i32 argument, i32 kind, i32 values...} per argument,
 *      kind 0, an image:  channel_order, channel_data_type, pixel_size,
 *                         num_channels (the image's kiln_image_abi);
 *      kind 1, a sampler: its bit field.
 *    Loads of those four fields become the constants, and the sampler
 *    argument the constant pointer the runtime passes for it, so that
 *    kernel-lib's test of the format (one switch per read_imagef) and its
 *    sampler tests fold to the one path this launch takes.  That leaves
 *    the work-item loop of an image kernel without a switch or a call for
 *    the loop vectorizer to refuse.  The specialization runs only for
 *    launches with the same facts, so they hold wherever it runs.
 *
 * kernel-lib asks which of the two it is compiled for with calls of
 * __kiln_formats_fixed(), which become 1 where facts are given and 0
 * elsewhere (a byte read as a word, good for a gather, costs a scalar
 * loop: image_read.cl's kl_byte_at).
 *
 * Assumes: work-item functions (kiln-workitem) made SSA (kiln-wi-simplify),
 * so that an image argument reaches its field loads through constant
 * offsets.  Guarantees: no value changes where no facts are given; loads
 * reached otherwise (through a phi or a select) are left unmarked. */
#include "compiler/passes.h"

#include "core/image_abi.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Operator.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>

#include <cstddef>
#include <map>

namespace kiln {

namespace {

/* The constant of each kiln_image_abi field a fact fixes, by byte offset. */
using field_values = std::map<uint64_t, uint32_t>;

/* The i32 operands of !kiln.arg_facts entry `md` from operand 1 on. */
bool fact_values(const llvm::MDNode *md, std::vector<uint32_t> &out)
{
	for (unsigned i = 0; i < md->getNumOperands(); i++) {
		auto *c = llvm::mdconst::dyn_extract<llvm::ConstantInt>(md->getOperand(i));
		if (!c)
			return false;
		out.push_back((uint32_t)c->getZExtValue());
	}
	return true;
}

} // namespace

/* Calls `field(load, offset)` for each load of image argument `a`'s
 * struct kiln_image_abi, reached through constant offsets. */
static void for_each_field_load(llvm::Argument *a,
				const std::function<void(llvm::LoadInst *, uint64_t)> &field)
{
	const llvm::DataLayout &dl = a->getParent()->getParent()->getDataLayout();
	std::vector<std::pair<llvm::Value *, uint64_t>> work{{a, 0}};
	while (!work.empty()) {
		auto [v, off] = work.back();
		work.pop_back();
		for (llvm::User *u : v->users()) {
			if (auto *g = llvm::dyn_cast<llvm::GEPOperator>(u)) {
				if (g->getPointerOperand() != v)
					continue;
				llvm::APInt delta(dl.getIndexTypeSizeInBits(g->getType()), 0);
				if (g->accumulateConstantOffset(dl, delta) && !delta.isNegative())
					work.push_back({g, off + delta.getZExtValue()});
			} else if (llvm::isa<llvm::BitCastOperator>(u) ||
				   llvm::isa<llvm::AddrSpaceCastOperator>(u)) {
				work.push_back({u, off});
			} else if (auto *ld = llvm::dyn_cast<llvm::LoadInst>(u)) {
				uint64_t size = dl.getTypeStoreSize(ld->getType());
				if (!ld->isVolatile() && off + size <= sizeof(struct kiln_image_abi))
					field(ld, off);
			}
		}
	}
}

std::vector<llvm::LoadInst *> read_only_image_pixels(llvm::Function &f)
{
	std::vector<llvm::LoadInst *> data;
	wi_params p;
	llvm::Function *k = workitem_params(f, p) ? kernel_of_workitem(f) : nullptr;
	if (!k)
		return data;
	for (unsigned i = 0; i + 5 < f.arg_size(); i++)
		if (kernel_arg_is_image(*k, i) && kernel_arg_is_read_only(*k, i) &&
		    f.getArg(i)->getType()->isPointerTy())
			for_each_field_load(f.getArg(i), [&](llvm::LoadInst *ld, uint64_t off) {
				if (off == offsetof(struct kiln_image_abi, data) &&
				    ld->getType()->isPointerTy())
					data.push_back(ld);
			});
	return data;
}

namespace {

/* Replaces the field loads of image argument `a` by the constants `known`
 * gives, and the others by one invariant load per field at the function's
 * entry (before its first instruction that is not an alloca): unconditional
 * there, and invariant, they leave every loop, also the ones a write's
 * bounds test made conditional (a store's base pointer loaded inside the
 * loop has no bounds the loop vectorizer can compute).  The struct is
 * always there to read: the runtime passes every image argument's.
 * Returns whether a constant was folded in; `moved` whether a load moved. */
bool visit_image(llvm::Argument *a, const field_values &known, bool &moved)
{
	std::vector<std::pair<llvm::LoadInst *, uint64_t>> loads;
	for_each_field_load(a, [&](llvm::LoadInst *ld, uint64_t off) { loads.push_back({ld, off}); });
	llvm::BasicBlock &entry = a->getParent()->getEntryBlock();
	std::map<std::pair<uint64_t, llvm::Type *>, llvm::LoadInst *> hoisted;
	std::set<llvm::Instruction *> going;
	for (auto &[ld, off] : loads)
		going.insert(ld);
	/* before the entry's first instruction that is neither an alloca nor
	 * a load about to go (the terminator at the latest) */
	llvm::BasicBlock::iterator at = entry.begin();
	while (llvm::isa<llvm::AllocaInst>(*at) || going.count(&*at))
		++at;
	llvm::IRBuilder<> b(&entry, at);
	bool folded = false;
	for (auto &[ld, off] : loads) {
		auto k = known.find(off);
		llvm::Value *with;
		if (k != known.end() && ld->getType()->isIntegerTy(32)) {
			with = llvm::ConstantInt::get(ld->getType(), k->second);
			folded = true;
		} else {
			llvm::LoadInst *&h = hoisted[{off, ld->getType()}];
			if (!h) {
				llvm::Value *p =
					off ? b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), a, off) : a;
				h = b.CreateAlignedLoad(ld->getType(), p, ld->getAlign());
				h->copyMetadata(*ld);
				h->setMetadata(llvm::LLVMContext::MD_invariant_load,
					       llvm::MDNode::get(ld->getContext(), {}));
			}
			with = h;
		}
		ld->replaceAllUsesWith(with);
		ld->eraseFromParent();
		moved = true;
	}
	return folded;
}

/* The field values entry `facts` gives an image argument. */
field_values image_fields(const std::vector<uint32_t> &facts)
{
	field_values f;
	if (facts.size() < 6)
		return f;
	f[offsetof(struct kiln_image_abi, channel_order)] = facts[2];
	f[offsetof(struct kiln_image_abi, channel_data_type)] = facts[3];
	f[offsetof(struct kiln_image_abi, pixel_size)] = facts[4];
	f[offsetof(struct kiln_image_abi, num_channels)] = facts[5];
	return f;
}

} // namespace

void resolve_formats_fixed(llvm::Module &m, llvm::Function *f, bool value)
{
	llvm::Function *fn = m.getFunction(formats_fixed_fn);
	if (!fn)
		return;
	std::vector<llvm::CallInst *> calls;
	for (llvm::User *u : fn->users())
		if (auto *c = llvm::dyn_cast<llvm::CallInst>(u))
			if (!f || c->getFunction() == f)
				calls.push_back(c);
	for (llvm::CallInst *c : calls) {
		c->replaceAllUsesWith(llvm::ConstantInt::get(c->getType(), value));
		c->eraseFromParent();
	}
	if (!f && fn->use_empty())
		fn->eraseFromParent();
}

llvm::PreservedAnalyses image_facts_pass::run(llvm::Function &f, llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	llvm::Function *k = workitem_params(f, p) ? kernel_of_workitem(f) : nullptr;
	if (!k)
		return llvm::PreservedAnalyses::all();
	unsigned nargs = (unsigned)f.arg_size() - 5;

	/* argument -> its facts (empty: none given) */
	std::map<unsigned, std::vector<uint32_t>> facts;
	if (llvm::MDNode *md = k->getMetadata(arg_facts_mark))
		for (const llvm::MDOperand &op : md->operands()) {
			auto *e = llvm::dyn_cast<llvm::MDNode>(op.get());
			std::vector<uint32_t> v;
			if (e && fact_values(e, v) && v.size() >= 2 && v[0] < nargs)
				facts[v[0]] = v;
		}

	/* kernel-lib's choices between code for one work-item at a time and
	 * code for vectors of them */
	llvm::Function *marker = f.getParent()->getFunction(formats_fixed_fn);
	bool had_marker = marker && llvm::any_of(marker->users(), [&](llvm::User *u) {
		return llvm::isa<llvm::CallInst>(u) &&
		       llvm::cast<llvm::CallInst>(u)->getFunction() == &f;
	});
	resolve_formats_fixed(*f.getParent(), &f, !facts.empty());

	/* one sweep over the arguments; whether it folded a fact in */
	bool moved = false;
	auto sweep = [&] {
		bool folded = false;
		for (unsigned i = 0; i < nargs; i++) {
			llvm::Argument *a = f.getArg(i);
			auto it = facts.find(i);
			const std::vector<uint32_t> *fact =
				it == facts.end() ? nullptr : &it->second;
			if (kernel_arg_is_image(*k, i) && a->getType()->isPointerTy()) {
				field_values known;
				if (fact && (*fact)[1] == ARG_FACT_IMAGE)
					known = image_fields(*fact);
				folded |= visit_image(a, known, moved);
			} else if (fact && (*fact)[1] == ARG_FACT_SAMPLER && fact->size() >= 3 &&
				   a->getType()->isPointerTy() && !a->use_empty()) {
				/* what the runtime passes for it (image_abi.h) */
				llvm::Type *i64 = llvm::Type::getInt64Ty(f.getContext());
				a->replaceAllUsesWith(llvm::ConstantExpr::getIntToPtr(
					llvm::ConstantInt::get(i64, (*fact)[2]), a->getType()));
				folded = true;
			}
		}
		return folded;
	};
	if (!sweep() && !had_marker)
		return kept_if_cfg_unchanged(moved);
	/* Fold the format tests and the paths they no longer take; a field
	 * load that was behind a select of two fields' addresses (SimplifyCFG
	 * speculates a short branch) is now plain, so sweep again. */
	llvm::FunctionPassManager fpm;
	fpm.addPass(llvm::InstCombinePass());
	fpm.addPass(llvm::SimplifyCFGPass());
	fpm.addPass(llvm::EarlyCSEPass());
	fpm.run(f, fam);
	sweep();
	return llvm::PreservedAnalyses::none();
}

} // namespace kiln
