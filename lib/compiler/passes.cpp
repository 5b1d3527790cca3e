/* Kiln's passes by name, and the two pipelines of kiln_finalize.
 *
 * The work-group stage turns kernels into work-group functions; it runs
 * without a target machine, so that its clean-ups (kiln-wi-simplify,
 * kiln-scalarize) make the same decisions whatever CPU the program is
 * built for, apart from what the module's metadata says of the target
 * (the sub-group size, the vector register width kiln-scalarize compares
 * a kernel's vectors with).  The optimisation stage is LLVM's -O3 for
 * the target with kiln-safe-divide at its start, kiln-guard-split and
 * kiln-single-item just before the loop vectorizer and kiln-lower-dot and
 * kiln-pair-iterations (in checked mode kiln-check-cold-records instead of
 * the latter) at its end.  docs/compiler.md
 * describes each pass in this order. */
#include "compiler/passes.h"
#include "compiler/safe_divide.h"
#include "compiler/program_rules.h"
#include "compiler/check_abi.h"
#include "compiler/check_passes.h"

#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/InstSimplifyPass.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>
#include <llvm/Transforms/Scalar/SimpleLoopUnswitch.h>
#include <llvm/Transforms/Scalar/InferAddressSpaces.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Utils/LCSSA.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>

namespace kiln {

void pass_errors::error(const std::string &msg)
{
	failed = true;
	if (log)
		*log += "error: " + msg + "\n";
}

pass_env::pass_env(llvm::TargetMachine *tm, llvm::PipelineTuningOptions pto,
		   llvm::PassInstrumentationCallbacks *pic)
	: pb(tm, pto, llvm::None, pic)
{
	fam.registerPass([] { return uniformity_analysis(); });
	pb.registerModuleAnalyses(mam);
	pb.registerCGSCCAnalyses(cam);
	pb.registerFunctionAnalyses(fam);
	pb.registerLoopAnalyses(lam);
	pb.crossRegisterProxies(lam, fam, cam, mam);
}

llvm::ModulePassManager workgroup_pipeline(pass_errors *errors, unsigned check)
{
	llvm::ModulePassManager mpm;
	mpm.addPass(inline_all_pass());
	mpm.addPass(hide_printf_pass());
	/* not in checked mode: group_free.cpp says why */
	if (!check)
		mpm.addPass(group_free_pass());
	mpm.addPass(workitem_pass());
	llvm::FunctionPassManager fpm;
	if (check) {
		/* SSA first, so that each access's object is in sight, and
		 * generic pointers that can only be __local or __global
		 * given their address space back: a vstore8 into a __local
		 * array stores through kernel-lib's generic pointer, which
		 * the uninitialized-read check did not count as a write of
		 * local memory */
		fpm.addPass(llvm::SROAPass());
		fpm.addPass(llvm::InferAddressSpacesPass(AS_GENERIC));
		fpm.addPass(llvm::EarlyCSEPass());
		fpm.addPass(check_sink_stores_pass());
		if (check & KILN_CHECK_BOUNDS)
			fpm.addPass(check_bounds_pass());
		if (check & ~KILN_CHECK_BOUNDS)
			fpm.addPass(check_sync_pass(check));
		if (check & KILN_CHECK_RACES)
			fpm.addPass(check_global_races_pass());
	}
	fpm.addPass(local_vars_pass());
	fpm.addPass(wi_simplify_pass());
	fpm.addPass(image_facts_pass());
	fpm.addPass(widen_indices_pass());
	mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
	/* not in checked mode: narrow_variants.cpp says why */
	if (!check)
		mpm.addPass(narrow_variants_pass());
	scalarize_pass scalarize;
	scalarize.allow_pair = !check;
	mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(scalarize)));
	mpm.addPass(subgroups_pass(errors));
	fpm = llvm::FunctionPassManager();
	fpm.addPass(split_grid_stride_pass());
	fpm.addPass(unroll_small_loops_pass());
	if (!check) {
		fpm.addPass(prefetch_next_pass());
		fpm.addPass(prefetch_groups_pass());
	}
	fpm.addPass(loop_barriers_pass());
	fpm.addPass(converge_loops_pass());
	fpm.addPass(barriers_pass());
	fpm.addPass(context_pass());
	fpm.addPass(alias_scopes_pass());
	mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
	/* not in checked mode: a pair function would need its checks paired */
	if (!check)
		mpm.addPass(pair_workitems_pass());
	mpm.addPass(workgroup_pass(errors, (check & KILN_CHECK_RACES) != 0));
	mpm.addPass(printf_pass(errors));
	mpm.addPass(wg_state_pass(errors));
	mpm.addPass(vector_variants_pass());
	mpm.addPass(block_kernels_pass(errors));
	if (check)
		mpm.addPass(check_state_attrs_pass());
	return mpm;
}

llvm::PipelineTuningOptions optimisation_tuning()
{
	llvm::PipelineTuningOptions pto;
	pto.LoopVectorization = true;
	pto.SLPVectorization = true;
	pto.LoopUnrolling = true;
	pto.LoopInterleaving = true;
	return pto;
}

llvm::ModulePassManager optimisation_pipeline(llvm::PassBuilder &pb, bool opt_disable,
					      unsigned check)
{
	if (check & KILN_CHECK_BOUNDS)
		tune_llvm_options_checked();
	pb.registerPipelineStartEPCallback(
		[](llvm::ModulePassManager &mpm, llvm::OptimizationLevel) {
			mpm.addPass(llvm::createModuleToFunctionPassAdaptor(safe_divide_pass()));
		});
	pb.registerVectorizerStartEPCallback(
		[check](llvm::FunctionPassManager &fpm, llvm::OptimizationLevel) {
			if (check)
				fpm.addPass(check_rescope_pass());
			/* preheaders and dedicated exits, which simplifycfg
			 * may have folded away since the loop passes ran */
			fpm.addPass(llvm::LoopSimplifyPass());
			fpm.addPass(guard_split_pass());
			fpm.addPass(llvm::LoopSimplifyPass());
			fpm.addPass(single_item_pass());
			fpm.addPass(llvm::LoopSimplifyPass());
			fpm.addPass(llvm::LCSSAPass());
			if (check & KILN_CHECK_BOUNDS) {
				/* checked mode: a work-item loop whose
				 * bounds checks the group precheck covers
				 * gets a copy without them (check_bounds.cpp) */
				fpm.addPass(llvm::createFunctionToLoopPassAdaptor(
					llvm::SimpleLoopUnswitchPass(true), true));
				fpm.addPass(llvm::InstSimplifyPass());
				fpm.addPass(llvm::SimplifyCFGPass());
				fpm.addPass(llvm::LoopSimplifyPass());
				fpm.addPass(llvm::LCSSAPass());
			}
		});
	pb.registerOptimizerLastEPCallback(
		[check](llvm::ModulePassManager &mpm, llvm::OptimizationLevel) {
			mpm.addPass(lower_dot_pass());
			{
				/* the vectorizer's loops have no preheader
				 * of their own; the unroller needs one */
				llvm::FunctionPassManager fpm;
				fpm.addPass(widen_byte_chains_pass());
				fpm.addPass(llvm::LoopSimplifyPass());
				fpm.addPass(llvm::LCSSAPass());
				if (!check) {
					fpm.addPass(jam_narrow_pass());
					fpm.addPass(llvm::LoopSimplifyPass());
					fpm.addPass(llvm::LCSSAPass());
				}
				fpm.addPass(unroll_chains_pass());
				fpm.addPass(interleave_chains_pass());
				mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
			}
			/* kiln-pair-iterations not in checked mode: its
			 * records are side effects */
			if (check)
				mpm.addPass(llvm::createModuleToFunctionPassAdaptor(
					check_cold_records_pass()));
			else
				mpm.addPass(llvm::createModuleToFunctionPassAdaptor(
					pair_iterations_pass()));
			mpm.addPass(lower_prefetch_pass());
		});
	return pb.buildPerModuleDefaultPipeline(opt_disable ? llvm::OptimizationLevel::O1
							    : llvm::OptimizationLevel::O3);
}

namespace {
/* Each Kiln pass: its name, its class name, how to add it. */
struct module_entry {
	const char *name;
	llvm::StringRef cls;
	void (*add)(llvm::ModulePassManager &, pass_errors *);
};
struct function_entry {
	const char *name;
	llvm::StringRef cls;
	void (*add)(llvm::FunctionPassManager &);
};
} // namespace

static const module_entry module_passes[] = {
	{"kiln-program-rules", program_rules_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *e) {
		 program_rules_pass p;
		 p.errors = e;
		 m.addPass(std::move(p));
	 }},
	{"kiln-inline-all", inline_all_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *) { m.addPass(inline_all_pass()); }},
	{"kiln-hide-printf", hide_printf_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *) { m.addPass(hide_printf_pass()); }},
	{"kiln-group-free", group_free_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *) { m.addPass(group_free_pass()); }},
	{"kiln-workitem", workitem_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *) { m.addPass(workitem_pass()); }},
	{"kiln-narrow-variants", narrow_variants_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *) { m.addPass(narrow_variants_pass()); }},
	{"kiln-subgroups", subgroups_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *e) { m.addPass(subgroups_pass(e)); }},
	{"kiln-pair-workitems", pair_workitems_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *) { m.addPass(pair_workitems_pass()); }},
	{"kiln-workgroup", workgroup_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *e) { m.addPass(workgroup_pass(e)); }},
	{"kiln-printf", printf_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *e) { m.addPass(printf_pass(e)); }},
	{"kiln-wg-state", wg_state_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *e) { m.addPass(wg_state_pass(e)); }},
	{"kiln-vector-variants", vector_variants_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *) { m.addPass(vector_variants_pass()); }},
	{"kiln-lower-dot", lower_dot_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *) { m.addPass(lower_dot_pass()); }},
	{"kiln-check-builtins", check_builtins_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *) { m.addPass(check_builtins_pass()); }},
	{"kiln-check-state", check_state_attrs_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *) { m.addPass(check_state_attrs_pass()); }},
	{"kiln-lower-prefetch", lower_prefetch_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *) { m.addPass(lower_prefetch_pass()); }},
	{"kiln-block-kernels", block_kernels_pass::name(),
	 [](llvm::ModulePassManager &m, pass_errors *e) { m.addPass(block_kernels_pass(e)); }},
};

static const function_entry function_passes[] = {
	{"kiln-local-vars", local_vars_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(local_vars_pass()); }},
	{"kiln-prefetch-next", prefetch_next_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(prefetch_next_pass()); }},
	{"kiln-prefetch-groups", prefetch_groups_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(prefetch_groups_pass()); }},
	{"kiln-image-facts", image_facts_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(image_facts_pass()); }},
	{"kiln-widen-indices", widen_indices_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(widen_indices_pass()); }},
	{"kiln-wi-simplify", wi_simplify_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(wi_simplify_pass()); }},
	{"kiln-scalarize", scalarize_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(scalarize_pass()); }},
	{"kiln-split-grid-stride", split_grid_stride_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(split_grid_stride_pass()); }},
	{"kiln-unroll-small-loops", unroll_small_loops_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(unroll_small_loops_pass()); }},
	{"kiln-loop-barriers", loop_barriers_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(loop_barriers_pass()); }},
	{"kiln-converge-loops", converge_loops_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(converge_loops_pass()); }},
	{"kiln-barriers", barriers_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(barriers_pass()); }},
	{"kiln-context", context_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(context_pass()); }},
	{"kiln-alias-scopes", alias_scopes_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(alias_scopes_pass()); }},
	{"kiln-check-bounds", check_bounds_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(check_bounds_pass()); }},
	{"kiln-check-sync", check_sync_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(check_sync_pass(~0u)); }},
	{"kiln-check-global-races", check_global_races_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(check_global_races_pass()); }},
	{"kiln-check-sink-stores", check_sink_stores_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(check_sink_stores_pass()); }},
	{"kiln-check-rescope", check_rescope_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(check_rescope_pass()); }},
	{"kiln-check-cold-records", check_cold_records_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(check_cold_records_pass()); }},
	{"kiln-safe-divide", safe_divide_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(safe_divide_pass()); }},
	{"kiln-guard-split", guard_split_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(guard_split_pass()); }},
	{"kiln-single-item", single_item_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(single_item_pass()); }},
	{"kiln-widen-byte-chains", widen_byte_chains_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(widen_byte_chains_pass()); }},
	{"kiln-jam-narrow", jam_narrow_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(jam_narrow_pass()); }},
	{"kiln-unroll-chains", unroll_chains_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(unroll_chains_pass()); }},
	{"kiln-interleave-chains", interleave_chains_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(interleave_chains_pass()); }},
	{"kiln-pair-iterations", pair_iterations_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(pair_iterations_pass()); }},
	{"print<kiln-uniformity>", uniformity_printer_pass::name(),
	 [](llvm::FunctionPassManager &f) { f.addPass(uniformity_printer_pass(llvm::outs())); }},
};

void register_passes(llvm::PassBuilder &pb, llvm::PassInstrumentationCallbacks *pic,
		     pass_errors *errors)
{
	pb.registerPipelineParsingCallback(
		[errors](llvm::StringRef name, llvm::ModulePassManager &mpm,
			 llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
			for (const module_entry &e : module_passes)
				if (name == e.name) {
					e.add(mpm, errors);
					return true;
				}
			return false;
		});
	pb.registerPipelineParsingCallback(
		[](llvm::StringRef name, llvm::FunctionPassManager &fpm,
		   llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
			for (const function_entry &e : function_passes)
				if (name == e.name) {
					e.add(fpm);
					return true;
				}
			return false;
		});
	if (!pic)
		return;
	for (const module_entry &e : module_passes)
		pic->addClassToPassName(e.cls, e.name);
	for (const function_entry &e : function_passes)
		pic->addClassToPassName(e.cls, e.name);
}

void print_pipeline(llvm::raw_ostream &os, llvm::PassBuilder &opt_pb,
		    llvm::PassInstrumentationCallbacks &pic, bool opt_disable)
{
	auto names = [&](llvm::StringRef cls) {
		llvm::StringRef n = pic.getPassNameForClassName(cls);
		return n.empty() ? cls : n;
	};
	os << "# work-group stage (no target machine)\n";
	workgroup_pipeline(nullptr).printPipeline(os, names);
	os << "\n# optimisation stage (" << (opt_disable ? "-O1" : "-O3")
	   << " for the target, kiln-guard-split and kiln-single-item before the vectorizer)\n";
	optimisation_pipeline(opt_pb, opt_disable).printPipeline(os, names);
	os << "\n";
}

size_t lower_workgroup_kernels(llvm::Module &m, pass_errors *errors,
			       bool (*lower)(llvm::Function &k, std::string &log))
{
	std::vector<llvm::Function *> kernels;
	for (llvm::Function &f : m)
		if (is_wg_function(f))
			if (llvm::Function *k = m.getFunction(f.getName().drop_front(10)))
				kernels.push_back(k);
	for (llvm::Function *k : kernels) {
		std::string log;
		if (!lower(*k, log)) {
			if (errors) {
				llvm::StringRef l(log);
				l.consume_front("error: ");
				errors->error(l.rtrim("\n").str());
			}
			break;
		}
	}
	return kernels.size();
}

/* wg_state.cpp's lowering, for each work-group function. */
llvm::PreservedAnalyses wg_state_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &)
{
	return lower_workgroup_kernels(m, errors, lower_wg_state_calls)
		       ? llvm::PreservedAnalyses::none()
		       : llvm::PreservedAnalyses::all();
}

} // namespace kiln
