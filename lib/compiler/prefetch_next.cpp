/* kiln-prefetch-next: in a loop that a barrier cuts, each work-item asks
 * for the global memory its loads will read in the next iteration.
 *
 * A loop with a barrier becomes a sequence of regions, each a loop over
 * all the group's work-items (docs/compiler.md, kiln-barriers).  In the
 * 16x16 tiled SGEMM of kiln-bench-kernels, one region loads the next tiles
 * of A and B into __local memory and the next multiplies them: the
 * multiply-adds need every work-item's load, and no out-of-order window
 * reaches from one region into the other to overlap the two.  B's rows
 * are n floats apart and each tile steps by 16 rows, so the hardware's
 * stream prefetchers, which stay within a page, do not fetch ahead.  A
 * prefetch of the address the load will have one iteration later, issued
 * with the load, runs while this iteration's multiply-adds do: at
 * n = 1024, 163-165 -> 169-172 GFLOP/s on the 2-core Zen 5 VM (the tile
 * loads' region is mostly bound by its own instructions: with every load
 * of the kernel hitting L1 it runs at 185).
 *
 * The prefetch is a call of PREFETCH_FN (a pointer): the loop vectorizer
 * turns llvm.prefetch into no vector form and refuses the loop, but it
 * calls a function's vector variant for VF work-items at once when the
 * call names one (LLVM's vector function ABI, as kiln-vector-variants
 * does for kernel-lib), and such a call does not stop it.  The variants,
 * PREFETCH_FN_VEC<VF> taking <VF x ptr>, are declarations only:
 * kiln-lower-prefetch (lower_prefetch.cpp) makes both into llvm.prefetch
 * before code generation.
 *
 * Taken: loads of global memory whose innermost loop is a loop of the
 * kernel's that calls a barrier, in blocks every iteration runs (the
 * vectorizer masks a conditional load, but not a call), and whose address scalar evolution sees
 * as an affine recurrence of that loop (through sums, products and
 * extensions) with a step that is not a constant (a row pitch, say) or
 * a constant of PREFETCH_MIN_STRIDE bytes or more.
 * One prefetch per cache line: loads whose addresses differ by a constant
 * of less than a line share one.  Not in checked mode (passes.cpp).
 *
 * Assumes: work-item functions after kiln-scalarize (which reads calls
 * that may write memory as side effects), before kiln-loop-barriers (so
 * only the kernel's own barriers count).
 * Guarantees: only calls of PREFETCH_FN are added, with the addresses
 * the loads would read one iteration on; no memory is read or written. */
#include "compiler/passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <vector>

namespace kiln {

namespace {
constexpr int64_t PREFETCH_LINE = 64;
/* a constant step under a page stays in the page for several
 * iterations, where the hardware's prefetchers follow it: prefetching
 * such loads too (the tiled SGEMM's A, 64 bytes a tile) measured 3%
 * slower than B's alone */
constexpr int64_t PREFETCH_MIN_STRIDE = 4096;
/* the widths the vectorizer may pick, in lanes */
constexpr unsigned PREFETCH_WIDTHS[] = {2, 4, 8, 16, 32, 64};
} // namespace

std::string prefetch_variant_name(unsigned lanes)
{
	return std::string(PREFETCH_FN_VEC) + std::to_string(lanes);
}

/* PREFETCH_FN for pointers of address space as, its vector variants
 * declared and kept (llvm.compiler.used) for the vectorizer to find, and
 * the attribute that names them on a call. */
static llvm::Function *prefetch_fn(llvm::Module &m, unsigned as, std::string &abi)
{
	llvm::LLVMContext &c = m.getContext();
	llvm::Type *ptr = llvm::PointerType::get(llvm::Type::getInt8Ty(c), as);
	std::string name = std::string(PREFETCH_FN) + ".p" + std::to_string(as);
	llvm::AttrBuilder ab(c);
	ab.addAttribute(llvm::Attribute::NoUnwind);
	ab.addAttribute(llvm::Attribute::WillReturn);
	/* not readnone: a call with no result would be dead code */
	ab.addAttribute(llvm::Attribute::InaccessibleMemOnly);
	llvm::Function *f = m.getFunction(name);
	bool made = !f;
	if (!f) {
		f = llvm::Function::Create(
			llvm::FunctionType::get(llvm::Type::getVoidTy(c), {ptr}, false),
			llvm::GlobalValue::ExternalLinkage, name, m);
		f->addFnAttrs(ab);
	}
	std::vector<llvm::GlobalValue *> keep;
	abi.clear();
	for (unsigned w : PREFETCH_WIDTHS) {
		std::string vname = prefetch_variant_name(w) + ".p" + std::to_string(as);
		if (made) {
			llvm::Function *v = llvm::Function::Create(
				llvm::FunctionType::get(llvm::Type::getVoidTy(c),
							{llvm::FixedVectorType::get(ptr, w)},
							false),
				llvm::GlobalValue::ExternalLinkage, vname, m);
			v->addFnAttrs(ab);
			keep.push_back(v);
		}
		if (!abi.empty())
			abi += ",";
		abi += "_ZGV_LLVM_N" + std::to_string(w) + "v_" + name + "(" + vname + ")";
	}
	if (made)
		llvm::appendToCompilerUsed(m, keep);
	return f;
}

/* How much s grows from one iteration of l to the next, where that is
 * invariant in l: the step of l's affine recurrences, carried through
 * sums, products with invariant factors and extensions (as if none
 * wrapped: i32 index arithmetic sign-extended to a pointer's width, an
 * address `a + 4 * sext(i)`, is the usual case, and a wrong guess
 * costs only a useless prefetch); null where s varies otherwise. */
static const llvm::SCEV *step_in(const llvm::SCEV *s, const llvm::Loop *l,
				 llvm::ScalarEvolution &se)
{
	if (se.isLoopInvariant(s, l))
		return se.getZero(s->getType());
	if (auto *r = llvm::dyn_cast<llvm::SCEVAddRecExpr>(s)) {
		if (r->getLoop() != l || !r->isAffine())
			return nullptr;
		const llvm::SCEV *step = r->getStepRecurrence(se);
		return se.isLoopInvariant(step, l) ? step : nullptr;
	}
	if (auto *c = llvm::dyn_cast<llvm::SCEVCastExpr>(s)) {
		const llvm::SCEV *d = step_in(c->getOperand(0), l, se);
		if (!d)
			return nullptr;
		if (llvm::isa<llvm::SCEVTruncateExpr>(s))
			return se.getTruncateExpr(d, s->getType());
		if (llvm::isa<llvm::SCEVIntegralCastExpr>(s))
			return se.getSignExtendExpr(d, s->getType());
		return nullptr;
	}
	if (auto *a = llvm::dyn_cast<llvm::SCEVAddExpr>(s)) {
		llvm::SmallVector<const llvm::SCEV *, 4> ds;
		for (const llvm::SCEV *op : a->operands()) {
			const llvm::SCEV *d = step_in(op, l, se);
			if (!d)
				return nullptr;
			ds.push_back(d);
		}
		return se.getAddExpr(ds);
	}
	if (auto *m = llvm::dyn_cast<llvm::SCEVMulExpr>(s)) {
		/* one factor varies, the others are invariant */
		llvm::SmallVector<const llvm::SCEV *, 4> ops;
		const llvm::SCEV *d = nullptr;
		for (const llvm::SCEV *op : m->operands()) {
			if (se.isLoopInvariant(op, l)) {
				ops.push_back(op);
			} else if (!d) {
				d = step_in(op, l, se);
				if (!d)
					return nullptr;
				ops.push_back(d);
			} else {
				return nullptr;
			}
		}
		return se.getMulExpr(ops);
	}
	return nullptr;
}

/* A load to prefetch for, its address and the address's step. */
struct next_load {
	llvm::LoadInst *load;
	const llvm::SCEV *at, *step;
};

/* The global loads directly in l whose address steps by a loop-invariant
 * amount each iteration (not a constant under a line), one per line. */
static std::vector<next_load> next_loads(llvm::Loop *l, llvm::LoopInfo &li,
					 llvm::ScalarEvolution &se, llvm::DominatorTree &dt)
{
	std::vector<next_load> out;
	llvm::BasicBlock *latch = l->getLoopLatch();
	for (llvm::BasicBlock *bb : l->blocks()) {
		/* every iteration's: a call on a conditional path would keep
		 * the work-item loop from vectorizing (the vectorizer masks
		 * loads, not calls) */
		if (li.getLoopFor(bb) != l || !latch || !dt.dominates(bb, latch))
			continue;
		for (llvm::Instruction &i : *bb) {
			auto *ld = llvm::dyn_cast<llvm::LoadInst>(&i);
			if (!ld || !ld->isSimple() ||
			    ld->getPointerAddressSpace() != AS_GLOBAL)
				continue;
			const llvm::SCEV *at = se.getSCEV(ld->getPointerOperand());
			const llvm::SCEV *step = step_in(at, l, se);
			if (!step || step->isZero())
				continue;
			if (auto *c = llvm::dyn_cast<llvm::SCEVConstant>(step))
				if (c->getAPInt().abs().slt(PREFETCH_MIN_STRIDE))
					continue;
			bool same_line = false;
			for (const next_load &n : out) {
				auto *d = llvm::dyn_cast<llvm::SCEVConstant>(
					se.getMinusSCEV(at, n.at));
				same_line |= d && d->getAPInt().abs().slt(PREFETCH_LINE);
			}
			if (!same_line)
				out.push_back({ld, at, step});
		}
	}
	return out;
}

static bool prefetch_loop(llvm::Loop *l, llvm::LoopInfo &li, llvm::ScalarEvolution &se,
			  llvm::DominatorTree &dt)
{
	std::vector<next_load> loads = next_loads(l, li, se, dt);
	llvm::BasicBlock *pre = l->getLoopPreheader();
	if (loads.empty() || !pre)
		return false;
	llvm::Module &m = *pre->getModule();
	const llvm::DataLayout &dl = m.getDataLayout();
	llvm::SCEVExpander expander(se, dl, "kiln.next");
	for (const next_load &n : loads) {
		llvm::Value *p = n.load->getPointerOperand();
		unsigned as = n.load->getPointerAddressSpace();
		llvm::Type *ity = dl.getIndexType(p->getType());
		const llvm::SCEV *step = se.getTruncateOrSignExtend(n.step, ity);
		/* the step is invariant: computed once, before the loop */
		llvm::Value *off = expander.expandCodeFor(step, ity, pre->getTerminator());
		std::string abi;
		llvm::Function *fn = prefetch_fn(m, as, abi);
		llvm::IRBuilder<> b(n.load);
		llvm::Value *at = b.CreateGEP(
			b.getInt8Ty(), b.CreatePointerCast(p, fn->getArg(0)->getType()), off,
			"kiln.next");
		llvm::CallInst *call = b.CreateCall(fn, {at});
		call->addFnAttr(llvm::Attribute::get(m.getContext(),
						     "vector-function-abi-variant", abi));
	}
	return true;
}

llvm::PreservedAnalyses prefetch_next_pass::run(llvm::Function &f,
						llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	if (!workitem_params(f, p))
		return llvm::PreservedAnalyses::all();
	llvm::LoopInfo &li = fam.getResult<llvm::LoopAnalysis>(f);
	llvm::ScalarEvolution &se = fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
	llvm::DominatorTree &dt = fam.getResult<llvm::DominatorTreeAnalysis>(f);
	bool changed = false;
	for (llvm::Loop *l : li.getLoopsInPreorder()) {
		if (loop_has_barrier(l))
			changed |= prefetch_loop(l, li, se, dt);
	}
	return kept_if_cfg_unchanged(changed);
}

} // namespace kiln
