/* kiln-context: the values that live across barriers get their places in
 * the context (the worker's heap storage, kiln_wg_state.context).
 *
 * The context is laid out slot by slot, each slot an array over the
 * work-items of the group ("structure of arrays": slot s of work-item i is
 * at context + off_s * nwi + i * size_s, nwi the group's work-item count),
 * so that a work-item loop vectorized across work-items touches
 * consecutive addresses.  SHARED slots hold one group-wide copy to read
 * and one to write, ANY slots a row and the group's OR after it
 * (context_slot in internal.h).  One more slot, written before every
 * return, says which barrier the work-item stopped at; the work-group
 * function reads it (from work-item 0) to pick the next region.
 * Assumes: a work-item function cut by kiln-barriers (allocas marked
 * !kiln.slot, !kiln.regions); nothing to do without barriers.
 * Guarantees: no marked alloca is left: loads and stores go to the slot's
 * address for work-item (x, y, z), computed in the entry block, each such
 * address marked !kiln.slot.addr !{i64 n} (n numbering the slot arrays)
 * for kiln-alias-scopes; the layout (per work-item bytes, a multiple of
 * 16; the next-region slot and its size; the group-wide slots to publish
 * after each region) is left on the function for kiln-workgroup
 * (workitem_layout.cpp).
 * Why slots are no wider than their values: the loop vectorizer sizes its
 * vectors by the widest type a loop loads or stores.  A short kept in a
 * 4-byte slot is a strided access (scalarized loads and stores, often "not
 * beneficial" at all), and an i32 next-region store in every work-item
 * loop caps a loop over shorts at 16 lanes of 512 bits where 32 fit; so
 * each slot is an array of its own type at its own alignment (the ANY
 * flag excepted: it is an i32), and the next-region slot is as narrow
 * as the narrowest row allows (next_slot_bytes).  On the 2-core Zen 5 VM
 * that took clpeak-style short16 multiply-add chains from 35 to 250+
 * GIOP/s and char16 from 20 to 230+. */
#include "compiler/passes.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <algorithm>

namespace kiln {

/* Offsets in a work-item's row of the context for the marked allocas,
 * in the order kiln-barriers gave them; returns the bytes used. */
static uint64_t lay_out(llvm::Function &f, std::vector<context_slot> &slots)
{
	std::vector<std::pair<uint64_t, context_slot>> marked;
	for (llvm::Instruction &i : f.getEntryBlock())
		if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(&i))
			if (llvm::MDNode *md = a->getMetadata("kiln.slot")) {
				auto num = [&](unsigned k) {
					return llvm::mdconst::extract<llvm::ConstantInt>(md->getOperand(k))
						->getZExtValue();
				};
				context_slot s{a, 0, 0, (context_slot::kind_t)num(1)};
				marked.push_back({num(0), s});
			}
	std::stable_sort(marked.begin(), marked.end(),
			 [](const auto &x, const auto &y) { return x.first < y.first; });
	const llvm::DataLayout &dl = f.getParent()->getDataLayout();
	uint64_t off = 0;
	for (auto &[order, s] : marked) {
		llvm::AllocaInst *a = s.alloca;
		a->setMetadata("kiln.slot", nullptr);
		uint64_t align = a->getAlign().value();
		if (s.kind == context_slot::ANY)
			align = std::max<uint64_t>(align, 4);
		uint64_t size = dl.getTypeAllocSize(a->getAllocatedType());
		if (auto *n = llvm::dyn_cast<llvm::ConstantInt>(a->getArraySize()))
			size *= n->getZExtValue();
		size = (size + align - 1) / align * align;
		off = (off + align - 1) / align * align;
		if (s.kind == context_slot::ANY)
			size = 8;
		s.offset = off;
		s.size = size;
		slots.push_back(s);
		off += s.kind == context_slot::SHARED ? 2 * size : size;
	}
	return off;
}

/* An alloca of `bytes` in f's entry that receives, before every return,
 * the region id the work-item function returns, truncated (REGION_EXIT
 * becomes all ones, which next_region_bytes keeps clear of the ids); the
 * stores are marked !kiln.next.  Only work-item 0's word is read
 * (workgroup.cpp). */
static llvm::AllocaInst *record_next_region(llvm::Function &f, uint64_t bytes)
{
	llvm::IRBuilder<> b(&*f.getEntryBlock().getFirstInsertionPt());
	llvm::Type *t = b.getIntNTy((unsigned)bytes * 8);
	llvm::AllocaInst *a = b.CreateAlloca(t, nullptr, "kiln.next");
	for (llvm::BasicBlock &bb : f)
		if (auto *r = llvm::dyn_cast<llvm::ReturnInst>(bb.getTerminator())) {
			b.SetInsertPoint(r);
			llvm::StoreInst *st = b.CreateStore(b.CreateTrunc(r->getReturnValue(), t), a);
			/* kiln-single-item knows this store by it */
			st->setMetadata("kiln.next", llvm::MDNode::get(f.getContext(), {}));
		}
	return a;
}

/* Loads of `a` (a demoted value: only loads and stores use it) read from
 * `loads`, stores write to `stores`; then `a` goes. */
static void redirect_accesses(llvm::AllocaInst *a, llvm::Value *loads,
			      llvm::Value *stores)
{
	std::vector<llvm::User *> users(a->user_begin(), a->user_end());
	for (llvm::User *u : users) {
		if (auto *l = llvm::dyn_cast<llvm::LoadInst>(u))
			l->setOperand(l->getPointerOperandIndex(), loads);
		else if (auto *st = llvm::dyn_cast<llvm::StoreInst>(u))
			st->setOperand(st->getPointerOperandIndex(), stores);
	}
	a->eraseFromParent();
}

/* Puts the context slots at their addresses for work-item (x, y, z). */
static std::vector<llvm::Value *> place_slots(llvm::Function &f, const wi_params &p,
					     const std::vector<context_slot> &slots)
{
	std::vector<llvm::Value *> addrs;
	if (slots.empty())
		return addrs;
	llvm::BasicBlock *entry = &f.getEntryBlock();
	llvm::IRBuilder<> b(entry->getTerminator());
	llvm::Value *lin = b.CreateAdd(
		p.x, b.CreateMul(load_info(b, p.info, INFO_LOCAL_SIZE, 0),
				 b.CreateAdd(p.y, b.CreateMul(load_info(b, p.info, INFO_LOCAL_SIZE, 1),
							      p.z))));
	llvm::Value *ctx = load_info(b, p.info, INFO_CONTEXT);
	llvm::Value *nwi = load_info(b, p.info, INFO_NUM_WI);
	for (const context_slot &s : slots) {
		/* Lifetime markers only make sense on allocas. */
		std::vector<llvm::Instruction *> dead;
		for (llvm::User *u : s.alloca->users())
			if (auto *ii = llvm::dyn_cast<llvm::IntrinsicInst>(u))
				if (ii->isLifetimeStartOrEnd())
					dead.push_back(ii);
		for (llvm::Instruction *d : dead)
			d->eraseFromParent();
		llvm::Value *row = b.CreateMul(b.getInt64(s.offset), nwi);
		if (s.kind == context_slot::ANY) {
			/* Stores write this work-item's element, loads read
			 * the group's OR, kept after the row. */
			llvm::Value *base = b.CreateInBoundsGEP(b.getInt8Ty(), ctx, row);
			llvm::Value *mine = b.CreateInBoundsGEP(b.getInt32Ty(), base, lin);
			llvm::Value *any = b.CreateInBoundsGEP(b.getInt32Ty(), base, nwi);
			redirect_accesses(s.alloca, any, mine);
			addrs.push_back(mine);
			addrs.push_back(any);
			continue;
		}
		if (s.kind == context_slot::SHARED_ONE) {
			/* one group-wide copy for loads and stores */
			llvm::Value *at = b.CreateInBoundsGEP(b.getInt8Ty(), ctx, row);
			redirect_accesses(s.alloca, at, at);
			addrs.push_back(at);
			continue;
		}
		if (s.kind == context_slot::SHARED) {
			/* Loads read the group's copy, stores write the
			 * next one (context_slot). */
			llvm::Value *rd = b.CreateInBoundsGEP(b.getInt8Ty(), ctx, row);
			llvm::Value *wr = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), rd, s.size);
			redirect_accesses(s.alloca, rd, wr);
			addrs.push_back(rd);
			addrs.push_back(wr);
			continue;
		}
		llvm::Value *off = b.CreateAdd(row, b.CreateMul(b.getInt64(s.size), lin));
		llvm::Value *addr = b.CreateInBoundsGEP(b.getInt8Ty(), ctx, off);
		s.alloca->replaceAllUsesWith(addr);
		s.alloca->eraseFromParent();
		addrs.push_back(addr);
	}
	return addrs;
}

/* The width of the next-region slot: what the region ids need
 * (next_region_bytes), widened to the narrowest element the rows hold, at
 * most 4 bytes.  The slot is stored in every work-item loop, and its width
 * steers the loop vectorizer as the rows' do: one byte lets loops over
 * shorts and chars run 32 and 64 lanes wide (short8 and char16 chains 2x
 * faster than with a 4-byte slot), but made loops over 4- and 8-byte rows
 * (int16, float16, double16 chains) run at half their speed with a 4-byte
 * slot, measured on the 2-core AMD EPYC VM with kiln-bench-compute. */
static uint64_t next_slot_bytes(const std::vector<context_slot> &slots, uint32_t regions)
{
	uint64_t narrowest = 0;
	for (const context_slot &s : slots) {
		if (s.kind != context_slot::ROW)
			continue;
		uint64_t bytes = s.alloca->getAllocatedType()->getScalarSizeInBits() / 8;
		if (bytes && (!narrowest || bytes < narrowest))
			narrowest = bytes;
	}
	return std::max(next_region_bytes(regions), std::min<uint64_t>(narrowest, 4));
}

llvm::PreservedAnalyses context_pass::run(llvm::Function &f, llvm::FunctionAnalysisManager &)
{
	wi_params p;
	if (!workitem_params(f, p))
		return llvm::PreservedAnalyses::all();
	workitem_layout l = read_layout(f);
	if (!l.regions)
		return llvm::PreservedAnalyses::all();
	std::vector<context_slot> slots;
	uint64_t ctx_size = lay_out(f, slots);
	/* Where each work-item leaves the region it stopped at: one more
	 * context slot, written by the work-item function itself so that its
	 * alias scope is cloned with the others when the function is inlined
	 * (the inliner gives each inlined copy fresh scopes; a store made by
	 * the work-group function would share no domain with them and would
	 * keep the loop vectorizer asking for run-time overlap checks). */
	uint64_t next_bytes = next_slot_bytes(slots, l.regions);
	uint64_t next_off = (ctx_size + next_bytes - 1) / next_bytes * next_bytes;
	ctx_size = next_off + next_bytes;
	slots.push_back({record_next_region(f, next_bytes), next_off, next_bytes});
	std::vector<llvm::Value *> addrs = place_slots(f, p, slots);
	llvm::Type *i64 = llvm::Type::getInt64Ty(f.getContext());
	for (size_t n = 0; n < addrs.size(); n++)
		llvm::cast<llvm::Instruction>(addrs[n])->setMetadata(
			"kiln.slot.addr", llvm::MDNode::get(f.getContext(),
							    {llvm::ConstantAsMetadata::get(
								    llvm::ConstantInt::get(i64, n))}));
	/* Keep every slot aligned for the next work-item's row as well. */
	ctx_size = (ctx_size + 15) / 16 * 16;
	set_layout_field(f, "kiln.context", {ctx_size, next_off, next_bytes});
	std::vector<llvm::Metadata *> pub;
	for (const context_slot &s : slots)
		if (s.kind == context_slot::SHARED || s.kind == context_slot::ANY)
			pub.push_back(llvm::MDNode::get(
				f.getContext(),
				{llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(i64, s.offset)),
				 llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(i64, s.size)),
				 llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(i64, s.kind))}));
	if (!pub.empty())
		f.setMetadata("kiln.publish", llvm::MDNode::get(f.getContext(), pub));
	return llvm::PreservedAnalyses::none();
}

} // namespace kiln
