/* Loops that synchronise work-items through memory: any atomic operation
 * or fence inside (atomicrmw, cmpxchg, atomic load/store, fence; what
 * kernel-lib's C11 and 1.x atomics and flags become after inlining).
 *
 * kiln-converge-loops and kiln-loop-barriers run the work-items of a group
 * through such a loop in lock step, an implicit barrier per iteration.  For
 * a spin lock taken one work-item at a time (`while
 * (atomic_flag_test_and_set(&l)) ;  ...  atomic_flag_clear(&l);`) that
 * deadlocks: the holder waits at the implicit barrier for the others,
 * which wait for the lock.  Run one work-item at a time, as written, the
 * loop finishes; and atomics do not vectorize anyway, so leaving these
 * loops alone costs no speed. */
#include "compiler/internal.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Instruction.h>

namespace kiln {

bool synchronises_through_memory(const llvm::Loop *l)
{
	for (llvm::BasicBlock *bb : l->blocks())
		for (llvm::Instruction &i : *bb)
			if (i.isAtomic())
				return true;
	return false;
}

} // namespace kiln
