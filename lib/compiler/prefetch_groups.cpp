/* kiln-prefetch-groups: in a kernel with barriers, each work-item asks for
 * the global memory its loads will read a few work-groups on.
 *
 * A kernel with a barrier becomes a sequence of regions, each a loop over
 * all the group's work-items (docs/compiler.md, kiln-barriers).  The tree
 * reduction of kiln-bench-kernels reads its group's 256 floats in the
 * first region and then folds them in eight more, which touch only
 * __local memory: while they run, no load asks memory for anything, and
 * the next group's first region waits for DRAM again.  The hardware's
 * stream prefetchers run only as far ahead as the demand they see.  A
 * worker runs consecutive groups (lib/core/ndrange.c runs a chunk of
 * them, dimension 0 first), so the address a load will read in a later
 * group is known: the address with the group id of dimension 0 a few
 * steps on.  Prefetched with the load, those lines arrive while this
 * group folds: 22-23 -> 31 GB/s on the 2-core Zen 5 VM, measured with the
 * prefetch written into the kernel's source.
 *
 * The distance: 2^PREFETCH_GROUP_SHIFT bytes or more, a power of two of groups
 * (at least one, at most 64), from the step one group makes, computed
 * once per group (a constant where the work-group size is known).
 *
 * Taken: simple loads of global memory in blocks every work-item passes
 * (that post-dominate the kernel's entry: the vectorizer masks a
 * conditional load, but not a call) and in no loop (kiln-prefetch-next
 * takes loops that call a barrier; other loops run within one region),
 * whose address scalar evolution sees as a function of the group id of
 * dimension 0 that steps by an amount that does not depend on it (through
 * sums, products and extensions: prefetch.h), in kernels that call a
 * barrier.  One prefetch per cache line.  Not in checked mode (passes.cpp).
 *
 * Assumes: work-item functions after kiln-workitem (the group id is a
 * load of the launch's INFO_GROUP_ID) and before kiln-loop-barriers (only
 * the kernel's own barriers count).
 * Guarantees: only calls of PREFETCH_FN (prefetch.h) are added, with
 * addresses the loads would read some groups on; no memory is read or
 * written. */
#include "compiler/passes.h"
#include "compiler/prefetch.h"

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <vector>

namespace kiln {

namespace {
/* how far ahead, at least: 1 KiB (one group of the reduction) measured
 * 31.4 GB/s, 2 KiB 31.4, 512 bytes 28.3 */
constexpr unsigned PREFETCH_GROUP_SHIFT = 11; /* 2048 bytes */
constexpr unsigned PREFETCH_MAX_GROUPS_SHIFT = 6;
} // namespace

/* step << clamp(PREFETCH_GROUP_SHIFT - floor(log2 |step|), 0,
 * PREFETCH_MAX_GROUPS_SHIFT): a power of two of group steps, at least
 * 2^PREFETCH_GROUP_SHIFT bytes where 64 steps reach that far. */
static llvm::Value *distance(llvm::IRBuilder<> &b, llvm::Value *step)
{
	llvm::Type *t = step->getType();
	unsigned w = t->getIntegerBitWidth();
	llvm::Value *mag = b.CreateBinaryIntrinsic(llvm::Intrinsic::abs, step, b.getFalse());
	mag = b.CreateOr(mag, llvm::ConstantInt::get(t, 1));
	llvm::Value *lz = b.CreateBinaryIntrinsic(llvm::Intrinsic::ctlz, mag, b.getTrue());
	/* floor(log2 |step|) = w - 1 - lz; the shift is
	 * PREFETCH_GROUP_SHIFT - that */
	llvm::Value *sh = b.CreateAdd(
		lz, llvm::ConstantInt::getSigned(t, (int64_t)PREFETCH_GROUP_SHIFT + 1 - (int64_t)w));
	sh = b.CreateBinaryIntrinsic(llvm::Intrinsic::smax, sh, llvm::ConstantInt::get(t, 0));
	sh = b.CreateBinaryIntrinsic(llvm::Intrinsic::smin, sh,
				     llvm::ConstantInt::get(t, PREFETCH_MAX_GROUPS_SHIFT));
	return b.CreateShl(step, sh, "kiln.ahead.groups");
}

llvm::PreservedAnalyses prefetch_groups_pass::run(llvm::Function &f,
						  llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	if (!workitem_params(f, p) || !function_has_barrier(f))
		return llvm::PreservedAnalyses::all();
	llvm::ScalarEvolution &se = fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
	llvm::LoopInfo &li = fam.getResult<llvm::LoopAnalysis>(f);
	llvm::PostDominatorTree &pdt = fam.getResult<llvm::PostDominatorTreeAnalysis>(f);
	/* the group id of dimension 0, as scalar evolution sees its loads */
	llvm::SmallPtrSet<const llvm::SCEV *, 2> group;
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb)
			if (is_info_load(&i, p, INFO_GROUP_ID, 0))
				group.insert(se.getSCEV(&i));
	if (group.empty())
		return llvm::PreservedAnalyses::all();
	auto fixed = [&](const llvm::SCEV *e) {
		return !llvm::SCEVExprContains(e, [&](const llvm::SCEV *x) { return group.count(x); });
	};
	auto leaf = [&](const llvm::SCEV *e) -> const llvm::SCEV * {
		return group.count(e) ? se.getOne(e->getType()) : nullptr;
	};

	struct ahead {
		llvm::LoadInst *load;
		const llvm::SCEV *at, *step;
	};
	std::vector<ahead> loads;
	llvm::SmallVector<const llvm::SCEV *, 8> taken;
	llvm::BasicBlock *entry = &f.getEntryBlock();
	for (llvm::BasicBlock &bb : f) {
		if (li.getLoopFor(&bb) || !pdt.dominates(&bb, entry))
			continue;
		for (llvm::Instruction &i : bb) {
			auto *ld = llvm::dyn_cast<llvm::LoadInst>(&i);
			if (!ld || !ld->isSimple() || ld->getPointerAddressSpace() != AS_GLOBAL)
				continue;
			const llvm::SCEV *at = se.getSCEV(ld->getPointerOperand());
			const llvm::SCEV *step = step_of(at, {fixed, leaf}, se);
			if (!step || step->isZero() || same_line(at, taken, se))
				continue;
			taken.push_back(at);
			loads.push_back({ld, at, step});
		}
	}
	if (loads.empty())
		return llvm::PreservedAnalyses::all();
	const llvm::DataLayout &dl = f.getParent()->getDataLayout();
	llvm::SCEVExpander expander(se, dl, "kiln.ahead");
	for (const ahead &a : loads) {
		llvm::Type *ity = dl.getIndexType(a.load->getPointerOperand()->getType());
		llvm::Value *step = expander.expandCodeFor(se.getTruncateOrSignExtend(a.step, ity),
							   ity, a.load);
		llvm::IRBuilder<> b(a.load);
		prefetch_ahead(a.load, distance(b, step));
	}
	return kept_if_cfg_unchanged(true);
}

} // namespace kiln
