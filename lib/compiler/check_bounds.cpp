/* kiln-check-bounds: checked mode's bounds checks (KILN_CHECK=bounds;
 * docs/checked_mode.md).
 *
 * Every load, store, atomicrmw and cmpxchg of the program's own code (the
 * instructions mark_user_accesses tagged before kernel-lib was linked in:
 * kernel-lib is trusted) in a work-item function is checked against the
 * object its pointer points into, found with getUnderlyingObject:
 *   - a pointer argument of the kernel: the runtime's extent table for the
 *     launch (state->check->args[i], compiler/check_abi.h): buffer,
 *     sub-buffer, SVM/USM allocation, __local argument;
 *   - an alloca (private array), a __local, __constant or program-scope
 *     variable: its size, known here;
 *   - anything else (a pointer read from memory, a select between objects):
 *     the runtime's lookup among every object it knows, for __global,
 *     __constant and generic pointers; private pointers of unknown origin
 *     are left alone.
 * An access whose offset is a constant inside a constant extent is not
 * instrumented.  The check is one unsigned compare,
 *     (addr - base) u< (extent >= size ? extent - size + 1 : 0),
 * guarding the access; when it fails the access does not happen (a load
 * gives zero, a store is dropped) and the runtime's report service is
 * called with the site (a constant struct kiln_check_site: kernel, line,
 * object), the offset, the extent and the local id.  The failing side is
 * marked unlikely, so that inductive range check elimination (IRCE, in the
 * optimisation stage of a checked build) can take the compare out of the
 * main part of a work-item loop where the offset is affine in the
 * work-item id, which then vectorizes as without checks.
 * Assumes: a work-item function after kiln-workitem and SROA, before
 * kiln-local-vars (so __local variables are still globals).
 * Guarantees: instrumented calls carry !kiln.check (calls_only_intrinsics
 * lets them stay inside loops that get implicit barriers). */
#include "compiler/check_abi.h"
#include "compiler/check_passes.h"

#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <array>
#include <cstddef>
#include <map>
#include <set>

namespace kiln {

void mark_user_accesses(llvm::Module &m)
{
	llvm::LLVMContext &c = m.getContext();
	llvm::MDNode *mark = llvm::MDNode::get(c, {});
	for (llvm::Function &f : m)
		for (llvm::BasicBlock &bb : f)
			for (llvm::Instruction &i : bb)
				if (llvm::isa<llvm::LoadInst>(i) || llvm::isa<llvm::StoreInst>(i) ||
				    llvm::isa<llvm::AtomicRMWInst>(i) ||
				    llvm::isa<llvm::AtomicCmpXchgInst>(i))
					i.setMetadata(check_user_mark, mark);
}

/* state = __kiln_wg_state() (kiln-wg-state makes it the work-group
 * function's argument), state->check, and a field of that. */
static llvm::Value *wg_state(llvm::IRBuilder<> &b)
{
	llvm::Module *m = b.GetInsertBlock()->getModule();
	llvm::FunctionCallee fn = m->getOrInsertFunction(
		"__kiln_wg_state",
		llvm::FunctionType::get(b.getPtrTy(), false));
	if (auto *f = llvm::dyn_cast<llvm::Function>(fn.getCallee()))
		f->setDoesNotAccessMemory();
	llvm::CallInst *call = b.CreateCall(fn);
	call->setDoesNotAccessMemory();
	return call;
}

llvm::LoadInst *check_invariant_load(llvm::IRBuilder<> &b, llvm::Type *t, llvm::Value *p,
				     uint64_t deref)
{
	llvm::LLVMContext &c = b.getContext();
	llvm::LoadInst *l = b.CreateLoad(t, p);
	l->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(c, {}));
	if (deref && t->isPointerTy()) {
		llvm::Metadata *n = llvm::ConstantAsMetadata::get(b.getInt64(deref));
		l->setMetadata(llvm::LLVMContext::MD_dereferenceable, llvm::MDNode::get(c, n));
		l->setMetadata(llvm::LLVMContext::MD_nonnull, llvm::MDNode::get(c, {}));
		/* pointers to the runtime's structures, which hold pointers: with
		 * their alignment known, loads from them may be speculated
		 * (LICM hoists them from the failing side of a check) */
		llvm::Metadata *a = llvm::ConstantAsMetadata::get(b.getInt64(alignof(void *)));
		l->setMetadata(llvm::LLVMContext::MD_align, llvm::MDNode::get(c, a));
	}
	return l;
}

llvm::Value *check_launch(llvm::IRBuilder<> &b)
{
	llvm::Value *st = wg_state(b);
	llvm::Value *at = b.CreateConstInBoundsGEP1_64(
		b.getInt8Ty(), st, offsetof(struct kiln_wg_state, check));
	return check_invariant_load(b, b.getPtrTy(), at, sizeof(struct kiln_check_launch));
}

llvm::Value *check_service(llvm::IRBuilder<> &b, size_t offset)
{
	llvm::Value *chk = check_launch(b);
	llvm::Value *at = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), chk, offset);
	return check_invariant_load(b, b.getPtrTy(), at, 0);
}

void check_hoist_tables(llvm::Function &f)
{
	llvm::BasicBlock &entry = f.getEntryBlock();
	llvm::Instruction *at = entry.getTerminator();
	std::set<llvm::Instruction *> moved;
	/* plain constants only: a __local variable's address becomes an
	 * instruction of kiln-local-vars later, placed where it was used */
	auto in_entry = [&](llvm::Value *v) {
		if (auto *i = llvm::dyn_cast<llvm::Instruction>(v))
			return i->getParent() == &entry;
		return llvm::isa<llvm::Argument>(v) || llvm::isa<llvm::ConstantData>(v);
	};
	llvm::ReversePostOrderTraversal<llvm::Function *> rpo(&f);
	for (llvm::BasicBlock *bb : rpo) {
		if (bb == &entry)
			continue;
		std::vector<llvm::Instruction *> todo;
		for (llvm::Instruction &i : *bb)
			todo.push_back(&i);
		for (llvm::Instruction *i : todo) {
			bool root = false, ok = true;
			if (auto *c = llvm::dyn_cast<llvm::CallInst>(i)) {
				root = c->arg_empty() && c->getCalledFunction() &&
				       c->getCalledFunction()->getName() == "__kiln_wg_state";
				ok = root;
			} else if (auto *l = llvm::dyn_cast<llvm::LoadInst>(i)) {
				ok = l->isSimple() &&
				     l->getMetadata(llvm::LLVMContext::MD_invariant_load);
			} else {
				ok = !llvm::isa<llvm::PHINode>(i) && !i->isTerminator() &&
				     llvm::isSafeToSpeculativelyExecute(i);
			}
			if (!ok)
				continue;
			bool from_table = root;
			for (unsigned n = 0; !root && n < i->getNumOperands(); n++) {
				llvm::Value *op = i->getOperand(n);
				ok &= in_entry(op);
				if (auto *oi = llvm::dyn_cast<llvm::Instruction>(op))
					from_table |= moved.count(oi) != 0;
			}
			if (ok && from_table) {
				i->moveBefore(at);
				moved.insert(i);
			}
		}
	}
}

/* A private constant string (NULL for an empty one). */
static llvm::Constant *cstring(llvm::Module &m, llvm::StringRef s)
{
	llvm::PointerType *p = llvm::PointerType::get(m.getContext(), 0);
	if (s.empty())
		return llvm::ConstantPointerNull::get(p);
	llvm::Constant *init = llvm::ConstantDataArray::getString(m.getContext(), s);
	auto *g = new llvm::GlobalVariable(m, init->getType(), true,
					   llvm::GlobalValue::PrivateLinkage, init,
					   "__kiln_check_str");
	g->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
	return g;
}

llvm::Constant *check_site(llvm::Module &m, const check_site_info &s)
{
	llvm::LLVMContext &c = m.getContext();
	llvm::Type *i32 = llvm::Type::getInt32Ty(c);
	llvm::PointerType *p = llvm::PointerType::get(c, 0);
	auto *st = llvm::StructType::get(c, {i32, i32, i32, i32, i32, i32, p, p, p});
	unsigned line = 0, col = 0;
	std::string file;
	if (s.loc) {
		line = s.loc.getLine();
		col = s.loc.getCol();
		if (auto *scope = llvm::dyn_cast_or_null<llvm::DIScope>(s.loc.getScope()))
			file = scope->getFilename().str();
	}
	llvm::Constant *init = llvm::ConstantStruct::get(
		st, {llvm::ConstantInt::get(i32, s.kind), llvm::ConstantInt::get(i32, line),
		     llvm::ConstantInt::get(i32, col),
		     llvm::ConstantInt::get(i32, (uint32_t)s.arg),
		     llvm::ConstantInt::get(i32, s.access_size),
		     llvm::ConstantInt::get(i32, s.is_write ? 1 : 0), cstring(m, file),
		     cstring(m, s.kernel), cstring(m, s.object)});
	static_assert(sizeof(struct kiln_check_site) == 48, "kiln_check_site layout");
	return new llvm::GlobalVariable(m, st, true, llvm::GlobalValue::PrivateLinkage,
					init, "__kiln_check_site");
}

/* Stores a failure at work-item `lin`'s record unless it has one from
 * this group already (check_abi.h's rec_* arrays of the check table
 * `chk`), at b's insertion point, which must be followed by more of its
 * block.  The arrays' addresses are read before the branch, where the loop
 * passes can hoist them. */
/* The addresses of work-item `lin`'s record fields: rec_flag, rec_site,
 * rec_offset, rec_extent (check_abi.h). */
static std::array<llvm::Value *, 4> record_fields(llvm::IRBuilder<> &b, llvm::Value *chk,
						  llvm::Value *lin)
{
	llvm::Type *ptr = b.getPtrTy(), *i64 = b.getInt64Ty(), *i8 = b.getInt8Ty();
	auto array = [&](size_t field, llvm::Type *t) {
		return b.CreateInBoundsGEP(
			t,
			check_invariant_load(b, ptr, b.CreateConstInBoundsGEP1_64(i8, chk, field), 0),
			lin);
	};
	return { array(offsetof(struct kiln_check_launch, rec_flag), i8),
		 array(offsetof(struct kiln_check_launch, rec_site), ptr),
		 array(offsetof(struct kiln_check_launch, rec_offset), i64),
		 array(offsetof(struct kiln_check_launch, rec_extent), i64) };
}

static void emit_record(llvm::IRBuilder<> &b, llvm::Value *chk, llvm::Value *site,
			llvm::Value *offset, llvm::Value *extent, llvm::Value *lin)
{
	llvm::LLVMContext &c = b.getContext();
	/* each array a scope of its own (kiln.check.records.flag, ...): the
	 * four arrays never overlap, and in one scope the loop vectorizer
	 * compared their ranges at run time before every vectorized loop
	 * with a record in it (six pairs) */
	static const char *const field[4] = { ".flag", ".site", ".offset", ".extent" };
	std::string kind[4];
	for (int n = 0; n < 4; n++)
		kind[n] = std::string(check_records_scope) + field[n];
	auto at = record_fields(b, chk, lin);
	llvm::LoadInst *flag = b.CreateLoad(b.getInt8Ty(), at[0]);
	check_memory(flag, kind[0].c_str());
	/* the work-item's first failure of the group only */
	llvm::MDBuilder mdb(c);
	llvm::Instruction *t = llvm::SplitBlockAndInsertIfThen(
		b.CreateICmpEQ(flag, b.getInt8(0)), &*b.GetInsertPoint(), false,
		mdb.createBranchWeights(1u << 20, 1));
	llvm::IRBuilder<> tb(t);
	llvm::Value *v[4] = { b.getInt8(1), site, offset, extent };
	for (int n = 0; n < 4; n++)
		check_memory(tb.CreateStore(v[n], at[n]), kind[n].c_str());
}

/* The module's record function, made at its first use:
 *   void __kiln_check_record(ptr chk, ptr site, i64 offset, i64 extent, i64 lin)
 * is emit_record out of line (noinline, cold). */
static llvm::Function *record_function(llvm::Module &m)
{
	static const char name[] = "__kiln_check_record";
	if (llvm::Function *f = m.getFunction(name))
		return f;
	llvm::LLVMContext &c = m.getContext();
	llvm::Type *i64 = llvm::Type::getInt64Ty(c);
	llvm::Type *ptr = llvm::PointerType::get(c, 0);
	auto *ft = llvm::FunctionType::get(llvm::Type::getVoidTy(c), {ptr, ptr, i64, i64, i64},
					   false);
	auto *f = llvm::Function::Create(ft, llvm::GlobalValue::PrivateLinkage, name, m);
	f->addFnAttr(llvm::Attribute::NoInline);
	f->addFnAttr(llvm::Attribute::Cold);
	f->addFnAttr(llvm::Attribute::NoUnwind);
	llvm::IRBuilder<> b(llvm::BasicBlock::Create(c, "entry", f));
	b.SetInsertPoint(b.CreateRetVoid());
	emit_record(b, f->getArg(0), f->getArg(1), f->getArg(2), f->getArg(3), f->getArg(4));
	return f;
}

/* The running work-item's linear local id, the local size read in the
 * entry block: loop invariant, so the vectorizer sees the records'
 * addresses as affine in the work-item loop's counter. */
static llvm::Value *linear_local_id(llvm::IRBuilder<> &b, const wi_params &p)
{
	llvm::Function *f = b.GetInsertBlock()->getParent();
	llvm::IRBuilder<> eb(&*f->getEntryBlock().getFirstInsertionPt());
	llvm::Value *lx = load_info(eb, p.info, INFO_LOCAL_SIZE, 0);
	llvm::Value *ly = load_info(eb, p.info, INFO_LOCAL_SIZE, 1);
	return b.CreateAdd(p.x, b.CreateMul(lx, b.CreateAdd(p.y, b.CreateMul(ly, p.z))));
}

void check_record(llvm::IRBuilder<> &b, llvm::Constant *site, llvm::Value *offset,
		  llvm::Value *extent, const wi_params &p, record_form form)
{
	llvm::Value *lin = linear_local_id(b, p);
	if (form == record_form::in_line) {
		emit_record(b, check_launch(b), site, offset, extent, lin);
		return;
	}
	llvm::Module &m = *b.GetInsertBlock()->getModule();
	llvm::CallInst *call =
		b.CreateCall(record_function(m), {check_launch(b), site, offset, extent, lin});
	call->setMetadata(check_call_mark, llvm::MDNode::get(b.getContext(), {}));
}

/* The name the message gives argument i of kernel k. */
static std::string arg_name(llvm::Function &k, unsigned i)
{
	if (llvm::MDNode *n = k.getMetadata("kernel_arg_name"))
		if (i < n->getNumOperands())
			if (auto *s = llvm::dyn_cast_or_null<llvm::MDString>(n->getOperand(i)))
				return s->getString().str();
	return i < k.arg_size() ? k.getArg(i)->getName().str() : "";
}

std::string check_arg_object(llvm::Function &k, unsigned i)
{
	std::string n;
	if (llvm::MDNode *md = k.getMetadata("kernel_arg_name"))
		if (i < md->getNumOperands())
			if (auto *s = llvm::dyn_cast_or_null<llvm::MDString>(md->getOperand(i)))
				n = s->getString().str();
	if (n.empty() && i < k.arg_size())
		n = k.getArg(i)->getName().str();
	return "argument " + std::to_string(i) + " \"" + n + "\"";
}

static bool is_range_marker(const llvm::CallInst *c)
{
	const llvm::Function *f = c->getCalledFunction();
	return f && f->getName().startswith(check_range_marker);
}

/* The pointer operand and the bytes accessed of a memory instruction, or
 * of a built-in's marker. */
static llvm::Value *access_of(llvm::Instruction &i, const llvm::DataLayout &dl,
			      uint64_t &size, bool &write)
{
	llvm::Type *t = nullptr;
	llvm::Value *ptr = nullptr;
	write = true;
	if (auto *l = llvm::dyn_cast<llvm::LoadInst>(&i)) {
		t = l->getType();
		ptr = l->getPointerOperand();
		write = false;
	} else if (auto *s = llvm::dyn_cast<llvm::StoreInst>(&i)) {
		t = s->getValueOperand()->getType();
		ptr = s->getPointerOperand();
	} else if (auto *a = llvm::dyn_cast<llvm::AtomicRMWInst>(&i)) {
		t = a->getValOperand()->getType();
		ptr = a->getPointerOperand();
	} else if (auto *x = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i)) {
		t = x->getNewValOperand()->getType();
		ptr = x->getPointerOperand();
	}
	if (auto *c = llvm::dyn_cast<llvm::CallInst>(&i); c && is_range_marker(c)) {
		/* a built-in's bytes (check_builtins.cpp) */
		auto *n = llvm::dyn_cast<llvm::ConstantInt>(c->getArgOperand(1));
		auto *w = llvm::dyn_cast<llvm::ConstantInt>(c->getArgOperand(2));
		if (!n || !w)
			return nullptr;
		size = n->getZExtValue();
		write = !w->isZero();
		return c->getArgOperand(0);
	}
	if (!ptr || !t->isSized())
		return nullptr;
	size = dl.getTypeStoreSize(t).getFixedSize();
	return ptr;
}

void check_guard(llvm::Instruction *i, llvm::Value *ok,
		 const std::function<void(llvm::IRBuilder<> &)> &fail)
{
	llvm::MDBuilder mdb(i->getContext());
	llvm::Instruction *then_t = nullptr, *else_t = nullptr;
	llvm::SplitBlockAndInsertIfThenElse(ok, i, &then_t, &else_t,
					    mdb.createBranchWeights(1u << 20, 1));
	llvm::BasicBlock *join = i->getParent();
	i->moveBefore(then_t);
	llvm::IRBuilder<> eb(else_t);
	fail(eb);
	if (i->getType()->isVoidTy())
		return;
	llvm::IRBuilder<> jb(&join->front());
	llvm::PHINode *phi = jb.CreatePHI(i->getType(), 2);
	std::vector<llvm::Use *> uses;
	for (llvm::Use &u : i->uses())
		uses.push_back(&u);
	for (llvm::Use *u : uses)
		u->set(phi);
	phi->addIncoming(i, then_t->getParent());
	phi->addIncoming(llvm::Constant::getNullValue(i->getType()), else_t->getParent());
}

/* --- the group-wide precheck -----------------------------------------------
 * An offset affine in the local id (and the counters of counted loops;
 * check_precheck.cpp) has its extremes over the group at the corners of
 * their box.  If every corner passes, every work-item passes; `pre` says
 * so once for the group, the per-access compare becomes `pre | ok`, and
 * loop unswitching gives the work-item loop a copy without the checks,
 * which vectorizes. */

/* The precheck of `offset` (< limit for every work-item, in every
 * iteration of the loops whose counters it depends on) for an access in
 * block `where` (before any block was split), or null when the offset is
 * not affine in the variables or does not depend on the local id. */
static llvm::Value *group_precheck(llvm::IRBuilder<> &b, llvm::Value *offset,
				   llvm::Value *limit, const wi_params &p,
				   const precheck_vars &vars, llvm::BasicBlock *where)
{
	std::vector<llvm::Value *> corners;
	if (!check_corners(b, offset, p, vars, where, 7, corners, &limit))
		return nullptr;
	llvm::Value *pre = b.getTrue();
	for (llvm::Value *o : corners)
		pre = b.CreateAnd(pre, b.CreateICmpULT(o, limit));
	return pre;
}

static bool instrument(llvm::Function &f, const wi_params &p, llvm::LoopInfo &li,
		       llvm::ScalarEvolution &se)
{
	llvm::Function *k = kernel_of_workitem(f);
	if (!k)
		return false;
	llvm::Module &m = *f.getParent();
	const llvm::DataLayout &dl = m.getDataLayout();
	unsigned kernel_args = (unsigned)f.arg_size() - 5;
	std::vector<llvm::Instruction *> todo;
	std::map<llvm::Instruction *, llvm::BasicBlock *> block_of; /* before any split */
	std::vector<llvm::CallInst *> markers;
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb) {
			auto *c = llvm::dyn_cast<llvm::CallInst>(&i);
			if (c && is_range_marker(c))
				markers.push_back(c);
			if (i.getMetadata(check_user_mark) || (c && is_range_marker(c))) {
				todo.push_back(&i);
				block_of[&i] = &bb;
			}
		}
	if (todo.empty())
		return false;
	/* the group precheck of every affine check, and-ed at the end of the
	 * entry block (pre_all), and the compares that take it */
	llvm::BasicBlock &entry = f.getEntryBlock();
	llvm::IRBuilder<> eb(entry.getTerminator());
	llvm::Value *pre_all = eb.getTrue();
	std::vector<llvm::Instruction *> takes_pre;
	auto *placeholder = llvm::cast<llvm::Instruction>(eb.CreateFreeze(eb.getTrue(), "chk.group"));
	precheck_vars vars;
	check_find_ivs(f, p, li, se, placeholder, vars);
	for (llvm::Instruction *i : todo) {
		uint64_t size;
		bool write;
		llvm::Value *ptr = access_of(*i, dl, size, write);
		if (!ptr)
			continue;
		const llvm::Value *obj = llvm::getUnderlyingObject(ptr, 0);
		check_site_info s;
		s.kind = KILN_CHECK_KIND_BOUNDS;
		s.kernel = k->getName().str();
		s.access_size = (uint32_t)size;
		s.is_write = write;
		s.loc = i->getDebugLoc();
		llvm::IRBuilder<> b(i);
		llvm::Type *i64 = b.getInt64Ty();
		llvm::Value *base = nullptr, *extent = nullptr;
		uint64_t const_extent = 0;
		bool known_extent = false;
		if (auto *a = llvm::dyn_cast<llvm::Argument>(obj);
		    a && a->getParent() == &f && a->getArgNo() < kernel_args) {
			s.arg = (int)a->getArgNo();
			s.object = "argument " + std::to_string(a->getArgNo()) + " \"" +
				   arg_name(*k, a->getArgNo()) + "\"";
			llvm::Value *tab = check_invariant_load(
				b, b.getPtrTy(),
				b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), check_launch(b),
							     offsetof(struct kiln_check_launch, args)),
				kernel_args * sizeof(struct kiln_check_extent));
			llvm::Value *e = b.CreateConstInBoundsGEP1_64(
				b.getInt8Ty(), tab, a->getArgNo() * sizeof(struct kiln_check_extent));
			llvm::Value *before = check_invariant_load(b, i64, e, 0);
			extent = check_invariant_load(
				b, i64,
				b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), e,
							     offsetof(struct kiln_check_extent, extent)),
				0);
			base = b.CreateSub(b.CreatePtrToInt(const_cast<llvm::Argument *>(a), i64),
					   before);
		} else if (auto *al = llvm::dyn_cast<llvm::AllocaInst>(obj)) {
			llvm::Optional<llvm::TypeSize> sz = al->getAllocationSizeInBits(dl);
			if (!sz || sz->isScalable())
				continue;
			const_extent = sz->getFixedSize() / 8;
			known_extent = true;
			s.object = "private array \"" + al->getName().str() + "\"";
		} else if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(obj)) {
			if (!g->getValueType()->isSized())
				continue;
			const_extent = dl.getTypeAllocSize(g->getValueType());
			known_extent = true;
			/* Clang names a kernel-scope variable <kernel>.<name> */
			llvm::StringRef n = g->getName();
			if (n.startswith(s.kernel + "."))
				n = n.drop_front(s.kernel.size() + 1);
			unsigned as = g->getAddressSpace();
			s.object = std::string(as == 3   ? "__local variable \""
					       : as == 2 ? "__constant variable \""
							 : "program-scope variable \"") +
				   n.str() + "\"";
		} else {
			/* Origin unknown: the runtime looks the address up among
			 * the objects it knows; private memory is left alone. */
			unsigned as = ptr->getType()->getPointerAddressSpace();
			if (as == 0 || as == 3)
				continue;
			llvm::Constant *site = check_site(m, s);
			llvm::Value *fn =
				check_service(b, offsetof(struct kiln_check_launch, lookup));
			auto *ft = llvm::FunctionType::get(
				b.getInt1Ty(),
				{b.getPtrTy(), b.getPtrTy(), i64, i64, i64, i64, i64, i64}, false);
			llvm::Value *origin = b.CreatePtrToInt(const_cast<llvm::Value *>(obj), i64);
			llvm::CallInst *ok = b.CreateCall(
				ft, fn,
				{wg_state(b), site, origin, b.CreatePtrToInt(ptr, i64),
				 b.getInt64(size), p.x, p.y, p.z});
			ok->setMetadata(check_call_mark, llvm::MDNode::get(b.getContext(), {}));
			check_guard(i, ok, [](llvm::IRBuilder<> &) {});
			continue;
		}
		if (known_extent) {
			/* A constant offset inside: nothing to check. */
			int64_t off = 0;
			const llvm::Value *bp =
				llvm::GetPointerBaseWithConstantOffset(ptr, off, dl);
			if (bp == obj && off >= 0 && (uint64_t)off + size <= const_extent)
				continue;
			base = b.CreatePtrToInt(const_cast<llvm::Value *>(obj), i64);
			extent = b.getInt64(const_extent);
		}
		llvm::Value *offset = b.CreateSub(b.CreatePtrToInt(ptr, i64), base, "chk.off");
		llvm::Value *fits = b.CreateICmpUGE(extent, b.getInt64(size));
		llvm::Value *limit = b.CreateSelect(
			fits, b.CreateAdd(b.CreateSub(extent, b.getInt64(size)), b.getInt64(1)),
			b.getInt64(0));
		llvm::Value *ok = b.CreateICmpULT(offset, limit, "chk.ok");
		eb.SetInsertPoint(placeholder);
		/* How a failure is recorded (check_passes.h).  In a function
		 * without loops, the work-item loop is the innermost loop and
		 * small: a check the group precheck covers is removed from it
		 * by loop unswitching, which a failing side of one call keeps
		 * cheap enough (vadd, saxpy: within 1.5x of unchecked).
		 * Elsewhere unswitching the loops around a check rarely pays
		 * off, and records written in line let the loops vectorize with
		 * the checks in them (measured on kiln-bench-kernels: the call
		 * made mandelbrot 10x, sgemm-tiled 4x slower; in line made vadd
		 * 10x slower, docs/checked_mode.md). */
		record_form form = record_form::in_line;
		if (llvm::Value *pre = group_precheck(eb, offset, limit, p, vars, block_of[i])) {
			pre_all = eb.CreateAnd(pre_all, pre);
			ok = b.CreateOr(placeholder, ok, "chk.ok.group");
			if (li.empty())
				form = record_form::out_of_line;
		}
		llvm::Constant *site = check_site(m, s);
		check_guard(i, ok, [&](llvm::IRBuilder<> &eb) {
			check_record(eb, site, offset, extent, p, form);
		});
	}
	placeholder->replaceAllUsesWith(pre_all);
	placeholder->eraseFromParent();
	/* each built-in's marker is now its check's verdict (check_guard
	 * put it on the passing side), or needed no check */
	for (llvm::CallInst *c : markers) {
		c->replaceAllUsesWith(llvm::ConstantInt::getTrue(c->getContext()));
		c->eraseFromParent();
	}
	return true;
}

/* Kernel-lib's image writes drop a texel outside the image and call the
 * hook check_image_hook there (kernel-lib/image_write.cl); inlined into
 * the kernel, that call carries the line of the program's write_image
 * call.  Each becomes a call of the runtime's image service, which names
 * the texel, the work-item and the image. */
static bool report_image_writes(llvm::Function &f, const wi_params &p)
{
	llvm::Function *hook = f.getParent()->getFunction(check_image_hook);
	llvm::Function *k = kernel_of_workitem(f);
	if (!hook || !k)
		return false;
	unsigned kernel_args = (unsigned)f.arg_size() - 5;
	std::vector<llvm::CallInst *> calls;
	for (llvm::User *u : hook->users())
		if (auto *c = llvm::dyn_cast<llvm::CallInst>(u); c && c->getFunction() == &f)
			calls.push_back(c);
	for (llvm::CallInst *c : calls) {
		llvm::IRBuilder<> b(c);
		llvm::Type *i64 = b.getInt64Ty();
		check_site_info s;
		s.kind = KILN_CHECK_KIND_BOUNDS;
		s.kernel = k->getName().str();
		s.is_write = true;
		s.loc = c->getDebugLoc();
		const llvm::Value *img = llvm::getUnderlyingObject(c->getArgOperand(0), 0);
		if (auto *a = llvm::dyn_cast<llvm::Argument>(img);
		    a && a->getParent() == &f && a->getArgNo() < kernel_args) {
			s.arg = (int)a->getArgNo();
			s.object = check_arg_object(*k, a->getArgNo());
		}
		auto *ft = llvm::FunctionType::get(
			b.getVoidTy(), {b.getPtrTy(), b.getPtrTy(), c->getArgOperand(0)->getType(),
					i64, i64, i64, i64, i64, i64},
			false);
		llvm::Value *fn = check_service(b, offsetof(struct kiln_check_launch, image));
		llvm::CallInst *r = b.CreateCall(
			ft, fn,
			{wg_state(b), check_site(*f.getParent(), s), c->getArgOperand(0),
			 b.CreateSExt(c->getArgOperand(1), i64), b.CreateSExt(c->getArgOperand(2), i64),
			 b.CreateSExt(c->getArgOperand(3), i64), p.x, p.y, p.z});
		r->setMetadata(check_call_mark, llvm::MDNode::get(b.getContext(), {}));
		c->eraseFromParent();
	}
	return !calls.empty();
}

void check_drop_image_hooks(llvm::Module &m)
{
	if (llvm::Function *hook = m.getFunction(check_image_hook)) {
		while (!hook->use_empty())
			llvm::cast<llvm::Instruction>(hook->user_back())->eraseFromParent();
		hook->eraseFromParent();
	}
}

llvm::PreservedAnalyses check_bounds_pass::run(llvm::Function &f,
					       llvm::FunctionAnalysisManager &fam)
{
	wi_params p;
	if (!workitem_params(f, p))
		return llvm::PreservedAnalyses::all();
	llvm::LoopInfo &li = fam.getResult<llvm::LoopAnalysis>(f);
	llvm::ScalarEvolution &se = fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
	bool images = report_image_writes(f, p);
	if (!instrument(f, p, li, se) && !images)
		return llvm::PreservedAnalyses::all();
	check_hoist_tables(f);
	return llvm::PreservedAnalyses::none();
}

/* The state argument of every work-group function can be read without
 * fault: the check table's loads are then hoisted out of the work-item
 * loops. */
llvm::Instruction *check_memory(llvm::Instruction *i, const char *kind)
{
	llvm::LLVMContext &c = i->getContext();
	i->setMetadata(check_record_mark,
		       llvm::MDNode::get(c, {llvm::MDString::get(c, kind ? kind : "")}));
	return i;
}

/* Checked mode's own memory (check_memory: the failure records, the
 * shadows, the race cells) is the runtime's, reached by nothing else: a
 * scope for each kind, which every other memory access of the function,
 * and every access of the other kinds, is not in, so that the loop
 * vectorizer needs no run-time overlap check for them (and a loop that
 * only reads a shadow may vectorize with records written in it). */
static bool scope_records(llvm::Function &f)
{
	std::map<std::string, std::vector<llvm::Instruction *>> kinds;
	std::vector<llvm::Instruction *> others;
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb)
			if (llvm::MDNode *md = i.getMetadata(check_record_mark)) {
				std::string k;
				if (md->getNumOperands())
					if (auto *s = llvm::dyn_cast<llvm::MDString>(md->getOperand(0)))
						k = s->getString().str();
				kinds[k].push_back(&i);
			} else if (i.mayReadOrWriteMemory()) {
				others.push_back(&i);
			}
	if (kinds.empty())
		return false;
	llvm::LLVMContext &c = f.getContext();
	llvm::MDBuilder mb(c);
	llvm::MDNode *dom = mb.createAnonymousAliasScopeDomain(check_scope_domain);
	std::map<std::string, llvm::MDNode *> scope;
	std::vector<llvm::Metadata *> all;
	for (auto &[k, insts] : kinds)
		all.push_back(scope[k] = mb.createAnonymousAliasScope(
				      dom, k.empty() ? check_records_scope : k));
	auto add_noalias = [&](llvm::Instruction *i, llvm::MDNode *list) {
		i->setMetadata(llvm::LLVMContext::MD_noalias,
			       llvm::MDNode::concatenate(
				       i->getMetadata(llvm::LLVMContext::MD_noalias), list));
	};
	for (auto &[k, insts] : kinds) {
		std::vector<llvm::Metadata *> rest;
		for (auto &[k2, s2] : scope)
			if (k2 != k)
				rest.push_back(s2);
		llvm::MDNode *own = llvm::MDNode::get(c, {scope[k]});
		for (llvm::Instruction *i : insts) {
			i->setMetadata(llvm::LLVMContext::MD_alias_scope, own);
			i->setMetadata(check_record_mark, nullptr);
			if (!rest.empty())
				add_noalias(i, llvm::MDNode::get(c, rest));
		}
	}
	llvm::MDNode *list = llvm::MDNode::get(c, all);
	for (llvm::Instruction *i : others)
		add_noalias(i, list);
	return true;
}

llvm::PreservedAnalyses check_state_attrs_pass::run(llvm::Module &m,
						    llvm::ModuleAnalysisManager &)
{
	bool changed = false;
	/* built-ins' markers kiln-check-bounds did not reach (code that is
	 * not instrumented) pass */
	std::vector<llvm::Function *> markers;
	for (llvm::Function &f : m)
		if (f.isDeclaration() && f.getName().startswith(check_range_marker))
			markers.push_back(&f);
	/* and image hooks it did not reach */
	if (m.getFunction(check_image_hook)) {
		check_drop_image_hooks(m);
		changed = true;
	}
	for (llvm::Function *f : markers) {
		while (!f->use_empty()) {
			auto *c = llvm::cast<llvm::CallInst>(f->user_back());
			c->replaceAllUsesWith(llvm::ConstantInt::getTrue(m.getContext()));
			c->eraseFromParent();
		}
		f->eraseFromParent();
		changed = true;
	}
	for (llvm::Function &f : m)
		changed |= scope_records(f);
	for (llvm::Function &f : m)
		if (is_wg_function(f) && f.arg_size() == 2) {
			f.addParamAttr(1, llvm::Attribute::getWithDereferenceableBytes(
						  m.getContext(), sizeof(struct kiln_wg_state)));
			f.addParamAttr(1, llvm::Attribute::NonNull);
			changed = true;
		}
	return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace kiln
