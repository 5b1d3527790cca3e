/* SPIR-V to IR (OpenCL 3.0 §5.8.1 clCreateProgramWithIL, §5.8.5
 * specialization constants) through the SPIRV-LLVM-Translator 15.
 *
 * The translator only reads SPIR-V 1.0-1.4 and calls exit() on newer
 * modules, so the header is checked here first.  It must read into a
 * typed-pointer context (it asserts on opaque pointers with the OpenCL 2.0
 * built-in representation); the result is re-read through bitcode into the
 * opaque-pointer world of the rest of the compiler (translator 15 behaviour).
 * What the translator cannot read although Kiln supports it is rewritten
 * first (spirv_prepass.cpp). */
#include "compiler/internal.h"
#include "compiler/spirv_prepass.h"

#include <LLVMSPIRVLib/LLVMSPIRVLib.h>

#include <cstring>
#include <sstream>

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Support/MemoryBuffer.h>

namespace kiln {

static const uint32_t spirv_magic = 0x07230203;

static bool check_header(const void *il, size_t size, std::string &log)
{
	if (!il || size < 20 || size % 4) {
		log += "error: SPIR-V: the module is too short or not a whole number of words\n";
		return false;
	}
	uint32_t w[2];
	memcpy(w, il, sizeof(w));
	if (w[0] != spirv_magic) {
		log += "error: SPIR-V: bad magic number\n";
		return false;
	}
	uint32_t major = (w[1] >> 16) & 0xff, minor = (w[1] >> 8) & 0xff;
	if (major != 1 || minor > 4) {
		log += "error: SPIR-V " + std::to_string(major) + "." +
		       std::to_string(minor) + " is not supported (1.0 to 1.4 are)\n";
		return false;
	}
	return true;
}

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
	{
		llvm::LLVMContext tctx;
		log_diagnostics(tctx, log);
		tctx.setOpaquePointers(false);
		std::istringstream is(std::string(static_cast<const char *>(il), size));
		llvm::Module *m = nullptr;
		std::string err;
		if (!llvm::readSpirv(tctx, opts, is, m, err) || !m) {
			log += "error: SPIR-V: " + (err.empty() ? std::string("cannot translate") : err) + "\n";
			delete m;
			return false;
		}
		typed = write_ir(*m);
		delete m;
	}
	llvm::LLVMContext ctx;
	log_diagnostics(ctx, log);
	struct kiln_blob b = {const_cast<char *>(typed.data()), typed.size()};
	std::unique_ptr<llvm::Module> m = read_ir(ctx, &b, log);
	if (!m)
		return false;
	mark_constant_space_read_only(*m);
	ir = write_ir(*m);
	return true;
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
	bool ok = kiln::check_header(il, size, l) &&
		  kiln::spirv_prepass(il, size, words, l);
	if (ok)
		ok = kiln::run_safely(l, [&] {
			return kiln::translate(words.data(), words.size() * 4,
					       spec_ids, spec_values, num_spec,
					       ir, l);
		});
	if (ok && ir_out)
		ok = kiln::give_blob(ir, ir_out);
	kiln::give_log(l, log);
	return ok;
}
