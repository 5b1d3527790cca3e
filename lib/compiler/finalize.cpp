/* IR to native code (kiln_finalize): link the kernel-lib functions the
 * program uses, make the work-group functions, optimise at -O3 for the CPU
 * found at run time (vectorizing across work-items): the two stages of
 * passes.cpp; emit an object and load it into the JIT. */
#include "compiler/passes.h"
#include "compiler/program_rules.h"
#include "compiler/check_abi.h"
#include "compiler/check_passes.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Linker/Linker.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include "compiler/phase_hook.h"

#include <atomic>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <mutex>

#include <llvm/Config/llvm-config.h>

/* kiln_compiler_set_phase_hook: constant-initialized, so it is valid
 * before any constructor runs. */
static std::atomic<kiln_phase_hook> phase_hook{nullptr};

extern "C" void kiln_compiler_set_phase_hook(kiln_phase_hook hook)
{
	phase_hook.store(hook, std::memory_order_relaxed);
}

namespace {
/* Times the scope it lives in as compiler phase `name`, when a hook is set
 * (one relaxed load otherwise). */
class phase_timer {
	const char *name;
	kiln_phase_hook hook;
	uint64_t start;

	static uint64_t now()
	{
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	}

public:
	explicit phase_timer(const char *n)
		: name(n), hook(phase_hook.load(std::memory_order_relaxed)),
		  start(hook ? now() : 0)
	{
	}
	~phase_timer()
	{
		if (hook)
			hook(name, start, now());
	}
};
} // namespace

namespace kiln {

std::unique_ptr<llvm::TargetMachine> target_machine(const struct kiln_target *t,
						    std::string &log);
bool load_object(const struct kiln_target *t, llvm::StringRef obj,
		 kiln_executable **out, std::string &log);
bool widen_half_vector_intrinsics(llvm::Module &m); /* half_vectors.cpp */

/* One calling convention, one CPU, for every function and call: the kernel
 * (spir_kernel), kernel-lib and translator output (spir_func) all become C
 * functions for the host, with the features of the CPU found at run time
 * (without them LLVM 15's JIT emits SSE2 code, even on an AVX-512 CPU). */
void retarget(llvm::Module &m, const struct kiln_target *t)
{
	m.setTargetTriple("x86_64-unknown-linux-gnu");
	/* The device's native width (decided once, lib/devices/host_isa.c):
	 * LLVM prefers 256-bit vectors on AVX-512 unless told. */
	bool wide = t && t->vector_bytes >= 64;
	for (llvm::Function &f : m) {
		/* A block kernel is known by its calling convention alone
		 * (block_kernels.cpp): it keeps a mark instead. */
		if (is_block_kernel(f))
			f.setMetadata(block_kernel_mark, llvm::MDNode::get(m.getContext(), {}));
		if (f.getCallingConv() == llvm::CallingConv::SPIR_FUNC ||
		    f.getCallingConv() == llvm::CallingConv::SPIR_KERNEL)
			f.setCallingConv(llvm::CallingConv::C);
		for (llvm::BasicBlock &bb : f)
			for (llvm::Instruction &i : bb)
				if (auto *c = llvm::dyn_cast<llvm::CallBase>(&i))
					c->setCallingConv(llvm::CallingConv::C);
		if (f.isDeclaration())
			continue;
		if (t && t->cpu && *t->cpu)
			f.addFnAttr("target-cpu", t->cpu);
		if (t && t->features)
			f.addFnAttr("target-features", t->features);
		if (wide)
			f.addFnAttr("prefer-vector-width", "512");
	}
}

static bool link_kernel_lib(llvm::Module &m, const struct kiln_target *t,
			    std::string &log)
{
	std::vector<std::string> names;
	for (llvm::Function &f : m)
		if (f.isDeclaration() && !f.isIntrinsic())
			names.push_back(f.getName().str());
	std::string bc;
	if (!kernel_lib_subset(t, names, bc, log))
		return false;
	if (bc.empty())
		return true;
	struct kiln_blob b = {bc.data(), bc.size()};
	std::unique_ptr<llvm::Module> lib = read_ir(m.getContext(), &b, log);
	if (!lib)
		return false;
	lib->setDataLayout(m.getDataLayout());
	lib->setTargetTriple(m.getTargetTriple());
	/* Vector variants (vector_variants.cpp) are called by nothing until
	 * the loop vectorizer: declared here, the linker brings them too. */
	for (llvm::Function &f : *lib)
		if (!f.isDeclaration() && is_vector_variant(f))
			m.getOrInsertFunction(f.getName(), f.getFunctionType());
	if (llvm::Linker::linkModules(m, std::move(lib), llvm::Linker::LinkOnlyNeeded)) {
		log += "error: linking kernel-lib failed\n";
		return false;
	}
	return true;
}

/* The build options kernel-lib reads (kernel-lib/math_float.h): the
 * constant __kiln_fast_math is 1 under -cl-fast-relaxed-math (or
 * -cl-unsafe-math-optimizations), selecting the relaxed variants that
 * OpenCL C 3.0 section 7.4 allows; a constant, so the choice folds away
 * after inlining. */
static void define_lib_options(llvm::Module &m, const build_options &o)
{
	llvm::GlobalVariable *g = m.getGlobalVariable("__kiln_fast_math", true);
	if (!g || !g->isDeclaration())
		return;
	g->setInitializer(llvm::ConstantInt::get(g->getValueType(), o.fast_math ? 1 : 0));
	g->setConstant(true);
}

/* Built-ins neither the program nor kernel-lib defines, nor the work-group
 * pass replaced: their absence is a build error with a clear message.
 * Plain C names (memcpy, from lowered intrinsics) come from the process. */
static bool check_undefined(llvm::Module &m, std::string &log)
{
	bool ok = true;
	for (llvm::Function &f : m) {
		if (!f.isDeclaration() || f.isIntrinsic() || f.use_empty())
			continue;
		llvm::StringRef n = f.getName();
		/* printf too: the host's must never be called from a kernel. */
		if (n.startswith("_Z") || n.startswith("__kiln") || n.startswith("__") ||
		    n == "printf") {
			log += "error: built-in function '" + n.str() +
			       "' is not available\n";
			ok = false;
		}
	}
	return ok;
}

static bool emit_object(llvm::Module &m, llvm::TargetMachine *tm,
			std::string &obj, std::string &log)
{
	llvm::SmallVector<char, 0> buf;
	llvm::raw_svector_ostream os(buf);
	llvm::legacy::PassManager pm;
	if (tm->addPassesToEmitFile(pm, os, nullptr, llvm::CGFT_ObjectFile)) {
		log += "error: the code generator cannot emit an object\n";
		return false;
	}
	pm.run(m);
	obj.assign(buf.begin(), buf.end());
	return true;
}

bool finalize_module(llvm::Module &m, llvm::TargetMachine &tm,
		     const struct kiln_target *t, const build_options &o,
		     std::string &log, llvm::PassInstrumentationCallbacks *pic)
{
	m.setDataLayout(tm.createDataLayout());
	m.setTargetTriple(tm.getTargetTriple().str());
	/* Program-wide rules and limits (program_rules.h), on the program
	 * alone and before anything is inlined or emitted. */
	program_limits limits = {t ? t->max_constant_size : 0, t ? t->local_mem_size : 0,
				 t ? t->private_mem_size : 0, kiln_inline_limit};
	if (!check_program_rules(m, limits, log))
		return false;
	unsigned check = t ? t->check : 0;
	/* checked mode checks the program's accesses, not kernel-lib's */
	if (check)
		mark_user_accesses(m);
	if (check & KILN_CHECK_BOUNDS)
		guard_builtin_accesses(m);
	{
		phase_timer timer("link built-in library");
		if (!link_kernel_lib(m, t, log))
			return false;
	}
	/* kernel-lib reports image writes outside the image to checked mode
	 * only */
	if (!(check & KILN_CHECK_BOUNDS))
		check_drop_image_hooks(m);
	adapt_kernel_lib_calls(m);
	define_lib_options(m, o);
	retarget(m, t);
	/* kiln-subgroups: a kernel without intel_reqd_sub_group_size runs
	 * sub-groups of one native float vector (the rule of
	 * lib/core/kernel.c's sub-group size). */
	set_default_sub_group_size(m, t && t->vector_bytes >= 4 ? t->vector_bytes / 4 : 1);
	/* kiln-scalarize: kernels whose vectors fill the target's registers
	 * keep them. */
	set_target_vector_bits(m, t ? (uint64_t)t->vector_bytes * 8 : 0);
	/* Everything but the kernels is private to the program. */
	for (llvm::Function &f : m)
		if (!f.isDeclaration() && !is_kernel(f))
			f.setLinkage(llvm::GlobalValue::InternalLinkage);
	for (llvm::GlobalVariable &g : m.globals())
		if (!g.isDeclaration())
			g.setLinkage(llvm::GlobalValue::InternalLinkage);

	/* The work-group stage (passes.cpp). */
	pass_errors errors{&log};
	{
		phase_timer timer("work-group passes");
		pass_env env(nullptr, llvm::PipelineTuningOptions(), pic);
		workgroup_pipeline(&errors, check).run(m, env.mam);
	}
	if (errors.failed)
		return false;
	/* kernel-lib's question kiln-image-facts did not answer (code outside
	 * the work-item functions): not specialized */
	resolve_formats_fixed(m, nullptr, false);
	/* Frames larger than a page touch each page on the way down, so an
	 * overflow always meets the guard zone of its stack (a worker's or a
	 * fiber's: a contained fault, docs/robustness.md) instead of jumping
	 * over it into another stack.  Here, so that the functions the
	 * work-group stage made get it too. */
	for (llvm::Function &f : m)
		if (!f.isDeclaration())
			f.addFnAttr("probe-stack", "inline-asm");
	std::string err;
	llvm::raw_string_ostream es(err);
	if (llvm::verifyModule(m, &es)) {
		es.flush();
		log += "error: internal compiler error: invalid IR: " + err + "\n";
		return false;
	}
	/* KILN_DUMP_IR=1: the optimised module on stderr, for compiler work;
	 * KILN_DUMP_IR=pre: the module before the -O3 pipeline (work-group
	 * functions made), to replay the pipeline with kiln-opt or opt. */
	const char *dump = getenv("KILN_DUMP_IR");
	bool dump_pre = dump && strcmp(dump, "pre") == 0;
	bool dump_post = dump && *dump && strcmp(dump, "0") != 0 && !dump_pre;
	if (dump_pre)
		m.print(llvm::errs(), nullptr);
	/* The optimisation stage (passes.cpp). */
	{
		phase_timer timer("optimization (-O3)");
		pass_env env(&tm, optimisation_tuning(), pic);
		optimisation_pipeline(env.pb, o.opt_disable, check).run(m, env.mam);
	}
	/* half-vector max/min/compares the x86 back end cannot select or
	 * scalarizes */
	widen_half_vector_intrinsics(m);
	if (dump_post)
		m.print(llvm::errs(), nullptr);
	return check_undefined(m, log);
}

/* kiln_finalize_for_size's request: kernel `name` for groups of `size`. */
struct size_request {
	const char *name;
	const size_t *size;
	const struct kiln_arg_fact *facts;
	unsigned num_facts;
};

/* The kernel's !kiln.arg_facts from the request (kiln-image-facts). */
static void mark_arg_facts(llvm::Function &k, const size_request &r)
{
	if (!r.num_facts)
		return;
	llvm::LLVMContext &c = k.getContext();
	std::vector<llvm::Metadata *> all;
	for (unsigned i = 0; i < r.num_facts; i++) {
		const struct kiln_arg_fact &f = r.facts[i];
		all.push_back(md_ints(c, {f.index, f.kind, f.value[0], f.value[1], f.value[2],
					  f.value[3]}));
	}
	k.setMetadata(arg_facts_mark, llvm::MDNode::get(c, all));
}

/* Marks the kernel of request `r` with local_size_mark and makes every
 * other kernel nothing calls an ordinary function, which the pipeline then
 * drops unused.  False when the program has no such kernel. */
static bool keep_one_kernel(llvm::Module &m, const size_request &r, std::string &log)
{
	llvm::Function *k = m.getFunction(r.name);
	if (!k || !is_kernel(*k)) {
		log += std::string("error: no kernel '") + r.name + "' to specialize\n";
		return false;
	}
	k->setMetadata(local_size_mark, md_ints(m.getContext(), {r.size[0], r.size[1], r.size[2]}));
	mark_arg_facts(*k, r);
	for (llvm::Function &f : m) {
		if (&f == k || !is_kernel(f) || !f.use_empty() || f.getMetadata(block_kernel_mark))
			continue;
		f.setCallingConv(llvm::CallingConv::C);
		f.setMetadata("kernel_arg_addr_space", nullptr);
	}
	return true;
}

static bool finalize(const struct kiln_target *t, const struct kiln_blob *ir,
		     const build_options &o, const size_request *only, std::string &obj,
		     std::string &log)
{
	std::unique_ptr<llvm::TargetMachine> tm = target_machine(t, log);
	if (!tm)
		return false;
	llvm::LLVMContext ctx;
	log_diagnostics(ctx, log);
	std::unique_ptr<llvm::Module> m = read_ir(ctx, ir, log);
	if (!m)
		return false;
	if (only && !keep_one_kernel(*m, *only, log))
		return false;
	if (!finalize_module(*m, *tm, t, o, log))
		return false;
	phase_timer timer("code generation");
	return emit_object(*m, tm.get(), obj, log);
}

} // namespace kiln

/* kiln_finalize and kiln_finalize_for_size (`only` may be NULL). */
static bool finalize_entry(const struct kiln_target *t, const struct kiln_blob *ir,
			   const char *options, const kiln::size_request *only,
			   struct kiln_executable **exe_out, struct kiln_blob *object_out,
			   char **log)
{
	std::string l, obj;
	kiln::build_options o;
	if (exe_out)
		*exe_out = nullptr;
	bool ok = kiln::parse_options(options, kiln::OPTS_FINALIZE, o, l);
	if (ok)
		ok = kiln::run_safely(l, [&] {
			if (!kiln::finalize(t, ir, o, only, obj, l))
				return false;
			phase_timer timer("load native code (JIT)");
			return !exe_out || kiln::load_object(t, obj, exe_out, l);
		});
	if (ok && object_out)
		ok = kiln::give_blob(obj, object_out);
	kiln::give_log(l, log);
	return ok;
}

extern "C" bool kiln_finalize(const struct kiln_target *t,
			      const struct kiln_blob *ir, const char *options,
			      struct kiln_executable **exe_out,
			      struct kiln_blob *object_out, char **log)
{
	return finalize_entry(t, ir, options, nullptr, exe_out, object_out, log);
}

extern "C" bool kiln_finalize_for_size(const struct kiln_target *t,
				       const struct kiln_blob *ir, const char *options,
				       const char *kernel, const size_t local_size[3],
				       const struct kiln_arg_fact *facts, unsigned num_facts,
				       struct kiln_executable **exe_out,
				       struct kiln_blob *object_out, char **log)
{
	kiln::size_request r = {kernel, local_size, facts, num_facts};
	return finalize_entry(t, ir, options, &r, exe_out, object_out, log);
}

extern "C" const char *kiln_compiler_id(void)
{
	static std::string id;
	static std::once_flag once;
	std::call_once(once, [] {
		/* A new kernel-lib is a new compiler as far as caches are
		 * concerned.  kernel-lib is embedded in this shared object, so
		 * its GNU build id already changes with it; only without one
		 * is kernel-lib hashed (FNV-1a over every variant, ~15 ms at
		 * the first build of every process). */
		std::string build = kiln::own_build_id();
		if (!build.empty()) {
			id = std::string("kiln-" KILN_VERSION_STRING " llvm-") +
			     LLVM_VERSION_STRING + " build-" + build;
			return;
		}
		uint64_t h = 1469598103934665603ull;
		static const char *const feats[] = {"", "+avx2", "+avx512f"};
		for (const char *f : feats) {
			struct kiln_target t = {};
			t.features = f;
			for (char c : kiln::kernel_lib_bitcode(&t))
				h = (h ^ (unsigned char)c) * 1099511628211ull;
		}
		char hex[17];
		snprintf(hex, sizeof(hex), "%016llx", (unsigned long long)h);
		id = std::string("kiln-" KILN_VERSION_STRING " llvm-") +
		     LLVM_VERSION_STRING + " klib-" + hex;
	});
	return id.c_str();
}
