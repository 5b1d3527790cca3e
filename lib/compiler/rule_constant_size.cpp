/* Program-scope __constant data (address space 2) must fit in
 * CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE (OpenCL 3.0 §4.2); Kiln also holds it
 * to CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, since it travels in the program's
 * object file like __global variables (the runtime passes the smaller).  Checked from the types alone, before
 * anything is emitted: `__constant int big[1 << 28] = {1};` reaches here
 * as a 4-byte value and a zeroinitializer, and would otherwise become a
 * 1 GiB section of the object file. */
#include "compiler/program_rules.h"

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Module.h>

namespace kiln {

bool check_constant_size(const llvm::Module &m, uint64_t limit, std::string &log)
{
	if (!limit)
		return true;
	const llvm::DataLayout &dl = m.getDataLayout();
	uint64_t total = 0;
	const llvm::GlobalVariable *largest = nullptr;
	uint64_t largest_size = 0;
	for (const llvm::GlobalVariable &g : m.globals()) {
		if (g.getAddressSpace() != 2 || g.isDeclaration())
			continue;
		uint64_t size = dl.getTypeAllocSize(g.getValueType()).getKnownMinValue();
		total = total + size < total ? UINT64_MAX : total + size;
		if (size >= largest_size) {
			largest = &g;
			largest_size = size;
		}
	}
	if (total <= limit)
		return true;
	log += "error: the program's __constant data takes " + std::to_string(total) +
	       " bytes";
	if (largest && !largest->getName().empty())
		log += " ('" + largest->getName().str() + "' " + std::to_string(largest_size) +
		       " bytes)";
	log += ", more than the " + std::to_string(limit) +
	       " bytes a program may hold (CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, at most "
	       "CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE)\n";
	return false;
}

} // namespace kiln
