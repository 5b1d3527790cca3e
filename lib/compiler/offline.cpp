/* What the offline compiler (tools/kiln-cc) asks beyond compiler.h
 * (offline.h): kiln_finalize's pipeline with its intermediate results made
 * visible, SPIR-V through the translator, and targets named by CPU.
 *
 * kiln_offline_finalize runs the very finalize_module the runtime runs
 * (finalize.cpp) and watches it from outside:
 *   - a pass-instrumentation callback just before kiln-workgroup reads
 *     what the work-group passes left on each work-item function (the
 *     barriers cut, the context size; workitem_layout.cpp), which
 *     kiln-workgroup then removes;
 *   - a diagnostic handler collects the loop vectorizer's remarks
 *     ("loop-vectorize": how wide each loop of a work-group function went,
 *     or LLVM's reason why not) and the prologue/epilogue inserter's
 *     frame size ("prologepilog": "N stack bytes in function");
 *   - the native assembly is printed verbose, where LLVM marks every
 *     spill and reload with its size ("# 64-byte Spill"): the spill slots
 *     are the distinct stack addresses spilled to.
 * Nothing here changes what is compiled. */
#include "compiler/offline.h"
#include "compiler/passes.h"

#include <LLVMSPIRVLib/LLVMSPIRVLib.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/Support/X86TargetParser.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <sstream>

namespace kiln {

/* frontend.cpp: OpenCL C to IR for the spir64 target, typed pointers. */
bool compile_for_spirv(const struct kiln_target *t, const char *source,
		       const build_options &o, std::string &ir, std::string &log);

namespace {

/* What is gathered about one kernel while the pipeline runs. */
struct kernel_facts {
	kiln_kernel_stats s = {};
	std::string remarks;
};

/* The kernel a function belongs to: __kiln_wg_<k>, __kiln_wi_<k>,
 * __kiln_fiber_<k>, or the kernel k itself. */
std::string kernel_of(llvm::StringRef fn, const std::map<std::string, kernel_facts> &known)
{
	for (const char *p : {"__kiln_wg_", "__kiln_wi_", "__kiln_fiber_"})
		if (fn.startswith(p))
			return fn.drop_front(strlen(p)).str();
	return known.count(fn.str()) ? fn.str() : std::string();
}

/* Collects the remarks of the passes named in `wanted`; errors and
 * warnings go to the log as log_diagnostics would put them. */
struct remark_collector : llvm::DiagnosticHandler {
	std::string *log;
	std::map<std::string, kernel_facts> *kernels;
	remark_collector(std::string *l, std::map<std::string, kernel_facts> *k)
		: log(l), kernels(k) {}

	static bool wanted(llvm::StringRef pass)
	{
		return pass == "loop-vectorize" || pass == "prologepilog";
	}
	bool isAnalysisRemarkEnabled(llvm::StringRef p) const override { return wanted(p); }
	bool isMissedOptRemarkEnabled(llvm::StringRef p) const override { return wanted(p); }
	bool isPassedOptRemarkEnabled(llvm::StringRef p) const override { return wanted(p); }
	bool isAnyRemarkEnabled() const override { return true; }

	bool handleDiagnostics(const llvm::DiagnosticInfo &di) override
	{
		if (auto *r = llvm::dyn_cast<llvm::DiagnosticInfoOptimizationBase>(&di)) {
			record(*r);
			return true;
		}
		if (di.getSeverity() == llvm::DS_Remark || di.getSeverity() == llvm::DS_Note)
			return true;
		std::string s;
		llvm::raw_string_ostream os(s);
		llvm::DiagnosticPrinterRawOStream dp(os);
		di.print(dp);
		os.flush();
		*log += std::string(di.getSeverity() == llvm::DS_Error ? "error" : "warning") +
			": " + s + "\n";
		return true;
	}

	void record(const llvm::DiagnosticInfoOptimizationBase &r)
	{
		if (!wanted(r.getPassName()))
			return;
		std::string k = kernel_of(r.getFunction().getName(), *kernels);
		if (k.empty())
			return;
		kernel_facts &f = (*kernels)[k];
		bool wg = r.getFunction().getName().startswith("__kiln_wg_");
		if (r.getPassName() == "prologepilog") {
			/* the work-group function's frame is the kernel's */
			if (!wg)
				return;
			for (const auto &a : r.getArgs())
				if (a.Key == "NumStackBytes")
					f.s.stack_size = strtoull(a.Val.c_str(), nullptr, 10);
			return;
		}
		for (const auto &a : r.getArgs())
			if (a.Key == "VectorizationFactor") {
				unsigned vf = (unsigned)strtoul(a.Val.c_str(), nullptr, 10);
				if (vf > f.s.vector_width)
					f.s.vector_width = vf;
			}
		std::string msg = r.getMsg();
		if (msg.empty())
			return;
		/* The remark on an outer loop only says LLVM vectorizes
		 * innermost loops: noise for every work-item loop nest. */
		if (msg.find("loop not vectorized") == 0 && msg.find("outer loop") != std::string::npos)
			return;
		if (f.remarks.find(msg + "\n") != std::string::npos)
			return; /* the same words for another copy of the loop */
		f.remarks += msg + "\n";
	}
};

/* Spill slots, spills and reloads per function, from verbose assembly:
 * "<insn> <offset>(%rsp|%rbp) ... # <n>-byte [Folded ]Spill|Reload". */
void count_spills(const std::string &text, std::map<std::string, kernel_facts> &kernels)
{
	std::istringstream in(text);
	std::string line, fn;
	std::set<std::string> slots;
	kernel_facts *cur = nullptr;
	while (std::getline(in, line)) {
		if (!line.empty() && line[0] != '.' && line[0] != '\t' && line[0] != ' ' &&
		    line[0] != '#' && line.back() == ':') {
			fn = line.substr(0, line.size() - 1);
			slots.clear();
			cur = nullptr;
			if (llvm::StringRef(fn).startswith("__kiln_wg_")) {
				std::string k = fn.substr(10);
				if (kernels.count(k))
					cur = &kernels[k];
			}
			continue;
		}
		if (!cur)
			continue;
		size_t hash = line.find('#');
		if (hash == std::string::npos)
			continue;
		std::string comment = line.substr(hash + 1), insn = line.substr(0, hash);
		size_t dash = comment.find("-byte ");
		if (dash == std::string::npos)
			continue;
		bool spill = comment.find("Spill", dash) != std::string::npos;
		bool reload = comment.find("Reload", dash) != std::string::npos;
		if (!spill && !reload)
			continue;
		if (reload) {
			cur->s.reloads++;
			continue;
		}
		cur->s.spills++;
		unsigned long bytes = strtoul(comment.c_str(), nullptr, 10);
		/* the slot: the memory operand's "offset(%base)" */
		size_t paren = insn.find("(%r");
		if (paren == std::string::npos)
			continue;
		size_t start = insn.find_last_of(" \t,", paren);
		std::string slot = insn.substr(start == std::string::npos ? 0 : start + 1,
					       insn.find(')', paren) - (start + 1) + 1);
		if (slots.insert(slot).second)
			cur->s.spill_bytes += bytes;
	}
}

char *dup(const std::string &s)
{
	char *p = static_cast<char *>(malloc(s.size() + 1));
	if (p)
		memcpy(p, s.c_str(), s.size() + 1);
	return p;
}

bool offline_finalize(const struct kiln_target *t, const struct kiln_blob *ir,
		      const build_options &o, char **wg_ir_text, char **ir_text, char **asm_text,
		      struct kiln_offline_stats *stats, std::string &log)
{
	std::unique_ptr<llvm::TargetMachine> tm = target_machine(t, log);
	if (!tm)
		return false;
	llvm::LLVMContext ctx;
	std::map<std::string, kernel_facts> kernels;
	ctx.setDiagnosticHandler(std::make_unique<remark_collector>(&log, &kernels));
	std::unique_ptr<llvm::Module> m = read_ir(ctx, ir, log);
	if (!m)
		return false;
	for (llvm::Function &f : *m)
		if (is_kernel(f) && !is_block_kernel(f) && !f.isDeclaration())
			kernels[f.getName().str()];

	/* Before kiln-workgroup removes it: what the work-group passes
	 * decided for each work-item function. */
	llvm::PassInstrumentationCallbacks pic;
	llvm::Module *mod = m.get();
	pic.registerBeforeNonSkippedPassCallback([&](llvm::StringRef cls, llvm::Any) {
		if (cls != workgroup_pass::name())
			return;
		for (llvm::Function &f : *mod) {
			if (!f.getName().startswith("__kiln_wi_") || f.isDeclaration())
				continue;
			auto it = kernels.find(f.getName().drop_front(10).str());
			if (it == kernels.end())
				continue;
			workitem_layout l = read_layout(f);
			it->second.s.barriers = l.regions;
			it->second.s.context_size = l.context_size;
			it->second.s.local_size = l.local_size;
			it->second.s.fibers = runs_as_fibers(f);
		}
	});
	/* After the last pass of the work-group stage, before -O3. */
	if (wg_ir_text)
		pic.registerAfterPassCallback([&](llvm::StringRef cls, llvm::Any,
						  const llvm::PreservedAnalyses &) {
			if (cls != block_kernels_pass::name() || *wg_ir_text)
				return;
			std::string s;
			llvm::raw_string_ostream os(s);
			mod->print(os, nullptr);
			os.flush();
			*wg_ir_text = dup(s);
		});
	if (!finalize_module(*m, *tm, t, o, log, &pic))
		return false;
	if (ir_text) {
		std::string s;
		llvm::raw_string_ostream os(s);
		m->print(os, nullptr);
		os.flush();
		*ir_text = dup(s);
	}
	if (asm_text || stats) {
		/* verbose: LLVM's comments, the spill marks among them */
		tm->Options.MCOptions.AsmVerbose = true;
		llvm::SmallVector<char, 0> buf;
		llvm::raw_svector_ostream os(buf);
		llvm::legacy::PassManager pm;
		if (tm->addPassesToEmitFile(pm, os, nullptr, llvm::CGFT_AssemblyFile)) {
			log += "error: the code generator cannot emit assembly\n";
			return false;
		}
		pm.run(*m);
		std::string text(buf.begin(), buf.end());
		if (asm_text)
			*asm_text = dup(text);
		count_spills(text, kernels);
	}
	if (stats) {
		stats->num_kernels = 0;
		stats->kernels = static_cast<kiln_kernel_stats *>(
			calloc(kernels.size() ? kernels.size() : 1, sizeof(kiln_kernel_stats)));
		if (!stats->kernels)
			return false;
		for (auto &k : kernels) {
			kiln_kernel_stats &s = stats->kernels[stats->num_kernels++];
			s = k.second.s;
			s.name = dup(k.first);
			s.vector_remarks = dup(k.second.remarks);
		}
	}
	return true;
}

bool offline_spirv(const struct kiln_target *t, const char *source,
		   const build_options &o, std::string &spv, std::string &log)
{
	std::string bc;
	if (!compile_for_spirv(t, source, o, bc, log))
		return false;
	llvm::LLVMContext ctx;
	/* Translator 15 writes pointer types from typed pointers only (from
	 * opaque ones every pointer becomes an i8 pointer), so the module is
	 * read as it was made, not through read_ir, which upgrades to opaque
	 * pointers. */
	ctx.setOpaquePointers(false);
	log_diagnostics(ctx, log);
	auto m = llvm::parseBitcodeFile(llvm::MemoryBufferRef(bc, "kiln-spir"), ctx);
	if (!m) {
		log += "error: invalid IR: " + llvm::toString(m.takeError()) + "\n";
		return false;
	}
	/* SPIR-V 1.0-1.4, what translator 15 writes and reads (Kiln's reader
	 * also takes 1.5);
	 * extensions only where the module needs one.  The kernels' argument
	 * type names (signedness, const) travel as an OpString that readers
	 * asking for it (Kiln's does) turn back into kernel argument info. */
	SPIRV::TranslatorOpts opts(SPIRV::VersionNumber::SPIRV_1_4);
	opts.enableAllExtensions();
	opts.setPreserveOCLKernelArgTypeMetadataThroughString(true);
	std::ostringstream os;
	std::string err;
	if (!llvm::writeSpirv(m->get(), opts, os, err)) {
		log += "error: SPIR-V translator: " + err + "\n";
		return false;
	}
	spv = os.str();
	return true;
}

} // namespace
} // namespace kiln

extern "C" bool kiln_offline_cpu_target(const char *cpu, struct kiln_cpu_target *out)
{
	*out = kiln_cpu_target{};
	if (!cpu || !*cpu || strlen(cpu) >= sizeof(out->cpu) ||
	    llvm::X86::parseArchX86(cpu, true) == llvm::X86::CK_None)
		return false;
	llvm::SmallVector<llvm::StringRef, 64> feats;
	llvm::X86::getFeaturesForCPU(cpu, feats);
	std::set<std::string> has;
	std::string list;
	for (llvm::StringRef f : feats) {
		has.insert(f.str());
		std::string item = (list.empty() ? "+" : ",+") + f.str();
		if (list.size() + item.size() >= sizeof(out->features))
			return false;
		list += item;
	}
	/* x86-64 psABI micro-architecture levels (as host_isa.c) */
	static const char *const needs[5][10] = {
		{}, {},
		{"cx16", "sahf", "popcnt", "sse3", "ssse3", "sse4.1", "sse4.2"},
		{"avx", "avx2", "bmi", "bmi2", "f16c", "fma", "lzcnt", "movbe", "xsave"},
		{"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"},
	};
	int level = 1;
	for (int l = 2; l <= 4; l++) {
		bool all = true;
		for (const char *f : needs[l])
			if (f && !has.count(f))
				all = false;
		if (!all)
			break;
		level = l;
	}
	strcpy(out->cpu, cpu);
	strcpy(out->features, list.c_str());
	out->level = level;
	out->vector_bytes = level >= 4 ? 64 : level == 3 ? 32 : 16;
	return true;
}

extern "C" bool kiln_offline_finalize(const struct kiln_target *t,
				      const struct kiln_blob *ir, const char *options,
				      char **wg_ir_text, char **ir_text, char **asm_text,
				      struct kiln_offline_stats *stats, char **log)
{
	std::string l;
	kiln::build_options o;
	if (wg_ir_text)
		*wg_ir_text = nullptr;
	if (ir_text)
		*ir_text = nullptr;
	if (asm_text)
		*asm_text = nullptr;
	if (stats)
		*stats = kiln_offline_stats{};
	bool ok = kiln::parse_options(options, kiln::OPTS_FINALIZE, o, l);
	if (ok)
		ok = kiln::run_safely(l, [&] {
			return kiln::offline_finalize(t, ir, o, wg_ir_text, ir_text, asm_text,
						      stats, l);
		});
	kiln::give_log(l, log);
	return ok;
}

extern "C" bool kiln_offline_spirv(const struct kiln_target *t, const char *source,
				   const char *options, struct kiln_blob *spirv_out,
				   char **log)
{
	std::string l, spv;
	kiln::build_options o;
	bool ok = kiln::parse_options(options, kiln::OPTS_COMPILE, o, l);
	if (ok)
		ok = kiln::run_safely(l, [&] { return kiln::offline_spirv(t, source, o, spv, l); });
	if (ok)
		ok = kiln::give_blob(spv, spirv_out);
	kiln::give_log(l, log);
	return ok;
}

extern "C" void kiln_offline_stats_free(struct kiln_offline_stats *s)
{
	if (!s || !s->kernels)
		return;
	for (uint32_t i = 0; i < s->num_kernels; i++) {
		free(s->kernels[i].name);
		free(s->kernels[i].vector_remarks);
	}
	free(s->kernels);
	s->kernels = nullptr;
	s->num_kernels = 0;
}
