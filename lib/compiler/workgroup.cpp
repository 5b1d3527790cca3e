/* kiln-workgroup: the work-group function of each kernel (docs/compiler.md;
 * docs/architecture.md, "The compiler pipeline"):
 *
 *   void __kiln_wg_<k>(const struct kiln_wg_launch *, struct kiln_wg_state *)
 *
 * runs all work-items of one group.  It loads the kernel's arguments once
 * (compiler.h gives the layout), fills the launch description `info`, then
 * for each region runs a loop nest over the local ids (z, y, x; x
 * innermost, so that the loop vectorizer vectorizes across work-items)
 * calling the work-item function W(args..., info, x, y, z, region), which
 * -O3 inlines there with the region constant.  After each region it
 * publishes the group-wide context slots and goes on with the region
 * work-item 0 stopped at (under the OpenCL 3.0 rule every work-item of the
 * group stopped at the same barrier).  For a kernel with a known local size
 * (its reqd_work_group_size, or !kiln.local_size from the runtime's
 * kiln_finalize_for_size) the function tests the group's size first:
 * groups of that size run nests of constant bounds, with the sizes and the
 * work-item count stored in `info` as constants; smaller groups (the last
 * ones of a non-uniform range) a plain nest that -O3 leaves rolled and
 * scalar.  Where kiln-pair-workitems made __kiln_pair_<k> (work-items x
 * and x + 1 at once) and the known size is even along x, the groups of
 * that size call it with x stepping by 2.
 * Assumes: a work-item function __kiln_wi_<k> for each kernel k, through
 * kiln-context when it was cut at barriers (its layout: workitem_layout.cpp).
 * Guarantees: __kiln_wg_<k>, and the constants __kiln_ctx_<k> (context bytes
 * per work-item) and __kiln_lmem_<k> (local arena bytes) the runtime reads
 * (kiln_executable_kernel); the layout metadata is gone from W; k itself
 * is internal (nothing calls it: -O3 drops it); W and the new function
 * pass the verifier, or the build fails with an internal compiler error. */
#include "compiler/check_abi.h"
#include "compiler/passes.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Support/raw_ostream.h>

#include <cstddef>

namespace kiln {

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
		llvm::Value *base = b.CreateInBoundsGEP(b.getInt8Ty(), ctx,
							b.CreateMul(b.getInt64(s.offset), nwi));
		if (s.kind == context_slot::ANY) {
			publish_any(b, base, nwi);
			continue;
		}
		llvm::Value *wr = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), base, s.size);
		/* rows are as aligned as their values (kiln-context): a
		 * short or char copy may sit at any even or odd address */
		llvm::Align a = llvm::commonAlignment(
			llvm::commonAlignment(llvm::Align(4), s.offset), s.size);
		b.CreateMemCpy(base, a, wr, a, s.size);
	}
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
	llvm::Value *dim = b.CreateZExt(
		c_field(b, launch, offsetof(kiln_wg_launch, work_dim), b.getInt32Ty()), i64);
	auto put = [&](info_field f, unsigned d, llvm::Value *v) {
		b.CreateStore(v, info_slot(b, info, f, d));
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
			/* a memory object's data pointer: its slot holds the
			 * extent after it (compiler.h), which
			 * kiln-pair-iterations reads */
			if (t->isPointerTy() && (t->getPointerAddressSpace() == 1 ||
						 t->getPointerAddressSpace() == 2))
				l->setMetadata(arg_data_mark,
					       llvm::MDNode::get(b.getContext(), {}));
			out.push_back(l);
		}
	}
	return out;
}

/* Loop metadata (LLVM's LangRef, "llvm.loop"): neither vectorize nor
 * unroll the loop whose back edge carries it. */
static llvm::MDNode *plain_loop_md(llvm::LLVMContext &c)
{
	llvm::Metadata *no_vec[] = {llvm::MDString::get(c, "llvm.loop.vectorize.enable"),
				    llvm::ConstantAsMetadata::get(llvm::ConstantInt::getFalse(c))};
	llvm::Metadata *no_unroll[] = {llvm::MDString::get(c, "llvm.loop.unroll.disable")};
	return loop_id(c, {llvm::MDNode::get(c, no_vec), llvm::MDNode::get(c, no_unroll)});
}

/* Loop metadata: the loop whose back edge carries it is one for
 * kiln-jam-narrow. */
static llvm::MDNode *jam_loop_md(llvm::LLVMContext &c)
{
	llvm::Metadata *mark[] = {llvm::MDString::get(c, jam_mark)};
	return loop_id(c, {llvm::MDNode::get(c, mark)});
}

bool known_local_size(const llvm::Function &k, uint64_t r[3])
{
	llvm::MDNode *md = k.getMetadata(local_size_mark);
	if (!md)
		md = k.getMetadata("reqd_work_group_size");
	if (!md || md->getNumOperands() != 3)
		return false;
	for (unsigned d = 0; d < 3; d++) {
		auto *v = llvm::mdconst::dyn_extract<llvm::ConstantInt>(md->getOperand(d));
		if (!v || !v->getZExtValue())
			return false;
		r[d] = v->getZExtValue();
	}
	return true;
}

/* for z, y, x over the group's local sizes around body(x, y, z); returns
 * the block after the nest.  `plain`: the loops stay scalar and rolled
 * (the rare groups of a kernel specialized for another size).  `jam`: the
 * x loop is marked for kiln-jam-narrow (a narrow variant's work-items,
 * each a dependent chain of whole vectors).  `step`: x advances by it
 * (2 for a pair function, kiln-pair-workitems; ls[0] a multiple of it). */
static llvm::BasicBlock *loop_nest(
	llvm::IRBuilder<> &b, llvm::Value *const ls[3],
	const std::function<void(llvm::IRBuilder<> &, llvm::Value *, llvm::Value *,
				 llvm::Value *)> &body,
	bool plain = false, bool jam = false, uint64_t step = 1)
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
	llvm::Value *x1 = b.CreateNUWAdd(x, b.getInt64(step));
	x->addIncoming(x1, b.GetInsertBlock());
	llvm::BranchInst *xe = b.CreateCondBr(b.CreateICmpULT(x1, ls[0]), xb, yl);
	b.SetInsertPoint(yl);
	llvm::Value *y1 = b.CreateNUWAdd(y, b.getInt64(1));
	y->addIncoming(y1, yl);
	llvm::BranchInst *ye = b.CreateCondBr(b.CreateICmpULT(y1, ls[1]), yh, zl);
	b.SetInsertPoint(zl);
	llvm::Value *z1 = b.CreateNUWAdd(z, b.getInt64(1));
	z->addIncoming(z1, zl);
	llvm::BranchInst *ze = b.CreateCondBr(b.CreateICmpULT(z1, ls[2]), zh, out);
	if (plain)
		for (llvm::BranchInst *e : {xe, ye, ze})
			e->setMetadata(llvm::LLVMContext::MD_loop, plain_loop_md(c));
	else if (jam)
		xe->setMetadata(llvm::LLVMContext::MD_loop, jam_loop_md(c));
	b.SetInsertPoint(out);
	return out;
}

/* For a work-item function that runs as fibers (kiln-subgroups): the
 * entry of each fiber, __kiln_fiber_<k>(closure, state, x, y, z), which
 * calls wi with the arguments and `info` the work-group function left in
 * `closure`, and the call of the runtime's run_fibers that replaces the
 * work-item loops. */
static void hand_to_fibers(llvm::IRBuilder<> &b, llvm::Function &k, llvm::Function &wi,
			   llvm::Function &wg, llvm::Value *state, llvm::Value *info,
			   const std::vector<llvm::Value *> &args)
{
	llvm::Module &m = *k.getParent();
	llvm::LLVMContext &c = m.getContext();
	llvm::Type *ptr = llvm::PointerType::get(c, 0), *i64 = b.getInt64Ty();
	std::vector<llvm::Type *> fields;
	for (llvm::Value *a : args)
		fields.push_back(a->getType());
	fields.push_back(ptr);
	llvm::StructType *closure_ty = llvm::StructType::get(c, fields);

	auto *ft = llvm::FunctionType::get(llvm::Type::getVoidTy(c), {ptr, ptr, i64, i64, i64},
					   false);
	llvm::Function *fe = llvm::Function::Create(ft, llvm::GlobalValue::InternalLinkage,
						    fiber_name(k.getName()), &m);
	for (const llvm::Attribute &attr : wg.getAttributes().getFnAttrs())
		fe->addFnAttr(attr);
	fe->setDSOLocal(true);
	llvm::IRBuilder<> fb(llvm::BasicBlock::Create(c, "entry", fe));
	std::vector<llvm::Value *> a;
	for (unsigned i = 0; i < fields.size(); i++)
		a.push_back(fb.CreateLoad(fields[i],
					  fb.CreateStructGEP(closure_ty, fe->getArg(0), i)));
	a.push_back(fe->getArg(2));
	a.push_back(fe->getArg(3));
	a.push_back(fe->getArg(4));
	a.push_back(fb.getInt32(0));
	fb.CreateCall(&wi, a);
	fb.CreateRetVoid();

	llvm::AllocaInst *closure = b.CreateAlloca(closure_ty, nullptr, "fiber.closure");
	for (unsigned i = 0; i < args.size(); i++)
		b.CreateStore(args[i], b.CreateStructGEP(closure_ty, closure, i));
	b.CreateStore(info, b.CreateStructGEP(closure_ty, closure, (unsigned)args.size()));
	llvm::Value *run = service(b, state, offsetof(kiln_wg_services, run_fibers));
	auto *run_ty = llvm::FunctionType::get(llvm::Type::getVoidTy(c),
					       {ptr, ptr, ptr, b.getInt32Ty()}, false);
	b.CreateCall(run_ty, run, {state, fe, closure, b.getInt32(fiber_sub_group_size(wi))});
}

/* Makes __kiln_wg_<k> for kernel k and its work-item function wi. */
/* Checked mode's race check (check_abi.h): every work-item of the group
 * has passed the barrier that ended the region, so the accesses of the
 * next one are of a new barrier episode: state->check->race_epoch + 1,
 * before b's insertion point (which must be followed by more of its
 * block). */
static void end_race_episode(llvm::IRBuilder<> &b, llvm::Value *state)
{
	llvm::Value *chk = c_field(b, state, offsetof(kiln_wg_state, check), b.getPtrTy());
	llvm::Instruction *t = llvm::SplitBlockAndInsertIfThen(
		b.CreateIsNotNull(chk), &*b.GetInsertPoint(), false);
	llvm::IRBuilder<> tb(t);
	llvm::Value *at = tb.CreateConstInBoundsGEP1_64(
		tb.getInt8Ty(), chk, offsetof(struct kiln_check_launch, race_epoch));
	tb.CreateStore(tb.CreateAdd(tb.CreateLoad(tb.getInt32Ty(), at), tb.getInt32(1)), at);
}

static bool make_workgroup_function(llvm::Function &k, llvm::Function &wi,
				    pass_errors *errors, bool race_epochs)
{
	llvm::Module &m = *k.getParent();
	llvm::LLVMContext &c = m.getContext();
	workitem_layout lay = read_layout(wi);
	clear_layout(wi);
	uint32_t nbarriers = lay.regions;
	uint64_t ctx_size = lay.context_size, next_off = lay.next_offset;
	const std::vector<context_slot> &slots = lay.published;
	if (nbarriers && !ctx_size) {
		if (errors)
			errors->error("internal compiler error in the work-group pass for kernel '" +
				      k.getName().str() + "': regions without a context");
		return false;
	}

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
	uint64_t reqd[3];
	bool specialize = known_local_size(k, reqd) && !runs_as_fibers(wi);
	bool jam = wi.hasFnAttribute(keep_vectors_attr);

	/* kiln-pair-workitems' function for work-items x and x + 1, for
	 * groups of the known size when it is even along x */
	llvm::Function *pair = m.getFunction(pair_name(k.getName()));
	if (pair) {
		clear_layout(*pair);
		if (!specialize || reqd[0] % 2)
			pair = nullptr;
	}

	auto call_wi = [&](llvm::IRBuilder<> &bb, llvm::Function &w, llvm::Value *x,
			   llvm::Value *y, llvm::Value *z, uint32_t region) {
		std::vector<llvm::Value *> a = args;
		a.push_back(info);
		a.push_back(x);
		a.push_back(y);
		a.push_back(z);
		a.push_back(bb.getInt32(region));
		return bb.CreateCall(&w, a);
	};

	/* The loop nests and region dispatch for groups of local size gls
	 * (gnwi work-items), from gb's block on; `paired`: through the pair
	 * function, x stepping by 2. */
	auto run_group = [&](llvm::IRBuilder<> &gb, llvm::Value *const gls[3], llvm::Value *gnwi,
			     bool plain, bool paired) {
		llvm::Function &w = paired ? *pair : wi;
		uint64_t step = paired ? 2 : 1;
		bool jam_x = jam && !paired;
		if (!nbarriers) {
			loop_nest(gb, gls, [&](llvm::IRBuilder<> &bb, llvm::Value *x, llvm::Value *y,
					     llvm::Value *z) { call_wi(bb, w, x, y, z, 0); },
				  plain, jam_x, step);
			gb.CreateRetVoid();
			return;
		}
		llvm::BasicBlock *entry = gb.GetInsertBlock();
		auto *dispatch = llvm::BasicBlock::Create(c, "region.dispatch", wg);
		auto *done = llvm::BasicBlock::Create(c, "region.exit", wg);
		llvm::Value *next_base = gb.CreateInBoundsGEP(
			gb.getInt8Ty(), ctx, gb.CreateMul(gb.getInt64(next_off), gnwi));
		gb.CreateBr(dispatch);
		gb.SetInsertPoint(dispatch);
		llvm::PHINode *r = gb.CreatePHI(gb.getInt32Ty(), nbarriers + 2, "region");
		r->addIncoming(gb.getInt32(0), entry);
		llvm::SwitchInst *sw = gb.CreateSwitch(r, done, nbarriers + 1);
		for (uint32_t id = 0; id <= nbarriers; id++) {
			auto *start = llvm::BasicBlock::Create(c, "region." + llvm::Twine(id), wg);
			sw->addCase(gb.getInt32(id), start);
			llvm::IRBuilder<> rb(start);
			llvm::Value *nb = next_base;
			loop_nest(rb, gls, [&](llvm::IRBuilder<> &bb, llvm::Value *x,
					      llvm::Value *y, llvm::Value *z) {
				call_wi(bb, w, x, y, z, id);
			}, plain, jam_x, step);
			publish_shared_slots(rb, ctx, gnwi, slots);
			if (race_epochs) {
				/* a placeholder to split before */
				llvm::Instruction *here = rb.CreateUnreachable();
				rb.SetInsertPoint(here);
				end_race_episode(rb, state);
				rb.SetInsertPoint(here->getParent());
				here->eraseFromParent();
			}
			/* Under the OpenCL 3.0 rule every work-item stopped at
			 * the same barrier: the first one speaks for all. */
			llvm::Value *next = rb.CreateLoad(
				rb.getIntNTy((unsigned)lay.next_size * 8), nb);
			r->addIncoming(rb.CreateZExt(next, rb.getInt32Ty()), rb.GetInsertBlock());
			rb.CreateBr(dispatch);
		}
		gb.SetInsertPoint(done);
		gb.CreateRetVoid();
	};

	if (runs_as_fibers(wi)) {
		hand_to_fibers(b, k, wi, *wg, state, info, args);
		b.CreateRetVoid();
	} else if (specialize) {
		/* reqd_work_group_size (OpenCL C 3.0 §6.11.2): every group
		 * has that size except, in a non-uniform range, the last
		 * ones along a dimension.  Groups of the size run loops of
		 * constant trip counts and a constant context stride
		 * (the vectorizer needs no remainder, no run-time checks
		 * on the context); the others a plain copy. */
		llvm::Value *full = b.getTrue();
		llvm::Value *cls[3];
		for (unsigned d = 0; d < 3; d++) {
			cls[d] = b.getInt64(reqd[d]);
			full = b.CreateAnd(full, b.CreateICmpEQ(ls[d], cls[d]));
		}
		auto *sized = llvm::BasicBlock::Create(c, "group.reqd", wg);
		auto *other = llvm::BasicBlock::Create(c, "group.other", wg);
		b.CreateCondBr(full, sized, other);
		llvm::IRBuilder<> sb(sized);
		llvm::Value *cnwi = sb.getInt64(reqd[0] * reqd[1] * reqd[2]);
		for (unsigned d = 0; d < 3; d++)
			sb.CreateStore(cls[d], info_slot(sb, info, INFO_LOCAL_SIZE, d));
		sb.CreateStore(cnwi, info_slot(sb, info, INFO_NUM_WI));
		run_group(sb, cls, cnwi, false, pair != nullptr);
		llvm::IRBuilder<> ob(other);
		run_group(ob, ls, nwi, true, false);
	} else {
		run_group(b, ls, nwi, false, false);
	}
	/* Sizes the runtime asks for (kiln_executable_kernel). */
	add_runtime_constant(m, ctx_name(k.getName()), ctx_size);
	add_runtime_constant(m, lmem_name(k.getName()), lay.local_size);

	std::string err;
	llvm::raw_string_ostream os(err);
	if (llvm::verifyFunction(wi, &os) || (pair && llvm::verifyFunction(*pair, &os)) ||
	    llvm::verifyFunction(*wg, &os)) {
		os.flush();
		if (errors)
			errors->error("internal compiler error in the work-group pass for kernel '" +
				      k.getName().str() + "': " + err);
		return false;
	}
	k.setLinkage(llvm::GlobalValue::InternalLinkage);
	return true;
}

llvm::PreservedAnalyses workgroup_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &)
{
	std::vector<std::pair<llvm::Function *, llvm::Function *>> todo;
	for (llvm::Function &f : m) {
		wi_params p;
		if (!workitem_params(f, p) || m.getFunction(wg_name(f.getName().drop_front(10))))
			continue;
		if (llvm::Function *k = kernel_of_workitem(f))
			todo.push_back({k, &f});
	}
	for (auto &[k, wi] : todo)
		if (!make_workgroup_function(*k, *wi, errors, race_epochs))
			break;
	return todo.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
}

} // namespace kiln
