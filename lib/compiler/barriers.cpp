/* kiln-barriers: barriers (OpenCL C 3.0 §6.15.9 work_group_barrier) cut the
 * work-item function at every barrier into regions.  The work-group function runs one
 * region for every work-item of the group, then the region the barrier
 * leads to, and so on; a work-item function call takes the region to start
 * in and returns the barrier it stopped at (REGION_EXIT at the end).
 *
 * Why it is correct under the OpenCL 3.0 rule: if any work-item of a group
 * reaches a barrier, all of them reach it, in the same iteration of any
 * enclosing loop; so all work-items stop at the same barrier each time and
 * the group can continue from it together.  Barriers inside loops and
 * uniform conditionals need nothing special: a region simply starts after
 * the barrier and runs to whichever barrier (or the end) comes next.
 *
 * Values live across a barrier cannot stay in registers or on the stack of
 * one call, so they move into per-work-item context storage (the worker's
 * heap, kiln_wg_state.context; never the thread stack):
 *  - SSA values: after the cut, a use its definition no longer dominates is
 *    one that crosses a barrier; those uses read the value from memory,
 *    stored where it is defined (uses in its own region keep it);
 *  - allocas: one accessed both before and after some barrier (on the
 *    control-flow graph before the cut) keeps its contents across it.
 * kiln-context then places those in the context.
 *
 * Assumes: a work-item function in SSA form, after the passes that insert
 * implicit barriers (kiln-loop-barriers, kiln-converge-loops); every
 * barrier of the kernel in its body (kiln-inline-all); kiln-uniformity and
 * the dominator tree from the analysis manager.
 * Guarantees: no barrier call is left; a new entry block `kiln.dispatch`
 * switches on the region parameter to the code after barrier k (region k,
 * 1-based; 0 and anything else start at the top); each barrier became
 * `ret k`.  Values computed from the parameters alone are recomputed where
 * needed; every other value live across a barrier is an alloca in the
 * entry block marked !kiln.slot !{i64 order, i64 kind} (kind as in
 * context_slot: ROW, or SHARED for a uniform value never reloaded in the
 * region that stores it, SHARED_ONE for one never stored in a region
 * after it was loaded there, or ANY for kiln-converge-loops' flags); a
 * loop's phi and the value it carries around the loop may share one
 * (share_carried_slot).  The number of barriers is !kiln.regions
 * (workitem_layout.cpp). */
#include "compiler/passes.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

#include <map>
#include <set>

namespace kiln {

/* An instruction whose value follows from its operands alone: no side
 * effects, and no memory read but the read-only launch description. */
static bool depends_on_operands_only(llvm::Instruction *i, const wi_params &p)
{
	/* the launch description, and memory that does not change while the
	 * group runs (checked mode's tables, read through __kiln_wg_state):
	 * the same value in every region */
	if (auto *l = llvm::dyn_cast<llvm::LoadInst>(i))
		return l->isSimple() &&
		       (llvm::getUnderlyingObject(l->getPointerOperand()) == p.info ||
			l->getMetadata(llvm::LLVMContext::MD_invariant_load));
	/* the work-group's state (rematerializable says why) */
	if (auto *c = llvm::dyn_cast<llvm::CallInst>(i))
		return c->arg_empty() && c->getCalledFunction() &&
		       c->getCalledFunction()->getName() == "__kiln_wg_state";
	return !i->mayHaveSideEffects() && !i->mayReadFromMemory();
}

/* Moves into `to` what the old entry computes from the parameters alone
 * (launch values, local-memory addresses, work-item ids): every region
 * then sees them without storing them per work-item. */
static void hoist_invariants(llvm::BasicBlock *from, llvm::BasicBlock *to,
			     const wi_params &p)
{
	std::set<llvm::Value *> moved;
	auto available = [&](llvm::Value *v) {
		return llvm::isa<llvm::Constant>(v) || llvm::isa<llvm::Argument>(v) ||
		       moved.count(v);
	};
	std::vector<llvm::Instruction *> todo;
	for (llvm::Instruction &i : *from)
		todo.push_back(&i);
	for (llvm::Instruction *i : todo) {
		if (llvm::isa<llvm::AllocaInst>(i)) {
			i->moveBefore(to->getTerminator());
			continue;
		}
		if (i->isTerminator() || llvm::isa<llvm::PHINode>(i))
			continue;
		bool ok = true;
		for (llvm::Value *op : i->operands())
			ok &= available(op);
		if (!ok || !depends_on_operands_only(i, p))
			continue;
		i->moveBefore(to->getTerminator());
		moved.insert(i);
	}
}

/* Every block from which `b` can be reached (b included). */
static std::set<llvm::BasicBlock *> reaching(llvm::BasicBlock *b)
{
	std::set<llvm::BasicBlock *> s = {b};
	std::vector<llvm::BasicBlock *> w = {b};
	while (!w.empty()) {
		llvm::BasicBlock *x = w.back();
		w.pop_back();
		for (llvm::BasicBlock *pr : llvm::predecessors(x))
			if (s.insert(pr).second)
				w.push_back(pr);
	}
	return s;
}

static std::set<llvm::BasicBlock *> reachable(llvm::BasicBlock *b)
{
	std::set<llvm::BasicBlock *> s = {b};
	std::vector<llvm::BasicBlock *> w = {b};
	while (!w.empty()) {
		llvm::BasicBlock *x = w.back();
		w.pop_back();
		for (llvm::BasicBlock *su : llvm::successors(x))
			if (s.insert(su).second)
				w.push_back(su);
	}
	return s;
}

/* The blocks where memory of alloca `a` is touched; false if its address
 * escapes where we cannot follow it (then it is kept in the context). */
static bool access_blocks(llvm::AllocaInst *a, std::set<llvm::BasicBlock *> &out)
{
	std::vector<llvm::Value *> w = {a};
	std::set<llvm::Value *> seen = {a};
	while (!w.empty()) {
		llvm::Value *v = w.back();
		w.pop_back();
		for (llvm::User *u : v->users()) {
			auto *i = llvm::dyn_cast<llvm::Instruction>(u);
			if (!i)
				return false;
			out.insert(i->getParent());
			if (auto *s = llvm::dyn_cast<llvm::StoreInst>(i)) {
				if (s->getValueOperand() == v)
					return false; /* the address itself is stored */
				continue;
			}
			if (llvm::isa<llvm::GetElementPtrInst>(i) || llvm::isa<llvm::CastInst>(i) ||
			    llvm::isa<llvm::PHINode>(i) || llvm::isa<llvm::SelectInst>(i)) {
				if (seen.insert(i).second)
					w.push_back(i);
				continue;
			}
			if (llvm::isa<llvm::LoadInst>(i) || llvm::isa<llvm::CallInst>(i) ||
			    llvm::isa<llvm::AtomicRMWInst>(i) ||
			    llvm::isa<llvm::AtomicCmpXchgInst>(i) || llvm::isa<llvm::CmpInst>(i))
				continue;
			return false;
		}
	}
	return true;
}

/* A value computed from the work-item function's parameters alone (the
 * ids, the launch description, the kernel arguments) by a short chain of
 * pure instructions: every region can compute it again, which costs less
 * than a per-work-item context slot and keeps it out of memory, where the
 * loop vectorizer would see a gather instead of an induction variable. */
static bool rematerializable(llvm::Instruction *i, const wi_params &p,
			     unsigned depth)
{
	/* kernel-lib's __kiln_wg_state() (no arguments; kiln-wg-state makes
	 * it the work-group function's state argument) is the same pointer
	 * in every region: kept, it would be a 64-bit row that halves the
	 * vectors of a loop over 32-bit values */
	if (auto *c = llvm::dyn_cast<llvm::CallInst>(i))
		return depth <= 8 && c->arg_empty() && c->getCalledFunction() &&
		       c->getCalledFunction()->getName() == "__kiln_wg_state";
	if (depth > 8 || llvm::isa<llvm::PHINode>(i) || i->isTerminator() ||
	    llvm::isa<llvm::AllocaInst>(i) || llvm::isa<llvm::CallBase>(i))
		return false;
	if (!depends_on_operands_only(i, p))
		return false;
	for (llvm::Value *op : i->operands()) {
		if (op == p.region)
			return false;
		if (llvm::isa<llvm::Constant>(op) || llvm::isa<llvm::Argument>(op))
			continue;
		auto *oi = llvm::dyn_cast<llvm::Instruction>(op);
		if (!oi || !rematerializable(oi, p, depth + 1))
			return false;
	}
	return true;
}

/* A copy of i's tree (rematerializable) just before `at`. */
static llvm::Value *rematerialize(llvm::Instruction *i, llvm::Instruction *at)
{
	llvm::Instruction *c = i->clone();
	for (unsigned n = 0; n < c->getNumOperands(); n++)
		if (auto *oi = llvm::dyn_cast<llvm::Instruction>(c->getOperand(n)))
			c->setOperand(n, rematerialize(oi, at));
	c->insertBefore(at);
	c->setName(i->getName() + ".remat");
	return c;
}

/* Whether some region may access alloca `a` with an instruction of kind
 * `First` (a load or a store of `a`) and then with one of kind `Then`
 * before the region ends (a return: the barriers became returns). */
template <typename First, typename Then>
static bool in_one_region(llvm::AllocaInst *a)
{
	auto then_a = [&](llvm::Instruction &i) {
		auto *t = llvm::dyn_cast<Then>(&i);
		return t && t->getPointerOperand() == a;
	};
	for (llvm::User *u : a->users()) {
		auto *first = llvm::dyn_cast<First>(u);
		if (!first || first->getPointerOperand() != a)
			continue;
		for (llvm::Instruction *i = first->getNextNode(); i; i = i->getNextNode())
			if (then_a(*i))
				return true;
		std::vector<llvm::BasicBlock *> work;
		std::set<llvm::BasicBlock *> seen;
		if (!llvm::isa<llvm::ReturnInst>(first->getParent()->getTerminator()))
			for (llvm::BasicBlock *s : llvm::successors(first->getParent()))
				work.push_back(s);
		while (!work.empty()) {
			llvm::BasicBlock *bb = work.back();
			work.pop_back();
			if (!seen.insert(bb).second)
				continue;
			for (llvm::Instruction &i : *bb)
				if (then_a(i))
					return true;
			if (!llvm::isa<llvm::ReturnInst>(bb->getTerminator()))
				for (llvm::BasicBlock *s : llvm::successors(bb))
					work.push_back(s);
		}
	}
	return false;
}

/* Whether some region may store the demoted value in `a` and then load it
 * again before the region ends.  A uniform value that is never reloaded in
 * the region that stored it can live in one group-wide copy: work-items
 * read the copy made before the region started, and whichever writes last
 * wrote what all of them would have (context_slot::SHARED).  The loop
 * vectorizer then sees a loop-invariant value (a uniform loop counter, a
 * bound) instead of one loaded per work-item. */
static bool reloaded_after_store(llvm::AllocaInst *a)
{
	return in_one_region<llvm::StoreInst, llvm::LoadInst>(a);
}

/* Whether some region may load the demoted value in `a` and then store it
 * before the region ends (a loop-carried uniform value: a counter read
 * and then advanced).  A uniform value no region loads before storing it
 * can live in one group-wide copy for loads and stores alike
 * (context_slot::SHARED_ONE): a value computed before a loop with
 * barriers and used in its body, whose blocks the first region (which
 * stores it) and the later ones (which only load it) share, and which
 * reloaded_after_store keeps out of SHARED. */
static bool loaded_before_store(llvm::AllocaInst *a)
{
	return in_one_region<llvm::LoadInst, llvm::StoreInst>(a);
}

/* Demotes `i` to a new alloca at `alloca_at`: stored right after it (after
 * the PHIs of its block for a PHI), loaded at each use it no longer
 * dominates, that is each use across a barrier.  Uses it still dominates
 * (later in its own region) keep the value itself: a reload there would
 * cost a memory round trip, and would keep a uniform value out of the
 * group-wide slot (reloaded_after_store).  LLVM's DemoteRegToStack
 * reloads at every use. */
static llvm::AllocaInst *demote_crossing(llvm::Instruction *i, llvm::Instruction *alloca_at,
					 const llvm::DominatorTree &dt)
{
	std::vector<llvm::Use *> far;
	for (llvm::Use &u : i->uses())
		if (!dt.dominates(i, u))
			far.push_back(&u);
	const llvm::DataLayout &dl = i->getModule()->getDataLayout();
	auto *a = new llvm::AllocaInst(i->getType(), dl.getAllocaAddrSpace(), nullptr,
				       i->getName() + ".reg2mem", alloca_at);
	llvm::Instruction *after = llvm::isa<llvm::PHINode>(i)
					   ? &*i->getParent()->getFirstInsertionPt()
					   : i->getNextNode();
	new llvm::StoreInst(i, a, after);
	for (llvm::Use *u : far) {
		if (u->get() != i)
			continue; /* a PHI entry set with its twin below */
		auto *user = llvm::cast<llvm::Instruction>(u->getUser());
		if (auto *phi = llvm::dyn_cast<llvm::PHINode>(user)) {
			/* one load per incoming block: a PHI that lists a block
			 * twice must see one value for both entries */
			llvm::BasicBlock *in = phi->getIncomingBlock(*u);
			auto *l = new llvm::LoadInst(i->getType(), a, i->getName() + ".reload",
						     in->getTerminator());
			for (unsigned k = 0; k < phi->getNumIncomingValues(); k++)
				if (phi->getIncomingBlock(k) == in && phi->getIncomingValue(k) == i)
					phi->setIncomingValue(k, l);
			continue;
		}
		u->set(new llvm::LoadInst(i->getType(), a, i->getName() + ".reload", user));
	}
	return a;
}

/* The successors of bb in time: its own, and for a barrier (now `ret k`,
 * k >= 1) the start of the region that follows it, post[k - 1]. */
static std::vector<llvm::BasicBlock *> next_in_time(llvm::BasicBlock *bb,
						    const std::vector<llvm::BasicBlock *> &post)
{
	std::vector<llvm::BasicBlock *> out;
	if (auto *r = llvm::dyn_cast<llvm::ReturnInst>(bb->getTerminator())) {
		auto *k = llvm::dyn_cast_or_null<llvm::ConstantInt>(r->getReturnValue());
		if (k && k->getZExtValue() >= 1 && k->getZExtValue() <= post.size())
			out.push_back(post[k->getZExtValue() - 1]);
		return out;
	}
	for (llvm::BasicBlock *su : llvm::successors(bb))
		out.push_back(su);
	return out;
}

/* Whether, after instruction `from`, some block of `targets` may run before
 * control comes back to block `stop` (`from`'s own block counts from the
 * instruction after `from` on). */
static bool runs_before(llvm::Instruction *from, const std::set<llvm::BasicBlock *> &targets,
			llvm::BasicBlock *stop, const std::vector<llvm::BasicBlock *> &post,
			const std::set<llvm::Instruction *> &target_insts)
{
	for (llvm::Instruction *i = from->getNextNode(); i; i = i->getNextNode())
		if (target_insts.count(i))
			return true;
	std::vector<llvm::BasicBlock *> work = next_in_time(from->getParent(), post);
	std::set<llvm::BasicBlock *> seen;
	while (!work.empty()) {
		llvm::BasicBlock *bb = work.back();
		work.pop_back();
		if (bb == stop || !seen.insert(bb).second)
			continue;
		if (targets.count(bb))
			return true;
		for (llvm::BasicBlock *n : next_in_time(bb, post))
			work.push_back(n);
	}
	return false;
}

/* One slot for a loop-carried value and the value it carries: P = phi(...,
 * V from block L) at a loop header H, both live across barriers, V used by
 * P alone.  Demoted separately, the region that ends the iteration
 * reloads V and stores it again as P, for every work-item (the float8
 * accumulators of a register-tiled SGEMM: 32 floats a work-item per tile,
 * half the kernel's time).  Sharing V's slot, P needs no store on the
 * edge from L (the slot holds V already) and is stored on its other
 * incoming edges instead.  That is right when the two never hold values
 * at once: once V is stored, no reload of P runs before control comes back
 * to H, and no other incoming edge of P does either (its store would
 * overwrite V before L reads it).  `a_p`'s loads then read `a_v`, and
 * `a_p` goes.  Returns whether it did. */
static bool share_carried_slot(llvm::PHINode *p, llvm::AllocaInst *a_p, llvm::AllocaInst *a_v,
			       const std::vector<llvm::BasicBlock *> &post)
{
	llvm::BasicBlock *h = p->getParent();
	llvm::StoreInst *store_p = nullptr, *store_v = nullptr;
	llvm::LoadInst *reload_v = nullptr;
	std::set<llvm::Instruction *> loads_p;
	std::set<llvm::BasicBlock *> load_blocks;
	for (llvm::User *u : a_p->users()) {
		if (auto *st = llvm::dyn_cast<llvm::StoreInst>(u)) {
			if (store_p || st->getValueOperand() != p)
				return false;
			store_p = st;
		} else if (auto *ld = llvm::dyn_cast<llvm::LoadInst>(u)) {
			loads_p.insert(ld);
			load_blocks.insert(ld->getParent());
		} else {
			return false;
		}
	}
	for (llvm::User *u : a_v->users()) {
		if (auto *st = llvm::dyn_cast<llvm::StoreInst>(u)) {
			if (store_v || st->getValueOperand() == a_v)
				return false;
			store_v = st;
		} else if (auto *ld = llvm::dyn_cast<llvm::LoadInst>(u)) {
			if (reload_v || !ld->hasOneUse() || ld->user_back() != p)
				return false;
			reload_v = ld;
		} else {
			return false;
		}
	}
	if (!store_p || !store_v || !reload_v || store_p->getParent() != h)
		return false;
	/* the other incoming edges: an unconditional branch to H from a block
	 * that no V can reach before H */
	std::set<llvm::BasicBlock *> others;
	for (unsigned k = 0; k < p->getNumIncomingValues(); k++) {
		llvm::BasicBlock *in = p->getIncomingBlock(k);
		if (p->getIncomingValue(k) == reload_v) {
			if (in != reload_v->getParent())
				return false;
			continue;
		}
		if (in->getSingleSuccessor() != h)
			return false;
		others.insert(in);
	}
	if (runs_before(store_v, load_blocks, h, post, loads_p) ||
	    runs_before(store_v, others, h, post, {}))
		return false;
	for (unsigned k = 0; k < p->getNumIncomingValues(); k++)
		if (p->getIncomingValue(k) != reload_v)
			new llvm::StoreInst(p->getIncomingValue(k), a_v,
					    p->getIncomingBlock(k)->getTerminator());
	store_p->eraseFromParent();
	a_p->replaceAllUsesWith(a_v);
	a_p->eraseFromParent();
	return true;
}

/* Cuts f at its barriers (see the top of this file); how many. */
static unsigned cut_at_barriers(llvm::Function &f, const wi_params &p,
				const divergence &div, llvm::FunctionAnalysisManager &fam)
{
	std::vector<llvm::CallInst *> barriers;
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb)
			if (auto *c = llvm::dyn_cast<llvm::CallInst>(&i))
				if (is_barrier(c->getCalledFunction()))
					barriers.push_back(c);
	if (barriers.empty())
		return 0;
	llvm::LLVMContext &c = f.getContext();

	/* A fresh entry that will dispatch on the region. */
	llvm::BasicBlock *old_entry = &f.getEntryBlock();
	llvm::BasicBlock *entry = llvm::BasicBlock::Create(c, "kiln.dispatch", &f, old_entry);
	llvm::BranchInst::Create(old_entry, entry);
	hoist_invariants(old_entry, entry, p);

	/* Each barrier ends its block; what follows starts a region. */
	std::vector<llvm::BasicBlock *> pre, post;
	for (llvm::CallInst *b : barriers) {
		llvm::BasicBlock *bb = b->getParent();
		pre.push_back(bb);
		post.push_back(llvm::SplitBlock(bb, b->getNextNode()));
	}

	/* Allocas live across a barrier, judged before the cut. */
	std::vector<llvm::AllocaInst *> allocas;
	for (llvm::Instruction &i : *entry)
		if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(&i))
			allocas.push_back(a);
	std::vector<llvm::AllocaInst *> crossing;
	if (!allocas.empty()) {
		std::vector<std::set<llvm::BasicBlock *>> before, after;
		for (size_t k = 0; k < barriers.size(); k++) {
			before.push_back(reaching(pre[k]));
			after.push_back(reachable(post[k]));
		}
		for (llvm::AllocaInst *a : allocas) {
			std::set<llvm::BasicBlock *> blocks;
			bool cross = !access_blocks(a, blocks);
			for (size_t k = 0; !cross && k < barriers.size(); k++) {
				bool b4 = false, af = false;
				for (llvm::BasicBlock *bb : blocks) {
					b4 |= before[k].count(bb) > 0;
					af |= after[k].count(bb) > 0;
				}
				cross = b4 && af;
			}
			if (cross)
				crossing.push_back(a);
		}
	}

	/* The cut: a barrier returns its region id; the dispatch jumps to the
	 * code after it. */
	entry->getTerminator()->eraseFromParent();
	llvm::SwitchInst *sw = llvm::SwitchInst::Create(p.region, old_entry,
							 (unsigned)barriers.size(), entry);
	for (size_t k = 0; k < barriers.size(); k++) {
		uint32_t id = (uint32_t)(k + 1);
		pre[k]->getTerminator()->eraseFromParent();
		barriers[k]->eraseFromParent();
		llvm::ReturnInst::Create(c, llvm::ConstantInt::get(llvm::Type::getInt32Ty(c), id),
					 pre[k]);
		sw->addCase(llvm::ConstantInt::get(llvm::Type::getInt32Ty(c), id), post[k]);
	}

	/* SSA values crossing a barrier: uses no longer dominated.  What the
	 * region can compute again from the parameters is recomputed there;
	 * the rest is demoted to memory for those uses (demote_crossing).
	 * The dominator tree of the cut function; the uniformity answers for the values the cut left alone
	 * still hold (and are all that is asked below). */
	llvm::PreservedAnalyses keep;
	keep.preserve<uniformity_analysis>();
	fam.invalidate(f, keep);
	llvm::DominatorTree &dt = fam.getResult<llvm::DominatorTreeAnalysis>(f);
	std::vector<llvm::Instruction *> crossing_values;
	for (llvm::BasicBlock &bb : f) {
		if (!dt.isReachableFromEntry(&bb))
			continue;
		for (llvm::Instruction &i : bb) {
			if (llvm::isa<llvm::AllocaInst>(i) && &bb == entry)
				continue;
			for (llvm::Use &u : i.uses())
				if (!dt.dominates(&i, u)) {
					crossing_values.push_back(&i);
					break;
				}
		}
	}
	std::vector<llvm::Instruction *> demote;
	for (llvm::Instruction *i : crossing_values) {
		if (!rematerializable(i, p, 0)) {
			demote.push_back(i);
			continue;
		}
		std::vector<llvm::Use *> far;
		for (llvm::Use &u : i->uses())
			if (!dt.dominates(i, u))
				far.push_back(&u);
		for (llvm::Use *u : far) {
			auto *user = llvm::cast<llvm::Instruction>(u->getUser());
			llvm::Instruction *at = user;
			if (auto *phi = llvm::dyn_cast<llvm::PHINode>(user))
				at = phi->getIncomingBlock(*u)->getTerminator();
			u->set(rematerialize(i, at));
		}
	}
	llvm::Instruction *alloca_at = &*entry->getFirstInsertionPt();
	std::map<llvm::Instruction *, llvm::AllocaInst *> slot_of;
	std::set<llvm::AllocaInst *> uniform;
	for (llvm::Instruction *i : demote) {
		/* A PHI too: stored after the PHIs of its block, reloaded
		 * at each use across a barrier. */
		llvm::AllocaInst *a = demote_crossing(i, alloca_at, dt);
		slot_of[i] = a;
		if (div.uniform(i))
			uniform.insert(a);
	}
	/* a loop-carried value and what it carries in one slot, where they
	 * never hold values at once (share_carried_slot) */
	std::set<llvm::AllocaInst *> gone;
	for (llvm::Instruction *i : demote) {
		auto *phi = llvm::dyn_cast<llvm::PHINode>(i);
		if (!phi)
			continue;
		llvm::AllocaInst *a_p = slot_of[phi];
		for (llvm::Value *in : phi->incoming_values()) {
			auto *ld = llvm::dyn_cast<llvm::LoadInst>(in);
			auto *a_v = ld ? llvm::dyn_cast<llvm::AllocaInst>(ld->getPointerOperand())
				       : nullptr;
			if (!a_v || a_v == a_p || gone.count(a_v) ||
			    uniform.count(a_p) != uniform.count(a_v) ||
			    !share_carried_slot(phi, a_p, a_v, post))
				continue;
			gone.insert(a_p);
			break;
		}
	}
	std::set<llvm::AllocaInst *> shared, shared_one;
	for (llvm::Instruction *i : demote) {
		llvm::AllocaInst *a = slot_of[i];
		if (gone.count(a))
			continue;
		crossing.push_back(a);
		if (uniform.count(a) && !reloaded_after_store(a))
			shared.insert(a);
		else if (uniform.count(a) && !loaded_before_store(a))
			shared_one.insert(a);
	}

	/* Marked for kiln-context, in this order. */
	llvm::Type *i64 = llvm::Type::getInt64Ty(c);
	uint64_t order = 0;
	for (llvm::AllocaInst *a : crossing) {
		context_slot::kind_t kind = context_slot::ROW;
		if (a->getMetadata("kiln.any"))
			kind = context_slot::ANY;
		else if (shared.count(a))
			kind = context_slot::SHARED;
		else if (shared_one.count(a))
			kind = context_slot::SHARED_ONE;
		a->setMetadata("kiln.slot",
			       llvm::MDNode::get(c, {llvm::ConstantAsMetadata::get(
							     llvm::ConstantInt::get(i64, order++)),
						     llvm::ConstantAsMetadata::get(
							     llvm::ConstantInt::get(i64, kind))}));
	}
	set_layout_field(f, "kiln.regions", {barriers.size()});
	return (unsigned)barriers.size();
}

llvm::PreservedAnalyses barriers_pass::run(llvm::Function &f, llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	if (!workitem_params(f, p))
		return llvm::PreservedAnalyses::all();
	const divergence &div = fam.getResult<uniformity_analysis>(f);
	return cut_at_barriers(f, p, div, fam) ? llvm::PreservedAnalyses::none()
					       : llvm::PreservedAnalyses::all();
}

} // namespace kiln
