/* The work-group function of a kernel (DESIGN.md "Work-group functions"):
 *
 *   void __kiln_wg_<k>(const struct kiln_wg_launch *, struct kiln_wg_state *)
 *
 * runs all work-items of one group.  The kernel body becomes a work-item
 * function W(kernel args..., info, x, y, z, region) -> next region
 * (barriers.cpp); the work-group function loads the arguments once, then
 * for each region runs a loop nest over the local ids (z, y, x; x innermost
 * so the loop vectorizer vectorizes across work-items) calling W, which is
 * inlined there with the region constant.  Kernel-scope __local variables
 * are rewritten to addresses in the worker's local arena (localmem.cpp), and
 * what must survive a barrier lives in the context: per work-item rows laid
 * out slot by slot ("structure of arrays": slot s of work-item i is at
 * context + off_s * nwi + i * size_s), so that a vectorized loop touches
 * consecutive addresses. */
#include "compiler/internal.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/ValueMapper.h>
#include <llvm/Support/raw_ostream.h>

#include <cstddef>
#include <map>
#include <set>

namespace kiln {

/* --- the work-item function ------------------------------------------ */

static llvm::Function *clone_as_workitem(llvm::Function &k, wi_params &p)
{
	llvm::LLVMContext &c = k.getContext();
	llvm::Type *i64 = llvm::Type::getInt64Ty(c);
	std::vector<llvm::Type *> params;
	for (llvm::Argument &a : k.args())
		params.push_back(a.getType());
	params.push_back(llvm::PointerType::get(c, 0));
	params.push_back(i64);
	params.push_back(i64);
	params.push_back(i64);
	params.push_back(llvm::Type::getInt32Ty(c));
	auto *ft = llvm::FunctionType::get(llvm::Type::getInt32Ty(c), params, false);
	llvm::Function *f = llvm::Function::Create(
		ft, llvm::GlobalValue::InternalLinkage, "__kiln_wi_" + k.getName(),
		k.getParent());
	llvm::ValueToValueMapTy vmap;
	unsigned n = 0;
	for (llvm::Argument &a : k.args()) {
		f->getArg(n)->setName(a.getName());
		vmap[&a] = f->getArg(n++);
	}
	llvm::SmallVector<llvm::ReturnInst *, 4> rets;
	llvm::CloneFunctionInto(f, &k, vmap,
				llvm::CloneFunctionChangeType::LocalChangesOnly, rets);
	f->setCallingConv(llvm::CallingConv::C);
	f->setVisibility(llvm::GlobalValue::DefaultVisibility);
	f->setLinkage(llvm::GlobalValue::InternalLinkage);
	f->setDSOLocal(true);
	f->clearMetadata();
	f->removeRetAttrs(llvm::AttributeMask().addAttribute(llvm::Attribute::NoUndef));
	f->removeFnAttr(llvm::Attribute::NoInline);
	f->removeFnAttr(llvm::Attribute::OptimizeNone);
	f->addFnAttr(llvm::Attribute::AlwaysInline);
	p.info = f->getArg(n);
	p.x = f->getArg(n + 1);
	p.y = f->getArg(n + 2);
	p.z = f->getArg(n + 3);
	p.region = f->getArg(n + 4);
	p.info->setName("kiln.info");
	p.x->setName("kiln.x");
	p.y->setName("kiln.y");
	p.z->setName("kiln.z");
	p.region->setName("kiln.region");
	p.info->addAttr(llvm::Attribute::NoAlias);
	p.info->addAttr(llvm::Attribute::ReadOnly);

	/* A kernel ends the work-item's part: report REGION_EXIT. */
	for (llvm::ReturnInst *r : rets) {
		llvm::ReturnInst::Create(c, llvm::ConstantInt::get(llvm::Type::getInt32Ty(c),
								    REGION_EXIT), r);
		r->eraseFromParent();
	}

	/* An entry block of our own, for what every region shares. */
	llvm::BasicBlock *old = &f->getEntryBlock();
	llvm::BasicBlock *e = llvm::BasicBlock::Create(c, "kiln.entry", f, old);
	llvm::BranchInst::Create(old, e);
	std::vector<llvm::Instruction *> allocas;
	for (llvm::Instruction &i : *old)
		if (llvm::isa<llvm::AllocaInst>(i))
			allocas.push_back(&i);
	for (llvm::Instruction *a : allocas)
		a->moveBefore(e->getTerminator());
	return f;
}

/* Turns constant expressions that mention a __local variable into
 * instructions, so that the variable's uses inside f can be rewritten one
 * by one (other kernels keep theirs). */
static bool mentions(llvm::Constant *c, const std::set<llvm::Value *> &vars)
{
	if (vars.count(c))
		return true;
	if (auto *ce = llvm::dyn_cast<llvm::ConstantExpr>(c)) {
		for (llvm::Value *op : ce->operands())
			if (mentions(llvm::cast<llvm::Constant>(op), vars))
				return true;
	}
	return false;
}

static llvm::Value *expand(llvm::Constant *c, llvm::Instruction *before,
			   const std::map<llvm::Value *, llvm::Value *> &repl,
			   const std::set<llvm::Value *> &vars)
{
	auto it = repl.find(c);
	if (it != repl.end())
		return it->second;
	auto *ce = llvm::dyn_cast<llvm::ConstantExpr>(c);
	if (!ce || !mentions(c, vars))
		return c;
	llvm::Instruction *i = ce->getAsInstruction(before);
	for (unsigned n = 0; n < i->getNumOperands(); n++)
		if (auto *oc = llvm::dyn_cast<llvm::Constant>(i->getOperand(n)))
			i->setOperand(n, expand(oc, i, repl, vars));
	return i;
}

static uint64_t place_local_vars(llvm::Function &f, const wi_params &p)
{
	local_layout lay = layout_local_vars(f);
	if (lay.vars.empty())
		return lay.size;
	llvm::BasicBlock *entry = &f.getEntryBlock();
	llvm::IRBuilder<> b(entry->getTerminator());
	llvm::Value *base = load_info(b, p.info, INFO_LOCAL_MEM);
	std::map<llvm::Value *, llvm::Value *> repl;
	std::set<llvm::Value *> vars;
	for (auto &[g, off] : lay.vars) {
		llvm::Value *addr = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), base, off);
		repl[g] = b.CreateAddrSpaceCast(addr, g->getType());
		vars.insert(g);
	}
	std::set<llvm::Value *> made;
	for (auto &[g, v] : repl)
		made.insert(v);
	for (llvm::BasicBlock &bb : f) {
		for (llvm::Instruction &i : bb) {
			if (made.count(&i))
				continue;
			for (unsigned n = 0; n < i.getNumOperands(); n++) {
				auto *c = llvm::dyn_cast<llvm::Constant>(i.getOperand(n));
				if (!c || !mentions(c, vars))
					continue;
				llvm::Instruction *at = &i;
				if (auto *phi = llvm::dyn_cast<llvm::PHINode>(&i))
					at = phi->getIncomingBlock(n)->getTerminator();
				i.setOperand(n, expand(c, at, repl, vars));
			}
		}
	}
	return lay.size;
}

static void preoptimize(llvm::Function &f)
{
	pass_env env;
	llvm::FunctionPassManager fpm;
	fpm.addPass(llvm::SROAPass());
	fpm.addPass(llvm::EarlyCSEPass());
	fpm.addPass(llvm::InstCombinePass());
	fpm.addPass(llvm::SimplifyCFGPass());
	fpm.addPass(llvm::SROAPass());
	fpm.addPass(llvm::EarlyCSEPass());
	fpm.run(f, env.fam);
}

/* OpenCL's address spaces are disjoint (OpenCL C 3.0 §6.7), and the local
 * arena and the barrier context are the runtime's own allocations: say so
 * with scoped alias metadata, so that the loop vectorizer does not give up
 * on a work-item loop that mixes local, global and context accesses (it
 * cannot compare pointers of different address spaces at run time).  Each
 * context slot is an array of its own (one row per slot, see the top of
 * this file), so each gets its own scope too: a region that reloads one
 * value and stores another then needs no run-time overlap check.
 * Private and generic accesses stay unannotated (they may be anything). */
namespace {
enum { SCOPE_LOCAL, SCOPE_GLOBAL, SCOPE_SLOT0 };
struct alias_scopes {
	std::vector<llvm::MDNode *> scope, noalias;
	alias_scopes(llvm::LLVMContext &c, size_t nslots)
	{
		llvm::MDBuilder mb(c);
		llvm::MDNode *dom = mb.createAnonymousAliasScopeDomain("kiln.as");
		size_t n = SCOPE_SLOT0 + nslots;
		std::vector<llvm::Metadata *> s;
		for (size_t i = 0; i < n; i++)
			s.push_back(mb.createAnonymousAliasScope(dom));
		for (size_t i = 0; i < n; i++) {
			std::vector<llvm::Metadata *> others;
			for (size_t j = 0; j < n; j++)
				if (j != i)
					others.push_back(s[j]);
			scope.push_back(llvm::MDNode::get(c, {s[i]}));
			noalias.push_back(llvm::MDNode::get(c, others));
		}
	}
	void tag(llvm::Instruction *i, size_t which)
	{
		i->setMetadata(llvm::LLVMContext::MD_alias_scope, scope[which]);
		i->setMetadata(llvm::LLVMContext::MD_noalias, noalias[which]);
	}
};
} // namespace

static llvm::Value *pointer_of(llvm::Instruction &i)
{
	if (auto *l = llvm::dyn_cast<llvm::LoadInst>(&i))
		return l->getPointerOperand();
	if (auto *st = llvm::dyn_cast<llvm::StoreInst>(&i))
		return st->getPointerOperand();
	if (auto *a = llvm::dyn_cast<llvm::AtomicRMWInst>(&i))
		return a->getPointerOperand();
	if (auto *x = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i))
		return x->getPointerOperand();
	return nullptr;
}

/* The context slot `ptr` points into (an index into slot_addrs), or -1. */
static long slot_of(llvm::Value *ptr, const std::vector<llvm::Value *> &slot_addrs)
{
	for (int depth = 0; ptr && depth < 8; depth++) {
		for (size_t s = 0; s < slot_addrs.size(); s++)
			if (slot_addrs[s] == ptr)
				return (long)s;
		if (auto *g = llvm::dyn_cast<llvm::GEPOperator>(ptr))
			ptr = g->getPointerOperand();
		else if (auto *c = llvm::dyn_cast<llvm::BitCastOperator>(ptr))
			ptr = c->getOperand(0);
		else
			return -1;
	}
	return -1;
}

static void annotate_address_spaces(llvm::Function &f,
				    const std::vector<llvm::Value *> &slot_addrs,
				    alias_scopes &sc)
{
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb) {
			llvm::Value *ptr = pointer_of(i);
			if (!ptr)
				continue;
			unsigned as = ptr->getType()->getPointerAddressSpace();
			long s;
			if (as == 3)
				sc.tag(&i, SCOPE_LOCAL);
			else if (as == 1 || as == 2)
				sc.tag(&i, SCOPE_GLOBAL);
			else if (as == 0 && (s = slot_of(ptr, slot_addrs)) >= 0)
				sc.tag(&i, SCOPE_SLOT0 + (size_t)s);
		}
}

/* Loads of `a` (a demoted value: only loads and stores use it) read from
 * `loads`, stores write to `stores`; then `a` goes. */
static void redirect_accesses(llvm::AllocaInst *a, llvm::Value *loads,
			      llvm::Value *stores)
{
	std::vector<llvm::User *> users(a->user_begin(), a->user_end());
	for (llvm::User *u : users) {
		if (auto *l = llvm::dyn_cast<llvm::LoadInst>(u))
			l->setOperand(l->getPointerOperandIndex(), loads);
		else if (auto *st = llvm::dyn_cast<llvm::StoreInst>(u))
			st->setOperand(st->getPointerOperandIndex(), stores);
	}
	a->eraseFromParent();
}

/* Puts the context slots at their addresses for work-item (x, y, z). */
static std::vector<llvm::Value *> place_slots(llvm::Function &f, const wi_params &p,
					     const std::vector<context_slot> &slots)
{
	std::vector<llvm::Value *> addrs;
	if (slots.empty())
		return addrs;
	llvm::BasicBlock *entry = &f.getEntryBlock();
	llvm::IRBuilder<> b(entry->getTerminator());
	llvm::Value *lin = b.CreateAdd(
		p.x, b.CreateMul(load_info(b, p.info, INFO_LOCAL_SIZE, 0),
				 b.CreateAdd(p.y, b.CreateMul(load_info(b, p.info, INFO_LOCAL_SIZE, 1),
							      p.z))));
	llvm::Value *ctx = load_info(b, p.info, INFO_CONTEXT);
	llvm::Value *nwi = load_info(b, p.info, INFO_NUM_WI);
	for (const context_slot &s : slots) {
		/* Lifetime markers only make sense on allocas. */
		std::vector<llvm::Instruction *> dead;
		for (llvm::User *u : s.alloca->users())
			if (auto *ii = llvm::dyn_cast<llvm::IntrinsicInst>(u))
				if (ii->isLifetimeStartOrEnd())
					dead.push_back(ii);
		for (llvm::Instruction *d : dead)
			d->eraseFromParent();
		llvm::Value *row = b.CreateMul(b.getInt64(s.offset), nwi);
		if (s.kind == context_slot::ANY) {
			/* Stores write this work-item's element, loads read
			 * the group's OR, kept after the row. */
			llvm::Value *base = b.CreateInBoundsGEP(b.getInt8Ty(), ctx, row);
			llvm::Value *mine = b.CreateInBoundsGEP(b.getInt32Ty(), base, lin);
			llvm::Value *any = b.CreateInBoundsGEP(b.getInt32Ty(), base, nwi);
			redirect_accesses(s.alloca, any, mine);
			addrs.push_back(mine);
			addrs.push_back(any);
			continue;
		}
		if (s.kind == context_slot::SHARED) {
			/* Loads read the group's copy, stores write the
			 * next one (context_slot). */
			llvm::Value *rd = b.CreateInBoundsGEP(b.getInt8Ty(), ctx, row);
			llvm::Value *wr = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), rd, s.size);
			redirect_accesses(s.alloca, rd, wr);
			addrs.push_back(rd);
			addrs.push_back(wr);
			continue;
		}
		llvm::Value *off = b.CreateAdd(row, b.CreateMul(b.getInt64(s.size), lin));
		llvm::Value *addr = b.CreateInBoundsGEP(b.getInt8Ty(), ctx, off);
		s.alloca->replaceAllUsesWith(addr);
		s.alloca->eraseFromParent();
		addrs.push_back(addr);
	}
	return addrs;
}

/* any = row[0] | ... | row[nwi - 1], the word after the row
 * (context_slot::ANY). */
static void publish_any(llvm::IRBuilder<> &b, llvm::Value *base, llvm::Value *nwi)
{
	llvm::Function *f = b.GetInsertBlock()->getParent();
	llvm::LLVMContext &c = f->getContext();
	llvm::BasicBlock *pre = b.GetInsertBlock();
	auto *loop = llvm::BasicBlock::Create(c, "any.loop", f);
	auto *done = llvm::BasicBlock::Create(c, "any.done", f);
	b.CreateBr(loop);
	b.SetInsertPoint(loop);
	llvm::PHINode *i = b.CreatePHI(b.getInt64Ty(), 2, "any.i");
	llvm::PHINode *acc = b.CreatePHI(b.getInt32Ty(), 2, "any.acc");
	i->addIncoming(b.getInt64(0), pre);
	acc->addIncoming(b.getInt32(0), pre);
	llvm::Value *v = b.CreateLoad(b.getInt32Ty(),
				      b.CreateInBoundsGEP(b.getInt32Ty(), base, i));
	llvm::Value *acc1 = b.CreateOr(acc, v);
	llvm::Value *i1 = b.CreateNUWAdd(i, b.getInt64(1));
	i->addIncoming(i1, loop);
	acc->addIncoming(acc1, loop);
	b.CreateCondBr(b.CreateICmpULT(i1, nwi), loop, done);
	b.SetInsertPoint(done);
	b.CreateStore(acc1, b.CreateInBoundsGEP(b.getInt32Ty(), base, nwi));
}

/* After a region: the group-wide copies of uniform values take what the
 * region wrote, and group-wide flags the OR of the work-items' words. */
static void publish_shared_slots(llvm::IRBuilder<> &b, llvm::Value *ctx,
				 llvm::Value *nwi,
				 const std::vector<context_slot> &slots)
{
	for (const context_slot &s : slots) {
		if (s.kind == context_slot::ROW)
			continue;
		llvm::Value *base = b.CreateInBoundsGEP(b.getInt8Ty(), ctx,
							b.CreateMul(b.getInt64(s.offset), nwi));
		if (s.kind == context_slot::ANY) {
			publish_any(b, base, nwi);
			continue;
		}
		llvm::Value *wr = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), base, s.size);
		b.CreateMemCpy(base, llvm::MaybeAlign(4), wr, llvm::MaybeAlign(4), s.size);
	}
}

/* An i32 alloca in f's entry that receives, before every return, the
 * region id the work-item function returns. */
static llvm::AllocaInst *record_next_region(llvm::Function &f)
{
	llvm::IRBuilder<> b(&*f.getEntryBlock().getFirstInsertionPt());
	llvm::AllocaInst *a = b.CreateAlloca(b.getInt32Ty(), nullptr, "kiln.next");
	for (llvm::BasicBlock &bb : f)
		if (auto *r = llvm::dyn_cast<llvm::ReturnInst>(bb.getTerminator()))
			new llvm::StoreInst(r->getReturnValue(), a, r);
	return a;
}

/* --- the work-group function ------------------------------------------ */

/* Loads launch/state scalars of the C structs in compiler.h. */
static llvm::Value *c_field(llvm::IRBuilder<> &b, llvm::Value *base, size_t off,
			    llvm::Type *t)
{
	return b.CreateLoad(t, b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), base, off));
}

/* Fills the info struct from the launch and state (§6.15.1 defaults beyond
 * work_dim). */
static llvm::Value *fill_info(llvm::IRBuilder<> &b, llvm::Value *launch,
			      llvm::Value *state, llvm::AllocaInst *info)
{
	llvm::Type *i64 = b.getInt64Ty();
	llvm::StructType *t = info_type(b.getContext());
	llvm::Value *dim = b.CreateZExt(
		c_field(b, launch, offsetof(kiln_wg_launch, work_dim), b.getInt32Ty()), i64);
	auto put = [&](info_field f, unsigned d, llvm::Value *v) {
		llvm::Value *p = f <= INFO_LOCAL_SIZE
					 ? b.CreateInBoundsGEP(t, info, {b.getInt32(0), b.getInt32(f), b.getInt32(d)})
					 : b.CreateStructGEP(t, info, f);
		b.CreateStore(v, p);
	};
	llvm::Value *nwi = b.getInt64(1);
	for (unsigned d = 0; d < 3; d++) {
		llvm::Value *in = b.CreateICmpULT(b.getInt64(d), dim);
		auto sel = [&](llvm::Value *base, size_t off, uint64_t dflt) {
			return b.CreateSelect(in, c_field(b, base, off + d * sizeof(size_t), i64),
					      b.getInt64(dflt));
		};
		put(INFO_GLOBAL_OFFSET, d, sel(launch, offsetof(kiln_wg_launch, global_offset), 0));
		put(INFO_GLOBAL_SIZE, d, sel(launch, offsetof(kiln_wg_launch, global_size), 1));
		put(INFO_ENQUEUED_LOCAL_SIZE, d, sel(launch, offsetof(kiln_wg_launch, local_size), 1));
		put(INFO_NUM_GROUPS, d, sel(launch, offsetof(kiln_wg_launch, num_groups), 1));
		put(INFO_GROUP_ID, d, sel(state, offsetof(kiln_wg_state, group_id), 0));
		llvm::Value *ls = sel(state, offsetof(kiln_wg_state, local_size), 1);
		put(INFO_LOCAL_SIZE, d, ls);
		nwi = b.CreateMul(nwi, ls);
	}
	put(INFO_WORK_DIM, 0, dim);
	llvm::Type *ptr = b.getPtrTy();
	put(INFO_LOCAL_MEM, 0, c_field(b, state, offsetof(kiln_wg_state, local_mem), ptr));
	put(INFO_CONTEXT, 0, c_field(b, state, offsetof(kiln_wg_state, context), ptr));
	put(INFO_NUM_WI, 0, nwi);
	return nwi;
}

/* The kernel's arguments from launch->args (compiler.h). */
static std::vector<llvm::Value *> load_args(llvm::IRBuilder<> &b, llvm::Function &k,
					    llvm::Value *launch, llvm::Value *state)
{
	std::vector<llvm::Value *> out;
	llvm::Type *ptr = b.getPtrTy();
	llvm::Value *args = c_field(b, launch, offsetof(kiln_wg_launch, args), ptr);
	llvm::Value *lmem = nullptr;
	for (llvm::Argument &a : k.args()) {
		llvm::Value *slot = b.CreateLoad(
			ptr, b.CreateConstInBoundsGEP1_64(ptr, args, a.getArgNo()));
		llvm::Type *t = a.getType();
		if (a.hasByValAttr()) {
			out.push_back(slot); /* the copy is made when inlined */
		} else if (t->isPointerTy() && t->getPointerAddressSpace() == 3) {
			if (!lmem)
				lmem = c_field(b, state, offsetof(kiln_wg_state, local_mem), ptr);
			llvm::Value *off = b.CreateLoad(b.getInt64Ty(), slot);
			out.push_back(b.CreateAddrSpaceCast(
				b.CreateInBoundsGEP(b.getInt8Ty(), lmem, off), t));
		} else {
			llvm::LoadInst *l = b.CreateLoad(t, slot);
			l->setAlignment(llvm::Align(1));
			out.push_back(l);
		}
	}
	return out;
}

/* for z, y, x over the group's local sizes around body(x, y, z); returns
 * the block after the nest. */
static llvm::BasicBlock *loop_nest(
	llvm::IRBuilder<> &b, llvm::Value *const ls[3],
	const std::function<void(llvm::IRBuilder<> &, llvm::Value *, llvm::Value *,
				 llvm::Value *)> &body)
{
	llvm::Function *f = b.GetInsertBlock()->getParent();
	llvm::LLVMContext &c = f->getContext();
	llvm::BasicBlock *pre = b.GetInsertBlock();
	auto *zh = llvm::BasicBlock::Create(c, "wi.z", f);
	auto *yh = llvm::BasicBlock::Create(c, "wi.y", f);
	auto *xb = llvm::BasicBlock::Create(c, "wi.x", f);
	auto *yl = llvm::BasicBlock::Create(c, "wi.y.latch", f);
	auto *zl = llvm::BasicBlock::Create(c, "wi.z.latch", f);
	auto *out = llvm::BasicBlock::Create(c, "wi.done", f);
	b.CreateBr(zh);
	b.SetInsertPoint(zh);
	llvm::PHINode *z = b.CreatePHI(b.getInt64Ty(), 2, "lz");
	z->addIncoming(b.getInt64(0), pre);
	b.CreateBr(yh);
	b.SetInsertPoint(yh);
	llvm::PHINode *y = b.CreatePHI(b.getInt64Ty(), 2, "ly");
	y->addIncoming(b.getInt64(0), zh);
	b.CreateBr(xb);
	b.SetInsertPoint(xb);
	llvm::PHINode *x = b.CreatePHI(b.getInt64Ty(), 2, "lx");
	x->addIncoming(b.getInt64(0), yh);
	body(b, x, y, z);
	llvm::Value *x1 = b.CreateNUWAdd(x, b.getInt64(1));
	x->addIncoming(x1, b.GetInsertBlock());
	b.CreateCondBr(b.CreateICmpULT(x1, ls[0]), xb, yl);
	b.SetInsertPoint(yl);
	llvm::Value *y1 = b.CreateNUWAdd(y, b.getInt64(1));
	y->addIncoming(y1, yl);
	b.CreateCondBr(b.CreateICmpULT(y1, ls[1]), yh, zl);
	b.SetInsertPoint(zl);
	llvm::Value *z1 = b.CreateNUWAdd(z, b.getInt64(1));
	z->addIncoming(z1, zl);
	b.CreateCondBr(b.CreateICmpULT(z1, ls[2]), zh, out);
	b.SetInsertPoint(out);
	return out;
}

bool make_workgroup_function(llvm::Function &k, std::string &log)
{
	llvm::Module &m = *k.getParent();
	llvm::LLVMContext &c = m.getContext();
	wi_params p;
	llvm::Function *wi = clone_as_workitem(k, p);
	replace_workitem_calls(*wi, p, &wi->getEntryBlock());
	uint64_t local_size = place_local_vars(*wi, p);
	preoptimize(*wi);
	scalarize_vectors(*wi);
	add_loop_barriers(*wi, p);
	converge_divergent_loops(*wi, p);

	std::vector<context_slot> slots;
	uint64_t ctx_size = 0;
	unsigned nbarriers = cut_at_barriers(*wi, p, divergence(*wi, p), slots, ctx_size);
	/* Where each work-item leaves the region it stopped at: one more
	 * context slot, written by the work-item function itself so that its
	 * alias scope is cloned with the others when the function is inlined
	 * (the inliner gives each inlined copy fresh scopes; a store made by
	 * the work-group function would share no domain with them and would
	 * keep the loop vectorizer asking for run-time overlap checks). */
	uint64_t next_off = 0;
	if (nbarriers) {
		next_off = (ctx_size + 3) / 4 * 4;
		ctx_size = next_off + 4;
		slots.push_back({record_next_region(*wi), next_off, 4});
	}
	std::vector<llvm::Value *> slot_addrs = place_slots(*wi, p, slots);
	alias_scopes scopes(c, slot_addrs.size());
	annotate_address_spaces(*wi, slot_addrs, scopes);
	/* Keep every slot aligned for the next work-item's row as well. */
	ctx_size = (ctx_size + 15) / 16 * 16;

	/* The work-group function. */
	llvm::Type *ptr = llvm::PointerType::get(c, 0);
	auto *ft = llvm::FunctionType::get(llvm::Type::getVoidTy(c), {ptr, ptr}, false);
	llvm::Function *wg = llvm::Function::Create(ft, llvm::GlobalValue::ExternalLinkage,
						    wg_name(k.getName()), &m);
	for (const char *a : {"target-cpu", "target-features", "prefer-vector-width",
			      "denormal-fp-math", "denormal-fp-math-f32",
			      "no-signed-zeros-fp-math", "unsafe-fp-math",
			      "no-nans-fp-math", "no-infs-fp-math"})
		if (k.hasFnAttribute(a))
			wg->addFnAttr(k.getFnAttribute(a));
	wg->addFnAttr(llvm::Attribute::NoUnwind);
	wg->addFnAttr(llvm::Attribute::NoRecurse);
	llvm::Argument *launch = wg->getArg(0), *state = wg->getArg(1);
	launch->setName("launch");
	state->setName("state");
	launch->addAttr(llvm::Attribute::NoAlias);
	launch->addAttr(llvm::Attribute::ReadOnly);
	state->addAttr(llvm::Attribute::NoAlias);

	llvm::IRBuilder<> b(llvm::BasicBlock::Create(c, "entry", wg));
	llvm::AllocaInst *info = b.CreateAlloca(info_type(c), nullptr, "info");
	llvm::Value *nwi = fill_info(b, launch, state, info);
	std::vector<llvm::Value *> args = load_args(b, k, launch, state);
	/* The loop bounds come straight from state->local_size, not from the
	 * info copy: that one is select(d < work_dim, size, 1), and
	 * InstCombine folds "x + 1 < select(c, n, 1)" into "c && x + 1 < n",
	 * a loop-invariant term in the exit test that leaves the loop
	 * vectorizer without a trip count.  The runtime (ndrange.c) already
	 * stores 1 in the dimensions beyond work_dim (§5.10: the unused
	 * dimensions have local size 1), so the plain load is the same value
	 * and every loop exits on "icmp ult %iv.next, %n". */
	llvm::Value *ls[3];
	for (unsigned d = 0; d < 3; d++)
		ls[d] = c_field(b, state, offsetof(kiln_wg_state, local_size) +
					  d * sizeof(size_t), b.getInt64Ty());
	llvm::Value *ctx = load_info(b, info, INFO_CONTEXT);

	auto call_wi = [&](llvm::IRBuilder<> &bb, llvm::Value *x, llvm::Value *y,
			   llvm::Value *z, uint32_t region) {
		std::vector<llvm::Value *> a = args;
		a.push_back(info);
		a.push_back(x);
		a.push_back(y);
		a.push_back(z);
		a.push_back(bb.getInt32(region));
		return bb.CreateCall(wi, a);
	};

	if (!nbarriers) {
		loop_nest(b, ls, [&](llvm::IRBuilder<> &bb, llvm::Value *x, llvm::Value *y,
				     llvm::Value *z) { call_wi(bb, x, y, z, 0); });
		b.CreateRetVoid();
	} else {
		llvm::BasicBlock *entry = b.GetInsertBlock();
		auto *dispatch = llvm::BasicBlock::Create(c, "region.dispatch", wg);
		auto *done = llvm::BasicBlock::Create(c, "region.exit", wg);
		llvm::Value *next_base = b.CreateInBoundsGEP(
			b.getInt8Ty(), ctx, b.CreateMul(b.getInt64(next_off), nwi));
		b.CreateBr(dispatch);
		b.SetInsertPoint(dispatch);
		llvm::PHINode *r = b.CreatePHI(b.getInt32Ty(), nbarriers + 2, "region");
		r->addIncoming(b.getInt32(0), entry);
		llvm::SwitchInst *sw = b.CreateSwitch(r, done, nbarriers + 1);
		for (uint32_t id = 0; id <= nbarriers; id++) {
			auto *start = llvm::BasicBlock::Create(c, "region." + llvm::Twine(id), wg);
			sw->addCase(b.getInt32(id), start);
			llvm::IRBuilder<> rb(start);
			llvm::Value *nb = next_base;
			loop_nest(rb, ls, [&](llvm::IRBuilder<> &bb, llvm::Value *x,
					      llvm::Value *y, llvm::Value *z) {
				call_wi(bb, x, y, z, id);
			});
			publish_shared_slots(rb, ctx, nwi, slots);
			/* Under the OpenCL 3.0 rule every work-item stopped at
			 * the same barrier: the first one speaks for all. */
			r->addIncoming(rb.CreateLoad(rb.getInt32Ty(), nb), rb.GetInsertBlock());
			rb.CreateBr(dispatch);
		}
		b.SetInsertPoint(done);
		b.CreateRetVoid();
	}
	/* Sizes the runtime asks for (kiln_executable_kernel). */
	llvm::Type *i64 = llvm::Type::getInt64Ty(c);
	new llvm::GlobalVariable(m, i64, true, llvm::GlobalValue::ExternalLinkage,
				 llvm::ConstantInt::get(i64, ctx_size), ctx_name(k.getName()));
	new llvm::GlobalVariable(m, i64, true, llvm::GlobalValue::ExternalLinkage,
				 llvm::ConstantInt::get(i64, local_size), lmem_name(k.getName()));

	std::string err;
	llvm::raw_string_ostream os(err);
	if (llvm::verifyFunction(*wi, &os) || llvm::verifyFunction(*wg, &os)) {
		os.flush();
		log += "error: internal compiler error in the work-group pass for kernel '" +
		       k.getName().str() + "': " + err + "\n";
		return false;
	}
	return true;
}

} // namespace kiln
