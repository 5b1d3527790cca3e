/* kiln-opt: Kiln's compiler passes on an LLVM IR file, like LLVM's opt.
 *
 *   kiln-opt -passes=kiln-workitem,function(kiln-scalarize) in.ll -S -o -
 *   kiln-opt -kiln-finalize -kiln-target-features=+avx2,+fma in.ll -S
 *   kiln-opt -print-pipeline [-kiln-target-features=...]
 *
 * -passes takes Kiln's pass names (lib/compiler/passes.h) as well as
 * LLVM's.  -kiln-finalize runs what kiln_finalize runs before code
 * generation (kernel-lib linked for the target, both stages of
 * lib/compiler/passes.cpp).  -kiln-skip=NAME leaves out every run of a
 * Kiln pass, wherever the pipeline has it: an IR test must fail then
 * (tests/compiler/run-filecheck.sh checks that).  The target is given
 * explicitly (-kiln-target-cpu, -kiln-target-features), never taken
 * from the host, so that the output does not depend on the machine. */
#include "compiler/passes.h"

#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/ToolOutputFile.h>
#include <llvm/Support/raw_ostream.h>

#include <string>

namespace cl = llvm::cl;

static cl::opt<std::string> input(cl::Positional, cl::desc("<input .ll or .bc>"),
				  cl::init("-"));
static cl::opt<std::string> output("o", cl::desc("output file"), cl::init("-"));
static cl::opt<bool> assembly("S", cl::desc("write LLVM assembly, not bitcode"));
static cl::opt<std::string> passes("passes", cl::desc("pass pipeline, as for opt"));
static cl::opt<bool> finalize("kiln-finalize",
			      cl::desc("run kiln_finalize's pipeline (kernel-lib, both stages)"));
static cl::opt<bool> print_pipeline("print-pipeline",
				    cl::desc("print kiln_finalize's pipeline and exit"));
static cl::opt<std::string> cpu("kiln-target-cpu", cl::desc("LLVM CPU name"),
				cl::init("x86-64"));
static cl::opt<std::string> features("kiln-target-features",
				     cl::desc("LLVM feature string, e.g. +avx512f,+avx2"));
static cl::opt<unsigned> vector_bytes("kiln-vector-bytes",
				      cl::desc("widest native vector in bytes (0: from the features)"),
				      cl::init(0));
static cl::opt<std::string> options("kiln-options",
				    cl::desc("OpenCL build options for -kiln-finalize"));
static cl::list<std::string> skip("kiln-skip", cl::desc("leave out this Kiln pass"),
				  cl::CommaSeparated);
static cl::opt<bool> no_verify("disable-verify", cl::desc("do not verify the output"));

int main(int argc, char **argv)
{
	/* LLVM's pass builder maps its passes' class names to pipeline names
	 * (for -print-pipeline) only under its -print-pipeline-passes. */
	std::vector<const char *> args(argv, argv + argc);
	args.push_back("-print-pipeline-passes");
	cl::ParseCommandLineOptions((int)args.size(), args.data(),
				    "Kiln's compiler passes on LLVM IR\n");
	kiln::llvm_init();

	std::string feats = features;
	struct kiln_target t = {};
	t.cpu = cpu.c_str();
	t.features = feats.c_str();
	t.vector_bytes = vector_bytes ? (unsigned)vector_bytes
			 : feats.find("+avx512f") != std::string::npos ? 64
			 : feats.find("+avx") != std::string::npos    ? 32
								       : 16;
	std::string log;
	std::unique_ptr<llvm::TargetMachine> tm = kiln::target_machine(&t, log);
	if (!tm) {
		llvm::errs() << log;
		return 1;
	}

	llvm::PassInstrumentationCallbacks pic;
	kiln::pass_errors errors{&log};
	std::vector<std::string> skipped(skip.begin(), skip.end());
	pic.registerShouldRunOptionalPassCallback([&](llvm::StringRef cls, llvm::Any) {
		llvm::StringRef name = pic.getPassNameForClassName(cls);
		for (const std::string &s : skipped)
			if (name == s)
				return false;
		return true;
	});
	bool opt_disable = options.find("-cl-opt-disable") != std::string::npos;

	if (print_pipeline) {
		kiln::pass_env env(tm.get(), kiln::optimisation_tuning(), &pic);
		kiln::register_passes(env.pb, &pic, &errors);
		kiln::print_pipeline(llvm::outs(), env.pb, pic, opt_disable);
		return 0;
	}

	llvm::LLVMContext ctx;
	kiln::log_diagnostics(ctx, log);
	llvm::SMDiagnostic diag;
	std::unique_ptr<llvm::Module> m = llvm::parseIRFile(input, diag, ctx);
	if (!m) {
		diag.print(argv[0], llvm::errs());
		return 1;
	}

	bool ok = true;
	if (finalize) {
		kiln::build_options o;
		ok = kiln::parse_options(options.c_str(), kiln::OPTS_FINALIZE, o, log);
		if (ok) {
			/* the class names of the passes, for -kiln-skip */
			kiln::pass_env names(nullptr, llvm::PipelineTuningOptions(), &pic);
			kiln::register_passes(names.pb, &pic, &errors);
			ok = kiln::finalize_module(*m, *tm, &t, o, log, &pic);
		}
	} else if (!passes.empty()) {
		kiln::pass_env env(features.empty() && cpu == "x86-64" ? nullptr : tm.get(),
				   kiln::optimisation_tuning(), &pic);
		kiln::register_passes(env.pb, &pic, &errors);
		llvm::ModulePassManager mpm;
		if (llvm::Error e = env.pb.parsePassPipeline(mpm, passes)) {
			llvm::errs() << argv[0] << ": " << llvm::toString(std::move(e)) << "\n";
			return 1;
		}
		mpm.run(*m, env.mam);
		ok = !errors.failed;
	}
	llvm::errs() << log;
	if (!ok)
		return 1;
	if (!no_verify && llvm::verifyModule(*m, &llvm::errs())) {
		llvm::errs() << argv[0] << ": the output is not valid IR\n";
		return 1;
	}

	std::error_code ec;
	llvm::ToolOutputFile out(output, ec, llvm::sys::fs::OF_None);
	if (ec) {
		llvm::errs() << argv[0] << ": " << output << ": " << ec.message() << "\n";
		return 1;
	}
	if (assembly)
		m->print(out.os(), nullptr);
	else
		llvm::WriteBitcodeToFile(*m, out.os());
	out.keep();
	return 0;
}
