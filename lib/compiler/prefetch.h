/* What kiln-prefetch-next and kiln-prefetch-groups share: the prefetch
 * call the loop vectorizer can widen, and how an address steps.
 *
 * A prefetch is a call of PREFETCH_FN.p<as> (internal.h): the loop
 * vectorizer turns llvm.prefetch into no vector form and refuses the loop,
 * but it calls a function's vector variant for VF work-items at once when
 * the call names one (LLVM's vector function ABI, as kiln-vector-variants
 * does for kernel-lib), and such a call does not stop it.  The variants,
 * PREFETCH_FN_VEC<VF>.p<as> taking <VF x ptr>, are declarations only:
 * kiln-lower-prefetch (lower_prefetch.cpp) makes both into llvm.prefetch
 * before code generation. */
#ifndef KILN_COMPILER_PREFETCH_H
#define KILN_COMPILER_PREFETCH_H

#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Instructions.h>

namespace kiln {

/* One cache line, in bytes: addresses a constant under it apart share
 * one prefetch. */
constexpr int64_t PREFETCH_LINE = 64;

/* How an address varies: `fixed` says that an expression does not vary,
 * `leaf` gives the step of one that varies and is not a sum, product or
 * cast (null where it varies otherwise). */
struct step_rule {
	llvm::function_ref<bool(const llvm::SCEV *)> fixed;
	llvm::function_ref<const llvm::SCEV *(const llvm::SCEV *)> leaf;
};

/* How much s grows for one step of what varies, where that does not vary
 * itself: carried through sums, products with fixed factors and
 * extensions (as if none wrapped: i32 index arithmetic sign-extended to
 * a pointer's width, an address `a + 4 * sext(i)`, is the usual case, and
 * a wrong guess costs only a useless prefetch); null where s varies
 * otherwise. */
const llvm::SCEV *step_of(const llvm::SCEV *s, const step_rule &rule,
			  llvm::ScalarEvolution &se);

/* Whether an address `at` is less than a line from one of `taken`. */
bool same_line(const llvm::SCEV *at, llvm::ArrayRef<const llvm::SCEV *> taken,
	       llvm::ScalarEvolution &se);

/* Adds, before `load`, a prefetch of its address plus `offset` bytes (an
 * integer of the pointer's index width). */
llvm::CallInst *prefetch_ahead(llvm::LoadInst *load, llvm::Value *offset);

} // namespace kiln

#endif
