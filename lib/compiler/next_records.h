/* The record of the region a work-item stopped at, inside a work-item loop.
 *
 * kiln-context (context.cpp) has every work-item store the id of the
 * region it returns to into its word of the next-region row; those stores
 * are marked !kiln.next.  Under the OpenCL 3.0 rule every work-item of a
 * group stops at the same barrier, so the work-group function reads work-
 * item 0's word only (workgroup.cpp).  A pass that drops iterations of a
 * work-item loop (kiln-guard-split, kiln-single-item) may then drop their
 * records too, provided the loop's first iteration's record is stored: this
 * file finds such stores and makes that one store before the loop. */
#ifndef KILN_COMPILER_NEXT_RECORDS_H
#define KILN_COMPILER_NEXT_RECORDS_H

#include <llvm/ADT/SmallVector.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

namespace kiln {

/* The name of the alias scope kiln-alias-scopes gives the next-region row.
 * InstCombine, merging the stores of two paths into one, keeps the alias
 * metadata and drops !kiln.next; the scope, which the inliner's copies
 * keep by name, still says what the store is. */
#define NEXT_RECORD_SCOPE "kiln.next"

/* Whether st records the region a work-item stopped at: it carries
 * !kiln.next, or its alias scopes are that row's. */
bool is_next_record(const llvm::StoreInst *st);

/* The !kiln.next stores of a loop's header and latch, each with its
 * address in the loop's first iteration. */
struct next_records {
	llvm::SmallVector<llvm::StoreInst *, 2> stores;
	llvm::SmallVector<const llvm::SCEV *, 2> first;
};

/* Whether bb, a block of loop l, does nothing in an iteration but compute
 * values and store the record of the region the work-item stopped at: a
 * simple store of a loop-invariant region id that is_next_record knows.  Each such store
 * is added to r (its address is found by find_first_records). */
bool only_next_records(const llvm::Loop *l, llvm::BasicBlock *bb, next_records &r);

/* Fills r.first: each store's address in l's first iteration (the start of
 * an affine recurrence of l, or an invariant address).  False when an
 * address is neither. */
bool find_first_records(const llvm::Loop *l, llvm::ScalarEvolution &se, next_records &r);

/* Stores the first iteration's records before `at` (in l's preheader, or
 * a block that dominates every way into the loop and around it). */
void store_first_records(llvm::SCEVExpander &ex, const next_records &r, llvm::Instruction *at);

} // namespace kiln

#endif
