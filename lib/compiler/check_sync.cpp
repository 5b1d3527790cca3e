/* kiln-check-sync: checked mode's barrier, uninitialized-read and race
 * checks (KILN_CHECK=barriers,uninit,races; docs/checked_mode.md), after
 * kiln-check-bounds on a work-item function.
 *
 * Barrier divergence: before each barrier whose block kiln-uniformity
 * cannot prove every work-item of the group reaches (with race checks:
 * before every barrier), a call of the runtime's arrive service with the
 * barrier's site.  The runtime (lib/core/check.c) counts the work-items at
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
 * scratch global instead of the shadow.
 *
 * Races on __local memory: every access of the program's own code to
 * local memory calls the runtime's access service, which keeps a record
 * per byte (who wrote, who read) since the last barrier every work-item
 * passed; a byte written by one work-item and read or written by another
 * in that time is a race.  Atomics are left out (they order), and a
 * function with atomics (which may order plain accesses, as a lock does)
 * is not checked for races.
 * Assumes: calls to the barrier functions still present (before
 * kiln-barriers), __local variables still globals or arguments.
 * Guarantees: added calls carry !kiln.check. */
#include "compiler/check_abi.h"
#include "compiler/check_passes.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

#include <cstddef>

namespace kiln {

static const unsigned local_as = 3;

static llvm::Function *callee(llvm::Instruction &i)
{
	auto *c = llvm::dyn_cast<llvm::CallBase>(&i);
	return c ? llvm::dyn_cast<llvm::Function>(c->getCalledOperand()->stripPointerCasts())
		 : nullptr;
}

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

/* A private scratch global the shadow accesses of out-of-arena addresses
 * go to (all ones: such a read never reports). */
static llvm::GlobalVariable *scratch(llvm::Module &m)
{
	const char *name = "__kiln_check_shadow_scratch";
	if (llvm::GlobalVariable *g = m.getGlobalVariable(name, true))
		return g;
	auto *t = llvm::ArrayType::get(llvm::Type::getInt8Ty(m.getContext()), 256);
	llvm::Constant *init = llvm::ConstantDataArray::get(
		m.getContext(), llvm::ArrayRef<uint8_t>(std::vector<uint8_t>(256, 1)));
	auto *g = new llvm::GlobalVariable(m, t, false, llvm::GlobalValue::InternalLinkage,
					   init, name);
	g->setAlignment(llvm::Align(64));
	return g;
}

/* The shadow address of the `size` local bytes at ptr (or the scratch
 * when they are not all in the group's arena). */
static llvm::Value *shadow_of(llvm::IRBuilder<> &b, llvm::Value *ptr, uint64_t size)
{
	llvm::Module &m = *b.GetInsertBlock()->getModule();
	llvm::Type *i64 = b.getInt64Ty();
	llvm::Value *lo = b.CreatePtrToInt(state_field(b, offsetof(struct kiln_wg_state, local_mem)), i64);
	llvm::Value *hi = b.CreatePtrToInt(state_field(b, offsetof(struct kiln_wg_state, local_end)), i64);
	llvm::Value *addr = b.CreatePtrToInt(ptr, i64);
	llvm::Value *off = b.CreateSub(addr, lo);
	llvm::Value *bytes = b.CreateSub(hi, lo);
	llvm::Value *in = b.CreateAnd(b.CreateICmpUGE(bytes, b.getInt64(size)),
				      b.CreateICmpULE(off, b.CreateSub(bytes, b.getInt64(size))));
	llvm::Value *delta = b.CreateLoad(
		i64, b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), check_launch(b),
						  offsetof(struct kiln_check_launch, shadow_delta)));
	llvm::Value *sh = b.CreateIntToPtr(b.CreateAdd(addr, delta), b.getPtrTy());
	return b.CreateSelect(in, sh, scratch(m));
}

/* A load or store of the shadow (or its scratch), which nothing but
 * checked mode's code touches: it gets the failure records' alias scope
 * (kiln-check-state). */
static llvm::Instruction *shadow_access(llvm::Instruction *i)
{
	i->setMetadata(check_record_mark, llvm::MDNode::get(i->getContext(), {}));
	return i;
}

/* Sets the shadow of `size` (at most 256) bytes at ptr. */
static void mark_written(llvm::IRBuilder<> &b, llvm::Value *ptr, llvm::Value *size)
{
	auto *c = llvm::dyn_cast<llvm::ConstantInt>(size);
	if (c && c->getZExtValue() <= 8 && llvm::isPowerOf2_64(c->getZExtValue())) {
		uint64_t n = c->getZExtValue();
		llvm::Value *sh = shadow_of(b, ptr, n);
		shadow_access(b.CreateStore(
			llvm::ConstantInt::get(b.getIntNTy(8 * n), 0x0101010101010101ull), sh));
		return;
	}
	/* a longer or variable length (memcpy, memset): byte by byte in the
	 * runtime's arena check would need a loop; the shadow covers whole
	 * arena, so clamp the length to it */
	llvm::Type *i64 = b.getInt64Ty();
	llvm::Value *lo = b.CreatePtrToInt(state_field(b, offsetof(struct kiln_wg_state, local_mem)), i64);
	llvm::Value *hi = b.CreatePtrToInt(state_field(b, offsetof(struct kiln_wg_state, local_end)), i64);
	llvm::Value *addr = b.CreatePtrToInt(ptr, i64);
	llvm::Value *len = b.CreateZExtOrTrunc(size, i64);
	llvm::Value *in = b.CreateAnd(b.CreateICmpUGE(addr, lo),
				      b.CreateICmpULE(b.CreateAdd(addr, len), hi));
	llvm::Value *delta = b.CreateLoad(
		i64, b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), check_launch(b),
						  offsetof(struct kiln_check_launch, shadow_delta)));
	llvm::Value *sh = b.CreateIntToPtr(b.CreateAdd(addr, delta), b.getPtrTy());
	shadow_access(b.CreateMemSet(sh, b.getInt8(1), b.CreateSelect(in, len, b.getInt64(0)),
				     llvm::MaybeAlign(1)));
}

static std::string object_name(const llvm::Value *obj, llvm::Function &k, int &arg)
{
	arg = -1;
	if (auto *a = llvm::dyn_cast<llvm::Argument>(obj)) {
		arg = (int)a->getArgNo();
		std::string n;
		if (llvm::MDNode *md = k.getMetadata("kernel_arg_name"))
			if (a->getArgNo() < md->getNumOperands())
				if (auto *s = llvm::dyn_cast_or_null<llvm::MDString>(
					    md->getOperand(a->getArgNo())))
					n = s->getString().str();
		if (n.empty() && a->getArgNo() < k.arg_size())
			n = k.getArg(a->getArgNo())->getName().str();
		return "argument " + std::to_string(a->getArgNo()) + " \"" + n + "\"";
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

static bool instrument(llvm::Function &f, const wi_params &p, unsigned checks,
		       const divergence &div)
{
	llvm::Function *k = kernel_of_workitem(f);
	if (!k || is_block_kernel(*k) || k->getMetadata(block_kernel_mark))
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
	bool changed = false;
	for (llvm::Instruction *i : todo) {
		/* barriers */
		if (llvm::Function *g = callee(*i); g && is_barrier(g)) {
			bool divergent = !div.reached_by_all(i->getParent());
			if (!((checks & KILN_CHECK_BARRIERS) && divergent) &&
			    !(checks & KILN_CHECK_RACES))
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
		if ((checks & KILN_CHECK_RACES) && user && !atomic) {
			s.kind = KILN_CHECK_KIND_RACE;
			llvm::IRBuilder<> b(i);
			llvm::Value *fn =
				check_service(b, offsetof(struct kiln_check_launch, access));
			auto *ft = llvm::FunctionType::get(
				b.getVoidTy(),
				{b.getPtrTy(), b.getPtrTy(), i64, i64, i64, i64, i64, i64}, false);
			llvm::CallInst *st = b.CreateCall(m.getOrInsertFunction(
				"__kiln_wg_state", llvm::FunctionType::get(b.getPtrTy(), false)));
			st->setDoesNotAccessMemory();
			llvm::CallInst *c = b.CreateCall(
				ft, fn,
				{st, check_site(m, s), b.CreatePtrToInt(ptr, i64), b.getInt64(size),
				 b.getInt64(write ? 1 : 0), p.x, p.y, p.z});
			c->setMetadata(check_call_mark, llvm::MDNode::get(b.getContext(), {}));
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
		if (!user || atomic)
			continue;
		/* the read: every byte's shadow is 1 */
		s.kind = KILN_CHECK_KIND_UNINIT;
		llvm::IRBuilder<> b(i);
		llvm::Value *all;
		if (size <= 8 && llvm::isPowerOf2_64(size)) {
			llvm::Type *n = b.getIntNTy(8 * (unsigned)size);
			llvm::Value *sh = shadow_access(b.CreateLoad(n, shadow_of(b, ptr, size)));
			all = b.CreateICmpEQ(sh, llvm::ConstantInt::get(n, 0x0101010101010101ull));
		} else {
			llvm::Value *sh = shadow_of(b, ptr, size);
			all = b.getTrue();
			for (uint64_t j = 0; j < size; j++)
				all = b.CreateAnd(all, b.CreateICmpNE(
							       shadow_access(b.CreateLoad(
								       b.getInt8Ty(),
								       b.CreateConstGEP1_64(
									       b.getInt8Ty(), sh, j))),
							       b.getInt8(0)));
		}
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
	if (!instrument(f, p, checks, div))
		return llvm::PreservedAnalyses::all();
	return llvm::PreservedAnalyses::none();
}

} // namespace kiln
