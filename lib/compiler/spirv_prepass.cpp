/* SPIR-V words rewritten before the translator reads them (spirv.cpp),
 * for what SPIRV-LLVM-Translator 15 cannot read although Kiln supports it.
 * The module has passed the validator (spirv_validate.cpp): well formed,
 * ids defined once, types defined before use.
 *
 *  - OpConstantNull of a scalar integer, float or bool: the translator
 *    asserts that the type is a composite or a pointer (Debian builds it
 *    with assertions on), so such modules fail.  The SPIR-V spec defines
 *    the null value of a scalar as 0 (false for bool): it becomes
 *    OpConstant 0 (OpConstantFalse), which means the same.
 *
 *  - OpReadClockKHR (SPV_KHR_shader_clock, cl_khr_kernel_clock): translator
 *    15 rejects the extension.  Every scope reads the same counter in Kiln
 *    (kernel-lib/kernel_clock.cl), so each read becomes a call of an
 *    imported function __kiln_read_clock returning the 64-bit count (then
 *    an OpBitcast where the result is a 2-component 32-bit vector, whose
 *    first component is the low word, as SPV_KHR_shader_clock says); the
 *    extension and the ShaderClockKHR capability are dropped (also from a
 *    module that declares them without reading the clock: translator 15
 *    ends the process on the extension's name alone), Linkage is added if
 *    missing, and the function's type and declaration go just before the
 *    first function.
 *
 *  - OpBitcast between a pointer and an integer scalar (SPIR-V 1.0 on,
 *    with the Addresses capability) or an integer vector (SPIR-V 1.5,
 *    e.g. a 64-bit pointer and a uint2): the translator makes an LLVM
 *    bitcast of it, which is invalid IR between a pointer and an integer.
 *    It becomes OpConvertPtrToU / OpConvertUToPtr through an unsigned
 *    integer as wide as a pointer of the addressing model (64 bits with
 *    Physical64, 32 with Physical32), with an integer OpBitcast between
 *    that integer and a vector; the integer type (and Int64) are added if
 *    the module lacks them.  The bits are the same: SPIR-V's OpBitcast of a
 *    pointer is the pointer's address, a vector's first component being
 *    its low-order bits (little-endian, as every Kiln device is).  A
 *    pointer and an integer of another total width are refused with a log
 *    line (the spec asks for the same width).
 *
 *  - The Id (index, mask or delta) of OpGroupNonUniformBroadcast,
 *    OpGroupNonUniformBallotBitExtract and OpGroupNonUniformShuffle,
 *    ShuffleXor, ShuffleUp and ShuffleDown may be an unsigned integer of
 *    any width; the translator names the OpenCL C built-in after its type
 *    (sub_group_non_uniform_broadcast(uint, ulong) for a 64-bit one),
 *    while the built-ins take a uint.  An Id of another width than 32 is
 *    converted to 32 bits (OpUConvert) first: an index past 2^32 - 1 is
 *    outside every sub-group, whose result the spec leaves undefined.
 *    Since SPIR-V 1.5 the broadcast's Id need not be a constant (only
 *    dynamically uniform); Kiln's built-in takes it at run time either
 *    way (kernel-lib/subgroups_ballot.cl), so nothing else changes.
 *
 *  - The SPIR-V 1.4 instructions translator 15 does not decode: OpPtrEqual
 *    and OpPtrNotEqual compare the two addresses (OpConvertPtrToU) as
 *    integers; OpPtrDiff divides their difference by the size of the
 *    pointee (OpenCL C layout: module_info::layout) with OpSDiv;
 *    OpCopyLogical copies member by member (OpCompositeExtract, then
 *    OpCompositeConstruct, recursively); OpDecorateString and
 *    OpMemberDecorateString become OpDecorate and OpMemberDecorate (the
 *    same operands), except UserSemantic strings, which go: they say
 *    nothing the program's behaviour depends on, and the translator
 *    crashes on one that decorates a built-in variable.
 *
 *  - OpCopyMemory, on which the translator asserts in every form (it looks
 *    for a size operand): an OpLoad of the source's pointee type and an
 *    OpStore, with the source's and the target's memory operands.
 *    OpCopyMemorySized with two sets of memory operands (1.4), on which it
 *    asserts too: one set that holds for both accesses (Volatile if either
 *    is, Nontemporal if both are, Aligned to the smaller alignment if both
 *    are aligned).
 *
 *  - OpVectorShuffle of two vectors of different lengths (valid SPIR-V;
 *    the translator asserts they are the same): the shorter is widened
 *    first by a shuffle of itself, and the indices into the second vector
 *    moved to match.
 *
 *  - SPIR-V 1.5 modules: the translator ends the process on a version word
 *    above 1.4.  What 1.5 adds that an OpenCL (Kernel) module can use is
 *    the pointer/vector bitcast and the run-time broadcast Id above (the
 *    capabilities it made core are Vulkan's, refused by the validator), so
 *    once those are rewritten the module is stamped 1.4.
 *
 * New ids come after the module's id bound, which grows to cover them; new
 * capabilities go after the first one, new integer types at the head of
 * the types section, new constants and vector types after the module's
 * own (before the first function).
 * Anything the module does not use is left alone: a module without these
 * instructions comes back word for word.
 *
 * The rewrites live in spirv_rewrite_*.cpp, on the kit of
 * spirv_rewrite.h; this file reads the module, runs them in order and
 * writes it back. */
#include "compiler/spirv_prepass.h"
#include "compiler/spirv_rewrite.h"

namespace kiln {

using namespace spirv_rw;

bool spirv_prepass(const void *il, size_t size, std::vector<uint32_t> &out,
		   std::string &log)
{
	const uint32_t *in = static_cast<const uint32_t *>(il);
	size_t n = size / 4;
	std::vector<insn> code;
	for (size_t at = 5; at < n;) {
		uint32_t count = in[at] >> 16;
		if (count == 0 || at + count > n) {
			log += "error: SPIR-V: an instruction runs past the end of the module\n";
			return false;
		}
		code.push_back({in[at] & 0xffff, std::vector<uint32_t>(in + at, in + at + count)});
		at += count;
	}

	module_info m(code);
	rewriter r(std::move(code), in[3], m);
	rewrite_scalar_nulls(r, m);
	drop_shader_clock(r);
	if (!rewrite_clock_reads(r, m, log) || !rewrite_pointer_bitcasts(r, m, log))
		return false;
	rewrite_subgroup_ids(r, m);
	rewrite_decorate_strings(r);
	rewrite_copy_memory(r, m);
	rewrite_vector_shuffles(r, m);
	if (!rewrite_pointer_comparisons(r, m, log) || !rewrite_copy_logical(r, m, log))
		return false;

	bool v15 = in[1] == Version15;
	if (!r.changed && !v15) {
		out.assign(in, in + n);
		return true;
	}
	out.assign(in, in + 5);
	if (v15)
		out[1] = Version14;
	out[3] = r.bound();
	for (const insn &i : r.assemble())
		out.insert(out.end(), i.w.begin(), i.w.end());
	return true;
}

} // namespace kiln
