/* Kiln's work-group compiler as passes of LLVM's new pass manager.
 *
 * Each pass has one job, lives in its own file (whose header comment says
 * what it assumes and what it guarantees) and is registered under the name
 * given here, so that `kiln-opt -passes=<name>` runs it alone on an IR file
 * and `kiln-opt -print-pipeline` prints the pipeline kiln_finalize runs.
 * docs/compiler.md walks through them in pipeline order; tests/compiler/ir/
 * holds an IR test for each.
 *
 * The passes that work on work-item functions (__kiln_wi_<kernel>) leave
 * every other function alone, so a function pipeline of them can run over
 * a whole module. */
#ifndef KILN_COMPILER_PASSES_H
#define KILN_COMPILER_PASSES_H

#include "compiler/internal.h"

#include <llvm/IR/PassManager.h>

namespace llvm {
class raw_ostream;
class LoopInfo;
class ScalarEvolution;
class DominatorTree;
class AssumptionCache;
class TargetTransformInfo;
class OptimizationRemarkEmitter;
}

namespace kiln {

/* Where passes report what stops a build: "error: <msg>" lines in the
 * build log (when there is one), and a flag the driver checks after the
 * pipeline. */
struct pass_errors {
	std::string *log = nullptr;
	bool failed = false;
	void error(const std::string &msg);
};

/* What a function pass that moves or replaces instructions but never
 * changes the blocks keeps: everything when it changed nothing, else the
 * CFG analyses. */
inline llvm::PreservedAnalyses kept_if_cfg_unchanged(bool changed)
{
	if (!changed)
		return llvm::PreservedAnalyses::all();
	llvm::PreservedAnalyses pa;
	pa.preserveSet<llvm::CFGAnalyses>();
	return pa;
}

/* Runs lower(k, log) on the kernel k of every work-group function of m
 * (after kiln-workgroup), stopping at the first that fails; its log lines
 * go to errors (when given) without their "error: " prefix.  Returns the
 * number of kernels seen: 0 means m was left alone. */
size_t lower_workgroup_kernels(llvm::Module &m, pass_errors *errors,
			       bool (*lower)(llvm::Function &k, std::string &log));

/* --- module passes before the work-item functions ---------------------- */

/* kiln-inline-all (inline_all.cpp) */
struct inline_all_pass : llvm::PassInfoMixin<inline_all_pass> {
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};
/* kiln-hide-printf (printf.cpp) */
struct hide_printf_pass : llvm::PassInfoMixin<hide_printf_pass> {
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};
/* kiln-group-free (group_free.cpp) */
struct group_free_pass : llvm::PassInfoMixin<group_free_pass> {
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};
/* kiln-workitem (workitem_function.cpp) */
struct workitem_pass : llvm::PassInfoMixin<workitem_pass> {
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};

/* --- function passes over work-item functions -------------------------- */

/* kiln-local-vars (local_vars.cpp) */
struct local_vars_pass : llvm::PassInfoMixin<local_vars_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* kiln-wi-simplify (wi_simplify.cpp) */
struct wi_simplify_pass : llvm::PassInfoMixin<wi_simplify_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

/* kiln-image-facts (image_facts.cpp), after kiln-wi-simplify: loads of an
 * image argument's description invariant; the formats and sampler bits a
 * specialized launch fixes (!kiln.arg_facts) folded in. */
struct image_facts_pass : llvm::PassInfoMixin<image_facts_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* kiln-widen-indices (widen_indices.cpp), after kiln-wi-simplify: GEP
 * indices that sign-extend int arithmetic with nsw flags are computed in
 * 64 bits, truncated local ids taken whole. */
struct widen_indices_pass : llvm::PassInfoMixin<widen_indices_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* kiln-scalarize (scalarize.cpp) */
struct scalarize_pass : llvm::PassInfoMixin<scalarize_pass> {
	/* whether a kernel may be kept for kiln-pair-workitems (not in
	 * checked mode, where that pass does not run) */
	bool allow_pair = true;
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* What kiln-scalarize does with a work-item function's vectors: split
 * them (SPLIT), keep them (KEEP: the function has, or is given, the
 * attribute keep_vectors_attr), or split vectors that are mostly as wide
 * as the target's registers (SPLIT_WIDE: right for groups of a vector's
 * width or more, wrong for narrower ones; kiln-narrow-variants), or keep
 * vectors mostly half as wide as the registers for kiln-pair-workitems to
 * run two work-items in one register (PAIR: attributes keep_vectors_attr
 * and pair_attr). */
enum class vector_choice { SPLIT, SPLIT_WIDE, KEEP, PAIR };
vector_choice choose_vectors(llvm::Function &f, llvm::FunctionAnalysisManager &fam,
			     bool allow_pair = true);
constexpr const char *keep_vectors_attr = "kiln-keep-vectors";
constexpr const char *pair_attr = "kiln-pair-workitems";
/* kiln-pair-workitems (pair_workitems.cpp): a module pass after
 * kiln-alias-scopes; __kiln_pair_<k> runs work-items x and x + 1 of a
 * work-item function with pair_attr.  pairable(): whether work-item
 * function wi could be paired (a known even local width, the same path
 * for every work-item, no atomics, fences or calls with side effects, no
 * loop but loops of barrier regions and loops -O3 flattens). */
struct pair_workitems_pass : llvm::PassInfoMixin<pair_workitems_pass> {
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};
bool pairable(llvm::Function &wi, llvm::FunctionAnalysisManager &fam);
/* workgroup.cpp: the local size k's work-group function is specialized
 * for: the one kiln_finalize_for_size asked for (!kiln.local_size), else
 * k's reqd_work_group_size (all three sizes; false without either). */
bool known_local_size(const llvm::Function &k, uint64_t r[3]);
/* kiln-narrow-variants (narrow_variants.cpp): a module pass between
 * kiln-wi-simplify and kiln-scalarize. */
struct narrow_variants_pass : llvm::PassInfoMixin<narrow_variants_pass> {
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};
/* The target's vector register width in bits, which kiln-scalarize
 * compares a kernel's vectors with (!kiln.vector_bits; 0 when absent), and
 * setting it (kiln_finalize). */
uint64_t target_vector_bits(const llvm::Module &m);
void set_target_vector_bits(llvm::Module &m, uint64_t bits);
/* kiln-uniformity (uniformity.cpp): the analysis the next three passes
 * share, computed once per function and dropped when a pass changes it. */
class uniformity_analysis : public llvm::AnalysisInfoMixin<uniformity_analysis> {
	friend llvm::AnalysisInfoMixin<uniformity_analysis>;
	static llvm::AnalysisKey Key;

public:
	using Result = divergence;
	Result run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* print<kiln-uniformity>: the analysis's answers, for IR tests. */
struct uniformity_printer_pass : llvm::PassInfoMixin<uniformity_printer_pass> {
	llvm::raw_ostream &os;
	explicit uniformity_printer_pass(llvm::raw_ostream &o) : os(o) {}
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* kiln-split-grid-stride (grid_stride.cpp), before kiln-unroll-small-loops:
 * a grid-stride loop runs the iterations the whole group has as a
 * uniform loop first. */
struct split_grid_stride_pass : llvm::PassInfoMixin<split_grid_stride_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

/* kiln-unroll-small-loops (unroll_small_loops.cpp) */
struct unroll_small_loops_pass : llvm::PassInfoMixin<unroll_small_loops_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* kiln-loop-barriers (loop_barriers.cpp) */
struct loop_barriers_pass : llvm::PassInfoMixin<loop_barriers_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* kiln-converge-loops (divergent_loops.cpp) */
struct converge_loops_pass : llvm::PassInfoMixin<converge_loops_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* kiln-barriers (barriers.cpp) */
struct barriers_pass : llvm::PassInfoMixin<barriers_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* kiln-context (context.cpp) */
struct context_pass : llvm::PassInfoMixin<context_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};
/* kiln-alias-scopes (alias_scopes.cpp) */
struct alias_scopes_pass : llvm::PassInfoMixin<alias_scopes_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

/* kiln-subgroups (subgroups.cpp): a module pass between the function
 * passes, so that it can report errors. */
struct subgroups_pass : llvm::PassInfoMixin<subgroups_pass> {
	pass_errors *errors;
	explicit subgroups_pass(pass_errors *e) : errors(e) {}
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};
/* The default sub-group size of the kernels of m (!kiln.sub_group_size;
 * 16 when absent), and setting it (kiln_finalize: the target's native
 * float vector width). */
unsigned default_sub_group_size(const llvm::Module &m);
void set_default_sub_group_size(llvm::Module &m, unsigned size);
/* --- module passes making the work-group functions ---------------------- */

/* kiln-workgroup (workgroup.cpp) */
struct workgroup_pass : llvm::PassInfoMixin<workgroup_pass> {
	pass_errors *errors;
	/* checked mode's race check: each region ends a barrier episode
	 * (state->check->race_epoch advances after it, check_abi.h) */
	bool race_epochs;
	explicit workgroup_pass(pass_errors *e, bool races = false)
		: errors(e), race_epochs(races) {}
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};
/* kiln-printf (printf.cpp) */
struct printf_pass : llvm::PassInfoMixin<printf_pass> {
	pass_errors *errors;
	explicit printf_pass(pass_errors *e) : errors(e) {}
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};

/* kiln-vector-variants (vector_variants.cpp): calls of kernel-lib
 * functions with a vector variant name it to the loop vectorizer. */
struct vector_variants_pass : llvm::PassInfoMixin<vector_variants_pass> {
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};

/* kiln-lower-dot: kernel-lib's packed dot-product primitives become
 * VNNI's vpdpbusd(s) where the target has it, else are inlined
 * (lower_dot.cpp); at the end of the optimisation stage. */
struct lower_dot_pass : llvm::PassInfoMixin<lower_dot_pass> {
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};

/* kiln-wg-state: kernel-lib's __kiln_wg_state() calls become the
 * work-group function's state argument (wg_state.cpp), after kiln-printf. */
struct wg_state_pass : llvm::PassInfoMixin<wg_state_pass> {
	pass_errors *errors;
	explicit wg_state_pass(pass_errors *e) : errors(e) {}
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};

/* kiln-block-kernels (block_kernels.cpp): the address of each block
 * kernel Clang made for enqueue_kernel becomes that of its launch
 * descriptor (struct kiln_block_kernel), after kiln-workgroup. */
struct block_kernels_pass : llvm::PassInfoMixin<block_kernels_pass> {
	pass_errors *errors;
	explicit block_kernels_pass(pass_errors *e) : errors(e) {}
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};

/* --- inside the -O3 pipeline -------------------------------------------- */

/* kiln-safe-divide (safe_divide.h, safe_divide.cpp): at the start of the
 * -O3 pipeline. */

/* kiln-guard-split (guard_split.cpp), at the start of the vectorizer
 * passes. */
struct guard_split_pass : llvm::PassInfoMixin<guard_split_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

/* kiln-single-item (single_item.cpp), at the start of the vectorizer
 * passes, after kiln-guard-split. */
struct single_item_pass : llvm::PassInfoMixin<single_item_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

/* kiln-pair-iterations (pair_iterations.cpp), at the end of the -O3
 * pipeline: a latency-bound loop runs two iterations interleaved. */
struct pair_iterations_pass : llvm::PassInfoMixin<pair_iterations_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

/* kiln-widen-byte-chains (widen_byte_chains.cpp), at the end of the -O3
 * pipeline before kiln-unroll-chains: chains of byte-vector multiplies
 * and adds compute in 16-bit lanes, narrowed once where they leave. */
struct widen_byte_chains_pass : llvm::PassInfoMixin<widen_byte_chains_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

/* The analyses LLVM's unrolling utilities (UnrollLoop, UnrollAndJamLoop)
 * take, from the function's analysis manager (unroll_chains.cpp). */
struct unroll_analyses {
	llvm::LoopInfo &li;
	llvm::ScalarEvolution &se;
	llvm::DominatorTree &dt;
	llvm::AssumptionCache &ac;
	const llvm::TargetTransformInfo &tti;
	llvm::OptimizationRemarkEmitter &ore;
};
unroll_analyses unroll_analyses_of(llvm::Function &f, llvm::FunctionAnalysisManager &fam);

/* kiln-jam-narrow (jam_narrow.cpp), at the end of the -O3 pipeline: a
 * narrow variant's loop over the work-items along dimension 0 runs
 * KILN_NARROW_JAM of them at a time, their inner loops jammed. */
struct jam_narrow_pass : llvm::PassInfoMixin<jam_narrow_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

/* kiln-unroll-chains (unroll_chains.cpp), at the end of the -O3
 * pipeline: a vectorized loop whose body is one dependent chain runs
 * several vector iterations in one body. */
struct unroll_chains_pass : llvm::PassInfoMixin<unroll_chains_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

/* kiln-interleave-chains (interleave_chains.cpp), after
 * kiln-unroll-chains: a block's independent chains advance side by
 * side. */
struct interleave_chains_pass : llvm::PassInfoMixin<interleave_chains_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

/* kiln-prefetch-next (prefetch_next.cpp), on work-item functions before
 * kiln-loop-barriers: a global load in a loop with a barrier asks for the
 * address it will read in the next iteration. */
struct prefetch_next_pass : llvm::PassInfoMixin<prefetch_next_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

/* kiln-prefetch-groups (prefetch_groups.cpp), on work-item functions
 * after kiln-prefetch-next: in a kernel with a barrier, a global load
 * outside loops asks for the address it will read some work-groups on. */
struct prefetch_groups_pass : llvm::PassInfoMixin<prefetch_groups_pass> {
	llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

/* kiln-lower-prefetch (lower_prefetch.cpp), last of the -O3 pipeline:
 * kiln-prefetch-next's calls and their vector forms become llvm.prefetch
 * of the lines they name. */
struct lower_prefetch_pass : llvm::PassInfoMixin<lower_prefetch_pass> {
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
};

/* --- passes.cpp: names and pipelines ------------------------------------- */

/* Makes pb parse Kiln's pass names (and kiln-uniformity for
 * require<>/invalidate<>), and pic (when given) print them; passes that
 * report errors report them to `errors`. */
void register_passes(llvm::PassBuilder &pb, llvm::PassInstrumentationCallbacks *pic,
		     pass_errors *errors);
/* The work-group stage of kiln_finalize: kernels in, work-group functions
 * out (run it with a pass_env without target machine). */
/* `check`: KILN_CHECK_* bits (compiler/check_abi.h): checked mode's
 * instrumentation passes (check_passes.h) join the pipelines. */
llvm::ModulePassManager workgroup_pipeline(pass_errors *errors, unsigned check = 0);
/* The optimisation stage: LLVM's -O3 (-O1 under -cl-opt-disable) with
 * kiln-guard-split at the start of the vectorizer passes.  pb must be
 * made with the target machine and optimisation_tuning(). */
llvm::PipelineTuningOptions optimisation_tuning();
llvm::ModulePassManager optimisation_pipeline(llvm::PassBuilder &pb, bool opt_disable,
					      unsigned check = 0);
/* Both stages as text, in the syntax of -passes (class names mapped
 * through pic). */
void print_pipeline(llvm::raw_ostream &os, llvm::PassBuilder &opt_pb,
		    llvm::PassInstrumentationCallbacks &pic, bool opt_disable);

/* jit.cpp: the target machine for t (code generation at -O3). */
std::unique_ptr<llvm::TargetMachine> target_machine(const struct kiln_target *t,
						    std::string &log);

/* finalize.cpp: everything kiln_finalize does to a module before code
 * generation (link kernel-lib, retarget to t, both stages); false with
 * log lines when the build fails.  pic (optional) instruments both stages. */
bool finalize_module(llvm::Module &m, llvm::TargetMachine &tm,
		     const struct kiln_target *t, const build_options &o,
		     std::string &log, llvm::PassInstrumentationCallbacks *pic = nullptr);

} // namespace kiln

#endif
