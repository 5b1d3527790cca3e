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
 * a uint32_t per granule of 4 bytes holding the execution's generation,
 * the tag of the group that stored there and which of the granule's bytes
 * it stored (kiln_check_extent.shadow; check_abi.h).  Before each plain
 * store of the program's own code through a global pointer argument,
 *
 *     if (offset inside the object && the object has a shadow)
 *         for each granule the store touches:
 *             word = shadow[granule]
 *             bad |= word of this execution && another group's
 *                    && it stored one of the bytes this store does
 *             word = this group's, with these bytes too
 *         if (bad) record the race (the other group's word)
 *
 * A store of whole granules (4-aligned, a multiple of 4 bytes: nearly
 * every store of an int, float or vector) only compares and claims the
 * word: a load, three compares and a store of an invariant per granule,
 * so a float store costs 8 bytes of shadow traffic.  Smaller stores
 * (char, short) keep their bytes apart: two groups storing different
 * bytes of one granule are no race, and the granule becomes split, whose
 * bytes are no longer checked in this execution (the price of one word
 * per granule).  A scalar per granule up to 8 granules (vector
 * instructions would keep the loop vectorizer away), a vector beyond.
 *
 * Straight-line and branch-free, so a work-item loop with the check still
 * vectorizes (masked loads and stores of the shadow, whose accesses get
 * an alias scope of their own: kiln-check-state), but for the unlikely
 * record, written like a failed bounds check's (check_record; in a
 * vectorized loop kiln-check-cold-records puts its masked stores behind a
 * branch) and reported at the end of the group, naming the other group.
 *
 * Left out: loads (a read of a byte another group wrote is a race too,
 * but tracking readers costs a shadow write per load), memcpy/memset,
 * stores through pointers read from memory, and functions with atomics or
 * fences, which may order plain stores between groups as a lock does.
 * Groups that run at the same moment on two threads update the shadow
 * without atomics: such a race may be missed (never reported falsely: a
 * tag is only compared with the running group's own), and so may one
 * of bytes of a split granule.
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
 * value, a double16, is 128 bytes (a <32 x i32> shadow access).  Stores
 * of parts of granules are left out beyond 32 bytes. */
static const uint64_t max_store = 128;

static llvm::Instruction *marked(llvm::Instruction *i)
{
	return check_memory(i, "global");
}

/* The shadow word of a granule all of whose bytes the running group
 * stores to (`w` the word, `mine` the group's tag; scalars or vectors of
 * i32 alike): another group's bytes of this execution are a race, unless
 * the granule is split, whose bytes' owners are not known. */
static llvm::Value *whole_granule_race(llvm::IRBuilder<> &b, llvm::Value *w, llvm::Value *mine)
{
	llvm::Type *t = w->getType();
	auto c = [&](uint32_t v) { return llvm::ConstantInt::get(t, v); };
	llvm::Value *x = b.CreateXor(w, mine);
	llvm::Value *cur = b.CreateICmpULT(x, c(1u << 24));
	llvm::Value *other = b.CreateICmpNE(b.CreateAnd(x, c(KILN_RACE_GROUP_MASK)), c(0));
	llvm::Value *split = b.CreateICmpEQ(b.CreateAnd(w, c(KILN_RACE_GROUP_MASK)),
					    c(KILN_RACE_SPLIT));
	return b.CreateAnd(b.CreateAnd(cur, other), b.CreateNot(split));
}

/* The shadow word of a granule the running group stores bytes `m` of
 * (bits 23-20; 0: none of it): updates `w` in place and returns whether
 * another group stored one of those bytes in this execution.  The
 * granule's group keeps it and adds bytes; a group that stores other
 * bytes of a granule makes it split. */
static llvm::Value *part_granule_race(llvm::IRBuilder<> &b, llvm::Value *&w, llvm::Value *mine,
				      llvm::Value *m)
{
	auto c = [&](uint32_t v) { return b.getInt32(v); };
	llvm::Value *x = b.CreateXor(w, mine);
	llvm::Value *cur = b.CreateICmpULT(x, c(1u << 24));
	llvm::Value *same = b.CreateICmpEQ(b.CreateAnd(x, c(KILN_RACE_GROUP_MASK)), c(0));
	llvm::Value *split = b.CreateICmpEQ(b.CreateAnd(w, c(KILN_RACE_GROUP_MASK)),
					    c(KILN_RACE_SPLIT));
	llvm::Value *theirs = b.CreateAnd(cur, b.CreateNot(b.CreateOr(same, split)));
	llvm::Value *clash =
		b.CreateAnd(theirs, b.CreateICmpNE(b.CreateAnd(w, m), c(0)));
	llvm::Value *claim = b.CreateOr(mine, m);
	llvm::Value *now = b.CreateSelect(
		b.CreateOr(b.CreateNot(cur), clash), claim,
		b.CreateSelect(same, b.CreateOr(w, m),
			       b.CreateSelect(split, w,
					      b.CreateOr(mine, c(KILN_RACE_BYTES_MASK |
								  KILN_RACE_SPLIT)))));
	w = b.CreateSelect(b.CreateICmpEQ(m, c(0)), w, now);
	return clash;
}

/* Instruments store `st` of `size` bytes through kernel argument `a`:
 * the shadow words of the granules it touches (check_abi.h). */
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
	/* The object's start is 4-aligned, so a store aligned to 4 starts a
	 * granule (its word is at the offset itself: an address affine in the
	 * work-item id, which the loop vectorizer's dependence checks need);
	 * one of whole granules needs no byte masks. */
	uint64_t align = st->getAlign().value();
	bool whole = align >= 4 && size % 4 == 0;
	llvm::Value *sp = b.CreateInBoundsGEP(
		i8, b.CreateIntToPtr(shadow, b.getPtrTy()),
		align >= 4 ? off : b.CreateAnd(off, b.getInt64(~(uint64_t)3)));
	llvm::Value *any, *other;
	llvm::Instruction *fail;
	llvm::Constant *all_bytes = b.getInt32(KILN_RACE_BYTES_MASK);
	if (whole && size <= 32) {
		/* a scalar per granule: the loop vectorizer widens scalar code
		 * (it refuses instructions of vector type) */
		std::vector<llvm::Value *> words, bad;
		any = b.getFalse();
		for (unsigned n = 0; n < size / 4; n++) {
			llvm::Value *at = b.CreateConstInBoundsGEP1_64(i32, sp, n);
			words.push_back(marked(b.CreateAlignedLoad(i32, at, llvm::Align(4))));
			bad.push_back(whole_granule_race(b, words.back(), tag));
			any = b.CreateOr(any, bad.back());
		}
		llvm::Value *claim = b.CreateOr(tag, all_bytes);
		for (unsigned n = 0; n < size / 4; n++)
			marked(b.CreateAlignedStore(claim, b.CreateConstInBoundsGEP1_64(i32, sp, n),
						    llvm::Align(4)));
		fail = llvm::SplitBlockAndInsertIfThen(any, then, false,
						       mdb.createBranchWeights(1, 1u << 20));
		llvm::IRBuilder<> fb(fail);
		other = fb.getInt32(0);
		for (unsigned n = size / 4; n-- > 0;)
			other = fb.CreateSelect(bad[n], words[n], other);
	} else if (whole) {
		auto *vt = llvm::FixedVectorType::get(i32, (unsigned)(size / 4));
		llvm::Value *words = marked(b.CreateAlignedLoad(vt, sp, llvm::Align(4)));
		llvm::Value *mine = b.CreateVectorSplat((unsigned)(size / 4), tag);
		llvm::Value *bad = whole_granule_race(b, words, mine);
		marked(b.CreateAlignedStore(b.CreateOr(mine, llvm::ConstantInt::get(
								     vt, KILN_RACE_BYTES_MASK)),
					    sp, llvm::Align(4)));
		any = b.CreateOrReduce(bad);
		fail = llvm::SplitBlockAndInsertIfThen(any, then, false,
						       mdb.createBranchWeights(1, 1u << 20));
		llvm::IRBuilder<> fb(fail);
		other = fb.CreateIntMaxReduce(
			fb.CreateSelect(bad, words, llvm::Constant::getNullValue(vt)));
	} else {
		/* bytes [at, at + size) from the first granule's start: granule
		 * n gets those of [4n, 4n + 4) */
		uint64_t most_at = align >= 4 ? 0 : 4 - align;
		unsigned granules = (unsigned)((most_at + size + 3) / 4);
		llvm::Value *at = align >= 4 ? b.getInt32(0)
					     : b.CreateAnd(b.CreateTrunc(off, i32), b.getInt32(3));
		auto clamp = [&](llvm::Value *v) {
			return b.CreateBinaryIntrinsic(
				llvm::Intrinsic::smin,
				b.CreateBinaryIntrinsic(llvm::Intrinsic::smax, v, b.getInt32(0)),
				b.getInt32(4));
		};
		std::vector<llvm::Value *> words, bad;
		any = b.getFalse();
		for (unsigned n = 0; n < granules; n++) {
			llvm::Value *lo = clamp(b.CreateSub(at, b.getInt32(4 * n)));
			llvm::Value *hi = clamp(b.CreateSub(b.CreateAdd(at, b.getInt32((uint32_t)size)),
							    b.getInt32(4 * n)));
			llvm::Value *bytes = b.CreateShl(
				b.CreateSub(b.CreateShl(b.getInt32(1), hi), b.CreateShl(b.getInt32(1), lo)),
				KILN_RACE_BYTES_SHIFT);
			llvm::Value *w_at = b.CreateConstInBoundsGEP1_64(i32, sp, n);
			llvm::Value *w = marked(b.CreateAlignedLoad(i32, w_at, llvm::Align(4)));
			words.push_back(w);
			bad.push_back(part_granule_race(b, w, tag, bytes));
			marked(b.CreateAlignedStore(w, w_at, llvm::Align(4)));
			any = b.CreateOr(any, bad.back());
		}
		fail = llvm::SplitBlockAndInsertIfThen(any, then, false,
						       mdb.createBranchWeights(1, 1u << 20));
		llvm::IRBuilder<> fb(fail);
		other = fb.getInt32(0);
		for (unsigned n = granules; n-- > 0;)
			other = fb.CreateSelect(bad[n], words[n], other);
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
	if (!k)
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
		bool whole = st->getAlign().value() >= 4 && size % 4 == 0;
		if (!size || size > (whole ? max_store : 32))
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
