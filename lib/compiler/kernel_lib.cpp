/* The kernel-lib bitcode, one file per x86-64 ISA level, built by
 * kernel-lib/CMakeLists.txt and embedded here with .incbin so that the
 * library never reads it from disk at run time. */
#include "compiler/internal.h"

#include <cstring>
#include <mutex>
#include <set>

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

#ifndef KILN_KLIB_DIR
#error "KILN_KLIB_DIR must name the kernel-lib build directory"
#endif

#define KILN_EMBED(sym, file)                                              \
	__asm__(".section .rodata\n"                                       \
		".p2align 4\n"                                             \
		".local " #sym "\n" #sym ":\n"                             \
		".incbin \"" KILN_KLIB_DIR "/" file "\"\n"                 \
		".local " #sym "_end\n" #sym "_end:\n"                     \
		".byte 0\n"                                                \
		".previous\n")

KILN_EMBED(kiln_klib_v2, "kernel-lib-v2.bc");
KILN_EMBED(kiln_klib_v3, "kernel-lib-v3.bc");
KILN_EMBED(kiln_klib_v4, "kernel-lib-v4.bc");
KILN_EMBED(kiln_ext_decls, "include/kiln_ext_decls.h");

extern "C" {
extern const char kiln_klib_v2[], kiln_klib_v2_end[];
extern const char kiln_klib_v3[], kiln_klib_v3_end[];
extern const char kiln_klib_v4[], kiln_klib_v4_end[];
extern const char kiln_ext_decls[], kiln_ext_decls_end[];
}

namespace kiln {

static bool has_feature(const char *features, const char *f)
{
	size_t n = strlen(f);
	for (const char *p = features; p && (p = strstr(p, f)); p += n) {
		bool start = p == features || p[-1] == ',';
		bool end = p[n] == ',' || p[n] == '\0';
		if (start && end)
			return true;
	}
	return false;
}

static int level_of(const struct kiln_target *t)
{
	const char *f = t ? t->features : nullptr;
	if (has_feature(f, "+avx512f"))
		return 2;
	if (has_feature(f, "+avx2") || has_feature(f, "+avx"))
		return 1;
	return 0;
}

/* The level whose vector calling convention matches the features: AVX-512
 * passes 512-bit vectors in registers, AVX 256-bit ones. */
llvm::StringRef kernel_lib_bitcode(const struct kiln_target *t)
{
	const char *f = t ? t->features : nullptr;
	if (has_feature(f, "+avx512f"))
		return llvm::StringRef(kiln_klib_v4, kiln_klib_v4_end - kiln_klib_v4);
	if (has_feature(f, "+avx2") || has_feature(f, "+avx"))
		return llvm::StringRef(kiln_klib_v3, kiln_klib_v3_end - kiln_klib_v3);
	return llvm::StringRef(kiln_klib_v2, kiln_klib_v2_end - kiln_klib_v2);
}

llvm::StringRef kernel_lib_ext_decls()
{
	return llvm::StringRef(kiln_ext_decls, kiln_ext_decls_end - kiln_ext_decls);
}

} // namespace kiln

namespace kiln {

/* One lazily loaded copy of each level's kernel-lib per process, in a
 * context of its own behind a mutex: parsing the whole library for every
 * build would cost tens of milliseconds, extracting what a program uses
 * costs a few.  Function bodies are read the first time a program needs
 * them. */
namespace {
struct lib_cache {
	std::mutex mu;
	llvm::LLVMContext ctx;
	std::unique_ptr<llvm::Module> m;
	bool tried = false;
};
} // namespace

/* Never destroyed: an LLVMContext torn down by exit() after parts of
 * libLLVM are gone could crash a process that is merely exiting. */
static lib_cache *const caches = new lib_cache[3];

static llvm::Module *cached_lib(const struct kiln_target *t, lib_cache *&c,
				std::string &log)
{
	c = &caches[level_of(t)];
	if (!c->tried) {
		c->tried = true;
		drop_diagnostics(c->ctx);
		auto m = llvm::getLazyBitcodeModule(
			llvm::MemoryBufferRef(kernel_lib_bitcode(t), "kernel-lib"),
			c->ctx, /*ShouldLazyLoadMetadata=*/true);
		if (m)
			c->m = std::move(*m);
		else
			log += "error: kernel-lib: " + llvm::toString(m.takeError()) + "\n";
	}
	return c->m.get();
}

bool kernel_lib_defines(const struct kiln_target *t, llvm::StringRef name)
{
	std::string log;
	lib_cache *c;
	std::lock_guard<std::mutex> lock(caches[level_of(t)].mu);
	llvm::Module *m = cached_lib(t, c, log);
	llvm::Function *f = m ? m->getFunction(name) : nullptr;
	return f && (f->isMaterializable() || !f->isDeclaration());
}

static void scan_refs(llvm::Constant *k, std::vector<llvm::GlobalValue *> &work)
{
	if (auto *g = llvm::dyn_cast<llvm::GlobalValue>(k)) {
		work.push_back(g);
		return;
	}
	for (llvm::Value *op : k->operands())
		if (auto *oc = llvm::dyn_cast<llvm::Constant>(op))
			scan_refs(oc, work);
}

bool kernel_lib_subset(const struct kiln_target *t,
		       const std::vector<std::string> &names, std::string &out,
		       std::string &log)
{
	lib_cache *c;
	std::lock_guard<std::mutex> lock(caches[level_of(t)].mu);
	llvm::Module *m = cached_lib(t, c, log);
	if (!m)
		return false;
	/* The definitions needed, and the ones they need in turn. */
	std::set<const llvm::GlobalValue *> keep;
	std::vector<llvm::GlobalValue *> work;
	for (const std::string &n : names)
		if (llvm::GlobalValue *g = m->getNamedValue(n))
			work.push_back(g);
	while (!work.empty()) {
		llvm::GlobalValue *g = work.back();
		work.pop_back();
		if (keep.count(g))
			continue;
		if (auto err = g->materialize()) {
			log += "error: kernel-lib: " + llvm::toString(std::move(err)) + "\n";
			return false;
		}
		if (g->isDeclaration())
			continue;
		keep.insert(g);
		/* a vector variant travels with its function
		 * (vector_variants.cpp) */
		if (llvm::GlobalValue *vec = m->getNamedValue(vector_variant_name(g->getName())))
			work.push_back(vec);
		if (auto *v = llvm::dyn_cast<llvm::GlobalVariable>(g)) {
			if (v->hasInitializer())
				scan_refs(v->getInitializer(), work);
			continue;
		}
		auto *f = llvm::dyn_cast<llvm::Function>(g);
		if (!f)
			continue;
		for (llvm::BasicBlock &bb : *f)
			for (llvm::Instruction &i : bb)
				for (llvm::Value *op : i.operands())
					if (auto *k = llvm::dyn_cast<llvm::Constant>(op))
						scan_refs(k, work);
	}
	if (keep.empty())
		return true;
	/* A module of just those (CloneModule would copy declarations of the
	 * whole library): every global the kept ones mention, as a
	 * definition when kept, else as a declaration. */
	auto sub = std::make_unique<llvm::Module>("kernel-lib-subset", c->ctx);
	sub->setDataLayout(m->getDataLayout());
	sub->setTargetTriple(m->getTargetTriple());
	llvm::ValueToValueMapTy vmap;
	std::vector<llvm::GlobalValue *> mentioned;
	for (const llvm::GlobalValue *g : keep) {
		mentioned.push_back(const_cast<llvm::GlobalValue *>(g));
		if (auto *v = llvm::dyn_cast<llvm::GlobalVariable>(g)) {
			if (v->hasInitializer())
				scan_refs(const_cast<llvm::Constant *>(v->getInitializer()), mentioned);
		} else if (auto *f = llvm::dyn_cast<llvm::Function>(g)) {
			for (const llvm::BasicBlock &bb : *f)
				for (const llvm::Instruction &i : bb)
					for (const llvm::Value *op : i.operands())
						if (auto *k = llvm::dyn_cast<llvm::Constant>(op))
							scan_refs(const_cast<llvm::Constant *>(k), mentioned);
		}
	}
	for (llvm::GlobalValue *g : mentioned) {
		if (vmap.count(g))
			continue;
		if (auto *f = llvm::dyn_cast<llvm::Function>(g)) {
			llvm::Function *nf = llvm::Function::Create(
				f->getFunctionType(), llvm::GlobalValue::ExternalLinkage,
				f->getAddressSpace(), f->getName(), sub.get());
			nf->copyAttributesFrom(f);
			if (!keep.count(g))
				nf->setLinkage(llvm::GlobalValue::ExternalLinkage);
			else
				nf->setLinkage(f->getLinkage());
			vmap[f] = nf;
		} else if (auto *v = llvm::dyn_cast<llvm::GlobalVariable>(g)) {
			auto *nv = new llvm::GlobalVariable(
				*sub, v->getValueType(), v->isConstant(),
				keep.count(g) ? v->getLinkage() : llvm::GlobalValue::ExternalLinkage,
				nullptr, v->getName(), nullptr, v->getThreadLocalMode(),
				v->getAddressSpace());
			nv->copyAttributesFrom(v);
			vmap[v] = nv;
		} else {
			log += "error: kernel-lib: aliases are not supported (" +
			       g->getName().str() + ")\n";
			return false;
		}
	}
	for (const llvm::GlobalValue *g : keep) {
		if (auto *v = llvm::dyn_cast<llvm::GlobalVariable>(g)) {
			auto *nv = llvm::cast<llvm::GlobalVariable>(vmap[v]);
			if (v->hasInitializer())
				nv->setInitializer(llvm::MapValue(v->getInitializer(), vmap));
		} else if (auto *f = llvm::dyn_cast<llvm::Function>(g)) {
			auto *nf = llvm::cast<llvm::Function>(vmap[f]);
			llvm::Function::arg_iterator na = nf->arg_begin();
			for (const llvm::Argument &a : f->args())
				vmap[&a] = &*na++;
			llvm::SmallVector<llvm::ReturnInst *, 4> rets;
			llvm::CloneFunctionInto(nf, f, vmap,
						llvm::CloneFunctionChangeType::DifferentModule, rets);
		}
	}
	llvm::StripDebugInfo(*sub);
	out = write_ir(*sub);
	return true;
}

} // namespace kiln
