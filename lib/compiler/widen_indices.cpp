/* kiln-widen-indices: `int` index arithmetic that may not overflow is
 * done in the pointer's width, so that consecutive work-items' addresses
 * are visibly consecutive.
 *
 * OpenCL C code indexes with int: `a[row * n + t + lx]` with
 * `int lx = get_local_id(0)` is, in IR, a GEP by
 * `sext(add nsw (add nsw (mul nsw row, n), t), trunc(local id))`.  Across
 * the work-item loop the 32-bit sum is an induction variable that could
 * wrap for all scalar evolution can tell (-O3's passes reassociate the sum
 * and drop the nsw flags), so the loop vectorizer versions every such loop
 * on a run-time test that it does not, with a scalar copy for when it
 * does.  In a group of rows (a 16x16 group specialized for its size) that
 * test and its branch run once per row of work-items, around a vector body
 * of a few instructions, and the row loop cannot be unrolled because the
 * scalar copy is a loop inside it: the tiled SGEMM's tile loads spent most
 * of their time there.
 *
 * Signed overflow is undefined in OpenCL C (as in C99 §6.5), which is what
 * Clang's nsw flags say, so where they hold sext(x op y) equals
 * sext(x) op sext(y): the sum is rebuilt in 64 bits from the top
 * (add, sub and mul with nsw, shl nsw by a constant), and a truncated
 * local id, less than CL_DEVICE_MAX_WORK_GROUP_SIZE (4096), is the id
 * itself.  A global id can be 2^31 or more, so its truncation is kept (the
 * vectorizer then tests only the group's offset, once per loop), except in
 * a work-group function the runtime specializes for a local size
 * (!kiln.local_size, kiln_finalize_for_size): lib/core/specialize.c runs
 * those only for launches whose global ids all fit an int (global offset
 * plus global size at most 2^31 in every dimension), so there a truncated
 * global id (offset + group id * enqueued local size + local id, as
 * kiln-workitem computes it) is the id too.  The 16x16 tiled SGEMM reads
 * B at `(t + ly) * n + col` with `int col = get_global_id(0)`.
 *
 * Taken: the sign-extended integer indices of GEPs in work-item functions
 * whose computation has at least one nsw operation or truncated local id
 * to rebuild.
 * Assumes: work-item functions after kiln-wi-simplify (SSA, local ids as
 * the kiln.x/y/z parameters).
 * Guarantees: each rewritten index has the value the extension had
 * wherever the program's signed arithmetic does not overflow; the 32-bit
 * computation stays where it has other users. */
#include "compiler/passes.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Utils/Local.h>

#include <vector>

namespace kiln {

namespace {
constexpr unsigned WIDEN_DEPTH = 8;
} // namespace

static bool is_local_id(const llvm::Value *v, const wi_params &p)
{
	return v == p.x || v == p.y || v == p.z;
}

/* Whether v is the global id as kiln-workitem computes it: global offset
 * + group id * enqueued local size + local id, in dimension 0, 1 or 2. */
static bool is_global_id(const llvm::Value *v, const wi_params &p)
{
	using namespace llvm::PatternMatch;
	const llvm::Value *base, *lid, *off, *prod, *gid, *size;
	if (!match(v, m_Add(m_Value(base), m_Value(lid))))
		return false;
	if (is_local_id(base, p))
		std::swap(base, lid);
	if (!is_local_id(lid, p) || !match(base, m_Add(m_Value(off), m_Value(prod))))
		return false;
	unsigned d = lid == p.x ? 0 : lid == p.y ? 1 : 2;
	if (!is_info_load(off, p, INFO_GLOBAL_OFFSET, d))
		std::swap(off, prod);
	if (!is_info_load(off, p, INFO_GLOBAL_OFFSET, d) ||
	    !match(prod, m_Mul(m_Value(gid), m_Value(size))))
		return false;
	if (is_info_load(size, p, INFO_GROUP_ID, d))
		std::swap(gid, size);
	return is_info_load(gid, p, INFO_GROUP_ID, d) &&
	       is_info_load(size, p, INFO_ENQUEUED_LOCAL_SIZE, d);
}

/* x (narrower than `to`) computed in `to`, as sext(x) where x's signed
 * arithmetic does not overflow; `gained` is set when anything was
 * rebuilt rather than extended. */
static llvm::Value *widen(llvm::IRBuilder<> &b, llvm::Value *x, llvm::Type *to,
			  const wi_params &p, bool ids_fit_int, unsigned depth, bool &gained)
{
	if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(x))
		return llvm::ConstantInt::get(to, c->getValue().sext(to->getIntegerBitWidth()));
	if (auto *t = llvm::dyn_cast<llvm::TruncInst>(x))
		if (t->getSrcTy() == to && t->getDestTy()->getIntegerBitWidth() >= 32 &&
		    (is_local_id(t->getOperand(0), p) ||
		     (ids_fit_int && is_global_id(t->getOperand(0), p)))) {
			gained = true;
			return t->getOperand(0);
		}
	auto *bo = llvm::dyn_cast<llvm::BinaryOperator>(x);
	if (bo && depth < WIDEN_DEPTH && bo->hasNoSignedWrap()) {
		llvm::Instruction::BinaryOps op = bo->getOpcode();
		bool shift_by_constant = op == llvm::Instruction::Shl &&
					 llvm::isa<llvm::ConstantInt>(bo->getOperand(1));
		if (op == llvm::Instruction::Add || op == llvm::Instruction::Sub ||
		    op == llvm::Instruction::Mul || shift_by_constant) {
			llvm::Value *l =
				widen(b, bo->getOperand(0), to, p, ids_fit_int, depth + 1, gained);
			llvm::Value *r = shift_by_constant
						 ? llvm::ConstantInt::get(
							   to, llvm::cast<llvm::ConstantInt>(
								       bo->getOperand(1))
								       ->getZExtValue())
						 : widen(b, bo->getOperand(1), to, p, ids_fit_int,
							 depth + 1, gained);
			gained = true;
			llvm::Value *w = b.CreateBinOp(op, l, r, bo->getName() + ".wide");
			if (auto *wi = llvm::dyn_cast<llvm::BinaryOperator>(w))
				wi->setHasNoSignedWrap(true);
			return w;
		}
	}
	return b.CreateSExt(x, to);
}

/* sext(trunc(id)) as InstCombine writes it: ashr exact (shl id, k), k. */
static bool is_extended_local_id(llvm::Value *v, const wi_params &p, llvm::Value *&id)
{
	using namespace llvm::PatternMatch;
	const llvm::APInt *k1, *k2;
	return match(v, m_Exact(m_AShr(m_Shl(m_Value(id), m_APInt(k1)), m_APInt(k2)))) &&
	       *k1 == *k2 && k1->ule(32) && is_local_id(id, p);
}

llvm::PreservedAnalyses widen_indices_pass::run(llvm::Function &f,
						 llvm::FunctionAnalysisManager &)
{
	wi_params p;
	if (!workitem_params(f, p))
		return llvm::PreservedAnalyses::all();
	llvm::Function *k = kernel_of_workitem(f);
	bool ids_fit_int = k && k->getMetadata(local_size_mark);
	std::vector<llvm::GetElementPtrInst *> geps;
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb)
			if (auto *g = llvm::dyn_cast<llvm::GetElementPtrInst>(&i))
				geps.push_back(g);
	bool changed = false;
	for (llvm::GetElementPtrInst *g : geps)
		for (llvm::Use &u : g->indices()) {
			llvm::Value *id = nullptr;
			llvm::Value *old = u.get();
			if (is_extended_local_id(old, p, id)) {
				u.set(id);
				llvm::RecursivelyDeleteTriviallyDeadInstructions(old);
				changed = true;
				continue;
			}
			auto *s = llvm::dyn_cast<llvm::SExtInst>(u.get());
			if (!s || !s->getType()->isIntegerTy())
				continue;
			llvm::IRBuilder<> b(s);
			bool gained = false;
			llvm::Value *w =
				widen(b, s->getOperand(0), s->getType(), p, ids_fit_int, 0, gained);
			if (!gained) {
				/* only the extension, made again: drop it */
				if (auto *i = llvm::dyn_cast<llvm::Instruction>(w))
					if (i != s && i->use_empty())
						i->eraseFromParent();
				continue;
			}
			u.set(w);
			llvm::RecursivelyDeleteTriviallyDeadInstructions(s);
			changed = true;
		}
	return kept_if_cfg_unchanged(changed);
}

} // namespace kiln
