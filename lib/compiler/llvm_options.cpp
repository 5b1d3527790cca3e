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
 * per work-item loop, not per iteration.
 *
 * unswitch-threshold (LLVM default 50), in checked mode only
 * (tune_llvm_options_checked): how large a loop non-trivial unswitching may
 * copy.  A bounds check the group precheck covers (or one that is the same
 * for the whole group) branches on a value invariant in the work-item
 * loop; unswitching gives that loop a copy without the checks, which
 * vectorizes.  Stencil's loop (six checked loads and stores under the
 * boundary `if`) and n-body's interchanged one were over 50 and stayed
 * scalar: 12x and 18x the unchecked time with bounds checks, 1.8x and 1.3x
 * with 1000 (docs/checked_mode.md). */
#include "internal.h"

#include <llvm/ADT/StringMap.h>
#include <llvm/Support/CommandLine.h>

#include <mutex>

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

/* Sets an option of LLVM's of type T unless the command line gave it. */
template <typename T> static void tune(const char *name, T value)
{
	llvm::StringMap<llvm::cl::Option *> &all = llvm::cl::getRegisteredOptions();
	auto it = all.find(name);
	if (it == all.end() || it->second->getNumOccurrences() > 0)
		return;
	static_cast<llvm::cl::opt<T> *>(it->second)->setValue(value);
}

void tune_llvm_options()
{
	for (const auto &t : tuned_options)
		tune<unsigned>(t.name, t.value);
}

/* Checked mode is process-wide (KILN_CHECK, lib/core/check.c): every
 * target of the process carries it, so the first checked pipeline sets
 * the knob before any pipeline of the process runs, and call_once holds
 * the others until it is set. */
void tune_llvm_options_checked()
{
	static std::once_flag once;
	std::call_once(once, [] { tune<int>("unswitch-threshold", 1000); });
}

} // namespace kiln
