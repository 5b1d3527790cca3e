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
 * into ones it can (scalar OpConstantNull, OpReadClockKHR), into `out`;
 * the same words when there are none.  False, with a line in `log`, for a
 * malformed module. */
bool spirv_prepass(const void *il, size_t size, std::vector<uint32_t> &out,
		   std::string &log);

} // namespace kiln

#endif
