/* A cost model of dependent chains in straight-line code, shared by
 * kiln-unroll-chains and kiln-interleave-chains.
 *
 * A multiply-add chain (clpeak's `x = mad(y, x, y); y = mad(x, y, x)`)
 * issues one operation per result latency: on a core with two 4-cycle FMA
 * pipes it keeps one of eight slots busy.  The core overlaps independent
 * chains only as far as its out-of-order window reaches, so what matters
 * is how many chains the instruction order puts side by side.  The
 * figures below are those of current x86-64 cores (Zen 4/5, Ice Lake and
 * later): FMA and floating-point arithmetic 4 cycles of latency at two
 * per cycle, integer vector multiplies about 4 (Zen: 3, Intel: 10) at two
 * per cycle (Zen 5; one on Intel, where the figure unrolls more than
 * needed, which costs registers, not time), loads 5; they rank code
 * shapes, they do not predict cycles. */
#ifndef KILN_COMPILER_CHAINS_H
#define KILN_COMPILER_CHAINS_H

#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Instruction.h>

#include <map>
#include <vector>

namespace kiln {

/* How many instructions the out-of-order core overlaps: a loop body this
 * long runs one iteration at a time, a shorter one overlaps iterations. */
inline constexpr unsigned CHAIN_WINDOW = 192;

/* Cycles from an instruction's operands to its result. */
unsigned chain_latency(const llvm::Instruction &i);

/* Cycles of issue an instruction takes on the units that run it (half a
 * cycle for an operation two pipes run, one for one pipe). */
double chain_issue(const llvm::Instruction &i);

/* Whether i takes part in the cost model: not a phi, terminator or debug
 * record (those stay where they are). */
bool chain_movable(const llvm::Instruction &i);

/* The straight-line shape of a block: its movable instructions in order,
 * the cycles of their longest dependent path (from the block's phis and
 * values of other blocks, at 0), and the cycles of issue they take. */
struct chain_shape {
	std::vector<llvm::Instruction *> ins;
	unsigned critical = 0; /* cycles of the longest path */
	double issue = 0; /* cycles of issue, all units together */
	/* cycles of issue on the busiest class of units (vector pipes,
	 * load ports, store port, integer units), which issue side by
	 * side; a splat of a loaded scalar costs nothing beyond its load
	 * (an operand broadcast from memory) */
	double busiest = 0;
	size_t issued = 0; /* instructions that reach the machine: a splat
			    * of a load is one, with its load */
	/* for a block that branches to itself: cycles of the longest path
	 * from one of its phis to the value the phi takes next time round
	 * (a recurrence, which no unrolling shortens) */
	unsigned carried = 0;
};
chain_shape chain_shape_of(llvm::BasicBlock &bb);

/* Peaks of values live at once in `ins` (in that order), counting each
 * value defined in the list from its definition to its last use in the
 * list, or to the end when used elsewhere: those that take a vector
 * register (vectors and floating-point scalars), and integer scalars
 * other than i1 (which live in the flags) that die in the list.  A
 * block's scalar results for later blocks (addresses, counters, uniform
 * values) are live at its end in any order, so they count for no chain.
 * Loaded values are not counted (read again where used); with
 * fold_splats, neither is a splat of a loaded scalar that has one user,
 * which the back end folds into it as a broadcast operand. */
struct chain_peaks {
	unsigned vector = 0, scalar = 0;
};
chain_peaks chain_peak_values(const std::vector<llvm::Instruction *> &ins,
			      bool fold_splats = false);

} // namespace kiln

#endif
