/* Native code in memory: an ORC LLJIT per executable (program build) that
 * loads the object kiln_finalize emitted (or a cached one, kiln_load_object).
 * Each executable owns its JIT, so freeing it unloads the code. */
#include "compiler/internal.h"

#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/MemoryBuffer.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

struct kiln_executable {
	std::unique_ptr<llvm::orc::LLJIT> jit;
	std::map<std::string, kiln_kernel_native> kernels;
};

namespace kiln {

static llvm::orc::JITTargetMachineBuilder jtmb_for(const struct kiln_target *t)
{
	llvm::orc::JITTargetMachineBuilder b{llvm::Triple("x86_64-unknown-linux-gnu")};
	b.setCPU(t && t->cpu && *t->cpu ? t->cpu : "generic");
	llvm::SubtargetFeatures f(t && t->features ? t->features : "");
	b.addFeatures(f.getFeatures());
	b.setRelocationModel(llvm::Reloc::PIC_);
	b.setCodeModel(llvm::CodeModel::Small);
	b.setCodeGenOptLevel(llvm::CodeGenOpt::Aggressive);
	return b;
}

std::unique_ptr<llvm::TargetMachine> target_machine(const struct kiln_target *t,
						    std::string &log)
{
	auto tm = jtmb_for(t).createTargetMachine();
	if (!tm) {
		log += "error: no code generator for the target: " +
		       llvm::toString(tm.takeError()) + "\n";
		return nullptr;
	}
	return std::move(*tm);
}

/* Loads an object and resolves every kernel in it at once, so that a
 * missing symbol is a build error, not a failure at enqueue time. */
bool load_object(const struct kiln_target *t, llvm::StringRef obj,
		 kiln_executable **out, std::string &log)
{
	auto objfile = llvm::object::ObjectFile::createObjectFile(
		llvm::MemoryBufferRef(obj, "kiln-object"));
	if (!objfile) {
		log += "error: invalid object: " + llvm::toString(objfile.takeError()) + "\n";
		return false;
	}
	std::vector<std::string> names;
	std::set<std::string> printf_kernels; /* printf.cpp's markers */
	std::vector<std::string> narrow_kernels; /* narrow_variants.cpp's */
	std::set<std::string> group_free;        /* group_free.cpp's */
	for (const llvm::object::SymbolRef &s : (*objfile)->symbols()) {
		auto name = s.getName();
		if (!name) {
			llvm::consumeError(name.takeError());
			continue;
		}
		if (name->startswith("__kiln_wg_"))
			names.push_back(name->drop_front(10).str());
		else if (name->startswith(group_free_name("")))
			group_free.insert(name->drop_front(group_free_name("").size()).str());
		else if (name->startswith(narrow_marker_name("")))
			narrow_kernels.push_back(name->drop_front(narrow_marker_name("").size()).str());
		else if (name->startswith(printf_marker_prefix))
			printf_kernels.insert(
				name->drop_front(strlen(printf_marker_prefix)).str());
	}

	auto jit = llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(jtmb_for(t)).create();
	if (!jit) {
		log += "error: cannot start the JIT: " + llvm::toString(jit.takeError()) + "\n";
		return false;
	}
	auto gen = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
		(*jit)->getDataLayout().getGlobalPrefix());
	if (!gen) {
		log += "error: " + llvm::toString(gen.takeError()) + "\n";
		return false;
	}
	(*jit)->getMainJITDylib().addGenerator(std::move(*gen));
	/* The code generator lowers half conversions the CPU cannot do (all
	 * of them without F16C; double -> half always) to libgcc's
	 * __extendhfsf2, __truncsfhf2, __truncdfhf2 (GCC 12's _Float16
	 * helpers, the same xmm ABI as LLVM 15).  libgcc_s is loaded with
	 * libkiln, but an ICD is opened RTLD_LOCAL, so the process search
	 * above does not see it: look there by name, for these only. */
	auto gcc = llvm::orc::DynamicLibrarySearchGenerator::Load(
		"libgcc_s.so.1", (*jit)->getDataLayout().getGlobalPrefix(),
		[](const llvm::orc::SymbolStringPtr &s) {
			llvm::StringRef n = *s;
			return n.startswith("__") && n.endswith("hf2");
		});
	if (gcc)
		(*jit)->getMainJITDylib().addGenerator(std::move(*gcc));
	else
		llvm::consumeError(gcc.takeError());
	if (auto err = (*jit)->addObjectFile(llvm::MemoryBuffer::getMemBufferCopy(obj, "kiln-object"))) {
		log += "error: cannot load the object: " + llvm::toString(std::move(err)) + "\n";
		return false;
	}
	auto exe = std::make_unique<kiln_executable>();
	exe->jit = std::move(*jit);
	for (const std::string &n : names) {
		kiln_kernel_native k = {};
		auto fail = [&](llvm::Error e) {
			log += "error: kernel '" + n + "': " + llvm::toString(std::move(e)) + "\n";
			return false;
		};
		auto fn = exe->jit->lookup(wg_name(n));
		if (!fn)
			return fail(fn.takeError());
		auto cs = exe->jit->lookup(ctx_name(n));
		if (!cs)
			return fail(cs.takeError());
		auto ls = exe->jit->lookup(lmem_name(n));
		if (!ls)
			return fail(ls.takeError());
		k.fn = fn->toPtr<kiln_wg_fn>();
		k.context_size = *cs->toPtr<const uint64_t *>();
		k.local_mem_size = *ls->toPtr<const uint64_t *>();
		k.uses_printf = printf_kernels.count(n) != 0;
		k.group_free = group_free.count(n) != 0;
		exe->kernels[n] = k;
	}
	/* Each variant for narrow groups goes with its kernel (and out of
	 * the list of kernels). */
	for (const std::string &n : narrow_kernels) {
		auto base = exe->kernels.find(n);
		auto variant = exe->kernels.find(n + narrow_suffix);
		auto below = exe->jit->lookup(narrow_marker_name(n));
		if (!below) {
			log += "error: kernel '" + n + "': " + llvm::toString(below.takeError()) + "\n";
			return false;
		}
		if (base == exe->kernels.end() || variant == exe->kernels.end()) {
			log += "error: kernel '" + n + "': no variant for narrow groups\n";
			return false;
		}
		kiln_kernel_native &k = base->second;
		k.narrow_fn = variant->second.fn;
		k.narrow_context_size = variant->second.context_size;
		k.narrow_below = *below->toPtr<const uint64_t *>();
		k.local_mem_size = std::max(k.local_mem_size, variant->second.local_mem_size);
		k.uses_printf = k.uses_printf || variant->second.uses_printf;
		exe->kernels.erase(variant);
	}
	write_perf_map(*exe->jit, **objfile);
	*out = exe.release();
	return true;
}

} // namespace kiln

extern "C" bool kiln_load_object(const struct kiln_target *t,
				 const struct kiln_blob *obj,
				 struct kiln_executable **exe_out, char **log)
{
	std::string l;
	bool ok = obj && obj->data && obj->size && exe_out;
	if (!ok)
		l += "error: no object\n";
	else
		ok = kiln::run_safely(l, [&] {
			return kiln::load_object(
				t, llvm::StringRef(static_cast<const char *>(obj->data), obj->size),
				exe_out, l);
		});
	kiln::give_log(l, log);
	return ok;
}

extern "C" void kiln_executable_free(struct kiln_executable *exe)
{
	delete exe;
}

extern "C" bool kiln_executable_kernel(struct kiln_executable *exe,
				       const char *name,
				       struct kiln_kernel_native *out)
{
	if (!exe || !name)
		return false;
	auto it = exe->kernels.find(name);
	if (it == exe->kernels.end())
		return false;
	*out = it->second;
	return true;
}
