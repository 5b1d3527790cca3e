/* SPIR-V rewritten before the translator reads it (spirv_prepass.cpp). */
#ifndef KILN_COMPILER_SPIRV_PREPASS_H
#define KILN_COMPILER_SPIRV_PREPASS_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kiln {

/* `il` (size bytes, a whole number of words with a checked header) with
 * the instructions translator 15 cannot read but Kiln supports rewritten
 * into ones it can (scalar OpConstantNull, OpReadClockKHR, pointer/integer
 * OpBitcast, sub-group Ids of other widths than 32 bits, the SPIR-V 1.4
 * instructions it lacks, OpCopyMemory, shuffles of vectors of different
 * lengths) and a SPIR-V 1.5 module stamped 1.4, into `out`; the same
 * words when there is nothing to rewrite.  False, with a line in `log`,
 * for a module it cannot rewrite. */
bool spirv_prepass(const void *il, size_t size, std::vector<uint32_t> &out,
		   std::string &log);

} // namespace kiln

#endif
