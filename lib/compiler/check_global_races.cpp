/* kiln-check-global-races: checked mode's race check between work-groups
 * on global memory (KILN_CHECK=races; docs/checked_mode.md), after
 * kiln-check-bounds and kiln-check-sync on a work-item function.
 *
 * Work-groups of one NDRange have nothing to order their accesses to
 * global memory but atomics (OpenCL 3.0 §3.3.6: a barrier orders only the
 * work-items of one group), so two stores by different groups to the same
 * byte, neither atomic, are a data race whatever order they ran in.
 *
 * The runtime keeps a shadow of every object a pointer argument reaches:
 * a uint32_t per byte holding the tag of the group that last stored
 * there, and the execution's generation (kiln_check_extent.shadow;
 * check_abi.h): a tag of another generation is from another command.  Before each plain store of the
 * program's own code through a global pointer argument,
 *
 *     if (offset inside the object && the object has a shadow) {
 *         lanes = shadow[offset .. offset + size)
 *         bad = lanes of this execution && lanes != my group's tag
 *         shadow[offset .. offset + size) = my tag
 *         if (any bad) record the race (the other group's tag)
 *     }
 *
 * with a scalar load, compare and store per byte (vector instructions
 * would keep the loop vectorizer away) up to 16 bytes, vectors beyond.
 *
 * Straight-line and branch-free but for the unlikely record, so a work-item
 * loop with the check still vectorizes (masked loads and stores of the
 * shadow, whose accesses get the records' alias scope: kiln-check-state).
 * The record is written like a failed bounds check's (check_record) and
 * reported at the end of the group, naming the other group.
 *
 * Left out: loads (a read of a byte another group wrote is a race too,
 * but tracking readers costs a shadow write per load), memcpy/memset,
 * stores through pointers read from memory, and functions with atomics or
 * fences, which may order plain stores between groups as a lock does.
 * Groups that run at the same moment on two threads update the shadow
 * without atomics: such a race may be missed (never reported falsely: a
 * tag is only compared with the running group's own).
 * Assumes: the function is a work-item function whose stores of the
 * program carry !kiln.user.
 * Guarantees: every instruction added that touches the shadow carries the
 * records' mark; the stores themselves are unchanged. */
#include "compiler/check_abi.h"
#include "compiler/check_passes.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

#include <cstddef>

namespace kiln {

static const unsigned global_as = 1;
/* Stores wider than this (bytes) are left out: the widest OpenCL C
 * value, a double16, is 128 bytes (a <128 x i32> shadow access). */
static const uint64_t max_store = 128;

static llvm::Instruction *marked(llvm::Instruction *i)
{
	return check_memory(i, "global");
}

/* Instruments store `st` of `size` bytes through kernel argument `a`. */
static void instrument_store(llvm::StoreInst *st, llvm::Argument *a, uint64_t size,
			     llvm::Function &k, const wi_params &p, unsigned kernel_args)
{
	llvm::Module &m = *st->getModule();
	llvm::IRBuilder<> b(st);
	llvm::Type *i64 = b.getInt64Ty(), *i32 = b.getInt32Ty(), *i8 = b.getInt8Ty();
	llvm::Value *tab = check_invariant_load(
		b, b.getPtrTy(),
		b.CreateConstInBoundsGEP1_64(i8, check_launch(b),
					     offsetof(struct kiln_check_launch, args)),
		kernel_args * sizeof(struct kiln_check_extent));
	llvm::Value *e = b.CreateConstInBoundsGEP1_64(
		i8, tab, a->getArgNo() * sizeof(struct kiln_check_extent));
	auto field = [&](size_t off) {
		return check_invariant_load(b, i64, b.CreateConstInBoundsGEP1_64(i8, e, off), 0);
	};
	llvm::Value *before = field(offsetof(struct kiln_check_extent, before));
	llvm::Value *extent = field(offsetof(struct kiln_check_extent, extent));
	llvm::Value *shadow = field(offsetof(struct kiln_check_extent, shadow));
	llvm::Value *base = b.CreateSub(b.CreatePtrToInt(a, i64), before);
	llvm::Value *off = b.CreateSub(b.CreatePtrToInt(st->getPointerOperand(), i64), base,
				       "race.off");
	llvm::Value *limit = b.CreateSelect(
		b.CreateICmpUGE(extent, b.getInt64(size)),
		b.CreateAdd(b.CreateSub(extent, b.getInt64(size)), b.getInt64(1)), b.getInt64(0));
	llvm::Value *in = b.CreateAnd(b.CreateICmpULT(off, limit),
				      b.CreateICmpNE(shadow, b.getInt64(0)), "race.in");
	llvm::Value *tag = check_invariant_load(
		b, i32,
		b.CreateConstInBoundsGEP1_64(i8, check_launch(b),
					     offsetof(struct kiln_check_launch, group_tag)),
		0);

	llvm::MDBuilder mdb(b.getContext());
	llvm::Instruction *then = llvm::SplitBlockAndInsertIfThen(
		in, st, false, mdb.createBranchWeights(1u << 20, 1));
	b.SetInsertPoint(then);
	llvm::Value *sp = b.CreateInBoundsGEP(i8, b.CreateIntToPtr(shadow, b.getPtrTy()),
					      b.CreateShl(off, 2));
	llvm::Value *any, *other;
	llvm::Instruction *fail;
	/* another group's tag of this execution's generation (the top byte) */
	auto racing = [&](llvm::IRBuilder<> &ib, llvm::Value *lane, llvm::Value *mine,
			  llvm::Constant *mask) {
		return ib.CreateAnd(ib.CreateICmpULE(ib.CreateXor(lane, mine), mask),
				    ib.CreateICmpNE(lane, mine));
	};
	if (size <= 16) {
		/* a scalar per byte: the loop vectorizer widens scalar code
		 * (it refuses instructions of vector type) */
		std::vector<llvm::Value *> lanes, bad;
		any = b.getFalse();
		for (unsigned n = 0; n < size; n++) {
			llvm::Value *at = b.CreateConstInBoundsGEP1_64(i32, sp, n);
			lanes.push_back(marked(b.CreateAlignedLoad(i32, at, llvm::Align(4))));
			bad.push_back(racing(b, lanes.back(), tag,
					     b.getInt32(KILN_RACE_GROUP_MASK)));
			any = b.CreateOr(any, bad.back());
		}
		for (unsigned n = 0; n < size; n++)
			marked(b.CreateAlignedStore(tag, b.CreateConstInBoundsGEP1_64(i32, sp, n),
						    llvm::Align(4)));
		fail = llvm::SplitBlockAndInsertIfThen(any, then, false,
						       mdb.createBranchWeights(1, 1u << 20));
		llvm::IRBuilder<> fb(fail);
		other = fb.getInt32(0);
		for (unsigned n = 0; n < size; n++)
			other = fb.CreateSelect(bad[n], lanes[n], other);
	} else {
		auto *vt = llvm::FixedVectorType::get(i32, (unsigned)size);
		llvm::Value *lanes = marked(b.CreateAlignedLoad(vt, sp, llvm::Align(4)));
		llvm::Value *mine = b.CreateVectorSplat((unsigned)size, tag);
		llvm::Value *bad =
			racing(b, lanes, mine, llvm::ConstantInt::get(vt, KILN_RACE_GROUP_MASK));
		marked(b.CreateAlignedStore(mine, sp, llvm::Align(4)));
		any = b.CreateOrReduce(bad);
		fail = llvm::SplitBlockAndInsertIfThen(any, then, false,
						       mdb.createBranchWeights(1, 1u << 20));
		llvm::IRBuilder<> fb(fail);
		other = fb.CreateIntMaxReduce(
			fb.CreateSelect(bad, lanes, llvm::Constant::getNullValue(vt)));
	}
	llvm::IRBuilder<> fb(fail);
	other = fb.CreateZExt(other, i64);
	check_site_info s;
	s.kind = KILN_CHECK_KIND_GLOBAL_RACE;
	s.kernel = k.getName().str();
	s.loc = st->getDebugLoc();
	s.arg = (int)a->getArgNo();
	s.access_size = (uint32_t)size;
	s.is_write = true;
	s.object = check_arg_object(k, a->getArgNo());
	check_record(fb, check_site(m, s), off, other, p, record_form::in_line);
}

static bool instrument(llvm::Function &f, const wi_params &p)
{
	llvm::Function *k = kernel_of_workitem(f);
	if (!k || is_block_kernel(*k) || k->getMetadata(block_kernel_mark))
		return false;
	const llvm::DataLayout &dl = f.getParent()->getDataLayout();
	unsigned kernel_args = (unsigned)f.arg_size() - 5;
	std::vector<std::pair<llvm::StoreInst *, llvm::Argument *>> todo;
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb) {
			if (i.isAtomic() || llvm::isa<llvm::FenceInst>(i))
				return false; /* may order the stores: not checked */
			auto *st = llvm::dyn_cast<llvm::StoreInst>(&i);
			if (!st || !st->getMetadata(check_user_mark))
				continue;
			auto *a = llvm::dyn_cast<llvm::Argument>(
				llvm::getUnderlyingObject(st->getPointerOperand(), 0));
			if (!a || a->getParent() != &f || a->getArgNo() >= kernel_args ||
			    !a->getType()->isPointerTy() ||
			    a->getType()->getPointerAddressSpace() != global_as)
				continue;
			todo.emplace_back(st, a);
		}
	bool changed = false;
	for (auto [st, a] : todo) {
		uint64_t size = dl.getTypeStoreSize(st->getValueOperand()->getType()).getFixedSize();
		if (!size || size > max_store)
			continue;
		instrument_store(st, a, size, *k, p, kernel_args);
		changed = true;
	}
	return changed;
}

llvm::PreservedAnalyses check_global_races_pass::run(llvm::Function &f,
						     llvm::FunctionAnalysisManager &)
{
	wi_params p;
	if (!workitem_params(f, p) || !instrument(f, p))
		return llvm::PreservedAnalyses::all();
	check_hoist_tables(f);
	return llvm::PreservedAnalyses::none();
}

} // namespace kiln
