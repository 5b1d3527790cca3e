/* A kernel's kernel-scope __local variables must fit in
 * CL_DEVICE_LOCAL_MEM_SIZE (OpenCL 3.0 §4.2; OpenCL C 3.0 §6.7.2): the
 * worker's local arena holds them, then the __local arguments, whose sizes
 * clEnqueueNDRangeKernel checks when they are known. */
#include "compiler/program_rules.h"

#include <llvm/IR/Module.h>

namespace kiln {

bool check_local_size(llvm::Module &m, uint64_t limit, std::string &log)
{
	if (!limit)
		return true;
	bool ok = true;
	for (llvm::Function &f : m) {
		if (f.isDeclaration() || !is_kernel(f))
			continue;
		uint64_t size = layout_local_vars(f).size;
		if (size <= limit)
			continue;
		ok = false;
		log += "error: kernel '" + f.getName().str() + "' declares " +
		       std::to_string(size) + " bytes of __local variables, more than "
		       "CL_DEVICE_LOCAL_MEM_SIZE (" + std::to_string(limit) + " bytes)\n";
	}
	return ok;
}

} // namespace kiln
