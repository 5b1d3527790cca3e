/* SPIR-V to IR (OpenCL 3.0 §5.8.1 clCreateProgramWithIL, §5.8.5
 * specialization constants) through the SPIRV-LLVM-Translator 15.
 *
 * The translator trusts its input (it calls exit() on much of what it
 * cannot read, and asserts or loops on more), so every module passes the
 * validator (spirv_validate.cpp) first.  It must read into a
 * typed-pointer context (it asserts on opaque pointers with the OpenCL 2.0
 * built-in representation); the result is re-read through bitcode into the
 * opaque-pointer world of the rest of the compiler (translator 15 behaviour).
 * What the translator cannot read although Kiln supports it is rewritten
 * first (spirv_prepass.cpp), SPIR-V 1.5 included: translator 15 reads 1.0
 * to 1.4, and the pre-pass rewrites what 1.5 adds and stamps it 1.4. */
#include "compiler/internal.h"
#include "compiler/spirv_prepass.h"
#include "compiler/spirv_validate.h"

#include <LLVMSPIRVLib/LLVMSPIRVLib.h>

#include <cstring>
#include <sstream>

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Support/MemoryBuffer.h>

/* Translator 15's SPIRVModule, as far as deleting one goes: its header
 * is not installed, and its destructor is its first virtual function
 * (lib/SPIRV/libSPIRV/SPIRVModule.h), so this declaration reaches the
 * right destructor through the vtable. */
namespace SPIRV {
class SPIRVModule {
public:
	virtual ~SPIRVModule();
};
} // namespace SPIRV

namespace kiln {

/* Variables of the UniformConstant storage class (the __constant address
 * space, 2) are read-only by definition (SPIR-V spec §3.7, OpenCL C 3.0
 * §6.7.3), but the translator gives them as plain `global`s: say so, so that
 * a printf format kept there counts as the string literal §6.15.14.2 asks
 * for (printf.cpp), and so that the optimiser may fold loads of them. */
static void mark_constant_space_read_only(llvm::Module &m)
{
	for (llvm::GlobalVariable &g : m.globals())
		if (g.getAddressSpace() == 2 && g.hasInitializer() &&
		    !g.isExternallyInitialized())
			g.setConstant(true);
}

/* The translator's read, the one step that may crash on a module that
 * passed the validator.  What it builds hangs off objects held here,
 * outside the crash-recovery region: the typed-pointer context owns the
 * LLVM modules made in it, and the decoded SPIR-V module is read first
 * (readSpirvModule) and converted second (convertSpirvToLLVM), so that a
 * crash while converting leaves it to be freed here.  What a crash still
 * leaks is what the translator keeps in its own frames.  Its messages go
 * to the log, not stderr. */
static bool read_typed(const void *il, size_t size, const SPIRV::TranslatorOpts &opts,
		       std::string &typed, std::string &log)
{
	auto tctx = std::make_unique<llvm::LLVMContext>();
	log_diagnostics(*tctx, log);
	tctx->setOpaquePointers(false);
	std::istringstream is(std::string(static_cast<const char *>(il), size));
	std::unique_ptr<SPIRV::SPIRVModule> bm;
	std::unique_ptr<llvm::Module> m;
	std::string err;
	bool ok = run_safely_quiet(log, [&] {
		bm = SPIRV::readSpirvModule(is, opts, err);
		if (bm)
			m = llvm::convertSpirvToLLVM(*tctx, *bm, opts, err);
		if (!m) {
			log += "error: SPIR-V: " +
			       (err.empty() ? std::string("cannot translate") : err) + "\n";
			return false;
		}
		typed = write_ir(*m);
		return true;
	}, nullptr);
	/* Freed in a recovery region too: after a crash the objects may be
	 * in any state, and a second crash then only leaks. */
	run_safely(log, [&] {
		m.reset();
		bm.reset();
		tctx.reset();
		return true;
	});
	return ok;
}

static bool translate(const void *il, size_t size, const uint32_t *ids,
		      const uint64_t *values, size_t n, std::string &ir,
		      std::string &log)
{
	SPIRV::TranslatorOpts opts;
	opts.enableAllExtensions();
	opts.setDesiredBIsRepresentation(SPIRV::BIsRepresentation::OpenCL20);
	opts.setGenKernelArgNameMDEnabled(true);
	opts.setPreserveOCLKernelArgTypeMetadataThroughString(true);
	for (size_t i = 0; i < n; i++)
		opts.setSpecConst(ids[i], values[i]);

	std::string typed;
	if (!read_typed(il, size, opts, typed, log))
		return false;
	return run_safely(log, [&] {
		llvm::LLVMContext ctx;
		log_diagnostics(ctx, log);
		struct kiln_blob b = {const_cast<char *>(typed.data()), typed.size()};
		std::unique_ptr<llvm::Module> m = read_ir(ctx, &b, log);
		if (!m)
			return false;
		mark_constant_space_read_only(*m);
		ir = write_ir(*m);
		return true;
	});
}

} // namespace kiln

extern "C" bool kiln_ir_from_spirv(const struct kiln_target *t, const void *il,
				   size_t size, const uint32_t *spec_ids,
				   const uint64_t *spec_values, size_t num_spec,
				   struct kiln_blob *ir_out, char **log)
{
	(void)t;
	std::string l, ir;
	std::vector<uint32_t> words;
	bool ok = kiln::spirv_validate(il, size, l) &&
		  kiln::spirv_prepass(il, size, words, l);
	if (ok)
		ok = kiln::translate(words.data(), words.size() * 4, spec_ids,
				     spec_values, num_spec, ir, l);
	if (ok && ir_out)
		ok = kiln::give_blob(ir, ir_out);
	kiln::give_log(l, log);
	return ok;
}
