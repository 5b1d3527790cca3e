/* kiln-subgroups: the sub-group size of each kernel, and how its work-items
 * meet at a sub-group collective.
 *
 * kernel-lib writes every sub-group built-in (OpenCL C 3.0 §6.15.16, the
 * cl_khr_subgroup_* and cl_intel_subgroups families) on two primitives
 * that only the compiler can define:
 *
 *   uint  __kiln_sg_max_size(void)  the kernel's sub-group size S;
 *   ulong __kiln_sg_sync(void)      the work-items of the caller's
 *                                   sub-group that execute this call meet
 *                                   here; returns which of them take part
 *                                   (bit i: sub-group local id i), or ~0
 *                                   when all of them do.
 *
 * A third, int __kiln_wi_loops(void), tells kernel-lib's collectives
 * which of the two paths below this pass chose (1: work-item loops, 0:
 * fibers); it becomes that constant and the path not taken is folded
 * away, with its meeting points (resolve_wi_loops).  On the first path the
 * reductions, scans, exchanges and votes go through a row of the group
 * scratch and the row functions of kernel-lib/subgroups_rows.cl, which
 * the loop vectorizer turns into vector operations (vector_variants.cpp).
 *
 * Sub-groups are S consecutive linearized local ids (the last one of a
 * group may be smaller).  S is the kernel's intel_reqd_sub_group_size(N)
 * (cl_intel_required_subgroup_size; SPIR-V's SubgroupSize execution mode
 * arrives as the same metadata) or else the module's default,
 * !kiln.sub_group_size, which kiln_finalize sets to the target's native
 * float vector width (the runtime's clGetKernelSubGroupInfo uses the same
 * rule, lib/core/kernel.c).
 *
 * When every __kiln_sg_sync of a work-item function sits in a block that
 * every work-item of the group reaches together (kiln-uniformity), all
 * sub-groups pass through the same sequence of them, so a work-group
 * barrier is a correct meeting point: the call becomes __kiln_barrier and
 * ~0.  kiln-barriers then cuts the function there like at any barrier, and
 * the collective's three phases (write a slot of the group scratch,
 * combine, read) each run as a work-item loop that vectorizes.
 *
 * A sync in code that work-items of one group may take differently
 * (a non-uniform collective under `if (x & 1)`, or a core collective under
 * a branch on the sub-group id) needs the work-items to run as separate
 * execution contexts: the function gets the attribute "kiln-fibers", each
 * sync becomes a call of the runtime's sub_group_sync service with its
 * site number (meeting_order: loops before what follows them, else
 * reverse post-order, so that the runtime releases the meeting point
 * furthest behind first), and each work-group
 * barrier a call of its group_barrier service (struct kiln_wg_services,
 * compiler.h; lib/core/fibers.c).  kiln-loop-barriers and
 * kiln-converge-loops leave such a function alone, kiln-barriers finds no
 * barrier in it, and kiln-workgroup makes a work-group function that hands
 * the work-items to the runtime's run_fibers.
 *
 * The fiber path also gives sub-groups independent forward progress
 * (OpenCL 3.0 §3.2.2, which cl_khr_subgroups requires): a work-item that
 * waits in a loop for another sub-group of its group (a flag, a spin lock;
 * waits_for_other_work_items, atomic_loops.cpp) would wait for ever in a
 * work-item loop, which runs the others only after it.  So a function with
 * such a loop runs as fibers too (unless reqd_work_group_size makes the
 * group one sub-group), and each turn of the loop calls the runtime's
 * yield service, which lets the other sub-groups run.
 *
 * Assumes: work-item functions (kiln-workitem) in SSA form
 * (kiln-wi-simplify).  Guarantees: no __kiln_sg_max_size or __kiln_sg_sync
 * call is left in a work-item function, and one marked "kiln-fibers" calls
 * no barrier. */
#include "compiler/passes.h"

#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/ADT/SCCIterator.h>
#include <llvm/Analysis/InstructionSimplify.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Metadata.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Local.h>

#include <algorithm>
#include <cstddef>

namespace kiln {

static const unsigned MAX_SUB_GROUP_SIZE = 64; /* a mask is one u64 */

unsigned default_sub_group_size(const llvm::Module &m)
{
	if (const llvm::NamedMDNode *n = m.getNamedMetadata("kiln.sub_group_size"))
		if (n->getNumOperands() && n->getOperand(0)->getNumOperands())
			if (auto *c = llvm::mdconst::dyn_extract<llvm::ConstantInt>(
				    n->getOperand(0)->getOperand(0)))
				return (unsigned)c->getZExtValue();
	return 16;
}

void set_default_sub_group_size(llvm::Module &m, unsigned size)
{
	llvm::LLVMContext &c = m.getContext();
	llvm::NamedMDNode *n = m.getOrInsertNamedMetadata("kiln.sub_group_size");
	n->clearOperands();
	n->addOperand(llvm::MDNode::get(
		c, {llvm::ConstantAsMetadata::get(
			   llvm::ConstantInt::get(llvm::Type::getInt32Ty(c), size))}));
}

/* The kernel's intel_reqd_sub_group_size, or 0. */
static unsigned required_size(const llvm::Function *k)
{
	const llvm::MDNode *md = k ? k->getMetadata("intel_reqd_sub_group_size") : nullptr;
	if (!md || !md->getNumOperands())
		return 0;
	auto *c = llvm::mdconst::dyn_extract<llvm::ConstantInt>(md->getOperand(0));
	return c ? (unsigned)c->getZExtValue() : 0;
}

static std::vector<llvm::CallInst *> calls_to(llvm::Function &f, llvm::StringRef name)
{
	std::vector<llvm::CallInst *> out;
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb)
			if (auto *c = llvm::dyn_cast<llvm::CallInst>(&i))
				if (c->getCalledFunction() &&
				    c->getCalledFunction()->getName() == name)
					out.push_back(c);
	return out;
}

static const char fibers_attr[] = "kiln-fibers";

bool runs_as_fibers(const llvm::Function &f)
{
	return f.hasFnAttribute(fibers_attr);
}

unsigned fiber_sub_group_size(const llvm::Function &f)
{
	unsigned n = 0;
	if (f.getFnAttribute(fibers_attr).getValueAsString().getAsInteger(10, n))
		return 0;
	return n;
}

/* kernel-lib's __kiln_wg_state(), which kiln-wg-state turns into the
 * work-group (or fiber entry) function's state argument. */
static llvm::Value *wg_state(llvm::IRBuilder<> &b)
{
	llvm::Module &m = *b.GetInsertBlock()->getModule();
	llvm::Type *ptr = llvm::PointerType::get(m.getContext(), 0);
	return b.CreateCall(m.getOrInsertFunction("__kiln_wg_state",
						  llvm::FunctionType::get(ptr, false)));
}

llvm::Value *service(llvm::IRBuilder<> &b, llvm::Value *st, size_t offset)
{
	llvm::Type *ptr = llvm::PointerType::get(b.getContext(), 0);
	llvm::Value *svc = b.CreateLoad(
		ptr, b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), st,
						  offsetof(kiln_wg_state, services)));
	return b.CreateLoad(ptr, b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), svc, offset));
}

/* The order in which the runtime releases meeting points that wait at
 * the same time, lowest first: the strongly connected components of the
 * control-flow graph (a loop and what it contains) in topological order,
 * and the blocks of one component in reverse post-order.  So every point
 * inside a loop comes before every point after it: work-items that leave a
 * loop early wait after it until the last one has left (plain reverse
 * post-order may put a loop's exit before its body). */
static std::map<const llvm::BasicBlock *, uint32_t> meeting_order(llvm::Function &f)
{
	std::map<const llvm::BasicBlock *, uint32_t> rpo, order;
	uint32_t n = 0;
	for (llvm::BasicBlock *bb : llvm::ReversePostOrderTraversal<llvm::Function *>(&f))
		rpo[bb] = n++;
	std::vector<std::vector<llvm::BasicBlock *>> sccs;
	for (auto i = llvm::scc_begin(&f); !i.isAtEnd(); ++i)
		sccs.push_back(*i); /* reverse topological order */
	n = 0;
	for (auto c = sccs.rbegin(); c != sccs.rend(); ++c) {
		std::sort(c->begin(), c->end(),
			  [&](llvm::BasicBlock *a, llvm::BasicBlock *b) { return rpo[a] < rpo[b]; });
		for (llvm::BasicBlock *bb : *c)
			order[bb] = n++;
	}
	return order;
}

/* The fiber path (see the top of the file). */
static void lower_to_fibers(llvm::Function &f, unsigned size,
			    const std::vector<llvm::CallInst *> &syncs)
{
	llvm::LLVMContext &c = f.getContext();
	llvm::Type *ptr = llvm::PointerType::get(c, 0);
	llvm::Type *i32 = llvm::Type::getInt32Ty(c), *i64 = llvm::Type::getInt64Ty(c);
	f.addFnAttr(fibers_attr, std::to_string(size));
	std::map<const llvm::BasicBlock *, uint32_t> order = meeting_order(f);
	/* several syncs in one block: in their order there */
	std::map<const llvm::BasicBlock *, uint32_t> seen;
	auto *sync_ty = llvm::FunctionType::get(i64, {ptr, i32}, false);
	for (llvm::CallInst *s : syncs) {
		llvm::IRBuilder<> b(s);
		uint32_t site = order[s->getParent()] * 1024 + seen[s->getParent()]++;
		llvm::Value *st = wg_state(b);
		llvm::Value *fn = service(b, st, offsetof(kiln_wg_services, sub_group_sync));
		llvm::CallInst *r = b.CreateCall(sync_ty, fn, {st, b.getInt32(site)});
		s->replaceAllUsesWith(r);
		s->eraseFromParent();
	}
	std::vector<llvm::CallInst *> barriers;
	for (llvm::BasicBlock &bb : f)
		for (llvm::Instruction &i : bb)
			if (auto *call = llvm::dyn_cast<llvm::CallInst>(&i))
				if (is_barrier(call->getCalledFunction()))
					barriers.push_back(call);
	auto *bar_ty = llvm::FunctionType::get(llvm::Type::getVoidTy(c), {ptr}, false);
	for (llvm::CallInst *call : barriers) {
		llvm::IRBuilder<> b(call);
		llvm::Value *st = wg_state(b);
		llvm::Value *fn = service(b, st, offsetof(kiln_wg_services, group_barrier));
		b.CreateCall(bar_ty, fn, {st});
		call->eraseFromParent();
	}
}

/* Whether every work-group of kernel k is one sub-group of `size`: its
 * reqd_work_group_size says so. */
static bool one_sub_group(const llvm::Function *k, unsigned size)
{
	const llvm::MDNode *md = k ? k->getMetadata("reqd_work_group_size") : nullptr;
	if (!md || md->getNumOperands() != 3)
		return false;
	uint64_t n = 1;
	for (unsigned d = 0; d < 3; d++) {
		auto *c = llvm::mdconst::dyn_extract<llvm::ConstantInt>(md->getOperand(d));
		if (!c)
			return false;
		n *= c->getZExtValue();
	}
	return n <= size;
}

/* A loop's back edge: (latch, header). */
using back_edge = std::pair<llvm::BasicBlock *, llvm::BasicBlock *>;

/* The back edges of f's loops in which a work-item may wait for another
 * (waits_for_other_work_items), unless the group is one sub-group (the
 * work-items of a sub-group need not make progress independently). */
static std::vector<back_edge> waiting_back_edges(llvm::Function &f, unsigned size,
						 llvm::FunctionAnalysisManager &fam)
{
	std::vector<back_edge> out;
	if (one_sub_group(kernel_of_workitem(f), size))
		return out;
	llvm::LoopInfo &li = fam.getResult<llvm::LoopAnalysis>(f);
	for (llvm::Loop *l : li.getLoopsInPreorder()) {
		if (!waits_for_other_work_items(l))
			continue;
		llvm::SmallVector<llvm::BasicBlock *, 4> latches;
		l->getLoopLatches(latches);
		for (llvm::BasicBlock *bb : latches) {
			back_edge e(bb, l->getHeader());
			if (std::find(out.begin(), out.end(), e) == out.end())
				out.push_back(e);
		}
	}
	return out;
}

/* A call of the runtime's yield service on each back edge (in a block of
 * its own there: a work-item leaving the loop does not yield). */
static void insert_yields(const std::vector<back_edge> &edges)
{
	for (const back_edge &e : edges) {
		llvm::BasicBlock *bb = llvm::SplitEdge(e.first, e.second);
		llvm::IRBuilder<> b(bb->getTerminator());
		llvm::Type *ptr = llvm::PointerType::get(b.getContext(), 0);
		llvm::Value *st = wg_state(b);
		llvm::Value *fn = service(b, st, offsetof(kiln_wg_services, yield));
		b.CreateCall(llvm::FunctionType::get(b.getVoidTy(), {ptr}, false), fn, {st});
	}
}

/* Replaces each call of `name` by the constant v (of the call's type);
 * whether there was one. */
static bool replace_calls(llvm::Function &f, llvm::StringRef name, uint64_t v)
{
	std::vector<llvm::CallInst *> calls = calls_to(f, name);
	for (llvm::CallInst *call : calls) {
		call->replaceAllUsesWith(llvm::ConstantInt::get(call->getType(), v));
		call->eraseFromParent();
	}
	return !calls.empty();
}

/* kernel-lib's __kiln_wi_loops() becomes `loops` (1: the work-items run
 * as work-item loops, 0: as fibers), and the path not taken goes, with
 * the meeting points on it; whether there was such a call. */
static bool resolve_wi_loops(llvm::Function &f, bool loops)
{
	std::vector<llvm::CallInst *> calls = calls_to(f, "__kiln_wi_loops");
	if (calls.empty())
		return false;
	/* the flag, then what it decides (`flag != 0`), folded */
	const llvm::DataLayout &dl = f.getParent()->getDataLayout();
	std::vector<llvm::Instruction *> work;
	for (llvm::CallInst *call : calls) {
		for (llvm::User *u : call->users())
			if (auto *i = llvm::dyn_cast<llvm::Instruction>(u))
				work.push_back(i);
		call->replaceAllUsesWith(llvm::ConstantInt::get(call->getType(), loops ? 1 : 0));
		call->eraseFromParent();
	}
	while (!work.empty()) {
		llvm::Instruction *i = work.back();
		work.pop_back();
		llvm::Value *v = llvm::simplifyInstruction(i, llvm::SimplifyQuery(dl));
		if (!v || !llvm::isa<llvm::Constant>(v))
			continue;
		for (llvm::User *u : i->users())
			if (auto *ui = llvm::dyn_cast<llvm::Instruction>(u))
				work.push_back(ui);
		i->replaceAllUsesWith(v);
	}
	for (llvm::BasicBlock &bb : f)
		llvm::ConstantFoldTerminator(&bb);
	llvm::removeUnreachableBlocks(f);
	return true;
}

/* Lowers f's primitives (every form has a lowering); whether f changed. */
static bool lower(llvm::Function &f, unsigned size, llvm::FunctionAnalysisManager &fam)
{
	llvm::LLVMContext &c = f.getContext();
	std::vector<back_edge> waits = waiting_back_edges(f, size, fam);
	bool changed = replace_calls(f, "__kiln_sg_max_size", size);
	std::vector<llvm::CallInst *> syncs = calls_to(f, "__kiln_sg_sync");
	if (syncs.empty() && waits.empty()) {
		return resolve_wi_loops(f, true) || changed;
	}
	if (changed)
		fam.invalidate(f, llvm::PreservedAnalyses::none());
	/* Both paths of every collective are still here; the meeting points
	 * of each are where the collective is, so either decides alike
	 * (kiln-uniformity takes __kiln_wi_loops() for the same in every
	 * work-item). */
	bool fibers = !waits.empty();
	if (!fibers) {
		const divergence &div = fam.getResult<uniformity_analysis>(f);
		for (llvm::CallInst *s : syncs)
			fibers |= !div.reached_by_all(s->getParent());
	}
	resolve_wi_loops(f, !fibers);
	fam.invalidate(f, llvm::PreservedAnalyses::none());
	syncs = calls_to(f, "__kiln_sg_sync");
	if (fibers) {
		waits = waiting_back_edges(f, size, fam);
		lower_to_fibers(f, size, syncs);
		insert_yields(waits);
		fam.invalidate(f, llvm::PreservedAnalyses::none());
		return true;
	}
	for (llvm::CallInst *s : syncs) {
		insert_implicit_barrier(s);
		s->replaceAllUsesWith(llvm::ConstantInt::getAllOnesValue(llvm::Type::getInt64Ty(c)));
		s->eraseFromParent();
	}
	fam.invalidate(f, llvm::PreservedAnalyses::none());
	return true;
}

llvm::PreservedAnalyses subgroups_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &mam)
{
	llvm::FunctionAnalysisManager &fam =
		mam.getResult<llvm::FunctionAnalysisManagerModuleProxy>(m).getManager();
	unsigned def = default_sub_group_size(m);
	bool changed = false;
	for (llvm::Function &f : m) {
		wi_params p;
		if (!workitem_params(f, p))
			continue;
		llvm::Function *k = kernel_of_workitem(f);
		unsigned size = required_size(k);
		if (size > MAX_SUB_GROUP_SIZE) {
			if (errors)
				errors->error("kernel '" + (k ? k->getName().str() : f.getName().str()) +
					      "': intel_reqd_sub_group_size(" + std::to_string(size) +
					      "): Kiln runs sub-groups of at most 64 work-items");
			continue;
		}
		if (!size)
			size = def ? def : 1;
		changed |= lower(f, size, fam);
	}
	return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace kiln
