/* LLVM's own tuning knobs that Kiln sets differently from LLVM's defaults,
 * once per process (llvm_init, errors.cpp).
 *
 * LLVM keeps these as process-wide command-line options; there is no
 * per-pipeline way to pass them in LLVM 15.  An option the embedding
 * process (or kiln-opt's command line) has already given is left as it is.
 *
 * vectorize-scev-check-threshold (LLVM default 16, 128 for loops with a
 * vectorize pragma): the loop vectorizer gives up on a loop whose
 * vectorized form needs more run-time SCEV assumptions than this.  A
 * work-item loop that reads and writes values kept across a barrier
 * addresses one context row per value (docs/compiler.md, kiln-context), each
 * row's address depending on the work-group size, so each row adds no-wrap
 * assumptions: a short16 kernel with two values live across the implicit
 * barrier of its uniform loop needs more than 16 and stayed scalar (512
 * scalar i16 multiplies instead of 32 vector ones).  The checks run once
 * per work-item loop, not per iteration. */
#include "internal.h"

#include <llvm/ADT/StringMap.h>
#include <llvm/Support/CommandLine.h>

namespace kiln {

namespace {

/* The knobs, as LLVM names them, and Kiln's values. */
const struct {
	const char *name;
	unsigned value;
} tuned_options[] = {
	{"vectorize-scev-check-threshold", 128},
};

} // namespace

void tune_llvm_options()
{
	llvm::StringMap<llvm::cl::Option *> &all = llvm::cl::getRegisteredOptions();
	for (const auto &t : tuned_options) {
		auto it = all.find(t.name);
		if (it == all.end() || it->second->getNumOccurrences() > 0)
			continue;
		auto *opt = static_cast<llvm::cl::opt<unsigned> *>(it->second);
		opt->setValue(t.value);
	}
}

} // namespace kiln
