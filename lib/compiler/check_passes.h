/* Checked mode's passes (KILN_CHECK; docs/checked_mode.md) and what they
 * share: how instrumented code reaches the runtime's check services
 * (compiler/check_abi.h) and describes the place of a defect. */
#ifndef KILN_COMPILER_CHECK_PASSES_H
#define KILN_COMPILER_CHECK_PASSES_H

#include "compiler/passes.h"

#include <llvm/IR/DebugLoc.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/PassManager.h>

namespace llvm {
class Loop;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

#include <functional>
#include <map>
#include <vector>
#include <string>

namespace kiln {

/* Metadata on the program's own memory instructions (set before kernel-lib
 * is linked in: only they are checked), and on the calls instrumentation
 * adds (calls_only_intrinsics ignores them). */
inline constexpr const char *check_user_mark = "kiln.user";
inline constexpr const char *check_call_mark = "kiln.check";

/* Tags every memory access of m (finalize.cpp, before linking kernel-lib). */
void mark_user_accesses(llvm::Module &m);
/* Puts each of m's calls of a built-in that accesses memory through a
 * pointer (vloadN, vstoreN, the half forms, atomics, async copies) under
 * a marker call (check_builtins.cpp) that kiln-check-bounds replaces by
 * the check of the bytes it touches (finalize.cpp, before linking
 * kernel-lib).  True when it guarded any. */
bool guard_builtin_accesses(llvm::Module &m);
/* kiln-check-builtins: guard_builtin_accesses as a pass, for IR tests. */
struct check_builtins_pass : llvm::PassInfoMixin<check_builtins_pass> {
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &)
	{
		return guard_builtin_accesses(m) ? llvm::PreservedAnalyses::none()
						 : llvm::PreservedAnalyses::all();
	}
};
/* Kernel-lib's call on the path where an image write outside the image
 * is dropped (kernel-lib/image_write.cl): void (ptr addrspace(1) image,
 * i32 x, i32 y, i32 z).  kiln-check-bounds turns it into the runtime's
 * report; check_drop_image_hooks deletes every call of it (unchecked
 * builds, right after kernel-lib is linked, and code kiln-check-bounds
 * does not instrument). */
inline constexpr const char *check_image_hook = "__kiln_check_image_write";
void check_drop_image_hooks(llvm::Module &m);
/* The marker's name, followed by ".p<address space>":
 *     i1 __kiln_check_range.pN(ptr addrspace(N) at, i64 bytes, i32 write) */
extern const char *const check_range_marker;

/* What a struct kiln_check_site says. */
struct check_site_info {
	unsigned kind = 0;
	llvm::DebugLoc loc;
	int arg = -1;
	uint32_t access_size = 0;
	bool is_write = false;
	std::string kernel, object;
};
/* The site as constant data of m. */
llvm::Constant *check_site(llvm::Module &m, const check_site_info &s);
/* A load of the check tables, which never change while a group runs: it
 * may be hoisted out of any loop.  A pointer loaded (t a pointer type)
 * points to `deref` readable bytes when deref is nonzero. */
llvm::LoadInst *check_invariant_load(llvm::IRBuilder<> &b, llvm::Type *t, llvm::Value *p,
				     uint64_t deref);
/* Moves what instrumentation reads of the check tables (__kiln_wg_state,
 * invariant loads from it, and what follows from them alone) into f's
 * entry block, where kiln-barriers finds them for every region
 * (barriers.cpp recomputes them there) and LICM need not hoist them out
 * of the conditional blocks the checks made.  Run after instrumenting. */
void check_hoist_tables(llvm::Function &f);
/* state->check (hoistable), and the service pointer at `offset` in it. */
llvm::Value *check_launch(llvm::IRBuilder<> &b);
llvm::Value *check_service(llvm::IRBuilder<> &b, size_t offset);
/* "argument <i> \"<name>\"": kernel k's argument i as messages name it
 * (-cl-kernel-arg-info's name, else the IR's). */
std::string check_arg_object(llvm::Function &k, unsigned i);
/* Records a failed check of the running work-item (site, offset,
 * extent; check_abi.h's rec_* arrays) without calling the runtime, which
 * reports the group's records at its end: in line (a work-item loop with
 * the check in it can still vectorize) or through the module's
 * out-of-line __kiln_check_record (one call instruction: cheap for loop
 * unswitching to copy, for checks the group precheck covers). */
enum class record_form { in_line, out_of_line };
void check_record(llvm::IRBuilder<> &b, llvm::Constant *site, llvm::Value *offset,
		  llvm::Value *extent, const wi_params &p, record_form form);
/* Metadata on the loads and stores of those records: kiln-check-state
 * gives them an alias scope of their own (nothing else touches them). */
inline constexpr const char *check_record_mark = "kiln.check.rec";
/* Marks i as an access to checked mode's own memory of one kind (NULL or
 * "": the failure records; "shadow", "cells", "global": the uninitialized
 * reads' shadow, the __local race cells, the global race shadows):
 * kiln-check-state gives each kind an alias scope of its own. */
llvm::Instruction *check_memory(llvm::Instruction *i, const char *kind);

/* Puts access `i` under `ok`: it runs when ok holds; otherwise `fail`
 * runs in its place and a load gives zero. */
void check_guard(llvm::Instruction *i, llvm::Value *ok,
		 const std::function<void(llvm::IRBuilder<> &)> &fail);

/* --- the group precheck's arithmetic (check_precheck.cpp) --- */
/* The variables an offset may be affine in: the local id (bits 0-2) and
 * the induction variables of the function's counted loops (bits 3 on),
 * each with the least and greatest value it takes where an access is. */
struct precheck_vars {
	std::map<llvm::Value *, unsigned> bit; /* x, y, z, IV phis */
	/* per IV bit: the loop, its first value and its last value (hi_all:
	 * where every iteration's value is seen; hi_body: one step less, in
	 * the blocks after the header of a loop that exits at the header
	 * only), all group-invariant values of the entry block */
	struct iv {
		llvm::Loop *loop;
		llvm::Value *lo, *hi_all, *hi_body;
		bool header_exit;
	};
	std::map<unsigned, iv> ivs;
};
/* The counted loops' induction variables of f, with their extremes built
 * at `at` in the entry block, and the local id, as precheck variables. */
void check_find_ivs(llvm::Function &f, const wi_params &p, llvm::LoopInfo &li,
		    llvm::ScalarEvolution &se, llvm::Instruction *at, precheck_vars &vars);
/* When v (an integer or a pointer, used in block `where` of the function
 * as it was when vars were found) is affine in at most six of the
 * variables, over values the same for the whole group, and depends on
 * one of the variables in `need` (any, or none, when need is 0): the
 * value v takes at each corner of their box, built at b, in `out`; else
 * false, and nothing is built.  `also`, when given, must be such a
 * group-invariant value too, and is replaced by its copy at b. */
bool check_corners(llvm::IRBuilder<> &b, llvm::Value *v, const wi_params &p,
		   const precheck_vars &vars, llvm::BasicBlock *where, unsigned need,
		   std::vector<llvm::Value *> &out, llvm::Value **also = nullptr);

/* What a checked-mode function pass that adds or moves instructions but
 * no edge keeps: every analysis when it changed nothing, the CFG's when
 * it changed something. */
inline llvm::PreservedAnalyses check_preserve_cfg(bool changed)
{
	if (!changed)
		return llvm::PreservedAnalyses::all();
	llvm::PreservedAnalyses pa;
	pa.preserveSet<llvm::CFGAnalyses>();
	return pa;
}
/* kiln-check-sink-stores (check_sink_stores.cpp): before the checks, the
 * program's store to one address at the end of both sides of an if/else
 * becomes one store after it. */
struct check_sink_stores_pass : llvm::PassInfoMixin<check_sink_stores_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* kiln-check-bounds (check_bounds.cpp) */
struct check_bounds_pass : llvm::PassInfoMixin<check_bounds_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* kiln-check-sync (check_sync.cpp): barrier divergence, uninitialized
 * __local reads, __local races, as the KILN_CHECK_* bits `checks` say. */
struct check_sync_pass : llvm::PassInfoMixin<check_sync_pass> {
	unsigned checks;
	explicit check_sync_pass(unsigned c) : checks(c) {}
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* kiln-check-global-races (check_global_races.cpp): stores of different
 * work-groups to one global byte. */
struct check_global_races_pass : llvm::PassInfoMixin<check_global_races_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* The start of the names of the failure records' alias scopes (one per
 * record array, kiln-check-state), by which kiln-check-cold-records knows
 * their accesses after vectorization. */
inline constexpr const char *check_records_scope = "kiln.check.records";
/* kiln-check-cold-records (check_cold_records.cpp): after the loop
 * vectorizer, the records' masked accesses behind a branch on the mask. */
struct check_cold_records_pass : llvm::PassInfoMixin<check_cold_records_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* The name of the alias scope domain of checked mode's own memory. */
inline constexpr const char *check_scope_domain = "kiln.check";
/* kiln-check-rescope (check_rescope.cpp): before the loop vectorizer, the
 * program's accesses outside address space 0 that lost their noalias to
 * checked mode's memory (SimplifyCFG's hoisting drops it) get it back. */
struct check_rescope_pass : llvm::PassInfoMixin<check_rescope_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* kiln-check-state (check_bounds.cpp): the work-group functions' state
 * argument is dereferenceable, so check-table loads leave loops. */
struct check_state_attrs_pass : llvm::PassInfoMixin<check_state_attrs_pass> {
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};

} // namespace kiln

#endif
