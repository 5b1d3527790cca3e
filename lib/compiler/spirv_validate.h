/* SPIR-V checked before anything reads it (spirv_validate.cpp). */
#ifndef KILN_COMPILER_SPIRV_VALIDATE_H
#define KILN_COMPILER_SPIRV_VALIDATE_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace kiln {

/* Whether `il` (size bytes) is a SPIR-V 1.0-1.5 module that
 * SPIRV-LLVM-Translator 15 can be given without risk to the process once
 * the pre-pass (spirv_prepass.cpp) has rewritten it (1.5 modules only
 * then, stamped 1.4): well
 * formed (header, word counts, the logical layout of SPIR-V §2.4, ids
 * defined once and before use where §2.4 asks it, every id used defined),
 * with sizes in range and only the extended instruction sets, extensions
 * and instructions the translator reads.  False with one "error: SPIR-V:
 * ..." line in `log` naming the first problem and its word offset.
 * Time and memory are linear in `size`. */
bool spirv_validate(const void *il, size_t size, std::string &log);

/* Whether instruction `op` (one the validator takes) has a result type and
 * a result id as its first two operands. */
bool spirv_has_result_type(uint32_t op);

} // namespace kiln

#endif
