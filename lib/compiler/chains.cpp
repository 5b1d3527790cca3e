/* The chain cost model of chains.h. */
#include "compiler/chains.h"

#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <algorithm>

namespace kiln {

static bool is_fp_arith(const llvm::Instruction &i)
{
	switch (i.getOpcode()) {
	case llvm::Instruction::FAdd:
	case llvm::Instruction::FSub:
	case llvm::Instruction::FMul:
	case llvm::Instruction::FNeg:
		return true;
	default:
		break;
	}
	if (auto *c = llvm::dyn_cast<llvm::IntrinsicInst>(&i)) {
		switch (c->getIntrinsicID()) {
		case llvm::Intrinsic::fma:
		case llvm::Intrinsic::fmuladd:
		case llvm::Intrinsic::minnum:
		case llvm::Intrinsic::maxnum:
			return true;
		default:
			break;
		}
	}
	return false;
}

static bool is_long_op(const llvm::Instruction &i)
{
	switch (i.getOpcode()) {
	case llvm::Instruction::FDiv:
	case llvm::Instruction::FRem:
	case llvm::Instruction::UDiv:
	case llvm::Instruction::SDiv:
	case llvm::Instruction::URem:
	case llvm::Instruction::SRem:
		return true;
	default:
		break;
	}
	if (auto *c = llvm::dyn_cast<llvm::IntrinsicInst>(&i))
		return c->getIntrinsicID() == llvm::Intrinsic::sqrt;
	return false;
}

unsigned chain_latency(const llvm::Instruction &i)
{
	if (is_fp_arith(i) || i.getOpcode() == llvm::Instruction::Mul)
		return 4;
	if (is_long_op(i))
		return 12;
	if (llvm::isa<llvm::LoadInst>(i))
		return 5;
	return 1;
}

static bool is_simple_load(const llvm::Value *v)
{
	auto *l = llvm::dyn_cast<llvm::LoadInst>(v);
	return l && l->isSimple();
}

/* A splat of a loaded scalar, which x86 reads straight from memory where
 * it is used (an operand broadcast from memory, {1toN}, or one
 * vbroadcast). */
static bool is_splat_of_load(const llvm::Instruction &i)
{
	auto *sv = llvm::dyn_cast<llvm::ShuffleVectorInst>(&i);
	if (!sv || !sv->isZeroEltSplat())
		return false;
	auto *ie = llvm::dyn_cast<llvm::InsertElementInst>(sv->getOperand(0));
	auto *at = ie ? llvm::dyn_cast<llvm::ConstantInt>(ie->getOperand(2)) : nullptr;
	return at && at->isZero() && is_simple_load(ie->getOperand(1));
}

/* The insertelement that only starts splats: the splat is the one
 * instruction the back end makes of the pair. */
static bool starts_splats(const llvm::Instruction &i)
{
	auto *ie = llvm::dyn_cast<llvm::InsertElementInst>(&i);
	if (!ie || !llvm::isa<llvm::UndefValue>(ie->getOperand(0)) || i.use_empty())
		return false;
	for (const llvm::User *u : i.users()) {
		auto *sv = llvm::dyn_cast<llvm::ShuffleVectorInst>(u);
		if (!sv || !sv->isZeroEltSplat() || sv->getOperand(0) != &i)
			return false;
	}
	return true;
}

/* The units an instruction issues on: its issue time counts against its
 * own class only, since the classes issue in the same cycles. */
enum chain_unit { UNIT_NONE, UNIT_VECTOR, UNIT_LOAD, UNIT_STORE, UNIT_SCALAR, UNIT_COUNT };

static chain_unit unit_of(const llvm::Instruction &i)
{
	if (starts_splats(i) || is_splat_of_load(i))
		return UNIT_NONE;
	if (llvm::isa<llvm::LoadInst>(i))
		return UNIT_LOAD;
	if (llvm::isa<llvm::StoreInst>(i))
		return UNIT_STORE;
	if (llvm::isa<llvm::GetElementPtrInst>(i) || llvm::isa<llvm::CastInst>(i) ||
	    (!i.getType()->isVectorTy() && i.getType()->isIntegerTy()))
		return UNIT_SCALAR;
	return UNIT_VECTOR;
}

double chain_issue(const llvm::Instruction &i)
{
	if (llvm::isa<llvm::StoreInst>(i))
		return 1;
	if (is_long_op(i))
		return 4;
	if (llvm::isa<llvm::GetElementPtrInst>(i) || llvm::isa<llvm::CastInst>(i))
		return 0.25; /* address arithmetic, folded or on the integer units */
	return 0.5;
}

/* The issue time of i on its own class of units (unit_of). */
static double class_issue(const llvm::Instruction &i, chain_unit u)
{
	if (is_long_op(i))
		return 4;
	switch (u) {
	case UNIT_NONE:
		return 0;
	case UNIT_STORE:
		return 1;
	case UNIT_LOAD:
		return 1.0 / 3; /* three load ports */
	case UNIT_SCALAR:
		return 0.25; /* address arithmetic, folded or on four integer units */
	default:
		return 0.5; /* two vector or floating-point pipes */
	}
}

bool chain_movable(const llvm::Instruction &i)
{
	return !llvm::isa<llvm::PHINode>(i) && !i.isTerminator() && !llvm::isa<llvm::DbgInfoIntrinsic>(i);
}

chain_shape chain_shape_of(llvm::BasicBlock &bb)
{
	chain_shape s;
	std::map<const llvm::Instruction *, unsigned> ready; /* cycle the result is ready */
	/* the same, counting only paths from the block's phis */
	std::map<const llvm::Instruction *, unsigned> from_phi;
	double issue[UNIT_COUNT] = {0};
	for (llvm::PHINode &phi : bb.phis())
		from_phi[&phi] = 0;
	for (llvm::Instruction &i : bb) {
		if (!chain_movable(i))
			continue;
		s.ins.push_back(&i);
		unsigned start = 0, phi_start = 0;
		bool on_phi_path = false;
		for (llvm::Value *op : i.operands()) {
			auto *oi = llvm::dyn_cast<llvm::Instruction>(op);
			auto it = ready.find(oi);
			if (it != ready.end())
				start = std::max(start, it->second);
			auto pt = from_phi.find(oi);
			if (pt != from_phi.end()) {
				phi_start = std::max(phi_start, pt->second);
				on_phi_path = true;
			}
		}
		unsigned done = start + chain_latency(i);
		ready[&i] = done;
		if (on_phi_path)
			from_phi[&i] = phi_start + chain_latency(i);
		s.critical = std::max(s.critical, done);
		s.issue += chain_issue(i);
		chain_unit u = is_long_op(i) ? UNIT_VECTOR : unit_of(i);
		issue[u] += class_issue(i, u);
		if (u != UNIT_NONE)
			s.issued++;
	}
	for (unsigned u = UNIT_VECTOR; u < UNIT_COUNT; u++)
		s.busiest = std::max(s.busiest, issue[u]);
	for (llvm::PHINode &phi : bb.phis()) {
		int at = phi.getBasicBlockIndex(&bb);
		if (at < 0)
			continue;
		auto *next = llvm::dyn_cast<llvm::Instruction>(phi.getIncomingValue((unsigned)at));
		auto it = from_phi.find(next);
		if (it != from_phi.end() && next != &phi)
			s.carried = std::max(s.carried, it->second);
	}
	return s;
}

static bool takes_vector_register(const llvm::Type *t)
{
	return t->isVectorTy() || t->isFloatingPointTy();
}

/* A value read from memory that nothing writes in between can be read
 * again where it is used (an operand from memory) instead of held. */
static bool reloadable(const llvm::Instruction *i, bool fold_splats)
{
	if (is_simple_load(i))
		return true;
	/* a splat with one user is folded into it as a broadcast operand;
	 * one with several is a vbroadcast into a register they share */
	if (fold_splats && (starts_splats(*i) || (is_splat_of_load(*i) && i->hasOneUse())))
		return true;
	auto *c = llvm::dyn_cast<llvm::IntrinsicInst>(i);
	return c && c->getIntrinsicID() == llvm::Intrinsic::masked_load;
}

chain_peaks chain_peak_values(const std::vector<llvm::Instruction *> &ins, bool fold_splats)
{
	std::map<const llvm::Instruction *, size_t> pos, last;
	for (size_t n = 0; n < ins.size(); n++)
		pos[ins[n]] = n;
	for (size_t n = 0; n < ins.size(); n++) {
		for (llvm::Value *op : ins[n]->operands()) {
			auto *d = llvm::dyn_cast<llvm::Instruction>(op);
			if (d && pos.count(d))
				last[d] = n;
		}
	}
	/* used outside the list (or by a phi): live to the end */
	for (llvm::Instruction *i : ins)
		for (const llvm::User *u : i->users()) {
			auto *ui = llvm::dyn_cast<llvm::Instruction>(u);
			if (!ui || !pos.count(ui))
				last[i] = ins.size();
		}
	std::vector<int> vec(ins.size() + 2, 0), gpr(ins.size() + 2, 0);
	for (auto &e : last) {
		const llvm::Type *t = e.first->getType();
		std::vector<int> *delta = nullptr;
		if (reloadable(e.first, fold_splats))
			continue;
		if (takes_vector_register(t))
			delta = &vec;
		else if (t->isIntegerTy() && !t->isIntegerTy(1) && e.second < ins.size())
			delta = &gpr;
		if (!delta)
			continue;
		(*delta)[pos[e.first]] += 1;
		(*delta)[e.second] -= 1; /* free once its last user has read it */
	}
	chain_peaks peaks;
	int live_v = 0, live_s = 0;
	for (size_t n = 0; n <= ins.size(); n++) {
		live_v += vec[n];
		live_s += gpr[n];
		peaks.vector = std::max(peaks.vector, (unsigned)live_v);
		peaks.scalar = std::max(peaks.scalar, (unsigned)live_s);
	}
	return peaks;
}

} // namespace kiln
