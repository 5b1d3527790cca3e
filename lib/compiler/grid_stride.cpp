/* kiln-split-grid-stride: a grid-stride loop runs the iterations every
 * work-item of the group has as a uniform loop, the rest as it was.
 *
 *     for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
 *         s += in[i];
 *
 * is how OpenCL (and CUDA, through chipStar and HIP) code spreads a large
 * array over a fixed grid.  Each work-item leaves the loop at its own
 * time, so kiln-converge-loops ran it with a barrier per iteration in which
 * `i` and `s` went through the context and `in[i]` was a masked gather
 * (`i` read from the context is not visibly consecutive across
 * work-items): kiln-bench-compute's reduction read at 11% of the 2-core
 * VM's read bandwidth.  But the work-items of one group differ by at most
 * their local id in where they start, so they all run at least as many
 * iterations as the group's last work-item: this pass runs those R
 * iterations first, as a loop over r with `i = start + r * step`, whose
 * exit is uniform (kiln-loop-barriers then runs the work-item loop inside
 * it, where `in[start + r * step]` is a consecutive load across
 * work-items), and hands `i` and the carried values to the original loop
 * for the iterations left (none, or one for the first work-items of a
 * group).  Written out by hand in that kernel, the split read at 53% of
 * the same VM's bandwidth (34.5 against 7.6 GB/s).
 *
 * R is the trip count of the group's last work-item: with `start = U + x`
 * (U uniform, x the local id in dimension 0), that work-item starts at
 * U + local_size(0) - 1, and the trip count `start < n ? (n - 1 - start)
 * / step + 1 : 0` only falls as the start grows.  U is rebuilt from the
 * uniform terms of `start`, so that kiln-uniformity sees R as uniform.
 *
 * Taken: innermost loops of work-item functions whose header is the only
 * exiting block, testing `i < n` (unsigned or signed, n uniform and
 * computed outside the loop or hoisted there like the step, below) on a
 * header phi i (or its truncation) that starts at U + x
 * (or at a truncation of it; when the test is on a narrower type, R is 0
 * unless U + local_size(0) - 1 and the step fit it) and steps by a
 * uniform amount computed outside the loop or, hoisted there, from
 * values outside it and the work-item's launch values (R is 0 for a step
 * of 0, or a negative step with a signed test); that call nothing but
 * intrinsics (a barrier is a call); whose header holds nothing but the
 * phis, instructions safe to run once more, and its branch, and whose
 * other blocks have no phis with values from the header.
 *
 * Assumes: a work-item function in SSA form after kiln-scalarize, before
 * kiln-loop-barriers and kiln-converge-loops; kiln-uniformity and loop
 * info from the analysis manager.
 * Guarantees: each work-item runs its iterations in their order, the
 * uniform loop first; the original loop is kept whole after it.  Not in
 * functions kept whole ("kiln-keep-vectors") or run as fibers. */
#include "compiler/passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

namespace kiln {

namespace {
struct grid_loop {
	llvm::Loop *l = nullptr;
	llvm::BasicBlock *pre = nullptr, *head = nullptr, *latch = nullptr, *body = nullptr;
	llvm::PHINode *i = nullptr;
	llvm::Value *start = nullptr, *step = nullptr, *n = nullptr;
	llvm::Value *wide = nullptr; /* U + x before a truncation to the test's type */
	llvm::Type *test_type = nullptr; /* i's type, or the type i is truncated to for the test */
	bool is_signed = false;
	bool sext_low = false; /* the loop steps from i's low bits sign-extended */
};
constexpr int MAX_TERMS = 8;
} // namespace

/* Whether v is x plus uniform terms (through `add`). */
static bool plus_local_id(llvm::Value *v, llvm::Value *x, const divergence &div, int depth = 0)
{
	if (v == x)
		return true;
	auto *bo = llvm::dyn_cast<llvm::BinaryOperator>(v);
	if (!bo || bo->getOpcode() != llvm::Instruction::Add || depth > MAX_TERMS)
		return false;
	llvm::Value *a = bo->getOperand(0), *b = bo->getOperand(1);
	return (div.uniform(b) && plus_local_id(a, x, div, depth + 1)) ||
	       (div.uniform(a) && plus_local_id(b, x, div, depth + 1));
}

/* v - x, from v's uniform terms alone (plus_local_id(v) holds). */
static llvm::Value *without_local_id(llvm::IRBuilder<> &b, llvm::Value *v, llvm::Value *x,
				     const divergence &div)
{
	if (v == x)
		return llvm::ConstantInt::get(v->getType(), 0);
	auto *bo = llvm::cast<llvm::BinaryOperator>(v);
	llvm::Value *a = bo->getOperand(0), *c = bo->getOperand(1);
	if (!(div.uniform(c) && plus_local_id(a, x, div)))
		std::swap(a, c);
	llvm::Value *rest = without_local_id(b, a, x, div);
	auto *k = llvm::dyn_cast<llvm::ConstantInt>(rest);
	return k && k->isZero() ? c : b.CreateAdd(rest, c, "grid.u");
}

/* Makes v, computed in loop l from launch values, available before
 * `before` (the preheader's end): `i += 3 * get_global_size(0)` computes
 * its step in the latch, and `i < n4` with a uint n4 and a size_t i
 * widens n4 in the header, since nothing has hoisted them by this pass.  v's
 * instructions move there when they compute without side effects from
 * values outside the loop and loads of the work-item's `info`, which no
 * work-item writes.  Whether v is now outside the loop. */
static bool hoist(llvm::Value *v, llvm::Loop *l, const wi_params &p, llvm::Instruction *before,
		  bool &moved, int depth = 0)
{
	auto *in = llvm::dyn_cast<llvm::Instruction>(v);
	if (!in || !l->contains(in))
		return true;
	if (depth > MAX_TERMS || llvm::isa<llvm::PHINode>(in))
		return false;
	if (auto *ld = llvm::dyn_cast<llvm::LoadInst>(in)) {
		if (!ld->isSimple() ||
		    llvm::getUnderlyingObject(ld->getPointerOperand()) != p.info)
			return false;
	} else if (!llvm::isSafeToSpeculativelyExecute(in)) {
		return false;
	}
	for (llvm::Value *op : in->operands())
		if (!hoist(op, l, p, before, moved, depth + 1))
			return false;
	in->moveBefore(before);
	moved = true;
	return true;
}

/* Whether a is i, or i's low bits sign-extended (`int i` indexing with
 * an i64 phi: InstCombine writes sext(trunc i) as ashr(shl i, k), k). */
static bool same_or_sext_low(llvm::Value *a, llvm::PHINode *i, llvm::Type *low)
{
	namespace pm = llvm::PatternMatch;
	llvm::Value *v;
	const llvm::APInt *k1, *k2;
	unsigned high = i->getType()->getIntegerBitWidth() - low->getIntegerBitWidth();
	if (a == i)
		return true;
	if (high == 0)
		return false;
	if (pm::match(a, pm::m_SExt(pm::m_Trunc(pm::m_Value(v)))))
		return v == i && llvm::cast<llvm::Instruction>(a)->getOperand(0)->getType() == low;
	return pm::match(a, pm::m_AShr(pm::m_Shl(pm::m_Value(v), pm::m_APInt(k1)),
				       pm::m_APInt(k2))) &&
	       v == i && *k1 == *k2 && *k1 == high;
}

static bool match(llvm::Loop *l, const wi_params &p, const divergence &div, grid_loop &g,
		  bool &moved)
{
	g.l = l;
	g.pre = l->getLoopPreheader();
	g.head = l->getHeader();
	g.latch = l->getLoopLatch();
	if (!l->isInnermost() || !g.pre || !g.latch || g.latch == g.head ||
	    l->getExitingBlock() != g.head || !l->getExitBlock() || !calls_only_intrinsics(l))
		return false;
	auto *br = llvm::dyn_cast<llvm::BranchInst>(g.head->getTerminator());
	if (!br || !br->isConditional())
		return false;
	auto *cmp = llvm::dyn_cast<llvm::ICmpInst>(br->getCondition());
	if (!cmp)
		return false;
	bool stay_if_true = l->contains(br->getSuccessor(0));
	g.body = br->getSuccessor(stay_if_true ? 0 : 1);
	llvm::CmpInst::Predicate pred =
		stay_if_true ? cmp->getPredicate() : cmp->getInversePredicate();
	llvm::Value *lhs = cmp->getOperand(0), *rhs = cmp->getOperand(1);
	auto is_counter = [&](llvm::Value *v) {
		if (auto *t = llvm::dyn_cast<llvm::TruncInst>(v))
			v = t->getOperand(0);
		return llvm::isa<llvm::PHINode>(v) &&
		       llvm::cast<llvm::PHINode>(v)->getParent() == g.head;
	};
	if (!is_counter(lhs)) {
		std::swap(lhs, rhs);
		pred = llvm::CmpInst::getSwappedPredicate(pred);
	}
	if (pred != llvm::CmpInst::ICMP_ULT && pred != llvm::CmpInst::ICMP_SLT)
		return false;
	g.is_signed = pred == llvm::CmpInst::ICMP_SLT;
	/* `int i = get_global_id(0)` becomes an i64 phi tested truncated */
	if (auto *t = llvm::dyn_cast<llvm::TruncInst>(lhs))
		lhs = t->getOperand(0);
	g.i = llvm::dyn_cast<llvm::PHINode>(lhs);
	g.n = rhs;
	g.test_type = rhs->getType();
	if (!g.i || g.i->getParent() != g.head || g.i->getNumIncomingValues() != 2 ||
	    !div.uniform(g.n) || !hoist(g.n, l, p, g.pre->getTerminator(), moved))
		return false;
	g.start = g.i->getIncomingValueForBlock(g.pre);
	auto *inc = llvm::dyn_cast<llvm::BinaryOperator>(g.i->getIncomingValueForBlock(g.latch));
	if (!inc || inc->getOpcode() != llvm::Instruction::Add)
		return false;
	bool first = same_or_sext_low(inc->getOperand(0), g.i, g.test_type);
	g.sext_low = !(inc->getOperand(0) == g.i || inc->getOperand(1) == g.i);
	g.step = first ? inc->getOperand(1) : inc->getOperand(0);
	if ((!first && !same_or_sext_low(inc->getOperand(1), g.i, g.test_type)) ||
	    !div.uniform(g.step) || !hoist(g.step, l, p, g.pre->getTerminator(), moved))
		return false;
	/* where the work-item starts: U + x, or that truncated */
	g.wide = g.start;
	if (auto *t = llvm::dyn_cast<llvm::TruncInst>(g.start))
		g.wide = t->getOperand(0);
	if (!plus_local_id(g.wide, p.x, div))
		return false;
	/* the header runs once more (the uniform loop's own test) */
	for (llvm::Instruction &in : *g.head)
		if (!llvm::isa<llvm::PHINode>(in) && !in.isTerminator() &&
		    !llvm::isSafeToSpeculativelyExecute(&in))
			return false;
	for (llvm::BasicBlock *bb : l->blocks())
		if (bb != g.head)
			for (llvm::PHINode &phi : bb->phis())
				if (phi.getBasicBlockIndex(g.head) >= 0)
					return false;
	return true;
}

/* R, the iterations every work-item of the group has, computed in the
 * preheader from uniform values only. */
static llvm::Value *uniform_trips(llvm::IRBuilder<> &b, const grid_loop &g, const wi_params &p,
				  const divergence &div)
{
	llvm::Type *t = g.test_type, *wt = g.wide->getType();
	llvm::Value *ls = load_info(b, p.info, INFO_LOCAL_SIZE, 0);
	llvm::Value *last_off = b.CreateSub(ls, llvm::ConstantInt::get(ls->getType(), 1));
	/* where the group's last work-item starts, before the truncation */
	llvm::Value *w = without_local_id(b, g.wide, p.x, div);
	w = b.CreateAdd(w, b.CreateZExtOrTrunc(last_off, wt), "grid.last");
	llvm::Value *fits = b.getTrue();
	if (g.step->getType() != t)
		/* the step as wide as i: its truncation must be all of it, so
		 * that i (and its sign-extended low bits) is the test's value
		 * through the uniform iterations */
		fits = b.CreateICmpEQ(g.step, b.CreateZExt(b.CreateTrunc(g.step, t), g.step->getType()));
	if (wt != t) {
		/* the starts of the group's work-items, truncated, rise with
		 * the local id only if the last one fits the test's type */
		unsigned bits = t->getIntegerBitWidth();
		llvm::APInt max = g.is_signed || g.sext_low ? llvm::APInt::getSignedMaxValue(bits)
					      : llvm::APInt::getMaxValue(bits);
		fits = b.CreateAnd(fits, b.CreateICmpULE(w, llvm::ConstantInt::get(
						     wt, max.zext(wt->getIntegerBitWidth()))));
	}
	llvm::Value *last = b.CreateTrunc(w, t);
	llvm::Value *step = b.CreateTrunc(g.step, t);
	llvm::Value *zero = llvm::ConstantInt::get(t, 0), *one = llvm::ConstantInt::get(t, 1);
	llvm::Value *inside = g.is_signed ? b.CreateICmpSLT(last, g.n) : b.CreateICmpULT(last, g.n);
	llvm::Value *step_ok = g.is_signed ? b.CreateICmpSGT(step, zero) : b.CreateICmpNE(step, zero);
	llvm::Value *divisor = b.CreateSelect(step_ok, step, one);
	llvm::Value *span = b.CreateSub(b.CreateSub(g.n, one), last);
	llvm::Value *trips = b.CreateAdd(b.CreateUDiv(span, divisor), one);
	llvm::Value *ok = b.CreateAnd(b.CreateAnd(inside, step_ok), fits);
	return b.CreateZExt(b.CreateSelect(ok, trips, zero, "grid.trips"), g.i->getType(),
			    "grid.trips.wide");
}

static void split(const grid_loop &g, const wi_params &p, const divergence &div)
{
	llvm::Function &f = *g.head->getParent();
	llvm::LLVMContext &c = f.getContext();
	llvm::Type *t = g.i->getType();
	auto *uhead = llvm::BasicBlock::Create(c, "grid.head", &f, g.head);
	auto *ulatch = llvm::BasicBlock::Create(c, "grid.latch", &f, g.head);
	auto *udone = llvm::BasicBlock::Create(c, "grid.done", &f, g.head);

	llvm::IRBuilder<> b(g.pre->getTerminator());
	llvm::Value *trips = uniform_trips(b, g, p, div);
	g.pre->getTerminator()->replaceUsesOfWith(g.head, uhead);

	/* the uniform loop's head: r, the carried values, i for iteration r */
	b.SetInsertPoint(uhead);
	llvm::PHINode *r = b.CreatePHI(t, 2, "grid.r");
	r->addIncoming(llvm::ConstantInt::get(t, 0), g.pre);
	llvm::ValueToValueMapTy vmap;
	std::vector<std::pair<llvm::PHINode *, llvm::PHINode *>> carried;
	for (llvm::PHINode &h : g.head->phis()) {
		if (&h == g.i)
			continue;
		llvm::PHINode *u = b.CreatePHI(h.getType(), 2, h.getName() + ".grid");
		u->addIncoming(h.getIncomingValueForBlock(g.pre), g.pre);
		vmap[&h] = u;
		carried.emplace_back(&h, u);
	}
	vmap[g.i] = b.CreateAdd(g.start, b.CreateMul(r, g.step), "grid.i");
	std::vector<llvm::Instruction *> head_copies;
	for (llvm::Instruction &in : *g.head) {
		if (llvm::isa<llvm::PHINode>(in) || in.isTerminator())
			continue;
		llvm::Instruction *copy = in.clone();
		copy->setName(in.getName() + ".grid");
		b.Insert(copy);
		vmap[&in] = copy;
		head_copies.push_back(copy);
	}

	/* the loop's other blocks, their way back to the header now to ulatch */
	std::vector<llvm::BasicBlock *> copies;
	for (llvm::BasicBlock *bb : g.l->blocks()) {
		if (bb == g.head)
			continue;
		llvm::BasicBlock *copy = llvm::CloneBasicBlock(bb, vmap, ".grid", &f);
		vmap[bb] = copy;
		copies.push_back(copy);
	}
	/* in the uniform iterations of a signed test (or a loop stepping from
	 * the sign-extended low bits) on i truncated, i stays below the
	 * signed maximum of the test's type (uniform_trips), so its low bits
	 * sign-extended are i:
	 * the loads index by i itself, visibly consecutive across
	 * work-items */
	if ((g.is_signed || g.sext_low) && g.test_type != t)
		for (llvm::BasicBlock *bb : g.l->blocks())
			for (llvm::Instruction &in : *bb)
				if (&in != g.i && same_or_sext_low(&in, g.i, g.test_type))
					vmap[&in] = vmap[g.i];
	vmap[g.head] = ulatch;
	auto remap = [&](llvm::Instruction &in) {
		llvm::RemapInstruction(&in, vmap,
				       llvm::RF_NoModuleLevelChanges | llvm::RF_IgnoreMissingLocals);
	};
	for (llvm::Instruction *in : head_copies)
		remap(*in);
	for (llvm::BasicBlock *copy : copies)
		for (llvm::Instruction &in : *copy)
			remap(in);
	b.CreateCondBr(b.CreateICmpULT(r, trips, "grid.more"),
		       llvm::cast<llvm::BasicBlock>(vmap[g.body]), udone);

	b.SetInsertPoint(ulatch);
	r->addIncoming(b.CreateAdd(r, llvm::ConstantInt::get(t, 1), "grid.r.next"), ulatch);
	for (auto &hu : carried)
		hu.second->addIncoming(mapped_value(vmap, hu.first->getIncomingValueForBlock(g.latch)),
				       ulatch);
	b.CreateBr(uhead);

	/* the original loop goes on from iteration R */
	b.SetInsertPoint(udone);
	llvm::Value *i_after = b.CreateAdd(g.start, b.CreateMul(trips, g.step), "grid.i.after");
	b.CreateBr(g.head);
	for (llvm::PHINode &h : g.head->phis()) {
		int at = h.getBasicBlockIndex(g.pre);
		h.setIncomingBlock((unsigned)at, udone);
		if (&h == g.i)
			h.setIncomingValue((unsigned)at, i_after);
		else
			h.setIncomingValue((unsigned)at, mapped_value(vmap, &h));
	}
}

llvm::PreservedAnalyses split_grid_stride_pass::run(llvm::Function &f,
						    llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	if (!workitem_params(f, p) || runs_as_fibers(f) || f.hasFnAttribute(keep_vectors_attr))
		return llvm::PreservedAnalyses::all();
	llvm::LoopInfo &li = fam.getResult<llvm::LoopAnalysis>(f);
	const divergence &div = fam.getResult<uniformity_analysis>(f);
	std::vector<grid_loop> found;
	bool moved = false; /* a step hoisted, whether or not its loop is taken */
	for (llvm::Loop *l : li.getLoopsInPreorder()) {
		grid_loop g;
		if (match(l, p, div, g, moved))
			found.push_back(g);
	}
	/* matched on the analyses of the function as it was; each split
	 * leaves the other loops' blocks as they were */
	for (const grid_loop &g : found)
		split(g, p, div);
	if (found.empty() && !moved)
		return llvm::PreservedAnalyses::all();
	llvm::PreservedAnalyses pa;
	if (found.empty())
		pa.preserveSet<llvm::CFGAnalyses>();
	return pa;
}

} // namespace kiln
