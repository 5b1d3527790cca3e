/* kiln-program-rules: the program-wide rules of program_rules.h, run by
 * kiln_finalize before kernel-lib is linked (finalize.cpp). */
#include "compiler/program_rules.h"

namespace kiln {

bool check_program_rules(llvm::Module &m, const program_limits &limits, std::string &log)
{
	/* Recursion first: the size rules follow calls. */
	if (!check_recursion(m, log))
		return false;
	bool ok = check_constant_size(m, limits.constant_bytes, log);
	ok = check_local_size(m, limits.local_bytes, log) && ok;
	ok = check_private_size(m, limits.private_bytes, log) && ok;
	ok = check_inline_size(m, limits.inline_instructions, log) && ok;
	return ok;
}

llvm::PreservedAnalyses program_rules_pass::run(llvm::Module &m, llvm::ModuleAnalysisManager &)
{
	std::string log;
	if (!check_program_rules(m, limits, log) && errors) {
		/* one error per line, without the prefix pass_errors adds */
		size_t at = 0;
		while (at < log.size()) {
			size_t end = log.find('\n', at);
			if (end == std::string::npos)
				end = log.size();
			llvm::StringRef line(log.data() + at, end - at);
			line.consume_front("error: ");
			errors->error(line.str());
			at = end + 1;
		}
	}
	return llvm::PreservedAnalyses::all();
}

} // namespace kiln
