/* Program-wide rules and limits checked when a program is finalized, before
 * kernel-lib is linked and before any code is generated
 * (docs/robustness.md, "Build-time rules"): recursion (OpenCL C 3.0 §6.11),
 * __constant data beyond CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, kernel-scope
 * __local data beyond CL_DEVICE_LOCAL_MEM_SIZE, private memory beyond
 * the per-work-item limit, and kernels too large once every call in them is
 * inlined.  Each check lives in its own file, appends
 * "error: ..." lines naming the kernel or function and the rule to `log`,
 * and returns false when the program breaks its rule.  Each is linear in
 * the size of the module (no loop over an input-controlled count without a
 * bound), and none materializes an initializer. */
#ifndef KILN_COMPILER_PROGRAM_RULES_H
#define KILN_COMPILER_PROGRAM_RULES_H

#include "compiler/passes.h"

#include <cstdint>
#include <string>

namespace kiln {

/* The most IR instructions (counted before optimisation) a kernel may
 * hold once every call in it is inlined (rule_inline_size.cpp): four times
 * the largest real kernel measured, hashcat's VeraCrypt kernel at 944,844
 * (docs/robustness.md, "Bounded builds", has the figures and why). */
constexpr uint64_t kiln_inline_limit = 4000000;

/* Bytes (instructions for inline_instructions); 0 leaves that limit
 * unchecked. */
struct program_limits {
	uint64_t constant_bytes;      /* CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE */
	uint64_t local_bytes;         /* CL_DEVICE_LOCAL_MEM_SIZE */
	uint64_t private_bytes;       /* private memory of one work-item */
	uint64_t inline_instructions; /* a kernel, every call inlined */
};

/* What kiln-opt's kiln-program-rules checks against: the OpenCL 3.0 §4.2
 * minimums of a full profile device for the first two, and the runtime's
 * private limit (lib/core/thread_stack.h, KILN_PRIVATE_MEM_LIMIT). */
constexpr program_limits default_program_limits = {64u << 10, 32u << 10, 16u << 20,
						   kiln_inline_limit};

/* rule_recursion.cpp: no function calls itself, directly or through a
 * cycle of direct calls. */
bool check_recursion(const llvm::Module &m, std::string &log);
/* rule_constant_size.cpp: the program-scope __constant variables with an
 * initializer fit in `limit` bytes together. */
bool check_constant_size(const llvm::Module &m, uint64_t limit, std::string &log);
/* rule_local_size.cpp: each kernel's kernel-scope __local variables fit in
 * `limit` bytes. */
bool check_local_size(llvm::Module &m, uint64_t limit, std::string &log);
/* rule_private_size.cpp: each kernel's private memory fits in `limit`. */
bool check_private_size(const llvm::Module &m, uint64_t limit, std::string &log);
/* rule_private_size.cpp: the private memory one work-item of kernel (or
 * function) f takes: its static allocas plus, for each call of a function
 * with a body, that function's figure (what inlining every call, as
 * kiln-inline-all does, leaves in the kernel's frame).  A function that is
 * part of a cycle counts once.  CL_KERNEL_PRIVATE_MEM_SIZE reports it. */
uint64_t private_mem_bytes(const llvm::Function &f);

/* rule_inline_size.cpp: each kernel holds at most `limit` IR instructions
 * once every call of a function with a body is inlined into it (calls of
 * built-ins, not linked yet, count as one instruction each). */
bool check_inline_size(const llvm::Module &m, uint64_t limit, std::string &log);
/* rule_inline_size.cpp: that figure for kernel (or function) f: its own
 * instructions plus, per call, the callee's figure; saturates at
 * UINT64_MAX. */
uint64_t inlined_instructions(const llvm::Function &f);

/* All of the above (program_rules.cpp). */
bool check_program_rules(llvm::Module &m, const program_limits &limits, std::string &log);

/* kiln-program-rules: check_program_rules as a pass (it changes nothing);
 * a broken rule goes to `errors`. */
struct program_rules_pass : llvm::PassInfoMixin<program_rules_pass> {
	program_limits limits = default_program_limits;
	pass_errors *errors = nullptr;
	llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
};

} // namespace kiln

#endif
