/* IR at the door: LLVM bitcode bytes in struct kiln_blob (compiler.h), and
 * the retargeting every module gets before code generation. */
#include "compiler/internal.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

namespace kiln {

std::unique_ptr<llvm::Module> read_ir(llvm::LLVMContext &ctx,
				      const struct kiln_blob *b,
				      std::string &log)
{
	if (!b || !b->data || !b->size) {
		log += "error: empty IR\n";
		return nullptr;
	}
	/* Typed-pointer bitcode (the SPIR-V translator's) is upgraded on the
	 * way in; the context must not fall back to typed pointers. */
	ctx.setOpaquePointers(true);
	llvm::MemoryBufferRef ref(
		llvm::StringRef(static_cast<const char *>(b->data), b->size),
		"kiln-ir");
	auto m = llvm::parseBitcodeFile(ref, ctx);
	if (!m) {
		log += "error: invalid IR: " + llvm::toString(m.takeError()) +
		       "\n";
		return nullptr;
	}
	return std::move(*m);
}

std::string write_ir(const llvm::Module &m)
{
	std::string bytes;
	llvm::raw_string_ostream os(bytes);
	llvm::WriteBitcodeToFile(m, os);
	os.flush();
	return bytes;
}

bool is_kernel(const llvm::Function &f)
{
	if (f.isDeclaration())
		return false;
	return f.getCallingConv() == llvm::CallingConv::SPIR_KERNEL ||
	       f.getMetadata("kernel_arg_addr_space") != nullptr ||
	       f.getMetadata(block_kernel_mark) != nullptr;
}

llvm::MDNode *loop_id(llvm::LLVMContext &c, llvm::ArrayRef<llvm::Metadata *> options)
{
	llvm::SmallVector<llvm::Metadata *, 4> ops = {nullptr};
	ops.append(options.begin(), options.end());
	llvm::MDNode *id = llvm::MDNode::getDistinct(c, ops);
	id->replaceOperandWith(0, id);
	return id;
}

void add_runtime_constant(llvm::Module &m, const std::string &name, uint64_t value)
{
	llvm::Type *i64 = llvm::Type::getInt64Ty(m.getContext());
	new llvm::GlobalVariable(m, i64, true, llvm::GlobalValue::ExternalLinkage,
				 llvm::ConstantInt::get(i64, value), name);
}

} // namespace kiln
