/* kiln-widen-byte-chains: byte-vector arithmetic chains in 16-bit lanes.
 *
 * x86 has no byte multiply: a `mul <64 x i8>` becomes a widening of both
 * operands to 16-bit lanes, two vpmullw and a narrowing back, and a chain
 * of them (clpeak's `x = y * x + y; y = x * y + x` on char, hashing and
 * image code on uchar) widens and narrows at every step, about four times
 * the work of the multiplies themselves: kiln-bench-compute's byte rows
 * ran at 43% of the machine's byte multiply-add limit (two 16-bit
 * multiplies and a byte add) where the 16-bit rows ran at 69-76%.  The low
 * 8 bits of a sum, difference or product depend only on the low 8 bits of
 * the operands, so the chain can run in 16-bit lanes from end to end:
 * this pass rebuilds each connected group of byte-vector add, sub and mul
 * that holds a multiply in 16-bit lanes, widens its inputs once and
 * narrows its results once, where they leave the group.
 *
 * Taken: in work-group functions, groups of `add`, `sub` and `mul` on
 * vectors of at least 16 bytes, within one block, holding at least one
 * `mul`; their wrap flags are dropped (16-bit lanes do not wrap where the
 * bytes did).
 *
 * Assumes: after the -O3 pipeline (the vectorizer made the byte vectors).
 * Guarantees: every value used outside a group is the byte vector it
 * was; only the group's own arithmetic changes width. */
#include "compiler/passes.h"

#include <llvm/ADT/EquivalenceClasses.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>

#include <map>
#include <set>

namespace kiln {

namespace {
constexpr unsigned MIN_BYTES = 16;
} // namespace

static bool byte_arith(const llvm::Instruction &i)
{
	auto *v = llvm::dyn_cast<llvm::FixedVectorType>(i.getType());
	if (!v || !v->getElementType()->isIntegerTy(8) || v->getNumElements() < MIN_BYTES)
		return false;
	switch (i.getOpcode()) {
	case llvm::Instruction::Add:
	case llvm::Instruction::Sub:
	case llvm::Instruction::Mul:
		return true;
	default:
		return false;
	}
}

static bool widen_block(llvm::BasicBlock &bb)
{
	std::vector<llvm::Instruction *> ops;
	for (llvm::Instruction &i : bb)
		if (byte_arith(i))
			ops.push_back(&i);
	if (ops.size() < 2)
		return false;
	std::set<llvm::Instruction *> in_ops(ops.begin(), ops.end());
	llvm::EquivalenceClasses<llvm::Instruction *> groups;
	for (llvm::Instruction *i : ops) {
		groups.insert(i);
		for (llvm::Value *op : i->operands())
			if (auto *d = llvm::dyn_cast<llvm::Instruction>(op); d && in_ops.count(d))
				groups.unionSets(d, i);
	}
	std::set<llvm::Instruction *> with_mul;
	for (llvm::Instruction *i : ops)
		if (i->getOpcode() == llvm::Instruction::Mul)
			with_mul.insert(groups.getLeaderValue(i));

	bool changed = false;
	std::map<llvm::Value *, llvm::Value *> wide;  /* a group's op -> its 16-bit form */
	std::map<llvm::Value *, llvm::Value *> input; /* a value entering a group, widened */
	for (llvm::Instruction *i : ops) {
		if (!with_mul.count(groups.getLeaderValue(i)))
			continue;
		auto *vt = llvm::cast<llvm::FixedVectorType>(i->getType());
		auto *wt = llvm::FixedVectorType::get(llvm::Type::getInt16Ty(bb.getContext()),
						      vt->getNumElements());
		llvm::IRBuilder<> b(i);
		llvm::Value *w[2];
		for (unsigned k = 0; k < 2; k++) {
			llvm::Value *op = i->getOperand(k);
			auto it = wide.find(op);
			if (it != wide.end()) {
				w[k] = it->second;
				continue;
			}
			/* the bytes' high half is never read back: any extension */
			auto jt = input.find(op);
			if (jt == input.end())
				jt = input.emplace(op, b.CreateZExt(op, wt, op->getName() + ".w")).first;
			w[k] = jt->second;
		}
		llvm::Value *r = b.CreateBinOp(static_cast<llvm::Instruction::BinaryOps>(i->getOpcode()),
					       w[0], w[1], i->getName() + ".w");
		wide[i] = r;
		/* its uses outside the group read the narrowed bytes */
		bool outside = false;
		for (llvm::User *u : i->users()) {
			auto *ui = llvm::dyn_cast<llvm::Instruction>(u);
			if (!ui || !in_ops.count(ui) ||
			    groups.getLeaderValue(ui) != groups.getLeaderValue(i))
				outside = true;
		}
		if (outside) {
			llvm::Value *t = b.CreateTrunc(r, vt, i->getName() + ".b");
			i->replaceUsesWithIf(t, [&](llvm::Use &u) {
				auto *ui = llvm::dyn_cast<llvm::Instruction>(u.getUser());
				return u.getUser() != t &&
				       !(ui && in_ops.count(ui) &&
					 groups.getLeaderValue(ui) == groups.getLeaderValue(i));
			});
		}
		changed = true;
	}
	/* the byte forms, now read only by each other, go */
	for (auto it = ops.rbegin(); it != ops.rend(); ++it)
		if (wide.count(*it) && (*it)->use_empty())
			(*it)->eraseFromParent();
	return changed;
}

llvm::PreservedAnalyses widen_byte_chains_pass::run(llvm::Function &f,
						     llvm::FunctionAnalysisManager &)
{
	if (!is_wg_function(f))
		return llvm::PreservedAnalyses::all();
	bool changed = false;
	for (llvm::BasicBlock &bb : f)
		changed |= widen_block(bb);
	return kept_if_cfg_unchanged(changed);
}

} // namespace kiln
