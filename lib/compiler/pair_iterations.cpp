/* kiln-pair-iterations: two iterations of a latency-bound loop in one
 * block, the second speculated.
 *
 * A hash kernel's candidate loop (hashcat's `for (il_pos = 0; il_pos <
 * il_cnt; il_pos += VECT_SIZE)`) computes one digest per iteration from
 * its own candidate: the iterations are independent, but each is one long
 * dependent chain (64 MD5 steps of add, rotate, add), and a test at its
 * end leaves for a rarely taken path that records a hit with atomics and
 * stores.  The loop vectorizer cannot take such a loop (the cold path
 * cannot be if-converted), so one chain runs at a time and the core waits
 * on each step's latency: on the 2-core Zen 5 VM one MD5 of 16-lane
 * vectors per ~300 cycles, a third of what its vector units could do.
 * This pass runs the next iteration's chain beside the current one:
 *
 *   H:   iteration i (as it was), interleaved with a copy of iteration
 *        i+1 (its header values from the latch's fast-path values) and of
 *        the latch for both; loads of the copy are guarded (below)
 *        br fast_i && (i+1 runs) && guards && fast_{i+1} ? P2 : R
 *   P2:  br continue_{i+1} ? H(i+2) : exit
 *   R:   br fast_i ? T : cold            (the header's own branch)
 *   T:   the latch as it was
 *
 * With registers to spare (copies_for), iterations i+2 and i+3 join the
 * same way, each kept only when all before it took the fast path.
 * Nothing of iteration i+1 is kept unless iteration i took the fast path,
 * which has no side effect, so i+1 then sees the memory it would have
 * seen; otherwise the copy's results are dropped and the loop goes on
 * from T, where the original code runs iteration i+1.
 *
 * The copy runs before the program would know that iteration i+1 exists,
 * so its instructions must be safe to run on any values: only loads and
 * instructions LLVM may speculate (no division by a variable, no call but
 * side-effect-free intrinsics) are in the header and latch.  A load of
 * the copy whose address changes from one iteration to the next reads
 * only when the address lies inside the object it was derived from: a
 * buffer argument (the runtime writes the bytes addressable from its data
 * pointer after the pointer in its argument slot, compiler.h), an alloca
 * or a global of known size; otherwise it reads the same load's address
 * of iteration i, which the program itself reads.
 *
 * Taken: innermost loops of a work-group function with one latch, the
 * only exiting block, whose header ends in a branch to
 * the latch (always, or when a test for equality of computed values fails:
 * a hit of a hash or a search is rare), whose header and latch hold only
 * such instructions, at least PAIR_MIN_BODY of them in the header, whose
 * iterations depend on each other through at most PAIR_MAX_CARRIED
 * instructions (induction variables: a reduction or a chain gains nothing
 * from this), and which the loop vectorizer did not vectorize.  Not in
 * checked mode.
 *
 * Assumes: after the -O3 pipeline (the work-group functions made, the
 * vectorizer done); loop and dominator information from the analysis
 * manager.
 * Guarantees: every path of the original loop is kept; the loop gains the
 * blocks R and P2, a second latch; values used after the loop
 * reach the exit through phis (LCSSA form for the loops taken). */
#include "compiler/passes.h"
#include "compiler/compiler.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

#include <algorithm>
#include <cstddef>
#include <map>
#include <memory>
#include <string>

namespace kiln {

namespace pm = llvm::PatternMatch;

/* Below this many instructions in the header, a second chain is not worth
 * its registers; above PAIR_MAX_BODY the copy would only grow code. */
static const unsigned PAIR_MIN_BODY = 48;
static const unsigned PAIR_MAX_BODY = 4000;
/* Instructions of the header and latch that the next iteration's header
 * values depend on, at most. */
static const unsigned PAIR_MAX_CARRIED = 16;
/* Iterations run at once, at most (copies_for). */
static const unsigned PAIR_MAX_COPIES = 4;

namespace {
/* Where a load's address may point: [base, base + extent). */
struct object_bound {
	llvm::Value *base = nullptr;
	llvm::Value *extent = nullptr; /* i64; 0 when unknown */
};

struct candidate {
	llvm::Loop *loop;
	llvm::BasicBlock *head, *latch, *exit;
	/* the header's branch: successor index of its fast edge (to the
	 * latch), or -1 when it branches to the latch unconditionally */
	int fast_succ;
	/* loads of the header and latch whose address varies, and where
	 * each may point */
	std::vector<std::pair<llvm::LoadInst *, object_bound>> guarded;
};
} // namespace

/* Whether instruction i may run on any operands, at any time: the copy of
 * the next iteration runs before the program knows there is one. */
static bool speculatable(const llvm::Instruction &i)
{
	if (auto *l = llvm::dyn_cast<llvm::LoadInst>(&i))
		return l->isSimple();
	if (llvm::isa<llvm::AllocaInst>(i) || i.mayReadOrWriteMemory())
		return false;
	if (auto *c = llvm::dyn_cast<llvm::CallBase>(&i)) {
		const llvm::Function *f = c->getCalledFunction();
		if (!f || !f->isIntrinsic() || c->isConvergent())
			return false;
	}
	return llvm::isSafeToSpeculativelyExecute(&i);
}

/* A lane mask of an equality test: bitcast (freeze? (icmp eq <N x T>)). */
static bool is_lane_equality_mask(llvm::Value *v)
{
	llvm::Value *m;
	if (!pm::match(v, pm::m_BitCast(pm::m_Value(m))))
		return false;
	if (auto *f = llvm::dyn_cast<llvm::FreezeInst>(m))
		m = f->getOperand(0);
	auto *cmp = llvm::dyn_cast<llvm::ICmpInst>(m);
	return cmp && cmp->getType()->isVectorTy() &&
	       cmp->getPredicate() == llvm::ICmpInst::ICMP_EQ;
}

/* Whether cond is a test that computed values are equal (or, `which`
 * false, that they differ), either way: what a search or a hash compare
 * asks, and true rarely.  `likely` is set to the outcome expected. */
static bool equality_test(llvm::Value *cond, bool &likely)
{
	llvm::Value *a, *b;
	if (pm::match(cond, pm::m_Select(pm::m_Value(a), pm::m_Value(b), pm::m_Zero()))) {
		/* a && b: unlikely when a is */
		bool la;
		if (equality_test(a, la) && !la) {
			likely = false;
			return true;
		}
		return false;
	}
	auto *cmp = llvm::dyn_cast<llvm::ICmpInst>(cond);
	if (!cmp || !cmp->isEquality() || cmp->getType()->isVectorTy())
		return false;
	bool eq = cmp->getPredicate() == llvm::ICmpInst::ICMP_EQ;
	a = cmp->getOperand(0);
	b = cmp->getOperand(1);
	if (pm::match(b, pm::m_Zero()) && is_lane_equality_mask(a)) {
		/* no lane equal: the likely outcome */
		likely = eq;
		return true;
	}
	if (llvm::isa<llvm::Constant>(a) && llvm::isa<llvm::Constant>(b))
		return false;
	likely = !eq;
	return true;
}

/* The slot a buffer argument's data pointer was loaded from
 * (workgroup.cpp's load_args marks the load), and the argument's index k:
 * the data pointer is `load (load (gep (load (launch + offsetof(args))),
 * k))`. */
static llvm::LoadInst *argument_slot(llvm::Function &f, llvm::Value *data, unsigned &k)
{
	auto *d = llvm::dyn_cast<llvm::LoadInst>(data);
	if (!d || !d->getMetadata(arg_data_mark))
		return nullptr;
	auto *slot = llvm::dyn_cast<llvm::LoadInst>(d->getPointerOperand());
	if (!slot)
		return nullptr;
	const llvm::DataLayout &dl = f.getParent()->getDataLayout();
	llvm::APInt off(64, 0);
	llvm::Value *args = slot->getPointerOperand()->stripAndAccumulateConstantOffsets(
		dl, off, /*AllowNonInbounds=*/true);
	auto *al = llvm::dyn_cast<llvm::LoadInst>(args);
	if (!al || off.getZExtValue() % sizeof(void *))
		return nullptr;
	llvm::APInt aoff(64, 0);
	llvm::Value *launch = al->getPointerOperand()->stripAndAccumulateConstantOffsets(
		dl, aoff, true);
	if (launch != f.getArg(0) || aoff != offsetof(kiln_wg_launch, args))
		return nullptr;
	k = (unsigned)(off.getZExtValue() / sizeof(void *));
	return slot;
}


namespace {
struct bounds_finder {
	llvm::Function &f;
	std::map<llvm::Value *, object_bound> cache;
	std::vector<llvm::LoadInst *> extents; /* made here */

	/* Where loads through p may point, or nullptr base when not known. */
	object_bound of(llvm::Value *p)
	{
		llvm::Value *obj = const_cast<llvm::Value *>(llvm::getUnderlyingObject(p, 0));
		auto it = cache.find(obj);
		if (it != cache.end())
			return it->second;
		object_bound b;
		const llvm::DataLayout &dl = f.getParent()->getDataLayout();
		llvm::Type *i64 = llvm::Type::getInt64Ty(f.getContext());
		unsigned k;
		if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(obj)) {
			if (auto size = a->getAllocationSizeInBits(dl))
				b = {a, llvm::ConstantInt::get(i64, *size / 8)};
		} else if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(obj)) {
			if (!g->isDeclaration())
				b = {g, llvm::ConstantInt::get(
						i64, dl.getTypeAllocSize(g->getValueType()))};
		} else if (llvm::LoadInst *slot = argument_slot(f, obj, k)) {
			/* the extent follows the data pointer in the slot */
			llvm::IRBuilder<> ib(llvm::cast<llvm::Instruction>(obj)->getNextNode());
			llvm::Value *at =
				ib.CreateConstInBoundsGEP1_64(ib.getInt8Ty(), slot, sizeof(void *));
			llvm::LoadInst *e = ib.CreateLoad(i64, at, "arg.extent");
			e->setAlignment(llvm::Align(8));
			extents.push_back(e);
			b = {obj, e};
		}
		cache[obj] = b;
		return b;
	}
};
} // namespace

/* What a copy of a block copies: not its phis, terminator or debug
 * records. */
static bool copied(const llvm::Instruction &i)
{
	return !llvm::isa<llvm::PHINode>(i) && !llvm::isa<llvm::DbgInfoIntrinsic>(i) &&
	       !i.isTerminator();
}

static unsigned body_size(const llvm::BasicBlock *bb)
{
	return (unsigned)llvm::count_if(*bb, copied);
}

/* Instructions of the header and latch (the latch's phis followed along
 * the fast edge) that v depends on; false past `limit`. */
static bool carried_within(llvm::Value *v, const candidate &c, unsigned limit,
			   llvm::SmallPtrSetImpl<llvm::Instruction *> &seen)
{
	auto *i = llvm::dyn_cast<llvm::Instruction>(v);
	if (!i || !c.loop->contains(i) || !seen.insert(i).second)
		return true;
	if (auto *phi = llvm::dyn_cast<llvm::PHINode>(i)) {
		if (phi->getParent() == c.head)
			return true;
		return carried_within(phi->getIncomingValueForBlock(c.head), c, limit, seen);
	}
	if (seen.size() > limit)
		return false;
	for (llvm::Value *op : i->operands())
		if (!carried_within(op, c, limit, seen))
			return false;
	return true;
}

static bool is_candidate(llvm::Loop *l, bounds_finder &bf, candidate &c)
{
	/* one latch; the exit may have other predecessors (the loop's own
	 * guard often jumps there) */
	if (!l->getSubLoops().empty() || !l->getLoopLatch())
		return false;
	if (llvm::getBooleanLoopAttribute(l, "llvm.loop.isvectorized"))
		return false;
	c.loop = l;
	c.head = l->getHeader();
	c.latch = l->getLoopLatch();
	c.exit = l->getExitBlock();
	if (c.latch == c.head || l->getExitingBlock() != c.latch || !c.exit)
		return false;
	auto *hb = llvm::dyn_cast<llvm::BranchInst>(c.head->getTerminator());
	auto *lb = llvm::dyn_cast<llvm::BranchInst>(c.latch->getTerminator());
	if (!hb || !lb || !lb->isConditional())
		return false;
	if (hb->isUnconditional()) {
		if (hb->getSuccessor(0) != c.latch)
			return false;
		c.fast_succ = -1;
	} else {
		bool likely;
		if (!equality_test(hb->getCondition(), likely))
			return false;
		c.fast_succ = likely ? 0 : 1;
		if (hb->getSuccessor(c.fast_succ) != c.latch ||
		    hb->getSuccessor(1 - c.fast_succ) == c.latch)
			return false;
	}
	unsigned n = body_size(c.head);
	if (n < PAIR_MIN_BODY || n > PAIR_MAX_BODY)
		return false;
	c.guarded.clear();
	for (llvm::BasicBlock *bb : {c.head, c.latch})
		for (llvm::Instruction &i : *bb) {
			if (!copied(i))
				continue;
			if (!speculatable(i))
				return false;
			auto *ld = llvm::dyn_cast<llvm::LoadInst>(&i);
			if (!ld)
				continue;
			llvm::Value *p = ld->getPointerOperand();
			if (bb == c.latch) {
				/* the fast path's copy must read what the latch
				 * will: no address from the latch's phis */
				llvm::SmallPtrSet<llvm::Instruction *, 16> seen;
				carried_within(p, c, ~0u, seen);
				for (llvm::Instruction *d : seen)
					if (d->getParent() == c.latch && llvm::isa<llvm::PHINode>(d))
						return false;
			}
			if (l->isLoopInvariant(p))
				continue;
			object_bound b = bf.of(p);
			if (!b.base)
				return false;
			c.guarded.push_back({ld, b});
		}
	/* the next iteration may start before this one ends */
	for (llvm::PHINode &phi : c.head->phis()) {
		llvm::SmallPtrSet<llvm::Instruction *, 16> seen;
		if (!carried_within(phi.getIncomingValueForBlock(c.latch), c, PAIR_MAX_CARRIED,
				    seen))
			return false;
	}
	return true;
}

/* Registers of its class that a value of type t takes. */
static unsigned registers_of(llvm::Type *t, const llvm::TargetTransformInfo &tti)
{
	if (auto *v = llvm::dyn_cast<llvm::FixedVectorType>(t)) {
		uint64_t width = tti.getRegisterBitWidth(
					   llvm::TargetTransformInfo::RGK_FixedWidthVector)
					 .getFixedSize();
		uint64_t bits = v->getPrimitiveSizeInBits().getFixedSize();
		return width ? (unsigned)((bits + width - 1) / width) : 1;
	}
	return t->isVoidTy() ? 0 : 1;
}

/* How many iterations to run at once: as many as the header's values
 * live at once fit the registers (vector and scalar alike), at least 2
 * and at most PAIR_MAX_COPIES.  On the 2-core Zen 5 VM hashcat's MD5
 * loop (about 6 16-lane vectors live) ran 1.6x faster with 4 copies than
 * with 2, its SHA-256 loop (the 16-word message schedule live beside the
 * 8 state words) 1.8x slower with 3 than with 2 (spills). */
static unsigned copies_for(llvm::BasicBlock *h, const llvm::TargetTransformInfo &tti)
{
	std::map<llvm::Instruction *, unsigned> last_use;
	unsigned n = 0;
	for (llvm::Instruction &i : *h) {
		n++;
		for (llvm::Value *op : i.operands())
			if (auto *oi = llvm::dyn_cast<llvm::Instruction>(op))
				if (oi->getParent() == h && !llvm::isa<llvm::PHINode>(oi))
					last_use[oi] = n;
	}
	/* values used after the header stay live to its end */
	for (llvm::Instruction &i : *h)
		for (llvm::User *u : i.users())
			if (llvm::cast<llvm::Instruction>(u)->getParent() != h)
				last_use[&i] = n + 1;
	unsigned live[2] = {0, 0}, peak[2] = {0, 0};
	std::map<unsigned, std::vector<llvm::Instruction *>> ends;
	for (auto &e : last_use)
		ends[e.second].push_back(e.first);
	n = 0;
	for (llvm::Instruction &i : *h) {
		n++;
		for (llvm::Instruction *d : ends[n]) {
			bool vec = d->getType()->isVectorTy();
			live[vec] -= registers_of(d->getType(), tti);
		}
		if (last_use.count(&i)) {
			bool vec = i.getType()->isVectorTy();
			live[vec] += registers_of(i.getType(), tti);
			peak[vec] = std::max(peak[vec], live[vec]);
		}
	}
	unsigned copies = PAIR_MAX_COPIES;
	for (bool vec : {false, true}) {
		unsigned regs = tti.getNumberOfRegisters(tti.getRegisterClassForType(vec));
		if (peak[vec])
			copies = std::min(copies, regs / peak[vec]);
	}
	return std::max(copies, 2u);
}

/* Clones bb's instructions (not phis, terminator or debug records) through
 * m, appending them to `made`; the clones are not in any block yet. */
static void clone_block(llvm::BasicBlock *bb, llvm::ValueToValueMapTy &m,
			std::vector<llvm::Instruction *> &made,
			std::map<llvm::Instruction *, llvm::Instruction *> *origin,
			const std::string &suffix)
{
	for (llvm::Instruction &i : *bb) {
		if (!copied(i))
			continue;
		llvm::Instruction *c = i.clone();
		if (i.hasName())
			c->setName(i.getName() + suffix);
		llvm::RemapInstruction(c, m,
				       llvm::RF_IgnoreMissingLocals | llvm::RF_NoModuleLevelChanges);
		m[&i] = c;
		made.push_back(c);
		if (origin)
			(*origin)[c] = &i;
	}
}

/* The i1 that says the latch's branch b (cloned through m) goes back to
 * the header. */
static llvm::Value *continues(llvm::IRBuilder<> &ib, llvm::BranchInst *b,
			      llvm::BasicBlock *head, llvm::ValueToValueMapTy &m)
{
	llvm::Value *cond = mapped_value(m, b->getCondition());
	return b->getSuccessor(0) == head ? cond : ib.CreateNot(cond);
}

static void pair(candidate &c, unsigned copies)
{
	llvm::BasicBlock *H = c.head, *T = c.latch;
	llvm::Function *f = H->getParent();
	llvm::LLVMContext &ctx = f->getContext();
	auto *hb = llvm::cast<llvm::BranchInst>(H->getTerminator());
	auto *lb = llvm::cast<llvm::BranchInst>(T->getTerminator());

	/* maps[0]: iteration i's fast path, where the latch's phis take the
	 * header's values; maps[j]: iteration i+j, its header values from
	 * iteration i+j-1's latch. */
	std::vector<std::unique_ptr<llvm::ValueToValueMapTy>> maps;
	std::vector<std::vector<llvm::Instruction *>> hc(copies), tc(copies);
	std::map<llvm::Instruction *, llvm::Instruction *> origin;
	for (unsigned j = 0; j < copies; j++) {
		maps.push_back(std::make_unique<llvm::ValueToValueMapTy>());
		llvm::ValueToValueMapTy &m = *maps[j];
		std::string suffix = j == 0 ? ".fast" : j == 1 ? ".pair" : ".pair" + std::to_string(j);
		if (j > 0) {
			for (llvm::PHINode &phi : H->phis())
				m[&phi] = mapped_value(*maps[j - 1], phi.getIncomingValueForBlock(T));
			clone_block(H, m, hc[j], &origin, suffix);
		}
		for (llvm::PHINode &phi : T->phis())
			m[&phi] = mapped_value(m, phi.getIncomingValueForBlock(H));
		clone_block(T, m, tc[j], &origin, suffix);
	}

	/* Guards: a copy's loads read inside their object, else where the
	 * iteration before it read. */
	std::map<llvm::LoadInst *, const object_bound *> bound_of;
	for (auto &g : c.guarded)
		bound_of[g.first] = &g.second;
	std::map<llvm::LoadInst *, llvm::Value *> read_at; /* last address read */
	llvm::Type *i64 = llvm::Type::getInt64Ty(ctx);
	const llvm::DataLayout &dl = f->getParent()->getDataLayout();
	std::vector<llvm::Instruction *> order; /* all new instructions, in order */
	std::map<llvm::Instruction *, int> anchor;
	llvm::Value *ok = llvm::ConstantInt::getTrue(ctx);
	std::vector<llvm::Instruction *> guards;
	/* position of each original header instruction */
	std::map<llvm::Instruction *, int> pos;
	std::vector<llvm::Instruction *> A;
	for (llvm::Instruction &i : *H)
		if (copied(i)) {
			pos[&i] = (int)A.size();
			A.push_back(&i);
		}
	int last = (int)A.size() - 1;
	auto add_copy = [&](llvm::Instruction *i, int at) {
		auto *ld = llvm::dyn_cast<llvm::LoadInst>(i);
		llvm::LoadInst *orig = ld ? llvm::cast<llvm::LoadInst>(origin[i]) : nullptr;
		auto g = orig ? bound_of.find(orig) : bound_of.end();
		if (g != bound_of.end()) {
			const object_bound &b = *g->second;
			llvm::Value *p = ld->getPointerOperand();
			llvm::Value *safe = read_at.count(orig) ? read_at[orig]
					    : orig->getParent() == H
						    ? orig->getPointerOperand()
						    : mapped_value(*maps[0], orig->getPointerOperand());
			uint64_t size = dl.getTypeStoreSize(ld->getType());
			/* off = p - base; inside = off < extent && off + size <= extent */
			auto *pi = llvm::CastInst::Create(llvm::Instruction::PtrToInt, p, i64, "pair.p");
			auto *bi = llvm::CastInst::Create(llvm::Instruction::PtrToInt, b.base, i64,
							  "pair.base");
			auto *off = llvm::BinaryOperator::CreateSub(pi, bi, "pair.off");
			auto *in = new llvm::ICmpInst(llvm::ICmpInst::ICMP_ULT, off, b.extent, "pair.in");
			auto *end = llvm::BinaryOperator::CreateAdd(
				off, llvm::ConstantInt::get(i64, size), "pair.end");
			auto *fits = new llvm::ICmpInst(llvm::ICmpInst::ICMP_ULE, end, b.extent,
							"pair.fits");
			auto *both = llvm::BinaryOperator::CreateAnd(in, fits, "pair.inside");
			auto *sel = llvm::SelectInst::Create(both, p, safe, "pair.addr");
			ld->setOperand(ld->getPointerOperandIndex(), sel);
			read_at[orig] = sel;
			for (llvm::Instruction *x : {(llvm::Instruction *)pi, (llvm::Instruction *)bi,
						     (llvm::Instruction *)off, (llvm::Instruction *)in,
						     (llvm::Instruction *)end, (llvm::Instruction *)fits,
						     (llvm::Instruction *)both, (llvm::Instruction *)sel}) {
				order.push_back(x);
				anchor[x] = at;
			}
			guards.push_back(both);
		}
		order.push_back(i);
		anchor[i] = at;
	};
	/* the latches first (as early as their operands allow: the next
	 * copy's header values come from them), then each copy's header
	 * instruction after the one it copies */
	for (unsigned j = 0; j < copies; j++)
		for (llvm::Instruction *i : tc[j])
			add_copy(i, -1);
	for (unsigned j = 1; j < copies; j++)
		for (llvm::Instruction *i : hc[j]) {
			auto it = pos.find(origin[i]);
			add_copy(i, it == pos.end() ? last : it->second);
		}
	for (size_t j = 1; j < guards.size(); j++) {
		auto *a = llvm::BinaryOperator::CreateAnd(j == 1 ? guards[0] : ok, guards[j],
							  "pair.ok");
		order.push_back(a);
		anchor[a] = last;
		ok = a;
	}
	if (guards.size() == 1)
		ok = guards[0];

	/* Place: each new instruction after the header instruction it copies
	 * (interleaving the two chains), never before what it uses. */
	std::map<llvm::Instruction *, int> at;
	std::vector<std::vector<llvm::Instruction *>> bucket(A.size() + 1);
	for (llvm::Instruction *i : order) {
		int p = anchor[i];
		for (llvm::Value *op : i->operands())
			if (auto *oi = llvm::dyn_cast<llvm::Instruction>(op)) {
				auto pa = pos.find(oi);
				if (pa != pos.end())
					p = std::max(p, pa->second);
				auto pn = at.find(oi);
				if (pn != at.end())
					p = std::max(p, pn->second);
			}
		at[i] = p;
		bucket[p + 1].push_back(i);
	}
	for (size_t b = 0; b < bucket.size(); b++) {
		llvm::Instruction *before = b == 0 ? &*H->getFirstInsertionPt()
						   : A[b - 1]->getNextNode();
		for (llvm::Instruction *i : bucket[b])
			i->insertBefore(before);
	}

	/* The header decides: both iterations took the fast path (P2, the
	 * next one's latch), or the original branch runs (R).  The decision
	 * stays in the header so that the copy is computed there: used only
	 * in a successor, code generation would sink the whole copy into it
	 * (MachineSink), one chain after the other again. */
	llvm::IRBuilder<> ib(hb);
	std::vector<llvm::Value *> all = {ok};
	for (unsigned j = 0; j < copies; j++) {
		if (j + 1 < copies)
			all.push_back(continues(ib, lb, H, *maps[j]));
		if (c.fast_succ >= 0) {
			llvm::Value *fast = mapped_value(*maps[j], hb->getCondition());
			all.push_back(c.fast_succ == 1 ? ib.CreateNot(fast) : fast);
		}
	}
	/* in bytes: code generation splits a branch on an `and` of i1 into
	 * one branch per term (CodeGenPrepare), which would put the copy
	 * after a branch on the current iteration again */
	llvm::Value *bits = nullptr;
	for (llvm::Value *v : all) {
		llvm::Value *b8 = ib.CreateZExt(v, ib.getInt8Ty());
		bits = bits ? ib.CreateAnd(bits, b8) : b8;
	}
	llvm::Value *go = ib.CreateICmpNE(bits, ib.getInt8(0), "pair.go");
	llvm::BasicBlock *P2 = llvm::BasicBlock::Create(ctx, "pair.latch", f, T);
	llvm::BasicBlock *R = llvm::BasicBlock::Create(ctx, "pair.rest", f, T);
	hb->removeFromParent();
	R->getInstList().push_back(hb);
	for (llvm::BasicBlock *s : llvm::successors(R))
		for (llvm::PHINode &phi : s->phis())
			phi.replaceIncomingBlockWith(H, R);
	llvm::BranchInst::Create(P2, R, go, H);
	llvm::Instruction *l2 = lb->clone();
	llvm::ValueToValueMapTy &mk = *maps[copies - 1];
	llvm::RemapInstruction(l2, mk, llvm::RF_IgnoreMissingLocals | llvm::RF_NoModuleLevelChanges);
	l2->setMetadata(llvm::LLVMContext::MD_loop, nullptr);
	P2->getInstList().push_back(l2);
	for (llvm::PHINode &phi : H->phis())
		phi.addIncoming(mapped_value(mk, phi.getIncomingValueForBlock(T)), P2);
	for (llvm::PHINode &phi : c.exit->phis())
		phi.addIncoming(mapped_value(mk, phi.getIncomingValueForBlock(T)), P2);
}

llvm::PreservedAnalyses pair_iterations_pass::run(llvm::Function &f,
						  llvm::FunctionAnalysisManager &fam)
{
	if (!is_wg_function(f) || f.arg_size() < 1)
		return llvm::PreservedAnalyses::all();
	llvm::LoopInfo &li = fam.getResult<llvm::LoopAnalysis>(f);
	llvm::DominatorTree &dt = fam.getResult<llvm::DominatorTreeAnalysis>(f);
	bounds_finder bf{f, {}, {}};
	std::vector<candidate> found;
	for (llvm::Loop *l : li.getLoopsInPreorder()) {
		candidate c;
		if (is_candidate(l, bf, c))
			found.push_back(c);
	}
	if (found.empty()) {
		for (llvm::LoadInst *e : bf.extents)
			e->eraseFromParent();
		return llvm::PreservedAnalyses::all();
	}
	/* values used after the loop through phis of its exit, before any
	 * loop changes (the dominator tree stays right) */
	for (candidate &c : found)
		llvm::formLCSSA(*c.loop, dt, &li, nullptr);
	const llvm::TargetTransformInfo &tti = fam.getResult<llvm::TargetIRAnalysis>(f);
	for (candidate &c : found)
		pair(c, copies_for(c.head, tti));
	for (llvm::LoadInst *e : bf.extents)
		if (e->use_empty())
			e->eraseFromParent();
	return llvm::PreservedAnalyses::none();
}

} // namespace kiln
