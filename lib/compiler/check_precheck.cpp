/* The group precheck's arithmetic (checked mode; docs/checked_mode.md),
 * shared by kiln-check-bounds and kiln-check-sync.
 *
 * An offset that depends on the local id (x, y, z) and on the counters of
 * counted loops only through additions, subtractions, multiplications by
 * values the same for the whole group, constant shifts, extensions,
 * truncations and address arithmetic is, as OpenCL C's signed arithmetic
 * may not overflow, an affine function of those variables: its extremes
 * over the group are at the corners of the box they span
 * ([0, local_size - 1] for each id, first to last value for each counter).
 * A check that holds at every corner holds for every work-item in every
 * iteration, so it can be made once per group (or once per barrier
 * region) instead of at each access. */
#include "compiler/check_passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <map>

namespace kiln {

static const unsigned max_precheck_vars = 6; /* 64 corners at most */

/* Whether v is the same for every work-item of the group: built from
 * constants, the kernel's arguments, the launch description (info) and
 * the work-group state, without loads of other memory. */
static bool group_invariant(llvm::Value *v, const wi_params &p,
			    std::map<llvm::Value *, bool> &memo, unsigned depth = 0)
{
	if (llvm::isa<llvm::Constant>(v))
		return true;
	if (auto *a = llvm::dyn_cast<llvm::Argument>(v))
		return a != p.x && a != p.y && a != p.z && a != p.region;
	auto it = memo.find(v);
	if (it != memo.end())
		return it->second;
	auto *i = llvm::dyn_cast<llvm::Instruction>(v);
	bool ok = i && depth < 64 && !llvm::isa<llvm::PHINode>(i) &&
		  !llvm::isa<llvm::AllocaInst>(i) && !i->mayWriteToMemory();
	if (ok) {
		if (auto *c = llvm::dyn_cast<llvm::CallBase>(i)) {
			llvm::Function *g = c->getCalledFunction();
			ok = g && (g->getName() == "__kiln_wg_state" ||
				   (llvm::isa<llvm::IntrinsicInst>(c) && c->doesNotAccessMemory()));
			for (unsigned n = 0; ok && n < c->arg_size(); n++)
				ok = group_invariant(c->getArgOperand(n), p, memo, depth + 1);
		} else if (auto *l = llvm::dyn_cast<llvm::LoadInst>(i)) {
			/* the launch description, or the check table */
			const llvm::Value *o = llvm::getUnderlyingObject(l->getPointerOperand(), 0);
			ok = o == p.info || l->getMetadata(llvm::LLVMContext::MD_invariant_load);
			ok = ok && group_invariant(l->getPointerOperand(), p, memo, depth + 1);
		} else {
			for (llvm::Value *op : i->operands())
				if (!group_invariant(op, p, memo, depth + 1)) {
					ok = false;
					break;
				}
		}
	}
	memo[v] = ok;
	return ok;
}

/* Whether v is affine in the variables of `vars` as above; `dims`
 * collects which. */
static bool affine(llvm::Value *v, const wi_params &p, const precheck_vars &vars,
		   unsigned &dims, std::map<llvm::Value *, bool> &inv, unsigned depth = 0)
{
	auto var = vars.bit.find(v);
	if (var != vars.bit.end()) {
		dims |= 1u << var->second;
		return true;
	}
	if (group_invariant(v, p, inv))
		return true;
	auto *i = llvm::dyn_cast<llvm::Instruction>(v);
	if (!i || depth > 64)
		return false;
	switch (i->getOpcode()) {
	case llvm::Instruction::Add:
	case llvm::Instruction::Sub:
		return affine(i->getOperand(0), p, vars, dims, inv, depth + 1) &&
		       affine(i->getOperand(1), p, vars, dims, inv, depth + 1);
	case llvm::Instruction::Mul:
		return (group_invariant(i->getOperand(0), p, inv) &&
			affine(i->getOperand(1), p, vars, dims, inv, depth + 1)) ||
		       (group_invariant(i->getOperand(1), p, inv) &&
			affine(i->getOperand(0), p, vars, dims, inv, depth + 1));
	case llvm::Instruction::Shl:
		return llvm::isa<llvm::ConstantInt>(i->getOperand(1)) &&
		       affine(i->getOperand(0), p, vars, dims, inv, depth + 1);
	case llvm::Instruction::SExt:
	case llvm::Instruction::ZExt:
	case llvm::Instruction::Trunc:
	case llvm::Instruction::PtrToInt:
	case llvm::Instruction::AddrSpaceCast:
	case llvm::Instruction::BitCast:
		return affine(i->getOperand(0), p, vars, dims, inv, depth + 1);
	case llvm::Instruction::GetElementPtr:
		for (llvm::Value *op : i->operands())
			if (!affine(op, p, vars, dims, inv, depth + 1))
				return false;
		return true;
	default:
		return false;
	}
}

/* v with the variables replaced as `done` says (it starts with them and
 * collects the clones), built at b. */
static llvm::Value *at_corner(llvm::IRBuilder<> &b, llvm::Value *v,
			      std::map<llvm::Value *, llvm::Value *> &done)
{
	auto it = done.find(v);
	if (it != done.end())
		return it->second;
	if (!llvm::isa<llvm::Instruction>(v))
		return v; /* constants and arguments */
	auto *i = llvm::cast<llvm::Instruction>(v);
	llvm::Instruction *c = i->clone();
	/* nsw/nuw: the corners of a non-overflowing expression do not
	 * overflow either */
	for (unsigned n = 0; n < c->getNumOperands(); n++)
		c->setOperand(n, at_corner(b, i->getOperand(n), done));
	b.Insert(c);
	done[v] = c;
	return c;
}

/* The value v takes at each corner of the box of the variables it is
 * affine in, built at b (see check_passes.h). */
bool check_corners(llvm::IRBuilder<> &b, llvm::Value *v, const wi_params &p,
		   const precheck_vars &vars, llvm::BasicBlock *where, unsigned need,
		   std::vector<llvm::Value *> &out, llvm::Value **also)
{
	std::map<llvm::Value *, bool> inv;
	unsigned dims = 0;
	if (!affine(v, p, vars, dims, inv) || (need && !(dims & need)) ||
	    (also && !group_invariant(*also, p, inv)) ||
	    (unsigned)__builtin_popcount(dims) > max_precheck_vars)
		return false;
	/* each variable's two extremes */
	std::map<unsigned, std::pair<llvm::Value *, llvm::Value *>> ext;
	std::map<unsigned, llvm::Value *> var_of;
	for (auto &kv : vars.bit)
		var_of[kv.second] = kv.first;
	for (unsigned d = 0; d < 32; d++) {
		if (!(dims & (1u << d)))
			continue;
		if (d < 3) {
			ext[d] = {b.getInt64(0),
				  b.CreateSub(load_info(b, p.info, INFO_LOCAL_SIZE, d), b.getInt64(1))};
			/* x, y, z are i64 */
			continue;
		}
		const precheck_vars::iv &iv = vars.ivs.at(d);
		bool body = iv.header_exit && iv.loop->contains(where) &&
			    where != iv.loop->getHeader();
		ext[d] = {iv.lo, body ? iv.hi_body : iv.hi_all};
	}
	/* the group-invariant parts once, each corner's own parts anew */
	std::map<llvm::Value *, llvm::Value *> shared;
	if (also)
		*also = at_corner(b, *also, shared);
	for (auto &kv : inv)
		if (kv.second && llvm::isa<llvm::Instruction>(kv.first) && !shared.count(kv.first))
			at_corner(b, kv.first, shared);
	out.clear();
	for (unsigned c = 0;; c = (c - dims) & dims) {
		/* c runs over the subsets of dims */
		std::map<llvm::Value *, llvm::Value *> done = shared;
		for (auto &e : ext)
			done[var_of[e.first]] = c & (1u << e.first) ? e.second.second
								    : e.second.first;
		out.push_back(at_corner(b, v, done));
		if (c == dims)
			break;
	}
	return true;
}

/* The counted loops' induction variables of f (precheck_vars), their
 * extremes built at `at` in the entry block. */
void check_find_ivs(llvm::Function &f, const wi_params &p, llvm::LoopInfo &li,
		     llvm::ScalarEvolution &se, llvm::Instruction *at, precheck_vars &vars)
{
	vars.bit[p.x] = 0;
	vars.bit[p.y] = 1;
	vars.bit[p.z] = 2;
	std::map<llvm::Value *, bool> inv;
	llvm::BasicBlock *entry = &f.getEntryBlock();
	/* a SCEV that can be computed at `at` and is the same for the group */
	auto expandable = [&](const llvm::SCEV *s) {
		return !llvm::SCEVExprContains(s, [&](const llvm::SCEV *e) {
			if (llvm::isa<llvm::SCEVAddRecExpr>(e))
				return true;
			auto *u = llvm::dyn_cast<llvm::SCEVUnknown>(e);
			if (!u)
				return false;
			llvm::Value *v = u->getValue();
			if (llvm::isa<llvm::Constant>(v))
				return false;
			if (auto *a = llvm::dyn_cast<llvm::Argument>(v))
				return a == p.x || a == p.y || a == p.z || a == p.region;
			auto *i = llvm::dyn_cast<llvm::Instruction>(v);
			return !i || i->getParent() != entry || !group_invariant(v, p, inv);
		});
	};
	llvm::SCEVExpander exp(se, f.getParent()->getDataLayout(), "chk.iv");
	unsigned next = 3;
	for (llvm::Loop *l : li.getLoopsInPreorder()) {
		const llvm::SCEV *btc = se.getBackedgeTakenCount(l);
		if (llvm::isa<llvm::SCEVCouldNotCompute>(btc))
			btc = se.getSymbolicMaxBackedgeTakenCount(l);
		if (llvm::isa<llvm::SCEVCouldNotCompute>(btc) || !expandable(btc))
			continue;
		for (llvm::PHINode &phi : l->getHeader()->phis()) {
			if (!phi.getType()->isIntegerTy() || next >= 32)
				continue;
			auto *ar = llvm::dyn_cast<llvm::SCEVAddRecExpr>(se.getSCEV(&phi));
			if (!ar || ar->getLoop() != l || !ar->isAffine())
				continue;
			const llvm::SCEV *start = ar->getStart();
			const llvm::SCEV *step = ar->getStepRecurrence(se);
			if (!expandable(start) || !expandable(step))
				continue;
			llvm::Type *t = phi.getType();
			const llvm::SCEV *n = se.getTruncateOrZeroExtend(btc, t);
			const llvm::SCEV *hi = se.getAddExpr(start, se.getMulExpr(step, n));
			const llvm::SCEV *hib = se.getAddExpr(
				start, se.getMulExpr(step, se.getMinusSCEV(n, se.getOne(t))));
			precheck_vars::iv iv;
			iv.loop = l;
			iv.lo = exp.expandCodeFor(start, t, at);
			iv.hi_all = exp.expandCodeFor(hi, t, at);
			iv.hi_body = exp.expandCodeFor(hib, t, at);
			iv.header_exit = l->getExitingBlock() == l->getHeader() &&
					 l->getLoopLatch() != l->getHeader();
			vars.bit[&phi] = next;
			vars.ivs[next] = iv;
			next++;
		}
	}
}

} // namespace kiln
