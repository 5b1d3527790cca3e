/* The rewriter's assembly of the module (spirv_rewrite.h). */
#include "compiler/spirv_rewrite.h"

namespace kiln {
namespace spirv_rw {

std::vector<insn> rewriter::assemble() const
{
	std::vector<insn> out;
	bool caps = capabilities_.empty(), notes = annotations_.empty(),
	     types = types_.empty(), decls = globals_.empty() && declarations_.empty();
	for (const insn &i : code) {
		if (!notes && !preamble(i.op)) {
			out.insert(out.end(), annotations_.begin(), annotations_.end());
			notes = true;
		}
		if (!types && !preamble(i.op) && !annotation(i.op)) {
			out.insert(out.end(), types_.begin(), types_.end());
			types = true;
		}
		if (!decls && i.op == OpFunction) {
			out.insert(out.end(), globals_.begin(), globals_.end());
			out.insert(out.end(), declarations_.begin(), declarations_.end());
			decls = true;
		}
		out.push_back(i);
		if (!caps && i.op == OpCapability) {
			out.insert(out.end(), capabilities_.begin(), capabilities_.end());
			caps = true;
		}
	}
	if (!notes)
		out.insert(out.end(), annotations_.begin(), annotations_.end());
	if (!types)
		out.insert(out.end(), types_.begin(), types_.end());
	if (!decls) {
		out.insert(out.end(), globals_.begin(), globals_.end());
		out.insert(out.end(), declarations_.begin(), declarations_.end());
	}
	return out;
}

} // namespace spirv_rw
} // namespace kiln
