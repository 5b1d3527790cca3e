/* kiln-check-sync: checked mode's barrier, uninitialized-read and race
 * checks (KILN_CHECK=barriers,uninit,races; docs/checked_mode.md), after
 * kiln-check-bounds on a work-item function.
 *
 * Barrier divergence: before each barrier whose block kiln-uniformity
 * cannot prove every work-item of the group reaches, a call of the
 * runtime's arrive service with the barrier's site.  The runtime (lib/core/check.c) counts the work-items at
 * each barrier: an episode that ends (another barrier is reached, a
 * work-item arrives twice, the group ends) with fewer than all of them is
 * a defect.  A work-group collective is kernel-lib code around a barrier,
 * inlined here, so it is counted the same way.
 *
 * Uninitialized __local reads: a shadow byte per local byte (the runtime
 * clears it at the start of each group; shadow_delta locates it).  Every
 * store, atomic or memcpy/memset into local memory in the function
 * (kernel-lib's async copies included) sets the shadow of the bytes it
 * writes; every load of the program's own code from local memory checks
 * them first, and a read of a byte no work-item wrote is reported (the
 * load then gives 0).  Addresses outside the group's arena touch a
 * scratch global instead of the shadow.  A read in a loop of a barrier
 * interval that writes no local memory, at an offset affine in the local
 * id and loop counters (check_precheck.cpp), is checked once per region
 * first (region_precheck): the runtime's written service looks at the
 * shadow of every byte such reads can touch; when all were written, the
 * per-read checks are skipped, and loop unswitching gives the work-item
 * loop a copy without them (tiled SGEMM's loop over its tiles).
 *
 * Races on __local memory: every access of the program's own code to
 * local memory checks and updates a cell per byte (who wrote, who read)
 * since the last barrier every work-item passed, in line (race_check); a
 * byte written by one work-item and read or written by another in that
 * time is a race, which the runtime's access service reports.  Accesses
 * that share no barrier interval with a local write are not checked
 * (near_local_writes).  Atomics are left out (they order), and a
 * function with atomics (which may order plain accesses, as a lock does)
 * is not checked for races.
 * Assumes: calls to the barrier functions still present (before
 * kiln-barriers), __local variables still globals or arguments.
 * Guarantees: added calls carry !kiln.check. */
#include "compiler/check_abi.h"
#include "compiler/check_passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

#include <cstddef>
#include <functional>
#include <map>
#include <set>

namespace kiln {

static const unsigned local_as = 3;

static llvm::Value *state_field(llvm::IRBuilder<> &b, size_t offset)
{
	llvm::Module *m = b.GetInsertBlock()->getModule();
	llvm::FunctionCallee fn = m->getOrInsertFunction(
		"__kiln_wg_state", llvm::FunctionType::get(b.getPtrTy(), false));
	llvm::CallInst *st = b.CreateCall(fn);
	st->setDoesNotAccessMemory();
	llvm::Value *at = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), st, offset);
	llvm::LoadInst *l = b.CreateLoad(b.getPtrTy(), at);
	l->setMetadata(llvm::LLVMContext::MD_invariant_load,
		       llvm::MDNode::get(b.getContext(), {}));
	return l;
}

/* The group's local arena [lo, hi) as integers. */
struct arena {
	llvm::Value *lo, *hi;
};
static arena arena_of(llvm::IRBuilder<> &b)
{
	llvm::Type *i64 = b.getInt64Ty();
	return {b.CreatePtrToInt(state_field(b, offsetof(struct kiln_wg_state, local_mem)), i64),
		b.CreatePtrToInt(state_field(b, offsetof(struct kiln_wg_state, local_end)), i64)};
}

/* The offset of the `len` bytes at ptr in arena `ar`, and whether they
 * all lie in it. */
struct arena_place {
	llvm::Value *off, *in;
};
static arena_place place_in(llvm::IRBuilder<> &b, const arena &ar, llvm::Value *ptr,
			    llvm::Value *len, const char *name = "")
{
	llvm::Value *off = b.CreateSub(b.CreatePtrToInt(ptr, b.getInt64Ty()), ar.lo, name);
	llvm::Value *bytes = b.CreateSub(ar.hi, ar.lo);
	return {off, b.CreateAnd(b.CreateICmpUGE(bytes, len),
				 b.CreateICmpULE(off, b.CreateSub(bytes, len)))};
}

/* What to add to a local byte's address for its uninitialized-read
 * shadow byte's (check_abi.h, shadow_delta). */
static llvm::Value *shadow_delta(llvm::IRBuilder<> &b)
{
	return check_invariant_load(
		b, b.getInt64Ty(),
		b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), check_launch(b),
					     offsetof(struct kiln_check_launch, shadow_delta)),
		0);
}

/* The shadow of the `size` local bytes at ptr: `in` when they all lie in
 * the group's arena, and then `at`, their shadow's address.  The shadow
 * is touched only under `in` (a branch, not a select of addresses, so
 * that the loop vectorizer sees the shadow's addresses as affine where
 * the access's are and makes the branch a mask). */
struct shadow_ref {
	llvm::Value *in, *at;
};
static shadow_ref shadow_of(llvm::IRBuilder<> &b, llvm::Value *ptr, llvm::Value *size)
{
	arena ar = arena_of(b);
	auto [off, in] = place_in(b, ar, ptr, b.CreateZExtOrTrunc(size, b.getInt64Ty()));
	/* the shadow of the arena's first byte, then the access's offset in
	 * the arena: an address scalar evolution follows */
	llvm::Value *base = b.CreateIntToPtr(b.CreateAdd(ar.lo, shadow_delta(b)), b.getPtrTy());
	return {in, b.CreateGEP(b.getInt8Ty(), base, off)};
}

/* A block that runs when `cond` holds, before b's insertion point (which
 * must be followed by more of its block); b is left where it was. */
/* Whether load `l` is the read half of a write of some of a vector's
 * elements: Clang compiles `v[i].x = e` as a load of the whole vector,
 * an insertelement and a store of it back to the same address, so the
 * load reads elements the program has not written yet (and writes them
 * back unchanged).  Its value reaches only stores to its own address,
 * through insertelement, shufflevector and the phi of checked mode's
 * bounds guard (the load or a constant).  Not an uninitialized read of
 * the program's: the store that follows marks the vector written. */
static bool only_constants_besides(const llvm::PHINode *phi, const llvm::Value *v)
{
	for (const llvm::Value *in : phi->incoming_values())
		if (in != v && !llvm::isa<llvm::Constant>(in))
			return false;
	return true;
}

static bool component_write(const llvm::LoadInst *l)
{
	if (!l->getType()->isVectorTy())
		return false;
	std::vector<const llvm::Value *> work = {l};
	unsigned seen = 0;
	while (!work.empty()) {
		const llvm::Value *v = work.back();
		work.pop_back();
		if (v->use_empty() || ++seen > 64)
			return false;
		for (const llvm::User *u : v->users()) {
			if (auto *st = llvm::dyn_cast<llvm::StoreInst>(u)) {
				if (st->getValueOperand() != v ||
				    st->getPointerOperand() != l->getPointerOperand())
					return false;
			} else if (llvm::isa<llvm::InsertElementInst>(u) ||
				   llvm::isa<llvm::ShuffleVectorInst>(u)) {
				work.push_back(u);
			} else if (auto *phi = llvm::dyn_cast<llvm::PHINode>(u);
				   phi && only_constants_besides(phi, v)) {
				/* kiln-check-bounds' guard: the load or 0 */
				work.push_back(u);
			} else {
				return false;
			}
		}
	}
	return true;
}

static llvm::Instruction *only_if(llvm::IRBuilder<> &b, llvm::Value *cond)
{
	llvm::MDBuilder mdb(b.getContext());
	return llvm::SplitBlockAndInsertIfThen(cond, &*b.GetInsertPoint(), false,
					       mdb.createBranchWeights(1u << 20, 1));
}

/* A load or store of the uninitialized reads' shadow, and one of the race
 * cells (or a call that touches them): nothing but checked mode's code
 * touches either, and each gets an alias scope of its own
 * (kiln-check-state). */
static llvm::Instruction *shadow_access(llvm::Instruction *i)
{
	return check_memory(i, "shadow");
}
static llvm::Instruction *cells_access(llvm::Instruction *i)
{
	return check_memory(i, "cells");
}

/* Sets the shadow of the `size` bytes at ptr (those in the arena). */
static void mark_written(llvm::IRBuilder<> &b, llvm::Value *ptr, llvm::Value *size)
{
	shadow_ref r = shadow_of(b, ptr, size);
	llvm::IRBuilder<> tb(only_if(b, r.in));
	auto *c = llvm::dyn_cast<llvm::ConstantInt>(size);
	if (c && c->getZExtValue() <= 8 && llvm::isPowerOf2_64(c->getZExtValue())) {
		uint64_t n = c->getZExtValue();
		shadow_access(tb.CreateStore(
			llvm::ConstantInt::get(tb.getIntNTy(8 * (unsigned)n), 0x0101010101010101ull),
			r.at));
		return;
	}
	/* a longer or variable length (memcpy, memset) */
	shadow_access(tb.CreateMemSet(r.at, tb.getInt8(1), size, llvm::MaybeAlign(1)));
}

/* The runtime's access service (check_abi.h) for the `size` local bytes
 * at ptr, at b: it checks them byte by byte and reports a race.  In the
 * records' alias scope, since it reads and writes the race cells. */
static void call_access(llvm::IRBuilder<> &b, llvm::Constant *site, llvm::Value *ptr,
			uint64_t size, bool write, const wi_params &p)
{
	llvm::Module &m = *b.GetInsertBlock()->getModule();
	llvm::Type *i64 = b.getInt64Ty();
	llvm::Value *fn = check_service(b, offsetof(struct kiln_check_launch, access));
	auto *ft = llvm::FunctionType::get(
		b.getVoidTy(), {b.getPtrTy(), b.getPtrTy(), i64, i64, i64, i64, i64, i64}, false);
	llvm::CallInst *st = b.CreateCall(m.getOrInsertFunction(
		"__kiln_wg_state", llvm::FunctionType::get(b.getPtrTy(), false)));
	st->setDoesNotAccessMemory();
	llvm::CallInst *c = b.CreateCall(ft, fn,
					 {st, site, b.CreatePtrToInt(ptr, i64), b.getInt64(size),
					  b.getInt64(write ? 1 : 0), p.x, p.y, p.z});
	c->setMetadata(check_call_mark, llvm::MDNode::get(b.getContext(), {}));
	cells_access(c);
}

/* The race check of access i (`size` bytes of local memory at ptr), in
 * line: the access's cells (check_abi.h, race_cells; one 64-bit cell per
 * byte, a vector of them) are read; a cell of an older barrier episode
 * is empty; a byte written by another work-item, or read by another and
 * now written, is a race, which the runtime's access service reports
 * (the unlikely path); otherwise the cells are stored back with this
 * work-item as writer, or as reader (KILN_RACE_MANY once a second
 * work-item reads).  No call on the likely path: a runtime call per
 * access cost tiled SGEMM 400x and a reduction 18x their unchecked time
 * (docs/checked_mode.md).  Accesses wider than 16 bytes call the
 * service. */
static void race_check(llvm::Instruction *i, llvm::Value *ptr, uint64_t size, bool write,
		       llvm::Constant *site, const wi_params &p)
{
	llvm::IRBuilder<> b(i);
	if (size > 16 || !llvm::isPowerOf2_64(size)) {
		call_access(b, site, ptr, size, write, p);
		return;
	}
	llvm::Type *i64 = b.getInt64Ty();
	unsigned n = (unsigned)size;
	llvm::Value *chk = check_launch(b);
	llvm::Value *cells = check_invariant_load(
		b, b.getPtrTy(),
		b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), chk,
					     offsetof(struct kiln_check_launch, race_cells)),
		0);
	auto [off, inside] = place_in(b, arena_of(b), ptr, b.getInt64(size), "race.off");
	llvm::Value *in = b.CreateAnd(inside, b.CreateIsNotNull(cells), "race.in");
	llvm::MDBuilder mdb(b.getContext());
	llvm::Instruction *then =
		llvm::SplitBlockAndInsertIfThen(in, i, false, mdb.createBranchWeights(1u << 20, 1));
	b.SetInsertPoint(then);
	/* the episode: read here, after any barrier's arrive call */
	llvm::Value *epoch = b.CreateShl(
		b.CreateZExt(b.CreateLoad(b.getInt32Ty(),
					  b.CreateConstInBoundsGEP1_64(
						  b.getInt8Ty(), chk,
						  offsetof(struct kiln_check_launch, race_epoch))),
			     i64),
		32);
	llvm::Function *f = i->getFunction();
	llvm::IRBuilder<> eb(&*f->getEntryBlock().getFirstInsertionPt());
	llvm::Value *lx = load_info(eb, p.info, INFO_LOCAL_SIZE, 0);
	llvm::Value *ly = load_info(eb, p.info, INFO_LOCAL_SIZE, 1);
	llvm::Value *me = b.CreateAdd(
		b.CreateAdd(p.x, b.CreateMul(lx, b.CreateAdd(p.y, b.CreateMul(ly, p.z)))),
		b.getInt64(1));
	auto *vt = llvm::FixedVectorType::get(i64, n);
	auto splat = [&](llvm::Value *v) { return b.CreateVectorSplat(n, v); };
	auto k = [&](uint64_t v) { return llvm::ConstantInt::get(vt, v); };
	llvm::Value *cp = b.CreateInBoundsGEP(b.getInt8Ty(), cells, b.CreateShl(off, 3));
	llvm::Value *c = cells_access(b.CreateAlignedLoad(vt, cp, llvm::Align(8)));
	llvm::Value *valid = b.CreateICmpEQ(b.CreateAnd(c, k(~(uint64_t)0 << 32)), splat(epoch));
	llvm::Value *zero = llvm::Constant::getNullValue(vt);
	llvm::Value *wr = b.CreateSelect(valid, b.CreateAnd(b.CreateLShr(c, k(16)), k(0xFFFF)), zero);
	llvm::Value *rd = b.CreateSelect(valid, b.CreateAnd(c, k(0xFFFF)), zero);
	llvm::Value *mev = splat(me);
	auto other = [&](llvm::Value *who) {
		return b.CreateAnd(b.CreateICmpNE(who, zero), b.CreateICmpNE(who, mev));
	};
	llvm::Value *bad = other(wr), *next;
	if (write) {
		bad = b.CreateOr(bad, other(rd));
		next = b.CreateOr(b.CreateOr(splat(epoch), b.CreateShl(mev, k(16))), rd);
	} else {
		llvm::Value *rd2 = b.CreateSelect(b.CreateOr(b.CreateICmpEQ(rd, zero),
							     b.CreateICmpEQ(rd, mev)),
						  mev, k(KILN_RACE_MANY));
		next = b.CreateOr(b.CreateOr(splat(epoch), b.CreateShl(wr, k(16))), rd2);
	}
	llvm::Instruction *race_t = nullptr, *ok_t = nullptr;
	llvm::SplitBlockAndInsertIfThenElse(b.CreateOrReduce(bad), then, &race_t, &ok_t,
					    mdb.createBranchWeights(1, 1u << 20));
	llvm::IRBuilder<> rb(race_t);
	call_access(rb, site, ptr, size, write, p);
	llvm::IRBuilder<> ob(ok_t);
	cells_access(ob.CreateAlignedStore(next, cp, llvm::Align(8)));
}

static std::string object_name(const llvm::Value *obj, llvm::Function &k, int &arg)
{
	arg = -1;
	if (auto *a = llvm::dyn_cast<llvm::Argument>(obj)) {
		arg = (int)a->getArgNo();
		return check_arg_object(k, a->getArgNo());
	}
	if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(obj)) {
		llvm::StringRef n = g->getName();
		std::string prefix = k.getName().str() + ".";
		if (n.startswith(prefix))
			n = n.drop_front(prefix.size());
		return "__local variable \"" + n.str() + "\"";
	}
	return "local memory";
}

/* Whether instruction i may write local memory: a store, atomic or
 * memset/memcpy into it, or a call that is handed a local pointer (after
 * kiln-inline-all, a runtime service). */
static bool writes_local(llvm::Instruction &i)
{
	if (auto *s = llvm::dyn_cast<llvm::StoreInst>(&i))
		return s->getPointerAddressSpace() == local_as;
	if (auto *a = llvm::dyn_cast<llvm::AtomicRMWInst>(&i))
		return a->getPointerAddressSpace() == local_as;
	if (auto *x = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i))
		return x->getPointerAddressSpace() == local_as;
	if (auto *mi = llvm::dyn_cast<llvm::MemIntrinsic>(&i))
		return mi->getDestAddressSpace() == local_as;
	if (auto *c = llvm::dyn_cast<llvm::CallBase>(&i)) {
		if (is_barrier(direct_callee(i)) || llvm::isa<llvm::DbgInfoIntrinsic>(c))
			return false;
		for (llvm::Value *a : c->args())
			if (a->getType()->isPointerTy() &&
			    a->getType()->getPointerAddressSpace() == local_as)
				return true;
	}
	return false;
}

/* The instructions that may share a barrier interval with a write of
 * local memory.  A race is two accesses in one interval, one a write, so
 * the others need no race check; and no local byte changes while they
 * run, which region_precheck relies on: tiled SGEMM's loop over the tile
 * reads __local memory between two barriers and writes none.  Cut each
 * block after each work-group barrier; pieces joined by a control-flow
 * edge (in either direction) are one component; the instructions of a
 * component with a local write are returned.  Coarser than the intervals
 * (a component may join pieces no single interval spans), never finer. */
static std::set<llvm::Instruction *> near_local_writes(llvm::Function &f)
{
	std::vector<unsigned> parent;
	auto piece = [&] {
		parent.push_back((unsigned)parent.size());
		return (unsigned)parent.size() - 1;
	};
	std::function<unsigned(unsigned)> find = [&](unsigned x) {
		while (parent[x] != x)
			x = parent[x] = parent[parent[x]];
		return x;
	};
	std::map<llvm::BasicBlock *, unsigned> first, last;
	std::map<llvm::Instruction *, unsigned> piece_of;
	for (llvm::BasicBlock &bb : f) {
		unsigned id = piece();
		first[&bb] = id;
		for (llvm::Instruction &i : bb) {
			piece_of[&i] = id;
			if (is_barrier(direct_callee(i)))
				id = piece();
		}
		last[&bb] = id;
	}
	for (llvm::BasicBlock &bb : f)
		for (llvm::BasicBlock *s : llvm::successors(&bb))
			parent[find(last[&bb])] = find(first[s]);
	std::set<unsigned> written;
	for (auto &[i, id] : piece_of)
		if (writes_local(*i))
			written.insert(find(id));
	std::set<llvm::Instruction *> racy;
	for (auto &[i, id] : piece_of)
		if (written.count(find(id)))
			racy.insert(i);
	return racy;
}

/* The region precheck of read i (`size` bytes at ptr) of local memory,
 * in a barrier interval that writes none: true when every byte that
 * reads at its offsets can touch (the corners of the box of the local id
 * and the loop counters the offset is affine in, check_precheck.cpp)
 * lies in the group's arena and was written, computed in the preheader
 * of the outermost loop around i without a barrier, which the whole
 * group reaches.  The runtime's written service reads the shadow; the
 * call reads nothing but the shadow, so LICM takes it out of the
 * work-item loop, once per region.  Null when i is in no such loop or
 * its offset is not affine. */
static llvm::Value *region_precheck(llvm::Instruction *i, llvm::Value *ptr, uint64_t size,
				    const wi_params &p, const precheck_vars &vars,
				    llvm::LoopInfo &li, const divergence &div)
{
	llvm::Loop *l = li.getLoopFor(i->getParent());
	if (!l || loop_has_barrier(l))
		return nullptr;
	while (l->getParentLoop() && !loop_has_barrier(l->getParentLoop()))
		l = l->getParentLoop();
	llvm::BasicBlock *ph = l->getLoopPreheader();
	if (!ph || !div.reached_by_all(ph))
		return nullptr;
	llvm::IRBuilder<> b(ph->getTerminator());
	std::vector<llvm::Value *> corners;
	if (!check_corners(b, ptr, p, vars, i->getParent(), 0, corners))
		return nullptr;
	llvm::Type *i64 = b.getInt64Ty();
	llvm::Value *lo = nullptr, *hi = nullptr;
	for (llvm::Value *c : corners) {
		llvm::Value *a = b.CreatePtrToInt(c, i64);
		lo = lo ? b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, lo, a) : a;
		hi = hi ? b.CreateBinaryIntrinsic(llvm::Intrinsic::umax, hi, a) : a;
	}
	hi = b.CreateAdd(hi, b.getInt64(size));
	arena ar = arena_of(b);
	llvm::Value *in = b.CreateAnd(b.CreateICmpUGE(lo, ar.lo), b.CreateICmpULE(hi, ar.hi));
	llvm::Value *sh = b.CreateIntToPtr(b.CreateAdd(lo, shadow_delta(b)), b.getPtrTy());
	llvm::Value *len = b.CreateSelect(in, b.CreateSub(hi, lo), b.getInt64(0));
	llvm::Value *fn = check_service(b, offsetof(struct kiln_check_launch, written));
	auto *ft = llvm::FunctionType::get(b.getInt1Ty(), {b.getPtrTy(), b.getPtrTy(), i64}, false);
	llvm::CallInst *w = b.CreateCall(ft, fn, {check_launch(b), sh, len});
	/* a reader of the shadow it is handed (and of the check table, where
	 * it remembers ranges found written, which nothing else reads):
	 * hoistable */
	w->addFnAttr(llvm::Attribute::ReadOnly);
	w->addFnAttr(llvm::Attribute::ArgMemOnly);
	w->addFnAttr(llvm::Attribute::NoUnwind);
	w->addFnAttr(llvm::Attribute::WillReturn);
	w->addParamAttr(0, llvm::Attribute::NoCapture);
	w->addParamAttr(1, llvm::Attribute::NoCapture);
	w->addRetAttr(llvm::Attribute::ZExt);
	w->setMetadata(check_call_mark, llvm::MDNode::get(b.getContext(), {}));
	shadow_access(w);
	return b.CreateAnd(in, w, "uninit.pre");
}

static bool instrument(llvm::Function &f, const wi_params &p, unsigned checks,
		       const divergence &div, llvm::LoopInfo &li, llvm::ScalarEvolution &se)
{
	llvm::Function *k = kernel_of_workitem(f);
	if (!k)
		return false;
	llvm::Module &m = *f.getParent();
	const llvm::DataLayout &dl = m.getDataLayout();
	llvm::Type *i64 = llvm::Type::getInt64Ty(m.getContext());
	std::vector<llvm::Instruction *> todo;
	/* Work-items that order their accesses through atomics (a lock, a
	 * flag) are beyond a barrier-interval race check: such functions
	 * are not checked for races. */
	for (llvm::Instruction &i : llvm::instructions(f)) {
		todo.push_back(&i);
		if (i.isAtomic())
			checks &= ~(unsigned)KILN_CHECK_RACES;
	}
	std::set<llvm::Instruction *> near;
	if (checks & (KILN_CHECK_RACES | KILN_CHECK_UNINIT))
		near = near_local_writes(f);
	/* the region prechecks of reads away from local writes, built
	 * before any block is split (they need the loops as they are) */
	std::map<llvm::Instruction *, llvm::Value *> pre_of;
	if (checks & KILN_CHECK_UNINIT) {
		llvm::IRBuilder<> eb(f.getEntryBlock().getTerminator());
		auto *at = llvm::cast<llvm::Instruction>(eb.CreateFreeze(eb.getTrue(), "chk.ivs"));
		precheck_vars vars;
		check_find_ivs(f, p, li, se, at, vars);
		for (llvm::Instruction *i : todo)
			if (auto *l = llvm::dyn_cast<llvm::LoadInst>(i);
			    l && !near.count(i) && !l->isAtomic() && i->getMetadata(check_user_mark) &&
			    l->getPointerAddressSpace() == local_as && l->getType()->isSized()) {
				uint64_t size = dl.getTypeStoreSize(l->getType()).getFixedSize();
				if (size > 256)
					continue;
				if (llvm::Value *pre = region_precheck(i, l->getPointerOperand(), size,
								       p, vars, li, div))
					pre_of[i] = pre;
			}
		at->eraseFromParent();
	}
	bool changed = !pre_of.empty();
	for (llvm::Instruction *i : todo) {
		/* barriers */
		/* (the race check's barrier episodes end with the regions of
		 * the work-group function, or at the fiber scheduler's
		 * barriers: no call per work-item) */
		if (llvm::Function *g = direct_callee(*i); g && is_barrier(g)) {
			bool divergent = !div.reached_by_all(i->getParent());
			if (!((checks & KILN_CHECK_BARRIERS) && divergent))
				continue;
			check_site_info s;
			s.kind = KILN_CHECK_KIND_BARRIER;
			s.kernel = k->getName().str();
			s.loc = i->getDebugLoc();
			s.object = "barrier";
			llvm::IRBuilder<> b(i);
			llvm::Value *fn =
				check_service(b, offsetof(struct kiln_check_launch, arrive));
			auto *ft = llvm::FunctionType::get(
				b.getVoidTy(), {b.getPtrTy(), b.getPtrTy(), i64, i64, i64}, false);
			llvm::Module *mod = b.GetInsertBlock()->getModule();
			llvm::CallInst *st = b.CreateCall(mod->getOrInsertFunction(
				"__kiln_wg_state", llvm::FunctionType::get(b.getPtrTy(), false)));
			st->setDoesNotAccessMemory();
			llvm::CallInst *c =
				b.CreateCall(ft, fn, {st, check_site(m, s), p.x, p.y, p.z});
			c->setMetadata(check_call_mark, llvm::MDNode::get(b.getContext(), {}));
			changed = true;
			continue;
		}
		/* memcpy/memset into local memory: shadow only */
		if (auto *mi = llvm::dyn_cast<llvm::MemIntrinsic>(i)) {
			if ((checks & KILN_CHECK_UNINIT) && mi->getDestAddressSpace() == local_as) {
				llvm::IRBuilder<> b(i->getNextNode());
				mark_written(b, mi->getRawDest(), mi->getLength());
				changed = true;
			}
			continue;
		}
		llvm::Value *ptr = nullptr;
		llvm::Type *t = nullptr;
		bool write = true, atomic = false;
		if (auto *l = llvm::dyn_cast<llvm::LoadInst>(i)) {
			ptr = l->getPointerOperand();
			t = l->getType();
			write = false;
			atomic = l->isAtomic();
		} else if (auto *s = llvm::dyn_cast<llvm::StoreInst>(i)) {
			ptr = s->getPointerOperand();
			t = s->getValueOperand()->getType();
			atomic = s->isAtomic();
		} else if (auto *a = llvm::dyn_cast<llvm::AtomicRMWInst>(i)) {
			ptr = a->getPointerOperand();
			t = a->getValOperand()->getType();
			atomic = true;
		} else if (auto *x = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(i)) {
			ptr = x->getPointerOperand();
			t = x->getNewValOperand()->getType();
			atomic = true;
		}
		if (!ptr || ptr->getType()->getPointerAddressSpace() != local_as || !t->isSized())
			continue;
		uint64_t size = dl.getTypeStoreSize(t).getFixedSize();
		bool user = i->getMetadata(check_user_mark) != nullptr;
		const llvm::Value *obj = llvm::getUnderlyingObject(ptr, 0);
		check_site_info s;
		s.kernel = k->getName().str();
		s.loc = i->getDebugLoc();
		s.access_size = (uint32_t)size;
		s.is_write = write;
		s.object = object_name(obj, *k, s.arg);
		if ((checks & KILN_CHECK_RACES) && user && !atomic && near.count(i)) {
			s.kind = KILN_CHECK_KIND_RACE;
			race_check(i, ptr, size, write, check_site(m, s), p);
			changed = true;
		}
		if (!(checks & KILN_CHECK_UNINIT) || size > 256)
			continue;
		if (write) {
			llvm::IRBuilder<> b(i->getNextNode());
			mark_written(b, ptr, b.getInt64(size));
			changed = true;
			continue;
		}
		if (!user || atomic || component_write(llvm::cast<llvm::LoadInst>(i)))
			continue;
		/* the read: every byte's shadow is 1 (bytes outside the arena
		 * are not checked) */
		s.kind = KILN_CHECK_KIND_UNINIT;
		llvm::IRBuilder<> b(i);
		shadow_ref r = shadow_of(b, ptr, b.getInt64(size));
		llvm::BasicBlock *head = b.GetInsertBlock();
		llvm::Value *pre = pre_of.count(i) ? pre_of[i] : nullptr;
		llvm::Instruction *then = only_if(b, pre ? b.CreateAnd(r.in, b.CreateNot(pre)) : r.in);
		llvm::IRBuilder<> tb(then);
		llvm::Value *all;
		if (size <= 8 && llvm::isPowerOf2_64(size)) {
			llvm::Type *n = tb.getIntNTy(8 * (unsigned)size);
			llvm::Value *sh = shadow_access(tb.CreateLoad(n, r.at));
			all = tb.CreateICmpEQ(sh, llvm::ConstantInt::get(n, 0x0101010101010101ull));
		} else {
			all = tb.getTrue();
			for (uint64_t j = 0; j < size; j++)
				all = tb.CreateAnd(all, tb.CreateICmpNE(
								shadow_access(tb.CreateLoad(
									tb.getInt8Ty(),
									tb.CreateConstGEP1_64(
										tb.getInt8Ty(), r.at, j))),
								tb.getInt8(0)));
		}
		b.SetInsertPoint(i);
		llvm::PHINode *ok = b.CreatePHI(b.getInt1Ty(), 2);
		ok->addIncoming(b.getTrue(), head);
		ok->addIncoming(all, then->getParent());
		all = ok;
		llvm::Constant *site = check_site(m, s);
		llvm::Value *base = nullptr;
		uint64_t extent = 0;
		llvm::Value *ext = nullptr;
		if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(obj)) {
			base = const_cast<llvm::GlobalVariable *>(g);
			extent = dl.getTypeAllocSize(g->getValueType());
		} else if (auto *a = llvm::dyn_cast<llvm::Argument>(obj);
			   a && a->getParent() == &f && a->getArgNo() + 5 < f.arg_size()) {
			/* a __local argument: its size is in the launch's table */
			base = const_cast<llvm::Argument *>(a);
			llvm::Value *tab = check_service(b, offsetof(struct kiln_check_launch, args));
			ext = b.CreateLoad(
				i64, b.CreateConstInBoundsGEP1_64(
					     b.getInt8Ty(), tab,
					     a->getArgNo() * sizeof(struct kiln_check_extent) +
						     offsetof(struct kiln_check_extent, extent)));
		}
		llvm::Value *addr = b.CreatePtrToInt(ptr, i64);
		llvm::Value *off = base ? b.CreateSub(addr, b.CreatePtrToInt(base, i64)) : addr;
		if (!ext)
			ext = b.getInt64(extent);
		check_guard(i, all, [&](llvm::IRBuilder<> &eb) {
			check_record(eb, site, off, ext, p, record_form::in_line);
		});
		changed = true;
	}
	return changed;
}

llvm::PreservedAnalyses check_sync_pass::run(llvm::Function &f,
					     llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	if (!workitem_params(f, p))
		return llvm::PreservedAnalyses::all();
	const divergence &div = fam.getResult<uniformity_analysis>(f);
	llvm::LoopInfo &li = fam.getResult<llvm::LoopAnalysis>(f);
	llvm::ScalarEvolution &se = fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
	if (!instrument(f, p, checks, div, li, se))
		return llvm::PreservedAnalyses::all();
	check_hoist_tables(f);
	return llvm::PreservedAnalyses::none();
}

} // namespace kiln
